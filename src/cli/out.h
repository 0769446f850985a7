/*
 * src/cli/out.h - what out.c lends main.c; private to src/cli/.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLI_OUT_H
#define WATVIZ_CLI_OUT_H

/*
 * Text from argv or the disk (a word, a file name) made safe for the
 * terminal: control characters and bytes that are not UTF-8 as \xHH.  Each
 * call returns the next of four static buffers, so one message may hold four.
 */
const char *cli_safe(const char *s);

/* "watviz: MESSAGE" on stderr, what it quotes made safe to show. */
void cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Flush standard output; when that fails say so.  0, or EXIT_FAILURE. */
int cli_finish_stdout(void);

#endif /* WATVIZ_CLI_OUT_H */
