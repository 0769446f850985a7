/*
 * Sentences about the kernel that more than one step or screen says: which
 * kernel runs hash_name's word-at-a-time path (CONFIG_DCACHE_WORD_ACCESS),
 * the loop each variant runs, what a load has to do with the page edge and
 * what a false positive means on each endianness.  A reviewer checking the
 * claims about the kernel starts here; the text of one step is in that
 * step's file (load.c, has_zero.c, prep.c, create.c, find.c, bytemask.c).
 * May call the builder (build.h) only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "sentences.h"

#include <stdio.h>
#include <string.h>

const char *wv_trace_dcache_sentence(const struct wv_variant *v, char *buf,
				     size_t size)
{
	switch (v->dcache_kind) {
	case WV_DCACHE_YES:
		if (v->dcache_when)	/* s390: reverted in one release */
			snprintf(buf, size, "On %s this is the kernel's own path %s: %s "
				 "(fs/namei.c uses this hash_name only under "
				 "CONFIG_DCACHE_WORD_ACCESS); %s hash byte by byte.",
				 v->name, v->dcache_when, v->dcache,
				 v->dcache_gap);
		else
			snprintf(buf, size, "On %s this is the kernel's own path: %s "
				 "(fs/namei.c uses this hash_name only under "
				 "CONFIG_DCACHE_WORD_ACCESS).", v->name, v->dcache);
		break;
	case WV_DCACHE_OPT_IN:
		snprintf(buf, size, "On %s this is the kernel's path only where the "
			 "build opts in: %s; a portable kernel's hash_name reads a byte "
			 "at a time.", v->name, v->dcache);
		break;
	case WV_DCACHE_NO:
		snprintf(buf, size, "Not what the kernel runs on %s: %s, so "
			 "there hash_name (fs/namei.c) reads the name a byte at a "
			 "time. Shown here: the word-at-a-time hash_name run on %s's "
			 "helpers, for comparison.", v->name, v->dcache, v->name);
		break;
	case WV_DCACHE_USER:
		snprintf(buf, size, "fs/namei.c uses this hash_name only under "
			 "CONFIG_DCACHE_WORD_ACCESS; for %s %s, and without it "
			 "hash_name reads a byte at a time.", v->kernel_path,
			 v->dcache);
		break;
	}
	return buf;
}

const char *wv_trace_zeropad_sentence(const struct wv_variant *v, char *buf,
				      size_t size)
{
	if (v->zeropad && strcmp(v->zeropad, v->kernel_path) == 0)
		/* powerpc, arm: the fixup is part of the header's own asm */
		snprintf(buf, size, "On %s that fixup is a stub in "
			 "load_unaligned_zeropad's own asm, in %s.", v->name,
			 v->zeropad);
	else if (v->zeropad && v->zeropad_stub)
		snprintf(buf, size, "On %s that fixup is %s in %s; older kernels "
			 "of this form had a fixup stub in %s instead (read at %s).",
			 v->name, v->zeropad_func, v->zeropad, v->zeropad_stub,
			 v->zeropad_stub_at);
	else if (v->zeropad && v->dcache_when)
		snprintf(buf, size, "On %s that fixup is %s in %s, %s; %s have none "
			 "and hash byte by byte.", v->name,
			 v->zeropad_func, v->zeropad, v->dcache_when, v->dcache_gap);
	else if (v->zeropad)
		snprintf(buf, size, "On %s that fixup is %s in %s.", v->name,
			 v->zeropad_func, v->zeropad);
	else if (v->dcache_kind == WV_DCACHE_USER)
		/* the example is big-endian: named only where it is one of
		   this variant's kind */
		snprintf(buf, size, "%s (%s) defines no load_unaligned_zeropad; an "
			 "architecture on this header brings its own, if any%s. For "
			 "a load across a page edge watviz borrows a %s-endian "
			 "kernel's fixup.", v->kernel_path, v->name,
			 v->endian == WV_BIG ? " (big-endian arm's is in "
			 "arch/arm/include/asm/word-at-a-time.h, 2cc2c3cb54de)" : "",
			 v->endian == WV_BIG ? "big" : "little");
	else
		snprintf(buf, size, "%s (%s) has no load_unaligned_zeropad, hence "
			 "no such fixup; where a load crosses the page edge watviz "
			 "draws a %s-endian kernel's fixup instead, for comparison.",
			 v->kernel_path, v->name,
			 v->endian == WV_BIG ? "big" : "little");
	return buf;
}

/* ---- lists of variants, written from the table ------------------------- */

static bool cheap_be(const struct wv_variant *v)
{
	return v->hz_kind == WV_HZ_CHEAP_BE;
}

static bool cheap_le(const struct wv_variant *v)
{
	return v->hz_kind == WV_HZ_CHEAP && v->endian == WV_LITTLE;
}

static bool exact_loop(const struct wv_variant *v)
{
	return !cheap_be(v) && v->hz_kind != WV_HZ_CHEAP;
}

/* How an exact has_zero tests, by its kind. */
static const char *exact_how(const struct wv_variant *v)
{
	switch (v->hz_kind) {
	case WV_HZ_CMPB:
		return "cmpb";
	case WV_HZ_CMPBGE:
		return "cmpbge";
	case WV_HZ_EXACT:
		return "the exact test";
	case WV_HZ_CHEAP:
	case WV_HZ_CHEAP_BE:
		break;
	}
	return "";
}

/* The names of the variants pick() chooses, "a, b and c", each followed
   by " (how)" when how is given; appended at buf[*used]. */
static void names(bool (*pick)(const struct wv_variant *),
		  const char *(*how)(const struct wv_variant *), char *buf,
		  size_t size, size_t *used)
{
	size_t total = 0, k = 0;
	int w;

	for (size_t i = 0; i < wv_wat_count(); i++)
		total += pick(wv_wat_at(i));
	for (size_t i = 0; i < wv_wat_count() && *used < size; i++) {
		const struct wv_variant *v = wv_wat_at(i);

		if (!pick(v))
			continue;
		k++;
		w = snprintf(buf + *used, size - *used, "%s%s%s%s%s",
			     k == 1 ? "" : k == total ? " and " : ", ", v->name,
			     how ? " (" : "", how ? how(v) : "", how ? ")" : "");
		if (w > 0)
			*used += (size_t)w;
	}
	if (*used >= size && size)
		*used = size - 1;
}

/* names() alone, into an empty buf: the three lists below */
static const char *name_list(bool (*pick)(const struct wv_variant *),
			     const char *(*how)(const struct wv_variant *), char *buf,
			     size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	names(pick, how, buf, size, &used);
	return buf;
}

const char *wv_trace_cheap_be_names(const struct wv_variant *v, char *buf,
				    size_t size)
{
	(void)v;
	return name_list(cheap_be, NULL, buf, size);
}

const char *wv_trace_cheap_le_names(const struct wv_variant *v, char *buf,
				    size_t size)
{
	(void)v;
	return name_list(cheap_le, NULL, buf, size);
}

const char *wv_trace_exact_loop_names(const struct wv_variant *v, char *buf,
				      size_t size)
{
	(void)v;
	return name_list(exact_loop, exact_how, buf, size);
}

static bool prep_exact(const struct wv_variant *v)
{
	return v->prep_kind == WV_PREP_EXACT_BE;
}

static bool hz_formula_exact(const struct wv_variant *v)
{
	return v->hz_kind == WV_HZ_EXACT;
}

static bool one_insn(const struct wv_variant *v)
{
	return v->hz_kind == WV_HZ_CMPB || v->hz_kind == WV_HZ_CMPBGE;
}

const char *wv_trace_exact_mask_sentence(const char *formula, char *buf,
					 size_t size)
{
	size_t used = 0;
	int w;

	buf[0] = '\0';
	w = snprintf(buf, size, "The exact mask is %s; the kernels that compute it "
		     "are ", formula);
	used = w > 0 ? (size_t)w : 0;
	if (used < size)
		names(prep_exact, NULL, buf, size, &used);
	if (used < size && (w = snprintf(buf + used, size - used, ", in "
					 "prep_zero_mask after the loop, and ")) > 0)
		used += (size_t)w;
	if (used < size)
		names(hz_formula_exact, NULL, buf, size, &used);
	if (used < size && (w = snprintf(buf + used, size - used, ", in has_zero, "
					 "while ")) > 0)
		used += (size_t)w;
	if (used < size)
		names(one_insn, exact_how, buf, size, &used);
	if (used < size)
		snprintf(buf + used, size - used, " get an exact map of the zero "
			 "bytes from one instruction.");
	return buf;
}

/* create_zero_mask's forms, told apart by the variant's kinds: each variant
   is in exactly one (tests/unit/test_trace.c checks it). */
static bool create_be_mask(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_IDENTITY && v->hz_kind == WV_HZ_CHEAP_BE;
}

static bool create_bytemask(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_BYTEMASK;
}

static bool create_raw_flags(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_IDENTITY && v->hz_kind == WV_HZ_CHEAP;
}

static bool create_map(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_IDENTITY && v->hz_kind == WV_HZ_CMPBGE;
}

static bool create_popcount(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_POPCOUNT;
}

static bool create_fls(const struct wv_variant *v)
{
	return v->create_kind == WV_CREATE_FLS;
}

const char *wv_trace_create_forms(const struct wv_variant *v, char *buf,
				  size_t size)
{
	static const struct {
		bool (*pick)(const struct wv_variant *);
		const char *what;
	} forms[] = {
		{ create_be_mask, "the mask unchanged, for find_zero to count its "
				  "leading zeros, on " },
		{ create_bytemask, "a byte mask on " },
		{ create_raw_flags, "the raw flags, for a bit scan, on " },
		{ create_map, "cmpbge's 8-bit map unchanged on " },
		{ create_popcount, "a popcntd count on " },
		{ create_fls, "an __fls bit index on " },
	};
	size_t used = 0;
	int w;

	(void)v;
	buf[0] = '\0';
	for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]) && used < size; f++) {
		w = snprintf(buf + used, size - used, "%s%s", f ? "; " : "",
			     forms[f].what);
		if (w > 0)
			used += (size_t)w;
		if (used >= size)
			break;
		names(forms[f].pick, NULL, buf, size, &used);
	}
	return buf;
}

bool wv_trace_hash_name_what_if(const struct wv_trace *t)
{
	return t->in.delim >= 0 && t->v->dcache_kind != WV_DCACHE_YES &&
	       t->v->dcache_kind != WV_DCACHE_OPT_IN;
}

const char *wv_trace_loop_note(const struct wv_trace *t, char *buf, size_t size)
{
	char dc[WV_TEXT_MAX];

	if (t->in.delim < 0)
		snprintf(buf, size, "do_strnlen_user (lib/strnlen_user.c): aligned "
			 "loads, stops at a NUL.");
	else
		snprintf(buf, size, "hash_name (fs/namei.c): unaligned loads from "
			 "the name, stops at a NUL or at 0x%02x (the kernel's is "
			 "'/'). %s", t->in.delim,
			 wv_trace_dcache_sentence(t->v, dc, sizeof(dc)));
	return buf;
}

/*
 * What the load of the current word has to do with the page edge, as a
 * sentence starting with a space ("" without a page edge).
 */
const char *tr_edge_sentence(const struct builder *b, char *buf, size_t size)
{
	const struct wv_word *wd = cur_word(b);
	size_t edge = b->t->img.page_end, last = wd->address + b->t->word_bytes - 1;

	if (!edge)
		snprintf(buf, size, "%s", "");
	else if (wd->zeropad)
		snprintf(buf, size, " It runs across the page edge at %zu.", edge);
	else if (b->t->in.delim >= 0)
		snprintf(buf, size, " They end at memory %zu, before the page edge "
			 "at %zu, so this load does not fault.", last, edge);
	else
		snprintf(buf, size, " It ends at memory %zu, before the page edge at "
			 "%zu: the page edge is word-aligned, so an aligned load is "
			 "either wholly before it or wholly after it and never "
			 "straddles it.", last, edge);
	return buf;
}

/*
 * The cheap flags f of x against the exact ones, on every word where the
 * cheap test fired (a zero byte is there, as memory shows): fp, the false
 * positives among them, may be none.  The note is drawn either way, with
 * the same title, sentence and rows, so that the trace's shape (how many
 * sub-steps, which ones) says nothing a question may ask, such as how
 * many flags are false or where the top flag points; only its detail
 * (hidden with the values while such a question is open or to come) and
 * the rows' values say which bytes.  The general sentences are rules that
 * tests/unit/test_rules.c proves (src/lesson/rules.c): be-top-flag-lies
 * on big-endian, false-flags-above-zero and find-zero-lowest-flag on
 * little-endian.
 */
void tr_note_false_pos(struct builder *b, const char *xl, uint64_t x,
		       uint64_t f, unsigned fp)
{
	unsigned w = W(b);
	uint64_t e = wv_exact_zero(x, w);
	char lst[96];
	struct wv_substep *s;
	struct wv_row *r;

	tr_addr_list(b, fp, lst, sizeof(lst));
	if (is_be(b)) {
		unsigned top = (w - 1 - wv_clz(f, w)) / 8;	/* register byte */
		unsigned etop = (w - 1 - wv_clz(e, w)) / 8;

		s = tr_sub_new(b, WV_OP_NOTE, "F(a) vs E(a)",
			       "A false positive: a byte that is not zero, flagged because the "
			       "borrow out of a zero byte ran on into it. On big-endian it "
			       "comes before that zero in memory. One before the first zero "
			       "makes the top flag lie, fatal if the mask were used as it is: "
			       "so prep_zero_mask recomputes the exact mask after the loop. One "
			       "after the first zero changes nothing.");
		if (!fp)
			tr_sub_detail(b, s, "Here: none; every flag is a zero byte's, and the "
				      "top flag is the first zero's, byte %zu.",
				      tr_addr_of(b, etop));
		else if (top != etop)
			tr_sub_detail(b, s, "Here: memory %s; the top flag points at byte %zu "
				      "while the first zero is byte %zu.", lst,
				      tr_addr_of(b, top), tr_addr_of(b, etop));
		else
			tr_sub_detail(b, s, "Here: memory %s, after the first zero: the top "
				      "flag is still the first zero's, byte %zu.", lst,
				      tr_addr_of(b, etop));
	} else {
		s = tr_sub_new(b, WV_OP_NOTE, "F(a) vs E(a)",
			       "A false positive: a byte that is not zero, flagged because the "
			       "borrow out of a zero byte ran on into it. On little-endian it "
			       "sits after the first zero in memory, and find_zero only looks "
			       "at the lowest flag, so it is harmless.");
		if (fp)
			tr_sub_detail(b, s, "Here: memory %s.", lst);
		else
			tr_sub_detail(b, s, "Here: none; every flag is a zero byte's.");
	}
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_INPUT, xl, x, w));
	/* F is the flags the sub-step before computed, carried in to be
	   compared: an input, so that whatever hides or shows that result
	   hides or shows it here too (render/hide.h); as a result of this
	   note it was '?' under the flags row shown above it */
	r = tr_row_add(b, s, WV_ROW_INPUT, "cheap F", f, w);
	tr_mark_flags(b, r, x, false, 0);
	for (unsigned i = 0; i < b->t->word_bytes; i++)
		if (fp & (1u << i))
			r->bytes[i] |= WV_MARK_HILITE;
	tr_mark_flags(b, tr_row_add(b, s, WV_ROW_RESULT, "exact E", e, w), x, false, 0);
	if (fp)
		b->t->steps[b->step].false_pos = true;
}
