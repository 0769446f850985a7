/*
 * prove/dl.h - an optional shared library, loaded when it is first used.
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
 *	#define Z3_FUNCS(X) X(Z3_mk_config) X(Z3_mk_context)
 *	WV_DL_TABLE(z3_lib, Z3_FUNCS, "libz3.so.4", "libz3-4");
 *	#define Z3(f) WV_DL_FN(z3_lib, Z3_##f)
 *
 *	if (wv_dl_load(&z3_lib) < 0)
 *		fprintf(stderr, "%s\n", z3_lib.err);	(what, and how to install it)
 *	else
 *		cfg = Z3(mk_config)();
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
 * The table of one library in the one file that uses it: FUNCS(X) names
 * each function used once, X(f); WV_DL_TABLE defines the static struct
 * wv_dl var (file: its soname, package: what installs it), and
 * WV_DL_FN(var, f) is f through the address the load found, with f's own
 * type from the library's header (after wv_dl_load(&var) returned 0).
 */
#define WV_DL_INDEX_(f) WV_DL_I_##f,
#define WV_DL_NAME_(f) #f,
#define WV_DL_TABLE(var, FUNCS, file_, package_)					\
	enum { FUNCS(WV_DL_INDEX_) WV_DL_N_##var };					\
	static const char *const var##_names[] = { FUNCS(WV_DL_NAME_) };		\
	static void *var##_fn[WV_DL_N_##var];						\
	static struct wv_dl var = { .file = file_, .package = package_,		\
				    .names = var##_names, .fn = var##_fn,		\
				    .n = WV_DL_N_##var }
#define WV_DL_FN(var, f) ((__typeof__(&f))var##_fn[WV_DL_I_##f])

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
