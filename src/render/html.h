/*
 * render/html.h - a trace or a lesson handout as one self-contained HTML5
 * page (--html): inline CSS, no script, nothing fetched.
 *
 * The same layout, symbols and legend as the plain text (render/plain.h,
 * render/look.h): the memory image, then every step and sub-step with its
 * rows in tables of bits grouped by byte, borrow and carry rows, the marks
 * under each byte as symbols and words, coloured by role (the colour never
 * says anything the symbols do not).  Kernel files are footnotes.  In a
 * handout each question links to its answer, worked out in the answers
 * section at the end, as on paper: nothing above it answers a question
 * (a sheet is seen whole, on screen as printed).  The page prints
 * on A4 and Letter and reads at a phone's width: a table of bits scrolls
 * sideways inside its block, the page does not.  Computes nothing.
 *
 * A page is wv_html_begin, then wv_html_trace, wv_html_split or
 * wv_html_handouts (or wv_html_handout), then wv_html_end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HTML_H
#define WATVIZ_HTML_H

#include <stdio.h>

#include "render/handout.h"
#include "trace/trace.h"

struct wv_html_opts {
	const char *word_src;	/* the word as typed, for the headings; may be NULL */
	const char *web_url;	/* --web-url: each sub-step links to the web page
				   there (render/weblink.h); NULL none.  With
				   wv_html_split, the first variant's sub-steps,
				   to the page's split view */
};

#define WV_HTML_TITLE_MAX 200	/* bytes of a title before it is cut */

/*
 * The start of a page, up to <body>: the doctype, lang, title (escaped;
 * past WV_HTML_TITLE_MAX bytes cut at a character boundary, never inside
 * a UTF-8 sequence, and ended with an ellipsis), the style sheet.  Returns
 * 0 or -EIO.
 */
int wv_html_begin(FILE *out, const char *title);

/* The end of a page.  Returns 0 or -EIO. */
int wv_html_end(FILE *out);

/*
 * The whole trace of t as the page's <main>.  Returns 0 or -EIO.
 *   wv_html_begin(f, "watviz: x86-64"); wv_html_trace(f, &t, &o);
 *   wv_html_end(f);
 */
int wv_html_trace(FILE *out, const struct wv_trace *t, const struct wv_html_opts *o);

/*
 * --html --split: the trace of t and of u (the same word on a second
 * variant) as the page's <main>: each kernel function of t, then u's at the
 * same word address, each table in its own variant's register order, the
 * rows whose bytes differ from the other's marked <> (render/look.h's
 * wv_look_differ), a row the other has no row for marked + (wv_look_alone).
 * Returns 0, -ENOMEM or -EIO.
 */
int wv_html_split(FILE *out, const struct wv_trace *t, const struct wv_trace *u,
		  const struct wv_html_opts *o);

/*
 * The handouts of lessons ls[0..n-1] as one print (o[i]: lesson i's number,
 * variant, links, figures; its ids start with "lN-"): "How to read it"
 * once, each lesson's scenes an <article>, then one answers section with
 * every lesson's questions worked out, then the kernel files every lesson
 * cites, numbered across the print.  With o[0].sheet the question sheets
 * instead: an <article class="sheet"> a lesson, each question with the
 * rows of its sub-step as they show before the answers, and no answers.
 * o->color is not used.  Returns as wv_handout_walk, or -EIO.
 */
int wv_html_handouts(FILE *out, const wv_lesson *const *ls,
		     const struct wv_handout_opts *o, size_t n);

/* Lesson l alone, as wv_html_handouts of one. */
int wv_html_handout(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o);

/*
 * s as HTML text: & < > " escaped; UTF-8 passes, any other byte of 0x80 or
 * more and any control byte but '\n' is written as the text \xHH, so every
 * word shows literally and the page stays valid UTF-8.
 */
void wv_html_text(FILE *out, const char *s);

#endif /* WATVIZ_HTML_H */
