/*
 * The CPU-time clock and the median the visualizer's benchmarks (frame.c,
 * edit.c) share.  CLOCK_PROCESS_CPUTIME_ID: another process on the machine
 * does not count.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_BENCH_CPUCLOCK_H
#define WATVIZ_BENCH_CPUCLOCK_H

#include <stdlib.h>
#include <time.h>

/* CPU time used by this process so far, in microseconds. */
static inline double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[0..n) (sorts v). */
static inline double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

#endif /* WATVIZ_BENCH_CPUCLOCK_H */
