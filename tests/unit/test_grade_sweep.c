/*
 * The wrong-answer sweep: every question of every lesson on every variant it
 * allows, answered with the wrong values a teacher would predict, worked out
 * here from the trace's rows and byte loops (never from the grader's own
 * list): each partial value on the way, shifts off by one, byte masks with
 * and without the terminator, byte and bit indexes, memory and register
 * order, decimal and hex, every wrong option of a choice.  It reports the
 * share that gets a sentence of its own (not the bare "not it", and not the
 * "low bytes" hint, which names no mistake) and holds a floor; and no
 * sentence, hint or reason states the answer in a form the grader accepts.
 * SWEEP_SHOW=1 prints every wrong answer tried and what was said ("#S").
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "questions.h"

#include <ctype.h>
#include <string.h>

#include "app/app.h"

static struct wv_class cls;
static struct wv_app app;

/* The share the sweep must reach, in percent (40.6 before the diagnoses
   worked out from the trace; the goal was 90). */
#define FLOOR 95

enum family {
	F_PARTIAL,	/* a row of a sub-step up to the one asked */
	F_SHIFT,	/* a shift by one more or one less */
	F_MASK,		/* a byte mask one byte longer or shorter, alpha's bit */
	F_ORDER,	/* the bytes in memory order, or written short */
	F_FLAGS,	/* only the first zero flagged; the cheap and exact tests */
	F_INDEX,	/* byte and bit indexes, counts, one off */
	F_BASE,		/* decimal digits for hex, hex digits for a number */
	F_CHOICE,	/* a wrong option */
	NFAMILY
};

static const char *const family_name[NFAMILY] = {
	"partial values", "shifts by one", "masks and the terminator",
	"memory and register order", "which flags", "indexes and counts",
	"decimal and hex", "wrong options",
};

static unsigned tried[NFAMILY], named[NFAMILY];
static unsigned questions_seen, leaks;
static char first_bare[NFAMILY][400];

/* Memory byte i of word value x on v (the load order, byte by byte). */
static unsigned mem_byte(const struct wv_variant *v, uint64_t x, unsigned i)
{
	unsigned sh = v->endian == WV_LITTLE ? 8 * i : v->bits - 8 - 8 * i;

	return (unsigned)(x >> sh) & 0xff;
}

/* x with memory byte i set to b. */
static uint64_t with_byte(const struct wv_variant *v, uint64_t x, unsigned i, unsigned b)
{
	unsigned sh = v->endian == WV_LITTLE ? 8 * i : v->bits - 8 - 8 * i;

	return (x & ~(UINT64_C(0xff) << sh)) | (uint64_t)b << sh;
}

static uint64_t wmask(unsigned bits)
{
	return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
}

/* The cheap test by a byte loop: subtract 1 from each byte in register
   order (least significant first), carrying the borrow; keep 0x80 where the
   difference's top bit is set and the byte's is not. */
static uint64_t ref_cheap(unsigned bits, uint64_t x)
{
	uint64_t f = 0;
	int borrow = 0;

	for (unsigned r = 0; r < bits / 8; r++) {
		int b = (int)((x >> (8 * r)) & 0xff), d = b - 1 - borrow;

		borrow = d < 0;
		if ((d & 0x80) && !(b & 0x80))
			f |= UINT64_C(0x80) << (8 * r);
	}
	return f;
}

/* 0x80 in each byte of x that is zero. */
static uint64_t ref_exact(unsigned bits, uint64_t x)
{
	uint64_t e = 0;

	for (unsigned r = 0; r < bits / 8; r++)
		if (((x >> (8 * r)) & 0xff) == 0)
			e |= UINT64_C(0x80) << (8 * r);
	return e;
}

/* 0xff in the register bytes of memory bytes 0..n-1. */
static uint64_t ref_bytemask(const struct wv_variant *v, unsigned n)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < n; i++)
		m = with_byte(v, m, i, 0xff);
	return m;
}

/* Is x a byte mask (every byte 0x00 or 0xff)? */
static bool is_bytemask(uint64_t x, unsigned bits)
{
	for (unsigned r = 0; r < bits / 8; r++) {
		unsigned b = (unsigned)(x >> (8 * r)) & 0xff;

		if (b != 0 && b != 0xff)
			return false;
	}
	return true;
}

/* The bytes of x's low n bytes in the other order. */
static uint64_t reversed(uint64_t x, unsigned n)
{
	uint64_t y = 0;

	for (unsigned r = 0; r < n; r++)
		y |= ((x >> (8 * r)) & 0xff) << (8 * (n - 1 - r));
	return y;
}

/*
 * Does text state value ans in a form the grader reads as it?  Each run of
 * letters, digits and '_' is a token: "0x..." read as hex; for a hex answer
 * a bare run of hex digits with a digit in it, two characters or more ("ff"
 * and "a" are words, "0" is a byte's name); for a number, a run of digits.
 */
static bool states(const char *text, uint64_t ans, bool hex)
{
	for (const char *p = text; *p;) {
		const char *q = p;
		char tok[80];
		size_t n;
		uint64_t v;
		char *end;
		bool digit = false, allhex = true, alldec = true;

		if (!isalnum((unsigned char)*p)) {
			p++;
			continue;
		}
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		n = (size_t)(q - p) < sizeof(tok) - 1 ? (size_t)(q - p) : sizeof(tok) - 1;
		memcpy(tok, p, n);
		tok[n] = '\0';
		p = q;
		for (size_t i = 0; i < n; i++) {
			digit |= isdigit((unsigned char)tok[i]) != 0;
			allhex &= isxdigit((unsigned char)tok[i]) != 0;
			alldec &= isdigit((unsigned char)tok[i]) != 0;
		}
		if (n > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
			v = strtoull(tok + 2, &end, 16);
			if (*end == '\0' && v == ans)
				return true;
			continue;
		}
		if (hex && allhex && digit && n >= 2 && n <= 16 &&
		    strtoull(tok, NULL, 16) == ans)
			return true;
		if (!hex && alldec && n <= 19 && strtoull(tok, NULL, 10) == ans)
			return true;
	}
	return false;
}

/* One wrong value typed: graded wrong or asked again, and what is said. */
static void try_typed(const struct wv_scene *s, const char *what, enum family f,
		      const char *typed)
{
	const struct wv_answer *a = &cls.answer;
	bool hex = a->width != 0;
	const char *why = NULL;
	char buf[400];
	int rc = wv_lesson_check(a, typed, &why);

	if (rc == 1)
		fail_msg("%s: %s graded right", what, typed);
	tried[f]++;
	buf[0] = '\0';
	if (rc == 0)
		wv_lesson_diagnose(s, &app.trace, a, typed, buf, sizeof(buf));
	else if (why)
		snprintf(buf, sizeof(buf), "%s", why);
	if (getenv("SWEEP_SHOW"))
		printf("#S %s | %d | %s | %s\n", what, f, typed, buf);
	/* asked again with a reason of its own, or a diagnosis */
	if (buf[0] && !strstr(buf, "only the low") && !strstr(buf, "such as 0x8080") &&
	    !strstr(buf, "such as 3"))
		named[f]++;
	else if (!first_bare[f][0])
		snprintf(first_bare[f], sizeof(first_bare[f]), "%s: typed %s: \"%.200s\"",
			 what, typed, buf);
	if (states(buf, a->value, hex)) {
		leaks++;
		print_message("# %s: typed %s: \"%s\" states the answer\n", what, typed, buf);
	}
}

/* A wrong value v: typed as the form reads it (hex with 0x, a number). */
static void try_value(const struct wv_scene *s, const char *what, enum family f,
		      uint64_t v, uint64_t *seen, unsigned *nseen)
{
	const struct wv_answer *a = &cls.answer;
	char typed[40];

	if (v == a->value || (a->width && a->width < 64 && v > wmask(a->width)))
		return;
	for (unsigned i = 0; i < *nseen; i++)
		if (seen[i] == v)
			return;
	if (*nseen < 256)
		seen[(*nseen)++] = v;
	if (a->form == WV_FORM_CHOICE)
		return;		/* only its options can be typed */
	if (a->width)
		snprintf(typed, sizeof(typed), "0x%llx", (unsigned long long)v);
	else
		snprintf(typed, sizeof(typed), "%llu", (unsigned long long)v);
	try_typed(s, what, f, typed);
}

/* Every row up to sub-step last (of the steps on word w and the last word)
   with a value of the answer's kind. */
static void partials(const struct wv_scene *s, const char *what, size_t w, size_t last,
		     uint64_t *seen, unsigned *nseen)
{
	const struct wv_trace *t = &app.trace;

	for (size_t k = 0; k <= last && k < t->nsubs; k++) {
		const struct wv_substep *sub = &t->subs[k];
		size_t sw = t->steps[sub->step].word;

		if (sw != w && sw != t->nwords - 1)
			continue;
		for (unsigned r = 0; r < sub->nrows; r++) {
			const struct wv_row *row = &sub->rows[r];

			if (row->kind == WV_ROW_CONST || row->kind == WV_ROW_PARTIAL ||
			    (row->width == 0) != (cls.answer.width == 0))
				continue;
			try_value(s, what, F_PARTIAL, row->value, seen, nseen);
		}
	}
}

static void sweep_one(size_t scene, const char *what, void *ctx)
{
	const struct wv_trace *t = &app.trace;
	const struct wv_variant *v = t->v;
	const struct wv_scene *s = wv_lesson_scene(cls.lesson, scene);
	const struct wv_answer *a = &cls.answer;
	size_t q = wv_lesson_quiz_sub(s, t);
	size_t w = q < t->nsubs ? t->steps[t->subs[q].step].word : t->nwords - 1;
	const struct wv_word *wd = &t->words[w];
	unsigned bits = v->bits, nb = bits / 8, k = t->scan.find_zero;
	unsigned width = a->width ? a->width : 64;
	uint64_t ans = a->value, seen[256];
	unsigned nseen = 0;
	char typed[40];

	(void)ctx;
	if (a->form == WV_FORM_FORMULA)
		return;
	questions_seen++;
	/* the hint: there, and never the answer */
	if (!a->hint[0])
		fail_msg("%s: no hint", what);
	if (states(a->hint, a->value, a->width != 0)) {
		leaks++;
		print_message("# %s: the hint \"%s\" states the answer\n", what, a->hint);
	}
	/* every wrong option, by its letter */
	if (a->form == WV_FORM_CHOICE)
		for (unsigned i = 0; i < a->nchoices; i++)
			if (i != a->right) {
				snprintf(typed, sizeof(typed), "%c", 'a' + i);
				try_typed(s, what, F_CHOICE, typed);
			}
	partials(s, what, w, q, seen, &nseen);
	if (a->width) {
		uint64_t m = wmask(width);
		unsigned sig = 0, low0 = 0, z = nb;

		/* shifts by one bit and by one byte, both ways */
		try_value(s, what, F_SHIFT, (ans << 1) & m, seen, &nseen);
		try_value(s, what, F_SHIFT, ans >> 1, seen, &nseen);
		/* the shown shift by one more and one less */
		for (size_t j = 0; q < t->nsubs && j < t->subs[q].nrows; j++) {
			const struct wv_substep *sub = &t->subs[q];
			uint64_t x = sub->rows[j].value;

			if (sub->op != WV_OP_SHR || sub->rows[j].kind != WV_ROW_INPUT ||
			    sub->rows[j].width == 0)
				continue;
			for (unsigned n = 1; n < 63; n++)
				if ((x >> n) == ans) {
					try_value(s, what, F_SHIFT, x >> (n + 1), seen, &nseen);
					try_value(s, what, F_SHIFT, x >> (n - 1), seen, &nseen);
					break;
				}
		}
		/* a byte mask asked (create_zero_mask's or zero_bytemask's):
		   one byte more (the terminator's) and one less; alpha's extra
		   bit, with and without */
		if (q < t->nsubs && (t->steps[t->subs[q].step].kind == WV_STEP_CREATE ||
				     t->steps[t->subs[q].step].kind == WV_STEP_ZBM) &&
		    (is_bytemask(ans, width) ||
		     ans == (ref_bytemask(v, k) | UINT64_C(1) << (8 * k)))) {
			try_value(s, what, F_MASK, ref_bytemask(v, k), seen, &nseen);
			if (k + 1 <= nb)
				try_value(s, what, F_MASK, ref_bytemask(v, k + 1), seen, &nseen);
			if (k >= 1)
				try_value(s, what, F_MASK, ref_bytemask(v, k - 1), seen, &nseen);
			/* the word kept under it, for the mask */
			try_value(s, what, F_MASK, wd->value & ans, seen, &nseen);
		}
		/* memory order for register order: all bytes reversed, and the
		   significant bytes written short */
		for (unsigned r = 0; r < width / 8; r++)
			if ((ans >> (8 * r)) & 0xff)
				sig = r + 1;
		for (unsigned r = 0; r < width / 8 && !((ans >> (8 * r)) & 0xff); r++)
			low0 = r + 1;
		if (width >= 32) {
			try_value(s, what, F_ORDER, reversed(ans, width / 8), seen, &nseen);
			if (sig >= 2)
				try_value(s, what, F_ORDER, reversed(ans, sig), seen, &nseen);
			if (low0 && low0 < width / 8)
				try_value(s, what, F_ORDER, ans >> (8 * low0), seen, &nseen);
		}
		/* a mask of flags: only the first zero's flag, the cheap and the
		   exact test of the word */
		if (width >= 32 && (ans & ~(ans & (UINT64_C(0x80) * (m / 0xff)))) == 0 && ans) {
			for (unsigned i = 0; i < nb && z == nb; i++)
				if (mem_byte(v, wd->value, i) == 0)
					z = i;
			if (z < nb)
				try_value(s, what, F_FLAGS, with_byte(v, 0, z, 0x80), seen, &nseen);
			try_value(s, what, F_FLAGS, ref_cheap(bits, wd->value), seen, &nseen);
			try_value(s, what, F_FLAGS, ref_exact(bits, wd->value), seen, &nseen);
		}
		/* the answer's decimal digits */
		if (ans >= 10) {
			snprintf(typed, sizeof(typed), "%llu", (unsigned long long)ans);
			if (a->form != WV_FORM_CHOICE)
				try_typed(s, what, F_BASE, typed);
		}
	} else {
		/* one off, bytes for bits and bits for bytes */
		try_value(s, what, F_INDEX, ans + 1, seen, &nseen);
		if (ans)
			try_value(s, what, F_INDEX, ans - 1, seen, &nseen);
		try_value(s, what, F_INDEX, k, seen, &nseen);
		try_value(s, what, F_INDEX, 8 * ans, seen, &nseen);
		try_value(s, what, F_INDEX, ans / 8, seen, &nseen);
		try_value(s, what, F_INDEX, 8 * k, seen, &nseen);
		try_value(s, what, F_INDEX, 8 * k + 7, seen, &nseen);
		/* a bit index counted from the other end */
		if (ans < bits && q < t->nsubs && (t->subs[q].op == WV_OP_CLZ ||
						   t->subs[q].op == WV_OP_CTZ))
			try_value(s, what, F_INDEX, bits - 1 - ans, seen, &nseen);
		/* the answer's hex digits, read as a decimal number */
		snprintf(typed, sizeof(typed), "%llx", (unsigned long long)ans);
		if (ans >= 10 && strspn(typed, "0123456789") == strlen(typed) &&
		    a->form != WV_FORM_CHOICE)
			try_typed(s, what, F_BASE, typed);
	}
}

static void test_sweep(void **state)
{
	unsigned all = 0, good = 0;

	(void)state;
	each_question(&cls, &app, sweep_one, NULL);
	for (int f = 0; f < NFAMILY; f++) {
		all += tried[f];
		good += named[f];
		printf("# %-26s %4u of %4u named (%u%%)\n", family_name[f], named[f],
		       tried[f], tried[f] ? 100 * named[f] / tried[f] : 100);
		if (first_bare[f][0] && named[f] < tried[f])
			printf("#   e.g. %s\n", first_bare[f]);
	}
	printf("# sweep: %u questions, %u wrong answers, %u named: %u.%u%%\n",
	       questions_seen, all, good, all ? 100 * good / all : 0,
	       all ? 1000 * good / all % 10 : 0);
	assert_true(all > 1000);
	assert_int_equal(leaks, 0);
	assert_true(100 * good >= FLOOR * all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sweep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
