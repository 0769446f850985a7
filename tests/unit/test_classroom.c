/*
 * A lesson's state and actions (app/classroom.h) and its saved place
 * (app/progress.h), without a terminal: scenes, --arch and scenes that
 * keep their variant, the question flow, autoplay, progress files good,
 * corrupt and unwritable.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "app/classroom.h"
#include "front/term/history.h"
#include "app/lessonview.h"
#include "app/progress.h"
#include "try/try.h"

static struct wv_app app;
static struct wv_class cls;
static wv_lesson *lesson;
static char dir[] = "/tmp/watviz-class-XXXXXX", path[512];

static void load(const char *file)
{
	struct wv_error e;

	assert_int_equal(wv_lesson_load(file, &lesson, &e), 0);
}

/* Start lesson file on arch (NULL: the lesson's first variant). */
static void start(const char *file, unsigned number, const char *slug,
		  const char *arch, const char *progress, int autoplay_ms,
		  bool restart)
{
	struct wv_ui_opts o = { .lesson = NULL, .lesson_number = number,
				.lesson_slug = slug, .autoplay_ms = autoplay_ms,
				.restart = restart, .delim = -1 };

	load(file);
	o.lesson = lesson;
	o.variant = arch ? variant(arch) : NULL;
	assert_int_equal(wv_class_init(&cls, &app, &o, progress), 0);
}

static void stop(void)
{
	wv_class_free(&cls);
	wv_app_free(&app);
	wv_lesson_free(lesson);
	lesson = NULL;
}

static const struct wv_step *step(void)
{
	return wv_trace_step_of(&app.trace, app.pos);
}

static void test_scenes(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, NULL, 0, false);
	assert_int_equal(cls.nscenes, 6);
	assert_int_equal(cls.scene, 0);
	assert_int_equal(cls.phase, WV_CLASS_SCENE);
	assert_ptr_equal(app.v, variant("x86-64"));	/* the lesson's first */
	assert_int_equal(step()->kind, WV_STEP_LOAD);
	assert_int_equal(wv_class_do(&cls, WV_ACT_SCENE_PREV), WV_REACT_BELL);

	/* scene 2 points at has_zero's subtraction: there at once */
	assert_int_equal(wv_class_do(&cls, WV_ACT_SCENE_NEXT), WV_REACT_REDRAW);
	assert_int_equal(cls.scene, 1);
	assert_int_equal(step()->kind, WV_STEP_HAS_ZERO);
	assert_int_equal(app.trace.subs[app.pos].op, WV_OP_SUB);
	assert_int_equal(app.pos, cls.shown);
	assert_true(cls.has_question);

	/* the other keys still step freely; the scene keys come back */
	wv_class_do(&cls, WV_ACT_LAST);
	assert_int_equal(app.pos, app.trace.nsubs - 1);
	wv_class_do(&cls, WV_ACT_ARCH_NEXT);
	assert_true(wv_class_exploring(&cls));
	wv_class_do(&cls, WV_ACT_SCENE_PREV);
	wv_class_do(&cls, WV_ACT_SCENE_NEXT);
	assert_false(wv_class_exploring(&cls));
	assert_int_equal(app.pos, cls.shown);

	/* a scene without a question: Enter goes on */
	wv_class_goto(&cls, 2);
	assert_false(cls.has_question);
	assert_int_equal(wv_class_do(&cls, WV_ACT_ANSWER), WV_REACT_REDRAW);
	assert_int_equal(cls.scene, 3);

	/* past the last scene: the end screen; back, and start over */
	wv_class_goto(&cls, 5);
	wv_class_do(&cls, WV_ACT_SCENE_NEXT);
	assert_int_equal(cls.phase, WV_CLASS_END);
	assert_int_equal(wv_class_do(&cls, WV_ACT_SCENE_NEXT), WV_REACT_BELL);
	/* n offers the next lesson; this class was given no other */
	assert_int_equal(wv_class_do(&cls, WV_ACT_NEXT), WV_REACT_BELL | WV_REACT_REDRAW);
	assert_non_null(strstr(app.msg, "That was the last lesson"));
	assert_int_equal(cls.phase, WV_CLASS_END);
	wv_class_do(&cls, WV_ACT_SCENE_PREV);
	assert_int_equal(cls.phase, WV_CLASS_SCENE);
	assert_int_equal(cls.scene, 5);
	wv_class_do(&cls, WV_ACT_SCENE_NEXT);
	wv_class_do(&cls, WV_ACT_FIRST);
	assert_int_equal(cls.scene, 0);
	assert_int_equal(wv_class_do(&cls, WV_ACT_QUIT), WV_REACT_QUIT);
	stop();
}

static void test_arch_and_kept(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", "ppc64", NULL, 0, false);
	assert_ptr_equal(app.v, variant("ppc64"));
	assert_false(cls.kept);
	assert_non_null(strstr(app.msg, "Running on ppc64 (--arch)"));
	/* big-endian adds -ONES: "op sub/add" still finds the step */
	wv_class_goto(&cls, 1);
	assert_int_equal(app.trace.subs[app.pos].op, WV_OP_ADD);
	stop();

	/* lesson 15's second scene needs x86-64 whatever --arch says */
	start("lessons/15-page-edge.lesson", 15, "page-edge", "arm", NULL, 0, false);
	assert_false(cls.kept);
	wv_class_goto(&cls, 1);
	assert_true(cls.kept);
	assert_ptr_equal(app.v, variant("x86-64"));
	assert_ptr_equal(cls.in.v, variant("x86-64"));
	stop();
	/* lesson 11's first scene runs on ppc64le whatever --arch says; every
	   scene keeps its own, so none is "kept" from a variant of the lesson */
	start("lessons/11-compare-bytes.lesson", 11, "compare-bytes",
	      "x86-64", NULL, 0, false);
	assert_false(cls.kept);
	assert_ptr_equal(app.v, variant("ppc64le"));
	assert_ptr_equal(cls.in.v, variant("ppc64le"));
	stop();
	start("lessons/11-compare-bytes.lesson", 11, "compare-bytes",
	      "ppc64le", NULL, 0, false);
	assert_false(cls.kept);
	stop();
}

static void test_question_flow(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", "ppc64", NULL, 0, false);
	/* scene 4 asks has_zero of "ab\0cd": 0x0000800000808080 on ppc64
	   (the spec's value), taken from the trace */
	wv_class_goto(&cls, 3);
	assert_true(cls.has_question);
	assert_true(cls.answer.value == UINT64_C(0x0000800000808080));
	assert_true(cls.answer.value == app.trace.words[0].has_zero);
	assert_non_null(strstr(cls.answer.worked, "0x0000800000808080"));
	assert_string_equal(wv_class_prompt(&cls), "answer (hex): ");

	int r = wv_class_do(&cls, WV_ACT_ANSWER);

	assert_true(r & WV_REACT_ANSWER);
	assert_int_equal(cls.phase, WV_CLASS_ASK);
	/* wrong: the line again, the answer in it selected, so a retry is
	   typed over it rather than run as key commands */
	assert_int_equal(wv_class_answer(&cls, "0x1234"),
			 WV_REACT_REDRAW | WV_REACT_ANSWER);
	assert_int_equal(cls.phase, WV_CLASS_ASK);
	assert_int_equal(cls.wrong, 1);
	assert_string_equal(cls.last_wrong, "0x1234");
	assert_string_equal(cls.retry, "0x1234");
	assert_true(cls.retry_selected);
	/* unreadable: why, and the line again with the text to fix */
	r = wv_class_answer(&cls, "zz");
	assert_true(r & WV_REACT_ANSWER);
	assert_string_equal(cls.retry, "zz");
	assert_false(cls.retry_selected);
	assert_non_null(strstr(cls.unreadable, "cannot be read"));
	assert_true(app.msg_error);
	assert_int_equal(cls.wrong, 1);
	/* abandoned line: nothing changes */
	wv_class_answer(&cls, NULL);
	assert_int_equal(cls.phase, WV_CLASS_ASK);
	/* right, in any spelling the checker reads */
	wv_class_answer(&cls, "0000_8000 0080_8080");
	assert_int_equal(cls.phase, WV_CLASS_FEEDBACK);
	assert_int_equal(cls.outcome[3], WV_OUTCOME_RETRIED);
	/* Enter goes on; s has nothing more to show */
	assert_int_equal(wv_class_do(&cls, WV_ACT_REVEAL), WV_REACT_BELL);
	wv_class_do(&cls, WV_ACT_ANSWER);
	assert_int_equal(cls.scene, 4);

	/* reveal: s before any answer */
	wv_class_goto(&cls, 1);
	wv_class_do(&cls, WV_ACT_REVEAL);
	assert_int_equal(cls.phase, WV_CLASS_FEEDBACK);
	assert_true(cls.revealed);
	assert_int_equal(cls.outcome[1], WV_OUTCOME_SHOWN);
	assert_int_equal(wv_class_do(&cls, WV_ACT_REVEAL), WV_REACT_BELL);
	/* a scene without a question says so */
	wv_class_goto(&cls, 0);
	wv_class_do(&cls, WV_ACT_REVEAL);
	assert_non_null(strstr(app.msg, "no question"));
	assert_int_equal(cls.phase, WV_CLASS_SCENE);

	/* multiple choice: the letter of the right option, right first time */
	wv_class_goto(&cls, 5);
	assert_int_equal(cls.answer.form, WV_FORM_CHOICE);
	assert_string_equal(wv_class_prompt(&cls), "answer (a-d): ");
	wv_class_do(&cls, WV_ACT_ANSWER);
	char letter[2] = { (char)('a' + cls.answer.right), '\0' };

	wv_class_answer(&cls, letter);
	assert_int_equal(cls.phase, WV_CLASS_FEEDBACK);
	assert_int_equal(cls.outcome[5], WV_OUTCOME_RIGHT);

	size_t q;

	assert_int_equal(wv_class_count(&cls, WV_OUTCOME_RIGHT, &q), 1);
	assert_int_equal(q, 3);
	assert_int_equal(wv_class_count(&cls, WV_OUTCOME_SHOWN, NULL), 1);
	assert_int_equal(wv_class_count(&cls, WV_OUTCOME_RETRIED, NULL), 1);
	stop();
}

static void test_autoplay(void **state)
{
	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, NULL, 1000, false);
	assert_true(app.playing);
	assert_int_equal(app.speed_ms, 1000);
	/* scene 1 shows the load (nothing to walk, no question): it stays up
	   while its narration, as filled on x86-64, is read at WV_PACE_WPM,
	   in whole ticks, and the tick after goes on */
	char text[WV_NARRATION_MAX];

	assert_int_equal(app.pos, cls.shown);
	assert_int_equal(wv_lesson_narrate(wv_lesson_scene(lesson, 0), &app.trace,
					   text, sizeof(text), NULL), 0);
	assert_int_equal(cls.read_words, wv_pace_words(text));
	unsigned want = (unsigned)((cls.read_words * 60 + WV_PACE_WPM - 1) /
				   WV_PACE_WPM);

	assert_true(want > 5);
	assert_int_equal(wv_class_ticks_total(&cls), want);
	for (unsigned k = 1; k < want; k++) {
		assert_int_equal(wv_class_tick(&cls), WV_REACT_REDRAW);
		assert_int_equal(cls.scene, 0);
		assert_int_equal(cls.ticks, k);
		assert_int_equal(wv_class_ticks_total(&cls), want);
	}
	assert_non_null(strstr(app.msg, "autoplay tick"));
	assert_int_equal(wv_class_tick(&cls), WV_REACT_REDRAW);
	assert_int_equal(cls.scene, 1);
	/* it walks up to the sub-step the scene shows, then pauses on the
	   question */
	int guard = 0;

	unsigned total = wv_class_ticks_total(&cls);

	while (cls.phase == WV_CLASS_SCENE && guard++ < 500)
		wv_class_tick(&cls);
	assert_int_equal(cls.ticks, total);	/* as announced */
	assert_int_equal(app.pos, cls.shown);
	assert_int_equal(cls.phase, WV_CLASS_ASK);
	assert_false(app.playing);
	assert_int_equal(wv_class_tick(&cls), WV_REACT_NONE);
	/* r goes on from the question, into scene 3 (the NOT after the
	   subtraction): from the start of has_zero, one sub-step a tick */
	wv_class_do(&cls, WV_ACT_PLAY);
	assert_true(app.playing);
	wv_class_tick(&cls);
	assert_int_equal(cls.scene, 2);
	assert_int_equal(app.pos, step()->first);
	assert_true(app.pos < cls.shown);
	size_t from = app.pos;

	wv_class_tick(&cls);
	assert_int_equal(app.pos, from + 1);
	/* any key takes over, even one that means nothing */
	assert_int_equal(wv_class_do(&cls, WV_ACT_NONE), WV_REACT_REDRAW);
	assert_false(app.playing);
	assert_non_null(strstr(app.msg, "autoplay stopped"));
	/* a key that acts does both */
	wv_class_do(&cls, WV_ACT_PLAY);
	size_t pos = app.pos;

	wv_class_do(&cls, WV_ACT_NEXT);
	assert_false(app.playing);
	assert_int_equal(app.pos, pos + 1);
	/* +/- set the pace */
	wv_class_do(&cls, WV_ACT_SLOWER);
	assert_int_equal(cls.pace_ms, 1500);
	/* to the end, where it stops */
	wv_class_goto(&cls, 5);
	cls.phase = WV_CLASS_FEEDBACK;
	wv_class_do(&cls, WV_ACT_PLAY);
	wv_class_tick(&cls);
	assert_int_equal(cls.phase, WV_CLASS_END);
	assert_false(app.playing);
	stop();
}

static void write_file(const char *p, const char *text, size_t n)
{
	FILE *f = fopen(p, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static struct wv_lesson_file files[100];
static size_t nfiles;

/* Start files[k] of the lessons in lessons/, the run ending at run_last. */
static void start_course(size_t k, size_t run_last, const char *arch,
			 const char *progress, int autoplay_ms, bool restart)
{
	struct wv_ui_opts o = { .delim = -1, .autoplay_ms = autoplay_ms,
				.restart = restart };
	int n = wv_lesson_list("lessons", files, 100);

	assert_true(n >= 10);
	nfiles = (size_t)n;
	load(files[k].path);
	o.lesson = lesson;
	o.lesson_number = files[k].number;
	o.lesson_slug = files[k].slug;
	o.variant = arch ? variant(arch) : NULL;
	o.files = files;
	o.nfiles = nfiles;
	o.lesson_index = k;
	o.run_last = run_last;
	assert_int_equal(wv_class_init(&cls, &app, &o, progress), 0);
}

static int command(const char *line)
{
	static struct wv_cmd cmd;	/* 16 KiB: kept off the stack */
	char err[160];

	if (wv_cmd_parse(line, &cmd, err, sizeof(err)) < 0) {
		snprintf(app.msg, sizeof(app.msg), "%s", err);
		app.msg_error = true;
		return WV_REACT_REDRAW;
	}
	return wv_class_command(&cls, &cmd, NULL);
}

/* :scene, :lesson, :next, :prev and the end screen's next lesson */
static void test_moving(void **state)
{
	(void)state;
	assert_int_equal(wv_state_path(dir, "/nowhere", "progress", path, sizeof(path)), 0);
	unlink(path);
	start_course(2, 15, NULL, path, 0, false);	/* lesson 3, as --lesson 3 */
	assert_int_equal(cls.number, 3);
	assert_int_equal(wv_class_next(&cls), 3);

	/* :scene N is scene N, counted from 1; out of range says the range */
	assert_int_equal(command("scene 3"), WV_REACT_REDRAW);
	assert_int_equal(cls.scene, 2);
	assert_int_equal(cls.phase, WV_CLASS_SCENE);
	assert_int_equal(command("scene 7"), WV_REACT_REDRAW);
	assert_int_equal(cls.scene, 2);
	assert_true(app.msg_error);
	assert_string_equal(app.msg, "scene 7: lesson 3 has scenes 1 to 6");
	command("scene 0");
	assert_int_equal(cls.scene, 2);

	/* :next opens lesson 4 from its start; the place in lesson 3 is kept */
	assert_int_equal(command("next"), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 4);
	assert_string_equal(cls.slug, "false-positives");
	assert_ptr_equal(cls.lesson, cls.owned);
	assert_string_equal(wv_lesson_title(cls.lesson),
			    "False positives, and why little-endian does not care");
	assert_int_equal(cls.nscenes, wv_lesson_nscenes(cls.owned));
	assert_int_equal(cls.scene, 0);
	assert_non_null(strstr(app.msg, "Lesson 4: False positives"));
	/* the app shows lesson 4's first scene */
	const struct wv_scene *s3 = wv_lesson_scene(cls.lesson, 0);

	assert_string_equal(app.word_src, s3->word_src);
	/* :prev comes back to lesson 3 where the class was */
	assert_int_equal(command("prev"), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 3);
	assert_int_equal(cls.scene, 2);
	assert_non_null(strstr(app.msg, "Resuming at scene 3 of 6"));

	/* :lesson by number, name, prefix; mistakes leave the class be */
	command("lesson 5");
	assert_int_equal(cls.number, 5);
	command("lesson has-zero");
	assert_int_equal(cls.number, 3);
	command("lesson unal");
	assert_int_equal(cls.number, 14);
	command("lesson 99");
	assert_int_equal(cls.number, 14);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "lesson 99: no such lesson"));
	command("lesson ha");		/* has-zero, hash-name */
	assert_int_equal(cls.number, 14);
	assert_non_null(strstr(app.msg, "more than one lesson starts with that "
			       "name (two): 03-has-zero.lesson and 13-hash-name.lesson"));
	command("lesson 1");
	assert_int_equal(command("prev"), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 1);
	assert_string_equal(app.msg, "lesson 1 is the first one");
	command("lesson 16");
	command("next");
	assert_int_equal(cls.number, 16);
	assert_string_equal(app.msg, "lesson 16 is the last one");
	/* the other commands still work in a lesson */
	command("arch ppc");
	assert_ptr_equal(app.v, variant("ppc64"));

	/* the end screen's n and Enter: the next lesson */
	command("lesson 4");
	wv_class_goto(&cls, cls.nscenes);
	assert_int_equal(cls.phase, WV_CLASS_END);
	assert_int_equal(wv_class_do(&cls, WV_ACT_NEXT), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 5);
	wv_class_goto(&cls, cls.nscenes);
	assert_int_equal(wv_class_do(&cls, WV_ACT_ANSWER), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 6);
	stop();

	/* progress kept per lesson: lesson 4 was finished, lesson 3 at 3 */
	size_t k;

	assert_int_equal(wv_progress_get(path, 4, "false-positives", &k, NULL), 0);
	assert_int_equal(k, WV_PROGRESS_DONE);
	assert_int_equal(wv_progress_get(path, 3, "has-zero", &k, NULL), 0);
	assert_int_equal(k, 2);

	/* --restart: each lesson from scene 1 the first time it opens in the
	   run, where the class left it when it comes back */
	assert_int_equal(wv_progress_put(path, 4, "false-positives", 2), 0);
	start_course(2, 15, NULL, path, 0, true);
	assert_int_equal(cls.scene, 0);		/* not 2 (saved before) */
	command("scene 4");
	command("next");
	assert_int_equal(cls.number, 4);
	assert_int_equal(cls.scene, 0);		/* not 2 (saved before) */
	command("prev");
	assert_int_equal(cls.scene, 3);		/* left there in this run */
	stop();
	unlink(path);
}

/* --lesson 2-4: the run stops after 4; --arch where a lesson allows it */
static void test_run_and_arch(void **state)
{
	(void)state;
	start_course(1, 3, "ppc", NULL, 0, false);
	assert_ptr_equal(app.v, variant("ppc64"));
	command("lesson 4");	/* little-endian only: on its own first variant */
	assert_int_equal(cls.number, 4);
	assert_null(cls.arch);
	assert_ptr_equal(app.v, wv_lesson_variant(cls.lesson, 0));
	assert_non_null(strstr(app.msg, "Lesson 4 does not run on ppc64"));
	assert_int_equal(wv_class_next(&cls), -1);	/* the run's last */
	wv_class_goto(&cls, cls.nscenes);
	assert_int_equal(wv_class_do(&cls, WV_ACT_NEXT), WV_REACT_BELL | WV_REACT_REDRAW);
	assert_int_equal(cls.number, 4);
	assert_non_null(strstr(app.msg, "last lesson of this run"));
	/* outside the run, the end screen offers the next again */
	command("lesson 9");	/* big-endian */
	assert_ptr_equal(cls.arch, variant("ppc64"));
	assert_ptr_equal(app.v, variant("ppc64"));
	assert_int_equal(wv_class_next(&cls), 9);
	stop();

	/* autoplay goes through the end screen into the next lesson */
	start_course(14, 15, NULL, NULL, 1000, false);
	wv_class_goto(&cls, cls.nscenes);
	assert_true(app.playing);
	int guard = 0;

	while (cls.number == 15 && guard++ < 200)
		wv_class_tick(&cls);
	assert_int_equal(cls.number, 16);
	assert_true(app.playing);
	assert_int_equal(cls.scene, 0);
	/* ... and stops at the end of the last */
	wv_class_goto(&cls, cls.nscenes);
	assert_false(app.playing);
	stop();
}

/* a lesson that cannot be loaded leaves the class where it was */
static void test_bad_lesson(void **state)
{
	struct wv_lesson_file bad[2];
	char p[600];

	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, NULL, 0, false);
	stop();
	snprintf(p, sizeof(p), "%s/03-broken.lesson", dir);
	write_file(p, "title: t\nsummary: s\nscene: x\nword: ab\nshow: nothing\n", 52);
	bad[0] = (struct wv_lesson_file){ .number = 2, .slug = "has-zero" };
	snprintf(bad[0].path, sizeof(bad[0].path), "lessons/03-has-zero.lesson");
	bad[1] = (struct wv_lesson_file){ .number = 3, .slug = "broken" };
	snprintf(bad[1].path, sizeof(bad[1].path), "%s", p);

	struct wv_ui_opts o = { .delim = -1, .lesson_number = 2,
				.lesson_slug = "has-zero", .files = bad,
				.nfiles = 2, .lesson_index = 0, .run_last = 1 };

	load("lessons/03-has-zero.lesson");
	o.lesson = lesson;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	wv_class_goto(&cls, 1);
	assert_int_equal(command("next"), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 2);
	assert_int_equal(cls.scene, 1);
	assert_ptr_equal(cls.lesson, lesson);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "03-broken.lesson:5:"));
	stop();
	unlink(p);
}

/*
 * Two lesson files numbered 2: :lesson 2 picks neither and names both (the
 * red-team review found --lesson 2 picking one silently); :lesson by the
 * name of one still opens it.
 */
static void test_same_number(void **state)
{
	struct wv_lesson_file two[3] = {
		{ .number = 1, .slug = "word-at-a-time",
		  .path = "lessons/01-word-at-a-time.lesson" },
		{ .number = 2, .slug = "has-zero", .path = "lessons/03-has-zero.lesson" },
		{ .number = 2, .slug = "the-interface",
		  .path = "lessons/02-the-interface.lesson" },
	};
	struct wv_ui_opts o = { .delim = -1, .lesson_number = 1,
				.lesson_slug = "word-at-a-time", .files = two,
				.nfiles = 3, .lesson_index = 0, .run_last = 2 };

	(void)state;
	load("lessons/01-word-at-a-time.lesson");
	o.lesson = lesson;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	assert_int_equal(command("lesson 2"), WV_REACT_REDRAW);
	assert_int_equal(cls.number, 1);
	assert_true(app.msg_error);
	assert_string_equal(app.msg, "lesson 2: two lesson files have that number: "
			    "03-has-zero.lesson and 02-the-interface.lesson; "
			    "renumber or rename one");
	command("lesson 02");
	assert_int_equal(cls.number, 1);
	assert_non_null(strstr(app.msg, "two lesson files have that number"));
	command("lesson the-interface");
	assert_int_equal(cls.number, 2);
	assert_string_equal(cls.slug, "the-interface");
	stop();
}

static void test_progress(void **state)
{
	char buf[4096];
	size_t k;

	(void)state;
	assert_int_equal(wv_state_path(dir, "/nowhere", "progress", path, sizeof(path)), 0);
	/* nothing saved yet */
	assert_int_equal(wv_progress_get(path, 3, "has-zero", &k, NULL), -ENOENT);
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, false);
	assert_int_equal(cls.scene, 0);
	wv_class_goto(&cls, 3);
	stop();
	slurp(path, buf, sizeof(buf));
	assert_non_null(strstr(buf, "3 has-zero 4\n"));

	/* resumed where the class stopped, and it says so */
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, false);
	assert_int_equal(cls.scene, 3);
	assert_non_null(strstr(app.msg, "Resuming at scene 4 of 6"));
	assert_false(app.msg_error);
	stop();
	/* --restart starts over (and then saves scene 1) */
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, true);
	assert_int_equal(cls.scene, 0);
	stop();
	assert_int_equal(wv_progress_get(path, 3, "has-zero", &k, NULL), 0);
	assert_int_equal(k, 0);

	/* other lessons keep their lines; a finished lesson starts over */
	assert_int_equal(wv_progress_put(path, 5, "find-zero", 2), 0);
	assert_int_equal(wv_progress_put(path, 3, "has-zero", WV_PROGRESS_DONE), 0);
	assert_int_equal(wv_progress_get(path, 5, "find-zero", &k, NULL), 0);
	assert_int_equal(k, 2);
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, false);
	assert_int_equal(cls.scene, 0);
	assert_non_null(strstr(app.msg, "finished this lesson"));
	stop();
	/* a name with a blank (from a file name) stays one word */
	start("lessons/03-has-zero.lesson", 9, "my lesson", NULL, path, 0, false);
	wv_class_goto(&cls, 1);
	stop();
	slurp(path, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\n9 my_lesson 2\n"));
	assert_int_equal(wv_progress_get(path, 5, "find-zero", &k, NULL), 0);
	/* a renamed lesson (another slug) is not the same lesson */
	assert_int_equal(wv_progress_get(path, 3, "other", &k, NULL), -ENOENT);
	/* a saved scene past the end (the lesson got shorter) */
	assert_int_equal(wv_progress_put(path, 3, "has-zero", 40), 0);
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, false);
	assert_int_equal(cls.scene, 0);
	assert_non_null(strstr(app.msg, "past the lesson's end"));
	stop();
	unlink(path);
}

static void test_corrupt_progress(void **state)
{
	static const char *const bad[] = {
		"2 has-zero\n", "2 has-zero 0\n", "two has-zero 3\n",
		"2 has-zero 3 extra\n", "2 has-zero -1\n", "\x7f" "ELF\x01\x02\n",
		"2 has-zero 99999999999999999999\n",
	};
	int line = 0;
	size_t k;

	(void)state;
	assert_int_equal(wv_state_path(dir, NULL, "progress", path, sizeof(path)), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[200];

		snprintf(text, sizeof(text), "# progress\n5 find-zero 2\n%s", bad[i]);
		write_file(path, text, strlen(text));
		assert_int_equal(wv_progress_get(path, 2, "has-zero", &k, &line), -ENOENT);
		assert_int_equal(line, 3);
		/* the good line still counts beside the bad one */
		assert_int_equal(wv_progress_get(path, 5, "find-zero", &k, &line), 0);
		assert_int_equal(k, 1);
		assert_int_equal(line, 3);
		start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, false);
		assert_int_equal(cls.scene, 0);
		assert_true(app.msg_error);
		/* the message names the file, and the line in it */
		assert_non_null(strstr(app.msg, path));
		assert_non_null(strstr(app.msg, ": line 3 is not"));
		stop();
		/* the next save adds its line and keeps every other one */
		char after[400];

		assert_int_equal(wv_progress_get(path, 3, "has-zero", &k, NULL), 0);
		slurp(path, after, sizeof(after));
		assert_non_null(strstr(after, "\n5 find-zero 2\n"));
		assert_non_null(strstr(after, "\n# progress\n"));
		assert_non_null(strstr(after, bad[i]));
	}
	/* NUL bytes and a line far too long: bad lines, kept */
	char big[1000];

	memset(big, 'x', sizeof(big));
	write_file(path, big, sizeof(big));
	assert_int_equal(wv_progress_get(path, 2, "has-zero", &k, &line), -ENOENT);
	assert_int_equal(line, 1);
	write_file(path, "2 has\0zero 3\n", 13);
	assert_int_equal(wv_progress_get(path, 2, "has-zero", &k, &line), -ENOENT);
	assert_int_equal(line, 1);
	assert_int_equal(wv_progress_put(path, 4, "x", 1), 0);
	{
		char after[100];
		size_t n = slurp(path, after, sizeof(after));

		assert_true(n > 13);
		assert_memory_equal(after + n - 13, "2 has\0zero 3\n", 13);
	}
	unlink(path);
}

/* A full disk (a file size limit) while saving: the old file is whole. */
static void test_progress_write_fails(void **state)
{
	char before[8192], after[8192], tmpname[600], slug[32];
	struct rlimit old;
	size_t nb;
	int rc;

	(void)state;
	assert_int_equal(wv_state_path(dir, NULL, "progress", path, sizeof(path)), 0);
	for (unsigned i = 1; i <= 60; i++) {
		snprintf(slug, sizeof(slug), "lesson-number-%u", i);
		assert_int_equal(wv_progress_put(path, i, slug, i % 7), 0);
	}
	nb = slurp(path, before, sizeof(before));
	assert_true(nb > 1000);

	disk_full(&old);
	rc = wv_progress_put(path, 2, "has-zero", 3);
	/* through the lesson, too: one notice, no crash */
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, path, 0, true);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "cannot save the lesson progress"));
	wv_class_goto(&cls, 1);
	stop();
	disk_room(&old);

	assert_true(rc < 0);
	assert_int_equal(slurp(path, after, sizeof(after)), nb);
	assert_memory_equal(before, after, nb);
	snprintf(tmpname, sizeof(tmpname), "%s.%ld.tmp", path, (long)getpid());
	assert_int_not_equal(access(tmpname, F_OK), 0);
	unlink(path);
}

/* No HOME and no XDG_STATE_HOME: no progress file, and no trouble. */
static void test_no_state_dir(void **state)
{
	(void)state;
	assert_int_equal(wv_state_path(NULL, NULL, "progress", path, sizeof(path)), -1);
	assert_int_equal(wv_state_path("relative", "", "progress", path, sizeof(path)), -1);
	start("lessons/03-has-zero.lesson", 3, "has-zero", NULL, NULL, 0, false);
	wv_class_goto(&cls, 2);
	assert_false(app.msg_error);
	stop();
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char sub[600];

	(void)state;
	snprintf(sub, sizeof(sub), "%s/watviz", dir);
	rmdir(sub);
	rmdir(dir);
	return 0;
}

/*
 * Editing in a lesson: explore: yes on lesson 6's first scene; a question
 * belongs to its trace: another variant withdraws it (its answer is another
 * trace's), and so does a changed byte, each with a notice; :scene asks it
 * again.
 */
static void test_explore_and_edits(void **state)
{
	(void)state;
	start("lessons/09-big-endian.lesson", 9, "big-endian", NULL, NULL, 0, true);
	assert_true(wv_lesson_scene(lesson, 0)->explore);
	assert_false(wv_lesson_scene(lesson, 1)->explore);
	/* scene 1: a bit of the loaded word flips its memory byte (big-endian:
	   register bit 8 is bit 0 of memory byte 6) */
	app.key = '\t';
	wv_class_do(&cls, WV_ACT_FOCUS_NEXT);
	wv_class_do(&cls, WV_ACT_FOCUS_NEXT);
	assert_int_equal(app.focus, WV_FOCUS_BITS);
	app.bit = 8;
	wv_class_do(&cls, WV_ACT_FLIP);
	assert_int_equal(app.word[6], 'e' ^ 1);
	assert_true(wv_class_exploring(&cls));

	/* scene 2 asks; another variant withdraws it, the scene asks again */
	wv_class_goto(&cls, 1);
	assert_true(cls.has_question && app.quiz);
	wv_class_do(&cls, WV_ACT_ARCH_NEXT);
	assert_false(cls.has_question || app.quiz);
	assert_non_null(strstr(app.msg, "it is withdrawn"));
	wv_class_goto(&cls, 1);
	assert_true(cls.has_question && app.quiz);
	/* a changed byte withdraws it, with a notice */
	wv_class_do(&cls, WV_ACT_FOCUS_MEMORY);
	app.key = '\'';
	wv_class_do(&cls, wv_app_action(&app, '\''));
	wv_class_do(&cls, wv_app_action(&app, 'z'));
	assert_false(cls.has_question);
	assert_false(app.quiz);
	assert_non_null(strstr(app.msg, "the question is withdrawn"));
	/* undo gives the word back; the question comes back with the scene */
	wv_class_do(&cls, wv_app_action(&app, 'u'));
	assert_false(wv_class_exploring(&cls));
	assert_false(cls.has_question);
	command("scene 2");
	assert_true(cls.has_question && app.quiz);
	assert_int_equal(app.nundo, 0);
	stop();
}

/*
 * w, another word: lesson 9 scene 2 (false_positives, practice:
 * false-positive) asked again on a fresh word, its own answer, the first
 * outcome kept; a scene with no practice: says so; a variant change
 * withdraws the question on the fresh word too.
 */
static void test_another_word(void **state)
{
	struct wv_answer a;
	uint8_t was[WV_WORD_MAX];
	size_t len;

	(void)state;
	start("lessons/09-big-endian.lesson", 9, "big-endian", NULL, NULL, 0, true);
	wv_class_goto(&cls, 1);
	wv_class_do(&cls, WV_ACT_ANSWER);
	wv_class_answer(&cls, "7");
	assert_int_equal(cls.wrong, 1);
	memcpy(was, app.word, app.word_len);
	len = app.word_len;
	assert_true(wv_class_do(&cls, WV_ACT_ANOTHER) & WV_REACT_ANSWER);
	assert_int_equal(cls.phase, WV_CLASS_ASK);
	assert_true(cls.has_question && app.quiz);
	assert_int_equal(app.word_len, len);
	assert_true(memcmp(app.word, was, len) != 0);
	assert_false(wv_class_exploring(&cls));
	assert_int_equal(cls.wrong, 0);
	assert_non_null(strstr(app.msg, "Another word:"));
	/* its answer is the new trace's */
	assert_int_equal(wv_lesson_answer(wv_lesson_scene(lesson, 1), &app.trace, &a), 0);
	assert_int_equal(cls.answer.value, a.value);
	/* the first outcome (a wrong try) still counts */
	wv_class_do(&cls, WV_ACT_REVEAL);
	assert_int_equal(cls.outcome[1], WV_OUTCOME_SHOWN);
	/* a variant change withdraws it as well */
	wv_class_do(&cls, WV_ACT_ANOTHER);
	wv_class_do(&cls, WV_ACT_ARCH_NEXT);
	assert_false(cls.has_question || app.quiz);
	/* lesson 5's formula question (scene 3) has no practice: line */
	stop();
	start("lessons/05-no-false-positives.lesson", 5, "no-false-positives", NULL,
	      NULL, 0, true);
	wv_class_goto(&cls, 2);
	wv_class_do(&cls, WV_ACT_ANOTHER);
	assert_non_null(strstr(app.msg, "no practice: line"));
	stop();
}

static unsigned json_written;

static int fake_json(const struct wv_trace *t, const char *p)
{
	(void)t;
	(void)p;
	json_written++;
	return 0;
}

/* Does the lesson screen at cols x rows show text anywhere? */
static bool on_screen(const char *text, int cols, int rows)
{
	struct wv_frame f = { 0 };
	bool found = false;

	assert_int_equal(wv_frame_init(&f, rows, cols), 0);
	wv_lessonview_build(&f, &cls);
	for (int y = 0; y < rows && !found; y++) {
		char row[400];

		wv_frame_row_text(&f, y, row, sizeof(row));
		found = strstr(row, text) != NULL;
	}
	wv_frame_free(&f);
	return found;
}

/*
 * A question still to come on the trace shown is hidden as the open one
 * is: lesson 3 scene 1 shows "ab\0cd" on x86-64, whose a - ONES scene 2
 * asks and whose has_zero scene 4 asks.  Until they are answered or
 * shown, no screen size shows has_zero, and compare, :json and :try
 * wait, naming the first such scene (the split is on and drawn, as
 * --split's, its second pane hiding from its has_zero on); after, they
 * open and the calls show it.
 */
static void test_later_questions(void **state)
{
	struct wv_cmd json = { .kind = WV_CMD_JSON, .text = "/tmp/unused.json" };
	struct wv_cmd compare = { .kind = WV_CMD_COMPARE };
	struct wv_try tr;

	(void)state;
	start("lessons/03-has-zero.lesson", 3, "has-zero", "x86-64", NULL, 0, false);
	wv_class_goto(&cls, 0);
	assert_int_equal(cls.phase, WV_CLASS_SCENE);
	assert_false(cls.has_question);
	assert_true(app.nasked >= 1);
	assert_int_equal(wv_class_would_answer(&cls), 2);	/* a link's view too */
	for (int big = 0; big < 2; big++)
		assert_false(on_screen("0x8080800000800000", big ? 160 : 120, big ? 45 : 36));
	wv_class_do(&cls, WV_ACT_COMPARE);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	assert_non_null(strstr(app.msg, "scene 2"));
	/* v turns the split on, as --split: drawn (scene 1 asks nothing),
	   neither pane showing has_zero */
	wv_class_do(&cls, WV_ACT_SPLIT);
	assert_non_null(app.split_v);
	assert_true(wv_class_split_shown(&cls));
	for (int big = 0; big < 2; big++)
		assert_false(on_screen("0x8080800000800000", big ? 160 : 120, big ? 45 : 36));
	wv_class_do(&cls, WV_ACT_SPLIT);
	assert_null(app.split_v);
	wv_class_command(&cls, &compare, fake_json);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	wv_class_command(&cls, &json, fake_json);
	assert_int_equal(json_written, 0);
	assert_non_null(strstr(app.msg, "scene 2"));
	assert_int_equal(wv_app_try_begin(&app, "a", &tr), -1);

	/* shown with s in its scene: scene 1 shows it, the views open */
	wv_class_goto(&cls, 3);
	wv_class_do(&cls, WV_ACT_REVEAL);
	wv_class_goto(&cls, 1);		/* scene 2 asks on the same word too */
	wv_class_do(&cls, WV_ACT_REVEAL);
	wv_class_goto(&cls, 0);
	assert_int_equal(app.nasked, 0);
	assert_int_equal(wv_class_would_answer(&cls), 0);
	assert_true(on_screen("0x8080800000800000", 160, 45));
	wv_class_command(&cls, &json, fake_json);
	assert_int_equal(json_written, 1);
	wv_class_do(&cls, WV_ACT_COMPARE);
	assert_int_equal(app.view, WV_VIEW_COMPARE);
	stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scenes),
		cmocka_unit_test(test_arch_and_kept),
		cmocka_unit_test(test_question_flow),
		cmocka_unit_test(test_autoplay),
		cmocka_unit_test(test_progress),
		cmocka_unit_test(test_corrupt_progress),
		cmocka_unit_test(test_progress_write_fails),
		cmocka_unit_test(test_no_state_dir),
		cmocka_unit_test(test_moving),
		cmocka_unit_test(test_run_and_arch),
		cmocka_unit_test(test_bad_lesson),
		cmocka_unit_test(test_same_number),
		cmocka_unit_test(test_explore_and_edits),
		cmocka_unit_test(test_another_word),
		cmocka_unit_test(test_later_questions),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
