/*
 * The worked answer: how a question's value comes about on its trace, with
 * the numbers of the sub-steps that compute it (wv_lesson_answer keeps it
 * in a->worked, the handouts' answers print it), and the same under a veil
 * (wv_lesson_worked): while a question still to come on the trace asks
 * what a row holds, or computes from it, the screen draws that row '?',
 * and the worked answer of a question answered before it may not say it
 * either (issue 47: lesson 9's count of false flags said where the flags
 * sit, which the next scene asks).  wv_lesson_answer works the answer
 * out, with its options and its hint, here too.  Split from grade.c, whose
 * helpers it borrows through grade.h (above it: tests/tree/run-layers.sh).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "watviz/cost.h"
#include "lesson/lesson.h"
#include "try/try.h"
#include "watviz/wat.h"
#include "watviz/wordops.h"

/* ---- what the veil hides --------------------------------------------------- */

/* The scene whose question hides row ri of sub-step k, or 0. */
static size_t row_veiled(const struct wv_veil *v, size_t k, unsigned ri)
{
	return v && v->row ? v->row(v->ctx, k, ri) : 0;
}

/* Is any row of sub-step k veiled (the scene that hides the first)?  Its
   detail sentence then goes too: it says the results in words ("Flags at
   memory 1 and 2"). */
static size_t sub_veiled(const struct wv_veil *v, const struct wv_trace *t, size_t k)
{
	for (unsigned ri = 0; v && k < t->nsubs && ri < t->subs[k].nrows; ri++)
		if (row_veiled(v, k, ri))
			return row_veiled(v, k, ri);
	return 0;
}

static size_t step_veiled(const struct wv_veil *v, const struct wv_step *st,
			  const struct wv_trace *t)
{
	return v && st && v->step ? v->step(v->ctx, (size_t)(st - t->steps)) : 0;
}

/* "scene 3" (n: the scene that asks), or "a later scene". */
static const char *asker(size_t n, char *buf, size_t size)
{
	if (n)
		snprintf(buf, size, "scene %zu", n);
	else
		snprintf(buf, size, "a later scene");
	return buf;
}

/* ---- the sub-steps, with their numbers -------------------------------------- */

/* A row's value as the screen shows it: 0x with its width's digits, or a number. */
static void row_value(const struct wv_row *row, char *buf, size_t size)
{
	if (row->width == 0)
		snprintf(buf, size, "%llu", (unsigned long long)row->value);
	else
		snprintf(buf, size, "0x%0*llx", (int)(row->width + 3) / 4,
			 (unsigned long long)row->value);
}

/*
 * Append to buf: sub-step k worked out with its numbers, each row the veil
 * hides written '?' (the screen's '?') and its detail left out; but when
 * own is not NULL the last result row is the answer itself, which the
 * answer line shows: own->value is written there, whatever later
 * question hides the row (its value is the same word by coincidence).
 */
static void add_worked(char *buf, size_t size, const struct wv_trace *t, size_t k,
		       const struct wv_veil *veil, const struct wv_answer *own)
{
	const struct wv_substep *sub = &t->subs[k];
	size_t n = strlen(buf);
	int result = -1;
	char v[40], who[32];

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
		if (row_veiled(veil, k, r))
			snprintf(v, sizeof(v), "?");
		else
			row_value(&sub->rows[r], v, sizeof(v));
		n += (size_t)snprintf(buf + n, size - n, " %s = %s,", sub->rows[r].label, v);
	}
	if (result >= 0 && n < size) {
		size_t by = row_veiled(veil, k, (unsigned)result);
		struct wv_row res = sub->rows[result];

		if (own)
			res.value = own->value;
		if (!own && by) {
			n += (size_t)snprintf(buf + n, size - n, " so %s = ? (%s asks about "
					      "it).", sub->rows[result].label,
					      asker(by, who, sizeof(who)));
		} else {
			row_value(&res, v, sizeof(v));
			n += (size_t)snprintf(buf + n, size - n, " so %s = %s.",
					      sub->rows[result].label, v);
		}
	}
	if (sub->general < strlen(sub->text) && n < size && !sub_veiled(veil, t, k))
		snprintf(buf + n, size - n, " %s", sub->text + sub->general + 1);
}

/* Every sub-step of step st worked out (find_zero's chain). */
static void add_worked_step(char *buf, size_t size, const struct wv_trace *t,
			    const struct wv_step *st, const struct wv_veil *v)
{
	for (size_t k = st->first; k < st->first + st->nsub; k++)
		add_worked(buf, size, t, k, v, NULL);
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

/* ---- the questions over has_zero's flags ------------------------------------ */

/*
 * The zero bytes of word wd as the memory panel shows them (a byte before
 * the string's start counts as the 0xff it is forced to): has_zero flags
 * each of them, the cheap test a byte a borrow ran into as well.
 */
static unsigned zero_bytes(const struct wv_trace *t, const struct wv_word *wd)
{
	unsigned n = 0;

	for (unsigned m = 0; m < t->word_bytes; m++)
		n += !(m < t->in.offset && wd->address == 0) &&
		     wd->address + m < t->img.len && t->img.mem[wd->address + m] == 0;
	return n;
}

static void false_pos_worked(const struct wv_trace *t, const struct wv_word *wd,
			     const struct wv_step *st, const struct wv_answer *a,
			     const struct wv_veil *v, char *out, size_t size)
{
	size_t k = a->worked_sub < t->nsubs ? a->worked_sub : t->nsubs;
	struct flag_facts ff;
	char who[32];
	size_t n;

	if (k < t->nsubs)
		add_worked(out, size, t, k, v, NULL);
	n = strlen(out);
	size_t by = k < t->nsubs && sub_veiled(v, t, k) ? sub_veiled(v, t, k)
		    : step_veiled(v, st, t);

	if (by) {
		/* where the flags sit is what is hidden: their count follows
		   from the answer and the zero bytes memory shows */
		unsigned z = zero_bytes(t, wd);

		snprintf(out + n, size - n, "%shas_zero flags every zero byte of the word "
			 "at address %zu (memory shows %u here), and a byte that is not "
			 "zero only where a borrow reached it: %llu such false positive%s, "
			 "so %llu flag%s in all. Which bytes they sit in is for %s. So the "
			 "answer is %llu.", n ? " " : "", wd->address, z,
			 (unsigned long long)a->value, a->value == 1 ? "" : "s",
			 (unsigned long long)(z + a->value), z + a->value == 1 ? "" : "s",
			 asker(by, who, sizeof(who)), (unsigned long long)a->value);
		return;
	}
	ls_flag_facts(t, wd, &ff);
	snprintf(out + n, size - n,
		 "%shas_zero flags memory byte%s %s of the word at address %zu. "
		 "%s%s%s So the answer is %u.", n ? " " : "",
		 strchr(ff.flagged, ',') ? "s" : "", ff.flagged[0] ? ff.flagged : "none",
		 wd->address, ff.nfalse ? "Not zero, flagged only because a borrow "
		 "reached them: " : "Every flagged byte is a real zero.",
		 ff.falsep, ff.nfalse ? "." : "", ff.nfalse);
}

static void top_flag_worked(const struct wv_trace *t, const struct wv_word *wd,
			    const struct wv_answer *a, const struct wv_veil *v,
			    char *out, size_t size)
{
	unsigned top = (unsigned)a->value;
	size_t n, first = t->answer - wd->address;

	/* under a veil, the first zero as memory shows it (the word a), not as
	   find_zero finds it from the masks a later question may ask about */
	if (v)
		for (first = 0; first < t->word_bytes &&
		     wv_wat_mem_byte(t->v, wd->value, (unsigned)first) != 0; first++)
			;

	/* the byte is the answer itself */
	n = (size_t)snprintf(out, size, "The most significant flag of has_zero sits in "
			     "memory byte %u (on %s-endian the top of the register holds "
			     "the %s bytes). Counting leading zeros would answer %u; ", top,
			     t->v->endian == WV_LITTLE ? "little" : "big",
			     t->v->endian == WV_LITTLE ? "last" : "first", top);
	if (n >= size)
		return;
	if (v && v->asks & (1u << WV_ASK_FIND | 1u << WV_ASK_LENGTH))
		snprintf(out + n, size - n, "where the first zero is, a question still "
			 "to come asks.");
	else
		snprintf(out + n, size - n, "the first zero is really at %zu%s.", first,
			 top == first ? ", so here it tells the truth" : ": the top flag lies");
}

/* ---- the answer, its options and its hint ------------------------------------ */

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
	const struct wv_step *st = ls_asked_call(s, t);
	unsigned width = t->v->bits;
	struct flag_facts ff;

	*a = (struct wv_answer){ 0 };
	if (w >= t->nwords)
		return -1;
	switch (s->q.ask) {
	case WV_ASK_LOADED:
		a->value = wd->loaded;
		break;
	case WV_ASK_VALUE:
		a->value = wd->value;
		break;
	case WV_ASK_HAS_ZERO:
	case WV_ASK_DATA:
		a->value = s->q.ask == WV_ASK_DATA ? wd->data : wd->has_zero;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		break;
	case WV_ASK_DELIM_VALUE:
	case WV_ASK_DELIM_HAS_ZERO:
		if (t->in.delim < 0)
			return -1;
		a->value = s->q.ask == WV_ASK_DELIM_VALUE ? wd->delim_value : wd->delim_has_zero;
		if (s->q.ask == WV_ASK_DELIM_HAS_ZERO && t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		break;
	case WV_ASK_PREP:
		a->value = t->scan.prep_zero_mask;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		break;
	case WV_ASK_CREATE:
		a->value = t->scan.create_zero_mask;
		if (t->v->create_kind == WV_CREATE_POPCOUNT || t->v->create_kind == WV_CREATE_FLS)
			width = 0;
		if (t->v->hz_kind == WV_HZ_CMPBGE)
			width = 8;
		break;
	case WV_ASK_FIND:
		a->value = t->scan.find_zero;
		width = 0;
		break;
	case WV_ASK_ZBM:
		a->value = t->scan.zero_bytemask;
		break;
	case WV_ASK_LENGTH:
		a->value = t->scan.length;
		width = 0;
		break;
	case WV_ASK_FALSE_POS:
		ls_flag_facts(t, wd, &ff);
		a->value = ff.nfalse;
		width = 0;
		break;
	case WV_ASK_TOP_FLAG:
		ls_flag_facts(t, wd, &ff);
		if (ff.top_mem >= t->word_bytes)
			return -1;	/* no flag at all on this word */
		a->value = ff.top_mem;
		width = 0;
		break;
	case WV_ASK_HAS_ZERO_OPS:
		a->value = t->cost.call[WV_COST_HAS_ZERO];
		width = 0;
		break;
	case WV_ASK_BUILD:
		a->form = WV_FORM_FORMULA;
		a->worked_sub = SIZE_MAX;
		return wv_lesson_worked(s, t, a, NULL, a->worked, sizeof(a->worked));
	case WV_ASK_SUB_RESULT: {
		size_t k = wv_lesson_shown_sub(s, t);
		const struct wv_row *res = ls_result_row(t, k);

		if (!res)
			return -1;
		a->value = res->value;
		width = res->width;
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
	ls_worked_sub(s, t, a);
	/* how it comes about, every number said (the screen's, under the
	   veil of the questions still to come: wv_lesson_worked) */
	return wv_lesson_worked(s, t, a, NULL, a->worked, sizeof(a->worked));
}

/* ---- the worked answer ------------------------------------------------------- */

void ls_worked_sub(const struct wv_scene *s, const struct wv_trace *t, struct wv_answer *a)
{
	const struct wv_step *st = ls_asked_call(s, t);
	size_t k = wv_lesson_shown_sub(s, t);
	const struct wv_row *res;
	bool shown_computes = false;

	a->worked_sub = SIZE_MAX;
	a->worked_own = false;
	switch (s->q.ask) {
	case WV_ASK_FALSE_POS:	/* the flags the count is over */
		if (st)
			a->worked_sub = ls_result_sub(st, t);
		return;
	case WV_ASK_SUB_RESULT:
		a->worked_sub = k;
		a->worked_own = true;
		return;
	case WV_ASK_BUILD:
	case WV_ASK_FIND:
	case WV_ASK_LENGTH:
	case WV_ASK_TOP_FLAG:
	case WV_ASK_HAS_ZERO_OPS:
		return;
	default:
		break;
	}
	if (!st)
		return;
	for (unsigned r = 0; k < t->nsubs && r < t->subs[k].nrows; r++)
		shown_computes |= t->subs[k].rows[r].kind == WV_ROW_RESULT &&
				  t->subs[k].rows[r].value == a->value;
	if (!shown_computes)
		k = ls_result_sub(st, t);
	res = ls_result_row(t, k);
	a->worked_sub = k < t->nsubs ? k : SIZE_MAX;
	a->worked_own = res && res->value == a->value;
}

int wv_lesson_worked(const struct wv_scene *s, const struct wv_trace *t,
		     const struct wv_answer *a, const struct wv_veil *v, char *out,
		     size_t size)
{
	size_t w = ls_shown_word(s, t);
	const struct wv_step *st = ls_asked_call(s, t);
	const struct wv_word *wd;
	char val[40], who[32];
	size_t n;

	if (!size)
		return -1;
	out[0] = '\0';
	if (s->q.ask == WV_ASK_BUILD) {
		build_worked(s, t->v, out, size);
		return 0;
	}
	if (w >= t->nwords)
		return -1;
	wd = &t->words[w];
	switch (s->q.ask) {
	case WV_ASK_FIND:
		if (!st)
			break;
		snprintf(out, size, "find_zero works it out from the mask:");
		add_worked_step(out, size, t, st, v);
		n = strlen(out);
		/* the index is the answer; the memory address follows from it */
		snprintf(out + n, size - n, " The index inside the word is %llu (memory "
			 "%zu, since the word starts at %zu).", (unsigned long long)a->value,
			 v ? t->words[t->nwords - 1].address + (size_t)a->value : t->answer,
			 t->words[t->nwords - 1].address);
		return 0;
	case WV_ASK_LENGTH:
		if (step_veiled(v, st, t))	/* find_zero's index: the length less */
			snprintf(out, size, "The loop stops at the word at address %zu; "
				 "find_zero's index in it (%s asks about it) plus %zu, less "
				 "the string's start %zu, is the length: %llu.",
				 t->words[t->nwords - 1].address,
				 asker(step_veiled(v, st, t), who, sizeof(who)),
				 t->words[t->nwords - 1].address, t->in.offset,
				 (unsigned long long)a->value);
		else
			snprintf(out, size, "The loop stops at the word at address %zu, and "
				 "find_zero gives %u in it; the string starts at %zu, so its "
				 "length is %zu + %u - %zu = %llu.",
				 t->words[t->nwords - 1].address, t->scan.find_zero,
				 t->in.offset, t->words[t->nwords - 1].address,
				 t->scan.find_zero, t->in.offset, (unsigned long long)a->value);
		if (st)
			add_worked_step(out, size, t, st, v);
		return 0;
	case WV_ASK_FALSE_POS:
		false_pos_worked(t, wd, st, a, v, out, size);
		return 0;
	case WV_ASK_TOP_FLAG:
		top_flag_worked(t, wd, a, v, out, size);
		return 0;
	case WV_ASK_HAS_ZERO_OPS:
		ops_worked(t, out, size);
		return 0;
	case WV_ASK_SUB_RESULT:
		if (a->worked_sub >= t->nsubs || !ls_result_row(t, a->worked_sub))
			return -1;
		add_worked(out, size, t, a->worked_sub, v, a);
		return 0;
	default:
		break;
	}
	if (!st)
		return -1;
	wv_lesson_format(a, a->value, val, sizeof(val));
	snprintf(out, size, "%s (%s, word at address %zu):", st->func, st->file, wd->address);
	/* the sub-step that computes it, with its numbers */
	if (a->worked_sub < t->nsubs)
		add_worked(out, size, t, a->worked_sub, v, a->worked_own ? a : NULL);
	n = strlen(out);
	snprintf(out + n, size - n, " So the answer is %s.", val);
	return 0;
}
