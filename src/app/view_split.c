/*
 * The split view (wv_view_split): the current variant's pane and a second
 * variant's at the same place, each its heading, function, earlier
 * sub-steps, rows and sentence, over the memory they share; the rows
 * whose bytes differ marked.  Only lays out and picks the cells: the
 * pieces are the main view's (view_memory.c, view_registers.c,
 * view_calls.c, view_lines.c), pointed at either trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/view.h"

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
 * before left rows of its share (p->rows), the functions after (their
 * values shown where no question is open or to come, else hidden as a
 * question would hide them: 3639cf8).  Returns the rows used.
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
	if (p->text) {
		/* its detail not while a question hides it, nor where its
		   step reaches what a question still to come on this trace
		   asks (wv_hide_detail without the open one: "Flags at
		   memory 1 and 2" where lesson 9's scene 3 asks the top
		   flag's byte) */
		const struct wv_substep *sub = &t->subs[p->app->pos];
		struct wv_hide later = p->o.hide;
		char general[WV_TEXT_MAX];

		later.on = false;
		y += wv_view_wrap(f, y, 0, width, p->text, WV_ROLE_TEXT,
				  wv_look_general(sub->text, sub->general,
						  wv_hide_sentence(&p->o.hide, p->app->pos) ||
						  wv_hide_detail(&later),
						  general, sizeof(general)));
	}
	/* rows the functions before did not take (the first ones have none
	   before them): the functions after, their values where nothing is
	   asked (p->eo's ahead) */
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
 * Share avail rows between the n panes (2 one above the other, 1 a pane
 * beside the other): first each one's heading, function line and rows
 * (shrunk as reg_layout shrinks them), then each one's sentence (up to 6
 * lines, at least one each where there is room), then the function's
 * earlier sub-steps above the current one, then the functions before it.
 * short_win: a short window (80x24), where headings may share a line.
 */
static void split_share(const struct wv_frame *f, struct split_pane *p, int n,
			int avail, int width, bool short_win)
{
	int want[2] = { 0, 0 }, base = 0, heads = 2 * n, keep = 0;

	for (int k = 0; k < n; k++) {
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
	for (int k = 0; k < n; k++) {
		if (short_win && base + want[0] + (n > 1 ? want[1] : 0) > avail &&
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

	for (int k = 0; k < n && short_rows; k++) {
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
		/* not room for every pane's rows whole: a pane is drawn whole
		   (its labels whole, its hex beside its bits or on a caption
		   line over them) or not at all, its operation and one quiet
		   line saying how many rows a taller window shows, never a
		   few rows cut: the first pane whole where it can be, then
		   the second */
		int quiet[2], pick = n > 1 ? 3 : 1;

		for (int k = 0; k < n; k++)
			quiet[k] = 2 - p[k].o.op_above;
		/* pick: bit k set, pane k whole; the most first */
		for (; pick > 0; pick = n > 1 ? (pick == 3 ? 1 : pick == 1 ? 2 : 0) : 0) {
			int need = heads + keep;

			for (int k = 0; k < n; k++)
				need += pick >> k & 1 ? p[k].regs : quiet[k];
			if (need <= avail)
				break;
		}
		base = heads;
		for (int k = 0; k < n; k++) {
			if (!(pick >> k & 1))
				p[k].regs = quiet[k];
			base += p[k].regs;
		}
	}
	avail -= base;
	/* a line each in turn, while either wants one */
	for (int k = 0; k < n; k++)
		p[k].text = 0;
	for (int k = 0, more = 1; avail > 0 && more; k = (k + 1) % n) {
		if (p[k].text < want[k]) {
			p[k].text++;
			avail--;
		}
		more = 0;
		for (int m = 0; m < n; m++)
			more |= p[m].text < want[m];
	}
	/* the earlier sub-steps, each with a blank line after it */
	if (n == 1) {
		p[0].earlier = wv_view_earlier_need(f, p[0].app, avail, &p[0].eo);
	} else {
		p[0].earlier = wv_view_earlier_need(f, p[0].app, avail / 2, &p[0].eo);
		p[1].earlier = wv_view_earlier_need(f, p[1].app, avail - p[0].earlier,
						    &p[1].eo);
		if (p[0].earlier < avail / 2)	/* what the lower one left */
			p[0].earlier = wv_view_earlier_need(f, p[0].app,
							    avail - p[1].earlier, &p[0].eo);
	}
	/* what is left still: the functions before, where the inputs came
	   from (wv_view_before fills what it is given, or draws nothing) */
	for (int k = 0; k < n; k++)
		avail -= p[k].earlier;
	p[0].before = n > 1 ? avail / 2 : avail;
	if (n > 1)
		p[1].before = avail - avail / 2;
	for (int k = 0; k < n; k++)
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
 * widest cells (3, 2, then 1 with a blank between nibbles and two, then
 * one, between bytes, then one between bytes only) with which its labels, bits and hex fit one line of f, so
 * that its bits read as the hex beside them and a wide screen draws them
 * large.  By memory (M) both panes alike: one column of labels and the
 * same cells, so that a memory byte sits in one column.  Where not even
 * cell 1 fits (under about 100 columns), both take cell 1 and the bits the
 * column app_reg_layout gives where a caption line over them holds the
 * label and hex (it cuts the labels where the pane has no rows for
 * captions).  Slots (split_slots) are set before.
 */
static const struct { int cell, gap; bool nibble; } pane_sizes[] = {
	{ 3, 0, false }, { 2, 0, false }, { 1, 2, true }, { 1, 1, true },
	{ 1, 1, false }, { 1, 0, false },
};

/* Columns pane p takes at size s: labels, bits, a blank and the hex. */
static int pane_w(const struct split_pane *p, size_t s)
{
	const struct wv_trace *t = &p->app->trace;
	int nslots = (int)(p->o.slotted ? p->o.nslots : t->word_bytes);

	return labels_w(t) + 1 + 3 + nslots * (1 + 8 * pane_sizes[s].cell +
					       (pane_sizes[s].gap ? pane_sizes[s].gap
						: pane_sizes[s].cell > 1) +
					       pane_sizes[s].nibble) + 1 + 2 + 2 * (int)t->word_bytes;
}

static void split_columns(const struct wv_frame *f, struct split_pane p[2], bool by_mem)
{
	size_t pick[2], last = sizeof(pane_sizes) / sizeof(pane_sizes[0]) - 1;
	int x0[2];

	for (int k = 0; k < 2; k++) {
		x0[k] = labels_w(&p[k].app->trace) + 1 + 3;
		for (pick[k] = 0; pick[k] < last; pick[k]++)
			if (pane_w(&p[k], pick[k]) <= f->cols)
				break;
	}
	if (by_mem) {
		pick[0] = pick[1] = pick[0] > pick[1] ? pick[0] : pick[1];
		x0[0] = x0[1] = x0[0] > x0[1] ? x0[0] : x0[1];
	}
	for (int k = 0; k < 2; k++) {
		p[k].o.cell = pane_sizes[pick[k]].cell;
		p[k].o.gap = (unsigned char)pane_sizes[pick[k]].gap;
		p[k].o.nibble = pane_sizes[pick[k]].nibble;
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

/* Copy the cells of sub into f with sub's corner at (y, x). */
static void blit(struct wv_frame *f, const struct wv_frame *sub, int y, int x)
{
	for (int r = 0; r < sub->rows; r++)
		for (int c = 0; c < sub->cols; c++) {
			struct wv_cell *d = wv_frame_at(f, y + r, x + c);

			if (d)
				*d = sub->cells[(size_t)r * (size_t)sub->cols + (size_t)c];
		}
}

/*
 * The first sub-step of lo's kernel call of the kind of t's sub-step q on
 * the first word of lo that q's word overlaps: where a question at q
 * starts to be answered in lo.  0 (all of lo) where lo has no such call.
 */
static size_t lower_from(const struct wv_trace *t, size_t q, const struct wv_trace *lo)
{
	const struct wv_step *st = wv_trace_step_of(t, q);
	size_t w = t->words[st->word].address / lo->word_bytes;
	size_t j = w < lo->nwords ? wv_trace_find(lo, st->kind, w) : lo->nsubs;

	return j < lo->nsubs ? wv_trace_step_of(lo, j)->first : 0;
}

/*
 * What the lower pane (trace lo at lpos) hides while questions are open
 * (app->quiz) or still to come (app->asked: a lesson's, on the trace
 * shown): every row from the earliest of their calls in lo (lower_from:
 * the whole call of each question's kind on its word, and all after it),
 * as a question there would hide them; nothing otherwise.  Its sub-steps
 * are another variant's, so the upper's own rules (which row of which
 * sub-step) cannot be mapped row by row: the call is the unit both
 * variants share, and lo's calls before it (its load, the calls before
 * the asked one) compute nothing the upper pane does not show.
 */
static struct wv_hide lower_hide(const struct wv_app *app, const struct wv_trace *lo,
				 size_t lpos)
{
	const struct wv_trace *t = &app->trace;
	size_t from = lo->nsubs;
	const struct wv_step *st;

	if (app->quiz && app->quiz_pos < t->nsubs)
		from = lower_from(t, app->quiz_pos, lo);
	for (size_t i = 0; i < app->nasked; i++)
		if (app->asked[i].sub < t->nsubs) {
			size_t j = lower_from(t, app->asked[i].sub, lo);

			from = j < from ? j : from;
		}
	if (from >= lo->nsubs)
		return (struct wv_hide){ 0 };
	st = wv_trace_step_of(lo, lpos);
	return (struct wv_hide){ .on = true, .quiz = from,
				 .upto = st->first + st->nsub, .later = true };
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
	struct wv_frame side[2] = { { 0 }, { 0 } };
	bool same;

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
	y += wv_view_split_strip(f, y, present) ? wv_view_memory_line(f, app, y, 0)
	     : wv_view_memory(f, app, y);

	/* each pane what it needs: a heading, a function line, its rows and
	   its sentence; earlier sub-steps with what is left.  A short window
	   (80x24) gives the panes the row of how to read them, which goes on
	   the message row, a message covering it until the next key */
	bool short_win = f->rows < 30;
	int avail = f->rows - (short_win ? 2 : 3) - y, half = (f->cols - 1) / 2;
	/* side by side where each pane fits whole in half the width (its
	   labels, bits and hex on one line), each register in its own order:
	   both panes the whole height, the screen's width used.  By memory
	   they stay one above the other, a memory byte in one column */
	bool beside = !app->split_mem && pane_w(&p[0], 4) <= half &&
		      pane_w(&p[1], 4) <= half && avail > 0 &&
		      wv_frame_init(&side[0], avail, half) == 0 &&
		      wv_frame_init(&side[1], avail, f->cols - half - 1) == 0;

	split_columns(beside ? &side[0] : f, p, app->split_mem);
	p[0].o.hide = wv_view_hide(app);
	p[1].o.hide = lower_hide(app, &lower->trace, lower->pos);
	p[0].o.differ = same ? wv_look_differ(t, app->pos, &lower->trace, lower->pos) : 0;
	p[1].o.differ = same ? wv_look_differ(&lower->trace, lower->pos, t, app->pos) : 0;
	p[0].o.alone = same ? wv_look_alone(t, app->pos, &lower->trace, lower->pos) : 0;
	p[1].o.alone = same ? wv_look_alone(&lower->trace, lower->pos, t, app->pos) : 0;
	if (p[0].o.hide.on || p[1].o.hide.on || app->quiz)
		p[0].o.differ = p[1].o.differ = 0;	/* they compare values */
	for (int k = 0; k < 2; k++) {
		p[k].o.ahead = true;	/* no question: what comes, as it is */
		p[k].eo = p[k].o;
		/* the marks are the current sub-step's */
		p[k].eo.differ = p[k].eo.alone = 0;
	}
	if (beside) {
		for (int k = 0; k < 2; k++) {
			int width = wv_view_measure(side[k].cols - 1);

			split_share(&side[k], &p[k], 1, avail, width, short_win);
			split_pane(&side[k], &p[k], 0, width);
			blit(f, &side[k], y, k ? half + 1 : 0);
		}
		for (int r = y; r < y + avail; r++)
			wv_frame_put(f, r, half, WV_ROLE_DIM, "|");
	} else {
		int width = wv_view_measure(f->cols);

		split_share(f, p, 2, avail, width, short_win);
		y += split_pane(f, &p[0], y, width);
		split_pane(f, &p[1], y, width);
	}
	wv_frame_free(&side[0]);
	wv_frame_free(&side[1]);
	/* how to read the columns, true for both panes: the marks' and the
	   layout's words long where they fit the line, the layout's short,
	   then both short */
	if (!short_win || !app->msg[0]) {
		bool differ = (p[0].o.differ | p[1].o.differ) != 0;
		bool alone = (p[0].o.alone | p[1].o.alone) != 0;
		char line[240];

		for (int s = 0; s < 3; s++) {
			bool sm = s == 2, sl = s > 0;	/* short marks, layout */

			snprintf(line, sizeof(line), "%s%s%s", !differ ? "" : sm ?
				 "<> differ; " : "<> differs from the other's; ",
				 !alone ? "" : sm ? "+ no row there; " : "+ the other has no "
				 "row of its own for it; ", app->split_mem ? sl ? "a memory byte in one "
				 "column (M: own order)" : "a memory byte sits in one column "
				 "above and below (M: each in its own order)" : sl ? "top "
				 "byte left, as the hex reads (M: by memory)" : "each register "
				 "top byte left, as its hex reads; mem byte: where from (M: by "
				 "memory)");
			if ((int)strlen(line) < f->cols)
				break;
		}
		wv_frame_fit(f, f->rows - (short_win ? 1 : 3), 0, f->cols - 1, WV_ROLE_DIM,
			     line);
	}
	free(lower);
	return 1;
}
