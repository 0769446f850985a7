/*
 * Exhaustive proofs of the core:
 * - every 32-bit word, for each 32-bit variant: has_zero is non-zero exactly
 *   when a byte is zero, and after the kernel sequence find_zero and
 *   zero_bytemask agree with a byte loop;
 * - every 64-bit word whose bytes come from {00 01 02 7f 80 81 fe ff}
 *   (8^8 = 16.7 M words), for each 64-bit variant;
 * - the cheap test's flags are exactly the zero bytes plus the 0x01 bytes a
 *   borrow chain reaches, by simulating the subtraction byte by byte, over
 *   all 2^32 words and the 64-bit critical set.
 *
 * The proofs do not go through the table's function pointers (a call per
 * word, which the compiler can neither inline nor vectorize).  Each variant
 * has a proof instantiated at compile time from the steps of
 * watviz/watsteps.h with its kinds, width and byte order as constants: the
 * very functions its table entry is built from.  The test then checks that
 * the variant's table entry names those kinds and agrees with the
 * specialized form, step by step, on 2^24 words (for 64-bit variants the
 * whole critical set; for 32-bit ones the 4096 critical words and random
 * words rich in zero bytes), so a table wired to another formula fails.
 *
 * The work is split over two threads.  WATVIZ_QUICK=1 (make check and make
 * asan: tests/run.sh sets it, except in make check-full) checks a 1/257
 * slice of each space instead.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "watviz/watsteps.h"

#define NTHREADS 2
#define SAMPLE (UINT64_C(1) << 24)

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/*
 * On x86-64 the proofs are also built for AVX2 and the loader picks the form
 * the CPU runs: SSE2 has no 64-bit compare, which keeps the block loops below
 * from being vectorized.  Elsewhere, the default build only.
 */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#if !defined(VECTOR_CLONES)
#define VECTOR_CLONES
#endif

/* the byte loops run w / 8 times, w a constant: unrolled, they vectorize */
#if defined(__GNUC__)
#define UNROLL _Pragma("GCC unroll 8")
#else
#define UNROLL
#endif

static const uint8_t critical[8] = { 0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff };

/* The kinds a variant's steps are built from. */
struct shape {
	unsigned bits;
	enum wv_endian endian;
	enum wv_hz_kind hz;
	enum wv_prep_kind prep;
	enum wv_create_kind create;
	enum wv_find_kind find;
	enum wv_zbm_kind zbm;
};

struct job {
	const struct wv_variant *v;	/* NULL: check the cheap formula */
	unsigned bits;
	bool blocks;			/* lo, hi, step count blocks of 256 words */
	uint64_t lo, hi, step;		/* indices (or blocks) to check */
	uint64_t checked, bad;
	uint64_t first_bad;
};

/* Memory byte i of register value x in a w-bit word of the given order. */
static ALWAYS_INLINE unsigned mem_byte(uint64_t x, unsigned i, unsigned w,
				       enum wv_endian e)
{
	return (unsigned)(x >> (e == WV_LITTLE ? 8 * i : w - 8 - 8 * i)) & 0xff;
}

/* The word for index i: all 32-bit values, or 8 critical bytes per digit. */
static ALWAYS_INLINE uint64_t word_at(unsigned bits, uint64_t i)
{
	uint64_t x = 0;

	if (bits == 32)
		return i;
	for (unsigned b = 0; b < 8; b++)
		x |= (uint64_t)critical[(i >> (3 * b)) & 7] << (8 * b);
	return x;
}

/*
 * Whether word x passes: has_zero non-zero iff a byte (by a byte loop) is
 * zero, and then find_zero == that byte's index and zero_bytemask == zbm[k].
 * Inlined with constant kinds, the switches of watsteps.h fold away.
 */
static ALWAYS_INLINE bool word_ok(uint64_t x, const uint64_t *zbm, unsigned w,
				  enum wv_endian e, enum wv_hz_kind hz,
				  enum wv_prep_kind prep, enum wv_create_kind create,
				  enum wv_find_kind find, enum wv_zbm_kind zk)
{
	unsigned nb = w / 8, k = nb;
	uint64_t data;

	UNROLL
	for (unsigned i = nb; i-- > 0;)
		if (mem_byte(x, i, w, e) == 0)
			k = i;
	bool has = wv_wat_step_has_zero(hz, x, &data, w) != 0;

	if (has != (k < nb))
		return false;
	if (!has)
		return true;
	uint64_t mask = wv_wat_step_create(create, wv_wat_step_prep(prep, x, data, w), w);

	return wv_wat_step_find(find, mask, w) == k && wv_wat_step_zbm(zk, mask, w) == zbm[k];
}

/* Whether some byte of x is zero, by a byte loop (branch-free). */
static ALWAYS_INLINE bool any_zero_byte(uint64_t x, unsigned w)
{
	bool z = false;

	UNROLL
	for (unsigned i = 0; i < w / 8; i++)
		z |= ((x >> 8 * i) & 0xff) == 0;
	return z;
}

/*
 * One job's share of a variant's space, for a shape fixed at compile time.
 * Word by word, or for the whole 32-bit space in blocks of the 256 words
 * that share their upper three bytes: first, without a branch (so the
 * compiler can vectorize it), whether has_zero agrees with the byte loop on
 * every word and how many words hold a zero byte.  Where all agree and only
 * one word holds a zero (the one whose low byte is zero, x == base), only
 * that word still needs find_zero and zero_bytemask; otherwise every word
 * of the block gets the full check.
 */
static ALWAYS_INLINE void prove(struct job *j, unsigned w, enum wv_endian e,
				enum wv_hz_kind hz, enum wv_prep_kind prep,
				enum wv_create_kind create, enum wv_find_kind find,
				enum wv_zbm_kind zk)
{
	uint64_t zbm[9], checked = 0, bad = 0, first = 0;

#define WORD_OK(x) word_ok(x, zbm, w, e, hz, prep, create, find, zk)
	for (unsigned k = 0; k < w / 8; k++)
		zbm[k] = expect_zbm(j->v, k);
	for (uint64_t i = j->lo; i < j->hi; i += j->step) {
		uint64_t x = word_at(w, i), base = i << 8;
		uint32_t miss = 0, zeros = 0;

		if (!j->blocks) {
			checked++;
			if (!WORD_OK(x) && bad++ == 0)
				first = x;
			continue;
		}
		/* a 32-bit index, so that the compiler may vectorize */
		for (uint32_t lo = 0; lo < 256; lo++) {
			uint32_t y = (uint32_t)base | lo;
			uint64_t data;
			bool ref = any_zero_byte(y, w);
			uint64_t hzv = wv_wat_step_has_zero(hz, y, &data, w);

			miss += (hzv != 0) != ref;
			zeros += ref;
		}
		checked += 256;
		if (miss == 0 && zeros == 1) {
			if (!WORD_OK(base) && bad++ == 0)
				first = base;
			continue;
		}
		for (uint64_t lo = 0; lo < 256; lo++)
			if (!WORD_OK(base | lo) && bad++ == 0)
				first = base | lo;
	}
#undef WORD_OK
	/* counted locally: the jobs share a cache line */
	j->checked = checked;
	j->bad = bad;
	j->first_bad = first;
}

/*
 * The sixteen variants' shapes, as the spec's table gives them
 * (docs/VARIANTS.md); each becomes a proof function.
 */
#define SHAPES(X)                                                              \
	X(x86_64, "x86-64", 64, WV_LITTLE, WV_HZ_CHEAP,                        \
	  WV_PREP_IDENTITY, WV_CREATE_IDENTITY, WV_FIND_FFS, WV_ZBM_FROM_FLAGS) \
	X(x86_64_v6_10, "x86-64-v6.10", 64, WV_LITTLE, WV_HZ_CHEAP,            \
	  WV_PREP_IDENTITY, WV_CREATE_BYTEMASK, WV_FIND_MUL, WV_ZBM_IDENTITY)  \
	X(x86_32, "x86-32", 32, WV_LITTLE, WV_HZ_CHEAP, WV_PREP_IDENTITY,      \
	  WV_CREATE_BYTEMASK, WV_FIND_ADD32, WV_ZBM_IDENTITY)                  \
	X(generic_le64, "generic-le64", 64, WV_LITTLE, WV_HZ_CHEAP,            \
	  WV_PREP_IDENTITY, WV_CREATE_BYTEMASK, WV_FIND_MUL, WV_ZBM_IDENTITY)  \
	X(generic_le32, "generic-le32", 32, WV_LITTLE, WV_HZ_CHEAP,            \
	  WV_PREP_IDENTITY, WV_CREATE_BYTEMASK, WV_FIND_ADD32, WV_ZBM_IDENTITY) \
	X(generic_be64, "generic-be64", 64, WV_BIG, WV_HZ_CHEAP_BE,            \
	  WV_PREP_EXACT_BE, WV_CREATE_IDENTITY, WV_FIND_CLZ_HALVING,           \
	  WV_ZBM_FLS_SHIFT)                                                    \
	X(generic_be32, "generic-be32", 32, WV_BIG, WV_HZ_CHEAP_BE,            \
	  WV_PREP_EXACT_BE, WV_CREATE_IDENTITY, WV_FIND_CLZ_HALVING,           \
	  WV_ZBM_FLS_SHIFT)                                                    \
	X(ppc64, "ppc64", 64, WV_BIG, WV_HZ_CHEAP_BE, WV_PREP_EXACT_BE,        \
	  WV_CREATE_IDENTITY, WV_FIND_CLZ, WV_ZBM_FLS_SHIFT)                   \
	X(ppc32, "ppc32", 32, WV_BIG, WV_HZ_CHEAP_BE, WV_PREP_EXACT_BE,        \
	  WV_CREATE_IDENTITY, WV_FIND_CLZ, WV_ZBM_FLS_SHIFT)                   \
	X(ppc64le, "ppc64le", 64, WV_LITTLE, WV_HZ_CMPB, WV_PREP_IDENTITY,     \
	  WV_CREATE_POPCOUNT, WV_FIND_SHIFT3, WV_ZBM_BITCOUNT)                 \
	X(arm, "arm", 32, WV_LITTLE, WV_HZ_CHEAP, WV_PREP_IDENTITY,            \
	  WV_CREATE_BYTEMASK, WV_FIND_FLS, WV_ZBM_IDENTITY)                    \
	X(arm64, "arm64", 64, WV_LITTLE, WV_HZ_CHEAP, WV_PREP_IDENTITY,        \
	  WV_CREATE_IDENTITY, WV_FIND_FFS, WV_ZBM_FROM_FLAGS)                  \
	X(arm64_v6_10, "arm64-v6.10", 64, WV_LITTLE, WV_HZ_CHEAP,              \
	  WV_PREP_IDENTITY, WV_CREATE_BYTEMASK, WV_FIND_FLS, WV_ZBM_IDENTITY)  \
	X(riscv64, "riscv64", 64, WV_LITTLE, WV_HZ_CHEAP, WV_PREP_IDENTITY,    \
	  WV_CREATE_BYTEMASK, WV_FIND_FLS, WV_ZBM_IDENTITY)                    \
	X(alpha, "alpha", 64, WV_LITTLE, WV_HZ_CMPBGE, WV_PREP_IDENTITY,       \
	  WV_CREATE_IDENTITY, WV_FIND_CTZ, WV_ZBM_ALPHA)                       \
	X(s390, "s390", 64, WV_BIG, WV_HZ_EXACT, WV_PREP_IDENTITY,             \
	  WV_CREATE_FLS, WV_FIND_XOR, WV_ZBM_INDEX)

/* Sample word i: the critical set first, then random words rich in zeros. */
static ALWAYS_INLINE uint64_t sample_word(unsigned bits, uint64_t i)
{
	uint64_t ncrit = bits == 32 ? 4096 : SAMPLE;

	if (i < ncrit)
		return word_at(64, i) & wv_wmask(bits);
	/* a multiply-xorshift mix of i, then each byte zeroed with probability 1/4 */
	uint64_t x = (i + UINT64_C(0x2545f4914f6cdd1d)) * UINT64_C(0x9e3779b97f4a7c15);

	x ^= x >> 29;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 32;
	uint64_t r = x * UINT64_C(0x94d049bb133111eb);

	for (unsigned b = 0; b < bits / 8; b++)
		if (((r >> (2 * b + 40)) & 3) == 0)
			x &= ~(UINT64_C(0xff) << (8 * b));
	return x & wv_wmask(bits);
}

/*
 * One job's share of the agreement check: every step through the table's
 * function pointers gives what the steps of watsteps.h give with the
 * proof's kinds (constants here too, as in prove()).
 */
static ALWAYS_INLINE void agree(struct job *j, unsigned w, enum wv_hz_kind hz,
				enum wv_prep_kind prep, enum wv_create_kind create,
				enum wv_find_kind find, enum wv_zbm_kind zk)
{
	const struct wv_variant *v = j->v;
	uint64_t checked = 0, bad = 0, first = 0;

	for (uint64_t i = j->lo; i < j->hi; i += j->step) {
		uint64_t x = sample_word(w, i), d1, d2;
		uint64_t h1 = v->has_zero(x, &d1), h2 = wv_wat_step_has_zero(hz, x, &d2, w);
		uint64_t p1 = v->prep_zero_mask(x, d1), p2 = wv_wat_step_prep(prep, x, d2, w);
		uint64_t c1 = v->create_zero_mask(p1), c2 = wv_wat_step_create(create, p2, w);

		checked++;
		if ((h1 != h2 || d1 != d2 || p1 != p2 || c1 != c2 ||
		     v->find_zero(c1) != wv_wat_step_find(find, c2, w) ||
		     v->zero_bytemask(c1) != wv_wat_step_zbm(zk, c2, w)) && bad++ == 0)
			first = x;
	}
	j->checked = checked;
	j->bad = bad;
	j->first_bad = first;
}

#define DEFINE_PROOF(id, name, W, E, HZ, PREP, CREATE, FIND, ZBM)              \
	VECTOR_CLONES static void *prove_##id(void *arg)                       \
	{                                                                      \
		prove(arg, W, E, HZ, PREP, CREATE, FIND, ZBM);                 \
		return NULL;                                                   \
	}                                                                      \
	static void *agree_##id(void *arg)                                     \
	{                                                                      \
		agree(arg, W, HZ, PREP, CREATE, FIND, ZBM);                    \
		return NULL;                                                   \
	}
SHAPES(DEFINE_PROOF)

static const struct proof {
	const char *name;
	struct shape sh;
	void *(*run)(void *job);	/* the proof */
	void *(*agree)(void *job);	/* the table's agreement with it */
} proofs[] = {
#define PROOF_ROW(id, name, W, E, HZ, PREP, CREATE, FIND, ZBM)                 \
	{ name, { W, E, HZ, PREP, CREATE, FIND, ZBM }, prove_##id, agree_##id },
	SHAPES(PROOF_ROW)
};

/* Flags of (a - ONES) & ~a & HIGHS, by subtracting 1 byte by byte with borrow. */
static ALWAYS_INLINE uint64_t simulated_flags(uint64_t a, unsigned w)
{
	uint64_t flags = 0;
	unsigned borrow = 0;
	bool stated = true;

	UNROLL
	for (unsigned i = 0; i < w / 8; i++) {
		unsigned byte = (a >> 8 * i) & 0xff;
		unsigned diff = (byte - 1 - borrow) & 0xff;
		unsigned flag = (diff >> 7) & !(byte >> 7);

		flags |= (uint64_t)flag << (8 * i + 7);
		/* the spec's statement of the same fact */
		stated &= flag == (byte == 0 || (byte == 1 && borrow));
		borrow = byte < 1 + borrow;
	}
	return stated ? flags : ~UINT64_C(0);	/* ~0 cannot match any real F */
}

/* The cheap formula against the simulation, word by word or in blocks. */
static ALWAYS_INLINE void prove_cheap(struct job *j, unsigned w)
{
	uint64_t checked = 0, bad = 0, first = 0;

	for (uint64_t i = j->lo; i < j->hi; i += j->step) {
		uint64_t base = j->blocks ? i << 8 : word_at(w, i);
		uint32_t n = j->blocks ? 256 : 1, miss = 0;

		if (j->blocks) {
			/* a 32-bit index, so that the compiler may vectorize */
			for (uint32_t lo = 0; lo < 256; lo++) {
				uint32_t y = (uint32_t)base | lo;

				miss += wv_cheap_zero(y, w) != simulated_flags(y, w);
			}
		} else {
			miss = wv_cheap_zero(base, w) != simulated_flags(base, w);
		}
		checked += n;
		bad += miss;
		for (uint64_t lo = 0; miss && bad == miss && lo < n; lo++)
			if (wv_cheap_zero(base | lo, w) != simulated_flags(base | lo, w)) {
				first = base | lo;	/* the first block with a miss */
				break;
			}
	}
	j->checked = checked;
	j->bad = bad;
	j->first_bad = first;
}

VECTOR_CLONES static void *prove_cheap32(void *arg)
{
	prove_cheap(arg, 32);
	return NULL;
}

static void *prove_cheap64(void *arg)
{
	prove_cheap(arg, 64);
	return NULL;
}

/*
 * Check indices [0, n) of a space with NTHREADS threads running run (a
 * proof, or agree() for the table's agreement with it); fail on any miss.
 */
static void run_space(const struct wv_variant *v, const struct proof *pr, unsigned bits,
		      uint64_t n, const char *what, void *(*run)(void *))
{
	struct job jobs[NTHREADS];
	pthread_t tid[NTHREADS];
	uint64_t step = quick_mode() ? 257 : 1;
	bool blocks = (!pr || run != pr->agree) && bits == 32 && step == 1; /* see prove() */
	uint64_t checked = 0, bad = 0, first = 0;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int t = 0; t < NTHREADS; t++) {
		jobs[t] = (struct job){ .v = v, .bits = bits, .blocks = blocks,
					.step = step * NTHREADS, .lo = (uint64_t)t * step,
					.hi = blocks ? n >> 8 : n };
		assert_int_equal(pthread_create(&tid[t], NULL, run, &jobs[t]), 0);
	}
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(tid[t], NULL);
		checked += jobs[t].checked;
		if (jobs[t].bad && !bad)
			first = jobs[t].first_bad;
		bad += jobs[t].bad;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# %-13s %-16s %llu words in %.1f s, %llu wrong\n", what,
	       pr ? pr->name : "cheap formula", (unsigned long long)checked,
	       (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	       (unsigned long long)bad);
	if (bad && pr && run == pr->agree)
		fail_msg("%s: the table entry and its proof differ on %llu words, first 0x%llx",
			 v->name, (unsigned long long)bad, (unsigned long long)first);
	if (bad)
		fail_msg("%s: %llu words wrong, first 0x%llx", pr ? pr->name : "cheap",
			 (unsigned long long)bad, (unsigned long long)first);
	assert_true(checked >= n / (step * NTHREADS));
}

/* The proof instantiated for the variant named name; fails when there is none. */
static const struct proof *proof_for(const struct wv_variant *v)
{
	for (size_t i = 0; i < sizeof(proofs) / sizeof(proofs[0]); i++)
		if (strcmp(proofs[i].name, v->name) == 0)
			return &proofs[i];
	fail_msg("%s: no proof instantiated for this variant", v->name);
	return NULL;
}

/*
 * The table entry is the specialized form: the same kinds, width and byte
 * order, and the same values step by step on SAMPLE words.
 */
static void table_matches_proof(const struct wv_variant *v, const struct proof *pr)
{
	const struct shape *sh = &pr->sh;

	assert_int_equal(v->bits, sh->bits);
	assert_int_equal(v->endian, sh->endian);
	assert_int_equal(v->hz_kind, sh->hz);
	assert_int_equal(v->prep_kind, sh->prep);
	assert_int_equal(v->create_kind, sh->create);
	assert_int_equal(v->find_kind, sh->find);
	assert_int_equal(v->zbm_kind, sh->zbm);
	run_space(v, pr, sh->bits, SAMPLE, "table agrees", pr->agree);
}

static void all_32bit_words(void **state)
{
	const struct wv_variant *v = *state;
	const struct proof *pr = proof_for(v);

	table_matches_proof(v, pr);
	run_space(v, pr, 32, UINT64_C(1) << 32, "all 2^32", pr->run);
}

static void critical_64bit_words(void **state)
{
	const struct wv_variant *v = *state;
	const struct proof *pr = proof_for(v);

	table_matches_proof(v, pr);
	run_space(v, pr, 64, UINT64_C(1) << 24, "critical 8^8", pr->run);
}

static void cheap_flags_32(void **state)
{
	(void)state;
	run_space(NULL, NULL, 32, UINT64_C(1) << 32, "all 2^32", prove_cheap32);
}

static void cheap_flags_64(void **state)
{
	(void)state;
	run_space(NULL, NULL, 64, UINT64_C(1) << 24, "critical 8^8", prove_cheap64);
}

int main(void)
{
	struct CMUnitTest tests[24];
	size_t n = 0;
	static char names[20][48];

	if (quick_mode())
		printf("# WATVIZ_QUICK: every 257th word of each space (make check "
		       "and make asan; make check-full proves every one)\n");
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);

		snprintf(names[i], sizeof(names[i]), "%s_%s",
			 v->bits == 32 ? "all_32bit_words" : "critical_64bit_words",
			 v->name);
		tests[n++] = (struct CMUnitTest){
			.name = names[i],
			.test_func = v->bits == 32 ? all_32bit_words : critical_64bit_words,
			.initial_state = (void *)(uintptr_t)v,
		};
	}
	tests[n++] = (struct CMUnitTest){ .name = "cheap_flags_all_32bit",
					  .test_func = cheap_flags_32 };
	tests[n++] = (struct CMUnitTest){ .name = "cheap_flags_critical_64bit",
					  .test_func = cheap_flags_64 };
	return _cmocka_run_group_tests("exhaustive", tests, n, NULL, NULL);
}
