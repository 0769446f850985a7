/*
 * watviz/str.h - production string routines, a word at a time.
 *
 * They use the host's natural variant (on a little-endian host the cheap test
 * plus __ffs, as x86-64 since v6.11; on a big-endian host the cheap test in the
 * loop and the exact mask after it) through the same formulas the variant
 * table uses (watviz/wordops.h).
 *
 * Each reads only whole aligned 8-byte words, from the one holding the first
 * byte to the one holding the terminator (or the last byte the limit allows).
 * An aligned word never straddles a page, so no read reaches a page the string
 * does not touch.  Under AddressSanitizer the word reads are not instrumented
 * (they deliberately touch bytes around the string, as the kernel's
 * read_word_at_a_time does) and instead the bytes the string really occupies
 * are checked explicitly, so a read past a real buffer is still reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_STR_H
#define WATVIZ_STR_H

#include <stddef.h>

/*
 * Length of the NUL-terminated string s, as strlen(3): the fastest correct
 * form, four aligned words per loop step, each tested before the next is
 * read.  wv_strlen("ab") == 2.
 */
size_t wv_strlen(const char *s);

/* The same length with one word per loop step: the loop the lessons show. */
size_t wv_strlen_simple(const char *s);

/*
 * Length of s, but at most maxlen, as strnlen(3): s need not be terminated
 * within maxlen bytes, and no byte past s + maxlen is looked at (bytes of the
 * last aligned word beyond the limit are read but forced to 0xff).
 */
size_t wv_strnlen(const char *s, size_t maxlen);

/*
 * Length of the path component at s: bytes before the first '/' or NUL, as
 * hash_name in fs/namei.c measures it.  wv_component_len("usr/bin") == 3.
 */
size_t wv_component_len(const char *s);

/*
 * The same walk as wv_component_len, also hashing the component one word at
 * a time (the bytes after the terminator masked off with zero_bytemask, as
 * hash_name does).  The hash is watviz's own mix, not the kernel's, and it
 * mixes the aligned words the component touches (the bytes outside it
 * zeroed), so the same name hashes differently at another address modulo 8:
 * a checksum of the walk, not a dcache key (the kernel's loads start at the
 * name, so its hash does not depend on where the name sits).
 * Returns the length; *hash receives the hash.
 */
size_t wv_component_hash(const char *s, unsigned long long *hash);

/* One component of a path, as wv_path_hash finds it. */
struct wv_component {
	size_t start;		/* offset of its first byte in the path */
	size_t len;		/* its length, as wv_component_len gives it */
	unsigned long long hash;	/* as wv_component_hash gives it */
};

/*
 * The whole path in one call, as link_path_walk in fs/namei.c walks it:
 * every component, its length and hash, the slashes between them skipped.
 * One pass over the path's aligned words: each is loaded once, its '/' and
 * NUL bytes found with the exact test, the components hashed as the words go
 * by (the same hash as wv_component_hash), never going back to a
 * component's start.  Fills out[0..] with at most max components (writing
 * nothing past out[max - 1]) and returns how many; fewer than max means the
 * path ended.
 *   wv_path_hash("/usr//bin", out, 8) == 2: {1, 3, ...}, {6, 3, ...}
 */
size_t wv_path_hash(const char *path, struct wv_component *out, size_t max);

/*
 * The compiled forms of the three routines whose speed the bench holds them
 * to (on x86-64 a baseline one and one with BMI1; elsewhere one), for the
 * tests, which check every form.  *forms receives the table; returns how many
 * of its forms this CPU can run (the first is the baseline one; the public
 * names run the last of them).
 */
struct wv_str_form {
	const char *isa;	/* "x86-64", "x86-64+bmi1", "baseline" */
	size_t (*strlen)(const char *s);
	size_t (*strnlen)(const char *s, size_t maxlen);
	size_t (*path_hash)(const char *path, struct wv_component *out, size_t max);
};
size_t wv_str_forms(const struct wv_str_form **forms);

/* Other forms of the one-word loop, for the benchmarks. */
size_t wv_strlen_mul(const char *s);	/* create mask + multiply (x86-64 to v6.10) */
size_t wv_strlen_unroll2(const char *s);	/* two words per loop step */

#endif /* WATVIZ_STR_H */
