/*
 * What the session keeps in the platform's store itself, for a front-end
 * with no files of its own (the page, whose wv_state_* are the browser's
 * storage): the ':' history as the editor's list, and a lesson's progress,
 * which the class reads and writes as it does the terminal's file.  Both
 * are looked at once, at the first wv_session_open; a blob that is not
 * what watviz writes is set aside (the platform's set_aside) and that is
 * said once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/progress.h"
#include "app/state.h"

#include "keep.h"
#include "line.h"

#define HISTORY_FILE_MAX (WV_HISTORY_MAX * WV_CMD_TEXT_MAX)

/* A history blob's lines, each one the line editor could have taken,
   into the list (when keep); false (with its bad line's number in *bad)
   when one is not. */
static bool history_parse(struct wv_session *s, const char *text, size_t len,
			  bool keep, int *bad)
{
	const char *p = text, *end = text + len;

	for (int ln = 1; p < end; ln++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (!ss_line_typable(p, n) || n >= WV_CMD_TEXT_MAX) {
			*bad = ln;
			return false;
		}
		if (keep && n)
			wv_session_history_push(s, p, n);
		p += n + 1;
	}
	return true;
}

static int history_fill(FILE *f, void *ctx)
{
	const struct wv_session *s = ctx;

	for (size_t i = 0; i < s->nhistory; i++)
		fprintf(f, "%s\n", s->history[i]);
	return wv_file_error(f);
}

int ss_keep_history(struct wv_session *s)
{
	/* the list is the front-end's whole history (one writes it at a
	   time: it is read at the first open) */
	if (!s->history_name[0])
		return 0;
	return wv_state_replace(s->history_name, WV_FILE_STATE, history_fill, s);
}

/* Blob name, which could not be read (why), set aside: what to say. */
static void set_aside(struct wv_session *s, const char *name, const char *what,
		      const char *why)
{
	char kept[80] = "";
	int rc = s->plat.set_aside ? s->plat.set_aside(s->plat.ctx, name, kept,
						       sizeof(kept)) : -ENOSYS;
	char *note = s->kept_note;
	size_t n = strlen(note);

	if (rc == 0)
		snprintf(note + n, sizeof(s->kept_note) - n, "%sThe %s kept in this "
			 "browser %s: it is kept aside as watviz.%s, and a new one "
			 "starts.", n ? " " : "", what, why, kept);
	else
		snprintf(note + n, sizeof(s->kept_note) - n, "%sThe %s kept in this "
			 "browser %s and could not be set aside (%s): it is left as "
			 "it is and not written.", n ? " " : "", what, why,
			 wv_state_strerror(rc));
	if (rc < 0 && strcmp(name, "progress") == 0)
		s->progress_name[0] = '\0';
	if (rc < 0 && strcmp(name, "history") == 0)
		s->history_name[0] = '\0';
}

void ss_keep_check(struct wv_session *s)
{
	char why[80], *text;
	size_t len, scene;
	int line = 0, rc;

	if (s->kept_checked)
		return;
	s->kept_checked = true;
	s->kept_note[0] = '\0';
	if (wv_state_path(NULL, NULL, "progress", s->progress_name,
			  sizeof(s->progress_name)) < 0)
		s->progress_name[0] = '\0';
	if (wv_state_path(NULL, NULL, "history", s->history_name,
			  sizeof(s->history_name)) < 0)
		s->history_name[0] = '\0';
	if (s->progress_name[0]) {
		/* read as the class reads it: any lesson's line will do */
		rc = wv_progress_get(s->progress_name, 0, "", &scene, &line);
		if (line > 0 || (rc < 0 && rc != -ENOENT)) {
			if (line > 0)
				snprintf(why, sizeof(why), "has a line (%d) that is not "
					 "'number name scene'", line);
			else
				snprintf(why, sizeof(why), "could not be read (%s)",
					 wv_state_strerror(rc));
			set_aside(s, s->progress_name, "lesson progress", why);
		}
	}
	if (!s->history_name[0])
		return;
	rc = wv_state_read(s->history_name, HISTORY_FILE_MAX, &text, &len);
	if (rc == 0 && !history_parse(s, text, len, false, &line)) {
		snprintf(why, sizeof(why), "has a line (%d) that is not a command", line);
		set_aside(s, s->history_name, "command history", why);
	} else if (rc == 0) {
		history_parse(s, text, len, true, &line);
	} else if (rc != -ENOENT) {
		snprintf(why, sizeof(why), "could not be read (%s)", wv_state_strerror(rc));
		set_aside(s, s->history_name, "command history", why);
	}
	free(text);
}
