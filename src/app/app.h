/*
 * app/app.h - the visualizer's state and what actions do to it.
 *
 * Input -> action -> reaction -> redraw: the terminal module turns keys and
 * command lines into calls here; each call changes struct wv_app and returns
 * what the screen must do about it.  No terminal here, so every action is
 * unit-tested on its own.  The values shown always come from the trace
 * (trace/trace.h); this module only keeps the place in it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_H
#define WATVIZ_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/cmdline.h"
#include "render/hide.h"
#include "app/keys.h"
#include "trace/trace.h"
#include "trace/word.h"

enum wv_view { WV_VIEW_MAIN, WV_VIEW_COMPARE, WV_VIEW_HELP,
	       WV_VIEW_TRY };	/* :try's formula drawn as steps (try_trace) */

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

/* A message line's bytes: room for the longest the program writes (a state
   file's path under a long HOME, :try's list of names, a variant's
   description); a longer one ends in the cut mark (wv_app_msg). */
#define WV_APP_MSG_MAX 2048
#define WV_APP_ASKED_MAX 32	/* questions of a lesson on one trace */
#define WV_SPEED_MIN 50		/* ms per sub-step when playing */
#define WV_SPEED_MAX 5000
#define WV_SPEED_DEFAULT 800

/*
 * Where the view is, in terms that survive a rebuild on another variant: the
 * kernel function (step kind), the memory address of its word, what the
 * sub-step is for in its call (wv_trace_sub_means) and which one of that
 * meaning it is, and how far into the step.
 */
struct wv_place {
	enum wv_step_kind kind;
	size_t address;
	enum wv_sub_means means;	/* what the sub-step is for in its call */
	unsigned nth;			/* sub-steps of that meaning before it */
	size_t sub, nsub;
};

/*
 * One change to the word, as undo keeps it: word[at, at + nold) became the
 * nnew bytes after them in bytes (old ones first).  cursor: the memory index
 * the byte cursor was on.
 */
struct wv_edit {
	size_t at, nold, nnew;
	uint8_t *bytes;			/* nold + nnew bytes, owned */
	size_t cursor;
};

#define WV_UNDO_MAX 256			/* edits undo remembers */

/* What a mouse click landed on (struct wv_cell.target): kind | index. */
#define WV_TARGET_KIND(t) ((t) & 0xff000000u)
#define WV_TARGET_INDEX(t) ((size_t)((t) & 0x00ffffffu))
#define WV_TARGET_BYTE 0x01000000u	/* memory byte: index = address */
#define WV_TARGET_BIT 0x02000000u	/* a bit of the row loaded from memory:
					   index = register bit */
#define WV_TARGET_STEP 0x03000000u	/* a kernel function: index = step */

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
	bool present;			/* --present: the projector layout */
	/* the split view (:split, v, --split): a second variant stacked under
	   the first, the same word at the same place (wv_app_split_pos);
	   split_v NULL: off.  split is traced again with every change of
	   the word, offset, fill or delimiter */
	const struct wv_variant *split_v;
	struct wv_trace split;		/* valid while split_v */
	/* the split view's layout (M): false, each register in its own
	   order, most significant byte left, its bits reading as its hex;
	   true, the lower register's bytes in the upper one's columns by
	   memory address (a memory byte in one column above and below) */
	bool split_mem;
	bool quiz;			/* a lesson question is open: no view
					   points at the terminator (set by
					   src/app/classroom.c) */
	size_t quiz_pos;		/* the sub-step the question is about */
	size_t quiz_sub;		/* the sub-step whose result it asks
					   (wv_lesson_quiz_sub; at or after
					   quiz_pos) */
	/* the lesson's questions still to come on this trace: the open one
	   and every later one on the same memory, variant and page end not
	   yet answered or shown (set by src/app/classroom.c at every change;
	   0 outside a lesson).  Every view hides what they ask as a handout
	   does (render/hide.h), and the commands that would show or write
	   the values (compare, split, :try, :json) wait for them */
	struct wv_hide_asked asked[WV_APP_ASKED_MAX];
	size_t nasked;
	bool playing;
	int speed_ms;

	char msg[WV_APP_MSG_MAX];	/* one line for the status area */
	bool msg_error;
	bool msg_whole;			/* W: the message wrapped over as many
					   rows as it takes, until the next key
					   (else one row, cut with WV_CH_CUT) */

	/* editing in place (src/app/edit.c) */
	enum wv_focus focus;		/* where the keys go */
	size_t cursor;			/* memory index of the byte cursor */
	unsigned bit;			/* register bit of the bit cursor */
	int hex_first;			/* the first hex digit just typed on the
					   cursor byte, -1 none */
	size_t hex_undo;		/* undo entries after that digit's edit */
	bool await_char;		/* ' was typed: the next key is the byte */
	int key;			/* the key behind the action being done
					   (hex digits, the character after ') */
	bool mouse;			/* mouse reporting on: :set mouse asks,
					   the terminal module says what is so
					   (--no-mouse, no kmous: off) */
	/* :try EXPR: the formula's own steps on a word (wv_try_trace), shown
	   by WV_VIEW_TRY until Esc or any change of the word; valid while
	   has_try */
	struct wv_trace try_trace;
	bool has_try;
	size_t try_pos;			/* current sub-step of try_trace */
	char try_msg[WV_APP_MSG_MAX];	/* the formula and its verdict */

	struct wv_edit *undo;		/* WV_UNDO_MAX entries, or NULL */
	size_t nundo;			/* the first nundo are applied */
	size_t nedits;			/* entries kept; nundo.. can be redone */
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
 * Run one ':' command, parsed (wv_cmd_parse: the session parses each line
 * once).  A command that cannot apply leaves the state as it was and puts
 * a one-line error in app->msg.  Returns reaction flags.  ":json FILE"
 * writes through write_json, which the caller provides (the JSON renderer
 * lives outside this module); it returns 0 or -errno; NULL: -ENOSYS.
 */
int wv_app_command(struct wv_app *app, const struct wv_cmd *cmd,
		   int (*write_json)(const struct wv_trace *t, const char *path));

/*
 * :step SPEC and --step SPEC: go to the sub-step SPEC names ("has_zero:3",
 * "has_zero@8:2", as --list-steps prints them) on the main view.  A name
 * the trace lacks leaves the place as it was, with what would do in
 * app->msg (msg_error set), naming spec as how ("--step", ":step") and
 * the user typed it.  Returns reaction flags.
 */
int wv_app_goto_step(struct wv_app *app, const char *spec, const char *how);

/*
 * :try in three parts, for a caller that proves the formula elsewhere (the
 * web page, off its main thread); try_formula in app.c is the three in a
 * row.  wv_app_try_parse: ":try"'s text ("[has_zero|exact|find_zero]
 * EXPR") parsed for variant v into t; 0, or -1 with *e.  wv_app_try_begin:
 * the same for the variant shown, refused while a question is open;
 * 0, or -1 with the reason in app->msg.  wv_app_try_verdict: rc and *p as
 * a wv_prove_* function returned them for t's formula (rc -EINTR: stopped,
 * nothing decided), shown as :try shows them: the verdict in app->msg, a
 * counterexample made the word, the formula's steps.  Returns reaction
 * flags.
 */
struct wv_error;
struct wv_proof;
struct wv_try;
struct wv_variant;
int wv_app_try_parse(const struct wv_variant *v, const char *src, struct wv_try *t,
		     struct wv_error *e);
int wv_app_try_begin(struct wv_app *app, const char *src, struct wv_try *t);
int wv_app_try_verdict(struct wv_app *app, const struct wv_try *t, int rc,
		       const struct wv_proof *p);

/*
 * Trace app->word again (changed in place) at the same place: the same
 * step and sub-step where it still exists.  Returns 0, or -1 with the
 * reason in app->msg (the old trace stays).
 */
int wv_app_rebuild(struct wv_app *app);

/* Forget :try's formula steps (back to the main view if they were shown). */
void wv_app_drop_try(struct wv_app *app);

/* The editing actions (src/app/edit.c); wv_app_do passes them on. */
int wv_app_edit(struct wv_app *app, enum wv_action act);

/* The word as typed, after `e`: parse src and show it; as wv_app_command. */
int wv_app_set_word_src(struct wv_app *app, const char *src);

/*
 * One tick of play mode: the next sub-step, pausing at the end.  Returns
 * reaction flags.
 */
int wv_app_tick(struct wv_app *app);

/*
 * The action a key means now: the character after ' (WV_ACT_PUT_CHAR), or
 * the key table's action for the focus.  Records key in app->key.
 */
enum wv_action wv_app_action(struct wv_app *app, int key);

/* wv_app_do(app, wv_app_action(app, key)): a key, outside a lesson. */
int wv_app_key(struct wv_app *app, int key);

/*
 * A click on target (struct wv_cell.target; 0: nothing there): a memory
 * byte puts the byte cursor there, a bit of the row loaded from memory
 * flips it, a kernel function goes to its first sub-step.  Returns
 * reaction flags.
 */
int wv_app_click(struct wv_app *app, unsigned target);

/*
 * The row of the current sub-step that holds the word straight from
 * memory (the loaded word, a), whose bits flip memory bits; -1 when the
 * sub-step has none.
 */
int wv_app_bits_row(const struct wv_app *app);

/* The memory index and bit (0 = least significant) of register bit b. */
size_t wv_app_bit_byte(const struct wv_app *app, unsigned b, unsigned *bit);

/*
 * Start as wv_app_init does, from what the visualizer is started with
 * (app/options.h: word, variant or x86-64, offset, fill, delim, page_end,
 * present, split).  Returns 0, or -1 with the reason in app->msg (app is
 * then freed).  The terminal and --cast start the same way.
 */
struct wv_ui_opts;
int wv_app_open(struct wv_app *app, const struct wv_ui_opts *uo);

/*
 * Show v under the current variant (the split view), or nothing (v NULL).
 * Returns reaction flags; app->msg says what happened (a variant the word
 * cannot be traced on is refused, the view left as it was).
 */
int wv_app_split(struct wv_app *app, const struct wv_variant *v);

/*
 * The split view's layout (M, :set split memory|own, a link's layout=):
 * by memory (mem: each memory byte in one column above and below) or each
 * register in its own order.  app->msg says which; with the split view
 * closed nothing changes and it says that v opens it.  Returns reaction
 * flags.
 */
int wv_app_split_layout(struct wv_app *app, bool mem);

/*
 * The variant `v` and a bare :split put under v: the same width, the other
 * byte order, the pair the big-endian lessons compare (x86-64 -> ppc64,
 * any big-endian 64-bit -> x86-64, x86-32 -> ppc32).
 */
const struct wv_variant *wv_app_split_partner(const struct wv_variant *v);

/*
 * The split trace's sub-step at the current place: the same kernel
 * function on the word at the same address, a sub-step of the same
 * meaning (wv_trace_sub_means) as often before, as a/A find it.  *same:
 * that function and meaning are the current one's (false: the second variant has no such sub-step, and this
 * is the nearest).  Only while app->split_v.
 */
size_t wv_app_split_pos(const struct wv_app *app, bool *same);

/* Forget every edit undo remembers (a new word came in wholesale). */
void wv_app_forget_edits(struct wv_app *app);

/* Set the one-line message (printf-style); error selects the error colour. */
void wv_app_msg(struct wv_app *app, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * What the lesson, the session and the front-ends may change of the app
 * (src/app/control.c): the one way each of them writes these fields.
 */
/* The main view, at sub-step pos. */
void wv_app_show(struct wv_app *app, size_t pos);
/* The main view, where it is. */
void wv_app_main_view(struct wv_app *app);
/* View v (compare, help: a link's view=), at the sub-step shown. */
void wv_app_set_view(struct wv_app *app, enum wv_view v);
/* Play from here, ms per sub-step (ms <= 0: at the speed set). */
void wv_app_play(struct wv_app *app, int ms);
/* Stop playing. */
void wv_app_stop(struct wv_app *app);
/* ms per sub-step when playing (a lesson's autoplay may go past WV_SPEED_MAX). */
void wv_app_set_speed(struct wv_app *app, int ms);
/* No message (and W's whole message closed). */
void wv_app_msg_clear(struct wv_app *app);
/* Whether mouse reporting is on, as the terminal made it. */
void wv_app_set_mouse(struct wv_app *app, bool on);
/*
 * A lesson question: open or not, the sub-step it is about (pos, no later
 * than the sub-step shown) and the one whose result it asks (sub); and the
 * questions still to come on this trace, which every view hides: n of them
 * (at most WV_APP_ASKED_MAX are kept).
 */
void wv_app_set_quiz(struct wv_app *app, bool open, size_t pos, size_t sub);
void wv_app_set_asked(struct wv_app *app, const struct wv_hide_asked *asked, size_t n);

#endif /* WATVIZ_APP_H */
