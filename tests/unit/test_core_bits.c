/*
 * The bit helpers and instruction emulations of watviz/wordops.h against
 * one-bit-at-a-time loops.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include "watviz/wordops.h"

static unsigned naive_clz(uint64_t x, unsigned w)
{
	unsigned n = 0;

	for (int i = (int)w - 1; i >= 0 && !((x >> i) & 1); i--)
		n++;
	return n;
}

static unsigned naive_ctz(uint64_t x, unsigned w)
{
	unsigned n = 0;

	for (unsigned i = 0; i < w && !((x >> i) & 1); i++)
		n++;
	return n;
}

static unsigned naive_popcount(uint64_t x)
{
	unsigned n = 0;

	for (unsigned i = 0; i < 64; i++)
		n += (x >> i) & 1;
	return n;
}

/* Values with few and many bits, every single bit, and random ones. */
static void each_value(void (*check)(uint64_t x, unsigned w))
{
	uint64_t s = 0x1234567;

	for (unsigned w = 32; w <= 64; w += 32) {
		check(0, w);
		check(wv_wmask(w), w);
		for (unsigned i = 0; i < w; i++) {
			check(UINT64_C(1) << i, w);
			check(wv_wmask(w) >> i, w);
			check((wv_wmask(w) << i) & wv_wmask(w), w);
		}
		for (int i = 0; i < 200000; i++) {
			uint64_t x = rng_next(&s) & wv_wmask(w);

			check(x >> (rng_next(&s) % w), w);
		}
	}
}

static void check_counts(uint64_t x, unsigned w)
{
	assert_int_equal(wv_clz(x, w), naive_clz(x, w));
	assert_int_equal(wv_clz_portable(x, w), naive_clz(x, w));
	assert_int_equal(wv_ctz(x, w), naive_ctz(x, w));
	assert_int_equal(wv_ctz_portable(x, w), naive_ctz(x, w));
	assert_int_equal(wv_popcount(x), naive_popcount(x));
	assert_int_equal(wv_popcount_portable(x), naive_popcount(x));
	/* the kernel's helpers, from their definitions */
	assert_int_equal(wv_fls(x, w), x ? w - naive_clz(x, w) : 0);
	if (x) {
		assert_int_equal(wv___fls(x, w), w - 1 - naive_clz(x, w));
		assert_int_equal(wv___ffs(x, w), naive_ctz(x, w));
		assert_int_equal(wv_clz_bytes_halving(x, w), naive_clz(x, w) / 8);
	}
}

static void counts(void **state)
{
	(void)state;
	each_value(check_counts);
}

static void check_compares(uint64_t x, unsigned w)
{
	uint64_t y = (x * UINT64_C(0x9e3779b97f4a7c15)) & wv_wmask(w);
	uint64_t eq = 0, ge = 0, ge0 = 0;

	/* make some bytes equal so cmpb has both answers */
	y = (y & wv_repeat_byte(0xf0, w)) | (x & wv_repeat_byte(0x0f, w));
	for (unsigned i = 0; i < w / 8; i++) {
		unsigned a = (x >> 8 * i) & 0xff, b = (y >> 8 * i) & 0xff;

		if (a == b)
			eq |= UINT64_C(0xff) << 8 * i;
		if (a >= b)
			ge |= UINT64_C(1) << i;
		if (a == 0)
			ge0 |= UINT64_C(1) << i;
	}
	assert_int_equal(wv_cmpb(x, y, w), eq);
	assert_int_equal(wv_cmpbge(x, y, w), ge);
	assert_int_equal(wv_cmpbge(0, x, w), ge0);
}

static void compares(void **state)
{
	(void)state;
	each_value(check_compares);
}

static void shifts(void **state)
{
	(void)state;
	for (unsigned w = 32; w <= 64; w += 32) {
		for (unsigned n = 0; n < 80; n++) {
			uint64_t want = n < w ? (UINT64_C(0xabcdef) << n) & wv_wmask(w) : 0;

			assert_int_equal(wv_shl(0xabcdef, n, w), want);
			want = n < w ? (~UINT64_C(1) << n) & wv_wmask(w) : 0;
			assert_int_equal(wv_not1_shl(n, w), want);
		}
	}
	assert_int_equal(wv_repeat_byte(0x2f, 32), 0x2f2f2f2f);
	assert_int_equal(wv_repeat_byte(0x80, 64), 0x8080808080808080);
	assert_int_equal(wv_wmask(32), 0xffffffff);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts),
		cmocka_unit_test(compares),
		cmocka_unit_test(shifts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
