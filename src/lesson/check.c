/*
 * Loading a lesson: wv_lesson_parse_all runs the parser (parse.c) over the
 * text, then the checks that need a trace: each scene without a mistake of
 * its own is traced on every variant it allows, and must reach the step it
 * shows, give every placeholder a value (narrate.c) and show what its
 * question asks (question_unreached, with grade.c's answer), and state its
 * rules (rules.c) only where they hold (rule_refused).
 * May call: lesson.h, parse.h, grade.h, rules.c (the top of src/lesson/'s
 * order).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/lesson.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "expr/expr.h"
#include "measure/measure.h"
#include "lesson/rules.h"

#include "grade.h"
#include "internal.h"
#include "parse.h"

/* ---- checks that need the trace ------------------------------------------ */

/*
 * Does the scene show what its question needs, with the operands in view?
 * A value is asked where the shown sub-step computes it (a result row holds
 * it); a position, a length or a count of flags inside the step that works
 * it out, from the sub-step that computes its input on.  Returns NULL, or
 * the step the scene should show.
 */
static const char *question_unreached(const struct wv_scene *s,
				      const struct wv_trace *t,
				      const struct wv_answer *a)
{
	size_t k = wv_lesson_shown_sub(s, t);
	const struct wv_substep *sub = &t->subs[k];
	const struct wv_step *st = &t->steps[sub->step];

	switch (s->q.ask) {
	case WV_ASK_SUB_RESULT:
	case WV_ASK_BUILD:	/* any word will do: the proof covers them all */
		return NULL;
	case WV_ASK_FIND:
	case WV_ASK_LENGTH:
		return st->kind == WV_STEP_FIND ? NULL : "find_zero";
	case WV_ASK_HAS_ZERO_OPS:	/* its sub-steps, to count on */
		return st->kind == WV_STEP_HAS_ZERO ? NULL : "has_zero";
	case WV_ASK_FALSE_POS:
	case WV_ASK_TOP_FLAG:
		return st->kind == WV_STEP_HAS_ZERO && k >= ls_result_sub(st, t) &&
		       ls_result_sub(st, t) < t->nsubs ? NULL : "has_zero";
	default:
		for (unsigned r = 0; r < sub->nrows; r++)
			if (sub->rows[r].kind == WV_ROW_RESULT &&
			    sub->rows[r].value == a->value)
				return NULL;
		return ls_asks[s->q.ask].step < 0 ? NULL
		       : wv_trace_step_name((enum wv_step_kind)ls_asks[s->q.ask].step);
	}
}

/*
 * Does the scene answer its own question while it is open, so the class
 * can read it off without the mechanism?  The memory panel shows every byte
 * of the word, the NUL and the delimiter among them; the rows of the
 * sub-steps before the shown one are in view, as are the operands of the
 * shown one.  So a question refused here is one whose answer is
 *   - where the first zero is (find_zero) or how long the string is: the
 *     memory panel shows the terminator;
 *   - the result of the sub-step that computes find_zero (ask: result on
 *     it): the same index;
 *   - a count of false flags, or the byte the top flag points at, on a
 *     sub-step after the one that computes the flags: the flags row is one
 *     of its operands or earlier rows, marks and all.
 * Returns NULL, or what to do instead.
 */
static const char *answer_in_view(const struct wv_scene *s, const struct wv_trace *t)
{
	size_t k = wv_lesson_shown_sub(s, t);
	const struct wv_step *st = &t->steps[t->subs[k].step];

	switch (s->q.ask) {
	case WV_ASK_FIND:
	case WV_ASK_LENGTH:
		return "the memory panel shows the terminator while the question is "
		       "open, so this is read off, not worked out; ask for what the "
		       "mechanism computes (ask: result on a sub-step, such as the "
		       "product, the sum, the count clz returns)";
	case WV_ASK_SUB_RESULT:
		return st->kind == WV_STEP_FIND && k == ls_result_sub(st, t)
		       ? "this sub-step's result is find_zero's index, which the "
			 "memory panel shows (the terminator's place); ask for a "
			 "sub-step before it (ask: result with show: find_zero op ...)"
		       : NULL;
	case WV_ASK_FALSE_POS:
	case WV_ASK_TOP_FLAG:
		return st->kind == WV_STEP_HAS_ZERO && k > ls_result_sub(st, t)
		       ? "the flags row is in view (the shown sub-step comes after "
			 "the one computing the flags), so the flags are read off; "
			 "show the sub-step that computes them (show: has_zero result)"
		       : NULL;
	default:
		return NULL;
	}
}

/*
 * Words that name an asked value: a scene whose narration (or question)
 * says "every flag stays clear" before asking for a has_zero that is 0
 * answers it.  Each phrase is refused where the answer, on that variant,
 * is what it names.  As far as a rule can go: a human still reads each
 * question scene for the ways of saying it no list holds.
 */
static const struct {
	const char *phrase;
	int ask;		/* enum wv_ask, or -1 any */
	bool zero;		/* only where the answer is 0 */
	const char *names;	/* what it gives away */
} giveaways[] = {
	{ "stays clear", -1, true, "that nothing is set" },
	{ "stay clear", -1, true, "that nothing is set" },
	{ "all clear", -1, true, "that nothing is set" },
	{ "no flag", -1, true, "that nothing is flagged" },
	{ "nothing is flagged", -1, true, "that nothing is flagged" },
	{ "empty mask", -1, true, "an empty (zero) mask" },
	{ "empty product", -1, true, "a zero product" },
	{ "mask is empty", -1, true, "an empty (zero) mask" },
	{ "comes out zero", -1, true, "a zero" },
	{ "flagged too", WV_ASK_FALSE_POS, false, "a false flag" },
	{ "also flagged", WV_ASK_FALSE_POS, false, "a false flag" },
	{ "flagged as well", WV_ASK_FALSE_POS, false, "a false flag" },
};

/* Does text hold phrase, in any case? */
static bool says(const char *text, const char *phrase)
{
	size_t n = strlen(phrase);

	for (; text && *text; text++)
		if (strncasecmp(text, phrase, n) == 0)
			return true;
	return false;
}

/* The first giveaway of scene s's question on trace t (answer a): 0, or -1
   with the mistake at the paragraph's line. */
static int giveaway_check(struct parser *p, const struct wv_scene *s,
			  const struct wv_trace *t, const struct wv_answer *a)
{
	if (a->form == WV_FORM_FORMULA)
		return 0;
	for (size_t g = 0; g < sizeof(giveaways) / sizeof(giveaways[0]); g++) {
		if ((giveaways[g].ask >= 0 && giveaways[g].ask != (int)s->q.ask) ||
		    (giveaways[g].zero && a->value != 0))
			continue;
		for (size_t i = 0; i <= s->npara; i++) {
			const char *text = i < s->npara ? s->para[i].text : s->q.prompt;
			int line = i < s->npara ? s->para[i].line : s->q.line;

			if (i < s->npara && s->para[i].when != WV_WHEN_ANY &&
			    (s->para[i].when == WV_WHEN_LE) != (t->v->endian == WV_LITTLE))
				continue;
			if (says(text, giveaways[g].phrase)) {
				wv_error_set(p->err, line, 1, "scene '%s': on %s \"%s\" "
					     "names %s, which its question asks (%s); say "
					     "it after the question, or ask for something "
					     "else", s->title, t->v->name,
					     giveaways[g].phrase, giveaways[g].names,
					     wv_lesson_ask_name(s->q.ask));
				return -1;
			}
		}
	}
	return 0;
}

/*
 * Formulas in k that answer the question: a scene whose narration says
 * "popcntd counts them: 8k" before asking for that count, with the first
 * zero (byte k of its word) in plain view in the memory panel, has told
 * the class the answer.  Each stretch of narration around a lone k made of
 * numbers, k, spaces and + - * << >> ( ) ^ is read as a formula (8k is
 * 8 * k, 2^(X) is 1 << X) and worked out with the first zero's k; one
 * that gives the asked value is refused.  As far as a rule can go: a
 * formula in other letters ((C << 8k) - C needs C's value), in words ("the
 * bits below the first 0xff byte") or spread over two scenes is for a
 * human to read.
 */
static bool formula_char(char c)
{
	return (c >= '0' && c <= '9') || c == 'k' || strchr(" +-*<>()^", c);
}

static bool letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* src[0..n) as C over a = k into out; false when it is no formula. */
static bool formula_c(const char *src, size_t n, char *out, size_t size)
{
	char buf[200];
	size_t o = 0;
	bool op = false;
	char *pow;

	if (n == 0 || src[0] == ' ' || src[n - 1] == ' ' || 3 * n + 8 > sizeof(buf))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (src[i] == 'k') {
			if (o && buf[o - 1] >= '0' && buf[o - 1] <= '9')
				buf[o++] = '*';
			buf[o++] = 'a';
			continue;
		}
		op |= src[i] != ' ' && src[i] != '(' && src[i] != ')';
		buf[o++] = src[i];
	}
	buf[o] = '\0';
	/* 2^(X): a power of two, as 1 << X */
	while ((pow = strstr(buf, "2^(")) != NULL) {
		int depth = 0;
		size_t at = (size_t)(pow - buf), end = at + 2;
		char tmp[200];

		for (; buf[end]; end++) {
			depth += buf[end] == '(' ? 1 : buf[end] == ')' ? -1 : 0;
			if (depth == 0)
				break;
		}
		if (!buf[end])
			return false;
		snprintf(tmp, sizeof(tmp), "%.*s(1<<%.*s)%s", (int)at, buf,
			 (int)(end - at - 1), buf + at + 2, buf + end + 1);
		snprintf(buf, sizeof(buf), "%s", tmp);
	}
	snprintf(out, size, "%s", buf);
	return op;	/* a bare k is a name, not a formula */
}

/* An expression and room for its values. */
struct formula {
	struct wv_expr e;
	uint64_t val[WV_EXPR_NODES];
};

/* The first formula in text that gives value v with a = k, or false. */
static bool formula_gives(struct formula *f, unsigned w, const char *text, uint64_t k,
			  uint64_t v, char *said, size_t size)
{
	struct wv_error err;
	char c[200];

	for (size_t i = 0; text && text[i]; i++) {
		size_t from = i, to = i + 1;

		if (text[i] != 'k' || (i && letter(text[i - 1])) || letter(text[i + 1]) ||
		    (text[i + 1] >= '0' && text[i + 1] <= '9'))
			continue;
		while (from > 0 && formula_char(text[from - 1]))
			from--;
		while (text[to] && formula_char(text[to]))
			to++;
		for (size_t a = from; a <= i; a++)
			for (size_t b = to; b > i; b--) {
				wv_expr_init(&f->e, w);
				if (!formula_c(text + a, b - a, c, sizeof(c)) ||
				    wv_expr_parse(&f->e, c, &err) != 0)
					continue;
				if (wv_expr_eval(&f->e, k, f->val) == v) {
					snprintf(said, size, "%.*s", (int)(b - a), text + a);
					return true;
				}
			}
	}
	return false;
}

/* Does a paragraph of s (or its question) state a formula in k that
   answers it on t?  0, or -1 with the mistake at its line. */
static int formula_check(struct parser *p, const struct wv_scene *s,
			 const struct wv_trace *t, const struct wv_answer *a)
{
	const struct wv_word *last = &t->words[t->nwords - 1];
	struct formula *e;
	char said[200], val[40];
	uint64_t k;
	int rc = 0;

	if (a->form == WV_FORM_FORMULA || !t->scan.found)
		return 0;
	k = t->answer - last->address;
	e = malloc(sizeof(*e));
	if (!e)
		return 0;	/* no room to check is no refusal */
	for (size_t i = 0; i <= s->npara && rc == 0; i++) {
		const char *text = i < s->npara ? s->para[i].text : s->q.prompt;
		int line = i < s->npara ? s->para[i].line : s->q.line;

		if (i < s->npara && s->para[i].when != WV_WHEN_ANY &&
		    (s->para[i].when == WV_WHEN_LE) != (t->v->endian == WV_LITTLE))
			continue;
		if (formula_gives(e, t->v->bits, text, k, a->value, said, sizeof(said))) {
			wv_lesson_format(a, a->value, val, sizeof(val));
			wv_error_set(p->err, line, 1, "scene '%s': on %s \"%s\" is %s with "
				     "k = %llu, the first zero's index, in view in the "
				     "memory panel: that is the answer its question asks "
				     "(%s); say what the mechanism does without the closed "
				     "form, or ask for what it computes", s->title,
				     t->v->name, said, val, (unsigned long long)k,
				     wv_lesson_ask_name(s->q.ask));
			rc = -1;
		}
	}
	free(e);
	return rc;
}

/*
 * Does a rule: paragraph of s state the value its question asks on t (a
 * rule's numbers are let through the number lint: they belong to a claim
 * about every word, so "rule: cheap-flags Here has_zero is 0x8080800000800000."
 * went through)?  0, or -1 with the mistake at the rule's line.
 */
static int rule_value_check(struct parser *p, const struct wv_scene *s,
			    const struct wv_trace *t, const struct wv_answer *a)
{
	size_t at, len;

	if (a->form == WV_FORM_FORMULA)
		return 0;
	for (size_t i = 0; i < s->npara; i++) {
		if (!s->para[i].rule || !ls_states_value(s->para[i].text, a->value,
							 a->width / 8, &at, &len))
			continue;
		wv_error_set(p->err, s->para[i].line, 1, "scene '%s': on %s the rule "
			     "paragraph (rule: %s) states %.*s, the answer its question "
			     "asks (%s); a rule says what holds for every word: leave "
			     "this word's values to the trace and the worked answer",
			     s->title, t->v->name, s->para[i].rule->name, (int)len,
			     s->para[i].text + at, wv_lesson_ask_name(s->q.ask));
		return -1;
	}
	return 0;
}

/* Every placeholder of s has a value on t; else an error at the first. */
static int narrate_check(struct parser *p, const struct wv_scene *s,
			 const struct wv_trace *t)
{
	char buf[4096];
	const char *bad = NULL;

	if (wv_lesson_narrate(s, t, buf, sizeof(buf), &bad) == 0 &&
	    wv_lesson_prompt(s, t, buf, sizeof(buf), &bad) == 0)
		return 0;
	for (size_t i = 0; i < s->nmarks; i++)
		if (bad && strcmp(s->marks[i].name, bad) == 0) {
			wv_error_set(p->err, s->marks[i].line, s->marks[i].col,
				     "scene '%s': on %s {%s} has no value (%s)", s->title,
				     t->v->name, bad, strcmp(bad, "delim") == 0 ||
				     strncmp(bad, "delim_", 6) == 0 ? "the scene has no "
				     "delim:" : wv_measure_placeholder(bad) ? "a figure of "
				     "a live measurement: the scene needs measure: strlen "
				     "or measure: path" : "the trace does not reach it");
			return -1;
		}
	wv_error_set(p->err, s->line, 1, "scene '%s': on %s a placeholder has no value",
		     s->title, t->v->name);
	return -1;
}

/* ---- practice: another word ---------------------------------------------- */

/* splitmix64: the draw's fixed stream of numbers */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Does trace t meet scene s's practice: constraints? */
static bool practice_holds(const struct wv_scene *s, const struct wv_trace *t)
{
	size_t k = wv_lesson_shown_sub(s, t), w;
	const struct wv_word *shown, *last = &t->words[t->nwords - 1];
	bool fp = false, lies = false, zero_in_shown;
	size_t at = t->answer - last->address;

	if (k >= t->nsubs)	/* a word whose trace never reaches the scene */
		return false;
	w = t->steps[t->subs[k].step].word;
	shown = &t->words[w];
	zero_in_shown = t->answer >= shown->address &&
			t->answer < shown->address + t->word_bytes;
	for (size_t i = 0; i < t->nsteps; i++)
		if (t->steps[i].kind == WV_STEP_HAS_ZERO && t->steps[i].word == w)
			fp |= t->steps[i].false_pos;
	if (s->practice & (1u << 6)) {
		struct wv_scene top = *s;
		struct wv_answer a;

		top.q.ask = WV_ASK_TOP_FLAG;
		lies = wv_lesson_answer(&top, t, &a) == 0 && zero_in_shown &&
		       a.value != t->answer - shown->address;
	}
	const bool met[WV_PRACTICE_NAMES] = {
		true, fp, !fp, !zero_in_shown, at == 0, at == t->word_bytes - 1,
		lies, t->answer_is_delim,
	};

	for (unsigned i = 1; i < WV_PRACTICE_NAMES; i++)
		if ((s->practice & (1u << i)) && !met[i])
			return false;
	return true;
}

/* Is scene s's question asked as the loader allows on trace t, with its
   answer in *a? */
static bool question_fits(const struct wv_scene *s, const struct wv_trace *t,
			  struct wv_answer *a)
{
	char buf[WV_NARRATION_MAX];

	return wv_lesson_shown_sub(s, t) < t->nsubs &&
	       wv_lesson_answer(s, t, a) == 0 && !question_unreached(s, t, a) &&
	       !answer_in_view(s, t) && wv_lesson_prompt(s, t, buf, sizeof(buf), NULL) == 0 &&
	       wv_lesson_narrate(s, t, buf, sizeof(buf), NULL) == 0;
}

int wv_lesson_practice(const struct wv_scene *s, const struct wv_trace_in *in,
		       uint64_t seed, uint8_t *word)
{
	struct wv_trace_in try = *in;
	struct wv_trace t;
	struct wv_answer now, a;
	uint8_t cand[WV_WORD_MAX];
	bool now_known, fallback = false;
	int since = 0;		/* draws since the fallback was found */
	uint64_t st = seed;

	if (!s->practice)
		return -2;
	if (in->word_len == 0 || in->word_len > WV_WORD_MAX)
		return -1;
	if (wv_trace_build(&t, in) != 0)
		return -1;
	now_known = question_fits(s, &t, &now);
	wv_trace_free(&t);
	try.word = cand;
	for (int i = 0; i < WV_PRACTICE_TRIES; i++) {
		bool ok;

		/* a case whose answer is always the same (no zero: 0) ends the
		   search for another answer soon */
		if (fallback && ++since > 64)
			break;

		for (size_t b = 0; b < in->word_len; b++) {
			unsigned r = (unsigned)(next_random(&st) % 100);

			cand[b] = r < 55 ? (uint8_t)('a' + r % 26) : r < 70 ? 0x00
				: r < 85 ? 0x01 : r < 90 ? (uint8_t)(in->delim >= 0
				? (unsigned)in->delim : 'A' + r % 26) : r < 95 ? 0xff : 0x80;
		}
		if (memcmp(cand, in->word, in->word_len) == 0)
			continue;
		if (wv_trace_build(&t, &try) != 0)
			continue;
		ok = practice_holds(s, &t) && question_fits(s, &t, &a);
		wv_trace_free(&t);
		if (!ok)
			continue;
		if (!now_known || a.value != now.value) {
			memcpy(word, cand, in->word_len);
			return 0;
		}
		if (!fallback) {	/* the same answer: only if nothing else */
			memcpy(word, cand, in->word_len);
			fallback = true;
		}
	}
	return fallback ? 0 : -1;
}

/*
 * Can scene i draw another word on v, and does its own word meet its
 * practice: constraints?  0, or -1 with the mistake at the practice: line.
 */
static int practice_check(struct parser *p, const struct wv_scene *s,
			  const struct wv_trace_in *in, const struct wv_trace *t)
{
	uint8_t word[WV_WORD_MAX];
	char names[160] = "";

	if (!s->practice)
		return 0;
	for (unsigned i = 1; i < WV_PRACTICE_NAMES; i++)
		if (s->practice & (1u << i))
			snprintf(names + strlen(names), sizeof(names) - strlen(names),
				 "%s%s", names[0] ? " " : "", wv_practice_names[i]);
	if (!practice_holds(s, t)) {
		wv_error_set(p->err, s->practice_line, 1, "scene '%s': on %s the "
			     "scene's own word is not a case of practice: %s", s->title,
			     in->v->name, names);
		return -1;
	}
	if (wv_lesson_practice(s, in, 1, word) != 0) {
		wv_error_set(p->err, s->practice_line, 1, "scene '%s': on %s no other "
			     "word of %zu byte%s%s%s turned up in %d draws, so this scene "
			     "cannot give another word: loosen practice: or drop it",
			     s->title, in->v->name, in->word_len, in->word_len == 1 ? ""
			     : "s", names[0] ? " with " : "",
			     names, WV_PRACTICE_TRIES);
		return -1;
	}
	return 0;
}

/*
 * Does scene s state a rule that does not hold on v (holds_on), or that its
 * own words contradict (check, on each word the trace loads; the tests
 * prove it on the critical words, the loader on the scene's)?  t is the
 * scene's trace on v, or NULL before it is built.  0, or -1 with the
 * mistake at the rule's line.
 */
static int rule_refused(struct parser *p, const struct wv_scene *s,
			const struct wv_variant *v, const struct wv_trace *t)
{
	for (size_t i = 0; i < s->npara; i++) {
		const struct wv_rule *r = s->para[i].rule;

		if (!r)
			continue;
		if (!r->holds_on(v)) {
			wv_error_set(p->err, s->para[i].line, 1, "rule %s does not hold "
				     "on %s (only on %s): limit arches: or arch:, or "
				     "drop the rule", r->name, v->name, r->where);
			return -1;
		}
		for (size_t w = 0; t && w < t->nwords; w++) {
			const uint64_t x[2] = { t->words[w].value, t->words[w].delim_value };

			for (unsigned j = 0; j < (t->in.delim >= 0 ? 2u : 1u); j++)
				if (!wv_rules_holds(r, v, x[j])) {
					wv_error_set(p->err, s->para[i].line, 1, "rule %s is "
						     "false on %s for the word 0x%0*llx of this "
						     "scene (a bug in src/lesson/rules.c)",
						     r->name, v->name, (int)v->bits / 4,
						     (unsigned long long)x[j]);
					return -1;
				}
		}
	}
	return 0;
}

/*
 * A scene's page-end: on in->v: a word boundary after the string's NUL (the
 * trace refuses any other); else an error at the scene saying which to use.
 */
static int page_end_check(struct parser *p, const struct wv_scene *s,
			  const struct wv_trace_in *in)
{
	size_t nb = wv_wat_bytes(in->v), nul = in->offset + in->word_len;
	size_t first = (nul / nb + 1) * nb;	/* the first edge after the NUL */

	if (in->page_end == 0)
		return 0;
	if (in->page_end % nb != 0) {
		wv_error_set(p->err, s->line, 1, "scene '%s': page-end: %zu on %s: a "
			     "page starts on a word boundary, a multiple of %zu (%s "
			     "words are %zu bytes); try page-end: %zu", s->title,
			     in->page_end, in->v->name, nb, in->v->name, nb,
			     in->page_end < first ? first : (in->page_end / nb + 1) * nb);
		return -1;
	}
	if (in->page_end <= nul) {
		wv_error_set(p->err, s->line, 1, "scene '%s': page-end: %zu: the "
			     "string (offset %zu, %zu bytes) and its NUL end at memory "
			     "%zu, so the page edge must come after them; try "
			     "page-end: %zu", s->title, in->page_end, in->offset,
			     in->word_len, nul, first);
		return -1;
	}
	return 0;
}

/* Check scene i on variant v: the trace builds, the shown step and the
   answer exist, the rules hold.  Sets p->line to the offending line. */
static int check_scene(struct parser *p, size_t i, const struct wv_variant *v)
{
	const struct wv_scene *s = &p->l->scenes[i];
	struct wv_trace_in in;
	struct wv_trace t;
	struct wv_answer a;
	int rc;

	wv_lesson_scene_input(p->l, i, v, &in, NULL);
	if (rule_refused(p, s, in.v, NULL))
		return -1;
	if (in.offset >= wv_wat_bytes(in.v)) {
		p->line = s->line;
		wv_error_set(p->err, s->line, 1, "scene '%s': offset %zu does not fit a %u-bit "
			     "word of %s; use an offset below %u or limit arches:",
			     s->title, in.offset, in.v->bits, in.v->name, wv_wat_bytes(in.v));
		return -1;
	}
	if (page_end_check(p, s, &in) != 0)
		return -1;
	/* the split (the scene's, else the lesson's) draws this memory on
	   its variant too */
	const struct wv_variant *split = s->split ? s->split : p->l->split;

	if (split) {
		struct wv_trace_in u;
		char why[WV_ERROR_MSG_MAX];

		if (wv_trace_in_split(&u, &in, split, why, sizeof(why)) < 0) {
			p->line = s->line;
			wv_error_set(p->err, s->line, 1, "scene '%s' on %s: %ssplit: "
				     "%s: %s", s->title, in.v->name, s->split ? ""
				     : "the lesson's ", split->name, why);
			return -1;
		}
	}
	rc = wv_trace_build(&t, &in);
	if (rc == -ENOMEM)
		return rc;
	if (rc) {
		wv_error_set(p->err, s->line, 1, "scene '%s' cannot be traced on %s: %s",
			     s->title, in.v->name, strerror(-rc));
		return -1;
	}
	rc = 0;
	if (wv_lesson_shown_sub(s, &t) == t.nsubs) {
		wv_error_set(p->err, s->line, 1, "scene '%s': on %s the trace never reaches "
			     "'%s'%s", s->title, in.v->name, wv_trace_step_name(s->show),
			     s->show == WV_STEP_PRESTART ? " (it needs an offset)" :
			     s->show == WV_STEP_DELIM_HAS_ZERO ? " (it needs a delim:)" :
			     " at that word or sub-step");
		rc = -1;
	} else if (narrate_check(p, s, &t) != 0 || rule_refused(p, s, in.v, &t)) {
		rc = -1;
	} else if (s->q.ask != WV_ASK_NONE && wv_lesson_answer(s, &t, &a) == 0 &&
		   question_unreached(s, &t, &a)) {
		size_t k = wv_lesson_shown_sub(s, &t);

		wv_error_set(p->err, s->q.line, 1, "scene '%s': on %s the question asks for "
			     "%s, but the scene shows '%s', which does not compute it; "
			     "show the step that does (such as 'show: %s result')",
			     s->title, in.v->name, wv_lesson_ask_name(s->q.ask),
			     t.subs[k].expr, question_unreached(s, &t, &a));
		rc = -1;
	} else if (s->q.ask != WV_ASK_NONE && answer_in_view(s, &t)) {
		wv_error_set(p->err, s->q.line, 1, "scene '%s': on %s the question asks "
			     "for %s, which the scene shows while it is open: %s",
			     s->title, in.v->name, wv_lesson_ask_name(s->q.ask),
			     answer_in_view(s, &t));
		rc = -1;
	} else if (s->q.ask != WV_ASK_NONE && wv_lesson_answer(s, &t, &a) == 0 &&
		   (giveaway_check(p, s, &t, &a) != 0 || formula_check(p, s, &t, &a) != 0 ||
		    rule_value_check(p, s, &t, &a) != 0)) {
		rc = -1;
	} else if (s->q.ask != WV_ASK_NONE && practice_check(p, s, &in, &t) != 0) {
		rc = -1;
	} else if (s->q.ask != WV_ASK_NONE && wv_lesson_answer(s, &t, &a) != 0) {
		wv_error_set(p->err, s->q.line, 1, "scene '%s': on %s there is no '%s' to ask "
			     "about%s", s->title, in.v->name, wv_lesson_ask_name(s->q.ask),
			     s->q.ask == WV_ASK_DELIM_VALUE || s->q.ask == WV_ASK_DELIM_HAS_ZERO ?
			     " (the scene has no delim:)" : " here");
		rc = -1;
	}
	wv_trace_free(&t);
	return rc;
}

/* wv_lesson_parse_all; traced: with the checks that trace every scene */
/* Does every scene of l keep its own variant (arch:)? */
static bool every_scene_fixed(const wv_lesson *l)
{
	for (size_t i = 0; i < l->nscenes; i++)
		if (!l->scenes[i].variant)
			return false;
	return true;
}

static int parse_all(const char *text, size_t len, wv_lesson **out,
		     struct wv_error *errs, size_t max, size_t *nerrs, bool traced)
{
	struct wv_error first = { 0 };
	struct parser p = { .errs = errs ? errs : &first, .max = errs && max ? max : 1 };
	wv_lesson *l = calloc(1, sizeof(*l));
	int rc = 0;

	if (nerrs)
		*nerrs = 0;
	if (!l)
		return -ENOMEM;
	p.l = l;
	p.err = &p.cur;
	for (size_t i = 0; i < wv_wat_count(); i++)
		l->variants[l->nvariants++] = wv_wat_at(i);

	const char *s = text, *end = text + len;

	/* a byte-order mark some Windows editors write before UTF-8 text is
	   not part of the first line (its columns count from after it) */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		s += 3;
	/* line by line; after a mistake, on to the next line */
	while (s < end && rc != -ENOMEM && !ls_full(&p)) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		p.line++;
		if (n && s[n - 1] == '\r')
			rc = ls_parse_line(&p, s, n - 1);
		else
			rc = ls_parse_line(&p, s, n);
		if (rc == -1) {
			ls_record(&p);
			/* a file with control characters is not text: that is
			   the one mistake worth saying */
			if (p.not_text) {
				p.max = p.n;
				break;
			}
			/* a refused text keeps its continuation lines (they are
			   checked too); any other refused line drops them */
			p.skip_cont = p.cont == NULL;
		} else if (n && s[0] != ' ' && s[0] != '\t') {
			p.skip_cont = false;
		}
		s += n + (nl ? 1 : 0);
	}
	if (rc != -ENOMEM && !ls_full(&p)) {
		int here = p.line;

		rc = ls_close_scene(&p);
		if (rc == -1)
			ls_record(&p);
		p.line = here;
	}
	if (rc != -ENOMEM && !ls_full(&p) && !l->title && !p.title_refused) {
		p.line = 1;
		ls_fail(&p, 1, "the lesson has no title: line; start the file "
			"with one, as 'title: What the lesson shows'%s", "");
		ls_record(&p);
	}
	if (rc != -ENOMEM && !ls_full(&p) && l->nscenes == 0) {
		p.line = p.line ? p.line : 1;
		ls_fail(&p, 1, "the lesson has no scene: (a lesson is a title, then scenes)%s", "");
		ls_record(&p);
	}
	if (rc != -ENOMEM && !ls_full(&p) && p.arches_line && l->nscenes &&
	    every_scene_fixed(l)) {
		p.line = p.arches_line;
		ls_fail(&p, 1, "arches: changes nothing here: every scene fixes its "
			"own variant with arch:; drop the arches: line%s", "");
		ls_record(&p);
	}
	/* the checks that need a trace: the first mistake of each sound scene */
	for (size_t i = 0; traced && rc != -ENOMEM && !ls_full(&p) && i < l->nscenes; i++) {
		const struct wv_variant *only = l->scenes[i].variant;

		if (p.bad[i])
			continue;
		for (size_t j = 0; j < (only ? 1 : l->nvariants); j++) {
			rc = check_scene(&p, i, only ? only : l->variants[j]);
			if (rc == -1) {
				if (p.n < p.max)
					p.errs[p.n++] = p.cur;
				break;
			}
			if (rc == -ENOMEM)
				break;
		}
	}
	if (rc == -ENOMEM || p.n) {
		wv_lesson_free(l);
		if (rc == -ENOMEM) {
			p.errs[0] = (struct wv_error){ 0 };
			wv_error_set(&p.errs[0], p.line, 0, "out of memory");
			if (nerrs)
				*nerrs = 1;
			return -ENOMEM;
		}
		/* in the order of the file (stable: a line's own order kept) */
		for (size_t i = 1; i < p.n; i++)
			for (size_t j = i; j > 0 && (p.errs[j - 1].line > p.errs[j].line ||
				(p.errs[j - 1].line == p.errs[j].line &&
				 p.errs[j - 1].col > p.errs[j].col)); j--) {
				struct wv_error x = p.errs[j];

				p.errs[j] = p.errs[j - 1];
				p.errs[j - 1] = x;
			}
		if (nerrs)
			*nerrs = p.n;
		return -1;
	}
	*out = l;
	return 0;
}

int wv_lesson_parse_all(const char *text, size_t len, wv_lesson **out,
			struct wv_error *errs, size_t max, size_t *nerrs)
{
	return parse_all(text, len, out, errs, max, nerrs, true);
}

int wv_lesson_parse_quick(const char *text, size_t len, wv_lesson **out,
			  struct wv_error *err)
{
	struct wv_error e = { 0 };
	int rc = parse_all(text, len, out, &e, 1, NULL, false);

	if (err)
		*err = e;
	return rc;
}

int wv_lesson_parse(const char *text, size_t len, wv_lesson **out, struct wv_error *err)
{
	struct wv_error e = { 0 };
	int rc = wv_lesson_parse_all(text, len, out, &e, 1, NULL);

	if (err)
		*err = e;
	return rc;
}
