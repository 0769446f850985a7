/*
 * A student's formula: the claim a prover checks, and the steps that draw it
 * on one word in the step engine's rows (try/try.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "try/try.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/wordops.h"

static const char *const as_names[] = {
	[WV_AS_HAS_ZERO] = "has_zero", [WV_AS_EXACT] = "exact",
	[WV_AS_FIND_ZERO] = "find_zero",
};

const char *wv_try_as_name(enum wv_try_as as)
{
	return as_names[as];
}

int wv_try_as_find(const char *name)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(as_names[i], name) == 0)
			return i;
	return -1;
}

/* ---- what is right, byte by byte ----------------------------------------- */

struct text {
	char *s;
	size_t size, len;
	bool over;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add(struct text *t, const char *fmt, ...);

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(t->s + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= t->size - t->len)
		t->over = true;
	else
		t->len += (size_t)n;
}

/* "the register byte at shift sh is 0 (or delim)" */
static void byte_test(struct text *t, unsigned sh, int delim)
{
	if (delim >= 0)
		add(t, "(((a >> %u) & 0xff) == 0 | ((a >> %u) & 0xff) == %d)", sh, sh, delim);
	else
		add(t, "(((a >> %u) & 0xff) == 0)", sh);
}

/* Shift of memory byte i in a w-bit register of order en. */
static unsigned mem_shift(unsigned i, unsigned w, enum wv_endian en)
{
	return en == WV_LITTLE ? 8 * i : w - 8 - 8 * i;
}

int wv_try_spec_any(char *buf, size_t size, unsigned w, int delim)
{
	struct text t = { buf, size, 0, false };

	for (unsigned r = 0; r < w / 8; r++) {
		add(&t, r ? " | " : "");
		byte_test(&t, 8 * r, delim);
	}
	return t.over ? -1 : 0;
}

int wv_try_spec_exact(char *buf, size_t size, unsigned w)
{
	struct text t = { buf, size, 0, false };

	for (unsigned r = 0; r < w / 8; r++) {
		add(&t, "%s(", r ? " | " : "");
		byte_test(&t, 8 * r, -1);
		add(&t, " << %u)", 8 * r + 7);
	}
	return t.over ? -1 : 0;
}

/* byte0 ? v[0] : byte1 ? v[1] : ... : v[B], over memory bytes. */
static int by_first(char *buf, size_t size, unsigned w, enum wv_endian en,
		    int delim, const uint64_t *v)
{
	struct text t = { buf, size, 0, false };

	for (unsigned i = 0; i < w / 8; i++) {
		byte_test(&t, mem_shift(i, w, en), delim);
		add(&t, " ? 0x%llx : ", (unsigned long long)v[i]);
	}
	add(&t, "0x%llx", (unsigned long long)v[w / 8]);
	return t.over ? -1 : 0;
}

int wv_try_spec_first(char *buf, size_t size, unsigned w, enum wv_endian en, int delim)
{
	uint64_t v[9];

	for (unsigned k = 0; k <= w / 8; k++)
		v[k] = k;
	return by_first(buf, size, w, en, delim, v);
}

int wv_try_spec_zbm(char *buf, size_t size, unsigned w, enum wv_endian en)
{
	uint64_t v[9];

	for (unsigned k = 0; k <= w / 8; k++) {
		v[k] = 0;
		for (unsigned i = 0; i < k; i++)
			v[k] |= UINT64_C(0xff) << mem_shift(i, w, en);
	}
	return by_first(buf, size, w, en, -1, v);
}

/* ---- the claim ----------------------------------------------------------- */

#define SPEC_MAX 2048

int wv_try_parse(struct wv_try *t, const char *src, const struct wv_variant *v,
		 enum wv_try_as as, struct wv_error *err)
{
	struct wv_expr *e = &t->e;
	char spec[SPEC_MAX];
	const char *claim;
	struct wv_error ierr;
	int rc = 0;

	memset(t, 0, sizeof(*t));
	t->as = as;
	wv_expr_init(e, v->bits);
	if (as == WV_AS_FIND_ZERO) {
		struct wv_kernel_seq s;
		unsigned names = e->nnames;

		if (wv_try_kernel_seq(e, v, 0, -1, &s, &ierr) < 0)
			goto bug;
		/* the formula sees a and mask, not the terms' own names */
		e->nnames = names;
		t->mask = s.mask;
		if (!e->node[s.mask].name[0] || e->node[s.mask].op == WV_E_VAR)
			snprintf(e->node[s.mask].name, WV_EXPR_NAME_MAX, "mask");
		if (wv_expr_bind(e, "mask", s.mask) < 0)
			goto bug;
	}
	t->first_user = e->n;
	if (wv_expr_parse(e, src, err) < 0)
		return -1;
	t->user = e->root;
	switch (as) {
	case WV_AS_HAS_ZERO:
		rc = wv_try_spec_any(spec, sizeof(spec), v->bits, -1);
		claim = "(__u != 0) == __w";
		break;
	case WV_AS_EXACT:
		rc = wv_try_spec_exact(spec, sizeof(spec), v->bits);
		claim = "__u == __w";
		break;
	default:
		rc = wv_try_spec_first(spec, sizeof(spec), v->bits, v->endian, -1);
		claim = "__w == 8 | __u == __w";	/* 8 is replaced for 32 bits */
		break;
	}
	if (rc < 0 || wv_expr_parse(e, spec, &ierr) < 0)
		goto bug;
	t->want = e->root;
	if (wv_expr_bind(e, "__u", t->user) < 0 || wv_expr_bind(e, "__w", t->want) < 0)
		goto bug;
	if (as == WV_AS_FIND_ZERO && v->bits == 32)
		claim = "__w == 4 | __u == __w";
	if (wv_expr_parse(e, claim, &ierr) < 0)
		goto bug;
	t->claim = e->root;
	return 0;
bug:
	/* the formula parsed, but what watviz adds around it did not fit */
	wv_error_set(err, 1, 1, "the formula is too long to check (more than %d "
		     "operations with the statement of what is right); shorten it",
		     WV_EXPR_NODES);
	return -1;
}

/* ---- the steps ----------------------------------------------------------- */

static const enum wv_op ops[] = {
	[WV_E_NOT] = WV_OP_NOT, [WV_E_MUL] = WV_OP_MUL, [WV_E_ADD] = WV_OP_ADD,
	[WV_E_SUB] = WV_OP_SUB, [WV_E_SHL] = WV_OP_SHL, [WV_E_SHR] = WV_OP_SHR,
	[WV_E_AND] = WV_OP_AND, [WV_E_XOR] = WV_OP_XOR, [WV_E_OR] = WV_OP_OR,
	[WV_E_CLZ] = WV_OP_CLZ, [WV_E_CTZ] = WV_OP_CTZ,
	[WV_E_POPCOUNT] = WV_OP_POPCOUNT, [WV_E_CMPB] = WV_OP_CMPB,
	[WV_E_CMPBGE] = WV_OP_CMPBGE,
};

/* Width a node's value is drawn in: a word, an 8-bit map, or a number. */
static unsigned node_width(const struct wv_expr *e, unsigned i)
{
	switch (e->node[i].op) {
	case WV_E_LNOT: case WV_E_LT: case WV_E_LE: case WV_E_GT: case WV_E_GE:
	case WV_E_EQ: case WV_E_NE: case WV_E_CLZ: case WV_E_CTZ:
	case WV_E_POPCOUNT: case WV_E_FLS: case WV_E_FFS_K: case WV_E_FLS_K:
		return 0;
	case WV_E_CMPBGE:
		return 8;
	default:
		return e->w;
	}
}

struct builder {
	const struct wv_try *t;
	const struct wv_variant *v;
	uint64_t a;
	uint64_t *val;
	char (*label)[WV_ROW_LABEL_MAX];	/* per node */
};

/* Marks of a word row: zero bytes of a, the answer, flags of the result. */
static void mark(const struct builder *b, struct wv_row *row, unsigned node,
		 unsigned first)
{
	unsigned nb = b->v->bits / 8;

	if (row->width != b->v->bits)
		return;
	for (unsigned r = 0; r < nb; r++) {
		bool zero = ((b->a >> 8 * r) & 0xff) == 0;
		bool flag = ((row->value >> 8 * r) & 0xff) != 0;

		if (node == 0 && zero)
			row->bytes[r] |= WV_MARK_ZERO;
		if (node == 0 && wv_wat_byte_index(b->v, r) == first)
			row->bytes[r] |= WV_MARK_ANSWER;
		if (node == b->t->user && b->t->as != WV_AS_FIND_ZERO && flag)
			row->bytes[r] |= zero ? WV_MARK_FLAG : WV_MARK_FLAG | WV_MARK_FALSE_POS;
	}
}

static void row(const struct builder *b, struct wv_substep *s, enum wv_row_kind kind,
		const char *label, uint64_t value, unsigned width, int node,
		unsigned first)
{
	struct wv_row *r;

	if (s->nrows == WV_SUB_ROWS_MAX)
		return;
	r = &s->rows[s->nrows++];
	*r = (struct wv_row){ .kind = kind, .value = value, .width = width };
	snprintf(r->label, sizeof(r->label), "%s", label);
	if (node >= 0)
		mark(b, r, (unsigned)node, first);
}

/* Which nodes the formula's value depends on (its own nodes only). */
static void reach(const struct wv_expr *e, unsigned i, bool *used)
{
	if (used[i])
		return;
	used[i] = true;
	for (unsigned k = 0; k < wv_expr_arity(e->node[i].op); k++)
		reach(e, e->node[i].kid[k], used);
}

static void fill_labels(const struct builder *b, const bool *used)
{
	const struct wv_expr *e = &b->t->e;
	unsigned step = 0;

	for (unsigned i = 0; i < e->n; i++) {
		const struct wv_expr_node *nd = &e->node[i];
		char text[WV_EXPR_MAX];

		if (nd->name[0])
			snprintf(b->label[i], WV_ROW_LABEL_MAX, "%s", nd->name);
		else if (nd->op == WV_E_CONST)
			snprintf(b->label[i], WV_ROW_LABEL_MAX,
				 nd->value < 10 ? "%llu" : "0x%llx",
				 (unsigned long long)nd->value);
		else if (i >= b->t->first_user && used[i] &&
			 wv_expr_format(e, i, text, sizeof(text)) <= 10)
			snprintf(b->label[i], WV_ROW_LABEL_MAX, "%.23s", text);
		else
			snprintf(b->label[i], WV_ROW_LABEL_MAX, "t%u", step + 1);
		if (i >= b->t->first_user && used[i] && wv_expr_arity(nd->op))
			step++;
	}
}

/* The step and sub-step of operator node i. */
static void op_step(const struct builder *b, unsigned i, struct wv_step *st,
		    struct wv_substep *s, size_t si, unsigned first)
{
	const struct wv_expr *e = &b->t->e;
	const struct wv_expr_node *nd = &e->node[i];
	unsigned ar = wv_expr_arity(nd->op), w = e->w;
	uint64_t x = b->val[nd->kid[0]], y = ar > 1 ? b->val[nd->kid[1]] : 0;
	uint64_t m = wv_wmask(w);
	char text[256];

	wv_expr_format(e, i, text, sizeof(text));
	*st = (struct wv_step){ .kind = b->t->as == WV_AS_FIND_ZERO ? WV_STEP_FIND
								   : WV_STEP_HAS_ZERO,
				.func = "your formula", .file = "--try", .result = b->val[i],
				.width = node_width(e, i), .first = si, .nsub = 1 };
	if (strcmp(b->label[i], text) != 0)
		snprintf(st->text, sizeof(st->text), "%s = %s", b->label[i], text);
	*s = (struct wv_substep){ .op = nd->op < sizeof(ops) / sizeof(ops[0]) &&
						ops[nd->op] ? ops[nd->op] : WV_OP_NOTE,
				  .step = si, .mem_columns = true };
	snprintf(s->expr, sizeof(s->expr), "%.63s",
		 strlen(text) < sizeof(s->expr) ? text : b->label[i]);
	for (unsigned k = 0; k < ar; k++) {
		unsigned kid = nd->kid[k];

		row(b, s, e->node[kid].op == WV_E_CONST ? WV_ROW_CONST : WV_ROW_INPUT,
		    b->label[kid], b->val[kid], node_width(e, kid), (int)kid, first);
	}
	if (nd->op == WV_E_SUB)
		row(b, s, WV_ROW_BORROW, "borrow", (x ^ y ^ b->val[i]) & m, w, -1, first);
	if (nd->op == WV_E_ADD)
		row(b, s, WV_ROW_CARRY, "carry", (x ^ y ^ b->val[i]) & m, w, -1, first);
	row(b, s, WV_ROW_RESULT, b->label[i], b->val[i], node_width(e, i), (int)i, first);
	snprintf(s->text, sizeof(s->text), "%s%s",
		 nd->op == WV_E_SUB ? "The borrow row shows where a bit had to borrow "
				      "from the bit above; a borrow that crosses a byte "
				      "boundary is how a 0x01 byte above a zero gets "
				      "flagged. "
		 : nd->op == WV_E_ADD ? "The carry row shows where a carry came in "
					"from the bit below. "
				      : "",
		 b->val[i] == 0 ? "The result is 0." : "");
}

int wv_try_trace(const struct wv_try *t, const struct wv_variant *v, uint64_t a,
		 struct wv_trace *tr)
{
	const struct wv_expr *e = &t->e;
	unsigned nb = v->bits / 8, first = nb;
	bool used[WV_EXPR_NODES] = { false };
	uint64_t val[WV_EXPR_NODES];
	char (*label)[WV_ROW_LABEL_MAX] = calloc(WV_EXPR_NODES, sizeof(*label));
	size_t n = 0;

	memset(tr, 0, sizeof(*tr));
	wv_expr_eval(e, a, val);
	reach(e, t->user, used);
	for (unsigned i = t->first_user; i <= t->user; i++)
		n += used[i] && wv_expr_arity(e->node[i].op) > 0;
	n++;	/* the verdict on this word */
	tr->v = v;
	tr->word_bytes = nb;
	tr->img.mem = malloc(nb);
	tr->img.role = malloc(nb);
	tr->words = calloc(1, sizeof(*tr->words));
	tr->steps = calloc(n, sizeof(*tr->steps));
	tr->subs = calloc(n, sizeof(*tr->subs));
	if (!label || !tr->img.mem || !tr->img.role || !tr->words || !tr->steps ||
	    !tr->subs) {
		free(label);
		wv_trace_free(tr);
		return -ENOMEM;
	}
	for (unsigned i = nb; i-- > 0;) {
		tr->reg_to_mem[wv_wat_byte_index(v, i)] = i;	/* its own inverse */
		tr->img.mem[i] = wv_wat_mem_byte(v, a, i);
		tr->img.role[i] = WV_MEM_STRING;
		if (tr->img.mem[i] == 0)
			first = i;
	}
	tr->img.len = nb;
	tr->img.word_bytes = nb;
	tr->in = (struct wv_trace_in){ .v = v, .word = tr->img.mem, .word_len = nb,
				       .delim = -1 };
	tr->words[0] = (struct wv_word){ .value = a, .loaded = a };
	tr->nwords = 1;
	tr->answer = first;

	struct builder b = { t, v, a, val, label };

	fill_labels(&b, used);
	for (unsigned i = t->first_user; i <= t->user; i++)
		if (used[i] && wv_expr_arity(e->node[i].op) > 0) {
			op_step(&b, i, &tr->steps[tr->nsteps], &tr->subs[tr->nsteps],
				tr->nsteps, first);
			tr->nsteps++;
		}

	/* the last step: right or wrong for this word */
	struct wv_step *st = &tr->steps[tr->nsteps];
	struct wv_substep *s = &tr->subs[tr->nsteps];
	bool right = val[t->claim] != 0;

	*st = (struct wv_step){ .kind = t->as == WV_AS_FIND_ZERO ? WV_STEP_FIND
								: WV_STEP_HAS_ZERO,
				.func = "the claim",
				.file = wv_try_as_name(t->as), .result = right,
				.first = tr->nsteps, .nsub = 1 };
	*s = (struct wv_substep){ .op = WV_OP_TEST, .step = tr->nsteps,
				  .mem_columns = true };
	snprintf(s->expr, sizeof(s->expr), "--as %s: %s", wv_try_as_name(t->as),
		 right ? "right for this word" : "WRONG for this word");
	switch (t->as) {
	case WV_AS_HAS_ZERO:
		snprintf(st->text, sizeof(st->text), "has_zero must be non-zero exactly "
			 "when a byte is zero.");
		snprintf(s->text, sizeof(s->text), "This word %s a zero byte and the "
			 "formula gives %s.", first < nb ? "has" : "has not",
			 val[t->user] ? "non-zero" : "0");
		break;
	case WV_AS_EXACT:
		snprintf(st->text, sizeof(st->text), "An exact mask has 0x80 in exactly "
			 "the zero bytes and nothing else.");
		snprintf(s->text, sizeof(s->text), "Compare the formula's row with the "
			 "exact mask below it, byte by byte.");
		break;
	default:
		snprintf(st->text, sizeof(st->text), "find_zero must give the memory "
			 "index of the first zero byte (words with no zero are not asked).");
		if (first < nb)
			snprintf(s->text, sizeof(s->text), "The first zero is at memory %u; "
				 "the formula says %llu.", first,
				 (unsigned long long)val[t->user]);
		else
			snprintf(s->text, sizeof(s->text), "This word has no zero byte, so "
				 "any answer will do.");
		break;
	}
	row(&b, s, WV_ROW_INPUT, "a", a, v->bits, 0, first);
	row(&b, s, WV_ROW_RESULT, "formula", val[t->user], node_width(e, t->user),
	    (int)t->user, first);
	row(&b, s, WV_ROW_CONST, t->as == WV_AS_HAS_ZERO ? "a has 0?" : "right",
	    val[t->want], t->as == WV_AS_EXACT ? v->bits : 0, -1, first);
	tr->nsteps++;
	tr->nsubs = tr->nsteps;
	free(label);
	return 0;
}
