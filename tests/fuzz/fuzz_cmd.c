/*
 * Fuzz the visualizer's ':' command parser and its Tab completion.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz.h"

#include "app/cmdline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct wv_cmd cmd;
	struct wv_cmd_matches m;
	char err[200];
	char *s = fuzz_string(data, size);
	size_t start = size ? data[0] % (size + 1) : 0;

	err[0] = 0;
	if (wv_cmd_parse(s, &cmd, err, sizeof(err)) != 0)
		FUZZ_CHECK(err[0] != 0 && strlen(err) < sizeof(err));
	FUZZ_CHECK(wv_cmd_complete(s, start, s + start, NULL, &m) <= WV_CMD_MATCH_MAX);
	free(s);
	return 0;
}
