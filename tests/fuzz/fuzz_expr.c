/*
 * Fuzz the --try expression language: the parser on any bytes at 32 or 64
 * bits; on success, the text written back (for a program without
 * statements) must parse to the same function
 * (checked on a few words), many-at-once evaluation must equal one at a
 * time, and the formula as a --try claim must draw its steps on a word of
 * the input's choice through the plain renderer.  On failure the column must
 * lie inside the input (or just past its end) and a message be set.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "expr/expr.h"
#include "render/plain.h"
#include "try/try.h"
#include "watviz/wordops.h"

static struct wv_expr e, f;
static struct wv_try t;
static char text[1 << 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wv_error err;
	uint64_t val[WV_EXPR_NODES], many[WV_EXPR_NODES * 4], out[4];
	static const uint64_t words[4] = { 0, UINT64_C(0x0000006463006261),
					   UINT64_C(0x8180808080808080), UINT64_MAX };

	if (size < 2)
		return 0;
	unsigned w = data[0] & 1 ? 64 : 32;
	const struct wv_variant *v = wv_wat_at(data[1] % wv_wat_count());
	char *s = fuzz_string(data + 2, size - 2);
	uint64_t m = w == 64 ? UINT64_MAX : 0xffffffff;

	wv_expr_init(&e, w);
	if (wv_expr_parse(&e, s, &err) != 0) {
		FUZZ_CHECK(err.col >= 1 && (size_t)err.col <= size - 2 + 1 && err.msg[0]);
		FUZZ_CHECK(e.n == 1);
		free(s);
		return 0;
	}
	FUZZ_CHECK(e.root < e.n && e.n <= WV_EXPR_NODES);
	/* statements' names stand for their values in the text: no round trip */
	if (e.nnames == 1 && wv_expr_format(&e, e.root, text, sizeof(text)) < sizeof(text)) {
		wv_expr_init(&f, w);
		FUZZ_CHECK(wv_expr_parse(&f, text, &err) == 0);
		for (int i = 0; i < 4; i++)
			FUZZ_CHECK(wv_expr_eval(&e, words[i] & m, val) ==
				   wv_expr_eval(&f, words[i] & m, val));
	}
	uint64_t in[4] = { words[0] & m, words[1] & m, words[2] & m, words[3] & m };

	wv_expr_eval_many(&e, in, 4, many, out);
	for (int i = 0; i < 4; i++) {
		FUZZ_CHECK(out[i] == wv_expr_eval(&e, in[i], val));
		FUZZ_CHECK((out[i] & ~m) == 0);
	}
	if (wv_try_parse(&t, s, v, (enum wv_try_as)(data[0] >> 1) % 3, &err) == 0) {
		struct wv_trace tr;
		struct wv_plain_opts po = { .color = data[0] & 8 };

		FUZZ_CHECK(wv_try_trace(&t, v, words[data[0] >> 6 & 3] & wv_wmask(v->bits),
					&tr) == 0);
		for (size_t k = 0; k < tr.nsubs; k++)
			FUZZ_CHECK(wv_plain_substep(fuzz_sink(), &tr, k, &po) == 0);
		wv_trace_free(&tr);
	}
	free(s);
	return 0;
}
