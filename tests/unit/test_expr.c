/*
 * The expression language (expr/expr.h): every operator and C's
 * precedence, with the C compiler's own arithmetic on uint64_t / uint32_t as
 * the oracle (the same text compiled as C); the kernel's names and the
 * instruction emulations against values worked out by hand; every parse
 * error with its column.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "expr/expr.h"

/* The precedence cases mix operators on purpose, as the language allows. */
#pragma GCC diagnostic ignored "-Wparentheses"
#pragma GCC diagnostic ignored "-Wbool-operation"

static struct wv_expr e;

/* Parse src at width w (must succeed) and evaluate it on a. */
static uint64_t ev(unsigned w, const char *src, uint64_t a)
{
	struct wv_error err = { 0, 0, "" };
	uint64_t val[WV_EXPR_NODES];

	wv_expr_init(&e, w);
	if (wv_expr_parse(&e, src, &err) != 0)
		fail_msg("\"%s\" failed at col %d: %s", src, err.col, err.msg);
	return wv_expr_eval(&e, a, val);
}

static const uint64_t words[] = {
	0, 1, 0x80, 0xff, 0x0100, 0x7f7f7f7f, 0x80808080, 0xffffffff,
	UINT64_C(0x0000006463006261), UINT64_C(0x8180808080808080),
	UINT64_C(0xfedcba9876543210), UINT64_MAX, UINT64_C(0x0101010101010101),
};

/* The same text as C on uint64_t a and on uint32_t a (b is the 32-bit a). */
#define SAME(src)                                                             \
	do {                                                                  \
		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) { \
			uint64_t a = words[i];                                \
			uint32_t b = (uint32_t)a;                             \
			assert_int_equal(ev(64, src, a), (uint64_t)(TEXT(a))); \
			assert_int_equal(ev(32, src, b), (uint32_t)(TEXT(b))); \
		}                                                             \
	} while (0)

static void operators_as_in_c(void **state)
{
	(void)state;
#define TEXT(a) a + 3
	SAME("a + 3");
#undef TEXT
#define TEXT(a) a - 0x101
	SAME("a - 0x101");
#undef TEXT
#define TEXT(a) a * 0x01020304
	SAME("a * 0x01020304");
#undef TEXT
#define TEXT(a) (a & 0xf0f0) | (a ^ 0x3c)
	SAME("(a & 0xf0f0) | (a ^ 0x3c)");
#undef TEXT
#define TEXT(a) ~a
	SAME("~a");
#undef TEXT
#define TEXT(a) -a
	SAME("-a");
#undef TEXT
#define TEXT(a) !a
	SAME("!a");
#undef TEXT
#define TEXT(a) (a << 7) ^ (a >> 9)
	SAME("(a << 7) ^ (a >> 9)");
#undef TEXT
#define TEXT(a) (a < 0x80) + (a <= 0xff) * 2 + (a > 1) * 4 + (a >= 0x100) * 8 + (a == 0) * 16 + (a != 1) * 32
	SAME("(a < 0x80) + (a <= 0xff) * 2 + (a > 1) * 4 + (a >= 0x100) * 8 + (a == 0) * 16 + (a != 1) * 32");
#undef TEXT
#define TEXT(a) a ? a - 1 : 77
	SAME("a ? a - 1 : 77");
#undef TEXT
}

static void precedence_as_in_c(void **state)
{
	(void)state;
	/* each line mixes neighbouring levels without parentheses */
#define TEXT(a) a + 2 * 3 - a * 5
	SAME("a + 2 * 3 - a * 5");
#undef TEXT
#define TEXT(a) a << 2 + 1 >> 1
	SAME("a << 2 + 1 >> 1");
#undef TEXT
#define TEXT(a) a < 5 == a > 0x100 != 1
	SAME("a < 5 == a > 0x100 != 1");
#undef TEXT
#define TEXT(a) a & 0xff == 0xff
	SAME("a & 0xff == 0xff");
#undef TEXT
#define TEXT(a) a ^ 0x0f & 0x3c | 0x100 ^ a & 0xff00
	SAME("a ^ 0x0f & 0x3c | 0x100 ^ a & 0xff00");
#undef TEXT
#define TEXT(a) -a * 2 + ~a - !a
	SAME("-a * 2 + ~a - !a");
#undef TEXT
#define TEXT(a) a - 1 - 2 - 3
	SAME("a - 1 - 2 - 3");
#undef TEXT
#define TEXT(a) a ? 1 : a + 1 ? 2 : 3
	SAME("a ? 1 : a + 1 ? 2 : 3");
#undef TEXT
#define TEXT(a) (a - 0x01010101) & ~a & 0x80808080
	SAME("(a - 0x01010101) & ~a & 0x80808080");
#undef TEXT
#define TEXT(a) ~~!!a
	SAME(" ~ ~ ! !a");
#undef TEXT
}

static void wide_shifts_give_zero(void **state)
{
	(void)state;
	assert_int_equal(ev(64, "a << 64", UINT64_MAX), 0);
	assert_int_equal(ev(64, "a >> 70", UINT64_MAX), 0);
	assert_int_equal(ev(32, "a << 32", 0xffffffff), 0);
	assert_int_equal(ev(32, "a >> 32", 0xffffffff), 0);
	assert_int_equal(ev(32, "a << 31", 3), 0x80000000);
	assert_int_equal(ev(64, "a >> 63", UINT64_MAX), 1);
	assert_int_equal(ev(64, "1 << a", 0xffff), 0);	/* a huge count */
}

static void kernel_names(void **state)
{
	(void)state;
	assert_int_equal(ev(64, "ONES", 0), UINT64_C(0x0101010101010101));
	assert_int_equal(ev(64, "HIGHS", 0), UINT64_C(0x8080808080808080));
	assert_int_equal(ev(64, "LOW7", 0), UINT64_C(0x7f7f7f7f7f7f7f7f));
	assert_int_equal(ev(32, "ONES | HIGHS", 0), 0x81818181);
	assert_int_equal(ev(32, "LOW7", 0), 0x7f7f7f7f);
	assert_int_equal(ev(64, "REPEAT_BYTE(0x2f)", 0), UINT64_C(0x2f2f2f2f2f2f2f2f));
	assert_int_equal(ev(32, "REPEAT_BYTE(0xfe) + 1", 0), 0xfefefeff);	/* -ONES */
	assert_int_equal(ev(32, "REPEAT_BYTE(a)", 0x7f), 0x7f7f7f7f);
}

static void instructions(void **state)
{
	(void)state;
	assert_int_equal(ev(64, "clz(a)", 1), 63);
	assert_int_equal(ev(32, "clz(a)", 1), 31);
	assert_int_equal(ev(64, "clz(a)", 0), 64);
	assert_int_equal(ev(32, "clz(a)", 0x00800000), 8);
	assert_int_equal(ev(64, "ctz(a)", 0x80), 7);
	assert_int_equal(ev(32, "ctz(a)", 0), 32);
	assert_int_equal(ev(64, "popcount(a)", 0xf0f0), 8);
	assert_int_equal(ev(64, "popcount(a)", UINT64_MAX), 64);
	assert_int_equal(ev(64, "fls(a)", 0), 0);
	assert_int_equal(ev(64, "fls(a)", 0x80), 8);
	assert_int_equal(ev(32, "fls(a)", 0x80000000), 32);
	assert_int_equal(ev(64, "__ffs(a)", 0x8000), 15);
	assert_int_equal(ev(64, "__fls(a)", 0x8000), 15);
	assert_int_equal(ev(64, "__fls(a)", 0), 64);
	assert_int_equal(ev(32, "__ffs(a)", 0), 32);
	/* bytes, low first: ff/00 no, 00/00 yes, ff/ff yes, 00/00 yes */
	assert_int_equal(ev(32, "cmpb(a, 0x00ff0000)", 0x00ff00ff), 0xffffff00);
	assert_int_equal(ev(64, "cmpb(a, 0)", UINT64_C(0x0000006463006261)),
			 UINT64_C(0xffffff0000ff0000));
	/* 0 >= byte only where the byte is 0: bytes 0, 2 and 3 */
	assert_int_equal(ev(32, "cmpbge(0, a)", 0x0000ff00), 0xd);
	assert_int_equal(ev(64, "cmpbge(0, a)", UINT64_C(0x0000006463006261)), 0xe4);
	/* byte 1: 0x7f >= 0x80 fails; every other byte passes */
	assert_int_equal(ev(64, "cmpbge(a, 0x8080)", 0x7f80), 0xfd);
}

static void statements_name_results(void **state)
{
	(void)state;
	assert_int_equal(ev(64, "x = a + 1; y = x * 2; y - x", 5), 6);
	assert_int_equal(ev(32, "f = (a - ONES) & ~a & HIGHS; f ? ctz(f) >> 3 : 4",
			    0x63006261), 2);
	/* a later statement may re-use a name */
	assert_int_equal(ev(64, "m = a; m = m >> 8; m", 0x1234), 0x12);
	assert_int_equal(ev(64, "  a  ", 9), 9);
	assert_int_equal(ev(64, "0XfF + 0", 0), 255);
}

/* Parse src at width w, which must fail at col with a message holding what. */
static void bad(unsigned w, const char *src, int col, const char *what)
{
	struct wv_error err = { 0, 0, "" };
	unsigned n;

	wv_expr_init(&e, w);
	n = e.n;
	assert_int_equal(wv_expr_parse(&e, src, &err), -1);
	assert_int_equal(e.n, n);	/* nothing added */
	assert_int_equal(err.line, 1);
	if (err.col != col)
		fail_msg("\"%s\": col %d, want %d (%s)", src, err.col, col, err.msg);
	if (!strstr(err.msg, what))
		fail_msg("\"%s\": message \"%s\" lacks \"%s\"", src, err.msg, what);
}

static void errors_with_columns(void **state)
{
	char deep[200];
	static char longsrc[4200];

	(void)state;
	bad(64, "a +", 4, "ends where an operand is needed");
	bad(64, "(a", 3, "missing ')' to close the '(' at column 1");
	bad(64, "a)", 2, "')' without a '('");
	bad(64, "a && a", 3, "'&&' is not in the language");
	bad(64, "a || a", 3, "'||' is not in the language");
	bad(64, "a / 2", 5 - 2, "no division");
	bad(64, "a % 2", 3, "no division");
	bad(64, "b + 1", 1, "unknown name 'b'");
	bad(64, "clz a", 1, "clz is a function; call it as clz(a)");
	bad(64, "cmpb(a)", 1, "cmpb takes 2 arguments, not 1");
	bad(64, "clz(a, a)", 1, "clz takes 1 argument, not 2");
	bad(64, "clz(a", 6, "missing ')' to close the '(' of clz at column 4");
	bad(64, "0x", 1, "0x needs hex digits");
	bad(64, "12ab", 3, "'a' is not a decimal digit");
	bad(64, "0x12g", 5, "'g' is not a hex digit");
	bad(32, "a & 0x1ffffffff", 5, "does not fit in 32 bits");
	bad(64, "99999999999999999999999", 1, "does not fit in 64 bits");
	bad(64, "", 1, "the expression is empty");
	bad(64, "   ", 4, "the expression is empty");
	bad(64, "a ? 1", 6, "missing ':' of the '?' at column 3");
	bad(64, "a = 1; a", 1, "a is taken");
	bad(64, "ONES = 1; a", 1, "ONES is taken");
	bad(64, "clz = 1; a", 1, "clz is a function; pick another name");
	bad(64, "x = 1", 6, "missing ';' after the statement x");
	bad(64, "x = 1;", 7, "the expression is empty");
	bad(64, "x = 1 2; x", 7, "'2' after a complete expression");
	bad(64, "abcdefghijklmnopq = 1; a", 1, "at most 15 characters");
	bad(64, "a == 1 = 2", 8, "'=' compares nothing");
	bad(64, "a; a", 2, "';' ends a statement");
	bad(64, "a @ 1", 3, "'@' after a complete expression");
	bad(64, "@", 1, "'@' where an operand is needed");
	bad(64, "a + \x01", 5, "byte 0x01 is not part of an expression");
	memset(deep, '~', 100);
	strcpy(deep + 100, "a");
	bad(64, deep, 65, "nested more than 64 deep");
	longsrc[0] = 'a';
	for (size_t i = 1; i + 4 < sizeof(longsrc); i += 4)
		memcpy(longsrc + i, " + a", 5);
	/* node 0 is a; the 1023rd + fills the table, the 1024th (col 4095) is one too many */
	bad(64, longsrc, 4 * WV_EXPR_NODES - 1, "the expression is too long");
}

/*
 * Nesting and length are bounded, so the recursive parser's stack is too:
 * 64 levels parse, the 65th is refused at its column, for each kind of
 * level; a program of 16384 bytes parses, one more byte is refused.
 */
static void nesting_and_length_bounded(void **state)
{
	static char src[WV_EXPR_LEN_MAX + 2];
	static const struct { const char *open, *close; } kinds[] = {
		{ "(", ")" }, { "clz(", ")" }, { "cmpb(a, ", ")" }, { "~", "" },
		{ "-", "" }, { "!", "" }, { "a ? ", " : 0" },
	};
	struct wv_error err;

	(void)state;
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		for (int depth = 64; depth <= 65; depth++) {
			size_t n = 0, col = 0;

			for (int i = 0; i < depth; i++) {
				if (i == 64)
					col = n + (strcmp(kinds[k].open, "a ? ") == 0 ? 3 : 1);
				n += (size_t)sprintf(src + n, "%s", kinds[k].open);
			}
			n += (size_t)sprintf(src + n, "a");
			for (int i = 0; i < depth; i++)
				n += (size_t)sprintf(src + n, "%s", kinds[k].close);
			if (depth == 64) {
				wv_expr_init(&e, 64);
				if (wv_expr_parse(&e, src, &err) != 0)
					fail_msg("64 levels of %s: col %d: %s", kinds[k].open,
						 err.col, err.msg);
			} else {
				bad(64, src, (int)col, "nested more than 64 deep");
			}
		}
	/* "a" and spaces, to exactly the limit, then one byte over */
	memset(src, ' ', WV_EXPR_LEN_MAX + 1);
	src[0] = 'a';
	src[WV_EXPR_LEN_MAX] = 0;
	wv_expr_init(&e, 64);
	assert_int_equal(wv_expr_parse(&e, src, &err), 0);
	src[WV_EXPR_LEN_MAX] = ' ';
	src[WV_EXPR_LEN_MAX + 1] = 0;
	bad(64, src, WV_EXPR_LEN_MAX + 1, "longer than 16384 characters");
}

/* A failed parse leaves what was there: names, nodes and root. */
static void failure_keeps_the_expression(void **state)
{
	struct wv_error err;
	uint64_t val[WV_EXPR_NODES];
	unsigned n, root, names;

	(void)state;
	wv_expr_init(&e, 64);
	assert_int_equal(wv_expr_parse(&e, "t = a + 1; t * 2", &err), 0);
	n = e.n;
	root = e.root;
	names = e.nnames;
	assert_int_equal(wv_expr_parse(&e, "u = t; u +", &err), -1);
	assert_int_equal(e.n, n);
	assert_int_equal(e.root, root);
	assert_int_equal(e.nnames, names);
	assert_int_equal(wv_expr_eval(&e, 4, val), 10);
	/* and an earlier name still works in a later parse */
	assert_int_equal(wv_expr_parse(&e, "t << 4", &err), 0);
	assert_int_equal(wv_expr_eval(&e, 4, val), 80);
}

/* Written back as text, an expression parses to the same function. */
static void format_round_trip(void **state)
{
	static const char *const srcs[] = {
		"(a - ONES) & ~a & HIGHS", "a + 2 * 3 << 1", "-a & ~!a",
		"cmpbge(0, a) ? ctz(cmpbge(0, a)) : 8", "REPEAT_BYTE(0x2f) ^ a",
		"clz(a >> 8) + popcount(a) + fls(a) + __ffs(a) + __fls(a) + ctz(a)",
		"cmpb(a, 0) | (a < 3) | (a >= 9) == (a != 2)",
	};
	char text[512];
	struct wv_error err;
	uint64_t val[WV_EXPR_NODES], s = 17;

	(void)state;
	for (size_t i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++) {
		struct wv_expr f;

		wv_expr_init(&e, 64);
		assert_int_equal(wv_expr_parse(&e, srcs[i], &err), 0);
		assert_true(wv_expr_format(&e, e.root, text, sizeof(text)) < sizeof(text));
		wv_expr_init(&f, 64);
		if (wv_expr_parse(&f, text, &err) != 0)
			fail_msg("\"%s\" -> \"%s\" does not parse: %s", srcs[i], text, err.msg);
		for (int k = 0; k < 200; k++) {
			uint64_t a = rng_next(&s);

			assert_int_equal(wv_expr_eval(&e, a, val), wv_expr_eval(&f, a, val));
		}
	}
	wv_expr_init(&e, 64);
	assert_int_equal(wv_expr_parse(&e, "(a - ONES) & ~a & HIGHS", &err), 0);
	wv_expr_format(&e, e.root, text, sizeof(text));
	assert_string_equal(text, "(a - ONES) & ~a & HIGHS");
	/* a statement's name stands for its value */
	assert_int_equal(wv_expr_parse(&e, "x = a >> 8; clz(x) + 1", &err), 0);
	wv_expr_format(&e, e.root, text, sizeof(text));
	assert_string_equal(text, "clz(x) + 1");
}

/* Many words at once give what one at a time gives. */
static void many_equals_one(void **state)
{
	struct wv_error err;
	uint64_t in[300], out[300], s = 5, one[WV_EXPR_NODES];
	static uint64_t val[WV_EXPR_NODES * 300];

	(void)state;
	wv_expr_init(&e, 32);
	assert_int_equal(wv_expr_parse(&e, "c = cmpb(a, 0); c ? __ffs(c) >> 3 : (a * 3) ^ ~a", &err), 0);
	for (int i = 0; i < 300; i++)
		in[i] = rng_next(&s) & (i % 3 ? 0xff00ff00 : 0xffffffff);
	wv_expr_eval_many(&e, in, 300, val, out);
	for (int i = 0; i < 300; i++)
		assert_int_equal(out[i], wv_expr_eval(&e, in[i], one));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(operators_as_in_c),
		cmocka_unit_test(precedence_as_in_c),
		cmocka_unit_test(wide_shifts_give_zero),
		cmocka_unit_test(kernel_names),
		cmocka_unit_test(instructions),
		cmocka_unit_test(statements_name_results),
		cmocka_unit_test(errors_with_columns),
		cmocka_unit_test(nesting_and_length_bounded),
		cmocka_unit_test(failure_keeps_the_expression),
		cmocka_unit_test(format_round_trip),
		cmocka_unit_test(many_equals_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
