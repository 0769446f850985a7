/*
 * src/front/class/mhd.h - libmicrohttpd's functions as the class server's
 * files call them.  Every function used is named here once; MHD(f) is
 * MHD_f through the address the load found (prove/dl.h), with MHD_f's
 * own type from <microhttpd.h>.  server.c defines the table and loads it
 * before it starts a daemon; the other files call MHD(f) only on the
 * daemon's connections.  Private to src/front/class/, and only in a build
 * with the class server (WATVIZ_HAVE_MHD).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_CLASS_MHD_H
#define WATVIZ_CLASS_MHD_H

#include <microhttpd.h>

#include "prove/dl.h"

#define MHD_FUNCS(X) X(MHD_add_response_header) X(MHD_create_response_from_buffer) \
	X(MHD_create_response_from_callback) X(MHD_destroy_response) \
	X(MHD_get_connection_info) X(MHD_get_daemon_info) X(MHD_get_timeout) \
	X(MHD_lookup_connection_value) X(MHD_queue_response) X(MHD_resume_connection) \
	X(MHD_run) X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_suspend_connection)
enum { MHD_FUNCS(WV_DL_INDEX_) WV_DL_N_wv_classsrv_mhd };
/* filled by the load (server.c) */
extern void *wv_classsrv_mhd_fn[WV_DL_N_wv_classsrv_mhd];
#define MHD(f) WV_DL_FN(wv_classsrv_mhd, MHD_##f)

#endif /* WATVIZ_CLASS_MHD_H */
