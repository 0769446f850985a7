/*
 * make bench: how long the solver takes.  Per variant, its own kernel
 * formulas as --try claims (has_zero, and find_zero from its own
 * create_zero_mask output); per --try, the example formulas, proven
 * or refuted with the smallest counterexample.  Medians of 5 runs.  Without
 * Z3, the enumeration's times instead (32 bits: every word, once).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "prove/prove.h"
#include "try/try.h"

#define RUNS 5

static int cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* Median seconds of checking src as `as` on v; the verdict in *p. */
static double timed(const struct wv_variant *v, const char *src, enum wv_try_as as,
		    struct wv_proof *p)
{
	static struct wv_try t;
	struct wv_error err;
	double s[RUNS];
	int runs = wv_prove_have_solver() ? RUNS : 1;

	if (wv_try_parse(&t, src, v, as, &err) != 0) {
		fprintf(stderr, "wvprove: %s: %s\n", src, err.msg);
		exit(1);
	}
	for (int i = 0; i < runs; i++) {
		if (wv_prove(&t.e, p) != 0) {
			fprintf(stderr, "wvprove: %s: the check failed\n", src);
			exit(1);
		}
		s[i] = p->seconds;
	}
	qsort(s, (size_t)runs, sizeof(s[0]), cmp);
	return s[runs / 2];
}

int main(void)
{
	static const struct { const char *arch, *src; enum wv_try_as as; } tries[] = {
		{ "x86-64", "(a - ONES) & ~a & HIGHS", WV_AS_HAS_ZERO },
		{ "x86-64", "(a - ONES) & HIGHS", WV_AS_HAS_ZERO },
		{ "x86-64", "(a - ONES) & ~a", WV_AS_HAS_ZERO },
		{ "x86-64", "a & HIGHS", WV_AS_HAS_ZERO },
		{ "x86-64", "~(((a & LOW7) + LOW7) | a | LOW7)", WV_AS_EXACT },
		{ "x86-64", "(a - ONES) & ~a & HIGHS", WV_AS_EXACT },
		{ "x86-64-v6.10", "(mask * 0x0001020304050608) >> 56", WV_AS_FIND_ZERO },
		{ "ppc64", "clz((a - ONES) & ~a & HIGHS) >> 3", WV_AS_FIND_ZERO },
	};
	struct wv_proof p;

	printf("\nsolver time (%s; median of %d runs):\n",
	       wv_prove_have_solver() ? "Z3" : "no Z3 in this build: enumeration",
	       wv_prove_have_solver() ? RUNS : 1);
	printf("  per variant: its own has_zero and find_zero as --try claims\n");
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		struct wv_kernel_terms k;
		double hz, fz;

		wv_try_kernel_terms(v, &k);
		hz = timed(v, k.has_zero, WV_AS_HAS_ZERO, &p);
		if (!p.holds)
			return 1;
		fz = timed(v, k.find, WV_AS_FIND_ZERO, &p);
		if (!p.holds)
			return 1;
		printf("    %-13s has_zero %7.3f s   find_zero %7.3f s   (%s)\n", v->name,
		       hz, fz, p.method);
	}
	printf("  per --try:\n");
	for (size_t i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
		double s = timed(wv_wat_find(tries[i].arch), tries[i].src, tries[i].as, &p);

		printf("    %-12s --as %-9s %-36s %7.3f s  %s", tries[i].arch,
		       wv_try_as_name(tries[i].as), tries[i].src, s,
		       p.holds ? "proven" : "refuted");
		if (!p.holds)
			printf(" by 0x%016llx", (unsigned long long)p.cex);
		putchar('\n');
	}
	return 0;
}
