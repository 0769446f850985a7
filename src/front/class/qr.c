/*
 * The join link as a QR code for the terminal (wv_classsrv_qr in
 * front/class/classsrv.h): GNU libqrencode makes the modules, this draws them
 * with Unicode half blocks.  A terminal cell is about twice as tall as it
 * is wide, so one cell holds two modules stacked (upper half block, lower
 * half block, full block or space) and the modules come out square: a
 * version-4 code (33 modules, a 64-character link) with a quiet zone of 2
 * is 37 columns by 19 rows.  Error correction L: a projected code is
 * large and clean, and L keeps it small enough for 80x24.
 *
 * Compiled to a stub when the build has no libqrencode (WATVIZ_HAVE_MHD
 * unset: the server needs both).  With it, libqrencode is loaded on first
 * use (prove/dl.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/class/classsrv.h"

#include <stdlib.h>
#include <string.h>

#ifndef WATVIZ_HAVE_MHD

char *wv_classsrv_qr(const char *text, unsigned quiet, bool invert, int *rows,
		     int *cols)
{
	(void)text;
	(void)quiet;
	(void)invert;
	*rows = *cols = 0;
	return NULL;
}

#else /* WATVIZ_HAVE_MHD */

#include <qrencode.h>

#include "qr.h"
#include "prove/dl.h"

/* libqrencode, opened when a class is first served (prove/dl.h) */
#define QR_FUNCS(X) X(QRcode_encodeString) X(QRcode_free)
WV_DL_TABLE(qr_lib, QR_FUNCS, WATVIZ_LIB_QR, WATVIZ_PKG_QR);
#define QR(f) WV_DL_FN(qr_lib, QRcode_##f)

const char *wv_classsrv_qr_missing(void)
{
	return wv_dl_load(&qr_lib) < 0 ? qr_lib.err : NULL;
}

/* Whether module (x, y) of the code with its quiet zone is dark. */
static bool dark(const QRcode *q, unsigned quiet, int x, int y)
{
	int w = q->width;

	x -= (int)quiet;
	y -= (int)quiet;
	return x >= 0 && y >= 0 && x < w && y < w && (q->data[y * w + x] & 1);
}

char *wv_classsrv_qr(const char *text, unsigned quiet, bool invert, int *rows,
		     int *cols)
{
	static const char *const glyph[4] = { " ", "\u2584", "\u2580", "\u2588" };
	QRcode *q;
	char *out, *p;
	int n;

	*rows = *cols = 0;
	if (quiet > 16 || wv_classsrv_qr_missing())
		return NULL;
	q = QR(encodeString)(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
	if (!q)
		return NULL;
	n = q->width + 2 * (int)quiet;
	*cols = n;
	*rows = (n + 1) / 2;
	/* at most 3 bytes a cell, a newline a row, the NUL */
	out = malloc((size_t)*rows * ((size_t)n * 3 + 1) + 1);
	if (!out) {
		QR(free)(q);
		*rows = *cols = 0;
		return NULL;
	}
	p = out;
	for (int r = 0; r < *rows; r++) {
		for (int x = 0; x < n; x++) {
			/* the half row below the last is outside: light */
			bool top = dark(q, quiet, x, 2 * r) != invert;
			bool bottom = 2 * r + 1 < n && dark(q, quiet, x, 2 * r + 1) != invert;
			const char *g = glyph[top * 2 + bottom];
			size_t len = strlen(g);

			memcpy(p, g, len);
			p += len;
		}
		*p++ = '\n';
	}
	*p = '\0';
	QR(free)(q);
	return out;
}

#endif /* WATVIZ_HAVE_MHD */
