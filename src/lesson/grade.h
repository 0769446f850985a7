/*
 * src/lesson/grade.h - what grade.c lends the files above it in src/lesson/;
 * private to src/lesson/ (the public API is watviz/lesson.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_GRADE_H
#define WATVIZ_LESSON_GRADE_H

#include <stddef.h>

#include "watviz/trace.h"

/*
 * The sub-step of st that computes its result: the last one (not a test)
 * whose last result row holds it, a note only when nothing else does;
 * t->nsubs when none does.
 */
size_t ls_result_sub(const struct wv_step *st, const struct wv_trace *t);

#endif /* WATVIZ_LESSON_GRADE_H */
