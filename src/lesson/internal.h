/*
 * src/lesson/lesson.h - the lesson itself and the names of the asks, which
 * lesson.c implements for every file of src/lesson/ that builds or reads a
 * lesson; private to src/lesson/ (the public API, where wv_lesson is opaque,
 * is lesson/lesson.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_LESSON_H
#define WATVIZ_LESSON_LESSON_H

#include <stddef.h>

#include "lesson/lesson.h"
#include "trace/trace.h"
#include "watviz/wat.h"

#define MAX_SCENES 64

struct wv_lesson {
	char *title;
	char *summary;
	size_t nvariants;
	const struct wv_variant *variants[32];
	/* "split: NAME" before the first scene: the split view every scene
	   opens with (a scene's own split: wins there), NULL none */
	const struct wv_variant *split;
	size_t nscenes;
	struct wv_scene scenes[MAX_SCENES];
};

/*
 * The question kinds, one row per enum wv_ask: its name (as ask: and the
 * placeholders spell it) and the step whose result it is or counts over
 * (enum wv_step_kind; -1: the shown sub-step's own result, or a formula).
 * Grading, the loader's checks and the parser look a kind up here.
 */
struct ls_ask {
	const char *name;
	int step;
};
extern const struct ls_ask ls_asks[WV_ASK_BUILD + 1];
#define NASKS (sizeof(ls_asks) / sizeof(ls_asks[0]))

#endif /* WATVIZ_LESSON_LESSON_H */
