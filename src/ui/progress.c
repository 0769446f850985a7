/*
 * Lesson progress: a small text file, read tolerantly, written atomically.
 * See watviz/progress.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "watviz/history.h"

struct entry {
	unsigned number;
	char slug[64];
	size_t scene;
};

/* One line "2 has-zero 4" or "5 find-zero done".  0, or -1 when bad. */
static int parse_line(const char *line, struct entry *e)
{
	char scene[24], extra[2];
	unsigned long k;
	char *end;

	if (sscanf(line, "%u %63s %23s %1s", &e->number, e->slug, scene, extra) != 3 ||
	    e->number == 0)
		return -1;
	if (strcmp(scene, "done") == 0) {
		e->scene = WV_PROGRESS_DONE;
		return 0;
	}
	errno = 0;
	k = strtoul(scene, &end, 10);
	if (*end || errno || k < 1 || k > 100000 || scene[0] == '-')
		return -1;
	e->scene = (size_t)k - 1;
	return 0;
}

/* Read path's entries into e[0..max).  Returns how many, or as
   wv_progress_get. */
static int read_entries(const char *path, struct entry *e, size_t max, int *bad)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int n = 0, ln = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);

		ln++;
		if (len == sizeof(line) - 1 && line[len - 1] != '\n')
			goto out_bad;	/* too long for a progress line */
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if ((size_t)n == max || parse_line(line, &e[n]) < 0)
			goto out_bad;
		n++;
	}
	if (ferror(f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	return n;
out_bad:
	if (bad)
		*bad = ln;
	fclose(f);
	return -EBADMSG;
}

int wv_progress_get(const char *path, unsigned number, const char *slug,
		    size_t *scene, int *line)
{
	static struct entry e[WV_PROGRESS_MAX];
	int n = read_entries(path, e, WV_PROGRESS_MAX, line);

	for (int i = 0; i < n; i++)
		if (e[i].number == number && strcmp(e[i].slug, slug) == 0) {
			*scene = e[i].scene;
			return 0;
		}
	return n < 0 ? n : -ENOENT;
}

int wv_progress_put(const char *path, unsigned number, const char *slug,
		    size_t scene)
{
	static struct entry e[WV_PROGRESS_MAX];
	char tmp[4200];
	FILE *f;
	int n, rc = 0;

	n = read_entries(path, e, WV_PROGRESS_MAX, NULL);
	if (n < 0)
		n = 0;	/* missing or unreadable: start a new file */
	if ((rc = wv_state_mkdirs(path)) < 0)
		return rc;
	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >=
	    (int)sizeof(tmp))
		return -ENAMETOOLONG;
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	fprintf(f, "# watviz lesson progress: number, name, scene (from 1) or \"done\"\n");
	if (scene == WV_PROGRESS_DONE)
		fprintf(f, "%u %s done\n", number, slug);
	else
		fprintf(f, "%u %s %zu\n", number, slug, scene + 1);
	for (int i = 0, kept = 1; i < n && kept < WV_PROGRESS_MAX; i++) {
		if (e[i].number == number && strcmp(e[i].slug, slug) == 0)
			continue;
		if (e[i].scene == WV_PROGRESS_DONE)
			fprintf(f, "%u %s done\n", e[i].number, e[i].slug);
		else
			fprintf(f, "%u %s %zu\n", e[i].number, e[i].slug, e[i].scene + 1);
		kept++;
	}
	errno = 0;
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0)
		rc = errno ? -errno : -EIO;
	if (fclose(f) != 0 && rc == 0)
		rc = -errno;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -errno;
	if (rc < 0)
		unlink(tmp);
	return rc;
}
