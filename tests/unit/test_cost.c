/*
 * What each variant's calls cost (watviz/cost.h), held to counts this test
 * derives itself: it reads docs/VARIANTS.md's table of the sixteen variants
 * and its named formulas (F, E, the big-endian form, the byte mask) and
 * counts the operations in each with a small parser of its own, which folds
 * work on constants as a compiler does.  The cells the table writes in
 * words are counted by hand from the kernel's headers, each with the commit
 * it was read at.  The core's own formula text is parsed too, so its list
 * of operations cannot drift from the formula beside it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "watviz/cost.h"

/* ---- a parser of C expressions that counts operations -------------------- */

struct ex {
	const char *p;
	bool bad;
};

struct val {
	unsigned ops;
	bool cnst;	/* no variable in it: the compiler folds it */
};

static void skip_blanks(struct ex *e)
{
	while (*e->p == ' ' || *e->p == '\n' || *e->p == '`')
		e->p++;
}

static bool eat(struct ex *e, const char *tok)
{
	skip_blanks(e);
	if (strncmp(e->p, tok, strlen(tok)) != 0)
		return false;
	/* "<" is not "<<", "&" is not "&&", "-" is not "->" */
	if (strlen(tok) == 1 && ((strchr("<>&|", tok[0]) && e->p[1] == tok[0]) ||
				 (tok[0] == '-' && e->p[1] == '>')))
		return false;
	e->p += strlen(tok);
	return true;
}

static struct val bin(struct val l, struct val r)
{
	return (struct val){ l.ops + r.ops + !(l.cnst && r.cnst), l.cnst && r.cnst };
}

static struct val expr_or(struct ex *e);

static struct val primary(struct ex *e)
{
	char name[40];
	size_t n = 0;

	skip_blanks(e);
	if (eat(e, "(")) {
		struct val v = expr_or(e);

		if (!eat(e, ")"))
			e->bad = true;
		return v;
	}
	if (eat(e, "~")) {
		struct val v = primary(e);

		return (struct val){ v.ops + !v.cnst, v.cnst };
	}
	if (isdigit((unsigned char)*e->p)) {
		while (isalnum((unsigned char)*e->p))	/* 0x7f, 1ul, 63 */
			e->p++;
		return (struct val){ 0, true };
	}
	while ((isalnum((unsigned char)*e->p) || *e->p == '_') && n + 1 < sizeof(name))
		name[n++] = *e->p++;
	name[n] = '\0';
	if (!n) {
		e->bad = true;
		return (struct val){ 0, true };
	}
	if (strcmp(name, "c") == 0 && eat(e, "->")) {	/* the constants struct */
		while (isalnum((unsigned char)*e->p) || *e->p == '_')
			e->p++;
		return (struct val){ 0, true };
	}
	if (eat(e, "(")) {	/* a call: one operation, unless REPEAT_BYTE */
		struct val args = { 0, true };

		do {
			struct val a = expr_or(e);

			args.ops += a.ops;
			args.cnst = args.cnst && a.cnst;
		} while (eat(e, ","));
		if (!eat(e, ")"))
			e->bad = true;
		if (strcmp(name, "REPEAT_BYTE") == 0)
			return args;
		return (struct val){ args.ops + !args.cnst, args.cnst };
	}
	/* ONES, HIGHS, LOW7, BITS_PER_LONG: constants; a, x, mask: words */
	for (size_t i = 0; i < n; i++)
		if (islower((unsigned char)name[i]))
			return (struct val){ 0, false };
	return (struct val){ 0, true };
}

static struct val mul(struct ex *e)
{
	struct val v = primary(e);

	while (eat(e, "*") || eat(e, "/"))
		v = bin(v, primary(e));
	return v;
}

static struct val add(struct ex *e)
{
	struct val v = mul(e);

	while (eat(e, "+") || eat(e, "-"))
		v = bin(v, mul(e));
	return v;
}

static struct val shift(struct ex *e)
{
	struct val v = add(e);

	while (eat(e, "<<") || eat(e, ">>"))
		v = bin(v, add(e));
	return v;
}

static struct val and_(struct ex *e)
{
	struct val v = shift(e);

	while (eat(e, "&"))
		v = bin(v, shift(e));
	return v;
}

static struct val xor_(struct ex *e)
{
	struct val v = and_(e);

	while (eat(e, "^"))
		v = bin(v, and_(e));
	return v;
}

static struct val expr_or(struct ex *e)
{
	struct val v = xor_(e);

	while (eat(e, "|"))
		v = bin(v, xor_(e));
	return v;
}

/*
 * Operations in src: expressions separated by ';', each perhaps "name =
 * expr" (a store counts nothing).  "\|" (a table's escaped bar) is '|'.
 */
static unsigned count_ops(const char *src)
{
	char buf[256], *w = buf;
	unsigned total = 0;

	for (const char *s = src; *s && w + 1 < buf + sizeof(buf); s++)
		if (!(s[0] == '\\' && s[1] == '|'))
			*w++ = *s;
	*w = '\0';
	for (char *stmt = strtok(buf, ";"); stmt; stmt = strtok(NULL, ";")) {
		struct ex e = { stmt, false };
		char *eq = strchr(stmt, '=');
		struct val v;

		if (eq && eq[1] != '=')
			e.p = eq + 1;
		v = expr_or(&e);
		skip_blanks(&e);
		if (e.bad || *e.p)
			fail_msg("cannot count \"%s\" (stuck at \"%s\")", stmt, e.p);
		total += v.ops;
	}
	return total;
}

static void test_parser(void **state)
{
	(void)state;
	assert_int_equal(count_ops("a"), 0);
	assert_int_equal(count_ops("a + 1"), 1);
	assert_int_equal(count_ops("REPEAT_BYTE(0xfe) + 1"), 0);
	assert_int_equal(count_ops("~1 << data"), 1);
	assert_int_equal(count_ops("~(a | LOW7)"), 2);
	assert_int_equal(count_ops("x = a - b; x & ~x"), 3);
	assert_int_equal(count_ops("`cntlzw(mask) >> 3`"), 2);
	assert_int_equal(count_ops("a \\| LOW7"), 1);
}

/* ---- docs/VARIANTS.md ---------------------------------------------------- */

static char doc[64 * 1024];

static void read_doc(void)
{
	FILE *f = fopen("docs/VARIANTS.md", "r");
	size_t n;

	assert_non_null(f);
	n = fread(doc, 1, sizeof(doc) - 1, f);
	doc[n] = '\0';
	fclose(f);
}

/* The text after the first occurrence of lead, up to the end of its line
   or the closing backtick when it opens one, into buf. */
static void doc_formula(const char *lead, char *buf, size_t size)
{
	const char *p = strstr(doc, lead), *end;

	if (!p)
		fail_msg("docs/VARIANTS.md has no \"%s\"", lead);
	p += strlen(lead);
	end = p + strcspn(p, lead[strlen(lead) - 1] == '`' ? "`" : "\n");
	snprintf(buf, size, "%.*s", (int)(end - p), p);
}

/* The last backtick span of cell, or NULL. */
static const char *last_code(const char *cell, char *buf, size_t size)
{
	const char *open = NULL;

	for (const char *p = strchr(cell, '`'); p; p = strchr(p + 1, '`')) {
		const char *close = strchr(p + 1, '`');

		if (!close)
			break;
		open = p;
		p = close;
	}
	if (!open)
		return NULL;
	snprintf(buf, size, "%.*s", (int)(strchr(open + 1, '`') - open - 1), open + 1);
	return buf;
}

/* Split a table line into its cells (at '|' not escaped as "\|"). */
static size_t cells_of(char *line, char **cell, size_t max)
{
	size_t n = 0;
	char *p = line;

	if (*p == '|')
		p++;
	while (*p && n < max) {
		char *q = p;

		while (*q && !(*q == '|' && q[-1] != '\\'))
			q++;
		cell[n++] = p;
		if (!*q)
			break;
		*q = '\0';
		p = q + 1;
	}
	for (size_t i = 0; i < n; i++) {	/* trim */
		while (*cell[i] == ' ')
			cell[i]++;
		for (size_t l = strlen(cell[i]); l && cell[i][l - 1] == ' ';)
			cell[i][--l] = '\0';
	}
	return n;
}

/*
 * The counts the table gives, one call of one row (column 2 + call):
 * a backtick formula parsed, a named formula of the page, or a cell in
 * words counted by hand from the kernel header.
 */
struct doc_counts {
	char names[96];
	unsigned bits[2];	/* "64/32": both */
	unsigned call[2][WV_COST_CALLS];
};

static unsigned cell_count(const char *cell, unsigned bits)
{
	char f[128], code[128];

	if (strcmp(cell, "data") == 0 || strcmp(cell, "unchanged") == 0 ||
	    strcmp(cell, "mask") == 0)
		return 0;
	if (strncmp(cell, "F, written as above", 19) == 0) {
		doc_formula("write the cheap test as `", f, sizeof(f));
		return count_ops(f);
	}
	if (cell[0] == 'F') {
		doc_formula("    F(a) = ", f, sizeof(f));
		return count_ops(f);
	}
	if (strncmp(cell, "E(a)", 4) == 0) {
		doc_formula("    E(x) = ", f, sizeof(f));
		return count_ops(f);
	}
	if (strncmp(cell, "byte mask", 9) == 0) {
		doc_formula("\"byte mask\" is `", f, sizeof(f));
		return count_ops(f);
	}
	/*
	 * The cells in words, from the headers:
	 * - "clz(mask) / 8, by halving": include/asm-generic/word-at-a-time.h
	 *   @ 2555693dd85c, if (mask >> 32) mask >>= 32; else byte = 4; (64-bit
	 *   only) if (mask >> 16) mask >>= 16; else byte += 2; return (mask >> 8)
	 *   ? byte : byte + 1.  Longest path: each half a shift and a test
	 *   (the shift kept is the one tested), byte += 2 and byte + 1: 8 at 64
	 *   bits, 6 at 32.
	 * - "index of the lowest set bit (cttz on EV67 ...)":
	 *   arch/alpha/include/asm/word-at-a-time.h @ 611c9dd331ed,
	 *   __kernel_cttz(bits): 1.
	 * - "the multiply (64) or the add (32), as x86": the x86 row's formulas.
	 * - alpha's "(2 << 8k) - 1": the header @ 611c9dd331ed writes
	 *   (2ul << (find_zero(mask) * 8)) - 1: cttz, *, <<, -: 4.
	 */
	if (strncmp(cell, "clz(mask) / 8, by halving", 25) == 0)
		return bits == 64 ? 8 : 6;
	if (strncmp(cell, "index of the lowest set bit", 27) == 0)
		return 1;
	if (strncmp(cell, "the multiply (64) or the add (32)", 33) == 0)
		return count_ops(bits == 64 ? "(mask * 0x0001020304050608) >> 56"
				 : "((0x0ff0001 + mask) >> 23) & mask");
	if (strcmp(cell, "`(2 << 8k) - 1`") == 0)
		return 4;
	if (!last_code(cell, code, sizeof(code)))
		fail_msg("no count for the cell \"%s\"", cell);
	return count_ops(code);
}

/* Every row of the table of the sixteen variants; returns how many. */
static size_t doc_rows(struct doc_counts *rows, size_t max)
{
	const char *p = strstr(doc, "| name | W, order | `has_zero`");
	size_t n = 0;
	char line[1024];

	assert_non_null(p);
	p = strchr(strchr(p, '\n') + 1, '\n') + 1;	/* past the rule line */
	while (*p == '|' && n < max) {
		size_t len = strcspn(p, "\n");
		char *cell[12];
		size_t nc;
		struct doc_counts *r = &rows[n];

		snprintf(line, sizeof(line), "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
		nc = cells_of(line, cell, 12);
		assert_int_equal(nc, 7);
		*r = (struct doc_counts){ 0 };
		snprintf(r->names, sizeof(r->names), "%s", cell[0]);
		r->bits[0] = (unsigned)atoi(cell[1]);
		r->bits[1] = strchr(cell[1], '/') ? (unsigned)atoi(strchr(cell[1], '/') + 1)
			     : r->bits[0];
		for (unsigned b = 0; b < 2; b++)
			for (unsigned c = 0; c < WV_COST_CALLS; c++) {
				const char *text = cell[2 + c];

				/* "as generic BE": the generic big-endian row's */
				if (strncmp(text, "as generic BE", 13) == 0) {
					const struct doc_counts *g = NULL;

					for (size_t i = 0; i < n; i++)
						if (strstr(rows[i].names, "generic-be64"))
							g = &rows[i];
					assert_non_null(g);
					r->call[b][c] = g->call[b][c];
					continue;
				}
				r->call[b][c] = cell_count(text, r->bits[b]);
			}
		n++;
	}
	return n;
}

static const char *const call_names[WV_COST_CALLS] = {
	"has_zero", "prep_zero_mask", "create_zero_mask", "find_zero", "zero_bytemask",
};

/* Every variant's counts are the table's. */
static void test_table(void **state)
{
	struct doc_counts rows[20];
	size_t n, checked = 0;

	(void)state;
	read_doc();
	n = doc_rows(rows, 20);
	assert_true(n >= 12);
	for (size_t i = 0; i < n; i++) {
		char names[96], *save = NULL;
		unsigned b = 0;

		/* the names, without the aliases in brackets */
		memcpy(names, rows[i].names, sizeof(names));
		for (char *o = strchr(names, '('); o; o = strchr(names, '(')) {
			char *cl = strchr(o, ')');

			assert_non_null(cl);
			memmove(o, cl + 1, strlen(cl + 1) + 1);
		}
		for (char *tok = strtok_r(names, "`, ", &save); tok;
		     tok = strtok_r(NULL, "`, ", &save)) {
			const struct wv_variant *v = wv_wat_find(tok);
			struct wv_cost c;

			if (!v)
				fail_msg("docs/VARIANTS.md names %s, which is no variant", tok);
			wv_cost_of(v, &c);
			b = rows[i].bits[1] == v->bits && rows[i].bits[0] != v->bits;
			for (unsigned k = 0; k < WV_COST_CALLS; k++)
				if (c.call[k] != rows[i].call[b][k])
					fail_msg("%s: %s costs %u operations in the core, %u by "
						 "docs/VARIANTS.md (\"%s\")", v->name,
						 call_names[k], c.call[k], rows[i].call[b][k],
						 wv_cost_formula(v, (enum wv_cost_call)k));
			checked++;
		}
	}
	/* every variant of the table was read, aliases aside */
	assert_int_equal(checked, wv_wat_count());
}

/* The sums, and each list against the formula it stands beside. */
static void test_sums_and_formulas(void **state)
{
	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		struct wv_cost c;
		unsigned after = 0;

		wv_cost_of(v, &c);
		assert_int_equal(c.byte_test, v->bits / 8);
		assert_int_equal(c.loop_test, c.call[WV_COST_HAS_ZERO] + 1);
		for (unsigned k = WV_COST_PREP; k <= WV_COST_FIND; k++)
			after += c.call[k];
		assert_int_equal(c.after, after);
		for (unsigned k = 0; k < WV_COST_CALLS; k++) {
			const char *f = wv_cost_formula(v, (enum wv_cost_call)k);

			if (strstr(f, "if ("))	/* the halving search: by hand above */
				continue;
			if (count_ops(f) != c.call[k])
				fail_msg("%s: %s's list \"%s\" has %u operations, its "
					 "formula \"%s\" %u", v->name, call_names[k],
					 wv_cost_ops(v, (enum wv_cost_call)k), c.call[k],
					 f, count_ops(f));
		}
	}
}

/* The figures the lesson's scene reads, spelled out for two variants. */
static void test_examples(void **state)
{
	struct wv_cost c;

	(void)state;
	wv_cost_of(wv_wat_find("x86-64"), &c);
	assert_int_equal(c.call[WV_COST_HAS_ZERO], 4);
	assert_int_equal(c.loop_test, 5);
	assert_int_equal(c.after, 2);
	assert_int_equal(c.byte_test, 8);
	assert_string_equal(wv_cost_ops(wv_wat_find("x86-64"), WV_COST_HAS_ZERO), "- ~ & &");
	wv_cost_of(wv_wat_find("alpha"), &c);
	assert_int_equal(c.call[WV_COST_HAS_ZERO], 1);
	wv_cost_of(wv_wat_find("x86-32"), &c);
	assert_int_equal(c.byte_test, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parser),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_sums_and_formulas),
		cmocka_unit_test(test_examples),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
