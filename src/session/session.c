/*
 * The interaction, once (session/session.h): keys, clicks, ticks and
 * finished lines for every front-end, routed to the visualizer or the
 * lesson.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/lessonview.h"
#include "app/state.h"
#include "app/view.h"
#include "render/theme.h"

#include "keep.h"

/* a live class's part, at the end of the file */
static void live_follow(struct wv_session *s);
static int live_key(struct wv_session *s, enum wv_action act);
static void live_panel(struct wv_frame *f, const struct wv_session *s);
static void join_screen(struct wv_frame *f, const struct wv_session *s);
static void live_summary(struct wv_frame *f, const struct wv_session *s);

/* Open the line a reaction asks for (and let a live class follow). */
static int opened(struct wv_session *s, int react)
{
	const char *prompt, *text = "";
	enum wv_line kind;

	if (react & WV_REACT_PROMPT) {
		kind = WV_LINE_COMMAND;
		prompt = ":";
	} else if (react & WV_REACT_EDIT) {
		kind = WV_LINE_WORD;
		prompt = "word: ";
		text = s->app.word_src;
	} else if ((react & WV_REACT_ANSWER) && s->lesson) {
		kind = WV_LINE_ANSWER;
		prompt = wv_class_prompt(&s->cls);
		text = s->cls.retry;
	} else {
		live_follow(s);
		return react;
	}
	live_follow(s);
	s->line = kind;
	snprintf(s->prompt, sizeof(s->prompt), "%s", prompt);
	snprintf(s->text, sizeof(s->text), "%s", text);
	s->len = s->at = strlen(s->text);
	s->recall = s->nhistory;
	s->selected = kind == WV_LINE_ANSWER && s->cls.retry_selected && s->len;
	return react;
}

static void close_line(struct wv_session *s)
{
	s->line = WV_LINE_NONE;
	s->selected = false;
}

/* ---- start and stop ------------------------------------------------------ */

void wv_session_adopt(struct wv_session *s, bool lesson, const struct wv_ui_opts *opts,
		      const char *progress_path, const struct wv_session_platform *plat)
{
	s->lesson = lesson;
	s->started = true;
	s->opts = opts;
	s->progress = progress_path;
	if (plat)
		s->plat = *plat;
	close_line(s);
}

int wv_session_init(struct wv_session *s, const struct wv_ui_opts *opts,
		    const char *progress_path, const struct wv_session_platform *plat)
{
	bool lesson = opts->lesson != NULL;

	if (lesson ? wv_class_init(&s->cls, &s->app, opts, progress_path) < 0
		   : wv_app_open(&s->app, opts) < 0)
		return -1;
	s->theme = opts->theme;
	wv_session_adopt(s, lesson, opts, progress_path, plat);
	if (opts->files && !s->file_names &&
	    (s->file_names = calloc(opts->nfiles + 1, sizeof(*s->file_names)))) {
		for (size_t i = 0; i < opts->nfiles; i++)
			s->file_names[i] = opts->files[i].slug;
		s->names = s->file_names;
	}
	if (!lesson && !opts->step)
		wv_session_hello(s);
	return 0;
}

void wv_session_hello(struct wv_session *s)
{
	wv_app_msg(&s->app, false, "Right/Left step through %s; ? shows every key.",
		   s->app.v->name);
}

void wv_session_stop(struct wv_session *s)
{
	if (s->started) {
		if (s->lesson)
			wv_class_free(&s->cls);
		wv_app_free(&s->app);
	}
	s->started = s->lesson = false;
	wv_session_try_cancel(s);
	close_line(s);
}

void wv_session_free(struct wv_session *s)
{
	wv_session_stop(s);
	for (size_t i = 0; i < s->nhistory; i++)
		free(s->history[i]);
	s->nhistory = 0;
	free(s->sums);
	s->sums = NULL;
	s->nsums = 0;
	if (s->names == (const char *const *)s->file_names)
		s->names = NULL;
	free(s->file_names);
	s->file_names = NULL;
}

/* ---- the ':' history ----------------------------------------------------- */

void wv_session_history_push(struct wv_session *s, const char *text, size_t n)
{
	char *line = strndup(text, n);

	if (!line)
		return;
	if (s->nhistory == WV_HISTORY_MAX) {
		free(s->history[0]);
		memmove(s->history, s->history + 1,
			(WV_HISTORY_MAX - 1) * sizeof(s->history[0]));
		s->nhistory--;
	}
	s->history[s->nhistory++] = line;
}

/*
 * Keep a finished line: not a blank one, not the last one again.  The
 * editor's list here, and the store: the platform's (readline's list and
 * file in the terminal), or the list's blob the session keeps itself (the
 * browser's storage in the page, keep.c).
 */
static void remember(struct wv_session *s, const char *line)
{
	int rc;

	if (line[strspn(line, " \t")] == '\0' ||
	    (s->nhistory && strcmp(s->history[s->nhistory - 1], line) == 0))
		return;
	wv_session_history_push(s, line, strlen(line));
	rc = s->history_name[0] ? ss_keep_history(s)
	     : s->plat.remember ? s->plat.remember(s->plat.ctx, line) : 0;
	if (rc >= 0)
		return;
	if (!s->remember_failed && !s->app.msg_error) {
		const char *file = s->history_name[0] ? s->history_name
				   : s->plat.history_file;
		char why[WV_APP_MSG_MAX];

		/* as the progress file's: which file, and how to fix it */
		wv_app_msg(&s->app, true, "could not save the command history: %s",
			   file && file[0] ? wv_state_explain(file, rc, why, sizeof(why))
			   : wv_state_strerror(rc));
	}
	s->remember_failed = true;
}

/* ---- ':' commands: parsed once, then one table ---------------------------- */

/* :lesson N in the free view: the lesson takes over the screen. */
static int free_lesson(struct wv_session *s)
{
	int rc = wv_class_from_free(&s->cls, &s->app, s->opts, s->progress,
				    s->cmd.text);

	if (rc == -2) {		/* out of memory: the app is gone */
		s->started = false;
		return WV_REACT_QUIT;
	}
	if (rc == 0)
		s->lesson = true;
	return WV_REACT_CLEAR | WV_REACT_REDRAW;
}

/* :try where the platform proves elsewhere (the page's worker). */
void wv_session_try_cancel(struct wv_session *s)
{
	free(s->try_t);
	s->try_t = NULL;
	s->try_v = NULL;
}

/* :try on the platform (a thread, a worker): parsed and checked here,
   proved there; -1: the app proves it at once. */
static int try_job(struct wv_session *s)
{
	struct wv_try *t;
	int r;

	if (!s->plat.try_job)
		return -1;
	wv_app_msg_clear(&s->app);
	if (!(t = malloc(sizeof(*t)))) {
		wv_app_msg(&s->app, true, "try: out of memory");
		return WV_REACT_REDRAW;
	}
	if (wv_app_try_begin(&s->app, s->cmd.text, t) < 0) {
		free(t);
		return WV_REACT_REDRAW;		/* app.msg says why */
	}
	if ((r = s->plat.try_job(s->plat.ctx, s->app.v, t, s->cmd.text)) < 0) {
		free(t);
		return -1;
	}
	wv_session_try_cancel(s);	/* a new :try replaces one that runs */
	s->try_t = t;
	s->try_v = s->app.v;
	return s->lesson ? WV_REACT_REDRAW | wv_class_sync(&s->cls) : WV_REACT_REDRAW;
}

int wv_session_try_done(struct wv_session *s, int rc, const struct wv_proof *p,
			const char *stopped_by)
{
	int r;

	if (!s->try_t)
		return WV_REACT_NONE;
	if (s->app.v != s->try_v && rc != -EINTR) {
		wv_app_msg(&s->app, false, "try: the formula was checked on %s, not "
			   "on %s shown now: :try again here", s->try_v->name,
			   s->app.v->name);
		wv_session_try_cancel(s);
		return WV_REACT_REDRAW;
	}
	r = wv_app_try_verdict(&s->app, s->try_t, rc, p);
	if (rc == -EINTR)	/* with the key that stopped it */
		wv_app_msg(&s->app, false, "try: stopped (%s); nothing was decided",
			   stopped_by ? stopped_by : "Ctrl-C");
	wv_session_try_cancel(s);
	if (s->lesson)
		r |= wv_class_sync(&s->cls);
	return r | WV_REACT_REDRAW;
}

/* :set theme: how every screen is drawn, for the front-end to follow. */
static int set_theme(struct wv_session *s)
{
	s->theme = (enum wv_theme)s->cmd.num;
	s->theme_chosen = true;
	wv_app_msg(&s->app, false, s->theme == WV_THEME_LIGHT
		   ? "light theme: " WV_THEME_LIGHT_IS " (:set theme dark goes back)"
		   : "dark theme (:set theme light draws " WV_THEME_LIGHT_IS ")");
	return WV_REACT_CLEAR | WV_REACT_REDRAW;
}

/*
 * :class [ADDR][:PORT] in a lesson: the front-end starts its server, and
 * the join screen shows how to join, as --class does at the start.  A
 * failure (a busy port, no server built) is the message line's.
 */
static int class_cmd(struct wv_session *s)
{
	char err[WV_APP_MSG_MAX];

	if (!s->lesson)
		return -1;	/* the visualizer says a lesson comes first */
	if (s->live) {
		wv_app_msg(&s->app, false, "The class is served already, at %s "
			   "(J shows how to join).", s->join_url);
		return WV_REACT_REDRAW;
	}
	if (!s->plat.class_start) {
		wv_app_msg(&s->app, true, "class: the page serves no class; "
			   "watviz --class --lesson %u in a terminal does", s->cls.number);
		return WV_REACT_REDRAW;
	}
	if (s->plat.class_start(s->plat.ctx, s->cmd.text, err, sizeof(err)) < 0) {
		wv_app_msg(&s->app, true, "%s", err);
		return WV_REACT_REDRAW;
	}
	wv_session_show_join(s);	/* the class joins first */
	return WV_REACT_REDRAW | WV_REACT_CLEAR;
}

static int lesson_or_app(struct wv_session *s)
{
	return s->lesson ? wv_class_command(&s->cls, &s->cmd, s->plat.write_json)
			 : wv_app_command(&s->app, &s->cmd, s->plat.write_json);
}

/* Commands that the session itself routes; the rest go to the lesson (in
   one) or the visualizer.  A handler's -1: route it as the rest. */
static const struct {
	enum wv_cmd_kind kind;
	bool free_only;			/* only outside a lesson */
	int (*run)(struct wv_session *s);
} routes[] = {
	{ WV_CMD_LESSON, true, free_lesson },
	{ WV_CMD_TRY, false, try_job },
	{ WV_CMD_THEME, false, set_theme },
	{ WV_CMD_CLASS, false, class_cmd },
};

static int command(struct wv_session *s, const char *line)
{
	char err[WV_APP_MSG_MAX];

	if (wv_cmd_parse(line, &s->cmd, err, sizeof(err)) < 0) {
		wv_app_msg(&s->app, true, "%s", err);
		return WV_REACT_REDRAW;
	}
	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
		int r;

		if (routes[i].kind != s->cmd.kind || (routes[i].free_only && s->lesson))
			continue;
		if ((r = routes[i].run(s)) >= 0)
			return r;
	}
	return lesson_or_app(s);
}

/* ---- lines --------------------------------------------------------------- */

bool wv_session_line_takes(const struct wv_session *s, int key)
{
	if (s->line != WV_LINE_ANSWER || !s->lesson)
		return true;
	return !wv_class_line_leaves(&s->cls, key, wv_keys_action(key));
}

bool wv_session_replaces(struct wv_session *s, int key)
{
	bool was = s->selected;

	s->selected = false;
	/* a character (a code point from the page, a UTF-8 byte from the
	   terminal) or an erase */
	return was && ((key >= 0x20 && key < WV_KEY_DOWN && key != 0x7f) ||
		       wv_keys_erases(key));
}

int wv_session_line_done(struct wv_session *s, const char *text)
{
	enum wv_line kind = s->line;
	char *line;
	int r;

	close_line(s);
	if (!s->started)
		return WV_REACT_NONE;
	if (kind == WV_LINE_ANSWER && text && s->cls.retry_selected &&
	    strcmp(text, s->cls.retry) == 0)
		/* Enter on the wrong answer left as it was: the line again,
		   nothing graded twice */
		return opened(s, WV_REACT_ANSWER | WV_REACT_REDRAW);
	if (kind == WV_LINE_ANSWER)	/* answers stay out of the history */
		return opened(s, wv_class_answer(&s->cls, text));
	if (!text || kind == WV_LINE_NONE)
		return WV_REACT_REDRAW;
	/* a copy: text may be the editor's, which a reaction opens again */
	if (!(line = strdup(text))) {
		wv_app_msg(&s->app, true, "out of memory: the line was not run");
		return WV_REACT_REDRAW;
	}
	if (kind == WV_LINE_WORD) {
		/* kept as the command that does the same, for Up on ':' */
		size_t size = 2 * strlen(line) + 8;
		char *cmd = malloc(size);

		r = wv_app_set_word_src(&s->app, line);
		if (s->lesson)	/* a question of the old word goes */
			r |= wv_class_sync(&s->cls);
		/* after: a failure to keep it is what the message line says */
		if (cmd && wv_cmd_word(line, cmd, size) == 0)
			remember(s, cmd);
		free(cmd);
	} else {
		r = command(s, line);
		remember(s, line);	/* after, as the word's */
	}
	free(line);
	return opened(s, r);
}

/* ---- keys, clicks, ticks ------------------------------------------------- */

int wv_session_act(struct wv_session *s, enum wv_action act)
{
	if (!s->started || s->line != WV_LINE_NONE || s->blank)
		return WV_REACT_NONE;
	return opened(s, s->lesson ? wv_class_do(&s->cls, act) : wv_app_do(&s->app, act));
}

int wv_session_wheel(struct wv_session *s, int dir)
{
	return wv_session_act(s, dir > 0 ? WV_ACT_NEXT : WV_ACT_PREV);
}

/* A key's action in a lesson: the live class's keys first. */
static int lesson_act(struct wv_session *s, enum wv_action act)
{
	int r;

	if (s->join_shown && act != WV_ACT_QUIT) {
		s->join_shown = false;	/* any key goes back */
		return WV_REACT_REDRAW | WV_REACT_CLEAR;
	}
	if ((r = live_key(s, act)) >= 0)
		return opened(s, r);
	return opened(s, wv_class_do(&s->cls, act));
}

int wv_session_key(struct wv_session *s, int key)
{
	enum wv_action act;

	if (!s->started)
		return WV_REACT_NONE;
	if (s->blank) {		/* any key brings the screen back, and only that */
		s->blank = false;
		return WV_REACT_CLEAR | WV_REACT_REDRAW;
	}
	if (s->line != WV_LINE_NONE) {
		if (wv_session_line_takes(s, key))
			return wv_session_edit_key(s, key);
		/* a lesson key the answer line leaves: the line closes */
		close_line(s);
		return lesson_act(s, wv_keys_action(key)) | WV_REACT_REDRAW;
	}
	act = wv_app_action(&s->app, key);
	if (act == WV_ACT_BLANK) {
		s->blank = true;
		return WV_REACT_CLEAR | WV_REACT_REDRAW;
	}
	if (s->lesson)
		return lesson_act(s, act);
	return opened(s, wv_app_do(&s->app, act));
}

void wv_session_msg(struct wv_session *s, bool error, const char *fmt, ...)
{
	char buf[WV_APP_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	wv_app_msg(&s->app, error, "%s", buf);
}

void wv_session_set_mouse(struct wv_session *s, bool on)
{
	wv_app_set_mouse(&s->app, on);
}

int wv_session_goto_step(struct wv_session *s, const char *spec)
{
	return wv_app_goto_step(&s->app, spec, "--step");
}

int wv_session_click(struct wv_session *s, unsigned target)
{
	if (!s->started || s->line != WV_LINE_NONE || s->blank)
		return WV_REACT_NONE;	/* the line is being typed: not now */
	return opened(s, s->lesson ? wv_class_click(&s->cls, target)
				   : wv_app_click(&s->app, target));
}

int wv_session_tick(struct wv_session *s)
{
	if (!s->started || !s->app.playing)
		return WV_REACT_NONE;
	return opened(s, s->lesson ? wv_class_tick(&s->cls) : wv_app_tick(&s->app));
}

void wv_session_frame(struct wv_session *s, struct wv_frame *f)
{
	if (!s->started)
		return;
	if (s->blank) {		/* nothing of the trace: no answer shows */
		for (int y = 0; y < f->rows; y++)
			wv_frame_fill(f, y, 0, f->cols, WV_ROLE_TEXT, ' ');
		return;
	}
	if (s->lesson)
		wv_lessonview_build(f, &s->cls);
	else
		wv_view_build(f, &s->app);
	if (s->live && s->lesson && s->join_shown)
		join_screen(f, s);
	else if (s->live && s->lesson && s->cls.phase == WV_CLASS_END)
		live_summary(f, s);
	else if (s->live && s->lesson && f->rows >= 20)
		live_panel(f, s);
}

void wv_session_said(const struct wv_session *s, char *out, size_t size)
{
	const struct wv_app *app = &s->app;
	size_t n;

	if (!size)
		return;
	out[0] = '\0';
	if (!s->started)
		return;
	if (s->blank) {
		snprintf(out, size, "The screen is blank; any key brings it back.");
		return;
	}
	if (s->lesson) {
		/* room kept for the message line */
		wv_lessonview_said(&s->cls, out, size > WV_APP_MSG_MAX + 4
				   ? size - WV_APP_MSG_MAX - 4 : size);
	} else if (app->view == WV_VIEW_MAIN && app->pos < app->trace.nsubs) {
		const struct wv_substep *sub = &app->trace.subs[app->pos];
		size_t len = app->quiz ? sub->general : strlen(sub->text);

		snprintf(out, size, "%.*s", (int)len, sub->text);
	}
	for (char *p = out; *p; p++)	/* paragraphs as one line */
		if (*p == '\n')
			*p = ' ';
	n = strlen(out);
	snprintf(out + n, size - n, "%s%s", n && app->msg[0] ? " " : "", app->msg);
}

/* ---- a live class ------------------------------------------------------- */

void wv_session_live(struct wv_session *s, wv_live *live, const char *url,
		     const char *code, char *qr, size_t capacity)
{
	s->join_capacity = capacity;
	s->live = live;
	snprintf(s->join_url, sizeof(s->join_url), "%s", url ? url : "");
	snprintf(s->join_code, sizeof(s->join_code), "%s", code ? code : "");
	s->join_qr = qr;
	s->join_check = 0;		/* its check begins with it */
	s->join_why[0] = '\0';
}

void wv_session_show_join(struct wv_session *s)
{
	s->join_shown = true;
}

bool wv_session_live_changed(struct wv_session *s)
{
	bool changed = s->live_changed;

	s->live_changed = false;
	return changed;
}

void wv_session_live_check(struct wv_session *s, bool answered, const char *why)
{
	s->join_check = answered ? 1 : -1;
	snprintf(s->join_why, sizeof(s->join_why), "%s", why ? why : "");
}

/* The question voted on so far, summed up into s->sums. */
static void live_keep(struct wv_session *s)
{
	struct wv_live_summary sum, *more;

	if (!s->live || !wv_live_question(s->live) ||
	    wv_live_status(s->live).round == s->kept_round ||
	    wv_live_summary(s->live, &sum) < 0)
		return;
	s->kept_round = wv_live_status(s->live).round;
	more = realloc(s->sums, (s->nsums + 1) * sizeof(*more));
	if (!more)
		return;		/* a summary less; the votes are counted */
	s->sums = more;
	s->sums[s->nsums++] = sum;
}

void wv_session_live_end(struct wv_session *s)
{
	live_keep(s);
}

/*
 * After every reaction: a question the screen asks (the class at ASK) is
 * the class's vote, once per question and word; a question that cannot be
 * voted as options (a formula) says so.
 */
static void live_follow(struct wv_session *s)
{
	struct wv_live_question q;
	uint64_t later[64];
	size_t nlater;
	struct wv_class *c = &s->cls;

	if (s->live && s->lesson && s->started && c->phase == WV_CLASS_END)
		live_keep(s);	/* the lesson's last question, for its end */
	if (!s->live || !s->lesson || !s->started || c->phase != WV_CLASS_ASK ||
	    !c->has_question)
		return;
	if (s->live_lesson == c->number && s->live_scene == c->scene + 1 &&
	    s->live_draws == c->draws)
		return;
	s->live_lesson = c->number;
	s->live_scene = c->scene + 1;
	s->live_draws = c->draws;
	s->live_note[0] = '\0';
	live_keep(s);	/* the one before, as it ended */
	nlater = wv_class_later_answers(c, later, sizeof(later) / sizeof(later[0]));
	if (wv_live_question_of(wv_lesson_scene(c->lesson, c->scene), &s->app.trace,
				&c->answer, later, nlater, c->number,
				(unsigned)c->scene + 1, &q) < 0 ||
	    (q.drawn = c->draws > 0, wv_live_open(s->live, &q) == 0)) {
		snprintf(s->live_note, sizeof(s->live_note), "This question is "
			 "answered here, not voted: its answer is a formula.");
		return;
	}
	s->live_changed = true;
}

/* Is the class's round on the scene shown? */
static bool live_here(const struct wv_session *s)
{
	return s->live && s->lesson && s->live_lesson == s->cls.number &&
	       s->live_scene == s->cls.scene + 1 && s->live_draws == s->cls.draws &&
	       wv_live_status(s->live).state != WV_LIVE_NONE;
}

/*
 * The class's keys: s shows the votes with the answer (the phones get
 * theirs), V opens the second vote, J the join screen.  -1: not the
 * class's key here.
 */
static int live_key(struct wv_session *s, enum wv_action act)
{
	struct wv_live_status st;

	if (act == WV_ACT_CLASS_JOIN || act == WV_ACT_CLASS_REVOTE) {
		if (!s->live) {
			wv_app_msg(&s->app, false, "No live class: :class serves "
				   "one to the students' phones.");
			return WV_REACT_REDRAW;
		}
	}
	if (act == WV_ACT_CLASS_JOIN) {
		s->join_shown = !s->join_shown;
		return WV_REACT_REDRAW | WV_REACT_CLEAR;
	}
	if (!live_here(s))
		return act == WV_ACT_CLASS_REVOTE ? (wv_app_msg(&s->app, false, "V: the "
			"class votes again once its votes on this question are shown (s)."),
			WV_REACT_REDRAW) : -1;
	st = wv_live_status(s->live);
	if (act == WV_ACT_REVEAL && st.state != WV_LIVE_REVEALED) {
		wv_live_reveal(s->live);
		s->live_changed = true;
		/* and the lesson shows its answer (after a second vote, it
		   shows it already) */
		return (wv_class_do(&s->cls, act) & ~WV_REACT_BELL) | WV_REACT_REDRAW;
	}
	if (act == WV_ACT_CLASS_REVOTE) {
		if (wv_live_revote(s->live) == 0) {
			wv_app_msg(&s->app, false, "V: the class votes again after its "
				   "first votes are shown (s), once.");
			return WV_REACT_REDRAW;
		}
		s->live_changed = true;
		wv_app_msg(&s->app, false, "The class votes again: the same question, "
			   "the same options.");
		return WV_REACT_REDRAW;
	}
	return -1;
}

/* A bar of n of total in width columns, as '#'. */
static void bar(struct wv_frame *f, int y, int x, int width, size_t n, size_t total,
		enum wv_role role)
{
	int w = total ? (int)((n * (size_t)width + total / 2) / total) : 0;

	wv_frame_fill(f, y, x, w, role, '#');
}

/* One vote's histogram from row y; returns the row after it. */
static int live_histogram(struct wv_frame *f, const struct wv_session *s, unsigned vote,
			  int y, int ymax)
{
	struct wv_live_group g[WV_LIVE_OPTIONS_MAX];
	int n = wv_live_groups(s->live, vote, g);
	size_t total = 0;
	int pct = wv_live_percent_right(s->live, vote);

	for (int i = 0; i < n; i++)
		total += g[i].count;
	if (n <= 0 || y >= ymax)
		return y;
	wv_frame_printf(f, y++, 1, WV_ROLE_HEADING, "Vote %u: %zu answered, %d%% right",
			vote, total, pct < 0 ? 0 : pct);
	for (int i = 0; i < n && y < ymax; i++, y++) {
		char label[40];
		int x;

		snprintf(label, sizeof(label), "%s%.30s", g[i].right ? "right: " : "",
			 g[i].right ? wv_live_question(s->live)->opts[__builtin_ctz(g[i].options)].text
				    : g[i].name);
		x = wv_frame_put(f, y, 2, g[i].right ? WV_ROLE_ANSWER : WV_ROLE_TEXT, label);
		x = x < 40 ? 40 : x + 1;
		wv_frame_printf(f, y, x, WV_ROLE_HEX, "%4zu %3zu%%", g[i].count,
				total ? (g[i].count * 100 + total / 2) / total : 0);
		bar(f, y, x + 10, f->cols - x - 11, g[i].count, total,
		    g[i].right ? WV_ROLE_FLAG : WV_ROLE_FALSEPOS);
	}
	return y;
}

/*
 * The class's panel over the lesson's screen, above its status row: while
 * a round is open, how many joined and answered (nothing of how they
 * voted); once shown, the histogram by misconception, Mazur's hint and,
 * after a second vote, who moved where.
 */
static void live_panel(struct wv_frame *f, const struct wv_session *s)
{
	struct wv_live_status st = wv_live_status(s->live);
	int rows = 2, y, ymax = f->rows - 2;
	size_t moved[2][2];

	if (st.state == WV_LIVE_REVEALED)
		rows = st.vote == 2 ? 14 : 8;
	if (!live_here(s))
		rows = 1;
	y = ymax - rows;
	if (y < 2)
		y = 2;
	for (int r = y; r < ymax; r++)
		wv_frame_fill(f, r, 0, f->cols, WV_ROLE_TEXT, ' ');
	if (!live_here(s)) {
		wv_frame_printf(f, y, 1, WV_ROLE_DIM, "Live class: %zu joined at %s "
				"(code %s; J shows the QR code)%s%s", st.joined, s->join_url,
				s->join_code, s->live_note[0] ? ". " : "", s->live_note);
		return;
	}
	if (st.state == WV_LIVE_OPEN) {
		/* here: with the page open now (a phone gone leaves it when
		   its stream ends, 2 to 3 minutes after it opened, at the next
		   heartbeat; it stays joined) */
		wv_frame_printf(f, y, 1, WV_ROLE_HEADING, "Live class, vote %u: %zu of "
				"%zu answered; %zu here now", st.vote, st.answered,
				st.joined, st.here);
		wv_frame_printf(f, y + 1, 1, WV_ROLE_DIM, "s shows the votes and the "
				"answer; J how to join (code %s)", s->join_code);
		return;
	}
	y = live_histogram(f, s, 1, y, ymax);
	if (st.vote == 2)
		y = live_histogram(f, s, 2, y, ymax);
	if (st.vote == 2 && wv_live_moved(s->live, moved) == 0 && y < ymax)
		wv_frame_printf(f, y++, 1, WV_ROLE_TEXT, "Moved: right->right %zu, "
				"wrong->right %zu, right->wrong %zu, wrong->wrong %zu",
				moved[1][1], moved[0][1], moved[1][0], moved[0][0]);
	if (y < ymax) {
		int pct = wv_live_percent_right(s->live, st.vote);

		wv_frame_printf(f, y, 1, WV_ROLE_DIM, "%s%s", pct < 0 ? "No votes."
				: wv_live_hint((unsigned)pct), st.vote == 1 && pct >= 0
				? " (V: vote again)" : "");
	}
}

/*
 * Rows y and y + 1 of the join screen: what the server's check of its
 * own address proved (that it answers here, not that phones reach it),
 * or that it did not answer and what to do; then what to do when the
 * phones cannot load the page.
 */
static void join_checked(struct wv_frame *f, const struct wv_session *s, int y)
{
	const char *u = s->join_url;
	size_t skip = strncmp(u, "http://", 7) == 0 ? 7 : 0;
	int base = (int)(skip + strcspn(u + skip, "/"));	/* http://ADDR:PORT */

	if (s->join_check > 0)
		wv_frame_printf(f, y, 1, WV_ROLE_DIM, "Checked from this machine: "
				"%.*s answers.", base, u);
	else if (s->join_check < 0)
		wv_frame_printf(f, y, 1, WV_ROLE_ERROR, "No answer from %.*s here: %s.",
				base, u, s->join_why);
	else
		wv_frame_printf(f, y, 1, WV_ROLE_DIM, "Checking that %.*s answers here...",
				base, u);
	wv_frame_put(f, y + 1, 1, WV_ROLE_DIM, s->join_check < 0
		     ? "Phones may fail too: give another address (ip -brief address), or a hotspot."
		     : "Phones cannot load it? The same network for all, or a phone's hotspot.");
}

/* The join screen: the link, the code and the QR code of the link. */
static void join_screen(struct wv_frame *f, const struct wv_session *s)
{
	int y = 1, qrows = 0, qcols = 0;
	const char *p = s->join_qr;

	for (int r = 0; r < f->rows; r++)
		wv_frame_fill(f, r, 0, f->cols, WV_ROLE_TEXT, ' ');
	wv_frame_put(f, 0, 0, WV_ROLE_TITLE, " Join the class: open the link, or "
		     "scan the code, on a phone on this network ");
	wv_frame_printf(f, y++, 1, WV_ROLE_HEADING, "%s", s->join_url);
	wv_frame_printf(f, y++, 1, WV_ROLE_TEXT, "or open its address and type the "
			"code %s  (%zu joined of up to %zu; J goes back)", s->join_code,
			wv_live_status(s->live).joined, s->join_capacity);
	/* the QR code, centred, in the rows left: its rows are text of
	   blanks and block elements, a cell each */
	for (const char *q = p; q && *q; qrows++) {
		size_t n = strcspn(q, "\n"), k;
		int cols = 0;
		uint32_t ch;

		for (size_t i = 0; i < n && (k = wv_text_char(q + i, &ch)) != 0; i += k)
			cols++;
		qcols = cols > qcols ? cols : qcols;
		q += n + (q[n] == '\n');
	}
	if (!p || qrows > f->rows - y - 1 || qcols > f->cols) {
		wv_frame_put(f, y + 1, 1, WV_ROLE_DIM, p ? "(the window is too small "
			     "for the QR code: make it larger, or type the link)" : "");
		if (y + 3 < f->rows)
			join_checked(f, s, y + 2);
		return;
	}
	/* what the check of the address proved, and what to do when the
	   phones cannot load the page, on the last two rows where the QR
	   code leaves them (80x24 does) */
	if (qrows <= f->rows - y - 2) {
		join_checked(f, s, f->rows - 2);
		y += (f->rows - 2 - y - qrows) / 2;
	} else {
		y += (f->rows - y - qrows) / 2;
	}
	for (const char *q = p; *q; y++) {
		size_t n = strcspn(q, "\n");

		/* black on white, the status line's role */
		wv_frame_putn(f, y, (f->cols - qcols) / 2, WV_ROLE_STATUS, q, n);
		q += n + (q[n] == '\n');
	}
}

/*
 * At the end of a lesson: the class's questions summed up, one row each
 * (students, the share right in each vote, the commonest misconception),
 * over the lower rows of the end screen.
 */
static void live_summary(struct wv_frame *f, const struct wv_session *s)
{
	int rows = (int)s->nsums + 2, y = f->rows - 2 - rows;

	if (!s->nsums || y < 2)
		return;
	for (int r = y; r < f->rows - 2; r++)
		wv_frame_fill(f, r, 0, f->cols, WV_ROLE_TEXT, ' ');
	wv_frame_put(f, y++, 1, WV_ROLE_HEADING, "The class's votes");
	wv_frame_put(f, y++, 1, WV_ROLE_DIM, "lesson.scene  students  right 1  right 2  "
		     "commonest mistake");
	for (size_t i = 0; i < s->nsums && y < f->rows - 2; i++, y++) {
		const struct wv_live_summary *m = &s->sums[i];
		char r1[16] = "-", r2[16] = "-";

		if (m->right[0] >= 0)
			snprintf(r1, sizeof(r1), "%d%%", m->right[0]);
		if (m->right[1] >= 0)
			snprintf(r2, sizeof(r2), "%d%%", m->right[1]);
		wv_frame_printf(f, y, 1, WV_ROLE_TEXT, "%2u.%-9u  %8zu  %7s  %7s  %.40s",
				m->lesson, m->scene, m->students, r1, r2,
				m->ntop ? m->top[0] : "");
	}
}
