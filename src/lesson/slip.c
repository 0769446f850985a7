/*
 * The slips of a wrong answer: a value a little off the one asked, worked
 * out from the answer's own digits and bytes and from the asked sub-step's
 * rows (a flag more or less, a digit left out, the top bytes only, one
 * byte of a sum off, a bit against the and/or/xor rule, 0xff shifted in,
 * a mask to another byte, another word's value, a later step's), and the
 * last resort that says only where to look.  wrong.c tries the mistakes
 * of each step first and these after them; its helpers live here, below it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lesson/lesson.h"
#include "watviz/wat.h"
#include "trace/word.h"
#include "watviz/wordops.h"

int ls_say(struct ls_wrong *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->buf, w->size, fmt, ap);
	va_end(ap);
	return 1;
}

/* A byte mask: 0xff in the register bytes of memory bytes 0..n-1 (the
   kernel's aligned_byte_mask, and the whole word for n = B). */
uint64_t ls_bytes_before(const struct wv_trace *t, unsigned n)
{
	return n >= t->word_bytes ? wv_wmask(t->v->bits) : wv_wat_aligned_byte_mask(t->v, n);
}

unsigned ls_first_zero_in(const struct wv_trace *t, uint64_t x)
{
	unsigned i = 0;

	while (i < t->word_bytes && wv_wat_mem_byte(t->v, x, i) != 0)
		i++;
	return i;
}

/* Register byte r of x. */
static unsigned reg_byte(uint64_t x, unsigned r)
{
	return (unsigned)(x >> (8 * r)) & 0xff;
}

/* A byte as the screen names it: 0x61 ('a'). */
static void byte_name(unsigned b, char *buf, size_t size)
{
	if (isprint((int)b) && b < 0x80 && b != ' ')
		snprintf(buf, size, "0x%02x ('%c')", b, (char)b);
	else
		snprintf(buf, size, "0x%02x", b);
}

/* The asked sub-step's step, or NULL. */
static const struct wv_step *asked_step(const struct ls_wrong *w)
{
	return w->q < w->t->nsubs ? &w->t->steps[w->t->subs[w->q].step] : NULL;
}

/* The terminator the scan stops at, as a sentence names it. */
static void terminator(const struct wv_trace *t, char *buf, size_t size)
{
	if (t->in.delim >= 0 && isprint(t->in.delim))
		snprintf(buf, size, "zero or '%c'", t->in.delim);
	else
		snprintf(buf, size, "zero");
}

/* ---- another word, a later step ------------------------------------------ */

/* A value of another word of the trace: named with that word's address. */
static int other_word(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;

	for (size_t j = 0; j < t->nwords; j++) {
		const struct wv_word *o = &t->words[j];
		bool last = j == t->nwords - 1 && t->scan.found;
		const struct { bool on; uint64_t v; const char *what; } v[] = {
			{ true, o->has_zero, "has_zero's result" },
			{ true, o->value, "the value" },
			{ true, o->loaded, "the value as loaded" },
			{ t->in.delim >= 0, o->delim_has_zero, "has_zero(b)" },
			{ last, t->scan.prep_zero_mask, "prep_zero_mask's result" },
			{ last, t->scan.create_zero_mask, "create_zero_mask's result" },
			{ last, t->scan.zero_bytemask, "zero_bytemask's result" },
		};

		if (o == w->wd)
			continue;
		for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
			if (v[i].on && v[i].v == w->typed)
				return ls_say(w, "that is %s of the word at address %zu%s; the "
					      "question asks about the word at address %zu",
					      v[i].what, o->address, last ? ", where the loop "
					      "stops" : "", w->wd->address);
	}
	return 0;
}

int ls_slip_later(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	size_t wi = (size_t)(w->wd - t->words);
	char v[40];

	if (w->q >= t->nsubs || w->typed == 0)
		return 0;	/* 0: too many rows hold it to mean one of them */
	wv_lesson_format(w->a, w->typed, v, sizeof(v));
	/* the asked step's later sub-steps and the next step's: a value
	   further on is a coincidence more often than a step too far */
	for (size_t k = w->q + 1; k < t->nsubs && t->steps[t->subs[k].step].word == wi &&
	     t->subs[k].step <= t->subs[w->q].step + 1; k++) {
		const struct wv_substep *sub = &t->subs[k];

		for (unsigned r = 0; r < sub->nrows; r++) {
			const struct wv_row *row = &sub->rows[r];

			if (row->value != w->typed || row->kind == WV_ROW_PARTIAL ||
			    row->kind == WV_ROW_CONST || (row->width == 0) != (w->a->width == 0))
				continue;
			return ls_say(w, "%s is %s, in %s (%s), a step past the one asked; "
				      "the question stops at %s", v, row->label, sub->expr,
				      t->steps[sub->step].func, t->subs[w->q].expr);
		}
	}
	return 0;
}

/* ---- flags ---------------------------------------------------------------- */

/* has_zero's result taken as a yes or a no. */
static int yes_no(struct ls_wrong *w)
{
	const struct wv_step *st = asked_step(w);

	if (!st || w->typed != 1 || w->a->width < 32 || (st->kind != WV_STEP_HAS_ZERO &&
	    st->kind != WV_STEP_DELIM_HAS_ZERO) || w->a->value != st->result)
		return 0;
	return ls_say(w, "%s returns the flags themselves, a mask with a bit high in "
		      "each flagged byte, not 1 for yes: only the loop's test turns it "
		      "into a yes or a no", st->func);
}

/*
 * A mask of flags (0x80 or 0xff per byte) with a flag more or less: the
 * first memory byte where they differ, named with what it holds.
 */
static int flag_more_less(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_step *st = asked_step(w);
	uint64_t ans = w->a->value, x;
	unsigned f = 0;
	bool b, exact;
	char name[24];

	if (!st || w->a->width < 32 || ans != st->result ||
	    !(st->kind == WV_STEP_HAS_ZERO || st->kind == WV_STEP_DELIM_HAS_ZERO ||
	      st->kind == WV_STEP_PREP))
		return 0;
	for (unsigned r = 0; r < w->nb; r++) {
		unsigned ab = reg_byte(ans, r), tb = reg_byte(w->typed, r);

		if ((ab && f && ab != f) || (ab && ab != 0x80 && ab != 0xff))
			return 0;
		if (ab)
			f = ab;
		if (tb && tb != 0x80 && tb != 0xff)
			return 0;
	}
	if (!f)
		f = 0x80;
	b = st->kind == WV_STEP_DELIM_HAS_ZERO;
	x = b ? w->wd->delim_value : w->wd->value;
	exact = t->v->hz_kind == WV_HZ_EXACT || t->v->hz_kind == WV_HZ_CMPB ||
		(st->kind == WV_STEP_PREP && t->v->prep_kind == WV_PREP_EXACT_BE);
	for (unsigned m = 0; m < w->nb; m++) {
		unsigned r = wv_wat_byte_index(t->v, m), tb = reg_byte(w->typed, r);
		unsigned ab = reg_byte(ans, r), byte = wv_wat_mem_byte(t->v, x, m);

		if ((tb != 0) == (ab != 0))
			continue;
		byte_name(byte, name, sizeof(name));
		if (tb)
			return ls_say(w, "that flags memory byte %u of %s, which holds %s; %s "
				      "sets no flag there: %s", m, b ? "b" : "a", name,
				      st->func, exact ? "only a zero byte gets one" : "a "
				      "flag needs a zero byte, or a 0x01 byte that a borrow "
				      "from a zero reaches");
		if (byte == 0)
			return ls_say(w, "memory byte %u of %s holds 0x00, a zero byte, and "
				      "that value has no flag there: %s flags every zero byte",
				      m, b ? "b" : "a", st->func);
		return ls_say(w, "memory byte %u of %s holds %s, and a borrow from a zero "
			      "byte reaches it: %s flags it too, a false positive", m,
			      b ? "b" : "a", name, st->func);
	}
	return 0;
}

/* alpha's map (cmpbge(0, a): bit m for memory byte m) with a bit more or less. */
static int map_more_less(struct ls_wrong *w)
{
	const struct wv_step *st = asked_step(w);
	uint64_t diff = (w->typed ^ w->a->value) & 0xff;
	unsigned m, byte;
	char name[24];

	if (!st || w->a->width != 8 || w->a->value != st->result || !diff ||
	    w->typed > 0xff || (st->kind != WV_STEP_HAS_ZERO && st->kind != WV_STEP_PREP))
		return 0;
	m = (unsigned)__builtin_ctzll(diff);
	byte = wv_wat_mem_byte(w->t->v, w->wd->value, m);
	byte_name(byte, name, sizeof(name));
	if ((w->typed >> m) & 1)
		return ls_say(w, "that sets bit %u, for memory byte %u, which holds %s: "
			      "cmpbge(0, a) sets bit i only where byte i is zero", m, m, name);
	return ls_say(w, "bit %u of that is clear, but memory byte %u holds 0x00: "
		      "cmpbge(0, a) sets bit i wherever byte i is zero", m, m);
}

/* ---- digits and bytes ----------------------------------------------------- */

/* The answer's hex digits with one left out, or one written twice. */
static int digit_out(struct ls_wrong *w)
{
	char d[20], e[20], typed[20];
	size_t n;

	snprintf(d, sizeof(d), "%llx", (unsigned long long)w->a->value);
	snprintf(typed, sizeof(typed), "%llx", (unsigned long long)w->typed);
	n = strlen(d);
	for (size_t i = 0; i < n; i++) {
		memcpy(e, d, i);
		memcpy(e + i, d + i + 1, n - i);	/* one left out */
		if (strcmp(e, typed) == 0)
			return ls_say(w, "that has a hex digit too few: every byte is two "
				      "hex digits, and only zeros at the left may be left out");
		memcpy(e, d, i + 1);
		memcpy(e + i + 1, d + i, n - i + 1);	/* one written twice */
		if (strcmp(e, typed) == 0)
			return ls_say(w, "that has a hex digit too many: every byte is two "
				      "hex digits; count them against the register's bytes");
	}
	return 0;
}

/* The top bytes only; the answer's zero bytes left out. */
static int written_short(struct ls_wrong *w)
{
	uint64_t ans = w->a->value, compact = 0;
	unsigned nb = w->a->width / 8, c = 0, zeros = 0;

	for (unsigned n = 1; n < nb; n++)
		if (w->typed && w->typed == ans >> (8 * n))
			return ls_say(w, (ans & wv_wmask(8 * n)) ? "that writes %u of the "
				      "register's %u bytes, and the lowest ones are missing: "
				      "the rightmost two hex digits are always bits 0 to 7" :
				      "that writes %u of the register's %u bytes, and leaves "
				      "out zero bytes at the bottom: the rightmost hex digits "
				      "are bits 0 to 7, so leading zeros may be left out, "
				      "trailing ones may not", nb - n, nb);
	for (unsigned r = 0; r < nb; r++) {
		unsigned b = reg_byte(ans, r);

		if (b)
			compact |= (uint64_t)b << (8 * c++);
		else if (compact)
			zeros++;
	}
	if (zeros && w->typed == compact)
		return ls_say(w, "that leaves zero bytes out between the others: every "
			      "byte of the register is two hex digits, 00 for a zero byte; "
			      "only the zeros at the top, the left, may be left out");
	return 0;
}

/* The bytes in the other order, moved by whole bytes. */
static int order_moved(struct ls_wrong *w)
{
	unsigned nb = w->a->width / 8;
	uint64_t rev = 0, m = wv_wmask(w->a->width);

	if (nb < 4 || !w->typed)
		return 0;	/* 0: every byte moved out */
	for (unsigned r = 0; r < nb; r++)
		rev |= (uint64_t)reg_byte(w->a->value, r) << (8 * (nb - 1 - r));
	for (unsigned n = 1; n < nb; n++)
		if (w->typed == ((rev << (8 * n)) & m) || w->typed == rev >> (8 * n))
			return ls_say(w, "those bytes stand in the other order, and moved: "
				      "%s puts memory byte 0 in the %s byte of the register",
				      w->t->v->name, w->t->v->endian == WV_LITTLE ? "lowest"
				      : "top");
	return 0;
}

/*
 * A sum or a difference with one byte off: the operand's own byte left
 * there, or a borrow (carry) from the byte below missed or added.
 */
static int sum_byte(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub = w->q < t->nsubs ? &t->subs[w->q] : NULL;
	const struct wv_row *x, *res, *bc;
	unsigned differ = 0, at = 0;
	bool sub_op;

	if (!sub || (sub->op != WV_OP_SUB && sub->op != WV_OP_ADD))
		return 0;
	sub_op = sub->op == WV_OP_SUB;
	x = ls_row_of(t, w->q, WV_ROW_INPUT, false);
	res = ls_result_row(t, w->q);
	bc = ls_row_of(t, w->q, sub_op ? WV_ROW_BORROW : WV_ROW_CARRY, false);
	if (!x || !res || res->value != w->a->value)
		return 0;
	for (unsigned r = 0; r < w->nb; r++)
		if (reg_byte(w->typed, r) != reg_byte(w->a->value, r)) {
			differ++;
			at = r;
		}
	if (differ != 1)
		return 0;
	unsigned m = t->reg_to_mem[at], tb = reg_byte(w->typed, at);
	unsigned ab = reg_byte(w->a->value, at);
	/* the borrow (carry) row's bit 8r: the one byte r gave (took) */
	bool in = at > 0 && bc && (bc->value >> (8 * at)) & 1;
	char name[24];

	byte_name(reg_byte(x->value, at), name, sizeof(name));
	if (tb == reg_byte(x->value, at))
		return ls_say(w, "memory byte %u of that is %s's own byte, %s, left as it "
			      "was, but %s changes that byte", m, x->label, name, sub->expr);
	if (in && tb == ((sub_op ? ab + 1 : ab - 1) & 0xff))
		return ls_say(w, sub_op ? "memory byte %u of that misses the borrow the "
			      "byte below it in the register (memory byte %u) takes from "
			      "it: %s" : "memory byte %u of that misses the carry from the "
			      "byte below it in the register (memory byte %u): %s", m,
			      t->reg_to_mem[at - 1], ls_sub_rule(t, w->q));
	if (!in && at > 0 && tb == ((sub_op ? ab - 1 : ab + 1) & 0xff))
		return ls_say(w, sub_op ? "memory byte %u of that pays a borrow to the "
			      "byte below it in the register (memory byte %u), which takes "
			      "none: %s" : "memory byte %u of that takes a carry from the "
			      "byte below it in the register (memory byte %u), which gives "
			      "none: %s", m, t->reg_to_mem[at - 1], ls_sub_rule(t, w->q));
	return 0;
}

/*
 * An and, or, xor or not: the top bit where the typed value and the rule
 * disagree, with the row that decides it.
 */
static int bit_rule(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub = w->q < t->nsubs ? &t->subs[w->q] : NULL;
	const struct wv_row *rows[WV_SUB_ROWS_MAX], *res;
	unsigned n = 0, b, ones = 0;
	uint64_t diff;
	bool tb;

	if (!sub || (sub->op != WV_OP_AND && sub->op != WV_OP_OR && sub->op != WV_OP_XOR &&
		     sub->op != WV_OP_NOT))
		return 0;
	res = ls_result_row(t, w->q);
	if (!res || res->value != w->a->value)
		return 0;
	for (unsigned r = 0; r < sub->nrows; r++)
		if ((sub->rows[r].kind == WV_ROW_INPUT || sub->rows[r].kind == WV_ROW_CONST) &&
		    sub->rows[r].width)
			rows[n++] = &sub->rows[r];
	diff = (w->typed ^ w->a->value) & wv_wmask(w->a->width);
	if (!n || !diff)
		return 0;
	b = 63 - (unsigned)__builtin_clzll(diff);
	tb = (w->typed >> b) & 1;
	for (unsigned i = 0; i < n; i++)
		ones += (rows[i]->value >> b) & 1;
	switch (sub->op) {
	case WV_OP_AND:
		for (unsigned i = 0; i < n && tb; i++)
			if (!((rows[i]->value >> b) & 1))
				return ls_say(w, "bit %u of that is 1, but %s has a 0 there: "
					      "in an and, a bit is 1 only where every row "
					      "has a 1", b, rows[i]->label);
		return ls_say(w, "bit %u of that is 0, but every row of %s has a 1 there",
			      b, sub->expr);
	case WV_OP_OR:
		for (unsigned i = 0; i < n && !tb; i++)
			if ((rows[i]->value >> b) & 1)
				return ls_say(w, "bit %u of that is 0, but %s has a 1 there: "
					      "in an or, a bit is 1 where any row has a 1",
					      b, rows[i]->label);
		return ls_say(w, "bit %u of that is 1, but no row of %s has a 1 there",
			      b, sub->expr);
	case WV_OP_XOR:
		return ls_say(w, "bit %u of that is %d, but the rows of %s %s there: a "
			      "bit is 1 where the two rows differ", b, tb, sub->expr,
			      ones == 1 ? "differ" : "agree");
	default:
		return ls_say(w, "bit %u of that is the same as in %s: ~ flips every bit",
			      b, rows[0]->label);
	}
}

/* ---- shifts and masks ----------------------------------------------------- */

/* 0xff where a shift brought in zeros. */
static int padded(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub = w->q < t->nsubs ? &t->subs[w->q] : NULL;
	bool any = false;

	if (!sub || (sub->op != WV_OP_SHR && sub->op != WV_OP_SHL) ||
	    t->steps[sub->step].kind == WV_STEP_CREATE || t->steps[sub->step].kind == WV_STEP_ZBM)
		return 0;	/* a mask's 0xff bytes: mask_to's */
	for (unsigned r = 0; r < w->a->width / 8; r++) {
		unsigned ab = reg_byte(w->a->value, r), tb = reg_byte(w->typed, r);

		if (ab == tb)
			continue;
		if (ab != 0 || tb != 0xff)
			return 0;
		any = true;
	}
	return any ? ls_say(w, "that fills with 0xff bytes: a shift brings in zero "
			    "bits, never ones") : 0;
}

/* The asked shift by another count than its own (after the masks: a mask
   a byte short is that, not a shift by 15). */
static int shift_other(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub = w->q < t->nsubs ? &t->subs[w->q] : NULL;
	const struct wv_row *x, *n, *res;
	bool left;
	unsigned by = 64;

	if (!sub || (sub->op != WV_OP_SHR && sub->op != WV_OP_SHL) || !w->typed)
		return 0;
	left = sub->op == WV_OP_SHL;
	res = ls_result_row(t, w->q);
	x = ls_row_of(t, w->q, WV_ROW_INPUT, false);
	if (!x)
		x = ls_row_of(t, w->q, WV_ROW_CONST, false);
	n = ls_row_of(t, w->q, WV_ROW_INPUT, true);
	if (!x || !res || res->value != w->a->value)
		return 0;
	if (n)
		by = (unsigned)n->value;
	for (unsigned i = 0; i < w->bits && by == 64; i++)
		if ((left ? wv_shl(x->value, i, w->bits) : x->value >> i) == w->a->value)
			by = i;
	for (unsigned m = 1; m < w->bits && by < w->bits; m++)
		if (m != by && w->typed == (left ? wv_shl(x->value, m, w->bits) : x->value >> m))
			return ls_say(w, "that is %s %s %u; %s shifts by %u", x->label,
				      left ? "<<" : ">>", m, sub->expr, by);
	return 0;
}

/* A byte mask, or the word kept under one, that ends at another byte. */
static int mask_to(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_step *st = asked_step(w);
	uint64_t a = t->words[t->nwords - 1].value, ans = w->a->value;
	char term[24];

	if (!st || (st->kind != WV_STEP_CREATE && st->kind != WV_STEP_ZBM) ||
	    w->a->width != w->bits || !w->typed)
		return 0;	/* 0: a zero word kept under any mask */
	terminator(t, term, sizeof(term));
	for (unsigned j = 1; j <= w->nb; j++) {
		uint64_t m = ls_bytes_before(t, j);
		unsigned byte = j < w->nb ? wv_wat_mem_byte(t->v, a, j) : 1;
		bool near = j == w->k || j == w->k + 1 || j + 1 == w->k;

		if (j == w->k + 1 && w->typed == (a & m) &&
		    ans == (a & ls_bytes_before(t, w->k)))
			return ls_say(w, "that keeps the terminator's byte too: every byte "
				      "before the first %s is kept, and no other", term);
		if (near)
			continue;	/* wrong.c's: the terminator, a byte short */
		if (w->typed == m && (ans == ls_bytes_before(t, w->k) ||
				      t->v->zbm_kind == WV_ZBM_ALPHA))
			return ls_say(w, "that mask covers memory bytes 0 to %u%s: the mask "
				      "stops at the first %s", j - 1, byte == 0 ||
				      (int)byte == t->in.delim ? ", up to a later terminator"
				      : "", term);
		if (w->typed == (a & m) && ans == (a & ls_bytes_before(t, w->k)))
			return ls_say(w, "that keeps memory bytes 0 to %u of a: every byte "
				      "before the first %s is kept, and no other", j - 1, term);
	}
	for (unsigned j = 1; j < w->nb; j++)
		if (w->typed == (a & ~ls_bytes_before(t, j)))
			return ls_say(w, "that keeps the bytes a mask clears, a & ~mask: "
				      "the mask's 0xff bytes are the ones kept");
	/* hash_name: the bytes after the '/', the next component */
	if (t->in.delim >= 0 && w->k + 1 < w->nb) {
		uint64_t next = 0;
		unsigned n = 0;

		for (unsigned i = w->k + 1; i < w->nb; i++, n++) {
			unsigned b = wv_wat_mem_byte(t->v, a, i);

			if (b == 0 || (int)b == t->in.delim)
				break;
			next |= (uint64_t)b << 8 * wv_wat_byte_index(t->v, n);
		}
		if (n && w->typed == next)
			return ls_say(w, "those are the bytes after the '%c', the next "
				      "component's: the hash of this one folds only the bytes "
				      "before it", t->in.delim);
	}
	/* alpha: a run of low bits of another length */
	if (t->v->zbm_kind == WV_ZBM_ALPHA && st->kind == WV_STEP_ZBM && w->typed &&
	    (w->typed & (w->typed + 1)) == 0)
		return ls_say(w, "that keeps the low %u bits: alpha's (2 << 8 * find_zero) "
			      "- 1 keeps 8 * find_zero + 1 of them", 64 -
			      (unsigned)__builtin_clzll(w->typed));
	return 0;
}

/* ---- the entry points ----------------------------------------------------- */

int ls_slip_hex(struct ls_wrong *w)
{
	if (!w->a->width || w->a->form == WV_FORM_NUMBER)
		return 0;
	if (map_more_less(w))
		return 1;
	return yes_no(w) || other_word(w) || written_short(w) || flag_more_less(w) ||
	       mask_to(w) || padded(w) || shift_other(w) || order_moved(w) || digit_out(w) ||
	       sum_byte(w) || bit_rule(w);
}

int ls_slip_where(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	unsigned nb = w->a->width / 8;

	if (nb < 4)
		return 0;
	for (unsigned m = 0; m < nb; m++) {
		unsigned r = wv_wat_byte_index(t->v, m);

		if (reg_byte(w->typed, r) != reg_byte(w->a->value, r))
			return ls_say(w, "look again at memory byte %u, register bits %u to "
				      "%u: %s", m, 8 * r, 8 * r + 7, ls_sub_rule(t, w->q));
	}
	return 0;
}

int ls_slip_bit(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_row *x = ls_row_of(t, w->q, WV_ROW_INPUT, false);
	uint64_t v = w->typed;
	bool top;

	if (!x || !x->value || w->q >= t->nsubs || v >= w->bits)
		return 0;
	if (w->a->value == wv___fls(x->value, w->bits))
		top = true;
	else if (w->a->value == wv___ffs(x->value, w->bits))
		top = false;
	else
		return 0;
	if (!((x->value >> v) & 1))
		return ls_say(w, "bit %llu of %s is 0: the index asked is of a set bit, "
			      "counted from bit 0", (unsigned long long)v, x->label);
	return ls_say(w, "bit %llu of %s is set, but it is not the %s set bit: look "
		      "%s it", (unsigned long long)v, x->label, top ? "top" : "lowest",
		      top ? "above" : "below");
}
