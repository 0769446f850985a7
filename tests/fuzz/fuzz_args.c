/*
 * Fuzz the option parser: the input, split at newlines, is argv.  Every
 * refusal must come with a message; an accepted offset must fit the word,
 * an accepted page edge (for a two-byte word) must lie on the word grid
 * after its NUL.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "cli/cli.h"

#define MAXARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_string(data, size);
	char *argv[MAXARGS + 2] = { "watviz" };
	int argc = 1;
	struct wv_cli c;

	for (char *p = buf; argc <= MAXARGS;) {
		char *nl = strchr(p, '\n');

		argv[argc++] = p;
		if (!nl)
			break;
		*nl = 0;
		p = nl + 1;
	}
	argv[argc] = NULL;
	if (wv_cli_parse(&c, argc, argv) != 0) {
		FUZZ_CHECK(c.err[0] != 0 && strlen(c.err) < sizeof(c.err));
	} else {
		FUZZ_CHECK(c.v != NULL);
		FUZZ_CHECK(c.delim >= -1 && c.delim <= 255 && c.fill >= 0 && c.fill <= 255);
		long off = wv_cli_offset(&c);

		if (off < 0)
			FUZZ_CHECK(c.err[0] != 0);
		else
			FUZZ_CHECK((unsigned long)off < wv_wat_bytes(c.v));
		if (off >= 0) {
			long edge = wv_cli_page_end(&c, (size_t)off, 2);

			if (edge < 0)
				FUZZ_CHECK(c.err[0] != 0);
			else
				FUZZ_CHECK(edge == 0 || (edge % wv_wat_bytes(c.v) == 0 &&
							 edge > off + 2));
		}
		if (c.autoplay_arg)
			FUZZ_CHECK(c.autoplay_s >= 1 && c.autoplay_s <= 600);
	}
	free(buf);
	return 0;
}
