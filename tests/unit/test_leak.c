/*
 * No question can be answered by reading the screen: every question of every
 * shipped lesson, on every variant the lesson allows, rendered as the class
 * sees it before answering (the scene as it opens and the question asked, at
 * 80x24 and 160x45, in the normal and the projector layout, and the handout's
 * question section) must not show the answer in any printed form: its hex
 * with or without 0x, its bits in a row, for a number the sentence, the
 * mark or the row that states it.  After the answer (or s) the same screens
 * show it, with its worked-out lines; the detector is run on those too, so a
 * leak it could not see would fail here.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "questions.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/handout.h"
#include "render/html.h"
#include "app/lessonview.h"
#include "app/view.h"

static struct wv_app app;
static struct wv_class cls;
static struct wv_frame fr;

/* The frame as text, one '\n'-ended line per row. */
static void frame_text(char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int y = 0; y < fr.rows && n + 2 < size; y++) {
		wv_frame_row_text(&fr, y, out + n, size - n - 1);
		n += strlen(out + n);
		out[n++] = '\n';
		out[n] = '\0';
	}
}

/*
 * Is the hex number needle in hay as a whole token (nothing hex around it,
 * or a "0x" before it)?  Digits that could be a byte's bits (only 0 and 1)
 * count only after "0x".
 */
static bool token(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	bool bits_like = strspn(needle, "01") == n;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) {
		bool prefixed = p - hay >= 2 && p[-1] == 'x' && p[-2] == '0' &&
				(p - hay == 2 || !isxdigit((unsigned char)p[-3]));
		char before = p > hay ? p[-1] : ' ', after = p[n];

		if (isxdigit((unsigned char)after) || after == 'x')
			continue;
		if (prefixed || (!bits_like && !isxdigit((unsigned char)before) &&
				 before != 'x'))
			return true;
	}
	return false;
}

/*
 * The answer of the question being checked is also the value of a row the
 * class knows before it: then its hex in the text says nothing, and only
 * the marks are looked for here (tests/unit/test_hide.c checks those
 * questions cell by cell instead).  A narrow answer (an index, a count, a
 * shift) is known when a constant, an operand of the sub-step the question
 * hides from or a row before it holds the same number: a 2 there is
 * another quantity.  A word-wide answer is known only from a constant
 * (cmpb's 0, HIGHS): any other row that holds it shows it, since a word
 * that equals the answer is there because it is the same quantity (an
 * identity's input such as zero_bytemask(mask) = mask on x86-32, the
 * load's wanted word before the fixup that makes it, the loop test's OR of
 * two masks prep_zero_mask returns as they are) or by a coincidence of the
 * word that still hands the answer over.
 */
static bool answer_known;
static unsigned answers_known;

static bool known_before(const struct wv_trace *t, size_t q, uint64_t v, unsigned width)
{
	for (size_t k = 0; k <= q && k < t->nsubs && width < 32; k++)
		for (unsigned ri = 0; ri < t->subs[k].nrows; ri++) {
			const struct wv_row *r = &t->subs[k].rows[ri];

			if (r->value == v && r->width && (k < q || r->kind == WV_ROW_INPUT ||
							  r->kind == WV_ROW_CONST))
				return true;
		}
	for (size_t k = 0; k < t->nsubs; k++)
		for (unsigned ri = 0; ri < t->subs[k].nrows; ri++)
			if (t->subs[k].rows[ri].kind == WV_ROW_CONST &&
			    t->subs[k].rows[ri].value == v && t->subs[k].rows[ri].width)
				return true;
	return false;
}

/* Does text (after the multiple-choice options are dropped) give a away? */
static const char *leak(const char *text, const struct wv_answer *a, unsigned bits)
{
	static char why[160];
	char *copy = strdup(text), *line, *save = NULL;
	const char *found = NULL;
	char hex[40], min[40], bin[70];

	assert_non_null(copy);
	snprintf(hex, sizeof(hex), "%0*llx", (int)(a->width ? (a->width + 3) / 4 : 1),
		 (unsigned long long)a->value);
	snprintf(min, sizeof(min), "0x%llx", (unsigned long long)a->value);
	for (unsigned b = 0; b < a->width && a->width <= 64; b++)
		bin[b] = (a->value >> (a->width - 1 - b)) & 1 ? '1' : '0';
	bin[a->width <= 64 ? a->width : 0] = '\0';

	for (line = strtok_r(copy, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char digits[512], low[512];
		size_t nd = 0;

		/* a multiple-choice question lists the answer among its options */
		if (a->form == WV_FORM_CHOICE && strstr(line, "a) ") &&
		    strstr(line, "b) "))
			continue;
		/* (options wrapped to a line of their own, indented or not) */
		if (a->form == WV_FORM_CHOICE &&
		    line[strspn(line, " ")] >= 'a' && line[strspn(line, " ")] <= 'd' &&
		    line[strspn(line, " ") + 1] == ')')
			continue;
		for (size_t i = 0; line[i] && i + 1 < sizeof(low); i++)
			low[i] = (char)tolower((unsigned char)line[i]), low[i + 1] = '\0';
		if (a->width && answer_known) {
			;
		} else if (a->width) {
			if ((a->width >= 32 || strlen(hex) > 2) && token(low, hex))
				found = "its hex";
			else if (a->width < 32 && strstr(low, min) &&
				 token(low, min + 2) && strncmp(min, "0x", 2) == 0 &&
				 strstr(low, min) != NULL && token(strstr(low, min), min + 2))
				found = "its hex";
			else if (strlen(min) >= 5 && token(low, min))
				found = "its hex, shortened";
			else if (strlen(min) >= 8 && token(low, min + 2))
				found = "its hex, without 0x";
			/* the bits of a register row, marks and spaces dropped,
			   after its label (a row named "1" or "bits - 1": the
			   label ends at the first two spaces) */
			size_t from = 0;

			if (line[0] != ' ' && strstr(line, "  "))
				from = (size_t)(strstr(line, "  ") - line);
			/* up to its hex: the zeros of "0x0000008000000000" after
			   the bits would let a shifted one-bit word pass for
			   the answer's bits */
			for (size_t i = from; line[i] && nd + 1 < sizeof(digits) &&
			     !(line[i] == '0' && line[i + 1] == 'x'); i++)
				if (line[i] == '0' || line[i] == '1')
					digits[nd++] = line[i];
			digits[nd] = '\0';
			if (!found && a->width >= 32 && strstr(digits, bin))
				found = "its bits";
		} else {
			char pat[64];
			const char *p;

			snprintf(pat, sizeof(pat), "= %llu", (unsigned long long)a->value);
			/* "label = K", not "byte += K" */
			for (p = strstr(line, pat); p && !found; p = strstr(p + 1, pat))
				if (!isdigit((unsigned char)p[strlen(pat)]) && p[strlen(pat)] != 'x' &&
				    p - line >= 2 && p[-1] == ' ' &&
				    (isalnum((unsigned char)p[-2]) || p[-2] == ')' || p[-2] == '_'))
					found = "a row or sentence that states it";
			snprintf(pat, sizeof(pat), "%llu byte", (unsigned long long)a->value);
			if (!found && (p = strstr(line, pat)) && (p == line || !isdigit((unsigned char)p[-1])) &&
			    strstr(line, "long"))
				found = "the length, in a sentence";
			snprintf(pat, sizeof(pat), "answer is %llu", (unsigned long long)a->value);
			if (!found && strstr(line, pat))
				found = "the answer, in a sentence";
			snprintf(pat, sizeof(pat), "answer: %llu", (unsigned long long)a->value);
			if (!found && strstr(line, pat))
				found = "the answer, in a sentence";
		}
		/* marks that point at the answer: '=' between bits, the memory
		   panel's terminator, the handout's "first" */
		if (!found && strncmp(line, "mark |", 6) == 0 && strchr(line, '='))
			found = "the terminator mark in the memory panel";
		for (size_t i = 1; !found && line[i] && line[i + 1]; i++)
			if (line[i] == '=' && strchr("01?", line[i - 1]) &&
			    strchr("01?", line[i + 1]))
				found = "an answer mark between bits";
		if (!found && (strstr(line, "= first") || strstr(line, "=0 first") ||
			       strstr(line, "=* first")))
			found = "an answer mark in the handout";
		if (found)
			snprintf(why, sizeof(why), "%s: \"%.100s\"", found, line);
	}
	free(copy);
	(void)bits;
	return found ? why : NULL;
}

static unsigned frames_checked, planted, leaks;

/*
 * WATVIZ_LEAK_COUNT=1 counts the screens that give an answer away instead of
 * failing at the first (to measure a tree before a fix; make check never
 * sets it).
 */
static bool counting(void)
{
	const char *c = getenv("WATVIZ_LEAK_COUNT");

	return c && *c == '1';
}

/* Render the class's screens now; each must (or must not) give a away. */
static void check_screens(const char *what, bool want_leak, bool present)
{
	static const int sizes[][2] = { { 24, 80 }, { 45, 160 } };
	static char text[45 * 170 + 100];

	for (size_t z = 0; z < 2; z++) {
		const char *why;

		cls.present = present;
		assert_int_equal(wv_frame_init(&fr, sizes[z][0], sizes[z][1]), 0);
		wv_lessonview_build(&fr, &cls);
		frame_text(text, sizeof(text));
		why = leak(text, &cls.answer, app.trace.v->bits);
		frames_checked++;
		if (!want_leak && why && counting())
			leaks++;
		else if (!want_leak && why)
			fail_msg("%s at %dx%d%s: the answer shows (%s)\n%s", what, sizes[z][1],
				 sizes[z][0], present ? ", --present" : "", why, text);
		if (want_leak && !why && cls.answer.width >= 32)
			fail_msg("%s at %dx%d%s: the answer is not seen once shown\n%s", what,
				 sizes[z][1], sizes[z][0], present ? ", --present" : "", text);
		planted += want_leak && why;
		wv_frame_free(&fr);
	}
}

/* The question's screens hidden, then shown with its worked answer. */
static void hidden_then_shown(size_t scene, const char *what, void *ctx)
{
	(void)ctx;
	answer_known = cls.answer.width &&
		known_before(&app.trace, app.quiz_pos, cls.answer.value, cls.answer.width);
	answers_known += answer_known;
	/* the scene as it opens, then the question asked */
	for (int present = 0; present < 2; present++) {
		wv_class_goto(&cls, scene);
		check_screens(what, false, present);
		wv_class_do(&cls, WV_ACT_ANSWER);
		check_screens(what, false, present);
		/* stepping past the question's sub-step shows nothing */
		wv_class_do(&cls, WV_ACT_NEXT);
		check_screens(what, false, present);
	}
	/* shown: the answer is there, worked out */
	answer_known = false;
	wv_class_goto(&cls, scene);
	wv_class_do(&cls, WV_ACT_REVEAL);
	check_screens(what, true, false);
	assert_true(cls.answer.worked[0] != '\0');
}

static void every_question(void **state)
{
	(void)state;
	unsigned triples = each_question(&cls, &app, hidden_then_shown, NULL);

	printf("# %u (lesson, variant, question) triples, %u frames; the detector "
	       "saw %u revealed answers; %u answers equal a value known before "
	       "(their hex not looked for)\n", triples, frames_checked, planted,
	       answers_known);
	if (counting())
		printf("# %u frames gave the answer away\n", leaks);
	assert_true(planted > triples / 2);
}

/*
 * An HTML handout as the text a reader sees: tags dropped, a cell a word,
 * a row or block a line, entities decoded.  Into a string to free.
 */
static char *html_text(const char *h)
{
	char *out = malloc(strlen(h) + 1), *o = out;

	assert_non_null(out);
	while (*h) {
		if (*h == '<') {
			const char *end = strchr(h, '>');

			if (!end)
				break;
			if (strncmp(h, "</td", 4) == 0 || strncmp(h, "</th", 4) == 0)
				*o++ = ' ';
			else if (strncmp(h, "</tr", 4) == 0 || strncmp(h, "</p", 3) == 0 ||
				 strncmp(h, "</h", 3) == 0 || strncmp(h, "</li", 4) == 0)
				*o++ = '\n';
			h = end + 1;
		} else if (*h == '&') {
			static const char *const ent[][2] = {
				{ "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" },
				{ "&quot;", "\"" },
			};
			size_t k;

			for (k = 0; k < 4 && strncmp(h, ent[k][0], strlen(ent[k][0])); k++)
				;
			*o++ = k < 4 ? ent[k][1][0] : '&';
			h += k < 4 ? strlen(ent[k][0]) : 1;
		} else {
			*o++ = *h++;
		}
	}
	*o = '\0';
	return out;
}

/*
 * The HTML handout of l on v, whole: each question's scene, up to its
 * question, hides the answer (the page holds no other copy above the
 * answers section: no <details>); its entry in the answers section shows
 * it.  Returns how many questions it checked.
 */
static unsigned html_handout(const wv_lesson *l, unsigned number,
			     const struct wv_variant *v)
{
	struct wv_handout_opts o = { .number = number, .variant = v };
	char *buf = NULL, *text;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	unsigned q = 0;
	const char *answers;

	assert_non_null(out);
	assert_int_equal(wv_html_handout(out, l, &o), 0);
	fclose(out);
	text = html_text(buf);
	answers = strstr(text, "\nAnswers\n");
	for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
		const struct wv_scene *s = wv_lesson_scene(l, i);
		struct wv_trace_in in;
		struct wv_trace t;
		struct wv_answer a;
		char head[200];
		const char *from, *ask, *to, *next, *why;
		char *part;

		if (s->q.ask == WV_ASK_NONE)
			continue;
		q++;
		wv_lesson_scene_input(l, i, v, &in, NULL);
		assert_int_equal(wv_trace_build(&t, &in), 0);
		assert_int_equal(wv_lesson_answer(s, &t, &a), 0);
		answer_known = a.width && known_before(&t, wv_lesson_quiz_sub(s, &t), a.value, a.width);
		snprintf(head, sizeof(head), "Scene %zu of %zu: %s", i + 1,
			 wv_lesson_nscenes(l), s->title);
		from = strstr(text, head);
		ask = from ? strstr(from, "\nQuestion ") : NULL;	/* its options follow */
		assert_non_null(from);
		assert_non_null(ask);
		assert_non_null(answers);
		assert_true(ask < answers);
		/* the whole scene, to the next one or the answers; a choice's
		   options list the answer, so only up to its question */
		next = strstr(ask, "\nScene ");
		to = a.form == WV_FORM_CHOICE ? ask : next && next < answers ? next : answers;
		part = strndup(from, (size_t)(to - from));
		why = leak(part, &a, t.v->bits);
		if (why && counting())
			leaks++;
		else if (why)
			fail_msg("HTML handout %u on %s, question %u: the answer shows "
				 "in its scene, above the answers (%s)", number, v->name, q, why);
		free(part);
		answer_known = false;
		/* its answer, worked out, in the answers section only */
		snprintf(head, sizeof(head), "\nQuestion %u (scene %zu, ", q, i + 1);
		to = strstr(answers, head);
		assert_non_null(to);
		next = strstr(to + 1, "\nQuestion ");
		part = strndup(to, next ? (size_t)(next - to) : strlen(to));
		if (a.width >= 32 && !leak(part, &a, t.v->bits))
			fail_msg("HTML handout %u on %s, question %u: its answer in the "
				 "answers section does not show it", number, v->name, q);
		free(part);
		wv_trace_free(&t);
	}
	free(text);
	free(buf);
	return q;
}

/* The handout: each question's scene hides its answer; the answers show it. */
static void handouts(void **state)
{
	(void)state;
	struct wv_lesson_file files[32];
	int n = wv_lesson_list("lessons", files, 32);
	unsigned checked = 0;

	for (int f = 0; f < n; f++) {
		wv_lesson *l;
		struct wv_error e;

		assert_int_equal(wv_lesson_load(files[f].path, &l, &e), 0);
		for (size_t vi = 0; vi < wv_lesson_nvariants(l); vi++) {
			const struct wv_variant *v = wv_lesson_variant(l, vi);
			struct wv_handout_opts o = { .number = files[f].number, .variant = v };
			char *buf = NULL;
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);
			unsigned q = 0;

			checked += html_handout(l, files[f].number, v);
			assert_non_null(out);
			assert_int_equal(wv_handout_render(out, l, &o), 0);
			fclose(out);
			const char *answers = strstr(buf, "\nAnswers\n");

			for (size_t i = 0; i < wv_lesson_nscenes(l); i++) {
				const struct wv_scene *s = wv_lesson_scene(l, i);
				struct wv_trace_in in;
				struct wv_trace t;
				struct wv_answer a;
				char head[200], qhead[40];

				if (s->q.ask == WV_ASK_NONE)
					continue;
				wv_lesson_scene_input(l, i, v, &in, NULL);
				assert_int_equal(wv_trace_build(&t, &in), 0);
				assert_int_equal(wv_lesson_answer(s, &t, &a), 0);
				answer_known = a.width &&
					known_before(&t, wv_lesson_quiz_sub(s, &t), a.value, a.width);
				snprintf(head, sizeof(head), "Scene %zu of %zu: %s", i + 1,
					 wv_lesson_nscenes(l), s->title);
				snprintf(qhead, sizeof(qhead), "Question %u:", ++q);
				const char *from = strstr(buf, head), *to = from ? strstr(from, qhead) : NULL;

				assert_non_null(from);
				assert_non_null(to);
				char *section = strndup(from, (size_t)(to - from));
				const char *why = leak(section, &a, t.v->bits);

				if (why && counting())
					leaks++;
				else if (why)
					fail_msg("handout %u on %s, question %u: the answer shows (%s)",
						 files[f].number, v->name, q, why);
				free(section);
				answer_known = false;
				if (counting()) {
					wv_trace_free(&t);
					continue;
				}
				/* the answers section: the value and the scene, whole */
				char val[40], lead[60];

				wv_lesson_format(&a, a.value, val, sizeof(val));
				snprintf(lead, sizeof(lead), "\n%u. Answer: ", q);
				assert_non_null(answers);
				const char *entry = strstr(answers, lead);

				assert_non_null(entry);
				assert_non_null(strstr(entry, val));
				if (a.width >= 32) {
					const char *next;

					snprintf(lead, sizeof(lead), "\n%u. Answer: ", q + 1);
					next = strstr(entry + 1, lead);
					char *e2 = strndup(entry, next ? (size_t)(next - entry) : strlen(entry));

					/* the complete scene again: its rows show the value */
					assert_non_null(leak(e2 + strlen(lead) + strlen(val), &a, t.v->bits));
					free(e2);
				}
				checked++;
				wv_trace_free(&t);
			}
			free(buf);
		}
		wv_lesson_free(l);
	}
	printf("# %u handout questions\n", checked);
	if (counting())
		printf("# %u frames and handout questions gave the answer away\n", leaks);
	assert_true(checked > 100);
}

/* The detector itself: a planted leak of each kind is seen. */
static void detector_sees_leaks(void **state)
{
	(void)state;
	struct wv_answer hex = { .value = 0x0000800000808080, .width = 64,
				 .form = WV_FORM_HEX };
	struct wv_answer num = { .value = 4, .width = 0, .form = WV_FORM_NUMBER };

	assert_null(leak("flags      ???????? ???????? ?\n", &hex, 64));
	assert_non_null(leak("flags = 0x0000800000808080\n", &hex, 64));
	assert_non_null(leak("has_zero gives 800000808080 here\n", &hex, 64));
	assert_non_null(leak("flags 00000000 00000000=10000000 00000000 00000000*10000000"
			     "*10000000*10000000\n", &hex, 64));
	assert_null(leak("find_zero = ?\n", &num, 64));
	assert_non_null(leak("find_zero = 4\n", &num, 64));
	assert_non_null(leak("and the string is 4 bytes long.\n", &num, 64));
	assert_non_null(leak("mark | >      =        n  f  f|\n", &num, 64));
	assert_non_null(leak("               = first NUL, memory 2\n", &num, 64));
	assert_non_null(leak("a  01100001=00000000 01100011\n", &num, 64));
	assert_null(leak("clz = 47\n", &num, 64));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(detector_sees_leaks),
		cmocka_unit_test(every_question),
		cmocka_unit_test(handouts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
