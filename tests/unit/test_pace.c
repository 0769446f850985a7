/*
 * How long a lesson takes (lesson/pace.h): words counted as a reader counts
 * them, the formula on known numbers, and a small lesson whose narration
 * differs on little- and big-endian variants.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "lesson/pace.h"

static void test_words(void **state)
{
	(void)state;
	assert_int_equal(wv_pace_words(NULL), 0);
	assert_int_equal(wv_pace_words(""), 0);
	assert_int_equal(wv_pace_words("  \n\t "), 0);
	assert_int_equal(wv_pace_words("one"), 1);
	assert_int_equal(wv_pace_words("The  word\nis 8 bytes."), 5);
	assert_int_equal(wv_pace_words(" a\tb\n\nc "), 3);
	/* punctuation and values are part of a word, as read out */
	assert_int_equal(wv_pace_words("has_zero(0x0000800000808080) = 2."), 3);
}

static void test_formula(void **state)
{
	struct wv_pace p;

	(void)state;
	/* the example of lesson/pace.h: 140 words, 2 scenes, 1 question */
	wv_pace_estimate(&p, 140, 2, 1);
	assert_int_equal(p.seconds, 60 + 2 * 30 + 90);
	assert_int_equal(p.minutes, 4);
	/* reading rounds up to the second, the total to the minute */
	wv_pace_estimate(&p, 1, 0, 0);
	assert_int_equal(p.seconds, 1);
	assert_int_equal(p.minutes, 1);
	wv_pace_estimate(&p, 0, 2, 0);
	assert_int_equal(p.seconds, 60);
	assert_int_equal(p.minutes, 1);
	wv_pace_estimate(&p, 0, 0, 0);
	assert_int_equal(p.minutes, 0);
	wv_pace_estimate(&p, 700, 6, 3);	/* 300 + 180 + 270 */
	assert_int_equal(p.seconds, 750);
	assert_int_equal(p.minutes, 13);
	/* autoplay's reading time at the same pace */
	assert_int_equal(wv_pace_read_ms(0), 0);
	assert_int_equal(wv_pace_read_ms(70), 30000);
	assert_int_equal(wv_pace_read_ms(1), 429);	/* 60000 / 140, rounded up */
	assert_int_equal(wv_pace_read_ms(140), 60000);
}

/* Two scenes; the first reads differently on LE and BE, the second asks. */
static const char text[] =
	"title: Pace\n"
	"summary: A lesson to time.\n"
	"arches: x86-64 ppc64\n"
	"\n"
	"scene: One\n"
	"word: ab\\0cd\n"
	"show: load\n"
	"text: The word is in the register now.\n"
	"text-le: {arch} reads right to left.\n"
	"text-be: {arch} is big-endian: it reads left to right, in memory order.\n"
	"\n"
	"scene: Two\n"
	"word: ab\\0cd\n"
	"show: has_zero op sub/add\n"
	"text: Subtract one from every byte.\n"
	"question: What is a - ONES, in hex, the whole register?\n"
	"ask: result\n";

static void test_lesson(void **state)
{
	struct wv_error e;
	struct wv_pace p;
	wv_lesson *l = NULL;

	(void)state;
	if (wv_lesson_parse(text, strlen(text), &l, &e) != 0)
		fail_msg("line %d col %d: %s", e.line, e.col, e.msg);
	/* x86-64: 7 + "x86-64 reads right to left." 5 + 5, the question 10 */
	assert_int_equal(wv_pace_lesson(l, NULL, &p), 0);
	assert_int_equal(p.scenes, 2);
	assert_int_equal(p.questions, 1);
	assert_int_equal(p.words, 7 + 5 + 5 + 10);
	assert_int_equal(p.seconds, (27 * 60 + 139) / 140 + 2 * 30 + 90);
	assert_int_equal(p.minutes, 3);
	/* ppc64: the big-endian paragraph, 11 words, instead */
	assert_int_equal(wv_pace_lesson(l, wv_wat_find("ppc64"), &p), 0);
	assert_int_equal(p.words, 7 + 11 + 5 + 10);
	assert_int_equal(p.seconds, (33 * 60 + 139) / 140 + 2 * 30 + 90);
	wv_lesson_free(l);
}

/*
 * The table of lessons/README.md says what wv_pace_lesson says for every
 * lesson in lessons/, and the total row adds them up.
 */
static void test_readme_table(void **state)
{
	struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	FILE *f = fopen("lessons/README.md", "r");
	char line[256];
	size_t rows = 0, sum[4] = { 0 }, total[4] = { 0 };
	bool has_total = false;

	(void)state;
	assert_non_null(f);
	assert_true(n >= 10);
	while (fgets(line, sizeof(line), f)) {
		unsigned num, scenes, questions, words, minutes;
		char slug[64];
		wv_lesson *l = NULL;
		struct wv_error e;
		struct wv_pace p;

		if (sscanf(line, "| all | %u | %u | %u | %u min |", &scenes, &questions,
			   &words, &minutes) == 4) {
			total[0] = scenes, total[1] = questions, total[2] = words;
			total[3] = minutes;
			has_total = true;
			continue;
		}
		if (sscanf(line, "| %u %63s | %u | %u | %u | %u min |", &num, slug,
			   &scenes, &questions, &words, &minutes) != 6)
			continue;
		int k = wv_lesson_pick(files, (size_t)n, slug);

		assert_true(k >= 0);
		assert_int_equal(files[k].number, num);
		assert_int_equal(wv_lesson_load(files[k].path, &l, &e), 0);
		assert_int_equal(wv_pace_lesson(l, NULL, &p), 0);
		if (p.scenes != scenes || p.questions != questions || p.words != words ||
		    p.minutes != minutes)
			fail_msg("lessons/README.md says lesson %u: %u scenes, %u "
				 "questions, %u words, %u min; it has %zu, %zu, %zu, %u",
				 num, scenes, questions, words, minutes, p.scenes,
				 p.questions, p.words, p.minutes);
		sum[0] += scenes, sum[1] += questions, sum[2] += words;
		sum[3] += minutes;
		wv_lesson_free(l);
		rows++;
	}
	fclose(f);
	assert_int_equal(rows, (size_t)n);	/* every lesson has its row */
	assert_true(has_total);
	for (int i = 0; i < 4; i++)
		assert_int_equal(sum[i], total[i]);
}

/* The minutes of lesson num as wv_pace_lesson gives them. */
static unsigned lesson_minutes(const struct wv_lesson_file *files, int n, unsigned num)
{
	wv_lesson *l = NULL;
	struct wv_error e;
	struct wv_pace p;

	for (int k = 0; k < n; k++)
		if (files[k].number == num) {
			assert_int_equal(wv_lesson_load(files[k].path, &l, &e), 0);
			assert_int_equal(wv_pace_lesson(l, NULL, &p), 0);
			wv_lesson_free(l);
			return p.minutes;
		}
	fail_msg("no lesson %u", num);
	return 0;
}

/* The first line of path holding key, or fail. */
static void line_with(const char *path, const char *key, char *line, size_t size)
{
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	while (fgets(line, (int)size, f))
		if (strstr(line, key)) {
			fclose(f);
			return;
		}
	fclose(f);
	fail_msg("%s has no line with \"%s\"", path, key);
}

/*
 * The classes lessons/README.md suggests (lessons 1-5, 6-10, 11-15, 16) and
 * the class docs/GUIDE.md names (--lesson 1-5) take the minutes the
 * lessons add up to.
 */
static void test_class_minutes(void **state)
{
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	unsigned said[4], sum[4] = { 0 }, guide;
	char line[512];
	const char *at;

	(void)state;
	assert_true(n >= 16);
	for (unsigned num = 1; num <= 16; num++)
		sum[num == 16 ? 3 : (num - 1) / 5] += lesson_minutes(files, n, num);
	line_with("lessons/README.md", "lessons 1-5 (", line, sizeof(line));
	at = strstr(line, "lessons 1-5 (");
	assert_int_equal(sscanf(at, "lessons 1-5 (%u minutes), 6-10 (%u) and 11-15 (%u), "
				"and lesson 16 (%u)", &said[0], &said[1], &said[2],
				&said[3]), 4);
	for (int i = 0; i < 4; i++)
		if (said[i] != sum[i])
			fail_msg("lessons/README.md says class %d takes %u minutes; its "
				 "lessons take %u", i + 1, said[i], sum[i]);
	line_with("docs/GUIDE.md", "`--lesson 1-5` (the ", line, sizeof(line));
	at = strstr(line, "`--lesson 1-5` (the ");
	assert_int_equal(sscanf(at, "`--lesson 1-5` (the %u-minute", &guide), 1);
	if (guide != sum[0])
		fail_msg("docs/GUIDE.md calls --lesson 1-5 the %u-minute class; its "
			 "lessons take %u", guide, sum[0]);
}

/*
 * The words counted as written (a placeholder is one word) are the words of
 * the narration and questions as filled from the traces: every lesson in
 * lessons/ on every variant it allows.
 */
static void test_as_filled(void **state)
{
	static struct wv_lesson_file files[100];
	static char filled[WV_NARRATION_MAX];
	int n = wv_lesson_list("lessons", files, 100);
	size_t runs = 0;

	(void)state;
	assert_true(n >= 10);
	for (int f = 0; f < n; f++) {
		wv_lesson *l = NULL;
		struct wv_error e;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t k = 0; k < wv_lesson_nvariants(l); k++) {
			const struct wv_variant *v = wv_lesson_variant(l, k);
			size_t words = 0;
			struct wv_pace p;

			for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
				const struct wv_scene *s = wv_lesson_scene(l, i);
				struct wv_trace_in in;
				struct wv_trace t;

				wv_lesson_scene_input(l, i, v, &in, NULL);
				assert_int_equal(wv_trace_build(&t, &in), 0);
				assert_int_equal(wv_lesson_narrate(s, &t, filled, sizeof(filled),
								   NULL), 0);
				words += wv_pace_words(filled);
				if (s->q.ask != WV_ASK_NONE) {
					assert_int_equal(wv_lesson_prompt(s, &t, filled,
									  sizeof(filled), NULL), 0);
					words += wv_pace_words(filled);
				}
				wv_trace_free(&t);
			}
			assert_int_equal(wv_pace_lesson(l, v, &p), 0);
			if (p.words != words)
				fail_msg("%s on %s: %zu words counted as written, %zu as "
					 "filled", files[f].path, v->name, p.words, words);
			runs++;
		}
		wv_lesson_free(l);
	}
	printf("# %zu lesson runs counted both ways\n", runs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_formula),
		cmocka_unit_test(test_lesson),
		cmocka_unit_test(test_readme_table),
		cmocka_unit_test(test_class_minutes),
		cmocka_unit_test(test_as_filled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
