/*
 * The page's front-end (web.h): keys, clicks and ticks go to the session
 * (src/session/), which decides what they do for the terminal too; the
 * line is edited by the session's own editor (the terminal has readline),
 * and links are opened and written by the session.  What is left here is
 * the page's platform: the frame handed to the JavaScript as cells, the
 * lessons built in, the browser's storage (src/front/web/store.c, where the
 * session keeps the lesson progress and the ':' history), and a 32-bit
 * :try proved on the page's worker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "web.h"

#include <stdbool.h>
#include <stdlib.h>

#include "render/screen.h"
#include "session/session.h"
#include "app/view.h"
#include "render/weblink.h"

#include "lessons.h"
#include "store.h"

static struct web {
	struct wv_session s;		/* the app, the lesson, the open line */
	int rows, cols;
	struct wv_frame frame;
	uint32_t *cells;		/* what wv_web_frame hands out */
	char link[WV_WEBLINK_MAX];
	char buf[WV_WEBLINK_MAX];
	/* a 32-bit :try whose proof runs elsewhere (the page's worker):
	   its number and what the worker gets; 0 none */
	int job;
	int jobs;			/* numbers given so far */
	char job_text[WV_CMD_TEXT_MAX + 64];
} web;	/* all zero, so none of it is in the module's data (rows 0: 24) */

char *wv_web_buf(size_t n)
{
	return n <= sizeof(web.buf) ? web.buf : NULL;
}

/* ---- the platform --------------------------------------------------------- */

static int try_elsewhere(void *ctx, const struct wv_variant *v, const struct wv_try *t,
			 const char *formula);

static int set_aside(void *ctx, const char *name, char *kept, size_t size)
{
	(void)ctx;
	return wv_store_aside(name, kept, size);
}

/* What the page provides the session (src/session/): no files to write
   (:json says so), the lessons built in, the browser's storage (where
   the session keeps the history itself), a worker for a 32-bit :try. */
static const struct wv_session_platform platform = {
	.write_json = NULL, .try_job = try_elsewhere, .lessons = wv_web_lessons,
	.set_aside = set_aside,	/* .nlessons: wv_web_open */
};

/* ---- :try off the page's main thread ------------------------------------ */

/*
 * ":try EXPR" on a 32-bit variant: every one of the 2^32 words is checked,
 * which takes minutes, so the formula is only parsed here and handed out
 * as a job: the page runs it on a worker with the same module
 * (wv_web_prove) and brings the verdict back (wv_web_proved); the page
 * stays live meanwhile, and Esc or Ctrl-C stops it.  -1: another line.
 */
static int try_elsewhere(void *ctx, const struct wv_variant *v, const struct wv_try *t,
			 const char *formula)
{
	(void)ctx;
	(void)t;
	if (wv_session_job_text(&web.s, v, formula, web.job_text,
				sizeof(web.job_text)) < 0)
		return -1;
	web.job = ++web.jobs;	/* a new :try replaces one that runs */
	return 0;
}

int wv_web_proving(void)
{
	return web.job;
}

const char *wv_web_prove_job(void)
{
	return web.job ? web.job_text : "";
}

/* The verdict of the job (wv_web_prove's line, or NULL: stopped by the
   key named how) shown. */
static int job_done(const char *result, const char *how)
{
	if (!web.job)
		return WV_REACT_NONE;
	web.job = 0;
	return wv_session_job_done(&web.s, result, how);
}

int wv_web_proved(int job, const char *result)
{
	if (!web.s.started || job != web.job)
		return WV_REACT_NONE;	/* stopped, or replaced: not this one's */
	return job_done(result, NULL);
}

/* The worker's half: the proof of job (wv_web_prove_job), its verdict
   as one line. */
const char *wv_web_prove(const char *job)
{
	static char out[128];

	wv_session_job_prove(job, out, sizeof(out));
	return out;
}

/* ---- keys, clicks, ticks: the session's ---------------------------------- */

int wv_web_key(int key)
{
	/* a :try proving elsewhere: Esc or Ctrl-C stops it, as Ctrl-C in
	   the terminal */
	const char *stop = web.job ? wv_session_job_stop(&web.s, key) : NULL;

	if (stop)
		return job_done(NULL, stop);
	return wv_session_key(&web.s, key);
}

int wv_web_wheel(int dir)
{
	return wv_session_wheel(&web.s, dir);
}

int wv_web_click(int y, int x)
{
	return wv_session_click(&web.s, wv_frame_target_at(&web.frame, y, x));
}

int wv_web_tick(void)
{
	return wv_session_tick(&web.s);
}

int wv_web_playing(void)
{
	return web.s.started && web.s.app.playing;
}

int wv_web_speed(void)
{
	return web.s.app.speed_ms;
}

int wv_web_typing(void)
{
	return web.s.line != WV_LINE_NONE;
}

/* ---- the frame ----------------------------------------------------------- */

void wv_web_resize(int rows, int cols)
{
	web.rows = rows < 1 ? 1 : rows > 500 ? 500 : rows;
	web.cols = cols < 1 ? 1 : cols > 500 ? 500 : cols;
}

int wv_web_rows(void)
{
	return web.frame.rows;
}

int wv_web_cols(void)
{
	return web.frame.cols;
}

const uint32_t *wv_web_frame(void)
{
	struct wv_frame *f = &web.frame;
	uint32_t *cells;

	if (!web.s.started || wv_frame_init(f, web.rows ? web.rows : WV_VIEW_MIN_ROWS,
					  web.cols ? web.cols : WV_VIEW_MIN_COLS) < 0)
		return NULL;
	wv_session_frame(&web.s, f);
	wv_session_draw_line(&web.s, f);
	cells = realloc(web.cells, (size_t)f->rows * (size_t)f->cols * sizeof(*cells));
	if (!cells)
		return NULL;
	web.cells = cells;
	for (int i = 0; i < f->rows * f->cols; i++) {
		const struct wv_cell *c = &f->cells[i];

		cells[i] = c->ch << WV_WEB_CH_SHIFT | c->role |
			   (c->focus ? WV_WEB_FOCUS : 0) | (c->cursor ? WV_WEB_CURSOR : 0);
	}
	return cells;
}

/*
 * What a screen reader should say: a lesson's text panel as the screen
 * shows it (the narration; while a question is asked, the narration and
 * the question; wv_lessonview_said, which hides what the screen hides),
 * or the sub-step's sentences, then the message line.
 */
const char *wv_web_said(void)
{
	static char said[WV_SESSION_SAID_MAX];

	wv_session_said(&web.s, said, sizeof(said));
	return said;
}

/* ---- links --------------------------------------------------------------- */

int wv_web_open(const char *fragment)
{
	struct wv_session_platform plat = platform;

	plat.nlessons = wv_web_nlessons;	/* counted where they are built */
	web.job = 0;
	return wv_session_open(&web.s, fragment, &plat) < 0 ? -1 : 0;
}

const char *wv_web_link(void)
{
	wv_session_link(&web.s, web.link, sizeof(web.link));
	return web.link;
}
