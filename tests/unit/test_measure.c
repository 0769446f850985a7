/*
 * The live measurement (watviz/measure.h): every contender's answer checked
 * before it is timed (a planted wrong strlen or path walk is reported, and
 * called only for the check), a real run's shape (never its numbers), the
 * bar lengths against an integer computation of their own, and the
 * placeholders filled from injected figures.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "watviz/measure.h"
#include "watviz/str.h"

static unsigned wrong_calls;

/* one short on every string: the planted wrong strlen */
static size_t wrong_strlen(const char *s)
{
	size_t n = 0;

	wrong_calls++;
	while (s[n])
		n++;
	return n ? n - 1 : 0;
}

static size_t wrong_path(const char *path, struct wv_component *out, size_t max)
{
	size_t n = wv_path_hash(path, out, max);

	wrong_calls++;
	if (n)
		out[n - 1].len++;	/* the last component one too long */
	return n;
}

static void test_wrong_not_timed(void **state)
{
	static const struct wv_measure_strlen sl[] = {
		{ "wv_strlen", wv_strlen }, { "planted", wrong_strlen } };
	static const struct wv_measure_path pl[] = {
		{ "wv_path_hash", wv_path_hash }, { "planted", wrong_path } };
	struct wv_measure_opts o = { .rounds = 3, .strlens = sl, .nstrlens = 2,
				     .paths = pl, .npaths = 2 };
	struct wv_measure m;

	(void)state;
	wrong_calls = 0;
	assert_int_equal(wv_measure_run(&o, &m), 0);
	/* 3 strlen lengths and 2 path lengths, 2 contenders each */
	assert_int_equal(m.nrows, 2 * WV_MEASURE_NLENS + 2 * (WV_MEASURE_NLENS - 1));
	for (size_t i = 0; i < m.nrows; i++) {
		const struct wv_measure_row *r = &m.rows[i];
		bool planted = strcmp(r->routine, "planted") == 0;

		assert_int_equal(r->wrong, planted);
		if (planted) {
			assert_true(r->ns == 0);
			assert_true(wv_measure_ratio(&m, r) == 0);
			if (r->group == WV_MEASURE_STRLEN) {
				assert_int_equal(r->want, r->len);
				assert_int_equal(r->got, r->len - 1);
			}
		} else {
			assert_true(r->ns > 0);
		}
	}
	/* called once per string, to be checked: never in a timed batch */
	assert_int_equal(wrong_calls, WV_MEASURE_NLENS + WV_MEASURE_NLENS - 1);
}

/* the default run: every row right and timed, the CPU named; no number is
   compared with anything (they vary) */
static void test_default_run(void **state)
{
	struct wv_measure_opts o = { .rounds = 1 };
	struct wv_measure m;
	char where[400];

	(void)state;
	assert_int_equal(wv_measure_run(&o, &m), 0);
	assert_int_equal(m.rounds, 1);
	assert_int_equal(m.nrows, 3 * WV_MEASURE_NLENS + 2 * (WV_MEASURE_NLENS - 1));
	for (size_t i = 0; i < m.nrows; i++) {
		assert_false(m.rows[i].wrong);
		assert_true(m.rows[i].ns > 0);
	}
	assert_non_null(wv_measure_find(&m, WV_MEASURE_STRLEN, 4096, "libc strlen"));
	assert_non_null(wv_measure_find(&m, WV_MEASURE_PATH, 64, "byte walk"));
	assert_null(wv_measure_find(&m, WV_MEASURE_PATH, 8, "byte walk"));
	assert_true(m.cpu[0] != '\0');
	wv_measure_where(&m, where, sizeof(where));
	assert_non_null(strstr(where, "measured on "));
	assert_non_null(strstr(where, m.cpu));
	printf("# %s\n", where);
}

/* ns / max * width rounded half up, in integers, at least 1 above 0 */
static int ref_bar(unsigned ns, unsigned max, unsigned width)
{
	unsigned n = (2 * ns * width + max) / (2 * max);

	return ns == 0 ? 0 : n < 1 ? 1 : (int)n;
}

static void test_bars(void **state)
{
	(void)state;
	assert_int_equal(wv_measure_bar(50, 100, 40), 20);
	for (unsigned max = 1; max <= 300; max += 7)
		for (unsigned width = 1; width <= 60; width += 3)
			for (unsigned ns = 0; ns <= max; ns++)
				if (wv_measure_bar(ns, max, (int)width) != ref_bar(ns, max, width))
					fail_msg("bar(%u, %u, %u) = %d, want %d", ns, max,
						 width, wv_measure_bar(ns, max, (int)width),
						 ref_bar(ns, max, width));
	assert_int_equal(wv_measure_bar(0, 100, 40), 0);
	assert_int_equal(wv_measure_bar(5, 0, 40), 0);
}

/* figures injected by hand: what a scene or handout is tested with */
static void fake(struct wv_measure *m)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->cpu, sizeof(m->cpu), "Test CPU 9000");
	snprintf(m->cflags, sizeof(m->cflags), "-O2");
	m->rounds = 21;
	m->rows[m->nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "wv_strlen",
						       4096, false, 0, 0, 250.0 };
	m->rows[m->nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "byte loop",
						       4096, false, 0, 0, 2450.0 };
	m->rows[m->nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "libc strlen",
						       4096, false, 0, 0, 100.0 };
}

static void test_fill(void **state)
{
	struct wv_measure m;
	char out[400];

	(void)state;
	fake(&m);
	wv_measure_fill(&m, "On {measure_cpu}, {measure_rounds} rounds: the byte loop "
			"takes {measure_byte_4096} the time, libc {measure_libc_4096}, "
			"{measure_ns_4096} ns; {measure_byte_8}.", out, sizeof(out));
	assert_string_equal(out, "On Test CPU 9000, 21 rounds: the byte loop takes 9.8x "
			    "the time, libc 0.4x, 250.0 ns; (not measured).");
	assert_true(wv_measure_placeholder("measure_byte_64"));
	assert_true(wv_measure_placeholder("measure_path_4096"));
	assert_false(wv_measure_placeholder("measure_path_8"));
	assert_false(wv_measure_placeholder("measure_byte_7"));
	assert_false(wv_measure_placeholder("find_zero"));
	wv_measure_fill(NULL, "{measure_cpu}", out, sizeof(out));
	assert_string_equal(out, "(not measured)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrong_not_timed),
		cmocka_unit_test(test_default_run),
		cmocka_unit_test(test_bars),
		cmocka_unit_test(test_fill),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
