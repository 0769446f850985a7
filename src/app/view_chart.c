/*
 * A "measure:" scene's bar chart as frame cells (app/view.h): the figures
 * of a live measurement (measure/measure.h), never measured here.  The bars'
 * lengths come from wv_measure_bar, the same as the handouts'.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/view.h"

#include <stdio.h>
#include <string.h>

#define LABEL_W 11	/* "4096 bytes " */
#define NAME_W 14	/* "wv_path_hash  " */
#define FIGS_W 21	/* " 12345.6 ns  123.4x" */

int wv_view_chart(struct wv_frame *f, int y, int ymax, int x, int width,
		  const struct wv_measure *m, enum wv_measure_group g, const char *why)
{
	int y0 = y, bar_w = width - LABEL_W - NAME_W - FIGS_W;
	char buf[400];

	if (y < ymax && f)
		wv_frame_fit(f, y, x, width, WV_ROLE_HEADING, wv_measure_title(g));
	y++;
	if (!m) {
		if (y < ymax)
			y += wv_view_wrap(f, y, x, width, ymax - y, WV_ROLE_DIM,
					  why ? why : "Not measured yet.");
		return y - y0;
	}
	/* a small screen: the "measured on" line on one row, no legend */
	bool small = (f ? f->rows : 30) < 30;

	if (y < ymax)
		y += wv_view_wrap(f, y, x, width, small || ymax - y < 2 ? 1 : 2,
				  WV_ROLE_DIM, wv_measure_where(m, buf, sizeof(buf)));
	if (bar_w < 4)
		bar_w = 4;
	for (size_t li = 0; li < WV_MEASURE_NLENS; li++) {
		size_t len = wv_measure_lens[li];
		double max = wv_measure_max(m, g, len);
		bool first = true;

		for (size_t i = 0; i < m->nrows && y < ymax; i++) {
			const struct wv_measure_row *r = &m->rows[i];
			int bx = x + LABEL_W + NAME_W;

			if (r->group != g || r->len != len)
				continue;
			/* the first routine of each length is the production one */
			bool prod = first;

			if (f) {
				if (first)
					wv_frame_printf(f, y, x, WV_ROLE_LABEL, "%zu bytes", len);
				wv_frame_fit(f, y, x + LABEL_W, NAME_W - 1, WV_ROLE_KERNEL,
					     r->routine);
			}
			first = false;
			if (r->wrong) {
				snprintf(buf, sizeof(buf), "WRONG: answered %zu, not %zu: "
					 "not timed", r->got, r->want);
				if (f)
					wv_frame_fit(f, y, bx, width - LABEL_W - NAME_W,
						     WV_ROLE_ERROR, buf);
				y++;
				continue;
			}
			int n = wv_measure_bar(r->ns, max, bar_w);
			double ratio = wv_measure_ratio(m, r);

			if (f) {
				wv_frame_fill(f, y, bx, n, prod ? WV_ROLE_ANSWER : WV_ROLE_HEX,
					      '#');
				if (ratio > 0)
					snprintf(buf, sizeof(buf), "%9.1f ns %6.1fx", r->ns, ratio);
				else
					snprintf(buf, sizeof(buf), "%9.1f ns", r->ns);
				wv_frame_put(f, y, bx + bar_w + 1, WV_ROLE_TEXT, buf);
			}
			y++;
		}
	}
	if (y < ymax && !small)
		y += wv_view_wrap(f, y, x, width, 1, WV_ROLE_DIM, "A bar: one call's time, "
				  "the slowest full; x: times the first's. m: measure again.");
	return y - y0;
}
