/*
 * Grading: the step a scene shows, the answer its question has on the trace
 * (with the worked answer, a nudge for after a wrong answer and a choice
 * question's options) and build questions proven or refuted.  Reading
 * what the class typed is typed.c's; what a wrong answer would have meant
 * is wrong.c's.
 * Lowest of the files that read a trace: it calls only public headers, and
 * lends what grade.h declares to wrong.c and check.c.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/cost.h"
#include "lesson/lesson.h"
#include "prove/prove.h"
#include "try/try.h"
#include "watviz/wat.h"
#include "trace/word.h"
#include "watviz/wordops.h"

#include "internal.h"

/* ---- the step a scene shows ---------------------------------------------- */

static const struct wv_step *shown_step(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *found = NULL;

	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];

		if (st->kind != s->show)
			continue;
		if (s->show_word_set ? st->word == s->show_word : true)
			found = st;	/* default: the last such step */
		if (s->show_word_set && found)
			break;
	}
	return found;
}

/*
 * The sub-step of st that computes its result: the last one (not a test)
 * whose last result row holds it, a note only when nothing else does.
 */
size_t ls_result_sub(const struct wv_step *st, const struct wv_trace *t)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = st->first + st->nsub; k-- > st->first;) {
			const struct wv_substep *sub = &t->subs[k];

			if (sub->op == WV_OP_TEST || (pass == 0 && sub->op == WV_OP_NOTE))
				continue;
			for (unsigned r = sub->nrows; r-- > 0;)
				if (sub->rows[r].kind == WV_ROW_RESULT) {
					if (sub->rows[r].value == st->result)
						return k;
					break;
				}
		}
	return t->nsubs;
}

/*
 * The worked answer of a build question: any formula right for every word
 * is, and the variant's own.  For the exact mask only the kernels that
 * compute it are credited: big-endian prep_zero_mask (include/asm-generic,
 * powerpc) and s390's has_zero, named from the table; the others have none
 * (little-endian uses only the lowest flag, which the cheap test already
 * gets right; cmpb and cmpbge give an exact map of their own form).
 */
static void build_worked(const struct wv_scene *s, const struct wv_variant *v,
			 char *buf, size_t size)
{
	static const char exact[] = "~(((a & LOW7) + LOW7) | a | LOW7)";
	struct wv_kernel_terms k;
	char who[400];
	int n = snprintf(buf, size, "Any formula that does it for every word is right. ");

	wv_try_kernel_terms(v, &k);
	if (s->q.build_as == WV_AS_FIND_ZERO)
		snprintf(buf + n, size - (size_t)n, "%s's own: %s (mask is "
			 "create_zero_mask's result).", v->name, k.find);
	else if (s->q.build_as != WV_AS_EXACT)
		snprintf(buf + n, size - (size_t)n, "%s's own: %s.", v->name, k.has_zero);
	else if (v->prep_kind == WV_PREP_EXACT_BE)
		snprintf(buf + n, size - (size_t)n, "%s's own is its prep_zero_mask, %s "
			 "with data = a | LOW7 from has_zero, which is %s: it runs once, "
			 "after the loop.", v->name, k.prep, exact);
	else if (v->hz_kind == WV_HZ_EXACT)
		snprintf(buf + n, size - (size_t)n, "%s's own is its has_zero, %s, run on "
			 "every word of the loop.", v->name, k.has_zero);
	else
		snprintf(buf + n, size - (size_t)n, "%s has none of its own: its has_zero "
			 "is %s%s. %s", v->name, k.has_zero,
			 v->hz_kind == WV_HZ_CHEAP && v->endian == WV_LITTLE
			 ? ", and on little-endian only its lowest flag is used, which that "
			   "test gets right" : "",
			 wv_trace_exact_mask_sentence(exact, who, sizeof(who)));
}

/*
 * The worked answer of has_zero_ops: the formula, its operations as the
 * core lists them, and what they stand against per word and per string.
 */
static void ops_worked(const struct wv_trace *t, char *buf, size_t size)
{
	const struct wv_cost *c = &t->cost;
	const char *ops = wv_cost_ops(t->v, WV_COST_HAS_ZERO);

	snprintf(buf, size, "%s's has_zero computes %s: %u operation%s (%s), on "
		 "every word. With the loop's test of its result against 0 that is "
		 "%u per word, where the byte loop spends %u compares with 0 on the "
		 "same %u bytes, and a load and a branch with each; the word loop "
		 "loads, branches and counts once. prep_zero_mask, create_zero_mask and "
		 "find_zero add %u more, once per string, on the word where the "
		 "loop stops (%u more where zero_bytemask follows, as in strscpy, "
		 "strncpy_from_user and, where path names are read a word at a "
		 "time, hash_name).", t->v->name,
		 wv_cost_formula(t->v, WV_COST_HAS_ZERO), c->call[WV_COST_HAS_ZERO],
		 c->call[WV_COST_HAS_ZERO] == 1 ? "" : "s", ops, c->loop_test,
		 c->byte_test, t->word_bytes, c->after, c->call[WV_COST_ZBM]);
}

size_t wv_lesson_shown_sub(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *st = shown_step(s, t);

	if (!st)
		return t->nsubs;
	if (s->show_result)
		return ls_result_sub(st, t);
	if (s->show_ops) {	/* the first (or with "last" the last) doing it */
		for (size_t i = 0; i < st->nsub; i++) {
			size_t k = s->show_last ? st->first + st->nsub - 1 - i : st->first + i;

			if (s->show_ops & (1u << t->subs[k].op))
				return k;
		}
		return t->nsubs;
	}
	if (s->show_last)
		return st->nsub ? st->first + st->nsub - 1 : t->nsubs;
	if (s->show_sub >= st->nsub)
		return t->nsubs;
	return st->first + s->show_sub;
}

/* The step an asked value is the result of (or a count over), or -1. */
static int asked_step(enum wv_ask ask)
{
	return (unsigned)ask < NASKS ? ls_asks[ask].step : -1;
}

size_t wv_lesson_quiz_sub(const struct wv_scene *s, const struct wv_trace *t)
{
	size_t shown = wv_lesson_shown_sub(s, t), k, q;
	const struct wv_step *st = shown_step(s, t);
	int kind = asked_step(s->q.ask);

	if (s->q.ask == WV_ASK_HAS_ZERO_OPS)
		return t->nsubs;	/* the variant's count: in no row */
	if (!st || shown >= t->nsubs || kind < 0)
		return shown;
	k = wv_trace_find(t, (enum wv_step_kind)kind, st->word);
	/* a word without pre-start bytes: a is the word as loaded */
	if (k >= t->nsubs && kind == WV_STEP_PRESTART)
		k = wv_trace_find(t, WV_STEP_LOAD, st->word);
	if (k >= t->nsubs)
		return shown;
	q = ls_result_sub(&t->steps[t->subs[k].step], t);
	if (q >= t->nsubs)
		q = k;
	return q < shown ? q : shown;
}

/* ---- answers ------------------------------------------------------------- */

/* The word the scene shows (the stop word unless "show: X word N"). */
size_t ls_shown_word(const struct wv_scene *s, const struct wv_trace *t)
{
	const struct wv_step *st = shown_step(s, t);

	return st ? st->word : t->nwords - 1;
}


static void add_index(char *list, size_t size, unsigned i)
{
	size_t n = strlen(list);

	snprintf(list + n, size - n, "%s%u", n ? ", " : "", i);
}

void ls_flag_facts(const struct wv_trace *t, const struct wv_word *wd,
		   struct flag_facts *f)
{
	unsigned nb = t->word_bytes;
	bool bitmap = t->v->hz_kind == WV_HZ_CMPBGE;
	int top_r = -1;

	*f = (struct flag_facts){ .top_mem = nb };
	for (unsigned m = 0; m < nb; m++) {
		/* alpha's bitmap has bit m for memory byte m; the rest a byte */
		unsigned r = bitmap ? m : wv_wat_byte_index(t->v, m);
		bool flag = bitmap ? (wd->has_zero >> m) & 1 : (wd->has_zero >> 8 * r) & 0xff;
		unsigned byte = t->img.mem[wd->address + m];

		if (m < t->in.offset && wd->address == 0)
			byte = 0xff;	/* forced before the start */
		if (!flag)
			continue;
		add_index(f->flagged, sizeof(f->flagged), m);
		f->mem |= 1u << m;
		if (byte != 0) {
			f->nfalse++;
			add_index(f->falsep, sizeof(f->falsep), m);
		}
		/* the top flag: the most significant register position */
		if ((int)r > top_r) {
			top_r = (int)r;
			f->top_mem = m;
		}
	}
}

/* Numbers near v, for the options of a multiple-choice question. */
static void number_choices(struct wv_answer *a, uint64_t v, unsigned hint_max)
{
	uint64_t cand[8];
	unsigned n = 0;

	cand[n++] = v;
	for (uint64_t d = 1; n < WV_CHOICES_MAX && d < 8; d++) {
		if (v + d <= hint_max || hint_max == 0)
			cand[n++] = v + d;
		if (n < WV_CHOICES_MAX && v >= d)
			cand[n++] = v - d;
	}
	memcpy(a->choices, cand, n * sizeof(cand[0]));
	a->nchoices = n;
}

/* Other values of the same word, for the options of a hex question. */
static void hex_choices(struct wv_answer *a, const struct wv_trace *t,
			const struct wv_word *wd)
{
	unsigned w = t->v->bits;
	uint64_t cand[] = {
		a->value,
		wv_cheap_zero(wd->value, w),
		wv_exact_zero(wd->value, w),
		wd->has_zero, wd->data, wd->value,
		t->scan.prep_zero_mask, t->scan.zero_bytemask,
		(a->value << 8) & wv_wmask(w), a->value >> 8, ~a->value & wv_wmask(w),
	};
	unsigned n = 0;

	for (size_t i = 0; i < sizeof(cand) / sizeof(cand[0]) && n < WV_CHOICES_MAX; i++) {
		bool dup = false;

		for (unsigned j = 0; j < n; j++)
			dup |= a->choices[j] == cand[i];
		if (!dup)
			a->choices[n++] = cand[i];
	}
	a->nchoices = n;
}

static void sort_choices(struct wv_answer *a)
{
	for (unsigned i = 1; i < a->nchoices; i++)
		for (unsigned j = i; j > 0 && a->choices[j - 1] > a->choices[j]; j--) {
			uint64_t x = a->choices[j];

			a->choices[j] = a->choices[j - 1];
			a->choices[j - 1] = x;
		}
	for (unsigned i = 0; i < a->nchoices; i++)
		if (a->choices[i] == a->value)
			a->right = i;
}

void wv_lesson_format(const struct wv_answer *a, uint64_t v, char *buf, size_t size)
{
	if (a->width)
		snprintf(buf, size, "0x%0*llx", (int)(a->width / 4), (unsigned long long)v);
	else
		snprintf(buf, size, "%llu", (unsigned long long)v);
}

/* The step of kind on word w, or NULL. */
static const struct wv_step *step_on(const struct wv_trace *t, enum wv_step_kind k, size_t w)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (t->steps[i].kind == k && t->steps[i].word == w)
			return &t->steps[i];
	return NULL;
}

/* A row's value as the screen shows it: 0x with its width's digits, or a number. */
static void row_value(const struct wv_row *row, char *buf, size_t size)
{
	if (row->width == 0)
		snprintf(buf, size, "%llu", (unsigned long long)row->value);
	else
		snprintf(buf, size, "0x%0*llx", (int)(row->width + 3) / 4,
			 (unsigned long long)row->value);
}

/* Append to buf: sub-step k worked out with its numbers. */
static void add_worked(char *buf, size_t size, const struct wv_trace *t, size_t k)
{
	const struct wv_substep *sub = &t->subs[k];
	size_t n = strlen(buf);
	int result = -1;
	char v[40];

	for (unsigned r = sub->nrows; r-- > 0;)
		if (sub->rows[r].kind == WV_ROW_RESULT) {
			result = (int)r;
			break;
		}
	n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:", n ? " " : "",
			      sub->expr);
	for (unsigned r = 0; r < sub->nrows && n < size; r++) {
		if ((int)r == result || sub->rows[r].kind == WV_ROW_PARTIAL)
			continue;
		row_value(&sub->rows[r], v, sizeof(v));
		n += (size_t)snprintf(buf + n, size - n, " %s = %s,", sub->rows[r].label, v);
	}
	if (result >= 0 && n < size) {
		row_value(&sub->rows[result], v, sizeof(v));
		n += (size_t)snprintf(buf + n, size - n, " so %s = %s.",
				      sub->rows[result].label, v);
	}
	if (sub->general < strlen(sub->text) && n < size)
		snprintf(buf + n, size - n, " %s", sub->text + sub->general + 1);
}

/* Every sub-step of step st worked out (find_zero's chain). */
static void add_worked_step(char *buf, size_t size, const struct wv_trace *t,
			    const struct wv_step *st)
{
	for (size_t k = st->first; k < st->first + st->nsub; k++)
		add_worked(buf, size, t, k);
}

/* The rule a sub-step follows, as a nudge: "a bit is 1 only where ...". */
static const char *op_rule(const struct wv_trace *t, enum wv_op op)
{
	switch (op) {
	case WV_OP_LOAD:
		return t->v->endian == WV_LITTLE ? "memory byte 0 goes to the lowest byte "
		       "of the register" : "memory byte 0 goes to the top byte of the "
		       "register";
	case WV_OP_OR: return "a bit is 1 where any row above has a 1";
	case WV_OP_AND: return "a bit is 1 only where every row above has a 1";
	case WV_OP_XOR: return "a bit is 1 where the two rows differ";
	case WV_OP_NOT: return "every bit flips";
	case WV_OP_SUB: return "subtract from the right, each borrow running left "
			       "across the bytes";
	case WV_OP_ADD: return "add from the right, each carry moving one bit left "
			       "across the bytes";
	case WV_OP_MUL: return "the product is the sum of the multiplicand shifted "
			       "left by each set bit of the constant";
	case WV_OP_SHR: return "every bit moves right by the shift; the low ones "
			       "fall off";
	case WV_OP_SHL: return "every bit moves left by the shift; the top ones "
			       "fall off";
	case WV_OP_CLZ: return "count the 0 bits above the top set bit";
	case WV_OP_CTZ: return "count the 0 bits below the lowest set bit, from bit 0";
	case WV_OP_POPCOUNT: return "count the set bits";
	case WV_OP_CMPB: return "a byte is all ones where the two operands' bytes are "
				"equal, all zeros elsewhere";
	case WV_OP_CMPBGE: return "bit i is 1 where byte i of the first operand is at "
				  "least byte i of the second";
	default: return "work it out from the rows above the result";
	}
}

/* The first row of sub-step k of kind, a number (width 0) or a word; NULL. */
const struct wv_row *ls_row_of(const struct wv_trace *t, size_t k, enum wv_row_kind kind,
			       bool number)
{
	if (k >= t->nsubs)
		return NULL;
	for (unsigned r = 0; r < t->subs[k].nrows; r++) {
		const struct wv_row *row = &t->subs[k].rows[r];

		if (row->kind == kind && (row->width == 0) == number)
			return row;
	}
	return NULL;
}

/* The last result row of sub-step k, or NULL. */
const struct wv_row *ls_result_row(const struct wv_trace *t, size_t k)
{
	if (k >= t->nsubs)
		return NULL;
	for (unsigned r = t->subs[k].nrows; r-- > 0;)
		if (t->subs[k].rows[r].kind == WV_ROW_RESULT)
			return &t->subs[k].rows[r];
	return NULL;
}

/*
 * The rule sub-step k follows: its operation's, or for a count of bits what
 * its result is of its word (a clz sub-step may give fls or __fls).
 */
const char *ls_sub_rule(const struct wv_trace *t, size_t k)
{
	const struct wv_row *x = ls_row_of(t, k, WV_ROW_INPUT, false), *res = ls_result_row(t, k);

	if (k >= t->nsubs)
		return op_rule(t, WV_OP_NOTE);
	if (t->subs[k].op == WV_OP_CLZ && x && res && x->value &&
	    res->value != wv_clz(x->value, t->v->bits)) {
		if (res->value == wv_fls(x->value, t->v->bits))
			return "fls gives the top set bit's position, counting bit 0 as 1";
		if (res->value == wv___fls(x->value, t->v->bits))
			return "__fls gives the top set bit's index, counting from bit 0";
	}
	return op_rule(t, t->subs[k].op);
}

/* The nudge before the worked answer: where to look, and the rule there. */
static void hint_for(const struct wv_scene *s, const struct wv_trace *t, struct wv_answer *a)
{
	size_t k = wv_lesson_quiz_sub(s, t);
	const struct wv_substep *sub = k < t->nsubs ? &t->subs[k] : NULL;
	const char *label = NULL;

	for (unsigned r = sub ? sub->nrows : 0; r-- > 0;)
		if (sub->rows[r].kind == WV_ROW_RESULT) {
			label = sub->rows[r].label;
			break;
		}
	switch (s->q.ask) {
	case WV_ASK_FALSE_POS:
		snprintf(a->hint, sizeof(a->hint), "Look at the memory byte under each "
			 "flag of has_zero's result: a flag is false where that byte is "
			 "not zero.");
		break;
	case WV_ASK_TOP_FLAG:
		snprintf(a->hint, sizeof(a->hint), "Find the register's most significant "
			 "flag of has_zero, then the memory byte it stands for: on "
			 "%s-endian the top of the register holds the %s bytes in memory.",
			 t->v->endian == WV_LITTLE ? "little" : "big",
			 t->v->endian == WV_LITTLE ? "last" : "first");
		break;
	case WV_ASK_HAS_ZERO_OPS:
		snprintf(a->hint, sizeof(a->hint), "Count each operator that has_zero's "
			 "formula applies to a word, and each instruction such as "
			 "cmpb; constants, such as a name after c->, cost nothing.");
		break;
	case WV_ASK_LENGTH:
		snprintf(a->hint, sizeof(a->hint), "Take find_zero's index in the last "
			 "word, add the word's address, and count from the string's "
			 "start.");
		break;
	default:
		if (!sub || !label)
			break;
		/* "the row a - ONES of a - ONES" when the row is named as
		   the sub-step: say it once */
		if (strcmp(label, sub->expr) == 0)
			snprintf(a->hint, sizeof(a->hint), "Look at the row %s, in %s: %s.",
				 label, t->steps[sub->step].func, ls_sub_rule(t, k));
		else
			snprintf(a->hint, sizeof(a->hint), "Look at the row %s of %s, in %s: "
				 "%s.", label, sub->expr, t->steps[sub->step].func,
				 ls_sub_rule(t, k));
		break;
	}
}

int wv_lesson_answer(const struct wv_scene *s, const struct wv_trace *t, struct wv_answer *a)
{
	size_t w = ls_shown_word(s, t);
	const struct wv_word *wd = &t->words[w];
	const struct wv_step *st = NULL;
	unsigned width = t->v->bits;
	struct flag_facts ff;
	char val[40];

	*a = (struct wv_answer){ 0 };
	if (w >= t->nwords)
		return -1;
	switch (s->q.ask) {
	case WV_ASK_LOADED:
		a->value = wd->loaded;
		st = step_on(t, WV_STEP_LOAD, w);
		break;
	case WV_ASK_VALUE:
		a->value = wd->value;
		st = step_on(t, w == 0 && t->in.offset ? WV_STEP_PRESTART : WV_STEP_LOAD, w);
		break;
	case WV_ASK_HAS_ZERO:
	case WV_ASK_DATA:
		a->value = s->q.ask == WV_ASK_DATA ? wd->data : wd->has_zero;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		st = step_on(t, WV_STEP_HAS_ZERO, w);
		break;
	case WV_ASK_DELIM_VALUE:
	case WV_ASK_DELIM_HAS_ZERO:
		if (t->in.delim < 0)
			return -1;
		a->value = s->q.ask == WV_ASK_DELIM_VALUE ? wd->delim_value : wd->delim_has_zero;
		if (s->q.ask == WV_ASK_DELIM_HAS_ZERO && t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		st = step_on(t, WV_STEP_DELIM_HAS_ZERO, w);
		break;
	case WV_ASK_PREP:
		a->value = t->scan.prep_zero_mask;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		st = step_on(t, WV_STEP_PREP, t->nwords - 1);
		break;
	case WV_ASK_CREATE:
		a->value = t->scan.create_zero_mask;
		if (t->v->create_kind == WV_CREATE_POPCOUNT || t->v->create_kind == WV_CREATE_FLS)
			width = 0;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		st = step_on(t, WV_STEP_CREATE, t->nwords - 1);
		break;
	case WV_ASK_FIND:
		a->value = t->scan.find_zero;
		width = 0;
		st = step_on(t, WV_STEP_FIND, t->nwords - 1);
		if (st) {
			snprintf(a->worked, sizeof(a->worked), "find_zero works it out from "
				 "the mask:");
			add_worked_step(a->worked, sizeof(a->worked), t, st);
			snprintf(a->worked + strlen(a->worked),
				 sizeof(a->worked) - strlen(a->worked), " The index "
				 "inside the word is %u (memory %zu, since the word "
				 "starts at %zu).", t->scan.find_zero, t->answer,
				 t->words[t->nwords - 1].address);
		}
		break;
	case WV_ASK_ZBM:
		a->value = t->scan.zero_bytemask;
		st = step_on(t, WV_STEP_ZBM, t->nwords - 1);
		break;
	case WV_ASK_LENGTH:
		a->value = t->scan.length;
		width = 0;
		st = step_on(t, WV_STEP_FIND, t->nwords - 1);
		snprintf(a->worked, sizeof(a->worked), "The loop stops at the word at "
			 "address %zu, and find_zero gives %u in it; the string starts at "
			 "%zu, so its length is %zu + %u - %zu = %zu.",
			 t->words[t->nwords - 1].address, t->scan.find_zero, t->in.offset,
			 t->words[t->nwords - 1].address, t->scan.find_zero, t->in.offset,
			 t->scan.length);
		if (st)
			add_worked_step(a->worked, sizeof(a->worked), t, st);
		break;
	case WV_ASK_FALSE_POS:
		ls_flag_facts(t, wd, &ff);
		a->value = ff.nfalse;
		width = 0;
		st = step_on(t, WV_STEP_HAS_ZERO, w);
		/* the flags worked out first, then which of them are false */
		if (st && ls_result_sub(st, t) < t->nsubs)
			add_worked(a->worked, sizeof(a->worked), t, ls_result_sub(st, t));
		snprintf(a->worked + strlen(a->worked), sizeof(a->worked) - strlen(a->worked),
			 "%shas_zero flags memory byte%s %s of the word at address %zu. "
			 "%s%s%s So the answer is %u.", a->worked[0] ? " " : "",
			 strchr(ff.flagged, ',') ? "s" : "", ff.flagged[0] ? ff.flagged : "none",
			 wd->address, ff.nfalse ? "Not zero, flagged only because a borrow "
			 "reached them: " : "Every flagged byte is a real zero.",
			 ff.falsep, ff.nfalse ? "." : "", ff.nfalse);
		break;
	case WV_ASK_TOP_FLAG:
		ls_flag_facts(t, wd, &ff);
		if (ff.top_mem >= t->word_bytes)
			return -1;	/* no flag at all on this word */
		a->value = ff.top_mem;
		width = 0;
		st = step_on(t, WV_STEP_HAS_ZERO, w);
		snprintf(a->worked, sizeof(a->worked), "The most significant flag of "
			 "has_zero sits in memory byte %u (on %s-endian the top of the "
			 "register holds the %s bytes). Counting leading zeros would answer "
			 "%u; the first zero is really at %zu%s.", ff.top_mem,
			 t->v->endian == WV_LITTLE ? "little" : "big",
			 t->v->endian == WV_LITTLE ? "last" : "first", ff.top_mem,
			 t->answer - wd->address,
			 ff.top_mem == t->answer - wd->address ? ", so here it tells the truth"
							       : ": the top flag lies");
		break;
	case WV_ASK_HAS_ZERO_OPS:
		a->value = t->cost.call[WV_COST_HAS_ZERO];
		width = 0;
		st = step_on(t, WV_STEP_HAS_ZERO, w);
		ops_worked(t, a->worked, sizeof(a->worked));
		break;
	case WV_ASK_BUILD:
		a->form = WV_FORM_FORMULA;
		build_worked(s, t->v, a->worked, sizeof(a->worked));
		return 0;
	case WV_ASK_SUB_RESULT: {
		size_t k = wv_lesson_shown_sub(s, t);
		const struct wv_substep *sub;

		if (k >= t->nsubs)
			return -1;
		sub = &t->subs[k];
		for (unsigned r = sub->nrows; r-- > 0;)
			if (sub->rows[r].kind == WV_ROW_RESULT) {
				a->value = sub->rows[r].value;
				width = sub->rows[r].width;
				add_worked(a->worked, sizeof(a->worked), t, k);
				break;
			}
		if (!a->worked[0])
			return -1;
		break;
	}
	default:
		return -1;
	}
	if (!st && s->q.ask != WV_ASK_SUB_RESULT)
		return -1;
	a->width = width == 8 ? 0 : width;	/* an 8-bit map reads best as hex too */
	if (width == 8)
		a->width = 8;
	a->form = s->q.form;
	if (a->form == WV_FORM_AUTO)
		a->form = a->width ? WV_FORM_HEX : WV_FORM_NUMBER;
	if (a->form == WV_FORM_CHOICE) {
		if (a->width)
			hex_choices(a, t, wd);
		else
			number_choices(a, a->value, s->q.ask == WV_ASK_FIND ||
					s->q.ask == WV_ASK_TOP_FLAG ? t->word_bytes - 1 : 0);
		sort_choices(a);
	}
	hint_for(s, t, a);
	if (!a->worked[0]) {
		/* the sub-step that computes it, with its numbers */
		size_t k = wv_lesson_shown_sub(s, t);
		bool shown_computes = false;

		for (unsigned r = 0; k < t->nsubs && r < t->subs[k].nrows; r++)
			shown_computes |= t->subs[k].rows[r].kind == WV_ROW_RESULT &&
					  t->subs[k].rows[r].value == a->value;
		if (!shown_computes)
			k = ls_result_sub(st, t);
		wv_lesson_format(a, a->value, val, sizeof(val));
		snprintf(a->worked, sizeof(a->worked), "%s (%s, word at address %zu):",
			 st->func, st->file, wd->address);
		if (k < t->nsubs)
			add_worked(a->worked, sizeof(a->worked), t, k);
		snprintf(a->worked + strlen(a->worked), sizeof(a->worked) - strlen(a->worked),
			 " So the answer is %s.", val);
	}
	return 0;
}

/* ---- build questions: a formula, proven or refuted --------------------- */

int wv_lesson_check_build(const struct wv_scene *s, const struct wv_variant *v,
			  const char *typed, char *why, size_t size)
{
	struct wv_try *t = malloc(sizeof(*t));
	struct wv_error e;
	struct wv_proof pr;
	int rc;

	if (!t) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	if (wv_try_parse(t, typed, v, (enum wv_try_as)s->q.build_as, &e) < 0) {
		snprintf(why, size, "column %d: %s", e.col, e.msg);
		free(t);
		return -1;
	}
	rc = wv_prove(&t->e, &pr);
	if (rc < 0) {
		snprintf(why, size, "the check could not run (error %d)", rc);
		free(t);
		return -1;
	}
	if (pr.holds) {
		snprintf(why, size, "%s for every word%s", pr.is_proof ? "proven" :
			 "no counterexample found", pr.is_proof ? "" : " tried (sampled: "
			 "not a proof)");
		free(t);
		return 1;
	}
	/* what it does on the smallest word where it is wrong */
	uint64_t got = 0, want = 0;
	uint64_t *vals = malloc(t->e.n * sizeof(*vals));

	if (vals) {
		wv_expr_eval(&t->e, pr.cex, vals);
		got = vals[t->user];
		want = vals[t->want];
		free(vals);
	}
	snprintf(why, size, "wrong for a = 0x%0*llx: it gives 0x%llx where %s %s",
		 (int)v->bits / 4, (unsigned long long)pr.cex, (unsigned long long)got,
		 s->q.build_as == WV_AS_HAS_ZERO ? (want ? "a byte is zero, so non-zero "
		 "is right" : "no byte is zero, so 0 is right")
		 : s->q.build_as == WV_AS_EXACT ? "the exact mask is" : "the first "
		 "zero's index is", s->q.build_as == WV_AS_HAS_ZERO ? "" : "");
	if (s->q.build_as != WV_AS_HAS_ZERO)
		snprintf(why + strlen(why), size - strlen(why), " 0x%llx",
			 (unsigned long long)want);
	free(t);
	return 0;
}
