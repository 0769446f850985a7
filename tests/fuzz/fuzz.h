/*
 * Shared bits of the libFuzzer targets.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_FUZZ_H
#define WATVIZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (caller frees); NULs become 'x'. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	for (size_t i = 0; i < size; i++)
		s[i] = data[i] ? (char)data[i] : 'x';
	s[size] = 0;
	return s;
}

/* Output that goes nowhere but is really written (renderers run fully). */
static inline FILE *fuzz_sink(void)
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	if (!f)
		abort();
	return f;
}

#define FUZZ_CHECK(cond)                                                      \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond);                             \
			abort();                                              \
		}                                                             \
	} while (0)

#endif /* WATVIZ_FUZZ_H */
