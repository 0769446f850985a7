/*
 * wvicount: the driver `make bench-icount` runs under callgrind.
 *
 *     wvicount IMPL CASE        IMPL: byte musl libc wv simple mul unroll2
 *                               CASE: 4k, or 1..7 (bytes)
 *     wvicount WALK FILE        WALK: pathword (wv_path_hash) or pathbyte
 *                               (the same walk byte by byte); FILE: one
 *                               path per line, walked once; prints the
 *                               number of components
 *     wvicount form             the form of those routines this CPU runs
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

#include "measure/measure.h"
#include "watviz/str.h"

#define WV_ICOUNT_CALLS 800

static volatile size_t sink;

static const struct {
	const char *name;
	size_t (*fn)(const char *);
} impls[] = {
	{ "byte", wv_measure_byte_strlen },	   { "musl", wv_measure_musl_strlen },
	{ "libc", strlen },		   { "wv", wv_strlen },
	{ "mul", wv_strlen_mul },	   { "unroll2", wv_strlen_unroll2 },
	{ "simple", wv_strlen_simple },
};

/* Every path of the file through the whole-path walk f; the components, or -1. */
static long walk_file(size_t (*f)(const char *, struct wv_component *, size_t),
		      const char *file)
{
	static char line[8192];
	static struct wv_component out[512];
	FILE *in = fopen(file, "r");
	size_t cap = 1 << 20, size = 0, comps = 0;
	char *buf = malloc(cap);

	if (!in || !buf)
		return -1;
	while (fgets(line, sizeof(line), in)) {
		size_t n = strcspn(line, "\n");

		if (n == 0)
			continue;
		line[n] = '\0';
		if (size + n + 1 > cap) {
			char *bigger = realloc(buf, cap *= 2);

			if (!bigger)
				return -1;
			buf = bigger;
		}
		memcpy(buf + size, line, n + 1);
		size += n + 1;
	}
	fclose(in);
	/* the walk alone, over paths back to back as the timing bench packs them */
	for (size_t at = 0; at < size; at += strlen(buf + at) + 1)
		comps += f(buf + at, out, sizeof(out) / sizeof(out[0]));
	free(buf);
	return (long)comps;
}

int main(int argc, char **argv)
{
	size_t (*volatile vfn)(const char *) = NULL;
	size_t len;

	if (argc == 2 && strcmp(argv[1], "form") == 0) {
		const struct wv_str_form *forms;
		size_t n = wv_str_forms(&forms);

		printf("%s\n", forms[n - 1].isa);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: wvicount IMPL CASE\n");
		return 2;
	}
	if (strcmp(argv[1], "pathword") == 0 || strcmp(argv[1], "pathbyte") == 0) {
		long comps = walk_file(argv[1][4] == 'w' ? wv_path_hash : wv_measure_byte_path_hash,
				       argv[2]);

		if (comps < 0) {
			fprintf(stderr, "wvicount: cannot read %s\n", argv[2]);
			return 1;
		}
		printf("%ld\n", comps);
		return 0;
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
