/*
 * For the tests that look at every question: each question of each lesson
 * in lessons/ on each variant its lesson allows, with the classroom opened
 * on it.  Include after testutil.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TEST_QUESTIONS_H
#define WATVIZ_TEST_QUESTIONS_H

#include <stdio.h>

#include "app/classroom.h"
#include "lesson/lesson.h"

/*
 * Call fn(l, number, v, ctx) once per (lesson, variant): each lesson file in
 * lessons/, loaded, on each variant it allows.  Returns how many pairs.
 */
static inline unsigned each_lesson_variant(void (*fn)(const wv_lesson *l, unsigned number,
					       const struct wv_variant *v, void *ctx),
				    void *ctx)
{
	struct wv_lesson_file files[32];
	int n = wv_lesson_list("lessons", files, 32);
	unsigned pairs = 0;

	assert_true(n >= 10);
	for (int f = 0; f < n; f++) {
		wv_lesson *l;
		struct wv_error e;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t vi = 0; vi < wv_lesson_nvariants(l); vi++, pairs++)
			fn(l, files[f].number, wv_lesson_variant(l, vi), ctx);
		wv_lesson_free(l);
	}
	return pairs;
}

struct each_question_ctx {
	struct wv_class *cls;
	struct wv_app *app;
	void (*fn)(size_t scene, const char *what, void *ctx);
	void *ctx;
	unsigned questions;
};

static inline void each_question_on(const wv_lesson *l, unsigned number,
			     const struct wv_variant *v, void *ctx)
{
	struct each_question_ctx *q = ctx;
	struct wv_ui_opts o = { .lesson = l, .lesson_number = number,
				.lesson_slug = "x", .variant = v, .delim = -1 };

	assert_int_equal(wv_class_init(q->cls, q->app, &o, NULL), 0);
	for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
		char what[200];

		wv_class_goto(q->cls, i);
		if (!q->cls->has_question)
			continue;
		q->questions++;
		snprintf(what, sizeof(what), "lesson %u on %s, scene %zu (%s)",
			 number, v->name, i + 1, wv_lesson_scene(l, i)->title);
		q->fn(i, what, q->ctx);
	}
	wv_class_free(q->cls);
	wv_app_free(q->app);
}

/*
 * Call fn(scene, what, ctx) once per (lesson, variant, question), with *cls
 * and *app open on that lesson and variant and the scene entered (what:
 * "lesson N on V, scene S (title)", for failure messages).  Returns how
 * many questions there were.
 */
static inline unsigned each_question(struct wv_class *cls, struct wv_app *app,
			      void (*fn)(size_t scene, const char *what, void *ctx),
			      void *ctx)
{
	struct each_question_ctx q = { cls, app, fn, ctx, 0 };

	each_lesson_variant(each_question_on, &q);
	return q.questions;
}

#endif /* WATVIZ_TEST_QUESTIONS_H */
