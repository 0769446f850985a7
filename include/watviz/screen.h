/*
 * watviz/screen.h - the frame model: a grid of cells, each a character and a
 * semantic role.
 *
 * The view builders (watviz/view.h) write frames in pure code; the curses
 * renderer (src/ui/tui.c) turns roles into colour pairs or monochrome
 * attributes and flushes the grid.  Tests read a frame back as text without a
 * terminal.  Only printable ASCII is stored, so a frame means the same thing
 * in every locale and on every terminal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SCREEN_H
#define WATVIZ_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

/* What a cell means; the renderer's role table maps each to how it looks. */
enum wv_role {
	WV_ROLE_TEXT,		/* plain prose */
	WV_ROLE_DIM,		/* rules, unimportant detail */
	WV_ROLE_TITLE,		/* the top bar */
	WV_ROLE_HEADING,	/* panel headings */
	WV_ROLE_LABEL,		/* row labels ("a", "a - ONES") */
	WV_ROLE_BIT0,		/* a 0 bit */
	WV_ROLE_BIT1,		/* a 1 bit */
	WV_ROLE_HEX,		/* hex values */
	WV_ROLE_FLAG,		/* a flag that marks a real zero (or the delimiter) */
	WV_ROLE_FALSEPOS,	/* a flag a borrow raised over a 0x01 byte */
	WV_ROLE_BORROW,		/* borrow / carry bits */
	WV_ROLE_STRING,		/* memory: bytes of the string */
	WV_ROLE_PRESTART,	/* memory: bytes before the string start */
	WV_ROLE_TERM,		/* memory: the terminator the scan finds */
	WV_ROLE_FILL,		/* memory: fill after the terminator */
	WV_ROLE_ANSWER,		/* the answer: find_zero, the length; the
				   terminator's colour, as it says where */
	WV_ROLE_KERNEL,		/* kernel function and file names */
	WV_ROLE_STATUS,		/* the status line */
	WV_ROLE_KEY,		/* key names in the status line and help */
	WV_ROLE_ERROR,		/* a one-line error */
	WV_ROLE_RESULT,		/* what this sub-step or call gives: underlined,
				   no colour of its own (green is the flags',
				   cyan the terminator's) */
	WV_ROLE_COUNT
};

struct wv_cell {
	char ch;		/* printable ASCII */
	unsigned char role;	/* enum wv_role */
	bool focus;		/* what the current sub-step is about: reverse video */
	bool cursor;		/* the byte or bit cursor: underlined, bold */
	unsigned target;	/* what a click here means (watviz/app.h's
				   WV_TARGET_*), 0 nothing */
};

struct wv_frame {
	int rows, cols;
	struct wv_cell *cells;	/* rows * cols, row-major */
};

/*
 * Size f to rows x cols and clear it to blanks.  Returns 0, or -ENOMEM (f is
 * then an empty 0x0 frame).  Call wv_frame_free() once when done.
 */
int wv_frame_init(struct wv_frame *f, int rows, int cols);
void wv_frame_free(struct wv_frame *f);

/* The cell at (y, x), or NULL outside the frame. */
struct wv_cell *wv_frame_at(struct wv_frame *f, int y, int x);

/*
 * Write s at (y, x) with role; clipped at the frame's edges, so a builder
 * never has to check.  Bytes outside printable ASCII become '?'.  Returns the
 * column after the text (as if unclipped), for chaining.
 */
int wv_frame_put(struct wv_frame *f, int y, int x, enum wv_role role,
		 const char *s);

/* printf-style wv_frame_put (truncated at 512 bytes). */
int wv_frame_printf(struct wv_frame *f, int y, int x, enum wv_role role,
		    const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Fill columns [x, x + n) of row y with ch in role. */
void wv_frame_fill(struct wv_frame *f, int y, int x, int n, enum wv_role role,
		   char ch);

/* Mark columns [x, x + n) of row y as the focus. */
void wv_frame_focus(struct wv_frame *f, int y, int x, int n);

/* Mark columns [x, x + n) of row y as the cursor. */
void wv_frame_cursor(struct wv_frame *f, int y, int x, int n);

/* What a click on columns [x, x + n) of row y means (after drawing them:
   writing a cell clears it). */
void wv_frame_target(struct wv_frame *f, int y, int x, int n, unsigned target);

/* The target at (y, x), 0 outside the frame or where there is none. */
unsigned wv_frame_target_at(const struct wv_frame *f, int y, int x);

/*
 * The one cell that says "text was cut here".  Renderers draw it as U+2026
 * HORIZONTAL ELLIPSIS where the terminal takes UTF-8 (the curses screen in a
 * UTF-8 locale, asciicasts, row text), and as WV_CUT_ASCII where it cannot.
 */
#define WV_CH_CUT '\x1f'
#define WV_CUT_UTF8 "\xe2\x80\xa6"
#define WV_CUT_ASCII '>'

/*
 * Block cells, for a QR code drawn two modules a row: the upper half
 * (U+2580), the lower half (U+2584), both (U+2588).
 */
#define WV_CH_UPPER '\x1c'
#define WV_CH_LOWER '\x1d'
#define WV_CH_FULL '\x1e'

/* A special cell's character as UTF-8 (WV_CH_CUT, the blocks), or NULL
   for a plain ASCII cell. */
const char *wv_cell_utf8(char ch);

/*
 * Row y as text: its cells, WV_CH_CUT as WV_CUT_UTF8, trailing blanks
 * removed, NUL-terminated, into buf (what fits of it).  For tests and the
 * plain dump.
 */
void wv_frame_row_text(const struct wv_frame *f, int y, char *buf, size_t size);

/*
 * Word wrap, one line at a time: how much of s goes on a line width wide,
 * cut at the last blank that leaves it within width (at width when a word is
 * longer).  The caller skips the blanks after it.
 *   wv_wrap_cut("one two three", 9) == 7 ("one two")
 */
size_t wv_wrap_cut(const char *s, size_t width);

/*
 * Put text at (y, x) in at most width columns; when it must be cut, the cut
 * says so: its last column is WV_CH_CUT.  Returns the column after it.
 */
int wv_frame_fit(struct wv_frame *f, int y, int x, int width, int role, const char *text);

/*
 * Column of the first occurrence of needle in row y, or -1.
 * For tests ("is this text there, and where").
 */
int wv_frame_find(const struct wv_frame *f, int y, const char *needle);

#endif /* WATVIZ_SCREEN_H */
