/*
 * measure/measure.h - the production routines timed live, beside the loops
 * they replace: what a lesson's "measure:" scene draws as a bar chart.
 *
 * Outside the core on purpose: this layer reads a clock and /proc/cpuinfo,
 * the core never does.  wv_measure_run times, in one run and round by round,
 * wv_strlen (watviz/str.h) against a byte loop and the C library's strlen on
 * strings of a few lengths, and wv_path_hash against the same path walked a
 * byte at a time; every routine's answer is first checked against a byte
 * loop written here (a routine that answers wrong is reported, never timed).
 * Its budget is a number of rounds, not a deadline: a few milliseconds on a
 * current CPU.  The figures vary from run to run and machine to machine, so
 * nothing that compares output ever calls it: tests and handouts take
 * figures through a seam (struct wv_measure filled by hand, or
 * wv_measure_fn).
 *
 * The yardsticks (the byte loops) are here too, one copy for this layer and
 * the benchmarks (tests/bench) alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_MEASURE_H
#define WATVIZ_MEASURE_H

#include <stdbool.h>
#include <stddef.h>

/* ---- the yardsticks ------------------------------------------------------ */

/* strlen one byte at a time. */
size_t wv_measure_byte_strlen(const char *s);

/* strnlen one byte at a time. */
size_t wv_measure_byte_strnlen(const char *s, size_t maxlen);

/*
 * strlen the way musl does it (written here from that description): bytes
 * until s is word-aligned, then the cheap test on each aligned word until one
 * holds a zero, then bytes again to find where in that word the zero is.
 */
size_t wv_measure_musl_strlen(const char *s);

/* Bytes before the first '/' or NUL, one byte at a time. */
size_t wv_measure_byte_component_len(const char *s);

/*
 * The same walk, hashing byte by byte with the kernel's old per-byte step
 * (include/linux/stringhash.h, partial_name_hash):
 *     h = (h + (c << 4) + (c >> 4)) * 11
 * This is what fs/namei.c did before hash_name went a word at a time (v3.5).
 */
size_t wv_measure_byte_component_hash(const char *s, unsigned long long *hash);

/*
 * The whole path in one call, byte by byte, as wv_path_hash walks it a word
 * at a time: skip slashes, hash (as above) and measure one component, step
 * over it; the same out[] and return value (watviz/str.h).
 */
struct wv_component;
size_t wv_measure_byte_path_hash(const char *path, struct wv_component *out,
				 size_t max);

/* ---- the live measurement ------------------------------------------------ */

/* What a row measures: a string's length, or a whole path's components. */
enum wv_measure_group {
	WV_MEASURE_STRLEN,	/* "measure: strlen" */
	WV_MEASURE_PATH,	/* "measure: path" */
	WV_MEASURE_GROUPS
};

/* The group's name as a lesson writes it ("strlen"), or NULL. */
const char *wv_measure_group_name(enum wv_measure_group g);

/* A strlen-like contender (a test plants a wrong one). */
struct wv_measure_strlen {
	const char *name;		/* "wv_strlen", "byte loop" ... */
	size_t (*fn)(const char *s);
};

/* A path-walking contender: out[] and the count as wv_path_hash's. */
struct wv_measure_path {
	const char *name;
	size_t (*fn)(const char *path, struct wv_component *out, size_t max);
};

/* One routine on one string. */
struct wv_measure_row {
	enum wv_measure_group group;
	const char *routine;	/* the contender's name (static storage) */
	size_t len;		/* the string's (the path's) length in bytes */
	bool wrong;		/* it answered wrong: reported, not timed */
	size_t got, want;	/* wrong: what it answered, and the truth (a
				   length; for a path, the components) */
	double ns;		/* the median time of one call, ns (0 wrong) */
};

#define WV_MEASURE_ROWS_MAX 24
#define WV_MEASURE_ROUNDS 21	/* the default budget */
#define WV_MEASURE_NLENS 3
/* the string lengths timed (paths: the last two) */
extern const size_t wv_measure_lens[WV_MEASURE_NLENS];

struct wv_measure {
	char cpu[96];		/* /proc/cpuinfo's "model name", else uname -m */
	char cflags[200];	/* the flags the core was built with, or "unknown" */
	unsigned rounds;	/* rounds each median is taken over */
	size_t batch_bytes;	/* string bytes each timed batch walks */
	size_t nrows;
	struct wv_measure_row rows[WV_MEASURE_ROWS_MAX];
};

struct wv_measure_opts {
	unsigned rounds;	/* 0: WV_MEASURE_ROUNDS */
	/* the contenders (NULL: the default ones, the production routine
	   first); at most 4 of each */
	const struct wv_measure_strlen *strlens;
	size_t nstrlens;
	const struct wv_measure_path *paths;
	size_t npaths;
};

/*
 * Time the contenders, filling *m.  Round by round, for each string length,
 * each contender walks the string in one batch of calls (the order rotated
 * every round, so drift falls on all alike); a row's ns is the median over
 * the rounds of its batch's time per call (CLOCK_MONOTONIC).  A contender
 * whose answer differs from a byte loop's on a string is not timed on it:
 * its row says wrong, got and want.  Returns 0, or -ENOMEM.
 */
int wv_measure_run(const struct wv_measure_opts *o, struct wv_measure *m);

/* The seam: what a scene or a handout calls to measure (wv_measure_run
   with default options, or a test's figures). */
typedef int wv_measure_fn(struct wv_measure *m);

/* wv_measure_run with the default options. */
int wv_measure_default(struct wv_measure *m);

/* No measurement: -ENOTSUP, *m cleared.  The web page's (a browser rounds
   its clock to tens of microseconds or more: too coarse for these calls,
   so the chart says it was not measured rather than show noise). */
int wv_measure_none(struct wv_measure *m);

/* A chart's heading: "strlen, timed on this machine (ns per call)". */
const char *wv_measure_title(enum wv_measure_group g);

/* The row of group g, length len, routine name; NULL when none. */
const struct wv_measure_row *wv_measure_find(const struct wv_measure *m,
					     enum wv_measure_group g, size_t len,
					     const char *routine);

/*
 * How many times slower than the group's first contender (the production
 * routine) row r is, at r's length: r->ns / first->ns; 0 when either is
 * wrong or has no time.
 */
double wv_measure_ratio(const struct wv_measure *m, const struct wv_measure_row *r);

/*
 * A bar's length in cells for time ns, where the slowest row of the chart
 * takes width cells: ns / max * width rounded to the nearest, at least 1 for
 * any time above 0.  wv_measure_bar(50, 100, 40) == 20.
 */
int wv_measure_bar(double ns, double max, int width);

/* The longest time among the rows of group g at length len (0 none). */
double wv_measure_max(const struct wv_measure *m, enum wv_measure_group g,
		      size_t len);

/*
 * The sentence of what was measured and where, into buf:
 * "measured on Intel(R) Xeon(R) ... (x86_64), 21 rounds, core built with
 * -O2 -g ...".  Returns buf.
 */
char *wv_measure_where(const struct wv_measure *m, char *buf, size_t size);

/*
 * s with the measurement's placeholders filled from m, into out (always
 * terminated): {measure_cpu}; {measure_rounds}; for a length L of
 * wv_measure_lens, {measure_byte_L} and {measure_libc_L} (strlen: how many
 * times the byte loop's and the C library's time wv_strlen's is, as "9.8x"),
 * {measure_ns_L} (wv_strlen's ns per call), {measure_path_L} (the byte walk
 * over wv_path_hash).  A name it does not know, or a figure m lacks, is
 * written "(not measured)".  Returns out.
 */
char *wv_measure_fill(const struct wv_measure *m, const char *s, char *out,
		      size_t size);

/* Is name (without braces) one of wv_measure_fill's placeholders? */
bool wv_measure_placeholder(const char *name);

#endif /* WATVIZ_MEASURE_H */
