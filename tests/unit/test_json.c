/*
 * The JSON writer: the key contract, values equal to a separate
 * core scan for every variant and to the spec's vectors, and well-formed
 * JSON (checked by a small validator written here).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "render/json.h"
#include "trace/trace.h"

/* The JSON of word[0..len) on arch; the caller frees it. */
static char *json_of(const char *arch, const void *word, size_t len,
		     size_t offset, int fill, int delim)
{
	struct wv_trace_in in = { variant(arch), word, len, offset, (uint8_t)fill,
				  delim, 0 };
	struct wv_trace t;
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	assert_non_null(f);
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(wv_json_write(f, &t), 0);
	assert_int_equal(fclose(f), 0);
	wv_trace_free(&t);
	return buf;
}

/* ---- a small validator (RFC 8259 grammar, no semantics) ------------------ */

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *value(const char *p);

static const char *string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return p + 1;
}

static const char *number(const char *p)
{
	const char *s = p;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else
		while (*p >= '0' && *p <= '9')
			p++;
	return p > s && p[-1] != '-' ? p : NULL;
}

static const char *list(const char *p, char close, bool keys)
{
	p = ws(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (keys) {
			if (!(p = string(p)))
				return NULL;
			p = ws(p);
			if (*p++ != ':')
				return NULL;
		}
		if (!(p = value(ws(p))))
			return NULL;
		p = ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = ws(p);
	}
}

static const char *value(const char *p)
{
	switch (*p) {
	case '{': return list(p, '}', true);
	case '[': return list(p, ']', false);
	case '"': return string(p);
	case 't': return strncmp(p, "true", 4) ? NULL : p + 4;
	case 'f': return strncmp(p, "false", 5) ? NULL : p + 5;
	case 'n': return strncmp(p, "null", 4) ? NULL : p + 4;
	default: return number(p);
	}
}

static bool valid_json(const char *s)
{
	const char *end = value(ws(s));

	return end && *ws(end) == '\0';
}

static void validator_can_fail(void **state)
{
	(void)state;
	assert_true(valid_json("{ \"a\": [1, 2, {\"b\": null}], \"c\": \"x\\n\" }\n"));
	assert_false(valid_json("{ \"a\": [1, 2, ] }"));
	assert_false(valid_json("{ \"a\" 1 }"));
	assert_false(valid_json("{ \"a\": \"\x01\" }"));
	assert_false(valid_json("{ \"a\": 0x1 }"));
	assert_false(valid_json("{} {}"));
}

/* ---- looking values up --------------------------------------------------- */

/*
 * The text of "key": value inside the n-th object of the "words" array, as
 * a string in out (quotes kept); false when the key is absent.
 */
static bool word_key(const char *json, size_t n, const char *key, char *out,
		     size_t size)
{
	const char *p = strstr(json, "\"words\": [");
	const char *end;
	char pat[64];

	assert_non_null(p);
	for (size_t i = 0; i <= n; i++) {
		p = strstr(p + 1, "{ \"address\": ");
		assert_non_null(p);
	}
	end = strstr(p, " }");
	assert_non_null(end);
	snprintf(pat, sizeof(pat), "\"%s\": ", key);
	p = strstr(p, pat);
	if (!p || p > end)
		return false;
	p += strlen(pat);
	snprintf(out, size, "%.*s", (int)strcspn(p, ", }"), p);
	return true;
}

/* The expected text of a hex word. */
static const char *h(char *buf, uint64_t v, unsigned bits)
{
	sprintf(buf, "\"0x%0*llx\"", (int)bits / 4, (unsigned long long)v);
	return buf;
}

static void expect_key(const char *json, size_t n, const char *key,
		       const char *want)
{
	char got[64];

	if (!word_key(json, n, key, got, sizeof(got)))
		fail_msg("word %zu has no \"%s\"", n, key);
	if (strcmp(got, want) != 0)
		fail_msg("word %zu \"%s\": %s, want %s", n, key, got, want);
}

static void expect_no_key(const char *json, size_t n, const char *key)
{
	char got[64];

	if (word_key(json, n, key, got, sizeof(got)))
		fail_msg("word %zu has \"%s\" (%s), but must not", n, key, got);
}

/* ---- the contract against the core --------------------------------------- */

static void check_against_core(const char *json, const struct wv_variant *v,
			       const uint8_t *word, size_t len, size_t offset,
			       int fill, int delim)
{
	struct wv_image img;
	struct wv_word words[64];
	struct wv_scan sc;
	unsigned w = v->bits;
	char buf[64], key[64];

	assert_int_equal(wv_word_image(&img, w / 8, word, len, offset, (uint8_t)fill), 0);
	if (delim >= 0 && offset)	/* room for hash_name's unaligned loads */
		assert_int_equal(wv_word_image_pad(&img), 0);
	assert_int_equal(wv_wat_scan(v, img.mem, img.len, offset, delim, words, 64,
				     &sc), 0);

	snprintf(key, sizeof(key), "\"arch\": \"%s\", \"word_bits\": %u, \"endian\": \"%s\"",
		 v->name, w, v->endian == WV_LITTLE ? "little" : "big");
	assert_non_null(strstr(json, key));
	snprintf(key, sizeof(key), "\"offset\": %zu, \"fill\": %d, \"delim\": ", offset, fill);
	assert_non_null(strstr(json, key));
	if (delim >= 0)
		snprintf(key, sizeof(key), "\"delim\": %d,", delim);
	else
		snprintf(key, sizeof(key), "\"delim\": null,");
	assert_non_null(strstr(json, key));
	snprintf(key, sizeof(key), "\"length\": %zu,", sc.length);
	assert_non_null(strstr(json, key));
	/* the memory array, byte by byte */
	{
		const char *p = strstr(json, "\"memory\": [");

		assert_non_null(p);
		p += strlen("\"memory\": [");
		for (size_t i = 0; i < img.len; i++) {
			char *end;
			unsigned long b = strtoul(p, &end, 10);

			assert_true(end > p);
			assert_int_equal(b, img.mem[i]);
			p = end;
			if (i + 1 < img.len) {
				assert_memory_equal(p, ", ", 2);
				p += 2;
			}
		}
		assert_int_equal(*p, ']');
	}
	for (size_t i = 0; i < sc.nwords; i++) {
		const struct wv_word *wd = &words[i];
		bool stop = i + 1 == sc.nwords;

		snprintf(buf, sizeof(buf), "%zu", wd->address);
		expect_key(json, i, "address", buf);
		expect_key(json, i, "loaded", h(buf, wd->loaded, w));
		expect_key(json, i, "value", h(buf, wd->value, w));
		expect_key(json, i, "has_zero", h(buf, wd->has_zero, w));
		expect_key(json, i, "data", h(buf, wd->data, w));
		if (delim >= 0) {
			expect_key(json, i, "delim_value", h(buf, wd->delim_value, w));
			expect_key(json, i, "delim_has_zero", h(buf, wd->delim_has_zero, w));
			expect_key(json, i, "delim_data", h(buf, wd->delim_data, w));
		} else {
			expect_no_key(json, i, "delim_value");
			expect_no_key(json, i, "delim_has_zero");
			expect_no_key(json, i, "delim_data");
		}
		if (stop) {
			expect_key(json, i, "prep_zero_mask", h(buf, sc.prep_zero_mask, w));
			expect_key(json, i, "create_zero_mask",
				   h(buf, sc.create_zero_mask, w));
			snprintf(buf, sizeof(buf), "%u", sc.find_zero);
			expect_key(json, i, "find_zero", buf);
			expect_key(json, i, "zero_bytemask", h(buf, sc.zero_bytemask, w));
		} else {
			expect_no_key(json, i, "prep_zero_mask");
			expect_no_key(json, i, "create_zero_mask");
			expect_no_key(json, i, "find_zero");
			expect_no_key(json, i, "zero_bytemask");
		}
	}
	/* exactly nwords word objects */
	{
		size_t n = 0;

		for (const char *p = json; (p = strstr(p, "{ \"address\": ")); p++)
			n++;
		assert_int_equal(n, sc.nwords);
	}
	wv_word_image_free(&img);
}

static void every_variant_against_core(void **state)
{
	(void)state;
	uint64_t seed = 7;
	uint8_t word[24];

	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);

		for (int n = 0; n < (quick_mode() ? 6 : 40); n++) {
			size_t len = rng_next(&seed) % sizeof(word);
			size_t off = (size_t)n % wv_wat_bytes(v);
			int fill = n % 4 == 0 ? 0 : (int)(rng_next(&seed) & 0xff);
			int delim = n % 2 ? '/' : -1;
			char *json;

			for (size_t j = 0; j < len; j++) {
				uint64_t r = rng_next(&seed);

				word[j] = r & 1 ? (uint8_t)"\x00\x01/\x80\xff"[(r >> 8) % 5]
						: (uint8_t)(r >> 16);
			}
			json = json_of(v->name, word, len, off, fill, delim);
			if (!valid_json(json))
				fail_msg("%s: invalid JSON:\n%s", v->name, json);
			check_against_core(json, v, word, len, off, fill, delim);
			free(json);
		}
	}
}

/* ---- the spec's vectors, in JSON ----------------------------------------- */

static void spec_vectors(void **state)
{
	(void)state;
	char *j;

	/* T1 = "ab\0cd" + NUL + zero fill */
	j = json_of("x86-64-v6.10", "ab\0cd", 5, 0, 0, -1);
	assert_non_null(strstr(j, "\"memory\": [97, 98, 0, 99, 100, 0, 0, 0]"));
	expect_key(j, 0, "value", "\"0x0000006463006261\"");
	expect_key(j, 0, "has_zero", "\"0x8080800000800000\"");
	expect_key(j, 0, "create_zero_mask", "\"0x000000000000ffff\"");
	expect_key(j, 0, "find_zero", "2");
	assert_non_null(strstr(j, "\"length\": 2,"));
	free(j);

	j = json_of("x86-64", "ab\0cd", 5, 0, 0, -1);
	expect_key(j, 0, "zero_bytemask", "\"0x000000000000ffff\"");
	free(j);

	j = json_of("generic-be64", "ab\0cd", 5, 0, 0, -1);
	expect_key(j, 0, "value", "\"0x6162006364000000\"");
	expect_key(j, 0, "data", "\"0x7f7f7f7f7f7f7f7f\"");
	expect_key(j, 0, "has_zero", "\"0x0000800000808080\"");
	expect_key(j, 0, "prep_zero_mask", "\"0x0000800000808080\"");
	expect_key(j, 0, "find_zero", "2");
	expect_key(j, 0, "zero_bytemask", "\"0xffff000000000000\"");
	assert_non_null(strstr(j, "\"endian\": \"big\""));
	free(j);

	j = json_of("ppc64le", "ab\0cd", 5, 0, 0, -1);
	expect_key(j, 0, "has_zero", "\"0xffffff0000ff0000\"");
	expect_key(j, 0, "create_zero_mask", "\"0x0000000000000010\"");	/* 16 */
	expect_key(j, 0, "zero_bytemask", "\"0x000000000000ffff\"");
	free(j);

	j = json_of("alpha", "ab\0cd", 5, 0, 0, -1);
	expect_key(j, 0, "has_zero", "\"0x00000000000000e4\"");
	expect_key(j, 0, "zero_bytemask", "\"0x000000000001ffff\"");
	free(j);

	j = json_of("s390", "ab\0cd", 5, 0, 0, -1);
	expect_key(j, 0, "data", "\"0x0000800000808080\"");
	expect_key(j, 0, "create_zero_mask", "\"0x000000000000002f\"");	/* 47 */
	expect_key(j, 0, "zero_bytemask", "\"0xffff000000000000\"");
	free(j);

	/* 32-bit: H has 8 digits */
	j = json_of("x86-32", "ab\0c", 4, 0, 0, -1);
	assert_non_null(strstr(j, "\"word_bits\": 32"));
	expect_key(j, 0, "value", "\"0x63006261\"");
	expect_key(j, 0, "has_zero", "\"0x00800000\"");
	expect_key(j, 0, "create_zero_mask", "\"0x0000ffff\"");
	expect_key(j, 0, "find_zero", "2");
	free(j);

	j = json_of("generic-be32", "ab\0c", 4, 0, 0, -1);
	expect_key(j, 0, "value", "\"0x61620063\"");
	expect_key(j, 0, "has_zero", "\"0x00008000\"");
	expect_key(j, 0, "zero_bytemask", "\"0xffff0000\"");
	free(j);

	/* T2 on BE: the cheap test flags every byte, prep is exact */
	j = json_of("generic-be64", "\x01\0\x01\0\x01\0\x01", 7, 0, 0, -1);
	expect_key(j, 0, "has_zero", "\"0x8080808080808080\"");
	expect_key(j, 0, "prep_zero_mask", "\"0x0080008000800080\"");
	expect_key(j, 0, "find_zero", "1");
	free(j);

	/* hash_name on "usr/bin" */
	j = json_of("x86-64-v6.10", "usr/bin", 7, 0, 0, '/');
	assert_non_null(strstr(j, "\"delim\": 47,"));
	expect_key(j, 0, "value", "\"0x006e69622f727375\"");
	expect_key(j, 0, "delim_value", "\"0x2f41464d005d5c5a\"");
	expect_key(j, 0, "has_zero", "\"0x8000000000000000\"");
	expect_key(j, 0, "delim_has_zero", "\"0x0000000080000000\"");
	/* prep_zero_mask is the OR of both prepared masks */
	expect_key(j, 0, "prep_zero_mask", "\"0x8000000080000000\"");
	expect_key(j, 0, "create_zero_mask", "\"0x0000000000ffffff\"");
	expect_key(j, 0, "find_zero", "3");
	assert_non_null(strstr(j, "\"length\": 3,"));
	free(j);

	/* strnlen_user's pre-start masking: string at 3 */
	j = json_of("x86-64-v6.10", "\x01Q", 2, 3, 0, -1);
	expect_key(j, 0, "loaded", "\"0x0000005101000000\"");
	expect_key(j, 0, "value", "\"0x0000005101ffffff\"");
	expect_key(j, 0, "has_zero", "\"0x8080800000000000\"");
	expect_key(j, 0, "find_zero", "5");
	assert_non_null(strstr(j, "\"length\": 2,"));
	assert_non_null(strstr(j, "\"offset\": 3,"));
	free(j);
}

/* The steps array: names, the false-positive flag, marks in memory order. */
static void steps_model(void **state)
{
	(void)state;
	char *j = json_of("ppc64", "a\x01\0bcdefg", 9, 0, 0, -1);

	assert_true(valid_json(j));
	assert_non_null(strstr(j, "\"steps\": ["));
	assert_non_null(strstr(j, "\"kind\": \"has_zero\", \"func\": \"has_zero\""));
	assert_non_null(strstr(j, "\"kind\": \"prep_zero_mask\""));
	assert_non_null(strstr(j, "\"false_positive\": true"));
	/* F = 0x0080800000000000 on memory 61 01 00 62 ...: byte 1 lies, 2 is
	   the answer; marks are listed in memory order */
	assert_non_null(strstr(j, "\"label\": \"flags\", \"kind\": \"result\", \"width\": 64, "
			       "\"value\": \"0x0080800000000000\", \"address\": 0, "
			       "\"bits\": \"0x0080800000000000\", "
			       "\"marks\": [[], [\"flag\", \"false_positive\"], [\"flag\", \"answer\"], "
			       "[], [], [], [], []]"));
	free(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(validator_can_fail),
		cmocka_unit_test(every_variant_against_core),
		cmocka_unit_test(spec_vectors),
		cmocka_unit_test(steps_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
