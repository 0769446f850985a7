/*
 * A page link's fields (session/link.h): every field a link names is taken
 * or refused with the field and the fix, never dropped without a word
 * (issue 46: scene without a lesson, a trace's fields with a lesson,
 * present=no, present on a trace, a word too long to hold).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "session/link.h"
#include "render/theme.h"

/* Lesson 3 is built in (index 2), by number or by name; nothing else. */
static long find(void *ctx, const char *name)
{
	(void)ctx;
	return strcmp(name, "3") == 0 || strcmp(name, "has-zero") == 0 ? 2 : -1;
}

static struct wv_link fl;
static char err[200];

static int parse(const char *fragment)
{
	int rc = wv_link_parse(fragment, &fl, find, NULL, err, sizeof(err));

	print_message("# %s -> %d %s\n", strlen(fragment) > 60 ? "(long)" : fragment,
		      rc, err);
	return rc;
}

/* err names the field and holds each of the words */
static void refused(const char *field, const char *w1, const char *w2)
{
	char named[64];

	snprintf(named, sizeof(named), "link field '%s': ", field);
	assert_non_null(strstr(err, named));
	assert_non_null(strstr(err, w1));
	if (w2)
		assert_non_null(strstr(err, w2));
}

static void test_links_taken(void **state)
{
	(void)state;
	assert_int_equal(parse("word=ab%5C0cd&arch=ppc64&offset=2&fill=0x01&"
			       "delim=%2F&page=9&view=compare&step=has_zero:3"), 0);
	assert_string_equal(fl.word, "ab\\0cd");
	assert_int_equal(fl.offset, 2);
	assert_false(fl.present);
	assert_int_equal(parse("lesson=3&scene=2&present=1&step=has_zero:3&"
			       "arch=ppc64&split=none&view=help"), 0);
	assert_int_equal(fl.lesson, 2);
	assert_true(fl.present);
	assert_int_equal(parse("lesson=has-zero&scene=end"), 0);
	assert_int_equal(parse(""), 0);
}

static void test_scene_needs_lesson(void **state)
{
	(void)state;
	assert_int_equal(parse("scene=2"), -1);
	refused("scene", "lesson=", NULL);
	assert_int_equal(parse("word=ab&scene=end"), -1);
	refused("scene", "lesson=", NULL);
	/* a refused lesson is the first word, not the scene */
	assert_int_equal(parse("lesson=zz&scene=2"), -1);
	refused("lesson", "no lesson", NULL);
}

static void test_trace_fields_with_lesson(void **state)
{
	static const char *const links[][2] = {
		{ "lesson=3&word=zzz&offset=3", "word" },
		{ "lesson=3&offset=3", "offset" },
		{ "fill=0x01&lesson=3", "fill" },
		{ "lesson=3&scene=2&delim=none", "delim" },
		{ "lesson=3&page=9", "page" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
		assert_int_equal(parse(links[i][0]), -1);
		refused(links[i][1], "lesson", "scene");
		assert_int_equal(fl.lesson, 2);	/* the lesson still opens */
	}
}

static void test_present(void **state)
{
	static const char *const yes[] = { "1", "yes" }, *const no[] = { "0", "no" };
	static const char *const bad[] = { "2", "true", "YES", "", "on", "no%20" };
	char link[64];

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		snprintf(link, sizeof(link), "lesson=3&present=%s", yes[i]);
		assert_int_equal(parse(link), 0);
		assert_true(fl.present);
		snprintf(link, sizeof(link), "lesson=3&present=%s", no[i]);
		assert_int_equal(parse(link), 0);
		assert_false(fl.present);
		/* a trace presents nowhere on the page: no is harmless */
		snprintf(link, sizeof(link), "word=ab&present=%s", no[i]);
		assert_int_equal(parse(link), 0);
		snprintf(link, sizeof(link), "word=ab&present=%s", yes[i]);
		assert_int_equal(parse(link), -1);
		refused("present", "lesson=", NULL);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(link, sizeof(link), "lesson=3&present=%s", bad[i]);
		assert_int_equal(parse(link), -1);
		refused("present", "yes, no, 1 or 0", NULL);
		assert_false(fl.present);
	}
}

/* theme=light|dark on any link; absent, the browser's preference (-1) */
static void test_theme(void **state)
{
	(void)state;
	assert_int_equal(parse("word=ab"), 0);
	assert_int_equal(fl.theme, -1);
	assert_int_equal(parse("word=ab&theme=light"), 0);
	assert_int_equal(fl.theme, WV_THEME_LIGHT);
	assert_int_equal(parse("lesson=3&present=1&theme=dark"), 0);
	assert_int_equal(fl.theme, WV_THEME_DARK);
	assert_int_equal(parse("word=ab&theme=blue"), -1);
	refused("theme", "light or dark", NULL);
	assert_int_equal(parse("word=ab&theme="), -1);
	refused("theme", "light or dark", NULL);
}

/* layout=memory|own: the split view's columns, as :set split; absent -1 */
static void test_layout(void **state)
{
	(void)state;
	assert_int_equal(parse("word=ab&split=ppc64"), 0);
	assert_int_equal(fl.layout, -1);
	assert_int_equal(parse("word=ab&split=ppc64&layout=memory"), 0);
	assert_int_equal(fl.layout, 1);
	assert_ptr_equal(fl.split, wv_wat_find("ppc64"));
	assert_int_equal(parse("lesson=3&layout=own"), 0);
	assert_int_equal(fl.layout, 0);
	assert_int_equal(parse("word=ab&split=ppc64&layout=mem"), -1);
	refused("layout", "memory or own", NULL);
	assert_int_equal(fl.layout, -1);
	assert_int_equal(parse("word=ab&layout="), -1);
	refused("layout", "memory or own", NULL);
	/* the list of fields names it */
	assert_int_equal(parse("word=ab&columns=memory"), -1);
	refused("columns", "split, layout, lesson", NULL);
}

static void test_word_too_long(void **state)
{
	size_t n = WV_CMD_TEXT_MAX + 100;
	char *link = malloc(n + 8);

	(void)state;
	assert_non_null(link);
	memcpy(link, "word=", 5);
	memset(link + 5, 'a', n);
	link[5 + n] = '\0';
	assert_int_equal(parse(link), -1);
	refused("word", "long", "4096");
	/* the longest that fits is a word (too long for wv_word_parse, which
	   says so itself when the page opens it) */
	link[5 + WV_CMD_TEXT_MAX - 1] = '\0';
	assert_int_equal(parse(link), 0);
	assert_int_equal(strlen(fl.word), WV_CMD_TEXT_MAX - 1);
	free(link);
}

/*
 * trial2 finding 8: a field given twice is refused by name, as the command
 * line refuses an option given twice (it was taken, the last winning); the
 * first is kept.
 */
static void test_given_twice(void **state)
{
	(void)state;
	assert_int_equal(parse("word=ab&word=cd"), -1);
	assert_string_equal(err, "link field 'word' given twice (word=ab, then "
			    "word=cd); keep one");
	assert_string_equal(fl.word, "ab");
	assert_int_equal(parse("arch=ppc64&view=main&arch=x86-32"), -1);
	assert_non_null(strstr(err, "link field 'arch' given twice (arch=ppc64, "
			       "then arch=x86-32); keep one"));
	assert_ptr_equal(fl.v, wv_wat_find("ppc64"));
	/* the same value twice is still twice */
	assert_int_equal(parse("lesson=3&scene=2&scene=2"), -1);
	assert_non_null(strstr(err, "link field 'scene' given twice"));
	/* as escapes write it: the decoded key is what counts */
	assert_int_equal(parse("word=ab&wor%64=cd"), -1);
	assert_non_null(strstr(err, "link field 'word' given twice (word=ab, then "
			       "wor%64=cd)"));
}

/*
 * trial2 finding 8: a field that is not key=value is named as written
 * (escaped, cut with the mark when long), with the form; a bad escape is
 * named; a fill of two NUL bytes is said to be two bytes, not one.
 */
static void test_malformed_named(void **state)
{
	char link[128];

	(void)state;
	assert_int_equal(parse("word=ab&offset"), -1);
	refused("offset", "not key=value", "word=ab&arch=ppc64");
	assert_int_equal(parse("javascript:alert(1)"), -1);
	refused("javascript:alert(1)", "not key=value", NULL);
	assert_int_equal(parse("word=ab&%zz=1"), -1);
	refused("%zz=1", "'%zz' is not a %XX escape", "%25");
	assert_int_equal(parse("word=a%2"), -1);
	refused("word", "'%2' is not a %XX escape", NULL);
	/* a control character is escaped, never written raw */
	assert_int_equal(parse("a\x1b]0;x"), -1);
	refused("a\\x1b]0;x", "not key=value", NULL);
	/* 40 bytes kept, cut between characters (é is 2 bytes), marked */
	snprintf(link, sizeof(link), "word=ab&x%s", "\xc3\xa9\xc3\xa9\xc3\xa9"
		 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	assert_int_equal(parse(link), -1);
	assert_non_null(strstr(err, "link field 'x\xc3\xa9\xc3\xa9\xc3\xa9"
			       "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
			       "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
			       "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xe2\x80\xa6': "
			       "not key=value"));
	assert_int_equal(parse("word=ab&fill=%00%00"), -1);
	refused("fill", "one byte, not 2", NULL);
	assert_null(strstr(err, "%XX"));
	assert_int_equal(parse("word=ab&delim=%00"), -1);
	refused("delim", "delim=0x00", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_links_taken),
		cmocka_unit_test(test_scene_needs_lesson),
		cmocka_unit_test(test_trace_fields_with_lesson),
		cmocka_unit_test(test_present),
		cmocka_unit_test(test_theme),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_word_too_long),
		cmocka_unit_test(test_given_twice),
		cmocka_unit_test(test_malformed_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
