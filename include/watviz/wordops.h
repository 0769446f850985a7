/*
 * watviz/wordops.h - the word-at-a-time formulas and instruction emulations.
 *
 * Every formula of every variant is written once, here, as a static inline
 * function of a value and a word width w (32 or 64).  The variant table
 * (src/core/variants.c), the production string routines (src/core/str.c) and
 * the step engine all call these; nothing else in watviz does this arithmetic.
 *
 * Values travel in uint64_t.  For w == 32 the upper 32 bits of every argument
 * must be zero and every result keeps them zero.  All arithmetic wraps modulo
 * 2^w, as the kernel's unsigned long does.  No function here has undefined
 * behaviour for any input: where the kernel leaves a case undefined (clz of 0,
 * a shift by the word width) the emulation picks the value the real
 * instruction gives and says so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WORDOPS_H
#define WATVIZ_WORDOPS_H

#include <stdbool.h>
#include <stdint.h>

/* All ones in the low w bits: wv_wmask(32) == 0xffffffff. */
static inline uint64_t wv_wmask(unsigned w)
{
	return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

/* REPEAT_BYTE(x) in w bits: wv_repeat_byte(0x2f, 32) == 0x2f2f2f2f. */
static inline uint64_t wv_repeat_byte(uint8_t x, unsigned w)
{
	return (wv_wmask(w) / 0xff) * x;
}

static inline uint64_t wv_ones(unsigned w) { return wv_repeat_byte(0x01, w); }
static inline uint64_t wv_highs(unsigned w) { return wv_repeat_byte(0x80, w); }
static inline uint64_t wv_low7(unsigned w) { return wv_repeat_byte(0x7f, w); }

/* x << n in w bits, 0 when n >= w (C leaves that shift undefined). */
static inline uint64_t wv_shl(uint64_t x, unsigned n, unsigned w)
{
	return n >= w ? 0 : (x << n) & wv_wmask(w);
}

/* ---- bit counting: the kernel's helpers and the instructions behind them -- */

/*
 * Plain-C reference versions.  They are what the core means by clz/ctz/popcount
 * on a host without the instruction; the tests hold the fast versions below to
 * them.
 */
static inline unsigned wv_clz_portable(uint64_t x, unsigned w)
{
	unsigned n = 0;

	if (x == 0)
		return w;
	for (unsigned half = w / 2; half >= 1; half /= 2) {
		if ((x >> (w - half)) == 0) {
			x = (x << half) & wv_wmask(w);
			n += half;
		}
	}
	return n;
}

static inline unsigned wv_ctz_portable(uint64_t x, unsigned w)
{
	unsigned n = 0;

	if (x == 0)
		return w;
	for (unsigned half = w / 2; half >= 1; half /= 2) {
		if ((x & wv_wmask(half)) == 0) {
			x >>= half;
			n += half;
		}
	}
	return n;
}

static inline unsigned wv_popcount_portable(uint64_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/*
 * Count leading zeros of a w-bit value (cntlzd/cntlzw on PowerPC, flogr on
 * s390, clz on arm).  clz(0) == w, as cntlzd and flogr give.
 */
static inline unsigned wv_clz(uint64_t x, unsigned w)
{
#if defined(__GNUC__)
	if (x == 0)
		return w;
	return (unsigned)__builtin_clzll(x) - (64 - w);
#else
	return wv_clz_portable(x, w);
#endif
}

/* Count trailing zeros (bsf/tzcnt, rbit+clz, cttz).  ctz(0) == w. */
static inline unsigned wv_ctz(uint64_t x, unsigned w)
{
#if defined(__GNUC__)
	if (x == 0)
		return w;
	return (unsigned)__builtin_ctzll(x);
#else
	return wv_ctz_portable(x, w);
#endif
}

/* Population count (popcntd). */
static inline unsigned wv_popcount(uint64_t x)
{
#if defined(__GNUC__)
	return (unsigned)__builtin_popcountll(x);
#else
	return wv_popcount_portable(x);
#endif
}

/* The kernel's __ffs(x): index of the lowest set bit; w for x == 0. */
static inline unsigned wv___ffs(uint64_t x, unsigned w) { return wv_ctz(x, w); }

/*
 * The kernel's __fls(x): 0-based index of the top set bit (w - 1 - clz).
 * The kernel leaves __fls(0) undefined; here it is w, an index no bit has,
 * so a shift by it gives 0 through wv_shl().
 */
static inline unsigned wv___fls(uint64_t x, unsigned w)
{
	return x == 0 ? w : w - 1 - wv_clz(x, w);
}

/* The kernel's fls()/fls64(): 1-based index of the top set bit, 0 for 0. */
static inline unsigned wv_fls(uint64_t x, unsigned w) { return w - wv_clz(x, w); }

/* PowerPC cmpb: each byte 0xff where the bytes of a and b are equal, else 0. */
static inline uint64_t wv_cmpb(uint64_t a, uint64_t b, unsigned w)
{
	uint64_t r = 0;

	for (unsigned i = 0; i < w; i += 8)
		if (((a >> i) & 0xff) == ((b >> i) & 0xff))
			r |= UINT64_C(0xff) << i;
	return r;
}

/* Alpha cmpbge: bit i set iff byte i of a >= byte i of b (unsigned). */
static inline uint64_t wv_cmpbge(uint64_t a, uint64_t b, unsigned w)
{
	uint64_t r = 0;

	for (unsigned i = 0; i < w / 8; i++)
		if (((a >> 8 * i) & 0xff) >= ((b >> 8 * i) & 0xff))
			r |= UINT64_C(1) << i;
	return r;
}

/* ---- the two zero-byte formulas ------------------------------------------ */

/*
 * The cheap test (Mycroft 1987), F(a) = (a - ONES) & ~a & HIGHS: 0x80 in every
 * zero byte, plus in any 0x01 byte that a borrow from a zero below reaches.
 * Exact at its least significant flag.  include/asm-generic/word-at-a-time.h,
 * arch/x86/include/asm/word-at-a-time.h.
 * Example: F(0x0000006463006261, 64) == 0x8080800000800000.
 */
static inline uint64_t wv_cheap_zero(uint64_t a, unsigned w)
{
	return (a - wv_ones(w)) & ~a & wv_highs(w);
}

/*
 * The exact test (Hacker's Delight 6-1), E(x) = ~(((x & LOW7) + LOW7) | x | LOW7):
 * 0x80 in exactly the zero bytes; no carry crosses a byte.
 * Example: E(0x0100010001000100, 64) == 0x0080008000800080.
 */
static inline uint64_t wv_exact_zero(uint64_t x, unsigned w)
{
	uint64_t low7 = wv_low7(w);

	return ~(((x & low7) + low7) | x | low7) & wv_wmask(w);
}

/*
 * (bits - 1) & ~bits, then >> 7: from 0x80 flags whose lowest is the first
 * zero, 0xff in every byte below it.  0x...8000 -> 0xff.  create_zero_mask on
 * x86, arm, riscv, generic LE; zero_bytemask on x86-64 since v6.11.
 */
static inline uint64_t wv_flags_to_bytemask(uint64_t bits, unsigned w)
{
	return (((bits - 1) & ~bits) & wv_wmask(w)) >> 7;
}

/*
 * count_masked_bytes for 64 bits: mask is 2^(8k) - 1, and the multiply
 * leaves k in the top byte.  arch/x86/include/asm/word-at-a-time.h.
 * 0xffff * 0x0001020304050608 == 0x020202020202f9f8, >> 56 == 2.
 */
#define WV_COUNT_MASKED_MUL UINT64_C(0x0001020304050608)
static inline unsigned wv_count_masked_bytes64(uint64_t mask)
{
	return (unsigned)((mask * WV_COUNT_MASKED_MUL) >> 56);
}

/*
 * count_masked_bytes for 32 bits: ((0x0ff0001 + mask) >> 23) & mask.
 * mask 0 -> 0, 0xff -> 1, 0xffff -> 2, 0xffffff -> 3.
 * arch/x86/include/asm/word-at-a-time.h (CONFIG_64BIT unset).  The sum
 * wraps at 32 bits as the kernel's 32-bit long does (it only matters for
 * masks create_zero_mask never makes, such as 0xff010300).
 */
#define WV_COUNT_MASKED_ADD UINT64_C(0x0ff0001)
static inline unsigned wv_count_masked_bytes32(uint64_t mask)
{
	return (unsigned)((((WV_COUNT_MASKED_ADD + mask) & wv_wmask(32)) >> 23) & mask);
}

/*
 * clz(mask)/8 by halving, as include/asm-generic/word-at-a-time.h's big-endian
 * find_zero does without a clz instruction: look at the top half; if it is
 * empty the zero is at least half a word further on.
 */
static inline unsigned wv_clz_bytes_halving(uint64_t mask, unsigned w)
{
	unsigned byte = 0;

	if (w == 64) {
		if (mask >> 32)
			mask >>= 32;
		else
			byte = 4;
	}
	if (mask >> 16)
		mask >>= 16;
	else
		byte += 2;
	return (mask >> 8) ? byte : byte + 1;
}

/* ~1 << n in w bits (the big-endian zero_bytemask); 0 when n >= w. */
static inline uint64_t wv_not1_shl(unsigned n, unsigned w)
{
	return wv_shl(~UINT64_C(1) & wv_wmask(w), n, w);
}

#endif /* WATVIZ_WORDOPS_H */
