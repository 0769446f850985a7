/*
 * front/term/render.h - flushing a frame (render/screen.h) to the curses screen.
 *
 * Colour by role: the theme table (render/theme.h) gives each role a colour
 * pair and a monochrome attribute.  A focused cell adds reverse video in both.  Needs curses
 * started (newterm) on the current screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_RENDER_H
#define WATVIZ_RENDER_H

#include <stdbool.h>

#include "render/screen.h"
#include "render/theme.h"

/* Choose colour pairs (color, after start_color) or monochrome attributes. */
void wv_render_setup(bool color);

/* The same in theme, with the --present table (present): high contrast,
   bold.  Sets the screen's background to the text's colours. */
void wv_render_setup_theme(bool color, bool present, enum wv_theme theme);

/* Draw f at the top left of stdscr (not refreshed). */
void wv_render_frame(const struct wv_frame *f);

/* The curses attributes role is drawn with (an attr_t), for tests. */
unsigned long wv_render_attr(enum wv_role role);

#endif /* WATVIZ_RENDER_H */
