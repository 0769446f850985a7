/*
 * wvicount: the driver `make bench-icount` runs under callgrind.
 *
 *     wvicount IMPL CASE        IMPL: byte musl libc wv simple mul unroll2
 *                               CASE: 4k, or 1..7 (bytes)
 *
 * Calls IMPL a fixed number of times (WV_ICOUNT_CALLS) on strings of that
 * length, at every start alignment 0..7 in turn, and nothing else of note:
 * icount.sh collects only inside IMPL (--toggle-collect), so the total is
 * IMPL's own instructions, the same on every run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "watviz/str.h"

#define WV_ICOUNT_CALLS 800

static volatile size_t sink;

static const struct {
	const char *name;
	size_t (*fn)(const char *);
} impls[] = {
	{ "byte", bench_byte_strlen },	   { "musl", bench_musl_strlen },
	{ "libc", strlen },		   { "wv", wv_strlen },
	{ "mul", wv_strlen_mul },	   { "unroll2", wv_strlen_unroll2 },
	{ "simple", wv_strlen_simple },
};

int main(int argc, char **argv)
{
	size_t (*volatile vfn)(const char *) = NULL;
	size_t len;

	if (argc != 3) {
		fprintf(stderr, "usage: wvicount IMPL CASE\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(impls) / sizeof(impls[0]); i++)
		if (strcmp(argv[1], impls[i].name) == 0)
			vfn = impls[i].fn;
	len = strcmp(argv[2], "4k") == 0 ? 4096 : strtoul(argv[2], NULL, 10);
	if (!vfn || len == 0) {
		fprintf(stderr, "wvicount: unknown implementation or case\n");
		return 2;
	}

	size_t (*fn)(const char *) = vfn;
	char *mem = malloc(len + 64);

	if (!mem)
		return 1;
	char *base = (char *)(((uintptr_t)mem + 7) & ~(uintptr_t)7);

	memset(mem, 'x', len + 64);
	for (size_t k = 0; k < WV_ICOUNT_CALLS; k++) {
		char *s = base + k % 8;

		s[len] = '\0';
		if (fn(s) != len)
			return 1;
		sink += len;
		s[len] = 'x';
	}
	free(mem);
	printf("%d\n", WV_ICOUNT_CALLS);
	return 0;
}
