/*
 * try/try.h - a student's formula as claims and as steps.
 *
 * `watviz --try EXPR --as has_zero|exact|find_zero` needs three things from
 * here, all pure:
 *   - the claim: one expression (expr/expr.h) that is non-zero for the word
 *     a exactly when the formula does what --as says for a.  The statements
 *     of what is right ("a byte of a is zero", "0x80 in exactly the zero
 *     bytes", "the first zero's memory index") are written byte by byte, not
 *     with any of the word-at-a-time tricks, so a prover (prove/prove.h) can
 *     check the claim for every word;
 *   - the kernel's own sequence of each variant as expression terms, to feed
 *     find_zero formulas the variant's create_zero_mask output and to prove
 *     the variants themselves (tests/unit/test_prove_kernel.c);
 *   - the sub-steps: the formula on one word, one sub-step per operator, in
 *     the step engine's rows (trace/trace.h), ready for its renderers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRY_H
#define WATVIZ_TRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr/error.h"
#include "expr/expr.h"
#include "trace/trace.h"
#include "watviz/wat.h"

enum wv_try_as { WV_AS_HAS_ZERO, WV_AS_EXACT, WV_AS_FIND_ZERO };

/* "has_zero", "exact", "find_zero". */
const char *wv_try_as_name(enum wv_try_as as);

/* The --as value called name, or -1. */
int wv_try_as_find(const char *name);

/*
 * The kernel's five functions of a variant as expression text (its
 * word-at-a-time.h restated, see docs/VARIANTS.md): has_zero and data
 * over a; prep over a and data; create over bits; find and zbm over mask.
 */
struct wv_kernel_terms {
	const char *has_zero, *data, *prep, *create, *find, *zbm;
};
void wv_try_kernel_terms(const struct wv_variant *v, struct wv_kernel_terms *k);

/* Node indices of the kernel's sequence parsed into an expression. */
struct wv_kernel_seq {
	unsigned has_zero, data, prep;		/* on the word */
	unsigned delim_word, delim_has_zero, delim_prep;	/* delim >= 0 only */
	unsigned mask;		/* create_zero_mask(prep [| delim_prep]) */
	unsigned find, zbm;	/* find_zero(mask), zero_bytemask(mask) */
};

/*
 * Parse v's sequence into e (of v's width) on the word node `word`, as
 * hash_name runs it with a second terminator delim (-1 none): b = word ^
 * REPEAT_BYTE(delim), mask = create(prep(word) | prep(b)).  Binds "mask" to
 * the mask and "a" back to node 0.  Returns 0, or -1 (a bug: the table does
 * not parse; *err says where).
 */
int wv_try_kernel_seq(struct wv_expr *e, const struct wv_variant *v,
		      unsigned word, int delim, struct wv_kernel_seq *s,
		      struct wv_error *err);

/*
 * Statements of what is right, byte by byte, as expression text over a for a
 * w-bit word of the given byte order, into buf (returns 0, or -1 when size
 * is too small):
 *   any:   non-zero iff a byte of a is 0 (or == delim when delim >= 0)
 *   exact: 0x80 in exactly the zero bytes of a
 *   first: memory index of the first byte that is 0 (or delim), B if none
 *   zbm:   0xff in every byte before the first zero (memory order), 0 from it
 */
int wv_try_spec_any(char *buf, size_t size, unsigned w, int delim);
int wv_try_spec_exact(char *buf, size_t size, unsigned w);
int wv_try_spec_first(char *buf, size_t size, unsigned w, enum wv_endian en, int delim);
int wv_try_spec_zbm(char *buf, size_t size, unsigned w, enum wv_endian en);

/* What a --try parse produced. */
struct wv_try {
	struct wv_expr e;	/* the formula, the variant's terms, the claim */
	unsigned user;		/* the formula's node */
	unsigned want;		/* what it should be: for has_zero "a byte is 0"
				   (0/1), for exact the exact mask, for
				   find_zero the first zero's index */
	unsigned claim;		/* non-zero when the formula is right for a
				   (e.root is this node too) */
	unsigned first_user;	/* the formula's first node: nodes before it
				   belong to the variant's terms */
	unsigned mask;		/* find_zero: the variant's mask node */
	enum wv_try_as as;
};

/*
 * Parse the formula src for v and build the claim for as into *t.  A
 * find_zero formula reads the variant's create_zero_mask output as `mask`
 * (the word is still `a`).  Returns 0, or -1 with *err (col in src).
 */
int wv_try_parse(struct wv_try *t, const char *src, const struct wv_variant *v,
		 enum wv_try_as as, struct wv_error *err);

/*
 * The formula on the word a as steps for the step engine's renderers: in
 * *tr, one step per operator of the formula (and one that states the claim),
 * each with one sub-step whose rows are the operands, a borrow or carry row
 * under - and +, and the result; bytes of a that are zero are marked, and so
 * are the result's flags (a flag in a non-zero byte as a false positive).
 * tr owns what it points to: free with wv_trace_free().  Returns 0 or -ENOMEM.
 */
int wv_try_trace(const struct wv_try *t, const struct wv_variant *v, uint64_t a,
		 struct wv_trace *tr);

#endif /* WATVIZ_TRY_H */
