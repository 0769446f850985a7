/*
 * watviz/state.h - files in watviz's state directory (the ':' history, lesson
 * progress): $XDG_STATE_HOME/watviz/, or ~/.local/state/watviz/ when
 * XDG_STATE_HOME is unset, empty or not absolute (the XDG base directory
 * rules).  Plain file I/O: no terminal, no readline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_STATE_H
#define WATVIZ_STATE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The path of the file name in watviz's state directory into buf.  Returns
 * 0, or -1 when neither variable gives a directory or buf is too small.
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

#endif /* WATVIZ_STATE_H */
