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

#include "watviz/state.h"

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

/* What wv_progress_put writes: its line first, then the others kept. */
struct put {
	unsigned number;
	const char *slug;
	size_t scene;
	const struct entry *e;
	int n;
};

static void put_line(FILE *f, unsigned number, const char *slug, size_t scene)
{
	if (scene == WV_PROGRESS_DONE)
		fprintf(f, "%u %s done\n", number, slug);
	else
		fprintf(f, "%u %s %zu\n", number, slug, scene + 1);
}

static int put_lines(FILE *f, void *ctx)
{
	const struct put *p = ctx;

	fprintf(f, "# watviz lesson progress: number, name, scene (from 1) or \"done\"\n");
	put_line(f, p->number, p->slug, p->scene);
	for (int i = 0, kept = 1; i < p->n && kept < WV_PROGRESS_MAX; i++) {
		if (p->e[i].number == p->number && strcmp(p->e[i].slug, p->slug) == 0)
			continue;
		put_line(f, p->e[i].number, p->e[i].slug, p->e[i].scene);
		kept++;
	}
	return 0;
}

int wv_progress_put(const char *path, unsigned number, const char *slug,
		    size_t scene)
{
	static struct entry e[WV_PROGRESS_MAX];
	int n, rc;

	n = read_entries(path, e, WV_PROGRESS_MAX, NULL);
	if (n < 0)
		n = 0;	/* missing or unreadable: start a new file */
	if ((rc = wv_state_mkdirs(path)) < 0)
		return rc;
	return wv_state_replace(path, put_lines, &(struct put){
		.number = number, .slug = slug, .scene = scene, .e = e, .n = n });
}
