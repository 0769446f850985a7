/*
 * wvbench: `make bench`.  The production word-at-a-time routines against a
 * byte loop, a musl-style loop and the C library, on this machine.
 *
 * Method (docs/PERFORMANCE.md has the long form): one process; for each case
 * every implementation runs one batch per repetition, in an order rotated
 * each repetition; the ratio A/B of two implementations' batch times is taken
 * per repetition and min/median/max of those ratios are reported.  A/B > 1
 * means B is faster.  Buffers are filled at run time from a PRNG, every
 * routine is called through a function pointer read from a volatile, results
 * go to a volatile sink, and an empty asm with a memory clobber separates the
 * passes, so nothing can be folded, hoisted or merged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "measure/measure.h"
#include "watviz/str.h"
#include "watviz/wat.h"

extern char **environ;

#define BARRIER() __asm__ volatile("" ::: "memory")

static volatile size_t sink;

/* ---- small helpers -------------------------------------------------------- */

static double clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Wall time, for the child processes of the CLI section. */
static double now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/*
 * This thread's CPU time, for everything measured in-process: time spent
 * descheduled while other work runs on the two shared cores is not counted.
 */
static double cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "wvbench: out of memory\n");
		exit(1);
	}
	return p;
}

/* xorshift64*: reproducible contents, decided at run time. */
static uint64_t rnd(uint64_t *st)
{
	*st ^= *st >> 12;
	*st ^= *st << 25;
	*st ^= *st >> 27;
	return *st * UINT64_C(2685821657736338717);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

struct stat3 {
	double min, med, max;
};

/* min/median/max of v[0..n), sorting v. */
static struct stat3 stats(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;

	return (struct stat3){ v[0], med, v[n - 1] };
}

/* ---- options ----------------------------------------------------------------- */

static struct {
	size_t reps;
	double batch_ns;	/* aimed-at length of one batch */
	const char *corpus;
	const char *watviz;
	uint64_t seed;
} opt = { 101, 500e3, NULL, NULL, 0 };

/* The default seed, read at run time: the same strings on every run, unknown to the compiler. */
static volatile uint64_t default_seed = UINT64_C(0x9e3779b97f4a7c15);

/* ---- the interleaved measurement ----------------------------------------- */

/* Runs iters passes of implementation i on ctx; returns nanoseconds. */
typedef double (*batch_fn)(void *ctx, size_t i, size_t iters);

/*
 * Times per pass of nimpl implementations over reps repetitions,
 * t[r * nimpl + i].  Each repetition runs one batch of every implementation,
 * starting from a different one each time, so drift and the neighbours' load
 * fall on all of them alike.  With calib, each implementation gets its own
 * number of passes so that every batch lasts about opt.batch_ns (a slow
 * implementation is not exposed to interruptions longer than a fast one);
 * without, one pass.  The calibration runs double as the warm-up.
 */
struct timing {
	size_t nimpl, reps;
	double *t;
};

static struct timing measure(void *ctx, batch_fn fn, size_t nimpl, size_t reps, bool calib)
{
	struct timing tm = { nimpl, reps, xmalloc(nimpl * reps * sizeof(double)) };
	size_t *iters = xmalloc(nimpl * sizeof(size_t));

	for (size_t i = 0; i < nimpl; i++) {
		double best = fn(ctx, i, 1);

		for (int k = 0; calib && k < 4; k++) {
			double t = fn(ctx, i, 1);

			best = t < best ? t : best;
		}
		iters[i] = calib && best < opt.batch_ns ? (size_t)(opt.batch_ns / (best + 1)) : 1;
		if (iters[i] < 1)
			iters[i] = 1;
	}
	for (size_t r = 0; r < reps; r++)
		for (size_t k = 0; k < nimpl; k++) {
			size_t i = (r + k) % nimpl;

			tm.t[r * nimpl + i] = fn(ctx, i, iters[i]) / (double)iters[i];
		}
	free(iters);
	return tm;
}

/* min/median/max over repetitions of time(a) / time(b). */
static struct stat3 ratio(const struct timing *tm, size_t a, size_t b)
{
	double *v = xmalloc(tm->reps * sizeof(double));

	for (size_t r = 0; r < tm->reps; r++)
		v[r] = tm->t[r * tm->nimpl + a] / tm->t[r * tm->nimpl + b];
	struct stat3 s = stats(v, tm->reps);

	free(v);
	return s;
}

/* Median time per pass of implementation i. */
static double median_time(const struct timing *tm, size_t i)
{
	double *v = xmalloc(tm->reps * sizeof(double));

	for (size_t r = 0; r < tm->reps; r++)
		v[r] = tm->t[r * tm->nimpl + i];
	double m = stats(v, tm->reps).med;

	free(v);
	return m;
}

static char *fmt_ratio(char *buf, size_t n, struct stat3 s)
{
	snprintf(buf, n, "%.2f (%.2f-%.2f)", s.med, s.min, s.max);
	return buf;
}

/* ---- strlen ------------------------------------------------------------------ */

/*
 * Strings of one case: n strings, each in its own slot at a random start
 * alignment (0..7 bytes into an 8-aligned slot), printable ASCII.  Short
 * strings come in pools of up to 8192 (at most 256 KiB, in L2), so that the
 * branch predictor cannot learn the sequence of alignments and lengths of
 * one pass and replay it on the next; strings of 4 KiB and more in 32 KiB
 * (L1) at least two strings, so 64 KiB is in L2 and 1 MiB beyond it.
 */
struct pool {
	char **s;
	size_t *len;
	size_t n;
	size_t limit_num, limit_add;	/* strnlen limit = len * num / 4 + add */
	char *mem;
};

static void pool_make(struct pool *pl, size_t minlen, size_t maxlen, uint64_t *st)
{
	size_t slot = (maxlen + 1 + 7 + 7) & ~(size_t)7;
	size_t n = (maxlen < 4096 ? 262144 : 32768) / slot;

	if (n < 2)
		n = 2;
	if (n > 8192)
		n = 8192;
	*pl = (struct pool){ .n = n, .limit_num = 4 };
	pl->mem = xmalloc(n * slot + 64);
	pl->s = xmalloc(n * sizeof(*pl->s));
	pl->len = xmalloc(n * sizeof(*pl->len));
	char *base = (char *)(((uintptr_t)pl->mem + 63) & ~(uintptr_t)63);

	for (size_t i = 0; i < n * slot; i++)
		base[i] = (char)(0x20 + rnd(st) % 95);
	for (size_t k = 0; k < n; k++) {
		size_t len = minlen + rnd(st) % (maxlen - minlen + 1);
		char *s = base + k * slot + rnd(st) % 8;

		s[len] = '\0';
		pl->s[k] = s;
		pl->len[k] = len;
	}
}

static void pool_free(struct pool *pl)
{
	free(pl->mem);
	free(pl->s);
	free(pl->len);
}

struct str_impl {
	const char *name;
	size_t (*len)(const char *s);	/* one of these two is set */
	size_t (*nlen)(const char *s, size_t maxlen);
};

/* size_t strlen(const char *), reached only through volatile pointers */
static const struct str_impl strlen_impls[] = {
	{ "wv_strlen", wv_strlen, NULL },
	{ "byte loop", wv_measure_byte_strlen, NULL },
	{ "musl-style", wv_measure_musl_strlen, NULL },
	{ "libc strlen", strlen, NULL },
	{ "wv_strlen_simple", wv_strlen_simple, NULL },
	{ "wv_strlen_mul", wv_strlen_mul, NULL },
	{ "wv_strlen_unroll2", wv_strlen_unroll2, NULL },
};
enum { SL_WV, SL_BYTE, SL_MUSL, SL_LIBC, SL_SIMPLE, SL_MUL, SL_U2, SL_N };

static const struct str_impl strnlen_impls[] = {
	{ "wv_strlen", wv_strlen, NULL },
	{ "wv_strnlen", NULL, wv_strnlen },
	{ "libc strnlen", NULL, strnlen },
	{ "byte strnlen", NULL, wv_measure_byte_strnlen },
};
enum { SN_WV, SN_WVN, SN_LIBC, SN_BYTE, SN_N };

struct str_ctx {
	struct pool *pl;
	const struct str_impl *impls;
};

static size_t pool_limit(const struct pool *pl, size_t k)
{
	return pl->len[k] * pl->limit_num / 4 + pl->limit_add;
}

static double str_batch(void *ctx, size_t i, size_t iters)
{
	struct str_ctx *c = ctx;
	const struct pool *pl = c->pl;
	size_t (*volatile vlen)(const char *) = c->impls[i].len;
	size_t (*volatile vnlen)(const char *, size_t) = c->impls[i].nlen;
	size_t (*len)(const char *) = vlen;
	size_t (*nlen)(const char *, size_t) = vnlen;
	size_t acc = 0;
	double t0 = cpu_ns();

	if (len) {
		for (size_t it = 0; it < iters; it++) {
			for (size_t k = 0; k < pl->n; k++)
				acc += len(pl->s[k]);
			BARRIER();
		}
	} else {
		for (size_t it = 0; it < iters; it++) {
			for (size_t k = 0; k < pl->n; k++)
				acc += nlen(pl->s[k], pool_limit(pl, k));
			BARRIER();
		}
	}
	double t = cpu_ns() - t0;

	sink += acc;
	return t;
}

/* Every implementation must agree with the lengths the pool was built with. */
static void str_verify(const struct str_ctx *c, size_t nimpl)
{
	const struct pool *pl = c->pl;

	for (size_t i = 0; i < nimpl; i++)
		for (size_t k = 0; k < pl->n; k++) {
			const struct str_impl *im = &c->impls[i];
			size_t lim = pool_limit(pl, k);
			size_t want = im->len ? pl->len[k] : (pl->len[k] < lim ? pl->len[k] : lim);
			size_t got = im->len ? im->len(pl->s[k]) : im->nlen(pl->s[k], lim);

			if (got != want) {
				fprintf(stderr, "wvbench: %s gave %zu, not %zu\n", im->name, got,
					want);
				exit(1);
			}
		}
}

struct strlen_case {
	const char *name;
	size_t minlen, maxlen;
};

static const struct strlen_case strlen_cases[] = {
	{ "1", 1, 1 }, { "3", 3, 3 }, { "7", 7, 7 }, { "8", 8, 8 },
	{ "15", 15, 15 }, { "16", 16, 16 }, { "31", 31, 31 }, { "64", 64, 64 },
	{ "255", 255, 255 }, { "4 KiB", 4096, 4096 }, { "64 KiB", 65536, 65536 },
	{ "1 MiB", 1 << 20, 1 << 20 }, { "rand 0-15", 0, 15 }, { "rand 0-63", 0, 63 },
};
enum { NCASES = sizeof(strlen_cases) / sizeof(strlen_cases[0]) };

static struct timing strlen_tm[NCASES];

static size_t case_index(const char *name)
{
	for (size_t i = 0; i < NCASES; i++)
		if (strcmp(strlen_cases[i].name, name) == 0)
			return i;
	abort();
}

static void bench_strlen(uint64_t *st)
{
	char b[40];

	printf("\n## strlen (ratio = time(A) / time(wv_strlen); > 1: wv_strlen faster)\n\n");
	printf("Each cell: median (min-max) over %zu repetitions.  Strings at random start "
	       "alignment.\n\n",
	       opt.reps);
	printf("| length | wv_strlen ns/call | wv_strlen GB/s | byte loop | musl-style | "
	       "libc strlen | wv_strlen_simple | wv_strlen_mul | wv_strlen_unroll2 |\n");
	printf("|---|---|---|---|---|---|---|---|---|\n");
	for (size_t ci = 0; ci < NCASES; ci++) {
		const struct strlen_case *sc = &strlen_cases[ci];
		struct pool pl;
		struct str_ctx c = { &pl, strlen_impls };

		pool_make(&pl, sc->minlen, sc->maxlen, st);
		str_verify(&c, SL_N);
		strlen_tm[ci] = measure(&c, str_batch, SL_N, opt.reps, true);

		size_t bytes = 0;

		for (size_t k = 0; k < pl.n; k++)
			bytes += pl.len[k];
		double t = median_time(&strlen_tm[ci], SL_WV);

		printf("| %s | %.2f | %.2f |", sc->name, t / (double)pl.n, (double)bytes / t);
		for (size_t i = 1; i < SL_N; i++)
			printf(" %s |", fmt_ratio(b, sizeof(b), ratio(&strlen_tm[ci], i, SL_WV)));
		printf("\n");
		fflush(stdout);
		pool_free(&pl);
	}
}

/* ---- strnlen ----------------------------------------------------------------- */

static struct timing strnlen_tm[8];

static const struct {
	const char *name;
	size_t len;
	size_t num, add;	/* limit = len * num / 4 + add */
} strnlen_cases[] = {
	{ "16, limit len+64", 16, 4, 64 },	{ "16, limit len/2", 16, 2, 0 },
	{ "255, limit len+64", 255, 4, 64 },	{ "255, limit len/2", 255, 2, 0 },
	{ "4 KiB, limit len+64", 4096, 4, 64 }, { "4 KiB, limit len/2", 4096, 2, 0 },
	{ "64 KiB, limit len+64", 65536, 4, 64 }, { "64 KiB, limit len/2", 65536, 2, 0 },
};

static void bench_strnlen(uint64_t *st)
{
	char b[40];

	printf("\n## strnlen (ratio = time(A) / time(wv_strlen) on the same strings)\n\n");
	printf("| case | wv_strlen ns/call | wv_strnlen | libc strnlen | byte strnlen |\n");
	printf("|---|---|---|---|---|\n");
	for (size_t ci = 0; ci < sizeof(strnlen_cases) / sizeof(strnlen_cases[0]); ci++) {
		struct pool pl;
		struct str_ctx c = { &pl, strnlen_impls };

		pool_make(&pl, strnlen_cases[ci].len, strnlen_cases[ci].len, st);
		pl.limit_num = strnlen_cases[ci].num;
		pl.limit_add = strnlen_cases[ci].add;
		str_verify(&c, SN_N);
		strnlen_tm[ci] = measure(&c, str_batch, SN_N, opt.reps, true);
		printf("| %s | %.1f |", strnlen_cases[ci].name,
		       median_time(&strnlen_tm[ci], SN_WV) / (double)pl.n);
		for (size_t i = 1; i < SN_N; i++)
			printf(" %s |", fmt_ratio(b, sizeof(b), ratio(&strnlen_tm[ci], i, SN_WV)));
		printf("\n");
		fflush(stdout);
		pool_free(&pl);
	}
}

/* ---- path components on a real corpus ---------------------------------------- */

struct corpus {
	char *buf;	/* paths, each NUL-terminated, back to back */
	size_t *start;	/* each path's offset in buf */
	size_t size, paths, components, bytes;
};

static size_t (*volatile libc_strcspn)(const char *, const char *) = strcspn;

/* libc's answer to "bytes before the first '/' or NUL". */
static size_t libc_component_len(const char *s)
{
	return libc_strcspn(s, "/");
}

struct walk_impl {
	const char *name;
	size_t (*hash)(const char *s, unsigned long long *h);	/* one is set */
	size_t (*len)(const char *s);
};

static const struct walk_impl walk_impls[] = {
	{ "word walk + hash (wv_component_hash)", wv_component_hash, NULL },
	{ "byte walk + hash", wv_measure_byte_component_hash, NULL },
	{ "word walk, scan only (wv_component_len)", NULL, wv_component_len },
	{ "byte walk, scan only", NULL, wv_measure_byte_component_len },
	{ "libc strcspn(s, \"/\"), scan only", NULL, libc_component_len },
};
enum { WK_WORD_H, WK_BYTE_H, WK_WORD, WK_BYTE, WK_LIBC, WK_N };

struct walk_ctx {
	const struct corpus *co;
	size_t lensum[WK_N];
};

/*
 * Walk every path component by component as the kernel's path walk does:
 * skip slashes, measure (and hash) one component, step over it.
 */
static double walk_batch(void *ctx, size_t i, size_t iters)
{
	struct walk_ctx *c = ctx;
	size_t (*volatile vhash)(const char *, unsigned long long *) = walk_impls[i].hash;
	size_t (*volatile vlen)(const char *) = walk_impls[i].len;
	size_t (*hash)(const char *, unsigned long long *) = vhash;
	size_t (*len)(const char *) = vlen;
	const char *end = c->co->buf + c->co->size;
	size_t acc = 0, lens = 0;
	double t0 = cpu_ns();

	for (size_t it = 0; it < iters; it++) {
		for (const char *s = c->co->buf; s < end; s++) {
			for (;;) {
				unsigned long long h = 0;
				size_t n;

				while (*s == '/')
					s++;
				if (*s == '\0')
					break;
				n = hash ? hash(s, &h) : len(s);
				acc += h;
				lens += n;
				s += n;
			}
		}
		BARRIER();
	}
	double t = cpu_ns() - t0;

	sink += acc;
	c->lensum[i] = lens / iters;
	return t;
}

static bool corpus_load(struct corpus *co, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	size_t cap = 1 << 20;

	size_t pcap = 1 << 16;

	*co = (struct corpus){ .buf = xmalloc(cap), .start = xmalloc(pcap * sizeof(size_t)) };
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		size_t n = strcspn(line, "\n");

		if (n == 0)
			continue;
		line[n] = '\0';
		if (co->size + n + 1 > cap) {
			cap *= 2;
			co->buf = realloc(co->buf, cap);
			if (!co->buf)
				exit(1);
		}
		if (co->paths == pcap) {
			pcap *= 2;
			co->start = realloc(co->start, pcap * sizeof(size_t));
			if (!co->start)
				exit(1);
		}
		co->start[co->paths++] = co->size;
		memcpy(co->buf + co->size, line, n + 1);
		co->size += n + 1;
		for (const char *s = line; *s;) {
			while (*s == '/')
				s++;
			if (!*s)
				break;
			size_t k = strcspn(s, "/");

			co->components++;
			co->bytes += k;
			s += k;
		}
	}
	fclose(f);
	return co->paths > 0;
}

static double path_ratio_hash, path_ratio_scan, path_ratio_whole;

/*
 * The whole path in one call (link_path_walk's shape): wv_path_hash against
 * the same walk byte by byte, each filling the components of one path.
 */
static size_t (*const whole_impls[])(const char *, struct wv_component *, size_t) = {
	wv_path_hash, wv_measure_byte_path_hash,
};
static const char *const whole_names[] = {
	"word path walk + hash (wv_path_hash)", "byte path walk + hash",
};
enum { WP_WORD, WP_BYTE, WP_N };

struct whole_ctx {
	const struct corpus *co;
	size_t lensum[WP_N];
};

static double whole_batch(void *ctx, size_t i, size_t iters)
{
	struct whole_ctx *c = ctx;
	size_t (*volatile vf)(const char *, struct wv_component *, size_t) = whole_impls[i];
	size_t (*f)(const char *, struct wv_component *, size_t) = vf;
	struct wv_component out[512];
	size_t acc = 0, lens = 0;
	double t0 = cpu_ns();

	for (size_t it = 0; it < iters; it++) {
		for (size_t pi = 0; pi < c->co->paths; pi++) {
			size_t n = f(c->co->buf + c->co->start[pi], out,
				     sizeof(out) / sizeof(out[0]));

			for (size_t k = 0; k < n; k++) {
				acc += out[k].hash;
				lens += out[k].len;
			}
		}
		BARRIER();
	}
	double t = cpu_ns() - t0;

	sink += acc;
	c->lensum[i] = lens / iters;
	return t;
}

static void bench_paths(void)
{
	struct corpus co;
	char b[40];

	printf("\n## Path components on this machine's /usr\n\n");
	if (!opt.corpus || !corpus_load(&co, opt.corpus)) {
		printf("No corpus (pass --corpus FILE, one path per line); skipped.\n");
		return;
	}
	printf("Corpus: %zu paths (`find /usr -xdev`, first 200000 at most), %zu "
	       "components, %.1f bytes per component on average, %.1f MiB.\n\n",
	       co.paths, co.components, (double)co.bytes / (double)co.components,
	       (double)co.size / (1 << 20));

	struct walk_ctx c = { &co, { 0 } };
	/* one pass over the corpus is long already: one pass per batch */
	struct timing tm = measure(&c, walk_batch, WK_N, opt.reps < 41 ? opt.reps : 41, false);

	for (size_t i = 1; i < WK_N; i++)
		if (c.lensum[i] != c.lensum[0]) {
			fprintf(stderr, "wvbench: %s disagrees on component lengths\n",
				walk_impls[i].name);
			exit(1);
		}
	printf("| A | B | ns per component (A) | ns per component (B) | A/B |\n");
	printf("|---|---|---|---|---|\n");
	static const size_t pairs[][2] = {
		{ WK_BYTE_H, WK_WORD_H }, { WK_BYTE, WK_WORD }, { WK_LIBC, WK_WORD },
		{ WK_WORD_H, WK_WORD },
	};
	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		size_t a = pairs[k][0], bb = pairs[k][1];
		double per = (double)co.components;

		printf("| %s | %s | %.2f | %.2f | %s |\n", walk_impls[a].name, walk_impls[bb].name,
		       median_time(&tm, a) / per, median_time(&tm, bb) / per,
		       fmt_ratio(b, sizeof(b), ratio(&tm, a, bb)));
	}
	double hb = median_time(&tm, WK_BYTE_H) - median_time(&tm, WK_BYTE);
	double hw = median_time(&tm, WK_WORD_H) - median_time(&tm, WK_WORD);

	printf("\nThe hashing alone (walk + hash minus scan only, from the medians): byte by "
	       "byte %.2f ns, a word at a time %.2f ns per component.\n",
	       hb / (double)co.components, hw / (double)co.components);
	path_ratio_hash = ratio(&tm, WK_BYTE_H, WK_WORD_H).med;
	path_ratio_scan = ratio(&tm, WK_BYTE, WK_WORD).med;
	free(tm.t);

	/* the whole path in one call: no call and no constants per component */
	struct whole_ctx wc = { &co, { 0 } };

	tm = measure(&wc, whole_batch, WP_N, opt.reps < 41 ? opt.reps : 41, false);
	if (wc.lensum[WP_WORD] != wc.lensum[WP_BYTE] || wc.lensum[WP_WORD] != c.lensum[0]) {
		fprintf(stderr, "wvbench: the whole-path walks disagree on component lengths\n");
		exit(1);
	}
	printf("\nThe whole path in one call, as link_path_walk walks it (wv_path_hash: "
	       "one pass over the path's words):\n\n");
	printf("| A | B | ns per component (A) | ns per component (B) | A/B |\n");
	printf("|---|---|---|---|---|\n");
	printf("| %s | %s | %.2f | %.2f | %s |\n", whole_names[WP_BYTE], whole_names[WP_WORD],
	       median_time(&tm, WP_BYTE) / (double)co.components,
	       median_time(&tm, WP_WORD) / (double)co.components,
	       fmt_ratio(b, sizeof(b), ratio(&tm, WP_BYTE, WP_WORD)));
	path_ratio_whole = ratio(&tm, WP_BYTE, WP_WORD).med;
	free(tm.t);
	free(co.buf);
	free(co.start);
}

/* ---- emulated variants ------------------------------------------------------- */

struct var_ctx {
	const uint8_t *mem;
	size_t len;	/* image bytes; the NUL is the last one */
	struct wv_word *words;
	size_t cap;
};

/* Implementation 0 is wv_strlen on the same bytes; i >= 1 is variant i - 1. */
static double var_batch(void *ctx, size_t i, size_t iters)
{
	struct var_ctx *c = ctx;
	size_t (*volatile vlen)(const char *) = wv_strlen;
	size_t (*len)(const char *) = vlen;
	const struct wv_variant *v = i ? wv_wat_at(i - 1) : NULL;
	size_t acc = 0;
	struct wv_scan out;
	double t0 = cpu_ns();

	for (size_t it = 0; it < iters; it++) {
		if (v) {
			if (wv_wat_scan(v, c->mem, c->len, 0, -1, c->words, c->cap, &out) != 0)
				abort();
			acc += out.length;
		} else {
			acc += len((const char *)c->mem);
		}
		BARRIER();
	}
	double t = cpu_ns() - t0;

	sink += acc;
	return t;
}

static void bench_variants(uint64_t *st)
{
	enum { LEN = 4096 };
	size_t nv = wv_wat_count();
	uint8_t *mem = xmalloc(LEN + 64);
	uint8_t *img = (uint8_t *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
	struct var_ctx c = { img, LEN, xmalloc(LEN / 4 * sizeof(struct wv_word)), LEN / 4 };
	size_t host = 0;
	char b[40];

	for (size_t i = 0; i < LEN; i++)
		img[i] = (uint8_t)(0x20 + rnd(st) % 95);
	img[LEN - 1] = 0;
	for (size_t i = 0; i < nv; i++) {
		const struct wv_variant *v = wv_wat_at(i);
		struct wv_scan out;

		if (strcmp(v->name, "x86-64") == 0)	/* today's x86-64, the __ffs form */
			host = i + 1;
		if (wv_wat_scan(v, img, LEN, 0, -1, c.words, c.cap, &out) != 0 ||
		    out.length != LEN - 1) {
			fprintf(stderr, "wvbench: variant %s scanned wrong\n", v->name);
			exit(1);
		}
	}
	struct timing tm = measure(&c, var_batch, nv + 1, opt.reps < 41 ? opt.reps : 41, true);

	printf("\n## Emulated variants: wv_wat_scan over a 4 KiB string\n\n");
	printf("The recording scan of the visualizer (every word's values stored), through "
	       "each variant's function pointers; plain C emulations of cmpb, cmpbge, "
	       "big-endian loads.\n\n");
	printf("| variant | ns per word | MB/s | A / x86-64 scan | A / wv_strlen |\n");
	printf("|---|---|---|---|---|\n");
	for (size_t i = 1; i <= nv; i++) {
		const struct wv_variant *v = wv_wat_at(i - 1);
		double t = median_time(&tm, i);

		printf("| %s | %.2f | %.0f | %s |", v->name, t / (LEN / wv_wat_bytes(v)),
		       LEN / t * 1e3, fmt_ratio(b, sizeof(b), ratio(&tm, i, host)));
		printf(" %s |\n", fmt_ratio(b, sizeof(b), ratio(&tm, i, 0)));
	}
	printf("| (wv_strlen, for scale) | %.2f | %.0f | | |\n", median_time(&tm, 0) / (LEN / 8),
	       LEN / median_time(&tm, 0) * 1e3);
	free(tm.t);
	free(c.words);
	free(mem);
}

/* ---- the visualizer's own cost --------------------------------------------- */

struct run_cost {
	double wall_ms, cpu_ms;
	int status;
};

/* Runs argv with stdout and stderr to /dev/null; wall and CPU time of the child. */
static struct run_cost run_once(char *const argv[])
{
	posix_spawn_file_actions_t fa;
	struct run_cost rc = { 0, 0, -1 };
	struct rusage ru;
	pid_t pid;
	int st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	double t0 = now_ns();

	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0 &&
	    wait4(pid, &st, 0, &ru) == pid) {
		rc.wall_ms = (now_ns() - t0) / 1e6;
		rc.cpu_ms = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
			    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
		rc.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	posix_spawn_file_actions_destroy(&fa);
	return rc;
}

/*
 * Runs argv once with stdout to a temporary file: its exit status, how many
 * bytes it wrote and the first of them that is not white space (0 if none).
 */
static int probe_output(char *const argv[], size_t *size, int *first)
{
	char path[] = "/tmp/wvbench-XXXXXX";
	int fd = mkstemp(path);
	posix_spawn_file_actions_t fa;
	struct stat sb;
	pid_t pid;
	int st, rc = -1;

	*size = 0;
	*first = 0;
	if (fd < 0)
		return -1;
	unlink(path);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fd, 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0 &&
	    waitpid(pid, &st, 0) == pid) {
		rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		if (fstat(fd, &sb) == 0)
			*size = (size_t)sb.st_size;
		char head[64];
		ssize_t n = pread(fd, head, sizeof(head), 0);

		for (ssize_t k = 0; k < n && !*first; k++)
			if (head[k] != ' ' && head[k] != '\n' && head[k] != '\t')
				*first = (unsigned char)head[k];
	}
	posix_spawn_file_actions_destroy(&fa);
	close(fd);
	return rc;
}

/*
 * Whether the binary really renders a word in this mode: it exits 0, JSON
 * starts with { or [, and a 256-byte word gives more output than an 8-byte
 * one.  A reason goes to why otherwise.
 */
static bool cli_usable(char *const small[], char *const big[], const char **why)
{
	size_t n_small, n_big;
	int first, first_big;

	if (probe_output(small, &n_small, &first) != 0 ||
	    probe_output(big, &n_big, &first_big) != 0) {
		*why = "it exits with an error";
		return false;
	}
	if (strcmp(small[1], "--json") == 0 && first != '{' && first != '[') {
		*why = "its output is not JSON";
		return false;
	}
	if (n_big <= n_small) {
		*why = "its output does not depend on the word (the CLI has not landed yet?)";
		return false;
	}
	return true;
}

enum { CLI_REPS = 21, CLI_MAX = 9 };

struct cli_ctx {
	char *argv[CLI_MAX][4];	/* per implementation: prog, mode, word, NULL */
	double cpu[CLI_MAX][CLI_REPS + 1];	/* CPU ms of each run */
	size_t ncpu[CLI_MAX];
	int bad_status;	/* the last non-zero exit status seen, or 0 */
};

static double cli_batch(void *ctx, size_t i, size_t iters)
{
	struct cli_ctx *c = ctx;
	struct run_cost rc = run_once(c->argv[i]);

	(void)iters;	/* always 1 */
	if (rc.status != 0)
		c->bad_status = rc.status;
	if (c->ncpu[i] <= CLI_REPS)
		c->cpu[i][c->ncpu[i]++] = rc.cpu_ms;
	return rc.wall_ms;
}

static int cli_linear = -1;	/* 1 linear, 0 not, -1 not measured */
static double cli_slope[2];	/* per-byte cost 1-4 KiB over 256 B-1 KiB: --json, --plain */

static void bench_cli(void)
{
	static const size_t sizes[] = { 8, 256, 1024, 4096 };
	static char mode_json[] = "--json", mode_plain[] = "--plain";
	enum { NS = sizeof(sizes) / sizeof(sizes[0]) };
	struct cli_ctx c;
	char *words[NS];
	char truebin[] = "/bin/true";
	char prog[4096];

	printf("\n## The visualizer's own cost\n\n");
	if (!opt.watviz || access(opt.watviz, X_OK) != 0) {
		printf("Not measured: no watviz binary at %s when the benchmark ran.\n",
		       opt.watviz ? opt.watviz : "(none given)");
		return;
	}
	snprintf(prog, sizeof(prog), "%s", opt.watviz);
	memset(&c, 0, sizeof(c));
	for (size_t k = 0; k < NS; k++) {
		words[k] = xmalloc(sizes[k] + 1);
		for (size_t j = 0; j < sizes[k]; j++)
			words[k][j] = (char)('a' + j % 26);
		words[k][sizes[k]] = '\0';
	}
	/* implementations: 2 modes x NS sizes, then /bin/true as the floor */
	for (size_t m = 0; m < 2; m++)
		for (size_t k = 0; k < NS; k++) {
			char **a = c.argv[m * NS + k];

			a[0] = prog;
			a[1] = m ? mode_plain : mode_json;
			a[2] = words[k];
			a[3] = NULL;
		}
	c.argv[2 * NS][0] = truebin;
	c.argv[2 * NS][1] = NULL;
	size_t nimpl = 2 * NS + 1;

	for (size_t m = 0; m < 2; m++) {
		const char *why = "";

		if (!cli_usable(c.argv[m * NS], c.argv[m * NS + 1], &why)) {
			printf("Not measured: `%s %s WORD` is not usable: %s.\n", prog,
			       c.argv[m * NS][1], why);
			goto out_free_words;
		}
	}
	struct timing tm = measure(&c, cli_batch, nimpl, CLI_REPS, false);

	if (c.bad_status) {
		printf("Not measured: a run exited with status %d.\n", c.bad_status);
		free(tm.t);
		goto out_free_words;
	}
	printf("`%s --json WORD` and `--plain WORD`, output to /dev/null.  Medians of %d "
	       "interleaved runs: wall time, and the child's user + system CPU time from "
	       "wait4.  `/bin/true` is the process-start floor.  1 KiB is an extra point "
	       "(4 KiB is the CLI's longest word), to check the slope.\n\n",
	       prog, CLI_REPS);
	printf("| mode | word | wall ms | CPU ms |\n|---|---|---|---|\n");
	double med[2][NS];

	for (size_t m = 0; m < 2; m++)
		for (size_t k = 0; k < NS; k++) {
			med[m][k] = median_time(&tm, m * NS + k);
			printf("| %s | %zu B | %.2f | %.2f |\n", c.argv[m * NS + k][1], sizes[k],
			       med[m][k], stats(c.cpu[m * NS + k], c.ncpu[m * NS + k]).med);
		}
	printf("| /bin/true | | %.2f | %.2f |\n\n", median_time(&tm, 2 * NS),
	       stats(c.cpu[2 * NS], c.ncpu[2 * NS]).med);
	cli_linear = 1;
	for (size_t m = 0; m < 2; m++) {
		/* marginal cost per byte between consecutive sizes */
		double lo = (med[m][2] - med[m][1]) / (double)(sizes[2] - sizes[1]);
		double hi = (med[m][3] - med[m][2]) / (double)(sizes[3] - sizes[2]);

		printf("- %s: %.2f us per byte from 256 B to 1 KiB, %.2f us per byte from 1 KiB "
		       "to 4 KiB (ratio %.2f; 1 = linear, > 1.5 would be worse than linear)\n",
		       m ? "--plain" : "--json", lo * 1e3, hi * 1e3, lo > 0 ? hi / lo : 0);
		cli_slope[m] = lo > 0 ? hi / lo : 0;
		if (!(lo > 0 && hi / lo <= 1.5))
			cli_linear = 0;
	}
	free(tm.t);
out_free_words:
	for (size_t k = 0; k < NS; k++)
		free(words[k]);
}

/* ---- verdicts ------------------------------------------------------------------ */

static const char *met(bool ok)
{
	return ok ? "met" : "MISSED";
}

static void verdicts(void)
{
	/* 4 KiB strings share 32 KiB (L1), 64 KiB ones 128 KiB (L2) */
	const char *longs[] = { "4 KiB", "64 KiB" };
	double byte_lo = 1e9, musl_lo = 1e9, libc_hi = 0, libc_at[2];

	printf("\n## Verdicts (medians)\n\n");
	for (size_t k = 0; k < 2; k++) {
		const struct timing *tm = &strlen_tm[case_index(longs[k])];
		double r = ratio(tm, SL_BYTE, SL_WV).med;
		double m = ratio(tm, SL_MUSL, SL_WV).med;
		double l = ratio(tm, SL_WV, SL_LIBC).med;

		byte_lo = r < byte_lo ? r : byte_lo;
		musl_lo = m < musl_lo ? m : musl_lo;
		libc_hi = l > libc_hi ? l : libc_hi;
		libc_at[k] = l;
	}
	printf("- wv_strlen at 4 KiB (L1) and 64 KiB (L2) vs byte loop (>= 5x): %s, worst %.3fx\n",
	       met(byte_lo >= 5), byte_lo);
	printf("- wv_strlen at 4 KiB and 64 KiB vs musl-style (>= 1.15x): %s, worst %.3fx\n",
	       met(musl_lo >= 1.15), musl_lo);
	printf("- wv_strlen at 4 KiB and 64 KiB within 4x of libc strlen: %s, worst %.3fx "
	       "libc's time (4 KiB, L1: %s, %.3fx; 64 KiB, L2: %s, %.3fx)\n",
	       met(libc_hi <= 4), libc_hi, met(libc_at[0] <= 4), libc_at[0],
	       met(libc_at[1] <= 4), libc_at[1]);

	double same = 1e9;

	for (size_t k = 0; k < 4; k++) {
		const char *c = k == 0 ? "8" : k == 1 ? "15" : k == 2 ? "16" : "rand 0-15";
		double r = ratio(&strlen_tm[case_index(c)], SL_SIMPLE, SL_WV).med;

		same = r < same ? r : same;
	}
	printf("- 8-16 bytes no slower than the one-word loop (wv_strlen_simple, the "
	       "wv_strlen before): %s, worst %.3fx (> 1: wv_strlen faster)\n",
	       met(same >= 1.0), same);

	const char *mids[] = { "8", "15", "16" };
	double mb = 1e9, mm = 1e9;

	for (size_t k = 0; k < 3; k++) {
		const struct timing *tm = &strlen_tm[case_index(mids[k])];
		double r = ratio(tm, SL_BYTE, SL_WV).med, m = ratio(tm, SL_MUSL, SL_WV).med;

		mb = r < mb ? r : mb;
		mm = m < mm ? m : mm;
	}
	printf("- 8-16 bytes vs byte loop (>= 1.5x): %s, worst %.3fx\n", met(mb >= 1.5), mb);
	printf("- 8-16 bytes vs musl-style (>= 1.6x): %s, worst %.3fx\n", met(mm >= 1.6), mm);

	double slow = 0;

	for (size_t k = 0; k < 2; k++) {
		double r = ratio(&strlen_tm[case_index(k ? "3" : "1")], SL_WV, SL_BYTE).med;

		slow = r > slow ? r : slow;
	}
	printf("- 1-3 bytes no worse than 1.5x the byte loop's time: %s, worst %.3fx its time\n",
	       met(slow <= 1.5), slow);

	double sn = 0;

	for (size_t k = 4; k < 8; k += 2)
		if (strnlen_tm[k].t) {
			double r = ratio(&strnlen_tm[k], SN_WVN, SN_WV).med;

			sn = r > sn ? r : sn;
		}
	printf("- wv_strnlen <= 1.25x wv_strlen's time on long strings (limit above): %s, "
	       "worst %.3fx\n",
	       met(sn <= 1.25), sn);
	if (path_ratio_hash > 0)
		printf("- path walk with hashing >= 2x the byte walk: %s, %.3fx for the whole path "
		       "in one call (a call per component: %.3fx; scan only: %.3fx)\n",
		       met(path_ratio_whole >= 2), path_ratio_whole, path_ratio_hash,
		       path_ratio_scan);
	else
		printf("- path walk with hashing: not measured (no corpus)\n");
	printf("- <= 0.9 instructions per byte at 4 KiB: measured by `make bench-icount`\n");
	if (cli_linear < 0)
		printf("- trace generation grows linearly: not measured (no usable watviz "
		       "binary)\n");
	else
		printf("- trace generation grows linearly: %s (per-byte cost from 1 to 4 KiB over "
		       "that from 256 B to 1 KiB: --json %.2f, --plain %.2f)\n",
		       met(cli_linear == 1), cli_slope[0], cli_slope[1]);
	printf("- first frame and each key < 1 ms CPU: not measured (no --bench-frame hook "
	       "in the CLI; interactive timing is out of scope for now)\n");
}

/* ---- main ---------------------------------------------------------------------- */

static void usage(void)
{
	fprintf(stderr, "usage: wvbench [--reps N] [--batch-us N] [--seed N] "
			"[--corpus FILE] [--watviz PATH]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	uint64_t st;

	opt.seed = default_seed;

	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--reps") == 0)
			opt.reps = strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--batch-us") == 0)
			opt.batch_ns = strtod(argv[++i], NULL) * 1e3;
		else if (strcmp(argv[i], "--corpus") == 0)
			opt.corpus = argv[++i];
		else if (strcmp(argv[i], "--watviz") == 0)
			opt.watviz = argv[++i];
		else if (strcmp(argv[i], "--seed") == 0)
			opt.seed = strtoull(argv[++i], NULL, 0);
		else
			usage();
	}
	if (opt.reps < 3)
		opt.reps = 3;
	st = opt.seed ? opt.seed : 1;

	const struct wv_str_form *forms;
	size_t nforms = wv_str_forms(&forms);

	printf("- forms: wv_strlen, wv_strnlen and wv_path_hash run their %s form "
	       "(picked when the program is loaded; the other routines and the "
	       "yardsticks are baseline x86-64)\n", forms[nforms - 1].isa);
	bench_strlen(&st);
	bench_strnlen(&st);
	bench_paths();
	bench_variants(&st);
	bench_cli();
	verdicts();
	return 0;
}
