/*
 * Differential fuzzing of the core: random bytes, variant, offset and
 * delimiter through the recording scan, and random strings at random
 * alignments through wv_strlen, wv_strnlen, the component scanner and the
 * whole-path walk, each compared with a byte loop.  Buffers are exactly as large as the input, so
 * ASan sees any read of the string's bytes past its end.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include <errno.h>

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

		/* the same bytes with a page edge at len: nothing past it is
		   read (body ends there for ASan only when len == n); a load
		   across it holds the bytes before it, then zeros */
		FUZZ_CHECK(wv_wat_scan_page(v, body, len, len, offset, delim, words,
					    len / nb, &s) == (len > offset ? 0 : -EINVAL));
		for (size_t k = 0; len > offset && k < s.nwords; k++) {
			const struct wv_word *wd = &words[k];

			FUZZ_CHECK(wd->zeropad == (wd->address + nb > len));
			FUZZ_CHECK(!wd->zeropad || delim >= 0);
			for (unsigned b = 0; b < nb; b++) {
				unsigned sh = v->endian == WV_LITTLE ? 8 * b : v->bits - 8 - 8 * b;
				uint64_t byte = wd->address + b < len ? body[wd->address + b] : 0;

				FUZZ_CHECK(((wd->loaded >> sh) & 0xff) == byte);
			}
		}
		/* unaligned loads from the name end with one across the edge,
		   whose zeros always stop the loop */
		if (len > offset && delim >= 0 && offset != 0)
			FUZZ_CHECK(s.found);
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
	/* the whole path: each component where a byte loop splits it */
	struct wv_component cs[64];
	size_t nc = wv_path_hash(s, cs, 64), k = 0, i = 0;

	while (s[i] && k < 64) {
		while (s[i] == '/')
			i++;
		if (!s[i])
			break;
		size_t start = i;

		while (s[i] && s[i] != '/')
			i++;
		FUZZ_CHECK(k < nc && cs[k].start == start && cs[k].len == i - start);
		k++;
	}
	FUZZ_CHECK(nc == k);
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
