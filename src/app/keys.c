/*
 * The key map.  Several keys may do one thing (Right, n, Space); the help
 * screen joins them on one line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/keys.h"

#include <stdio.h>

#define CTRL(c) ((c) & 0x1f)

static const struct wv_keybind keys[] = {
	{ WV_KEY_RIGHT, WV_ACT_NEXT, "Right", "next sub-step", false, 0 },
	{ 'n', WV_ACT_NEXT, "n", NULL, false, 0 },
	{ ' ', WV_ACT_NEXT, "Space", NULL, false, 0 },
	{ WV_KEY_LEFT, WV_ACT_PREV, "Left", "previous sub-step", false, 0 },
	{ 'p', WV_ACT_PREV, "p", NULL, false, 0 },
	{ WV_KEY_BKSP, WV_ACT_PREV, "BkSp", NULL, false, 0 },
	{ 127, WV_ACT_PREV, NULL, NULL, false, 0 },
	{ CTRL('h'), WV_ACT_PREV, NULL, NULL, false, 0 },
	{ WV_KEY_DOWN, WV_ACT_NEXT_FUNC, "Down", "next kernel function", false, 0 },
	{ 'N', WV_ACT_NEXT_FUNC, "N", NULL, false, 0 },
	{ WV_KEY_UP, WV_ACT_PREV_FUNC, "Up", "previous kernel function", false, 0 },
	{ 'P', WV_ACT_PREV_FUNC, "P", NULL, false, 0 },
	{ 'g', WV_ACT_FIRST, "g", "first sub-step", false, 0 },
	{ WV_KEY_HOME, WV_ACT_FIRST, "Home", NULL, false, 0 },
	{ 'G', WV_ACT_LAST, "G", "last sub-step", false, 0 },
	{ WV_KEY_END, WV_ACT_LAST, "End", NULL, false, 0 },
	{ 'r', WV_ACT_PLAY, "r", "play / pause (run)", false, 0 },
	{ '+', WV_ACT_FASTER, "+", "play faster / slower", false, 0 },
	{ '=', WV_ACT_FASTER, "=", NULL, false, 0 },	/* + unshifted */
	{ '-', WV_ACT_SLOWER, "-", NULL, false, 0 },
	{ 'a', WV_ACT_ARCH_NEXT, "a", "next / previous variant", false, 0 },
	{ 'A', WV_ACT_ARCH_PREV, "A", NULL, false, 0 },
	{ 'd', WV_ACT_DELIM, "d", "delimiter '/' on / off", false, 0 },
	{ 'o', WV_ACT_OFFSET_UP, "o", "string start +1 / -1", false, 0 },
	{ 'O', WV_ACT_OFFSET_DOWN, "O", NULL, false, 0 },
	{ 'f', WV_ACT_FILL, "f", "fill: 00, 01, ff, 'x'", false, 0 },
	{ 'c', WV_ACT_COMPARE, "c", "compare all variants", false, 0 },
	{ 'v', WV_ACT_SPLIT, "v", "split view / its layout", false, 0 },
	{ 'M', WV_ACT_SPLIT_COLS, "M", NULL, false, 0 },
	{ '?', WV_ACT_HELP, "?", "this help / back", false, 0 },
	{ WV_KEY_F1, WV_ACT_HELP, "F1", NULL, false, 0 },
	{ 27, WV_ACT_BACK, "Esc", "back to the main view", false, 0 },
	{ ':', WV_ACT_COMMAND, ":", "command line (Tab)", false, 0 },
	{ 'e', WV_ACT_EDIT, "e", "edit the word", false, 0 },
	/* two actions on one help line, so the help still fits 80x24 */
	{ CTRL('l'), WV_ACT_REDRAW, "Ctrl-L", "redraw / whole text", false, 0 },
	{ 'W', WV_ACT_MESSAGE, "W", NULL, false, 0 },
	{ 'q', WV_ACT_QUIT, "q", "quit / blank the screen", false, 0 },
	{ '.', WV_ACT_BLANK, ".", NULL, false, 0 },
	{ 'm', WV_ACT_FOCUS_MEMORY, "m", "edit bytes, then bits", false, 0 },
	{ '\t', WV_ACT_FOCUS_NEXT, "Tab", NULL, false, 0 },
	{ 'u', WV_ACT_UNDO, "u", "undo / redo a byte edit", false, 0 },
	{ CTRL('r'), WV_ACT_REDO, "Ctrl-R", NULL, false, 0 },
	/* with the focus on memory or bits: these first */
	{ WV_KEY_LEFT, WV_ACT_CUR_LEFT, "Left", "byte (bit) to the left", false,
	  WV_KEYS_MEMORY | WV_KEYS_BITS },
	{ 'h', WV_ACT_CUR_LEFT, "h", NULL, false, WV_KEYS_MEMORY | WV_KEYS_BITS },
	{ WV_KEY_RIGHT, WV_ACT_CUR_RIGHT, "Right", "byte (bit) to the right", false,
	  WV_KEYS_MEMORY | WV_KEYS_BITS },
	{ 'l', WV_ACT_CUR_RIGHT, "l", NULL, false, WV_KEYS_MEMORY | WV_KEYS_BITS },
	{ WV_KEY_UP, WV_ACT_CUR_UP, "Up", "a word back", false, WV_KEYS_MEMORY },
	{ 'k', WV_ACT_CUR_UP, "k", NULL, false, WV_KEYS_MEMORY },
	{ WV_KEY_DOWN, WV_ACT_CUR_DOWN, "Down", "a word on", false, WV_KEYS_MEMORY },
	{ 'j', WV_ACT_CUR_DOWN, "j", NULL, false, WV_KEYS_MEMORY },
	{ '0', WV_ACT_HEX, "0-9 a-f", "hex: 41 'A', 0 the NUL", false,
	  WV_KEYS_MEMORY },
	{ '1', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '2', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '3', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '4', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '5', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '6', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '7', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '8', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '9', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'a', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'b', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'c', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'd', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'e', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ 'f', WV_ACT_HEX, NULL, NULL, false, WV_KEYS_MEMORY },
	{ '\'', WV_ACT_CHAR, "'", "the next key is the byte", false, WV_KEYS_MEMORY },
	{ '+', WV_ACT_BYTE_UP, "+", "the byte + 1 / - 1", false, WV_KEYS_MEMORY },
	{ '=', WV_ACT_BYTE_UP, "=", NULL, false, WV_KEYS_MEMORY },
	{ '-', WV_ACT_BYTE_DOWN, "-", NULL, false, WV_KEYS_MEMORY },
	{ 'x', WV_ACT_DELETE, "x", "delete the byte", false, WV_KEYS_MEMORY },
	{ WV_KEY_DEL, WV_ACT_DELETE, "Del", NULL, false, WV_KEYS_MEMORY },
	{ 'i', WV_ACT_INSERT, "i", "insert 'x' before it", false, WV_KEYS_MEMORY },
	{ ' ', WV_ACT_FLIP, "Space", "flip the bit", false, WV_KEYS_BITS },
	{ '[', WV_ACT_SCENE_PREV, "[ PgUp", "previous / next scene", true, 0 },
	{ WV_KEY_PGUP, WV_ACT_SCENE_PREV, NULL, NULL, true, 0 },
	{ ']', WV_ACT_SCENE_NEXT, "] PgDn", NULL, true, 0 },
	{ WV_KEY_PGDN, WV_ACT_SCENE_NEXT, NULL, NULL, true, 0 },
	{ '\r', WV_ACT_ANSWER, "Enter", "ask, answer, go on", true, 0 },
	{ '\n', WV_ACT_ANSWER, NULL, NULL, true, 0 },
	{ WV_KEY_ENTER, WV_ACT_ANSWER, NULL, NULL, true, 0 },
	{ 's', WV_ACT_REVEAL, "s", "show the answer", true, 0 },
	{ 'i', WV_ACT_SOURCES, "i", "kernel sources on/off", true, 0 },
	{ 'w', WV_ACT_ANOTHER, "w", "another word, ask again", true, 0 },
	{ 'V', WV_ACT_CLASS_REVOTE, "V J", "class: revote, join", true, 0 },
	{ 'J', WV_ACT_CLASS_JOIN, NULL, NULL, true, 0 },
};

enum wv_action wv_keys_action_in(int key, enum wv_focus focus)
{
	size_t n = sizeof(keys) / sizeof(keys[0]);

	if (focus != WV_FOCUS_STEPS)
		for (size_t i = 0; i < n; i++)
			if (keys[i].key == key && (keys[i].focus & (1u << focus)))
				return keys[i].act;
	for (size_t i = 0; i < n; i++)
		if (keys[i].key == key && !keys[i].focus)
			return keys[i].act;
	return WV_ACT_NONE;
}

enum wv_action wv_keys_action(int key)
{
	return wv_keys_action_in(key, WV_FOCUS_STEPS);
}

const char *wv_keys_names(enum wv_action act, unsigned focus, char *buf, size_t size)
{
	size_t n = sizeof(keys) / sizeof(keys[0]), i = 0, len = 0;

	if (size == 0)
		return buf;
	buf[0] = '\0';
	while (i < n && (keys[i].act != act ||
			 (focus ? !(keys[i].focus & focus) : keys[i].focus != 0)))
		i++;
	if (i == n)
		return buf;
	while (i > 0 && !keys[i].help)	/* an alias: its line's first key */
		i--;
	for (size_t j = i; j < n && (j == i || !keys[j].help); j++) {
		if (!keys[j].name)
			continue;
		int w = snprintf(buf + len, size - len, "%s%s", len ? " " : "", keys[j].name);

		if (w < 0 || (size_t)w >= size - len) {
			buf[len] = '\0';	/* whole names only */
			break;
		}
		len += (size_t)w;
	}
	return buf;
}

const struct wv_keybind *wv_keys_table(size_t *n)
{
	*n = sizeof(keys) / sizeof(keys[0]);
	return keys;
}

bool wv_keys_erases(int key)
{
	return key == WV_KEY_BKSP || key == WV_KEY_DEL || key == 127 || key == CTRL('h');
}
