/*
 * The page edge: an unmapped page after byte page_end of the image.  For
 * every variant, every string start and every page-end position over two
 * words, with and without a delimiter:
 *   - the scan's length equals the byte loop's,
 *   - do_strnlen_user's aligned loads never cross the edge,
 *   - a hash_name load that crosses it comes back through the zeropad fixup
 *     as the bytes before the edge followed by zeros, in load order.
 * Expected values come from byte loops written here, never from the code
 * under test.  The core gets a buffer that ends at the edge, so a read past
 * it is an out-of-bounds read under `make asan`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <string.h>

#include "trace/trace.h"
#include "trace/word.h"

#define MAXW 4

/* The word a load at addr would give, memory byte by byte: bytes at or past
   edge are zero (what the fixup must produce), in v's load order. */
static uint64_t ref_zeropad(const struct wv_variant *v, const uint8_t *mem,
			    size_t addr, size_t edge)
{
	unsigned nb = wv_wat_bytes(v);
	uint64_t w = 0;

	for (unsigned i = 0; i < nb; i++) {
		uint64_t byte = addr + i < edge ? mem[addr + i] : 0;
		unsigned pos = v->endian == WV_LITTLE ? i : nb - 1 - i;

		w |= byte << (8 * pos);
	}
	return w;
}

/*
 * Scan a string of len bytes (never 0, except where tested) at off, with the
 * page edge at edge, on v; mem holds the first edge bytes of the image.
 */
static void check_scan(const struct wv_variant *v, const uint8_t *img,
		       size_t edge, size_t off, int delim)
{
	unsigned nb = wv_wat_bytes(v);
	uint8_t *mem = malloc(edge);	/* exactly the mapped bytes */
	struct wv_word words[MAXW];
	struct wv_scan s;
	size_t want = ref_find(img, edge, off, delim);
	bool crossed = false;

	assert_non_null(mem);
	memcpy(mem, img, edge);
	assert_int_equal(wv_wat_scan_page(v, mem, edge, edge, off, delim, words,
					  MAXW, &s), 0);
	assert_true(want < edge);	/* the caller puts a NUL before the edge */
	assert_true(s.found);
	assert_int_equal(s.length, want - off);
	assert_int_equal(s.page_end, edge);
	for (size_t i = 0; i < s.nwords; i++) {
		const struct wv_word *wd = &words[i];

		if (delim < 0) {
			/* aligned, and wholly before the edge */
			assert_int_equal(wd->address % nb, 0);
			assert_true(wd->address + nb <= edge);
			assert_false(wd->zeropad);
			continue;
		}
		assert_int_equal(wd->address, off + i * nb);
		assert_int_equal(wd->zeropad, wd->address + nb > edge);
		assert_int_equal(wd->loaded, ref_zeropad(v, img, wd->address, edge));
		if (wd->zeropad) {
			crossed = true;
			assert_int_equal(wd->aligned,
					 ref_zeropad(v, img, wd->address - off, edge));
		}
	}
	/* hash_name crosses exactly when the word holding the answer does */
	if (delim >= 0)
		assert_int_equal(crossed,
				 off + (want - off) / nb * nb + nb > edge);
	free(mem);
}

/* Every variant, start, length and edge over two words; three fills. */
static void every_edge(void **state)
{
	static const uint8_t fills[] = { 0x00, 0x2f, 0xff };
	(void)state;

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);
		unsigned nb = wv_wat_bytes(v);

		for (size_t off = 0; off < nb; off++)
			for (size_t len = 0; off + len + 1 <= 2 * nb; len++)
				for (size_t edge = nb; edge <= 2 * nb; edge += nb) {
					if (off + len + 1 > edge)
						continue;
					for (size_t fi = 0; fi < sizeof(fills); fi++) {
						uint8_t img[16];

						memset(img, fills[fi], sizeof(img));
						for (size_t i = 0; i < len; i++)
							img[off + i] = (uint8_t)('a' + i);
						img[off + len] = 0;
						check_scan(v, img, edge, off, -1);
						check_scan(v, img, edge, off, '/');
						/* a delimiter in the middle */
						if (len >= 2) {
							img[off + len / 2] = '/';
							check_scan(v, img, edge, off, '/');
						}
					}
				}
	}
}

/* The fixup on its own, as docs/SOURCES.md describes it (vectors). */
static void zeropad_vectors(void **state)
{
	static const uint8_t m[8] = { 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68 };
	uint64_t al;
	(void)state;

	assert_int_equal(wv_wat_zeropad(variant("x86-64"), m, 3, &al),
			 UINT64_C(0x0000006867666564));
	assert_int_equal(al, UINT64_C(0x6867666564636261));
	assert_int_equal(wv_wat_zeropad(variant("s390"), m, 3, &al),
			 UINT64_C(0x6465666768000000));
	assert_int_equal(wv_wat_zeropad(variant("x86-32"), m, 5, &al),
			 UINT64_C(0x00686766));
	assert_int_equal(wv_wat_zeropad(variant("generic-be32"), m, 5, &al),
			 UINT64_C(0x66676800));
	assert_int_equal(wv_wat_zeropad(variant("arm64"), m, 0, &al),
			 UINT64_C(0x6867666564636261));
}

static void bad_edges(void **state)
{
	const struct wv_variant *v = variant("x86-64");
	uint8_t mem[16] = { 'a', 0 };
	struct wv_word w[2];
	struct wv_scan s;
	(void)state;

	assert_int_equal(wv_wat_scan_page(v, mem, 16, 12, 0, -1, w, 2, &s), -EINVAL);
	assert_int_equal(wv_wat_scan_page(v, mem, 8, 16, 0, -1, w, 2, &s), -EINVAL);
	assert_int_equal(wv_wat_scan_page(v, mem, 16, 8, 0, '/', w, 2, &s), 0);
}

/* Through the step engine: the image, the steps and their values. */
static void trace_edges(void **state)
{
	(void)state;

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);
		unsigned nb = wv_wat_bytes(v);

		for (size_t off = 0; off < nb; off++)
			for (size_t len = 0; off + len + 1 <= 2 * nb; len++)
				for (size_t edge = nb; edge <= 2 * nb; edge += nb) {
					uint8_t word[16];

					if (off + len + 1 > edge)
						continue;
					for (size_t i = 0; i < len; i++)
						word[i] = (uint8_t)('a' + i);
					for (int delim = -1; delim <= '/'; delim += '/' + 1) {
						struct wv_trace t;
						struct wv_trace_in in = {
							.v = v, .word = word, .word_len = len,
							.offset = off, .fill = 0x55, .delim = delim,
							.page_end = edge,
						};
						size_t zp = 0;

						assert_int_equal(wv_trace_build(&t, &in), 0);
						assert_int_equal(t.scan.length, len);
						assert_int_equal(t.img.len, edge + nb);
						for (size_t i = 0; i < t.img.len; i++)
							assert_int_equal(t.img.role[i] == WV_MEM_UNMAPPED,
									 i >= edge);
						/* no sentence cut off at its buffer's end */
						for (size_t i = 0; i < t.nsubs; i++)
							assert_true(strlen(t.subs[i].text) + 1 < WV_TEXT_MAX);
						for (size_t i = 0; i < t.nsteps; i++) {
							const struct wv_step *st = &t.steps[i];
							const struct wv_word *wd = &t.words[st->word];

							assert_true(strlen(st->text) + 1 < WV_TEXT_MAX);

							if (st->kind == WV_STEP_LOAD && delim < 0)
								assert_true(wd->address + nb <= edge);
							if (st->kind != WV_STEP_ZEROPAD)
								continue;
							zp++;
							assert_true(wd->address + nb > edge);
							assert_int_equal(st->result,
									 ref_zeropad(v, t.img.mem, wd->address, edge));
						}
						/* hash_name from off: the NUL's word crosses? */
						assert_int_equal(zp, delim >= 0 &&
								 off + len / nb * nb + nb > edge);
						wv_trace_free(&t);
					}
				}
	}
}

/* The trace refuses an edge that is not on a word boundary or comes too soon. */
static void trace_refuses(void **state)
{
	struct wv_trace t;
	struct wv_trace_in in = { .v = variant("x86-64"), .word = (const uint8_t *)"ab",
				  .word_len = 2, .offset = 3, .delim = '/' };
	(void)state;

	in.page_end = 12;
	assert_int_equal(wv_trace_build(&t, &in), -EINVAL);
	in.page_end = 5;	/* the NUL is at 5 */
	assert_int_equal(wv_trace_build(&t, &in), -EINVAL);
	in.offset = 5;
	in.page_end = 8;	/* NUL at 7: fits */
	assert_int_equal(wv_trace_build(&t, &in), 0);
	wv_trace_free(&t);
	in.page_end = WV_PAGE_END_MAX + 8;
	assert_int_equal(wv_trace_build(&t, &in), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_edge),
		cmocka_unit_test(zeropad_vectors),
		cmocka_unit_test(bad_edges),
		cmocka_unit_test(trace_edges),
		cmocka_unit_test(trace_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
