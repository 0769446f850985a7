/*
 * Distractors: a question voted as a choice.  The wrong options are the
 * classic mistakes on this scene's trace, computed from it (a - ONES
 * without the borrow, the right bytes in the other order, an operand of
 * the last step, a neighbouring value of the word, the low bytes only, a
 * shift by 8 for 7, the terminator's byte kept; for an index or a length:
 * the memory address, one too many, the NUL counted, the real zero for the
 * top flag...), kept only when the grader (grade.c) names the mistake with
 * a sentence of its own: that sentence is what choosing it means.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/lesson.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "grade.h"
#include "watviz/wat.h"
#include "watviz/wordops.h"

#define CANDIDATES_MAX 48

struct cands {
	uint64_t v[CANDIDATES_MAX];
	unsigned n;
};

/* Add v, the next most likely mistake, unless it is there already. */
static void add(struct cands *c, uint64_t v)
{
	for (unsigned i = 0; i < c->n; i++)
		if (c->v[i] == v)
			return;
	if (c->n < CANDIDATES_MAX)
		c->v[c->n++] = v;
}

/* The sub-step whose last result row is the answer (the last such), or t->nsubs. */
static size_t answer_sub(const struct wv_trace *t, uint64_t value)
{
	size_t found = t->nsubs;

	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned r = t->subs[k].nrows; r-- > 0;)
			if (t->subs[k].rows[r].kind == WV_ROW_RESULT) {
				if (t->subs[k].rows[r].value == value &&
				    t->subs[k].op != WV_OP_TEST && t->subs[k].op != WV_OP_NOTE)
					found = k;
				break;
			}
	return found;
}

/* The values one step before the answer: the last step's operands and the
   sub-step before it. */
static void add_before(struct cands *c, const struct wv_trace *t, uint64_t value)
{
	size_t k = answer_sub(t, value);

	if (k >= t->nsubs)
		return;
	for (unsigned r = 0; r < t->subs[k].nrows; r++)
		if (t->subs[k].rows[r].kind == WV_ROW_INPUT ||
		    t->subs[k].rows[r].kind == WV_ROW_RESULT)
			add(c, t->subs[k].rows[r].value);
	if (k > 0 && t->subs[k - 1].step == t->subs[k].step)
		for (unsigned r = t->subs[k - 1].nrows; r-- > 0;)
			if (t->subs[k - 1].rows[r].kind == WV_ROW_RESULT) {
				add(c, t->subs[k - 1].rows[r].value);
				break;
			}
}

/* Wrong numbers for an index, a length or a count, likeliest first. */
static void number_mistakes(struct cands *c, const struct wv_scene *s,
			    const struct wv_trace *t, const struct wv_word *wd, uint64_t v)
{
	size_t at = t->words[t->nwords - 1].address;
	unsigned nb = t->word_bytes, flags = 0;

	switch (s->q.ask) {
	case WV_ASK_TOP_FLAG:
		if (t->answer >= wd->address)
			add(c, t->answer - wd->address);	/* the real zero */
		break;
	case WV_ASK_LENGTH:
		add(c, v + 1);				/* the NUL counted */
		add(c, t->scan.find_zero);		/* the index in the word */
		add(c, t->answer);			/* the address */
		break;
	case WV_ASK_HAS_ZERO_OPS:
		add(c, t->cost.loop_test);		/* the loop's test too */
		add(c, v + t->cost.after);		/* the calls after the loop */
		add(c, v + t->cost.after + t->cost.call[WV_COST_ZBM]);
		add(c, t->cost.byte_test);		/* the byte loop's compares */
		add(c, 3 * t->cost.byte_test);		/* its loads and branches */
		break;
	case WV_ASK_FALSE_POS:
		for (unsigned r = 0; r < nb; r++)
			flags += t->v->hz_kind == WV_HZ_CMPBGE ? (wd->has_zero >> r) & 1
				 : ((wd->has_zero >> 8 * r) & 0xff) != 0;
		add(c, flags);				/* every flag */
		break;
	default:
		break;
	}
	add(c, at + v);			/* the memory address for the index */
	add(c, v + 1);			/* counted from 1 */
	add(c, nb - 1 - v % nb);	/* counted from the other end */
	add(c, 8 * v);			/* the bit index for the byte index */
	add(c, 8 * v + 7);		/* the flag's bit */
	add(c, nb);
	if (v > 0)
		add(c, v - 1);
}

/* Wrong words for a hex question, likeliest first. */
static void hex_mistakes(struct cands *c, const struct wv_scene *s,
			 const struct wv_trace *t, const struct wv_word *wd,
			 uint64_t v, unsigned width)
{
	unsigned bits = t->v->bits, nb = t->word_bytes;
	uint64_t m = wv_wmask(width), nob = 0, swapped = 0;

	size_t k = answer_sub(t, v);
	bool sub = k < t->nsubs && t->subs[k].op == WV_OP_SUB;

	/* a - ONES byte by byte, no borrow between the bytes: first where the
	   answer is a subtraction, late elsewhere */
	for (unsigned r = 0; r < nb; r++)
		nob |= (uint64_t)(uint8_t)(((wd->value >> (8 * r)) & 0xff) - 1) << (8 * r);
	if (sub)
		add(c, nob);
	/* memory order read as a number */
	for (unsigned r = 0; width >= 32 && r < width / 8; r++)
		swapped |= ((v >> (8 * r)) & 0xff) << (width - 8 - 8 * r);
	if (width >= 32)
		add(c, swapped);
	/* a test of the flags: the other test, cheap for exact and exact for
	   cheap (they differ where a flag lies) */
	if (s->q.ask == WV_ASK_HAS_ZERO || s->q.ask == WV_ASK_DELIM_HAS_ZERO ||
	    s->q.ask == WV_ASK_PREP || s->q.ask == WV_ASK_DATA) {
		uint64_t of = s->q.ask == WV_ASK_DELIM_HAS_ZERO ? wd->delim_value : wd->value;

		add(c, wv_exact_zero(of, bits));
		add(c, wv_cheap_zero(of, bits));
	}
	/* the word loaded from the aligned address, or from the string's start */
	if (s->q.ask == WV_ASK_LOADED || s->q.ask == WV_ASK_VALUE) {
		size_t aligned = wd->address - wd->address % nb;
		uint8_t from[8];

		if (aligned + nb <= t->img.len)
			add(c, wv_wat_load(t->v, t->img.mem + aligned));
		for (unsigned i = 0; i < nb; i++)
			from[i] = t->in.offset + i < t->img.len ? t->img.mem[t->in.offset + i]
								: t->img.fill;
		add(c, wv_wat_load(t->v, from));
	}
	add_before(c, t, v);
	/* the neighbouring values of this word and of the scan */
	add(c, wd->has_zero);
	add(c, wv_cheap_zero(wd->value, bits));
	add(c, wv_exact_zero(wd->value, bits));
	add(c, (wd->value - wv_ones(bits)) & wv_wmask(bits));
	add(c, ~wd->value & wv_wmask(bits));
	add(c, wd->data);
	add(c, wd->value);
	add(c, wd->loaded);
	if (t->in.delim >= 0) {
		add(c, wd->delim_value);
		add(c, wd->delim_has_zero);
	}
	add(c, nob);
	add(c, t->scan.prep_zero_mask);
	add(c, t->scan.create_zero_mask);
	add(c, t->scan.zero_bytemask);
	/* the low bytes only */
	for (unsigned b = nb / 2; b >= 1 && width >= 32; b--)
		add(c, v & wv_wmask(8 * b));
	/* a shift by 8 where 7 is meant, either way */
	add(c, (v >> 1) & m);
	add(c, (v << 1) & m);
	/* the mask with the terminator's byte kept as well */
	if (t->answer >= t->words[t->nwords - 1].address && t->scan.find_zero < nb && width >= 32)
		add(c, (v | UINT64_C(0xff) << 8 * wv_wat_byte_index(t->v, t->scan.find_zero)) & m);
}

/* Is tok at s[i] a whole token: no letter or digit on either side? */
static bool whole(const char *s, size_t i, size_t len)
{
	return (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
	       !isalnum((unsigned char)s[i + len]);
}

/* Where the value of the right answer is first named in s (as text, or
   as hex without its leading zeros), or strlen(s). */
static size_t names_right(const char *s, const struct wv_answer *a)
{
	char forms[2][40];
	size_t first = strlen(s);

	wv_lesson_format(a, a->value, forms[0], sizeof(forms[0]));
	snprintf(forms[1], sizeof(forms[1]), a->width ? "0x%llx" : "%llu",
		 (unsigned long long)a->value);
	for (int f = 0; f < 2; f++)
		for (const char *p = strstr(s, forms[f]); p; p = strstr(p + 1, forms[f]))
			if (whole(s, (size_t)(p - s), strlen(forms[f])) &&
			    (size_t)(p - s) < first) {
				first = (size_t)(p - s);
				break;
			}
	return first;
}

/*
 * The grader's sentence without the clause that names the right value
 * (and what follows): "..., so it points at 5" -> "...".  An open "(" left
 * by the cut goes too.  Leaves "" when too little is left to mean anything.
 */
static void cut_right(char *s, const struct wv_answer *a)
{
	static const char *const seps[] = { "; ", ", ", ": ", " (" };
	size_t at = names_right(s, a), cut = 0, open = 0;
	bool in_paren = false;

	if (at == strlen(s))
		return;
	for (size_t i = 0; i < sizeof(seps) / sizeof(seps[0]); i++)
		for (const char *p = strstr(s, seps[i]); p && (size_t)(p - s) < at;
		     p = strstr(p + 1, seps[i]))
			if ((size_t)(p - s) > cut)
				cut = (size_t)(p - s);
	s[cut] = '\0';
	for (size_t i = 0; i < cut; i++) {
		if (s[i] == '(' && !in_paren) {
			open = i;
			in_paren = true;
		} else if (s[i] == ')') {
			in_paren = false;
		}
	}
	if (in_paren)
		s[open] = '\0';
	for (size_t n = strlen(s); n > 0 && strchr(" ,;:", s[n - 1]); n--)
		s[n - 1] = '\0';
	if (strlen(s) < 8)
		s[0] = '\0';
}

/* The short name of the mistake a grader's sentence names. */
static void group_of(const char *why, char *group, size_t size)
{
	static const struct { const char *says, *name; } names[] = {
		{ "the trap here", "the top flag's trap" },
		{ "is the memory address", "address for index" },
		{ "one too many", "counted from 1" },
		{ "has indexes 0 to", "outside the word" },
		{ "counts the delimiter too", "delimiter counted" },
		{ "counts the NUL too", "NUL counted" },
		{ "that is find_zero", "index for length" },
		{ "terminator's memory address", "address for length" },
		{ "counts every flag", "every flag counted" },
		{ "without the borrow", "no borrow" },
		{ "without the carries", "no carries" },
		{ "aligned word at address", "the aligned word" },
		{ "word from the string's start", "from the start" },
		{ "only the low", "low bytes only" },
		{ "wrong order", "byte order" },
		{ "was read as hex", "decimal read as hex" },
	};
	const char *is, *end;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strstr(why, names[i].says)) {
			snprintf(group, size, "%s", names[i].name);
			return;
		}
	/* "0x... is has_zero's result, not what is asked": what it is */
	is = strstr(why, " is ");
	end = strstr(why, ", not what is asked");
	if (is && end && end > is) {
		is += 4;
		if (strncmp(is, "the ", 4) == 0)
			is += 4;
		size_t len = (size_t)(end - is);

		for (const char *stop = is; stop < end; stop++)
			if (strncmp(stop, " (", 2) == 0 || strncmp(stop, ", ", 2) == 0) {
				len = (size_t)(stop - is);
				break;
			}
		snprintf(group, size, "%.*s", (int)len, is);
		return;
	}
	/* else the sentence's first clause */
	snprintf(group, size, "%.*s", (int)strcspn(why, ";,:("), why);
	for (size_t n = strlen(group); n > 0 && group[n - 1] == ' '; n--)
		group[n - 1] = '\0';
}

/* The values not to name: the answers of the questions still to come. */
struct later {
	const uint64_t *v;
	size_t n;
};

static bool is_later(const struct later *l, uint64_t v)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == v)
			return true;
	return false;
}

/* Fill o for value v; returns whether the grader has a sentence for it. */
static bool explain(struct wv_lesson_option *o, const struct wv_scene *s,
		    const struct wv_trace *t, const struct wv_answer *a, uint64_t v,
		    const struct later *l)
{
	*o = (struct wv_lesson_option){ .value = v, .right = v == a->value };
	wv_lesson_format(a, v, o->text, sizeof(o->text));
	if (o->right)
		return true;
	/* a value the grader only says where to look for is no likely one;
	   nor is a later question's answer, which is not named */
	if (!wv_lesson_diagnose_unnamed(s, t, a, o->text, l->v, l->n, o->diagnosis,
					sizeof(o->diagnosis)) ||
	    strncmp(o->diagnosis, "look again", 10) == 0)
		return false;
	cut_right(o->diagnosis, a);
	if (!o->diagnosis[0])
		return false;
	group_of(o->diagnosis, o->group, sizeof(o->group));
	return true;
}

static void sort_options(struct wv_lesson_option *o, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && o[j - 1].value > o[j].value; j--) {
			struct wv_lesson_option x = o[j];

			o[j] = o[j - 1];
			o[j - 1] = x;
		}
}

int wv_lesson_options(const struct wv_scene *s, const struct wv_trace *t,
		      const struct wv_answer *a, const uint64_t *later, size_t nlater,
		      struct wv_lesson_option opts[WV_CHOICES_MAX])
{
	const struct later l = { later, later ? nlater : 0 };
	struct cands c = { .n = 0 };
	unsigned n = 0, width;
	const struct wv_word *wd;
	const struct wv_step *st = NULL;

	if (a->form == WV_FORM_FORMULA || s->q.ask == WV_ASK_BUILD ||
	    s->q.ask == WV_ASK_NONE || t->nwords == 0)
		return -1;
	if (a->form == WV_FORM_CHOICE) {
		for (unsigned i = 0; i < a->nchoices && i < WV_CHOICES_MAX; i++)
			if (!explain(&opts[i], s, t, a, a->choices[i], &l))
				opts[i].diagnosis[0] = opts[i].group[0] = '\0';
		return (int)(a->nchoices < WV_CHOICES_MAX ? a->nchoices : WV_CHOICES_MAX);
	}
	/* the word the question is about: the step shown, else the last */
	size_t k = wv_lesson_shown_sub(s, t);

	if (k < t->nsubs)
		st = wv_trace_step_of(t, k);
	wd = &t->words[st && st->word < t->nwords ? st->word : t->nwords - 1];
	width = a->width ? a->width : 64;
	if (a->width == 0 || a->form == WV_FORM_NUMBER)
		number_mistakes(&c, s, t, wd, a->value);
	if (a->width)
		hex_mistakes(&c, s, t, wd, a->value, width);

	explain(&opts[n++], s, t, a, a->value, &l);
	/* pass 0: a mistake of each kind first; pass 1: any that is left */
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < c.n && n < WV_CHOICES_MAX; i++) {
			struct wv_lesson_option o;
			bool seen = false;

			if (c.v[i] == a->value || (a->width && c.v[i] > wv_wmask(width)) ||
			    is_later(&l, c.v[i]))
				continue;
			for (unsigned j = 0; j < n; j++)
				seen |= opts[j].value == c.v[i];
			if (seen || !explain(&o, s, t, a, c.v[i], &l))
				continue;
			for (unsigned j = 0; j < n && pass == 0; j++)
				seen |= strcmp(opts[j].group, o.group) == 0;
			if (!seen)
				opts[n++] = o;
		}
	sort_options(opts, n);
	return (int)n;
}
