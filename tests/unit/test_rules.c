/*
 * The rules lessons state (lesson/rules.h), each proved on every variant it
 * holds on:
 * - over the critical words: every byte from {00 01 02 7f 80 81 fe ff} in
 *   every position (8^8 = 16.7 M words for 64-bit variants, 4096 for
 *   32-bit ones); WATVIZ_FULL=1: every one of the 2^32 words of a 32-bit
 *   variant; WATVIZ_QUICK=1 (make asan, valgrind): every 257th word;
 * - the rules sentences used to state, and that were false, refuted by
 *   the same sweep and by their counterexamples (the big-endian "every
 *   false positive sits before the first zero": ppc64 'ab\0c\x01' =
 *   0x6162006301000000 and 0x0000000000000100);
 * - a rule's holds_on is what keeps it off the variants where it is false;
 * - the loader: a rule: paragraph is refused on a variant where its rule
 *   does not hold (the line, the rule and the variant in the message), an
 *   unknown rule is refused at its column, a rule's numbers pass the
 *   number lint and the next text:'s do not; every rule is stated by a
 *   shipped lesson and listed in lessons/README.md;
 * - the step texts that state these rules are not cut at WV_TEXT_MAX.
 * Each sweep is split over two threads; a variant's critical words are swept
 * once for all its rules, the kernel's sequence run once per word.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <pthread.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/rules.h"
#include "trace/trace.h"
#include "watviz/wordops.h"

/* A claim about the word a on v (r: the rule it is, or NULL). */
typedef bool (*property)(const struct wv_rule *r, const struct wv_variant *v, uint64_t a);

static const uint8_t critical[8] = { 0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff };

static bool env_set(const char *name)
{
	const char *s = getenv(name);

	return s && *s && strcmp(s, "0") != 0;
}

/* ---- the sweeps ---------------------------------------------------------------- */

/* Every 32-bit word (WATVIZ_FULL=1), or the critical words. */
static bool every_word(const struct wv_variant *v)
{
	return v->bits == 32 && env_set("WATVIZ_FULL");
}

/* Word i of v's space: i itself, or the critical word whose byte b is
   critical[digit b of i in base 8]. */
static uint64_t word_at(const struct wv_variant *v, bool every, uint64_t i)
{
	uint64_t w = 0;

	if (every)
		return i;
	for (unsigned b = 0; b < v->bits / 8; b++)
		w |= (uint64_t)critical[(i >> 3 * b) & 7] << 8 * b;
	return w;
}

#define MAX_RULES 32

/* One thread's part of a sweep: words [from, to) of v's space, by step. */
struct sweep {
	const struct wv_variant *v;
	uint64_t from, to, step;
	property holds;		/* one claim, or NULL: every rule that holds on v */
	const struct wv_rule *rule;
	bool found[MAX_RULES];	/* [0] for the one claim, or per rule */
	uint64_t word[MAX_RULES];	/* the first word of the part where it fails */
};

static void *sweep_run(void *arg)
{
	struct sweep *s = arg;
	bool every = every_word(s->v);
	const struct wv_rule *on[MAX_RULES];
	size_t non = 0, left;

	for (size_t r = 0; !s->holds && r < wv_rules_count() && r < MAX_RULES; r++)
		if (wv_rules_at(r)->holds_on(s->v))
			on[non++] = wv_rules_at(r);
	left = s->holds ? 1 : non;
	for (uint64_t i = s->from; i < s->to && left; i += s->step) {
		uint64_t a = word_at(s->v, every, i);
		struct wv_rule_word w;

		if (s->holds) {
			if (!s->holds(s->rule, s->v, a)) {
				s->found[0] = true;
				s->word[0] = a;
				left = 0;
			}
			continue;
		}
		/* the kernel's sequence once per word, for every rule */
		wv_rules_word(s->v, a, &w);
		for (size_t r = 0; r < non; r++) {
			size_t k = (size_t)(on[r] - wv_rules_at(0));

			if (!s->found[k] && !on[r]->check(s->v, &w)) {
				s->found[k] = true;
				s->word[k] = a;
				left--;
			}
		}
	}
	return NULL;
}

/*
 * Sweep v's space in two threads: holds alone (the first word where it
 * fails in found[0], word[0]), or, holds NULL, every rule that holds on v
 * (per rule index).  WATVIZ_QUICK=1: every 257th word.
 */
static void sweep(const struct wv_variant *v, property holds, const struct wv_rule *rule,
		  bool found[MAX_RULES], uint64_t word[MAX_RULES])
{
	uint64_t n = every_word(v) ? UINT64_C(1) << 32 : UINT64_C(1) << (3 * v->bits / 8);
	uint64_t step = env_set("WATVIZ_QUICK") ? 257 : 1, half = n / 2 / step * step;
	struct sweep s[2] = {
		{ .v = v, .from = 0, .to = half, .step = step, .holds = holds, .rule = rule },
		{ .v = v, .from = half, .to = n, .step = step, .holds = holds, .rule = rule },
	};
	pthread_t th;
	bool threaded = pthread_create(&th, NULL, sweep_run, &s[1]) == 0;

	sweep_run(&s[0]);
	if (threaded)
		pthread_join(th, NULL);
	else
		sweep_run(&s[1]);
	for (size_t r = 0; r < MAX_RULES; r++) {
		found[r] = s[0].found[r] || s[1].found[r];
		word[r] = s[0].found[r] ? s[0].word[r] : s[1].word[r];
	}
}

/* The first word of v's space on which holds fails: true and *word, or
   false when it holds on every one. */
static bool counterexample(property holds, const struct wv_rule *r,
			   const struct wv_variant *v, uint64_t *word)
{
	bool found[MAX_RULES];
	uint64_t words[MAX_RULES];

	sweep(v, holds, r, found, words);
	*word = words[0];
	return found[0];
}

/* A rule as a claim. */
static bool rule_claim(const struct wv_rule *r, const struct wv_variant *v, uint64_t a)
{
	return wv_rules_holds(r, v, a);
}

/* Every rule on every variant, each variant swept once when first asked. */
static struct {
	bool done;
	bool found[MAX_RULES];
	uint64_t word[MAX_RULES];
} swept[64];

/* Is rule index r refuted on variant index j?  Then *word. */
static bool refuted(size_t r, size_t j, uint64_t *word)
{
	assert_true(j < 64 && r < MAX_RULES);
	if (!swept[j].done) {
		sweep(wv_wat_at(j), NULL, NULL, swept[j].found, swept[j].word);
		swept[j].done = true;
	}
	*word = swept[j].word[r];
	return swept[j].found[r];
}

/* ---- byte loops of the test's own --------------------------------------------- */

/* bit i: memory byte i of a is zero */
static unsigned zeros(const struct wv_variant *v, uint64_t a)
{
	unsigned z = 0;

	for (unsigned i = 0; i < wv_wat_bytes(v); i++)
		z |= (wv_wat_mem_byte(v, a, i) == 0) << i;
	return z;
}

/* bit i: memory byte i of the cheap flags of a holds a flag */
static unsigned flags(const struct wv_variant *v, uint64_t a)
{
	uint64_t data, f = v->has_zero(a, &data);
	unsigned m = 0;

	for (unsigned i = 0; i < wv_wat_bytes(v); i++)
		m |= ((wv_wat_mem_byte(v, f, i) & 0x80) != 0) << i;
	return m;
}

static unsigned first_of(unsigned m, unsigned none)
{
	return m ? (unsigned)__builtin_ctz(m) : none;
}

static const struct wv_rule *rule(const char *name)
{
	const struct wv_rule *r = wv_rules_find(name, strlen(name));

	assert_non_null(r);
	return r;
}

static void report(const char *what, const struct wv_variant *v, uint64_t w)
{
	print_message("# %s on %s: 0x%0*llx\n", what, v->name, (int)v->bits / 4,
		      (unsigned long long)w);
}

/* ---- the registry ---------------------------------------------------------------- */

static void registry(void **state)
{
	(void)state;
	assert_true(wv_rules_count() >= 9 && wv_rules_count() <= MAX_RULES);
	assert_true(wv_wat_count() <= 64);
	assert_null(wv_rules_at(wv_rules_count()));
	assert_null(wv_rules_find("no-such-rule", 12));
	assert_null(wv_rules_find("add32", 5));	/* a prefix is not a name */
	for (size_t i = 0; i < wv_rules_count(); i++) {
		const struct wv_rule *r = wv_rules_at(i);
		unsigned on = 0;

		assert_true(strspn(r->name, "abcdefghijklmnopqrstuvwxyz0123456789-") ==
			    strlen(r->name));
		assert_ptr_equal(wv_rules_find(r->name, strlen(r->name)), r);
		assert_true(r->where[0] && r->says[0]);
		/* the loader's message names where; it must fit */
		assert_true(strlen(r->where) <= 48);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(wv_rules_at(j)->name, r->name);
		for (size_t j = 0; j < wv_wat_count(); j++)
			on += r->holds_on(wv_wat_at(j));
		assert_true(on > 0);
	}
}

/* ---- each rule, on every variant it holds on ---------------------------------- */

static void rule_proved(void **state)
{
	const struct wv_rule *r = *state;
	unsigned on = 0, failed = 0;

	for (size_t j = 0; j < wv_wat_count(); j++) {
		const struct wv_variant *v = wv_wat_at(j);
		uint64_t w;

		if (!r->holds_on(v))
			continue;
		on++;
		if (refuted((size_t)(r - wv_rules_at(0)), j, &w)) {
			report(r->name, v, w);
			failed++;
		}
	}
	assert_true(on > 0);
	assert_int_equal(failed, 0);
}

/* ---- the false rules, refuted ------------------------------------------------- */

/*
 * What lesson 9's summary and the F(a) vs E(a) note said on big-endian:
 * "every false positive sits before the first zero".
 */
static bool old_be_rule(const struct wv_rule *r, const struct wv_variant *v, uint64_t a)
{
	(void)r;
	unsigned z = zeros(v, a), fake = flags(v, a) & ~z, k = first_of(z, 8);

	return (fake & ~((1u << k) - 1)) == 0;
}

static void old_be_rule_is_false(void **state)
{
	const struct wv_variant *ppc = variant("ppc64");
	const uint8_t mem[8] = { 'a', 'b', 0, 'c', 0x01, 0, 0, 0 };
	const struct wv_rule *now = rule("be-top-flag-lies");
	unsigned be = 0;

	(void)state;
	assert_true(wv_wat_load(ppc, mem) == UINT64_C(0x6162006301000000));
	assert_false(old_be_rule(NULL, ppc, UINT64_C(0x6162006301000000)));
	assert_false(old_be_rule(NULL, ppc, UINT64_C(0x0000000000000100)));
	/* what lesson 9 says now holds there, and the false flag is harmless */
	assert_true(wv_rules_holds(now, ppc, UINT64_C(0x6162006301000000)));
	assert_true(wv_rules_holds(now, ppc, UINT64_C(0x0000000000000100)));
	for (size_t j = 0; j < wv_wat_count(); j++) {
		const struct wv_variant *v = wv_wat_at(j);
		uint64_t w;

		if (!now->holds_on(v))
			continue;
		be++;
		assert_true(counterexample(old_be_rule, NULL, v, &w));
		report("old rule 'every false positive sits before the first zero' is false",
		       v, w);
	}
	assert_true(be >= 2);
}

/* Lesson 7 used to say "byte 7 - k of C holds k" for every k. */
static bool old_mul_rule(const struct wv_rule *r, const struct wv_variant *v, uint64_t a)
{
	unsigned z = zeros(v, a), k = first_of(z, 0);

	(void)r;
	return z == 0 || ((WV_COUNT_MASKED_MUL >> 8 * (7 - k)) & 0xff) == k;
}

/* Lesson 6 used to say "bits - 1 has only the bits below bit 7 set" of the
   flags of \0abc: bits - 1 has only the bits below the lowest flag. */
static bool old_minus_one_rule(const struct wv_rule *r, const struct wv_variant *v, uint64_t a)
{
	uint64_t data, bits = v->has_zero(a, &data);

	(void)r;
	return bits == 0 || (bits - 1) == (bits & (~bits + 1)) - 1;
}

static void old_rules_are_false(void **state)
{
	const uint8_t seven[8] = "abcdefg", zabc[8] = "\0abc";
	const struct wv_rule *mul = rule("mul-top-byte"), *below = rule("below-lowest-bit");
	unsigned n = 0;

	(void)state;
	for (size_t j = 0; j < wv_wat_count(); j++) {
		const struct wv_variant *v = wv_wat_at(j);
		uint64_t w;

		if (mul->holds_on(v)) {
			assert_false(old_mul_rule(NULL, v, wv_wat_load(v, seven)));
			assert_true(wv_rules_holds(mul, v, wv_wat_load(v, seven)));
			assert_true(counterexample(old_mul_rule, NULL, v, &w));
			assert_int_equal(first_of(zeros(v, w), 8), 7);
			n++;
		}
		if (below->holds_on(v) && v->hz_kind == WV_HZ_CHEAP) {
			if (v->bits == 64)	/* the flags of 00 61 62 63 00 00 00 00 */
				assert_false(old_minus_one_rule(NULL, v, wv_wat_load(v, zabc)));
			assert_true(wv_rules_holds(below, v, wv_wat_load(v, zabc)));
			assert_true(counterexample(old_minus_one_rule, NULL, v, &w));
			n++;
		}
	}
	assert_true(n >= 3);
}

/*
 * holds_on is what keeps a rule off the variants where it is false: each of
 * these is refuted on a variant it does not hold on.
 */
static void holds_on_matters(void **state)
{
	static const struct {
		const char *rule, *variant;
	} off[] = {
		{ "false-flags-above-zero", "ppc64" },	/* a\x01\0: before */
		{ "find-zero-lowest-flag", "ppc64" },	/* clz uses the top flag */
		{ "exact-mask", "x86-64" },		/* the cheap flags lie */
		{ "be-top-flag-lies", "x86-64" },
		{ "byte-mask", "ppc64le" },		/* a bit count */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		const struct wv_rule *r = rule(off[i].rule);
		const struct wv_variant *v = variant(off[i].variant);
		uint64_t w;

		assert_false(r->holds_on(v));
		assert_true(counterexample(rule_claim, r, v, &w));
	}
}

/* ---- the loader ------------------------------------------------------------------- */

static int load(const char *text, struct wv_error *e, wv_lesson **out)
{
	wv_lesson *l = NULL;
	int rc;

	memset(e, 0, sizeof(*e));
	rc = wv_lesson_parse(text, strlen(text), &l, e);
	if (out)
		*out = l;
	else if (l)
		wv_lesson_free(l);
	return rc;
}

static void loader(void **state)
{
	struct wv_error e;
	wv_lesson *l;
	char buf[WV_NARRATION_MAX];
	struct wv_trace_in in;
	struct wv_trace t;

	(void)state;
	/* a little-endian rule on a big-endian variant */
	assert_int_equal(load("title: t\narches: ppc64\n\nscene: s\nword: ab\\0cd\n"
			      "show: has_zero\n"
			      "rule: false-flags-above-zero A flag is false only above the "
			      "first zero.\n", &e, NULL), -1);
	assert_int_equal(e.line, 7);
	assert_non_null(strstr(e.msg, "rule false-flags-above-zero does not hold on ppc64"));
	assert_non_null(strstr(e.msg, "arches:"));
	/* on one variant of several, and on a scene's own arch: */
	assert_int_equal(load("title: t\narches: x86-64 x86-32 generic-be32\n\n"
			      "scene: s\nword: ab\\0cd\nshow: has_zero\n"
			      "text: first.\n"
			      "rule: false-flags-above-zero A flag is false only above the "
			      "first zero.\n", &e, NULL), -1);
	assert_int_equal(e.line, 8);
	assert_non_null(strstr(e.msg, "generic-be32"));
	assert_int_equal(load("title: t\narches: x86-64\n\nscene: s\narch: s390\n"
			      "word: ab\\0cd\nshow: has_zero\n"
			      "rule: cheap-flags The flags are the zeros.\n"
			      "scene: u\nword: a\nshow: load\n", &e, NULL), -1);
	assert_int_equal(e.line, 8);
	assert_non_null(strstr(e.msg, "s390"));

	/* where it holds the lesson loads, and the sentence is the paragraph */
	assert_int_equal(load("title: t\narches: x86-64 arm64\n\nscene: s\nword: ab\\0cd\n"
			      "show: has_zero\n"
			      "rule: false-flags-above-zero   A flag is false only above the\n"
			      "  first zero.\n", &e, &l), 0);
	const struct wv_scene *s = wv_lesson_scene(l, 0);

	assert_int_equal(s->npara, 1);
	assert_ptr_equal(s->para[0].rule, rule("false-flags-above-zero"));
	assert_int_equal(s->para[0].line, 7);
	assert_string_equal(s->para[0].text, "A flag is false only above the first zero.");
	wv_lesson_scene_input(l, 0, NULL, &in, NULL);
	assert_int_equal(wv_trace_build(&t, &in), 0);
	assert_int_equal(wv_lesson_narrate(s, &t, buf, sizeof(buf), NULL), 0);
	assert_string_equal(buf, "A flag is false only above the first zero.");
	wv_trace_free(&t);
	wv_lesson_free(l);

	/* a rule's numbers are proved, so the lint lets them through, on its
	   continuation lines too; a text:'s after it are still refused */
	assert_int_equal(load("title: t\narches: x86-32\n\nscene: s\nword: ab\\0c\n"
			      "show: find_zero\n"
			      "rule: add32-carry 0x00ff0000 + 2^(8k) has 1, 1, 2, 3\n"
			      "  in bits 23-24 for three of the four k.\n", &e, NULL), 0);
	assert_int_equal(load("title: t\narches: x86-32\n\nscene: s\nword: ab\\0c\n"
			      "show: find_zero\n"
			      "text: 0x00ff0000 + 2^(8k) has 1, 1, 2, 3.\n", &e, NULL), -1);
	assert_int_equal(e.line, 7);
	assert_int_equal(load("title: t\narches: x86-32\n\nscene: s\nword: ab\\0c\n"
			      "show: find_zero\n"
			      "rule: add32-carry Bits 23-24 hold 1, 1, 2, 3.\n"
			      "text: The index is 2.\n", &e, NULL), -1);
	assert_int_equal(e.line, 8);
	assert_non_null(strstr(e.msg, "number 2"));
	assert_int_equal(load("title: t\narches: x86-32\n\nscene: s\nword: ab\\0c\n"
			      "show: find_zero\n"
			      "rule: add32-carry Bits 23-24 hold 1, 1, 2, 3.\n"
			      "question: Is it three?\nask: find_zero\n", &e, NULL), -1);
	assert_int_equal(e.line, 8);

	/* each rule's refusal, on the longest-named variant it does not hold
	   on, fits the message whole */
	for (size_t i = 0; i < wv_rules_count(); i++) {
		const struct wv_rule *r = wv_rules_at(i);
		const struct wv_variant *off = NULL;
		char text[400];

		for (size_t j = 0; j < wv_wat_count(); j++)
			if (!r->holds_on(wv_wat_at(j)) &&
			    (!off || strlen(wv_wat_at(j)->name) > strlen(off->name)))
				off = wv_wat_at(j);
		if (!off)
			continue;
		snprintf(text, sizeof(text), "title: t\narches: %s\n\nscene: s\n"
			 "word: ab\\0cd\nshow: has_zero\nrule: %s Said.\n", off->name,
			 r->name);
		assert_int_equal(load(text, &e, NULL), -1);
		assert_int_equal(e.line, 7);
		assert_non_null(strstr(e.msg, r->name));
		assert_non_null(strstr(e.msg, "drop the rule"));
	}

	/* an unknown rule, at its column, with where to find the names */
	assert_int_equal(load("title: t\n\nscene: s\nword: ab\\0cd\nshow: has_zero\n"
			      "rule: no-such-rule Something.\n", &e, NULL), -1);
	assert_int_equal(e.line, 6);
	assert_int_equal(e.col, 7);
	assert_non_null(strstr(e.msg, "unknown rule 'no-such-rule'"));
	assert_non_null(strstr(e.msg, "lessons/README.md"));
	/* a rule without its sentence */
	assert_int_equal(load("title: t\narches: x86-64\n\nscene: s\nword: ab\\0cd\n"
			      "show: has_zero\nrule: cheap-flags\n", &e, NULL), -1);
	assert_int_equal(e.line, 7);
}

/* Every rule is stated by a shipped lesson, on variants it holds on (the
   loader checked that). */
static void lessons_state_every_rule(void **state)
{
	struct wv_lesson_file files[64];
	bool used[64] = { false };
	int n = wv_lesson_list("lessons", files, 64);

	(void)state;
	assert_true(n > 0);
	assert_true(wv_rules_count() <= 64);
	for (int f = 0; f < n; f++) {
		struct wv_error e;
		wv_lesson *l;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
			const struct wv_scene *s = wv_lesson_scene(l, i);

			for (size_t p = 0; p < s->npara; p++)
				for (size_t r = 0; s->para[p].rule && r < wv_rules_count(); r++)
					used[r] |= s->para[p].rule == wv_rules_at(r);
		}
		wv_lesson_free(l);
	}
	for (size_t r = 0; r < wv_rules_count(); r++) {
		if (!used[r])
			print_message("# no lesson states rule %s\n", wv_rules_at(r)->name);
		assert_true(used[r]);
	}
}

/* lessons/README.md's table of rules names each rule once, and no other. */
static void readme_lists_every_rule(void **state)
{
	FILE *f = fopen("lessons/README.md", "r");
	char line[512];
	unsigned seen[64] = { 0 }, rows = 0;
	bool in_rules = false;

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		size_t n = strspn(line + 3, "abcdefghijklmnopqrstuvwxyz0123456789-");
		const struct wv_rule *r;

		if (strncmp(line, "###", 3) == 0)
			in_rules = strcmp(line, "### Rules\n") == 0;
		if (!in_rules || strncmp(line, "| `", 3) != 0)
			continue;
		r = strncmp(line + 3 + n, "` |", 3) == 0 ? wv_rules_find(line + 3, n) : NULL;
		if (!r)
			print_message("# lessons/README.md names no rule: %s", line);
		assert_non_null(r);
		rows++;
		for (size_t i = 0; i < wv_rules_count(); i++)
			seen[i] += wv_rules_at(i) == r;
	}
	fclose(f);
	for (size_t i = 0; i < wv_rules_count(); i++) {
		if (seen[i] != 1)
			print_message("# lessons/README.md lists rule %s %u times\n",
				      wv_rules_at(i)->name, seen[i]);
		assert_int_equal(seen[i], 1);
	}
	assert_int_equal(rows, wv_rules_count());
}

/*
 * The step texts stating these rules (the F(a) vs E(a) note, the multiply's
 * and the add trick's reasons) fit WV_TEXT_MAX, which would cut them
 * silently: none fills it.
 */
static void step_texts_fit(void **state)
{
	static const char *const words[] = {
		"ab\0cd", "abcdefg", "abc", "\0", "\x01\0\x01", "a\x01\0bcdef",
		"ab\0c\x01", "\x01\0\x01\0\x01\0\x01",
		"\x01\x01\x01\x01\x01\x01\x01", "\x01\x01\x01",	/* every byte false */
	};
	static const size_t lens[] = { 5, 7, 3, 1, 3, 8, 5, 7, 7, 3 };

	(void)state;
	for (size_t j = 0; j < wv_wat_count(); j++)
		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			struct wv_trace_in in = { wv_wat_at(j), (const uint8_t *)words[i],
						  lens[i], 0, 0, -1, 0 };
			struct wv_trace t;

			assert_int_equal(wv_trace_build(&t, &in), 0);
			for (size_t k = 0; k < t.nsubs; k++)
				assert_true(strlen(t.subs[k].text) < WV_TEXT_MAX - 1);
			for (size_t k = 0; k < t.nsteps; k++)
				assert_true(strlen(t.steps[k].text) < WV_TEXT_MAX - 1);
			wv_trace_free(&t);
		}
}

int main(void)
{
	struct CMUnitTest tests[64] = {
		cmocka_unit_test(registry),
		cmocka_unit_test(old_be_rule_is_false),
		cmocka_unit_test(old_rules_are_false),
		cmocka_unit_test(holds_on_matters),
		cmocka_unit_test(loader),
		cmocka_unit_test(lessons_state_every_rule),
		cmocka_unit_test(readme_lists_every_rule),
		cmocka_unit_test(step_texts_fit),
	};
	size_t n = 8;

	/* one test per rule, named after it */
	for (size_t i = 0; i < wv_rules_count() && n < 64; i++)
		tests[n++] = (struct CMUnitTest){ wv_rules_at(i)->name, rule_proved, NULL,
						  NULL, (void *)wv_rules_at(i) };
	return _cmocka_run_group_tests("test_rules", tests, n, NULL, NULL);
}
