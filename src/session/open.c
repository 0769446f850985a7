/*
 * Links (session/session.h): the screen a link's fragment names opened
 * (which lesson, scene, word, step, split, view and theme), the link of
 * the screen shown, and the lessons a front-end carries as text (the
 * page's, built in) as the lesson files a class moves between.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "session/link.h"
#include "trace/stepname.h"
#include "render/theme.h"
#include "app/view.h"
#include "render/weblink.h"
#include "trace/word.h"

#include "keep.h"

/* ---- the lessons built in ----------------------------------------------- */

/*
 * The built-in lessons (a platform's lessons) as lesson files, named as
 * they are in lessons/ for the messages, so :lesson N, :next, :prev and
 * the end screen move between them through the class, as in the
 * terminal; and their names, for Tab after ":lesson ".  The loader
 * (struct wv_ui_opts.load) has no context: the one table a process opens
 * links from is kept here.
 */
static struct {
	const struct wv_session_lesson *l;
	size_t n;
	struct wv_lesson_file *files;
	const char **names;
} builtin;

/* Lesson file f (one of builtin.files) as wv_lesson_load reads a file. */
static int load_builtin(const struct wv_lesson_file *f, wv_lesson **out,
			struct wv_error *err)
{
	size_t k = (size_t)(f - builtin.files);

	if (!builtin.files || f < builtin.files || k >= builtin.n) {
		wv_error_set(err, 0, 0, "not a lesson built into the page");
		return -ENOENT;
	}
	return wv_lesson_parse(builtin.l[k].text, builtin.l[k].len, out, err);
}

/* builtin made for the platform's lessons; false when out of memory:
   then only the lesson a link names opens. */
static bool lessons_list(const struct wv_session_platform *plat)
{
	size_t n = plat->nlessons;

	if (builtin.files && builtin.l == plat->lessons)
		return true;
	free(builtin.files);
	free(builtin.names);
	builtin.l = plat->lessons;
	builtin.n = n;
	builtin.files = calloc(n ? n : 1, sizeof(*builtin.files));
	builtin.names = calloc(n + 1, sizeof(*builtin.names));
	if (!builtin.files || !builtin.names) {
		free(builtin.files);
		free(builtin.names);
		builtin.files = NULL;
		builtin.names = NULL;
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		struct wv_lesson_file *f = &builtin.files[i];

		f->number = plat->lessons[i].number;
		snprintf(f->slug, sizeof(f->slug), "%s", plat->lessons[i].slug);
		snprintf(f->path, sizeof(f->path), "lessons/%02u-%s.lesson", f->number,
			 f->slug);
		builtin.names[i] = f->slug;
	}
	return true;
}

/* The options every lesson of a link starts with (then the link's). */
static struct wv_ui_opts *lesson_opts(struct wv_session *s)
{
	struct wv_ui_opts *o = &s->link_opts;

	memset(o, 0, sizeof(*o));
	o->restart_how = "scene=1 in the link";
	if (s->plat.lessons && lessons_list(&s->plat)) {
		o->files = builtin.files;
		o->nfiles = builtin.n;
		o->run_last = builtin.n ? builtin.n - 1 : 0;
		o->load = load_builtin;
	}
	return o;
}

/* link=lesson's NAME: the index of the built-in lesson, or -1 */
static long find_lesson(void *ctx, const char *name)
{
	const struct wv_session_platform *plat = ctx;
	char *end;
	unsigned long n = strtoul(name, &end, 10);

	for (size_t i = 0; plat->lessons && i < plat->nlessons; i++)
		if ((*end == '\0' && end != name && plat->lessons[i].number == n) ||
		    strcmp(plat->lessons[i].slug, name) == 0)
			return (long)i;
	return -1;
}

/* ---- a link opened ------------------------------------------------------- */

/* The session takes over the app (and the lesson) just started. */
static void adopt(struct wv_session *s, bool lesson, const struct wv_ui_opts *o)
{
	wv_session_adopt(s, lesson, o, s->progress_name[0] ? s->progress_name : NULL,
			 NULL);
	s->names = builtin.files ? builtin.names : NULL;
}

/*
 * A link's step in a lesson: the scene shown opens at that sub-step of its
 * own trace when it has one there, as :step would take it in the
 * terminal (what is hidden while its question is open stays hidden);
 * else the scene stays at its own sub-step and err says why.
 */
static void lesson_step(struct wv_session *s, const char *step, char *err, size_t size)
{
	char why[WV_APP_MSG_MAX];
	size_t k;

	if (s->cls.phase == WV_CLASS_END) {
		if (!err[0])
			snprintf(err, size, "link field 'step': the end of lesson %u has "
				 "no steps; a scene's link can have one", s->cls.number);
		return;
	}
	if (wv_step_find_as(&s->app.trace, step, "step=", &k, why, sizeof(why)) < 0) {
		if (!err[0])
			snprintf(err, size, "link field 'step': lesson %u scene %zu: %.1900s",
				 s->cls.number, s->cls.scene + 1, why);
		return;
	}
	wv_app_show(&s->app, k);
	wv_class_sync(&s->cls);
}

static int start_lesson(struct wv_session *s, const struct wv_link *fl, char *err,
			size_t size)
{
	const struct wv_session_lesson *sl = &s->plat.lessons[fl->lesson];
	struct wv_error e = { 0 };
	struct wv_ui_opts *o = lesson_opts(s);
	wv_lesson *l = NULL;

	if (wv_lesson_parse(sl->text, sl->len, &l, &e) != 0) {
		snprintf(err, size, "lesson %u: line %d: %.1900s", sl->number, e.line, e.msg);
		return -1;
	}
	o->lesson = l;
	o->lesson_number = sl->number;
	o->lesson_slug = sl->slug;
	o->lesson_index = (size_t)fl->lesson;
	o->present = fl->present;
	o->variant = fl->arch_given ? fl->v : NULL;
	/* a link's scene is where to go; without one, where the lesson
	   stopped in this browser, as --lesson N */
	o->restart = fl->scene > 0;
	o->measure = wv_measure_none;	/* the browser's clock is too coarse */
	if (wv_class_init(&s->cls, &s->app, o, s->progress_name[0] ? s->progress_name
								 : NULL) < 0) {
		snprintf(err, size, "lesson %u: %.1900s", sl->number, s->app.msg);
		wv_lesson_free(l);
		return -1;
	}
	/* the class owns it now: :lesson, :next and the end screen free the
	   lesson they leave */
	s->cls.owned = l;
	/* the scene in the link was this lesson's: the next ones resume */
	s->cls.restart = false;
	adopt(s, true, o);
	if (fl->scene == WV_LINK_SCENE_END) {
		/* as ] from the last scene: its trace under the end screen */
		if (s->cls.nscenes)
			wv_class_goto(&s->cls, s->cls.nscenes - 1);
		wv_class_goto(&s->cls, s->cls.nscenes);
	} else if (fl->scene > 0 && (size_t)fl->scene <= s->cls.nscenes) {
		wv_class_goto(&s->cls, (size_t)fl->scene - 1);
	} else if (fl->scene > 0) {
		snprintf(err, size, "link field 'scene': lesson %u has scenes 1 to %zu",
			 sl->number, s->cls.nscenes);
		return 0;	/* the step was that scene's */
	}
	if (fl->step[0])
		lesson_step(s, fl->step, err, size);
	return 0;
}

static int start_trace(struct wv_session *s, const struct wv_link *fl, char *err,
		       size_t size)
{
	uint8_t word[WV_WORD_MAX];
	size_t len, k;
	struct wv_error e;
	const char *src = fl->has_word ? fl->word : "ab\\0cd";
	char why[WV_APP_MSG_MAX];

	if (wv_word_parse(src, word, &len, &e) < 0) {
		snprintf(err, size, "link field 'word': column %d: %.1900s", e.col, e.msg);
		src = "ab\\0cd";
		wv_word_parse(src, word, &len, &e);
	}
	if (wv_app_init(&s->app, word, len, src, fl->v, (size_t)fl->offset,
			fl->fill, fl->delim) < 0) {
		snprintf(err, size, "link: %.1900s", s->app.msg);
		if (wv_app_init(&s->app, word, len, src, fl->v, 0, 0, -1) < 0)
			return -1;
	}
	adopt(s, false, lesson_opts(s));
	if (fl->page > 0) {
		struct wv_trace_in in = s->app.trace.in;

		in.word = word;
		in.page_end = (size_t)fl->page;
		/* as --page-end refuses it, never dropped without a word */
		if (wv_word_page_why(in.page_end, in.offset, in.word_len,
				     wv_wat_bytes(in.v), in.v->name, "page=", why,
				     sizeof(why)) < 0) {
			if (!err[0])
				snprintf(err, size, "link field 'page': page=%ld: %.1900s",
					 fl->page, why);
		} else if (wv_app_set_input(&s->app, &in, src) < 0) {
			snprintf(err, size, "link field 'page': %.1900s", s->app.msg);
		}
	}
	wv_session_hello(s);
	if (!fl->step[0])
		return 0;
	if (wv_step_find_as(&s->app.trace, fl->step, "step=", &k, why, sizeof(why)) == 0)
		wv_app_show(&s->app, k);
	else if (!err[0])
		snprintf(err, size, "link field 'step': %.1900s", why);
	return 0;
}

/*
 * A link's split view: the second variant under the first (none: closed),
 * as :split takes it (in a lesson, as the class does: waiting while it
 * would answer a question, and said so); else err says why and the view
 * stays as it opened.
 */
static void link_split(struct wv_session *s, const struct wv_link *fl, char *err,
		       size_t size)
{
	char said[WV_APP_MSG_MAX];

	if (s->app.split_v == fl->split)
		return;
	snprintf(said, sizeof(said), "%s", s->app.msg);
	if (s->lesson)
		wv_class_split(&s->cls, fl->split);
	else
		wv_app_split(&s->app, fl->split);
	if (s->app.split_v != fl->split && !err[0])
		snprintf(err, size, "link field 'split': %.1900s", s->app.msg);
	/* a lesson's scene that cannot show it: the teacher's still, for
	   the scenes that can (lesson_split writes it back) */
	if (s->lesson && fl->split && s->app.split_v != fl->split)
		s->cls.split = fl->split;
	else if (s->lesson && fl->split && !wv_class_split_shown(&s->cls))
		return;		/* the class's word: it waits, and until when */
	/* the link's own message back (its colour as the split left it) */
	wv_app_msg(&s->app, s->app.msg_error, "%s", said);
}

/*
 * A link's layout=: the split view's columns, as :set split memory|own;
 * memory with the split view closed is named in err (own is its default).
 */
static void link_layout(struct wv_session *s, const struct wv_link *fl, char *err,
			size_t size)
{
	char said[WV_APP_MSG_MAX];

	if (!s->app.split_v) {
		if (fl->layout && !err[0])
			snprintf(err, size, "link field 'layout': the split view's; add "
				 "split=NAME (or drop layout=)");
		return;
	}
	snprintf(said, sizeof(said), "%s", s->app.msg);
	wv_app_split_layout(&s->app, fl->layout != 0);
	wv_app_msg(&s->app, s->app.msg_error, "%s", said);	/* the link's own */
}

/* A link's view: compare or help over the main one. */
static void link_view(struct wv_session *s, const char *view, char *err, size_t size)
{
	if (strcmp(view, "compare") == 0 && s->lesson && wv_class_would_answer(&s->cls)) {
		/* as c and :compare: every variant's values would answer it */
		if (!err[0])
			snprintf(err, size, "link field 'view': the compare view "
				 "opens once the question is answered (s shows the answer)");
	} else if (strcmp(view, "compare") == 0) {
		wv_app_set_view(&s->app, WV_VIEW_COMPARE);
	} else if (strcmp(view, "help") == 0) {
		wv_app_set_view(&s->app, WV_VIEW_HELP);
	}
}

int wv_session_open(struct wv_session *s, const char *fragment,
		    const struct wv_session_platform *plat)
{
	struct wv_link fl;
	char err[WV_APP_MSG_MAX] = "";
	bool ok = wv_link_parse(fragment ? fragment : "", &fl, find_lesson,
				(void *)plat, err, sizeof(err)) == 0;

	wv_session_stop(s);
	s->plat = *plat;
	ss_keep_check(s);
	/* the link's theme, else the browser's preference */
	s->theme = fl.theme >= 0 ? (enum wv_theme)fl.theme : WV_THEME_DARK;
	s->theme_chosen = fl.theme >= 0;
	if (fl.lesson >= 0 && start_lesson(s, &fl, err, sizeof(err)) < 0)
		fl.lesson = -1;	/* said in err; the first screen instead */
	if (fl.lesson < 0 && start_trace(s, &fl, err, sizeof(err)) < 0)
		return -2;
	if (fl.split_given)
		link_split(s, &fl, err, sizeof(err));
	if (fl.layout >= 0)
		link_layout(s, &fl, err, sizeof(err));
	link_view(s, fl.view, err, sizeof(err));
	if (err[0]) {
		wv_app_msg(&s->app, true, "%s%s%s", err, s->kept_note[0] ? " " : "",
			   s->kept_note);
		ok = false;
	} else if (s->kept_note[0]) {
		wv_app_msg(&s->app, true, "%s", s->kept_note);
	}
	s->kept_note[0] = '\0';	/* said once */
	return ok ? 0 : -1;
}

/* ---- the link of the screen shown ---------------------------------------- */

/* A lesson link's split: only where the view is not the scene's own. */
static const char *lesson_split(const struct wv_session *s)
{
	const struct wv_variant *own = s->cls.phase != WV_CLASS_END &&
				       s->cls.scene < s->cls.nscenes
				       ? wv_lesson_scene(s->cls.lesson, s->cls.scene)->split
				       : NULL;

	/* the teacher's, kept through the scenes though this one cannot
	   show it (wv_class_split, classroom.c enter: said there) */
	if (!s->app.split_v && !own && s->cls.split && s->cls.phase != WV_CLASS_END)
		return s->cls.split->name;
	if (s->app.split_v == own)
		return NULL;
	return s->app.split_v ? s->app.split_v->name : "none";
}

void wv_session_link(const struct wv_session *s, char *out, size_t size)
{
	const struct wv_app *app = &s->app;
	const struct wv_class *c = &s->cls;
	size_t n;

	if (!size)
		return;
	out[0] = '\0';
	if (!s->started)
		return;
	if (s->lesson)
		/* the step only where it is not the one the scene shows */
		wv_weblink_lesson(c->number, c->phase == WV_CLASS_END ? 0 : c->scene + 1,
				  &app->trace, c->phase == WV_CLASS_END || app->pos == c->shown
				  ? app->trace.nsubs : app->pos,
				  c->arch_opt ? c->arch_opt->name : NULL, lesson_split(s),
				  c->present, out, size);
	else
		wv_weblink_trace(&app->trace, app->word_src, app->pos,
				 app->view == WV_VIEW_COMPARE,
				 app->split_v ? app->split_v->name : NULL, out, size);
	if (app->split_v && app->split_mem) {	/* M, :set split, or the link's */
		n = strlen(out);
		snprintf(out + n, size - n, "&layout=memory");
	}
	if (s->theme_chosen) {	/* :set theme, or the link's */
		n = strlen(out);
		snprintf(out + n, size - n, "&theme=%s", wv_theme_name(s->theme));
	}
}
