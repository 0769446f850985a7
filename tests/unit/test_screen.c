/*
 * The frame model and the screens built from it, without a terminal:
 * known states in, text and roles out (render/screen.h, app/view.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "render/look.h"
#include "render/plain.h"
#include "app/view.h"

/* Columns a row of text takes: its UTF-8 characters (the cut mark is one). */
static size_t columns(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static struct wv_app app;
static struct wv_frame fr;

static void start(const char *src, const char *arch)
{
	uint8_t buf[WV_WORD_MAX];
	size_t len;
	struct wv_error e;

	assert_int_equal(wv_word_parse(src, buf, &len, &e), 0);
	assert_int_equal(wv_app_init(&app, buf, len, src, variant(arch), 0, 0, -1), 0);
}

static void build(int rows, int cols)
{
	assert_int_equal(wv_frame_init(&fr, rows, cols), 0);
	wv_view_build(&fr, &app);
}

/* The first row holding needle, or -1. */
static int row_of(const char *needle)
{
	for (int y = 0; y < fr.rows; y++)
		if (wv_frame_find(&fr, y, needle) >= 0)
			return y;
	return -1;
}

static void text(int y, char *buf, size_t n)
{
	wv_frame_row_text(&fr, y, buf, n);
}

static void test_frame(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(wv_frame_init(&fr, 3, 10), 0);
	assert_int_equal(wv_frame_put(&fr, 1, 7, WV_ROLE_FLAG, "abcdef"), 13);
	text(1, buf, sizeof(buf));
	assert_string_equal(buf, "       abc");	/* clipped at the edge */
	assert_int_equal(wv_frame_at(&fr, 1, 8)->role, WV_ROLE_FLAG);
	assert_null(wv_frame_at(&fr, 3, 0));
	assert_null(wv_frame_at(&fr, 0, -1));
	wv_frame_put(&fr, 0, -2, WV_ROLE_TEXT, "xy\tz");	/* off the left, a tab */
	text(0, buf, sizeof(buf));
	assert_string_equal(buf, "?z");
	wv_frame_focus(&fr, 2, 8, 5);
	assert_true(wv_frame_at(&fr, 2, 9)->focus);
	assert_false(wv_frame_at(&fr, 2, 7)->focus);
	assert_int_equal(wv_frame_find(&fr, 1, "bc"), 8);
	/* re-initialising clears */
	assert_int_equal(wv_frame_init(&fr, 2, 4), 0);
	text(1, buf, sizeof(buf));
	assert_string_equal(buf, "");
	wv_frame_free(&fr);
	wv_frame_free(&fr);
}

static void test_main_80x24(void **state)
{
	char buf[256];
	int y;

	(void)state;
	start("ab\\0cd", "x86-64-v6.10");
	build(24, 80);
	assert_true(wv_frame_find(&fr, 0, "x86-64-v6.10 [v3.5 to v6.10] 64-bit LE") >= 0);
	assert_true(wv_frame_find(&fr, 0, "\"ab\\0cd\"") >= 0);
	assert_true(row_of("| 61 62 00 63 64 00 00 00|") >= 0);
	assert_true(row_of("|  a  b \\0  c  d \\0 \\0 \\0|") >= 0);
	/* one meaning per symbol: > the start, = the terminator found */
	assert_true(row_of("| >      =        n  f  f|") >= 0);
	assert_true(row_of("in lib/strnlen_user.c") >= 0);
	assert_true(wv_frame_find(&fr, 22, "x86-64-v6.10 64-bit LE") >= 0);
	/* one step counter, on the function's line */
	assert_true(row_of("step 1/6  sub-step 1/16") == row_of("unsafe_get_user()"));
	assert_int_equal(wv_frame_find(&fr, 22, "1/"), -1);

	/* has_zero's subtraction: the borrow row under a and ONES */
	app.pos = wv_trace_find(&app.trace, WV_STEP_HAS_ZERO, 0);
	build(24, 80);
	assert_true(row_of("has_zero() in arch/x86/include/asm/word-at-a-time.h") >= 0);
	y = row_of("borrow");
	assert_true(y >= 0);
	/* the borrow chain out of the zero byte 2 runs through bytes 3.. */
	assert_true(row_of("11111111 11111111 1111111. .....11. ......11 1111111. ......1. ........") >= 0);
	/* the explanation takes the lines the rows leave: the sub-step's
	   sentence is there to its last word */
	const char *sent = app.trace.subs[app.pos].text;

	const char *last = strrchr(sent, ' ');

	assert_non_null(last);
	assert_true(row_of(last + 1) >= 0);
	/* 64 bits grouped by byte exactly fill 80 columns */
	for (int k = 0; k < fr.rows; k++) {
		text(k, buf, sizeof(buf));
		assert_true(columns(buf) <= 80);
	}
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* The flags of has_zero's result on T2 (01 00 01 00 ...): true ones marked
   '*' or '=', the false positives '!', with their roles. */
static void test_false_positive_marks(void **state)
{
	const struct wv_substep *sub;
	int y, x;

	(void)state;
	start("\\x01\\0\\x01\\0\\x01\\0\\x01", "x86-64");
	size_t hz = wv_trace_find(&app.trace, WV_STEP_HAS_ZERO, 0);
	const struct wv_step *st = wv_trace_step_of(&app.trace, hz);

	app.pos = st->first + st->nsub - 1;	/* its last sub-step: the flags */
	sub = &app.trace.subs[app.pos];
	assert_true(st->false_pos);
	build(24, 80);
	y = row_of("!10000000");
	assert_true(y >= 0);
	x = wv_frame_find(&fr, y, "!10000000");
	assert_int_equal(wv_frame_at(&fr, y, x)->role, WV_ROLE_FALSEPOS);
	assert_true(wv_frame_find(&fr, y, "=10000000") >= 0);	/* byte 1: the answer */
	assert_true(row_of("! holds a false positive") >= 0);
	/* 8 groups on the flags row: three false positives, at bytes 2, 4, 6 */
	char buf[256];

	text(y, buf, sizeof(buf));
	int bang = 0;

	for (char *p = buf; (p = strchr(p, '!')); p++)
		bang++;
	assert_int_equal(bang, 3);
	(void)sub;
	wv_frame_free(&fr);
	wv_app_free(&app);
}

static void test_big_endian_and_wide(void **state)
{
	(void)state;
	start("ab\\0cd", "ppc64");
	build(30, 100);
	/* memory byte 0 is the most significant on big-endian: leftmost */
	assert_true(row_of("0        1        2        3        4        5        6        7") >= 0);
	assert_true(row_of("0x6162006364000000") >= 0);	/* hex beside the bits */
	wv_frame_free(&fr);
	wv_app_free(&app);
}

static void test_compare(void **state)
{
	(void)state;
	start("ab\\0cd", "ppc64");
	app.view = WV_VIEW_COMPARE;
	build(24, 80);
	assert_true(row_of("Compare: this memory on every variant") >= 0);
	for (size_t i = 0; i < wv_wat_count(); i++)
		assert_true(row_of(wv_wat_at(i)->name) >= 0);
	int y = row_of(">ppc64");

	assert_true(y >= 0);
	assert_true(wv_frame_find(&fr, y, "0x6162006364000000") >= 0);
	assert_true(row_of("All 16 variants agree: the string is 2 byte(s) long.") >= 0);
	/* T2 on the cheap formula: the false positives show as '!' in memory order */
	wv_app_free(&app);
	start("\\x01\\0\\x01\\0\\x01\\0\\x01", "x86-64");
	app.view = WV_VIEW_COMPARE;
	build(24, 80);
	y = row_of(">x86-64 ");
	assert_true(wv_frame_find(&fr, y, ".*!*!*!*") >= 0);	/* cheap F */
	assert_true(wv_frame_find(&fr, y, ".*.*.*.*") >= 0);	/* exact E */
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* Word wrap's cut: at the last blank within the width, or at the width. */
static void test_wrap_cut(void **state)
{
	(void)state;
	assert_int_equal(wv_wrap_cut("one two three", 9), 7);
	assert_int_equal(wv_wrap_cut("abc def", 7), 7);		/* fits whole */
	assert_int_equal(wv_wrap_cut("abc def", 6), 3);
	assert_int_equal(wv_wrap_cut("abcdefgh ij", 4), 4);	/* a long word */
	assert_int_equal(wv_wrap_cut("", 5), 0);
}

/* Is s UTF-8, by a byte loop of its own: each lead byte followed by the
   continuation bytes it announces, none alone. */
static bool valid_utf8(const char *s)
{
	for (const unsigned char *u = (const unsigned char *)s; *u;) {
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
 * A cell holds a character: UTF-8 text in Latin, Greek and Cyrillic takes
 * one cell a character, each holding its code point (from Unicode's
 * tables); a byte that is not UTF-8, a wide and a combining character take
 * one '?' each; the row reads back as the text written.
 */
static void test_utf8_cells(void **state)
{
	static const struct {
		const char *s;
		int n;
		uint32_t want[6];
	} cases[] = {
		{ "\xc3\xa9t\xc3\xa9", 3, { 0xe9, 't', 0xe9 } },		/* ete, accented */
		{ "\xce\xbb\xce\xad\xce\xbe\xce\xb7", 4,			/* lexi, Greek */
		  { 0x3bb, 0x3ad, 0x3be, 0x3b7 } },
		{ "\xd1\x81\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe", 5,		/* slovo, Cyrillic */
		  { 0x441, 0x43b, 0x43e, 0x432, 0x43e } },
		{ "\xe2\x80\xa6\xe2\x96\x80\xe2\x96\x88", 3,		/* the cut, two blocks */
		  { 0x2026, 0x2580, 0x2588 } },
		{ "a\xe9z", 3, { 'a', '?', 'z' } },			/* Latin-1 */
		{ "a\xe4\xb8\xadz", 3, { 'a', '?', 'z' } },		/* wide CJK */
		{ "e\xcc\x81!", 3, { 'e', '?', '!' } },			/* combining */
		{ "x\xc3", 2, { 'x', '?' } },				/* cut short */
		{ "\t\x7f", 2, { '?', '?' } },				/* controls */
	};
	char row[64];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(wv_frame_init(&fr, 1, 10), 0);
		assert_int_equal(wv_frame_put(&fr, 0, 1, WV_ROLE_TEXT, cases[i].s),
				 1 + cases[i].n);
		assert_int_equal(wv_text_cols(cases[i].s), cases[i].n);
		assert_int_equal(fr.cells[0].ch, ' ');
		for (int x = 0; x < cases[i].n; x++)
			if (fr.cells[1 + x].ch != cases[i].want[x])
				fail_msg("case %zu, cell %d: U+%04X, want U+%04X", i, x,
					 (unsigned)fr.cells[1 + x].ch,
					 (unsigned)cases[i].want[x]);
		assert_int_equal(fr.cells[1 + cases[i].n].ch, ' ');
		wv_frame_row_text(&fr, 0, row, sizeof(row));
		assert_true(valid_utf8(row));
		if (i < 4)	/* what the frame can show reads back as written */
			assert_string_equal(row + 1, cases[i].s);
	}
	/* printf's 512 bytes end inside a character: it is dropped, not
	   drawn as '?' (255 two-byte letters fit, the 256th is cut) */
	assert_int_equal(wv_frame_init(&fr, 1, 300), 0);
	{
		char many[601];

		for (int i = 0; i < 300; i++)
			memcpy(many + 2 * i, "\xd0\xb6", 2);
		many[600] = '\0';
		assert_int_equal(wv_frame_printf(&fr, 0, 0, WV_ROLE_TEXT, "%s", many), 255);
		assert_int_equal(fr.cells[254].ch, 0x436);
		assert_int_equal(fr.cells[255].ch, ' ');
	}
	/* found where it is, in columns */
	assert_int_equal(wv_frame_init(&fr, 1, 20), 0);
	wv_frame_put(&fr, 0, 0, WV_ROLE_TEXT, "\xc3\xa9t\xc3\xa9 \xd0\xb6 x");
	assert_int_equal(wv_frame_find(&fr, 0, "\xd0\xb6"), 4);
	assert_int_equal(wv_frame_find(&fr, 0, "x"), 6);
	wv_frame_free(&fr);
}

/*
 * Cutting UTF-8 text counts columns and never splits a character: a long
 * title of Latin, Greek and Cyrillic fitted into every width from 1 to
 * past its length is valid UTF-8, exactly that many columns, the title's
 * first characters and, when cut, the cut mark last.
 */
static void test_utf8_cut(void **state)
{
	/* 40 characters, 52 bytes: "Les octets etes: lexi, slovo, mot a mot"
	   with its accents, Greek and Cyrillic */
	static const char title[] = "Les octets \xc3\xa9t\xc3\xa9s: \xce\xbb\xce\xad"
		"\xce\xbe\xce\xb7, \xd1\x81\xd0\xbb\xd0\xbe\xd0\xb2\xd0\xbe, mot "
		"\xc3\xa0 mot!";
	char row[256];

	(void)state;
	assert_int_equal(strlen(title), 52);
	assert_int_equal(columns(title), 40);
	for (int w = 1; w <= 44; w++) {
		assert_int_equal(wv_frame_init(&fr, 1, 60), 0);
		assert_int_equal(wv_frame_fit(&fr, 0, 0, w, WV_ROLE_TITLE, title),
				 w < 40 ? w : 40);
		wv_frame_row_text(&fr, 0, row, sizeof(row));
		if (!valid_utf8(row))
			fail_msg("width %d: not UTF-8: %s", w, row);
		assert_int_equal(columns(row), w < 40 ? w : 40);
		if (w >= 40) {
			assert_string_equal(row, title);
			continue;
		}
		/* the first w - 1 characters of the title, then the mark */
		assert_int_equal(fr.cells[w - 1].ch, WV_CH_CUT);
		assert_int_equal(strncmp(row, title, strlen(row) - strlen(WV_CUT_UTF8)), 0);
		assert_string_equal(row + strlen(row) - strlen(WV_CUT_UTF8), WV_CUT_UTF8);
	}
	/* word wrap too: in bytes, at whole characters, by columns */
	assert_int_equal(wv_wrap_cut("\xc3\xa9t\xc3\xa9 un", 5), 5);	/* "ete" */
	assert_int_equal(wv_wrap_cut("\xc3\xa9t\xc3\xa9", 3), 5);		/* fits */
	assert_int_equal(wv_wrap_cut("\xd0\xb6\xd0\xb6\xd0\xb6\xd0\xb6", 3), 6);	/* a long word */
	assert_int_equal(wv_wrap_cut("\xce\xbb \xce\xbb\xce\xbb", 3), 2);
	assert_int_equal(wv_wrap_cut("\xce\xbb \xce\xbb\xce\xbb", 4), 7);
	wv_frame_free(&fr);
}

/*
 * One symbol per meaning: the memory panel's key and the plain text's role
 * legend give pre-start, NUL and fill the symbols of the one table
 * (render/look.h), and the panel marks bytes with them.
 */
static void test_one_legend(void **state)
{
	const struct { enum wv_look look; const char *view, *plain; } roles[] = {
		{ WV_LOOK_PRESTART, "pre-start", "pre-start" },
		{ WV_LOOK_NUL, "NUL", "its NUL" },
		{ WV_LOOK_FILL, "fill", "fill" },
	};
	char want[40], *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	(void)state;
	start("ab", "x86-64");
	app_command(&app, "offset 3", NULL);
	assert_non_null(out);
	assert_int_equal(wv_plain_render(out, &app.trace, &(struct wv_plain_opts){ 0 }), 0);
	assert_int_equal(fclose(out), 0);
	build(24, 80);
	for (size_t i = 0; i < sizeof(roles) / sizeof(roles[0]); i++) {
		snprintf(want, sizeof(want), "%c %s", wv_looks[roles[i].look].sym,
			 roles[i].view);
		assert_true(wv_frame_find(&fr, 1, want) > 0);
		snprintf(want, sizeof(want), "%c %s", wv_looks[roles[i].look].sym,
			 roles[i].plain);
		assert_non_null(strstr(text, want));
	}
	/* the mark row: three pre-start bytes, then the start */
	snprintf(want, sizeof(want), "mark |  %c  %c  %c >", wv_looks[WV_LOOK_PRESTART].sym,
		 wv_looks[WV_LOOK_PRESTART].sym, wv_looks[WV_LOOK_PRESTART].sym);
	assert_true(row_of(want) >= 0);
	free(text);
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* The title shows the word as typed, bytes outside ASCII as \xHH. */
static void test_title_word(void **state)
{
	(void)state;
	start("h\xc3\xa9llo", "x86-64");
	snprintf(app.word_src, sizeof(app.word_src), "h\303\251llo");
	build(24, 80);
	assert_true(wv_frame_find(&fr, 0, "\"h\\xc3\\xa9llo\"") >= 0);
	/* a long word is shortened, the settings after it stay visible */
	snprintf(app.word_src, sizeof(app.word_src), "%0100d", 0);
	build(24, 80);
	assert_true(wv_frame_find(&fr, 0, WV_CUT_UTF8 "\"  offset 0  fill 0x00  delim none") >= 0);
	/* the status line keeps "? help" and "q quit" whatever the word takes */
	assert_true(wv_frame_find(&fr, fr.rows - 2, "? help") > 0);
	assert_true(wv_frame_find(&fr, fr.rows - 2, "q quit") > 0);
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* The title names the variant's era where there is room, and gives the
   word its room first: at every width, an era shown means the whole word
   is shown too; a word that fit the title before it had an era still fits
   whole; and at 80 columns a short word leaves room for the era. */
static void test_title_era(void **state)
{
	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		char era[64], src[100], head[64];

		snprintf(era, sizeof(era), "%s [%s] ", v->name, v->era);
		for (int cols = 80; cols <= 140; cols += 30) {
			/* the room the word had in the title without the era */
			int fit = cols - (int)strlen("\"  offset 0  fill 0x00  delim none ") -
				  snprintf(head, sizeof(head), " %s%s %u-bit %s  \"",
					   cols >= 100 ? "watviz  " : "", v->name, v->bits,
					   v->endian == WV_LITTLE ? "little-endian" : "big-endian");

			for (int len = 1; len < 90; len++) {
				char quoted[104];

				memset(src, 'w', (size_t)len);
				src[len] = '\0';
				start(src, v->name);
				build(24, cols);
				snprintf(quoted, sizeof(quoted), "\"%s\"", src);
				bool has_era = wv_frame_find(&fr, 0, era) >= 0;
				bool whole = wv_frame_find(&fr, 0, quoted) >= 0;

				if (has_era && !whole)
					fail_msg("%s at %d columns: the era cut a %d-byte word",
						 v->name, cols, len);
				if (len <= fit && !whole)
					fail_msg("%s at %d columns: a %d-byte word no longer fits",
						 v->name, cols, len);
				if (len <= 6 && !has_era)
					fail_msg("%s at %d columns: no era beside a %d-byte word",
						 v->name, cols, len);
				wv_frame_free(&fr);
				wv_app_free(&app);
			}
		}
	}
}

/*
 * The keys a hint names before what (the status line: "r pause  + = -
 * speed"; a help line: "+ = -  play faster"), split at blanks, against
 * the key map: every one named does act or also, and every printable key
 * that does either (with focus) is named.  Checked by what the keys do,
 * not by how the program names them.
 */
static void names_keys(const char *line, const char *what, enum wv_action act,
		       enum wv_action also, enum wv_focus focus, const char *where)
{
	const char *end = strstr(line, what), *start;
	char keys[40];
	unsigned named = 0;

	if (!end)
		fail_msg("%s: no \"%s\" in: %s", where, what, line);
	/* the keys end at the blanks before what and start after two
	   blanks or a '(' (the message: "(+ = - to change)") */
	while (end > line && end[-1] == ' ')
		end--;
	for (start = end; start > line && start[-1] != '(' &&
	     !(start - line >= 2 && start[-1] == ' ' && start[-2] == ' '); start--)
		;
	if (start == end)
		fail_msg("%s: no keys before \"%s\": %s", where, what, line);
	snprintf(keys, sizeof(keys), "%.*s", (int)(end - start), start);
	for (char *k = strtok(keys, " "); k; k = strtok(NULL, " ")) {
		enum wv_action a = strlen(k) == 1 ? wv_keys_action_in(k[0], focus)
						  : WV_ACT_NONE;

		if (a != act && a != also)
			fail_msg("%s: \"%s\" names the key '%s', which does not do it: %s",
				 where, what, k, line);
		named |= 1u << (strlen(k) == 1 ? (unsigned)(k[0] & 31) : 0);
	}
	for (int c = 0x21; c < 0x7f; c++) {
		enum wv_action a = wv_keys_action_in(c, focus);

		if ((a == act || a == also) && !(named >> (c & 31) & 1))
			fail_msg("%s: the key '%c' does it, \"%s\" does not name it: %s",
				 where, c, what, line);
	}
}

/*
 * While playing, the status line names the speed keys as the help screen
 * does ("+ = -"; it said "+/-", and '=' was left out), in the main view,
 * --present and the split view, and the message that playing starts with;
 * with the focus on memory, its "step" hint names the byte's keys.
 */
static void test_keys_named_once(void **state)
{
	char line[400];

	(void)state;
	start("ab\\0cd", "x86-64");
	app.view = WV_VIEW_HELP;
	build(24, 80);
	text(row_of("play faster"), line, sizeof(line));
	names_keys(line, " play faster", WV_ACT_FASTER, WV_ACT_SLOWER, WV_FOCUS_STEPS,
		   "help");
	app.view = WV_VIEW_MAIN;
	wv_app_do(&app, WV_ACT_PLAY);
	assert_true(app.playing);
	names_keys(app.msg, " to change", WV_ACT_FASTER, WV_ACT_SLOWER, WV_FOCUS_STEPS,
		   "the message");
	for (int v = 0; v < 3; v++) {
		app.present = v == 1;
		if (v == 2)
			wv_app_split(&app, variant("ppc64"));
		build(24, 80);
		text(fr.rows - 2, line, sizeof(line));
		names_keys(line, " speed", WV_ACT_FASTER, WV_ACT_SLOWER, WV_FOCUS_STEPS,
			   v == 0 ? "main view" : v == 1 ? "--present" : "split");
	}
	wv_app_split(&app, NULL);
	app.present = false;
	wv_app_do(&app, WV_ACT_PLAY);
	wv_app_do(&app, WV_ACT_FOCUS_MEMORY);
	assert_int_equal(app.focus, WV_FOCUS_MEMORY);
	build(24, 100);
	text(fr.rows - 2, line, sizeof(line));
	names_keys(line, " step", WV_ACT_BYTE_UP, WV_ACT_BYTE_DOWN, WV_FOCUS_MEMORY,
		   "memory focus");
	wv_frame_free(&fr);
	wv_app_free(&app);
}

static void test_help_and_small(void **state)
{
	(void)state;
	start("x", "arm");
	app.view = WV_VIEW_HELP;
	build(24, 80);
	assert_true(row_of("next sub-step") >= 0);
	assert_true(row_of("previous kernel function") >= 0);
	assert_true(row_of("Commands (after :)") >= 0);
	assert_true(row_of(":arch ppc") >= 0);
	build(20, 60);
	assert_true(row_of("watviz needs at least 80x24") >= 0);
	assert_true(row_of("this terminal is 60x20") >= 0);
	build(24, 79);
	assert_true(row_of("needs at least 80x24") >= 0);
	build(1, 5);		/* absurdly small: no crash */
	build(0, 0);
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* Every sub-step of every variant, at the smallest and a large size, on
   words with an offset and a delimiter: nothing overflows or crashes (run
   under the sanitizers by `make asan`). */
static void test_every_screen(void **state)
{
	static const char *const words[] = { "ab\\0cd", "usr/bin", "\\x01Q",
		"\\x01\\0\\x01\\0\\x01\\0\\x01", "", "a longer word that spans words/x" };
	char buf[256];

	(void)state;
	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
		for (size_t i = 0; i < wv_wat_count(); i++) {
			start(words[w], wv_wat_at(i)->name);
			app_command(&app, w == 1 ? "delim /" : "offset 3", NULL);
			assert_false(app.msg_error);
			for (app.pos = 0; app.pos < app.trace.nsubs; app.pos++) {
				build(24, 80);
				for (int y = 0; y < fr.rows; y++) {
					text(y, buf, sizeof(buf));
					assert_true(columns(buf) <= 80);
				}
				build(40, 140);
			}
			app.pos = 0;
			app.view = WV_VIEW_COMPARE;
			build(24, 80);
			wv_app_free(&app);
		}
	}
	wv_frame_free(&fr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_frame),
		cmocka_unit_test(test_main_80x24),
		cmocka_unit_test(test_false_positive_marks),
		cmocka_unit_test(test_big_endian_and_wide),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_wrap_cut),
		cmocka_unit_test(test_utf8_cells),
		cmocka_unit_test(test_utf8_cut),
		cmocka_unit_test(test_one_legend),
		cmocka_unit_test(test_title_word),
		cmocka_unit_test(test_title_era),
		cmocka_unit_test(test_help_and_small),
		cmocka_unit_test(test_keys_named_once),
		cmocka_unit_test(test_every_screen),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
