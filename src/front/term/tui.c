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
#include <arpa/inet.h>
#include <fcntl.h>
#include <locale.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "app/cast.h"
#include "front/class/classsrv.h"
#include "app/classroom.h"
#include "app/cmdline.h"
#include "render/handout.h"
#include "front/term/history.h"
#include "render/json.h"
#include "lesson/lesson.h"
#include "render/plain.h"
#include "front/term/prompt.h"
#include "prove/prove.h"
#include "front/term/render.h"
#include "session/session.h"
#include "front/term/term.h"
#include "try/try.h"
#include "app/view.h"

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
	struct wv_session s;	/* the app, the lesson, the open line */
	struct wv_frame frame;
	long next_tick;
	const char **lesson_names;	/* for Tab after ":lesson " */
	struct wv_rec *rec;		/* --record, or NULL */
	bool mouse;			/* mouse reporting is on */
	enum wv_theme theme;		/* the colours are set up for */
	/* --class: the votes, the server the phones reach, the QR rows */
	wv_live *live;
	wv_classsrv *srv;
	char *qr;
	int log_fd;			/* --class-log, or -1 */
	const char *log_path;
	/* make bench-class: WATVIZ_BENCH_LOG names a file (a FIFO) that gets
	   "url URL" when the class is served and "frame NS KEYS" after each
	   frame is flushed (CLOCK_MONOTONIC ns, keys handled so far); -1 */
	int bench_fd;
	unsigned long keys;
	/* :try's proof, on a thread of its own while the loop goes on (keys
	   set aside, resize and Ctrl-Z served); done: one byte on the pipe */
	struct {
		bool on;
		pthread_t th;
		const struct wv_try *t;	/* the formula (the session's) */
		uint64_t work;
		int rc;			/* the proof's, once done */
		struct wv_proof p;
		int pipe[2];
		unsigned long set_aside;	/* keys typed meanwhile */
		const char *stop;	/* the key that asked it to stop, or NULL */
	} job;
};

/* A line for make bench-class (tests/class/bench.py), when it asked. */
static void bench_say(const struct tui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void bench_say(const struct tui *ui, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	if (ui->bench_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(line) && write(ui->bench_fd, line, (size_t)n) < 0)
		return;		/* the bench went away: nothing to say */
}

/* ---- --class ------------------------------------------------------------- */

/*
 * The address of the default route, into buf: the local end of a UDP
 * socket connected to a documentation address (192.0.2.1, RFC 5737; a
 * UDP connect sends nothing).  0, or -1 with no route (no network).
 */
static int default_addr(char *buf, size_t size)
{
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(9) };
	struct sockaddr_in me;
	socklen_t len = sizeof(me);
	int fd = socket(AF_INET, SOCK_DGRAM, 0), rc = -1;

	inet_pton(AF_INET, "192.0.2.1", &to.sin_addr);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&to, sizeof(to)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&me, &len) == 0 &&
	    inet_ntop(AF_INET, &me.sin_addr, buf, (socklen_t)size))
		rc = 0;
	if (fd >= 0)
		close(fd);
	return rc;
}

#define CLASS_PORT 8080	/* --class without a port */

/*
 * --class-log: each vote counted, one JSON line, written with one
 * write(2) to a file opened for appending, so a crash loses no line and
 * leaves no half of one; a failed write is said once and logging stops
 * (the votes are still counted).
 */
static void log_vote(void *ctx, const uint8_t id[WV_LIVE_ID_BYTES], unsigned round,
		     unsigned option)
{
	struct tui *ui = ctx;
	char line[WV_LIVE_EVENT_MAX];
	int n;

	(void)round;
	(void)option;
	if (ui->log_fd < 0)
		return;
	n = wv_live_log_record(ui->live, id, (int64_t)time(NULL), line, sizeof(line));
	if (n < 0)
		return;
	if (write(ui->log_fd, line, (size_t)n) != n) {
		wv_session_msg(&ui->s, true, "--class-log %s: cannot write (%s); the "
			       "votes are counted, no longer logged", ui->log_path,
			       strerror(errno ? errno : ENOSPC));
		close(ui->log_fd);
		ui->log_fd = -1;
	}
}

/* Open --class-log for appending: a regular file, never through a
   symbolic link.  0, or -1 with why in err. */
static int log_open(struct tui *ui, const char *path, char *err, size_t size)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, size, "--class-log %s: %s; give a regular file, which "
			 "watviz appends to", path, fd < 0 ? (errno == ELOOP
			 ? "is a symbolic link" : strerror(errno)) : "not a regular file");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	ui->log_fd = fd;
	ui->log_path = path;
	return 0;
}

static int csv_fill(FILE *f, void *ctx)
{
	const struct wv_session *s = ctx;
	size_t len;
	char *csv = wv_live_csv(s->sums, s->nsums, &len);

	if (!csv)
		return -ENOMEM;
	fwrite(csv, 1, len, f);
	free(csv);
	return wv_file_error(f);
}

/* The check of the server's own address, once it is over, to the
   session (the join screen says what it proved). */
static void class_checked(struct tui *ui)
{
	const char *why;
	enum wv_classsrv_check c = wv_classsrv_check(ui->srv, &why);

	if (c != WV_CLASSSRV_CHECKING && ui->s.join_check == 0)
		wv_session_live_check(&ui->s, c == WV_CLASSSRV_ANSWERS, why);
}

/*
 * Serve the class at spec ("", "ADDR", "ADDR:PORT", ":PORT", "[V6]:PORT"):
 * the votes, the server, the join link's QR code, all handed to the
 * session.  0, or -1 with the reason in err, which names how the class was
 * asked for: opt is "--class" (at the start) or ":class" (in a lesson;
 * nothing is left half started).
 */
static int class_start(struct tui *ui, const char *spec, const char *opt, char *err,
		       size_t size)
{
	bool colon_cmd = opt[0] == ':';
	char host[128] = "", *colon, *end;
	unsigned long port = CLASS_PORT;
	struct wv_classsrv_config cfg = { 0 };
	int rows, cols;

	if (spec[0] == '[') {		/* [::1]:8080 */
		const char *rb = strchr(spec, ']');

		snprintf(host, sizeof(host), "%.*s", rb ? (int)(rb - spec - 1) : 0, spec + 1);
		spec = rb ? rb + 1 : "";
	} else {
		snprintf(host, sizeof(host), "%s", spec);
		colon = strrchr(host, ':');
		if (colon && strchr(host, ':') == colon)	/* not a bare v6 */
			*colon = '\0', spec += colon - host;
		else
			spec = "";
	}
	if (*spec == ':') {
		port = strtoul(spec + 1, &end, 10);
		if (!spec[1] || *end || port > 65535) {
			snprintf(err, size, "%s: '%s' is no port; give 1 to 65535, as in "
				 "%s:8080", opt, spec + 1, colon_cmd ? ":class " : "--class=");
			return -1;
		}
	}
	if (!host[0] && default_addr(host, sizeof(host)) < 0) {
		snprintf(err, size, "%s: this machine has no network route, so no "
			 "address the phones could reach; join a network (or a phone's "
			 "hotspot), or give one, as in %s127.0.0.1 for a test", opt,
			 colon_cmd ? ":class " : "--class=");
		return -1;
	}
	if (!(ui->live = wv_live_new())) {
		snprintf(err, size, "%s: out of memory", opt);
		return -1;
	}
	cfg = (struct wv_classsrv_config){ .addr = host, .port = (unsigned)port,
					   .live = ui->live, .on_vote = log_vote, .ctx = ui };
	if (wv_classsrv_start(&ui->srv, &cfg, (uint64_t)now_ms(), err, size) < 0) {
		wv_live_free(ui->live);
		ui->live = NULL;
		ui->srv = NULL;
		return -1;
	}
	ui->qr = wv_classsrv_qr(wv_classsrv_url(ui->srv), 2, false, &rows, &cols);
	wv_session_live(&ui->s, ui->live, wv_classsrv_url(ui->srv),
			wv_classsrv_code(ui->srv), ui->qr, wv_classsrv_capacity(ui->srv));
	ui->s.join_shown = true;	/* the class joins first */
	class_checked(ui);		/* it may have failed at once */
	bench_say(ui, "url %s\n", wv_classsrv_url(ui->srv));
	return 0;
}

static void class_stop(struct tui *ui)
{
	if (ui->live && ui->log_path) {
		/* each question's summary, as CSV beside the log */
		char csv[4200];

		wv_session_live_end(&ui->s);
		snprintf(csv, sizeof(csv), "%s.csv", ui->log_path);
		if (ui->s.nsums && wv_state_replace(csv, 0, csv_fill, &ui->s) < 0)
			fprintf(stderr, "watviz: --class-log: could not write %s\n", csv);
	}
	if (ui->log_fd >= 0)
		close(ui->log_fd);
	ui->log_fd = -1;
	wv_classsrv_stop(ui->srv);
	wv_live_free(ui->live);
	free(ui->qr);
	ui->srv = NULL;
	ui->live = NULL;
	ui->qr = NULL;
}

static int try_done(struct tui *ui);

/*
 * Wait up to wait ms for a key while the class server serves or a proof
 * runs: poll the terminal, the server and the proof's pipe together (no
 * busy loop), then run what is ready.  Returns the key, or ERR.
 */
static int poll_getch(struct tui *ui, long wait, int *react)
{
	struct pollfd p[3] = { { .fd = 0, .events = POLLIN } };
	int n = 1, st, ch;

	if (ui->srv && ui->s.live_changed) {	/* the phones follow the teacher */
		wv_classsrv_changed(ui->srv);
		ui->s.live_changed = false;
	}
	timeout(0);
	if ((ch = getch()) != ERR)	/* curses may hold keys read already */
		return ch;
	if (ui->srv) {
		p[n++] = (struct pollfd){ .fd = wv_classsrv_fd(ui->srv), .events = POLLIN };
		st = wv_classsrv_timeout(ui->srv, (uint64_t)now_ms());
		if (st >= 0 && st < wait)
			wait = st;
	}
	if (ui->job.on)
		p[n++] = (struct pollfd){ .fd = ui->job.pipe[0], .events = POLLIN };
	poll(p, (nfds_t)n, (int)wait);
	if (ui->srv && wv_classsrv_run(ui->srv, (uint64_t)now_ms()) > 0) {
		*react |= WV_REACT_REDRAW;	/* joined, answered, checked */
		class_checked(ui);
	}
	if (ui->job.on && (p[n - 1].revents & POLLIN))
		*react |= try_done(ui);
	return getch();
}

/* ---- :try off the loop's thread ------------------------------------------- */

static void *prove_thread(void *arg)
{
	struct tui *ui = arg;
	char done = 1;

	ui->job.rc = wv_prove_have_solver()
		? wv_prove_solve_within(&ui->job.t->e, ui->job.work, &ui->job.p)
		: wv_prove_enumerate(&ui->job.t->e, true, &ui->job.p);
	if (write(ui->job.pipe[1], &done, 1) < 0) {
		/* the loop joins the thread when it ends anyway */
	}
	return NULL;
}

/*
 * :try FORMULA in the terminal: parsed here as :try parses it, then
 * proved on a thread while the loop goes on polling: a resize redraws,
 * Ctrl-Z suspends, Ctrl-C or Esc stops the proof, other keys are set
 * aside (said on the message line), and the verdict is shown when the
 * thread says it is done.  -1: run it in line (a bad WATVIZ_PROVE_WORK,
 * said there; no thread).
 */
static int try_thread(void *ctx, const struct wv_variant *v, const struct wv_try *t,
		      const char *formula)
{
	struct tui *ui = ctx;
	sigset_t all, old;
	int rc;

	(void)formula;
	if (ui->job.on || wv_prove_work(&ui->job.work) < 0)
		return -1;
	if (pipe(ui->job.pipe) < 0)
		return -1;
	ui->job.t = t;
	/* the signals are the loop's: the thread (and the enumeration's
	   threads it starts) take none but the faults */
	sigfillset(&all);
	sigdelset(&all, SIGSEGV);
	sigdelset(&all, SIGBUS);
	sigdelset(&all, SIGFPE);
	sigdelset(&all, SIGILL);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&ui->job.th, NULL, prove_thread, ui);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		close(ui->job.pipe[0]);
		close(ui->job.pipe[1]);
		ui->job.t = NULL;
		return -1;
	}
	ui->job.on = true;
	ui->job.set_aside = 0;
	ui->job.stop = NULL;
	wv_session_msg(&ui->s, false, "try: proving on %s (Ctrl-C or Esc stops it; "
		       "keys typed meanwhile are set aside)", v->name);
	return 0;
}

/* The proof is done (or asked to stop and then done): its verdict shown. */
static int try_done(struct tui *ui)
{
	pthread_join(ui->job.th, NULL);
	close(ui->job.pipe[0]);
	close(ui->job.pipe[1]);
	ui->job.on = false;
	ui->job.t = NULL;
	return wv_session_try_done(&ui->s, ui->job.rc, &ui->job.p, ui->job.stop);
}

/* Stop a proof that runs and wait for it (quitting, a signal). */
static void try_abandon(struct tui *ui)
{
	if (!ui->job.on)
		return;
	wv_prove_interrupt();
	pthread_join(ui->job.th, NULL);
	close(ui->job.pipe[0]);
	close(ui->job.pipe[1]);
	ui->job.t = NULL;
	ui->job.on = false;
	wv_session_try_cancel(&ui->s);
}

/* A key while the proof runs: Esc stops it, a resize redraws, the rest
   is set aside and counted on the message line. */
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
	if ((stop = wv_session_job_stop(&ui->s, ch))) {
		ui->job.stop = stop;	/* the thread ends soon: try_done */
		return WV_REACT_NONE;
	}
	ui->job.set_aside++;
	wv_session_msg(&ui->s, false, "try: proving on %s; %lu key%s set aside, "
		       "not run (Ctrl-C or Esc stops it)", ui->s.app.v->name,
		       ui->job.set_aside, ui->job.set_aside == 1 ? "" : "s");
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
	return class_start(ctx, spec, ":class", err, size);
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
	if (ui->bench_fd >= 0) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		bench_say(ui, "frame %lld %lu\n", (long long)ts.tv_sec * 1000000000LL +
			  ts.tv_nsec, ui->keys);
	}
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
		if (ui->job.on && ui->job.stop)
			wv_prove_interrupt();	/* again each turn, till it ends */
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
		if (ui->srv || ui->job.on) {
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

int wv_ui_run(const struct wv_ui_opts *opts)
{
	struct tui *ui = calloc(1, sizeof(*ui));
	char err[160], cerr[512], hist[4096], prog[4096];
	const char *hp = NULL, *pp = NULL;
	int status, e;

	if (!ui) {
		fprintf(stderr, "watviz: out of memory\n");
		return 1;
	}
	ui->log_fd = -1;
	ui->bench_fd = getenv("WATVIZ_BENCH_LOG") ? open(getenv("WATVIZ_BENCH_LOG"),
			O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC) : -1;
	/* the user's character set, for readline and curses to show typed
	   UTF-8 (only LC_CTYPE: numbers print as in C everywhere) */
	setlocale(LC_CTYPE, "");
	if (wv_state_path(getenv("XDG_STATE_HOME"), getenv("HOME"), "progress",
			  prog, sizeof(prog)) == 0)
		pp = prog;
	ui->rec = opts->rec;
	const struct wv_session_platform platform = {
		.write_json = json_writer, .remember = remember, .try_job = try_thread,
		.class_start = class_cmd, .ctx = ui,
	};
	if (wv_session_init(&ui->s, opts, pp, &platform) < 0) {
		fprintf(stderr, "watviz: %s\n", ui->s.app.msg);
		free(ui);
		return 2;
	}
	struct wv_app *app = &ui->s.app;

	/* --page-end is wv_app_open's; --step goes to its sub-step */
	if (!ui->s.lesson && opts->step &&
	    (wv_session_goto_step(&ui->s, opts->step), app->msg_error)) {
		fprintf(stderr, "watviz: --%s\n", app->msg);
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return 2;
	}
	if (opts->class_addr && ((opts->class_log && log_open(ui, opts->class_log, cerr,
							      sizeof(cerr)) < 0) ||
				 class_start(ui, opts->class_addr, "--class", cerr,
					     sizeof(cerr)) < 0)) {
		fprintf(stderr, "watviz: %s\n", cerr);
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return 1;
	}
	status = wv_term_start(opts->color, err, sizeof(err));
	if (status == -EINVAL && opts->rec) {
		/* a plain trace is no session: nothing to record, and the
		   file is left as it was (wv_rec_close of nothing drawn) */
		const char *term = getenv("TERM");

		fprintf(stderr, "watviz: --record: TERM=%s cannot draw the visualizer, "
			"so there is nothing to record; set TERM to your terminal's "
			"type, or write a cast with --cast\n", term ? term : "");
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return 2;
	}
	if (status == -EINVAL && ui->s.lesson) {
		/* TERM=dumb and the like: the lesson as its handout */
		struct wv_handout_opts ho = {
			.number = opts->lesson_number, .variant = opts->variant,
			.color = wv_plain_want_color(stdout, opts->color) };

		status = wv_handout_render(stdout, opts->lesson, &ho) < 0 ? 1 : 0;
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return status;
	}
	if (status == -EINVAL) {
		/* TERM=dumb and the like: the same trace as plain text */
		struct wv_plain_opts po = {
			.color = wv_plain_want_color(stdout, opts->color),
			.word_src = opts->word_src };

		status = wv_plain_render(stdout, &app->trace, &po) < 0 ? 1 : 0;
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return status;
	}
	if (status < 0) {
		fprintf(stderr, "watviz: %s\n", err);
		class_stop(ui);
		wv_session_free(&ui->s);
		free(ui);
		return 1;
	}
	ui->theme = ui->s.theme;
	wv_render_setup_theme(wv_term_has_color(), opts->present, ui->theme);
	/* on where the terminal reports mouse events, unless --no-mouse */
	ui->mouse = wv_term_mouse(!opts->no_mouse);
	wv_session_set_mouse(&ui->s, ui->mouse);
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
		ui->s.names = ui->lesson_names;
	}
	if ((e = wv_prompt_history_error()) < 0 && !app->msg_error)
		wv_session_msg(&ui->s, true, "history file not read: %s; it is left as "
			       "it is, and this run's commands are not saved",
			       wv_state_strerror(e));
	ui->next_tick = now_ms() + app->speed_ms;

	status = loop(ui);
	try_abandon(ui);	/* a proof still running (a signal ended the loop) */

	/* teardown: readline first (it owns no tty state), then the terminal */
	wv_prompt_lessons(NULL);
	free(ui->lesson_names);
	wv_prompt_fini();
	wv_term_restore();
	wv_frame_free(&ui->frame);
	class_stop(ui);
	wv_session_free(&ui->s);
	if (ui->bench_fd >= 0)
		close(ui->bench_fd);
	free(ui);
	return status;
}
