/*
 * The visualizer's screens as frames, laid out: main (memory, function,
 * explanation, register rows), compare, help, too-small and :try, and the
 * choice between them (wv_view_build).  Pure code: every value shown comes
 * from the trace (trace/trace.h); the view files only lay out, pick roles
 * and format.  The pieces the layouts are made of are one file each, below
 * this one; this file may call them all, they call no other view file:
 *   view_memory.c     the memory panel and its one-line form
 *   view_registers.c  a sub-step's register rows, the earlier and later ones
 *   view_calls.c      the function line, the pipeline strip, the calls table
 *   view_lines.c      title bar, status and message lines, the marks' legend
 *                     and word-wrapped text
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
/* The hints while playing, its keys named as the help screen names them
   (wv_keys_names: "+ = -"); a key list and its meaning part at a tab. */
struct play_hints {
	char pause[24], speed[40], stop[24];
	const char *h[5];
};

static const char *const *play_hints(struct play_hints *p)
{
	char k[32];

	snprintf(p->pause, sizeof(p->pause), "%s\tpause",
		 wv_keys_names(WV_ACT_PLAY, 0, k, sizeof(k)));
	snprintf(p->speed, sizeof(p->speed), "%s\tspeed",
		 wv_keys_names(WV_ACT_FASTER, 0, k, sizeof(k)));
	snprintf(p->stop, sizeof(p->stop), "%s\tstop",
		 wv_keys_names(WV_ACT_BACK, 0, k, sizeof(k)));
	p->h[0] = p->pause;
	p->h[1] = p->speed;
	p->h[2] = p->stop;
	p->h[3] = "q quit";
	p->h[4] = NULL;
	return p->h;
}

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

	struct play_hints ph;

	wv_view_status(f, app, app->playing ? "PLAYING" : "", app->playing ? play_hints(&ph)
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
	struct play_hints ph;
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
		       ? play_hints(&ph) : app->pos + 1 == t->nsubs ? end_hints : main_hints);
	wv_view_message(f, app);
}

/* ---- split view ------------------------------------------------------------ */

/* The address of the word sub-step k of t is about. */
static size_t word_address(const struct wv_trace *t, size_t k)
{
	return t->words[t->steps[t->subs[k].step].word].address;
}

/*
 * Where each register's bytes go.  By default (by_mem false) each register
 * in its own order, most significant byte left as the single view draws
 * it, so its bits read as the hex beside them; its "mem byte" header says
 * which memory byte each holds, counted from the lower of the two words.
 * by_mem (M): one column per byte of the two words (the wider one holds
 * the narrower), in the upper register's order (highest address left when
 * it is little-endian), so a memory byte sits in the same column above and
 * below.
 */
static void split_slots(const struct wv_trace *up, size_t upos, const struct wv_trace *lo,
			size_t lpos, struct wv_view_regs *ou, struct wv_view_regs *ol,
			bool by_mem)
{
	size_t ua = word_address(up, upos), la = word_address(lo, lpos);
	size_t first = ua < la ? ua : la;
	size_t end = ua + up->word_bytes > la + lo->word_bytes ? ua + up->word_bytes
							       : la + lo->word_bytes;
	bool le = up->in.v->endian == WV_LITTLE;
	const struct { const struct wv_trace *t; size_t a; struct wv_view_regs *o; } p[2] =
		{ { up, ua, ou }, { lo, la, ol } };

	for (int k = 0; k < 2; k++) {
		struct wv_view_regs *o = p[k].o;

		o->split = true;
		o->mem_base = (unsigned char)(p[k].a - first);
		if (!by_mem)
			continue;
		o->slotted = true;
		o->nslots = (unsigned char)(end - first);
		for (unsigned r = 0; r < p[k].t->word_bytes; r++) {
			size_t at = p[k].a + p[k].t->reg_to_mem[r];

			o->slot[r] = (unsigned char)(le ? end - 1 - at : at - first);
		}
	}
}

static const char *const split_hints[] = {
	"Left/Right sub-step", "Up/Down function", "v close", "M layout",
	"a variant", ": command", "? help", "q quit", NULL
};

/* What one pane of the split view shows and the rows each part takes. */
struct split_pane {
	const struct wv_app *app;	/* its trace, variant and place */
	struct wv_view_regs o;		/* how its registers are drawn */
	struct wv_view_regs eo;		/* its earlier sub-steps: no <> */
	bool nearest;			/* no sub-step of the same meaning */
	bool compact;			/* heading and function on one line */
	int regs, text, earlier;	/* rows of each part */
	int before;			/* rows at most for the functions before */
	int rows;			/* all it may take */
};

/* A pane's heading after its name: its byte order ("64-bit big-endian"),
   and where it shows the nearest sub-step a quiet note saying so ("" none). */
static void pane_heading(const struct split_pane *p, char *order, size_t osize,
			 char *note, size_t nsize)
{
	const struct wv_variant *v = p->app->v;

	snprintf(order, osize, "%u-bit %s-endian", v->bits,
		 v->endian == WV_LITTLE ? "little" : "big");
	note[0] = '\0';
	if (p->nearest)
		snprintf(note, nsize, "(%s has no such sub-step: the nearest)", v->name);
}

/*
 * One pane from row y: its heading (the variant, and a quiet note where
 * it shows the nearest sub-step, its variant having none of the same
 * meaning), the functions before and its own kernel function's earlier
 * sub-steps where the height allows (compact: the function on the
 * heading's line, nothing before), the current one's rows, and what the
 * current sub-step does, in the pane's own words; where the functions
 * before left rows of its share (p->rows), the functions after, their
 * values hidden.  Returns the rows used.
 */
static int split_pane(struct wv_frame *f, const struct split_pane *p, int y, int width)
{
	const struct wv_trace *t = &p->app->trace;
	int y0 = y, x = wv_frame_printf(f, y, 0, WV_ROLE_TITLE, " %s ", p->app->v->name);
	char order[32], note[96];

	pane_heading(p, order, sizeof(order), note, sizeof(note));
	x = wv_frame_put(f, y, x + 1, WV_ROLE_DIM, order);
	if (note[0])
		x = wv_frame_fit(f, y, x + 2, f->cols - x - 2, WV_ROLE_DIM, note);
	if (p->o.op_above) {	/* shorter still: the operation there too */
		x = wv_frame_printf(f, y, x + 2, WV_ROLE_KERNEL, "%s()",
				    t->steps[t->subs[p->app->pos].step].func);
		wv_view_operation_at(f, p->app, y++, x + 2);
	} else if (p->compact) {	/* a short window: the sentence keeps the line */
		wv_view_function_at(f, p->app, y++, x + 2);
	} else {
		y++;
		if (p->before >= 3)	/* the calls before: where its inputs came from */
			y += wv_view_before(f, p->app, y, y + p->before, &p->eo);
		wv_view_function(f, p->app, y++);
	}
	if (p->earlier)
		y += wv_view_earlier(f, p->app, y, y + p->earlier, &p->eo);
	wv_view_registers(f, p->app, y, y + p->regs, &p->o);
	y += p->regs;
	if (p->text)
		y += wv_view_wrap(f, y, 0, width, p->text, WV_ROLE_TEXT,
				  t->subs[p->app->pos].text);
	/* rows the functions before did not take (the first ones have none
	   before them): the functions after, their values still hidden */
	if (y0 + p->rows - y >= 3)
		y += wv_view_after(f, p->app, y, y0 + p->rows, &p->eo);
	return y - y0;
}

/* Columns of a pane's heading (" ppc64  64-bit big-endian" and its note)
   and the blanks after it. */
static int heading_w(const struct split_pane *p)
{
	char order[32], note[96];

	pane_heading(p, order, sizeof(order), note, sizeof(note));
	return (int)(strlen(p->app->v->name) + 3 + strlen(order) +
		     (note[0] ? 2 + strlen(note) : 0)) + 2;
}

/*
 * Share avail rows between the two panes: first each one's heading,
 * function line and rows (shrunk as reg_layout shrinks them), then each
 * one's sentence (up to 6 lines, at least one each where there is room),
 * then the function's earlier sub-steps above the current one, then the
 * functions before it.
 */
static void split_share(const struct wv_frame *f, struct split_pane p[2], int avail,
			int width)
{
	int want[2], base = 0, heads = 4, keep = 0;

	for (int k = 0; k < 2; k++) {
		struct reg_layout l;
		const struct wv_trace *t = &p[k].app->trace;

		p[k].regs = app_reg_layout(f, t, &t->subs[p[k].app->pos], 1000, &p[k].o, &l);
		want[k] = wrap_lines(width, t->subs[p[k].app->pos].text);
		if (want[k] > 6)
			want[k] = 6;
		base += 2 + p[k].regs;
	}
	/* a short window (80x24) without room for the sentences whole: a
	   pane's heading on its function's line where both fit (its file
	   cut, as a narrow window cuts it), that line to its sentence, which
	   keeps two lines before the rows (one otherwise) */
	for (int k = 0; k < 2; k++) {
		if (f->rows < 30 && base + want[0] + want[1] > avail &&
		    heading_w(&p[k]) + wv_view_function_width(p[k].app) <= f->cols) {
			p[k].compact = true;
			heads--;
			base--;
		}
		keep += want[k] < 1 + p[k].compact ? want[k] : 1 + p[k].compact;
	}
	/* still short of rows for both panes' rows: the operation on that
	   line too, in the place of the step counter and file, where it fits
	   whole (a pane with a note keeps the note); both panes alike where
	   they can, so that they read alike */
	bool short_rows = base + keep > avail;

	for (int k = 0; k < 2 && short_rows; k++) {
		const struct split_pane *q = &p[k];
		const struct wv_trace *t = &q->app->trace;
		const char *func = t->steps[t->subs[q->app->pos].step].func;

		if (q->compact && !q->nearest &&
		    heading_w(q) + (int)strlen(func) + 2 + 2 +
		    wv_view_operation_at(NULL, q->app, 0, 0) <= f->cols) {
			p[k].o.op_above = true;
			p[k].regs--;
			base--;
		}
	}
	if (base + keep > avail) {
		/* the rows as they fit, those lines kept: the first pane its
		   share by need, the second what is left */
		int nu = 2 + p[0].regs, nl = 2 + p[1].regs;
		int room = avail - keep - heads > 6 ? avail - keep - heads : 6;
		int share = room * nu / (nu + nl);
		struct reg_layout l;

		/* each its operation, byte header and a line of rows (or
		   the line saying how many do not fit) */
		share = share < 3 ? 3 : room - share < 3 ? room - 3 : share;
		p[0].regs = app_reg_layout(f, &p[0].app->trace,
					   &p[0].app->trace.subs[p[0].app->pos],
					   share, &p[0].o, &l);
		p[1].regs = app_reg_layout(f, &p[1].app->trace,
					   &p[1].app->trace.subs[p[1].app->pos],
					   room - p[0].regs, &p[1].o, &l);
		base = heads + p[0].regs + p[1].regs;
	}
	avail -= base;
	/* a line each in turn, while either wants one */
	p[0].text = p[1].text = 0;
	for (int k = 0; avail > 0 && (p[0].text < want[0] || p[1].text < want[1]);
	     k = !k)
		if (p[k].text < want[k]) {
			p[k].text++;
			avail--;
		}
	/* the earlier sub-steps, each with a blank line after it */
	p[0].earlier = wv_view_earlier_need(f, p[0].app, avail / 2, &p[0].eo);
	p[1].earlier = wv_view_earlier_need(f, p[1].app, avail - p[0].earlier, &p[1].eo);
	if (p[0].earlier < avail / 2)	/* what the lower one left */
		p[0].earlier = wv_view_earlier_need(f, p[0].app, avail - p[1].earlier,
						    &p[0].eo);
	/* what is left still: the functions before, where the inputs came
	   from (wv_view_before fills what it is given, or draws nothing) */
	avail -= p[0].earlier + p[1].earlier;
	p[0].before = avail / 2;
	p[1].before = avail - avail / 2;
	for (int k = 0; k < 2; k++)
		p[k].rows = 2 - p[k].compact + p[k].before + p[k].earlier + p[k].regs +
			    p[k].text;
}

/* The longest row label of any sub-step of t: a pane's label column, the
   same on every sub-step, so that its bits stay put as it steps. */
static int labels_w(const struct wv_trace *t)
{
	int w = 0;

	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned r = 0; r < t->subs[k].nrows; r++) {
			int n = (int)strlen(t->subs[k].rows[r].label);

			w = n > w ? n : w;
		}
	return w;
}

/*
 * Each pane's bit cells and label column.  Its own column of labels, as
 * wide as its longest ("<>" before it), so that no label is cut; the
 * widest cells (--present: 3, 2, then 1 with a blank between bytes; else
 * 1) with which its labels, bits and hex fit one line, so that its bits
 * read as the hex beside them.  By memory (M) both panes alike: one column
 * of labels and the same cells, so that a memory byte sits in one column.
 * Where not even cell 1 fits (under about 100 columns), both take cell 1
 * and the bits the column app_reg_layout gives where a caption line over
 * them holds the label and hex (it cuts the labels where the pane has no
 * rows for captions).  Slots (split_slots) are set before.
 */
static void split_columns(const struct wv_frame *f, struct split_pane p[2],
			  bool present, bool by_mem)
{
	static const struct { int cell; bool gap; } sizes[] = {
		{ 3, false }, { 2, false }, { 1, true }, { 1, false },
	};
	size_t pick[2], last = sizeof(sizes) / sizeof(sizes[0]) - 1;
	int x0[2];

	for (int k = 0; k < 2; k++) {
		const struct wv_trace *t = &p[k].app->trace;
		struct wv_view_regs *o = &p[k].o;
		int nslots = (int)(o->slotted ? o->nslots : t->word_bytes);
		int hexw = 2 + 2 * (int)t->word_bytes;

		x0[k] = labels_w(t) + 1 + 3;
		for (pick[k] = present ? 0 : last; pick[k] < last; pick[k]++) {
			int bitsw = nslots * (1 + 8 * sizes[pick[k]].cell +
					      (sizes[pick[k]].cell > 1 ||
					       sizes[pick[k]].gap));

			if (x0[k] + bitsw + 1 + hexw <= f->cols)
				break;
		}
	}
	if (by_mem) {
		pick[0] = pick[1] = pick[0] > pick[1] ? pick[0] : pick[1];
		x0[0] = x0[1] = x0[0] > x0[1] ? x0[0] : x0[1];
	}
	for (int k = 0; k < 2; k++) {
		p[k].o.cell = sizes[pick[k]].cell;
		p[k].o.gap = sizes[pick[k]].gap;
		p[k].o.x0 = x0[k];
	}
	/* nothing fits beside: both from the column a caption leaves */
	for (int k = 0; k < 2; k++) {
		const struct wv_trace *t = &p[k].app->trace;
		struct reg_layout l;

		app_reg_layout(f, t, &t->subs[p[k].app->pos], 1000, &p[k].o, &l);
		if (!l.hexx) {
			struct reg_layout lu, ll;
			const struct wv_trace *u = &p[0].app->trace, *w = &p[1].app->trace;

			p[0].o.x0 = p[1].o.x0 = 0;
			app_reg_layout(f, u, &u->subs[p[0].app->pos], 1000, &p[0].o, &lu);
			app_reg_layout(f, w, &w->subs[p[1].app->pos], 1000, &p[1].o, &ll);
			p[0].o.x0 = p[1].o.x0 = lu.x0 > ll.x0 ? lu.x0 : ll.x0;
			return;
		}
	}
}

bool wv_view_split_strip(const struct wv_frame *f, int y, bool present)
{
	return present || f->rows - y < 35;
}

int wv_view_split_body(struct wv_frame *f, const struct wv_app *app, int y,
			bool present)
{
	/* the lower pane is the main view's pieces pointed at the second
	   trace: a copy of the state whose trace and position are its own */
	struct wv_app *lower = malloc(sizeof(*lower));
	const struct wv_trace *t = &app->trace;
	struct split_pane p[2];
	bool same;
	int width = wv_view_measure(f->cols);

	if (!lower || !app->split_v) {
		free(lower);
		return 0;
	}
	*lower = *app;
	lower->trace = app->split;
	lower->v = app->split_v;
	lower->pos = wv_app_split_pos(app, &same);
	lower->focus = WV_FOCUS_STEPS;
	lower->nasked = 0;	/* its sub-steps are another variant's */
	p[0] = (struct split_pane){ .app = app };
	p[1] = (struct split_pane){ .app = lower, .nearest = !same };
	split_slots(t, app->pos, &lower->trace, lower->pos, &p[0].o, &p[1].o,
		    app->split_mem);
	split_columns(f, p, present, app->split_mem);
	p[0].o.hide = wv_view_hide(app);
	p[0].o.differ = same ? wv_look_differ(t, app->pos, &lower->trace, lower->pos) : 0;
	p[1].o.differ = same ? wv_look_differ(&lower->trace, lower->pos, t, app->pos) : 0;
	if (p[0].o.hide.on || app->quiz)
		p[0].o.differ = p[1].o.differ = 0;
	for (int k = 0; k < 2; k++) {
		p[k].eo = p[k].o;
		p[k].eo.differ = 0;	/* the marks are the current sub-step's */
	}

	y += wv_view_split_strip(f, y, present) ? wv_view_memory_line(f, app, y, 0)
	     : wv_view_memory(f, app, y);
	/* each pane what it needs: a heading, a function line, its rows and
	   its sentence; earlier sub-steps with what is left.  A short window
	   (80x24) gives the panes the row of how to read them, which goes on
	   the message row, a message covering it until the next key */
	bool short_win = f->rows < 30;

	split_share(f, p, f->rows - (short_win ? 2 : 3) - y, width);
	y += split_pane(f, &p[0], y, width);
	split_pane(f, &p[1], y, width);
	/* how to read the columns, true for both panes */
	if (!short_win || !app->msg[0]) {
		bool wide = f->cols >= 120;
		bool differ = (p[0].o.differ | p[1].o.differ) != 0;

		wv_frame_printf(f, f->rows - (short_win ? 1 : 3), 0, WV_ROLE_DIM, "%s%s",
				!differ ? "" : f->cols >= 90 ? "<> its bytes differ from "
				"the other's; " : "<> differ; ", app->split_mem ?
				wide ? "a memory byte sits in one column above and "
				"below (M: each in its own order)" : "a memory byte "
				"in one column (M: own order)" : wide ? "each register "
				"top byte left, as its hex reads; mem byte: where from "
				"(M: by memory)" : "top byte left, as the hex reads "
				"(M: by memory)");
	}
	free(lower);
	return 1;
}

void wv_view_split(struct wv_frame *f, const struct wv_app *app)
{
	if (!app->split_v) {
		wv_view_main(f, app);
		return;
	}
	app_title_bar(f, app);
	struct play_hints ph;

	wv_view_split_body(f, app, 1, app->present);
	wv_view_status(f, app, "split", app->playing ? play_hints(&ph) : split_hints);
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
