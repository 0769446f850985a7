/*
 * The curses side of the frame model: the theme (render/theme.h) as curses
 * attributes, and the flush.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>

#include "front/term/render.h"
#include "render/theme.h"

#include <curses.h>
#include <stdint.h>
#include <stdlib.h>
#include <wchar.h>

_Static_assert(COLOR_BLACK == 0 && COLOR_RED == 1 && COLOR_GREEN == 2 &&
	       COLOR_YELLOW == 3 && COLOR_BLUE == 4 && COLOR_MAGENTA == 5 &&
	       COLOR_CYAN == 6 && COLOR_WHITE == 7,
	       "curses numbers its colours as ANSI and the theme table do");

/* A look's attributes in curses' terms. */
static attr_t curses_attr(unsigned look)
{
	return (look & WV_LOOK_BOLD ? A_BOLD : 0) | (look & WV_LOOK_DIM ? A_DIM : 0) |
	       (look & WV_LOOK_UNDERLINE ? A_UNDERLINE : 0) |
	       (look & WV_LOOK_REVERSE ? A_REVERSE : 0);
}

static attr_t role_attr[WV_ROLE_COUNT];

void wv_render_setup_theme(bool color, bool present, enum wv_theme theme)
{
	/* the theme's colours are numbered as curses numbers COLOR_* */
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		const struct wv_look *l = wv_theme_look((enum wv_role)r, present, theme);

		if (color) {
			init_pair((short)(r + 1), l->fg, l->bg);
			role_attr[r] = COLOR_PAIR(r + 1) | curses_attr(l->color_attr);
		} else {
			role_attr[r] = curses_attr(l->mono_attr);
		}
	}
	/* what the frame does not cover (the corner it leaves, a line being
	   cleared) in the text's colours, not its attributes (curses adds
	   those to every cell): the light theme's white on a dark terminal */
	bkgd((chtype)' ' | (color ? COLOR_PAIR(WV_ROLE_TEXT + 1) : 0));
}

void wv_render_setup(bool color)
{
	wv_render_setup_theme(color, false, WV_THEME_DARK);
}

/* A cell outside ASCII (a letter, the cut mark, the QR code's blocks)
   where the locale takes it, else its ASCII stand-in. */
static void draw_wide(int y, int x, uint32_t ch, attr_t a)
{
	wchar_t wc[2] = { (wchar_t)ch, 0 };
	cchar_t c;

	if (MB_CUR_MAX > 1 && setcchar(&c, wc, a, PAIR_NUMBER((int)a), NULL) == OK &&
	    mvadd_wch(y, x, &c) == OK)
		return;
	mvaddch(y, x, (chtype)(unsigned char)wv_cell_ascii(ch) | a);
}

void wv_render_frame(const struct wv_frame *f)
{
	for (int y = 0; y < f->rows; y++) {
		const struct wv_cell *row = &f->cells[(size_t)y * (size_t)f->cols];

		for (int x = 0; x < f->cols; x++) {
			attr_t a = role_attr[row[x].role] | (row[x].focus ? A_REVERSE : 0);

			/* the cursor: underlined and bold, reversed against
			   whatever surrounds it */
			if (row[x].cursor)
				a = (a ^ A_REVERSE) | A_UNDERLINE | A_BOLD;

			/* the bottom-right cell: addch there would scroll */
			if (y == f->rows - 1 && x == f->cols - 1)
				break;
			if (row[x].ch < 0x80)
				mvaddch(y, x, (chtype)row[x].ch | a);
			else
				draw_wide(y, x, row[x].ch, a);
		}
	}
}

unsigned long wv_render_attr(enum wv_role role)
{
	return (unsigned long)role_attr[role];
}
