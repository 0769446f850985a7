/*
 * The HTML renderer: the page, its style sheet, and a trace (or two, with
 * --split) as one self-contained page; the parts of it (htmlparts.h) the
 * handouts, prints and question sheets of html_handout.c use too.  Lays
 * out what the step engine decided, in the plain text's order and with its
 * symbols (render/look.h).  Computes nothing itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/html.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render/hide.h"
#include "render/look.h"
#include "render/weblink.h"
#include "lesson/pace.h"

#include "htmlparts.h"

/*
 * The style sheet.  Colours by look (render/look.h names), each at least
 * 4.5:1 on white; the symbols and words carry the same meaning without them.
 * A table of bits scrolls sideways in its .wide block, so the page never
 * does; printed, the text and the tables shrink to fit A4 and Letter (9 pt
 * prose, 8 pt tables and sources, nothing smaller), a sub-step, a table or
 * a question is not cut between pages and no heading ends one, lessons
 * follow each other, the answers section starts a page of its own (so it
 * can be kept back; a worked answer may go on over a page), each lesson's
 * question sheet is a page, and links to the web page are left out.
 */
static const char css[] =
	":root{color-scheme:light}\n"
	"html{-webkit-text-size-adjust:100%;text-size-adjust:100%}\n"
	"body{margin:0 auto;max-width:64rem;padding:.75rem 1rem;color:#1b1b1b;"
	"background:#fff;font:1rem/1.5 \"DejaVu Sans\",system-ui,sans-serif;"
	"overflow-wrap:anywhere}\n"
	"h1{font-size:1.45rem;line-height:1.25}h2{font-size:1.25rem;margin-top:2rem}"
	"h3{font-size:1.1rem;margin-top:1.5rem}h4{font-size:1rem;margin:1rem 0 .25rem}\n"
	"code,.wide,.sym{font-family:\"DejaVu Sans Mono\",ui-monospace,monospace}\n"
	"h1 code,h2 code,h3 code,h4 code{font-size:.95em}\n"
	".file,.count,.note{color:#4d5259;font-weight:normal}\n"
	".wide{overflow-x:auto;max-width:100%;margin:.25rem 0 .75rem}\n"
	".wide table{border-collapse:collapse;white-space:nowrap;font-size:.85rem;"
	"overflow-wrap:normal}\n"
	".wide th,.wide td{padding:0 .4em;text-align:left;vertical-align:top}\n"
	".wide thead th,.mem th[scope=row]{font-weight:normal;color:#4d5259}\n"
	".bits tbody th{font-weight:normal;padding-right:1em}\n"
	".bits tr>:first-child{position:sticky;left:0;background:#fff}\n"
	".bits tr.result th{font-weight:bold}\n"
	".bits td.hex{padding-left:1em}\n"
	".bits tr.marks td,.bits tr.carets td{font-size:.85em;line-height:1.2}\n"
	".bits tr.carets td{white-space:pre}\n"
	".mem .wb{border-left:1px solid #767676}.mem .edge{border-left:4px double #1b1b1b}\n"
	".mem td{text-align:center}\n"
	"caption{text-align:left;white-space:normal;color:#4d5259;"
	"font:.9rem \"DejaVu Sans\",system-ui,sans-serif}\n"
	"caption span{white-space:nowrap}\n"
	".flag{color:#17612b;font-weight:bold}\n"
	".false-pos{color:#a8201a;font-weight:bold;text-decoration:underline wavy}\n"
	".answer{color:#6b4500;background:#fff0c2;font-weight:bold}\n"
	".zero,.nul{color:#00656e}\n"
	".kept{color:#1c46c8}\n"
	".chain{color:#85209c;font-weight:bold}\n"
	".hilite{text-decoration:underline;text-underline-offset:2px;font-weight:bold}\n"
	".prestart,.fill,.unmapped{color:#595e66}\n"
	".legend{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;padding:0;margin:.25rem 0;"
	"list-style:none}\n"
	".sym{display:inline-block;min-width:1.3em;text-align:center}\n"
	".question{border-left:4px solid #4d5259;padding:.1rem 0 .1rem .9rem;margin:1rem 0}\n"
	".sources li{margin:.2rem 0}\n"
	".chart td.b{width:50%;min-width:6rem}\n"
	".chart .bar{height:.9em;color:#fff;background:#4d5259}\n"
	".chart .bar.prod{color:#fff;background:#00656e}\n"
	"@media print{\n"
	" body{max-width:none;padding:0;font-size:9pt;line-height:1.25}\n"
	" *{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	" @page{margin:10mm}\n"
	" p,ol,ul{margin:.25em 0}\n"
	" h1{font-size:13pt;margin:.4em 0 .2em}h2{font-size:11pt;margin:.8em 0 .2em}\n"
	" h3,.memory h2{font-size:10pt;margin:.6em 0 .15em}"
	"h4,h5{font-size:9pt;margin:.4em 0 .1em}caption{font-size:9pt}\n"
	" .wide{overflow:visible;margin:.1em 0 .3em}"
	".wide table{font-size:8pt;line-height:1.15}\n"
	" .bits tr.marks td,.bits tr.carets td{font-size:1em;line-height:1.15}\n"
	" .question{margin:.5em 0}.sources{font-size:8pt}.sources li{margin:0}"
	".legend{gap:0 1em}\n"
	" .question p.note{display:inline}"
	".question p.note+p.note::before{content:\" \\2014  \"}\n"
	" section.sub,.question,.wide,.sheet-q,.step,.where{break-inside:avoid}\n"
	" h1,h2,h3,h4,h5,.lead,.where,.step{break-after:avoid}\n"
	" .answers-all,article.sheet+article.sheet{break-before:page}\n"
	" .web{display:none}\n"
	" a{color:inherit;text-decoration:none}\n"
	"}\n";


/* The register byte in byte column c: the top byte leftmost, as the
   number is written, in every table (each variant's in its own order). */
static unsigned col_reg(const struct html *h, unsigned c)
{
	return h->t->word_bytes - 1 - c;
}

/* ---- text ---------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (2 to 4), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 :
		   s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : 0;

	if (s[0] >= 0xf5 || (s[0] >= 0x80 && s[0] < 0xc2))
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* no overlong forms, surrogates or code points past U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* The first n bytes of s (or up to its NUL) as HTML text. */
static void text_n(FILE *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end && *p) {
		size_t k;

		switch (*p) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\n': fputc('\n', out); break;
		default:
			if (*p >= 0x80 && (k = utf8_len(p)) > 0 && k <= (size_t)(end - p)) {
				fwrite(p, 1, k, out);
				p += k;
				continue;
			}
			if (*p < 0x20 || *p >= 0x7f)
				fprintf(out, "\\x%02x", *p);
			else
				fputc(*p, out);
		}
		p++;
	}
}

void wv_html_text(FILE *out, const char *s)
{
	text_n(out, s, strlen(s));
}

/* An element with escaped text: <tag class="name">text</tag>. */
void html_elem(FILE *f, const char *tag, const char *name, const char *text)
{
	if (name)
		fprintf(f, "<%s class=\"%s\">", tag, name);
	else
		fprintf(f, "<%s>", tag);
	wv_html_text(f, text);
	fprintf(f, "</%s>", tag);
}

/* Each '\n'-separated paragraph of text as a <p>, the last one left open
   (true) for the caller to add to and close; false: no paragraph. */
bool html_paragraphs_open(FILE *f, const char *text)
{
	bool open = false;

	while (text && *text) {
		size_t n = strcspn(text, "\n");

		if (n) {
			fputs(open ? "</p>\n<p>" : "<p>", f);
			text_n(f, text, n);
			open = true;
		}
		text += n;
		if (*text == '\n')
			text++;
	}
	return open;
}

/* Each '\n'-separated paragraph of text as a <p>. */
void html_paragraphs(FILE *f, const char *text)
{
	if (html_paragraphs_open(f, text))
		fputs("</p>\n", f);
}

/* The class attribute of look, or nothing for WV_LOOK_NONE. */
static void cls(FILE *f, enum wv_look look)
{
	if (look != WV_LOOK_NONE)
		fprintf(f, " class=\"%s\"", wv_looks[look].name);
}

/* ---- the page ------------------------------------------------------------ */

int wv_html_begin(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"watviz\">\n<title>", out);
	if (strlen(title) <= WV_HTML_TITLE_MAX) {
		wv_html_text(out, title);
	} else {
		/* room for the ellipsis; back to the start of a character */
		size_t n = WV_HTML_TITLE_MAX - 3;

		while (n > 0 && ((unsigned char)title[n] & 0xc0) == 0x80)
			n--;
		text_n(out, title, n);
		fputs("\xe2\x80\xa6", out);	/* U+2026 */
	}
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
	return ferror(out) ? -EIO : 0;
}

int wv_html_end(FILE *out)
{
	fputs("</body>\n</html>\n", out);
	fflush(out);
	return ferror(out) ? -EIO : 0;
}

/* A legend's items, each its symbol in its look and what it means. */
static void legend_items(FILE *f, const struct wv_look_legend *l, const char *what,
			 bool unmapped)
{
	for (; l->means; l++) {
		if (l->look == WV_LOOK_UNMAPPED && !unmapped)
			continue;
		fprintf(f, "<li>%s<span", what);
		cls(f, l->look);
		fprintf(f, "><span class=\"sym\">%c</span></span> ",
			wv_looks[l->look].sym);
		wv_html_text(f, l->means);
		fputs("</li>\n", f);
	}
}

/* The legend of the marks and of the memory roles, as the plain text's. */
void html_legend(const struct html *h, bool unmapped)
{
	FILE *f = h->f;

	fputs("<section class=\"legend-box\">\n<h2>How to read it</h2>\n"
	      "<p>Under each byte of a row, symbols say what it is; colour only "
	      "repeats them. Bits are grouped by byte, most significant first; "
	      "the column heads name the memory address (<code>@0</code> "
	      "leftmost on big-endian, rightmost on little-endian). Borrow and "
	      "carry rows hold the 0/1 bits that cross between bits.</p>\n"
	      "<ul class=\"legend\" aria-label=\"marks\">\n", f);
	legend_items(f, wv_look_legend_marks, "", unmapped);
	fputs("</ul>\n<ul class=\"legend\" aria-label=\"memory roles\">\n", f);
	legend_items(f, wv_look_legend_memory, "memory ", unmapped);
	fputs("</ul>\n</section>\n", f);
}

/* ---- memory -------------------------------------------------------------- */

/* The border before byte i of a memory line: word boundaries, the page edge. */
static const char *mem_edge(const struct wv_trace *t, size_t base, size_t i)
{
	static const char *const edge[] = { "", " class=\"wb\"", " class=\"edge\"" };

	return edge[wv_look_edge(t, base, i)];
}

void html_memory(const struct html *h)
{
	const struct wv_trace *t = h->t;
	FILE *f = h->f;
	size_t per = 16, nb = t->word_bytes, edge = t->img.page_end;
	size_t mapped = edge ? edge : t->img.len;

	/* the caption breaks only between its phrases: a short one widens
	   its table rather than wrap, a long one never pushes the table past
	   the page (which a print then shrinks whole) */
	fputs("<section class=\"memory\">\n<h2>Memory</h2>\n<div class=\"wide\">"
	      "<table class=\"mem\">\n<caption><span>", f);
	if (edge)
		fprintf(f, "%zu bytes mapped, %zu word%s of %u,</span> <span>then an "
			"unmapped page from memory %zu</span> <span>(u: no memory "
			"there, -- no byte to show);</span> <span>address 0 is "
			"aligned", mapped, mapped / nb, mapped / nb == 1 ? "" : "s",
			t->word_bytes, edge);
	else
		fprintf(f, "%zu bytes, %zu word%s of %u; address 0 is aligned",
			t->img.len, t->img.len / nb, t->img.len / nb == 1 ? "" : "s",
			t->word_bytes);
	fputs("</span></caption>\n", f);
	for (size_t base = 0; base < t->img.len; base += per) {
		size_t end = base + per < t->img.len ? base + per : t->img.len;

		fputs("<tbody>\n<tr><th scope=\"row\">addr</th>", f);
		for (size_t i = base; i < end; i++)
			fprintf(f, "<th scope=\"col\"%s>%zu</th>", mem_edge(t, base, i), i);
		fputs("</tr>\n<tr><th scope=\"row\">hex</th>", f);
		for (size_t i = base; i < end; i++) {
			fprintf(f, "<td%s><span", mem_edge(t, base, i));
			cls(f, wv_look_mem(t, i));
			if (i < mapped)	/* past the edge there is no byte to show */
				fprintf(f, ">%02x</span></td>", t->img.mem[i]);
			else
				fputs(">--</span></td>", f);
		}
		fputs("</tr>\n<tr><th scope=\"row\">char</th>", f);
		for (size_t i = base; i < end; i++) {
			char cell[3] = "--";

			if (i < mapped)
				wv_look_char(cell, t->img.mem[i]);
			fprintf(f, "<td%s>", mem_edge(t, base, i));
			wv_html_text(f, cell[0] == ' ' ? cell + 1 : cell);
			fputs("</td>", f);
		}
		fputs("</tr>\n<tr><th scope=\"row\">role</th>", f);
		for (size_t i = base; i < end; i++) {
			fprintf(f, "<td%s><span", mem_edge(t, base, i));
			cls(f, wv_look_mem(t, i));
			fprintf(f, ">%c</span></td>", wv_looks[wv_look_mem(t, i)].sym);
		}
		fputs("</tr>\n", f);
		if (!wv_hide_detail(&h->hide) && t->answer >= base && t->answer < end) {
			fputs("<tr><th scope=\"row\">found</th>", f);
			for (size_t i = base; i < end; i++)
				fprintf(f, "<td%s>%s</td>", mem_edge(t, base, i),
					i == t->answer ? "<span class=\"answer\">=</span>" : "");
			fputs("</tr>\n", f);
		}
		fputs("</tbody>\n", f);
	}
	fputs("</table></div>\n", f);
	if (!wv_hide_detail(&h->hide))
		fprintf(f, "<p><span class=\"answer\"><span class=\"sym\">=</span> first "
			"%s</span> at memory %zu.</p>\n",
			t->answer_is_delim ? "delimiter" : "NUL", t->answer);
	fputs("</section>\n", f);
}

/* ---- rows ---------------------------------------------------------------- */

/* The column heads: each byte column's memory address, or its byte number. */
static void ruler(const struct html *h, size_t address, bool mem, bool head)
{
	const struct wv_trace *t = h->t;

	fprintf(h->f, "%s<tr><th scope=\"col\">%s</th>", head ? "<thead>" : "",
		mem ? "memory" : "reg byte");
	for (unsigned c = 0; c < t->word_bytes; c++) {
		unsigned r = col_reg(h, c);	/* leftmost is the top byte */

		if (mem)
			fprintf(h->f, "<th scope=\"col\">@%zu</th>", address + t->reg_to_mem[r]);
		else
			fprintf(h->f, "<th scope=\"col\">%u</th>", r);
	}
	fprintf(h->f, "<th scope=\"col\">hex</th></tr>%s\n", head ? "</thead>" : "");
}

/* One byte of a word row: its eight bits, a span per run of one look. */
static void byte_bits(const struct html *h, const struct wv_row *row, unsigned r)
{
	enum wv_look cur = WV_LOOK_COUNT;

	fputs("<td>", h->f);
	for (int bit = (int)r * 8 + 7; bit >= (int)r * 8; bit--) {
		enum wv_look look = wv_look_bit(row, (unsigned)bit, h->hide.on);

		if (look != cur) {
			if (cur != WV_LOOK_COUNT)
				fputs("</span>", h->f);
			fputs("<span", h->f);
			cls(h->f, look);
			fputc('>', h->f);
			cur = look;
		}
		fputc(row->value & (UINT64_C(1) << bit) ? '1' : '0', h->f);
	}
	fputs("</span></td>", h->f);
}

/* The marks under a row: each marked byte's symbols and word. */
static void marks_row(const struct html *h, const struct wv_row *row)
{
	const struct wv_trace *t = h->t;
	char syms[8][4];
	enum wv_look looks[8];
	bool any = false;

	for (unsigned c = 0; c < t->word_bytes; c++) {
		looks[c] = wv_look_syms(row->bytes[col_reg(h, c)], h->hide.on, syms[c]);
		any |= syms[c][0] != '\0';
	}
	if (!any)
		return;
	fputs("<tr class=\"marks\"><td></td>", h->f);
	for (unsigned c = 0; c < t->word_bytes; c++) {
		if (!syms[c][0]) {
			fputs("<td></td>", h->f);
			continue;
		}
		fputs("<td><span", h->f);
		cls(h->f, looks[c]);
		fputc('>', h->f);
		wv_html_text(h->f, syms[c]);
		fprintf(h->f, " %s</span></td>", wv_looks[looks[c]].word);
	}
	fputs("<td></td></tr>\n", h->f);
}

/* A row of ^ under the bits a step is about (spaces kept: white-space pre). */
static void caret_row(const struct html *h, const struct wv_row *row)
{
	const struct wv_trace *t = h->t;

	fputs("<tr class=\"carets\"><td><span class=\"note\">^ these bits</span></td>",
	      h->f);
	for (unsigned c = 0; c < t->word_bytes; c++) {
		unsigned r = col_reg(h, c);
		char cell[9] = "";
		size_t n = 0;

		if (row->width == 8)	/* an 8-bit map: bit r in byte column r */
			cell[n++] = row->bits & (UINT64_C(1) << r) ? '^' : ' ';
		else
			for (int bit = (int)r * 8 + 7; bit >= (int)r * 8; bit--)
				cell[n++] = row->bits & (UINT64_C(1) << bit) ? '^' : ' ';
		while (n && cell[n - 1] == ' ')
			n--;
		cell[n] = '\0';
		if (n)
			fprintf(h->f, "<td><span class=\"hilite\">%s</span></td>", cell);
		else
			fputs("<td></td>", h->f);
	}
	fputs("<td></td></tr>\n", h->f);
}

static const char *row_class(const struct wv_row *row)
{
	switch (row->kind) {
	case WV_ROW_BORROW:
	case WV_ROW_CARRY: return "chain-row";
	case WV_ROW_RESULT: return "result";
	case WV_ROW_CONST: return "const";
	case WV_ROW_PARTIAL: return "partial";
	default: return "input";
	}
}

/* Row ri of sub-step k, as the class may see it (render/hide.h). */
static void row_out(const struct html *h, size_t k, unsigned ri)
{
	const struct wv_trace *t = h->t;
	unsigned nb = t->word_bytes;
	struct wv_row shown;
	const struct wv_row *row = &shown;
	bool hidden = wv_hide_row(&h->hide, t, k, ri, &shown);

	fprintf(h->f, "<tr class=\"%s\"><th scope=\"row\">", row_class(row));
	if (ri < 32 && (h->differ >> ri & 1))	/* --split: not as the other's */
		fputs("<strong class=\"differs\" title=\"differs from the other "
		      "variant's\">&lt;&gt;</strong> ", h->f);
	else if (ri < 32 && (h->alone >> ri & 1))	/* --split: none there */
		fputs("<strong class=\"alone\" title=\"the other variant has no row "
		      "for it\">+</strong> ", h->f);
	wv_html_text(h->f, row->label);
	fputs("</th>", h->f);
	if (hidden) {
		/* the question's answer, or what gives it away: '?' */
		if (row->width == 0) {
			fprintf(h->f, "<td colspan=\"%u\">= ?</td></tr>\n", nb + 1);
			return;
		}
		for (unsigned c = 0; c < nb; c++)
			fputs(row->width == 8 ? "<td>?</td>" : "<td>????????" "</td>", h->f);
		fputs("<td class=\"hex\">?</td></tr>\n", h->f);
		return;
	}
	if (row->width == 0) {
		fprintf(h->f, "<td colspan=\"%u\">= %llu</td></tr>\n", nb + 1,
			(unsigned long long)row->value);
		return;
	}
	for (unsigned c = 0; c < nb; c++) {
		unsigned r = col_reg(h, c);

		if (row->width == 8) {	/* an 8-bit map: bit r in byte column r */
			fputs("<td><span", h->f);
			cls(h->f, wv_look_shown(row->bytes[r], h->hide.on));
			fprintf(h->f, ">%c</span></td>",
				row->value & (UINT64_C(1) << r) ? '1' : '0');
		} else {
			byte_bits(h, row, r);
		}
	}
	fprintf(h->f, "<td class=\"hex\">%0*llx</td></tr>\n", (int)row->width / 4,
		(unsigned long long)row->value);
	marks_row(h, row);
	if (wv_look_caret_line(row, h->hide.on))
		caret_row(h, row);
}

/* ---- steps --------------------------------------------------------------- */

static bool has_word_rows(const struct wv_substep *s)
{
	for (unsigned i = 0; i < s->nrows; i++)
		if (s->rows[i].width != 0)
			return true;
	return false;
}

/* Sub-step k under a heading of level (4: inside a step's h3). */
void html_substep(const struct html *h, size_t k, int level)
{
	const struct wv_trace *t = h->t;
	const struct wv_substep *s = &t->subs[k];
	const struct wv_step *st = &t->steps[s->step];
	char buf[WV_TEXT_MAX];

	fprintf(h->f, "<section class=\"sub\">\n<h%d>%zu.%zu <code class=\"expr\">",
		level, s->step + 1, k - st->first + 1);
	wv_html_text(h->f, s->expr);
	fprintf(h->f, "</code> <span class=\"count\">sub-step %zu of %zu</span></h%d>\n",
		k + 1, t->nsubs, level);
	if (h->web_url) {
		char link[WV_WEBLINK_MAX];

		wv_weblink_trace(t, h->word_src, k, false, h->split, link, sizeof(link));
		fputs("<p class=\"web\"><a href=\"", h->f);
		wv_html_text(h->f, h->web_url);
		fputc('#', h->f);
		wv_html_text(h->f, link);
		fputs("\">Open this sub-step in the web page</a></p>\n", h->f);
	}
	if (!wv_hide_sentence(&h->hide, k))
		html_elem(h->f, "p", NULL, wv_look_general(s->text, s->general,
						      wv_hide_detail(&h->hide), buf, sizeof(buf)));
	fputs("\n<div class=\"wide\"><table class=\"bits\">\n", h->f);
	size_t at = t->words[st->word].address;

	for (unsigned i = 0; s->mem_columns && i < s->nrows; i++)
		if (s->rows[i].width == t->v->bits) {	/* the first word row's */
			at = s->rows[i].address;
			break;
		}
	if (has_word_rows(s))
		ruler(h, at, s->mem_columns, true);
	fputs("<tbody>\n", h->f);
	for (unsigned i = 0; i < s->nrows; i++) {
		const struct wv_row *row = &s->rows[i];

		/* a row of another word (the zeropad fixup's aligned reload and
		   the load's word after it): its own addresses */
		if (s->mem_columns && row->width == t->v->bits && row->address != at)
			ruler(h, at = row->address, true, false);
		row_out(h, k, i);
	}
	fputs("</tbody></table></div>\n</section>\n", h->f);
}

/* A step's heading and sentence; its file as a footnote (cite > 0) or inline. */
void html_step_head(const struct html *h, size_t i, int level, size_t cite)
{
	const struct wv_step *st = &h->t->steps[i];
	char buf[WV_TEXT_MAX];

	fprintf(h->f, "<h%d>%zu. <code>", level, i + 1);
	wv_html_text(h->f, st->func);
	fputs("</code> ", h->f);
	if (cite)
		fprintf(h->f, "<sup><a href=\"#%ssrc-%zu\" aria-label=\"source %zu\">"
			"[%zu]</a></sup>", h->id, cite, cite, cite);
	else
		html_elem(h->f, "span", "file", st->file);
	fprintf(h->f, "</h%d>\n", level);
	/* a hidden result hides the sentence that says it in words */
	if (!wv_hide_step(&h->hide, h->t, i))
		html_elem(h->f, "p", "step", wv_look_general(st->text, st->general,
						      wv_hide_detail(&h->hide), buf, sizeof(buf)));
	fputc('\n', h->f);
}

/* The sources, numbered as cited. */
void html_sources(const struct html *h, const char *const *src, size_t n,
		    const struct wv_variant *v)
{
	if (n == 0)
		return;
	fputs("<section class=\"sources\">\n<h2>Sources</h2>\n", h->f);
	html_elem(h->f, "p", NULL, WV_HANDOUT_SOURCES_NOTE);
	fputs("\n<ol>\n", h->f);
	for (size_t i = 0; i < n; i++) {
		fprintf(h->f, "<li id=\"%ssrc-%zu\">", h->id, i + 1);
		html_elem(h->f, "code", NULL, src[i]);
		if (v && strcmp(src[i], v->kernel_path) == 0) {
			fputs(" (", h->f);
			wv_html_text(h->f, v->kernel_version);
			fputc(')', h->f);
		}
		fputs("</li>\n", h->f);
	}
	fputs("</ol>\n</section>\n", h->f);
}

int wv_html_trace(FILE *out, const struct wv_trace *t, const struct wv_html_opts *o)
{
	struct html h = { .f = out, .t = t, .web_url = o ? o->web_url : NULL,
			  .word_src = o ? o->word_src : NULL };
	const struct wv_variant *v = t->v;
	struct wv_handout_cited cited = { .n = 0 };
	size_t word = (size_t)-1;
	char line[WV_TEXT_MAX + 256];
	char *wbuf = malloc(WV_LOOK_WORD_MAX);

	if (!wbuf)
		return -ENOMEM;
	fputs("<header>\n<h1>watviz: <code>\"", out);
	wv_html_text(out, wv_look_word(t, o ? o->word_src : NULL, wbuf, WV_LOOK_WORD_MAX));
	fputs("\"</code> on ", out);
	wv_html_text(out, v->name);
	fprintf(out, "</h1>\n<p>%s (%s): %u-bit %s-endian; instructions: ", v->name,
		v->kernel_version, v->bits, v->endian == WV_LITTLE ? "little" : "big");
	wv_html_text(out, v->insns);
	fprintf(out, ". The word is %zu byte%s at offset %zu, fill 0x%02x",
		t->in.word_len, t->in.word_len == 1 ? "" : "s", t->in.offset, t->in.fill);
	if (t->img.page_end)
		fprintf(out, ", with an unmapped page from memory %zu", t->img.page_end);
	fputs(".</p>\n", out);
	html_elem(out, "p", NULL, wv_trace_loop_note(t, line, sizeof(line)));
	fputs("\n</header>\n<main>\n", out);
	html_legend(&h, t->img.page_end != 0);
	html_memory(&h);

	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];

		if (st->word != word) {
			if (word != (size_t)-1)
				fputs("</section>\n", out);
			word = st->word;
			fprintf(out, "<section class=\"word\">\n<h2>Word %zu: memory %zu "
				"to %zu</h2>\n", word, t->words[word].address,
				t->words[word].address + t->word_bytes - 1);
		}
		fputs("<section class=\"step\">\n", out);
		html_step_head(&h, i, 3, wv_handout_cite(&cited, st->file));
		for (size_t k = st->first; k < st->first + st->nsub; k++)
			html_substep(&h, k, 4);
		fputs("</section>\n", out);
	}
	if (word != (size_t)-1)
		fputs("</section>\n", out);

	fprintf(out, "<section class=\"result\">\n<h2>Answer</h2>\n<p><span "
		"class=\"answer\"><span class=\"sym\">=</span> find_zero = %u</span>; "
		"in the word at %zu the first %s is at memory %zu, so the string is "
		"%zu byte%s long.</p>\n</section>\n", t->scan.find_zero,
		t->words[t->nwords - 1].address, t->answer_is_delim ? "delimiter" : "NUL",
		t->answer, t->scan.length, t->scan.length == 1 ? "" : "s");
	html_sources(&h, cited.src, cited.n, v);
	fputs("</main>\n", out);
	free(wbuf);
	return ferror(out) ? -EIO : 0;
}

/* ---- --split: two variants ----------------------------------------------- */

/* Step i of h->t and its sub-steps, each marked against other (NULL: none). */
static void split_step(struct html *h, size_t i, const struct wv_trace *other,
		       struct wv_handout_cited *cited)
{
	const struct wv_trace *t = h->t;
	const struct wv_step *st = &t->steps[i];

	fprintf(h->f, "<section class=\"step\">\n<p class=\"count\">On %s:</p>\n",
		t->v->name);
	html_step_head(h, i, 3, wv_handout_cite(cited, st->file));
	for (size_t k = st->first; k < st->first + st->nsub; k++) {
		size_t pk = wv_look_pair(t, k, other);

		h->differ = pk < other->nsubs ? wv_look_differ(t, k, other, pk) : 0;
		h->alone = pk < other->nsubs ? wv_look_alone(t, k, other, pk) : 0;
		html_substep(h, k, 4);
	}
	h->differ = h->alone = 0;
	fputs("</section>\n", h->f);
}

int wv_html_split(FILE *out, const struct wv_trace *t, const struct wv_trace *u,
		  const struct wv_html_opts *o)
{
	/* the first variant's sub-steps link to the page's split view of
	   both (the page steps the second along with the first) */
	struct html h = { .f = out, .t = t, .web_url = o ? o->web_url : NULL,
			  .word_src = o ? o->word_src : NULL, .split = u->v->name },
		    g = { .f = out, .t = u };
	struct wv_handout_cited cited = { .n = 0 };
	size_t shown = (size_t)-1;	/* u's step drawn last */
	char *wbuf = malloc(WV_LOOK_WORD_MAX);

	if (!wbuf)
		return -ENOMEM;
	fputs("<header>\n<h1>watviz: <code>\"", out);
	wv_html_text(out, wv_look_word(t, o ? o->word_src : NULL, wbuf, WV_LOOK_WORD_MAX));
	fputs("\"</code> on ", out);
	wv_html_text(out, t->v->name);
	fputs(" and ", out);
	wv_html_text(out, u->v->name);
	fprintf(out, "</h1>\n<p>Each kernel function on %s (%u-bit %s-endian), then "
		"the same function on %s (%u-bit %s-endian) on the word at the same "
		"address. %s <strong class=\"differs\">&lt;&gt;</strong> marks a row that "
		"differs from the other variant's in its place (its bytes, or a count's "
		"value), <strong class=\"alone\">+</strong> a row the other variant has "
		"no row of its own for.</p>\n</header>\n<main>\n",
		t->v->name, t->v->bits, t->v->endian == WV_LITTLE ? "little" : "big",
		u->v->name, u->v->bits, u->v->endian == WV_LITTLE ? "little" : "big",
		"Each table draws its own variant's register, most significant "
		"byte first, so its bits read as its hex; the column heads name "
		"the memory address each byte came from.");
	html_legend(&h, t->img.page_end != 0);
	html_memory(&h);
	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];
		size_t addr = t->words[st->word].address, w = addr / u->word_bytes, j;

		split_step(&h, i, u, &cited);
		j = w < u->nwords ? wv_trace_find(u, st->kind, w) : u->nsubs;
		if (j >= u->nsubs || u->subs[j].step == shown)
			continue;
		shown = u->subs[j].step;
		split_step(&g, shown, t, &cited);
	}
	fprintf(out, "<section class=\"result\">\n<h2>Answer</h2>\n<p><span "
		"class=\"answer\"><span class=\"sym\">=</span> find_zero = %u</span> "
		"on %s, %u on %s: the string is %zu and %zu byte%s long.</p>\n</section>\n",
		t->scan.find_zero, t->v->name, u->scan.find_zero, u->v->name,
		t->scan.length, u->scan.length, u->scan.length == 1 ? "" : "s");
	html_sources(&h, cited.src, cited.n, t->v);
	fputs("</main>\n", out);
	free(wbuf);
	return ferror(out) ? -EIO : 0;
}
