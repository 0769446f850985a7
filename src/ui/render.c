/*
 * The curses side of the frame model: the role table and the flush.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>

#include "watviz/render.h"

#include <curses.h>
#include <stdlib.h>
#include <wchar.h>

/*
 * Colour by role: one table.  Every role that carries meaning has a
 * monochrome attribute too, and flags also have a symbol in the frame, so
 * NO_COLOR and monochrome terminals lose nothing.  The background may be dark
 * or light: a colour on the terminal's own background is one that reads on
 * both (magenta, red for bold text), everything else is the terminal's own
 * foreground with an attribute, or a pair with its own background (black on
 * green).  Black on a colour is never bold: where bold is drawn bright
 * (xterm's default, PuTTY, Windows Terminal) it would be grey on the colour,
 * 2:1.  tests/unit/test_render.c checks the contrast of every pair, bold
 * drawn bright included.
 */
struct role_look {
	short fg, bg;		/* -1: the terminal's default */
	attr_t color_attr;	/* with the colour pair */
	attr_t mono_attr;	/* without colours */
};

static const struct role_look role_look[WV_ROLE_COUNT] = {
	[WV_ROLE_TEXT] = { -1, -1, A_NORMAL, A_NORMAL },
	[WV_ROLE_DIM] = { -1, -1, A_DIM, A_DIM },
	[WV_ROLE_TITLE] = { COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_REVERSE },
	[WV_ROLE_HEADING] = { -1, -1, A_BOLD | A_UNDERLINE, A_BOLD },
	[WV_ROLE_LABEL] = { -1, -1, A_BOLD, A_NORMAL },
	[WV_ROLE_BIT0] = { -1, -1, A_NORMAL, A_NORMAL },
	[WV_ROLE_BIT1] = { -1, -1, A_BOLD, A_BOLD },
	[WV_ROLE_HEX] = { COLOR_MAGENTA, -1, A_BOLD, A_NORMAL },
	[WV_ROLE_FLAG] = { COLOR_BLACK, COLOR_GREEN, A_NORMAL, A_BOLD | A_UNDERLINE },
	[WV_ROLE_FALSEPOS] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_UNDERLINE },
	[WV_ROLE_BORROW] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_UNDERLINE },
	[WV_ROLE_STRING] = { -1, -1, A_NORMAL, A_NORMAL },
	[WV_ROLE_PRESTART] = { -1, -1, A_DIM, A_DIM },
	[WV_ROLE_TERM] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_BOLD | A_UNDERLINE },
	[WV_ROLE_FILL] = { -1, -1, A_DIM, A_DIM },
	[WV_ROLE_ANSWER] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_BOLD | A_UNDERLINE },
	[WV_ROLE_KERNEL] = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
	[WV_ROLE_STATUS] = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE },
	[WV_ROLE_KEY] = { COLOR_BLUE, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD },
	[WV_ROLE_ERROR] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD },
	[WV_ROLE_RESULT] = { -1, -1, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE },
};

/*
 * --present: the same roles for a projector at the back of a room.  Bright
 * bold colours on black (no blue, no dim: both wash out), and bold text in
 * monochrome too.
 */
static const struct role_look present_look[WV_ROLE_COUNT] = {
	[WV_ROLE_TEXT] = { COLOR_WHITE, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_DIM] = { COLOR_WHITE, COLOR_BLACK, A_NORMAL, A_NORMAL },
	[WV_ROLE_TITLE] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_REVERSE | A_BOLD },
	[WV_ROLE_HEADING] = { COLOR_YELLOW, COLOR_BLACK, A_BOLD, A_BOLD | A_UNDERLINE },
	[WV_ROLE_LABEL] = { COLOR_CYAN, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_BIT0] = { COLOR_WHITE, COLOR_BLACK, A_NORMAL, A_NORMAL },
	[WV_ROLE_BIT1] = { COLOR_WHITE, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_HEX] = { COLOR_CYAN, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_FLAG] = { COLOR_GREEN, COLOR_BLACK, A_BOLD, A_BOLD | A_UNDERLINE },
	[WV_ROLE_FALSEPOS] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_UNDERLINE },
	[WV_ROLE_BORROW] = { COLOR_YELLOW, COLOR_BLACK, A_BOLD, A_BOLD | A_UNDERLINE },
	[WV_ROLE_STRING] = { COLOR_WHITE, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_PRESTART] = { COLOR_WHITE, COLOR_BLACK, A_NORMAL, A_NORMAL },
	[WV_ROLE_TERM] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_BOLD | A_UNDERLINE },
	[WV_ROLE_FILL] = { COLOR_WHITE, COLOR_BLACK, A_NORMAL, A_NORMAL },
	[WV_ROLE_ANSWER] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE | A_BOLD },
	[WV_ROLE_KERNEL] = { COLOR_CYAN, COLOR_BLACK, A_BOLD, A_BOLD },
	[WV_ROLE_STATUS] = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE },
	[WV_ROLE_KEY] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_REVERSE | A_BOLD },
	[WV_ROLE_ERROR] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD },
	[WV_ROLE_RESULT] = { COLOR_WHITE, COLOR_BLACK, A_BOLD | A_UNDERLINE,
			     A_BOLD | A_UNDERLINE },
};

static attr_t role_attr[WV_ROLE_COUNT];

void wv_render_setup_theme(bool color, bool present)
{
	const struct role_look *look = present ? present_look : role_look;

	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		if (color) {
			init_pair((short)(r + 1), look[r].fg, look[r].bg);
			role_attr[r] = COLOR_PAIR(r + 1) | look[r].color_attr;
		} else {
			role_attr[r] = look[r].mono_attr;
		}
	}
}

void wv_render_setup(bool color)
{
	wv_render_setup_theme(color, false);
}

/* The cut mark: U+2026 where the locale is UTF-8, else WV_CUT_ASCII. */
static void draw_cut(int y, int x, attr_t a)
{
	static const wchar_t ell[] = { 0x2026, 0 };
	cchar_t c;

	if (MB_CUR_MAX > 1 && setcchar(&c, ell, a, PAIR_NUMBER((int)a), NULL) == OK &&
	    mvadd_wch(y, x, &c) == OK)
		return;
	mvaddch(y, x, (chtype)WV_CUT_ASCII | a);
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
			if (row[x].ch == WV_CH_CUT)
				draw_cut(y, x, a);
			else
				mvaddch(y, x, (chtype)(unsigned char)row[x].ch | a);
		}
	}
}


int wv_render_look(enum wv_role role, bool present, short *fg, short *bg,
		   bool *bold)
{
	const struct role_look *look = present ? present_look : role_look;

	if ((int)role < 0 || role >= WV_ROLE_COUNT)
		return -1;
	*fg = look[role].fg;
	*bg = look[role].bg;
	*bold = (look[role].color_attr & A_BOLD) != 0;
	return 0;
}

unsigned long wv_render_attr(enum wv_role role)
{
	return (unsigned long)role_attr[role];
}
