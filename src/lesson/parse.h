/*
 * src/lesson/parse.h - what parse.c lends check.c: the parser's state, the
 * line reader and the way mistakes are reported and kept; private to
 * src/lesson/ (the public API is watviz/lesson.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_PARSE_H
#define WATVIZ_LESSON_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "watviz/error.h"
#include "watviz/lesson.h"

#include "lesson.h"

struct parser {
	wv_lesson *l;
	struct wv_error *err;	/* the mistake being reported: &cur */
	struct wv_error cur;
	struct wv_error *errs;	/* every mistake found, errs[0..n) of max */
	size_t n, max;
	bool bad[MAX_SCENES];	/* a scene with a mistake of its own: its
				   trace is not checked */
	bool skip_cont;		/* the line above was refused: its indented
				   continuation lines are skipped */
	int line;
	/* the key a continuation line extends, or NULL */
	char **cont;
	const char *cont_sep;
	struct wv_scene *cont_scene;	/* placeholders allowed there (text,
					   question), or NULL (summary) */
	bool rule_text;	/* the text being read is a rule: paragraph, whose
			   numbers the number lint lets through (rules.c
			   proves them) */
	bool seen[24];	/* scene keys seen in the current scene */
	int ask_line;	/* where the current scene's ask: is */
	int arches_line;	/* where the arches: line is, 0 none */
	bool not_text;	/* a control character, a byte that is not UTF-8 or
			   CR line ends: the one mistake worth saying */
	bool title_refused;	/* a title: line had a mistake: no "the
				   lesson has no title" on top of it */
};

/* Report a mistake at column col of the current line in p->err; returns -1. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int ls_fail(struct parser *p, int col, const char *fmt, ...);

/* Is the last scene complete?  0, or -1 with the mistake in p->err. */
int ls_close_scene(struct parser *p);

/* One line of the file, n bytes without its newline: 0, -1 (the mistake in
   p->err) or -ENOMEM. */
int ls_parse_line(struct parser *p, const char *line, size_t n);

/* Keep the mistake just reported (p->cur), and mark its scene. */
void ls_record(struct parser *p);

/* Has the caller room for no more mistakes? */
bool ls_full(const struct parser *p);

/* Is x a hex value narration may state (a kernel constant such as ONES or
   HIGHS, or a byte with a fixed meaning such as 0xff)? */
bool ls_narration_constant(uint64_t x);

/*
 * Does the decimal number v[i..e) of narration v (n bytes) name a thing or
 * stand in a formula, rather than state a value of the trace: part of a
 * name ("x86"), "64-bit", a year, "bit 7", "lesson 9", an operand ("7 - k",
 * "subtract 1")?  "= 2" and "byte 2" state values: false.
 */
bool ls_number_named(const char *v, size_t n, size_t i, size_t e);

#endif /* WATVIZ_LESSON_PARSE_H */
