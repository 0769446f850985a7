/*
 * watviz/app.h - the visualizer's state and what actions do to it.
 *
 * Input -> action -> reaction -> redraw: the terminal module turns keys and
 * command lines into calls here; each call changes struct wv_app and returns
 * what the screen must do about it.  No terminal here, so every action is
 * unit-tested on its own.  The values shown always come from the trace
 * (watviz/trace.h); this module only keeps the place in it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_H
#define WATVIZ_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "watviz/cmdline.h"
#include "watviz/keys.h"
#include "watviz/trace.h"
#include "watviz/word.h"

enum wv_view { WV_VIEW_MAIN, WV_VIEW_COMPARE, WV_VIEW_HELP };

/* What the terminal must do after an action (flags). */
enum wv_reaction {
	WV_REACT_NONE = 0,
	WV_REACT_REDRAW = 1 << 0,	/* the frame changed */
	WV_REACT_QUIT = 1 << 1,
	WV_REACT_PROMPT = 1 << 2,	/* open the ':' command line */
	WV_REACT_EDIT = 1 << 3,		/* open the line to edit the word */
	WV_REACT_CLEAR = 1 << 4,	/* repaint the whole terminal */
	WV_REACT_BELL = 1 << 5,		/* nothing to do (at an end) */
	WV_REACT_ANSWER = 1 << 6,	/* open the line for a lesson's answer */
};

#define WV_APP_MSG_MAX 200
#define WV_SPEED_MIN 50		/* ms per sub-step when playing */
#define WV_SPEED_MAX 5000
#define WV_SPEED_DEFAULT 800

/*
 * Where the view is, in terms that survive a rebuild on another variant: the
 * kernel function (step kind), the memory address of its word, the operation
 * of the sub-step and which one of that operation it is in its step, and how
 * far into the step.
 */
struct wv_place {
	enum wv_step_kind kind;
	size_t address;
	enum wv_op op;
	unsigned nth;
	size_t sub, nsub;
};

struct wv_app {
	/* what is shown */
	uint8_t word[WV_WORD_MAX];
	size_t word_len;
	char word_src[WV_CMD_TEXT_MAX];	/* as typed, for the title and `e` */
	const struct wv_variant *v;
	size_t offset;
	uint8_t fill;
	int delim;			/* -1 none */
	int last_delim;			/* what `d` turns back on */
	size_t page_end;		/* an unmapped page from here, 0 none;
					   dropped when the string no longer
					   ends before it */

	struct wv_trace trace;		/* of the above; always valid */
	struct wv_compare_row cmp[32];	/* the same word on every variant */
	size_t ncmp;
	size_t pos;			/* current sub-step: trace.subs[pos] */
	/* where a/A started: going round the variants back to anchor_v
	   returns exactly to anchor_pos; any other move forgets it */
	const struct wv_variant *anchor_v;
	size_t anchor_pos, anchor_offset;
	struct wv_place anchor;		/* the place there, for every hop */

	enum wv_view view;
	bool quiz;			/* a lesson question is open: no view
					   points at the terminator (set by
					   src/app/classroom.c) */
	size_t quiz_pos;		/* the sub-step the question is about */
	uint64_t quiz_secret;		/* and its answer */
	bool playing;
	int speed_ms;

	char msg[WV_APP_MSG_MAX];	/* one line for the status area */
	bool msg_error;
};

/*
 * Start on word[0..len) (src as typed) with v, offset, fill, delim.  Returns
 * 0, or -1 with the reason in app->msg when the trace cannot be built (a bad
 * offset, a word too long); then app is freed already.  Free with
 * wv_app_free().
 */
int wv_app_init(struct wv_app *app, const uint8_t *word, size_t len,
		const char *src, const struct wv_variant *v, size_t offset,
		int fill, int delim);
void wv_app_free(struct wv_app *app);

/*
 * Show in's word, variant, offset, fill and delim (src: the word as typed),
 * from the first sub-step; the view and speed stay.  Returns 0, or -1 with
 * the reason in app->msg and nothing changed.  A lesson's scenes come in
 * this way.
 */
int wv_app_set_input(struct wv_app *app, const struct wv_trace_in *in,
		     const char *src);

/* Do what a key means.  Returns enum wv_reaction flags. */
int wv_app_do(struct wv_app *app, enum wv_action act);

/*
 * Run one ':' command line (without the ':').  Bad commands leave the state
 * as it was and put a one-line error in app->msg.  Returns reaction flags.
 * ":json FILE" writes through write_json, which the caller provides (the
 * JSON renderer lives outside this module); it returns 0 or -errno.
 */
int wv_app_command(struct wv_app *app, const char *line,
		   int (*write_json)(const struct wv_trace *t, const char *path));

/* The word as typed, after `e`: parse src and show it; as wv_app_command. */
int wv_app_set_word_src(struct wv_app *app, const char *src);

/*
 * One tick of play mode: the next sub-step, pausing at the end.  Returns
 * reaction flags.
 */
int wv_app_tick(struct wv_app *app);

/* Set the one-line message (printf-style); error selects the error colour. */
void wv_app_msg(struct wv_app *app, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* WATVIZ_APP_H */
