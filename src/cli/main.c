/*
 * watviz entry point: argv, choosing plain / JSON / interactive, exit codes.
 *
 * Exit status: 0 success, 1 failure while running (output could not be
 * written, out of memory), 2 usage error (a bad option or word; one line on
 * stderr says what, where and how to fix it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "watviz/json.h"
#include "watviz/plain.h"
#include "watviz/trace.h"
#include "watviz/ui.h"
#include "watviz/wat.h"
#include "watviz/word.h"

#ifndef WATVIZ_VERSION
#define WATVIZ_VERSION "unknown"
#endif

#define EXIT_USAGE 2
#define DEFAULT_WORD "ab\\0cd"

enum mode { MODE_AUTO, MODE_PLAIN, MODE_JSON };

struct cli {
	const struct wv_variant *v;
	const char *word_src;
	const char *offset_arg;		/* checked once the variant is known */
	int fill;
	int delim;
	int color;			/* -1 auto, 0 never, 1 always */
	enum mode mode;
	bool help, version, list;
};

static void usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("watviz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void help(FILE *f)
{
	fputs(
"usage: watviz [options] [--] [WORD]\n"
"\n"
"Shows, bit by bit, how the Linux kernel's word-at-a-time functions (has_zero,\n"
"prep_zero_mask, create_zero_mask, find_zero, zero_bytemask) find the end of\n"
"WORD, a C string literal body such as 'ab\\0cd' (the default).  Escapes:\n"
"\\0 \\NNN (octal) \\xHH \\a \\b \\t \\n \\v \\f \\r \\e \\\\ \\\" \\' \\?\n"
"\n"
"options:\n"
"  --arch NAME       the variant to run (default x86-64); see --list-arch\n"
"  --list-arch       list the variants, one line each, and exit\n"
"  --offset N        start the string N bytes into the first word (default 0)\n"
"  --fill BYTE       byte before the string and after its NUL (default 0);\n"
"                    47, 0x2f or a single character\n"
"  --delim BYTE      also stop at BYTE, as hash_name stops at '/'\n"
"  --component       the same as --delim /\n"
"  --plain           write the explanation as text (the default when stdout\n"
"                    or stdin is not a terminal)\n"
"  --json            write the values and steps as one JSON object\n"
"  --color[=WHEN]    colour the text: auto (the default), always or never;\n"
"                    NO_COLOR in the environment means never for auto\n"
"  -h, --help        show this help and exit\n"
"  -V, --version     show the version and exit\n"
"  --                end of options: the next argument is the word even if\n"
"                    it starts with '-'\n"
"\n"
"examples:\n"
"  watviz 'ab\\0cd'                       x86-64 finds the NUL at 2\n"
"  watviz --arch ppc 'a\\x01\\0bcdefg'      big-endian: the borrow's lie\n"
"  watviz --component usr/bin            hash_name stops at the '/'\n"
"  watviz --offset 3 --fill 0 '\\x01Q'    an unaligned start\n"
"  watviz --json --arch alpha 'abc'      the values, for a program\n"
"\n"
"Exit status: 0 success, 1 failure while running, 2 usage error.\n"
"With both stdin and stdout on a terminal and neither --plain nor --json,\n"
"watviz opens the interactive visualizer.  See watviz(1).\n", f);
}

static void list_arch(FILE *f)
{
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		char names[64];

		snprintf(names, sizeof(names), "%s%s%s%s", v->name,
			 v->aliases[0] ? " (" : "", v->aliases,
			 v->aliases[0] ? ")" : "");
		fprintf(f, "%-22s %2u-bit %-6s %s\n", names, v->bits,
			v->endian == WV_LITTLE ? "little" : "big", v->summary);
	}
}

/* Display column of byte column col of s: UTF-8 continuation bytes take none. */
static int display_col(const char *s, int col)
{
	int d = 0;

	for (int i = 0; i < col - 1 && s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			d++;
	return d + 1;
}

/*
 * The bad word (control bytes shown as '?') and a caret under column col.
 * A long word is cut to about 60 bytes around the column, with "...".
 */
static void caret(const char *s, int col)
{
	int len = (int)strlen(s), from = 0, to = len;

	if (len > 64) {
		from = col - 30 > 0 ? col - 30 : 0;
		to = from + 60 < len ? from + 60 : len;
		while (from > 0 && ((unsigned char)s[from] & 0xc0) == 0x80)
			from--;	/* do not start inside a UTF-8 sequence */
		while (to < len && ((unsigned char)s[to] & 0xc0) == 0x80)
			to++;
	}
	fputs(from ? "  ..." : "  ", stderr);
	for (int i = from; i < to; i++)
		fputc((unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i], stderr);
	fprintf(stderr, "%s\n  %*s^\n", to < len ? "..." : "",
		(from ? 3 : 0) + display_col(s + from, col - from) - 1, "");
}

/* The byte of --fill / --delim; -1 after a usage error. */
static int byte_arg(const char *opt, const char *s)
{
	struct wv_error e;
	uint8_t b;

	if (wv_word_parse_byte(s, &b, &e) == 0)
		return b;
	usage_error("%s '%s', column %d: %s", opt, s, e.col, e.msg);
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

static int parse_args(struct cli *c, int argc, char **argv)
{
	bool opts = true;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val;
		size_t n;

		if (!opts || a[0] != '-' || a[1] == '\0') {
			if (c->word_src) {
				usage_error("more than one word ('%s' and '%s'); quote a "
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
		if (eq && (IS("--help") || IS("--version") || IS("--list-arch") ||
			   IS("--plain") || IS("--json") || IS("--component"))) {
			usage_error("%.*s takes no value; remove '%s'", (int)n, a, eq);
			return -1;
		}
		if (IS("--help") || IS("-h")) {
			c->help = true;
		} else if (IS("--version") || IS("-V")) {
			c->version = true;
		} else if (IS("--list-arch")) {
			c->list = true;
		} else if (IS("--plain") || IS("--json")) {
			enum mode m = IS("--plain") ? MODE_PLAIN : MODE_JSON;

			if (c->mode != MODE_AUTO && c->mode != m) {
				usage_error("--plain and --json exclude each other; "
					    "give one of them");
				return -1;
			}
			c->mode = m;
		} else if (IS("--component")) {
			c->delim = '/';
		} else if (IS("--color") || IS("--colour")) {
			val = eq ? eq + 1 : "auto";
			/* "--color always" as well as "--color=always" */
			if (!eq && i + 1 < argc &&
			    (strcmp(argv[i + 1], "auto") == 0 ||
			     strcmp(argv[i + 1], "always") == 0 ||
			     strcmp(argv[i + 1], "never") == 0))
				val = argv[++i];
			if (strcmp(val, "auto") == 0)
				c->color = -1;
			else if (strcmp(val, "always") == 0)
				c->color = 1;
			else if (strcmp(val, "never") == 0)
				c->color = 0;
			else {
				usage_error("--color=%s: unknown; use --color=auto, "
					    "--color=always or --color=never", val);
				return -1;
			}
		} else if (IS("--arch") || IS("--offset") || IS("--fill") ||
			   IS("--delim")) {
			char name[16];

			snprintf(name, sizeof(name), "%.*s", (int)n, a);
			val = opt_value(argc, argv, &i, eq);
			if (!val) {
				usage_error("%s needs a value, as in %s", name,
					    IS("--arch") ? "--arch ppc64 (--list-arch lists them)"
					    : IS("--offset") ? "--offset 3"
					    : IS("--fill") ? "--fill 0x55"
							   : "--delim /");
				return -1;
			}
			if (IS("--arch")) {
				c->v = wv_wat_find(val);
				if (!c->v) {
					usage_error("--arch %s: no such variant; --list-arch "
						    "lists all %zu (x86-64, ppc64, alpha, ...)",
						    val, wv_wat_count());
					return -1;
				}
			} else if (IS("--offset")) {
				c->offset_arg = val;
			} else if (IS("--fill")) {
				if ((c->fill = byte_arg("--fill", val)) < 0)
					return -1;
			} else if ((c->delim = byte_arg("--delim", val)) < 0) {
				return -1;
			}
		} else {
			usage_error("unknown option '%s'; watviz --help lists the "
				    "options (write -- before a word that starts "
				    "with '-')", a);
			return -1;
		}
#undef IS
	}
	return 0;
}

/* The offset, checked against the variant's word size; -1 when bad. */
static long parse_offset(const struct cli *c)
{
	unsigned nb = wv_wat_bytes(c->v);
	const char *s = c->offset_arg;
	char *end;
	long n;

	if (!s)
		return 0;
	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || n < 0 || n >= (long)nb ||
	    s[0] == '-' || s[0] == '+' || s[0] == ' ') {
		usage_error("--offset %s: must be a whole number from 0 to %u (%s "
			    "words are %u bytes), as in --offset 3",
			    s, nb - 1, c->v->name, nb);
		return -1;
	}
	return n;
}

int main(int argc, char **argv)
{
	struct cli c = { .v = wv_wat_find("x86-64"), .delim = -1, .color = -1 };
	static uint8_t word[WV_WORD_MAX];
	struct wv_trace t;
	struct wv_error e;
	size_t len;
	long offset;
	int err;

	if (parse_args(&c, argc, argv) < 0)
		return EXIT_USAGE;
	if (c.help) {
		help(stdout);
		return fflush(stdout) || ferror(stdout) ? EXIT_FAILURE : 0;
	}
	if (c.version) {
		printf("watviz %s\n", WATVIZ_VERSION);
		return fflush(stdout) || ferror(stdout) ? EXIT_FAILURE : 0;
	}
	if (c.list) {
		list_arch(stdout);
		return fflush(stdout) || ferror(stdout) ? EXIT_FAILURE : 0;
	}
	if (!c.word_src)
		c.word_src = DEFAULT_WORD;
	if ((offset = parse_offset(&c)) < 0)
		return EXIT_USAGE;
	if (wv_word_parse(c.word_src, word, &len, &e) < 0) {
		usage_error("word, column %d: %s", e.col, e.msg);
		caret(c.word_src, e.col);
		return EXIT_USAGE;
	}

	if (c.mode == MODE_AUTO && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		struct wv_ui_opts uo = {
			.word = word, .word_len = len, .word_src = c.word_src,
			.variant = c.v, .offset = (size_t)offset, .fill = c.fill,
			.delim = c.delim, .color = c.color,
		};

		return wv_ui_run(&uo);
	}

	err = wv_trace_build(&t, &(struct wv_trace_in){
		.v = c.v, .word = word, .word_len = len, .offset = (size_t)offset,
		.fill = (uint8_t)c.fill, .delim = c.delim });
	if (err) {
		fprintf(stderr, "watviz: cannot trace the word: %s\n",
			err == -EPROTO ? "the step engine disagrees with the core "
					 "(a bug; please report it)"
				       : strerror(-err));
		return EXIT_FAILURE;
	}
	if (c.mode == MODE_JSON) {
		err = wv_json_write(stdout, &t);
	} else {
		struct wv_plain_opts po = {
			.color = wv_plain_want_color(stdout, c.color),
			.word_src = c.word_src,
		};

		err = wv_plain_render(stdout, &t, &po);
	}
	wv_trace_free(&t);
	if (err || fclose(stdout) != 0) {
		fprintf(stderr, "watviz: cannot write the output: %s\n",
			strerror(errno ? errno : EIO));
		return EXIT_FAILURE;
	}
	return 0;
}
