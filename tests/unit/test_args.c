/*
 * The option parser: every option, both value forms, and every refusal with
 * its message.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "render/theme.h"
#include "try/try.h"

#define MAXA 16

/* Parse the words of line (split at spaces; "_" stands for an empty word). */
static int parse(struct wv_cli *c, const char *line)
{
	static char buf[512];
	static char *argv[MAXA + 1];
	int argc = 0;

	snprintf(buf, sizeof(buf), "watviz %s", line);
	for (char *p = strtok(buf, " "); p && argc < MAXA; p = strtok(NULL, " "))
		argv[argc++] = strcmp(p, "_") == 0 ? p + 1 : p;
	argv[argc] = NULL;
	return wv_cli_parse(c, argc, argv);
}

static void accepts(void **state)
{
	(void)state;
	struct wv_cli c;

	assert_int_equal(parse(&c, "ab"), 0);
	assert_string_equal(c.word_src, "ab");
	assert_ptr_equal(c.v, wv_wat_find("x86-64"));
	assert_int_equal(c.delim, -1);
	assert_int_equal(c.color, -1);
	assert_int_equal(c.mode, WV_MODE_AUTO);
	assert_int_equal(wv_cli_offset(&c), 0);

	assert_int_equal(parse(&c, "--arch ppc --offset 3 --fill 0x2f --delim / x"), 0);
	assert_ptr_equal(c.v, wv_wat_find("ppc64"));
	assert_int_equal(wv_cli_offset(&c), 3);
	assert_int_equal(c.fill, 0x2f);
	assert_true(c.fill_given && c.arch_given);
	assert_int_equal(c.delim, '/');
	assert_int_equal(parse(&c, "--arch=alpha --offset=7 --fill=a --delim=47"), 0);
	assert_ptr_equal(c.v, wv_wat_find("alpha"));
	assert_int_equal(wv_cli_offset(&c), 7);
	assert_int_equal(c.fill, 'a');
	assert_int_equal(c.delim, 47);
	assert_int_equal(parse(&c, "--component --plain --plain"), 0);
	assert_int_equal(c.delim, '/');
	assert_int_equal(c.mode, WV_MODE_PLAIN);
	assert_int_equal(parse(&c, "--json"), 0);
	assert_int_equal(c.mode, WV_MODE_JSON);
	/* --step opens the visualizer there (it used to need --svg) */
	assert_int_equal(parse(&c, "--step has_zero:3 ab"), 0);
	assert_string_equal(c.step_arg, "has_zero:3");
	assert_int_equal(c.mode, WV_MODE_AUTO);
	assert_int_equal(parse(&c, "--course --arch alpha"), 0);
	/* --split lasts through a lesson's scenes (it used to be refused) */
	assert_int_equal(parse(&c, "--lesson 9 --split x86-64"), 0);
	assert_ptr_equal(c.split, wv_wat_find("x86-64"));
	assert_int_equal(parse(&c, "--color always ab"), 0);
	assert_int_equal(c.color, 1);
	assert_string_equal(c.word_src, "ab");
	assert_int_equal(parse(&c, "--colour=never"), 0);
	assert_int_equal(c.color, 0);
	assert_int_equal(parse(&c, "--color auto"), 0);
	assert_int_equal(c.color, -1);
	assert_int_equal(parse(&c, "--color ab"), 0);	/* ab is the word */
	assert_int_equal(c.color, -1);
	assert_string_equal(c.word_src, "ab");
	assert_int_equal(parse(&c, "-- -x"), 0);
	assert_string_equal(c.word_src, "-x");
	assert_int_equal(parse(&c, "-"), 0);
	assert_string_equal(c.word_src, "-");
	assert_int_equal(parse(&c, "-h"), 0);
	assert_true(c.help);
	assert_int_equal(parse(&c, "--version"), 0);
	assert_true(c.version);
	assert_int_equal(parse(&c, "-V --list-arch"), 0);
	assert_true(c.version && c.list);
	assert_int_equal(parse(&c, "--list-lessons --lessons-dir d"), 0);
	assert_true(c.list_lessons);
	assert_string_equal(c.lessons_dir, "d");
	assert_int_equal(parse(&c, "--check-lesson f.lesson"), 0);
	assert_string_equal(c.check_lesson, "f.lesson");
	assert_int_equal(parse(&c, "--lesson 2 --present --restart --autoplay 600"), 0);
	assert_string_equal(c.lesson, "2");
	assert_true(c.present && c.restart && !c.no_mouse);
	assert_int_equal(c.autoplay_s, 600);
	assert_int_equal(parse(&c, "--no-mouse --lesson 2"), 0);
	assert_true(c.no_mouse);
	assert_int_equal(parse(&c, "--no-mouse ab"), 0);
	assert_true(c.no_mouse);
	assert_int_equal(parse(&c, "--lesson=has-zero --autoplay=1 --arch x86"), 0);
	assert_int_equal(c.autoplay_s, 1);
	assert_int_equal(parse(&c, "--arch x86-32 --offset 3"), 0);
	assert_int_equal(wv_cli_offset(&c), 3);
}

/* --lesson 2-4 and --course: runs of lessons */
static void runs(void **state)
{
	unsigned a = 0, b = 0;
	struct wv_cli c;

	(void)state;
	assert_int_equal(parse(&c, "--lesson 2-4"), 0);
	assert_null(c.lesson);
	assert_int_equal(c.range_first, 2);
	assert_int_equal(c.range_last, 4);
	assert_false(c.course);
	/* --present and --split on any word, in the visualizer and a cast */
	assert_int_equal(parse(&c, "--present ab"), 0);
	assert_true(c.present && !c.split);
	assert_int_equal(parse(&c, "--cast --present --split ppc64 ab"), 0);
	assert_true(c.present && c.split == wv_wat_find("ppc64"));
	assert_int_equal(parse(&c, "--lesson=03-3 --autoplay 2 --present"), 0);
	assert_int_equal(c.range_first, 3);
	assert_int_equal(c.range_last, 3);
	/* a name with a '-' is a name, not a range */
	assert_int_equal(parse(&c, "--lesson has-zero"), 0);
	assert_string_equal(c.lesson, "has-zero");
	assert_int_equal(c.range_first, 0);
	assert_int_equal(parse(&c, "--lesson 2-x"), 0);
	assert_string_equal(c.lesson, "2-x");
	assert_int_equal(parse(&c, "--course --restart --arch ppc"), 0);
	assert_true(c.course && c.restart);
	assert_int_equal(parse(&c, "--plain --course"), 0);
	assert_true(c.course);

	assert_true(wv_cli_lesson_range("10-12", &a, &b));
	assert_int_equal(a, 10);
	assert_int_equal(b, 12);
	assert_false(wv_cli_lesson_range("10", &a, &b));
	assert_false(wv_cli_lesson_range("-3", &a, &b));
	assert_false(wv_cli_lesson_range("3-", &a, &b));
	assert_false(wv_cli_lesson_range("1-2-3", &a, &b));
	assert_false(wv_cli_lesson_range("02-has-zero", &a, &b));
	assert_true(wv_cli_lesson_range("1-99999", &a, &b));	/* too big: */
	assert_int_equal(b, 1000);				/* refused below */

	static const struct {
		const char *line;
		const char *msg;
	} bad[] = {
		{ "--lesson 4-2", "--lesson 4-2: the range runs backwards; write the "
		  "lower number first, as in --lesson 2-4" },
		{ "--lesson 0-3", "--lesson 0-3: lessons are numbered from 1 to 999; "
		  "write a range as in --lesson 2-4" },
		{ "--lesson 1-1000", "--lesson 1-1000: lessons are numbered" },
		{ "--lesson 2 --lesson 3-4", "--lesson given twice" },
		{ "--course --lesson 2-4", "--course runs every lesson; give either "
		  "--course or --lesson N" },
		{ "--lesson 2 --course", "--course runs every lesson" },
		{ "--course ab", "--course takes its words from the lessons; remove 'ab'" },
		{ "--course --json", "--json and --course exclude each other; use "
		  "--plain --course for the handouts" },
		{ "--course --offset 1", "leave them out with --course" },
		{ "--lesson 2-4 --fill 0", "leave them out with --lesson" },
		{ "--lesson 2-4 ab", "--lesson takes its words from the lesson;" },
		{ "--course=1", "--course takes no value" },
		{ "--no-mouse=1", "--no-mouse takes no value" },
		{ "--autoplay 3", "goes with --lesson N or --course" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse(&c, bad[i].line) != -1 || !strstr(c.err, bad[i].msg))
			fail_msg("'%s': got '%s', want ...%s...", bad[i].line, c.err,
				 bad[i].msg);
}

/*
 * Options the red team found accepted and then ignored: each is a usage
 * error that names the option to leave out.  And what still goes together:
 * --no-mouse with the visualizer (a word, a lesson, --record).
 */
static void ignored_options(void **state)
{
	(void)state;
	struct wv_cli c;
	static const struct {
		const char *line;
		const char *msg;
	} bad[] = {
		{ "--measure --list-arch", "--list-arch lists the variants and exits, "
		  "so --measure would be ignored; leave it out" },
		{ "--list-lessons --measure", "--list-lessons lists the lessons and "
		  "exits, so --measure would be ignored; leave it out" },
		{ "--check-lesson x.lesson --measure", "--check-lesson checks the file "
		  "it names and exits, so --measure would be ignored" },
		{ "--measure --measure --lesson 1", "--measure given twice; give it once" },
		{ "--split ppc64 --try a", "--try draws its own formula, not the "
		  "kernel's steps; leave out --split" },
		{ "--split ppc64 --list-steps ab", "--list-steps lists every sub-step "
		  "of one variant and exits; leave out --split" },
		{ "--json --no-mouse ab", "--no-mouse leaves the mouse to the terminal "
		  "in the visualizer, and --json runs none; leave out --no-mouse" },
		{ "--plain --no-mouse ab", "and --plain runs none" },
		{ "--cast --no-mouse ab", "and --cast runs none" },
		{ "--no-mouse --try a", "and --try runs none" },
		{ "--no-mouse --list-steps ab", "and --list-steps runs none" },
		{ "--no-mouse --list-arch", "--list-arch lists the variants and exits, "
		  "so --no-mouse would be ignored" },
		/* --theme: its two values, and where nothing is coloured */
		{ "--theme blue ab", "--theme blue: the themes are light (dark text on "
		  "white) and dark (the default)" },
		{ "--theme ab", "--theme ab: the themes are light" },
		{ "--theme", "--theme needs a value, as in --theme light (light or dark)" },
		{ "--theme light --theme dark ab", "--theme given twice" },
		{ "--plain --theme light ab", "--theme colours the visualizer and "
		  "--cast, and --plain draws neither; leave out --theme" },
		{ "--html --theme light ab", "and --html draws neither" },
		{ "--theme dark --try a", "and --try draws neither" },
		/* --sheet: a lesson's questions, as text or HTML */
		{ "--list-lessons --sheet", "--list-lessons lists the lessons and "
		  "exits, so --sheet would be ignored; leave it out" },
		{ "--sheet ab", "--sheet prints the questions of a lesson; give it "
		  "with --lesson N or --course" },
		{ "--sheet --json --lesson 2", "--sheet prints text (--plain) or HTML "
		  "(--html); leave out --json" },
		{ "--sheet --cast --lesson 2", "--sheet prints text (--plain) or HTML "
		  "(--html); leave out --cast" },
		{ "--sheet --present --lesson 2", "--sheet prints the questions alone; "
		  "--present is for the lesson in the visualizer, so leave it out" },
		{ "--sheet --autoplay 3 --course", "leave it out" },
		{ "--sheet --measure --lesson 1", "--measure times the handout's "
		  "charts, which a sheet does not have" },
		{ "--sheet=yes --lesson 1", "--sheet takes no value; remove '=yes'" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse(&c, bad[i].line) != -1 || !strstr(c.err, bad[i].msg))
			fail_msg("'%s': got '%s', want ...%s...", bad[i].line, c.err,
				 bad[i].msg);
	assert_int_equal(parse(&c, "--no-mouse --record x.cast ab"), 0);
	assert_int_equal(parse(&c, "--no-mouse --lesson 2"), 0);
	assert_int_equal(parse(&c, "--theme light --lesson 2 --present"), 0);
	assert_int_equal(c.theme, WV_THEME_LIGHT);
	assert_int_equal(parse(&c, "--cast --theme=light ab"), 0);
	assert_int_equal(c.theme, WV_THEME_LIGHT);
	assert_int_equal(parse(&c, "--theme dark ab"), 0);
	assert_int_equal(c.theme, WV_THEME_DARK);
	assert_int_equal(parse(&c, "ab"), 0);
	assert_int_equal(c.theme, WV_THEME_DARK);
	assert_int_equal(parse(&c, "--html --sheet --lesson 1-5"), 0);
	assert_true(c.sheet);
	assert_int_equal(parse(&c, "--sheet --course"), 0);
	assert_true(c.sheet && c.course);
	assert_int_equal(parse(&c, "--html --split ppc64 --web-url w.html ab"), 0);
	assert_int_equal(parse(&c, "--help --measure"), 0);
}

/*
 * --web-url: a path on this page's host or a URL of http, https or file in
 * any case (RFC 3986 3.1: schemes are case-insensitive).  "//host/..." is a
 * network-path reference (RFC 3986 4.2): another host.  Browsers read '\'
 * as '/' in http(s) URLs (the WHATWG URL standard), so "\\host\..." and
 * "/\host" are another host too.
 */
static void web_urls(void **state)
{
	(void)state;
	struct wv_cli c;
	static const char *const good[] = {
		"w.html", "a/b/w.html", "/srv/w.html", "../w.html", "HTTP://x.org/w.html",
		"Https://x.org/w.html", "FILE:///tmp/w.html", "a\\b.html", "https://x.org",
		"hTTpS://user@x.org:8080/w.html", "http://x.org?p=1",
	};
	static const char *const other_host[] = {
		"//evil.example/w.html", "\\\\evil.example\\w.html", "/\\evil.example",
		"\\/evil.example",
	};
	char line[160];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(line, sizeof(line), "--html --web-url %s ab", good[i]);
		if (parse(&c, line) != 0)
			fail_msg("'%s' refused: %s", line, c.err);
	}
	for (size_t i = 0; i < sizeof(other_host) / sizeof(other_host[0]); i++) {
		snprintf(line, sizeof(line), "--html --web-url %s ab", other_host[i]);
		if (parse(&c, line) != -1 || !strstr(c.err, "names another host"))
			fail_msg("'%s': got '%s', want ...names another host...", line,
				 c.err);
	}
	assert_int_equal(parse(&c, "--html --web-url javascript:x ab"), -1);
	assert_int_equal(parse(&c, "--html --web-url JavaScript:x ab"), -1);
	/* a browser takes the host from what follows http(s): however many
	   slashes or backslashes come first; file://HOST/ is a share there */
	static const char *const scheme_host[] = {
		"https:evil.example/w.html", "HTTP:evil.example", "http:/evil.example",
		"https:/\\evil.example", "https:\\\\evil.example", "https:///evil.example",
		"https://", "http:", "file://evil.example/w.html", "file:w.html",
		"file:////evil.example/w.html",
	};
	for (size_t i = 0; i < sizeof(scheme_host) / sizeof(scheme_host[0]); i++) {
		snprintf(line, sizeof(line), "--html --web-url %s ab", scheme_host[i]);
		if (parse(&c, line) != -1 || !strstr(c.err, ": column "))
			fail_msg("'%s': got '%s', want a refusal naming the column", line,
				 c.err);
	}
}

static void refuses(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		const char *msg;
	} cases[] = {
		{ "a b", "more than one word" },
		{ "--help=1", "--help takes no value" },
		{ "--plain=yes", "--plain takes no value" },
		{ "--list-lessons=x", "takes no value" },
		{ "--present=x", "takes no value" },
		{ "--plain --json", "exclude each other" },
		{ "--json --plain", "exclude each other" },
		{ "--color=sometimes", "--color=sometimes: unknown" },
		{ "--arch", "--arch needs a value" },
		{ "--offset", "--offset needs a value" },
		{ "--fill", "--fill needs a value" },
		{ "--try", "--try needs a value" },
		{ "--try=", "--try needs a value" },
		{ "--as", "--as needs a value" },
		{ "--as maybe --try a", "--as maybe: unknown; use --as has_zero" },
		{ "--as exact ab", "--as says how to check a --try formula" },
		{ "--try a --lesson 2", "leave out --lesson" },
		{ "--try a --component", "leave out --delim and --component" },
		{ "--try a --delim /", "leave out --delim and --component" },
		{ "--delim", "--delim needs a value" },
		{ "--arch vax", "no such variant" },
		{ "--fill 256", "--fill '256'" },
		{ "--delim _", "--delim ''" },
		{ "--lesson", "--lesson needs a value" },
		{ "--lesson=", "--lesson needs a value" },
		{ "--lessons-dir", "needs a value" },
		{ "--check-lesson", "needs a value" },
		{ "--autoplay", "needs a value" },
		{ "--lesson 1 --autoplay 0", "--autoplay 0:" },
		{ "--lesson 1 --autoplay 601", "--autoplay 601:" },
		{ "--lesson 1 --autoplay 4s", "--autoplay 4s:" },
		{ "--list-lessons --autoplay x", "--autoplay x:" },
		{ "--lesson 1 ab", "takes its words from the lesson" },
		{ "--lesson 1 --json", "--json and --lesson" },
		{ "--lesson 1 --offset 1", "set by each scene" },
		{ "--lesson 1 --fill 0", "set by each scene" },
		{ "--lesson 1 --component", "set by each scene" },
		{ "--present ab --plain", "--present is a layout of the visualizer and "
		  "of --cast; leave it out with --plain" },
		{ "--split ppc64 --json ab", "--split is a layout of the visualizer, of "
		  "--cast and of --html; leave it out with --json" },
		{ "--split ppc65 ab", "--split ppc65: no such variant" },
		{ "--split", "--split needs a value" },
		{ "--lesson 2 --split ppc64 --html", "a lesson's handout has no split "
		  "view, so leave out --split with --lesson --html" },
		{ "--restart", "--restart goes with --lesson" },
		{ "--autoplay 3", "--autoplay goes with --lesson N or --course (or --cast" },
		{ "--frob", "unknown option '--frob'" },
		{ "-x", "unknown option '-x'" },
		{ "--lesson 1 --autoplay 99999999999999999999", "--autoplay 9" },
		{ "--autoplay=", "--autoplay needs a value" },
		{ "--fill=0x", "--fill '0x'" },
		{ "--delim=\\q", "--delim" },
		{ "--arch=", "no such variant" },
		{ "--lesson 1 --autoplay x", "--autoplay x:" },
		{ "--lesson=1 --autoplay=-5", "--autoplay -5:" },
		{ "--lessons-dir=", "needs a value" },
		{ "--check-lesson=", "needs a value" },
		{ "--delim=", "--delim ''" },
		{ "--colour=x", "unknown" },
		{ "--version=2", "takes no value" },
		{ "--list-arch=2", "takes no value" },
		{ "--json=2", "takes no value" },
		{ "--component=2", "takes no value" },
		{ "--restart=2", "takes no value" },
		{ "--page-end", "--page-end needs a value" },
		{ "--lesson 1 --page-end 8", "page-end: key" },
		/* accepted and ignored before: refused, with the reason */
		{ "--page-end 8 --try a", "--try draws its formula on the word's first "
		  "word, as has_zero gets it, with no page edge in it; leave out --page-end" },
		{ "--json --list-steps ab", "--list-steps lists the sub-steps as text and "
		  "exits; leave out --json" },
		{ "--html --list-steps ab", "leave out --html" },
		{ "--json --step has_zero:3 ab", "--step names the sub-step --svg draws "
		  "or the visualizer opens at; leave out --json (or --step)" },
		{ "--step has_zero --lesson 2", "a lesson's scenes choose their own "
		  "(:scene N), so leave out --lesson or --step" },
		{ "--step has_zero --list-steps ab", "--list-steps lists every sub-step "
		  "and exits; leave out --step" },
		{ "--step has_zero --try a", "leave out --step" },
		{ "--lesson 1 --autoplay +4", "--autoplay +4: give the seconds" },
		{ "--check-lesson f --arch ppc", "--check-lesson checks the file on every "
		  "variant its arches: line allows; leave out --arch" },
		{ "--check-lesson f --lessons-dir d", "leave out --lessons-dir" },
		{ "--arch ppc --arch x86-64 ab", "--arch given twice ('ppc' and 'x86-64'); "
		  "give it once" },
		{ "--offset 1 --offset=2", "--offset given twice ('1' and '2')" },
		{ "--try a --try b", "--try given twice ('a' and 'b')" },
		{ "--fill 1 --fill 1", "--fill given twice" },
		{ "--color always --color=never", "--color given twice ('always' and "
		  "'never')" },
		{ "--list-arch ab", "--list-arch lists the variants and exits, so the "
		  "word 'ab' would be ignored; remove it" },
		{ "--help ab", "--help prints the help and exits, so the word 'ab'" },
		{ "ab --version", "--version prints the version and exits" },
		{ "--list-lessons ab", "--list-lessons lists the lessons and exits" },
		{ "--check-lesson f ab", "--check-lesson checks the file it names and exits" },
		{ "--lessons-dir d ab", "--lessons-dir says where lessons are read from, "
		  "and this runs no lesson" },
		{ "--lessons-dir d --json", "--lessons-dir says where" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wv_cli c;

		if (parse(&c, cases[i].line) != -1 || !strstr(c.err, cases[i].msg))
			fail_msg("'%s': got '%s', want ...%s...", cases[i].line, c.err,
				 cases[i].msg);
	}
}

static void try_options(void **state)
{
	struct wv_cli c;

	(void)state;
	assert_int_equal(parse(&c, "--try a&HIGHS"), 0);
	assert_string_equal(c.try_src, "a&HIGHS");
	assert_int_equal(c.as, WV_AS_HAS_ZERO);	/* the default */
	assert_null(c.word_src);
	assert_int_equal(parse(&c, "--as=find_zero --try=clz(mask)>>3 --arch ppc ab"), 0);
	assert_string_equal(c.try_src, "clz(mask)>>3");
	assert_int_equal(c.as, WV_AS_FIND_ZERO);
	assert_string_equal(c.word_src, "ab");
	assert_int_equal(parse(&c, "--try ~a --as exact --json --offset 3"), 0);
	assert_int_equal(c.as, WV_AS_EXACT);
	assert_int_equal(c.mode, WV_MODE_JSON);
}

static void offsets(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		long want;	/* -1: refused */
	} cases[] = {
		{ "--offset 0", 0 }, { "--offset 7", 7 }, { "--offset 8", -1 },
		{ "--offset -1", -1 }, { "--offset +1", -1 }, { "--offset _", -1 },
		{ "--offset 3x", -1 }, { "--offset 99999999999999999999", -1 },
		{ "--arch arm --offset 3", 3 }, { "--arch arm --offset 4", -1 },
		{ "--offset=-0", -1 },
		{ "--offset=\t1", -1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wv_cli c;

		assert_int_equal(parse(&c, cases[i].line), 0);
		long got = wv_cli_offset(&c);

		if (got != cases[i].want)
			fail_msg("'%s': offset %ld, want %ld", cases[i].line, got, cases[i].want);
		if (got < 0)
			assert_non_null(strstr(c.err, "must be a whole number"));
	}
}

/*
 * --page-end against the word: a multiple of the word size, after the NUL
 * (offset + length), at most WV_PAGE_END_MAX.  Expected values by hand.
 */
static void page_ends(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		size_t offset, len;
		long want;	/* -1: refused */
		const char *msg;
	} cases[] = {
		{ "ab", 0, 2, 0, NULL },
		{ "--page-end 8 ab", 0, 2, 8, NULL },
		{ "--page-end=16 ab", 3, 2, 16, NULL },
		{ "--page-end 8 ab", 3, 2, 8, NULL },	/* NUL at 5 */
		{ "--page-end 8 ab", 5, 2, 8, NULL },	/* NUL at 7 */
		{ "--page-end 8 ab", 6, 2, -1, "end at memory 8" },
		{ "--page-end 8 ab", 3, 5, -1, "try --page-end 16" },
		{ "--page-end 0 ab", 0, 0, -1, "must come after" },
		{ "--page-end 12 ab", 0, 2, -1, "multiple of 8" },
		{ "--page-end 12 ab", 0, 2, -1, "try --page-end 16" },
		{ "--arch x86-32 --page-end 12 ab", 0, 2, 12, NULL },
		{ "--arch x86-32 --page-end 6 ab", 0, 2, -1, "multiple of 4" },
		{ "--arch x86-32 --page-end 4 ab", 1, 2, 4, NULL },
		{ "--arch x86-32 --page-end 4 ab", 2, 2, -1, "must come after" },
		{ "--page-end 4112 ab", 0, 2, 4112, NULL },
		{ "--page-end 4120 ab", 0, 2, -1, "at most 4112" },
		{ "--page-end -8 ab", 0, 2, -1, "whole number" },
		{ "--page-end +8 ab", 0, 2, -1, "whole number" },
		{ "--page-end 8x ab", 0, 2, -1, "whole number" },
		{ "--page-end _ ab", 0, 2, -1, "whole number" },
		{ "--page-end 99999999999999999999 ab", 0, 2, -1, "whole number" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wv_cli c;

		assert_int_equal(parse(&c, cases[i].line), 0);
		long got = wv_cli_page_end(&c, cases[i].offset, cases[i].len);

		if (got != cases[i].want)
			fail_msg("'%s' (offset %zu, %zu bytes): page end %ld, want %ld",
				 cases[i].line, cases[i].offset, cases[i].len, got,
				 cases[i].want);
		if (cases[i].msg && !strstr(c.err, cases[i].msg))
			fail_msg("'%s': got '%s', want ...%s...", cases[i].line, c.err,
				 cases[i].msg);
	}
}

/* The caret line: control bytes as \xHH, the caret under the byte asked. */
static void caret(void **state)
{
	static const struct {
		const char *s;
		int col;
		const char *want;
	} cases[] = {
		{ "ab\\q", 3, "  ab\\q\n    ^\n" },
		{ "ab\x01\\q", 4, "  ab\\x01\\q\n        ^\n" },
		{ "\t\\q", 2, "  \\x09\\q\n      ^\n" },
		{ "a\x7f" "b", 2, "  a\\x7fb\n   ^\n" },
		{ "\xc3\xa9\\q", 3, "  \xc3\xa9\\q\n   ^\n" },	/* UTF-8: one column */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *buf = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&buf, &size);

		assert_non_null(f);
		wv_cli_caret(f, cases[i].s, cases[i].col);
		fclose(f);
		assert_string_equal(buf, cases[i].want);
		free(buf);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(accepts),
		cmocka_unit_test(refuses),
		cmocka_unit_test(ignored_options),
		cmocka_unit_test(web_urls),
		cmocka_unit_test(try_options),
		cmocka_unit_test(offsets),
		cmocka_unit_test(page_ends),
		cmocka_unit_test(runs),
		cmocka_unit_test(caret),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
