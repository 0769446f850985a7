/*
 * watviz/dl.h - an optional shared library, loaded when it is first used.
 *
 * Z3 (src/prove/z3.c) and the class server's libmicrohttpd and libqrencode
 * (src/front/class/) are large: linked in, the dynamic loader mapped and
 * relocated them, with libstdc++ and GnuTLS, at every start of watviz,
 * about 12 ms of CPU a start (docs/PERFORMANCE.md), for the few runs that
 * prove a formula or serve a class.  They are opened with dlopen() by the
 * one file that uses each, when it is first needed; a library that cannot
 * be loaded is reported as what is missing and how to install it, and the
 * caller goes on without it (--try enumerates, --class refuses).
 *
 *	static const char *const names[] = { "Z3_mk_config", "Z3_mk_context" };
 *	static void *fn[2];
 *	static struct wv_dl z3 = { "libz3.so.4", "libz3-4", names, fn, 2 };
 *
 *	if (wv_dl_load(&z3) < 0)
 *		fprintf(stderr, "%s\n", z3.err);	(what, and how to install it)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_DL_H
#define WATVIZ_DL_H

#include <stdbool.h>
#include <stddef.h>

#define WV_DL_ERR_MAX 400

struct wv_dl {
	const char *file;	/* the soname: "libz3.so.4" */
	const char *package;	/* the Debian package that has it: "libz3-4";
				   "" when the build did not know */
	const char *const *names;	/* the functions used, n of them */
	void **fn;		/* filled: fn[i] is names[i]'s address */
	size_t n;
	/* the rest is wv_dl_load's */
	int state;		/* 0 not tried, 1 loaded, -1 failed */
	char err[WV_DL_ERR_MAX];	/* why it failed, with the fix */
};

/*
 * Load d's library and every function it names, once (the first call
 * decides; later calls, from any thread, return the same).  0 when all
 * are there; -1 with d->err saying what could not be loaded and how to
 * install it ("libz3.so.4 could not be loaded (...): install the package
 * libz3-4").  The library stays loaded until the program ends.
 * WATVIZ_DL_HIDE=libz3.so.4 (a comma-separated list; "libz3" names it
 * too) makes the load of that file fail as if it were missing: for the
 * tests of that message.
 */
int wv_dl_load(struct wv_dl *d);

#endif /* WATVIZ_DL_H */
