/*
 * src/lesson/grade.h - what grade.c, worked.c and slip.c lend the files
 * above them in src/lesson/ (worked.c, slip.c, wrong.c, check.c);
 * private to src/lesson/ (the public API is lesson/lesson.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_GRADE_H
#define WATVIZ_LESSON_GRADE_H

#include <stddef.h>
#include <stdint.h>

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

/* The step of kind on word w, or NULL. */
const struct wv_step *ls_step_on(const struct wv_trace *t, enum wv_step_kind k, size_t w);

/*
 * The call scene s's question asks about on t (has_zero on the shown word
 * for has_zero, data, false_positives, top_flag_byte and has_zero_ops;
 * prep_zero_mask ... zero_bytemask on the last word), or NULL (a
 * sub-step's result, a formula, or a trace that does not reach it).
 */
const struct wv_step *ls_asked_call(const struct wv_scene *s, const struct wv_trace *t);

/*
 * The sub-step the worked answer of a (the answer of scene s on t) works
 * out with its numbers, into a->worked_sub and a->worked_own: the shown
 * one when it computes the answer, else the one that computes its call's
 * result; the flags for a count over them; SIZE_MAX for a whole step's
 * chain or none.  Chosen on the trace as built, so that the worked answer
 * under a veil (wv_lesson_worked) never chooses by a value it hides.
 */
void ls_worked_sub(const struct wv_scene *s, const struct wv_trace *t, struct wv_answer *a);

/* ---- what a wrong answer would have meant (slip.c, wrong.c) --------------- */

/*
 * A wrong answer is matched against the mistakes a teacher would predict,
 * each worked out from the trace: the first that gives the typed value says
 * what it is.  Every sentence names the typed value's meaning and the rule
 * it broke, with values from the trace, and never the answer itself, nor
 * one that with the others pins it (a count "off by one").
 */
struct ls_wrong {
	const struct wv_scene *s;
	const struct wv_trace *t;
	const struct wv_answer *a;
	const struct wv_word *wd;	/* the word asked about */
	size_t q;			/* the sub-step computing it, or t->nsubs */
	unsigned bits, nb, k;		/* word bits and bytes, the first zero */
	uint64_t typed;
	char *buf;
	size_t size;
};

/* The sentence into w->buf; returns 1. */
int ls_say(struct ls_wrong *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A byte mask: 0xff in the register bytes of memory bytes 0..n-1. */
uint64_t ls_bytes_before(const struct wv_trace *t, unsigned n);

/* Memory index of the first zero byte of word x (word_bytes when none). */
unsigned ls_first_zero_in(const struct wv_trace *t, uint64_t x);

/*
 * The slips of a hex value, worked out from the answer's own bytes and the
 * asked sub-step's rows: another word's value, a flag more or less, a digit
 * left out or twice, the top bytes only or zero bytes left out, one byte of
 * a sum off, a bit against an and/or/xor rule, 0xff shifted in, a byte mask
 * to another byte, the next component.  1 with w->buf written, or 0.
 */
int ls_slip_hex(struct ls_wrong *w);

/* The last resort for a hex value: where it first differs, and the rule
   there ("look again at memory byte 3 ..."), never what is there. */
int ls_slip_where(struct ls_wrong *w);

/* A bit index asked (__fls, __ffs of a row): is bit typed set there? */
int ls_slip_bit(struct ls_wrong *w);

/* A row of a sub-step after the one asked, in its step or the next one. */
int ls_slip_later(struct ls_wrong *w);

#endif /* WATVIZ_LESSON_GRADE_H */
