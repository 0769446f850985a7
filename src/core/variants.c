/*
 * The sixteen variants: each architecture's five word-at-a-time functions,
 * built from the formulas in watviz/wordops.h, and the one table that names
 * them.  The kernel builds one of these per target; watviz builds all of them
 * on every host, so big-endian words are built from bytes and the special
 * instructions are emulated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/wat.h"

#include <string.h>

#include "watviz/watsteps.h"

/*
 * Each entry's five functions are the steps of watviz/watsteps.h with the
 * kind and the width fixed, so the exhaustive proofs can inline exactly the
 * same code.  Most exist in a 32-bit and a 64-bit form; STEP32_64 defines
 * both, STEP64 the 64-bit one only.  The comments in watsteps.h say which
 * formula each kind is and where the kernel has it.
 */
#define STEP64(ret, name, args, call)                                         \
	static ret name##64 args { enum { W = 64 }; return call; }
#define STEP32_64(ret, name, args, call)                                      \
	static ret name##32 args { enum { W = 32 }; return call; }            \
	STEP64(ret, name, args, call)

#define HZ(kind) wv_wat_step_has_zero(kind, a, data, W)
STEP32_64(uint64_t, cheap_has_zero, (uint64_t a, uint64_t *data), HZ(WV_HZ_CHEAP))
STEP32_64(uint64_t, be_has_zero, (uint64_t a, uint64_t *data), HZ(WV_HZ_CHEAP_BE))
STEP64(uint64_t, cmpb_has_zero, (uint64_t a, uint64_t *data), HZ(WV_HZ_CMPB))
STEP64(uint64_t, cmpbge_has_zero, (uint64_t a, uint64_t *data), HZ(WV_HZ_CMPBGE))
STEP64(uint64_t, exact_has_zero, (uint64_t a, uint64_t *data), HZ(WV_HZ_EXACT))

/* the identity steps are the same at both widths */
static uint64_t identity_prep(uint64_t a, uint64_t data)
{
	return wv_wat_step_prep(WV_PREP_IDENTITY, a, data, 64);
}
STEP32_64(uint64_t, exact_be_prep, (uint64_t a, uint64_t rhs),
	  wv_wat_step_prep(WV_PREP_EXACT_BE, a, rhs, W))

#define CREATE(kind) wv_wat_step_create(kind, bits, W)
static uint64_t identity_create(uint64_t bits)
{
	return wv_wat_step_create(WV_CREATE_IDENTITY, bits, 64);
}
STEP32_64(uint64_t, bytemask_create, (uint64_t bits), CREATE(WV_CREATE_BYTEMASK))
STEP64(uint64_t, popcount_create, (uint64_t bits), CREATE(WV_CREATE_POPCOUNT))
STEP64(uint64_t, fls_create, (uint64_t bits), CREATE(WV_CREATE_FLS))

#define FIND(kind) wv_wat_step_find(kind, mask, W)
STEP64(unsigned, mul_find, (uint64_t mask), FIND(WV_FIND_MUL))
static unsigned add_find32(uint64_t mask)
{
	return wv_wat_step_find(WV_FIND_ADD32, mask, 32);
}
STEP32_64(unsigned, halving_find, (uint64_t mask), FIND(WV_FIND_CLZ_HALVING))
STEP32_64(unsigned, clz_find, (uint64_t mask), FIND(WV_FIND_CLZ))
STEP64(unsigned, ffs_find, (uint64_t mask), FIND(WV_FIND_FFS))
STEP32_64(unsigned, fls_find, (uint64_t mask), FIND(WV_FIND_FLS))
STEP64(unsigned, shift3_find, (uint64_t mask), FIND(WV_FIND_SHIFT3))
STEP64(unsigned, ctz_find, (uint64_t mask), FIND(WV_FIND_CTZ))
STEP64(unsigned, xor_find, (uint64_t mask), FIND(WV_FIND_XOR))

#define ZBM(kind) wv_wat_step_zbm(kind, mask, W)
static uint64_t identity_zbm(uint64_t mask)
{
	return wv_wat_step_zbm(WV_ZBM_IDENTITY, mask, 64);
}
STEP64(uint64_t, flags_zbm, (uint64_t mask), ZBM(WV_ZBM_FROM_FLAGS))
STEP32_64(uint64_t, fls_shift_zbm, (uint64_t mask), ZBM(WV_ZBM_FLS_SHIFT))
STEP64(uint64_t, bitcount_zbm, (uint64_t mask), ZBM(WV_ZBM_BITCOUNT))
STEP64(uint64_t, alpha_zbm, (uint64_t mask), ZBM(WV_ZBM_ALPHA))
STEP64(uint64_t, index_zbm, (uint64_t mask), ZBM(WV_ZBM_INDEX))

/* ---- the table ----------------------------------------------------------- */

#define X86_H "arch/x86/include/asm/word-at-a-time.h"
#define GEN_H "include/asm-generic/word-at-a-time.h"
#define PPC_H "arch/powerpc/include/asm/word-at-a-time.h"

#define LE_CHEAP(W)                                                           \
	.hz_kind = WV_HZ_CHEAP, .prep_kind = WV_PREP_IDENTITY,                \
	.create_kind = WV_CREATE_BYTEMASK, .has_zero = cheap_has_zero##W,     \
	.prep_zero_mask = identity_prep, .create_zero_mask = bytemask_create##W
#define BE_EXACT(W)                                                           \
	.hz_kind = WV_HZ_CHEAP_BE, .prep_kind = WV_PREP_EXACT_BE,             \
	.create_kind = WV_CREATE_IDENTITY, .has_zero = be_has_zero##W,        \
	.prep_zero_mask = exact_be_prep##W, .create_zero_mask = identity_create
#define FFS_FORM                                                              \
	.hz_kind = WV_HZ_CHEAP, .prep_kind = WV_PREP_IDENTITY,                \
	.create_kind = WV_CREATE_IDENTITY, .find_kind = WV_FIND_FFS,          \
	.zbm_kind = WV_ZBM_FROM_FLAGS, .has_zero = cheap_has_zero64,          \
	.prep_zero_mask = identity_prep, .create_zero_mask = identity_create, \
	.find_zero = ffs_find64, .zero_bytemask = flags_zbm64

/* Where the zero_bytemask a big-endian form shows comes from, when the
   header of its era had none (wv_variant.zbm_later) */
#define ZBM_LATER_GENERIC_BE "The asm-generic header of the v3.6 tree read had no " \
	"zero_bytemask (New-B/Linux3.6 b5154d3e5bc2); this one, " \
	"~1ul << __fls(mask), is in mainline 9fb8a76343c0."
#define ZBM_LATER_PPC "The powerpc header of the v3.6 tree read had no " \
	"zero_bytemask (New-B/Linux3.6 b5154d3e5bc2); this one, " \
	"~1ul << __fls(mask), is in a 3.10-based tree " \
	"(skulkarni-mv/cge7_kernel-3.10_copy 48789f8c8ca1) and in " \
	"mainline 2e24a09e2155."

static const struct wv_variant variants[] = {
	{ .name = "x86-64", .aliases = "x86 x86-64-ffs", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = X86_H, .era = "since v6.11",
	  .kernel_version = "since v6.11, 4b8fa1173cdc",
	  .insns = "bsf/tzcnt",
	  .summary = "keeps the raw 0x80 flags; bsf or tzcnt finds the lowest one",
	  .zeropad = "arch/x86/mm/extable.c",
	  .zeropad_func = "ex_handler_zeropad",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/x86/Kconfig selects DCACHE_WORD_ACCESS unless KMSAN",
	  FFS_FORM },
	{ .name = "x86-64-v6.10", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = X86_H, .era = "v3.5 to v6.10",
	  .kernel_version = "v3.5 to v6.10, 36126f8f2ed8 to 4b8fa1173cdc",
	  .insns = "imul",
	  .summary = "borrow trick, then a multiply counts the masked bytes",
	  .zeropad = "arch/x86/mm/extable.c",
	  .zeropad_func = "ex_handler_zeropad",
	  .zeropad_stub = X86_H, .zeropad_stub_at = "1e2aec873ad6",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/x86/Kconfig selects DCACHE_WORD_ACCESS unless KMSAN",
	  LE_CHEAP(64), .find_kind = WV_FIND_MUL, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = mul_find64, .zero_bytemask = identity_zbm },
	{ .name = "x86-32", .aliases = "", .bits = 32, .endian = WV_LITTLE,
	  .kernel_path = X86_H, .era = "since v3.5",
	  .kernel_version = "since v3.5, 36126f8f2ed8",
	  .insns = "add, shift",
	  .summary = "an add and a shift count the masked bytes",
	  .zeropad = "arch/x86/mm/extable.c",
	  .zeropad_func = "ex_handler_zeropad",
	  .zeropad_stub = X86_H, .zeropad_stub_at = "1e2aec873ad6",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/x86/Kconfig selects DCACHE_WORD_ACCESS unless KMSAN",
	  LE_CHEAP(32), .find_kind = WV_FIND_ADD32, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = add_find32, .zero_bytemask = identity_zbm },
	{ .name = "generic-le64", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = GEN_H, .era = "after v3.18",
	  .kernel_version = "after v3.18, read at 2555693dd85c",
	  .insns = "none",
	  .summary = "portable C: the borrow trick and the counting multiply",
	  .dcache_kind = WV_DCACHE_USER,
	  .dcache = "the architecture that uses the generic header decides",
	  LE_CHEAP(64), .find_kind = WV_FIND_MUL, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = mul_find64, .zero_bytemask = identity_zbm },
	{ .name = "generic-le32", .aliases = "", .bits = 32, .endian = WV_LITTLE,
	  .kernel_path = GEN_H, .era = "after v3.18",
	  .kernel_version = "after v3.18, read at 2555693dd85c",
	  .insns = "none",
	  .summary = "portable C: the borrow trick and the add trick",
	  .dcache_kind = WV_DCACHE_USER,
	  .dcache = "the architecture that uses the generic header decides",
	  LE_CHEAP(32), .find_kind = WV_FIND_ADD32, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = add_find32, .zero_bytemask = identity_zbm },
	{ .name = "generic-be64", .aliases = "", .bits = 64, .endian = WV_BIG,
	  .kernel_path = GEN_H, .era = "since v3.5",
	  .kernel_version = "since v3.5, 36126f8f2ed8",
	  .insns = "none",
	  .summary = "cheap loop test, exact mask after, halving clz",
	  .dcache_kind = WV_DCACHE_USER,
	  .dcache = "the architecture that uses the generic header decides",
	  BE_EXACT(64), .find_kind = WV_FIND_CLZ_HALVING,
	  .zbm_later = ZBM_LATER_GENERIC_BE,
	  .zbm_kind = WV_ZBM_FLS_SHIFT, .find_zero = halving_find64,
	  .zero_bytemask = fls_shift_zbm64 },
	{ .name = "generic-be32", .aliases = "", .bits = 32, .endian = WV_BIG,
	  .kernel_path = GEN_H, .era = "since v3.5",
	  .kernel_version = "since v3.5, 36126f8f2ed8",
	  .insns = "none",
	  .summary = "exact mask after the loop, halving clz",
	  .dcache_kind = WV_DCACHE_USER,
	  .dcache = "the architecture that uses the generic header decides",
	  BE_EXACT(32), .find_kind = WV_FIND_CLZ_HALVING,
	  .zbm_later = ZBM_LATER_GENERIC_BE,
	  .zbm_kind = WV_ZBM_FLS_SHIFT, .find_zero = halving_find32,
	  .zero_bytemask = fls_shift_zbm32 },
	{ .name = "ppc64", .aliases = "ppc powerpc", .bits = 64, .endian = WV_BIG,
	  .kernel_path = PPC_H, .era = "by v3.6",
	  .kernel_version = "by v3.6, still at 2e24a09e2155",
	  .insns = "cntlzd",
	  .summary = "exact mask, then count leading zeros",
	  .zeropad = PPC_H,
	  .zeropad_func = "load_unaligned_zeropad fixup",
	  .dcache_kind = WV_DCACHE_NO,
	  .dcache = "arch/powerpc/Kconfig selects DCACHE_WORD_ACCESS only for "
		    "64-bit little-endian",
	  BE_EXACT(64), .find_kind = WV_FIND_CLZ,
	  .zbm_later = ZBM_LATER_PPC,
	  .zbm_kind = WV_ZBM_FLS_SHIFT,
	  .find_zero = clz_find64, .zero_bytemask = fls_shift_zbm64 },
	{ .name = "ppc32", .aliases = "", .bits = 32, .endian = WV_BIG,
	  .kernel_path = PPC_H, .era = "by v3.6",
	  .kernel_version = "by v3.6, still at 2e24a09e2155",
	  .insns = "cntlzw",
	  .summary = "exact mask, then cntlzw",
	  .zeropad = PPC_H,
	  .zeropad_func = "load_unaligned_zeropad fixup",
	  .dcache_kind = WV_DCACHE_NO,
	  .dcache = "arch/powerpc/Kconfig selects DCACHE_WORD_ACCESS only for "
		    "64-bit little-endian",
	  BE_EXACT(32), .find_kind = WV_FIND_CLZ,
	  .zbm_later = ZBM_LATER_PPC,
	  .zbm_kind = WV_ZBM_FLS_SHIFT,
	  .find_zero = clz_find32, .zero_bytemask = fls_shift_zbm32 },
	{ .name = "ppc64le", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = PPC_H, .era = "after v3.10",
	  .kernel_version = "after v3.10, read at 2e24a09e2155",
	  .insns = "cmpb, popcntd",
	  .summary = "cmpb marks zero bytes exactly; popcount gives a bit count",
	  .zeropad = PPC_H,
	  .zeropad_func = "load_unaligned_zeropad fixup",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/powerpc/Kconfig selects DCACHE_WORD_ACCESS for 64-bit "
		    "little-endian",
	  .hz_kind = WV_HZ_CMPB, .prep_kind = WV_PREP_IDENTITY,
	  .create_kind = WV_CREATE_POPCOUNT, .find_kind = WV_FIND_SHIFT3,
	  .zbm_kind = WV_ZBM_BITCOUNT, .has_zero = cmpb_has_zero64,
	  .prep_zero_mask = identity_prep, .create_zero_mask = popcount_create64,
	  .find_zero = shift3_find64, .zero_bytemask = bitcount_zbm64 },
	{ .name = "arm", .aliases = "", .bits = 32, .endian = WV_LITTLE,
	  .kernel_path = "arch/arm/include/asm/word-at-a-time.h",
	  .era = "by v3.6",
	  .kernel_version = "by v3.6, b9a50f74905a", .insns = "clz",
	  .summary = "borrow trick, then fls of the byte mask",
	  .zeropad = "arch/arm/include/asm/word-at-a-time.h",
	  .zeropad_func = "load_unaligned_zeropad fixup",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/arm/Kconfig selects DCACHE_WORD_ACCESS with "
		    "HAVE_EFFICIENT_UNALIGNED_ACCESS (ARMv6 and v7 with an MMU)",
	  LE_CHEAP(32), .find_kind = WV_FIND_FLS, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = fls_find32, .zero_bytemask = identity_zbm },
	{ .name = "arm64", .aliases = "arm64-ffs", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = "arch/arm64/include/asm/word-at-a-time.h",
	  .era = "since v6.11",
	  .kernel_version = "since v6.11, f915a3e5b018", .insns = "rbit, clz",
	  .summary = "keeps the raw flags; rbit + clz finds the lowest one",
	  .zeropad = "arch/arm64/mm/extable.c",
	  .zeropad_func = "ex_handler_load_unaligned_zeropad",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/arm64/Kconfig selects DCACHE_WORD_ACCESS",
	  FFS_FORM },
	{ .name = "arm64-v6.10", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = "arch/arm64/include/asm/word-at-a-time.h",
	  .era = "v3.x to v6.10",
	  .kernel_version = "v3.x to v6.10, from 2013 until f915a3e5b018", .insns = "clz",
	  .summary = "borrow trick, then fls64 of the byte mask",
	  .zeropad = "arch/arm64/mm/extable.c",
	  .zeropad_func = "ex_handler_load_unaligned_zeropad",
	  .zeropad_stub = "arch/arm64/include/asm/word-at-a-time.h",
	  .zeropad_stub_at = "0d3001e2690a",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/arm64/Kconfig selects DCACHE_WORD_ACCESS",
	  LE_CHEAP(64), .find_kind = WV_FIND_FLS, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = fls_find64, .zero_bytemask = identity_zbm },
	{ .name = "riscv64", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = "arch/riscv/include/asm/word-at-a-time.h",
	  .era = "since v4.15",
	  .kernel_version = "since v4.15, the port 5d8544e2d007", .insns = "clz (Zbb)",
	  .clz_where = " where the kernel is built for Zbb and the CPU has it "
		       "(since v6.7, 457926b25320), else by a search in C",
	  .summary = "borrow trick, then fls64 (clz with Zbb, where built for it)",
	  .zeropad = "arch/riscv/mm/extable.c",
	  .zeropad_func = "ex_handler_load_unaligned_zeropad",
	  .dcache_kind = WV_DCACHE_OPT_IN,
	  .dcache = "arch/riscv/Kconfig selects DCACHE_WORD_ACCESS with "
		    "RISCV_EFFICIENT_UNALIGNED_ACCESS, which needs NONPORTABLE "
		    "(since v6.8, d0fdc20b0429)",
	  LE_CHEAP(64), .find_kind = WV_FIND_FLS, .zbm_kind = WV_ZBM_IDENTITY,
	  .find_zero = fls_find64, .zero_bytemask = identity_zbm },
	{ .name = "alpha", .aliases = "", .bits = 64, .endian = WV_LITTLE,
	  .kernel_path = "arch/alpha/include/asm/word-at-a-time.h",
	  .era = "by v3.10",
	  .kernel_version = "by v3.10, still at 107d3e535874", .insns = "cmpbge, cttz (EV67)",
	  .summary = "cmpbge compares 8 bytes at once into an 8-bit map",
	  .dcache_kind = WV_DCACHE_NO,
	  .dcache = "arch/alpha/Kconfig does not select DCACHE_WORD_ACCESS",
	  .hz_kind = WV_HZ_CMPBGE, .prep_kind = WV_PREP_IDENTITY,
	  .create_kind = WV_CREATE_IDENTITY, .find_kind = WV_FIND_CTZ,
	  .zbm_later = "The alpha header had no zero_bytemask at first "
		       "(mainline 107d3e535874); this one, (2ul << (find_zero(mask) * "
		       "8)) - 1, came later (mainline 611c9dd331ed).",
	  .zbm_kind = WV_ZBM_ALPHA, .has_zero = cmpbge_has_zero64,
	  .prep_zero_mask = identity_prep, .create_zero_mask = identity_create,
	  .find_zero = ctz_find64, .zero_bytemask = alpha_zbm64 },
	{ .name = "s390", .aliases = "", .bits = 64, .endian = WV_BIG,
	  .kernel_path = "arch/s390/include/asm/word-at-a-time.h",
	  .era = "since v6.7",
	  .kernel_version = "since v6.7, 76292d7243f8", .insns = "flogr",
	  .summary = "the exact test in the loop; flogr gives a bit index",
	  .zeropad = "arch/s390/mm/extable.c",
	  .zeropad_func = "ex_handler_zeropad",
	  .dcache_kind = WV_DCACHE_YES,
	  .dcache = "arch/s390/Kconfig selects DCACHE_WORD_ACCESS unless KMSAN",
	  .dcache_when = "in v6.7 to v7.1 and from v7.3 (656db3022083)",
	  .dcache_gap = "v7.2 and stable kernels with the revert (37540b8c287f)",
	  .hz_kind = WV_HZ_EXACT, .prep_kind = WV_PREP_IDENTITY,
	  .create_kind = WV_CREATE_FLS, .find_kind = WV_FIND_XOR,
	  .zbm_kind = WV_ZBM_INDEX, .has_zero = exact_has_zero64,
	  .prep_zero_mask = identity_prep, .create_zero_mask = fls_create64,
	  .find_zero = xor_find64, .zero_bytemask = index_zbm64 },
};

_Static_assert(sizeof(variants) / sizeof(variants[0]) == 16,
	       "the spec names sixteen variants");

size_t wv_wat_count(void)
{
	return sizeof(variants) / sizeof(variants[0]);
}

const struct wv_variant *wv_wat_at(size_t i)
{
	return i < wv_wat_count() ? &variants[i] : NULL;
}

/* true when name is one of the space-separated words of list */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");

		if (len == n && n > 0 && memcmp(p, name, n) == 0)
			return true;
		p += len;
		p += strspn(p, " ");
	}
	return false;
}

const struct wv_variant *wv_wat_find(const char *name)
{
	for (size_t i = 0; i < wv_wat_count(); i++)
		if (strcmp(variants[i].name, name) == 0 ||
		    in_list(variants[i].aliases, name))
			return &variants[i];
	return NULL;
}
