/*
 * The command line's redraw is linear in the line's length: readline calls
 * it for every key, so a quadratic redraw made a 16 KiB line (a 4096-byte
 * word written as \x41 escapes, after e) cost seconds a key, and a pasted
 * 2000-character line half a minute.  The work is counted, not timed:
 * this program is linked with -Wl,--wrap=mbrtowc, so every character the
 * prompt module decodes goes through the counter below (readline's and
 * curses' own calls, in their shared libraries, do not).  Also: what the
 * scrolled line shows and where the cursor is, for one-, two- and
 * three-byte characters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <locale.h>
#include <string.h>
#include <wchar.h>

#include "front/term/prompt.h"

size_t __real_mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps);
size_t __wrap_mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps);

static unsigned long decodes;

size_t __wrap_mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps)
{
	decodes++;
	return __real_mbrtowc(pwc, s, n, ps);
}

static SCREEN *scr;
static FILE *out, *in;

static int setup(void **state)
{
	(void)state;
	if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "en_US.UTF-8"))
		return -1;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = newterm("xterm", out, in);
	if (!scr)
		return -1;
	set_term(scr);
	resizeterm(24, 80);
	wv_prompt_init(NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	wv_prompt_fini();
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	return 0;
}

/* n copies of the string unit, in a malloc'd string */
static char *repeat(const char *unit, size_t n)
{
	size_t k = strlen(unit);
	char *s = malloc(n * k + 1);

	assert_non_null(s);
	for (size_t i = 0; i < n; i++)
		memcpy(s + i * k, unit, k);
	s[n * k] = '\0';
	return s;
}

/* One redraw of a 16384-byte line decodes each byte a bounded number of
   times (the quadratic redraw: about 2^28 decodes). */
static void test_one_draw_is_linear(void **state)
{
	char *text = repeat("\\x41", 4096);	/* 16384 bytes */
	size_t len = strlen(text);

	(void)state;
	wv_prompt_open("word: ", text);
	decodes = 0;
	wv_prompt_draw();
	assert_true(decodes >= len);	/* the counter sees the prompt's calls */
	if (decodes > 3 * len + 2 * (size_t)COLS)
		fail_msg("one redraw of %zu bytes decoded %lu characters (at most %zu "
			 "allowed)", len, decodes, 3 * len + 2 * (size_t)COLS);
	/* the tail of the line shows, the cursor after it at the last column */
	assert_int_equal(getcurx(stdscr), COLS - 1);
	assert_int_equal((int)(mvinch(LINES - 1, COLS - 2) & A_CHARTEXT), '1');
	assert_int_equal((int)(mvinch(LINES - 1, COLS - 3) & A_CHARTEXT), '4');
	assert_int_equal((int)(mvinch(LINES - 1, 0) & A_CHARTEXT), 'w');
	wv_prompt_cancel();
	free(text);
}

/* A 2000-character line typed (pasted) key by key: each key's redraw is
   linear, so the whole line is quadratic, not cubic. */
static void test_paste_is_quadratic(void **state)
{
	const size_t n = 2000;
	char *line = NULL;

	(void)state;
	wv_prompt_open(":", NULL);
	decodes = 0;
	for (size_t i = 0; i < n; i++)
		assert_false(wv_prompt_key(i % 26 + 'a', &line));
	assert_true(decodes >= n * (n + 1) / 2);
	if (decodes > 3 * n * (n + 1) / 2 + n * 2 * (size_t)COLS)
		fail_msg("%zu keys decoded %lu characters", n, decodes);
	assert_int_equal(getcurx(stdscr), COLS - 1);
	assert_true(wv_prompt_key('\r', &line));
	assert_non_null(line);
	assert_int_equal(strlen(line), n);
	free(line);
}

/*
 * Scrolling by whole characters: a line of two-byte characters (one column
 * each) or of three-byte ones (two columns each) puts the cursor after the
 * last one, at the right edge or, when a wide character would not fit in
 * the columns left, one before; Home brings the start back, the cursor
 * after the prompt.
 */
static void test_scroll_multibyte(void **state)
{
	static const struct { const char *prompt, *unit; int x; } cases[] = {
		{ ":", "\xc3\xa9", 79 },		/* e acute: 2 bytes, 1 column */
		{ ":", "\xe6\x97\xa5", 79 },		/* a CJK ideograph: 3 bytes, 2 columns */
		{ "word: ", "\xe6\x97\xa5", 78 },	/* 73 columns of room: 36 fit */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *text = repeat(cases[i].unit, 300);
		char *line = NULL;

		wv_prompt_open(cases[i].prompt, text);
		wv_prompt_draw();
		assert_int_equal(getcurx(stdscr), cases[i].x);
		assert_false(wv_prompt_key(KEY_HOME, &line));
		assert_int_equal(getcurx(stdscr), (int)strlen(cases[i].prompt));
		wv_prompt_cancel();
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_draw_is_linear),
		cmocka_unit_test(test_paste_is_quadratic),
		cmocka_unit_test(test_scroll_multibyte),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
