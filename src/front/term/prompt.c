/*
 * readline inside curses, through the callback interface.  See
 * front/term/prompt.h for the contract and the teardown order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "front/term/prompt.h"

#include <curses.h>
#include <wchar.h>
#include <stdlib.h>
#include <string.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "app/cmdline.h"
#include "front/term/history.h"

static unsigned char queue[64];		/* keys waiting for readline */
static size_t qhead, qlen;
static bool active, finished, selected;
static char *done_line;
static const char *hist_path;
static char matches[256];
static int hist_err;
static FILE *devnull;

static void push(const char *bytes, size_t n)
{
	for (size_t i = 0; i < n && qlen < sizeof(queue); i++)
		queue[(qhead + qlen++) % sizeof(queue)] = (unsigned char)bytes[i];
}

/* rl_getc_function: the next queued key; readline only asks when one is
   there (rl_input_available_hook), EOF otherwise. */
static int prompt_getc(FILE *in)
{
	int c;

	(void)in;
	if (qlen == 0)
		return EOF;
	c = queue[qhead];
	qhead = (qhead + 1) % sizeof(queue);
	qlen--;
	return c;
}

static int prompt_input_available(void)
{
	return qlen > 0;
}

static void on_line(char *line)
{
	finished = true;
	done_line = line;
	rl_callback_handler_remove();
	active = selected = false;
}

/*
 * The character at s (of at most n bytes): its length in bytes, and in *cw
 * the columns it takes on screen (in the locale's multibyte encoding; an
 * invalid byte is one byte of one column, as curses shows it).
 */
static size_t char_at(const char *s, size_t n, int *cw)
{
	mbstate_t st;
	wchar_t wc;
	size_t k;

	memset(&st, 0, sizeof(st));
	k = mbrtowc(&wc, s, n, &st);
	if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
		*cw = 1;
		return 1;
	}
	*cw = wcwidth(wc);
	if (*cw < 0)
		*cw = 1;
	return k;
}

/* Columns the bytes s[0..n) take on screen. */
static int width_of(const char *s, size_t n)
{
	int w = 0, cw;

	for (size_t i = 0; i < n; w += cw)
		i += char_at(s + i, n - i, &cw);
	return w;
}

/*
 * The redisplay hook: prompt and line on the last row, scrolled (by whole
 * characters) so the cursor stays visible.  Linear in the line's length,
 * as readline calls it for every key: the width before the cursor is
 * measured once, then whole characters come off the front until it fits
 * (measuring again from each new start made a 16 KiB line cost seconds a
 * key), and only the characters that fit on the row are drawn.
 */
void wv_prompt_draw(void)
{
	int y = LINES - 1, cols = COLS, cw;
	const char *p = rl_display_prompt ? rl_display_prompt : "", *line = rl_line_buffer;
	int plen = width_of(p, strlen(p)), room, before, shown;
	size_t start = 0, end, len = strlen(line), point = (size_t)rl_point;

	if (!active)
		return;
	move(y, 0);
	clrtoeol();
	attrset(A_BOLD);
	mvaddnstr(y, 0, p, cols);
	attrset(selected ? A_REVERSE : A_NORMAL);
	room = cols - plen - 1;
	if (room < 1)
		return;
	if (point > len)
		point = len;
	before = width_of(line, point);
	while (start < point && before > room) {
		start += char_at(line + start, point - start, &cw);
		before -= cw;
	}
	/* the characters from start up to the right edge of the last row */
	shown = before;
	end = point;
	while (end < len) {
		size_t k = char_at(line + end, len - end, &cw);

		if (plen + shown + cw > cols)
			break;
		shown += cw;
		end += k;
	}
	mvaddnstr(y, plen, line + start, (int)(end - start));
	attrset(A_NORMAL);
	move(y, plen + before);
	curs_set(1);
}

static void prompt_redisplay(void)
{
	wv_prompt_draw();
	refresh();
}

/* Completion: candidates from the pure parser (app/cmdline.h). */
static struct wv_cmd_matches cands;
static size_t cand_next;
static const char *const *lesson_names;	/* for ":lesson "; not owned */

void wv_prompt_lessons(const char *const *names)
{
	lesson_names = names;
}

static char *cand_gen(const char *text, int state)
{
	(void)text;
	if (state == 0)
		cand_next = 0;
	return cand_next < cands.n ? strdup(cands.name[cand_next++]) : NULL;
}

static char **prompt_complete(const char *text, int start, int end)
{
	(void)end;
	matches[0] = '\0';
	/* after "json ": readline's own file name completion */
	if (strncmp(rl_line_buffer + strspn(rl_line_buffer, " "), "json ", 5) == 0)
		return NULL;
	rl_attempted_completion_over = 1;
	if (wv_cmd_complete(rl_line_buffer, (size_t)start, text, lesson_names,
			    &cands) == 0)
		return NULL;
	return rl_completion_matches(text, cand_gen);
}

/* Listing matches (a second Tab): into the status area, not the tty. */
static void prompt_show_matches(char **m, int n, int longest)
{
	size_t len = 0;

	(void)longest;
	matches[0] = '\0';
	for (int i = 1; i <= n && len + 2 < sizeof(matches); i++) {
		int w = snprintf(matches + len, sizeof(matches) - len, "%s%s",
				 i > 1 ? "  " : "", m[i]);

		if (w < 0 || (size_t)w >= sizeof(matches) - len)
			break;
		len += (size_t)w;
	}
	rl_forced_update_display();
}

void wv_prompt_init(const char *history_path)
{
	hist_path = history_path;
	rl_readline_name = "watviz";
	rl_catch_signals = 0;		/* the terminal module owns signals */
	rl_catch_sigwinch = 0;		/* curses delivers KEY_RESIZE */
	rl_change_environment = 0;	/* no LINES/COLUMNS in the environment */
	rl_prep_term_function = NULL;	/* curses owns the tty modes */
	rl_deprep_term_function = NULL;
	rl_getc_function = prompt_getc;
	rl_input_available_hook = prompt_input_available;
	rl_redisplay_function = prompt_redisplay;
	rl_attempted_completion_function = prompt_complete;
	rl_completion_display_matches_hook = prompt_show_matches;
	/* anything readline would print itself (a newline after accepting,
	   a bell) goes nowhere: the screen is curses' */
	devnull = fopen("/dev/null", "w");
	if (devnull)
		rl_outstream = devnull;
	rl_variable_bind("bell-style", "none");
	/* a Tab that cannot complete further lists the candidates at once */
	rl_variable_bind("show-all-if-unmodified", "on");
	rl_initialize();
	if (history_path) {
		int rc = wv_history_load(history_path);

		if (rc < 0)
			hist_err = rc;
	} else {
		using_history();
		stifle_history(WV_HISTORY_MAX);
	}
}

void wv_prompt_fini(void)
{
	if (active)
		wv_prompt_cancel();
	clear_history();
	if (devnull) {
		rl_outstream = NULL;
		fclose(devnull);
		devnull = NULL;
	}
}

void wv_prompt_open(const char *prompt, const char *text)
{
	qhead = qlen = 0;
	finished = false;
	done_line = NULL;
	matches[0] = '\0';
	active = true;
	using_history();	/* Up starts from the newest line again */
	rl_set_screen_size(LINES, COLS);
	rl_callback_handler_install(prompt, on_line);
	if (text && *text) {
		rl_insert_text(text);
		rl_point = rl_end;
	}
	wv_prompt_draw();
}

void wv_prompt_select(bool on)
{
	selected = on && active;
}

void wv_prompt_clear(void)
{
	if (!active)
		return;
	rl_replace_line("", 0);
	rl_point = 0;
	selected = false;
}

bool wv_prompt_active(void)
{
	return active;
}

void wv_prompt_cancel(void)
{
	if (!active)
		return;
	rl_replace_line("", 0);
	rl_free_line_state();
	rl_callback_sigcleanup();
	rl_callback_handler_remove();
	active = selected = false;
	curs_set(0);
}

bool wv_prompt_key(int key, char **line)
{
	static const struct { int key; const char *seq; } special[] = {
		{ KEY_LEFT, "\033[D" }, { KEY_RIGHT, "\033[C" },
		{ KEY_UP, "\033[A" }, { KEY_DOWN, "\033[B" },
		{ KEY_HOME, "\033[H" }, { KEY_END, "\033[F" },
		{ KEY_DC, "\033[3~" }, { KEY_BACKSPACE, "\177" },
		{ KEY_ENTER, "\r" },
	};
	char c;

	*line = NULL;
	if (!active)
		return true;
	if (key == 27) {	/* a lone Escape (curses waited ESCDELAY) */
		wv_prompt_cancel();
		return true;
	}
	if (key == KEY_RESIZE) {
		rl_set_screen_size(LINES, COLS);
		return false;
	}
	matches[0] = key == '\t' ? matches[0] : '\0';
	if (key >= 0 && key < 256) {
		c = (char)key;
		push(&c, 1);
	} else {
		for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++)
			if (special[i].key == key)
				push(special[i].seq, strlen(special[i].seq));
	}
	finished = false;
	while (qlen > 0 && active)
		rl_callback_read_char();
	qhead = qlen = 0;
	if (!finished)
		return false;
	*line = done_line;
	done_line = NULL;
	curs_set(0);
	return true;
}

void wv_prompt_remember(const char *line)
{
	int rc = wv_history_add(hist_path, line);

	if (rc < 0)
		hist_err = rc;
}

const char *wv_prompt_matches(void)
{
	return matches;
}

int wv_prompt_history_error(void)
{
	int e = hist_err;

	hist_err = 0;
	return e;
}
