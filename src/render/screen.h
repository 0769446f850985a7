/*
 * render/screen.h - the frame model: a grid of cells, each a character and a
 * semantic role.
 *
 * The view builders (app/view.h) write frames in pure code; the curses
 * renderer (src/front/term/tui.c) turns roles into colour pairs or monochrome
 * attributes and flushes the grid.  Tests read a frame back as text without a
 * terminal.  A cell holds one character of one column (a code point for
 * which wv_word_is_narrow() holds: ASCII, Latin, Greek, Cyrillic, the cut
 * mark, block elements), so one cell is one column on every screen; text is
 * written as UTF-8 and anything else becomes '?'.  Renderers write the
 * cells as UTF-8, or, where the terminal cannot show a character, as an
 * ASCII stand-in (wv_cell_ascii).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SCREEN_H
#define WATVIZ_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
	uint32_t ch;		/* a code point of one column (wv_word_is_narrow) */
	unsigned char role;	/* enum wv_role */
	bool focus;		/* what the current sub-step is about: reverse video */
	bool cursor;		/* the byte or bit cursor: underlined, bold */
	unsigned target;	/* what a click here means (app/app.h's
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
 * Write the UTF-8 text s at (y, x) with role, one cell per character;
 * clipped at the frame's edges, so a builder never has to check.  A byte
 * that is not UTF-8, and a character that is not one column, becomes one
 * '?' (wv_text_char).  Returns the column after the text (as if unclipped),
 * for chaining.
 */
int wv_frame_put(struct wv_frame *f, int y, int x, enum wv_role role,
		 const char *s);

/* wv_frame_put of the first n bytes of s (or up to its NUL); n should end
   on a character's end (wv_text_bytes, wv_wrap_cut), or the character cut
   there becomes '?'. */
int wv_frame_putn(struct wv_frame *f, int y, int x, enum wv_role role,
		  const char *s, size_t n);

/* printf-style wv_frame_put (truncated at 512 bytes, at a character's end). */
int wv_frame_printf(struct wv_frame *f, int y, int x, enum wv_role role,
		    const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Fill columns [x, x + n) of row y with ch (a one-column code point) in role. */
void wv_frame_fill(struct wv_frame *f, int y, int x, int n, enum wv_role role,
		   uint32_t ch);

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
 * The one cell that says "text was cut here": U+2026 HORIZONTAL ELLIPSIS,
 * WV_CUT_UTF8 in UTF-8, drawn as WV_CUT_ASCII where the terminal cannot.
 */
#define WV_CH_CUT 0x2026u
#define WV_CUT_UTF8 "\xe2\x80\xa6"
#define WV_CUT_ASCII '>'

/*
 * Block cells, for a QR code drawn two modules a row: the upper half
 * (U+2580), the lower half (U+2584), both (U+2588).
 */
#define WV_CH_UPPER 0x2580u
#define WV_CH_LOWER 0x2584u
#define WV_CH_FULL 0x2588u

/*
 * The cell the UTF-8 text at s starts with: its character in *ch (one
 * column; '?' for a byte that is not UTF-8 or a character that is not one
 * column, wv_word_is_narrow) and the bytes it takes (1 to 4; 0 at the
 * terminating NUL).  Every function here that measures or cuts text walks
 * it with this, so a cut never splits a character and one character is
 * one column.
 *   "\xc3\xa9t\xc3\xa9" -> 2, U+00E9      "\xe9" -> 1, '?'
 */
size_t wv_text_char(const char *s, uint32_t *ch);

/* The columns the UTF-8 text s takes in a frame (its cells). */
int wv_text_cols(const char *s);

/*
 * How many bytes of s fill at most cols columns, never splitting a
 * character (all of s when it is narrower).
 *   wv_text_bytes("\xc3\xa9t\xc3\xa9s", 2) == 3 ("\xc3\xa9t")
 */
size_t wv_text_bytes(const char *s, int cols);

/* The cell ch as UTF-8 into out (1 to 3 bytes, not terminated); returns
   its length. */
size_t wv_cell_utf8(uint32_t ch, char out[4]);

/* ASCII for a terminal that shows no UTF-8: ch itself when ASCII, '>' for
   the cut mark, '"', ',' and '#' for the blocks, '?' for the rest. */
char wv_cell_ascii(uint32_t ch);

/*
 * Row y as UTF-8 text: its cells (WV_CH_CUT as WV_CUT_UTF8), trailing blanks
 * removed, NUL-terminated, into buf (the whole characters that fit).  For
 * tests and the plain dump.
 */
void wv_frame_row_text(const struct wv_frame *f, int y, char *buf, size_t size);

/*
 * Word wrap, one line at a time: how many bytes of the UTF-8 text s go on a
 * line width columns wide, cut at the last blank that leaves it within width
 * (at width columns when a word is longer; never inside a character).  The
 * caller skips the blanks after it.
 *   wv_wrap_cut("one two three", 9) == 7 ("one two")
 *   wv_wrap_cut("\xc3\xa9t\xc3\xa9 un", 5) == 5 ("\xc3\xa9t\xc3\xa9", 3 columns)
 */
size_t wv_wrap_cut(const char *s, size_t width);

/*
 * Put the UTF-8 text at (y, x) in at most width columns; when it must be
 * cut, the cut says so: its last column is WV_CH_CUT.  Returns the column
 * after it.
 */
int wv_frame_fit(struct wv_frame *f, int y, int x, int width, int role, const char *text);

/*
 * Column of the first occurrence of the UTF-8 text needle in row y, or -1.
 * For tests ("is this text there, and where").
 */
int wv_frame_find(const struct wv_frame *f, int y, const char *needle);

#endif /* WATVIZ_SCREEN_H */
