/*
 * find_zero: the index of the first zero byte from the mask, by the
 * variant's means (the counting multiply, the 32-bit add trick, clz by
 * halving, a bit scan, popcount).  May call the builder (build.h) and the
 * shared chains (draw.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include <stdio.h>

#include "draw.h"

static void draw_multiply(struct builder *b, uint64_t mask, unsigned k)
{
	const uint64_t c = WV_COUNT_MASKED_MUL;
	uint64_t prod = mask * c, shifted = wv_shl(c, 8 * k, 64), sum = 0;
	struct wv_substep *s;
	char lab[WV_ROW_LABEL_MAX];

	b->mem_bytes = false;
	s = tr_sub_new(b, WV_OP_MUL, "mask * 0x0001020304050608",
		       "Multiply by the constant: each 0xff byte of the mask adds 0xff "
		       "times the constant, shifted to its byte (the partial products); "
		       "their sum puts the number of 0xff bytes in the top byte.");
	tr_sub_detail(b, s, "Here that number is %u.", k);
	tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, 64);
	tr_row_add(b, s, WV_ROW_CONST, "C", c, 64);
	for (unsigned j = 0; j < 8; j++) {
		uint64_t part = (mask & (UINT64_C(0xff) << (8 * j))) * c;

		if (!(mask & (UINT64_C(0xff) << (8 * j))))
			continue;
		snprintf(lab, sizeof(lab), "byte %u x C", j);
		tr_row_add(b, s, WV_ROW_PARTIAL, lab, part, 64);
		sum += part;
	}
	check(b, sum, prod);
	tr_row_add(b, s, WV_ROW_RESULT, "product", prod, 64)->bits =
		UINT64_C(0xff) << 56;

	/* the general sentences are rule mul-top-byte, which
	   tests/unit/test_rules.c proves (src/lesson/rules.c) */
	if (k > 0) {
		s = tr_sub_new(b, WV_OP_SUB, "(C << 8k) - C",
			       "Why it works: the mask is 2^(8k) - 1, so mask * C = (C << 8k) - "
			       "C. For k from 1 to 6 the top byte of C << 8k is byte 7 - k of C, "
			       "which holds k, and subtracting C leaves it alone: byte 6 of "
			       "C << 8k is more than C's byte 6, 0x01, so no borrow gets past "
			       "it. When k is 7 the top byte is C's lowest, 0x08, and the "
			       "subtraction borrows 1 from it.");
		tr_sub_detail(b, s, "Here k = %u: the top byte of C << %u is byte %u of C%s.",
			      k, 8 * k, 7 - k,
			      k == 7 ? ", 0x08: the borrow is why C ends in 08 and not 07" : "");
		check(b, tr_draw_sub(b, s, "C << 8k", shifted, WV_ROW_CONST, "C", c,
				     "product", 64), prod);
		s->rows[3].bits = UINT64_C(0xff) << 56;
	}
	s = tr_sub_new(b, WV_OP_SHR, "product >> 56", "Shift the top byte down.");
	tr_sub_detail(b, s, "find_zero = %u.", (unsigned)(prod >> 56));
	tr_row_add(b, s, WV_ROW_INPUT, "product", prod, 64)->bits = UINT64_C(0xff) << 56;
	tr_row_add(b, s, WV_ROW_RESULT, "find_zero", prod >> 56, 0);
	b->mem_bytes = true;
}

static void draw_add32(struct builder *b, uint64_t mask)
{
	const uint64_t c = WV_COUNT_MASKED_ADD;
	uint64_t sum, sh, res;
	struct wv_substep *s;

	/* the general sentence is rule add32-carry, which
	   tests/unit/test_rules.c proves (src/lesson/rules.c) */
	b->mem_bytes = false;
	s = tr_sub_new(b, WV_OP_ADD, "0x0ff0001 + mask",
		       "Add the mask to 0x00ff0001, which is 0x00ff0000 + 1: the +1 turns "
		       "the mask 2^(8k) - 1 into 2^(8k), so the sum is 0x00ff0000 + "
		       "2^(8k). For k from 0 to 3 that has 1, 1, 2, 3 in bits 23-24: 2^8 "
		       "stays below them, 2^16 carries through the ones of 0x00ff0000 "
		       "into bit 24, 2^24 sets bit 24 beside bit 23.");
	sum = tr_draw_add(b, s, "0x00ff0001", c, WV_ROW_INPUT, "mask", mask, "sum", 32);
	s->rows[0].kind = WV_ROW_CONST;
	s->rows[1].arg = true;		/* find_zero's mask, as it came in */
	s->rows[3].bits = UINT64_C(3) << 23;

	s = tr_sub_new(b, WV_OP_SHR, "sum >> 23", "Bring bits 23-24 down.");
	tr_row_add(b, s, WV_ROW_INPUT, "sum", sum, 32)->bits = UINT64_C(3) << 23;
	sh = sum >> 23;
	tr_row_add(b, s, WV_ROW_RESULT, "sum >> 23", sh, 32);

	res = sh & mask;
	s = tr_sub_new(b, WV_OP_AND, "(sum >> 23) & mask",
		       "AND with the mask: turns the 1 into 0 when the mask is 0 (the "
		       "zero is byte 0), and leaves 1, 2 or 3 otherwise.");
	tr_sub_detail(b, s, "find_zero = %u.", (unsigned)res);
	tr_row_add(b, s, WV_ROW_INPUT, "sum >> 23", sh, 32);
	tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, 32)->arg = true;
	tr_row_add(b, s, WV_ROW_RESULT, "find_zero", res, 0);
	b->mem_bytes = true;
}

static void draw_halving(struct builder *b, uint64_t mask)
{
	unsigned w = W(b), byte = 0;
	uint64_t m = mask;
	char ex[WV_EXPR_MAX];
	struct wv_substep *s;

	/* the same 32/16/8 search as the header's find_zero, one stage each;
	   once shifted, the columns are register bytes, not memory */
	b->mem_bytes = false;
	for (unsigned half = w / 2; half >= 8; half /= 2) {
		uint64_t top = m >> half;
		unsigned shown = half * 2;

		snprintf(ex, sizeof(ex), "mask >> %u", half);
		s = tr_sub_new(b, WV_OP_SHR, ex,
			       "Is there a flag in the top %u of these %u bits? Then the "
			       "zero is in that half: look there next (mask >>= %u). If not, "
			       "it is at least %u byte%s further on (byte += %u).",
			       half, shown, half, half / 8, half == 8 ? "" : "s", half / 8);
		if (top)
			tr_sub_detail(b, s, "Here there is: byte stays %u.", byte);
		else
			tr_sub_detail(b, s, "Here there is not: byte becomes %u.", byte + half / 8);
		tr_row_add(b, s, WV_ROW_INPUT, "mask", m, w)->bits =
			wv_wmask(shown) & ~wv_wmask(half);
		tr_row_add(b, s, WV_ROW_RESULT, "top half", top, w);
		if (top)
			m = top;
		else
			byte += half / 8;
		tr_row_add(b, s, WV_ROW_RESULT, "byte", byte, 0);
	}
	check(b, byte, wv_clz_bytes_halving(mask, w));
	b->mem_bytes = true;
}

void tr_do_find(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b);
	uint64_t mask = t->scan.create_zero_mask;
	unsigned k = t->scan.find_zero, c;
	struct wv_substep *s;
	struct wv_row *r;

	tr_step_open(b, WV_STEP_FIND, "find_zero", v->kernel_path,
		     "find_zero(mask) gives the index in the word of the first zero "
		     "byte%s.", t->in.delim >= 0 ? " or delimiter" : "");
	tr_step_detail(b, "Here %u: the %s is at memory %zu, and the %s is %zu - %zu = "
		       "%zu byte%s long.", k, t->answer_is_delim ? "delimiter" : "zero byte",
		       wd->address + k, t->in.delim >= 0 ? "name" : "string",
		       wd->address + k, t->img.offset, t->scan.length,
		       t->scan.length == 1 ? "" : "s");
	switch (v->find_kind) {
	case WV_FIND_MUL:
		draw_multiply(b, mask, k);
		break;
	case WV_FIND_ADD32:
		draw_add32(b, mask);
		break;
	case WV_FIND_CLZ_HALVING:
		draw_halving(b, mask);
		break;
	case WV_FIND_CLZ:
		c = wv_clz(mask, w);
		s = tr_sub_new(b, WV_OP_CLZ, w == 64 ? "cntlzd(mask)" : "cntlzw(mask)",
			       "Count the leading zero bits (highlighted): big-endian puts "
			       "memory byte 0 at the top and each flag is the top bit of its "
			       "byte, so they are exactly the 8 bits of each byte before the "
			       "first zero.");
		r = tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		tr_mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = tr_leading_zero_bits(mask, w);
		tr_row_add(b, s, WV_ROW_RESULT, "clz", c, 0);
		s = tr_sub_new(b, WV_OP_SHR, "clz >> 3", "Divide by 8: bits to bytes.");
		tr_row_add(b, s, WV_ROW_INPUT, "clz", c, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_FFS:
		c = wv___ffs(mask, w);
		s = tr_sub_new(b, WV_OP_CTZ, "__ffs(bits)",
			       "Count the trailing zero bits (highlighted) up to the lowest "
			       "flag: on little-endian that is the first zero in memory, and "
			       "any false flag sits above it.");
		r = tr_row_add(b, s, WV_ROW_INPUT, "bits", mask, w);
		tr_mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = tr_trailing_zero_bits(mask, w);
		tr_row_add(b, s, WV_ROW_RESULT, "ctz", c, 0);
		s = tr_sub_new(b, WV_OP_SHR, "__ffs(bits) >> 3",
			       "The flag is bit 8k+7, so >> 3 gives k.");
		tr_row_add(b, s, WV_ROW_INPUT, "ctz", c, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_FLS:
		c = wv_fls(mask, w);
		s = tr_sub_new(b, WV_OP_CLZ, w == 64 ? "fls64(mask)" : "fls(mask)",
			       "fls is the 1-based index of the top set bit, found with clz "
			       "(%s - clz)%s: the byte mask has 8k ones, so it is 8k.",
			       w == 64 ? "64" : "32", v->clz_where ? v->clz_where : "");
		r = tr_row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		tr_mark_kept(b, r);
		r->bits = tr_leading_zero_bits(mask, w);
		tr_row_add(b, s, WV_ROW_RESULT, "fls", c, 0);
		s = tr_sub_new(b, WV_OP_SHR, "fls >> 3", "Divide by 8: bits to bytes.");
		tr_row_add(b, s, WV_ROW_INPUT, "fls", c, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_SHIFT3:
		s = tr_sub_new(b, WV_OP_SHR, "m >> 3",
			       "The bit count is 8k: divide by 8.");
		tr_row_add(b, s, WV_ROW_INPUT, "m", mask, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", mask >> 3, 0);
		break;
	case WV_FIND_CTZ:
		c = wv_ctz(mask, 8);
		s = tr_sub_new(b, WV_OP_CTZ, "cttz(bits)",
			       "Count the trailing zeros of the 8-bit map (highlighted): the "
			       "lowest set bit is the first zero byte in memory. A kernel built "
			       "for the EV67 does it with cttz; without it, find_zero keeps "
			       "only the lowest set bit and masks it with 0xf0, 0xcc and 0xaa, "
			       "adding 4, 2 and 1 where a mask keeps it.");
		r = tr_row_add(b, s, WV_ROW_INPUT, "bits", mask, 8);
		tr_mark_bitmap(b, r);
		r->bits = tr_trailing_zero_bits(mask, 8);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", c, 0);
		break;
	case WV_FIND_XOR:
		s = tr_sub_new(b, WV_OP_XOR, "idx ^ 63",
			       "The bit index counts from the bottom; ^ 63 (63 - idx) counts "
			       "it from the top, where big-endian keeps memory byte 0.");
		tr_row_add(b, s, WV_ROW_INPUT, "idx", mask, 0);
		tr_row_add(b, s, WV_ROW_CONST, "63", 63, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "idx ^ 63", mask ^ 63, 0);
		s = tr_sub_new(b, WV_OP_SHR, "(idx ^ 63) >> 3", "Divide by 8: bits to bytes.");
		tr_row_add(b, s, WV_ROW_INPUT, "idx ^ 63", mask ^ 63, 0);
		tr_row_add(b, s, WV_ROW_RESULT, "find_zero", (mask ^ 63) >> 3, 0);
		break;
	}
	/* the last row drawn is find_zero */
	if (!b->err) {
		struct wv_substep *last = &b->t->subs[b->t->nsubs - 1];

		check(b, last->rows[last->nrows - 1].value, k);
	}
	check(b, v->find_zero(mask), k);
	tr_step_result(b, k, 0);
}
