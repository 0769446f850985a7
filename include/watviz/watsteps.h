/*
 * watviz/watsteps.h - the five kernel steps of a variant, chosen by kind.
 *
 * Each function computes one step (has_zero, prep_zero_mask, create_zero_mask,
 * find_zero, zero_bytemask) from its kind (watviz/wat.h) and the word width w,
 * using the formulas of watviz/wordops.h.  The variant table
 * (src/core/variants.c) builds every entry's function pointers from these with
 * the kind and width fixed; the exhaustive proofs
 * (tests/unit/test_core_exhaustive.c) inline the same functions with the
 * variant's kinds as constants, so the compiler folds the switch away and
 * proves, without a call per word, exactly the code the table runs.
 *
 * Values as in wordops.h: uint64_t, upper 32 bits zero for w == 32.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WATSTEPS_H
#define WATVIZ_WATSTEPS_H

#include <stdint.h>

#include "watviz/wat.h"
#include "watviz/wordops.h"

/*
 * has_zero(a, &data): non-zero when a holds a zero byte; *data is the
 * variant's intermediate.
 * - CHEAP: F(a), kept in data (x86, arm, riscv, generic LE).
 * - CHEAP_BE: (a + (REPEAT_BYTE(0xfe) + 1)) & ~(a | LOW7), which is F(a)
 *   (the addend equals -ONES); data = a | LOW7 for prep_zero_mask
 *   (include/asm-generic/word-at-a-time.h, arch/powerpc).
 * - CMPB: cmpb(a, 0), 0xff in each zero byte (ppc64le).
 * - CMPBGE: cmpbge(0, a), bit i set iff byte i <= 0 (alpha).
 * - EXACT: E(a) straight away (s390, 2023).
 */
static inline uint64_t wv_wat_step_has_zero(enum wv_hz_kind kind, uint64_t a,
					    uint64_t *data, unsigned w)
{
	switch (kind) {
	case WV_HZ_CHEAP_BE: {
		uint64_t rhs = a | wv_low7(w);
		uint64_t high = (wv_repeat_byte(0xfe, w) + 1) & wv_wmask(w);

		*data = rhs;
		return (a + high) & ~rhs & wv_wmask(w);
	}
	case WV_HZ_CMPB:
		*data = wv_cmpb(a, 0, w);
		return *data;
	case WV_HZ_CMPBGE:
		*data = wv_cmpbge(0, a, w);
		return *data;
	case WV_HZ_EXACT:
		*data = wv_exact_zero(a, w);
		return *data;
	case WV_HZ_CHEAP:
	default:
		*data = wv_cheap_zero(a, w);
		return *data;
	}
}

/*
 * prep_zero_mask(a, data): IDENTITY returns data; EXACT_BE is
 * ~(((a & LOW7) + LOW7) | rhs) with rhs = a | LOW7, i.e. E(a).
 */
static inline uint64_t wv_wat_step_prep(enum wv_prep_kind kind, uint64_t a,
					uint64_t data, unsigned w)
{
	if (kind == WV_PREP_EXACT_BE) {
		uint64_t low7 = wv_low7(w);

		return ~(((a & low7) + low7) | data) & wv_wmask(w);
	}
	return data;
}

/*
 * create_zero_mask(bits): IDENTITY; BYTEMASK ((b - 1) & ~b) >> 7; POPCOUNT
 * popcount((b - 1) & ~b) == 8k (ppc64le, Alan Modra's tail); FLS __fls(b),
 * the bit index of the first zero's flag (s390).
 */
static inline uint64_t wv_wat_step_create(enum wv_create_kind kind, uint64_t bits,
					  unsigned w)
{
	switch (kind) {
	case WV_CREATE_BYTEMASK:
		return wv_flags_to_bytemask(bits, w);
	case WV_CREATE_POPCOUNT:
		return wv_popcount((bits - 1) & ~bits & wv_wmask(w));
	case WV_CREATE_FLS:
		return wv___fls(bits, w);
	case WV_CREATE_IDENTITY:
	default:
		return bits;
	}
}

/* find_zero(mask): the memory index of the first zero byte. */
static inline unsigned wv_wat_step_find(enum wv_find_kind kind, uint64_t mask, unsigned w)
{
	switch (kind) {
	case WV_FIND_MUL:
		return wv_count_masked_bytes64(mask);
	case WV_FIND_ADD32:
		return wv_count_masked_bytes32(mask);
	case WV_FIND_CLZ_HALVING:
		return wv_clz_bytes_halving(mask, w);
	case WV_FIND_CLZ:
		return wv_clz(mask, w) >> 3;
	case WV_FIND_FFS:
		return wv___ffs(mask, w) >> 3;
	case WV_FIND_FLS:
		return wv_fls(mask, w) >> 3;
	case WV_FIND_SHIFT3:
		return (unsigned)(mask >> 3);
	case WV_FIND_CTZ:
		return wv_ctz(mask, 8);
	case WV_FIND_XOR:
	default:
		return (unsigned)((mask ^ (w - 1)) >> 3);
	}
}

/*
 * zero_bytemask(mask): 0xff in every byte before the first zero.
 * IDENTITY; FROM_FLAGS ((bits - 1) & ~bits) >> 7; FLS_SHIFT ~1 << __fls(mask);
 * BITCOUNT (1 << m) - 1 (the kernel never asks for m == w, no zero);
 * ALPHA (2 << 8 * find_zero(bits)) - 1, one bit more than the bytes before;
 * INDEX ~1 << idx.
 */
static inline uint64_t wv_wat_step_zbm(enum wv_zbm_kind kind, uint64_t mask, unsigned w)
{
	switch (kind) {
	case WV_ZBM_FROM_FLAGS:
		return wv_flags_to_bytemask(mask, w);
	case WV_ZBM_FLS_SHIFT:
		return wv_not1_shl(wv___fls(mask, w), w);
	case WV_ZBM_BITCOUNT:
		return (wv_shl(1, mask > w ? w : (unsigned)mask, w) - 1) & wv_wmask(w);
	case WV_ZBM_ALPHA:
		return (wv_shl(2, 8 * wv_ctz(mask, 8), w) - 1) & wv_wmask(w);
	case WV_ZBM_INDEX:
		return wv_not1_shl(mask > w ? w : (unsigned)mask, w);
	case WV_ZBM_IDENTITY:
	default:
		return mask;
	}
}

#endif /* WATVIZ_WATSTEPS_H */
