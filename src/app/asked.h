/*
 * src/app/asked.h - what asked.c lends classroom.c; private to src/app/.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_ASKED_H
#define WATVIZ_APP_ASKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/classroom.h"

/* Keep o as the scene's outcome unless one was kept already (the first
   outcome of a question is the one that counts). */
void app_settle(struct wv_class *c, enum wv_class_outcome o);

/*
 * Tell the views whether a question is open and what the questions still to
 * come on the trace shown ask; withdraw the question when the trace is no
 * longer the one it was asked on (saying so).  Returns react, with
 * WV_REACT_REDRAW added when a question was withdrawn.
 */
int app_quiz_sync(struct wv_class *c, int react);

/* The split view that must wait here (the teacher's, where a question on
   this word is still to come) says so on the message line, and until when. */
void app_split_waits(struct wv_class *c);
/* The split v opens where none is shown: the teacher's kept through the
   scenes (c->split, drawn alone where its variant cannot walk the word:
   asked again, it says why), else the variant's partner. */
const struct wv_variant *app_split_wanted(const struct wv_class *c);

/* Refuse the view what ("compare", "split") while it would answer a
   question open or still to come on this trace, saying which; true if so. */
bool app_refused(struct wv_class *c, const char *what);


#endif /* WATVIZ_APP_ASKED_H */
