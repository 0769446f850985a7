/*
 * The lessons built into the web page: lessons/NN-name.lesson as they are, made
 * into C by src/front/web/embed-lessons.sh at build time (build/web/lessons.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEB_LESSONS_H
#define WATVIZ_WEB_LESSONS_H

#include <stddef.h>

struct wv_web_lesson {
	unsigned number;	/* from the file name: 03-has-zero.lesson -> 3 */
	const char *slug;	/* "has-zero" */
	const char *text;	/* the file's bytes */
	size_t len;
};

extern const struct wv_web_lesson wv_web_lessons[];
extern const size_t wv_web_nlessons;

#endif /* WATVIZ_WEB_LESSONS_H */
