/*
 * watviz/hide.h - what an open question hides, decided once for every
 * renderer (the visualizer's frames, plain text, HTML, the handouts).
 *
 * A question asks for a value a sub-step of the trace computes (its "quiz"
 * sub-step, Q).  While it is open, the value and everything that depends on
 * it is hidden: every row computed at Q or after it (results, borrow and
 * carry chains, partial products), every step result from Q's step on, and
 * every input row after Q that is not known before it.  Known, and shown:
 * constants (ONES, C), Q's own operands, and the word `a` itself in a
 * later sub-step (the `a` of "~a"), decided by the rows' kinds and names,
 * never by what they hold.
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

#include "watviz/trace.h"

/*
 * An open question (on), about the value sub-step quiz computes.  On
 * paper, where a sheet is seen whole, the word-wide values every question
 * of the lesson asks (asked[0..nasked)) are hidden too, wherever a row
 * holds one before the answers, question or not.
 */
struct wv_hide {
	bool on;
	size_t quiz;
	const uint64_t *asked;
	size_t nasked;
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

/* Is step i's result hidden (the pipeline's and the calls table's '?')? */
bool wv_hide_step(const struct wv_hide *h, const struct wv_trace *t, size_t i);

/*
 * Is anything of the current word's result open to the class: the
 * sentences' detail (past struct wv_substep.general), the false-positive
 * notice, the terminator in the memory panel?  (h on: no.)
 */
bool wv_hide_detail(const struct wv_hide *h);

#endif /* WATVIZ_HIDE_H */
