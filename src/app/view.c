/*
 * The visualizer's screens as frames, laid out: main (memory, function,
 * explanation, register rows), --present, compare, help, too-small and
 * :try, and the choice between them (wv_view_build); the split view is
 * view_split.c's.  Pure code: every value shown comes
 * from the trace (trace/trace.h); the view files only lay out, pick roles
 * and format.  The pieces the layouts are made of are one file each, below
 * this one; this file may call them all, they call no other view file:
 *   view_memory.c     the memory panel and its one-line form
 *   view_registers.c  a sub-step's register rows, the earlier and later ones
 *   view_calls.c      the function line, the pipeline strip, the calls table
 *   view_lines.c      title bar, status and message lines, the marks' legend
 *                     and word-wrapped text
 * and, above those and below this one, view_split.c (the split view) and
 * view_chart.c (a measure scene's chart).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/look.h"

#include "view_lines.h"
#include "view_registers.h"

/* Lines text needs at width, without drawing. */
static int wrap_lines(int width, const char *text)
{
	return wv_view_wrap(NULL, 0, 0, width, 1000, WV_ROLE_TEXT, text);
}

/* ---- main view ------------------------------------------------------------ */

static const char *const main_hints[] = {
	"Left/Right sub-step", "Up/Down function", "r play", "a variant",
	"c compare", ": command", "e edit", "? help", "q quit", NULL
};
static const char *const end_hints[] = {
	"g start over", "Left back", "c compare", "a variant", ": command",
	"? help", "q quit", NULL
};

/*
 * Top to bottom: title; memory; the kernel function, its file and where we
 * are; the explanation; the operation and its rows; status; message.  The
 * explanation sits above the rows so nothing moves while stepping.
 */
/* Is the screen big enough for the wide layout (pipeline, earlier rows)? */
static bool wide(const struct wv_frame *f)
{
	return f->cols >= 120 && f->rows >= 30;
}

/*
 * The explanation in rows [y, y + room): the step's sentence, then the
 * sub-step's.  When both do not fit, the sub-step's whole (it tells what
 * the rows show), and on the function's first sub-step, where a newcomer
 * meets it, what it leaves of the step's above it (what the function
 * computes).  Returns the rows used.
 */
static int explain(struct wv_frame *f, const struct wv_app *app, int y, int room,
		   int width)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	const struct wv_step *st = &t->steps[sub->step];
	int nstep = wrap_lines(width, st->text), nsub = wrap_lines(width, sub->text);
	int used;

	if (strcmp(sub->text, st->text) == 0)
		return wv_view_wrap(f, y, 0, width, room, WV_ROLE_TEXT, st->text);
	if (nstep + nsub <= room || (app->pos == st->first && nsub < room)) {
		/* the sub-step's whole, under what of the step's it leaves */
		int sl = nstep + nsub <= room ? nstep : room - nsub;

		used = wv_view_wrap(f, y, 0, width, sl, WV_ROLE_DIM, st->text);
		return used + wv_view_wrap(f, y + used, 0, width, room - used,
					   WV_ROLE_TEXT, sub->text);
	}
	return wv_view_wrap(f, y, 0, width, room, WV_ROLE_TEXT, sub->text);
}

/*
 * Top to bottom: title; memory; the kernel function and the step counter;
 * on a wide screen the whole call sequence; the explanation; the earlier
 * sub-steps of this function where the height allows; the operation and
 * its rows; status; message.  The explanation sits above the rows so
 * nothing moves while stepping.
 */
void wv_view_main(struct wv_frame *f, const struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	int min_explain = f->rows >= 32 ? 5 : f->rows >= 28 ? 4 : 3;
	int y, used, width = wv_view_measure(f->cols);

	app_title_bar(f, app);
	y = 1 + wv_view_memory(f, app, 1);
	y += wv_view_function(f, app, y);
	if (wide(f) && f->rows < 40)
		y += wv_view_pipeline(f, app, y, 2);

	/* the explanation gets what the rows leave, at least min_explain */
	/* a projector-sized screen keeps the bottom for the calls and the marks */
	int calls = wide(f) && f->rows >= 40 ? wv_view_calls_need(app) : 0;
	/* the marks' legend on the row over the status line, at every size */
	int bottom = f->rows - 2 - (calls ? calls : 1);
	int total = bottom - y;
	int want = wrap_lines(width, t->steps[sub->step].text) +
		   wrap_lines(width, sub->text);
	/* the rows whole (label and hex, captioned over the bits at 80
	   columns) before the sentences, which keep min_explain lines: as
	   the projector layouts share their height */
	int rows_need = wv_view_registers_need(f, app, total - min_explain, NULL);
	int room = total - rows_need > min_explain ? total - rows_need : min_explain;

	if (wide(f) && room > want + 1)
		room = want + 1;	/* the rest for the earlier sub-steps */
	used = explain(f, app, y, room, width);
	/* a wide screen fills the rest below; a small one keeps the rows
	   where they were, so nothing moves while stepping */
	y += wide(f) ? used + 1 : used > min_explain ? used : min_explain;
	if (wide(f) && f->rows >= 40)	/* a projector: what came before too */
		y += wv_view_before(f, app, y, bottom - rows_need -
				    wv_view_earlier_need(f, app, bottom - rows_need - y,
							 NULL), NULL);
	if (wide(f))
		y += wv_view_earlier(f, app, y, bottom - rows_need, NULL);

	wv_view_registers(f, app, y, bottom, NULL);
	if (wide(f)) {
		int later = wv_view_later(f, app, y + rows_need, bottom, NULL);

		if (f->rows >= 40)	/* and what comes after this function */
			wv_view_after(f, app, y + rows_need + later, bottom, NULL);
	}
	if (calls)
		wv_view_calls(f, app, bottom, f->rows - 3);
	wv_view_legend(f, f->rows - 3);

	struct app_play_hints ph = { 0 };

	wv_view_status(f, app, app->playing ? "PLAYING" : "", app->playing ? app_play_hints(&ph)
			: app->pos + 1 == t->nsubs ? end_hints : main_hints);
	wv_view_message(f, app);
}

/* ---- the projector layout ------------------------------------------------ */

/* Bits as large as the width allows, grouped by byte with a blank between. */
static struct wv_view_regs big_regs(const struct wv_frame *f, const struct wv_app *app)
{
	struct wv_view_regs o = { .cell = wv_view_regs_cell(f, app) };

	o.gap = o.cell == 1 && wv_view_regs_gap(f, app, 1);
	return o;
}

/*
 * Top to bottom: title; the memory strip with its characters; the kernel
 * function; the function's sub-steps so far, the current one and what
 * comes, in large cells; the explanation, narrow; on a projector-sized
 * screen the calls and the marks at the bottom.
 */
void wv_view_present(struct wv_frame *f, const struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	const struct wv_step *st = &t->steps[sub->step];
	int margin = f->cols >= 100 ? 6 : 2, width = f->cols - 2 * margin;
	struct wv_view_regs o = big_regs(f, app);
	int y, calls, ymax, tl, regs;
	struct app_play_hints ph = { 0 };
	bool both = app->pos == st->first && strcmp(st->text, sub->text) != 0;

	if (app->split_v) {
		wv_view_split(f, app);
		return;
	}
	if (width > 76)
		width = 76;
	app_title_bar(f, app);
	y = 1 + wv_view_memory_line(f, app, 1, margin);
	y += wv_view_function(f, app, y);
	y++;
	calls = f->cols >= 120 && f->rows >= 40 ? wv_view_calls_need(app) : 0;
	if (calls)
		wv_view_calls(f, app, f->rows - 2 - calls, f->rows - 3);
	wv_view_legend(f, f->rows - 3);	/* at every size */
	ymax = f->rows - 2 - (calls ? calls : 1);
	/* the explanation under the rows: the step's on its first sub-step */
	tl = wrap_lines(width, sub->text) + (both ? wrap_lines(width, st->text) : 0);
	if (tl > 6)
		tl = 6;
	regs = wv_view_registers_need(f, app, ymax - y - tl - 1, &o);
	if (f->rows >= 40)	/* a projector: the functions before, too */
		y += wv_view_before(f, app, y, ymax - tl - 1 - regs -
				    wv_view_earlier_need(f, app, ymax - tl - 1 - regs - y,
							 &o), &o);
	if (f->rows >= 30)
		y += wv_view_earlier(f, app, y, ymax - tl - 1 - regs, &o);
	wv_view_registers(f, app, y, y + regs, &o);
	if (f->rows >= 30)
		y += wv_view_later(f, app, y + regs, ymax - tl - 1, &o);
	if (f->rows >= 40)
		y += wv_view_after(f, app, y + regs, ymax - tl - 1, &o);
	y += regs + 1;
	if (both)
		y += wv_view_wrap(f, y, margin, width, ymax - y, WV_ROLE_DIM, st->text);
	wv_view_wrap(f, y, margin, width, ymax - y, WV_ROLE_TEXT, sub->text);
	wv_view_status(f, app, app->playing ? "PLAYING" : "present", app->playing
		       ? app_play_hints(&ph) : app->pos + 1 == t->nsubs ? end_hints : main_hints);
	wv_view_message(f, app);
}

/* ---- split view (its body: view_split.c) --------------------------------- */

static const char *const split_hints[] = {
	"Left/Right sub-step", "Up/Down function", "v close", "M layout",
	"a variant", ": command", "? help", "q quit", NULL
};

void wv_view_split(struct wv_frame *f, const struct wv_app *app)
{
	if (!app->split_v) {
		wv_view_main(f, app);
		return;
	}
	app_title_bar(f, app);
	struct app_play_hints ph = { 0 };

	wv_view_split_body(f, app, 1, app->present);
	wv_view_status(f, app, "split", app->playing ? app_play_hints(&ph) : split_hints);
	wv_view_message(f, app);
}

/* ---- compare view -------------------------------------------------------- */

/* Flags of value in memory order: '*' on a zero byte, '!' on a non-zero one. */
static void flag_map(const struct wv_compare_row *c, uint64_t flags, char *out)
{
	unsigned nb = wv_wat_bytes(c->v);

	for (unsigned r = 0; r < nb; r++) {
		unsigned m = wv_wat_byte_index(c->v, r);
		bool flag = (flags >> (8 * r)) & 0xff;
		bool zero = ((c->value >> (8 * r)) & 0xff) == 0;

		out[m] = !flag ? '.' : zero ? '*' : '!';
	}
	out[nb] = '\0';
}

static void create_value(char *buf, size_t size, const struct wv_compare_row *c)
{
	if (c->v->create_kind == WV_CREATE_POPCOUNT ||
	    c->v->create_kind == WV_CREATE_FLS)
		snprintf(buf, size, "%" PRIu64, c->create);
	else
		snprintf(buf, size, "0x%0*" PRIx64, (int)c->v->bits / 4, c->create);
}

static const char *const compare_hints[] = {
	"c back", "a/A variant", "? help", "q quit", NULL
};

void wv_view_compare(struct wv_frame *f, const struct wv_app *app)
{
	bool agree = true;
	int y = 3, x;

	app_title_bar(f, app);
	wv_frame_put(f, 1, 0, WV_ROLE_HEADING,
		     "Compare: this memory on every variant, at the word where its scan stops");
	x = wv_frame_put(f, 2, 0, WV_ROLE_LABEL,
			 " variant      value (register)   cheap F   exact E   create_zero_mask  find len");
	if (f->cols >= x + 14)
		wv_frame_put(f, 2, x + 2, WV_ROLE_LABEL, "instructions");

	for (size_t i = 0; i < app->ncmp; i++, y++) {
		const struct wv_compare_row *c = &app->cmp[i];
		bool cur = c->v == app->v;
		char buf[32], fm[9];

		if (c->length != app->cmp[0].length || c->found != app->cmp[0].found)
			agree = false;
		wv_frame_printf(f, y, 0, cur ? WV_ROLE_HEADING : WV_ROLE_TEXT,
				"%c%-12s", cur ? '>' : ' ', c->v->name);
		wv_frame_printf(f, y, 14, WV_ROLE_HEX, "0x%0*" PRIx64,
				(int)c->v->bits / 4, c->value);
		flag_map(c, c->cheap, fm);
		x = 33;
		/* cmpb, cmpbge and s390's exact test never run the cheap one */
		if (c->v->hz_kind != WV_HZ_CHEAP && c->v->hz_kind != WV_HZ_CHEAP_BE)
			wv_frame_put(f, y, x, WV_ROLE_DIM, "not run");
		for (int k = 0; fm[k] && (c->v->hz_kind == WV_HZ_CHEAP ||
					  c->v->hz_kind == WV_HZ_CHEAP_BE); k++)
			wv_frame_printf(f, y, x + k, fm[k] == '!' ? WV_ROLE_FALSEPOS
					: fm[k] == '*' ? WV_ROLE_FLAG : WV_ROLE_DIM,
					"%c", fm[k]);
		flag_map(c, c->exact, fm);
		x = 43;
		for (int k = 0; fm[k]; k++)
			wv_frame_printf(f, y, x + k, fm[k] == '!' ? WV_ROLE_FALSEPOS
					: fm[k] == '*' ? WV_ROLE_FLAG : WV_ROLE_DIM,
					"%c", fm[k]);
		create_value(buf, sizeof(buf), c);
		wv_frame_put(f, y, 53, WV_ROLE_HEX, buf);
		if (c->found)
			wv_frame_printf(f, y, 72, WV_ROLE_ANSWER, "%3u", c->find_zero);
		else
			wv_frame_put(f, y, 72, WV_ROLE_DIM, "  -");
		wv_frame_printf(f, y, 76, WV_ROLE_ANSWER, "%3zu", c->length);
		if (f->cols >= 94)
			wv_frame_fit(f, y, 82, f->cols - 82, WV_ROLE_KERNEL, c->insns);
		if (cur)
			wv_frame_focus(f, y, 0, 13);
	}
	wv_frame_put(f, y++, 0, WV_ROLE_DIM,
		     "Flags in memory order: * on a zero byte, ! false positive (a borrow), . none");
	if (agree && app->ncmp) {
		wv_frame_printf(f, y++, 0, WV_ROLE_ANSWER,
				"All %zu variants agree: the string is %zu byte(s) long.",
				app->ncmp, app->cmp[0].length);
	} else if (app->ncmp) {
		/* only the offset can make them differ: a 32-bit word takes it
		   modulo 4, so its string starts elsewhere */
		x = wv_frame_printf(f, y, 0, WV_ROLE_FALSEPOS, "Lengths differ:");
		for (size_t i = 0; i < app->ncmp; i++)
			if (i == 0 || app->cmp[i].length != app->cmp[i - 1].length ||
			    app->cmp[i].v->bits != app->cmp[i - 1].v->bits)
				x = wv_frame_printf(f, y, x, WV_ROLE_TEXT, " %s %zu",
						    app->cmp[i].v->name, app->cmp[i].length);
		if (app->offset >= 4)
			wv_frame_put(f, y, x, WV_ROLE_TEXT,
				     " (32-bit words take the offset modulo 4)");
		y++;
	}
	/* the current variant in a sentence: its instructions when the
	   column did not fit, and what is special about it */
	wv_frame_printf(f, y, 0, WV_ROLE_KERNEL, "%s:", app->v->name);
	{
		char line[200];

		snprintf(line, sizeof(line), "%s (%s)", app->v->summary, app->v->insns);
		wv_frame_fit(f, y, (int)strlen(app->v->name) + 2,
			     f->cols - (int)strlen(app->v->name) - 2, WV_ROLE_TEXT, line);
	}
	wv_view_status(f, app, "compare", compare_hints);
	wv_view_message(f, app);
}

/* ---- help ---------------------------------------------------------------- */

static const char *const help_hints[] = { "? back", "Esc back", "q quit", NULL };

void wv_view_help(struct wv_frame *f, const struct wv_app *app)
{
	wv_view_help_keys(f, app, false);
}

void wv_view_help_keys(struct wv_frame *f, const struct wv_app *app, bool lesson)
{
	static const char *const cmds[] = {
		":word \"a\\0b\"  new word",	":arch ppc  :split ppc64|off",
		":offset 3  :fill 0x01  start, fill", ":delim /  hash_name (none: off)",
		":json FILE  write the trace",	":compare :speed MS :try EXPR :quit",
		":set mouse off  select text",
	};
	size_t n, lines = 0;
	const struct wv_keybind *k = wv_keys_table(&n);
	int half = f->cols / 2, y0 = 2, rows;
	/* editing: that focus's own keys (the others work as ever) */
	unsigned focus = app->focus == WV_FOCUS_STEPS ? 0 : 1u << app->focus;

	app_title_bar(f, app);
	wv_frame_put(f, 1, 0, WV_ROLE_HEADING, !focus ? "Keys" : focus == WV_KEYS_BITS
		     ? "Keys with the focus on the bits (the others work as ever)"
		     : "Keys with the focus on memory (the others work as ever)");
	for (size_t i = 0; i < n; i++)
		lines += k[i].help != NULL && (lesson || !k[i].lesson) &&
			 (focus ? (k[i].focus & focus) != 0 : !k[i].focus);
	rows = (int)(lines + 1) / 2;
	lines = 0;
	for (size_t i = 0; i < n; i++) {
		char names[40];

		if (!k[i].help || (k[i].lesson && !lesson) ||
		    (focus ? !(k[i].focus & focus) : k[i].focus != 0))
			continue;
		/* this key and the aliases that follow it, as the status line
		   and the messages name them */
		wv_keys_names(k[i].act, focus, names, sizeof(names));
		int col = (int)lines / rows, y = y0 + (int)lines % rows;

		wv_frame_printf(f, y, col * half + 1, WV_ROLE_KEY, "%s", names);
		wv_frame_printf(f, y, col * half + 15, WV_ROLE_TEXT, "%.*s",
				half - 16, k[i].help);
		lines++;
	}
	int y = y0 + rows;

	wv_frame_put(f, y, 0, WV_ROLE_HEADING, "Commands (after :)");
	if (lesson)	/* classroom.c runs these; on the heading's row, so the legend fits */
		wv_frame_put(f, y, half + 1, WV_ROLE_TEXT, ":scene N :lesson N|NAME :next :prev");
	y++;
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		wv_frame_put(f, y + (int)i / 2, (int)(i % 2) * half + 1, WV_ROLE_TEXT,
			     cmds[i]);
	y += (int)(sizeof(cmds) / sizeof(cmds[0]) + 1) / 2;
	/* what the symbols mean, as the colours repeat them */
	if (y < f->rows - 2)
		y += wv_view_legend(f, y);
	if (y < f->rows - 2)
		wv_frame_put(f, y, 7, WV_ROLE_DIM,
			     "History (Up): $XDG_STATE_HOME/watviz/history (~/.local/state/watviz/)");
	wv_view_status(f, app, "help", help_hints);
	wv_view_message(f, app);
}

/* ---- too small, and the choice ------------------------------------------- */

void wv_view_too_small(struct wv_frame *f)
{
	char l1[64], l2[64];
	const char *l3 = "Enlarge the window, or press q to quit.";
	int y = f->rows / 2 - 1;

	snprintf(l1, sizeof(l1), "watviz needs at least %dx%d", WV_VIEW_MIN_COLS,
		 WV_VIEW_MIN_ROWS);
	snprintf(l2, sizeof(l2), "this terminal is %dx%d", f->cols, f->rows);
	wv_frame_put(f, y < 0 ? 0 : y, (f->cols - (int)strlen(l1)) / 2 > 0
		     ? (f->cols - (int)strlen(l1)) / 2 : 0, WV_ROLE_ERROR, l1);
	wv_frame_put(f, y + 1, (f->cols - (int)strlen(l2)) / 2 > 0
		     ? (f->cols - (int)strlen(l2)) / 2 : 0, WV_ROLE_TEXT, l2);
	wv_frame_put(f, y + 2, (f->cols - (int)strlen(l3)) / 2 > 0
		     ? (f->cols - (int)strlen(l3)) / 2 : 0, WV_ROLE_DIM, l3);
}

void wv_view_try(struct wv_frame *f, const struct wv_app *app)
{
	/* the main view, pointed at the formula's trace: a copy of the state
	   whose trace and position are the formula's (read only) */
	struct wv_app *shown = malloc(sizeof(*shown));

	if (!shown || !app->has_try) {
		free(shown);
		wv_view_main(f, app);
		return;
	}
	*shown = *app;
	shown->trace = app->try_trace;
	shown->pos = app->try_pos;
	shown->view = WV_VIEW_MAIN;
	shown->focus = WV_FOCUS_STEPS;
	shown->quiz = false;
	shown->nasked = 0;	/* the formula's sub-steps, not the kernel's */
	shown->ncmp = 0;
	/* the newest message wins: a command's since the verdict (an error,
	   say) shows instead of the verdict, until the next key clears it */
	if (!app->msg[0] || strcmp(app->msg, app->try_msg) == 0) {
		wv_app_msg(shown, false, "%s; Esc: the kernel's steps", app->try_msg);
	}
	wv_view_main(f, shown);
	free(shown);
}

void wv_view_build(struct wv_frame *f, const struct wv_app *app)
{
	if (f->cols < WV_VIEW_MIN_COLS || f->rows < WV_VIEW_MIN_ROWS) {
		wv_view_too_small(f);
		return;
	}
	switch (app->view) {
	case WV_VIEW_MAIN:
		if (app->present)
			wv_view_present(f, app);
		else if (app->split_v)
			wv_view_split(f, app);
		else
			wv_view_main(f, app);
		break;
	case WV_VIEW_COMPARE:
		wv_view_compare(f, app);
		break;
	case WV_VIEW_HELP:
		wv_view_help(f, app);
		break;
	case WV_VIEW_TRY:
		wv_view_try(f, app);
		break;
	}
}
