/*
 * struct wv_error: the one way parsers report a problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "expr/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUOTE_KEEP 24	/* bytes of a long quoted value kept, at least */

/* Is s[i] a quote that opens (after a blank, '(' or the start) or closes
   (before a blank, punctuation or the end) a quoted value, unlike the
   apostrophe of "zero's"? */
static bool opens(const char *s, size_t i)
{
	return s[i] == '\'' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(');
}

static bool closes(const char *s, size_t i)
{
	return s[i] == '\'' && !isalnum((unsigned char)s[i + 1]);
}

/* The longest quoted value of s into [*from, *to) (between its quotes);
   false when there is none longer than QUOTE_KEEP. */
static bool longest_quote(const char *s, size_t *from, size_t *to)
{
	size_t best = QUOTE_KEEP;
	bool found = false;

	for (size_t i = 0; s[i]; i++) {
		if (!opens(s, i))
			continue;
		for (size_t j = i + 1; s[j]; j++)
			if (closes(s, j)) {
				if (j - i - 1 > best) {
					best = j - i - 1;
					*from = i + 1;
					*to = j;
					found = true;
				}
				i = j;
				break;
			}
	}
	return found;
}

/*
 * Make s (len bytes) fit size bytes: the longest quoted values (a scene
 * title, a word as typed) lose their middle to "...", one after another,
 * so the sentence around them, which says what to change, stays whole.
 * Only a message with no quoted value long enough is cut at its end.
 */
static void fit(char *s, size_t len, size_t size)
{
	size_t from, to;

	while (len >= size && longest_quote(s, &from, &to)) {
		size_t over = len - (size - 1) + 3, n = to - from;
		size_t keep = n > over + QUOTE_KEEP ? n - over : QUOTE_KEEP;
		size_t head = keep / 2, tail = from + n - (keep - head);

		if (n - keep <= 3)	/* "..." would take as much as it saves */
			break;

		/* cut between characters, not inside one's UTF-8 bytes */
		while (head > 0 && ((unsigned char)s[from + head] & 0xc0) == 0x80)
			head--;
		while (tail < to && ((unsigned char)s[tail] & 0xc0) == 0x80)
			tail++;
		memcpy(s + from + head, "...", 3);
		memmove(s + from + head + 3, s + tail, len - tail + 1);
		len = strlen(s);
	}
	if (len >= size)
		s[size - 1] = '\0';
}

void wv_error_set(struct wv_error *e, int line, int col, const char *fmt, ...)
{
	va_list ap, again;
	char *all;
	int n;

	if (!e)
		return;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	va_copy(again, ap);
	n = vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	/* too long: written whole, then its quoted values shortened */
	if (n >= (int)sizeof(e->msg) && (all = malloc((size_t)n + 1)) != NULL) {
		vsnprintf(all, (size_t)n + 1, fmt, again);
		fit(all, (size_t)n, sizeof(e->msg));
		memcpy(e->msg, all, strlen(all) + 1);
		free(all);
	}
	va_end(again);
}
