/*
 * The word a user types (a C string literal body) and the memory image the
 * kernel's loop walks over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace/word.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wv_hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The byte a one-character escape \c stands for, or -1 when c is not one. */
static int simple_escape(char c)
{
	switch (c) {
	case 'a': return '\a';
	case 'b': return '\b';
	case 't': return '\t';
	case 'n': return '\n';
	case 'v': return '\v';
	case 'f': return '\f';
	case 'r': return '\r';
	case 'e': return 0x1b;
	case '\\': return '\\';
	case '"': return '"';
	case '\'': return '\'';
	case '?': return '?';
	default: return -1;
	}
}

/*
 * Decode the escape starting at s[i] == '\\'.  On success stores the byte in
 * *out and returns the index just past the escape; on error fills err (col
 * of the backslash) and returns 0 (an escape is never empty).
 */
static size_t parse_escape(const char *s, size_t i, uint8_t *out,
			   struct wv_error *err)
{
	int col = (int)i + 1;
	char c = s[i + 1];
	int v;

	if (c == '\0') {
		wv_error_set(err, 1, col,
			     "backslash at the end of the word; write \\\\ for a backslash");
		return 0;
	}
	if ((v = simple_escape(c)) >= 0) {
		*out = (uint8_t)v;
		return i + 2;
	}
	if (c >= '0' && c <= '7') {
		size_t j = i + 1;
		unsigned n = 0;

		for (int k = 0; k < 3 && s[j] >= '0' && s[j] <= '7'; k++, j++)
			n = n * 8 + (unsigned)(s[j] - '0');
		if (n > 0377) {
			wv_error_set(err, 1, col,
				     "octal escape \\%.*s is larger than \\377 (255)",
				     (int)(j - i - 1), s + i + 1);
			return 0;
		}
		*out = (uint8_t)n;
		return j;
	}
	if (c == 'x') {
		int hi = wv_hex_digit(s[i + 2]);
		int lo;

		if (hi < 0) {
			wv_error_set(err, 1, col,
				     "\\x needs one or two hex digits, as in \\x0 or \\x7f");
			return 0;
		}
		lo = wv_hex_digit(s[i + 3]);
		if (lo < 0) {
			*out = (uint8_t)hi;
			return i + 3;
		}
		*out = (uint8_t)(hi * 16 + lo);
		return i + 4;
	}
	if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
		wv_error_set(err, 1, col,
			     "unknown escape: backslash before byte 0x%02x; write \\\\ for a backslash",
			     (unsigned char)c);
	else
		wv_error_set(err, 1, col,
			     "unknown escape \\%c; use \\0 \\NNN \\xHH \\a \\b \\t \\n \\v \\f \\r \\e \\\\ \\\" \\' (\\\\%c is a backslash and %c)",
			     c, c, c);
	return 0;
}

int wv_word_parse(const char *src, uint8_t *out, size_t *len,
		  struct wv_error *err)
{
	size_t n = 0;

	for (size_t i = 0; src[i];) {
		uint8_t b;
		size_t next;

		if (src[i] == '\\') {
			next = parse_escape(src, i, &b, err);
			if (next == 0)
				return -1;
		} else {
			b = (uint8_t)src[i];
			next = i + 1;
		}
		if (n == WV_WORD_MAX) {
			wv_error_set(err, 1, (int)i + 1,
				     "the word is longer than %d bytes; shorten it",
				     WV_WORD_MAX);
			return -1;
		}
		out[n++] = b;
		i = next;
	}
	*len = n;
	return 0;
}

size_t wv_word_literal(const uint8_t *word, size_t len, char *out, size_t size)
{
	static const char named[] = "0......abtnvfr";
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		uint8_t b = word[i];
		bool digit_next = i + 1 < len && word[i + 1] >= '0' && word[i + 1] <= '9';
		char piece[5];

		if (b == '\\' || b == '"')
			snprintf(piece, sizeof(piece), "\\%c", b);
		else if (b >= 0x20 && b < 0x7f)
			snprintf(piece, sizeof(piece), "%c", b);
		else if (b == 0x1b)
			snprintf(piece, sizeof(piece), "\\e");
		/* "\01" would read as octal 1: the NUL before a digit is \x00 */
		else if (b < sizeof(named) - 1 && named[b] != '.' && !(b == 0 && digit_next))
			snprintf(piece, sizeof(piece), "\\%c", named[b]);
		else
			snprintf(piece, sizeof(piece), "\\x%02x", b);
		for (const char *p = piece; *p; p++, n++)
			if (n + 1 < size)
				out[n] = *p;
	}
	if (size)
		out[n < size ? n : size - 1] = '\0';
	return n;
}

size_t wv_word_utf8_len(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	/* the smallest code point each length may encode (no overlong forms) */
	static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t len;
	uint32_t c;

	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2, c = u[0] & 0x1fu;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3, c = u[0] & 0x0fu;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4, c = u[0] & 0x07u;
	else
		return 0;	/* a continuation byte, 0xc0, 0xc1 or 0xf5.. */
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3fu);
	}
	if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

bool wv_word_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

bool wv_word_is_narrow(uint32_t cp)
{
	/* blocks of one-column characters, each assigned since Unicode 7 at
	   the latest, East Asian Width N or Na (narrow) or, for a few
	   punctuation marks, arrows and operators, A (ambiguous: one column
	   outside CJK locales, as wcwidth() counts them) */
	static const uint32_t narrow[][2] = {
		{ 0x0020, 0x007e },	/* ASCII */
		{ 0x00a0, 0x00ac },	/* Latin-1 (not U+00AD, the soft hyphen) */
		{ 0x00ae, 0x02ff },	/* Latin-1, Latin Extended-A/B, IPA, modifiers */
		{ 0x0370, 0x0377 },	/* Greek, without its unassigned holes */
		{ 0x037a, 0x037f },
		{ 0x0384, 0x038a },
		{ 0x038c, 0x038c },
		{ 0x038e, 0x03a1 },
		{ 0x03a3, 0x03ff },
		{ 0x0400, 0x0482 },	/* Cyrillic (U+0483..U+0489 combine) */
		{ 0x048a, 0x052f },	/* and Cyrillic Supplement */
		{ 0x1e00, 0x1eff },	/* Latin Extended Additional */
		{ 0x2010, 0x2027 },	/* dashes, quotes, bullets, the ellipsis */
		{ 0x2030, 0x205e },	/* per mille, primes, more punctuation */
		{ 0x20a0, 0x20bf },	/* currency signs */
		{ 0x2190, 0x21ff },	/* arrows */
		{ 0x2200, 0x22ff },	/* mathematical operators */
		{ 0x2500, 0x259f },	/* box drawing, block elements */
	};

	if (cp < 0x80)		/* the common case, first */
		return cp >= 0x20 && cp < 0x7f;
	for (size_t i = 0; i < sizeof(narrow) / sizeof(narrow[0]); i++)
		if (cp >= narrow[i][0] && cp <= narrow[i][1])
			return true;
	return false;
}

size_t wv_word_cut(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

size_t wv_word_escape(const char *s, size_t n, char *out, size_t size)
{
	size_t used = 0;

	for (size_t i = 0; i < n;) {
		uint32_t cp = 0;
		size_t len = wv_word_utf8_len(s + i, n - i, &cp);
		char hex[5];
		const char *piece = s + i;
		size_t pn = len;

		if (len == 0 || wv_word_is_control(cp)) {
			/* one byte at a time: a C1's two bytes give \xc2\x9b */
			snprintf(hex, sizeof(hex), "\\x%02x", (unsigned char)s[i]);
			piece = hex;
			pn = 4;
			len = 1;
		}
		for (size_t k = 0; k < pn; k++, used++)
			if (used + 1 < size)
				out[used] = piece[k];
		i += len;
	}
	if (size)
		out[used < size ? used : size - 1] = '\0';
	return used;
}

int wv_word_parse_byte(const char *s, uint8_t *out, struct wv_error *err)
{
	uint8_t buf[WV_WORD_MAX];
	size_t n;

	if (s[0] >= '0' && s[0] <= '9') {
		bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
		size_t i = hex ? 2 : 0;
		unsigned v = 0;

		if (hex && s[2] == '\0') {
			wv_error_set(err, 1, 3, "0x needs hex digits, as in 0x2f");
			return -1;
		}
		for (; s[i]; i++) {
			int d = hex ? wv_hex_digit(s[i]) : (s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : -1);

			if (d < 0) {
				wv_error_set(err, 1, (int)i + 1,
					     "'%c' is not a %s digit; give a byte as 47, 0x2f or one character",
					     s[i], hex ? "hex" : "decimal");
				return -1;
			}
			v = v * (hex ? 16 : 10) + (unsigned)d;
			if (v > 255) {
				wv_error_set(err, 1, 1,
					     "%s is larger than a byte (255, 0xff)", s);
				return -1;
			}
		}
		*out = (uint8_t)v;
		return 0;
	}
	if (wv_word_parse(s, buf, &n, err) < 0)
		return -1;
	if (n != 1) {
		wv_error_set(err, 1, n == 0 ? 1 : 2,
			     n == 0 ? "a byte is needed: a number (47, 0x2f) or one character"
				    : "one byte is needed, not %zu: a number (47, 0x2f) or one character",
			     n);
		return -1;
	}
	*out = buf[0];
	return 0;
}

int wv_word_image(struct wv_image *img, unsigned word_bytes,
		  const uint8_t *word, size_t len, size_t offset, uint8_t fill)
{
	size_t total;
	uint8_t *mem, *role;

	if ((word_bytes != 4 && word_bytes != 8) || offset >= word_bytes ||
	    len > WV_WORD_MAX)
		return -EINVAL;
	/* offset + word + NUL, rounded up to a whole word */
	total = (offset + len + 1 + word_bytes - 1) / word_bytes * word_bytes;
	mem = malloc(total);
	role = malloc(total);
	if (!mem || !role) {
		free(mem);
		free(role);
		return -ENOMEM;
	}
	memset(mem, fill, total);
	memset(role, WV_MEM_PRESTART, offset);
	if (len)
		memcpy(mem + offset, word, len);
	memset(role + offset, WV_MEM_STRING, len);
	mem[offset + len] = 0;
	role[offset + len] = WV_MEM_NUL;
	memset(role + offset + len + 1, WV_MEM_FILL, total - offset - len - 1);

	*img = (struct wv_image){ .mem = mem, .role = role, .len = total,
				  .offset = offset, .word_len = len,
				  .word_bytes = word_bytes, .fill = fill };
	return 0;
}

/*
 * Make room for n bytes of memory and roles; on failure the image is
 * unchanged in meaning (a buffer may be larger, len is not).
 */
static int image_grow(struct wv_image *img, size_t n)
{
	uint8_t *mem = realloc(img->mem, n), *role;

	if (!mem)
		return -ENOMEM;
	img->mem = mem;
	role = realloc(img->role, n);
	if (!role)
		return -ENOMEM;
	img->role = role;
	return 0;
}

int wv_word_image_pad(struct wv_image *img)
{
	size_t n = img->len + img->word_bytes;

	if (image_grow(img, n) != 0)
		return -ENOMEM;
	memset(img->mem + img->len, img->fill, img->word_bytes);
	memset(img->role + img->len, WV_MEM_FILL, img->word_bytes);
	img->len = n;
	return 0;
}

int wv_word_image_page(struct wv_image *img, size_t page_end)
{
	size_t n = page_end + img->word_bytes;

	if (page_end % img->word_bytes != 0 || page_end > WV_PAGE_END_MAX ||
	    page_end < img->offset + img->word_len + 1 || img->page_end ||
	    img->len > page_end)
		return -EINVAL;
	if (image_grow(img, n) != 0)
		return -ENOMEM;
	memset(img->mem + img->len, img->fill, page_end - img->len);
	memset(img->role + img->len, WV_MEM_FILL, page_end - img->len);
	memset(img->mem + page_end, 0, img->word_bytes);
	memset(img->role + page_end, WV_MEM_UNMAPPED, img->word_bytes);
	img->len = n;
	img->page_end = page_end;
	return 0;
}

int wv_word_page_why(size_t page_end, size_t offset, size_t word_len, unsigned nb,
		     const char *vname, const char *how, char *why, size_t size)
{
	size_t nul = offset + word_len;		/* the NUL's address */
	size_t first = (nul / nb + 1) * nb;	/* the first edge after it */

	if (page_end > WV_PAGE_END_MAX) {
		snprintf(why, size, "the page edge is at most %d (room for the "
			 "longest word); try %s%zu", WV_PAGE_END_MAX, how, first);
		return -1;
	}
	if (page_end % nb != 0) {
		snprintf(why, size, "a page starts on a word boundary, so it must be "
			 "a multiple of %u (%s words are %u bytes); try %s%zu", nb,
			 vname, nb, how, page_end < first ? first
			 : (page_end / nb + 1) * nb);
		return -1;
	}
	if (page_end <= nul) {
		snprintf(why, size, "the string (offset %zu, %zu byte%s) and its NUL "
			 "end at memory %zu, so the page edge must come after them; "
			 "try %s%zu", offset, word_len, word_len == 1 ? "" : "s", nul,
			 how, first);
		return -1;
	}
	return 0;
}

void wv_word_image_free(struct wv_image *img)
{
	free(img->mem);
	free(img->role);
	img->mem = NULL;
	img->role = NULL;
	img->len = 0;
}
