/*
 * watviz/cost.h - what a variant's calls cost, counted in word operations.
 *
 * The unit is the operation of the formula, as docs/VARIANTS.md and the
 * kernel's C write it: each operator applied to a word (+ - * & | ^ ~ << >>),
 * each test of a value (an if or a ?: in a search), and each bit instruction
 * or helper (cmpb, cmpbge, clz/cntlz/flogr behind __fls and fls, __ffs,
 * cttz, popcount) counts one.  Work on constants alone (ONES, REPEAT_BYTE(0xfe)
 * + 1, ~1) is done by the compiler and counts nothing; so do assignments,
 * calls and returns.  These are not machine instructions: a compiler and an
 * architecture change those (x86's andn and powerpc's andc do & ~ in one; a
 * load or a branch is not in any formula), and a bit helper counts one
 * because the variant's instruction (its insns) does it in one where the CPU
 * has it (alpha before EV67 and riscv without Zbb search in C instead).
 *
 * Each count is the number of operations in a list written beside the
 * formula it comes from (wv_cost_ops), so the list a lesson shows and the
 * number it asks are the same text.  tests/unit/test_cost.c derives every
 * count again from docs/VARIANTS.md's formulas and the kernel's headers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_COST_H
#define WATVIZ_COST_H

#include "watviz/wat.h"

/* The five calls of a variant, in the order the kernel makes them. */
enum wv_cost_call {
	WV_COST_HAS_ZERO,	/* on every word the loop loads */
	WV_COST_PREP,		/* the four after the loop: once per string */
	WV_COST_CREATE,
	WV_COST_FIND,
	WV_COST_ZBM,
	WV_COST_CALLS
};

/*
 * What one word and one string cost on a variant.  Per word, both loops
 * also load once and branch once per pass: the word loop once per word, the
 * byte loop once per byte; those are in no formula and not counted here.
 */
struct wv_cost {
	unsigned call[WV_COST_CALLS];	/* each call's operations */
	unsigned loop_test;	/* per word: has_zero and the loop's test of
				   its result against 0 */
	unsigned after;		/* prep + create + find, once per string, on
				   the word the loop stopped at: what every
				   caller runs (do_strnlen_user stops there;
				   strscpy, strncpy_from_user and hash_name
				   add zero_bytemask, call[WV_COST_ZBM]) */
	unsigned byte_test;	/* the byte loop's tests for the same bytes:
				   one compare with 0 per byte, B per word */
};

/*
 * The operations of one call of v, as a list separated by spaces in the
 * order the formula applies them ("- ~ & &" for the cheap test); "" where
 * the call does nothing (prep_zero_mask returning data).  Static storage.
 */
const char *wv_cost_ops(const struct wv_variant *v, enum wv_cost_call call);

/* The formula those operations are counted on, as the kernel writes it. */
const char *wv_cost_formula(const struct wv_variant *v, enum wv_cost_call call);

/*
 * Fill *c for v.  x86-64: has_zero 4, loop_test 5, after 2 (find_zero), byte_test 8.
 */
void wv_cost_of(const struct wv_variant *v, struct wv_cost *c);

#endif /* WATVIZ_COST_H */
