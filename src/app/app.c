/*
 * The visualizer's state and actions: pure code over the step engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/app.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cmdline.h"
#include "prove/prove.h"
#include "app/state.h"
#include "trace/stepname.h"
#include "try/try.h"
#include "app/options.h"
#include "render/screen.h"

#include "retrace.h"

void wv_app_msg(struct wv_app *app, bool error, const char *fmt, ...)
{
	va_list ap;

	int n;

	va_start(ap, fmt);
	n = vsnprintf(app->msg, sizeof(app->msg), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(app->msg)) {
		/* past the bound: the cut is marked, never silent; the mark
		   goes after the last whole UTF-8 character that fits */
		size_t at = sizeof(app->msg) - sizeof(WV_CUT_UTF8);

		while (at > 0 && ((unsigned char)app->msg[at] & 0xc0) == 0x80)
			at--;
		memcpy(app->msg + at, WV_CUT_UTF8, sizeof(WV_CUT_UTF8));
	}
	app->msg_error = error;
}

int wv_app_init(struct wv_app *app, const uint8_t *word, size_t len,
		const char *src, const struct wv_variant *v, size_t offset,
		int fill, int delim)
{
	memset(app, 0, sizeof(*app));
	app->speed_ms = WV_SPEED_DEFAULT;
	app->hex_first = -1;
	app->mouse = true;
	app->delim = -1;
	app->last_delim = delim >= 0 ? delim : '/';
	if (len > WV_WORD_MAX) {
		wv_app_msg(app, true, "word longer than %d bytes", WV_WORD_MAX);
		return -1;
	}
	if (len)
		memcpy(app->word, word, len);
	app->word_len = len;
	snprintf(app->word_src, sizeof(app->word_src), "%s", src ? src : "");
	if (app_rebuild(app, v, offset, (uint8_t)fill, delim, false) < 0) {
		wv_app_free(app);
		return -1;
	}
	return 0;
}

void wv_app_free(struct wv_app *app)
{
	wv_app_forget_edits(app);
	free(app->undo);
	app->undo = NULL;
	wv_app_drop_try(app);
	wv_trace_free(&app->trace);
	if (app->split_v)
		wv_trace_free(&app->split);
	app->split_v = NULL;
}

int wv_app_open(struct wv_app *app, const struct wv_ui_opts *uo)
{
	if (wv_app_init(app, uo->word, uo->word_len, uo->word_src, uo->variant
			? uo->variant : wv_wat_find("x86-64"), uo->offset, uo->fill,
			uo->delim) < 0)
		return -1;
	app->present = uo->present;
	if (uo->page_end) {
		struct wv_trace_in in = app->trace.in;

		in.word = uo->word;	/* the trace's copy goes with it */
		in.page_end = uo->page_end;
		if (wv_app_set_input(app, &in, uo->word_src) < 0)
			goto out_free_app;
	}
	if (uo->split) {
		wv_app_split(app, uo->split);
		if (!app->split_v)
			goto out_free_app;
		app->msg[0] = '\0';
	}
	return 0;
out_free_app:
	wv_app_free(app);
	return -1;
}

const struct wv_variant *wv_app_split_partner(const struct wv_variant *v)
{
	/* the pair the big-endian lessons compare, in either direction */
	const char *name = v->endian == WV_LITTLE ? v->bits == 64 ? "ppc64" : "ppc32"
			 : v->bits == 64 ? "x86-64" : "x86-32";
	const struct wv_variant *p = wv_wat_find(name);

	return p && p != v ? p : v;
}

int wv_app_split(struct wv_app *app, const struct wv_variant *v)
{
	char why[WV_APP_MSG_MAX];

	if (!v) {
		if (app->split_v)
			wv_trace_free(&app->split);
		app->split_v = NULL;
		wv_app_msg(app, false, "split view off");
		return WV_REACT_REDRAW;
	}
	if (app_retrace_split(app, v, why, sizeof(why)) < 0) {
		wv_app_msg(app, true, "split %s: %s", v->name, why);
		return WV_REACT_REDRAW;
	}
	app->view = WV_VIEW_MAIN;
	wv_app_msg(app, false, "split: %s above, %s below, each in its own byte "
		   "order (M: by memory; v closes)", app->v->name, v->name);
	return WV_REACT_REDRAW;
}

int wv_app_split_layout(struct wv_app *app, bool mem)
{
	if (!app->split_v) {
		wv_app_msg(app, false, "M lays out the split view: v opens it");
		return WV_REACT_REDRAW;
	}
	app->split_mem = mem;
	if (mem)
		wv_app_msg(app, false, "split by memory: one column per memory byte; "
			   "%s's bits no longer read as its hex (M: own order)",
			   app->split_v->name);
	else
		wv_app_msg(app, false, "split: each register in its own order, its "
			   "bits reading as its hex (M: by memory)");
	return WV_REACT_REDRAW;
}

size_t wv_app_split_pos(const struct wv_app *app, bool *same)
{
	struct wv_place p = app_place_of(&app->trace, app->pos);
	size_t k = app_find_place(&app->split, p);
	struct wv_place q = app_place_of(&app->split, k);

	*same = q.kind == p.kind && q.means == p.means && q.nth == p.nth;
	return k;
}

void wv_app_drop_try(struct wv_app *app)
{
	if (app->has_try)
		wv_trace_free(&app->try_trace);
	app->has_try = false;
	if (app->view == WV_VIEW_TRY)
		app->view = WV_VIEW_MAIN;
}

static int set_variant(struct wv_app *app, const struct wv_variant *v)
{
	size_t old = app->offset, off = old % wv_wat_bytes(v);
	const struct wv_variant *from = app->v;
	size_t from_pos = app->pos;
	bool home = app->anchor_v && v == app->anchor_v;
	int rc;

	if (home)	/* a 32-bit variant on the way took the offset modulo 4 */
		off = app->anchor_offset;
	if (!app->anchor_v) {	/* every hop is placed from where a/A began */
		app->anchor = app_place_of(&app->trace, app->pos);
		app->anchor_pos = from_pos;
		app->anchor_offset = old;
	}
	rc = app_rebuild_at(app, v, off, app->fill, app->delim, true, &app->anchor);
	if (rc < 0)
		return WV_REACT_REDRAW;
	/* round the variants and back: exactly where it started */
	if (!app->anchor_v)
		app->anchor_v = from;
	else if (home && app->anchor_pos < app->trace.nsubs)
		app->pos = app->anchor_pos;
	if (rc > 0)	/* the split view closed: that is the news */
		return WV_REACT_REDRAW;
	if (off != old)
		wv_app_msg(app, false, "%s (%u-bit %s-endian, %s); offset %zu is now %zu",
			   v->name, v->bits, v->endian == WV_LITTLE ? "little" : "big",
			   v->era, old, off);
	else
		wv_app_msg(app, false, "%s (%u-bit %s-endian, %s): %s", v->name,
			   v->bits, v->endian == WV_LITTLE ? "little" : "big",
			   v->era, v->summary);
	return WV_REACT_REDRAW;
}

static int move_to(struct wv_app *app, size_t pos)
{
	if (pos == app->pos)
		return WV_REACT_BELL;
	app->pos = pos;
	return WV_REACT_REDRAW;
}

static const uint8_t fill_cycle[] = { 0x00, 0x01, 0xff, 'x' };

/*
 * The keys of the try view: stepping moves through the formula's sub-steps,
 * Esc goes back to the kernel's; anything else leaves the try view and does
 * what it does there (returns -1 for that).
 */
static int try_view_do(struct wv_app *app, enum wv_action act)
{
	const struct wv_trace *t = &app->try_trace;
	size_t last = t->nsubs ? t->nsubs - 1 : 0;

	switch (act) {
	case WV_ACT_NONE:
	case WV_ACT_REDRAW:
		return act == WV_ACT_REDRAW ? WV_REACT_CLEAR | WV_REACT_REDRAW
					    : WV_REACT_NONE;
	case WV_ACT_NEXT:
	case WV_ACT_NEXT_FUNC:
		if (app->try_pos >= last)
			return WV_REACT_BELL;
		app->try_pos++;
		return WV_REACT_REDRAW;
	case WV_ACT_PREV:
	case WV_ACT_PREV_FUNC:
		if (app->try_pos == 0)
			return WV_REACT_BELL;
		app->try_pos--;
		return WV_REACT_REDRAW;
	case WV_ACT_FIRST:
		app->try_pos = 0;
		return WV_REACT_REDRAW;
	case WV_ACT_LAST:
		app->try_pos = last;
		return WV_REACT_REDRAW;
	case WV_ACT_BACK:
		app->view = WV_VIEW_MAIN;
		app->playing = false;
		return WV_REACT_REDRAW;
	case WV_ACT_COMMAND:
	case WV_ACT_QUIT:
		return -1;		/* the try view stays under the prompt */
	default:
		app->view = WV_VIEW_MAIN;
		return -1;
	}
}

int wv_app_do(struct wv_app *app, enum wv_action act)
{
	const struct wv_trace *t = &app->trace;
	size_t nv = wv_wat_count(), nb = wv_wat_bytes(app->v);

	if (act >= WV_ACT_SCENE_NEXT)	/* lesson keys, outside a lesson */
		return WV_REACT_NONE;
	/* W shows the message whole (in the try view, the verdict when there
	   is none); the next key (it clears the message) brings the one-row
	   line back */
	if (act == WV_ACT_MESSAGE) {
		app->msg_whole = app->msg[0] != '\0' || app->view == WV_VIEW_TRY;
		return app->msg_whole ? WV_REACT_REDRAW : WV_REACT_BELL;
	}
	if (act != WV_ACT_NONE && act != WV_ACT_REDRAW)
		app->msg_whole = false;
	if (app->view == WV_VIEW_TRY) {
		int r;

		/* a key clears a command's message: the verdict shows again */
		if (act != WV_ACT_NONE && act != WV_ACT_REDRAW)
			app->msg[0] = '\0';
		r = try_view_do(app, act);
		if (r >= 0)
			return r;
	}
	if (act != WV_ACT_NONE && act != WV_ACT_REDRAW)
		app->msg[0] = '\0';
	/* a second hex digit completes the byte only right after the first */
	if (act != WV_ACT_HEX && act != WV_ACT_NONE)
		app->hex_first = -1;
	if (act != WV_ACT_PUT_CHAR)
		app->await_char = false;
	/* a/A remember where they started; any move of another kind forgets */
	if (act != WV_ACT_ARCH_NEXT && act != WV_ACT_ARCH_PREV &&
	    act != WV_ACT_NONE && act != WV_ACT_REDRAW && act != WV_ACT_HELP &&
	    act != WV_ACT_BACK && act != WV_ACT_COMPARE)
		app->anchor_v = NULL;
	switch (act) {
	case WV_ACT_NONE:
		return WV_REACT_NONE;
	case WV_ACT_NEXT:
		return move_to(app, app->pos + 1 < t->nsubs ? app->pos + 1 : app->pos);
	case WV_ACT_PREV:
		return move_to(app, app->pos ? app->pos - 1 : 0);
	case WV_ACT_NEXT_FUNC:
		return move_to(app, wv_trace_func_move(t, app->pos, 1));
	case WV_ACT_PREV_FUNC:
		return move_to(app, wv_trace_func_move(t, app->pos, -1));
	case WV_ACT_SPLIT:
		return wv_app_split(app, app->split_v ? NULL : wv_app_split_partner(app->v));
	case WV_ACT_SPLIT_COLS:
		return wv_app_split_layout(app, !app->split_mem);
	case WV_ACT_FIRST:
		return move_to(app, 0);
	case WV_ACT_LAST:
		return move_to(app, t->nsubs - 1);
	case WV_ACT_PLAY: {
		char keys[32];

		app->playing = !app->playing;
		if (app->playing && app->pos + 1 >= t->nsubs)
			app->pos = 0;
		wv_app_msg(app, false, "%s, %d ms a sub-step (%s to change)",
			   app->playing ? "playing" : "paused", app->speed_ms,
			   wv_keys_names(WV_ACT_FASTER, 0, keys, sizeof(keys)));
		return WV_REACT_REDRAW;
	}
	case WV_ACT_FASTER:
	case WV_ACT_SLOWER:
		app->speed_ms = act == WV_ACT_FASTER ? app->speed_ms * 2 / 3
						     : app->speed_ms * 3 / 2;
		if (app->speed_ms < WV_SPEED_MIN)
			app->speed_ms = WV_SPEED_MIN;
		if (app->speed_ms > WV_SPEED_MAX)
			app->speed_ms = WV_SPEED_MAX;
		wv_app_msg(app, false, "%d ms a sub-step", app->speed_ms);
		return WV_REACT_REDRAW;
	case WV_ACT_ARCH_NEXT:
		return set_variant(app, wv_wat_at((app_variant_index(app->v) + 1) % nv));
	case WV_ACT_ARCH_PREV:
		return set_variant(app, wv_wat_at((app_variant_index(app->v) + nv - 1) % nv));
	case WV_ACT_DELIM:
		if (app->delim >= 0)
			app->last_delim = app->delim;
		if (app_rebuild(app, app->v, app->offset, app->fill,
			    app->delim >= 0 ? -1 : app->last_delim, true) == 0)
			wv_app_msg(app, false, app->delim >= 0
				   ? "delimiter 0x%02x: the scan also stops there, as hash_name stops at '/'"
				   : "no delimiter: the scan stops at the NUL only", app->last_delim);
		return WV_REACT_REDRAW;
	case WV_ACT_OFFSET_UP:
	case WV_ACT_OFFSET_DOWN: {
		/* past either end of the word it wraps round, and says so */
		bool up = act == WV_ACT_OFFSET_UP;
		bool wraps = up ? app->offset + 1 == nb : app->offset == 0;
		size_t was = app->offset;

		if (app_rebuild(app, app->v, (app->offset + (up ? 1 : nb - 1)) % nb,
			    app->fill, app->delim, true) != 0)
			return WV_REACT_REDRAW;
		if (wraps)
			wv_app_msg(app, false, "offset %zu is the %s: wrapped round to "
				   "%zu (%s goes back)", was, up ? "last" : "first",
				   app->offset, up ? "O" : "o");
		else
			wv_app_msg(app, false, "string starts at offset %zu%s", app->offset,
				   !app->offset ? "" : app->delim >= 0
				   ? ": hash_name loads from there, unaligned"
				   : ": the bytes before it are forced to 0xff");
		return WV_REACT_REDRAW;
	}
	case WV_ACT_FILL: {
		size_t i = 0;

		while (i < sizeof(fill_cycle) && fill_cycle[i] != app->fill)
			i++;
		i = i < sizeof(fill_cycle) ? (i + 1) % sizeof(fill_cycle) : 0;
		if (app_rebuild(app, app->v, app->offset, fill_cycle[i], app->delim,
			    true) == 0)
			wv_app_msg(app, false, "fill byte 0x%02x", app->fill);
		return WV_REACT_REDRAW;
	}
	case WV_ACT_COMPARE:
		app->view = app->view == WV_VIEW_COMPARE ? WV_VIEW_MAIN : WV_VIEW_COMPARE;
		return WV_REACT_REDRAW;
	case WV_ACT_HELP:
		app->view = app->view == WV_VIEW_HELP ? WV_VIEW_MAIN : WV_VIEW_HELP;
		return WV_REACT_REDRAW;
	case WV_ACT_BACK:
		/* from help or compare back to the main view, the focus kept;
		   on the main view, back to stepping */
		if (app->view == WV_VIEW_MAIN)
			app->focus = WV_FOCUS_STEPS;
		app->view = WV_VIEW_MAIN;
		app->playing = false;
		return WV_REACT_REDRAW;
	case WV_ACT_COMMAND:
		app->playing = false;
		return WV_REACT_PROMPT | WV_REACT_REDRAW;
	case WV_ACT_EDIT:
		app->playing = false;
		return WV_REACT_EDIT | WV_REACT_REDRAW;
	case WV_ACT_REDRAW:
		return WV_REACT_CLEAR | WV_REACT_REDRAW;
	case WV_ACT_MESSAGE:	/* done above */
		return WV_REACT_REDRAW;
	case WV_ACT_QUIT:
		return WV_REACT_QUIT;
	case WV_ACT_BLANK:	/* the session's (src/session/session.c) */
		return WV_REACT_NONE;
	case WV_ACT_FOCUS_MEMORY:
	case WV_ACT_FOCUS_NEXT:
	case WV_ACT_UNDO:
	case WV_ACT_REDO:
	case WV_ACT_CUR_LEFT:
	case WV_ACT_CUR_RIGHT:
	case WV_ACT_CUR_UP:
	case WV_ACT_CUR_DOWN:
	case WV_ACT_HEX:
	case WV_ACT_CHAR:
	case WV_ACT_PUT_CHAR:
	case WV_ACT_BYTE_UP:
	case WV_ACT_BYTE_DOWN:
	case WV_ACT_DELETE:
	case WV_ACT_INSERT:
	case WV_ACT_FLIP:
		app->playing = false;
		return wv_app_edit(app, act);
	case WV_ACT_SCENE_NEXT:
	case WV_ACT_SCENE_PREV:
	case WV_ACT_ANSWER:
	case WV_ACT_REVEAL:
	case WV_ACT_SOURCES:
	case WV_ACT_ANOTHER:
	case WV_ACT_CLASS_REVOTE:
	case WV_ACT_CLASS_JOIN:
		break;		/* lesson keys: src/app/classroom.c, and a live
				   class's: src/session/session.c */
	}
	return WV_REACT_NONE;
}

int wv_app_tick(struct wv_app *app)
{
	if (!app->playing)
		return WV_REACT_NONE;
	if (app->pos + 1 < app->trace.nsubs)
		app->pos++;
	if (app->pos + 1 >= app->trace.nsubs) {
		app->playing = false;
		wv_app_msg(app, false, "paused at the end (r plays again from the start)");
	}
	return WV_REACT_REDRAW;
}

int wv_app_set_input(struct wv_app *app, const struct wv_trace_in *in,
		     const char *src)
{
	uint8_t old[WV_WORD_MAX];
	size_t old_len = app->word_len, old_edge;

	if (in->word_len > WV_WORD_MAX) {
		wv_app_msg(app, true, "word longer than %d bytes", WV_WORD_MAX);
		return -1;
	}
	memcpy(old, app->word, old_len);
	if (in->word_len)
		memcpy(app->word, in->word, in->word_len);
	app->word_len = in->word_len;
	old_edge = app->page_end;
	app->page_end = in->page_end;
	if (app_rebuild(app, in->v, in->offset, in->fill, in->delim, false) < 0) {
		memcpy(app->word, old, old_len);
		app->word_len = old_len;
		app->page_end = old_edge;
		return -1;
	}
	if (in->delim >= 0)
		app->last_delim = in->delim;
	snprintf(app->word_src, sizeof(app->word_src), "%s", src ? src : "");
	app->anchor_v = NULL;
	wv_app_forget_edits(app);
	return 0;
}

int wv_app_set_word_src(struct wv_app *app, const char *src)
{
	uint8_t buf[WV_WORD_MAX], old[WV_WORD_MAX];
	size_t len, old_len = app->word_len;
	struct wv_error err;
	int rc;

	if (wv_word_parse(src, buf, &len, &err) < 0) {
		wv_app_msg(app, true, "word, column %d: %s", err.col, err.msg);
		return WV_REACT_REDRAW;
	}
	memcpy(old, app->word, old_len);
	memcpy(app->word, buf, len);
	app->word_len = len;
	rc = app_rebuild(app, app->v, app->offset, app->fill, app->delim, true);
	if (rc < 0) {
		memcpy(app->word, old, old_len);
		app->word_len = old_len;
		return WV_REACT_REDRAW;
	}
	snprintf(app->word_src, sizeof(app->word_src), "%s", src);
	wv_app_forget_edits(app);
	if (rc == 0)
		wv_app_msg(app, false, "word is now %zu bytes; the string is "
			   "%zu long", len, app->trace.scan.length);
	return WV_REACT_REDRAW;
}

/*
 * :try [has_zero|exact|find_zero] EXPR: the formula checked as --try --as
 * KIND checks it (has_zero when no kind is named), on the variant shown.
 * Proven (Z3), or not refuted by the quick enumeration in a build without Z3
 * (said so), or refuted: then the smallest counterexample (or, when the
 * solver's budget of work ran out before it found the least, the one it
 * found, said so) becomes the word, at offset 0, so the kernel's own steps
 * run on it; or the solver gave up within its budget, said so with the way
 * to give it more.  The budget is counted work, not time, and the same as
 * --try's (wv_prove_work: WATVIZ_PROVE_WORK, else WV_PROVE_WORK).  Either way the try view
 * then draws the formula itself, operator by operator, on the word the
 * kernel loaded at the current step (the counterexample when refuted); Esc
 * goes back to the kernel's steps.
 */
int wv_app_try_parse(const struct wv_variant *v, const char *src, struct wv_try *t,
		     struct wv_error *e)
{
	static const enum wv_try_as kinds[] = { WV_AS_HAS_ZERO, WV_AS_EXACT,
						WV_AS_FIND_ZERO };
	enum wv_try_as as = WV_AS_HAS_ZERO;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		const char *name = wv_try_as_name(kinds[i]);
		size_t n = strlen(name);

		if (strncmp(src, name, n) == 0 && src[n] == ' ') {
			as = kinds[i];
			src += n + 1;
			break;
		}
	}
	return wv_try_parse(t, src, v, as, e) < 0 ? -1 : 0;
}

int wv_app_try_begin(struct wv_app *app, const char *src, struct wv_try *t)
{
	struct wv_error e;

	if (app->quiz) {	/* its steps would show what the question asks */
		wv_app_msg(app, true, "try: not while a question is open; answer it "
			   "first (s shows the answer)");
		return -1;
	}
	if (app->nasked) {	/* or what a later scene asks of this word */
		wv_app_msg(app, true, "try: not on this word while a later scene's "
			   "question is still to come on it");
		return -1;
	}
	if (wv_app_try_parse(app->v, src, t, &e) < 0) {
		wv_app_msg(app, true, "try, column %d: %s", e.col, e.msg);
		return -1;
	}
	return 0;
}

int wv_app_try_verdict(struct wv_app *app, const struct wv_try *t, int rc,
		       const struct wv_proof *p)
{
	struct wv_trace tr;
	char word[4 * 8 + 1];
	unsigned nb = wv_wat_bytes(app->v);
	uint64_t a;

	if (rc < 0) {
		if (rc == -EINTR)
			wv_app_msg(app, false, "try: stopped (Ctrl-C); nothing was "
				   "decided");
		else if (rc == -EIO && p->gave_up)	/* and how to give it more */
			wv_app_msg(app, true, "try: gave up (undecided) after %llu units; "
				   "more: WATVIZ_PROVE_WORK=%llu", (unsigned long long)p->work,
				   (unsigned long long)(p->work < WV_PROVE_WORK_MAX / 2
				   ? 2 * p->work : WV_PROVE_WORK_MAX));
		else
			wv_app_msg(app, true, "try: %s", rc == -EIO ? "the solver gave up "
				   "(it could not decide)" : strerror(-rc));
		return WV_REACT_REDRAW;
	}
	if (p->holds) {
		if (p->is_proof)
			snprintf(app->try_msg, sizeof(app->try_msg), "try: PROVEN for all "
				 "2^%u words (%s, %.2f s)", app->v->bits, p->method,
				 p->seconds);
		else
			snprintf(app->try_msg, sizeof(app->try_msg), "try: not refuted on "
				 "%llu words; not a proof (no Z3: --try says why)",
				 (unsigned long long)p->checked);
		a = app->trace.words[app->trace.steps[app->trace.subs[app->pos].step]
				     .word].value;
	} else {
		for (unsigned i = 0; i < nb; i++)
			snprintf(word + 4 * i, sizeof(word) - 4 * i, "\\x%02x",
				 wv_wat_mem_byte(app->v, p->cex, i));
		if ((app->offset != 0 &&
		     app_rebuild(app, app->v, 0, app->fill, app->delim, true) < 0) ||
		    (wv_app_set_word_src(app, word) == WV_REACT_REDRAW &&
		     app->msg_error))
			return WV_REACT_REDRAW;
		/* short enough for 80 columns: the message line is not wrapped */
		if (p->smallest)
			snprintf(app->try_msg, sizeof(app->try_msg), "try: WRONG; smallest "
				 "counterexample a = 0x%0*llx, now the word",
				 (int)app->v->bits / 4, (unsigned long long)p->cex);
		else	/* the solver's budget ran out while it looked for a smaller one */
			snprintf(app->try_msg, sizeof(app->try_msg), "try: WRONG at a = "
				 "0x%0*llx (not known to be the least), now the word",
				 (int)app->v->bits / 4, (unsigned long long)p->cex);
		a = p->cex;
	}
	wv_app_msg(app, false, "%s", app->try_msg);
	if (wv_try_trace(t, app->v, a, &tr) < 0)
		return WV_REACT_REDRAW;		/* the verdict stands without the steps */
	wv_app_drop_try(app);
	app->try_trace = tr;
	app->has_try = true;
	app->try_pos = 0;
	app->view = WV_VIEW_TRY;
	app->playing = false;
	return WV_REACT_REDRAW;
}

static int try_formula(struct wv_app *app, const char *src)
{
	struct wv_try *t = malloc(sizeof(*t));
	struct wv_proof p;
	uint64_t work;
	int rc;

	if (!t) {
		wv_app_msg(app, true, "try: out of memory");
		return WV_REACT_REDRAW;
	}
	if (wv_prove_work(&work) < 0) {	/* as --try's budget */
		wv_app_msg(app, true, "try: WATVIZ_PROVE_WORK is not a whole number "
			   "from 1 to %lu; unset it or fix it", (unsigned long)WV_PROVE_WORK_MAX);
		free(t);
		return WV_REACT_REDRAW;
	}
	if (wv_app_try_begin(app, src, t) < 0) {
		free(t);
		return WV_REACT_REDRAW;
	}
	rc = wv_prove_have_solver() ? wv_prove_solve_within(&t->e, work, &p)
				    : wv_prove_enumerate(&t->e, true, &p);
	rc = wv_app_try_verdict(app, t, rc, &p);
	free(t);
	return rc;
}

int wv_app_goto_step(struct wv_app *app, const char *spec, const char *how)
{
	char err[WV_APP_MSG_MAX];
	size_t k;

	if (wv_step_find_as(&app->trace, spec, how, &k, err, sizeof(err)) < 0) {
		wv_app_msg(app, true, "%s", err);
		return WV_REACT_REDRAW;
	}
	wv_app_drop_try(app);	/* the kernel's steps, not a formula's */
	app->view = WV_VIEW_MAIN;
	app->playing = false;
	app->anchor_v = NULL;
	app->pos = k;
	wv_app_msg(app, false, "at %s: %s", spec, app->trace.subs[k].expr);
	return WV_REACT_REDRAW;
}

int wv_app_command(struct wv_app *app, const struct wv_cmd *cmd,
		   int (*write_json)(const struct wv_trace *t, const char *path))
{
	app->msg[0] = '\0';
	switch (cmd->kind) {
	case WV_CMD_EMPTY:
		return WV_REACT_REDRAW;
	case WV_CMD_WORD:
		return wv_app_set_word_src(app, cmd->text);
	case WV_CMD_ARCH:
		return set_variant(app, cmd->variant);
	case WV_CMD_OFFSET:
		if ((size_t)cmd->num >= wv_wat_bytes(app->v)) {
			wv_app_msg(app, true, "offset must be 0..%u for %s",
				   wv_wat_bytes(app->v) - 1, app->v->name);
			return WV_REACT_REDRAW;
		}
		if (app_rebuild(app, app->v, (size_t)cmd->num, app->fill, app->delim, true) == 0)
			wv_app_msg(app, false, "string starts at offset %zu", app->offset);
		return WV_REACT_REDRAW;
	case WV_CMD_FILL:
		if (app_rebuild(app, app->v, app->offset, (uint8_t)cmd->num, app->delim, true) == 0)
			wv_app_msg(app, false, "fill byte 0x%02x", app->fill);
		return WV_REACT_REDRAW;
	case WV_CMD_DELIM:
		if (app_rebuild(app, app->v, app->offset, app->fill, (int)cmd->num, true) == 0) {
			if (app->delim >= 0)
				app->last_delim = app->delim;
			wv_app_msg(app, false, app->delim >= 0 ? "delimiter 0x%02x"
				   : "no delimiter", app->delim);
		}
		return WV_REACT_REDRAW;
	case WV_CMD_JSON: {
		const char *path = cmd->text[0] ? cmd->text : "watviz.json";
		int rc = write_json ? write_json(&app->trace, path) : -ENOSYS;

		if (rc < 0)
			wv_app_msg(app, true, "json: %s: %s", path, wv_state_strerror(rc));
		else
			wv_app_msg(app, false, "wrote the trace to %s", path);
		return WV_REACT_REDRAW;
	}
	case WV_CMD_COMPARE:
		app->view = WV_VIEW_COMPARE;
		return WV_REACT_REDRAW;
	case WV_CMD_SPEED:
		app->speed_ms = cmd->num < WV_SPEED_MIN ? WV_SPEED_MIN
			      : cmd->num > WV_SPEED_MAX ? WV_SPEED_MAX : (int)cmd->num;
		wv_app_msg(app, false, "%d ms a sub-step", app->speed_ms);
		return WV_REACT_REDRAW;
	case WV_CMD_HELP:
		app->view = WV_VIEW_HELP;
		return WV_REACT_REDRAW;
	case WV_CMD_QUIT:
		return WV_REACT_QUIT;
	case WV_CMD_TRY:
		return try_formula(app, cmd->text);
	case WV_CMD_SET:
		if (strncmp(cmd->text, "split", 5) == 0)	/* as M */
			return wv_app_split_layout(app, cmd->num != 0);
		app->mouse = cmd->num != 0;
		wv_app_msg(app, false, app->mouse ? "mouse on: click a byte, a bit, a "
			   "function; the wheel steps" : "mouse off: the terminal selects "
			   "text again");
		return WV_REACT_REDRAW;
	case WV_CMD_THEME:	/* the session's (src/session/session.c) */
		return WV_REACT_NONE;
	case WV_CMD_SPLIT:
		return wv_app_split(app, cmd->num > 0 ? cmd->variant : cmd->num < 0 ||
				    app->split_v ? NULL : wv_app_split_partner(app->v));
	case WV_CMD_STEP:
		return wv_app_goto_step(app, cmd->text, ":step");
	case WV_CMD_CLASS:	/* the session serves it in a lesson */
		wv_app_msg(app, true, "class: a live class votes on a lesson's "
			   "questions: open one first (:lesson N), then :class");
		return WV_REACT_REDRAW;
	case WV_CMD_SCENE:
	case WV_CMD_LESSON:
	case WV_CMD_NEXT:
	case WV_CMD_PREV:
		wv_app_msg(app, true, "scenes are a lesson's: :lesson N opens one "
			   "(watviz --list-lessons lists them)");
		return WV_REACT_REDRAW;
	}
	return WV_REACT_REDRAW;
}
