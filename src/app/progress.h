/*
 * app/progress.h - where each lesson stopped, kept between runs.
 *
 * The file is $XDG_STATE_HOME/watviz/progress (default
 * ~/.local/state/watviz/progress; see wv_state_path in front/term/history.h),
 * one line per lesson, the most recent first:
 *
 *   # watviz lesson progress: number, name, scene (from 1) or "done"
 *   2 has-zero 4
 *   5 find-zero done
 *
 * It is rewritten whole into a temporary file that is synced and renamed
 * over the old one (wv_state_replace), under a lock against another
 * watviz doing the same, so a crash or a full disk never leaves half a
 * file.  A line that is not a lesson's is kept as it was (and reported);
 * a file that cannot be read, or is not a regular file, is never written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PROGRESS_H
#define WATVIZ_PROGRESS_H

#include <stddef.h>

#define WV_PROGRESS_DONE ((size_t)-1)	/* the lesson was finished */

/*
 * The scene (0-based, or WV_PROGRESS_DONE) saved for lesson number/slug
 * into *scene, and into *line (unless NULL) the number of the file's first
 * line that is not "number name scene", or 0.  Returns 0; -ENOENT when the
 * file or the lesson is not in it; -errno when it cannot be read
 * (-WV_ENOTREG: not a regular file, -EFBIG: far too big).
 */
int wv_progress_get(const char *path, unsigned number, const char *slug,
		    size_t *scene, int *line);

/*
 * Remember scene (0-based, or WV_PROGRESS_DONE) for lesson number/slug,
 * keeping every other lesson's line and every line that is not a lesson's.
 * Returns 0, or -errno with the old file as it was (as wv_progress_get's
 * errors when it cannot be read; -EFBIG too when one more line would make
 * it too big to read back).
 */
int wv_progress_put(const char *path, unsigned number, const char *slug,
		    size_t scene);

/*
 * What to say of line (from 1, as wv_progress_get gives it) of the progress
 * file at path, which is not a lesson's, into buf; returns buf.
 *   "/s/watviz/progress: line 3 is not 'number name scene'; it is kept as
 *   it is (fix or delete it)"
 */
const char *wv_progress_bad_line(const char *path, int line, char *buf,
				 size_t size);

#endif /* WATVIZ_PROGRESS_H */
