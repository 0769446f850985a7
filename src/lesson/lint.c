/*
 * What a lesson file's text must keep, and how the parser says it did not:
 * ls_fail (every mistake kept with its line and column) and the rules of
 * narration (ls_lint: known placeholders only, no number typed by hand but
 * the constants and spelled-out counts it may state).  Split from parse.c,
 * which calls it for every text, question and summary line.
 * May call: lesson.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lint.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/error.h"
#include "lesson/lesson.h"
#include "measure/measure.h"
#include "lesson/rules.h"
#include "try/try.h"
#include "trace/word.h"

#include "internal.h"

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int ls_fail(struct parser *p, int col, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	/* whole, for wv_error_set to fit (it shortens quoted values) */
	msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (!msg) {
		wv_error_set(p->err, p->line, col, "out of memory");
		return -1;
	}
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	wv_error_set(p->err, p->line, col, "%s", msg);
	free(msg);
	return -1;
}

/* ---- narration: placeholders and the numbers it may state ---------------- */

/* Placeholders that are not asks (those are the ask names). */
static const char *const extra_names[] = {
	"arch", "word_bytes", "word_bits", "offset", "answer_address", "nwords",
	"delim", "dcache", "zeropad", "memory", "byte_ops", "after_ops",
	"has_zero_formula", "cheap_be_variants", "cheap_le_variants",
	"exact_loop_variants", "create_forms",
};
#define NEXTRAS (sizeof(extra_names) / sizeof(extra_names[0]))

static bool placeholder_known(const char *name)
{
	for (unsigned i = 1; i < NASKS && i != WV_ASK_BUILD; i++)
		if (strcmp(name, ls_asks[i].name) == 0)
			return true;
	for (unsigned i = 0; i < NEXTRAS; i++)
		if (strcmp(name, extra_names[i]) == 0)
			return true;
	/* a measure scene's figures ({measure_byte_4096}: measure/measure.h);
	   on a scene without measure: they have no value (check.c says so) */
	return wv_measure_placeholder(name);
}

/*
 * Hex constants narration may state: the kernel's own (ONES, HIGHS, LOW7 at
 * both widths, REPEAT_BYTE(0xfe) + 1, the multiply's and the add trick's
 * constants) and single bytes with a fixed meaning.  Anything else is a
 * value of some word and must come from the trace.
 */
static const uint64_t hex_constants[] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, /* C's bytes */
	0x2f, 0x7f, 0x80, 0xaa, 0xcc, 0xf0, 0xfe, 0xff,
	UINT64_C(0x0001020304050608), 0x00ff0001,
	0x01010101, UINT64_C(0x0101010101010101),
	0x80808080, UINT64_C(0x8080808080808080),
	0x7f7f7f7f, UINT64_C(0x7f7f7f7f7f7f7f7f),
	0xfefefeff, UINT64_C(0xfefefefefefefeff),
};

bool ls_narration_constant(uint64_t x)
{
	for (size_t k = 0; k < sizeof(hex_constants) / sizeof(hex_constants[0]); k++)
		if (x == hex_constants[k])
			return true;
	return false;
}

/* "fefe", "7f7f", ...: hex digits that are one repeated constant byte */
static bool repeated_byte(const char *h, size_t n)
{
	static const char *const bytes[] = { "01", "7f", "80", "fe", "ff" };

	if (n == 0 || n % 2)
		return false;
	for (size_t b = 0; b < 5; b++) {
		bool all = true;

		for (size_t i = 0; i < n; i += 2)
			all &= tolower((unsigned char)h[i]) == bytes[b][0] &&
			       tolower((unsigned char)h[i + 1]) == bytes[b][1];
		if (all)
			return true;
	}
	return false;
}

static const char *const spelled[] = {
	"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
	"seventeen", "eighteen", "nineteen", "twenty",
};

/* Words after which a number names a thing, not a value of the trace. */
static const char *const ref_words[] = { "bit", "bits", "lesson", "lessons" };

/* Words after which a number is an operand of a formula. */
static const char *const formula_words[] = {
	"subtract", "subtracting", "add", "adding", "by", "minus", "plus",
	"times", "multiply", "multiplying", "with",
};

static bool word_is(const char *w, size_t n, const char *const *list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (strlen(list[i]) == n && strncasecmp(w, list[i], n) == 0)
			return true;
	return false;
}

/* The word that ends just before position i of v (skipping blanks). */
static void word_before(const char *v, size_t i, const char **w, size_t *n)
{
	size_t e = i;

	while (e > 0 && v[e - 1] == ' ')
		e--;
	size_t b = e;

	while (b > 0 && isalpha((unsigned char)v[b - 1]))
		b--;
	*w = v + b;
	*n = e - b;
}

static bool is_op(char c)
{
	return c && strchr("+-*/%<>^&|()~", c) != NULL;
}

bool ls_number_named(const char *v, size_t n, size_t i, size_t e)
{
	size_t before = i, after = e, wn;
	const char *w;

	while (before > 0 && v[before - 1] == ' ')
		before--;
	while (after < n && v[after] == ' ')
		after++;
	char prev = before > 0 ? v[before - 1] : 0, next = v[after];

	word_before(v, i, &w, &wn);
	bool ident = e < n && (isalpha((unsigned char)v[e]) || v[e] == '_' ||
			       (v[e] == '.' && isdigit((unsigned char)v[e + 1])));
	bool bits = strncmp(v + e, "-bit", 4) == 0;
	bool year = e - i == 4 && (v[i] == '1' || v[i] == '2');
	/* "bit 7" names a position in the formula; "lesson 9" a lesson */
	bool bitpos = word_is(w, wn, ref_words, sizeof(ref_words) / sizeof(ref_words[0]));
	/* "byte 7 - k" is a formula; "= 2" and "byte 2" state values */
	bool formula = (is_op(prev) || is_op(next) ||
			word_is(w, wn, formula_words,
				sizeof(formula_words) / sizeof(formula_words[0]))) &&
		       prev != '=' && next != '=';

	return ident || bits || year || bitpos || formula;
}

/*
 * Check one line of narration (text, question or summary) as written, v
 * starting at column col: placeholders must be known (and are recorded in s;
 * s NULL: none allowed), and no number the trace could contradict may be
 * typed by hand.  See lessons/README.md, "Numbers in narration".  A rule:
 * paragraph's numbers are let through: they belong to a claim about every
 * word, which tests/unit/test_rules.c proves.
 */
int ls_lint(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	size_t n = strlen(v);

	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)v[i];
		int at = col + (int)i;

		if (c == '{') {
			size_t e = i + 1;
			char name[24];

			bool upper = false;

			while (e < n && (isalnum((unsigned char)v[e]) || v[e] == '_'))
				upper |= isupper((unsigned char)v[e++]) != 0;
			if (e >= n || v[e] != '}' || e == i + 1)
				return ls_fail(p, at, "'{' starts a placeholder such as "
					       "{find_zero}; it needs a name and a closing "
					       "'}'%s", "");
			snprintf(name, sizeof(name), "%.*s", (int)(e - i - 1), v + i + 1);
			for (char *ch = name; upper && *ch; ch++)
				*ch = (char)tolower((unsigned char)*ch);
			if (upper && e - i - 1 < sizeof(name) && placeholder_known(name))
				return ls_fail(p, at + 1, "unknown placeholder {%.*s}: placeholder "
					       "names are lower case; write {%s}",
					       (int)(e - i - 1), v + i + 1, name);
			if (e - i - 1 >= sizeof(name) || !placeholder_known(name))
				return ls_fail(p, at + 1, "unknown placeholder {%.*s}; "
					       "lessons/README.md lists them (the ask names, "
					       "arch, word_bytes, ...; all lower case)",
					       (int)(e - i - 1), v + i + 1);
			if (!s)
				return ls_fail(p, at, "placeholders belong in a scene's text: and "
					       "question:, not here (no trace fills them)%s", "");
			if (s->nmarks == WV_MARKS_MAX)
				return ls_fail(p, at, "more than %d placeholders in one scene",
					       WV_MARKS_MAX);
			struct wv_placeholder *m = &s->marks[s->nmarks++];

			snprintf(m->name, sizeof(m->name), "%s", name);
			m->line = p->line;
			m->col = at;
			i = e + 1;
			continue;
		}
		if (c == '}')
			return ls_fail(p, at, "'}' without a placeholder before it%s", "");
		if (p->rule_text) {
			i++;
			continue;
		}
		bool word_start = i == 0 || !(isalnum((unsigned char)v[i - 1]) ||
					      v[i - 1] == '_' || v[i - 1] == '.');

		if (c == '0' && (v[i + 1] == 'x' || v[i + 1] == 'X') && word_start &&
		    isxdigit((unsigned char)v[i + 2])) {
			size_t e = i + 2;
			bool ok = false;

			while (e < n && isxdigit((unsigned char)v[e]))
				e++;
			if (e + 1 < n && v[e] == '.' && v[e + 1] == '.') {
				/* an abbreviation such as 0xfefe..ff */
				size_t f = e + 2;

				while (f < n && isxdigit((unsigned char)v[f]))
					f++;
				ok = repeated_byte(v + i + 2, e - i - 2) &&
				     (f == e + 2 || repeated_byte(v + e + 2, f - e - 2));
				e = f;
			} else if (e - i - 2 <= 16) {
				ok = ls_narration_constant(strtoull(v + i + 2, NULL, 16));
			}
			if (!ok)
				return ls_fail(p, at, "narration states the value %.*s; a word's "
					       "value must come from the trace: write a placeholder such "
					       "as {has_zero} (see lessons/README.md)", (int)(e - i), v + i);
			i = e;
			continue;
		}
		if (isdigit(c) && word_start) {
			size_t e = i;

			while (e < n && isdigit((unsigned char)v[e]))
				e++;
			if (!ls_number_named(v, n, i, e))
				return ls_fail(p, at, "narration states the number %.*s; an "
					       "index, count or result must come from the trace: "
					       "write a placeholder such as {find_zero} (see "
					       "lessons/README.md)", (int)(e - i), v + i);
			i = e;
			continue;
		}
		if (isalpha(c) && word_start) {
			size_t e = i;

			while (e < n && isalpha((unsigned char)v[e]))
				e++;
			if (word_is(v + i, e - i, spelled, sizeof(spelled) / sizeof(spelled[0])))
				return ls_fail(p, at, "narration states the number '%.*s'; it is "
					       "true on some variants or words only: write "
					       "{word_bytes}, {length} or another placeholder",
					       (int)(e - i), v + i);
			i = e;
			continue;
		}
		i++;
	}
	return 0;
}

/* ---- a value stated in a rule (check.c's rule_value_check) ----------- */

/* The value of the hex (or decimal) digit c. */
static unsigned hex_digit(int c)
{
	return isdigit(c) ? (unsigned)(c - '0') : (unsigned)(tolower(c) - 'a' + 10);
}

/* A digit separator: '_' (as many languages write 0x8080_8000) or '\''
   (C23's 0x8080'8000) between two digits of the base. */
static bool digit_sep(const char *text, size_t e, int (*digit)(int))
{
	return (text[e] == '_' || text[e] == '\'') && e > 0 &&
	       digit((unsigned char)text[e - 1]) && digit((unsigned char)text[e + 1]);
}

/*
 * The number at text[i] in base 16 (digit isxdigit) or 10 (isdigit), its
 * separators skipped: its value into *v, its digits' count returned, the
 * index after it into *e.  More than 20 digits: *v is meaningless.
 */
static size_t read_digits(const char *text, size_t i, int (*digit)(int), unsigned base,
			  uint64_t *v, size_t *e)
{
	size_t nd = 0;

	*v = 0;
	for (*e = i; digit((unsigned char)text[*e]) || digit_sep(text, *e, digit); (*e)++) {
		int c = (unsigned char)text[*e];

		if (!digit(c))
			continue;
		*v = *v * base + hex_digit(c);
		nd++;
	}
	return nd;
}

/* A byte written as two hex digits alone ("80", "0a"), at text[i]: its value, or -1. */
static int byte_pair(const char *text, size_t i)
{
	const char *c = text + i;

	if ((i > 0 && (isalnum((unsigned char)c[-1]) || c[-1] == '_')) ||
	    !isxdigit((unsigned char)c[0]) || !isxdigit((unsigned char)c[1]) ||
	    isalnum((unsigned char)c[2]) || c[2] == '_')
		return -1;
	return (int)(hex_digit(c[0]) * 16 + hex_digit(c[1]));
}

/*
 * A run of nb bytes written as space-separated hex pairs at text[i] ("80
 * 80 00 00 ..."), equal to v's bytes from the top (the register's order)
 * or from the bottom (a little-endian memory's): true, with the run's end
 * in *e.  A run longer than nb is matched wherever nb of its pairs are.
 */
static bool states_bytes(const char *text, size_t i, uint64_t v, unsigned nb, size_t *e)
{
	int b[8];
	size_t end = i;
	unsigned k;

	for (k = 0; k < nb; k++) {
		if ((b[k] = byte_pair(text, end)) < 0)
			return false;
		end += 2;
		if (k + 1 < nb) {
			if (text[end] == ',')	/* "80, 80, 00" */
				end++;
			if (text[end] != ' ')
				return false;
			while (text[end] == ' ')
				end++;
		}
	}
	for (k = 0; k < nb && b[k] == (int)((v >> (8 * (nb - 1 - k))) & 0xff); k++)
		;
	if (k < nb)
		for (k = 0; k < nb && b[k] == (int)((v >> (8 * k)) & 0xff); k++)
			;
	*e = end;
	return k == nb;
}

/*
 * The first number of text that states value v, into *at (its index) and
 * *len: a hex number (0x..., 0X..., with '_' or '\'' between its digits, a
 * suffix such as ULL after it) that is v and not a constant narration may
 * state (narration_constant: ONES, HIGHS, 0xff, ...), or a decimal number
 * that is v and does not name a thing or stand in a formula
 * (number_named), or, where v is a word of nb bytes (nb 4 or 8; 0: a
 * count), its bytes written as hex pairs ("80 80 00 00") in the
 * register's order or in memory's.  As the parser reads narration.
 * false: none.
 */
bool ls_states_value(const char *text, uint64_t v, unsigned nb, size_t *at,
		     size_t *len)
{
	size_t n = strlen(text);

	for (size_t i = 0; i < n;) {
		size_t e = i, nd;
		uint64_t got;
		bool start = i == 0 || !(isalnum((unsigned char)text[i - 1]) ||
					 text[i - 1] == '_' || text[i - 1] == '.');

		if (start && nb && !ls_narration_constant(v) &&
		    states_bytes(text, i, v, nb, &e)) {
			*at = i;
			*len = e - i;
			return true;
		}
		if (!start || !isdigit((unsigned char)text[i])) {
			i++;
			continue;
		}
		if (text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X') &&
		    isxdigit((unsigned char)text[i + 2])) {
			nd = read_digits(text, i + 2, isxdigit, 16, &got, &e);
			if (nd <= 16 && got == v && !ls_narration_constant(v) &&
			    !(text[e] == '.' && text[e + 1] == '.')) {	/* 0xfe..ff */
				*at = i;
				*len = e - i;
				return true;
			}
		} else {
			nd = read_digits(text, i, isdigit, 10, &got, &e);
			if (nd <= 19 && got == v && !ls_number_named(text, n, i, e)) {
				*at = i;
				*len = e - i;
				return true;
			}
		}
		i = e;
	}
	return false;
}
