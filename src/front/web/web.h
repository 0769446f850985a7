/*
 * src/front/web/web.h - the visualizer behind a web page: the session
 * (session/session.h) driven by keys, clicks and ticks, drawn as frames of
 * cells that src/front/web/page.js paints.  The terminal layer (src/front/term/) is the one
 * thing replaced: the session's own line editor takes readline's place,
 * and the state of the screen can be written as, and restored from, a
 * link's fragment ("word=ab%5C0cd&arch=x86-64&step=has_zero:3"), both
 * by the session (wv_session_open, wv_session_link).
 *
 * The same file builds natively (tests/web/driver.c) and for wasm32-wasi
 * (make web), so the two builds' frames can be compared cell for cell.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEB_H
#define WATVIZ_WEB_H

#include <stddef.h>
#include <stdint.h>

/* A cell of wv_web_frame(): its role (bits 0-7), two marks (bits 8, 9) and
   its character, a code point (bits 11-31; src/front/web/page.js reads the same). */
#define WV_WEB_ROLE(c) ((c) & 0xffu)
#define WV_WEB_FOCUS (1u << 8)
#define WV_WEB_CURSOR (1u << 9)
#define WV_WEB_CH_SHIFT 11
#define WV_WEB_CH(c) ((c) >> WV_WEB_CH_SHIFT)

/* A buffer of n bytes (up to WV_WEBLINK_MAX, render/weblink.h) to pass text
   in; NULL above. */
char *wv_web_buf(size_t n);

/*
 * Show the state fragment names (the part of a link after '#', without
 * it; "" the first screen of `watviz 'ab\0cd'`).  Its fields, each
 * key=value with %XX escapes, '&' between: word (as typed, C escapes),
 * arch, offset, fill, delim, page (the page edge), step ("has_zero:3"),
 * view (main, compare, help), split (the split view's second variant, or
 * none), lesson (a number or a name) and scene (from 1, or end: the
 * end-of-lesson screen), present (1).  In a lesson, step is a sub-step of
 * the scene's own trace (as :step takes it there); one the scene's trace
 * does not have is refused, the scene at its own.  A field it cannot take
 * is named in the message line and left out; nothing in it is ever more
 * than data.  A lesson without a scene resumes where it stopped, when the
 * page lends the module a store (src/front/web/store.c); the first open reads
 * the store and says once what it had to set aside.  Returns 0, or -1
 * when a field was refused.
 */
int wv_web_open(const char *fragment);

/* The grid's size (at least 80x24 is what every screen fits). */
void wv_web_resize(int rows, int cols);

/* A key: a character, or enum wv_key (app/keys.h; src/front/web/core.js sends
   them).  Returns the reaction flags (app/app.h). */
int wv_web_key(int key);

/* The mouse wheel: dir > 0 a sub-step on, else one back (as in the
   terminal: whatever the focus). */
int wv_web_wheel(int dir);

/* A click on cell (y, x) of the last frame. */
int wv_web_click(int y, int x);

/* One tick of play mode; call every wv_web_speed() ms while playing. */
int wv_web_tick(void);
int wv_web_playing(void);
int wv_web_speed(void);

/* Is a line open (':', the word, an answer)?  Keys still go to wv_web_key,
   which gives the line what it takes. */
int wv_web_typing(void);

/*
 * The frame as it is now: rows * cols cells, row-major, each
 * ch << WV_WEB_CH_SHIFT | role | WV_WEB_FOCUS | WV_WEB_CURSOR.  Owned here, valid until
 * the next call.
 */
const uint32_t *wv_web_frame(void);
int wv_web_rows(void);
int wv_web_cols(void);

/* The fragment that opens the screen as it is now (owned here). */
const char *wv_web_link(void);

/*
 * A :try on a 32-bit variant checks all 2^32 words: minutes.  The line is
 * parsed at once and its proof left to the page, to run off its main
 * thread (a worker with the same module): wv_web_proving() is its job's
 * number (0: none), wv_web_prove_job() what to give the worker's
 * wv_web_prove(), whose line goes back to wv_web_proved(job, line).  A
 * verdict for a job that was stopped (Esc, Ctrl-C) or replaced is
 * dropped.  Without a worker, the same three calls in a row.
 */
int wv_web_proving(void);
const char *wv_web_prove_job(void);
const char *wv_web_prove(const char *job);
int wv_web_proved(int job, const char *line);

/* The narration shown now and the message line, one line of plain text
   (for the page's live region). */
const char *wv_web_said(void);

#endif /* WATVIZ_WEB_H */
