/*
 * The expression language of expr/expr.h: a recursive-descent parser with
 * C's precedence, and an evaluator that hands every instruction to the
 * core's emulations in watviz/wordops.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "expr/expr.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "watviz/wordops.h"


/* The functions a student may call, with their operand counts. */
static const struct {
	const char *name;
	enum wv_expr_op op;
	unsigned nargs;
	const char *example;
} funcs[] = {
	{ "clz", WV_E_CLZ, 1, "clz(a)" },
	{ "ctz", WV_E_CTZ, 1, "ctz(a)" },
	{ "popcount", WV_E_POPCOUNT, 1, "popcount(a)" },
	{ "fls", WV_E_FLS, 1, "fls(a)" },
	{ "__ffs", WV_E_FFS_K, 1, "__ffs(a)" },
	{ "__fls", WV_E_FLS_K, 1, "__fls(a)" },
	{ "cmpb", WV_E_CMPB, 2, "cmpb(a, 0)" },
	{ "cmpbge", WV_E_CMPBGE, 2, "cmpbge(0, a)" },
	{ "REPEAT_BYTE", WV_E_MUL, 1, "REPEAT_BYTE(0x2f)" },
};

static const char *const op_names[] = {
	[WV_E_VAR] = "a", [WV_E_CONST] = "", [WV_E_NEG] = "-", [WV_E_NOT] = "~",
	[WV_E_LNOT] = "!", [WV_E_MUL] = "*", [WV_E_ADD] = "+", [WV_E_SUB] = "-",
	[WV_E_SHL] = "<<", [WV_E_SHR] = ">>", [WV_E_LT] = "<", [WV_E_LE] = "<=",
	[WV_E_GT] = ">", [WV_E_GE] = ">=", [WV_E_EQ] = "==", [WV_E_NE] = "!=",
	[WV_E_AND] = "&", [WV_E_XOR] = "^", [WV_E_OR] = "|", [WV_E_COND] = "?:",
	[WV_E_CLZ] = "clz", [WV_E_CTZ] = "ctz", [WV_E_POPCOUNT] = "popcount",
	[WV_E_FLS] = "fls", [WV_E_FFS_K] = "__ffs", [WV_E_FLS_K] = "__fls",
	[WV_E_CMPB] = "cmpb", [WV_E_CMPBGE] = "cmpbge",
};

unsigned wv_expr_arity(enum wv_expr_op op)
{
	switch (op) {
	case WV_E_VAR:
	case WV_E_CONST:
		return 0;
	case WV_E_NEG: case WV_E_NOT: case WV_E_LNOT: case WV_E_CLZ:
	case WV_E_CTZ: case WV_E_POPCOUNT: case WV_E_FLS: case WV_E_FFS_K:
	case WV_E_FLS_K:
		return 1;
	case WV_E_COND:
		return 3;
	default:
		return 2;
	}
}

void wv_expr_init(struct wv_expr *e, unsigned w)
{
	memset(e, 0, sizeof(*e));
	e->w = w == 32 ? 32 : 64;
	e->n = 1;
	e->node[0] = (struct wv_expr_node){ .op = WV_E_VAR, .name = "a" };
	e->nnames = 1;
	snprintf(e->names[0].name, WV_EXPR_NAME_MAX, "a");
}

int wv_expr_bind(struct wv_expr *e, const char *name, unsigned node)
{
	if (e->nnames == WV_EXPR_NAMES || strlen(name) >= WV_EXPR_NAME_MAX ||
	    node >= e->n)
		return -1;
	snprintf(e->names[e->nnames].name, WV_EXPR_NAME_MAX, "%s", name);
	e->names[e->nnames++].node = node;
	return 0;
}

/* ---- the parser ---------------------------------------------------------- */

struct parser {
	const char *s;
	size_t pos;
	struct wv_expr *e;
	struct wv_error *err;
	bool failed;
	unsigned depth;
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(struct parser *p, size_t at, const char *fmt, ...);

static void fail(struct parser *p, size_t at, const char *fmt, ...)
{
	va_list ap;
	char msg[WV_ERROR_MSG_MAX];

	if (p->failed)
		return;
	p->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	wv_error_set(p->err, 1, (int)at + 1, "%s", msg);
}

static void skip_space(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n')
		p->pos++;
}

static bool is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Does the input continue with the operator tok (and not a longer one)? */
static bool peek_op(struct parser *p, const char *tok)
{
	size_t n = strlen(tok);
	char next;

	skip_space(p);
	if (strncmp(p->s + p->pos, tok, n) != 0)
		return false;
	next = p->s[p->pos + n];
	/* "<" is not "<<" or "<=", "&" is not "&&", "=" is not "==" ... */
	if (n == 1 && (tok[0] == '<' || tok[0] == '>') && (next == tok[0] || next == '='))
		return false;
	if (n == 1 && (tok[0] == '&' || tok[0] == '|') && next == tok[0])
		return false;
	if (n == 1 && (tok[0] == '!' || tok[0] == '=') && next == '=')
		return false;
	return true;
}

static bool take_op(struct parser *p, const char *tok)
{
	if (!peek_op(p, tok))
		return false;
	p->pos += strlen(tok);
	return true;
}

static unsigned add_node(struct parser *p, enum wv_expr_op op, size_t col,
			 unsigned k0, unsigned k1, unsigned k2)
{
	struct wv_expr *e = p->e;

	if (p->failed)
		return 0;
	if (e->n == WV_EXPR_NODES) {
		fail(p, col, "the expression is too long (more than %d operations); "
		     "shorten it", WV_EXPR_NODES);
		return 0;
	}
	e->node[e->n] = (struct wv_expr_node){ .op = op, .col = (int)col + 1,
					       .kid = { (uint16_t)k0, (uint16_t)k1,
							(uint16_t)k2 } };
	return e->n++;
}

static unsigned add_const(struct parser *p, uint64_t v, size_t col, const char *name)
{
	unsigned i = add_node(p, WV_E_CONST, col, 0, 0, 0);

	if (!p->failed) {
		p->e->node[i].value = v & wv_wmask(p->e->w);
		snprintf(p->e->node[i].name, WV_EXPR_NAME_MAX, "%s", name);
	}
	return i;
}

static unsigned cond(struct parser *p);

/*
 * One level deeper at column at (a '(', a function call, a unary operator,
 * a '?'): false, with the error, past WV_EXPR_DEPTH.  leave() undoes it.
 */
static bool enter(struct parser *p, size_t at)
{
	if (++p->depth <= WV_EXPR_DEPTH)
		return true;
	fail(p, at, "nested more than %d deep (each '(', function call, unary "
	     "operator and '?' is a level); name an inner part first, as in "
	     "t = (...); then use t", WV_EXPR_DEPTH);
	return false;
}

static void leave(struct parser *p)
{
	p->depth--;
}

static unsigned number(struct parser *p)
{
	size_t start = p->pos;
	const char *s = p->s;
	bool hex = s[start] == '0' && (s[start + 1] == 'x' || s[start + 1] == 'X');
	unsigned base = hex ? 16 : 10, w = p->e->w;
	uint64_t v = 0;
	bool big = false;

	p->pos += hex ? 2 : 0;
	if (hex && !isxdigit((unsigned char)s[p->pos])) {
		fail(p, start, "0x needs hex digits, as in 0x80");
		return 0;
	}
	for (; isalnum((unsigned char)s[p->pos]) || s[p->pos] == '_'; p->pos++) {
		char c = s[p->pos];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (hex && isxdigit((unsigned char)c))
			d = (unsigned)(tolower((unsigned char)c) - 'a' + 10);
		else {
			fail(p, p->pos, "'%c' is not a %s digit; write hex numbers as 0x80",
			     c, hex ? "hex" : "decimal");
			return 0;
		}
		if (v > (UINT64_MAX - d) / base)
			big = true;
		v = v * base + d;
	}
	if (big || (v & ~wv_wmask(w))) {
		fail(p, start, "%.*s does not fit in %u bits (the variant's word); "
		     "use a smaller number or a 64-bit --arch",
		     (int)(p->pos - start), s + start, w);
		return 0;
	}
	return add_const(p, v, start, "");
}

/* A function call after its name (pos is just past the name). */
static unsigned call(struct parser *p, size_t k, size_t start)
{
	unsigned arg[2] = { 0, 0 }, n = 0;
	size_t open;

	skip_space(p);
	open = p->pos;
	if (p->s[p->pos] != '(') {
		fail(p, start, "%s is a function; call it as %s", funcs[k].name,
		     funcs[k].example);
		return 0;
	}
	if (!enter(p, start))
		return 0;
	p->pos++;
	for (;;) {
		unsigned x;

		skip_space(p);
		if (n == 0 && p->s[p->pos] == ')')
			break;
		x = cond(p);
		if (p->failed)
			return 0;
		if (n < 2)
			arg[n] = x;
		n++;
		if (!take_op(p, ","))
			break;
	}
	leave(p);
	skip_space(p);
	if (p->s[p->pos] != ')') {
		fail(p, p->pos, "missing ')' to close the '(' of %s at column %zu",
		     funcs[k].name, open + 1);
		return 0;
	}
	p->pos++;
	if (n != funcs[k].nargs) {
		fail(p, start, "%s takes %u argument%s, not %u, as in %s", funcs[k].name,
		     funcs[k].nargs, funcs[k].nargs == 1 ? "" : "s", n, funcs[k].example);
		return 0;
	}
	if (strcmp(funcs[k].name, "REPEAT_BYTE") == 0)
		/* REPEAT_BYTE(x) is ONES * x, as the kernel defines it */
		return add_node(p, WV_E_MUL, start,
				add_const(p, wv_ones(p->e->w), start, "ONES"), arg[0], 0);
	return add_node(p, funcs[k].op, start, arg[0], arg[1], 0);
}

/* The node a bound name stands for, or -1. */
static int lookup(const struct wv_expr *e, const char *name)
{
	for (unsigned i = e->nnames; i-- > 0;)
		if (strcmp(e->names[i].name, name) == 0)
			return (int)e->names[i].node;
	return -1;
}

static unsigned name(struct parser *p)
{
	size_t start = p->pos, len;
	char id[WV_EXPR_NAME_MAX];
	int bound;

	while (is_ident(p->s[p->pos]))
		p->pos++;
	len = p->pos - start;
	for (size_t k = 0; k < sizeof(funcs) / sizeof(funcs[0]); k++)
		if (strlen(funcs[k].name) == len && strncmp(funcs[k].name, p->s + start, len) == 0)
			return call(p, k, start);
	if (len < sizeof(id)) {
		memcpy(id, p->s + start, len);
		id[len] = 0;
		if ((bound = lookup(p->e, id)) >= 0)
			return (unsigned)bound;
		if (strcmp(id, "ONES") == 0)
			return add_const(p, wv_ones(p->e->w), start, id);
		if (strcmp(id, "HIGHS") == 0)
			return add_const(p, wv_highs(p->e->w), start, id);
		if (strcmp(id, "LOW7") == 0)
			return add_const(p, wv_low7(p->e->w), start, id);
	}
	fail(p, start, "unknown name '%.*s'; the word is a, the constants ONES HIGHS "
	     "LOW7, the functions REPEAT_BYTE clz ctz popcount fls __ffs __fls cmpb "
	     "cmpbge", len > 20 ? 20 : (int)len, p->s + start);
	return 0;
}

static unsigned primary(struct parser *p)
{
	char c;

	skip_space(p);
	c = p->s[p->pos];
	if (c >= '0' && c <= '9')
		return number(p);
	if (is_ident_start(c))
		return name(p);
	if (c == '(') {
		size_t open = p->pos++;
		unsigned x;

		if (!enter(p, open))
			return 0;
		x = cond(p);
		leave(p);
		skip_space(p);
		if (p->s[p->pos] != ')') {
			fail(p, p->pos, "missing ')' to close the '(' at column %zu", open + 1);
			return 0;
		}
		p->pos++;
		return x;
	}
	if (c == '\0')
		fail(p, p->pos, "the expression ends where an operand is needed: a "
		     "number, a, a name or '('");
	else if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
		fail(p, p->pos, "byte 0x%02x is not part of an expression; use + - * "
		     "& | ^ ~ << >> ! comparisons ?: and parentheses", (unsigned char)c);
	else
		fail(p, p->pos, "'%c' where an operand is needed: a number, a, a "
		     "name or '('", c);
	return 0;
}

static unsigned unary(struct parser *p)
{
	static const struct { const char *tok; enum wv_expr_op op; } ops[] = {
		{ "-", WV_E_NEG }, { "~", WV_E_NOT }, { "!", WV_E_LNOT },
	};

	skip_space(p);
	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		size_t at = p->pos;

		if (take_op(p, ops[k].tok)) {
			unsigned x;

			if (!enter(p, at))
				return 0;
			x = unary(p);
			leave(p);
			return add_node(p, ops[k].op, at, x, 0, 0);
		}
	}
	return primary(p);
}

/* One level of left-associative binary operators. */
struct level {
	unsigned (*next)(struct parser *);
	struct { const char *tok; enum wv_expr_op op; } ops[4];
};

static unsigned binary(struct parser *p, const struct level *l)
{
	unsigned x = l->next(p);

	while (!p->failed) {
		size_t k, at;

		skip_space(p);
		at = p->pos;
		for (k = 0; k < 4 && l->ops[k].tok; k++)
			if (take_op(p, l->ops[k].tok))
				break;
		if (k == 4 || !l->ops[k].tok)
			return x;
		unsigned y = l->next(p);

		x = add_node(p, l->ops[k].op, at, x, y, 0);
	}
	return x;
}

#define LEVEL(fn, nextfn, ...)                                                \
	static unsigned fn(struct parser *p)                                  \
	{                                                                     \
		static const struct level l = { nextfn, { __VA_ARGS__ } };    \
		return binary(p, &l);                                         \
	}

LEVEL(prod, unary, { "*", WV_E_MUL })
LEVEL(sum, prod, { "+", WV_E_ADD }, { "-", WV_E_SUB })
LEVEL(shift, sum, { "<<", WV_E_SHL }, { ">>", WV_E_SHR })
LEVEL(rel, shift, { "<=", WV_E_LE }, { ">=", WV_E_GE }, { "<", WV_E_LT }, { ">", WV_E_GT })
LEVEL(eq, rel, { "==", WV_E_EQ }, { "!=", WV_E_NE })
LEVEL(band, eq, { "&", WV_E_AND })
LEVEL(bxor, band, { "^", WV_E_XOR })
LEVEL(bor, bxor, { "|", WV_E_OR })

static unsigned cond(struct parser *p)
{
	unsigned c = bor(p), x, y;
	size_t at;

	skip_space(p);
	at = p->pos;
	if (p->failed || !take_op(p, "?"))
		return c;
	if (!enter(p, at))
		return 0;
	x = cond(p);
	skip_space(p);
	if (!p->failed && !take_op(p, ":"))
		fail(p, p->pos, "missing ':' of the '?' at column %zu, as in "
		     "c ? x : y", at + 1);
	y = cond(p);
	leave(p);
	return add_node(p, WV_E_COND, at, c, x, y);
}

/* After a whole expression: say what is wrong with what follows. */
static void trailing(struct parser *p, bool statement)
{
	const char *s = p->s + p->pos;

	if (!*s || (statement && *s == ';'))
		return;
	if ((s[0] == '&' && s[1] == '&') || (s[0] == '|' && s[1] == '|'))
		fail(p, p->pos, "'%.2s' is not in the language; use %c on 0/1 values "
		     "(comparisons and ! give 0 or 1)", s, s[0]);
	else if (*s == ')')
		fail(p, p->pos, "')' without a '(' before it; remove it");
	else if (*s == '/' || *s == '%')
		fail(p, p->pos, "'%c' is not in the language (no division); use "
		     "shifts and masks", *s);
	else if (*s == '=')
		fail(p, p->pos, "'=' compares nothing; write == to compare, or "
		     "NAME = EXPR; at the start to name a result");
	else if (*s == ';')
		fail(p, p->pos, "';' ends a statement NAME = EXPR; the last part "
		     "must be an expression");
	else
		fail(p, p->pos, "'%c' after a complete expression; is an operator "
		     "missing before it?", *s);
}

/* NAME '=' at pos (not '=='): the length of NAME, else 0. */
static size_t statement_name(struct parser *p)
{
	size_t i = p->pos, n;

	if (!is_ident_start(p->s[i]))
		return 0;
	while (is_ident(p->s[i]))
		i++;
	n = i - p->pos;
	while (p->s[i] == ' ' || p->s[i] == '\t')
		i++;
	return p->s[i] == '=' && p->s[i + 1] != '=' ? n : 0;
}

int wv_expr_parse(struct wv_expr *e, const char *src, struct wv_error *err)
{
	struct wv_expr saved_head = { .n = e->n, .nnames = e->nnames, .root = e->root };
	struct parser p = { .s = src, .e = e, .err = err };
	size_t n, len = strnlen(src, WV_EXPR_LEN_MAX + 1);

	if (len > WV_EXPR_LEN_MAX) {
		fail(&p, WV_EXPR_LEN_MAX, "the expression is longer than %d characters; "
		     "shorten it (name a part that repeats, as in t = ...; and use t)",
		     WV_EXPR_LEN_MAX);
		return -1;
	}
	skip_space(&p);
	while (!p.failed && (n = statement_name(&p)) > 0) {
		size_t at = p.pos;
		char id[WV_EXPR_NAME_MAX];
		unsigned x;

		if (n >= WV_EXPR_NAME_MAX) {
			fail(&p, at, "a name is at most %d characters", WV_EXPR_NAME_MAX - 1);
			break;
		}
		memcpy(id, src + at, n);
		id[n] = 0;
		if (strcmp(id, "ONES") == 0 || strcmp(id, "HIGHS") == 0 ||
		    strcmp(id, "LOW7") == 0 || strcmp(id, "a") == 0) {
			fail(&p, at, "%s is taken (the word or a kernel constant); "
			     "pick another name", id);
			break;
		}
		for (size_t k = 0; k < sizeof(funcs) / sizeof(funcs[0]); k++)
			if (strcmp(id, funcs[k].name) == 0)
				fail(&p, at, "%s is a function; pick another name", id);
		p.pos = (size_t)(strchr(src + at, '=') - src) + 1;
		x = cond(&p);
		skip_space(&p);
		trailing(&p, true);
		if (!p.failed && src[p.pos] != ';')
			fail(&p, p.pos, "missing ';' after the statement %s = ...", id);
		if (p.failed)
			break;
		p.pos++;
		if (wv_expr_bind(e, id, x) < 0)
			fail(&p, at, "more than %d names; use fewer statements",
			     WV_EXPR_NAMES);
		else if (e->node[x].op != WV_E_VAR && e->node[x].op != WV_E_CONST &&
			 !e->node[x].name[0])
			snprintf(e->node[x].name, WV_EXPR_NAME_MAX, "%s", id);
		skip_space(&p);
	}
	if (!p.failed) {
		skip_space(&p);
		if (!src[p.pos])
			fail(&p, p.pos, "the expression is empty; write one such as "
			     "(a - ONES) & ~a & HIGHS");
	}
	if (!p.failed) {
		e->root = cond(&p);
		skip_space(&p);
		trailing(&p, false);
	}
	if (p.failed) {
		e->n = saved_head.n;
		e->nnames = saved_head.nnames;
		e->root = saved_head.root;
		return -1;
	}
	return 0;
}

/* ---- evaluation ---------------------------------------------------------- */

static uint64_t shr(uint64_t x, uint64_t n, unsigned w)
{
	return n >= w ? 0 : x >> n;
}

static uint64_t shl(uint64_t x, uint64_t n, unsigned w)
{
	return wv_shl(x, n >= w ? w : (unsigned)n, w);
}

/*
 * One node over n words: x, y, z are the operands' value arrays.  The switch
 * is outside the loops so each loop is a plain array operation; a constant
 * right-hand operand (ONES, 0xff, a shift count) is taken as a scalar, yc.
 */
static void eval_node(const struct wv_expr *e, const struct wv_expr_node *nd,
		      const uint64_t *x, const uint64_t *y, const uint64_t *z,
		      uint64_t *r, size_t n)
{
	unsigned w = e->w;
	uint64_t m = wv_wmask(w);
	const struct wv_expr_node *ky = &e->node[nd->kid[1]];
	bool yconst = wv_expr_arity(nd->op) >= 2 && ky->op == WV_E_CONST;
	uint64_t yc = ky->value;
	size_t j;

#define EACH(expr) for (j = 0; j < n; j++) r[j] = (expr); break
/* the same with y[j] or, when the operand is a constant, yc */
#define EACH2(expr)                                                           	if (yconst) {                                                         		for (j = 0; j < n; j++) {                                     			uint64_t yy = yc;                                     			r[j] = (expr);                                        		}                                                             	} else {                                                              		for (j = 0; j < n; j++) {                                     			uint64_t yy = y[j];                                   			r[j] = (expr);                                        		}                                                             	}                                                                     	break
	switch (nd->op) {
	case WV_E_VAR: case WV_E_CONST: break;	/* filled by the caller */
	case WV_E_NEG: EACH((0 - x[j]) & m);
	case WV_E_NOT: EACH(~x[j] & m);
	case WV_E_LNOT: EACH(x[j] == 0);
	case WV_E_MUL: EACH2((x[j] * yy) & m);
	case WV_E_ADD: EACH2((x[j] + yy) & m);
	case WV_E_SUB: EACH2((x[j] - yy) & m);
	case WV_E_SHL: EACH2(shl(x[j], yy, w));
	case WV_E_SHR: EACH2(shr(x[j], yy, w));
	case WV_E_LT: EACH2(x[j] < yy);
	case WV_E_LE: EACH2(x[j] <= yy);
	case WV_E_GT: EACH2(x[j] > yy);
	case WV_E_GE: EACH2(x[j] >= yy);
	case WV_E_EQ: EACH2(x[j] == yy);
	case WV_E_NE: EACH2(x[j] != yy);
	case WV_E_AND: EACH2(x[j] & yy);
	case WV_E_XOR: EACH2(x[j] ^ yy);
	case WV_E_OR: EACH2(x[j] | yy);
	case WV_E_COND: EACH(x[j] ? y[j] : z[j]);
	case WV_E_CLZ: EACH(wv_clz(x[j], w));
	case WV_E_CTZ: EACH(wv_ctz(x[j], w));
	case WV_E_POPCOUNT: EACH(wv_popcount(x[j]));
	case WV_E_FLS: EACH(wv_fls(x[j], w));
	case WV_E_FFS_K: EACH(wv___ffs(x[j], w));
	case WV_E_FLS_K: EACH(wv___fls(x[j], w));
	case WV_E_CMPB: EACH2(wv_cmpb(x[j], yy, w));
	case WV_E_CMPBGE: EACH2(wv_cmpbge(x[j], yy, w));
	}
#undef EACH
#undef EACH2
}

void wv_expr_eval_many(const struct wv_expr *e, const uint64_t *words, size_t n,
		       uint64_t *val, uint64_t *out)
{
	for (unsigned i = 0; i < e->n; i++) {
		const struct wv_expr_node *nd = &e->node[i];
		uint64_t *r = val + (size_t)i * n;

		if (nd->op == WV_E_VAR)
			memcpy(r, words, n * sizeof(*r));
		else if (nd->op == WV_E_CONST)
			/* only a ?: or a left-hand side reads this row */
			for (size_t j = 0; j < n; j++)
				r[j] = nd->value;
		else
			eval_node(e, nd, val + (size_t)nd->kid[0] * n,
				  val + (size_t)nd->kid[1] * n,
				  val + (size_t)nd->kid[2] * n, r, n);
	}
	memcpy(out, val + (size_t)e->root * n, n * sizeof(*out));
}

uint64_t wv_expr_eval(const struct wv_expr *e, uint64_t a, uint64_t *val)
{
	uint64_t out;

	wv_expr_eval_many(e, &a, 1, val, &out);
	return out;
}

/* ---- writing it back ----------------------------------------------------- */

struct buf {
	char *s;
	size_t size, len;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(struct buf *b, const char *fmt, ...);

static void put(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->len < b->size ? b->s + b->len : NULL,
		      b->len < b->size ? b->size - b->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

/* Binding strength of an operator, as in C: higher binds tighter. */
static int prec(enum wv_expr_op op)
{
	switch (op) {
	case WV_E_MUL: return 10;
	case WV_E_ADD: case WV_E_SUB: return 9;
	case WV_E_SHL: case WV_E_SHR: return 8;
	case WV_E_LT: case WV_E_LE: case WV_E_GT: case WV_E_GE: return 7;
	case WV_E_EQ: case WV_E_NE: return 6;
	case WV_E_AND: return 5;
	case WV_E_XOR: return 4;
	case WV_E_OR: return 3;
	case WV_E_COND: return 2;
	default: return 12;	/* leaves, unary operators, calls */
	}
}

/*
 * What an operand of a binary operator of strength p needs: need, or, as
 * gcc's -Wparentheses asks, parentheses around any other binary operator
 * inside & ^ | (so "(a - ONES) & ~a" keeps its parentheses).
 */
static int kid_need(const struct wv_expr *e, int p, unsigned kid, int need)
{
	const struct wv_expr_node *k = &e->node[kid];
	int kp = prec(k->op);

	if (p >= 3 && p <= 5 && kp < 12 && kp != p && !k->name[0])
		return 13;
	return need;
}

/*
 * Node i as text; parenthesised when it binds less tightly than its place
 * needs (need: the parent's strength, plus one on a right-hand side).
 */
static void format(const struct wv_expr *e, unsigned i, struct buf *b, int need)
{
	const struct wv_expr_node *nd = &e->node[i];
	unsigned ar = wv_expr_arity(nd->op);
	int p = prec(nd->op);

	/* need < 0: the top, written out even when it has a name */
	if (nd->name[0] && (need >= 0 || ar == 0)) {
		put(b, "%s", nd->name);
		return;
	}
	if (nd->op == WV_E_CONST) {
		put(b, nd->value < 10 ? "%llu" : "0x%llx", (unsigned long long)nd->value);
		return;
	}
	if (nd->op >= WV_E_CLZ) {
		put(b, "%s(", op_names[nd->op]);
		format(e, nd->kid[0], b, 0);
		if (ar == 2) {
			put(b, ", ");
			format(e, nd->kid[1], b, 0);
		}
		put(b, ")");
		return;
	}
	if (nd->op == WV_E_MUL && e->node[nd->kid[0]].op == WV_E_CONST &&
	    strcmp(e->node[nd->kid[0]].name, "ONES") == 0 && nd->col > 0 &&
	    e->node[nd->kid[0]].col == nd->col) {
		put(b, "REPEAT_BYTE(");	/* as it was written */
		format(e, nd->kid[1], b, 0);
		put(b, ")");
		return;
	}
	if (p < need)
		put(b, "(");
	if (ar == 1) {
		put(b, "%s", op_names[nd->op]);
		format(e, nd->kid[0], b, 12);
	} else if (ar == 3) {
		format(e, nd->kid[0], b, 3);
		put(b, " ? ");
		format(e, nd->kid[1], b, 0);
		put(b, " : ");
		format(e, nd->kid[2], b, 2);
	} else {
		format(e, nd->kid[0], b, kid_need(e, p, nd->kid[0], p));
		put(b, " %s ", op_names[nd->op]);
		format(e, nd->kid[1], b, kid_need(e, p, nd->kid[1], p + 1));
	}
	if (p < need)
		put(b, ")");
}

size_t wv_expr_format(const struct wv_expr *e, unsigned i, char *buf, size_t size)
{
	struct buf b = { .s = buf, .size = size };

	if (size)
		buf[0] = 0;
	format(e, i, &b, -1);
	return b.len;
}
