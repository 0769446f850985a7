/*
 * trace/stepname.h - names for the steps and sub-steps of a trace, as
 * --step, --list-steps and the markers of a cast write them.
 *
 * A step is named by its kind as JSON names it ("has_zero",
 * "create_zero_mask", ...); when the trace has that kind on more than one
 * word (a string longer than a word), "@ADDR" adds the memory address of
 * the step's word: "has_zero@0", "has_zero@8".  A sub-step is its step's
 * name, ':' and its number within the step from 1, as the plain text
 * numbers it ("2.3" there is "has_zero:3" here).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_STEPNAME_H
#define WATVIZ_STEPNAME_H

#include <stddef.h>

#include "trace/trace.h"

/* The name of step s (< t->nsteps) into buf (always terminated).
   "ab\0cd" on x86-64: step 1 is "has_zero". */
void wv_step_name(const struct wv_trace *t, size_t s, char *buf, size_t size);

/*
 * The sub-step spec names, "NAME:K" (or "NAME" for NAME:1), as the index
 * into t->subs in *sub.  Returns 0, or -1 with one line in err saying what
 * was wrong and listing the names that would do.
 *   wv_step_find(&t, "has_zero:3", &k, err, sizeof(err)) == 0, k == 3 on
 *   "ab\0cd" (load has one sub-step, has_zero starts at 1).
 */
int wv_step_find(const struct wv_trace *t, const char *spec, size_t *sub,
		 char *err, size_t size);

/*
 * wv_step_find, its message naming spec as the user typed it there: how is
 * "--step" on the command line, ":step" in the visualizer ("--step" adds
 * that --list-steps lists the names, which only the command line has);
 * "step=" in a page link, whose message leaves the field to the caller to
 * name and writes its examples as the link does ("as in step=has_zero:5").
 *   wv_step_find_as(&t, "has_zero:9", ":step", &k, err, sizeof(err)) == -1,
 *   err ":step has_zero:9: has_zero has 5 sub-steps, 1 to 5; ...".
 */
int wv_step_find_as(const struct wv_trace *t, const char *spec, const char *how,
		    size_t *sub, char *err, size_t size);

#endif /* WATVIZ_STEPNAME_H */
