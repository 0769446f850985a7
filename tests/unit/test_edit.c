/*
 * Editing the word in place (src/app/edit.c), headless over struct wv_app:
 * every editing key at every byte of words of 0, 1, 7, 8, 9 and 4096 bytes,
 * at string offsets 0 and 3, on x86-64 (little-endian) and ppc64
 * (big-endian); on the 4096-byte word the bytes of its first and last
 * words, and the middle one (WATVIZ_FULL=1: every byte).  After each edit the memory image equals the bytes this
 * file works out by its own byte loop, the trace equals a fresh trace of
 * that word, the view is on the same step and sub-step, the title's C
 * literal parses back to the word; undo and redo go back and forth.
 * Bit flips: every bit of the loaded word of every word, checked against
 * memory byte b / 8 (LE) or B - 1 - b / 8 (BE).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "app/app.h"
#include "app/view.h"

static struct wv_app app;
static uint8_t word0[WV_WORD_MAX + 16], want[WV_WORD_MAX + 16];
static uint8_t img[WV_WORD_MAX + 32];
static size_t checked;

static void start(const uint8_t *w, size_t len, const char *arch, size_t off)
{
	static char src[4 * WV_WORD_MAX + 1];

	wv_word_literal(w, len, src, sizeof(src));
	assert_int_equal(wv_app_init(&app, w, len, src, variant(arch), off, 0, -1), 0);
}

/* The image of w by hand: off fill bytes, w, its NUL, fill to a word. */
static size_t image_of(const uint8_t *w, size_t len, size_t off, unsigned nb,
		       uint8_t *out)
{
	size_t n = 0;

	for (size_t k = 0; k < off; k++)
		out[n++] = app.fill;
	for (size_t k = 0; k < len; k++)
		out[n++] = w[k];
	out[n++] = 0;
	while (n % nb)
		out[n++] = app.fill;
	return n;
}

/* The trace shown is what a fresh trace of the same input gives. */
static void same_as_fresh(void)
{
	struct wv_trace t;
	struct wv_trace_in in = app.trace.in;

	in.word = app.word;
	in.word_len = app.word_len;
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(t.nsteps, app.trace.nsteps);
	assert_int_equal(t.nsubs, app.trace.nsubs);
	assert_int_equal(t.scan.length, app.trace.scan.length);
	assert_int_equal(t.answer, app.trace.answer);
	for (size_t s = 0; s < t.nsteps; s++) {
		assert_int_equal(t.steps[s].kind, app.trace.steps[s].kind);
		assert_true(t.steps[s].result == app.trace.steps[s].result);
	}
	for (size_t k = 0; k < t.nsubs; k++) {
		assert_int_equal(t.subs[k].nrows, app.trace.subs[k].nrows);
		for (unsigned r = 0; r < t.subs[k].nrows; r++) {
			assert_true(t.subs[k].rows[r].value == app.trace.subs[k].rows[r].value);
			assert_memory_equal(t.subs[k].rows[r].bytes,
					    app.trace.subs[k].rows[r].bytes, 8);
		}
	}
	wv_trace_free(&t);
}

/* Where the view is: the step's kind and word, and how far into it. */
struct at { enum wv_step_kind kind; size_t addr, sub, nsub; };

static struct at where(void)
{
	const struct wv_step *st = wv_trace_step_of(&app.trace, app.pos);

	return (struct at){ st->kind, app.trace.words[st->word].address,
			    app.pos - st->first, st->nsub };
}

/* After an edit: image, trace (fresh: against a fresh trace too), place
   and title as they must be. */
static void check(const uint8_t *w, size_t len, struct at before, bool fresh)
{
	size_t n = image_of(w, len, app.offset, app.trace.word_bytes, img);
	uint8_t back[WV_WORD_MAX];
	size_t blen;
	struct wv_error e;

	assert_int_equal(app.word_len, len);
	assert_int_equal(app.trace.img.len, n);
	assert_memory_equal(app.trace.img.mem, img, n);
	if (fresh)
		same_as_fresh();
	/* the same step on the same word, as far into it, where it still is */
	for (size_t s = 0; s < app.trace.nsteps; s++) {
		const struct wv_step *st = &app.trace.steps[s];

		if (st->kind != before.kind || app.trace.words[st->word].address != before.addr)
			continue;
		struct at now = where();

		assert_int_equal(now.kind, before.kind);
		assert_int_equal(now.addr, before.addr);
		if (now.nsub == before.nsub)
			assert_int_equal(now.sub, before.sub);
		break;
	}
	assert_int_equal(wv_word_parse(app.word_src, back, &blen, &e), 0);
	assert_int_equal(blen, len);
	assert_memory_equal(back, w, len);
	checked++;
}

static void check_state(const uint8_t *w, size_t len, struct at before)
{
	check(w, len, before, true);
}

/* Undo and redo give back words already traced fresh: the image is enough. */
static void check_back(const uint8_t *w, size_t len, struct at before)
{
	check(w, len, before, false);
}

/* Keys of one edit, and what it must make of the word (by hand). */
enum edit { E_HEX, E_CHAR, E_PLUS, E_MINUS, E_ZERO, E_DELETE, E_INSERT, E_COUNT };

static size_t expect(enum edit ed, size_t i, const uint8_t *w, size_t len,
		     size_t off, bool *ok)
{
	size_t nul = off + len, n;
	uint8_t v;

	image_of(w, len, off, app.trace.word_bytes, img);
	*ok = false;
	if (i < off)
		return len;
	switch (ed) {
	case E_DELETE:
		if (i >= nul)
			return len;
		memcpy(want, w, i - off);
		memcpy(want + i - off, w + i - off + 1, len - (i - off) - 1);
		*ok = true;
		return len - 1;
	case E_INSERT:
		if (i > nul || len == WV_WORD_MAX)
			return len;
		memcpy(want, w, i - off);
		want[i - off] = 'x';
		memcpy(want + i - off + 1, w + i - off, len - (i - off));
		*ok = true;
		return len + 1;
	default:
		break;
	}
	v = ed == E_HEX ? 0x41 : ed == E_CHAR ? 'Q' : ed == E_ZERO ? 0
	  : (uint8_t)(img[i] + (ed == E_PLUS ? 1 : -1));
	if (img[i] == v)
		return len;
	/* the image from the start up to byte i or the NUL, byte i changed */
	img[i] = v;
	n = (i + 1 > nul ? i + 1 : nul) - off;
	if (n > WV_WORD_MAX)
		return len;
	memcpy(want, img + off, n);
	*ok = true;
	return n;
}

static void keys(enum edit ed)
{
	switch (ed) {
	case E_HEX:
		wv_app_key(&app, '4');
		wv_app_key(&app, '1');
		break;
	case E_CHAR:
		wv_app_key(&app, '\'');
		wv_app_key(&app, 'Q');
		break;
	case E_PLUS:
		wv_app_key(&app, '+');
		break;
	case E_MINUS:
		wv_app_key(&app, '-');
		break;
	case E_ZERO:
		wv_app_key(&app, '0');
		break;
	case E_DELETE:
		wv_app_key(&app, 'x');
		break;
	case E_INSERT:
		wv_app_key(&app, 'i');
		break;
	case E_COUNT:
		break;
	}
}

/* Put the view on has_zero of the word holding byte i (or the last one). */
static void look_at(size_t i)
{
	size_t w = i / app.trace.word_bytes, k;

	if (w >= app.trace.nwords)
		w = app.trace.nwords - 1;
	k = wv_trace_find(&app.trace, WV_STEP_HAS_ZERO, w);
	if (k < app.trace.nsubs && app.trace.steps[app.trace.subs[k].step].nsub > 1)
		k++;
	app.pos = k < app.trace.nsubs ? k : app.trace.nsubs - 1;
}

static bool sampled(size_t i, size_t len)
{
	/* a 4096-byte word (an edit there costs about 2 ms): the bytes of
	   its first word and the next two, its last and the NUL's, and the
	   middle one (WATVIZ_FULL=1: every byte) */
	if (len < 64 || getenv("WATVIZ_FULL"))
		return true;
	if (quick_mode())	/* the sanitizers: the first bytes, the last word */
		return i < 2 || i + 8 >= len;
	return i < 10 || i + 12 > len || i == len / 2;
}

static void every_edit(const char *arch, size_t len, size_t off)
{
	/* the sanitizers: one offset of the 4096-byte word per variant */
	if (quick_mode() && len > 64 && (off == 0) != (strcmp(arch, "x86-64") == 0))
		return;
	for (size_t k = 0; k < len; k++)
		word0[k] = (uint8_t)(k % 3 == 2 ? 0x01 : 'a' + k % 26);
	start(word0, len, arch, off);
	size_t imglen = app.trace.img.len;

	for (size_t i = 0; i < imglen; i++) {
		if (!sampled(i, imglen))
			continue;
		for (int ed = 0; ed < E_COUNT; ed++) {
			bool ok;
			size_t n = expect((enum edit)ed, i, word0, len, off, &ok);

			look_at(i);
			struct at before = where();

			app.focus = WV_FOCUS_MEMORY;
			app.cursor = i;
			keys((enum edit)ed);
			if (!ok) {	/* refused, or no change: nothing moved */
				check_back(word0, len, before);
				continue;
			}
			check_state(want, n, before);
			/* undo, redo, undo: back where it started each time */
			before = where();
			wv_app_key(&app, 'u');
			check_back(word0, len, before);
			wv_app_key(&app, 0x12);	/* Ctrl-R */
			check_back(want, n, before);
			wv_app_key(&app, 'u');
			check_back(word0, len, before);
			assert_int_equal(app.cursor, i);
		}
	}
	wv_app_free(&app);
}

static void test_edits_le(void **state)
{
	static const size_t lens[] = { 0, 1, 7, 8, 9, WV_WORD_MAX };

	(void)state;
	for (size_t l = 0; l < 6; l++)
		for (size_t off = 0; off <= 3; off += 3)
			every_edit("x86-64", lens[l], off);
	printf("# %zu edits checked\n", checked);
}

static void test_edits_be(void **state)
{
	static const size_t lens[] = { 0, 1, 7, 8, 9, WV_WORD_MAX };

	(void)state;
	for (size_t l = 0; l < 6; l++)
		for (size_t off = 0; off <= 3; off += 3)
			every_edit("ppc64", lens[l], off);
}

/* Every bit of every word's loaded value, from the load step's row. */
static void every_flip(const char *arch, size_t len, size_t off)
{
	bool be;

	for (size_t k = 0; k < len; k++)
		word0[k] = (uint8_t)('A' + k % 26);
	start(word0, len, arch, off);
	be = app.v->endian == WV_BIG;
	for (size_t w = 0; w < app.trace.nwords; w++) {
		size_t addr = app.trace.words[w].address;

		/* a 4096-byte word: its first word and its last (the
		   sanitizers: the last) */
		if (len > 64 && (w > 0 || quick_mode()) && w + 1 < app.trace.nwords)
			continue;
		for (unsigned b = 0; b < app.v->bits; b++) {
			/* 4096 bytes: a bit in 7 and the top one of each word */
			if (len > 64 && b % 7 && b != app.v->bits - 1 && !getenv("WATVIZ_FULL"))
				continue;
			/* the memory byte, by hand: LE byte b/8, BE the mirror */
			size_t i = addr + (be ? app.trace.word_bytes - 1 - b / 8 : b / 8);
			bool ok;
			size_t n;

			app.pos = wv_trace_find(&app.trace, WV_STEP_LOAD, w);
			assert_true(app.pos < app.trace.nsubs);
			assert_true(wv_app_bits_row(&app) >= 0);
			image_of(word0, len, off, app.trace.word_bytes, img);
			img[i] ^= (uint8_t)(1u << (b % 8));
			n = (i + 1 > off + len ? i + 1 : off + len) - off;
			ok = i >= off && n <= WV_WORD_MAX;
			if (ok)
				memcpy(want, img + off, n);

			struct at before = where();

			app.focus = WV_FOCUS_BITS;
			app.bit = b;
			wv_app_key(&app, ' ');
			if (!ok) {
				assert_true(app.msg_error);
				check_state(word0, len, before);
				continue;
			}
			check_state(want, n, before);
			wv_app_key(&app, 'u');
			check_back(word0, len, before);
		}
	}
	wv_app_free(&app);
}

static void test_flips(void **state)
{
	static const size_t lens[] = { 0, 1, 7, 8, 9, WV_WORD_MAX };

	(void)state;
	for (size_t l = 0; l < 6; l++)
		for (size_t off = 0; off <= 3; off += 3) {
			every_flip("x86-64", lens[l], off);
			every_flip("ppc64", lens[l], off);
		}
}

/* Two hex digits are one undo step; undo forgets the oldest past 256. */
static void test_undo(void **state)
{
	(void)state;
	start((const uint8_t *)"ab", 2, "x86-64", 0);
	app.focus = WV_FOCUS_MEMORY;
	app.cursor = 1;
	wv_app_key(&app, '4');
	assert_int_equal(app.word[1], 0x04);
	wv_app_key(&app, '1');
	assert_int_equal(app.word[1], 0x41);
	assert_int_equal(app.nundo, 1);
	assert_string_equal(app.word_src, "aA");
	wv_app_key(&app, 'u');
	assert_int_equal(app.word[1], 'b');
	assert_int_equal(wv_app_key(&app, 'u') & WV_REACT_BELL, WV_REACT_BELL);
	/* a digit, a move, a digit: two bytes, not one */
	wv_app_key(&app, '7');
	wv_app_key(&app, 'h');
	wv_app_key(&app, '7');
	assert_memory_equal(app.word, "\x07\x07", 2);
	assert_string_equal(app.word_src, "\\a\\a");
	/* the NUL then a digit: "\x00" before it, not an octal \01 */
	wv_app_key(&app, 'l');
	wv_app_key(&app, '0');
	wv_app_key(&app, 'l');
	wv_app_key(&app, '\'');
	wv_app_key(&app, '1');
	assert_int_equal(app.word_len, 3);
	assert_string_equal(app.word_src, "\\a\\x001");
	for (int k = 0; k < WV_UNDO_MAX + 10; k++)
		wv_app_key(&app, k % 2 ? '+' : '-');
	assert_int_equal(app.nundo, WV_UNDO_MAX);
	/* a new word wholesale: nothing to undo */
	app_command(&app, "word xyz", NULL);
	assert_int_equal(app.nundo, 0);
	assert_int_equal(app.nedits, 0);
	/* under help the keys are the steps' ones (c is not a digit there);
	   Esc from help keeps the focus, Esc on the main view leaves it */
	wv_app_key(&app, '?');
	assert_int_equal(app.view, WV_VIEW_HELP);
	assert_int_equal(wv_app_action(&app, 'c'), WV_ACT_COMPARE);
	wv_app_key(&app, 27);
	assert_int_equal(app.view, WV_VIEW_MAIN);
	assert_int_equal(app.focus, WV_FOCUS_MEMORY);
	assert_int_equal(wv_app_action(&app, 'c'), WV_ACT_HEX);
	/* Esc leaves the memory focus; then + is faster again */
	wv_app_key(&app, 27);
	assert_int_equal(app.focus, WV_FOCUS_STEPS);
	assert_int_equal(wv_app_action(&app, '+'), WV_ACT_FASTER);
	wv_app_free(&app);
}

/* Clicks land where the frame says: a byte, a bit, a kernel function. */
static void test_click_targets(void **state)
{
	struct wv_frame f = { 0 };
	unsigned byte2 = 0, bit0 = 0, step = 0;

	(void)state;
	start((const uint8_t *)"ab\0cd", 5, "ppc64", 0);
	app.pos = wv_trace_find(&app.trace, WV_STEP_HAS_ZERO, 0);
	assert_int_equal(wv_frame_init(&f, 45, 160), 0);
	wv_view_build(&f, &app);
	for (int k = 0; k < f.rows * f.cols; k++) {
		unsigned t = f.cells[k].target;

		if (t == (WV_TARGET_BYTE | 2))
			byte2++;
		if (t == (WV_TARGET_BIT | 0))
			bit0++;
		if (WV_TARGET_KIND(t) == WV_TARGET_STEP)
			step++;
	}
	assert_true(byte2 >= 2 && bit0 == 1 && step > 0);
	wv_app_click(&app, WV_TARGET_BYTE | 2);
	assert_int_equal(app.focus, WV_FOCUS_MEMORY);
	assert_int_equal(app.cursor, 2);
	/* register bit 0 of a big-endian word is bit 0 of memory byte 7 */
	wv_app_click(&app, WV_TARGET_BIT | 0);
	assert_int_equal(app.word_len, 8);
	assert_int_equal(app.word[7], 0x01);
	wv_app_click(&app, WV_TARGET_STEP | 0);
	assert_int_equal(app.pos, 0);
	/* a 32-bit variant: the bit cursor comes within its 32 bits */
	app.bit = 63;
	app_command(&app, "arch ppc32", NULL);
	assert_int_equal(app.bit, 31);
	assert_int_equal(wv_app_click(&app, 0), WV_REACT_NONE);
	wv_frame_free(&f);
	wv_app_free(&app);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edits_le),
		cmocka_unit_test(test_edits_be),
		cmocka_unit_test(test_flips),
		cmocka_unit_test(test_undo),
		cmocka_unit_test(test_click_targets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
