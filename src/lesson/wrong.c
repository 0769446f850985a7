/*
 * What a wrong answer would have meant: the mistakes a teacher would predict,
 * each worked out from the scene's trace, matched against the typed value
 * (wv_lesson_wrong), and the diagnosis of one answer (wv_lesson_diagnose),
 * which the class's vote options and the live class's groups use.  Split
 * from grade.c, whose helpers it borrows through grade.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "watviz/cost.h"
#include "lesson/lesson.h"
#include "watviz/wat.h"
#include "trace/word.h"
#include "watviz/wordops.h"

/* ---- what a wrong answer would have meant --------------------------------- */

/* What a count or an index asked is: a number of bits? */
static bool counts_bits(const struct ls_wrong *w)
{
	const struct wv_substep *sub = w->q < w->t->nsubs ? &w->t->subs[w->q] : NULL;

	if (w->s->q.ask == WV_ASK_CREATE)
		return true;	/* a number only on ppc64le (8k) and s390 (__fls) */
	return sub && (sub->op == WV_OP_CLZ || sub->op == WV_OP_CTZ ||
		       sub->op == WV_OP_POPCOUNT);
}

/* A number: the bit counts of the word the sub-step counts in. */
static int wrong_bit_count(struct ls_wrong *w)
{
	const struct wv_row *x = ls_row_of(w->t, w->q, WV_ROW_INPUT, false);
	unsigned b = w->bits;
	uint64_t v = w->typed;

	if (!x || x->value == 0)
		return 0;
	const struct { uint64_t n; const char *what; } named[] = {
		{ wv_clz(x->value, b), "clz(%s), the 0 bits above its top set bit" },
		{ wv___ffs(x->value, b), "__ffs(%s), the 0 bits below its lowest set bit" },
		{ wv___ffs(x->value, b) + 1, "ffs(%s), its lowest set bit counted from 1" },
		{ wv___fls(x->value, b), "__fls(%s), its top set bit counted from bit 0" },
		{ wv_fls(x->value, b), "fls(%s), its top set bit counted from 1" },
		{ wv_popcount(x->value), "popcount(%s), its set bits" },
	};
	char what[120];

	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		const char *cut = strstr(named[i].what, "%s");

		/* ffs is __ffs + 1, fls __fls + 1: named one off, they would
		   give the answer away */
		if (v != named[i].n || !cut || v + 1 == w->a->value || v == w->a->value + 1)
			continue;
		/* the name with the row's label in place of %s */
		snprintf(what, sizeof(what), "%.*s%s%s", (int)(cut - named[i].what),
			 named[i].what, x->label, cut + 2);
		return ls_say(w, "%llu is %s; %s", (unsigned long long)v, what,
			      ls_sub_rule(w->t, w->q));
	}
	return 0;
}

/*
 * How many sub-steps has_zero draws on word wd, all of them (*all) and the
 * ones that compute (not the loop's test, not a note).
 */
static unsigned hz_subs(const struct wv_trace *t, const struct wv_word *wd, unsigned *all)
{
	unsigned ops = 0;

	*all = 0;
	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];

		if (st->kind != WV_STEP_HAS_ZERO || &t->words[st->word] != wd)
			continue;
		for (size_t k = st->first; k < st->first + st->nsub; k++) {
			(*all)++;
			ops += t->subs[k].op != WV_OP_TEST && t->subs[k].op != WV_OP_NOTE;
		}
	}
	return ops;
}

/* has_zero_ops: what else a count of operations would have counted. */
static int wrong_ops(struct ls_wrong *w)
{
	const struct wv_cost *c = &w->t->cost;
	unsigned long long v = w->typed;
	unsigned hz = c->call[WV_COST_HAS_ZERO], all, subs = hz_subs(w->t, w->wd, &all);

	if (v == c->loop_test)
		return ls_say(w, "that counts the loop's test of the result against 0 as "
			   "well; the question asks for has_zero's formula alone");
	if (v == hz + c->after || v == c->loop_test + c->after ||
	    v == hz + c->after + c->call[WV_COST_ZBM] ||
	    v == c->loop_test + c->after + c->call[WV_COST_ZBM])
		return ls_say(w, "that counts the calls after the loop too: "
			   "prep_zero_mask, create_zero_mask, find_zero (and "
			   "zero_bytemask) run once per string, on the word where the "
			   "loop stops, not on every word");
	if (v == c->byte_test)
		return ls_say(w, "that is the byte loop's count for one word: a compare "
			   "with 0 for each of its %u bytes; has_zero asks about all of "
			   "them at once", w->nb);
	if (v == 3ULL * c->byte_test)
		return ls_say(w, "that is what the byte loop spends on one word's bytes, "
			   "a load, a compare and a branch for each; the question asks "
			   "for has_zero's operations");
	if (v == subs || v == all)
		return ls_say(w, "that counts has_zero's sub-steps on screen%s; one "
			   "sub-step may apply several operators: count them in each "
			   "sub-step's expression", v == all && v != subs ? ", the loop's "
			   "test among them" : "");
	if (v == 0)
		return ls_say(w, "has_zero computes something on every word: count the "
			   "operators of its formula; only the constants cost nothing");
	if (v > hz)
		return ls_say(w, "too many: count each operator of has_zero's formula "
			      "once, for one word; the constants cost nothing, and the "
			      "loop's test and the calls after the loop are not in it");
	if (v < hz)
		return ls_say(w, "too few: every operator applied to a word counts, a "
			   "complement (~) too, each & on its own, and so does each "
			   "instruction; only the constants cost nothing");
	return 0;
}

/* A number asked: a byte index, a count of flags or of bits. */
static int wrong_number(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_word *wd = w->wd;
	unsigned long long v = w->typed;
	size_t at = t->words[t->nwords - 1].address;
	struct flag_facts ff;
	unsigned nflags = 0, nzero = 0;

	switch (w->s->q.ask) {
	case WV_ASK_HAS_ZERO_OPS:
		return wrong_ops(w);
	case WV_ASK_TOP_FLAG:
		ls_flag_facts(t, wd, &ff);
		if (v >= w->nb)
			return ls_say(w, "a word of %u bytes has no memory byte %llu", w->nb, v);
		if (t->answer >= wd->address && v == t->answer - wd->address)
			return ls_say(w, "byte %llu is the real first zero, the trap here: the "
				   "question asks where the top flag points, the register's "
				   "most significant flag, and a flag can sit on a byte that "
				   "is not zero", v);
		if (t->v->endian != WV_LITTLE && v == w->nb - 1 - ff.top_mem)
			return ls_say(w, "that counts register bytes from the lowest; the "
				   "question asks the memory byte, and on big-endian memory "
				   "byte 0 is the register's top byte");
		if (!((ff.mem >> v) & 1))
			return ls_say(w, "memory byte %llu holds no flag: look for the "
				   "register's most significant flag", v);
		return ls_say(w, "memory byte %llu is flagged, but its flag is not the "
			   "register's most significant one", v);
	case WV_ASK_FIND:
		if (v == at + w->a->value && at)
			return ls_say(w, "%llu is the memory address; the index inside the "
				   "word, which starts at %zu, is what is asked", v, at);
		if (v >= w->nb)
			return ls_say(w, "a word of %u bytes has no byte %llu", w->nb, v);
		if (v == w->a->value + 1)
			return ls_say(w, "one too many: the word's first byte in memory is "
				   "index 0");
		return 0;
	case WV_ASK_LENGTH:
		if (v == w->a->value + 1)
			return ls_say(w, t->answer_is_delim ? "that counts the delimiter too; "
				   "the length stops before it" : "that counts the NUL too, as "
				   "strnlen_user's return value does; the length does not");
		if (v == t->scan.find_zero)
			return ls_say(w, "that is find_zero, the index in the last word; the "
				   "length counts from the string's start");
		if (v == t->answer)
			return ls_say(w, "that is the terminator's memory address; the string "
				   "starts at %zu", t->in.offset);
		return 0;
	case WV_ASK_FALSE_POS:
		for (unsigned r = 0; r < w->nb; r++) {
			bool flag = t->v->hz_kind == WV_HZ_CMPBGE ? (wd->has_zero >> r) & 1
				    : ((wd->has_zero >> 8 * r) & 0xff) != 0;

			nflags += flag;
			nzero += wv_wat_mem_byte(t->v, wd->value, r) == 0;
		}
		if (v == nflags)
			return ls_say(w, "that counts every flag; only the flags in bytes "
				   "that are not zero are false");
		if (v == nzero)
			return ls_say(w, "that counts the zero bytes; the question asks for "
				   "the flags in bytes that are not zero");
		if (v > nflags && nflags != w->a->value)
			return ls_say(w, "that is more than the flags has_zero sets on this "
				   "word: count them in its result first");
		if (v == 0)
			return ls_say(w, "that says every flag sits on a zero byte; look at "
				   "the memory byte under each flag");
		return ls_say(w, "count again: a flag is false where its memory byte is "
			   "not a zero byte; look at the byte under each flag");
	default:
		break;
	}
	if (wrong_bit_count(w))
		return 1;
	if (counts_bits(w)) {
		unsigned r = wv_wat_byte_index(t->v, w->k);

		if (v == w->k && t->nwords && w->wd == &t->words[t->nwords - 1])
			return ls_say(w, "%llu is the first zero's byte index, as find_zero "
				   "gives it; the question counts bits", v);
		if (v == 8ULL * r)
			return ls_say(w, "%llu is the lowest bit of the zero's byte; %s", v,
				   ls_sub_rule(t, w->q));
		if (v == 8ULL * r + 7)
			return ls_say(w, "%llu is the top bit of the zero's byte, where its "
				   "flag sits; %s", v,
				   ls_sub_rule(t, w->q));
		if (w->a->value && v == w->a->value / 8)
			return ls_say(w, "that counts bytes; the question counts bits");
		if (v == 8 * w->a->value)
			return ls_say(w, "that multiplies by eight once too often: the "
				   "question's count is already in bits");
		if (v >= w->bits)
			return ls_say(w, "a %u-bit word has no bit %llu", w->bits, v);
		if (w->a->value < w->bits && v == w->bits - 1 - w->a->value &&
		    w->q < t->nsubs && (t->subs[w->q].op == WV_OP_CLZ ||
					t->subs[w->q].op == WV_OP_CTZ))
			return ls_say(w, "%llu counts from the top end of the register, "
				   "bit %u; %s", v, w->bits - 1,
				   ls_sub_rule(t, w->q));
	}
	if (ls_slip_bit(w))
		return 1;
	/* neutral: "off by one" would give the answer away */
	if (w->q < t->nsubs)
		return ls_say(w, "look again at the rows: %s", ls_sub_rule(t, w->q));
	return 0;
}

/* The shown sub-step's shift by one more or one less. */
static int wrong_shift(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub;
	const struct wv_row *x, *n;
	uint64_t ans = w->a->value;
	bool left;
	unsigned by = 64;

	if (w->q >= t->nsubs)
		return 0;
	sub = &t->subs[w->q];
	left = sub->op == WV_OP_SHL;
	if ((sub->op != WV_OP_SHR && !left) || !ls_result_row(t, w->q) ||
	    ls_result_row(t, w->q)->value != ans)
		return 0;
	x = ls_row_of(t, w->q, WV_ROW_INPUT, false);
	if (!x)
		x = ls_row_of(t, w->q, WV_ROW_CONST, false);
	n = ls_row_of(t, w->q, WV_ROW_INPUT, true);
	if (!x)
		return 0;
	if (n)
		by = (unsigned)n->value;
	for (unsigned i = 0; i < w->bits && by == 64; i++)
		if ((left ? wv_shl(x->value, i, w->bits) : x->value >> i) == ans)
			by = i;
	if (by >= w->bits)
		return 0;
	for (int d = -1; d <= 1; d += 2) {
		unsigned m = (unsigned)((int)by + d);
		uint64_t y = m >= w->bits ? 0 : left ? wv_shl(x->value, m, w->bits)
			     : x->value >> m;

		if (by + d >= 1 && m < w->bits && w->typed == y)
			return ls_say(w, "that is %s %s %u: one bit %s; %s shifts by %u",
				   x->label, left ? "<<" : ">>", m, d > 0 ? "too far" :
				   "short", sub->expr, by);
	}
	return 0;
}

/* x - 1 worked without its borrow, or as clearing the lowest bit only. */
static int wrong_minus_one(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_row *x, *one;

	if (w->q >= t->nsubs || t->subs[w->q].op != WV_OP_SUB)
		return 0;
	x = ls_row_of(t, w->q, WV_ROW_INPUT, false);
	one = ls_row_of(t, w->q, WV_ROW_CONST, false);
	if (!x || !one || one->value != 1 || x->value == 0 || (x->value & 1))
		return 0;
	if (w->typed && w->typed == (x->value & (x->value - 1)))
		return ls_say(w, "that clears only the lowest set bit of %s; %s - 1 also "
			   "turns every 0 below it into a 1: the borrow runs down to bit 0",
			   x->label, x->label);
	if (w->typed == (x->value | 1))
		return ls_say(w, "that sets only bit 0; %s - 1 borrows from the lowest set "
			   "bit, which clears it and turns every 0 below it into a 1",
			   x->label);
	return 0;
}

/* Byte masks with one byte too many or too few, alpha's extra bit. */
static int wrong_mask(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	enum wv_step_kind kind = w->q < t->nsubs ? t->steps[t->subs[w->q].step].kind
					       : WV_STEP_LOAD;
	bool alpha = t->v->zbm_kind == WV_ZBM_ALPHA && kind == WV_STEP_ZBM;
	uint64_t ans = w->a->value, bit = alpha ? UINT64_C(1) << (8 * w->k) : 0;
	uint64_t a = t->words[t->nwords - 1].value;
	bool kept = w->q < t->nsubs && t->subs[w->q].op == WV_OP_AND &&
		    ans == (a & ls_bytes_before(t, w->k));

	if (kind != WV_STEP_CREATE && kind != WV_STEP_ZBM)
		return 0;
	if (kept) {
		/* a & mask: the word strscpy stores, hash_name hashes */
		if (w->typed == ls_bytes_before(t, w->k))
			return ls_say(w, "that is the mask; the question asks the word "
				   "kept under it, a & mask");
		if (w->k && w->typed == (a & ls_bytes_before(t, w->k - 1)))
			return ls_say(w, "that keeps one byte too few: every byte before "
				   "the first zero%s%c%s is kept", t->in.delim > 0 ? " or '" : "",
				   t->in.delim > 0 ? t->in.delim : ' ', t->in.delim > 0 ? "'" : "");
		return 0;
	}
	if (ans != (ls_bytes_before(t, w->k) | bit))
		return 0;	/* not a byte mask here (a bit count, raw flags) */
	if (w->typed == (a & ans))
		return ls_say(w, "that is a & mask, the word kept under the mask; the "
			   "question asks the mask itself");
	if (w->k < w->nb && w->typed == ls_bytes_before(t, w->k + 1))
		return ls_say(w, "that mask covers the zero byte too; %s", alpha ?
			   "alpha's keeps only bit 0 of it" : "it keeps only the bytes "
			   "before the first zero");
	if (w->k && w->typed == (ls_bytes_before(t, w->k - 1) | (alpha ? bit >> 8 : 0)))
		return ls_say(w, "that mask stops a byte short: it leaves out the byte "
			   "just before the first zero");
	if (alpha && w->typed == ls_bytes_before(t, w->k))
		return ls_say(w, "that is the byte mask the other kernels give; alpha's "
			   "(2 << 8 * find_zero) - 1 keeps bit 0 of the zero byte as well");
	if (!alpha && w->k < w->nb && t->v->endian == WV_LITTLE &&
	    w->typed == (ans | UINT64_C(1) << (8 * w->k)))
		return ls_say(w, "that is alpha's mask, with bit 0 of the zero byte; "
			   "%s's keeps only the bytes before it", t->v->name);
	return 0;
}

/*
 * A mask of flags (has_zero's, has_zero(b)'s, prep_zero_mask's: 0x80 or
 * 0xff per byte, or alpha's map) with only the first zero's flag.
 */
static int wrong_flags(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	const struct wv_step *st = w->q < t->nsubs ? &t->steps[t->subs[w->q].step] : NULL;
	bool b = st && st->kind == WV_STEP_DELIM_HAS_ZERO, map = w->a->width == 8;
	bool cheap = st && st->kind != WV_STEP_PREP && (t->v->hz_kind == WV_HZ_CHEAP ||
						       t->v->hz_kind == WV_HZ_CHEAP_BE);
	uint64_t ans = w->a->value, flag, x = b ? w->wd->delim_value : w->wd->value;
	unsigned z = ls_first_zero_in(t, x), r;

	if (!st || z >= w->nb || !(st->kind == WV_STEP_HAS_ZERO || b ||
				   (st->kind == WV_STEP_PREP && t->in.delim < 0)))
		return 0;
	/* flags only: 0x80 or 0xff in a byte, or a map */
	for (unsigned i = 0; i < w->nb && !map; i++) {
		unsigned byte = (unsigned)(ans >> (8 * i)) & 0xff;

		if (byte != 0 && byte != 0x80 && byte != 0xff)
			return 0;
	}
	r = map ? z : wv_wat_byte_index(t->v, z);
	flag = map ? ans & (UINT64_C(1) << r) : ans & (UINT64_C(0xff) << (8 * r));
	if (flag && flag != ans && w->typed == flag)
		return ls_say(w, "that flags only the first zero byte of %s; %s flags every "
			   "zero byte of it%s", b ? "b" : "a", st->func, cheap ?
			   ", and any 0x01 byte a borrow from a zero reaches" : "");
	return 0;
}

/* The right bytes in the other order, or written short. */
static int wrong_order(struct ls_wrong *w)
{
	unsigned width = w->a->width, sig = 0, low0 = 0;
	uint64_t ans = w->a->value, swapped = 0, shortrev = 0;

	if (width < 32)
		return 0;
	for (unsigned r = 0; r < width / 8; r++) {
		swapped |= ((ans >> (8 * r)) & 0xff) << (width - 8 - 8 * r);
		if ((ans >> (8 * r)) & 0xff)
			sig = r + 1;
	}
	for (unsigned r = 0; r < width / 8 && !((ans >> (8 * r)) & 0xff); r++)
		low0 = r + 1;
	for (unsigned r = 0; r < sig; r++)
		shortrev |= ((ans >> (8 * r)) & 0xff) << (8 * (sig - 1 - r));
	if (w->typed == swapped)
		return ls_say(w, "those are the right bytes in the wrong order: %s puts "
			   "memory byte 0 in the %s byte of the register", w->t->v->name,
			   w->t->v->endian == WV_LITTLE ? "lowest" : "top");
	if (sig >= 2 && w->typed == shortrev)
		return ls_say(w, w->t->v->endian == WV_LITTLE ? "those bytes are written "
			      "in memory order; on little-endian memory byte 0 is the "
			      "register's lowest byte, the rightmost pair of hex digits" :
			      "those bytes are written in the other order; on big-endian "
			      "memory byte 0 is the register's top byte, the leftmost pair "
			      "of hex digits of the whole register");
	if (low0 && low0 < width / 8 && w->typed == ans >> (8 * low0))
		return ls_say(w, "that leaves out the zero bytes at the bottom of the "
			   "register: the rightmost hex digits are bits 0 to 7, so "
			   "leading zeros may be left out, trailing ones may not");
	return 0;
}

/* What row r of sub-step k is, when the answer is not it. */
static int row_meaning(struct ls_wrong *w, size_t k, const struct wv_row *row)
{
	const struct wv_trace *t = w->t;
	const struct wv_substep *sub = &t->subs[k];
	const struct wv_step *st = &t->steps[sub->step];
	char v[40];

	wv_lesson_format(w->a, w->typed, v, sizeof(v));
	if (k == w->q) {
		switch (row->kind) {
		case WV_ROW_BORROW:
			return ls_say(w, "%s is the borrow row of %s, the bits that "
				   "borrowed; the question asks the difference", v, sub->expr);
		case WV_ROW_CARRY:
			return ls_say(w, "%s is the carry row of %s, the bits a carry came "
				   "into; the question asks the sum", v, sub->expr);
		case WV_ROW_RESULT:
			return ls_say(w, "%s is %s, a row of %s; the question asks its "
				   "last result", v, row->label, sub->expr);
		default:
			return ls_say(w, "%s is %s, an operand of %s; %s", v, row->label,
				   sub->expr, ls_sub_rule(t, k));
		}
	}
	if (row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
		return ls_say(w, "%s is the %s row of %s in %s, not a result", v,
			   row->kind == WV_ROW_BORROW ? "borrow" : "carry", sub->expr,
			   st->func);
	return ls_say(w, "%s is %s (%s, in %s), a step before the one asked", v,
		   row->label, sub->expr, st->func);
}

/* Every row up to the one asked, on the word asked and the last word. */
static int wrong_rows(struct ls_wrong *w)
{
	const struct wv_trace *t = w->t;
	size_t wi = (size_t)(w->wd - t->words);

	for (size_t k = w->q < t->nsubs ? w->q + 1 : t->nsubs; k-- > 0;) {
		const struct wv_substep *sub = &t->subs[k];
		size_t sw = t->steps[sub->step].word;

		if (sw != wi && sw != t->nwords - 1)
			continue;
		for (unsigned r = sub->nrows; r-- > 0;) {
			const struct wv_row *row = &sub->rows[r];

			if (row->value == w->typed && row->kind != WV_ROW_PARTIAL &&
			    (row->width == 0) == (w->a->width == 0))
				return row_meaning(w, k, row);
		}
	}
	return 0;
}

/* wv_lesson_wrong, or (unnamed) only the last resort's "look again at ..." */
static int wrong_of(const struct wv_scene *s, const struct wv_trace *t,
		    const struct wv_answer *a, uint64_t typed, bool unnamed,
		    char *buf, size_t size)
{
	size_t wi = ls_shown_word(s, t);
	const struct wv_word *wd = &t->words[wi < t->nwords ? wi : t->nwords - 1];
	unsigned bits = t->v->bits, nb = t->word_bytes;
	struct ls_wrong w = { s, t, a, wd, wv_lesson_quiz_sub(s, t), bits, nb,
			   t->scan.find_zero, typed, buf, size };
	uint64_t m = a->width ? wv_wmask(a->width) : ~UINT64_C(0);
	char v[40];

	buf[0] = '\0';
	if (typed == a->value)
		return 0;
	if (unnamed)	/* a later question's answer: as a value none explains */
		return a->width == 0 || a->form == WV_FORM_NUMBER ? 0 : ls_slip_where(&w);
	if (a->width == 0 || a->form == WV_FORM_NUMBER)
		return wrong_number(&w);
	/* a hex value: the mistakes of this step first */
	if (wrong_minus_one(&w) || wrong_shift(&w) || wrong_mask(&w) || wrong_flags(&w))
		return 1;

	/* a - ONES worked byte by byte, each byte less one, no borrow between
	   them (big-endian adds -ONES: the same bytes, without the carries) */
	uint64_t nob = 0;

	for (unsigned r = 0; r < nb; r++)
		nob |= (uint64_t)(uint8_t)(((wd->value >> (8 * r)) & 0xff) - 1) << (8 * r);
	if (typed == nob && nob != a->value &&
	    nob != ((wd->value - wv_ones(bits)) & wv_wmask(bits)))
		return ls_say(&w, "that is a - ONES byte by byte without the %s: a zero "
			   "byte becomes 0xff and %s, so the byte above it in the "
			   "register is one less again", t->v->endian == WV_LITTLE
			   ? "borrow" : "carries", t->v->endian == WV_LITTLE
			   ? "borrows 1 from the byte above it"
			   : "gives no carry into the byte above it");
	/* the word loaded from the wrong place: aligned where the load is not,
	   or from the string's start where the load is aligned */
	if (s->q.ask == WV_ASK_LOADED || s->q.ask == WV_ASK_VALUE) {
		size_t aligned = wd->address - wd->address % nb;
		size_t start = t->in.offset;
		uint8_t from[8];

		if (wd->address % nb && aligned + nb <= t->img.len &&
		    typed == wv_wat_load(t->v, t->img.mem + aligned))
			return ls_say(&w, "that is the aligned word at address %zu; this "
				   "load starts at the name itself, address %zu, %zu "
				   "byte%s later (unaligned), so every byte moves over",
				   aligned, wd->address, wd->address - aligned,
				   wd->address - aligned == 1 ? "" : "s");
		/* the bytes from the start on; past the image, more fill */
		for (unsigned i = 0; i < nb; i++)
			from[i] = start + i < t->img.len ? t->img.mem[start + i]
							 : t->img.fill;
		if (wd->address == aligned && start != wd->address && wi == 0 &&
		    typed == wv_wat_load(t->v, from))
			return ls_say(&w, "that is the word from the string's start, "
				   "address %zu; the load is aligned, from address %zu, "
				   "so the %zu byte%s before the start come along", start,
				   wd->address, start - wd->address,
				   start - wd->address == 1 ? "" : "s");
	}
	if (wrong_order(&w))
		return 1;
	/* another value of this word, by name */
	/* b only where the scene has come to it; the scan's values only on
	   the word where the loop stops (the answer itself: never matched) */
	bool b = false, last = wd == &t->words[t->nwords - 1];

	for (size_t i = 0; i < t->nsteps && t->in.delim >= 0; i++)
		b |= t->steps[i].kind == WV_STEP_DELIM_HAS_ZERO &&
		     t->steps[i].word == (size_t)(wd - t->words) && (w.q >= t->nsubs ||
						i <= t->subs[w.q].step);
	const struct { uint64_t v; const char *what; } other[] = {
		{ wd->has_zero, b ? "has_zero(a), the test of a" :
				"has_zero's result" },
		{ b ? wd->delim_has_zero : a->value, "has_zero(b), the test of b" },
		{ b ? wd->delim_value : a->value, "b = a ^ REPEAT_BYTE(delim)" },
		{ wd->loaded, "the word as loaded" },
		{ wd->value, "a itself" },
		{ (wd->value - wv_ones(bits)) & wv_wmask(bits), "a - ONES" },
		{ ~wd->value & wv_wmask(bits), "~a" },
		{ wv_cheap_zero(wd->value, bits), "the cheap test (a - ONES) & ~a & HIGHS" },
		{ wv_exact_zero(wd->value, bits), "the exact mask, 0x80 in each zero byte" },
		{ wd->data, "what has_zero keeps in data" },
		{ last ? t->scan.prep_zero_mask : a->value, "prep_zero_mask's result" },
		{ last ? t->scan.create_zero_mask : a->value, "create_zero_mask's result" },
		{ last ? t->scan.zero_bytemask : a->value, "zero_bytemask's result" },
	};

	wv_lesson_format(a, typed, v, sizeof(v));
	for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		if (typed == other[i].v && other[i].v != a->value)
			return ls_say(&w, "%s is %s, not what is asked", v, other[i].what);
	if (wrong_rows(&w) || ls_slip_later(&w))
		return 1;
	/* a value one bit or one byte off, every bit flipped */
	if (typed && (typed == ((a->value << 1) & m) || typed == a->value >> 1))
		return ls_say(&w, "each set bit of that sits one place too %s%s", typed ==
			   a->value >> 1 ? "low" : "high", a->width >= 32 &&
			   !(a->value & ~wv_highs(a->width)) ? ": a flag is the top bit "
			   "of its byte" : "");
	if (typed && (typed == ((a->value << 8) & m) || typed == a->value >> 8))
		return ls_say(&w, "each byte of that sits one byte too %s in the register",
			   typed == a->value >> 8 ? "low" : "high");
	if (typed == (~a->value & m))
		return ls_say(&w, "every bit of that is flipped: it has a 1 wherever the "
			   "value asked has a 0");
	if (ls_slip_hex(&w))
		return 1;
	/* the low bytes of the answer only, and nothing else fits */
	for (unsigned n = 1; n < nb && a->width >= 32 && typed; n++)
		if (typed == (a->value & wv_wmask(8 * n)))
			return ls_say(&w, "that matches the low %u byte%s of the value asked, "
				   "but the bytes above them are not all zero: work out "
				   "the whole register", n, n == 1 ? "" : "s");
	return ls_slip_where(&w);
}

int wv_lesson_wrong(const struct wv_scene *s, const struct wv_trace *t,
		    const struct wv_answer *a, uint64_t typed, char *buf, size_t size)
{
	return wrong_of(s, t, a, typed, false, buf, size);
}

int wv_lesson_diagnose(const struct wv_scene *s, const struct wv_trace *t,
		       const struct wv_answer *a, const char *typed, char *buf,
		       size_t size)
{
	return wv_lesson_diagnose_unnamed(s, t, a, typed, NULL, 0, buf, size);
}

int wv_lesson_diagnose_unnamed(const struct wv_scene *s, const struct wv_trace *t,
			       const struct wv_answer *a, const char *typed,
			       const uint64_t *later, size_t nlater, char *buf,
			       size_t size)
{
	const char *p = typed + strspn(typed, " \t");
	bool hex = a->form == WV_FORM_HEX || (a->form == WV_FORM_CHOICE && a->width);
	char how[80] = "", rest[400];
	uint64_t v;

	buf[0] = '\0';
	if (a->form == WV_FORM_FORMULA || wv_lesson_typed_value(a, typed, &v) != 0)
		return 0;
	/* digits 0-9 only, no 0x, read as hex: say so (the right value in
	   decimal is asked again, never graded: wv_lesson_check) */
	if (hex && ls_decimal_digits(p) && !(a->form == WV_FORM_CHOICE && p[1] == '\0'))
		snprintf(how, sizeof(how), "%.20s was read as hex 0x%llx", p,
			 (unsigned long long)v);
	bool unnamed = false;

	for (size_t i = 0; i < nlater; i++)
		unnamed |= later[i] == v;
	if (!wrong_of(s, t, a, v, unnamed, rest, sizeof(rest))) {
		snprintf(buf, size, "%s", how);
		return how[0] != '\0';
	}
	snprintf(buf, size, "%s%s%s", how, how[0] ? "; " : "", rest);
	return 1;
}
