/*
 * --cast and --record: the visualizer's frames as an asciicast v2 file
 * (app/cast.h).  No terminal: frames are built as the visualizer builds
 * them and encoded by render/ansi.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/cast.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/ansi.h"
#include "app/lessonview.h"
#include "lesson/pace.h"
#include "app/state.h"
#include "trace/stepname.h"
#include "app/view.h"

/* Steps a cast may take before it gives up: far more than any lesson. */
#define CAST_STEPS_MAX 100000

/* What writes the events, and what the last markers named. */
struct caster {
	FILE *out;
	struct wv_ansi enc;
	unsigned long last_ms;
	long lesson, scene;	/* -1: none yet; scene -2 the end screen */
	char step_key[160];
	int err;		/* the first error */
};

/* A write of the cast failed just now: why, as the failing call left it
   in errno (ENOSPC, EBADF ...), else EIO. */
static int write_error(void)
{
	return errno ? -errno : -EIO;
}

static void caster_init(struct caster *c, FILE *out, bool color, bool present,
			enum wv_theme theme)
{
	*c = (struct caster){ .out = out, .lesson = -1, .scene = -1 };
	wv_ansi_init(&c->enc, color, present);
	wv_ansi_theme(&c->enc, theme);
}

static void marker(struct caster *c, unsigned long ms, const char *label)
{
	if (wv_asciicast_event(c->out, ms, 'm', label, strlen(label)) < 0 && !c->err)
		c->err = write_error();
}

/*
 * A marker for a lesson, a scene or a kernel function the view has just
 * reached.  In a lesson, the scene's marker stands for the function it
 * opens on.
 */
static void markers(struct caster *c, unsigned long ms, const struct wv_app *app,
		    const struct wv_class *cls)
{
	const struct wv_trace *t = &app->trace;
	char label[200], key[sizeof(c->step_key)], step[64];
	bool scene_marked = false;

	if (cls) {
		long scene = cls->phase == WV_CLASS_END ? -2 : (long)cls->scene;

		if ((long)cls->number != c->lesson) {
			snprintf(label, sizeof(label), "lesson %u: %s", cls->number,
				 wv_lesson_title(cls->lesson));
			marker(c, ms, label);
			c->lesson = (long)cls->number;
			c->scene = -1;
		}
		if (scene != c->scene) {
			if (scene >= 0)
				snprintf(label, sizeof(label), "scene %zu: %s",
					 cls->scene + 1,
					 wv_lesson_scene(cls->lesson, cls->scene)->title);
			else
				snprintf(label, sizeof(label), "end of lesson %u",
					 cls->number);
			marker(c, ms, label);
			c->scene = scene;
			scene_marked = true;
		}
		if (scene < 0)
			return;
	}
	if (app->pos >= t->nsubs)
		return;
	wv_step_name(t, t->subs[app->pos].step, step, sizeof(step));
	snprintf(key, sizeof(key), "%s %.80s %zu %s", t->v->name, app->word_src,
		 t->subs[app->pos].step, step);
	if (strcmp(key, c->step_key) == 0)
		return;
	snprintf(c->step_key, sizeof(c->step_key), "%s", key);
	if (!scene_marked)
		marker(c, ms, step);
}

/* The frame f, shown from ms on, and the markers for what it shows. */
static void emit(struct caster *c, unsigned long ms, const struct wv_frame *f,
		 const struct wv_app *app, const struct wv_class *cls)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m;
	int e;

	if (ms < c->last_ms)
		ms = c->last_ms;	/* times never go back */
	c->last_ms = ms;
	markers(c, ms, app, cls);
	m = open_memstream(&buf, &len);
	if (!m) {
		c->err = c->err ? c->err : -ENOMEM;
		return;
	}
	e = wv_ansi_frame(&c->enc, m, f);
	if (fclose(m) != 0 && !e)
		e = -ENOMEM;
	if (!e && len && wv_asciicast_event(c->out, ms, 'o', buf, len) < 0)
		e = write_error();
	if (e && !c->err)
		c->err = e;
	free(buf);
}

/* The screen the visualizer would show now, built into f and emitted. */
static void show(struct caster *c, unsigned long ms, struct wv_frame *f,
		 const struct wv_cast_opts *o, const struct wv_app *app,
		 const struct wv_class *cls)
{
	if (wv_frame_init(f, o->rows, o->cols) < 0) {
		c->err = c->err ? c->err : -ENOMEM;
		return;
	}
	if (cls)
		wv_lessonview_build(f, cls);
	else
		wv_view_build(f, app);
	emit(c, ms, f, app, cls);
}

/* Keep the last screen up until ms: an empty output event then. */
static void hold_until(struct caster *c, unsigned long ms)
{
	if (ms < c->last_ms)
		ms = c->last_ms;
	if (wv_asciicast_event(c->out, ms, 'o', "", 0) < 0 && !c->err)
		c->err = write_error();
	c->last_ms = ms;
}

/* A trace, played as `r` plays it, from the first sub-step to the last. */
static void play_trace(struct caster *c, struct wv_app *app, struct wv_frame *f,
		       const struct wv_cast_opts *o)
{
	unsigned long ms = 0;
	int tick = o->tick_ms > 0 ? o->tick_ms : WV_SPEED_DEFAULT;

	wv_app_set_speed(app, tick);
	wv_app_do(app, WV_ACT_PLAY);
	show(c, ms, f, o, app, NULL);
	for (int n = 0; app->playing && n < CAST_STEPS_MAX && !c->err; n++) {
		ms += (unsigned long)tick;
		wv_app_tick(app);
		show(c, ms, f, o, app, NULL);
	}
	hold_until(c, ms + 2 * (unsigned long)tick);
}

/* Time to read scene's question at WV_PACE_WPM, and to think it over. */
static unsigned long question_ms(const struct wv_class *cls)
{
	char q[1024];
	size_t words = 0;

	if (wv_lesson_prompt(wv_lesson_scene(cls->lesson, cls->scene),
			     &cls->app->trace, q, sizeof(q), NULL) == 0)
		words = wv_pace_words(q);
	return wv_pace_read_ms(words) +
	       (unsigned long)WV_CAST_THINK_TICKS * (unsigned long)cls->pace_ms;
}

/* A lesson (and the rest of its run), played as autoplay plays it. */
static void play_lesson(struct caster *c, struct wv_class *cls, struct wv_frame *f,
			const struct wv_cast_opts *o)
{
	struct wv_app *app = cls->app;
	unsigned long ms = 0;

	show(c, ms, f, o, app, cls);
	for (int n = 0; n < CAST_STEPS_MAX && !c->err; n++) {
		if (app->playing) {
			ms += (unsigned long)cls->pace_ms;
			wv_class_tick(cls);
			show(c, ms, f, o, app, cls);
			continue;
		}
		if (cls->phase != WV_CLASS_ASK)
			break;		/* the end of the run */
		/* where autoplay waits for the class: the question, then
		   its answer worked out, then on */
		unsigned long q = question_ms(cls);

		ms += q;
		wv_class_do(cls, WV_ACT_REVEAL);
		show(c, ms, f, o, app, cls);
		ms += q;
		wv_class_do(cls, WV_ACT_PLAY);
		show(c, ms, f, o, app, cls);
	}
	hold_until(c, ms + (cls->phase == WV_CLASS_END && cls->read_ms > (unsigned)cls->pace_ms
			    ? cls->read_ms : (unsigned long)cls->pace_ms));
}

int wv_cast_play(FILE *out, const struct wv_ui_opts *uo,
		 const struct wv_cast_opts *o, char *err, size_t size)
{
	struct wv_app *app = calloc(1, sizeof(*app));
	struct wv_class *cls = calloc(1, sizeof(*cls));
	struct wv_frame f = { 0 };
	struct caster c;
	int rc = 0;

	if (!app || !cls) {
		rc = -ENOMEM;
		goto out_free;
	}
	if (uo->lesson) {
		struct wv_ui_opts lo = *uo;

		lo.autoplay_ms = o->tick_ms > 0 ? o->tick_ms : WV_CLASS_AUTOPLAY_DEFAULT;
		lo.restart = true;
		if (wv_class_init(cls, app, &lo, NULL) < 0) {
			snprintf(err, size, "%s", app->msg);
			rc = -EINVAL;
			goto out_free;
		}
	} else if (wv_app_open(app, uo) < 0) {
		snprintf(err, size, "%s", app->msg);
		rc = -EINVAL;
		goto out_free;
	}
	caster_init(&c, out, o->color, uo->present, uo->theme);
	if (wv_asciicast_header(out, o->cols, o->rows, o->title) < 0)
		c.err = write_error();
	if (uo->lesson)
		play_lesson(&c, cls, &f, o);
	else
		play_trace(&c, app, &f, o);
	if (!c.err)
		c.err = wv_file_error(out);
	rc = c.err;
	snprintf(err, size, "%s", rc == -ENOMEM ? "out of memory"
				   : "cannot write the cast");
	wv_ansi_free(&c.enc);
	wv_frame_free(&f);
	if (uo->lesson)
		wv_class_free(cls);
	wv_app_free(app);
out_free:
	free(cls);
	free(app);
	return rc;
}

/* ---- --record ------------------------------------------------------------ */

struct wv_rec {
	struct caster c;
	struct wv_file file;	/* a temporary beside the file, renamed at the end */
	struct timespec t0;
	bool started;
	bool told;		/* wv_rec_error has said the write error */
	char path[4096];	/* as given, for the message */
};

int wv_rec_open(struct wv_rec **r, const char *path, bool color, bool present,
		char *err, size_t size)
{
	*r = calloc(1, sizeof(**r));
	if (!*r) {
		snprintf(err, size, "--record %s: out of memory", path);
		return -ENOMEM;
	}
	int e = wv_file_open(&(*r)->file, path, 0);

	if (e < 0) {
		snprintf(err, size, "--record %s: cannot create it: %s; give a file "
			 "in a folder you can write to", path, wv_state_strerror(e));
		free(*r);
		*r = NULL;
		return e;
	}
	caster_init(&(*r)->c, (*r)->file.f, color, present, WV_THEME_DARK);
	snprintf((*r)->path, sizeof((*r)->path), "%s", path);
	return 0;
}

void wv_rec_theme(struct wv_rec *r, enum wv_theme theme)
{
	wv_ansi_theme(&r->c.enc, theme);
}

void wv_rec_frame(struct wv_rec *r, const struct wv_frame *f,
		  const struct wv_app *app, const struct wv_class *cls)
{
	struct timespec now;
	long long d;
	int e;

	if (r->c.err)	/* the recording is lost already: no more writes */
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!r->started) {
		if (wv_asciicast_header(r->file.f, f->cols, f->rows, "watviz session") < 0 &&
		    !r->c.err)
			r->c.err = write_error();
		r->t0 = now;
		r->started = true;
	}
	d = (long long)(now.tv_sec - r->t0.tv_sec) * 1000 +
	    (now.tv_nsec - r->t0.tv_nsec) / 1000000;
	emit(&r->c, d > 0 ? (unsigned long)d : 0, f, app, cls);
	/* each frame on its way at once (a FIFO's reader sees it live) */
	if ((e = wv_file_error(r->file.f)) < 0 && !r->c.err)
		r->c.err = e;
}

int wv_rec_error(struct wv_rec *r, char *msg, size_t size)
{
	if (!r || !r->c.err || r->told)
		return 0;
	r->told = true;
	snprintf(msg, size, "--record %s: cannot write: %s; the session goes on, "
		 "not recorded (the file is left as it was)", r->path,
		 wv_state_strerror(r->c.err));
	return r->c.err;
}

int wv_rec_close(struct wv_rec *r)
{
	int rc;

	if (!r)
		return 0;
	/* nothing drawn (the terminal could not show the visualizer): no
	   session to keep, and the file stays as it was */
	rc = wv_file_close(&r->file, r->started ? r->c.err : -ECANCELED);
	if (!r->started)
		rc = 0;
	wv_ansi_free(&r->c.enc);
	free(r);
	return rc;
}
