/*
 * The HTML renderer without a browser: escaping, a table of bits per
 * sub-step on every variant, balanced markup, the legend in step with the
 * plain text's, colours that read (4.5:1), a handout's questions each with
 * a link to its answer, worked out in the answers section only.
 * (tests/html/run-html.sh loads the pages in Chromium.)
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/html.h"
#include "render/look.h"
#include "render/plain.h"

/* Everything a writer wrote into a memory stream, as a string to free. */
struct sink {
	FILE *f;
	char *buf;
	size_t len;
};

static void sink_open(struct sink *s)
{
	s->buf = NULL;
	s->len = 0;
	s->f = open_memstream(&s->buf, &s->len);
	assert_non_null(s->f);
}

static char *sink_close(struct sink *s)
{
	assert_int_equal(fclose(s->f), 0);
	return s->buf;
}

static size_t count(const char *s, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void escaped(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "a<b>&\"c", "a&lt;b&gt;&amp;&quot;c" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
		{ "\xff\x01", "\\xff\\x01" },
		{ "\xc3", "\\xc3" },			/* cut short */
		{ "\xe2\x82", "\\xe2\\x82" },
		{ "\xc0\xaf", "\\xc0\\xaf" },		/* overlong '/' */
		{ "\xed\xa0\x80", "\\xed\\xa0\\x80" },	/* a surrogate */
		{ "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80" },	/* past U+10FFFF */
		{ "a\nb\x7f", "a\nb\\x7f" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sink s;
		char *out;

		sink_open(&s);
		wv_html_text(s.f, cases[i].in);
		out = sink_close(&s);
		assert_string_equal(out, cases[i].out);
		free(out);
	}
}

/* Every variant: a section and a table of bits per sub-step, markup closed. */
static void traces(void **state)
{
	(void)state;
	static const char word[] = "<b>&\x01";

	for (size_t i = 0; i < wv_wat_count(); i++) {
		struct wv_trace_in in = { wv_wat_at(i), (const uint8_t *)word,
					  sizeof(word), 1, 0, -1, 0 };
		struct wv_html_opts o = { .word_src = "<b>&\\x01\\0" };
		struct wv_trace t;
		struct sink s;
		char *page;

		assert_int_equal(wv_trace_build(&t, &in), 0);
		sink_open(&s);
		assert_int_equal(wv_html_begin(s.f, "x"), 0);
		assert_int_equal(wv_html_trace(s.f, &t, &o), 0);
		assert_int_equal(wv_html_end(s.f), 0);
		page = sink_close(&s);
		assert_int_equal(count(page, "<section class=\"sub\">"), t.nsubs);
		assert_int_equal(count(page, "<table class=\"bits\">"), t.nsubs);
		assert_int_equal(count(page, "<table"), count(page, "</table>"));
		assert_int_equal(count(page, "<section"), count(page, "</section>"));
		assert_int_equal(count(page, "<tr"), count(page, "</tr>"));
		assert_int_equal(count(page, "<span"), count(page, "</span>"));
		assert_int_equal(count(page, "<td"), count(page, "</td>"));
		assert_null(strstr(page, "<b>"));
		assert_non_null(strstr(page, "&lt;b&gt;&amp;\\x01\\0"));
		assert_null(strstr(page, "<script"));
		assert_null(strstr(page, "http"));	/* nothing fetched */
		assert_non_null(strstr(page, "<html lang=\"en\">"));
		assert_non_null(strstr(page, "class=\"answer\">=0 first</span>"));
		/* the header names the variant with its kernels */
		char head[160];

		snprintf(head, sizeof(head), "<p>%s (%s): ", wv_wat_at(i)->name,
			 wv_wat_at(i)->kernel_version);
		assert_non_null(strstr(page, head));
		free(page);
		wv_trace_free(&t);
	}
}

/*
 * --html --split --web-url: each of the first variant's sub-steps links to
 * the page's split view (split=ppc64), as --html --web-url links each
 * sub-step of one variant; the red team found no link at all.
 */
static void split_links(void **state)
{
	(void)state;
	static const uint8_t word[] = "ab";
	struct wv_trace_in in = { wv_wat_find("x86-64"), word, 2, 0, 0, -1, 0 };
	struct wv_html_opts o = { .word_src = "ab", .web_url = "w.html" };
	struct wv_trace t, u;
	struct sink s;
	char *page;

	assert_int_equal(wv_trace_build(&t, &in), 0);
	in.v = wv_wat_find("ppc64");
	assert_int_equal(wv_trace_build(&u, &in), 0);
	sink_open(&s);
	assert_int_equal(wv_html_split(s.f, &t, &u, &o), 0);
	page = sink_close(&s);
	assert_int_equal(count(page, "<a href=\"w.html#word=ab&amp;arch=x86-64&amp;"),
			 t.nsubs);
	assert_int_equal(count(page, "&amp;split=ppc64\">Open this sub-step"), t.nsubs);
	/* the first sub-step: the load of the word at memory 0 */
	assert_non_null(strstr(page, "#word=ab&amp;arch=x86-64&amp;step=load%3A1&amp;"
			       "split=ppc64\""));
	free(page);
	wv_trace_free(&u);
	wv_trace_free(&t);
}

/*
 * --html --split marks + on a row the other variant has no row for, as the
 * man page and the terminal's split say, and its intro says what + means
 * (rev5 S1).  x86-64's AND in has_zero holds HIGHS; ppc64's folds HIGHS
 * into ~data = ~(a | LOW7) (arch/powerpc/include/asm/word-at-a-time.h), so
 * it has no HIGHS row: x86-64's is +, never <>.  Before, the page drew no
 * + at all and HIGHS had no mark, which its intro read as "the same bytes
 * as a ppc64 row".
 */
static void split_alone_marked(void **state)
{
	(void)state;
	static const uint8_t word[] = { 'a', 'b', 0, 'c', 'd' };
	struct wv_trace_in in = { wv_wat_find("x86-64"), word, sizeof(word), 0, 0, -1, 0 };
	struct wv_html_opts o = { .word_src = "ab\\0cd" };
	struct wv_trace t, u;
	struct sink s;
	char *page;
	const char *p;

	assert_int_equal(wv_trace_build(&t, &in), 0);
	in.v = wv_wat_find("ppc64");
	assert_int_equal(wv_trace_build(&u, &in), 0);
	sink_open(&s);
	assert_int_equal(wv_html_split(s.f, &t, &u, &o), 0);
	page = sink_close(&s);
	p = strstr(page, "</header>");
	assert_non_null(p);
	if (!strstr(page, "<strong class=\"alone\">+</strong> a row the other variant "
		    "has no row of its own for"))
		fail_msg("the intro does not say what + means");
	/* <> on a count too (ctz = 23 beside clz = 16): not only bytes (N3) */
	assert_non_null(strstr(page, "differs from the other variant's in its place "
			       "(its bytes, or a count's value)"));
	if (!strstr(page, "+</strong> HIGHS</th>"))
		fail_msg("x86-64's HIGHS, which ppc64 folds into ~data, is not marked +");
	assert_null(strstr(page, "&lt;&gt;</strong> HIGHS</th>"));
	/* a row is marked once: + or <>, not both */
	assert_null(strstr(page, "&lt;&gt;</strong> <strong class=\"alone\""));
	assert_null(strstr(page, "+</strong> <strong class=\"differs\""));
	/* every + in a table is on a row head */
	assert_int_equal(count(p, "<strong class=\"alone\""),
			 count(p, "<th scope=\"row\"><strong class=\"alone\""));
	free(page);
	wv_trace_free(&u);
	wv_trace_free(&t);
}

/* Relative luminance of "#rrggbb" or "#rgb" at s (WCAG 2). */
static double luminance(const char *s)
{
	unsigned v[3];
	double l = 0;
	static const double w[3] = { 0.2126, 0.7152, 0.0722 };
	int n = (int)strspn(s + 1, "0123456789abcdef");

	assert_true(n == 6 || n == 3);
	for (int i = 0; i < 3; i++) {
		char hex[3] = { s[1 + (n == 6 ? 2 * i : i)], s[n == 6 ? 2 + 2 * i : 1 + i], 0 };
		double c;

		v[i] = (unsigned)strtoul(hex, NULL, 16);
		c = v[i] / 255.0;
		c = c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
		l += w[i] * c;
	}
	return l;
}

/* Every text colour of the style sheet reads on its background: 4.5:1. */
static void contrast(void **state)
{
	(void)state;
	struct sink s;
	char *page;
	unsigned checked = 0;

	sink_open(&s);
	assert_int_equal(wv_html_begin(s.f, "x"), 0);
	page = sink_close(&s);
	for (const char *r = strchr(page, '{'); r; r = strchr(r + 1, '{')) {
		const char *end = strchr(r, '}'), *fg = strstr(r, "color:#"),
			   *bg = strstr(r, "background:#");
		double a, b;

		if (!fg || fg > end)
			continue;
		a = luminance(fg + 6);
		b = bg && bg < end ? luminance(bg + 11) : 1.0;	/* white */
		if ((fmax(a, b) + 0.05) / (fmin(a, b) + 0.05) < 4.5)
			fail_msg("too little contrast in %.*s", (int)(end - r), r);
		checked++;
	}
	assert_true(checked >= 8);
	free(page);
}

/* The legend says what the plain text's says. */
static void legend(void **state)
{
	(void)state;
	for (const struct wv_look_legend *l = wv_look_legend_marks; l->means; l++) {
		char want[80];

		if (l->look == WV_LOOK_UNMAPPED)	/* appended with a page edge */
			continue;
		snprintf(want, sizeof(want), "%c %s", wv_looks[l->look].sym, l->means);
		if (!strstr(WV_LEGEND_PLAIN, want))
			fail_msg("\"%s\" is not in WV_LEGEND_PLAIN", want);
	}
}

/* Each question of each lesson: a link to its answer, in the answers section only. */
static void handouts(void **state)
{
	(void)state;
	struct wv_lesson_file files[32];
	int n = wv_lesson_list("lessons", files, 32);

	assert_true(n >= 10);
	for (int f = 0; f < n; f++) {
		struct wv_handout_opts o = { .number = files[f].number };
		struct wv_error e;
		wv_lesson *l;
		struct sink s;
		char *page, id[32];
		size_t q = 0;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t i = 0; i < wv_lesson_nscenes(l); i++)
			q += wv_lesson_scene(l, i)->q.ask != WV_ASK_NONE;
		sink_open(&s);
		assert_int_equal(wv_html_handout(s.f, l, &o), 0);
		page = sink_close(&s);
		assert_int_equal(count(page, "<div class=\"question\""), q);
		/* each question links to its answer, which only the answers
		   section holds: nothing on the sheet above it reveals one */
		snprintf(id, sizeof(id), "href=\"#l%u-answer-", files[f].number);
		assert_int_equal(count(page, id), q);
		snprintf(id, sizeof(id), "id=\"l%u-answer-", files[f].number);
		assert_int_equal(count(page, id), q);
		assert_int_equal(count(page, "<details"), 0);
		assert_int_equal(count(page, "<section class=\"answers-all\">"), q > 0);
		if (q)
			assert_true(strstr(page, id) > strstr(page, "<section class=\"answers-all\">"));
		assert_int_equal(count(page, "<section"), count(page, "</section>"));
		snprintf(id, sizeof(id), "id=\"l%u-scene-1\"", files[f].number);
		assert_non_null(strstr(page, id));
		/* every variant named carries its era: the handout's own in the
		   header, a scene's own variant on its line */
		const struct wv_variant *hv = wv_lesson_variant(l, 0);
		char era[160];

		size_t kept = 0;

		for (size_t i = 0; i < wv_lesson_nscenes(l); i++)
			kept += wv_lesson_scene(l, i)->variant != NULL;
		/* a lesson whose every scene keeps its own variant is shown on
		   none of its own: the header says --arch changes nothing */
		if (kept == wv_lesson_nscenes(l))
			snprintf(era, sizeof(era), "--arch changes nothing.");
		else
			snprintf(era, sizeof(era), "Shown on %s (%s).", hv->name, hv->era);
		assert_non_null(strstr(page, era));
		for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
			const struct wv_variant *sv = wv_lesson_scene(l, i)->variant;

			if (!sv || sv == hv)
				continue;
			snprintf(era, sizeof(era), "</code> on %s (%s", sv->name, sv->era);
			assert_non_null(strstr(page, era));
		}
		free(page);
		wv_lesson_free(l);
	}
}

/* A long title is cut before WV_HTML_TITLE_MAX bytes at a character's
   start (never inside a UTF-8 sequence, which would show as \xNN), with an
   ellipsis; a short one is whole. */
static void title_cut(void **state)
{
	(void)state;
	for (size_t lead = 0; lead < 4; lead++) {
		char title[600], *page, *t, *end;
		size_t n = 0;
		struct sink s;

		/* "a", "aa" ... then two-, three- and four-byte characters,
		   so that the cut falls at every place in a sequence */
		while (n < lead)
			title[n++] = 'a';
		while (n + 9 < sizeof(title)) {
			memcpy(title + n, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9);
			n += 9;
		}
		title[n] = '\0';
		sink_open(&s);
		assert_int_equal(wv_html_begin(s.f, title), 0);
		page = sink_close(&s);
		t = strstr(page, "<title>");
		assert_non_null(t);
		t += strlen("<title>");
		end = strstr(t, "</title>");
		assert_non_null(end);
		assert_null(strstr(t, "\\x"));	/* no byte shown as an escape */
		assert_true((size_t)(end - t) <= WV_HTML_TITLE_MAX);
		assert_memory_equal(end - 3, "\xe2\x80\xa6", 3);
		assert_memory_equal(t, title, (size_t)(end - 3 - t));
		free(page);
	}
	struct sink s;
	char *page;

	sink_open(&s);
	assert_int_equal(wv_html_begin(s.f, "watviz: \"\xc3\xa9\" on x86-64"), 0);
	page = sink_close(&s);
	assert_non_null(strstr(page, "<title>watviz: &quot;\xc3\xa9&quot; on x86-64</title>"));
	free(page);
}

/*
 * The split's marks (wv_look_differ, wv_look_alone: the terminal's "<>"
 * and "+", --html --split's <>) for every pair of variants and every
 * sub-step of "ab\0cd" paired by meaning: no row both alone and
 * different; a row whose label the other sub-step has (as often) is never
 * alone; as many rows paired on each side (a row is paired with one row).  x86-64's
 * HIGHS beside ppc64's AND: alone.  In two shifts, ~1 (ppc64's, s390's
 * value shifted) is never alone beside a word shifted (x86-64's, arm64's
 * below >> 7).  Before issue 47's last items, a row
 * without a row of its label was "different": HIGHS marked <>.
 */
/* Has s an operand (not its result) a word wide? */
static bool word_operand(const struct wv_substep *s)
{
	for (unsigned r = 0; r < s->nrows; r++)
		if (s->rows[r].kind != WV_ROW_RESULT && s->rows[r].width >= 32)
			return true;
	return false;
}

static void split_rows_alone(void **state)
{
	static const uint8_t b[] = { 'a', 'b', 0, 'c', 'd' };
	unsigned pairs = 0, alone = 0;

	(void)state;
	for (size_t i = 0; i < wv_wat_count(); i++)
		for (size_t j = 0; j < wv_wat_count(); j++) {
			struct wv_trace_in in = { wv_wat_at(i), b, sizeof(b), 0, 0, -1, 0 }, un;
			struct wv_trace t, u;
			char why[200];

			if (i == j)
				continue;
			assert_int_equal(wv_trace_build(&t, &in), 0);
			assert_int_equal(wv_trace_in_split(&un, &t.in, wv_wat_at(j), why,
							   sizeof(why)), 0);
			assert_int_equal(wv_trace_build(&u, &un), 0);
			for (size_t k = 0; k < t.nsubs; k++) {
				size_t ok2 = wv_look_pair(&t, k, &u);
				const struct wv_substep *s = &t.subs[k], *o;
				uint32_t d, a, od, oa;
				unsigned paired = 0, opaired = 0;

				if (ok2 == (size_t)-1)
					continue;
				o = &u.subs[ok2];
				d = wv_look_differ(&t, k, &u, ok2);
				a = wv_look_alone(&t, k, &u, ok2);
				od = wv_look_differ(&u, ok2, &t, k);
				oa = wv_look_alone(&u, ok2, &t, k);
				if ((d & a) || (od & oa))
					fail_msg("%s over %s, sub-step %zu: a row both alone and "
						 "different", t.in.v->name, u.in.v->name, k + 1);
				for (unsigned r = 0; r < s->nrows; r++) {
					unsigned here = 0, there = 0;

					for (unsigned m = 0; m < s->nrows; m++)
						here += strcmp(s->rows[r].label, s->rows[m].label) == 0;
					for (unsigned m = 0; m < o->nrows; m++)
						there += strcmp(s->rows[r].label, o->rows[m].label) == 0;
					if ((a >> r & 1) && there >= here)
						fail_msg("%s over %s, sub-step %zu: %s alone beside a "
							 "row of its name", t.in.v->name, u.in.v->name,
							 k + 1, s->rows[r].label);
					paired += !(a >> r & 1);
					alone += a >> r & 1;
				}
				for (unsigned m = 0; m < o->nrows; m++)
					opaired += !(oa >> m & 1);
				if (paired != opaired)
					fail_msg("%s over %s, sub-step %zu: %u rows paired, %u on "
						 "the other side", t.in.v->name, u.in.v->name, k + 1,
						 paired, opaired);
				/* x86-64's AND beside ppc64's: HIGHS alone */
				if (strcmp(t.in.v->name, "x86-64") == 0 &&
				    strcmp(u.in.v->name, "ppc64") == 0 && strstr(s->expr, "HIGHS"))
					for (unsigned r = 0; r < s->nrows; r++)
						if (strcmp(s->rows[r].label, "HIGHS") == 0 &&
						    (!(a >> r & 1) || (d >> r & 1)))
							fail_msg("x86-64's HIGHS beside ppc64's %s: "
								 "not alone", o->expr);
				/* two shifts: ~1, the value ppc64 and s390 shift, is
				   beside the other's value shifted where it has one
				   (x86-64's below >> 7), not alone (rev5 M2) */
				if ((s->op == WV_OP_SHL || s->op == WV_OP_SHR) &&
				    (o->op == WV_OP_SHL || o->op == WV_OP_SHR) &&
				    word_operand(o))
					for (unsigned r = 0; r < s->nrows; r++)
						if (strcmp(s->rows[r].label, "~1") == 0 &&
						    (a >> r & 1))
							fail_msg("%s over %s, sub-step %zu: ~1 "
								 "alone beside %s", t.in.v->name,
								 u.in.v->name, k + 1, o->expr);
				pairs++;
			}
			wv_trace_free(&u);
			wv_trace_free(&t);
		}
	if (pairs < 1000 || alone < 50)
		fail_msg("%u sub-steps paired, %u rows alone", pairs, alone);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escaped),
		cmocka_unit_test(traces),
		cmocka_unit_test(split_links),
		cmocka_unit_test(split_rows_alone),
		cmocka_unit_test(split_alone_marked),
		cmocka_unit_test(legend),
		cmocka_unit_test(contrast),
		cmocka_unit_test(handouts),
		cmocka_unit_test(title_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
