/*
 * The frame model: a grid of (character, role) cells.  Pure code: no
 * terminal, no globals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/screen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int wv_frame_put(struct wv_frame *f, int y, int x, enum wv_role role,
		 const char *s)
{
	for (; *s; s++, x++) {
		struct wv_cell *c = wv_frame_at(f, y, x);
		unsigned char ch = (unsigned char)*s;

		if (c)
			*c = (struct wv_cell){
				.ch = ch >= 0x20 && ch < 0x7f ? (char)ch : '?',
				.role = (unsigned char)role };
	}
	return x;
}

int wv_frame_printf(struct wv_frame *f, int y, int x, enum wv_role role,
		    const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return wv_frame_put(f, y, x, role, buf);
}

void wv_frame_fill(struct wv_frame *f, int y, int x, int n, enum wv_role role,
		   char ch)
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
			const char *u = wv_cell_utf8(row[x].ch);

			if (u) {
				if (n + strlen(u) + 1 > size)
					break;
				memcpy(buf + n, u, strlen(u));
				n += strlen(u);
				continue;
			}
			if (n + 1 >= size)
				break;
			buf[n++] = row[x].ch;
		}
	}
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
}

int wv_frame_find(const struct wv_frame *f, int y, const char *needle)
{
	char buf[1024];
	const char *p;

	wv_frame_row_text(f, y, buf, sizeof(buf));
	p = strstr(buf, needle);
	return p ? (int)(p - buf) : -1;
}

size_t wv_wrap_cut(const char *s, size_t width)
{
	size_t n = strlen(s), cut = width;

	if (n <= width)
		return n;
	while (cut > 0 && s[cut] != ' ')
		cut--;
	return cut ? cut : width;
}

int wv_frame_fit(struct wv_frame *f, int y, int x, int width, int role, const char *text)
{
	int n = (int)strlen(text);

	if (width <= 0)
		return x;
	if (n <= width)
		return wv_frame_put(f, y, x, (enum wv_role)role, text);
	wv_frame_printf(f, y, x, (enum wv_role)role, "%.*s", width - 1, text);
	wv_frame_fill(f, y, x + width - 1, 1, (enum wv_role)role, WV_CH_CUT);
	return x + width;
}

const char *wv_cell_utf8(char ch)
{
	switch (ch) {
	case WV_CH_CUT:
		return WV_CUT_UTF8;
	case WV_CH_UPPER:
		return "\xe2\x96\x80";
	case WV_CH_LOWER:
		return "\xe2\x96\x84";
	case WV_CH_FULL:
		return "\xe2\x96\x88";
	default:
		return NULL;
	}
}
