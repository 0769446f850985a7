/*
 * The HTML handouts: a lesson's handout as an <article> (the walk of
 * handout.c, drawn with html.c's parts), a print of several lessons (one
 * legend, every lesson's scenes, then every answer, then the sources
 * once), and the question sheet (--sheet: each question with its rows,
 * no answers).  Computes nothing itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/html.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render/hide.h"
#include "render/look.h"
#include "lesson/pace.h"
#include "render/weblink.h"

#include "htmlparts.h"

/* ---- the handout --------------------------------------------------------- */

static int head(void *ctx, const struct wv_handout_head *hd)
{
	struct html *h = ctx;

	fprintf(h->f, "<article class=\"%s\" id=\"%slesson-%u\">\n<header>\n"
		"<h1>watviz lesson %u: ", h->sheet ? "sheet" : "lesson",
		h->sheet ? "sheet-" : "", hd->number, hd->number);
	wv_html_text(h->f, hd->title);
	if (h->sheet) {
		/* the questions alone: the handout works them out */
		fprintf(h->f, "</h1>\n<p class=\"note\">Questions; the handout "
			"(watviz --html --lesson %u) works out their answers.</p>\n"
			"</header>\n", hd->number);
		return 0;
	}
	fputs("</h1>\n", h->f);
	if (hd->pace)
		fprintf(h->f, "<p class=\"note\">About %u minute%s: %zu scene%s, "
			"%zu question%s, %zu word%s read out.</p>\n",
			hd->pace->minutes, hd->pace->minutes == 1 ? "" : "s",
			hd->pace->scenes, hd->pace->scenes == 1 ? "" : "s",
			hd->pace->questions, hd->pace->questions == 1 ? "" : "s",
			hd->pace->words, hd->pace->words == 1 ? "" : "s");
	html_paragraphs(h->f, hd->summary);
	html_elem(h->f, "p", NULL, hd->variants);
	fputs("\n</header>\n", h->f);
	if (h->legend) {	/* once a print, under its first lesson's head */
		html_legend(h, false);
		h->legend = false;
	}
	return 0;
}

/* Sub-step sc->sub of the scene with its step's head, as plain's substep. */
static void scene_substep(struct html *h, const struct wv_handout_scene *sc,
			  int level)
{
	h->t = sc->t;
	if (sc->sub >= sc->t->nsubs)
		return;
	html_step_head(h, sc->t->subs[sc->sub].step, level, 0);
	html_substep(h, sc->sub, level + 1);
}

/* The answer worked out: the lead, the scene's sub-step whole, the working. */
static void worked(struct html *h, const struct wv_handout_scene *sc, int level)
{
	char lead[80];

	h->hide = (struct wv_hide){ .on = false };
	fputs("<p class=\"lead\"><strong>", h->f);
	wv_html_text(h->f, wv_handout_lead(sc->answer, lead, sizeof(lead)));
	fputs("</strong></p>\n", h->f);
	scene_substep(h, sc, level);
	html_elem(h->f, "p", NULL, sc->answer->worked);
	fputc('\n', h->f);
}

/*
 * A "measure:" scene's chart: a table, one row per routine and string
 * length, the bar a block whose width is the time of one call as a
 * percentage of the slowest of that length (wv_measure_bar of 100), its
 * ns and how many times the first (production) routine's time it is.
 */
static void chart(const struct html *h, const struct wv_handout_scene *sc)
{
	enum wv_measure_group g = (enum wv_measure_group)sc->s->measure;
	const struct wv_measure *m = sc->measure;
	char buf[400];

	fputs("<figure class=\"chart\">\n<figcaption>", h->f);
	wv_html_text(h->f, wv_measure_title(g));
	fputs("</figcaption>\n", h->f);
	if (!m) {
		html_elem(h->f, "p", "note", WV_HANDOUT_NOT_MEASURED);
		fputs("\n</figure>\n", h->f);
		return;
	}
	html_elem(h->f, "p", "note", wv_measure_where(m, buf, sizeof(buf)));
	fputs("\n<div class=\"wide\"><table class=\"chart\">\n<thead><tr>"
	      "<th scope=\"col\">routine, string</th><th scope=\"col\">time of one "
	      "call</th><th scope=\"col\">ns</th><th scope=\"col\">times the "
	      "first's</th></tr></thead>\n<tbody>\n", h->f);
	for (size_t li = 0; li < WV_MEASURE_NLENS; li++) {
		size_t len = wv_measure_lens[li];
		double max = wv_measure_max(m, g, len);
		bool first = true;

		for (size_t i = 0; i < m->nrows; i++) {
			const struct wv_measure_row *r = &m->rows[i];

			if (r->group != g || r->len != len)
				continue;
			fputs("<tr><th scope=\"row\">", h->f);
			wv_html_text(h->f, r->routine);
			fprintf(h->f, ", %zu bytes</th>", len);
			if (r->wrong) {
				snprintf(buf, sizeof(buf), "wrong: answered %zu, not %zu: "
					 "not timed", r->got, r->want);
				fputs("<td colspan=\"3\">", h->f);
				wv_html_text(h->f, buf);
				fputs("</td></tr>\n", h->f);
				first = false;
				continue;
			}
			double x = wv_measure_ratio(m, r);

			fprintf(h->f, "<td class=\"b\"><div class=\"bar%s\" style=\"width:"
				"%d%%\"></div></td><td>%.1f</td><td>", first ? " prod" : "",
				wv_measure_bar(r->ns, max, 100), r->ns);
			if (x > 0)
				fprintf(h->f, "%.1fx", x);
			fputs("</td></tr>\n", h->f);
			first = false;
		}
	}
	fputs("</tbody>\n</table></div>\n</figure>\n", h->f);
}

/* The scene's word and where it is: 'word "ab\0cd" on x86-64, offset 3'. */
static void where(const struct html *h, const struct wv_handout_scene *sc)
{
	const struct wv_trace_in *in = &sc->t->in;

	fputs("<p class=\"note where\">word <code>\"", h->f);
	wv_html_text(h->f, sc->s->word_src);
	fprintf(h->f, "\"</code> on %s", sc->t->v->name);
	/* a scene on a variant of its own names that variant's era */
	if (sc->kept)
		fprintf(h->f, " (%s; this scene needs %s, not %s)", sc->t->v->era,
			sc->t->v->name, sc->v->name);
	else if (sc->t->v != sc->v)
		fprintf(h->f, " (%s)", sc->t->v->era);
	if (in->offset)
		fprintf(h->f, ", offset %zu", in->offset);
	if (in->fill)
		fprintf(h->f, ", fill 0x%02x", in->fill);
	if (in->delim >= 0)
		fprintf(h->f, ", delimiter 0x%02x", (unsigned)in->delim);
	fputs("</p>\n", h->f);
}

/* The question of a scene: its prompt, its options or how to answer. */
static void question(const struct html *h, const struct wv_handout_scene *sc)
{
	const struct wv_answer *a = sc->answer;

	html_elem(h->f, "p", NULL, sc->prompt);
	fputc('\n', h->f);
	if (a->form == WV_FORM_CHOICE) {
		fputs("<ol type=\"a\">\n", h->f);
		for (unsigned i = 0; i < a->nchoices; i++) {
			char val[40];

			wv_lesson_format(a, a->choices[i], val, sizeof(val));
			html_elem(h->f, "li", NULL, val);
			fputc('\n', h->f);
		}
		fputs("</ol>\n", h->f);
	} else {
		fputs("<p class=\"note\">(", h->f);
		wv_html_text(h->f, wv_handout_hint(a->form));
		fputs(")</p>\n", h->f);
	}
}

/*
 * A question on the sheet: its scene's word, the rows of the sub-step it
 * asks about as the handout draws them before the answers (what it asks,
 * and what would give it away, '?'), the question.  Nothing of a scene
 * without one.
 */
static int sheet_scene(struct html *h, const struct wv_handout_scene *sc)
{
	if (!sc->q)
		return 0;
	fprintf(h->f, "<section class=\"sheet-q\" id=\"%ssq-%u\">\n<h2>Question %u "
		"<span class=\"count\">scene %zu of %zu: ", h->id, sc->q, sc->q,
		sc->index + 1, sc->count);
	wv_html_text(h->f, sc->s->title);
	fputs("</span></h2>\n", h->f);
	where(h, sc);
	h->t = sc->t;
	h->hide = (struct wv_hide){ .on = true, .quiz = sc->quiz, .asked = sc->asked,
				    .nasked = sc->nasked, .upto = sc->upto };
	if (sc->s->measure < 0 && sc->sub < sc->t->nsubs)
		html_substep(h, sc->sub, 3);
	question(h, sc);
	fputs("</section>\n", h->f);
	return ferror(h->f) ? -EIO : 0;
}

static int scene(void *ctx, const struct wv_handout_scene *sc)
{
	struct html *h = ctx;
	const struct wv_scene *s = sc->s;
	bool open;

	if (h->sheet)
		return sheet_scene(h, sc);
	fprintf(h->f, "<section class=\"scene\" id=\"%sscene-%zu\">\n<h2>Scene %zu "
		"of %zu: ", h->id, sc->index + 1, sc->index + 1, sc->count);
	wv_html_text(h->f, s->title);
	fputs("</h2>\n", h->f);
	if (h->scene_url) {
		char link[WV_WEBLINK_MAX];

		wv_weblink_lesson(h->number, sc->index + 1, NULL, 0,
				  h->arch ? h->arch->name : NULL, NULL, false, link,
				  sizeof(link));
		fputs("<p class=\"web\"><a href=\"", h->f);
		wv_html_text(h->f, h->scene_url);
		fputc('#', h->f);
		wv_html_text(h->f, link);
		fputs("\">Open this scene in the web page</a></p>\n", h->f);
	}
	where(h, sc);
	/* the sources end the narration's last paragraph: a line of their
	   own in every scene made the printed class longer (issue 47) */
	open = html_paragraphs_open(h->f, sc->narration);
	if (sc->ncites) {
		fputs(open ? " <span class=\"note\">Sources:" :
		      "<p class=\"note\">Sources:", h->f);
		for (size_t i = 0; i < sc->ncites; i++)
			fprintf(h->f, " <a href=\"#src-%zu\">[%zu]</a>",
				sc->cites[i], sc->cites[i]);
		if (open)
			fputs("</span>", h->f);
	}
	if (open || sc->ncites)
		fputs("</p>\n", h->f);
	h->t = sc->t;
	/* the memory panel never points at the terminator, which some
	   question asks (this scene's questions: the last scene's list may
	   belong to a lesson already walked, and freed) */
	h->hide = (struct wv_hide){ .on = true, .quiz = sc->quiz, .asked = sc->asked,
				    .nasked = sc->nasked, .upto = sc->upto };
	if (s->measure >= 0)
		chart(h, sc);	/* in place of the memory and the bits */
	else if (sc->memory)
		html_memory(h);
	/* a question's scene hides what would answer it ('?') */
	h->hide = (struct wv_hide){ .on = sc->q != 0, .quiz = sc->quiz,
				    .asked = sc->asked, .nasked = sc->nasked,
				    .upto = sc->upto };
	if (s->measure < 0)
		scene_substep(h, sc, 3);
	if (sc->q) {
		fprintf(h->f, "<div class=\"question\" id=\"%sq-%u\">\n<h3>Question %u</h3>\n",
			h->id, sc->q, sc->q);
		question(h, sc);
		/* the answer is in the answers section, never on the sheet
		   above it: a sheet is seen whole */
		fprintf(h->f, "<p class=\"note\"><a href=\"#%sanswer-%u\">Worked out "
			"under Answers, question %u</a></p>\n</div>\n", h->id, sc->q, sc->q);
	}
	fputs("</section>\n", h->f);
	return ferror(h->f) ? -EIO : 0;
}

static int answer(void *ctx, const struct wv_handout_scene *sc)
{
	struct html *h = ctx;

	if (!h->answers)
		fputs("<section class=\"answers-all\">\n<h2>Answers</h2>\n", h->f);
	h->answers = true;
	fprintf(h->f, "<section class=\"worked\" id=\"%sanswer-%u\">\n<h3>"
		"<a href=\"#%sq-%u\">", h->id, sc->q, h->id, sc->q);
	if (h->print)	/* several lessons: whose question */
		fprintf(h->f, "Lesson %u, question %u", h->number, sc->q);
	else
		fprintf(h->f, "Question %u", sc->q);
	fprintf(h->f, "</a> (scene %zu, ", sc->index + 1);
	wv_html_text(h->f, sc->s->title);
	fputs(")</h3>\n", h->f);
	worked(h, sc, 4);
	fputs("</section>\n", h->f);
	return ferror(h->f) ? -EIO : 0;
}

/* The end of a lesson's answers: the print writes the sources once. */
static int end(void *ctx, const char *const *src, size_t n)
{
	(void)src;
	(void)n;
	return ferror(((struct html *)ctx)->f) ? -EIO : 0;
}

int wv_html_handouts(FILE *out, const wv_lesson *const *ls,
		     const struct wv_handout_opts *o, size_t n)
{
	static const struct wv_handout_sink sink = { head, scene, answer, end };
	struct wv_handout_cited cited = { .n = 0 };
	bool sheet = n > 0 && o[0].sheet;
	struct html h = { .f = out, .print = n > 1, .sheet = sheet, .legend = !sheet };
	int rc = 0;

	/* every lesson's scenes (or questions), then every answer */
	for (int part = WV_HANDOUT_SCENES; part <= WV_HANDOUT_ANSWERS && rc == 0; part++) {
		for (size_t i = 0; i < n && rc == 0; i++) {
			struct wv_handout_opts lo = o[i];

			lo.part = (enum wv_handout_part)part;
			lo.cited = &cited;
			lo.sheet = h.sheet;
			h.scene_url = lo.web_url;
			h.number = lo.number;
			h.arch = lo.variant;
			snprintf(h.id, sizeof(h.id), "l%u-", lo.number);
			rc = wv_handout_walk(ls[i], &lo, &sink, &h);
			if (rc == 0 && part == WV_HANDOUT_SCENES)
				fputs("</article>\n", out);
		}
		if (h.sheet)	/* a sheet has no answers, and cites nothing */
			return rc ? rc : ferror(out) ? -EIO : 0;
	}
	if (rc == 0 && h.answers)
		fputs("</section>\n", out);
	h.id[0] = '\0';	/* the sources are the print's */
	if (rc == 0)
		html_sources(&h, cited.src, cited.n, NULL);
	return rc ? rc : ferror(out) ? -EIO : 0;
}

int wv_html_handout(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o)
{
	return wv_html_handouts(out, &l, o, 1);
}
