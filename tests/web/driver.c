/*
 * The native twin of the page for tests/web/run-web.sh: src/front/web/web.c
 * built for this machine, driven by a scenario on stdin, printing every
 * frame asked for in the format tests/web/frames.js prints the module's
 * (the same scenario run by node on build/web/watviz.wasm).  Equal output
 * means the page draws what the native build draws, cell for cell.
 *
 *   size R C        the grid's size
 *   open FRAGMENT   wv_web_open (the rest of the line, maybe empty)
 *   key NAME ...    keys by name: Right Left Up Down Home End BkSp Del PgUp
 *                   PgDn Enter Esc Tab F1, C-x (Ctrl), or one character
 *   type TEXT       each character of the rest of the line as a key (its
 *                   code point: UTF-8 text types é as U+00E9)
 *   click Y X       a click on that cell
 *   tick N          N ticks of play mode
 *   frame           print the frame: "frame R C", then per row its
 *                   characters in UTF-8 "t|", roles "r|" (a = role 0) and marks
 *                   "m|" (0 none, 1 focus, 2 cursor, 3 both)
 *   link            print "link|" and the screen's fragment
 *   said            print "said|" and what the live region is told
 *   prove           run the :try waiting for its proof (wv_web_proving)
 *                   here, as the page's worker would, and bring its
 *                   verdict back; "prove none" when there is none
 *   # ...           a comment
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/keys.h"
#include "render/screen.h"
#include "trace/word.h"
#include "web.h"

static const struct { const char *name; int code; } names[] = {
	{ "Right", WV_KEY_RIGHT }, { "Left", WV_KEY_LEFT }, { "Up", WV_KEY_UP },
	{ "Down", WV_KEY_DOWN }, { "Home", WV_KEY_HOME }, { "End", WV_KEY_END },
	{ "BkSp", WV_KEY_BKSP }, { "Del", WV_KEY_DEL }, { "PgUp", WV_KEY_PGUP },
	{ "PgDn", WV_KEY_PGDN }, { "Enter", '\n' }, { "Esc", 27 }, { "Tab", '\t' },
	{ "F1", WV_KEY_F1 },
};

static int code_of(const char *name)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(names[i].name, name) == 0)
			return names[i].code;
	if (name[0] == 'C' && name[1] == '-' && name[2] && !name[3])
		return name[2] & 0x1f;
	if (name[0] && !name[1])
		return (unsigned char)name[0];
	fprintf(stderr, "driver: no key '%s'\n", name);
	exit(2);
}

static void frame(void)
{
	const uint32_t *c = wv_web_frame();
	int rows = wv_web_rows(), cols = wv_web_cols();

	if (!c) {
		printf("frame none\n");
		return;
	}
	printf("frame %d %d\n", rows, cols);
	for (int y = 0; y < rows; y++) {
		const uint32_t *row = c + (size_t)y * (size_t)cols;

		fputs("t|", stdout);
		for (int x = 0; x < cols; x++) {
			char u[4];

			fwrite(u, 1, wv_cell_utf8(WV_WEB_CH(row[x]), u), stdout);
		}
		fputs("\nr|", stdout);
		for (int x = 0; x < cols; x++)
			putchar('a' + (int)WV_WEB_ROLE(row[x]));
		fputs("\nm|", stdout);
		for (int x = 0; x < cols; x++)
			putchar('0' + !!(row[x] & WV_WEB_FOCUS) + 2 * !!(row[x] & WV_WEB_CURSOR));
		putchar('\n');
	}
}

int main(void)
{
	char line[8192];

	while (fgets(line, sizeof(line), stdin)) {
		char *arg;

		line[strcspn(line, "\n")] = '\0';
		arg = strchr(line, ' ');
		arg = arg ? arg + 1 : line + strlen(line);
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (strncmp(line, "size ", 5) == 0) {
			int r, c;

			if (sscanf(arg, "%d %d", &r, &c) == 2)
				wv_web_resize(r, c);
		} else if (strncmp(line, "open", 4) == 0) {
			wv_web_open(arg);
		} else if (strncmp(line, "key ", 4) == 0) {
			for (char *k = strtok(arg, " "); k; k = strtok(NULL, " "))
				wv_web_key(code_of(k));
		} else if (strncmp(line, "type ", 5) == 0) {
			/* each character's code point, as core.js sends it */
			for (char *k = arg; *k;) {
				uint32_t cp;
				size_t n = wv_word_utf8_len(k, strlen(k), &cp);

				wv_web_key(n ? (int)cp : (unsigned char)*k);
				k += n ? n : 1;
			}
		} else if (strncmp(line, "click ", 6) == 0) {
			int y, x;

			if (sscanf(arg, "%d %d", &y, &x) == 2)
				wv_web_click(y, x);
		} else if (strncmp(line, "tick ", 5) == 0) {
			for (int n = atoi(arg); n > 0; n--)
				wv_web_tick();
		} else if (strcmp(line, "frame") == 0) {
			frame();
		} else if (strcmp(line, "said") == 0) {
			printf("said|%s\n", wv_web_said());
		} else if (strcmp(line, "prove") == 0) {
			int job = wv_web_proving();

			if (job)
				wv_web_proved(job, wv_web_prove(wv_web_prove_job()));
			else
				printf("prove none\n");
		} else if (strcmp(line, "link") == 0) {
			printf("link|%s\n", wv_web_link());
		} else {
			fprintf(stderr, "driver: cannot read '%s'\n", line);
			return 2;
		}
	}
	return 0;
}
