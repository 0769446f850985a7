/*
 * expr/error.h - where a parser says what went wrong, without printing.
 *
 * Parsers (the word parser in trace/word.h, the lesson parser) fill a
 * struct wv_error and return a negative code; the caller decides how to show
 * it (the CLI prints "watviz: word:1:4: ..." and a caret, the visualizer a
 * status line).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_ERROR_H
#define WATVIZ_ERROR_H

/* Room for the longest message with its values: what, where and how to
   fix, never cut before the fix (see wv_error_set). */
#define WV_ERROR_MSG_MAX 512

struct wv_error {
	int line;	/* 1-based line of the input, 0 when it has no lines */
	int col;	/* 1-based byte column of the offending character, 0 none */
	char msg[WV_ERROR_MSG_MAX];	/* one sentence: what, and how to fix */
};

/*
 * Fill *e (when e is not NULL) with line, col and a printf-style message.
 * One too long for msg keeps its sentence whole: its longest quoted values
 * ('...' around a title or a word as typed) lose their middle to "..."
 * until it fits; only a message with none is cut at the end.
 * wv_error_set(e, 1, 3, "unknown escape \\%c", 'q').
 */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void wv_error_set(struct wv_error *e, int line, int col, const char *fmt, ...);

#endif /* WATVIZ_ERROR_H */
