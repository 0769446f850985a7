/*
 * What the class server reads from a request (request.h): the vote's
 * form, the cookie, the Host and Origin checks, the join code's limit.
 * Every input is a phone's bytes, so every function here is total: any
 * bytes give an answer, never a read past len (tests/fuzz/fuzz_class.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "request.h"

#include <string.h>

const char wv_classreq_alphabet[33] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Whether s[0..n) is UTF-8 (shortest forms, no surrogates, at most
   U+10FFFF) without C0 controls or DEL. */
static bool utf8_text(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = s[i], cp, k;

		if (c < 0x20 || c == 0x7f)
			return false;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			k = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			k = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			k = 3, cp = c & 0x07;
		else
			return false;
		if (n - i <= k)
			return false;
		for (unsigned j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		if ((k == 2 && cp < 0x800) || (k == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += k + 1;
	}
	return true;
}

/* Decode one form component s[0..n) ('+' is a space, %XX a byte) into
   out; -1 on a bad escape or when it does not fit with its NUL. */
static int decode(const char *s, size_t n, char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '+') {
			c = ' ';
		} else if (c == '%') {
			int hi, lo;

			if (n - i < 3 || (hi = hexval(s[i + 1])) < 0 ||
			    (lo = hexval(s[i + 2])) < 0)
				return -1;
			c = hi << 4 | lo;
			i += 2;
		}
		if (o + 1 >= size)
			return -1;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return (int)o;
}

/*
 * Walk the fields of s[0..len): for each "key=value" call back with both
 * decoded.  Returns -1 when a field cannot be decoded or is not UTF-8
 * text, else what the callback last returned (it stops at a negative).
 */
typedef int (*field_fn)(void *ctx, const char *key, const char *val);

static int fields(const char *s, size_t len, field_fn fn, void *ctx)
{
	char key[32], val[WV_CLASSREQ_BODY_MAX + 1];
	size_t i = 0;
	int r = 0;

	while (i < len) {
		size_t end = i, eq;
		int kl, vl;

		while (end < len && s[end] != '&')
			end++;
		for (eq = i; eq < end && s[eq] != '='; eq++)
			;
		if (end > i) {
			kl = decode(s + i, eq - i, key, sizeof key);
			vl = eq < end ? decode(s + eq + 1, end - eq - 1, val, sizeof val)
				      : decode("", 0, val, sizeof val);
			if (kl < 0 || vl < 0 ||
			    !utf8_text((const unsigned char *)key, (size_t)kl) ||
			    !utf8_text((const unsigned char *)val, (size_t)vl))
				return -1;
			r = fn(ctx, key, val);
			if (r < 0)
				return r;
		}
		i = end + 1;
	}
	return r;
}

/* A decimal number of 1 to 9 digits, nothing else. */
static int number(const char *s, unsigned *out)
{
	size_t n = strlen(s);
	unsigned v = 0;

	if (n == 0 || n > 9)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*out = v;
	return 0;
}

struct vote_form {
	unsigned answer, round;
	bool have_answer, have_round;
};

static int vote_field(void *ctx, const char *key, const char *val)
{
	struct vote_form *f = ctx;

	if (strcmp(key, "answer") == 0) {
		if (f->have_answer || number(val, &f->answer) < 0)
			return -1;
		f->have_answer = true;
	} else if (strcmp(key, "round") == 0) {
		if (f->have_round || number(val, &f->round) < 0)
			return -1;
		f->have_round = true;
	}
	return 0;
}

int wv_classreq_form(const char *body, size_t len, unsigned *answer,
		     unsigned *round)
{
	struct vote_form f = { 0 };

	if (len > WV_CLASSREQ_BODY_MAX ||
	    !utf8_text((const unsigned char *)body, len) ||
	    fields(body, len, vote_field, &f) < 0 || !f.have_answer || !f.have_round)
		return -1;
	*answer = f.answer;
	*round = f.round;
	return 0;
}

struct one_field {
	const char *name;
	char *out;
	size_t size;
	bool found;
};

static int one_field(void *ctx, const char *key, const char *val)
{
	struct one_field *f = ctx;
	size_t n = strlen(val);

	if (f->found || strcmp(key, f->name) != 0)
		return 0;
	if (n >= f->size)
		return -1;
	memcpy(f->out, val, n + 1);
	f->found = true;
	return 0;
}

int wv_classreq_field(const char *s, size_t len, const char *name, char *out,
		      size_t size)
{
	struct one_field f = { name, out, size, false };

	if (size == 0 || len > WV_CLASSREQ_BODY_MAX ||
	    fields(s, len, one_field, &f) < 0 || !f.found)
		return -1;
	return 0;
}

int wv_classreq_cookie(const char *header, uint8_t id[16])
{
	const char *p = header;
	size_t nl = strlen(WV_CLASSREQ_COOKIE);

	while (p && *p) {
		while (*p == ' ' || *p == ';')
			p++;
		if (strncmp(p, WV_CLASSREQ_COOKIE, nl) == 0 && p[nl] == '=') {
			const char *v = p + nl + 1;

			for (int i = 0; i < 32; i++)
				if (hexval(v[i]) < 0)
					return -1;
			if (v[32] != '\0' && v[32] != ';' && v[32] != ' ')
				return -1;
			for (int i = 0; i < 16; i++)
				id[i] = (uint8_t)(hexval(v[2 * i]) << 4 | hexval(v[2 * i + 1]));
			return 0;
		}
		p = strchr(p, ';');
	}
	return -1;
}

void wv_classreq_hex(const uint8_t *b, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[2 * n] = '\0';
}

/* ASCII letters compared in any case. */
static bool same_icase(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];

		if (x >= 'A' && x <= 'Z')
			x = (unsigned char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (unsigned char)(y - 'A' + 'a');
		if (x != y)
			return false;
	}
	return true;
}

bool wv_classreq_host_ok(const char *host, const char *served, unsigned port)
{
	size_t n, sn = strlen(served);
	const char *colon;

	if (!host)
		return false;
	n = strlen(host);
	if (n == sn && same_icase(host, served, n))
		return true;
	/* "127.0.0.1" for "127.0.0.1:80": the port a browser leaves out */
	colon = strrchr(served, ':');
	return port == 80 && colon && (size_t)(colon - served) == n &&
	       same_icase(host, served, n);
}

bool wv_classreq_origin_ok(const char *origin, const char *fetch_site,
			   const char *served)
{
	if (fetch_site && strcmp(fetch_site, "same-origin") != 0)
		return false;
	if (origin) {
		size_t n = strlen(origin), sn = strlen(served);

		if (n != sn + 7 || strncmp(origin, "http://", 7) != 0 ||
		    !same_icase(origin + 7, served, sn))
			return false;
	}
	return true;
}

/* typed against secret in a time that depends on their lengths only;
   upper: lowercase letters typed count as capitals. */
static bool same_secret(const char *typed, const char *secret, bool upper)
{
	unsigned diff = 0;
	size_t n = strlen(secret);

	if (strlen(typed) != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)typed[i];

		if (upper && c >= 'a' && c <= 'z')
			c = (unsigned char)(c - 'a' + 'A');
		diff |= (unsigned)(c ^ (unsigned char)secret[i]);
	}
	return diff == 0;
}

bool wv_classreq_code_ok(const char *typed, const char *code)
{
	return same_secret(typed, code, true);
}

bool wv_classreq_secret_ok(const char *typed, const char *secret)
{
	return same_secret(typed, secret, false);
}

bool wv_classreq_try(struct wv_classreq_limit *l, const uint8_t *addr,
		     size_t alen, uint64_t now)
{
	uint8_t key[16] = { 0 };
	size_t oldest = 0, i;

	memcpy(key, addr, alen < 16 ? alen : 16);
	for (i = 0; i < WV_CLASSREQ_ADDRS; i++) {
		if (l->slot[i].used && memcmp(l->slot[i].addr, key, 16) == 0)
			break;
		if (!l->slot[i].used || (l->slot[oldest].used &&
					 l->slot[i].since < l->slot[oldest].since))
			oldest = i;
	}
	if (i == WV_CLASSREQ_ADDRS) {
		i = oldest;
		memcpy(l->slot[i].addr, key, 16);
		l->slot[i].used = true;
		l->slot[i].since = now;
		l->slot[i].tries = 0;
	}
	if (now - l->slot[i].since >= WV_CLASSREQ_WINDOW_MS) {
		l->slot[i].since = now;
		l->slot[i].tries = 0;
	}
	if (l->slot[i].tries >= WV_CLASSREQ_TRIES)
		return false;
	l->slot[i].tries++;
	return true;
}
