/*
 * The lesson screens as frames, without a terminal: the scene with its
 * narration, the question (with the bits hidden), the worked answer, the
 * projector layout at 80x24 and larger, the end screen, help and too small.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "questions.h"

#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/lessonview.h"
#include "app/view.h"

static struct wv_app app;
static struct wv_class cls;
static wv_lesson *lesson;
static struct wv_frame fr;

static void start(const char *file, unsigned number, const char *arch,
		  bool present)
{
	struct wv_ui_opts o = { .lesson_number = number, .lesson_slug = "x",
				.present = present, .delim = -1 };
	struct wv_error e;

	assert_int_equal(wv_lesson_load(file, &lesson, &e), 0);
	o.lesson = lesson;
	o.variant = arch ? variant(arch) : NULL;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
}

static void stop(void)
{
	wv_class_free(&cls);
	wv_app_free(&app);
	wv_lesson_free(lesson);
}

static void build(int rows, int cols)
{
	assert_int_equal(wv_frame_init(&fr, rows, cols), 0);
	wv_lessonview_build(&fr, &cls);
}

/* The first row holding needle, or -1. */
static int row_of(const char *needle)
{
	for (int y = 0; y < fr.rows; y++)
		if (wv_frame_find(&fr, y, needle) >= 0)
			return y;
	return -1;
}

/* Nothing is written past the frame's rows into the last two (status
   and message) but those two. */
static void dump(void)
{
	char buf[400];

	for (int y = 0; y < fr.rows; y++) {
		wv_frame_row_text(&fr, y, buf, sizeof(buf));
		print_message("|%s\n", buf);
	}
}

static unsigned more_rows(const struct wv_frame *f, int y);

static void test_scene(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "ppc64", false);
	build(24, 80);
	assert_int_equal(row_of("Lesson 3: has_zero: subtract one from every byte"), 0);
	assert_true(wv_frame_find(&fr, 0, "scene 1 of 6") > 40);
	assert_int_equal(row_of("The word in the register"), 1);
	assert_true(row_of("\"ab\\0cd\" on ppc64") == 1);
	assert_int_equal(row_of("Memory"), 2);
	/* the narration, whole, in place of the step explanation */
	assert_true(row_of("\"ab\\0cd\" is stored as the bytes") > 7);
	/* the big-endian paragraph, not the little-endian one */
	assert_true(row_of("ppc64 is big-endian:") > 7);
	assert_true(row_of("in memory order.") > 7);
	assert_int_equal(row_of("is little-endian"), -1);
	assert_true(row_of("Enter: next scene.") > 0);
	/* the bits of the sub-step the scene shows */
	assert_true(row_of("load: a =") > row_of("in memory order."));
	assert_int_equal(row_of("scene 1/6"), 22);
	assert_int_equal(row_of("Running on ppc64 (--arch)."), 23);
	assert_int_equal(wv_frame_at(&fr, 0, 1)->role, WV_ROLE_TITLE);

	/* a scene with a question says the question comes */
	wv_class_goto(&cls, 1);
	build(24, 80);
	assert_true(row_of("Enter: the question.") > 0);
	assert_true(row_of("Enter question") == 22);
	assert_true(row_of("add: a + high_bits") > row_of("Enter: the question."));
	/* larger: the same, with room to spare */
	build(50, 160);
	assert_true(row_of("Big-endian kernels write this") > 0);
	assert_true(row_of("carry") > 0);
	stop();
}

static void test_kept_scene(void **state)
{
	(void)state;
	start("lessons/15-page-edge.lesson", 15, "arm", false);
	wv_class_goto(&cls, 1);
	build(24, 80);
	assert_true(row_of("This scene needs x86-64, not arm (the --arch variant).") > 7);
	assert_true(row_of("on x86-64") == 1);
	stop();
	/* without --arch: the lesson's own first variant */
	start("lessons/15-page-edge.lesson", 15, NULL, false);
	wv_class_goto(&cls, 3);
	build(24, 80);
	assert_true(row_of("This scene needs s390, not the lesson's x86-64.") > 7);
	stop();
	/* a lesson whose every scene keeps its own variant has none to name */
	start("lessons/11-compare-bytes.lesson", 11, "x86-64", false);
	build(24, 80);
	assert_int_equal(row_of("This scene needs"), -1);
	assert_true(row_of("on ppc64le") == 1);
	stop();
}

static void test_question_and_feedback(void **state)
{
	char buf[200];

	(void)state;
	start("lessons/03-has-zero.lesson", 3, "ppc64", false);
	wv_class_goto(&cls, 3);
	wv_class_do(&cls, WV_ACT_ANSWER);
	build(24, 80);
	assert_true(row_of("Question: What does has_zero return, in hex,") > 7);
	assert_true(row_of("Answer in hex, such as 0x8080.") > 0);
	/* nothing on the screen gives the answer away; the operands stay */
	assert_int_equal(row_of("0x0000800000808080"), -1);
	assert_int_equal(row_of("10000000*10000000"), -1);
	assert_true(row_of("flags") > 0);
	assert_true(row_of("????????") > 0);
	assert_true(row_of("01100000 01100000 11111111") > 0);
	assert_true(row_of("Enter answer") == 22);

	wv_class_answer(&cls, "0x8080");
	build(24, 80);
	/* the low 2 bytes, but a mistake gives them: the zero bytes' flags
	   left out (issue 45: the low bytes hint only where none does) */
	assert_true(row_of("! 0x8080 is not it (1 wrong so far): memory byte 2 of a") > 0);
	assert_true(row_of("holds 0x00, a zero byte") > 0);
	/* one nudge at the row and its rule, before s shows the worked answer */
	assert_true(row_of("Hint: Look at the row flags of (a + high_bits) & ~rhs,") >
		    row_of("! 0x8080 is not it"));
	wv_class_answer(&cls, "0xg");
	build(24, 80);
	assert_true(row_of("? '0xg' cannot be read") > 0);
	assert_int_equal(wv_frame_at(&fr, row_of("? '0xg'"), 0)->role, WV_ROLE_ERROR);
	/* outside ASCII: echoed as typed (a cell holds a letter), and named */
	wv_class_answer(&cls, "0x8\xc3\xa9");
	build(24, 80);
	assert_true(row_of("? '0x8\xc3\xa9' cannot be read: U+00E9 is not a hex digit") > 0);
	/* a character the frame cannot draw in one column: by its code point */
	wv_class_answer(&cls, "0x8\xe4\xb8\xad");
	build(24, 80);
	assert_true(row_of("? '0x8\\u4e2d' cannot be read: U+4E2D is not a hex digit") > 0);

	wv_class_answer(&cls, "0x0000800000808080");
	build(24, 80);
	assert_true(row_of("Right: 0x0000800000808080  (after 1 wrong)") > 7);
	/* worked out with the numbers on screen */
	if (row_of("sum = 0x6060ff6262fefeff") < 0)
		dump();
	assert_true(row_of("sum = 0x6060ff6262fefeff") > 0);
	assert_true(row_of("~data = 0x8080808080808080, so") > 0);
	assert_true(row_of("So the answer is") > 0);
	assert_true(row_of("Enter: next scene.") > 0);
	/* the bits are back, the flags marked: at 80x24 under the worked
	   answer the sub-step's three captioned rows do not fit, and are
	   said in one line, not cut (issue 47); a taller window shows them */
	assert_true(row_of("... 3 more rows") > 0);
	wv_frame_free(&fr);
	build(36, 120);
	assert_true(row_of("flags") > 0);
	assert_true(row_of("10000000*10000000") > 0);
	wv_frame_free(&fr);
	build(24, 80);

	/* revealed after a wrong answer */
	wv_class_goto(&cls, 1);
	wv_class_do(&cls, WV_ACT_ANSWER);
	wv_class_answer(&cls, "1");
	wv_class_do(&cls, WV_ACT_REVEAL);
	build(24, 80);
	assert_true(row_of("The answer: 0x6060ff6262fefeff  (1 was not it)") > 0);

	/* multiple choice: the options, a) to d) */
	wv_class_goto(&cls, 5);
	wv_class_do(&cls, WV_ACT_ANSWER);
	build(24, 80);
	assert_true(row_of("a) 0x0000000000000000") > 0);
	assert_true(row_of("d) ") > 0);
	snprintf(buf, sizeof(buf), "%c", 'a' + cls.answer.right);
	wv_class_answer(&cls, buf);
	build(24, 80);
	snprintf(buf, sizeof(buf), "Right: %c) 0x0000000000000000", 'a' + cls.answer.right);
	assert_true(row_of(buf) > 0);
	stop();
}

static void test_present(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "ppc64", true);
	wv_class_goto(&cls, 1);
	build(24, 80);
	assert_int_equal(row_of("Lesson 3: has_zero"), 0);
	assert_int_equal(row_of("Subtract 0x01 from every byte at once"), 1);
	/* the word is always in view: its name, and its bytes in one line */
	assert_int_equal(row_of("\"ab\\0cd\" on ppc64"), 1);
	assert_int_equal(row_of("memory @0: |>61 62 00 63 64 00 00 00"), 2);
	assert_int_equal(row_of("Memory"), -1);	/* fewer panes */
	assert_true(row_of("add: a + high_bits") > 2);
	assert_true(row_of("Enter: the question.") > row_of("sum"));
	assert_int_equal(row_of("scene 2/6"), 22);
	/* the words are indented, narrower than the screen */
	assert_int_equal(wv_frame_find(&fr, row_of("ONES is 0x01"), "ONES"), 2);
	if (row_of("Enter: the question.") < 0)
		dump();

	/* a projector-sized window: wider margins, blank lines between */
	build(40, 160);
	int y = row_of("ONES is 0x01");

	assert_int_equal(wv_frame_find(&fr, y, "ONES"), 6);
	assert_true(row_of("Big-endian kernels write this") > row_of("as well.") + 1);
	assert_int_equal(row_of("Follow the borrow row"), -1);
	/* spaced bits: 'a' (0x61) as 0 1 1 0 0 0 0 1 */
	assert_true(row_of("0 1 1 0 0 0 0 1   0 1 1 0 0 0 1 0") > 0);

	/* the question alone, big */
	wv_class_do(&cls, WV_ACT_ANSWER);
	build(24, 80);
	assert_true(row_of("Question: What is a - ONES") > 0);
	/* the operands stay, what would answer it is '?': as bits where the
	   rows fit (they do since the lesson's question got shorter), else as
	   values */
	assert_int_equal(row_of("0x6060ff6262fefeff"), -1);
	assert_int_equal(row_of("01100000 01100000 11111111"), -1);
	if (row_of("sum = ?") < 0 && row_of("sum      ????????") < 0)
		dump();
	assert_true(row_of("sum = ?") > 0 || row_of("sum      ???????? ????????") > 0);
	assert_true(row_of("a = 0x6162006364000000") > 0 ||
		    row_of("a        01100001 01100010 00000000 01100011") > 0);
	/* too small is too small in present too */
	build(20, 60);
	assert_true(row_of("watviz needs at least 80x24") >= 0);
	assert_true(row_of("this terminal is 60x20") >= 0);
	stop();
}

static void test_end_and_help(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, NULL, false);
	wv_class_goto(&cls, 1);
	wv_class_do(&cls, WV_ACT_REVEAL);
	wv_class_goto(&cls, 6);
	build(24, 80);
	assert_true(wv_frame_find(&fr, 0, "the end") > 40);
	assert_true(row_of("End of lesson 3: has_zero: subtract one from every byte") > 0);
	assert_true(row_of("6 scenes, 3 questions: 0 right at the first try, 0 after a") > 0);
	assert_true(row_of("1 shown") > 0);
	if (row_of("not answered.") < 0)
		dump();
	assert_true(row_of("not answered.") > 0);
	assert_true(row_of("[ goes back to the last scene") > 0);
	assert_true(wv_frame_find(&fr, 22, "LE end") > 0);
	/* the estimate, as --list-lessons gives it; no other lesson given */
	assert_true(row_of("Estimated time: about 10 minutes (350 words read out") > 0);
	assert_true(row_of("That was the last lesson.") > 0);
	assert_int_equal(row_of("n or Enter"), -1);
	assert_int_equal(wv_frame_find(&fr, 22, "n next lesson"), -1);
	/* in a course: the next lesson offered, on the screen and its status */
	static const struct wv_lesson_file course[3] = {
		{ 1, "word-at-a-time", "" }, { 2, "has-zero", "" },
		{ 3, "false-positives", "" } };

	cls.files = course;
	cls.nfiles = 3;
	cls.file = 1;
	cls.run_last = 2;
	build(24, 80);
	assert_true(row_of("n or Enter: the next lesson, 3 (false-positives).") > 0);
	assert_true(wv_frame_find(&fr, 22, "n next lesson") > 0);
	cls.run_last = 1;	/* --lesson 1-2: the run ends here */
	build(24, 80);
	assert_true(row_of("That was the last lesson of this run.") > 0);
	cls.files = NULL;

	/* help lists the lesson keys in a lesson, not elsewhere */
	wv_class_goto(&cls, 0);
	wv_class_do(&cls, WV_ACT_HELP);
	build(24, 80);
	assert_true(row_of("next scene") > 0);
	assert_true(row_of("show the answer") > 0);
	assert_true(row_of("* flag") > 0 && row_of("* flag") < 22);
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);	/* a clean frame */
	wv_view_help(&fr, &app);
	assert_int_equal(row_of("next scene"), -1);
	stop();
}

/*
 * Every scene of every lesson, in each phase, at 80x24 and on a projector:
 * the bar and the status line are there, and while a question is open no
 * hex answer is anywhere on the screen; afterwards it is.
 */
/* Is v the value of a row known before the question's sub-step (or an
   operand of it)? */
static bool operand_value(uint64_t v)
{
	const struct wv_trace *t = &app.trace;

	for (size_t k = 0; k <= app.quiz_pos && k < t->nsubs; k++)
		for (unsigned ri = 0; ri < t->subs[k].nrows; ri++) {
			const struct wv_row *r = &t->subs[k].rows[ri];

			if (r->value == v && r->width && (k < app.quiz_pos ||
			    r->kind == WV_ROW_INPUT || r->kind == WV_ROW_CONST))
				return true;
		}
	return false;
}

static void test_every_scene(void **state)
{
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);

	(void)state;
	assert_true(n >= 10);
	for (int i = 0; i < n; i++) {
		for (int present = 0; present < 2; present++) {
			start(files[i].path, files[i].number, NULL, present);
			for (size_t k = 0; k < cls.nscenes; k++) {
				char val[40];
				int rows = present ? 45 : 24, cols = present ? 160 : 80;

				wv_class_goto(&cls, k);
				build(rows, cols);
				assert_int_equal(row_of("Lesson "), 0);
				assert_true(wv_frame_find(&fr, rows - 2, "scene ") > 0);
				if (!cls.has_question)
					continue;
				wv_lesson_format(&cls.answer, cls.answer.value, val, sizeof(val));
				wv_class_do(&cls, WV_ACT_ANSWER);
				build(rows, cols);
				assert_true(row_of("Question:") > 0);
				/* an answer that is also an operand the class sees (a
				   word of 0x01 bytes: a - ONES is 0, as has_zero) says
				   nothing; tests/unit/test_hide.c covers those */
				if (cls.answer.form == WV_FORM_HEX && row_of(val) >= 0 &&
				    !operand_value(cls.answer.value)) {
					print_message("%s scene %zu shows %s\n",
						      files[i].path, k + 1, val);
					dump();
					fail();
				}
				wv_class_do(&cls, WV_ACT_REVEAL);
				build(rows, cols);
				/* the question stays over its answer */
				if (row_of("Question:") < 0 ||
				    row_of("Question:") > row_of(cls.revealed ? "The answer:"
								 : "Right:")) {
					print_message("%s scene %zu: the question is gone "
						      "after s\n", files[i].path, k + 1);
					dump();
					fail();
				}
				if (row_of(val) < 0) {
					print_message("%s scene %zu lacks %s\n",
						      files[i].path, k + 1, val);
					dump();
					fail();
				}
			}
			wv_class_goto(&cls, cls.nscenes);
			build(24, 80);
			assert_true(row_of("End of lesson") > 0);
			stop();
		}
	}
}

/* Change every value an open question hides: its answer, and each row
   computed from the sub-step it is about on (this test's own idea of it:
   not an input, not a constant); the trace's subs copied to put back. */
static struct wv_substep *hide_change(void)
{
	struct wv_trace *t = &app.trace;
	struct wv_substep *saved = malloc(t->nsubs * sizeof(*saved));

	assert_non_null(saved);
	memcpy(saved, t->subs, t->nsubs * sizeof(*saved));
	cls.answer.value ^= 0x5a5a5a5a5a5a5a5aULL;
	for (size_t k = app.quiz_pos; k < t->nsubs; k++)
		for (unsigned i = 0; i < t->subs[k].nrows; i++) {
			struct wv_row *r = &t->subs[k].rows[i];
			uint64_t m = r->width >= 64 ? ~0ULL : r->width ? (1ULL << r->width) - 1 : 63;

			if (r->kind != WV_ROW_INPUT && r->kind != WV_ROW_CONST)
				r->value = (r->value ^ 0x2d2d2d2d2d2d2d2dULL) & m;
		}
	return saved;
}

static void hide_restore(struct wv_substep *saved)
{
	memcpy(app.trace.subs, saved, app.trace.nsubs * sizeof(*saved));
	free(saved);
	cls.answer.value ^= 0x5a5a5a5a5a5a5a5aULL;
}

/*
 * What a screen reader is told of a scene (wv_lessonview_said, the web
 * page's live region): the narration, and while the question is asked the
 * question too; and nothing in it changes when what the question hides
 * does (the noninterference rule, in the live region too).
 */
static void test_said(void **state)
{
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	static char said[8192], again[8192], text[WV_NARRATION_MAX];
	size_t questions = 0;

	(void)state;
	assert_true(n >= 10);
	for (int i = 0; i < n; i++) {
		start(files[i].path, files[i].number, NULL, false);
		for (size_t k = 0; k < cls.nscenes; k++) {
			wv_class_goto(&cls, k);
			if (!cls.has_question)
				continue;
			questions++;
			assert_int_equal(wv_lesson_narrate(wv_lesson_scene(cls.lesson, k),
							   &app.trace, text, sizeof(text), NULL), 0);
			text[strcspn(text, "\n")] = '\0';
			text[40] = '\0';	/* its first words, on one row */
			for (int phase = 0; phase < 2; phase++) {
				struct wv_substep *saved;

				if (phase)
					wv_class_do(&cls, WV_ACT_ANSWER);
				wv_lessonview_said(&cls, said, sizeof(said));
				if (!strstr(said, text) || (phase && !strstr(said, "Question:"))) {
					print_message("%s scene %zu (%s): %s\n", files[i].path,
						      k + 1, phase ? "asked" : "before", said);
					fail();
				}
				saved = hide_change();
				wv_lessonview_said(&cls, again, sizeof(again));
				hide_restore(saved);
				if (strcmp(said, again) != 0) {
					print_message("%s scene %zu (%s) says what it hides:\n"
						      "%s\n%s\n", files[i].path, k + 1,
						      phase ? "asked" : "before", said, again);
					fail();
				}
			}
		}
		stop();
	}
	assert_true(questions >= 30);
}

/*
 * Every scene's narration is read whole on the smallest screen watviz
 * takes (80x24) and on a projector (--present, 160x45), on every variant
 * its lesson allows: the line after it ("Enter: the question.", "Enter:
 * next scene.") is on screen, so nothing above it was cut.
 */
static unsigned cut_scenes;

static void fits_on(const wv_lesson *l, unsigned number, const struct wv_variant *v,
		    void *ctx)
{
	(void)ctx;
	for (int present = 0; present < 2; present++) {
		struct wv_ui_opts o = { .lesson = l, .lesson_number = number,
					.lesson_slug = "x", .variant = v, .delim = -1,
					.present = present };

		assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
		for (size_t k = 0; k < cls.nscenes; k++) {
			int rows = present ? 45 : 24, cols = present ? 160 : 80;

			wv_class_goto(&cls, k);
			build(rows, cols);
			if (row_of("Enter: the question.") < 0 && row_of("Enter: next scene.") < 0 &&
			    row_of("Enter: the end of the lesson.") < 0) {
				print_message("lesson %u scene %zu on %s at %dx%d%s: the "
					      "narration is cut\n", number, k + 1, v->name,
					      cols, rows, present ? ", --present" : "");
				if (cut_scenes++ == 0)
					dump();
			}
		}
		wv_class_free(&cls);
		wv_app_free(&app);
	}
}

static void test_narration_fits(void **state)
{
	(void)state;
	cut_scenes = 0;
	print_message("%u (lesson, variant) pairs\n", each_lesson_variant(fits_on, NULL));
	assert_int_equal(cut_scenes, 0);
}

/* ---- the projector's rows: whole, in view, not shifting ------------------ */

static const struct { int rows, cols; } projector_sizes[] = {
	{ 24, 80 }, { 36, 120 }, { 45, 160 },
};

/* Is label drawn whole from column 0 on some row (the register rows'
   labels start there, beside the bits or over them)? */
static bool label_whole(const char *label)
{
	size_t n = strlen(label);

	for (int y = 0; y < fr.rows; y++) {
		const struct wv_cell *row = &fr.cells[(size_t)y * (size_t)fr.cols];

		if (wv_frame_find(&fr, y, label) == 0 && (int)n < fr.cols &&
		    row[n].ch != WV_CH_CUT)
			return true;
	}
	return false;
}

static unsigned bad_rows;

/* Each row of the shown sub-step: its label whole, its hex in view unless
   the questions hide it (or it is a number). */
static void rows_whole(const char *where)
{
	const struct wv_trace *t = &app.trace;
	const struct wv_substep *sub = &t->subs[app.pos];
	struct wv_hide h = wv_view_hide(&app);

	for (unsigned ri = 0; ri < sub->nrows; ri++) {
		struct wv_row r;
		char hex[24];
		bool hidden = wv_hide_row(&h, t, app.pos, ri, &r);

		snprintf(hex, sizeof(hex), "0x%0*llx", (int)(r.width + 3) / 4,
			 (unsigned long long)r.value);
		if (!label_whole(r.label) ||
		    (!hidden && r.width && row_of(hex) < 0)) {
			print_message("%s: row '%s' (%s) %s\n", where, r.label, hex,
				      label_whole(r.label) ? "without its hex"
				      : "without its whole label");
			if (bad_rows++ == 0)
				dump();
		}
	}
}

/* The memory strip's first byte two columns after "memory @N:" (the
   boundary " |" of the word loaded, or as wide a blank), so no byte moves
   between scenes that show the same bytes. */
static void strip_fixed(const char *where)
{
	char buf[400], label[32];
	size_t from;

	for (int y = 0; y < fr.rows; y++) {
		int x = wv_frame_find(&fr, y, "memory @");

		if (x < 0)
			continue;
		wv_frame_row_text(&fr, y, buf, sizeof(buf));
		assert_int_equal(sscanf(buf + x, "memory @%zu:", &from), 1);
		int at = x + snprintf(label, sizeof(label), "memory @%zu:", from);
		char hex[3];

		snprintf(hex, sizeof(hex), "%02x", app.trace.img.mem[from]);
		if (!((buf[at] == ' ' && (buf[at + 1] == ' ' || buf[at + 1] == '|')) &&
		      strchr(" >[", buf[at + 2]) && strncmp(buf + at + 3, hex, 2) == 0)) {
			print_message("%s: the strip's first byte is not 2 columns "
				      "after its label: %s\n", where, buf);
			bad_rows++;
		}
		return;
	}
	print_message("%s: no memory strip\n", where);
	bad_rows++;
}

static unsigned strip_legends;

/* The memory strip tells its u (a byte past the page edge, "--" over
   "u") under its end, and only where it shows one. */
static void strip_legend(const char *where)
{
	char hex[400], chars[400];
	int y = row_of("memory @");

	if (y < 0)
		return;
	wv_frame_row_text(&fr, y, hex, sizeof(hex));
	wv_frame_row_text(&fr, y + 1, chars, sizeof(chars));
	bool u = strstr(hex, " --") || strstr(hex, ">--") || strstr(hex, "[--");
	bool told = strstr(chars, "u unmapped") != NULL;

	if (u != told) {
		print_message("%s: the strip %s a byte past the page edge and %s\n",
			      where, u ? "shows" : "shows no", told ? "tells u"
			      : "does not tell u");
		bad_rows++;
	}
	strip_legends += told;
}

/* The blank rows of the frame, its status and message rows left out. */
static int blank_rows(void)
{
	int n = 0;

	for (int y = 0; y < fr.rows - 2; y++) {
		char buf[400];

		wv_frame_row_text(&fr, y, buf, sizeof(buf));
		n += buf[0] == '\0';
	}
	return n;
}

/* --present on every lesson's scenes at 80x24, 120x36 and 160x45: every
   row of the shown sub-step keeps its label and its hex, the memory
   strip's bytes their columns, and the strip tells its u where it shows
   one (issue 47: it had no legend). */
static void test_present_rows_whole(void **state)
{
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	char where[160];

	(void)state;
	bad_rows = strip_legends = 0;
	for (int i = 0; i < n; i++) {
		start(files[i].path, files[i].number, NULL, true);
		for (size_t k = 0; k < cls.nscenes; k++)
			for (size_t s = 0; s < sizeof(projector_sizes) /
			     sizeof(projector_sizes[0]); s++) {
				wv_class_goto(&cls, k);
				if (wv_lesson_scene(lesson, k)->measure >= 0)
					continue;
				build(projector_sizes[s].rows, projector_sizes[s].cols);
				snprintf(where, sizeof(where), "lesson %u scene %zu at %dx%d",
					 files[i].number, k + 1, projector_sizes[s].cols,
					 projector_sizes[s].rows);
				rows_whole(where);
				strip_fixed(where);
				strip_legend(where);
				if (getenv("WATVIZ_BLANK"))	/* the figures */
					print_message("%s: %d blank\n", where, blank_rows());
			}
		stop();
	}
	print_message("%u strips tell u\n", strip_legends);
	assert_true(strip_legends > 0);
	assert_int_equal(bad_rows, 0);
}

/* "... N more rows" on some row of the frame. */
static bool rows_said_somewhere(void)
{
	for (int y = 0; y < fr.rows; y++)
		if (more_rows(&fr, y))
			return true;
	return false;
}

/* A register row's label cut on row y: a cut mark ("...") among its first
   columns, where the labels are. */
static bool label_cut(int y)
{
	const struct wv_cell *row = &fr.cells[(size_t)y * (size_t)fr.cols];

	for (int x = 0; x < 12 && x < fr.cols; x++)
		if (row[x].ch == WV_CH_CUT)
			return true;
	return false;
}

static unsigned narration_only;

/* rows_whole, where the text leaves the rows too few lines: the ones
   drawn whole, the others said ("... N more rows"), no label cut; none
   where a lesson's narration takes their lines (its question brings them
   back: text_and_bits). */
static void rows_whole_or_said(const char *where)
{
	char op[24];
	int y = -1;

	snprintf(op, sizeof(op), "%s:", wv_trace_op_name(app.trace.subs[app.pos].op));
	for (int r = 0; r < fr.rows && y < 0; r++)
		if (wv_frame_find(&fr, r, op) == 2)
			y = r;
	if (y < 0) {
		narration_only++;
		return;
	}
	if (!rows_said_somewhere()) {
		rows_whole(where);
		return;
	}
	for (; y >= 0 && y < fr.rows - 2; y++)
		if (label_cut(y)) {
			print_message("%s: a label cut on row %d\n", where, y);
			if (bad_rows++ == 0)
				dump();
			return;
		}
}

/*
 * The same without --present at 80x24 (issue 47: the normal layout cut
 * "a - ONES" to "a - ON..." and dropped the hex column): every lesson's
 * scenes, as they open and with their question asked, and the visualizer
 * alone on every variant's sub-steps of "ab\0cd", every row with its
 * whole label and its hex (where the text leaves them too few lines: the
 * rows drawn whole, the others said).
 */
static void test_rows_whole_80(void **state)
{
	static const uint8_t w5[] = { 'a', 'b', 0, 'c', 'd' };
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	char where[160];

	(void)state;
	bad_rows = narration_only = 0;
	for (int i = 0; i < n; i++) {
		start(files[i].path, files[i].number, NULL, false);
		for (size_t k = 0; k < cls.nscenes * 2; k++) {
			wv_class_goto(&cls, k / 2);
			if (wv_lesson_scene(lesson, k / 2)->measure >= 0 ||
			    (k % 2 && !cls.has_question))
				continue;
			if (k % 2)
				wv_class_do(&cls, WV_ACT_ANSWER);
			build(24, 80);
			snprintf(where, sizeof(where), "lesson %u scene %zu at 80x24%s",
				 files[i].number, k / 2 + 1, k % 2 ? ", asked" : "");
			rows_whole_or_said(where);
		}
		stop();
	}
	for (size_t i = 0; i < wv_wat_count(); i++) {
		assert_int_equal(wv_app_init(&app, w5, sizeof(w5), "ab\\0cd",
					     wv_wat_at(i), 0, 0, -1), 0);
		for (size_t k = 0; k < app.trace.nsubs; k++) {
			app.pos = k;
			assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
			wv_view_build(&fr, &app);
			snprintf(where, sizeof(where), "%s sub-step %zu at 80x24",
				 app.v->name, k + 1);
			/* up to four rows all of them: the operation, the
			   header and 4 x 2 lines beside 3 of explanation */
			if (app.trace.subs[k].nrows <= 4)
				rows_whole(where);
			else
				rows_whole_or_said(where);
		}
		wv_app_free(&app);
	}
	print_message("%u lesson frames with the narration alone\n", narration_only);
	assert_int_equal(bad_rows, 0);
}

/* ---- a split pane's rows: all of them, or a line saying how many not ------ */

/* "... N more rows" (one: "... 1 more row") on row y: N, else 0. */
static unsigned more_rows(const struct wv_frame *f, int y)
{
	char buf[400];
	const char *at;
	unsigned n;
	int end = 0;

	wv_frame_row_text(f, y, buf, sizeof(buf));
	at = strstr(buf, "... ");
	if (!at || sscanf(at, "... %u more row%n", &n, &end) != 1 || !end)
		return 0;
	if ((n == 1) != (at[end] != 's'))	/* rev5 N2: "1 more rows" */
		fail_msg("row %d: %s", y, at);
	return n;
}

/* Does row y hold a byte's bits (8 of 0, 1, '.' or '?' together, after a
   blank or a mark)? */
static bool has_bits(const struct wv_frame *f, int y)
{
	char buf[400];

	wv_frame_row_text(f, y, buf, sizeof(buf));
	for (const char *b = buf; *b; b++)
		if (strspn(b, "01.?") >= 8 && (b == buf || !isalnum((unsigned char)b[-1])))
			return true;
	return false;
}

/*
 * Rows y0 to y1 (exclusive) of f hold sub-step k's rows (nrows of them):
 * every one, a line each, or the ones shown and a line naming how many
 * more there are, the two adding up to nrows.  Returns whether they do.
 */
static bool rows_said(const struct wv_frame *f, int y0, int y1, unsigned nrows)
{
	unsigned shown = 0, said = 0;

	for (int y = y0; y < y1; y++) {
		char buf[400];
		unsigned n = more_rows(f, y);

		wv_frame_row_text(f, y, buf, sizeof(buf));
		/* a caption ("a = 0x...") over its bits is one row's; a
		   number ("n = 47") a row of its own */
		if (n)
			said += n;
		else if (buf[strspn(buf, " ")] && strncmp(buf, "mem", 3) != 0 &&
			 !(strstr(buf, " = 0x") && !has_bits(f, y) && y + 1 < y1 &&
			   has_bits(f, y + 1)))
			shown++;
	}
	return shown + said == nrows;
}

/*
 * Issue 47: a sub-step's rows cut by the height are said to be cut, at
 * every height down to one line for them: on every variant, every
 * sub-step of "ab\0cd" drawn from row 0 (its operation, its byte header,
 * then its rows) with 1 to nrows lines for its rows, the rows drawn and
 * the count on "... N more rows" add up to the sub-step's rows.  And in a
 * lesson at 80x24, every scene drawn split (its questions shown, last
 * scene first, so none waits), each pane's current sub-step between its
 * byte header and its sentence: its rows, or how many are not shown (once
 * each pane kept 2 of 4 and said nothing); and its sentence readable: two
 * lines at least where it is longer than one (it had one, cut), but where
 * a "no such sub-step" note keeps the pane's heading on a line of its own.
 */
static void test_split_rows_said(void **state)
{
	static const uint8_t w5[] = { 'a', 'b', 0, 'c', 'd' };
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	unsigned bad = 0, cut = 0, quiet = 0, panes = 0, said_lines = 0, squeezed = 0;
	char where[200];

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		struct wv_app a;

		assert_int_equal(wv_app_init(&a, w5, sizeof(w5), "ab\\0cd", wv_wat_at(i),
					     0, 0, -1), 0);
		for (size_t k = 0; k < a.trace.nsubs; k++) {
			unsigned nrows = a.trace.subs[k].nrows;

			for (int h = 1; h <= (int)nrows; h++) {
				struct wv_frame f = { 0 };

				a.pos = k;
				assert_int_equal(wv_frame_init(&f, 30, 120), 0);
				wv_view_registers(&f, &a, 0, 2 + h, NULL);
				/* under its byte header, or under its operation
				   where the rows are said in one line or fit
				   without the header */
				char l1[400];

				wv_frame_row_text(&f, 1, l1, sizeof(l1));
				if (!rows_said(&f, strncmp(l1, "mem", 3) ? 1 : 2, 2 + h,
					       nrows)) {
					print_message("%s sub-step %zu, %d lines for %u "
						      "rows: not all said\n",
						      a.v->name, k + 1, h, nrows);
					bad++;
				}
				wv_frame_free(&f);
			}
		}
		wv_app_free(&a);
	}
	for (int i = 0; i < n; i++) {
		start(files[i].path, files[i].number, NULL, false);
		for (size_t k = cls.nscenes; k-- > 0;) {
			wv_class_goto(&cls, k);
			if (cls.has_question)
				wv_class_do(&cls, WV_ACT_REVEAL);
			wv_app_split(&app, wv_app_split_partner(app.v));
			if (!app.split_v || !wv_class_split_shown(&cls))
				continue;
			build(24, 80);
			for (int p = 0; p < 2; p++) {
				bool same;
				size_t j = p ? wv_app_split_pos(&app, &same) : app.pos;
				const struct wv_trace *t = p ? &app.split : &app.trace;
				const struct wv_variant *v = p ? app.split_v : app.v;
				const struct wv_substep *sub = &t->subs[j];
				char head[40], op[48], text[24];
				int y = -1, y1 = -1, h, opr = -1;

				snprintf(head, sizeof(head), " %s  %u-bit", v->name, v->bits);
				snprintf(op, sizeof(op), "%s: %.12s", wv_trace_op_name(sub->op),
					 sub->expr);
				snprintf(text, sizeof(text), "%.20s", sub->text);
				h = row_of(head);
				for (int r = h; h >= 0 && r < fr.rows; r++)
					if (wv_frame_find(&fr, r, op) >= 0 && y < 0)
						/* past its byte header, or at the
						   line saying its rows are not shown */
						y = (opr = r, more_rows(&fr, r)) ? r
						    : more_rows(&fr, r + 1) ||
						    wv_frame_find(&fr, r + 1, "mem") != 0
						    ? r + 1 : r + 2;
					else if (y >= 0 && y1 < 0 &&
						 wv_frame_find(&fr, r, text) == 0)
						y1 = r;
				snprintf(where, sizeof(where), "lesson %u scene %zu, %s pane",
					 files[i].number, k + 1, v->name);
				/* the lower pane at its fewest rows (the upper's
				   rows whole first: teach47 finding 4): its
				   rows said beside its operation, no sentence */
				if (p && y1 < 0 && opr >= 0 && more_rows(&fr, opr)) {
					panes++;
					quiet++;
					squeezed++;
					continue;
				}
				if (y < 0 || y1 < 0) {
					print_message("%s: its rows or sentence not found\n",
						      where);
					if (bad++ == 0)
						dump();
					continue;
				}
				panes++;
				/* cut: some of its rows shown, some said not to
				   be; quiet: none shown, one line saying so */
				unsigned said_here = 0, bits_here = 0;

				for (int r = y; r < y1; r++) {
					said_here += more_rows(&fr, r);
					if (has_bits(&fr, r)) {
						char l0[400], l1[400];

						bits_here++;
						wv_frame_row_text(&fr, r - 1, l0, sizeof(l0));
						wv_frame_row_text(&fr, r, l1, sizeof(l1));
						/* its value beside it or on the caption
						   line over it */
						if (!strstr(l1, " 0x") && !strstr(l1, "?  ") &&
						    !strstr(l0, " = ")) {
							print_message("%s: a row without its "
								      "value: %s\n", where, l1);
							bad++;
						}
					}
				}
				cut += said_here > 0 && bits_here > 0;
				quiet += said_here > 0 && bits_here == 0;
				if (!rows_said(&fr, y, y1, sub->nrows)) {
					print_message("%s: %u rows, not all said\n", where,
						      sub->nrows);
					if (bad++ == 0)
						dump();
				}
				/* its sentence: two lines at least, or whole,
				   where its heading ("ppc64  64-bit big-endian"
				   and a note) and its function with the step
				   counter fit on one line */
				char other[40], hr[400], fn[400];
				const struct wv_variant *ov = p ? app.v : app.split_v;
				const char *func = t->steps[sub->step].func;
				int end, lines, hw, cw;

				snprintf(other, sizeof(other), " %s  %u-bit", ov->name,
					 ov->bits);
				/* the lower pane runs to the status line: at
				   80x24 how to read the panes is on the
				   message row */
				end = p ? fr.rows - 2 : row_of(other);
				lines = end - y1;
				said_lines += lines;
				wv_frame_row_text(&fr, h, hr, sizeof(hr));
				wv_frame_row_text(&fr, h + 1, fn, sizeof(fn));
				/* the heading alone, up to the function if it
				   shares the line; the counter at the row's end */
				hw = strstr(hr, func) ? (int)(strstr(hr, func) - hr) - 2
				     : (int)strlen(hr);
				cw = strstr(strstr(hr, func) ? hr : fn, "step ")
				     ? (int)strlen(strstr(strstr(hr, func) ? hr : fn,
							  "step ")) : 0;
				/* (one line where the upper's rows whole leave
				   the lower its fewest rows, said in one line:
				   teach47 finding 4) */
				bool other_said = false;

				for (int r = p ? 0 : row_of(other); r >= 0 && r < fr.rows &&
				     (p ? r < h : true); r++)
					other_said |= more_rows(&fr, r) > 0;
				if (lines < 2 && strlen(sub->text) > 80 && cw && !(p == 0 &&
				    bits_here > 0 && other_said) &&
				    hw + 2 + (int)strlen(func) + 2 + 1 + cw <= fr.cols) {
					print_message("%s: its sentence on %d line\n", where,
						      lines);
					if (bad++ == 0)
						dump();
				}
			}
			wv_app_split(&app, NULL);
		}
		stop();
	}
	print_message("%u panes at 80x24, %u of them cut, %u said in one line (%u "
		      "beside its operation, no sentence), %u lines of their "
		      "sentences\n", panes, cut, quiet, squeezed, said_lines);
	/* issue 47: 82 of 134 panes cut at first; 30 once the operation
	   shared the heading's line and how to read the panes the message
	   row; none since a pane is whole (its hex kept) or one quiet line */
	if (cut > 0)
		fail_msg("%u of %u panes cut at 80x24", cut, panes);
	assert_int_equal(bad, 0);
}

/* ---- the narration names the memory the frame draws ---------------------- */

/* The frame's text, row after row, every run of blanks one space: a phrase
   wrapped over two rows reads as one. */
static void frame_words(char *out, size_t size)
{
	size_t n = 0;

	for (int y = 0; y < fr.rows && n + 1 < size; y++) {
		char row[400];

		wv_frame_row_text(&fr, y, row, sizeof(row));
		for (const char *r = row; *r && n + 2 < size; r++)
			if (*r != ' ' || (n && out[n - 1] != ' '))
				out[n++] = *r;
		if (n && out[n - 1] != ' ')
			out[n++] = ' ';
	}
	out[n] = '\0';
}

static unsigned misnamed;

/* Does the frame draw the memory panel (its "Memory" heading over the
   "addr" row, wv_view_memory) or the one-line strip ("memory @N:",
   wv_view_memory_line)?  Then its text must not name the other one. */
static void memory_named(const char *where)
{
	static char text[40000];
	bool panel = false, strip = row_of("memory @") >= 0;

	for (int y = 0; y + 1 < fr.rows; y++)
		panel |= wv_frame_find(&fr, y, "Memory") == 0 &&
			 wv_frame_find(&fr, y + 1, "addr") == 0;
	frame_words(text, sizeof(text));
	if ((!panel && strstr(text, "memory panel")) ||
	    (!strip && strstr(text, "memory strip"))) {
		print_message("%s: the text names the memory %s, the frame draws %s\n",
			      where, strstr(text, "memory panel") ? "panel" : "strip",
			      panel ? "the panel" : strip ? "the strip" : "neither");
		if (misnamed++ == 0)
			dump();
	}
}

/* memory_named on the class's scenes at sizes, alone and split, the
   narration and, where the scene asks, the question; the frames that
   name the memory on one row. */
static unsigned memory_named_scenes(unsigned number)
{
	static const struct { int rows, cols; } sizes[] = {
		{ 24, 80 }, { 36, 120 }, { 45, 160 }, { 60, 160 },
	};
	enum { NSIZES = sizeof(sizes) / sizeof(sizes[0]) };
	char where[160];
	unsigned named = 0;

	for (size_t run = 0; run < cls.nscenes * 2 * NSIZES * 2; run++) {
		size_t k = run / (2 * NSIZES * 2), z = run / 2 % NSIZES;
		bool split = run / (NSIZES * 2) % 2, ask = run % 2;

		if (ask && !cls.has_question)
			continue;
		wv_class_goto(&cls, k);
		wv_app_split(&app, split ? wv_app_split_partner(app.v) : NULL);
		if (ask)
			wv_class_do(&cls, WV_ACT_ANSWER);
		build(sizes[z].rows, sizes[z].cols);
		snprintf(where, sizeof(where), "lesson %u scene %zu at %dx%d%s%s%s",
			 number, k + 1, sizes[z].cols, sizes[z].rows,
			 cls.present ? ", --present" : "", split ? ", split" : "",
			 ask ? ", its question" : "");
		memory_named(where);
		named += row_of("memory panel") >= 0 || row_of("memory strip") >= 0;
		wv_app_split(&app, NULL);
	}
	return named;
}

/* Every lesson's scenes, with --present and without, alone and split, at
   80x24 to 160x45 (and 160x60, where the split has room for the panel),
   the narration and, where the scene asks, the question: "memory panel"
   only where the panel is drawn, "memory strip" only where the strip is.
   Lessons 1, 3 and 15 say {memory}. */
static void test_memory_named(void **state)
{
	static const char quiet[] =
		"title: Memory named\n"
		"summary: The narration names the memory as drawn.\n"
		"arches: any\n"
		"\n"
		"scene: The bytes\n"
		"word: ab\\0cd\n"
		"show: load\n"
		"text: The {memory} shows the bytes the load brings in.\n";
	static struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	unsigned named = 0;

	(void)state;
	misnamed = 0;
	for (int i = 0; i < n; i++)
		for (int present = 0; present < 2; present++) {
			start(files[i].path, files[i].number, NULL, present);
			named += memory_named_scenes(files[i].number);
			stop();
		}
	/* a scene with no question, so the split is drawn too (a lesson's
	   waits while a question on its word is to come) */
	for (int present = 0; present < 2; present++) {
		struct wv_ui_opts o = { .lesson_number = 99, .lesson_slug = "x",
					.present = present, .delim = -1 };
		struct wv_error e;

		assert_int_equal(wv_lesson_parse(quiet, strlen(quiet), &lesson, &e), 0);
		o.lesson = lesson;
		assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
		named += memory_named_scenes(99);
		stop();
	}
	print_message("%u frames name the memory on one row\n", named);
	assert_true(named > 0);
	assert_int_equal(misnamed, 0);
}

/*
 * Lesson 15's second scene in --present says the memory strip marks the
 * bytes past the page edge u, with -- for their hex: the strip's bytes from
 * memory 8 on (the scene's page-end: 8) read "--" over "u", each in its
 * one column, and the mapped bytes before keep their hex.
 */
static void test_strip_unmapped(void **state)
{
	char row[400], under[400], tok[8];
	size_t from, addr;
	int y, x, used;

	(void)state;
	start("lessons/15-page-edge.lesson", 15, NULL, true);
	wv_class_goto(&cls, 1);
	build(24, 80);
	assert_true(row_of("memory strip marks the bytes past the") > 0);
	y = row_of("memory @");
	assert_true(y > 0);
	wv_frame_row_text(&fr, y, row, sizeof(row));
	wv_frame_row_text(&fr, y + 1, under, sizeof(under));
	x = wv_frame_find(&fr, y, "memory @");
	assert_int_equal(sscanf(row + x, "memory @%zu:%n", &from, &used), 1);
	x += used;
	addr = from;
	/* each byte: a 2-character token after its blank, '>' or '[', the
	   word's boundaries " |" between */
	unsigned past = 0;

	while (row[x] && sscanf(row + x, " %7s", tok) == 1) {
		int at = x + (int)strspn(row + x, " ");

		x = at + (int)strlen(tok);
		if (strcmp(tok, "|") == 0)
			continue;
		if (tok[0] == '|') {	/* the boundary before '>' */
			memmove(tok, tok + 1, strlen(tok));
			at++;
		}
		if (tok[0] == '>' || tok[0] == '[') {
			memmove(tok, tok + 1, strlen(tok));
			at++;
		}
		assert_int_equal(strlen(tok), 2);
		if (addr >= 8) {
			past++;
			if (strcmp(tok, "--") != 0 || (int)strlen(under) <= at + 1 ||
			    under[at + 1] != 'u') {
				print_message("byte @%zu past the edge: '%s' over '%c'\n",
					      addr, tok, (int)strlen(under) > at + 1
					      ? under[at + 1] : ' ');
				dump();
				fail();
			}
		} else {
			char hex[3];

			snprintf(hex, sizeof(hex), "%02x", app.trace.img.mem[addr]);
			assert_string_equal(tok, hex);
		}
		addr++;
	}
	assert_true(past >= 1);
	stop();
}

/* Is s UTF-8, by a byte loop of its own; its columns (characters) in *cols. */
static bool utf8_cols(const char *s, int *cols)
{
	*cols = 0;
	for (const unsigned char *u = (const unsigned char *)s; *u; ++*cols) {
		int more = *u < 0x80 ? 0 : *u >= 0xc2 && *u < 0xe0 ? 1
			 : *u >= 0xe0 && *u < 0xf0 ? 2 : *u >= 0xf0 && *u < 0xf5 ? 3 : -1;

		if (more < 0)
			return false;
		for (u++; more > 0; more--, u++)
			if ((*u & 0xc0) != 0x80)
				return false;
	}
	return true;
}

/*
 * A lesson written in UTF-8 (tests/lib/utf8/: French, Greek, Russian) is
 * drawn as written: its title, cut at the window's edge by columns with the
 * cut mark, the scene's title, the narration wrapped; every row valid
 * UTF-8 of at most the frame's columns.  A cell holds the letter's code
 * point (U+00E9 e-acute, U+03BB lambda, U+0441 es).
 */
static void test_utf8_lesson(void **state)
{
	char row[400];
	int x, cols;

	(void)state;
	start("tests/lib/utf8/01-les-octets.lesson", 1, "x86-64", false);
	for (int w = 80; w <= 160; w += 80) {
		build(24, w);
		for (int y = 0; y < fr.rows; y++) {
			wv_frame_row_text(&fr, y, row, sizeof(row));
			if (!utf8_cols(row, &cols) || cols > w)
				fail_msg("%dx24 row %d: %d columns: %s", w, y, cols, row);
		}
	}
	build(24, 80);
	/* " Lesson 1: " and 52 of the title's 72 characters fill the title's
	   53 columns, then the cut mark; " scene 1 of 2 " at the right edge */
	assert_int_equal(row_of(" Lesson 1: Les octets \xc3\xa9t\xc3\xa9s: \xce\xbb\xce\xad"
				"\xce\xbe\xce\xb7, \xd1\x81\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe, mot "
				"\xc3\xa0 mot \xe2\x80\x94 \xc3\xa7" "a d\xc3\xa9" "borde"
				WV_CUT_UTF8 " "), 0);
	assert_int_equal(fr.cells[63].ch, WV_CH_CUT);
	assert_int_equal(wv_frame_find(&fr, 0, "scene 1 of 2"), 67);
	x = wv_frame_find(&fr, 0, "\xc3\xa9t\xc3\xa9s");
	assert_int_equal(x, 22);
	assert_int_equal(fr.cells[22].ch, 0xe9);
	assert_int_equal(fr.cells[24].ch, 0xe9);
	assert_int_equal(fr.cells[x + 6].ch, 0x3bb);
	assert_int_equal(fr.cells[x + 12].ch, 0x441);
	assert_int_equal(row_of("Le mot charg\xc3\xa9 \xe2\x80\x94 \xce\x97 \xce\xbb\xce\xad"
				"\xce\xbe\xce\xb7 \xe2\x80\x94 \xd0\xa1\xd0\xbb\xd0\xbe\xd0\xb2"
				"\xd0\xbe"), 1);
	/* the narration, wrapped between words */
	assert_true(row_of("\xce\x97 \xce\xbb\xce\xad\xce\xbe\xce\xb7 \xcf\x86") > 1);
	assert_true(row_of("\xd1\x86\xd0\xb5\xd0\xbb\xd0\xb8\xd0\xba\xd0\xbe\xd0\xbc") > 1);
	/* 80 columns of Cyrillic and French, 117 bytes: the row is full */
	assert_true(row_of("\xd0\xa1\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe \xd0\xb7") ==
		    row_of("\xc3\xa0 la fois, m\xc3\xaame") &&
		    row_of("\xc3\xa0 la fois, m\xc3\xaame") > 1);
	assert_true(row_of("les derniers apr\xc3\xa8s le z\xc3\xa9ro.") > 1);
	stop();
	wv_frame_free(&fr);
}

/* Rows to spare on a projector are used: lesson 1's first scene (one row
   of bits, two paragraphs) left 18 of 120x36's rows blank and showed no
   calls; the calls table now takes them. */
static void test_present_grows(void **state)
{
	(void)state;
	start("lessons/01-word-at-a-time.lesson", 1, NULL, true);
	build(36, 120);
	assert_true(row_of("The calls on this word") > row_of("Enter: next scene."));
	assert_true(blank_rows() < 14);
	/* and at 160x45 */
	build(45, 160);
	assert_true(row_of("The calls on this word") > row_of("Enter: next scene."));
	stop();
}

/* The longest run of blank rows above the status line. */
static int blank_run(void)
{
	int run = 0, longest = 0;

	for (int y = 0; y < fr.rows - 2; y++) {
		char buf[400];

		wv_frame_row_text(&fr, y, buf, sizeof(buf));
		run = buf[0] == '\0' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	return longest;
}

/*
 * Issue 47: terminal --present grows its rows instead of leaving them
 * empty.  Every scene of lesson 1 but its measured chart (laid out apart)
 * at 120x36 and 160x45, as it opens and a sub-step on: no more than 5
 * blank rows in a row above the status line, and at most a quarter of
 * them blank in all (lesson 1 scene 1 at 120x36 had 13, 9 of them in one
 * run under the narration; at 160x45 22, 18 in one run).
 */
static void test_present_no_empty_rows(void **state)
{
	static const int sizes[][2] = { { 36, 120 }, { 45, 160 } };
	int bad = 0;

	(void)state;
	start("lessons/01-word-at-a-time.lesson", 1, NULL, true);
	for (size_t i = 0; i < cls.nscenes; i++)
		for (int moment = 0; moment < 2; moment++)
			for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
				if (wv_lesson_scene(cls.lesson, i)->measure >= 0)
					continue;
				wv_class_goto(&cls, i);
				if (moment)
					wv_class_do(&cls, WV_ACT_NEXT);
				wv_frame_free(&fr);
				build(sizes[z][0], sizes[z][1]);
				print_message("# scene %zu%s at %dx%d: %d blank rows, "
					      "longest run %d\n", i + 1,
					      moment ? " a sub-step on" : "", sizes[z][1],
					      sizes[z][0], blank_rows(), blank_run());
				if (blank_run() > 5 || blank_rows() > (fr.rows - 2) / 4) {
					dump();
					bad++;
				}
			}
	stop();
	wv_frame_free(&fr);
	assert_int_equal(bad, 0);
}

/* Does row y hold the cut mark? */
static bool row_cut(int y)
{
	for (int x = 0; x < fr.cols; x++)
		if (wv_frame_at(&fr, y, x)->ch == WV_CH_CUT)
			return true;
	return false;
}

/*
 * Issue 47's tester: --present at 80x24 cut lesson 3 scene 2's narration
 * ("A 0x01 byte that receives a borrow ...") and nothing read the rest.
 * The cut is said with the key (W); W sets the text over the screen,
 * whole for every scene of every lesson at 80x24, as it opens and with
 * its question asked (its last line drawn, no cut mark), in --present and
 * not; the next key takes it away and does what it does.
 */
static void test_text_whole(void **state)
{
	glob_t g;
	unsigned screens = 0, bad = 0, paged = 0;

	(void)state;
	start("lessons/03-has-zero.lesson", 3, "x86-64", true);
	wv_class_goto(&cls, 1);
	build(24, 80);
	assert_true(row_of("A 0x01 byte that receives a borrow") > 0);
	assert_int_equal(row_of("Work the borrows out"), -1);
	assert_true(row_of("Enter: the question.  " WV_LESSONVIEW_CUT_HINT) > 0);
	assert_int_equal(wv_class_do(&cls, WV_ACT_MESSAGE) & WV_REACT_REDRAW, WV_REACT_REDRAW);
	wv_frame_free(&fr);
	build(24, 80);
	assert_true(row_of("A 0x01 byte that receives a borrow") > 0);
	assert_true(row_of("Work the borrows out from bit 0 up") > row_of("A 0x01 byte"));
	assert_true(row_of("question is answered, sets a bit wherever") > 0);
	assert_int_equal(row_of(WV_LESSONVIEW_CUT_HINT), -1);
	/* the next key goes back, and does what it does */
	wv_class_do(&cls, WV_ACT_PREV);
	assert_false(cls.text_whole);
	wv_frame_free(&fr);
	build(24, 80);
	assert_int_equal(row_of("till the next key"), -1);
	assert_true(row_of("sub-step 1/15") > 0);
	stop();
	wv_frame_free(&fr);
	/* a question cut short says so too, with the Esc that leaves its
	   answer line first (lesson 7's first, in --present at 80x24) */
	start("lessons/07-find-zero.lesson", 7, NULL, true);
	wv_class_do(&cls, WV_ACT_ANSWER);
	build(24, 80);
	assert_true(row_of("Question: What is the product mask") > 0);
	assert_true(row_of(WV_LESSONVIEW_CUT_HINT_ASK) > row_of("Question:"));
	stop();
	wv_frame_free(&fr);

	/* the end screen has no text to show whole: W is the message's */
	assert_int_equal(glob("lessons/[0-9][0-9]-*.lesson", 0, NULL, &g), 0);
	for (size_t k = 0; k < g.gl_pathc; k++)
		for (int present = 0; present < 2; present++) {
			start(g.gl_pathv[k], (unsigned)atoi(g.gl_pathv[k] + 8), NULL, present);
			for (size_t i = 0; i < cls.nscenes; i++)
				for (int ask = 0; ask < 2; ask++) {
					wv_class_goto(&cls, i);
					if (ask && !cls.has_question)
						continue;
					if (ask)
						wv_class_do(&cls, WV_ACT_ANSWER);
					const char *end = ask ? "Enter: type"
						: cls.has_question ? "Enter: the question."
						: i + 1 < cls.nscenes ? "Enter: next scene."
						: "Enter: the end of the lesson.";
					bool cut = false, last = false;
					int pages = 1;

					/* W, and W again for each screenful more */
					for (int pg = 0; pg < pages; pg++) {
						char top[200];
						const char *of;

						wv_class_do(&cls, WV_ACT_MESSAGE);
						wv_frame_free(&fr);
						build(24, 80);
						screens++;
						wv_frame_row_text(&fr, 1, top, sizeof(top));
						of = strstr(top, " of ");
						if (!pg && of && strstr(top, ": W turns)"))
							pages = atoi(of + 4);
						paged += pg > 0;
						for (int y = 2; y < fr.rows - 2; y++)
							cut |= row_cut(y);
						last |= row_of(end) > 2;
					}
					if (!cls.text_whole || cut || !last || pages > 3) {
						print_message("# %s scene %zu%s%s: not whole\n",
							      g.gl_pathv[k], i + 1, ask ? " asked" : "",
							      present ? " --present" : "");
						dump();
						bad++;
					}
				}
			stop();
		}
	globfree(&g);
	wv_frame_free(&fr);
	print_message("# %u screens of W at 80x24, %u of them a page more\n",
		      screens, paged);
	assert_true(screens > 200 && paged > 0);
	assert_int_equal(bad, 0);
}

/* In a lesson too: a long message is cut with the mark; W keeps it and
   shows it whole; the next key takes it away. */
static void test_message_key(void **state)
{
	static const char said[] = "a message too long for one row of eighty "
		"columns, as a ':lesson' ambiguity is, that names every lesson it "
		"could mean: 3 has_zero, 13 has_zero again";
	char row[400], all[800] = "";
	int first;

	(void)state;
	start("lessons/03-has-zero.lesson", 3, NULL, false);
	wv_app_msg(&app, false, "%s", said);
	build(24, 80);
	/* the cut mark one column before the corner, which a terminal
	   cannot write (it showed no mark there): the corner blank */
	assert_int_equal(fr.cells[23 * 80 + 78].ch, WV_CH_CUT);
	assert_int_equal(fr.cells[23 * 80 + 79].ch, ' ');
	assert_int_equal(wv_class_do(&cls, WV_ACT_MESSAGE) & WV_REACT_REDRAW,
			 WV_REACT_REDRAW);
	assert_string_equal(app.msg, said);
	build(24, 80);
	first = row_of("a message too long");
	assert_true(first > 0 && first < 23);
	for (int y = first; y < 24; y++) {
		wv_frame_row_text(&fr, y, row, sizeof(row));
		strcat(all, y > first ? " " : "");
		strcat(all, row);
	}
	assert_string_equal(all, said);
	wv_class_do(&cls, WV_ACT_SOURCES);
	assert_false(app.msg_whole);
	assert_null(strstr(app.msg, "too long"));
	wv_frame_free(&fr);
	stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scene),
		cmocka_unit_test(test_kept_scene),
		cmocka_unit_test(test_question_and_feedback),
		cmocka_unit_test(test_present),
		cmocka_unit_test(test_end_and_help),
		cmocka_unit_test(test_message_key),
		cmocka_unit_test(test_every_scene),
		cmocka_unit_test(test_said),
		cmocka_unit_test(test_narration_fits),
		cmocka_unit_test(test_present_rows_whole),
		cmocka_unit_test(test_rows_whole_80),
		cmocka_unit_test(test_split_rows_said),
		cmocka_unit_test(test_memory_named),
		cmocka_unit_test(test_strip_unmapped),
		cmocka_unit_test(test_utf8_lesson),
		cmocka_unit_test(test_present_grows),
		cmocka_unit_test(test_present_no_empty_rows),
		cmocka_unit_test(test_text_whole),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	wv_frame_free(&fr);
	return rc;
}
