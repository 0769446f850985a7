/*
 * The session layer (src/session/), driven headless through both
 * front-ends' key maps at once: the terminal's (curses key codes through
 * wv_tui_key, with the real readline editing the line on a curses screen
 * opened on /dev/null) and the page's (the browser's key names as
 * src/front/web/core.js codes them, through wv_session_key and the session's own
 * editor).  Two sessions start alike; every key goes to both; after each
 * key the two screens (the frame, the open line and its text) must be
 * the same.  And the three drifts the two old copies had, each asserted on
 * what the student sees.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "app/classroom.h"
#include "app/keys.h"
#include "lesson/lesson.h"
#include "live/live.h"
#include "front/term/prompt.h"
#include "render/screen.h"
#include "session/session.h"
#include "trace/word.h"

static SCREEN *scr;
static FILE *out, *in;
static bool utf8_locale;	/* readline and curses read UTF-8 */

static int setup(void **state)
{
	static const char *const terms[] = { "xterm-256color", "xterm", "vt100" };

	(void)state;
	/* as the terminal's wv_ui_run takes the user's: a UTF-8 one */
	utf8_locale = setlocale(LC_CTYPE, "C.UTF-8") != NULL;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	for (size_t i = 0; !scr && i < sizeof(terms) / sizeof(terms[0]); i++)
		scr = newterm(terms[i], out, in);
	if (!scr)
		return -1;
	set_term(scr);
	resizeterm(36, 120);
	wv_prompt_init(NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	wv_prompt_fini();
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	return 0;
}

/* A key by the name tests/web/driver.c and the help screen use, in each
   front-end's codes: curses' for the terminal, core.js's for the page. */
struct key {
	const char *name;
	int term, page;
};

static const struct key named[] = {
	{ "Right", KEY_RIGHT, WV_KEY_RIGHT }, { "Left", KEY_LEFT, WV_KEY_LEFT },
	{ "Up", KEY_UP, WV_KEY_UP }, { "Down", KEY_DOWN, WV_KEY_DOWN },
	{ "Home", KEY_HOME, WV_KEY_HOME }, { "End", KEY_END, WV_KEY_END },
	{ "PgUp", KEY_PPAGE, WV_KEY_PGUP }, { "PgDn", KEY_NPAGE, WV_KEY_PGDN },
	{ "Del", KEY_DC, WV_KEY_DEL }, { "BkSp", KEY_BACKSPACE, WV_KEY_BKSP },
	{ "F1", KEY_F(1), WV_KEY_F1 }, { "Enter", '\r', '\n' }, { "Esc", 27, 27 },
	{ "Tab", '\t', '\t' },
};

static struct key key_of(const char *name)
{
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(named[i].name, name) == 0)
			return named[i];
	assert_true(name[0] && !name[1]);
	return (struct key){ name, (unsigned char)name[0], (unsigned char)name[0] };
}

/* The two front-ends' sessions on the same start. */
static struct wv_session term, page;
static struct wv_ui_opts opts;
static wv_lesson *lesson;
static struct wv_frame ft, fp;

static void start_lesson(const char *file, unsigned number)
{
	struct wv_error e;

	wv_prompt_cancel();	/* a line a failed test left open */
	assert_int_equal(wv_lesson_load(file, &lesson, &e), 0);
	memset(&opts, 0, sizeof(opts));
	opts.lesson = lesson;
	opts.lesson_number = number;
	opts.lesson_slug = "test";
	opts.delim = -1;
	opts.restart = true;
	opts.measure = wv_measure_none;	/* the same figures in both */
	memset(&term, 0, sizeof(term));
	memset(&page, 0, sizeof(page));
	assert_int_equal(wv_session_init(&term, &opts, NULL, NULL), 0);
	assert_int_equal(wv_session_init(&page, &opts, NULL, NULL), 0);
}

static void stop(void)
{
	wv_prompt_cancel();
	wv_session_free(&term);
	wv_session_free(&page);
	wv_lesson_free(lesson);
	lesson = NULL;
}

/* The terminal's line as readline has it: the last row of the curses
   screen the prompt module draws on. */
static void term_line(char *buf, size_t size)
{
	int n = 0;

	buf[0] = '\0';
	if (!wv_prompt_active())
		return;
	wv_prompt_draw();
	for (int x = 0; x < COLS && (size_t)n + 1 < size; x++)
		buf[n++] = (char)(mvinch(LINES - 1, x) & A_CHARTEXT);
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

/* The page's line, as the session's editor draws it. */
static void page_line(char *buf, size_t size)
{
	int n = 0;

	buf[0] = '\0';
	if (page.line == WV_LINE_NONE)
		return;
	wv_session_draw_line(&page, &fp);
	for (int x = 0; x < fp.cols && (size_t)n + 1 < size; x++)
		buf[n++] = fp.cells[(fp.rows - 1) * fp.cols + x].ch;
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

/* Both screens after the keys so far: equal, or where they differ. */
static void same_screens(const char *after)
{
	char lt[256], lp[256];

	assert_int_equal(wv_frame_init(&ft, LINES, COLS), 0);
	assert_int_equal(wv_frame_init(&fp, LINES, COLS), 0);
	wv_session_frame(&term, &ft);
	wv_session_frame(&page, &fp);
	for (int i = 0; i < ft.rows * ft.cols; i++) {
		const struct wv_cell *a = &ft.cells[i], *b = &fp.cells[i];

		if (a->ch != b->ch || a->role != b->role || a->focus != b->focus ||
		    a->cursor != b->cursor) {
			print_message("after %s: the frames differ at row %d column %d "
				      "('%c' against '%c')\n", after, i / ft.cols,
				      i % ft.cols, a->ch, b->ch);
			fail();
		}
	}
	term_line(lt, sizeof(lt));
	page_line(lp, sizeof(lp));
	if (term.line != page.line || strcmp(lt, lp) != 0) {
		print_message("after %s: terminal line %d '%s', page line %d '%s'\n", after,
			      term.line, lt, page.line, lp);
		fail();
	}
}

/* One key to both front-ends. */
static void press(const char *name)
{
	struct key k = key_of(name);

	wv_tui_key(&term, k.term);
	wv_session_key(&page, k.page);
	same_screens(name);
}

/* Each character of text as a key. */
static void type(const char *text)
{
	char name[2] = "";

	for (; *text; text++) {
		name[0] = *text;
		press(name);
	}
}

static void go_scene(unsigned n)
{
	char line[32];

	snprintf(line, sizeof(line), "scene %u", n);
	press(":");
	type(line);
	press("Enter");
	assert_int_equal(term.cls.scene, n - 1);
}

/* Lesson 3 scene 2, Enter, then w: another word, the question asked
   again on it, in both (the page used to type the w into the answer). */
static void test_another_word_at_the_answer(void **state)
{
	(void)state;
	start_lesson("lessons/03-has-zero.lesson", 3);
	go_scene(2);
	assert_true(term.cls.has_question);
	press("Enter");
	assert_int_equal(term.line, WV_LINE_ANSWER);
	press("w");
	assert_int_equal(term.cls.draws, 1);
	assert_int_equal(page.cls.draws, 1);
	assert_true(term.cls.has_question);
	stop();
}

/* Every cell of the frame blank: nothing of the trace, so no answer. */
static bool frame_blank(const struct wv_frame *f)
{
	for (int i = 0; i < f->rows * f->cols; i++)
		if (f->cells[i].ch != ' ')
			return false;
	return true;
}

/* '.' blanks the projector on a question's scene; the next key (]) only
   brings it back, in both front-ends; in the byte editor too. */
static void test_blank_and_back(void **state)
{
	struct wv_frame before = { 0 };
	char said[512];

	(void)state;
	start_lesson("lessons/03-has-zero.lesson", 3);
	go_scene(2);
	assert_int_equal(wv_frame_init(&before, LINES, COLS), 0);
	wv_session_frame(&term, &before);
	press(".");
	assert_true(term.blank && page.blank);
	assert_true(frame_blank(&ft));
	wv_session_said(&term, said, sizeof(said));
	assert_string_equal(said, "The screen is blank; any key brings it back.");
	assert_int_equal(wv_session_act(&term, WV_ACT_NEXT), WV_REACT_NONE);
	press("]");
	assert_false(term.blank || page.blank);
	assert_int_equal(term.cls.scene, 1);	/* ] did nothing else */
	assert_memory_equal(before.cells, ft.cells,
			    (size_t)ft.rows * (size_t)ft.cols * sizeof(*ft.cells));
	/* with the answer line open, '.' is the line's */
	press("Enter");
	assert_int_equal(term.line, WV_LINE_ANSWER);
	press(".");
	assert_false(term.blank);
	press("Esc");
	stop();
	wv_frame_free(&before);
}

/* Lesson 10 scene 3 asks for a formula over mask: every letter is the
   formula's (the s of mask used to show the worked answer). */
static void test_formula_takes_every_letter(void **state)
{
	(void)state;
	start_lesson("lessons/10-big-endian-find-zero.lesson", 10);
	go_scene(3);
	assert_int_equal(term.cls.answer.form, WV_FORM_FORMULA);
	press("Enter");
	type("fls(mask) + __ffs(mask) - __fls(mask) [ w ]");
	assert_int_equal(term.line, WV_LINE_ANSWER);
	assert_int_equal(term.cls.phase, WV_CLASS_ASK);
	assert_false(term.cls.revealed);
	assert_string_equal(page.text, "fls(mask) + __ffs(mask) - __fls(mask) [ w ]");
	/* PgDn is no character: it still leaves for the next scene */
	press("PgDn");
	assert_int_equal(term.line, WV_LINE_NONE);
	assert_int_equal(term.cls.scene, 3);
	stop();
}

/* Lesson 6 scene 3: a wrong answer leaves the line open with it
   selected, so a retry typed at once is an answer, not key commands
   (0xffff used to switch the fill twice and skip the scene). */
static void test_retry_is_typed(void **state)
{
	uint8_t fill;
	const char *v;

	(void)state;
	start_lesson("lessons/06-create-zero-mask.lesson", 6);
	go_scene(3);
	fill = term.app.fill;
	v = term.app.v->name;
	press("Enter");
	type("0x7fff");
	press("Enter");
	assert_int_equal(term.cls.wrong, 1);
	assert_int_equal(term.line, WV_LINE_ANSWER);
	assert_true(term.selected && page.selected);
	press("Enter");		/* the same answer again: not graded twice */
	assert_int_equal(term.cls.wrong, 1);
	assert_true(term.selected && page.selected);
	type("0xffff");
	press("Enter");
	assert_int_equal(term.app.fill, fill);
	assert_string_equal(term.app.v->name, v);
	assert_int_equal(term.cls.scene, 2);
	/* graded: a second wrong answer (the line open again), or right */
	assert_true(term.cls.wrong == 2 || term.cls.phase == WV_CLASS_FEEDBACK);
	/* Backspace over the selection empties the line; s still shows */
	if (term.line == WV_LINE_ANSWER) {
		press("BkSp");
		assert_string_equal(page.text, "");
		press("s");
		assert_true(term.cls.revealed);
	}
	stop();
}

/*
 * Every key of the key map, and the line's keys, in every scene of every
 * lesson: at the scene, at its open answer line, after a wrong answer,
 * the two front-ends show the same.  The keys go in one walk per scene
 * (each from where the last left the screen).
 */
static void test_every_key_both_maps(void **state)
{
	static const char *const keys[] = {
		"Right", "Left", "n", "p", "Down", "Up", "N", "P", "g", "G", "Home",
		"End", "+", "-", "a", "A", "d", "o", "O", "f", "c", "v", "?", "F1",
		"Esc", "m", "Tab", "h", "l", "k", "j", "0", "7", "x", "i", "'", "Q",
		"u", "BkSp", "Del", "[", "]", "PgUp", "PgDn", "s", "w", "Esc",
	};
	struct wv_lesson_file files[100];
	int n = wv_lesson_list("lessons", files, 100);
	size_t walked = 0;

	(void)state;
	assert_true(n >= 16);
	for (int k = 0; k < n; k++) {
		size_t nscenes;

		start_lesson(files[k].path, files[k].number);
		nscenes = term.cls.nscenes;
		stop();
		for (size_t sc = 1; sc <= nscenes; sc++) {
			start_lesson(files[k].path, files[k].number);
			go_scene((unsigned)sc);
			press("Enter");		/* the answer line, or on */
			type("0x1");		/* an answer: right, wrong or unread */
			press("Enter");
			type("12");		/* typed over a wrong one */
			press("BkSp");
			press("Esc");
			press(":");		/* Backspace on an empty line */
			press("BkSp");
			press("Esc");
			for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
				press(keys[i]);
			walked++;
			stop();
		}
	}
	print_message("# %zu scenes walked through both key maps\n", walked);
	assert_true(walked >= 60);
}

/* Does frame f show needle on some row? */
static bool shows(const struct wv_frame *f, const char *needle)
{
	for (int y = 0; y < f->rows; y++)
		if (wv_frame_find(f, y, needle) >= 0)
			return true;
	return false;
}

/* A character to both front-ends, as each gets it: its UTF-8 bytes to
   the terminal (curses reads them so in a UTF-8 locale, readline puts
   them together), its code point to the page (as core.js sends it). */
static void type_char(const char *utf8)
{
	uint32_t cp;

	assert_int_equal(wv_word_utf8_len(utf8, strlen(utf8), &cp), strlen(utf8));
	for (const char *b = utf8; *b; b++)
		wv_tui_key(&term, (unsigned char)*b);
	wv_session_key(&page, (int)cp);
}

/*
 * Characters beyond ASCII at a line (the page used to drop them): the same
 * line in both, the cursor and the erasing keys moving over whole
 * characters as readline's do.  ":aébж", Left (over ж), BkSp (the b),
 * Left (over é), Del (the é), End, BkSp (the ж), α: ":aα", which the
 * message line names as no command.
 */
static void test_typed_characters(void **state)
{
	static const char *const chars[] = { "a", "\xc3\xa9", "b", "\xd0\xb6" };
	const char *said = "unknown command 'a\xce\xb1' (try :help)";

	(void)state;
	if (!utf8_locale)
		skip();		/* readline would read bytes, not characters */
	start_lesson("lessons/03-has-zero.lesson", 3);
	press(":");
	for (size_t i = 0; i < sizeof(chars) / sizeof(chars[0]); i++)
		type_char(chars[i]);
	/* the editor's text is page.len bytes (terminated when it is done) */
	assert_int_equal(page.len, strlen("a\xc3\xa9" "b\xd0\xb6"));
	assert_memory_equal(page.text, "a\xc3\xa9" "b\xd0\xb6", page.len);
	for (size_t i = 0; i < 6; i++) {
		static const char *const keys[] = { "Left", "BkSp", "Left", "Del", "End",
						    "BkSp" };
		struct key k = key_of(keys[i]);

		wv_tui_key(&term, k.term);
		wv_session_key(&page, k.page);
	}
	type_char("\xce\xb1");
	assert_int_equal(page.len, strlen("a\xce\xb1"));
	assert_memory_equal(page.text, "a\xce\xb1", page.len);
	press("Enter");		/* the line closed: the screens compared */
	assert_string_equal(term.app.msg, page.app.msg);
	assert_string_equal(page.app.msg, said);
	assert_true(shows(&fp, said));
	stop();
}

/*
 * A live class on both sessions, each with its own votes: while a round
 * is open the projector shows how many answered and nothing of how (the
 * two classes vote differently; the screens must be the same); s shows
 * the histogram by misconception with the right answer marked; V votes
 * again; the second reveal adds who moved where.
 */
static void test_live_class(void **state)
{
	wv_live *lt = wv_live_new(), *lp = wv_live_new();
	uint8_t id[WV_LIVE_ID_BYTES] = { 0 };
	const struct wv_live_question *q;
	int right = -1;

	(void)state;
	assert_non_null(lt);
	assert_non_null(lp);
	start_lesson("lessons/03-has-zero.lesson", 3);
	wv_session_live(&term, lt, "http://192.0.2.7:8080/?t=00", "K7QX3M", NULL, 1000);
	wv_session_live(&page, lp, "http://192.0.2.7:8080/?t=00", "K7QX3M", NULL, 1000);
	go_scene(4);
	assert_int_equal(wv_live_status(lt).state, WV_LIVE_NONE);
	press("Enter");		/* the question: a round opens */
	assert_int_equal(wv_live_status(lt).state, WV_LIVE_OPEN);
	assert_true(term.live_changed && page.live_changed);
	q = wv_live_question(lt);
	assert_true(q->nopts >= 2);
	for (unsigned i = 0; i < q->nopts; i++)
		if (q->opts[i].right)
			right = (int)i;
	assert_true(right >= 0);
	/* ten students each; the terminal's all right, the page's all wrong */
	for (uint8_t k = 0; k < 10; k++) {
		id[0] = k;
		assert_int_equal(wv_live_join(lt, id), 0);
		assert_int_equal(wv_live_join(lp, id), 0);
		assert_int_equal(wv_live_vote(lt, id, 1, (unsigned)right), 0);
		assert_int_equal(wv_live_vote(lp, id, 1, (unsigned)(right + 1) % q->nopts), 0);
		if (k < 7) {	/* seven pages open in each class now */
			assert_int_equal(wv_live_listening(lt, id, true), 0);
			assert_int_equal(wv_live_listening(lp, id, true), 0);
		}
	}
	same_screens("ten votes each, differently");
	assert_true(shows(&fp, "10 of 10 answered; 7 here now"));
	assert_false(shows(&fp, "right"));
	/* s: the votes shown, the answer too */
	wv_session_key(&term, 's');
	assert_int_equal(wv_live_status(lt).state, WV_LIVE_REVEALED);
	assert_int_equal(wv_frame_init(&ft, LINES, COLS), 0);
	wv_session_frame(&term, &ft);
	assert_true(shows(&ft, "Vote 1: 10 answered, 100% right"));
	assert_true(shows(&ft, "right: "));
	/* V: the second vote; then the moved-where table */
	wv_session_key(&term, 'V');
	assert_int_equal(wv_live_status(lt).vote, 2);
	for (uint8_t k = 0; k < 10; k++) {
		id[0] = k;
		assert_int_equal(wv_live_vote(lt, id, wv_live_status(lt).round,
					      k < 3 ? (unsigned)(right + 1) % q->nopts
						    : (unsigned)right), 0);
	}
	wv_session_key(&term, 's');
	wv_session_frame(&term, &ft);
	assert_true(shows(&ft, "Vote 2: 10 answered, 70% right"));
	assert_true(shows(&ft, "Moved: right->right 7, wrong->right 0, right->wrong 3, "
			  "wrong->wrong 0"));
	/* the end of the lesson sums the class's question up */
	for (int k = 0; k < 10 && term.cls.phase != WV_CLASS_END; k++)
		wv_session_key(&term, ']');
	assert_int_equal(term.cls.phase, WV_CLASS_END);
	wv_session_frame(&term, &ft);
	assert_true(shows(&ft, "The class's votes"));
	assert_true(shows(&ft, " 3.4 "));
	assert_true(shows(&ft, "100%      70%"));
	stop();
	wv_live_free(lt);
	wv_live_free(lp);
}

/* :class's platform: the first call fails as a busy port does, the
   next serves (a class of our own, handed over as the terminal does) */
static wv_live *served;
static int class_calls;
static char class_spec[64];

static int fake_class_start(void *ctx, const char *spec, char *err, size_t size)
{
	struct wv_session *s = ctx;

	snprintf(class_spec, sizeof(class_spec), "%s", spec);
	if (class_calls++ == 0) {
		snprintf(err, size, "127.0.0.1 port 9 is busy: give another port");
		return -1;
	}
	served = wv_live_new();
	assert_non_null(served);
	wv_session_live(s, served, "http://127.0.0.1:9000/?t=00", "K7QX3M", NULL, 1000);
	return 0;
}

/* A line typed at the session's editor (the page's path), then Enter. */
static void line(struct wv_session *s, const char *text)
{
	wv_session_key(s, ':');
	assert_int_equal(s->line, WV_LINE_COMMAND);
	for (; *text; text++)
		wv_session_key(s, (unsigned char)*text);
	wv_session_key(s, '\n');
	assert_int_equal(s->line, WV_LINE_NONE);
}

static bool session_shows(struct wv_session *s, const char *needle)
{
	assert_int_equal(wv_frame_init(&ft, LINES, COLS), 0);
	wv_session_frame(s, &ft);
	return shows(&ft, needle);
}

/*
 * :class inside a lesson, after the question was asked: a failure (a busy
 * port) is the message line's and the lesson goes on; then the class is
 * served, the join screen shows, and the question already asked is the
 * class's round.  :c is still :compare.  Without the platform's server
 * (the page), and in the free view, it says why not.
 */
static void test_class_command(void **state)
{
	static struct wv_session cs;
	const struct wv_session_platform plat = { .class_start = fake_class_start,
						  .ctx = &cs };

	(void)state;
	class_calls = 0;
	start_lesson("lessons/03-has-zero.lesson", 3);
	memset(&cs, 0, sizeof(cs));
	assert_int_equal(wv_session_init(&cs, &opts, NULL, &plat), 0);
	line(&cs, "scene 4");
	wv_session_key(&cs, '\n');		/* the question: its line opens */
	assert_int_equal(cs.line, WV_LINE_ANSWER);
	wv_session_key(&cs, 27);		/* Esc: the teacher leaves it */
	assert_int_equal(cs.cls.phase, WV_CLASS_ASK);

	line(&cs, "class 127.0.0.1:9");
	assert_string_equal(class_spec, "127.0.0.1:9");
	assert_true(cs.started && cs.lesson && !cs.live);
	assert_true(cs.app.msg_error);
	assert_true(session_shows(&cs, "port 9 is busy"));
	assert_false(session_shows(&cs, "Join the class"));

	line(&cs, "cl :9000");
	assert_string_equal(class_spec, ":9000");
	assert_true(cs.live == served && cs.join_shown);
	assert_true(session_shows(&cs, "Join the class"));
	assert_true(session_shows(&cs, "code K7QX3M"));
	/* the question asked before the class came is its round */
	assert_int_equal(wv_live_status(served).state, WV_LIVE_OPEN);
	assert_true(cs.live_changed);
	assert_false(wv_live_question(served)->drawn);	/* the scene's word */
	wv_session_key(&cs, 'J');		/* back to the lesson */
	assert_true(session_shows(&cs, "Live class, vote 1: 0 of 0 answered"));
	wv_session_key(&cs, 'w');		/* another word: a new round on it */
	assert_int_equal(wv_live_status(served).round, 2);
	assert_true(wv_live_question(served)->drawn);	/* no link shows it */
	if (cs.line != WV_LINE_NONE)
		wv_session_key(&cs, 27);
	line(&cs, "class");
	assert_int_equal(class_calls, 2);	/* served already: said, not again */
	assert_true(session_shows(&cs, "The class is served already"));
	line(&cs, "c");				/* still compare: refused here */
	assert_true(session_shows(&cs, "compare"));
	assert_int_equal(cs.app.view, WV_VIEW_MAIN);
	wv_session_free(&cs);
	wv_live_free(served);
	served = NULL;

	/* the page: no server to start */
	line(&page, "class");
	assert_true(page.app.msg_error && !page.live);
	assert_true(strstr(page.app.msg, "the page serves no class") != NULL);
	stop();

	/* the free view: a lesson first */
	memset(&opts, 0, sizeof(opts));
	opts.word = (const uint8_t *)"ab";
	opts.word_len = 2;
	opts.word_src = "ab";
	opts.delim = -1;
	opts.measure = wv_measure_none;
	memset(&cs, 0, sizeof(cs));
	assert_int_equal(wv_session_init(&cs, &opts, NULL, &plat), 0);
	line(&cs, "class");
	assert_int_equal(class_calls, 2);
	assert_true(cs.app.msg_error);
	assert_true(strstr(cs.app.msg, "open one first (:lesson N)") != NULL);
	wv_session_free(&cs);
}

/*
 * A sub-step the trace lacks is named as the user typed it there (it was
 * "step: --step has_zero:99: ..." after :step): ":step SPEC" from the ':'
 * line, "--step SPEC" for the option, never the other's name.
 */
static void test_step_names_what_was_typed(void **state)
{
	static struct wv_session fs;

	(void)state;
	memset(&opts, 0, sizeof(opts));
	opts.word = (const uint8_t *)"ab";
	opts.word_len = 2;
	opts.word_src = "ab";
	opts.delim = -1;
	opts.measure = wv_measure_none;
	memset(&fs, 0, sizeof(fs));
	assert_int_equal(wv_session_init(&fs, &opts, NULL, NULL), 0);
	line(&fs, "step has_zero:99");
	assert_true(fs.app.msg_error);
	assert_memory_equal(fs.app.msg, ":step has_zero:99: has_zero has ", 32);
	assert_true(strstr(fs.app.msg, "as in :step has_zero:") != NULL);
	assert_null(strstr(fs.app.msg, "--"));
	line(&fs, "step nope");
	assert_memory_equal(fs.app.msg, ":step nope: no step 'nope' in this trace", 40);
	assert_null(strstr(fs.app.msg, "--"));
	line(&fs, "step has_zero:x");
	assert_memory_equal(fs.app.msg, ":step has_zero:x: the sub-step after ':' is", 43);
	assert_null(strstr(fs.app.msg, "--"));
	wv_session_goto_step(&fs, "has_zero:99");
	assert_true(fs.app.msg_error);
	assert_memory_equal(fs.app.msg, "--step has_zero:99: has_zero has ", 33);
	assert_null(strstr(fs.app.msg, ":step"));
	wv_session_free(&fs);
}

/* Frame f's text with every blank taken out, rows one after another. */
static void squeezed(const struct wv_frame *f, char *buf, size_t size)
{
	char row[1024];
	size_t n = 0;

	for (int y = 0; y < f->rows; y++) {
		wv_frame_row_text(f, y, row, sizeof(row));
		for (const char *c = row; *c && n + 1 < size; c++)
			if (*c != ' ')
				buf[n++] = *c;
	}
	buf[n] = '\0';
}

static void squeeze(const char *text, char *buf, size_t size)
{
	size_t n = 0;

	for (; *text && n + 1 < size; text++)
		if (*text != ' ')
			buf[n++] = *text;
	buf[n] = '\0';
}

/*
 * The message line, the same in both front-ends (issue 47): a message
 * wider than the window ends in the cut mark one column before the
 * corner (the terminal cannot write the screen's last cell; the mark used
 * to go there and never show), the corner blank; W shows it whole.  Every
 * variant's line from :arch (its description) and :try's error with its
 * list of names.
 */
static void test_message_cut_and_whole(void **state)
{
	static char want[WV_APP_MSG_MAX + 16], got[64 * 1024];
	size_t cut = 0;

	(void)state;
	resizeterm(24, 80);	/* the tester's 80x24 */
	memset(&opts, 0, sizeof(opts));
	opts.word = (const uint8_t *)"ab";
	opts.word_len = 2;
	opts.word_src = "ab";
	opts.delim = -1;
	opts.measure = wv_measure_none;
	memset(&term, 0, sizeof(term));
	memset(&page, 0, sizeof(page));
	assert_int_equal(wv_session_init(&term, &opts, NULL, NULL), 0);
	assert_int_equal(wv_session_init(&page, &opts, NULL, NULL), 0);
	for (size_t i = 0; i <= wv_wat_count(); i++) {
		const struct wv_cell *last;
		char line[64];

		if (i < wv_wat_count())
			snprintf(line, sizeof(line), "arch %s", wv_wat_at(i)->name);
		else
			snprintf(line, sizeof(line), "try foo(a)");
		press(":");
		type(line);
		press("Enter");		/* both frames compared, cell by cell */
		assert_string_equal(term.app.msg, page.app.msg);
		last = &ft.cells[(size_t)(ft.rows - 1) * (size_t)ft.cols];
		snprintf(want, sizeof(want), "%s%s", term.app.msg_error ? "error: " : "",
			 term.app.msg);
		if (wv_text_cols(want) > ft.cols - 1) {
			cut++;
			assert_int_equal(last[ft.cols - 2].ch, WV_CH_CUT);
		}
		assert_int_equal(last[ft.cols - 1].ch, ' ');
		press("W");
		squeezed(&ft, got, sizeof(got));
		squeeze(want, want, sizeof(want));
		if (!strstr(got, want))
			fail_msg(":%s: W does not show '%s' whole", line, term.app.msg);
		assert_null(strstr(got, WV_CUT_UTF8));
	}
	assert_true(cut >= 2);		/* the mark was drawn, and looked at */
	wv_session_free(&term);
	wv_session_free(&page);
	resizeterm(36, 120);
}

/*
 * v in a lesson does what --split does (issue 47: it was refused while a
 * later question on the word was to come; then, teach47 finding 1, it
 * waited for scene 4's answer): lesson 9 on ppc64, whose scenes 2 to 4
 * ask about scene 1's word.  In scene 1, which asks nothing, v draws the
 * split at once, in both front-ends, and no message says it waits; in
 * scene 2, whose question is open, the scene is drawn alone and the
 * message line says scene 2's answer brings it; :split x86-64 after :split
 * off the same; s shows the answer and the split is drawn; [ goes back to
 * scene 1, drawn; ] into scene 2 again asks its question again (the class
 * asks on entering a scene), and the split waits for it again.  The
 * session opened from a link (the web page's #lesson=9&scene=1&split=)
 * and the terminal's --split draw the same scene 1 with the same message.
 */
static void test_v_waits_as_split(void **state)
{
	const struct wv_variant *x86 = wv_wat_find("x86-64");
	const char *pane = " x86-64  64-bit little-endian";
	const char *waits = "The split view with x86-64 appears once scene 2's question "
			    "is answered (or shown with s).";

	(void)state;
	start_lesson("lessons/09-big-endian.lesson", 9);
	assert_string_equal(term.app.v->name, "ppc64");
	press("v");
	assert_ptr_equal(term.app.split_v, x86);
	assert_ptr_equal(page.app.split_v, x86);
	assert_ptr_equal(term.cls.split, x86);
	assert_true(wv_class_split_shown(&term.cls));
	assert_true(shows(&ft, pane));
	assert_false(shows(&ft, "appears"));
	press("]");
	assert_ptr_equal(term.app.split_v, x86);
	assert_false(shows(&ft, pane));
	assert_true(shows(&ft, waits));
	/* the command, as the key */
	line(&term, "split off");
	line(&page, "split off");
	same_screens(":split off");
	assert_null(term.app.split_v);
	assert_null(term.cls.split);
	line(&term, "split x86-64");
	line(&page, "split x86-64");
	same_screens(":split x86-64");
	assert_ptr_equal(term.cls.split, x86);
	assert_false(shows(&ft, pane));
	assert_true(shows(&ft, waits));
	press("Enter");				/* the answer line: left, s shows it */
	press("Esc");
	press("s");
	assert_true(wv_class_split_shown(&term.cls));
	assert_true(shows(&ft, pane));
	press("[");				/* back: scene 1 asks nothing */
	assert_int_equal(term.cls.scene, 0);
	assert_true(shows(&ft, pane));
	press("]");				/* scene 2 asks again: it waits */
	assert_true(wv_class_question_open(&term.cls));
	assert_false(shows(&ft, pane));
	assert_true(shows(&ft, waits));
	go_scene(4);
	assert_false(shows(&ft, pane));
	assert_true(shows(&ft, "appears once scene 4's question"));
	press("v");				/* and closes it */
	assert_null(term.cls.split);
	assert_false(shows(&ft, pane));
	stop();
}

/*
 * Issue 47's tester: ":set theme l" and Tab did not complete, and the
 * light theme's message said "black on white" over blue and red text.
 * Tab completes the setting's value in both front-ends' lines (readline's
 * and the page's editor), and the message says what the theme is.
 */
static void test_set_theme_tab(void **state)
{
	char lt[256], lp[256];

	(void)state;
	start_lesson("lessons/03-has-zero.lesson", 3);
	press(":");
	type("set th");
	press("Tab");
	type("l");
	press("Tab");
	term_line(lt, sizeof(lt));
	page_line(lp, sizeof(lp));
	assert_string_equal(lt, ":set theme light");
	assert_string_equal(lp, ":set theme light");
	press("Enter");
	assert_int_equal(term.theme, WV_THEME_LIGHT);
	assert_int_equal(page.theme, WV_THEME_LIGHT);
	assert_true(shows(&ft, "light theme: dark text on white"));
	assert_false(shows(&ft, "black"));
	press(":");
	type("set theme d");
	press("Tab");
	press("Enter");
	assert_int_equal(term.theme, WV_THEME_DARK);
	assert_int_equal(page.theme, WV_THEME_DARK);
	assert_true(shows(&ft, "dark theme (:set theme light draws dark text on white)"));
	stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_another_word_at_the_answer),
		cmocka_unit_test(test_formula_takes_every_letter),
		cmocka_unit_test(test_retry_is_typed),
		cmocka_unit_test(test_every_key_both_maps),
		cmocka_unit_test(test_blank_and_back),
		cmocka_unit_test(test_live_class),
		cmocka_unit_test(test_class_command),
		cmocka_unit_test(test_typed_characters),
		cmocka_unit_test(test_v_waits_as_split),
		cmocka_unit_test(test_step_names_what_was_typed),
		cmocka_unit_test(test_message_cut_and_whole),
		cmocka_unit_test(test_set_theme_tab),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
