/*
 * What a lesson asks and what the screen must hide until it is answered:
 * whether a question is open, which questions are still to come on the
 * trace shown (app->asked, which every view and handout hides), a question
 * withdrawn when the trace is no longer its own, the views refused while
 * they would answer, the split view (wv_class_split) held back while the
 * scene's own question is open, and the first outcome of a question.  Split from
 * classroom.c, which calls it through asked.h.  See app/classroom.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "asked.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "app/classroom.h"
#include "app/view.h"
#include "render/hide.h"
#include "lesson/lesson.h"

/* The first outcome of a question is the one that counts. */
void app_settle(struct wv_class *c, enum wv_class_outcome o)
{
	if (c->outcome[c->scene] == WV_OUTCOME_OPEN)
		c->outcome[c->scene] = (unsigned char)o;
}

bool wv_class_question_open(const struct wv_class *c)
{
	return c->has_question &&
	       (c->phase == WV_CLASS_SCENE || c->phase == WV_CLASS_ASK);
}

/* Is the word shown the scene's own (whatever the variant, start, fill)? */
static bool own_word(const struct wv_class *c)
{
	const struct wv_app *a = c->app;

	return a->word_len == c->in.word_len &&
	       (!a->word_len || memcmp(a->word, c->in.word, a->word_len) == 0);
}

/* Is b the trace input a: the same memory, variant and page end? */
static bool same_trace(const struct wv_trace_in *a, const struct wv_trace_in *b)
{
	return a->v == b->v && a->word_len == b->word_len && a->offset == b->offset &&
	       a->fill == b->fill && a->delim == b->delim && a->page_end == b->page_end &&
	       (!a->word_len || memcmp(a->word, b->word, a->word_len) == 0);
}

/*
 * The first scene from j on whose question is still to come on the trace
 * shown: this scene's while it is open, or a later scene's on the same
 * memory, variant and page end whose outcome is still open (neither
 * answered nor shown); nscenes when none.  The trace is the same, so the
 * same sub-steps compute what it asks.  Another word (drawn with w, or
 * typed) is another trace: no later scene asks on it.
 */
static size_t next_asked(const struct wv_class *c, size_t j)
{
	for (; j < c->nscenes; j++) {
		const struct wv_scene *s = wv_lesson_scene(c->lesson, j);
		struct wv_trace_in in;

		if (j == c->scene && wv_class_question_open(c))
			return j;
		if (j <= c->scene || s->q.ask == WV_ASK_NONE ||
		    s->q.ask == WV_ASK_BUILD || c->outcome[j] != WV_OUTCOME_OPEN)
			continue;	/* a formula asks no value of the trace */
		wv_lesson_scene_input(c->lesson, j, c->arch, &in, NULL);
		if (same_trace(&in, &c->app->trace.in))
			return j;
	}
	return c->nscenes;
}

/*
 * Tell the views what the questions still to come on the trace shown ask
 * (app->asked), so that no scene before them shows it (a handout hides
 * them all).
 */
static void still_asked(struct wv_class *c)
{
	struct wv_hide_asked asked[WV_APP_ASKED_MAX];
	size_t n = 0;

	for (size_t j = next_asked(c, c->scene); j < c->nscenes &&
	     n < WV_APP_ASKED_MAX; j = next_asked(c, j + 1)) {
		const struct wv_scene *s = wv_lesson_scene(c->lesson, j);

		if (s->q.ask != WV_ASK_BUILD)
			asked[n++] = (struct wv_hide_asked){
				.sub = wv_lesson_quiz_sub(s, &c->app->trace),
				.ask = (int)s->q.ask };
	}
	wv_app_set_asked(c->app, asked, n);
}

size_t wv_class_later_answers(const struct wv_class *c, uint64_t *later, size_t max)
{
	size_t n = 0;

	for (size_t j = next_asked(c, c->scene + 1); j < c->nscenes && n < max;
	     j = next_asked(c, j + 1)) {
		struct wv_answer a;

		if (wv_lesson_answer(wv_lesson_scene(c->lesson, j), &c->app->trace, &a) == 0)
			later[n++] = a.value;
	}
	return n;
}

/* The worked answer's veil: what the screen hides (wv_view_hide) of the
   trace shown, asked row by row and step by step, and which question
   still to come hides it. */
static size_t veil_by(const struct wv_class *c, size_t k, unsigned ri, size_t step)
{
	for (size_t j = next_asked(c, c->scene + 1); j < c->nscenes; j = next_asked(c, j + 1)) {
		const struct wv_scene *s = wv_lesson_scene(c->lesson, j);
		struct wv_hide_asked one = { wv_lesson_quiz_sub(s, &c->app->trace),
					     (int)s->q.ask };
		struct wv_hide h = wv_view_hide(c->app);
		struct wv_row r;

		h.asked = &one;
		h.nasked = 1;
		if (step < c->app->trace.nsteps ? wv_hide_result(&h, &c->app->trace, step)
		    : wv_hide_row(&h, &c->app->trace, k, ri, &r))
			return j + 1;
	}
	return 0;
}

static size_t veil_row(const void *ctx, size_t k, unsigned ri)
{
	const struct wv_class *c = ctx;

	return veil_by(c, k, ri, SIZE_MAX);
}

static size_t veil_step(const void *ctx, size_t i)
{
	return veil_by(ctx, 0, 0, i);
}

void wv_class_worked(const struct wv_class *c, char *out, size_t size)
{
	struct wv_veil v = { veil_row, veil_step, c, 0 };
	const struct wv_scene *s = c->scene < c->nscenes ? wv_lesson_scene(c->lesson, c->scene)
							 : NULL;

	for (size_t j = next_asked(c, c->scene + 1); j < c->nscenes; j = next_asked(c, j + 1))
		v.asks |= 1u << wv_lesson_scene(c->lesson, j)->q.ask;
	/* nothing to come on this trace: the whole of it */
	if (!s || wv_lesson_worked(s, &c->app->trace, &c->answer,
				   c->app->nasked ? &v : NULL, out, size) != 0)
		snprintf(out, size, "%s", c->answer.worked);
}

/* The scene's narration, hidden as its questions hide (classroom.h). */
int wv_class_narrate(const struct wv_class *c, const char *memory, char *out,
		     size_t size)
{
	const struct wv_scene *s = wv_lesson_scene(c->lesson, c->scene);
	char text[WV_NARRATION_MAX];

	if (!s || wv_lesson_narrate_hiding(s, &c->app->trace, wv_class_hiding(c), memory,
					   text, sizeof(text), NULL) != 0)
		return -1;
	if (s->measure >= 0)
		wv_measure_fill(c->measured ? &c->measure : NULL, text, out, size);
	else
		snprintf(out, size, "%s", text);
	return 0;
}

/*
 * Drawn in every scene whose own question is not open: the lower pane
 * hides, from its first sub-step of the kernel call a question open or
 * still to come on this word asks of (view_split.c lower_hide), what could
 * answer it, as the upper pane hides the asked rows (render/hide.c).
 */
bool wv_class_split_shown(const struct wv_class *c)
{
	return c->phase != WV_CLASS_END && c->app->split_v &&
	       !wv_class_question_open(c);
}

size_t wv_class_would_answer(const struct wv_class *c)
{
	size_t j = next_asked(c, c->scene);

	return j < c->nscenes ? j + 1 : 0;
}

/*
 * The split view that waits here (the scene's own question is open) says
 * so on the message line, and until when: this scene's answer frees it.
 */
void app_split_waits(struct wv_class *c)
{
	const struct wv_app *app = c->app;

	if (!app->split_v || c->phase == WV_CLASS_END || wv_class_split_shown(c))
		return;
	wv_app_msg(c->app, false, "The split view with %s appears once scene %zu's "
		   "question is answered (or shown with s).", app->split_v->name,
		   c->scene + 1);
}

const struct wv_variant *app_split_wanted(const struct wv_class *c)
{
	/* the teacher's (--split, v, a link's), not drawn in this scene
	   (enter): asked again, it says why rather than another partner */
	return c->split ? c->split : wv_app_split_partner(c->app->v);
}

int wv_class_split(struct wv_class *c, const struct wv_variant *v)
{
	int react = wv_app_split(c->app, v);

	if (c->app->split_v != v)	/* refused: the message says why */
		return react;
	c->split = v;			/* kept through the scenes */
	app_split_waits(c);
	return react | WV_REACT_REDRAW;
}

/*
 * Refuse the view what ("compare", "split") when it would answer a
 * question open or still to come on this trace, and say which; returns
 * whether it was refused.
 */
bool app_refused(struct wv_class *c, const char *what)
{
	size_t q = wv_class_would_answer(c);

	if (q && wv_class_question_open(c))
		wv_app_msg(c->app, false, "The %s view opens once the question is "
			   "answered (s shows the answer).", what);
	else if (q)
		wv_app_msg(c->app, false, "The %s view would show what scene %zu asks "
			   "of this word: it opens once that is answered (or shown "
			   "with s there).", what, q);
	return q != 0;
}

/*
 * Tell the views whether a question is open (app->quiz).  A question
 * belongs to the trace it was asked on: once a byte of the word is changed,
 * or the variant, the start, the fill or the delimiter (a, A, :arch, o, f,
 * d ...), the question is withdrawn until the scene is entered again, as
 * its answer and its worked answer belong to a trace the screen no longer
 * shows.  Withdrawn after it was answered too: the worked answer names the
 * old trace's values.
 */
int app_quiz_sync(struct wv_class *c, int react)
{
	if (c->has_question && c->phase != WV_CLASS_END && wv_class_exploring(c)) {
		bool word = !own_word(c);

		c->has_question = false;
		c->withdrawn = true;
		if (c->phase == WV_CLASS_ASK || c->phase == WV_CLASS_FEEDBACK)
			c->phase = WV_CLASS_SCENE;
		if (word)
			wv_app_msg(c->app, false, "The word is yours now: the question "
				   "is withdrawn (:scene %zu brings it back).", c->scene + 1);
		else
			wv_app_msg(c->app, false, "The question was asked on %s's trace, "
				   "not this one: it is withdrawn (:scene %zu asks it again).",
				   c->in.v->name, c->scene + 1);
		react |= WV_REACT_REDRAW;
	}
	bool open = wv_class_question_open(c);
	size_t sub = open && c->scene < c->nscenes ? wv_lesson_quiz_sub(
		wv_lesson_scene(c->lesson, c->scene), &c->app->trace) : c->shown;

	wv_app_set_quiz(c->app, open, sub < c->shown ? sub : c->shown, sub);
	still_asked(c);
	return react;
}

int wv_class_sync(struct wv_class *c)
{
	return app_quiz_sync(c, WV_REACT_NONE);
}

unsigned wv_class_hiding(const struct wv_class *c)
{
	struct wv_hide h = { .asked = c->app->asked, .nasked = c->app->nasked };

	return wv_hide_placeholders(&h, &c->app->trace, c->shown);
}

bool wv_class_exploring(const struct wv_class *c)
{
	const struct wv_app *a = c->app;

	return c->phase != WV_CLASS_END &&
	       (a->v != c->in.v || a->word_len != c->in.word_len ||
		a->offset != c->in.offset || a->fill != c->in.fill ||
		a->delim != c->in.delim ||
		(a->word_len && memcmp(a->word, c->in.word, a->word_len) != 0));
}
