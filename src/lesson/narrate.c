/*
 * Narration: a scene's text and question with their placeholders filled from
 * a trace ({find_zero}, {arch}, ...).  A placeholder named after an ask takes
 * that question's answer (grade.c, through lesson/lesson.h).
 * May call: lesson.h (the ask names).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/lesson.h"

#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "measure/measure.h"

/* ---- narration filled from the trace ------------------------------------- */

/* The value of placeholder name on trace t, as text ("?" for an ask in
   hide, the asks 1 << enum wv_ask drawn hidden); -1 when it has none. */
static int placeholder_value(const struct wv_scene *s, const struct wv_trace *t,
			     unsigned hide, const char *memory, const char *name,
			     char *buf, size_t size)
{
	if (strcmp(name, "memory") == 0) {	/* what the memory is drawn as */
		snprintf(buf, size, "%s", memory);
		return 0;
	}
	if (strcmp(name, "arch") == 0) {
		snprintf(buf, size, "%s", t->v->name);
		return 0;
	}
	if (strcmp(name, "word_bytes") == 0 || strcmp(name, "word_bits") == 0) {
		snprintf(buf, size, "%u", name[5] == 'b' && name[6] == 'y'
			 ? t->word_bytes : t->v->bits);
		return 0;
	}
	if (strcmp(name, "offset") == 0) {
		snprintf(buf, size, "%zu", t->in.offset);
		return 0;
	}
	if (strcmp(name, "answer_address") == 0) {
		if (!t->scan.found)
			return -1;
		/* the terminator's address is where find_zero and the length
		   point */
		if (hide & (1u << WV_ASK_FIND | 1u << WV_ASK_LENGTH))
			snprintf(buf, size, "?");
		else
			snprintf(buf, size, "%zu", t->answer);
		return 0;
	}
	/* the core's counts (watviz/cost.h): the byte loop's compares for one
	   word's bytes, and the four calls after the loop */
	if (strcmp(name, "byte_ops") == 0 || strcmp(name, "after_ops") == 0) {
		snprintf(buf, size, "%u", name[0] == 'b' ? t->cost.byte_test : t->cost.after);
		return 0;
	}
	if (strcmp(name, "has_zero_formula") == 0) {	/* as the kernel writes it */
		snprintf(buf, size, "%s", wv_cost_formula(t->v, WV_COST_HAS_ZERO));
		return 0;
	}
	if (strcmp(name, "nwords") == 0) {
		snprintf(buf, size, "%zu", t->nwords);
		return 0;
	}
	if (strcmp(name, "dcache") == 0) {
		wv_trace_dcache_sentence(t->v, buf, size);
		return 0;
	}
	if (strcmp(name, "zeropad") == 0) {
		wv_trace_zeropad_sentence(t->v, buf, size);
		return 0;
	}
	/* lists of the whole table's variants that share a property */
	if (strcmp(name, "cheap_be_variants") == 0) {
		wv_trace_cheap_be_names(t->v, buf, size);
		return 0;
	}
	if (strcmp(name, "cheap_le_variants") == 0) {
		wv_trace_cheap_le_names(t->v, buf, size);
		return 0;
	}
	if (strcmp(name, "exact_loop_variants") == 0) {
		wv_trace_exact_loop_names(t->v, buf, size);
		return 0;
	}
	if (strcmp(name, "create_forms") == 0) {
		wv_trace_create_forms(t->v, buf, size);
		return 0;
	}
	if (strcmp(name, "delim") == 0) {
		if (t->in.delim < 0)
			return -1;
		snprintf(buf, size, "0x%02x", (unsigned)t->in.delim);
		return 0;
	}
	for (unsigned i = 1; i < NASKS; i++) {
		struct wv_scene q;
		struct wv_answer a;

		if (strcmp(name, ls_asks[i].name) != 0)
			continue;
		q = *s;
		q.q.ask = (enum wv_ask)i;
		q.q.form = WV_FORM_AUTO;
		if (wv_lesson_answer(&q, t, &a) != 0)
			return -1;
		if (hide & (1u << i))
			snprintf(buf, size, "?");
		else
			wv_lesson_format(&a, a.value, buf, size);
		return 0;
	}
	return -1;
}

/* src with its placeholders filled, appended to out[*used..size). */
static int fill(const struct wv_scene *s, const struct wv_trace *t, unsigned hide,
		const char *memory, const char *src, char *out, size_t size, size_t *used,
		const char **bad)
{
	static char badname[24];

	while (*src) {
		const char *close = *src == '{' ? strchr(src, '}') : NULL;
		char name[24], val[600];
		size_t n;

		if (close && (size_t)(close - src - 1) < sizeof(name)) {
			snprintf(name, sizeof(name), "%.*s", (int)(close - src - 1), src + 1);
			if (s->measure >= 0 && wv_measure_placeholder(name)) {
				/* a measure scene's figures: kept for the screen
				   or the handout to fill (wv_measure_fill) */
				snprintf(val, sizeof(val), "{%s}", name);
			} else if (placeholder_value(s, t, hide, memory, name, val,
						     sizeof(val)) != 0) {
				if (bad) {
					snprintf(badname, sizeof(badname), "%s", name);
					*bad = badname;
				}
				return -1;
			}
			n = strlen(val);
			if (*used + n < size) {
				memcpy(out + *used, val, n);
				*used += n;
			}
			src = close + 1;
			continue;
		}
		if (*used + 1 < size)
			out[(*used)++] = *src;
		src++;
	}
	out[*used < size ? *used : size - 1] = '\0';
	return 0;
}

int wv_lesson_narrate_hiding(const struct wv_scene *s, const struct wv_trace *t,
			     unsigned hide, const char *memory, char *out, size_t size,
			     const char **bad)
{
	size_t used = 0;
	bool be = t->v->endian == WV_BIG;

	if (size == 0)
		return -1;
	out[0] = '\0';
	for (size_t i = 0; i < s->npara; i++) {
		const struct wv_para *pa = &s->para[i];

		if ((pa->when == WV_WHEN_LE && be) || (pa->when == WV_WHEN_BE && !be))
			continue;
		if (used && used + 1 < size)
			out[used++] = '\n';
		if (fill(s, t, hide, memory, pa->text ? pa->text : "", out, size, &used,
			 bad) != 0)
			return -1;
	}
	out[used < size ? used : size - 1] = '\0';
	return 0;
}

int wv_lesson_narrate(const struct wv_scene *s, const struct wv_trace *t,
		      char *out, size_t size, const char **bad)
{
	return wv_lesson_narrate_hiding(s, t, 0, WV_MEMORY_PANEL, out, size, bad);
}

int wv_lesson_prompt_hiding(const struct wv_scene *s, const struct wv_trace *t,
			    unsigned hide, const char *memory, char *out, size_t size,
			    const char **bad)
{
	size_t used = 0;

	if (size == 0)
		return -1;
	out[0] = '\0';
	return fill(s, t, hide, memory, s->q.prompt ? s->q.prompt : "", out, size,
		    &used, bad);
}

int wv_lesson_prompt(const struct wv_scene *s, const struct wv_trace *t,
		     char *out, size_t size, const char **bad)
{
	return wv_lesson_prompt_hiding(s, t, 0, WV_MEMORY_PANEL, out, size, bad);
}
