/*
 * The key map.  Several keys may do one thing (Right, n, Space); the help
 * screen joins them on one line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/keys.h"

#include <curses.h>

#define CTRL(c) ((c) & 0x1f)

static const struct wv_keybind keys[] = {
	{ KEY_RIGHT, WV_ACT_NEXT, "Right", "next sub-step" },
	{ 'n', WV_ACT_NEXT, "n", NULL },
	{ ' ', WV_ACT_NEXT, "Space", NULL },
	{ KEY_LEFT, WV_ACT_PREV, "Left", "previous sub-step" },
	{ 'p', WV_ACT_PREV, "p", NULL },
	{ KEY_BACKSPACE, WV_ACT_PREV, "BkSp", NULL },
	{ 127, WV_ACT_PREV, NULL, NULL },
	{ CTRL('h'), WV_ACT_PREV, NULL, NULL },
	{ KEY_DOWN, WV_ACT_NEXT_FUNC, "Down", "next kernel function" },
	{ 'N', WV_ACT_NEXT_FUNC, "N", NULL },
	{ KEY_UP, WV_ACT_PREV_FUNC, "Up", "previous kernel function" },
	{ 'P', WV_ACT_PREV_FUNC, "P", NULL },
	{ 'g', WV_ACT_FIRST, "g", "first sub-step" },
	{ KEY_HOME, WV_ACT_FIRST, "Home", NULL },
	{ 'G', WV_ACT_LAST, "G", "last sub-step" },
	{ KEY_END, WV_ACT_LAST, "End", NULL },
	{ 'r', WV_ACT_PLAY, "r", "play / pause (run)" },
	{ '+', WV_ACT_FASTER, "+", "play faster" },
	{ '=', WV_ACT_FASTER, NULL, NULL },
	{ '-', WV_ACT_SLOWER, "-", "play slower" },
	{ 'a', WV_ACT_ARCH_NEXT, "a", "next variant, same place" },
	{ 'A', WV_ACT_ARCH_PREV, "A", "previous variant" },
	{ 'd', WV_ACT_DELIM, "d", "delimiter '/' on / off" },
	{ 'o', WV_ACT_OFFSET_UP, "o", "string start +1 byte" },
	{ 'O', WV_ACT_OFFSET_DOWN, "O", "string start -1 byte" },
	{ 'f', WV_ACT_FILL, "f", "fill: 00, 01, ff, 'x'" },
	{ 'c', WV_ACT_COMPARE, "c", "compare all variants" },
	{ '?', WV_ACT_HELP, "?", "this help / back" },
	{ KEY_F(1), WV_ACT_HELP, "F1", NULL },
	{ 27, WV_ACT_BACK, "Esc", "back to the main view" },
	{ ':', WV_ACT_COMMAND, ":", "command line (Tab)" },
	{ 'e', WV_ACT_EDIT, "e", "edit the word" },
	{ CTRL('l'), WV_ACT_REDRAW, "Ctrl-L", "redraw" },
	{ 'q', WV_ACT_QUIT, "q", "quit" },
};

enum wv_action wv_keys_action(int key)
{
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (keys[i].key == key)
			return keys[i].act;
	return WV_ACT_NONE;
}

const struct wv_keybind *wv_keys_table(size_t *n)
{
	*n = sizeof(keys) / sizeof(keys[0]);
	return keys;
}
