/*
 * The sub-step chains several kernel calls share, private to src/trace/:
 * a subtraction or addition with its borrow or carry row, the cheap and
 * the exact zero-byte tests, the bits below the lowest flag and the flags
 * spread to a byte mask.  Implemented in draw.c on the builder (build.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRACE_DRAW_H
#define WATVIZ_TRACE_DRAW_H

#include "build.h"

/* x - y, drawn with its borrow row; returns x - y in the word width. */
uint64_t tr_draw_sub(struct builder *b, struct wv_substep *s,
		     const char *xl, uint64_t x, enum wv_row_kind yk,
		     const char *yl, uint64_t y, const char *rl,
		     unsigned width);

/* x + y, drawn with its carry row; returns x + y in the word width. */
uint64_t tr_draw_add(struct builder *b, struct wv_substep *s,
		     const char *xl, uint64_t x, enum wv_row_kind yk,
		     const char *yl, uint64_t y, const char *rl,
		     unsigned width);

/*
 * F(x) = (x - ONES) & ~x & HIGHS in three sub-steps, for operand x called xl.
 * Returns F(x) and the false-positive set in *fp.
 */
uint64_t tr_draw_cheap(struct builder *b, const char *xl, uint64_t x,
		       unsigned *fp);

/*
 * E(x) = ~(((x & LOW7) + LOW7) | x | LOW7), or with rhs (the big-endian
 * prep_zero_mask) ~(((x & LOW7) + LOW7) | rhs), in four sub-steps.
 */
uint64_t tr_draw_exact(struct builder *b, const char *xl, uint64_t x,
		       const char *rhsl, uint64_t rhs);

/* ((bits - 1) & ~bits) in three sub-steps; the caller shifts or counts. */
uint64_t tr_draw_below_lowest(struct builder *b, const char *bl,
			      uint64_t bits);

/* ((bits - 1) & ~bits) >> 7: the byte mask, checked against wordops.h. */
uint64_t tr_draw_bytemask(struct builder *b, const char *bl, uint64_t bits);

/* Bits of a w-bit x above its top set bit (the ones clz counts). */
uint64_t tr_leading_zero_bits(uint64_t x, unsigned w);

/* Bits below the lowest set bit of x (the ones ctz counts). */
uint64_t tr_trailing_zero_bits(uint64_t x, unsigned w);

#endif
