/*
 * The core scan against a byte loop: every variant, every zero position,
 * every start offset, several fill bytes, with and without a '/' delimiter,
 * and a few hundred thousand generated images favouring the bytes the tricks
 * are sensitive to.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "watviz/wordops.h"

#define MAXWORDS 6
#define MAXLEN (8 * MAXWORDS)

static const uint8_t favoured[] = { 0x00, 0x01, 0x02, 0x2f, 0x7f, 0x80, 0x81, 0xfe, 0xff };

/* True when the word at p holds the byte c, from byte from on. */
static bool word_has(const uint8_t *p, unsigned nb, unsigned from, int c)
{
	for (unsigned i = from; i < nb; i++)
		if (p[i] == c)
			return true;
	return false;
}

/*
 * Scan mem with v and check every recorded value the byte loop can judge.
 * Without a delimiter the scan is do_strnlen_user's: aligned words from 0,
 * the bytes before off forced.  With one it is hash_name's: unaligned words
 * from off, and a word that would run past len is not loaded.
 */
static void check_image(const struct wv_variant *v, const uint8_t *mem, size_t len,
			size_t off, int delim)
{
	struct wv_word words[MAXWORDS];
	struct wv_scan s;
	unsigned nb = wv_wat_bytes(v);
	size_t want = ref_find(mem, len, off, delim);
	size_t start = delim >= 0 ? off : 0;	/* address of the first word */
	size_t fits = (len - start) / nb;	/* words that can be loaded */
	size_t at = want < len ? (want - start) / nb : fits;	/* its word */
	bool found = want < len && at < fits;

	assert_int_equal(wv_wat_scan(v, mem, len, off, delim, words, MAXWORDS, &s), 0);
	if (s.found != found || (found && s.length != want - off)) {
		fprintf(stderr, "# %s off %zu delim %d:", v->name, off, delim);
		for (size_t i = 0; i < len; i++)
			fprintf(stderr, " %02x", mem[i]);
		fprintf(stderr, "\n");
	}
	assert_int_equal(s.found, found);
	assert_int_equal(s.length, found ? want - off : len - off);
	assert_int_equal(s.nwords, found ? at + 1 : fits);
	for (size_t i = 0; i < s.nwords; i++) {
		const struct wv_word *wd = &words[i];
		size_t addr = start + i * nb;
		unsigned from = i == 0 ? (unsigned)(off - start) : 0;

		assert_int_equal(wd->address, addr);
		bool zero = word_has(mem + addr, nb, from, 0);
		bool dl = delim >= 0 && word_has(mem + addr, nb, from, delim);

		assert_int_equal(wd->has_zero != 0, zero);
		assert_int_equal(wd->delim_has_zero != 0, dl);
		assert_int_equal(wd->hit, zero || dl);
	}
	if (s.found) {
		unsigned k = (unsigned)((want - start) % nb);

		assert_int_equal(s.find_zero, k);
		assert_int_equal(s.zero_bytemask, expect_zbm(v, k));
	}
}

/*
 * Structured images: pre-start bytes are 0 (the scan must force them to
 * 0xff), the string is fill bytes, the terminator sits at every position of
 * three words, and what follows it is a byte the tricks trip over.
 */
static void every_position(void **state)
{
	(void)state;
	static const uint8_t fills[] = { 0x01, 0x2f, 0x61, 0x7f, 0x80, 0x81, 0xfe, 0xff };
	static const uint8_t after[] = { 0x00, 0x01, 0x2f, 0x80 };
	uint8_t mem[MAXLEN];
	unsigned long images = 0;

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);
		unsigned nb = wv_wat_bytes(v);
		size_t len = 3 * nb;

		for (unsigned off = 0; off < nb; off++)
		for (size_t pos = off; pos < len; pos++)
		for (size_t f = 0; f < sizeof(fills); f++)
		for (size_t a = 0; a < sizeof(after); a++)
		for (int d = 0; d < 2; d++) {
			int delim = d ? '/' : -1;
			uint8_t term = (d && (pos & 1)) ? '/' : 0;

			memset(mem, 0, off);
			memset(mem + off, fills[f], len - off);
			mem[pos] = term;
			for (size_t i = pos + 1; i < len; i++)
				mem[i] = after[a];
			check_image(v, mem, len, off, delim);
			images++;
		}
	}
	printf("# %lu structured images\n", images);
}

/* Random images, most bytes from the favoured set. */
static void generated(void **state)
{
	(void)state;
	uint64_t seed = 0x5eed2026;
	uint8_t mem[MAXLEN];
	unsigned long per = quick_mode() ? 2000 : 25000, images = 0;

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);
		unsigned nb = wv_wat_bytes(v);

		for (unsigned long n = 0; n < per; n++) {
			uint64_t r = rng_next(&seed);
			size_t len = nb * (1 + r % MAXWORDS);
			size_t off = (r >> 8) % nb;
			int delim = (r >> 16) & 1 ? -1 : ((r >> 17) & 3) == 0 ?
				(int)favoured[(r >> 20) % sizeof(favoured)] : '/';
			unsigned sparse = 1 + (unsigned)((r >> 24) % 40);

			for (size_t i = 0; i < len; i++) {
				uint64_t b = rng_next(&seed);

				/* zeros are rare in long strings, common in short */
				if (b % sparse == 0)
					mem[i] = 0;
				else if ((b >> 8) % 4)
					mem[i] = favoured[1 + (b >> 16) % (sizeof(favoured) - 1)];
				else
					mem[i] = (uint8_t)(b >> 24);
			}
			check_image(v, mem, len, off, delim);
			images++;
		}
	}
	printf("# %lu generated images\n", images);
}

static void bad_arguments(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("x86-64");
	uint8_t mem[16] = { 1, 2, 3 };
	struct wv_word words[2];
	struct wv_scan s;

	assert_int_equal(wv_wat_scan(v, mem, 12, 0, -1, words, 2, &s), -EINVAL);
	assert_int_equal(wv_wat_scan(v, mem, 16, 8, -1, words, 2, &s), -EINVAL);
	assert_int_equal(wv_wat_scan(v, mem, 16, 0, 256, words, 2, &s), -EINVAL);
	assert_int_equal(wv_wat_scan(v, mem, 16, 0, -1, words, 1, &s), -ENOSPC);
	/* no terminator at all: not found, length to the end */
	memset(mem, 'x', sizeof(mem));
	assert_int_equal(wv_wat_scan(v, mem, 16, 3, -1, words, 2, &s), 0);
	assert_false(s.found);
	assert_int_equal(s.length, 13);
	assert_int_equal(s.nwords, 2);
}

/*
 * hash_name reads nothing before the name: zero bytes there are never found,
 * and a 0xff delimiter has no forced 0xff byte to match either.
 */
static void delim_ff(void **state)
{
	(void)state;
	uint8_t mem[16] = { 0, 0, 0, 'a', 'b', 0xff, 'c', 0 };

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);

		if (v->bits != 64)
			continue;
		struct wv_word wd[2];
		struct wv_scan s;

		assert_int_equal(wv_wat_scan(v, mem, 16, 3, 0xff, wd, 2, &s), 0);
		assert_int_equal(wd[0].address, 3);
		assert_int_equal(wd[0].value, wd[0].loaded);
		assert_int_equal(s.length, 2);
	}
}

/* Without room for a whole word after the name, hash_name loads nothing. */
static void hash_name_needs_room(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("x86-64");
	uint8_t mem[8] = { 0, 0, 0, 'a', 'b', 0, 0, 0 };
	struct wv_word wd;
	struct wv_scan s;

	assert_int_equal(wv_wat_scan(v, mem, 8, 3, '/', &wd, 1, &s), 0);
	assert_false(s.found);
	assert_int_equal(s.nwords, 0);
	/* the same bytes as strnlen_user sees them: aligned, found */
	assert_int_equal(wv_wat_scan(v, mem, 8, 3, -1, &wd, 1, &s), 0);
	assert_true(s.found);
	assert_int_equal(s.length, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_position),
		cmocka_unit_test(generated),
		cmocka_unit_test(bad_arguments),
		cmocka_unit_test(delim_ff),
		cmocka_unit_test(hash_name_needs_room),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
