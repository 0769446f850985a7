/*
 * front/class/classsrv.h - the class server: students vote from their phones
 * (issue 44).
 *
 * An HTTP server (GNU libmicrohttpd) on the teacher's machine, run by the
 * caller's event loop: no thread, no busy loop.  It turns requests into
 * calls of the vote layer (live/live.h: join, vote, event) and the vote
 * layer's events into Server-Sent Events; it decides nothing a round is
 * about.  The teacher acts at the terminal only: there is no teacher
 * endpoint.  Its HTTP interface (README, watviz(1)):
 *
 *   GET /?t=TOKEN      the student page; sets the student cookie (a random
 *                      128-bit id), or keeps the one the phone has
 *   GET /              with the cookie: the page; without: the join form
 *   GET /join?code=C   the short join code typed: 303 to /?t=TOKEN; at most
 *                      10 tries a minute per client address (429 beyond)
 *   GET /events        text/event-stream; each event `data: <JSON>` of
 *                      wv_live_event() for this student, then one whenever
 *                      wv_classsrv_changed() is called; a comment every 15 s;
 *                      one stream a student (a newer one ends the older)
 *   POST /vote         application/x-www-form-urlencoded: answer=OPTION
 *                      (index from 0) & round=ROUND; 200 when counted
 *
 * Refused, with nothing counted: a Host other than the served address:port
 * (421; DNS rebinding), a POST whose Origin or Sec-Fetch-Site is another
 * site (403), no or an unknown student cookie (403), a bad token or code
 * (403), a body over 1 KiB (413), a malformed or non-UTF-8 body (400), an
 * answer that is not an option (400), a vote outside the open round (409),
 * a full class (503), another path (404) or method (405).  Headers over
 * MHD's per-connection memory (a few KiB) get MHD's 431, slow clients are
 * dropped after a timeout, and a connection from an address that holds
 * `per_address` already gets 503 with Retry-After and is closed (past
 * twice that many, MHD closes it unanswered).
 *
 * Built without libmicrohttpd or libqrencode (make MHD=no, or not
 * installed), wv_classsrv_start() fails with -ENOTSUP and says how to get
 * the server; wv_classsrv_have() says so beforehand.
 *
 * docs/CLASS.md has the whole interface.  Use (the terminal's loop; now
 * is a monotonic clock in milliseconds, the heartbeat's and the join
 * code's limit's; MHD's own timeouts keep the wall clock):
 *
 *	struct wv_classsrv_config cfg = { .addr = "192.168.1.20", .port = 8080,
 *					  .live = live };
 *	wv_classsrv *srv;
 *	char err[200];
 *	if (wv_classsrv_start(&srv, &cfg, now_ms(), err, sizeof err) < 0)
 *		show(err);
 *	show(wv_classsrv_url(srv), wv_classsrv_code(srv));
 *	for (;;) {
 *		struct pollfd p[2] = { { 0, POLLIN }, { wv_classsrv_fd(srv), POLLIN } };
 *		poll(p, 2, wv_classsrv_timeout(srv, now_ms()));
 *		if (wv_classsrv_run(srv, now_ms()) > 0)
 *			redraw();	(joined / answered changed)
 *		...
 *		wv_live_open(live, &q); wv_classsrv_changed(srv);
 *	}
 *	wv_classsrv_stop(srv);
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASSSRV_H
#define WATVIZ_CLASSSRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "live/live.h"

/* The message of a build without the server. */
#define WV_CLASSSRV_MISSING "this watviz was built without the class server: " \
	"install libmicrohttpd-dev and libqrencode-dev, then make"

struct wv_classsrv_config {
	const char *addr;	/* "192.168.1.20", "127.0.0.1", "::1": the
				   only address bound (not 0.0.0.0 or ::) */
	unsigned port;		/* 0: a free port, the chosen one in the URL */
	wv_live *live;		/* the class's votes (the caller owns it) */
	unsigned per_address;	/* connections one address may hold (0: 16) */
	unsigned idle_s;	/* a connection idle this long, or a request
				   this slow, is dropped (0: 20 s) */
	/* called for each vote counted (the class log), or NULL */
	void (*on_vote)(void *ctx, const uint8_t id[WV_LIVE_ID_BYTES],
			unsigned round, unsigned option);
	void *ctx;
};

typedef struct wv_classsrv wv_classsrv;

/* Whether this build has the class server. */
bool wv_classsrv_have(void);

/*
 * Bind cfg->addr:cfg->port and serve.  Raises the open-file soft limit to
 * the hard one (see wv_classsrv_capacity).  On failure returns a negative
 * errno (-EADDRINUSE, -EADDRNOTAVAIL, -EINVAL for a wildcard or unparsable
 * address, -ENOTSUP without the server) and writes a sentence for the
 * screen to err.  cfg->live must outlive the server.
 */
int wv_classsrv_start(wv_classsrv **out, const struct wv_classsrv_config *cfg,
		      uint64_t now_ms, char *err, size_t errsize);

/* Stop serving: every connection closed.  NULL is fine. */
void wv_classsrv_stop(wv_classsrv *s);

/* The one descriptor to poll for POLLIN (an epoll descriptor that holds
   libmicrohttpd's and the check's socket). */
int wv_classsrv_fd(const wv_classsrv *s);

/* How long the loop may sleep before calling wv_classsrv_run, in ms
   (the next connection timeout, heartbeat or the check's deadline); -1:
   until the fd is ready. */
int wv_classsrv_timeout(wv_classsrv *s, uint64_t now_ms);

/* Serve whatever is ready without blocking.  Returns how many joins and
   votes it accepted, plus 1 when the check of its own address has just
   ended (> 0: what the teacher's screen shows changed), or -EIO. */
int wv_classsrv_run(wv_classsrv *s, uint64_t now_ms);

/*
 * The check at start: the server sends itself, from this machine, the
 * request a phone sends first (GET / at the link's ADDR:PORT, with that
 * Host), on a non-blocking socket that wv_classsrv_fd's descriptor
 * watches beside the server's own: no thread, no wait.  It proves that
 * the link's address and port answer from here, nothing more: whether
 * another device reaches them (a network that keeps its clients apart)
 * only a second device can tell.  *why (owned by s; may be NULL) says
 * what failed: "permission denied", "none within 5 s", "it answered 421".
 */
enum wv_classsrv_check {
	WV_CLASSSRV_CHECKING,	/* no answer yet */
	WV_CLASSSRV_ANSWERS,	/* 200 from ADDR:PORT */
	WV_CLASSSRV_NO_ANSWER,	/* no 200: *why */
};
enum wv_classsrv_check wv_classsrv_check(const wv_classsrv *s, const char **why);

/* The round changed (opened, closed, revealed, voted again): every open
   event stream gets its student's new event.  The streams are woken by
   the next wv_classsrv_run, which the next wv_classsrv_timeout (0 now)
   asks for at once. */
void wv_classsrv_changed(wv_classsrv *s);

/* The join link "http://ADDR:PORT/?t=TOKEN" (a 128-bit random token, hex)
   and the short code typed at /join ("K7QX3M": no 0/O, 1/I).  Owned by s. */
const char *wv_classsrv_url(const wv_classsrv *s);
const char *wv_classsrv_code(const wv_classsrv *s);

/* How many students it can hold: the open-file limit allows, at most
   WV_LIVE_STUDENTS_MAX. */
size_t wv_classsrv_capacity(const wv_classsrv *s);

/*
 * text as a QR code in Unicode half blocks, two modules per character
 * cell vertically, `quiet` light modules around it (4 is the standard's
 * margin; 2 reads fine from a projector): *rows lines of *cols cells,
 * each ended by '\n', in one malloc'd string the caller frees.  The
 * glyphs mark the dark modules, for dark on light: paint them black on
 * white.  invert: the glyphs mark the light modules instead (light text
 * on a dark terminal).  NULL when out of memory, or the text is too long,
 * or the build has no libqrencode.
 */
char *wv_classsrv_qr(const char *text, unsigned quiet, bool invert, int *rows,
		     int *cols);

#endif /* WATVIZ_CLASSSRV_H */
