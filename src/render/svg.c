/*
 * The SVG renderer: one sub-step as a figure (render/svg.h).  Lays out what
 * the step engine decided; computes nothing.  Every bit sits at a column
 * given by its own x, so the arrows of a borrow chain meet the bits they
 * join whatever font draws them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/svg.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "render/screen.h"

/* The grid, in user units (the figure scales: viewBox). */
#define MARGIN 20
#define LABEL_W 130	/* the row labels, right-aligned */
#define BIT_W 13	/* one bit */
#define GAP 20		/* between byte groups */
#define COL_W (8 * BIT_W + GAP)
#define ROW_H 26
#define MARKS_H 16	/* the line of marks under a row that has any */
#define CHAIN_H 14	/* room for the arrows above a borrow or carry row */
#define HEX_CHARS 19	/* "0x" and 16 digits, and a space */
#define TEXT_CHAR_W 8	/* an average prose character, for wrapping */
#define LEGEND_H 16	/* the legend's second line */
#define BITS_PX 16	/* the bits' font size; a monospace digit is 0.6 em */
#define SPACING (BIT_W - 0.6 * BITS_PX)	/* letter-spacing: BIT_W a digit */

/* The marks, most important first: the class, symbol and word of each. */
static const struct {
	unsigned mark;
	const char *cls;
	char sym;
	const char *word;	/* under the byte */
	const char *said;	/* in <desc> */
} marks[] = {
	{ WV_MARK_ANSWER, "answer", '=', "first", "the first terminator" },
	{ WV_MARK_FALSE_POS, "falsepos", '!', "false", "a false positive" },
	{ WV_MARK_FLAG, "flag", '*', "flag", "a flag" },
	{ WV_MARK_UNMAPPED, "unmapped", 'u', "unmapped", "unmapped" },
	{ WV_MARK_ZERO, "zero", '0', "zero", "a zero byte" },
	{ WV_MARK_KEPT, "kept", 'k', "kept", "kept" },
	{ WV_MARK_PRESTART, "prestart", '-', "pre", "before the start" },
};
#define NMARKS (sizeof(marks) / sizeof(marks[0]))

/*
 * Colours for a white slide: every text colour has a contrast of at least
 * 4.5 against white and against its tint; the symbols say the same without
 * colour.
 */
static const char style[] =
	"text { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; "
	"fill: #1a1a1a; }\n"
	".title { font: bold 19px 'DejaVu Sans', sans-serif; }\n"
	".sub { font: 13px 'DejaVu Sans', sans-serif; fill: #4a4a4a; }\n"
	".prose { font: 14px 'DejaVu Sans', sans-serif; fill: #262626; }\n"
	".head { font-size: 12px; fill: #4a4a4a; }\n"
	".label { font-size: 15px; font-weight: bold; }\n"
	".hex { font-size: 15px; fill: #7b1f7b; }\n"
	".num { font-size: 16px; font-weight: bold; }\n"
	".mark { font: bold 12px 'DejaVu Sans', sans-serif; }\n"
	".chain, .label.chain { fill: #5b1a8c; font-weight: bold; }\n"
	".hot { fill: #a34700; font-weight: bold; text-decoration: underline; }\n"
	".arc { fill: none; stroke: #5b1a8c; stroke-width: 1.4; }\n"
	".focus { fill: none; stroke: #1559b0; stroke-width: 2.2; }\n"
	".bg-answer { fill: #ffe69a; } .mark.answer { fill: #5c4300; }\n"
	".bg-falsepos { fill: #fbd3d3; } .mark.falsepos { fill: #a31212; }\n"
	".bg-flag { fill: #d3f2d3; } .mark.flag { fill: #1b5e20; }\n"
	".bg-unmapped { fill: #ececec; stroke: #777; stroke-dasharray: 3 2; } "
	".mark.unmapped { fill: #4d4d4d; }\n"
	".bg-zero { fill: #d9eef8; } .mark.zero { fill: #0b4f80; }\n"
	".bg-kept { fill: #e6ecfa; } .mark.kept { fill: #1a3f8f; }\n"
	".bg-prestart { fill: #efefef; } .mark.prestart { fill: #4d4d4d; }\n"
	".legend { font: 12px 'DejaVu Sans', sans-serif; fill: #4a4a4a; }\n";

struct fig {
	FILE *f;
	const struct wv_trace *t;
	unsigned nb;		/* bytes in a word */
	int x0;			/* the first byte column */
	int xhex;		/* the hex values */
	int width;
};

/* s as XML character data: markup escaped, bytes outside ASCII as '?'. */
static void xml(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(c >= 0x20 && c < 0x7f ? c : '?', f);
		}
	}
}

/* The index into marks[] of the mark that colours a byte, or -1. */
static int main_mark(unsigned m)
{
	for (size_t i = 0; i < NMARKS; i++)
		if (m & marks[i].mark)
			return (int)i;
	return -1;
}

/* The x of the centre of bit `bit` of a word row (MSB left). */
static double bit_x(const struct fig *g, unsigned bit)
{
	unsigned c = g->nb - 1 - bit / 8;	/* the byte column */

	return g->x0 + (int)c * COL_W + (int)(7 - bit % 8) * BIT_W + BIT_W / 2.0;
}

/* The x of the centre of byte column c (0 leftmost). */
static int col_x(unsigned c)
{
	return (int)c * COL_W + 4 * BIT_W;
}

/* Are all word rows of s of one word, the step's?  (The zeropad fixup's
   shift holds the aligned word and the load's: its columns are then
   named as register bytes, one heading having room for one word.) */
static bool one_word(const struct wv_trace *t, const struct wv_substep *s)
{
	for (unsigned k = 0; k < s->nrows; k++)
		if (s->rows[k].width == t->v->bits &&
		    s->rows[k].address != t->words[t->steps[s->step].word].address)
			return false;
	return true;
}

static void heading(const struct fig *g, int y, const struct wv_substep *s)
{
	const struct wv_trace *t = g->t;
	bool mem = s->mem_columns && one_word(t, s);
	const char *what = mem ? "memory" : "reg byte";

	fprintf(g->f, "<text class=\"head\" x=\"%d\" y=\"%d\" text-anchor=\"end\">",
		g->x0 - 14, y);
	xml(g->f, what);
	fputs("</text>\n", g->f);
	for (unsigned c = 0; c < g->nb; c++) {
		unsigned r = g->nb - 1 - c;

		fprintf(g->f, "<text class=\"head\" x=\"%d\" y=\"%d\" "
			"text-anchor=\"middle\">", g->x0 + col_x(c), y);
		if (mem)
			fprintf(g->f, "@%zu", t->words[t->steps[s->step].word].address +
				t->reg_to_mem[r]);
		else
			fprintf(g->f, "%u", r);
		fputs("</text>\n", g->f);
	}
	fprintf(g->f, "<text class=\"head\" x=\"%d\" y=\"%d\">hex</text>\n",
		g->xhex, y);
}

/* The tint and frame of each marked byte of a row whose text is at y. */
static void byte_backs(const struct fig *g, const struct wv_row *row, int y)
{
	for (unsigned c = 0; c < g->nb; c++) {
		unsigned r = g->nb - 1 - c;
		int m = main_mark(row->bytes[r]);
		int x = g->x0 + (int)c * COL_W - 3;

		if (row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
			m = -1;		/* the chain is what matters there */
		if (m >= 0)
			fprintf(g->f, "<rect class=\"bg-%s\" x=\"%d\" y=\"%d\" "
				"width=\"%d\" height=\"%d\" rx=\"3\"/>\n", marks[m].cls,
				x, y - 17, 8 * BIT_W + 6, 23);
		if (row->bytes[r] & WV_MARK_HILITE)
			fprintf(g->f, "<rect class=\"focus\" x=\"%d\" y=\"%d\" "
				"width=\"%d\" height=\"%d\" rx=\"3\"/>\n", x, y - 17,
				8 * BIT_W + 6, 23);
	}
}

/*
 * The bits of byte column c of a word row: one <text> whose content is the
 * byte's 8 bits, centred on the column, lit bits in a <tspan> of their
 * own.  Monospace digits with a letter-spacing make each bit BIT_W wide
 * (renderers differ on per-glyph x lists and textLength; not on this).
 */
static void byte_bits(const struct fig *g, const struct wv_row *row, unsigned c,
		      int y)
{
	unsigned r = g->nb - 1 - c;
	const char *lit = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY
			  ? "chain" : "hot";
	int run = 0;		/* 1 inside a lit tspan */

	/* the spacing after the last digit is part of the text's width */
	fprintf(g->f, "<text class=\"bits\" x=\"%.1f\" y=\"%d\" "
		"text-anchor=\"middle\">", g->x0 + col_x(c) + SPACING / 2, y);
	for (int b = 7; b >= 0; b--) {
		uint64_t m = UINT64_C(1) << (r * 8 + (unsigned)b);
		int on = (row->bits & m) != 0;

		if (on != run)
			fprintf(g->f, on ? "<tspan class=\"%s\">" : "</tspan>", lit);
		run = on;
		fputc(row->value & m ? '1' : '0', g->f);
	}
	fputs(run ? "</tspan></text>\n" : "</text>\n", g->f);
}

/*
 * The chain of a borrow row (bit i borrowed from bit i + 1) or a carry row
 * (a carry came into bit i from bit i - 1): one arrow over each unbroken
 * run of links, from the bit where it starts to the bit it reaches, toward
 * the more significant end, leftward.
 */
static void chain(const struct fig *g, const struct wv_row *row, int y)
{
	int top = y - 18;
	unsigned w = row->width;

	for (unsigned i = 0; i < w; i++) {
		unsigned lo, hi;
		double x1, x2;

		if (!(row->bits & (UINT64_C(1) << i)))
			continue;
		lo = i;
		while (i + 1 < w && (row->bits & (UINT64_C(1) << (i + 1))))
			i++;
		hi = i;
		/* a borrow run lo..hi takes from hi + 1; a carry run came
		   from lo - 1 and reaches hi */
		if (row->kind == WV_ROW_CARRY && lo == 0 && hi == 0)
			continue;
		if (row->kind == WV_ROW_CARRY) {
			x1 = bit_x(g, lo ? lo - 1 : 0);
			x2 = bit_x(g, hi);
		} else {
			x1 = bit_x(g, lo);
			x2 = hi + 1 < w ? bit_x(g, hi + 1) : bit_x(g, hi) - BIT_W;
		}
		fprintf(g->f, "<path class=\"arc\" d=\"M %.1f %d C %.1f %d %.1f %d "
			"%.1f %d\" marker-end=\"url(#arrow)\"/>\n", x1, top, x1,
			top - 9, x2, top - 9, x2 + 1, top - 1);
	}
}

/* The marks under a row: each marked byte's symbols and its word. */
static void marks_line(const struct fig *g, const struct wv_row *row, int y)
{
	for (unsigned c = 0; c < g->nb; c++) {
		unsigned r = g->nb - 1 - c, m = row->bytes[r];
		int main = main_mark(m);
		char syms[8];
		size_t n = 0;

		if (main < 0 || row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
			continue;
		for (size_t i = 0; i < NMARKS && n < 3; i++)
			if ((m & marks[i].mark) && !(marks[i].mark == WV_MARK_FLAG &&
						     (m & WV_MARK_FALSE_POS)))
				syms[n++] = marks[i].sym;
		syms[n] = '\0';
		fprintf(g->f, "<text class=\"mark %s\" x=\"%d\" y=\"%d\" "
			"text-anchor=\"middle\">%s %s</text>\n", marks[main].cls,
			g->x0 + col_x(c), y, syms, marks[main].word);
	}
}

static bool row_marked(const struct fig *g, const struct wv_row *row)
{
	if (row->width == 0 || row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
		return false;
	for (unsigned r = 0; r < g->nb; r++)
		if (main_mark(row->bytes[r]) >= 0)
			return true;
	return false;
}

/* One row at baseline y; returns the baseline of the next. */
static int row_out(const struct fig *g, const struct wv_row *row, int y)
{
	bool chainrow = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY;

	if (chainrow)
		y += CHAIN_H;
	fprintf(g->f, "<text class=\"label%s\" x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">", chainrow ? " chain" : "", g->x0 - 14, y);
	xml(g->f, row->label);
	fputs("</text>\n", g->f);
	if (row->width == 0) {
		fprintf(g->f, "<text class=\"num\" x=\"%d\" y=\"%d\">= %llu</text>\n",
			g->x0, y, (unsigned long long)row->value);
		return y + ROW_H;
	}
	byte_backs(g, row, y);
	if (row->width == 8 && g->t->v->bits != 8) {
		/* an 8-bit map (alpha): bit i under register byte i's column */
		for (unsigned c = 0; c < g->nb; c++) {
			uint64_t m = UINT64_C(1) << (g->nb - 1 - c);

			fprintf(g->f, "<text class=\"bits%s\" x=\"%d\" y=\"%d\" "
				"text-anchor=\"middle\">%c</text>\n",
				row->bits & m ? " hot" : "", g->x0 + col_x(c), y,
				row->value & m ? '1' : '0');
		}
		fprintf(g->f, "<text class=\"hex\" x=\"%d\" y=\"%d\">0x%02llx</text>\n",
			g->xhex, y, (unsigned long long)row->value);
	} else {
		if (chainrow)
			chain(g, row, y);
		for (unsigned c = 0; c < g->nb; c++)
			byte_bits(g, row, c, y);
		fprintf(g->f, "<text class=\"hex\" x=\"%d\" y=\"%d\">0x%0*llx</text>\n",
			g->xhex, y, (int)row->width / 4, (unsigned long long)row->value);
	}
	if (row_marked(g, row)) {
		marks_line(g, row, y + MARKS_H);
		y += MARKS_H;
	}
	return y + ROW_H;
}

/* Prose wrapped at width characters from baseline y; returns the next. */
static int prose(const struct fig *g, int y, size_t width, const char *s)
{
	while (*s) {
		size_t cut = wv_wrap_cut(s, width);

		fprintf(g->f, "<text class=\"prose\" x=\"%d\" y=\"%d\">", MARGIN, y);
		for (size_t i = 0; i < cut; i++) {
			char one[2] = { s[i], '\0' };

			xml(g->f, one);
		}
		fputs("</text>\n", g->f);
		y += 19;
		s += cut;
		while (*s == ' ')
			s++;
	}
	return y;
}

/* Height of the rows of s, as row_out lays them out. */
static int rows_height(const struct fig *g, const struct wv_substep *s)
{
	int h = 0;

	for (unsigned i = 0; i < s->nrows; i++) {
		const struct wv_row *row = &s->rows[i];

		h += ROW_H;
		if (row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY)
			h += CHAIN_H;
		if (row_marked(g, row))
			h += MARKS_H;
	}
	return h;
}

static size_t prose_lines(size_t width, const char *s)
{
	size_t lines = 0;

	while (*s) {
		size_t cut = wv_wrap_cut(s, width);

		lines++;
		s += cut;
		while (*s == ' ')
			s++;
	}
	return lines;
}

/* For <desc>: every row as "label = value" and the marks in words. */
static void describe(const struct fig *g, const struct wv_substep *s)
{
	const struct wv_trace *t = g->t;

	for (unsigned i = 0; i < s->nrows; i++) {
		const struct wv_row *row = &s->rows[i];
		bool first = true;

		fputs(i ? ". " : " Rows: ", g->f);
		xml(g->f, row->label);
		if (row->width == 0)
			fprintf(g->f, " = %llu", (unsigned long long)row->value);
		else
			fprintf(g->f, " = 0x%0*llx", (int)(row->width / 4 ? row->width / 4 : 1),
				(unsigned long long)row->value);
		if (row->width == 0 || row->kind == WV_ROW_BORROW ||
		    row->kind == WV_ROW_CARRY || !s->mem_columns || row->width == 8)
			continue;
		for (unsigned r = 0; r < g->nb; r++) {
			int m = main_mark(row->bytes[r]);

			if (m < 0 || marks[m].mark == WV_MARK_PRESTART)
				continue;
			fprintf(g->f, "%smemory %zu: %s", first ? " (" : "; ",
				t->words[t->steps[s->step].word].address +
				t->reg_to_mem[r], marks[m].said);
			first = false;
		}
		if (!first)
			fputc(')', g->f);
	}
	fputc('.', g->f);
}

int wv_svg_substep(FILE *out, const struct wv_trace *t, size_t k,
		   const struct wv_svg_opts *o)
{
	const struct wv_substep *s;
	const struct wv_step *st;
	struct fig g = { .f = out, .t = t, .nb = t->word_bytes };
	size_t width_chars;
	int height, y;
	bool words = false;

	if (k >= t->nsubs)
		return -EINVAL;
	s = &t->subs[k];
	st = &t->steps[s->step];
	g.x0 = MARGIN + LABEL_W;
	g.xhex = g.x0 + (int)g.nb * COL_W + 4;
	g.width = g.xhex + HEX_CHARS * 9 + MARGIN;
	width_chars = (size_t)(g.width - 2 * MARGIN) / TEXT_CHAR_W;
	for (unsigned i = 0; i < s->nrows; i++)
		words |= s->rows[i].width != 0;
	/* the baselines below, added up: title, subtitle, prose, ruler,
	   rows, legend */
	height = MARGIN + 19 + 24 + 22 + (int)prose_lines(width_chars, s->text) * 19 +
		 10 + (words ? 28 : 0) + rows_height(&g, s) + LEGEND_H + 8 + MARGIN;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
		"aria-labelledby=\"title desc\">\n<title id=\"title\">", g.width,
		height, g.width, height);
	fputs("watviz: ", out);
	xml(out, st->func);
	fprintf(out, ", sub-step %zu of %zu (", k - st->first + 1, st->nsub);
	xml(out, s->expr);
	fputs(") on ", out);
	xml(out, t->v->name);
	if (o && o->word_src) {
		fputs(", word \"", out);
		xml(out, o->word_src);
		fputc('"', out);
	}
	fputs("</title>\n<desc id=\"desc\">", out);
	xml(out, s->text);
	describe(&g, s);
	fprintf(out, "</desc>\n<style>\n%s.bits { font-size: %dpx; "
		"letter-spacing: %.1fpx; }\n</style>\n<defs><marker id=\"arrow\" "
		"viewBox=\"0 0 6 6\" refX=\"5\" refY=\"3\" markerWidth=\"6\" "
		"markerHeight=\"6\" orient=\"auto\"><path d=\"M 0 0 L 6 3 L 0 6 z\" "
		"fill=\"#5b1a8c\"/></marker></defs>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n", style,
		BITS_PX, SPACING);

	y = MARGIN + 19;
	fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\">", MARGIN, y);
	xml(out, st->func);
	fprintf(out, ", sub-step %zu/%zu: ", k - st->first + 1, st->nsub);
	xml(out, s->expr);
	if (o && o->name) {
		fputs("  [", out);
		xml(out, o->name);
		fputc(']', out);
	}
	fputs("</text>\n", out);
	y += 24;
	fprintf(out, "<text class=\"sub\" x=\"%d\" y=\"%d\">", MARGIN, y);
	xml(out, t->v->name);
	fprintf(out, ", %u-bit %s-endian; word at memory %zu", t->v->bits,
		t->v->endian == WV_LITTLE ? "little" : "big",
		t->words[st->word].address);
	if (o && o->word_src) {
		fputs(" of \"", out);
		xml(out, o->word_src);
		fputc('"', out);
	}
	fputs("; ", out);
	xml(out, st->file);
	fputs("</text>\n", out);
	y = prose(&g, y + 22, width_chars, s->text);
	y += 10;
	if (words) {
		heading(&g, y, s);
		y += 28;
	}
	for (unsigned i = 0; i < s->nrows; i++)
		y = row_out(&g, &s->rows[i], y);
	fprintf(out, "<text class=\"legend\" x=\"%d\" y=\"%d\">marks: * flag  "
		"! false positive  = first terminator (the answer)  0 zero byte"
		"</text>\n<text class=\"legend\" x=\"%d\" y=\"%d\">"
		"- pre-start  k kept by zero_bytemask  u unmapped%s</text>\n",
		MARGIN, y, MARGIN, y + LEGEND_H,
		s->op == WV_OP_SUB || s->op == WV_OP_ADD
		? "; arrows: the borrow or carry chain" : "");
	fputs("</svg>\n", out);
	fflush(out);
	return ferror(out) ? -EIO : 0;
}
