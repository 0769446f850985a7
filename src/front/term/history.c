/*
 * The ':' history: readline's list in memory; the file, a list of lines
 * that each new line is merged into under a lock, so that two watviz
 * processes typing at once both keep their lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/term/history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>

/* The file could not be read at the start: it is left alone all run. */
static int load_err;

int wv_history_path(const char *xdg_state_home, const char *home, char *buf,
		    size_t size)
{
	return wv_state_path(xdg_state_home, home, "history", buf, size);
}

/* The lines of a history file, the newest last, at most WV_HISTORY_MAX. */
struct lines {
	char *line[WV_HISTORY_MAX];
	size_t n, first;	/* a ring: line[first] is the oldest */
};

static void lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	l->n = l->first = 0;
}

/* The i-th oldest line of l. */
static char *lines_at(const struct lines *l, size_t i)
{
	return l->line[(l->first + i) % WV_HISTORY_MAX];
}

/* Append s (owned by l from now on), dropping the oldest when full. */
static void lines_push(struct lines *l, char *s)
{
	if (l->n < WV_HISTORY_MAX) {
		l->line[(l->first + l->n++) % WV_HISTORY_MAX] = s;
		return;
	}
	free(l->line[l->first]);
	l->line[l->first] = s;
	l->first = (l->first + 1) % WV_HISTORY_MAX;
}

/*
 * Read the file at path into l.  0 (a missing file is an empty one), or
 * -errno; -WV_ENOTREG for a FIFO, a device or a socket, which is opened
 * without waiting and never read.
 */
static int read_lines(const char *path, struct lines *l)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	char *buf = NULL;
	size_t cap = 0;
	struct stat st;
	ssize_t len;
	FILE *f;
	int rc = 0;

	*l = (struct lines){ .n = 0 };
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	rc = wv_state_regular(fd, &st);
	if (rc < 0) {
		close(fd);
		return rc;
	}
	f = fdopen(fd, "r");
	if (!f) {
		rc = -errno;
		close(fd);
		return rc;
	}
	while ((len = getline(&buf, &cap, f)) >= 0) {
		char *s;

		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (len == 0)
			continue;
		if (!(s = strdup(buf))) {
			rc = -ENOMEM;
			break;
		}
		lines_push(l, s);
	}
	if (rc == 0 && ferror(f))
		rc = errno ? -errno : -EIO;
	free(buf);
	fclose(f);
	if (rc < 0)
		lines_free(l);
	return rc;
}

static int write_lines(FILE *f, void *ctx)
{
	const struct lines *l = ctx;

	for (size_t i = 0; i < l->n; i++)
		if (fprintf(f, "%s\n", lines_at(l, i)) < 0)
			return errno ? -errno : -EIO;
	return 0;
}

int wv_history_load(const char *path)
{
	struct lines l;

	using_history();
	stifle_history(WV_HISTORY_MAX);
	load_err = read_lines(path, &l);
	if (load_err < 0)
		return load_err;
	for (size_t i = 0; i < l.n; i++)
		add_history(lines_at(&l, i));
	lines_free(&l);
	return 0;
}

/*
 * Merge line into the file: under the lock, the file as it is now (with
 * what other processes added) and line after it, unless it repeats the
 * file's last line.  A file that cannot be read is not written.
 */
static int save(const char *path, const char *line)
{
	struct lines l;
	char *s;
	int lock, rc;

	if ((rc = wv_state_mkdirs(path)) < 0)
		return rc;
	if ((lock = wv_state_lock(path)) < 0)
		return lock;
	if ((rc = read_lines(path, &l)) < 0)
		goto out_unlock;
	if (l.n == 0 || strcmp(lines_at(&l, l.n - 1), line) != 0) {
		if (!(s = strdup(line))) {
			rc = -ENOMEM;
			goto out_free_lines;
		}
		lines_push(&l, s);
	}
	rc = wv_state_replace(path, WV_FILE_STATE, write_lines, &l);
out_free_lines:
	lines_free(&l);
out_unlock:
	wv_state_unlock(lock);
	return rc;
}

int wv_history_add(const char *path, const char *line)
{
	HIST_ENTRY *last;

	if (line[strspn(line, " \t")] == '\0')
		return 0;
	last = history_length > 0 ? history_get(history_base + history_length - 1)
				  : NULL;
	if (!last || strcmp(last->line, line) != 0)
		add_history(line);
	if (!path || load_err < 0)
		return 0;	/* no file, or one wv_history_load reported */
	return save(path, line);
}
