/*
 * The plain renderer as a pure function of a trace: colour decisions,
 * balanced colour codes, symbols for every mark, widths, memory order.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "render/plain.h"

static char *render(const char *arch, const void *word, size_t len,
		    size_t offset, int delim, bool color)
{
	struct wv_trace_in in = { variant(arch), word, len, offset, 0, delim, 0 };
	struct wv_plain_opts o = { .color = color, .word_src = NULL };
	struct wv_trace t;
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	assert_non_null(f);
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(wv_plain_render(f, &t, &o), 0);
	assert_int_equal(fclose(f), 0);
	wv_trace_free(&t);
	return buf;
}

static void want_color(void **state)
{
	(void)state;
	FILE *f = tmpfile();	/* not a terminal */

	assert_non_null(f);
	unsetenv("NO_COLOR");
	setenv("TERM", "xterm", 1);
	assert_true(wv_plain_want_color(f, 1));
	assert_false(wv_plain_want_color(f, 0));
	assert_false(wv_plain_want_color(f, -1));	/* not a tty */
	setenv("NO_COLOR", "1", 1);
	assert_true(wv_plain_want_color(f, 1));		/* asked for: yes */
	assert_false(wv_plain_want_color(f, -1));
	unsetenv("NO_COLOR");
	setenv("TERM", "dumb", 1);
	assert_false(wv_plain_want_color(f, -1));
	fclose(f);
}

/* Every line within limit columns; no escape sequence when colour is off. */
static void widths_and_no_escapes(void **state)
{
	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		char *s = render(v->name, "usr/b\x01\0in", 9, 1, '/', false);
		size_t limit = v->bits == 32 ? 80 : 100;

		assert_null(strchr(s, '\033'));
		for (char *p = s; *p;) {
			size_t n = strcspn(p, "\n");

			if (n > limit)
				fail_msg("%s: a line of %zu columns:\n%.*s", v->name, n,
					 (int)n, p);
			assert_true(n == 0 || p[n - 1] != ' ');	/* no trailing blanks */
			p += n + (p[n] == '\n');
		}
		free(s);
	}
}

/* Colour codes come in pairs: every SGR that sets is followed by a reset. */
static void balanced_colour(void **state)
{
	(void)state;
	char *s = render("ppc64", "a\x01\0bcdefg", 9, 0, -1, true);
	int open = 0;

	for (char *p = s; (p = strstr(p, "\033[")); p++) {
		if (strncmp(p, "\033[0m", 4) == 0) {
			assert_int_equal(open, 1);
			open = 0;
		} else {
			assert_int_equal(open, 0);
			open = 1;
		}
	}
	assert_int_equal(open, 0);
	assert_non_null(strstr(s, "\033[1;31m! false"));	/* red and a symbol */
	free(s);
}

/*
 * T2 on x86-64 (01 00 01 00 01 00 01 00): the flags row has "! false" under
 * memory 2, 4 and 6, "* flag" under 3, 5, 7 and "=* first" under memory 1.
 * Columns run @7 .. @0.
 */
static void symbols_in_place(void **state)
{
	(void)state;
	char *s = render("x86-64", "\x01\0\x01\0\x01\0\x01", 7, 0, -1, false);
	const char *row = strstr(s, "\n flags      ");
	const char *marks;

	assert_non_null(row);
	marks = strchr(row + 1, '\n') + 1;
	/* label column: 1 + 10, then 8 columns of " xxxxxxxx"; memory 0
	   (0x01, no borrow below it) is not flagged and the line ends */
	assert_int_equal(strcspn(marks, "\n"), 11 + 9 * 6 + 1 + strlen("=* first"));
	for (unsigned c = 0; c < 7; c++) {
		unsigned mem = 7 - c;
		const char *cell = marks + 11 + 9 * c + 1;
		const char *want = mem == 1 ? "=* first" : mem % 2 == 0 ? "! false"
							   : "* flag";

		if (strncmp(cell, want, strlen(want)) != 0)
			fail_msg("memory %u: \"%.8s\", want \"%s\"", mem, cell, want);
	}
	free(s);
}

/* The ruler names memory bytes: right to left on LE, left to right on BE. */
static void memory_order(void **state)
{
	(void)state;
	char *le = render("x86-32", "ab", 2, 0, -1, false);
	char *be = render("ppc32", "ab", 2, 0, -1, false);

	assert_non_null(strstr(le, " memory     @3       @2       @1       @0       hex"));
	assert_non_null(strstr(be, " memory     @0       @1       @2       @3       hex"));
	free(le);
	free(be);
}

/*
 * The role legend under memory: where the string ends inside the word as
 * typed, its 's' bytes run past the terminator and 'n' is not the string's
 * NUL, and the legend must not call them "string" and "its NUL".
 */
static void role_legend_embedded_terminator(void **state)
{
	(void)state;
	char *inside = render("x86-64", "ab\0c\0", 5, 0, -1, false);
	char *plain = render("x86-64", "abc", 3, 0, -1, false);
	char *name = render("x86-64", "ab/c", 4, 0, '/', false);

	assert_non_null(strstr(inside, "s as typed (the string ends at =, its first NUL)\n"
				       "        n the NUL after the typed bytes"));
	assert_null(strstr(inside, "s string  n its NUL"));
	assert_non_null(strstr(plain, "s string  n its NUL"));
	assert_non_null(strstr(name, "(the name ends at =, its first terminator)"));
	free(inside);
	free(plain);
	free(name);
}

/*
 * The word as typed, in the header: its control bytes as \xHH (an ESC ...
 * BEL would retitle the terminal), its UTF-8 letters as they are.
 */
static void header_escapes_the_word(void **state)
{
	static const char typed[] = "a\x1b]0;X\x07\xc2\x9b\xc3\xa9\\0";
	uint8_t word[WV_WORD_MAX];
	struct wv_trace_in in = { variant("x86-64"), word, 0, 0, 0, -1, 0 };
	struct wv_plain_opts o = { .word_src = typed };
	struct wv_error e;
	struct wv_trace t;
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	(void)state;
	assert_non_null(f);
	assert_int_equal(wv_word_parse(typed, word, &in.word_len, &e), 0);
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(wv_plain_render(f, &t, &o), 0);
	assert_int_equal(fclose(f), 0);
	wv_trace_free(&t);
	assert_non_null(strstr(buf, "word \"a\\x1b]0;X\\x07\\xc2\\x9b\xc3\xa9\\0\": "));
	for (size_t i = 0; i < size; i++)
		if (buf[i] == 0x1b || buf[i] == 0x07 || (unsigned char)buf[i] == 0x9b)
			fail_msg("a control byte 0x%02x at %zu of the output",
				 (unsigned char)buf[i], i);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(want_color),
		cmocka_unit_test(role_legend_embedded_terminator),
		cmocka_unit_test(widths_and_no_escapes),
		cmocka_unit_test(balanced_colour),
		cmocka_unit_test(symbols_in_place),
		cmocka_unit_test(memory_order),
		cmocka_unit_test(header_escapes_the_word),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
