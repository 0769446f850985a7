/*
 * The step engine: the core's scan record turned into steps and sub-steps a
 * teacher would draw (see trace/trace.h for the model), and its public
 * queries.
 *
 * Values: every word value, has_zero, data, prep, create, find and
 * zero_bytemask come from struct wv_word / struct wv_scan (wv_wat_scan) or
 * from the variant's function pointers.  Sub-step intermediates (a - ONES,
 * ~a, borrow and carry rows, partial products, counted bits) are built from
 * the helpers of watviz/wordops.h, and each chain of sub-steps is checked to
 * end at the core's value; a mismatch makes wv_trace_build fail with -EPROTO.
 *
 * wv_trace_build calls the per-call steps (steps.h) word by word, in the
 * kernel's order; the other functions here read a built trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steps.h"

static int validate(const struct wv_trace_in *in)
{
	if (!in->v || in->word_len > WV_WORD_MAX ||
	    in->offset >= wv_wat_bytes(in->v) || in->delim < -1 ||
	    in->delim > 0xff || (in->word_len && !in->word))
		return -EINVAL;
	return 0;
}

int wv_trace_build(struct wv_trace *t, const struct wv_trace_in *in)
{
	struct builder b = { .t = t };
	const struct wv_variant *v = in->v;
	int err = validate(in);
	size_t cap;

	memset(t, 0, sizeof(*t));
	if (err)
		return err;
	t->v = v;
	t->word_bytes = wv_wat_bytes(v);
	for (unsigned r = 0; r < t->word_bytes; r++)
		t->reg_to_mem[r] = wv_wat_byte_index(v, r);
	err = wv_word_image(&t->img, t->word_bytes, in->word, in->word_len,
			    in->offset, in->fill);
	if (err)
		return err;
	/* hash_name's unaligned loads start at the name and may run one word
	   past the image's last aligned word */
	if (in->page_end) {
		/* the unmapped page: no padding, loads run into it */
		err = wv_word_image_page(&t->img, in->page_end);
		if (err)
			goto out_free_trace;
	} else if (in->delim >= 0 && in->offset) {
		err = wv_word_image_pad(&t->img);
		if (err)
			goto out_free_trace;
	}
	t->in = *in;
	t->in.word = t->img.mem + in->offset;

	cap = wv_wat_scan_capacity(v, t->img.len);
	t->words = calloc(cap, sizeof(*t->words));
	if (!t->words) {
		err = -ENOMEM;
		goto out_free_trace;
	}
	err = wv_wat_scan_page(v, t->img.mem, t->img.len, t->img.page_end,
			       in->offset, in->delim, t->words, cap, &t->scan);
	if (err)
		goto out_free_trace;
	t->nwords = t->scan.nwords;
	wv_cost_of(v, &t->cost);
	t->answer = t->img.len;
	if (t->scan.found) {
		t->answer = t->words[t->nwords - 1].address + t->scan.find_zero;
		t->answer_is_delim = t->img.mem[t->answer] != 0;
	}

	for (b.word = 0; b.word < t->nwords; b.word++) {
		bool first = b.word == 0, hit = t->words[b.word].hit;

		tr_do_load(&b, in->delim >= 0);
		if (t->words[b.word].zeropad)
			tr_do_zeropad(&b);
		if (first && in->offset && in->delim < 0)
			tr_do_prestart(&b);
		tr_do_has_zero(&b, in->delim < 0);
		if (in->delim >= 0)
			tr_do_delim_has_zero(&b);
		if (hit) {
			tr_do_prep(&b);
			tr_do_create(&b);
			tr_do_find(&b);
			tr_do_zbm(&b);
		}
	}
	err = b.err;
	if (err)
		goto out_free_trace;
	return 0;

out_free_trace:
	wv_trace_free(t);
	return err;
}

int wv_trace_in_split(struct wv_trace_in *out, const struct wv_trace_in *in,
		      const struct wv_variant *v, char *why, size_t size)
{
	unsigned nb = wv_wat_bytes(v), first = wv_wat_bytes(in->v);

	if (size)
		why[0] = '\0';
	if (in->offset >= nb) {
		size_t at = in->offset - in->offset % nb;

		snprintf(why, size, "the string starts at %zu, past %s's first "
			 "%u-byte word: it would load memory %zu to %zu, not "
			 "drawn here; use an offset 0 to %u to split with it",
			 in->offset, v->name, nb, at, at + nb - 1, nb - 1);
		return -EINVAL;
	}
	if (in->page_end % nb != 0) {
		snprintf(why, size, "the page edge at %zu fits %s's %u-byte words, "
			 "not %s's %u-byte ones; put it at a multiple of %u or "
			 "leave it out", in->page_end, in->v->name, first, v->name,
			 nb, nb);
		return -EINVAL;
	}
	*out = *in;
	out->v = v;
	return 0;
}

void wv_trace_free(struct wv_trace *t)
{
	wv_word_image_free(&t->img);
	free(t->words);
	free(t->steps);
	free(t->subs);
	memset(t, 0, sizeof(*t));
}

size_t wv_trace_func_move(const struct wv_trace *t, size_t k, int dir)
{
	size_t s;

	if (t->nsubs == 0)
		return 0;
	if (k >= t->nsubs)
		k = t->nsubs - 1;
	s = t->subs[k].step;
	if (dir > 0) {
		if (s + 1 < t->nsteps)
			s++;
	} else if (dir < 0) {
		if (k == t->steps[s].first && s > 0)
			s--;
	}
	return t->steps[s].first;
}

size_t wv_trace_find(const struct wv_trace *t, enum wv_step_kind kind,
		     size_t w)
{
	for (size_t s = 0; s < t->nsteps; s++)
		if (t->steps[s].kind == kind && t->steps[s].word == w)
			return t->steps[s].first;
	return t->nsubs;
}

/* Does sub-step k's last result row hold what its call returns? */
static bool gives_result(const struct wv_trace *t, size_t k)
{
	const struct wv_substep *sub = &t->subs[k];
	const struct wv_step *st = &t->steps[sub->step];

	for (unsigned r = sub->nrows; r-- > 0;)
		if (sub->rows[r].kind == WV_ROW_RESULT)
			return sub->rows[r].value == st->result &&
			       sub->rows[r].width == st->width;
	return false;
}

/* The sub-step of step st that gives its result (see wv_sub_means). */
static size_t result_sub(const struct wv_trace *t, const struct wv_step *st)
{
	size_t end = st->first + st->nsub, last = st->first;

	for (int pass = 0; pass < 2; pass++)	/* computing ones first */
		for (size_t k = st->first; k < end; k++) {
			enum wv_op op = t->subs[k].op;
			bool quiet = op == WV_OP_NOTE || op == WV_OP_TEST;

			if ((pass || !quiet) && gives_result(t, k))
				return k;
		}
	for (size_t k = st->first; k < end; k++)	/* none: the last computing */
		if (t->subs[k].op != WV_OP_NOTE && t->subs[k].op != WV_OP_TEST)
			last = k;
	return last;
}

static enum wv_sub_means means_of(const struct wv_trace *t, size_t k, size_t res)
{
	enum wv_op op = t->subs[k].op;

	if (k == res)
		return WV_MEANS_RESULT;
	if (op == WV_OP_NOTE)
		return WV_MEANS_NOTE;
	if (op == WV_OP_TEST)
		return WV_MEANS_TEST;
	if (k > res)
		return WV_MEANS_USE;
	switch (op) {
	case WV_OP_LOAD:
		return WV_MEANS_LOAD;
	case WV_OP_SUB:
	case WV_OP_ADD:
	case WV_OP_MUL:
		return WV_MEANS_ARITH;
	case WV_OP_NOT:
		return WV_MEANS_NOT;
	case WV_OP_SHR:
	case WV_OP_SHL:
		return WV_MEANS_SHIFT;
	case WV_OP_CLZ:
	case WV_OP_CTZ:
	case WV_OP_POPCOUNT:
	case WV_OP_CMPB:
	case WV_OP_CMPBGE:
		return WV_MEANS_SCAN;
	default:
		return WV_MEANS_MASK;
	}
}

enum wv_sub_means wv_trace_sub_means(const struct wv_trace *t, size_t k,
				     unsigned *nth)
{
	const struct wv_step *st = &t->steps[t->subs[k].step];
	size_t res = result_sub(t, st);
	enum wv_sub_means m = means_of(t, k, res);

	if (nth) {
		*nth = 0;
		for (size_t j = st->first; j < k; j++)
			*nth += means_of(t, j, res) == m;
	}
	return m;
}

const char *wv_trace_step_name(enum wv_step_kind kind)
{
	static const char *const names[] = {
		[WV_STEP_LOAD] = "load",
		[WV_STEP_PRESTART] = "prestart",
		[WV_STEP_HAS_ZERO] = "has_zero",
		[WV_STEP_DELIM_HAS_ZERO] = "delim_has_zero",
		[WV_STEP_PREP] = "prep_zero_mask",
		[WV_STEP_CREATE] = "create_zero_mask",
		[WV_STEP_FIND] = "find_zero",
		[WV_STEP_ZBM] = "zero_bytemask",
		[WV_STEP_ZEROPAD] = "zeropad_fixup",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "?";
}

const char *wv_trace_op_name(enum wv_op op)
{
	static const char *const names[] = {
		[WV_OP_LOAD] = "load", [WV_OP_OR] = "or", [WV_OP_AND] = "and",
		[WV_OP_XOR] = "xor", [WV_OP_NOT] = "not", [WV_OP_SUB] = "sub",
		[WV_OP_ADD] = "add", [WV_OP_MUL] = "mul", [WV_OP_SHR] = "shr",
		[WV_OP_SHL] = "shl", [WV_OP_CLZ] = "clz", [WV_OP_CTZ] = "ctz",
		[WV_OP_POPCOUNT] = "popcount", [WV_OP_CMPB] = "cmpb",
		[WV_OP_CMPBGE] = "cmpbge", [WV_OP_TEST] = "test",
		[WV_OP_NOTE] = "note",
	};

	return (unsigned)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}

const char *wv_trace_row_kind_name(enum wv_row_kind kind)
{
	static const char *const names[] = {
		[WV_ROW_INPUT] = "input", [WV_ROW_CONST] = "const",
		[WV_ROW_BORROW] = "borrow", [WV_ROW_CARRY] = "carry",
		[WV_ROW_PARTIAL] = "partial", [WV_ROW_RESULT] = "result",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "?";
}

int wv_trace_compare(const struct wv_trace_in *in, struct wv_compare_row *rows)
{
	size_t n = wv_wat_count();

	for (size_t i = 0; i < n; i++) {
		const struct wv_variant *v = wv_wat_at(i);
		unsigned nb = wv_wat_bytes(v);
		struct wv_image img;
		struct wv_word *words;
		struct wv_scan sc;
		const struct wv_word *wd;
		int err;

		if (in->word_len > WV_WORD_MAX || (in->word_len && !in->word) ||
		    in->delim < -1 || in->delim > 0xff)
			return -EINVAL;
		err = wv_word_image(&img, nb, in->word, in->word_len,
				    in->offset % nb, in->fill);
		if (!err && in->delim >= 0 && in->offset % nb) {
			err = wv_word_image_pad(&img);
			if (err)
				wv_word_image_free(&img);
		}
		if (err)
			return err;
		words = calloc(wv_wat_scan_capacity(v, img.len), sizeof(*words));
		if (!words) {
			wv_word_image_free(&img);
			return -ENOMEM;
		}
		err = wv_wat_scan(v, img.mem, img.len, in->offset % nb, in->delim,
				  words, wv_wat_scan_capacity(v, img.len), &sc);
		if (err) {
			free(words);
			wv_word_image_free(&img);
			return err;
		}
		wd = &words[sc.nwords - 1];
		rows[i] = (struct wv_compare_row){
			.v = v, .address = wd->address, .value = wd->value,
			.has_zero = wd->has_zero,
			.cheap = wv_cheap_zero(wd->value, v->bits),
			.exact = wv_exact_zero(wd->value, v->bits),
			.create = sc.create_zero_mask, .find_zero = sc.find_zero,
			.length = sc.length, .found = sc.found, .insns = v->insns,
		};
		free(words);
		wv_word_image_free(&img);
	}
	return (int)n;
}
