/*
 * The loops the benchmarks measure watviz's core against.  They live here,
 * not in the core: they are yardsticks, not production code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_BENCH_BASELINE_H
#define WATVIZ_BENCH_BASELINE_H

#include <stddef.h>

/* strlen one byte at a time. */
size_t bench_byte_strlen(const char *s);

/* strnlen one byte at a time. */
size_t bench_byte_strnlen(const char *s, size_t maxlen);

/*
 * strlen the way musl does it (written here from that description): bytes
 * until s is word-aligned, then the cheap test on each aligned word until one
 * holds a zero, then bytes again to find where in that word the zero is.
 */
size_t bench_musl_strlen(const char *s);

/* Bytes before the first '/' or NUL, one byte at a time. */
size_t bench_byte_component_len(const char *s);

/*
 * The same walk, hashing byte by byte with the kernel's old per-byte step
 * (include/linux/stringhash.h, partial_name_hash):
 *     h = (h + (c << 4) + (c >> 4)) * 11
 * This is what fs/namei.c did before hash_name went a word at a time (v3.5).
 */
size_t bench_byte_component_hash(const char *s, unsigned long long *hash);

/*
 * The whole path in one call, byte by byte, as wv_path_hash walks it a word
 * at a time: skip slashes, hash (as above) and measure one component, step
 * over it; the same out[] and return value (watviz/str.h).
 */
struct wv_component;
size_t bench_byte_path_hash(const char *path, struct wv_component *out, size_t max);

#endif /* WATVIZ_BENCH_BASELINE_H */
