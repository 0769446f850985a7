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
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>

int wv_state_path(const char *xdg_state_home, const char *home,
		  const char *name, char *buf, size_t size)
{
	int n;

	if (xdg_state_home && xdg_state_home[0] == '/')
		n = snprintf(buf, size, "%s/watviz/%s", xdg_state_home, name);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.local/state/watviz/%s", home, name);
	else
		return -1;
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int wv_history_path(const char *xdg_state_home, const char *home, char *buf,
		    size_t size)
{
	return wv_state_path(xdg_state_home, home, "history", buf, size);
}

int wv_state_mkdirs(const char *path)
{
	char dir[4096];
	size_t n = strlen(path);

	if (n >= sizeof(dir))
		return -ENAMETOOLONG;
	memcpy(dir, path, n + 1);
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

int wv_state_replace(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx)
{
	char tmp[4200];
	FILE *f;
	int rc;

	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >=
	    (int)sizeof(tmp))
		return -ENAMETOOLONG;
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	rc = fill(f, ctx);
	errno = 0;
	if ((fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) && rc == 0)
		rc = errno ? -errno : -EIO;
	if (fclose(f) != 0 && rc == 0)
		rc = -errno;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -errno;
	if (rc < 0)
		unlink(tmp);
	return rc;
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
