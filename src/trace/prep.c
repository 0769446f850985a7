/*
 * prep_zero_mask on the word where has_zero fired: nothing to do, the
 * cheap flags kept, or the exact mask recomputed (big-endian).  May call the
 * builder (build.h) and the shared chains (draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include <stdio.h>

#include "draw.h"

/* prep_zero_mask on one operand; returns the prepared value. */
static uint64_t draw_prep(struct builder *b, const char *xl, uint64_t x,
			  uint64_t hz, uint64_t data)
{
	const struct wv_variant *v = b->t->v;
	unsigned w = W(b), hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : w;
	struct wv_substep *s;
	struct wv_row *r;
	uint64_t p;
	char ex[WV_EXPR_MAX];

	if (v->prep_kind == WV_PREP_IDENTITY) {
		snprintf(ex, sizeof(ex), "prep_zero_mask(%s, data) = data", xl);
		s = tr_sub_new(b, WV_OP_NOTE, ex, "%s",
			       v->hz_kind == WV_HZ_CHEAP
				    ? "Nothing to do: on little-endian the cheap flags "
				      "are exact at their lowest flag, the only one "
				      "find_zero looks at, so data is returned as it is."
				    : "Nothing to do: has_zero was exact already, so data "
				      "is returned as it is.");
		r = tr_row_add(b, s, WV_ROW_INPUT, "data", data, hw);
		if (hw == 8)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, x, false, 0);
		r = tr_row_add(b, s, WV_ROW_RESULT, "prep", data, hw);
		if (hw == 8)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, x, false, 0);
		p = data;
	} else {
		p = tr_draw_exact(b, xl, x, "data", data);
		/* whether it drops a false flag or not, the same sub-steps:
		   their number may not say that has_zero had one */
		if (hz) {
			char lst[96];

			tr_addr_list(b, tr_nonzero_bytes(b, hz & ~p), lst, sizeof(lst));
			s = tr_sub_new(b, WV_OP_NOTE, "has_zero vs prep_zero_mask",
				       "The exact mask has no false flags, so its top flag "
				       "is the first zero in memory.");
			if (p == hz)
				tr_sub_detail(b, s, "Here it is has_zero's own: there was no "
					      "false flag to drop.");
			else
				tr_sub_detail(b, s, "It drops the false flag%s at memory %s.",
					      tr_nonzero_bytes(b, hz & ~p) &
					      (tr_nonzero_bytes(b, hz & ~p) - 1) ? "s" : "", lst);
			r = tr_row_from(b, tr_row_add(b, s, WV_ROW_INPUT, "has_zero", hz, w),
					WV_STEP_HAS_ZERO);
			tr_mark_flags(b, r, x, false, 0);
			r = tr_row_add(b, s, WV_ROW_RESULT, "prep", p, w);
			tr_mark_flags(b, r, x, false, 0);
		}
	}
	check(b, p, v->prep_zero_mask(x, data));
	return p;
}

void tr_do_prep(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b);
	uint64_t pa, pb;
	struct wv_substep *s;
	struct wv_row *r;

	tr_step_open(b, WV_STEP_PREP, "prep_zero_mask", v->kernel_path,
		     v->prep_kind == WV_PREP_IDENTITY
			  ? "After the loop, prep_zero_mask(a, data, &c) must give a "
			    "mask that is exact at the first zero; here data already is."
			  : "After the loop, prep_zero_mask(a, data, &c) recomputes the "
			    "exact mask E(a) = ~(((a & LOW7) + LOW7) | data): big-endian "
			    "needs it because the top flag of the cheap test can lie.");
	pa = draw_prep(b, "a", wd->value, wd->has_zero, wd->data);
	check(b, pa, t->scan.prep);
	if (t->in.delim >= 0) {
		pb = draw_prep(b, "b", wd->delim_value, wd->delim_has_zero,
			       wd->delim_data);
		check(b, pb, t->scan.delim_prep);
		s = tr_sub_new(b, WV_OP_OR, "prep(a) | prep(b)",
			       "hash_name ORs the two masks: each is exact at its own first "
			       "terminator, so the first flag of the OR is whichever comes "
			       "first, a NUL or a delimiter.");
		r = tr_row_add(b, s, WV_ROW_INPUT, "prep(a)", pa, hw);
		if (hw == 8)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, wd->value, false, 0);
		r = tr_row_add(b, s, WV_ROW_INPUT, "prep(b)", pb, hw);
		if (hw == 8)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, wd->delim_value, false, 0);
		r = tr_row_add(b, s, WV_ROW_RESULT, "mask", pa | pb, hw);
		if (hw == 8)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, wd->value, true, wd->delim_value);
		pa |= pb;
	}
	check(b, pa, t->scan.prep_zero_mask);
	tr_step_result(b, pa, hw);
}
