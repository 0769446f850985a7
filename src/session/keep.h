/*
 * src/session/keep.h - what keep.c lends session.c and open.c: the state
 * the session keeps in the platform's store itself (the page's ':' history
 * and lesson progress); private to src/session/ (the API is
 * session/session.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SESSION_KEEP_H
#define WATVIZ_SESSION_KEEP_H

#include "session/session.h"

/*
 * Once, at the first wv_session_open: find the store's blobs, read the
 * history into s's list, and set aside a blob that is not what watviz
 * writes (wv_progress_get reads the progress as it reads the terminal's
 * file), what was found left in s->kept_note to be said once.
 */
void ss_keep_check(struct wv_session *s);

/* The ':' history's list written to its blob, when the session keeps
   one (s->history_name); 0 or -errno. */
int ss_keep_history(struct wv_session *s);

#endif /* WATVIZ_SESSION_KEEP_H */
