/*
 * The step engine: the core's scan record turned into steps and sub-steps a
 * teacher would draw (see watviz/trace.h for the model).
 *
 * Values: every word value, has_zero, data, prep, create, find and
 * zero_bytemask come from struct wv_word / struct wv_scan (wv_wat_scan) or
 * from the variant's function pointers.  Sub-step intermediates (a - ONES,
 * ~a, borrow and carry rows, partial products, counted bits) are built from
 * the helpers of watviz/wordops.h, and each chain of sub-steps is checked to
 * end at the core's value; a mismatch makes wv_trace_build fail with -EPROTO.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/wordops.h"

#define PATH_STRNLEN "lib/strnlen_user.c"
#define PATH_NAMEI "fs/namei.c"

/* While building: the trace and where we are. */
struct builder {
	struct wv_trace *t;
	size_t cap_steps, cap_subs;
	int err;		/* first error, 0 while all is well */
	size_t word;		/* index of the word being described */
	size_t step;		/* index of the open step */
	bool mem_bytes;		/* rows' bytes stand for memory bytes (false
				   inside a multiply or an add trick) */
	struct wv_substep scratch;	/* where sub-steps and rows go once
					   building has failed */
};

static unsigned W(const struct builder *b)
{
	return b->t->v->bits;
}

static uint64_t M(const struct builder *b)
{
	return wv_wmask(b->t->v->bits);
}

static bool is_be(const struct builder *b)
{
	return b->t->v->endian == WV_BIG;
}

static void fail(struct builder *b, int err)
{
	if (!b->err)
		b->err = err;
}

/* The core's value and ours must agree; a disagreement is a bug somewhere. */
static void check(struct builder *b, uint64_t ours, uint64_t core)
{
	if (ours != core)
		fail(b, -EPROTO);
}

static const struct wv_word *cur_word(const struct builder *b)
{
	return &b->t->words[b->word];
}

/* ---- text helpers -------------------------------------------------------- */

/* Memory address of register byte r of the current word. */
static size_t addr_of(const struct builder *b, unsigned r)
{
	return cur_word(b)->address + b->t->reg_to_mem[r];
}

/*
 * Write the memory addresses of the register bytes in set (bit r = register
 * byte r) as "2", "2 and 4", "2, 4 and 6", in memory order.
 */
static void addr_list(const struct builder *b, unsigned set, char *out,
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
					 addr_of(b, r));
		if (used >= size)
			return;
	}
}

/* Register bytes of x that are non-zero, as a bit set. */
static unsigned nonzero_bytes(const struct builder *b, uint64_t x)
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
static void step_open(struct builder *b, enum wv_step_kind kind,
		      const char *func, const char *file, const char *fmt, ...)
{
	struct wv_trace *t = b->t;
	struct wv_step *s;
	va_list ap;

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
	vsnprintf(s->text, sizeof(s->text), fmt, ap);
	va_end(ap);
	s->general = strlen(s->text);
	b->mem_bytes = true;
}

/* Append to text (after a blank) what only holds for this trace's values. */
static void add_detail(char *text, size_t size, const char *fmt, va_list ap)
{
	size_t n = strlen(text);

	if (n && n + 1 < size)
		text[n++] = ' ';
	if (n < size)
		vsnprintf(text + n, size - n, fmt, ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void step_detail(struct builder *b, const char *fmt, ...)
{
	va_list ap;

	if (b->err)
		return;
	va_start(ap, fmt);
	add_detail(b->t->steps[b->step].text, WV_TEXT_MAX, fmt, ap);
	va_end(ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void sub_detail(struct wv_substep *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_detail(s->text, sizeof(s->text), fmt, ap);
	va_end(ap);
}

/* Set the open step's result. */
static void step_result(struct builder *b, uint64_t value, unsigned width)
{
	if (b->err)
		return;
	b->t->steps[b->step].result = value;
	b->t->steps[b->step].width = width;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static struct wv_substep *sub_new(struct builder *b, enum wv_op op,
				  const char *expr, const char *fmt, ...)
{
	struct wv_trace *t = b->t;
	struct wv_substep *s;
	va_list ap;

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
	vsnprintf(s->text, sizeof(s->text), fmt, ap);
	va_end(ap);
	s->general = strlen(s->text);
	t->steps[b->step].nsub++;
	return s;
}

/*
 * Append a row.  Word-wide rows that are not constants get the facts of the
 * bytes they stand for: pre-start bytes on the first word, the answer byte on
 * the word where the scan stops.
 */
static struct wv_row *row_add(struct builder *b, struct wv_substep *s,
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
	row->value = width == 0 || width == 64 ? value : value & wv_wmask(width);
	if (width != W(b) || kind == WV_ROW_CONST || !b->mem_bytes || b->err)
		return row;
	for (unsigned r = 0; r < t->word_bytes; r++) {
		if (addr_of(b, r) < t->img.offset)
			row->bytes[r] |= WV_MARK_PRESTART;
		if (t->img.page_end && addr_of(b, r) >= t->img.page_end)
			row->bytes[r] |= WV_MARK_UNMAPPED;
	}
	return row;
}

/* Is register byte r of the current word the terminator the scan finds? */
static bool is_answer(const struct builder *b, unsigned r)
{
	return b->t->scan.found && addr_of(b, r) == b->t->answer;
}

/* Mark the zero bytes of an operand row, and the answer byte. */
static void mark_zero(const struct builder *b, struct wv_row *row)
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
static unsigned mark_flags(const struct builder *b, struct wv_row *row,
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
static void mark_flags_word(const struct builder *b, struct wv_row *row)
{
	const struct wv_word *wd = cur_word(b);

	mark_flags(b, row, wd->value, b->t->in.delim >= 0, wd->delim_value);
}

static void mark_bitmap(const struct builder *b, struct wv_row *row);

/* Flags of a has_zero-like value of the current word, map or word. */
static void mark_any(const struct builder *b, struct wv_row *row)
{
	if (row->width == 8)
		mark_bitmap(b, row);
	else
		mark_flags_word(b, row);
}

/* For an 8-bit map (alpha): bit i stands for register byte i. */
static void mark_bitmap(const struct builder *b, struct wv_row *row)
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
static void mark_kept(const struct builder *b, struct wv_row *row)
{
	for (unsigned r = 0; r < b->t->word_bytes; r++) {
		if (((row->value >> (8 * r)) & 0xff) == 0xff)
			row->bytes[r] |= WV_MARK_KEPT;
		if (is_answer(b, r))
			row->bytes[r] |= WV_MARK_ANSWER;
	}
}

/* ---- shared sub-step chains ---------------------------------------------- */

/* x - y, drawn with its borrow row; returns x - y in the word width. */
static uint64_t draw_sub(struct builder *b, struct wv_substep *s,
			 const char *xl, uint64_t x, enum wv_row_kind yk,
			 const char *yl, uint64_t y, const char *rl,
			 unsigned width)
{
	uint64_t m = width ? wv_wmask(width) : UINT64_MAX;
	uint64_t d = (x - y) & m;
	struct wv_row *br;

	row_add(b, s, WV_ROW_INPUT, xl, x, width);
	row_add(b, s, yk, yl, y, width);
	/* bit i of x ^ y ^ (x - y) is the borrow that came into bit i */
	br = row_add(b, s, WV_ROW_BORROW, "borrow", (x ^ y ^ d) & m, width);
	br->bits = br->value;
	row_add(b, s, WV_ROW_RESULT, rl, d, width);
	return d;
}

/* x + y, drawn with its carry row; returns x + y in the word width. */
static uint64_t draw_add(struct builder *b, struct wv_substep *s,
			 const char *xl, uint64_t x, enum wv_row_kind yk,
			 const char *yl, uint64_t y, const char *rl,
			 unsigned width)
{
	uint64_t m = width ? wv_wmask(width) : UINT64_MAX;
	uint64_t sum = (x + y) & m;
	struct wv_row *cr;

	row_add(b, s, WV_ROW_INPUT, xl, x, width);
	row_add(b, s, yk, yl, y, width);
	cr = row_add(b, s, WV_ROW_CARRY, "carry", (x ^ y ^ sum) & m, width);
	cr->bits = cr->value;
	row_add(b, s, WV_ROW_RESULT, rl, sum, width);
	return sum;
}

/* Register bytes into which a borrow or carry crossed from the byte below. */
static unsigned crossed_bytes(const struct builder *b, uint64_t chain)
{
	unsigned set = 0;

	for (unsigned r = 1; r < b->t->word_bytes; r++)
		if (chain & (UINT64_C(1) << (8 * r)))
			set |= 1u << r;
	return set;
}

/*
 * F(x) = (x - ONES) & ~x & HIGHS in three sub-steps, for operand x called xl.
 * Returns F(x) and the false-positive set in *fp.
 */
static uint64_t draw_cheap(struct builder *b, const char *xl, uint64_t x,
			   unsigned *fp)
{
	unsigned w = W(b);
	char e[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;
	uint64_t d, nx, f;

	snprintf(e, sizeof(e), "%s - ONES", xl);
	snprintf(l1, sizeof(l1), "%s - ONES", xl);
	d = (x - wv_ones(w)) & M(b);
	addr_list(b, crossed_bytes(b, x ^ wv_ones(w) ^ d), lst, sizeof(lst));
	s = sub_new(b, WV_OP_SUB, e,
		    "Subtract 0x01 from every byte at once. A zero byte cannot give 1, "
		    "so it borrows from the byte above it (the borrow row) and becomes "
		    "0xff, or 0xfe when a borrow also came into it from below; a 0x01 "
		    "byte that receives such a borrow becomes 0xff.");
	sub_detail(s, "%s%s%s", lst[0] ? "Here a borrow crosses from the byte below "
		   "into memory " : "Here no borrow crosses a byte boundary.", lst,
		   lst[0] ? "." : "");
	draw_sub(b, s, xl, x, WV_ROW_CONST, "ONES", wv_ones(w), l1, w);
	mark_zero(b, &s->rows[0]);

	snprintf(e, sizeof(e), "~%s", xl);
	snprintf(l2, sizeof(l2), "~%s", xl);
	s = sub_new(b, WV_OP_NOT, e,
		    "Invert %s: bit 7 of a byte is now set exactly when the byte was "
		    "below 0x80, so 0x80 and above can never be flagged.", xl);
	mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
	nx = ~x & M(b);
	row_add(b, s, WV_ROW_RESULT, l2, nx, w);

	snprintf(e, sizeof(e), "(%s - ONES) & ~%s & HIGHS", xl, xl);
	f = d & nx & wv_highs(w);
	s = sub_new(b, WV_OP_AND, e, "%s", "");
	row_add(b, s, WV_ROW_INPUT, l1, d, w);
	row_add(b, s, WV_ROW_INPUT, l2, nx, w);
	row_add(b, s, WV_ROW_CONST, "HIGHS", wv_highs(w), w);
	r = row_add(b, s, WV_ROW_RESULT, "flags", f, w);
	*fp = mark_flags(b, r, x, false, 0);
	addr_list(b, nonzero_bytes(b, f), lst, sizeof(lst));
	snprintf(s->text, sizeof(s->text),
		 "Keep bit 7 of a byte only where it is set after the subtraction and "
		 "clear in %s: a zero byte, or a 0x01 byte that a borrow reached.", xl);
	s->general = strlen(s->text);
	sub_detail(s, "%s%s%s", lst[0] ? "Flags at memory " : "No flags: no byte of "
		   "this word is zero.", lst, lst[0] ? "." : "");
	check(b, f, wv_cheap_zero(x, w));
	return f;
}

/*
 * E(x) = ~(((x & LOW7) + LOW7) | x | LOW7), or with rhs (the big-endian
 * prep_zero_mask) ~(((x & LOW7) + LOW7) | rhs), in four sub-steps.
 */
static uint64_t draw_exact(struct builder *b, const char *xl, uint64_t x,
			   const char *rhsl, uint64_t rhs)
{
	unsigned w = W(b);
	uint64_t low7 = wv_low7(w), t1, t2, t3, e;
	char ex[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;

	snprintf(ex, sizeof(ex), "%s & LOW7", xl);
	snprintf(l1, sizeof(l1), "%s & LOW7", xl);
	s = sub_new(b, WV_OP_AND, ex,
		    "Clear bit 7 of every byte of %s, so that the addition that follows "
		    "can never carry out of a byte.", xl);
	mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
	row_add(b, s, WV_ROW_CONST, "LOW7", low7, w);
	t1 = x & low7;
	row_add(b, s, WV_ROW_RESULT, l1, t1, w);

	snprintf(ex, sizeof(ex), "(%s & LOW7) + LOW7", xl);
	snprintf(l2, sizeof(l2), "+ LOW7");
	s = sub_new(b, WV_OP_ADD, ex,
		    "Add 0x7f to every byte's low 7 bits: bit 7 comes out set exactly "
		    "when those bits were not all zero. The carry row shows the carries "
		    "stay inside each byte, so unlike the subtraction no byte can "
		    "disturb its neighbour.");
	t2 = draw_add(b, s, l1, t1, WV_ROW_CONST, "LOW7", low7, l2, w);

	if (rhsl) {
		snprintf(ex, sizeof(ex), "(...) | %s", rhsl);
		s = sub_new(b, WV_OP_OR, ex,
			    "OR in %s (a | LOW7, kept by has_zero): bit 7 is now clear "
			    "only in bytes whose low bits were zero and whose own bit 7 "
			    "was clear, the zero bytes.", rhsl);
		row_add(b, s, WV_ROW_INPUT, l2, t2, w);
		row_add(b, s, WV_ROW_INPUT, rhsl, rhs, w);
		t3 = t2 | rhs;
	} else {
		snprintf(ex, sizeof(ex), "(...) | %s | LOW7", xl);
		s = sub_new(b, WV_OP_OR, ex,
			    "OR in %s (bit 7 of bytes 0x80 and above) and LOW7 (all low "
			    "bits): bit 7 is now clear only in the zero bytes.", xl);
		row_add(b, s, WV_ROW_INPUT, l2, t2, w);
		mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
		row_add(b, s, WV_ROW_CONST, "LOW7", low7, w);
		t3 = t2 | x | low7;
	}
	row_add(b, s, WV_ROW_RESULT, "or", t3, w);

	e = ~t3 & M(b);
	s = sub_new(b, WV_OP_NOT, "~(...)", "%s", "");
	row_add(b, s, WV_ROW_INPUT, "or", t3, w);
	r = row_add(b, s, WV_ROW_RESULT, "exact", e, w);
	mark_flags(b, r, x, false, 0);
	addr_list(b, nonzero_bytes(b, e), lst, sizeof(lst));
	snprintf(s->text, sizeof(s->text),
		 "Invert: 0x80 in exactly the zero bytes and nowhere else (no "
		 "borrow, so no false positives).");
	s->general = strlen(s->text);
	sub_detail(s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is zero.",
		   lst, lst[0] ? "." : "");
	check(b, e, wv_exact_zero(x, w));
	return e;
}

/* ((bits - 1) & ~bits) in three sub-steps; the caller shifts or counts. */
static uint64_t draw_below_lowest(struct builder *b, const char *bl,
				  uint64_t bits)
{
	unsigned w = W(b);
	char ex[WV_EXPR_MAX], l1[WV_ROW_LABEL_MAX], l2[WV_ROW_LABEL_MAX];
	struct wv_substep *s;
	uint64_t d, nb, t;

	snprintf(ex, sizeof(ex), "%s - 1", bl);
	snprintf(l1, sizeof(l1), "%s - 1", bl);
	s = sub_new(b, WV_OP_SUB, ex,
		    "Subtract 1: the borrow runs up from bit 0 to the lowest set bit "
		    "(the flag of the first zero), clearing it and setting every bit "
		    "below it.");
	d = draw_sub(b, s, bl, bits, WV_ROW_CONST, "1", 1, l1, w);
	mark_flags_word(b, &s->rows[0]);

	snprintf(ex, sizeof(ex), "~%s", bl);
	snprintf(l2, sizeof(l2), "~%s", bl);
	s = sub_new(b, WV_OP_NOT, ex,
		    "Invert the flags, so that the AND below drops every flag.");
	mark_flags_word(b, row_add(b, s, WV_ROW_INPUT, bl, bits, w));
	nb = ~bits & M(b);
	row_add(b, s, WV_ROW_RESULT, l2, nb, w);

	snprintf(ex, sizeof(ex), "(%s - 1) & ~%s", bl, bl);
	t = d & nb;
	s = sub_new(b, WV_OP_AND, ex,
		    "Keep only the ones below the lowest set bit, whatever sits above "
		    "it.");
	if (wv___ffs(bits, w) == 0)
		sub_detail(s, "Here that is bit 0: there are none, so the result is 0.");
	else
		sub_detail(s, "Here that is bit %u: bits 0 to %u.", wv___ffs(bits, w),
			   wv___ffs(bits, w) - 1);
	row_add(b, s, WV_ROW_INPUT, l1, d, w);
	row_add(b, s, WV_ROW_INPUT, l2, nb, w);
	row_add(b, s, WV_ROW_RESULT, "below", t, w)->bits = t;
	return t;
}

/* ((bits - 1) & ~bits) >> 7: the byte mask, checked against wordops.h. */
static uint64_t draw_bytemask(struct builder *b, const char *bl, uint64_t bits)
{
	unsigned w = W(b);
	uint64_t t = draw_below_lowest(b, bl, bits), m = t >> 7;
	char ex[WV_EXPR_MAX];
	struct wv_substep *s;

	snprintf(ex, sizeof(ex), "((%s - 1) & ~%s) >> 7", bl, bl);
	s = sub_new(b, WV_OP_SHR, ex,
		    "Shift right by 7: 0xff in each byte before the first zero and 0 "
		    "from it on, the byte mask 2^(8k) - 1.");
	row_add(b, s, WV_ROW_INPUT, "below", t, w);
	mark_kept(b, row_add(b, s, WV_ROW_RESULT, "bytemask", m, w));
	check(b, m, wv_flags_to_bytemask(bits, w));
	return m;
}

/* Bits of a w-bit x above its top set bit (the ones clz counts). */
static uint64_t leading_zero_bits(uint64_t x, unsigned w)
{
	unsigned c = wv_clz(x, w);

	return c == 0 ? 0 : wv_wmask(w) & ~wv_wmask(w - c);
}

/* Bits below the lowest set bit of x (the ones ctz counts). */
static uint64_t trailing_zero_bits(uint64_t x, unsigned w)
{
	return wv_wmask(wv_ctz(x, w));
}

/* ---- the steps ----------------------------------------------------------- */

/* The sentence on CONFIG_DCACHE_WORD_ACCESS for hash_name on this variant. */
static const char *dcache_sentence(const struct wv_variant *v, char *buf,
				   size_t size)
{
	switch (v->dcache_kind) {
	case WV_DCACHE_YES:
		snprintf(buf, size, "On %s this is the kernel's own path: %s "
			 "(fs/namei.c uses this hash_name only under "
			 "CONFIG_DCACHE_WORD_ACCESS).", v->name, v->dcache);
		break;
	case WV_DCACHE_NO:
		snprintf(buf, size, "Not what the kernel runs on %s: %s, so "
			 "there hash_name (fs/namei.c) reads the name a byte at a "
			 "time. Shown here: the word-at-a-time hash_name run on %s's "
			 "helpers, for comparison.", v->name, v->dcache, v->name);
		break;
	case WV_DCACHE_USER:
		snprintf(buf, size, "fs/namei.c uses this hash_name only under "
			 "CONFIG_DCACHE_WORD_ACCESS; for %s %s, and without it "
			 "hash_name reads a byte at a time.", v->kernel_path,
			 v->dcache);
		break;
	}
	return buf;
}

bool wv_trace_hash_name_what_if(const struct wv_trace *t)
{
	return t->in.delim >= 0 && t->v->dcache_kind != WV_DCACHE_YES;
}

const char *wv_trace_loop_note(const struct wv_trace *t, char *buf, size_t size)
{
	char dc[WV_TEXT_MAX];

	if (t->in.delim < 0)
		snprintf(buf, size, "do_strnlen_user (lib/strnlen_user.c): aligned "
			 "loads, stops at a NUL.");
	else
		snprintf(buf, size, "hash_name (fs/namei.c): unaligned loads from "
			 "the name, stops at a NUL or at 0x%02x (the kernel's is "
			 "'/'). %s", t->in.delim,
			 dcache_sentence(t->v, dc, sizeof(dc)));
	return buf;
}

/* "memory 8 to 10", or "memory 8" for one byte. */
static void range(char *buf, size_t size, size_t from, size_t to)
{
	if (from == to)
		snprintf(buf, size, "memory %zu", from);
	else
		snprintf(buf, size, "memory %zu to %zu", from, to);
}

/*
 * What the load of the current word has to do with the page edge, as a
 * sentence starting with a space ("" without a page edge).
 */
static const char *edge_sentence(const struct builder *b, char *buf, size_t size)
{
	const struct wv_word *wd = cur_word(b);
	size_t edge = b->t->img.page_end, last = wd->address + b->t->word_bytes - 1;

	if (!edge)
		snprintf(buf, size, "%s", "");
	else if (wd->zeropad)
		snprintf(buf, size, " It runs across the page edge at %zu.", edge);
	else if (b->t->in.delim >= 0)
		snprintf(buf, size, " They end at memory %zu, before the page edge "
			 "at %zu, so this load does not fault.", last, edge);
	else
		snprintf(buf, size, " It ends at memory %zu, before the page edge at "
			 "%zu: the page edge is word-aligned, so an aligned load is "
			 "either wholly before it or wholly after it and never "
			 "straddles it.", last, edge);
	return buf;
}

static void do_load(struct builder *b, bool delim)
{
	const struct wv_word *wd = cur_word(b);
	unsigned nb = b->t->word_bytes;
	size_t into = wd->address - b->t->img.offset;	/* hash_name: len */
	struct wv_substep *s;
	char ex[WV_EXPR_MAX], dc[WV_TEXT_MAX], edge[WV_TEXT_MAX / 2];

	edge_sentence(b, edge, sizeof(edge));
	if (delim) {
		step_open(b, WV_STEP_LOAD, "load_unaligned_zeropad", PATH_NAMEI,
			  "hash_name loads the %u bytes at memory %zu to %zu (name + "
			  "%zu) with load_unaligned_zeropad: an unaligned load from the "
			  "name itself, so no byte before the name is read.%s%s%s", nb,
			  wd->address, wd->address + nb - 1, into,
			  wd->zeropad ? edge : "", b->word == 0 ? " " : "",
			  b->word == 0 ? dcache_sentence(b->t->v, dc, sizeof(dc)) : "");
		snprintf(ex, sizeof(ex), "a = load_unaligned_zeropad(name + %zu)", into);
	} else {
		step_open(b, WV_STEP_LOAD, "unsafe_get_user", PATH_STRNLEN,
			  "do_strnlen_user reads the aligned word at memory %zu to %zu as "
			  "one register value.", wd->address, wd->address + nb - 1);
		snprintf(ex, sizeof(ex), "a = *(unsigned long *)&mem[%zu]", wd->address);
	}
	if (wd->zeropad) {
		char gone[48];

		range(gone, sizeof(gone), b->t->img.page_end, wd->address + nb - 1);
		s = sub_new(b, WV_OP_NOTE, ex,
			    "The load reaches %s, which %s not exist: the CPU raises a "
			    "page fault, the fault handler finds this instruction in the "
			    "exception table, and instead of an oops it runs the zeropad "
			    "fixup.", gone,
			    wd->address + nb - 1 == b->t->img.page_end ? "does" : "do");
		step_result(b, wd->loaded, W(b));
		return;
	}
	if (is_be(b))
		s = sub_new(b, WV_OP_LOAD, ex,
			    "Big-endian: the byte at the lowest address, %zu, lands in the "
			    "top bits %u-%u and the last one, %zu, in bits 0-7, so the "
			    "register reads in memory order, left to right.%s",
			    wd->address, W(b) - 8, W(b) - 1, wd->address + nb - 1, edge);
	else
		s = sub_new(b, WV_OP_LOAD, ex,
			    "Little-endian: the byte at the lowest address, %zu, lands in "
			    "bits 0-7 and the last one, %zu, in the top bits %u-%u, so the "
			    "register reads in reverse memory order, right to left.%s",
			    wd->address, wd->address + nb - 1, W(b) - 8, W(b) - 1, edge);
	mark_zero(b, row_add(b, s, WV_ROW_RESULT, "a (loaded)", wd->loaded, W(b)));
	check(b, wd->loaded, wv_wat_load(b->t->v, b->t->img.mem + wd->address));
	step_result(b, wd->loaded, W(b));
}

/*
 * load_unaligned_zeropad's exception fixup for a word that crossed the page
 * edge: the aligned reload, the shift, the result, checked against the core.
 */
static void do_zeropad(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), nb = t->word_bytes, k = (unsigned)(wd->address % nb);
	size_t aligned = wd->address - k, edge = t->img.page_end;
	bool le = !is_be(b);
	/* alpha's and the generic headers have no load_unaligned_zeropad:
	   draw the fixup of a kernel that has one, of the same endianness */
	const char *file = v->zeropad ? v->zeropad
			   : le ? "arch/x86/mm/extable.c" : "arch/s390/mm/extable.c";
	const char *func = v->zeropad ? v->zeropad_func : "ex_handler_zeropad";
	uint64_t al, shifted, core_al;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], who[WV_TEXT_MAX / 2], gone[48], kept[48];

	if (v->zeropad_stub)
		snprintf(who, sizeof(who), "%s in %s does it here (older kernels "
			 "keep the same reload and shift in a fixup stub in %s).",
			 func, file, v->zeropad_stub);
	else if (v->zeropad)
		snprintf(who, sizeof(who), "%s in %s does it here.", func, file);
	else
		snprintf(who, sizeof(who), "%s has no load_unaligned_zeropad; drawn "
			 "here for comparison: the %s-endian fixup of %s.",
			 v->kernel_path, le ? "little" : "big", file);
	range(gone, sizeof(gone), edge, wd->address + nb - 1);
	range(kept, sizeof(kept), wd->address, edge - 1);
	step_open(b, WV_STEP_ZEROPAD, func, file,
		  "The fixup reloads the aligned word at memory %zu to %zu, which "
		  "ends at the page edge and so cannot fault, and shifts it %s by "
		  "8 * %u bits: %s land%s where the load would have put %s, and "
		  "zeros stand in for %s. %s",
		  aligned, aligned + nb - 1, le ? "right" : "left", k, kept,
		  wd->address + 1 == edge ? "s" : "",
		  wd->address + 1 == edge ? "it" : "them", gone, who);

	b->mem_bytes = false;	/* the aligned word's columns are not the load's */
	snprintf(ex, sizeof(ex), "aligned = *(unsigned long *)(addr & ~%u)", nb - 1);
	s = sub_new(b, WV_OP_LOAD, ex,
		    "addr = name + %zu = memory %zu; addr & ~%u = memory %zu. Load "
		    "the aligned word there: memory %zu to %zu, all on the mapped "
		    "page. The %u byte%s before addr (highlighted) are not part of "
		    "this load.", wd->address - t->img.offset, wd->address, nb - 1,
		    aligned, aligned, aligned + nb - 1, k, k == 1 ? "" : "s");
	al = wv_wat_load(v, t->img.mem + aligned);
	r = row_add(b, s, WV_ROW_RESULT, "aligned", al, w);
	for (unsigned i = 0; i < nb; i++)
		if (t->reg_to_mem[i] < k) {
			r->bytes[i] |= WV_MARK_HILITE;
			r->bits |= UINT64_C(0xff) << (8 * i);
		}
	check(b, al, wd->aligned);

	snprintf(ex, sizeof(ex), "aligned %s (8 * (addr & %u))", le ? ">>" : "<<",
		 nb - 1);
	s = sub_new(b, le ? WV_OP_SHR : WV_OP_SHL, ex,
		    "addr & %u = %u, so shift %s by %u bits. %s: the %u byte%s before "
		    "addr leave the register at the %s, and %u zero byte%s come in at "
		    "the %s, where %s would have been loaded.",
		    nb - 1, k, le ? "right" : "left", 8 * k,
		    le ? "Little-endian keeps the lowest address in the lowest byte"
		       : "Big-endian keeps the lowest address in the top byte",
		    k, k == 1 ? "" : "s", le ? "bottom" : "top", k, k == 1 ? "" : "s",
		    le ? "top" : "bottom", gone);
	row_add(b, s, WV_ROW_INPUT, "aligned", al, w);
	row_add(b, s, WV_ROW_INPUT, "8 * offset", 8 * k, 0);
	shifted = le ? al >> (8 * k) : wv_shl(al, 8 * k, w);
	row_add(b, s, WV_ROW_RESULT, "a", shifted, w);

	b->mem_bytes = true;
	s = sub_new(b, WV_OP_NOTE, "a = load_unaligned_zeropad(name + ...)",
		    "This is what load_unaligned_zeropad returns: %s as a normal load "
		    "would have %s, then 0x00 for the %u byte%s past the edge (marked "
		    "unmapped). The name's terminator at memory %zu comes before "
		    "those zeros, so hash_name ends where it would have ended without "
		    "the fault.", kept, wd->address + 1 == edge ? "it" : "them",
		    (unsigned)(wd->address + nb - edge),
		    wd->address + nb - edge == 1 ? "" : "s", t->answer);
	mark_zero(b, row_add(b, s, WV_ROW_RESULT, "a", shifted, w));
	check(b, shifted, wd->loaded);
	check(b, shifted, wv_wat_zeropad(v, t->img.mem, wd->address, &core_al));
	check(b, al, core_al);
	step_result(b, shifted, w);
}

static void do_prestart(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), off = (unsigned)t->img.offset;
	uint64_t pre = wv_wat_aligned_byte_mask(t->v, off), raw;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], lst[96];

	step_open(b, WV_STEP_PRESTART, "aligned_byte_mask", PATH_STRNLEN,
		  "The string starts at memory %u, inside the word: the %u byte%s "
		  "before it must not count, so they are forced to 0xff.",
		  off, off, off == 1 ? "" : "s");
	snprintf(ex, sizeof(ex), "a |= aligned_byte_mask(%u)", off);
	s = sub_new(b, WV_OP_OR, ex,
		    "OR 0xff into the pre-start bytes: 0xff is not zero, and 0xff - 1 = "
		    "0xfe does not borrow, so no flag can start there.");
	row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w);
	r = row_add(b, s, WV_ROW_CONST, "start mask", pre, w);
	for (unsigned i = 0; i < t->word_bytes; i++)
		if (addr_of(b, i) < off)
			r->bytes[i] |= WV_MARK_PRESTART | WV_MARK_HILITE;
	mark_zero(b, row_add(b, s, WV_ROW_RESULT, "a", wd->loaded | pre, w));
	check(b, wd->loaded | pre, wd->value);

	/* what the cheap test would have said without the mask */
	raw = wv_cheap_zero(wd->loaded, w);
	if (nonzero_bytes(b, raw) & nonzero_bytes(b, pre)) {
		addr_list(b, nonzero_bytes(b, raw & pre), lst, sizeof(lst));
		s = sub_new(b, WV_OP_NOTE, "F(loaded), without the mask",
			    "Without the mask the cheap test would flag memory %s, before the "
			    "string starts, and the scan would stop at a zero that is not "
			    "part of the string.", lst);
		row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w);
		r = row_add(b, s, WV_ROW_RESULT, "F(loaded)", raw, w);
		mark_flags(b, r, wd->loaded, false, 0);
		for (unsigned i = 0; i < t->word_bytes; i++)
			if (addr_of(b, i) < off && (r->bytes[i] & WV_MARK_FLAG))
				r->bytes[i] |= WV_MARK_HILITE;
	}
	step_result(b, wd->value, w);
}

/* Explain a set of false positives in a row of cheap flags of x. */
static void note_false_pos(struct builder *b, const char *xl, uint64_t x,
			   uint64_t f, unsigned fp)
{
	unsigned w = W(b);
	uint64_t e = wv_exact_zero(x, w);
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;

	addr_list(b, fp, lst, sizeof(lst));
	if (is_be(b)) {
		unsigned top = (w - 1 - wv_clz(f, w)) / 8;	/* register byte */
		unsigned etop = (w - 1 - wv_clz(e, w)) / 8;

		s = sub_new(b, WV_OP_NOTE, "F(a) vs E(a)",
			    "A false positive: a byte that is not zero, flagged because the "
			    "borrow out of a zero byte ran on into it. On big-endian the "
			    "more significant bytes come first in memory, so such a flag "
			    "sits before the first zero and the top flag lies: fatal if "
			    "used as it is, which is why prep_zero_mask recomputes the "
			    "exact mask after the loop.");
		sub_detail(s, "Here: memory %s; the top flag points at byte %zu while "
			   "the first zero is byte %zu.", lst, addr_of(b, top),
			   addr_of(b, etop));
	} else {
		s = sub_new(b, WV_OP_NOTE, "F(a) vs E(a)",
			    "A false positive: a byte that is not zero, flagged because the "
			    "borrow out of a zero byte ran on into it. On little-endian it "
			    "sits after the first zero in memory, and find_zero only looks "
			    "at the lowest flag, so it is harmless.");
		sub_detail(s, "Here: memory %s.", lst);
	}
	mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
	r = row_add(b, s, WV_ROW_RESULT, "cheap F", f, w);
	mark_flags(b, r, x, false, 0);
	for (unsigned i = 0; i < b->t->word_bytes; i++)
		if (fp & (1u << i))
			r->bytes[i] |= WV_MARK_HILITE;
	mark_flags(b, row_add(b, s, WV_ROW_RESULT, "exact E", e, w), x, false, 0);
	b->t->steps[b->step].false_pos = true;
}

/* The variant's has_zero on x (a, or b = a ^ REPEAT_BYTE(delim)). */
static void draw_has_zero(struct builder *b, const char *xl, uint64_t x,
			  uint64_t core_hz, uint64_t core_data)
{
	const struct wv_variant *v = b->t->v;
	unsigned w = W(b), fp = 0;
	uint64_t hz = 0, data = 0, rhs, high, sum, nr;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], lst[96];

	switch (v->hz_kind) {
	case WV_HZ_CHEAP:
		hz = data = draw_cheap(b, xl, x, &fp);
		if (fp)
			note_false_pos(b, xl, x, hz, fp);
		break;
	case WV_HZ_CHEAP_BE:
		rhs = x | wv_low7(w);
		snprintf(ex, sizeof(ex), "data = rhs = %s | LOW7", xl);
		s = sub_new(b, WV_OP_OR, ex,
			    "has_zero keeps %s | 0x7f..7f in data (the rhs): bit 7 of each "
			    "byte is %s's own top bit, the rest ones. prep_zero_mask will "
			    "reuse it.", xl, xl);
		mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
		row_add(b, s, WV_ROW_CONST, "LOW7", wv_low7(w), w);
		row_add(b, s, WV_ROW_RESULT, "data", rhs, w);

		high = (wv_repeat_byte(0xfe, w) + 1) & M(b);
		snprintf(ex, sizeof(ex), "%s + high_bits", xl);
		s = sub_new(b, WV_OP_ADD, ex,
			    "high_bits = REPEAT_BYTE(0xfe) + 1 = 0xfefe..ff, which is -ONES: "
			    "adding it subtracts 0x01 from every byte. The row under it holds "
			    "carries; above bit 0 a carry comes in exactly where the "
			    "subtraction would have had no borrow. A zero byte gives no carry "
			    "out and ends as 0xff, or 0xfe when no carry came in from below "
			    "either; a 0x01 byte that gets no carry from below ends as 0xff "
			    "too.");
		sum = draw_add(b, s, xl, x, WV_ROW_CONST, "high_bits", high, "sum", w);
		mark_zero(b, &s->rows[0]);
		check(b, sum, (x - wv_ones(w)) & M(b));

		snprintf(ex, sizeof(ex), "~rhs");
		s = sub_new(b, WV_OP_NOT, ex,
			    "~(%s | LOW7) is ~%s & HIGHS: bit 7 set in the bytes below 0x80.",
			    xl, xl);
		row_add(b, s, WV_ROW_INPUT, "data", rhs, w);
		nr = ~rhs & M(b);
		row_add(b, s, WV_ROW_RESULT, "~data", nr, w);

		hz = sum & nr;
		data = rhs;
		snprintf(ex, sizeof(ex), "(%s + high_bits) & ~rhs", xl);
		s = sub_new(b, WV_OP_AND, ex, "%s", "");
		row_add(b, s, WV_ROW_INPUT, "sum", sum, w);
		row_add(b, s, WV_ROW_INPUT, "~data", nr, w);
		r = row_add(b, s, WV_ROW_RESULT, "flags", hz, w);
		fp = mark_flags(b, r, x, false, 0);
		addr_list(b, nonzero_bytes(b, hz), lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "This is the cheap test F(%s), written for big-endian: 0x80 in "
			 "every zero byte and in any 0x01 byte a borrow reached.", xl);
		s->general = strlen(s->text);
		sub_detail(s, "%s%s%s", lst[0] ? "Flags at memory " : "No flags: no "
			   "byte is zero.", lst, lst[0] ? "." : "");
		check(b, hz, wv_cheap_zero(x, w));
		if (fp)
			note_false_pos(b, xl, x, hz, fp);
		break;
	case WV_HZ_CMPB:
		hz = data = wv_cmpb(x, 0, w);
		snprintf(ex, sizeof(ex), "cmpb(%s, 0)", xl);
		s = sub_new(b, WV_OP_CMPB, ex, "%s", "");
		mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
		row_add(b, s, WV_ROW_CONST, "0", 0, w);
		r = row_add(b, s, WV_ROW_RESULT, "cmpb", hz, w);
		mark_flags(b, r, x, false, 0);
		addr_list(b, nonzero_bytes(b, hz), lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "cmpb compares %s with 0 byte by byte: 0xff where the bytes are "
			 "equal, 0x00 elsewhere. Exact, with no borrow between bytes.", xl);
		s->general = strlen(s->text);
		sub_detail(s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is "
			   "zero.", lst, lst[0] ? "." : "");
		break;
	case WV_HZ_CMPBGE:
		hz = data = wv_cmpbge(0, x, w);
		snprintf(ex, sizeof(ex), "cmpbge(0, %s)", xl);
		s = sub_new(b, WV_OP_CMPBGE, ex, "%s", "");
		row_add(b, s, WV_ROW_CONST, "0", 0, w);
		mark_zero(b, row_add(b, s, WV_ROW_INPUT, xl, x, w));
		r = row_add(b, s, WV_ROW_RESULT, "bitmap", hz, 8);
		mark_bitmap(b, r);
		addr_list(b, (unsigned)hz, lst, sizeof(lst));
		snprintf(s->text, sizeof(s->text),
			 "cmpbge sets bit i when byte i of 0 is >= byte i of %s (unsigned), "
			 "which only a zero byte allows: an 8-bit map, one bit per byte, "
			 "exact.", xl);
		s->general = strlen(s->text);
		sub_detail(s, "%s%s%s", lst[0] ? "Zero bytes at memory " : "No byte is "
			   "zero.", lst, lst[0] ? "." : "");
		break;
	case WV_HZ_EXACT:
		hz = data = draw_exact(b, xl, x, NULL, 0);
		break;
	}
	check(b, hz, core_hz);
	check(b, data, core_data);
}

static void do_has_zero(struct builder *b, bool last)
{
	const struct wv_variant *v = b->t->v;
	const struct wv_word *wd = cur_word(b);
	static const char *const what[] = {
		[WV_HZ_CHEAP] = "the cheap test (a - ONES) & ~a & HIGHS, which it also "
				"keeps in data",
		[WV_HZ_CHEAP_BE] = "the cheap test in its big-endian form, keeping "
				   "a | LOW7 in data for prep_zero_mask",
		[WV_HZ_CMPB] = "cmpb(a, 0), 0xff in each zero byte",
		[WV_HZ_CMPBGE] = "cmpbge(0, a), an 8-bit map of the zero bytes",
		[WV_HZ_EXACT] = "the exact formula E(a) straight away",
	};
	struct wv_substep *s;

	step_open(b, WV_STEP_HAS_ZERO, "has_zero", v->kernel_path,
		  "has_zero(a, &data, &c) computes %s.", what[v->hz_kind]);
	draw_has_zero(b, "a", wd->value, wd->has_zero, wd->data);
	if (last) {
		s = sub_new(b, WV_OP_TEST, "has_zero(a) != 0",
			    "The loop tests whether has_zero found anything. A false "
			    "flag needs a borrow out of a real zero, so this yes/no "
			    "answer is always right.");
		sub_detail(s, "%s", wd->hit ? "Non-zero: the word holds a zero byte, so "
			   "the loop stops here." : "Zero: no byte of this word is 0, so "
			   "the loop moves on to the next word.");
		mark_any(b, row_add(b, s, WV_ROW_RESULT, "has_zero", wd->has_zero,
				    v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b)));
	}
	step_result(b, wd->has_zero, v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b));
}

static void do_delim_has_zero(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), hw = t->v->hz_kind == WV_HZ_CMPBGE ? 8 : w;
	uint64_t rep = wv_repeat_byte((uint8_t)t->in.delim, w);
	uint64_t x = wd->loaded ^ rep;
	struct wv_substep *s;
	char ex[WV_EXPR_MAX];

	step_open(b, WV_STEP_DELIM_HAS_ZERO, "has_zero", PATH_NAMEI,
		  "hash_name also looks for the delimiter 0x%02x: b = a ^ "
		  "REPEAT_BYTE(0x%02x) has a zero byte exactly where a has 0x%02x, "
		  "and has_zero(b) finds it the same way.",
		  t->in.delim, t->in.delim, t->in.delim);
	snprintf(ex, sizeof(ex), "b = a ^ REPEAT_BYTE(0x%02x)", t->in.delim);
	s = sub_new(b, WV_OP_XOR, ex,
		    "XOR every byte with 0x%02x: a byte equal to it becomes 0x00, every "
		    "other byte stays non-zero.", t->in.delim);
	row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w);
	row_add(b, s, WV_ROW_CONST, "delims", rep, w);
	mark_zero(b, row_add(b, s, WV_ROW_RESULT, "b", x, w));
	check(b, x, wd->delim_value);
	draw_has_zero(b, "b", x, wd->delim_has_zero, wd->delim_data);
	s = sub_new(b, WV_OP_TEST, "has_zero(a) | has_zero(b)",
		    "The loop ORs both answers and tests the result: both tests run "
		    "every time; | does not short-circuit.");
	sub_detail(s, "%s", wd->hit ? "Non-zero: a NUL or a delimiter is in this "
		   "word, so the loop stops." : "Zero: neither a NUL nor a delimiter "
		   "here, so the loop moves on to the next word.");
	mark_any(b, row_add(b, s, WV_ROW_INPUT, "hz(a)", wd->has_zero, hw));
	mark_any(b, row_add(b, s, WV_ROW_INPUT, "hz(b)", wd->delim_has_zero, hw));
	mark_any(b, row_add(b, s, WV_ROW_RESULT, "or",
			    wd->has_zero | wd->delim_has_zero, hw));
	step_result(b, wd->delim_has_zero, hw);
}

/* prep_zero_mask on one operand; returns the prepared value. */
static uint64_t draw_prep(struct builder *b, const char *xl, uint64_t x,
			  uint64_t hz, uint64_t data)
{
	const struct wv_variant *v = b->t->v;
	unsigned w = W(b), hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : w;
	struct wv_substep *s;
	struct wv_row *r;
	uint64_t p;
	char ex[WV_EXPR_MAX];

	if (v->prep_kind == WV_PREP_IDENTITY) {
		snprintf(ex, sizeof(ex), "prep_zero_mask(%s, data) = data", xl);
		s = sub_new(b, WV_OP_NOTE, ex, "%s",
			    v->hz_kind == WV_HZ_CHEAP
				    ? "Nothing to do: on little-endian the cheap flags "
				      "are exact at their lowest flag, the only one "
				      "find_zero looks at, so data is returned as it is."
				    : "Nothing to do: has_zero was exact already, so data "
				      "is returned as it is.");
		r = row_add(b, s, WV_ROW_INPUT, "data", data, hw);
		if (hw == 8)
			mark_bitmap(b, r);
		else
			mark_flags(b, r, x, false, 0);
		r = row_add(b, s, WV_ROW_RESULT, "prep", data, hw);
		if (hw == 8)
			mark_bitmap(b, r);
		else
			mark_flags(b, r, x, false, 0);
		p = data;
	} else {
		p = draw_exact(b, xl, x, "data", data);
		if (p != hz) {
			char lst[96];

			addr_list(b, nonzero_bytes(b, hz & ~p), lst, sizeof(lst));
			s = sub_new(b, WV_OP_NOTE, "has_zero vs prep_zero_mask",
				    "The exact mask has no false flags, so its top flag "
				    "is the first zero in memory.");
			sub_detail(s, "It drops the false flag%s at memory %s.",
				   nonzero_bytes(b, hz & ~p) & (nonzero_bytes(b, hz & ~p) - 1)
					   ? "s" : "", lst);
			r = row_add(b, s, WV_ROW_INPUT, "has_zero", hz, w);
			mark_flags(b, r, x, false, 0);
			r = row_add(b, s, WV_ROW_RESULT, "prep", p, w);
			mark_flags(b, r, x, false, 0);
		}
	}
	check(b, p, v->prep_zero_mask(x, data));
	return p;
}

static void do_prep(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : W(b);
	uint64_t pa, pb;
	struct wv_substep *s;
	struct wv_row *r;

	step_open(b, WV_STEP_PREP, "prep_zero_mask", v->kernel_path,
		  v->prep_kind == WV_PREP_IDENTITY
			  ? "After the loop, prep_zero_mask(a, data, &c) must give a "
			    "mask that is exact at the first zero; here data already is."
			  : "After the loop, prep_zero_mask(a, data, &c) recomputes the "
			    "exact mask E(a) = ~(((a & LOW7) + LOW7) | data): big-endian "
			    "needs it because the top flag of the cheap test can lie.");
	pa = draw_prep(b, "a", wd->value, wd->has_zero, wd->data);
	check(b, pa, t->scan.prep);
	if (t->in.delim >= 0) {
		pb = draw_prep(b, "b", wd->delim_value, wd->delim_has_zero,
			       wd->delim_data);
		check(b, pb, t->scan.delim_prep);
		s = sub_new(b, WV_OP_OR, "prep(a) | prep(b)",
			    "hash_name ORs the two masks: each is exact at its own first "
			    "terminator, so the first flag of the OR is whichever comes "
			    "first, a NUL or a delimiter.");
		r = row_add(b, s, WV_ROW_INPUT, "prep(a)", pa, hw);
		if (hw == 8)
			mark_bitmap(b, r);
		else
			mark_flags(b, r, wd->value, false, 0);
		r = row_add(b, s, WV_ROW_INPUT, "prep(b)", pb, hw);
		if (hw == 8)
			mark_bitmap(b, r);
		else
			mark_flags(b, r, wd->delim_value, false, 0);
		r = row_add(b, s, WV_ROW_RESULT, "mask", pa | pb, hw);
		if (hw == 8)
			mark_bitmap(b, r);
		else
			mark_flags(b, r, wd->value, true, wd->delim_value);
		pa |= pb;
	}
	check(b, pa, t->scan.prep_zero_mask);
	step_result(b, pa, hw);
}

static void do_create(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), hw = v->hz_kind == WV_HZ_CMPBGE ? 8 : w, width = w;
	uint64_t in = t->scan.prep_zero_mask, out = 0, below;
	struct wv_substep *s;
	struct wv_row *r;

	switch (v->create_kind) {
	case WV_CREATE_IDENTITY:
		step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			  "create_zero_mask(bits) passes the mask on unchanged: %s",
			  v->find_kind == WV_FIND_FFS
				  ? "find_zero and zero_bytemask work on the raw 0x80 flags."
			  : v->hz_kind == WV_HZ_CMPBGE
				  ? "the 8-bit map is what find_zero wants."
				  : "the exact mask is what find_zero wants.");
		s = sub_new(b, WV_OP_NOTE, "create_zero_mask(bits) = bits",
			    "Identity: the value goes on to find_zero as it is.");
		mark_any(b, row_add(b, s, WV_ROW_INPUT, "bits", in, hw));
		mark_any(b, row_add(b, s, WV_ROW_RESULT, "mask", in, hw));
		out = in;
		width = hw;
		break;
	case WV_CREATE_BYTEMASK:
		step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			  "create_zero_mask(bits) turns the flags into a byte mask, 0xff "
			  "in each byte before the first zero, using only the lowest flag.");
		out = draw_bytemask(b, "bits", in);
		break;
	case WV_CREATE_POPCOUNT:
		step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			  "create_zero_mask(bits) counts the bits below the first zero's "
			  "0xff byte: popcount((bits - 1) & ~bits) = 8k, a bit count.");
		below = draw_below_lowest(b, "bits", in);
		s = sub_new(b, WV_OP_POPCOUNT, "popcount(below)",
			    "popcntd counts the ones: 8 for each byte before the first zero.");
		row_add(b, s, WV_ROW_INPUT, "below", below, w)->bits = below;
		out = wv_popcount(below);
		row_add(b, s, WV_ROW_RESULT, "count", out, 0);
		width = 0;
		break;
	case WV_CREATE_FLS:
		step_open(b, WV_STEP_CREATE, "create_zero_mask", v->kernel_path,
			  "create_zero_mask(bits) is __fls(bits), the index of the top "
			  "set bit: on big-endian the flag of the first zero in memory.");
		s = sub_new(b, WV_OP_CLZ, "__fls(bits) = 63 - flogr(bits)",
			    "flogr counts the leading zero bits (highlighted); 63 minus "
			    "that count is the index of the top flag.");
		r = row_add(b, s, WV_ROW_INPUT, "bits", in, w);
		r->bits = leading_zero_bits(in, w);
		mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = leading_zero_bits(in, w);
		row_add(b, s, WV_ROW_RESULT, "clz", wv_clz(in, w), 0);
		out = wv___fls(in, w);
		row_add(b, s, WV_ROW_RESULT, "index", out, 0);
		width = 0;
		break;
	}
	check(b, out, t->scan.create_zero_mask);
	check(b, out, v->create_zero_mask(in));
	step_result(b, out, width);
}

static void draw_multiply(struct builder *b, uint64_t mask, unsigned k)
{
	const uint64_t c = WV_COUNT_MASKED_MUL;
	uint64_t prod = mask * c, shifted = wv_shl(c, 8 * k, 64), sum = 0;
	struct wv_substep *s;
	char lab[WV_ROW_LABEL_MAX];

	b->mem_bytes = false;
	s = sub_new(b, WV_OP_MUL, "mask * 0x0001020304050608",
		    "Multiply by the constant: each 0xff byte of the mask adds 0xff "
		    "times the constant, shifted to its byte (the partial products); "
		    "their sum puts the number of 0xff bytes in the top byte.");
	sub_detail(s, "Here that number is %u.", k);
	row_add(b, s, WV_ROW_INPUT, "mask", mask, 64);
	row_add(b, s, WV_ROW_CONST, "C", c, 64);
	for (unsigned j = 0; j < 8; j++) {
		uint64_t part = (mask & (UINT64_C(0xff) << (8 * j))) * c;

		if (!(mask & (UINT64_C(0xff) << (8 * j))))
			continue;
		snprintf(lab, sizeof(lab), "byte %u x C", j);
		row_add(b, s, WV_ROW_PARTIAL, lab, part, 64);
		sum += part;
	}
	check(b, sum, prod);
	row_add(b, s, WV_ROW_RESULT, "product", prod, 64)->bits =
		UINT64_C(0xff) << 56;

	if (k > 0) {
		s = sub_new(b, WV_OP_SUB, "(C << 8k) - C",
			    "Why it works: the mask is 2^(8k) - 1, so mask * C = (C << 8k) - "
			    "C, and the top byte of C << 8k is byte 7 - k of C, which holds "
			    "k.");
		sub_detail(s, "Here k = %u: the top byte of C << %u is byte %u of C%s.",
			   k, 8 * k, 7 - k,
			   k == 7 ? ", 0x08, and the subtraction borrows 1 from it, which "
				    "is why C ends in 08 and not 07" : "");
		check(b, draw_sub(b, s, "C << 8k", shifted, WV_ROW_CONST, "C", c,
				  "product", 64), prod);
		s->rows[3].bits = UINT64_C(0xff) << 56;
	}
	s = sub_new(b, WV_OP_SHR, "product >> 56", "Shift the top byte down.");
	sub_detail(s, "find_zero = %u.", (unsigned)(prod >> 56));
	row_add(b, s, WV_ROW_INPUT, "product", prod, 64)->bits = UINT64_C(0xff) << 56;
	row_add(b, s, WV_ROW_RESULT, "find_zero", prod >> 56, 0);
	b->mem_bytes = true;
}

static void draw_add32(struct builder *b, uint64_t mask)
{
	const uint64_t c = WV_COUNT_MASKED_ADD;
	uint64_t sum, sh, res;
	struct wv_substep *s;

	b->mem_bytes = false;
	s = sub_new(b, WV_OP_ADD, "0x0ff0001 + mask",
		    "Add the mask to 0x00ff0001: for 0, 0xff, 0xffff, 0xffffff the sum "
		    "has 1, 1, 2, 3 in bits 23-24 (the carry row shows how the mask's "
		    "ones ripple up into them).");
	sum = draw_add(b, s, "0x00ff0001", c, WV_ROW_INPUT, "mask", mask, "sum", 32);
	s->rows[0].kind = WV_ROW_CONST;
	s->rows[3].bits = UINT64_C(3) << 23;

	s = sub_new(b, WV_OP_SHR, "sum >> 23", "Bring bits 23-24 down.");
	row_add(b, s, WV_ROW_INPUT, "sum", sum, 32)->bits = UINT64_C(3) << 23;
	sh = sum >> 23;
	row_add(b, s, WV_ROW_RESULT, "sum >> 23", sh, 32);

	res = sh & mask;
	s = sub_new(b, WV_OP_AND, "(sum >> 23) & mask",
		    "AND with the mask: turns the 1 into 0 when the mask is 0 (the "
		    "zero is byte 0), and leaves 1, 2 or 3 otherwise.");
	sub_detail(s, "find_zero = %u.", (unsigned)res);
	row_add(b, s, WV_ROW_INPUT, "sum >> 23", sh, 32);
	row_add(b, s, WV_ROW_INPUT, "mask", mask, 32);
	row_add(b, s, WV_ROW_RESULT, "find_zero", res, 0);
	b->mem_bytes = true;
}

static void draw_halving(struct builder *b, uint64_t mask)
{
	unsigned w = W(b), byte = 0;
	uint64_t m = mask;
	char ex[WV_EXPR_MAX];
	struct wv_substep *s;

	/* the same 32/16/8 search as the header's find_zero, one stage each;
	   once shifted, the columns are register bytes, not memory */
	b->mem_bytes = false;
	for (unsigned half = w / 2; half >= 8; half /= 2) {
		uint64_t top = m >> half;
		unsigned shown = half * 2;

		snprintf(ex, sizeof(ex), "mask >> %u", half);
		s = sub_new(b, WV_OP_SHR, ex,
			    "Is there a flag in the top %u of these %u bits? Then the "
			    "zero is in that half: look there next (mask >>= %u). If not, "
			    "it is at least %u byte%s further on (byte += %u).",
			    half, shown, half, half / 8, half == 8 ? "" : "s", half / 8);
		if (top)
			sub_detail(s, "Here there is: byte stays %u.", byte);
		else
			sub_detail(s, "Here there is not: byte becomes %u.", byte + half / 8);
		row_add(b, s, WV_ROW_INPUT, "mask", m, w)->bits =
			wv_wmask(shown) & ~wv_wmask(half);
		row_add(b, s, WV_ROW_RESULT, "top half", top, w);
		if (top)
			m = top;
		else
			byte += half / 8;
		row_add(b, s, WV_ROW_RESULT, "byte", byte, 0);
	}
	check(b, byte, wv_clz_bytes_halving(mask, w));
	b->mem_bytes = true;
}

static void do_find(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b);
	uint64_t mask = t->scan.create_zero_mask;
	unsigned k = t->scan.find_zero, c;
	struct wv_substep *s;
	struct wv_row *r;

	step_open(b, WV_STEP_FIND, "find_zero", v->kernel_path,
		  "find_zero(mask) gives the index in the word of the first zero "
		  "byte%s.", t->in.delim >= 0 ? " or delimiter" : "");
	step_detail(b, "Here %u: the %s is at memory %zu, and the %s is %zu - %zu = "
		    "%zu byte%s long.", k, t->answer_is_delim ? "delimiter" : "zero byte",
		    wd->address + k, t->in.delim >= 0 ? "name" : "string",
		    wd->address + k, t->img.offset, t->scan.length,
		    t->scan.length == 1 ? "" : "s");
	switch (v->find_kind) {
	case WV_FIND_MUL:
		draw_multiply(b, mask, k);
		break;
	case WV_FIND_ADD32:
		draw_add32(b, mask);
		break;
	case WV_FIND_CLZ_HALVING:
		draw_halving(b, mask);
		break;
	case WV_FIND_CLZ:
		c = wv_clz(mask, w);
		s = sub_new(b, WV_OP_CLZ, w == 64 ? "cntlzd(mask)" : "cntlzw(mask)",
			    "Count the leading zero bits (highlighted): big-endian puts "
			    "memory byte 0 at the top and each flag is the top bit of its "
			    "byte, so they are exactly the 8 bits of each byte before the "
			    "first zero.");
		r = row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = leading_zero_bits(mask, w);
		row_add(b, s, WV_ROW_RESULT, "clz", c, 0);
		s = sub_new(b, WV_OP_SHR, "clz >> 3", "Divide by 8: bits to bytes.");
		row_add(b, s, WV_ROW_INPUT, "clz", c, 0);
		row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_FFS:
		c = wv___ffs(mask, w);
		s = sub_new(b, WV_OP_CTZ, "__ffs(bits)",
			    "Count the trailing zero bits (highlighted) up to the lowest "
			    "flag: on little-endian that is the first zero in memory, and "
			    "any false flag sits above it.");
		r = row_add(b, s, WV_ROW_INPUT, "bits", mask, w);
		mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
		r->bits = trailing_zero_bits(mask, w);
		row_add(b, s, WV_ROW_RESULT, "ctz", c, 0);
		s = sub_new(b, WV_OP_SHR, "__ffs(bits) >> 3",
			    "The flag is bit 8k+7, so >> 3 gives k.");
		row_add(b, s, WV_ROW_INPUT, "ctz", c, 0);
		row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_FLS:
		c = wv_fls(mask, w);
		s = sub_new(b, WV_OP_CLZ, w == 64 ? "fls64(mask)" : "fls(mask)",
			    "fls is the 1-based index of the top set bit, found with clz "
			    "(%s - clz): the byte mask has 8k ones, so it is 8k.",
			    w == 64 ? "64" : "32");
		r = row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		mark_kept(b, r);
		r->bits = leading_zero_bits(mask, w);
		row_add(b, s, WV_ROW_RESULT, "fls", c, 0);
		s = sub_new(b, WV_OP_SHR, "fls >> 3", "Divide by 8: bits to bytes.");
		row_add(b, s, WV_ROW_INPUT, "fls", c, 0);
		row_add(b, s, WV_ROW_RESULT, "find_zero", c >> 3, 0);
		break;
	case WV_FIND_SHIFT3:
		s = sub_new(b, WV_OP_SHR, "m >> 3",
			    "The bit count is 8k: divide by 8.");
		row_add(b, s, WV_ROW_INPUT, "m", mask, 0);
		row_add(b, s, WV_ROW_RESULT, "find_zero", mask >> 3, 0);
		break;
	case WV_FIND_CTZ:
		c = wv_ctz(mask, 8);
		s = sub_new(b, WV_OP_CTZ, "cttz(bits)",
			    "Count the trailing zeros of the 8-bit map (highlighted): the "
			    "lowest set bit is the first zero byte in memory.");
		r = row_add(b, s, WV_ROW_INPUT, "bits", mask, 8);
		mark_bitmap(b, r);
		r->bits = trailing_zero_bits(mask, 8);
		row_add(b, s, WV_ROW_RESULT, "find_zero", c, 0);
		break;
	case WV_FIND_XOR:
		s = sub_new(b, WV_OP_XOR, "idx ^ 63",
			    "The bit index counts from the bottom; ^ 63 (63 - idx) counts "
			    "it from the top, where big-endian keeps memory byte 0.");
		row_add(b, s, WV_ROW_INPUT, "idx", mask, 0);
		row_add(b, s, WV_ROW_CONST, "63", 63, 0);
		row_add(b, s, WV_ROW_RESULT, "idx ^ 63", mask ^ 63, 0);
		s = sub_new(b, WV_OP_SHR, "(idx ^ 63) >> 3", "Divide by 8: bits to bytes.");
		row_add(b, s, WV_ROW_INPUT, "idx ^ 63", mask ^ 63, 0);
		row_add(b, s, WV_ROW_RESULT, "find_zero", (mask ^ 63) >> 3, 0);
		break;
	}
	/* the last row drawn is find_zero */
	if (!b->err) {
		struct wv_substep *last = &b->t->subs[b->t->nsubs - 1];

		check(b, last->rows[last->nrows - 1].value, k);
	}
	check(b, v->find_zero(mask), k);
	step_result(b, k, 0);
}

static void do_zbm(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), n;
	uint64_t mask = t->scan.create_zero_mask, z = 0, p;
	struct wv_substep *s;
	struct wv_row *r;

	step_open(b, WV_STEP_ZBM, "zero_bytemask", v->kernel_path,
		  "zero_bytemask(mask) is 0xff in every byte before the first %s and "
		  "0 from it on%s; %s.",
		  t->answer_is_delim ? "delimiter" : "zero",
		  v->zbm_kind == WV_ZBM_ALPHA ? ", except that alpha's also keeps "
		  "bit 0 of that byte" : "",
		  t->in.delim >= 0 ? "hash_name hashes the last word of the name as "
		  "a & zero_bytemask(mask)" : "strscpy (lib/string.c) and "
		  "strncpy_from_user store their last word as c & zero_bytemask(mask)");
	switch (v->zbm_kind) {
	case WV_ZBM_IDENTITY:
		s = sub_new(b, WV_OP_NOTE, "zero_bytemask(mask) = mask",
			    "The mask from create_zero_mask already is the byte mask.");
		row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
		z = mask;
		mark_kept(b, row_add(b, s, WV_ROW_RESULT, "bytemask", z, w));
		break;
	case WV_ZBM_FROM_FLAGS:
		z = draw_bytemask(b, "bits", mask);
		break;
	case WV_ZBM_FLS_SHIFT:
	case WV_ZBM_INDEX:
		if (v->zbm_kind == WV_ZBM_FLS_SHIFT) {
			n = wv___fls(mask, w);
			s = sub_new(b, WV_OP_CLZ, "__fls(mask)",
				    "The index of the top set bit: the flag of the first "
				    "zero in memory.");
			r = row_add(b, s, WV_ROW_INPUT, "mask", mask, w);
			mark_flags(b, r, wd->value, t->in.delim >= 0, wd->delim_value);
			r->bits = leading_zero_bits(mask, w);
			row_add(b, s, WV_ROW_RESULT, "__fls", n, 0);
		} else {
			n = (unsigned)(mask > 64 ? 64 : mask);
		}
		z = wv_not1_shl(n, w);
		s = sub_new(b, WV_OP_SHL, v->zbm_kind == WV_ZBM_INDEX ? "~1 << idx"
								    : "~1 << __fls(mask)",
			    "Shift ~1 left by %u: bit %u, the flag (the top bit of the first "
			    "zero byte), and every bit below it become 0, so 0xff is left in "
			    "exactly the bytes before the zero.",
			    n, n);
		row_add(b, s, WV_ROW_CONST, "~1", ~UINT64_C(1) & M(b), w);
		row_add(b, s, WV_ROW_INPUT, "n", n, 0);
		mark_kept(b, row_add(b, s, WV_ROW_RESULT, "bytemask", z, w));
		break;
	case WV_ZBM_BITCOUNT:
		n = (unsigned)(mask > 64 ? 64 : mask);
		p = wv_shl(1, n, w);
		s = sub_new(b, WV_OP_SHL, "1 << m", "Set bit m = 8k.");
		row_add(b, s, WV_ROW_INPUT, "m", mask, 0);
		row_add(b, s, WV_ROW_RESULT, "1 << m", p, w);
		s = sub_new(b, WV_OP_SUB, "(1 << m) - 1",
			    "Subtract 1: the borrow runs from bit 0 up to bit m and leaves "
			    "the m bits below it set, 0xff in each byte before the zero.");
		z = draw_sub(b, s, "1 << m", p, WV_ROW_CONST, "1", 1, "bytemask", w);
		mark_kept(b, &s->rows[3]);
		break;
	case WV_ZBM_ALPHA:
		n = v->find_zero(mask);
		p = wv_shl(2, 8 * n, w);
		s = sub_new(b, WV_OP_SHL, "2 << 8 * find_zero(bits)",
			    "find_zero(bits) = %u; shift 2 left by 8 * %u.", n, n);
		row_add(b, s, WV_ROW_INPUT, "find_zero", n, 0);
		row_add(b, s, WV_ROW_RESULT, "2 << 8k", p, w);
		if (t->answer_is_delim && (t->in.delim & 1))
			s = sub_new(b, WV_OP_SUB, "(2 << 8 * find_zero(bits)) - 1",
				    "Subtract 1: 0xff in each byte before the terminator, "
				    "plus bit 0 of the terminator byte itself. Here that byte "
				    "is the delimiter 0x%02x, whose bit 0 is 1, so that one "
				    "bit survives the AND below.", t->in.delim);
		else
			s = sub_new(b, WV_OP_SUB, "(2 << 8 * find_zero(bits)) - 1",
				    "Subtract 1: 0xff in each byte before the zero, plus "
				    "bit 0 of the terminator byte itself. Alpha keeps that "
				    "one extra bit; it is harmless when that byte is 0.");
		z = draw_sub(b, s, "2 << 8k", p, WV_ROW_CONST, "1", 1, "bytemask", w);
		mark_kept(b, &s->rows[3]);
		if (8 * n < w)
			s->rows[3].bits = UINT64_C(1) << (8 * n);
		break;
	}
	check(b, z, t->scan.zero_bytemask);
	check(b, z, v->zero_bytemask(mask));

	s = sub_new(b, WV_OP_AND, "a & zero_bytemask(mask)", "%s%s",
		    t->in.delim >= 0
			    ? "hash_name hashes a & zero_bytemask(mask): the name's "
			      "bytes in this word, everything from the terminator on "
			      "cleared"
			    : "strscpy stores the word it copied as c & "
			      "zero_bytemask(mask): the bytes before the NUL, everything "
			      "from the NUL on cleared",
		    v->zbm_kind != WV_ZBM_ALPHA ? "."
		    : t->answer_is_delim && (t->in.delim & 1)
			    ? " except bit 0 of the terminator, which alpha's mask keeps "
			      "and this delimiter has set."
			    : " except bit 0 of the terminator, which alpha's mask keeps; "
			      "that byte is 0x00, so nothing of it is left.");
	row_add(b, s, WV_ROW_INPUT, "a", wd->value, w);
	mark_kept(b, row_add(b, s, WV_ROW_INPUT, "bytemask", z, w));
	row_add(b, s, WV_ROW_RESULT, "kept", wd->value & z, w);
	step_result(b, z, w);
}

/* ---- the public functions ------------------------------------------------ */

static int validate(const struct wv_trace_in *in)
{
	if (!in->v || in->word_len > WV_WORD_MAX ||
	    in->offset >= wv_wat_bytes(in->v) || in->delim < -1 ||
	    in->delim > 0xff || (in->word_len && !in->word))
		return -EINVAL;
	return 0;
}

int wv_trace_build(struct wv_trace *t, const struct wv_trace_in *in)
{
	struct builder b = { .t = t };
	const struct wv_variant *v = in->v;
	int err = validate(in);
	size_t cap;

	memset(t, 0, sizeof(*t));
	if (err)
		return err;
	t->v = v;
	t->word_bytes = wv_wat_bytes(v);
	for (unsigned r = 0; r < t->word_bytes; r++)
		t->reg_to_mem[r] = wv_wat_byte_index(v, r);
	err = wv_word_image(&t->img, t->word_bytes, in->word, in->word_len,
			    in->offset, in->fill);
	if (err)
		return err;
	/* hash_name's unaligned loads start at the name and may run one word
	   past the image's last aligned word */
	if (in->page_end) {
		/* the unmapped page: no padding, loads run into it */
		err = wv_word_image_page(&t->img, in->page_end);
		if (err)
			goto out_free_trace;
	} else if (in->delim >= 0 && in->offset) {
		err = wv_word_image_pad(&t->img);
		if (err)
			goto out_free_trace;
	}
	t->in = *in;
	t->in.word = t->img.mem + in->offset;

	cap = wv_wat_scan_capacity(v, t->img.len);
	t->words = calloc(cap, sizeof(*t->words));
	if (!t->words) {
		err = -ENOMEM;
		goto out_free_trace;
	}
	err = wv_wat_scan_page(v, t->img.mem, t->img.len, t->img.page_end,
			       in->offset, in->delim, t->words, cap, &t->scan);
	if (err)
		goto out_free_trace;
	t->nwords = t->scan.nwords;
	t->answer = t->img.len;
	if (t->scan.found) {
		t->answer = t->words[t->nwords - 1].address + t->scan.find_zero;
		t->answer_is_delim = t->img.mem[t->answer] != 0;
	}

	for (b.word = 0; b.word < t->nwords; b.word++) {
		bool first = b.word == 0, hit = t->words[b.word].hit;

		do_load(&b, in->delim >= 0);
		if (t->words[b.word].zeropad)
			do_zeropad(&b);
		if (first && in->offset && in->delim < 0)
			do_prestart(&b);
		do_has_zero(&b, in->delim < 0);
		if (in->delim >= 0)
			do_delim_has_zero(&b);
		if (hit) {
			do_prep(&b);
			do_create(&b);
			do_find(&b);
			do_zbm(&b);
		}
	}
	err = b.err;
	if (err)
		goto out_free_trace;
	return 0;

out_free_trace:
	wv_trace_free(t);
	return err;
}

void wv_trace_free(struct wv_trace *t)
{
	wv_word_image_free(&t->img);
	free(t->words);
	free(t->steps);
	free(t->subs);
	memset(t, 0, sizeof(*t));
}

size_t wv_trace_func_move(const struct wv_trace *t, size_t k, int dir)
{
	size_t s;

	if (t->nsubs == 0)
		return 0;
	if (k >= t->nsubs)
		k = t->nsubs - 1;
	s = t->subs[k].step;
	if (dir > 0) {
		if (s + 1 < t->nsteps)
			s++;
	} else if (dir < 0) {
		if (k == t->steps[s].first && s > 0)
			s--;
	}
	return t->steps[s].first;
}

size_t wv_trace_find(const struct wv_trace *t, enum wv_step_kind kind,
		     size_t w)
{
	for (size_t s = 0; s < t->nsteps; s++)
		if (t->steps[s].kind == kind && t->steps[s].word == w)
			return t->steps[s].first;
	return t->nsubs;
}

const char *wv_trace_step_name(enum wv_step_kind kind)
{
	static const char *const names[] = {
		[WV_STEP_LOAD] = "load",
		[WV_STEP_PRESTART] = "prestart",
		[WV_STEP_HAS_ZERO] = "has_zero",
		[WV_STEP_DELIM_HAS_ZERO] = "delim_has_zero",
		[WV_STEP_PREP] = "prep_zero_mask",
		[WV_STEP_CREATE] = "create_zero_mask",
		[WV_STEP_FIND] = "find_zero",
		[WV_STEP_ZBM] = "zero_bytemask",
		[WV_STEP_ZEROPAD] = "zeropad_fixup",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "?";
}

const char *wv_trace_op_name(enum wv_op op)
{
	static const char *const names[] = {
		[WV_OP_LOAD] = "load", [WV_OP_OR] = "or", [WV_OP_AND] = "and",
		[WV_OP_XOR] = "xor", [WV_OP_NOT] = "not", [WV_OP_SUB] = "sub",
		[WV_OP_ADD] = "add", [WV_OP_MUL] = "mul", [WV_OP_SHR] = "shr",
		[WV_OP_SHL] = "shl", [WV_OP_CLZ] = "clz", [WV_OP_CTZ] = "ctz",
		[WV_OP_POPCOUNT] = "popcount", [WV_OP_CMPB] = "cmpb",
		[WV_OP_CMPBGE] = "cmpbge", [WV_OP_TEST] = "test",
		[WV_OP_NOTE] = "note",
	};

	return (unsigned)op < sizeof(names) / sizeof(names[0]) ? names[op] : "?";
}

const char *wv_trace_row_kind_name(enum wv_row_kind kind)
{
	static const char *const names[] = {
		[WV_ROW_INPUT] = "input", [WV_ROW_CONST] = "const",
		[WV_ROW_BORROW] = "borrow", [WV_ROW_CARRY] = "carry",
		[WV_ROW_PARTIAL] = "partial", [WV_ROW_RESULT] = "result",
	};

	return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "?";
}

int wv_trace_compare(const struct wv_trace_in *in, struct wv_compare_row *rows)
{
	size_t n = wv_wat_count();

	for (size_t i = 0; i < n; i++) {
		const struct wv_variant *v = wv_wat_at(i);
		unsigned nb = wv_wat_bytes(v);
		struct wv_image img;
		struct wv_word *words;
		struct wv_scan sc;
		const struct wv_word *wd;
		int err;

		if (in->word_len > WV_WORD_MAX || (in->word_len && !in->word) ||
		    in->delim < -1 || in->delim > 0xff)
			return -EINVAL;
		err = wv_word_image(&img, nb, in->word, in->word_len,
				    in->offset % nb, in->fill);
		if (!err && in->delim >= 0 && in->offset % nb) {
			err = wv_word_image_pad(&img);
			if (err)
				wv_word_image_free(&img);
		}
		if (err)
			return err;
		words = calloc(wv_wat_scan_capacity(v, img.len), sizeof(*words));
		if (!words) {
			wv_word_image_free(&img);
			return -ENOMEM;
		}
		err = wv_wat_scan(v, img.mem, img.len, in->offset % nb, in->delim,
				  words, wv_wat_scan_capacity(v, img.len), &sc);
		if (err) {
			free(words);
			wv_word_image_free(&img);
			return err;
		}
		wd = &words[sc.nwords - 1];
		rows[i] = (struct wv_compare_row){
			.v = v, .address = wd->address, .value = wd->value,
			.has_zero = wd->has_zero,
			.cheap = wv_cheap_zero(wd->value, v->bits),
			.exact = wv_exact_zero(wd->value, v->bits),
			.create = sc.create_zero_mask, .find_zero = sc.find_zero,
			.length = sc.length, .found = sc.found, .insns = v->insns,
		};
		free(words);
		wv_word_image_free(&img);
	}
	return (int)n;
}
