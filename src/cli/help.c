/*
 * What --help and --list-arch print: the options, one line each, grouped as
 * the man page groups them, and one line per variant from the variant table.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/cli.h"

#include <stdio.h>

#include "watviz/wat.h"

void wv_cli_help(FILE *f)
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
"  --arch NAME       the variant to run (default x86-64, today's kernel;\n"
"                    x86-64-v6.10 is its multiply form up to v6.10);\n"
"                    see --list-arch for every variant and its kernels\n"
"  --list-arch       list the variants, one line each, and exit\n"
"  --offset N        start the string N bytes into the first word (default 0)\n"
"  --fill BYTE       byte before the string and after its NUL (default 0);\n"
"                    47, 0x2f or a single character\n"
"  --delim BYTE      follow hash_name: unaligned loads from the name,\n"
"                    stopping at a NUL or BYTE, as hash_name stops at '/'\n"
"  --component       the same as --delim /\n"
"  --page-end N      an unmapped page from memory N on (a multiple of the word\n"
"                    size, after the NUL): aligned loads stay before it,\n"
"                    hash_name's load across it faults and is fixed up\n"
"  --plain           write the explanation as text (the default when stdout\n"
"                    or stdin is not a terminal)\n"
"  --json            write the values and steps as one JSON object\n"
"  --html            write one self-contained HTML page (inline CSS, no\n"
"                    script): the trace, or with --lesson or --course the\n"
"                    handouts, answers at the end; prints on A4\n"
"                    and Letter\n"
"  --web-url URL     with --html: link each sub-step to the web page at URL\n"
"                    (make web), URL#word=...&step=has_zero:3; with --lesson\n"
"                    or --course each scene, URL#lesson=3&scene=2; URL is a\n"
"                    path on the page's host or an http:, https: or file: URL\n"
"  --color[=WHEN]    colour the text: auto (the default), always or never;\n"
"                    NO_COLOR in the environment means never for auto\n"
"  --no-mouse        leave the mouse to the terminal (to select text); else\n"
"                    a click edits a byte or a bit, the wheel steps (the\n"
"                    visualizer only)\n"
"\n"
"figures and recordings:\n"
"  --step NAME:K     open the visualizer at sub-step K of the kernel\n"
"                    function NAME (--list-steps lists them), as in\n"
"                    --step has_zero:3; with --svg, write it as a figure\n"
"  --list-steps      list the NAME:K of every sub-step of WORD, and exit\n"
"  --cast            write the trace (or --lesson N) played by itself as an\n"
"                    asciicast v2 file, at autoplay's pace, with markers\n"
"  --cast-size CxR   the terminal size of --cast (default 80x24)\n"
"  --record FILE     record the visualizer as you use it into FILE (.cast)\n"
"\n"
"lessons:\n"
"  --list-lessons    list the lessons: number, title, estimated minutes and\n"
"                    variants\n"
"  --lesson N        run lesson N (a number or a name such as has-zero);\n"
"                    with --plain (or into a pipe) print it as a handout;\n"
"                    a range such as 2-4 runs lessons 2 to 4 in sequence\n"
"  --course          run every lesson, in order (handouts with --plain)\n"
"  --lessons-dir DIR read lessons from DIR (else $WATVIZ_LESSONS, the\n"
"                    installed ones, or the source tree's lessons/)\n"
"  --check-lesson F  check the lesson file F and report its mistakes\n"
"  --present         projector layout: bits spaced by byte, high contrast\n"
"  --theme light|dark  colours of the visualizer and --cast: light is black\n"
"                    on white (for projectors), dark the default\n"
"  --split ARCH      a second variant stacked under the first, same place\n"
"                    (the visualizer, --cast, --html; not --try or\n"
"                    --list-steps)\n"
"  --autoplay SECS   go on by itself, one sub-step every SECS seconds; each\n"
"                    scene stays up until read at 140 words a minute, and\n"
"                    a question pauses; a key takes over\n"
"  --restart         start each lesson from its first scene, not where the\n"
"                    class stopped before this run\n"
"  --class[=ADDR[:PORT]]  a live class: the students join from their\n"
"                    phones (J shows the link, a code and its QR code) and\n"
"                    vote on each question; s shows the votes by\n"
"                    misconception, V a second vote; default: the address\n"
"                    of the default route, port 8080\n"
"  --class-log FILE  with --class: append every vote to FILE (one JSON line\n"
"                    each) and write each question's summary to FILE.csv\n"
"  --measure         a handout's measure: scenes time wv_strlen and the\n"
"                    loops it replaces on this machine (without it the\n"
"                    handout says not measured, the same everywhere; the\n"
"                    visualizer always measures, m again)\n"
"\n"
"construct and prove:\n"
"  --try EXPR        check your own formula over the word a for EVERY word\n"
"                    (Z3 proves it, or gives the smallest counterexample),\n"
"                    drawn step by step on WORD and on the counterexample;\n"
"                    C's + - * & | ^ ~ << >> ! < <= > >= == != ?: ( ), numbers,\n"
"                    ONES HIGHS LOW7 REPEAT_BYTE(x) clz ctz popcount fls __ffs\n"
"                    __fls cmpb(x,y) cmpbge(x,y), and NAME = EXPR; statements\n"
"  --as KIND         what EXPR must be: has_zero (non-zero exactly when a byte\n"
"                    is zero; the default), exact (0x80 in exactly the zero\n"
"                    bytes) or find_zero (the first zero's index, from mask =\n"
"                    the variant's create_zero_mask output)\n"
"\n"
"  -h, --help        show this help and exit\n"
"  -V, --version     show the version, the licence and where lessons are\n"
"                    read from, and exit\n"
"  --                end of options: the next argument is the word even if\n"
"                    it starts with '-'\n"
"\n"
"examples:\n"
"  watviz 'ab\\0cd'                       x86-64 (since v6.11) finds the NUL at 2\n"
"  watviz --arch ppc 'a\\x01\\0bcdefg'      big-endian: the borrow's lie\n"
"  watviz --component usr/bin            hash_name stops at the '/'\n"
"  watviz --offset 3 --fill 0 '\\x01Q'    an unaligned start\n"
"  watviz --offset 3 --page-end 8 --component ab\n"
"                                        load_unaligned_zeropad at a page edge\n"
"  watviz --json --arch alpha 'abc'      the values, for a program\n"
"  watviz --arch ppc --lesson 3          lesson 3 on a big-endian word\n"
"  watviz --plain --lesson 5 | lpr       lesson 5 as a printed handout\n"
"  watviz --html --lesson 3 --arch ppc > lesson3.html   a handout page\n"
"  watviz --lesson 2-4 --present         a class: lessons 2, 3 and 4\n"
"  watviz --try '(a - ONES) & HIGHS'     refuted: the smallest word it fails on\n"
"  watviz --arch ppc --as find_zero --try 'clz(mask) >> 3'\n"
"  watviz --svg --step has_zero:3 'ab\\0cd' > fig.svg\n"
"  watviz --cast --lesson 2 > lesson2.cast   lesson 2, played by itself\n"
"\n"
"Exit status: 0 success, 1 failure while running, 2 usage error.\n"
"With both stdin and stdout on a terminal and neither --plain nor --json,\n"
"watviz opens the interactive visualizer.  See watviz(1).\n", f);
}

void wv_cli_list_arch(FILE *f)
{
	for (size_t i = 0; i < wv_wat_count(); i++) {
		const struct wv_variant *v = wv_wat_at(i);
		char names[64];

		snprintf(names, sizeof(names), "%s%s%s%s", v->name,
			 v->aliases[0] ? " (" : "", v->aliases,
			 v->aliases[0] ? ")" : "");
		fprintf(f, "%-24s %2u-bit %-6s %s [%s]\n", names, v->bits,
			v->endian == WV_LITTLE ? "little" : "big", v->summary,
			v->era);
	}
}
