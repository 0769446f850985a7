/*
 * render/ansi.h - frames (render/screen.h) as terminal output, and the
 * asciicast v2 file that carries that output with its times.
 *
 * The encoder writes what turns a terminal showing the last frame it
 * encoded into the next one: cursor moves and the cells that changed, each
 * in the SGR attributes of its role, from the theme table the curses
 * screen is drawn from too (render/theme.h), so a cast looks like the
 * visualizer.  Like curses, it never writes the
 * bottom-right cell (a terminal may scroll there).  Cells are written as
 * UTF-8 (a frame's characters are one column each), and the asciicast's
 * JSON strings are UTF-8 too: a byte that is not (a word's raw byte in a
 * title) is written as U+FFFD.
 *
 * asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a JSON
 * header line {"version": 2, "width", "height", ...}, then one JSON array
 * per event, [seconds, "o", output] or [seconds, "m", marker label], with
 * times that never decrease.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_ANSI_H
#define WATVIZ_ANSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "render/screen.h"
#include "render/theme.h"

struct wv_ansi {
	bool color, present;
	enum wv_theme theme;	/* dark (0) unless wv_ansi_theme */
	struct wv_frame prev;	/* what the terminal shows, 0x0: unknown */
};

/* Start an encoder; the first frame is drawn whole, after a clear. */
void wv_ansi_init(struct wv_ansi *a, bool color, bool present);
void wv_ansi_free(struct wv_ansi *a);

/* Draw in theme from the next frame on, that frame whole if it changed. */
void wv_ansi_theme(struct wv_ansi *a, enum wv_theme theme);

/*
 * Write to out what turns the terminal into f (after a clear when the size
 * changed, or at the first frame); nothing when nothing changed.  Returns
 * 0, -ENOMEM or -EIO.
 */
int wv_ansi_frame(struct wv_ansi *a, FILE *out, const struct wv_frame *f);

/* The asciicast v2 header line (title may be NULL).  0 or -EIO. */
int wv_asciicast_header(FILE *out, int cols, int rows, const char *title);

/*
 * One event line: at ms milliseconds, code 'o' (output) or 'm' (a marker),
 * data[0..len) as a JSON string.  0 or -EIO.
 */
int wv_asciicast_event(FILE *out, unsigned long ms, char code, const char *data,
		       size_t len);

#endif /* WATVIZ_ANSI_H */
