/*
 * The ':' command parser and its completion (app/cmdline.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "app/cmdline.h"
#include "render/theme.h"
#include "trace/word.h"

static struct wv_cmd cmd;
static char err[200];

static void test_arch(void **state)
{
	(void)state;
	assert_int_equal(wv_cmd_parse("arch ppc", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_ARCH);
	assert_ptr_equal(cmd.variant, variant("ppc64"));
	/* a unique prefix of the command */
	assert_int_equal(wv_cmd_parse("  ar   alpha  ", &cmd, err, sizeof(err)), 0);
	assert_ptr_equal(cmd.variant, variant("alpha"));
	assert_int_equal(wv_cmd_parse("arch vax", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown variant 'vax'"));
	assert_int_equal(wv_cmd_parse("arch", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "usage: :arch NAME"));
}

static void test_word(void **state)
{
	(void)state;
	assert_int_equal(wv_cmd_parse("word \"a\\0b\"", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_WORD);
	assert_string_equal(cmd.text, "a\\0b");
	/* escaped quote inside the quotes stays for the word parser */
	assert_int_equal(wv_cmd_parse("word \"x\\\"y\"", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, "x\\\"y");
	/* unquoted: the rest of the line, trailing blanks dropped */
	assert_int_equal(wv_cmd_parse("w usr/bin  ", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, "usr/bin");
	assert_int_equal(wv_cmd_parse("word \"abc", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "missing closing \""));
	assert_int_equal(wv_cmd_parse("word \"a\" b", &cmd, err, sizeof(err)), -1);
	/* an empty word is a word, asked for with "": just the NUL */
	assert_int_equal(wv_cmd_parse("word \"\"", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, "");
	/* a bare :word gives its usage (it used to empty the word) */
	assert_int_equal(wv_cmd_parse("word", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :word \"a\\0b\" (:word \"\" is the empty word)");
	assert_int_equal(wv_cmd_parse("word  ", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("try", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "usage: :try"));
}

static void test_numbers_and_bytes(void **state)
{
	(void)state;
	assert_int_equal(wv_cmd_parse("offset 3", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_OFFSET);
	assert_int_equal(cmd.num, 3);
	assert_int_equal(wv_cmd_parse("offset -1", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("offset 3x", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("fill 0x01", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, 1);
	assert_int_equal(wv_cmd_parse("fill x", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, 'x');
	assert_int_equal(wv_cmd_parse("fill 256", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "fill: "));
	assert_int_equal(wv_cmd_parse("delim /", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_DELIM);
	assert_int_equal(cmd.num, '/');
	assert_int_equal(wv_cmd_parse("delim none", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, -1);
	assert_int_equal(wv_cmd_parse("speed 250", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, 250);
	/* :set mouse on|off, the one setting */
	assert_int_equal(wv_cmd_parse("set mouse off", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_SET);
	assert_int_equal(cmd.num, 0);
	assert_int_equal(wv_cmd_parse("se mouse  on", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, 1);
	assert_int_equal(wv_cmd_parse("set mouse", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :set mouse on|off");
	/* :set theme light|dark */
	assert_int_equal(wv_cmd_parse("set theme light", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_THEME);
	assert_int_equal(cmd.num, WV_THEME_LIGHT);
	assert_int_equal(wv_cmd_parse("set  theme\tdark", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_THEME);
	assert_int_equal(cmd.num, WV_THEME_DARK);
	assert_int_equal(wv_cmd_parse("set theme blue", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :set theme light|dark");
	assert_int_equal(wv_cmd_parse("set themes light", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("set mousetrap on", &cmd, err, sizeof(err)), -1);
	assert_int_equal(wv_cmd_parse("set colour on", &cmd, err, sizeof(err)), -1);
	/* :set split memory|own, the split view's layout (as M) */
	assert_int_equal(wv_cmd_parse("set split memory", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_SET);
	assert_int_equal(cmd.num, 1);
	assert_int_equal(wv_cmd_parse("set split own", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.num, 0);
	assert_int_equal(wv_cmd_parse("set split on", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :set split memory|own");
	assert_int_equal(wv_cmd_parse("set", &cmd, err, sizeof(err)), -1);
}

static void test_plain_commands(void **state)
{
	(void)state;
	assert_int_equal(wv_cmd_parse("", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_EMPTY);
	assert_int_equal(wv_cmd_parse("q", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_QUIT);
	assert_int_equal(wv_cmd_parse("help", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_HELP);
	assert_int_equal(wv_cmd_parse("help me", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "takes no argument"));
	/* :try takes the rest of the line as it is, spaces and all */
	assert_int_equal(wv_cmd_parse("try (a - ONES) & ~a ", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_TRY);
	assert_string_equal(cmd.text, "(a - ONES) & ~a");
	assert_int_equal(wv_cmd_parse("json", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_JSON);
	assert_string_equal(cmd.text, "");
	assert_int_equal(wv_cmd_parse("json out.json", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, "out.json");
	assert_int_equal(wv_cmd_parse("frobnicate", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown command 'frobnicate'"));
	/* "c" stays compare, which it was before class came (the command
	   claims it); "cl" is class */
	assert_int_equal(wv_cmd_parse("c", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_COMPARE);
	assert_int_equal(wv_cmd_parse("co", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_COMPARE);
	assert_int_equal(wv_cmd_parse("cl", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_CLASS);
	assert_string_equal(cmd.text, "");
	assert_int_equal(wv_cmd_parse("class 127.0.0.1:9000 ", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_CLASS);
	assert_string_equal(cmd.text, "127.0.0.1:9000");
	assert_int_equal(wv_cmd_parse("cla :9000", &cmd, err, sizeof(err)), 0);
	assert_string_equal(cmd.text, ":9000");
	/* a claim is no licence for a wrong prefix */
	assert_int_equal(wv_cmd_parse("cx", &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown command 'cx'"));
	/* too long an argument is refused, not truncated */
	static char line[WV_CMD_TEXT_MAX + 16];

	memcpy(line, "word ", 5);
	memset(line + 5, 'a', WV_CMD_TEXT_MAX);
	line[5 + WV_CMD_TEXT_MAX] = '\0';
	assert_int_equal(wv_cmd_parse(line, &cmd, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "too long"));
}

static bool has(const struct wv_cmd_matches *m, const char *s)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->name[i], s) == 0)
			return true;
	return false;
}

static void test_complete(void **state)
{
	struct wv_cmd_matches m;

	(void)state;
	assert_int_equal(wv_cmd_complete("", 0, "", NULL, &m), 19);
	assert_true(has(&m, "word") && has(&m, "quit") && has(&m, "arch"));
	assert_true(has(&m, "try"));
	assert_int_equal(wv_cmd_complete("ar", 0, "ar", NULL, &m), 1);
	assert_string_equal(m.name[0], "arch");
	assert_int_equal(wv_cmd_complete("arch pp", 5, "pp", NULL, &m), 4);
	assert_true(has(&m, "ppc64") && has(&m, "ppc") && has(&m, "powerpc") == false);
	assert_true(has(&m, "ppc32") && has(&m, "ppc64le"));
	assert_int_equal(wv_cmd_complete("arch ", 5, "", NULL, &m), 16 + 5);
	assert_true(has(&m, "x86") && has(&m, "powerpc") && has(&m, "s390"));
	assert_int_equal(wv_cmd_complete("delim n", 6, "n", NULL, &m), 1);
	assert_string_equal(m.name[0], "none");
	assert_int_equal(wv_cmd_complete("offset ", 7, "", NULL, &m), 0);
	assert_int_equal(wv_cmd_complete("set m", 4, "m", NULL, &m), 1);
	assert_string_equal(m.name[0], "mouse");
	/* issue 47's tester: ":set theme l" and Tab did not complete.  Every
	   setting the usage names (":set mouse on|off, theme light|dark,
	   ...") completes after "set", and its two values after its name */
	{
		const char *usage = NULL, *u;
		char name[24], yes[24], no[24], line[96];
		unsigned settings = 0;

		for (size_t i = 0; i < wv_cmd_count(); i++)
			if (strncmp(wv_cmd_usage(i), "set ", 4) == 0)
				usage = wv_cmd_usage(i) + 4;
		assert_non_null(usage);
		for (u = usage; sscanf(u, "%23[a-z] %23[a-z]|%23[a-z]", name, yes, no) == 3;
		     settings++) {
			assert_int_equal(wv_cmd_complete("set ", 4, "", NULL, &m), 3);
			assert_true(has(&m, name));
			snprintf(line, sizeof(line), "set %.1s", name);
			assert_true(wv_cmd_complete(line, 4, line + 4, NULL, &m) >= 1);
			assert_true(has(&m, name));
			snprintf(line, sizeof(line), "set %s ", name);
			assert_int_equal(wv_cmd_complete(line, strlen(line), "", NULL, &m), 2);
			assert_string_equal(m.name[0], yes);
			assert_string_equal(m.name[1], no);
			snprintf(line, sizeof(line), "se  %s  %.1s", name, yes);
			assert_int_equal(wv_cmd_complete(line, strlen(line) - 1,
							 line + strlen(line) - 1, NULL, &m),
					 yes[0] == no[0] ? 2 : 1);
			assert_true(has(&m, yes));
			u = strchr(u, ',');
			if (!u)
				break;
			u += strspn(u, ", ");
		}
		assert_int_equal(settings + 1, 3);
		assert_int_equal(wv_cmd_complete("set theme l", 10, "l", NULL, &m), 1);
		assert_string_equal(m.name[0], "light");
		assert_int_equal(wv_cmd_complete("set theme x", 10, "x", NULL, &m), 0);
		assert_int_equal(wv_cmd_complete("set nosuch ", 11, "", NULL, &m), 0);
		assert_int_equal(wv_cmd_complete("set theme light ", 16, "", NULL, &m), 0);
	}

	/* lesson names after "lesson" (and its prefixes), from the caller */
	static const char *const names[] = { "word-at-a-time", "has-zero",
					     "hash-name", NULL };

	assert_int_equal(wv_cmd_complete("lesson ha", 7, "ha", names, &m), 2);
	assert_string_equal(m.name[0], "has-zero");
	assert_string_equal(m.name[1], "hash-name");
	assert_int_equal(wv_cmd_complete("les ", 4, "", names, &m), 3);
	assert_int_equal(wv_cmd_complete("lesson ha", 7, "ha", NULL, &m), 0);
	assert_int_equal(wv_cmd_complete("arch ha", 5, "ha", names, &m), 0);
	/* Tab after "c" offers both: the claim is for Enter only */
	assert_int_equal(wv_cmd_complete("c", 0, "c", NULL, &m), 2);
	assert_true(has(&m, "compare") && has(&m, "class"));
	assert_int_equal(wv_cmd_complete("sc", 0, "sc", NULL, &m), 1);
	assert_string_equal(m.name[0], "scene");
}

/* :scene, :lesson, :next, :prev: what a class moves with */
static void test_lesson_commands(void **state)
{
	(void)state;
	assert_int_equal(wv_cmd_parse("scene 3", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_SCENE);
	assert_int_equal(cmd.num, 3);
	assert_int_equal(wv_cmd_parse("sc 12", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_SCENE);
	assert_int_equal(cmd.num, 12);
	assert_int_equal(wv_cmd_parse("scene", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :scene N");
	assert_int_equal(wv_cmd_parse("scene three", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "scene: 'three' is not a number");
	/* "s" is scene or speed */
	assert_int_equal(wv_cmd_parse("s 3", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "ambiguous command 's' (try :help)");

	assert_int_equal(wv_cmd_parse("lesson 3", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_LESSON);
	assert_string_equal(cmd.text, "3");
	assert_int_equal(wv_cmd_parse("  l has-zero  ", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_LESSON);
	assert_string_equal(cmd.text, "has-zero");
	assert_int_equal(wv_cmd_parse("lesson", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "usage: :lesson N|NAME");

	assert_int_equal(wv_cmd_parse("next", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_NEXT);
	assert_int_equal(wv_cmd_parse("n", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_NEXT);
	assert_int_equal(wv_cmd_parse("prev", &cmd, err, sizeof(err)), 0);
	assert_int_equal(cmd.kind, WV_CMD_PREV);
	assert_int_equal(wv_cmd_parse("next 2", &cmd, err, sizeof(err)), -1);
	assert_string_equal(err, "next takes no argument");
}

/* The command `e` leaves in the history sets the same word when parsed
   back: a '"' in the word does not end the quoted text. */
static void test_word_command(void **state)
{
	static const char *const srcs[] = {
		"ab\\0cd", "a\"b", "\"", "\"\"", "say \"hi\"\\0", "a\\\"b",
		"x\\\\\"y", "", "\\x41\"",
	};
	char line[64];

	(void)state;
	for (size_t i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++) {
		uint8_t want[64], got[64];
		size_t wn, gn;
		struct wv_error e;

		assert_int_equal(wv_cmd_word(srcs[i], line, sizeof(line)), 0);
		assert_int_equal(wv_cmd_parse(line, &cmd, err, sizeof(err)), 0);
		assert_int_equal(cmd.kind, WV_CMD_WORD);
		assert_int_equal(wv_word_parse(srcs[i], want, &wn, &e), 0);
		assert_int_equal(wv_word_parse(cmd.text, got, &gn, &e), 0);
		assert_int_equal(gn, wn);
		assert_memory_equal(got, want, wn);
	}
	assert_int_equal(wv_cmd_word("a\"b", line, sizeof(line)), 0);
	assert_string_equal(line, "word \"a\\\"b\"");
	/* too small: refused, not cut */
	assert_int_equal(wv_cmd_word("\"\"\"", line, 12), -1);
	assert_int_equal(wv_cmd_word("\"\"\"", line, 14), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arch),
		cmocka_unit_test(test_word),
		cmocka_unit_test(test_numbers_and_bytes),
		cmocka_unit_test(test_plain_commands),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_lesson_commands),
		cmocka_unit_test(test_word_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
