/*
 * Colours readable on a dark and on a light terminal: every role's colour
 * pair, in the normal and the projector theme, has enough contrast (WCAG
 * 2.x relative luminance) against every background it can meet.  A colour
 * on the terminal's own background must read on black and on white; the
 * terminal's own foreground is the user's choice and passes.  The eight
 * colours are xterm's defaults.
 *
 * Bold is drawn bright where the terminal says so (xterm's default
 * boldColors, PuTTY, Windows Terminal): a bold colour 0-7 is shown as 8-15,
 * so bold black on green is grey on green.  A bold role must read in both
 * forms; bold still counts as large text (3:1), its bright form included.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <math.h>

#include "watviz/render.h"
#include "watviz/theme.h"

/* xterm's eight colours, as curses numbers them */
static const unsigned rgb[8] = {
	0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
};

/* and the bright eight that bold turns them into (colours 8-15) */
static const unsigned bright[8] = {
	0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
};

static double channel(unsigned c)
{
	double v = c / 255.0;

	return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double luminance(unsigned x)
{
	return 0.2126 * channel(x >> 16 & 0xff) + 0.7152 * channel(x >> 8 & 0xff) +
	       0.0722 * channel(x & 0xff);
}

static double contrast(unsigned a, unsigned b)
{
	double la = luminance(a), lb = luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

static void every_role_reads(void **state)
{
	int bad = 0;

	(void)state;
	/* the example the issue names: dark blue on black */
	assert_true(contrast(rgb[COLOR_BLUE], 0x000000) < 3.0);
	/* and the one it missed: bold black on yellow, drawn grey (2.3:1) */
	assert_true(contrast(bright[COLOR_BLACK], rgb[COLOR_YELLOW]) < 3.0);

	for (int present = 0; present < 2; present++)
		for (int r = 0; r < WV_ROLE_COUNT; r++) {
			const struct wv_look *l = wv_theme_look((enum wv_role)r, present);
			short fg = l->fg, bg = l->bg;
			bool bold = (l->color_attr & WV_LOOK_BOLD) != 0;
			double need;

			need = bold ? 3.0 : 4.5;	/* WCAG AA, bold counts as large */
			if (fg < 0 && bg < 0)
				continue;	/* the terminal's own colours */
			if (fg < 0)	/* the user's text on our background: either */
				continue;
			assert_true(fg < 8 && bg < 8);
			/* plain, and as bold-as-bright draws it */
			for (int as_bright = 0; as_bright <= bold; as_bright++) {
				unsigned ink = as_bright ? bright[fg] : rgb[fg];
				const char *how = as_bright ? "bold drawn bright" : "as is";

				if (bg >= 0) {
					if (contrast(ink, rgb[bg]) < need && ++bad)
						print_error("role %d (%s, %s): %.2f:1 on its "
							 "background\n", r, present ? "present"
							 : "normal", how, contrast(ink, rgb[bg]));
					continue;
				}
				/* on the terminal's background: dark or light */
				if (contrast(ink, 0x000000) < need ||
				    contrast(ink, 0xffffff) < need) {
					bad++;
					print_error("role %d (%s, %s): %.2f:1 on black, %.2f:1 "
						 "on white\n", r, present ? "present" : "normal",
						 how, contrast(ink, 0x000000),
						 contrast(ink, 0xffffff));
				}
			}
		}
	assert_int_equal(bad, 0);
	assert_null(wv_theme_look(WV_ROLE_COUNT, false));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_role_reads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
