/*
 * --try: a student's formula checked for every word, drawn on their word and,
 * when it is wrong, on the smallest word where it fails.  The steps go
 * through the plain renderer's sub-step layout, so they look like the
 * kernel's own; --json gives the verdict for a program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cli/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/json.h"
#include "render/plain.h"
#include "prove/prove.h"
#include "app/state.h"
#include "try/try.h"

/* Is c shown as \xHH: a control byte (C0 or DEL)? */
static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/*
 * Display column of byte column col of s: UTF-8 continuation bytes take
 * none, a control byte the four of its \xHH.
 */
static int display_col(const char *s, int col)
{
	int d = 0;

	for (int i = 0; i < col - 1 && s[i]; i++)
		if (is_control((unsigned char)s[i]))
			d += 4;
		else if (((unsigned char)s[i] & 0xc0) != 0x80)
			d++;
	return d + 1;
}

/*
 * The bad word (a control byte shown as \xHH, so what is there can be read
 * and typed again) and a caret under column col.  A long word is cut to
 * about 60 bytes around the column, with "...".
 */
void wv_cli_caret(FILE *f, const char *s, int col)
{
	int len = (int)strlen(s), from = 0, to = len;

	if (len > 64) {
		from = col - 30 > 0 ? col - 30 : 0;
		to = from + 60 < len ? from + 60 : len;
		while (from > 0 && ((unsigned char)s[from] & 0xc0) == 0x80)
			from--;	/* do not start inside a UTF-8 sequence */
		while (to < len && ((unsigned char)s[to] & 0xc0) == 0x80)
			to++;
	}
	fputs(from ? "  ..." : "  ", f);
	for (int i = from; i < to; i++)
		if (is_control((unsigned char)s[i]))
			fprintf(f, "\\x%02x", (unsigned char)s[i]);
		else
			fputc(s[i], f);
	fprintf(f, "%s\n  %*s^\n", to < len ? "..." : "",
		(from ? 3 : 0) + display_col(s + from, col - from) - 1, "");
}

static const char *verdict_name(const struct wv_proof *p)
{
	return p->gave_up ? "gave_up" : !p->holds ? "refuted"
	       : p->is_proof ? "proven" : "not_refuted";
}

static void try_json(FILE *f, const struct wv_cli *c, const struct wv_try *t,
		     const struct wv_proof *p, uint64_t a)
{
	const struct wv_variant *v = c->v;
	uint64_t val[WV_EXPR_NODES];

	fputs("{\"arch\":", f);
	wv_json_string(f, v->name);
	fprintf(f, ",\"word_bits\":%u,\"as\":\"%s\",\"formula\":", v->bits,
		wv_try_as_name(t->as));
	wv_json_string(f, c->try_src);
	fprintf(f, ",\"verdict\":\"%s\",\"proof\":%s,\"method\":\"%s\","
		"\"words_checked\":%llu,\"work\":%llu,\"work_budget\":%llu,"
		"\"seconds\":%.6f,\"word\":",
		verdict_name(p), p->is_proof && !p->gave_up ? "true" : "false", p->method,
		(unsigned long long)p->checked, (unsigned long long)p->work,
		(unsigned long long)p->budget, p->seconds);
	wv_json_word(f, a, v->bits);
	wv_expr_eval(&t->e, a, val);
	fputs(",\"result\":", f);
	wv_json_word(f, val[t->user], v->bits);
	fprintf(f, ",\"right\":%s,\"counterexample\":", val[t->claim] ? "true" : "false");
	if (p->holds || p->gave_up) {
		fputs("null}\n", f);
		return;
	}
	wv_expr_eval(&t->e, p->cex, val);
	fputs("{\"word\":", f);
	wv_json_word(f, p->cex, v->bits);
	fputs(",\"memory\":[", f);
	for (unsigned i = 0; i < v->bits / 8; i++)
		fprintf(f, "%s%u", i ? "," : "",
			wv_wat_mem_byte(v, p->cex, i));
	fputs("],\"result\":", f);
	wv_json_word(f, val[t->user], v->bits);
	fputs(",\"want\":", f);
	wv_json_word(f, val[t->want], v->bits);
	fprintf(f, ",\"smallest\":%s}}\n", p->smallest ? "true" : "false");
}

/* The formula's steps on the word a; -ENOMEM or a failed write's -errno. */
static int steps(FILE *f, const struct wv_try *t, const struct wv_variant *v,
		 uint64_t a, const struct wv_plain_opts *po)
{
	struct wv_trace tr;
	int e, err = wv_try_trace(t, v, a, &tr);

	for (size_t k = 0; !err && k < tr.nsubs; k++)
		err = wv_plain_substep(f, &tr, k, po);
	wv_trace_free(&tr);
	if (err == -EIO && (e = wv_file_error(f)) < 0)
		err = e;	/* why the write failed (ENOSPC, EBADF) */
	return err;
}

static const char *const as_text[] = {
	[WV_AS_HAS_ZERO] = "has_zero: non-zero exactly when a byte of a is zero",
	[WV_AS_EXACT] = "exact: 0x80 in exactly the zero bytes of a, 0 elsewhere",
	[WV_AS_FIND_ZERO] = "find_zero: the memory index of the first zero byte, "
			    "from mask = the variant's create_zero_mask output",
};

/* What the formula should have given, in words. */
static void want_text(FILE *f, const struct wv_try *t, uint64_t want, unsigned w)
{
	if (t->as == WV_AS_HAS_ZERO)
		fputs(want ? "non-zero (a byte is zero)" : "0 (no byte is zero)", f);
	else if (t->as == WV_AS_EXACT)
		fprintf(f, "0x%0*llx", (int)w / 4, (unsigned long long)want);
	else
		fprintf(f, "%llu", (unsigned long long)want);
}

/*
 * The formula on the word a, step by step: printed and flushed before the
 * solver starts, so it shows while the solver works (and a test can see
 * that the solver has started).
 */
static int try_plain_word(FILE *f, const struct wv_cli *c, const struct wv_try *t,
			  uint64_t a, const char *word_src)
{
	const struct wv_variant *v = c->v;
	struct wv_plain_opts po = { .color = wv_plain_want_color(f, c->color) };
	int err;

	fprintf(f, "--try on %s: %u-bit %s-endian\n  formula: %s\n  --as %s\n",
		v->name, v->bits, v->endian == WV_LITTLE ? "little" : "big",
		c->try_src, as_text[t->as]);
	fprintf(f, "\non the word \"%s\": a = 0x%0*llx\n", word_src, (int)v->bits / 4,
		(unsigned long long)a);
	if ((err = steps(f, t, v, a, &po)) != 0)
		return err;
	return wv_file_error(f);
}

/* The verdict, and the formula on the counterexample when there is one. */
static int try_plain_verdict(FILE *f, const struct wv_cli *c, const struct wv_try *t,
			     const struct wv_proof *p)
{
	const struct wv_variant *v = c->v;
	struct wv_plain_opts po = { .color = wv_plain_want_color(f, c->color) };
	uint64_t val[WV_EXPR_NODES];
	int err;

	fputs("\nverdict: ", f);
	if (p->gave_up) {
		fprintf(f, "GAVE UP after %llu units of work, the SMT solver's budget "
			"(Z3's own\n  count of its work, not seconds: the same on every "
			"machine).\n  This is neither a proof nor a refutation: the formula "
			"may be right or wrong.\n  A bigger budget: WATVIZ_PROVE_WORK=N "
			"(the default is %llu).\n", (unsigned long long)p->work,
			(unsigned long long)WV_PROVE_WORK);
		return wv_file_error(f);
	}
	if (p->holds && p->is_proof) {
		if (strcmp(p->method, "z3") == 0)
			fprintf(f, "PROVEN for all 2^%u words (by the SMT solver Z3).\n",
				v->bits);
		else
			fprintf(f, "PROVEN for all 2^%u words: every one was tried "
				"(no SMT solver:\n  %s).\n", v->bits, wv_prove_solver_missing());
		return wv_file_error(f);
	}
	if (p->holds) {
		fprintf(f, "no counterexample among %llu words tried (every word "
			"with at most two non-zero bytes, the critical-byte set, random "
			"words).\n  This is NOT a proof: the SMT solver Z3 would prove it "
			"for all 2^%u words, but\n  %s.\n",
			(unsigned long long)p->checked, v->bits, wv_prove_solver_missing());
		return wv_file_error(f);
	}
	wv_expr_eval(&t->e, p->cex, val);
	if (!p->smallest)
		fprintf(f, "WRONG.  A counterexample (NOT known to be the smallest: the "
			"solver's\n  budget of %llu units of work ran out while it looked "
			"for a smaller one) is\n",
			(unsigned long long)p->budget);
	else
		fprintf(f, "WRONG.  The smallest counterexample%s is\n", p->is_proof ? ""
			: " among the words tried (NOT a proof that none is smaller: no "
			"SMT solver in this build)");
	fprintf(f, "  a = 0x%0*llx  (memory", (int)v->bits / 4, (unsigned long long)p->cex);
	for (unsigned i = 0; i < v->bits / 8; i++)
		fprintf(f, " %02x", wv_wat_mem_byte(v, p->cex, i));
	fprintf(f, "):\n  the formula gives 0x%llx, it should be ",
		(unsigned long long)val[t->user]);
	want_text(f, t, val[t->want], v->bits);
	fputs(".\n\nthe formula on that word, step by step:\n", f);
	if ((err = steps(f, t, v, p->cex, &po)) != 0)
		return err;
	return wv_file_error(f);
}

int wv_cli_try(const struct wv_cli *c, uint64_t a, const char *word_src)
{
	uint64_t work;
	struct wv_try *t = malloc(sizeof(*t));
	struct wv_proof p;
	struct wv_error e;
	int err;

	if (!t) {
		fprintf(stderr, "watviz: out of memory\n");
		return 1;
	}
	if (wv_try_parse(t, c->try_src, c->v, (enum wv_try_as)c->as, &e) < 0) {
		fprintf(stderr, "watviz: --try, column %d: %s\n", e.col, e.msg);
		wv_cli_caret(stderr, c->try_src, e.col);
		free(t);
		return 2;
	}
	if (wv_prove_work(&work) < 0) {
		fprintf(stderr, "watviz: WATVIZ_PROVE_WORK=%s: give the solver's budget as "
			"a whole number of work units from 1 to %lu, or unset it (the "
			"default is %llu)\n", getenv("WATVIZ_PROVE_WORK"),
			(unsigned long)WV_PROVE_WORK_MAX, (unsigned long long)WV_PROVE_WORK);
		free(t);
		return 2;
	}
	if (c->mode != WV_MODE_JSON && (err = try_plain_word(stdout, c, t, a, word_src)) != 0)
		goto out_write;
	err = wv_prove_have_solver() ? wv_prove_solve_within(&t->e, work, &p)
				     : wv_prove_enumerate(&t->e, false, &p);
	if (err == -EIO && p.gave_up)
		err = 0;	/* a verdict of its own */
	if (err) {
		fprintf(stderr, "watviz: cannot check the formula: %s\n",
			err == -EIO ? "the solver gave up" : strerror(-err));
		free(t);
		return 1;
	}
	if (c->mode == WV_MODE_JSON) {
		try_json(stdout, c, t, &p, a);
		err = wv_file_error(stdout);
	} else {
		err = try_plain_verdict(stdout, c, t, &p);
	}
out_write:
	free(t);
	if (err || (err = wv_file_error(stdout)) != 0) {
		fprintf(stderr, "watviz: cannot write the output: %s\n", strerror(-err));
		return 1;
	}
	return 0;
}
