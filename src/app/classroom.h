/*
 * app/classroom.h - a lesson in the visualizer: scenes, questions,
 * autoplay and the saved place.
 *
 * Pure state and actions over struct wv_app, as app/app.h: the terminal
 * module turns keys into wv_class_do() and finished answer lines into
 * wv_class_answer(), and redraws what the reaction says.  Each scene loads
 * its word, variant, offset, fill and delim into the app (the lesson's
 * scene input, on --arch where the scene does not need its own variant) and
 * jumps to the sub-step it points at; every other key of the visualizer
 * still works there.  A question's answer is worked out from the scene's
 * trace when the scene starts (wv_lesson_answer) and belongs to that
 * trace: a change of the word, the variant, the start, the fill or the
 * delimiter withdraws the question (answered or not) until the scene is
 * entered again, so nothing is graded or worked out on a trace the screen
 * does not show.
 *
 *   phase    SCENE --Enter--> ASK --right answer / s--> FEEDBACK --Enter--> next
 *            (a scene without a question: Enter goes on at once)
 *            the last scene goes on to END, the end-of-lesson screen
 *            END --n / Enter--> the next lesson (wv_class_open)
 *
 * A class can move to any lesson file it was given (wv_ui_opts.files):
 * :lesson, :next, :prev and the end screen load it (wv_lesson_load, or
 * wv_ui_opts.load where the lessons are not files), keep
 * the saved place of each lesson apart, and free the one they leave.
 *
 * Autoplay: every tick (c->pace_ms, --autoplay) walks one sub-step toward
 * the one the scene shows; the scene stays up until its narration, as filled
 * for the variant, is read at WV_PACE_WPM (lesson/pace.h), then its question
 * pauses autoplay, or the next scene comes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASSROOM_H
#define WATVIZ_CLASSROOM_H

#include <stdbool.h>
#include <stddef.h>

#include "app/app.h"
#include "lesson/lesson.h"
#include "measure/measure.h"
#include "lesson/pace.h"
#include "trace/word.h"
#include "app/options.h"

enum wv_class_phase {
	WV_CLASS_SCENE,		/* the narration */
	WV_CLASS_ASK,		/* the question, waiting for an answer */
	WV_CLASS_FEEDBACK,	/* answered right, or shown: worked out */
	WV_CLASS_END,		/* after the last scene */
};

/* How a scene's question went (the first time it was settled). */
enum wv_class_outcome {
	WV_OUTCOME_OPEN,	/* not answered yet */
	WV_OUTCOME_RIGHT,	/* right at the first try */
	WV_OUTCOME_RETRIED,	/* right after a wrong answer */
	WV_OUTCOME_SHOWN,	/* the answer was shown */
};

#define WV_CLASS_AUTOPLAY_DEFAULT 4000	/* ms, for r without --autoplay */
#define WV_CLASS_AUTOPLAY_MIN 500
#define WV_CLASS_AUTOPLAY_MAX 600000

struct wv_class {
	struct wv_app *app;		/* what is shown; not owned */
	const wv_lesson *lesson;	/* the one shown: opts->lesson or owned */
	wv_lesson *owned;		/* a lesson the class loaded, or NULL */
	const struct wv_variant *arch;	/* --arch where this lesson allows it */
	const struct wv_variant *arch_opt;	/* --arch, or NULL */
	/* the lesson files it can move to (not owned; NULL: only lesson),
	   this one's index, and the last of the run (see wv_ui_opts) */
	const struct wv_lesson_file *files;
	size_t nfiles, file, run_last;
	int (*load)(const struct wv_lesson_file *f, wv_lesson **out,
		    struct wv_error *err);	/* opts->load, or NULL */
	bool restart;			/* --restart: every lesson from scene 1 */
	const char *restart_how;	/* opts->restart_how, or "--restart" */
	unsigned char *opened;		/* per file: opened in this run (the
					   second time, --restart no longer
					   applies); NULL without files */
	struct wv_pace pace;		/* the lesson's estimated duration */
	unsigned number;		/* lesson number, for headings/progress */
	char slug[64];
	bool present;			/* --present */
	/* the split view the teacher asked for (--split, v or :split in
	   the lesson): kept through the scenes, a scene's own split: shown
	   instead in that scene; drawn wherever the scene's own question
	   is not open, its second pane hiding what a question open or to
	   come would show (wv_class_split_shown); NULL none */
	const struct wv_variant *split;
	size_t scene, nscenes;
	enum wv_class_phase phase;
	struct wv_trace_in in;		/* the scene's input (word in the lesson) */
	bool kept;			/* the scene keeps its own variant */
	size_t shown;			/* the sub-step it points at */
	bool has_question;
	struct wv_answer answer;	/* from the scene's trace */
	unsigned wrong;			/* wrong answers to this question */
	char last_wrong[48];		/* the last of them, as typed (its
					   first 40 bytes, cut marked) */
	char wrong_why[320];		/* what it would have meant, or "" */
	bool revealed;			/* s showed the answer */
	bool withdrawn;			/* the question left with a change of
					   the word or the variant */
	bool sources;			/* i: the scene's sources shown */
	bool text_whole;		/* W: the scene's text (narration,
					   question, worked answer) over the
					   screen, until the next key */
	unsigned text_page;		/* W again: its next screenful */
	char retry[WV_CMD_TEXT_MAX];	/* the answer line's text again,
					   whole (as much as the line holds):
					   an unreadable answer to fix, or a
					   wrong one (retry_selected) */
	bool retry_selected;		/* retry is a wrong answer, selected:
					   a retry is typed over it */
	unsigned draws;			/* w: words drawn in this lesson run */
	uint8_t fresh[WV_WORD_MAX];	/* w: the word drawn (c->in.word) */
	char fresh_src[4 * WV_WORD_MAX + 1];	/* and as a C literal */
	char unreadable[256];		/* why it could not be read */
	unsigned char *outcome;		/* per scene, enum wv_class_outcome */
	int pace_ms;			/* autoplay: ms per tick */
	size_t read_words;		/* autoplay: the scene's narration */
	unsigned read_ms;		/* and the time to read it */
	unsigned played_ms, ticks;	/* autoplay: spent on the scene so far */
	char progress[4096];		/* the progress file, "" none */
	bool progress_failed;		/* said once that it cannot be saved */
	/* a "measure:" scene: the figures its chart and narration show,
	   taken when such a scene is first entered and again on m */
	wv_measure_fn *measure_fn;	/* the seam: wv_measure_default, or a
					   test's figures */
	bool measured;			/* measure holds figures */
	char measure_why[160];		/* why not, when measure_fn failed */
	struct wv_measure measure;
};

/*
 * Start lesson opts->lesson in app (not yet initialised; free it with
 * wv_app_free after wv_class_free).  progress_path: the progress file, or
 * NULL for none.  Resumes at the scene saved for the lesson unless
 * opts->restart, and says so in app->msg (also when the file is corrupt:
 * then it is ignored).  opts->autoplay_ms > 0 starts autoplay.  Returns 0,
 * or -1 with the reason in app->msg (out of memory, a scene that cannot be
 * traced).
 */
int wv_class_init(struct wv_class *c, struct wv_app *app,
		  const struct wv_ui_opts *opts, const char *progress_path);
void wv_class_free(struct wv_class *c);

/*
 * Is the scene's question open: asked or about to be, not yet answered or
 * shown?  Then every screen hides what would answer it.
 */
bool wv_class_question_open(const struct wv_class *c);

/*
 * Is the split view drawn now?  It is on (app->split_v), the lesson is not
 * at its end, and the scene's own question is not open (its layout keeps
 * the scene's narration, not the question and its answer line).  Where a
 * question open or still to come on this trace (wv_class_would_answer)
 * could be answered from the second pane, that pane hides it from the
 * kernel call it asks of on (the first pane hides the asked rows, as
 * everywhere).  Otherwise the scene is drawn alone and the split waits.
 */
bool wv_class_split_shown(const struct wv_class *c);

/*
 * The teacher's split view in a lesson (v, :split NAME, a link's split=,
 * as --split): v under the scene's variant (NULL closes it), kept through
 * the scenes.  While the scene's own question is open it waits (the
 * scene is drawn alone, wv_class_split_shown) and the message line says
 * until when: that scene's answer.  A variant
 * that cannot walk the scene's memory is refused, app->msg says why
 * (v or a scene entered with the teacher's split kept: the same words).
 * Returns the reaction.
 */
int wv_class_split(struct wv_class *c, const struct wv_variant *v);

/*
 * The answers of the questions still to come on the trace shown after this
 * scene's (neither answered nor shown), at most max into later; how many.
 * A wrong answer equal to one is not named (wv_lesson_diagnose_unnamed),
 * and the class is not offered one as an option (wv_lesson_options).
 */
size_t wv_class_later_answers(const struct wv_class *c, uint64_t *later, size_t max);

/*
 * Would a view of every value of the word shown (compare, :json, :try, a
 * link's view) answer a question open or still to come on this trace?
 * Returns the scene that asks it (from 1; the first of them), or 0.  Such
 * a view waits until it is answered or shown with s.  (The split view
 * hides what it would answer instead: wv_class_split_shown.)
 */
size_t wv_class_would_answer(const struct wv_class *c);

/*
 * A key (act WV_ACT_NONE for a key that means nothing).  Any key stops
 * autoplay; lesson keys act here, the others go to wv_app_do().  Returns
 * reaction flags; WV_REACT_ANSWER: open the answer line (wv_class_prompt,
 * text c->retry).
 */
int wv_class_do(struct wv_class *c, enum wv_action act);

/*
 * A click (wv_app_click), autoplay taken over.  Changing a byte of the
 * scene's word withdraws its question, as any edit does (a one-line notice
 * says so; entering the scene again asks it again).  Returns reaction flags.
 */
int wv_class_click(struct wv_class *c, unsigned target);

/*
 * After a change made outside wv_class_do (the word line): withdraw the
 * question when the trace is no longer the one it was asked on (a byte, the
 * variant, the start, the fill, the delimiter).  Returns reaction flags.
 */
int wv_class_sync(struct wv_class *c);

/* A finished answer line (NULL: abandoned).  Returns reaction flags. */
int wv_class_answer(struct wv_class *c, const char *typed);

/*
 * At the open answer line, does key (action act) leave the line for the
 * lesson?  Only the keys the screen names there (s, w, [, ], PgUp, PgDn),
 * and of those only what no answer of this question's form is typed with:
 * a formula (mask, fls, __ffs) keeps every character.
 */
bool wv_class_line_leaves(const struct wv_class *c, int key, enum wv_action act);

/* The answer line's prompt: "answer (hex): ", "answer (a-d): " ... */
const char *wv_class_prompt(const struct wv_class *c);

/*
 * One autoplay tick (app->playing, every app->speed_ms): the next sub-step
 * toward the one the scene shows, then its question (autoplay pauses) or
 * the next scene.  Returns reaction flags.
 */
int wv_class_tick(struct wv_class *c);

/* Go to scene i (< nscenes), or to the end screen for i == nscenes. */
int wv_class_goto(struct wv_class *c, size_t i);

/*
 * Move to lesson files[k]: load it, start where the class stopped in it
 * (unless --restart), on --arch when the lesson allows it, else on its own
 * first variant (and say so).  A lesson that cannot be loaded leaves the
 * class where it was, with file:line:col and the mistake in app->msg.
 * Autoplay goes on when it was on.  Returns reaction flags.
 */
int wv_class_open(struct wv_class *c, size_t k);

/* The lesson the end screen offers (an index into files), or -1. */
long wv_class_next(const struct wv_class *c);

/*
 * Run a ':' command, parsed: :scene N, :lesson N|NAME, :next and :prev
 * here, the others through wv_app_command (write_json as there); while the
 * question is open, :compare, :split and :json, which would show or write
 * its answer, are refused.  Returns reaction flags; mistakes go to
 * app->msg.
 */
int wv_class_command(struct wv_class *c, const struct wv_cmd *cmd,
		     int (*write_json)(const struct wv_trace *t, const char *path));

/* Ticks the scene stays up in all, at the present pace (autoplay). */
unsigned wv_class_ticks_total(const struct wv_class *c);

/*
 * :lesson WHICH typed in the free visualizer: load the lesson opts->files
 * names WHICH (a number or a name) and make it c's, in app, as
 * wv_class_init does with that lesson (its own variant; saved progress
 * unless opts->restart), so :next, :prev and the end screen work on.
 * Returns 0; -1 with the reason in app->msg and app as it was (no such
 * lesson, a broken file, no lessons found); -2 when the lesson could not
 * start (out of memory: app->msg says so and app is freed).
 */
int wv_class_from_free(struct wv_class *c, struct wv_app *app,
		       const struct wv_ui_opts *opts, const char *progress_path,
		       const char *which);

/*
 * For the scene's title when --arch names a variant this lesson does not
 * allow (--course --arch, :lesson N): " (this lesson does not run on
 * alpha)", else "".  Static storage, valid until the next call.
 */
const char *wv_class_arch_note(const struct wv_class *c);

/* Does the app show something other than the scene's own setup? */
bool wv_class_exploring(const struct wv_class *c);

/*
 * The scene's narration on the trace shown, filled (wv_lesson_narrate), a
 * measure scene's figures from c->measure ("(not measured)" without
 * them), {memory} as memory (WV_MEMORY_PANEL or WV_MEMORY_STRIP: what the
 * frame draws).  Returns 0, or -1 when a placeholder has no value (a
 * changed word); out is then not written.
 */
int wv_class_narrate(const struct wv_class *c, const char *memory, char *out,
		     size_t size);

/*
 * The placeholders of the scene's narration and question that would state
 * a value a question still to come on this trace asks (app->asked), as
 * the mask wv_lesson_narrate_hiding and wv_lesson_prompt_hiding take: they
 * are written '?' there, as a handout writes them.
 */
unsigned wv_class_hiding(const struct wv_class *c);

/*
 * The worked answer of the scene's question as the screen may show it now,
 * into out (size bytes): while questions still to come on the trace shown
 * ask what a row holds (app->asked), it says no value the screen draws '?'
 * and nothing that follows from one (wv_lesson_worked under the veil of
 * wv_view_hide); else the whole of c->answer.worked.
 */
void wv_class_worked(const struct wv_class *c, char *out, size_t size);

/* Questions in the lesson, and how many had each outcome. */
size_t wv_class_count(const struct wv_class *c, enum wv_class_outcome o,
		      size_t *questions);

#endif /* WATVIZ_CLASSROOM_H */
