/*
 * src/front/class/conns.h - the class server's open connections by client
 * address, for its limit of connections per address.  Private to
 * src/front/class/, and only in a build with the class server
 * (WATVIZ_HAVE_MHD).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_CONNS_H
#define WATVIZ_CLASS_CONNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mhd.h"

#define CONN_BUCKETS 256	/* the open connections, by address */

/* One open connection, from MHD's notice of its start to that of its
   end: its client's address, for the limit per address. */
struct conn {
	uint8_t addr[16];
	bool over;		/* its address held per_address already */
	struct conn *next;	/* in its bucket */
};

/* The open connections, and how many an address may have served. */
struct conns {
	unsigned per;		/* connections served per address */
	struct conn *conns[CONN_BUCKETS];
};

/* The client's address of c as 16 bytes (an IPv4 address in the first
   4, zeros after; all zeros when MHD does not say); returns its length. */
size_t wv_classsrv_client_address(struct MHD_Connection *c, uint8_t key[16]);

/* MHD's notice of a connection's start and end (MHD_OPTION_NOTIFY_CONNECTION,
   cls: the server's struct conns). */
void wv_classsrv_notify(void *cls, struct MHD_Connection *c, void **socket_context,
			enum MHD_ConnectionNotificationCode toe);

/* Whether c is one connection too many for its address. */
bool wv_classsrv_over_limit(struct MHD_Connection *c);

#endif /* WATVIZ_CLASS_CONNS_H */
