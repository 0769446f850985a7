/*
 * front/term/job.h - :try's proof on a thread of the terminal's, while the
 * loop goes on polling: a resize redraws, Ctrl-Z suspends, Ctrl-C or Esc
 * stops the proof, other keys are set aside, and the verdict is shown when
 * the thread says it is done (one byte on a pipe the loop polls).  What
 * the thread runs and what is said meanwhile are the session's
 * (wv_session_job_*); this is the thread, the pipe and the signal mask.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TERM_JOB_H
#define WATVIZ_TERM_JOB_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "prove/prove.h"
#include "session/session.h"

struct wv_tui_job {
	bool on;		/* a proof runs */
	pthread_t th;
	const struct wv_try *t;	/* the formula (the session's) */
	uint64_t work;
	int rc;			/* the proof's, once done */
	struct wv_proof p;
	int pipe[2];		/* [0]: readable when done */
	const char *stop;	/* the key that asked it to stop, or NULL */
};

/* Prove t (parsed for v) on a thread; 0, or -1: prove it in line (one
   runs already, a bad WATVIZ_PROVE_WORK said there, no thread). */
int wv_tui_job_start(struct wv_tui_job *j, struct wv_session *s,
		     const struct wv_variant *v, const struct wv_try *t);

/* The thread said it is done (j->pipe[0] readable): its verdict shown.
   Reaction flags. */
int wv_tui_job_done(struct wv_tui_job *j, struct wv_session *s);

/* Ask the proof to stop when a key (or Ctrl-C) asked; again each turn of
   the loop, till it ends. */
void wv_tui_job_poke(const struct wv_tui_job *j);

/* Stop a proof that runs and wait for it, without a verdict (quitting,
   a signal). */
void wv_tui_job_abandon(struct wv_tui_job *j, struct wv_session *s);

#endif /* WATVIZ_TERM_JOB_H */
