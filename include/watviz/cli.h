/*
 * watviz/cli.h - the command line, parsed without printing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLI_H
#define WATVIZ_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "watviz/wat.h"

enum wv_cli_mode { WV_MODE_AUTO, WV_MODE_PLAIN, WV_MODE_JSON };

struct wv_cli {
	const struct wv_variant *v;
	const char *word_src;		/* points into argv */
	const char *offset_arg;		/* checked once the variant is known */
	const char *page_end_arg;	/* --page-end, checked with the word */
	int fill;
	int delim;
	int color;			/* -1 auto, 0 never, 1 always */
	enum wv_cli_mode mode;
	bool help, version, list;
	/* lessons */
	const char *lesson;		/* --lesson: a number or a name */
	const char *lessons_dir;	/* --lessons-dir */
	const char *check_lesson;	/* --check-lesson FILE */
	bool list_lessons, restart, present, arch_given, fill_given;
	const char *autoplay_arg;	/* --autoplay SECONDS, as given */
	int autoplay_s;			/* and as a number, 1..600 */
	char err[512];			/* the usage error, one line */
};

/*
 * Parse argv into *c (defaults: x86-64, no delimiter, colour auto).  Returns
 * 0, or -1 with a one-line message in c->err (without the "watviz: ").
 * Options that exclude each other are checked here too.
 */
int wv_cli_parse(struct wv_cli *c, int argc, char **argv);

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

#endif /* WATVIZ_CLI_H */
