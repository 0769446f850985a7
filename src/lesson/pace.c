/*
 * How long a lesson takes; see lesson/pace.h for the formula.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/pace.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "lesson/lesson.h"
#include "trace/trace.h"

size_t wv_pace_words(const char *text)
{
	size_t n = 0;
	bool in = false;

	for (; text && *text; text++) {
		bool blank = *text == ' ' || *text == '\t' || *text == '\n';

		n += !blank && !in;
		in = !blank;
	}
	return n;
}

unsigned wv_pace_read_ms(size_t words)
{
	return (unsigned)((words * 60000 + WV_PACE_WPM - 1) / WV_PACE_WPM);
}

void wv_pace_estimate(struct wv_pace *p, size_t words, size_t scenes,
		      size_t questions)
{
	p->words = words;
	p->scenes = scenes;
	p->questions = questions;
	p->seconds = (unsigned)((words * 60 + WV_PACE_WPM - 1) / WV_PACE_WPM +
				scenes * WV_PACE_SCENE_S +
				questions * WV_PACE_QUESTION_S);
	p->minutes = (p->seconds + 59) / 60;
}

/* {memory}'s value: two words whatever the frame or sheet draws
   (WV_MEMORY_PANEL, _STRIP, _TABLE), counted as the panel's. */
static const char *memory_name(const struct wv_variant *v, char *buf, size_t size)
{
	(void)v;
	snprintf(buf, size, "%s", WV_MEMORY_PANEL);
	return buf;
}

/* {has_zero_formula}'s value: the formula as the kernel writes it. */
static const char *hz_formula(const struct wv_variant *v, char *buf, size_t size)
{
	snprintf(buf, size, "%s", wv_cost_formula(v, WV_COST_HAS_ZERO));
	return buf;
}

/* The placeholders that stand for more than one word on the variant. */
static const struct {
	const char *tag;
	const char *(*sentence)(const struct wv_variant *v, char *buf, size_t size);
} sentences[] = {
	{ "{dcache}", wv_trace_dcache_sentence },
	{ "{zeropad}", wv_trace_zeropad_sentence },
	{ "{memory}", memory_name },
	{ "{has_zero_formula}", hz_formula },
	{ "{cheap_be_variants}", wv_trace_cheap_be_names },
	{ "{cheap_le_variants}", wv_trace_cheap_le_names },
	{ "{exact_loop_variants}", wv_trace_exact_loop_names },
	{ "{create_forms}", wv_trace_create_forms },
};

/* The words the sentence placeholders (and {memory}) in text add beyond the one each
   counts as written. */
static size_t sentence_words(const char *text, const struct wv_variant *v)
{
	char sentence[600];
	size_t total = 0;

	for (size_t i = 0; i < sizeof(sentences) / sizeof(sentences[0]); i++) {
		size_t n = 0, each, len = strlen(sentences[i].tag);

		for (const char *t = text; (t = strstr(t, sentences[i].tag)) != NULL;
		     t += len)
			n++;
		if (!n)
			continue;
		each = wv_pace_words(sentences[i].sentence(v, sentence, sizeof(sentence)));
		total += n * (each ? each - 1 : 0);
	}
	return total;
}

int wv_pace_lesson(const wv_lesson *l, const struct wv_variant *v,
		   struct wv_pace *p)
{
	size_t n = wv_lesson_nscenes(l), words = 0, questions = 0;

	/*
	 * Counted as written, no trace built: a placeholder is one word, as
	 * its value is (a number, a hex word, a variant's name: never blank,
	 * never empty), so the count is the filled narration's.  {dcache} and
	 * {zeropad} are sentences: each counts as the words of its sentence
	 * on the scene's variant, and so is {has_zero_formula}; {memory} as its
	 * two ("memory panel").
	 */
	for (size_t i = 0; i < n; i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_trace_in in;
		bool be;

		wv_lesson_scene_input(l, i, v, &in, NULL);
		be = in.v->endian == WV_BIG;
		for (size_t k = 0; k < s->npara; k++)
			if (!(s->para[k].when == WV_WHEN_LE && be) &&
			    !(s->para[k].when == WV_WHEN_BE && !be))
				words += wv_pace_words(s->para[k].text) +
					 sentence_words(s->para[k].text, in.v);
		if (s->q.ask != WV_ASK_NONE) {
			questions++;
			words += wv_pace_words(s->q.prompt);
		}
	}
	wv_pace_estimate(p, words, n, questions);
	return 0;
}
