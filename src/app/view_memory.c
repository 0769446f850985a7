/*
 * The main view's memory panel (wv_view_memory): the words around the
 * current one, each byte's address, hex, character and mark, the bytes the
 * sub-step is about and the edit cursor; and the one-line form for layouts
 * with no room for the panel (wv_view_memory_line: a byte past the page
 * edge "--" over the panel's mark u).  A lesson's {memory} names the one
 * drawn (lessonview.c).
 *
 * Calls only the frame model (render/screen.h), the state (app/app.h)
 * and the marks' looks (render/look.h): no other view file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/view.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render/look.h"

/* Two characters for a memory byte's glyph: " a", "\0", "\n", "..". */
static void glyph(uint8_t b, char out[3])
{
	static const char esc[] = "0......abtnvfr";

	if (b >= 0x20 && b < 0x7f) {
		out[0] = ' ';
		out[1] = (char)b;
	} else if (b < sizeof(esc) - 1 && esc[b] != '.') {
		out[0] = '\\';
		out[1] = esc[b];
	} else {
		out[0] = out[1] = '.';
	}
	out[2] = '\0';
}

/* Is the terminator found left unmarked?  While a lesson question is open
   or one is still to come on this trace: some ask where it is, and a
   handout's memory panel never marks it either. */
static bool term_hidden(const struct wv_app *app)
{
	return app->quiz || app->nasked;
}

static enum wv_role mem_role(const struct wv_trace *t, size_t i, bool quiz)
{
	if (i == t->answer && !quiz)	/* its colour would say where it is */
		return WV_ROLE_TERM;
	switch (t->img.role[i]) {
	case WV_MEM_PRESTART:
		return WV_ROLE_PRESTART;
	case WV_MEM_STRING:
		return WV_ROLE_STRING;
	case WV_MEM_NUL:
	case WV_MEM_FILL:
		break;
	case WV_MEM_UNMAPPED:
		return WV_ROLE_DIM;
	}
	return WV_ROLE_FILL;
}

/* The mark under a memory byte: symbols, so monochrome shows them too. */
static void mem_mark(const struct wv_trace *t, size_t i, bool quiz, char out[3])
{
	out[0] = i == t->img.offset ? '>' : ' ';
	if (i == t->answer && !quiz)	/* a question may ask where it is */
		out[1] = wv_looks[WV_LOOK_ANSWER].sym;
	else if (t->img.role[i] == WV_MEM_PRESTART)
		out[1] = wv_looks[WV_LOOK_PRESTART].sym;
	else if (t->img.role[i] == WV_MEM_NUL)
		out[1] = wv_looks[WV_LOOK_NUL].sym;
	else if (t->img.role[i] == WV_MEM_FILL)
		out[1] = wv_looks[WV_LOOK_FILL].sym;
	else if (t->img.role[i] == WV_MEM_UNMAPPED)
		out[1] = wv_looks[WV_LOOK_UNMAPPED].sym;
	else
		out[1] = ' ';
	out[2] = '\0';
}

/* Memory bytes the current sub-step is about (its HILITE register bytes,
   as the rows show them: none while a question is open). */
static bool mem_focus(const struct wv_app *app, size_t word_addr, size_t i)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	struct wv_hide h = wv_view_hide(app);

	if (i < word_addr || i >= word_addr + t->word_bytes)
		return false;
	for (unsigned k = 0; k < sub->nrows; k++) {
		struct wv_row row;

		wv_hide_row(&h, t, app->pos, k, &row);
		if (row.width < 32)
			continue;
		for (unsigned r = 0; r < t->word_bytes; r++)
			if ((row.bytes[r] & WV_MARK_HILITE) &&
			    word_addr + t->reg_to_mem[r] == i)
				return true;
	}
	return false;
}

/* The memory byte the cursor is on (the bit cursor's byte), or SIZE_MAX. */
static size_t edit_byte(const struct wv_app *app)
{
	unsigned b;

	if (app->focus == WV_FOCUS_MEMORY)
		return app->cursor;
	if (app->focus == WV_FOCUS_BITS && wv_app_bits_row(app) >= 0)
		return wv_app_bit_byte(app, app->bit, &b);
	return SIZE_MAX;
}

int wv_view_memory(struct wv_frame *f, const struct wv_app *app, int y)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	const struct wv_step *st = &t->steps[sub->step];
	size_t nb = t->word_bytes, addr = t->words[st->word].address;
	size_t total = t->img.len / nb, cur = addr / nb;
	int per = 1 + 3 * (int)nb;	/* "|" and " xx" per byte */
	size_t nwin = (size_t)((f->cols - 6) / per), first;

	size_t cb = edit_byte(app);	/* the byte being edited, or none */

	if (nwin < 1)
		nwin = 1;
	if (nwin > total)
		nwin = total;
	first = cur > 0 && nwin >= 3 ? cur - 1 : cur;
	if (first + nwin > total)
		first = total - nwin;
	/* the window follows the cursor */
	if (cb < t->img.len && (cb / nb < first || cb / nb >= first + nwin)) {
		first = cb / nb > 0 && nwin >= 3 ? cb / nb - 1 : cb / nb;
		if (first + nwin > total)
			first = total - nwin;
	}

	int x = wv_frame_put(f, y, 0, WV_ROLE_HEADING, "Memory");
	x = wv_frame_printf(f, y, x, WV_ROLE_DIM, "  word %zu/%zu @0x%04zx",
			    cur + 1, total, addr);
	if (cb < t->img.len) {
		char g[3];

		glyph(t->img.mem[cb], g);
		if (app->focus == WV_FOCUS_BITS)
			wv_frame_printf(f, y, x, WV_ROLE_HEADING, "  bit %u = bit %u of @%zu",
					app->bit, app->bit % 8, cb);
		else
			wv_frame_printf(f, y, x, WV_ROLE_HEADING, "  edit @%zu = 0x%02x%s%s%s%s",
					cb, t->img.mem[cb], g[0] == '.' ? "" : " '",
					g[0] == '.' ? "" : g[0] == ' ' ? g + 1 : g,
					g[0] == '.' ? "" : "'",
					app->hex_first >= 0 ? "  (a 2nd digit completes it)"
					: app->await_char ? "  (type the character)" : "");
	} else {
		/* the marks' key; the page edge adds u, said shorter where it
		   must fit */
		char key[120];

		snprintf(key, sizeof(key), "  > start %c %s %c pre-start %c NUL %c fill%s%c%s",
			 wv_looks[WV_LOOK_ANSWER].sym, t->img.page_end &&
			 f->cols - x < 62 ? "end" : "terminator",
			 wv_looks[WV_LOOK_PRESTART].sym, wv_looks[WV_LOOK_NUL].sym,
			 wv_looks[WV_LOOK_FILL].sym, t->img.page_end ? " " : "",
			 t->img.page_end ? wv_looks[WV_LOOK_UNMAPPED].sym : ' ',
			 t->img.page_end ? " unmapped" : "");
		wv_frame_fit(f, y, x, f->cols - x, WV_ROLE_DIM, key);
	}
	wv_frame_put(f, y + 1, 0, WV_ROLE_LABEL, "addr");
	wv_frame_put(f, y + 2, 0, WV_ROLE_LABEL, "hex");
	wv_frame_put(f, y + 3, 0, WV_ROLE_LABEL, "char");
	wv_frame_put(f, y + 4, 0, WV_ROLE_LABEL, "mark");

	for (size_t w = first; w < first + nwin; w++) {
		int wx = 5 + (int)(w - first) * per;
		enum wv_role sep = w == cur ? WV_ROLE_HEADING : WV_ROLE_DIM;

		for (int k = 1; k <= 4; k++)
			wv_frame_put(f, y + k, wx, sep, "|");
		for (size_t j = 0; j < nb; j++) {
			size_t i = w * nb + j;
			int bx = wx + 1 + 3 * (int)j;
			enum wv_role role = mem_role(t, i, term_hidden(app));
			char g[3], m[3];

			glyph(t->img.mem[i], g);
			mem_mark(t, i, term_hidden(app), m);
			/* an unaligned load (hash_name's) straddles two words:
			   its own range is lit on the address row */
			wv_frame_printf(f, y + 1, bx, addr % nb && i >= addr &&
					i < addr + nb ? WV_ROLE_HEADING : WV_ROLE_DIM,
					" %02zx", i & 0xff);
			if (t->img.role[i] == WV_MEM_UNMAPPED)	/* no byte there */
				wv_frame_put(f, y + 2, bx + 1, role, "--");
			else
				wv_frame_printf(f, y + 2, bx + 1, role, "%02x", t->img.mem[i]);
			if (t->img.role[i] == WV_MEM_UNMAPPED)
				g[0] = g[1] = ' ';
			wv_frame_put(f, y + 3, bx + 1, role, g);
			wv_frame_put(f, y + 4, bx + 1, role, m);
			if (w == cur && mem_focus(app, addr, i))
				wv_frame_focus(f, y + 2, bx + 1, 2);
			if (t->img.role[i] != WV_MEM_UNMAPPED)
				for (int k = 1; k <= 4; k++)
					wv_frame_target(f, y + k, bx, 3, WV_TARGET_BYTE | (unsigned)i);
			if (i == cb) {	/* [61] and the cell itself */
				wv_frame_put(f, y + 2, bx, WV_ROLE_HEADING, "[");
				if (j + 1 < nb)
					wv_frame_put(f, y + 2, bx + 3, WV_ROLE_HEADING, "]");
				wv_frame_cursor(f, y + 2, bx + 1, 2);
				wv_frame_cursor(f, y + 3, bx + 1, 2);
			}
		}
		if (w + 1 == first + nwin)
			for (int k = 1; k <= 4; k++)
				wv_frame_put(f, y + k, wx + per, sep, "|");
	}
	return 5;
}

int wv_view_memory_line(struct wv_frame *f, const struct wv_app *app, int y, int x)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);
	size_t nb = t->word_bytes, addr = t->words[st->word].address;
	size_t from = addr >= nb ? addr - nb : 0, to = addr + 2 * nb;

	if (to > t->img.len)
		to = t->img.len;
	size_t cb = edit_byte(app);

	if (cb < t->img.len && (cb < from || cb >= to)) {	/* follow the cursor */
		from = cb / nb * nb;
		to = from + nb < t->img.len ? from + nb : t->img.len;
	}
	/* a byte past the page edge (u) is told under the strip's end: room
	   kept for it where one is among the bytes */
	int keep = 0;
	bool unmapped = false;

	for (size_t i = from; i < to; i++)
		if (t->img.role[i] == WV_MEM_UNMAPPED)
			keep = 12;	/* "  u unmapped" */
	x = wv_frame_printf(f, y, x, WV_ROLE_LABEL, "memory @%zu:", from);
	/* the first byte in the same column whether the loaded word starts
	   there or later: its boundary, or as wide a blank */
	if (from != addr)
		x = wv_frame_put(f, y, x, WV_ROLE_DIM, "  ");
	for (size_t i = from; i < to && x + 4 + keep <= f->cols; i++) {
		enum wv_role role = mem_role(t, i, term_hidden(app));

		if (i == addr || i == addr + nb)
			x = wv_frame_put(f, y, x, WV_ROLE_HEADING, " |");
		x = wv_frame_put(f, y, x, i == cb ? WV_ROLE_HEADING : WV_ROLE_DIM,
				 i == cb ? "[" : i == t->img.offset ? ">" : " ");
		/* its character under it: which byte is the '/'; past the page
		   edge no byte, "--" as the panel's hex, over the panel's mark u */
		char g[3];

		glyph(t->img.mem[i], g);
		if (t->img.role[i] == WV_MEM_UNMAPPED) {
			x = wv_frame_put(f, y, x, role, "--");
			g[0] = ' ';
			g[1] = wv_looks[WV_LOOK_UNMAPPED].sym;
			unmapped = true;
		} else {
			x = wv_frame_printf(f, y, x, role, "%02x", t->img.mem[i]);
		}
		wv_frame_put(f, y + 1, x - 2, role, g);
		if (t->img.role[i] != WV_MEM_UNMAPPED)
			wv_frame_target(f, y, x - 3, 3, WV_TARGET_BYTE | (unsigned)i);
		if (i == cb)
			wv_frame_cursor(f, y, x - 2, 2);
	}
	if (unmapped) {	/* the panel's key says it; the strip has only this */
		const char *means = "unmapped";

		for (const struct wv_look_legend *l = wv_look_legend_memory;
		     l->look != WV_LOOK_NONE; l++)
			if (l->look == WV_LOOK_UNMAPPED && x + 4 + (int)strlen(l->means)
			    <= f->cols)
				means = l->means;	/* "unmapped: no memory there" */
		wv_frame_printf(f, y + 1, x + 2, WV_ROLE_DIM, "%c %s",
				wv_looks[WV_LOOK_UNMAPPED].sym, means);
	}
	return 2;
}
