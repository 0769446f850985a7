/*
 * The live measurement (measure/measure.h): every contender's answer checked
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
#include <unistd.h>

#include "app/classroom.h"
#include "render/handout.h"
#include "render/html.h"
#include "lesson/lesson.h"
#include "app/lessonview.h"
#include "measure/measure.h"
#include "watviz/str.h"
#include "app/view.h"

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

/* '#' cells of row y, and the column of the first */
static int hashes(const struct wv_frame *f, int y, int *first)
{
	int n = 0;

	*first = -1;
	for (int x = 0; x < f->cols; x++)
		if (f->cells[y * f->cols + x].ch == '#') {
			if (*first < 0)
				*first = x;
			n++;
		}
	return n;
}

/* the chart from injected figures: each bar as long as an integer
   computation of its own says, the slowest full width; a wrong routine
   says so and has no bar */
static void test_chart(void **state)
{
	struct wv_measure m;
	struct wv_frame f = { 0 };
	char row[400];
	int width = 80, bar_w = 0, rows_seen = 0;

	(void)state;
	fake(&m);
	m.rows[m.nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "planted", 4096,
						     true, 4095, 4096, 0 };
	assert_int_equal(wv_frame_init(&f, 30, width), 0);
	int used = wv_view_chart(&f, 0, 30, 0, width, &m, WV_MEASURE_STRLEN, NULL);

	assert_int_equal(used, wv_view_chart(NULL, 0, 30, 0, width, &m,
					      WV_MEASURE_STRLEN, NULL));
	assert_true(wv_frame_find(&f, 0, wv_measure_title(WV_MEASURE_STRLEN)) == 0);
	assert_true(wv_frame_find(&f, 1, "measured on Test CPU 9000, 21 rounds") == 0);
	/* the slowest (byte loop, 2450 ns) is the full width */
	for (int y = 0; y < used; y++) {
		int first, n = hashes(&f, y, &first);

		wv_frame_row_text(&f, y, row, sizeof(row));
		if (strstr(row, "byte loop"))
			bar_w = n;
	}
	assert_true(bar_w > 10);
	for (int y = 0; y < used; y++) {
		int first, n = hashes(&f, y, &first);
		unsigned want = 0;

		wv_frame_row_text(&f, y, row, sizeof(row));
		if (strstr(row, "wv_strlen"))
			want = (unsigned)ref_bar(250, 2450, (unsigned)bar_w);
		else if (strstr(row, "libc strlen"))
			want = (unsigned)ref_bar(100, 2450, (unsigned)bar_w);
		else if (strstr(row, "byte loop"))
			want = (unsigned)bar_w;
		else if (strstr(row, "planted")) {
			assert_int_equal(n, 0);
			assert_non_null(strstr(row, "WRONG: answered 4095, not 4096: not timed"));
			rows_seen++;
			continue;
		} else
			continue;
		if ((unsigned)n != want)
			fail_msg("row %d '%s': %d cells, want %u", y, row, n, want);
		rows_seen++;
	}
	assert_int_equal(rows_seen, 4);
	/* the figures beside the bars: ns and the ratio to wv_strlen */
	assert_true(wv_frame_find(&f, 4, "2450.0 ns    9.8x") > 0 ||
		    wv_frame_find(&f, 3, "2450.0 ns    9.8x") > 0);
	wv_frame_free(&f);
	/* not measured: why, and no bar */
	assert_int_equal(wv_frame_init(&f, 30, width), 0);
	wv_view_chart(&f, 0, 30, 0, width, NULL, WV_MEASURE_STRLEN, "Not measured here.");
	assert_int_equal(wv_frame_find(&f, 1, "Not measured here."), 0);
	for (int y = 0; y < 30; y++) {
		int first;

		assert_int_equal(hashes(&f, y, &first), 0);
	}
	wv_frame_free(&f);
}

static unsigned fake_calls;

static int fake_measure(struct wv_measure *m)
{
	fake_calls++;
	fake(m);
	return 0;
}

/* lesson 1's measure scene with injected figures: the chart and the
   narration show them; m measures again (through the seam) and says so */
static void test_scene(void **state)
{
	struct wv_ui_opts o = { .lesson_number = 1, .lesson_slug = "x", .delim = -1,
				.restart = true, .measure = fake_measure };
	struct wv_app app;
	struct wv_class c;
	struct wv_frame f = { 0 };
	struct wv_error e;
	wv_lesson *l;
	char text[WV_NARRATION_MAX];
	size_t scene = 0;

	(void)state;
	fake_calls = 0;
	assert_int_equal(wv_lesson_load("lessons/01-word-at-a-time.lesson", &l, &e), 0);
	o.lesson = l;
	assert_int_equal(wv_class_init(&c, &app, &o, NULL), 0);
	while (scene < wv_lesson_nscenes(l) && wv_lesson_scene(l, scene)->measure < 0)
		scene++;
	assert_true(scene < wv_lesson_nscenes(l));
	assert_int_equal(fake_calls, 0);
	wv_class_goto(&c, scene);
	assert_int_equal(fake_calls, 1);
	assert_int_equal(wv_class_narrate(&c, WV_MEMORY_PANEL, text, sizeof(text)), 0);
	/* the CPU is named by the chart's "measured on" line, below */
	assert_non_null(strstr(text, "9.8x"));
	assert_null(strchr(text, '{'));
	for (int p = 0; p < 2; p++) {
		c.present = p;
		assert_int_equal(wv_frame_init(&f, p ? 45 : 30, p ? 160 : 100), 0);
		wv_lessonview_build(&f, &c);
		bool title = false, where = false, narr = false;

		for (int y = 0; y < f.rows; y++) {
			title |= wv_frame_find(&f, y, wv_measure_title(WV_MEASURE_STRLEN)) >= 0;
			where |= wv_frame_find(&f, y, "measured on Test CPU 9000") >= 0;
			narr |= wv_frame_find(&f, y, "time over wv_strlen's is") >= 0;
		}
		assert_true(title && where && narr);
		wv_frame_free(&f);
	}
	wv_class_do(&c, WV_ACT_FOCUS_MEMORY);
	assert_int_equal(fake_calls, 2);
	assert_non_null(strstr(app.msg, "Measured again: 21 rounds on Test CPU 9000"));
	wv_class_free(&c);
	wv_app_free(&app);
	wv_lesson_free(l);
}

/* the lesson key: strlen and path, anything else refused at its column;
   a figure on a scene without measure: has no value */
static void test_lesson_key(void **state)
{
	static const char ok[] = "title: t\nscene: s\nword: ab\nshow: load\n"
				 "measure: path\ntext: {measure_path_4096} faster.\n";
	static const char bad[] = "title: t\nscene: s\nword: ab\nshow: load\n"
				  "measure: memcpy\ntext: x.\n";
	static const char stray[] = "title: t\nscene: s\nword: ab\nshow: load\n"
				    "text: {measure_byte_64} faster.\n";
	wv_lesson *l;
	struct wv_error e;

	(void)state;
	assert_int_equal(wv_lesson_parse(ok, sizeof(ok) - 1, &l, &e), 0);
	assert_int_equal(wv_lesson_scene(l, 0)->measure, WV_MEASURE_PATH);
	wv_lesson_free(l);
	assert_int_equal(wv_lesson_parse(bad, sizeof(bad) - 1, &l, &e), -1);
	assert_int_equal(e.line, 5);
	assert_int_equal(e.col, 10);
	assert_non_null(strstr(e.msg, "'memcpy' is not measured; write strlen"));
	assert_int_equal(wv_lesson_parse(stray, sizeof(stray) - 1, &l, &e), -1);
	assert_non_null(strstr(e.msg, "{measure_byte_64} has no value (a figure of a live "
				   "measurement: the scene needs measure: strlen"));
}

/* lesson 1's handout, plain or HTML, with figures m (NULL: none) */
static char *handout(bool html, const struct wv_measure *m)
{
	struct wv_handout_opts o = { .number = 1, .measure = m };
	wv_lesson *l;
	struct wv_error e;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(wv_lesson_load("lessons/01-word-at-a-time.lesson", &l, &e), 0);
	if (html) {
		assert_int_equal(wv_html_begin(f, "lesson 1"), 0);
		assert_int_equal(wv_html_handout(f, l, &o), 0);
		assert_int_equal(wv_html_end(f), 0);
	} else {
		assert_int_equal(wv_handout_render(f, l, &o), 0);
	}
	assert_int_equal(fclose(f), 0);
	wv_lesson_free(l);
	return buf;
}

/* the plain handout with injected figures: the text chart's bars as an
   integer computation says, the figures in the narration; without them,
   "not measured" and no bar, the same on every run */
static void test_plain_handout(void **state)
{
	struct wv_measure m;
	char *page, *again, *chart;
	int bar_w = 0, seen = 0;

	(void)state;
	fake(&m);
	m.rows[m.nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "planted", 4096,
						     true, 4095, 4096, 0 };
	page = handout(false, &m);
	chart = strstr(page, wv_measure_title(WV_MEASURE_STRLEN));
	assert_non_null(chart);
	assert_non_null(strstr(chart, "measured on Test CPU 9000, 21 rounds"));
	assert_non_null(strstr(page, "the byte loop's time over wv_strlen's is"));
	/* the narration's figures, wherever the handout wraps its lines */
	char *flat = strdup(page);

	assert_non_null(flat);
	for (char *p = flat; *p; p++)
		if (*p == '\n')
			*p = ' ';
	assert_non_null(strstr(flat, "longest, 9.8x, and the C library's 0.4x"));
	free(flat);
	assert_null(strstr(page, "{measure_"));
	for (int pass = 0; pass < 2; pass++)
		for (const char *l = chart; *l && l < strstr(chart, "\nAnswers"); ) {
			size_t n = strcspn(l, "\n");
			char line[200];
			unsigned cells = 0, want;

			snprintf(line, sizeof(line), "%.*s", (int)n, l);
			for (size_t k = 0; k < n; k++)
				cells += line[k] == '#';
			l += n + (l[n] == '\n');
			if (strstr(line, "byte loop") && pass == 0)
				bar_w = (int)cells;
			if (pass == 0)
				continue;
			if (strstr(line, "wv_strlen "))
				want = (unsigned)ref_bar(250, 2450, (unsigned)bar_w);
			else if (strstr(line, "libc strlen"))
				want = (unsigned)ref_bar(100, 2450, (unsigned)bar_w);
			else if (strstr(line, "byte loop"))
				want = (unsigned)bar_w;
			else if (strstr(line, "planted")) {
				assert_non_null(strstr(line, "WRONG: answered 4095, not 4096"));
				want = 0;
			} else
				continue;
			if (cells != want)
				fail_msg("'%s': %u cells, want %u", line, cells, want);
			seen++;
		}
	assert_int_equal(bar_w, 78 - 46);
	assert_int_equal(seen, 4);
	free(page);
	/* not measured: said, no bar, and the same bytes every time */
	page = handout(false, NULL);
	again = handout(false, NULL);
	assert_string_equal(page, again);
	assert_non_null(strstr(page, "Not measured: this handout was made without "
			       "--measure, so"));
	assert_non_null(strstr(page, "the byte loop's time over wv_strlen's is (not measured)"));
	chart = strstr(page, wv_measure_title(WV_MEASURE_STRLEN));
	assert_non_null(chart);
	assert_null(strstr(chart, "###"));
	free(page);
	free(again);
}

/* the HTML handout with injected figures: each bar's width the percentage
   an integer computation gives, the production bar marked, a wrong routine
   said without a bar; tidy finds no error (when it is installed) */
static void test_html_handout(void **state)
{
	static const struct { const char *row; unsigned ns; } want[] = {
		{ "wv_strlen, 4096 bytes", 250 }, { "byte loop, 4096 bytes", 2450 },
		{ "libc strlen, 4096 bytes", 100 } };
	struct wv_measure m;
	char *page, *p, path[] = "/tmp/watviz-measure-XXXXXX";

	(void)state;
	fake(&m);
	m.rows[m.nrows++] = (struct wv_measure_row){ WV_MEASURE_STRLEN, "planted", 4096,
						     true, 4095, 4096, 0 };
	page = handout(true, &m);
	p = strstr(page, "<figure class=\"chart\">");
	assert_non_null(p);
	for (size_t i = 0; i < sizeof(want) / sizeof(*want); i++) {
		char cell[200];

		p = strstr(p, want[i].row);
		assert_non_null(p);
		snprintf(cell, sizeof(cell), "<td class=\"b\"><div class=\"bar%s\" "
			 "style=\"width:%d%%\"></div></td>", i == 0 ? " prod" : "",
			 ref_bar(want[i].ns, 2450, 100));
		if (strncmp(strchr(p, '<') + 5, cell, strlen(cell)) != 0)
			fail_msg("row %s: want %s, have %.120s", want[i].row, cell,
				 strchr(p, '<') + 5);
	}
	assert_non_null(strstr(p, "planted, 4096 bytes</th><td colspan=\"3\">wrong: "
			       "answered 4095, not 4096: not timed</td>"));
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, page, strlen(page)), (ssize_t)strlen(page));
	close(fd);
	if (system("command -v tidy >/dev/null 2>&1") == 0) {
		char cmd[200];

		snprintf(cmd, sizeof(cmd), "tidy -errors -quiet %s >/dev/null 2>&1", path);
		assert_int_equal(system(cmd), 0);
	}
	unlink(path);
	free(page);
	page = handout(true, NULL);
	assert_non_null(strstr(page, WV_HANDOUT_NOT_MEASURED));
	assert_null(strstr(page, "class=\"bar"));
	free(page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrong_not_timed),
		cmocka_unit_test(test_default_run),
		cmocka_unit_test(test_bars),
		cmocka_unit_test(test_fill),
		cmocka_unit_test(test_chart),
		cmocka_unit_test(test_scene),
		cmocka_unit_test(test_lesson_key),
		cmocka_unit_test(test_plain_handout),
		cmocka_unit_test(test_html_handout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
