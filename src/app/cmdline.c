/*
 * The ':' command parser and its completion candidates.  Pure code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/cmdline.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/theme.h"
#include "watviz/wat.h"
#include "trace/word.h"

enum arg_kind { ARG_NONE, ARG_TEXT, ARG_OPT_TEXT, ARG_NUM, ARG_BYTE,
		ARG_DELIM, ARG_VARIANT, ARG_NAME, ARG_SETTING, ARG_SPLIT };

static const struct {
	const char *name;
	enum wv_cmd_kind kind;
	enum arg_kind arg;
	const char *usage;
	/* the length of a prefix that names this command although others
	   start with it too (0: only a unique prefix does) */
	unsigned char claims;
} commands[] = {
	{ "word", WV_CMD_WORD, ARG_TEXT, "word \"a\\0b\"", 0 },
	{ "arch", WV_CMD_ARCH, ARG_VARIANT, "arch NAME", 0 },
	{ "offset", WV_CMD_OFFSET, ARG_NUM, "offset N", 0 },
	{ "fill", WV_CMD_FILL, ARG_BYTE, "fill BYTE", 0 },
	{ "delim", WV_CMD_DELIM, ARG_DELIM, "delim C|none", 0 },
	{ "json", WV_CMD_JSON, ARG_OPT_TEXT, "json [FILE]", 0 },
	/* :c was :compare before :class came: it stays so */
	{ "compare", WV_CMD_COMPARE, ARG_NONE, "compare", 1 },
	{ "speed", WV_CMD_SPEED, ARG_NUM, "speed MS", 0 },
	{ "help", WV_CMD_HELP, ARG_NONE, "help", 0 },
	{ "quit", WV_CMD_QUIT, ARG_NONE, "quit", 0 },
	{ "scene", WV_CMD_SCENE, ARG_NUM, "scene N", 0 },
	{ "lesson", WV_CMD_LESSON, ARG_NAME, "lesson N|NAME", 0 },
	{ "next", WV_CMD_NEXT, ARG_NONE, "next", 0 },
	{ "prev", WV_CMD_PREV, ARG_NONE, "prev", 0 },
	{ "try", WV_CMD_TRY, ARG_TEXT, "try [exact|find_zero] EXPR", 0 },
	{ "set", WV_CMD_SET, ARG_SETTING, "set mouse on|off, theme light|dark, split memory|own", 0 },
	{ "split", WV_CMD_SPLIT, ARG_SPLIT, "split [NAME|off]", 0 },
	{ "step", WV_CMD_STEP, ARG_TEXT, "step NAME:K", 0 },
	{ "class", WV_CMD_CLASS, ARG_OPT_TEXT, "class [ADDR][:PORT]", 0 },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* :set's settings and their two values, for the parser and Tab alike:
   num 1 for the first; the command's text keeps the setting's name
   first.  theme is its own command (the session's), num the theme:
   light 1, dark 0 */
static const struct {
	const char *name, *yes, *no;
	enum wv_cmd_kind kind;
} set[] = {
	{ "mouse", "on", "off", WV_CMD_SET },
	{ "theme", "light", "dark", WV_CMD_THEME },
	{ "split", "memory", "own", WV_CMD_SET },	/* the split's layout (M) */
};
#define NSETTINGS (sizeof(set) / sizeof(set[0]))
_Static_assert(WV_THEME_LIGHT == 1 && WV_THEME_DARK == 0,
	       "theme light|dark reads as num 1|0");

size_t wv_cmd_count(void)
{
	return NCOMMANDS;
}

const char *wv_cmd_usage(size_t i)
{
	return i < NCOMMANDS ? commands[i].usage : NULL;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/*
 * The command whose name is, or uniquely starts with, the n bytes at s,
 * or that claims that prefix ("c" is compare, though class starts with c
 * too; "cl" is class).
 */
static int lookup(const char *s, size_t n, bool *ambiguous)
{
	int found = -1, claimed = -1;

	*ambiguous = false;
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strncmp(commands[i].name, s, n) != 0)
			continue;
		if (commands[i].name[n] == '\0')
			return (int)i;
		if (commands[i].claims && n >= commands[i].claims)
			claimed = (int)i;
		if (found >= 0)
			*ambiguous = true;
		found = (int)i;
	}
	if (*ambiguous && claimed >= 0) {
		*ambiguous = false;
		return claimed;
	}
	return *ambiguous ? -1 : found;
}

/* Copy the argument: a "quoted" body (quotes removed, escapes kept for the
   word parser) or the rest of the line with trailing blanks dropped. */
static int take_text(const char *arg, char *out, size_t size, char *err,
		     size_t errsize)
{
	size_t n;

	if (arg[0] == '"') {
		const char *p = arg + 1;

		while (*p && *p != '"')
			p += (p[0] == '\\' && p[1]) ? 2 : 1;
		if (*p != '"') {
			snprintf(err, errsize, "missing closing \" (column %zu)",
				 (size_t)(p - arg) + 1);
			return -1;
		}
		if (*skip_space(p + 1)) {
			snprintf(err, errsize, "unexpected text after the closing \"");
			return -1;
		}
		arg++;
		n = (size_t)(p - arg);
	} else {
		n = strlen(arg);
		while (n > 0 && (arg[n - 1] == ' ' || arg[n - 1] == '\t'))
			n--;
	}
	if (n >= size) {
		snprintf(err, errsize, "argument too long (%zu characters)", n);
		return -1;
	}
	memcpy(out, arg, n);
	out[n] = '\0';
	return 0;
}

int wv_cmd_word(const char *src, char *out, size_t size)
{
	size_t n = 0;

#define PUT(ch) do { if (n + 1 >= size) return -1; out[n++] = (ch); } while (0)
	for (const char *p = "word \""; *p; p++)
		PUT(*p);
	for (const char *p = src; *p; p++) {
		if (p[0] == '\\' && p[1]) {	/* an escape pair, as it is */
			PUT(*p++);
		} else if (*p == '"') {
			PUT('\\');
		}
		PUT(*p);
	}
	PUT('"');
#undef PUT
	out[n] = '\0';
	return 0;
}

int wv_cmd_parse(const char *line, struct wv_cmd *cmd, char *err, size_t errsize)
{
	const char *s = skip_space(line), *arg;
	size_t n = strcspn(s, " \t");
	bool ambiguous;
	int i;

	if (errsize)
		err[0] = '\0';
	cmd->kind = WV_CMD_EMPTY;
	cmd->num = 0;
	cmd->variant = NULL;
	cmd->text[0] = '\0';
	if (*s == '\0')
		return 0;
	i = lookup(s, n, &ambiguous);
	if (i < 0) {
		snprintf(err, errsize, "%s command '%.*s' (try :help)",
			 ambiguous ? "ambiguous" : "unknown",
			 (int)(n > 40 ? 40 : n), s);
		return -1;
	}
	arg = skip_space(s + n);
	cmd->kind = commands[i].kind;

	if (commands[i].arg == ARG_NONE) {
		if (*arg) {
			snprintf(err, errsize, "%s takes no argument",
				 commands[i].name);
			return -1;
		}
		return 0;
	}
	if (*arg == '\0' && commands[i].arg == ARG_SPLIT) {
		cmd->num = 0;		/* on with its partner, or off */
		return 0;
	}
	/* a bare :word would empty the word and forget its edits unasked;
	   the empty word is :word "" */
	if (*arg == '\0' && commands[i].arg != ARG_OPT_TEXT) {
		snprintf(err, errsize, "usage: :%s%s", commands[i].usage,
			 commands[i].kind == WV_CMD_WORD
			 ? " (:word \"\" is the empty word)" : "");
		return -1;
	}
	if (take_text(arg, cmd->text, sizeof(cmd->text), err, errsize) < 0)
		return -1;

	switch (commands[i].arg) {
	case ARG_NONE:
	case ARG_TEXT:
	case ARG_OPT_TEXT:
	case ARG_NAME:
		return 0;
	case ARG_SETTING: {
		size_t nl = strcspn(cmd->text, " \t");
		const char *v = cmd->text + nl + strspn(cmd->text + nl, " \t");

		for (size_t k = 0; k < NSETTINGS; k++) {
			if (strlen(set[k].name) != nl ||
			    strncmp(cmd->text, set[k].name, nl) != 0)
				continue;
			if (strcmp(v, set[k].yes) != 0 && strcmp(v, set[k].no) != 0) {
				snprintf(err, errsize, "usage: :set %s %s|%s", set[k].name,
					 set[k].yes, set[k].no);
				return -1;
			}
			cmd->kind = set[k].kind;
			cmd->num = strcmp(v, set[k].yes) == 0;
			return 0;
		}
		snprintf(err, errsize, "usage: :%s", commands[i].usage);
		return -1;
	}
	case ARG_SPLIT:
		if (strcmp(cmd->text, "off") == 0) {
			cmd->num = -1;
			return 0;
		}
		cmd->num = 1;
		/* fall through */
	case ARG_VARIANT:
		cmd->variant = wv_wat_find(cmd->text);
		if (!cmd->variant) {
			snprintf(err, errsize,
				 "unknown variant '%.40s' (Tab lists them)",
				 cmd->text);
			return -1;
		}
		return 0;
	case ARG_NUM: {
		char *end;

		errno = 0;
		cmd->num = strtol(cmd->text, &end, 10);
		if (errno || *end || cmd->num < 0 || !isdigit((unsigned char)cmd->text[0])) {
			snprintf(err, errsize, "%s: '%.40s' is not a number",
				 commands[i].name, cmd->text);
			return -1;
		}
		return 0;
	}
	case ARG_DELIM:
		if (strcmp(cmd->text, "none") == 0 || strcmp(cmd->text, "off") == 0) {
			cmd->num = -1;
			return 0;
		}
		/* fall through */
	case ARG_BYTE: {
		struct wv_error e;
		uint8_t b;

		if (wv_word_parse_byte(cmd->text, &b, &e) < 0) {
			snprintf(err, errsize, "%s: %s", commands[i].name, e.msg);
			return -1;
		}
		cmd->num = b;
		return 0;
	}
	}
	return 0;
}

static void add_match(struct wv_cmd_matches *m, const char *s, size_t n,
		      const char *text)
{
	size_t tl = strlen(text);

	if (n < tl || strncmp(s, text, tl) != 0 || m->n >= WV_CMD_MATCH_MAX ||
	    n >= sizeof(m->name[0]))
		return;
	memcpy(m->name[m->n], s, n);
	m->name[m->n][n] = '\0';
	m->n++;
}

size_t wv_cmd_complete(const char *line, size_t start, const char *text,
		       const char *const *lessons, struct wv_cmd_matches *m)
{
	const char *s = skip_space(line);
	size_t lead = (size_t)(s - line), n;
	bool ambiguous;
	int i;

	m->n = 0;
	if (start <= lead) {
		for (size_t k = 0; k < NCOMMANDS; k++)
			add_match(m, commands[k].name, strlen(commands[k].name), text);
		return m->n;
	}
	n = strcspn(s, " \t");
	i = lookup(s, n, &ambiguous);
	if (i < 0 || lead + n >= start)
		return 0;
	if (commands[i].kind == WV_CMD_ARCH || commands[i].kind == WV_CMD_SPLIT) {
		if (commands[i].kind == WV_CMD_SPLIT)
			add_match(m, "off", 3, text);
		for (size_t k = 0; k < wv_wat_count(); k++) {
			const struct wv_variant *v = wv_wat_at(k);
			const char *a = v->aliases;

			add_match(m, v->name, strlen(v->name), text);
			while (*(a = skip_space(a))) {
				size_t al = strcspn(a, " ");

				add_match(m, a, al, text);
				a += al;
			}
		}
	} else if (commands[i].kind == WV_CMD_DELIM) {
		add_match(m, "none", 4, text);
	} else if (commands[i].kind == WV_CMD_SET) {
		/* the setting's name, then its two values */
		const char *a = skip_space(s + n);
		size_t an = strcspn(a, " \t");
		const char *v = skip_space(a + an);

		for (size_t k = 0; k < NSETTINGS; k++) {
			if ((size_t)(a - line) + an >= start)
				add_match(m, set[k].name, strlen(set[k].name), text);
			else if (start == (size_t)(v - line) && strlen(set[k].name) == an &&
				 strncmp(a, set[k].name, an) == 0) {
				add_match(m, set[k].yes, strlen(set[k].yes), text);
				add_match(m, set[k].no, strlen(set[k].no), text);
			}
		}
	} else if (commands[i].kind == WV_CMD_LESSON) {
		for (size_t k = 0; lessons && lessons[k]; k++)
			add_match(m, lessons[k], strlen(lessons[k]), text);
	}
	return m->n;
}
