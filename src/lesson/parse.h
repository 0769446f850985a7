/*
 * src/lesson/parse.h - what parse.c lends check.c: the line reader and the
 * way mistakes are kept; private to src/lesson/ (the public API is
 * lesson/lesson.h).  The parser's state is lint.h's.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LESSON_PARSE_H
#define WATVIZ_LESSON_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "lint.h"

/* Is the last scene complete?  0, or -1 with the mistake in p->err. */
int ls_close_scene(struct parser *p);

/* One line of the file, n bytes without its newline: 0, -1 (the mistake in
   p->err) or -ENOMEM. */
int ls_parse_line(struct parser *p, const char *line, size_t n);

/* Keep the mistake just reported (p->cur), and mark its scene. */
void ls_record(struct parser *p);

/* Has the caller room for no more mistakes? */
bool ls_full(const struct parser *p);

#endif /* WATVIZ_LESSON_PARSE_H */
