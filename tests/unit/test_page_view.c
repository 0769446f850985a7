/*
 * The page edge drawn (issue 27 item 5), on every variant, every string
 * start and every edge over two words, with a delimiter (hash_name):
 *   - the faulting load is a sub-step of its own: a row of the bytes it
 *     wanted, the ones past the edge marked unmapped and highlighted;
 *   - every word row of that sub-step and of the fixup has memory headers
 *     that are right: register byte r of a row is the memory byte at
 *     row->address + its place in the word (r on little-endian, W-1-r on
 *     big-endian, written out here), or 0 past the edge;
 * and on the screen: the fixup's sub-steps name the addresses of each row
 * (@0.. for the aligned reload, @5.. for the shifted word), and the memory
 * panel lights the unaligned load's own range on its address row.
 * Expected bytes come from the image, byte by byte, never from the code
 * that builds the rows.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "render/json.h"
#include "render/screen.h"
#include "trace/trace.h"
#include "app/view.h"

/* Register byte r holds the memory byte this far into its word. */
static unsigned place(const struct wv_variant *v, unsigned r)
{
	return v->endian == WV_LITTLE ? r : wv_wat_bytes(v) - 1 - r;
}

/* Every word row of s shows, byte by byte, the memory its header names. */
static void rows_match_memory(const struct wv_trace *t, const struct wv_substep *s,
			      size_t edge)
{
	const struct wv_variant *v = t->v;
	unsigned nb = wv_wat_bytes(v);

	for (unsigned k = 0; k < s->nrows; k++) {
		const struct wv_row *row = &s->rows[k];

		if (row->width != v->bits)	/* a number: no memory columns */
			continue;
		for (unsigned r = 0; r < nb; r++) {
			size_t m = row->address + place(v, r);
			unsigned want = m < edge ? t->img.mem[m] : 0;
			unsigned got = (unsigned)(row->value >> (8 * r)) & 0xff;

			if (got != want)
				fail_msg("%s, '%s' in '%s': register byte %u is 0x%02x, "
					 "but its header says memory %zu, 0x%02x", v->name,
					 row->label, s->expr, r, got, m, want);
		}
	}
}

static void trace_rows(void **state)
{
	(void)state;
	size_t crossings = 0;

	for (size_t vi = 0; vi < wv_wat_count(); vi++) {
		const struct wv_variant *v = wv_wat_at(vi);
		unsigned nb = wv_wat_bytes(v);

		for (size_t off = 0; off < nb; off++)
			for (size_t len = 0; off + len + 1 <= 2 * nb; len++)
				for (size_t edge = nb; edge <= 2 * nb; edge += nb) {
					uint8_t word[16];
					struct wv_trace t;

					if (off + len + 1 > edge)
						continue;
					for (size_t i = 0; i < len; i++)
						word[i] = (uint8_t)('a' + i);
					assert_int_equal(wv_trace_build(&t, &(struct wv_trace_in){
						.v = v, .word = word, .word_len = len,
						.offset = off, .fill = 0x55, .delim = '/',
						.page_end = edge }), 0);
					for (size_t i = 0; i < t.nsteps; i++) {
						const struct wv_step *st = &t.steps[i];
						const struct wv_word *wd = &t.words[st->word];
						bool wanted = false;

						if (!wd->zeropad || (st->kind != WV_STEP_LOAD &&
								     st->kind != WV_STEP_ZEROPAD))
							continue;
						for (size_t k = st->first; k < st->first + st->nsub; k++) {
							const struct wv_substep *s = &t.subs[k];

							assert_true(s->mem_columns);
							rows_match_memory(&t, s, edge);
							for (unsigned j = 0; j < s->nrows; j++) {
								const struct wv_row *row = &s->rows[j];

								if (strcmp(row->label, "a (wanted)") != 0)
									continue;
								wanted = true;
								assert_int_equal(row->address, wd->address);
								/* past the edge: unmapped and lit */
								for (unsigned r = 0; r < nb; r++) {
									bool gone = wd->address + place(v, r) >= edge;
									uint8_t need = WV_MARK_UNMAPPED | WV_MARK_HILITE;

									assert_int_equal((row->bytes[r] & need) == need, gone);
								}
							}
						}
						if (st->kind == WV_STEP_LOAD) {
							assert_true(wanted);
							crossings++;
						}
					}
					wv_trace_free(&t);
				}
	}
	/* some load crossed the edge on every variant */
	assert_true(crossings >= wv_wat_count());
}

static struct wv_app app;
static struct wv_frame fr;

/* "ab" at offset 5, the edge at 8: hash_name's load is memory 5 to 12. */
static void start(void)
{
	struct wv_trace_in in = { .v = wv_wat_find("x86-64"),
				  .word = (const uint8_t *)"ab", .word_len = 2,
				  .offset = 5, .delim = '/', .page_end = 8 };

	assert_int_equal(wv_app_init(&app, in.word, 2, "ab", in.v, 5, 0, '/'), 0);
	assert_int_equal(wv_app_set_input(&app, &in, "ab"), 0);
}

/* The text of the first row at or after from that holds needle, or -1. */
static int row_from(int from, const char *needle)
{
	for (int y = from; y < fr.rows; y++)
		if (wv_frame_find(&fr, y, needle) >= 0)
			return y;
	return -1;
}

static void screen_headers(void **state)
{
	char line[200];
	int y;

	(void)state;
	start();
	wv_app_goto_step(&app, "zeropad_fixup:2", ":step");
	assert_false(app.msg_error);
	assert_int_equal(wv_frame_init(&fr, 30, 100), 0);
	wv_view_build(&fr, &app);
	/* the shift: the aligned word under @7..@0, the result under @12..@5 */
	y = row_from(0, "shr: aligned >>");
	assert_true(y >= 0);
	wv_frame_row_text(&fr, y + 1, line, sizeof(line));
	assert_non_null(strstr(line, "@7"));
	assert_true(strstr(line, "@7") < strstr(line, "@0"));
	y = row_from(y + 1, "@12");
	assert_true(y >= 0);
	wv_frame_row_text(&fr, y, line, sizeof(line));
	assert_true(strstr(line, "@12") < strstr(line, "@5"));
	assert_null(strstr(line, "@0 "));
	wv_frame_free(&fr);
	wv_app_free(&app);
}

static void memory_range(void **state)
{
	int y;

	(void)state;
	start();
	assert_int_equal(wv_frame_init(&fr, 30, 100), 0);
	wv_view_build(&fr, &app);
	y = row_from(0, "addr |");
	assert_true(y >= 0);
	/* the address row: 05..0c lit, the others not */
	for (unsigned i = 0; i < 16; i++) {
		char hex[4];
		int x;

		snprintf(hex, sizeof(hex), " %02x", i);
		x = wv_frame_find(&fr, y, hex);
		assert_true(x >= 0);
		assert_int_equal(wv_frame_at(&fr, y, x + 1)->role == WV_ROLE_HEADING,
				 i >= 5 && i < 13);
	}
	wv_frame_free(&fr);
	wv_app_free(&app);
}

/* --json says each row's memory: the aligned reload's is the aligned word */
static void json_address(void **state)
{
	char *j = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&j, &n);

	(void)state;
	start();
	assert_non_null(f);
	assert_int_equal(wv_json_write(f, &app.trace), 0);
	fclose(f);
	/* "ab" at 5 to 6, its NUL at 7: the aligned word at 0 is 00 00 00 00
	   00 61 62 00, read little-endian */
	assert_non_null(strstr(j, "\"label\": \"aligned\", \"kind\": \"result\", "
			       "\"width\": 64, \"value\": \"0x0062610000000000\", "
			       "\"address\": 0,"));
	assert_non_null(strstr(j, "\"label\": \"a (wanted)\", \"kind\": \"input\", "
			       "\"width\": 64, \"value\": \"0x0000000000006261\", "
			       "\"address\": 5,"));
	free(j);
	wv_app_free(&app);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trace_rows),
		cmocka_unit_test(screen_headers),
		cmocka_unit_test(memory_range),
		cmocka_unit_test(json_address),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
