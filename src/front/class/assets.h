/*
 * src/front/class/assets.h - the student's page as the server holds it:
 * the files of src/front/class/ (page.html, page.css, page.js, join.html)
 * made into C arrays at build time by embed.sh, so nothing is read from
 * disk when a phone asks.  Private to src/front/class/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_ASSETS_H
#define WATVIZ_CLASS_ASSETS_H

#include <stddef.h>

struct wv_class_asset {
	const char *name;	/* "page.js" */
	const char *type;	/* its Content-Type */
	const char *data;
	size_t len;
};

extern const struct wv_class_asset wv_class_assets[];
extern const size_t wv_class_nassets;

#endif /* WATVIZ_CLASS_ASSETS_H */
