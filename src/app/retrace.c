/*
 * Tracing the app's word again after its input changed (the variant, the
 * start, the fill, the delimiter, the split's partner), keeping the place
 * on screen: the same kernel call, operation and word where the new trace
 * has them.  Split from app.c, which calls it through retrace.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "retrace.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "watviz/wat.h"

/* Index of v in the variant table. */
size_t app_variant_index(const struct wv_variant *v)
{
	for (size_t i = 0; i < wv_wat_count(); i++)
		if (wv_wat_at(i) == v)
			return i;
	return 0;
}

struct wv_place app_place_of(const struct wv_trace *t, size_t pos)
{
	const struct wv_step *s = wv_trace_step_of(t, pos);
	struct wv_place p = { .kind = s->kind, .address = t->words[s->word].address,
			   .sub = pos - s->first, .nsub = s->nsub };

	p.means = wv_trace_sub_means(t, pos, &p.nth);
	return p;
}

/*
 * In step st of t, the sub-step that stands where p stood: the one of the
 * same meaning (wv_trace_sub_means), as often before, or the first of
 * that meaning; none, as far into the step.
 */
static size_t within(const struct wv_trace *t, const struct wv_step *st,
		     struct wv_place p)
{
	size_t first = t->nsubs;

	for (size_t k = st->first; k < st->first + st->nsub; k++) {
		unsigned nth;

		if (wv_trace_sub_means(t, k, &nth) != p.means)
			continue;
		if (nth == p.nth)
			return k;
		if (first == t->nsubs)
			first = k;
	}
	if (first < t->nsubs)
		return first;
	return st->first + (p.nsub > 1 ? p.sub * (st->nsub - 1) / (p.nsub - 1) : 0);
}

/* The sub-step of t closest to p. */
size_t app_find_place(const struct wv_trace *t, struct wv_place p)
{
	size_t w = p.address / t->word_bytes, k;

	if (w >= t->nwords)
		w = t->nwords - 1;
	k = wv_trace_find(t, p.kind, w);
	if (k >= t->nsubs)	/* the scan stops earlier now: its last word */
		k = wv_trace_find(t, p.kind, t->nwords - 1);
	if (k < t->nsubs)
		return within(t, wv_trace_step_of(t, k), p);
	/* e.g. no pre-start step any more: its word's load */
	k = wv_trace_find(t, WV_STEP_LOAD, w);
	return k < t->nsubs ? k : t->nsubs - 1;
}

/*
 * The current memory traced on v (wv_trace_in_split) into app->split.
 * Returns 0, or -1 with why (always terminated) saying what keeps v from
 * drawing it (app->split is then as it was).
 */
int app_retrace_split(struct wv_app *app, const struct wv_variant *v,
		      char *why, size_t size)
{
	struct wv_trace_in in;
	struct wv_trace t;
	int rc;

	if (wv_trace_in_split(&in, &app->trace.in, v, why, size) < 0)
		return -1;
	rc = wv_trace_build(&t, &in);
	if (rc < 0) {
		snprintf(why, size, "cannot trace this word on it: %s",
			 strerror(-rc));
		return -1;
	}
	if (app->split_v)
		wv_trace_free(&app->split);
	app->split = t;
	app->split_v = v;
	return 0;
}

/*
 * Trace the current word with variant v, offset, fill and delim; on success
 * make them current, keeping the place.  Returns 0; 1 when the split view
 * had to close (app->msg says why: a caller's own note must not hide it);
 * -1 on failure: nothing changes and app->msg says why.
 */
int app_rebuild_at(struct wv_app *app, const struct wv_variant *v,
		   size_t offset, uint8_t fill, int delim, bool keep,
		   const struct wv_place *at)
{
	struct wv_trace_in in = { .v = v, .word = app->word,
				  .word_len = app->word_len, .offset = offset,
				  .fill = fill, .delim = delim,
				  .page_end = app->page_end };
	struct wv_trace t;
	struct wv_place p = { 0 };
	char why[WV_APP_MSG_MAX];
	int rc, n, closed = 0;

	/* a page edge the string now reaches (a longer word, a later start)
	   or that is off the word grid no longer fits: take it away */
	if (in.page_end && (offset + app->word_len + 1 > in.page_end ||
			    in.page_end % wv_wat_bytes(v) != 0))
		in.page_end = 0;
	rc = wv_trace_build(&t, &in);
	if (rc < 0) {
		if (rc == -EINVAL && offset >= wv_wat_bytes(v))
			wv_app_msg(app, true, "offset must be 0..%u for %s",
				   wv_wat_bytes(v) - 1, v->name);
		else
			wv_app_msg(app, true, "cannot trace this word: %s",
				   strerror(-rc));
		return -1;
	}
	n = wv_trace_compare(&in, app->cmp);
	if (keep && at)
		p = *at;
	else if (keep && app->trace.nsubs)
		p = app_place_of(&app->trace, app->pos);
	wv_trace_free(&app->trace);
	app->trace = t;
	wv_app_drop_try(app);
	app->ncmp = n > 0 ? (size_t)n : 0;
	app->v = v;
	app->offset = offset;
	app->fill = fill;
	app->delim = delim;
	if (app->page_end && !in.page_end)
		wv_app_msg(app, false, "the string now reaches the page edge at %zu: "
			   "edge removed", app->page_end);
	app->page_end = in.page_end;
	app->pos = keep ? app_find_place(&app->trace, p) : 0;
	if (app->split_v && app_retrace_split(app, app->split_v, why,
					      sizeof(why)) < 0) {
		wv_app_msg(app, true, "split view with %s closed: %s",
			   app->split_v->name, why);
		wv_trace_free(&app->split);
		app->split_v = NULL;
		closed = 1;
	}
	if (app->cursor >= app->trace.img.len)	/* the image got shorter */
		app->cursor = app->trace.img.len - 1;
	if (app->bit >= v->bits)		/* a narrower variant */
		app->bit = v->bits - 1;
	return closed;
}

int app_rebuild(struct wv_app *app, const struct wv_variant *v,
		size_t offset, uint8_t fill, int delim, bool keep)
{
	return app_rebuild_at(app, v, offset, fill, delim, keep, NULL);
}

int wv_app_rebuild(struct wv_app *app)
{
	return app_rebuild(app, app->v, app->offset, app->fill, app->delim, true) < 0
	       ? -1 : 0;
}
