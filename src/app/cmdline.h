/*
 * app/cmdline.h - the visualizer's ':' commands: parsing and completion.
 *
 * Pure code: a line in, a struct wv_cmd (or a one-line error) out.  The
 * visualizer applies the command; readline only edits the line.
 *
 *   word "a\0b"   word a\0b   arch ppc   offset 3   fill 0x01   fill x
 *   delim /       delim none  json out.json   compare   speed 250
 *   help          quit (q)   set mouse off   set mouse on   set theme light
 * in a lesson:
 *   scene 3       lesson 3   lesson has-zero   lesson has   next   prev
 *   class         class 127.0.0.1:8080   class :9000
 *
 * A command may be shortened to any unique prefix ("ar ppc", "q"); "c" is
 * compare, as it was before class came ("cl" is class).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CMDLINE_H
#define WATVIZ_CMDLINE_H

#include <stddef.h>

struct wv_variant;

enum wv_cmd_kind {
	WV_CMD_EMPTY,		/* blank line: nothing to do */
	WV_CMD_WORD,		/* text: the word as a C string literal body */
	WV_CMD_ARCH,		/* variant */
	WV_CMD_OFFSET,		/* num */
	WV_CMD_FILL,		/* num: 0..255 */
	WV_CMD_DELIM,		/* num: 0..255, or -1 for none */
	WV_CMD_JSON,		/* text: the file name */
	WV_CMD_COMPARE,
	WV_CMD_SPEED,		/* num: milliseconds per sub-step when playing */
	WV_CMD_HELP,
	WV_CMD_QUIT,
	WV_CMD_SCENE,		/* num: the scene, from 1 */
	WV_CMD_LESSON,		/* text: a lesson's number or name (prefix) */
	WV_CMD_NEXT,		/* the next lesson */
	WV_CMD_PREV,		/* the previous lesson */
	WV_CMD_TRY,		/* text: a formula over a, as --try takes */
	WV_CMD_SET,		/* num: mouse reporting 1 on, 0 off */
	WV_CMD_THEME,		/* num: enum wv_theme (:set theme light) */
	WV_CMD_SPLIT,		/* num 1: variant under the shown one; 0 (no
				   argument): on with its partner, or off;
				   -1 ("off"): off */
	WV_CMD_STEP,		/* text: a sub-step as --list-steps names it,
				   "has_zero:3" (trace/stepname.h) */
	WV_CMD_CLASS,		/* text: where to serve a live class,
				   "ADDR[:PORT]", ":PORT" or "" (the
				   default route's address, port 8080) */
};

#define WV_CMD_TEXT_MAX 16400	/* a 4096-byte word written as \xHH escapes */
#define WV_HISTORY_MAX 500	/* ':' lines a history keeps */

struct wv_cmd {
	enum wv_cmd_kind kind;
	long num;
	const struct wv_variant *variant;
	char text[WV_CMD_TEXT_MAX];
};

/*
 * Parse one command line (without the ':').  Returns 0 and fills *cmd, or -1
 * with a one-line message in err (always NUL-terminated).
 * Example: wv_cmd_parse("arch ppc", &c, e, n) gives c.kind == WV_CMD_ARCH and
 * c.variant == wv_wat_find("ppc64").
 */
int wv_cmd_parse(const char *line, struct wv_cmd *cmd, char *err, size_t errsize);

/*
 * The command that sets the word written src (as `e` edits it: escapes
 * such as \0 kept) into out: `word "SRC"`, a lone '"' in src written \",
 * so that wv_cmd_parse gives back text that is the same word.  Returns 0,
 * or -1 when out (2 * strlen(src) + 8 bytes are always enough) is too small.
 *   a"b\0  ->  word "a\"b\0"
 */
int wv_cmd_word(const char *src, char *out, size_t size);

/* Completion candidates, copied so alias lists need no static storage. */
#define WV_CMD_MATCH_MAX 64
struct wv_cmd_matches {
	size_t n;
	char name[WV_CMD_MATCH_MAX][24];
};

/*
 * Completion candidates for the word text that starts at column start of
 * line: command names for the first word, variant names and aliases after
 * "arch", "none" after "delim", the settings after "set" (mouse, theme,
 * split) and a setting's two values after its name ("set theme l" gives
 * light), the names in lessons (NULL-terminated; NULL for none) after
 * "lesson".  Fills m (at most WV_CMD_MATCH_MAX, in table
 * order) and returns m->n.
 * Example: line "arch pp", start 5, text "pp" gives ppc64, ppc, ppc32,
 * ppc64le ("powerpc" does not start with "pp").
 */
size_t wv_cmd_complete(const char *line, size_t start, const char *text,
		       const char *const *lessons, struct wv_cmd_matches *m);

/* The commands, for documentation checks: how many, and the i-th's usage
   ("offset N"); NULL past the end. */
size_t wv_cmd_count(void);
const char *wv_cmd_usage(size_t i);

#endif /* WATVIZ_CMDLINE_H */
