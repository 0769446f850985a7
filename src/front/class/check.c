/*
 * The class server's check of its own address (front/class/check.h): the
 * server asks itself for its page at the address the link names, as a
 * phone would, without waiting, from the caller's loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifdef WATVIZ_HAVE_MHD

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"

#define CHECK_MS 5000		/* the check of its own address waits this */

/* The check is over: state, and why in words (a strerror lowercased, or
   a sentence).  Returns true, for wv_classsrv_check_step. */
static bool check_end(struct check *k, int poll_fd, enum wv_classsrv_check state,
		      const char *why)
{

	if (k->fd >= 0) {
		epoll_ctl(poll_fd, EPOLL_CTL_DEL, k->fd, NULL);
		close(k->fd);
		k->fd = -1;
	}
	k->state = state;
	snprintf(k->why, sizeof k->why, "%s", why);
	if (k->why[0] >= 'A' && k->why[0] <= 'Z' && k->why[1] >= 'a' && k->why[1] <= 'z')
		k->why[0] = (char)(k->why[0] - 'A' + 'a');
	return true;
}

void wv_classsrv_check_start(struct check *k, int poll_fd, int listen_fd,
			     const char *served, uint64_t now)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;
	struct epoll_event ev = { .events = EPOLLOUT };
	int n;

	*k = (struct check){ .fd = -1, .state = WV_CLASSSRV_CHECKING,
			     .deadline = now + CHECK_MS };
	n = snprintf(k->req, sizeof k->req, "GET / HTTP/1.1\r\nHost: %s\r\n"
		     "User-Agent: watviz (its own check)\r\nConnection: close\r\n\r\n",
		     served);
	k->len = (size_t)n;
	if (getsockname(listen_fd, (struct sockaddr *)&ss, &len) < 0) {
		check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
		return;
	}
	k->fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (k->fd < 0 || (connect(k->fd, (struct sockaddr *)&ss, len) < 0 &&
			  errno != EINPROGRESS)) {
		check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
		return;
	}
	ev.data.fd = k->fd;
	if (epoll_ctl(poll_fd, EPOLL_CTL_ADD, k->fd, &ev) < 0)
		check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
}

bool wv_classsrv_check_step(struct check *k, int poll_fd, uint64_t now)
{
	struct epoll_event ev = { .events = EPOLLIN };
	char buf[1024];
	ssize_t n;

	if (k->fd < 0)
		return false;
	if (!k->connected) {
		struct pollfd p = { .fd = k->fd, .events = POLLOUT };
		int e = 0;
		socklen_t el = sizeof e;

		if (poll(&p, 1, 0) <= 0)
			goto wait;
		if (getsockopt(k->fd, SOL_SOCKET, SO_ERROR, &e, &el) < 0)
			e = errno;
		if (e)
			return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(e));
		k->connected = true;
	}
	while (k->sent < k->len) {
		n = send(k->fd, k->req + k->sent, k->len - k->sent, MSG_NOSIGNAL);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			goto wait;
		if (n < 0)
			return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
		k->sent += (size_t)n;
		ev.data.fd = k->fd;
		if (k->sent == k->len && epoll_ctl(poll_fd, EPOLL_CTL_MOD, k->fd, &ev) < 0)
			return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
	}
	/* the status line kept, the page read on to its end */
	while ((n = recv(k->fd, buf, sizeof buf, 0)) > 0)
		for (ssize_t i = 0; i < n && k->got < sizeof k->status - 1; i++)
			k->status[k->got++] = buf[i];
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		goto wait;
	if (n < 0)
		return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, strerror(errno));
	/* the end of the answer: "HTTP/1.1 200 OK..." */
	if ((strncmp(k->status, "HTTP/1.1 ", 9) == 0 || strncmp(k->status, "HTTP/1.0 ", 9) == 0) &&
	    strncmp(k->status + 9, "200 ", 4) == 0)
		return check_end(k, poll_fd, WV_CLASSSRV_ANSWERS, "");
	snprintf(buf, sizeof buf, k->got >= 12 ? "it answered %.3s" : "it closed without an answer",
		 k->status + 9);
	return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, buf);
wait:
	if (now >= k->deadline) {
		snprintf(buf, sizeof buf, "none within %d s", CHECK_MS / 1000);
		return check_end(k, poll_fd, WV_CLASSSRV_NO_ANSWER, buf);
	}
	return false;
}


#endif /* WATVIZ_HAVE_MHD */
