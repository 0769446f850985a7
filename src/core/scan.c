/*
 * The scan the kernel performs over a memory image, recording every value.
 * lib/strnlen_user.c (the pre-start bytes) and fs/namei.c hash_name (the
 * second terminator) are the models; only the variant's functions compute.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/wat.h"

#include <errno.h>

#include "watviz/wordops.h"

uint64_t wv_wat_load(const struct wv_variant *v, const uint8_t *p)
{
	unsigned n = wv_wat_bytes(v);
	uint64_t w = 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned shift = v->endian == WV_LITTLE ? 8 * i : v->bits - 8 - 8 * i;

		w |= (uint64_t)p[i] << shift;
	}
	return w;
}

uint64_t wv_wat_aligned_byte_mask(const struct wv_variant *v, unsigned n)
{
	if (v->endian == WV_LITTLE)
		return wv_shl(1, 8 * n, v->bits) - 1;
	return wv_shl(~UINT64_C(0xff) & wv_wmask(v->bits), v->bits - 8 - 8 * n,
		      v->bits);
}

uint64_t wv_wat_zeropad(const struct wv_variant *v, const uint8_t *mem,
			size_t addr, uint64_t *aligned)
{
	unsigned nb = wv_wat_bytes(v), shift = 8 * (unsigned)(addr % nb);

	*aligned = wv_wat_load(v, mem + addr - addr % nb);
	/* the bytes before addr leave the register, zeros come in behind */
	if (v->endian == WV_LITTLE)
		return *aligned >> shift;
	return wv_shl(*aligned, shift, v->bits);
}

size_t wv_wat_scan_capacity(const struct wv_variant *v, size_t len)
{
	return len / wv_wat_bytes(v);
}

int wv_wat_scan(const struct wv_variant *v, const uint8_t *mem, size_t len,
		size_t offset, int delim, struct wv_word *words, size_t cap,
		struct wv_scan *out)
{
	return wv_wat_scan_page(v, mem, len, 0, offset, delim, words, cap, out);
}

int wv_wat_scan_page(const struct wv_variant *v, const uint8_t *mem, size_t len,
		     size_t page_end, size_t offset, int delim,
		     struct wv_word *words, size_t cap, struct wv_scan *out)
{
	unsigned nb = wv_wat_bytes(v);
	bool hash_name = delim >= 0;
	size_t mapped = page_end ? page_end : len;

	if (len % nb != 0 || offset >= nb || delim > 0xff || page_end % nb != 0 ||
	    page_end > len || (page_end && page_end <= offset))
		return -EINVAL;
	if (cap < wv_wat_scan_capacity(v, len))
		return -ENOSPC;

	*out = (struct wv_scan){ .v = v, .offset = offset,
				 .delim = hash_name ? delim : -1,
				 .page_end = page_end };
	/*
	 * do_strnlen_user loads aligned words and forces the bytes before the
	 * start to 0xff; hash_name loads unaligned words from the name itself
	 * (load_unaligned_zeropad(name + len)), so it has no such bytes.
	 */
	uint64_t pre = hash_name ? 0 : wv_wat_aligned_byte_mask(v, (unsigned)offset);
	uint64_t rep = hash_name ? wv_repeat_byte((uint8_t)delim, v->bits) : 0;

	for (size_t addr = hash_name ? offset : 0; addr < mapped; addr += nb) {
		struct wv_word *wd;

		/*
		 * An aligned load ends on a word boundary, so with the page edge
		 * on one it never straddles the edge.  hash_name's unaligned load
		 * does when addr + nb > mapped: only the unmapped page can stop
		 * it (without a page edge it stops at the end of the image).
		 */
		if (addr + nb > mapped && (!hash_name || !page_end))
			break;
		wd = &words[out->nwords++];
		*wd = (struct wv_word){ .address = addr };
		if (addr + nb > mapped) {
			wd->zeropad = true;
			wd->loaded = wv_wat_zeropad(v, mem, addr, &wd->aligned);
		} else {
			wd->loaded = wv_wat_load(v, mem + addr);
		}
		wd->value = wd->loaded | pre;
		wd->has_zero = v->has_zero(wd->value, &wd->data);
		if (hash_name) {
			wd->delim_value = wd->loaded ^ rep;
			wd->delim_has_zero =
				v->has_zero(wd->delim_value, &wd->delim_data);
		}
		pre = 0;
		wd->hit = (wd->has_zero | wd->delim_has_zero) != 0;
		if (!wd->hit)
			continue;

		out->found = true;
		out->prep = v->prep_zero_mask(wd->value, wd->data);
		if (hash_name)
			out->delim_prep =
				v->prep_zero_mask(wd->delim_value, wd->delim_data);
		out->prep_zero_mask = out->prep | out->delim_prep;
		out->create_zero_mask = v->create_zero_mask(out->prep_zero_mask);
		out->find_zero = v->find_zero(out->create_zero_mask);
		out->zero_bytemask = v->zero_bytemask(out->create_zero_mask);
		out->length = addr + out->find_zero - offset;
		return 0;
	}
	out->length = mapped > offset ? mapped - offset : 0;
	return 0;
}
