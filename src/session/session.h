/*
 * session/session.h - the interaction, once: what a key, a click, a tick or
 * a finished line does, for every front-end.
 *
 * A session owns the visualizer's state (struct wv_app) and, in a lesson,
 * the class (struct wv_class).  It knows which line is open (the ':'
 * command line, the word, a lesson's answer) and what finishing it does;
 * it parses a ':' line once and dispatches it; it decides which keys an
 * open answer line leaves to the lesson.  A front-end only reads input,
 * paints the frames the session builds and provides the platform (files or
 * the browser's storage, threads or a worker for proofs, the clock):
 *
 *   key    --> wv_session_key        (no line open, or a key the line
 *                                     leaves: wv_session_line_takes false)
 *   line   --> wv_session_line_done  (the text the front-end's editor
 *                                     finished, NULL when abandoned)
 *   click  --> wv_session_click, wheel --> wv_session_act, tick --> tick
 *   frame  <-- wv_session_frame
 *
 * Each returns reaction flags (enum wv_reaction).  When the session opens
 * a line (s->line no longer WV_LINE_NONE after a call that returned
 * WV_REACT_PROMPT, _EDIT or _ANSWER), the front-end opens its editor with
 * s->prompt and the text s->text; when s->line is WV_LINE_NONE again, the
 * front-end closes it.  s->selected: the text is selected (a wrong answer
 * to retry); wv_session_replaces says whether a key typed replaces it.
 *
 * A front-end without a line editor of its own (the page) uses the
 * session's: wv_session_edit_key and wv_session_draw_line, with the ':'
 * history the session keeps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SESSION_H
#define WATVIZ_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "app/app.h"
#include "app/classroom.h"
#include "app/cmdline.h"
#include "live/live.h"
#include "render/screen.h"
#include "try/try.h"
#include "app/options.h"

enum wv_line {
	WV_LINE_NONE,
	WV_LINE_COMMAND,	/* ':' */
	WV_LINE_WORD,		/* e: the word, as a C literal's body */
	WV_LINE_ANSWER,		/* a lesson's answer */
};

/* A lesson file built into a front-end: its name and its text (the page
   embeds lessons/NN-slug.lesson, src/front/web/embed-lessons.sh). */
struct wv_session_lesson {
	unsigned number;	/* from the file name: 03-has-zero.lesson -> 3 */
	const char *slug;	/* "has-zero" */
	const char *text;	/* the file's bytes */
	size_t len;
};

/* What the front-end provides; any member may be NULL. */
struct wv_session_platform {
	/* :json FILE: write trace t to path; 0 or -errno (NULL: -ENOSYS) */
	int (*write_json)(const struct wv_trace *t, const char *path);
	/* a line for the ':' history (not blank, not the last one again):
	   store it; 0 or -errno (the session says once that it failed) */
	int (*remember)(void *ctx, const char *line);
	/* the file remember stores in, named when it fails (NULL or "":
	   the error alone); it outlives the session */
	const char *history_file;
	/* :try FORMULA, parsed and allowed on variant v (t stays the
	   session's until wv_session_try_done): prove it elsewhere (the
	   page's worker, the terminal's thread) and return 0, or -1 to
	   prove it here at once */
	int (*try_job)(void *ctx, const struct wv_variant *v, const struct wv_try *t,
		       const char *formula);
	/* :class SPEC in a lesson: serve a live class at SPEC ("ADDR[:PORT]",
	   ":PORT", "" for the default) and hand it over with
	   wv_session_live; 0, or -1 with why in err (NULL: no class here) */
	int (*class_start)(void *ctx, const char *spec, char *err, size_t size);
	/* the lessons built into the front-end (the page's), nlessons of
	   them sorted by number and outliving the session: what a link's
	   lesson= and :lesson, :next, :prev open (wv_session_open) */
	const struct wv_session_lesson *lessons;
	size_t nlessons;
	/* a state blob of the front-end's store that is not what watviz
	   writes: copy it aside and empty it, the copy's name into kept; 0
	   or -errno (NULL: it is left as it is) */
	int (*set_aside)(void *ctx, const char *name, char *kept, size_t size);
	void *ctx;
};

struct wv_session {
	struct wv_app app;
	struct wv_class cls;	/* a lesson's state, when lesson */
	bool lesson;
	bool started;		/* app (and cls) initialised */
	const struct wv_ui_opts *opts;	/* for :lesson N in the free view */
	const char *progress;		/* the progress file, or NULL */
	struct wv_session_platform plat;
	enum wv_theme theme;		/* --theme, :set theme: the front-end
					   draws in it */
	bool theme_chosen;
	bool blank;			/* '.': nothing shows until a key */		/* so, not a default (the page's link
					   says theme= then) */
	bool remember_failed;		/* said once */
	/* the open line */
	enum wv_line line;
	char prompt[64];
	char text[WV_CMD_TEXT_MAX];	/* as opened; the session's editor
					   edits it in place */
	size_t len, at;			/* its editor: bytes, the cursor */
	bool selected;			/* the text is selected */
	/* the session's editor's ':' history, oldest first; recall: an
	   index while Up/Down recall one */
	char *history[WV_HISTORY_MAX];
	size_t nhistory, recall;
	char typed[WV_CMD_TEXT_MAX];	/* the line before Up was pressed */
	const char *const *names;	/* lesson names, for Tab */
	const char **file_names;	/* names of opts->files (owned) */
	struct wv_cmd cmd;		/* the one parse of a ':' line */
	struct wv_try *try_t;		/* a :try the platform proves, or NULL */
	const struct wv_variant *try_v;	/* the variant it is proved on */
	unsigned long job_aside;	/* keys set aside while it runs */
	/* a live class (--class): the votes, what the phones are told,
	   and how to join (the front-end's server provides them) */
	wv_live *live;			/* not owned; NULL: no class */
	bool live_changed;		/* the round changed: tell the phones */
	unsigned live_lesson;		/* the question the round is on: */
	size_t live_scene;		/*   lesson, scene + 1 (0 none), */
	unsigned live_draws;		/*   and the word drawn (w) */
	bool join_shown;		/* J: the join screen */
	char join_url[256], join_code[16];
	size_t join_capacity;		/* students the server can hold */
	char *join_qr;			/* rows of the QR code, '\n' between;
					   owned by the front-end */
	char live_note[160];		/* why this question is not voted */
	/* the server's check of its own address (wv_session_live_check):
	   0 under way, 1 it answered, -1 it did not (join_why says why) */
	int join_check;
	char join_why[64];
	/* each question the class voted on, summed up as the next one
	   opens (and by wv_session_live_end) */
	struct wv_live_summary *sums;
	size_t nsums;
	unsigned kept_round;		/* the round last summed up */
	/* a front-end that opens links (wv_session_open): what a lesson
	   starts with, and the state the session keeps in the platform's
	   store itself, looked at once, at the first open: the blobs'
	   names ("" none) and what the look found, said once */
	struct wv_ui_opts link_opts;
	bool kept_checked;
	char progress_name[64], history_name[64];
	char kept_note[WV_APP_MSG_MAX];
};

/*
 * Start s on opts: a lesson when opts->lesson (progress_path: its
 * progress file, or NULL), else the free visualizer, which says how to
 * step (wv_session_hello) unless it opens at opts->step.  The lessons of
 * opts->files are what Tab offers after ":lesson " (s->names).  Returns 0, or
 * -1 with the reason in s->app.msg (nothing to free then).
 */
int wv_session_init(struct wv_session *s, const struct wv_ui_opts *opts,
		    const char *progress_path, const struct wv_session_platform *plat);

/*
 * Take s over after the front-end started s->app (wv_app_init) or s->cls
 * (wv_class_init) itself, as the page does from a link.
 */
void wv_session_adopt(struct wv_session *s, bool lesson, const struct wv_ui_opts *opts,
		      const char *progress_path, const struct wv_session_platform *plat);

/* The free visualizer's first message: how to step, where the keys are. */
void wv_session_hello(struct wv_session *s);

/* Free what s holds (the history too); s may be used again after init. */
void wv_session_free(struct wv_session *s);

/* Free the app and the class, keeping the history and the platform. */
void wv_session_stop(struct wv_session *s);

/* A key, in the key map's codes (app/keys.h).  Reaction flags. */
int wv_session_key(struct wv_session *s, int key);

/* An action that is no key: as wv_session_key. */
int wv_session_act(struct wv_session *s, enum wv_action act);

/* The mouse wheel turned towards the user (dir > 0: a sub-step on) or
   away (one back), whatever the focus.  Reaction flags. */
int wv_session_wheel(struct wv_session *s, int dir);

/*
 * With a line open: does the line's editor take key?  false: the key
 * leaves the line for the lesson (wv_class_line_leaves): pass it to
 * wv_session_key, which closes the line.
 */
bool wv_session_line_takes(const struct wv_session *s, int key);

/*
 * Before an editor takes key: does it replace the selected text (a
 * printable key, Backspace or Delete over a selected wrong answer)?  Then
 * the editor empties its line first.  Any key ends the selection.
 */
bool wv_session_replaces(struct wv_session *s, int key);

/* The line was finished (text) or abandoned (NULL).  Reaction flags. */
int wv_session_line_done(struct wv_session *s, const char *text);

/* A click on the frame's target (wv_frame_target_at).  Reaction flags. */
int wv_session_click(struct wv_session *s, unsigned target);

/* Say something on the message line (printf-style); error: in red. */
void wv_session_msg(struct wv_session *s, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Mouse reporting is on or off, as the front-end could make it. */
void wv_session_set_mouse(struct wv_session *s, bool on);

/* Go to the sub-step spec names (--step); an unknown one is said on the
   message line (s->app.msg_error), as "--step SPEC: ...".  Reaction flags. */
int wv_session_goto_step(struct wv_session *s, const char *spec);

/*
 * The :try the platform proved is done: rc and p as wv_prove_* give them
 * (-EINTR: stopped, by the key named stopped_by, NULL: Ctrl-C).  Shows the
 * verdict (on another variant than the one shown now: says so instead).
 * Reaction flags; nothing when no :try is pending.
 */
int wv_session_try_done(struct wv_session *s, int rc, const struct wv_proof *p,
			const char *stopped_by);

/* Forget the pending :try without a verdict (the platform lost it). */
void wv_session_try_cancel(struct wv_session *s);

/* An autoplay tick, every s->app.speed_ms while s->app.playing. */
int wv_session_tick(struct wv_session *s);

/* The screen into f (sized by the caller): the lesson or the trace. */
void wv_session_frame(struct wv_session *s, struct wv_frame *f);

/*
 * What a screen reader should say (the page's live region): a lesson's
 * text panel as the screen shows it (wv_lessonview_said, which hides what
 * the screen hides), or the sub-step's sentences, then the message line;
 * paragraphs joined as one line.  out holds WV_SESSION_SAID_MAX bytes.
 */
#define WV_SESSION_SAID_MAX (WV_NARRATION_MAX + WV_TEXT_MAX + WV_APP_MSG_MAX + 4)
void wv_session_said(const struct wv_session *s, char *out, size_t size);

/*
 * A live class on s's lesson: every question the class is asked opens a
 * round of live (a vote on its options, wv_live_question_of); s shows the
 * votes (s: the histogram by misconception and the answer; V: vote
 * again).  url, code and qr (rows separated by '\n', NULL none; not
 * copied) are how to join, for J, and capacity how many students the
 * server can hold.  After any call, wv_session_live_changed says
 * whether the phones must be told.
 */
void wv_session_live(struct wv_session *s, wv_live *live, const char *url,
		     const char *code, char *qr, size_t capacity);

/* The join screen, shown: a class that has just started joins first. */
void wv_session_show_join(struct wv_session *s);

/*
 * Whether the round changed since the last call (the phones must be
 * told); the front-end asks once per turn of its loop, which clears it.
 */
bool wv_session_live_changed(struct wv_session *s);

/*
 * What the server's check of its own address found (the front-end runs
 * it: a request from this machine to the link's address and port):
 * answered, or not and why ("permission denied").  The join screen says
 * what that proves, or what to do.
 */
void wv_session_live_check(struct wv_session *s, bool answered, const char *why);

/* The class is over: the last question's summary kept too.  The
   questions' summaries are s->sums[0..s->nsums). */
void wv_session_live_end(struct wv_session *s);

/* ---- links: a front-end whose screens have addresses (the page) ---- */

/*
 * Open the screen the link's fragment names (session/link.h; "" the first
 * screen of `watviz 'ab\0cd'`): a trace of its word, or a lesson of
 * plat->lessons at its scene, with its step, split view, view and theme.
 * s is stopped first and started again on plat (the history is kept).  A
 * field that cannot be taken is said on the message line and left out.
 * The first open also reads the state the session keeps in the store
 * (wv_state_*: the ':' history, a lesson's progress, from which a lesson
 * without a scene resumes), setting aside a blob that is not watviz's and
 * saying so once.  Returns 0, -1 when a field was refused, -2 when nothing
 * could be started (out of memory: s is not started).
 */
int wv_session_open(struct wv_session *s, const char *fragment,
		    const struct wv_session_platform *plat);

/*
 * The fragment that opens the screen shown now (wv_session_open takes it
 * back), into out (WV_WEBLINK_MAX bytes hold any); "" when s is not
 * started.
 *   the trace of "ab\0cd" at its fourth sub-step:
 *   "word=ab%5C0cd&arch=x86-64&step=has_zero%3A3"
 */
void wv_session_link(const struct wv_session *s, char *out, size_t size);

/* ---- a :try proved elsewhere while the screen stays live (the page) ---- */

/*
 * From the platform's try_job: should the formula (parsed for v) be proved
 * elsewhere, by checking every word?  Yes on a 32-bit variant: then the
 * job's text (what wv_session_job_prove takes) goes into out and the
 * message line says how to stop it; 0.  -1: prove it here, at once.
 */
int wv_session_job_text(struct wv_session *s, const struct wv_variant *v,
			const char *formula, char *out, size_t size);

/* The name of the key that stops a proof running elsewhere ("Esc",
   "Ctrl-C"; the terminal's thread too), or NULL when key is the
   session's as usual. */
const char *wv_session_job_stop(const struct wv_session *s, int key);

/*
 * The elsewhere's half: prove job (wv_session_job_text's) on every word
 * and write its verdict as one line into out (size 128 holds it), for
 * wv_session_job_done.  Needs no session: it runs where the proof runs.
 */
void wv_session_job_prove(const char *job, char *out, size_t size);

/* The verdict line of the pending :try (NULL: stopped by the key named
   how) shown.  Reaction flags. */
int wv_session_job_done(struct wv_session *s, const char *verdict, const char *how);

/* ---- a :try proved on a thread of the front-end's (the terminal) ---- */

/* The platform's try_job started proving v's formula on a thread: said
   on the message line, with how to stop it. */
void wv_session_job_started(struct wv_session *s, const struct wv_variant *v);

/*
 * The thread's half (needs no session): prove t by the solver within work
 * (wv_prove_work's), or, in a build without one, by checking every word.
 * Returns rc for wv_session_try_done, and fills *p.
 */
int wv_session_job_run(const struct wv_try *t, uint64_t work, struct wv_proof *p);

/*
 * A key (key map codes; -1 one without a code) while the thread proves:
 * the name of the key that stops it (wv_session_job_stop), or NULL: the
 * key is set aside, not run, and the message line counts the keys set
 * aside so far.
 */
const char *wv_session_job_key(struct wv_session *s, int key);

/* ---- what the session writes for a front-end with files ---- */

/* :json FILE: the JSON renderer's output for t, written to a temporary
   file beside path and renamed over it (wv_state_replace: a failed write
   leaves the file as it was).  0 or -errno.  The platform's write_json. */
int wv_session_json_file(const struct wv_trace *t, const char *path);

/* What a front-end that cannot draw (TERM=dumb) shows instead, into out:
   a lesson as its handout, else the trace as plain text, coloured as
   wv_plain_want_color decides for out.  0, or -1 when writing failed. */
int wv_session_plain(const struct wv_session *s, FILE *out);

/* ---- the session's own line editor (for a front-end without one) ---- */

/* A key at the open line: edit, Tab, Up/Down, Enter, Esc.  Reactions. */
int wv_session_edit_key(struct wv_session *s, int key);

/* The open line over the frame's last row, with the cursor. */
void wv_session_draw_line(const struct wv_session *s, struct wv_frame *f);

/* Add text (n bytes) to the editor's history, as read from its store. */
void wv_session_history_push(struct wv_session *s, const char *text, size_t n);

#endif /* WATVIZ_SESSION_H */
