/*
 * app/state.h for the web page: the state files (lesson progress, the
 * ':' history) are named blobs in the browser's storage, which the page
 * lends the module through two imports (src/front/web/core.js); the native twin of
 * the page (tests/web/driver.c) has none, as a page without storage has
 * none, and then there is no state folder (wv_state_path fails: lessons
 * start without progress).  Files proper (:json, --record) are refused
 * with -ENOSYS.  src/app/state.c needs what WASI lacks (users, umask,
 * mkstemp, flock, symbolic links); this file takes its place in the web
 * build only.  The page is one thread, so the lock is nothing to take.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/state.h"

#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the imports return besides a length or 0. */
#define STORE_ABSENT (-1)	/* get: no blob of that name; put: full */
#define STORE_NONE (-2)		/* no storage at all, or it failed */

#ifdef __wasm__
/* The blob name's length in bytes, copied into buf when it fits in cap. */
__attribute__((import_module("watviz"), import_name("store_get")))
int wv_store_get(const char *name, char *buf, size_t cap);
/* Replace the blob name with len bytes at data: 0, STORE_ABSENT when the
   storage is full (the old blob stays), STORE_NONE on any other failure. */
__attribute__((import_module("watviz"), import_name("store_put")))
int wv_store_put(const char *name, const char *data, size_t len);
#else
static int wv_store_get(const char *name, char *buf, size_t cap)
{
	(void)name;
	(void)buf;
	(void)cap;
	return STORE_NONE;
}

static int wv_store_put(const char *name, const char *data, size_t len)
{
	(void)name;
	(void)data;
	(void)len;
	return STORE_NONE;
}
#endif

int wv_state_path(const char *xdg_state_home, const char *home,
		  const char *name, char *buf, size_t size)
{
	(void)xdg_state_home;
	(void)home;
	if (size)
		buf[0] = '\0';
	if (wv_store_get(name, NULL, 0) == STORE_NONE)
		return -1;
	return snprintf(buf, size, "%s", name) >= (int)size ? -1 : 0;
}

int wv_state_mkdirs(const char *path)
{
	(void)path;
	return 0;
}

int wv_state_regular(int fd, struct stat *st)
{
	(void)fd;
	(void)st;
	return -ENOSYS;
}

int wv_state_read(const char *path, size_t max, char **text, size_t *len)
{
	int n = wv_store_get(path, NULL, 0);
	char *buf;

	*text = NULL;
	*len = 0;
	if (n == STORE_ABSENT)
		return -ENOENT;
	if (n < 0)
		return -EIO;
	if ((size_t)n > max)
		return -EFBIG;
	if (!(buf = malloc((size_t)n + 1)))
		return -ENOMEM;
	if (wv_store_get(path, buf, (size_t)n) != n) {
		free(buf);
		return -EIO;
	}
	buf[n] = '\0';
	*text = buf;
	*len = (size_t)n;
	return 0;
}

const char *wv_state_strerror(int rc)
{
	if (rc == -ENOSYS || rc == ENOSYS)
		return "the web page writes no files (use the terminal program)";
	if (rc == -ENOSPC || rc == ENOSPC)
		return "the browser's storage for this page is full (what is not "
		       "saved lasts until the page is closed)";
	return strerror(rc < 0 ? -rc : rc);
}

/* The page's state files are blobs in the browser's storage: no folder,
   lock or permission of theirs can be at fault, and their names are no
   file a reader could open: the reason alone. */
const char *wv_state_explain(const char *path, int rc, char *buf, size_t size)
{
	(void)path;
	snprintf(buf, size, "%s", wv_state_strerror(rc));
	return buf;
}

int wv_file_open(struct wv_file *w, const char *path, int flags)
{
	(void)path;
	(void)flags;
	w->f = NULL;
	w->path[0] = w->tmp[0] = '\0';
	return -ENOSYS;
}

int wv_file_close(struct wv_file *w, int rc)
{
	(void)w;
	return rc < 0 ? rc : -ENOSYS;
}

int wv_file_error(FILE *f)
{
	return fflush(f) == 0 && !ferror(f) ? 0 : -EIO;
}

/* Put len bytes at data as the blob name: 0 or -ENOSPC, -EIO. */
static int put(const char *name, const char *data, size_t len)
{
	int rc = wv_store_put(name, data, len);

	return rc == 0 ? 0 : rc == STORE_ABSENT ? -ENOSPC : -EIO;
}

/* The blob is written whole or not at all: fill() writes into memory,
   and the storage takes all of it or keeps the old blob. */
int wv_state_replace(const char *path, int flags,
		     int (*fill)(FILE *f, void *ctx), void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	(void)flags;
	if (!f)
		return -ENOMEM;
	rc = fill(f, ctx);
	if (fclose(f) != 0 && rc == 0)
		rc = -ENOMEM;
	if (rc == 0)
		rc = put(path, buf, len);
	free(buf);
	return rc;
}

int wv_state_lock(const char *path)
{
	(void)path;
	return 0;
}

void wv_state_unlock(int fd)
{
	(void)fd;
}

int wv_store_aside(const char *name, char *kept, size_t size)
{
	char *text;
	size_t len;
	int rc = wv_state_read(name, (size_t)1 << 30, &text, &len);

	if (rc < 0)
		return rc;
	rc = -EEXIST;
	for (int i = 1; i <= 9 && rc == -EEXIST; i++) {
		char key[80];

		snprintf(key, sizeof(key), i == 1 ? "%.60s.bad" : "%.60s.bad%d", name, i);
		if (wv_store_get(key, NULL, 0) != STORE_ABSENT)
			continue;
		rc = put(key, text, len);
		if (rc == 0)
			snprintf(kept, size, "%s", key);
	}
	free(text);
	return rc < 0 ? rc : put(name, "", 0);
}
