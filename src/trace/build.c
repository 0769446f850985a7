/*
 * The builder (see build.h): memory addresses of register bytes, steps,
 * sub-steps and rows grown as the trace is built, and the marks (zero byte,
 * flag, answer, kept byte) put on a row's bytes.  Calls only the public
 * headers; nothing here knows which kernel call it is drawing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "build.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- text helpers -------------------------------------------------------- */

/* Memory address of register byte r of the current word. */
size_t tr_addr_of(const struct builder *b, unsigned r)
{
	return cur_word(b)->address + b->t->reg_to_mem[r];
}

/*
 * Write the memory addresses of the register bytes in set (bit r = register
 * byte r) as "2", "2 and 4", "2, 4 and 6", in memory order.
 */
void tr_addr_list(const struct builder *b, unsigned set, char *out,
		  size_t size)
{
	unsigned nb = b->t->word_bytes, n = 0, total = 0;
	size_t used = 0;

	for (unsigned m = 0; m < nb; m++)
		if (set & (1u << b->t->reg_to_mem[m]))
			total++;
	out[0] = '\0';
	for (unsigned m = 0; m < nb; m++) {
		unsigned r = b->t->reg_to_mem[m];	/* memory m <-> register r */

		if (!(set & (1u << r)))
			continue;
		n++;
		used += (size_t)snprintf(out + used, used < size ? size - used : 0,
					 "%s%zu", n == 1 ? "" : n == total ? " and " : ", ",
					 tr_addr_of(b, r));
		if (used >= size)
			return;
	}
}

/* Register bytes of x that are non-zero, as a bit set. */
unsigned tr_nonzero_bytes(const struct builder *b, uint64_t x)
{
	unsigned set = 0;

	for (unsigned r = 0; r < b->t->word_bytes; r++)
		if ((x >> (8 * r)) & 0xff)
			set |= 1u << r;
	return set;
}

/* ---- building steps, sub-steps and rows ---------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void tr_step_open(struct builder *b, enum wv_step_kind kind,
		  const char *func, const char *file, const char *fmt, ...)
{
	struct wv_trace *t = b->t;
	struct wv_step *s;
	va_list ap;
	int n;

	if (b->err)
		return;
	if (t->nsteps == b->cap_steps) {
		size_t cap = b->cap_steps ? 2 * b->cap_steps : 16;
		struct wv_step *p = realloc(t->steps, cap * sizeof(*p));

		if (!p) {
			fail(b, -ENOMEM);
			return;
		}
		t->steps = p;
		b->cap_steps = cap;
	}
	b->step = t->nsteps++;
	s = &t->steps[b->step];
	*s = (struct wv_step){ .kind = kind, .word = b->word, .func = func,
			       .file = file, .first = t->nsubs };
	va_start(ap, fmt);
	n = vsnprintf(s->text, sizeof(s->text), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(s->text))	/* never cut a sentence */
		fail(b, -EOVERFLOW);
	s->general = strlen(s->text);
	b->mem_bytes = true;
}

/*
 * Append to text (after a blank) what only holds for this trace's values;
 * false when it does not fit (the text is then cut, and the caller fails
 * the build: a sentence is never shown cut).
 */
static bool add_detail(char *text, size_t size, const char *fmt, va_list ap)
{
	size_t n = strlen(text);
	int m;

	if (n && n + 1 < size)
		text[n++] = ' ';
	if (n >= size)
		return false;
	m = vsnprintf(text + n, size - n, fmt, ap);
	return m >= 0 && (size_t)m < size - n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void tr_step_detail(struct builder *b, const char *fmt, ...)
{
	va_list ap;

	if (b->err)
		return;
	va_start(ap, fmt);
	if (!add_detail(b->t->steps[b->step].text, WV_TEXT_MAX, fmt, ap))
		fail(b, -EOVERFLOW);
	va_end(ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void tr_sub_detail(struct builder *b, struct wv_substep *s, const char *fmt, ...)
{
	va_list ap;

	if (b->err)
		return;
	va_start(ap, fmt);
	if (!add_detail(s->text, sizeof(s->text), fmt, ap))
		fail(b, -EOVERFLOW);
	va_end(ap);
}

/* Set the open step's result. */
void tr_step_result(struct builder *b, uint64_t value, unsigned width)
{
	if (b->err)
		return;
	b->t->steps[b->step].result = value;
	b->t->steps[b->step].width = width;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
struct wv_substep *tr_sub_new(struct builder *b, enum wv_op op,
			      const char *expr, const char *fmt, ...)
{
	struct wv_trace *t = b->t;
	struct wv_substep *s;
	va_list ap;
	int n;

	if (b->err)
		return memset(&b->scratch, 0, sizeof(b->scratch));
	if (t->nsubs == b->cap_subs) {
		size_t cap = b->cap_subs ? 2 * b->cap_subs : 64;
		struct wv_substep *p = realloc(t->subs, cap * sizeof(*p));

		if (!p) {
			fail(b, -ENOMEM);
			return memset(&b->scratch, 0, sizeof(b->scratch));
		}
		t->subs = p;
		b->cap_subs = cap;
	}
	s = &t->subs[t->nsubs++];
	memset(s, 0, sizeof(*s));
	s->op = op;
	s->step = b->step;
	s->mem_columns = b->mem_bytes;
	snprintf(s->expr, sizeof(s->expr), "%s", expr);
	va_start(ap, fmt);
	n = vsnprintf(s->text, sizeof(s->text), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(s->text))	/* never cut a sentence */
		fail(b, -EOVERFLOW);
	s->general = strlen(s->text);
	t->steps[b->step].nsub++;
	return s;
}

/*
 * Append a row.  Word-wide rows that are not constants get the facts of the
 * bytes they stand for: pre-start bytes on the first word, the answer byte on
 * the word where the scan stops.
 */
struct wv_row *tr_row_from(struct builder *b, struct wv_row *r, enum wv_step_kind kind)
{
	const struct wv_trace *t = b->t;

	for (size_t i = b->step; i-- > 0;)
		if (t->steps[i].word == b->word && t->steps[i].kind == kind) {
			r->from = i + 1;
			break;
		}
	return r;
}

struct wv_row *tr_row_add(struct builder *b, struct wv_substep *s,
			  enum wv_row_kind kind, const char *label,
			  uint64_t value, unsigned width)
{
	const struct wv_trace *t = b->t;
	struct wv_row *row;

	if (s->nrows == WV_SUB_ROWS_MAX) {
		fail(b, -EPROTO);
		s = &b->scratch;
		s->nrows = 0;
	}
	row = &s->rows[s->nrows++];
	memset(row, 0, sizeof(*row));
	snprintf(row->label, sizeof(row->label), "%s", label);
	row->kind = kind;
	row->width = width;
	row->address = t->words[b->word].address;
	row->value = width == 0 || width == 64 ? value : value & wv_wmask(width);
	if (width != W(b) || kind == WV_ROW_CONST || !b->mem_bytes || b->err)
		return row;
	for (unsigned r = 0; r < t->word_bytes; r++) {
		if (tr_addr_of(b, r) < t->img.offset)
			row->bytes[r] |= WV_MARK_PRESTART;
		if (t->img.page_end && tr_addr_of(b, r) >= t->img.page_end)
			row->bytes[r] |= WV_MARK_UNMAPPED;
	}
	return row;
}

/* Is register byte r of the current word the terminator the scan finds? */
static bool is_answer(const struct builder *b, unsigned r)
{
	return b->t->scan.found && tr_addr_of(b, r) == b->t->answer;
}

/* Mark the zero bytes of an operand row, and the answer byte. */
void tr_mark_zero(const struct builder *b, struct wv_row *row)
{
	for (unsigned r = 0; r < b->t->word_bytes; r++) {
		if (((row->value >> (8 * r)) & 0xff) == 0)
			row->bytes[r] |= WV_MARK_ZERO;
		if (is_answer(b, r))
			row->bytes[r] |= WV_MARK_ANSWER;
	}
}

/*
 * Mark a row of flags: every non-zero byte is a flag; a flag whose byte is
 * non-zero in operand a (and, when two is set, in b as well) is a false
 * positive.  Highlights the flag bits.  Returns the false-positive set.
 */
unsigned tr_mark_flags(const struct builder *b, struct wv_row *row,
		       uint64_t a, bool two, uint64_t bv)
{
	unsigned fp = 0;

	for (unsigned r = 0; r < b->t->word_bytes; r++) {
		unsigned sh = 8 * r;

		if (is_answer(b, r))
			row->bytes[r] |= WV_MARK_ANSWER;
		if (((row->value >> sh) & 0xff) == 0)
			continue;
		row->bytes[r] |= WV_MARK_FLAG;
		if (((a >> sh) & 0xff) != 0 && (!two || ((bv >> sh) & 0xff) != 0)) {
			row->bytes[r] |= WV_MARK_FALSE_POS;
			fp |= 1u << r;
		}
	}
	row->bits = row->value;
	return fp;
}

/* Flags of the word where the scan stopped, against its a (and b). */
void tr_mark_flags_word(const struct builder *b, struct wv_row *row)
{
	const struct wv_word *wd = cur_word(b);

	tr_mark_flags(b, row, wd->value, b->t->in.delim >= 0, wd->delim_value);
}

/* Flags of a has_zero-like value of the current word, map or word. */
void tr_mark_any(const struct builder *b, struct wv_row *row)
{
	if (row->width == 8)
		tr_mark_bitmap(b, row);
	else
		tr_mark_flags_word(b, row);
}

/* For an 8-bit map (alpha): bit i stands for register byte i. */
void tr_mark_bitmap(const struct builder *b, struct wv_row *row)
{
	for (unsigned i = 0; i < 8; i++) {
		if (row->value & (UINT64_C(1) << i))
			row->bytes[i] |= WV_MARK_FLAG;
		if (is_answer(b, i))
			row->bytes[i] |= WV_MARK_ANSWER;
	}
	row->bits = row->value;
}

/* Mark the 0xff bytes of a byte mask as kept (the bytes before the zero). */
void tr_mark_kept(const struct builder *b, struct wv_row *row)
{
	for (unsigned r = 0; r < b->t->word_bytes; r++) {
		if (((row->value >> (8 * r)) & 0xff) == 0xff)
			row->bytes[r] |= WV_MARK_KEPT;
		if (is_answer(b, r))
			row->bytes[r] |= WV_MARK_ANSWER;
	}
}
