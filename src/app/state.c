/*
 * watviz's state directory: paths under it and whole-file replacement.
 * Plain file I/O, no terminal; see watviz/state.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/state.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
