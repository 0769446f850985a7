/*
 * src/lesson/lint.h - the parser's state and what lint.c lends the parser:
 * how a mistake is reported (ls_fail) and the rules narration keeps
 * (ls_lint); private to src/lesson/.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_LINT_H
#define WATVIZ_LESSON_LINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr/error.h"
#include "lesson/lesson.h"

#include "internal.h"

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

/*
 * Check one line of narration as written: placeholders known and
 * recorded in s (s NULL: none allowed), no number typed by hand; 0 or -1
 * with p's error set.
 */
int ls_lint(struct parser *p, struct wv_scene *s, const char *v, int col);

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

/*
 * Does text state the value v, as a rule: paragraph may not (its numbers
 * pass the number lint)?  true with the first such number's index in *at
 * and its length in *len: a hex number that is v (0x or 0X, '_' or '\''
 * between digits, a suffix such as ULL after it) and no narration
 * constant, a decimal one that is v and not ls_number_named, or, where v is
 * a word of nb bytes (4 or 8; 0: a count), its bytes as space-separated hex
 * pairs in the register's order or in memory's.
 *   ls_states_value("bytes 80 80 80 80 80 80 00 00.", 0x8080808080800000,
 *                   8, &at, &len): true, at 6, len 23.
 */
bool ls_states_value(const char *text, uint64_t v, unsigned nb, size_t *at,
		     size_t *len);

#endif /* WATVIZ_LESSON_LINT_H */
