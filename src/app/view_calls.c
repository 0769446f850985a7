/*
 * The kernel calls on the current word: the function line with the step
 * counter (wv_view_function), the pipeline strip of every call and its
 * result (wv_view_pipeline) and the calls table with what each call does
 * (wv_view_calls), results shown as '?' while a question would be answered
 * by them.
 *
 * Calls only the frame model (render/screen.h) and the state and trace
 * (app/app.h): no other view file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/view.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Is step i's result hidden: while it would answer the open question, or
   one still to come on this trace?  Its sentence goes with it. */
static bool call_hidden(const struct wv_app *app, size_t i)
{
	struct wv_hide h = wv_view_hide(app);

	return wv_hide_result(&h, &app->trace, i);
}

/* A step's result as the pipeline shows it: '?' while it would answer the
   open question or one still to come. */
static void call_value(const struct wv_app *app, size_t i, char *val, size_t size)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = &t->steps[i];

	if (call_hidden(app, i))
		snprintf(val, size, "?");
	else if (st->width == 0)
		snprintf(val, size, "%" PRIu64, st->result);
	else
		snprintf(val, size, "0x%0*" PRIx64, (int)(st->width + 3) / 4, st->result);
}

int wv_view_pipeline(struct wv_frame *f, const struct wv_app *app, int y, int maxrows)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *cur = wv_trace_step_of(t, app->pos);
	int x = wv_frame_put(f, y, 0, WV_ROLE_HEADING, "Calls"), rows = 1;

	for (size_t i = 0; i < t->nsteps && maxrows > 0; i++) {
		const struct wv_step *st = &t->steps[i];
		char item[64], val[32];
		int len;

		if (st->word != cur->word)
			continue;
		/* from the question's function on, the results would answer it */
		call_value(app, i, val, sizeof(val));
		len = snprintf(item, sizeof(item), "%s %s", st->func, val);
		if (x + 3 + len > f->cols) {
			if (rows == maxrows)
				break;
			rows++;
			y++;
			x = 5;
		}
		x = wv_frame_put(f, y, x, WV_ROLE_DIM, x > 5 ? " > " : " ");
		wv_frame_printf(f, y, x, st == cur ? WV_ROLE_HEADING : WV_ROLE_KERNEL,
				"%s", st->func);
		wv_frame_printf(f, y, x + (int)strlen(st->func) + 1,
				st == cur ? WV_ROLE_RESULT : WV_ROLE_HEX, "%s", val);
		if (st == cur)
			wv_frame_focus(f, y, x, len);
		wv_frame_target(f, y, x, len, WV_TARGET_STEP | (unsigned)i);
		x += len;
	}
	return rows;
}

int wv_view_calls_need(const struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *cur = wv_trace_step_of(t, app->pos);
	int n = 0;

	for (size_t i = 0; i < t->nsteps; i++)
		n += t->steps[i].word == cur->word;
	return n + 3;
}

int wv_view_calls(struct wv_frame *f, const struct wv_app *app, int y, int ymax)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *cur = wv_trace_step_of(t, app->pos);
	int n = 0;

	for (size_t i = 0; i < t->nsteps; i++)
		n += t->steps[i].word == cur->word;
	if (ymax - y < n + 2)
		return 0;
	y = ymax - n - 2;
	wv_frame_put(f, y++, 0, WV_ROLE_HEADING, "The calls on this word");
	wv_frame_printf(f, y++, 2, WV_ROLE_DIM, "%-24s%-20s %s", "function", "result",
			"what it does");
	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];
		char val[32], text[WV_TEXT_MAX];
		int x;

		if (st->word != cur->word)
			continue;
		call_value(app, i, val, sizeof(val));
		x = wv_frame_printf(f, y, 2, st == cur ? WV_ROLE_HEADING : WV_ROLE_KERNEL,
				    "%-24s", st->func);
		x = wv_frame_printf(f, y, x, st == cur ? WV_ROLE_RESULT : WV_ROLE_HEX,
				    "%-20s", val);
		/* what it does, never the values of this word; nothing while
		   its result is hidden (the sentence says it in words) */
		if (call_hidden(app, i))
			snprintf(text, sizeof(text), "?");
		else
			snprintf(text, sizeof(text), "%.*s", (int)st->general, st->text);
		wv_frame_fit(f, y, x + 1, f->cols - x - 1, WV_ROLE_DIM, text);
		if (st == cur)
			wv_frame_focus(f, y, 2, 24);
		wv_frame_target(f, y, 2, 24, WV_TARGET_STEP | (unsigned)i);
		y++;
	}
	return n + 2;
}

/* The one step counter ("step 2/6  sub-step 4/15") into where; its length. */
static int step_counter(const struct wv_app *app, char *where, size_t size)
{
	const struct wv_trace *t = &app->trace;

	return snprintf(where, size, "step %zu/%zu  sub-step %zu/%zu",
			t->subs[app->pos].step + 1, t->nsteps, app->pos + 1, t->nsubs);
}

int wv_view_function(struct wv_frame *f, const struct wv_app *app, int y)
{
	return wv_view_function_at(f, app, y, 0);
}

int wv_view_function_width(const struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	char where[64];

	/* "name()", a blank, the counter */
	return (int)strlen(t->steps[t->subs[app->pos].step].func) + 2 + 1 +
	       step_counter(app, where, sizeof(where));
}

int wv_view_function_at(struct wv_frame *f, const struct wv_app *app, int y, int x)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	const struct wv_step *st = &t->steps[sub->step];
	char where[64];
	int used;

	/* the one step counter, always shown; the file where there is room */
	used = step_counter(app, where, sizeof(where));
	x = wv_frame_printf(f, y, x, WV_ROLE_KERNEL, "%s()", st->func);
	wv_frame_put(f, y, f->cols - used, WV_ROLE_HEADING, where);
	int room = f->cols - used - 2 - x - 4;

	if (room >= 8 && (int)strlen(st->file) <= room) {
		wv_frame_printf(f, y, x, WV_ROLE_DIM, " in %s", st->file);
		return 1;
	}
	/* short of room: the directories left out, never a name cut
	   ("in .../asm/word-at-a-time.h", at least the file's own name),
	   or no file at all (issue 47) */
	for (const char *tail = strchr(st->file, '/'); tail; tail = strchr(tail + 1, '/'))
		if (4 + 1 + (int)strlen(tail) <= room) {
			x = wv_frame_put(f, y, x, WV_ROLE_DIM, " in ");
			x = wv_frame_put(f, y, x, WV_ROLE_DIM, WV_CUT_UTF8);
			wv_frame_put(f, y, x, WV_ROLE_DIM, tail);
			break;
		}
	return 1;
}
