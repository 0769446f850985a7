/*
 * front/term/term.h - owning the terminal: curses on, curses off, signals.
 *
 * One module starts curses and is the only one that stops it.  The restore
 * is registered with atexit() before curses starts, is safe to call twice,
 * and has an async-signal-safe twin for the crash path (SIGSEGV, SIGABRT ...)
 * that puts back the saved termios and the terminal's "normal" strings with
 * write(2) only.  While curses owns the screen, stderr goes to a temporary
 * file; whatever was written there is copied to the real stderr after the
 * screen is restored, so nothing scribbles over the display.
 *
 * Mouse reporting, when on, is turned off first on each of those ways out.
 * The crash path has a stack of its own (sigaltstack), so a stack overflow
 * still takes it, and it also serves every other signal whose default
 * action ends the process (SIGQUIT, SIGPIPE, SIGXFSZ, SIGUSR1, SIGALRM, the
 * real-time signals ...; man 7 signal) unless that signal was ignored or
 * had a handler already: the terminal is put back, then the signal ends
 * the process as it would have, core dump and exit status alike.
 *
 * The main loop's signals only set a flag: SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT are
 * read with wv_term_signal() by the main loop; SIGWINCH is left to ncurses,
 * which delivers KEY_RESIZE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TERM_H
#define WATVIZ_TERM_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Take over the terminal on stdin/stdout.  color: -1 auto (colours when the
 * terminal has them and NO_COLOR is unset or empty), 0 never, 1 always (when
 * the terminal has them).  Returns 0; or, with a message in err and the
 * terminal untouched, -ENOTTY when stdin or stdout is not a terminal and
 * -EINVAL when TERM cannot draw a screen (unset, "dumb", no cursor
 * addressing).
 */
int wv_term_start(int color, char *err, size_t errsize);

/* Give the terminal back exactly as it was; safe to call twice. */
void wv_term_restore(void);

/* Whether colours are in use (else the monochrome attributes are). */
bool wv_term_has_color(void);

/*
 * The pending SIGINT/SIGTERM/SIGHUP/SIGTSTP (the first of them), cleared;
 * else SIGCONT when the process was stopped and continued from outside
 * (kill -STOP/-CONT); 0 none.
 */
int wv_term_signal(void);

/*
 * Mouse reporting on (clicks of button 1, the wheel) or off.  On only when
 * the terminal reports mouse events (its terminfo has kmous); then the
 * restore, the suspend and the crash path turn it off again before the
 * screen goes.  Returns true when it is on.
 */
bool wv_term_mouse(bool on);

/*
 * Whether the terminal is gone (hung up, closed): stdin polls as hang-up
 * or error, so every read would fail at once.  For the main loop after a
 * read of no key, to end instead of waiting for keys that cannot come
 * (SIGHUP may be blocked or ignored).
 */
bool wv_term_lost(void);

/* Ctrl-Z: give the terminal back, stop, and take it again on fg. */
void wv_term_suspend(void);

/* After SIGCONT: the tty modes as curses wants them, a full repaint next. */
void wv_term_resume(void);

#endif /* WATVIZ_TERM_H */
