/*
 * src/front/web/store.h - the web page's state files: named blobs in the
 * browser's storage (localStorage under node or Chromium, through the
 * module's "watviz" imports; none in the native twin, tests/web/driver.c).
 * app/state.h's functions work on them (src/front/web/store.c), so the same
 * code that reads and writes the terminal's progress file does it here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WEB_STORE_H
#define WATVIZ_WEB_STORE_H

#include <stddef.h>

/*
 * Set the blob name aside, as one that could not be read: copied to the
 * first free name of "NAME.bad", "NAME.bad2" .. "NAME.bad9" (that name
 * into kept), then emptied, so the page starts clean and loses nothing.
 * 0, or a negative errno (-ENOSPC: the storage is full) with name as it
 * was.
 */
int wv_store_aside(const char *name, char *kept, size_t size);

#endif /* WATVIZ_WEB_STORE_H */
