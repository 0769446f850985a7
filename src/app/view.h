/*
 * app/view.h - the visualizer's screens, built as frames (render/screen.h).
 *
 * Pure code: state in (struct wv_app), a frame of role-tagged cells out.  The
 * frame must already have the terminal's size; the builder picks the layout
 * that fits and says so plainly when nothing does.
 *
 * Every screen keeps its last two rows for the status line and the message
 * or command line; the terminal module draws readline's line over the last.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_VIEW_H
#define WATVIZ_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "app/app.h"
#include "render/hide.h"
#include "measure/measure.h"
#include "render/screen.h"

/*
 * The smallest terminal every screen fits, measured: a 64-bit register is 8
 * groups of a marker and 8 bits (72 columns) after an 8-column label, and
 * the compare view's 16 variant rows with title, headings, legend, status
 * and message lines take exactly 24 rows (main view: 18, help: 21).
 */
#define WV_VIEW_MIN_COLS 80
#define WV_VIEW_MIN_ROWS 24

/* Build the screen app->view asks for (or the too-small screen) into f. */
void wv_view_build(struct wv_frame *f, const struct wv_app *app);

/* The single screens, for tests. */
void wv_view_main(struct wv_frame *f, const struct wv_app *app);
/* --present (app->present): the projector layout of any trace. */
void wv_view_present(struct wv_frame *f, const struct wv_app *app);
/*
 * The split view (app->split_v): the current variant above, the second
 * below at the same place, each memory byte in the same column in both,
 * the rows whose bytes differ marked "<>".
 */
void wv_view_split(struct wv_frame *f, const struct wv_app *app);
/* Does the split body from row y draw the memory as the one-line strip
   (wv_view_memory_line), not the panel? */
bool wv_view_split_strip(const struct wv_frame *f, int y, bool present);
/* Its memory and panes from row y down to the status line (a lesson puts
   its narration above), in --present's large cells (present); 0 when there
   is no split view to draw. */
int wv_view_split_body(struct wv_frame *f, const struct wv_app *app, int y,
			bool present);
void wv_view_compare(struct wv_frame *f, const struct wv_app *app);
/* :try's formula, its sub-steps drawn as the main view draws the kernel's,
   with the formula and its verdict on the status line. */
void wv_view_try(struct wv_frame *f, const struct wv_app *app);
void wv_view_help(struct wv_frame *f, const struct wv_app *app);
void wv_view_too_small(struct wv_frame *f);

/* Help; lesson adds the keys only a lesson uses (struct wv_keybind.lesson). */
void wv_view_help_keys(struct wv_frame *f, const struct wv_app *app, bool lesson);

/*
 * Pieces of the main view, for the lesson screens (app/lessonview.h).
 * Each draws at row y and returns the rows it used where that varies.
 */
int wv_view_memory(struct wv_frame *f, const struct wv_app *app, int y);	/* 5 */
int wv_view_function(struct wv_frame *f, const struct wv_app *app, int y);	/* 1 */
/* The same from column x (the split view's pane heading before it), and
   the columns it takes without the file (the function, the counter). */
int wv_view_function_at(struct wv_frame *f, const struct wv_app *app, int y, int x);
int wv_view_function_width(const struct wv_app *app);

/*
 * The kernel sequence as a list, one call per line with its result and what
 * it does, at the bottom of rows [y, ymax) when it fits there whole; the
 * current call in focus.  Results hidden as wv_view_pipeline hides them.
 * Returns the rows used (0: no room).
 */
int wv_view_calls(struct wv_frame *f, const struct wv_app *app, int y, int ymax);
/* The rows wv_view_calls needs, with the legend under it. */
int wv_view_calls_need(const struct wv_app *app);

/* The marks' legend in one line at row y (the same symbols everywhere). */
int wv_view_legend(struct wv_frame *f, int y);

/* Narration width on a screen cols wide: all of it up to 100 columns. */
int wv_view_measure(int cols);
/* How the register rows are drawn (NULL: cell 1, nothing hidden). */
struct wv_view_regs {
	int cell;		/* columns per bit: 1 "1", 2 "1 ", 3 " 1 " */
	struct wv_hide hide;	/* an open question: what it hides is drawn
				   as '?' with no marks (render/hide.h) */
	unsigned char gap;	/* blank columns after every byte group (0 to
				   2; spaced cells have one at 0) */
	bool nibble;		/* and one between its two nibbles, so that
				   each half reads as its hex digit */
	int lead;		/* lines more under each row, its 1 bits
				   drawn down them as bars (--present with
				   rows to spare: taller cells) */
	/* the split view's lower register: register byte r drawn in group
	   slot[r] (0 leftmost) of nslots, the column of the memory byte it
	   holds in the register above; slotted false: most significant left */
	bool slotted;
	bool split;		/* the split view: room for "<>" before labels */
	unsigned char slot[8], nslots;
	int x0;			/* > 0: the bits start in this column (the
				   split view's two registers line up) */
	uint32_t differ;	/* rows (bit k: row k) marked "<>": their bytes
				   differ from the other variant's (split) */
	uint32_t alone;		/* rows marked "+": the other variant has no
				   row standing for them (split) */
	bool ahead;		/* the functions after (wv_view_after) show
				   their values where nothing is hidden (the
				   split view, no question open or to come) */
	unsigned char mem_base;	/* added to the "mem" header's byte numbers:
				   its word's address less the upper one's */
	bool op_above;		/* the current sub-step's operation is drawn
				   on a line of its own above (a short split
				   pane's heading, wv_view_operation_at): its
				   rows start at the byte header */
	unsigned char pad[WV_SUB_ROWS_MAX];	/* blank lines before row r (the
				   split side by side: a row on the line of
				   the other pane's row paired with it) */
};
/*
 * What the lesson's questions hide, for every view: the open one
 * (app->quiz) all it hides, and the values the questions still to come on
 * this trace ask (app->asked), as a handout hides them, with the details
 * of the step drawn when it reaches one of them.
 */
static inline struct wv_hide wv_view_hide(const struct wv_app *app)
{
	const struct wv_step *st = wv_trace_step_of(&app->trace, app->pos);

	return (struct wv_hide){ .on = app->quiz, .quiz = app->quiz_pos,
				 .own = app->quiz, .own_sub = app->quiz_sub,
				 .asked = app->asked, .nasked = app->nasked,
				 .upto = st->first + st->nsub, .later = true };
}
/* The current sub-step's operation and rows in rows [y, ymax). */
void wv_view_registers(struct wv_frame *f, const struct wv_app *app, int y,
		       int ymax, const struct wv_view_regs *o);
/*
 * The current sub-step's operation ("and: (a - ONES) & ~a & HIGHS") at
 * (y, x), as wv_view_registers heads its rows; NULL f: nothing drawn.
 * Returns the column after it.
 */
int wv_view_operation_at(struct wv_frame *f, const struct wv_app *app, int y, int x);
/* Rows wv_view_registers wants when it may take at most avail. */
int wv_view_registers_need(const struct wv_frame *f, const struct wv_app *app,
			   int avail, const struct wv_view_regs *o);
/* The widest bit cell (3, 2 or 1) whose rows fit f's width. */
/* Does a blank column after every byte group fit beside cell-wide bits? */
bool wv_view_regs_gap(const struct wv_frame *f, const struct wv_app *app, int cell);
int wv_view_regs_cell(const struct wv_frame *f, const struct wv_app *app);

/*
 * The kernel sequence for the current word, in rows [y, y + maxrows): every
 * function with its result (load, has_zero, ... zero_bytemask), the current
 * one in focus.  While a lesson question is open (app->quiz) the results it
 * hides (wv_hide_step: from the question's function on) show '?'.  Returns
 * the rows used.
 */
int wv_view_pipeline(struct wv_frame *f, const struct wv_app *app, int y, int maxrows);

/*
 * The word in a strip, for a layout with no room for the memory panel:
 * its bytes in hex around the current word's, the string start and the
 * terminator marked (not while a question is open), each byte's character
 * on the line under it (a byte past the page edge: "--" over the mark u, as
 * the panel's hex and mark rows).  Returns 2.
 */
int wv_view_memory_line(struct wv_frame *f, const struct wv_app *app, int y, int x);

/*
 * The functions after the current one, each by its last sub-step, its
 * values hidden as wv_view_later hides them, from row y + 1 while they fit
 * whole before ymax (the first that does not said in a quiet line under
 * its operation).  Returns the rows used.
 */
int wv_view_after(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		  const struct wv_view_regs *o);
/* The rows wv_view_earlier would take of avail, without drawing. */
int wv_view_earlier_need(const struct wv_frame *f, const struct wv_app *app,
			 int avail, const struct wv_view_regs *o);
/*
 * The functions before the current one, each by its last sub-step (what it
 * gave), as wv_view_earlier draws them, in rows [y, ymax): the latest that
 * fit whole, and the one before those said in a quiet line where three
 * rows are left.  Returns the rows used.
 */
int wv_view_before(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		   const struct wv_view_regs *o);
/*
 * One block of the split side by side, in rows [y, ymax): sub-step k of
 * the app's trace as wv_view_earlier draws it (current: as
 * wv_view_registers does), or with call >= 0 the last sub-step of step
 * call as wv_view_before (after false) or wv_view_after (after true) draw
 * it, named by its call.  wv_view_block_need: the lines it takes.
 */
void wv_view_block(struct wv_frame *f, const struct wv_app *app, size_t k, long call,
		   bool after, int y, int ymax, const struct wv_view_regs *o);
int wv_view_block_need(const struct wv_frame *f, const struct wv_app *app, size_t k,
		       long call, bool after, const struct wv_view_regs *o);
/* The rows wv_view_before's whole functions take of avail, without drawing. */
int wv_view_before_need(const struct wv_frame *f, const struct wv_app *app, int avail,
			const struct wv_view_regs *o);
/*
 * The sub-steps of the current function before the current one, their
 * operation and rows, the latest last, in rows [y, ymax): as many as fit
 * whole, the latest first.  Returns the rows used.
 */
int wv_view_earlier(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		    const struct wv_view_regs *o);

/*
 * The sub-steps of the current function after the current one, from y to
 * ymax: their operation and rows, every value computed from the next
 * sub-step on '?' as an open question there would hide it (what comes next,
 * not its result; constants and the word a stay).  Returns the rows used.
 */
int wv_view_later(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		  const struct wv_view_regs *o);
/* Status line (row rows-2): variant, where, then the key hints that fit. */
void wv_view_status(struct wv_frame *f, const struct wv_app *app,
		    const char *where, const char *const *hints);
/*
 * app->msg on the last row, "error: " before an error; cut to the width
 * but the last column (the screen's corner, which a terminal cannot write)
 * with WV_CH_CUT at the end.  With app->msg_whole (the W key) the whole
 * message, word-wrapped upwards from the last row over what was there.
 */
void wv_view_message(struct wv_frame *f, const struct wv_app *app);
/*
 * text word-wrapped into rows [y, y + maxlines) at columns [x, x + width);
 * "..." ends the last line when it was cut.  f NULL: only count.  Returns
 * the lines used.
 */
int wv_view_wrap(struct wv_frame *f, int y, int x, int width, int maxlines,
		 enum wv_role role, const char *text);

/*
 * A "measure:" scene's bar chart (view_chart.c): group g of m from row y,
 * columns [x, x + width), no further than row ymax: a heading, the
 * "measured on" line, then one bar per routine and string length (the bar
 * is the time per call, the slowest routine of each length full width),
 * its ns per call and how many times the production routine's time it
 * is; a routine that answered wrong says so instead of a bar.  m NULL:
 * why (why, or "not measured yet").  f NULL: only count.  Returns the rows
 * it took.
 */
int wv_view_chart(struct wv_frame *f, int y, int ymax, int x, int width,
		  const struct wv_measure *m, enum wv_measure_group g, const char *why);

#endif /* WATVIZ_VIEW_H */
