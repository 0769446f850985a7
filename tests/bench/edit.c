/*
 * What one byte edit costs (src/app/edit.c): the CPU time of a key that
 * changes a byte (the action: the word's trace and the compare rows built
 * again), then of that key and the frame model after it, for words of 8 B,
 * 256 B and 4 KiB on x86-64 and ppc64.  The edits alternate + and - on
 * bytes spread over the word, so no edit is a no-op and the string keeps
 * its length.  Medians of 21 runs of 40 edits; CPU time
 * (CLOCK_PROCESS_CPUTIME_ID), so another process on the machine does not
 * count.  Not a test: `make bench` prints it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cpuclock.h"

#include "app/app.h"
#include "render/screen.h"
#include "app/view.h"


enum { RUNS = 21, EDITS = 40 };

/* Microseconds per edit on a word of n bytes, with the frame or without. */
static double per_edit(const char *arch, size_t n, bool with_frame, struct wv_frame *f)
{
	static uint8_t word[4096];
	double runs[RUNS];

	for (size_t i = 0; i < n; i++)
		word[i] = (uint8_t)('a' + i % 26);
	for (int r = 0; r < RUNS; r++) {
		struct wv_app *app = calloc(1, sizeof(*app));

		if (!app || wv_app_init(app, word, n, "bench", wv_wat_find(arch), 0, 0, -1)) {
			fprintf(stderr, "edit bench: wv_app_init failed\n");
			exit(1);
		}
		wv_app_key(app, 'm');
		double t0 = now_us();

		for (int e = 0; e < EDITS; e++) {
			app->cursor = (size_t)e * 7919 % n;
			wv_app_key(app, e % 2 ? '-' : '+');
			if (with_frame)
				wv_view_build(f, app);
		}
		runs[r] = (now_us() - t0) / EDITS;
		wv_app_free(app);
		free(app);
	}
	return median(runs, RUNS);
}

int main(void)
{
	static const size_t sizes[] = { 8, 256, 4096 };
	static const char *const arches[] = { "x86-64", "ppc64" };
	struct wv_frame f = { 0 };

	if (wv_frame_init(&f, 24, 80) != 0)
		return 1;
	printf("%-8s %-8s %16s %20s\n", "word", "variant", "edit (action)",
	       "edit + 80x24 frame");
	for (size_t s = 0; s < 3; s++)
		for (size_t a = 0; a < 2; a++)
			printf("%5zu B  %-8s %13.1f us %17.1f us\n", sizes[s], arches[a],
			       per_edit(arches[a], sizes[s], false, &f),
			       per_edit(arches[a], sizes[s], true, &f));
	wv_frame_free(&f);
	return 0;
}
