/*
 * The app's fields that others change: the view and the sub-step shown,
 * playing and its speed, the message, the mouse, and a lesson's question.
 * The lesson (classroom.c, asked.c), the session and the front-ends write
 * them only through these, so the app is their one owner.  See app/app.h.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/app.h"

#include <stdbool.h>
#include <stddef.h>

void wv_app_show(struct wv_app *app, size_t pos)
{
	app->view = WV_VIEW_MAIN;
	app->pos = pos;
}

void wv_app_main_view(struct wv_app *app)
{
	app->view = WV_VIEW_MAIN;
}

void wv_app_set_view(struct wv_app *app, enum wv_view v)
{
	app->view = v;
}

void wv_app_play(struct wv_app *app, int ms)
{
	if (ms > 0)
		app->speed_ms = ms;
	app->playing = true;
}

void wv_app_stop(struct wv_app *app)
{
	app->playing = false;
}

void wv_app_set_speed(struct wv_app *app, int ms)
{
	app->speed_ms = ms;
}

void wv_app_msg_clear(struct wv_app *app)
{
	app->msg[0] = '\0';
	app->msg_whole = false;
}

void wv_app_set_mouse(struct wv_app *app, bool on)
{
	app->mouse = on;
}

void wv_app_set_quiz(struct wv_app *app, bool open, size_t pos, size_t sub)
{
	app->quiz = open;
	app->quiz_pos = pos;
	app->quiz_sub = sub;
}

void wv_app_set_asked(struct wv_app *app, const struct wv_hide_asked *asked, size_t n)
{
	app->nasked = 0;
	for (size_t i = 0; i < n && i < WV_APP_ASKED_MAX; i++)
		app->asked[app->nasked++] = asked[i];
}
