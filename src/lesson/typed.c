/*
 * Reading what the class typed: a number in hex or decimal, why text is
 * not one, and whether it is the answer wv_lesson_answer computed (with
 * what a wrong one would have meant, from wrong.c).  Split from grade.c,
 * which computes the answers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "grade.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lesson/lesson.h"
#include "watviz/wordops.h"

#include "internal.h"

/* Why typed text is not a number: none, nothing typed, a character that is
   no digit (*bad points at it), more digits than a 64-bit word holds. */
enum read_fail { READ_OK, READ_EMPTY, READ_BAD, READ_WIDE };

/*
 * Read a number in hex (0x optional when hex) or decimal, ignoring ' ', '\t'
 * and '_'; leading zeros never count against the width.
 */
static enum read_fail read_number(const char *s, bool hex, uint64_t *v, const char **bad)
{
	unsigned digits = 0;
	uint64_t x = 0;
	bool any = false;

	s += strspn(s, " \t");
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = true;
		s += 2;
	}
	for (; *s; s++) {
		int d = hex ? wv_hex_digit((unsigned char)*s) :
			isdigit((unsigned char)*s) ? *s - '0' : -1;

		if (*s == ' ' || *s == '_' || *s == '\t')
			continue;
		if (d < 0) {
			*bad = s;
			return READ_BAD;
		}
		any = true;
		if (x == 0 && d == 0)
			continue;	/* a leading zero */
		if (++digits > 16 && hex)
			return READ_WIDE;
		if (!hex && x > (UINT64_MAX - (uint64_t)d) / 10)
			return READ_WIDE;
		x = hex ? x << 4 | (uint64_t)d : x * 10 + (uint64_t)d;
	}
	if (!any)
		return READ_EMPTY;
	*v = x;
	return READ_OK;
}

/* Is s digits 0-9 only (with ' ', '\t', '_'), at least one? */
bool ls_decimal_digits(const char *s)
{
	bool any = false;

	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '_')
			continue;
		if (!isdigit((unsigned char)*s))
			return false;
		any = true;
	}
	return any;
}

/* What is wrong with text that read_number refused, into buf. */
static void unreadable_why(enum read_fail f, const char *bad, bool hex, char *buf, size_t size)
{
	const char *kind = hex ? "hex digit" : "digit";
	uint32_t cp = 0;
	size_t len;

	if (f == READ_WIDE) {
		snprintf(buf, size, hex ? "too wide: a 64-bit word holds 16 hex digits"
					: "too large: more than a 64-bit word holds");
		return;
	}
	if (f == READ_EMPTY || !bad) {
		snprintf(buf, size, hex ? "type a hex value, such as 0x8080"
					: "type a number, such as 3");
		return;
	}
	len = wv_word_utf8_len(bad, strlen(bad), &cp);
	if ((unsigned char)*bad >= 0x80 && len > 1)
		snprintf(buf, size, "U+%04X is not a %s: type %s", (unsigned)cp, kind,
			 hex ? "a hex value, such as 0x8080" : "a number, such as 3");
	else if (isprint((unsigned char)*bad))
		snprintf(buf, size, "'%c' is not a %s: type %s", *bad, kind,
			 hex ? "a hex value, such as 0x8080" : "a number, such as 3");
	else
		snprintf(buf, size, "byte \\x%02x is not a %s: type %s", (unsigned char)*bad,
			 kind, hex ? "a hex value, such as 0x8080" : "a number, such as 3");
}

int wv_lesson_typed_value(const struct wv_answer *a, const char *typed, uint64_t *v)
{
	const char *s = typed + strspn(typed, " \t"), *bad = NULL;

	if (a->form == WV_FORM_CHOICE &&
	    ((*s >= 'a' && *s < 'a' + (int)a->nchoices) ||
	     (*s >= 'A' && *s < 'A' + (int)a->nchoices)) &&
	    s[1 + strspn(s + 1, " \t).")] == 0) {
		*v = a->choices[tolower((unsigned char)*s) - 'a'];
		return 0;
	}
	return read_number(s, a->form == WV_FORM_HEX ||
			   (a->form == WV_FORM_CHOICE && a->width != 0), v, &bad) == READ_OK
	       ? 0 : -1;
}

/*
 * Typed text that is no answer to a, with the reason in buf: it cannot be
 * read, it is wider than the value asked, or its digits (0-9 only) are the
 * right value in decimal where hex is asked, which is asked again rather
 * than counted.  Not the other way: digits typed for a count read as hex
 * would name the answer to a wrong guess ("17" for 23).  Returns true with
 * buf written.
 */
static bool not_an_answer(const struct wv_answer *a, const char *typed, bool hex,
			  char *buf, size_t size)
{
	const char *bad = NULL;
	uint64_t v = 0, other = 0;
	enum read_fail f = read_number(typed, hex, &v, &bad);
	bool plain = ls_decimal_digits(typed);

	if (hex && plain && read_number(typed, false, &other, &bad) == READ_OK &&
	    other == a->value && (f != READ_OK || v != a->value)) {
		snprintf(buf, size, "that is the right value in decimal; this question "
			 "takes hex");
		return true;
	}
	if (f == READ_WIDE && hex && plain) {
		snprintf(buf, size, "too wide for hex: a 64-bit word holds 16 hex digits; "
			 "this question takes hex, not decimal");
		return true;
	}
	if (f != READ_OK) {
		unreadable_why(f, bad, hex, buf, size);
		return true;
	}
	if (hex && a->width && a->width < 64 && v > wv_wmask(a->width)) {
		snprintf(buf, size, "too wide: the value asked has %u bits", a->width);
		return true;
	}
	return false;
}

int wv_lesson_check(const struct wv_answer *a, const char *typed, const char **why)
{
	static char reason[96];
	const char *s = typed + strspn(typed, " \t");
	bool hex = a->form == WV_FORM_HEX || (a->form == WV_FORM_CHOICE && a->width);
	uint64_t v;

	if (why)
		*why = NULL;
	if (a->form == WV_FORM_CHOICE) {
		snprintf(reason, sizeof(reason), "choose one of a) to %c)",
			 'a' + (a->nchoices ? a->nchoices - 1 : 0));
		if (((*s >= 'a' && *s < 'a' + (int)a->nchoices) ||
		     (*s >= 'A' && *s < 'A' + (int)a->nchoices)) &&
		    s[1 + strspn(s + 1, " \t).")] == 0)
			return (unsigned)(tolower((unsigned char)*s) - 'a') == a->right;
		/* a letter past the options is not a hex digit typed here: it
		   is asked again, as a value that is none of the options is */
		if (!(isalpha((unsigned char)*s) && s[1 + strspn(s + 1, " \t).")] == 0) &&
		    wv_lesson_typed_value(a, s, &v) == 0)
			for (unsigned i = 0; i < a->nchoices; i++)
				if (a->choices[i] == v)
					return v == a->value;
		/* the right option's value in decimal: say so */
		if (hex && ls_decimal_digits(s))
			not_an_answer(a, s, hex, reason, sizeof(reason));
		if (why)
			*why = reason;
		return -1;
	}
	if (not_an_answer(a, s, hex, reason, sizeof(reason))) {
		if (why)
			*why = reason;
		return -1;
	}
	wv_lesson_typed_value(a, s, &v);
	return v == a->value;
}
