/*
 * src/session/line.h - what line.c, the session's line editor, lends
 * keep.c; private to src/session/ (the API is session/session.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_SESSION_LINE_H
#define WATVIZ_SESSION_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* Is s[0..n) text the editor could have typed: UTF-8 of characters a
   frame's cell shows (wv_word_is_narrow: ASCII's printable ones, é, α,
   ж ...; no control)? */
bool ss_line_typable(const char *s, size_t n);

#endif /* WATVIZ_SESSION_LINE_H */
