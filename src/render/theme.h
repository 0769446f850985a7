/*
 * render/theme.h - how each role of the frame model (render/screen.h)
 * looks: one table, from which the terminal's curses pairs
 * (src/front/term/render.c), the ANSI of casts and --record (src/render/ansi.c)
 * and the page's CSS (src/front/web/rolecss.c) are all computed.
 *
 * Colours are the eight of ANSI and curses alike, numbered as both number
 * them (0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan,
 * 7 white; -1 the terminal's own).
 *
 * Two themes: dark (the default: the terminal's own colours, and --present
 * on black) and light (dark text on white: black, blue and red inks,
 * --present or not, for projectors that wash dark screens out).  The light theme sets every background
 * itself, so it reads the same on a dark terminal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_THEME_H
#define WATVIZ_THEME_H

#include <stdbool.h>

#include "render/screen.h"

/* What the light theme is, in every message that names it: its text is
   black, blue (the quiet ink) and red (the kernel's names), so not "black
   on white" (issue 47's tester). */
#define WV_THEME_LIGHT_IS "dark text on white"

/* Attributes. */
enum {
	WV_LOOK_BOLD = 1 << 0,
	WV_LOOK_DIM = 1 << 1,
	WV_LOOK_UNDERLINE = 1 << 2,
	WV_LOOK_REVERSE = 1 << 3,
};

struct wv_look {
	signed char fg, bg;		/* 0..7, or -1: the terminal's own */
	unsigned char color_attr;	/* with the colours */
	unsigned char mono_attr;	/* without (NO_COLOR, monochrome) */
};

enum wv_theme {
	WV_THEME_DARK,			/* the default */
	WV_THEME_LIGHT,
	WV_THEME_COUNT
};

/* The look of role in theme, in the normal or the --present layout
   (NULL: bad role or theme). */
const struct wv_look *wv_theme_look(enum wv_role role, bool present,
				    enum wv_theme theme);

/* "dark", "light"; NULL past the end. */
const char *wv_theme_name(enum wv_theme theme);

/* The theme called name ("light"), or -1. */
int wv_theme_find(const char *name);

/*
 * The page's colours (0xRRGGBB): the background and text where a look says
 * -1, and the eight.  A terminal's are the user's; the page chooses them,
 * so its contrast is measured from here (tests/unit/test_contrast.c).
 */
struct wv_palette {
	unsigned bg, fg;
	unsigned c[8];
};

enum wv_page_palette {
	WV_PAGE_LIGHT,			/* no theme, the browser prefers light */
	WV_PAGE_DARK,			/* no theme and it prefers dark, or dark */
	WV_PAGE_PRESENT,		/* presenting, dark */
	WV_PAGE_THEME_LIGHT,		/* the light theme, presenting or not */
	WV_PAGE_COUNT
};

/* The page's palette p (NULL past the end). */
const struct wv_palette *wv_theme_page(enum wv_page_palette p);

#endif /* WATVIZ_THEME_H */
