/*
 * The visualizer's main loop: keys -> actions (watviz/app.h) -> reactions ->
 * a frame (watviz/view.h) flushed to curses through the role table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>

#include "watviz/ui.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "watviz/app.h"
#include "watviz/cast.h"
#include "watviz/classroom.h"
#include "watviz/cmdline.h"
#include "watviz/handout.h"
#include "watviz/history.h"
#include "watviz/json.h"
#include "watviz/lesson.h"
#include "watviz/lessonview.h"
#include "watviz/plain.h"
#include "watviz/prompt.h"
#include "watviz/render.h"
#include "watviz/term.h"
#include "watviz/view.h"

/*
 * :json FILE - the JSON renderer's output, written to a temporary file
 * beside FILE and renamed over it, so a failed write leaves FILE as it was
 * (a FIFO or a device is written directly; see wv_file_open).
 */
static int json_fill(FILE *f, void *ctx)
{
	return wv_json_write(f, ctx);
}

static int json_writer(const struct wv_trace *t, const char *path)
{
	return wv_state_replace(path, 0, json_fill, (void *)(uintptr_t)t);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct tui {
	struct wv_app app;
	struct wv_class cls;	/* a lesson's state, when lesson */
	bool lesson;
	struct wv_frame frame;
	bool edit_word;		/* the open line edits the word (e) */
	bool answering;		/* the open line answers a lesson's question */
	long next_tick;
	const char **lesson_names;	/* for Tab after ":lesson " */
	struct wv_rec *rec;		/* --record, or NULL */
	bool mouse;			/* mouse reporting is on */
	const struct wv_ui_opts *opts;	/* for :lesson N in the free view */
	const char *progress;		/* the progress file, or NULL */
};

/* :lesson N typed in the free view: the lesson takes over the screen. */
static int free_lesson(struct tui *ui, const char *line)
{
	static struct wv_cmd cmd;	/* 16 KiB: kept off the stack */
	char err[8];
	int rc;

	if (wv_cmd_parse(line, &cmd, err, sizeof(err)) < 0 ||
	    cmd.kind != WV_CMD_LESSON)
		return -1;
	rc = wv_class_from_free(&ui->cls, &ui->app, ui->opts, ui->progress, cmd.text);
	if (rc == -2)
		return WV_REACT_QUIT;	/* out of memory: nothing left to show */
	if (rc == 0)
		ui->lesson = true;
	return WV_REACT_CLEAR | WV_REACT_REDRAW;
}

static void render(struct tui *ui)
{
	struct wv_app *app = &ui->app;

	if (wv_frame_init(&ui->frame, LINES, COLS) < 0)
		return;
	if (ui->lesson)
		wv_lessonview_build(&ui->frame, &ui->cls);
	else
		wv_view_build(&ui->frame, app);
	if (wv_prompt_active() && wv_prompt_matches()[0]) {
		/* Tab listed completions: on the status row, above the line */
		int y = ui->frame.rows - 2;

		wv_frame_fill(&ui->frame, y, 0, ui->frame.cols, WV_ROLE_STATUS, ' ');
		wv_frame_put(&ui->frame, y, 1, WV_ROLE_STATUS, wv_prompt_matches());
	}
	erase();
	wv_render_frame(&ui->frame);
	if (ui->rec)	/* --record: the same frame into the cast */
		wv_rec_frame(ui->rec, &ui->frame, app, ui->lesson ? &ui->cls : NULL);
	if (wv_prompt_active())
		wv_prompt_draw();
	else
		curs_set(0);
	refresh();
}

/* A finished ':' or edit line: run it. */
static int run_line(struct tui *ui, char *line)
{
	int react, e;

	if (ui->answering) {
		/* answers stay out of the ':' history */
		react = wv_class_answer(&ui->cls, line);
		free(line);
		return react;
	}
	if (!line)
		return WV_REACT_REDRAW;
	if (ui->edit_word) {
		/* as the command that does the same, so Up on ':' can reuse it */
		static char cmd[2 * WV_CMD_TEXT_MAX + 8];

		if (wv_cmd_word(line, cmd, sizeof(cmd)) == 0)
			wv_prompt_remember(cmd);
	} else {
		wv_prompt_remember(line);
	}
	if (!ui->edit_word && !ui->lesson && (react = free_lesson(ui, line)) >= 0) {
		free(line);
		return react;
	}
	react = ui->edit_word ? wv_app_set_word_src(&ui->app, line)
	      : ui->lesson ? wv_class_command(&ui->cls, line, json_writer)
			   : wv_app_command(&ui->app, line, json_writer);
	if (ui->lesson && ui->edit_word)	/* a question of the old word goes */
		react |= wv_class_sync(&ui->cls);
	free(line);
	if ((e = wv_prompt_history_error()) < 0 && !ui->app.msg_error)
		wv_app_msg(&ui->app, true, "could not save the command history: %s",
			   wv_state_strerror(e));
	return react;
}

/*
 * A mouse event: a click means what the frame drawn under it says (a
 * memory byte, a bit of the loaded word, a kernel function); the wheel
 * steps back and forth.
 */
static int mouse_event(struct tui *ui)
{
	MEVENT ev;
	enum wv_action act = WV_ACT_NONE;

	if (getmouse(&ev) != OK)
		return WV_REACT_NONE;
	if (ev.bstate & BUTTON1_PRESSED) {
		unsigned target = wv_frame_target_at(&ui->frame, ev.y, ev.x);

		return ui->lesson ? wv_class_click(&ui->cls, target)
				  : wv_app_click(&ui->app, target);
	}
	if (ev.bstate & BUTTON4_PRESSED)
		act = WV_ACT_PREV;
#ifdef BUTTON5_PRESSED
	else if (ev.bstate & BUTTON5_PRESSED)
		act = WV_ACT_NEXT;
#endif
	return ui->lesson ? wv_class_do(&ui->cls, act) : wv_app_do(&ui->app, act);
}

static int handle_key(struct tui *ui, int ch)
{
	/* at the answer line, the lesson keys the screen names still work:
	   no answer has an 's', '[' or ']' in it */
	if (wv_prompt_active() && ui->answering &&
	    (ch == 's' || ch == 'w' || ch == '[' || ch == ']' || ch == KEY_NPAGE ||
	     ch == KEY_PPAGE)) {
		wv_prompt_cancel();
		ui->answering = false;
		return wv_class_do(&ui->cls, wv_keys_action(ch)) | WV_REACT_REDRAW;
	}
	if (wv_prompt_active() && ch == KEY_MOUSE) {
		MEVENT ev;

		getmouse(&ev);		/* the line is being typed: not now */
		return WV_REACT_NONE;
	}
	if (wv_prompt_active()) {
		char *line;

		if (wv_prompt_key(ch, &line))
			return run_line(ui, line);
		return ch == KEY_RESIZE || wv_prompt_matches()[0] ? WV_REACT_REDRAW
								  : WV_REACT_NONE;
	}
	if (ch == KEY_RESIZE)
		return WV_REACT_REDRAW;
	if (ch == KEY_MOUSE)
		return mouse_event(ui);
	if (ui->lesson)
		return wv_class_do(&ui->cls, wv_app_action(&ui->app, ch));
	return wv_app_key(&ui->app, ch);
}

static int loop(struct tui *ui)
{
	int react = WV_REACT_REDRAW;

	for (;;) {
		int sig = wv_term_signal(), ch;

		if (sig == SIGTSTP) {
			wv_term_suspend();
			react |= WV_REACT_REDRAW;
		} else if (sig == SIGCONT) {
			wv_term_resume();
			react |= WV_REACT_REDRAW;
		} else if (sig == SIGINT && wv_prompt_active()) {
			wv_prompt_cancel();	/* Ctrl-C abandons the line */
			react |= WV_REACT_REDRAW;
		} else if (sig) {
			return 128 + sig;
		}
		if (react & WV_REACT_QUIT)
			return 0;
		if (react & WV_REACT_PROMPT) {
			ui->edit_word = ui->answering = false;
			wv_prompt_open(":", NULL);
		} else if (react & WV_REACT_EDIT) {
			ui->edit_word = true;
			ui->answering = false;
			wv_prompt_open("word: ", ui->app.word_src);
		} else if (react & WV_REACT_ANSWER) {
			ui->edit_word = false;
			ui->answering = true;
			wv_prompt_open(wv_class_prompt(&ui->cls), ui->cls.retry);
		}
		if (ui->app.mouse != ui->mouse) {	/* :set mouse */
			ui->mouse = wv_term_mouse(ui->app.mouse);
			if (ui->app.mouse && !ui->mouse)
				wv_app_msg(&ui->app, true, "this terminal (TERM=%s) "
					   "reports no mouse events", getenv("TERM") ?
					   getenv("TERM") : "");
			ui->app.mouse = ui->mouse;	/* what is so */
		}
		if (react & WV_REACT_CLEAR)
			clearok(curscr, TRUE);
		if (react & WV_REACT_REDRAW)
			render(ui);
		react = WV_REACT_NONE;

		/* wake for the next play tick, and at least every 250 ms to
		   notice signals */
		long wait = 250;

		if (ui->app.playing) {
			long left = ui->next_tick - now_ms();

			wait = left < 0 ? 0 : left < wait ? left : wait;
		}
		timeout((int)wait);
		ch = getch();
		if (ch == ERR && wv_term_lost())
			return 128 + SIGHUP;	/* as if hung up: SIGHUP may be blocked */
		if (ch == ERR) {
			if (ui->app.playing && now_ms() >= ui->next_tick) {
				react |= ui->lesson ? wv_class_tick(&ui->cls)
						    : wv_app_tick(&ui->app);
				ui->next_tick = now_ms() + ui->app.speed_ms;
			}
			continue;
		}
		bool was_playing = ui->app.playing;

		react |= handle_key(ui, ch);
		if (ui->app.playing && !was_playing)
			ui->next_tick = now_ms() + ui->app.speed_ms;
	}
}

int wv_ui_run(const struct wv_ui_opts *opts)
{
	struct tui *ui = calloc(1, sizeof(*ui));
	char err[160], hist[4096], prog[4096];
	const char *hp = NULL, *pp = NULL;
	int status, e;

	if (!ui) {
		fprintf(stderr, "watviz: out of memory\n");
		return 1;
	}
	/* the user's character set, for readline and curses to show typed
	   UTF-8 (only LC_CTYPE: numbers print as in C everywhere) */
	setlocale(LC_CTYPE, "");
	if (wv_state_path(getenv("XDG_STATE_HOME"), getenv("HOME"), "progress",
			  prog, sizeof(prog)) == 0)
		pp = prog;
	ui->lesson = opts->lesson != NULL;
	ui->rec = opts->rec;
	ui->opts = opts;
	ui->progress = pp;
	if (ui->lesson ? wv_class_init(&ui->cls, &ui->app, opts, pp) < 0
		       : wv_app_open(&ui->app, opts) < 0) {
		fprintf(stderr, "watviz: %s\n", ui->app.msg);
		free(ui);
		return 2;
	}
	/* --page-end is wv_app_open's; --step goes to its sub-step */
	if (!ui->lesson && opts->step &&
	    (wv_app_goto_step(&ui->app, opts->step), ui->app.msg_error)) {
		fprintf(stderr, "watviz: --%s\n", ui->app.msg);
		wv_app_free(&ui->app);
		free(ui);
		return 2;
	}
	status = wv_term_start(opts->color, err, sizeof(err));
	if (status == -EINVAL && opts->rec) {
		/* a plain trace is no session: nothing to record, and the
		   file is left as it was (wv_rec_close of nothing drawn) */
		const char *term = getenv("TERM");

		fprintf(stderr, "watviz: --record: TERM=%s cannot draw the visualizer, "
			"so there is nothing to record; set TERM to your terminal's "
			"type, or write a cast with --cast\n", term ? term : "");
		wv_class_free(&ui->cls);
		wv_app_free(&ui->app);
		free(ui);
		return 2;
	}
	if (status == -EINVAL && ui->lesson) {
		/* TERM=dumb and the like: the lesson as its handout */
		struct wv_handout_opts ho = {
			.number = opts->lesson_number, .variant = opts->variant,
			.color = wv_plain_want_color(stdout, opts->color) };

		status = wv_handout_render(stdout, opts->lesson, &ho) < 0 ? 1 : 0;
		wv_class_free(&ui->cls);
		wv_app_free(&ui->app);
		free(ui);
		return status;
	}
	if (status == -EINVAL) {
		/* TERM=dumb and the like: the same trace as plain text */
		struct wv_plain_opts po = {
			.color = wv_plain_want_color(stdout, opts->color),
			.word_src = opts->word_src };

		status = wv_plain_render(stdout, &ui->app.trace, &po) < 0 ? 1 : 0;
		wv_app_free(&ui->app);
		free(ui);
		return status;
	}
	if (status < 0) {
		fprintf(stderr, "watviz: %s\n", err);
		wv_class_free(&ui->cls);
		wv_app_free(&ui->app);
		free(ui);
		return 1;
	}
	wv_render_setup_theme(wv_term_has_color(), opts->present);
	/* on where the terminal reports mouse events, unless --no-mouse */
	ui->mouse = wv_term_mouse(!opts->no_mouse);
	ui->app.mouse = ui->mouse;
	if (wv_history_path(getenv("XDG_STATE_HOME"), getenv("HOME"), hist,
			    sizeof(hist)) == 0)
		hp = hist;
	wv_prompt_init(hp);
	if (opts->files) {
		/* Tab after ":lesson ": the lessons' names */
		ui->lesson_names = calloc(opts->nfiles + 1, sizeof(*ui->lesson_names));
		for (size_t i = 0; ui->lesson_names && i < opts->nfiles; i++)
			ui->lesson_names[i] = opts->files[i].slug;
		wv_prompt_lessons(ui->lesson_names);
	}
	if (!ui->lesson && !opts->step)
		wv_app_msg(&ui->app, false, "Right/Left step through %s; ? shows "
			   "every key.", ui->app.v->name);
	if ((e = wv_prompt_history_error()) < 0 && !ui->app.msg_error)
		wv_app_msg(&ui->app, true, "history file not read: %s; it is left as "
			   "it is, and this run's commands are not saved",
			   wv_state_strerror(e));
	ui->next_tick = now_ms() + ui->app.speed_ms;

	status = loop(ui);

	/* teardown: readline first (it owns no tty state), then the terminal */
	wv_prompt_lessons(NULL);
	free(ui->lesson_names);
	wv_prompt_fini();
	wv_term_restore();
	wv_frame_free(&ui->frame);
	wv_class_free(&ui->cls);
	wv_app_free(&ui->app);
	free(ui);
	return status;
}
