/*
 * The ':' history: readline's list, saved whole through a temporary file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/history.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <readline/history.h>

int wv_history_path(const char *xdg_state_home, const char *home, char *buf,
		    size_t size)
{
	return wv_state_path(xdg_state_home, home, "history", buf, size);
}

/*
 * readline's list, one line each.  readline's own write_history() is not
 * used: it takes a short write (a full disk) for success, and the rename
 * would then put a cut-off history in place of a whole one.
 */
static int history_lines(FILE *f, void *ctx)
{
	HIST_ENTRY **list = history_list();

	(void)ctx;
	for (int i = 0; list && list[i]; i++)
		if (fprintf(f, "%s\n", list[i]->line) < 0)
			return errno ? -errno : -EIO;
	return 0;
}

int wv_history_load(const char *path)
{
	int rc;

	using_history();
	stifle_history(WV_HISTORY_MAX);
	rc = read_history(path);	/* returns errno, or 0 */
	return rc == 0 || rc == ENOENT ? 0 : -rc;
}

int wv_history_add(const char *path, const char *line)
{
	HIST_ENTRY *last;
	int rc;

	if (line[strspn(line, " \t")] == '\0')
		return 0;
	last = history_length > 0 ? history_get(history_base + history_length - 1)
				  : NULL;
	if (!last || strcmp(last->line, line) != 0)
		add_history(line);
	if (!path)
		return 0;
	if ((rc = wv_state_mkdirs(path)) < 0)
		return rc;
	return wv_state_replace(path, history_lines, NULL);
}
