/*
 * expr/expr.h - a small expression language over one word `a`.
 *
 * A student writes a formula they believe finds a zero byte, in C's notation
 * for unsigned words, at the chosen variant's width W (32 or 64):
 *
 *   program  := { NAME '=' cond ';' } cond        earlier results by name
 *   cond     := or [ '?' cond ':' cond ]          C's ?: (right-associative)
 *   or       := xor { '|' xor }
 *   xor      := and { '^' and }
 *   and      := eq { '&' eq }
 *   eq       := rel { ('==' | '!=') rel }
 *   rel      := shift { ('<' | '<=' | '>' | '>=') shift }
 *   shift    := sum { ('<<' | '>>') sum }
 *   sum      := prod { ('+' | '-') prod }
 *   prod     := unary { '*' unary }
 *   unary    := ('-' | '~' | '!') unary | primary
 *   primary  := NUMBER | NAME | FUNC '(' cond { ',' cond } ')' | '(' cond ')'
 *
 * NUMBER is decimal or 0x hex and must fit in W bits.  NAME is `a`, a name
 * bound before (a statement, or wv_expr_bind), or one of the kernel's
 * constants ONES HIGHS LOW7.  FUNC is REPEAT_BYTE(x) (= ONES * x) or one of
 * the core's instruction emulations (watviz/wordops.h): clz ctz popcount fls
 * __ffs __fls (one argument) and cmpb cmpbge (two).  Arithmetic wraps modulo
 * 2^W; a shift by W or more gives 0; comparisons and ! give 0 or 1; clz, ctz,
 * __ffs and __fls of 0 give W (as the core's emulations do).
 *
 * The parsed expression is a DAG of nodes in one array, every node after its
 * operands, so evaluating is one pass in order.  Pure: no I/O, no globals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_EXPR_H
#define WATVIZ_EXPR_H

#include <stddef.h>
#include <stdint.h>

#include "expr/error.h"

#define WV_EXPR_NODES 1024	/* nodes in one expression */
#define WV_EXPR_NAMES 64	/* names bound at once */
#define WV_EXPR_NAME_MAX 16	/* longest name, with its NUL */
#define WV_EXPR_DEPTH 64	/* nesting: parentheses, function calls, unary
				   operators and ?: each count one level */
#define WV_EXPR_LEN_MAX 16384	/* bytes of one program (1024 nodes need far
				   fewer, spaces and all) */

enum wv_expr_op {
	WV_E_VAR,	/* the word a */
	WV_E_CONST,	/* a number or a kernel constant (value) */
	WV_E_NEG, WV_E_NOT, WV_E_LNOT,	/* - ~ ! */
	WV_E_MUL, WV_E_ADD, WV_E_SUB,
	WV_E_SHL, WV_E_SHR,
	WV_E_LT, WV_E_LE, WV_E_GT, WV_E_GE, WV_E_EQ, WV_E_NE,
	WV_E_AND, WV_E_XOR, WV_E_OR,
	WV_E_COND,	/* kid[0] ? kid[1] : kid[2] */
	WV_E_CLZ, WV_E_CTZ, WV_E_POPCOUNT, WV_E_FLS, WV_E_FFS_K, WV_E_FLS_K,
	WV_E_CMPB, WV_E_CMPBGE,
};

struct wv_expr_node {
	enum wv_expr_op op;
	uint16_t kid[3];	/* operand node indices (all < this node's) */
	uint64_t value;		/* WV_E_CONST only */
	int col;		/* 1-based column of the operator in its source */
	char name[WV_EXPR_NAME_MAX];	/* a constant's or a bound name's
					   spelling ("ONES", "mask"), or "" */
};

struct wv_expr {
	unsigned w;		/* 32 or 64 */
	unsigned n;		/* nodes used */
	unsigned root;		/* the node the last parse ended with */
	struct wv_expr_node node[WV_EXPR_NODES];
	unsigned nnames;
	struct {
		char name[WV_EXPR_NAME_MAX];
		unsigned node;
	} names[WV_EXPR_NAMES];
};

/*
 * Start an empty expression of width w (32 or 64) with node 0 = the word,
 * bound to the name "a".
 */
void wv_expr_init(struct wv_expr *e, unsigned w);

/*
 * Name node (a later parse can use the name; the newest binding of a name
 * wins, so binding "a" to another node re-targets the terms parsed after).
 * Only a statement NAME = EXPR; also labels the node with its name.
 * Returns 0, or -1 when the table is full or the name too long.
 */
int wv_expr_bind(struct wv_expr *e, const char *name, unsigned node);

/*
 * Parse src (a program, see above) and append its nodes to e; e->root is
 * its value.  Statements' names stay bound afterwards.  Returns 0, or -1 with
 * *err (line 1, col = 1-based byte column in src, a message saying what was
 * expected and how to fix it); on error e is as before the call.  A
 * program longer than WV_EXPR_LEN_MAX bytes, or nested deeper than
 * WV_EXPR_DEPTH, is refused that way too (the parser recurses on nesting,
 * so its stack use is bounded by WV_EXPR_DEPTH, whatever the input).
 *   wv_expr_init(&e, 64); wv_expr_parse(&e, "(a - ONES) & ~a & HIGHS", &err)
 */
int wv_expr_parse(struct wv_expr *e, const char *src, struct wv_error *err);

/*
 * Evaluate every node for the word a into val[0 .. e->n) (upper bits zero for
 * W = 32).  Returns val[e->root].
 */
uint64_t wv_expr_eval(const struct wv_expr *e, uint64_t a, uint64_t *val);

/*
 * The same for n words at once: words[j] is a for column j; val must hold
 * e->n * n values (node i of word j is val[i * n + j]).  The tight loops make
 * an exhaustive sweep over 2^32 words affordable.  Writes the root's values
 * to out[0 .. n).
 */
void wv_expr_eval_many(const struct wv_expr *e, const uint64_t *words, size_t n,
		       uint64_t *val, uint64_t *out);


/* Number of operands of op: 0 to 3. */
unsigned wv_expr_arity(enum wv_expr_op op);

/*
 * Write node i back as C text (parentheses only where C needs them; names
 * and kernel constants by name) into buf; returns strlen of the full text
 * (as snprintf does).
 */
size_t wv_expr_format(const struct wv_expr *e, unsigned i, char *buf, size_t size);

#endif /* WATVIZ_EXPR_H */
