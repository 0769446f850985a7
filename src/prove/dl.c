/*
 * Optional shared libraries loaded on first use (prove/dl.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/dl.h"

#include <stdio.h>
#include <string.h>

#ifdef __wasi__

int wv_dl_load(struct wv_dl *d)	/* the page links nothing at run time */
{
	snprintf(d->err, sizeof(d->err), "%s cannot be loaded in the page", d->file);
	return -1;
}

#else

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Is file in WATVIZ_DL_HIDE's comma-separated list (as libz3.so.4, or
   its name before ".so": libz3)? */
static bool hidden(const char *file)
{
	const char *s = getenv("WATVIZ_DL_HIDE");
	const char *so = strstr(file, ".so");
	size_t len = strlen(file), stem = so ? (size_t)(so - file) : len;

	while (s && *s) {
		const char *end = strchr(s, ',');
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if ((n == len || n == stem) && memcmp(s, file, n) == 0)
			return true;
		s = end ? end + 1 : NULL;
	}
	return false;
}

/* d->err: what failed (why), then how to get the library */
static void say(struct wv_dl *d, const char *why)
{
	if (d->package[0])
		snprintf(d->err, sizeof(d->err), "%s could not be loaded (%s): install the "
			 "package %s", d->file, why, d->package);
	else
		snprintf(d->err, sizeof(d->err), "%s could not be loaded (%s): install the "
			 "library that provides it", d->file, why);
}

static int load(struct wv_dl *d)
{
	const char *why;
	void *h;

	if (hidden(d->file)) {
		say(d, "hidden by WATVIZ_DL_HIDE");
		return -1;
	}
	h = dlopen(d->file, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		why = dlerror();
		say(d, why ? why : "not found");
		return -1;
	}
	for (size_t i = 0; i < d->n; i++) {
		dlerror();
		d->fn[i] = dlsym(h, d->names[i]);
		if (!d->fn[i]) {
			char msg[200];

			/* too old a version: the function is not there */
			snprintf(msg, sizeof(msg), "it has no %s", d->names[i]);
			say(d, msg);
			dlclose(h);
			memset(d->fn, 0, d->n * sizeof(*d->fn));
			return -1;
		}
	}
	return 0;
}

int wv_dl_load(struct wv_dl *d)
{
	int state;

	pthread_mutex_lock(&lock);
	if (d->state == 0)
		d->state = load(d) == 0 ? 1 : -1;
	state = d->state;
	pthread_mutex_unlock(&lock);
	return state > 0 ? 0 : -1;
}

#endif
