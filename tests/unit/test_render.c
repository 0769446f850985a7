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
 * This is the dark theme on any terminal; both_themes_read below holds both
 * themes to 4.5:1 on the background each is drawn on.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <math.h>

#include "front/term/render.h"
#include "render/theme.h"

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
			const struct wv_look *l = wv_theme_look((enum wv_role)r, present,
								WV_THEME_DARK);
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
	assert_null(wv_theme_look(WV_ROLE_COUNT, false, WV_THEME_DARK));
}

/* ---- both themes, measured where they are drawn ----------------------- */

/* What a role's ink and background are in one place it is drawn. */
struct where {
	const char *name;
	bool present;
	enum wv_theme theme;
	const unsigned *c;		/* the eight colours */
	unsigned own_fg, own_bg;	/* what -1 is there */
	bool bright_bold;		/* bold 0-7 drawn as 8-15 */
};

static unsigned blend(unsigned fg, unsigned bg, double alpha)
{
	unsigned out = 0;

	for (int shift = 16; shift >= 0; shift -= 8) {
		double v = alpha * (fg >> shift & 0xff) + (1 - alpha) * (bg >> shift & 0xff);

		out |= (unsigned)(v + 0.5) << shift;
	}
	return out;
}

/*
 * The lowest contrast of role r at w (in every form it can take: bold
 * drawn bright or not; dim as the page draws it, at 60% over the
 * background, which the terminal's faint is taken to match).
 */
static double role_contrast(const struct where *w, int r)
{
	const struct wv_look *l = wv_theme_look((enum wv_role)r, w->present, w->theme);
	unsigned bg = l->bg >= 0 ? w->c[l->bg] : w->own_bg;
	bool bold = (l->color_attr & WV_LOOK_BOLD) != 0;
	double worst = 21;

	assert_false(l->color_attr & WV_LOOK_REVERSE);	/* not measured here */
	for (int as_bright = 0; as_bright <= (bold && w->bright_bold && l->fg >= 0);
	     as_bright++) {
		unsigned ink = l->fg < 0 ? w->own_fg : as_bright ? bright[l->fg]
			     : w->c[l->fg];
		double k;

		if (l->color_attr & WV_LOOK_DIM)
			ink = blend(ink, bg, 0.6);
		k = contrast(ink, bg);
		worst = k < worst ? k : worst;
	}
	return worst;
}

/*
 * Every role of both themes, on the terminal (xterm's colours, a dark
 * terminal's own ink and background for the dark theme's -1) and on the
 * page (its palettes, src/render/theme.c), at WCAG AA for normal text:
 * 4.5:1, bold or not.  WATVIZ_CONTRAST=1 prints the figures.
 */
static void both_themes_read(void **state)
{
	const unsigned *page_c[WV_PAGE_COUNT];
	int bad = 0;

	(void)state;
	for (int p = 0; p < WV_PAGE_COUNT; p++)
		page_c[p] = wv_theme_page((enum wv_page_palette)p)->c;
	const struct where places[] = {
		{ "terminal dark", false, WV_THEME_DARK, rgb, 0xe5e5e5, 0, true },
		{ "terminal dark --present", true, WV_THEME_DARK, rgb, 0xe5e5e5, 0, true },
		{ "terminal light", false, WV_THEME_LIGHT, rgb, 0, 0xffffff, true },
		{ "terminal light --present", true, WV_THEME_LIGHT, rgb, 0, 0xffffff, true },
		{ "page (prefers light)", false, WV_THEME_DARK, page_c[WV_PAGE_LIGHT],
		  wv_theme_page(WV_PAGE_LIGHT)->fg, wv_theme_page(WV_PAGE_LIGHT)->bg, false },
		{ "page dark", false, WV_THEME_DARK, page_c[WV_PAGE_DARK],
		  wv_theme_page(WV_PAGE_DARK)->fg, wv_theme_page(WV_PAGE_DARK)->bg, false },
		{ "page dark present", true, WV_THEME_DARK, page_c[WV_PAGE_PRESENT],
		  wv_theme_page(WV_PAGE_PRESENT)->fg, wv_theme_page(WV_PAGE_PRESENT)->bg,
		  false },
		{ "page light", false, WV_THEME_LIGHT, page_c[WV_PAGE_THEME_LIGHT],
		  wv_theme_page(WV_PAGE_THEME_LIGHT)->fg,
		  wv_theme_page(WV_PAGE_THEME_LIGHT)->bg, false },
	};
	bool show = getenv("WATVIZ_CONTRAST") != NULL;

	/* the formula, on WCAG's own figures: black on white 21:1, #777 on
	   white just under AA */
	assert_true(fabs(contrast(0x000000, 0xffffff) - 21.0) < 1e-9);
	assert_true(contrast(0x777777, 0xffffff) < 4.5);
	assert_true(contrast(0x767676, 0xffffff) >= 4.5);
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		const struct where *w = &places[i];

		if (show)
			print_message("%s:\n", w->name);
		for (int r = 0; r < WV_ROLE_COUNT; r++) {
			double k = role_contrast(w, r);

			if (show)
				print_message("  role %2d %5.2f:1 %s\n", r, k,
					      k >= 7 ? "AAA" : k >= 4.5 ? "AA" : "FAIL");
			if (k < 4.5 && ++bad)
				print_error("%s: role %d at %.2f:1, under AA (4.5:1)\n",
					    w->name, r, k);
		}
	}
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_role_reads),
		cmocka_unit_test(both_themes_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
