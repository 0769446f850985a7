/*
 * A sub-step's register rows (wv_view_registers): its operation, which
 * memory byte each register byte holds, and each row's bits grouped by
 * byte with their marks, hex, borrows and carries, '?' while a question
 * hides them; the earlier and later sub-steps of the function drawn the
 * same way; and the layout choice the main view sizes them by
 * (reg_layout, in view_registers.h).
 *
 * Calls only the frame model (render/screen.h), the state and trace
 * (app/app.h) and the marks' looks (render/look.h): no other view file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "view_registers.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "render/look.h"

/*
 * A byte group: a marker column and eight bit cells of `cell` columns ("1",
 * "1 ", " 1 "), and a blank after spaced ones (or gap blanks after every
 * group), and one between its two nibbles (nib: "0110 0001", each half
 * one hex digit).  9 columns at cell 1, 10 with a gap of 1, 11 with the
 * nibbles', 12 with a gap of 2 too.
 */
static int group_w(int cell, int gap, bool nib)
{
	return 1 + 8 * cell + (gap ? gap : cell > 1) + nib;
}

static int regs_group_w(const struct wv_view_regs *o)
{
	return group_w(o->cell, o->gap, o->nibble);
}

/* Column of bit cell b (0 = leftmost) of the group at gx. */
static int bit_x(int gx, const struct wv_view_regs *o, int b)
{
	return gx + 1 + b * o->cell + (o->cell == 3) + (o->nibble && b >= 4);
}

static const struct wv_view_regs plain_regs = { .cell = 1 };

/* The index of step st in t->steps. */
static size_t sub_index_step(const struct wv_trace *t, const struct wv_step *st)
{
	return (size_t)(st - t->steps);
}

static const struct wv_view_regs *or_plain(const struct wv_view_regs *o)
{
	return o ? o : &plain_regs;
}

/* The symbol of a register byte's most important mark, as every renderer
   writes it (render/look.h): the answer, a false positive, a flag. */
static char mark_symbol(uint8_t m)
{
	if (m & WV_MARK_ANSWER)
		return wv_looks[WV_LOOK_ANSWER].sym;
	if (m & WV_MARK_FALSE_POS)
		return wv_looks[WV_LOOK_FALSE_POS].sym;
	if (m & WV_MARK_FLAG)
		return wv_looks[WV_LOOK_FLAG].sym;
	return ' ';
}

static enum wv_role mark_role(uint8_t m, enum wv_role dflt)
{
	if (m & WV_MARK_ANSWER)	/* the terminator found: cyan, as in memory */
		return WV_ROLE_TERM;
	if (m & WV_MARK_FALSE_POS)
		return WV_ROLE_FALSEPOS;
	if (m & WV_MARK_FLAG)
		return WV_ROLE_FLAG;
	/* a zero byte that is not the terminator found keeps its bits'
	   look: cyan is the terminator's alone, as in the memory panel */
	if (m & WV_MARK_PRESTART)
		return WV_ROLE_PRESTART;
	return dflt;
}

/*
 * x of register byte r's group (its marker column) in a B-byte register:
 * most significant left, or where o->slot puts it (the split view: the
 * column of the memory byte it holds in the register above).
 */
static int group_x(int x0, unsigned nb, unsigned r, const struct wv_view_regs *o)
{
	unsigned g = o->slotted ? o->slot[r] : nb - 1 - r;

	return x0 + (int)g * regs_group_w(o);
}

static void hex_value(char *buf, size_t size, const struct wv_row *row)
{
	if (row->width == 0)
		snprintf(buf, size, "%" PRIu64, row->value);
	else
		snprintf(buf, size, "0x%0*" PRIx64, (int)(row->width + 3) / 4,
			 row->value);
}

/*
 * One row of a sub-step, as the class may see it (wv_hide_row): bits
 * grouped by register byte (most significant left, as the number is
 * written) with a marker column before each byte.  Two layouts: a caption
 * line ("label = 0x...") over the bits, when labels and hex do not fit
 * beside 64 bits; or label, bits and (at hexx > 0) hex on one line.  A
 * hidden row (hide) shows '?' for every bit and its value, in plain roles;
 * it has no value or marks to show.  Returns the lines used.
 */
static int register_row(struct wv_frame *f, const struct wv_trace *t,
			const struct wv_row *row, bool hide, int y, int x0, int hexx,
			bool caption, bool last_result, const struct wv_view_regs *o,
			unsigned tag, int cursor_bit)
{
	unsigned nb = t->word_bytes;
	bool chain = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY;
	enum wv_role vrole = hide ? WV_ROLE_DIM : last_result ? WV_ROLE_RESULT
			   : WV_ROLE_HEX;
	int cell = o->cell;
	char hex[32];

	hex_value(hex, sizeof(hex), row);
	if (hide)
		snprintf(hex, sizeof(hex), "?");
	int lx = o->split ? 3 : 0;	/* the split view's "<>" goes first */

	if (caption || row->width == 0) {
		int x = wv_frame_put(f, y, lx, WV_ROLE_LABEL, row->label);

		x = wv_frame_put(f, y, x, WV_ROLE_DIM, " = ");
		wv_frame_put(f, y, x, vrole, hex);
		if (row->width == 0)
			return 1;
		y++;
	} else {
		wv_frame_fit(f, y, lx, x0 - 1 - lx, WV_ROLE_LABEL, row->label);
		if (hexx > 0)
			wv_frame_put(f, y, hexx, vrole, hex);
	}
	if (row->width < 32) {
		/* a small bitmap (alpha's cmpbge): right-aligned like a number */
		int gx = group_x(x0, nb, 0, o), skip = 8 - (int)row->width;

		for (unsigned b = 0; b < row->width; b++) {
			unsigned bit = row->width - 1 - b;
			bool one = (row->value >> bit) & 1;

			wv_frame_put(f, y, bit_x(gx, o, skip + (int)b),
				     hide ? WV_ROLE_DIM : (row->bits >> bit) & 1
				     ? WV_ROLE_BORROW : one ? WV_ROLE_BIT1
				     : WV_ROLE_BIT0, hide ? "?" : one ? "1" : "0");
		}
		return caption ? 2 : 1;
	}
	for (unsigned r = 0; r < nb; r++) {
		uint8_t m = row->bytes[r];	/* as the class may see it */
		int gx = group_x(x0, nb, r, o);
		char sym[2] = { hide ? ' ' : mark_symbol(m), '\0' };

		wv_frame_put(f, y, gx, mark_role(m, WV_ROLE_DIM), sym);
		for (unsigned b = 0; b < 8; b++) {
			unsigned bit = 8 * r + 7 - b;
			bool one = (row->value >> bit) & 1;
			enum wv_role role;
			const char *ch = one ? "1" : "0";

			if (chain) {
				role = one ? WV_ROLE_BORROW : WV_ROLE_DIM;
				ch = one ? "1" : ".";
			} else {
				role = mark_role(m, one ? WV_ROLE_BIT1 : WV_ROLE_BIT0);
			}
			/* the bits the sub-step is about (a clz counts): in
			   focus, as the legend says; yellow is the chains' */
			bool about = !chain && ((row->bits >> bit) & 1) && !o->hide.on;
			if (hide) {
				role = WV_ROLE_DIM;
				ch = "?";
			}
			wv_frame_put(f, y, bit_x(gx, o, (int)b), role, ch);
			if (about && !hide)
				wv_frame_focus(f, y, bit_x(gx, o, (int)b), 1);
			/* the row loaded from memory: a click flips the bit */
			if (tag)
				wv_frame_target(f, y, bit_x(gx, o, (int)b), cell,
						tag | bit);
			if ((int)bit == cursor_bit)
				wv_frame_cursor(f, y, bit_x(gx, o, (int)b), cell);
		}
		if (m & WV_MARK_HILITE)
			wv_frame_focus(f, y, gx + 1, 8 * cell + (cell == 3) + o->nibble);
	}
	return caption ? 2 : 1;
}

/*
 * A row's cells made taller (o->lead lines from y): each 1 bit drawn down
 * them as a bar in the role of its digit above, so that a projector's back
 * row sees the bits.  A hidden row's cells are dots, every one alike, as
 * its digits say nothing; a number has no bits.
 */
static void register_bars(struct wv_frame *f, const struct wv_trace *t,
			  const struct wv_row *row, bool hide, int y, int ymax,
			  int x0, const struct wv_view_regs *o)
{
	unsigned nb = t->word_bytes;
	bool chain = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY;

	if (row->width < 32)
		return;
	for (int l = 0; l < o->lead && y + l < ymax; l++)
		for (unsigned r = 0; r < nb; r++) {
			int gx = group_x(x0, nb, r, o);

			for (unsigned b = 0; b < 8; b++) {
				unsigned bit = 8 * r + 7 - b;

				if (hide)	/* every cell alike: nothing told */
					wv_frame_put(f, y + l, bit_x(gx, o, (int)b),
						     WV_ROLE_DIM, "\u00b7");
				if (hide || !((row->value >> bit) & 1))
					continue;
				wv_frame_put(f, y + l, bit_x(gx, o, (int)b),
					     chain ? WV_ROLE_BORROW
					     : mark_role(row->bytes[r], WV_ROLE_BIT1),
					     "\u2588");
			}
		}
}

/*
 * Choose the layout for sub in avail lines (operation line and byte header
 * included): label, bits and hex on one line when they fit the width; else
 * a caption line over the bits when the height allows; else short labels and
 * no hex.  Returns the lines it takes (at most avail).
 */
/*
 * Does sub hold a row of another word than its step's (the zeropad fixup's
 * aligned reload), or is its word a load across the page edge?  Then its
 * byte headers name memory addresses, and a new header comes before each
 * row whose word differs from the one above.  Returns how many headers past
 * the first that takes.
 */
static int own_words(const struct wv_trace *t, const struct wv_substep *sub,
		     bool *absolute)
{
	const struct wv_word *wd = &t->words[t->steps[sub->step].word];
	size_t at = wd->address;
	bool first = true;
	int extra = 0;

	/* a load across the page edge: every row says where its bytes are */
	*absolute = sub->mem_columns && wd->zeropad;
	for (unsigned k = 0; sub->mem_columns && k < sub->nrows; k++) {
		const struct wv_row *row = &sub->rows[k];

		if (row->width != t->v->bits)
			continue;
		if (row->address != at)
			*absolute = true;
		extra += !first && row->address != at;
		at = row->address;
		first = false;
	}
	return *absolute ? extra : 0;
}

int app_reg_layout(const struct wv_frame *f, const struct wv_trace *t,
		   const struct wv_substep *sub, int avail,
		   const struct wv_view_regs *o, struct reg_layout *l)
{
	bool absolute;
	int headers = own_words(t, sub, &absolute);
	unsigned nb = t->word_bytes, nrows = sub->nrows;
	int bitsw, hexw = 2 + (int)nb * 2, labmax = 0, need, top;

	o = or_plain(o);
	top = 2 - o->op_above;	/* the operation's line and the byte header */
	/* the split view's lower register spans the upper one's columns */
	bitsw = (int)(o->slotted ? o->nslots : nb) * regs_group_w(o);

	for (unsigned k = 0; k < nrows; k++) {
		int n = (int)strlen(sub->rows[k].label);

		labmax = n > labmax ? n : labmax;
	}
	*l = (struct reg_layout){ .x0 = labmax + 1 + (o->split ? 3 : 0) };
	if (o->x0 && o->x0 > l->x0)
		l->x0 = o->x0;
	if (l->x0 + bitsw + 1 + hexw <= f->cols) {
		l->hexx = l->x0 + bitsw + 1;
		need = top + (int)nrows;
	} else {
		int captioned = top + (int)nrows;

		/* a caption line over each row of bits (a number is one line) */
		for (unsigned k = 0; k < nrows; k++)
			captioned += sub->rows[k].width != 0;
		/* captioned where that fits (its byte header left out
		   where need be: registers_at), and wherever hex and labels
		   would be lost without it (the split's panes excepted,
		   which share one column of labels): the rows that do not
		   fit then are said, not cut (registers_at) */
		l->caption = captioned - (nrows > 0) <= avail || !o->split;
		/* a caption holds the label: the bits can start near the left */
		l->x0 = f->cols - bitsw;
		if (l->caption && l->x0 > 8)
			l->x0 = 8;
		if (l->x0 < 2)
			l->x0 = 2;
		if (o->x0)
			l->x0 = o->x0;
		need = l->caption ? captioned : top + (int)nrows;
	}
	need += headers + o->lead * (int)nrows;
	for (unsigned k = 0; k < nrows && k < WV_SUB_ROWS_MAX; k++)
		need += o->pad[k];
	return need < avail ? need : avail;
}

/* The line naming the memory byte of each register byte. */
static void mem_header(struct wv_frame *f, const struct wv_trace *t, int y,
		       int x0, int hexx, const struct wv_view_regs *o, bool absolute,
		       size_t at)
{
	unsigned nb = t->word_bytes;

	wv_frame_put(f, y, 0, WV_ROLE_DIM, x0 > 8 ? "mem byte" : "mem");
	for (unsigned r = 0; r < nb; r++) {
		int x = bit_x(group_x(x0, nb, r, o), o, 3);

		if (absolute)
			wv_frame_printf(f, y, x, WV_ROLE_DIM, "@%zu",
					at + t->reg_to_mem[r]);
		else	/* the split view's lower word: relative to the upper's */
			wv_frame_printf(f, y, x, WV_ROLE_DIM, "%u",
					t->reg_to_mem[r] + o->mem_base);
	}
	if (hexx)
		wv_frame_put(f, y, hexx, WV_ROLE_DIM, "hex");
}

/* Lines a row takes: its bits, and its caption over them (a number: one). */
static int row_lines(const struct wv_row *row, bool caption, int lead)
{
	return (caption && row->width != 0 ? 2 : 1) + lead;
}

/* A sub-step's operation at (y, x): "and: (a - ONES) & ~a & HIGHS", dim
   unless current.  Returns the column after it (NULL f: nothing drawn). */
static int op_line(struct wv_frame *f, const struct wv_substep *sub, int y, int x,
		   bool current)
{
	if (!f)
		return x + (int)strlen(wv_trace_op_name(sub->op)) + 2 +
		       (int)strlen(sub->expr);
	x = wv_frame_printf(f, y, x, current ? WV_ROLE_HEADING : WV_ROLE_DIM, "%s:",
			    wv_trace_op_name(sub->op));
	return wv_frame_put(f, y, x + 1, current ? WV_ROLE_TEXT : WV_ROLE_DIM, sub->expr);
}

int wv_view_operation_at(struct wv_frame *f, const struct wv_app *app, int y, int x)
{
	return op_line(f, &app->trace.subs[app->pos], y, x, true);
}

/*
 * The sub-step's rows from y to ymax (exclusive): the operation (unless
 * drawn above, o->op_above), which memory byte each register byte holds,
 * the rows.
 */
static void registers_at(struct wv_frame *f, const struct wv_app *app, size_t k,
			 int y, int ymax, const struct wv_view_regs *o, bool current)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[k];
	const struct wv_step *st = &t->steps[sub->step];
	unsigned nrows = sub->nrows;
	struct reg_layout l;

	o = or_plain(o);
	app_reg_layout(f, t, sub, ymax - y, o, &l);
	int x0 = l.x0, hexx = l.hexx;
	bool caption = l.caption;

	/* which memory byte each register byte holds: its place in the word,
	   or its address where the rows hold different words */
	bool absolute;
	size_t at = t->words[st->word].address;
	int all = 1 + own_words(t, sub, &absolute), opx = 2;

	for (unsigned ri = 0; ri < nrows; ri++)
		all += row_lines(&sub->rows[ri], caption, o->lead) + o->pad[ri];
	if (!o->op_above) {
		opx = op_line(f, sub, y, 2, current);
		if (st->false_pos && !wv_hide_detail(&o->hide) && opx + 28 <= f->cols)
			wv_frame_put(f, y, f->cols - 26, WV_ROLE_FALSEPOS,
				     "! holds a false positive");
		y++;
	}
	/* a block is drawn whole (its byte header left out where that
	   makes it fit) or said in one quiet line, never a few of its rows
	   cut, never its heading over no rows (issue 47): the line under
	   its operation, or beside it where it has one line */
	bool header = all <= ymax - y;
	/* nor its labels cut beside bits with no room for their hex (a
	   split pane short of rows for captions): said, too (trial2 1d) */
	bool bare = false;

	for (unsigned ri = 0; !caption && !hexx && ri < nrows; ri++)
		bare |= sub->rows[ri].width != 0;	/* a number has its line */
	if (nrows && (all - 1 > ymax - y || bare)) {
		bool beside = y >= ymax;
		char line[80];
		int n = snprintf(line, sizeof(line), "... %u more row%s", nrows,
				 nrows == 1 ? "" : "s");

		/* why, where it fits the line */
		if ((beside ? opx + 2 : x0) + n + 28 <= f->cols)
			snprintf(line + n, sizeof(line) - (size_t)n, " (a taller window shows %s)",
				 nrows == 1 ? "it" : "them");
		wv_frame_put(f, beside ? y - 1 : y, beside ? opx + 2 : x0, WV_ROLE_DIM, line);
		return;
	}
	if (y >= ymax)
		return;
	for (unsigned ri = 0; absolute && ri < nrows; ri++)
		if (sub->rows[ri].width == t->v->bits) {
			at = sub->rows[ri].address;
			break;
		}
	if (header || !nrows)
		mem_header(f, t, y++, x0, hexx, o, absolute, at);

	int mem_row = current ? wv_app_bits_row(app) : -1;

	for (unsigned ri = 0; ri < nrows && y < ymax; ri++) {
		struct wv_row row;
		bool hide = wv_hide_row(&o->hide, t, k, ri, &row);
		bool loaded = (int)ri == mem_row;

		y += o->pad[ri];	/* beside its pair in the other pane */

		if (absolute && row.width == t->v->bits && row.address != at)
			mem_header(f, t, y++, x0, hexx, o, true, at = row.address);
		/* the split view: a row whose bytes differ from the other
		   variant's, marked before its label */
		if (ri < 32 && (o->differ >> ri & 1))
			wv_frame_put(f, y, 0, WV_ROLE_HEADING, "<>");
		else if (ri < 32 && (o->alone >> ri & 1))	/* none there */
			wv_frame_put(f, y, 1, WV_ROLE_DIM, "+");
		y += register_row(f, t, &row, hide, y, x0, hexx, caption,
				  ri + 1 == nrows && row.kind == WV_ROW_RESULT, o,
				  loaded ? WV_TARGET_BIT : 0, loaded &&
				  app->focus == WV_FOCUS_BITS ? (int)app->bit : -1);
		register_bars(f, t, &row, hide, y, ymax, x0, o);
		y += o->lead;
	}
}

void wv_view_registers(struct wv_frame *f, const struct wv_app *app, int y,
		       int ymax, const struct wv_view_regs *o)
{
	registers_at(f, app, app->pos, y, ymax, o, true);
}

/*
 * The first of the current function's earlier sub-steps that fit whole in
 * avail rows, the latest kept, each with a blank line after it; the rows
 * they take into *need.
 */
static size_t earlier_first(const struct wv_frame *f, const struct wv_app *app,
			    int avail, const struct wv_view_regs *eo, int *need)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);
	size_t first = app->pos;

	*need = 0;
	while (first > st->first) {
		struct reg_layout l;
		int n = app_reg_layout(f, t, &t->subs[first - 1], 1000, eo, &l) + 1;

		if (*need + n > avail)
			break;
		*need += n;
		first--;
	}
	return first;
}

int wv_view_earlier_need(const struct wv_frame *f, const struct wv_app *app,
			 int avail, const struct wv_view_regs *o)
{
	int need;

	earlier_first(f, app, avail, o ? o : &plain_regs, &need);
	return need;
}

int wv_view_earlier(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		    const struct wv_view_regs *o)
{
	const struct wv_trace *t = &app->trace;
	struct wv_view_regs eo = o ? *o : plain_regs;
	size_t first;
	int need;

	/* the latest ones that fit whole, with a blank line after each; what
	   they show of the open question is wv_hide_row's, as everywhere */
	first = earlier_first(f, app, ymax - y, &eo, &need);
	for (size_t k = first; k < app->pos; k++) {
		struct reg_layout l;
		int n = app_reg_layout(f, t, &t->subs[k], 1000, &eo, &l);

		registers_at(f, app, k, y, y + n, &eo, false);
		y += n + 1;
	}
	return need;
}

int wv_view_later(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		  const struct wv_view_regs *o)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);
	struct wv_view_regs lo = o ? *o : plain_regs;
	int used = 0;

	/* what comes, not what it gives: every value from the next sub-step
	   on is hidden as a question's would be, the known inputs shown */
	if (!lo.hide.on || lo.hide.quiz > app->pos + 1) {
		lo.hide.on = true;	/* the lesson's asked values stay hidden */
		lo.hide.quiz = app->pos + 1;
	}
	for (size_t k = app->pos + 1; k < st->first + st->nsub; k++) {
		struct reg_layout l;
		int n = app_reg_layout(f, t, &t->subs[k], 1000, &lo, &l);

		if (y + used + 1 + n > ymax && ymax - (y + used + 1) >= 1)
			n = ymax - (y + used + 1) < 2 ? 1 : 2;	/* the last, said
								   (registers_at) */
		else if (y + used + 1 + n > ymax)
			break;
		registers_at(f, app, k, y + used + 1, y + used + 1 + n, &lo, false);
		used += n + 1;
	}
	return used;
}

int wv_view_registers_need(const struct wv_frame *f, const struct wv_app *app,
			   int avail, const struct wv_view_regs *o)
{
	struct reg_layout l;

	return app_reg_layout(f, &app->trace, &app->trace.subs[app->pos], avail, o, &l);
}

int wv_view_regs_cell(const struct wv_frame *f, const struct wv_app *app)
{
	int nb = (int)app->trace.word_bytes;

	for (int cell = 3; cell > 1; cell--)
		if (8 + nb * group_w(cell, 0, false) <= f->cols)
			return cell;
	return 1;
}

bool wv_view_regs_gap(const struct wv_frame *f, const struct wv_app *app, int cell)
{
	return 9 + (int)app->trace.word_bytes * group_w(cell, 1, false) <= f->cols;
}

/*
 * The call a sub-step k drawn apart belongs to ("has_zero() 7/18") at the
 * right of its operation's line y, left of the false-positive note that
 * registers_at puts at the right where it draws it; nothing where that
 * would cover the operation.
 */
static void put_from(struct wv_frame *f, const struct wv_trace *t, size_t k, int y,
		     const struct wv_view_regs *o, const char *from)
{
	const struct wv_substep *sub = &t->subs[k];
	int opx = op_line(NULL, sub, y, 2, false);
	int x = f->cols - (int)strlen(from) - 1;

	if (t->steps[sub->step].false_pos && !wv_hide_detail(&o->hide) && opx + 28 <= f->cols)
		x = f->cols - 26 - (int)strlen(from) - 2;
	if (x > opx + 1)
		wv_frame_put(f, y, x, WV_ROLE_KERNEL, from);
}

/*
 * How the call of step k (its last sub-step) is drawn among the functions
 * before (after false) or after the current one: no marks of the other
 * pane's; after: what comes, not what it gives, hidden as a question
 * about the function's first sub-step would hide it (or from an earlier
 * open question's sub-step), its values shown only in the split view
 * (o->ahead) where nothing is hidden.
 */
static struct wv_view_regs call_opts(const struct wv_trace *t, size_t k, bool after,
				     const struct wv_view_regs *o)
{
	struct wv_view_regs co = o ? *o : plain_regs;
	const struct wv_step *next = &t->steps[k];

	co.differ = co.alone = 0;
	if (after && (!co.ahead || co.hide.on || co.hide.nasked)) {
		if (!co.hide.on || co.hide.quiz > next->first)
			co.hide.quiz = next->first;
		co.hide.on = true;
	}
	return co;
}

/* The call of step k in rows [y, ymax), by its last sub-step, named at
   the right of its operation ("has_zero() 6/15", "then ..." after). */
static void call_block(struct wv_frame *f, const struct wv_app *app, size_t k, bool after,
		       int y, int ymax, const struct wv_view_regs *co)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = &t->steps[k];
	size_t last = st->first + st->nsub - 1;
	char from[64];

	registers_at(f, app, last, y, ymax, co, false);
	snprintf(from, sizeof(from), "%s%s() %zu/%zu", after ? "then " : "", st->func,
		 last + 1, t->nsubs);
	put_from(f, t, last, y, co, from);
}

/*
 * The first of the functions before the current one whose last sub-steps
 * fit whole in avail rows, the latest kept, each with a blank line after
 * it; the rows they take into *need.
 */
static size_t before_first(const struct wv_frame *f, const struct wv_app *app,
			   int avail, const struct wv_view_regs *bo, int *need)
{
	const struct wv_trace *t = &app->trace;
	size_t first = sub_index_step(t, wv_trace_step_of(t, app->pos));

	*need = 0;
	while (first > 0) {
		const struct wv_step *prev = &t->steps[first - 1];
		struct reg_layout l;
		int n = app_reg_layout(f, t, &t->subs[prev->first + prev->nsub - 1], 1000,
				       bo, &l) + 1;

		if (*need + n > avail)
			break;
		*need += n;
		first--;
	}
	return first;
}

int wv_view_before_need(const struct wv_frame *f, const struct wv_app *app, int avail,
			const struct wv_view_regs *o)
{
	struct wv_view_regs bo = o ? *o : plain_regs;
	int need;

	bo.differ = bo.alone = 0;
	before_first(f, app, avail, &bo, &need);
	return need;
}

int wv_view_before(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		   const struct wv_view_regs *o)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);
	struct wv_view_regs bo = o ? *o : plain_regs;
	size_t first, k;
	int need = 0, clip = 0;

	/* their results are operands now: what an open question hides of
	   them is wv_hide_row's, as everywhere */
	bo.differ = bo.alone = 0;
	first = before_first(f, app, ymax - y, &bo, &need);
	/* the one before those said in a quiet line under its operation
	   (registers_at), where that leaves it a blank line after */
	if (first > 0 && ymax - y - need >= 3) {
		clip = 2;
		need += 3;
		first--;
	}
	for (k = first; k < sub_index_step(t, st); k++) {
		const struct wv_step *prev = &t->steps[k];
		size_t last = prev->first + prev->nsub - 1;
		struct reg_layout l;
		int n = clip ? clip : app_reg_layout(f, t, &t->subs[last], 1000, &bo, &l);

		clip = 0;
		call_block(f, app, k, false, y, y + n, &bo);
		y += n + 1;
	}
	return need;
}

int wv_view_after(struct wv_frame *f, const struct wv_app *app, int y, int ymax,
		  const struct wv_view_regs *o)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);
	int used = 0;

	for (size_t k = sub_index_step(t, st) + 1; k < t->nsteps; k++) {
		struct wv_view_regs ao = call_opts(t, k, true, o);
		int n = wv_view_block_need(f, app, 0, (long)k, true, o);

		if (y + used + 1 + n > ymax && ymax - (y + used + 1) >= 1)
			n = ymax - (y + used + 1) < 2 ? 1 : 2;	/* said, as
								   wv_view_later */
		else if (y + used + 1 + n > ymax)
			break;
		call_block(f, app, k, true, y + used + 1, y + used + 1 + n, &ao);
		used += n + 1;
	}
	return used;
}

void wv_view_block(struct wv_frame *f, const struct wv_app *app, size_t k, long call,
		   bool after, int y, int ymax, const struct wv_view_regs *o)
{
	struct wv_view_regs co;

	if (call < 0) {
		registers_at(f, app, k, y, ymax, o ? o : &plain_regs, k == app->pos);
		return;
	}
	co = call_opts(&app->trace, (size_t)call, after, o);
	call_block(f, app, (size_t)call, after, y, ymax, &co);
}

int wv_view_block_need(const struct wv_frame *f, const struct wv_app *app, size_t k,
		       long call, bool after, const struct wv_view_regs *o)
{
	const struct wv_trace *t = &app->trace;
	struct wv_view_regs co = call < 0 ? (o ? *o : plain_regs)
				 : call_opts(t, (size_t)call, after, o);
	struct reg_layout l;

	if (call >= 0)
		k = t->steps[call].first + t->steps[call].nsub - 1;
	return app_reg_layout(f, t, &t->subs[k], 1000, &co, &l);
}
