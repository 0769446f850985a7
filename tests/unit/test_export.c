/*
 * The exports: step names, the SVG figure, the ANSI encoder (and that its
 * role table is the curses one), asciicast lines, --cast's driver, and the
 * options of all of them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "render/ansi.h"
#include "app/cast.h"
#include "cli/cli.h"
#include "front/term/render.h"
#include "render/theme.h"
#include "trace/stepname.h"
#include "render/svg.h"
#include "trace/trace.h"
#include "app/view.h"
#include "trace/word.h"

static struct wv_trace tr;

static void build(const char *src, const char *arch)
{
	static uint8_t buf[WV_WORD_MAX];
	size_t len;
	struct wv_error e;

	assert_int_equal(wv_word_parse(src, buf, &len, &e), 0);
	assert_int_equal(wv_trace_build(&tr, &(struct wv_trace_in){
		.v = variant(arch), .word = buf, .word_len = len, .delim = -1 }), 0);
}

/* Everything f wrote, as a string (freed by the caller). */
static char *captured(FILE *f, char **buf)
{
	assert_int_equal(fclose(f), 0);
	return *buf;
}

/* ---- step names ---------------------------------------------------------- */

static void names_one_word(void **state)
{
	char name[64], err[800];
	size_t k;

	(void)state;
	build("ab\\0cd", "x86-64");
	wv_step_name(&tr, 1, name, sizeof(name));
	assert_string_equal(name, "has_zero");
	assert_int_equal(wv_step_find(&tr, "has_zero:3", &k, err, sizeof(err)), 0);
	assert_int_equal(tr.subs[k].step, 1);
	assert_int_equal(k - tr.steps[1].first, 2);
	assert_string_equal(tr.subs[k].expr, "(a - ONES) & ~a & HIGHS");
	/* the name alone is its first sub-step */
	assert_int_equal(wv_step_find(&tr, "find_zero", &k, err, sizeof(err)), 0);
	assert_int_equal(tr.steps[tr.subs[k].step].kind, WV_STEP_FIND);
	assert_int_equal(k, tr.steps[tr.subs[k].step].first);
	wv_trace_free(&tr);
}

static void names_refused(void **state)
{
	char err[800];
	size_t k = 99;

	(void)state;
	build("ab\\0cd", "x86-64");
	/* an unknown function: says so and lists the names */
	assert_int_equal(wv_step_find(&tr, "has_zeros:1", &k, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no step 'has_zeros'"));
	assert_non_null(strstr(err, "load, has_zero, prep_zero_mask, create_zero_mask, "
				    "find_zero, zero_bytemask"));
	/* out of range: the range and a name that works */
	assert_int_equal(wv_step_find(&tr, "has_zero:9", &k, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "has_zero has 5 sub-steps, 1 to 5"));
	assert_non_null(strstr(err, "--step has_zero:5"));
	/* a page link's field: the caller names it; the example as a link
	   writes it, and nothing of the command line's */
	assert_int_equal(wv_step_find_as(&tr, "has_zero:9", "step=", &k, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "has_zero has 5 sub-steps, 1 to 5; as in step=has_zero:5");
	assert_int_equal(wv_step_find_as(&tr, "has_zero:x", "step=", &k, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "the sub-step after ':' is a number from 1, as in "
				 "step=has_zero:3");
	assert_int_equal(wv_step_find_as(&tr, "has_zero:9", ":step", &k, err, sizeof(err)),
			 -1);
	assert_string_equal(err, ":step has_zero:9: has_zero has 5 sub-steps, 1 to 5; "
				 "as in :step has_zero:5");
	assert_int_equal(wv_step_find(&tr, "has_zero:0", &k, err, sizeof(err)), -1);
	assert_int_equal(wv_step_find(&tr, "has_zero:x", &k, err, sizeof(err)), -1);
	assert_int_equal(wv_step_find(&tr, "has_zero:", &k, err, sizeof(err)), -1);
	assert_int_equal(wv_step_find(&tr, "", &k, err, sizeof(err)), -1);
	assert_int_equal(k, 99);
	wv_trace_free(&tr);
}

static void names_several_words(void **state)
{
	char name[64], err[800];
	size_t k;

	(void)state;
	build("hello, world", "x86-64");	/* two words examined */
	wv_step_name(&tr, 0, name, sizeof(name));
	assert_string_equal(name, "load@0");
	assert_int_equal(wv_step_find(&tr, "has_zero@8:1", &k, err, sizeof(err)), 0);
	assert_int_equal(tr.words[tr.steps[tr.subs[k].step].word].address, 8);
	/* once only, so no address */
	assert_int_equal(wv_step_find(&tr, "find_zero:1", &k, err, sizeof(err)), 0);
	/* the kind alone is ambiguous: name the words */
	assert_int_equal(wv_step_find(&tr, "has_zero:1", &k, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "runs on 2 words"));
	assert_non_null(strstr(err, "has_zero@0"));
	assert_non_null(strstr(err, "has_zero@8"));
	wv_trace_free(&tr);
}

/* ---- SVG ----------------------------------------------------------------- */

static void svg_figure(void **state)
{
	char *buf = NULL, hex[40];
	size_t len, k;
	FILE *f = open_memstream(&buf, &len);
	char err[800];

	(void)state;
	build("ab\\0cd", "x86-64");
	assert_int_equal(wv_step_find(&tr, "has_zero:1", &k, err, sizeof(err)), 0);
	assert_int_equal(wv_svg_substep(f, &tr, k, &(struct wv_svg_opts){
		.word_src = "ab\\0cd<&>", .name = "has_zero:1" }), 0);
	captured(f, &buf);
	assert_non_null(strstr(buf, "<title id=\"title\">watviz: has_zero"));
	assert_non_null(strstr(buf, "<desc id=\"desc\">"));
	/* markup in the word is escaped */
	assert_non_null(strstr(buf, "ab\\0cd&lt;&amp;&gt;"));
	assert_null(strstr(buf, "cd<&>"));
	/* every row's value is there as text, and the chain as arrows */
	for (unsigned i = 0; i < tr.subs[k].nrows; i++) {
		snprintf(hex, sizeof(hex), ">0x%016llx<",
			 (unsigned long long)tr.subs[k].rows[i].value);
		assert_non_null(strstr(buf, hex));
	}
	assert_non_null(strstr(buf, "class=\"arc\""));
	assert_non_null(strstr(buf, ">@2<"));	/* memory addresses */
	assert_non_null(strstr(buf, "=0 first"));	/* the answer's byte */
	free(buf);
	assert_int_equal(wv_svg_substep(stdout, &tr, tr.nsubs, NULL), -EINVAL);
	wv_trace_free(&tr);
}

/* ---- the ANSI encoder ---------------------------------------------------- */

static char *encode(struct wv_ansi *a, const struct wv_frame *fr)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	assert_int_equal(wv_ansi_frame(a, f, fr), 0);
	return captured(f, &buf);
}

static void ansi_changes_only(void **state)
{
	struct wv_frame fr = { 0 };
	struct wv_ansi a;
	char *s;

	(void)state;
	wv_ansi_init(&a, true, false);
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_frame_put(&fr, 0, 0, WV_ROLE_TITLE, "title");
	wv_frame_put(&fr, 23, 70, WV_ROLE_TEXT, "corner!!!!");
	s = encode(&a, &fr);
	/* the first frame clears, then draws in the role's colours */
	assert_non_null(strstr(s, "\033[2J"));
	assert_non_null(strstr(s, "\033[0;37;44mtitle"));
	/* never the bottom-right cell: "corner!!!" and not the last '!' */
	assert_non_null(strstr(s, "corner!!!"));
	assert_null(strstr(s, "corner!!!!"));
	free(s);
	s = encode(&a, &fr);
	assert_string_equal(s, "");		/* nothing changed */
	free(s);
	wv_frame_put(&fr, 5, 10, WV_ROLE_FLAG, "*");
	wv_frame_focus(&fr, 5, 10, 1);
	s = encode(&a, &fr);
	/* black on green, never bold: bold black is drawn grey (test_render) */
	assert_string_equal(s, "\033[6;11H\033[0;7;30;42m*\033[0m");
	free(s);
	wv_ansi_free(&a);
	/* monochrome: attributes only */
	wv_ansi_init(&a, false, false);
	s = encode(&a, &fr);
	assert_non_null(strstr(s, "\033[0;7mtitle"));
	assert_null(strstr(s, ";3"));
	free(s);
	wv_ansi_free(&a);
	wv_frame_free(&fr);
}

/* The curses screen is drawn from the theme table the casts are: the
   same attributes and colour pairs, both themes, colour and monochrome. */
static void ansi_matches_curses(void **state)
{
	static const struct { attr_t a; unsigned mine; } attrs[] = {
		{ A_BOLD, WV_LOOK_BOLD }, { A_DIM, WV_LOOK_DIM },
		{ A_UNDERLINE, WV_LOOK_UNDERLINE }, { A_REVERSE, WV_LOOK_REVERSE },
	};
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr = newterm("xterm-256color", out, in);

	(void)state;
	if (!scr)
		scr = newterm("xterm", out, in);
	assert_non_null(scr);
	set_term(scr);
	start_color();
	use_default_colors();
	for (int k = 0; k < 2 * WV_THEME_COUNT; k++) {
		int present = k & 1;
		enum wv_theme theme = (enum wv_theme)(k / 2);

		for (int color = 0; color < 2; color++) {
			wv_render_setup_theme(color, present, theme);
			for (int r = 0; r < WV_ROLE_COUNT; r++) {
				const struct wv_look *l = wv_theme_look(r, present, theme);
				attr_t got = (attr_t)wv_render_attr(r) & ~A_COLOR;
				unsigned want = color ? l->color_attr : l->mono_attr;
				short fg, bg;

				for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
					assert_int_equal((got & attrs[i].a) != 0,
							 (want & attrs[i].mine) != 0);
				if (!color)
					continue;
				assert_int_equal(PAIR_NUMBER((int)wv_render_attr(r)), r + 1);
				assert_int_equal(pair_content((short)(r + 1), &fg, &bg), OK);
				assert_int_equal(fg, l->fg);
				assert_int_equal(bg, l->bg);
			}
		}
	}
	assert_null(wv_theme_look(WV_ROLE_COUNT, false, WV_THEME_DARK));
	assert_null(wv_theme_look(WV_ROLE_TEXT, false, WV_THEME_COUNT));
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

static void asciicast_lines(void **state)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_int_equal(wv_asciicast_header(f, 80, 24, "a \"t\""), 0);
	assert_int_equal(wv_asciicast_event(f, 12345, 'o', "\033[1m\\x\n", 7), 0);
	assert_int_equal(wv_asciicast_event(f, 0, 'm', "has_zero", 8), 0);
	/* UTF-8 as it is; a byte that is not UTF-8 (a raw byte, a character
	   cut short by a label's size) as U+FFFD, so the file stays UTF-8 */
	assert_int_equal(wv_asciicast_event(f, 1, 'm', "\xc3\xa9t\xc3\xa9 \xce\xbb \xff"
					    "x \xd0", 13), 0);
	captured(f, &buf);
	assert_string_equal(buf,
		"{\"version\": 2, \"width\": 80, \"height\": 24, \"title\": \"a \\\"t\\\"\", "
		"\"env\": {\"TERM\": \"xterm-256color\"}}\n"
		"[12.345, \"o\", \"\\u001b[1m\\\\x\\n\"]\n"
		"[0.000, \"m\", \"has_zero\"]\n"
		"[0.001, \"m\", \"\xc3\xa9t\xc3\xa9 \xce\xbb \\ufffdx \\ufffd\"]\n");
	free(buf);
}

/* ---- --cast -------------------------------------------------------------- */

static void cast_trace(void **state)
{
	static const uint8_t word[] = { 'a', 'b', 0, 'c', 'd' };
	struct wv_ui_opts uo = { .word = word, .word_len = 5, .word_src = "ab\\0cd",
				 .variant = variant("x86-64"), .delim = -1 };
	struct wv_cast_opts o = { .cols = 80, .rows = 24, .color = true };
	char *buf = NULL, err[200], *line, *save = NULL;
	size_t len, markers = 0;
	double last = 0;
	FILE *f = open_memstream(&buf, &len);
	static const char *const want[] = { "load", "has_zero", "prep_zero_mask",
		"create_zero_mask", "find_zero", "zero_bytemask" };

	(void)state;
	assert_int_equal(wv_cast_play(f, &uo, &o, err, sizeof(err)), 0);
	captured(f, &buf);
	line = strtok_r(buf, "\n", &save);
	assert_non_null(strstr(line, "\"version\": 2, \"width\": 80, \"height\": 24"));
	while ((line = strtok_r(NULL, "\n", &save))) {
		double t = strtod(line + 1, NULL);
		char name[40];

		assert_true(t >= last);
		last = t;
		if (sscanf(line, "[%*f, \"m\", \"%39[^\"]\"]", name) == 1) {
			assert_true(markers < 6);
			assert_string_equal(name, want[markers]);
			markers++;
		}
	}
	assert_int_equal(markers, 6);
	/* 15 sub-steps at 800 ms, then two ticks at the end */
	assert_true(last > 11.1 && last < 13.0);
	free(buf);
}

/*
 * --record into a device that is full (issue 46: nothing was said until q):
 * the first frame's write fails, and wv_rec_error says so then, once,
 * naming the file; the frames after it write nothing more, and closing
 * reports the error as well.  Into a file that takes it: nothing to say.
 */
static void record_full_disk(void **state)
{
	static const uint8_t word[] = { 'a', 'b' };
	struct wv_app app;
	struct wv_frame fr = { 0 };
	struct wv_rec *r;
	char err[300], msg[600], path[] = "/tmp/watviz-rec-XXXXXX";
	int fd;

	(void)state;
	assert_int_equal(wv_app_init(&app, word, 2, "ab", variant("x86-64"), 0, 0, -1), 0);
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	assert_int_equal(wv_rec_open(&r, "/dev/full", false, false, err, sizeof(err)), 0);
	assert_int_equal(wv_rec_error(r, msg, sizeof(msg)), 0);	/* nothing yet */
	wv_rec_frame(r, &fr, &app, NULL);
	assert_int_equal(wv_rec_error(r, msg, sizeof(msg)), -ENOSPC);
	assert_non_null(strstr(msg, "--record /dev/full: cannot write: No space left on "
			       "device; the session goes on, not recorded"));
	wv_rec_frame(r, &fr, &app, NULL);
	assert_int_equal(wv_rec_error(r, msg, sizeof(msg)), 0);	/* said once */
	assert_int_equal(wv_rec_close(r), -ENOSPC);
	assert_int_equal(wv_rec_error(NULL, msg, sizeof(msg)), 0);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(wv_rec_open(&r, path, false, false, err, sizeof(err)), 0);
	wv_rec_frame(r, &fr, &app, NULL);
	wv_rec_frame(r, &fr, &app, NULL);
	assert_int_equal(wv_rec_error(r, msg, sizeof(msg)), 0);
	assert_int_equal(wv_rec_close(r), 0);
	unlink(path);
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* ---- options ------------------------------------------------------------- */

static int parse(struct wv_cli *c, const char *line)
{
	static char buf[512];
	static char *argv[17];
	int argc = 0;

	snprintf(buf, sizeof(buf), "watviz %s", line);
	for (char *p = strtok(buf, " "); p && argc < 16; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	return wv_cli_parse(c, argc, argv);
}

static void options(void **state)
{
	struct wv_cli c;

	(void)state;
	assert_int_equal(parse(&c, "--svg --step has_zero:3 ab"), 0);
	assert_int_equal(c.mode, WV_MODE_SVG);
	assert_string_equal(c.step_arg, "has_zero:3");
	assert_int_equal(parse(&c, "--list-steps --arch ppc ab"), 0);
	assert_true(c.list_steps);
	assert_int_equal(parse(&c, "--cast ab"), 0);
	assert_int_equal(c.cast_cols, 80);
	assert_int_equal(c.cast_rows, 24);
	assert_int_equal(parse(&c, "--cast --cast-size 120x36 --lesson 2"), 0);
	assert_int_equal(c.cast_cols, 120);
	assert_int_equal(c.cast_rows, 36);
	assert_int_equal(parse(&c, "--cast --autoplay 2 ab"), 0);
	assert_int_equal(parse(&c, "--record s.cast ab"), 0);
	assert_string_equal(c.record, "s.cast");

	assert_int_equal(parse(&c, "--svg ab"), -1);
	assert_non_null(strstr(c.err, "--step has_zero:3"));
	/* --step alone opens the visualizer there (issue 27); with a text
	   output it is refused */
	assert_int_equal(parse(&c, "--step has_zero:3 ab"), 0);
	assert_int_equal(parse(&c, "--cast --step has_zero:3 ab"), -1);
	assert_non_null(strstr(c.err, "leave out --cast (or --step)"));
	assert_int_equal(parse(&c, "--svg --json --step has_zero:1"), -1);
	assert_string_equal(c.err, "--svg and --json exclude each other; give one of them");
	assert_int_equal(parse(&c, "--plain --json"), -1);
	assert_string_equal(c.err, "--plain and --json exclude each other; give one of them");
	assert_int_equal(parse(&c, "--cast --cast-size 79x24 ab"), -1);
	assert_non_null(strstr(c.err, "needs at least 80x24"));
	assert_int_equal(parse(&c, "--cast --cast-size 80x23 ab"), -1);
	assert_int_equal(parse(&c, "--cast --cast-size 120 ab"), -1);
	assert_non_null(strstr(c.err, "COLUMNSxROWS"));
	assert_int_equal(parse(&c, "--cast --cast-size 120x36x2 ab"), -1);
	assert_int_equal(parse(&c, "--cast --cast-size x36 ab"), -1);
	assert_int_equal(parse(&c, "--cast --cast-size 99999x36 ab"), -1);
	assert_int_equal(parse(&c, "--cast-size 120x36 ab"), -1);
	assert_non_null(strstr(c.err, "add --cast"));
	assert_int_equal(parse(&c, "--record s.cast --cast ab"), -1);
	assert_int_equal(parse(&c, "--record s.cast --json ab"), -1);
	assert_int_equal(parse(&c, "--svg --step has_zero:1 --lesson 2"), -1);
	assert_int_equal(parse(&c, "--list-steps --course"), -1);
	assert_int_equal(parse(&c, "--list-steps --cast ab"), -1);
	assert_int_equal(parse(&c, "--list-steps --record x ab"), -1);
	assert_int_equal(parse(&c, "--try a --svg --step has_zero:1"), -1);
	assert_int_equal(parse(&c, "--autoplay 2 ab"), -1);
	assert_int_equal(parse(&c, "--svg=x --step has_zero:1"), -1);
	assert_non_null(strstr(c.err, "takes no value"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_one_word),
		cmocka_unit_test(names_refused),
		cmocka_unit_test(names_several_words),
		cmocka_unit_test(svg_figure),
		cmocka_unit_test(ansi_changes_only),
		cmocka_unit_test(ansi_matches_curses),
		cmocka_unit_test(asciicast_lines),
		cmocka_unit_test(cast_trace),
		cmocka_unit_test(record_full_disk),
		cmocka_unit_test(options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
