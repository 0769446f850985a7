/*
 * The plain renderer: a struct wv_trace as text.  Lays out and colours what
 * the step engine decided; computes nothing itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/plain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/look.h"
#include "trace/word.h"

/* ---- colours: the ANSI attributes of each look (render/look.h) --------- */

static const char *const sgr[WV_LOOK_COUNT] = {
	[WV_LOOK_NONE] = "",
	[WV_LOOK_HEAD] = "1",
	[WV_LOOK_EXPR] = "1;36",
	[WV_LOOK_PRESTART] = "2",
	[WV_LOOK_ZERO] = "36",
	[WV_LOOK_FLAG] = "1;32",
	[WV_LOOK_FALSE_POS] = "1;31",
	[WV_LOOK_ANSWER] = "1;33",
	[WV_LOOK_KEPT] = "34",
	[WV_LOOK_CHAIN] = "35",
	[WV_LOOK_HILITE] = "4",
	[WV_LOOK_FILL] = "2",
	[WV_LOOK_STRING] = "",
	[WV_LOOK_NUL] = "36",
	[WV_LOOK_UNMAPPED] = "2",
};

struct out {
	FILE *f;
	bool color;
	unsigned wrap;		/* text width */
	const struct wv_trace *t;
	struct wv_hide hide;	/* a question is open (struct wv_plain_opts) */
	/* a row's label and hex above its bits (wv_plain_opts.narrow on a
	   64-bit word), so the bits start at column STACK_W */
	bool stacked;
};

static void on(const struct out *o, enum wv_look r)
{
	if (o->color && sgr[r][0])
		fprintf(o->f, "\033[%sm", sgr[r]);
}

static void off(const struct out *o, enum wv_look r)
{
	if (o->color && sgr[r][0])
		fputs("\033[0m", o->f);
}

/* Write s word-wrapped at o->wrap with indent spaces in front of each line. */
static void wrap(const struct out *o, unsigned indent, const char *s)
{
	unsigned col = 0;

	while (*s) {
		size_t n = strcspn(s, " ");

		if (col && col + 1 + n > o->wrap) {
			fputc('\n', o->f);
			col = 0;
		}
		if (col == 0) {
			fprintf(o->f, "%*s", (int)indent, "");
			col = indent;
		} else {
			fputc(' ', o->f);
			col++;
		}
		fwrite(s, 1, n, o->f);
		col += (unsigned)n;
		s += n;
		s += strspn(s, " ");
	}
	if (col)
		fputc('\n', o->f);
}

/* ---- memory -------------------------------------------------------------- */

/*
 * Whether a byte of the word as typed is a terminator (0x00, or the
 * delimiter): read from memory, as the class sees it, never from the
 * answer, which a question may hide.
 */
static bool typed_terminator(const struct wv_trace *t)
{
	for (size_t i = t->img.offset; i < t->img.offset + t->img.word_len; i++)
		if (t->img.mem[i] == 0 ||
		    (t->in.delim >= 0 && t->img.mem[i] == (uint8_t)t->in.delim))
			return true;
	return false;
}

/* The separator before byte i of a memory line: the page edge stands out. */
static const char *mem_sep(const struct wv_trace *t, size_t base, size_t i)
{
	static const char *const sep[] = { "", " |", "||" };

	return sep[wv_look_edge(t, base, i)];
}

static void memory(const struct out *o)
{
	const struct wv_trace *t = o->t;
	size_t per = 16, nb = t->word_bytes, edge = t->img.page_end;
	size_t mapped = edge ? edge : t->img.len;

	if (edge)
		fprintf(o->f, "memory (%zu bytes mapped, %zu word%s of %u, then an "
			"unmapped page; 0 is aligned)\n", mapped,
			mapped / nb, mapped / nb == 1 ? "" : "s", t->word_bytes);
	else
		fprintf(o->f, "memory (%zu bytes, %zu word%s of %u; address 0 is aligned)\n",
			t->img.len, t->img.len / nb, t->img.len / nb == 1 ? "" : "s",
			t->word_bytes);
	for (size_t base = 0; base < t->img.len; base += per) {
		size_t end = base + per < t->img.len ? base + per : t->img.len;
		bool ans = t->answer >= base && t->answer < end && !wv_hide_detail(&o->hide);

		fputs("  addr ", o->f);
		for (size_t i = base; i < end; i++)
			fprintf(o->f, "%s%3zu", mem_sep(t, base, i), i % 1000);
		fputs("\n  hex  ", o->f);
		for (size_t i = base; i < end; i++) {
			fprintf(o->f, "%s ", mem_sep(t, base, i));
			on(o, wv_look_mem(t, i));
			if (i < mapped)	/* past the edge there is no byte to show */
				fprintf(o->f, "%02x", t->img.mem[i]);
			else
				fputs("--", o->f);
			off(o, wv_look_mem(t, i));
		}
		fputs("\n  char ", o->f);
		for (size_t i = base; i < end; i++) {
			char cell[3] = "--";

			if (i < mapped)
				wv_look_char(cell, t->img.mem[i]);
			fprintf(o->f, "%s %s", mem_sep(t, base, i), cell);
		}
		fputs("\n  role ", o->f);
		for (size_t i = base; i < end; i++) {
			fprintf(o->f, "%s  ", mem_sep(t, base, i));
			on(o, wv_look_mem(t, i));
			fputc(wv_looks[wv_look_mem(t, i)].sym, o->f);
			off(o, wv_look_mem(t, i));
		}
		fputc('\n', o->f);
		if (ans) {
			fputs("       ", o->f);
			for (size_t i = base; i < t->answer; i++)
				fputs(i > base && i % nb == 0 ? "     " : "   ", o->f);
			if (t->answer > base && t->answer % nb == 0)
				fputs("  ", o->f);
			on(o, WV_LOOK_ANSWER);
			fprintf(o->f, "  = first %s, memory %zu", t->answer_is_delim ? "delimiter" : "NUL",
				t->answer);
			off(o, WV_LOOK_ANSWER);
			fputc('\n', o->f);
		}
	}
	if (typed_terminator(t))
		/* the string ends inside the word as typed: its s bytes go on
		   past the terminator, and n is not the string's NUL */
		fprintf(o->f, "  role: - pre-start  s as typed (the %s ends at =, its "
			"first %s)\n        n the NUL after the typed bytes  f fill\n",
			t->in.delim >= 0 ? "name" : "string",
			t->in.delim >= 0 ? "terminator" : "NUL");
	else
		fputs("  role: - pre-start (fill before the string)  s string  n its NUL"
		      "  f fill\n", o->f);
	if (edge)
		fprintf(o->f, "  || the page edge at memory %zu: u unmapped, no memory "
			"there (-- no byte to show)\n", edge);
}

/* ---- rows ---------------------------------------------------------------- */

#define LABEL_W 10
#define STACK_W 8	/* the columns before the bits, stacked */
#define STACK_LINE 80	/* a stacked label line: label, then hex at its end */

/* The columns before a row's bits, its marks and its ruler's addresses. */
static int lead(const struct out *o)
{
	return o->stacked ? STACK_W : 1 + LABEL_W;
}

/*
 * The column ruler: each byte column named by its memory address, or, when
 * the columns are plain register bytes, by its byte number.
 */
static void ruler(const struct out *o, size_t address, bool mem)
{
	const struct wv_trace *t = o->t;
	char a[16];

	if (o->stacked)
		fprintf(o->f, " %-*s", STACK_W - 1, mem ? "memory" : "byte");
	else
		fprintf(o->f, " %-*s", LABEL_W, mem ? "memory" : "reg byte");
	for (unsigned c = 0; c < t->word_bytes; c++) {
		unsigned r = t->word_bytes - 1 - c;	/* leftmost is the top byte */

		if (mem)
			snprintf(a, sizeof(a), "@%zu", address + t->reg_to_mem[r]);
		else
			snprintf(a, sizeof(a), "%u", r);
		fprintf(o->f, c + 1 < t->word_bytes || !o->stacked ? " %-8s" : " %s", a);
	}
	/* stacked, the hex is on each row's label line */
	fputs(o->stacked ? "\n" : " hex\n", o->f);
}

static void label(const struct out *o, const struct wv_row *row)
{
	enum wv_look r = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY
			      ? WV_LOOK_CHAIN
		      : row->kind == WV_ROW_RESULT ? WV_LOOK_HEAD
						   : WV_LOOK_NONE;

	fputc(' ', o->f);
	on(o, r);
	fprintf(o->f, "%-*.*s", LABEL_W, LABEL_W, row->label);
	off(o, r);
}

/*
 * Stacked: the row's label line, its whole label and its hex (or '?') at
 * the line's end, then the lead of its bits line.
 */
static void label_line(const struct out *o, const struct wv_row *row, const char *hex)
{
	enum wv_look r = row->kind == WV_ROW_BORROW || row->kind == WV_ROW_CARRY
			      ? WV_LOOK_CHAIN
		      : row->kind == WV_ROW_RESULT ? WV_LOOK_HEAD
						   : WV_LOOK_NONE;
	int room = STACK_LINE - 2 - (int)strlen(hex);

	fputc(' ', o->f);
	on(o, r);
	fprintf(o->f, "%-*.*s", room, room, row->label);
	off(o, r);
	fprintf(o->f, " %s\n%*s", hex, STACK_W, "");
}

/* Binary of a word row, grouped by byte, coloured by byte marks and bits. */
static void word_bits(const struct out *o, const struct wv_row *row)
{
	enum wv_look cur = WV_LOOK_NONE;

	for (int bit = (int)row->width - 1; bit >= 0; bit--) {
		enum wv_look look = wv_look_bit(row, (unsigned)bit, o->hide.on);

		if (bit % 8 == 7) {	/* the gap between bytes stays plain */
			off(o, cur);
			cur = WV_LOOK_NONE;
			fputc(' ', o->f);
		}
		if (look != cur) {
			off(o, cur);
			on(o, look);
			cur = look;
		}
		fputc(row->value & (UINT64_C(1) << bit) ? '1' : '0', o->f);
	}
	off(o, cur);
}

/* An 8-bit map (alpha): bit i drawn in the column of register byte i. */
static void map_bits(const struct out *o, const struct wv_row *row, unsigned nb)
{
	for (int c = (int)nb - 1; c >= 0; c--) {
		enum wv_look look = wv_look_shown(row->bytes[c], o->hide.on);

		fputs("        ", o->f);
		on(o, look);
		fputc(row->value & (UINT64_C(1) << c) ? '1' : '0', o->f);
		off(o, look);
	}
}

/* The symbols line under a row: each marked byte gets symbols and a word. */
static void marks_line(const struct out *o, const struct wv_row *row)
{
	const struct wv_trace *t = o->t;
	char cells[8][16];
	enum wv_look looks[8];
	unsigned last = 0;	/* 1 + the last column with a mark */

	for (unsigned c = 0; c < t->word_bytes; c++) {
		unsigned r = t->word_bytes - 1 - c;
		char syms[4];
		size_t n;

		looks[c] = wv_look_syms(row->bytes[r], o->hide.on, syms);
		n = strlen(syms);
		if (n)
			snprintf(cells[c], sizeof(cells[c]), "%s %.*s", syms,
				 (int)(7 - n), wv_looks[looks[c]].word);
		else
			cells[c][0] = '\0';
		if (n)
			last = c + 1;
	}
	if (!last)
		return;
	fprintf(o->f, "%*s", lead(o), "");
	for (unsigned c = 0; c < last; c++) {
		fputc(' ', o->f);
		on(o, looks[c]);
		fprintf(o->f, c + 1 < last ? "%-8s" : "%s", cells[c]);
		off(o, looks[c]);
	}
	fputc('\n', o->f);
}

/* A line of ^ under the highlighted bits of a word row. */
static void bits_line(const struct out *o, const struct wv_row *row)
{
	char line[128];
	size_t n = 0;

	for (int bit = (int)row->width - 1; bit >= 0; bit--) {
		if (bit % 8 == 7)
			line[n++] = ' ';
		line[n++] = row->bits & (UINT64_C(1) << bit) ? '^' : ' ';
	}
	while (n && line[n - 1] == ' ')
		n--;
	line[n] = '\0';
	fprintf(o->f, "%*s%s\n", lead(o), "", line);
}

/* Row ri of sub-step k, as the class may see it (render/hide.h). */
static void row_out(const struct out *o, size_t k, unsigned ri)
{
	const struct wv_trace *t = o->t;
	unsigned w = t->v->bits;
	struct wv_row shown;
	const struct wv_row *row = &shown;
	bool hidden = wv_hide_row(&o->hide, t, k, ri, &shown);
	char hex[24];

	snprintf(hex, sizeof(hex), "%0*llx", row->width == 8 && w != 8 ? 2
		 : (int)row->width / 4, (unsigned long long)row->value);
	if (o->stacked && row->width != 0)
		label_line(o, row, hidden ? "?" : hex);
	else
		label(o, row);
	if (hidden) {
		/* the question's answer, or what gives it away: '?' */
		if (row->width == 0) {
			fputs(" = ?\n", o->f);
			return;
		}
		for (unsigned c = 0; c < t->word_bytes; c++)
			fputs(row->width == 8 && w != 8 ? "        ?" : " ????????", o->f);
		fputs(o->stacked ? "\n" : " ?\n", o->f);
		return;
	}
	if (row->width == 0) {
		fprintf(o->f, " = %llu\n", (unsigned long long)row->value);
		return;
	}
	if (row->width == 8 && w != 8) {
		map_bits(o, row, t->word_bytes);
		if (o->stacked)
			fputc('\n', o->f);
		else
			fprintf(o->f, " %*s%s\n", (int)w / 4 - 2, "", hex);
		marks_line(o, row);
		if (wv_look_caret_line(row, o->hide.on)) {
			char line[96];
			size_t n = 0;

			for (int c = (int)t->word_bytes - 1; c >= 0; c--)
				n += (size_t)snprintf(line + n, sizeof(line) - n, "        %c",
						      row->bits & (UINT64_C(1) << c) ? '^' : ' ');
			while (n && line[n - 1] == ' ')
				n--;
			line[n] = '\0';
			fprintf(o->f, "%*s%s\n", lead(o), "", line);
		}
		return;
	}
	word_bits(o, row);
	if (o->stacked)
		fputc('\n', o->f);
	else
		fprintf(o->f, " %s\n", hex);
	marks_line(o, row);
	/* the highlighted bits (those clz counts, say) would answer a question */
	if (wv_look_caret_line(row, o->hide.on))
		bits_line(o, row);
}

/* ---- steps --------------------------------------------------------------- */

/* A sentence, without its detail while a question is open. */
static void general(const struct out *o, unsigned indent, const char *text,
		    size_t general_len)
{
	char buf[WV_TEXT_MAX];

	wrap(o, indent, wv_look_general(text, general_len, wv_hide_detail(&o->hide), buf, sizeof(buf)));
}

static bool has_word_rows(const struct wv_substep *s)
{
	for (unsigned i = 0; i < s->nrows; i++)
		if (s->rows[i].width != 0)
			return true;
	return false;
}

static void substep_out(const struct out *o, size_t k)
{
	const struct wv_trace *t = o->t;
	const struct wv_substep *s = &t->subs[k];
	const struct wv_step *st = &t->steps[s->step];

	fprintf(o->f, "\n  %zu.%zu  ", s->step + 1, k - st->first + 1);
	on(o, WV_LOOK_EXPR);
	fputs(s->expr, o->f);
	off(o, WV_LOOK_EXPR);
	fprintf(o->f, "   [%zu/%zu]\n", k + 1, t->nsubs);
	if (!wv_hide_sentence(&o->hide, k))
		general(o, 6, s->text, s->general);
	size_t at = t->words[st->word].address;

	for (unsigned i = 0; s->mem_columns && i < s->nrows; i++)
		if (s->rows[i].width == t->v->bits) {	/* the first word row's */
			at = s->rows[i].address;
			break;
		}
	if (has_word_rows(s))
		ruler(o, at, s->mem_columns);
	for (unsigned i = 0; i < s->nrows; i++) {
		const struct wv_row *row = &s->rows[i];

		/* a row of another word (the zeropad fixup's aligned reload,
		   and the load's columns after it) gets its own addresses */
		if (s->mem_columns && row->width == t->v->bits && row->address != at)
			ruler(o, at = row->address, true);
		row_out(o, k, i);
	}
}

static void step_out(const struct out *o, size_t i)
{
	const struct wv_trace *t = o->t;
	const struct wv_step *st = &t->steps[i];

	fputc('\n', o->f);
	on(o, WV_LOOK_HEAD);
	fprintf(o->f, "%zu. %s", i + 1, st->func);
	off(o, WV_LOOK_HEAD);
	fprintf(o->f, "  (%s)\n", st->file);
	wrap(o, 3, st->text);
	for (size_t k = st->first; k < st->first + st->nsub; k++)
		substep_out(o, k);
}

int wv_plain_render(FILE *out, const struct wv_trace *t,
		    const struct wv_plain_opts *po)
{
	struct out o = { .f = out, .color = po && po->color, .t = t,
			 .wrap = t->v->bits == 64 ? 98 : 78 };
	const struct wv_variant *v = t->v;
	size_t word = (size_t)-1;
	char line[WV_TEXT_MAX + 256];
	char wbuf[WV_LOOK_WORD_MAX];

	on(&o, WV_LOOK_HEAD);
	fprintf(out, "%s", v->name);
	off(&o, WV_LOOK_HEAD);
	fprintf(out, ": %u-bit %s-endian; instructions: %s\n  %s (%s)\n",
		v->bits, v->endian == WV_LITTLE ? "little" : "big", v->insns,
		v->kernel_path, v->kernel_version);
	/* the word as typed: its control bytes as \xHH, never raw to a terminal */
	const char *typed = wv_look_word(t, po ? po->word_src : NULL, wbuf, sizeof(wbuf));
	size_t tn = strlen(typed);
	char *shown = malloc(4 * tn + 1);

	if (!shown)
		return -ENOMEM;
	wv_word_escape(typed, tn, shown, 4 * tn + 1);
	fprintf(out, "word \"%s\"", shown);
	free(shown);
	fprintf(out, ": %zu byte%s at offset %zu, fill 0x%02x", t->in.word_len,
		t->in.word_len == 1 ? "" : "s", t->in.offset, t->in.fill);
	if (t->img.page_end)
		fprintf(out, ", unmapped page from memory %zu", t->img.page_end);
	fputc('\n', out);
	wrap(&o, 2, wv_trace_loop_note(t, line, sizeof(line)));
	fprintf(out, "%s%s\n\n", WV_LEGEND_PLAIN, t->img.page_end ? "  u unmapped" : "");
	memory(&o);

	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *st = &t->steps[i];

		if (st->word != word) {
			word = st->word;
			fputc('\n', out);
			on(&o, WV_LOOK_HEAD);
			fprintf(out, "== word %zu: memory %zu to %zu ==", word,
				t->words[word].address,
				t->words[word].address + t->word_bytes - 1);
			off(&o, WV_LOOK_HEAD);
			fputc('\n', out);
		}
		step_out(&o, i);
	}

	fputc('\n', out);
	on(&o, WV_LOOK_ANSWER);
	fprintf(out, "answer: find_zero = %u", t->scan.find_zero);
	off(&o, WV_LOOK_ANSWER);
	snprintf(line, sizeof(line),
		 "in the word at %zu: the first %s is at memory %zu, so the string "
		 "is %zu byte%s long.", t->words[t->nwords - 1].address,
		 t->answer_is_delim ? "delimiter" : "NUL", t->answer, t->scan.length,
		 t->scan.length == 1 ? "" : "s");
	fputc('\n', out);
	wrap(&o, 2, line);
	fflush(out);
	return ferror(out) ? -EIO : 0;
}

/* The layout of a handout's part: within 80 columns when po says so. */
static struct out part(FILE *out, const struct wv_trace *t, const struct wv_plain_opts *po)
{
	bool narrow = po && po->narrow;

	return (struct out){ .f = out, .color = po && po->color, .t = t,
			     .wrap = t->v->bits == 64 && !narrow ? 98 : 78,
			     .hide = po ? po->hide : (struct wv_hide){ 0 },
			     .stacked = narrow && t->v->bits == 64 };
}

int wv_plain_memory(FILE *out, const struct wv_trace *t, const struct wv_plain_opts *po)
{
	struct out o = part(out, t, po);

	memory(&o);
	return ferror(out) ? -EIO : 0;
}

int wv_plain_substep(FILE *out, const struct wv_trace *t, size_t k,
		     const struct wv_plain_opts *po)
{
	struct out o = part(out, t, po);
	const struct wv_step *st;

	if (k >= t->nsubs)
		return -EINVAL;
	st = &t->steps[t->subs[k].step];
	fputc('\n', out);
	on(&o, WV_LOOK_HEAD);
	fprintf(out, "%zu. %s", t->subs[k].step + 1, st->func);
	off(&o, WV_LOOK_HEAD);
	fprintf(out, "  (%s)\n", st->file);
	if (!wv_hide_step(&o.hide, t, t->subs[k].step))
		general(&o, 3, st->text, st->general);
	substep_out(&o, k);
	return ferror(out) ? -EIO : 0;
}

void wv_plain_wrap(FILE *out, unsigned indent, unsigned width, const char *text)
{
	struct out o = { .f = out, .wrap = width };

	wrap(&o, indent, text);
}

bool wv_plain_want_color(FILE *out, int mode)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (mode >= 0)
		return mode == 1;
	if (nc && *nc)
		return false;
	if (term && strcmp(term, "dumb") == 0)
		return false;
	return isatty(fileno(out)) == 1;
}
