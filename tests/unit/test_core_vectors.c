/*
 * The spec's test vectors (docs/VARIANTS.md), literally, for every
 * variant they name.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "watviz/wordops.h"

static const uint8_t T1[8] = { 0x61, 0x62, 0x00, 0x63, 0x64, 0x00, 0x00, 0x00 };
static const uint8_t T1_32[4] = { 0x61, 0x62, 0x00, 0x63 };	/* "ab\0c" */
static const uint8_t T2[8] = { 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00 };
static const uint8_t T3[8] = { 0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01 };
static const uint8_t T5[8] = { 0x80, 0x81, 0xff, 0x00, 0x78, 0x01, 0x00, 0x01 };

/* Run a one-word scan of mem at offset 0 and return its record. */
static struct wv_scan scan1(const struct wv_variant *v, const uint8_t *mem,
			    struct wv_word *wd)
{
	struct wv_scan s;

	assert_int_equal(wv_wat_scan(v, mem, wv_wat_bytes(v), 0, -1, wd, 1, &s), 0);
	assert_true(s.found);
	assert_int_equal(s.nwords, 1);
	return s;
}

static void t1_x86_64(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("x86-64-v6.10");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1, &wd);

	assert_int_equal(wd.value, 0x0000006463006261);
	assert_int_equal(wd.value - wv_ones(64), 0xfefeff6361ff6160);
	assert_int_equal(wd.has_zero, 0x8080800000800000);
	assert_int_equal(s.create_zero_mask, 0x000000000000ffff);
	assert_int_equal(s.create_zero_mask * WV_COUNT_MASKED_MUL, 0x020202020202f9f8);
	assert_int_equal(s.find_zero, 2);
	assert_int_equal(s.length, 2);
	assert_int_equal(s.zero_bytemask, 0xffff);
}

static void t1_ffs(void **state)
{
	(void)state;
	static const char *const names[] = { "x86-64", "arm64" };

	for (size_t i = 0; i < 2; i++) {
		const struct wv_variant *v = variant(names[i]);
		struct wv_word wd;
		struct wv_scan s = scan1(v, T1, &wd);

		assert_int_equal(wv_ctz(wd.has_zero, 64), 23);
		assert_int_equal(s.find_zero, 2);
		assert_int_equal(s.zero_bytemask, 0xffff);
	}
}

static void t1_be64(void **state)
{
	(void)state;
	static const char *const names[] = { "generic-be64", "ppc64" };

	for (size_t i = 0; i < 2; i++) {
		const struct wv_variant *v = variant(names[i]);
		struct wv_word wd;
		struct wv_scan s = scan1(v, T1, &wd);

		assert_int_equal(wd.value, 0x6162006364000000);
		assert_int_equal(wd.data, 0x7f7f7f7f7f7f7f7f);
		assert_int_equal(wd.has_zero, 0x0000800000808080);
		assert_int_equal(s.prep_zero_mask, 0x0000800000808080);
		assert_int_equal(s.find_zero, 2);
		assert_int_equal(s.zero_bytemask, 0xffff000000000000);
	}
}

static void t1_ppc64le(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("ppc64le");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1, &wd);

	assert_int_equal(wd.has_zero, 0xffffff0000ff0000);
	assert_int_equal(wd.data, 0xffffff0000ff0000);
	assert_int_equal(s.create_zero_mask, 16);
	assert_int_equal(s.find_zero, 2);
	assert_int_equal(s.zero_bytemask, 0xffff);
}

static void t1_alpha(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("alpha");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1, &wd);

	assert_int_equal(wd.has_zero, 0xe4);
	assert_int_equal(s.find_zero, 2);
	assert_int_equal(s.zero_bytemask, 0x1ffff);
}

static void t1_s390(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("s390");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1, &wd);

	assert_int_equal(wd.data, 0x0000800000808080);
	assert_int_equal(s.create_zero_mask, 47);
	assert_int_equal(s.find_zero, 2);
	assert_int_equal(s.zero_bytemask, 0xffff000000000000);
}

static void t1_x86_32(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("x86-32");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1_32, &wd);

	assert_int_equal(wd.value, 0x63006261);
	assert_int_equal(wd.has_zero, 0x00800000);
	assert_int_equal(s.create_zero_mask, 0x0000ffff);
	assert_int_equal(s.find_zero, 2);
}

static void t1_be32(void **state)
{
	(void)state;
	const struct wv_variant *v = variant("generic-be32");
	struct wv_word wd;
	struct wv_scan s = scan1(v, T1_32, &wd);

	assert_int_equal(wd.value, 0x61620063);
	assert_int_equal(wd.has_zero, 0x00008000);
	assert_int_equal(s.find_zero, 2);
	assert_int_equal(s.zero_bytemask, 0xffff0000);
}

static void t2(void **state)
{
	(void)state;
	struct wv_word wd;
	struct wv_scan s = scan1(variant("x86-64-v6.10"), T2, &wd);

	assert_int_equal(wd.has_zero, 0x8080808080808000);
	assert_int_equal(wv_exact_zero(wd.value, 64), 0x8000800080008000);
	assert_int_equal(s.find_zero, 1);

	s = scan1(variant("generic-be64"), T2, &wd);
	assert_int_equal(wd.has_zero, 0x8080808080808080);
	assert_int_equal(wv_clz(wd.has_zero, 64) / 8, 0);	/* the top flag lies */
	assert_int_equal(s.prep_zero_mask, 0x0080008000800080);
	assert_int_equal(s.find_zero, 1);

	s = scan1(variant("s390"), T2, &wd);
	assert_int_equal(s.create_zero_mask, 55);
	assert_int_equal(s.find_zero, 1);
}

static void t3(void **state)
{
	(void)state;
	struct wv_word wd;
	struct wv_scan s = scan1(variant("x86-64-v6.10"), T3, &wd);

	assert_int_equal(wd.value - wv_ones(64), UINT64_MAX);
	assert_int_equal(wd.has_zero, 0x8080808080808080);
	assert_int_equal(s.find_zero, 0);
}

static void t5(void **state)
{
	(void)state;
	struct wv_word wd;
	struct wv_scan s = scan1(variant("x86-64-v6.10"), T5, &wd);

	assert_int_equal(wd.has_zero, 0x8080000080000000);
	assert_int_equal(s.find_zero, 3);

	s = scan1(variant("generic-be64"), T5, &wd);
	assert_int_equal(wd.data, 0xffffff7f7f7f7f7f);
	assert_int_equal(wd.has_zero, 0x0000008000808000);
	assert_int_equal(s.prep_zero_mask, 0x0000008000008000);
	assert_int_equal(s.find_zero, 3);
}

/* The BE example of "where the cheap one lies": 61 01 00 62 63 64 65 66. */
static void be_lie(void **state)
{
	(void)state;
	static const uint8_t m[8] = { 0x61, 0x01, 0x00, 0x62, 0x63, 0x64, 0x65, 0x66 };
	struct wv_word wd;
	struct wv_scan s = scan1(variant("ppc64"), m, &wd);

	assert_int_equal(wd.has_zero, 0x0080800000000000);
	assert_int_equal(wv_clz(wd.has_zero, 64) / 8, 1);
	assert_int_equal(s.prep_zero_mask, 0x0000800000000000);
	assert_int_equal(s.find_zero, 2);
}

static void multiply_products(void **state)
{
	(void)state;
	static const uint64_t product[8] = {
		0, 0x01010101010101f8, 0x020202020202f9f8, 0x0303030303faf9f8,
		0, 0, 0, 0x07fefdfcfbfaf9f8,
	};

	for (unsigned k = 0; k < 8; k++) {
		uint64_t mask = k ? (UINT64_C(1) << (8 * k)) - 1 : 0;

		if (product[k] || k == 0)
			assert_int_equal(mask * WV_COUNT_MASKED_MUL, product[k]);
		assert_int_equal(wv_count_masked_bytes64(mask), k);
	}
}

static void add_trick(void **state)
{
	(void)state;
	assert_int_equal((UINT64_C(0x00ff0001) + 0) >> 23, 1);
	assert_int_equal(wv_count_masked_bytes32(0), 0);
	assert_int_equal(wv_count_masked_bytes32(0xff), 1);
	assert_int_equal(wv_count_masked_bytes32(0xffff), 2);
	assert_int_equal(wv_count_masked_bytes32(0xffffff), 3);
}

/* hash_name on "usr/bin\0", little-endian 64. */
static void hash_name_usr_bin(void **state)
{
	(void)state;
	static const uint8_t m[8] = { 'u', 's', 'r', '/', 'b', 'i', 'n', 0 };
	struct wv_word wd;
	struct wv_scan s;

	assert_int_equal(wv_wat_scan(variant("x86-64-v6.10"), m, 8, 0, '/', &wd, 1, &s), 0);
	assert_int_equal(wd.value, 0x006e69622f727375);
	assert_int_equal(wd.delim_value, 0x2f41464d005d5c5a);
	assert_int_equal(wd.has_zero, 0x8000000000000000);
	assert_int_equal(wd.delim_has_zero, 0x0000000080000000);
	assert_int_equal(s.create_zero_mask, 0xffffff);
	assert_int_equal(s.find_zero, 3);
	assert_int_equal(s.length, 3);
	assert_int_equal(wd.value & s.zero_bytemask, 0x727375);
}

/* strnlen_user with the string at offset 3 of 78 79 00 01 51 00 7a 7a. */
static void strnlen_user_offset(void **state)
{
	(void)state;
	static const uint8_t m[8] = { 0x78, 0x79, 0x00, 0x01, 0x51, 0x00, 0x7a, 0x7a };
	struct wv_word wd;
	struct wv_scan s;

	assert_int_equal(wv_wat_scan(variant("x86-64-v6.10"), m, 8, 3, -1, &wd, 1, &s), 0);
	assert_int_equal(wv_cheap_zero(wd.loaded, 64), 0x0000800080800000);
	assert_int_equal(wd.value, 0x7a7a005101ffffff);
	assert_int_equal(wd.has_zero, 0x0000800000000000);
	assert_int_equal(s.find_zero, 5);
	assert_int_equal(s.length, 2);
}

static void aligned_byte_masks(void **state)
{
	(void)state;
	assert_int_equal(wv_wat_aligned_byte_mask(variant("x86-64-v6.10"), 0), 0);
	assert_int_equal(wv_wat_aligned_byte_mask(variant("x86-64-v6.10"), 3), 0xffffff);
	assert_int_equal(wv_wat_aligned_byte_mask(variant("ppc64"), 0), 0);
	assert_int_equal(wv_wat_aligned_byte_mask(variant("ppc64"), 1),
			 0xff00000000000000);
	assert_int_equal(wv_wat_aligned_byte_mask(variant("ppc32"), 3), 0xffffff00);
	assert_int_equal(wv_wat_aligned_byte_mask(variant("x86-32"), 3), 0xffffff);
}

/* A hex commit id of 12 or more digits in s. */
static bool names_commit(const char *s)
{
	for (size_t run = 0; *s; s++) {
		bool hex = (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f');

		run = hex ? run + 1 : 0;
		if (run >= 12)
			return true;
	}
	return false;
}

static void table(void **state)
{
	(void)state;
	static const char *const names[] = {
		"x86-64", "x86-64-v6.10", "x86-32", "generic-le64", "generic-le32",
		"generic-be64", "generic-be32", "ppc64", "ppc32", "ppc64le",
		"arm", "arm64", "arm64-v6.10", "riscv64", "alpha", "s390",
	};

	assert_int_equal(wv_wat_count(), 16);
	for (size_t i = 0; i < 16; i++) {
		const struct wv_variant *v = variant(names[i]);
		size_t n = strlen(v->era);

		assert_ptr_equal(v, wv_wat_at(i));
		assert_string_equal(v->name, names[i]);
		assert_true(v->bits == 32 || v->bits == 64);
		assert_non_null(v->kernel_path);
		assert_non_null(v->has_zero);
		assert_non_null(v->zero_bytemask);
		/* the era is a release range; kernel_version repeats it, then the
		   commits: "since v6.11, 4b8fa1173cdc" */
		assert_non_null(strstr(v->era, "v"));
		if (strncmp(v->kernel_version, v->era, n) != 0 ||
		    strncmp(v->kernel_version + n, ", ", 2) != 0 ||
		    !names_commit(v->kernel_version + n))
			fail_msg("%s: kernel_version \"%s\" is not its era \"%s\", a comma "
				 "and a commit", v->name, v->kernel_version, v->era);
	}
	/* a name without a version is today's kernel: x86-64 and arm64 find
	   the zero with __ffs since v6.11; their older forms keep the version
	   they ended with, and the old names still work */
	assert_int_equal(variant("x86-64")->find_kind, WV_FIND_FFS);
	assert_int_equal(variant("arm64")->find_kind, WV_FIND_FFS);
	assert_int_equal(variant("x86-64-v6.10")->find_kind, WV_FIND_MUL);
	assert_int_equal(variant("arm64-v6.10")->find_kind, WV_FIND_FLS);
	assert_string_equal(variant("x86-64")->era, "since v6.11");
	assert_string_equal(variant("arm64")->era, "since v6.11");
	assert_string_equal(variant("x86-64-v6.10")->era, "v3.5 to v6.10");
	assert_ptr_equal(wv_wat_find("x86"), wv_wat_find("x86-64"));
	assert_ptr_equal(wv_wat_find("x86-64-ffs"), wv_wat_find("x86-64"));
	assert_ptr_equal(wv_wat_find("arm64-ffs"), wv_wat_find("arm64"));
	assert_ptr_equal(wv_wat_find("ppc"), wv_wat_find("ppc64"));
	assert_ptr_equal(wv_wat_find("powerpc"), wv_wat_find("ppc64"));
	assert_null(wv_wat_find("x86-6"));
	assert_null(wv_wat_find(""));
	assert_null(wv_wat_find("ppc powerpc"));
	assert_null(wv_wat_at(16));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t1_x86_64),
		cmocka_unit_test(t1_ffs),
		cmocka_unit_test(t1_be64),
		cmocka_unit_test(t1_ppc64le),
		cmocka_unit_test(t1_alpha),
		cmocka_unit_test(t1_s390),
		cmocka_unit_test(t1_x86_32),
		cmocka_unit_test(t1_be32),
		cmocka_unit_test(t2),
		cmocka_unit_test(t3),
		cmocka_unit_test(t5),
		cmocka_unit_test(be_lie),
		cmocka_unit_test(multiply_products),
		cmocka_unit_test(add_trick),
		cmocka_unit_test(hash_name_usr_bin),
		cmocka_unit_test(strnlen_user_offset),
		cmocka_unit_test(aligned_byte_masks),
		cmocka_unit_test(table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
