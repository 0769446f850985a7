/*
 * The class server (front/class/classsrv.h): libmicrohttpd in epoll mode, run
 * from the caller's loop.  Every request is checked (Host, then route and
 * method, then the student cookie, then for a vote Origin, type and size)
 * before anything is counted; what a request means is the vote layer's
 * (live/live.h) to say.
 *
 * Event streams stay open without a thread: a stream's content reader
 * hands MHD what is pending and, when nothing is, suspends its connection
 * and returns 0; wv_classsrv_changed() and the heartbeat append an event
 * and resume it; the caller's next wv_classsrv_timeout() is then 0, so its
 * loop runs MHD at once (MHD in external mode does not signal its epoll
 * descriptor on a resume).
 * A suspended stream costs no time and does not time out; every stream
 * ends at an age of two to three minutes (the page reconnects), so one
 * whose phone is gone without a word, which only a heartbeat's failed
 * write would show, after TCP gives up (many minutes), is gone by then,
 * and its student no longer counted here (wv_live_listening).
 *
 * Beside it: the connections per address (conns.c), the check of its own
 * address (check.c), the listening socket (listen.c), and libmicrohttpd's
 * table (mhd.h), which only src/front/class/ includes, as qr.c alone
 * includes libqrencode's header.  Compiled to stubs when the build has no
 * libmicrohttpd (WATVIZ_HAVE_MHD unset: make MHD=no, or not installed).
 * With it, libmicrohttpd and libqrencode are loaded when a class is first
 * served (prove/dl.h); where one cannot be, wv_classsrv_start() refuses,
 * saying which and how to install it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/class/classsrv.h"

#include <errno.h>
#include <stdio.h>

#ifndef WATVIZ_HAVE_MHD

bool wv_classsrv_have(void)
{
	return false;
}

int wv_classsrv_start(wv_classsrv **out, const struct wv_classsrv_config *cfg,
		      uint64_t now_ms, char *err, size_t errsize)
{
	(void)cfg;
	(void)now_ms;
	*out = NULL;
	snprintf(err, errsize, "%s", WV_CLASSSRV_MISSING);
	return -ENOTSUP;
}

void wv_classsrv_stop(wv_classsrv *s)
{
	(void)s;
}

int wv_classsrv_fd(const wv_classsrv *s)
{
	(void)s;
	return -1;
}

int wv_classsrv_timeout(wv_classsrv *s, uint64_t now_ms)
{
	(void)s;
	(void)now_ms;
	return -1;
}

int wv_classsrv_run(wv_classsrv *s, uint64_t now_ms)
{
	(void)s;
	(void)now_ms;
	return 0;
}

void wv_classsrv_changed(wv_classsrv *s)
{
	(void)s;
}

const char *wv_classsrv_url(const wv_classsrv *s)
{
	(void)s;
	return "";
}

const char *wv_classsrv_code(const wv_classsrv *s)
{
	(void)s;
	return "";
}

size_t wv_classsrv_capacity(const wv_classsrv *s)
{
	(void)s;
	return 0;
}

enum wv_classsrv_check wv_classsrv_check(const wv_classsrv *s, const char **why)
{
	(void)s;
	if (why)
		*why = WV_CLASSSRV_MISSING;
	return WV_CLASSSRV_NO_ANSWER;
}

#else /* WATVIZ_HAVE_MHD */

#include <limits.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/random.h>
#include <unistd.h>

#include "assets.h"
#include "check.h"
#include "conns.h"
#include "listen.h"
#include "mhd.h"
#include "qr.h"
#include "request.h"

#define EVENT_MAX 8192		/* one wv_live_event's JSON */
#define STREAM_BUF (EVENT_MAX + 64)	/* what a stream may have pending */
#define HEARTBEAT_MS 15000	/* a comment on every stream this often */
#define STREAM_LIFE_MS 120000	/* a stream ends after this, plus up to */
#define STREAM_JITTER_MS 60000	/* this (by its id), and the page reopens it */
#define FD_RESERVE 64		/* descriptors left to the rest of watviz */
#define MEMORY_LIMIT 8192	/* per connection: request headers, buffers */
#define TIMEOUT_S 20		/* an idle (not streaming) connection's life */
#define PER_ADDRESS 16		/* connections per client address, default: a
				   phone's browser opens up to 6 at once */

/* One open GET /events. */
struct stream {
	struct wv_classsrv *s;
	struct MHD_Connection *conn;
	uint8_t id[WV_LIVE_ID_BYTES];
	bool suspended;
	bool ended;		/* its student opened another, or it is old */
	uint64_t dies;		/* when it ends (the page opens a new one) */
	size_t len, off;	/* buf[off..len) is still to send */
	struct stream *prev, *next;
	char buf[STREAM_BUF];
};

/* A POST /vote's body as it arrives. */
struct upload {
	size_t len;
	bool too_big;
	char body[WV_CLASSREQ_BODY_MAX];
};

struct wv_classsrv {
	struct MHD_Daemon *d;
	int poll_fd;		/* what the caller polls: holds epoll_fd and
				   the check's socket */
	int epoll_fd;		/* libmicrohttpd's */
	struct check check;
	struct wv_classsrv_config cfg;
	char served[64];	/* the Host a request must name: "1.2.3.4:80" */
	char url[128];
	char token[2 * 16 + 1];
	char code[WV_CLASSREQ_CODE_LEN + 1];
	size_t capacity;
	uint64_t now, next_beat;
	int accepted;		/* joins and votes during this run */
	bool stopping;
	bool resumed;		/* a stream woke: run MHD before sleeping */
	struct stream *streams;
	struct wv_classreq_limit limit;
	struct conns conns;	/* the open connections, for the limit */
};

/*
 * libmicrohttpd is opened when a class is first served (prove/dl.h):
 * linked in, the loader mapped it and GnuTLS at every start of watviz.
 * Its table (mhd.h) is defined here, and loaded by missing().
 */
static const char *const mhd_names[] = { MHD_FUNCS(WV_DL_NAME_) };
void *wv_classsrv_mhd_fn[WV_DL_N_wv_classsrv_mhd];
static struct wv_dl mhd_lib = { .file = WATVIZ_LIB_MHD, .package = WATVIZ_PKG_MHD,
				.names = mhd_names, .fn = wv_classsrv_mhd_fn,
				.n = WV_DL_N_wv_classsrv_mhd };

/* Why the server cannot run here (a library missing), or NULL. */
static const char *missing(void)
{
	if (wv_dl_load(&mhd_lib) < 0)
		return mhd_lib.err;
	return wv_classsrv_qr_missing();
}

bool wv_classsrv_have(void)
{
	return missing() == NULL;
}

/* n random bytes from the kernel; -1 when it has none to give. */
static int random_bytes(uint8_t *b, size_t n)
{
	while (n > 0) {
		ssize_t r = getrandom(b, n, 0);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		b += r;
		n -= (size_t)r;
	}
	return 0;
}

/* ---- responses ---- */

/* The headers every response carries: nothing cached, nothing sniffed,
   no framing, nothing from elsewhere (the page is its own three files). */
static const char student_csp[] =
	"default-src 'none'; script-src 'self'; style-src 'self'; "
	"connect-src 'self'; form-action 'self'; base-uri 'none'; "
	"frame-ancestors 'none'";
/* the full page (/bits): its scripts and module are inline, its prover a
   worker from a blob, as src/front/web/page.html's own policy says; nothing else */
static const char bits_csp[] =
	"default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; "
	"worker-src blob:; style-src 'unsafe-inline'; form-action 'none'; "
	"base-uri 'none'; frame-ancestors 'none'";

static void common_headers(struct MHD_Response *r, const char *type, const char *csp)
{
	MHD(add_response_header)(r, "Content-Type", type);
	MHD(add_response_header)(r, "Cache-Control", "no-store");
	MHD(add_response_header)(r, "X-Content-Type-Options", "nosniff");
	MHD(add_response_header)(r, "Referrer-Policy", "no-referrer");
	MHD(add_response_header)(r, "Content-Security-Policy", csp);
}

/* Queue body (static: never copied) with status; header/value: one more
   header, or NULL. */
static enum MHD_Result reply(struct MHD_Connection *c, unsigned status,
			     const char *type, const char *body, size_t len,
			     const char *header, const char *value)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD(create_response_from_buffer)(len, (void *)(uintptr_t)body,
					    MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	common_headers(r, type, header && strcmp(header, "Content-Security-Policy") == 0
		       ? value : student_csp);
	if (header && strcmp(header, "Content-Security-Policy") != 0)
		MHD(add_response_header)(r, header, value);
	ret = MHD(queue_response)(c, status, r);
	MHD(destroy_response)(r);
	return ret;
}

/* A short sentence for a refusal or an acceptance: never the student's
   input, so nothing a phone sends is ever shown back. */
static enum MHD_Result say(struct MHD_Connection *c, unsigned status,
			   const char *text)
{
	return reply(c, status, "text/plain; charset=utf-8", text, strlen(text),
		     NULL, NULL);
}

static const struct wv_class_asset *asset(const char *name)
{
	for (size_t i = 0; i < wv_class_nassets; i++)
		if (strcmp(wv_class_assets[i].name, name) == 0)
			return &wv_class_assets[i];
	return NULL;
}

static enum MHD_Result send_asset(struct MHD_Connection *c, const char *name,
				  const char *header, const char *value)
{
	const struct wv_class_asset *a = asset(name);

	if (!a)
		return say(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "This page is missing.\n");
	return reply(c, MHD_HTTP_OK, a->type, a->data, a->len, header, value);
}

/* ---- students ---- */

/* The student this request comes from (its cookie names a student who
   joined: the vote layer's index, a binary search; a scan of the ids would
   cost every vote of a full class a thousand comparisons, twice). */
static bool student(const struct wv_classsrv *s, struct MHD_Connection *c,
		    uint8_t id[WV_LIVE_ID_BYTES])
{
	const char *h = MHD(lookup_connection_value)(c, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_COOKIE);

	return h && wv_classreq_cookie(h, id) == 0 && wv_live_known(s->cfg.live, id);
}

/* ---- event streams ---- */

/* Append text to what st has to send, and wake it.  A stream that read
   nothing of what it had loses that for the newer state; one in the middle
   of an event misses the new one (it gets the next). */
static void push(struct stream *st, const char *text, size_t n)
{
	if (st->off == st->len || (st->off == 0 && n > STREAM_BUF - st->len))
		st->off = st->len = 0;
	if (n > STREAM_BUF - st->len)
		return;
	memcpy(st->buf + st->len, text, n);
	st->len += n;
	if (st->suspended) {
		st->suspended = false;
		st->s->resumed = true;
		MHD(resume_connection)(st->conn);
	}
}

/* st's student's view of the round, as one Server-Sent Event. */
static void push_event(struct stream *st)
{
	char ev[6 + EVENT_MAX + 2];
	int n = wv_live_event(st->s->cfg.live, st->id, ev + 6, EVENT_MAX);

	if (n < 0 || n >= EVENT_MAX)
		return;
	memcpy(ev, "data: ", 6);
	memcpy(ev + 6 + n, "\n\n", 2);
	push(st, ev, (size_t)n + 8);
}

/* End st: its reader says the end once what it holds is sent, and its
   connection closes (Connection: close); the page opens a new one. */
static void end_stream(struct stream *st)
{
	st->ended = true;
	if (st->suspended) {
		st->suspended = false;
		st->s->resumed = true;
		MHD(resume_connection)(st->conn);
	}
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct stream *st = cls;
	size_t n;

	(void)pos;
	if (st->off == st->len) {
		if (st->s->stopping || st->ended)
			return MHD_CONTENT_READER_END_OF_STREAM;
		st->off = st->len = 0;
		st->suspended = true;
		MHD(suspend_connection)(st->conn);
		return 0;
	}
	n = st->len - st->off < max ? st->len - st->off : max;
	memcpy(buf, st->buf + st->off, n);
	st->off += n;
	return (ssize_t)n;
}

/* The stream's connection is gone (MHD frees the response). */
static void stream_free(void *cls)
{
	struct stream *st = cls;

	wv_live_listening(st->s->cfg.live, st->id, false);
	if (st->prev)
		st->prev->next = st->next;
	else
		st->s->streams = st->next;
	if (st->next)
		st->next->prev = st->prev;
	free(st);
}

static enum MHD_Result events(struct wv_classsrv *s, struct MHD_Connection *c)
{
	struct MHD_Response *r;
	struct stream *st;
	enum MHD_Result ret;

	st = calloc(1, sizeof *st);
	if (!st)
		return say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The server is out of memory.\n");
	st->s = s;
	st->conn = c;
	if (!student(s, c, st->id)) {
		free(st);
		return say(c, MHD_HTTP_FORBIDDEN,
			   "Join the class first: scan the code on the screen.\n");
	}
	/* a phone that lost the stream asks again after 2 s */
	push(st, "retry: 2000\n", 12);
	push_event(st);
	r = MHD(create_response_from_callback)(MHD_SIZE_UNKNOWN, 2048, stream_read, st,
					      stream_free);
	if (!r) {
		free(st);
		return MHD_NO;
	}
	/* a reloaded page's old stream is not read any more, and a suspended
	   connection would not notice its end before the next heartbeat: one
	   stream a student, the newest */
	for (struct stream *old = s->streams; old; old = old->next)
		if (memcmp(old->id, st->id, sizeof st->id) == 0 && !old->ended)
			end_stream(old);
	/* a stream lives two to three minutes (spread by its random id, so a
	   class that joined at once does not reconnect at once): one whose
	   phone is gone without a word, or that reads nothing, ends then, and
	   its student is no longer counted here; a live page reconnects */
	st->dies = s->now + STREAM_LIFE_MS + (uint64_t)(st->id[0] | st->id[1] << 8) %
		   STREAM_JITTER_MS;
	wv_live_listening(s->cfg.live, st->id, true);
	st->next = s->streams;
	if (s->streams)
		s->streams->prev = st;
	s->streams = st;
	common_headers(r, "text/event-stream; charset=utf-8", student_csp);
	MHD(add_response_header)(r, "X-Accel-Buffering", "no");
	MHD(add_response_header)(r, MHD_HTTP_HEADER_CONNECTION, "close");
	ret = MHD(queue_response)(c, MHD_HTTP_OK, r);
	MHD(destroy_response)(r);
	return ret;
}

void wv_classsrv_changed(wv_classsrv *s)
{
	for (struct stream *st = s->streams; st; st = st->next)
		push_event(st);
}

/* ---- the routes ---- */

/* GET /: with the token, the page (and a cookie for a new student); with
   a student's cookie, the page; else the form that asks for the code. */
static enum MHD_Result page(struct wv_classsrv *s, struct MHD_Connection *c)
{
	const char *t = MHD(lookup_connection_value)(c, MHD_GET_ARGUMENT_KIND, "t");
	uint8_t id[WV_LIVE_ID_BYTES];
	char cookie[128], hex[2 * WV_LIVE_ID_BYTES + 1];

	if (!t)
		return send_asset(c, student(s, c, id) ? "page.html" : "join.html",
				  NULL, NULL);
	if (!wv_classreq_secret_ok(t, s->token))
		return say(c, MHD_HTTP_FORBIDDEN,
			   "This link is not this class's: scan the code on the screen again.\n");
	if (student(s, c, id))	/* a reload keeps its id and its vote */
		return send_asset(c, "page.html", NULL, NULL);
	if (wv_live_status(s->cfg.live).joined >= s->capacity)
		return say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The class is full.\n");
	if (random_bytes(id, sizeof id) < 0)
		return say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The server has no random numbers.\n");
	if (wv_live_join(s->cfg.live, id) != WV_LIVE_OK)
		return say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The class is full.\n");
	s->accepted++;
	wv_classreq_hex(id, sizeof id, hex);
	snprintf(cookie, sizeof cookie,
		 "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400",
		 WV_CLASSREQ_COOKIE, hex);
	return send_asset(c, "page.html", MHD_HTTP_HEADER_SET_COOKIE, cookie);
}

/* GET /bits: the full web page (make web's watviz.html, compiled in by
   make CLASS_BITS=yes), for the class's students only; the link to it
   names the scene (wv_live_bits). */
static enum MHD_Result bits(struct wv_classsrv *s, struct MHD_Connection *c)
{
	const struct wv_class_asset *a = asset("watviz.html");
	uint8_t id[WV_LIVE_ID_BYTES];

	if (!student(s, c, id))
		return say(c, MHD_HTTP_FORBIDDEN, "Open the class's link first.\n");
	return reply(c, MHD_HTTP_OK, a->type, a->data, a->len, "Content-Security-Policy",
		     bits_csp);
}

/* GET /join?code=K7QX3M: the code typed, at most WV_CLASSREQ_TRIES a
   minute from one address. */
static enum MHD_Result join(struct wv_classsrv *s, struct MHD_Connection *c)
{
	const char *code = MHD(lookup_connection_value)(c, MHD_GET_ARGUMENT_KIND, "code");
	uint8_t key[16];
	size_t klen = wv_classsrv_client_address(c, key);
	char where[80];
	static const char wait[] = "Too many tries: wait a minute, then type the code again.\n";

	if (!wv_classreq_try(&s->limit, key, klen, s->now))
		return reply(c, MHD_HTTP_TOO_MANY_REQUESTS, "text/plain; charset=utf-8",
			     wait, sizeof wait - 1, MHD_HTTP_HEADER_RETRY_AFTER, "60");
	if (!code || !wv_classreq_code_ok(code, s->code))
		return say(c, MHD_HTTP_FORBIDDEN, "That is not this class's code.\n");
	snprintf(where, sizeof where, "/?t=%s", s->token);
	return reply(c, MHD_HTTP_SEE_OTHER, "text/plain; charset=utf-8", "", 0,
		     MHD_HTTP_HEADER_LOCATION, where);
}

/* The whole body of a POST /vote has arrived. */
static enum MHD_Result vote(struct wv_classsrv *s, struct MHD_Connection *c,
			    const struct upload *up)
{
	uint8_t id[WV_LIVE_ID_BYTES];
	unsigned answer, round;

	if (up->too_big)
		return say(c, MHD_HTTP_CONTENT_TOO_LARGE, "A vote is a few bytes.\n");
	if (!student(s, c, id))
		return say(c, MHD_HTTP_FORBIDDEN, "Join the class first.\n");
	if (wv_classreq_form(up->body, up->len, &answer, &round) < 0)
		return say(c, MHD_HTTP_BAD_REQUEST, "A vote is answer=OPTION&round=ROUND.\n");
	switch (wv_live_vote(s->cfg.live, id, round, answer)) {
	case WV_LIVE_OK:
		s->accepted++;
		if (s->cfg.on_vote)
			s->cfg.on_vote(s->cfg.ctx, id, round, answer);
		return say(c, MHD_HTTP_OK, "received\n");
	case WV_LIVE_NOT_OPEN:
		return say(c, MHD_HTTP_CONFLICT, "This question is not open for votes.\n");
	case WV_LIVE_BAD_ANSWER:
		return say(c, MHD_HTTP_BAD_REQUEST, "That is not one of the choices.\n");
	case WV_LIVE_FULL:
		return say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "The class is full.\n");
	default:
		return say(c, MHD_HTTP_FORBIDDEN, "Join the class first.\n");
	}
}

/* The first call for a POST /vote (headers only): refuse what can be
   refused now, else make room for the body. */
static enum MHD_Result vote_start(struct wv_classsrv *s, struct MHD_Connection *c,
				  void **con_cls)
{
	const char *origin = MHD(lookup_connection_value)(c, MHD_HEADER_KIND, "Origin");
	const char *site = MHD(lookup_connection_value)(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
	const char *type = MHD(lookup_connection_value)(c, MHD_HEADER_KIND,
						       MHD_HTTP_HEADER_CONTENT_TYPE);
	const char *length = MHD(lookup_connection_value)(c, MHD_HEADER_KIND,
							 MHD_HTTP_HEADER_CONTENT_LENGTH);
	static const char form[] = "application/x-www-form-urlencoded";
	uint8_t id[WV_LIVE_ID_BYTES];
	struct upload *up;

	if (!wv_classreq_origin_ok(origin, site, s->served))
		return say(c, MHD_HTTP_FORBIDDEN, "Votes come from the class's own page.\n");
	if (!student(s, c, id))
		return say(c, MHD_HTTP_FORBIDDEN, "Join the class first.\n");
	if (!type || strncmp(type, form, sizeof form - 1) != 0 ||
	    (type[sizeof form - 1] != '\0' && type[sizeof form - 1] != ';'))
		return say(c, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE,
			   "A vote is application/x-www-form-urlencoded.\n");
	if (length && (strlen(length) > 5 || strtoul(length, NULL, 10) > WV_CLASSREQ_BODY_MAX))
		return say(c, MHD_HTTP_CONTENT_TOO_LARGE, "A vote is a few bytes.\n");
	up = calloc(1, sizeof *up);
	if (!up)
		return MHD_NO;
	*con_cls = up;
	return MHD_YES;
}

enum route { PAGE, JOIN, EVENTS, VOTE, BITS, ASSET, NOWHERE };

static enum route route_of(const char *url)
{
	const struct wv_class_asset *a;

	if (strcmp(url, "/") == 0)
		return PAGE;
	if (strcmp(url, "/join") == 0)
		return JOIN;
	if (strcmp(url, "/events") == 0)
		return EVENTS;
	if (strcmp(url, "/vote") == 0)
		return VOTE;
	if (strcmp(url, "/bits") == 0)
		return asset("watviz.html") ? BITS : NOWHERE;
	a = url[0] == '/' ? asset(url + 1) : NULL;
	if (a && !strstr(a->name, ".html"))
		return ASSET;
	return NOWHERE;
}

/* The answer to a connection too many: 503, try again in a few seconds,
   and the connection closed. */
static enum MHD_Result too_many(struct MHD_Connection *c)
{
	static const char text[] = "Too many connections from this address: close "
		"other pages of the class, then reload.\n";
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD(create_response_from_buffer)(sizeof text - 1, (void *)(uintptr_t)text,
					    MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	common_headers(r, "text/plain; charset=utf-8", student_csp);
	MHD(add_response_header)(r, MHD_HTTP_HEADER_RETRY_AFTER, "5");
	MHD(add_response_header)(r, MHD_HTTP_HEADER_CONNECTION, "close");
	ret = MHD(queue_response)(c, MHD_HTTP_SERVICE_UNAVAILABLE, r);
	MHD(destroy_response)(r);
	return ret;
}

/* ---- each request ---- */

/* What *con_cls holds between the first call of a GET (headers) and the
   next: MHD keeps a connection alive only when the response comes after
   the first call, so a GET answers on its second. */
static char got_headers;

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
			      const char *method, const char *version,
			      const char *data, size_t *size, void **con_cls)
{
	struct wv_classsrv *s = cls;
	const char *host;
	bool get, post;
	enum route r = route_of(url);

	(void)version;
	if (*con_cls == &got_headers) {
		*size = 0;	/* a GET's body, if any, is not read */
		switch (r) {
		case PAGE:
			return page(s, c);
		case JOIN:
			return join(s, c);
		case EVENTS:
			return events(s, c);
		case BITS:
			return bits(s, c);
		default:
			return send_asset(c, url + 1, NULL, NULL);
		}
	}
	if (*con_cls) {	/* a vote's body, in pieces, then a last call */
		struct upload *up = *con_cls;

		if (*size == 0)
			return vote(s, c, up);
		if (*size > sizeof up->body - up->len)
			up->too_big = true;
		else
			memcpy(up->body + up->len, data, *size);
		up->len += up->too_big ? 0 : *size;
		*size = 0;
		return MHD_YES;
	}
	/* the first call: the headers are in; refuse what can be refused */
	if (wv_classsrv_over_limit(c))
		return too_many(c);
	host = MHD(lookup_connection_value)(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
	if (!wv_classreq_host_ok(host, s->served, s->cfg.port))
		return say(c, host ? MHD_HTTP_MISDIRECTED_REQUEST : MHD_HTTP_BAD_REQUEST,
			   "This server answers only to its own address.\n");
	if (r == NOWHERE)
		return say(c, MHD_HTTP_NOT_FOUND, "Not found.\n");
	get = strcmp(method, "GET") == 0 || (r != EVENTS && strcmp(method, "HEAD") == 0);
	post = strcmp(method, "POST") == 0;
	if (r == VOTE ? !post : !get)
		return reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, "text/plain; charset=utf-8",
			     "Not allowed.\n", 13, MHD_HTTP_HEADER_ALLOW,
			     r == VOTE ? "POST" : r == EVENTS ? "GET" : "GET, HEAD");
	if (r == VOTE)
		return vote_start(s, c, con_cls);
	*con_cls = &got_headers;
	return MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode why)
{
	(void)cls;
	(void)c;
	(void)why;
	if (*con_cls != &got_headers)
		free(*con_cls);
	*con_cls = NULL;
}

enum wv_classsrv_check wv_classsrv_check(const wv_classsrv *s, const char **why)
{
	if (why)
		*why = s->check.why;
	return s->check.state;
}

/* ---- start, run, stop ---- */

int wv_classsrv_start(wv_classsrv **out, const struct wv_classsrv_config *cfg,
		      uint64_t now_ms, char *err, size_t errsize)
{
	uint8_t token[16], code[WV_CLASSREQ_CODE_LEN];
	const union MHD_DaemonInfo *info;
	struct wv_classsrv *s;
	unsigned port = 0, per;
	rlim_t files;
	bool v6 = false;
	int fd, e = 0;

	*out = NULL;
	if (missing()) {
		snprintf(err, errsize, "no class server: %s", missing());
		return -ENOTSUP;
	}
	if (!cfg->live || !cfg->addr) {
		snprintf(err, errsize, "the class server needs an address and a class");
		return -EINVAL;
	}
	s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errsize, "out of memory for the class server");
		return -ENOMEM;
	}
	s->cfg = *cfg;
	wv_live_bits(cfg->live, asset("watviz.html") != NULL);	/* the link */
	s->now = now_ms;
	s->next_beat = now_ms + HEARTBEAT_MS;
	if (random_bytes(token, sizeof token) < 0 || random_bytes(code, sizeof code) < 0) {
		e = errno;
		snprintf(err, errsize, "no random numbers for the join link: %s", strerror(e));
		goto out_free;
	}
	wv_classreq_hex(token, sizeof token, s->token);
	for (size_t i = 0; i < sizeof code; i++)
		s->code[i] = wv_classreq_alphabet[code[i] & 31];
	files = wv_classsrv_raise_files();
	s->capacity = files > 2 * FD_RESERVE ? (size_t)(files - 2 * FD_RESERVE) : 0;
	if (s->capacity > WV_LIVE_STUDENTS_MAX)
		s->capacity = WV_LIVE_STUDENTS_MAX;
	fd = wv_classsrv_listen(cfg->addr, cfg->port, &v6, &port, err, errsize);
	if (fd < 0) {
		e = -fd;
		goto out_free;
	}
	s->cfg.port = port;
	snprintf(s->served, sizeof s->served, v6 ? "[%s]:%u" : "%s:%u", cfg->addr, port);
	snprintf(s->url, sizeof s->url, "http://%s/?t=%s", s->served, s->token);
	per = cfg->per_address ? cfg->per_address : PER_ADDRESS;
	s->conns.per = per;
	s->d = MHD(start_daemon)(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
				(v6 ? MHD_USE_IPv6 : 0),
				(uint16_t)port, NULL, NULL, handle, s,
				MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)MEMORY_LIMIT,
				MHD_OPTION_CONNECTION_LIMIT,
				(unsigned)(files > FD_RESERVE ? files - FD_RESERVE : 16),
				MHD_OPTION_CONNECTION_TIMEOUT,
				(unsigned)(cfg->idle_s ? cfg->idle_s : TIMEOUT_S),
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, 2 * per,
				MHD_OPTION_NOTIFY_COMPLETED, completed, s,
				MHD_OPTION_NOTIFY_CONNECTION, wv_classsrv_notify, &s->conns,
				MHD_OPTION_END);
	if (!s->d) {
		close(fd);
		e = EIO;
		snprintf(err, errsize, "libmicrohttpd would not serve on %s", s->served);
		goto out_free;
	}
	info = MHD(get_daemon_info)(s->d, MHD_DAEMON_INFO_EPOLL_FD);
	if (!info) {
		e = EIO;
		snprintf(err, errsize, "libmicrohttpd has no epoll descriptor");
		goto out_stop;
	}
	s->epoll_fd = info->epoll_fd;
	/* the caller's one descriptor: MHD's epoll and the check's socket */
	s->poll_fd = epoll_create1(EPOLL_CLOEXEC);
	if (s->poll_fd < 0 || epoll_ctl(s->poll_fd, EPOLL_CTL_ADD, s->epoll_fd,
					&(struct epoll_event){ .events = EPOLLIN }) < 0) {
		e = errno;
		snprintf(err, errsize, "no epoll descriptor for the class: %s", strerror(e));
		goto out_close;
	}
	wv_classsrv_check_start(&s->check, s->poll_fd, fd, s->served, now_ms);
	*out = s;
	return 0;
out_close:
	if (s->poll_fd >= 0)
		close(s->poll_fd);
out_stop:
	MHD(stop_daemon)(s->d);
out_free:
	free(s);
	return -(e ? e : EIO);
}

void wv_classsrv_stop(wv_classsrv *s)
{
	if (!s)
		return;
	/* every stream ends: resumed, its reader says the end */
	s->stopping = true;
	for (struct stream *st = s->streams; st; st = st->next)
		if (st->suspended) {
			st->suspended = false;
			MHD(resume_connection)(st->conn);
		}
	MHD(stop_daemon)(s->d);
	if (s->check.fd >= 0)
		close(s->check.fd);
	close(s->poll_fd);
	free(s);
}

int wv_classsrv_fd(const wv_classsrv *s)
{
	return s->poll_fd;
}

int wv_classsrv_timeout(wv_classsrv *s, uint64_t now_ms)
{
	MHD_UNSIGNED_LONG_LONG t;
	int ms = -1;

	/* MHD in external mode does not wake the epoll descriptor when a
	   connection is resumed: it is seen to on the next MHD_run */
	if (s->resumed)
		return 0;
	if (MHD(get_timeout)(s->d, &t) == MHD_YES)
		ms = t > INT_MAX ? INT_MAX : (int)t;
	if (s->streams) {
		uint64_t b = s->next_beat > now_ms ? s->next_beat - now_ms : 0;

		if (ms < 0 || b < (uint64_t)ms)
			ms = (int)b;
	}
	if (s->check.fd >= 0) {
		uint64_t c = s->check.deadline > now_ms ? s->check.deadline - now_ms : 0;

		if (ms < 0 || c < (uint64_t)ms)
			ms = (int)c;
	}
	return ms;
}

int wv_classsrv_run(wv_classsrv *s, uint64_t now_ms)
{
	s->now = now_ms;
	s->accepted = 0;
	s->resumed = false;
	if (now_ms >= s->next_beat) {
		for (struct stream *st = s->streams; st; st = st->next) {
			if (st->ended)
				continue;
			if (now_ms < st->dies) {
				push(st, ": still here\n\n", 14);
				continue;
			}
			push(st, "retry: 500\n\n", 12);	/* the page: back at once */
			end_stream(st);
		}
		s->next_beat = now_ms + HEARTBEAT_MS;
	}
	/* the check's request out before MHD looks, its answer in after */
	bool checked = wv_classsrv_check_step(&s->check, s->poll_fd, now_ms);

	if (MHD(run)(s->d) != MHD_YES)
		return -EIO;
	checked |= wv_classsrv_check_step(&s->check, s->poll_fd, now_ms);
	return s->accepted + checked;
}

const char *wv_classsrv_url(const wv_classsrv *s)
{
	return s->url;
}

const char *wv_classsrv_code(const wv_classsrv *s)
{
	return s->code;
}

size_t wv_classsrv_capacity(const wv_classsrv *s)
{
	return s->capacity;
}

#endif /* WATVIZ_HAVE_MHD */
