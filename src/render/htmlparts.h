/*
 * The HTML renderer's parts, private to src/render/: the state a page is
 * written with and the pieces html.c draws (text, the legend, the memory
 * image, steps and sub-steps, the sources) that html_handout.c's handouts,
 * prints and question sheets put together.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_RENDER_HTMLPARTS_H
#define WATVIZ_RENDER_HTMLPARTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "render/hide.h"
#include "trace/trace.h"

struct html {
	FILE *f;
	const struct wv_trace *t;
	struct wv_hide hide;	/* a question is open: as struct wv_plain_opts */
	char id[16];		/* prefix of ids: "" or "l2-" */
	const char *web_url;	/* link each sub-step there, or NULL */
	const char *word_src;	/* for the links */
	const char *split;	/* the links' split=, or NULL */
	/* a handout's: each scene links there (lesson, scene, arch), or NULL */
	const char *scene_url;
	unsigned number;	/* the lesson's */
	const struct wv_variant *arch;	/* --arch where it runs, or NULL */
	bool answers;		/* the answers section is open */
	bool print;		/* one of several lessons: its answers say
				   which lesson they belong to */
	bool sheet;		/* the question sheet: questions alone */
	bool legend;		/* "How to read it" is still to come */
	/* --split: rows of the sub-step drawn whose bytes differ from the
	   other variant's (bit i: row i), and those the other has no row
	   for (render/look.h's wv_look_alone) */
	uint32_t differ, alone;
};

/* An element with escaped text: <tag class="name">text</tag> (name NULL:
   no class). */
void html_elem(FILE *f, const char *tag, const char *name, const char *text);

/* Each '\n'-separated paragraph of text as a <p>. */
void html_paragraphs(FILE *f, const char *text);

/* The same with the last <p> left open (true) for the caller to add to
   and close; false: the text held no paragraph. */
bool html_paragraphs_open(FILE *f, const char *text);

/* "How to read it": the marks and the memory roles (unmapped: the page
   edge's role too). */
void html_legend(const struct html *h, bool unmapped);

/* The memory image of h->t, as h->hide lets it show. */
void html_memory(const struct html *h);

/* Step i's heading (level) and sentence; its file a footnote (cite > 0,
   linked to h->id's "src-N") or inline. */
void html_step_head(const struct html *h, size_t i, int level, size_t cite);

/* Sub-step k of h->t under a heading of level, its rows in a table. */
void html_substep(const struct html *h, size_t k, int level);

/* The sources section, numbered as cited; v: name the release of its
   kernel_path (NULL: none). */
void html_sources(const struct html *h, const char *const *src, size_t n,
		  const struct wv_variant *v);

#endif /* WATVIZ_RENDER_HTMLPARTS_H */
