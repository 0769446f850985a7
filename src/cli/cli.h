/*
 * cli/cli.h - the command line, parsed without printing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLI_H
#define WATVIZ_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "watviz/wat.h"

enum wv_cli_mode { WV_MODE_AUTO, WV_MODE_PLAIN, WV_MODE_JSON, WV_MODE_HTML,
		   WV_MODE_SVG, WV_MODE_CAST };

struct wv_cli {
	const struct wv_variant *v;
	const struct wv_variant *split;	/* --split: stacked under v, NULL none */
	const char *word_src;		/* points into argv */
	const char *offset_arg;		/* checked once the variant is known */
	const char *page_end_arg;	/* --page-end, checked with the word */
	const char *web_url;		/* --web-url URL for --html's links */
	int fill;
	int delim;
	int color;			/* -1 auto, 0 never, 1 always */
	enum wv_cli_mode mode;
	bool help, version, list;
	/* lessons */
	const char *lesson;		/* --lesson: a number or a name */
	/* --lesson 2-4: the numbers of a range (lesson is NULL then);
	   --course: every lesson, first to last */
	unsigned range_first, range_last;
	bool course;
	const char *lessons_dir;	/* --lessons-dir */
	const char *check_lesson;	/* --check-lesson FILE */
	bool list_lessons, restart, present, arch_given, fill_given;
	int theme;			/* --theme: enum wv_theme, dark default */
	bool theme_given;
	bool measure;		/* --measure: handouts time their measure: scenes */
	bool sheet;		/* --sheet: the lessons' question sheets */
	bool no_mouse;			/* --no-mouse */
	const char *autoplay_arg;	/* --autoplay SECONDS, as given */
	int autoplay_s;			/* and as a number, 1..600 */
	/* construct and prove */
	const char *try_src;		/* --try EXPR */
	const char *as_arg;		/* --as has_zero|exact|find_zero, as given */
	int as;				/* and as enum wv_try_as (has_zero default) */
	/* exports: --svg with --step, --cast with --cast-size, --record */
	const char *step_arg;		/* --step NAME:K, checked on the trace */
	bool list_steps;		/* --list-steps */
	const char *cast_size_arg;	/* --cast-size COLSxROWS, as given */
	int cast_cols, cast_rows;	/* and as numbers (default 80x24) */
	const char *record;		/* --record FILE */
	const char *class_addr;		/* --class[=ADDR[:PORT]]: "" default */
	const char *class_log;		/* --class-log FILE */
	char err[512];			/* the usage error, one line */
};

/* Print the usage and every option to f (--help). */
void wv_cli_help(FILE *f);

/* Print one line per variant to f: names, width, byte order, summary (--list-arch). */
void wv_cli_list_arch(FILE *f);

/*
 * Parse argv into *c (defaults: x86-64, no delimiter, colour auto).  Returns
 * 0, or -1 with a one-line message in c->err (without the "watviz: ").
 * Options that exclude each other are checked here too.
 */
int wv_cli_parse(struct wv_cli *c, int argc, char **argv);

/*
 * Is arg a range of lesson numbers, "2-4" (digits, '-', digits)?  Then
 * *first and *last get its numbers.  A name such as "has-zero" is not one.
 */
bool wv_cli_lesson_range(const char *arg, unsigned *first, unsigned *last);

/*
 * The --offset value checked against c->v's word size (0 without --offset),
 * or -1 with the message in c->err.
 */
long wv_cli_offset(struct wv_cli *c);

/*
 * The --page-end value (0 without it) checked against c->v's word size and
 * the string: a multiple of the word size, after the NUL of a word_len-byte
 * string at offset, at most WV_PAGE_END_MAX; or -1 with the message in
 * c->err.
 */
long wv_cli_page_end(struct wv_cli *c, size_t offset, size_t word_len);

/*
 * Under an error message: the bad input s (control bytes shown as '?', a long
 * one cut to about 60 bytes around col, with "...") and a caret under its
 * 1-based byte column col, on f.
 */
void wv_cli_caret(FILE *f, const char *s, int col);

/*
 * --try: check c->try_src as c->as on c->v, draw it on the first word of the
 * word the user gave (its value a, as has_zero gets it; word_src as typed)
 * and, when it is wrong, on the smallest counterexample.  Plain text or JSON
 * on stdout, per c->mode.  Returns the exit status: 0, 1 (cannot write, out
 * of memory), 2 (the formula does not parse: the message, with a caret under
 * the column, is on stderr).
 */
int wv_cli_try(const struct wv_cli *c, uint64_t a, const char *word_src);

#endif /* WATVIZ_CLI_H */
