/*
 * Differential fuzzing of the core: random bytes, variant, offset and
 * delimiter through the recording scan, and random strings at random
 * alignments through wv_strlen, wv_strnlen and the component scanner, each
 * compared with a byte loop.  Buffers are exactly as large as the input, so
 * ASan sees any read of the string's bytes past its end.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "watviz/str.h"
#include "watviz/wat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 4)
		return 0;
	const struct wv_variant *v = wv_wat_at(data[0] % wv_wat_count());
	unsigned nb = wv_wat_bytes(v);
	size_t offset = data[1] % nb;
	int delim = data[2] & 1 ? data[3] : -1;
	const uint8_t *body = data + 4;
	size_t n = size - 4;

	/* the scan over a whole number of words */
	size_t len = n - n % nb;

	if (len) {
		struct wv_word *words = malloc(len / nb * sizeof(*words));
		struct wv_scan s;
		size_t i = offset;

		FUZZ_CHECK(words);
		/* do_strnlen_user: aligned words from 0; hash_name (a delimiter):
		   unaligned words from offset, the last whole one fitting in len */
		size_t start = delim < 0 ? 0 : offset;
		size_t end = start + (len - start) / nb * nb;

		FUZZ_CHECK(wv_wat_scan(v, body, len, offset, delim, words, len / nb, &s) == 0);
		while (i < len && body[i] != 0 && (delim < 0 || body[i] != delim))
			i++;
		FUZZ_CHECK(s.found == (i < end));
		FUZZ_CHECK(s.length == (s.found ? i : len) - offset);
		if (s.found)
			FUZZ_CHECK(s.find_zero == (i - start) % nb);
		free(words);
	}

	/* the production routines on an exact-size copy, at a chosen alignment */
	size_t align = data[1] >> 4 & 7;
	char *buf = malloc(align + n + 1);

	FUZZ_CHECK(buf);
	memset(buf, 0, align);
	memcpy(buf + align, body, n);
	buf[align + n] = 0;
	char *s = buf + align;
	size_t want = 0, comp = 0;

	while (s[want])
		want++;
	while (s[comp] && s[comp] != '/')
		comp++;
	FUZZ_CHECK(wv_strlen(s) == want);
	FUZZ_CHECK(wv_strlen_mul(s) == want);
	FUZZ_CHECK(wv_strlen_unroll2(s) == want);
	FUZZ_CHECK(wv_strlen_simple(s) == want);
	FUZZ_CHECK(wv_component_len(s) == comp);
	unsigned long long h;
	FUZZ_CHECK(wv_component_hash(s, &h) == comp);
	size_t limit = data[2] % (n + 2);
	FUZZ_CHECK(wv_strnlen(s, limit) == (want < limit ? want : limit));
	free(buf);

	/* strnlen on an unterminated exact-size buffer */
	if (n) {
		char *u = malloc(n);

		FUZZ_CHECK(u);
		memset(u, 'u', n);
		FUZZ_CHECK(wv_strnlen(u, n) == n);
		free(u);
	}
	return 0;
}
