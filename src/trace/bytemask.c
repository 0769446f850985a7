/*
 * zero_bytemask: the bytes before the terminator kept, as strscpy stores
 * the last word.  May call the builder (build.h) and the shared chains
 * (draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include "draw.h"

void tr_do_zbm(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), n;
	uint64_t mask = t->scan.create_zero_mask, z = 0, p;
	struct wv_substep *s;
	struct wv_row *r;
	tr_step_open(b, WV_STEP_ZBM, "zero_bytemask", v->kernel_path,
		     "zero_bytemask(mask) is 0xff in every byte before the first %s and "
		     "0 from it on%s; %s.%s%s",
		     t->answer_is_delim ? "delimiter" : "zero",
		     v->zbm_kind == WV_ZBM_ALPHA ? ", except that alpha's also keeps "
		     "bit 0 of that byte" : "",
		     t->in.delim >= 0 ? "hash_name hashes the last word of the name as "
		     "a & zero_bytemask(mask)" : "in today's kernel strscpy "
		     "(lib/string.c) and strncpy_from_user store their last word as "
		     "c & zero_bytemask(mask) (older strncpy_from_user stored it whole, "
		     "0565f49cfe93)", v->zbm_later ? " " : "",
		     v->zbm_later ? v->zbm_later : "");
	switch (v->zbm_kind) {
	case WV_ZBM_IDENTITY:
		s = tr_sub_new(b, WV_OP_NOTE, "zero_bytemask(mask) = mask",
			       "The mask from create_zero_mask already is the byte mask.");
		tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		z = mask;
		tr_mark_kept(b, tr_row_add(b, s, WV_ROW_RESULT, "bytemask", z, w));
		break;
	case WV_ZBM_FROM_FLAGS:
		z = tr_draw_bytemask(b, "bits", mask);
		break;
	case WV_ZBM_FLS_SHIFT:
	case WV_ZBM_INDEX:
		if (v->zbm_kind == WV_ZBM_FLS_SHIFT) {
			n = wv___fls(mask, w);
			s = tr_sub_new(b, WV_OP_CLZ, "__fls(mask)",
				       "The index of the top set bit: the flag of the first "
				       "zero in memory.");
			/* zero_bytemask(mask): create_zero_mask's result */
			r = tr_row_from(b, tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, w),
					WV_STEP_CREATE);
			tr_mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
			r->bits = tr_leading_zero_bits(mask, w);
			tr_row_add(b, s, WV_ROW_RESULT, "__fls", n, 0);
		} else {
			n = (unsigned)(mask > 64 ? 64 : mask);
		}
		z = wv_not1_shl(n, w);
		s = tr_sub_new(b, WV_OP_SHL, v->zbm_kind == WV_ZBM_INDEX ? "~1 << idx"
								    : "~1 << __fls(mask)",
			       "Shift ~1 left by %u: bit %u, the flag (the top bit of the first "
			       "zero byte), and every bit below it become 0, so 0xff is left in "
			       "exactly the bytes before the zero.",
			       n, n);
		tr_row_add(b, s, WV_ROW_CONST, "~1", ~UINT64_C(1) & M(b), w);
		tr_row_add(b, s, WV_ROW_INPUT, "n", n, 0)->count = true;
		tr_mark_kept(b, tr_row_add(b, s, WV_ROW_RESULT, "bytemask", z, w));
		break;
	case WV_ZBM_BITCOUNT:
		n = (unsigned)(mask > 64 ? 64 : mask);
		p = wv_shl(1, n, w);
		s = tr_sub_new(b, WV_OP_SHL, "1 << m", "Set bit m = 8k.");
		tr_row_add(b, s, WV_ROW_INPUT, "m", mask, 0)->count = true;
		tr_row_add(b, s, WV_ROW_RESULT, "1 << m", p, w);
		s = tr_sub_new(b, WV_OP_SUB, "(1 << m) - 1",
			       "Subtract 1: the borrow runs from bit 0 up to bit m and leaves "
			       "the m bits below it set, 0xff in each byte before the zero.");
		z = tr_draw_sub(b, s, "1 << m", p, WV_ROW_CONST, "1", 1, "bytemask", w);
		tr_mark_kept(b, &s->rows[3]);
		break;
	case WV_ZBM_ALPHA:
		n = v->find_zero(mask);
		p = wv_shl(2, 8 * n, w);
		s = tr_sub_new(b, WV_OP_SHL, "2 << 8 * find_zero(bits)",
			       "find_zero(bits) = %u; shift 2 left by 8 * %u.", n, n);
		/* the count is 8 times this row: a count all the same */
		tr_row_add(b, s, WV_ROW_INPUT, "find_zero", n, 0)->count = true;
		tr_row_add(b, s, WV_ROW_RESULT, "2 << 8k", p, w);
		if (t->answer_is_delim && (t->in.delim & 1))
			s = tr_sub_new(b, WV_OP_SUB, "(2 << 8 * find_zero(bits)) - 1",
				       "Subtract 1: 0xff in each byte before the terminator, "
				       "plus bit 0 of the terminator byte itself. Here that byte "
				       "is the delimiter 0x%02x, whose bit 0 is 1, so that one "
				       "bit survives the AND below.", t->in.delim);
		else
			s = tr_sub_new(b, WV_OP_SUB, "(2 << 8 * find_zero(bits)) - 1",
				       "Subtract 1: 0xff in each byte before the zero, plus "
				       "bit 0 of the terminator byte itself. Alpha keeps that "
				       "one extra bit; it is harmless when that byte is 0.");
		z = tr_draw_sub(b, s, "2 << 8k", p, WV_ROW_CONST, "1", 1, "bytemask", w);
		tr_mark_kept(b, &s->rows[3]);
		if (8 * n < w)
			s->rows[3].bits = UINT64_C(1) << (8 * n);
		break;
	}
	check(b, z, t->scan.zero_bytemask);
	check(b, z, v->zero_bytemask(mask));

	s = tr_sub_new(b, WV_OP_AND, "a & zero_bytemask(mask)", "%s%s",
		       t->in.delim >= 0
			    ? "hash_name hashes a & zero_bytemask(mask): the name's "
			      "bytes in this word, everything from the terminator on "
			      "cleared"
			    : "strscpy stores the word it copied as c & "
			      "zero_bytemask(mask): the bytes before the NUL, everything "
			      "from the NUL on cleared",
		       v->zbm_kind != WV_ZBM_ALPHA ? "."
		       : t->answer_is_delim && (t->in.delim & 1)
			    ? " except bit 0 of the terminator, which alpha's mask keeps "
			      "and this delimiter has set."
			    : " except bit 0 of the terminator, which alpha's mask keeps; "
			      "that byte is 0x00, so nothing of it is left.");
	tr_row_add(b, s, WV_ROW_INPUT, "a", wd->value, w);
	tr_mark_kept(b, tr_row_add(b, s, WV_ROW_INPUT, "bytemask", z, w));
	tr_row_add(b, s, WV_ROW_RESULT, "kept", wd->value & z, w);
	tr_step_result(b, z, w);
}
