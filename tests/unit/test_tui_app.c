/*
 * The visualizer's actions (app/app.h): each key and command changes the
 * state as it should, keeps the place across a rebuild, and refuses bad
 * input without losing the screen.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "prove/prove.h"
#include "app/view.h"

static struct wv_app app;

static void start(const char *src, const char *arch)
{
	uint8_t buf[WV_WORD_MAX];
	size_t len;
	struct wv_error e;

	assert_int_equal(wv_word_parse(src, buf, &len, &e), 0);
	assert_int_equal(wv_app_init(&app, buf, len, src, variant(arch), 0, 0, -1), 0);
}

static const struct wv_step *step(void)
{
	return wv_trace_step_of(&app.trace, app.pos);
}

static void test_stepping(void **state)
{
	(void)state;
	start("ab\\0cd", "x86-64");
	assert_int_equal(app.pos, 0);
	assert_int_equal(wv_app_do(&app, WV_ACT_PREV), WV_REACT_BELL);
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_REDRAW);
	assert_int_equal(app.pos, 1);
	assert_int_equal(wv_app_do(&app, WV_ACT_LAST), WV_REACT_REDRAW);
	assert_int_equal(app.pos, app.trace.nsubs - 1);
	assert_int_equal(step()->kind, WV_STEP_ZBM);
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_BELL);
	wv_app_do(&app, WV_ACT_FIRST);
	assert_int_equal(app.pos, 0);
	/* function by function: load, has_zero, prep, create, find, zbm */
	wv_app_do(&app, WV_ACT_NEXT_FUNC);
	assert_int_equal(step()->kind, WV_STEP_HAS_ZERO);
	assert_int_equal(app.pos, step()->first);
	wv_app_do(&app, WV_ACT_NEXT);
	wv_app_do(&app, WV_ACT_PREV_FUNC);	/* back to this step's start */
	assert_int_equal(step()->kind, WV_STEP_HAS_ZERO);
	assert_int_equal(app.pos, step()->first);
	wv_app_free(&app);
}

static void test_variant_keeps_place(void **state)
{
	(void)state;
	start("ab\\0cd", "x86-64");
	app.pos = wv_trace_find(&app.trace, WV_STEP_CREATE, 0);
	wv_app_do(&app, WV_ACT_ARCH_NEXT);
	assert_ptr_equal(app.v, variant("x86-64-v6.10"));
	/* the message names the variant with its era */
	assert_non_null(strstr(app.msg, "x86-64-v6.10 (64-bit little-endian, v3.5 to v6.10)"));
	assert_int_equal(step()->kind, WV_STEP_CREATE);
	wv_app_do(&app, WV_ACT_ARCH_PREV);
	wv_app_do(&app, WV_ACT_ARCH_PREV);	/* wraps to the table's end */
	assert_ptr_equal(app.v, wv_wat_at(wv_wat_count() - 1));
	assert_int_equal(step()->kind, WV_STEP_CREATE);
	/* by name, and the answer is the same everywhere */
	assert_int_equal(app_command(&app, "arch ppc", NULL), WV_REACT_REDRAW);
	assert_ptr_equal(app.v, variant("ppc64"));
	assert_int_equal(step()->kind, WV_STEP_CREATE);
	assert_int_equal(app.trace.scan.find_zero, 2);
	assert_false(app.msg_error);
	wv_app_free(&app);
}

/*
 * a pressed through all the variants and back, from every sub-step of
 * x86-64 and ppc64 (and A the other way, and with an offset that 32-bit
 * variants take modulo 4): back exactly where it started; on the way, every
 * variant shows the same kernel function, and a sub-step of the same meaning
 * (wv_trace_sub_means) where that variant's function has one.
 */
static void test_variants_round_trip(void **state)
{
	(void)state;
	static const char *const homes[] = { "x86-64", "ppc64" };
	size_t nv = wv_wat_count(), trips = 0;

	for (size_t h = 0; h < 2; h++)
	for (int dir = 0; dir < 2; dir++)
	for (size_t off = 0; off < 8; off += 5) {
		start("ab\\0cd", homes[h]);
		if (off)
			assert_int_equal(app_command(&app, "offset 5", NULL), WV_REACT_REDRAW);
		for (size_t pos = 0; pos < app.trace.nsubs; pos++) {
			enum wv_step_kind kind = app.trace.steps[app.trace.subs[pos].step].kind;
			/* what the sub-step is for in its call: a hop keeps it
			   where the other variant's call has one (x86-64's
			   "a - ONES" lands on ppc64's "a + high_bits") */
			enum wv_sub_means means = wv_trace_sub_means(&app.trace, pos, NULL);

			wv_app_do(&app, WV_ACT_FIRST);	/* a move: forgets any anchor */
			app.pos = pos;
			for (size_t i = 0; i < nv; i++) {
				const struct wv_step *st;
				bool has = false;

				wv_app_do(&app, dir ? WV_ACT_ARCH_PREV : WV_ACT_ARCH_NEXT);
				st = step();
				if (wv_trace_find(&app.trace, kind, st->word) < app.trace.nsubs)
					assert_int_equal(st->kind, kind);
				for (size_t k = st->first; k < st->first + st->nsub; k++)
					has |= wv_trace_sub_means(&app.trace, k, NULL) == means;
				if (has && st->kind == kind)
					assert_int_equal(wv_trace_sub_means(&app.trace, app.pos,
									    NULL), means);
			}
			assert_ptr_equal(app.v, variant(homes[h]));
			assert_int_equal(app.offset, off);
			assert_int_equal(app.pos, pos);
			trips++;
		}
		wv_app_free(&app);
	}
	printf("# %zu round trips through the %zu variants\n", trips, nv);
}

static void test_offset_fill_delim(void **state)
{
	(void)state;
	start("usr/bin", "x86-64");
	assert_int_equal(app.trace.scan.length, 7);
	wv_app_do(&app, WV_ACT_DELIM);
	assert_int_equal(app.delim, '/');
	assert_int_equal(app.trace.scan.length, 3);
	wv_app_do(&app, WV_ACT_DELIM);
	assert_int_equal(app.delim, -1);
	assert_int_equal(app.trace.scan.length, 7);
	assert_int_equal(app_command(&app, "delim b", NULL), WV_REACT_REDRAW);
	assert_int_equal(app.trace.scan.length, 4);

	/* offset wraps within the word; a 32-bit variant takes it modulo 4 */
	for (int i = 0; i < 5; i++)
		wv_app_do(&app, WV_ACT_OFFSET_UP);
	assert_int_equal(app.offset, 5);
	wv_app_do(&app, WV_ACT_OFFSET_DOWN);
	assert_int_equal(app.offset, 4);
	assert_int_equal(app_command(&app, "arch x86-32", NULL), WV_REACT_REDRAW);
	assert_int_equal(app.offset, 0);
	assert_non_null(strstr(app.msg, "offset 4 is now 0"));
	assert_int_equal(app_command(&app, "offset 4", NULL), WV_REACT_REDRAW);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "offset must be 0..3"));
	assert_int_equal(app.offset, 0);

	wv_app_do(&app, WV_ACT_FILL);
	assert_int_equal(app.fill, 0x01);
	assert_int_equal(app_command(&app, "fill 0xff", NULL), WV_REACT_REDRAW);
	assert_int_equal(app.fill, 0xff);
	assert_int_equal(app.trace.img.fill, 0xff);
	wv_app_free(&app);
}

static void test_bad_input_keeps_state(void **state)
{
	size_t pos;

	(void)state;
	start("ab\\0cd", "x86-64");
	wv_app_do(&app, WV_ACT_NEXT);
	wv_app_do(&app, WV_ACT_NEXT);
	pos = app.pos;
	app_command(&app, "word \"a\\q\"", NULL);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "column 2"));
	assert_string_equal(app.word_src, "ab\\0cd");
	assert_int_equal(app.pos, pos);
	app_command(&app, "nonsense", NULL);
	assert_true(app.msg_error);
	/* a good word replaces it and keeps the place */
	app_command(&app, "word \"xyz\"", NULL);
	assert_false(app.msg_error);
	assert_string_equal(app.word_src, "xyz");
	assert_int_equal(app.trace.scan.length, 3);
	assert_int_equal(app.pos, pos);
	wv_app_free(&app);
}

static const char *json_path;

static int fake_json(const struct wv_trace *t, const char *path)
{
	assert_non_null(t);
	json_path = path;
	return strcmp(path, "/nope") == 0 ? -EACCES : 0;
}

static void test_commands(void **state)
{
	(void)state;
	start("ab\\0cd", "x86-64");
	assert_int_equal(app_command(&app, "json out.json", fake_json), WV_REACT_REDRAW);
	assert_string_equal(json_path, "out.json");
	assert_false(app.msg_error);
	app_command(&app, "json /nope", fake_json);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "Permission denied"));
	app_command(&app, "json", fake_json);
	assert_string_equal(json_path, "watviz.json");
	assert_int_equal(app_command(&app, "compare", NULL), WV_REACT_REDRAW);
	assert_int_equal(app.view, WV_VIEW_COMPARE);
	assert_int_equal(wv_app_do(&app, WV_ACT_BACK), WV_REACT_REDRAW);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	assert_int_equal(wv_app_do(&app, WV_ACT_HELP), WV_REACT_REDRAW);
	assert_int_equal(app.view, WV_VIEW_HELP);
	assert_int_equal(app_command(&app, "quit", NULL), WV_REACT_QUIT);
	assert_int_equal(wv_app_do(&app, WV_ACT_QUIT), WV_REACT_QUIT);
	assert_true(wv_app_do(&app, WV_ACT_COMMAND) & WV_REACT_PROMPT);
	assert_true(wv_app_do(&app, WV_ACT_EDIT) & WV_REACT_EDIT);
	wv_app_free(&app);
}

/*
 * :try draws the formula itself: on a refutation, on the counterexample that
 * became the word; each operator's result against the same arithmetic done
 * here on the word's bytes; Esc back to the kernel's steps, untouched; any
 * change of the word drops the formula's steps.
 */
static void test_try_view(void **state)
{
	uint64_t a = 0;
	size_t kernel_nsubs;
	char frame_text[200];
	struct wv_frame fr = { 0 };
	bool seen = false;

	(void)state;
	start("ab\\0cd", "x86-64");
	app_command(&app, "try (a - ONES) & HIGHS", NULL);
	assert_false(app.msg_error);
	assert_non_null(strstr(app.msg, "try: WRONG"));
	assert_int_equal(app.view, WV_VIEW_TRY);
	assert_true(app.has_try);
	assert_int_equal(app.try_pos, 0);
	/* the word is the counterexample: a little-endian load of its bytes */
	assert_int_equal(app.word_len, 8);
	for (int i = 7; i >= 0; i--)
		a = a << 8 | app.word[i];
	/* and it is one: no zero byte, yet the formula is non-zero */
	for (int i = 0; i < 8; i++)
		assert_int_not_equal(app.word[i], 0);
	assert_true(((a - UINT64_C(0x0101010101010101)) & UINT64_C(0x8080808080808080)) != 0);
	/* the formula's sub-steps: a - ONES first, its result as computed here */
	const struct wv_substep *sub = &app.try_trace.subs[0];

	assert_int_equal(sub->rows[sub->nrows - 1].value, a - UINT64_C(0x0101010101010101));
	kernel_nsubs = app.trace.nsubs;
	assert_true(app.try_trace.nsubs >= 2);
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_REDRAW);
	assert_int_equal(app.try_pos, 1);
	sub = &app.try_trace.subs[1];
	assert_int_equal(sub->rows[sub->nrows - 1].value,
			 (a - UINT64_C(0x0101010101010101)) & UINT64_C(0x8080808080808080));
	/* the frame shows the formula and its verdict */
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	for (int y = 0; y < fr.rows; y++) {
		wv_frame_row_text(&fr, y, frame_text, sizeof(frame_text));
		seen |= strstr(frame_text, "try: WRONG") != NULL;
	}
	assert_true(seen);
	/* a bad ':' command in the try view: its error shows, not the verdict */
	app_command(&app, "frobnicate", NULL);
	assert_int_equal(app.view, WV_VIEW_TRY);
	wv_view_build(&fr, &app);
	seen = false;
	for (int y = 0; y < fr.rows; y++) {
		wv_frame_row_text(&fr, y, frame_text, sizeof(frame_text));
		seen |= strstr(frame_text, "error: unknown command 'frobnicate'") != NULL;
		assert_null(strstr(frame_text, "try: WRONG"));
	}
	assert_true(seen);
	/* the next key clears it: the verdict again */
	assert_int_equal(wv_app_do(&app, WV_ACT_PREV), WV_REACT_REDRAW);
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_REDRAW);
	wv_view_build(&fr, &app);
	seen = false;
	for (int y = 0; y < fr.rows; y++) {
		wv_frame_row_text(&fr, y, frame_text, sizeof(frame_text));
		seen |= strstr(frame_text, "try: WRONG") != NULL;
	}
	assert_true(seen);
	wv_frame_free(&fr);
	/* Esc: the kernel's steps on the same word */
	assert_int_equal(wv_app_do(&app, WV_ACT_BACK), WV_REACT_REDRAW);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	assert_int_equal(app.trace.nsubs, kernel_nsubs);
	assert_int_equal(app.trace.words[0].loaded, a);

	/* an exact test: proven (Z3) or not refuted (no Z3); the word stays */
	app_command(&app, "try exact ~(((a & LOW7) + LOW7) | a | LOW7)", NULL);
	assert_false(app.msg_error);
	assert_true(strstr(app.msg, "PROVEN") || strstr(app.msg, "not refuted"));
	assert_int_equal(app.view, WV_VIEW_TRY);
	assert_int_equal(app.trace.words[0].loaded, a);
	/* a kind and no formula, and a bad formula: said, nothing drawn */
	app_command(&app, "try find_zero clz(", NULL);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "try, column"));
	/* not while a lesson's question is open: its steps would answer it */
	app.quiz = true;
	wv_app_do(&app, WV_ACT_BACK);
	app_command(&app, "try a - ONES", NULL);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "not while a question is open"));
	assert_int_equal(app.view, WV_VIEW_MAIN);
	app.quiz = false;
	app_command(&app, "try exact ~(((a & LOW7) + LOW7) | a | LOW7)", NULL);
	assert_int_equal(app.view, WV_VIEW_TRY);
	/* a change of the word drops the formula's steps */
	assert_int_equal(wv_app_do(&app, WV_ACT_OFFSET_UP), WV_REACT_REDRAW);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	assert_false(app.has_try);
	wv_app_free(&app);
}

/*
 * :try spends the budget --try spends: WATVIZ_PROVE_WORK (issue 46: it
 * was ignored).  With a budget of 1 unit Z3 cannot prove the kernel's own
 * has_zero, so it gives up, and says how to give it more; a budget that is
 * no number is refused, nothing run.
 */
static void test_try_budget(void **state)
{
	(void)state;
	if (!wv_prove_have_solver())
		skip();
	start("ab\\0cd", "x86-64");
	assert_int_equal(setenv("WATVIZ_PROVE_WORK", "1", 1), 0);
	app_command(&app, "try (a - ONES) & ~a & HIGHS", NULL);
	assert_true(app.msg_error);
	if (!strstr(app.msg, "try: gave up (undecided) after ") ||
	    !strstr(app.msg, "; more: WATVIZ_PROVE_WORK="))
		fail_msg("with a budget of 1: '%s'", app.msg);
	assert_true(strlen(app.msg) <= 80);	/* the message line is one line */
	assert_int_equal(setenv("WATVIZ_PROVE_WORK", "lots", 1), 0);
	app_command(&app, "try (a - ONES) & ~a & HIGHS", NULL);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "WATVIZ_PROVE_WORK is not a whole number"));
	assert_int_equal(unsetenv("WATVIZ_PROVE_WORK"), 0);
	app_command(&app, "try (a - ONES) & ~a & HIGHS", NULL);
	assert_non_null(strstr(app.msg, "PROVEN"));
	wv_app_free(&app);
}

static void test_play(void **state)
{
	(void)state;
	start("ab\\0cd", "x86-64");
	assert_int_equal(wv_app_tick(&app), WV_REACT_NONE);	/* not playing */
	wv_app_do(&app, WV_ACT_PLAY);
	assert_true(app.playing);
	wv_app_do(&app, WV_ACT_FASTER);
	assert_true(app.speed_ms < WV_SPEED_DEFAULT);
	for (size_t i = 0; i < app.trace.nsubs + 3; i++)
		wv_app_tick(&app);
	assert_false(app.playing);	/* paused at the end */
	assert_int_equal(app.pos, app.trace.nsubs - 1);
	wv_app_do(&app, WV_ACT_PLAY);	/* from the end: starts over */
	assert_int_equal(app.pos, 0);
	for (int i = 0; i < 40; i++)
		wv_app_do(&app, WV_ACT_SLOWER);
	assert_int_equal(app.speed_ms, WV_SPEED_MAX);
	wv_app_free(&app);
}

static void test_keys(void **state)
{
	size_t n, helps = 0;
	const struct wv_keybind *k = wv_keys_table(&n);

	(void)state;
	assert_int_equal(wv_keys_action('n'), WV_ACT_NEXT);
	assert_int_equal(wv_keys_action(' '), WV_ACT_NEXT);
	assert_int_equal(wv_keys_action('q'), WV_ACT_QUIT);
	assert_int_equal(wv_keys_action('c'), WV_ACT_COMPARE);
	assert_int_equal(wv_keys_action(':'), WV_ACT_COMMAND);
	assert_int_equal(wv_keys_action('Z'), WV_ACT_NONE);
	/* every action a key can do has a help line */
	for (size_t i = 0; i < n; i++)
		helps += k[i].help != NULL;
	assert_true(helps >= 20);
	assert_non_null(k[0].help);
	/* no key means two things in one place: a key is bound once among the
	   keys of any focus, and once more at most for one focus (the memory
	   or bits focus's own meaning, which wins there) */
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (k[i].key == k[j].key && !k[i].focus && !k[j].focus)
				fail_msg("key %d is bound twice", k[i].key);
			else if (k[i].key == k[j].key && (k[i].focus & k[j].focus))
				fail_msg("key %d is bound twice for one focus", k[i].key);
	/* the focus keys: hex digits, then the steps' meaning again outside */
	assert_int_equal(wv_keys_action_in('a', WV_FOCUS_MEMORY), WV_ACT_HEX);
	assert_int_equal(wv_keys_action_in('a', WV_FOCUS_STEPS), WV_ACT_ARCH_NEXT);
	assert_int_equal(wv_keys_action_in('a', WV_FOCUS_BITS), WV_ACT_ARCH_NEXT);
	assert_int_equal(wv_keys_action_in(' ', WV_FOCUS_BITS), WV_ACT_FLIP);
	assert_int_equal(wv_keys_action_in(' ', WV_FOCUS_MEMORY), WV_ACT_NEXT);
	assert_int_equal(wv_keys_action_in('n', WV_FOCUS_MEMORY), WV_ACT_NEXT);
	assert_int_equal(wv_keys_action('m'), WV_ACT_FOCUS_MEMORY);
	assert_int_equal(wv_keys_action('u'), WV_ACT_UNDO);
}

/*
 * The message line at 80x24: a message too long for a row ends in the cut
 * mark; W shows all of it, wrapped upwards from the last row, until the
 * next key; W without a message only rings.
 */
static void test_message_line(void **state)
{
	struct wv_frame fr = { 0 };
	char row[256], all[1024] = "";
	int first;

	(void)state;
	start("ab", "x86-64");
	app_command(&app, "try frob(a)", NULL);
	assert_true(app.msg_error);
	assert_non_null(strstr(app.msg, "cmpbge"));	/* the list's end */
	assert_true(strlen(app.msg) > 80);
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	wv_frame_row_text(&fr, 23, row, sizeof(row));
	assert_true(strncmp(row, "error: try, column 1: unknown name 'frob'", 41) == 0);
	/* the cut mark one column before the corner, which a terminal
	   cannot write (it showed no mark there): the corner blank */
	assert_int_equal(fr.cells[23 * 80 + 78].ch, WV_CH_CUT);
	assert_int_equal(fr.cells[23 * 80 + 79].ch, ' ');
	assert_null(strstr(row, "cmpbge"));

	assert_int_equal(wv_app_do(&app, WV_ACT_MESSAGE), WV_REACT_REDRAW);
	assert_true(app.msg[0] != '\0');
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	for (first = 23; first > 0; first--) {
		wv_frame_row_text(&fr, first, row, sizeof(row));
		if (strncmp(row, "error: ", 7) == 0)
			break;
	}
	assert_true(first > 0 && first < 23);	/* more than one row */
	for (int y = first; y < 24; y++) {
		wv_frame_row_text(&fr, y, row, sizeof(row));
		assert_null(strstr(row, WV_CUT_UTF8));
		if (y > first)
			strcat(all, " ");
		strcat(all, row);
	}
	assert_non_null(strstr(all, app.msg));		/* all of it, in order */

	/* the next key takes the message away, and W's rows with it */
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_REDRAW);
	assert_false(app.msg_whole);
	assert_int_equal(wv_app_do(&app, WV_ACT_MESSAGE), WV_REACT_BELL);
	assert_false(app.msg_whole);
	/* past the buffer's bound (WV_APP_MSG_MAX) a message ends in the cut
	   mark, after its last whole UTF-8 character: "é" is 2 bytes, so
	   one of them lands across the bound whatever its parity */
	{
		static char big[3 * WV_APP_MSG_MAX];
		size_t n;

		for (n = 0; n + 2 < sizeof(big); n += 2)
			memcpy(big + n, "\xc3\xa9", 2);
		big[n] = '\0';
		for (int skew = 0; skew < 2; skew++) {
			wv_app_msg(&app, false, "%s%s", skew ? "x" : "", big);
			n = strlen(app.msg);
			assert_true(n < WV_APP_MSG_MAX && n > WV_APP_MSG_MAX - 8);
			assert_string_equal(app.msg + n - 3, WV_CUT_UTF8);
			/* before the mark: whole characters only */
			assert_true(((unsigned char)app.msg[n - 4] & 0xc0) == 0x80);
		}
	}
	/* a message that fits is drawn as it is, no cut mark */
	wv_app_msg(&app, false, "short");
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	wv_frame_row_text(&fr, 23, row, sizeof(row));
	assert_string_equal(row, "short");
	assert_int_equal(wv_keys_action('W'), WV_ACT_MESSAGE);

	/* the try view's line is its verdict: cut, and whole with W */
	app_command(&app, "try (a - ONES) & HIGHS", NULL);
	assert_int_equal(app.view, WV_VIEW_TRY);
	assert_int_equal(wv_app_do(&app, WV_ACT_NEXT), WV_REACT_REDRAW);
	assert_false(app.msg[0]);	/* the line is the verdict's alone */
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	wv_frame_row_text(&fr, 23, row, sizeof(row));
	assert_true(strncmp(row, "try: WRONG", 10) == 0);
	/* the cut mark one column before the corner, which a terminal
	   cannot write (it showed no mark there): the corner blank */
	assert_int_equal(fr.cells[23 * 80 + 78].ch, WV_CH_CUT);
	assert_int_equal(fr.cells[23 * 80 + 79].ch, ' ');
	assert_int_equal(wv_app_do(&app, WV_ACT_MESSAGE), WV_REACT_REDRAW);
	assert_int_equal(wv_frame_init(&fr, 24, 80), 0);
	wv_view_build(&fr, &app);
	wv_frame_row_text(&fr, 22, all, sizeof(all));
	assert_true(strncmp(all, "try: WRONG", 10) == 0);	/* on two rows */
	wv_frame_row_text(&fr, 23, row, sizeof(row));
	strcat(all, " ");
	strcat(all, row);
	assert_null(strstr(all, WV_CUT_UTF8));
	assert_non_null(strstr(all, "now the word; Esc: the kernel's steps"));
	wv_frame_free(&fr);
	wv_app_free(&app);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stepping),
		cmocka_unit_test(test_variant_keeps_place),
		cmocka_unit_test(test_variants_round_trip),
		cmocka_unit_test(test_offset_fill_delim),
		cmocka_unit_test(test_bad_input_keeps_state),
		cmocka_unit_test(test_commands),
		cmocka_unit_test(test_try_view),
		cmocka_unit_test(test_try_budget),
		cmocka_unit_test(test_play),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_message_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
