/*
 * Grading: the step a scene shows, the sub-step and the call a question's
 * value comes from on the trace, the facts of has_zero's flags, and build
 * questions proven or refuted.  The answer itself (with its options, its
 * hint and its worked answer) is worked.c's; reading what the class typed
 * is typed.c's; what a wrong answer would have meant is wrong.c's.
 * Lowest of the files that read a trace: it calls only public headers, and
 * lends what grade.h declares to worked.c, wrong.c and check.c.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/cost.h"
#include "lesson/lesson.h"
#include "prove/prove.h"
#include "try/try.h"
#include "watviz/wat.h"
#include "trace/word.h"
#include "watviz/wordops.h"

#include "internal.h"

/* ---- the step a scene shows ---------------------------------------------- */

static const struct wv_step *shown_step(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *found = NULL;

	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];

		if (st->kind != s->show)
			continue;
		if (s->show_word_set ? st->word == s->show_word : true)
			found = st;	/* default: the last such step */
		if (s->show_word_set && found)
			break;
	}
	return found;
}

/*
 * The sub-step of st that computes its result: the last one (not a test)
 * whose last result row holds it, a note only when nothing else does.
 */
size_t ls_result_sub(const struct wv_step *st, const struct wv_trace *t)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = st->first + st->nsub; k-- > st->first;) {
			const struct wv_substep *sub = &t->subs[k];

			if (sub->op == WV_OP_TEST || (pass == 0 && sub->op == WV_OP_NOTE))
				continue;
			for (unsigned r = sub->nrows; r-- > 0;)
				if (sub->rows[r].kind == WV_ROW_RESULT) {
					if (sub->rows[r].value == st->result)
						return k;
					break;
				}
		}
	return t->nsubs;
}

size_t wv_lesson_shown_sub(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *st = shown_step(s, t);

	if (!st)
		return t->nsubs;
	if (s->show_result)
		return ls_result_sub(st, t);
	if (s->show_ops) {	/* the first (or with "last" the last) doing it */
		for (size_t i = 0; i < st->nsub; i++) {
			size_t k = s->show_last ? st->first + st->nsub - 1 - i : st->first + i;

			if (s->show_ops & (1u << t->subs[k].op))
				return k;
		}
		return t->nsubs;
	}
	if (s->show_last)
		return st->nsub ? st->first + st->nsub - 1 : t->nsubs;
	if (s->show_sub >= st->nsub)
		return t->nsubs;
	return st->first + s->show_sub;
}

/* The step an asked value is the result of (or a count over), or -1. */
static int asked_step(enum wv_ask ask)
{
	return (unsigned)ask < NASKS ? ls_asks[ask].step : -1;
}

size_t wv_lesson_quiz_sub(const struct wv_scene *s, const struct wv_trace *t)
{
	size_t shown = wv_lesson_shown_sub(s, t), k, q;
	const struct wv_step *st = shown_step(s, t);
	int kind = asked_step(s->q.ask);

	if (s->q.ask == WV_ASK_HAS_ZERO_OPS)
		return t->nsubs;	/* the variant's count: in no row */
	if (!st || shown >= t->nsubs || kind < 0)
		return shown;
	k = wv_trace_find(t, (enum wv_step_kind)kind, st->word);
	/* a word without pre-start bytes: a is the word as loaded */
	if (k >= t->nsubs && kind == WV_STEP_PRESTART)
		k = wv_trace_find(t, WV_STEP_LOAD, st->word);
	if (k >= t->nsubs)
		return shown;
	q = ls_result_sub(&t->steps[t->subs[k].step], t);
	if (q >= t->nsubs)
		q = k;
	return q < shown ? q : shown;
}

/* ---- answers ------------------------------------------------------------- */

/* The word the scene shows (the stop word unless "show: X word N"). */
size_t ls_shown_word(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *st = shown_step(s, t);

	return st ? st->word : t->nwords - 1;
}


static void add_index(char *list, size_t size, unsigned i)
{
	size_t n = strlen(list);

	snprintf(list + n, size - n, "%s%u", n ? ", " : "", i);
}

void ls_flag_facts(const struct wv_trace *t, const struct wv_word *wd,
		   struct flag_facts *f)
{
	unsigned nb = t->word_bytes;
	bool bitmap = t->v->hz_kind == WV_HZ_CMPBGE;
	int top_r = -1;

	*f = (struct flag_facts){ .top_mem = nb };
	for (unsigned m = 0; m < nb; m++) {
		/* alpha's bitmap has bit m for memory byte m; the rest a byte */
		unsigned r = bitmap ? m : wv_wat_byte_index(t->v, m);
		bool flag = bitmap ? (wd->has_zero >> m) & 1 : (wd->has_zero >> 8 * r) & 0xff;
		unsigned byte = t->img.mem[wd->address + m];

		if (m < t->in.offset && wd->address == 0)
			byte = 0xff;	/* forced before the start */
		if (!flag)
			continue;
		add_index(f->flagged, sizeof(f->flagged), m);
		f->mem |= 1u << m;
		if (byte != 0) {
			f->nfalse++;
			add_index(f->falsep, sizeof(f->falsep), m);
		}
		/* the top flag: the most significant register position */
		if ((int)r > top_r) {
			top_r = (int)r;
			f->top_mem = m;
		}
	}
}

void wv_lesson_format(const struct wv_answer *a, uint64_t v, char *buf, size_t size)
{
	if (a->width)
		snprintf(buf, size, "0x%0*llx", (int)(a->width / 4), (unsigned long long)v);
	else
		snprintf(buf, size, "%llu", (unsigned long long)v);
}

const struct wv_step *ls_step_on(const struct wv_trace *t, enum wv_step_kind k, size_t w)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (t->steps[i].kind == k && t->steps[i].word == w)
			return &t->steps[i];
	return NULL;
}

/* The rule a sub-step follows, as a nudge: "a bit is 1 only where ...". */
static const char *op_rule(const struct wv_trace *t, enum wv_op op)
{
	switch (op) {
	case WV_OP_LOAD:
		return t->v->endian == WV_LITTLE ? "memory byte 0 goes to the lowest byte "
		       "of the register" : "memory byte 0 goes to the top byte of the "
		       "register";
	case WV_OP_OR: return "a bit is 1 where any row above has a 1";
	case WV_OP_AND: return "a bit is 1 only where every row above has a 1";
	case WV_OP_XOR: return "a bit is 1 where the two rows differ";
	case WV_OP_NOT: return "every bit flips";
	case WV_OP_SUB: return "subtract from the right, each borrow running left "
			       "across the bytes";
	case WV_OP_ADD: return "add from the right, each carry moving one bit left "
			       "across the bytes";
	case WV_OP_MUL: return "the product is the sum of the multiplicand shifted "
			       "left by each set bit of the constant";
	case WV_OP_SHR: return "every bit moves right by the shift; the low ones "
			       "fall off";
	case WV_OP_SHL: return "every bit moves left by the shift; the top ones "
			       "fall off";
	case WV_OP_CLZ: return "count the 0 bits above the top set bit";
	case WV_OP_CTZ: return "count the 0 bits below the lowest set bit, from bit 0";
	case WV_OP_POPCOUNT: return "count the set bits";
	case WV_OP_CMPB: return "a byte is all ones where the two operands' bytes are "
				"equal, all zeros elsewhere";
	case WV_OP_CMPBGE: return "bit i is 1 where byte i of the first operand is at "
				  "least byte i of the second";
	default: return "work it out from the rows above the result";
	}
}

/* The first row of sub-step k of kind, a number (width 0) or a word; NULL. */
const struct wv_row *ls_row_of(const struct wv_trace *t, size_t k, enum wv_row_kind kind,
			       bool number)
{
	if (k >= t->nsubs)
		return NULL;
	for (unsigned r = 0; r < t->subs[k].nrows; r++) {
		const struct wv_row *row = &t->subs[k].rows[r];

		if (row->kind == kind && (row->width == 0) == number)
			return row;
	}
	return NULL;
}

/* The last result row of sub-step k, or NULL. */
const struct wv_row *ls_result_row(const struct wv_trace *t, size_t k)
{
	if (k >= t->nsubs)
		return NULL;
	for (unsigned r = t->subs[k].nrows; r-- > 0;)
		if (t->subs[k].rows[r].kind == WV_ROW_RESULT)
			return &t->subs[k].rows[r];
	return NULL;
}

/*
 * The rule sub-step k follows: its operation's, or for a count of bits what
 * its result is of its word (a clz sub-step may give fls or __fls).
 */
const char *ls_sub_rule(const struct wv_trace *t, size_t k)
{
	const struct wv_row *x = ls_row_of(t, k, WV_ROW_INPUT, false), *res = ls_result_row(t, k);

	if (k >= t->nsubs)
		return op_rule(t, WV_OP_NOTE);
	if (t->subs[k].op == WV_OP_CLZ && x && res && x->value &&
	    res->value != wv_clz(x->value, t->v->bits)) {
		if (res->value == wv_fls(x->value, t->v->bits))
			return "fls gives the top set bit's position, counting bit 0 as 1";
		if (res->value == wv___fls(x->value, t->v->bits))
			return "__fls gives the top set bit's index, counting from bit 0";
	}
	return op_rule(t, t->subs[k].op);
}

const struct wv_step *ls_asked_call(const struct wv_scene *s, const struct wv_trace *t)
{
	size_t w = ls_shown_word(s, t), last = t->nwords - 1;

	switch (s->q.ask) {
	case WV_ASK_LOADED:
		return ls_step_on(t, WV_STEP_LOAD, w);
	case WV_ASK_VALUE:
		return ls_step_on(t, w == 0 && t->in.offset ? WV_STEP_PRESTART
				  : WV_STEP_LOAD, w);
	case WV_ASK_HAS_ZERO:
	case WV_ASK_DATA:
	case WV_ASK_FALSE_POS:
	case WV_ASK_TOP_FLAG:
	case WV_ASK_HAS_ZERO_OPS:
		return ls_step_on(t, WV_STEP_HAS_ZERO, w);
	case WV_ASK_DELIM_VALUE:
	case WV_ASK_DELIM_HAS_ZERO:
		return ls_step_on(t, WV_STEP_DELIM_HAS_ZERO, w);
	case WV_ASK_PREP:
		return ls_step_on(t, WV_STEP_PREP, last);
	case WV_ASK_CREATE:
		return ls_step_on(t, WV_STEP_CREATE, last);
	case WV_ASK_FIND:
	case WV_ASK_LENGTH:
		return ls_step_on(t, WV_STEP_FIND, last);
	case WV_ASK_ZBM:
		return ls_step_on(t, WV_STEP_ZBM, last);
	default:
		return NULL;
	}
}

/* ---- build questions: a formula, proven or refuted --------------------- */

int wv_lesson_check_build(const struct wv_scene *s, const struct wv_variant *v,
			  const char *typed, char *why, size_t size)
{
	struct wv_try *t = malloc(sizeof(*t));
	struct wv_error e;
	struct wv_proof pr;
	int rc;

	if (!t) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	if (wv_try_parse(t, typed, v, (enum wv_try_as)s->q.build_as, &e) < 0) {
		snprintf(why, size, "column %d: %s", e.col, e.msg);
		free(t);
		return -1;
	}
	rc = wv_prove(&t->e, &pr);
	if (rc < 0) {
		snprintf(why, size, "the check could not run (error %d)", rc);
		free(t);
		return -1;
	}
	if (pr.holds) {
		snprintf(why, size, "%s for every word%s", pr.is_proof ? "proven" :
			 "no counterexample found", pr.is_proof ? "" : " tried (sampled: "
			 "not a proof)");
		free(t);
		return 1;
	}
	/* what it does on the smallest word where it is wrong */
	uint64_t got = 0, want = 0;
	uint64_t *vals = malloc(t->e.n * sizeof(*vals));

	if (vals) {
		wv_expr_eval(&t->e, pr.cex, vals);
		got = vals[t->user];
		want = vals[t->want];
		free(vals);
	}
	snprintf(why, size, "wrong for a = 0x%0*llx: it gives 0x%llx where %s %s",
		 (int)v->bits / 4, (unsigned long long)pr.cex, (unsigned long long)got,
		 s->q.build_as == WV_AS_HAS_ZERO ? (want ? "a byte is zero, so non-zero "
		 "is right" : "no byte is zero, so 0 is right")
		 : s->q.build_as == WV_AS_EXACT ? "the exact mask is" : "the first "
		 "zero's index is", s->q.build_as == WV_AS_HAS_ZERO ? "" : "");
	if (s->q.build_as != WV_AS_HAS_ZERO)
		snprintf(why + strlen(why), size - strlen(why), " 0x%llx",
			 (unsigned long long)want);
	free(t);
	return 0;
}
