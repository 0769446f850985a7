/*
 * watviz/theme.h - how each role of the frame model (watviz/screen.h)
 * looks: one table, from which the terminal's curses pairs
 * (src/ui/render.c), the ANSI of casts and --record (src/render/ansi.c)
 * and the page's CSS (web/rolecss.c) are all computed.
 *
 * Colours are the eight of ANSI and curses alike, numbered as both number
 * them (0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan,
 * 7 white; -1 the terminal's own).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_THEME_H
#define WATVIZ_THEME_H

#include <stdbool.h>

#include "watviz/screen.h"

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

/* The look of role in the normal or the --present theme (NULL: bad role). */
const struct wv_look *wv_theme_look(enum wv_role role, bool present);

#endif /* WATVIZ_THEME_H */
