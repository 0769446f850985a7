/*
 * Lesson files (lessons/README.md) by job: parse.c reads one, check.c
 * loads it (the parser, then the checks that need a trace), narrate.c fills
 * its placeholders, grade.c answers its questions.  This file is what they
 * share: the names of the asks, freeing a lesson and reading its parts.
 * The lowest of them: it calls nothing in src/lesson/, and its lesson.h
 * gives the others struct wv_lesson and the question kinds' table, ls_asks.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lesson/lesson.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* The practice: constraints, in the order of their bits (lesson/lesson.h). */
const char *const wv_practice_names[WV_PRACTICE_NAMES] = {
	"yes", "false-positive", "no-false-positive", "no-zero", "nul-first",
	"nul-last", "top-flag-lies", "delim-first",
};

const struct ls_ask ls_asks[] = {
	[WV_ASK_NONE] = { "none", -1 },
	[WV_ASK_LOADED] = { "loaded", WV_STEP_LOAD },
	[WV_ASK_VALUE] = { "value", WV_STEP_PRESTART },
	[WV_ASK_HAS_ZERO] = { "has_zero", WV_STEP_HAS_ZERO },
	[WV_ASK_DATA] = { "data", WV_STEP_HAS_ZERO },
	[WV_ASK_DELIM_VALUE] = { "delim_value", WV_STEP_DELIM_HAS_ZERO },
	[WV_ASK_DELIM_HAS_ZERO] = { "delim_has_zero", WV_STEP_DELIM_HAS_ZERO },
	[WV_ASK_PREP] = { "prep_zero_mask", WV_STEP_PREP },
	[WV_ASK_CREATE] = { "create_zero_mask", WV_STEP_CREATE },
	[WV_ASK_FIND] = { "find_zero", WV_STEP_FIND },
	[WV_ASK_ZBM] = { "zero_bytemask", WV_STEP_ZBM },
	[WV_ASK_LENGTH] = { "length", WV_STEP_FIND },
	[WV_ASK_FALSE_POS] = { "false_positives", WV_STEP_HAS_ZERO },
	[WV_ASK_TOP_FLAG] = { "top_flag_byte", WV_STEP_HAS_ZERO },
	[WV_ASK_HAS_ZERO_OPS] = { "has_zero_ops", -1 },	/* no step's value */
	[WV_ASK_SUB_RESULT] = { "result", -1 },
	[WV_ASK_BUILD] = { "build", -1 },
};
/* a kind added after the last row fails here; a row left out in the
   middle is a hole of zeros, which test_lesson's every_ask_has_a_row
   finds */
_Static_assert(sizeof(ls_asks) / sizeof(ls_asks[0]) == WV_ASK_BUILD + 1,
	       "a row of ls_asks for every enum wv_ask");

const char *wv_lesson_ask_name(enum wv_ask ask)
{
	return (unsigned)ask < NASKS ? ls_asks[ask].name : "?";
}

bool wv_lesson_ask_in_rows(enum wv_ask ask)
{
	return ask != WV_ASK_NONE && ask != WV_ASK_BUILD && ask != WV_ASK_HAS_ZERO_OPS &&
	       (unsigned)ask < NASKS;
}

static void free_scene(struct wv_scene *s)
{
	free(s->title);
	free(s->word_src);
	free(s->word);
	for (size_t i = 0; i < s->npara; i++)
		free(s->para[i].text);
	for (size_t i = 0; i < s->nsources; i++)
		free(s->sources[i]);
	free(s->q.prompt);
}

void wv_lesson_free(wv_lesson *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->nscenes; i++)
		free_scene(&l->scenes[i]);
	free(l->title);
	free(l->summary);
	free(l);
}

const char *wv_lesson_title(const wv_lesson *l) { return l->title; }
const char *wv_lesson_summary(const wv_lesson *l) { return l->summary ? l->summary : ""; }
const struct wv_variant *wv_lesson_split(const wv_lesson *l) { return l->split; }
size_t wv_lesson_nscenes(const wv_lesson *l) { return l->nscenes; }
size_t wv_lesson_nvariants(const wv_lesson *l) { return l->nvariants; }

const struct wv_scene *wv_lesson_scene(const wv_lesson *l, size_t i)
{
	return i < l->nscenes ? &l->scenes[i] : NULL;
}

const struct wv_variant *wv_lesson_variant(const wv_lesson *l, size_t i)
{
	return i < l->nvariants ? l->variants[i] : NULL;
}

bool wv_lesson_allows(const wv_lesson *l, const struct wv_variant *v)
{
	for (size_t i = 0; i < l->nvariants; i++)
		if (l->variants[i] == v)
			return true;
	return false;
}

/* Append printf-style text at *n, never past size. */
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*n >= size)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *n, size - *n, fmt, ap);
	va_end(ap);
	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

char *wv_lesson_variants_text(const wv_lesson *l, char *buf, size_t size)
{
	size_t n = 0, kept = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < l->nscenes; i++)
		kept += l->scenes[i].variant != NULL;
	if (kept == l->nscenes && kept) {
		put(buf, size, &n, "fixed by each scene:");
	} else if (l->nvariants == wv_wat_count()) {
		put(buf, size, &n, "any");
	} else {
		for (size_t i = 0; i < l->nvariants; i++)
			put(buf, size, &n, "%s%s", i ? ", " : "", l->variants[i]->name);
	}
	for (size_t i = 0, k = 0, j; i < l->nscenes; i = j) {
		const struct wv_variant *v = l->scenes[i].variant;

		for (j = i + 1; j < l->nscenes && l->scenes[j].variant == v; j++)
			;
		if (!v)
			continue;
		put(buf, size, &n, "%s scene", k++ ? "," :
		    kept == l->nscenes ? "" : ";");
		if (j - i > 1)
			put(buf, size, &n, "s %zu-%zu keep %s", i + 1, j, v->name);
		else
			put(buf, size, &n, " %zu keeps %s", i + 1, v->name);
	}
	if (kept == l->nscenes && kept)
		put(buf, size, &n, "; --arch changes nothing");
	return buf;
}

/* true when every scene names its own variant: the lesson has none */
static bool every_scene_fixed(const wv_lesson *l)
{
	for (size_t i = 0; i < l->nscenes; i++)
		if (!l->scenes[i].variant)
			return false;
	return true;
}

void wv_lesson_scene_input(const wv_lesson *l, size_t i, const struct wv_variant *v,
			   struct wv_trace_in *in, bool *kept)
{
	const struct wv_scene *s = &l->scenes[i];

	if (!v)
		v = l->variants[0];
	if (kept)
		*kept = s->variant && s->variant != v && !every_scene_fixed(l);
	*in = (struct wv_trace_in){
		.v = s->variant ? s->variant : v,
		.word = s->word,
		.word_len = s->word_len,
		.offset = s->offset,
		.page_end = s->page_end,
		.fill = s->fill,
		.delim = s->delim,
	};
}
