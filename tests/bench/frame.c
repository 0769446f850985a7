/*
 * The visualizer's own cost: CPU time to the first frame (state, trace,
 * compare rows, frame model, curses flush) and per key (action, frame
 * model, flush), for words of 8 B, 256 B and 4 KiB, on a curses screen opened
 * with newterm on /dev/null at 100x30.  Medians of many runs; CPU time
 * (CLOCK_PROCESS_CPUTIME_ID), so another process on the machine does not count.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpuclock.h"

#include "app/app.h"
#include "front/term/render.h"
#include "render/screen.h"
#include "app/view.h"


/* one frame: model from state, then curses */
static void frame(struct wv_frame *f, const struct wv_app *app)
{
	wv_view_build(f, app);
	wv_render_frame(f);
	doupdate();
}

int main(void)
{
	static const size_t sizes[] = { 8, 256, 4096 };
	static const enum wv_action keys[] = {
		WV_ACT_NEXT, WV_ACT_NEXT, WV_ACT_PREV, WV_ACT_NEXT_FUNC, WV_ACT_LAST,
		WV_ACT_FIRST, WV_ACT_COMPARE, WV_ACT_COMPARE, WV_ACT_ARCH_NEXT, WV_ACT_DELIM,
	};
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr = out && in ? newterm("xterm-256color", out, in) : NULL;
	static uint8_t word[4096];
	struct wv_frame f;

	if (!scr || wv_frame_init(&f, 30, 100) != 0) {
		fprintf(stderr, "frame bench: cannot open a curses screen on /dev/null\n");
		return 1;
	}
	set_term(scr);
	resizeterm(30, 100);
	wv_render_setup(true);
	printf("%-8s %14s %14s %10s\n", "word", "first frame", "per key", "keys");
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s] - 1;	/* + the implicit NUL */
		enum { RUNS = 21 };
		double first[RUNS], per[RUNS];
		unsigned nkeys = 0;

		for (size_t i = 0; i < n; i++)
			word[i] = (uint8_t)('a' + i % 26);
		for (int r = 0; r < RUNS; r++) {
			struct wv_app *app = calloc(1, sizeof(*app));
			double t0 = now_us();

			if (!app || wv_app_init(app, word, n, "bench", wv_wat_find("x86-64"),
						0, 0, -1) != 0) {
				fprintf(stderr, "frame bench: wv_app_init failed\n");
				return 1;
			}
			frame(&f, app);
			double t1 = now_us();

			nkeys = 0;
			for (int rep = 0; rep < 20; rep++)
				for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
					wv_app_do(app, keys[k]);
					frame(&f, app);
					nkeys++;
				}
			double t2 = now_us();

			first[r] = t1 - t0;
			per[r] = (t2 - t1) / nkeys;
			wv_app_free(app);
			free(app);
		}
		printf("%5zu B  %11.1f us %11.1f us %10u\n", sizes[s], median(first, RUNS),
		       median(per, RUNS), nkeys);
	}
	wv_frame_free(&f);
	endwin();
	delscreen(scr);
	return 0;
}
