/*
 * session/link.h - the fields of a watviz link (the page's address after
 * '#'): what screen it names, parsed once for every front-end.
 *
 *   word=ab%5C0cd&arch=ppc64&step=has_zero:2   a trace at a sub-step
 *   lesson=3&scene=4&arch=arm                  a lesson's scene
 *
 * Fields are key=value with %XX escapes, joined by '&'.  Pure: the
 * front-end names the lessons it has (find) and opens the screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LINK_H
#define WATVIZ_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include "app/cmdline.h"

struct wv_variant;

#define WV_LINK_SCENE_END 1000	/* scene=end: the end-of-lesson screen */

struct wv_link {
	char word[WV_CMD_TEXT_MAX];
	bool has_word;
	const struct wv_variant *v;	/* x86-64 unless arch= */
	bool arch_given;		/* a lesson runs on its own otherwise */
	long offset, page;
	int fill, delim;		/* delim -1: none */
	char step[64];
	char view[16];			/* "", main, compare or help */
	long lesson;			/* find()'s index, -1 none */
	long scene;			/* from 1; WV_LINK_SCENE_END; 0 none */
	bool present;
	int theme;			/* theme=light|dark: enum wv_theme; -1 none */
	const struct wv_variant *split;	/* split=NAME */
	bool split_given;		/* NAME or none (split NULL) */
	int layout;			/* layout=memory 1, own 0 (the split
					   view's, as :set split); -1 none */
};

/*
 * The fields of fragment into *fl.  find(ctx, NAME) gives the index of
 * the lesson a lesson= field names (a number or a name), or -1.  Returns
 * 0, or -1 with the first refused field and why in err ("link field
 * 'scene': a scene number from 1, or end"); the fields taken are kept.
 * A field given twice is refused by name (the first kept), as the command
 * line refuses an option given twice; one not key=value is named as
 * written (escaped, its first 40 bytes), with the form or the bad escape.
 * Refused too, when no field is: a trace's fields (word, offset, fill,
 * delim, page) with a lesson, a scene or present=yes without one.
 * present takes yes, no, 1 or 0; theme light or dark; layout memory or
 * own (the split view's columns, as M and :set split memory|own).
 */
int wv_link_parse(const char *fragment, struct wv_link *fl,
		  long (*find)(void *ctx, const char *name), void *ctx, char *err,
		  size_t size);

#endif /* WATVIZ_LINK_H */
