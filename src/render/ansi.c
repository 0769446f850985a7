/*
 * Frames as ANSI terminal output, and asciicast v2 lines (render/ansi.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/ansi.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "render/theme.h"
#include "trace/word.h"


void wv_ansi_init(struct wv_ansi *a, bool color, bool present)
{
	*a = (struct wv_ansi){ .color = color, .present = present };
}

void wv_ansi_free(struct wv_ansi *a)
{
	wv_frame_free(&a->prev);
}

void wv_ansi_theme(struct wv_ansi *a, enum wv_theme theme)
{
	if (theme != a->theme)
		wv_frame_free(&a->prev);	/* every cell again */
	a->theme = theme;
}

/* The SGR sequence that draws cell c, from a reset. */
static void sgr(const struct wv_ansi *a, FILE *out, const struct wv_cell *c)
{
	const struct wv_look *l = wv_theme_look(c->role, a->present, a->theme);
	unsigned attr;

	if (!l)
		l = wv_theme_look(WV_ROLE_TEXT, a->present, a->theme);
	attr = (a->color ? l->color_attr : l->mono_attr) |
	       (c->focus ? WV_LOOK_REVERSE : 0);
	fputs("\033[0", out);
	if (attr & WV_LOOK_BOLD)
		fputs(";1", out);
	if (attr & WV_LOOK_DIM)
		fputs(";2", out);
	if (attr & WV_LOOK_UNDERLINE)
		fputs(";4", out);
	if (attr & WV_LOOK_REVERSE)
		fputs(";7", out);
	if (a->color && l->fg >= 0)
		fprintf(out, ";3%d", l->fg);
	if (a->color && l->bg >= 0)
		fprintf(out, ";4%d", l->bg);
	fputc('m', out);
}

static bool same(const struct wv_cell *x, const struct wv_cell *y)
{
	return x->ch == y->ch && x->role == y->role && x->focus == y->focus;
}

int wv_ansi_frame(struct wv_ansi *a, FILE *out, const struct wv_frame *f)
{
	bool whole = a->prev.rows != f->rows || a->prev.cols != f->cols ||
		     !a->prev.cells;
	const struct wv_cell *cur = NULL;	/* the attributes in force */
	bool wrote = false;

	if (whole)
		fputs("\033[?25l\033[0m\033[H\033[2J", out);
	for (int y = 0; y < f->rows; y++) {
		const struct wv_cell *row = &f->cells[(size_t)y * (size_t)f->cols];
		const struct wv_cell *old = whole ? NULL
					  : &a->prev.cells[(size_t)y * (size_t)f->cols];
		int first = 0, last = f->cols - 1;

		if (y == f->rows - 1)
			last--;		/* never the bottom-right cell */
		while (old && first <= last && same(&row[first], &old[first]))
			first++;
		while (old && last >= first && same(&row[last], &old[last]))
			last--;
		if (first > last)
			continue;
		fprintf(out, "\033[%d;%dH", y + 1, first + 1);
		for (int x = first; x <= last; x++) {
			if (!cur || cur->role != row[x].role || cur->focus != row[x].focus)
				sgr(a, out, &row[x]);
			cur = &row[x];
			if (row[x].ch < 0x80) {
				fputc((int)row[x].ch, out);
			} else {
				char u[4];
				size_t n = wv_cell_utf8(row[x].ch, u);

				fwrite(u, 1, n, out);
			}
		}
		wrote = true;
	}
	if (wrote)
		fputs("\033[0m", out);
	if (wv_frame_init(&a->prev, f->rows, f->cols) < 0)
		return -ENOMEM;
	memcpy(a->prev.cells, f->cells,
	       (size_t)f->rows * (size_t)f->cols * sizeof(*f->cells));
	return ferror(out) ? -EIO : 0;
}

/* data[0..len) as a JSON string; a byte that is not UTF-8 (a word's raw
   byte, a sequence cut short) as U+FFFD, so the file stays UTF-8 as JSON
   and asciicast players require. */
static void json_bytes(FILE *out, const char *data, size_t len)
{
	fputc('"', out);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)data[i];
		uint32_t cp;
		size_t k;

		if (c >= 0x80) {
			k = wv_word_utf8_len(data + i, len - i, &cp);
			if (k)
				fwrite(data + i, 1, k, out);
			else
				fputs("\\ufffd", out);
			i += k ? k : 1;
			continue;
		}
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\r')
			fputs("\\r", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
		i++;
	}
	fputc('"', out);
}

int wv_asciicast_header(FILE *out, int cols, int rows, const char *title)
{
	fprintf(out, "{\"version\": 2, \"width\": %d, \"height\": %d", cols, rows);
	if (title) {
		fputs(", \"title\": ", out);
		json_bytes(out, title, strlen(title));
	}
	fputs(", \"env\": {\"TERM\": \"xterm-256color\"}}\n", out);
	return ferror(out) ? -EIO : 0;
}

int wv_asciicast_event(FILE *out, unsigned long ms, char code, const char *data,
		       size_t len)
{
	fprintf(out, "[%lu.%03lu, \"%c\", ", ms / 1000, ms % 1000, code);
	json_bytes(out, data, len);
	fputs("]\n", out);
	return ferror(out) ? -EIO : 0;
}
