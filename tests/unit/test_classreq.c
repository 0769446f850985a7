/*
 * What the class server reads from a phone (src/front/class/request.h),
 * against cases worked out by hand: the vote's form body, a query field,
 * the student cookie, the Host and Origin checks, the join code and its
 * per-address limit on a clock the test moves.  tests/class/run-class.sh
 * checks the same rules through HTTP; tests/fuzz/fuzz_class.c on any bytes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include "../../src/front/class/request.h"

static int form(const char *body, unsigned *answer, unsigned *round)
{
	return wv_classreq_form(body, strlen(body), answer, round);
}

static void vote_forms(void **state)
{
	static const char *const bad[] = {
		"", "answer=1", "round=1", "answer=&round=1", "answer=1&round=",
		"answer=x&round=1", "answer=-1&round=1", "answer=1.0&round=1",
		"answer=1&answer=2&round=1", "answer=1&round=1&round=1",
		"answer=1234567890&round=1", "answer=%&round=1", "answer=%4&round=1",
		"answer=%zz&round=1", "answer=1&round=1&x=%FF", "answer=1&round=1&x=%C0%AF",
		"answer=1&round=1&x=%ED%A0%80", "answer=1&round=1&x=%00",
		"answer=1&round=1&x=\xff", "answer=1&round=1\n", "answer=+1&round=1",
	};
	unsigned a = 99, r = 99;

	(void)state;
	assert_int_equal(form("answer=2&round=5", &a, &r), 0);
	assert_int_equal(a, 2);
	assert_int_equal(r, 5);
	assert_int_equal(form("round=7&x=%C3%A9&answer=0&", &a, &r), 0);
	assert_int_equal(a, 0);
	assert_int_equal(r, 7);
	assert_int_equal(form("answer=%33&round=999999999", &a, &r), 0);
	assert_int_equal(a, 3);
	assert_int_equal(r, 999999999);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (form(bad[i], &a, &r) == 0)
			fail_msg("accepted \"%s\"", bad[i]);
	/* the length is the body's: a NUL inside ends nothing */
	assert_int_equal(wv_classreq_form("answer=1&round=1\0x", 18, &a, &r), -1);
	/* over 1 KiB: refused whatever it holds */
	char big[WV_CLASSREQ_BODY_MAX + 2];
	memset(big, 'a', sizeof big);
	memcpy(big, "answer=1&round=1&x=", 19);
	assert_int_equal(wv_classreq_form(big, sizeof big, &a, &r), -1);
	assert_int_equal(wv_classreq_form(big, WV_CLASSREQ_BODY_MAX, &a, &r), 0);
}

static void fields_and_cookies(void **state)
{
	char out[8];
	uint8_t id[16], want[16];
	char hex[33];

	(void)state;
	assert_int_equal(wv_classreq_field("code=k7qx%333&t=1", 17, "code", out, sizeof out), 0);
	assert_string_equal(out, "k7qx33");
	assert_int_equal(wv_classreq_field("codes=1", 7, "code", out, sizeof out), -1);
	assert_int_equal(wv_classreq_field("code=12345678", 13, "code", out, sizeof out), -1);

	for (int i = 0; i < 16; i++)
		want[i] = (uint8_t)(i * 17);
	wv_classreq_hex(want, 16, hex);
	assert_string_equal(hex, "00112233445566778899aabbccddeeff");
	assert_int_equal(wv_classreq_cookie("a=b; wv_id=00112233445566778899AABBCCDDEEFF; c=d",
					    id), 0);
	assert_memory_equal(id, want, 16);
	assert_int_equal(wv_classreq_cookie("wv_id=00112233445566778899aabbccddeeff", id), 0);
	assert_int_equal(wv_classreq_cookie("xwv_id=00112233445566778899aabbccddeeff", id), -1);
	assert_int_equal(wv_classreq_cookie("wv_id=00112233445566778899aabbccddeef", id), -1);
	assert_int_equal(wv_classreq_cookie("wv_id=00112233445566778899aabbccddeeff0", id), -1);
	assert_int_equal(wv_classreq_cookie("wv_id=00112233445566778899aabbccddeefg", id), -1);
	assert_int_equal(wv_classreq_cookie("", id), -1);
}

static void hosts_and_origins(void **state)
{
	(void)state;
	assert_true(wv_classreq_host_ok("192.168.1.20:8080", "192.168.1.20:8080", 8080));
	assert_true(wv_classreq_host_ok("[FE80::1]:8080", "[fe80::1]:8080", 8080));
	assert_false(wv_classreq_host_ok("192.168.1.20", "192.168.1.20:8080", 8080));
	assert_false(wv_classreq_host_ok("evil.example:8080", "192.168.1.20:8080", 8080));
	assert_false(wv_classreq_host_ok("192.168.1.20:80800", "192.168.1.20:8080", 8080));
	assert_false(wv_classreq_host_ok(NULL, "192.168.1.20:8080", 8080));
	/* port 80 may be left out, as browsers do */
	assert_true(wv_classreq_host_ok("10.0.0.1", "10.0.0.1:80", 80));
	assert_true(wv_classreq_host_ok("10.0.0.1:80", "10.0.0.1:80", 80));
	assert_false(wv_classreq_host_ok("10.0.0.1", "10.0.0.1:8080", 8080));

	assert_true(wv_classreq_origin_ok(NULL, NULL, "10.0.0.1:8080"));
	assert_true(wv_classreq_origin_ok("http://10.0.0.1:8080", "same-origin", "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok("http://10.0.0.1:8081", NULL, "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok("https://10.0.0.1:8080", NULL, "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok("null", NULL, "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok(NULL, "cross-site", "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok(NULL, "same-site", "10.0.0.1:8080"));
	assert_false(wv_classreq_origin_ok("http://10.0.0.1:8080", "none", "10.0.0.1:8080"));
}

static void join_code(void **state)
{
	(void)state;
	assert_int_equal(strlen(wv_classreq_alphabet), 32);
	assert_null(strpbrk(wv_classreq_alphabet, "01IO"));
	assert_true(wv_classreq_code_ok("K7QX3M", "K7QX3M"));
	assert_true(wv_classreq_code_ok("k7qx3m", "K7QX3M"));
	assert_false(wv_classreq_code_ok("K7QX3", "K7QX3M"));
	assert_false(wv_classreq_code_ok("K7QX3MM", "K7QX3M"));
	assert_false(wv_classreq_code_ok("K7QX3N", "K7QX3M"));
	assert_true(wv_classreq_secret_ok("00ff", "00ff"));
	assert_false(wv_classreq_secret_ok("00FF", "00ff"));
}

/* 10 tries a minute per address; the minute starts at the first try. */
static void join_limit(void **state)
{
	static struct wv_classreq_limit l;
	const uint8_t a[4] = { 10, 0, 0, 7 }, b[4] = { 10, 0, 0, 8 };
	uint64_t t = 5000000;

	(void)state;
	for (int i = 0; i < WV_CLASSREQ_TRIES; i++)
		assert_true(wv_classreq_try(&l, a, 4, t + (uint64_t)i * 1000));
	assert_false(wv_classreq_try(&l, a, 4, t + 59999));
	assert_true(wv_classreq_try(&l, b, 4, t + 59999));	/* another address */
	assert_true(wv_classreq_try(&l, a, 4, t + 60000));	/* a new minute */
	/* every slot taken by other addresses: the oldest is forgotten, and
	   a forgotten address starts afresh */
	for (unsigned i = 0; i < WV_CLASSREQ_ADDRS; i++) {
		uint8_t c[4] = { 172, 16, (uint8_t)(i >> 8), (uint8_t)i };

		assert_true(wv_classreq_try(&l, c, 4, t + 70000 + i));
	}
	for (int i = 0; i < WV_CLASSREQ_TRIES; i++)
		assert_true(wv_classreq_try(&l, a, 4, t + 80000));
	assert_false(wv_classreq_try(&l, a, 4, t + 80000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(vote_forms),
		cmocka_unit_test(fields_and_cookies),
		cmocka_unit_test(hosts_and_origins),
		cmocka_unit_test(join_code),
		cmocka_unit_test(join_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
