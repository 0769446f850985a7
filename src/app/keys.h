/*
 * app/keys.h - the visualizer's key map: keys in, actions out.
 *
 * One table maps each key (a character, or one of the program's own codes
 * below for a key that is none) to an action; the help screen is drawn from
 * the same table, so it cannot drift from what the keys do.  Front-ends
 * turn their keys into these codes: the terminal from curses' codes
 * (src/front/term/tui.c), the page from the browser's key names (src/front/web/core.js).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_KEYS_H
#define WATVIZ_KEYS_H

#include <stdbool.h>
#include <stddef.h>

/* The keys that are no character.  Above Unicode's last code point, so no
   character typed is ever taken for one of them. */
enum wv_key {
	WV_KEY_DOWN = 0x110000,
	WV_KEY_UP,
	WV_KEY_LEFT,
	WV_KEY_RIGHT,
	WV_KEY_HOME,
	WV_KEY_END,
	WV_KEY_PGUP,
	WV_KEY_PGDN,
	WV_KEY_DEL,
	WV_KEY_BKSP,
	WV_KEY_ENTER,		/* the keypad's; Return is '\r' or '\n' */
	WV_KEY_F1,
};

/* Does key erase at a line (Backspace, Delete, ^H, DEL)? */
bool wv_keys_erases(int key);

enum wv_action {
	WV_ACT_NONE,
	WV_ACT_NEXT,		/* next sub-step */
	WV_ACT_PREV,		/* previous sub-step */
	WV_ACT_NEXT_FUNC,	/* next kernel function call */
	WV_ACT_PREV_FUNC,	/* previous kernel function call */
	WV_ACT_FIRST,
	WV_ACT_LAST,
	WV_ACT_PLAY,		/* play / pause */
	WV_ACT_FASTER,
	WV_ACT_SLOWER,
	WV_ACT_ARCH_NEXT,	/* next variant, keeping the position */
	WV_ACT_ARCH_PREV,
	WV_ACT_DELIM,		/* delimiter on ('/' or the last one) / off */
	WV_ACT_OFFSET_UP,	/* string start one byte later (wraps) */
	WV_ACT_OFFSET_DOWN,
	WV_ACT_FILL,		/* cycle the fill byte: 0x00, 0x01, 0xff, 'x' */
	WV_ACT_COMPARE,		/* compare view on / off */
	WV_ACT_SPLIT,		/* split view (a second variant below) on / off */
	WV_ACT_HELP,		/* help on / off */
	WV_ACT_BACK,		/* Escape: back to the main view */
	WV_ACT_COMMAND,		/* open the ':' command line */
	WV_ACT_EDIT,		/* edit the word on the command line */
	WV_ACT_REDRAW,		/* Ctrl-L */
	WV_ACT_QUIT,
	WV_ACT_BLANK,		/* blank the screen (the projector); any key
				   brings it back (the session's) */
	/* editing the word in place (src/app/edit.c) */
	WV_ACT_FOCUS_MEMORY,	/* byte cursor in the memory panel on / off */
	WV_ACT_FOCUS_NEXT,	/* focus: steps -> memory -> bits -> steps */
	WV_ACT_UNDO,		/* undo the last byte edit */
	WV_ACT_REDO,
	WV_ACT_CUR_LEFT,	/* memory: previous byte; bits: bit to the left */
	WV_ACT_CUR_RIGHT,
	WV_ACT_CUR_UP,		/* memory: a word back */
	WV_ACT_CUR_DOWN,	/* memory: a word on */
	WV_ACT_HEX,		/* a hex digit (the key): sets the byte; a
				   second digit right after completes it */
	WV_ACT_CHAR,		/* ': the next key is the byte */
	WV_ACT_PUT_CHAR,	/* that key (struct wv_app.key) */
	WV_ACT_BYTE_UP,		/* the byte + 1 (wraps) */
	WV_ACT_BYTE_DOWN,
	WV_ACT_DELETE,		/* delete the byte: the word shrinks */
	WV_ACT_INSERT,		/* insert 'x' before it: the word grows */
	WV_ACT_FLIP,		/* bits: flip the bit under the cursor */
	WV_ACT_MESSAGE,		/* the whole message line, wrapped, until
				   the next key; in a lesson the scene's
				   text too, a screenful a press */
	WV_ACT_SPLIT_COLS,	/* the split view: each register in its own
				   order / both in the memory's columns */
	/* in a lesson only */
	WV_ACT_SCENE_NEXT,	/* next scene (the end screen after the last) */
	WV_ACT_SCENE_PREV,
	WV_ACT_ANSWER,		/* Enter: ask / answer the question, or go on */
	WV_ACT_REVEAL,		/* show the answer, worked out */
	WV_ACT_SOURCES,		/* the scene's kernel sources on / off */
	WV_ACT_ANOTHER,		/* another word: the question again on a
				   fresh word (the scene's practice:) */
	/* with a live class (--class) */
	WV_ACT_CLASS_REVOTE,	/* the class votes again on the question */
	WV_ACT_CLASS_JOIN,	/* the join screen (link, code, QR) on / off */
};

/*
 * Where the keys go: stepping (the default), the byte cursor in the memory
 * panel, or the bit cursor in the register row loaded from memory.  With
 * the focus on memory or bits, that focus's keys come first (hex digits,
 * + and -, i, x, the arrows); every other key keeps its meaning.
 */
enum wv_focus { WV_FOCUS_STEPS, WV_FOCUS_MEMORY, WV_FOCUS_BITS };
#define WV_KEYS_MEMORY (1u << WV_FOCUS_MEMORY)
#define WV_KEYS_BITS (1u << WV_FOCUS_BITS)

struct wv_keybind {
	int key;		/* a character or enum wv_key */
	enum wv_action act;
	const char *name;	/* how help shows the key: "Right", "n" */
	const char *help;	/* what it does; NULL for an alias that help
				   lists on the line before */
	bool lesson;		/* does something only in a lesson */
	unsigned focus;		/* WV_KEYS_MEMORY | WV_KEYS_BITS: only with
				   that focus (it wins there); 0: any */
};

/* The action for key with the focus on steps, WV_ACT_NONE when the key
   means nothing. */
enum wv_action wv_keys_action(int key);

/* The action for key with focus: that focus's own keys first. */
enum wv_action wv_keys_action_in(int key, enum wv_focus focus);

/*
 * The keys of the help line that lists act, named as the help screen names
 * them, joined by blanks: its first key and the aliases after it (those of
 * focus, WV_KEYS_MEMORY or WV_KEYS_BITS, or 0: the keys of any focus).  The
 * help screen, the status line and the messages that name a key all ask
 * here.  E.g. WV_ACT_SLOWER, 0: "+ = -".  Into buf (returned), whole
 * names only; "" when no key does act.
 */
const char *wv_keys_names(enum wv_action act, unsigned focus, char *buf, size_t size);

/* The whole table, for the help screen; *n gets its length. */
const struct wv_keybind *wv_keys_table(size_t *n);

#endif /* WATVIZ_KEYS_H */
