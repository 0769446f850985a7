/*
 * src/front/class/listen.h - the class server's listening socket, and the
 * open-file limit that decides how many it may serve.  Private to
 * src/front/class/, and only in a build with the class server
 * (WATVIZ_HAVE_MHD).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_LISTEN_H
#define WATVIZ_CLASS_LISTEN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/resource.h>

/* The open-file soft limit raised to the hard one; returns the soft. */
rlim_t wv_classsrv_raise_files(void);

/* The listening socket on addr:port (only there; *v6: an IPv6 address,
   *bound: the port it got), or a negative errno and a sentence in err. */
int wv_classsrv_listen(const char *addr, unsigned port, bool *v6, unsigned *bound,
		       char *err, size_t errsize);

#endif /* WATVIZ_CLASS_LISTEN_H */
