/*
 * What each variant's calls cost, in word operations (watviz/cost.h says
 * what counts as one).  Each form of each call has its formula as the kernel
 * writes it and the list of the operations in it; the counts are the
 * lengths of the lists.  Pure: values in, values out.
 *
 * The headers the formulas are read from, and the commits (docs/SOURCES.md):
 * arch/x86/include/asm/word-at-a-time.h @ 1e2aec873ad6 (v3.5 to v6.10) and
 * the v6.11 form (4b8fa1173cdc); include/asm-generic/word-at-a-time.h @
 * 2555693dd85c; arch/powerpc/... @ 2e24a09e2155; arch/arm/... @ 2cc2c3cb54de;
 * arch/arm64/... @ 0d3001e2690a and f915a3e5b018; arch/alpha/... @
 * 611c9dd331ed; arch/s390/... @ e392ea4d4d00.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/cost.h"

#include <string.h>

struct form {
	const char *formula;	/* as the kernel writes it */
	const char *ops;	/* its operations, in order, space-separated */
};

static const struct form has_zero_forms[] = {
	[WV_HZ_CHEAP] = { "((a - c->one_bits) & ~a) & c->high_bits", "- ~ & &" },
	[WV_HZ_CHEAP_BE] = { "rhs = a | c->low_bits; (a + c->high_bits) & ~rhs", "| + ~ &" },
	[WV_HZ_CMPB] = { "cmpb(a, 0)", "cmpb" },
	[WV_HZ_CMPBGE] = { "cmpbge(0, a)", "cmpbge" },
	[WV_HZ_EXACT] = { "mask = (a & c->bits) + c->bits; ~(mask | a | c->bits)", "& + | | ~" },
};

static const struct form prep_forms[] = {
	[WV_PREP_IDENTITY] = { "data", "" },
	[WV_PREP_EXACT_BE] = { "~(((a & c->low_bits) + c->low_bits) | rhs)", "& + | ~" },
};

static const struct form create_forms[] = {
	[WV_CREATE_IDENTITY] = { "bits", "" },
	[WV_CREATE_BYTEMASK] = { "((bits - 1) & ~bits) >> 7", "- ~ & >>" },
	[WV_CREATE_POPCOUNT] = { "popcount((bits - 1) & ~bits)", "- ~ & popcount" },
	[WV_CREATE_FLS] = { "__fls(data)", "__fls" },
};

/*
 * find_zero.  The halving search has branches: its count is the longest path,
 * where every half it tests is empty (a shift tested and then kept is one
 * shift; byte = 4 stores a constant).
 */
static const struct form find_forms[] = {
	[WV_FIND_MUL] = { "mask * 0x0001020304050608 >> 56", "* >>" },
	[WV_FIND_ADD32] = { "((0x0ff0001 + mask) >> 23) & mask", "+ >> &" },
	[WV_FIND_CLZ_HALVING] = { "if (mask >> 32) mask >>= 32; else byte = 4; "
				  "if (mask >> 16) mask >>= 16; else byte += 2; "
				  "(mask >> 8) ? byte : byte + 1",
				  ">> test >> test + >> test +" },
	[WV_FIND_CLZ] = { "cntlz(mask) >> 3", "cntlz >>" },
	[WV_FIND_FFS] = { "__ffs(bits) >> 3", "__ffs >>" },
	[WV_FIND_FLS] = { "fls(mask) >> 3", "fls >>" },
	[WV_FIND_SHIFT3] = { "mask >> 3", ">>" },
	[WV_FIND_CTZ] = { "cttz(bits)", "cttz" },
	[WV_FIND_XOR] = { "(data ^ (BITS_PER_LONG - 1)) >> 3", "^ >>" },
};

/* The 32-bit halving search has no 32-bit half to test. */
static const struct form find_halving32 = {
	"if (mask >> 16) mask >>= 16; else byte += 2; (mask >> 8) ? byte : byte + 1",
	">> test + >> test +"
};

static const struct form zbm_forms[] = {
	[WV_ZBM_IDENTITY] = { "mask", "" },
	[WV_ZBM_FROM_FLAGS] = { "((bits - 1) & ~bits) >> 7", "- ~ & >>" },
	[WV_ZBM_FLS_SHIFT] = { "~1ul << __fls(mask)", "__fls <<" },
	[WV_ZBM_BITCOUNT] = { "(1ul << mask) - 1", "<< -" },
	[WV_ZBM_ALPHA] = { "(2ul << (find_zero(mask) * 8)) - 1", "cttz * << -" },
	[WV_ZBM_INDEX] = { "~1ul << data", "<<" },
};

static const struct form *form_of(const struct wv_variant *v, enum wv_cost_call call)
{
	static const struct form none = { "", "" };

	switch (call) {
	case WV_COST_HAS_ZERO:
		return &has_zero_forms[v->hz_kind];
	case WV_COST_PREP:
		return &prep_forms[v->prep_kind];
	case WV_COST_CREATE:
		return &create_forms[v->create_kind];
	case WV_COST_FIND:
		if (v->find_kind == WV_FIND_CLZ_HALVING && v->bits == 32)
			return &find_halving32;
		return &find_forms[v->find_kind];
	case WV_COST_ZBM:
		return &zbm_forms[v->zbm_kind];
	default:
		return &none;
	}
}

const char *wv_cost_ops(const struct wv_variant *v, enum wv_cost_call call)
{
	return form_of(v, call)->ops;
}

const char *wv_cost_formula(const struct wv_variant *v, enum wv_cost_call call)
{
	return form_of(v, call)->formula;
}

/* How many space-separated words s holds. */
static unsigned count_words(const char *s)
{
	unsigned n = 0;

	for (s += strspn(s, " "); *s; s += strspn(s, " ")) {
		n++;
		s += strcspn(s, " ");
	}
	return n;
}

void wv_cost_of(const struct wv_variant *v, struct wv_cost *c)
{
	*c = (struct wv_cost){ .byte_test = wv_wat_bytes(v) };
	for (unsigned i = 0; i < WV_COST_CALLS; i++) {
		c->call[i] = count_words(wv_cost_ops(v, (enum wv_cost_call)i));
		if (i != WV_COST_HAS_ZERO && i != WV_COST_ZBM)
			c->after += c->call[i];
	}
	c->loop_test = c->call[WV_COST_HAS_ZERO] + 1;
}
