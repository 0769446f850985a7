/*
 * Fuzz the lesson parser; a lesson it accepts must then run every scene on
 * every variant it allows and give an answer for every question.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "lesson/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wv_lesson *l = NULL;
	struct wv_error e;

	if (wv_lesson_parse((const char *)data, size, &l, &e) != 0) {
		FUZZ_CHECK(e.line >= 0 && e.msg[0]);
		return 0;
	}
	for (size_t vi = 0; vi < wv_lesson_nvariants(l); vi++)
		for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
			const struct wv_scene *s = wv_lesson_scene(l, i);
			struct wv_trace_in in;
			struct wv_trace t;
			struct wv_answer a;

			wv_lesson_scene_input(l, i, wv_lesson_variant(l, vi), &in, NULL);
			FUZZ_CHECK(wv_trace_build(&t, &in) == 0);
			FUZZ_CHECK(wv_lesson_shown_sub(s, &t) < t.nsubs);
			if (s->q.ask != WV_ASK_NONE) {
				FUZZ_CHECK(wv_lesson_answer(s, &t, &a) == 0);
				FUZZ_CHECK(wv_lesson_check(&a, "0x1", NULL) >= -1);
			}
			wv_trace_free(&t);
		}
	wv_lesson_free(l);
	return 0;
}
