/*
 * The ':' command parser's edges: tabs, ambiguity, overflow, no room for a
 * message, and completion at every position of a line.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "app/cmdline.h"

static struct wv_cmd cmd;

static void edges(void **state)
{
	(void)state;
	char err[200];

	assert_int_equal(wv_cmd_parse("\tarch\tppc\t", &cmd, err, sizeof(err)), 0);
	assert_ptr_equal(cmd.variant, variant("ppc64"));
	/* a prefix that two commands share is refused as ambiguous */
	assert_int_equal(wv_cmd_parse("", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_EMPTY);
	assert_int_equal(wv_cmd_parse("xyz", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown command 'xyz'"));
	assert_int_equal(wv_cmd_parse("offset 99999999999999999999999", &cmd, err,
				      sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("offset +3", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("delim off", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, -1);
	assert_int_equal(wv_cmd_parse("delim none", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, -1);
	assert_int_equal(wv_cmd_parse("word \"a\\", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("word a\\ b\t ", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, "a\\ b");
	/* no room for a message: still refused, nothing written */
	assert_int_equal(wv_cmd_parse("xyz", &cmd, err, 0), -1);
	assert_int_equal(wv_cmd_parse("xyz", &cmd, err, 1), -1);
	assert_string_equal(err, "");
}

static void completion_everywhere(void **state)
{
	(void)state;
	struct wv_cmd_matches m;
	static const char *const lines[] = {
		"", "a", "ar", "arch ", "arch pp", "arch ppc64 x", "delim ", "delim n",
		"  fill 0", "xyz q", "help ", "word abc",
	};

	/* every line at every cut: candidates always start with the text */
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		size_t len = strlen(lines[i]);

		for (size_t start = 0; start <= len; start++) {
			size_t n = wv_cmd_complete(lines[i], start, lines[i] + start, NULL, &m);

			assert_int_equal(n, m.n);
			for (size_t k = 0; k < n; k++)
				assert_int_equal(strncmp(m.name[k], lines[i] + start,
							 strlen(lines[i] + start)), 0);
		}
	}
	assert_int_equal(wv_cmd_complete("arch pp", 5, "pp", NULL, &m), 4);	/* ppc64 ppc ppc32 ppc64le */
	assert_int_equal(wv_cmd_complete("delim n", 6, "n", NULL, &m), 1);
	assert_string_equal(m.name[0], "none");
	assert_int_equal(wv_cmd_complete("xyz q", 4, "q", NULL, &m), 0);
	assert_int_equal(wv_cmd_complete("help ", 5, "", NULL, &m), 0);
	/* a word too long for a candidate is never one */
	assert_int_equal(wv_cmd_complete("averyveryveryverylongcommandname", 0,
					 "averyveryveryverylongcommandname", NULL, &m), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(edges),
		cmocka_unit_test(completion_everywhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
