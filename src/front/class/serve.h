/*
 * front/class/serve.h - a live class served for a session: the votes
 * (live/live.h), the server the phones reach (classsrv.h), the join link's
 * QR code and the class log, started and stopped in one order for every
 * front-end that serves one (the terminal's --class and :class).
 *
 * The front-end provides the loop: it polls wv_serve_fd beside its own
 * input, no longer than wv_serve_wait allows, then calls wv_serve_run:
 *
 *	struct wv_serve c;
 *	wv_serve_init(&c, &session);
 *	if (wv_serve_start(&c, "127.0.0.1:8080", "--class", err, sizeof err) < 0)
 *		show(err);
 *	for (;;) {
 *		wait = wv_serve_wait(&c, 250);	(tells the phones what changed)
 *		poll(stdin and wv_serve_fd(&c), wait);
 *		react |= wv_serve_run(&c);
 *		...
 *	}
 *	wv_serve_stop(&c);
 *	wv_serve_free(&c);
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SERVE_H
#define WATVIZ_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "front/class/classsrv.h"
#include "session/session.h"

struct wv_serve {
	struct wv_session *s;	/* what the class follows */
	wv_live *live;		/* the votes, NULL: no class served */
	wv_classsrv *srv;
	char *qr;		/* the join link's QR rows */
	int log_fd;		/* --class-log, or -1 */
	const char *log_path;
	/* make bench-class: WATVIZ_BENCH_LOG names a file (a FIFO) that gets
	   "url URL" when the class is served and "frame NS KEYS" after each
	   frame is flushed (CLOCK_MONOTONIC ns, keys handled so far); -1 */
	int bench_fd;
};

/* Ready to serve a class for s: none yet, no log; opens WATVIZ_BENCH_LOG
   when set. */
void wv_serve_init(struct wv_serve *c, struct wv_session *s);

/*
 * --class-log PATH: each vote counted is appended to the regular file
 * path (never through a symbolic link), one line (wv_live_log_record);
 * when the class stops, the questions' summaries go to PATH.csv
 * (wv_live_csv).  0, or -1 with why in err.
 */
int wv_serve_log(struct wv_serve *c, const char *path, char *err, size_t size);

/*
 * Serve the class at spec ("", "ADDR", "ADDR:PORT", ":PORT", "[V6]:PORT";
 * no address: the default route's, port 8080): the votes, the server, the
 * join link's QR code, all handed to the session, which shows the join
 * screen first.  0, or -1 with the reason in err, which names how the
 * class was asked for: opt is "--class" (at the start) or ":class" (in a
 * lesson; nothing is left half started).
 */
int wv_serve_start(struct wv_serve *c, const char *spec, const char *opt, char *err,
		   size_t size);

/* Whether a class is served. */
bool wv_serve_on(const struct wv_serve *c);

/* The descriptor to poll for POLLIN while a class is served, else -1. */
int wv_serve_fd(const struct wv_serve *c);

/* Tell the phones when the round changed (the session's live_changed),
   and how long the loop may sleep: wait ms (the front-end's own limit)
   or less. */
long wv_serve_wait(struct wv_serve *c, long wait);

/* Serve what is ready without blocking; the session hears how the
   server's check of its own address ended.  Reaction flags (a redraw
   when someone joined or answered). */
int wv_serve_run(struct wv_serve *c);

/* A frame was flushed after keys keys: said to WATVIZ_BENCH_LOG. */
void wv_serve_frame(const struct wv_serve *c, unsigned long keys);

/* Stop serving: the summaries to the log's CSV, the log closed, every
   connection closed.  Nothing served is fine; c may serve again. */
void wv_serve_stop(struct wv_serve *c);

/* Stopped, and WATVIZ_BENCH_LOG closed. */
void wv_serve_free(struct wv_serve *c);

#endif /* WATVIZ_SERVE_H */
