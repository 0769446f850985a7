/*
 * A live class served for a session (front/class/serve.h): the order in
 * which the votes, the server, the QR code and the log start and stop,
 * the default address, the class log's file.  What a line of the log or
 * the CSV holds is the vote layer's (live/live.h); what the screens say,
 * the session's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/class/serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "app/state.h"

#define CLASS_PORT 8080	/* --class without a port */

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* A line for make bench-class (tests/class/bench.py), when it asked. */
static void bench_say(const struct wv_serve *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void bench_say(const struct wv_serve *c, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	if (c->bench_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(line) && write(c->bench_fd, line, (size_t)n) < 0)
		return;		/* the bench went away: nothing to say */
}

void wv_serve_init(struct wv_serve *c, struct wv_session *s)
{
	const char *bench = getenv("WATVIZ_BENCH_LOG");

	*c = (struct wv_serve){ .s = s, .log_fd = -1 };
	c->bench_fd = bench ? open(bench, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC) : -1;
}

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

/*
 * Each vote counted, one line, written with one write(2) to a file opened
 * for appending, so a crash loses no line and leaves no half of one; a
 * failed write is said once and logging stops (the votes are still
 * counted).
 */
static void log_vote(void *ctx, const uint8_t id[WV_LIVE_ID_BYTES], unsigned round,
		     unsigned option)
{
	struct wv_serve *c = ctx;
	char line[WV_LIVE_EVENT_MAX];
	int n;

	(void)round;
	(void)option;
	if (c->log_fd < 0)
		return;
	n = wv_live_log_record(c->live, id, (int64_t)time(NULL), line, sizeof(line));
	if (n < 0)
		return;
	if (write(c->log_fd, line, (size_t)n) != n) {
		wv_session_msg(c->s, true, "--class-log %s: cannot write (%s); the "
			       "votes are counted, no longer logged", c->log_path,
			       strerror(errno ? errno : ENOSPC));
		close(c->log_fd);
		c->log_fd = -1;
	}
}

int wv_serve_log(struct wv_serve *c, const char *path, char *err, size_t size)
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
	c->log_fd = fd;
	c->log_path = path;
	return 0;
}

/* The check of the server's own address, once it is over, to the
   session (the join screen says what it proved). */
static void checked(struct wv_serve *c)
{
	const char *why;
	enum wv_classsrv_check k = wv_classsrv_check(c->srv, &why);

	if (k != WV_CLASSSRV_CHECKING && c->s->join_check == 0)
		wv_session_live_check(c->s, k == WV_CLASSSRV_ANSWERS, why);
}

int wv_serve_start(struct wv_serve *c, const char *spec, const char *opt, char *err,
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
	if (!(c->live = wv_live_new())) {
		snprintf(err, size, "%s: out of memory", opt);
		return -1;
	}
	cfg = (struct wv_classsrv_config){ .addr = host, .port = (unsigned)port,
					   .live = c->live, .on_vote = log_vote, .ctx = c };
	if (wv_classsrv_start(&c->srv, &cfg, now_ms(), err, size) < 0) {
		wv_live_free(c->live);
		c->live = NULL;
		c->srv = NULL;
		return -1;
	}
	c->qr = wv_classsrv_qr(wv_classsrv_url(c->srv), 2, false, &rows, &cols);
	wv_session_live(c->s, c->live, wv_classsrv_url(c->srv), wv_classsrv_code(c->srv),
			c->qr, wv_classsrv_capacity(c->srv));
	wv_session_show_join(c->s);	/* the class joins first */
	checked(c);			/* it may have failed at once */
	bench_say(c, "url %s\n", wv_classsrv_url(c->srv));
	return 0;
}

bool wv_serve_on(const struct wv_serve *c)
{
	return c->srv != NULL;
}

int wv_serve_fd(const struct wv_serve *c)
{
	return c->srv ? wv_classsrv_fd(c->srv) : -1;
}

long wv_serve_wait(struct wv_serve *c, long wait)
{
	int st;

	if (!c->srv)
		return wait;
	if (wv_session_live_changed(c->s))	/* the phones follow the teacher */
		wv_classsrv_changed(c->srv);
	st = wv_classsrv_timeout(c->srv, now_ms());
	return st >= 0 && st < wait ? st : wait;
}

int wv_serve_run(struct wv_serve *c)
{
	if (!c->srv || wv_classsrv_run(c->srv, now_ms()) <= 0)
		return WV_REACT_NONE;
	checked(c);
	return WV_REACT_REDRAW;		/* joined, answered, checked */
}

void wv_serve_frame(const struct wv_serve *c, unsigned long keys)
{
	struct timespec ts;

	if (c->bench_fd < 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	bench_say(c, "frame %lld %lu\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec,
		  keys);
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

void wv_serve_stop(struct wv_serve *c)
{
	if (c->live && c->log_path) {
		/* each question's summary, as CSV beside the log */
		char csv[4200];

		wv_session_live_end(c->s);
		snprintf(csv, sizeof(csv), "%s.csv", c->log_path);
		if (c->s->nsums && wv_state_replace(csv, 0, csv_fill, c->s) < 0)
			fprintf(stderr, "watviz: --class-log: could not write %s\n", csv);
	}
	if (c->log_fd >= 0)
		close(c->log_fd);
	c->log_fd = -1;
	wv_classsrv_stop(c->srv);
	wv_live_free(c->live);
	free(c->qr);
	c->srv = NULL;
	c->live = NULL;
	c->qr = NULL;
}

void wv_serve_free(struct wv_serve *c)
{
	wv_serve_stop(c);
	if (c->bench_fd >= 0)
		close(c->bench_fd);
	c->bench_fd = -1;
}
