/*
 * watviz/state.h for the web page, which keeps no files: there is no state
 * folder (wv_state_path fails, so lessons start without a progress file and
 * :json is refused), and everything that would open, lock or replace a file
 * says so with -ENOSYS.  src/app/state.c needs what WASI lacks (users,
 * umask, mkstemp, flock, symbolic links); this file takes its place in the
 * web build only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/state.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int wv_state_path(const char *xdg_state_home, const char *home,
		  const char *name, char *buf, size_t size)
{
	(void)xdg_state_home;
	(void)home;
	(void)name;
	if (size)
		buf[0] = '\0';
	return -1;
}

int wv_state_mkdirs(const char *path)
{
	(void)path;
	return -ENOSYS;
}

int wv_state_regular(int fd, struct stat *st)
{
	(void)fd;
	(void)st;
	return -ENOSYS;
}

const char *wv_state_strerror(int rc)
{
	if (rc == -ENOSYS || rc == ENOSYS)
		return "the web page writes no files (use the terminal program)";
	return strerror(rc < 0 ? -rc : rc);
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

int wv_state_replace(const char *path, int flags,
		     int (*fill)(FILE *f, void *ctx), void *ctx)
{
	(void)path;
	(void)flags;
	(void)fill;
	(void)ctx;
	return -ENOSYS;
}

int wv_state_lock(const char *path)
{
	(void)path;
	return -ENOSYS;
}

void wv_state_unlock(int fd)
{
	(void)fd;
}
