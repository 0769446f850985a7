/*
 * watviz's command line: argv into a struct wv_cli, every usage error as one
 * line of text.  No output here (so the fuzz target can drive it); main.c
 * prints the message and decides what to run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cli/cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/cast.h"
#include "render/theme.h"
#include "try/try.h"
#include "app/view.h"
#include "trace/word.h"

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void usage_error(struct wv_cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
}

/* The byte of --fill / --delim; -1 after a usage error. */
static int byte_arg(struct wv_cli *c, const char *opt, const char *s)
{
	struct wv_error e;
	uint8_t b;

	if (wv_word_parse_byte(s, &b, &e) == 0)
		return b;
	usage_error(c, "%s '%s', column %d: %s", opt, s, e.col, e.msg);
	return -1;
}

/* The value of option argv[*i] (--opt=value or --opt value); NULL if none. */
static const char *opt_value(int argc, char **argv, int *i, const char *eq)
{
	if (eq)
		return eq + 1;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/* The options that take a value, and how the help shows each. */
enum valued_opt { O_ARCH, O_OFFSET, O_FILL, O_DELIM, O_LESSON, O_LESSONS_DIR,
		  O_CHECK_LESSON, O_AUTOPLAY, O_PAGE_END, O_TRY, O_AS, O_STEP,
		  O_CAST_SIZE, O_RECORD, O_SPLIT, O_WEB_URL, O_CLASS_LOG, O_THEME };
static const struct {
	const char *name;
	const char *example;	/* for "needs a value, as in ..." */
	bool nonempty;		/* "" is missing, not a value to judge */
} valued[] = {
	[O_ARCH] = { "--arch", "--arch ppc64 (--list-arch lists them)", false },
	[O_OFFSET] = { "--offset", "--offset 3", false },
	[O_FILL] = { "--fill", "--fill 0x55", false },
	[O_DELIM] = { "--delim", "--delim /", false },
	[O_LESSON] = { "--lesson", "--lesson 2 (--list-lessons lists them)", true },
	[O_LESSONS_DIR] = { "--lessons-dir", "--lessons-dir ./lessons", true },
	[O_CHECK_LESSON] = { "--check-lesson", "--check-lesson my.lesson", true },
	[O_AUTOPLAY] = { "--autoplay", "--autoplay 4", true },
	[O_PAGE_END] = { "--page-end", "--page-end 8", false },
	[O_TRY] = { "--try", "--try '(a - ONES) & ~a & HIGHS'", true },
	[O_AS] = { "--as", "--as exact (has_zero, exact or find_zero)", true },
	[O_STEP] = { "--step", "--step has_zero:3 (--list-steps lists them)", true },
	[O_CAST_SIZE] = { "--cast-size", "--cast-size 120x36", true },
	[O_RECORD] = { "--record", "--record session.cast", true },
	[O_SPLIT] = { "--split", "--split ppc64 (--list-arch lists them)", true },
	[O_WEB_URL] = { "--web-url", "--web-url https://example.org/watviz.html", true },
	[O_CLASS_LOG] = { "--class-log", "--class-log votes.jsonl", true },
	[O_THEME] = { "--theme", "--theme light (light or dark)", true },
};

/* Index into valued[] of the option a (its name is n bytes), or -1. */
static int valued_option(const char *a, size_t n)
{
	for (size_t k = 0; k < sizeof(valued) / sizeof(valued[0]); k++)
		if (strlen(valued[k].name) == n && strncmp(a, valued[k].name, n) == 0)
			return (int)k;
	return -1;
}

/* The number in the n digits at s; 1000 (too big) for more than 3 digits. */
static unsigned lesson_number(const char *s, size_t n)
{
	return n > 3 ? 1000 : (unsigned)strtoul(s, NULL, 10);
}

bool wv_cli_lesson_range(const char *arg, unsigned *first, unsigned *last)
{
	size_t a = strspn(arg, "0123456789"), b;

	if (a == 0 || arg[a] != '-')
		return false;
	b = strspn(arg + a + 1, "0123456789");
	if (b == 0 || arg[a + 1 + b] != '\0')
		return false;
	*first = lesson_number(arg, a);
	*last = lesson_number(arg + a + 1, b);
	return true;
}

/* --lesson N, NAME or FIRST-LAST; -1 after a usage error. */
static int set_lesson(struct wv_cli *c, const char *val)
{
	unsigned first = 0, last = 0;

	if (!wv_cli_lesson_range(val, &first, &last)) {
		c->lesson = val;
		return 0;
	}
	if (first == 0 || last == 0 || first > 999 || last > 999) {
		usage_error(c, "--lesson %s: lessons are numbered from 1 to 999; "
			    "write a range as in --lesson 2-4", val);
		return -1;
	}
	if (first > last) {
		usage_error(c, "--lesson %s: the range runs backwards; write the "
			    "lower number first, as in --lesson %u-%u", val, last,
			    first);
		return -1;
	}
	c->range_first = first;
	c->range_last = last;
	return 0;
}

/* Does val begin with scheme and a ':', in any case (RFC 3986, 3.1)? */
static bool has_scheme(const char *val, size_t n, const char *scheme)
{
	return n == strlen(scheme) && strncasecmp(val, scheme, n) == 0;
}

/*
 * --web-url URL: where the web page (make web) lives, for --html's links.
 * A relative path, an http:// or https:// URL with its host (the scheme in
 * any case), or a file:/// URL (no host: this machine), without a fragment
 * (each link adds its own) and without blanks or control characters.
 * Anything else a browser would take to another host is refused: "//host/
 * w.html" is no relative path but another host's page, and so is
 * "\\host\w.html" or "/\host", which browsers read with '\' as '/' (the
 * WHATWG URL standard); "https:host/w.html" (no "//") and "https:/\host"
 * are read as https://host/ too, and "file://host/..." is a share on host.
 */
static int web_url(struct wv_cli *c, const char *val)
{
	size_t scheme = strcspn(val, ":/?#\\");
	const char *rest = val + scheme + 1;

	for (const char *p = val; *p; p++)
		if ((unsigned char)*p >= 0x80) {
			/* a no-break space, or no UTF-8 at all: not quoted back */
			usage_error(c, "--web-url: column %d: a byte that is not ASCII "
				    "(0x%02x); write it %%-escaped, as in caf%%C3%%A9"
				    ".html", (int)(p - val) + 1, (unsigned char)*p);
			return -1;
		} else if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '#' ||
		    *p == '"' || *p == '<' || *p == '>') {
			usage_error(c, "--web-url %s: column %d: no blanks, control "
				    "characters, '#', '\"', '<' or '>' in the URL (each "
				    "link adds its own #...)", val, (int)(p - val) + 1);
			return -1;
		}
	if (val[scheme] == ':' && (has_scheme(val, scheme, "http") ||
				   has_scheme(val, scheme, "https"))) {
		if (rest[0] != '/' || rest[1] != '/' || rest[2] == '\0' ||
		    strchr("/\\?", rest[2])) {
			usage_error(c, "--web-url %s: column %zu: an %.*s: URL goes on "
				    "with '//' and the page's host, as in --web-url "
				    "https://example.org/watviz.html (a browser would "
				    "guess the host from what follows); a page beside "
				    "the handout is a path, as in --web-url watviz.html",
				    val, scheme + 2, (int)scheme, val);
			return -1;
		}
	} else if (val[scheme] == ':' && has_scheme(val, scheme, "file")) {
		if (strncmp(rest, "///", 3) != 0 || rest[3] == '/' || rest[3] == '\\') {
			usage_error(c, "--web-url %s: column %zu: a file: URL names a "
				    "file on this machine as file:/// and its path, as "
				    "in --web-url file:///srv/watviz.html (file://HOST/ "
				    "is a share on another host)", val, scheme + 2);
			return -1;
		}
	} else if (val[scheme] == ':') {
		usage_error(c, "--web-url %s: '%.*s:' is no scheme a link here can "
			    "use: write an http:// or https:// URL with its host, a "
			    "file:/// URL or a relative path, as in --web-url "
			    "watviz.html", val, (int)scheme, val);
		return -1;
	}
	if ((val[0] == '/' || val[0] == '\\') && (val[1] == '/' || val[1] == '\\')) {
		usage_error(c, "--web-url %s: a URL that starts with two slashes "
			    "or backslashes names another host, not a path here; "
			    "write the page's "
			    "path (as in --web-url watviz.html) or its whole URL "
			    "(as in --web-url https://example.org/watviz.html)", val);
		return -1;
	}
	c->web_url = val;
	return 0;
}

/* Take the value of option o; -1 after a usage error. */
static int set_valued(struct wv_cli *c, enum valued_opt o, const char *val)
{
	switch (o) {
	case O_ARCH:
		c->arch_given = true;
		c->v = wv_wat_find(val);
		if (!c->v) {
			usage_error(c, "--arch %s: no such variant; --list-arch lists all "
				    "%zu (x86-64, ppc64, alpha, ...)", val, wv_wat_count());
			return -1;
		}
		return 0;
	case O_OFFSET:
		c->offset_arg = val;
		return 0;
	case O_FILL:
		c->fill_given = true;
		return (c->fill = byte_arg(c, "--fill", val)) < 0 ? -1 : 0;
	case O_DELIM:
		return (c->delim = byte_arg(c, "--delim", val)) < 0 ? -1 : 0;
	case O_LESSON:
		if (c->lesson || c->range_first) {
			usage_error(c, "--lesson given twice; give one lesson or one "
				    "range, as in --lesson 2-4");
			return -1;
		}
		return set_lesson(c, val);
	case O_LESSONS_DIR:
		c->lessons_dir = val;
		return 0;
	case O_CHECK_LESSON:
		c->check_lesson = val;
		return 0;
	case O_AUTOPLAY:
		c->autoplay_arg = val;
		return 0;
	case O_PAGE_END:
		c->page_end_arg = val;
		return 0;
	case O_WEB_URL:
		return web_url(c, val);
	case O_TRY:
		c->try_src = val;
		return 0;
	case O_AS:
		c->as_arg = val;
		if ((c->as = wv_try_as_find(val)) < 0) {
			usage_error(c, "--as %s: unknown; use --as has_zero (non-zero "
				    "exactly when a byte is zero), --as exact (0x80 in "
				    "exactly the zero bytes) or --as find_zero", val);
			return -1;
		}
		return 0;
	case O_STEP:
		c->step_arg = val;
		return 0;
	case O_CAST_SIZE:
		c->cast_size_arg = val;
		return 0;
	case O_RECORD:
		c->record = val;
		return 0;
	case O_CLASS_LOG:
		c->class_log = val;
		return 0;
	case O_THEME:
		if (wv_theme_find(val) < 0) {
			usage_error(c, "--theme %s: the themes are light ("
				    WV_THEME_LIGHT_IS ") and dark (the default)", val);
			return -1;
		}
		c->theme = wv_theme_find(val);
		c->theme_given = true;
		return 0;
	case O_SPLIT:
		c->split = wv_wat_find(val);
		if (!c->split) {
			usage_error(c, "--split %s: no such variant; --list-arch lists all "
				    "%zu (x86-64, ppc64, alpha, ...)", val, wv_wat_count());
			return -1;
		}
		return 0;
	}
	return -1;
}

/* How each output mode is asked for, for "X and Y exclude each other". */
static const char *const mode_opt[] = {
	[WV_MODE_AUTO] = "", [WV_MODE_PLAIN] = "--plain", [WV_MODE_JSON] = "--json",
	[WV_MODE_HTML] = "--html", [WV_MODE_SVG] = "--svg", [WV_MODE_CAST] = "--cast",
};

static int parse_args(struct wv_cli *c, int argc, char **argv)
{
	bool opts = true;
	/* the value each option was given first, to refuse a second one */
	const char *given[sizeof(valued) / sizeof(valued[0])] = { NULL };
	const char *color_given = NULL;
	bool component = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val;
		size_t n;
		int vo;

		if (!opts || a[0] != '-' || a[1] == '\0') {
			if (c->word_src) {
				usage_error(c, "more than one word ('%s' and '%s'); quote a "
					    "word with spaces, as in 'a b'",
					    c->word_src, a);
				return -1;
			}
			c->word_src = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			opts = false;
			continue;
		}
		eq = strchr(a, '=');
		n = eq ? (size_t)(eq - a) : strlen(a);
#define IS(name) (n == strlen(name) && strncmp(a, name, n) == 0)
		/* --class, or --class=ADDR[:PORT]: a value only after '=' */
		if (IS("--class")) {
			if (c->class_addr) {
				usage_error(c, "--class given twice; give it once");
				return -1;
			}
			c->class_addr = eq ? eq + 1 : "";
			continue;
		}
		if (eq && (IS("--help") || IS("--version") || IS("--list-arch") ||
			   IS("--plain") || IS("--json") || IS("--component") ||
			   IS("--list-lessons") || IS("--restart") || IS("--present") ||
			   IS("--course") || IS("--svg") || IS("--cast") ||
			   IS("--list-steps") || IS("--html") || IS("--no-mouse") ||
			   IS("--measure") || IS("--sheet"))) {
			usage_error(c, "%.*s takes no value; remove '%s'", (int)n, a, eq);
			return -1;
		}
		vo = valued_option(a, n);
		if (vo >= 0) {
			val = opt_value(argc, argv, &i, eq);
			if (!val || (valued[vo].nonempty && !*val)) {
				usage_error(c, "%s needs a value, as in %s", valued[vo].name,
					    valued[vo].example);
				return -1;
			}
			/* --lesson says it its own way, with ranges */
			if (given[vo] && vo != O_LESSON) {
				usage_error(c, "%s given twice ('%s' and '%s'); give it "
					    "once", valued[vo].name, given[vo], val);
				return -1;
			}
			if (vo == O_DELIM && component) {
				usage_error(c, "--delim %s and --component both set the "
					    "delimiter (--component is --delim /); give "
					    "one of them", val);
				return -1;
			}
			given[vo] = val;
			if (set_valued(c, (enum valued_opt)vo, val) < 0)
				return -1;
			continue;
		}
		if (IS("--help") || IS("-h")) {
			c->help = true;
		} else if (IS("--version") || IS("-V")) {
			c->version = true;
		} else if (IS("--list-arch")) {
			c->list = true;
		} else if (IS("--list-lessons")) {
			c->list_lessons = true;
		} else if (IS("--restart")) {
			c->restart = true;
		} else if (IS("--present")) {
			c->present = true;
		} else if (IS("--measure")) {
			if (c->measure) {
				usage_error(c, "--measure given twice; give it once");
				return -1;
			}
			c->measure = true;
		} else if (IS("--sheet")) {
			c->sheet = true;
		} else if (IS("--course")) {
			c->course = true;
		} else if (IS("--no-mouse")) {
			c->no_mouse = true;
		} else if (IS("--list-steps")) {
			c->list_steps = true;
		} else if (IS("--plain") || IS("--json") || IS("--html") || IS("--svg") ||
			   IS("--cast")) {
			enum wv_cli_mode m = IS("--plain") ? WV_MODE_PLAIN
					   : IS("--json") ? WV_MODE_JSON
					   : IS("--html") ? WV_MODE_HTML
					   : IS("--svg") ? WV_MODE_SVG : WV_MODE_CAST;

			if (c->mode != WV_MODE_AUTO && c->mode != m) {
				usage_error(c, "%s and %s exclude each other; give one "
					    "of them%s", mode_opt[c->mode], mode_opt[m],
					    m == WV_MODE_HTML || c->mode == WV_MODE_HTML ?
					    " (--html writes one HTML page)" : "");
				return -1;
			}
			c->mode = m;
		} else if (IS("--component")) {
			if (given[O_DELIM]) {
				usage_error(c, "--delim %s and --component both set the "
					    "delimiter (--component is --delim /); give "
					    "one of them", given[O_DELIM]);
				return -1;
			}
			component = true;
			c->delim = '/';
		} else if (IS("--color") || IS("--colour")) {
			val = eq ? eq + 1 : "auto";
			/* "--color always" as well as "--color=always" */
			if (!eq && i + 1 < argc &&
			    (strcmp(argv[i + 1], "auto") == 0 ||
			     strcmp(argv[i + 1], "always") == 0 ||
			     strcmp(argv[i + 1], "never") == 0))
				val = argv[++i];
			if (color_given) {
				usage_error(c, "--color given twice ('%s' and '%s'); give "
					    "it once", color_given, val);
				return -1;
			}
			color_given = val;
			if (strcmp(val, "auto") == 0)
				c->color = -1;
			else if (strcmp(val, "always") == 0)
				c->color = 1;
			else if (strcmp(val, "never") == 0)
				c->color = 0;
			else {
				usage_error(c, "--color=%s: unknown; use --color=auto, "
					    "--color=always or --color=never", val);
				return -1;
			}
		} else {
			usage_error(c, "unknown option '%s'; watviz --help lists the "
				    "options (write -- before a word that starts "
				    "with '-')", a);
			return -1;
		}
#undef IS
	}
	return 0;
}

/* The offset, checked against the variant's word size; -1 when bad. */
long wv_cli_offset(struct wv_cli *c)
{
	unsigned nb = wv_wat_bytes(c->v);
	const char *s = c->offset_arg;
	char *end;
	long n;

	if (!s)
		return 0;
	errno = 0;
	n = strtol(s, &end, 10);
	/* digits only: strtol would also take blanks, a sign or nothing */
	if (!isdigit((unsigned char)s[0]) || *end != '\0' || errno || n < 0 ||
	    n >= (long)nb) {
		usage_error(c, "--offset %s: must be a whole number from 0 to %u (%s "
			    "words are %u bytes), as in --offset 3",
			    s, nb - 1, c->v->name, nb);
		return -1;
	}
	return n;
}

long wv_cli_page_end(struct wv_cli *c, size_t offset, size_t word_len)
{
	unsigned nb = wv_wat_bytes(c->v);
	size_t first = ((offset + word_len) / nb + 1) * nb;	/* after the NUL */
	const char *s = c->page_end_arg;
	char *end, why[300];
	long n;

	if (!s)
		return 0;
	errno = 0;
	n = strtol(s, &end, 10);
	if (!isdigit((unsigned char)s[0]) || *end != '\0' || errno || n < 0 ||
	    n > WV_PAGE_END_MAX) {
		usage_error(c, "--page-end %s: must be a whole number, the address "
			    "where an unmapped page starts (at most %d), as in "
			    "--page-end %zu", s, WV_PAGE_END_MAX, first);
		return -1;
	}
	/* the page's page= is refused by the same words (wv_word_page_why) */
	if (wv_word_page_why((size_t)n, offset, word_len, nb, c->v->name,
			     "--page-end ", why, sizeof(why)) < 0) {
		usage_error(c, "--page-end %s: %s", s, why);
		return -1;
	}
	return n;
}

/*
 * --sheet: a lesson's questions printed, as text or HTML; nothing of the
 * visualizer's.
 */
static int sheet_combinations(struct wv_cli *c, bool lesson)
{
	if (!c->sheet)
		return 0;
	if (!lesson && !c->course) {
		usage_error(c, "--sheet prints the questions of a lesson; give it "
			    "with --lesson N or --course (as in watviz --html --sheet "
			    "--lesson 3)");
		return -1;
	}
	if (c->mode != WV_MODE_AUTO && c->mode != WV_MODE_PLAIN &&
	    c->mode != WV_MODE_HTML) {
		usage_error(c, "--sheet prints text (--plain) or HTML (--html); leave "
			    "out %s", mode_opt[c->mode]);
		return -1;
	}
	const char *other = c->present ? "--present" : c->autoplay_arg ? "--autoplay"
			    : c->restart ? "--restart" : c->class_addr ? "--class"
			    : c->record ? "--record" : c->measure ? "--measure" : NULL;

	if (c->web_url) {
		usage_error(c, "--sheet prints the questions alone, with no links "
			    "to the web page; leave out --web-url");
		return -1;
	}
	if (other) {
		usage_error(c, "--sheet prints the questions alone; %s %s, so leave "
			    "it out", other, c->measure ? "times the handout's charts, "
			    "which a sheet does not have" : "is for the lesson in the "
			    "visualizer");
		return -1;
	}
	return 0;
}

/* --svg, --step, --list-steps, --cast, --cast-size and --record. */
static int export_combinations(struct wv_cli *c, bool lesson)
{
	/* --step: the sub-step --svg draws, or the one the visualizer opens at */
	if (c->step_arg && c->mode != WV_MODE_SVG && c->mode != WV_MODE_AUTO) {
		usage_error(c, "--step names the sub-step --svg draws or the "
			    "visualizer opens at; leave out %s (or --step)",
			    mode_opt[c->mode]);
		return -1;
	}
	if (c->step_arg && (lesson || c->course)) {
		usage_error(c, "--step opens one word's trace at a sub-step; a "
			    "lesson's scenes choose their own (:scene N), so leave "
			    "out %s or --step", c->course ? "--course" : "--lesson");
		return -1;
	}
	if (c->step_arg && c->list_steps) {
		usage_error(c, "--list-steps lists every sub-step and exits; leave "
			    "out --step");
		return -1;
	}
	if (c->split && c->list_steps) {
		usage_error(c, "--list-steps lists every sub-step of one variant "
			    "and exits; leave out --split (or give its variant as "
			    "--arch)");
		return -1;
	}
	if (c->mode == WV_MODE_SVG && !c->step_arg && !c->list_steps) {
		usage_error(c, "--svg draws one sub-step; name it, as in --svg --step "
			    "has_zero:3 (--list-steps lists them)");
		return -1;
	}
	if ((c->mode == WV_MODE_SVG || c->list_steps) && (lesson || c->course)) {
		usage_error(c, "%s works on one word; leave out %s",
			    c->list_steps ? "--list-steps" : "--svg",
			    c->course ? "--course" : "--lesson");
		return -1;
	}
	if (c->list_steps && (c->mode == WV_MODE_JSON || c->mode == WV_MODE_HTML)) {
		usage_error(c, "--list-steps lists the sub-steps as text and exits; "
			    "leave out %s", mode_opt[c->mode]);
		return -1;
	}
	if (c->list_steps && (c->mode == WV_MODE_CAST || c->record)) {
		usage_error(c, "--list-steps lists the sub-steps and exits; leave out %s",
			    c->record ? "--record" : "--cast");
		return -1;
	}
	if (c->cast_size_arg && c->mode != WV_MODE_CAST) {
		usage_error(c, "--cast-size is the terminal size of a --cast; add "
			    "--cast (or leave out --cast-size)");
		return -1;
	}
	if (c->record && c->mode != WV_MODE_AUTO) {
		usage_error(c, "--record records the visualizer as it is used; "
			    "leave out %s%s", mode_opt[c->mode], c->mode == WV_MODE_CAST
			    ? " (it plays a trace or lesson by itself)" : "");
		return -1;
	}
	return 0;
}

/* --cast-size COLSxROWS into c->cast_cols, c->cast_rows; -1 when bad. */
static int cast_size(struct wv_cli *c)
{
	const char *s = c->cast_size_arg;
	size_t a, b;
	unsigned long cols, rows;

	c->cast_cols = WV_VIEW_MIN_COLS;
	c->cast_rows = WV_VIEW_MIN_ROWS;
	if (!s)
		return 0;
	a = strspn(s, "0123456789");
	b = a && (s[a] == 'x' || s[a] == 'X') ? strspn(s + a + 1, "0123456789") : 0;
	if (b == 0 || s[a + 1 + b] != '\0' || a > 4 || b > 4) {
		usage_error(c, "--cast-size %s: write COLUMNSxROWS, as in --cast-size "
			    "120x36", s);
		return -1;
	}
	cols = strtoul(s, NULL, 10);
	rows = strtoul(s + a + 1, NULL, 10);
	if (cols < WV_VIEW_MIN_COLS || rows < WV_VIEW_MIN_ROWS ||
	    cols > WV_CAST_COLS_MAX || rows > WV_CAST_ROWS_MAX) {
		bool small = cols < WV_VIEW_MIN_COLS || rows < WV_VIEW_MIN_ROWS;

		usage_error(c, "--cast-size %s: %s %dx%d; give %dx%d to %dx%d, as "
			    "in --cast-size 120x36", s, small ? "the visualizer needs "
			    "at least" : "too large: a cast is at most",
			    small ? WV_VIEW_MIN_COLS : WV_CAST_COLS_MAX,
			    small ? WV_VIEW_MIN_ROWS : WV_CAST_ROWS_MAX,
			    WV_VIEW_MIN_COLS, WV_VIEW_MIN_ROWS, WV_CAST_COLS_MAX,
			    WV_CAST_ROWS_MAX);
		return -1;
	}
	c->cast_cols = (int)cols;
	c->cast_rows = (int)rows;
	return 0;
}

/* Options that only make sense together. */
static int check_combinations(struct wv_cli *c)
{
	bool lesson = c->lesson || c->range_first;

	if (c->class_log && !c->class_addr) {
		usage_error(c, "--class-log keeps a live class's votes; add --class "
			    "(or leave out --class-log)");
		return -1;
	}
	if (c->class_addr && !lesson && !c->course) {
		usage_error(c, "--class serves a lesson's questions to the students' "
			    "phones; add --lesson N or --course");
		return -1;
	}
	if (c->class_addr && (c->mode != WV_MODE_AUTO || c->list_lessons ||
			      c->check_lesson)) {
		usage_error(c, "--class runs in the visualizer, where the teacher "
			    "steps through the lesson; leave out %s", c->list_lessons
			    ? "--list-lessons" : c->check_lesson ? "--check-lesson"
			    : mode_opt[c->mode]);
		return -1;
	}

	if (c->as_arg && !c->try_src) {
		usage_error(c, "--as says how to check a --try formula; add --try "
			    "EXPR (or leave out --as)");
		return -1;
	}
	if (c->try_src && (lesson || c->course || c->delim >= 0)) {
		usage_error(c, "--try checks one formula on one word; leave out %s",
			    c->course ? "--course" : lesson ? "--lesson" :
			    "--delim and --component");
		return -1;
	}
	if (c->try_src && (c->mode == WV_MODE_SVG || c->mode == WV_MODE_CAST ||
			   c->record || c->list_steps || c->step_arg || c->split)) {
		usage_error(c, "--try draws its own formula, not the kernel's steps; "
			    "leave out %s", c->record ? "--record" : c->list_steps
			    ? "--list-steps" : c->split ? "--split"
			    : c->mode == WV_MODE_AUTO ? "--step" : mode_opt[c->mode]);
		return -1;
	}
	if (c->no_mouse && (c->try_src || c->list_steps ||
			    (c->mode != WV_MODE_AUTO && !c->record))) {
		usage_error(c, "--no-mouse leaves the mouse to the terminal in the "
			    "visualizer, and %s runs none; leave out --no-mouse",
			    c->try_src ? "--try" : c->list_steps ? "--list-steps"
			    : mode_opt[c->mode]);
		return -1;
	}

	if (c->try_src && c->page_end_arg) {
		usage_error(c, "--try draws its formula on the word's first word, "
			    "as has_zero gets it, with no page edge in it; leave "
			    "out --page-end");
		return -1;
	}
	if (c->theme_given && (c->try_src || c->list_steps ||
				(c->mode != WV_MODE_AUTO && c->mode != WV_MODE_CAST))) {
		usage_error(c, "--theme colours the visualizer and --cast, and %s "
			    "draws neither; leave out --theme", c->try_src ? "--try"
			    : c->list_steps ? "--list-steps" : mode_opt[c->mode]);
		return -1;
	}
	if (c->color == 1 && (c->mode == WV_MODE_JSON || c->mode == WV_MODE_HTML ||
			      c->mode == WV_MODE_SVG)) {
		usage_error(c, "--color=always colours text for a terminal, and %s "
			    "writes none; leave out --color=always", mode_opt[c->mode]);
		return -1;
	}
	if (c->web_url && c->mode != WV_MODE_HTML) {
		usage_error(c, "--web-url links each sub-step of a trace's --html page, "
			    "or each scene of a lesson's, to the web page; give it "
			    "with --html, as in watviz --html --web-url watviz.html "
			    "'ab\\0cd'");
		return -1;
	}
	if (c->try_src && c->mode == WV_MODE_HTML) {
		usage_error(c, "--try writes text or JSON, not HTML; leave out --html "
			    "(or use --plain or --json)");
		return -1;
	}
	if (export_combinations(c, lesson) < 0)
		return -1;
	if (c->split && (lesson || c->course) && c->mode == WV_MODE_HTML) {
		usage_error(c, "--split with --html writes one word on two variants; "
			    "a lesson's handout has no split view, so leave out "
			    "--split with %s --html", c->course ? "--course" : "--lesson");
		return -1;
	}
	if (((c->split && c->mode != WV_MODE_HTML) ||
	     (c->present && !lesson && !c->course)) &&
	    c->mode != WV_MODE_AUTO && c->mode != WV_MODE_CAST) {
		usage_error(c, "%s; leave it out with %s", c->split ? "--split is a "
			    "layout of the visualizer, of --cast and of --html" : "--present "
			    "is a layout of the visualizer and of --cast", mode_opt[c->mode]);
		return -1;
	}
	if (c->measure && !lesson && !c->course) {
		usage_error(c, "--measure times the routines for a lesson's measure: "
			    "scenes; give it with --lesson N or --course (as in watviz "
			    "--plain --measure --lesson 1)");
		return -1;
	}
	if (sheet_combinations(c, lesson) < 0)
		return -1;
	if (c->course && lesson) {
		usage_error(c, "--course runs every lesson; give either --course or "
			    "--lesson N (or a range, as in --lesson 2-4)");
		return -1;
	}
	if (lesson || c->course) {
		const char *opt = c->course ? "--course" : "--lesson";

		if (c->word_src) {
			usage_error(c, "%s takes its words from the lesson%s; remove "
				    "'%s' (or leave out %s)", opt, c->course ? "s" : "",
				    c->word_src, opt);
			return -1;
		}
		if (c->mode == WV_MODE_JSON) {
			usage_error(c, "--json and %s exclude each other; use "
				    "--plain %s for %s", opt,
				    c->course ? "--course" : "--lesson N",
				    c->course ? "the handouts" : "a handout");
			return -1;
		}
		if (c->page_end_arg) {
			usage_error(c, "--page-end is set by a scene's page-end: key "
				    "in a lesson; leave it out with --lesson");
			return -1;
		}
		if ((c->present || c->autoplay_arg || c->restart) &&
		    (c->mode == WV_MODE_PLAIN || c->mode == WV_MODE_HTML)) {
			usage_error(c, "%s; leave it out with %s", c->present ?
				    "--present is a layout of the visualizer and of "
				    "--cast" : c->restart ? "--restart says where the "
				    "visualizer and --cast begin a lesson" : "--autoplay "
				    "paces the visualizer and --cast", mode_opt[c->mode]);
			return -1;
		}
		if (c->offset_arg || c->fill_given || c->delim >= 0) {
			usage_error(c, "--offset, --fill and --delim are set by each scene "
				    "of a lesson; leave them out with %s", opt);
			return -1;
		}
	} else if ((c->autoplay_arg && c->mode != WV_MODE_CAST) || c->restart) {
		usage_error(c, "%s goes with --lesson N or --course%s", c->restart
			    ? "--restart" : "--autoplay", c->restart ? "" : " (or --cast, "
			    "which plays a trace at that pace)");
		return -1;
	} else if (c->lessons_dir) {
		usage_error(c, "--lessons-dir says where lessons are read from, and "
			    "this runs no lesson; add --lesson N, --course or "
			    "--list-lessons (or leave out --lessons-dir)");
		return -1;
	}
	return 0;
}

/*
 * --help, --version, --list-arch, --list-lessons and --check-lesson do one
 * thing and exit: a word or an option that they would ignore is refused
 * (--help and --version aside: they take anything, as GNU tools do).
 */
static int check_lone(struct wv_cli *c)
{
	const char *does = c->help ? "--help prints the help"
			 : c->version ? "--version prints the version"
			 : c->list ? "--list-arch lists the variants"
			 : c->check_lesson ? "--check-lesson checks the file it names"
			 : "--list-lessons lists the lessons";

	if (c->list && !c->help && !c->version && (c->check_lesson ||
	    c->list_lessons || c->list_steps || c->try_src)) {
		usage_error(c, "--list-arch lists the variants and exits, so %s "
			    "would be skipped; leave out --list-arch (run it on its "
			    "own)", c->check_lesson ? "--check-lesson" : c->list_lessons
			    ? "--list-lessons" : c->list_steps ? "--list-steps" : "--try");
		return -1;
	}
	if (c->word_src) {
		usage_error(c, "%s and exits, so the word '%s' would be ignored; "
			    "remove it", does, c->word_src);
		return -1;
	}
	if (c->help || c->version)
		return 0;
	if (c->measure || c->no_mouse || c->sheet) {
		usage_error(c, "%s and exits, so %s would be ignored; leave it out",
			    does, c->measure ? "--measure" : c->sheet ? "--sheet"
			    : "--no-mouse");
		return -1;
	}
	if (c->list)
		return 0;
	if (c->check_lesson && c->arch_given) {
		usage_error(c, "--check-lesson checks the file on every variant its "
			    "arches: line allows; leave out --arch");
		return -1;
	}
	if (c->check_lesson && c->lessons_dir) {
		usage_error(c, "--check-lesson checks the file it names, not a "
			    "lessons folder; leave out --lessons-dir");
		return -1;
	}
	return 0;
}

int wv_cli_parse(struct wv_cli *c, int argc, char **argv)
{
	*c = (struct wv_cli){ .v = wv_wat_find("x86-64"), .delim = -1, .color = -1 };
	if (parse_args(c, argc, argv) < 0)
		return -1;
	/* a bad value is an error even where the option would not be used */
	if (c->autoplay_arg) {
		char *end;
		long n;

		errno = 0;
		n = strtol(c->autoplay_arg, &end, 10);
		/* digits only: strtol would also take blanks and a sign */
		if (!isdigit((unsigned char)c->autoplay_arg[0]) || *end || errno ||
		    n < 1 || n > 600) {
			usage_error(c, "--autoplay %s: give the seconds per step, a whole "
				    "number from 1 to 600, as in --autoplay 4",
				    c->autoplay_arg);
			return -1;
		}
		c->autoplay_s = (int)n;
	}
	if (cast_size(c) < 0)
		return -1;
	if (c->help || c->version || c->list || c->check_lesson || c->list_lessons)
		return check_lone(c);
	return check_combinations(c);
}
