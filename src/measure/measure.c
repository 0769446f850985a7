/*
 * The live measurement of measure/measure.h: the production routines and the
 * loops they replace, timed side by side in one run, round by round, each
 * answer checked before anything is timed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "measure/measure.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifndef __wasi__
#include <sys/utsname.h>
#endif

#include "watviz/str.h"

#ifndef WATVIZ_CORE_CFLAGS
#define WATVIZ_CORE_CFLAGS "unknown"
#endif

const size_t wv_measure_lens[WV_MEASURE_NLENS] = { 8, 64, 4096 };

/* string bytes each timed batch walks: tens of microseconds for a byte loop */
#define BATCH_BYTES 16384
#define CONTENDERS_MAX 4

static const char *const group_names[WV_MEASURE_GROUPS] = { "strlen", "path" };

const char *wv_measure_group_name(enum wv_measure_group g)
{
	return (unsigned)g < WV_MEASURE_GROUPS ? group_names[g] : NULL;
}

static size_t libc_strlen(const char *s)
{
	return strlen(s);
}

static const struct wv_measure_strlen default_strlens[] = {
	{ "wv_strlen", wv_strlen },
	{ "byte loop", wv_measure_byte_strlen },
	{ "libc strlen", libc_strlen },
};

static const struct wv_measure_path default_paths[] = {
	{ "wv_path_hash", wv_path_hash },
	{ "byte walk", wv_measure_byte_path_hash },
};

/* ---- the clock and the medians ------------------------------------------- */

/* Now in ns: this thread's CPU time where there is one (time spent
   descheduled does not count), else the monotonic clock. */
static double now_ns(void)
{
	struct timespec t;

#ifdef CLOCK_THREAD_CPUTIME_ID
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0)
		return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
#endif
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[0..n) (sorts v). */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- where it runs ------------------------------------------------------- */

static void cpu_name(char *buf, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];

	buf[0] = '\0';
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');

			if (strncmp(line, "model name", 10) != 0 || !colon)
				continue;
			colon += 1 + (colon[1] == ' ');
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(buf, size, "%s", colon);
			break;
		}
		fclose(f);
	}
	if (buf[0])
		return;
#ifdef __wasi__
	snprintf(buf, size, "this browser's WebAssembly engine");
#else
	struct utsname u;

	snprintf(buf, size, "%s", uname(&u) == 0 ? u.machine : "an unknown CPU");
#endif
}

/* ---- the strings --------------------------------------------------------- */

/* A path of exactly len bytes: "abcdefg/" over and over. */
static void make_path(char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		p[i] = i % 8 == 7 ? '/' : (char)('a' + i % 8);
	p[len] = '\0';
}

/* The components of p, by a plain byte loop: the truth a path contender's
   answer is held to.  Fills out[0..) and returns how many. */
static size_t path_truth(const char *p, struct wv_component *out)
{
	size_t n = 0, i = 0;

	for (;;) {
		while (p[i] == '/')
			i++;
		if (p[i] == '\0')
			return n;
		out[n].start = i;
		while (p[i] != '\0' && p[i] != '/')
			i++;
		out[n].len = i - out[n].start;
		n++;
	}
}

/* ---- the run ------------------------------------------------------------- */

static volatile size_t sink;

struct job {
	struct wv_measure_row *row;
	size_t (*str)(const char *s);
	size_t (*path)(const char *p, struct wv_component *out, size_t max);
	size_t calls;
	double *samples;	/* one per round */
};

/* One batch of j's calls on s; the time per call in ns. */
static double batch(const struct job *j, const char *s, struct wv_component *out,
		    size_t max)
{
	size_t (*volatile str)(const char *) = j->str;
	size_t (*volatile path)(const char *, struct wv_component *, size_t) = j->path;
	size_t sum = 0;
	double t0 = now_ns();

	for (size_t i = 0; i < j->calls; i++)
		sum += j->str ? str(s) : path(s, out, max);
	double t1 = now_ns();

	sink += sum;
	return (t1 - t0) / (double)j->calls;
}

/* Check j's answer on s (length len, truth comps[0..ncomps) for a path);
   a wrong one marks the row. */
static void check(struct job *j, const char *s, size_t len,
		  const struct wv_component *truth, size_t ntruth,
		  struct wv_component *out, size_t max)
{
	struct wv_measure_row *r = j->row;

	if (j->str) {
		r->got = j->str(s);
		r->want = len;
		r->wrong = r->got != len;
		return;
	}
	r->got = j->path(s, out, max);
	r->want = ntruth;
	r->wrong = r->got != ntruth;
	for (size_t i = 0; !r->wrong && i < ntruth; i++)
		r->wrong = out[i].start != truth[i].start || out[i].len != truth[i].len;
}

int wv_measure_run(const struct wv_measure_opts *o, struct wv_measure *m)
{
	static const struct wv_measure_opts none;
	size_t maxlen = wv_measure_lens[WV_MEASURE_NLENS - 1];
	size_t maxcomp = maxlen / 2 + 1;
	struct job jobs[WV_MEASURE_ROWS_MAX];
	size_t njobs = 0;
	int ret = -ENOMEM;

	if (!o)
		o = &none;
	const struct wv_measure_strlen *sl = o->strlens ? o->strlens : default_strlens;
	size_t nsl = o->strlens ? o->nstrlens : sizeof(default_strlens) / sizeof(*sl);
	const struct wv_measure_path *pl = o->paths ? o->paths : default_paths;
	size_t npl = o->paths ? o->npaths : sizeof(default_paths) / sizeof(*pl);

	if (nsl > CONTENDERS_MAX)
		nsl = CONTENDERS_MAX;
	if (npl > CONTENDERS_MAX)
		npl = CONTENDERS_MAX;
	memset(m, 0, sizeof(*m));
	m->rounds = o->rounds ? o->rounds : WV_MEASURE_ROUNDS;
	m->batch_bytes = BATCH_BYTES;
	cpu_name(m->cpu, sizeof(m->cpu));
	snprintf(m->cflags, sizeof(m->cflags), "%s", WATVIZ_CORE_CFLAGS);

	/* one string, aligned, reused for each length (its NUL moved) */
	char *s = malloc(maxlen + 16);
	struct wv_component *out = malloc(maxcomp * sizeof(*out));
	struct wv_component *truth = malloc(maxcomp * sizeof(*truth));
	double *samples = malloc(WV_MEASURE_ROWS_MAX * (size_t)m->rounds * sizeof(double));

	if (!s || !out || !truth || !samples)
		goto out_free;
	for (size_t g = 0; g < WV_MEASURE_GROUPS; g++) {
		size_t n = g == WV_MEASURE_STRLEN ? nsl : npl;

		for (size_t li = g == WV_MEASURE_PATH ? 1 : 0; li < WV_MEASURE_NLENS; li++) {
			for (size_t k = 0; k < n; k++) {
				struct wv_measure_row *r = &m->rows[m->nrows];
				size_t len = wv_measure_lens[li];

				*r = (struct wv_measure_row){
					.group = (enum wv_measure_group)g, .len = len,
					.routine = g == WV_MEASURE_STRLEN ? sl[k].name : pl[k].name };
				jobs[njobs] = (struct job){
					.row = r,
					.str = g == WV_MEASURE_STRLEN ? sl[k].fn : NULL,
					.path = g == WV_MEASURE_PATH ? pl[k].fn : NULL,
					.calls = BATCH_BYTES / (len + 1) ? BATCH_BYTES / (len + 1) : 1,
					.samples = samples + njobs * m->rounds };
				m->nrows++;
				njobs++;
			}
		}
	}
	/* each length in turn: build its string, check every contender on it,
	   then the rounds, the contenders' order rotated every round */
	for (size_t first = 0; first < njobs;) {
		struct wv_measure_row *r0 = jobs[first].row;
		size_t last = first, ntruth = 0;

		while (last < njobs && jobs[last].row->group == r0->group &&
		       jobs[last].row->len == r0->len)
			last++;
		if (r0->group == WV_MEASURE_PATH) {
			make_path(s, r0->len);
			ntruth = path_truth(s, truth);
		} else {
			for (size_t i = 0; i < r0->len; i++)
				s[i] = (char)('a' + i % 26);
			s[r0->len] = '\0';
		}
		for (size_t k = first; k < last; k++)
			check(&jobs[k], s, r0->len, truth, ntruth, out, maxcomp);
		for (unsigned round = 0; round < m->rounds; round++) {
			for (size_t k = 0; k < last - first; k++) {
				struct job *j = &jobs[first + (k + round) % (last - first)];

				if (!j->row->wrong)
					j->samples[round] = batch(j, s, out, maxcomp);
			}
		}
		for (size_t k = first; k < last; k++)
			if (!jobs[k].row->wrong)
				jobs[k].row->ns = median(jobs[k].samples, m->rounds);
		first = last;
	}
	ret = 0;
out_free:
	free(samples);
	free(truth);
	free(out);
	free(s);
	return ret;
}

int wv_measure_default(struct wv_measure *m)
{
	return wv_measure_run(NULL, m);
}

int wv_measure_none(struct wv_measure *m)
{
	memset(m, 0, sizeof(*m));
	return -ENOTSUP;
}

/* ---- reading the figures ------------------------------------------------- */

const char *wv_measure_title(enum wv_measure_group g)
{
	return g == WV_MEASURE_PATH ? "The path walk, timed on this machine (ns per call)"
				    : "strlen, timed on this machine (ns per call)";
}

const struct wv_measure_row *wv_measure_find(const struct wv_measure *m,
					     enum wv_measure_group g, size_t len,
					     const char *routine)
{
	for (size_t i = 0; i < m->nrows; i++) {
		const struct wv_measure_row *r = &m->rows[i];

		if (r->group == g && r->len == len && strcmp(r->routine, routine) == 0)
			return r;
	}
	return NULL;
}

double wv_measure_ratio(const struct wv_measure *m, const struct wv_measure_row *r)
{
	for (size_t i = 0; i < m->nrows; i++) {
		const struct wv_measure_row *f = &m->rows[i];

		if (f->group != r->group || f->len != r->len)
			continue;
		/* the first row of r's group and length: the production one */
		if (f->wrong || r->wrong || f->ns <= 0 || r->ns <= 0)
			return 0;
		return r->ns / f->ns;
	}
	return 0;
}

int wv_measure_bar(double ns, double max, int width)
{
	if (ns <= 0 || max <= 0 || width <= 0)
		return 0;
	/* (2 ns width + max) / (2 max), floored: half up, exact on whole ns */
	int n = (int)((2 * ns * width + max) / (2 * max));

	return n < 1 ? 1 : n > width ? width : n;
}

double wv_measure_max(const struct wv_measure *m, enum wv_measure_group g,
		      size_t len)
{
	double max = 0;

	for (size_t i = 0; i < m->nrows; i++)
		if (m->rows[i].group == g && m->rows[i].len == len && m->rows[i].ns > max)
			max = m->rows[i].ns;
	return max;
}

char *wv_measure_where(const struct wv_measure *m, char *buf, size_t size)
{
	snprintf(buf, size, "measured on %s, %u rounds, medians; core built with %s",
		 m->cpu[0] ? m->cpu : "an unknown CPU", m->rounds,
		 m->cflags[0] ? m->cflags : "unknown flags");
	return buf;
}

/* ---- placeholders -------------------------------------------------------- */

/* The value of placeholder name from m into buf; false when unknown. */
static bool value(const struct wv_measure *m, const char *name, char *buf, size_t size)
{
	static const struct {
		const char *prefix;
		enum wv_measure_group g;
		const char *routine;
	} ratios[] = {
		{ "measure_byte_", WV_MEASURE_STRLEN, "byte loop" },
		{ "measure_libc_", WV_MEASURE_STRLEN, "libc strlen" },
		{ "measure_path_", WV_MEASURE_PATH, "byte walk" },
		{ "measure_ns_", WV_MEASURE_STRLEN, NULL },
	};

	if (strcmp(name, "measure_cpu") == 0) {
		snprintf(buf, size, "%s", m && m->cpu[0] ? m->cpu : "(not measured)");
		return true;
	}
	if (strcmp(name, "measure_rounds") == 0) {
		if (m && m->rounds)
			snprintf(buf, size, "%u", m->rounds);
		else
			snprintf(buf, size, "(not measured)");
		return true;
	}
	for (size_t i = 0; i < sizeof(ratios) / sizeof(*ratios); i++) {
		size_t n = strlen(ratios[i].prefix);
		char *end;
		unsigned long len;

		if (strncmp(name, ratios[i].prefix, n) != 0)
			continue;
		len = strtoul(name + n, &end, 10);
		if (*end || end == name + n)
			return false;
		bool known = false;

		for (size_t k = 0; k < WV_MEASURE_NLENS; k++)
			known |= wv_measure_lens[k] == len &&
				 (ratios[i].g != WV_MEASURE_PATH || k > 0);
		if (!known)
			return false;
		snprintf(buf, size, "(not measured)");
		if (!m)
			return true;
		if (!ratios[i].routine) {
			const struct wv_measure_row *r = wv_measure_find(m, WV_MEASURE_STRLEN,
									 len, "wv_strlen");

			if (r && !r->wrong && r->ns > 0)
				snprintf(buf, size, "%.1f", r->ns);
			return true;
		}
		const struct wv_measure_row *r = wv_measure_find(m, ratios[i].g, len,
								 ratios[i].routine);
		double x = r ? wv_measure_ratio(m, r) : 0;

		if (x > 0)
			snprintf(buf, size, "%.1fx", x);
		return true;
	}
	return false;
}

bool wv_measure_placeholder(const char *name)
{
	char buf[8];

	return value(NULL, name, buf, sizeof(buf));
}

char *wv_measure_fill(const struct wv_measure *m, const char *s, char *out,
		      size_t size)
{
	size_t used = 0;

	if (size == 0)
		return out;
	while (*s) {
		const char *close = *s == '{' ? strchr(s + 1, '}') : NULL;
		char name[32], val[128];

		if (close && (size_t)(close - s - 1) < sizeof(name)) {
			snprintf(name, sizeof(name), "%.*s", (int)(close - s - 1), s + 1);
			if (!value(m, name, val, sizeof(val)))
				snprintf(val, sizeof(val), "(not measured)");
			for (const char *v = val; *v && used + 1 < size; v++)
				out[used++] = *v;
			s = close + 1;
			continue;
		}
		if (used + 1 < size)
			out[used++] = *s;
		s++;
	}
	out[used] = '\0';
	return out;
}
