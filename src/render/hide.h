/*
 * render/hide.h - what an open question hides, decided once for every
 * renderer (the visualizer's frames, plain text, HTML, the handouts).
 *
 * A question asks for a value a sub-step of the trace computes (its "quiz"
 * sub-step, Q).  While it is open, the value and everything that depends on
 * it is hidden: every row computed at Q or after it (results, borrow and
 * carry chains, partial products), every step result from Q's step on, and
 * every input row after Q that is not known before it.  Known, and shown:
 * constants (ONES, C), Q's own operands, the word `a` itself, the `data`
 * has_zero stored and hash_name's `b`, computed before Q, in a later
 * sub-step (the `a` of "~a", the `data` of big-endian prep_zero_mask),
 * the argument of Q's step drawn again after Q (wv_row.arg, set by the
 * trace's builder: the bits of "~bits" after "bits - 1"), the result of
 * a call that ends before Q drawn again (wv_row.from: has_zero in "has_zero
 * vs prep_zero_mask", hz(a)), and the complement of known rows computed after Q
 * (the "~a" under `a`): a '?' on any of them would hide a value the rows
 * beside it show.  Decided by the rows' kinds, names, marks and
 * operations, never by what they hold.
 *
 * A renderer never draws a trace row directly while a question is open: it
 * asks wv_hide_row() for the row as the class may see it.  A hidden row
 * comes back with no value, no bits and no marks (the renderer draws '?'
 * in place of every bit and value, in plain roles), so nothing of it can
 * reach a cell's character, colour, highlight or count; a shown row keeps
 * its value and only the marks that state facts of memory (zero, pre-start,
 * unmapped) or plain flags: the answer mark, the highlights a sub-step is
 * about and the false-positive verdict are not drawn until it is answered.
 *
 * Pure: reads a trace, computes nothing of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HIDE_H
#define WATVIZ_HIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

/*
 * A question of the lesson asked on the same trace as the scene drawn (the
 * same memory and variant, so the same sub-steps; on paper every one, on
 * screen the open one and those still to come): sub is the
 * sub-step its value comes from (wv_lesson_quiz_sub), whose last result row
 * holds it (for a count over the flags, the flags row it is read from).
 */
struct wv_hide_asked {
	size_t sub;
	int ask;	/* enum wv_ask: what the question names it */
};

/*
 * An open question (on), about the value sub-step quiz computes.  On
 * paper, where a sheet is seen whole, every question of the lesson on the
 * same trace (asked[0..nasked)) is hidden too, and on screen every one not
 * yet answered or shown in this scene and the scenes after it, whatever
 * its width: the row
 * it comes from, that value carried as an operand into a later sub-step of
 * its word, a word-wide value wherever a row holds it, and the details of a
 * step that reaches it (upto: the first sub-step after the drawn one's step).
 */
struct wv_hide {
	bool on;
	size_t quiz;
	const struct wv_hide_asked *asked;
	size_t nasked;
	size_t upto;
	/* on screen (own): the sub-step whose result the open question asks
	   (own_sub), hidden as an asked value is on paper wherever else it
	   shows: the input of an identity such as zero_bytemask(mask) = mask,
	   the load's wanted word before its fixup, the loop test's OR of the
	   two masks prep_zero_mask returns as they are */
	bool own;
	size_t own_sub;
	/* on screen (later): the asked questions are the open one and those
	   still to come, and each hides already, on its word, what it will
	   hide once open: the rows computed at its sub-step or after it (the
	   borrows beside a - ONES) and the results of the calls that reach
	   it (has_zero of the word a fixup makes).  On paper the scenes after
	   a question show what follows from its answer. */
	bool later;
};

/*
 * Row ri of sub-step k as the class may see it, into *out.  Returns true
 * when it is hidden: *out then keeps only the label, kind and width (value,
 * bits and marks 0).  h NULL or off: *out is the row itself.
 *   struct wv_row r;
 *   if (wv_hide_row(&h, t, k, ri, &r)) draw '?' ... else draw r
 */
bool wv_hide_row(const struct wv_hide *h, const struct wv_trace *t, size_t k,
		 unsigned ri, struct wv_row *out);

/*
 * Is step i's result hidden (the pipeline's and the calls table's '?')?  Its
 * sentence goes with it: "zero_bytemask(mask) is 0xff in every byte before
 * the first zero" says the answer in words to a class that sees the memory.
 */
bool wv_hide_step(const struct wv_hide *h, const struct wv_trace *t, size_t i);

/*
 * Is step i's result hidden where it is shown apart from its rows (the
 * calls line and table), with its sentence?  As wv_hide_step, and also
 * where it is a value a question of the lesson asks (h->asked), as its
 * rows would hide it, and (h->later) where the call reaches the sub-step
 * of one on its word: its result follows from the asked value.  (On paper a step's general sentence is drawn by
 * wv_hide_step alone, under the scene's one sub-step.)
 */
bool wv_hide_result(const struct wv_hide *h, const struct wv_trace *t, size_t i);

/*
 * Is the sentence of sub-step k hidden (h on, k at the question's sub-step
 * or after it)?  For the same reason: "Subtract 1: 0xff in each byte before
 * the zero, plus bit 0 of the terminator byte" is alpha's answer.  The
 * expression and the rows the class may see stay.
 */
bool wv_hide_sentence(const struct wv_hide *h, size_t k);

/*
 * Is anything of the current word's result open to the class: the
 * sentences' detail (past struct wv_substep.general), the false-positive
 * notice, the terminator in the memory panel?  (h on: no; on paper, no
 * either when an asked sub-step comes before h->upto.)
 */
bool wv_hide_detail(const struct wv_hide *h);

/*
 * On paper: the placeholders of narration drawn from trace t with sub-step
 * shown in view that name an asked value, as the hide mask of
 * wv_lesson_narrate_hiding (1 << enum wv_ask): each asked question's own
 * (has_zero and data, find_zero and length together: one follows from the
 * other), and {result} when the shown sub-step's result row is asked.
 */
unsigned wv_hide_placeholders(const struct wv_hide *h, const struct wv_trace *t, size_t shown);

#endif /* WATVIZ_HIDE_H */
