/*
 * The yardsticks of measure/measure.h, which the benchmarks (tests/bench) and
 * the lessons' live measurement (measure.c) time the core against.  Each is
 * a separate, non-inlined function so that it is called exactly as the
 * core's routines are.  They live here, not in the core: they are
 * yardsticks, not production code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "measure/measure.h"

#include <stdint.h>
#include <string.h>

#include "watviz/str.h"
#include "watviz/wordops.h"

/*
 * An empty asm that claims to change x.  It emits nothing, but keeps the
 * compiler from recognising a byte loop as strlen and calling the C library
 * instead (GCC 12 at -O2 turns the plain byte loop into a strlen call).
 */
#ifdef __wasm__
/* WebAssembly has no registers to name: a volatile store does the same */
#define OPAQUE(x) do { volatile size_t opaque_ = (size_t)(x); (void)opaque_; } while (0)
#else
#define OPAQUE(x) __asm__("" : "+r"(x))
#endif

size_t wv_measure_byte_strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0') {
		n++;
		OPAQUE(n);
	}
	return n;
}

size_t wv_measure_byte_strnlen(const char *s, size_t maxlen)
{
	size_t n = 0;

	while (n < maxlen && s[n] != '\0') {
		n++;
		OPAQUE(n);
	}
	return n;
}

size_t wv_measure_musl_strlen(const char *s)
{
	const char *p = s;
	uint64_t w;

	/* bytes until p is aligned: the aligned word is the first safe one */
	for (; (uintptr_t)p % sizeof(w) != 0; p++) {
		if (*p == '\0')
			return (size_t)(p - s);
		OPAQUE(p);
	}
	/* whole aligned words; an aligned word never crosses a page */
	for (;;) {
		memcpy(&w, p, sizeof(w));
		if (wv_cheap_zero(w, 64) != 0)
			break;
		p += sizeof(w);
	}
	/* and bytes again, for the position inside the word */
	while (*p != '\0') {
		p++;
		OPAQUE(p);
	}
	return (size_t)(p - s);
}

size_t wv_measure_byte_component_len(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0' && s[n] != '/') {
		n++;
		OPAQUE(n);
	}
	return n;
}

size_t wv_measure_byte_component_hash(const char *s, unsigned long long *hash)
{
	unsigned long long h = 0;
	size_t n = 0;
	unsigned char c;

	while ((c = (unsigned char)s[n]) != '\0' && c != '/') {
		h = (h + ((unsigned long long)c << 4) + (c >> 4)) * 11;
		n++;
		OPAQUE(n);
	}
	*hash = h;
	return n;
}

size_t wv_measure_byte_path_hash(const char *path, struct wv_component *out, size_t max)
{
	const char *s = path;
	size_t n = 0;

	for (;;) {
		unsigned long long h = 0;
		size_t len = 0;
		unsigned char c;

		while (*s == '/')
			s++;
		if (*s == '\0' || n == max)
			break;
		while ((c = (unsigned char)s[len]) != '\0' && c != '/') {
			h = (h + ((unsigned long long)c << 4) + (c >> 4)) * 11;
			len++;
			OPAQUE(len);
		}
		out[n++] = (struct wv_component){ .start = (size_t)(s - path),
						  .len = len, .hash = h };
		s += len;
	}
	return n;
}
