/*
 * The split view traces its second variant on the first one's memory: the
 * same string at the same address, each word it loads holding the bytes the
 * first trace's memory holds there (issue 46).  Where that cannot be drawn
 * (the start lies past the second variant's first word, a page edge off its
 * word grid) the split is refused with a message that says so.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "watviz/trace.h"

static const uint8_t word[] = { 'a', 'b' };

/*
 * Every byte each word of u loaded, against t's memory at its address: the
 * same byte where t's image has one (and is mapped), the fill byte past it.
 */
static void same_memory(const struct wv_trace *t, const struct wv_trace *u,
			const char *what)
{
	assert_int_equal(u->img.offset, t->img.offset);
	for (size_t w = 0; w < u->nwords; w++) {
		const struct wv_word *wd = &u->words[w];

		for (unsigned r = 0; r < u->word_bytes; r++) {
			size_t at = wd->address + u->reg_to_mem[r];
			unsigned got = (unsigned)(wd->loaded >> (8 * r)) & 0xff;
			unsigned want = at < t->img.len ? t->img.mem[at] : t->in.fill;

			if (wd->zeropad || (at < t->img.len &&
					    t->img.role[at] == WV_MEM_UNMAPPED))
				continue;	/* no memory there */
			if (got != want)
				fail_msg("%s: %s's word %zu loads 0x%02x at memory "
					 "%zu, where %s has 0x%02x", what, u->v->name,
					 w, got, at, t->v->name, want);
		}
	}
}

/* Every pair of variants, every offset: drawn on one memory, or refused. */
static void test_split_same_memory(void **state)
{
	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++) {
		for (size_t j = 0; j < wv_wat_count(); j++) {
			const struct wv_variant *v = wv_wat_at(i), *s = wv_wat_at(j);

			for (size_t off = 0; off < wv_wat_bytes(v); off++) {
				struct wv_app app;
				char what[80];

				snprintf(what, sizeof(what), "%s at offset %zu, split %s",
					 v->name, off, s->name);
				assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab",
							     v, off, 0, -1), 0);
				wv_app_split(&app, s);
				if (off < wv_wat_bytes(s)) {
					if (!app.split_v)
						fail_msg("%s: refused: %s", what, app.msg);
					same_memory(&app.trace, &app.split, what);
				} else if (app.split_v) {
					same_memory(&app.trace, &app.split, what);
				} else {
					assert_non_null(strstr(app.msg, s->name));
					assert_non_null(strstr(app.msg, "offset"));
				}
				wv_app_free(&app);
			}
		}
	}
}

/* Opened first, the split then follows a change of offset the same way. */
static void test_split_follows_offset(void **state)
{
	const struct wv_variant *v = wv_wat_find("x86-64"), *s = wv_wat_find("x86-32");
	struct wv_app app;

	(void)state;
	assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab", v, 3, 0, -1), 0);
	wv_app_split(&app, s);
	assert_ptr_equal(app.split_v, s);
	app_command(&app, "offset 7", NULL);
	assert_int_equal(app.offset, 7);
	if (app.split_v) {
		same_memory(&app.trace, &app.split, "offset 7");
	} else {
		assert_non_null(strstr(app.msg, "x86-32"));
		assert_non_null(strstr(app.msg, "offset"));
	}
	wv_app_free(&app);
}

/* A page edge both word sizes can hold stays; one that only the first can
   is refused, naming both word sizes, never dropped without a word. */
static void test_split_page_end(void **state)
{
	static const struct {
		const char *first, *second;
		size_t page_end;
		bool kept;
	} cases[] = {
		{ "x86-32", "x86-64", 8, true },
		{ "x86-64", "x86-32", 8, true },
		{ "x86-32", "x86-64", 12, false },
		{ "x86-32", "ppc64", 4, false },
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct wv_variant *v = wv_wat_find(cases[c].first);
		const struct wv_variant *s = wv_wat_find(cases[c].second);
		struct wv_trace_in in = { .v = v, .word = word, .word_len = 2,
					  .offset = 1, .delim = -1,
					  .page_end = cases[c].page_end };
		struct wv_app app;

		assert_int_equal(wv_app_init(&app, word, sizeof(word), "ab", v, 1, 0,
					     -1), 0);
		assert_int_equal(wv_app_set_input(&app, &in, "ab"), 0);
		assert_int_equal(app.trace.img.page_end, cases[c].page_end);
		wv_app_split(&app, s);
		if (cases[c].kept) {
			assert_ptr_equal(app.split_v, s);
			assert_int_equal(app.split.img.page_end, cases[c].page_end);
			same_memory(&app.trace, &app.split, cases[c].first);
		} else {
			if (app.split_v)
				fail_msg("split %s over %s with page edge %zu: drawn "
					 "with edge %zu", s->name, v->name,
					 cases[c].page_end, app.split.img.page_end);
			assert_non_null(strstr(app.msg, "page edge"));
			assert_non_null(strstr(app.msg, "4-byte"));
			assert_non_null(strstr(app.msg, "8-byte"));
		}
		wv_app_free(&app);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_same_memory),
		cmocka_unit_test(test_split_follows_offset),
		cmocka_unit_test(test_split_page_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
