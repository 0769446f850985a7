/*
 * lesson/lesson.h - lesson files: scenes that set up a word and a variant,
 * point at the step that matters, narrate it and ask the class a question.
 *
 * The format is described in lessons/README.md.  A lesson never contains an
 * answer: a question names the value it asks for ("ask: find_zero"), and the
 * answer is taken from the trace of the scene (the core's record) when the
 * scene runs, so a lesson cannot teach a wrong value.
 *
 * The parser checks everything before a lesson runs: unknown keys, bad words
 * and bytes, unknown variants, and, by building the trace of every scene on
 * every variant the lesson allows, steps or values a scene does not reach.
 * Errors carry the line and column; the caller prints "file:line:col: msg".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_H
#define WATVIZ_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr/error.h"
#include "trace/trace.h"

/* What a question asks for; every one is read from a scene's trace. */
enum wv_ask {
	WV_ASK_NONE,		/* the scene has no question */
	WV_ASK_LOADED,		/* the shown word as loaded (hex) */
	WV_ASK_VALUE,		/* a, after the pre-start bytes are forced (hex) */
	WV_ASK_HAS_ZERO,	/* has_zero's result on the shown word (hex) */
	WV_ASK_DATA,		/* what has_zero stored through its pointer (hex) */
	WV_ASK_DELIM_VALUE,	/* b = a ^ REPEAT_BYTE(delim) (hex) */
	WV_ASK_DELIM_HAS_ZERO,	/* has_zero(b) (hex) */
	WV_ASK_PREP,		/* prep_zero_mask, both OR-ed with a delimiter (hex) */
	WV_ASK_CREATE,		/* create_zero_mask (hex, or a number where the
				   variant's is a count or an index) */
	WV_ASK_FIND,		/* find_zero: the byte index (number) */
	WV_ASK_ZBM,		/* zero_bytemask (hex) */
	WV_ASK_LENGTH,		/* the string length the scan reports (number) */
	WV_ASK_FALSE_POS,	/* how many flags of has_zero sit in non-zero bytes */
	WV_ASK_TOP_FLAG,	/* the memory byte the TOP flag of has_zero points
				   at (what clz/8 of the cheap mask would say) */
	WV_ASK_HAS_ZERO_OPS,	/* the word operations of has_zero's formula, on
				   every word of the loop (number; the core's
				   count, watviz/cost.h, kept in the trace) */
	WV_ASK_SUB_RESULT,	/* the result row of the shown sub-step */
	WV_ASK_BUILD,		/* "build has_zero|exact|find_zero": the class
				   writes a formula, proven or refuted for
				   every word (prove/prove.h) */
};

/* How the class answers. */
enum wv_form {
	WV_FORM_AUTO,		/* hex for words, a number for counts */
	WV_FORM_HEX,
	WV_FORM_NUMBER,
	WV_FORM_CHOICE,		/* pick one of up to four computed options */
	WV_FORM_FORMULA,	/* a formula over a (ask: build ...) */
};

struct wv_question {
	char *prompt;		/* the question as the teacher wrote it */
	enum wv_ask ask;
	enum wv_form form;
	int build_as;		/* ask: build: enum wv_try_as */
	int line;		/* where it was written */
};

/* Which variants a paragraph of narration is for ("text-le:", "text-be:"). */
enum wv_when { WV_WHEN_ANY, WV_WHEN_LE, WV_WHEN_BE };

struct wv_rule;

/*
 * A paragraph of narration as written, placeholders unfilled.  A rule
 * paragraph ("rule: NAME sentence") states one of lesson/rules.h's proved
 * rules: the loader refuses it on a variant the rule does not hold on.
 */
struct wv_para {
	char *text;
	enum wv_when when;
	const struct wv_rule *rule;	/* the rule it states, or NULL */
	int line;			/* where it was written */
};

/* A placeholder as written ("{find_zero}" at line, col). */
struct wv_placeholder {
	char name[24];
	int line, col;
};

#define WV_PARAS_MAX 16
#define WV_NARRATION_MAX 8192	/* room for a scene's narration, filled */
#define WV_SOURCES_MAX 8
#define WV_MARKS_MAX 48

/* One scene, as written (NULL variant: the lesson's, or --arch). */
struct wv_scene {
	int line;		/* of its "scene:" line */
	char *title;
	char *word_src;		/* as written */
	uint8_t *word;		/* decoded bytes */
	size_t word_len;
	const struct wv_variant *variant;	/* fixed by "arch:", or NULL */
	size_t offset;
	size_t page_end;	/* "page-end:": an unmapped page from here, 0 none */
	uint8_t fill;
	int delim;		/* -1 none */
	enum wv_step_kind show;	/* the step to show */
	bool show_word_set;	/* "show: X word N" was given */
	size_t show_word;	/* which word (default: where the loop stops) */
	size_t show_sub;	/* 0-based sub-step within the step */
	unsigned show_ops;	/* "op sub/add": first sub-step whose op is
				   in this set (1 << enum wv_op); 0 = by sub */
	bool show_result;	/* "result": the sub-step that computes the
				   step's result, on every variant */
	bool show_last;		/* "last": with "op", the last sub-step doing
				   it (a & zero_bytemask(mask) is the last
				   "and"); alone, the step's last sub-step */
	size_t npara;		/* narration, as written: see wv_lesson_narrate */
	struct wv_para para[WV_PARAS_MAX];
	size_t nsources;	/* "source:" lines: "PATH @ VERSION: what" */
	char *sources[WV_SOURCES_MAX];
	size_t nmarks;		/* placeholders in text and question */
	struct wv_placeholder marks[WV_MARKS_MAX];
	struct wv_question q;	/* q.ask == WV_ASK_NONE: no question */
	unsigned practice;	/* "practice:": WV_PRACTICE_ON and the
				   constraints (1 << their index in
				   wv_practice_names); 0: none */
	int practice_line;
	bool explore;		/* "explore: yes": the class is invited to
				   change a byte (m) and watch */
	const struct wv_variant *split;	/* "split: ppc64": the scene opens in
					   the split view with it, NULL none */
	int measure;		/* "measure: strlen": the chart of a live
				   measurement (enum wv_measure_group,
				   measure/measure.h), -1 none */
};

/*
 * "practice:" constraints: what a word drawn for "another word" keeps of
 * the scene's case, besides its variant, length, start, fill and delimiter.
 * Index 0 ("yes") is no constraint; the others, on the drawn word's trace:
 *   false-positive     a flag of has_zero on the shown word in a byte that
 *                      is not zero (no-false-positive: none)
 *   no-zero            the shown word holds no terminator
 *   nul-first          the terminator is the first byte of its word
 *   nul-last           ... the last byte of its word
 *   top-flag-lies      the top flag of has_zero is not at the first zero
 *   delim-first        the scan stops at the delimiter, not at a NUL
 */
#define WV_PRACTICE_ON 1u
#define WV_PRACTICE_NAMES 8
extern const char *const wv_practice_names[WV_PRACTICE_NAMES];

typedef struct wv_lesson wv_lesson;

/*
 * Parse a lesson from text[0..len).  name is used only in messages.  On
 * success returns 0 and *out (free with wv_lesson_free).  On a mistake
 * returns -1 and fills *err (line and column of the mistake); nothing is
 * allocated then.  -ENOMEM when memory runs out.
 */
int wv_lesson_parse(const char *text, size_t len, wv_lesson **out,
		    struct wv_error *err);

/*
 * As wv_lesson_parse, but going on after a mistake: up to max mistakes, in
 * the order of the file, into errs[0..*nerrs).  A scene with a mistake of its
 * own is not traced.  Returns 0 (and *out), -1 or -ENOMEM.
 */
#define WV_LESSON_ERRORS_MAX 32
int wv_lesson_parse_all(const char *text, size_t len, wv_lesson **out,
			struct wv_error *errs, size_t max, size_t *nerrs);

/*
 * As wv_lesson_parse, without the checks that trace every scene on every
 * variant (check.c): the file's form only, what a listing of lessons needs
 * (title, scenes, questions, variants, narration), fast.  A lesson it
 * takes may still be refused by wv_lesson_parse.
 */
int wv_lesson_parse_quick(const char *text, size_t len, wv_lesson **out,
			  struct wv_error *err);

void wv_lesson_free(wv_lesson *l);

const char *wv_lesson_title(const wv_lesson *l);
const char *wv_lesson_summary(const wv_lesson *l);
/* The lesson's own split view ("split: NAME" before its first scene), kept
   through its scenes as --split keeps one; NULL none. */
const struct wv_variant *wv_lesson_split(const wv_lesson *l);
size_t wv_lesson_nscenes(const wv_lesson *l);
const struct wv_scene *wv_lesson_scene(const wv_lesson *l, size_t i);

/* Variants the lesson allows: count, and the i-th. */
size_t wv_lesson_nvariants(const wv_lesson *l);
const struct wv_variant *wv_lesson_variant(const wv_lesson *l, size_t i);
bool wv_lesson_allows(const wv_lesson *l, const struct wv_variant *v);

/*
 * The variants a lesson runs on, in words, into buf (size bytes, always
 * terminated): "any", a list of names, and the scenes that keep their own
 * variant whatever --arch says ("any; scene 2 keeps x86-64, scene 3 keeps
 * s390"); when every scene keeps its own, "fixed by each scene: ...; --arch
 * changes nothing".  Returns buf.
 */
char *wv_lesson_variants_text(const wv_lesson *l, char *buf, size_t size);

/*
 * The trace input of scene i when the lesson runs on variant v (NULL: the
 * lesson's first variant).  A scene with its own "arch:" keeps it; then
 * *kept (when not NULL) is set to true so the caller can say so ("this
 * scene needs ppc64le, not x86-64"), unless every scene of the lesson
 * keeps its own: such a lesson has no variant of its own to compare with
 * (lesson 7 would say "not x86-64" in each of its scenes).
 */
void wv_lesson_scene_input(const wv_lesson *l, size_t i,
			   const struct wv_variant *v,
			   struct wv_trace_in *in, bool *kept);

/*
 * The sub-step (index into t->subs) a scene shows in its trace t, or
 * t->nsubs when the trace does not reach it.
 */
size_t wv_lesson_shown_sub(const struct wv_scene *s, const struct wv_trace *t);

/*
 * The sub-step from which scene s's question hides what it asks
 * (render/hide.h): the one that computes the asked value (the result of
 * the step it belongs to: has_zero for has_zero, data, false_positives and
 * top_flag_byte, find_zero for find_zero and length, ...) when that comes
 * before the sub-step shown, else the one shown; t->nsubs when the trace
 * does not reach it, or when no row holds the answer (has_zero_ops: see
 * wv_lesson_ask_in_rows), so nothing of the trace is hidden for it.
 */
size_t wv_lesson_quiz_sub(const struct wv_scene *s, const struct wv_trace *t);

/* A question's answer, worked out from the trace. */
#define WV_ANSWER_TEXT_MAX 1200
#define WV_CHOICES_MAX 4
#define WV_HINT_MAX 240
struct wv_answer {
	uint64_t value;
	unsigned width;		/* 32/64: shown in hex; 0: a number */
	enum wv_form form;	/* HEX, NUMBER or CHOICE (never AUTO) */
	unsigned nchoices;	/* CHOICE: the options, sorted, distinct */
	uint64_t choices[WV_CHOICES_MAX];
	unsigned right;		/* CHOICE: index of the right option */
	char worked[WV_ANSWER_TEXT_MAX];	/* how the value comes about */
	size_t worked_sub;	/* the sub-step it works out with its numbers,
				   chosen on the trace it was worked out on
				   (SIZE_MAX: none, or a whole step's) */
	bool worked_own;	/* that sub-step's last result row is the
				   answer itself */
	char hint[WV_HINT_MAX];	/* one nudge at the row or the rule, for after
				   a wrong answer and before the worked one:
				   never the value ("" for a formula) */
};

/*
 * Work out scene s's answer from its trace t.  Returns 0, or -1 when the
 * trace does not reach what the question asks (the parser refuses such
 * lessons, so this only happens for a hand-made scene).
 */
int wv_lesson_answer(const struct wv_scene *s, const struct wv_trace *t,
		     struct wv_answer *a);

/*
 * What a worked answer may not say yet: what the questions still to come
 * on its trace ask, and what follows from their answers, which the screen
 * draws '?' (render/hide.h decides; the caller asks it here).  row: the
 * number of the scene whose question hides row ri of sub-step k, 0 when
 * it is shown; step: the same for step i's result (either NULL: nothing of
 * that kind is hidden).  asks: what those questions ask, 1 << enum wv_ask
 * each ("where the first zero is" is find_zero's and length's to say).
 */
struct wv_veil {
	size_t (*row)(const void *ctx, size_t k, unsigned ri);
	size_t (*step)(const void *ctx, size_t i);
	const void *ctx;
	unsigned asks;
};

/*
 * Scene s's worked answer on trace t, for the answer a that
 * wv_lesson_answer worked out there, under veil v, into out (size bytes,
 * always terminated).  v NULL: the whole of it, as a->worked holds it.
 * Under a veil no value it hides is written (a row's '?' is written '?'),
 * nor a sentence that follows from one (a sub-step's detail, "Flags at
 * memory 1 and 2"): the sentence says which scene asks it, and what the
 * answer's own value, which the answer line shows, and the memory give
 * (lesson 9, scene 2 with scene 3's question on where the top flag points
 * to come: "... so flags = ? (scene 3 asks about it). has_zero flags every
 * zero byte ... (memory shows 1 here), and a byte that is not zero only
 * where a borrow reached it: 1 such false positive, so 2 flags in all.").  Returns 0, or -1 when s asks
 * nothing of t.
 */
int wv_lesson_worked(const struct wv_scene *s, const struct wv_trace *t,
		     const struct wv_answer *a, const struct wv_veil *v, char *out,
		     size_t size);

/*
 * What a wrong answer typed (read as a number) would have meant on trace t,
 * when that can be said: the mistake a teacher would predict, worked out
 * from the trace ("that is below >> 8: one bit too far; ... shifts by 7",
 * "that mask covers the zero byte too; ...", "12 is the memory address;
 * ..."), another value of the trace by name, and only when nothing else
 * fits, "that matches the low 2 bytes of the value asked ...".  Never the
 * answer itself.  Writes it into buf and returns 1, or returns 0 (buf empty).
 */
int wv_lesson_wrong(const struct wv_scene *s, const struct wv_trace *t,
		    const struct wv_answer *a, uint64_t typed, char *buf, size_t size);

/*
 * What a wrong answer typed (the text) would have meant on trace t: as
 * wv_lesson_wrong, and for a hex question answered with decimal digits only,
 * how it was read ("65535 was read as hex 0x65535").  Returns 1 with buf
 * written, or 0 (buf empty; also for text that cannot be read).
 */
int wv_lesson_diagnose(const struct wv_scene *s, const struct wv_trace *t,
		       const struct wv_answer *a, const char *typed, char *buf,
		       size_t size);

/*
 * wv_lesson_diagnose, but a typed value that is one of later[0..nlater) (the
 * answers of questions still to come on this trace) is not named: it gets
 * what a value no rule explains gets ("look again at memory byte N ..." for a
 * hex word, nothing for a number), so the reply does not confirm it.
 */
int wv_lesson_diagnose_unnamed(const struct wv_scene *s, const struct wv_trace *t,
			       const struct wv_answer *a, const char *typed,
			       const uint64_t *later, size_t nlater, char *buf,
			       size_t size);

/* Write answer value v as the form shows it: "0x00008000" or "2". */
void wv_lesson_format(const struct wv_answer *a, uint64_t v, char *buf,
		      size_t size);

/*
 * Is typed the right answer?  Hex accepts "0x8080", "8080", spaces and '_'
 * between digits; numbers are decimal (or 0x hex); a choice is its letter
 * (a-d) or its value.  Returns 1 right, 0 wrong, -1 not an answer, asked
 * again and never counted (with a reason in *why when not NULL, valid until
 * the next call): text that cannot be read ("'g' is not a hex digit ...",
 * "U+00E9 is not a hex digit ..."), a value wider than the word ("too wide:
 * a 64-bit word holds 16 hex digits"), digits 0-9 that are the right value
 * in decimal where hex is asked ("that is the right value in decimal; this
 * question takes hex"), a choice none of the options has.
 */
int wv_lesson_check(const struct wv_answer *a, const char *typed,
		    const char **why);

/*
 * Scene s's narration on trace t: the paragraphs for t's variant (text-le:
 * and text-be: only on little- and big-endian ones), placeholders filled from
 * t, separated by '\n'.  Returns 0, or -1 when a placeholder has no value on
 * t (the parser refuses such lessons); then *bad (when not NULL) names it.
 *   "The first zero is byte {find_zero}." -> "The first zero is byte 2."
 */
int wv_lesson_narrate(const struct wv_scene *s, const struct wv_trace *t,
		      char *out, size_t size, const char **bad);

/* The question of scene s on trace t, placeholders filled; as above. */
int wv_lesson_prompt(const struct wv_scene *s, const struct wv_trace *t,
		     char *out, size_t size, const char **bad);

/*
 * What {memory} names: the memory as the screen or the sheet draws it.  The
 * main view's panel (rows of hex, characters and roles), the one-line strip
 * of --present and the split view, a handout's table.  wv_lesson_narrate
 * and wv_lesson_prompt say the panel.
 */
#define WV_MEMORY_PANEL "memory panel"
#define WV_MEMORY_STRIP "memory strip"
#define WV_MEMORY_TABLE "memory table"

/*
 * As wv_lesson_narrate and wv_lesson_prompt, with every placeholder that
 * names an ask in hide (1 << enum wv_ask) drawn as "?"; {answer_address}
 * with find_zero or length.  For a sheet seen whole, where another
 * question asks that value (render/hide.h).  {memory} is memory, one of
 * the WV_MEMORY_ names above: what the frame or sheet shows.
 */
int wv_lesson_narrate_hiding(const struct wv_scene *s, const struct wv_trace *t,
			     unsigned hide, const char *memory, char *out, size_t size,
			     const char **bad);
int wv_lesson_prompt_hiding(const struct wv_scene *s, const struct wv_trace *t,
			    unsigned hide, const char *memory, char *out, size_t size,
			    const char **bad);

/* typed read as a value of a's form (a choice's letter gives its option);
   0, or -1 when it cannot be read. */
int wv_lesson_typed_value(const struct wv_answer *a, const char *typed, uint64_t *v);

/* One option of a question voted as a choice (a live class, live/live.h). */
#define WV_OPTION_TEXT_MAX 64
#define WV_OPTION_DIAG_MAX 400
struct wv_lesson_option {
	uint64_t value;
	bool right;
	char text[WV_OPTION_TEXT_MAX];	/* as the form shows it: "0x00008080" */
	char group[WV_OPTION_TEXT_MAX];	/* the misconception's short name:
					   "no borrow", "byte order"; "" none */
	char diagnosis[WV_OPTION_DIAG_MAX];	/* the grader's sentence on it
						   (wv_lesson_diagnose), "" none */
};

/*
 * Scene s's question on trace t (a: its answer) as options to vote on,
 * into opts[0..n), sorted by value, distinct, the right one among them.
 * A choice question keeps its own choices (a diagnosis where the grader
 * has one, else ""); a hex or number question gets up to three wrong
 * values, the classic mistakes on this trace (a - ONES without the borrow,
 * the bytes in the other order, the value one step before, the memory
 * address for the index, the NUL counted...), only those the grader names
 * with a sentence of its own, cut before any clause that would name the
 * right value.  Returns n (1 to WV_CHOICES_MAX), or -1 for a formula
 * question (ask: build), which cannot be voted as options.
 */
int wv_lesson_options(const struct wv_scene *s, const struct wv_trace *t,
		      const struct wv_answer *a, const uint64_t *later, size_t nlater,
		      struct wv_lesson_option opts[WV_CHOICES_MAX]);

/*
 * An answer to a build question (ask: build AS): the formula typed, checked
 * on variant v as AS for every word (Z3, or enumeration without it; see
 * prove/prove.h).  Returns 1 when it holds, 0 when it does not (why: the
 * smallest counterexample and what the formula does there), -1 when it does
 * not parse (why: the reason and the column).  why is always written.
 */
int wv_lesson_check_build(const struct wv_scene *s, const struct wv_variant *v,
			  const char *typed, char *why, size_t size);

/*
 * "Another word": a fresh word for scene s's question on in (the scene's
 * input as the class runs it: its variant, start, fill, delimiter; in->word
 * is the word shown now), drawn from seed by a fixed generator, as long as
 * the scene's word, that meets the scene's practice: constraints on its
 * trace (built by the production core), keeps the question answerable
 * where the scene shows it, differs from in->word and, when it can, has
 * another answer.  Writes word[0..in->word_len); returns 0, or -1 when no
 * draw of WV_PRACTICE_TRIES meets them (the loader refuses such a scene),
 * -2 when the scene has no practice: line.
 */
#define WV_PRACTICE_TRIES 4000
int wv_lesson_practice(const struct wv_scene *s, const struct wv_trace_in *in,
		       uint64_t seed, uint8_t *word);

/* Names of asks as written in lesson files ("has_zero", "find_zero" ...). */
const char *wv_lesson_ask_name(enum wv_ask ask);

/*
 * Is the answer to ask a value that rows of the trace hold, which a screen
 * must hide while it is open?  False for none, a formula (build) and the
 * count of has_zero's operations, which the core counts from the variant's
 * formula, not from the word (no row holds it).
 */
bool wv_lesson_ask_in_rows(enum wv_ask ask);

/* ---- finding lesson files ------------------------------------------------ */

#define WV_LESSON_PATH_MAX 4096

/* One lesson file found on disk. */
struct wv_lesson_file {
	unsigned number;	/* from the file name: 02-has-zero.lesson -> 2 */
	char slug[64];		/* "has-zero" */
	char path[WV_LESSON_PATH_MAX];
};

/*
 * The directory lessons are read from: dir_opt (--lessons-dir) when given,
 * else $WATVIZ_LESSONS, else the installed data directory (datadir), else
 * beside the running program: exe_dir/../share/watviz/lessons (an installed
 * tree that was moved), exe_dir/../lessons or exe_dir/lessons (the source
 * tree), first that exists.  Returns 0 and the path in
 * buf, or -1 with *err explaining where it looked.
 */
int wv_lesson_dir(const char *dir_opt, const char *datadir, const char *exe_dir,
		  char *buf, size_t size, struct wv_error *err);

/* What wv_lesson_find says of an entry it skips: its name, and why. */
typedef void wv_lesson_warn_fn(void *ctx, const char *name, const char *why);

/*
 * Every lesson file (NN-slug.lesson) of dir, sorted by number (then name),
 * into *out (allocated; free() it, NULL when none).  An entry that is named
 * like a lesson file but cannot be one (numbered 0 or over 999, a name of
 * 64 characters or more, 7-x.lesson, not a regular file: a FIFO would
 * block its reader) is skipped and told to warn(ctx, name, why) when warn
 * is not NULL.  Two files may share a number (wv_lesson_pick then refuses
 * it).  Returns how many, or -1 with errno when dir cannot be read whole.
 */
int wv_lesson_find(const char *dir, struct wv_lesson_file **out,
		   wv_lesson_warn_fn *warn, void *ctx);

/*
 * The first max lesson files of dir by number, into files[0..max), without
 * warnings.  Returns how many, or -1 when dir cannot be read.
 */
int wv_lesson_list(const char *dir, struct wv_lesson_file *files, size_t max);

/*
 * Pick a lesson by number ("2", "02") or name ("has-zero", or a unique
 * prefix of it) from files[0..n).  Returns its index, or -1 (none) / -2
 * (more than one file has that number or name, or matches a prefix).
 */
int wv_lesson_pick(const struct wv_lesson_file *files, size_t n,
		   const char *which);

/*
 * Why wv_lesson_pick(files, n, which) returned -2, into buf (returned): the
 * files which matches, by name, and what to do: "two lesson files have that
 * number: 02-a.lesson and 2-b.lesson; renumber or rename one".  The names
 * are as on disk (escape them before showing them).
 */
const char *wv_lesson_pick_why(const struct wv_lesson_file *files, size_t n,
			       const char *which, char *buf, size_t size);

/*
 * Read and parse the lesson file at path.  Returns 0, -1 with *err for a
 * mistake in the file (the caller prints "path:line:col: msg"), or -errno
 * when it cannot be read (err->msg says why).
 */
int wv_lesson_load(const char *path, wv_lesson **out, struct wv_error *err);

/* wv_lesson_load by wv_lesson_parse_quick: for a listing. */
int wv_lesson_load_quick(const char *path, wv_lesson **out, struct wv_error *err);

/* wv_lesson_load reporting every mistake, as wv_lesson_parse_all does. */
int wv_lesson_load_all(const char *path, wv_lesson **out, struct wv_error *errs,
		       size_t max, size_t *nerrs);

#endif /* WATVIZ_LESSON_H */
