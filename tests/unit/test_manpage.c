/*
 * The man page documents every key of the visualizer and every ':' command:
 * each name in the key table (src/app/keys.c) and the command table
 * (src/app/cmdline.c) appears in watviz.1 as mandoc writes it, so a key or a
 * command added without its line in the manual fails here.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watviz/cmdline.h"
#include "watviz/keys.h"

static char *page;

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_key),
		cmocka_unit_test(every_command),
	};
	FILE *f = fopen("watviz.1", "r");
	size_t len;

	if (!f) {
		printf("1..1\nnot ok 1 - watviz.1 cannot be read from the tree's root\n");
		return 1;
	}
	page = malloc(1 << 20);
	assert_non_null(page);
	len = fread(page, 1, (1 << 20) - 1, f);
	page[len] = '\0';
	fclose(f);
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	free(page);
	return rc;
}
