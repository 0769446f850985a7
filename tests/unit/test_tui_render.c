/*
 * Headless curses: frames flushed to a curses screen opened with newterm on
 * /dev/null and read back (text and attributes); readline driven through
 * the prompt module with keys as curses delivers them; the history file.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "front/term/history.h"
#include "front/term/prompt.h"
#include "front/term/render.h"
#include "app/view.h"

static SCREEN *scr;
static FILE *out, *in;
static struct wv_app app;
static struct wv_frame fr;

static int setup(void **state)
{
	static const char *const terms[] = { "xterm-256color", "xterm", "vt100" };

	(void)state;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	for (size_t i = 0; !scr && i < sizeof(terms) / sizeof(terms[0]); i++)
		scr = newterm(terms[i], out, in);
	if (!scr)
		return -1;
	set_term(scr);
	resizeterm(24, 80);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	return 0;
}

static void start(const char *src, const char *arch)
{
	uint8_t buf[WV_WORD_MAX];
	size_t len;
	struct wv_error e;

	assert_int_equal(wv_word_parse(src, buf, &len, &e), 0);
	assert_int_equal(wv_app_init(&app, buf, len, src, variant(arch), 0, 0, -1), 0);
}

/* Row y of the curses screen, trailing blanks removed. */
static void screen_row(int y, char *buf, int n)
{
	int len = mvinnstr(y, 0, buf, n - 1);

	if (len < 0)
		len = 0;
	buf[len] = '\0';
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
}

/* has_zero's flags on T2: where the false positives and the answer are. */
static void render_t2(int *fy, int *fx)
{
	start("\\x01\\0\\x01\\0\\x01\\0\\x01", "x86-64");
	const struct wv_step *st = wv_trace_step_of(&app.trace,
		wv_trace_find(&app.trace, WV_STEP_HAS_ZERO, 0));

	app.pos = st->first + st->nsub - 1;
	assert_int_equal(wv_frame_init(&fr, LINES, COLS), 0);
	wv_view_build(&fr, &app);
	erase();
	wv_render_frame(&fr);
	*fy = -1;
	for (int y = 0; y < fr.rows && *fy < 0; y++)
		if ((*fx = wv_frame_find(&fr, y, "!10000000")) >= 0)
			*fy = y;
	assert_true(*fy >= 0);
}

static void test_text_matches_frame(void **state)
{
	char a[256], b[256];
	int fy, fx;

	(void)state;
	wv_render_setup(false);
	render_t2(&fy, &fx);
	for (int y = 0; y < LINES - 1; y++) {
		screen_row(y, a, sizeof(a));
		wv_frame_row_text(&fr, y, b, sizeof(b));
		/* curses draws the cut mark as '>' outside a UTF-8 locale */
		for (char *p; MB_CUR_MAX == 1 && (p = strstr(b, WV_CUT_UTF8));) {
			*p = WV_CUT_ASCII;
			memmove(p + 1, p + 3, strlen(p + 3) + 1);
		}
		assert_string_equal(a, b);
	}
	wv_app_free(&app);
}

static void test_monochrome_marks(void **state)
{
	int fy, fx;
	chtype c;

	(void)state;
	wv_render_setup(false);
	render_t2(&fy, &fx);
	/* a false positive: the symbol, and bold underline instead of red */
	c = mvinch(fy, fx);
	assert_int_equal((char)(c & A_CHARTEXT), '!');
	assert_true((c & A_BOLD) && (c & A_UNDERLINE));
	assert_int_equal(PAIR_NUMBER((int)(c & A_COLOR)), 0);
	/* the byte the sub-step is about (the false-positive note's flags):
	   reverse video on every cell of it */
	int focused = 0;

	for (app.pos = 0; app.pos < app.trace.nsubs; app.pos++)
		if (strcmp(app.trace.subs[app.pos].expr, "F(a) vs E(a)") == 0)
			break;
	assert_true(app.pos < app.trace.nsubs);
	wv_frame_init(&fr, LINES, COLS);
	wv_view_build(&fr, &app);
	erase();
	wv_render_frame(&fr);

	for (int y = 0; y < fr.rows; y++)
		for (int x = 0; x < fr.cols; x++)
			if (wv_frame_at(&fr, y, x)->focus) {
				assert_true(mvinch(y, x) & A_REVERSE);
				focused++;
			}
	assert_true(focused >= 8);
	/* the title is reverse video */
	assert_true(mvinch(0, 2) & A_REVERSE);
	/* the status line too */
	assert_true(mvinch(LINES - 2, 2) & A_REVERSE);
	wv_app_free(&app);
}

static void test_colour_roles(void **state)
{
	int fy, fx;
	short fg, bg;
	chtype c;

	(void)state;
	if (!has_colors()) {
		skip();
	}
	start_color();
	use_default_colors();
	wv_render_setup(true);
	render_t2(&fy, &fx);
	c = mvinch(fy, fx);
	assert_int_equal(PAIR_NUMBER((int)(c & A_COLOR)), WV_ROLE_FALSEPOS + 1);
	pair_content((short)(WV_ROLE_FALSEPOS + 1), &fg, &bg);
	assert_int_equal(bg, COLOR_RED);	/* white on red: reads on any terminal */
	/* a real flag is green, the answer has its own role */
	c = mvinch(fy, fx + 9);
	pair_content((short)PAIR_NUMBER((int)(c & A_COLOR)), &fg, &bg);
	assert_true(fg == COLOR_GREEN || bg == COLOR_GREEN);
	wv_app_free(&app);
	wv_frame_free(&fr);
}

/* Feed keys as wgetch returns them; returns the finished line or NULL. */
static char *feed(const int *keys, size_t n, bool *finished)
{
	char *line = NULL;

	*finished = false;
	for (size_t i = 0; i < n && !*finished; i++)
		*finished = wv_prompt_key(keys[i], &line);
	return line;
}

static void test_readline_prompt(void **state)
{
	static const int typed[] = { 'a', 'r', 'c', 'h', ' ', 'p', 'p', 'c', '\r' };
	static const int edit[] = { 'a', 'c', KEY_LEFT, 'b', KEY_END, 'd', '\r' };
	static const int tab[] = { 'a', 'r', ' ', 'a', 'l', 'p', '\t', '\r' };
	static const int esc[] = { 'x', 'y', 27 };
	static const int list[] = { 'a', 'r', 'c', 'h', ' ', 'p', 'p', '\t', '\t' };
	static const int up[] = { KEY_UP, '\r' };
	bool done;
	char *line;

	(void)state;
	wv_prompt_init(NULL);

	wv_prompt_open(":", NULL);
	assert_true(wv_prompt_active());
	line = feed(typed, sizeof(typed) / sizeof(typed[0]), &done);
	assert_true(done);
	assert_string_equal(line, "arch ppc");
	assert_false(wv_prompt_active());
	wv_prompt_remember(line);
	free(line);

	/* the line is drawn on the last row, after the prompt */
	wv_prompt_open(":", "wor");
	char row[128];

	screen_row(LINES - 1, row, sizeof(row));
	assert_string_equal(row, ":wor");
	wv_prompt_cancel();

	wv_prompt_open(":", NULL);
	line = feed(edit, sizeof(edit) / sizeof(edit[0]), &done);
	assert_true(done);
	assert_string_equal(line, "abcd");
	free(line);

	wv_prompt_open(":", NULL);
	line = feed(tab, sizeof(tab) / sizeof(tab[0]), &done);
	assert_true(done);
	assert_string_equal(line, "ar alpha ");
	free(line);

	/* a second Tab lists the candidates (for the status row) */
	wv_prompt_open(":", NULL);
	line = feed(list, sizeof(list) / sizeof(list[0]), &done);
	assert_false(done);
	assert_string_equal(wv_prompt_matches(), "ppc  ppc32  ppc64  ppc64le");
	wv_prompt_cancel();
	assert_false(wv_prompt_active());

	wv_prompt_open(":", NULL);
	line = feed(esc, sizeof(esc) / sizeof(esc[0]), &done);
	assert_true(done);
	assert_null(line);
	assert_false(wv_prompt_active());

	wv_prompt_open(":", NULL);
	line = feed(up, sizeof(up) / sizeof(up[0]), &done);
	assert_true(done);
	assert_string_equal(line, "arch ppc");
	free(line);
	wv_prompt_fini();
}

static void test_history_file(void **state)
{
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[256], buf[512];
	FILE *f;

	(void)state;
	assert_int_equal(wv_history_path("/s", "/h", path, sizeof(path)), 0);
	assert_string_equal(path, "/s/watviz/history");
	assert_int_equal(wv_history_path(NULL, "/h", path, sizeof(path)), 0);
	assert_string_equal(path, "/h/.local/state/watviz/history");
	assert_int_equal(wv_history_path("relative", "/h", path, sizeof(path)), 0);
	assert_string_equal(path, "/h/.local/state/watviz/history");
	assert_int_equal(wv_history_path("", NULL, path, sizeof(path)), -1);
	assert_int_equal(wv_history_path("/s", NULL, path, 8), -1);

	assert_non_null(mkdtemp(dir));
	assert_int_equal(wv_history_path(dir, NULL, path, sizeof(path)), 0);
	assert_int_equal(wv_history_load(path), 0);	/* missing: fine */
	assert_int_equal(wv_history_add(path, "arch ppc"), 0);
	assert_int_equal(wv_history_add(path, "arch ppc"), 0);	/* a repeat */
	assert_int_equal(wv_history_add(path, "   "), 0);		/* blank */
	assert_int_equal(wv_history_add(path, "offset 3"), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	assert_string_equal(buf, "arch ppc\n");
	assert_non_null(fgets(buf, sizeof(buf), f));
	assert_string_equal(buf, "offset 3\n");
	assert_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	/* no temporary file left beside it */
	snprintf(buf, sizeof(buf), "%s.%ld.tmp", path, (long)getpid());
	assert_int_not_equal(access(buf, F_OK), 0);
	unlink(path);
	snprintf(buf, sizeof(buf), "%s/watviz", dir);
	rmdir(buf);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_matches_frame),
		cmocka_unit_test(test_monochrome_marks),
		cmocka_unit_test(test_colour_roles),
		cmocka_unit_test(test_readline_prompt),
		cmocka_unit_test(test_history_file),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
