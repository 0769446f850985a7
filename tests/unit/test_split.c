/*
 * The split view traces its second variant on the first one's memory: the
 * same string at the same address, each word it loads holding the bytes the
 * first trace's memory holds there (issue 46).  Where that cannot be drawn
 * (the start lies past the second variant's first word, a page edge off its
 * word grid) the split is refused with a message that says so.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "app/classroom.h"
#include "app/lessonview.h"
#include "render/html.h"
#include "lesson/lesson.h"
#include "render/screen.h"
#include "trace/trace.h"
#include "app/view.h"

static const uint8_t word[] = { 'a', 'b' };

/*
 * Every byte each word of u loaded, against t's memory at its address: the
 * same byte where t's image has one (and is mapped), the fill byte past it.
 */
static void same_memory(const struct wv_trace *t, const struct wv_trace *u,
			const char *what)
{
	assert_int_equal(u->img.offset, t->img.offset);
	for (size_t w = 0; w < u->nwords; w++) {
		const struct wv_word *wd = &u->words[w];

		for (unsigned r = 0; r < u->word_bytes; r++) {
			size_t at = wd->address + u->reg_to_mem[r];
			unsigned got = (unsigned)(wd->loaded >> (8 * r)) & 0xff;
			unsigned want = at < t->img.len ? t->img.mem[at] : t->in.fill;

			if (wd->zeropad || (at < t->img.len &&
					    t->img.role[at] == WV_MEM_UNMAPPED))
				continue;	/* no memory there */
			if (got != want)
				fail_msg("%s: %s's word %zu loads 0x%02x at memory "
					 "%zu, where %s has 0x%02x", what, u->v->name,
					 w, got, at, t->v->name, want);
		}
	}
}

/* Every pair of variants, every offset: drawn on one memory, or refused. */
static void test_split_same_memory(void **state)
{
	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		for (size_t j = 0; j < wv_wat_count(); j++) {
			const struct wv_variant *v = wv_wat_at(i), *s = wv_wat_at(j);

			for (size_t off = 0; off < wv_wat_bytes(v); off++) {
				struct wv_app app;
				char what[80];

				snprintf(what, sizeof(what), "%s at offset %zu, split %s",
					 v->name, off, s->name);
				assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab",
							     v, off, 0, -1), 0);
				wv_app_split(&app, s);
				if (off < wv_wat_bytes(s)) {
					if (!app.split_v)
						fail_msg("%s: refused: %s", what, app.msg);
					same_memory(&app.trace, &app.split, what);
				} else if (app.split_v) {
					same_memory(&app.trace, &app.split, what);
				} else {
					assert_non_null(strstr(app.msg, s->name));
					assert_non_null(strstr(app.msg, "offset"));
				}
				wv_app_free(&app);
			}
		}
	}
}

/* Opened first, the split then follows a change of offset the same way. */
static void test_split_follows_offset(void **state)
{
	const struct wv_variant *v = wv_wat_find("x86-64"), *s = wv_wat_find("x86-32");
	struct wv_app app;

	(void)state;
	assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab", v, 3, 0, -1), 0);
	wv_app_split(&app, s);
	assert_ptr_equal(app.split_v, s);
	app_command(&app, "offset 7", NULL);
	assert_int_equal(app.offset, 7);
	if (app.split_v) {
		same_memory(&app.trace, &app.split, "offset 7");
	} else {
		assert_non_null(strstr(app.msg, "x86-32"));
		assert_non_null(strstr(app.msg, "offset"));
	}
	wv_app_free(&app);
}

/* A page edge both word sizes can hold stays; one that only the first can
   is refused, naming both word sizes, never dropped without a word. */
static void test_split_page_end(void **state)
{
	static const struct {
		const char *first, *second;
		size_t page_end;
		bool kept;
	} cases[] = {
		{ "x86-32", "x86-64", 8, true },
		{ "x86-64", "x86-32", 8, true },
		{ "x86-32", "x86-64", 12, false },
		{ "x86-32", "ppc64", 4, false },
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct wv_variant *v = wv_wat_find(cases[c].first);
		const struct wv_variant *s = wv_wat_find(cases[c].second);
		struct wv_trace_in in = { .v = v, .word = word, .word_len = 2,
					  .offset = 1, .delim = -1,
					  .page_end = cases[c].page_end };
		struct wv_app app;

		assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab", v, 1, 0,
					     -1), 0);
		assert_int_equal(wv_app_set_input(&app, &in, "ab"), 0);
		assert_int_equal(app.trace.img.page_end, cases[c].page_end);
		wv_app_split(&app, s);
		if (cases[c].kept) {
			assert_ptr_equal(app.split_v, s);
			assert_int_equal(app.split.img.page_end, cases[c].page_end);
			same_memory(&app.trace, &app.split, cases[c].first);
		} else {
			if (app.split_v)
				fail_msg("split %s over %s with page edge %zu: drawn "
					 "with edge %zu", s->name, v->name,
					 cases[c].page_end, app.split.img.page_end);
			assert_non_null(strstr(app.msg, "page edge"));
			assert_non_null(strstr(app.msg, "4-byte"));
			assert_non_null(strstr(app.msg, "8-byte"));
		}
		wv_app_free(&app);
	}
}

/* ---- each pane's bits read as its hex (issue 47) ------------------------- */

/*
 * The value a row's bit characters spell, read left to right as a number
 * is written ('.' is a chain row's 0): the runs of exactly eight of
 * "01." in text, concatenated; *nbits gets how many.  No run: *nbits 0.
 */
static uint64_t bits_value(const char *text, size_t n, unsigned *nbits)
{
	uint64_t v = 0;
	size_t i = 0;

	*nbits = 0;
	while (i < n) {
		size_t j = i;

		while (j < n && strchr("01.", text[j]) && text[j])
			j++;
		if (j - i == 8)
			for (size_t k = i; k < j; k++) {
				v = v << 1 | (text[k] == '1');
				++*nbits;
			}
		i = j > i ? j : i + 1;
	}
	return v;
}

/*
 * A row as drawn, its bit characters against its hex text: both parsed
 * here from the characters, never taken from the trace.  Returns 1 for a
 * row checked, 0 for a line that holds no row of bits and hex; fails the
 * test where they disagree.
 */
static int row_reads_as_hex(const char *bits, size_t nb, const char *hex,
			    const char *what, const char *line)
{
	unsigned nbits, digits = (unsigned)strspn(hex, "0123456789abcdef");
	uint64_t want, got;

	if (digits == 0 || digits > 16)
		return 0;
	want = strtoull(hex, NULL, 16);
	got = bits_value(bits, nb, &nbits);
	if (nbits == 0)
		return 0;
	if ((nbits != 4 * digits && !(nbits == 8 && digits <= 2)) || got != want)
		fail_msg("%s: the bits do not read as the hex 0x%.*s: %s", what,
			 (int)digits, hex, line);
	return 1;
}

/* The cell at (y, x) of f. */
static const struct wv_cell *cell_at(const struct wv_frame *f, int y, int x)
{
	return &f->cells[(size_t)y * (size_t)f->cols + (size_t)x];
}

/*
 * Where the second pane of the split frame f begins: its heading (" NAME
 * B-bit") at (*py, *px); *px > 0 when the panes stand side by side.
 * Returns false when there is none.
 */
static bool second_pane(const struct wv_frame *f, const struct wv_app *app, int *py,
			int *px)
{
	char head[64], line[1024];

	snprintf(head, sizeof(head), " %s  %u-bit", app->split_v->name,
		 app->split_v->bits);
	for (int y = 1; y < f->rows; y++) {
		char *at;

		wv_frame_row_text(f, y, line, sizeof(line));
		if ((at = strstr(line, head)) != NULL && (at == line || at[-1] == '|')) {
			*py = y;
			*px = (int)(at - line);
			return true;
		}
	}
	return false;
}

/*
 * Every hex value drawn beside bits in the split frame f (a run of cells
 * "0x..." in the hex or result role, not after " = "): the bit cells
 * between it and the row's label (label cells, the panes' separator and
 * the marks left out, whatever the cells' width and the gaps between
 * bytes and nibbles) read left to right must spell it, as many bits as
 * its digits hold.  rows[p] counts pane p's.  Before issue 47 the lower
 * pane took the upper's byte columns: ppc64 under x86-64 drew
 * 0x6162006364000000 above bits reading ...01100010 01100001.
 */
static void frame_reads_as_hex(const struct wv_frame *f, const struct wv_app *app,
			       const char *what, unsigned rows[2])
{
	int py = f->rows, px = 0;
	char line[1024];

	second_pane(f, app, &py, &px);
	for (int y = 0; y < f->rows - 2; y++) {
		wv_frame_row_text(f, y, line, sizeof(line));
		for (int x = 2; x + 1 < f->cols; x++) {
			const struct wv_cell *c = cell_at(f, y, x);
			uint64_t want = 0, got = 0;
			unsigned digits = 0, nbits = 0;
			int b;

			if ((c->role != WV_ROLE_HEX && c->role != WV_ROLE_RESULT) ||
			    c->ch != '0' || cell_at(f, y, x + 1)->ch != 'x' ||
			    cell_at(f, y, x - 1)->ch != ' ' || cell_at(f, y, x - 2)->ch == '=')
				continue;
			for (b = x + 2; b < f->cols; b++, digits++) {
				uint32_t h = cell_at(f, y, b)->ch;

				if (!(h >= '0' && h <= '9') && !(h >= 'a' && h <= 'f'))
					break;
				want = want << 4 | (h <= '9' ? h - '0' : h - 'a' + 10);
			}
			/* leftwards to the label: the bit cells, the highest last */
			for (b = x - 1; b >= 0; b--) {
				const struct wv_cell *d = cell_at(f, y, b);

				if (d->role == WV_ROLE_LABEL || d->ch == '|')
					break;
				if (d->ch == '0' || d->ch == '1' || d->ch == '.') {
					if (nbits < 64)
						got |= (uint64_t)(d->ch == '1') << nbits;
					nbits++;
				}
			}
			if (nbits == 0 || digits == 0 || digits > 16)
				continue;
			if ((nbits != 4 * digits && !(nbits == 8 && digits <= 2)) || got != want)
				fail_msg("%s: the bits do not read as the hex 0x%llx (%u bits): %s",
					 what, (unsigned long long)want, nbits, line);
			rows[(px > 0 ? x > px : y >= py) ? 1 : 0]++;
		}
	}
}

/*
 * Every hex value on a caption line of the split frame f (" = 0x..." over
 * its row's bits, where they do not fit beside the label): the bit cells
 * on the line below, in its pane (up to the "|" between panes beside each
 * other, label cells left out), read left to right must spell it, as many
 * bits as its digits hold.  Returns the rows checked.  Before, at 80x24
 * x86-64 over x86-32 ("ab") took the x86-32 pane's label column and its
 * row "... 01100010 01" was cut at the screen's edge (trial2 1d).
 */
static unsigned captions_read_as_hex(const struct wv_frame *f, const char *what)
{
	unsigned rows = 0;
	char line[1024];

	for (int y = 0; y + 1 < f->rows - 2; y++)
		for (int x = 2; x + 1 < f->cols; x++) {
			uint64_t want = 0, got = 0;
			unsigned digits = 0, nbits = 0;
			int b, lo = 0, hi = f->cols;

			const struct wv_cell *c = cell_at(f, y, x);

			if ((c->role != WV_ROLE_HEX && c->role != WV_ROLE_RESULT) ||
			    c->ch != '0' || cell_at(f, y, x + 1)->ch != 'x' ||
			    cell_at(f, y, x - 1)->ch != ' ' || cell_at(f, y, x - 2)->ch != '=')
				continue;
			for (b = x + 2; b < f->cols; b++, digits++) {
				uint32_t h = cell_at(f, y, b)->ch;

				if (!(h >= '0' && h <= '9') && !(h >= 'a' && h <= 'f'))
					break;
				want = want << 4 | (h <= '9' ? h - '0' : h - 'a' + 10);
			}
			if (digits == 0 || digits > 16)
				continue;
			for (b = x; b >= 0; b--)
				if (cell_at(f, y, b)->ch == '|') {
					lo = b + 1;
					break;
				}
			for (b = x; b < f->cols; b++)
				if (cell_at(f, y, b)->ch == '|') {
					hi = b;
					break;
				}
			for (b = lo; b < hi; b++) {
				const struct wv_cell *d = cell_at(f, y + 1, b);

				if (d->role == WV_ROLE_LABEL)
					continue;
				if (d->ch == '0' || d->ch == '1' || d->ch == '.') {
					got = got << 1 | (d->ch == '1');
					nbits++;
				}
			}
			wv_frame_row_text(f, y + 1, line, sizeof(line));
			if ((nbits != 4 * digits && !(nbits == 8 && digits <= 2)) || got != want)
				fail_msg("%s: the bits under the caption do not read as its hex "
					 "0x%llx (%u bits): %s", what, (unsigned long long)want,
					 nbits, line);
			rows++;
		}
	return rows;
}

/*
 * The tables of --html --split: each row's bit cells (the text of its
 * <td>s before the hex cell, its <th> label left out) against its hex
 * cell; rows[0] counts the rows checked.
 */
static void html_reads_as_hex(const char *page, const char *what, unsigned *rows)
{
	const char *p = page;

	while ((p = strstr(p, "<tr")) != NULL) {
		const char *end = strstr(p, "</tr>");
		const char *hex = strstr(p, "<td class=\"hex\">");
		const char *th = strstr(p, "</th>");
		char bits[2048];
		size_t n = 0;

		if (!end)
			break;
		if (hex && hex < end) {
			const char *q = th && th < hex ? th + 5 : p;
			bool tag = false;

			for (; q < hex && n + 1 < sizeof(bits); q++) {
				if (*q == '<' && strncmp(q, "<td", 3) == 0)
					bits[n++] = ' ';	/* a byte cell */
				if (*q == '<')
					tag = true;
				else if (*q == '>')
					tag = false;
				else if (!tag)
					bits[n++] = *q;
			}
			bits[n] = '\0';
			*rows += (unsigned)row_reads_as_hex(bits, n, hex + 16, what, bits);
		}
		p = end;
	}
}

/*
 * For every pair of variants the split view draws, several words, every
 * sub-step of the first and both orders (each pair's two variants above in
 * turn): each pane's rows read as the hex beside them, in the terminal
 * view at 120x45, 160x45 and 200x50 (whatever cells and gaps the width
 * gives them) and in --html --split.  Before issue 47 the lower pane
 * took the upper's byte columns: ppc64 under x86-64 drew 0x6162006364000000
 * with its bits reading ...01100010 01100001.
 */
static void test_split_bits_read_as_hex(void **state)
{
	static const struct { const char *src; uint8_t b[16]; size_t n; } words[] = {
		{ "ab\\0cd", { 'a', 'b', 0, 'c', 'd' }, 5 },
		{ "\\x01\\x80\\xff", { 0x01, 0x80, 0xff }, 3 },
		{ "hello, world", { 'h', 'e', 'l', 'l', 'o', ',', ' ', 'w', 'o', 'r',
				    'l', 'd' }, 12 },
		{ "", { 0 }, 0 },
	};
	unsigned rows[2] = { 0, 0 }, hrows = 0, pairs = 0;
	struct wv_frame f = { 0 };

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++)
		for (size_t j = 0; j < wv_wat_count(); j++)
			for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
				const struct wv_variant *v = wv_wat_at(i), *s = wv_wat_at(j);
				struct wv_app app;
				char what[160];
				char *page = NULL;
				size_t len = 0;
				FILE *out;

				if (v == s)
					continue;
				assert_int_equal(wv_app_init(&app, words[w].b, words[w].n,
							     words[w].src, v, 0, 0, -1), 0);
				wv_app_split(&app, s);
				if (!app.split_v)
					fail_msg("split %s over %s refused: %s", s->name,
						 v->name, app.msg);
				pairs++;
				for (size_t k = 0; k < 3 * app.trace.nsubs; k++) {
					/* 120x45, and the wide cells of 160x45 (nibbles,
					   or panes side by side) and 200x50 */
					static const int sz[3][2] = { { 45, 120 }, { 45, 160 },
								      { 50, 200 } };
					const int *z = sz[k / app.trace.nsubs];

					app.pos = k % app.trace.nsubs;
					snprintf(what, sizeof(what), "\"%s\" on %s, split %s, "
						 "%dx%d, sub-step %zu", words[w].src, v->name,
						 s->name, z[1], z[0], app.pos + 1);
					assert_int_equal(wv_frame_init(&f, z[0], z[1]), 0);
					wv_view_split(&f, &app);
					frame_reads_as_hex(&f, &app, what, rows);
					wv_frame_free(&f);
				}
				out = open_memstream(&page, &len);
				assert_non_null(out);
				assert_int_equal(wv_html_split(out, &app.trace, &app.split,
							       NULL), 0);
				assert_int_equal(fclose(out), 0);
				snprintf(what, sizeof(what), "--html \"%s\" on %s, split %s",
					 words[w].src, v->name, s->name);
				html_reads_as_hex(page, what, &hrows);
				free(page);
				wv_app_free(&app);
			}
	/* not vacuous: rows of both panes and of the page were read */
	assert_true(pairs > 50);
	if (rows[0] < 1000 || rows[1] < 1000 || hrows < 1000)
		fail_msg("too few rows read: %u upper, %u lower, %u in HTML", rows[0],
			 rows[1], hrows);
}

/* ---- each pane's labels whole, its value beside them (issue 47) ---------- */

/* Is s the label of a row of some sub-step of t? */
static bool is_label(const struct wv_trace *t, const char *s)
{
	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned r = 0; r < t->subs[k].nrows; r++)
			if (strcmp(t->subs[k].rows[r].label, s) == 0)
				return true;
	return false;
}

/*
 * Every register row of the split frame f (a run of label cells from
 * column 3 of a pane, after the "<>" place; a pane beside the other starts
 * after the "|" between them): its label whole, one of the rows' own
 * labels of either trace (a cut one ends in the cut mark and is none), and
 * its value on its line in its pane (beside the bits, after " = " on a
 * caption line, "?" where a question hides it).  Returns the rows checked.
 */
static unsigned labels_whole(const struct wv_frame *f, const struct wv_app *app,
			     const char *what)
{
	unsigned rows = 0;

	/* and no note cut by the call an earlier or later row is from */
	for (int y = 0; y < f->rows - 2; y++) {
		char line[1024];

		wv_frame_row_text(f, y, line, sizeof(line));
		if (strstr(line, "! holds a") && !strstr(line, "! holds a false positive"))
			fail_msg("%s: the false-positive note is cut: %s", what, line);
	}
	for (int y = 0; y < f->rows - 2; y++)
		for (int x0 = 3; x0 < f->cols; x0++) {
			char label[64], line[1024], seg[1024];
			size_t n = 0, m;
			int x = x0;

			if (cell_at(f, y, x0)->role != WV_ROLE_LABEL ||
			    cell_at(f, y, x0 - 1)->role == WV_ROLE_LABEL)
				continue;
			for (; x < f->cols && n + 4 < sizeof(label); x++) {
				const struct wv_cell *c = cell_at(f, y, x);

				if (c->role != WV_ROLE_LABEL)
					break;
				n += wv_cell_utf8(c->ch, label + n);
			}
			while (n > 0 && label[n - 1] == ' ')
				n--;
			label[n] = '\0';
			wv_frame_row_text(f, y, line, sizeof(line));
			/* its pane's part of the line: up to the "|" between panes */
			for (m = 0; x + (int)m < f->cols && m + 4 < sizeof(seg); m++) {
				uint32_t ch = cell_at(f, y, x + (int)m)->ch;

				if (ch == '|')
					break;
				seg[m] = ch < 128 ? (char)ch : '~';
			}
			while (m > 0 && seg[m - 1] == ' ')
				m--;
			seg[m] = '\0';
			if (!is_label(&app->trace, label) && !is_label(&app->split, label))
				fail_msg("%s: the label \"%s\" is not whole: %s", what, label,
					 line);
			if (!strstr(seg, " = ") && !strstr(seg, " 0x") &&
			    (m == 0 || seg[m - 1] != '?'))
				fail_msg("%s: the row \"%s\" shows no value: %s", what, label,
					 line);
			rows++;
			x0 = x;
		}
	return rows;
}

/*
 * Every pair of variants the split view draws, on "ab\0cd" and
 * "a\x01\0bcdef", each register in its own order and by memory (M),
 * with --present and without, every sub-step, at 120x36, 160x45 and
 * 200x50: every row's label whole and its value on its line.  Before, the
 * two panes shared one column of labels, and where the bits did not fit
 * beside it with their hex (--present's wide cells) the labels were cut to
 * it ("a -…" at 160x45) and the hex left out.  And no "! holds a false
 * positive" cut by the name of the call a row before or after is from
 * (200x50: "! holds a has_zero() 7/18").
 */
static void test_split_labels_whole(void **state)
{
	static const struct { const char *src; uint8_t b[16]; size_t n; } words[] = {
		{ "ab\\0cd", { 'a', 'b', 0, 'c', 'd' }, 5 },
		{ "a\\x01\\0bcdef", { 'a', 1, 0, 'b', 'c', 'd', 'e', 'f' }, 8 },
	};
	static const int sizes[][2] = { { 36, 120 }, { 45, 160 }, { 50, 200 },
					{ 24, 80 }, { 30, 100 } };
	unsigned rows = 0, captions = 0;

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++)
		for (size_t j = 0; j < wv_wat_count(); j++)
			for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
				struct wv_app app;

				if (i == j)
					continue;
				assert_int_equal(wv_app_init(&app, words[w].b, words[w].n,
							     words[w].src, wv_wat_at(i), 0,
							     0, -1), 0);
				wv_app_split(&app, wv_wat_at(j));
				assert_non_null(app.split_v);
				for (int run = 0; run < 20; run++)
					for (size_t k = 0; k < app.trace.nsubs; k++) {
						struct wv_frame f = { 0 };
						char what[200];
						int z = run % 5;

						app.split_mem = run / 5 & 1;
						app.present = run / 10 & 1;
						app.pos = k;
						snprintf(what, sizeof(what), "\"%s\" on %s, split "
							 "%s%s%s, %dx%d, sub-step %zu",
							 words[w].src, app.v->name,
							 app.split_v->name, app.split_mem ?
							 ", by memory" : "", app.present ?
							 ", --present" : "", sizes[z][1],
							 sizes[z][0], k + 1);
						assert_int_equal(wv_frame_init(&f, sizes[z][0],
									       sizes[z][1]), 0);
						wv_view_split(&f, &app);
						rows += labels_whole(&f, &app, what);
						if (!app.split_mem)	/* by memory: memory order */
							captions += captions_read_as_hex(&f, what);
						wv_frame_free(&f);
					}
				wv_app_free(&app);
			}
	if (rows < 10000 || captions < 1000)
		fail_msg("only %u rows read, %u under captions", rows, captions);
}

/* ---- the screen's width used (issue 47) ------------------------------------ */

/*
 * The rightmost column of the panes' register cells in f (bits, marks'
 * colours, hex, a hidden value's '?'): what a pane draws of its rows, from the first pane's
 * heading down to the legend; -1 none.
 */
static int panes_right(const struct wv_frame *f)
{
	int right = -1, y0 = f->rows;

	for (int y = 1; y < f->rows && y0 == f->rows; y++)
		for (int x = 0; x < f->cols; x++)
			if (cell_at(f, y, x)->role == WV_ROLE_TITLE) {
				y0 = y;
				break;
			}
	for (int y = y0; y < f->rows - 3; y++)
		for (int x = f->cols - 1; x > right; x--) {
			const struct wv_cell *c = cell_at(f, y, x);

			if (c->ch != ' ' && (c->role == WV_ROLE_HEX || c->role == WV_ROLE_RESULT ||
					     c->role == WV_ROLE_BIT0 || c->role == WV_ROLE_BIT1 ||
					     c->role == WV_ROLE_FLAG || c->role == WV_ROLE_BORROW ||
					     c->role == WV_ROLE_FALSEPOS || c->role == WV_ROLE_TERM ||
					     (c->role == WV_ROLE_DIM && c->ch == '?'))) {
				right = x;
				break;
			}
		}
	return right;
}

/*
 * Every pair of variants at 160x45 and 200x50, each register in its own
 * order and by memory, on "ab\0cd", every sub-step: at 160x45 the panes'
 * rows (the widest of any sub-step's) reach past three quarters of the width (side by side where both
 * fit whole in half of it, else in wider cells, a blank between nibbles
 * and bytes; at 200 columns a 32-bit pair by memory has no wider cells
 * than 3 columns a bit), and at both sizes every label whole, its value beside it, and (in its own order)
 * the bits reading as their hex; by memory (M) the panes stacked.  Before, the panes kept the 80-column cells and ended near
 * column 98 of 160, the right half of a projector's screen empty.
 */
static void test_split_fills_width(void **state)
{
	static const uint8_t b[] = { 'a', 'b', 0, 'c', 'd' };
	static const int sizes[][2] = { { 45, 160 }, { 50, 200 } };
	unsigned frames = 0, beside = 0, rows[2] = { 0, 0 };
	int least = 160;
	char narrowest[200] = "";

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++)
		for (size_t j = 0; j < wv_wat_count(); j++) {
			struct wv_app app;

			if (i == j)
				continue;
			assert_int_equal(wv_app_init(&app, b, sizeof(b), "ab\\0cd",
						     wv_wat_at(i), 0, 0, -1), 0);
			wv_app_split(&app, wv_wat_at(j));
			assert_non_null(app.split_v);
			for (int run = 0; run < 4; run++) {
				int right = -1;
				char what[200];

				for (size_t k = 0; k < app.trace.nsubs; k++) {
					const int *z = sizes[run & 1];
					struct wv_frame f = { 0 };
					int r, py, px = 0;

					app.split_mem = run >> 1;
					app.pos = k;
					snprintf(what, sizeof(what), "\"ab\\0cd\" on %s, split %s%s, "
						 "%dx%d, sub-step %zu", app.v->name,
						 app.split_v->name, app.split_mem ?
						 ", by memory" : "", z[1], z[0], k + 1);
					assert_int_equal(wv_frame_init(&f, z[0], z[1]), 0);
					wv_view_split(&f, &app);
					r = panes_right(&f);
					right = r > right ? r : right;
					labels_whole(&f, &app, what);
					if (!app.split_mem)	/* by memory: memory order */
						frame_reads_as_hex(&f, &app, what, rows);
					beside += second_pane(&f, &app, &py, &px) && px > 0;
					/* M stacks them, as watviz.1 and the GUIDE say
					   (rev5 M3) */
					if (app.split_mem && px > 0)
						fail_msg("%s: side by side", what);
					frames++;
					wv_frame_free(&f);
				}
				/* over its sub-steps (on some, a pane's rows are
				   all numbers or only the narrower word's) */
				if (sizes[run & 1][1] == 160 && 4 * (right + 1) <= 3 * 160)
					fail_msg("%s: the panes end at column %d of 160", what,
						 right + 1);
				if (sizes[run & 1][1] == 160 && right + 1 < least) {
					least = right + 1;
					snprintf(narrowest, sizeof(narrowest), "%s", what);
				}
			}
			wv_app_free(&app);
		}
	print_message("# at 160x45 the narrowest pair's panes end at column %d (%s); "
		      "%u frames, %u side by side\n", least, narrowest, frames, beside);
	/* not vacuous: both layouts drawn, both panes' rows read */
	if (frames < 5000 || beside < 100 || rows[0] < 2000 || rows[1] < 2000)
		fail_msg("%u frames, %u side by side, rows read %u and %u", frames,
			 beside, rows[0], rows[1]);
}

/* ---- a row the other has none of: alone, not different (issue 47) -------- */

/* The row of frame f whose label cells (from column 3) read label, as
   text; "" none. */
static const char *row_of(const struct wv_frame *f, int y0, const char *label,
			  char *line, size_t size)
{
	for (int y = y0; y < f->rows - 2; y++) {
		wv_frame_row_text(f, y, line, size);
		if (strncmp(line + 3, label, strlen(label)) == 0 &&
		    line[3 + strlen(label)] == ' ' &&
		    cell_at(f, y, 3)->role == WV_ROLE_LABEL)
			return line;
	}
	line[0] = '\0';
	return line;
}

/* The memory bytes (lowest address first) of value v of an n-byte
   register, little-endian or not: a byte loop. */
static void mem_bytes(uint64_t v, bool le, uint8_t out[8])
{
	for (unsigned i = 0; i < 8; i++)
		out[i] = (uint8_t)(v >> (8 * (le ? i : 7 - i)));
}

/*
 * x86-64 over ppc64 on "ab\0cd" at has_zero's AND: x86-64's HIGHS, which
 * ppc64's AND has no row of its own for (arch/powerpc's has_zero masks
 * with ~(a | LOW7), HIGHS folded in: ~(a | LOW7) = ~a & HIGHS, docs/
 * VARIANTS.md), is marked "+", not "<>"; a - ONES
 * beside ppc64's sum (the AND's first operand in both) is "<>", their
 * memory bytes differing (worked here by a byte loop: a - ONES and a +
 * 0xfefefefefefefeff); flags, the same bytes, unmarked; the legend says
 * what "+" means (test_html's split_rows_alone checks the marks on every
 * pair of variants).  Before, every row without a row of its label was
 * "<>": HIGHS too.
 */
static void test_split_rows_alone(void **state)
{
	static const uint8_t b[8] = { 'a', 'b', 0, 'c', 'd', 0, 0, 0 };
	uint64_t le = 0, be = 0;
	uint8_t x[8], p[8];
	struct wv_frame f = { 0 };
	struct wv_app app;
	char line[1024];
	size_t k;

	(void)state;
	for (int i = 7; i >= 0; i--)
		le = le << 8 | b[i];
	for (int i = 0; i < 8; i++)
		be = be << 8 | b[i];
	mem_bytes(le - 0x0101010101010101u, true, x);
	mem_bytes(be + 0xfefefefefefefeffu, false, p);
	assert_true(memcmp(x, p, 8) != 0);	/* so a - ONES and sum differ */

	assert_int_equal(wv_app_init(&app, b, 5, "ab\\0cd", wv_wat_find("x86-64"), 0, 0,
				     -1), 0);
	wv_app_split(&app, wv_wat_find("ppc64"));
	assert_non_null(app.split_v);
	for (k = 0; k < app.trace.nsubs; k++)
		if (strstr(app.trace.subs[k].expr, "HIGHS") &&
		    strstr(app.trace.subs[k].expr, "~a"))
			break;
	assert_true(k < app.trace.nsubs);
	app.pos = k;
	assert_int_equal(wv_frame_init(&f, 36, 120), 0);
	wv_view_split(&f, &app);
	if (strncmp(row_of(&f, 1, "HIGHS", line, sizeof(line)), " + ", 3) != 0)
		fail_msg("HIGHS, which ppc64 folds into ~data, is not marked +: %s", line);
	if (strncmp(row_of(&f, 1, "a - ONES", line, sizeof(line)), "<> ", 3) != 0)
		fail_msg("a - ONES, whose bytes differ from ppc64's sum, is not <>: %s", line);
	if (strncmp(row_of(&f, 1, "sum", line, sizeof(line)), "<> ", 3) != 0)
		fail_msg("ppc64's sum is not <>: %s", line);
	if (strncmp(row_of(&f, 1, "flags", line, sizeof(line)), "   ", 3) != 0)
		fail_msg("x86-64's flags, ppc64's bytes, are marked: %s", line);
	wv_frame_row_text(&f, f.rows - 3, line, sizeof(line));
	if (!strstr(line, "+ the other has no row of its own for it"))
		fail_msg("the legend does not say what + means: %s", line);
	wv_frame_free(&f);
	wv_app_free(&app);

}

/* The row (from y0 down) of frame f whose label reads label; -1 none. */
static int row_y(const struct wv_frame *f, int y0, const char *label)
{
	char line[1024];

	for (int y = y0; y < f->rows - 2; y++)
		if (row_of(f, y, label, line, sizeof(line))[0])
			return y;
	return -1;
}

/* The mark (the first three cells) of the row labelled label from y0 down. */
static const char *mark_of(const struct wv_frame *f, int y0, const char *label,
			   char *line, size_t size)
{
	row_of(f, y0, label, line, size);
	line[line[0] ? 3 : 0] = '\0';
	return line;
}

/*
 * x86-64 over ppc64 on "ab\0cd" at zero_bytemask's shift (rev5 M2): x86-64
 * (since v6.11) shifts below = (bits - 1) & ~bits right by 7, ppc64 shifts
 * ~1 left by n = __fls(mask) (arch/powerpc/include/asm/word-at-a-time.h).
 * The value shifted stands beside the value shifted: below beside ~1, both
 * "<>" as their memory bytes differ (by hand: the first zero is memory byte
 * 2, so below holds ff ff 7f 00 00 00 00 00 in memory order and ~1, big-
 * endian, ff ff ff ff ff ff ff fe); ppc64's count n = 47 (bit 63 - 8 * 2,
 * the flag of memory byte 2) has no count beside it on x86-64 (its 7 is no
 * row): "+"; bytemask, ff ff then zeros on both, unmarked.  Before, rows
 * were paired by kind in order: below (an input) with n (an input), both
 * "<>", and ~1 (a constant) "+".
 */
static void test_split_shift_pairs(void **state)
{
	static const uint8_t b[8] = { 'a', 'b', 0, 'c', 'd', 0, 0, 0 };
	uint8_t below[8], not1[8], x[8], p[8];
	struct wv_frame f = { 0 };
	struct wv_app app;
	char line[1024];
	size_t k;
	int y;

	(void)state;
	for (unsigned i = 0; i < 8; i++) {	/* memory order, by hand */
		below[i] = i < 2 ? 0xff : i == 2 ? 0x7f : 0;
		not1[i] = i < 7 ? 0xff : 0xfe;
		x[i] = p[i] = i < 2 ? 0xff : 0;	/* the two bytemasks */
	}
	assert_true(memcmp(below, not1, 8) != 0 && memcmp(x, p, 8) == 0);

	assert_int_equal(wv_app_init(&app, b, 5, "ab\\0cd", wv_wat_find("x86-64"), 0, 0,
				     -1), 0);
	wv_app_split(&app, wv_wat_find("ppc64"));
	assert_non_null(app.split_v);
	for (k = 0; k < app.trace.nsubs; k++)
		if (app.trace.subs[k].op == WV_OP_SHR && strstr(app.trace.subs[k].expr, ">> 7"))
			break;
	assert_true(k < app.trace.nsubs);
	app.pos = k;
	assert_int_equal(wv_frame_init(&f, 36, 120), 0);
	wv_view_split(&f, &app);
	y = row_y(&f, 1, "~1");
	if (y < 0)
		fail_msg("ppc64's ~1 << n is not beside x86-64's >> 7");
	if (strcmp(mark_of(&f, 1, "below", line, sizeof(line)), "<> ") != 0)
		fail_msg("below, whose bytes differ from ~1's, is not <>: '%s'", line);
	if (strcmp(mark_of(&f, y, "~1", line, sizeof(line)), "<> ") != 0)
		fail_msg("ppc64's ~1, the value shifted as below is, is not <>: '%s'", line);
	if (strcmp(mark_of(&f, y, "n", line, sizeof(line)), " + ") != 0)
		fail_msg("ppc64's count n, x86-64's 7 no row, is not +: '%s'", line);
	if (strcmp(mark_of(&f, 1, "bytemask", line, sizeof(line)), "   ") != 0 ||
	    strcmp(mark_of(&f, y, "bytemask", line, sizeof(line)), "   ") != 0)
		fail_msg("a bytemask, the same bytes on both, is marked: '%s'", line);
	wv_frame_free(&f);
	wv_app_free(&app);
}

/* ---- the functions after: values once nothing is asked (issue 47) -------- */

/* Is v the value of some row of trace t? */
static bool a_trace_value(const struct wv_trace *t, uint64_t v)
{
	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned r = 0; r < t->subs[k].nrows; r++)
			if (t->subs[k].rows[r].value == v)
				return true;
	return false;
}

/*
 * The split's panes in f from row y0 down to the legend: no '?' in a
 * register row (a value hidden), and every hex drawn there one of the two
 * traces' values (what the single view shows at that sub-step).  Returns
 * the hex values read.
 */
static unsigned panes_show_values(const struct wv_frame *f, const struct wv_app *app,
				  int y0, const char *what)
{
	unsigned values = 0;
	char line[1024];

	for (int y = y0; y < f->rows - 3; y++) {
		wv_frame_row_text(f, y, line, sizeof(line));
		for (int x = 0; x + 2 < f->cols; x++) {
			const struct wv_cell *c = cell_at(f, y, x);
			uint64_t v = 0;

			if (c->ch == '?' && c->role == WV_ROLE_DIM)
				fail_msg("%s: a value hidden with no question open or to "
					 "come: %s", what, line);
			if (c->ch != '0' || cell_at(f, y, x + 1)->ch != 'x' ||
			    (c->role != WV_ROLE_HEX && c->role != WV_ROLE_RESULT))
				continue;
			for (int b = x + 2; b < f->cols; b++) {
				uint32_t h = cell_at(f, y, b)->ch;

				if (!(h >= '0' && h <= '9') && !(h >= 'a' && h <= 'f'))
					break;
				v = v << 4 | (h <= '9' ? h - '0' : h - 'a' + 10);
			}
			if (!a_trace_value(&app->trace, v) && !a_trace_value(&app->split, v))
				fail_msg("%s: 0x%llx is no value of either trace: %s", what,
					 (unsigned long long)v, line);
			values++;
		}
	}
	return values;
}

/*
 * Every shipped lesson with a split (--lesson N --split, the partner of
 * its first variant), every question answered (asked, then shown): in
 * every scene where the split is drawn, at 200x50 (where the functions
 * after the current one fit), no value of either pane is '?' and every hex
 * is the trace's.  Before, the functions after the current one showed '?'
 * though no question was open, while the next function's input showed the
 * same value (x86-32's find_zero: mask 0x0000ffff under create_zero_mask's
 * bytemask '?').
 */
static void test_split_answered_shows(void **state)
{
	struct wv_lesson_file files[32];
	int n = wv_lesson_list("lessons", files, 32);
	unsigned scenes = 0, values = 0, questions = 0;

	(void)state;
	assert_true(n >= 10);
	for (int i = 0; i < n; i++) {
		wv_lesson *l;
		struct wv_error e;
		struct wv_class cls;
		struct wv_app app;
		const struct wv_variant *v;

		assert_int_equal(wv_lesson_load(files[i].path, &l, &e), 0);
		v = wv_lesson_variant(l, 0);
		struct wv_ui_opts o = { .lesson = l, .lesson_number = files[i].number,
					.lesson_slug = "x", .variant = v, .delim = -1,
					.split = wv_app_split_partner(v) };

		assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
		for (size_t s = 0; s < wv_lesson_nscenes(l); s++) {
			wv_class_goto(&cls, s);
			if (!cls.has_question)
				continue;
			for (int tries = 0; tries < 4 && !wv_class_question_open(&cls); tries++)
				wv_class_do(&cls, WV_ACT_ANSWER);	/* asked */
			if (wv_class_question_open(&cls))
				wv_class_do(&cls, WV_ACT_REVEAL);	/* shown */
			if (wv_class_question_open(&cls))
				fail_msg("lesson %u scene %zu: the question stays open",
					 files[i].number, s + 1);
			questions++;
		}
		for (size_t s = 0; s < wv_lesson_nscenes(l); s++) {
			struct wv_frame f = { 0 };
			char what[160];
			int py, px;

			wv_class_goto(&cls, s);
			if (!wv_class_split_shown(&cls) || wv_lesson_scene(l, s)->split)
				continue;	/* (a scene's own split: its own rules) */
			assert_int_equal(wv_frame_init(&f, 50, 200), 0);
			wv_lessonview_build(&f, &cls);
			snprintf(what, sizeof(what), "lesson %u on %s split %s, scene %zu, "
				 "every question answered", files[i].number, v->name,
				 app.split_v->name, s + 1);
			if (second_pane(&f, &app, &py, &px))
				values += panes_show_values(&f, &app, 2, what);
			scenes++;
			wv_frame_free(&f);
		}
		wv_class_free(&cls);
		wv_app_free(&app);
		wv_lesson_free(l);
	}
	if (scenes < 10 || values < 100 || questions < 20)
		fail_msg("%u scenes with a split, %u values read, %u questions", scenes,
			 values, questions);
}

/*
 * A question open over the split (x86-64 over ppc64 and x86-32 over ppc32,
 * "ab\0cd", the question at has_zero's AND, at every sub-step from it to
 * the end): every computed row (results, chains, partial products) and
 * every sentence's detail of the upper trace from the question on and of
 * the lower one from its call of the same kind on is changed (with the
 * calls' results, as a different answer would change them), and the split's frame at 120x36, 160x45 and 200x50 is
 * the same, cell by cell: nothing either pane shows depends on the answer
 * (the lower pane's values were drawn whatever the upper's question).
 */
static void test_split_question_hides(void **state)
{
	static const uint8_t b[] = { 'a', 'b', 0, 'c', 'd' };
	static const char *const pairs[][2] = { { "x86-64", "ppc64" }, { "x86-32", "ppc32" } };
	static const int sizes[][2] = { { 36, 120 }, { 45, 160 }, { 50, 200 } };
	unsigned frames = 0;

	(void)state;
	for (size_t pi = 0; pi < 2; pi++) {
		struct wv_app app;
		size_t q;

		assert_int_equal(wv_app_init(&app, b, sizeof(b), "ab\\0cd",
					     wv_wat_find(pairs[pi][0]), 0, 0, -1), 0);
		wv_app_split(&app, wv_wat_find(pairs[pi][1]));
		assert_non_null(app.split_v);
		for (q = 0; q < app.trace.nsubs; q++)
			if (strstr(app.trace.subs[q].expr, "HIGHS"))
				break;
		assert_true(q < app.trace.nsubs);
		app.quiz = true;
		app.quiz_pos = app.quiz_sub = q;
		for (size_t k = q; k < app.trace.nsubs; k++)
			for (size_t z = 0; z < 3; z++) {
				struct wv_frame before = { 0 }, after = { 0 };
				struct wv_trace *t[2] = { &app.trace, &app.split };
				struct wv_substep *keep[2];
				struct wv_step *steps[2];
				size_t from[2];
				char what[160];

				app.pos = k;
				assert_int_equal(wv_frame_init(&before, sizes[z][0], sizes[z][1]), 0);
				assert_int_equal(wv_frame_init(&after, sizes[z][0], sizes[z][1]), 0);
				wv_view_split(&before, &app);
				/* the upper trace from the question on, the lower
				   from its kernel call of the same kind on */
				from[0] = q;
				from[1] = wv_trace_find(&app.split,
							wv_trace_step_of(&app.trace, q)->kind, 0);
				for (int s = 0; s < 2; s++) {
					keep[s] = malloc(t[s]->nsubs * sizeof(*keep[s]));
					assert_non_null(keep[s]);
					memcpy(keep[s], t[s]->subs, t[s]->nsubs * sizeof(*keep[s]));
					steps[s] = malloc(t[s]->nsteps * sizeof(*steps[s]));
					assert_non_null(steps[s]);
					memcpy(steps[s], t[s]->steps, t[s]->nsteps * sizeof(*steps[s]));
					/* the calls' results with their rows, so that
					   they stay the rows' (the pairing reads them) */
					for (size_t j = 0; j < t[s]->nsteps; j++)
						if (t[s]->steps[j].first + t[s]->steps[j].nsub > from[s])
							t[s]->steps[j].result ^= 0x0102040810204080u;
					for (size_t j = from[s]; j < t[s]->nsubs; j++) {
						struct wv_substep *sub = &t[s]->subs[j];

						for (unsigned r = 0; r < sub->nrows; r++)
							if (sub->rows[r].kind != WV_ROW_INPUT &&
							    sub->rows[r].kind != WV_ROW_CONST)
								sub->rows[r].value ^= 0x0102040810204080u;
						for (size_t c = sub->general; sub->text[c]; c++)
							sub->text[c] = sub->text[c] == ' ' ? ' ' : 'x';
					}
				}
				wv_view_split(&after, &app);
				for (int s = 0; s < 2; s++) {
					memcpy(t[s]->subs, keep[s], t[s]->nsubs * sizeof(*keep[s]));
					memcpy(t[s]->steps, steps[s], t[s]->nsteps * sizeof(*steps[s]));
					free(keep[s]);
					free(steps[s]);
				}
				snprintf(what, sizeof(what), "%s over %s, question at sub-step %zu, "
					 "at %zu, %dx%d", pairs[pi][0], pairs[pi][1], q + 1, k + 1,
					 sizes[z][1], sizes[z][0]);
				for (int y = 0; y < before.rows; y++)
					for (int x = 0; x < before.cols; x++) {
						const struct wv_cell *c1 = cell_at(&before, y, x);
						const struct wv_cell *c2 = cell_at(&after, y, x);
						char line[1024];

						if (c1->ch == c2->ch && c1->role == c2->role &&
						    c1->focus == c2->focus)
							continue;
						/* WATVIZ_SPLIT_DUMP=1: both frames, row by row */
						for (int r = 0; getenv("WATVIZ_SPLIT_DUMP") &&
						     r < before.rows; r++) {
							char l1[1024], l2[1024];

							wv_frame_row_text(&before, r, l1, sizeof(l1));
							wv_frame_row_text(&after, r, l2, sizeof(l2));
							fprintf(stderr, "# before|%s\n# after |%s\n",
								l1, l2);
						}
						wv_frame_row_text(&before, y, line, sizeof(line));
						fail_msg("%s: the split depends on the answer at row %d "
							 "column %d: %s", what, y, x, line);
					}
				frames++;
				wv_frame_free(&before);
				wv_frame_free(&after);
			}
		wv_app_free(&app);
	}
	assert_true(frames > 50);
}

/* ---- panes side by side by call and meaning (issue 47) ------------------- */

/*
 * x86-64 over ppc64 on "ab\0cd": each x86-64 sub-step beside the ppc64 one
 * doing the same job in the same kernel call, as the two headers read
 * (arch/x86 and arch/powerpc word-at-a-time.h, docs/VARIANTS.md): the
 * borrow trick's subtraction beside the carry trick's addition, the flags'
 * AND beside the flags' AND, the bit scan beside the bit scan.  Before
 * issue 47, "a - ONES" sat beside "data = rhs = a | LOW7" (matched by
 * operation kind, a subtraction having no partner).  The other way, ppc64's
 * "a | LOW7", which x86-64 has no counterpart of, says so quietly.
 */
static void test_split_pairs_by_meaning(void **state)
{
	static const uint8_t w5[] = { 'a', 'b', 0, 'c', 'd' };
	static const struct { const char *up, *down; } pairs[] = {
		{ "a - ONES", "a + high_bits" },
		{ "~a", "~rhs" },
		{ "(a - ONES) & ~a & HIGHS", "(a + high_bits) & ~rhs" },
		{ "F(a) vs E(a)", "F(a) vs E(a)" },
		{ "has_zero(a) != 0", "has_zero(a) != 0" },
		{ "prep_zero_mask(a, data) = data", "~(...)" },
		{ "__ffs(bits)", "cntlzd(mask)" },
		{ "__ffs(bits) >> 3", "clz >> 3" },
		{ "a & zero_bytemask(mask)", "a & zero_bytemask(mask)" },
	};
	struct wv_app app;
	size_t found = 0;

	(void)state;
	assert_int_equal(wv_app_init(&app, w5, sizeof(w5), "ab\\0cd",
				     wv_wat_find("x86-64"), 0, 0, -1), 0);
	wv_app_split(&app, wv_wat_find("ppc64"));
	assert_non_null(app.split_v);
	/* the layout: M and :set split memory|own, each register in its
	   own order by default */
	assert_false(app.split_mem);
	wv_app_do(&app, WV_ACT_SPLIT_COLS);
	assert_true(app.split_mem);
	app_command(&app, "set split own", NULL);
	assert_false(app.split_mem);
	app_command(&app, "set split memory", NULL);
	assert_true(app.split_mem);
	assert_non_null(strstr(app.msg, "split by memory"));
	app_command(&app, "set split own", NULL);
	for (size_t k = 0; k < app.trace.nsubs; k++)
		for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
			bool same;
			size_t j;

			if (strcmp(app.trace.subs[k].expr, pairs[i].up) != 0)
				continue;
			app.pos = k;
			j = wv_app_split_pos(&app, &same);
			if (!same || strcmp(app.split.subs[j].expr, pairs[i].down) != 0)
				fail_msg("x86-64's \"%s\" beside ppc64's \"%s\"%s; want \"%s\"",
					 pairs[i].up, app.split.subs[j].expr,
					 same ? "" : " (no such sub-step)", pairs[i].down);
			found++;
		}
	assert_int_equal(found, sizeof(pairs) / sizeof(pairs[0]));
	wv_app_free(&app);

	/* ppc64 above: its "a | LOW7" has no x86-64 counterpart, said as a
	   quiet note (dim, not the false positives' red), whole */
	assert_int_equal(wv_app_init(&app, w5, sizeof(w5), "ab\\0cd",
				     wv_wat_find("ppc64"), 0, 0, -1), 0);
	wv_app_split(&app, wv_wat_find("x86-64"));
	found = 0;
	for (size_t k = 0; k < app.trace.nsubs; k++) {
		static const char note[] = "(x86-64 has no such sub-step: the nearest)";
		int cols[] = { 80, 120 };
		bool same;

		if (strcmp(app.trace.subs[k].expr, "data = rhs = a | LOW7") != 0)
			continue;
		app.pos = k;
		wv_app_split_pos(&app, &same);
		assert_false(same);
		for (size_t c = 0; c < 2; c++) {
			struct wv_frame f = { 0 };
			int y, x = -1;

			assert_int_equal(wv_frame_init(&f, 24, cols[c]), 0);
			wv_view_split(&f, &app);
			for (y = 0; y < f.rows && x < 0; y++)
				x = wv_frame_find(&f, y, note);
			if (x < 0)
				fail_msg("at %d columns the note is not shown whole", cols[c]);
			assert_int_equal(wv_frame_at(&f, y - 1, x + 1)->role, WV_ROLE_DIM);
			wv_frame_free(&f);
		}
		found++;
	}
	assert_int_equal(found, 1);
	wv_app_free(&app);
}

/*
 * Every pair of variants, every sub-step: the lower pane shows the same
 * kernel call on the same word wherever its variant makes that call there.
 */
static void test_split_same_call(void **state)
{
	static const uint8_t w5[] = { 'a', 'b', 0, 'c', 'd' };

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++)
		for (size_t j = 0; j < wv_wat_count(); j++) {
			struct wv_app app;

			assert_int_equal(wv_app_init(&app, w5, sizeof(w5), "ab\\0cd",
						     wv_wat_at(i), 0, 0, -1), 0);
			wv_app_split(&app, wv_wat_at(j));
			assert_non_null(app.split_v);
			for (size_t k = 0; k < app.trace.nsubs; k++) {
				const struct wv_step *st = wv_trace_step_of(&app.trace, k);
				size_t addr = app.trace.words[st->word].address;
				size_t w = addr / app.split.word_bytes, l;
				bool same;

				app.pos = k;
				l = wv_app_split_pos(&app, &same);
				if (w >= app.split.nwords ||
				    wv_trace_find(&app.split, st->kind, w) >= app.split.nsubs)
					continue;	/* no such call there */
				if (wv_trace_step_of(&app.split, l)->kind != st->kind)
					fail_msg("%s sub-step %zu (%s) beside %s's %s",
						 wv_wat_at(i)->name, k + 1, st->func,
						 wv_wat_at(j)->name,
						 wv_trace_step_of(&app.split, l)->func);
			}
			wv_app_free(&app);
		}
}

/* ---- both panes narrated, the screen used (issue 47) --------------------- */

/* The first row at or after y0 holding needle, or -1. */
static int row_with(const struct wv_frame *f, int y0, const char *needle)
{
	for (int y = y0; y < f->rows; y++)
		if (wv_frame_find(f, y, needle) >= 0)
			return y;
	return -1;
}

/*
 * x86-64 over ppc64 on "ab\0cd" at 80x24, 120x36 and 160x45, every
 * sub-step: each pane's own sentence begins under its own heading (once
 * only the upper one was narrated, above both); at 120x36 and 160x45 the
 * panes leave few rows blank (once about half the screen stayed empty).
 */
static void test_split_narrates_both(void **state)
{
	static const uint8_t w5[] = { 'a', 'b', 0, 'c', 'd' };
	static const struct { int rows, cols, blank; } sizes[] = {
		{ 24, 80, 24 }, { 36, 120, 8 }, { 45, 160, 10 },
	};
	struct wv_app app;

	(void)state;
	assert_int_equal(wv_app_init(&app, w5, sizeof(w5), "ab\\0cd",
				     wv_wat_find("x86-64"), 0, 0, -1), 0);
	wv_app_split(&app, wv_wat_find("ppc64"));
	assert_non_null(app.split_v);
	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		int most = 0;

		for (size_t k = 0; k < app.trace.nsubs; k++) {
			struct wv_frame f = { 0 };
			char up[24], down[24], line[400];
			bool same;
			size_t j;
			int head, blank = 0;

			app.pos = k;
			j = wv_app_split_pos(&app, &same);
			snprintf(up, sizeof(up), "%.20s", app.trace.subs[k].text);
			snprintf(down, sizeof(down), "%.20s", app.split.subs[j].text);
			assert_int_equal(wv_frame_init(&f, sizes[z].rows, sizes[z].cols), 0);
			wv_view_split(&f, &app);
			head = row_with(&f, 2, " ppc64  64-bit");
			if (head < 0 || row_with(&f, 2, up) < 0 || row_with(&f, 2, up) > head ||
			    row_with(&f, head, down) < 0)
				fail_msg("%dx%d, sub-step %zu: the panes' sentences \"%s\" "
					 "and \"%s\" not each under its own heading",
					 sizes[z].cols, sizes[z].rows, k + 1, up, down);
			for (int y = 0; y < f.rows; y++) {
				wv_frame_row_text(&f, y, line, sizeof(line));
				blank += line[strspn(line, " ")] == '\0';
			}
			most = blank > most ? blank : most;
			wv_frame_free(&f);
		}
		printf("# %dx%d: at most %d blank rows\n", sizes[z].cols, sizes[z].rows,
		       most);
		if (most > sizes[z].blank)
			fail_msg("%dx%d: %d blank rows", sizes[z].cols, sizes[z].rows, most);
	}
	wv_app_free(&app);
}

/* ---- a lesson's own split: through its scenes ------------------------------ */

/*
 * "split: NAME" before the first scene: every scene opens with it (a
 * scene's own split: in its place), as --split does; given twice, unknown,
 * or unable to draw a scene's memory (x86-32 under a scene at offset 7),
 * the loader says so with the line.
 */
static void test_lesson_split(void **state)
{
	static const char good[] =
		"title: Two byte orders\nsummary: Both.\nsplit: ppc64\n"
		"scene: One\nword: ab\\0cd\nshow: has_zero\ntext: Both.\n"
		"scene: Two\nword: ab\\0cd\nshow: find_zero\ntext: Still both.\n"
		"scene: Three\nword: ab\\0cd\nshow: find_zero\nsplit: x86-32\n"
		"text: Its own.\n";
	static const struct { const char *text, *says; } bad[] = {
		{ "title: T\nsummary: S.\nsplit: ppc64\nsplit: ppc32\nscene: A\n"
		  "word: ab\nshow: load\ntext: x.\n", "split given twice" },
		{ "title: T\nsummary: S.\nsplit: ppc65\nscene: A\nword: ab\n"
		  "show: load\ntext: x.\n", "unknown variant 'ppc65'" },
		{ "title: T\nsummary: S.\nsplit: x86-32\nscene: A\nword: ab\n"
		  "offset: 7\nshow: load\ntext: x.\n", "the lesson's split: x86-32" },
	};
	const char *want[] = { "ppc64", "ppc64", "x86-32" };
	struct wv_ui_opts o = { .lesson_number = 1, .lesson_slug = "x", .delim = -1,
				.variant = wv_wat_find("x86-64") };
	struct wv_class cls;
	struct wv_app app;
	struct wv_error e;
	wv_lesson *l;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(wv_lesson_parse(bad[i].text, strlen(bad[i].text), &l,
						 &e), -1);
		if (!strstr(e.msg, bad[i].says))
			fail_msg("case %zu: '%s' does not say '%s'", i, e.msg, bad[i].says);
	}
	assert_int_equal(wv_lesson_parse(good, strlen(good), &l, &e), 0);
	assert_ptr_equal(wv_lesson_split(l), wv_wat_find("ppc64"));
	o.lesson = l;
	assert_int_equal(wv_class_init(&cls, &app, &o, NULL), 0);
	for (size_t i = 0; i < 3; i++) {
		wv_class_goto(&cls, i);
		if (!app.split_v || strcmp(app.split_v->name, want[i]) != 0)
			fail_msg("scene %zu: split %s, want %s", i + 1,
				 app.split_v ? app.split_v->name : "none", want[i]);
	}
	wv_class_goto(&cls, 1);	/* back from the scene's own: the lesson's */
	assert_ptr_equal(app.split_v, wv_wat_find("ppc64"));
	wv_class_free(&cls);
	wv_app_free(&app);
	wv_lesson_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_same_memory),
		cmocka_unit_test(test_split_follows_offset),
		cmocka_unit_test(test_split_page_end),
		cmocka_unit_test(test_split_bits_read_as_hex),
		cmocka_unit_test(test_split_labels_whole),
		cmocka_unit_test(test_split_fills_width),
		cmocka_unit_test(test_split_rows_alone),
		cmocka_unit_test(test_split_shift_pairs),
		cmocka_unit_test(test_split_answered_shows),
		cmocka_unit_test(test_split_question_hides),
		cmocka_unit_test(test_split_pairs_by_meaning),
		cmocka_unit_test(test_split_same_call),
		cmocka_unit_test(test_split_narrates_both),
		cmocka_unit_test(test_lesson_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
