/*
 * The load of each word: unsafe_get_user's aligned load (do_strnlen_user,
 * lib/strnlen_user.c) or load_unaligned_zeropad's unaligned one (hash_name,
 * fs/namei.c), its exception fixup at the page edge, and the bytes forced
 * before an unaligned start (aligned_byte_mask).  May call the builder
 * (build.h) and the sentences (sentences.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "steps.h"

#include <stdio.h>
#include <string.h>

#include "sentences.h"

/* "memory 8 to 10", or "memory 8" for one byte. */
static void range(char *buf, size_t size, size_t from, size_t to)
{
	if (from == to)
		snprintf(buf, size, "memory %zu", from);
	else
		snprintf(buf, size, "memory %zu to %zu", from, to);
}

void tr_do_load(struct builder *b, bool delim)
{
	const struct wv_word *wd = cur_word(b);
	unsigned nb = b->t->word_bytes;
	size_t into = wd->address - b->t->img.offset;	/* hash_name: len */
	struct wv_substep *s;
	char ex[WV_EXPR_MAX], dc[WV_TEXT_MAX], edge[WV_TEXT_MAX / 2];

	tr_edge_sentence(b, edge, sizeof(edge));
	if (delim) {
		tr_step_open(b, WV_STEP_LOAD, "load_unaligned_zeropad", PATH_NAMEI,
			     "hash_name loads the %u bytes at memory %zu to %zu (name + "
			     "%zu) with load_unaligned_zeropad: an unaligned load from the "
			     "name itself, so no byte before the name is in the "
			     "register.%s%s%s", nb,
			     wd->address, wd->address + nb - 1, into,
			     wd->zeropad ? edge : "", b->word == 0 ? " " : "",
			     b->word == 0 ? wv_trace_dcache_sentence(b->t->v, dc, sizeof(dc)) : "");
		snprintf(ex, sizeof(ex), "a = load_unaligned_zeropad(name + %zu)", into);
	} else {
		tr_step_open(b, WV_STEP_LOAD, "unsafe_get_user", PATH_STRNLEN,
			     "do_strnlen_user reads the aligned word at memory %zu to %zu as "
			     "one register value (with unsafe_get_user in today's kernel; "
			     "older ones used __get_user, 03844599e65c).", wd->address,
			     wd->address + nb - 1);
		snprintf(ex, sizeof(ex), "a = *(unsigned long *)&mem[%zu]", wd->address);
	}
	if (wd->zeropad) {
		size_t pe = b->t->img.page_end;
		char gone[48], kept[48];
		uint64_t wanted = 0;
		struct wv_row *r;

		range(gone, sizeof(gone), pe, wd->address + nb - 1);
		range(kept, sizeof(kept), wd->address, pe - 1);
		s = tr_sub_new(b, WV_OP_LOAD, ex,
			       "The load wants memory %zu to %zu: %s %s on the mapped page, "
			       "%s, past the page edge at %zu, %s not exist (u, highlighted; "
			       "drawn as 0). Reading memory %zu faults: the fault handler "
			       "finds this instruction in the exception table, and instead "
			       "of an oops it runs the zeropad fixup.", wd->address,
			       wd->address + nb - 1, kept, wd->address + 1 == pe ? "is"
			       : "are", gone, pe, wd->address + nb - 1 == pe ? "does"
			       : "do", pe);
		/* the bytes it wanted, in their register places; none past the
		   page edge exists */
		for (unsigned i = 0; i < nb; i++) {
			size_t m = wd->address + b->t->reg_to_mem[i];

			if (m < pe)
				wanted |= (uint64_t)b->t->img.mem[m] << (8 * i);
		}
		r = tr_row_add(b, s, WV_ROW_INPUT, "a (wanted)", wanted, W(b));
		for (unsigned i = 0; i < nb; i++)
			if (r->bytes[i] & WV_MARK_UNMAPPED) {
				r->bytes[i] |= WV_MARK_HILITE;
				r->bits |= UINT64_C(0xff) << (8 * i);
			}
		tr_step_result(b, wd->loaded, W(b));
		return;
	}
	if (is_be(b))
		s = tr_sub_new(b, WV_OP_LOAD, ex,
			       "Big-endian: the byte at the lowest address, %zu, lands in the "
			       "top bits %u-%u and the last one, %zu, in bits 0-7, so the "
			       "register reads in memory order, left to right.%s",
			       wd->address, W(b) - 8, W(b) - 1, wd->address + nb - 1, edge);
	else
		s = tr_sub_new(b, WV_OP_LOAD, ex,
			       "Little-endian: the byte at the lowest address, %zu, lands in "
			       "bits 0-7 and the last one, %zu, in the top bits %u-%u, so the "
			       "register reads in reverse memory order, right to left.%s",
			       wd->address, wd->address + nb - 1, W(b) - 8, W(b) - 1, edge);
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_RESULT, "a (loaded)", wd->loaded, W(b)));
	check(b, wd->loaded, wv_wat_load(b->t->v, b->t->img.mem + wd->address));
	tr_step_result(b, wd->loaded, W(b));
}

/*
 * load_unaligned_zeropad's exception fixup for a word that crossed the page
 * edge: the aligned reload, the shift, the result, checked against the core.
 */
void tr_do_zeropad(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_variant *v = t->v;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), nb = t->word_bytes, k = (unsigned)(wd->address % nb);
	size_t aligned = wd->address - k, edge = t->img.page_end;
	bool le = !is_be(b);
	/* alpha's and the generic headers have no load_unaligned_zeropad:
	   draw the fixup of a kernel that has one, of the same endianness */
	const char *file = v->zeropad ? v->zeropad
			   : le ? "arch/x86/mm/extable.c" : "arch/s390/mm/extable.c";
	const char *func = v->zeropad ? v->zeropad_func : "ex_handler_zeropad";
	uint64_t al, shifted, core_al;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], who[WV_TEXT_MAX / 2], gone[48], kept[48];
	/* x86's ex_handler_zeropad decodes the faulting mov for its address
	   and goes on only when the fault is at the next aligned word */
	bool x86 = v->zeropad && strcmp(v->zeropad, "arch/x86/mm/extable.c") == 0;
	char x86_check[120];

	if (v->zeropad_stub)
		snprintf(who, sizeof(who), "%s in %s does it here (older kernels "
			 "of this form kept the same reload and shift in a fixup "
			 "stub in %s, read at %s).", func, file, v->zeropad_stub,
			 v->zeropad_stub_at);
	else if (v->zeropad && v->dcache_when)
		snprintf(who, sizeof(who), "%s in %s does it here, %s.", func, file,
			 v->dcache_when);
	else if (v->zeropad)
		snprintf(who, sizeof(who), "%s in %s does it here.", func, file);
	else
		snprintf(who, sizeof(who), "%s has no load_unaligned_zeropad; drawn "
			 "here for comparison: the %s-endian fixup of %s.",
			 v->kernel_path, le ? "little" : "big", file);
	range(gone, sizeof(gone), edge, wd->address + nb - 1);
	range(kept, sizeof(kept), wd->address, edge - 1);
	snprintf(x86_check, sizeof(x86_check), " (decoded from the mov; it checks "
		 "that the fault is at (addr & ~%u) + %u = memory %zu, the page edge)",
		 nb - 1, nb, aligned + nb);
	tr_step_open(b, WV_STEP_ZEROPAD, func, file,
		     "The fixup reloads the aligned word that holds the load's first "
		     "byte, memory %zu to %zu, which ends at the page edge and so cannot "
		     "fault, and shifts it %s by "
		     "8 * %u bits: %s land%s where the load would have put %s, and "
		     "zeros stand in for %s. %s",
		     aligned, aligned + nb - 1, le ? "right" : "left", k, kept,
		     wd->address + 1 == edge ? "s" : "",
		     wd->address + 1 == edge ? "it" : "them", gone, who);

	/* the aligned word's rows: their columns are memory aligned.. on,
	   each row says so (row->address), not the load's address */
	b->mem_bytes = false;
	snprintf(ex, sizeof(ex), "aligned = *(unsigned long *)(addr & ~%u)", nb - 1);
	s = tr_sub_new(b, WV_OP_LOAD, ex,
		       "The handler starts from the faulting load's own address, addr "
		       "= name + %zu = memory %zu%s, and rounds it down: addr & ~%u = "
		       "memory %zu. It loads the aligned word there: memory %zu to %zu, "
		       "all on the mapped page. The %u byte%s before addr (highlighted) "
		       "%s read too; the shift below pushes %s out of the register.",
		       wd->address - t->img.offset, wd->address, x86 ? x86_check : "",
		       nb - 1, aligned, aligned, aligned + nb - 1, k, k == 1 ? "" : "s",
		       k == 1 ? "is" : "are", k == 1 ? "it" : "them");
	s->mem_columns = true;
	al = wv_wat_load(v, t->img.mem + aligned);
	r = tr_row_add(b, s, WV_ROW_RESULT, "aligned", al, w);
	r->address = aligned;
	for (unsigned i = 0; i < nb; i++)
		if (t->reg_to_mem[i] < k) {
			r->bytes[i] |= WV_MARK_HILITE;
			r->bits |= UINT64_C(0xff) << (8 * i);
		}
	check(b, al, wd->aligned);

	snprintf(ex, sizeof(ex), "aligned %s (8 * (addr & %u))", le ? ">>" : "<<",
		 nb - 1);
	s = tr_sub_new(b, le ? WV_OP_SHR : WV_OP_SHL, ex,
		       "addr & %u = %u, so shift %s by %u bits. %s: the %u byte%s before "
		       "addr leave%s the register at the %s, and %u zero byte%s come%s in "
		       "at the %s, where %s would have been loaded.",
		       nb - 1, k, le ? "right" : "left", 8 * k,
		       le ? "Little-endian keeps the lowest address in the lowest byte"
		       : "Big-endian keeps the lowest address in the top byte",
		       k, k == 1 ? "" : "s", k == 1 ? "s" : "", le ? "bottom" : "top", k,
		       k == 1 ? "" : "s", k == 1 ? "s" : "", le ? "top" : "bottom", gone);
	s->mem_columns = true;
	tr_row_add(b, s, WV_ROW_INPUT, "aligned", al, w)->address = aligned;
	tr_row_add(b, s, WV_ROW_INPUT, "8 * offset", 8 * k, 0)->count = true;
	shifted = le ? al >> (8 * k) : wv_shl(al, 8 * k, w);
	/* shifted, byte r holds memory addr + r (LE): the load's columns */
	b->mem_bytes = true;
	tr_row_add(b, s, WV_ROW_RESULT, "a", shifted, w);

	s = tr_sub_new(b, WV_OP_NOTE, "a = load_unaligned_zeropad(name + ...)",
		       "This is what load_unaligned_zeropad returns: %s as a normal load "
		       "would have %s, then 0x00 for the %u byte%s past the edge (marked "
		       "unmapped). The name's terminator at memory %zu comes before "
		       "those zeros, so hash_name ends where it would have ended without "
		       "the fault.", kept, wd->address + 1 == edge ? "it" : "them",
		       (unsigned)(wd->address + nb - edge),
		       wd->address + nb - edge == 1 ? "" : "s", t->answer);
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_RESULT, "a", shifted, w));
	check(b, shifted, wd->loaded);
	check(b, shifted, wv_wat_zeropad(v, t->img.mem, wd->address, &core_al));
	check(b, al, core_al);
	tr_step_result(b, shifted, w);
}

void tr_do_prestart(struct builder *b)
{
	const struct wv_trace *t = b->t;
	const struct wv_word *wd = cur_word(b);
	unsigned w = W(b), off = (unsigned)t->img.offset;
	uint64_t pre = wv_wat_aligned_byte_mask(t->v, off), raw, data;
	unsigned early;
	bool map;
	struct wv_substep *s;
	struct wv_row *r;
	char ex[WV_EXPR_MAX], lst[96];

	tr_step_open(b, WV_STEP_PRESTART, "aligned_byte_mask", PATH_STRNLEN,
		     "The string starts at memory %u, inside the word: the %u byte%s "
		     "before it must not count, so %s forced to 0xff.",
		     off, off, off == 1 ? "" : "s", off == 1 ? "it is" : "they are");
	snprintf(ex, sizeof(ex), "a |= aligned_byte_mask(%u)", off);
	s = tr_sub_new(b, WV_OP_OR, ex,
		       "OR 0xff into the pre-start bytes: 0xff is not zero, and %s",
		       hz_exact(b) ? "has_zero is exact here: it cannot mark a byte "
		       "that is not zero, so no flag can fall there." :
		       "0xff - 1 = 0xfe does not borrow, so no flag can start there.");
	tr_row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w);
	r = tr_row_add(b, s, WV_ROW_CONST, "start mask", pre, w);
	for (unsigned i = 0; i < t->word_bytes; i++)
		if (tr_addr_of(b, i) < off)
			r->bytes[i] |= WV_MARK_PRESTART | WV_MARK_HILITE;
	tr_mark_zero(b, tr_row_add(b, s, WV_ROW_RESULT, "a", wd->loaded | pre, w));
	check(b, wd->loaded | pre, wd->value);

	/* what has_zero would have said without the mask: the cheap test F
	   where the variant uses it (a 0x01 byte a borrow reaches is flagged
	   too); where has_zero is exact, its own answer (cmpbge's map, cmpb's
	   0xff bytes, s390's E), which marks the zero bytes only */
	raw = hz_exact(b) ? t->v->has_zero(wd->loaded, &data) : wv_cheap_zero(wd->loaded, w);
	map = t->v->hz_kind == WV_HZ_CMPBGE;
	early = (map ? (unsigned)raw : tr_nonzero_bytes(b, raw)) & tr_nonzero_bytes(b, pre);
	if (early) {
		/* the expression, and its row's label as the has_zero step has it */
		static const char *const form[][2] = {
			[WV_HZ_CMPB] = { "cmpb(loaded, 0)", "cmpb" },
			[WV_HZ_CMPBGE] = { "cmpbge(0, loaded)", "bitmap" },
			[WV_HZ_EXACT] = { "E(loaded)", "E(loaded)" },
		};
		const char *const *name = hz_exact(b) ? form[t->v->hz_kind] :
					  (const char *const[]){ "F(loaded)", "F(loaded)" };

		tr_addr_list(b, early, lst, sizeof(lst));
		snprintf(ex, sizeof(ex), "%s, without the mask", name[0]);
		if (hz_exact(b))
			s = tr_sub_new(b, WV_OP_NOTE, ex,
				       "Without the mask has_zero would find the zero byte%s "
				       "at memory %s, before the string starts, and the scan "
				       "would stop at a zero that is not part of the string.",
				       early & (early - 1) ? "s" : "", lst);
		else
			s = tr_sub_new(b, WV_OP_NOTE, ex,
				       "Without the mask the cheap test would flag memory %s, "
				       "before the string starts, and the scan would stop at "
				       "a zero that is not part of the string.", lst);
		tr_row_from(b, tr_row_add(b, s, WV_ROW_INPUT, "a (loaded)", wd->loaded, w),
			    WV_STEP_LOAD);
		r = tr_row_add(b, s, WV_ROW_RESULT, name[1], raw, map ? 8 : w);
		if (map)
			tr_mark_bitmap(b, r);
		else
			tr_mark_flags(b, r, wd->loaded, false, 0);
		for (unsigned i = 0; i < t->word_bytes; i++)
			if (tr_addr_of(b, i) < off && (r->bytes[i] & WV_MARK_FLAG))
				r->bytes[i] |= WV_MARK_HILITE;
	}
	tr_step_result(b, wd->value, w);
}
