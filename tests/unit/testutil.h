/*
 * Shared helpers for the unit tests: cmocka, and the independent byte loops
 * that expected values come from.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TESTUTIL_H
#define WATVIZ_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <dirent.h>
#include <ftw.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "app/app.h"
#include "app/cmdline.h"
#include "watviz/wat.h"

/*
 * A ':' command line for app, parsed and run as the session runs one
 * (src/session/session.c): a line that does not parse leaves its message.
 */
static inline int app_command(struct wv_app *app, const char *line,
			      int (*write_json)(const struct wv_trace *t, const char *path))
{
	static struct wv_cmd cmd;	/* 16 KiB: kept off the stack */
	char err[WV_APP_MSG_MAX];

	if (wv_cmd_parse(line, &cmd, err, sizeof(err)) < 0) {
		wv_app_msg(app, true, "%s", err);
		return WV_REACT_REDRAW;
	}
	return wv_app_command(app, &cmd, write_json);
}

/*
 * The byte loop: index of the first byte at or after start that is 0 or (when
 * delim >= 0) delim; len when there is none.
 */
static inline size_t ref_find(const uint8_t *mem, size_t len, size_t start,
			      int delim)
{
	size_t i;

	for (i = start; i < len; i++)
		if (mem[i] == 0 || (delim >= 0 && mem[i] == delim))
			break;
	return i;
}

/*
 * What zero_bytemask must be for a first zero at memory index k, built byte
 * by byte: 0xff in the register bytes of memory bytes 0..k-1 (alpha keeps
 * bit 0 of byte k as well).
 */
static inline uint64_t expect_zbm(const struct wv_variant *v, unsigned k)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < k; i++)
		m |= UINT64_C(0xff) << (v->endian == WV_LITTLE ? 8 * i : v->bits - 8 - 8 * i);
	if (v->zbm_kind == WV_ZBM_ALPHA)
		m |= UINT64_C(1) << (8 * k);
	return m;
}

/* The variant named name; fails the test when it does not exist. */
static inline const struct wv_variant *variant(const char *name)
{
	const struct wv_variant *v = wv_wat_find(name);

	assert_non_null(v);
	return v;
}

/* A small, fast, seeded generator (xorshift64*), so failures reproduce. */
static inline uint64_t rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

/* The file at path into buf (NUL-terminated); returns its length. */
static inline size_t slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n;
}

/* The entries of folder dir, "." and ".." left out. */
static inline int count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static inline int rm_entry(const char *p, const struct stat *st, int type,
			   struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(p);
}

/* rm -rf dir */
static inline void rm_tree(const char *dir)
{
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * A disk that fills up after 100 bytes: from disk_full() until
 * disk_room(&old), a write past 100 bytes of a file fails with EFBIG
 * (SIGXFSZ ignored), as on a full disk.
 */
static inline void disk_full(struct rlimit *old)
{
	struct rlimit tiny;

	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, old), 0);
	tiny = *old;
	tiny.rlim_cur = 100;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &tiny), 0);
}

static inline void disk_room(const struct rlimit *old)
{
	assert_int_equal(setrlimit(RLIMIT_FSIZE, old), 0);
	signal(SIGXFSZ, SIG_DFL);
}

/* Non-zero when the environment asks for the shorter sanitizer-build run. */
static inline int quick_mode(void)
{
	const char *q = getenv("WATVIZ_QUICK");

	return q && *q && *q != '0';
}

#endif /* WATVIZ_TESTUTIL_H */
