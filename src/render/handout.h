/*
 * render/handout.h - a whole lesson as printable text (--plain --lesson N),
 * and the walk through a lesson every handout follows (the HTML one too).
 *
 * Every scene with its narration, the memory image and the sub-step it points
 * at (drawn by the plain renderer), and its question; the answers, worked out
 * from each scene's trace, come together at the end so the sheet can be
 * handed out before the class answers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HANDOUT_H
#define WATVIZ_HANDOUT_H

#include <stdbool.h>
#include <stdio.h>

#include "render/hide.h"
#include "lesson/lesson.h"
#include "measure/measure.h"
#include "lesson/pace.h"

/* The sources cited so far, numbered from 1 in order of first citation. */
#define WV_HANDOUT_SOURCES_MAX 128
struct wv_handout_cited {
	const char *src[WV_HANDOUT_SOURCES_MAX];	/* not owned */
	size_t n;
};

/* Which part of a lesson's handout a walk makes (wv_handout_opts.part). */
enum wv_handout_part {
	WV_HANDOUT_WHOLE,	/* head, scenes, answers, sources */
	WV_HANDOUT_SCENES,	/* head and scenes: a print of several
				   lessons puts every answer after them all */
	WV_HANDOUT_ANSWERS,	/* the answers and the sources */
};

struct wv_handout_opts {
	unsigned number;	/* the lesson's number, for the heading */
	const struct wv_variant *variant;	/* --arch, or NULL: the lesson's first */
	bool color;
	const char *web_url;	/* --web-url: the HTML handout links each scene
				   to the web page there (NULL: none) */
	/*
	 * For tests (NULL otherwise): called with ctx on each question's
	 * scene trace once its answer is worked out, before the scene is
	 * narrated and drawn, to change what the question hides
	 * (tests/unit/test_hide.c: nothing above the answers may change).
	 */
	void (*perturb)(void *ctx, const struct wv_scene *s, struct wv_trace *t);
	void *perturb_ctx;
	/*
	 * A "measure:" scene's figures (measure/measure.h): what --measure
	 * timed, or a test's; NULL: not measured (the default, so a handout
	 * is the same on every run and machine), and its chart says how to
	 * measure.
	 */
	const struct wv_measure *measure;
	enum wv_handout_part part;
	/* the sources of a print of several lessons, numbered across it: the
	   walk cites into it, and its end() gets it (NULL: the lesson's own,
	   from [1]) */
	struct wv_handout_cited *cited;
	/*
	 * The question sheet (--sheet): each question with the rows of its
	 * sub-step as the handout shows them before the answers, the values
	 * it asks hidden; the walk makes no answers section.
	 */
	bool sheet;
};

/*
 * Write lesson l as a handout (with o->sheet, its question sheet) to out.
 * Returns 0, -EIO when writing failed,
 * -ENOMEM, or -EINVAL when a scene cannot be traced (the parser prevents it).
 */
int wv_handout_render(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o);

/* What every handout says above its sources. */
#define WV_HANDOUT_SOURCES_NOTE "Kernel files, at the release or commit they were " \
	"read at; docs/SOURCES.md in watviz's source says what each is used for."

/* The footnote number of src in c, adding it when new; 0 when c is full. */
size_t wv_handout_cite(struct wv_handout_cited *c, const char *src);

/* ---- the walk ------------------------------------------------------------ */

/* The head of a handout. */
struct wv_handout_head {
	unsigned number;
	const char *title;		/* the lesson's */
	const struct wv_pace *pace;	/* NULL when it cannot be estimated */
	const char *summary;		/* paragraphs split by '\n' */
	const char *variants;		/* "Variants: ... Shown on ppc64 ..." */
};

/* One scene as a handout shows it. */
struct wv_handout_scene {
	size_t index, count;		/* scene index + 1 of count */
	const struct wv_scene *s;
	const struct wv_trace *t;	/* its trace, on the handout's variant */
	const struct wv_variant *v;	/* the handout's variant */
	bool kept;			/* the scene needs its own variant, t->v */
	const char *narration;		/* filled; paragraphs split by '\n' */
	size_t cites[WV_SOURCES_MAX];	/* the footnote number of each source */
	size_t ncites;
	bool memory;			/* its memory differs from the scene
					   before: show the memory panel */
	size_t sub;			/* the sub-step it points at */
	size_t quiz;			/* from where its question hides
					   (wv_lesson_quiz_sub) */
	unsigned q;			/* its question's number, from 1; 0: none */
	const char *prompt;		/* the question, filled (with q) */
	const struct wv_answer *answer;	/* worked out (with q) */
	/* the questions of the lesson on this trace, hidden on the sheet
	   before its answers (struct wv_hide), and where the drawn
	   sub-step's step ends */
	const struct wv_hide_asked *asked;
	size_t nasked;
	size_t upto;
	/* a "measure:" scene (s->measure >= 0): its figures, NULL not
	   measured (the narration's are filled from them already) */
	const struct wv_measure *measure;
};

/*
 * What a renderer does at each point of the walk; each returns 0 or a
 * negative error, which ends the walk.  answer() comes once per question,
 * after every scene, with the scene's trace built again and prompt NULL;
 * end() last, with the sources cited, numbered from 1 in the order of their
 * first citation.
 */
struct wv_handout_sink {
	int (*head)(void *ctx, const struct wv_handout_head *h);
	int (*scene)(void *ctx, const struct wv_handout_scene *sc);
	int (*answer)(void *ctx, const struct wv_handout_scene *sc);
	int (*end)(void *ctx, const char *const *sources, size_t n);
};

/*
 * Walk lesson l as a handout on o->variant (NULL: the lesson's first),
 * calling sink with ctx.  Returns 0, the first error a sink returned,
 * -ENOMEM, or -EINVAL when a scene cannot be traced.
 */
int wv_handout_walk(const wv_lesson *l, const struct wv_handout_opts *o,
		    const struct wv_handout_sink *sink, void *ctx);

/*
 * The answer as a handout leads with it: "Answer: 0x8080", "Answer: c) 2",
 * "Answer: a formula".  Into buf; returns buf.
 */
const char *wv_handout_lead(const struct wv_answer *a, char *buf, size_t size);

/* What a chart says when nothing was measured. */
#define WV_HANDOUT_NOT_MEASURED "Not measured: this handout was made without " \
	"--measure, so it is the same on every machine. watviz --plain --measure " \
	"--lesson N times the routines on the machine that makes it."

/* How a question of form is answered, "answer in hex, such as 0x8080";
   NULL for a choice, whose options say it. */
const char *wv_handout_hint(enum wv_form form);

#endif /* WATVIZ_HANDOUT_H */
