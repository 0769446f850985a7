/*
 * The live class's pure layer (src/live/, live/live.h) and the options a
 * question is voted on (wv_lesson_options): rounds and votes against
 * hand-worked cases, a brute-force recount of random classes, the limit of
 * students, the event parsed back as JSON whatever the question's text
 * holds, and the options of every question on every variant.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "questions.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "live/live.h"

static struct wv_app app;
static struct wv_class cls;

/* Student number i's id: 16 bytes, i spread over them. */
static void student(unsigned i, uint8_t id[WV_LIVE_ID_BYTES])
{
	uint64_t s = UINT64_C(0x9e3779b97f4a7c15) * (i + 1);

	for (unsigned k = 0; k < WV_LIVE_ID_BYTES; k++)
		id[k] = (uint8_t)(rng_next(&s) >> 24);
}

/* A question of n options, option right the right one. */
static struct wv_live_question question(unsigned n, unsigned right)
{
	struct wv_live_question q = { .lesson = 2, .scene = 3, .nopts = n };

	snprintf(q.title, sizeof(q.title), "has_zero on a word");
	snprintf(q.prompt, sizeof(q.prompt), "What does has_zero return?");
	for (unsigned i = 0; i < n; i++) {
		snprintf(q.opts[i].text, sizeof(q.opts[i].text), "0x%08x", 0x80u << i);
		q.opts[i].right = i == right;
		if (i != right && i != 3) {
			snprintf(q.opts[i].group, sizeof(q.opts[i].group),
				 i == 0 ? "no borrow" : "byte order");
			snprintf(q.opts[i].diagnosis, sizeof(q.opts[i].diagnosis),
				 "diagnosis of option %u", i);
		}
	}
	return q;
}

/* ---- a tiny JSON reader: validates, and decodes the top level ----------- */

#define KEYS_MAX 24
struct json {
	const char *s;
	size_t i;
	unsigned nkeys;
	char key[KEYS_MAX][32];
	char val[KEYS_MAX][WV_LIVE_EVENT_MAX];	/* strings decoded; else as written */
	unsigned nopts;
	char opt[WV_LIVE_OPTIONS_MAX + 1][512];	/* "options", decoded */
};
static struct json js;

static void j_ws(struct json *j)
{
	while (strchr(" \t\r\n", j->s[j->i]) && j->s[j->i])
		j->i++;
}

static bool j_put(char *out, size_t size, size_t *n, unsigned cp)
{
	char b[4];
	size_t len;

	if (cp < 0x80) {
		b[0] = (char)cp;
		len = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		len = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		len = 3;
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		len = 4;
	}
	if (*n + len >= size)
		return false;
	memcpy(out + *n, b, len);
	*n += len;
	out[*n] = '\0';
	return true;
}

static bool j_hex4(struct json *j, unsigned *cp)
{
	*cp = 0;
	for (int k = 0; k < 4; k++) {
		char c = j->s[j->i++];

		if (!isxdigit((unsigned char)c))
			return false;
		*cp = *cp * 16 + (unsigned)(isdigit((unsigned char)c) ? c - '0'
					    : tolower((unsigned char)c) - 'a' + 10);
	}
	return true;
}

/* A string at j->i into out (UTF-8); false when it is not valid JSON or
   holds a lone surrogate.  Raw bytes past ASCII must be valid UTF-8: the
   writer never sends any, so they are refused here. */
static bool j_string(struct json *j, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	if (j->s[j->i++] != '"')
		return false;
	for (;;) {
		unsigned char c = (unsigned char)j->s[j->i++];
		unsigned cp;

		if (c == '"')
			return true;
		if (c < 0x20 || c >= 0x7f)
			return false;
		if (c != '\\') {
			if (!j_put(out, size, &n, c))
				return false;
			continue;
		}
		c = (unsigned char)j->s[j->i++];
		switch (c) {
		case '"': case '\\': case '/': cp = c; break;
		case 'b': cp = '\b'; break;
		case 'f': cp = '\f'; break;
		case 'n': cp = '\n'; break;
		case 'r': cp = '\r'; break;
		case 't': cp = '\t'; break;
		case 'u':
			if (!j_hex4(j, &cp))
				return false;
			if (cp >= 0xdc00 && cp <= 0xdfff)
				return false;
			if (cp >= 0xd800 && cp <= 0xdbff) {
				unsigned lo;

				if (j->s[j->i] != '\\' || j->s[j->i + 1] != 'u')
					return false;
				j->i += 2;
				if (!j_hex4(j, &lo) || lo < 0xdc00 || lo > 0xdfff)
					return false;
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			}
			break;
		default:
			return false;
		}
		if (!j_put(out, size, &n, cp))
			return false;
	}
}

static bool j_value(struct json *j, char *out, size_t size, int depth);

static bool j_number(struct json *j)
{
	size_t start = j->i;

	if (j->s[j->i] == '-')
		j->i++;
	if (j->s[j->i] == '0')
		j->i++;
	else if (j->s[j->i] >= '1' && j->s[j->i] <= '9')
		while (isdigit((unsigned char)j->s[j->i]))
			j->i++;
	else
		return false;
	if (j->s[j->i] == '.') {
		j->i++;
		if (!isdigit((unsigned char)j->s[j->i]))
			return false;
		while (isdigit((unsigned char)j->s[j->i]))
			j->i++;
	}
	if (j->s[j->i] == 'e' || j->s[j->i] == 'E') {
		j->i++;
		if (j->s[j->i] == '+' || j->s[j->i] == '-')
			j->i++;
		if (!isdigit((unsigned char)j->s[j->i]))
			return false;
		while (isdigit((unsigned char)j->s[j->i]))
			j->i++;
	}
	return j->i > start;
}

static bool j_value(struct json *j, char *out, size_t size, int depth)
{
	static char scratch[WV_LIVE_EVENT_MAX];
	size_t start;
	char c;

	j_ws(j);
	start = j->i;
	c = j->s[j->i];
	if (depth > 8)
		return false;
	if (c == '"')
		return j_string(j, out ? out : scratch, out ? size : sizeof(scratch));
	if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';

		j->i++;
		j_ws(j);
		if (j->s[j->i] == close) {
			j->i++;
			return true;
		}
		for (;;) {
			j_ws(j);
			if (c == '{') {
				if (!j_string(j, scratch, sizeof(scratch)))
					return false;
				j_ws(j);
				if (j->s[j->i++] != ':')
					return false;
			}
			if (!j_value(j, NULL, 0, depth + 1))
				return false;
			j_ws(j);
			if (j->s[j->i] == close) {
				j->i++;
				return true;
			}
			if (j->s[j->i++] != ',')
				return false;
		}
	}
	if (strncmp(j->s + j->i, "true", 4) == 0 || strncmp(j->s + j->i, "null", 4) == 0)
		j->i += 4;
	else if (strncmp(j->s + j->i, "false", 5) == 0)
		j->i += 5;
	else if (!j_number(j))
		return false;
	if (out)
		snprintf(out, size, "%.*s", (int)(j->i - start), j->s + start);
	return true;
}

/*
 * s as one JSON object on one line, its keys and top-level values into js
 * ("options" also decoded one by one).  Fails the test when it is not.
 */
static void parse_event(const char *s)
{
	struct json *j = &js;

	memset(j, 0, sizeof(*j));
	j->s = s;
	assert_null(strchr(s, '\n'));
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			fail_msg("byte 0x%02x at %zu of %s", (unsigned char)*p,
				 (size_t)(p - s), s);
	if (s[j->i++] != '{')
		fail_msg("not an object: %s", s);
	for (;;) {
		unsigned k = j->nkeys;

		j_ws(j);
		assert_true(k < KEYS_MAX);
		if (!j_string(j, j->key[k], sizeof(j->key[k])))
			fail_msg("bad key at %zu: %s", j->i, s);
		for (unsigned m = 0; m < k; m++)
			if (strcmp(j->key[m], j->key[k]) == 0)
				fail_msg("key %s twice: %s", j->key[k], s);
		j_ws(j);
		if (s[j->i++] != ':')
			fail_msg("no ':' at %zu: %s", j->i, s);
		j_ws(j);
		if (strcmp(j->key[k], "options") == 0) {
			if (s[j->i++] != '[')
				fail_msg("options not an array: %s", s);
			j_ws(j);
			while (s[j->i] != ']') {
				assert_true(j->nopts <= WV_LIVE_OPTIONS_MAX);
				if (!j_string(j, j->opt[j->nopts++], sizeof(j->opt[0])))
					fail_msg("bad option at %zu: %s", j->i, s);
				j_ws(j);
				if (s[j->i] == ',')
					j->i++;
				j_ws(j);
			}
			j->i++;
		} else if (!j_value(j, j->val[k], sizeof(j->val[k]), 0)) {
			fail_msg("bad value of %s at %zu: %s", j->key[k], j->i, s);
		}
		j->nkeys++;
		j_ws(j);
		if (s[j->i] == '}')
			break;
		if (s[j->i++] != ',')
			fail_msg("no ',' at %zu: %s", j->i, s);
	}
	j->i++;
	if (s[j->i] != '\0')
		fail_msg("more after the object: %s", s + j->i);
}

/* The value of key in the last event parsed, or NULL. */
static const char *ev(const char *key)
{
	for (unsigned k = 0; k < js.nkeys; k++)
		if (strcmp(js.key[k], key) == 0)
			return js.val[k];
	return NULL;
}

/* The event for id (NULL: none), parsed into js; returns its length. */
static int event(const wv_live *l, const uint8_t *id)
{
	static char buf[WV_LIVE_EVENT_MAX];
	int n = wv_live_event(l, id, buf, sizeof(buf));

	assert_true(n > 0);
	assert_int_equal((size_t)n, strlen(buf));
	parse_event(buf);
	return n;
}

/* Only these keys before the reveal: nothing that counts votes by option. */
static void no_counts(void)
{
	static const char *const allowed[] = { "round", "state", "vote", "lesson", "scene",
		"title", "prompt", "form", "options", "joined", "answered", "mine" };

	for (unsigned k = 0; k < js.nkeys; k++) {
		bool ok = false;

		for (size_t a = 0; a < sizeof(allowed) / sizeof(allowed[0]); a++)
			ok |= strcmp(js.key[k], allowed[a]) == 0;
		if (!ok)
			fail_msg("key %s before the reveal", js.key[k]);
	}
}

/* ---- rounds and votes, by hand ------------------------------------------ */

static void rounds_by_hand(void **state)
{
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(4, 2);
	uint8_t a[16], b[16], c[16], d[16];
	struct wv_live_tally t;
	struct wv_live_status st;
	struct wv_live_group g[WV_LIVE_OPTIONS_MAX];
	size_t moved[2][2];

	(void)state;
	student(0, a);
	student(1, b);
	student(2, c);
	student(3, d);
	assert_non_null(l);
	st = wv_live_status(l);
	assert_int_equal(st.state, WV_LIVE_NONE);
	assert_int_equal(st.round, 0);
	assert_null(wv_live_question(l));
	assert_int_equal(wv_live_join(l, a), 0);
	assert_int_equal(wv_live_join(l, b), 0);
	assert_int_equal(wv_live_join(l, c), 0);
	assert_int_equal(wv_live_join(l, a), 0);	/* again: fine, once */
	assert_int_equal(wv_live_status(l).joined, 3);
	assert_int_equal(wv_live_vote(l, a, 0, 0), WV_LIVE_NOT_OPEN);
	assert_int_equal(wv_live_revote(l), 0);		/* nothing to vote again on */

	/* vote 1: a 2 (right), b 0 then changes to 1, c 0; d never joined */
	assert_int_equal(wv_live_open(l, &q), 1);
	assert_int_equal(wv_live_status(l).state, WV_LIVE_OPEN);
	assert_int_equal(wv_live_vote(l, a, 1, 2), 0);
	assert_int_equal(wv_live_vote(l, b, 1, 0), 0);
	assert_int_equal(wv_live_vote(l, c, 1, 0), 0);
	assert_int_equal(wv_live_vote(l, b, 1, 1), 0);
	assert_int_equal(wv_live_vote(l, d, 1, 1), WV_LIVE_UNKNOWN_STUDENT);
	assert_int_equal(wv_live_vote(l, a, 2, 1), WV_LIVE_NOT_OPEN);
	assert_int_equal(wv_live_vote(l, a, 1, 4), WV_LIVE_BAD_ANSWER);
	assert_int_equal(wv_live_mine(l, b, 1), 1);
	st = wv_live_status(l);
	assert_int_equal(st.answered, 3);
	assert_int_equal(st.vote, 1);
	assert_int_equal(wv_live_tally(l, 1, &t), WV_LIVE_NOT_OPEN);	/* hidden */
	assert_int_equal(t.total, 0);
	assert_int_equal(wv_live_moved(l, moved), WV_LIVE_NOT_OPEN);
	assert_int_equal(wv_live_percent_right(l, 1), -1);
	wv_live_close(l);
	assert_int_equal(wv_live_status(l).state, WV_LIVE_CLOSED);
	assert_int_equal(wv_live_vote(l, c, 1, 2), WV_LIVE_NOT_OPEN);
	assert_int_equal(wv_live_tally(l, 1, &t), WV_LIVE_NOT_OPEN);
	wv_live_reveal(l);
	assert_int_equal(wv_live_status(l).state, WV_LIVE_REVEALED);
	assert_int_equal(wv_live_tally(l, 1, &t), 0);
	assert_int_equal(t.total, 3);
	assert_int_equal(t.per_option[0], 1);
	assert_int_equal(t.per_option[1], 1);
	assert_int_equal(t.per_option[2], 1);
	assert_int_equal(t.per_option[3], 0);
	assert_int_equal(wv_live_percent_right(l, 1), 33);	/* 1 of 3 */
	assert_string_equal(wv_live_hint(33), wv_live_hint(0));
	assert_int_equal(wv_live_tally(l, 2, &t), WV_LIVE_NOT_OPEN);
	/* the groups: right, then "no borrow" (0), "byte order" (1), other (3) */
	assert_int_equal(wv_live_groups(l, 1, g), 4);
	assert_string_equal(g[0].name, "right");
	assert_true(g[0].right);
	assert_int_equal(g[0].count, 1);
	assert_int_equal(g[0].options, 1u << 2);
	assert_string_equal(g[1].name, "no borrow");
	assert_int_equal(g[1].count, 1);
	assert_string_equal(g[2].name, "byte order");
	assert_int_equal(g[2].count, 1);
	assert_string_equal(g[3].name, "other");
	assert_int_equal(g[3].count, 0);
	assert_int_equal(g[3].options, 1u << 3);

	/* vote 2, a round of its own: a stays right, b 1 -> 2 (wrong->right),
	   c does not vote again, d joins now and votes 3 */
	assert_int_equal(wv_live_revote(l), 2);
	assert_int_equal(wv_live_revote(l), 0);
	st = wv_live_status(l);
	assert_int_equal(st.vote, 2);
	assert_int_equal(st.round, 2);
	assert_int_equal(st.answered, 0);
	assert_int_equal(wv_live_vote(l, a, 1, 2), WV_LIVE_NOT_OPEN);	/* stale page */
	assert_int_equal(wv_live_vote(l, a, 2, 2), 0);
	assert_int_equal(wv_live_vote(l, b, 2, 2), 0);
	assert_int_equal(wv_live_join(l, d), 0);
	assert_int_equal(wv_live_vote(l, d, 2, 3), 0);
	assert_int_equal(wv_live_mine(l, c, 1), 0);
	assert_int_equal(wv_live_mine(l, c, 2), -1);
	assert_int_equal(wv_live_tally(l, 1, &t), 0);	/* vote 1 stays shown */
	assert_int_equal(t.total, 3);
	assert_int_equal(wv_live_tally(l, 2, &t), WV_LIVE_NOT_OPEN);
	wv_live_reveal(l);	/* straight from open */
	assert_int_equal(wv_live_tally(l, 2, &t), 0);
	assert_int_equal(t.total, 3);
	assert_int_equal(t.per_option[2], 2);
	assert_int_equal(t.per_option[3], 1);
	assert_int_equal(wv_live_percent_right(l, 2), 67);
	assert_int_equal(wv_live_moved(l, moved), 0);
	assert_int_equal(moved[1][1], 1);	/* a */
	assert_int_equal(moved[0][1], 1);	/* b */
	assert_int_equal(moved[1][0], 0);
	assert_int_equal(moved[0][0], 0);	/* c did not vote again, d not before */
	assert_int_equal(wv_live_revote(l), 0);	/* no vote 3 */

	/* what the teacher keeps: the log's line of a vote, the summary */
	{
		struct wv_live_summary sum;
		char line[WV_LIVE_EVENT_MAX];

		assert_true(wv_live_log_line(l, b, "12:00 \"noon\"", line, sizeof(line)) > 0);
		parse_event(line);
		assert_string_equal(ev("time"), "12:00 \"noon\"");
		assert_string_equal(ev("lesson"), "2");
		assert_string_equal(ev("scene"), "3");
		assert_string_equal(ev("question"), "What does has_zero return?");
		assert_string_equal(ev("round"), "2");
		assert_string_equal(ev("vote"), "2");
		assert_int_equal(strlen(ev("student")), 32);
		assert_string_equal(ev("option"), "2");
		assert_string_equal(ev("answer"), "0x00000200");
		assert_string_equal(ev("right"), "true");
		assert_string_equal(ev("diagnosis"), "");
		assert_true(wv_live_log_line(l, d, "t", line, sizeof(line)) > 0);
		parse_event(line);
		assert_string_equal(ev("right"), "false");
		assert_string_equal(ev("group"), "other");
		assert_int_equal(wv_live_log_line(l, c, "t", line, sizeof(line)), -1);
		assert_int_equal(wv_live_log_line(l, b, "t", line, 40), -1);

		assert_int_equal(wv_live_summary(l, &sum), 0);
		assert_int_equal(sum.students, 4);	/* a, b, c; d in vote 2 */
		assert_int_equal(sum.right[0], 33);
		assert_int_equal(sum.right[1], 67);
		assert_int_equal(sum.ntop, 2);
		assert_string_equal(sum.top[0], "no borrow");	/* a tie: in order */
		assert_string_equal(sum.top[1], "byte order");
		assert_true(wv_live_summary_csv(&sum, true, line, sizeof(line)) > 0);
		assert_string_equal(line, "lesson,scene,title,students,right_1,right_2,"
				    "top_1,count_1,top_2,count_2,top_3,count_3\r\n");
		assert_true(wv_live_summary_csv(&sum, false, line, sizeof(line)) > 0);
		assert_string_equal(line, "2,3,has_zero on a word,4,33,67,no borrow,1,"
				    "byte order,1,,\r\n");
		snprintf(sum.title, sizeof(sum.title), "a \"b\", c");
		sum.right[1] = -1;
		sum.ntop = 0;
		assert_true(wv_live_summary_csv(&sum, false, line, sizeof(line)) > 0);
		assert_string_equal(line, "2,3,\"a \"\"b\"\", c\",4,33,,,,,,,\r\n");
		snprintf(sum.title, sizeof(sum.title), "x, y");
		assert_true(wv_live_summary_csv(&sum, false, line, sizeof(line)) > 0);
		assert_string_equal(line, "2,3,\"x, y\",4,33,,,,,,,\r\n");
		assert_int_equal(wv_live_summary_csv(&sum, false, line, 10), -1);
	}

	/* a new question clears both votes */
	assert_int_equal(wv_live_open(l, &q), 3);
	assert_int_equal(wv_live_status(l).answered, 0);
	assert_int_equal(wv_live_mine(l, a, 1), -1);
	assert_int_equal(wv_live_tally(l, 1, &t), WV_LIVE_NOT_OPEN);
	q.nopts = 0;
	assert_int_equal(wv_live_open(l, &q), 0);	/* nothing to vote on */
	assert_int_equal(wv_live_status(l).round, 3);
	wv_live_free(l);
}

/*
 * The class log's record and the CSV beside it, worked by hand from
 * live/live.h's formats: the stamps are days counted from 1970-01-01
 * (1700000000 = 19675 days + 80000 s; 1970..2022 hold 53 years and 13 leap
 * days, 19358 days, leaving day 317 of 2023 from 0: 14 November; 80000 s =
 * 22 h 13 min 20 s.  951782400 = 11016 days = 30 years + 7 leap days + 31
 * + 28: 29 February 2000).
 */
static void log_and_csv_by_hand(void **state)
{
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(2, 1);
	uint8_t id[WV_LIVE_ID_BYTES];
	char line[WV_LIVE_EVENT_MAX];
	const char *tail = "\"lesson\":2,\"scene\":3,\"question\":\"What does has_zero "
		"return?\",\"round\":1,\"vote\":1,\"student\":\"000102030405060708090a0b0c0d0e0f\","
		"\"option\":0,\"answer\":\"0x00000080\",\"right\":false,\"group\":\"no borrow\","
		"\"diagnosis\":\"diagnosis of option 0\"}\n";
	struct wv_live_summary sums[2] = {
		{ .lesson = 3, .scene = 4, .title = "has_zero, at last", .students = 30,
		  .right = { 40, -1 }, .ntop = 1, .top = { "no borrow" }, .top_count = { 12 } },
		{ .lesson = 10, .scene = 2, .title = "find", .students = 7,
		  .right = { 0, 100 }, .ntop = 0 },
	};
	char *csv;
	size_t len;
	int n;

	(void)state;
	for (unsigned i = 0; i < WV_LIVE_ID_BYTES; i++)
		id[i] = (uint8_t)i;
	assert_non_null(l);
	assert_int_equal(wv_live_join(l, id), 0);
	assert_int_equal(wv_live_open(l, &q), 1);
	assert_int_equal(wv_live_log_record(l, id, 1700000000, line, sizeof(line)), -1);
	assert_int_equal(wv_live_vote(l, id, 1, 0), 0);

	n = wv_live_log_record(l, id, 1700000000, line, sizeof(line));
	assert_int_equal(n, (int)strlen(line));
	assert_memory_equal(line, "{\"time\":\"2023-11-14T22:13:20Z\",", 31);
	assert_string_equal(line + 31, tail);
	assert_true(wv_live_log_record(l, id, 951782400, line, sizeof(line)) > 0);
	assert_memory_equal(line, "{\"time\":\"2000-02-29T00:00:00Z\",", 31);
	assert_true(wv_live_log_record(l, id, 0, line, sizeof(line)) > 0);
	assert_memory_equal(line, "{\"time\":\"1970-01-01T00:00:00Z\",", 31);
	/* room for the line but not its '\n' */
	assert_int_equal(wv_live_log_record(l, id, 0, line, 31 + strlen(tail)), -1);
	assert_int_equal(wv_live_log_record(l, id, 0, line, 31 + strlen(tail) + 1),
			 (int)(31 + strlen(tail)));
	wv_live_free(l);

	csv = wv_live_csv(sums, 2, &len);
	assert_non_null(csv);
	assert_string_equal(csv, "lesson,scene,title,students,right_1,right_2,top_1,count_1,"
			    "top_2,count_2,top_3,count_3\r\n"
			    "3,4,\"has_zero, at last\",30,40,,no borrow,12,,,,\r\n"
			    "10,2,find,7,0,100,,,,,,\r\n");
	assert_int_equal(len, strlen(csv));
	free(csv);
	csv = wv_live_csv(NULL, 0, &len);
	assert_non_null(csv);
	assert_string_equal(csv, "lesson,scene,title,students,right_1,right_2,top_1,count_1,"
			    "top_2,count_2,top_3,count_3\r\n");
	free(csv);
}

static void hint_boundaries(void **state)
{
	const char *revisit = wv_live_hint(0), *discuss = wv_live_hint(50),
		   *move_on = wv_live_hint(100);

	(void)state;
	assert_true(strstr(revisit, "revisit"));
	assert_true(strstr(discuss, "neighbour"));
	assert_true(strstr(move_on, "move on"));
	assert_string_equal(wv_live_hint(34), revisit);
	assert_string_equal(wv_live_hint(35), discuss);
	assert_string_equal(wv_live_hint(70), discuss);
	assert_string_equal(wv_live_hint(71), move_on);
}

static void option_of(void **state)
{
	struct wv_live_question q = question(3, 1);

	(void)state;
	assert_int_equal(wv_live_option_of(&q, "a"), 0);
	assert_int_equal(wv_live_option_of(&q, " C) "), 2);
	assert_int_equal(wv_live_option_of(&q, "b."), 1);
	assert_int_equal(wv_live_option_of(&q, "d"), WV_LIVE_BAD_ANSWER);
	assert_int_equal(wv_live_option_of(&q, "0x00000100"), 1);
	assert_int_equal(wv_live_option_of(&q, "0X0000 0200"), 2);
	assert_int_equal(wv_live_option_of(&q, "0x100"), WV_LIVE_BAD_ANSWER);
	assert_int_equal(wv_live_option_of(&q, ""), WV_LIVE_BAD_ANSWER);
	assert_int_equal(wv_live_option_of(&q, "ab"), WV_LIVE_BAD_ANSWER);
}

/* ---- who is here ---------------------------------------------------------- */

/* Joined is for good (ids and votes kept); here is while a stream is open. */
static void here_by_hand(void **state)
{
	wv_live *l = wv_live_new();
	uint8_t a[16], b[16], c[16];

	(void)state;
	student(1, a);
	student(2, b);
	student(3, c);
	assert_int_equal(wv_live_join(l, a), 0);
	assert_int_equal(wv_live_join(l, b), 0);
	assert_int_equal(wv_live_status(l).here, 0);
	assert_int_equal(wv_live_listening(l, a, true), 0);
	assert_int_equal(wv_live_status(l).here, 1);
	assert_int_equal(wv_live_listening(l, a, true), 0);	/* a reload: two */
	assert_int_equal(wv_live_status(l).here, 1);
	assert_int_equal(wv_live_listening(l, b, true), 0);
	assert_int_equal(wv_live_status(l).here, 2);
	assert_int_equal(wv_live_listening(l, a, false), 0);	/* the old one */
	assert_int_equal(wv_live_status(l).here, 2);
	assert_int_equal(wv_live_listening(l, a, false), 0);
	assert_int_equal(wv_live_status(l).here, 1);
	assert_int_equal(wv_live_listening(l, a, false), 0);	/* none left */
	assert_int_equal(wv_live_status(l).here, 1);
	assert_int_equal(wv_live_listening(l, c, true), WV_LIVE_UNKNOWN_STUDENT);
	assert_int_equal(wv_live_status(l).here, 1);
	assert_int_equal(wv_live_listening(l, b, false), 0);
	assert_int_equal(wv_live_status(l).here, 0);
	assert_int_equal(wv_live_status(l).joined, 2);		/* still joined */
	wv_live_free(l);
}

/* ---- the limit ------------------------------------------------------------ */

static void thousand_students(void **state)
{
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(2, 0);
	struct wv_live_tally t;
	uint8_t id[16];
	unsigned round;

	(void)state;
	for (unsigned i = 0; i < WV_LIVE_STUDENTS_MAX; i++) {
		student(i, id);
		assert_false(wv_live_known(l, id));
		assert_int_equal(wv_live_join(l, id), 0);
		assert_true(wv_live_known(l, id));
	}
	for (unsigned i = 0; i < WV_LIVE_STUDENTS_MAX; i++) {	/* all still */
		student(i, id);
		assert_true(wv_live_known(l, id));
		id[WV_LIVE_ID_BYTES - 1] ^= 1;		/* one bit off: not */
		assert_false(wv_live_known(l, id));
	}
	student(WV_LIVE_STUDENTS_MAX, id);
	assert_int_equal(wv_live_join(l, id), WV_LIVE_FULL);
	assert_false(wv_live_known(l, id));
	assert_int_equal(wv_live_status(l).joined, WV_LIVE_STUDENTS_MAX);
	round = wv_live_open(l, &q);
	assert_int_equal(wv_live_vote(l, id, round, 0), WV_LIVE_UNKNOWN_STUDENT);
	student(17, id);
	assert_int_equal(wv_live_join(l, id), 0);	/* a known one still can */
	for (unsigned i = 0; i < WV_LIVE_STUDENTS_MAX; i++) {
		student(i, id);
		assert_int_equal(wv_live_vote(l, id, round, i % 2), 0);
	}
	assert_int_equal(wv_live_status(l).answered, WV_LIVE_STUDENTS_MAX);
	wv_live_reveal(l);
	assert_int_equal(wv_live_tally(l, 1, &t), 0);
	assert_int_equal(t.per_option[0], WV_LIVE_STUDENTS_MAX / 2);
	assert_int_equal(t.per_option[1], WV_LIVE_STUDENTS_MAX / 2);
	assert_int_equal(wv_live_percent_right(l, 1), 50);
	wv_live_free(l);
}

/* ---- a brute-force recount ----------------------------------------------- */

#define POOL 60		/* students that may join, and some that never do */

struct model {
	bool joined[POOL + 10];
	unsigned streams[POOL + 10];	/* event streams open */
	int vote[POOL + 10][2];
	enum wv_live_state state;
	unsigned round, vote_no, nopts;
	bool right[WV_LIVE_OPTIONS_MAX];
	bool shown[2];
};

/* The model's recount of vote v (0/1): a naive loop over every student. */
static void recount(const struct model *m, unsigned v, struct wv_live_tally *t)
{
	memset(t, 0, sizeof(*t));
	for (unsigned s = 0; s < POOL + 10; s++)
		if (m->joined[s] && m->vote[s][v] >= 0) {
			t->total++;
			t->per_option[m->vote[s][v]]++;
		}
}

static void compare(const wv_live *l, const struct model *m, unsigned step)
{
	struct wv_live_status st = wv_live_status(l);
	struct wv_live_tally got, want;
	size_t moved[2][2], mwant[2][2] = { { 0 } };
	unsigned joined = 0, here = 0;

	for (unsigned s = 0; s < POOL + 10; s++) {
		uint8_t id[WV_LIVE_ID_BYTES];

		joined += m->joined[s];
		here += m->joined[s] && m->streams[s] > 0;
		student(s, id);
		if (wv_live_known(l, id) != m->joined[s])
			fail_msg("step %u: student %u known %d, the model says %d", step, s,
				 wv_live_known(l, id), m->joined[s]);
	}
	assert_int_equal(st.joined, joined);
	if (st.here != here)
		fail_msg("step %u: %zu here, the model says %u", step, st.here, here);
	assert_int_equal(st.state, m->state);
	assert_int_equal(st.round, m->round);
	assert_int_equal(st.vote, m->vote_no);
	if (m->vote_no) {
		recount(m, m->vote_no - 1, &want);
		if (st.answered != want.total)
			fail_msg("step %u: %zu answered, the recount says %zu", step,
				 st.answered, want.total);
	}
	for (unsigned v = 1; v <= 2; v++) {
		int rc = wv_live_tally(l, v, &got);

		if (!m->shown[v - 1] || v > m->vote_no) {
			assert_int_equal(rc, WV_LIVE_NOT_OPEN);
			continue;
		}
		assert_int_equal(rc, 0);
		recount(m, v - 1, &want);
		if (memcmp(&got, &want, sizeof(got)) != 0)
			fail_msg("step %u: vote %u tally %zu [%zu %zu %zu %zu], recount %zu "
				 "[%zu %zu %zu %zu]", step, v, got.total, got.per_option[0],
				 got.per_option[1], got.per_option[2], got.per_option[3],
				 want.total, want.per_option[0], want.per_option[1],
				 want.per_option[2], want.per_option[3]);
	}
	if (wv_live_moved(l, moved) != 0) {
		assert_false(m->vote_no == 2 && m->shown[1]);
		return;
	}
	assert_true(m->vote_no == 2 && m->shown[1]);
	for (unsigned s = 0; s < POOL + 10; s++)
		if (m->joined[s] && m->vote[s][0] >= 0 && m->vote[s][1] >= 0)
			mwant[m->right[m->vote[s][0]]][m->right[m->vote[s][1]]]++;
	if (memcmp(moved, mwant, sizeof(moved)) != 0)
		fail_msg("step %u: moved rr %zu wr %zu rw %zu ww %zu, recount %zu %zu %zu %zu",
			 step, moved[1][1], moved[0][1], moved[1][0], moved[0][0],
			 mwant[1][1], mwant[0][1], mwant[1][0], mwant[0][0]);
}

static void brute_force_recount(void **state)
{
	uint64_t seed = UINT64_C(0x11e5eed) ^ 44;
	unsigned steps = quick_mode() ? 20000 : 200000, refused = 0, accepted = 0;
	wv_live *l = wv_live_new();
	struct model m = { .state = WV_LIVE_NONE };

	(void)state;
	for (unsigned step = 0; step < steps; step++) {
		uint64_t r = rng_next(&seed);
		unsigned op = r % 100, s = (unsigned)(r >> 8) % (POOL + 10);
		uint8_t id[16];

		student(s, id);
		if ((r >> 50) % 4 == 0) {		/* and a stream opens or ends */
			unsigned w = (unsigned)(r >> 53) % (POOL + 10);
			bool open = (r >> 62) & 1;
			uint8_t wid[16];

			student(w, wid);
			assert_int_equal(wv_live_listening(l, wid, open),
					 m.joined[w] ? 0 : WV_LIVE_UNKNOWN_STUDENT);
			if (m.joined[w] && open)
				m.streams[w]++;
			else if (m.joined[w] && m.streams[w] > 0)
				m.streams[w]--;
		}
		if (op < 8) {				/* a join; the last 10 never */
			if (s < POOL) {
				assert_int_equal(wv_live_join(l, id), 0);
				if (!m.joined[s]) {
					m.joined[s] = true;
					m.vote[s][0] = m.vote[s][1] = -1;
				}
			}
		} else if (op < 85) {			/* a vote, right or not */
			unsigned round = m.round - ((r >> 20) % 16 == 0);
			unsigned opt = (unsigned)(r >> 24) % (WV_LIVE_OPTIONS_MAX + 1);
			int want = m.state != WV_LIVE_OPEN || round != m.round
				   ? WV_LIVE_NOT_OPEN : !m.joined[s] ? WV_LIVE_UNKNOWN_STUDENT
				   : opt >= m.nopts ? WV_LIVE_BAD_ANSWER : 0;
			int got = wv_live_vote(l, id, round, opt);

			if (got != want)
				fail_msg("step %u: vote %d, the model says %d", step, got, want);
			if (got == 0) {
				m.vote[s][m.vote_no - 1] = (int)opt;
				accepted++;
			} else {
				refused++;
			}
		} else if (op < 88) {			/* a new question */
			unsigned n = 1 + (unsigned)(r >> 30) % WV_LIVE_OPTIONS_MAX;
			struct wv_live_question q = question(n, (unsigned)(r >> 40) % n);

			assert_int_equal(wv_live_open(l, &q), ++m.round);
			m.state = WV_LIVE_OPEN;
			m.vote_no = 1;
			m.nopts = n;
			m.shown[0] = m.shown[1] = false;
			for (unsigned i = 0; i < WV_LIVE_OPTIONS_MAX; i++)
				m.right[i] = i < n && q.opts[i].right;
			for (unsigned k = 0; k < POOL + 10; k++)
				m.vote[k][0] = m.vote[k][1] = -1;
		} else if (op < 92) {
			wv_live_close(l);
			if (m.state == WV_LIVE_OPEN)
				m.state = WV_LIVE_CLOSED;
		} else if (op < 96) {
			wv_live_reveal(l);
			if (m.state == WV_LIVE_OPEN || m.state == WV_LIVE_CLOSED) {
				m.state = WV_LIVE_REVEALED;
				m.shown[m.vote_no - 1] = true;
			}
		} else {
			unsigned got = wv_live_revote(l);

			if (m.state == WV_LIVE_REVEALED && m.vote_no == 1) {
				assert_int_equal(got, ++m.round);
				m.state = WV_LIVE_OPEN;
				m.vote_no = 2;
				for (unsigned k = 0; k < POOL + 10; k++)
					m.vote[k][1] = -1;
			} else {
				assert_int_equal(got, 0);
			}
		}
		compare(l, &m, step);
	}
	printf("# %u random steps: %u votes accepted, %u refused, every count the "
	       "recount's\n", steps, accepted, refused);
	wv_live_free(l);
}

/* ---- the event ------------------------------------------------------------ */

static void event_states(void **state)
{
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(4, 2);
	uint8_t a[16], b[16], x[16];
	char small[32];

	(void)state;
	student(0, a);
	student(1, b);
	student(9, x);
	event(l, NULL);
	assert_string_equal(ev("state"), "none");
	assert_string_equal(ev("round"), "0");
	assert_int_equal(js.nopts, 0);
	no_counts();
	wv_live_join(l, a);
	wv_live_join(l, b);
	wv_live_open(l, &q);
	wv_live_vote(l, a, 1, 0);
	wv_live_vote(l, b, 1, 2);
	event(l, a);
	assert_string_equal(ev("state"), "open");
	assert_string_equal(ev("round"), "1");
	assert_string_equal(ev("vote"), "1");
	assert_string_equal(ev("lesson"), "2");
	assert_string_equal(ev("scene"), "3");
	assert_string_equal(ev("title"), "has_zero on a word");
	assert_string_equal(ev("prompt"), "What does has_zero return?");
	assert_string_equal(ev("form"), "choice");
	assert_string_equal(ev("joined"), "2");
	assert_string_equal(ev("answered"), "2");
	assert_string_equal(ev("mine"), "0");
	assert_int_equal(js.nopts, 4);
	assert_string_equal(js.opt[1], "0x00000100");
	no_counts();
	event(l, x);
	assert_string_equal(ev("mine"), "null");
	wv_live_close(l);
	event(l, a);
	assert_string_equal(ev("state"), "closed");
	no_counts();
	wv_live_reveal(l);
	event(l, a);
	assert_string_equal(ev("state"), "revealed");
	assert_string_equal(ev("right"), "2");
	assert_string_equal(ev("correct"), "false");
	assert_string_equal(ev("group"), "no borrow");
	assert_string_equal(ev("diagnosis"), "diagnosis of option 0");
	assert_null(ev("per_option"));
	event(l, b);
	assert_string_equal(ev("correct"), "true");
	assert_string_equal(ev("diagnosis"), "");
	event(l, NULL);
	assert_string_equal(ev("correct"), "null");
	assert_string_equal(ev("mine"), "null");
	wv_live_revote(l);
	event(l, a);
	assert_string_equal(ev("state"), "open");
	assert_string_equal(ev("vote"), "2");
	assert_string_equal(ev("answered"), "0");
	assert_string_equal(ev("mine"), "null");
	no_counts();
	/* too small a buffer: -1, and an empty string */
	assert_int_equal(wv_live_event(l, a, small, sizeof(small)), -1);
	assert_string_equal(small, "");
	wv_live_free(l);
}

/* Run python3's json module over the lines of path: true when every line
   is a JSON object (or when there is no python3: said on a # line). */
static bool python_reads(const char *path)
{
	char cmd[600];
	int rc;

	if (system("command -v python3 >/dev/null 2>&1") != 0) {
		printf("# no python3: the events were checked by the test's own reader only\n");
		return true;
	}
	snprintf(cmd, sizeof(cmd), "python3 -c 'import json, sys\n"
		 "for l in open(sys.argv[1], encoding=\"ascii\"):\n"
		 "    assert isinstance(json.loads(l), dict)' %s", path);
	rc = system(cmd);
	return rc == 0;
}

/* The link to the scene on the full page (wv_live_bits): only once the
   answer is shown, never while the vote is open (nor closed), not when
   the page is not served, and not for a word drawn by w. */
static void event_bits_link(void **state)
{
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(4, 2);
	char buf[WV_LIVE_EVENT_MAX];

	(void)state;
	wv_live_open(l, &q);
	wv_live_reveal(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_null(strstr(buf, "bits"));		/* not served */
	wv_live_bits(l, true);
	wv_live_open(l, &q);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_null(strstr(buf, "bits"));		/* open */
	wv_live_close(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_null(strstr(buf, "bits"));		/* closed, not shown */
	wv_live_reveal(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_non_null(strstr(buf, ",\"bits\":\"/bits#lesson=2&scene=3\"}"));
	wv_live_revote(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_null(strstr(buf, "bits"));		/* the second vote */
	q.drawn = true;
	wv_live_open(l, &q);
	wv_live_reveal(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	assert_null(strstr(buf, "bits"));		/* another word */
	wv_live_free(l);
}

static void event_hostile_text(void **state)
{
	/* valid UTF-8 throughout: read back as written */
	static const char title[] = "\"quoted\" \\back\\slash\nnew line\ttab\x01\x1f\x7f"
		"</script><b>&amp; caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x80\xa8!";
	/* not UTF-8: each bad byte read back as U+FFFD */
	static const char prompt[] = "x\xffy\xc0\x80z\xed\xa0\x80w\xf0\x9f\x98";
	static const char prompt_back[] = "x\xef\xbf\xbdy\xef\xbf\xbd\xef\xbf\xbdz"
		"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdw\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd";
	char path[] = "/tmp/watviz-live-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	wv_live *l = wv_live_new();
	struct wv_live_question q = question(4, 1);
	uint8_t a[16];
	char buf[WV_LIVE_EVENT_MAX];
	int longest = 0;

	(void)state;
	assert_non_null(f);
	student(0, a);
	snprintf(q.title, sizeof(q.title), "%s", title);
	snprintf(q.prompt, sizeof(q.prompt), "%s", prompt);
	snprintf(q.opts[0].text, sizeof(q.opts[0].text), "\"a\"\\b\n");
	snprintf(q.opts[0].diagnosis, sizeof(q.opts[0].diagnosis), "%s", title);
	snprintf(q.opts[0].group, sizeof(q.opts[0].group), "\x1b[31mred\x1b[0m");
	wv_live_join(l, a);
	wv_live_open(l, &q);
	wv_live_vote(l, a, 1, 0);
	for (int phase = 0; phase < 3; phase++) {
		if (phase == 1)
			wv_live_close(l);
		if (phase == 2)
			wv_live_reveal(l);
		event(l, a);
		assert_string_equal(ev("title"), title);
		assert_string_equal(ev("prompt"), prompt_back);
		assert_string_equal(js.opt[0], "\"a\"\\b\n");
		if (phase < 2) {
			no_counts();
		} else {
			assert_string_equal(ev("diagnosis"), title);
			assert_string_equal(ev("group"), "\x1b[31mred\x1b[0m");
		}
		assert_true(wv_live_event(l, a, buf, sizeof(buf)) > 0);
		fprintf(f, "%s\n", buf);
	}
	/* the worst: every text full, no NUL, of bytes escaped six times over */
	memset(q.title, 0x01, sizeof(q.title));
	memset(q.prompt, 0xff, sizeof(q.prompt));
	for (unsigned i = 0; i < WV_LIVE_OPTIONS_MAX; i++) {
		memset(q.opts[i].text, '\x1f', sizeof(q.opts[i].text));
		memset(q.opts[i].group, '<', sizeof(q.opts[i].group));
		memset(q.opts[i].diagnosis, 0x80, sizeof(q.opts[i].diagnosis));
	}
	wv_live_open(l, &q);
	wv_live_vote(l, a, 2, 0);
	wv_live_reveal(l);
	longest = event(l, a);
	assert_int_equal(strlen(ev("title")), sizeof(q.title));
	assert_true(wv_live_event(l, a, buf, sizeof(buf)) > 0);
	fprintf(f, "%s\n", buf);
	assert_int_equal(fclose(f), 0);
	assert_true(python_reads(path));
	unlink(path);
	printf("# the longest event: %d bytes of %d\n", longest, WV_LIVE_EVENT_MAX);
	wv_live_free(l);
}

/* ---- the options of every question on every variant ---------------------- */

static unsigned questions, four, built, chosen;
static unsigned by_count[WV_CHOICES_MAX + 1];
#define GROUPS_MAX 64
static char group_names[GROUPS_MAX][WV_OPTION_TEXT_MAX];
static unsigned group_seen[GROUPS_MAX];

static void count_group(const char *g)
{
	unsigned i;

	for (i = 0; i < GROUPS_MAX && group_names[i][0]; i++)
		if (strcmp(group_names[i], g) == 0)
			break;
	if (i == GROUPS_MAX)
		return;
	snprintf(group_names[i], sizeof(group_names[i]), "%s", g);
	group_seen[i]++;
}

/* Does s name text as a whole token? */
static bool names(const char *s, const char *text)
{
	size_t len = strlen(text);

	for (const char *p = strstr(s, text); p; p = strstr(p + 1, text))
		if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[len]))
			return true;
	return false;
}

static void options_of(size_t scene, const char *what, void *ctx)
{
	const struct wv_scene *s = wv_lesson_scene(cls.lesson, scene);
	const struct wv_answer *a = &cls.answer;
	struct wv_lesson_option o[WV_CHOICES_MAX];
	struct wv_live_question q;
	char right[40], buf[WV_LIVE_EVENT_MAX];
	int n = wv_lesson_options(s, &app.trace, a, NULL, 0, o);
	unsigned nright = 0;
	wv_live *l;

	(void)ctx;
	questions++;
	if (s->q.ask == WV_ASK_BUILD) {
		if (n != -1)
			fail_msg("%s: a formula question as %d options", what, n);
		assert_int_equal(wv_live_question_of(s, &app.trace, a, NULL, 0, 1, 1, &q), -1);
		built++;
		return;
	}
	if (n < 1 || n > WV_CHOICES_MAX)
		fail_msg("%s: %d options", what, n);
	by_count[n]++;
	/* WATVIZ_SHOW_OPTIONS=TEXT lists the options of the questions whose
	   "lesson N on V, scene S (title)" holds TEXT, to read them over */
	if (getenv("WATVIZ_SHOW_OPTIONS") && strstr(what, getenv("WATVIZ_SHOW_OPTIONS"))) {
		printf("# %s, %s:\n", what, wv_lesson_ask_name(s->q.ask));
		for (int i = 0; i < n; i++)
			printf("#   %s%s [%s] %s\n", o[i].text, o[i].right ? " (right)" : "",
			       o[i].group, o[i].diagnosis);
	}
	four += n == WV_CHOICES_MAX;
	chosen += a->form == WV_FORM_CHOICE;
	wv_lesson_format(a, a->value, right, sizeof(right));
	for (int i = 0; i < n; i++) {
		if (i > 0 && o[i - 1].value >= o[i].value)
			fail_msg("%s: options %d and %d not sorted and distinct (%s, %s)",
				 what, i - 1, i, o[i - 1].text, o[i].text);
		if (o[i].right != (o[i].value == a->value))
			fail_msg("%s: option %s marked %s", what, o[i].text,
				 o[i].right ? "right" : "wrong");
		nright += o[i].right;
		if (o[i].right) {
			assert_string_equal(o[i].text, right);
			continue;
		}
		if (!o[i].diagnosis[0] && a->form != WV_FORM_CHOICE)
			fail_msg("%s: wrong option %s without a diagnosis", what, o[i].text);
		if (names(o[i].diagnosis, right))
			fail_msg("%s: the diagnosis of %s names the right answer %s: %s",
				 what, o[i].text, right, o[i].diagnosis);
		if (o[i].diagnosis[0] && !o[i].group[0])
			fail_msg("%s: option %s has a diagnosis but no group", what, o[i].text);
		if (o[i].group[0])
			count_group(o[i].group);
	}
	if (nright != 1)
		fail_msg("%s: the right answer %s is among the options %u times", what,
			 right, nright);
	/* and as the class votes on it */
	assert_int_equal(wv_live_question_of(s, &app.trace, a, NULL, 0, 5, (unsigned)scene + 1, &q), 0);
	assert_int_equal(q.nopts, (unsigned)n);
	assert_string_equal(q.title, s->title);
	assert_true(q.prompt[0]);
	l = wv_live_new();
	wv_live_open(l, &q);
	wv_live_reveal(l);
	assert_true(wv_live_event(l, NULL, buf, sizeof(buf)) > 0);
	parse_event(buf);
	assert_int_equal(js.nopts, (unsigned)n);
	wv_live_free(l);
}

static void every_question(void **state)
{
	(void)state;
	each_question(&cls, &app, options_of, NULL);
	printf("# %u questions (lesson, variant, scene): %u formulas (not voted), %u "
	       "choices; options 1/2/3/4: %u/%u/%u/%u; with 4 options: %u of %u voted "
	       "(%.1f%%)\n", questions, built, chosen, by_count[1], by_count[2],
	       by_count[3], by_count[4], four, questions - built,
	       100.0 * four / (questions - built));
	for (unsigned i = 0; i < GROUPS_MAX && group_names[i][0]; i++)
		printf("#   %5u wrong options grouped as \"%s\"\n", group_seen[i],
		       group_names[i]);
	assert_true(questions > 100);
}

/* The option of value v among o[0..n), or fails. */
static const struct wv_lesson_option *option_valued(const struct wv_lesson_option *o,
						     int n, uint64_t v)
{
	for (int i = 0; i < n; i++)
		if (o[i].value == v)
			return &o[i];
	fail_msg("no option 0x%016llx", (unsigned long long)v);
	return &o[0];	/* not reached */
}

/* Two scenes by hand, on "ab" on x86-64 (bytes 61 62 00 11 11 11 11 11):
   has_zero, where the bytes in the other order are the classic mistake,
   and a - ONES, where it is the subtraction without its borrow. */
static void two_by_hand(void **state)
{
	static const uint8_t word[] = { 'a', 'b' };
	static char title[] = "has_zero", prompt[] = "What is it?";
	struct wv_trace_in in = { .v = variant("x86-64"), .word = word, .word_len = 2,
				  .fill = 0x11, .delim = -1 };
	struct wv_scene s = { .title = title, .show = WV_STEP_HAS_ZERO,
			      .q = { .prompt = prompt, .ask = WV_ASK_HAS_ZERO,
				     .form = WV_FORM_AUTO } };
	struct wv_lesson_option o[WV_CHOICES_MAX];
	const struct wv_lesson_option *p;
	struct wv_trace t;
	struct wv_answer a;
	int n;

	(void)state;
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(wv_lesson_answer(&s, &t, &a), 0);
	assert_true(a.value == UINT64_C(0x0000000000800000));
	n = wv_lesson_options(&s, &t, &a, NULL, 0, o);
	assert_int_equal(n, 4);
	p = option_valued(o, n, UINT64_C(0x0000800000000000));
	assert_string_equal(p->text, "0x0000800000000000");
	assert_string_equal(p->group, "byte order");
	assert_true(strstr(p->diagnosis, "wrong order"));
	assert_true(option_valued(o, n, a.value)->right);

	/* the subtraction's result: 0x101010100fff6160; without the borrow
	   out of the zero byte, 0x1010101010ff6160 */
	s.q.ask = WV_ASK_SUB_RESULT;
	s.show_ops = 1u << WV_OP_SUB;
	assert_int_equal(wv_lesson_answer(&s, &t, &a), 0);
	assert_true(a.value == UINT64_C(0x101010100fff6160));
	n = wv_lesson_options(&s, &t, &a, NULL, 0, o);
	assert_int_equal(n, 4);
	p = option_valued(o, n, UINT64_C(0x1010101010ff6160));
	assert_string_equal(p->group, "no borrow");
	assert_true(strstr(p->diagnosis, "without the borrow"));
	for (int i = 1; i < n; i++)
		assert_true(o[i - 1].value < o[i].value);
	s.q.ask = WV_ASK_BUILD;
	assert_int_equal(wv_lesson_options(&s, &t, &a, NULL, 0, o), -1);
	wv_trace_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rounds_by_hand),
		cmocka_unit_test(log_and_csv_by_hand),
		cmocka_unit_test(hint_boundaries),
		cmocka_unit_test(option_of),
		cmocka_unit_test(here_by_hand),
		cmocka_unit_test(thousand_students),
		cmocka_unit_test(brute_force_recount),
		cmocka_unit_test(event_states),
		cmocka_unit_test(event_bits_link),
		cmocka_unit_test(event_hostile_text),
		cmocka_unit_test(two_by_hand),
		cmocka_unit_test(every_question),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
