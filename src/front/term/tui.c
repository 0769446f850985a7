/*
 * The terminal's front-end: curses keys -> the session (session/session.h,
 * which decides what they do, for the page too) -> reactions -> a frame
 * flushed to curses through the role table.  readline edits the open line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>

#include "app/options.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "app/app.h"
#include "app/cast.h"
#include "front/class/serve.h"
#include "front/term/history.h"
#include "front/term/job.h"
#include "front/term/prompt.h"
#include "front/term/render.h"
#include "session/session.h"
#include "front/term/term.h"

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct tui {
	struct wv_session s;	/* the app, the lesson, the open line */
	struct wv_frame frame;
	long next_tick;
	struct wv_rec *rec;		/* --record, or NULL */
	bool mouse;			/* mouse reporting is on */
	enum wv_theme theme;		/* the colours are set up for */
	struct wv_serve cls;		/* --class, :class */
	unsigned long keys;		/* handled so far (make bench-class) */
	struct wv_tui_job job;		/* :try's proof on a thread */
	bool started;			/* the terminal is curses' */
	char progress[4096], history[4096];	/* the state files' paths */
};

/*
 * Wait up to wait ms for a key while the class server serves or a proof
 * runs: poll the terminal, the server and the proof's pipe together (no
 * busy loop), then run what is ready.  Returns the key, or ERR.
 */
static int poll_getch(struct tui *ui, long wait, int *react)
{
	struct pollfd p[3] = { { .fd = 0, .events = POLLIN } };
	int n = 1, ch;

	wait = wv_serve_wait(&ui->cls, wait);	/* the phones follow the teacher */
	timeout(0);
	if ((ch = getch()) != ERR)	/* curses may hold keys read already */
		return ch;
	if (wv_serve_on(&ui->cls))
		p[n++] = (struct pollfd){ .fd = wv_serve_fd(&ui->cls), .events = POLLIN };
	if (ui->job.on)
		p[n++] = (struct pollfd){ .fd = ui->job.pipe[0], .events = POLLIN };
	poll(p, (nfds_t)n, (int)wait);
	*react |= wv_serve_run(&ui->cls);	/* joined, answered, checked */
	if (ui->job.on && (p[n - 1].revents & POLLIN))
		*react |= wv_tui_job_done(&ui->job, &ui->s);
	return getch();
}

/* curses' codes for keys that are no character, as the session's */
static int key_code(int ch)
{
	static const struct { int curses, wv; } map[] = {
		{ KEY_DOWN, WV_KEY_DOWN }, { KEY_UP, WV_KEY_UP },
		{ KEY_LEFT, WV_KEY_LEFT }, { KEY_RIGHT, WV_KEY_RIGHT },
		{ KEY_HOME, WV_KEY_HOME }, { KEY_END, WV_KEY_END },
		{ KEY_PPAGE, WV_KEY_PGUP }, { KEY_NPAGE, WV_KEY_PGDN },
		{ KEY_DC, WV_KEY_DEL }, { KEY_BACKSPACE, WV_KEY_BKSP },
		{ KEY_ENTER, WV_KEY_ENTER }, { KEY_F(1), WV_KEY_F1 },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].curses == ch)
			return map[i].wv;
	return ch >= KEY_MIN ? -1 : ch;	/* a key the session has no code for */
}

/* ---- :try off the loop's thread (front/term/job.h) ---------------------- */

static int try_thread(void *ctx, const struct wv_variant *v, const struct wv_try *t,
		      const char *formula)
{
	struct tui *ui = ctx;

	(void)formula;
	return wv_tui_job_start(&ui->job, &ui->s, v, t);
}

/* A key while the proof runs: a resize redraws, the session says
   whether it stops the proof or is set aside. */
static int try_key(struct tui *ui, int ch)
{
	const char *stop;
	MEVENT ev;

	if (ch == KEY_RESIZE)
		return WV_REACT_REDRAW;
	if (ch == KEY_MOUSE) {
		getmouse(&ev);	/* a click is not now */
		return WV_REACT_NONE;
	}
	if ((stop = wv_session_job_key(&ui->s, key_code(ch)))) {
		ui->job.stop = stop;	/* the thread ends soon */
		return WV_REACT_NONE;
	}
	return WV_REACT_REDRAW;
}

/* The ':' history: readline's list and its file (front/term/history.h). */
static int remember(void *ctx, const char *line)
{
	(void)ctx;
	wv_prompt_remember(line);
	return wv_prompt_history_error();
}

/* :class in a lesson: served as --class is, said on the message line */
static int class_cmd(void *ctx, const char *spec, char *err, size_t size)
{
	struct tui *ui = ctx;

	return wv_serve_start(&ui->cls, spec, ":class", err, size);
}

static void render(struct tui *ui)
{
	if (ui->s.theme != ui->theme) {	/* :set theme */
		ui->theme = ui->s.theme;
		wv_render_setup_theme(wv_term_has_color(), ui->s.opts->present, ui->theme);
		clearok(curscr, TRUE);
	}
	if (ui->rec)
		wv_rec_theme(ui->rec, ui->theme);
	if (wv_frame_init(&ui->frame, LINES, COLS) < 0)
		return;
	wv_session_frame(&ui->s, &ui->frame);
	if (wv_prompt_active() && wv_prompt_matches()[0]) {
		/* Tab listed completions: on the status row, above the line */
		int y = ui->frame.rows - 2;

		wv_frame_fill(&ui->frame, y, 0, ui->frame.cols, WV_ROLE_STATUS, ' ');
		wv_frame_put(&ui->frame, y, 1, WV_ROLE_STATUS, wv_prompt_matches());
	}
	erase();
	wv_render_frame(&ui->frame);
	if (ui->rec) {	/* --record: the same frame into the cast */
		char why[WV_APP_MSG_MAX];

		wv_rec_frame(ui->rec, &ui->frame, &ui->s.app,
			     ui->s.lesson ? &ui->s.cls : NULL);
		/* a failed write is said at once (nothing more is written) */
		if (wv_rec_error(ui->rec, why, sizeof(why)) < 0) {
			wv_session_msg(&ui->s, true, "%s", why);
			render(ui);
			return;
		}
	}
	if (wv_prompt_active())
		wv_prompt_draw();
	else
		curs_set(0);
	refresh();
	wv_serve_frame(&ui->cls, ui->keys);
}

/*
 * A mouse event: a click means what the frame drawn under it says (a
 * memory byte, a bit of the loaded word, a kernel function); the wheel
 * steps back and forth.
 */
static int mouse_event(struct tui *ui)
{
	MEVENT ev;

	if (getmouse(&ev) != OK)
		return WV_REACT_NONE;
	if (ev.bstate & BUTTON1_PRESSED)
		return wv_session_click(&ui->s, wv_frame_target_at(&ui->frame, ev.y, ev.x));
	if (ev.bstate & BUTTON4_PRESSED)	/* away from the user */
		return wv_session_wheel(&ui->s, -1);
#ifdef BUTTON5_PRESSED
	if (ev.bstate & BUTTON5_PRESSED)
		return wv_session_wheel(&ui->s, 1);
#endif
	return WV_REACT_NONE;
}

/* A key at the open line: readline's, unless the session says it leaves
   the line for the lesson. */
static int line_key(struct wv_session *s, int ch)
{
	int key = key_code(ch);
	char *line;
	int react;

	if (ch == KEY_MOUSE) {
		MEVENT ev;

		getmouse(&ev);		/* the line is being typed: not now */
		return WV_REACT_NONE;
	}
	if (key >= 0 && !wv_session_line_takes(s, key)) {
		wv_prompt_cancel();
		return wv_session_key(s, key);
	}
	if (key >= 0 && wv_session_replaces(s, key)) {
		wv_prompt_clear();	/* typed over the selected answer */
		if (wv_keys_erases(key))
			return WV_REACT_REDRAW;
	}
	if (!wv_prompt_key(ch, &line))
		return ch == KEY_RESIZE || wv_prompt_matches()[0] ? WV_REACT_REDRAW
								  : WV_REACT_NONE;
	react = wv_session_line_done(s, line);
	free(line);
	return react | WV_REACT_REDRAW;
}

/* The open line as the session has it: readline's editor opened or
   closed to match. */
static void line_follow(struct wv_session *s, int react)
{
	if (react & (WV_REACT_PROMPT | WV_REACT_EDIT | WV_REACT_ANSWER))
		wv_prompt_cancel();	/* a new line: opened afresh */
	if (s->line != WV_LINE_NONE && !wv_prompt_active())
		wv_prompt_open(s->prompt, s->text);
	else if (s->line == WV_LINE_NONE && wv_prompt_active())
		wv_prompt_cancel();
	wv_prompt_select(s->selected);
}

int wv_tui_key(struct wv_session *s, int ch)
{
	int key, react;

	if (wv_prompt_active())
		react = line_key(s, ch);
	else if (ch == KEY_RESIZE)
		react = WV_REACT_REDRAW;
	else
		react = (key = key_code(ch)) < 0 ? WV_REACT_NONE : wv_session_key(s, key);
	line_follow(s, react);
	return react;
}

static int handle_key(struct tui *ui, int ch)
{
	if (ch == KEY_MOUSE && !wv_prompt_active())
		return mouse_event(ui);
	return wv_tui_key(&ui->s, ch);
}

static int loop(struct tui *ui)
{
	struct wv_app *app = &ui->s.app;
	int react = WV_REACT_REDRAW;

	for (;;) {
		int sig = wv_term_signal(), ch;

		if (sig == SIGTSTP) {
			wv_term_suspend();
			react |= WV_REACT_REDRAW;
		} else if (sig == SIGCONT) {
			wv_term_resume();
			react |= WV_REACT_REDRAW;
		} else if (sig == SIGINT && ui->job.on) {
			/* the handler stops a proof that listens; this one may
			   not have begun to */
			ui->job.stop = "Ctrl-C";
		} else if (sig == SIGINT && wv_prompt_active()) {
			wv_prompt_cancel();	/* Ctrl-C abandons the line */
			react |= wv_session_line_done(&ui->s, NULL) | WV_REACT_REDRAW;
		} else if (sig) {
			return 128 + sig;
		}
		wv_tui_job_poke(&ui->job);	/* again each turn, till it ends */
		if (react & WV_REACT_QUIT)
			return 0;
		line_follow(&ui->s, react);
		if (app->mouse != ui->mouse) {	/* :set mouse */
			ui->mouse = wv_term_mouse(app->mouse);
			if (app->mouse && !ui->mouse)
				wv_session_msg(&ui->s, true, "this terminal (TERM=%s) "
					       "reports no mouse events", getenv("TERM") ?
					       getenv("TERM") : "");
			wv_session_set_mouse(&ui->s, ui->mouse);	/* what is so */
		}
		if (react & WV_REACT_CLEAR)
			clearok(curscr, TRUE);
		if (react & WV_REACT_REDRAW)
			render(ui);
		react = WV_REACT_NONE;

		/* wake for the next play tick, and at least every 250 ms to
		   notice signals */
		long wait = 250;

		if (app->playing) {
			long left = ui->next_tick - now_ms();

			wait = left < 0 ? 0 : left < wait ? left : wait;
		}
		if (wv_serve_on(&ui->cls) || ui->job.on) {
			ch = poll_getch(ui, wait, &react);
		} else {
			timeout((int)wait);
			ch = getch();
		}
		if (ch == ERR && wv_term_lost())
			return 128 + SIGHUP;	/* as if hung up: SIGHUP may be blocked */
		if (ch == ERR) {
			if (react & WV_REACT_REDRAW)
				continue;
			if (app->playing && now_ms() >= ui->next_tick) {
				react |= wv_session_tick(&ui->s);
				ui->next_tick = now_ms() + app->speed_ms;
			}
			continue;
		}
		bool was_playing = app->playing;

		ui->keys++;
		if (ui->job.on) {
			react |= try_key(ui, ch);
			continue;
		}
		react |= handle_key(ui, ch);
		if (app->playing && !was_playing)
			ui->next_tick = now_ms() + app->speed_ms;
	}
}

/*
 * Everything the loop needs, in order: the session, --step, the class,
 * the terminal, the colours, the mouse, readline.  -1: go on to the loop;
 * else the exit status (said on stderr).
 */
static int start(struct tui *ui, const struct wv_ui_opts *opts)
{
	char err[512], terr[160];
	const char *term = getenv("TERM");
	int status, e;

	/* the user's character set, for readline and curses to show typed
	   UTF-8 (only LC_CTYPE: numbers print as in C everywhere) */
	setlocale(LC_CTYPE, "");
	const struct wv_session_platform platform = {
		.write_json = wv_session_json_file, .remember = remember, .try_job = try_thread,
		.class_start = class_cmd, .history_file = ui->history, .ctx = ui,
	};
	if (wv_session_init(&ui->s, opts, wv_state_path(getenv("XDG_STATE_HOME"),
			    getenv("HOME"), "progress", ui->progress, sizeof(ui->progress))
			    == 0 ? ui->progress : NULL, &platform) < 0) {
		fprintf(stderr, "watviz: %s\n", ui->s.app.msg);
		return 2;
	}
	/* --page-end is wv_app_open's; --step goes to its sub-step */
	if (!ui->s.lesson && opts->step &&
	    (wv_session_goto_step(&ui->s, opts->step), ui->s.app.msg_error)) {
		fprintf(stderr, "watviz: %s\n", ui->s.app.msg);
		return 2;
	}
	if (opts->class_addr && ((opts->class_log &&
				  wv_serve_log(&ui->cls, opts->class_log, err, sizeof(err)) < 0) ||
				 wv_serve_start(&ui->cls, opts->class_addr, "--class", err,
						sizeof(err)) < 0)) {
		fprintf(stderr, "watviz: %s\n", err);
		return 1;
	}
	status = wv_term_start(opts->color, terr, sizeof(terr));
	if (status == -EINVAL && opts->rec) {
		/* a plain trace is no session: nothing to record, and the
		   file is left as it was (wv_rec_close of nothing drawn) */
		fprintf(stderr, "watviz: --record: TERM=%s cannot draw the visualizer, "
			"so there is nothing to record; set TERM to your terminal's "
			"type, or write a cast with --cast\n", term ? term : "");
		return 2;
	}
	if (status == -EINVAL)	/* TERM=dumb and the like */
		return wv_session_plain(&ui->s, stdout) < 0 ? 1 : 0;
	if (status < 0) {
		fprintf(stderr, "watviz: %s\n", terr);
		return 1;
	}
	ui->started = true;
	ui->theme = ui->s.theme;
	wv_render_setup_theme(wv_term_has_color(), opts->present, ui->theme);
	/* on where the terminal reports mouse events, unless --no-mouse */
	ui->mouse = wv_term_mouse(!opts->no_mouse);
	wv_session_set_mouse(&ui->s, ui->mouse);
	wv_prompt_init(wv_history_path(getenv("XDG_STATE_HOME"), getenv("HOME"), ui->history,
				       sizeof(ui->history)) == 0 ? ui->history : NULL);
	wv_prompt_lessons(ui->s.names);	/* Tab after ":lesson " */
	if ((e = wv_prompt_history_error()) < 0 && !ui->s.app.msg_error) {
		char why[WV_APP_MSG_MAX];

		wv_session_msg(&ui->s, true, "history file not read: %s; watviz "
			       "leaves it as it is and does not save this run's "
			       "commands", wv_state_explain(ui->history, e, why,
							    sizeof(why)));
	}
	ui->next_tick = now_ms() + ui->s.app.speed_ms;
	return -1;
}

int wv_ui_run(const struct wv_ui_opts *opts)
{
	struct tui *ui = calloc(1, sizeof(*ui));
	int status;

	if (!ui) {
		fprintf(stderr, "watviz: out of memory\n");
		return 1;
	}
	wv_serve_init(&ui->cls, &ui->s);
	ui->rec = opts->rec;
	if ((status = start(ui, opts)) < 0) {
		status = loop(ui);
		/* a proof still running (a signal ended the loop) */
		wv_tui_job_abandon(&ui->job, &ui->s);
	}
	if (ui->started) {
		/* teardown: readline first (it owns no tty state), then the
		   terminal */
		wv_prompt_lessons(NULL);
		wv_prompt_fini();
		wv_term_restore();
		wv_frame_free(&ui->frame);
	}
	wv_serve_free(&ui->cls);
	wv_session_free(&ui->s);
	free(ui);
	return status;
}
