/*
 * One function per kernel call, private to src/trace/, each adding the
 * current word's step for that call to the trace: load.c, has_zero.c,
 * prep.c, create.c, find.c and bytemask.c implement them, in the order the
 * kernel calls them, and trace.c's wv_trace_build calls them word by word.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRACE_STEPS_H
#define WATVIZ_TRACE_STEPS_H

#include "build.h"

void tr_do_load(struct builder *b, bool delim);

/*
 * load_unaligned_zeropad's exception fixup for a word that crossed the page
 * edge: the aligned reload, the shift, the result, checked against the core.
 */
void tr_do_zeropad(struct builder *b);

void tr_do_prestart(struct builder *b);

void tr_do_has_zero(struct builder *b, bool last);

void tr_do_delim_has_zero(struct builder *b);

void tr_do_prep(struct builder *b);

void tr_do_create(struct builder *b);

void tr_do_find(struct builder *b);

void tr_do_zbm(struct builder *b);

#endif
