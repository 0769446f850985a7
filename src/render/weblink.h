/*
 * render/weblink.h - the link to a screen of the web page (make web): the
 * part after '#', "word=ab%5C0cd&arch=x86-64&step=has_zero%3A3".  The page
 * (src/front/web/web.c) writes it for the screen it shows and --html --web-url
 * for each sub-step of a trace; both from here, so they cannot disagree.
 * Pure: reads a trace, writes text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEBLINK_H
#define WATVIZ_WEBLINK_H

#include <stdbool.h>
#include <stddef.h>

#include "trace/trace.h"

/* Room for any link: a 4096-byte word as %XX escapes of its \xHH. */
#define WV_WEBLINK_MAX (4 * 3 * 4096 + 256)

/*
 * Append s to out (a terminated string in size bytes) with every byte but
 * A-Z a-z 0-9 . _ ~ - written as %XX; what does not fit is left out.
 *   "ab\\0cd" -> "ab%5C0cd"
 */
void wv_weblink_encode(char *out, size_t size, const char *s);

/*
 * The link to sub-step sub (< t->nsubs) of trace t, whose word was typed as
 * word_src, into out: word, arch, then offset, fill, delim and page where
 * they are not the defaults, step, view=compare when compare, and
 * split=NAME when split is not NULL (the split view's second variant,
 * or "none").  Always terminated; returns false when it did not fit.
 *   "ab\0cd" on x86-64, sub 3: "word=ab%5C0cd&arch=x86-64&step=has_zero%3A3"
 */
bool wv_weblink_trace(const struct wv_trace *t, const char *word_src, size_t sub,
		      bool compare, const char *split, char *out, size_t size);

/*
 * The link to scene (from 1; 0: the end screen, "scene=end") of lesson
 * number, at sub-step sub of t, the scene's trace (t NULL or sub >=
 * t->nsubs: at the sub-step the scene shows), on arch (NULL: the lesson's
 * own), split as wv_weblink_trace's, and presented, into out; as
 * wv_weblink_trace.
 *   lesson 3, scene 2, has_zero's third sub-step:
 *   "lesson=3&scene=2&step=has_zero%3A3"
 */
bool wv_weblink_lesson(unsigned number, size_t scene, const struct wv_trace *t,
		       size_t sub, const char *arch, const char *split, bool present,
		       char *out, size_t size);

#endif /* WATVIZ_WEBLINK_H */
