/*
 * Production string routines on the word-at-a-time core.  See watviz/str.h
 * for why reading whole aligned words is safe and how the sanitizers see it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/str.h"

#include <stdint.h>
#include <string.h>

#include "watviz/wordops.h"

#if defined(__SANITIZE_ADDRESS__)
#define WV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WV_ASAN 1
#endif
#endif

/*
 * Under ASan only the aligned word load itself is exempt (it deliberately
 * reads bytes around the string, inside the same aligned word); it is kept
 * out of line so the exemption cannot spread into, or be lost by inlining
 * into, an instrumented caller.  check_span() then checks the string's own
 * bytes.
 */
#if defined(WV_ASAN)
#include <sanitizer/asan_interface.h>
#define WV_NO_ASAN __attribute__((no_sanitize_address, noinline))
#else
#define WV_NO_ASAN
#endif

/*
 * Two forms of the routines that matter for speed (wv_strlen, wv_strnlen,
 * wv_path_hash) on x86-64: one for the baseline instruction set and one with
 * BMI1, whose andn does the cheap test's ~a & (a - ONES) in one instruction
 * (three ALU operations per word instead of four: 1.26x at 4 KiB on the bench
 * machine, docs/PERFORMANCE.md).  An ifunc binds each public name to the
 * form the CPU can run when the program is loaded, so the library `make`
 * builds is the one the bench measures, on any x86-64.  Both forms come from
 * the same body (NAME_body, inlined into each); wv_str_forms() hands the
 * tests every form the CPU can run.  Not under ASan (its forms stay the
 * plain uninstrumented functions), nor where there is no ifunc;
 * -DWATVIZ_NO_IFUNC turns it off.
 */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__) && \
	!defined(WV_ASAN) && !defined(WATVIZ_NO_IFUNC)
#define WV_BMI_FORMS 1
#define WV_FORM_INLINE static inline __attribute__((always_inline))
#define WV_FORMS(ret, name, params, args)                                        \
	__attribute__((target("bmi"))) static ret name##_bmi1 params              \
	{                                                                         \
		return name##_body args;                                          \
	}                                                                         \
	static ret name##_base params                                             \
	{                                                                         \
		return name##_body args;                                          \
	}                                                                         \
	static ret (*name##_pick(void)) params                                    \
	{                                                                         \
		__builtin_cpu_init();                                             \
		return __builtin_cpu_supports("bmi") ? name##_bmi1 : name##_base; \
	}                                                                         \
	ret name params __attribute__((ifunc(#name "_pick")))
#else
#define WV_BMI_FORMS 0
#define WV_FORM_INLINE static inline
#define WV_FORMS(ret, name, params, args)                                        \
	WV_NO_ASAN ret name params                                                \
	{                                                                         \
		return name##_body args;                                          \
	}                                                                         \
	struct wv_forms_semicolon_##name
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WV_HOST_BIG 1
#else
#define WV_HOST_BIG 0
#endif

enum { W = 64, WB = 8 };

/* The aligned word at p in host order (memcpy: no aliasing or alignment UB). */
WV_NO_ASAN static uint64_t load_word(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, sizeof(w));
	return w;
}

/*
 * 0xff in the register bytes holding memory bytes 0..n-1 of a host-order word
 * (aligned_byte_mask of lib/strnlen_user.c), n < 8.
 */
static inline uint64_t before_mask(unsigned n)
{
	if (WV_HOST_BIG)
		return wv_shl(~UINT64_C(0xff), W - 8 - 8 * n, W);
	return (UINT64_C(1) << (8 * (n & 7))) - 1;
}

/*
 * The loop's cheap test; non-zero iff the word holds a zero byte.  On a
 * little-endian host its lowest flag is exact, so find_zero can use it as it
 * is; on a big-endian host find_zero needs the exact mask (see below).
 */
static inline uint64_t cheap(uint64_t w)
{
	return wv_cheap_zero(w, W);
}

/* Memory index of the first zero byte of w, given cheap(w) != 0. */
static inline unsigned first_zero(uint64_t w, uint64_t flags)
{
	if (WV_HOST_BIG)
		return wv_clz(wv_exact_zero(w, W), W) >> 3;
	return wv___ffs(flags, W) >> 3;
}

/*
 * Under ASan: report a read of the string's bytes [s, s + n) that the
 * uninstrumented word loads made without a check.
 */
static void check_span(const char *s, size_t n)
{
#if defined(WV_ASAN)
	const void *bad = __asan_region_is_poisoned((void *)(uintptr_t)s, n);

	/* this function is instrumented: reading the bad byte reports it */
	if (bad)
		(void)*(const volatile char *)bad;
#else
	(void)s;
	(void)n;
#endif
}

/* The aligned word holding s, and s's offset inside it. */
static inline const unsigned char *align_down(const char *s, unsigned *off)
{
	uintptr_t a = (uintptr_t)s;

	*off = (unsigned)(a & (WB - 1));
	return (const unsigned char *)(a - *off);
}

/* Bytes from s to the first byte of the aligned word at p (p may precede s). */
static inline size_t dist(const char *s, const unsigned char *p)
{
	return (size_t)((uintptr_t)p - (uintptr_t)s);
}

/* Whether the aligned word at p holds a zero byte (the cheap test). */
static inline int hit(const unsigned char *p)
{
	return cheap(load_word(p)) != 0;
}

/*
 * The kernel's OPTIMIZER_HIDE_VAR (include/linux/compiler.h): an empty asm
 * that makes the compiler forget what it knows about x, emitting no code.
 */
#if defined(__GNUC__)
#define WV_HIDE_VAR(x) __asm__("" : "+r"(x))
#else
#define WV_HIDE_VAR(x) ((void)0)
#endif

/*
 * The strlen loop, shared by the forms below.  Word by word from the one
 * holding s until the cheap test fires; unroll (1, 2 or 4) words per loop
 * step, each tested before the next is read, so the reads still stop at the
 * terminator's word.  Only the pointer moves and the length comes from it at
 * the end: seven instructions per word in the plain loop.
 *
 * The loop only asks whether a word holds a zero; the word it stopped at is
 * loaded and tested again afterwards.  Hiding p in between keeps the compiler
 * from reusing the loop's flags instead, which would keep them live in the
 * loop and turn the TEST that fuses with the branch into an AND and a branch
 * (about 5% per word on the bench machine; docs/PERFORMANCE.md).
 * mul picks the multiply form of find_zero (x86-64 up to v6.10) over __ffs.
 */
WV_FORM_INLINE size_t strlen_words(const char *s, unsigned unroll, int mul)
{
	unsigned off;
	const unsigned char *p = align_down(s, &off);
	uint64_t w = load_word(p) | before_mask(off);

	if (cheap(w) == 0) {
		/*
		 * The second word on its own: a string that ends there keeps
		 * its flags and skips the reload below.
		 */
		p += WB;
		w = load_word(p);
		if (cheap(w) != 0)
			goto found;
		/* with unrolling, the third word too: 8-16 bytes end by there */
		if (unroll >= 4) {
			p += WB;
			w = load_word(p);
			if (cheap(w) != 0)
				goto found;
		}
		for (;;) {
			if (unroll >= 2 && hit(p + WB)) {
				p += WB;
				break;
			}
			if (unroll >= 4 && hit(p + 2 * WB)) {
				p += 2 * WB;
				break;
			}
			if (unroll >= 4 && hit(p + 3 * WB)) {
				p += 3 * WB;
				break;
			}
			p += unroll * WB;
			if (hit(p))
				break;
		}
		WV_HIDE_VAR(p);
		w = load_word(p);	/* not the first word: no pre-start bytes */
	}
found:;
	uint64_t flags = cheap(w);
	size_t len = dist(s, p);

	if (mul && !WV_HOST_BIG)
		len += wv_count_masked_bytes64(wv_flags_to_bytemask(flags, W));
	else
		len += first_zero(w, flags);
	check_span(s, len + 1);
	return len;
}

/*
 * Four words per loop step, each tested before the next is read (so no word
 * past the terminator's is read): the loop's pointer update and back branch
 * are paid once per 32 bytes.  The fastest correct form on the bench machine
 * (docs/PERFORMANCE.md).
 */
WV_FORM_INLINE size_t wv_strlen_body(const char *s)
{
	return strlen_words(s, 4, 0);
}

WV_FORMS(size_t, wv_strlen, (const char *s), (s));

/* One word per loop step: the loop a lesson shows. */
WV_NO_ASAN size_t wv_strlen_simple(const char *s)
{
	return strlen_words(s, 1, 0);
}

WV_NO_ASAN size_t wv_strlen_mul(const char *s)
{
	return strlen_words(s, 1, 1);
}

WV_NO_ASAN size_t wv_strlen_unroll2(const char *s)
{
	return strlen_words(s, 2, 0);
}

/*
 * Word by word as strlen, but the loop also stops at last, the aligned word
 * holding the last byte the limit allows; in that word the bytes past the
 * limit become 0xff, so they are neither looked at nor taken for a NUL.
 */
WV_FORM_INLINE size_t wv_strnlen_body(const char *s, size_t maxlen)
{
	unsigned off;
	const unsigned char *p = align_down(s, &off);

	/* no object reaches the top of the address space: s + maxlen cannot wrap */
	if (maxlen > UINTPTR_MAX - (uintptr_t)s)
		maxlen = UINTPTR_MAX - (uintptr_t)s;
	if (maxlen == 0)
		return 0;

	uintptr_t end = (uintptr_t)s + maxlen;	/* the first byte not to look at */
	unsigned tail = (unsigned)(end & (WB - 1));	/* bytes of last's word allowed; 0: all */
	const unsigned char *last = (const unsigned char *)((end - 1) & ~(uintptr_t)(WB - 1));
	uint64_t w = load_word(p) | before_mask(off);
	uint64_t flags = cheap(w);

	/*
	 * As wv_strlen: the second and third words on their own (short strings
	 * end there), then four words per loop step, each tested before the next is read,
	 * while all four come before last's word; then word by word.  last's
	 * word is tested only after the bytes past the limit are masked.
	 */
	if (p != last && flags == 0) {
		p += WB;
		w = load_word(p);
		flags = cheap(w);
		/* the third too: 8-16 bytes end by there */
		if (p != last && flags == 0) {
			p += WB;
			w = load_word(p);
			flags = cheap(w);
		}
		if (p != last && flags == 0) {
			while ((uintptr_t)last - (uintptr_t)p > 4 * WB) {
				if (hit(p + WB)) {
					p += WB;
					goto stop;
				}
				if (hit(p + 2 * WB)) {
					p += 2 * WB;
					goto stop;
				}
				if (hit(p + 3 * WB)) {
					p += 3 * WB;
					goto stop;
				}
				if (hit(p + 4 * WB)) {
					p += 4 * WB;
					goto stop;
				}
				p += 4 * WB;
			}
			p += WB;
stop:
			WV_HIDE_VAR(p);
			w = load_word(p);	/* not the first word: no pre-start bytes */
			flags = cheap(w);
		}
	}
	while (p != last && flags == 0) {
		p += WB;
		w = load_word(p);
		flags = cheap(w);
	}
	if (p == last) {
		if (tail != 0)
			w |= ~before_mask(tail);
		flags = cheap(w);
	}
	if (flags == 0) {
		check_span(s, maxlen);
		return maxlen;
	}
	size_t len = dist(s, p) + first_zero(w, flags);

	check_span(s, len + 1);
	return len;
}

WV_FORMS(size_t, wv_strnlen, (const char *s, size_t maxlen), (s, maxlen));

/* First '/' or NUL: the two searches of hash_name, OR-ed. */
static inline uint64_t component_flags(uint64_t w, uint64_t slashes)
{
	return cheap(w) | cheap(w ^ slashes);
}

static inline unsigned component_end(uint64_t w, uint64_t slashes, uint64_t flags)
{
	if (WV_HOST_BIG)
		return wv_clz(wv_exact_zero(w, W) | wv_exact_zero(w ^ slashes, W),
			      W) >> 3;
	return wv___ffs(flags, W) >> 3;
}

WV_NO_ASAN size_t wv_component_len(const char *s)
{
	uint64_t slashes = wv_repeat_byte('/', W);
	unsigned off;
	const unsigned char *p = align_down(s, &off);
	uint64_t w = load_word(p) | before_mask(off);
	uint64_t flags;
	size_t base = 0 - (size_t)off;

	while ((flags = component_flags(w, slashes)) == 0) {
		p += WB;
		base += WB;
		w = load_word(p);
	}
	size_t len = base + component_end(w, slashes, flags);

	check_span(s, len + 1);
	return len;
}

/*
 * Memory bytes [0, k) of a host-order word, k = 0..8 (before_mask without
 * the limit k < 8).
 */
static const uint64_t bytes_before_tab[WB + 1] = {
#if WV_HOST_BIG
	0, UINT64_C(0xff00000000000000), UINT64_C(0xffff000000000000),
	UINT64_C(0xffffff0000000000), UINT64_C(0xffffffff00000000),
	UINT64_C(0xffffffffff000000), UINT64_C(0xffffffffffff0000),
	UINT64_C(0xffffffffffffff00), UINT64_MAX,
#else
	0, UINT64_C(0xff), UINT64_C(0xffff), UINT64_C(0xffffff),
	UINT64_C(0xffffffff), UINT64_C(0xffffffffff), UINT64_C(0xffffffffffff),
	UINT64_C(0xffffffffffffff), UINT64_MAX,
#endif
};

/* watviz's word mix: xor, multiply by an odd constant, fold the top down. */
static inline uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
	return h ^ (h >> 29);
}

/*
 * One component at s: its length, and its hash in *hash, in one pass over
 * the words (each tested for both terminators and mixed in), as hash_name
 * does.  wv_path_hash builds the same hash without coming back to s.
 */
WV_NO_ASAN size_t wv_component_hash(const char *s, unsigned long long *hash)
{
	uint64_t slashes = wv_repeat_byte('/', W);
	unsigned off;
	const unsigned char *p = align_down(s, &off);
	uint64_t keep = ~before_mask(off);	/* the first word's bytes from s on */
	uint64_t w = load_word(p) | ~keep;
	uint64_t flags, h = 0;
	size_t base = 0 - (size_t)off;

	while ((flags = component_flags(w, slashes)) == 0) {
		h = mix(h, w & keep);
		keep = ~UINT64_C(0);
		p += WB;
		base += WB;
		w = load_word(p);
	}
	unsigned k = component_end(w, slashes, flags);

	/*
	 * zero_bytemask: only the bytes before the terminator are hashed.  The
	 * kernel's x86-64 takes it straight from the flags ((bits - 1) & ~bits)
	 * >> 7, since v6.11); here it comes from k, which is as fast, and lets
	 * memcheck see that the hash does not depend on the bytes past the
	 * terminator (it cannot tell for (bits - 1): tests/valgrind).
	 */
	uint64_t tail = bytes_before_tab[k];
	size_t len = base + k;

	*hash = mix(h, w & tail & keep);
	check_span(s, len + 1);
	return len;
}

/* Memory bytes [a, b) of a host-order word, 0 <= a <= b <= 8. */
static inline uint64_t bytes_between(unsigned a, unsigned b)
{
	return bytes_before_tab[b] & ~bytes_before_tab[a];
}

/* Memory index of the first flagged byte (exact flags, flags != 0). */
static inline unsigned first_flag(uint64_t flags)
{
	if (WV_HOST_BIG)
		return wv_clz(flags, W) >> 3;
	return wv___ffs(flags, W) >> 3;
}

/* The flags without the first one in memory order. */
static inline uint64_t drop_first_flag(uint64_t flags)
{
	if (WV_HOST_BIG)
		return flags ^ (UINT64_C(1) << (63 - wv_clz(flags, W)));
	return flags & (flags - 1);
}

/*
 * Whether memory byte k is flagged.  A shift by k, not arithmetic on the
 * flags: memcheck then sees the answer depend on that byte's flag alone (the
 * bytes after the NUL, which the word also holds, may be undefined).
 */
static inline int flagged(uint64_t flags, unsigned k)
{
	return (int)((flags >> (WV_HOST_BIG ? 63 - 8 * k : 8 * k + 7)) & 1);
}

/*
 * The whole path in one pass over its aligned words.  Each word is loaded
 * once and its '/' and NUL bytes flagged with the exact test (a word may hold
 * several; the cheap test's flags above the first are not to be trusted);
 * the runs of other bytes between them are the components.  A component's
 * hash is built as the words go by, exactly as wv_component_hash builds it
 * (each aligned word it touches, masked to its bytes, mixed in), so the walk
 * never goes back: link_path_walk in fs/namei.c restarts its loads at every
 * component (hash_name), which this walk's first version did too (1.15x the
 * byte walk; this one: docs/PERFORMANCE.md).
 */
WV_FORM_INLINE size_t wv_path_hash_body(const char *path, struct wv_component *out,
					 size_t max)
{
	uint64_t slashes = wv_repeat_byte('/', W);
	unsigned off;
	const unsigned char *p = align_down(path, &off);
	/* the bytes before the path become 0xff: neither '/' nor NUL */
	uint64_t w = load_word(p) | before_mask(off);
	size_t base = 0 - (size_t)off;	/* path offset of p's first byte */
	size_t start = 0;	/* path offset of the open run's first byte */
	unsigned from = off;	/* ... and its first byte in w (8: in the next word) */
	uint64_t h = 0;		/* the open run's hash so far */
	size_t n = 0;

	if (max == 0)
		return 0;
	for (;;) {
		/* on a big-endian host the cheap test can flag a byte before the NUL */
		uint64_t z = WV_HOST_BIG ? wv_exact_zero(w, W) : cheap(w);
		uint64_t t = z | wv_exact_zero(w ^ slashes, W);

		/*
		 * The terminators in memory order, up to the NUL: what follows
		 * it is not the path (its flags are never reached).
		 */
		while (t != 0) {
			unsigned k = first_flag(t);
			size_t pos = base + k;

			if (pos != start) {	/* a run of one byte or more */
				h = mix(h, w & bytes_between(from, k));
				out[n++] = (struct wv_component){ .start = start,
								  .len = pos - start, .hash = h };
				if (n == max) {
					check_span(path, pos + 1);
					return n;
				}
			}
			if (flagged(z, k)) {
				/* every byte read: the path and its NUL */
				check_span(path, pos + 1);
				return n;
			}
			h = 0;
			start = pos + 1;
			from = k + 1;
			t = drop_first_flag(t);
		}
		/*
		 * The open run's bytes in w.  None when a '/' ended w (from == 8):
		 * then h is 0 and mixing 0 into 0 leaves 0, so no branch.
		 */
		h = mix(h, w & bytes_between(from, WB));
		p += WB;
		base += WB;
		from = 0;
		w = load_word(p);
	}
}

WV_FORMS(size_t, wv_path_hash, (const char *path, struct wv_component *out, size_t max),
	 (path, out, max));

size_t wv_str_forms(const struct wv_str_form **forms)
{
	static const struct wv_str_form all[] = {
#if WV_BMI_FORMS
		{ "x86-64", wv_strlen_base, wv_strnlen_base, wv_path_hash_base },
		{ "x86-64+bmi1", wv_strlen_bmi1, wv_strnlen_bmi1, wv_path_hash_bmi1 },
#else
		{ "baseline", wv_strlen, wv_strnlen, wv_path_hash },
#endif
	};

	*forms = all;
#if WV_BMI_FORMS
	__builtin_cpu_init();
	if (__builtin_cpu_supports("bmi"))
		return 2;
#endif
	return 1;
}
