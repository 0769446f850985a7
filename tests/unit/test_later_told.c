/*
 * A question is asked honestly (issue 45): a wrong answer that is the answer
 * of a question still to come on the same trace is not named.  For every
 * lesson on every variant it allows, at every question, the answer of each
 * later question on the same word, variant, start, fill and delimiter
 * (worked out with wv_lesson_answer on that later scene) is typed; the
 * reply must be what a value no rule explains gets: for a hex word of 4 or
 * more bytes, "look again at memory byte M, register bits R to R+7: ..."
 * at the first memory byte where it differs from the answer (found here
 * with a byte loop), and for a number nothing at all.  And the class's vote
 * options (wv_lesson_options, given wv_class_later_answers) never offer a
 * later question's answer with a sentence that names it: a generated option
 * equal to one is left out; an author's choice equal to one keeps no
 * diagnosis.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "questions.h"

#include <stdio.h>
#include <string.h>

#include "lesson/lesson.h"

static struct wv_app app;
static struct wv_class cls;
static unsigned cases, named, options, offered;

/* Is b the trace input a (this test's own idea of "the same trace")? */
static bool same_in(const struct wv_trace_in *a, const struct wv_trace_in *b)
{
	return a->v == b->v && a->word_len == b->word_len && a->offset == b->offset &&
	       a->fill == b->fill && a->delim == b->delim && a->page_end == b->page_end &&
	       memcmp(a->word, b->word, a->word_len) == 0;
}

/* What a value no rule explains is told, for typed against answer a on v
   (the scene's own variant: a scene may keep one of its own). */
static void unexplained(const struct wv_answer *a, const struct wv_variant *v,
			uint64_t typed, char *out, size_t size)
{
	unsigned nb = a->width / 8, words = v->bits / 8;

	out[0] = '\0';
	if (a->form == WV_FORM_NUMBER || a->width == 0 || nb < 4)
		return;
	for (unsigned m = 0; m < nb; m++) {
		/* memory byte m sits in register byte m (LE) or the m-th from
		   the top of the word (BE) */
		unsigned r = v->endian == WV_LITTLE ? m : words - 1 - m;

		if (((typed >> (8 * r)) & 0xff) != ((a->value >> (8 * r)) & 0xff)) {
			snprintf(out, size, "look again at memory byte %u, register bits "
				 "%u to %u: ", m, 8 * r, 8 * r + 7);
			return;
		}
	}
}

static void on_variant(const wv_lesson *l, unsigned number, const struct wv_variant *v,
		       void *ctx)
{
	struct wv_ui_opts o = { .lesson = l, .lesson_number = number,
				.lesson_slug = "x", .variant = v, .delim = -1 };
	size_t n = wv_lesson_nscenes(l);

	(void)ctx;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	for (size_t k = 0; k < n; k++) {
		struct wv_trace_in ink;

		wv_lesson_scene_input(l, k, v, &ink, NULL);
		for (size_t j = k + 1; j < n; j++) {
			const struct wv_scene *sj = wv_lesson_scene(l, j);
			struct wv_trace_in inj;
			struct wv_answer aj;
			char typed[40], want[200];

			wv_lesson_scene_input(l, j, v, &inj, NULL);
			if (sj->q.ask == WV_ASK_NONE || sj->q.ask == WV_ASK_BUILD ||
			    !same_in(&ink, &inj))
				continue;
			wv_class_goto(&cls, k);
			if (!cls.has_question || cls.answer.form == WV_FORM_FORMULA)
				break;
			assert_int_equal(wv_lesson_answer(sj, &app.trace, &aj), 0);
			wv_lesson_format(&cls.answer, aj.value, typed, sizeof(typed));
			if (aj.value == cls.answer.value ||
			    wv_lesson_check(&cls.answer, typed, NULL) != 0)
				continue;	/* right here, or not an answer here */
			wv_class_do(&cls, WV_ACT_ANSWER);
			assert_int_equal(cls.phase, WV_CLASS_ASK);
			wv_class_answer(&cls, typed);
			assert_string_equal(cls.last_wrong, typed);	/* graded wrong */
			unexplained(&cls.answer, ink.v, aj.value, want, sizeof(want));
			cases++;
			if (want[0] ? strncmp(cls.wrong_why, want, strlen(want)) != 0
				    : cls.wrong_why[0] != '\0') {
				print_message("lesson %u on %s, scene %zu: %s (scene %zu's "
					      "answer) is told \"%s\"\n", number, ink.v->name,
					      k + 1, typed, j + 1, cls.wrong_why);
				named++;
			}
		}
	}
	wv_class_free(&cls);
	wv_app_free(&app);
}

/* the options of each question, against the later answers on its trace
   (found here as above, not by wv_class_later_answers) */
static void options_of(const wv_lesson *l, unsigned number, const struct wv_variant *v,
		       void *ctx)
{
	struct wv_ui_opts o = { .lesson = l, .lesson_number = number,
				.lesson_slug = "x", .variant = v, .delim = -1 };
	size_t n = wv_lesson_nscenes(l);

	(void)ctx;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	for (size_t k = 0; k < n; k++) {
		struct wv_lesson_option opts[WV_CHOICES_MAX];
		uint64_t later[64], mine[64];
		size_t nlater = 0, nmine;
		struct wv_trace_in ink;
		int nopts;

		wv_lesson_scene_input(l, k, v, &ink, NULL);
		wv_class_goto(&cls, k);
		if (!cls.has_question || cls.answer.form == WV_FORM_FORMULA)
			continue;
		for (size_t j = k + 1; j < n && nlater < 64; j++) {
			const struct wv_scene *sj = wv_lesson_scene(l, j);
			struct wv_trace_in inj;
			struct wv_answer aj;

			wv_lesson_scene_input(l, j, v, &inj, NULL);
			if (sj->q.ask == WV_ASK_NONE || sj->q.ask == WV_ASK_BUILD ||
			    !same_in(&ink, &inj))
				continue;
			assert_int_equal(wv_lesson_answer(sj, &app.trace, &aj), 0);
			later[nlater++] = aj.value;
		}
		if (!nlater)
			continue;
		nmine = wv_class_later_answers(&cls, mine, 64);
		assert_int_equal(nmine, nlater);
		nopts = wv_lesson_options(wv_lesson_scene(l, k), &app.trace, &cls.answer,
					  mine, nmine, opts);
		for (int i = 0; i < nopts; i++)
			for (size_t j = 0; j < nlater; j++) {
				if (opts[i].right || opts[i].value != later[j])
					continue;
				options++;
				if (cls.answer.form != WV_FORM_CHOICE || opts[i].diagnosis[0]) {
					print_message("lesson %u on %s, scene %zu: option %s (a "
						      "later answer) offered, told \"%s\"\n",
						      number, v->name, k + 1, opts[i].text,
						      opts[i].diagnosis);
					offered++;
				}
			}
	}
	wv_class_free(&cls);
	wv_app_free(&app);
}

static void test_later_not_offered(void **state)
{
	unsigned pairs;

	(void)state;
	pairs = each_lesson_variant(options_of, NULL);
	print_message("%u (lesson, variant) pairs: %u options equal to a later answer, "
		      "%u of them offered with a sentence\n", pairs, options, offered);
	assert_int_equal(offered, 0);
}

static void test_later_not_named(void **state)
{
	unsigned pairs;

	(void)state;
	pairs = each_lesson_variant(on_variant, NULL);
	print_message("%u (lesson, variant) pairs, %u later answers typed, %u named\n",
		      pairs, cases, named);
	assert_true(cases >= 20);
	assert_int_equal(named, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_later_not_named),
		cmocka_unit_test(test_later_not_offered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
