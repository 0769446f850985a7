/*
 * The lesson handout: scenes, then the answers worked out from the traces.
 * Drawing is the plain renderer's; this file only orders what it draws.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/handout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/pace.h"
#include "watviz/plain.h"

#define WIDTH 78
#define SOURCES_MAX 128

/* The sources cited so far, numbered in order of first citation. */
struct cited {
	const char *src[SOURCES_MAX];
	size_t n;
};

/* The footnote number of src (from 1), adding it when new; 0 when full. */
static size_t cite(struct cited *c, const char *src)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->src[i], src) == 0)
			return i + 1;
	if (c->n == SOURCES_MAX)
		return 0;
	c->src[c->n++] = src;
	return c->n;
}

/* "Sources: [1] [3]" under a scene's narration. */
static void scene_sources(FILE *out, struct cited *c, const struct wv_scene *s)
{
	if (s->nsources == 0)
		return;
	fputs("Sources:", out);
	for (size_t i = 0; i < s->nsources; i++) {
		size_t k = cite(c, s->sources[i]);

		if (k)
			fprintf(out, " [%zu]", k);
	}
	fputc('\n', out);
}

static void underline(FILE *out, size_t n, char c)
{
	for (size_t i = 0; i < n && i < WIDTH; i++)
		fputc(c, out);
	fputc('\n', out);
}

/* Each '\n'-separated paragraph of text, wrapped, with a blank line between. */
static void paragraphs(FILE *out, unsigned indent, const char *text)
{
	char para[2048];

	while (text && *text) {
		size_t n = strcspn(text, "\n");

		if (n >= sizeof(para))
			n = sizeof(para) - 1;
		memcpy(para, text, n);
		para[n] = 0;
		wv_plain_wrap(out, indent, WIDTH, para);
		text += n;
		if (*text == '\n') {
			text++;
			fputc('\n', out);
		}
	}
}

static void variant_line(FILE *out, const wv_lesson *l, const struct wv_variant *v)
{
	char line[600];
	size_t n = 0;

	n += (size_t)snprintf(line, sizeof(line), "Variants:");
	if (wv_lesson_nvariants(l) == wv_wat_count())
		n += (size_t)snprintf(line + n, sizeof(line) - n, " any");
	for (size_t i = 0; wv_lesson_nvariants(l) < wv_wat_count() &&
			   i < wv_lesson_nvariants(l) && n < sizeof(line); i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", i ? "," : "",
				      wv_lesson_variant(l, i)->name);
	if (n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, ". Shown on %s%s.", v->name,
			 v == wv_lesson_variant(l, 0) ? "" : " (chosen with --arch)");
	wv_plain_wrap(out, 0, WIDTH, line);
	fputc('\n', out);
}

/* Does scene input b lay out memory as a did (same image, same word size)? */
static bool same_image(const struct wv_trace_in *a, const struct wv_trace_in *b)
{
	return a->v && a->v->bits == b->v->bits && a->v->endian == b->v->endian &&
	       a->word_len == b->word_len && a->offset == b->offset &&
	       a->fill == b->fill && a->delim == b->delim &&
	       memcmp(a->word, b->word, a->word_len) == 0;
}

/* The question of one scene, with its options when it has them. */
static void question(FILE *out, unsigned qn, const char *prompt,
		     const struct wv_answer *a)
{
	char line[1200], val[40];

	snprintf(line, sizeof(line), "Question %u: %s", qn, prompt);
	wv_plain_wrap(out, 0, WIDTH, line);
	if (a->form == WV_FORM_CHOICE) {
		for (unsigned i = 0; i < a->nchoices; i++) {
			wv_lesson_format(a, a->choices[i], val, sizeof(val));
			fprintf(out, "    %c) %s\n", 'a' + i, val);
		}
	} else if (a->form == WV_FORM_FORMULA) {
		fprintf(out, "    (answer with a formula over a; watviz --try checks it "
			"for every word)\n");
	} else {
		fprintf(out, "    (answer %s)\n", a->form == WV_FORM_HEX ?
			"in hex, such as 0x8080" : "with a number");
	}
	fputc('\n', out);
}

int wv_handout_render(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o)
{
	const struct wv_variant *v = o->variant ? o->variant : wv_lesson_variant(l, 0);
	struct wv_plain_opts po = { .color = o->color };
	struct wv_answer *answers;
	struct cited cited = { .n = 0 };
	char *text;
	size_t n = wv_lesson_nscenes(l);
	unsigned nq = 0;
	char head[300];
	struct wv_pace pace;
	int rc = 0;

	answers = calloc(n, sizeof(*answers));
	text = malloc(WV_NARRATION_MAX);
	if (!answers || !text) {
		free(answers);
		free(text);
		return -ENOMEM;
	}
	snprintf(head, sizeof(head), "watviz lesson %u: %s", o->number, wv_lesson_title(l));
	fprintf(out, "%s\n", head);
	underline(out, strlen(head), '=');
	if (wv_pace_lesson(l, v, &pace) == 0)
		fprintf(out, "About %u minutes: %zu scenes, %zu questions, %zu words "
			"read out.\n\n", pace.minutes, pace.scenes, pace.questions,
			pace.words);
	paragraphs(out, 0, wv_lesson_summary(l));
	fputc('\n', out);
	variant_line(out, l, v);

	struct wv_trace_in prev = { 0 };

	for (size_t i = 0; i < n && rc == 0; i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_trace_in in;
		struct wv_trace t;
		bool kept;

		wv_lesson_scene_input(l, i, v, &in, &kept);
		if (wv_trace_build(&t, &in) != 0) {
			rc = -EINVAL;
			break;
		}
		snprintf(head, sizeof(head), "Scene %zu of %zu: %s", i + 1, n, s->title);
		fprintf(out, "%s\n", head);
		underline(out, strlen(head), '-');
		fprintf(out, "word \"%s\" on %s", s->word_src, t.v->name);
		if (in.offset)
			fprintf(out, ", offset %zu", in.offset);
		if (in.fill)
			fprintf(out, ", fill 0x%02x", in.fill);
		if (in.delim >= 0)
			fprintf(out, ", delimiter 0x%02x", (unsigned)in.delim);
		if (kept)
			fprintf(out, " (this scene needs %s, not %s)", t.v->name, v->name);
		fprintf(out, "\n\n");
		if (wv_lesson_narrate(s, &t, text, WV_NARRATION_MAX, NULL) != 0) {
			wv_trace_free(&t);
			rc = -EINVAL;
			break;
		}
		paragraphs(out, 0, text);
		scene_sources(out, &cited, s);
		po.word_src = s->word_src;
		/* a question's scene hides what would answer it ('?'); the
		   answers section shows it again, whole */
		po.hide = s->q.ask != WV_ASK_NONE;
		if (po.hide && wv_lesson_answer(s, &t, &answers[i]) != 0)
			rc = -EINVAL;
		po.secret = answers[i].value;
		/* the memory panel again only when the scene's memory changed;
		   it never points at the terminator, which some question asks */
		if (rc == 0 && !same_image(&prev, &in)) {
			struct wv_plain_opts mo = po;

			mo.hide = true;
			fputc('\n', out);
			rc = wv_plain_memory(out, &t, &mo);
		}
		prev = in;
		if (rc == 0)
			rc = wv_plain_substep(out, &t, wv_lesson_shown_sub(s, &t), &po);
		fputc('\n', out);
		if (rc == 0 && po.hide) {
			if (wv_lesson_prompt(s, &t, text, WV_NARRATION_MAX, NULL) != 0)
				rc = -EINVAL;
			else
				question(out, ++nq, text, &answers[i]);
		}
		wv_trace_free(&t);
	}

	if (rc == 0 && nq) {
		unsigned q = 0;

		fprintf(out, "Answers\n");
		underline(out, 7, '-');
		for (size_t i = 0; i < n && rc == 0; i++) {
			const struct wv_scene *s = wv_lesson_scene(l, i);
			struct wv_plain_opts whole = { .color = o->color,
						       .word_src = s->word_src };
			struct wv_trace_in in;
			struct wv_trace t;
			char val[40], lead[80];

			if (s->q.ask == WV_ASK_NONE)
				continue;
			wv_lesson_format(&answers[i], answers[i].value, val, sizeof(val));
			if (answers[i].form == WV_FORM_FORMULA)
				snprintf(lead, sizeof(lead), "%u. Answer: a formula", ++q);
			else if (answers[i].form == WV_FORM_CHOICE)
				snprintf(lead, sizeof(lead), "%u. Answer: %c) %s", ++q,
					 'a' + answers[i].right, val);
			else
				snprintf(lead, sizeof(lead), "%u. Answer: %s", ++q, val);
			fprintf(out, "%s (scene %zu, %s)\n", lead, i + 1, s->title);
			/* the scene again, complete, then the answer worked out */
			wv_lesson_scene_input(l, i, v, &in, NULL);
			if (wv_trace_build(&t, &in) != 0) {
				rc = -EINVAL;
				break;
			}
			rc = wv_plain_substep(out, &t, wv_lesson_shown_sub(s, &t), &whole);
			wv_trace_free(&t);
			fputc('\n', out);
			wv_plain_wrap(out, 3, WIDTH, answers[i].worked);
			fputc('\n', out);
		}
	}
	if (rc == 0 && cited.n) {
		fprintf(out, "Sources\n");
		underline(out, 7, '-');
		wv_plain_wrap(out, 0, WIDTH, "Kernel files, at the release or commit "
			      "they were read at; docs/SOURCES.md in watviz's source "
			      "says what each is used for.");
		fputc('\n', out);
		for (size_t i = 0; i < cited.n; i++) {
			char line[600];

			snprintf(line, sizeof(line), "[%zu] %s", i + 1, cited.src[i]);
			wv_plain_wrap(out, 4, WIDTH, line);
		}
	}
	free(answers);
	free(text);
	if (rc == 0 && ferror(out))
		rc = -EIO;
	return rc;
}
