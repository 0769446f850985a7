/*
 * For the tests of the grader's sentences: does a sentence state a value
 * in a form the grader would read as it?  Include after testutil.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TEST_STATES_H
#define WATVIZ_TEST_STATES_H

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Does text state value ans in a form the grader reads as it?  Each run of
 * letters, digits and '_' is a token: "0x..." read as hex; for a hex answer
 * a bare run of hex digits with a digit in it, two characters or more ("ff"
 * and "a" are words, "0" is a byte's name); for a number, a run of digits.
 */
static inline bool states(const char *text, uint64_t ans, bool hex)
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

#endif /* WATVIZ_TEST_STATES_H */
