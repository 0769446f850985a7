/*
 * lesson/rules.h - the general facts lessons state about the arithmetic,
 * each a property that a test proves.
 *
 * A sentence such as "a flag can be false only above the first zero" is a
 * claim about every word, not about the scene's word, so no placeholder can
 * make it true.  A lesson states it as a rule paragraph instead
 * ("rule: false-flags-above-zero A flag can be false ..."), naming one of the
 * rules below.  Each rule says on which variants it holds (holds_on) and
 * what it claims of one word (check); tests/unit/test_rules.c checks it
 * over the critical words (every byte from {00 01 02 7f 80 81 fe ff} in
 * every position; every 32-bit word with WATVIZ_FULL=1) on every variant
 * where holds_on is true, and the lesson loader refuses a rule paragraph on
 * a variant where holds_on is false.
 *
 * The properties call the production core (the variant's own has_zero,
 * prep_zero_mask, create_zero_mask, find_zero, zero_bytemask and the
 * constants of watviz/wordops.h); where a zero byte is, they find with a
 * byte loop.  They are pure and allocate nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_RULES_H
#define WATVIZ_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "watviz/wat.h"

/*
 * What the rules read of one word a: the variant's own values for it (the
 * kernel's sequence, each function called once) and, by a byte loop, where
 * its zero bytes are.  The later three are as defined for every input, also
 * for a word without a zero byte.
 */
struct wv_rule_word {
	uint64_t a;		/* v's register value, as loaded */
	uint64_t flags;		/* has_zero(a, &data) */
	uint64_t data;
	uint64_t prep;		/* prep_zero_mask(a, data) */
	uint64_t create;	/* create_zero_mask(prep) */
	unsigned find;		/* find_zero(create) */
	uint64_t zbm;		/* zero_bytemask(create) */
	unsigned zeros;		/* bit i: memory byte i of a is 0 */
	unsigned flagged;	/* bit i: bit 7 of memory byte i of flags is set */
};

/* Fill *w for the word a on v. */
void wv_rules_word(const struct wv_variant *v, uint64_t a, struct wv_rule_word *w);

struct wv_rule {
	const char *name;	/* as a rule: paragraph names it */
	const char *where;	/* the variants it holds on, in a few words */
	const char *says;	/* the property, in one sentence */
	/* Does the rule apply to this variant's form at all? */
	bool (*holds_on)(const struct wv_variant *v);
	/*
	 * Is the rule true of the word w describes (wv_rules_word)?  Only
	 * meaningful where holds_on(v); a word without a zero byte satisfies
	 * every rule whose claim is about the first zero.
	 */
	bool (*check)(const struct wv_variant *v, const struct wv_rule_word *w);
};

/* Is rule r true of the word a on v?  r->check on wv_rules_word(v, a). */
bool wv_rules_holds(const struct wv_rule *r, const struct wv_variant *v, uint64_t a);

/* Number of rules. */
size_t wv_rules_count(void);

/* The i-th rule, or NULL when i >= wv_rules_count(). */
const struct wv_rule *wv_rules_at(size_t i);

/*
 * The rule called name[0..n) (not terminated), or NULL.
 *   wv_rules_find("add32-carry", 11)->holds_on(wv_wat_find("x86-32")) == true
 */
const struct wv_rule *wv_rules_find(const char *name, size_t n);

#endif /* WATVIZ_RULES_H */
