/*
 * The man page documents every key of the visualizer and every ':' command:
 * each name in the key table (src/app/keys.c) and the command table
 * (src/app/cmdline.c) appears in watviz.1 as mandoc writes it, so a key or a
 * command added without its line in the manual fails here.  And a key
 * bound to what a documented key does (= as +) is named wherever that key
 * is: on the same item of the man page, in the same row of the guide's
 * tables (docs/GUIDE.md), on the same line of the in-app help.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/cmdline.h"
#include "app/keys.h"
#include "app/view.h"

static char *page, *guide;

/* A key name as the man page's mdoc source spells it after "Sy ". */
static void mdoc_name(const char *name, char *out, size_t size)
{
	static const struct { const char *key, *mdoc; } esc[] = {
		{ "?", "\\&?" }, { ":", "\\&:" }, { "-", "\\-" }, { "[", "\\(lB" },
		{ "]", "\\(rB" }, { "=", "=" }, { "'", "\\(aq" }, { ".", "\\&." },
	};

	for (size_t i = 0; i < sizeof(esc) / sizeof(esc[0]); i++)
		if (strcmp(name, esc[i].key) == 0) {
			snprintf(out, size, "Sy %s", esc[i].mdoc);
			return;
		}
	snprintf(out, size, "Sy %s", name);
}

static void every_key(void **state)
{
	(void)state;
	size_t n, checked = 0;
	const struct wv_keybind *k = wv_keys_table(&n);

	for (size_t i = 0; i < n; i++) {
		char names[64], *tok, *save = NULL;

		if (!k[i].name)
			continue;
		snprintf(names, sizeof(names), "%s", k[i].name);
		for (tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			char want[40];

			mdoc_name(tok, want, sizeof(want));
			if (!strstr(page, want))
				fail_msg("key %s (%s) is not in watviz.1 (looked for \"%s\")", tok,
					 k[i].help ? k[i].help : "an alias", want);
			checked++;
		}
	}
	printf("# %zu key names documented\n", checked);
}

/* Does the line at s (up to its '\n') hold the token tok, ended by a
   blank, ',' or the line's end? */
static bool line_has(const char *s, const char *tok)
{
	const char *end = strchr(s, '\n'), *p = s;
	size_t n = strlen(tok);

	if (!end)
		end = s + strlen(s);
	while ((p = strstr(p, tok)) && p < end) {
		if (p + n == end || p[n] == ' ' || p[n] == ',')
			return true;
		p += n;
	}
	return false;
}

/* Every line of text starting with lead that names key (as tok_key) names
   alias too (as tok_alias); how many did, or -1 (the first that did not
   in *bad). */
static int lines_name_both(const char *text, const char *lead, const char *tok_key,
			   const char *tok_alias, const char **bad)
{
	int seen = 0;

	for (const char *s = text; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
		if (strncmp(s, lead, strlen(lead)) != 0 || !line_has(s, tok_key))
			continue;
		if (!line_has(s, tok_alias)) {
			*bad = s;
			return -1;
		}
		seen++;
	}
	return seen;
}

/* Does the in-app help (? at 120x36, on the key's focus) name alias on the
   row that tells what key does (help)? */
static bool help_names(const char *help, const char *alias, unsigned focus)
{
	static const uint8_t w[] = { 'a', 'b' };
	struct wv_frame f = { 0 };
	struct wv_app app;
	char row[400];
	bool named = false;

	assert_int_equal(wv_app_init(&app, w, sizeof(w), "ab", wv_wat_find("x86-64"),
				     0, 0, -1), 0);
	app.focus = focus & WV_KEYS_MEMORY ? WV_FOCUS_MEMORY : focus & WV_KEYS_BITS
		    ? WV_FOCUS_BITS : WV_FOCUS_STEPS;
	assert_int_equal(wv_frame_init(&f, 36, 120), 0);
	wv_view_help_keys(&f, &app, false);
	for (int y = 0; y < f.rows && !named; y++) {
		wv_frame_row_text(&f, y, row, sizeof(row));
		for (int x = 0; x < f.cols; x += f.cols / 2) {	/* each half */
			char *names = row + x, *said = strstr(names, help);

			if (!said || said - names > f.cols / 2)
				continue;
			*said = '\0';			/* the names before it */
			named = line_has(names, alias);
			break;
		}
	}
	wv_frame_free(&f);
	wv_app_free(&app);
	return named;
}

/*
 * A key that does what the key heading its line of the in-app help does
 * (= as +, shown on + and on the memory's byte + 1): named with it in the
 * help, the man page and the guide.  It has no help text of its own; it
 * may have a name (= once had none, so the help showed "+ -", and naming
 * it made this check skip it).
 */
static void every_alias(void **state)
{
	(void)state;
	size_t n, checked = 0;
	const struct wv_keybind *k = wv_keys_table(&n);

	for (size_t i = 0; i < n; i++) {
		const struct wv_keybind *named = NULL;
		char key[8], alias[8], mk[40], ma[40], gk[16], ga[16];
		const char *bad = NULL;
		int in_page, in_guide;

		/* a printable key without a help line of its own, not one of a
		   range ("0-9 a-f") */
		if (k[i].help || k[i].key <= ' ' || k[i].key > '~' || isxdigit(k[i].key))
			continue;
		/* the key heading its help line, doing the same */
		for (size_t j = i; j-- > 0 && !named;)
			if (k[j].help)
				named = &k[j];
		if (!named || !named->name || strlen(named->name) != 1 ||
		    named->act != k[i].act || named->focus != k[i].focus ||
		    named->key == k[i].key)
			continue;
		snprintf(key, sizeof(key), "%s", named->name);
		snprintf(alias, sizeof(alias), "%c", k[i].key);
		mdoc_name(key, mk, sizeof(mk));
		mdoc_name(alias, ma, sizeof(ma));
		in_page = lines_name_both(page, ".It ", mk, ma, &bad);
		if (in_page < 0)
			fail_msg("key %s does what %s does, and watviz.1 names %s without it: "
				 "%.*s", alias, key, key, (int)strcspn(bad, "\n"), bad);
		snprintf(gk, sizeof(gk), "`%s`", key);
		snprintf(ga, sizeof(ga), "`%s`", alias);
		in_guide = lines_name_both(guide, "| ", gk, ga, &bad);
		if (in_guide < 0)
			fail_msg("key %s does what %s does, and docs/GUIDE.md names %s without "
				 "it: %.*s", alias, key, key, (int)strcspn(bad, "\n"), bad);
		if (in_page == 0 || in_guide == 0)
			fail_msg("key %s (as %s): no item of watviz.1 or row of docs/GUIDE.md "
				 "names it", alias, key);
		if (!help_names(named->help, alias, named->focus))
			fail_msg("key %s does what %s does, and the help (?) names %s "
				 "without it", alias, key, key);
		checked++;
	}
	printf("# %zu keys that do what another does, named beside it\n", checked);
	assert_true(checked >= 2);
}

static void every_command(void **state)
{
	(void)state;

	assert_true(wv_cmd_count() >= 10);
	for (size_t i = 0; i < wv_cmd_count(); i++) {
		char name[32], want[48];

		snprintf(name, sizeof(name), "%s", wv_cmd_usage(i));
		name[strcspn(name, " ")] = '\0';
		snprintf(want, sizeof(want), "Ic %s", name);
		if (!strstr(page, want))
			fail_msg("command :%s is not in watviz.1", name);
	}
	assert_null(wv_cmd_usage(wv_cmd_count()));
}

/* The file at path, whole (up to 1 MB), to free; NULL when unreadable. */
static char *read_doc(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t len;

	if (!f)
		return NULL;
	buf = malloc(1 << 20);
	assert_non_null(buf);
	len = fread(buf, 1, (1 << 20) - 1, f);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_key),
		cmocka_unit_test(every_command),
		cmocka_unit_test(every_alias),
	};
	page = read_doc("watviz.1");
	guide = read_doc("docs/GUIDE.md");
	if (!page || !guide) {
		printf("1..1\nnot ok 1 - watviz.1 and docs/GUIDE.md cannot be read from "
		       "the tree's root\n");
		return 1;
	}
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	free(page);
	free(guide);
	return rc;
}
