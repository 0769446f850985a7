/*
 * For the tests that look at every question: each question of each lesson
 * in lessons/ on each variant its lesson allows, with the classroom opened
 * on it.  Include after testutil.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TEST_QUESTIONS_H
#define WATVIZ_TEST_QUESTIONS_H

#include <stdio.h>

#include "watviz/classroom.h"
#include "watviz/lesson.h"

/*
 * Call fn(scene, what, ctx) once per (lesson, variant, question), with *cls
 * and *app open on that lesson and variant and the scene entered (what:
 * "lesson N on V, scene S (title)", for failure messages).  Returns how
 * many questions there were.
 */
static unsigned each_question(struct wv_class *cls, struct wv_app *app,
			      void (*fn)(size_t scene, const char *what, void *ctx),
			      void *ctx)
{
	struct wv_lesson_file files[32];
	int n = wv_lesson_list("lessons", files, 32);
	unsigned questions = 0;

	assert_true(n >= 10);
	for (int f = 0; f < n; f++) {
		wv_lesson *l;
		struct wv_error e;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t vi = 0; vi < wv_lesson_nvariants(l); vi++) {
			const struct wv_variant *v = wv_lesson_variant(l, vi);
			struct wv_ui_opts o = { .lesson = l, .lesson_number = files[f].number,
						.lesson_slug = "x", .variant = v, .delim = -1 };

			assert_int_equal(wv_class_init(cls, app, &o, NULL), 0);
			for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
				char what[200];

				wv_class_goto(cls, i);
				if (!cls->has_question)
					continue;
				questions++;
				snprintf(what, sizeof(what), "lesson %u on %s, scene %zu (%s)",
					 files[f].number, v->name, i + 1,
					 wv_lesson_scene(l, i)->title);
				fn(i, what, ctx);
			}
			wv_class_free(cls);
			wv_app_free(app);
		}
		wv_lesson_free(l);
	}
	return questions;
}

#endif /* WATVIZ_TEST_QUESTIONS_H */
