/*
 * front/term/history.h - the ':' command history, kept between runs.
 *
 * The file is $XDG_STATE_HOME/watviz/history, or ~/.local/state/watviz/history
 * when XDG_STATE_HOME is unset, empty or not absolute (the XDG base
 * directory rules).  Each new line is merged into the file as it is then
 * (another watviz may have added lines), under a lock, and the file is
 * rewritten whole through a temporary file and rename(2), so a crash never
 * leaves half a history.  A symbolic link is followed (its target keeps its
 * mode); a FIFO, a device or a socket is never opened for reading or
 * writing; a file that could not be read at the start is never written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HISTORY_H
#define WATVIZ_HISTORY_H

#include <stddef.h>
#include <stdio.h>

#include "app/cmdline.h"
#include "app/state.h"

/*
 * The history file's path for these environment values (either may be
 * NULL) into buf.  Returns 0, or -1 when neither gives a directory or buf is
 * too small.
 *   wv_history_path("/s", "/h", ...)  -> "/s/watviz/history"
 *   wv_history_path(NULL, "/h", ...)  -> "/h/.local/state/watviz/history"
 */
int wv_history_path(const char *xdg_state_home, const char *home, char *buf,
		    size_t size);

/* Read path into readline's history list (a missing file is fine).
   Returns 0 or -errno (-WV_ENOTREG: not a regular file); after an error
   wv_history_add keeps its lines in memory only, leaving the file as it
   is, so that nothing in it is lost. */
int wv_history_load(const char *path);

/* Add line to the list (not blanks, not a repeat of the last line) and
   merge it into the file at path (unless NULL), creating its directories.
   Returns 0 or -errno, with the file as it was. */
int wv_history_add(const char *path, const char *line);

#endif /* WATVIZ_HISTORY_H */
