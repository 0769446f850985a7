/*
 * Drawing the sub-step chains the per-call files share (see draw.h), each
 * checked against the core's value (watviz/wordops.h).  May call the
 * builder (build.h); knows no kernel call by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "draw.h"

#include <stdio.h>
#include <string.h>

/* x - y, drawn with its borrow row; returns x - y in the word width. */
uint64_t tr_draw_sub(struct builder *b, struct wv_substep *s,
		     const char *xl, uint64_t x, enum wv_row_kind yk,
		     const char *yl, uint64_t y, const char *rl,
		     unsigned width)
{
	uint64_t m = width ? wv_wmask(width) : UINT64_MAX;
	uint64_t d = (x - y) & m;
	struct wv_row *br;

	tr_row_add(b, s, WV_ROW_INPUT, xl, x, width);
	tr_row_add(b, s, yk, yl, y, width);
	/* bit i of x ^ y ^ (x - y) is the borrow that came into bit i */
	br = tr_row_add(b, s, WV_ROW_BORROW, "borrow", (x ^ y ^ d) & m, width);
	br->bits = br->value;
	tr_row_add(b, s, WV_ROW_RESULT, rl, d, width);
	return d;
}

/* x + y, drawn with its carry row; returns x + y in the word width. */
uint64_t tr_draw_add(struct builder *b, struct wv_substep *s,
		     const char *xl, uint64_t x, enum wv_row_kind yk,
		     const char *yl, uint64_t y, const char *rl,
		     unsigned width)
{
	uint64_t m = width ? wv_wmask(width) : UINT64_MAX;
	uint64_t sum = (x + y) & m;
	struct wv_row *cr;

	tr_row_add(b, s, WV_ROW_INPUT, xl, x, width);
	tr_row_add(b, s, yk, yl, y, width);
	cr = tr_row_add(b, s, WV_ROW_CARRY, "carry", (x ^ y ^ sum) & m, width);
	cr->bits = cr->value;
	tr_row_add(b, s, WV_ROW_RESULT, rl, sum, width);
	return sum;
}

/* Register bytes into which a borrow or carry crossed from the byte below. */
static unsigned crossed_bytes(const struct builder *b, uint64_t chain)
{
	unsigned set = 0;

	for (unsigned r = 1; r < b->t->word_bytes; r++)
		if (chain & (UINT64_C(1) << (8 * r)))
			set |= 1u << r;
	return set;
}

/*
 * F(x) = (x - ONES) & ~x & HIGHS in three sub-steps, for operand x called xl.
 * Returns F(x) and the false-positive set in *fp.
 */
uint64_t tr_draw_cheap(struct builder *b, const char *xl, uint64_t x,
		       unsigned *fp)
{
	unsigned w = W(b);
	char e[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;
	uint64_t d, nx, f;

	snprintf(e, sizeof(e), "%s - ONES", xl);
	snprintf(l1, sizeof(l1), "%s - ONES", xl);
	d = (x - wv_ones(w)) & M(b);
	tr_addr_list(b, crossed_bytes(b, x ^ wv_ones(w) ^ d), lst, sizeof(lst));
	s = tr_sub_new(b, WV_OP_SUB, e,
		       "Subtract 0x01 from every byte at once. A zero byte cannot give 1, "
		       "so it borrows from the byte above it (the borrow row) and becomes "
		       "0xff, or 0xfe when a borrow also came into it from below; a 0x01 "
		       "byte that receives such a borrow becomes 0xff.");
	tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Here a borrow crosses from the byte below "
		      "into memory " : "Here no borrow crosses a byte boundary.", lst,
		      lst[0] ? "." : "");
	tr_draw_sub(b, s, xl, x, WV_ROW_CONST, "ONES", wv_ones(w), l1, w);
	tr_mark_zero(b, &s->rows[0]);

	snprintf(e, sizeof(e), "~%s", xl);
	snprintf(l2, sizeof(l2), "~%s", xl);
	s = tr_sub_new(b, WV_OP_NOT, e,
		       "Invert %s: bit 7 of a byte is now set exactly when the byte was "
		       "below 0x80, so 0x80 and above can never be flagged.", xl);
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
	nx = ~x & M(b);
	tr_row_add(b, s, WV_ROW_RESULT, l2, nx, w);

	snprintf(e, sizeof(e), "(%s - ONES) & ~%s & HIGHS", xl, xl);
	f = d & nx & wv_highs(w);
	s = tr_sub_new(b, WV_OP_AND, e, "%s", "");
	tr_row_add(b, s, WV_ROW_INPUT, l1, d, w);
	tr_row_add(b, s, WV_ROW_INPUT, l2, nx, w);
	tr_row_add(b, s, WV_ROW_CONST, "HIGHS", wv_highs(w), w);
	r = tr_row_add(b, s, WV_ROW_RESULT, "flags", f, w);
	*fp = tr_mark_flags(b, r, x, false, 0);
	tr_addr_list(b, tr_nonzero_bytes(b, f), lst, sizeof(lst));
	snprintf(s->text, sizeof(s->text),
		 "Keep bit 7 of a byte only where it is set after the subtraction and "
		 "clear in %s: a zero byte, or a 0x01 byte that a borrow reached.", xl);
	s->general = strlen(s->text);
	tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Flags at memory " : "No flags: no byte of "
		      "this word is zero.", lst, lst[0] ? "." : "");
	check(b, f, wv_cheap_zero(x, w));
	return f;
}

/*
 * E(x) = ~(((x & LOW7) + LOW7) | x | LOW7), or with rhs (the big-endian
 * prep_zero_mask) ~(((x & LOW7) + LOW7) | rhs), in four sub-steps.
 */
uint64_t tr_draw_exact(struct builder *b, const char *xl, uint64_t x,
		       const char *rhsl, uint64_t rhs)
{
	unsigned w = W(b);
	uint64_t low7 = wv_low7(w), t1, t2, t3, e;
	char ex[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;

	snprintf(ex, sizeof(ex), "%s & LOW7", xl);
	snprintf(l1, sizeof(l1), "%s & LOW7", xl);
	s = tr_sub_new(b, WV_OP_AND, ex,
		       "Clear bit 7 of every byte of %s, so that the addition that follows "
		       "can never carry out of a byte.", xl);
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
	tr_row_add(b, s, WV_ROW_CONST, "LOW7", low7, w);
	t1 = x & low7;
	tr_row_add(b, s, WV_ROW_RESULT, l1, t1, w);

	snprintf(ex, sizeof(ex), "(%s & LOW7) + LOW7", xl);
	snprintf(l2, sizeof(l2), "+ LOW7");
	s = tr_sub_new(b, WV_OP_ADD, ex,
		       "Add 0x7f to every byte's low 7 bits: bit 7 comes out set exactly "
		       "when those bits were not all zero. The carry row shows the carries "
		       "stay inside each byte, so unlike the subtraction no byte can "
		       "disturb its neighbour.");
	t2 = tr_draw_add(b, s, l1, t1, WV_ROW_CONST, "LOW7", low7, l2, w);

	if (rhsl) {
		snprintf(ex, sizeof(ex), "(...) | %s", rhsl);
		s = tr_sub_new(b, WV_OP_OR, ex,
			       "OR in %s (a | LOW7, kept by has_zero): bit 7 is now clear "
			       "only in bytes whose low bits were zero and whose own bit 7 "
			       "was clear, the zero bytes.", rhsl);
		tr_row_add(b, s, WV_ROW_INPUT, l2, t2, w);
		tr_row_add(b, s, WV_ROW_INPUT, rhsl, rhs, w);
		t3 = t2 | rhs;
	} else {
		snprintf(ex, sizeof(ex), "(...) | %s | LOW7", xl);
		s = tr_sub_new(b, WV_OP_OR, ex,
			       "OR in %s (bit 7 of bytes 0x80 and above) and LOW7 (all low "
			       "bits): bit 7 is now clear only in the zero bytes.", xl);
		tr_row_add(b, s, WV_ROW_INPUT, l2, t2, w);
		tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
		tr_row_add(b, s, WV_ROW_CONST, "LOW7", low7, w);
		t3 = t2 | x | low7;
	}
	tr_row_add(b, s, WV_ROW_RESULT, "or", t3, w);

	e = ~t3 & M(b);
	s = tr_sub_new(b, WV_OP_NOT, "~(...)", "%s", "");
	tr_row_add(b, s, WV_ROW_INPUT, "or", t3, w);
	r = tr_row_add(b, s, WV_ROW_RESULT, "exact", e, w);
	tr_mark_flags(b, r, x, false, 0);
	tr_addr_list(b, tr_nonzero_bytes(b, e), lst, sizeof(lst));
	snprintf(s->text, sizeof(s->text),
		 "Invert: 0x80 in exactly the zero bytes and nowhere else (no "
		 "borrow, so no false positives).");
	s->general = strlen(s->text);
	tr_sub_detail(b, s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is zero.",
		      lst, lst[0] ? "." : "");
	check(b, e, wv_exact_zero(x, w));
	return e;
}

/* ((bits - 1) & ~bits) in three sub-steps; the caller shifts or counts. */
uint64_t tr_draw_below_lowest(struct builder *b, const char *bl,
			      uint64_t bits)
{
	unsigned w = W(b);
	char ex[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	struct wv_substep *s;
	uint64_t d, nb, t;

	snprintf(ex, sizeof(ex), "%s - 1", bl);
	snprintf(l1, sizeof(l1), "%s - 1", bl);
	s = tr_sub_new(b, WV_OP_SUB, ex,
		       "Subtract 1: the borrow runs up from bit 0 to the lowest set bit "
		       "(the flag of the first zero), clearing it and setting every bit "
		       "below it.");
	d = tr_draw_sub(b, s, bl, bits, WV_ROW_CONST, "1", 1, l1, w);
	tr_mark_flags_word(b, &s->rows[0]);
	s->rows[0].arg = true;

	snprintf(ex, sizeof(ex), "~%s", bl);
	snprintf(l2, sizeof(l2), "~%s", bl);
	s = tr_sub_new(b, WV_OP_NOT, ex,
		       "Invert the flags, so that the AND below drops every flag.");
	tr_mark_flags_word(b, tr_row_add(b, s, WV_ROW_INPUT, bl, bits, w));
	s->rows[s->nrows - 1].arg = true;	/* bits as it came in */
	nb = ~bits & M(b);
	tr_row_add(b, s, WV_ROW_RESULT, l2, nb, w);

	snprintf(ex, sizeof(ex), "(%s - 1) & ~%s", bl, bl);
	t = d & nb;
	s = tr_sub_new(b, WV_OP_AND, ex,
		       "Keep only the ones below the lowest set bit, whatever sits above "
		       "it.");
	if (wv___ffs(bits, w) == 0)
		tr_sub_detail(b, s, "Here that is bit 0: there are none, so the result is 0.");
	else
		tr_sub_detail(b, s, "Here that is bit %u: bits 0 to %u.", wv___ffs(bits, w),
			      wv___ffs(bits, w) - 1);
	tr_row_add(b, s, WV_ROW_INPUT, l1, d, w);
	tr_row_add(b, s, WV_ROW_INPUT, l2, nb, w);
	tr_row_add(b, s, WV_ROW_RESULT, "below", t, w)->bits = t;
	return t;
}

/* ((bits - 1) & ~bits) >> 7: the byte mask, checked against wordops.h. */
uint64_t tr_draw_bytemask(struct builder *b, const char *bl, uint64_t bits)
{
	unsigned w = W(b);
	uint64_t t = tr_draw_below_lowest(b, bl, bits), m = t >> 7;
	char ex[WV_EXPR_MAX];
	struct wv_substep *s;

	snprintf(ex, sizeof(ex), "((%s - 1) & ~%s) >> 7", bl, bl);
	s = tr_sub_new(b, WV_OP_SHR, ex,
		       "Shift right by 7: 0xff in each byte before the first zero and 0 "
		       "from it on, the byte mask 2^(8k) - 1.");
	tr_row_add(b, s, WV_ROW_INPUT, "below", t, w);
	tr_mark_kept(b, tr_row_add(b, s, WV_ROW_RESULT, "bytemask", m, w));
	check(b, m, wv_flags_to_bytemask(bits, w));
	return m;
}

/* Bits of a w-bit x above its top set bit (the ones clz counts). */
uint64_t tr_leading_zero_bits(uint64_t x, unsigned w)
{
	unsigned c = wv_clz(x, w);

	return c == 0 ? 0 : wv_wmask(w) & ~wv_wmask(w - c);
}

/* Bits below the lowest set bit of x (the ones ctz counts). */
uint64_t tr_trailing_zero_bits(uint64_t x, unsigned w)
{
	return wv_wmask(wv_ctz(x, w));
}
