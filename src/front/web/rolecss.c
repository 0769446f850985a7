/*
 * The page's colours and role classes, written from the theme table the
 * terminal and the casts are drawn from (render/theme.h), so the page
 * cannot drift: the palettes as CSS variables (the browser's light or dark
 * preference, presenting, body.light and body.dark for a link's theme=),
 * .r0 .. .rN for the normal table, the same under .present for
 * --present's, under .light for the light theme, and under .mono the
 * monochrome attributes (what NO_COLOR gets in the terminal).  Run at
 * build time by make web: rolecss > build/web/roles.css.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdbool.h>
#include <stdio.h>

#include "render/screen.h"
#include "render/theme.h"

/* The eight colours as CSS variables. */
static const char *const colour[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static void palette(const char *scope, enum wv_page_palette p)
{
	const struct wv_palette *pal = wv_theme_page(p);

	printf("%s{--bg:#%06x;--fg:#%06x;", scope, pal->bg, pal->fg);
	for (int c = 0; c < 8; c++)
		printf("--c-%s:#%06x;", colour[c], pal->c[c]);
	printf("}\n");
}

static void colours(const char *scope, bool present, enum wv_theme theme)
{
	for (int r = 0; r < WV_ROLE_COUNT; r++) {
		const struct wv_look *l = wv_theme_look((enum wv_role)r, present, theme);
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
		unsigned a = wv_theme_look((enum wv_role)r, present,
					   WV_THEME_DARK)->mono_attr;

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
	printf("/* made by src/front/web/rolecss.c from the theme table, src/render/theme.c */\n");
	/* the palettes, later ones winning: the browser's preference, then
	   presenting, then a link's theme= */
	palette(":root", WV_PAGE_LIGHT);
	printf("@media (prefers-color-scheme: dark) {\n");
	palette(":root", WV_PAGE_DARK);
	printf("}\n");
	palette("body.present", WV_PAGE_PRESENT);
	palette("body.dark", WV_PAGE_DARK);
	palette("body.dark.present", WV_PAGE_PRESENT);
	palette("body.light", WV_PAGE_THEME_LIGHT);
	colours(".grid ", false, WV_THEME_DARK);
	colours(".present .grid ", true, WV_THEME_DARK);
	colours(".light .grid ", false, WV_THEME_LIGHT);
	mono(".mono .grid ", false);
	mono(".mono.present .grid ", true);
	return 0;
}
