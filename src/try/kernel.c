/*
 * The sixteen variants' kernel sequences as expression terms, one table per
 * kind of function (the kinds of watviz/wat.h), restated from
 * docs/VARIANTS.md like the core's C.  tests/unit/test_prove_kernel.c
 * proves them for every word and evaluates them against the C core, so a
 * slip in either place shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "try/try.h"

#include <stdio.h>

/* has_zero and what it keeps in data, per enum wv_hz_kind */
static const struct { const char *hz, *data; } hz_terms[] = {
	[WV_HZ_CHEAP] = { "(a - ONES) & ~a & HIGHS", "(a - ONES) & ~a & HIGHS" },
	/* include/asm-generic: the sum with REPEAT_BYTE(0xfe) + 1 is a - ONES */
	[WV_HZ_CHEAP_BE] = { "(a + (REPEAT_BYTE(0xfe) + 1)) & ~(a | LOW7)", "a | LOW7" },
	[WV_HZ_CMPB] = { "cmpb(a, 0)", "cmpb(a, 0)" },
	[WV_HZ_CMPBGE] = { "cmpbge(0, a)", "cmpbge(0, a)" },
	[WV_HZ_EXACT] = { "~(((a & LOW7) + LOW7) | a | LOW7)",
			  "~(((a & LOW7) + LOW7) | a | LOW7)" },
};

static const char *const prep_terms[] = {
	[WV_PREP_IDENTITY] = "data",
	[WV_PREP_EXACT_BE] = "~(((a & LOW7) + LOW7) | data)",
};

static const char *const create_terms[] = {
	[WV_CREATE_IDENTITY] = "bits",
	[WV_CREATE_BYTEMASK] = "((bits - 1) & ~bits) >> 7",
	[WV_CREATE_POPCOUNT] = "popcount((bits - 1) & ~bits)",
	[WV_CREATE_FLS] = "__fls(bits)",
};

/* The halving search of include/asm-generic's big-endian find_zero. */
#define HALVING_16_8                                                          \
	"l = m >> 16; m = l ? l : m; byte = l ? byte : byte + 2; "            \
	"(m >> 8) ? byte : byte + 1"
static const char halving64[] =
	"h = mask >> 32; m = h ? h : mask; byte = h ? 0 : 4; " HALVING_16_8;
static const char halving32[] = "m = mask; byte = 0; " HALVING_16_8;

static const char *const find_terms[] = {
	[WV_FIND_MUL] = "(mask * 0x0001020304050608) >> 56",
	[WV_FIND_ADD32] = "((0x0ff0001 + mask) >> 23) & mask",
	[WV_FIND_CLZ_HALVING] = NULL,	/* by width, above */
	[WV_FIND_CLZ] = "clz(mask) >> 3",
	[WV_FIND_FFS] = "__ffs(mask) >> 3",
	[WV_FIND_FLS] = "fls(mask) >> 3",
	[WV_FIND_SHIFT3] = "mask >> 3",
	/* alpha's cttz of the 8-bit map: 8 for an empty map */
	[WV_FIND_CTZ] = "mask ? ctz(mask) : 8",
	[WV_FIND_XOR] = "(mask ^ 63) >> 3",
};

static const char *const zbm_terms[] = {
	[WV_ZBM_IDENTITY] = "mask",
	[WV_ZBM_FROM_FLAGS] = "((mask - 1) & ~mask) >> 7",
	[WV_ZBM_FLS_SHIFT] = "~1 << __fls(mask)",
	[WV_ZBM_BITCOUNT] = "(1 << mask) - 1",
	[WV_ZBM_ALPHA] = "(2 << 8 * (mask ? ctz(mask) : 8)) - 1",
	[WV_ZBM_INDEX] = "~1 << mask",
};

void wv_try_kernel_terms(const struct wv_variant *v, struct wv_kernel_terms *k)
{
	k->has_zero = hz_terms[v->hz_kind].hz;
	k->data = hz_terms[v->hz_kind].data;
	k->prep = prep_terms[v->prep_kind];
	k->create = create_terms[v->create_kind];
	k->find = v->find_kind == WV_FIND_CLZ_HALVING
			  ? (v->bits == 64 ? halving64 : halving32)
			  : find_terms[v->find_kind];
	k->zbm = zbm_terms[v->zbm_kind];
}

/* Parse src into e and return its node; -1 on error. */
static int term(struct wv_expr *e, const char *src, struct wv_error *err)
{
	if (wv_expr_parse(e, src, err) < 0)
		return -1;
	return (int)e->root;
}

/* has_zero, data and prep of the word at node word; -1 on error. */
static int front(struct wv_expr *e, const struct wv_kernel_terms *k,
		 unsigned word, unsigned out[3], struct wv_error *err)
{
	int x;

	if (wv_expr_bind(e, "a", word) < 0)
		return -1;
	if ((x = term(e, k->has_zero, err)) < 0)
		return -1;
	out[0] = (unsigned)x;
	if ((x = term(e, k->data, err)) < 0 || wv_expr_bind(e, "data", (unsigned)x) < 0)
		return -1;
	out[1] = (unsigned)x;
	if ((x = term(e, k->prep, err)) < 0)
		return -1;
	out[2] = (unsigned)x;
	return 0;
}

int wv_try_kernel_seq(struct wv_expr *e, const struct wv_variant *v,
		      unsigned word, int delim, struct wv_kernel_seq *s,
		      struct wv_error *err)
{
	struct wv_kernel_terms k;
	unsigned f[3], g[3], bits;
	char src[64];
	int x;

	wv_try_kernel_terms(v, &k);
	*s = (struct wv_kernel_seq){ 0 };
	if (front(e, &k, word, f, err) < 0)
		return -1;
	s->has_zero = f[0];
	s->data = f[1];
	s->prep = bits = f[2];
	if (delim >= 0) {
		snprintf(src, sizeof(src), "a ^ REPEAT_BYTE(%d)", delim);
		if ((x = term(e, src, err)) < 0)
			return -1;
		s->delim_word = (unsigned)x;
		if (wv_expr_bind(e, "p1", f[2]) < 0 || front(e, &k, s->delim_word, g, err) < 0)
			return -1;
		s->delim_has_zero = g[0];
		s->delim_prep = g[2];
		if (wv_expr_bind(e, "p2", g[2]) < 0 || (x = term(e, "p1 | p2", err)) < 0)
			return -1;
		bits = (unsigned)x;
	}
	if (wv_expr_bind(e, "a", 0) < 0 || wv_expr_bind(e, "bits", bits) < 0 ||
	    (x = term(e, k.create, err)) < 0)
		return -1;
	s->mask = (unsigned)x;
	if (wv_expr_bind(e, "mask", s->mask) < 0 || (x = term(e, k.find, err)) < 0)
		return -1;
	s->find = (unsigned)x;
	if ((x = term(e, k.zbm, err)) < 0)
		return -1;
	s->zbm = (unsigned)x;
	return 0;
}
