/*
 * The page's front-end (web.h): keys, clicks and ticks go to the session
 * (src/session/), which decides what they do for the terminal too; the
 * line is edited by the session's own editor (the terminal has readline).
 * What is left here is the page's platform: the frame handed to the
 * JavaScript as cells, links in and out, the browser's storage for the
 * lesson progress and the ':' history (src/web/store.c), and a 32-bit
 * :try proved on the page's worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "web.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/app.h"
#include "watviz/classroom.h"
#include "watviz/cmdline.h"
#include "watviz/lesson.h"
#include "watviz/link.h"
#include "watviz/progress.h"
#include "watviz/prove.h"
#include "watviz/screen.h"
#include "watviz/session.h"
#include "watviz/state.h"
#include "watviz/stepname.h"
#include "watviz/theme.h"
#include "watviz/try.h"
#include "watviz/ui.h"
#include "watviz/view.h"
#include "watviz/weblink.h"
#include "watviz/wat.h"
#include "watviz/word.h"

#include "lessons.h"
#include "store.h"

#define BUF_MAX WV_WEBLINK_MAX
#define LINK_MAX WV_WEBLINK_MAX
#define HISTORY_FILE_MAX (WV_HISTORY_MAX * WV_CMD_TEXT_MAX)

static struct web {
	struct wv_session s;		/* the app, the lesson, the open line */
	wv_lesson *l;			/* the lesson shown, owned */
	int rows, cols;
	struct wv_frame frame;
	uint32_t *cells;		/* what wv_web_frame hands out */
	char link[LINK_MAX];
	char buf[BUF_MAX];
	/* the state files in the browser's storage (src/web/store.c) */
	bool checked;			/* looked at once, at the first open */
	char progress[64];		/* the progress blob's name, "" none */
	char history_file[64];		/* the history's, "" none or unreadable */
	char note[WV_APP_MSG_MAX];	/* what the look found, said once */
	/* the lessons built in, as the lesson files a class moves between
	   (:lesson, :next, :prev, the end screen's n), and their names for
	   Tab after ":lesson "; made at the first open */
	struct wv_lesson_file *files;
	const char **names;
	struct wv_ui_opts opts;		/* what a lesson starts with */
	/* a 32-bit :try whose proof runs elsewhere (the page's worker):
	   its number, formula (parsed for variant v) and what the worker
	   gets; 0 none */
	int job;
	int jobs;			/* numbers given so far */
	char job_text[WV_CMD_TEXT_MAX + 64];
} web;	/* all zero, so none of it is in the module's data (rows 0: 24) */

char *wv_web_buf(size_t n)
{
	return n <= sizeof(web.buf) ? web.buf : NULL;
}

/* ---- the state files ----------------------------------------------------- */

/* A history file's lines, each one the line editor could have taken,
   into the list (when keep); false (with its bad line's number in *bad)
   when one is not. */
static bool history_parse(const char *text, size_t len, bool keep, int *bad)
{
	const char *s = text, *end = text + len;

	for (int ln = 1; s < end; ln++) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		for (size_t i = 0; i < n; i++)
			if ((unsigned char)s[i] < ' ' || (unsigned char)s[i] > '~') {
				*bad = ln;
				return false;
			}
		if (n >= WV_CMD_TEXT_MAX) {
			*bad = ln;
			return false;
		}
		if (keep && n)
			wv_session_history_push(&web.s, s, n);
		s += n + 1;
	}
	return true;
}

static int history_fill(FILE *f, void *ctx)
{
	(void)ctx;
	for (size_t i = 0; i < web.s.nhistory; i++)
		fprintf(f, "%s\n", web.s.history[i]);
	return wv_file_error(f);
}

/*
 * The session keeps a ':' line: save its list, which is the page's whole
 * history (one page writes it at a time: it is read at the first open).
 */
static int remember(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
	if (!web.history_file[0])
		return 0;
	return wv_state_replace(web.history_file, WV_FILE_STATE, history_fill, NULL);
}

/* Blob name, which could not be read (why), set aside: what to say. */
static void set_aside(const char *name, const char *what, const char *why)
{
	char kept[80] = "";
	int rc = wv_store_aside(name, kept, sizeof(kept));
	size_t n = strlen(web.note);

	if (rc == 0)
		snprintf(web.note + n, sizeof(web.note) - n, "%sThe %s kept in this "
			 "browser %s: it is kept aside as watviz.%s, and a new one "
			 "starts.", n ? " " : "", what, why, kept);
	else
		snprintf(web.note + n, sizeof(web.note) - n, "%sThe %s kept in this "
			 "browser %s and could not be set aside (%s): it is left as "
			 "it is and not written.", n ? " " : "", what, why,
			 wv_state_strerror(rc));
	if (rc < 0 && strcmp(name, "progress") == 0)
		web.progress[0] = '\0';
	if (rc < 0 && strcmp(name, "history") == 0)
		web.history_file[0] = '\0';
}

/*
 * At the first open: find the state blobs, read the history, and set
 * aside a blob that is not what watviz writes (wv_progress_get reads the
 * progress as it reads the terminal's file), saying so once.
 */
static void state_check(void)
{
	char why[80], *text;
	size_t len, scene;
	int line = 0, rc;

	if (web.checked)
		return;
	web.checked = true;
	web.note[0] = '\0';
	if (wv_state_path(NULL, NULL, "progress", web.progress, sizeof(web.progress)) < 0)
		web.progress[0] = '\0';
	if (wv_state_path(NULL, NULL, "history", web.history_file,
			  sizeof(web.history_file)) < 0)
		web.history_file[0] = '\0';
	if (web.progress[0]) {
		rc = wv_progress_get(web.progress, 0, "", &scene, &line);
		if (line > 0 || (rc < 0 && rc != -ENOENT)) {
			if (line > 0)
				snprintf(why, sizeof(why), "has a line (%d) that is not "
					 "'number name scene'", line);
			else
				snprintf(why, sizeof(why), "could not be read (%s)",
					 wv_state_strerror(rc));
			set_aside(web.progress, "lesson progress", why);
		}
	}
	if (!web.history_file[0])
		return;
	rc = wv_state_read(web.history_file, HISTORY_FILE_MAX, &text, &len);
	if (rc == 0 && !history_parse(text, len, false, &line)) {
		snprintf(why, sizeof(why), "has a line (%d) that is not a command", line);
		set_aside(web.history_file, "command history", why);
	} else if (rc == 0) {
		history_parse(text, len, true, &line);
	} else if (rc != -ENOENT) {
		snprintf(why, sizeof(why), "could not be read (%s)", wv_state_strerror(rc));
		set_aside(web.history_file, "command history", why);
	}
	free(text);
}

/* ---- the lessons built in ----------------------------------------------- */

/* Lesson file f (one of web.files) as wv_lesson_load reads a file: its
   text is built in (src/web/lessons.h). */
static int load_builtin(const struct wv_lesson_file *f, wv_lesson **out,
			struct wv_error *err)
{
	size_t k = (size_t)(f - web.files);

	if (!web.files || f < web.files || k >= wv_web_nlessons) {
		wv_error_set(err, 0, 0, "not a lesson built into the page");
		return -ENOENT;
	}
	return wv_lesson_parse(wv_web_lessons[k].text, wv_web_lessons[k].len, out, err);
}

/*
 * The built-in lessons as the lesson files of the terminal's class (named
 * as they are in lessons/, for the messages), so :lesson N, :next, :prev
 * and the end screen move between them through src/app/classroom.c, as
 * in the terminal.  false when out of memory: then only the lesson a
 * link names opens.
 */
static bool lessons_list(void)
{
	size_t n = wv_web_nlessons;

	if (web.files)
		return true;
	web.files = calloc(n ? n : 1, sizeof(*web.files));
	web.names = calloc(n + 1, sizeof(*web.names));
	if (!web.files || !web.names) {
		free(web.files);
		free(web.names);
		web.files = NULL;
		web.names = NULL;
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		struct wv_lesson_file *f = &web.files[i];

		f->number = wv_web_lessons[i].number;
		snprintf(f->slug, sizeof(f->slug), "%s", wv_web_lessons[i].slug);
		snprintf(f->path, sizeof(f->path), "lessons/%02u-%s.lesson", f->number,
			 f->slug);
		web.names[i] = f->slug;
	}
	return true;
}

/* The options every lesson of the page starts with (then the link's). */
static struct wv_ui_opts *lesson_opts(void)
{
	struct wv_ui_opts *o = &web.opts;

	memset(o, 0, sizeof(*o));
	o->restart_how = "scene=1 in the link";
	if (lessons_list()) {
		o->files = web.files;
		o->nfiles = wv_web_nlessons;
		o->run_last = wv_web_nlessons ? wv_web_nlessons - 1 : 0;
		o->load = load_builtin;
	}
	return o;
}

/* What the page provides the session (src/session/): no files to write
   (:json says so), the browser's storage for the history, a worker for
   a 32-bit :try. */
static int try_elsewhere(void *ctx, const struct wv_variant *v, const struct wv_try *t,
			 const char *formula);
static const struct wv_session_platform platform = {
	.write_json = NULL, .remember = remember, .try_job = try_elsewhere,
};

/* ---- :try off the page's main thread ------------------------------------ */

static void job_drop(void)
{
	web.job = 0;
}

/*
 * ":try EXPR" on a 32-bit variant: every one of the 2^32 words is checked
 * (a proof, as the issue asks of the page; 64-bit formulas get the
 * sampled check the terminal's :try gives without Z3, at once).  That
 * takes minutes, so the formula is only parsed here (the same checks and
 * messages as the terminal's :try) and handed out as a job: the page runs
 * it on a worker with the same module (wv_web_prove) and brings the
 * verdict back (wv_web_proved); the page stays live meanwhile, and Esc or
 * Ctrl-C stops it.  -1: another line.
 */
static int try_elsewhere(void *ctx, const struct wv_variant *v, const struct wv_try *t,
			 const char *formula)
{
	(void)ctx;
	(void)t;
	if (v->bits != 32)
		return -1;
	web.job = ++web.jobs;	/* a new :try replaces one that runs */
	snprintf(web.job_text, sizeof(web.job_text), "%s\n%s", v->name, formula);
	wv_session_msg(&web.s, false, "try: checking all 2^32 words on %s (Esc or "
		       "Ctrl-C stops it)", v->name);
	return 0;
}

int wv_web_proving(void)
{
	return web.job;
}

const char *wv_web_prove_job(void)
{
	return web.job ? web.job_text : "";
}

/* The verdict of job (wv_web_prove's line, or NULL: stopped by the key
   named how) shown. */
static int job_done(const char *result, const char *how)
{
	struct wv_proof p = { 0 };
	unsigned long long cex, checked;
	int rc, holds, proof, smallest;
	double seconds;

	if (!web.job)
		return WV_REACT_NONE;
	if (!result) {
		rc = -EINTR;
	} else if (sscanf(result, "%d %d %d %d %llx %llu %lf", &rc, &holds, &proof,
			  &smallest, &cex, &checked, &seconds) != 7) {
		wv_session_try_cancel(&web.s);
		wv_session_msg(&web.s, true, "try: the worker's verdict cannot be "
			       "read (\"%.40s\"); nothing was decided", result);
		job_drop();
		return WV_REACT_REDRAW;
	} else {
		p = (struct wv_proof){ .holds = holds, .is_proof = proof,
				       .smallest = smallest, .cex = cex, .checked = checked,
				       .seconds = seconds,
				       .method = proof ? "exhaustive" : "sampled" };
	}
	job_drop();
	return wv_session_try_done(&web.s, rc, &p, how);
}

int wv_web_proved(int job, const char *result)
{
	if (!web.s.started || job != web.job)
		return WV_REACT_NONE;	/* stopped, or replaced: not this one's */
	return job_done(result, NULL);
}

/*
 * The worker's half: prove job ("ARCH\nFORMULA", wv_web_prove_job) as the
 * terminal's --try does without Z3 (every word at 32 bits) and say the
 * verdict as one line, "rc holds is_proof smallest cex checked seconds".
 */
const char *wv_web_prove(const char *job)
{
	static char out[128];
	char arch[64];
	const char *nl = strchr(job, '\n');
	const struct wv_variant *v;
	struct wv_proof p = { 0 };
	struct wv_error e;
	struct wv_try *t;
	int rc;

	snprintf(arch, sizeof(arch), "%.*s", nl ? (int)(nl - job) : 0, job);
	if (!nl || !(v = wv_wat_find(arch)) || !(t = malloc(sizeof(*t))))
		return "-22 0 0 0 0 0 0";
	if (wv_app_try_parse(v, nl + 1, t, &e) < 0) {
		free(t);
		return "-22 0 0 0 0 0 0";
	}
	rc = wv_prove_enumerate(&t->e, t->e.w != 32, &p);
	free(t);
	snprintf(out, sizeof(out), "%d %d %d %d %llx %llu %.2f", rc, p.holds, p.is_proof,
		 p.smallest, (unsigned long long)p.cex, (unsigned long long)p.checked,
		 p.seconds);
	return out;
}

/* ---- keys, clicks, ticks: the session's ---------------------------------- */

int wv_web_key(int key)
{
	/* a :try proving elsewhere: Esc or Ctrl-C stops it, as Ctrl-C in
	   the terminal */
	if (web.job && (key == 3 || (key == 27 && web.s.line == WV_LINE_NONE)))
		return job_done(NULL, key == 3 ? "Ctrl-C" : "Esc");
	return wv_session_key(&web.s, key);
}

int wv_web_wheel(int dir)
{
	return wv_session_act(&web.s, dir > 0 ? WV_ACT_NEXT : WV_ACT_PREV);
}

int wv_web_click(int y, int x)
{
	return wv_session_click(&web.s, wv_frame_target_at(&web.frame, y, x));
}

int wv_web_tick(void)
{
	return wv_session_tick(&web.s);
}

int wv_web_playing(void)
{
	return web.s.started && web.s.app.playing;
}

int wv_web_speed(void)
{
	return web.s.app.speed_ms;
}

int wv_web_typing(void)
{
	return web.s.line != WV_LINE_NONE;
}

/* ---- the frame ----------------------------------------------------------- */

void wv_web_resize(int rows, int cols)
{
	web.rows = rows < 1 ? 1 : rows > 500 ? 500 : rows;
	web.cols = cols < 1 ? 1 : cols > 500 ? 500 : cols;
}

int wv_web_rows(void)
{
	return web.frame.rows;
}

int wv_web_cols(void)
{
	return web.frame.cols;
}

const uint32_t *wv_web_frame(void)
{
	struct wv_frame *f = &web.frame;
	uint32_t *cells;

	if (!web.s.started || wv_frame_init(f, web.rows ? web.rows : WV_VIEW_MIN_ROWS,
					  web.cols ? web.cols : WV_VIEW_MIN_COLS) < 0)
		return NULL;
	wv_session_frame(&web.s, f);
	wv_session_draw_line(&web.s, f);
	cells = realloc(web.cells, (size_t)f->rows * (size_t)f->cols * sizeof(*cells));
	if (!cells)
		return NULL;
	web.cells = cells;
	for (int i = 0; i < f->rows * f->cols; i++) {
		const struct wv_cell *c = &f->cells[i];

		cells[i] = c->ch << WV_WEB_CH_SHIFT | c->role |
			   (c->focus ? WV_WEB_FOCUS : 0) | (c->cursor ? WV_WEB_CURSOR : 0);
	}
	return cells;
}

/*
 * What a screen reader should say: a lesson's text panel as the screen
 * shows it (the narration; while a question is asked, the narration and
 * the question; wv_lessonview_said, which hides what the screen hides),
 * or the sub-step's sentences, then the message line.
 */
const char *wv_web_said(void)
{
	static char said[WV_SESSION_SAID_MAX];

	wv_session_said(&web.s, said, sizeof(said));
	return said;
}

/* ---- links --------------------------------------------------------------- */

/* link=lesson's NAME: the index of the built-in lesson, or -1 */
static long find_lesson(void *ctx, const char *name)
{
	char *end;
	unsigned long n = strtoul(name, &end, 10);

	(void)ctx;
	for (size_t i = 0; i < wv_web_nlessons; i++)
		if ((*end == '\0' && end != name && wv_web_lessons[i].number == n) ||
		    strcmp(wv_web_lessons[i].slug, name) == 0)
			return (long)i;
	return -1;
}

/* The session takes over the app (and the lesson) just started. */
static void adopt(bool lesson, const struct wv_ui_opts *o)
{
	wv_session_adopt(&web.s, lesson, o, web.progress[0] ? web.progress : NULL,
			 &platform);
	web.s.names = web.names;
}

static void stop(void)
{
	job_drop();
	wv_session_stop(&web.s);
	wv_lesson_free(web.l);
	web.l = NULL;
}

/*
 * A link's step in a lesson: the scene shown opens at that sub-step of its
 * own trace when it has one there, as :step would take it in the
 * terminal (what is hidden while its question is open stays hidden);
 * else the scene stays at its own sub-step and err says why.
 */
static void lesson_step(const char *step, char *err, size_t size)
{
	char why[WV_APP_MSG_MAX];
	size_t k;

	if (web.s.cls.phase == WV_CLASS_END) {
		if (!err[0])
			snprintf(err, size, "link field 'step': the end of lesson %u has "
				 "no steps; a scene's link can have one", web.s.cls.number);
		return;
	}
	if (wv_step_find(&web.s.app.trace, step, &k, why, sizeof(why)) < 0) {
		size_t n = strlen("--step ") + strlen(step);
		const char *w = strncmp(why, "--step ", 7) == 0 &&
				strncmp(why + 7, step, n - 7) == 0 &&
				strncmp(why + n, ": ", 2) == 0 ? why + n + 2 : why;

		if (!err[0])
			snprintf(err, size, "link field 'step': lesson %u scene %zu: %.140s",
				 web.s.cls.number, web.s.cls.scene + 1, w);
		return;
	}
	web.s.app.pos = k;
	wv_class_sync(&web.s.cls);
}

static int start_lesson(const struct wv_link *fl, char *err, size_t size)
{
	const struct wv_web_lesson *wl = &wv_web_lessons[fl->lesson];
	struct wv_error e = { 0 };
	struct wv_ui_opts *o = lesson_opts();

	if (wv_lesson_parse(wl->text, wl->len, &web.l, &e) != 0) {
		snprintf(err, size, "lesson %u: line %d: %.150s", wl->number, e.line, e.msg);
		return -1;
	}
	o->lesson = web.l;
	o->lesson_number = wl->number;
	o->lesson_slug = wl->slug;
	o->lesson_index = (size_t)(wl - wv_web_lessons);
	o->present = fl->present;
	o->variant = fl->arch_given ? fl->v : NULL;
	/* a link's scene is where to go; without one, where the lesson
	   stopped in this browser, as --lesson N */
	o->restart = fl->scene > 0;
	o->measure = wv_measure_none;	/* the browser's clock is too coarse */
	if (wv_class_init(&web.s.cls, &web.s.app, o, web.progress[0] ? web.progress
								: NULL) < 0) {
		snprintf(err, size, "lesson %u: %.170s", wl->number, web.s.app.msg);
		wv_lesson_free(web.l);
		web.l = NULL;
		return -1;
	}
	/* the class owns it now: :lesson, :next and the end screen free the
	   lesson they leave */
	web.s.cls.owned = web.l;
	web.l = NULL;
	/* the scene in the link was this lesson's: the next ones resume */
	web.s.cls.restart = false;
	adopt(true, o);
	if (fl->scene == WV_LINK_SCENE_END) {
		/* as ] from the last scene: its trace under the end screen */
		if (web.s.cls.nscenes)
			wv_class_goto(&web.s.cls, web.s.cls.nscenes - 1);
		wv_class_goto(&web.s.cls, web.s.cls.nscenes);
	} else if (fl->scene > 0 && (size_t)fl->scene <= web.s.cls.nscenes) {
		wv_class_goto(&web.s.cls, (size_t)fl->scene - 1);
	} else if (fl->scene > 0) {
		snprintf(err, size, "link field 'scene': lesson %u has scenes 1 to %zu",
			 wl->number, web.s.cls.nscenes);
		return 0;	/* the step was that scene's */
	}
	if (fl->step[0])
		lesson_step(fl->step, err, size);
	return 0;
}

static int start_trace(const struct wv_link *fl, char *err, size_t size)
{
	uint8_t word[WV_WORD_MAX];
	size_t len;
	struct wv_error e;
	const char *src = fl->has_word ? fl->word : "ab\\0cd";

	if (wv_word_parse(src, word, &len, &e) < 0) {
		snprintf(err, size, "link field 'word': column %d: %.140s", e.col, e.msg);
		src = "ab\\0cd";
		wv_word_parse(src, word, &len, &e);
	}
	if (wv_app_init(&web.s.app, word, len, src, fl->v, (size_t)fl->offset,
			fl->fill, fl->delim) < 0) {
		snprintf(err, size, "link: %.180s", web.s.app.msg);
		if (wv_app_init(&web.s.app, word, len, src, fl->v, 0, 0, -1) < 0)
			return -1;
	}
	adopt(false, lesson_opts());
	if (fl->page > 0) {
		struct wv_trace_in in = web.s.app.trace.in;

		in.word = word;
		in.page_end = (size_t)fl->page;
		if (wv_app_set_input(&web.s.app, &in, src) < 0)
			snprintf(err, size, "link field 'page': %.170s", web.s.app.msg);
	}
	return 0;
}

/*
 * A link's split view: the second variant under the first (none: closed),
 * as :split takes it (in a lesson, as the class does: waiting while it
 * would answer a question, and said so); else err says why and the view
 * stays as it opened.
 */
static void link_split(const struct wv_link *fl, char *err, size_t size)
{
	char said[WV_APP_MSG_MAX];

	if (web.s.app.split_v == fl->split)
		return;
	snprintf(said, sizeof(said), "%s", web.s.app.msg);
	if (web.s.lesson)
		wv_class_split(&web.s.cls, fl->split);
	else
		wv_app_split(&web.s.app, fl->split);
	if (web.s.app.split_v != fl->split && !err[0])
		snprintf(err, size, "link field 'split': %.170s", web.s.app.msg);
	else if (web.s.lesson && fl->split && !wv_class_split_shown(&web.s.cls))
		return;		/* the class's word: it waits, and until when */
	snprintf(web.s.app.msg, sizeof(web.s.app.msg), "%s", said);	/* the link's own */
}

/*
 * A link's layout=: the split view's columns, as :set split memory|own;
 * memory with the split view closed is named in err (own is its default).
 */
static void link_layout(const struct wv_link *fl, char *err, size_t size)
{
	char said[WV_APP_MSG_MAX];

	if (!web.s.app.split_v) {
		if (fl->layout && !err[0])
			snprintf(err, size, "link field 'layout': the split view's; add "
				 "split=NAME (or drop layout=)");
		return;
	}
	snprintf(said, sizeof(said), "%s", web.s.app.msg);
	wv_app_split_layout(&web.s.app, fl->layout != 0);
	snprintf(web.s.app.msg, sizeof(web.s.app.msg), "%s", said);	/* the link's own */
}

int wv_web_open(const char *fragment)
{
	struct wv_link fl;
	char err[WV_APP_MSG_MAX] = "";
	bool ok = wv_link_parse(fragment ? fragment : "", &fl, find_lesson, NULL, err,
				sizeof(err)) == 0;

	stop();
	state_check();
	/* the link's theme, else the browser's preference */
	web.s.theme = fl.theme >= 0 ? (enum wv_theme)fl.theme : WV_THEME_DARK;
	web.s.theme_chosen = fl.theme >= 0;
	if (fl.lesson >= 0 && start_lesson(&fl, err, sizeof(err)) < 0)
		fl.lesson = -1;	/* said in err; the first screen instead */
	if (fl.lesson < 0) {
		if (start_trace(&fl, err, sizeof(err)) < 0)
			return -1;
		wv_app_msg(&web.s.app, false, "Right/Left step through %s; ? shows "
			   "every key.", web.s.app.v->name);
	}
	if (fl.step[0] && !web.s.lesson) {	/* a lesson's: start_lesson */
		size_t k;
		char why[WV_APP_MSG_MAX];

		if (wv_step_find(&web.s.app.trace, fl.step, &k, why, sizeof(why)) == 0)
			web.s.app.pos = k;
		else if (!err[0])
			snprintf(err, sizeof(err), "link: %.180s", why);
	}
	if (fl.split_given)
		link_split(&fl, err, sizeof(err));
	if (fl.layout >= 0)
		link_layout(&fl, err, sizeof(err));
	if (strcmp(fl.view, "compare") == 0 && web.s.lesson &&
	    wv_class_would_answer(&web.s.cls)) {
		/* as c and :compare: every variant's values would answer it */
		if (!err[0])
			snprintf(err, sizeof(err), "link field 'view': the compare view "
				 "opens once the question is answered (s shows the answer)");
	} else if (strcmp(fl.view, "compare") == 0)
		web.s.app.view = WV_VIEW_COMPARE;
	else if (strcmp(fl.view, "help") == 0)
		web.s.app.view = WV_VIEW_HELP;
	if (err[0]) {
		wv_app_msg(&web.s.app, true, "%s%s%s", err, web.note[0] ? " " : "",
			   web.note);
		ok = false;
	} else if (web.note[0]) {
		wv_app_msg(&web.s.app, true, "%s", web.note);
	}
	web.note[0] = '\0';	/* said once */
	return ok ? 0 : -1;
}

/* A lesson link's split: only where the view is not the scene's own. */
static const char *lesson_split(void)
{
	const struct wv_variant *own = web.s.cls.phase != WV_CLASS_END &&
				       web.s.cls.scene < web.s.cls.nscenes
				       ? wv_lesson_scene(web.s.cls.lesson, web.s.cls.scene)->split
				       : NULL;

	if (web.s.app.split_v == own)
		return NULL;
	return web.s.app.split_v ? web.s.app.split_v->name : "none";
}

const char *wv_web_link(void)
{
	struct wv_app *app = &web.s.app;

	web.link[0] = '\0';
	if (!web.s.started)
		return web.link;
	if (web.s.lesson)
		/* the step only where it is not the one the scene shows */
		wv_weblink_lesson(web.s.cls.number, web.s.cls.phase == WV_CLASS_END ? 0
				  : web.s.cls.scene + 1, &app->trace,
				  web.s.cls.phase == WV_CLASS_END || app->pos == web.s.cls.shown
				  ? app->trace.nsubs : app->pos,
				  web.s.cls.arch_opt ? web.s.cls.arch_opt->name : NULL,
				  lesson_split(), web.s.cls.present, web.link, sizeof(web.link));
	else
		wv_weblink_trace(&app->trace, app->word_src, app->pos,
				 app->view == WV_VIEW_COMPARE,
				 app->split_v ? app->split_v->name : NULL, web.link,
				 sizeof(web.link));
	if (app->split_v && app->split_mem) {	/* M, :set split, or the link's */
		size_t n = strlen(web.link);

		snprintf(web.link + n, sizeof(web.link) - n, "&layout=memory");
	}
	if (web.s.theme_chosen) {	/* :set theme, or the link's */
		size_t n = strlen(web.link);

		snprintf(web.link + n, sizeof(web.link) - n, "&theme=%s",
			 wv_theme_name(web.s.theme));
	}
	return web.link;
}
