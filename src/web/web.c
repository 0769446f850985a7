/*
 * The visualizer behind the web page (web.h): what src/ui/tui.c does for
 * the terminal, without one.  Keys go to the same actions (wv_app_key,
 * wv_class_do), the screens are the same frames (wv_view_build,
 * wv_lessonview_build); only the line that readline edits in the terminal
 * is edited here, in a few lines of its own (with readline's Up and Down
 * through the ':' history), and drawn on the last row.  Lesson progress
 * and that history are kept as the terminal keeps them, in state files
 * that are the browser's storage here (src/web/store.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "web.h"

#include <curses.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/app.h"
#include "watviz/classroom.h"
#include "watviz/cmdline.h"
#include "watviz/history.h"
#include "watviz/lesson.h"
#include "watviz/lessonview.h"
#include "watviz/progress.h"
#include "watviz/prove.h"
#include "watviz/screen.h"
#include "watviz/state.h"
#include "watviz/stepname.h"
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

enum line_kind { LINE_NONE, LINE_COMMAND, LINE_WORD, LINE_ANSWER };

static struct web {
	bool started;
	struct wv_app app;
	struct wv_class cls;
	bool lesson;
	wv_lesson *l;			/* the lesson shown, owned */
	int rows, cols;
	struct wv_frame frame;
	uint32_t *cells;		/* what wv_web_frame hands out */
	/* the open line: what readline edits in the terminal */
	enum line_kind line;
	char prompt[64];
	char text[WV_CMD_TEXT_MAX];
	size_t len, at;			/* bytes in text, the cursor */
	char link[LINK_MAX];
	char buf[BUF_MAX];
	/* the state files in the browser's storage (src/web/store.c) */
	bool checked;			/* looked at once, at the first open */
	char progress[64];		/* the progress blob's name, "" none */
	char history_file[64];		/* the history's, "" none or unreadable */
	bool history_failed;		/* said once that it cannot be saved */
	char note[WV_APP_MSG_MAX];	/* what the look found, said once */
	/* the ':' history, oldest first; at, while recalling, an index */
	char *history[WV_HISTORY_MAX];
	size_t nhistory, recall;
	char typed[WV_CMD_TEXT_MAX];	/* the line before Up was pressed */
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
	struct wv_try *job_try;
	const struct wv_variant *job_v;
	char job_text[WV_CMD_TEXT_MAX + 64];
} web;	/* all zero, so none of it is in the module's data (rows 0: 24) */

char *wv_web_buf(size_t n)
{
	return n <= sizeof(web.buf) ? web.buf : NULL;
}

/* ---- the state files ----------------------------------------------------- */

/* Append n bytes of line (copied) to the history list, dropping the
   oldest when full. */
static void history_push(const char *line, size_t n)
{
	char *s = strndup(line, n);

	if (!s)
		return;
	if (web.nhistory == WV_HISTORY_MAX) {
		free(web.history[0]);
		memmove(web.history, web.history + 1, (WV_HISTORY_MAX - 1) * sizeof(char *));
		web.nhistory--;
	}
	web.history[web.nhistory++] = s;
}

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
			history_push(s, n);
		s += n + 1;
	}
	return true;
}

static int history_fill(FILE *f, void *ctx)
{
	(void)ctx;
	for (size_t i = 0; i < web.nhistory; i++)
		fprintf(f, "%s\n", web.history[i]);
	return wv_file_error(f);
}

/*
 * Add a ':' line to the history (not a blank one, not a repeat of the
 * last) and save it: the list in memory is the page's whole history (one
 * page writes it at a time: it is read at the first open).
 */
static void history_add(const char *line)
{
	int rc;

	if (line[strspn(line, " ")] == '\0' ||
	    (web.nhistory && strcmp(web.history[web.nhistory - 1], line) == 0))
		return;
	history_push(line, strlen(line));
	if (!web.history_file[0])
		return;
	rc = wv_state_replace(web.history_file, WV_FILE_STATE, history_fill, NULL);
	if (rc < 0 && !web.history_failed) {
		web.history_failed = true;
		wv_app_msg(&web.app, true, "could not save the command history: %s",
			   wv_state_strerror(rc));
	}
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

/* ---- the line ------------------------------------------------------------ */

static void line_open(enum line_kind kind, const char *prompt, const char *text)
{
	web.line = kind;
	snprintf(web.prompt, sizeof(web.prompt), "%s", prompt);
	snprintf(web.text, sizeof(web.text), "%s", text ? text : "");
	web.len = web.at = strlen(web.text);
	web.recall = web.nhistory;
}

static int react(int r)
{
	if (r & WV_REACT_PROMPT)
		line_open(LINE_COMMAND, ":", NULL);
	else if (r & WV_REACT_EDIT)
		line_open(LINE_WORD, "word: ", web.app.word_src);
	else if (r & WV_REACT_ANSWER)
		line_open(LINE_ANSWER, wv_class_prompt(&web.cls), web.cls.retry);
	return r;
}

/* :json writes a file: the page has none to write (src/web/store.c). */
static int no_json(const struct wv_trace *t, const char *path)
{
	(void)t;
	(void)path;
	return -ENOSYS;
}

/*
 * :lesson N typed in the free view: the lesson takes over the page, as
 * tui.c's free_lesson does in the terminal.  -1 for another line.
 */
static int free_lesson(const char *line)
{
	static struct wv_cmd cmd;	/* 16 KiB: kept off the stack */
	char err[8];
	int rc;

	if (wv_cmd_parse(line, &cmd, err, sizeof(err)) < 0 || cmd.kind != WV_CMD_LESSON)
		return -1;
	rc = wv_class_from_free(&web.cls, &web.app, lesson_opts(),
				web.progress[0] ? web.progress : NULL, cmd.text);
	if (rc == -2) {		/* out of memory: the app is gone */
		web.started = false;
		return WV_REACT_REDRAW;
	}
	if (rc == 0) {
		web.lesson = true;
		web.cls.restart = false;
	}
	return WV_REACT_REDRAW;
}

/* ---- :try off the page's main thread ------------------------------------ */

static void job_drop(void)
{
	free(web.job_try);
	web.job_try = NULL;
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
static int try_elsewhere(const char *line)
{
	static struct wv_cmd cmd;	/* 16 KiB: kept off the stack */
	char err[8];
	struct wv_try *t;

	if (wv_cmd_parse(line, &cmd, err, sizeof(err)) < 0 || cmd.kind != WV_CMD_TRY ||
	    web.app.v->bits != 32)
		return -1;
	web.app.msg[0] = '\0';
	if (!(t = malloc(sizeof(*t)))) {
		wv_app_msg(&web.app, true, "try: out of memory");
		return WV_REACT_REDRAW;
	}
	if (wv_app_try_begin(&web.app, cmd.text, t) < 0) {
		free(t);
		return WV_REACT_REDRAW;		/* app->msg says why */
	}
	job_drop();	/* a new :try replaces one that runs */
	web.job_try = t;
	web.job_v = web.app.v;
	web.job = ++web.jobs;
	snprintf(web.job_text, sizeof(web.job_text), "%s\n%s", web.app.v->name, cmd.text);
	wv_app_msg(&web.app, false, "try: checking all 2^32 words on %s (Esc or "
		   "Ctrl-C stops it)", web.app.v->name);
	return WV_REACT_REDRAW;
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
		wv_app_msg(&web.app, true, "try: the worker's verdict cannot be read "
			   "(\"%.40s\"); nothing was decided", result);
		job_drop();
		return WV_REACT_REDRAW;
	} else {
		p = (struct wv_proof){ .holds = holds, .is_proof = proof,
				       .smallest = smallest, .cex = cex, .checked = checked,
				       .seconds = seconds,
				       .method = proof ? "exhaustive" : "sampled" };
	}
	if (web.app.v != web.job_v && rc != -EINTR) {
		wv_app_msg(&web.app, false, "try: the formula was checked on %s, not "
			   "on %s shown now: :try again here", web.job_v->name,
			   web.app.v->name);
		job_drop();
		return WV_REACT_REDRAW;
	}
	rc = wv_app_try_verdict(&web.app, web.job_try, rc, &p);
	if (!result)	/* the terminal's words, with the key that stopped it */
		wv_app_msg(&web.app, false, "try: stopped (%s); nothing was decided", how);
	job_drop();
	if (web.lesson)
		rc |= wv_class_sync(&web.cls);
	return rc;
}

int wv_web_proved(int job, const char *result)
{
	if (!web.started || job != web.job)
		return WV_REACT_NONE;	/* stopped, or replaced: not this one's */
	return react(job_done(result, NULL));
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

/* A finished line (NULL: abandoned), as tui.c's run_line. */
static int line_done(const char *text)
{
	enum line_kind kind = web.line;

	web.line = LINE_NONE;
	if (kind == LINE_ANSWER)
		return react(wv_class_answer(&web.cls, text));
	if (!text)
		return WV_REACT_REDRAW;
	if (kind == LINE_WORD)
		return react(wv_app_set_word_src(&web.app, text));
	char line[WV_CMD_TEXT_MAX];
	int r;

	snprintf(line, sizeof(line), "%s", text);	/* react may open a line */
	r = try_elsewhere(line);
	if (r < 0 && web.lesson)
		r = react(wv_class_command(&web.cls, line, no_json));
	else if (r < 0 && (r = free_lesson(line)) < 0)
		r = react(wv_app_command(&web.app, line, no_json));
	history_add(line);	/* after: its failure is what the line says */
	return r;
}

/* Tab: the longest common start of the command line's completions. */
static void line_complete(void)
{
	struct wv_cmd_matches m;
	size_t start = web.at, common;

	while (start > 0 && web.text[start - 1] != ' ')
		start--;
	char word[WV_CMD_TEXT_MAX];

	memcpy(word, web.text + start, web.at - start);
	word[web.at - start] = '\0';
	web.text[web.len] = '\0';
	lessons_list();
	if (wv_cmd_complete(web.text, start, word, web.names, &m) == 0)
		return;
	common = strlen(m.name[0]);
	for (size_t i = 1; i < m.n; i++) {
		size_t k = 0;

		while (k < common && m.name[i][k] == m.name[0][k])
			k++;
		common = k;
	}
	for (size_t k = web.at - start; k < common && web.len + 1 < sizeof(web.text); k++) {
		memmove(web.text + web.at + 1, web.text + web.at, web.len - web.at + 1);
		web.text[web.at++] = m.name[0][k];
		web.len++;
	}
}

static int line_key(int key)
{
	switch (key) {
	case '\n': case '\r': case KEY_ENTER:
		web.text[web.len] = '\0';
		return line_done(web.text) | WV_REACT_REDRAW;
	case 27:
		return line_done(NULL) | WV_REACT_REDRAW;
	case KEY_BACKSPACE: case 127: case 8:
		if (web.at == 0)
			return web.len == 0 ? line_done(NULL) | WV_REACT_REDRAW
					    : WV_REACT_BELL;
		memmove(web.text + web.at - 1, web.text + web.at, web.len - web.at);
		web.at--;
		web.len--;
		break;
	case KEY_DC:
		if (web.at == web.len)
			return WV_REACT_BELL;
		memmove(web.text + web.at, web.text + web.at + 1, web.len - web.at - 1);
		web.len--;
		break;
	case KEY_LEFT:
		web.at -= web.at > 0;
		break;
	case KEY_RIGHT:
		web.at += web.at < web.len;
		break;
	case KEY_HOME: case 1:
		web.at = 0;
		break;
	case KEY_END: case 5:
		web.at = web.len;
		break;
	case '\t':
		if (web.line == LINE_COMMAND)
			line_complete();
		break;
	case KEY_UP: case KEY_DOWN:	/* the ':' history, as readline's */
		if (web.line != LINE_COMMAND ||
		    (key == KEY_UP ? web.recall == 0 : web.recall == web.nhistory))
			return WV_REACT_BELL;
		web.text[web.len] = '\0';
		if (web.recall == web.nhistory)
			snprintf(web.typed, sizeof(web.typed), "%s", web.text);
		web.recall += key == KEY_UP ? (size_t)-1 : 1;
		snprintf(web.text, sizeof(web.text), "%s", web.recall < web.nhistory
			 ? web.history[web.recall] : web.typed);
		web.len = web.at = strlen(web.text);
		break;
	default:
		if (key < ' ' || key > '~' || web.len + 1 >= sizeof(web.text))
			return WV_REACT_BELL;
		memmove(web.text + web.at + 1, web.text + web.at, web.len - web.at);
		web.text[web.at++] = (char)key;
		web.len++;
	}
	return WV_REACT_REDRAW;
}

/* The line over the last row: prompt, text, the cursor; scrolled to show it. */
static void line_draw(struct wv_frame *f)
{
	int y = f->rows - 1, w = f->cols, p = (int)strlen(web.prompt);
	size_t first = 0;
	char shown[WV_CMD_TEXT_MAX];

	if (y < 0 || w <= p + 1)
		return;
	if ((int)web.at >= w - p - 1)
		first = web.at - (size_t)(w - p - 2);
	memcpy(shown, web.text + first, web.len - first);
	shown[web.len - first] = '\0';
	wv_frame_fill(f, y, 0, w, WV_ROLE_TEXT, ' ');
	wv_frame_put(f, y, 0, WV_ROLE_KEY, web.prompt);
	wv_frame_put(f, y, p, WV_ROLE_TEXT, shown);
	wv_frame_cursor(f, y, p + (int)(web.at - first), 1);
}

/* ---- keys, clicks, ticks ------------------------------------------------- */

int wv_web_key(int key)
{
	if (!web.started)
		return WV_REACT_NONE;
	/* at the answer line the lesson keys the screen names still work, as
	   in the terminal: no answer has an 's', '[' or ']' in it */
	if (web.line == LINE_ANSWER && (key == 's' || key == '[' || key == ']' ||
					key == KEY_NPAGE || key == KEY_PPAGE)) {
		web.line = LINE_NONE;
		return react(wv_class_do(&web.cls, wv_keys_action(key))) | WV_REACT_REDRAW;
	}
	/* a :try proving elsewhere: Esc or Ctrl-C stops it, as Ctrl-C in
	   the terminal */
	if (web.job && (key == 3 || (key == 27 && web.line == LINE_NONE)))
		return react(job_done(NULL, key == 3 ? "Ctrl-C" : "Esc"));
	if (web.line != LINE_NONE)
		return line_key(key);
	if (web.lesson)
		return react(wv_class_do(&web.cls, wv_app_action(&web.app, key)));
	return react(wv_app_key(&web.app, key));
}

int wv_web_click(int y, int x)
{
	unsigned target;

	if (!web.started || web.line != LINE_NONE)
		return WV_REACT_NONE;
	target = wv_frame_target_at(&web.frame, y, x);
	return react(web.lesson ? wv_class_click(&web.cls, target)
				: wv_app_click(&web.app, target));
}

int wv_web_tick(void)
{
	if (!web.started || !web.app.playing)
		return WV_REACT_NONE;
	return react(web.lesson ? wv_class_tick(&web.cls) : wv_app_tick(&web.app));
}

int wv_web_playing(void)
{
	return web.started && web.app.playing;
}

int wv_web_speed(void)
{
	return web.app.speed_ms;
}

int wv_web_typing(void)
{
	return web.line != LINE_NONE;
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

	if (!web.started || wv_frame_init(f, web.rows ? web.rows : WV_VIEW_MIN_ROWS,
					  web.cols ? web.cols : WV_VIEW_MIN_COLS) < 0)
		return NULL;
	if (web.lesson)
		wv_lessonview_build(f, &web.cls);
	else
		wv_view_build(f, &web.app);
	if (web.line != LINE_NONE)
		line_draw(f);
	cells = realloc(web.cells, (size_t)f->rows * (size_t)f->cols * sizeof(*cells));
	if (!cells)
		return NULL;
	web.cells = cells;
	for (int i = 0; i < f->rows * f->cols; i++) {
		const struct wv_cell *c = &f->cells[i];

		cells[i] = (uint32_t)(unsigned char)c->ch | (uint32_t)c->role << 8 |
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
	static char said[WV_NARRATION_MAX + WV_TEXT_MAX + WV_APP_MSG_MAX + 4];
	const struct wv_app *app = &web.app;
	size_t n = 0;

	said[0] = '\0';
	if (!web.started)
		return said;
	if (web.lesson) {
		wv_lessonview_said(&web.cls, said, WV_NARRATION_MAX + WV_TEXT_MAX);
	} else if (!web.lesson && app->view == WV_VIEW_MAIN &&
		   app->pos < app->trace.nsubs) {
		const struct wv_substep *sub = &app->trace.subs[app->pos];
		size_t len = app->quiz ? sub->general : strlen(sub->text);

		snprintf(said, sizeof(said), "%.*s", (int)len, sub->text);
	}
	for (char *p = said; *p; p++)	/* paragraphs as one line */
		if (*p == '\n')
			*p = ' ';
	n = strlen(said);
	snprintf(said + n, sizeof(said) - n, "%s%s", n && app->msg[0] ? " " : "",
		 app->msg);
	return said;
}

/* ---- links --------------------------------------------------------------- */

/* The field's value, %XX decoded, into out; false when it is not that. */
static bool decode(const char *s, size_t n, char *out, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			int hi = i + 2 < n ? wv_hex_digit(s[i + 1]) : -1;
			int lo = i + 2 < n ? wv_hex_digit(s[i + 2]) : -1;

			if (hi < 0 || lo < 0)
				return false;
			c = hi * 16 + lo;
			i += 2;
		} else if (c == '+') {
			c = ' ';
		}
		if (c == 0 || k + 1 >= size)
			return false;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	return true;
}

#define SCENE_END 1000	/* scene=end: the end-of-lesson screen */

struct fields {
	char word[WV_CMD_TEXT_MAX];
	bool has_word;
	const struct wv_variant *v;
	bool arch_given;		/* a lesson runs on its own otherwise */
	long offset, page;
	int fill, delim;
	char step[64];
	char view[16];
	const struct wv_web_lesson *lesson;
	long scene;
	bool present;
	const struct wv_variant *split;	/* split=NAME */
	bool split_given;		/* NAME or none (split NULL) */
};

static const struct wv_web_lesson *find_lesson(const char *name)
{
	char *end;
	unsigned long n = strtoul(name, &end, 10);

	for (size_t i = 0; i < wv_web_nlessons; i++)
		if ((*end == '\0' && end != name && wv_web_lessons[i].number == n) ||
		    strcmp(wv_web_lessons[i].slug, name) == 0)
			return &wv_web_lessons[i];
	return NULL;
}

static bool number(const char *s, long max, long *out)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return false;
	n = strtol(s, &end, 10);
	if (*end || n < 0 || n > max)
		return false;
	*out = n;
	return true;
}

/* One field key=value; false, with why in err, when it cannot be taken. */
static bool field(struct fields *fl, const char *key, const char *val, char *err,
		  size_t size)
{
	struct wv_error e;
	uint8_t b;

	if (strcmp(key, "word") == 0) {
		snprintf(fl->word, sizeof(fl->word), "%s", val);
		fl->has_word = true;
	} else if (strcmp(key, "arch") == 0) {
		const struct wv_variant *v = wv_wat_find(val);

		if (!v) {
			snprintf(err, size, "no variant of that name (:arch lists them)");
			return false;
		}
		fl->v = v;
		fl->arch_given = true;
	} else if (strcmp(key, "offset") == 0) {
		if (!number(val, 7, &fl->offset)) {
			snprintf(err, size, "a byte offset 0 to 7 inside the first word");
			return false;
		}
	} else if (strcmp(key, "page") == 0) {
		if (!number(val, WV_WORD_MAX * 2, &fl->page)) {
			snprintf(err, size, "the page edge: a byte index after the NUL");
			return false;
		}
	} else if (strcmp(key, "fill") == 0 || strcmp(key, "delim") == 0) {
		if (strcmp(key, "delim") == 0 && strcmp(val, "none") == 0) {
			fl->delim = -1;
			return true;
		}
		if (wv_word_parse_byte(val, &b, &e) < 0) {
			snprintf(err, size, "%s", e.msg);
			return false;
		}
		*(strcmp(key, "fill") == 0 ? &fl->fill : &fl->delim) = b;
	} else if (strcmp(key, "step") == 0) {
		snprintf(fl->step, sizeof(fl->step), "%.63s", val);
	} else if (strcmp(key, "view") == 0) {
		if (strcmp(val, "main") && strcmp(val, "compare") && strcmp(val, "help")) {
			snprintf(err, size, "main, compare or help");
			return false;
		}
		snprintf(fl->view, sizeof(fl->view), "%.15s", val);
	} else if (strcmp(key, "lesson") == 0) {
		if (!(fl->lesson = find_lesson(val))) {
			snprintf(err, size, "no lesson of that number or name");
			return false;
		}
	} else if (strcmp(key, "scene") == 0) {
		if (strcmp(val, "end") == 0) {
			fl->scene = SCENE_END;
		} else if (!number(val, 999, &fl->scene) || fl->scene == 0) {
			snprintf(err, size, "a scene number from 1, or end");
			return false;
		}
	} else if (strcmp(key, "split") == 0) {
		const struct wv_variant *v = strcmp(val, "none") ? wv_wat_find(val) : NULL;

		if (!v && strcmp(val, "none")) {
			snprintf(err, size, "no variant of that name for the split view "
				 "(:arch lists them), or none");
			return false;
		}
		fl->split = v;
		fl->split_given = true;
	} else if (strcmp(key, "present") == 0) {
		fl->present = strcmp(val, "0") != 0;
	} else {
		snprintf(err, size, "not a field of a watviz link (word, arch, offset, "
			 "fill, delim, page, step, view, split, lesson, scene, present)");
		return false;
	}
	return true;
}

/* The fields of fragment into fl; the first refused one in err. */
static bool parse_fragment(const char *fragment, struct fields *fl, char *err,
			   size_t size)
{
	const char *s = fragment;
	bool ok = true;

	while (*s) {
		const char *amp = strchr(s, '&'), *eq;
		size_t n = amp ? (size_t)(amp - s) : strlen(s);
		char key[32], val[WV_CMD_TEXT_MAX], why[160] = "";

		eq = memchr(s, '=', n);
		if (n == 0) {
			s += amp ? 1 : 0;
			continue;
		}
		if (!eq || !decode(s, (size_t)(eq - s), key, sizeof(key)) ||
		    !decode(eq + 1, n - (size_t)(eq + 1 - s), val, sizeof(val))) {
			snprintf(why, sizeof(why), "not key=value with %%XX escapes");
			key[0] = '\0';
		} else if (field(fl, key, val, why, sizeof(why))) {
			why[0] = '\0';
		}
		if (why[0] && ok) {
			char shown[48];

			wv_word_escape(key[0] ? key : "?", strlen(key[0] ? key : "?"),
				       shown, sizeof(shown));
			snprintf(err, size, "link field '%s': %s", shown, why);
			ok = false;
		}
		s += n + (amp ? 1 : 0);
	}
	return ok;
}

static void stop(void)
{
	job_drop();
	if (!web.started)
		return;
	if (web.lesson)
		wv_class_free(&web.cls);
	wv_app_free(&web.app);
	wv_lesson_free(web.l);
	web.l = NULL;
	web.lesson = false;
	web.line = LINE_NONE;
	web.started = false;
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

	if (web.cls.phase == WV_CLASS_END) {
		if (!err[0])
			snprintf(err, size, "link field 'step': the end of lesson %u has "
				 "no steps; a scene's link can have one", web.cls.number);
		return;
	}
	if (wv_step_find(&web.app.trace, step, &k, why, sizeof(why)) < 0) {
		size_t n = strlen("--step ") + strlen(step);
		const char *w = strncmp(why, "--step ", 7) == 0 &&
				strncmp(why + 7, step, n - 7) == 0 &&
				strncmp(why + n, ": ", 2) == 0 ? why + n + 2 : why;

		if (!err[0])
			snprintf(err, size, "link field 'step': lesson %u scene %zu: %.140s",
				 web.cls.number, web.cls.scene + 1, w);
		return;
	}
	web.app.pos = k;
	wv_class_sync(&web.cls);
}

static int start_lesson(const struct fields *fl, char *err, size_t size)
{
	const struct wv_web_lesson *wl = fl->lesson;
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
	if (wv_class_init(&web.cls, &web.app, o, web.progress[0] ? web.progress
								: NULL) < 0) {
		snprintf(err, size, "lesson %u: %.170s", wl->number, web.app.msg);
		wv_lesson_free(web.l);
		web.l = NULL;
		return -1;
	}
	/* the class owns it now: :lesson, :next and the end screen free the
	   lesson they leave */
	web.cls.owned = web.l;
	web.l = NULL;
	/* the scene in the link was this lesson's: the next ones resume */
	web.cls.restart = false;
	web.lesson = true;
	web.started = true;
	if (fl->scene == SCENE_END) {
		/* as ] from the last scene: its trace under the end screen */
		if (web.cls.nscenes)
			wv_class_goto(&web.cls, web.cls.nscenes - 1);
		wv_class_goto(&web.cls, web.cls.nscenes);
	} else if (fl->scene > 0 && (size_t)fl->scene <= web.cls.nscenes) {
		wv_class_goto(&web.cls, (size_t)fl->scene - 1);
	} else if (fl->scene > 0) {
		snprintf(err, size, "link field 'scene': lesson %u has scenes 1 to %zu",
			 wl->number, web.cls.nscenes);
		return 0;	/* the step was that scene's */
	}
	if (fl->step[0])
		lesson_step(fl->step, err, size);
	return 0;
}

static int start_trace(const struct fields *fl, char *err, size_t size)
{
	uint8_t word[WV_WORD_MAX];
	size_t len;
	struct wv_error e;
	const char *src = fl->has_word ? fl->word : "ab\\0cd";

	if (wv_word_parse(src, word, &len, &e) < 0) {
		snprintf(err, size, "link field 'word': column %d: %s", e.col, e.msg);
		src = "ab\\0cd";
		wv_word_parse(src, word, &len, &e);
	}
	if (wv_app_init(&web.app, word, len, src, fl->v, (size_t)fl->offset,
			fl->fill, fl->delim) < 0) {
		snprintf(err, size, "link: %.180s", web.app.msg);
		if (wv_app_init(&web.app, word, len, src, fl->v, 0, 0, -1) < 0)
			return -1;
	}
	web.started = true;
	if (fl->page > 0) {
		struct wv_trace_in in = web.app.trace.in;

		in.word = word;
		in.page_end = (size_t)fl->page;
		if (wv_app_set_input(&web.app, &in, src) < 0)
			snprintf(err, size, "link field 'page': %.170s", web.app.msg);
	}
	return 0;
}

/*
 * A link's split view: the second variant under the first (none: closed),
 * as :split takes it (in a lesson, as the class does: not while its
 * question is open); else err says why and the view stays as it opened.
 */
static void link_split(const struct fields *fl, char *err, size_t size)
{
	char said[WV_APP_MSG_MAX];

	if (web.app.split_v == fl->split)
		return;
	if (web.lesson && fl->split && wv_class_question_open(&web.cls)) {
		if (!err[0])
			snprintf(err, size, "link field 'split': the split view opens "
				 "once the question is answered (s shows the answer)");
		return;
	}
	snprintf(said, sizeof(said), "%s", web.app.msg);
	wv_app_split(&web.app, fl->split);
	if (web.app.split_v != fl->split && !err[0])
		snprintf(err, size, "link field 'split': %.170s", web.app.msg);
	snprintf(web.app.msg, sizeof(web.app.msg), "%s", said);	/* the link's own */
}

int wv_web_open(const char *fragment)
{
	struct fields fl = { .v = wv_wat_find("x86-64"), .delim = -1 };
	char err[WV_APP_MSG_MAX] = "";
	bool ok = parse_fragment(fragment ? fragment : "", &fl, err, sizeof(err));

	stop();
	state_check();
	if (fl.lesson && start_lesson(&fl, err, sizeof(err)) < 0)
		fl.lesson = NULL;	/* said in err; the first screen instead */
	if (!fl.lesson) {
		if (start_trace(&fl, err, sizeof(err)) < 0)
			return -1;
		wv_app_msg(&web.app, false, "Right/Left step through %s; ? shows "
			   "every key.", web.app.v->name);
	}
	if (fl.step[0] && !web.lesson) {	/* a lesson's: start_lesson */
		size_t k;
		char why[WV_APP_MSG_MAX];

		if (wv_step_find(&web.app.trace, fl.step, &k, why, sizeof(why)) == 0)
			web.app.pos = k;
		else if (!err[0])
			snprintf(err, sizeof(err), "link: %.180s", why);
	}
	if (fl.split_given)
		link_split(&fl, err, sizeof(err));
	if (strcmp(fl.view, "compare") == 0)
		web.app.view = WV_VIEW_COMPARE;
	else if (strcmp(fl.view, "help") == 0)
		web.app.view = WV_VIEW_HELP;
	if (err[0]) {
		wv_app_msg(&web.app, true, "%s%s%s", err, web.note[0] ? " " : "",
			   web.note);
		ok = false;
	} else if (web.note[0]) {
		wv_app_msg(&web.app, true, "%s", web.note);
	}
	web.note[0] = '\0';	/* said once */
	return ok ? 0 : -1;
}

/* A lesson link's split: only where the view is not the scene's own. */
static const char *lesson_split(void)
{
	const struct wv_variant *own = web.cls.phase != WV_CLASS_END &&
				       web.cls.scene < web.cls.nscenes
				       ? wv_lesson_scene(web.cls.lesson, web.cls.scene)->split
				       : NULL;

	if (web.app.split_v == own)
		return NULL;
	return web.app.split_v ? web.app.split_v->name : "none";
}

const char *wv_web_link(void)
{
	struct wv_app *app = &web.app;

	web.link[0] = '\0';
	if (!web.started)
		return web.link;
	if (web.lesson)
		/* the step only where it is not the one the scene shows */
		wv_weblink_lesson(web.cls.number, web.cls.phase == WV_CLASS_END ? 0
				  : web.cls.scene + 1, &app->trace,
				  web.cls.phase == WV_CLASS_END || app->pos == web.cls.shown
				  ? app->trace.nsubs : app->pos,
				  web.cls.arch_opt ? web.cls.arch_opt->name : NULL,
				  lesson_split(), web.cls.present, web.link, sizeof(web.link));
	else
		wv_weblink_trace(&app->trace, app->word_src, app->pos,
				 app->view == WV_VIEW_COMPARE,
				 app->split_v ? app->split_v->name : NULL, web.link,
				 sizeof(web.link));
	return web.link;
}
