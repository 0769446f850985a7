/*
 * The lesson handout: the walk every handout follows (scenes, then the
 * answers worked out from the traces, then the sources), and the plain text
 * one, whose drawing is the plain renderer's.  The HTML handout (html.c)
 * walks the same way.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/handout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/pace.h"
#include "render/plain.h"

#define WIDTH 78

size_t wv_handout_cite(struct wv_handout_cited *c, const char *src)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->src[i], src) == 0)
			return i + 1;
	if (c->n == WV_HANDOUT_SOURCES_MAX)
		return 0;
	c->src[c->n++] = src;
	return c->n;
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

/* "Variants: ... Shown on ppc64 (by v3.6; chosen with --arch)." into line. */
static const char *variant_line(char *line, size_t size, const wv_lesson *l,
				const struct wv_variant *v)
{
	char vars[400];
	size_t kept = 0;

	for (size_t i = 0; i < wv_lesson_nscenes(l); i++)
		kept += wv_lesson_scene(l, i)->variant != NULL;
	wv_lesson_variants_text(l, vars, sizeof(vars));
	if (kept && kept == wv_lesson_nscenes(l))
		snprintf(line, size, "Variants: %s.", vars);
	else
		snprintf(line, size, "Variants: %s. Shown on %s (%s%s).", vars,
			 v->name, v->era,
			 v == wv_lesson_variant(l, 0) ? "" : "; chosen with --arch");
	return line;
}

/* Does scene input b lay out memory as a did (same image, same word size)? */
static bool same_image(const struct wv_trace_in *a, const struct wv_trace_in *b)
{
	return a->v && a->v->bits == b->v->bits && a->v->endian == b->v->endian &&
	       a->word_len == b->word_len && a->offset == b->offset &&
	       a->fill == b->fill && a->delim == b->delim &&
	       memcmp(a->word, b->word, a->word_len) == 0;
}

const char *wv_handout_hint(enum wv_form form)
{
	switch (form) {
	case WV_FORM_CHOICE: return NULL;
	case WV_FORM_FORMULA: return "a C formula over the question's names; "
				     "watviz --try checks it";
	case WV_FORM_HEX: return "answer in hex, such as 0x8080";
	default: return "answer with a number";
	}
}

const char *wv_handout_lead(const struct wv_answer *a, char *buf, size_t size)
{
	char val[40];

	wv_lesson_format(a, a->value, val, sizeof(val));
	if (a->form == WV_FORM_FORMULA)
		snprintf(buf, size, "Answer: a formula");
	else if (a->form == WV_FORM_CHOICE)
		snprintf(buf, size, "Answer: %c) %s", 'a' + a->right, val);
	else
		snprintf(buf, size, "Answer: %s", val);
	return buf;
}

/*
 * Build the trace t of scene sc->index on sc->v (its input into in) and
 * point sc at it: sc->t, the sub-step shown, whether it keeps its variant.
 * 0, or -EINVAL (the parser prevents it).
 */
static int scene_trace(const wv_lesson *l, struct wv_handout_scene *sc,
		       struct wv_trace_in *in, struct wv_trace *t)
{
	wv_lesson_scene_input(l, sc->index, sc->v, in, &sc->kept);
	if (wv_trace_build(t, in) != 0)
		return -EINVAL;
	sc->t = t;
	sc->sub = wv_lesson_shown_sub(sc->s, t);
	sc->quiz = wv_lesson_quiz_sub(sc->s, t);
	return 0;
}

int wv_handout_walk(const wv_lesson *l, const struct wv_handout_opts *o,
		    const struct wv_handout_sink *sink, void *ctx)
{
	const struct wv_variant *v = o->variant ? o->variant : wv_lesson_variant(l, 0);
	struct wv_answer *answers;
	struct wv_hide_asked *asked;
	size_t *quiz;
	struct wv_trace_in *ins;
	size_t nasked = 0;
	struct wv_handout_cited own = { .n = 0 };
	struct wv_handout_cited *cited = o->cited ? o->cited : &own;
	bool scenes = o->part != WV_HANDOUT_ANSWERS;
	bool answered = o->part != WV_HANDOUT_SCENES && !o->sheet;
	char *text, *prompt, vline[600];
	size_t n = wv_lesson_nscenes(l);
	unsigned nq = 0;
	struct wv_pace pace;
	struct wv_trace_in prev = { 0 };
	int rc;

	answers = calloc(n, sizeof(*answers));
	asked = calloc(n ? n : 1, sizeof(*asked));
	quiz = calloc(n ? n : 1, sizeof(*quiz));
	ins = calloc(n ? n : 1, sizeof(*ins));
	text = malloc(WV_NARRATION_MAX);
	prompt = malloc(WV_NARRATION_MAX);
	if (!answers || !asked || !quiz || !ins || !text || !prompt) {
		rc = -ENOMEM;
		goto out_free;
	}
	rc = 0;
	/* every question's value first: a sheet is seen whole, so none may
	   show before the answers, in its own scene or another on the same
	   memory (another word's value is another computation) */
	for (size_t i = 0; i < n && rc == 0; i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_handout_scene sc = { .index = i, .s = s, .v = v };
		struct wv_trace_in in;
		struct wv_trace t;

		if (scene_trace(l, &sc, &in, &t) != 0) {
			rc = -EINVAL;
			break;
		}
		ins[i] = in;
		quiz[i] = sc.quiz;
		if (s->q.ask != WV_ASK_NONE && wv_lesson_answer(s, &t, &answers[i]) != 0)
			rc = -EINVAL;
		wv_trace_free(&t);
	}
	if (rc == 0 && scenes)
		rc = sink->head(ctx, &(struct wv_handout_head){
			.number = o->number, .title = wv_lesson_title(l),
			.pace = wv_pace_lesson(l, v, &pace) == 0 ? &pace : NULL,
			.summary = wv_lesson_summary(l),
			.variants = variant_line(vline, sizeof(vline), l, v) });

	for (size_t i = 0; i < n && rc == 0 && scenes; i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_handout_scene sc = { .index = i, .count = n, .s = s, .v = v,
					       .narration = text, .asked = asked };
		struct wv_trace_in in;
		struct wv_trace t;
		struct wv_hide hide;
		unsigned mask;

		if (scene_trace(l, &sc, &in, &t) != 0) {
			rc = -EINVAL;
			break;
		}
		/* the questions on this memory and variant: the same trace,
		   so the same sub-steps compute what they ask, and none of
		   it may show here */
		nasked = 0;
		for (size_t j = 0; j < n; j++) {
			enum wv_ask ask = wv_lesson_scene(l, j)->q.ask;

			if (ask != WV_ASK_NONE && ask != WV_ASK_BUILD && ins[j].v == in.v &&
			    ins[j].page_end == in.page_end && same_image(&ins[j], &in))
				asked[nasked++] = (struct wv_hide_asked){ .sub = quiz[j],
									  .ask = (int)ask };
		}
		sc.nasked = nasked;
		if (sc.sub < t.nsubs) {
			const struct wv_step *st = &t.steps[t.subs[sc.sub].step];

			sc.upto = st->first + st->nsub;
		}
		hide = (struct wv_hide){ .asked = asked, .nasked = nasked };
		mask = wv_hide_placeholders(&hide, &t, sc.sub);
		if (o->perturb)
			o->perturb(o->perturb_ctx, s, &t);
		/* the memory panel again only when the scene's memory changed */
		sc.memory = !same_image(&prev, &in);
		if (s->measure < 0)	/* a chart shows no memory */
			prev = in;
		for (size_t k = 0; k < s->nsources; k++) {
			size_t c = wv_handout_cite(cited, s->sources[k]);

			if (c)
				sc.cites[sc.ncites++] = c;
		}
		/* {memory}: the sheet's memory table */
		if (wv_lesson_narrate_hiding(s, &t, mask, WV_MEMORY_TABLE, text,
					     WV_NARRATION_MAX, NULL) != 0)
			rc = -EINVAL;
		if (rc == 0 && s->measure >= 0) {
			/* the figures, from --measure or "(not measured)" */
			wv_measure_fill(o->measure, text, prompt, WV_NARRATION_MAX);
			memcpy(text, prompt, WV_NARRATION_MAX);
			sc.measure = o->measure;
		}
		if (rc == 0 && s->q.ask != WV_ASK_NONE) {
			if (wv_lesson_prompt_hiding(s, &t, mask, WV_MEMORY_TABLE, prompt,
						    WV_NARRATION_MAX, NULL) != 0)
				rc = -EINVAL;
			sc.q = ++nq;
			sc.prompt = prompt;
			sc.answer = &answers[i];
		}
		if (rc == 0)
			rc = sink->scene(ctx, &sc);
		wv_trace_free(&t);
	}

	/* the answers: each question's scene again, complete, worked out
	   (never on a question sheet) */
	nq = 0;
	for (size_t i = 0; i < n && rc == 0 && answered; i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_handout_scene sc = { .index = i, .count = n, .s = s, .v = v,
					       .answer = &answers[i] };
		struct wv_trace_in in;
		struct wv_trace t;

		if (s->q.ask == WV_ASK_NONE)
			continue;
		if (scene_trace(l, &sc, &in, &t) != 0) {
			rc = -EINVAL;
			break;
		}
		sc.q = ++nq;
		rc = sink->answer(ctx, &sc);
		wv_trace_free(&t);
	}
	if (rc == 0 && o->part != WV_HANDOUT_SCENES)
		rc = sink->end(ctx, cited->src, cited->n);
out_free:
	free(answers);
	free(asked);
	free(quiz);
	free(ins);
	free(text);
	free(prompt);
	return rc;
}

/* ---- the plain handout --------------------------------------------------- */

struct plain {
	FILE *out;
	bool color;
};

static int plain_head(void *ctx, const struct wv_handout_head *h)
{
	FILE *out = ((struct plain *)ctx)->out;
	char head[300];

	snprintf(head, sizeof(head), "watviz lesson %u: %s", h->number, h->title);
	fprintf(out, "%s\n", head);
	underline(out, strlen(head), '=');
	if (h->pace)
		fprintf(out, "About %u minute%s: %zu scene%s, %zu question%s, %zu "
			"word%s read out.\n\n", h->pace->minutes,
			h->pace->minutes == 1 ? "" : "s", h->pace->scenes,
			h->pace->scenes == 1 ? "" : "s", h->pace->questions,
			h->pace->questions == 1 ? "" : "s", h->pace->words,
			h->pace->words == 1 ? "" : "s");
	paragraphs(out, 0, h->summary);
	fputc('\n', out);
	wv_plain_wrap(out, 0, WIDTH, h->variants);
	fputc('\n', out);
	return 0;
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
	} else {
		fprintf(out, "    (%s)\n", wv_handout_hint(a->form));
	}
	fputc('\n', out);
}

/*
 * A "measure:" scene's chart as text: one bar of '#' per routine and string
 * length, the slowest of each length WIDTH - 46 wide, its ns per call and
 * how many times the first (production) routine's time it is.
 */
static void plain_chart(FILE *out, const struct wv_handout_scene *sc)
{
	enum wv_measure_group g = (enum wv_measure_group)sc->s->measure;
	const struct wv_measure *m = sc->measure;
	int bar_w = WIDTH - 11 - 14 - 21;
	char buf[400];

	fprintf(out, "\n%s\n", wv_measure_title(g));
	if (!m) {
		wv_plain_wrap(out, 0, WIDTH, WV_HANDOUT_NOT_MEASURED);
		return;
	}
	wv_plain_wrap(out, 0, WIDTH, wv_measure_where(m, buf, sizeof(buf)));
	for (size_t li = 0; li < WV_MEASURE_NLENS; li++) {
		size_t len = wv_measure_lens[li];
		double max = wv_measure_max(m, g, len);
		bool first = true;

		for (size_t i = 0; i < m->nrows; i++) {
			const struct wv_measure_row *r = &m->rows[i];

			if (r->group != g || r->len != len)
				continue;
			snprintf(buf, sizeof(buf), "%zu bytes", len);
			fprintf(out, "%-11s%-14.13s", first ? buf : "", r->routine);
			first = false;
			if (r->wrong) {
				fprintf(out, "WRONG: answered %zu, not %zu: not timed\n",
					r->got, r->want);
				continue;
			}
			int n = wv_measure_bar(r->ns, max, bar_w);
			double x = wv_measure_ratio(m, r);

			for (int k = 0; k < bar_w; k++)
				fputc(k < n ? '#' : ' ', out);
			fprintf(out, " %9.1f ns", r->ns);
			if (x > 0)
				fprintf(out, " %6.1fx", x);
			fputc('\n', out);
		}
	}
	wv_plain_wrap(out, 0, WIDTH, "A bar: one call's time, the slowest of each "
		      "length full; x: times the first routine's.");
}

/* The scene's word and where it is: 'word "ab\0cd" on x86-64, offset 3',
   wrapped. */
static void where(FILE *out, const struct wv_handout_scene *sc)
{
	const struct wv_trace_in *in = &sc->t->in;
	char line[600];
	size_t n = 0;

#define ADD(...) (n += (size_t)snprintf(line + n, n < sizeof(line) ? sizeof(line) - n : 0, \
					__VA_ARGS__))
	ADD("word \"%s\" on %s", sc->s->word_src, sc->t->v->name);
	/* a scene on a variant of its own names that variant's era */
	if (sc->kept)
		ADD(" (%s; this scene needs %s, not %s)", sc->t->v->era,
		    sc->t->v->name, sc->v->name);
	else if (sc->t->v != sc->v)
		ADD(" (%s)", sc->t->v->era);
	if (in->offset)
		ADD(", offset %zu", in->offset);
	if (in->fill)
		ADD(", fill 0x%02x", in->fill);
	if (in->delim >= 0)
		ADD(", delimiter 0x%02x", (unsigned)in->delim);
#undef ADD
	wv_plain_wrap(out, 0, WIDTH, line);
}

static int plain_scene(void *ctx, const struct wv_handout_scene *sc)
{
	const struct plain *p = ctx;
	const struct wv_scene *s = sc->s;
	FILE *out = p->out;
	/* a question's scene hides what would answer it ('?'); the
	   answers section shows it again, whole */
	struct wv_plain_opts po = { .color = p->color, .word_src = s->word_src,
				    .hide = { .on = sc->q != 0, .quiz = sc->quiz,
					      .asked = sc->asked, .nasked = sc->nasked,
					      .upto = sc->upto }, .narrow = true };
	char head[300];
	int rc = 0;

	snprintf(head, sizeof(head), "Scene %zu of %zu: %s", sc->index + 1,
		 sc->count, s->title);
	fprintf(out, "%s\n", head);
	underline(out, strlen(head), '-');
	where(out, sc);
	fputc('\n', out);
	paragraphs(out, 0, sc->narration);
	if (sc->ncites) {
		fputs("Sources:", out);
		for (size_t i = 0; i < sc->ncites; i++)
			fprintf(out, " [%zu]", sc->cites[i]);
		fputc('\n', out);
	}
	/* the memory panel never points at the terminator, which some
	   question asks */
	if (s->measure >= 0) {
		/* a measure scene: its chart in place of the memory and bits */
		plain_chart(out, sc);
	} else if (sc->memory) {
		struct wv_plain_opts mo = po;

		mo.hide.on = true;
		fputc('\n', out);
		rc = wv_plain_memory(out, sc->t, &mo);
	}
	if (rc == 0 && s->measure < 0)
		rc = wv_plain_substep(out, sc->t, sc->sub, &po);
	fputc('\n', out);
	if (rc == 0 && sc->q)
		question(out, sc->q, sc->prompt, sc->answer);
	return rc;
}

static int plain_answer(void *ctx, const struct wv_handout_scene *sc)
{
	const struct plain *p = ctx;
	struct wv_plain_opts whole = { .color = p->color, .word_src = sc->s->word_src,
				       .narrow = true };
	char lead[80];
	int rc;

	if (sc->q == 1) {
		fprintf(p->out, "Answers\n");
		underline(p->out, 7, '-');
	}
	fprintf(p->out, "%u. %s (scene %zu, %s)\n", sc->q,
		wv_handout_lead(sc->answer, lead, sizeof(lead)), sc->index + 1,
		sc->s->title);
	rc = wv_plain_substep(p->out, sc->t, sc->sub, &whole);
	fputc('\n', p->out);
	wv_plain_wrap(p->out, 3, WIDTH, sc->answer->worked);
	fputc('\n', p->out);
	return rc;
}

static int plain_end(void *ctx, const char *const *sources, size_t n)
{
	FILE *out = ((struct plain *)ctx)->out;

	if (n == 0)
		return 0;
	fprintf(out, "Sources\n");
	underline(out, 7, '-');
	wv_plain_wrap(out, 0, WIDTH, WV_HANDOUT_SOURCES_NOTE);
	fputc('\n', out);
	for (size_t i = 0; i < n; i++) {
		char line[600];

		snprintf(line, sizeof(line), "[%zu] %s", i + 1, sources[i]);
		wv_plain_wrap(out, 4, WIDTH, line);
	}
	return 0;
}

/* ---- the question sheet ------------------------------------------------ */

static int sheet_head(void *ctx, const struct wv_handout_head *h)
{
	FILE *out = ((struct plain *)ctx)->out;
	char head[300];

	snprintf(head, sizeof(head), "watviz lesson %u: %s: questions", h->number,
		 h->title);
	wv_plain_wrap(out, 0, WIDTH, head);
	underline(out, strlen(head), '=');
	fprintf(out, "The handout (watviz --plain --lesson %u) works out their "
		"answers.\n\n", h->number);
	return 0;
}

/* A question with its scene's word and the rows of its sub-step as the
   handout shows them before the answers; nothing of a scene without one. */
static int sheet_scene(void *ctx, const struct wv_handout_scene *sc)
{
	const struct plain *p = ctx;
	struct wv_plain_opts po = { .color = p->color, .word_src = sc->s->word_src,
				    .hide = { .on = true, .quiz = sc->quiz,
					      .asked = sc->asked, .nasked = sc->nasked,
					      .upto = sc->upto }, .narrow = true };
	char head[300];
	int rc = 0;

	if (!sc->q)
		return 0;
	snprintf(head, sizeof(head), "Scene %zu of %zu: %s", sc->index + 1,
		 sc->count, sc->s->title);
	wv_plain_wrap(p->out, 0, WIDTH, head);
	where(p->out, sc);
	if (sc->s->measure < 0)
		rc = wv_plain_substep(p->out, sc->t, sc->sub, &po);
	fputc('\n', p->out);
	if (rc == 0)
		question(p->out, sc->q, sc->prompt, sc->answer);
	return rc;
}

/* A sheet has no answers and no sources (the walk makes no answers). */
static int sheet_end(void *ctx, const char *const *sources, size_t n)
{
	(void)ctx;
	(void)sources;
	(void)n;
	return 0;
}

int wv_handout_render(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o)
{
	static const struct wv_handout_sink sink = {
		plain_head, plain_scene, plain_answer, plain_end,
	}, sheet = {
		sheet_head, sheet_scene, plain_answer, sheet_end,
	};
	struct plain p = { .out = out, .color = o->color };
	int rc = wv_handout_walk(l, o, o->sheet ? &sheet : &sink, &p);

	if (rc == 0 && ferror(out))
		rc = -EIO;
	return rc;
}
