/*
 * A :try proved elsewhere while the screen stays live (session/session.h):
 * the page hands a 32-bit formula to its worker, which checks every one
 * of the 2^32 words (a proof, as the terminal's --try gives without Z3);
 * 64-bit formulas get the sampled check at once, as in the terminal.
 * What the job says, how its verdict travels as one line, and which keys
 * stop it are decided here; the front-end only carries the two lines.
 * The terminal proves on a thread of its own instead: what the thread
 * runs, what the message line says meanwhile and which keys are set aside
 * are decided here too (wv_session_job_started, _run, _key).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prove/prove.h"
#include "watviz/wat.h"

#define CTRL_C 3
#define ESC 27

int wv_session_job_text(struct wv_session *s, const struct wv_variant *v,
			const char *formula, char *out, size_t size)
{
	if (v->bits != 32)
		return -1;
	snprintf(out, size, "%s\n%s", v->name, formula);
	wv_session_msg(s, false, "try: checking all 2^32 words on %s (Esc or "
		       "Ctrl-C stops it)", v->name);
	return 0;
}

const char *wv_session_job_stop(const struct wv_session *s, int key)
{
	if (key == CTRL_C)
		return "Ctrl-C";
	/* Esc at an open line leaves the line, as without a proof */
	return key == ESC && s->line == WV_LINE_NONE ? "Esc" : NULL;
}

/* The verdict line: "rc holds is_proof smallest cex checked seconds". */
void wv_session_job_prove(const char *job, char *out, size_t size)
{
	char arch[64];
	const char *nl = strchr(job, '\n');
	const struct wv_variant *v;
	struct wv_proof p = { 0 };
	struct wv_error e;
	struct wv_try *t;
	int rc;

	snprintf(out, size, "-22 0 0 0 0 0 0");
	snprintf(arch, sizeof(arch), "%.*s", nl ? (int)(nl - job) : 0, job);
	if (!nl || !(v = wv_wat_find(arch)) || !(t = malloc(sizeof(*t))))
		return;
	if (wv_app_try_parse(v, nl + 1, t, &e) < 0) {
		free(t);
		return;
	}
	rc = wv_prove_enumerate(&t->e, t->e.w != 32, &p);
	free(t);
	snprintf(out, size, "%d %d %d %d %llx %llu %.2f", rc, p.holds, p.is_proof,
		 p.smallest, (unsigned long long)p.cex, (unsigned long long)p.checked,
		 p.seconds);
}

int wv_session_job_done(struct wv_session *s, const char *verdict, const char *how)
{
	struct wv_proof p = { 0 };
	unsigned long long cex, checked;
	int rc, holds, proof, smallest;
	double seconds;

	if (!verdict) {
		rc = -EINTR;
	} else if (sscanf(verdict, "%d %d %d %d %llx %llu %lf", &rc, &holds, &proof,
			  &smallest, &cex, &checked, &seconds) != 7) {
		wv_session_try_cancel(s);
		wv_session_msg(s, true, "try: the worker's verdict cannot be read "
			       "(\"%.40s\"); nothing was decided", verdict);
		return WV_REACT_REDRAW;
	} else {
		p = (struct wv_proof){ .holds = holds, .is_proof = proof,
				       .smallest = smallest, .cex = cex, .checked = checked,
				       .seconds = seconds,
				       .method = proof ? "exhaustive" : "sampled" };
	}
	return wv_session_try_done(s, rc, &p, how);
}

void wv_session_job_started(struct wv_session *s, const struct wv_variant *v)
{
	s->job_aside = 0;
	wv_session_msg(s, false, "try: proving on %s (Ctrl-C or Esc stops it; "
		       "keys typed meanwhile are set aside)", v->name);
}

int wv_session_job_run(const struct wv_try *t, uint64_t work, struct wv_proof *p)
{
	return wv_prove_have_solver() ? wv_prove_solve_within(&t->e, work, p)
				      : wv_prove_enumerate(&t->e, true, p);
}

const char *wv_session_job_key(struct wv_session *s, int key)
{
	const char *stop = wv_session_job_stop(s, key);

	if (stop)
		return stop;
	s->job_aside++;
	wv_session_msg(s, false, "try: proving on %s; %lu key%s set aside, not run "
		       "(Ctrl-C or Esc stops it)", s->app.v->name, s->job_aside,
		       s->job_aside == 1 ? "" : "s");
	return NULL;
}
