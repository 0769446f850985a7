/*
 * Verdicts on formulas (try/try.h + prove/prove.h):
 * - the kernel's formulas are proven at 32 and 64 bits;
 * - (a - ONES) & HIGHS, (a - ONES) & ~a and a & HIGHS are refuted, and each
 *   counterexample is confirmed by a byte loop written here;
 * - the counterexample is the smallest (fewest non-zero bytes, then value),
 *   checked against a brute-force search of the classes that hold it;
 * - Z3's meaning of every operator is the evaluator's (each operator's term
 *   is proven equal to the evaluator's value at fixed words);
 * - without the solver (wv_prove_enumerate, the path a build without Z3
 *   takes): the same verdicts, 32 bits exhaustively, 64 bits "not a proof".
 * The Z3 tests skip, saying so, in a build without Z3.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "prove/prove.h"
#include "try/try.h"

static struct wv_try t;

static void parse(const char *arch, const char *src, enum wv_try_as as)
{
	struct wv_error err;

	if (wv_try_parse(&t, src, variant(arch), as, &err) != 0)
		fail_msg("%s: \"%s\" col %d: %s", arch, src, err.col, err.msg);
}

static bool need_z3(void)
{
	if (wv_prove_have_solver())
		return true;
	printf("# skipped: this build has no Z3 (pkg-config z3 found none, or Z3=no)\n");
	return false;
}

/* The byte loop: does the w-bit word x hold a zero byte? */
static bool ref_has_zero(uint64_t x, unsigned w)
{
	for (unsigned i = 0; i < w / 8; i++)
		if (((x >> 8 * i) & 0xff) == 0)
			return true;
	return false;
}

/* The byte loop: 0x80 in exactly the zero bytes. */
static uint64_t ref_exact(uint64_t x, unsigned w)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < w / 8; i++)
		if (((x >> 8 * i) & 0xff) == 0)
			m |= UINT64_C(0x80) << 8 * i;
	return m;
}

static struct wv_proof prove(const char *arch, const char *src, enum wv_try_as as)
{
	struct wv_proof p;

	parse(arch, src, as);
	assert_int_equal(wv_prove_solve(&t.e, &p), 0);
	assert_string_equal(p.method, "z3");
	assert_true(p.is_proof);
	assert_false(p.gave_up);
	assert_true(p.holds || p.smallest);
	printf("# %-12s %-40s %-9s %s, %llu units of work (%.3f s)\n", arch, src,
	       wv_try_as_name(as), p.holds ? "proven" : "refuted",
	       (unsigned long long)p.work, p.seconds);
	/* the margin docs/PERFORMANCE.md states: ten times the hardest case */
	if (p.work * 10 > WV_PROVE_WORK)
		fail_msg("%s: %llu units of work, within a tenth of the budget %llu",
			 src, (unsigned long long)p.work,
			 (unsigned long long)WV_PROVE_WORK);
	return p;
}

static void kernel_formulas_proven(void **state)
{
	static const struct { const char *arch, *src; enum wv_try_as as; } cases[] = {
		{ "x86-64-v6.10", "(a - ONES) & ~a & HIGHS", WV_AS_HAS_ZERO },
		{ "x86-32", "(a - ONES) & ~a & HIGHS", WV_AS_HAS_ZERO },
		{ "ppc64", "(a + (REPEAT_BYTE(0xfe) + 1)) & ~(a | LOW7)", WV_AS_HAS_ZERO },
		{ "ppc32", "(a + (REPEAT_BYTE(0xfe) + 1)) & ~(a | LOW7)", WV_AS_HAS_ZERO },
		{ "x86-64-v6.10", "~(((a & LOW7) + LOW7) | a | LOW7)", WV_AS_EXACT },
		{ "x86-32", "~(((a & LOW7) + LOW7) | a | LOW7)", WV_AS_EXACT },
		{ "x86-64-v6.10", "cmpbge(0, a)", WV_AS_HAS_ZERO },
		{ "x86-64-v6.10", "(mask * 0x0001020304050608) >> 56", WV_AS_FIND_ZERO },
		{ "x86-32", "((0x0ff0001 + mask) >> 23) & mask", WV_AS_FIND_ZERO },
		{ "x86-64", "__ffs(mask) >> 3", WV_AS_FIND_ZERO },
		{ "ppc64", "clz(mask) >> 3", WV_AS_FIND_ZERO },
		{ "generic-be32", "clz(mask) >> 3", WV_AS_FIND_ZERO },
		{ "arm", "fls(mask) >> 3", WV_AS_FIND_ZERO },
		{ "s390", "(mask ^ 63) >> 3", WV_AS_FIND_ZERO },
		{ "alpha", "ctz(mask)", WV_AS_FIND_ZERO },
		{ "ppc64le", "mask >> 3", WV_AS_FIND_ZERO },
	};

	(void)state;
	if (!need_z3())
		return;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wv_proof p = prove(cases[i].arch, cases[i].src, cases[i].as);

		if (!p.holds)
			fail_msg("%s on %s refuted by 0x%llx", cases[i].src, cases[i].arch,
				 (unsigned long long)p.cex);
	}
}

/* A has_zero counterexample: the byte loop and the formula disagree. */
static void confirm_has_zero(const char *src, unsigned w, uint64_t cex)
{
	uint64_t val[WV_EXPR_NODES];

	parse(w == 64 ? "x86-64-v6.10" : "x86-32", src, WV_AS_HAS_ZERO);
	assert_true((wv_expr_eval(&t.e, cex, val), val[t.user] != 0) !=
		    ref_has_zero(cex, w));
}

static void wrong_formulas_refuted(void **state)
{
	static const struct { const char *src; unsigned w; uint64_t smallest; } cases[] = {
		/*
		 * No byte is 0, yet a - ONES sets bit 7 of a byte >= 0x81: every
		 * byte must be non-zero, and 0x..01 0181 is the least such word.
		 */
		{ "(a - ONES) & HIGHS", 64, UINT64_C(0x0101010101010181) },
		{ "(a - ONES) & HIGHS", 32, 0x01010181 },
		/* without & HIGHS the low bits of a - ONES leak: 0x02 - 1 = 0x01 */
		{ "(a - ONES) & ~a", 64, UINT64_C(0x0101010101010102) },
		{ "(a - ONES) & ~a", 32, 0x01010102 },
		/* the word 0 has only zero bytes, and a & HIGHS says none */
		{ "a & HIGHS", 64, 0 },
		{ "a & HIGHS", 32, 0 },
	};

	(void)state;
	if (!need_z3())
		return;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wv_proof p = prove(cases[i].w == 64 ? "x86-64-v6.10" : "x86-32",
					  cases[i].src, WV_AS_HAS_ZERO);

		assert_false(p.holds);
		confirm_has_zero(cases[i].src, cases[i].w, p.cex);
		if (p.cex != cases[i].smallest)
			fail_msg("%s at %u bits: 0x%llx, want 0x%llx", cases[i].src,
				 cases[i].w, (unsigned long long)p.cex,
				 (unsigned long long)cases[i].smallest);
	}
}

/*
 * A budget too small for the whole search: the answer is still honest.  For
 * budgets from half the full search's work down to a single unit, the
 * solver gives up (-EIO, gave_up), or finds a real counterexample that it
 * calls the smallest only when it is the least (0x0101010101010102, the
 * case above).  Some budget must land between the first answer and the
 * end of the search, and some must be too small for any answer, so both
 * paths run here; the counts are Z3's, the same on every run.
 */
static void cut_short_is_said(void **state)
{
	const char *src = "(a - ONES) & ~a";
	const uint64_t least = UINT64_C(0x0101010101010102);
	struct wv_proof p;
	uint64_t full;
	bool cut = false, gave_up = false;

	(void)state;
	if (!need_z3())
		return;
	p = prove("x86-64-v6.10", src, WV_AS_HAS_ZERO);
	full = p.work;
	assert_true(p.smallest);
	assert_int_equal(p.cex, least);
	for (uint64_t d = 2; d <= full * 2; d *= 2) {
		uint64_t budget = full / d ? full / d : 1;
		int rc = wv_prove_solve_within(&t.e, budget, &p);

		assert_int_equal(p.budget, budget);
		if (rc == -EIO) {
			assert_true(p.gave_up);
			gave_up = true;
			continue;
		}
		assert_int_equal(rc, 0);
		assert_false(p.gave_up);
		assert_false(p.holds);
		confirm_has_zero(src, 64, p.cex);
		if (p.smallest)
			assert_int_equal(p.cex, least);
		else
			cut = true;
		printf("# budget %8llu: %s 0x%016llx after %llu units\n",
		       (unsigned long long)budget, p.smallest ? "the smallest" : "a",
		       (unsigned long long)p.cex, (unsigned long long)p.work);
	}
	assert_true(cut);
	assert_true(gave_up);
}

/* (a - ONES) & ~a & HIGHS in plain C, for the word mask m */
static uint64_t cheap(uint64_t x, uint64_t m)
{
	uint64_t ones = m / 0xff;

	return (x - ones) & ~x & (ones * 0x80) & m;
}

/*
 * A case with a known minimum found by brute force: the cheap test as an
 * exact mask fails only where a 0x01 byte sits above a zero, so some word
 * with one non-zero byte fails; the word 0 does not.  The minimum is
 * therefore the smallest failing word with one non-zero byte, which the
 * loop below finds by trying them all.
 */
static void smallest_counterexample(void **state)
{
	(void)state;
	if (!need_z3())
		return;
	for (unsigned w = 32; w <= 64; w += 32) {
		const char *src = "(a - ONES) & ~a & HIGHS";
		struct wv_proof p = prove(w == 64 ? "x86-64-v6.10" : "x86-32", src, WV_AS_EXACT);
		uint64_t m = w == 64 ? UINT64_MAX : 0xffffffff, best = 0;
		bool found = false;

		assert_false(p.holds);
		/* the byte loop confirms it, and the word 0 is no counterexample */
		assert_true(cheap(p.cex, m) != ref_exact(p.cex, w));
		assert_true(cheap(0, m) == ref_exact(0, w));
		for (unsigned r = 0; r < w / 8; r++)
			for (uint64_t b = 1; b < 256; b++) {
				uint64_t x = b << 8 * r;

				if (cheap(x, m) != ref_exact(x, w) && (!found || x < best)) {
					found = true;
					best = x;
				}
			}
		assert_true(found);
		assert_int_equal(best, 0x100);	/* memory 00 01 00 ...: 0x01 above a zero */
		assert_int_equal(p.cex, best);
	}
	assert_true(wv_prove_before(0xff, 0x0101));	/* one byte before two */
	assert_true(wv_prove_before(0x0101, 0x0102));
	assert_false(wv_prove_before(0x0100, 0xff));
	assert_false(wv_prove_before(7, 7));
}

/*
 * Z3's term for each operator means what the evaluator computes: for fixed
 * words A, the claim "a != A | expr == value" is proven only if Z3's value
 * of expr at A is the evaluator's.  Run at 32 and 64 bits.  WATVIZ_QUICK
 * (make check, make asan): every operator at both widths on two of the
 * eight words, a different two for each, so that every word is met too
 * (a quarter of the 640 proofs, most of this program's time).
 */
static void solver_agrees_with_evaluator(void **state)
{
	static const char *const exprs[] = {
		"a + 0x1234", "a - 0x1234", "a * 0x01020304", "a & 0xf0f0f0f0", "a | 0x0f0f",
		"a ^ LOW7", "~a", "-a", "!a", "!(a & 0)", "a << 5", "a >> 7", "1 << (a & 63)",
		"a >> (a & 127)", "a < 0x80000000", "a <= 0x1234", "a > 9", "a >= 0x100",
		"a == 0x00ff00ff", "a != 3", "a & 1 ? a : 0x55", "clz(a)", "clz(a >> 13)",
		"ctz(a)", "ctz(a << 9)", "popcount(a)", "fls(a)", "fls(a >> 40)",
		"__ffs(a)", "__fls(a)", "__fls(a & 0xff)", "cmpb(a, 0)", "cmpb(a, ONES)",
		"cmpbge(0, a)", "cmpbge(a, HIGHS)", "REPEAT_BYTE(a & 0xff)", "ctz(0)",
		"clz(0)", "__fls(0)", "fls(0)",
	};
	static const uint64_t words[] = {
		0, 1, 0x80, UINT64_C(0x0000006463006261), UINT64_C(0x8180808080808080),
		UINT64_C(0xfedcba9876543210), UINT64_MAX, UINT64_C(0x00ff00ff00ff00ff),
	};

	const size_t nwords = sizeof(words) / sizeof(words[0]);
	bool quick = quick_mode();

	(void)state;
	if (!need_z3())
		return;
	for (unsigned w = 32; w <= 64; w += 32)
		for (size_t i = 0; i < sizeof(exprs) / sizeof(exprs[0]); i++)
			for (size_t k = 0; k < nwords; k++) {
				uint64_t a = words[k] & (w == 64 ? UINT64_MAX : 0xffffffff);
				uint64_t val[WV_EXPR_NODES], v;
				struct wv_expr e;
				struct wv_proof p;
				struct wv_error err;
				char claim[200];

				if (quick && k != (i + w / 32) % nwords &&
				    k != (i + w / 32 + nwords / 2) % nwords)
					continue;
				wv_expr_init(&e, w);
				if (wv_expr_parse(&e, exprs[i], &err) != 0)
					fail_msg("%s: %s", exprs[i], err.msg);
				v = wv_expr_eval(&e, a, val);
				snprintf(claim, sizeof(claim), "a != 0x%llx | (%s) == 0x%llx",
					 (unsigned long long)a, exprs[i], (unsigned long long)v);
				wv_expr_init(&e, w);
				assert_int_equal(wv_expr_parse(&e, claim, &err), 0);
				assert_int_equal(wv_prove_solve(&e, &p), 0);
				if (!p.holds)
					fail_msg("%u bits: %s at 0x%llx: evaluator 0x%llx, Z3 differs",
						 w, exprs[i], (unsigned long long)a,
						 (unsigned long long)v);
			}
}

/* The path a build without Z3 takes. */
static struct wv_proof enumerate(const char *arch, const char *src,
				 enum wv_try_as as, bool quick)
{
	struct wv_proof p;

	parse(arch, src, as);
	assert_int_equal(wv_prove_enumerate(&t.e, quick, &p), 0);
	printf("# %-7s %-26s %-9s %-10s %s, %llu words in %.1f s\n", arch, src,
	       wv_try_as_name(as), p.method, p.holds ? "holds" : "refuted",
	       (unsigned long long)p.checked, p.seconds);
	return p;
}

/*
 * 32 bits: every word, so the verdict is a proof and the minimum exact.  The
 * two full sweeps (about a minute each on two idle cores) run where this is
 * the path --try takes, a build without Z3 (make check-noz3); with Z3, and
 * under WATVIZ_QUICK, the same verdicts come from the quick classes.
 */
static void no_solver_32_exhaustive(void **state)
{
	struct wv_proof p;
	bool quick = quick_mode() || wv_prove_have_solver();

	if (quick)
		printf("# the full 2^32 sweeps run in a build without Z3 (make check-noz3)\n");

	(void)state;
	p = enumerate("x86-32", "(a - ONES) & ~a & HIGHS", WV_AS_HAS_ZERO, quick);
	assert_true(p.holds);
	assert_int_equal(p.is_proof, !quick);
	if (!quick)
		assert_int_equal(p.checked, (UINT64_C(1) << 32) + 1 + 4 * 255 + 6 * 255 * 255);
	p = enumerate("x86-32", "(a - ONES) & HIGHS", WV_AS_HAS_ZERO, quick);
	assert_false(p.holds);
	confirm_has_zero("(a - ONES) & HIGHS", 32, p.cex);
	assert_int_equal(p.cex, 0x01010181);
	assert_string_equal(p.method, quick ? "sampled" : "exhaustive");
	/* found among the first classes, or the critical set: a quick search */
	p = enumerate("x86-32", "(a - ONES) & ~a", WV_AS_HAS_ZERO, true);
	assert_false(p.holds);
	confirm_has_zero("(a - ONES) & ~a", 32, p.cex);
	assert_int_equal(p.cex, 0x01010102);
	p = enumerate("x86-32", "a & HIGHS", WV_AS_HAS_ZERO, true);
	assert_false(p.holds);
	assert_int_equal(p.cex, 0);
	p = enumerate("x86-32", "(a - ONES) & ~a & HIGHS", WV_AS_EXACT, true);
	assert_false(p.holds);
	assert_int_equal(p.cex, 0x100);
}

/* 64 bits: what was tried, labelled as not a proof. */
static void no_solver_64_sampled(void **state)
{
	struct wv_proof p;

	(void)state;
	p = enumerate("x86-64-v6.10", "(a - ONES) & ~a & HIGHS", WV_AS_HAS_ZERO, false);
	assert_true(p.holds);
	assert_false(p.is_proof);
	assert_string_equal(p.method, "sampled");
	assert_true(p.checked > (UINT64_C(1) << 24));
	p = enumerate("x86-64-v6.10", "(mask * 0x0001020304050608) >> 56", WV_AS_FIND_ZERO, false);
	assert_true(p.holds);
	assert_false(p.is_proof);
	p = enumerate("x86-64-v6.10", "(a - ONES) & HIGHS", WV_AS_HAS_ZERO, false);
	assert_false(p.holds);
	assert_false(p.is_proof);
	confirm_has_zero("(a - ONES) & HIGHS", 64, p.cex);
	p = enumerate("x86-64-v6.10", "(a - ONES) & ~a", WV_AS_HAS_ZERO, false);
	assert_false(p.holds);
	confirm_has_zero("(a - ONES) & ~a", 64, p.cex);
	assert_int_equal(p.cex, UINT64_C(0x0101010101010102));
	p = enumerate("x86-64-v6.10", "a & HIGHS", WV_AS_HAS_ZERO, false);
	assert_false(p.holds);
	assert_int_equal(p.cex, 0);
	/* big-endian: the top flag of the cheap test is not the first zero */
	p = enumerate("ppc64", "clz((a - ONES) & ~a & HIGHS) >> 3", WV_AS_FIND_ZERO, false);
	assert_false(p.holds);
}

/* A proof run on a thread of its own, to be stopped from this one. */
struct stoppable {
	struct wv_expr e;
	bool z3;		/* wv_prove_solve_within, else wv_prove_enumerate */
	int rc;
	struct wv_proof p;
	atomic_int finished;
};

static void *prove_on_thread(void *arg)
{
	struct stoppable *r = arg;

	r->rc = r->z3 ? wv_prove_solve_within(&r->e, UINT32_MAX, &r->p)
		      : wv_prove_enumerate(&r->e, false, &r->p);
	atomic_store(&r->finished, 1);
	return NULL;
}

/*
 * Start the proof of src at w bits, wait until it runs (wv_prove_interrupt
 * says whether one does, and asks it to stop), then expect -EINTR and an
 * empty verdict.  The proofs chosen take seconds, thousands of times the
 * millisecond the wait takes: Z3 needs about 16 million units of work to
 * factor the semiprime 4294967291 * 4294967279 (it is allowed 2^32 - 1),
 * and the enumeration checks all 2^32 words of a claim that holds.  A
 * proof that ends first is a failure, never a pass.
 */
static void stop_one(const char *src, unsigned w, bool z3)
{
	static struct stoppable r;
	const struct timespec ms = { .tv_nsec = 1000 * 1000 };
	struct wv_error err;
	pthread_t tid;

	r = (struct stoppable){ .z3 = z3 };
	wv_expr_init(&r.e, w);
	if (wv_expr_parse(&r.e, src, &err) != 0)
		fail_msg("%s: %s", src, err.msg);
	assert_int_equal(pthread_create(&tid, NULL, prove_on_thread, &r), 0);
	while (!wv_prove_interrupt()) {
		if (atomic_load(&r.finished))
			fail_msg("%s: the proof ended (%d) before it could be stopped",
				 src, r.rc);
		nanosleep(&ms, NULL);
	}
	pthread_join(tid, NULL);
	assert_int_equal(r.rc, -EINTR);
	assert_false(r.p.holds);
	assert_false(r.p.is_proof);
	assert_false(r.p.gave_up);
	assert_false(wv_prove_interrupt());	/* nothing runs any more */
}

/* wv_prove_interrupt stops a proof that runs (the visualizer's Ctrl-C). */
static void a_proof_stops_when_asked(void **state)
{
	(void)state;
	assert_false(wv_prove_interrupt());	/* nothing runs: nothing to stop */
	stop_one("a | 1", 32, false);
	if (!need_z3())
		return;
	stop_one("((a & 0xffffffff) * (a >> 32)) ^ 0xffffffea00000055", 64, true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kernel_formulas_proven),
		cmocka_unit_test(wrong_formulas_refuted),
		cmocka_unit_test(smallest_counterexample),
		cmocka_unit_test(cut_short_is_said),
		cmocka_unit_test(solver_agrees_with_evaluator),
		cmocka_unit_test(no_solver_32_exhaustive),
		cmocka_unit_test(no_solver_64_sampled),
		cmocka_unit_test(a_proof_stops_when_asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
