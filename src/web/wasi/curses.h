/*
 * The key codes of curses, for the web build only (src/web/).
 *
 * src/app/keys.c maps curses key codes to actions and includes <curses.h>
 * for their names; WASI has no curses, and the page needs nothing of it but
 * these numbers.  They are ncurses's values, so a key means the same action
 * in the page as in the terminal: web/watviz.js sends the same codes for the
 * browser's keys, and tests/web/run-web.sh compares them with the real
 * <curses.h> and the frames the two builds draw for the same keys.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEB_CURSES_H
#define WATVIZ_WEB_CURSES_H

#define KEY_DOWN 258
#define KEY_UP 259
#define KEY_LEFT 260
#define KEY_RIGHT 261
#define KEY_HOME 262
#define KEY_BACKSPACE 263
#define KEY_F0 264
#define KEY_F(n) (KEY_F0 + (n))
#define KEY_DC 330
#define KEY_NPAGE 338
#define KEY_PPAGE 339
#define KEY_ENTER 343
#define KEY_END 360

#endif /* WATVIZ_WEB_CURSES_H */
