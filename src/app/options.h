/*
 * app/options.h - the interactive visualizer (ncurses screen, readline prompt).
 *
 * The CLI calls wv_ui_run() when stdin and stdout are terminals and neither
 * --plain nor --json was given.  Everything that touches the terminal lives
 * behind this one call; nothing here needs <curses.h> to be included.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_UI_H
#define WATVIZ_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "render/theme.h"

struct wv_measure;

struct wv_variant;
struct wv_error;
struct wv_lesson;
struct wv_lesson_file;
struct wv_rec;

/*
 * What the visualizer starts with.  word/word_len are the parsed bytes of
 * the string (without the implicit terminating NUL); word_src is the word as
 * the user typed it (escapes and all), shown and offered for editing.  The
 * memory image is built from these the same way the CLI builds it.
 */
struct wv_ui_opts {
	const uint8_t *word;
	size_t word_len;
	const char *word_src;		/* as typed */
	const struct wv_variant *variant;
	size_t offset;			/* string start inside the first word */
	int fill;			/* fill byte, 0..255 */
	int delim;			/* second terminator byte, -1 none */
	size_t page_end;		/* an unmapped page from here, 0 none */
	const char *step;		/* --step NAME:K: open there; NULL at
					   the first sub-step */
	int color;			/* -1 auto, 0 never, 1 always */
	bool no_mouse;			/* --no-mouse: leave the mouse to the
					   terminal (selecting text) */
	/* a lesson (--lesson): then word..delim are unused and variant is
	   --arch or NULL (the lesson's first variant) */
	const struct wv_lesson *lesson;
	unsigned lesson_number;		/* for the progress file and headings */
	const char *lesson_slug;
	bool present;			/* --present: the projector layout */
	enum wv_theme theme;		/* --theme: dark (the default) or light */
	const struct wv_variant *split;	/* --split: the variant stacked under
					   the first, NULL none */
	int autoplay_ms;		/* --autoplay: 0 off */
	bool restart;			/* --restart: ignore the saved progress */
	const char *restart_how;	/* how to start over, for "Resuming at
					   scene 3 of 6; %s starts over."
					   (NULL: "--restart"; the web page
					   has no options) */
	/* the lessons a class can move to (:lesson, :next, :prev, the end
	   screen), sorted by number; NULL: only lesson.  lesson was loaded
	   from files[lesson_index]; the end screen of files[run_last] (the
	   last of --lesson 2-4) offers no next lesson */
	const struct wv_lesson_file *files;
	size_t nfiles, lesson_index, run_last;
	/* how files[k] is read, as wv_lesson_load (lesson/lesson.h) reads
	   its path; NULL: wv_lesson_load.  The web page's lessons are built
	   into it, not files */
	int (*load)(const struct wv_lesson_file *f, struct wv_lesson **out,
		    struct wv_error *err);
	/* --class[=ADDR[:PORT]]: serve the lesson's questions to the
	   students' phones ("" the default address and port); NULL none */
	const char *class_addr;
	/* --class-log FILE: every vote counted, one JSON line; the summary
	   of each question as CSV beside it (FILE.csv) at the end; NULL */
	const char *class_log;
	/* --record: every frame flushed is also written there
	   (app/cast.h, wv_rec_frame); NULL: none */
	struct wv_rec *rec;
	/* a "measure:" scene's figures (measure/measure.h): NULL measures
	   live (wv_measure_default); the web page passes wv_measure_none */
	int (*measure)(struct wv_measure *m);
};

/*
 * Run the visualizer until the user quits.  Takes over the terminal and
 * restores it on every way out (q, :quit, Ctrl-C, SIGTERM, SIGHUP, exit()).
 * opts is only read.  When TERM cannot draw a screen (unset, "dumb"), it
 * writes the plain trace (render/plain.h) instead.  Returns the process exit
 * status: 0 on a normal quit, 1 when the terminal could not be set up (a
 * message is then on stderr), 2 for options the trace refuses, 128 + signal
 * number after SIGINT/SIGTERM/SIGHUP.
 */
int wv_ui_run(const struct wv_ui_opts *opts);

#endif /* WATVIZ_UI_H */
