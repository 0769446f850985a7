/*
 * What an open question hides: see render/hide.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/hide.h"

#include <string.h>

#include "lesson/lesson.h"

/* The word sub-step k works on. */
static size_t word_of(const struct wv_trace *t, size_t k)
{
	return wv_trace_step_of(t, k)->word;
}

/*
 * Is row r of sub-step k > Q the word `a` itself, known before Q: a is what
 * do_strnlen_user and hash_name call the word they load, and no function
 * of the sequence assigns it again (its bytes are in the memory panel).
 * Only by name and place: known when a row of that name is an operand of Q
 * or a row before it on the same word, and not computed at Q (the
 * pre-start step's result is the a that follows it).  Other names are not
 * trusted: a loop such as clz's halving keeps the name "mask" for a value
 * it has changed, so the same name there is no proof of the same value,
 * and a value compared with what it should be would tell the class
 * something about the answer.
 */
static bool known_word(const struct wv_trace *t, size_t q, size_t k, const struct wv_row *r)
{
	size_t w = word_of(t, k);
	bool known = false;

	/* data: what has_zero stores for prep_zero_mask (big-endian: a | LOW7),
	   and b, hash_name's a ^ REPEAT_BYTE('/'): assigned by no later
	   function either */
	if (r->kind != WV_ROW_INPUT ||
	    (strcmp(r->label, "a") != 0 && strcmp(r->label, "data") != 0 &&
	     strcmp(r->label, "b") != 0))
		return false;
	for (size_t j = 0; j <= q && j < k; j++) {
		const struct wv_substep *s = &t->subs[j];

		if (word_of(t, j) != w)
			continue;
		for (unsigned ri = 0; ri < s->nrows; ri++) {
			const struct wv_row *o = &s->rows[ri];

			if (strcmp(o->label, r->label) != 0)
				continue;
			if (j < q || o->kind == WV_ROW_INPUT)
				known = true;
			else
				return false;
		}
	}
	return known;
}

/*
 * Is step i a load whose value the zeropad fixup after it computes, with Q
 * in that fixup?  The load's result is then what the fixup's question asks
 * (the trace draws the load first, then how the exception handler made it).
 */
static bool fixed_up(const struct wv_trace *t, size_t i, size_t q)
{
	const struct wv_step *fx = i + 1 < t->nsteps ? &t->steps[i + 1] : NULL;

	return t->steps[i].kind == WV_STEP_LOAD && fx && fx->kind == WV_STEP_ZEROPAD &&
	       q >= fx->first && q < fx->first + fx->nsub;
}

static bool not_of_known(const struct wv_trace *t, size_t q, size_t j);

/*
 * Is input row r of sub-step k > Q an earlier call's result (wv_row.from,
 * set by the trace's builder) that the class sees before Q: that call
 * ends before Q and is not the load whose fixup Q asks about.  has_zero
 * in "has_zero vs prep_zero_mask" is has_zero's own result, in the calls
 * table beside it.
 */
static bool known_from(const struct wv_trace *t, size_t q, const struct wv_row *r)
{
	const struct wv_step *st;

	if (!r->from || r->from > t->nsteps || r->kind != WV_ROW_INPUT)
		return false;
	st = &t->steps[r->from - 1];
	return st->first + st->nsub <= q && !fixed_up(t, r->from - 1, q);
}

/*
 * Is input row r of sub-step k > Q the value its step was called with
 * (wv_row.arg), drawn as an input of that step at Q or before it: the
 * bits of "~bits" after "bits - 1" asks, the mask of the add trick's
 * last AND.  The builder marks only rows that hold the argument as it
 * came in, so a loop's changed value under the same name (clz's halving
 * mask) is never taken for it.
 */
static bool known_arg(const struct wv_trace *t, size_t q, size_t k, const struct wv_row *r)
{
	const struct wv_step *st = wv_trace_step_of(t, k);

	if (!r->arg || r->kind != WV_ROW_INPUT)
		return false;
	for (size_t j = st->first; j <= q && j < k; j++)
		for (unsigned ri = 0; ri < t->subs[j].nrows; ri++) {
			const struct wv_row *o = &t->subs[j].rows[ri];

			if (o->arg && o->kind == WV_ROW_INPUT &&
			    strcmp(o->label, r->label) == 0)
				return true;
		}
	return false;
}

/*
 * Is input row r of sub-step k > Q known before the class answers: the
 * word a or data (known_word), or the result of a complement of known rows
 * after Q (the ~a of "(a - ONES) & ~a", computed in the sub-step before)?
 * The latest sub-step of r's word before k that computes a row of r's name
 * decides, so a name given again to a changed value is not trusted.
 */
static bool known_input(const struct wv_trace *t, size_t q, size_t k, const struct wv_row *r)
{
	if (known_word(t, q, k, r) || known_arg(t, q, k, r) || known_from(t, q, r))
		return true;
	for (size_t j = k; j-- > q + 1;) {
		const struct wv_substep *s = &t->subs[j];

		if (word_of(t, j) != word_of(t, k))
			continue;
		for (unsigned ri = 0; ri < s->nrows; ri++)
			if (s->rows[ri].kind == WV_ROW_RESULT &&
			    strcmp(s->rows[ri].label, r->label) == 0)
				return not_of_known(t, q, j);
	}
	return false;
}

/*
 * Is sub-step j > Q a complement (~) of rows all known: its result then
 * says nothing the rows beside it do not (~a under a), and a '?' there
 * would hide a value on screen already.  Only the complement: another
 * operation of known rows may be the very computation a question asks.
 */
static bool not_of_known(const struct wv_trace *t, size_t q, size_t j)
{
	const struct wv_substep *s = &t->subs[j];
	unsigned inputs = 0;

	if (j <= q || s->op != WV_OP_NOT)
		return false;
	for (unsigned ri = 0; ri < s->nrows; ri++) {
		const struct wv_row *r = &s->rows[ri];

		if (r->kind != WV_ROW_INPUT)
			continue;
		if (!known_input(t, q, j, r))
			return false;
		inputs++;
	}
	return inputs > 0;
}

/*
 * Is sub-step k a test of a value alone ("has_zero(a) != 0": no input row,
 * its one row the result the sub-steps before computed)?  That row is then
 * hidden or shown as an input carried from them is, as the "flags" it
 * repeats: the loop's yes or no is not drawn, only the value tested.
 */
static bool tests_alone(const struct wv_trace *t, size_t k)
{
	const struct wv_substep *s = &t->subs[k];

	if (s->op != WV_OP_TEST)
		return false;
	for (unsigned ri = 0; ri < s->nrows; ri++)
		if (s->rows[ri].kind != WV_ROW_RESULT)
			return false;
	return s->nrows == 1;
}

/* The sub-step that computes what test k tests: the last of its step
   before it that is neither a note nor a test (k itself when none). */
static size_t tested_from(const struct wv_trace *t, size_t k)
{
	size_t first = wv_trace_step_of(t, k)->first;

	for (size_t j = k; j-- > first;)
		if (t->subs[j].op != WV_OP_NOTE && t->subs[j].op != WV_OP_TEST)
			return j;
	return k;
}

static bool hidden(const struct wv_trace *t, size_t q, size_t k, const struct wv_row *r)
{
	if (k < q && r->kind == WV_ROW_RESULT && fixed_up(t, t->subs[k].step, q))
		return true;
	if (k < q || r->kind == WV_ROW_CONST)
		return false;
	if (r->kind == WV_ROW_RESULT && tests_alone(t, k))
		return tested_from(t, k) >= q;
	if (r->kind != WV_ROW_INPUT)	/* computed at Q or after it */
		return !(r->kind == WV_ROW_RESULT && not_of_known(t, q, k));
	return k > q && !known_input(t, q, k, r);
}

/* The index of sub-step k's last result row, or -1. */
static int result_row(const struct wv_substep *s)
{
	for (unsigned ri = s->nrows; ri-- > 0;)
		if (s->rows[ri].kind == WV_ROW_RESULT)
			return (int)ri;
	return -1;
}

/*
 * Is a value (width, value) that sub-step k holds the value sub-step q
 * asks?  By where it comes from: a word-wide value wherever it shows
 * (another scene's step may take it as its input; an identity's input is
 * the value it returns; the load's wanted word is what its fixup makes),
 * and that value carried into a later sub-step on its word (a count such
 * as clz's feeds the shift after it; at: k may be q itself, as a step's
 * result is its last sub-step's).  A narrow value is never looked for
 * elsewhere: a 2 or a 16 in another row is another quantity.
 */
static bool asked_value(const struct wv_trace *t, size_t q, size_t k, unsigned width,
			uint64_t value, bool at)
{
	const struct wv_row *a;
	int ar;

	if (q >= t->nsubs || (ar = result_row(&t->subs[q])) < 0)
		return false;
	a = &t->subs[q].rows[ar];
	if (value != a->value)
		return false;
	if (a->width >= 32 && width >= 32)
		return true;
	return (k > q || (at && k == q)) && width == a->width && word_of(t, k) == word_of(t, q);
}

/* Is row ri of sub-step k the value sub-step q asks: the asked row itself,
   or the same value where asked_value finds it? */
static bool asked_from(const struct wv_trace *t, size_t q, size_t k, unsigned ri)
{
	const struct wv_row *r = &t->subs[k].rows[ri];
	int ar;

	if (q >= t->nsubs || (ar = result_row(&t->subs[q])) < 0)
		return false;
	if (k == q && ri == (unsigned)ar)
		return true;
	return r->kind != WV_ROW_CONST && asked_value(t, q, k, r->width, r->value, false);
}

/*
 * Is row ri of sub-step k, on the word of the value sub-step q asks, what
 * the question will hide once open (hidden): computed at q or after it
 * from the asked value (the borrows beside a - ONES, the flags after it),
 * or an input after q not known before it?  A question still to come
 * hides them already: the borrow row gives a - ONES away.
 */
static bool computed_from(const struct wv_trace *t, size_t q, size_t k, unsigned ri)
{
	return q < t->nsubs && k >= q && word_of(t, k) == word_of(t, q) &&
	       hidden(t, q, k, &t->subs[k].rows[ri]);
}

/* Is row ri of sub-step k an asked value: on paper any question of the
   lesson on this trace, on screen the open one (wv_hide.own)? */
static bool asked(const struct wv_hide *h, const struct wv_trace *t, size_t k, unsigned ri)
{
	for (size_t i = 0; i < h->nasked; i++)
		if (wv_lesson_ask_in_rows((enum wv_ask)h->asked[i].ask) &&
		    (asked_from(t, h->asked[i].sub, k, ri) ||
		     (h->later && computed_from(t, h->asked[i].sub, k, ri))))
			return true;
	return h->own && asked_from(t, h->own_sub, k, ri);
}

bool wv_hide_row(const struct wv_hide *h, const struct wv_trace *t, size_t k,
		 unsigned ri, struct wv_row *out)
{
	const struct wv_row *r = &t->subs[k].rows[ri];

	*out = *r;
	if (!h)
		return false;
	if ((h->on && hidden(t, h->quiz, k, r)) || asked(h, t, k, ri)) {
		out->value = 0;
		out->bits = 0;
		memset(out->bytes, 0, sizeof(out->bytes));
		return true;
	}
	if (!h->on)
		return false;
	/* what a shown row still says: facts of memory and plain flags;
	   no answer, no highlight, no verdict on a flag */
	out->bits = 0;
	for (unsigned b = 0; b < sizeof(out->bytes); b++) {
		uint8_t m = out->bytes[b];

		if (m & WV_MARK_FALSE_POS)
			m = (uint8_t)((m & ~WV_MARK_FALSE_POS) | WV_MARK_FLAG);
		out->bytes[b] = m & (uint8_t)~(WV_MARK_ANSWER | WV_MARK_HILITE);
	}
	return false;
}

/* On screen: is step i's result the word-wide value the open question
   asks (a step before it computes the same quantity, as create_zero_mask
   computes what an identity zero_bytemask returns)? */
static bool own_step(const struct wv_hide *h, const struct wv_trace *t, size_t i)
{
	const struct wv_step *st = &t->steps[i];
	int ar;

	if (!h->own || h->own_sub >= t->nsubs || (ar = result_row(&t->subs[h->own_sub])) < 0)
		return false;
	return st->width >= 32 && t->subs[h->own_sub].rows[ar].width >= 32 &&
	       st->result == t->subs[h->own_sub].rows[ar].value;
}

/*
 * Is step i computed from the value asked at sub-step q: a call on q's
 * word that reaches q (its last sub-step is q or after it)?  has_zero of
 * the word a fixup makes says which of its bytes are zero, find_zero and
 * the masks after has_zero where its flags are: each would give the
 * answer away, whatever value it happens to hold.
 */
static bool after_asked(const struct wv_trace *t, size_t i, size_t q)
{
	const struct wv_step *st = &t->steps[i];

	return q < t->nsubs && st->word == word_of(t, q) && st->first + st->nsub > q;
}

/* Is step i's result a value a question of the lesson asks (h->asked),
   as its last sub-step holds it, or computed from one? */
static bool asked_step(const struct wv_hide *h, const struct wv_trace *t, size_t i)
{
	const struct wv_step *st = &t->steps[i];

	for (size_t j = 0; j < h->nasked; j++)
		if (st->nsub && wv_lesson_ask_in_rows((enum wv_ask)h->asked[j].ask) &&
		    (asked_value(t, h->asked[j].sub, st->first + st->nsub - 1,
				 st->width, st->result, true) ||
		     fixed_up(t, i, h->asked[j].sub) ||
		     (h->later && after_asked(t, i, h->asked[j].sub))))
			return true;
	return false;
}

bool wv_hide_step(const struct wv_hide *h, const struct wv_trace *t, size_t i)
{
	const struct wv_step *st = &t->steps[i];

	return h && h->on && (st->first + st->nsub > h->quiz || fixed_up(t, i, h->quiz) ||
			      own_step(h, t, i));
}

bool wv_hide_result(const struct wv_hide *h, const struct wv_trace *t, size_t i)
{
	return h && (wv_hide_step(h, t, i) || asked_step(h, t, i));
}

bool wv_hide_sentence(const struct wv_hide *h, size_t k)
{
	return h && h->on && k >= h->quiz;
}

bool wv_hide_detail(const struct wv_hide *h)
{
	if (!h)
		return false;
	for (size_t i = 0; i < h->nasked; i++)
		if (wv_lesson_ask_in_rows((enum wv_ask)h->asked[i].ask) &&
		    h->asked[i].sub < h->upto)
			return true;
	return h->on;
}

unsigned wv_hide_placeholders(const struct wv_hide *h, const struct wv_trace *t, size_t shown)
{
	static const unsigned together[] = {
		1u << WV_ASK_HAS_ZERO | 1u << WV_ASK_DATA,
		1u << WV_ASK_FIND | 1u << WV_ASK_LENGTH,
	};
	unsigned mask = 0;
	int ar;

	if (!h)
		return 0;
	for (size_t i = 0; i < h->nasked; i++) {
		unsigned bit = 1u << h->asked[i].ask;

		mask |= bit;
		for (size_t g = 0; g < sizeof(together) / sizeof(together[0]); g++)
			if (together[g] & bit)
				mask |= together[g];
	}
	if (shown < t->nsubs && (ar = result_row(&t->subs[shown])) >= 0 &&
	    asked(h, t, shown, (unsigned)ar))
		mask |= 1u << WV_ASK_SUB_RESULT;
	return mask;
}
