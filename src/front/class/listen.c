/*
 * The class server's listening socket (front/class/listen.h): on the one
 * address given, never every interface, with the error a teacher can act
 * on; and the open-file limit raised for the students' connections.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifdef WATVIZ_HAVE_MHD

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "listen.h"

rlim_t wv_classsrv_raise_files(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 1024;
	if (rl.rlim_cur < rl.rlim_max) {
		rlim_t want = rl.rlim_max == RLIM_INFINITY ? 65536 : rl.rlim_max;

		if (want > rl.rlim_cur) {
			struct rlimit up = { want, rl.rlim_max };

			if (setrlimit(RLIMIT_NOFILE, &up) == 0)
				rl.rlim_cur = want;
		}
	}
	return rl.rlim_cur;
}

int wv_classsrv_listen(const char *addr, unsigned port, bool *v6, unsigned *bound,
		       char *err, size_t errsize)
{
	struct sockaddr_storage ss = { 0 };
	struct sockaddr_in *in4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
	socklen_t len;
	int fd, one = 1, e;

	if (port > 65535) {
		snprintf(err, errsize, "port %u: a port is 1 to 65535", port);
		return -EINVAL;
	}
	if (inet_pton(AF_INET, addr, &in4->sin_addr) == 1) {
		*v6 = false;
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)port);
		len = sizeof *in4;
		if (in4->sin_addr.s_addr == htonl(INADDR_ANY))
			goto wildcard;
	} else if (inet_pton(AF_INET6, addr, &in6->sin6_addr) == 1) {
		*v6 = true;
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)port);
		len = sizeof *in6;
		if (IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr))
			goto wildcard;
	} else {
		snprintf(err, errsize, "'%.40s' is not an IP address (say 192.168.1.20)", addr);
		return -EINVAL;
	}
	fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		e = errno;
		snprintf(err, errsize, "no socket for the class: %s", strerror(e));
		return -e;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (*v6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
	if (bind(fd, (struct sockaddr *)&ss, len) < 0 || listen(fd, 1024) < 0) {
		e = errno;
		if (e == EADDRINUSE)
			snprintf(err, errsize, "%s port %u is busy: give another port "
				 "(%s:%u, say)", addr, port, addr, port + 1);
		else if (e == EADDRNOTAVAIL)
			snprintf(err, errsize, "no network interface of this machine has "
				 "the address %s: give one it has (ip -brief address)", addr);
		else
			snprintf(err, errsize, "cannot serve on %s port %u: %s", addr, port,
				 strerror(e));
		close(fd);
		return -e;
	}
	len = sizeof ss;
	getsockname(fd, (struct sockaddr *)&ss, &len);
	*bound = ntohs(*v6 ? in6->sin6_port : in4->sin_port);
	return fd;
wildcard:
	snprintf(err, errsize, "%s is every interface: give the one address the "
		 "students reach (say 192.168.1.20)", addr);
	return -EINVAL;
}

#endif /* WATVIZ_HAVE_MHD */
