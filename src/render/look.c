/*
 * The looks every renderer without a terminal shares: symbols, words and
 * the choices of which byte and bit gets which.  See render/look.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/look.h"

#include <stdio.h>
#include <string.h>

const struct wv_look_style wv_looks[WV_LOOK_COUNT] = {
	[WV_LOOK_NONE] = { ' ', "", "none" },
	[WV_LOOK_HEAD] = { ' ', "", "head" },
	[WV_LOOK_EXPR] = { ' ', "", "expr" },
	[WV_LOOK_PRESTART] = { '-', "pre", "prestart" },
	[WV_LOOK_ZERO] = { '0', "zero", "zero" },
	[WV_LOOK_FLAG] = { '*', "flag", "flag" },
	[WV_LOOK_FALSE_POS] = { '!', "false", "false-pos" },
	[WV_LOOK_ANSWER] = { '=', "first", "answer" },
	[WV_LOOK_KEPT] = { 'k', "kept", "kept" },
	[WV_LOOK_CHAIN] = { '\'', "", "chain" },
	[WV_LOOK_HILITE] = { '^', "", "hilite" },
	[WV_LOOK_FILL] = { 'f', "fill", "fill" },
	[WV_LOOK_STRING] = { 's', "string", "string" },
	[WV_LOOK_NUL] = { 'n', "NUL", "nul" },
	[WV_LOOK_UNMAPPED] = { 'u', "unmap", "unmapped" },
};

const struct wv_look_legend wv_look_legend_marks[] = {
	{ WV_LOOK_FLAG, "flag" },
	{ WV_LOOK_FALSE_POS, "false positive" },
	{ WV_LOOK_ANSWER, "first terminator (the answer)" },
	{ WV_LOOK_ZERO, "zero byte" },
	{ WV_LOOK_PRESTART, "pre-start" },
	{ WV_LOOK_KEPT, "kept by zero_bytemask" },
	{ WV_LOOK_HILITE, "bits a step is about" },
	{ WV_LOOK_UNMAPPED, "unmapped" },
	{ WV_LOOK_NONE, NULL },
};

const struct wv_look_legend wv_look_legend_memory[] = {
	{ WV_LOOK_PRESTART, "pre-start (fill before the string)" },
	{ WV_LOOK_STRING, "the word as typed" },
	{ WV_LOOK_NUL, "the NUL after it" },
	{ WV_LOOK_FILL, "fill" },
	{ WV_LOOK_UNMAPPED, "unmapped: no memory there" },
	{ WV_LOOK_NONE, NULL },
};

/* Byte marks in the order they are told, most important first. */
static const struct {
	unsigned mark;
	enum wv_look look;
} mark_looks[] = {
	{ WV_MARK_ANSWER, WV_LOOK_ANSWER },
	{ WV_MARK_FALSE_POS, WV_LOOK_FALSE_POS },
	{ WV_MARK_FLAG, WV_LOOK_FLAG },
	{ WV_MARK_UNMAPPED, WV_LOOK_UNMAPPED },
	{ WV_MARK_ZERO, WV_LOOK_ZERO },
	{ WV_MARK_KEPT, WV_LOOK_KEPT },
	{ WV_MARK_PRESTART, WV_LOOK_PRESTART },
};

#define NMARKS (sizeof(mark_looks) / sizeof(mark_looks[0]))

enum wv_look wv_look_byte(unsigned marks)
{
	for (size_t i = 0; i < NMARKS; i++)
		if (marks & mark_looks[i].mark)
			return mark_looks[i].look;
	return WV_LOOK_NONE;
}

enum wv_look wv_look_shown(unsigned marks, bool hide)
{
	return wv_look_byte(hide ? marks & ~(unsigned)WV_MARK_ANSWER : marks);
}

enum wv_look wv_look_syms(unsigned marks, bool hide, char syms[4])
{
	size_t n = 0;

	if (hide)	/* not while asking */
		marks &= ~(unsigned)WV_MARK_ANSWER;
	for (size_t i = 0; i < NMARKS && n < 3; i++) {
		if (!(marks & mark_looks[i].mark))
			continue;
		if (mark_looks[i].mark == WV_MARK_FLAG && (marks & WV_MARK_FALSE_POS))
			continue;
		syms[n++] = wv_looks[mark_looks[i].look].sym;
	}
	syms[n] = '\0';
	return wv_look_byte(marks);
}

enum wv_look wv_look_bit(const struct wv_row *row, unsigned bit, bool hide)
{
	enum wv_look look = wv_look_shown(row->bytes[bit / 8], hide);
	bool lit = (row->bits & (UINT64_C(1) << bit)) != 0 && !hide;

	if (row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
		return lit ? WV_LOOK_CHAIN : WV_LOOK_NONE;
	if (lit && (look == WV_LOOK_NONE || look == WV_LOOK_KEPT ||
		    look == WV_LOOK_ZERO || look == WV_LOOK_PRESTART))
		return WV_LOOK_HILITE;
	return look;
}

bool wv_look_caret_line(const struct wv_row *row, bool hide)
{
	return row->bits && row->bits != row->value && row->kind != WV_ROW_BORROW &&
	       row->kind != WV_ROW_CARRY && !hide;
}

enum wv_look wv_look_mem(const struct wv_trace *t, size_t i)
{
	switch (t->img.role[i]) {
	case WV_MEM_PRESTART: return WV_LOOK_PRESTART;
	case WV_MEM_STRING: return WV_LOOK_STRING;
	case WV_MEM_NUL: return WV_LOOK_NUL;
	case WV_MEM_UNMAPPED: return WV_LOOK_UNMAPPED;
	default: return WV_LOOK_FILL;
	}
}

enum wv_look_edge wv_look_edge(const struct wv_trace *t, size_t base, size_t i)
{
	if (i == base || i % t->word_bytes != 0)
		return WV_EDGE_NONE;
	return t->img.page_end && i == t->img.page_end ? WV_EDGE_PAGE : WV_EDGE_WORD;
}

void wv_look_char(char cell[3], uint8_t c)
{
	static const char esc[] = { [0] = '0', ['\a'] = 'a', ['\b'] = 'b',
				    ['\t'] = 't', ['\n'] = 'n', ['\v'] = 'v',
				    ['\f'] = 'f', ['\r'] = 'r' };

	if (c < sizeof(esc) && esc[c]) {
		cell[0] = '\\';
		cell[1] = esc[c];
	} else if (c == 0x1b) {
		cell[0] = '\\';
		cell[1] = 'e';
	} else if (c >= 0x20 && c < 0x7f) {
		cell[0] = ' ';
		cell[1] = (char)c;
	} else {
		cell[0] = ' ';
		cell[1] = '.';
	}
	cell[2] = '\0';
}

const char *wv_look_general(const char *text, size_t general, bool hide,
			    char *buf, size_t size)
{
	if (!hide || general >= strlen(text))
		return text;
	snprintf(buf, size, "%.*s", (int)general, text);
	return buf;
}

const char *wv_look_word(const struct wv_trace *t, const char *word_src,
			 char *buf, size_t size)
{
	size_t n = 0;

	if (word_src)
		return word_src;
	buf[0] = '\0';
	for (size_t i = 0; i < t->in.word_len && n + 5 <= size; i++) {
		uint8_t c = t->in.word[i];

		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"')
			buf[n++] = (char)c;
		else
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/* The address of the word sub-step k of t is about. */
static size_t sub_address(const struct wv_trace *t, size_t k)
{
	return t->words[t->steps[t->subs[k].step].word].address;
}

/* Byte at memory address `at` of a word row whose word starts at base. */
static int row_byte(const struct wv_trace *t, const struct wv_row *row, size_t base,
		    size_t at)
{
	for (unsigned r = 0; r < t->word_bytes; r++)
		if (base + t->reg_to_mem[r] == at)
			return (int)(row->value >> (8 * r) & 0xff);
	return -1;
}

/* The kind of row r is, for matching: borrows and carries alike (the
   chain of a subtraction stands where an addition's does). */
static enum wv_row_kind match_kind(const struct wv_row *r)
{
	return r->kind == WV_ROW_CARRY ? WV_ROW_BORROW : r->kind;
}

/* How many rows of s, not yet used (used[r]), are labelled label. */
static unsigned free_named(const struct wv_substep *s, const bool *used, const char *label)
{
	unsigned n = 0;

	for (unsigned r = 0; r < s->nrows; r++)
		n += !used[r] && strcmp(s->rows[r].label, label) == 0;
	return n;
}

/* Is s a shift (its rows: the value shifted, the count, the result)? */
static bool is_shift(const struct wv_substep *s)
{
	return s->op == WV_OP_SHL || s->op == WV_OP_SHR;
}

/*
 * Which row of b stands where each row of a does (ma[i], -1 none), one
 * row for one row, the same pairs whichever of the two comes first: the
 * rows of the same label and kind, in order; a label that is left once on
 * each side, whatever the kinds; then, of the rows still left, the nth of
 * a kind (an input, a constant, a chain, the result) with the nth, a
 * shift's count only with a count; last, in two shifts, an operand left
 * with one in its place (the value shifted with the value, whatever its
 * kind).  x86-64's and (a - ONES, ~a, HIGHS, flags) against ppc64's (sum,
 * ~data, flags): flags with flags, a - ONES with sum, ~a with ~data; HIGHS
 * none (ppc64 folds it into ~data = ~(a | LOW7)).  x86-64's below >> 7
 * against ppc64's ~1 << n: bytemask with bytemask, below with ~1; n none.
 */
static void match_rows(const struct wv_substep *a, const struct wv_substep *b, int *ma)
{
	bool ua[WV_SUB_ROWS_MAX] = { false }, ub[WV_SUB_ROWS_MAX] = { false };
	bool shifts = is_shift(a) && is_shift(b);

	for (unsigned i = 0; i < a->nrows; i++)
		ma[i] = -1;
	for (int pass = 0; pass < 4; pass++)
		for (unsigned i = 0; i < a->nrows; i++)
			for (unsigned j = 0; j < b->nrows && !ua[i]; j++) {
				const struct wv_row *r = &a->rows[i], *m = &b->rows[j];
				bool named = strcmp(r->label, m->label) == 0;
				bool kind = match_kind(r) == match_kind(m);
				bool place = r->count == m->count;
				bool operand = r->kind != WV_ROW_RESULT &&
					       m->kind != WV_ROW_RESULT;

				if (ub[j] || (pass == 0 && !(named && kind)) ||
				    (pass == 1 && !(named && free_named(a, ua, r->label) == 1 &&
						    free_named(b, ub, r->label) == 1)) ||
				    (pass == 2 && !(kind && place)) ||
				    (pass == 3 && !(shifts && operand && place)))
					continue;
				ma[i] = (int)j;
				ua[i] = ub[j] = true;
			}
}

void wv_look_match(const struct wv_substep *a, const struct wv_substep *b, int *ma)
{
	match_rows(a, b, ma);
}

uint32_t wv_look_differ(const struct wv_trace *t, size_t k, const struct wv_trace *o,
			size_t ok)
{
	const struct wv_substep *a = &t->subs[k], *b = &o->subs[ok];
	size_t ta = sub_address(t, k), oa = sub_address(o, ok);
	uint32_t d = 0;
	int ma[WV_SUB_ROWS_MAX];

	_Static_assert(WV_SUB_ROWS_MAX <= 32, "a row a bit of the result");
	match_rows(a, b, ma);
	for (unsigned i = 0; i < a->nrows && i < WV_SUB_ROWS_MAX; i++) {
		const struct wv_row *r = &a->rows[i], *m;
		int j = ma[i];

		if (j < 0)	/* not different: alone (wv_look_alone) */
			continue;
		m = &b->rows[j];
		if ((r->width < 32) != (m->width < 32)) {
			d |= UINT32_C(1) << i;
			continue;
		}
		if (r->width < 32) {
			d |= (uint32_t)(r->value != m->value) << i;
			continue;
		}
		for (size_t at = ta; at < ta + t->word_bytes; at++) {
			int x = row_byte(t, r, ta, at), y = row_byte(o, m, oa, at);

			if (x >= 0 && y >= 0 && x != y)
				d |= UINT32_C(1) << i;
		}
	}
	return d;
}

uint32_t wv_look_alone(const struct wv_trace *t, size_t k, const struct wv_trace *o,
		       size_t ok)
{
	const struct wv_substep *a = &t->subs[k], *b = &o->subs[ok];
	uint32_t d = 0;
	int ma[WV_SUB_ROWS_MAX];

	match_rows(a, b, ma);
	for (unsigned i = 0; i < a->nrows && i < WV_SUB_ROWS_MAX; i++)
		d |= (uint32_t)(ma[i] < 0) << i;
	return d;
}

size_t wv_look_pair(const struct wv_trace *t, size_t k, const struct wv_trace *o)
{
	const struct wv_step *st = wv_trace_step_of(t, k);
	size_t addr = t->words[st->word].address, w = addr / o->word_bytes, j;
	unsigned nth, on;
	enum wv_sub_means m = wv_trace_sub_means(t, k, &nth);

	if (w >= o->nwords)
		return (size_t)-1;
	j = wv_trace_find(o, st->kind, w);
	if (j >= o->nsubs)
		return (size_t)-1;
	st = wv_trace_step_of(o, j);
	for (size_t i = st->first; i < st->first + st->nsub; i++)
		if (wv_trace_sub_means(o, i, &on) == m && on == nth)
			return i;
	return (size_t)-1;
}
