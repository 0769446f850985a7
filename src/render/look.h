/*
 * render/look.h - how every renderer that needs no terminal marks a trace:
 * one table of looks (symbol, word, name, what it means), and the choices
 * that go with it (which symbols a byte gets, how a bit is lit, what a
 * memory byte is), so the plain text, the handouts and the HTML page say the
 * same thing the same way.  Pure: reads a trace, computes nothing of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LOOK_H
#define WATVIZ_LOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

enum wv_look {
	WV_LOOK_NONE,
	WV_LOOK_HEAD,		/* headings */
	WV_LOOK_EXPR,		/* the operation */
	WV_LOOK_PRESTART,
	WV_LOOK_ZERO,
	WV_LOOK_FLAG,
	WV_LOOK_FALSE_POS,
	WV_LOOK_ANSWER,
	WV_LOOK_KEPT,
	WV_LOOK_CHAIN,		/* borrow / carry bits */
	WV_LOOK_HILITE,		/* bits or bytes a sub-step is about */
	WV_LOOK_FILL,
	WV_LOOK_STRING,
	WV_LOOK_NUL,
	WV_LOOK_UNMAPPED,	/* past the page edge: no memory there */
	WV_LOOK_COUNT
};

struct wv_look_style {
	char sym;		/* the symbol that says it without colour */
	const char *word;	/* the short word beside it ("flag") */
	const char *name;	/* a name for it in markup ("false-pos") */
};

/* The table, indexed by enum wv_look. */
extern const struct wv_look_style wv_looks[WV_LOOK_COUNT];

/*
 * The legends: the marks in the order they are told (flag, false positive,
 * answer, zero, pre-start, kept, the bits a step is about, unmapped), and
 * the memory roles (pre-start, string, NUL, fill, unmapped), each with what
 * it means.  Each list ends with WV_LOOK_NONE.  The plain text's legends
 * (WV_LEGEND_PLAIN in render/plain.h, the memory panel's) say the same.
 */
struct wv_look_legend {
	enum wv_look look;
	const char *means;	/* "false positive" */
};
extern const struct wv_look_legend wv_look_legend_marks[];
extern const struct wv_look_legend wv_look_legend_memory[];

/* The look a byte's marks (enum wv_mark) give it; WV_LOOK_NONE unmarked. */
enum wv_look wv_look_byte(unsigned marks);

/* The same while a question is open (hide): the answer is not shown. */
enum wv_look wv_look_shown(unsigned marks, bool hide);

/*
 * The symbols of a byte with marks, most important first, at most 3 (a
 * false positive is not also called a flag; while a question is open,
 * hide, the answer is not marked), into syms (room for 4, terminated).
 * Returns the look the byte is drawn in (after hiding).
 *   marks ANSWER|FLAG|ZERO -> "=*0", WV_LOOK_ANSWER
 */
enum wv_look wv_look_syms(unsigned marks, bool hide, char syms[4]);

/* The look of bit (0 = least significant) of a word row. */
enum wv_look wv_look_bit(const struct wv_row *row, unsigned bit, bool hide);

/*
 * Does row get a line of '^' under the bits it is about (the bits a clz
 * counts, say)?  Not for borrow and carry rows, whose bits are the chain,
 * nor when they would answer an open question.
 */
bool wv_look_caret_line(const struct wv_row *row, bool hide);

/* The look of memory byte i of t's image. */
enum wv_look wv_look_mem(const struct wv_trace *t, size_t i);

/*
 * What stands before memory byte i in a line of bytes that starts at base:
 * nothing, a word boundary, or the page edge (--page-end).
 */
enum wv_look_edge { WV_EDGE_NONE, WV_EDGE_WORD, WV_EDGE_PAGE };
enum wv_look_edge wv_look_edge(const struct wv_trace *t, size_t base, size_t i);

/* Two characters showing byte c: " a", "\0", "\n", " ." for the rest. */
void wv_look_char(char cell[3], uint8_t c);

/*
 * The word of t as a heading shows it, without quotes: word_src (as typed)
 * when not NULL, else its bytes with \xHH for all but printable ASCII (and
 * for '\\' and '"').  Into buf (cut to size); returns buf or word_src.
 */
#define WV_LOOK_WORD_MAX (4 * WV_WORD_MAX + 1)
const char *wv_look_word(const struct wv_trace *t, const char *word_src,
			 char *buf, size_t size);

/*
 * The part of a sentence to show: text, or while a question is open (hide)
 * only its first general bytes, the part that holds for any word, copied
 * into buf.  Returns text or buf.
 */
const char *wv_look_general(const char *text, size_t general, bool hide,
			    char *buf, size_t size);

/*
 * Two variants side by side (the split view, --html --split): the rows of
 * sub-step k of t whose bytes differ from their counterparts in sub-step
 * ok of o (the row of the same label, else the one of the same kind in
 * the same order: x86-64's a - ONES and ppc64's sum; in two shifts the
 * value shifted with the value, the count with the count: x86-64's below
 * >> 7 and ppc64's ~1 << n, below with ~1): a byte at a memory
 * address both words hold that is not the same, or a number (a count, a
 * length) of another value.  Bit i of the result: row i.  x86-64's flags
 * 0x8080800000800000 and ppc64's 0x0000800000808080 on 'ab\0cd' hold the
 * same bytes: not marked.  A row with no counterpart is not different:
 * it is alone (wv_look_alone).
 */
uint32_t wv_look_differ(const struct wv_trace *t, size_t k, const struct wv_trace *o,
			size_t ok);
/* The rows of sub-step k of t that have no counterpart in sub-step ok of
   o (x86-64's HIGHS beside ppc64's and, which folds HIGHS into ~data =
   ~(a | LOW7) = ~a & HIGHS): bit i, row i. */
uint32_t wv_look_alone(const struct wv_trace *t, size_t k, const struct wv_trace *o,
		       size_t ok);

/*
 * The pairing wv_look_differ and wv_look_alone mark by: ma[i] the row of
 * sub-step b standing where row i of sub-step a does, -1 none (ma holds
 * a->nrows).  The split view side by side draws paired rows on one line.
 */
void wv_look_match(const struct wv_substep *a, const struct wv_substep *b, int *ma);

/*
 * The sub-step of o that stands where sub-step k of t does: the same kernel
 * function on the word at the same address, a sub-step of the same meaning
 * (wv_trace_sub_means) as often before in it; (size_t)-1 when o has none.
 */
size_t wv_look_pair(const struct wv_trace *t, size_t k, const struct wv_trace *o);

#endif /* WATVIZ_LOOK_H */
