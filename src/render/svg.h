/*
 * render/svg.h - one sub-step of a trace as an SVG figure, for a slide.
 *
 * The rows of the sub-step in binary grouped by byte, each byte column
 * under its memory address (or register byte number), the hex value beside
 * each row, the marks of every byte as a symbol and a word (the symbols of
 * render/plain.h) on a tinted background, and the borrow or carry chain
 * drawn as arrows from each bit to the bit it borrowed from (or carried
 * into).  Text stays text, so it can be selected and searched; <title> and
 * <desc> say what the figure shows for a screen reader.  Lays out what the
 * trace holds; computes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SVG_H
#define WATVIZ_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "trace/trace.h"

struct wv_svg_opts {
	const char *word_src;	/* the word as typed, for the title; may be NULL */
	const char *name;	/* the sub-step's name ("has_zero:3"); may be NULL */
};

/*
 * Write sub-step k (< t->nsubs) of t to out as a standalone SVG document.
 * Returns 0, -EINVAL for a bad k, or -EIO when out could not be written.
 */
int wv_svg_substep(FILE *out, const struct wv_trace *t, size_t k,
		   const struct wv_svg_opts *o);

#endif /* WATVIZ_SVG_H */
