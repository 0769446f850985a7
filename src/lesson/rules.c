/*
 * The rules lessons may state (lesson/rules.h): general facts about the
 * arithmetic, each with the variants it holds on and its claim about one
 * word.  The claims call the variant's own functions (the production core)
 * and the constants of watviz/wordops.h; only where the zero bytes are is
 * found here, by a byte loop, so that a claim is checked against the
 * definition and not against the formula it describes.
 * May call: the core only (the lowest of src/lesson/).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/rules.h"

#include <string.h>

#include "watviz/wordops.h"

/* ---- what a word holds, by the definition ---------------------------------- */

/*
 * Register bytes to memory bytes: bit r of m (register byte r) becomes bit i
 * for the memory byte i it holds.  The sweeps of the tests run these for
 * every word, so they stay loops of a fixed count, which unroll.
 */
static unsigned to_memory(const struct wv_variant *v, unsigned m)
{
	unsigned r = 0;

	if (v->endian == WV_LITTLE)
		return m;
	for (unsigned i = 0; i < 8; i++)
		r |= ((m >> i) & 1u) << (7 - i);
	return r >> (8 - wv_wat_bytes(v));
}

/* The zero bytes of a: bit i for memory byte i, by a byte loop. */
static unsigned zero_bytes(const struct wv_variant *v, uint64_t a)
{
	unsigned z = 0;

	for (unsigned r = 0; r < 8; r++)
		z |= (unsigned)(((a >> 8 * r) & 0xff) == 0) << r;
	return to_memory(v, z & ((1u << wv_wat_bytes(v)) - 1));
}

/* The bytes whose top bit is set in the flags f: bit i for memory byte i. */
static unsigned flag_bytes(const struct wv_variant *v, uint64_t f)
{
	unsigned m = 0;

	for (unsigned r = 0; r < 8; r++)
		m |= (unsigned)((f >> (8 * r + 7)) & 1) << r;
	return to_memory(v, m & ((1u << wv_wat_bytes(v)) - 1));
}

/* The first memory byte in the set m (m != 0). */
static unsigned first(unsigned m)
{
	return wv_ctz(m, 8);
}

void wv_rules_word(const struct wv_variant *v, uint64_t a, struct wv_rule_word *w)
{
	w->a = a;
	w->data = 0;
	w->flags = v->has_zero(a, &w->data);
	w->prep = v->prep_zero_mask(a, w->data);
	w->create = v->create_zero_mask(w->prep);
	w->find = v->find_zero(w->create);
	w->zbm = v->zero_bytemask(w->create);
	w->zeros = zero_bytes(v, a);
	w->flagged = flag_bytes(v, w->flags);
}

bool wv_rules_holds(const struct wv_rule *r, const struct wv_variant *v, uint64_t a)
{
	struct wv_rule_word w;

	wv_rules_word(v, a, &w);
	return r->check(v, &w);
}

/* ---- the rules ------------------------------------------------------------- */

static bool cheap(const struct wv_variant *v)
{
	return v->hz_kind == WV_HZ_CHEAP || v->hz_kind == WV_HZ_CHEAP_BE;
}

/*
 * The cheap test's flags are the zero bytes and each 0x01 byte that a
 * borrow reaches: a - ONES borrows out of a zero byte (and out of a 0x01
 * byte that a borrow came into), and such a 0x01 ends as 0xff, its top bit
 * set like a zero's.  The borrows are followed byte by byte, from the
 * least significant up.
 */
static bool cheap_flags(const struct wv_variant *v, const struct wv_rule_word *w)
{
	unsigned want = 0;
	bool borrow = false;

	for (unsigned r = 0; r < wv_wat_bytes(v); r++) {
		unsigned x = (unsigned)(w->a >> 8 * r) & 0xff;

		if (x == 0 || (x == 1 && borrow))
			want |= 1u << wv_wat_byte_index(v, r);
		borrow = x == 0 || (x == 1 && borrow);
	}
	return w->flagged == want;
}

static bool le_cheap(const struct wv_variant *v)
{
	return v->endian == WV_LITTLE && v->hz_kind == WV_HZ_CHEAP;
}

/*
 * The cheap test flags every zero byte, and a flag can be false only in a
 * byte above the first zero: a false flag needs a borrow out of a zero below
 * it.  On little-endian above is later in memory, so the lowest flag is the
 * first zero's: bit 8k + 7.
 */
static bool false_flags_above_zero(const struct wv_variant *v, const struct wv_rule_word *w)
{
	unsigned z = w->zeros, fake = w->flagged & ~z;

	if (z & ~w->flagged)
		return false;
	if (z == 0)
		return w->flagged == 0;
	return (fake == 0 || first(fake) > first(z)) &&
	       wv_ctz(w->flags, v->bits) == 8 * first(z) + 7;
}

static bool be_cheap(const struct wv_variant *v)
{
	return v->endian == WV_BIG && v->hz_kind == WV_HZ_CHEAP_BE;
}

/*
 * On big-endian the top flag is the earliest in memory: it points at a byte
 * other than the first zero exactly when a false flag sits before the first
 * zero.  A false flag after it (ab\0c\x01 on ppc64) changes nothing.
 */
static bool be_top_flag_lies(const struct wv_variant *v, const struct wv_rule_word *w)
{
	unsigned z = w->zeros, f = w->flagged;

	if (z & ~f)
		return false;
	if (z == 0)
		return f == 0;
	unsigned top = wv_wat_byte_index(v, wv___fls(w->flags, v->bits) / 8);
	bool fake_before = (f & ~z & ((1u << first(z)) - 1)) != 0;

	return (top != first(z)) == fake_before;
}

static bool little_endian(const struct wv_variant *v)
{
	return v->endian == WV_LITTLE && v->prep_kind == WV_PREP_IDENTITY;
}

/*
 * find_zero uses only the lowest flag: the mask with every other flag
 * cleared gives the same answer, the first zero.
 */
static bool find_zero_lowest_flag(const struct wv_variant *v, const struct wv_rule_word *w)
{
	uint64_t low = w->prep & (~w->prep + 1);

	return w->zeros == 0 || (w->find == first(w->zeros) &&
				 v->find_zero(v->create_zero_mask(low)) == w->find);
}

static bool add32(const struct wv_variant *v)
{
	return v->bits == 32 && v->find_kind == WV_FIND_ADD32;
}

/*
 * The 32-bit add trick: the mask is 2^(8k) - 1, and 0x00ff0001 + mask is
 * 0x00ff0000 + 2^(8k) (the +1 turns the mask into 2^(8k)), whose bits 23-24
 * read 1, 1, 2, 3 for k = 0..3; & mask turns the 1 of k = 0 into 0.
 */
static bool add32_carry(const struct wv_variant *v, const struct wv_rule_word *w)
{
	uint64_t mask = w->create, sum = (WV_COUNT_MASKED_ADD + mask) & wv_wmask(32);
	unsigned k;

	(void)v;
	if (w->zeros == 0)
		return true;
	k = first(w->zeros);
	return mask == wv_wmask(8 * k) && sum == UINT64_C(0x00ff0000) + (mask + 1) &&
	       (sum >> 23) == (k ? k : 1) && w->find == k;
}

static bool multiply(const struct wv_variant *v)
{
	return v->bits == 64 && v->find_kind == WV_FIND_MUL;
}

/* Byte n of x, counting from the least significant. */
static unsigned byte_of(uint64_t x, unsigned n)
{
	return (unsigned)(x >> 8 * n) & 0xff;
}

/*
 * The counting multiply: mask * C = (C << 8k) - C.  For k <= 6 the top byte
 * of C << 8k is byte 7 - k of C, which holds k, and subtracting C leaves it
 * alone: for 1 <= k <= 6 byte 6 of C << 8k is more than C's byte 6, 0x01,
 * so no borrow gets past it (for k = 0 there is nothing to subtract from:
 * the product is 0).  For k = 7 the top byte is C's lowest, 0x08, and the
 * subtraction borrows one: 7.
 */
static bool mul_top_byte(const struct wv_variant *v, const struct wv_rule_word *w)
{
	const uint64_t c = WV_COUNT_MASKED_MUL;
	uint64_t mask = w->create, shifted, prod;
	unsigned k;

	(void)v;
	if (w->zeros == 0)
		return true;
	k = first(w->zeros);
	shifted = wv_shl(c, 8 * k, 64);
	prod = mask * c;
	if (mask != wv_wmask(8 * k) || prod != shifted - c ||
	    byte_of(shifted, 7) != byte_of(c, 7 - k) || w->find != k)
		return false;
	if (k == 0)
		return prod == 0;
	if (k <= 6)
		return byte_of(c, 7 - k) == k && byte_of(shifted, 6) > byte_of(c, 6) &&
		       byte_of(c, 6) == 0x01 && byte_of(prod, 7) == byte_of(shifted, 7);
	return byte_of(c, 0) == 8 && byte_of(prod, 7) == 7;
}

static bool below_lowest_users(const struct wv_variant *v)
{
	return v->prep_kind == WV_PREP_IDENTITY &&
	       (v->create_kind == WV_CREATE_BYTEMASK || v->create_kind == WV_CREATE_POPCOUNT ||
		v->zbm_kind == WV_ZBM_FROM_FLAGS);
}

/*
 * bits - 1 clears the lowest set bit of bits, sets every bit below it and
 * keeps every bit above it; so (bits - 1) & ~bits has exactly the bits below
 * the lowest set bit, which with the cheap test's flags is bit 8k + 7 (k the
 * first zero).  It is what the variant's create_zero_mask or zero_bytemask
 * builds on.
 */
static bool below_lowest_bit(const struct wv_variant *v, const struct wv_rule_word *w)
{
	uint64_t m = wv_wmask(v->bits), bits = w->prep, low = bits & (~bits + 1);
	uint64_t below = ((bits - 1) & ~bits) & m;

	if (w->zeros == 0)
		return true;
	if (below != low - 1 || ((bits - 1) & m) != ((bits ^ low) | below))
		return false;
	if (cheap(v) && low != UINT64_C(1) << (8 * first(w->zeros) + 7))
		return false;
	if (v->create_kind == WV_CREATE_BYTEMASK && w->create != below >> 7)
		return false;
	if (v->create_kind == WV_CREATE_POPCOUNT && w->create != wv_popcount(below))
		return false;
	return v->zbm_kind != WV_ZBM_FROM_FLAGS || w->zbm == below >> 7;
}

static bool exact_users(const struct wv_variant *v)
{
	return v->prep_kind == WV_PREP_EXACT_BE || v->hz_kind == WV_HZ_EXACT;
}

/* The exact mask: 0x80 in each zero byte and nothing anywhere else. */
static bool exact_mask(const struct wv_variant *v, const struct wv_rule_word *w)
{
	return flag_bytes(v, w->prep) == w->zeros && (w->prep & ~wv_highs(v->bits)) == 0;
}

static bool bytemask_users(const struct wv_variant *v)
{
	return v->endian == WV_LITTLE && v->create_kind == WV_CREATE_BYTEMASK;
}

/* create_zero_mask is 2^(8k) - 1: 0xff in each byte before the first zero. */
static bool byte_mask(const struct wv_variant *v, const struct wv_rule_word *w)
{
	(void)v;
	return w->zeros == 0 || w->create == wv_wmask(8 * first(w->zeros));
}

static const struct wv_rule rules[] = {
	{ "cheap-flags", "variants with the cheap test",
	  "the cheap test flags the zero bytes and each 0x01 byte a borrow reaches",
	  cheap, cheap_flags },
	{ "false-flags-above-zero", "little-endian variants with the cheap test",
	  "every zero byte is flagged, and a flag is false only in a byte after "
	  "the first zero", le_cheap, false_flags_above_zero },
	{ "be-top-flag-lies", "big-endian variants with the cheap test",
	  "the top flag misses the first zero exactly when a false flag sits "
	  "before it", be_cheap, be_top_flag_lies },
	{ "find-zero-lowest-flag", "little-endian variants",
	  "find_zero gives the first zero from the lowest flag alone",
	  little_endian, find_zero_lowest_flag },
	{ "add32-carry", "the 32-bit add trick",
	  "0x00ff0001 + (2^(8k) - 1) is 0x00ff0000 + 2^(8k): bits 23-24 hold "
	  "1, 1, 2, 3 for k = 0..3", add32, add32_carry },
	{ "mul-top-byte", "the counting multiply",
	  "mask * C = (C << 8k) - C; for k <= 6 its top byte is byte 7 - k of C, "
	  "k; for k = 7, 0x08 less a borrow", multiply, mul_top_byte },
	{ "below-lowest-bit", "variants computing (bits - 1) & ~bits",
	  "(bits - 1) & ~bits has exactly the bits below the lowest set bit",
	  below_lowest_users, below_lowest_bit },
	{ "exact-mask", "variants with the exact test",
	  "the exact mask has 0x80 in each zero byte and nothing else",
	  exact_users, exact_mask },
	{ "byte-mask", "little-endian variants with a byte mask",
	  "create_zero_mask is 2^(8k) - 1, 0xff in each byte before the first zero",
	  bytemask_users, byte_mask },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

size_t wv_rules_count(void)
{
	return NRULES;
}

const struct wv_rule *wv_rules_at(size_t i)
{
	return i < NRULES ? &rules[i] : NULL;
}

const struct wv_rule *wv_rules_find(const char *name, size_t n)
{
	for (size_t i = 0; i < NRULES; i++)
		if (strlen(rules[i].name) == n && memcmp(rules[i].name, name, n) == 0)
			return &rules[i];
	return NULL;
}
