/*
 * Exhaustive proofs of the core:
 * - every 32-bit word, for each 32-bit variant: has_zero is non-zero exactly
 *   when a byte is zero, and after the kernel sequence find_zero and
 *   zero_bytemask agree with a byte loop;
 * - every 64-bit word whose bytes come from {00 01 02 7f 80 81 fe ff}
 *   (8^8 = 16.7 M words), for each 64-bit variant;
 * - the cheap test's flags are exactly the zero bytes plus the 0x01 bytes a
 *   borrow chain reaches, by simulating the subtraction byte by byte, over
 *   all 2^32 words and the 64-bit critical set.
 * The work is split over two threads.  WATVIZ_QUICK=1 (make asan) checks a
 * 1/256 slice of each space instead.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "watviz/wordops.h"

#define NTHREADS 2

static const uint8_t critical[8] = { 0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff };

struct job {
	const struct wv_variant *v;	/* NULL: check the cheap formula */
	unsigned bits;
	uint64_t lo, hi, step;		/* indices to check */
	uint64_t checked, bad;
	uint64_t first_bad;
};

/* Memory byte i of register value x in a w-bit word of the given order. */
static inline unsigned mem_byte(uint64_t x, unsigned i, unsigned w, enum wv_endian e)
{
	return (unsigned)(x >> (e == WV_LITTLE ? 8 * i : w - 8 - 8 * i)) & 0xff;
}

/* The word for index i: all 32-bit values, or 8 critical bytes per digit. */
static inline uint64_t word_at(unsigned bits, uint64_t i)
{
	uint64_t x = 0;

	if (bits == 32)
		return i;
	for (unsigned b = 0; b < 8; b++)
		x |= (uint64_t)critical[(i >> (3 * b)) & 7] << (8 * b);
	return x;
}

static void *run_variant(void *arg)
{
	struct job *j = arg;
	const struct wv_variant *v = j->v;
	unsigned nb = j->bits / 8;
	uint64_t zbm[9], checked = 0, bad = 0, first = 0;

	for (unsigned k = 0; k < nb; k++)
		zbm[k] = expect_zbm(v, k);
	for (uint64_t i = j->lo; i < j->hi; i += j->step) {
		uint64_t x = word_at(j->bits, i), data;
		unsigned k = 0;
		bool ok;

		while (k < nb && mem_byte(x, k, j->bits, v->endian) != 0)
			k++;
		uint64_t hz = v->has_zero(x, &data);

		ok = (hz != 0) == (k < nb);
		if (ok && k < nb) {
			uint64_t mask = v->create_zero_mask(v->prep_zero_mask(x, data));

			ok = v->find_zero(mask) == k && v->zero_bytemask(mask) == zbm[k];
		}
		checked++;
		if (!ok && bad++ == 0)
			first = x;
	}
	/* counted locally: the jobs share a cache line */
	j->checked = checked;
	j->bad = bad;
	j->first_bad = first;
	return NULL;
}

/* Flags of (a - ONES) & ~a & HIGHS, by subtracting 1 byte by byte with borrow. */
static uint64_t simulated_flags(uint64_t a, unsigned w)
{
	uint64_t flags = 0;
	unsigned borrow = 0;

	for (unsigned i = 0; i < w / 8; i++) {
		unsigned byte = (a >> 8 * i) & 0xff;
		unsigned diff = (byte - 1 - borrow) & 0xff;

		if ((diff & 0x80) && !(byte & 0x80))
			flags |= UINT64_C(0x80) << 8 * i;
		borrow = byte < 1 + borrow;
		/* the spec's statement of the same fact */
		if (((flags >> (8 * i + 7)) & 1) != (byte == 0 || (byte == 1 && i > 0 &&
		    ((flags >> (8 * i - 1)) & 1))))
			return ~UINT64_C(0);	/* cannot match any real F */
	}
	return flags;
}

static void *run_cheap(void *arg)
{
	struct job *j = arg;
	uint64_t checked = 0, bad = 0, first = 0;

	for (uint64_t i = j->lo; i < j->hi; i += j->step) {
		uint64_t x = word_at(j->bits, i);

		checked++;
		if (wv_cheap_zero(x, j->bits) != simulated_flags(x, j->bits) &&
		    bad++ == 0)
			first = x;
	}
	j->checked = checked;
	j->bad = bad;
	j->first_bad = first;
	return NULL;
}

/* Check indices [0, n) of a space with NTHREADS threads; fail on any miss. */
static void run_space(const struct wv_variant *v, unsigned bits, uint64_t n,
		      const char *what)
{
	struct job jobs[NTHREADS];
	pthread_t tid[NTHREADS];
	uint64_t step = quick_mode() ? 257 : 1;
	uint64_t checked = 0, bad = 0, first = 0;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int t = 0; t < NTHREADS; t++) {
		jobs[t] = (struct job){ .v = v, .bits = bits, .step = step * NTHREADS,
					.lo = (uint64_t)t * step, .hi = n };
		assert_int_equal(pthread_create(&tid[t], NULL,
						v ? run_variant : run_cheap, &jobs[t]), 0);
	}
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(tid[t], NULL);
		checked += jobs[t].checked;
		if (jobs[t].bad && !bad)
			first = jobs[t].first_bad;
		bad += jobs[t].bad;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# %-13s %-16s %llu words in %.1f s, %llu wrong\n", what,
	       v ? v->name : "cheap formula", (unsigned long long)checked,
	       (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	       (unsigned long long)bad);
	if (bad)
		fail_msg("%s: %llu words wrong, first 0x%llx", v ? v->name : "cheap",
			 (unsigned long long)bad, (unsigned long long)first);
	assert_true(checked >= n / (step * NTHREADS));
}

static void all_32bit_words(void **state)
{
	const struct wv_variant *v = *state;

	run_space(v, 32, UINT64_C(1) << 32, "all 2^32");
}

static void critical_64bit_words(void **state)
{
	const struct wv_variant *v = *state;

	run_space(v, 64, UINT64_C(1) << 24, "critical 8^8");
}

static void cheap_flags_32(void **state)
{
	(void)state;
	run_space(NULL, 32, UINT64_C(1) << 32, "all 2^32");
}

static void cheap_flags_64(void **state)
{
	(void)state;
	run_space(NULL, 64, UINT64_C(1) << 24, "critical 8^8");
}

int main(void)
{
	struct CMUnitTest tests[24];
	size_t n = 0;
	static char names[20][48];

	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);

		snprintf(names[i], sizeof(names[i]), "%s_%s",
			 v->bits == 32 ? "all_32bit_words" : "critical_64bit_words",
			 v->name);
		tests[n++] = (struct CMUnitTest){
			.name = names[i],
			.test_func = v->bits == 32 ? all_32bit_words : critical_64bit_words,
			.initial_state = (void *)(uintptr_t)v,
		};
	}
	tests[n++] = (struct CMUnitTest){ .name = "cheap_flags_all_32bit",
					  .test_func = cheap_flags_32 };
	tests[n++] = (struct CMUnitTest){ .name = "cheap_flags_critical_64bit",
					  .test_func = cheap_flags_64 };
	return _cmocka_run_group_tests("exhaustive", tests, n, NULL, NULL);
}
