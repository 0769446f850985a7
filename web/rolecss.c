/*
 * The page's role classes, written from the theme table the terminal and
 * the casts are drawn from (watviz/theme.h), so the page cannot drift: .r0 .. .rN for the normal theme, the same under
 * .present for --present's, and under .mono the monochrome attributes
 * (what NO_COLOR gets in the terminal).  Run at build time by make web:
 * rolecss > build/web/roles.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdbool.h>
#include <stdio.h>

#include "watviz/screen.h"
#include "watviz/theme.h"

/* The eight colours as CSS variables, set per theme by page.css. */
static const char *const colour[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static void colours(const char *scope, bool present)
{
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		const struct wv_look *l = wv_theme_look((enum wv_role)r, present);
		unsigned a = l->color_attr;

		printf("%s.r%d{", scope, r);
		if (l->fg >= 0 && l->fg < 8)
			printf("color:var(--c-%s);", colour[l->fg]);
		if (l->bg >= 0 && l->bg < 8)
			printf("background:var(--c-%s);", colour[l->bg]);
		printf("font-weight:%s;text-decoration:%s;opacity:%s}\n",
		       a & WV_LOOK_BOLD ? "bold" : "normal",
		       a & WV_LOOK_UNDERLINE ? "underline" : "none",
		       a & WV_LOOK_DIM ? ".6" : "1");
	}
}

static void mono(const char *scope, bool present)
{
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		unsigned a = wv_theme_look((enum wv_role)r, present)->mono_attr;

		printf("%s.r%d{color:inherit;background:%s;font-weight:%s;"
		       "text-decoration:%s;opacity:%s}\n", scope, r,
		       a & WV_LOOK_REVERSE ? "var(--fg)" : "transparent",
		       a & WV_LOOK_BOLD ? "bold" : "normal",
		       a & WV_LOOK_UNDERLINE ? "underline" : "none",
		       a & WV_LOOK_DIM ? ".6" : "1");
		if (a & WV_LOOK_REVERSE)
			printf("%s.r%d{color:var(--bg)}\n", scope, r);
	}
}

int main(void)
{
	printf("/* made by web/rolecss.c from the theme table, src/render/theme.c */\n");
	colours(".grid ", false);
	colours(".present .grid ", true);
	mono(".mono .grid ", false);
	mono(".mono.present .grid ", true);
	return 0;
}
