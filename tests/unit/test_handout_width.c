/*
 * The plain handouts fit 80 columns, so `watviz --plain --lesson N | lpr`
 * prints without wrapping: every line of every lesson's handout and
 * question sheet, on every variant the lesson allows, with its charts not
 * measured and measured, is at most 80 display columns.  A line's columns
 * are counted here from its bytes: UTF-8 decoded (a character of two or
 * more bytes is one column, or what wcwidth says in a UTF-8 locale), an
 * ANSI colour sequence none.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "render/handout.h"
#include "measure/measure.h"
#include "questions.h"

#define COLUMNS 80

static bool wide_locale;	/* wcwidth knows UTF-8 here */
static struct wv_measure fig;
static bool have_fig;

/* The display columns of the n bytes at s. */
static size_t columns(const char *s, size_t n)
{
	size_t cols = 0;

	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];

		if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {	/* SGR: none */
			i += 2;
			while (i < n && !(s[i] >= 0x40 && s[i] <= 0x7e))
				i++;
			i++;
			continue;
		}
		size_t len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
		int w = 1;

		if (len > 1 && wide_locale) {
			mbstate_t st = { 0 };
			wchar_t wc;

			if (mbrtowc(&wc, s + i, len, &st) == len && wcwidth(wc) >= 0)
				w = wcwidth(wc);
		}
		cols += (size_t)w;
		i += len;
	}
	return cols;
}

struct widths {
	unsigned handouts, lines, wide;
	size_t widest;
};

/* Lesson l's handout (or sheet) on v, every line measured. */
static void check_one(const wv_lesson *l, unsigned number, const struct wv_variant *v,
		      bool sheet, const struct wv_measure *m, struct widths *wd)
{
	struct wv_handout_opts o = { .number = number, .variant = v, .sheet = sheet,
				     .measure = m };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(wv_handout_render(out, l, &o), 0);
	fclose(out);
	for (char *p = buf; *p;) {
		size_t n = strcspn(p, "\n"), w = columns(p, n);

		wd->lines++;
		if (w > wd->widest)
			wd->widest = w;
		if (w > COLUMNS && wd->wide++ < 5)
			printf("# lesson %u on %s%s: %zu columns: %.*s\n", number, v->name,
			       sheet ? " (sheet)" : m ? " (measured)" : "", w, (int)n, p);
		p += n + (p[n] == '\n');
	}
	wd->handouts++;
	free(buf);
}

static void each(const wv_lesson *l, unsigned number, const struct wv_variant *v,
		 void *ctx)
{
	check_one(l, number, v, false, NULL, ctx);
	check_one(l, number, v, true, NULL, ctx);
	if (have_fig)
		check_one(l, number, v, false, &fig, ctx);
}

static void within_80_columns(void **state)
{
	(void)state;
	struct widths wd = { 0 };

	have_fig = wv_measure_default(&fig) == 0;
	each_lesson_variant(each, &wd);
	printf("# %u plain handouts and sheets (every lesson on every variant it "
	       "allows%s), %u lines, the widest %zu columns (%s)\n", wd.handouts,
	       have_fig ? ", charts measured and not" : "", wd.lines, wd.widest,
	       wide_locale ? "wcwidth in C.UTF-8" : "a column a character");
	assert_true(wd.handouts > 300);
	assert_int_equal(wd.wide, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(within_80_columns),
	};

	wide_locale = setlocale(LC_CTYPE, "C.UTF-8") != NULL;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
