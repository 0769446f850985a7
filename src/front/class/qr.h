/*
 * src/front/class/qr.h - whether libqrencode can be loaded, for the class
 * server, which refuses to start without it.  Private to src/front/class/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_QR_H
#define WATVIZ_CLASS_QR_H

/*
 * NULL when libqrencode is loaded (the first call loads it), else what is
 * missing and how to install it (prove/dl.h).  Only in a build with the
 * class server (WATVIZ_HAVE_MHD).
 */
const char *wv_classsrv_qr_missing(void);

#endif /* WATVIZ_CLASS_QR_H */
