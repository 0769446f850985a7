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
/* A pane's heading line at y; returns the column after it. */
static int pane_head(struct wv_frame *f, const struct split_pane *p, int y)
{
	int x = wv_frame_printf(f, y, 0, WV_ROLE_TITLE, " %s ", p->app->v->name);
	char order[32], note[96];

	pane_heading(p, order, sizeof(order), note, sizeof(note));
	x = wv_frame_put(f, y, x + 1, WV_ROLE_DIM, order);
	if (note[0])
		x = wv_frame_fit(f, y, x + 2, f->cols - x - 2, WV_ROLE_DIM, note);
	return x;
}

/* What the pane's current sub-step does, p->text lines from y, not its
   detail while a question hides it.  Returns the lines used. */
static int pane_text(struct wv_frame *f, const struct split_pane *p, int y, int width)
{
	const struct wv_substep *sub = &p->app->trace.subs[p->app->pos];
	struct wv_hide later = p->o.hide;
	char general[WV_TEXT_MAX];

	if (!p->text)
		return 0;
	/* its detail not while a question hides it, nor where its step
	   reaches what a question still to come on this trace asks
	   (wv_hide_detail without the open one: "Flags at memory 1 and 2"
	   where lesson 9's scene 3 asks the top flag's byte) */
	later.on = false;
	return wv_view_wrap(f, y, 0, width, p->text, WV_ROLE_TEXT,
			    wv_look_general(sub->text, sub->general,
					    wv_hide_sentence(&p->o.hide, p->app->pos) ||
					    wv_hide_detail(&later),
					    general, sizeof(general)));
}

static int split_pane(struct wv_frame *f, const struct split_pane *p, int y, int width)
{
	const struct wv_trace *t = &p->app->trace;
	int y0 = y, x = pane_head(f, p, y);

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
	y += pane_text(f, p, y, width);
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
 * (shrunk as reg_layout shrinks them), the upper's first (teach47
 * finding 4: at 80x24 the lower's nearest sub-step once took the rows of
 * the upper's question), then each one's sentence (up to 6 lines, at
 * least one each where there is room), then the function's earlier
 * sub-steps above the current one, then the functions before it.
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
	/* each pane its rows and the first lines of its sentence, the pane
	   whose sub-step matters first (the upper, the one the keys step:
	   a lower pane showing the nearest sub-step gets what is left).  A
	   pane's rows are whole (labels whole, hex beside its bits or on a
	   caption line over them; the byte header left out where that makes
	   them fit) or its operation and one quiet line saying how many rows
	   a taller window shows (registers_at), never a few rows cut */
	int rk[2][7], tk[2][7], no[2] = { 0, 0 }, pick[2] = { 0, 0 };

	for (int k = 0; k < n; k++) {
		int r = p[k].regs, lean = r - (p[k].app->trace.subs[p[k].app->pos].nrows > 0);
		int q = 2 - p[k].o.op_above, kp = want[k] < 1 + p[k].compact ? want[k]
					       : 1 + p[k].compact;
		int k1 = kp < 1 ? kp : 1;
		/* the upper: whole, whole on one line of its sentence, said;
		   the lower: whole, said (its sentence kept: both panes are
		   narrated), then without its sentence */
		const int opts[2][7][2] = {
			{ { r, kp }, { lean, kp }, { lean, k1 }, { q, kp }, { 1, k1 }, { 1, 0 },
			  { 1, 0 } },
			{ { r, kp }, { lean, kp }, { q, kp }, { 1, kp }, { 1, k1 }, { lean, 0 },
			  { 1, 0 } },
		};

		no[k] = 7;
		for (int o = 0; o < 7; o++) {
			rk[k][o] = opts[k][o][0];
			tk[k][o] = opts[k][o][1];
		}
	}
	/* of the choices that fit, the best by what matters most: the
	   upper's rows whole, then a line of the lower's sentence (both
	   panes narrated), the upper's sentence, the upper's byte header,
	   the lower's rows whole, its sentence, its header */
	int best = -1;

	for (int a = 0; a < no[0]; a++)
		for (int b = 0; b < (n > 1 ? no[1] : 1); b++) {
			int need = heads + rk[0][a] + tk[0][a] +
				   (n > 1 ? rk[1][b] + tk[1][b] : 0);
			int score = (a <= 2) << 6 | (n > 1 && tk[1][b] > 0) << 5 |
				    (tk[0][a] == tk[0][0]) << 4 | (a == 0) << 3 |
				    (n > 1 && (b <= 1 || b == 5)) << 2 |
				    (n > 1 && tk[1][b] == tk[1][0]) << 1 | (b == 0);

			if (need <= avail && score > best) {
				best = score;
				pick[0] = a;
				pick[1] = b;
			}
		}
	if (best < 0) {		/* the fewest rows */
		pick[0] = no[0] - 1;
		pick[1] = n > 1 ? no[1] - 1 : 0;
	}
	base = heads;
	for (int k = 0; k < n; k++) {
		p[k].regs = rk[k][pick[k]];
		p[k].text = tk[k][pick[k]];
		base += p[k].regs + p[k].text;
	}
	avail -= base;
	/* a line more each in turn, the upper first, while either wants one */
	for (int k = 0, more = 1; avail > 0 && more; k = (k + 1) % n) {
		if (p[k].text < want[k]) {
			p[k].text++;
			avail--;
		}
		more = 0;
		for (int m = 0; m < n; m++)
			more |= p[m].text < want[m];
	}
	if (avail < 0)
		avail = 0;
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
	/* each pane the functions before that fit whole in its half, then
	   the lower what the upper leaves, the upper what the lower leaves
	   (so that neither draws a line saying a function is not shown
	   where the other left rows empty); what is left, the lower's */
	if (n == 1) {
		p[0].before = avail;
	} else {
		p[0].before = wv_view_before_need(f, p[0].app, avail / 2, &p[0].eo);
		p[1].before = wv_view_before_need(f, p[1].app, avail - p[0].before, &p[1].eo);
		p[0].before = wv_view_before_need(f, p[0].app, avail - p[1].before, &p[0].eo);
		p[1].before = avail - p[0].before;
	}
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
			struct reg_layout lk[2];
			int x = 0;

			/* the column of the captioned panes (a pane whose row
			   fits beside its labels keeps its own, which would
			   push the wider one's bits past the edge: x86-32
			   over x86-64 at 80 columns); by memory both alike */
			p[0].o.x0 = p[1].o.x0 = 0;
			for (int m = 0; m < 2; m++) {
				const struct wv_trace *u = &p[m].app->trace;

				app_reg_layout(f, u, &u->subs[p[m].app->pos], 1000, &p[m].o,
					       &lk[m]);
				if ((!lk[m].hexx || by_mem) && lk[m].x0 > x)
					x = lk[m].x0;
			}
			p[0].o.x0 = p[1].o.x0 = x;
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

/* ---- side by side: each call and each pair of rows on one line ---------- */

/*
 * One line of blocks side by side: pane k's sub-step at[k] (call[k] >= 0:
 * the call of that step, by its last sub-step), or none (at[k] = -1); the
 * rows each takes (h) with the blank lines that put its rows beside their
 * pairs (pad).
 */
struct beside_item {
	long at[2], call[2];
	int h[2];
	unsigned char pad[2][WV_SUB_ROWS_MAX];
};

/* The sub-step an item's block of pane k draws. */
static size_t item_sub(const struct split_pane *p, const struct beside_item *it, int k)
{
	const struct wv_step *st;

	if (it->call[k] < 0)
		return (size_t)it->at[k];
	st = &p[k].app->trace.steps[it->call[k]];
	return st->first + st->nsub - 1;
}

/*
 * Blank lines before rows of a and b so that each row sits on the line of
 * the row paired with it (wv_look_match, the pairing <> and + mark by),
 * where the pairs keep their order; the same lines a row (no captions side
 * by side).
 */
static void pair_pads(const struct wv_substep *a, const struct wv_substep *b,
		      unsigned char *pa, unsigned char *pb)
{
	int ma[WV_SUB_ROWS_MAX], la = 0, lb = 0, last = -1;

	memset(pa, 0, WV_SUB_ROWS_MAX);
	memset(pb, 0, WV_SUB_ROWS_MAX);
	wv_look_match(a, b, ma);
	for (unsigned i = 0; i < a->nrows && i < WV_SUB_ROWS_MAX; i++) {
		int j = ma[i], d;

		if (j <= last)
			continue;
		d = (j + lb) - ((int)i + la);
		if (d > 0) {
			pa[i] = (unsigned char)(pa[i] + d);
			la += d;
		} else if (d < 0) {
			pb[j] = (unsigned char)(pb[j] - d);
			lb -= d;
		}
		last = j;
	}
}

/* The rows of an item's blocks (and their pads) with pane options o[2]. */
static void item_measure(const struct wv_frame side[2], const struct split_pane *p,
			 struct beside_item *it, bool after, const struct wv_view_regs *o[2])
{
	if (it->at[0] >= 0 && it->at[1] >= 0)
		pair_pads(&p[0].app->trace.subs[item_sub(p, it, 0)],
			  &p[1].app->trace.subs[item_sub(p, it, 1)], it->pad[0], it->pad[1]);
	for (int k = 0; k < 2; k++) {
		struct wv_view_regs po = *o[k];

		if (it->at[k] < 0) {
			it->h[k] = 0;
			continue;
		}
		memcpy(po.pad, it->pad[k], sizeof(po.pad));
		it->h[k] = wv_view_block_need(&side[k], p[k].app, (size_t)it->at[k],
					      it->call[k], after, &po);
	}
}

/*
 * The items of two lists of pane blocks, [from[k], to[k]) each (sub-steps,
 * or with calls the steps), in order, a block beside the one the other
 * pane has in its place (wv_look_pair: the same kernel call on the same
 * word, the sub-step of the same meaning), a block with none there alone.
 * Returns how many (at most max).
 */
static int beside_merge(const struct split_pane *p, const size_t from[2], const size_t to[2],
			bool calls, struct beside_item *out, int max)
{
	const struct wv_trace *ta = &p[0].app->trace, *tb = &p[1].app->trace;
	size_t i = from[0], j = from[1];
	int n = 0;

	while ((i < to[0] || j < to[1]) && n < max) {
		struct beside_item it = { .at = { -1, -1 }, .call = { -1, -1 } };
		size_t m = (size_t)-1;

		if (i < to[0] && calls) {	/* the same call on the same word */
			const struct wv_step *st = &ta->steps[i];
			size_t w = ta->words[st->word].address / tb->word_bytes;

			m = w < tb->nwords ? wv_trace_find(tb, st->kind, w) : tb->nsubs;
			m = m < tb->nsubs ? (size_t)(wv_trace_step_of(tb, m) - tb->steps)
			    : (size_t)-1;
		} else if (i < to[0]) {
			m = wv_look_pair(ta, i, tb);
		}
		if (i < to[0] && m != (size_t)-1 && m >= j && m < to[1] && m > j) {
			it.at[1] = (long)j++;	/* the other's before the pair */
		} else if (i < to[0]) {
			it.at[0] = (long)i++;
			if (m != (size_t)-1 && m == j && j < to[1])
				it.at[1] = (long)j++;
		} else {
			it.at[1] = (long)j++;
		}
		for (int k = 0; k < 2; k++)
			it.call[k] = calls ? it.at[k] : -1;
		out[n++] = it;
	}
	return n;
}

/* Draw an item from row y of both side frames. */
static void item_draw(struct wv_frame side[2], const struct split_pane *p,
		      const struct beside_item *it, bool after, int y,
		      const struct wv_view_regs *o[2])
{
	for (int k = 0; k < 2; k++) {
		struct wv_view_regs po = *o[k];

		if (it->at[k] < 0)
			continue;
		memcpy(po.pad, it->pad[k], sizeof(po.pad));
		wv_view_block(&side[k], p[k].app, (size_t)it->at[k], it->call[k], after, y,
			      y + it->h[k], &po);
	}
}

static int item_h(const struct beside_item *it)
{
	return (it->h[0] > it->h[1] ? it->h[0] : it->h[1]) + 1;
}

#define BESIDE_NEAR 24
#define BESIDE_MAX (2 * BESIDE_NEAR + 2 * WV_SUB_ROWS_MAX)

/*
 * The panes side by side, rows [0, avail) of side[0] and side[1]: each
 * kernel call on one line in both (the calls before, the current call's
 * function line, the calls after), the current function's earlier
 * sub-steps beside the ones of the same meaning, the current sub-steps'
 * rows beside the rows paired with them, and what is shorter padded with
 * blank lines (teach47 finding 8: x86-32's a - ONES sat beside ppc32's
 * data = a | LOW7, its and 8 rows above ppc32's).  Where the rows run
 * short, the calls before go first, then the earlier sub-steps, as in
 * one pane.
 */
static bool split_beside(struct wv_frame side[2], struct split_pane *p, int avail,
			 const int width[2])
{
	static struct beside_item items[3][BESIDE_MAX];
	const struct wv_view_regs *eo[2] = { &p[0].eo, &p[1].eo };
	size_t from[2], to[2], cur[2];
	int n[3], regs = 0, text = 0, y = 0, room, first[2] = { 0, 0 };

	for (int k = 0; k < 2; k++)
		cur[k] = (size_t)(wv_trace_step_of(&p[k].app->trace, p[k].app->pos) -
				  p[k].app->trace.steps);
	if (!p[1].nearest) {	/* the current rows beside their pairs */
		pair_pads(&p[0].app->trace.subs[p[0].app->pos],
			  &p[1].app->trace.subs[p[1].app->pos], p[0].o.pad, p[1].o.pad);
	}
	for (int k = 0; k < 2; k++) {
		int r = wv_view_registers_need(&side[k], p[k].app, 1000, &p[k].o);

		regs = r > regs ? r : regs;
		text = p[k].text > text ? p[k].text : text;
	}
	if (2 + regs + text > avail)
		return false;	/* short: each pane on its own (split_share) */
	/* the earlier sub-steps of the current call, the calls before, after */
	for (int k = 0; k < 2; k++) {
		from[k] = p[k].app->trace.steps[cur[k]].first;
		to[k] = p[k].app->pos;
	}
	n[0] = beside_merge(p, from, to, false, items[0], BESIDE_MAX);
	/* (a long string's calls: the nearest BESIDE_NEAR each way, more
	   than a screen holds) */
	for (int k = 0; k < 2; k++) {
		from[k] = cur[k] > BESIDE_NEAR ? cur[k] - BESIDE_NEAR : 0;
		to[k] = cur[k];
	}
	n[1] = beside_merge(p, from, to, true, items[1], BESIDE_MAX);
	for (int k = 0; k < 2; k++) {
		from[k] = cur[k] + 1;
		to[k] = p[k].app->trace.nsteps;
		if (to[k] > from[k] + BESIDE_NEAR)
			to[k] = from[k] + BESIDE_NEAR;
	}
	n[2] = beside_merge(p, from, to, true, items[2], BESIDE_MAX);
	for (int g = 0; g < 3; g++)
		for (int i = 0; i < n[g]; i++)
			item_measure(side, p, &items[g][i], g == 2, eo);
	/* the latest earlier sub-steps that fit, then the latest calls before */
	room = avail - 2 - regs - text;
	for (int g = 0; g < 2; g++) {
		first[g] = n[g];
		while (first[g] > 0 && item_h(&items[g][first[g] - 1]) <= room)
			room -= item_h(&items[g][--first[g]]);
	}
	for (int k = 0; k < 2; k++)
		pane_head(&side[k], &p[k], 0);
	y = 1;
	for (int i = first[1]; i < n[1]; i++) {
		item_draw(side, p, &items[1][i], false, y, eo);
		y += item_h(&items[1][i]);
	}
	for (int k = 0; k < 2; k++)
		wv_view_function(&side[k], p[k].app, y);
	y++;
	for (int i = first[0]; i < n[0]; i++) {
		item_draw(side, p, &items[0][i], false, y, eo);
		y += item_h(&items[0][i]);
	}
	for (int k = 0; k < 2; k++) {
		wv_view_registers(&side[k], p[k].app, y, y + regs, &p[k].o);
		pane_text(&side[k], &p[k], y + regs, width[k]);
	}
	y += regs + text;
	/* the calls after, whole, while they fit */
	for (int i = 0; i < n[2] && y + item_h(&items[2][i]) <= avail; i++) {
		item_draw(side, p, &items[2][i], true, y + 1, eo);
		y += item_h(&items[2][i]);
	}
	return true;
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
		int width[2];

		for (int k = 0; k < 2; k++) {
			width[k] = wv_view_measure(side[k].cols - 1);
			split_share(&side[k], &p[k], 1, avail, width[k], short_win);
		}
		/* each call and each pair of rows on one line, where neither
		   pane folds its heading (a short window) */
		if (p[0].compact || p[1].compact || !split_beside(side, p, avail, width))
			for (int k = 0; k < 2; k++) {
				memset(p[k].o.pad, 0, sizeof(p[k].o.pad));
				split_pane(&side[k], &p[k], 0, width[k]);
			}
		for (int k = 0; k < 2; k++)
			blit(f, &side[k], y, k ? half + 1 : 0);
		for (int r = y; r < y + avail; r++)
			wv_frame_put(f, r, half, WV_ROLE_DIM, "|");
	} else {
		int width = wv_view_measure(f->cols);

		split_share(f, p, 2, avail, width, short_win);
		int used = split_pane(f, &p[0], y, width);

		p[1].rows += p[0].rows - used;	/* what the upper left */
		split_pane(f, &p[1], y + used, width);
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
