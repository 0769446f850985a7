/*
 * The theme table (render/theme.h): how every role looks, once.
 *
 * Colour by role.  Every role that carries meaning has a monochrome
 * attribute too, and flags also have a symbol in the frame, so NO_COLOR and
 * monochrome terminals lose nothing.  The background may be dark or light:
 * no colour of the eight reads as text on both (xterm's magenta, the
 * nearest, is 4.5:1 on black only when bold is drawn bright), so text on
 * the terminal's own background is its own foreground with an attribute,
 * and a colour comes with its own background (black on green).  Black on a colour is never bold: where bold is drawn bright
 * (xterm's default, PuTTY, Windows Terminal) it would be grey on the colour,
 * 2:1.  tests/unit/test_render.c checks the contrast of every pair, bold
 * drawn bright included, and tests/unit/test_contrast.c holds every role of
 * both themes to WCAG AA (4.5:1) on the background it is drawn on.
 *
 * The light theme is dark text (black, blue, red) on white with every
 * background its own, so a
 * dark terminal shows it as it would a light one.  It has no bold on a
 * dark ink: where bold is drawn bright, bold black is grey (3.3:1 on
 * white) and bold blue 3.8:1; emphasis there is underline or a colour.
 * Only black, blue and red read as text on white (magenta 3.4:1, green,
 * cyan and yellow under 2:1); the others are backgrounds under black ink.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/theme.h"

#include <string.h>

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
	/* the terminal's own ink: xterm's magenta is 4.48:1 on black */
	[WV_ROLE_HEX] = { -1, -1, B, 0 },
	[WV_ROLE_FLAG] = { BLACK, GREEN, 0, B | U },
	[WV_ROLE_FALSEPOS] = { WHITE, RED, B, B | U },
	[WV_ROLE_BORROW] = { BLACK, YELLOW, 0, U },
	[WV_ROLE_STRING] = { -1, -1, 0, 0 },
	[WV_ROLE_PRESTART] = { -1, -1, D, D },
	[WV_ROLE_TERM] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_FILL] = { -1, -1, D, D },
	[WV_ROLE_ANSWER] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_KERNEL] = { -1, -1, B | U, B },
	[WV_ROLE_STATUS] = { BLACK, WHITE, 0, R },
	/* not bold: drawn bright, light blue on grey is 3.8:1 */
	[WV_ROLE_KEY] = { BLUE, WHITE, 0, R | B },
	[WV_ROLE_ERROR] = { WHITE, RED, B, B },
	[WV_ROLE_RESULT] = { -1, -1, B | U, B | U },
};

/* The --present table of src/front/term/render.c. */
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

/* The light theme, presenting or not: blue is the quiet ink (what the dark
   theme dims), red the kernel's names; AAA but for red (4.6:1) and white
   on red (4.6:1, 5.8:1 drawn bright). */
static const struct wv_look light_look[WV_ROLE_COUNT] = {
	[WV_ROLE_TEXT] = { BLACK, WHITE, 0, 0 },
	[WV_ROLE_DIM] = { BLUE, WHITE, 0, D },
	[WV_ROLE_TITLE] = { WHITE, BLUE, 0, R },
	[WV_ROLE_HEADING] = { BLACK, WHITE, U, B },
	[WV_ROLE_LABEL] = { BLUE, WHITE, 0, 0 },
	[WV_ROLE_BIT0] = { BLUE, WHITE, 0, 0 },
	[WV_ROLE_BIT1] = { BLACK, WHITE, 0, B },
	[WV_ROLE_HEX] = { BLACK, WHITE, 0, 0 },
	[WV_ROLE_FLAG] = { BLACK, GREEN, 0, B | U },
	[WV_ROLE_FALSEPOS] = { WHITE, RED, B, B | U },
	[WV_ROLE_BORROW] = { BLACK, YELLOW, 0, U },
	[WV_ROLE_STRING] = { BLACK, WHITE, 0, 0 },
	[WV_ROLE_PRESTART] = { BLUE, WHITE, 0, D },
	[WV_ROLE_TERM] = { BLACK, CYAN, 0, B | U },
	[WV_ROLE_FILL] = { BLUE, WHITE, 0, D },
	[WV_ROLE_ANSWER] = { BLACK, CYAN, U, B | U },
	[WV_ROLE_KERNEL] = { RED, WHITE, 0, B },
	[WV_ROLE_STATUS] = { WHITE, BLACK, 0, R },
	[WV_ROLE_KEY] = { BLACK, YELLOW, 0, R | B },
	[WV_ROLE_ERROR] = { WHITE, RED, B, B },
	[WV_ROLE_RESULT] = { BLACK, WHITE, U, B | U },
};

static const char *const theme_names[WV_THEME_COUNT] = {
	[WV_THEME_DARK] = "dark",
	[WV_THEME_LIGHT] = "light",
};

const struct wv_look *wv_theme_look(enum wv_role role, bool present,
				    enum wv_theme theme)
{
	if ((int)role < 0 || role >= WV_ROLE_COUNT || (int)theme < 0 ||
	    theme >= WV_THEME_COUNT)
		return NULL;
	if (theme == WV_THEME_LIGHT)
		return &light_look[role];
	return present ? &present_look[role] : &look[role];
}

const char *wv_theme_name(enum wv_theme theme)
{
	return (int)theme >= 0 && theme < WV_THEME_COUNT ? theme_names[theme] : NULL;
}

int wv_theme_find(const char *name)
{
	for (int t = 0; t < WV_THEME_COUNT; t++)
		if (strcmp(name, theme_names[t]) == 0)
			return t;
	return -1;
}

/* The page's colours (src/front/web/rolecss.c writes them as CSS variables).  The
   light ones darker than xterm's, so each reads as text on white; red and
   blue stay dark in every palette, as the backgrounds of white text (the
   dark page's lighter ones were 2.1:1 and 3.5:1 under it). */
static const struct wv_palette page[WV_PAGE_COUNT] = {
	[WV_PAGE_LIGHT] = { 0xffffff, 0x1a1a1a, { 0x000000, 0xb3261e, 0x2e8540,
		0xc8a000, 0x1f4fbf, 0x8b1f8b, 0x1f8fa3, 0xe8e8e8 } },
	[WV_PAGE_DARK] = { 0x101010, 0xe0e0e0, { 0x000000, 0xb3261e, 0x3fae5a,
		0xe0c040, 0x1f4fbf, 0xe070e0, 0x40c0d8, 0xe8e8e8 } },
	[WV_PAGE_PRESENT] = { 0x000000, 0xffffff, { 0x000000, 0xb3261e, 0x3fae5a,
		0xe0c040, 0x1f4fbf, 0xe070e0, 0x40c0d8, 0xe8e8e8 } },
	[WV_PAGE_THEME_LIGHT] = { 0xffffff, 0x000000, { 0x000000, 0xb3261e, 0x3fae5a,
		0xe0c040, 0x1f4fbf, 0x8b1f8b, 0x40c0d8, 0xffffff } },
};

const struct wv_palette *wv_theme_page(enum wv_page_palette p)
{
	return (int)p >= 0 && p < WV_PAGE_COUNT ? &page[p] : NULL;
}
