/*
 * src/lesson/grade.h - what grade.c lends the files above it in src/lesson/
 * (wrong.c, check.c);
 * private to src/lesson/ (the public API is lesson/lesson.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_GRADE_H
#define WATVIZ_LESSON_GRADE_H

#include <stddef.h>

#include "trace/trace.h"

#include <stdbool.h>

#include "lesson/lesson.h"
#include "trace/word.h"

/* What the flags of has_zero on one word say, in memory order. */
struct flag_facts {
	unsigned nfalse;	/* flags in bytes that are not zero */
	unsigned top_mem;	/* memory byte of the top flag (word_bytes: none) */
	unsigned mem;		/* bit m set: memory byte m is flagged */
	char flagged[48];	/* "2, 5, 6, 7" */
	char falsep[48];	/* the false ones */
};

/* The facts of has_zero's flags on word wd into f. */
void ls_flag_facts(const struct wv_trace *t, const struct wv_word *wd,
		   struct flag_facts *f);

/* The word scene s shows on t (the stop word unless "show: X word N"). */
size_t ls_shown_word(const struct wv_scene *s, const struct wv_trace *t);

/* The first row of sub-step k of kind, a number (width 0) or a word; NULL. */
const struct wv_row *ls_row_of(const struct wv_trace *t, size_t k, enum wv_row_kind kind,
			       bool number);

/* The last result row of sub-step k, or NULL. */
const struct wv_row *ls_result_row(const struct wv_trace *t, size_t k);

/* Is s digits 0-9 only (with ' ', '\t', '_'), at least one? */
bool ls_decimal_digits(const char *s);

/* The rule sub-step k follows, as a sentence (a clz may give fls or __fls). */
const char *ls_sub_rule(const struct wv_trace *t, size_t k);

/*
 * The sub-step of st that computes its result: the last one (not a test)
 * whose last result row holds it, a note only when nothing else does;
 * t->nsubs when none does.
 */
size_t ls_result_sub(const struct wv_step *st, const struct wv_trace *t);

#endif /* WATVIZ_LESSON_GRADE_H */
