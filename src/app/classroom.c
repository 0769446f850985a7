/*
 * A lesson in the visualizer: pure state and actions over struct wv_app.
 * See app/classroom.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/classroom.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/progress.h"
#include "app/state.h"
#include "trace/word.h"

#include "asked.h"

/* Remember where the class is; say once when that cannot be done. */
static void save(struct wv_class *c, size_t scene)
{
	int rc;

	if (!c->progress[0] || !c->slug[0])
		return;
	rc = wv_progress_put(c->progress, c->number, c->slug, scene);
	if (rc < 0 && !c->progress_failed) {
		char why[WV_APP_MSG_MAX];

		c->progress_failed = true;
		/* which file is at fault (the file, its lock, its folder) and
		   what to do about it */
		wv_app_msg(c->app, true, "cannot save the lesson progress: %s",
			   wv_state_explain(c->progress, rc, why, sizeof(why)));
	}
}

/* Read lesson file f as the class was told to (wv_ui_opts.load). */
static int load(int (*how)(const struct wv_lesson_file *, wv_lesson **,
			   struct wv_error *),
		const struct wv_lesson_file *f, wv_lesson **out, struct wv_error *e)
{
	return how ? how(f, out, e) : wv_lesson_load(f->path, out, e);
}

/* Words of scene s's narration as filled on trace t (autoplay). */
static size_t narration_words(const struct wv_scene *s, const struct wv_trace *t)
{
	char text[WV_NARRATION_MAX];

	if (wv_lesson_narrate(s, t, text, sizeof(text), NULL) != 0)
		return 0;
	return wv_pace_words(text);
}

/* Take the figures of a "measure:" scene (m, or the first time one is
   entered); what it measured goes to app->msg when say. */
static void take_measure(struct wv_class *c, bool say)
{
	wv_measure_fn *fn = c->measure_fn ? c->measure_fn : wv_measure_default;
	int rc = fn(&c->measure);

	c->measured = rc == 0;
	c->measure_why[0] = '\0';
	if (rc == -ENOTSUP)
		snprintf(c->measure_why, sizeof(c->measure_why), "Not measured here: "
			 "this build cannot time calls this short (a browser rounds its "
			 "clock). Run watviz in a terminal to measure on your machine.");
	else if (rc != 0)
		snprintf(c->measure_why, sizeof(c->measure_why), "Not measured: out "
			 "of memory.");
	if (say && c->measured)
		wv_app_msg(c->app, false, "Measured again: %u rounds on %s.",
			   c->measure.rounds, c->measure.cpu);
	else if (say)
		wv_app_msg(c->app, true, "%s", c->measure_why);
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

	wv_app_main_view(app);
	c->ticks = c->played_ms = 0;
	if (i >= c->nscenes) {
		c->scene = c->nscenes;
		c->phase = WV_CLASS_END;
		/* autoplay goes on to the next lesson after the summary is read */
		if (wv_class_next(c) < 0)
			wv_app_stop(app);
		c->read_words = wv_pace_words(wv_lesson_summary(c->lesson));
		c->read_ms = wv_pace_read_ms(c->read_words);
		save(c, WV_PROGRESS_DONE);
		return WV_REACT_REDRAW;
	}
	s = wv_lesson_scene(c->lesson, i);
	wv_lesson_scene_input(c->lesson, i, c->arch, &in, &kept);
	if (wv_app_set_input(app, &in, s->word_src) < 0)
		return WV_REACT_REDRAW;		/* app->msg says why */
	/* "split: NAME": the scene's word on two variants; else the
	   teacher's split (--split, v), kept from scene to scene */
	if (s->split || c->split || app->split_v) {
		const struct wv_variant *want = s->split ? s->split : c->split;

		/* one it cannot walk (a start past its word, s390's scene):
		   drawn alone, and wv_app_split's message says why, as a
		   link's split= (session/open.c link_split) */
		wv_app_split(app, want);
		if (app->split_v == want)
			wv_app_msg_clear(app);
	}
	c->scene = i;
	c->in = in;
	c->kept = kept;
	c->shown = wv_lesson_shown_sub(s, &app->trace);
	if (c->shown >= app->trace.nsubs)	/* the parser refuses this */
		c->shown = 0;
	wv_app_show(app, animate ? wv_trace_step_of(&app->trace, c->shown)->first
		    : c->shown);
	c->has_question = s->q.ask != WV_ASK_NONE &&
			  wv_lesson_answer(s, &app->trace, &c->answer) == 0;
	c->phase = WV_CLASS_SCENE;
	c->text_whole = false;
	c->wrong = 0;
	c->last_wrong[0] = c->retry[0] = c->unreadable[0] = c->wrong_why[0] = '\0';
	c->revealed = c->withdrawn = false;
	c->read_words = narration_words(s, &app->trace);
	c->read_ms = wv_pace_read_ms(c->read_words);
	if (s->measure >= 0 && !c->measured && !c->measure_why[0])
		take_measure(c, false);
	app_split_waits(c);
	save(c, i);
	return WV_REACT_REDRAW;
}

int wv_class_goto(struct wv_class *c, size_t i)
{
	return app_quiz_sync(c, enter(c, i < c->nscenes ? i : c->nscenes, false));
}

/*
 * Make l (lesson number, slug) the class's lesson: its outcomes, estimate
 * and the scene to start at (the saved one unless --restart), with what to
 * say about it in note (*note_error: as an error).  -1 when out of memory;
 * then nothing changed.
 */
static int begin(struct wv_class *c, const wv_lesson *l, unsigned number,
		 const char *slug, size_t *start, char *note, size_t size,
		 bool *note_error)
{
	size_t n = wv_lesson_nscenes(l), saved;
	unsigned char *outcome = calloc(n ? n : 1, 1);
	int rc, line = 0;

	if (!outcome)
		return -1;
	free(c->outcome);
	c->outcome = outcome;
	c->lesson = l;
	c->nscenes = n;
	c->number = number;
	c->arch = c->arch_opt && wv_lesson_allows(l, c->arch_opt) ? c->arch_opt : NULL;
	if (wv_pace_lesson(l, c->arch, &c->pace) != 0)
		memset(&c->pace, 0, sizeof(c->pace));
	snprintf(c->slug, sizeof(c->slug), "%s", slug ? slug : "");
	for (char *q = c->slug; *q; q++)	/* one word in the progress file */
		if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			*q = '_';
	*start = 0;
	*note_error = false;
	note[0] = '\0';
	/* --restart: from scene 1 the first time a lesson opens in this run;
	   coming back to it finds the place the class left */
	if (!c->progress[0] || !c->slug[0] ||
	    (c->restart && !(c->opened && c->opened[c->file])))
		return 0;
	rc = wv_progress_get(c->progress, c->number, c->slug, &saved, &line);
	if (rc == 0 && saved == WV_PROGRESS_DONE) {
		snprintf(note, size, "The class finished this lesson last time; "
			 "starting at scene 1.");
	} else if (rc == 0 && saved >= n) {
		snprintf(note, size, "The saved scene %zu is past the lesson's end; "
			 "starting at scene 1.", saved + 1);
	} else if (rc == 0 && saved > 0) {
		*start = saved;
		snprintf(note, size, "Resuming at scene %zu of %zu; %s starts "
			 "over.", saved + 1, n, c->restart_how);
	} else if (rc < 0 && rc != -ENOENT) {
		char why[WV_APP_MSG_MAX];

		snprintf(note, size, "progress ignored and left as it is: %s",
			 wv_state_explain(c->progress, rc, why, sizeof(why)));
		*note_error = true;
	}
	if (line > 0) {
		wv_progress_bad_line(c->progress, line, note, size);
		*note_error = true;
	}
	return 0;
}

int wv_class_init(struct wv_class *c, struct wv_app *app,
		  const struct wv_ui_opts *opts, const char *progress_path)
{
	const wv_lesson *l = opts->lesson;
	char note[WV_APP_MSG_MAX] = "", arch[80] = "";
	bool note_error = false;
	size_t start = 0;
	struct wv_trace_in in;

	memset(c, 0, sizeof(*c));
	c->app = app;
	c->arch_opt = opts->variant;
	c->present = opts->present;
	/* --split, else the lesson's own split: (wv_lesson_split) */
	c->split = opts->split ? opts->split : opts->lesson ? wv_lesson_split(opts->lesson)
							 : NULL;
	c->restart = opts->restart;
	c->restart_how = opts->restart_how ? opts->restart_how : "--restart";
	c->measure_fn = opts->measure;
	c->pace_ms = opts->autoplay_ms > 0 ? opts->autoplay_ms : WV_CLASS_AUTOPLAY_DEFAULT;
	if (progress_path)
		snprintf(c->progress, sizeof(c->progress), "%s", progress_path);
	if (opts->files && opts->lesson_index < opts->nfiles) {
		c->files = opts->files;
		c->nfiles = opts->nfiles;
		c->file = opts->lesson_index;
		c->run_last = opts->run_last;
		c->load = opts->load;
		c->opened = calloc(c->nfiles, 1);
	}
	if ((c->files && !c->opened) ||
	    begin(c, l, opts->lesson_number, opts->lesson_slug, &start, note,
		  sizeof(note), &note_error) < 0) {
		wv_class_free(c);
		wv_app_msg(app, true, "out of memory");
		return -1;
	}
	if (c->opened)
		c->opened[c->file] = 1;
	if (opts->variant && c->arch)
		snprintf(arch, sizeof(arch), "Running on %s (--arch). ",
			 opts->variant->name);
	else if (opts->variant)	/* --course --arch: this lesson has its own */
		snprintf(arch, sizeof(arch), "Lesson %u does not run on %s: on %s. ",
			 c->number, opts->variant->name, wv_lesson_variant(l, 0)->name);

	wv_lesson_scene_input(l, start, c->arch, &in, NULL);
	if (wv_app_init(app, in.word, in.word_len, wv_lesson_scene(l, start)->word_src,
			in.v, in.offset, in.fill, in.delim) < 0) {
		wv_class_free(c);
		return -1;
	}
	if (opts->autoplay_ms > 0)
		wv_app_play(app, c->pace_ms);
	app_quiz_sync(c, enter(c, start, opts->autoplay_ms > 0));
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

/*
 * :lesson which found no lesson (k -1) or more than one (k -2, say which
 * files, as --lesson does: two files numbered 2 are never picked between).
 */
static void no_pick(struct wv_app *app, const struct wv_lesson_file *files,
		    size_t n, const char *which, int k)
{
	char why[WV_APP_MSG_MAX], shown[WV_APP_MSG_MAX];

	if (k == -2) {
		wv_lesson_pick_why(files, n, which, why, sizeof(why));
		wv_word_escape(why, strlen(why), shown, sizeof(shown));
		wv_app_msg(app, true, "lesson %.20s: %s%s", which, shown,
			   strstr(why, "starts with") ? " (Tab lists the names)" : "");
		return;
	}
	wv_app_msg(app, true, "lesson %.40s: no such lesson (Tab lists the names; "
		   "watviz --list-lessons lists them)", which);
}

int wv_class_from_free(struct wv_class *c, struct wv_app *app,
		       const struct wv_ui_opts *opts, const char *progress_path,
		       const char *which)
{
	struct wv_ui_opts lo = *opts;
	struct wv_error e;
	wv_lesson *l = NULL;
	int k = opts->files && which ? wv_lesson_pick(opts->files, opts->nfiles,
						      which) : -1;

	if (!opts->files) {
		wv_app_msg(app, true, "no lessons were found (WATVIZ_LESSONS or an "
			   "installed watviz has them): watviz --lesson N opens one");
		return -1;
	}
	if (k < 0) {
		no_pick(app, opts->files, opts->nfiles, which ? which : "", k);
		return -1;
	}
	if (load(opts->load, &opts->files[k], &l, &e) != 0) {
		if (e.line > 0)
			wv_app_msg(app, true, "%s:%d:%d: %s", opts->files[k].path,
				   e.line, e.col, e.msg);
		else
			wv_app_msg(app, true, "%s: %s", opts->files[k].path, e.msg);
		return -1;
	}
	/* the lesson's own variant and scenes: the free view's word goes */
	lo.lesson = l;
	lo.lesson_number = opts->files[k].number;
	lo.lesson_slug = opts->files[k].slug;
	lo.lesson_index = (size_t)k;
	lo.run_last = opts->nfiles - 1;
	lo.variant = NULL;
	lo.autoplay_ms = 0;
	wv_app_free(app);
	if (wv_class_init(c, app, &lo, progress_path) < 0) {
		wv_lesson_free(l);
		return -2;	/* app->msg says why; app is not initialised */
	}
	c->owned = l;
	return 0;
}

long wv_class_next(const struct wv_class *c)
{
	if (!c->files || c->file + 1 >= c->nfiles || c->file == c->run_last)
		return -1;
	return (long)c->file + 1;
}

int wv_class_open(struct wv_class *c, size_t k)
{
	struct wv_app *app = c->app;
	const struct wv_lesson_file *f;
	char note[WV_APP_MSG_MAX], arch[120] = "";
	bool note_error, playing = app->playing;
	struct wv_error e;
	wv_lesson *l = NULL;
	size_t start, was;
	int rc;

	if (!c->files || k >= c->nfiles)
		return WV_REACT_BELL;
	f = &c->files[k];
	rc = load(c->load, f, &l, &e);
	if (rc != 0) {
		if (e.line > 0)
			wv_app_msg(app, true, "%s:%d:%d: %s", f->path, e.line, e.col, e.msg);
		else
			wv_app_msg(app, true, "%s: %s", f->path, e.msg);
		return WV_REACT_REDRAW;
	}
	was = c->file;
	c->file = k;	/* begin() asks whether it was opened before */
	if (begin(c, l, f->number, f->slug, &start, note, sizeof(note),
		  &note_error) < 0) {
		c->file = was;
		wv_lesson_free(l);
		wv_app_msg(app, true, "out of memory");
		return WV_REACT_REDRAW;
	}
	wv_lesson_free(c->owned);
	c->owned = l;
	c->opened[k] = 1;
	c->sources = false;
	if (c->arch_opt && !c->arch)
		snprintf(arch, sizeof(arch), "Lesson %u does not run on %s: on %s. ",
			 f->number, c->arch_opt->name, wv_lesson_variant(l, 0)->name);
	if (playing)
		wv_app_play(app, 0);
	else
		wv_app_stop(app);
	app_quiz_sync(c, enter(c, start, playing));
	if (!c->progress_failed)
		wv_app_msg(app, note_error, "%sLesson %u: %s. %s", arch, f->number,
			   wv_lesson_title(l), note);
	return WV_REACT_REDRAW;
}

void wv_class_free(struct wv_class *c)
{
	free(c->outcome);
	c->outcome = NULL;
	wv_lesson_free(c->owned);
	c->owned = NULL;
	free(c->opened);
	c->opened = NULL;
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

bool wv_class_line_leaves(const struct wv_class *c, int key, enum wv_action act)
{
	bool printable = key >= 0x20 && key < 0x7f;

	if (act != WV_ACT_REVEAL && act != WV_ACT_ANOTHER && act != WV_ACT_SCENE_NEXT &&
	    act != WV_ACT_SCENE_PREV)
		return false;
	/* a formula is typed in names and brackets (mask, fls, __ffs): it
	   keeps every character; the other forms are written in digits, hex
	   digits, x and the choices' a-d, none of which leaves */
	return c->answer.form != WV_FORM_FORMULA || !printable;
}

/*
 * w: the question again on another word, drawn under the scene's practice:
 * constraints (wv_lesson_practice) on the trace input the question belongs
 * to; the first outcome of the question still counts.
 */
static int another_word(struct wv_class *c)
{
	struct wv_app *app = c->app;
	const struct wv_scene *s = wv_lesson_scene(c->lesson, c->scene);
	struct wv_trace_in in = c->in;
	uint8_t w[WV_WORD_MAX];
	uint64_t seed = (uint64_t)c->number << 40 | (uint64_t)c->scene << 24 | ++c->draws;
	int rc;

	if (s->q.ask == WV_ASK_NONE) {
		wv_app_msg(app, false, "This scene has no question.");
		return WV_REACT_REDRAW;
	}
	rc = wv_lesson_practice(s, &c->in, seed, w);
	if (rc == -2) {
		wv_app_msg(app, false, "This question has no other words: the lesson "
			   "gives its scene no practice: line.");
		return WV_REACT_REDRAW;
	}
	if (rc != 0) {
		wv_app_msg(app, true, "no other word for this question turned up; "
			   ":scene %zu asks it again on its own", c->scene + 1);
		return WV_REACT_REDRAW;
	}
	memcpy(c->fresh, w, c->in.word_len);
	in.word = c->fresh;
	wv_word_literal(c->fresh, in.word_len, c->fresh_src, sizeof(c->fresh_src));
	if (wv_app_set_input(app, &in, c->fresh_src) < 0)
		return WV_REACT_REDRAW;		/* app->msg says why */
	c->in = in;
	c->shown = wv_lesson_shown_sub(s, &app->trace);
	if (c->shown >= app->trace.nsubs)
		c->shown = 0;
	wv_app_show(app, c->shown);
	c->has_question = wv_lesson_answer(s, &app->trace, &c->answer) == 0;
	c->phase = c->has_question ? WV_CLASS_ASK : WV_CLASS_SCENE;
	c->wrong = 0;
	c->last_wrong[0] = c->retry[0] = c->unreadable[0] = c->wrong_why[0] = '\0';
	c->revealed = c->withdrawn = false;
	wv_app_msg(app, false, "Another word: \"%s\". The same question, on it.",
		   c->fresh_src);
	return WV_REACT_REDRAW | (c->has_question ? WV_REACT_ANSWER : 0);
}

static void start_autoplay(struct wv_class *c)
{
	wv_app_play(c->app, c->pace_ms);
	wv_app_msg(c->app, false, "autoplay: every %d.%d s; any key takes over",
		   c->pace_ms / 1000, c->pace_ms % 1000 / 100);
}

/* The end screen's n / Enter: the next lesson, when there is one. */
static int next_lesson(struct wv_class *c)
{
	long k = wv_class_next(c);

	if (k >= 0)
		return wv_class_open(c, (size_t)k);
	if (c->files && c->file + 1 < c->nfiles)
		wv_app_msg(c->app, false, "That was the last lesson of this run; "
			   ":lesson N opens any lesson.");
	else
		wv_app_msg(c->app, false, "That was the last lesson; :lesson N "
			   "opens any lesson.");
	return WV_REACT_BELL | WV_REACT_REDRAW;
}

/* Keys on the end screen: the next lesson, back into this one, help, quit. */
static int end_key(struct wv_class *c, enum wv_action act)
{
	switch (act) {
	case WV_ACT_NEXT:
	case WV_ACT_ANSWER:
		return next_lesson(c);
	case WV_ACT_SCENE_PREV:
	case WV_ACT_PREV:
		return enter(c, c->nscenes - 1, false);
	case WV_ACT_FIRST:
		return enter(c, 0, false);
	case WV_ACT_HELP:
	case WV_ACT_BACK:
	case WV_ACT_REDRAW:
	case WV_ACT_QUIT:
	case WV_ACT_COMMAND:	/* the screen offers ":lesson N" */
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
	/* m on a measure scene: measure again (the chart has no bytes to edit) */
	if (act == WV_ACT_FOCUS_MEMORY &&
	    wv_lesson_scene(c->lesson, c->scene)->measure >= 0) {
		take_measure(c, true);
		return WV_REACT_REDRAW;
	}
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
		wv_app_main_view(app);
		return WV_REACT_ANSWER | WV_REACT_REDRAW;
	case WV_ACT_REVEAL:
		if (!c->has_question && c->withdrawn) {
			wv_app_msg(app, false, "The question was withdrawn with the "
				   "change: :scene %zu asks it again.", c->scene + 1);
			return WV_REACT_REDRAW;
		}
		if (!c->has_question) {
			wv_app_msg(app, false, "This scene has no question.");
			return WV_REACT_REDRAW;
		}
		if (c->phase == WV_CLASS_FEEDBACK)
			return WV_REACT_BELL;
		c->phase = WV_CLASS_FEEDBACK;
		c->revealed = true;
		wv_app_main_view(app);
		app_settle(c, WV_OUTCOME_SHOWN);
		return WV_REACT_REDRAW;
	case WV_ACT_ANOTHER:
		return another_word(c);
	case WV_ACT_SOURCES:
		c->sources = !c->sources;
		if (c->sources && wv_lesson_scene(c->lesson, c->scene)->nsources == 0)
			wv_app_msg(app, false, "This scene cites no kernel source.");
		return WV_REACT_REDRAW;
	case WV_ACT_COMPARE:
		/* every variant's values beside these would answer it */
		if (app_refused(c, "compare"))
			return WV_REACT_REDRAW;
		return wv_app_do(app, act);
	case WV_ACT_SPLIT:	/* as --split: on, waiting where it would answer */
		return wv_class_split(c, app->split_v ? NULL : app_split_wanted(c));
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
		wv_app_set_speed(app, c->pace_ms);
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

	/* W: the message whole (it stays), and the scene's text over the
	   screen, which a small screen or --present cuts; the next key takes
	   both away and does what it does */
	if (act == WV_ACT_MESSAGE) {
		react = wv_app_do(app, act);
		if (c->phase == WV_CLASS_END || app->view != WV_VIEW_MAIN)
			return react;
		/* W again: the next screenful (wv_lessonview_text wraps) */
		c->text_page = c->text_whole ? c->text_page + 1 : 0;
		c->text_whole = true;
		return WV_REACT_REDRAW;
	}
	if (act != WV_ACT_NONE && act != WV_ACT_REDRAW) {
		wv_app_msg_clear(app);
		c->text_whole = false;
	}
	if (was_playing) {
		/* any key takes over; r only stops */
		wv_app_stop(app);
		if (act == WV_ACT_PLAY || act == WV_ACT_NONE) {
			wv_app_msg(app, false, "autoplay stopped: the keys are yours "
				   "(r plays again)");
			return WV_REACT_REDRAW;
		}
	}
	/* a change made elsewhere (the word line) withdraws first */
	react = app_quiz_sync(c, WV_REACT_NONE);
	react = app_quiz_sync(c, react | lesson_key(c, act));
	if (was_playing && !app->msg[0])
		wv_app_msg(app, false, "autoplay stopped: the keys are yours "
			   "(r plays again)");
	return react | (was_playing ? WV_REACT_REDRAW : 0);
}

static int answer(struct wv_class *c, const char *typed)
{
	char verdict[sizeof(c->wrong_why)], full[96] = "";
	/* the whole line kept to fix (as much as it holds), 40 bytes quoted */
	const char *why = NULL, *t = typed ? typed + strspn(typed, " \t") : "";
	size_t n = strlen(t), kept = wv_word_cut(t, n, sizeof(c->retry) - 1),
	       q = wv_word_cut(t, n, 40);
	int rc;

	c->retry[0] = c->unreadable[0] = '\0';
	c->retry_selected = false;
	if (!typed || c->phase != WV_CLASS_ASK)
		return WV_REACT_REDRAW;
	/* an empty Enter is no answer: the line stays open, nothing said */
	if (*t == '\0')
		return WV_REACT_REDRAW | WV_REACT_ANSWER;
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
		app_settle(c, c->wrong ? WV_OUTCOME_RETRIED : WV_OUTCOME_RIGHT);
		wv_app_msg(c->app, false, "Right! Enter goes on.");
	} else if (rc == 0) {
		c->wrong++;
		snprintf(c->last_wrong, sizeof(c->last_wrong), "%.*s%s", (int)q, t,
			 t[q] ? "\xe2\x80\xa6" : "");
		if (c->answer.form != WV_FORM_FORMULA) {
			/* a later question's answer on this trace is not named */
			uint64_t later[WV_APP_ASKED_MAX];
			size_t nl = wv_class_later_answers(c, later, WV_APP_ASKED_MAX);

			wv_lesson_diagnose_unnamed(wv_lesson_scene(c->lesson, c->scene),
						   &c->app->trace, &c->answer, typed, later,
						   nl, c->wrong_why, sizeof(c->wrong_why));
		}
		/* the line stays open with the answer selected: a retry is
		   typed over it, never run as key commands */
		snprintf(c->retry, sizeof(c->retry), "%.*s", (int)kept, t);
		c->retry_selected = true;
		wv_app_msg(c->app, false, "Not %s. Type another answer; %s",
			   c->last_wrong, c->answer.form == WV_FORM_FORMULA
			   ? "Esc, then s, shows the answer." : "s shows the answer.");
		return WV_REACT_REDRAW | WV_REACT_ANSWER;
	} else {
		snprintf(c->retry, sizeof(c->retry), "%.*s", (int)kept, t);
		if (t[kept])
			snprintf(full, sizeof(full), " (the line keeps its first %zu "
				 "bytes: an answer line holds no more)", kept);
		snprintf(c->unreadable, sizeof(c->unreadable), "'%.*s%s' cannot be "
			 "read: %.96s%s", (int)q, t, t[q] ? "\xe2\x80\xa6" : "",
			 why ? why : "not an answer", full);
		wv_app_msg(c->app, true, "%s", c->unreadable);
		return WV_REACT_REDRAW | WV_REACT_ANSWER;
	}
	return WV_REACT_REDRAW;
}

int wv_class_click(struct wv_class *c, unsigned target)
{
	if (c->phase == WV_CLASS_END)
		return WV_REACT_NONE;
	wv_app_stop(c->app);
	return app_quiz_sync(c, wv_app_click(c->app, target));
}

int wv_class_answer(struct wv_class *c, const char *typed)
{
	/* never graded against another trace than the one on screen */
	int react = app_quiz_sync(c, WV_REACT_NONE);

	return app_quiz_sync(c, react | answer(c, typed));
}

static int advance(struct wv_class *c)
{
	int react = app_quiz_sync(c, enter(c, c->scene + 1, true));

	if (c->phase == WV_CLASS_END)
		wv_app_msg(c->app, false, wv_class_next(c) >= 0 ? "autoplay: the end "
			   "of the lesson; the next one follows" : "autoplay: the end "
			   "of the lesson");
	return react;
}

unsigned wv_class_ticks_total(const struct wv_class *c)
{
	unsigned pace = c->pace_ms > 0 ? (unsigned)c->pace_ms : 1;
	unsigned left_read = c->played_ms < c->read_ms
			     ? (c->read_ms - c->played_ms + pace - 1) / pace : 0;
	size_t pos = c->app->pos;
	/* walking up to the shown sub-step, then the tick that moves on */
	unsigned left_walk = c->phase == WV_CLASS_SCENE && pos < c->shown
			     ? (unsigned)(c->shown - pos) + 1 : 1;

	return c->ticks + (left_read > left_walk ? left_read : left_walk);
}

/* The scene stays up: say how long, in ticks. */
static int hold(struct wv_class *c)
{
	wv_app_msg(c->app, false, "autoplay tick %u of %u: %zu words at %d a "
		   "minute, %d.%d s a tick", c->ticks, wv_class_ticks_total(c),
		   c->read_words, WV_PACE_WPM, c->pace_ms / 1000, c->pace_ms % 1000 / 100);
	return WV_REACT_REDRAW;
}

int wv_class_tick(struct wv_class *c)
{
	struct wv_app *app = c->app;
	bool walked = app->pos >= c->shown;

	if (!app->playing)
		return WV_REACT_NONE;
	c->ticks++;
	c->played_ms += (unsigned)c->pace_ms;
	switch (c->phase) {
	case WV_CLASS_SCENE:
		wv_app_show(app, walked ? app->pos : app->pos + 1);
		if (!walked || c->played_ms < c->read_ms)
			return hold(c);
		if (c->has_question) {
			c->phase = WV_CLASS_ASK;
			wv_app_stop(app);
			wv_app_msg(app, false, "Autoplay paused on the question: Enter "
				   "answers, s shows the answer, r goes on.");
			return WV_REACT_REDRAW;
		}
		return advance(c);
	case WV_CLASS_ASK:
	case WV_CLASS_FEEDBACK:
		return advance(c);
	case WV_CLASS_END:
		if (wv_class_next(c) < 0)
			break;
		if (c->played_ms < c->read_ms)
			return hold(c);
		return next_lesson(c);
	}
	wv_app_stop(app);
	return WV_REACT_REDRAW;
}

const char *wv_class_arch_note(const struct wv_class *c)
{
	static char note[80];

	if (!c->arch_opt || c->arch)
		return "";
	snprintf(note, sizeof(note), " (this lesson does not run on %s)",
		 c->arch_opt->name);
	return note;
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

/* :lesson which (step 0), :next (step 1) or :prev (step -1). */
static int lesson_command(struct wv_class *c, const char *which, int step)
{
	int k;

	if (!c->files) {
		wv_app_msg(c->app, true, "only this lesson was loaded");
		return WV_REACT_REDRAW;
	}
	if (step) {
		if ((step < 0 && c->file == 0) || (step > 0 && c->file + 1 >= c->nfiles)) {
			wv_app_msg(c->app, true, "lesson %u is the %s one", c->number,
				   step < 0 ? "first" : "last");
			return WV_REACT_REDRAW;
		}
		return wv_class_open(c, step < 0 ? c->file - 1 : c->file + 1);
	}
	k = which ? wv_lesson_pick(c->files, c->nfiles, which) : -1;
	if (k < 0) {
		no_pick(c->app, c->files, c->nfiles, which ? which : "", k);
		return WV_REACT_REDRAW;
	}
	return wv_class_open(c, (size_t)k);
}

int wv_class_command(struct wv_class *c, const struct wv_cmd *cmd,
		     int (*write_json)(const struct wv_trace *t, const char *path))
{
	wv_app_msg_clear(c->app);
	switch (cmd->kind) {
	case WV_CMD_SCENE:
		if (cmd->num < 1 || (size_t)cmd->num > c->nscenes) {
			wv_app_msg(c->app, true, "scene %ld: lesson %u has scenes 1 to %zu",
				   cmd->num, c->number, c->nscenes);
			return WV_REACT_REDRAW;
		}
		return wv_class_goto(c, (size_t)cmd->num - 1);
	case WV_CMD_LESSON:
		return app_quiz_sync(c, lesson_command(c, cmd->text, 0));
	case WV_CMD_NEXT:
		return app_quiz_sync(c, lesson_command(c, NULL, 1));
	case WV_CMD_PREV:
		return app_quiz_sync(c, lesson_command(c, NULL, -1));
	case WV_CMD_SPLIT:	/* as v, with its variant */
		return wv_class_split(c, cmd->num > 0 ? cmd->variant : cmd->num < 0 ||
				      c->app->split_v ? NULL : app_split_wanted(c));
	case WV_CMD_COMPARE:
		/* as c: every variant's values beside these would answer it */
		if (app_refused(c, "compare"))
			return WV_REACT_REDRAW;
		return wv_app_command(c->app, cmd, write_json);
	case WV_CMD_JSON:
		/* the trace written holds every value, the asked one too */
		if (wv_class_question_open(c)) {
			wv_app_msg(c->app, true, "json: the trace holds the open "
				   "question's answer: answer it first, or s shows it");
			return WV_REACT_REDRAW;
		}
		if (wv_class_would_answer(c)) {
			wv_app_msg(c->app, true, "json: the trace holds what scene %zu "
				   "asks: answer it there first, or s shows it",
				   wv_class_would_answer(c));
			return WV_REACT_REDRAW;
		}
		return wv_app_command(c->app, cmd, write_json);
	default:
		return app_quiz_sync(c, wv_app_command(c->app, cmd, write_json));
	}
}
