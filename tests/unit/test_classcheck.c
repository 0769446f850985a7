/*
 * The class server's check of its own address (src/front/class/check.h)
 * against listening sockets this test owns, on a clock it moves: no wait
 * on wall-clock time.  One that answers (the check ends "answers"), one
 * that takes the connection and never answers, and one that never takes
 * it (its accept queue full, so the kernel drops the check's SYN, as an
 * address that swallows packets would): both end "none within 5 s" once
 * the clock given reaches 5 s after the start, and not a millisecond
 * before.  tests/class/run-class.sh checks the answered case through the
 * server itself.  Compiled with the check only in a build with the class
 * server (make MHD=no: skipped).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#ifdef WATVIZ_HAVE_MHD

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../../src/front/class/check.h"

#define T0 UINT64_C(1000000)	/* the clock at the start, in ms */
#define LIMIT_MS 5000		/* what the check promises (docs/CLASS.md) */

/* A socket listening on 127.0.0.1 at a free port, with backlog; its
   "ADDR:PORT" in served. */
static int listener(int backlog, char *served, size_t size)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof a;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(listen(fd, backlog), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	snprintf(served, size, "127.0.0.1:%u", ntohs(a.sin_port));
	return fd;
}

/* Wait (at most 10 s, for an event, not for a time) until fd has what
   events asks. */
static void await_fd(int fd, short events)
{
	struct pollfd p = { .fd = fd, .events = events };

	assert_int_equal(poll(&p, 1, 10000), 1);
}

/* The request the check sent, read on the server's side of it to the
   blank line that ends its headers. */
static void read_request(int conn, char *buf, size_t size)
{
	size_t n = 0;

	while (n + 1 < size) {
		ssize_t r;

		await_fd(conn, POLLIN);
		r = recv(conn, buf + n, size - 1 - n, 0);
		assert_true(r > 0);
		n += (size_t)r;
		buf[n] = '\0';
		if (strstr(buf, "\r\n\r\n"))
			return;
	}
	fail_msg("the check's request has no end: %s", buf);
}

/* Step the check with the clock at now until it has sent its whole
   request to conn (read there), the clock never moved. */
static void sent_request(struct check *k, int ep, int conn, const char *served)
{
	char req[512], host[80];

	assert_false(wv_classsrv_check_step(k, ep, T0));
	read_request(conn, req, sizeof req);
	snprintf(host, sizeof host, "\r\nHost: %s\r\n", served);
	assert_non_null(strstr(req, host));
	assert_true(strncmp(req, "GET / HTTP/1.1\r\n", 16) == 0);
}

/* The control: a server that answers 200 and closes: "answers". */
static void answered(void **state)
{
	static const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
				 "Connection: close\r\n\r\nhi";
	char served[64];
	struct check k;
	int ep = epoll_create1(EPOLL_CLOEXEC), lfd, conn;
	bool ended = false;

	(void)state;
	lfd = listener(8, served, sizeof served);
	wv_classsrv_check_start(&k, ep, lfd, served, T0);
	assert_int_equal(k.state, WV_CLASSSRV_CHECKING);
	await_fd(lfd, POLLIN);
	conn = accept(lfd, NULL, NULL);
	assert_true(conn >= 0);
	sent_request(&k, ep, conn, served);
	assert_int_equal(send(conn, ok, sizeof ok - 1, 0), (ssize_t)(sizeof ok - 1));
	close(conn);
	for (int i = 0; i < 100 && !ended; i++) {	/* each after an event */
		struct epoll_event ev;

		assert_true(epoll_wait(ep, &ev, 1, 10000) >= 0);
		ended = wv_classsrv_check_step(&k, ep, T0);
	}
	assert_true(ended);
	assert_int_equal(k.state, WV_CLASSSRV_ANSWERS);
	assert_int_equal(k.fd, -1);
	close(lfd);
	close(ep);
}

/* The check goes on with no answer to now = T0 + LIMIT_MS - 1, and ends
   "none within 5 s" at T0 + LIMIT_MS, its socket closed. */
static void times_out(struct check *k, int ep)
{
	assert_false(wv_classsrv_check_step(k, ep, T0 + 1));
	assert_false(wv_classsrv_check_step(k, ep, T0 + LIMIT_MS - 1));
	assert_int_equal(k->state, WV_CLASSSRV_CHECKING);
	assert_true(k->fd >= 0);
	assert_true(wv_classsrv_check_step(k, ep, T0 + LIMIT_MS));
	assert_int_equal(k->state, WV_CLASSSRV_NO_ANSWER);
	assert_string_equal(k->why, "none within 5 s");
	assert_int_equal(k->fd, -1);
	assert_false(wv_classsrv_check_step(k, ep, T0 + LIMIT_MS + 1));	/* over */
	assert_int_equal(k->state, WV_CLASSSRV_NO_ANSWER);
}

/* A server that takes the connection and the request, and says nothing. */
static void never_answered(void **state)
{
	char served[64];
	struct check k;
	int ep = epoll_create1(EPOLL_CLOEXEC), lfd, conn;

	(void)state;
	lfd = listener(8, served, sizeof served);
	wv_classsrv_check_start(&k, ep, lfd, served, T0);
	await_fd(lfd, POLLIN);
	conn = accept(lfd, NULL, NULL);
	assert_true(conn >= 0);
	sent_request(&k, ep, conn, served);
	times_out(&k, ep);
	close(conn);
	close(lfd);
	close(ep);
}

/* An address whose packets vanish: a listener whose accept queue (backlog
   0: one connection) is held full by the test, so the kernel drops the
   check's SYN and its connect never completes. */
static void never_connected(void **state)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;
	char served[64];
	struct check k;
	int ep = epoll_create1(EPOLL_CLOEXEC), lfd, filler;

	(void)state;
	lfd = listener(0, served, sizeof served);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&ss, &len), 0);
	filler = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	assert_int_equal(connect(filler, (struct sockaddr *)&ss, len), 0);
	await_fd(lfd, POLLIN);		/* the queue holds it: full */
	wv_classsrv_check_start(&k, ep, lfd, served, T0);
	assert_int_equal(k.state, WV_CLASSSRV_CHECKING);
	assert_false(wv_classsrv_check_step(&k, ep, T0));
	assert_false(k.connected);
	times_out(&k, ep);
	close(filler);
	close(lfd);
	close(ep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(answered),
		cmocka_unit_test(never_answered),
		cmocka_unit_test(never_connected),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* a build without the class server has no check to test */

static void no_server(void **state)
{
	(void)state;
	skip();
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(no_server) };

	return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif
