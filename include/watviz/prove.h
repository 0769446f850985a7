/*
 * watviz/prove.h - is an expression non-zero for every word?
 *
 * The claims of watviz/try.h (and the kernel's own sequences) are single
 * expressions over the word a (watviz/expr.h) that must be non-zero for every
 * a.  Two ways to find out:
 *   - the SMT solver Z3 (built in when `pkg-config z3` finds it): a proof for
 *     all 2^W words, or a counterexample;
 *   - enumeration, without Z3: every 32-bit word (two threads), or, for 64
 *     bits, the words with at most two non-zero bytes, the critical-byte set
 *     (bytes from 00 01 02 7f 80 81 fe ff) and random words -- which is NOT
 *     a proof, and the verdict says so.
 * Either way a counterexample is the smallest: fewest non-zero bytes, then
 * the smallest value (among the words tried, for the sampled 64-bit check).
 * Nothing here prints; this is the only module that includes <z3.h>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PROVE_H
#define WATVIZ_PROVE_H

#include <stdbool.h>
#include <stdint.h>

#include "watviz/expr.h"

struct wv_proof {
	bool holds;		/* no word makes the expression 0 (of those tried) */
	bool is_proof;		/* every one of the 2^W words is covered */
	const char *method;	/* "z3", "exhaustive" or "sampled" */
	uint64_t cex;		/* when !holds: the smallest counterexample */
	uint64_t checked;	/* words evaluated (0 for z3) */
	double seconds;		/* wall time of the check */
};

/* How long Z3 may spend on one check, in ms (a string: Z3's parameter). */
#define WV_PROVE_TIMEOUT_MS "10000"

/* Was watviz built with Z3? */
bool wv_prove_have_solver(void);

/* Z3's version, "4.8.12.0", or "none". */
const char *wv_prove_solver_version(void);

/*
 * Prove that e's root is non-zero for every a, with Z3.  Returns 0 with *p
 * (method "z3", is_proof true), -ENOSYS in a build without Z3, -EIO when the
 * solver gives up (unknown, or WV_PROVE_TIMEOUT_MS spent on one check).
 */
int wv_prove_solve(const struct wv_expr *e, struct wv_proof *p);

/*
 * The same by evaluation (method "exhaustive" for 32 bits, "sampled" for
 * 64).  quick: check only the cheap classes (at most two non-zero bytes and
 * the critical set) even for 32 bits, which is then not a proof either.
 * Returns 0 or -ENOMEM / -EAGAIN (a thread could not start).
 */
int wv_prove_enumerate(const struct wv_expr *e, bool quick, struct wv_proof *p);

/* wv_prove_solve when built with Z3, else wv_prove_enumerate(e, false, p). */
int wv_prove(const struct wv_expr *e, struct wv_proof *p);

/*
 * Smallest-counterexample order: does x come before y?  Fewer non-zero bytes
 * first, then the smaller value.
 */
bool wv_prove_before(uint64_t x, uint64_t y);

#endif /* WATVIZ_PROVE_H */
