/*
 * The page's role classes, written from the terminal's own role table
 * (src/ui/render.c through wv_render_look and wv_render_attr), so the page
 * cannot drift from it: .r0 .. .rN for the normal theme, the same under
 * .present for --present's, and under .mono the monochrome attributes
 * (what NO_COLOR gets in the terminal).  Run at build time by make web:
 * rolecss > build/web/roles.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <curses.h>
#include <stdbool.h>
#include <stdio.h>

#include "watviz/render.h"
#include "watviz/screen.h"

/* The eight curses colours as CSS variables, set per theme by page.css. */
static const char *const colour[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static void colours(const char *scope, bool present)
{
	/* no screen: init_pair does nothing, the attributes are what count */
	wv_render_setup_theme(true, present);
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		unsigned long a = wv_render_attr((enum wv_role)r);
		short fg, bg;
		bool bold;

		if (wv_render_look((enum wv_role)r, present, &fg, &bg, &bold) < 0)
			continue;
		printf("%s.r%d{", scope, r);
		if (fg >= 0 && fg < 8)
			printf("color:var(--c-%s);", colour[fg]);
		if (bg >= 0 && bg < 8)
			printf("background:var(--c-%s);", colour[bg]);
		printf("font-weight:%s;text-decoration:%s;opacity:%s}\n",
		       bold ? "bold" : "normal", a & A_UNDERLINE ? "underline" : "none",
		       a & A_DIM ? ".6" : "1");
	}
}

static void mono(const char *scope, bool present)
{
	wv_render_setup_theme(false, present);
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		unsigned long a = wv_render_attr((enum wv_role)r);

		printf("%s.r%d{color:inherit;background:%s;font-weight:%s;"
		       "text-decoration:%s;opacity:%s}\n", scope, r,
		       a & A_REVERSE ? "var(--fg)" : "transparent",
		       a & A_BOLD ? "bold" : "normal",
		       a & A_UNDERLINE ? "underline" : "none",
		       a & A_DIM ? ".6" : "1");
		if (a & A_REVERSE)
			printf("%s.r%d{color:var(--bg)}\n", scope, r);
	}
}

int main(void)
{
	printf("/* made by web/rolecss.c from src/ui/render.c's role table */\n");
	colours(".grid ", false);
	colours(".present .grid ", true);
	mono(".mono .grid ", false);
	mono(".mono.present .grid ", true);
	return 0;
}
