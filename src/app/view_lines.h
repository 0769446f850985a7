/*
 * view_lines.h - what view_lines.c lends the layouts in view.c beyond
 * app/view.h: the title bar every screen starts with.  Private to
 * src/app/view*.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_VIEW_LINES_H
#define WATVIZ_APP_VIEW_LINES_H

#include "app/view.h"

/*
 * Row 0: the variant, its width and byte order, the word as typed (cut to
 * fit, bytes outside ASCII as \xHH), offset, fill and delimiter.
 */
void app_title_bar(struct wv_frame *f, const struct wv_app *app);

#endif /* WATVIZ_APP_VIEW_LINES_H */
