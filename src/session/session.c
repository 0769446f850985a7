/*
 * The interaction, once (watviz/session.h): keys, clicks, ticks and
 * finished lines for every front-end, routed to the visualizer or the
 * lesson.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/lessonview.h"
#include "watviz/state.h"
#include "watviz/view.h"

/* Open the line a reaction asks for. */
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
		return react;
	}
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
	wv_session_adopt(s, lesson, opts, progress_path, plat);
	return 0;
}

void wv_session_stop(struct wv_session *s)
{
	if (s->started) {
		if (s->lesson)
			wv_class_free(&s->cls);
		wv_app_free(&s->app);
	}
	s->started = s->lesson = false;
	close_line(s);
}

void wv_session_free(struct wv_session *s)
{
	wv_session_stop(s);
	for (size_t i = 0; i < s->nhistory; i++)
		free(s->history[i]);
	s->nhistory = 0;
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
 * editor's list here, and the platform's store (readline's list and file
 * in the terminal, the browser's storage in the page).
 */
static void remember(struct wv_session *s, const char *line)
{
	int rc;

	if (line[strspn(line, " \t")] == '\0' ||
	    (s->nhistory && strcmp(s->history[s->nhistory - 1], line) == 0))
		return;
	wv_session_history_push(s, line, strlen(line));
	if (!s->plat.remember || (rc = s->plat.remember(s->plat.ctx, line)) >= 0)
		return;
	if (!s->remember_failed && !s->app.msg_error)
		wv_app_msg(&s->app, true, "could not save the command history: %s",
			   wv_state_strerror(rc));
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
static int try_job(struct wv_session *s)
{
	int r;

	if (!s->plat.try_job ||
	    (r = s->plat.try_job(s->plat.ctx, &s->app, s->cmd.text)) < 0)
		return -1;
	return s->lesson ? r | wv_class_sync(&s->cls) : r;
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
	/* a character (a UTF-8 byte from the terminal too) or an erase */
	return was && ((key >= 0x20 && key < 0x100 && key != 0x7f) || wv_keys_erases(key));
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
	if (!s->started || s->line != WV_LINE_NONE)
		return WV_REACT_NONE;
	return opened(s, s->lesson ? wv_class_do(&s->cls, act) : wv_app_do(&s->app, act));
}

int wv_session_key(struct wv_session *s, int key)
{
	if (!s->started)
		return WV_REACT_NONE;
	if (s->line != WV_LINE_NONE) {
		if (wv_session_line_takes(s, key))
			return wv_session_edit_key(s, key);
		/* a lesson key the answer line leaves: the line closes */
		close_line(s);
		return opened(s, wv_class_do(&s->cls, wv_keys_action(key)) |
				 WV_REACT_REDRAW);
	}
	if (s->lesson)
		return opened(s, wv_class_do(&s->cls, wv_app_action(&s->app, key)));
	return opened(s, wv_app_key(&s->app, key));
}

int wv_session_click(struct wv_session *s, unsigned target)
{
	if (!s->started || s->line != WV_LINE_NONE)
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
	if (s->lesson)
		wv_lessonview_build(f, &s->cls);
	else
		wv_view_build(f, &s->app);
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
