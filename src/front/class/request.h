/*
 * src/front/class/request.h - what the class server reads from a request,
 * as pure functions of bytes: the vote's form body, the student cookie,
 * the Host and Origin checks, the join code and its per-address limit.
 * No I/O, no libmicrohttpd: the fuzz target and the tests call these
 * directly.  Private to src/front/class/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_REQUEST_H
#define WATVIZ_CLASS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WV_CLASSREQ_BODY_MAX 1024	/* a vote's body, bytes */
#define WV_CLASSREQ_CODE_LEN 6		/* the join code's characters */
#define WV_CLASSREQ_TRIES 10		/* join codes tried per address ... */
#define WV_CLASSREQ_WINDOW_MS 60000	/* ... per minute */
#define WV_CLASSREQ_ADDRS 256		/* addresses the limit remembers */
#define WV_CLASSREQ_COOKIE "wv_id"	/* the student cookie's name */

/* The join code's alphabet: 32 characters, none easily misread (no 0/O,
   1/I), so that a random byte & 31 picks one without bias. */
extern const char wv_classreq_alphabet[33];

/*
 * A vote's body: "answer=2&round=5" (application/x-www-form-urlencoded,
 * %XX and '+' decoded).  Both fields exactly once, decimal, at most 9
 * digits; other fields are ignored; the whole body must be UTF-8 with no
 * control character.  Returns 0 and fills answer and round, or -1.
 */
int wv_classreq_form(const char *body, size_t len, unsigned *answer,
		     unsigned *round);

/* The value of query or form field name ("code" in "code=ABC"), decoded
   into out (NUL-terminated); -1 when absent, too long or not UTF-8. */
int wv_classreq_field(const char *s, size_t len, const char *name, char *out,
		      size_t size);

/* The student id in a Cookie header ("a=b; wv_id=<32 hex>"): 0, or -1
   when there is none or it is not 32 hex digits. */
int wv_classreq_cookie(const char *header, uint8_t id[16]);

/* n bytes as 2n lowercase hex digits and a NUL. */
void wv_classreq_hex(const uint8_t *b, size_t n, char *out);

/* Whether a Host header names the served host ("127.0.0.1:8080"), letters
   in any case; port 80 may be left out. */
bool wv_classreq_host_ok(const char *host, const char *served, unsigned port);

/* Whether a POST comes from the page itself: an Origin, when sent, is
   "http://" + served; a Sec-Fetch-Site, when sent, is "same-origin".
   (A browser sends both; a client that sends neither is no browser, and
   the SameSite=Strict cookie never rides along a cross-site request.) */
bool wv_classreq_origin_ok(const char *origin, const char *fetch_site,
			   const char *served);

/* Whether a typed code is the join code, letters in any case, compared
   in constant time. */
bool wv_classreq_code_ok(const char *typed, const char *code);

/* Whether typed is the secret (the link's token) exactly, compared in
   constant time. */
bool wv_classreq_secret_ok(const char *typed, const char *secret);

/* Join attempts per client address, over a sliding minute. */
struct wv_classreq_limit {
	struct {
		uint8_t addr[16];
		uint64_t since;		/* the window's start, ms */
		unsigned tries;
		bool used;
	} slot[WV_CLASSREQ_ADDRS];
};

/* One attempt from addr (alen bytes, up to 16) at now: true when allowed
   (and counted), false when the address has used its tries this minute.
   When every slot is taken the oldest window is forgotten. */
bool wv_classreq_try(struct wv_classreq_limit *l, const uint8_t *addr,
		     size_t alen, uint64_t now);

#endif /* WATVIZ_CLASS_REQUEST_H */
