/*
 * Checking a claim by evaluating it (prove/prove.h): every 32-bit word, or
 * the 64-bit words most likely to break a zero-byte test.  The words with at
 * most two non-zero bytes come first, class by class (fewer non-zero bytes
 * first), so the first class that holds a counterexample holds the smallest
 * one and the search stops there.  After them, 32 bits sweep every word in
 * order (cheaper than numbering classes), keeping the smallest failure.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/prove.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "watviz/wordops.h"

#include "stop.h"

#define NTHREADS 2
#define BLOCK 64
#define RANDOM_WORDS (UINT64_C(1) << 20)

static const uint8_t critical[8] = { 0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff };

unsigned wv_prove_nonzero_bytes(uint64_t x)
{
	unsigned n = 0;

	for (; x; x >>= 8)
		n += (x & 0xff) != 0;
	return n;
}

bool wv_prove_before(uint64_t x, uint64_t y)
{
	unsigned nx = wv_prove_nonzero_bytes(x), ny = wv_prove_nonzero_bytes(y);

	return nx != ny ? nx < ny : x < y;
}

/* A set of words, numbered 0 .. count-1. */
enum space_kind { SPACE_CLASS, SPACE_CRITICAL, SPACE_RANDOM, SPACE_ALL };

struct space {
	enum space_kind kind;
	unsigned bytes;		/* B */
	unsigned k;		/* SPACE_CLASS: non-zero bytes in each word */
	unsigned nsub;		/* the subsets of k of the B byte positions */
	uint8_t sub[70];	/* as bit masks (C(8,4) = 70 at most) */
	uint64_t per_sub;	/* 255^k */
	uint64_t count;
};

static void space_class(struct space *s, unsigned bytes, unsigned k)
{
	*s = (struct space){ .kind = SPACE_CLASS, .bytes = bytes, .k = k, .per_sub = 1 };
	for (unsigned m = 0; m < (1u << bytes); m++)
		if (wv_popcount(m) == k)
			s->sub[s->nsub++] = (uint8_t)m;
	for (unsigned i = 0; i < k; i++)
		s->per_sub *= 255;
	s->count = s->nsub * s->per_sub;
}

/* splitmix64: a fixed, reproducible stream of random words */
static uint64_t mix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

static uint64_t word_at(const struct space *s, uint64_t i)
{
	uint64_t x = 0;

	switch (s->kind) {
	case SPACE_CLASS: {
		unsigned m = s->sub[i / s->per_sub];
		uint64_t c = i % s->per_sub;

		for (unsigned b = 0; b < s->bytes; b++)
			if (m & (1u << b)) {
				x |= (c % 255 + 1) << (8 * b);
				c /= 255;
			}
		return x;
	}
	case SPACE_ALL:
		return i;
	case SPACE_CRITICAL:
		for (unsigned b = 0; b < s->bytes; b++)
			x |= (uint64_t)critical[(i >> (3 * b)) & 7] << (8 * b);
		return x;
	default:
		return mix(i) & wv_wmask(8 * s->bytes);
	}
}

struct job {
	const struct wv_expr *e;
	const struct space *s;
	uint64_t lo, hi;
	bool found;
	uint64_t best, checked;
	int err;
};

static void *run(void *arg)
{
	struct job *j = arg;
	uint64_t words[BLOCK], out[BLOCK];
	uint64_t *val = malloc((size_t)j->e->n * BLOCK * sizeof(*val));

	if (!val) {
		j->err = -ENOMEM;
		return NULL;
	}
	for (uint64_t i = j->lo; i < j->hi; i += BLOCK) {
		size_t n = j->hi - i < BLOCK ? (size_t)(j->hi - i) : BLOCK;

		if (pv_stop_asked()) {
			j->err = -EINTR;
			break;
		}

		for (size_t k = 0; k < n; k++)
			words[k] = word_at(j->s, i + k);
		wv_expr_eval_many(j->e, words, n, val, out);
		for (size_t k = 0; k < n; k++)
			if (out[k] == 0 && (!j->found || wv_prove_before(words[k], j->best))) {
				j->found = true;
				j->best = words[k];
			}
		j->checked += n;
	}
	free(val);
	return NULL;
}

/* Check one space in NTHREADS jobs (on threads where there are); fold the
   result into *p. */
static int check_space(const struct wv_expr *e, const struct space *s,
		       struct wv_proof *p)
{
	struct job jobs[NTHREADS];
	int started, err = 0;

	for (int t = 0; t < NTHREADS; t++)
		jobs[t] = (struct job){ .e = e, .s = s, .lo = s->count * (uint64_t)t / NTHREADS,
					.hi = s->count * (uint64_t)(t + 1) / NTHREADS };
	started = wv_prove_jobs(run, jobs, sizeof(jobs[0]), NTHREADS);
	if (started < NTHREADS)
		err = -EAGAIN;
	for (int t = 0; t < started; t++) {
		if (jobs[t].err)
			err = jobs[t].err;
		p->checked += jobs[t].checked;
		if (jobs[t].found && (p->holds || wv_prove_before(jobs[t].best, p->cex))) {
			p->holds = false;
			p->cex = jobs[t].best;
		}
	}
	return err;
}

int wv_prove_enumerate(const struct wv_expr *e, bool quick, struct wv_proof *p)
{
	unsigned bytes = e->w / 8, full = e->w == 32 && !quick;
	struct timespec t0, t1;
	struct space s;
	int err = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pv_stop_begin();
	*p = (struct wv_proof){ .holds = true, .is_proof = full, .smallest = true,
				.method = full ? "exhaustive" : "sampled" };
	for (unsigned k = 0; k <= 2 && p->holds && !err; k++) {
		space_class(&s, bytes, k);
		err = check_space(e, &s, p);
	}
	if (full && p->holds && !err) {
		/* classes 0..2 again, harmlessly: they hold no failure */
		s = (struct space){ .kind = SPACE_ALL, .bytes = bytes,
				    .count = UINT64_C(1) << 32 };
		err = check_space(e, &s, p);
	}
	if (!full && p->holds && !err) {
		s = (struct space){ .kind = SPACE_CRITICAL, .bytes = bytes,
				    .count = UINT64_C(1) << (3 * bytes) };
		err = check_space(e, &s, p);
	}
	if (!full && p->holds && !err) {
		s = (struct space){ .kind = SPACE_RANDOM, .bytes = bytes,
				    .count = RANDOM_WORDS };
		err = check_space(e, &s, p);
	}
	pv_stop_end();
	if (err == -EINTR)	/* what was checked decides nothing */
		*p = (struct wv_proof){ .method = p->method, .checked = p->checked };
	clock_gettime(CLOCK_MONOTONIC, &t1);
	p->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	return err;
}

int wv_prove(const struct wv_expr *e, struct wv_proof *p)
{
	if (wv_prove_have_solver())
		return wv_prove_solve(e, p);
	return wv_prove_enumerate(e, false, p);
}
