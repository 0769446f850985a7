/*
 * The lesson file format's parser (lessons/README.md): the file read line by
 * line, keys and their values, continuation lines, and whether each scene
 * is complete; every mistake is kept with its line and column (ls_record).
 * The rules narration must keep and ls_fail are lint.c's.  Nothing here
 * builds a trace: check.c does that.
 * May call: lesson.h, lint.c; lends check.c what parse.h declares.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "measure/measure.h"
#include "lesson/rules.h"
#include "try/try.h"
#include "trace/word.h"

#include "internal.h"

#define MAX_LINE 4000

/* ---- small helpers ------------------------------------------------------- */

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = 0;
	}
	return d;
}

/* Append "sep" + s[0..n) to *dst (allocating); -ENOMEM on failure. */
static int append(char **dst, const char *sep, const char *s, size_t n)
{
	size_t old = *dst ? strlen(*dst) : 0;
	size_t sl = *dst ? strlen(sep) : 0;
	char *d = realloc(*dst, old + sl + n + 1);

	if (!d)
		return -ENOMEM;
	memcpy(d + old, sep, sl);
	memcpy(d + old + sl, s, n);
	d[old + sl + n] = 0;
	*dst = d;
	return 0;
}

/* ---- the parser ---------------------------------------------------------- */

enum key {
	K_TITLE, K_SUMMARY, K_ARCHES,			/* header */
	K_SCENE, K_WORD, K_ARCH, K_OFFSET, K_FILL, K_DELIM, K_SHOW,
	K_TEXT, K_TEXT_LE, K_TEXT_BE, K_SOURCE, K_QUESTION, K_ASK, K_FORM, /* scene */
	K_PAGE_END, K_EXPLORE, K_RULE, K_SPLIT, K_PRACTICE, K_MEASURE,
	K_NKEYS
};

static const char *const key_names[K_NKEYS] = {
	"title", "summary", "arches", "scene", "word", "arch", "offset", "fill",
	"delim", "show", "text", "text-le", "text-be", "source", "question", "ask",
	"form", "page-end", "explore", "rule", "split", "practice", "measure",
};

/* Keys a scene may give more than once. */
static bool repeatable(enum key k)
{
	return k == K_TEXT || k == K_TEXT_LE || k == K_TEXT_BE || k == K_SOURCE ||
	       k == K_RULE;
}

/* "PATH @ VERSION: what" where VERSION is vN.N[...] or a commit id. */
static int parse_source(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	const char *at = strstr(v, " @ ");
	size_t pn = at ? (size_t)(at - v) : 0;

	if (!at || pn == 0 || !memchr(v, '/', pn) || memchr(v, ' ', pn))
		return ls_fail(p, col, "source: is 'PATH @ VERSION: what it shows' (VERSION "
			       "a mainline release or commit, or 'OWNER/REPO COMMIT'), "
			       "such as 'fs/namei.c @ v6.12: hash_name'%s", "");
	const char *ver = at + 3;
	/* a commit of another repository names it first ("OWNER/REPO ID"); a
	   version alone is mainline's, torvalds/linux */
	size_t rn = strcspn(ver, ": ");

	if (ver[rn] == ' ' && memchr(ver, '/', rn)) {
		size_t slashes = 0;
		bool rok = ver[0] != '/' && ver[rn - 1] != '/';

		for (size_t i = 0; i < rn; i++) {
			slashes += ver[i] == '/';
			rok = rok && (isalnum((unsigned char)ver[i]) || ver[i] == '/' ||
				      ver[i] == '-' || ver[i] == '_' || ver[i] == '.');
		}
		if (!rok || slashes != 1)
			return ls_fail(p, col + (int)(ver - v), "a repository before the "
				       "commit is OWNER/NAME, as in 'lib/string.c @ "
				       "Kingxukai/linux 9b44fff655e2: ...'%s", "");
		ver += rn + 1;
	}
	size_t vn = strcspn(ver, ": ");
	bool ok = vn >= 2;

	if (ver[0] == 'v') {
		ok = ok && isdigit((unsigned char)ver[1]);
		for (size_t i = 1; i < vn; i++)
			ok = ok && (isdigit((unsigned char)ver[i]) || ver[i] == '.' ||
				    ver[i] == '-' || ver[i] == 'r' || ver[i] == 'c');
	} else {
		ok = vn >= 7 && vn <= 40;
		for (size_t i = 0; i < vn; i++)
			ok = ok && isxdigit((unsigned char)ver[i]) &&
			     !isupper((unsigned char)ver[i]);
	}
	if (!ok)
		return ls_fail(p, col + (int)(ver - v), "the version after '@' is a kernel "
			       "release such as v6.12 or a commit id (7 to 40 hex digits)%s", "");
	if (s->nsources == WV_SOURCES_MAX)
		return ls_fail(p, col, "more than %d source: lines in one scene", WV_SOURCES_MAX);
	s->sources[s->nsources] = dup_n(v, strlen(v));
	return s->sources[s->nsources++] ? 0 : -ENOMEM;
}

/* Parse a variant list ("any", or names) into the lesson. */
static int parse_arches(struct parser *p, const char *v, int col)
{
	wv_lesson *l = p->l;

	p->arches_line = p->line;
	l->nvariants = 0;
	for (const char *s = v; *s;) {
		size_t n = strcspn(s, " \t,");
		char name[32];

		if (n == 0) {
			s++;
			continue;
		}
		if (n >= sizeof(name))
			return ls_fail(p, col + (int)(s - v), "variant name too long%s", "");
		memcpy(name, s, n);
		name[n] = 0;
		if (strcmp(name, "any") == 0) {
			l->nvariants = 0;
			for (size_t i = 0; i < wv_wat_count(); i++)
				l->variants[l->nvariants++] = wv_wat_at(i);
			return 0;
		}
		const struct wv_variant *var = wv_wat_find(name);

		if (!var)
			return ls_fail(p, col + (int)(s - v), "unknown variant '%s' "
				       "(watviz --list-arch lists them)", name);
		if (!wv_lesson_allows(l, var))
			l->variants[l->nvariants++] = var;
		s += n;
	}
	if (l->nvariants == 0)
		return ls_fail(p, col, "arches: needs 'any' or at least one variant name%s", "");
	return 0;
}

/* "has_zero [word N] [sub N]" */
static int parse_show(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	char step[32], kw[8];
	const char *q = v;
	size_t n = strcspn(q, " \t");
	bool found = false;

	if (n == 0 || n >= sizeof(step))
		return ls_fail(p, col, "show: needs a step name such as has_zero%s", "");
	memcpy(step, q, n);
	step[n] = 0;
	for (int k = WV_STEP_LOAD; k <= WV_STEP_ZEROPAD; k++)
		if (strcmp(step, wv_trace_step_name((enum wv_step_kind)k)) == 0) {
			s->show = (enum wv_step_kind)k;
			found = true;
		}
	if (!found)
		return ls_fail(p, col, "unknown step '%s'; steps are load, prestart, has_zero, "
			       "delim_has_zero, prep_zero_mask, create_zero_mask, find_zero, "
			       "zero_bytemask, zeropad_fixup", step);
	q += n;
	s->show_sub = 0;
	bool sub_set = false;
	const char *picked = NULL;	/* result, sub or op: what picks the sub-step */
	bool word_given = false;

	while (*q) {
		q += strspn(q, " \t");
		if (!*q)
			break;
		int at = col + (int)(q - v);
		size_t kn = strcspn(q, " \t");
		char *end;

		if (kn >= sizeof(kw))
			return ls_fail(p, at, "expected 'word N' or 'sub N' after the step%s", "");
		memcpy(kw, q, kn);
		kw[kn] = 0;
		bool picks = strcmp(kw, "result") == 0 || strcmp(kw, "sub") == 0 ||
			     strcmp(kw, "op") == 0;

		if ((picks && picked && strcmp(picked, kw) == 0) ||
		    (strcmp(kw, "word") == 0 && word_given))
			return ls_fail(p, at, "'%s' given twice in show:; give it once", kw);
		if (picks && picked)
			return ls_fail(p, at, "show: picks the sub-step by 'result', 'sub N' "
				       "or 'op NAME', one of them; '%s' and '%s' are both "
				       "given", picked, kw);
		if (picks)
			picked = strcmp(kw, "result") == 0 ? "result"
			       : strcmp(kw, "sub") == 0 ? "sub" : "op";
		word_given |= strcmp(kw, "word") == 0;
		q += kn;
		q += strspn(q, " \t");
		if (strcmp(kw, "result") == 0) {
			s->show_result = true;
			continue;
		}
		if (strcmp(kw, "last") == 0) {
			s->show_last = true;
			continue;
		}
		if (strcmp(kw, "op") == 0) {
			/* op NAME[/NAME...]: names as wv_trace_op_name() gives */
			size_t on = strcspn(q, " \t");
			char ops[64], *save = NULL;

			if (on == 0 || on >= sizeof(ops))
				return ls_fail(p, col + (int)(q - v), "expected an operation "
					       "name after 'op', such as sub or sub/add");
			memcpy(ops, q, on);
			ops[on] = 0;
			for (char *tok = strtok_r(ops, "/", &save); tok;
			     tok = strtok_r(NULL, "/", &save)) {
				int op;

				for (op = WV_OP_LOAD; op <= WV_OP_NOTE; op++)
					if (strcmp(tok, wv_trace_op_name((enum wv_op)op)) == 0)
						break;
				if (op > WV_OP_NOTE)
					return ls_fail(p, col + (int)(q - v),
						       "unknown operation '%s' (load, or, and, "
						       "xor, not, sub, add, mul, shr, shl, clz, "
						       "ctz, popcount, cmpb, cmpbge, test, note)",
						       tok);
				s->show_ops |= 1u << op;
			}
			q += on;
			continue;
		}
		unsigned long num = strtoul(q, &end, 10);

		if (end == q || !isdigit((unsigned char)*q) || num > 10000)
			return ls_fail(p, col + (int)(q - v), "expected a number after '%s'", kw);
		if (strcmp(kw, "word") == 0) {
			s->show_word = num;
			s->show_word_set = true;
		} else if (strcmp(kw, "sub") == 0) {
			if (num == 0)
				return ls_fail(p, col + (int)(q - v),
					       "sub-steps count from 1%s", "");
			s->show_sub = num - 1;
			sub_set = true;
		} else {
			return ls_fail(p, at, "expected 'word N', 'sub N', 'op NAME', 'last' or "
				       "'result', not '%s'", kw);
		}
		q = end;
	}
	if (s->show_last && (sub_set || s->show_result))
		return ls_fail(p, col, "show: 'last' picks the last sub-step (of an 'op NAME' "
			       "when given); it does not go with '%s'",
			       sub_set ? "sub N" : "result");
	return 0;
}

static int parse_ask(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	if (strncmp(v, "build", 5) == 0 && (v[5] == ' ' || v[5] == '\0')) {
		const char *as = v + 5 + strspn(v + 5, " \t");

		s->q.ask = WV_ASK_BUILD;
		s->q.form = WV_FORM_FORMULA;
		s->q.build_as = wv_try_as_find(as);
		if (s->q.build_as < 0)
			return ls_fail(p, col + (int)(as - v), "ask: build needs what the "
				       "formula must do: build has_zero, build exact or "
				       "build find_zero%s", "");
		return 0;
	}
	for (unsigned i = 1; i < NASKS && i != WV_ASK_BUILD; i++)
		if (strcmp(v, ls_asks[i].name) == 0) {
			s->q.ask = (enum wv_ask)i;
			return 0;
		}
	return ls_fail(p, col, "unknown value to ask for '%s'; see lessons/README.md for the "
		       "list (has_zero, find_zero, length, result, ...)", v);
}

static int parse_form(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	static const char *const forms[] = { "auto", "hex", "number", "choice" };

	for (unsigned i = 0; i < 4; i++)
		if (strcmp(v, forms[i]) == 0) {
			s->q.form = (enum wv_form)i;
			return 0;
		}
	return ls_fail(p, col, "unknown form '%s'; use hex, number, choice or auto", v);
}

/*
 * "rule: NAME sentence": a paragraph stating one of lesson/rules.h's rules,
 * shown on every variant of the scene (check.c refuses it where the rule
 * does not hold).  The sentence may go on on indented lines.
 */
static int parse_rule(struct parser *p, struct wv_scene *s, const char *v, int col)
{
	size_t n = strcspn(v, " \t"), at = n + strspn(v + n, " \t");
	const struct wv_rule *r = wv_rules_find(v, n);
	struct wv_para *para;

	if (!r)
		return ls_fail(p, col, "unknown rule '%.*s'; lessons/README.md (Rules) lists "
			       "the rules, such as %s", (int)n, v, wv_rules_at(0)->name);
	if (!v[at])
		return ls_fail(p, col + (int)n, "rule: %s needs its sentence after the "
			       "name, on the same line", r->name);
	if (s->npara == WV_PARAS_MAX)
		return ls_fail(p, 1, "more than %d text: paragraphs in one scene",
			       WV_PARAS_MAX);
	para = &s->para[s->npara++];
	para->when = WV_WHEN_ANY;
	para->rule = r;
	para->line = p->line;
	p->cont = &para->text;
	p->cont_sep = " ";
	p->cont_scene = s;
	p->rule_text = true;
	if (append(&para->text, "", v + at, strlen(v + at)))
		return -ENOMEM;
	return ls_lint(p, s, v + at, col + (int)at);
}

/*
 * "practice: yes" or constraints, blank-separated: the words drawn for
 * "another word" keep the scene's kind of case (see wv_practice_names).
 */
static int parse_practice(struct parser *p, struct wv_scene *s, const char *v,
			  int col)
{
	const char *w = v;

	s->practice = WV_PRACTICE_ON;
	s->practice_line = p->line;
	while (*w) {
		size_t n = strcspn(w, " \t"), k;

		for (k = 0; k < WV_PRACTICE_NAMES; k++)
			if (strlen(wv_practice_names[k]) == n &&
			    strncmp(w, wv_practice_names[k], n) == 0)
				break;
		if (k == WV_PRACTICE_NAMES)
			return ls_fail(p, col + (int)(w - v), "practice: '%.*s' is not a "
				       "constraint; use yes, or any of false-positive, "
				       "no-false-positive, no-zero, nul-first, nul-last, "
				       "top-flag-lies, delim-first", (int)n, w);
		s->practice |= k ? 1u << k : 0;
		w += n;
		w += strspn(w, " \t");
	}
	return 0;
}

static int scene_key(struct parser *p, enum key k, const char *v, int col)
{
	wv_lesson *l = p->l;
	struct wv_scene *s = &l->scenes[l->nscenes - 1];
	struct wv_error e;
	char *end;

	if (!repeatable(k) && p->seen[k])
		return ls_fail(p, 1, "'%s' given twice in one scene", key_names[k]);
	p->seen[k] = true;
	switch (k) {
	case K_WORD: {
		uint8_t buf[WV_WORD_MAX];
		size_t n;

		if (wv_word_parse(v, buf, &n, &e) != 0) {
			wv_error_set(p->err, p->line, col + e.col - 1, "bad word: %s", e.msg);
			return -1;
		}
		s->word_src = dup_n(v, strlen(v));
		s->word = malloc(n ? n : 1);
		if (!s->word_src || !s->word)
			return -ENOMEM;
		memcpy(s->word, buf, n);
		s->word_len = n;
		return 0;
	}
	case K_ARCH:
		s->variant = wv_wat_find(v);
		if (!s->variant)
			return ls_fail(p, col, "unknown variant '%s' (watviz --list-arch "
				       "lists them)", v);
		return 0;
	case K_OFFSET: {
		unsigned long n = strtoul(v, &end, 10);

		if (!isdigit((unsigned char)*v) || *end || n > 7)
			return ls_fail(p, col, "offset must be 0 to 7 (less than the word's "
				       "bytes), not '%s'", v);
		s->offset = n;
		return 0;
	}
	case K_PAGE_END: {	/* checked against the word when traced */
		unsigned long n = strtoul(v, &end, 10);

		if (!isdigit((unsigned char)*v) || *end || n > WV_PAGE_END_MAX)
			return ls_fail(p, col, "page-end must be the address where an "
				       "unmapped page starts, 1 to %d, not '%s'",
				       WV_PAGE_END_MAX, v);
		if (n == 0)
			return ls_fail(p, col, "page-end must be the address where an "
				       "unmapped page starts, 1 to %d, not 0 (memory "
				       "starts at 0); leave page-end: out for no page "
				       "edge", WV_PAGE_END_MAX);
		s->page_end = n;
		return 0;
	}
	case K_FILL:
	case K_DELIM: {
		uint8_t b;

		if (wv_word_parse_byte(v, &b, &e) != 0) {
			wv_error_set(p->err, p->line, col + (e.col ? e.col - 1 : 0),
				     "bad %s byte: %s", key_names[k], e.msg);
			return -1;
		}
		if (k == K_FILL)
			s->fill = b;
		else
			s->delim = b;
		return 0;
	}
	case K_SHOW:
		return parse_show(p, s, v, col);
	case K_TEXT:
	case K_TEXT_LE:
	case K_TEXT_BE: {
		struct wv_para *para;

		if (s->npara == WV_PARAS_MAX)
			return ls_fail(p, 1, "more than %d text: paragraphs in one scene",
				       WV_PARAS_MAX);
		para = &s->para[s->npara++];
		para->when = k == K_TEXT_LE ? WV_WHEN_LE : k == K_TEXT_BE ? WV_WHEN_BE
								    : WV_WHEN_ANY;
		para->line = p->line;
		p->cont = &para->text;
		p->cont_sep = " ";
		p->cont_scene = s;
		if (append(&para->text, "", v, strlen(v)))
			return -ENOMEM;
		return ls_lint(p, s, v, col);
	}
	case K_RULE:
		return parse_rule(p, s, v, col);
	case K_SOURCE:
		return parse_source(p, s, v, col);
	case K_QUESTION:
		s->q.line = p->line;
		p->cont = &s->q.prompt;
		p->cont_sep = " ";
		p->cont_scene = s;
		if (append(&s->q.prompt, "", v, strlen(v)))
			return -ENOMEM;
		return ls_lint(p, s, v, col);
	case K_ASK:
		p->ask_line = p->line;
		return parse_ask(p, s, v, col);
	case K_FORM:
		return parse_form(p, s, v, col);
	case K_SPLIT:
		s->split = wv_wat_find(v);
		if (!s->split)
			return ls_fail(p, col, "split: unknown variant '%s' (watviz "
				       "--list-arch lists them)", v);
		return 0;
	case K_EXPLORE:
		if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
			return ls_fail(p, col, "explore is yes or no, not '%s'", v);
		s->explore = strcmp(v, "yes") == 0;
		return 0;
	case K_PRACTICE:
		return parse_practice(p, s, v, col);
	case K_MEASURE:
		for (int g = 0; g < WV_MEASURE_GROUPS; g++)
			if (strcmp(v, wv_measure_group_name((enum wv_measure_group)g)) == 0) {
				s->measure = g;
				return 0;
			}
		return ls_fail(p, col, "measure: '%s' is not measured; write strlen "
			       "(wv_strlen beside a byte loop and the C library's) or path "
			       "(wv_path_hash beside a byte walk)", v);
	default:
		return ls_fail(p, 1, "internal: key %s", key_names[k]);
	}
}

/* Is the last scene complete?  (called when the next starts, and at the end) */
int ls_close_scene(struct parser *p)
{
	wv_lesson *l = p->l;
	struct wv_scene *s;

	if (l->nscenes == 0)
		return 0;
	s = &l->scenes[l->nscenes - 1];
	int here = p->line;	/* errors below point at the scene; the
				   line count goes on from here after */
	p->line = s->line;
	if (!p->seen[K_WORD])
		return ls_fail(p, 1, "scene '%s' has no word: line", s->title);
	if (!p->seen[K_SHOW])
		return ls_fail(p, 1, "scene '%s' has no show: line (which step to show)", s->title);
	if (p->seen[K_QUESTION] != p->seen[K_ASK]) {
		p->line = p->seen[K_QUESTION] ? s->q.line : p->ask_line;
		return ls_fail(p, 1, p->seen[K_QUESTION] ?
			       "question in scene '%s' needs an ask: line naming the value it asks for" :
			       "ask: in scene '%s' needs a question: line", s->title);
	}
	if (p->seen[K_MEASURE] && p->seen[K_QUESTION]) {
		p->line = s->q.line;
		return ls_fail(p, 1, "scene '%s' has measure: %s, so its screen is the "
			       "chart, not the trace: its question cannot be worked out "
			       "there; ask it in a scene without measure:", s->title,
			       wv_measure_group_name((enum wv_measure_group)s->measure));
	}
	if (p->seen[K_FORM] && !p->seen[K_QUESTION])
		return ls_fail(p, 1, "form: in scene '%s' without a question", s->title);
	if (p->seen[K_PRACTICE] && !p->seen[K_QUESTION]) {
		p->line = s->practice_line;
		return ls_fail(p, 1, "practice: in scene '%s' without a question (another "
			       "word is drawn to ask the question again)", s->title);
	}
	if (!p->seen[K_QUESTION])
		s->q.ask = WV_ASK_NONE;
	for (size_t i = 0; i < s->nmarks && s->q.ask != WV_ASK_NONE; i++)
		if (strcmp(s->marks[i].name, ls_asks[s->q.ask].name) == 0) {
			p->line = s->marks[i].line;
			return ls_fail(p, s->marks[i].col, "{%s} gives away the answer: it is "
				       "what the question of scene '%s' asks; the worked answer "
				       "shows it after the class has answered", s->marks[i].name,
				       s->title);
		}
	p->line = here;
	return 0;
}

/*
 * Is line[0..n) text a lesson may hold: UTF-8 without control characters
 * (a tab is a blank here; narrow_check refuses one inside shown text), at most MAX_LINE bytes?  A carriage return inside a
 * line means CR line ends (one CR before the LF was already taken off).
 * Sets p->not_text for the mistakes that make the whole file unreadable.
 */
static int text_check(struct parser *p, const char *line, size_t n)
{
	const char *cr = memchr(line, '\r', n);

	if (cr) {
		p->not_text = true;
		return ls_fail(p, (int)(cr - line) + 1, "a carriage return (CR) inside "
			       "the line: the file has CR line ends (an old Mac "
			       "editor?); lesson lines end with LF or CR LF: convert "
			       "it, as with tr '\\r' '\\n' <FILE >NEW%s", "");
	}
	if (n > MAX_LINE)
		return ls_fail(p, MAX_LINE + 1, "line longer than %d characters (it has "
			       "%zu); break it: an indented line continues a text:, "
			       "question: or summary:", MAX_LINE, n);
	for (size_t i = 0; i < n;) {
		uint32_t cp = 0;
		size_t len = wv_word_utf8_len(line + i, n - i, &cp);

		if (p->line == 1 && i == 0 && n >= 2 &&
		    (memcmp(line, "\xff\xfe", 2) == 0 || memcmp(line, "\xfe\xff", 2) == 0)) {
			p->not_text = true;
			return ls_fail(p, 1, "the file is UTF-16 (it starts with the "
				       "byte-order mark %02X %02X); a lesson is UTF-8: "
				       "convert it, as with iconv -f UTF-16 -t UTF-8 <FILE "
				       ">NEW", (unsigned char)line[0], (unsigned char)line[1]);
		}
		if (len == 0) {
			p->not_text = true;
			return ls_fail(p, (int)i + 1, "byte 0x%02x is not UTF-8 text; save the "
				       "file as UTF-8 (from Latin-1: iconv -f latin1 -t utf-8 "
				       "<FILE >NEW)", (unsigned char)line[i]);
		}
		if (cp == 0) {
			p->not_text = true;
			return ls_fail(p, (int)i + 1, "a NUL byte (control character "
				       "U+0000): the file is not UTF-8 text (UTF-16 "
				       "without a byte-order mark? convert it, as with "
				       "iconv -f UTF-16 -t UTF-8 <FILE >NEW)%s", "");
		}
		if (cp != '\t' && wv_word_is_control(cp)) {
			p->not_text = true;
			return ls_fail(p, (int)i + 1, "control character U+%04X in the file; "
				       "a lesson file is text (letters, digits, punctuation, "
				       "blanks)", (unsigned)cp);
		}
		i += len;
	}
	return 0;
}

/*
 * Why a screen cannot draw cp (wv_word_is_narrow is false): for the
 * message only; which characters pass is wv_word_is_narrow's to decide.
 */
static const char *not_narrow_why(uint32_t cp)
{
	static const struct { uint32_t lo, hi; const char *why; } why[] = {
		{ 0x00ad, 0x00ad, "a format character that shows as nothing (a soft hyphen)" },
		{ 0x200b, 0x200f, "a format character that shows as nothing (a zero-width "
		  "space or a direction mark)" },
		{ 0x2028, 0x202e, "a line separator or direction mark, not a character to show" },
		{ 0x2060, 0x206f, "a format character that shows as nothing" },
		{ 0x0300, 0x036f, "a combining mark: it takes no column, sitting on the "
		  "character before it" },
		{ 0x0483, 0x0489, "a combining mark: it takes no column" },
		{ 0x1ab0, 0x1aff, "a combining mark: it takes no column" },
		{ 0x1dc0, 0x1dff, "a combining mark: it takes no column" },
		{ 0x20d0, 0x20ff, "a combining mark: it takes no column" },
		{ 0xfe20, 0xfe2f, "a combining mark: it takes no column" },
		{ 0x0590, 0x08ff, "a letter or mark of a right-to-left script (Hebrew, "
		  "Arabic, Syriac...), and a frame draws every line left to right" },
		{ 0xfb1d, 0xfdff, "a right-to-left (Hebrew or Arabic) form, and a frame "
		  "draws every line left to right" },
		{ 0xfe70, 0xfefe, "a right-to-left (Arabic) form, and a frame draws every "
		  "line left to right" },
		{ 0x0e00, 0x0eff, "Thai or Lao, written with vowel and tone marks that "
		  "combine (take no column of their own)" },
		{ 0x0900, 0x0dff, "a letter or mark of an Indic script, written with "
		  "marks that combine (take no column of their own)" },
		{ 0x1100, 0x115f, "a wide character: it takes two columns (Hangul)" },
		{ 0x2e80, 0xa4cf, "a wide character: it takes two columns (CJK)" },
		{ 0xac00, 0xd7a3, "a wide character: it takes two columns (Hangul)" },
		{ 0xf900, 0xfaff, "a wide character: it takes two columns (CJK)" },
		{ 0xfe30, 0xfe4f, "a wide character: it takes two columns (CJK)" },
		{ 0xff00, 0xff60, "a wide (full-width) character: it takes two columns" },
		{ 0xffe0, 0xffe6, "a wide (full-width) character: it takes two columns" },
		{ 0x1f300, 0x1faff, "an emoji or pictograph: most take two columns" },
		{ 0x20000, 0x3fffd, "a wide character: it takes two columns (CJK)" },
	};

	for (size_t i = 0; i < sizeof(why) / sizeof(why[0]); i++)
		if (cp >= why[i].lo && cp <= why[i].hi)
			return why[i].why;
	return "a character of a script or block a watviz frame does not draw "
	       "(its cells, and the ASCII stand-ins of a plain terminal, hold only "
	       "the characters named next)";
}

/*
 * Does line[0..n), text a screen shows, hold only characters of one column
 * (wv_word_is_narrow) from byte `from` on?  A frame has one character a
 * cell, so a wide CJK character, an emoji or a combining accent could not be
 * drawn as written.  A tab there is refused too: every screen would draw
 * it its own way; before `from` (the indentation, the blanks after "key:")
 * it is a blank.  The line is UTF-8 without controls already (text_check).
 */
static int narrow_check(struct parser *p, const char *line, size_t n, size_t from)
{
	for (size_t i = from; i < n;) {
		uint32_t cp = 0;
		size_t len = wv_word_utf8_len(line + i, n - i, &cp);

		if (cp == '\t')
			return ls_fail(p, (int)i + 1, "a tab inside the text: each screen "
				       "would draw it its own way; use spaces (a tab may "
				       "only indent a line)%s", "");
		if (cp == 0xfeff)
			return ls_fail(p, (int)i + 1, "a byte-order mark (U+FEFF) inside "
				       "the file (saved twice with one, or two files "
				       "joined?); it shows as nothing: delete it%s", "");
		if (!wv_word_is_narrow(cp))
			return ls_fail(p, (int)i + 1, "U+%04X is %s; watviz draws one "
				       "character a column, left to right: lesson text may "
				       "use Latin, Greek and Cyrillic letters, punctuation, "
				       "arrows and operators; leave it out, or write an "
				       "accented letter whole (U+00E9, not e and U+0301)",
				       (unsigned)cp, not_narrow_why(cp));
		i += len ? len : 1;
	}
	return 0;
}

/* A title (title:, scene:) is shown as written: no placeholder in it. */
static int title_check(struct parser *p, const char *v, int col)
{
	const char *brace = strpbrk(v, "{}");

	if (brace)
		return ls_fail(p, col + (int)(brace - v), "a title is shown as written, "
			       "so '%c' here would show as it is: placeholders such as "
			       "{find_zero} belong in text: and question:", *brace);
	return 0;
}

static int read_line(struct parser *p, const char *line, size_t n)
{
	wv_lesson *l = p->l;
	char buf[MAX_LINE + 1];

	if (text_check(p, line, n) != 0)
		return -1;
	memcpy(buf, line, n);
	buf[n] = 0;
	/* trailing blanks never matter */
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		buf[--n] = 0;
	if (n == 0) {
		p->cont = NULL;
		return 0;
	}
	if (buf[0] == '#')
		return 0;
	/* the text from `from` on is shown (what comes before it is the
	   indentation or "key:" and the blanks after it); a word's bytes are
	   drawn as \xHH, not as characters; a scene: line is checked once
	   its scene is open (so the lines after it still have their scene) */
	size_t from = strspn(buf, " \t");

	if (from == 0) {
		from = strspn(buf, "abcdefghijklmnopqrstuvwxyz_-");
		from = buf[from] == ':' ? from + 1 + strspn(buf + from + 1, " \t") : 0;
	}
	if (strncmp(buf, "word:", 5) != 0 && strncmp(buf, "scene:", 6) != 0 &&
	    narrow_check(p, buf, n, from) != 0)
		return -1;
	if (buf[0] == ' ' || buf[0] == '\t') {
		size_t skip = strspn(buf, " \t");

		if (!p->cont && p->skip_cont)
			return 0;
		if (!p->cont)
			return ls_fail(p, 1, "an indented line continues a text:, question: or "
				       "summary: line, and there is none just above%s", "");
		if (append(p->cont, p->cont_sep, buf + skip, n - skip))
			return -ENOMEM;
		return ls_lint(p, p->cont_scene, buf + skip, (int)skip + 1);
	}

	p->cont = NULL;		/* a key line ends the text above */
	p->rule_text = false;
	size_t kn = strspn(buf, "abcdefghijklmnopqrstuvwxyz_-");

	if (kn == 0 || buf[kn] != ':')
		return ls_fail(p, (int)(kn ? kn + 1 : 1),
			       "expected 'key: value' (keys are lower-case words, see "
			       "lessons/README.md)%s", "");
	buf[kn] = 0;
	const char *v = buf + kn + 1;

	v += strspn(v, " \t");
	int col = (int)(v - buf) + 1;
	int k;

	for (k = 0; k < K_NKEYS; k++)
		if (strcmp(buf, key_names[k]) == 0)
			break;
	if (k == K_NKEYS)
		return ls_fail(p, 1, "unknown key '%s'; lesson keys are title, summary, arches, "
			       "split; scene keys are scene, word, arch, offset, fill, delim, show, "
			       "text, text-le, text-be, rule, source, question, ask, form, page-end, "
			       "explore, split, practice, measure", buf);
	p->cont = NULL;
	if (*v == 0 && k != K_TEXT && k != K_TEXT_LE && k != K_TEXT_BE)
		return ls_fail(p, col, "'%s:' needs a value", buf);

	if (k <= K_ARCHES) {
		if (l->nscenes)
			return ls_fail(p, 1, "'%s:' belongs before the first scene:", buf);
		if (k == K_TITLE) {
			if (l->title)
				return ls_fail(p, 1, "title given twice%s", "");
			if (title_check(p, v, col) != 0)
				return -1;
			l->title = dup_n(v, strlen(v));
			return l->title ? 0 : -ENOMEM;
		}
		if (k == K_SUMMARY) {
			if (l->summary)
				return ls_fail(p, 1, "summary given twice%s", "");
			p->cont = &l->summary;
			p->cont_sep = " ";
			p->cont_scene = NULL;
			if (append(&l->summary, "", v, strlen(v)))
				return -ENOMEM;
			return ls_lint(p, NULL, v, col);
		}
		return parse_arches(p, v, col);
	}
	if (k == K_SCENE) {
		int here = p->line, rc = ls_close_scene(p);

		if (rc == -ENOMEM)
			return rc;
		if (rc) {
			ls_record(p);
			p->line = here;
		}
		if (l->nscenes == MAX_SCENES)
			return ls_fail(p, 1, "more than %s scenes in one lesson", "64");
		struct wv_scene *s = &l->scenes[l->nscenes++];

		*s = (struct wv_scene){ .line = p->line, .delim = -1, .measure = -1,
					.title = dup_n(v, strlen(v)) };
		memset(p->seen, 0, sizeof(p->seen));
		p->seen[K_SCENE] = true;
		if (!s->title)
			return -ENOMEM;
		if (narrow_check(p, buf, n, from) != 0)
			return -1;
		return title_check(p, v, col);
	}
	if (l->nscenes == 0 && k == K_SPLIT) {	/* the lesson's: every scene */
		if (l->split)
			return ls_fail(p, 1, "split given twice before the first scene%s", "");
		l->split = wv_wat_find(v);
		if (!l->split)
			return ls_fail(p, col, "split: unknown variant '%s' (watviz "
				    "--list-arch lists them)", v);
		return 0;
	}
	if (l->nscenes == 0)
		return ls_fail(p, 1, "'%s:' belongs inside a scene; start one with 'scene: TITLE'",
			       buf);
	return scene_key(p, (enum key)k, v, col);
}

int ls_parse_line(struct parser *p, const char *line, size_t n)
{
	int rc = read_line(p, line, n);

	/* a refused title: line is the mistake to tell, not "no title" */
	if (rc == -1 && n >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0) {
		line += 3;	/* a second byte-order mark (told) before it */
		n -= 3;
	}
	if (rc == -1 && n >= 6 && memcmp(line, "title:", 6) == 0)
		p->title_refused = true;
	return rc;
}

/* Keep the mistake just reported (p->cur), and mark its scene. */
void ls_record(struct parser *p)
{
	if (p->l->nscenes && p->cur.line >= p->l->scenes[p->l->nscenes - 1].line)
		p->bad[p->l->nscenes - 1] = true;
	if (p->n < p->max)
		p->errs[p->n++] = p->cur;
}

/* Has the caller room for no more mistakes? */
bool ls_full(const struct parser *p)
{
	return p->n >= p->max;
}
