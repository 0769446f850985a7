/*
 * view_lines.h - what view_lines.c lends the layouts in view.c and
 * view_split.c beyond app/view.h: the title bar every screen starts with,
 * the key hints while playing.  Private to
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

/* The hints while playing, its keys named as the help screen names them
   (wv_keys_names: "+ = -"); a key list and its meaning part at a tab. */
struct app_play_hints {
	char pause[24], speed[40], stop[24];
	const char *h[5];
};
/* The hints into p, NULL-terminated: pause, speed, stop, quit. */
const char *const *app_play_hints(struct app_play_hints *p);

#endif /* WATVIZ_APP_VIEW_LINES_H */
