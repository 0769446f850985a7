/*
 * watviz/wat.h - the table of word-at-a-time variants and the kernel's scan.
 *
 * Each variant is one architecture's word-at-a-time.h: the five kernel
 * functions with that architecture's own intermediate values, plus what a
 * learner needs to find the real header.  The rest of watviz reaches the
 * variants only through wv_wat_count()/wv_wat_at()/wv_wat_find().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WAT_H
#define WATVIZ_WAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum wv_endian { WV_LITTLE, WV_BIG };

/*
 * What each kernel function of a variant computes.  The step engine reads
 * these to know which sub-steps to draw; the values themselves always come
 * from the function pointers.
 */
enum wv_hz_kind {
	WV_HZ_CHEAP,	/* F(a); data = F(a)                      (x86, arm, riscv, generic LE) */
	WV_HZ_CHEAP_BE,	/* (a + high) & ~(a|LOW7) == F(a); data = a | LOW7   (generic BE, ppc) */
	WV_HZ_CMPB,	/* cmpb(a, 0): 0xff per zero byte; data = same        (ppc64le) */
	WV_HZ_CMPBGE,	/* cmpbge(0, a): bit i per zero byte; data = same     (alpha) */
	WV_HZ_EXACT,	/* E(a); data = E(a)                                  (s390) */
};

enum wv_prep_kind {
	WV_PREP_IDENTITY,	/* returns data */
	WV_PREP_EXACT_BE,	/* ~(((a & LOW7) + LOW7) | data) == E(a) */
};

enum wv_create_kind {
	WV_CREATE_IDENTITY,	/* the prepared value as it is */
	WV_CREATE_BYTEMASK,	/* ((b - 1) & ~b) >> 7: 0xff below the first zero */
	WV_CREATE_POPCOUNT,	/* popcount((b - 1) & ~b): 8k, a bit count */
	WV_CREATE_FLS,		/* __fls(b): the bit index of the top flag */
};

enum wv_find_kind {
	WV_FIND_MUL,		/* mask * 0x0001020304050608 >> 56 */
	WV_FIND_ADD32,		/* ((0x0ff0001 + mask) >> 23) & mask */
	WV_FIND_CLZ_HALVING,	/* clz(mask) / 8 by a 32/16/8 halving search */
	WV_FIND_CLZ,		/* cntlz(mask) >> 3 */
	WV_FIND_FFS,		/* __ffs(bits) >> 3 */
	WV_FIND_FLS,		/* fls(mask) >> 3 */
	WV_FIND_SHIFT3,		/* m >> 3 (m is a bit count) */
	WV_FIND_CTZ,		/* cttz(bitmap): index of the lowest set bit */
	WV_FIND_XOR,		/* (idx ^ (w - 1)) >> 3 */
};

enum wv_zbm_kind {
	WV_ZBM_IDENTITY,	/* the mask itself is the byte mask */
	WV_ZBM_FROM_FLAGS,	/* ((bits - 1) & ~bits) >> 7 */
	WV_ZBM_FLS_SHIFT,	/* ~1 << __fls(mask) */
	WV_ZBM_BITCOUNT,	/* (1 << m) - 1 */
	WV_ZBM_ALPHA,		/* (2 << 8 * find_zero(bits)) - 1 */
	WV_ZBM_INDEX,		/* ~1 << idx */
};

/*
 * Does this architecture's kernel run hash_name a word at a time?  fs/namei.c
 * uses the word-at-a-time hash_name only under CONFIG_DCACHE_WORD_ACCESS,
 * which each architecture selects (or not) in its Kconfig; see
 * docs/SOURCES.md.
 */
enum wv_dcache {
	WV_DCACHE_YES,		/* selected, perhaps under a condition (dcache) */
	WV_DCACHE_OPT_IN,	/* selected only by an option a portable kernel
				   leaves off (riscv's NONPORTABLE one) */
	WV_DCACHE_NO,		/* not selected: hash_name is the byte loop */
	WV_DCACHE_USER,		/* a generic header: up to the architecture that
				   uses it */
};

struct wv_variant {
	const char *name;	/* canonical --arch name, e.g. "x86-64": a
				   name without a version is what today's
				   kernel runs; an older form carries the
				   release it ended with ("x86-64-v6.10") */
	const char *aliases;	/* space-separated other names, or "" */
	unsigned bits;		/* word size: 32 or 64 */
	enum wv_endian endian;
	const char *kernel_path;	/* the header in the kernel tree */
	const char *era;	/* the releases that run this form, short:
				   "since v6.11", "v3.5 to v6.10" */
	const char *kernel_version;	/* era, a comma, and the commit(s)
					   that bound it or where it was read:
					   "since v6.11, 4b8fa1173cdc" */
	const char *insns;	/* instructions a real build uses, or "none" */
	const char *clz_where;	/* WV_FIND_FLS: NULL when fls always counts
				   with clz; else where it does, a phrase
				   ending "found with clz (64 - clz)" */
	const char *summary;	/* one line: what is special about it,
				   never its width or byte order, which
				   bits and endian say beside it */
	enum wv_dcache dcache_kind;
	const char *dcache;	/* who selects DCACHE_WORD_ACCESS, and when */
	const char *dcache_when;	/* NULL when dcache and zeropad hold in
					   every release of the era; else the
					   releases they hold in, a phrase
					   ("in v6.7 to v7.1 and from v7.3
					   (656db3022083)") */
	const char *dcache_gap;	/* with dcache_when: the kernels of the era
				   without them, as the subject of "hash
				   byte by byte" */
	const char *zeropad;	/* the file holding this kernel's
				   load_unaligned_zeropad fixup (the handler
				   that reloads the aligned word and shifts
				   it), or NULL when the header has no
				   load_unaligned_zeropad (alpha, generic) */
	const char *zeropad_func;	/* the fixup's function there */
	const char *zeropad_stub;	/* where kernels from before the move
					   to the exception table kept the same
					   fixup (a stub in the header), or NULL */
	const char *zeropad_stub_at;	/* a commit where that stub was read */
	const char *zbm_later;	/* when the header of this variant's era had
				   no zero_bytemask: a sentence saying so and
				   where the one shown comes from, with its
				   commits; NULL when the era's header has
				   it */

	enum wv_hz_kind hz_kind;
	enum wv_prep_kind prep_kind;
	enum wv_create_kind create_kind;
	enum wv_find_kind find_kind;
	enum wv_zbm_kind zbm_kind;

	/*
	 * The kernel's five functions.  All values are in the variant's word
	 * width (upper bits zero for 32-bit variants).  has_zero returns
	 * non-zero when the word holds a zero byte and stores its intermediate
	 * in *data; the later three are only meaningful for a word that does
	 * hold one (as in the kernel), but are defined for every input.
	 */
	uint64_t (*has_zero)(uint64_t a, uint64_t *data);
	uint64_t (*prep_zero_mask)(uint64_t a, uint64_t data);
	uint64_t (*create_zero_mask)(uint64_t bits);
	unsigned (*find_zero)(uint64_t mask);
	uint64_t (*zero_bytemask)(uint64_t mask);
};

/* Number of variants in the table (16). */
size_t wv_wat_count(void);

/* The i-th variant, in the table's order; NULL when i >= wv_wat_count(). */
const struct wv_variant *wv_wat_at(size_t i);

/*
 * The variant called name (canonical or alias, case-sensitive), or NULL.
 * wv_wat_find("ppc") is the ppc64 entry.
 */
const struct wv_variant *wv_wat_find(const char *name);

/* Bytes in one word of v: 4 or 8. */
static inline unsigned wv_wat_bytes(const struct wv_variant *v) { return v->bits / 8; }

/*
 * The word at p (wv_wat_bytes(v) bytes) as v's register holds it: memory byte
 * i in bits 8i..8i+7 on little-endian, bits w-8-8i..w-1-8i on big-endian.
 */
uint64_t wv_wat_load(const struct wv_variant *v, const uint8_t *p);

/*
 * aligned_byte_mask(n) of lib/strnlen_user.c: 0xff in the register bytes that
 * hold memory bytes 0..n-1.  LE (1 << 8n) - 1, BE ~0xff << (w - 8 - 8n).
 * n must be < wv_wat_bytes(v).
 */
uint64_t wv_wat_aligned_byte_mask(const struct wv_variant *v, unsigned n);

/* Which memory byte register byte r of v holds (its own inverse). */
static inline unsigned wv_wat_byte_index(const struct wv_variant *v, unsigned r)
{
	return v->endian == WV_LITTLE ? r : wv_wat_bytes(v) - 1 - r;
}

/* Memory byte i of the register value x: what wv_wat_load read from p[i]. */
static inline uint8_t wv_wat_mem_byte(const struct wv_variant *v, uint64_t x, unsigned i)
{
	return (uint8_t)(x >> 8 * wv_wat_byte_index(v, i));
}

/*
 * What load_unaligned_zeropad returns for a word at addr that runs into an
 * unmapped page at the next word boundary: its exception fixup (x86:
 * arch/x86/mm/extable.c ex_handler_zeropad; arm64: arch/arm64/mm/extable.c
 * ex_handler_load_unaligned_zeropad; the others in docs/SOURCES.md) reloads
 * the aligned word at addr & ~(B-1), which is mapped, and shifts it by
 * 8 * (addr & (B-1)) bits toward the bytes that were not there: right on
 * little-endian, left on big-endian.  The result is the bytes from addr to
 * the word boundary, in load order, followed by zero bytes.  Stores the
 * aligned word in *aligned.  Reads mem[addr & ~(B-1) .. + B) only.
 *   LE64, mem 61 62 63 64 65 66 67 68, addr 3 -> 0x0000006867666564
 */
uint64_t wv_wat_zeropad(const struct wv_variant *v, const uint8_t *mem,
			size_t addr, uint64_t *aligned);

/* ---- the scan the kernel performs ---------------------------------------- */

/*
 * One word the scan examined, every value as the kernel had it: aligned for
 * do_strnlen_user, starting at the name for hash_name.
 */
struct wv_word {
	size_t address;		/* memory index of the word's first byte */
	uint64_t loaded;	/* as loaded */
	uint64_t value;		/* after the pre-start bytes are forced to 0xff
				   (do_strnlen_user's first word only) */
	uint64_t has_zero;	/* has_zero(value) */
	uint64_t data;		/* what has_zero stored through its pointer */
	/* with a delimiter only: the same for value ^ REPEAT_BYTE(delim) */
	uint64_t delim_value;
	uint64_t delim_has_zero;
	uint64_t delim_data;
	bool hit;		/* has_zero | delim_has_zero != 0: the loop stops */
	/*
	 * hash_name only: the load ran across the page edge, faulted, and the
	 * exception fixup made loaded = the aligned word at address & ~(B-1)
	 * (aligned), shifted toward the missing bytes (wv_wat_zeropad).
	 */
	bool zeropad;
	uint64_t aligned;	/* the fixup's aligned reload, when zeropad */
};

/* What the scan found, on the word where it stopped. */
struct wv_scan {
	const struct wv_variant *v;
	size_t offset;		/* start of the string inside the first word */
	int delim;		/* second terminator byte, or -1 */
	size_t page_end;	/* first unmapped byte, 0 = none */
	size_t nwords;		/* words examined (filled in words[]) */
	bool found;		/* a terminator was found inside the image */
	/* the following are set when found */
	uint64_t prep;		/* prep_zero_mask(value, data) */
	uint64_t delim_prep;	/* prep_zero_mask(delim_value, delim_data) */
	uint64_t prep_zero_mask;	/* prep | delim_prep: what create gets */
	uint64_t create_zero_mask;
	unsigned find_zero;	/* memory index of the terminator in its word */
	uint64_t zero_bytemask;
	size_t length;		/* bytes from the string start to the terminator
				   (to the end of the image when !found) */
};

/* Number of struct wv_word a scan of len bytes may fill. */
size_t wv_wat_scan_capacity(const struct wv_variant *v, size_t len);

/*
 * Walk mem (len bytes, a whole number of words, address 0 word-aligned) for a
 * string starting at offset (< word bytes), the way the kernel does:
 *
 * delim < 0: do_strnlen_user (lib/strnlen_user.c), stopping at a NUL.  It
 *   loads aligned words; on the first, a = load | aligned_byte_mask(offset),
 *   so the bytes before the start can never be found.
 * delim >= 0: the word-at-a-time hash_name (fs/namei.c), stopping at a NUL or
 *   at that byte (the kernel's is '/').  It loads unaligned words from the
 *   name itself, at offset, offset + B, ... (load_unaligned_zeropad(name +
 *   len)), so there are no bytes before the start; b = a ^ REPEAT_BYTE(delim).
 *   A word that would run past len is not loaded: give the image a word of
 *   room after the terminator (wv_word_image_pad) when offset > 0.
 *
 *   each word: stop when has_zero(a) | has_zero(b)           (b: delim only)
 *   mask = create_zero_mask(prep_zero_mask(a) | prep_zero_mask(b))
 *   find_zero(mask), zero_bytemask(mask)
 *
 * Records every value in words[0..nwords) (cap entries available, at least
 * wv_wat_scan_capacity()) and *out.  Returns 0, or -EINVAL when len is not a
 * multiple of the word size or offset is out of range, -ENOSPC when cap is too
 * small.  Nothing is allocated.
 */
int wv_wat_scan(const struct wv_variant *v, const uint8_t *mem, size_t len,
		size_t offset, int delim, struct wv_word *words, size_t cap,
		struct wv_scan *out);

/*
 * wv_wat_scan with an unmapped page from byte page_end of mem on (0 < page_end
 * <= len, a multiple of the word size; page_end == 0: none, as wv_wat_scan).
 * No byte from page_end on is read:
 *
 * delim < 0: do_strnlen_user's aligned loads never straddle the edge; the scan
 *   stops (found = false) when the next aligned word would lie past it.
 * delim >= 0: a hash_name load that runs across the edge faults in the kernel,
 *   and the exception fixup gives wv_wat_zeropad(): the bytes before the edge
 *   and zeros for the rest (words[i].zeropad, .aligned).  Those zeros end the
 *   loop at the latest on that word.
 *
 * Returns as wv_wat_scan, and -EINVAL for a bad page_end.
 */
int wv_wat_scan_page(const struct wv_variant *v, const uint8_t *mem, size_t len,
		     size_t page_end, size_t offset, int delim,
		     struct wv_word *words, size_t cap, struct wv_scan *out);

#endif /* WATVIZ_WAT_H */
