/*
 * A typed answer kept for fixing (app/classroom.h): the answer line opens
 * again with the whole of what was typed, never a cut of it, up to the
 * line's own limit, which is said; the message quotes it cut between
 * characters with the mark (trial2 finding 9: the line kept 47 bytes, the
 * quote 40 bytes with no mark, Greek cut inside a letter).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "app/classroom.h"

static struct wv_app app;
static struct wv_class cls;
static wv_lesson *lesson;
static char typed[WV_CMD_TEXT_MAX + 100];

/* Lesson 3 scene 4 on ppc64: has_zero, answered in hex. */
static void ask(void)
{
	struct wv_ui_opts o = { .lesson_number = 3, .lesson_slug = "has-zero",
				.delim = -1 };
	struct wv_error e;

	assert_int_equal(wv_lesson_load("lessons/03-has-zero.lesson", &lesson, &e), 0);
	o.lesson = lesson;
	o.variant = variant("ppc64");
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	wv_class_goto(&cls, 3);
	assert_true(cls.has_question);
	assert_int_equal(cls.answer.form, WV_FORM_HEX);
	wv_class_do(&cls, WV_ACT_ANSWER);
}

static void stop(void)
{
	wv_class_free(&cls);
	wv_app_free(&app);
	wv_lesson_free(lesson);
}

/* n copies of s after prefix, into typed */
static char *repeat(const char *prefix, const char *s, size_t n)
{
	size_t k = strlen(prefix);

	memcpy(typed, prefix, k);
	for (size_t i = 0; i < n; i++, k += strlen(s))
		memcpy(typed + k, s, strlen(s));
	typed[k] = '\0';
	return typed;
}

/* the quote the message holds: "'" + what + "'" */
static void quoted(const char *what)
{
	char q[128];

	snprintf(q, sizeof(q), "'%s' cannot be read: ", what);
	assert_non_null(strstr(cls.unreadable, q));
	assert_non_null(strstr(app.msg, q));
}

static void test_unreadable_kept_whole(void **state)
{
	char want[128];

	(void)state;
	ask();
	/* 0x, 50 eights, zz: 54 bytes kept, the quote's 40 marked */
	repeat("0x", "8", 50);
	strcat(typed, "zz");
	wv_class_answer(&cls, typed);
	assert_string_equal(cls.retry, typed);
	assert_false(cls.retry_selected);
	snprintf(want, sizeof(want), "%.40s\xe2\x80\xa6", typed);
	quoted(want);
	assert_null(strstr(cls.unreadable, "keeps its first"));
	/* Greek: 30 letters kept, 20 quoted (2 bytes each), none cut */
	repeat("", "\xce\xb1", 30);
	wv_class_answer(&cls, typed);
	assert_string_equal(cls.retry, typed);
	quoted(strcat(repeat("", "\xce\xb1", 20), "\xe2\x80\xa6"));
	/* 39 bytes and a letter: the quote stops before the letter */
	wv_class_answer(&cls, repeat("0", "\xce\xb1", 25));
	assert_string_equal(cls.retry, typed);
	snprintf(want, sizeof(want), "%.39s\xe2\x80\xa6", typed);
	quoted(want);
	/* 40 bytes exactly: whole, no mark */
	wv_class_answer(&cls, repeat("", "z", 40));
	quoted(typed);
	stop();
}

/* A line longer than the answer line holds (the terminal's readline has
   no limit): the first of it, whole letters, and the limit said. */
static void test_longer_than_the_line(void **state)
{
	char want[96];
	size_t n = (WV_CMD_TEXT_MAX + 50) / 2, kept = (WV_CMD_TEXT_MAX - 1) / 2 * 2;

	(void)state;
	ask();
	wv_class_answer(&cls, repeat("", "\xce\xb1", n));
	assert_int_equal(strlen(cls.retry), kept);
	assert_memory_equal(cls.retry, typed, kept);
	snprintf(want, sizeof(want), "the line keeps its first %zu bytes", kept);
	assert_non_null(strstr(cls.unreadable, want));
	assert_non_null(strstr(app.msg, want));
	stop();
}

/* A wrong answer: the line again with all of it selected; its quote cut
   with the mark. */
static void test_wrong_kept_whole(void **state)
{
	(void)state;
	ask();
	repeat("0x", "0", 60);
	strcat(typed, "1234");
	wv_class_answer(&cls, typed);
	assert_int_equal(cls.wrong, 1);
	assert_true(cls.retry_selected);
	assert_string_equal(cls.retry, typed);
	assert_int_equal(strlen(cls.last_wrong), 43);
	assert_memory_equal(cls.last_wrong, typed, 40);
	assert_string_equal(cls.last_wrong + 40, "\xe2\x80\xa6");
	stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unreadable_kept_whole),
		cmocka_unit_test(test_longer_than_the_line),
		cmocka_unit_test(test_wrong_kept_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
