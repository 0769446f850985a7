/*
 * prove/prove.h - is an expression non-zero for every word?
 *
 * The claims of try/try.h (and the kernel's own sequences) are single
 * expressions over the word a (expr/expr.h) that must be non-zero for every
 * a.  Two ways to find out:
 *   - the SMT solver Z3 (built in when `pkg-config z3` finds it): a proof for
 *     all 2^W words, or a counterexample;
 *   - enumeration, without Z3: every 32-bit word (two threads), or, for 64
 *     bits, the words with at most two non-zero bytes, the critical-byte set
 *     (bytes from 00 01 02 7f 80 81 fe ff) and random words -- which is NOT
 *     a proof, and the verdict says so.
 * Either way a counterexample is the smallest: fewest non-zero bytes, then
 * the smallest value (among the words tried, for the sampled 64-bit check),
 * unless the solver's budget ran out while it looked for a smaller one,
 * and then it says so (wv_proof.smallest).  The limits are counted work,
 * never time: the same formula gets the same verdict on every machine.
 * Nothing here prints; this is the only module that includes <z3.h>.
 * Z3 is loaded when a proof first needs it, not when watviz starts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PROVE_H
#define WATVIZ_PROVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr/expr.h"

struct wv_proof {
	bool holds;		/* no word makes the expression 0 (of those tried) */
	bool is_proof;		/* every one of the 2^W words is covered */
	bool smallest;		/* when !holds: cex is the smallest; false when
				   the search for a smaller one was cut short
				   (the solver's budget spent): then cex is a
				   counterexample, not known to be the least */
	bool gave_up;		/* z3: the budget was spent before any answer
				   (wv_prove_solve returned -EIO): neither a
				   proof nor a refutation */
	const char *method;	/* "z3", "exhaustive" or "sampled" */
	uint64_t cex;		/* when !holds: a counterexample (see smallest) */
	uint64_t checked;	/* words evaluated (0 for z3) */
	uint64_t work;		/* z3: units of work spent (Z3's "rlimit count") */
	uint64_t budget;	/* z3: the units it was allowed */
	double seconds;		/* wall time, for the record: no verdict reads it */
};

/*
 * How much work Z3 may do for one formula (every check of it, the search
 * for the smallest counterexample included), in Z3's own resource units
 * (its rlimit, "rlimit count" in its statistics): counted work, never
 * seconds, so a formula gets the same verdict on every machine, loaded or
 * not, for a given Z3 version (4.8.12 measured).  The hardest formula of
 * the test suite and the lessons, x86-64 (a - ONES) & HIGHS, takes 318,261
 * units (docs/PERFORMANCE.md says how that was measured); this is 12.6
 * times that, and test_prove checks that every formula it proves stays
 * within a tenth of it.  Z3 does about 2.5 million units a second on the
 * project's machine, so the budget is under 2 s of a quiet core.
 */
#define WV_PROVE_WORK UINT64_C(4000000)

/*
 * Can this watviz prove with Z3?  It was built with it, and libz3 could be
 * loaded (the first call loads it: prove/dl.h).  When false, prove by
 * enumeration (wv_prove_enumerate).
 */
bool wv_prove_have_solver(void);

/*
 * Why there is no solver, as the end of a sentence with the fix: "this
 * watviz was built without Z3: install libz3-dev, then build it again", or
 * "libz3.so.4 could not be loaded (...): install the package libz3-4".
 * NULL when wv_prove_have_solver() is true.
 */
const char *wv_prove_solver_missing(void);


/*
 * Prove that e's root is non-zero for every a, with Z3, within
 * WV_PROVE_WORK units of work.  Returns 0 with *p (method "z3", is_proof
 * true; when refuted, p->smallest says whether the counterexample is the
 * least), -ENOSYS in a build without Z3, -EIO when the solver gave up
 * before an answer (p->gave_up, p->work: the budget spent; or Z3 said
 * unknown of its own accord), -EINTR when wv_prove_interrupt() stopped it,
 * -ENOMEM.
 */
int wv_prove_solve(const struct wv_expr *e, struct wv_proof *p);

/* The same within work units instead of WV_PROVE_WORK (at most 2^32 - 1). */
int wv_prove_solve_within(const struct wv_expr *e, uint64_t work, struct wv_proof *p);

#define WV_PROVE_WORK_MAX UINT32_MAX	/* the most WATVIZ_PROVE_WORK may ask */

/*
 * The solver's budget for --try and :try alike: WATVIZ_PROVE_WORK when it
 * is set (a whole number of Z3's work units, 1 to WV_PROVE_WORK_MAX), else
 * WV_PROVE_WORK.  0 with *work; -1 when the variable holds anything else
 * (*work is then WV_PROVE_WORK).  Where there is no environment (the web
 * page), the default.
 */
int wv_prove_work(uint64_t *work);

/*
 * The same by evaluation (method "exhaustive" for 32 bits, "sampled" for
 * 64): a fixed plan of words, so its length is counted in words, never
 * timed -- 2^32 + 391,171 words for 32 bits, and for 64 the 1 + 8 * 255 +
 * 28 * 255^2 words with at most two non-zero bytes, the 2^24 critical-byte
 * words and 2^20 random ones (fewer when a class already holds a
 * counterexample).  The counterexample is always the smallest of the words
 * tried (p->smallest true; is_proof says whether they were all of them).
 * quick: check only the cheap classes (at most two non-zero bytes and
 * the critical set) even for 32 bits, which is then not a proof either.
 * Returns 0 or -ENOMEM / -EAGAIN (a thread could not start) / -EINTR
 * (wv_prove_interrupt() stopped it: nothing decided).
 */
int wv_prove_enumerate(const struct wv_expr *e, bool quick, struct wv_proof *p);

/* wv_prove_solve when built with Z3, else wv_prove_enumerate(e, false, p). */
int wv_prove(const struct wv_expr *e, struct wv_proof *p);

/*
 * Ask the proof running now (wv_prove_solve*, wv_prove_enumerate,
 * wv_prove) to stop: it then returns -EINTR soon (Z3 within about 10 ms of
 * its own work, the enumeration within a block of words), having decided
 * nothing.  Returns whether a proof was running.  Safe to call from a
 * signal handler (the visualizer's Ctrl-C) or from another thread.
 */
bool wv_prove_interrupt(void);

/* How many bytes of x are not 0. */
unsigned wv_prove_nonzero_bytes(uint64_t x);

/*
 * Smallest-counterexample order: does x come before y?  Fewer non-zero bytes
 * first, then the smaller value.
 */
bool wv_prove_before(uint64_t x, uint64_t y);

/*
 * How wv_prove_enumerate runs its jobs: n jobs of size bytes each at jobs,
 * run(job) once each; returns how many ran (fewer when a thread could not
 * start: the jobs from there on did not run).  The terminal program runs
 * them on threads (src/prove/jobs.c); the web page, which has none, one
 * after another (src/front/web/jobs_serial.c).  Each job writes only its own
 * struct, so the proof is the same either way.
 */
int wv_prove_jobs(void *(*run)(void *), void *jobs, size_t size, int n);

#endif /* WATVIZ_PROVE_H */
