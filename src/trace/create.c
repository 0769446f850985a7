/*
 * create_zero_mask: from the prepared flags to the variant's mask (the
 * bits below the lowest flag, a byte mask, the flags as they are).  May call
 * the builder (build.h) and the shared chains (draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include "draw.h"

#include <string.h>

void tr_do_create(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : w, width = w;
	uint64_t in = t->scan.prep_zero_mask, out = 0, below;
	struct wv_substep *s;
	struct wv_row *r;
	/* the parameter as the variant's header names it: bits, but mask in
	   the big-endian identity macros (asm-generic, powerpc) and data in
	   s390's create_zero_mask */
	const char *p = v->create_kind == WV_CREATE_FLS ? "data"
			: v->create_kind == WV_CREATE_IDENTITY && v->endian == WV_BIG
			? "mask" : "bits";

	switch (v->create_kind) {
	case WV_CREATE_IDENTITY:
		tr_step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			     "create_zero_mask(%s) passes the mask on unchanged: %s", p,
			     v->find_kind == WV_FIND_FFS
				  ? "find_zero and zero_bytemask work on the raw 0x80 flags."
			     : v->hz_kind == WV_HZ_CMPBGE
				  ? "the 8-bit map is what find_zero wants."
				  : "the exact mask is what find_zero wants.");
		s = tr_sub_new(b, WV_OP_NOTE, strcmp(p, "mask") == 0
			       ? "create_zero_mask(mask) = mask" : "create_zero_mask(bits) = bits",
			       "Identity: the value goes on to find_zero as it is.");
		tr_mark_any(b, tr_row_add(b, s, WV_ROW_INPUT, p, in, hw));
		tr_mark_any(b, tr_row_add(b, s, WV_ROW_RESULT, "mask", in, hw));
		out = in;
		width = hw;
		break;
	case WV_CREATE_BYTEMASK:
		tr_step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			     "create_zero_mask(bits) turns the flags into a byte mask, 0xff "
			     "in each byte before the first zero, using only the lowest flag.");
		out = tr_draw_bytemask(b, "bits", in);
		break;
	case WV_CREATE_POPCOUNT:
		tr_step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			     "create_zero_mask(bits) counts the bits below the first zero's "
			     "0xff byte: popcount((bits - 1) & ~bits) = 8k, a bit count.");
		below = tr_draw_below_lowest(b, "bits", in);
		s = tr_sub_new(b, WV_OP_POPCOUNT, "popcount(below)",
			       "popcntd counts the ones: 8 for each byte before the first zero.");
		tr_row_add(b, s, WV_ROW_INPUT, "below", below, w)->bits = below;
		out = wv_popcount(below);
		tr_row_add(b, s, WV_ROW_RESULT, "count", out, 0);
		width = 0;
		break;
	case WV_CREATE_FLS:
		tr_step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			     "create_zero_mask(data) is __fls(data), the index of the top "
			     "set bit: on big-endian the flag of the first zero in memory.");
		s = tr_sub_new(b, WV_OP_CLZ, "__fls(data) = 63 - flogr(data)",
			       "flogr counts the leading zero bits (highlighted); 63 minus "
			       "that count is the index of the top flag.");
		r = tr_row_add(b, s, WV_ROW_INPUT, p, in, w);
		r->bits = tr_leading_zero_bits(in, w);
		tr_mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = tr_leading_zero_bits(in, w);
		tr_row_add(b, s, WV_ROW_RESULT, "clz", wv_clz(in, w), 0);
		out = wv___fls(in, w);
		tr_row_add(b, s, WV_ROW_RESULT, "index", out, 0);
		width = 0;
		break;
	}
	check(b, out, t->scan.create_zero_mask);
	check(b, out, v->create_zero_mask(in));
	tr_step_result(b, out, width);
}
