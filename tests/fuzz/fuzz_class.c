/*
 * Fuzz what the class server reads from a phone (src/front/class/request.h):
 * the vote's form body, a query field, the student cookie, the Host and
 * Origin checks, the join code and its per-address limit.  The input is
 * handed over in a buffer of exactly its size, so a read past the length
 * is ASan's to catch.  Checks each accepted input against what it must
 * have meant: a vote's numbers are small and read back the same from their
 * own form; a cookie's id is the hex the header holds; an accepted Host or
 * Origin is the served one up to letter case; no address gets more than
 * its tries in a minute.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include <stdbool.h>
#include <strings.h>

#include "../../src/front/class/request.h"

static const char served[] = "192.168.1.20:8080";

static void form(const uint8_t *data, size_t size)
{
	char *body = malloc(size ? size : 1), again[64];
	unsigned answer, round, a2, r2;

	if (!body)
		abort();
	memcpy(body, data, size);
	if (wv_classreq_form(body, size, &answer, &round) == 0) {
		FUZZ_CHECK(answer <= 999999999u && round <= 999999999u);
		FUZZ_CHECK(size <= WV_CLASSREQ_BODY_MAX);
		snprintf(again, sizeof again, "round=%u&answer=%u", round, answer);
		FUZZ_CHECK(wv_classreq_form(again, strlen(again), &a2, &r2) == 0);
		FUZZ_CHECK(a2 == answer && r2 == round);
	}
	free(body);
}

static void field(const uint8_t *data, size_t size)
{
	char *s = malloc(size ? size : 1), out[8];

	if (!s)
		abort();
	memcpy(s, data, size);
	if (wv_classreq_field(s, size, "code", out, sizeof out) == 0)
		FUZZ_CHECK(strlen(out) < sizeof out);
	free(s);
}

static void headers(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size), hex[33];
	uint8_t id[16];

	if (wv_classreq_cookie(s, id) == 0) {
		char *low = fuzz_string(data, size);

		for (char *p = low; *p; p++)
			if (*p >= 'A' && *p <= 'F')
				*p = (char)(*p - 'A' + 'a');
		wv_classreq_hex(id, sizeof id, hex);
		FUZZ_CHECK(strstr(low, hex) != NULL);
		free(low);
	}
	if (wv_classreq_host_ok(s, served, 8080))
		FUZZ_CHECK(strcasecmp(s, served) == 0);
	if (wv_classreq_origin_ok(s, NULL, served))
		FUZZ_CHECK(strncmp(s, "http://", 7) == 0 && strcasecmp(s + 7, served) == 0);
	if (wv_classreq_code_ok(s, "K7QX3M"))
		FUZZ_CHECK(strcasecmp(s, "K7QX3M") == 0);
	free(s);
}

/* Tries from four addresses at times the input picks, against a model:
   an address's minute starts at its first try after the last minute
   ended, and it gets WV_CLASSREQ_TRIES tries in it. */
static void limit(const uint8_t *data, size_t size)
{
	static struct wv_classreq_limit l;
	uint64_t now = 0, since[4] = { 0 };
	unsigned got[4] = { 0 };
	bool started[4] = { false };

	memset(&l, 0, sizeof l);
	for (size_t i = 0; i + 1 < size; i += 2) {
		unsigned a = data[i] & 3;
		uint8_t addr[4] = { 10, 0, 0, (uint8_t)a };
		bool want;

		now += (uint64_t)data[i + 1] * 1000;
		if (!started[a] || now - since[a] >= WV_CLASSREQ_WINDOW_MS) {
			started[a] = true;
			since[a] = now;
			got[a] = 0;
		}
		want = got[a] < WV_CLASSREQ_TRIES;
		got[a] += want;
		FUZZ_CHECK(wv_classreq_try(&l, addr, sizeof addr, now) == want);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	switch (data[0] & 3) {
	case 0:
		form(data + 1, size - 1);
		break;
	case 1:
		field(data + 1, size - 1);
		break;
	case 2:
		headers(data + 1, size - 1);
		break;
	default:
		limit(data + 1, size - 1);
		break;
	}
	return 0;
}
