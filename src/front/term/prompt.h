/*
 * front/term/prompt.h - GNU readline inside the curses screen.
 *
 * readline runs through its callback interface with its own signal and
 * terminal handling off: curses owns the terminal, so the prompt module
 * feeds readline the keys curses read (rl_getc_function), and readline's
 * redisplay hook draws the line into the screen's last row.  Special keys
 * curses decoded (arrows, Home, Delete) are handed to readline as the ANSI
 * sequences its default key map binds, so user ~/.inputrc bindings work.
 *
 * Teardown order: wv_prompt_close() (removes the callback handler) and
 * wv_prompt_fini() run before the terminal module's restore; readline never
 * touched the tty modes, so nothing of its needs undoing there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PROMPT_H
#define WATVIZ_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

/* Set readline up for use inside curses; load the history from
   history_path (NULL: no history file). */
void wv_prompt_init(const char *history_path);
void wv_prompt_fini(void);

/* The lesson names Tab completes after ":lesson " (NULL-terminated; the
   caller keeps them alive while the prompt runs; NULL: none). */
void wv_prompt_lessons(const char *const *names);

/* Open the line with prompt on the screen's last row, text already typed. */
void wv_prompt_open(const char *prompt, const char *text);

/* Whether a line is being edited. */
bool wv_prompt_active(void);

/* Draw the line's text selected (a wrong answer a retry types over). */
void wv_prompt_select(bool on);

/* Empty the open line (typed over its selection). */
void wv_prompt_clear(void);

/*
 * Give readline one key from wgetch().  Returns true when the line is
 * finished: *line is then the text (malloc'd, the caller frees), or NULL
 * when it was abandoned (Esc, Ctrl-C via wv_prompt_cancel, Ctrl-D on an
 * empty line).
 */
bool wv_prompt_key(int key, char **line);

/* Put line in the history and its file (blank lines and repeats are
   skipped); the caller chooses the form, e.g. `word "..."` for an edit. */
void wv_prompt_remember(const char *line);

/* Abandon the line. */
void wv_prompt_cancel(void);

/* Draw the line (after the rest of the frame); places the cursor. */
void wv_prompt_draw(void);

/* The completion candidates readline last listed ("" none), for the
   status area; cleared when the line changes. */
const char *wv_prompt_matches(void);

/* The last history-file error, or 0. */
int wv_prompt_history_error(void);

struct wv_session;

/*
 * A key as curses delivers it (wgetch), for session s (src/front/term/tui.c): at
 * an open line readline's, unless the session says the key leaves the
 * line; else the session's, in its own key codes.  readline's line is
 * opened and closed to follow s->line.  Returns reaction flags.  (Mouse
 * events are the main loop's.)
 */
int wv_tui_key(struct wv_session *s, int ch);

#endif /* WATVIZ_PROMPT_H */
