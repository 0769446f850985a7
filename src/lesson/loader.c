/*
 * Finding and reading lesson files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/lesson.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/*
 * "02-has-zero.lesson" -> 2, "has-zero": 1, a lesson file's name.  0 for a
 * name that is no lesson's (README.md, 04-a.txt, a hidden .02-x.lesson);
 * -1 for a name ending in .lesson that cannot be one, with *why.
 */
static int lesson_name(const char *name, unsigned *num, char *slug, size_t size,
		       const char **why)
{
	const char *ext = strrchr(name, '.');
	char *end;

	if (name[0] == '.' || !ext || strcmp(ext, ".lesson") != 0)
		return 0;
	*why = "a lesson file is named NN-name.lesson (a number from 1 to 999, "
	       "a dash, a name), as in 02-has-zero.lesson";
	if (!isdigit((unsigned char)name[0]))
		return -1;
	unsigned long n = strtoul(name, &end, 10);

	if (*end != '-' || ext - end - 1 == 0)
		return -1;
	if (n == 0 || n > 999) {
		*why = "lessons are numbered from 1 to 999";
		return -1;
	}
	if ((size_t)(ext - end - 1) >= size) {
		*why = "its name after the number is 64 characters or more; shorten it";
		return -1;
	}
	*num = (unsigned)n;
	memcpy(slug, end + 1, (size_t)(ext - end - 1));
	slug[ext - end - 1] = 0;
	return 1;
}

static int by_number(const void *a, const void *b)
{
	const struct wv_lesson_file *x = a, *y = b;

	return x->number != y->number ? (x->number > y->number ? 1 : -1)
				      : strcmp(x->slug, y->slug) ? strcmp(x->slug, y->slug)
				      : strcmp(x->path, y->path);
}

int wv_lesson_find(const char *dir, struct wv_lesson_file **out,
		   wv_lesson_warn_fn *warn, void *ctx)
{
	DIR *d = opendir(dir);
	struct wv_lesson_file *files = NULL;
	struct dirent *e;
	size_t n = 0, cap = 0;
	int err = 0;

	*out = NULL;
	if (!d)
		return -1;
	for (;;) {
		struct wv_lesson_file f;
		const char *why = NULL;
		struct stat st;
		int named;

		errno = 0;
		if ((e = readdir(d)) == NULL) {
			err = errno;	/* 0 at the end; EOVERFLOW, EIO: the
					   listing is not whole */
			break;
		}
		named = lesson_name(e->d_name, &f.number, f.slug, sizeof(f.slug), &why);
		if (named == 0)
			continue;
		if (named < 0) {
			if (warn)
				warn(ctx, e->d_name, why);
			continue;
		}
		if ((size_t)snprintf(f.path, sizeof(f.path), "%s/%s", dir, e->d_name) >=
		    sizeof(f.path)) {
			if (warn)
				warn(ctx, e->d_name, "its path is too long");
			continue;
		}
		/* a FIFO would block the reader, a folder cannot be read */
		if (stat(f.path, &st) != 0) {
			if (warn)
				warn(ctx, e->d_name, errno == ENOENT ? "a link to nothing"
				     : strerror(errno));
			continue;
		}
		if (!S_ISREG(st.st_mode)) {
			if (warn)
				warn(ctx, e->d_name, "not a regular file (a folder, a "
				     "FIFO or a device)");
			continue;
		}
		if (n == cap) {
			size_t c2 = cap ? cap * 2 : 32;
			struct wv_lesson_file *g = realloc(files, c2 * sizeof(*g));

			if (!g) {
				err = ENOMEM;
				break;
			}
			files = g;
			cap = c2;
		}
		files[n++] = f;
	}
	closedir(d);
	if (err || n > INT_MAX) {
		free(files);
		errno = err ? err : EOVERFLOW;
		return -1;
	}
	if (n)
		qsort(files, n, sizeof(files[0]), by_number);
	*out = files;
	return (int)n;
}

int wv_lesson_list(const char *dir, struct wv_lesson_file *files, size_t max)
{
	struct wv_lesson_file *all;
	int n = wv_lesson_find(dir, &all, NULL, NULL);

	if (n < 0)
		return -1;
	if ((size_t)n > max)
		n = (int)max;
	if (n)
		memcpy(files, all, (size_t)n * sizeof(files[0]));
	free(all);
	return n;
}

int wv_lesson_pick(const struct wv_lesson_file *files, size_t n, const char *which)
{
	char *end;
	unsigned long num = strtoul(which, &end, 10);
	int found = -1;

	if (isdigit((unsigned char)which[0]) && *end == 0) {
		for (size_t i = 0; i < n; i++)
			if (files[i].number == num) {
				if (found >= 0)
					return -2;	/* two files, one number */
				found = (int)i;
			}
		return found;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(files[i].slug, which) == 0) {
			if (found >= 0)
				return -2;	/* 02-a and 05-a */
			found = (int)i;
		}
	if (found >= 0)
		return found;
	for (size_t i = 0; i < n; i++)
		if (*which && strncmp(files[i].slug, which, strlen(which)) == 0) {
			if (found >= 0)
				return -2;
			found = (int)i;
		}
	return found;
}

/* Does files[i] match which, as wv_lesson_pick matches it? */
static bool pick_match(const struct wv_lesson_file *f, const char *which,
		       bool number, bool exact)
{
	return number ? f->number == strtoul(which, NULL, 10)
	       : exact ? strcmp(f->slug, which) == 0
	       : strncmp(f->slug, which, strlen(which)) == 0;
}

const char *wv_lesson_pick_why(const struct wv_lesson_file *files, size_t n,
			       const char *which, char *buf, size_t size)
{
	bool number = isdigit((unsigned char)which[0]) &&
		      strspn(which, "0123456789") == strlen(which);
	bool exact = false;
	size_t len, count = 0, shown = 0;
	char many[24];

	for (size_t i = 0; i < n && !number; i++)
		exact |= strcmp(files[i].slug, which) == 0;
	for (size_t i = 0; i < n; i++)
		count += pick_match(&files[i], which, number, exact);
	snprintf(many, sizeof(many), count == 2 ? "two" : "%zu", count);
	len = (size_t)snprintf(buf, size, number ? "%s lesson files have that "
			       "number: " : exact ? "%s lesson files have that "
			       "name: " : "more than one lesson starts with that "
			       "name (%s): ", many);
	for (size_t i = 0; i < n && len < size; i++) {
		const char *base = strrchr(files[i].path, '/');

		if (pick_match(&files[i], which, number, exact))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						!shown++ ? "" : shown == count
						? " and " : ", ",
						base ? base + 1 : files[i].path);
	}
	if (len < size)
		snprintf(buf + len, size - len, "; %s", number || exact
			 ? "renumber or rename one" : "give more of the name, or "
			 "its number");
	return buf;
}

int wv_lesson_load(const char *path, wv_lesson **out, struct wv_error *err)
{
	struct wv_error e = { 0 };
	int rc = wv_lesson_load_all(path, out, &e, 1, NULL);

	if (err)
		*err = e;
	return rc;
}

/*
 * Open path for reading without blocking on a FIFO, and only when it is a
 * regular file.  Returns the stream, or NULL with errno and *why.
 */
static FILE *open_lesson(const char *path, const char **why)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), e;
	FILE *f;

	*why = "cannot open";
	if (fd < 0)
		return NULL;
	*why = "cannot read";
	if (fstat(fd, &st) != 0)
		goto out_close;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto out_close;
	}
	if (!S_ISREG(st.st_mode)) {
		*why = "cannot read: not a regular file (a FIFO or a device); give "
		       "a lesson file";
		errno = 0;
		goto out_close;
	}
	/* a regular file never blocks; clear O_NONBLOCK all the same */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
		goto out_close;
	f = fdopen(fd, "rb");
	if (f)
		return f;
out_close:
	e = errno;
	close(fd);
	errno = e;
	return NULL;
}

/* wv_lesson_load_all, and with quick without the traced checks. */
static int load(const char *path, wv_lesson **out, struct wv_error *errs,
		size_t max, size_t *nerrs, bool quick)
{
	struct wv_error *err = errs;
	const char *why;
	FILE *f = open_lesson(path, &why);
	char *text;
	size_t n;
	int rc;

	if (nerrs)
		*nerrs = 0;
	if (!f) {
		rc = errno ? -errno : -EINVAL;
		if (errno)
			wv_error_set(err, 0, 0, "%s: %s", why, strerror(errno));
		else
			wv_error_set(err, 0, 0, "%s", why);
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
	} else if (quick) {
		struct wv_error e = { 0 };

		rc = wv_lesson_parse_quick(text, n, out, &e);
		if (err)
			*err = e;
		if (nerrs)
			*nerrs = rc != 0;
	} else {
		rc = wv_lesson_parse_all(text, n, out, errs, max, nerrs);
	}
	if (rc && nerrs && *nerrs == 0)
		*nerrs = 1;	/* the file could not be read: one mistake, in errs[0] */
	fclose(f);
	free(text);
	return rc;
}

int wv_lesson_load_all(const char *path, wv_lesson **out, struct wv_error *errs,
		       size_t max, size_t *nerrs)
{
	return load(path, out, errs, max, nerrs, false);
}

int wv_lesson_load_quick(const char *path, wv_lesson **out, struct wv_error *err)
{
	struct wv_error e = { 0 };
	int rc = load(path, out, &e, 1, NULL, true);

	if (err)
		*err = e;
	return rc;
}
