/*
 * has_zero on each word (and, in hash_name, on the word XOR-ed with the
 * delimiter): the variant's cheap, exact or cmpbge test, drawn sub-step by
 * sub-step, and its false positives explained.  May call the builder
 * (build.h), the shared chains (draw.h) and the sentences (sentences.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "sentences.h"

/* The variant's has_zero on x (a, or b = a ^ REPEAT_BYTE(delim)). */
static void draw_has_zero(struct builder *b, const char *xl, uint64_t x,
			  uint64_t core_hz, uint64_t core_data)
{
	const struct wv_variant *v = b->t->v;
	unsigned w = W(b), fp = 0;
	uint64_t hz = 0, data = 0, rhs, high, sum, nr;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], lst[96];

	switch (v->hz_kind) {
	case WV_HZ_CHEAP:
		hz = data = tr_draw_cheap(b, xl, x, &fp);
		if (hz)	/* false positives or not: the same sub-steps */
			tr_note_false_pos(b, xl, x, hz, fp);
		break;
	case WV_HZ_CHEAP_BE:
		rhs = x | wv_low7(w);
		snprintf(ex, sizeof(ex), "data = rhs = %s | LOW7", xl);
		s = tr_sub_new(b, WV_OP_OR, ex,
			       "has_zero keeps %s | 0x7f..7f in data (the rhs): bit 7 of each "
			       "byte is %s's own top bit, the rest ones. prep_zero_mask will "
			       "reuse it.", xl, xl);
		tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
		tr_row_add(b, s, WV_ROW_CONST, "LOW7", wv_low7(w), w);
		tr_row_add(b, s, WV_ROW_RESULT, "data", rhs, w);

		high = (wv_repeat_byte(0xfe, w) + 1) & M(b);
		snprintf(ex, sizeof(ex), "%s + high_bits", xl);
		s = tr_sub_new(b, WV_OP_ADD, ex,
			       "high_bits = REPEAT_BYTE(0xfe) + 1 = 0xfefe..ff = -ONES: adding it "
			       "subtracts 0x01 from every byte; the row under it holds the "
			       "carries, one coming in wherever the subtraction would not have "
			       "borrowed. The lowest byte adds 0xff: a zero there ends as 0xff, a "
			       "0x01 as 0x00 with a carry out. A byte above adds 0xfe and its "
			       "carry in: a zero ends as 0xff with a carry in, 0xfe without, and "
			       "never carries out; a 0x01 without a carry in ends as 0xff too.");
		sum = tr_draw_add(b, s, xl, x, WV_ROW_CONST, "high_bits", high, "sum", w);
		tr_mark_zero(b, &s->rows[0]);
		check(b, sum, (x - wv_ones(w)) & M(b));

		snprintf(ex, sizeof(ex), "~rhs");
		s = tr_sub_new(b, WV_OP_NOT, ex,
			       "~(%s | LOW7) is ~%s & HIGHS: bit 7 set in the bytes below 0x80.",
			       xl, xl);
		tr_row_add(b, s, WV_ROW_INPUT, "data", rhs, w);
		nr = ~rhs & M(b);
		tr_row_add(b, s, WV_ROW_RESULT, "~data", nr, w);

		hz = sum & nr;
		data = rhs;
		snprintf(ex, sizeof(ex), "(%s + high_bits) & ~rhs", xl);
		s = tr_sub_new(b, WV_OP_AND, ex, "%s", "");
		tr_row_add(b, s, WV_ROW_INPUT, "sum", sum, w);
		tr_row_add(b, s, WV_ROW_INPUT, "~data", nr, w);
		r = tr_row_add(b, s, WV_ROW_RESULT, "flags", hz, w);
		fp = tr_mark_flags(b, r, x, false, 0);
		tr_addr_list(b, tr_nonzero_bytes(b, hz), lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "This is the cheap test F(%s), written for big-endian: 0x80 in "
			 "every zero byte and in any 0x01 byte a borrow reached. has_zero "
			 "returns it as an unsigned long since 2023; before, it was "
			 "declared bool and returned true, and only the yes or no mattered "
			 "(prep_zero_mask starts again from a and data).", xl);
		s->general = strlen(s->text);
		tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Flags at memory " : "No flags: no "
			      "byte is zero.", lst, lst[0] ? "." : "");
		check(b, hz, wv_cheap_zero(x, w));
		if (hz)	/* false positives or not: the same sub-steps */
			tr_note_false_pos(b, xl, x, hz, fp);
		break;
	case WV_HZ_CMPB:
		hz = data = wv_cmpb(x, 0, w);
		snprintf(ex, sizeof(ex), "cmpb(%s, 0)", xl);
		s = tr_sub_new(b, WV_OP_CMPB, ex, "%s", "");
		tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
		tr_row_add(b, s, WV_ROW_CONST, "0", 0, w);
		r = tr_row_add(b, s, WV_ROW_RESULT, "cmpb", hz, w);
		tr_mark_flags(b, r, x, false, 0);
		tr_addr_list(b, tr_nonzero_bytes(b, hz), lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "cmpb compares %s with 0 byte by byte: 0xff where the bytes are "
			 "equal, 0x00 elsewhere. Exact, with no borrow between bytes.", xl);
		s->general = strlen(s->text);
		tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is "
			      "zero.", lst, lst[0] ? "." : "");
		break;
	case WV_HZ_CMPBGE:
		hz = data = wv_cmpbge(0, x, w);
		snprintf(ex, sizeof(ex), "cmpbge(0, %s)", xl);
		s = tr_sub_new(b, WV_OP_CMPBGE, ex, "%s", "");
		tr_row_add(b, s, WV_ROW_CONST, "0", 0, w);
		tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
		r = tr_row_add(b, s, WV_ROW_RESULT, "bitmap", hz, 8);
		tr_mark_bitmap(b, r);
		tr_addr_list(b, (unsigned)hz, lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "cmpbge sets bit i when byte i of 0 is >= byte i of %s (unsigned), "
			 "which only a zero byte allows: an 8-bit map, one bit per byte, "
			 "exact.", xl);
		s->general = strlen(s->text);
		tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is "
			      "zero.", lst, lst[0] ? "." : "");
		break;
	case WV_HZ_EXACT:
		hz = data = tr_draw_exact(b, xl, x, NULL, 0);
		break;
	}
	check(b, hz, core_hz);
	check(b, data, core_data);
}

void tr_do_has_zero(struct builder *b, bool last)
{
	const struct wv_variant *v = b->t->v;
	const struct wv_word *wd = cur_word(b);
	static const char *const what[] = {
		[WV_HZ_CHEAP] = "the cheap test (a - ONES) & ~a & HIGHS, which it also "
				"keeps in data",
		[WV_HZ_CHEAP_BE] = "the cheap test in its big-endian form, keeping "
				   "a | LOW7 in data for prep_zero_mask",
		[WV_HZ_CMPB] = "cmpb(a, 0), 0xff in each zero byte",
		[WV_HZ_CMPBGE] = "cmpbge(0, a), an 8-bit map of the zero bytes",
		[WV_HZ_EXACT] = "the exact formula E(a) straight away",
	};
	struct wv_substep *s;

	tr_step_open(b, WV_STEP_HAS_ZERO, "has_zero", v->kernel_path,
		     "has_zero(a, &data, &c) computes %s.", what[v->hz_kind]);
	draw_has_zero(b, "a", wd->value, wd->has_zero, wd->data);
	if (last) {
		s = tr_sub_new(b, WV_OP_TEST, "has_zero(a) != 0",
			       "The loop tests whether has_zero found anything. %s",
			       hz_exact(b) ? "has_zero is exact here: every flag stands for a "
			       "zero byte, so this yes/no answer is always right." :
			       "A false flag needs a borrow out of a real zero, so this "
			       "yes/no answer is always right.");
		tr_sub_detail(b, s, "%s", wd->hit ? "Non-zero: the word holds a zero byte, so "
			      "the loop stops here." : "Zero: no byte of this word is 0, so "
			      "the loop moves on to the next word.");
		tr_mark_any(b, tr_row_add(b, s, WV_ROW_RESULT, "has_zero", wd->has_zero,
				    v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b)));
	}
	tr_step_result(b, wd->has_zero, v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b));
}

void tr_do_delim_has_zero(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), hw = t->v->hz_kind == WV_HZ_CMPBGE ? 8 : w;
	uint64_t rep = wv_repeat_byte((uint8_t)t->in.delim, w);
	uint64_t x = wd->loaded ^ rep;
	struct wv_substep *s;
	char ex[WV_EXPR_MAX];

	tr_step_open(b, WV_STEP_DELIM_HAS_ZERO, "has_zero", PATH_NAMEI,
		     "hash_name also looks for the delimiter 0x%02x: b = a ^ "
		     "REPEAT_BYTE(0x%02x) has a zero byte exactly where a has 0x%02x, "
		     "and has_zero(b) finds it the same way.",
		     t->in.delim, t->in.delim, t->in.delim);
	snprintf(ex, sizeof(ex), "b = a ^ REPEAT_BYTE(0x%02x)", t->in.delim);
	s = tr_sub_new(b, WV_OP_XOR, ex,
		       "XOR every byte with 0x%02x: a byte equal to it becomes 0x00, every "
		       "other byte stays non-zero.", t->in.delim);
	tr_row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w);
	tr_row_add(b, s, WV_ROW_CONST, "delims", rep, w);
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_RESULT, "b", x, w));
	check(b, x, wd->delim_value);
	draw_has_zero(b, "b", x, wd->delim_has_zero, wd->delim_data);
	s = tr_sub_new(b, WV_OP_TEST, "has_zero(a) | has_zero(b)",
		       "The loop ORs both answers and tests the result: both tests run "
		       "every time; | does not short-circuit.");
	tr_sub_detail(b, s, "%s", wd->hit ? "Non-zero: a NUL or a delimiter is in this "
		      "word, so the loop stops." : "Zero: neither a NUL nor a delimiter "
		      "here, so the loop moves on to the next word.");
	tr_mark_any(b, tr_row_from(b, tr_row_add(b, s, WV_ROW_INPUT, "hz(a)",
						  wd->has_zero, hw), WV_STEP_HAS_ZERO));
	tr_mark_any(b, tr_row_add(b, s, WV_ROW_INPUT, "hz(b)", wd->delim_has_zero, hw));
	tr_mark_any(b, tr_row_add(b, s, WV_ROW_RESULT, "or",
			    wd->has_zero | wd->delim_has_zero, hw));
	tr_step_result(b, wd->delim_has_zero, hw);
}
