/*
 * What the command line says besides its output: text from argv or the disk
 * made safe to show, a usage error on standard error, and whether standard
 * output was written whole.  main.c's, through out.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "trace/word.h"

/*
 * Text from argv or the disk (a word, a file name) made safe for the
 * terminal: control characters and bytes that are not UTF-8 as \xHH.  Each
 * call returns the next of four buffers, so one message may hold four.
 */
const char *cli_safe(const char *s)
{
	static char bufs[4][4 * WV_LESSON_PATH_MAX + 1];
	static unsigned next;
	char *b = bufs[next++ % 4];

	wv_word_escape(s, strlen(s), b, sizeof(bufs[0]));
	return b;
}

/* "watviz: MESSAGE" on stderr, what it quotes made safe to show. */
void cli_usage_error(const char *fmt, ...)
{
	static char msg[2 * WV_LESSON_PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "watviz: %s\n", cli_safe(msg));
}

/*
 * Flush standard output; when that fails (a full disk, a closed pipe) say so.
 * Returns the exit status for "done": 0, or EXIT_FAILURE.
 */
int cli_finish_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	fprintf(stderr, "watviz: cannot write the output: %s\n",
		strerror(errno ? errno : EIO));
	return EXIT_FAILURE;
}
