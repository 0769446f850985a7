/*
 * The class server's connections per address (front/class/conns.h): MHD
 * tells of each connection's start and end; one that starts while its
 * address holds per_address served ones is marked, and server.c answers
 * its request 503 without serving it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifdef WATVIZ_HAVE_MHD

#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "conns.h"

/* The client's address of c as 16 bytes (an IPv4 address in the first
   4, zeros after; all zeros when MHD does not say); returns its length. */
size_t wv_classsrv_client_address(struct MHD_Connection *c, uint8_t key[16])
{
	const union MHD_ConnectionInfo *ci =
		MHD(get_connection_info)(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;

	memset(key, 0, 16);
	if (sa && sa->sa_family == AF_INET) {
		memcpy(key, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
		return 4;
	}
	if (sa && sa->sa_family == AF_INET6) {
		memcpy(key, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
		return 16;
	}
	return 0;
}

static size_t bucket_of(const uint8_t addr[16])
{
	size_t h = 0;

	for (size_t i = 0; i < 16; i++)
		h = h * 31 + addr[i];
	return h % CONN_BUCKETS;
}

/*
 * MHD's notice of a connection's start and end.  A connection that starts
 * while its address holds per_address served ones is marked: its request
 * gets 503 (wv_classsrv_over_limit), and it is not served.  MHD's own limit per
 * address, twice that, is the backstop for clients that never send a
 * request: past it MHD closes a connection unanswered.
 */
void wv_classsrv_notify(void *cls, struct MHD_Connection *c, void **socket_context,
			enum MHD_ConnectionNotificationCode toe)
{
	struct conns *s = cls;
	struct conn *k, **pp;
	unsigned held = 0;

	if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
		k = *socket_context;
		if (!k)
			return;
		for (pp = &s->conns[bucket_of(k->addr)]; *pp; pp = &(*pp)->next)
			if (*pp == k) {
				*pp = k->next;
				break;
			}
		free(k);
		*socket_context = NULL;
		return;
	}
	k = calloc(1, sizeof *k);
	if (!k)
		return;		/* not counted; served as MHD's limit allows */
	wv_classsrv_client_address(c, k->addr);
	pp = &s->conns[bucket_of(k->addr)];
	for (const struct conn *o = *pp; o; o = o->next)
		held += !o->over && memcmp(o->addr, k->addr, 16) == 0;
	k->over = held >= s->per;
	k->next = *pp;
	*pp = k;
	*socket_context = k;
}

/* Whether c is one connection too many for its address. */
bool wv_classsrv_over_limit(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD(get_connection_info)(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	const struct conn *k = ci ? ci->socket_context : NULL;

	return k && k->over;
}


#endif /* WATVIZ_HAVE_MHD */
