/*
 * Finding and reading lesson files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define LESSON_FILE_MAX (256 * 1024)

static bool is_dir(const char *path)
{
	struct stat st;

	return path && *path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int wv_lesson_dir(const char *dir_opt, const char *datadir, const char *exe_dir,
		  char *buf, size_t size, struct wv_error *err)
{
	const char *env = getenv("WATVIZ_LESSONS");
	char cand[3][WV_LESSON_PATH_MAX];

	if (dir_opt) {
		if (!is_dir(dir_opt)) {
			wv_error_set(err, 0, 0, "--lessons-dir %s is not a directory", dir_opt);
			return -1;
		}
		snprintf(buf, size, "%s", dir_opt);
		return 0;
	}
	if (env && *env) {
		if (!is_dir(env)) {
			wv_error_set(err, 0, 0, "WATVIZ_LESSONS=%s is not a directory", env);
			return -1;
		}
		snprintf(buf, size, "%s", env);
		return 0;
	}
	if (datadir && is_dir(datadir)) {
		snprintf(buf, size, "%s", datadir);
		return 0;
	}
	if (exe_dir) {
		/* an installed tree moved elsewhere (bin/../share/watviz/lessons);
		   the source tree: build/watviz -> ../lessons, ./watviz -> ./lessons */
		snprintf(cand[0], sizeof(cand[0]), "%s/../share/watviz/lessons", exe_dir);
		snprintf(cand[1], sizeof(cand[1]), "%s/../lessons", exe_dir);
		snprintf(cand[2], sizeof(cand[2]), "%s/lessons", exe_dir);
		for (int i = 0; i < 3; i++)
			if (is_dir(cand[i])) {
				snprintf(buf, size, "%s", cand[i]);
				return 0;
			}
	}
	wv_error_set(err, 0, 0, "no lessons found: give --lessons-dir DIR or set "
		     "WATVIZ_LESSONS (looked in %s and beside the program)",
		     datadir ? datadir : "the data directory");
	return -1;
}

/* "02-has-zero.lesson" -> 2, "has-zero"; false for other names */
static bool lesson_name(const char *name, unsigned *num, char *slug, size_t size)
{
	const char *ext = strrchr(name, '.');
	char *end;

	if (!isdigit((unsigned char)name[0]) || !ext || strcmp(ext, ".lesson") != 0)
		return false;
	unsigned long n = strtoul(name, &end, 10);

	if (*end != '-' || n == 0 || n > 999 || (size_t)(ext - end - 1) >= size ||
	    ext - end - 1 == 0)
		return false;
	*num = (unsigned)n;
	memcpy(slug, end + 1, (size_t)(ext - end - 1));
	slug[ext - end - 1] = 0;
	return true;
}

static int by_number(const void *a, const void *b)
{
	const struct wv_lesson_file *x = a, *y = b;

	return x->number != y->number ? (x->number > y->number ? 1 : -1)
				      : strcmp(x->slug, y->slug);
}

int wv_lesson_list(const char *dir, struct wv_lesson_file *files, size_t max)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL && n < max) {
		struct wv_lesson_file *f = &files[n];

		if (!lesson_name(e->d_name, &f->number, f->slug, sizeof(f->slug)))
			continue;
		if ((size_t)snprintf(f->path, sizeof(f->path), "%s/%s", dir, e->d_name) >=
		    sizeof(f->path))
			continue;
		n++;
	}
	closedir(d);
	qsort(files, n, sizeof(files[0]), by_number);
	return (int)n;
}

int wv_lesson_pick(const struct wv_lesson_file *files, size_t n, const char *which)
{
	char *end;
	unsigned long num = strtoul(which, &end, 10);
	int found = -1;

	if (isdigit((unsigned char)which[0]) && *end == 0) {
		for (size_t i = 0; i < n; i++)
			if (files[i].number == num)
				return (int)i;
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(files[i].slug, which) == 0)
			return (int)i;
	for (size_t i = 0; i < n; i++)
		if (*which && strncmp(files[i].slug, which, strlen(which)) == 0) {
			if (found >= 0)
				return -2;
			found = (int)i;
		}
	return found;
}

int wv_lesson_load(const char *path, wv_lesson **out, struct wv_error *err)
{
	struct wv_error e = { 0 };
	int rc = wv_lesson_load_all(path, out, &e, 1, NULL);

	if (err)
		*err = e;
	return rc;
}

int wv_lesson_load_all(const char *path, wv_lesson **out, struct wv_error *errs,
		       size_t max, size_t *nerrs)
{
	struct wv_error *err = errs;

	if (nerrs)
		*nerrs = 1;	/* until the parser counts: a file that cannot be read */
	FILE *f = fopen(path, "rb");
	char *text;
	size_t n;
	int rc;

	if (nerrs)
		*nerrs = 0;
	if (!f) {
		rc = -errno;
		wv_error_set(err, 0, 0, "cannot open: %s", strerror(errno));
		if (nerrs)
			*nerrs = 1;	/* the one mistake, in errs[0] */
		return rc;
	}
	text = malloc(LESSON_FILE_MAX + 1);
	if (!text) {
		fclose(f);
		wv_error_set(err, 0, 0, "out of memory");
		if (nerrs)
			*nerrs = 1;
		return -ENOMEM;
	}
	n = fread(text, 1, LESSON_FILE_MAX + 1, f);
	if (ferror(f)) {
		rc = -EIO;
		wv_error_set(err, 0, 0, "cannot read: %s", strerror(errno));
	} else if (n > LESSON_FILE_MAX) {
		rc = -EFBIG;
		wv_error_set(err, 0, 0, "larger than %d KiB; is it a lesson file?",
			     LESSON_FILE_MAX / 1024);
	} else {
		rc = wv_lesson_parse_all(text, n, out, errs, max, nerrs);
	}
	if (rc && nerrs && *nerrs == 0)
		*nerrs = 1;	/* the file could not be read: one mistake, in errs[0] */
	fclose(f);
	free(text);
	return rc;
}
