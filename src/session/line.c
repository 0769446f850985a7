/*
 * The session's own line editor (session/session.h), for a front-end that
 * has none (the page; the terminal has readline): a few editing keys,
 * Tab completion of ':' commands, Up and Down through the ':' history as
 * readline's, and the line drawn over the frame's last row.  Keys that
 * type are characters (code points: the page sends é as U+00E9), kept as
 * UTF-8, as readline keeps what the terminal types in a UTF-8 locale; the
 * cursor and the erasing keys move by whole characters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <stdio.h>
#include <string.h>

#include "trace/word.h"

#include "line.h"

#define CTRL(c) ((c) & 0x1f)

/* A code point the editor types: one a frame's cell shows as it is. */
static bool typable(long cp)
{
	return cp >= 0 && cp < WV_KEY_DOWN && wv_word_is_narrow((uint32_t)cp);
}

bool ss_line_typable(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k) {
		uint32_t cp;

		if ((k = wv_word_utf8_len(s + i, n - i, &cp)) == 0 || !typable(cp))
			return false;
	}
	return true;
}

/* The bytes of the character before (at) or at (after) byte i of s's line. */
static size_t before(const struct wv_session *s, size_t i)
{
	size_t k = i > 0;

	while (k < i && ((unsigned char)s->text[i - k] & 0xc0) == 0x80)
		k++;
	return k;
}

static size_t after(const struct wv_session *s, size_t i)
{
	size_t k = i < s->len;

	while (i + k < s->len && ((unsigned char)s->text[i + k] & 0xc0) == 0x80)
		k++;
	return k;
}

/* The characters of s's line in bytes [from, to). */
static int chars(const struct wv_session *s, size_t from, size_t to)
{
	int n = 0;

	for (size_t i = from; i < to; i += after(s, i))
		n++;
	return n;
}

/* Tab: the longest common start of the command line's completions. */
static void complete(struct wv_session *s)
{
	struct wv_cmd_matches m;
	size_t start = s->at, common;
	char word[WV_CMD_TEXT_MAX];

	while (start > 0 && s->text[start - 1] != ' ')
		start--;
	memcpy(word, s->text + start, s->at - start);
	word[s->at - start] = '\0';
	s->text[s->len] = '\0';
	if (wv_cmd_complete(s->text, start, word, s->names, &m) == 0)
		return;
	common = strlen(m.name[0]);
	for (size_t i = 1; i < m.n; i++) {
		size_t k = 0;

		while (k < common && m.name[i][k] == m.name[0][k])
			k++;
		common = k;
	}
	for (size_t k = s->at - start; k < common && s->len + 1 < sizeof(s->text); k++) {
		memmove(s->text + s->at + 1, s->text + s->at, s->len - s->at + 1);
		s->text[s->at++] = m.name[0][k];
		s->len++;
	}
	/* one candidate, whole: a blank after it, as readline's Tab gives
	   in the terminal, so the next word (a setting's value) follows */
	if (m.n == 1 && s->at - start == strlen(m.name[0]) && s->text[s->at] != ' ' &&
	    s->len + 1 < sizeof(s->text)) {
		memmove(s->text + s->at + 1, s->text + s->at, s->len - s->at + 1);
		s->text[s->at++] = ' ';
		s->len++;
	}
}

/* Up (-1) or Down (+1) through the history; false at its end. */
static bool recall(struct wv_session *s, int dir)
{
	if (s->line != WV_LINE_COMMAND ||
	    (dir < 0 ? s->recall == 0 : s->recall == s->nhistory))
		return false;
	s->text[s->len] = '\0';
	if (s->recall == s->nhistory)
		snprintf(s->typed, sizeof(s->typed), "%s", s->text);
	s->recall += dir < 0 ? (size_t)-1 : 1;
	snprintf(s->text, sizeof(s->text), "%s",
		 s->recall < s->nhistory ? s->history[s->recall] : s->typed);
	s->len = s->at = strlen(s->text);
	return true;
}

int wv_session_edit_key(struct wv_session *s, int key)
{
	char u[4];
	size_t n;

	if (s->line == WV_LINE_NONE)
		return WV_REACT_NONE;
	if (wv_session_replaces(s, key)) {
		s->len = s->at = 0;	/* typed over the selected answer */
		s->text[0] = '\0';
		if (wv_keys_erases(key))
			return WV_REACT_REDRAW;
	}
	switch (key) {
	case '\n': case '\r': case WV_KEY_ENTER:
		s->text[s->len] = '\0';
		return wv_session_line_done(s, s->text) | WV_REACT_REDRAW;
	case 27:
		return wv_session_line_done(s, NULL) | WV_REACT_REDRAW;
	case WV_KEY_BKSP: case 127: case CTRL('h'):
		if (s->at == 0)		/* as readline: Esc leaves the line */
			return WV_REACT_BELL;
		n = before(s, s->at);
		memmove(s->text + s->at - n, s->text + s->at, s->len - s->at);
		s->at -= n;
		s->len -= n;
		break;
	case WV_KEY_DEL:
		if (s->at == s->len)
			return WV_REACT_BELL;
		n = after(s, s->at);
		memmove(s->text + s->at, s->text + s->at + n, s->len - s->at - n);
		s->len -= n;
		break;
	case WV_KEY_LEFT:
		s->at -= before(s, s->at);
		break;
	case WV_KEY_RIGHT:
		s->at += after(s, s->at);
		break;
	case WV_KEY_HOME: case CTRL('a'):
		s->at = 0;
		break;
	case WV_KEY_END: case CTRL('e'):
		s->at = s->len;
		break;
	case '\t':
		if (s->line == WV_LINE_COMMAND)
			complete(s);
		break;
	case WV_KEY_UP: case WV_KEY_DOWN:
		if (!recall(s, key == WV_KEY_UP ? -1 : 1))
			return WV_REACT_BELL;
		break;
	default:
		if (!typable(key))
			return WV_REACT_BELL;
		n = wv_cell_utf8((uint32_t)key, u);
		if (s->len + n >= sizeof(s->text)) {
			/* said, never a key dropped without a word */
			wv_app_msg(&s->app, true, "the line is full: it holds %zu "
				   "bytes at most", sizeof(s->text) - 1);
			return WV_REACT_BELL | WV_REACT_REDRAW;
		}
		memmove(s->text + s->at + n, s->text + s->at, s->len - s->at);
		memcpy(s->text + s->at, u, n);
		s->at += n;
		s->len += n;
	}
	return WV_REACT_REDRAW;
}

void wv_session_draw_line(const struct wv_session *s, struct wv_frame *f)
{
	int y = f->rows - 1, w = f->cols, p = (int)strlen(s->prompt);
	int col = chars(s, 0, s->at);	/* the cursor's, in the whole line */
	size_t first = 0;
	char shown[WV_CMD_TEXT_MAX];

	if (s->line == WV_LINE_NONE || y < 0 || w <= p + 1)
		return;
	/* a character a cell: scrolled by whole characters, the cursor in
	   the last column at the most */
	for (; col >= w - p - 1; col--)
		first += after(s, first);
	memcpy(shown, s->text + first, s->len - first);
	shown[s->len - first] = '\0';
	wv_frame_fill(f, y, 0, w, WV_ROLE_TEXT, ' ');
	wv_frame_put(f, y, 0, WV_ROLE_KEY, s->prompt);
	wv_frame_put(f, y, p, WV_ROLE_TEXT, shown);
	if (s->selected)	/* the wrong answer, typed over by the next key */
		wv_frame_focus(f, y, p, chars(s, first, s->len));
	wv_frame_cursor(f, y, p + col, 1);
}
