/*
 * What the session writes for a front-end with files (session/session.h):
 * :json's file, and what a terminal that cannot draw shows instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <stdint.h>
#include <stdio.h>

#include "app/state.h"
#include "render/handout.h"
#include "render/json.h"
#include "render/plain.h"

static int json_fill(FILE *f, void *ctx)
{
	return wv_json_write(f, ctx);
}

int wv_session_json_file(const struct wv_trace *t, const char *path)
{
	return wv_state_replace(path, 0, json_fill, (void *)(uintptr_t)t);
}

int wv_session_plain(const struct wv_session *s, FILE *out)
{
	const struct wv_ui_opts *opts = s->opts;

	if (s->lesson) {	/* the lesson as its handout */
		struct wv_handout_opts ho = {
			.number = opts->lesson_number, .variant = opts->variant,
			.color = wv_plain_want_color(out, opts->color) };

		return wv_handout_render(out, opts->lesson, &ho) < 0 ? -1 : 0;
	}
	/* the same trace as plain text */
	struct wv_plain_opts po = { .color = wv_plain_want_color(out, opts->color),
				    .word_src = opts->word_src };

	return wv_plain_render(out, &s->app.trace, &po) < 0 ? -1 : 0;
}
