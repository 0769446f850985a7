/*
 * Fuzz the word parser and everything a word goes through: the escape
 * parser, the byte parser of --fill/--delim, the memory image, the trace on a
 * variant picked by the input, and the renderers (text, JSON, HTML).  Checks the trace's answer
 * against a byte loop over the image.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "render/html.h"
#include "render/json.h"
#include "render/plain.h"
#include "trace/trace.h"
#include "trace/word.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t word[WV_WORD_MAX], b;
	size_t len;
	struct wv_error e;

	if (size < 3)
		return 0;
	const struct wv_variant *v = wv_wat_at(data[0] % wv_wat_count());
	size_t offset = data[1] % wv_wat_bytes(v);
	int delim = data[2] & 1 ? data[2] : -1;
	char *s = fuzz_string(data + 3, size - 3);

	(void)wv_word_parse_byte(s, &b, &e);
	if (wv_word_parse(s, word, &len, &e) != 0) {
		FUZZ_CHECK(e.col >= 1 && e.msg[0]);
		free(s);
		return 0;
	}
	FUZZ_CHECK(len <= WV_WORD_MAX);
	struct wv_trace_in in = { .v = v, .word = word, .word_len = len,
				  .offset = offset, .fill = data[1], .delim = delim };
	struct wv_trace t;

	FUZZ_CHECK(wv_trace_build(&t, &in) == 0);
	/* the byte loop over the image */
	size_t i = offset;

	while (i < t.img.len && t.img.mem[i] != 0 && (delim < 0 || t.img.mem[i] != delim))
		i++;
	FUZZ_CHECK(t.scan.found);
	FUZZ_CHECK(t.scan.length == i - offset);
	FUZZ_CHECK(t.nsubs > 0 && t.nsteps > 0);

	struct wv_plain_opts po = { .color = data[2] & 2, .word_src = s };

	FUZZ_CHECK(wv_plain_render(fuzz_sink(), &t, &po) == 0);
	FUZZ_CHECK(wv_json_write(fuzz_sink(), &t) == 0);
	FUZZ_CHECK(wv_html_trace(fuzz_sink(), &t, &(struct wv_html_opts){ .word_src = s }) == 0);
	wv_trace_free(&t);
	free(s);
	return 0;
}
