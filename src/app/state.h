/*
 * app/state.h - files in watviz's state directory (the ':' history, lesson
 * progress): $XDG_STATE_HOME/watviz/, or ~/.local/state/watviz/ when
 * XDG_STATE_HOME is unset, empty or not absolute (the XDG base directory
 * rules); and writing any file watviz makes (the state files, :json,
 * --record) without losing what was there.  Plain file I/O: no terminal,
 * no readline.
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

/* An error of its own (negated, as the errnos are): the path names a FIFO,
   a device or a socket where a state file must be a regular file. */
#define WV_ENOTREG 4096

/* fd, opened to read a state file, is one: fstat into *st, then 0, or
   -errno, -EISDIR for a folder, -WV_ENOTREG for a FIFO, device or socket. */
struct stat;
int wv_state_regular(int fd, struct stat *st);

/*
 * Read the state file at path whole: into *text a malloc'd copy with a NUL
 * after its *len bytes (the caller frees it).  0; -ENOENT when there is no
 * file; -WV_ENOTREG for a FIFO, a device or a socket (opened without
 * waiting, never read); -EFBIG when it holds more than max bytes; -errno
 * when it cannot be read.  On failure *text is NULL.
 */
int wv_state_read(const char *path, size_t max, char **text, size_t *len);

/* What a negative error of the functions here means, as a phrase:
   strerror's words, or WV_ENOTREG's and a reader-less FIFO's own. */
const char *wv_state_strerror(int rc);

/*
 * The negative error rc of reading or saving the state file at path (by
 * the functions here, app/progress.h's or front/term/history.h's) as one
 * sentence into buf: which file is at fault (the file, the lock beside it
 * or its folder) and how to fix it.  Returns buf.
 *   -EISDIR, the lock a folder: "/s/watviz/.progress.lock (the lock
 *   beside /s/watviz/progress) is a folder: remove it (rmdir ...)"
 */
const char *wv_state_explain(const char *path, int rc, char *buf, size_t size);

/* wv_file_open's flags */
#define WV_FILE_STATE 1	/* a state file: regular files only, new ones 0600 */

/*
 * A file being written whole.  A regular file (or a new one) is written to
 * a temporary file made with mkstemp(3) beside it (O_EXCL: nothing planted
 * at a guessed name is followed) and renamed over it on success, with the
 * old file's mode; a symbolic link is followed, so the file it points to is
 * the one replaced.  A FIFO or a device is written directly, never replaced
 * (a FIFO without a reader is refused: -ENXIO); a folder is refused.
 */
struct wv_file {
	FILE *f;		/* write here */
	char path[4096];	/* the file written: symbolic links followed */
	char tmp[4112];		/* the temporary, "" when writing path directly */
};

/*
 * Open path for writing as above (flags: 0 or WV_FILE_STATE).  Returns 0
 * with w->f open, or -errno with nothing created (-WV_ENOTREG for a state
 * file that is not a regular file).
 */
int wv_file_open(struct wv_file *w, const char *path, int flags);

/*
 * Finish w: when rc (what writing returned: 0 or -errno) is 0, flush, sync,
 * close and rename the temporary over the file; else, or when any of those
 * fails, close and remove the temporary, leaving the file as it was.
 * Returns rc, or the -errno of the call that failed.
 */
int wv_file_close(struct wv_file *w, int rc);

/*
 * Remove the temporary of every file open for writing now, for a process
 * that is about to die of a signal (the visualizer's crash path): only
 * async-signal-safe calls.  The files the temporaries would have replaced
 * stay as they were.
 */
void wv_file_remove_temporaries(void);

/*
 * After writes to f: flush it; 0, or the -errno of the failing write
 * (ENOSPC, EBADF ...; EIO only when no reason is known).  Call it right
 * after writing, while errno still holds what the failing write set.
 */
int wv_file_error(FILE *f);

/*
 * Replace the file at path with what fill() writes, through wv_file_open
 * (flags as there) and wv_file_close, so that a crash or a full disk never
 * leaves less than the old file.  fill returns 0 or a negative errno.
 * Returns 0 or a negative errno; on any failure path is untouched.
 */
int wv_state_replace(const char *path, int flags,
		     int (*fill)(FILE *f, void *ctx), void *ctx);

/*
 * Take the lock that serializes the read-modify-write of the state file
 * path among watviz processes (flock(2) on a file beside it, ".NAME.lock").
 * Returns the lock's descriptor for wv_state_unlock, or -errno.
 */
int wv_state_lock(const char *path);
void wv_state_unlock(int fd);

#endif /* WATVIZ_STATE_H */
