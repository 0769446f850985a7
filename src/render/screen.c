/*
 * The frame model: a grid of (character, role) cells.  Pure code: no
 * terminal, no globals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/screen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/word.h"

int wv_frame_init(struct wv_frame *f, int rows, int cols)
{
	size_t n;

	if (rows < 0)
		rows = 0;
	if (cols < 0)
		cols = 0;
	n = (size_t)rows * (size_t)cols;
	if (n > (size_t)f->rows * (size_t)f->cols || !f->cells) {
		struct wv_cell *c = realloc(f->cells, n ? n * sizeof(*c) : 1);

		if (!c) {
			free(f->cells);
			*f = (struct wv_frame){ 0 };
			return -ENOMEM;
		}
		f->cells = c;
	}
	f->rows = rows;
	f->cols = cols;
	for (size_t i = 0; i < n; i++)
		f->cells[i] = (struct wv_cell){ .ch = ' ', .role = WV_ROLE_TEXT };
	return 0;
}

void wv_frame_free(struct wv_frame *f)
{
	free(f->cells);
	*f = (struct wv_frame){ 0 };
}

struct wv_cell *wv_frame_at(struct wv_frame *f, int y, int x)
{
	if (y < 0 || x < 0 || y >= f->rows || x >= f->cols)
		return NULL;
	return &f->cells[(size_t)y * (size_t)f->cols + (size_t)x];
}

size_t wv_text_char(const char *s, uint32_t *ch)
{
	unsigned char b = (unsigned char)*s;
	size_t len;

	if (b < 0x80) {		/* ASCII, the common case */
		*ch = b >= 0x20 && b < 0x7f ? b : '?';
		return b != 0;
	}
	/* at most 4 bytes are read, and none past a NUL: it is no
	   continuation byte, so the decoder stops there */
	len = wv_word_utf8_len(s, 4, ch);
	if (len == 0 || !wv_word_is_narrow(*ch))
		*ch = '?';
	return len ? len : 1;
}

int wv_text_cols(const char *s)
{
	int cols = 0;
	uint32_t ch;

	for (size_t k; (k = wv_text_char(s, &ch)) != 0; s += k)
		cols++;
	return cols;
}

size_t wv_text_bytes(const char *s, int cols)
{
	const char *p = s;
	uint32_t ch;

	for (size_t k; cols > 0 && (k = wv_text_char(p, &ch)) != 0; cols--)
		p += k;
	return (size_t)(p - s);
}

int wv_frame_putn(struct wv_frame *f, int y, int x, enum wv_role role,
		  const char *s, size_t n)
{
	uint32_t ch;

	for (size_t i = 0, k; i < n && (k = wv_text_char(s + i, &ch)) != 0; i += k, x++) {
		struct wv_cell *c = wv_frame_at(f, y, x);

		if (c)
			*c = (struct wv_cell){ .ch = ch, .role = (unsigned char)role };
	}
	return x;
}

int wv_frame_put(struct wv_frame *f, int y, int x, enum wv_role role,
		 const char *s)
{
	return wv_frame_putn(f, y, x, role, s, SIZE_MAX);
}

int wv_frame_printf(struct wv_frame *f, int y, int x, enum wv_role role,
		    const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(buf)) {
		/* cut short: drop a character the cut split, rather than
		   draw its first bytes as '?' */
		size_t end = sizeof(buf) - 1, lead = end;
		uint32_t ch;

		while (lead > 0 && ((unsigned char)buf[lead - 1] & 0xc0) == 0x80)
			lead--;
		if (lead > 0 && (unsigned char)buf[lead - 1] >= 0xc0 &&
		    wv_word_utf8_len(buf + lead - 1, end - (lead - 1), &ch) == 0)
			buf[lead - 1] = '\0';
	}
	return wv_frame_put(f, y, x, role, buf);
}

void wv_frame_fill(struct wv_frame *f, int y, int x, int n, enum wv_role role,
		   uint32_t ch)
{
	for (int i = 0; i < n; i++) {
		struct wv_cell *c = wv_frame_at(f, y, x + i);

		if (c)
			*c = (struct wv_cell){ .ch = ch, .role = (unsigned char)role };
	}
}

void wv_frame_focus(struct wv_frame *f, int y, int x, int n)
{
	for (int i = 0; i < n; i++) {
		struct wv_cell *c = wv_frame_at(f, y, x + i);

		if (c)
			c->focus = true;
	}
}

void wv_frame_cursor(struct wv_frame *f, int y, int x, int n)
{
	for (int i = 0; i < n; i++) {
		struct wv_cell *c = wv_frame_at(f, y, x + i);

		if (c)
			c->cursor = true;
	}
}

void wv_frame_target(struct wv_frame *f, int y, int x, int n, unsigned target)
{
	for (int i = 0; i < n; i++) {
		struct wv_cell *c = wv_frame_at(f, y, x + i);

		if (c)
			c->target = target;
	}
}

unsigned wv_frame_target_at(const struct wv_frame *f, int y, int x)
{
	if (y < 0 || x < 0 || y >= f->rows || x >= f->cols || !f->cells)
		return 0;
	return f->cells[(size_t)y * (size_t)f->cols + (size_t)x].target;
}

void wv_frame_row_text(const struct wv_frame *f, int y, char *buf, size_t size)
{
	size_t n = 0;

	if (size == 0)
		return;
	if (y >= 0 && y < f->rows) {
		const struct wv_cell *row = &f->cells[(size_t)y * (size_t)f->cols];

		for (int x = 0; x < f->cols; x++) {
			char u[4];
			size_t k = wv_cell_utf8(row[x].ch, u);

			if (n + k >= size)
				break;
			memcpy(buf + n, u, k);
			n += k;
		}
	}
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

int wv_frame_find(const struct wv_frame *f, int y, const char *needle)
{
	char buf[4096];
	const char *p;
	int col = 0;

	wv_frame_row_text(f, y, buf, sizeof(buf));
	p = strstr(buf, needle);
	if (!p)
		return -1;
	/* the row is UTF-8, one character a column: count the characters */
	for (const char *q = buf; q < p; q++)
		col += ((unsigned char)*q & 0xc0) != 0x80;
	return col;
}

size_t wv_wrap_cut(const char *s, size_t width)
{
	size_t blank = 0, i = 0;
	uint32_t ch;

	/* i: the byte at column col; blank: the last blank after column 0
	   up to column width (0: none) */
	for (size_t col = 0, k; (k = wv_text_char(s + i, &ch)) != 0; col++, i += k) {
		if (col == width)
			return s[i] == ' ' || !blank ? i : blank;
		if (s[i] == ' ' && col > 0)
			blank = i;
	}
	return i;		/* all of it fits */
}

int wv_frame_fit(struct wv_frame *f, int y, int x, int width, int role, const char *text)
{
	if (width <= 0)
		return x;
	if (wv_text_cols(text) <= width)
		return wv_frame_put(f, y, x, (enum wv_role)role, text);
	wv_frame_putn(f, y, x, (enum wv_role)role, text, wv_text_bytes(text, width - 1));
	wv_frame_fill(f, y, x + width - 1, 1, (enum wv_role)role, WV_CH_CUT);
	return x + width;
}

size_t wv_cell_utf8(uint32_t ch, char out[4])
{
	if (ch < 0x80) {
		out[0] = (char)ch;
		return 1;
	}
	if (ch < 0x800) {
		out[0] = (char)(0xc0 | ch >> 6);
		out[1] = (char)(0x80 | (ch & 0x3f));
		return 2;
	}
	/* a cell is one column: nothing above U+FFFF is (wv_word_is_narrow) */
	out[0] = (char)(0xe0 | (ch >> 12 & 0x0f));
	out[1] = (char)(0x80 | (ch >> 6 & 0x3f));
	out[2] = (char)(0x80 | (ch & 0x3f));
	return 3;
}

char wv_cell_ascii(uint32_t ch)
{
	switch (ch) {
	case WV_CH_CUT:
		return WV_CUT_ASCII;
	case WV_CH_UPPER:
		return '"';
	case WV_CH_LOWER:
		return ',';
	case WV_CH_FULL:
		return '#';
	default:
		return ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
	}
}
