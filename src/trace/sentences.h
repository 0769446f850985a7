/*
 * The sentences about which kernel runs which path, private to src/trace/
 * (the public ones are in trace/trace.h): hash_name and
 * CONFIG_DCACHE_WORD_ACCESS, the page edge, false positives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRACE_SENTENCES_H
#define WATVIZ_TRACE_SENTENCES_H

#include "build.h"

/*
 * What the load of the current word has to do with the page edge, as a
 * sentence starting with a space ("" without a page edge).
 */
const char *tr_edge_sentence(const struct builder *b, char *buf, size_t size);

/* The cheap flags f of x against the exact ones, fp the false positives
   among them (none too): drawn wherever the cheap test fired. */
void tr_note_false_pos(struct builder *b, const char *xl, uint64_t x,
		       uint64_t f, unsigned fp);

#endif
