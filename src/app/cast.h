/*
 * app/cast.h - the visualizer's own frames as an asciicast v2 file:
 * a trace or a lesson played by itself (--cast), or a session as it is
 * used (--record).
 *
 * --cast drives the same state the visualizer runs on (struct wv_app, and
 * struct wv_class for a lesson), on a clock of its own, builds each frame
 * at the stated size with wv_view_build / wv_lessonview_build and encodes
 * it with render/ansi.h.  The pace is autoplay's:
 *   - a trace: one sub-step a tick, as `r` plays it (WV_SPEED_DEFAULT ms,
 *     or --autoplay SECONDS), from the first sub-step to the last, where
 *     it stays for two ticks;
 *   - a lesson: exactly wv_class_tick's walk and reading time (tick
 *     --autoplay SECONDS, else WV_CLASS_AUTOPLAY_DEFAULT).  Where autoplay
 *     would wait for the class at a question, the cast keeps the question
 *     up while it is read at WV_PACE_WPM plus WV_CAST_THINK_TICKS ticks,
 *     then shows the answer worked out (as `s` does) for as long again,
 *     then goes on.  The end screen stays until its summary is read.
 * Markers ("m" events) name every scene as it opens ("scene 3: Invert a",
 * after "lesson 2: TITLE" when a lesson opens) and every kernel function
 * as the view reaches it, by its --step name ("has_zero", "has_zero@8").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CAST_H
#define WATVIZ_CAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "app/app.h"
#include "app/classroom.h"
#include "render/screen.h"
#include "app/options.h"

#define WV_CAST_THINK_TICKS 3	/* a question's thinking time, in ticks */
#define WV_CAST_COLS_MAX 500
#define WV_CAST_ROWS_MAX 200

struct wv_cast_opts {
	int cols, rows;		/* the terminal the frames are built for */
	bool color;		/* SGR colours; else the monochrome attributes */
	int tick_ms;		/* > 0: the tick (--autoplay); 0: the default */
	const char *title;	/* the header's title, or NULL */
};

/*
 * Play uo (a word, or uo->lesson and the run it belongs to, as wv_ui_run
 * takes them; uo->present picks the projector layout and theme) into out as
 * an asciicast.  Nothing is read from or saved to the progress file: a cast
 * starts every lesson at its first scene.  Returns 0; -EINVAL with the
 * reason in err (the input cannot be traced); -ENOMEM; the -errno of a
 * failed write to out (ENOSPC, EBADF; EIO when none is known).
 */
int wv_cast_play(FILE *out, const struct wv_ui_opts *uo,
		 const struct wv_cast_opts *o, char *err, size_t size);

/* --record: a session written as it is used. */
struct wv_rec;

/*
 * Start recording into path (before the terminal is taken, so a file that
 * cannot be written is said plainly): the frames go to a temporary file
 * beside it that wv_rec_close renames over it (wv_file_open: a FIFO or a
 * device is written directly).  Returns 0 and *r, or -errno with
 * "--record PATH: cannot create it: REASON" in err.
 */
int wv_rec_open(struct wv_rec **r, const char *path, bool color, bool present,
		char *err, size_t size);

/* The theme the next frames are drawn in (dark until it is called). */
void wv_rec_theme(struct wv_rec *r, enum wv_theme theme);

/*
 * A frame as it is flushed to the terminal, with what it shows (cls NULL
 * outside a lesson) for the markers.  The first frame fixes the header's
 * size.  Each frame is flushed at once, so a write that fails (a full
 * disk, /dev/full) fails with it; the error is kept (wv_rec_error,
 * wv_rec_close) and nothing more is written.
 */
void wv_rec_frame(struct wv_rec *r, const struct wv_frame *f,
		  const struct wv_app *app, const struct wv_class *cls);

/*
 * Has a write of the recording failed?  The first time it is asked after
 * one has (r NULL: never), -errno with the message for the visualizer's
 * message line in msg: "--record PATH: cannot write: REASON; the session
 * goes on, not recorded (...)"; after that, and before any failure, 0.
 * The front-end asks after each wv_rec_frame and shows the message then,
 * not only when the visualizer ends.
 */
int wv_rec_error(struct wv_rec *r, char *msg, size_t size);

/* Finish and free r (NULL: nothing): the recording put in place, or when
   no frame was drawn, nothing written and the file left as it was.  0, or
   -errno when a write failed (the file is then left as it was, too). */
int wv_rec_close(struct wv_rec *r);

#endif /* WATVIZ_CAST_H */
