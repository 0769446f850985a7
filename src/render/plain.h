/*
 * render/plain.h - the trace as readable text, for a terminal or a pipe.
 *
 * Reads a struct wv_trace (trace/trace.h) and lays it out: the memory
 * image, then every step and sub-step with its rows in binary grouped by
 * byte (each byte column labelled with its memory address, so big- and
 * little-endian order is plain) and in hex, flags marked with a symbol and,
 * when asked, colour.  It computes nothing.  Fits 80 columns for 32-bit
 * variants, about 100 for 64-bit ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PLAIN_H
#define WATVIZ_PLAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "render/hide.h"
#include "trace/trace.h"

/*
 * One meaning per symbol, in every renderer (the visualizer, the plain text,
 * handouts): '*' a flag, '!' a false positive, '=' the terminator the scan
 * finds (the answer), '>' where the string starts, '^' the bits a step is
 * about (plain text; the visualizer colours them), '0' a zero byte, '-' a
 * byte before the start, 'k' a byte zero_bytemask keeps.  Borrow and carry
 * rows are labelled "borrow" or "carry" and hold 0/1 bits.
 */
#define WV_LEGEND_PLAIN "marks: * flag  ! false positive  = first terminator (the answer)  " \
	"0 zero byte\n       - pre-start  k kept by zero_bytemask  ^ bits a step is about"

struct wv_plain_opts {
	bool color;		/* ANSI colours (the caller honours NO_COLOR) */
	const char *word_src;	/* the word as typed, shown in the header; may be NULL */
	/*
	 * A question is open (a handout's question section): what it hides
	 * (render/hide.h) prints '?' with no marks, sentences lose what only
	 * holds for this word (their detail), and the memory panel does not
	 * point at the terminator.
	 */
	struct wv_hide hide;
	/*
	 * Within 80 columns (the handouts, printed): a 64-bit word's row puts
	 * its label and hex on a line of their own above its bits, and the
	 * sentences wrap at 78.  wv_plain_memory and wv_plain_substep only.
	 */
	bool narrow;
};

/*
 * Write the whole trace of t to out.  Returns 0, or -EIO when writing
 * failed (ferror(out)).
 */
int wv_plain_render(FILE *out, const struct wv_trace *t,
		    const struct wv_plain_opts *o);

/*
 * Parts of the same layout, for the lesson handout: the memory panel of t;
 * sub-step k (< t->nsubs) with the head of its step; text word-wrapped at
 * width columns with indent spaces before each line.  The first two return 0,
 * -EINVAL for a bad k, or -EIO.
 */
int wv_plain_memory(FILE *out, const struct wv_trace *t, const struct wv_plain_opts *o);
int wv_plain_substep(FILE *out, const struct wv_trace *t, size_t k,
		     const struct wv_plain_opts *o);
void wv_plain_wrap(FILE *out, unsigned indent, unsigned width, const char *text);

/*
 * Should output to out be coloured?  mode: -1 auto, 0 never, 1 always.
 * Auto means: out is a terminal, NO_COLOR is unset or empty and TERM is not
 * "dumb".
 */
bool wv_plain_want_color(FILE *out, int mode);

#endif /* WATVIZ_PLAIN_H */
