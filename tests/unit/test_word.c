/*
 * The word parser (C string literal bodies) and the memory image builder.
 * Expected bytes are the C standard's values for each escape (C11 6.4.4.4;
 * \e is ESC, 0x1b, the GNU extension), written out by hand.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <string.h>

#include "trace/word.h"

static uint8_t buf[WV_WORD_MAX];

/* Parse src, which must succeed, and compare with want[0..n). */
static void ok(const char *src, const uint8_t *want, size_t n)
{
	struct wv_error e = { 0, 0, "" };
	size_t len = 99999;

	if (wv_word_parse(src, buf, &len, &e) != 0)
		fail_msg("\"%s\" failed at col %d: %s", src, e.col, e.msg);
	assert_int_equal(len, n);
	assert_memory_equal(buf, want, n);
}

/* Parse src, which must fail at col with a message containing what. */
static void bad(const char *src, int col, const char *what)
{
	struct wv_error e = { 0, 0, "" };
	size_t len = 12345;

	assert_int_equal(wv_word_parse(src, buf, &len, &e), -1);
	assert_int_equal(len, 12345);	/* untouched */
	assert_int_equal(e.line, 1);
	if (e.col != col)
		fail_msg("\"%s\": col %d, want %d (%s)", src, e.col, col, e.msg);
	if (!strstr(e.msg, what))
		fail_msg("\"%s\": message \"%s\" lacks \"%s\"", src, e.msg, what);
}

static void plain_bytes(void **state)
{
	(void)state;
	ok("", NULL, 0);
	ok("ab", (const uint8_t *)"ab", 2);
	ok("\xc3\xa9", (const uint8_t[]){ 0xc3, 0xa9 }, 2);	/* UTF-8 as is */
	ok("a b", (const uint8_t *)"a b", 3);
}

static void simple_escapes(void **state)
{
	(void)state;
	static const uint8_t want[] = { 7, 8, 9, 10, 11, 12, 13, 27, 92, 34, 39, 63 };

	ok("\\a\\b\\t\\n\\v\\f\\r\\e\\\\\\\"\\'\\?", want, sizeof(want));
	ok("ab\\0cd", (const uint8_t[]){ 0x61, 0x62, 0, 0x63, 0x64 }, 5);
}

static void octal_escapes(void **state)
{
	(void)state;
	ok("\\0", (const uint8_t[]){ 0 }, 1);
	ok("\\7", (const uint8_t[]){ 7 }, 1);
	ok("\\12", (const uint8_t[]){ 10 }, 1);
	ok("\\101", (const uint8_t[]){ 65 }, 1);
	ok("\\377", (const uint8_t[]){ 255 }, 1);
	ok("\\1011", (const uint8_t[]){ 65, '1' }, 2);	/* at most 3 digits */
	ok("\\08", (const uint8_t[]){ 0, '8' }, 2);	/* 8 is not octal */
	ok("\\0\\0", (const uint8_t[]){ 0, 0 }, 2);
}

static void hex_escapes(void **state)
{
	(void)state;
	ok("\\x0", (const uint8_t[]){ 0 }, 1);
	ok("\\x7f", (const uint8_t[]){ 0x7f }, 1);
	ok("\\xFF", (const uint8_t[]){ 0xff }, 1);
	ok("\\xaB", (const uint8_t[]){ 0xab }, 1);
	ok("\\x414", (const uint8_t[]){ 0x41, '4' }, 2);	/* at most 2 digits */
	ok("\\x1g", (const uint8_t[]){ 1, 'g' }, 2);
	ok("a\\x01\\0bcdefg",
	   (const uint8_t[]){ 'a', 1, 0, 'b', 'c', 'd', 'e', 'f', 'g' }, 9);
}

static void errors(void **state)
{
	(void)state;
	bad("\\x", 1, "\\x needs one or two hex digits");
	bad("ab\\xg", 3, "\\x needs one or two hex digits");
	bad("\\q", 1, "unknown escape \\q");
	bad("abc\\z", 4, "unknown escape \\z");
	bad("abc\\", 4, "backslash at the end");
	bad("\\400", 1, "larger than \\377");
	bad("xy\\777", 3, "larger than \\377");
	bad("\\\x01", 1, "backslash before byte 0x01");
	bad("\\\xc3\xa9", 1, "backslash before byte 0xc3");
	bad("\\8", 1, "unknown escape \\8");
}

static void length_limit(void **state)
{
	(void)state;
	char *s = malloc(2 * WV_WORD_MAX + 8);
	size_t len;
	struct wv_error e;

	assert_non_null(s);
	memset(s, 'a', WV_WORD_MAX);
	s[WV_WORD_MAX] = '\0';
	assert_int_equal(wv_word_parse(s, buf, &len, &e), 0);
	assert_int_equal(len, WV_WORD_MAX);

	s[WV_WORD_MAX] = 'b';
	s[WV_WORD_MAX + 1] = '\0';
	bad(s, WV_WORD_MAX + 1, "longer than 4096 bytes");

	/* escapes count as the byte they stand for: 4096 x "\0" is fine */
	for (size_t i = 0; i < WV_WORD_MAX; i++)
		memcpy(s + 2 * i, "\\0", 2);
	s[2 * WV_WORD_MAX] = '\0';
	assert_int_equal(wv_word_parse(s, buf, &len, &e), 0);
	assert_int_equal(len, WV_WORD_MAX);
	memcpy(s + 2 * WV_WORD_MAX, "\\n", 3);
	bad(s, 2 * WV_WORD_MAX + 1, "longer than 4096 bytes");
	free(s);
}

static void parse_byte(void **state)
{
	(void)state;
	static const struct { const char *s; uint8_t b; } good[] = {
		{ "0", 0 }, { "1", 1 }, { "47", 47 }, { "255", 255 },
		{ "0x2f", 0x2f }, { "0XFF", 0xff }, { "0x0", 0 }, { "/", '/' },
		{ "a", 'a' }, { "\\t", 9 }, { "\\x01", 1 }, { "\\0", 0 },
	};
	static const struct { const char *s; int col; } fails[] = {
		{ "256", 1 }, { "0x100", 1 }, { "0x", 3 }, { "12a", 3 },
		{ "0xg", 3 }, { "", 1 }, { "ab", 2 }, { "\\q", 1 },
	};
	struct wv_error e;
	uint8_t b;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		b = 0xaa;
		assert_int_equal(wv_word_parse_byte(good[i].s, &b, &e), 0);
		assert_int_equal(b, good[i].b);
	}
	for (size_t i = 0; i < sizeof(fails) / sizeof(fails[0]); i++) {
		e.col = -7;
		if (wv_word_parse_byte(fails[i].s, &b, &e) != -1)
			fail_msg("\"%s\" accepted", fails[i].s);
		if (e.col != fails[i].col)
			fail_msg("\"%s\": col %d, want %d", fails[i].s, e.col,
				 fails[i].col);
	}
}

static void image(void **state)
{
	(void)state;
	struct wv_image img;
	static const uint8_t t1[8] = { 0x61, 0x62, 0x00, 0x63, 0x64, 0x00, 0x00, 0x00 };
	static const uint8_t r1[8] = { WV_MEM_STRING, WV_MEM_STRING, WV_MEM_STRING,
		WV_MEM_STRING, WV_MEM_STRING, WV_MEM_NUL, WV_MEM_FILL, WV_MEM_FILL };

	/* T1: "ab\0cd" + NUL + zero fill */
	assert_int_equal(wv_word_image(&img, 8, (const uint8_t *)"ab\0cd", 5, 0, 0), 0);
	assert_int_equal(img.len, 8);
	assert_memory_equal(img.mem, t1, 8);
	assert_memory_equal(img.role, r1, 8);
	wv_word_image_free(&img);
	wv_word_image_free(&img);	/* twice is fine */

	/* offset 3, fill 0x55: 55 55 55 01 51 00 55 55 */
	assert_int_equal(wv_word_image(&img, 8, (const uint8_t *)"\x01Q", 2, 3, 0x55), 0);
	assert_int_equal(img.len, 8);
	assert_memory_equal(img.mem,
			    ((const uint8_t[]){ 0x55, 0x55, 0x55, 1, 'Q', 0, 0x55, 0x55 }), 8);
	assert_int_equal(img.role[2], WV_MEM_PRESTART);
	assert_int_equal(img.role[3], WV_MEM_STRING);
	assert_int_equal(img.role[5], WV_MEM_NUL);
	assert_int_equal(img.role[6], WV_MEM_FILL);
	assert_int_equal(img.offset, 3);
	assert_int_equal(img.word_len, 2);
	wv_word_image_free(&img);

	/* exactly a word of text: the NUL needs a second word */
	assert_int_equal(wv_word_image(&img, 4, (const uint8_t *)"abcd", 4, 0, 7), 0);
	assert_int_equal(img.len, 8);
	assert_memory_equal(img.mem, ((const uint8_t[]){ 'a', 'b', 'c', 'd', 0, 7, 7, 7 }), 8);
	wv_word_image_free(&img);

	/* empty word at offset 7: the NUL is the last byte of word 0 */
	assert_int_equal(wv_word_image(&img, 8, NULL, 0, 7, 1), 0);
	assert_int_equal(img.len, 8);
	assert_int_equal(img.mem[7], 0);
	assert_int_equal(img.mem[6], 1);
	wv_word_image_free(&img);

	assert_int_equal(wv_word_image(&img, 8, NULL, 0, 8, 0), -EINVAL);
	assert_int_equal(wv_word_image(&img, 4, NULL, 0, 4, 0), -EINVAL);
	assert_int_equal(wv_word_image(&img, 5, NULL, 0, 0, 0), -EINVAL);
	assert_int_equal(wv_word_image(&img, 8, buf, WV_WORD_MAX + 1, 0, 0), -EINVAL);
}

static void error_set(void **state)
{
	(void)state;
	struct wv_error e;
	char longmsg[2 * WV_ERROR_MSG_MAX];
	size_t n;

	wv_error_set(NULL, 1, 1, "ignored");
	wv_error_set(&e, 3, 9, "x=%d", 5);
	assert_int_equal(e.line, 3);
	assert_int_equal(e.col, 9);
	assert_string_equal(e.msg, "x=5");
	memset(longmsg, 'm', sizeof(longmsg) - 1);
	longmsg[sizeof(longmsg) - 1] = '\0';
	/* nothing quoted to shorten: cut at the end */
	wv_error_set(&e, 1, 1, "%s", longmsg);
	assert_int_equal(strlen(e.msg), WV_ERROR_MSG_MAX - 1);
	/* a long quoted value loses its middle; the apostrophe of "zero's" is
	   no quote, and the sentence after the value stays whole */
	wv_error_set(&e, 1, 1, "the zero's byte '%s' is bad; write 'x' instead", longmsg);
	n = strlen(e.msg);
	assert_true(n < WV_ERROR_MSG_MAX);
	assert_true(n > WV_ERROR_MSG_MAX - 8);	/* shortened no more than needed */
	assert_memory_equal(e.msg, "the zero's byte 'mmm", 20);
	assert_non_null(strstr(e.msg, "mmm...mmm"));
	assert_string_equal(e.msg + n - 30, "mmm' is bad; write 'x' instead");
	/* a quoted value a few bytes past what is kept whole: "..." would
	   save nothing, so the end is cut (and nothing loops or overflows) */
	longmsg[WV_ERROR_MSG_MAX - 20] = '\0';
	wv_error_set(&e, 1, 1, "%s '%s' x", longmsg, "abcdefghijklmnopqrstuvwxyz");
	assert_int_equal(strlen(e.msg), WV_ERROR_MSG_MAX - 1);
	assert_memory_equal(e.msg + WV_ERROR_MSG_MAX - 20, " 'abcdefghijklmnopq", 19);
}

/* UTF-8 as lesson files and messages read it, and text made safe to show. */
static void utf8_and_escape(void **state)
{
	(void)state;
	static const struct {
		const char *s;
		size_t len;
		uint32_t cp;
	} chars[] = {
		{ "a", 1, 'a' }, { "\x7f", 1, 0x7f }, { "\xc3\xa9", 2, 0xe9 },
		{ "\xc2\x9b", 2, 0x9b }, { "\xe2\x80\x9c", 3, 0x201c },
		{ "\xf0\x9f\x98\x80", 4, 0x1f600 }, { "\xf4\x8f\xbf\xbf", 4, 0x10ffff },
		/* not UTF-8: Latin-1, a lone continuation, cut short, overlong
		   (C0 AF and E0 80 AF for '/'), a surrogate, past U+10FFFF */
		{ "\xe9", 0, 0 }, { "\x80", 0, 0 }, { "\xc3", 0, 0 }, { "\xe2\x80", 0, 0 },
		{ "\xc0\xaf", 0, 0 }, { "\xe0\x80\xaf", 0, 0 }, { "\xed\xa0\x80", 0, 0 },
		{ "\xf4\x90\x80\x80", 0, 0 }, { "\xc3\x28", 0, 0 },
	};
	char out[64];
	uint32_t cp;

	for (size_t i = 0; i < sizeof(chars) / sizeof(chars[0]); i++) {
		cp = 0;
		size_t n = wv_word_utf8_len(chars[i].s, strlen(chars[i].s), &cp);

		if (n != chars[i].len || (n && cp != chars[i].cp))
			fail_msg("char %zu: length %zu, U+%04X; want %zu, U+%04X", i, n,
				 (unsigned)cp, chars[i].len, (unsigned)chars[i].cp);
	}
	assert_true(wv_word_is_control(0x1b) && wv_word_is_control(0x7f) &&
		    wv_word_is_control(0x9f) && wv_word_is_control(0));
	assert_false(wv_word_is_control(' ') || wv_word_is_control(0xa0) ||
		     wv_word_is_control(0xe9));

	/* control characters and stray bytes as \xHH, text as it is */
	assert_int_equal(wv_word_escape("a\x1b]0;x\x07" "b", 8, out, sizeof(out)), 14);
	assert_string_equal(out, "a\\x1b]0;x\\x07b");
	wv_word_escape("caf\xc3\xa9 \xe9 \xc2\x9b[", 11, out, sizeof(out));
	assert_string_equal(out, "caf\xc3\xa9 \\xe9 \\xc2\\x9b[");
	wv_word_escape("t\tn\n\0z", 6, out, sizeof(out));
	assert_string_equal(out, "t\\x09n\\x0a\\x00z");
	/* cut at size, always terminated; the length it needs */
	assert_int_equal(wv_word_escape("\x01\x02", 2, out, 6), 8);
	assert_string_equal(out, "\\x01\\");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_bytes),
		cmocka_unit_test(simple_escapes),
		cmocka_unit_test(octal_escapes),
		cmocka_unit_test(hex_escapes),
		cmocka_unit_test(errors),
		cmocka_unit_test(length_limit),
		cmocka_unit_test(parse_byte),
		cmocka_unit_test(image),
		cmocka_unit_test(error_set),
		cmocka_unit_test(utf8_and_escape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
