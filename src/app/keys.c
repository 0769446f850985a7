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
	{ KEY_RIGHT, WV_ACT_NEXT, "Right", "next sub-step", false },
	{ 'n', WV_ACT_NEXT, "n", NULL, false },
	{ ' ', WV_ACT_NEXT, "Space", NULL, false },
	{ KEY_LEFT, WV_ACT_PREV, "Left", "previous sub-step", false },
	{ 'p', WV_ACT_PREV, "p", NULL, false },
	{ KEY_BACKSPACE, WV_ACT_PREV, "BkSp", NULL, false },
	{ 127, WV_ACT_PREV, NULL, NULL, false },
	{ CTRL('h'), WV_ACT_PREV, NULL, NULL, false },
	{ KEY_DOWN, WV_ACT_NEXT_FUNC, "Down", "next kernel function", false },
	{ 'N', WV_ACT_NEXT_FUNC, "N", NULL, false },
	{ KEY_UP, WV_ACT_PREV_FUNC, "Up", "previous kernel function", false },
	{ 'P', WV_ACT_PREV_FUNC, "P", NULL, false },
	{ 'g', WV_ACT_FIRST, "g", "first sub-step", false },
	{ KEY_HOME, WV_ACT_FIRST, "Home", NULL, false },
	{ 'G', WV_ACT_LAST, "G", "last sub-step", false },
	{ KEY_END, WV_ACT_LAST, "End", NULL, false },
	{ 'r', WV_ACT_PLAY, "r", "play / pause (run)", false },
	{ '+', WV_ACT_FASTER, "+", "play faster", false },
	{ '=', WV_ACT_FASTER, NULL, NULL, false },
	{ '-', WV_ACT_SLOWER, "-", "play slower", false },
	{ 'a', WV_ACT_ARCH_NEXT, "a", "next variant, same place", false },
	{ 'A', WV_ACT_ARCH_PREV, "A", "previous variant", false },
	{ 'd', WV_ACT_DELIM, "d", "delimiter '/' on / off", false },
	{ 'o', WV_ACT_OFFSET_UP, "o", "string start +1 byte", false },
	{ 'O', WV_ACT_OFFSET_DOWN, "O", "string start -1 byte", false },
	{ 'f', WV_ACT_FILL, "f", "fill: 00, 01, ff, 'x'", false },
	{ 'c', WV_ACT_COMPARE, "c", "compare all variants", false },
	{ '?', WV_ACT_HELP, "?", "this help / back", false },
	{ KEY_F(1), WV_ACT_HELP, "F1", NULL, false },
	{ 27, WV_ACT_BACK, "Esc", "back to the main view", false },
	{ ':', WV_ACT_COMMAND, ":", "command line (Tab)", false },
	{ 'e', WV_ACT_EDIT, "e", "edit the word", false },
	{ CTRL('l'), WV_ACT_REDRAW, "Ctrl-L", "redraw", false },
	{ 'q', WV_ACT_QUIT, "q", "quit", false },
	{ ']', WV_ACT_SCENE_NEXT, "] PgDn", "next scene", true },
	{ KEY_NPAGE, WV_ACT_SCENE_NEXT, NULL, NULL, true },
	{ '[', WV_ACT_SCENE_PREV, "[ PgUp", "previous scene", true },
	{ KEY_PPAGE, WV_ACT_SCENE_PREV, NULL, NULL, true },
	{ '\r', WV_ACT_ANSWER, "Enter", "ask, answer, go on", true },
	{ '\n', WV_ACT_ANSWER, NULL, NULL, true },
	{ KEY_ENTER, WV_ACT_ANSWER, NULL, NULL, true },
	{ 's', WV_ACT_REVEAL, "s", "show the answer", true },
	{ 'i', WV_ACT_SOURCES, "i", "the scene's kernel sources", true },
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
