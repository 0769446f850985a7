/*
 * src/front/class/check.h - the class server's check of its own address
 * (what wv_classsrv_check reports): one GET / to the address the link
 * names, on a non-blocking socket the caller's epoll descriptor watches,
 * read to its end.  Private to src/front/class/, and only in a build with
 * the class server (WATVIZ_HAVE_MHD).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_CHECK_H
#define WATVIZ_CLASS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "front/class/classsrv.h"

/* The check of the server's own address (wv_classsrv_check): one GET /
   on a non-blocking socket, read to its end. */
struct check {
	enum wv_classsrv_check state;
	int fd;			/* -1 when not under way */
	bool connected;
	uint64_t deadline;
	size_t len, sent, got;	/* the request's bytes, sent, received */
	char req[160];
	char status[16];	/* the answer's first bytes: "HTTP/1.1 200 " */
	char why[64];
};

/* Connect to the listening socket listen_fd's own address (what the link
   names: served, the Host it is asked for) without waiting, the socket
   added to poll_fd; wv_classsrv_check_step goes on from there. */
void wv_classsrv_check_start(struct check *k, int poll_fd, int listen_fd,
			     const char *served, uint64_t now);

/* The check as far as it goes without waiting: connected, the request
   sent, the answer read to its end (the request asked for the connection
   to be closed).  Returns true when it has just ended. */
bool wv_classsrv_check_step(struct check *k, int poll_fd, uint64_t now);

#endif /* WATVIZ_CLASS_CHECK_H */
