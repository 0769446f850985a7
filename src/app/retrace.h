/*
 * src/app/retrace.h - what retrace.c lends app.c; private to src/app/.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_RETRACE_H
#define WATVIZ_APP_RETRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/app.h"

/* Index of v in the variant table. */
size_t app_variant_index(const struct wv_variant *v);

/* Where sub-step pos of t is: its call, word, operation and how often
   that operation came before. */
struct wv_place app_place_of(const struct wv_trace *t, size_t pos);

/* The sub-step of t closest to p. */
size_t app_find_place(const struct wv_trace *t, struct wv_place p);

/* The current memory traced on v into app->split: 0, or -1 with why
   (terminated) saying what keeps v from drawing it. */
int app_retrace_split(struct wv_app *app, const struct wv_variant *v,
		      char *why, size_t size);

/*
 * Trace the current word with variant v, offset, fill and delim; on success
 * make them current, at place at (NULL: the place kept when keep).  Returns
 * 0; 1 when the split view had to close (app->msg says why); -1 on failure:
 * nothing changes and app->msg says why.
 */
int app_rebuild_at(struct wv_app *app, const struct wv_variant *v,
		   size_t offset, uint8_t fill, int delim, bool keep,
		   const struct wv_place *at);

/* app_rebuild_at at the place kept (keep) or the start. */
int app_rebuild(struct wv_app *app, const struct wv_variant *v,
		size_t offset, uint8_t fill, int delim, bool keep);

#endif /* WATVIZ_APP_RETRACE_H */
