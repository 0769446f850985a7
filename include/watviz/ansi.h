/*
 * watviz/ansi.h - frames (watviz/screen.h) as terminal output, and the
 * asciicast v2 file that carries that output with its times.
 *
 * The encoder writes what turns a terminal showing the last frame it
 * encoded into the next one: cursor moves and the cells that changed, each
 * in the SGR attributes of its role.  The role table mirrors the curses one
 * in src/ui/render.c (tests/unit/test_export.c checks that they agree), so a
 * cast looks like the visualizer.  Like curses, it never writes the
 * bottom-right cell (a terminal may scroll there).  Frames hold printable
 * ASCII only, so the output is UTF-8 in every locale.
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

#include "watviz/screen.h"

/* Attributes, as in the curses table (A_BOLD, A_DIM, ...). */
enum {
	WV_ANSI_BOLD = 1 << 0,
	WV_ANSI_DIM = 1 << 1,
	WV_ANSI_UNDERLINE = 1 << 2,
	WV_ANSI_REVERSE = 1 << 3,
};

/* How a role looks: colours 0..7 as curses numbers them (-1: default). */
struct wv_ansi_look {
	signed char fg, bg;
	unsigned char color_attr;	/* with the colours */
	unsigned char mono_attr;	/* without */
};

/* The look of role in the normal or the --present theme (NULL: bad role). */
const struct wv_ansi_look *wv_ansi_look(enum wv_role role, bool present);

struct wv_ansi {
	bool color, present;
	struct wv_frame prev;	/* what the terminal shows, 0x0: unknown */
};

/* Start an encoder; the first frame is drawn whole, after a clear. */
void wv_ansi_init(struct wv_ansi *a, bool color, bool present);
void wv_ansi_free(struct wv_ansi *a);

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
