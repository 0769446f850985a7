/*
 * watviz/history.h - the ':' command history, kept between runs.
 *
 * The file is $XDG_STATE_HOME/watviz/history, or ~/.local/state/watviz/history
 * when XDG_STATE_HOME is unset, empty or not absolute (the XDG base
 * directory rules).  It is rewritten whole through a temporary file and
 * rename(2), so a crash never leaves half a history.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HISTORY_H
#define WATVIZ_HISTORY_H

#include <stddef.h>
#include <stdio.h>

#define WV_HISTORY_MAX 500	/* lines kept */

/*
 * The history file's path for these environment values (either may be
 * NULL) into buf.  Returns 0, or -1 when neither gives a directory or buf is
 * too small.
 *   wv_history_path("/s", "/h", ...)  -> "/s/watviz/history"
 *   wv_history_path(NULL, "/h", ...)  -> "/h/.local/state/watviz/history"
 */
int wv_history_path(const char *xdg_state_home, const char *home, char *buf,
		    size_t size);

/*
 * The same for any file of watviz's state directory:
 *   wv_state_path(NULL, "/h", "progress", ...) -> "/h/.local/state/watviz/progress"
 */
int wv_state_path(const char *xdg_state_home, const char *home,
		  const char *name, char *buf, size_t size);

/* mkdir -p of the directory part of path (mode 0700).  0 or -errno. */
int wv_state_mkdirs(const char *path);

/*
 * Replace the file at path with what fill() writes, so that a crash or a
 * full disk never leaves less than the old file: fill writes to a temporary
 * file beside path, which is flushed, fsync'ed and checked, then renamed over
 * path.  fill returns 0 or a negative errno.  Returns 0 or a negative errno;
 * on any failure the temporary file is removed and path is untouched.
 */
int wv_state_replace(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx);

/* Read path into readline's history list (a missing file is fine).
   Returns 0 or -errno. */
int wv_history_load(const char *path);

/* Add line to the list (not blanks, not a repeat of the last line) and
   write the list to path, creating its directories.  Returns 0 or -errno. */
int wv_history_add(const char *path, const char *line);

#endif /* WATVIZ_HISTORY_H */
