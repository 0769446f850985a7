/*
 * The lessons built into the web page: lessons/NN-name.lesson as they are, made
 * into C by src/front/web/embed-lessons.sh at build time (build/web/lessons.c), for
 * the session to open (struct wv_session_lesson, session/session.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEB_LESSONS_H
#define WATVIZ_WEB_LESSONS_H

#include <stddef.h>

#include "session/session.h"

extern const struct wv_session_lesson wv_web_lessons[];
extern const size_t wv_web_nlessons;

#endif /* WATVIZ_WEB_LESSONS_H */
