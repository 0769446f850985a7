/*
 * The production string routines against byte loops: every length 0..300 at
 * every start alignment, strnlen limits on both sides of the length, path
 * components, and strings that end at a guard page (a PROT_NONE page right
 * after the terminator), where a read past the terminator's page would fault.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "watviz/str.h"

#define MAXLEN 300

/* Every compiled form this CPU can run (wv_str_forms), set up by main. */
static const struct wv_str_form *forms;
static size_t nforms;

/* wv_strlen, checked to agree with every form of it. */
static size_t strlen_all(const char *s)
{
	size_t r = wv_strlen(s);

	for (size_t f = 0; f < nforms; f++)
		if (forms[f].strlen(s) != r)
			fail_msg("%s strlen gave %zu, wv_strlen %zu", forms[f].isa,
				 forms[f].strlen(s), r);
	return r;
}

/* wv_strnlen, checked to agree with every form of it. */
static size_t strnlen_all(const char *s, size_t max)
{
	size_t r = wv_strnlen(s, max);

	for (size_t f = 0; f < nforms; f++)
		if (forms[f].strnlen(s, max) != r)
			fail_msg("%s strnlen(%zu) gave %zu, wv_strnlen %zu", forms[f].isa, max,
				 forms[f].strnlen(s, max), r);
	return r;
}

/* wv_path_hash, checked to agree with every form of it (count and out[]). */
static size_t path_hash_all(const char *s, struct wv_component *out, size_t max)
{
	size_t r = wv_path_hash(s, out, max);

	for (size_t f = 0; f < nforms; f++) {
		struct wv_component other[MAXLEN + 1];

		assert_true(max <= MAXLEN + 1);
		if (forms[f].path_hash(s, other, max) != r)
			fail_msg("%s path_hash gave another count", forms[f].isa);
		if (r && memcmp(other, out, r * sizeof(out[0])) != 0)
			fail_msg("%s path_hash gave other components", forms[f].isa);
	}
	return r;
}

static const struct {
	const char *name;
	size_t (*fn)(const char *);
} strlens[] = {
	{ "wv_strlen", wv_strlen },
	{ "every form of wv_strlen", strlen_all },
	{ "wv_strlen_mul", wv_strlen_mul },
	{ "wv_strlen_unroll2", wv_strlen_unroll2 },
	{ "wv_strlen_simple", wv_strlen_simple },
};
#define NSTRLENS (sizeof(strlens) / sizeof(strlens[0]))

static size_t ref_strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

static size_t ref_component(const char *s)
{
	size_t n = 0;

	while (s[n] && s[n] != '/')
		n++;
	return n;
}

/* Fill s[0..len) with non-zero bytes that stress the tricks; s[len] = 0. */
static void make_string(char *s, size_t len, uint64_t *seed, int slash_ok)
{
	static const uint8_t bytes[] = { 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff, 'a' };

	for (size_t i = 0; i < len; i++) {
		uint8_t b = bytes[rng_next(seed) % sizeof(bytes)];

		s[i] = (char)(b == '/' && !slash_ok ? 'x' : b);
	}
	s[len] = 0;
}

/* Every length and alignment, with random bytes around the string. */
static void lengths_and_alignments(void **state)
{
	(void)state;
	static char buf[MAXLEN + 64] __attribute__((aligned(16)));
	uint64_t seed = 42;

	for (size_t len = 0; len <= MAXLEN; len++) {
		for (size_t al = 0; al < 16; al++) {
			char *s = buf + 16 + al;

			for (size_t i = 0; i < sizeof(buf); i++)
				buf[i] = (char)(rng_next(&seed) | 1);	/* no zeros */
			make_string(s, len, &seed, 1);
			for (size_t f = 0; f < NSTRLENS; f++)
				if (strlens[f].fn(s) != len)
					fail_msg("%s len %zu align %zu gave %zu", strlens[f].name,
						 len, al, strlens[f].fn(s));
			/* limits below, at and above the length */
			static const size_t limits[] = { 0, 1, 7, 8, 9, 63, 64, 65, 300, 301 };
			for (size_t l = 0; l < sizeof(limits) / sizeof(limits[0]); l++)
				assert_int_equal(strnlen_all(s, limits[l]),
						 ref_strnlen(s, limits[l]));
			assert_int_equal(strnlen_all(s, len), len);
			assert_int_equal(strnlen_all(s, len + 1), len);
			if (len)
				assert_int_equal(strnlen_all(s, len - 1), len - 1);
			assert_int_equal(strnlen_all(s, SIZE_MAX), len);
			assert_int_equal(wv_component_len(s), ref_component(s));
		}
	}
}

/* Components: a '/' at every position, NUL after. */
static void components(void **state)
{
	(void)state;
	static char buf[MAXLEN + 64] __attribute__((aligned(16)));
	uint64_t seed = 7;

	for (size_t len = 0; len <= 80; len++)
		for (size_t al = 0; al < 8; al++)
			for (size_t slash = 0; slash <= len; slash++) {
				char *s = buf + 8 + al;

				make_string(s, len, &seed, 0);
				if (slash < len)
					s[slash] = '/';
				size_t want = ref_component(s);
				unsigned long long h;

				assert_int_equal(wv_component_len(s), want);
				assert_int_equal(wv_component_hash(s, &h), want);
			}
}

/*
 * The whole-path walk against a byte loop that splits the path itself:
 * paths of components and runs of slashes (leading, doubled, trailing) at
 * every alignment; each component's start and length as the byte loop finds
 * them, its hash as wv_component_hash gives it; max respected.
 */
static void path_walk(void **state)
{
	(void)state;
	static char buf[MAXLEN + 64] __attribute__((aligned(16)));
	struct wv_component got[MAXLEN];
	uint64_t seed = 11;

	for (size_t len = 0; len <= MAXLEN; len++)
		for (size_t al = 0; al < 8; al++) {
			char *s = buf + 8 + al;
			size_t want = 0, i = 0, n;

			make_string(s, len, &seed, 0);
			for (size_t k = 0; k < len; k++) {
				seed = seed * 6364136223846793005u + 1442695040888963407u;
				if ((seed >> 60) < 5)	/* about one byte in three */
					s[k] = '/';
			}
			n = path_hash_all(s, got, MAXLEN);
			while (i < len) {
				size_t start, clen;
				unsigned long long h;

				while (i < len && s[i] == '/')
					i++;
				if (i == len)
					break;
				start = i;
				while (i < len && s[i] != '/')
					i++;
				clen = i - start;
				assert_true(want < n);
				assert_int_equal(got[want].start, start);
				assert_int_equal(got[want].len, clen);
				wv_component_hash(s + start, &h);
				assert_int_equal(got[want].hash, h);
				want++;
			}
			assert_int_equal(n, want);
			/*
			 * at most max: the first ones, then it stops, and
			 * nothing is written past out[max - 1]
			 */
			for (size_t max = 0; max <= want + 1; max++) {
				struct wv_component part[MAXLEN + 1];
				size_t m = max < want ? max : want;

				if (max > 4 && max + 2 < want)
					continue;	/* the edges: the first few, the last */

				/* out[max] too: one past the end is where a write would slip */
				size_t span = (max + 1) * sizeof(part[0]);

				memset(part, 0xa5, span);
				assert_int_equal(path_hash_all(s, part, max), m);
				assert_memory_equal(part, got, m * sizeof(part[0]));
				for (size_t b = m * sizeof(part[0]); b < span; b++)
					assert_int_equal(((unsigned char *)part)[b], 0xa5);
			}
		}
}

/*
 * The hash covers the component's bytes only: what follows the terminator
 * and what precedes the start (in the same word) do not change it.
 */
static void hash_ignores_outside_bytes(void **state)
{
	(void)state;
	static char a[64] __attribute__((aligned(16)));
	static char b[64] __attribute__((aligned(16)));

	for (size_t al = 0; al < 8; al++)
		for (size_t len = 0; len < 20; len++) {
			unsigned long long ha, hb, hc;

			memset(a, 'p', sizeof(a));
			memset(b, 'q', sizeof(b));
			memcpy(a + 8 + al, "abcdefghijklmnopqrstuvwxyz", len);
			memcpy(b + 8 + al, "abcdefghijklmnopqrstuvwxyz", len);
			a[8 + al + len] = '/';
			b[8 + al + len] = 0;
			assert_int_equal(wv_component_hash(a + 8 + al, &ha), len);
			assert_int_equal(wv_component_hash(b + 8 + al, &hb), len);
			assert_int_equal(ha, hb);
			/* and a different component hashes differently */
			if (len) {
				b[8 + al] = 'A';
				wv_component_hash(b + 8 + al, &hc);
				assert_int_not_equal(hb, hc);
			}
		}
}

/*
 * Strings whose terminator is the last byte before a PROT_NONE page: any read
 * past the terminator's page faults.  Unterminated buffers up to the guard
 * page test strnlen's limit the same way.
 */
static void guard_page(void **state)
{
	(void)state;
	long page = sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t seed = 99;

	assert_true(map != MAP_FAILED);
	assert_int_equal(mprotect(map + page, (size_t)page, PROT_NONE), 0);
	char *end = map + page;	/* first byte of the guard page */

	for (size_t len = 0; len <= MAXLEN; len++) {
		char *s = end - 1 - len;	/* s[len] == 0 is the page's last byte */

		make_string(s, len, &seed, 0);
		for (size_t f = 0; f < NSTRLENS; f++)
			assert_int_equal(strlens[f].fn(s), len);
		assert_int_equal(strnlen_all(s, SIZE_MAX), len);
		assert_int_equal(wv_component_len(s), len);
		unsigned long long h;
		assert_int_equal(wv_component_hash(s, &h), len);
		struct wv_component c[2];
		assert_int_equal(path_hash_all(s, c, 2), len ? 1 : 0);

		/* an unterminated run that ends at the guard page */
		char *u = end - len;

		for (size_t i = 0; i < len; i++)
			u[i] = 'z';
		assert_int_equal(strnlen_all(u, len), len);
		if (len)
			assert_int_equal(strnlen_all(u, len - 1), len - 1);
		/* a '/' as the page's last byte ends a component too */
		if (len) {
			u[len - 1] = '/';
			assert_int_equal(wv_component_len(u), len - 1);
		}
	}
	munmap(map, 2 * (size_t)page);
}

/*
 * Exact-size heap blocks: the last aligned word reaches past the block.  Under
 * `make asan` this proves the word loads are exempt from ASan while the
 * string's own bytes are still checked.
 */
static void heap_exact_size(void **state)
{
	(void)state;
	uint64_t seed = 5;
	/*
	 * Under valgrind (tests/valgrind/run-valgrind.sh) the bytes past the
	 * block are undefined, and memcheck makes a whole product undefined
	 * when any input bit is: the multiply form's answer only depends on
	 * the bytes before the terminator (the exhaustive test proves it),
	 * but memcheck cannot see that, so that one form is skipped there.
	 */
	const char *vg = getenv("WATVIZ_MEMCHECK");
	int under_memcheck = vg && *vg == '1';

	for (size_t len = 0; len <= 70; len++)
		for (size_t off = 0; off < 9; off++) {
			char *b = malloc(off + len + 1);

			assert_non_null(b);
			memset(b, 'k', off);
			make_string(b + off, len, &seed, 0);
			for (size_t f = 0; f < NSTRLENS; f++)
				if (!under_memcheck || strlens[f].fn != wv_strlen_mul)
					assert_int_equal(strlens[f].fn(b + off), len);
			assert_int_equal(strnlen_all(b + off, len + 5), len);
			assert_int_equal(strnlen_all(b + off, len), len);
			assert_int_equal(wv_component_len(b + off), len);
			unsigned long long h;
			assert_int_equal(wv_component_hash(b + off, &h), len);
			struct wv_component c[2];
			assert_int_equal(path_hash_all(b + off, c, 2), len ? 1 : 0);
			if (len)
				assert_int_equal(c[0].hash, h);
			/* unterminated, limited by strnlen only */
			b[off + len] = 'z';
			assert_int_equal(strnlen_all(b + off, len + 1), len + 1);
			free(b);
		}
}

/*
 * The build holds the forms the bench measures: on x86-64 a BMI1 form beside
 * the baseline one, run when the CPU has BMI1 (not in a sanitizer build,
 * which keeps one uninstrumented form).
 */
static void forms_present(void **state)
{
	(void)state;
	assert_true(nforms >= 1);
	for (size_t f = 0; f < nforms; f++)
		assert_non_null(forms[f].isa);
#if defined(__x86_64__) && defined(__GNUC__)
	__builtin_cpu_init();
	if (!getenv("WATVIZ_SANITIZED") && __builtin_cpu_supports("bmi")) {
		assert_int_equal(nforms, 2);
		assert_string_equal(forms[1].isa, "x86-64+bmi1");
	}
#endif
}

int main(void)
{
	nforms = wv_str_forms(&forms);

	const struct CMUnitTest tests[] = {
		cmocka_unit_test(forms_present),
		cmocka_unit_test(lengths_and_alignments),
		cmocka_unit_test(components),
		cmocka_unit_test(path_walk),
		cmocka_unit_test(hash_ignores_outside_bytes),
		cmocka_unit_test(guard_page),
		cmocka_unit_test(heap_exact_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
