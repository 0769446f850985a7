/*
 * For the tests that change what a question hides and look again
 * (test_hide.c, test_worked_hide.c): this suite's own idea of what a
 * question hides, read from the values of the trace, never from
 * src/render/hide.c; the trace saved and put back; the questions still
 * to be settled on the trace a class shows, and their values changed
 * wherever they reach.  Include after testutil.h and questions.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TEST_PERTURB_H
#define WATVIZ_TEST_PERTURB_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/classroom.h"
#include "lesson/lesson.h"
#include "render/screen.h"

/* ---- the perturbation: this test's own idea of what a question hides ---- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static inline uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* A value other than v of a row width bits wide (0: a small number). */
static inline uint64_t other(uint64_t v, unsigned width)
{
	uint64_t m = width == 0 ? 63 : width >= 64 ? ~UINT64_C(0)
		     : (UINT64_C(1) << width) - 1;
	uint64_t x = next_rand() & m;

	return x == v ? (v ^ 1) & m : x;
}

static inline size_t word_of(const struct wv_trace *t, size_t k)
{
	return t->steps[t->subs[k].step].word;
}

/* Is v known on word w before sub-step q: loaded, or a row before q, or an
   operand of q? */
static inline bool known_value(const struct wv_trace *t, size_t q, size_t w, uint64_t v)
{
	if (t->words[w].loaded == v || t->words[w].value == v)
		return true;
	for (size_t j = 0; j <= q && j < t->nsubs; j++) {
		const struct wv_substep *s = &t->subs[j];

		if (word_of(t, j) != w)
			continue;
		for (unsigned ri = 0; ri < s->nrows; ri++) {
			const struct wv_row *r = &s->rows[ri];

			if (r->value == v && (j < q || r->kind == WV_ROW_INPUT ||
					      r->kind == WV_ROW_CONST))
				return true;
		}
	}
	return false;
}

/* Is sub-step j > q the complement of known values (~a beside a): all
   its inputs known (known_after), so its result says nothing they do not? */
static inline bool known_after(const struct wv_trace *t, size_t q, size_t k, uint64_t v);

static inline bool not_of_known(const struct wv_trace *t, size_t q, size_t j)
{
	const struct wv_substep *s = &t->subs[j];
	unsigned inputs = 0;

	if (j <= q || s->op != WV_OP_NOT)
		return false;
	for (unsigned ri = 0; ri < s->nrows; ri++)
		if (s->rows[ri].kind == WV_ROW_INPUT) {
			if (!known_after(t, q, j, s->rows[ri].value))
				return false;
			inputs++;
		}
	return inputs > 0;
}

/* Is v known at sub-step k > q of its word: known before q, or the result
   of a complement of known values between q and k? */
static inline bool known_after(const struct wv_trace *t, size_t q, size_t k, uint64_t v)
{
	if (known_value(t, q, word_of(t, k), v))
		return true;
	for (size_t j = q + 1; j < k; j++) {
		const struct wv_substep *s = &t->subs[j];

		if (word_of(t, j) != word_of(t, k) || !not_of_known(t, q, j))
			continue;
		for (unsigned ri = 0; ri < s->nrows; ri++)
			if (s->rows[ri].kind == WV_ROW_RESULT && s->rows[ri].value == v)
				return true;
	}
	return false;
}

static inline void scramble_detail(char *text, size_t general)
{
	size_t n = strlen(text);

	for (size_t i = general; i < n; i++)
		if (text[i] >= '0' && text[i] <= '9')
			text[i] = (char)('0' + next_rand() % 10);
		else if (text[i] >= 'a' && text[i] <= 'z')
			text[i] = (char)('a' + next_rand() % 26);
}

/* Change in t what a question about sub-step q hides (a row that holds
   one of keep[0..nkeep) keeps it: an asked value changed already, with
   every row that holds the same value).  Returns how many rows changed. */
static inline unsigned perturb(struct wv_trace *t, size_t q, const uint64_t *keep, size_t nkeep)
{
	unsigned changed = 0;

	for (size_t k = 0; k < t->nsubs; k++) {
		struct wv_substep *s = &t->subs[k];

		/* the whole sentence: its general part says the result in
		   words ("0xff in each byte before the zero") */
		if (k >= q)
			scramble_detail(s->text, 0);
		for (unsigned ri = 0; ri < s->nrows; ri++) {
			struct wv_row *r = &s->rows[ri];
			bool hidden = k >= q && r->kind != WV_ROW_CONST &&
				      !(k == q && r->kind == WV_ROW_INPUT) &&
				      !(r->kind == WV_ROW_INPUT &&
					known_after(t, q, k, r->value)) &&
				      !(r->kind == WV_ROW_RESULT && not_of_known(t, q, k));

			/* what the marks say of the answer, on every row */
			r->bits = next_rand() & (r->width >= 64 ? ~UINT64_C(0) : r->width
						 ? (UINT64_C(1) << r->width) - 1 : 0);
			for (unsigned b = 0; b < 8; b++) {
				uint8_t m = r->bytes[b] & (uint8_t)~(WV_MARK_ANSWER |
								     WV_MARK_HILITE);

				if (m & (WV_MARK_FLAG | WV_MARK_FALSE_POS))
					m = (uint8_t)((m & ~(WV_MARK_FLAG | WV_MARK_FALSE_POS)) |
						      (next_rand() & 1 ? WV_MARK_FLAG
						       : WV_MARK_FALSE_POS));
				m |= (uint8_t)(next_rand() & (WV_MARK_ANSWER | WV_MARK_HILITE));
				r->bytes[b] = m;
			}
			bool kept = false;

			for (size_t i = 0; i < nkeep; i++)
				kept |= r->value == keep[i];
			if (!hidden || kept)
				continue;
			r->value = other(r->value, r->width);
			for (unsigned b = 0; b < 8; b++)
				r->bytes[b] = (uint8_t)next_rand();
			changed++;
		}
	}
	for (size_t i = 0; i < t->nsteps; i++) {
		struct wv_step *st = &t->steps[i];

		if (st->first + st->nsub <= q)
			continue;
		st->result = other(st->result, st->width);
		st->false_pos = !st->false_pos;
		scramble_detail(st->text, 0);
		/* the scan's record of the same results */
		switch (st->kind) {
		case WV_STEP_PREP:
			t->scan.prep = next_rand();
			t->scan.delim_prep = next_rand();
			t->scan.prep_zero_mask = next_rand();
			break;
		case WV_STEP_CREATE:
			t->scan.create_zero_mask = next_rand();
			break;
		case WV_STEP_FIND:
			t->scan.find_zero = (unsigned)(next_rand() % t->word_bytes);
			t->scan.length = (size_t)(next_rand() % 64);
			t->answer = (size_t)(next_rand() % t->img.len);
			t->answer_is_delim = !t->answer_is_delim;
			break;
		case WV_STEP_ZBM:
			t->scan.zero_bytemask = next_rand();
			break;
		default:
			break;
		}
	}
	return changed;
}

/*
 * Change in t what a question still to come, about sub-step q, will hide
 * on its word: every value computed from the asked one (rows after q on
 * q's word that perturb() would hide, and the results of the calls on that
 * word that reach q: has_zero of the word a fixup makes, the masks after a
 * has_zero), the word's and the scan's records of the same values, and the
 * details of their sentences.  A value kept (keep[0..nkeep): an asked one,
 * changed already) stays.  Nothing before q, and no mark of a row shown:
 * the scene may teach them.  Returns how many rows changed.
 */
static inline unsigned perturb_later(struct wv_trace *t, size_t q, const uint64_t *keep, size_t nkeep)
{
	size_t w = word_of(t, q);
	uint64_t from[256], to[256];
	size_t nmap = 0;
	unsigned changed = 0;

	for (size_t k = q; k < t->nsubs; k++) {
		struct wv_substep *s = &t->subs[k];

		if (word_of(t, k) != w)
			continue;
		scramble_detail(s->text, s->general);
		for (unsigned ri = 0; ri < s->nrows; ri++) {
			struct wv_row *r = &s->rows[ri];
			bool hidden = r->kind != WV_ROW_CONST &&
				      !(k == q && r->kind == WV_ROW_INPUT) &&
				      !(r->kind == WV_ROW_INPUT &&
					known_after(t, q, k, r->value)) &&
				      !(r->kind == WV_ROW_RESULT && not_of_known(t, q, k));
			bool kept = false;

			for (size_t i = 0; i < nkeep; i++)
				kept |= r->value == keep[i];
			if (!hidden || kept)
				continue;
			uint64_t nv = other(r->value, r->width);

			if (nmap < 256) {
				from[nmap] = r->value;
				to[nmap++] = nv;
			}
			r->value = nv;
			r->bits = next_rand() & (r->width >= 64 ? ~UINT64_C(0) : r->width
						 ? (UINT64_C(1) << r->width) - 1 : 0);
			for (unsigned b = 0; b < 8; b++)
				r->bytes[b] = (uint8_t)next_rand();
			changed++;
		}
	}
	for (size_t i = 0; i < t->nsteps; i++) {
		struct wv_step *st = &t->steps[i];
		bool kept = false;

		if (st->word != w || st->first + st->nsub <= q)
			continue;
		scramble_detail(st->text, st->general);
		for (size_t j = 0; j < nkeep; j++)
			kept |= st->result == keep[j];
		if (kept)
			continue;
		uint64_t nv = other(st->result, st->width);

		if (nmap < 256) {
			from[nmap] = st->result;
			to[nmap++] = nv;
		}
		st->result = nv;
		st->false_pos = !st->false_pos;
	}
	/* the records of the values changed (the narration reads them) */
	{
		uint64_t *fields[] = {
			&t->words[w].has_zero, &t->words[w].data, &t->words[w].delim_has_zero,
			&t->scan.prep, &t->scan.delim_prep, &t->scan.prep_zero_mask,
			&t->scan.create_zero_mask, &t->scan.zero_bytemask,
		};
		bool last = t->steps[t->nsteps - 1].word == w;

		for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++)
			for (size_t m = 0; m < nmap; m++)
				if (*fields[f] == from[m] && (f < 3 || last)) {
					*fields[f] = to[m];
					break;
				}
	}
	return changed;
}

/* A trace's steps and rows, to put back after perturb(). */
struct saved {
	struct wv_substep *subs;
	struct wv_step *steps;
	struct wv_word *words;
	size_t answer;
	bool answer_is_delim;
	struct wv_scan scan;
	struct wv_cost cost;
};

static inline void save(struct saved *sv, const struct wv_trace *t)
{
	sv->subs = malloc(t->nsubs * sizeof(*t->subs));
	sv->steps = malloc(t->nsteps * sizeof(*t->steps));
	assert_non_null(sv->subs);
	sv->words = malloc(t->nwords * sizeof(*t->words));
	assert_non_null(sv->steps);
	assert_non_null(sv->words);
	memcpy(sv->words, t->words, t->nwords * sizeof(*t->words));
	memcpy(sv->subs, t->subs, t->nsubs * sizeof(*t->subs));
	memcpy(sv->steps, t->steps, t->nsteps * sizeof(*t->steps));
	sv->answer = t->answer;
	sv->answer_is_delim = t->answer_is_delim;
	sv->scan = t->scan;
	sv->cost = t->cost;
}

static inline void restore(struct saved *sv, struct wv_trace *t)
{
	memcpy(t->subs, sv->subs, t->nsubs * sizeof(*t->subs));
	memcpy(t->steps, sv->steps, t->nsteps * sizeof(*t->steps));
	memcpy(t->words, sv->words, t->nwords * sizeof(*t->words));
	t->answer = sv->answer;
	t->answer_is_delim = sv->answer_is_delim;
	t->scan = sv->scan;
	t->cost = sv->cost;
	free(sv->subs);
	free(sv->steps);
	free(sv->words);
}


/* The first cell where a and b differ, said plainly; NULL when none. */
static inline const char *differ(const struct wv_frame *a, const struct wv_frame *b)
{
	static char why[800];

	for (int y = 0; y < a->rows; y++)
		for (int x = 0; x < a->cols; x++) {
			const struct wv_cell *p = &a->cells[y * a->cols + x];
			const struct wv_cell *q = &b->cells[y * b->cols + x];
			char ra[200], rb[200];

			if (p->ch == q->ch && p->role == q->role && p->focus == q->focus &&
			    p->cursor == q->cursor)
				continue;
			wv_frame_row_text(a, y, ra, sizeof(ra));
			wv_frame_row_text(b, y, rb, sizeof(rb));
			snprintf(why, sizeof(why), "row %d col %d: U+%04X role %u%s%s -> "
				 "U+%04X role %u%s%s\n  before: %.150s\n  after:  %.150s", y, x,
				 p->ch, p->role, p->focus ? " focus" : "",
				 p->cursor ? " cursor" : "", q->ch, q->role,
				 q->focus ? " focus" : "", q->cursor ? " cursor" : "", ra, rb);
			return why;
		}
	return NULL;
}

/*
 * Where the asked value comes from, by this test's own reading of the
 * trace: the sub-step shown, or the one before it that computes the asked
 * call's result (the last sub-step of that call on the shown word whose
 * result row holds the call's result; for a word-wide answer, the answer).
 */
static inline size_t asked_sub_of(const struct wv_scene *sc, const struct wv_trace *t,
			   size_t q, const struct wv_answer *ans)
{
	size_t w;
	int kind;

	switch (sc->q.ask) {
	case WV_ASK_LOADED: kind = WV_STEP_LOAD; break;
	case WV_ASK_VALUE: kind = WV_STEP_PRESTART; break;
	case WV_ASK_HAS_ZERO: case WV_ASK_DATA: case WV_ASK_FALSE_POS:
	case WV_ASK_TOP_FLAG: kind = WV_STEP_HAS_ZERO; break;
	case WV_ASK_DELIM_VALUE:
	case WV_ASK_DELIM_HAS_ZERO: kind = WV_STEP_DELIM_HAS_ZERO; break;
	case WV_ASK_PREP: kind = WV_STEP_PREP; break;
	case WV_ASK_CREATE: kind = WV_STEP_CREATE; break;
	case WV_ASK_FIND: case WV_ASK_LENGTH: kind = WV_STEP_FIND; break;
	case WV_ASK_ZBM: kind = WV_STEP_ZBM; break;
	default: return q;
	}
	if (q >= t->nsubs)
		return q;
	w = word_of(t, q);
	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];
		uint64_t v = ans->width ? ans->value : st->result;

		if (st->word != w || (int)st->kind != kind)
			continue;
		for (size_t k = st->first + st->nsub; k-- > st->first;) {
			const struct wv_substep *s = &t->subs[k];

			for (unsigned ri = s->nrows; ri-- > 0;)
				if (s->rows[ri].kind == WV_ROW_RESULT) {
					if (s->rows[ri].value == v && s->op != WV_OP_TEST)
						return k < q ? k : q;
					break;
				}
		}
		return st->first < q ? st->first : q;
	}
	return q;
}


/* A value other than v for a row width bits wide that no row and no
   step result of t holds (other() when the width leaves no room). */
static inline uint64_t fresh(const struct wv_trace *t, uint64_t v, unsigned width)
{
	for (int tries = 0; tries < 64; tries++) {
		uint64_t x = other(v, width);
		bool used = false;

		for (size_t k = 0; k < t->nsubs && !used; k++)
			for (unsigned ri = 0; ri < t->subs[k].nrows && !used; ri++)
				used = t->subs[k].rows[ri].value == x;
		for (size_t i = 0; i < t->nsteps && !used; i++)
			used = t->steps[i].result == x;
		if (!used)
			return x;
	}
	return other(v, width);
}

/*
 * Change in trace t (drawn by another scene on the same memory and
 * variant) what question s asks, wherever this test says it reaches: the
 * asked value v (for a count over the flags, the flags word it is read
 * from) in every row of its word from the asked sub-step q on, and, when
 * it is word-wide, in every word-wide row; the words' and the scan's
 * records of it (the narration's placeholders read them), the results of
 * the steps that reach q, the terminator when the index or the length is
 * asked, the flags' verdicts; the sentences' details from q on.  Returns
 * how many rows changed.
 */
static inline unsigned perturb_asked(struct wv_trace *t, const struct wv_scene *s, size_t q,
			      const struct wv_answer *a, uint64_t *changed_to, bool whole)
{
	if (s->q.ask == WV_ASK_HAS_ZERO_OPS) {
		/* the core's count of the variant's formula, in no row: the
		   trace's copy, which the grader, the worked answer and the
		   narration read */
		uint64_t ops = fresh(t, t->cost.call[WV_COST_HAS_ZERO], 8);

		*changed_to = ops;
		t->cost.call[WV_COST_HAS_ZERO] = (unsigned)ops;
		t->cost.loop_test = (unsigned)ops + 1;
		return 1;
	}
	size_t w = word_of(t, q);
	bool count = s->q.ask == WV_ASK_FALSE_POS || s->q.ask == WV_ASK_TOP_FLAG;
	uint64_t v = count ? t->words[w].has_zero : a->value;
	unsigned width = a->width, changed = 0;
	/* one new value, wherever the old one went: a value changed is
	   changed in every row that holds it; and one no row or result
	   holds already, or the change would make two quantities equal
	   that were not (a count of 2 meeting find_zero's 2) */
	uint64_t nv = fresh(t, v, count ? t->v->bits : width ? width : 8);

	*changed_to = nv;
	uint64_t *fields[] = {
		&t->words[w].loaded, &t->words[w].value, &t->words[w].has_zero,
		&t->words[w].data, &t->words[w].delim_value, &t->words[w].delim_has_zero,
		&t->scan.prep, &t->scan.delim_prep, &t->scan.prep_zero_mask,
		&t->scan.create_zero_mask, &t->scan.zero_bytemask,
	};

	for (size_t k = 0; k < t->nsubs; k++) {
		struct wv_substep *sub = &t->subs[k];

		if (k >= q)
			scramble_detail(sub->text, sub->general);
		for (unsigned ri = 0; ri < sub->nrows; ri++) {
			struct wv_row *r = &sub->rows[ri];
			bool later = k >= q && word_of(t, k) == w;

			if (later && count)
				for (unsigned b = 0; b < 8; b++)
					if (r->bytes[b] & (WV_MARK_FLAG | WV_MARK_FALSE_POS))
						r->bytes[b] = (uint8_t)((r->bytes[b] &
							~(WV_MARK_FLAG | WV_MARK_FALSE_POS)) |
							(next_rand() & 1 ? WV_MARK_FLAG
							 : WV_MARK_FALSE_POS));
			if (r->kind == WV_ROW_CONST || r->value != v ||
			    !((later && (r->width == width || count)) ||
			      (width >= 32 && r->width >= 32)))
				continue;
			r->value = nv;
			for (unsigned b = 0; b < 8; b++)
				r->bytes[b] = (uint8_t)next_rand();
			changed++;
		}
	}
	for (size_t i = 0; i < t->nsteps; i++) {
		struct wv_step *st = &t->steps[i];

		/* a word-wide value is the same quantity in any step's result */
		if (width >= 32 && st->width >= 32 && st->result == v) {
			st->result = nv;
			scramble_detail(st->text, whole ? 0 : st->general);
			changed++;
		}
		if (st->first + st->nsub <= q)
			continue;
		scramble_detail(st->text, st->general);
		if (st->word == w && count)
			st->false_pos = !st->false_pos;
		if (st->word == w && st->result == v)
			st->result = nv;
	}
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (*fields[i] == v)
			*fields[i] = nv;
	if (s->q.ask == WV_ASK_FIND || s->q.ask == WV_ASK_LENGTH) {
		t->scan.find_zero = (unsigned)(next_rand() % t->word_bytes);
		t->scan.length = (size_t)(next_rand() % 64);
		t->answer = (size_t)(next_rand() % t->img.len);
	}
	return changed;
}

static inline bool same_trace(const struct wv_trace_in *a, const struct wv_trace_in *b)
{
	return a->v == b->v && a->word_len == b->word_len && a->offset == b->offset &&
	       a->fill == b->fill && a->delim == b->delim && a->page_end == b->page_end &&
	       memcmp(a->word, b->word, a->word_len) == 0;
}

/*
 * The questions of the lesson still to be settled on the trace shown by c
 * (app a): the scene's own while it is open, and every later scene's on
 * the same memory, variant and page end whose answer was neither given
 * nor shown.  Their answers and asked sub-steps are read, by this test's
 * own rule (asked_sub_of), on the trace as built.  Returns how many, into
 * js[], ans[] and qs[].
 */
static inline size_t pt_pending(const struct wv_class *c, const struct wv_app *a,
				size_t *js, struct wv_answer *ans, size_t *qs)
{
	const wv_lesson *l = c->lesson;
	size_t n = 0;

	for (size_t j = c->scene; j < wv_lesson_nscenes(l); j++) {
		const struct wv_scene *sj = wv_lesson_scene(l, j);
		struct wv_trace_in in;

		if (j == c->scene && wv_class_question_open(c)) {
			/* the open one, on the word it was asked on (w's too) */
			ans[n] = c->answer;
			qs[n] = asked_sub_of(wv_lesson_scene(l, c->scene), &a->trace, c->shown,
					     &c->answer);
			js[n++] = j;
			continue;
		}
		if (sj->q.ask == WV_ASK_NONE || sj->q.ask == WV_ASK_BUILD ||
		    c->outcome[j] != WV_OUTCOME_OPEN || j == c->scene)
			continue;
		wv_lesson_scene_input(l, j, c->arch, &in, NULL);
		if (!same_trace(&in, &a->trace.in) ||
		    wv_lesson_answer(sj, &a->trace, &ans[n]) != 0)
			continue;
		qs[n] = asked_sub_of(sj, &a->trace, wv_lesson_shown_sub(sj, &a->trace),
				     &ans[n]);
		if (qs[n] >= a->trace.nsubs)
			continue;
		js[n++] = j;
	}
	return n;
}

/*
 * Change in the trace a shows what the n questions still to come ask, each
 * wherever perturb_asked says it reaches (one new value for each, in
 * every row that holds it), then what the open one hides from its
 * sub-step on, those new values kept.  Returns how many rows changed.
 */
static inline unsigned pt_perturb_pending(const struct wv_class *c, struct wv_app *a,
					  size_t n, const size_t *js,
					  const struct wv_answer *ans, const size_t *qs)
{
	uint64_t to[64];
	size_t own = SIZE_MAX;
	unsigned changed = 0;

	for (size_t i = 0; i < n; i++) {
		changed += perturb_asked(&a->trace, wv_lesson_scene(c->lesson, js[i]), qs[i],
					 &ans[i], &to[i], true);
		/* what the open question hides from its sub-step on: nothing
		   of the trace where no row holds its answer */
		if (js[i] == c->scene &&
		    wv_lesson_ask_in_rows(wv_lesson_scene(c->lesson, js[i])->q.ask))
			own = qs[i];
	}
	/* what the questions still to come will hide on their words: the
	   values computed from theirs (the calls table's has_zero of the
	   word a fixup makes; lesson 15, scene 2 before scene 3) */
	for (size_t i = 0; i < n; i++)
		if (js[i] != c->scene &&
		    wv_lesson_ask_in_rows(wv_lesson_scene(c->lesson, js[i])->q.ask))
			changed += perturb_later(&a->trace, qs[i], to, n);
	if (own != SIZE_MAX)
		changed += perturb(&a->trace, own, to, n);
	return changed;
}

/* ---- reading a frame ------------------------------------------------------ */

/* Does line start with label, then blanks, then a '?' (the row drawn
   hidden, its bits and hex '?')? */
static inline bool drawn_hidden(const char *line, const char *label)
{
	size_t n = strlen(label);

	while (*line == ' ' || *line == '<' || *line == '>')
		line++;
	if (strncmp(line, label, n) != 0 || line[n] != ' ')
		return false;
	line += n;
	while (*line == ' ')
		line++;
	/* its bits: four '?' at least (the calls table's "has_zero  ?  ?"
	   is a call's result, not a row) */
	unsigned marks = 0;

	for (const char *p = line; *p; p++)
		marks += *p == '?';
	return *line == '?' && marks >= 4;
}

/* Is v one of t's constants (ONES, 0x00ff0001): a computed value equal
   to one is the word's coincidence, no proof of the same quantity. */
static inline bool a_constant(const struct wv_trace *t, uint64_t v)
{
	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned ri = 0; ri < t->subs[k].nrows; ri++)
			if (t->subs[k].rows[ri].kind == WV_ROW_CONST &&
			    t->subs[k].rows[ri].value == v)
				return true;
	return false;
}

#endif /* WATVIZ_TEST_PERTURB_H */
