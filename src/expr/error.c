/*
 * struct wv_error: the one way parsers report a problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "watviz/error.h"

#include <stdarg.h>
#include <stdio.h>

void wv_error_set(struct wv_error *e, int line, int col, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return;
	e->line = line;
	e->col = col;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
}
