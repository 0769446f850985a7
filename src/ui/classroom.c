/*
 * A lesson in the visualizer: pure state and actions over struct wv_app.
 * See watviz/classroom.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/classroom.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/progress.h"

/* Remember where the class is; say once when that cannot be done. */
static void save(struct wv_class *c, size_t scene)
{
	int rc;

	if (!c->progress[0])
		return;
	rc = wv_progress_put(c->progress, c->number, c->slug, scene);
	if (rc < 0 && !c->progress_failed) {
		c->progress_failed = true;
		wv_app_msg(c->app, true, "cannot save the lesson progress: %s",
			   strerror(-rc));
	}
}

/* The first outcome of a question is the one that counts. */
static void settle(struct wv_class *c, enum wv_class_outcome o)
{
	if (c->outcome[c->scene] == WV_OUTCOME_OPEN)
		c->outcome[c->scene] = (unsigned char)o;
}

bool wv_class_question_open(const struct wv_class *c)
{
	return c->has_question &&
	       (c->phase == WV_CLASS_SCENE || c->phase == WV_CLASS_ASK);
}

/* Tell the views whether a question is open (app->quiz). */
static int quiz_sync(struct wv_class *c, int react)
{
	c->app->quiz = wv_class_question_open(c);
	c->app->quiz_pos = c->shown;
	c->app->quiz_secret = c->answer.value;
	return react;
}

/*
 * Show scene i (or the end screen for i == nscenes): its input in the app,
 * at the sub-step it points at (animate: at the start of that step, for
 * autoplay to walk up to it).
 */
static int enter(struct wv_class *c, size_t i, bool animate)
{
	struct wv_app *app = c->app;
	const struct wv_scene *s;
	struct wv_trace_in in;
	bool kept;

	app->view = WV_VIEW_MAIN;
	if (i >= c->nscenes) {
		c->scene = c->nscenes;
		c->phase = WV_CLASS_END;
		app->playing = false;
		save(c, WV_PROGRESS_DONE);
		return WV_REACT_REDRAW;
	}
	s = wv_lesson_scene(c->lesson, i);
	wv_lesson_scene_input(c->lesson, i, c->arch, &in, &kept);
	if (wv_app_set_input(app, &in, s->word_src) < 0)
		return WV_REACT_REDRAW;		/* app->msg says why */
	c->scene = i;
	c->in = in;
	c->kept = kept;
	c->shown = wv_lesson_shown_sub(s, &app->trace);
	if (c->shown >= app->trace.nsubs)	/* the parser refuses this */
		c->shown = 0;
	app->pos = animate ? wv_trace_step_of(&app->trace, c->shown)->first
			   : c->shown;
	c->has_question = s->q.ask != WV_ASK_NONE &&
			  wv_lesson_answer(s, &app->trace, &c->answer) == 0;
	c->phase = WV_CLASS_SCENE;
	c->wrong = 0;
	c->last_wrong[0] = c->retry[0] = c->unreadable[0] = c->wrong_why[0] = '\0';
	c->revealed = false;
	save(c, i);
	return WV_REACT_REDRAW;
}

int wv_class_goto(struct wv_class *c, size_t i)
{
	return quiz_sync(c, enter(c, i < c->nscenes ? i : c->nscenes, false));
}

int wv_class_init(struct wv_class *c, struct wv_app *app,
		  const struct wv_ui_opts *opts, const char *progress_path)
{
	const wv_lesson *l = opts->lesson;
	char note[WV_APP_MSG_MAX] = "", arch[80] = "";
	bool note_error = false;
	size_t start = 0, saved;
	struct wv_trace_in in;
	int rc, line = 0;

	memset(c, 0, sizeof(*c));
	c->app = app;
	c->lesson = l;
	c->arch = opts->variant;
	c->number = opts->lesson_number;
	snprintf(c->slug, sizeof(c->slug), "%s", opts->lesson_slug ? opts->lesson_slug : "");
	for (char *q = c->slug; *q; q++)	/* one word in the progress file */
		if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			*q = '_';
	c->present = opts->present;
	c->nscenes = wv_lesson_nscenes(l);
	c->pace_ms = opts->autoplay_ms > 0 ? opts->autoplay_ms : WV_CLASS_AUTOPLAY_DEFAULT;
	if (progress_path && c->slug[0])
		snprintf(c->progress, sizeof(c->progress), "%s", progress_path);

	if (c->progress[0] && !opts->restart) {
		rc = wv_progress_get(c->progress, c->number, c->slug, &saved, &line);
		if (rc == 0 && saved == WV_PROGRESS_DONE) {
			snprintf(note, sizeof(note), "The class finished this lesson last "
				 "time; starting at scene 1.");
		} else if (rc == 0 && saved >= c->nscenes) {
			snprintf(note, sizeof(note), "The saved scene %zu is past the "
				 "lesson's end; starting at scene 1.", saved + 1);
		} else if (rc == 0 && saved > 0) {
			start = saved;
			snprintf(note, sizeof(note), "Resuming at scene %zu of %zu; "
				 "--restart starts over.", start + 1, c->nscenes);
		} else if (rc == -EBADMSG) {
			snprintf(note, sizeof(note), "progress file ignored: line %d "
				 "is not 'number name scene'", line);
			note_error = true;
		} else if (rc < 0 && rc != -ENOENT) {
			snprintf(note, sizeof(note), "progress file ignored: %s",
				 strerror(-rc));
			note_error = true;
		}
	}
	if (opts->variant)
		snprintf(arch, sizeof(arch), "Running on %s (--arch). ",
			 opts->variant->name);

	c->outcome = calloc(c->nscenes ? c->nscenes : 1, 1);
	if (!c->outcome) {
		wv_app_msg(app, true, "out of memory");
		return -1;
	}
	wv_lesson_scene_input(l, start, c->arch, &in, NULL);
	if (wv_app_init(app, in.word, in.word_len, wv_lesson_scene(l, start)->word_src,
			in.v, in.offset, in.fill, in.delim) < 0) {
		free(c->outcome);
		c->outcome = NULL;
		return -1;
	}
	quiz_sync(c, enter(c, start, opts->autoplay_ms > 0));
	if (opts->autoplay_ms > 0) {
		app->playing = true;
		app->speed_ms = c->pace_ms;
	}
	if (c->progress_failed)
		return 0;	/* that message matters most */
	if (note_error)
		wv_app_msg(app, true, "%s", note);
	else if (note[0] || arch[0])
		wv_app_msg(app, false, "%s%s", arch, note);
	else
		wv_app_msg(app, false, "Enter goes on, ] and [ change scenes, ? shows "
			   "every key.");
	return 0;
}

void wv_class_free(struct wv_class *c)
{
	free(c->outcome);
	c->outcome = NULL;
}

const char *wv_class_prompt(const struct wv_class *c)
{
	static char p[40];

	if (c->answer.form == WV_FORM_FORMULA)
		snprintf(p, sizeof(p), "formula: ");
	else if (c->answer.form == WV_FORM_CHOICE)
		snprintf(p, sizeof(p), "answer (a-%c): ", 'a' + (c->answer.nchoices
			 ? c->answer.nchoices - 1 : 0));
	else
		snprintf(p, sizeof(p), "answer (%s): ", c->answer.form == WV_FORM_HEX
			 ? "hex" : "a number");
	return p;
}

static void start_autoplay(struct wv_class *c)
{
	c->app->playing = true;
	c->app->speed_ms = c->pace_ms;
	wv_app_msg(c->app, false, "autoplay: every %d.%d s; any key takes over",
		   c->pace_ms / 1000, c->pace_ms % 1000 / 100);
}

/* Keys on the end screen: back into the lesson, help, quit. */
static int end_key(struct wv_class *c, enum wv_action act)
{
	switch (act) {
	case WV_ACT_SCENE_PREV:
	case WV_ACT_PREV:
		return enter(c, c->nscenes - 1, false);
	case WV_ACT_FIRST:
		return enter(c, 0, false);
	case WV_ACT_HELP:
	case WV_ACT_BACK:
	case WV_ACT_REDRAW:
	case WV_ACT_QUIT:
		return wv_app_do(c->app, act);
	default:
		return act == WV_ACT_NONE ? WV_REACT_NONE : WV_REACT_BELL;
	}
}

static int lesson_key(struct wv_class *c, enum wv_action act)
{
	struct wv_app *app = c->app;

	if (c->phase == WV_CLASS_END)
		return end_key(c, act);
	switch (act) {
	case WV_ACT_SCENE_NEXT:
		return enter(c, c->scene + 1, false);
	case WV_ACT_SCENE_PREV:
		return c->scene ? enter(c, c->scene - 1, false) : WV_REACT_BELL;
	case WV_ACT_ANSWER:
		if (c->phase == WV_CLASS_FEEDBACK ||
		    (c->phase == WV_CLASS_SCENE && !c->has_question))
			return enter(c, c->scene + 1, false);
		c->phase = WV_CLASS_ASK;
		app->view = WV_VIEW_MAIN;
		return WV_REACT_ANSWER | WV_REACT_REDRAW;
	case WV_ACT_REVEAL:
		if (!c->has_question) {
			wv_app_msg(app, false, "This scene has no question.");
			return WV_REACT_REDRAW;
		}
		if (c->phase == WV_CLASS_FEEDBACK)
			return WV_REACT_BELL;
		c->phase = WV_CLASS_FEEDBACK;
		c->revealed = true;
		app->view = WV_VIEW_MAIN;
		settle(c, WV_OUTCOME_SHOWN);
		return WV_REACT_REDRAW;
	case WV_ACT_SOURCES:
		c->sources = !c->sources;
		if (c->sources && wv_lesson_scene(c->lesson, c->scene)->nsources == 0)
			wv_app_msg(app, false, "This scene cites no kernel source.");
		return WV_REACT_REDRAW;
	case WV_ACT_COMPARE:
		/* every variant's values side by side would answer it */
		if (wv_class_question_open(c)) {
			wv_app_msg(app, false, "The compare view opens once the question "
				   "is answered (s shows the answer).");
			return WV_REACT_REDRAW;
		}
		return wv_app_do(app, act);
	case WV_ACT_PLAY:
		start_autoplay(c);
		return WV_REACT_REDRAW;
	case WV_ACT_FASTER:
	case WV_ACT_SLOWER:
		c->pace_ms = act == WV_ACT_FASTER ? c->pace_ms * 2 / 3 : c->pace_ms * 3 / 2;
		if (c->pace_ms < WV_CLASS_AUTOPLAY_MIN)
			c->pace_ms = WV_CLASS_AUTOPLAY_MIN;
		if (c->pace_ms > WV_CLASS_AUTOPLAY_MAX)
			c->pace_ms = WV_CLASS_AUTOPLAY_MAX;
		app->speed_ms = c->pace_ms;
		wv_app_msg(app, false, "autoplay every %d.%d s (r plays)",
			   c->pace_ms / 1000, c->pace_ms % 1000 / 100);
		return WV_REACT_REDRAW;
	default:
		return wv_app_do(app, act);
	}
}

int wv_class_do(struct wv_class *c, enum wv_action act)
{
	struct wv_app *app = c->app;
	bool was_playing = app->playing;
	int react;

	if (act != WV_ACT_NONE && act != WV_ACT_REDRAW)
		app->msg[0] = '\0';
	if (was_playing) {
		/* any key takes over; r only stops */
		app->playing = false;
		if (act == WV_ACT_PLAY || act == WV_ACT_NONE) {
			wv_app_msg(app, false, "autoplay stopped: the keys are yours "
				   "(r plays again)");
			return WV_REACT_REDRAW;
		}
	}
	react = quiz_sync(c, lesson_key(c, act));
	if (was_playing && !app->msg[0])
		wv_app_msg(app, false, "autoplay stopped: the keys are yours "
			   "(r plays again)");
	return react | (was_playing ? WV_REACT_REDRAW : 0);
}

static int answer(struct wv_class *c, const char *typed)
{
	const char *why = NULL;
	char verdict[sizeof(c->wrong_why)];
	int rc;

	c->retry[0] = c->unreadable[0] = '\0';
	if (!typed || c->phase != WV_CLASS_ASK)
		return WV_REACT_REDRAW;
	if (c->answer.form == WV_FORM_FORMULA) {
		/* a formula: proven for every word, or its counterexample */
		rc = wv_lesson_check_build(wv_lesson_scene(c->lesson, c->scene), c->app->v,
					   typed, verdict, sizeof(verdict));
		snprintf(c->wrong_why, sizeof(c->wrong_why), "%s", verdict);
		why = verdict;
	} else {
		rc = wv_lesson_check(&c->answer, typed, &why);
	}
	if (rc == 1) {
		c->phase = WV_CLASS_FEEDBACK;
		settle(c, c->wrong ? WV_OUTCOME_RETRIED : WV_OUTCOME_RIGHT);
		wv_app_msg(c->app, false, "Right! Enter goes on.");
	} else if (rc == 0) {
		c->wrong++;
		snprintf(c->last_wrong, sizeof(c->last_wrong), "%s",
			 typed + strspn(typed, " \t"));
		uint64_t v;

		if (c->answer.form != WV_FORM_FORMULA)
			c->wrong_why[0] = '\0';
		if (c->answer.form != WV_FORM_FORMULA &&
		    wv_lesson_typed_value(&c->answer, typed, &v) == 0)
			wv_lesson_wrong(wv_lesson_scene(c->lesson, c->scene), &c->app->trace,
					&c->answer, v, c->wrong_why, sizeof(c->wrong_why));
		wv_app_msg(c->app, false, "Not %s. Enter tries again, s shows the answer.",
			   c->last_wrong);
	} else {
		snprintf(c->retry, sizeof(c->retry), "%s", typed);
		snprintf(c->unreadable, sizeof(c->unreadable), "'%.40s' cannot be "
			 "read: %s", typed, why ? why : "not an answer");
		wv_app_msg(c->app, true, "%s", c->unreadable);
		return WV_REACT_REDRAW | WV_REACT_ANSWER;
	}
	return WV_REACT_REDRAW;
}

int wv_class_answer(struct wv_class *c, const char *typed)
{
	return quiz_sync(c, answer(c, typed));
}

static int advance(struct wv_class *c)
{
	int react = quiz_sync(c, enter(c, c->scene + 1, true));

	if (c->phase == WV_CLASS_END)
		wv_app_msg(c->app, false, "autoplay: the end of the lesson");
	return react;
}

int wv_class_tick(struct wv_class *c)
{
	struct wv_app *app = c->app;

	if (!app->playing)
		return WV_REACT_NONE;
	switch (c->phase) {
	case WV_CLASS_SCENE:
		app->view = WV_VIEW_MAIN;
		if (app->pos < c->shown) {
			app->pos++;
			return WV_REACT_REDRAW;
		}
		if (c->has_question) {
			c->phase = WV_CLASS_ASK;
			app->playing = false;
			wv_app_msg(app, false, "Autoplay paused on the question: Enter "
				   "answers, s shows the answer, r goes on.");
			return WV_REACT_REDRAW;
		}
		return advance(c);
	case WV_CLASS_ASK:
	case WV_CLASS_FEEDBACK:
		return advance(c);
	case WV_CLASS_END:
		break;
	}
	app->playing = false;
	return WV_REACT_REDRAW;
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

size_t wv_class_count(const struct wv_class *c, enum wv_class_outcome o,
		      size_t *questions)
{
	size_t n = 0, q = 0;

	for (size_t i = 0; i < c->nscenes; i++) {
		if (wv_lesson_scene(c->lesson, i)->q.ask == WV_ASK_NONE)
			continue;
		q++;
		n += c->outcome[i] == o;
	}
	if (questions)
		*questions = q;
	return n;
}
