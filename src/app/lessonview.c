/*
 * The lesson screens as frames: scene (narration, question, worked answer),
 * the projector layout, the end screen.  Pure code; see app/lessonview.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/lessonview.h"

#include <stdio.h>
#include <string.h>

#include "app/view.h"
#include "trace/word.h"

static const struct wv_scene *scene(const struct wv_class *c)
{
	return wv_lesson_scene(c->lesson, c->scene);
}

/* Row 0: the lesson, and where in it the class is. */
static void lesson_bar(struct wv_frame *f, const struct wv_class *c)
{
	char where[40];
	int room;

	if (c->phase == WV_CLASS_END)
		snprintf(where, sizeof(where), " the end ");
	else
		snprintf(where, sizeof(where), " scene %zu of %zu ", c->scene + 1,
			 c->nscenes);
	room = f->cols - (int)strlen(where) - 2;
	wv_frame_fill(f, 0, 0, f->cols, WV_ROLE_TITLE, ' ');
	int x = wv_frame_printf(f, 0, 0, WV_ROLE_TITLE, " Lesson %u: ", c->number);

	wv_frame_fit(f, 0, x, room - x, WV_ROLE_TITLE, wv_lesson_title(c->lesson));
	wv_frame_put(f, 0, f->cols - (int)strlen(where), WV_ROLE_TITLE, where);
}

/* ---- the text panel: narration, question, worked answer ----------------- */

/* Where text goes; f NULL only counts the lines. */
struct pen {
	struct wv_frame *f;
	int y, ymax, x, width;
	bool gaps;		/* a blank line between paragraphs */
	const char *memory;	/* what {memory} says: WV_MEMORY_PANEL or _STRIP */
	bool cut;		/* some text did not fit above ymax */
};

/* The memory as c's layouts other than the split draw it: the one-line
   strip in --present, else the panel (wv_lessonview_split decides its own). */
static const char *memory_shown(const struct wv_class *c)
{
	return c->present ? WV_MEMORY_STRIP : WV_MEMORY_PANEL;
}

static void line(struct pen *p, enum wv_role role, const char *text)
{
	int room = p->ymax - p->y, n = 0;

	if (room > 0)
		n = wv_view_wrap(p->f, p->y, p->x, p->width, room, role, text);
	/* cut: a line more would have taken some */
	if (*text && wv_view_wrap(NULL, 0, 0, p->width, n + 1, role, text) > n)
		p->cut = true;
	p->y += n;
}

static void gap(struct pen *p)
{
	if (p->gaps)
		p->y++;
}

/* Each '\n'-separated paragraph of text. */
static void paragraphs(struct pen *p, enum wv_role role, const char *text)
{
	char para[WV_ANSWER_TEXT_MAX];

	for (bool first = true; text && *text; first = false) {
		size_t n = strcspn(text, "\n");

		if (n >= sizeof(para))
			n = sizeof(para) - 1;
		memcpy(para, text, n);
		para[n] = '\0';
		if (!first)
			gap(p);
		line(p, role, para);
		text += n;
		text += *text == '\n';
	}
}

static const char *next_hint(const struct wv_class *c)
{
	return c->scene + 1 < c->nscenes ? "Enter: next scene."
					 : "Enter: the end of the lesson.";
}

static void narration_hint(struct pen *p, const struct wv_class *c, bool hint);

static void narration(struct pen *p, const struct wv_class *c)
{
	narration_hint(p, c, true);
}

/* The scene's narration; hint: with what Enter does after it. */
static void narration_hint(struct pen *p, const struct wv_class *c, bool hint)
{
	char buf[200];
	int ymax = p->ymax;

	/* what Enter does stays in view under a narration cut short */
	if (hint)
		p->ymax--;

	if (c->kept && c->arch)
		snprintf(buf, sizeof(buf), "This scene needs %s, not %s (the --arch "
			 "variant).", c->in.v->name, c->arch->name);
	else if (c->kept)
		snprintf(buf, sizeof(buf), "This scene needs %s, not the lesson's %s.",
			 c->in.v->name, wv_lesson_variant(c->lesson, 0)->name);
	if (c->kept)
		line(p, WV_ROLE_HEADING, buf);
	if (c->withdrawn) {
		/* the trace it was asked on: the scene's word, or the one w drew */
		snprintf(buf, sizeof(buf), "The question was asked on the trace of "
			 "\"%.20s\" on %s: it is withdrawn. :scene %zu asks it again.",
			 c->in.word == c->fresh ? c->fresh_src : scene(c)->word_src,
			 c->in.v->name, c->scene + 1);
		line(p, WV_ROLE_HEADING, buf);
	}
	{
		char text[WV_NARRATION_MAX];

		if (wv_class_narrate(c, p->memory, text, sizeof(text)) != 0)
			snprintf(text, sizeof(text), "(This narration needs values "
				 "the word as changed does not have.)");
		paragraphs(p, WV_ROLE_TEXT, text);
	}
	if (c->sources) {
		const struct wv_scene *s = scene(c);

		gap(p);
		line(p, WV_ROLE_HEADING, s->nsources ? "Kernel sources (i hides them):"
			  : "This scene cites no kernel source (i hides this).");
		for (size_t i = 0; i < s->nsources; i++)
			line(p, WV_ROLE_DIM, s->sources[i]);
	}
	p->ymax = ymax;
	if (!hint || p->y + 1 < p->ymax)
		gap(p);
	if (hint) {
		/* a narration cut short says so, and which key reads it */
		snprintf(buf, sizeof(buf), "%s%s", c->has_question ? "Enter: the question."
			 : next_hint(c), p->cut ? "  " WV_LESSONVIEW_CUT_HINT : "");
		line(p, WV_ROLE_DIM, buf);
	}
}

/* "a) 0x...   b) 0x..." as many to a line as fit. */
static void choices(struct pen *p, const struct wv_answer *a)
{
	int x = 0;

	for (unsigned i = 0; i < a->nchoices; i++) {
		char val[40], item[48];
		int len;

		wv_lesson_format(a, a->choices[i], val, sizeof(val));
		len = snprintf(item, sizeof(item), "%c) %s", 'a' + i, val);
		if (x && x + 4 + len > p->width) {
			p->y++;
			x = 0;
		}
		x += x ? 4 : 0;
		if (p->y >= p->ymax)
			p->cut = true;
		else if (p->f)
			wv_frame_put(p->f, p->y, p->x + x, WV_ROLE_TEXT, item);
		x += len;
	}
	p->y++;
}

/* "Question: ..." as the scene asks it, the word in its heading's role. */
static void ask_line(struct pen *p, const struct wv_class *c)
{
	char buf[WV_ANSWER_TEXT_MAX], prompt[WV_ANSWER_TEXT_MAX - 16];
	int y = p->y;

	if (wv_lesson_prompt_hiding(scene(c), &c->app->trace, wv_class_hiding(c),
				    p->memory, prompt, sizeof(prompt), NULL) != 0)
		snprintf(prompt, sizeof(prompt), "%s", scene(c)->q.prompt);
	snprintf(buf, sizeof(buf), "Question: %s", prompt);
	line(p, WV_ROLE_TEXT, buf);
	if (p->f && y < p->ymax)
		wv_frame_put(p->f, y, p->x, WV_ROLE_HEADING, "Question:");
}

/*
 * Text the class typed, as the frame can show it: a character of one
 * column as it is (so "0x8\u00e9" shows its e-acute), another as \u and its
 * code point (a wide or combining character, a control), a byte that is
 * not UTF-8 as \xHH.  Into out, always terminated.
 */
static void typed_echo(const char *s, char *out, size_t size)
{
	size_t n = strlen(s), used = 0;

	for (size_t i = 0; i < n && used + 1 < size;) {
		uint32_t cp = 0;
		size_t len = wv_word_utf8_len(s + i, n - i, &cp);
		int w;

		if (len && wv_word_is_narrow(cp))
			w = snprintf(out + used, size - used, "%.*s", (int)len, s + i);
		else if (len > 1)
			w = snprintf(out + used, size - used, "\\u%04x", (unsigned)cp);
		else
			w = snprintf(out + used, size - used, "\\x%02x", (unsigned char)s[i]);
		if ((size_t)w >= size - used)
			break;		/* never half a character or escape */
		used += (size_t)w;
		i += len ? len : 1;
	}
	out[used] = '\0';
}

static void question(struct pen *p, const struct wv_class *c)
{
	char buf[WV_ANSWER_TEXT_MAX], echo[WV_ANSWER_TEXT_MAX / 2];

	ask_line(p, c);
	gap(p);
	if (c->answer.form == WV_FORM_CHOICE)
		choices(p, &c->answer);
	else if (c->answer.form == WV_FORM_FORMULA)
		line(p, WV_ROLE_DIM, "Answer with a C formula over the question's names: + - * & | ^ ~ << "
		     ">>, ONES, HIGHS, LOW7, REPEAT_BYTE(x), clz, ctz, popcount, cmpb ... "
		     "watviz checks it for every word.");
	else
		line(p, WV_ROLE_DIM, c->answer.form == WV_FORM_HEX
		     ? "Answer in hex, such as 0x8080." : "Answer with a number.");
	gap(p);
	if (c->unreadable[0]) {
		typed_echo(c->unreadable, echo, sizeof(echo));
		snprintf(buf, sizeof(buf), "? %s. Fix it on the line below.", echo);
		line(p, WV_ROLE_ERROR, buf);
	} else if (c->wrong) {
		snprintf(buf, sizeof(buf), "! %s is not it (%u wrong so far)%s%s. Type "
			 "another answer; %s shows the answer%s.", c->last_wrong, c->wrong,
			 c->wrong_why[0] ? ": " : "", c->wrong_why,
			 c->answer.form == WV_FORM_FORMULA ? "Esc, then s," : "s",
			 scene(c)->practice ? ", w another word" : "");
		line(p, WV_ROLE_FALSEPOS, buf);
		/* one nudge before the worked answer (s) */
		if (c->answer.hint[0]) {
			snprintf(buf, sizeof(buf), "Hint: %s", c->answer.hint);
			line(p, WV_ROLE_TEXT, buf);
		}
	} else {
		line(p, WV_ROLE_DIM, c->answer.form == WV_FORM_FORMULA
		     ? "Enter: type the formula (Esc leaves the answer line; then s "
		       "shows it, ] and [ change scene)."
		     : "Enter: type the answer (s shows it, ] and [ change scene, Esc "
		       "leaves the answer line).");
	}
}

static void feedback(struct pen *p, const struct wv_class *c)
{
	const struct wv_answer *a = &c->answer;
	char val[40], buf[200], worked[WV_ANSWER_TEXT_MAX];

	wv_lesson_format(a, a->value, val, sizeof(val));
	if (a->form == WV_FORM_FORMULA)
		snprintf(val, sizeof(val), "%s", c->revealed ? "see below" : "it holds");
	if (a->form == WV_FORM_FORMULA && !c->revealed)
		snprintf(buf, sizeof(buf), "Right: %.150s", c->wrong_why);
	else if (a->form == WV_FORM_CHOICE)
		snprintf(buf, sizeof(buf), "%s %c) %s", c->revealed ? "The answer:"
			 : "Right:", 'a' + a->right, val);
	else
		snprintf(buf, sizeof(buf), "%s %s", c->revealed ? "The answer:"
			 : "Right:", val);
	if (c->wrong && c->revealed)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			 "  (%s was not it)", c->last_wrong);
	else if (c->wrong)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			 "  (after %u wrong)", c->wrong);
	/* the question stays on screen over its answer */
	ask_line(p, c);
	line(p, WV_ROLE_ANSWER, buf);
	gap(p);
	/* not what a question still to come asks: the rows' '?' hold */
	wv_class_worked(c, worked, sizeof(worked));
	line(p, WV_ROLE_TEXT, worked);
	gap(p);
	line(p, WV_ROLE_DIM, next_hint(c));
	if (scene(c)->practice)
		line(p, WV_ROLE_DIM, "w: another word, the same question on it.");
}

/* The text of c's phase: the question, its feedback or the narration. */
static void phase_text(struct pen *p, const struct wv_class *c)
{
	if (c->phase == WV_CLASS_ASK)
		question(p, c);
	else if (c->phase == WV_CLASS_FEEDBACK)
		feedback(p, c);
	else
		narration(p, c);
}

/* The panel for c's phase from row y; returns the lines it took.  memory:
   what the frame draws the memory as (NULL: memory_shown). */
static int text_panel(struct wv_frame *f, const struct wv_class *c, int y,
		      int ymax, int x, int width, bool gaps, const char *memory)
{
	struct pen p = { f, y, ymax, x, width, gaps, memory ? memory : memory_shown(c),
			 false };
	const char *says = c->phase == WV_CLASS_ASK ? WV_LESSONVIEW_CUT_HINT_ASK
			   : WV_LESSONVIEW_CUT_HINT;
	int hint = (int)strlen(says);

	phase_text(&p, c);
	/* a question or worked answer cut short: its last row ends saying
	   so (the narration says it on its own last line) */
	if (p.cut && f && c->phase != WV_CLASS_SCENE && p.y > y && width > hint + 8) {
		wv_frame_fill(f, p.y - 1, x + width - hint - 2, hint + 2, WV_ROLE_DIM, ' ');
		wv_frame_put(f, p.y - 1, x + width - hint, WV_ROLE_DIM, says);
		wv_frame_fill(f, p.y - 1, x + width - hint - 2, 1, WV_ROLE_DIM, WV_CH_CUT);
	}
	return p.y - y;
}

size_t wv_lessonview_said(const struct wv_class *c, char *out, size_t size)
{
	struct wv_frame f = { 0 };
	struct pen p = { &f, 0, 0, 0, 200, false, memory_shown(c), false };
	size_t n = 0;

	if (!size)
		return 0;
	out[0] = '\0';
	if (c->phase == WV_CLASS_END || c->scene >= c->nscenes ||
	    wv_frame_init(&f, 120, p.width) < 0)	/* 8 KiB of narration: 41 rows */
		return 0;
	p.ymax = f.rows;
	/* while the question is asked, the narration it follows too */
	if (c->phase == WV_CLASS_ASK)
		narration_hint(&p, c, false);
	phase_text(&p, c);
	for (int y = 0; y < p.y; y++) {
		char row[256];

		wv_frame_row_text(&f, y, row, sizeof(row));
		if (row[0] && n + 1 < size)
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", row);
		if (n >= size)
			n = size - 1;
	}
	wv_frame_free(&f);
	return n;
}

static int text_lines(const struct wv_class *c, int width, bool gaps)
{
	return text_panel(NULL, c, 0, 10000, 0, width, gaps, NULL);
}

/* The rows of bits; while a question is open, what it hides is '?'. */
static struct wv_view_regs regs_opts(const struct wv_class *c, int cell)
{
	return (struct wv_view_regs){ .cell = cell, .hide = wv_view_hide(c->app) };
}

/*
 * Text from y, then the sub-step's rows below it, sharing rows [y, ymax):
 * the text whole when it can be, blank lines between paragraphs when they
 * fit too.  The sub-step keeps 4 rows, except under a narration that needs
 * them to be read whole (a long scene on 80x24): then it has what the text
 * leaves, and its 4 rows come back with the question.
 */
static void text_and_bits(struct wv_frame *f, const struct wv_class *c, int y,
			  int ymax, int x, int width)
{
	struct wv_view_regs o = regs_opts(c, 1);
	int avail = ymax - y, regs, tl;
	bool gaps = true;

	regs = wv_view_registers_need(f, c->app, avail - 3, &o);
	if (text_lines(c, width, true) + 1 + regs > avail) {
		gaps = false;
		tl = text_lines(c, width, false);
		if (tl + regs > avail)
			regs = avail - tl > 4 ? avail - tl : 4;
		if (tl + regs > avail && c->phase == WV_CLASS_SCENE)
			regs = 0;
	}
	tl = text_panel(f, c, y, ymax - regs, x, width, gaps, NULL);
	y += tl + (gaps && y + tl + regs < ymax);
	/* a tall screen: the function's earlier sub-steps above its rows */
	if (f->rows >= 30)
		y += wv_view_earlier(f, c->app, y, ymax - regs, &o);
	wv_view_registers(f, c->app, y, ymax, &o);
	if (f->rows >= 30)
		wv_view_later(f, c->app, y + regs, ymax, &o);
}

/* ---- the screens ---------------------------------------------------------- */

static void status(struct wv_frame *f, const struct wv_class *c)
{
	static const char *const scene_hints[] = {
		"Enter next", "]/[ scene", "Left/Right sub-step", "r autoplay",
		"? help", "q quit", NULL };
	static const char *const question_hints[] = {
		"Enter question", "]/[ scene", "Left/Right sub-step", "r autoplay",
		"? help", "q quit", NULL };
	static const char *const explore_hints[] = {
		"m change a byte", "Tab a bit", "u undo", "Enter next", "]/[ scene",
		"? help", "q quit", NULL };
	static const char *const ask_hints[] = {
		"Enter answer", "s show answer", "]/[ scene", "? help", "q quit", NULL };
	static const char *const end_hints[] = {
		"[ back", "g start over", "q quit", NULL };
	static const char *const end_next_hints[] = {
		"n next lesson", "[ back", "g start over", "q quit", NULL };
	static const char *const play_hints[] = {
		"any key takes over", NULL };
	const char *const *hints = c->phase == WV_CLASS_END
		? (wv_class_next(c) >= 0 ? end_next_hints : end_hints)
		: c->app->playing ? play_hints
		: c->phase == WV_CLASS_ASK ? ask_hints
		: c->phase == WV_CLASS_SCENE && c->has_question ? question_hints
		: c->phase == WV_CLASS_SCENE && scene(c)->explore ? explore_hints
		: scene_hints;
	char where[48];

	if (c->phase == WV_CLASS_END)
		snprintf(where, sizeof(where), "end");
	else
		snprintf(where, sizeof(where), "scene %zu/%zu%s", c->scene + 1,
			 c->nscenes, c->app->playing ? " AUTOPLAY" : "");
	wv_view_status(f, c->app, where, hints);
	wv_view_message(f, c->app);
}

/*
 * A "measure:" scene: its chart in place of the memory and the bits, the
 * narration under it, from column x, width wide (the chart wider, up to
 * chart_w).
 */
static void measure_scene(struct wv_frame *f, const struct wv_class *c, int x,
			  int width, int chart_w)
{
	const struct wv_scene *s = scene(c);
	int y = 2, ymax = f->rows - 2;

	lesson_bar(f, c);
	/* the word and variant the visualizer's keys work on, as every scene */
	wv_frame_printf(f, 1, wv_frame_put(f, 1, x, WV_ROLE_HEADING, s->title) + 2,
			WV_ROLE_DIM, "\"%s\" on %s%s", c->app->word_src, c->app->v->name,
			wv_class_arch_note(c));
	y += wv_view_chart(f, y, ymax, x, chart_w, c->measured ? &c->measure : NULL,
			   (enum wv_measure_group)s->measure, c->measure_why);
	y += f->rows >= 30;
	text_panel(f, c, y, ymax, x, width, text_lines(c, width, true) <= ymax - y, NULL);
	status(f, c);
}

void wv_lessonview_scene(struct wv_frame *f, const struct wv_class *c)
{
	if (scene(c)->measure >= 0) {
		measure_scene(f, c, 0, wv_view_measure(f->cols), f->cols > 100 ? 100 : f->cols);
		return;
	}

	const struct wv_app *app = c->app;
	int x, y;

	lesson_bar(f, c);
	x = wv_frame_put(f, 1, 0, WV_ROLE_HEADING, scene(c)->title);
	x = wv_frame_printf(f, 1, x + 2, WV_ROLE_DIM, "\"%s\" on %s%s",
			    app->word_src, app->v->name, wv_class_arch_note(c));
	if (wv_class_exploring(c))
		wv_frame_put(f, 1, x, WV_ROLE_DIM, " (changed by you)");
	else if (scene(c)->explore)
		wv_frame_put(f, 1, x, WV_ROLE_HEADING, "  change a byte: m");
	y = 2 + wv_view_memory(f, app, 2);
	y += wv_view_function(f, app, y);
	if (f->cols >= 120 && f->rows >= 30 && f->rows < 40)
		y += wv_view_pipeline(f, app, y, 2);
	/* a projector-sized screen keeps the bottom for the calls and marks */
	int calls = f->cols >= 120 && f->rows >= 40 ? wv_view_calls_need(app) : 0;

	/* the marks' legend over the status line where the narration keeps
	   its room (at 80x24 it is in ? help) */
	bool legend = calls || f->rows >= 30;

	text_and_bits(f, c, y, f->rows - 2 - (calls ? calls : legend), 0,
		      wv_view_measure(f->cols));
	if (calls)
		wv_view_calls(f, app, f->rows - 2 - calls, f->rows - 3);
	if (legend)
		wv_view_legend(f, f->rows - 3);
	status(f, c);
}

/*
 * The scene in --present, its parts apart by what the screen spares
 * (struct present_grow); returns the rows left blank under the narration.
 */
struct present_grow {
	int lead;	/* lines more under each row of the current sub-step */
	int top;	/* blank rows over the sub-steps */
	int mid;	/* blank rows between the sub-steps and the narration */
};

static int present_body(struct wv_frame *f, const struct wv_class *c, int margin,
			int width, const struct present_grow *g)
{
	lesson_bar(f, c);
	/* the title, the word and the variant: always in view */
	int x = wv_frame_put(f, 1, margin, WV_ROLE_HEADING, scene(c)->title);

	wv_frame_printf(f, 1, x + 2, WV_ROLE_TEXT, "\"%s\" on %s%s%s",
			c->app->word_src, c->app->v->name, wv_class_arch_note(c),
			wv_class_exploring(c) ? " (changed by you)"
			: scene(c)->explore ? "  change a byte: m" : "");
	int y = 2 + wv_view_memory_line(f, c->app, 2, margin);
	struct wv_view_regs o = regs_opts(c, wv_view_regs_cell(f, c->app));

	/* bits grouped by byte, a blank between bytes */
	o.gap = o.cell == 1 && wv_view_regs_gap(f, c->app, 1);

	y += wv_view_function(f, c->app, y);
	if (f->cols >= 120 && f->rows >= 36 && f->rows < 40)
		y += wv_view_pipeline(f, c->app, y, 2);
	y++;
	/* a projector: the whole sequence of calls at the bottom */
	int cn = f->cols >= 120 ? wv_view_calls_need(c->app) : 0;
	int calls = f->rows >= 40 ? cn : 0;

	/* the bits first, full width and spaced where that fits; the words
	   under them, narrower */
	int ymax = f->rows - 2 - calls, avail = ymax - y;
	int regs = wv_view_registers_need(f, c->app, avail - 4, &o);
	/* the rows whole, each with its label and hex (captioned, label =
	   hex over the bits, where both do not fit beside them: at 80
	   columns), before the narration, which keeps at least 3 rows and
	   is read aloud anyway: it loses its blank lines, then its end */
	int tl = text_lines(c, width, true);

	if (tl + regs + 1 > avail)
		tl = avail - regs - 1;
	/* rows to spare (120x36: 18 under lesson 1's first scene): the
	   calls so far at the bottom, as a projector's 40 rows show them */
	if (!calls && cn && f->rows >= 30) {
		int early = f->rows >= 36 ? wv_view_earlier_need(f, c->app, 1000, &o) : 0;

		if (avail - tl - 1 - regs - early >= cn + 1) {
			calls = cn;
			ymax -= calls;
			avail -= calls;
		}
	}
	if (calls && wv_view_calls(f, c->app, f->rows - 2 - calls, f->rows - 3))
		wv_view_legend(f, f->rows - 3);
	/* what the screen spares, measured without it (g all 0): the
	   current sub-step's rows apart, blank rows over them and under */
	struct wv_view_regs co = o;

	co.lead = g->lead;
	y += g->top;
	regs = wv_view_registers_need(f, c->app, avail - 4 + g->lead *
				      (int)c->app->trace.subs[c->app->pos].nrows, &co);
	/* a projector-sized window: the earlier sub-steps too, big */
	if (f->rows >= 36)
		y += wv_view_earlier(f, c->app, y, ymax - tl - 1 - regs - g->mid, &o);
	wv_view_registers(f, c->app, y, y + regs, &co);
	if (f->rows >= 36)
		y += wv_view_later(f, c->app, y + regs, ymax - tl - 1 - g->mid, &o);
	y += regs + 1 + g->mid;
	y += text_panel(f, c, y, f->rows - 2, margin, width,
			text_lines(c, width, true) <= f->rows - 2 - y, NULL);
	return ymax > y ? ymax - y : 0;
}

void wv_lessonview_present(struct wv_frame *f, const struct wv_class *c)
{
	int margin = f->cols >= 100 ? 6 : 2, width = f->cols - 2 * margin;

	if (width > 76)
		width = 76;
	if (scene(c)->measure >= 0) {
		int cw = f->cols - 2 * margin;

		measure_scene(f, c, margin, width, cw > 100 ? 100 : cw);
		return;
	}
	/* issue 47: a projector's rows are used, not left blank.  Laid out
	   once on a scratch frame to see what it spares, then with the
	   current sub-step's cells taller (lines more under each row, its
	   1 bits drawn down them) and the rest shared over the
	   sub-steps, between them and the narration, and under it */
	struct present_grow g = { 0 };
	struct wv_frame scratch = { 0 };
	int spare = 0;

	if (f->rows >= 30 && wv_frame_init(&scratch, f->rows, f->cols) == 0) {
		spare = present_body(&scratch, c, margin, width, &g);
		wv_frame_free(&scratch);
	}
	if (spare > 0) {
		int n = (int)c->app->trace.subs[c->app->pos].nrows;

		/* two thirds of them, at most */
		g.lead = n ? 2 * spare / 3 / n : 0;
		spare -= g.lead * n;
		g.top = spare / 3;
		g.mid = spare / 3;
	}
	present_body(f, c, margin, width, &g);
	status(f, c);
}

void wv_lessonview_split(struct wv_frame *f, const struct wv_class *c)
{
	int width = wv_view_measure(f->cols), room = f->rows >= 36 ? f->rows / 3 : 4;

	lesson_bar(f, c);
	wv_frame_printf(f, 1, wv_frame_put(f, 1, 0, WV_ROLE_HEADING, scene(c)->title) + 2,
			WV_ROLE_DIM, "\"%s\" on %s and %s", c->app->word_src,
			c->app->v->name, c->app->split_v->name);
	/* the narration first, then the two variants; its {memory} as the
	   split draws it under the narration (both names are as long) */
	int tl = text_panel(NULL, c, 2, 2 + room, 0, width, false, NULL);
	const char *memory = wv_view_split_strip(f, 2 + tl, c->present)
			     ? WV_MEMORY_STRIP : WV_MEMORY_PANEL;

	wv_view_split_body(f, c->app, 2 + text_panel(f, c, 2, 2 + room, 0, width, false,
						     memory), c->present);
	status(f, c);
}

/* The text of wv_lessonview_text from row 0 (f NULL: only counted). */
static int whole_text(struct wv_frame *f, const struct wv_class *c, int x,
		      int width, bool gaps)
{
	struct pen p = { f, 0, f ? f->rows : 10000, x, width, gaps,
			 memory_shown(c), false };

	/* while the question is asked, the narration it follows too, as
	   wv_lessonview_said says it */
	if (c->phase == WV_CLASS_ASK)
		narration_hint(&p, c, false);
	phase_text(&p, c);
	return p.y;
}

void wv_lessonview_text(struct wv_frame *f, const struct wv_class *c)
{
	int margin = f->cols >= 100 ? 6 : 2, width = f->cols - 2 * margin;
	int x, room = f->rows - 2 - 3, need, pages, page;
	struct wv_frame all = { 0 };
	char note[80];
	bool gaps;

	if (width > 76)
		width = 76;
	/* blank lines between paragraphs where they fit; then laid out
	   whole on a frame of its own, shown a screenful at a time */
	need = whole_text(NULL, c, margin, width, true);
	gaps = need <= room;
	if (!gaps)
		need = whole_text(NULL, c, margin, width, false);
	pages = need > room ? (need + room - 1) / room : 1;
	page = (int)(c->text_page % (unsigned)pages);
	lesson_bar(f, c);
	x = wv_frame_put(f, 1, margin, WV_ROLE_HEADING, scene(c)->title);
	if (pages > 1)
		snprintf(note, sizeof(note), "(the whole text, %d of %d: W turns)",
			 page + 1, pages);
	else
		snprintf(note, sizeof(note), "(the whole text, till the next key)");
	wv_frame_fit(f, 1, x + 2, f->cols - x - 3, WV_ROLE_DIM, note);
	if (wv_frame_init(&all, need > 0 ? need : 1, f->cols) == 0) {
		whole_text(&all, c, margin, width, gaps);
		for (int y = 0; y < room && page * room + y < need; y++)
			memcpy(wv_frame_at(f, 3 + y, 0), wv_frame_at(&all, page * room + y, 0),
			       sizeof(*all.cells) * (size_t)f->cols);
		wv_frame_free(&all);
	}
	status(f, c);
}

void wv_lessonview_end(struct wv_frame *f, const struct wv_class *c)
{
	int margin = f->cols >= 100 ? 6 : 2, width = f->cols - 2 * margin;
	size_t q, right = wv_class_count(c, WV_OUTCOME_RIGHT, &q);
	size_t retried = wv_class_count(c, WV_OUTCOME_RETRIED, NULL);
	size_t shown = wv_class_count(c, WV_OUTCOME_SHOWN, NULL);
	char buf[300];
	struct pen p;
	long next;

	if (width > 76)
		width = 76;
	p = (struct pen){ f, f->rows >= 30 ? 4 : 2, f->rows - 2, margin, width, true,
			  memory_shown(c), false };
	lesson_bar(f, c);
	snprintf(buf, sizeof(buf), "End of lesson %u: %s", c->number,
		 wv_lesson_title(c->lesson));
	line(&p, WV_ROLE_HEADING, buf);
	gap(&p);
	line(&p, WV_ROLE_TEXT, wv_lesson_summary(c->lesson));
	gap(&p);
	if (q) {
		snprintf(buf, sizeof(buf), "%zu scene%s, %zu question%s: %zu right "
			 "at the first try, %zu after a retry, %zu shown, %zu not "
			 "answered.", c->nscenes, c->nscenes == 1 ? "" : "s", q,
			 q == 1 ? "" : "s", right, retried, shown,
			 q - right - retried - shown);
	} else {
		snprintf(buf, sizeof(buf), "%zu scene%s.", c->nscenes,
			 c->nscenes == 1 ? "" : "s");
	}
	line(&p, WV_ROLE_TEXT, buf);
	if (c->pace.minutes) {
		snprintf(buf, sizeof(buf), "Estimated time: about %u minute%s (%zu "
			 "word%s read out at %d a minute, %d s a scene, %d s a "
			 "question).", c->pace.minutes, c->pace.minutes == 1 ? ""
			 : "s", c->pace.words, c->pace.words == 1 ? "" : "s",
			 WV_PACE_WPM, WV_PACE_SCENE_S, WV_PACE_QUESTION_S);
		line(&p, WV_ROLE_DIM, buf);
	}
	gap(&p);
	next = wv_class_next(c);
	if (next >= 0)
		snprintf(buf, sizeof(buf), "n or Enter: the next lesson, %u (%s).",
			 c->files[next].number, c->files[next].slug);
	else if (c->files && c->file + 1 < c->nfiles)
		snprintf(buf, sizeof(buf), "That was the last lesson of this run.");
	else
		snprintf(buf, sizeof(buf), "That was the last lesson.");
	line(&p, WV_ROLE_HEADING, buf);
	gap(&p);
	line(&p, WV_ROLE_DIM, "[ goes back to the last scene, g starts the lesson "
	     "again, :lesson N opens any lesson, q quits.");
	status(f, c);
}

void wv_lessonview_build(struct wv_frame *f, const struct wv_class *c)
{
	if (f->cols < WV_VIEW_MIN_COLS || f->rows < WV_VIEW_MIN_ROWS) {
		wv_view_too_small(f);
		return;
	}
	if (c->app->view == WV_VIEW_HELP) {
		wv_view_help_keys(f, c->app, true);
		return;
	}
	if (c->app->view == WV_VIEW_COMPARE) {
		wv_view_compare(f, c->app);
		return;
	}
	if (c->app->view == WV_VIEW_TRY) {
		wv_view_try(f, c->app);
		return;
	}
	if (c->text_whole && c->phase != WV_CLASS_END) {
		wv_lessonview_text(f, c);
		return;
	}
	if (wv_class_split_shown(c)) {
		wv_lessonview_split(f, c);
		return;
	}
	if (c->phase == WV_CLASS_END)
		wv_lessonview_end(f, c);
	else if (c->present)
		wv_lessonview_present(f, c);
	else
		wv_lessonview_scene(f, c);
}
