/*
 * The theme table (watviz/theme.h): how every role looks, once.
 *
 * Colour by role.  Every role that carries meaning has a monochrome
 * attribute too, and flags also have a symbol in the frame, so NO_COLOR and
 * monochrome terminals lose nothing.  The background may be dark or light:
 * a colour on the terminal's own background is one that reads on both
 * (magenta, red for bold text), everything else is the terminal's own
 * foreground with an attribute, or a pair with its own background (black on
 * green).  Black on a colour is never bold: where bold is drawn bright
 * (xterm's default, PuTTY, Windows Terminal) it would be grey on the colour,
 * 2:1.  tests/unit/test_render.c checks the contrast of every pair, bold
 * drawn bright included.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/theme.h"

enum { BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE };
#define B WV_LOOK_BOLD
#define D WV_LOOK_DIM
#define U WV_LOOK_UNDERLINE
#define R WV_LOOK_REVERSE

/* The normal theme. */
static const struct wv_look look[WV_ROLE_COUNT] = {
	[WV_ROLE_TEXT] = { -1, -1, 0, 0 },
	[WV_ROLE_DIM] = { -1, -1, D, D },
	[WV_ROLE_TITLE] = { WHITE, BLUE, 0, R },
	[WV_ROLE_HEADING] = { -1, -1, B | U, B },
	[WV_ROLE_LABEL] = { -1, -1, B, 0 },
	[WV_ROLE_BIT0] = { -1, -1, 0, 0 },
	[WV_ROLE_BIT1] = { -1, -1, B, B },
	[WV_ROLE_HEX] = { MAGENTA, -1, B, 0 },
	[WV_ROLE_FLAG] = { BLACK, GREEN, 0, B | U },
	[WV_ROLE_FALSEPOS] = { WHITE, RED, B, B | U },
	[WV_ROLE_BORROW] = { BLACK, YELLOW, 0, U },
	[WV_ROLE_STRING] = { -1, -1, 0, 0 },
	[WV_ROLE_PRESTART] = { -1, -1, D, D },
	[WV_ROLE_TERM] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_FILL] = { -1, -1, D, D },
	[WV_ROLE_ANSWER] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_KERNEL] = { MAGENTA, -1, B, B },
	[WV_ROLE_STATUS] = { BLACK, WHITE, 0, R },
	[WV_ROLE_KEY] = { BLUE, WHITE, B, R | B },
	[WV_ROLE_ERROR] = { WHITE, RED, B, B },
	[WV_ROLE_RESULT] = { -1, -1, B | U, B | U },
};

/* The --present table of src/ui/render.c. */
static const struct wv_look present_look[WV_ROLE_COUNT] = {
	[WV_ROLE_TEXT] = { WHITE, BLACK, B, B },
	[WV_ROLE_DIM] = { WHITE, BLACK, 0, 0 },
	[WV_ROLE_TITLE] = { BLACK, YELLOW, 0, R | B },
	[WV_ROLE_HEADING] = { YELLOW, BLACK, B, B | U },
	[WV_ROLE_LABEL] = { CYAN, BLACK, B, B },
	[WV_ROLE_BIT0] = { WHITE, BLACK, 0, 0 },
	[WV_ROLE_BIT1] = { WHITE, BLACK, B, B },
	[WV_ROLE_HEX] = { CYAN, BLACK, B, B },
	[WV_ROLE_FLAG] = { GREEN, BLACK, B, B | U },
	[WV_ROLE_FALSEPOS] = { WHITE, RED, B, B | U },
	[WV_ROLE_BORROW] = { YELLOW, BLACK, B, B | U },
	[WV_ROLE_STRING] = { WHITE, BLACK, B, B },
	[WV_ROLE_PRESTART] = { WHITE, BLACK, 0, 0 },
	[WV_ROLE_TERM] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_FILL] = { WHITE, BLACK, 0, 0 },
	[WV_ROLE_ANSWER] = { BLACK, CYAN, 0, R | B },
	[WV_ROLE_KERNEL] = { CYAN, BLACK, B, B },
	[WV_ROLE_STATUS] = { BLACK, WHITE, 0, R },
	[WV_ROLE_KEY] = { BLACK, YELLOW, 0, R | B },
	[WV_ROLE_ERROR] = { WHITE, RED, B, B },
	[WV_ROLE_RESULT] = { WHITE, BLACK, B | U, B | U },
};

const struct wv_look *wv_theme_look(enum wv_role role, bool present)
{
	if ((int)role < 0 || role >= WV_ROLE_COUNT)
		return NULL;
	return present ? &present_look[role] : &look[role];
}
