/*
 * :try's proof on a thread (front/term/job.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/term/job.h"

#include <signal.h>
#include <stddef.h>
#include <unistd.h>

static void *prove_thread(void *arg)
{
	struct wv_tui_job *j = arg;
	char done = 1;

	j->rc = wv_session_job_run(j->t, j->work, &j->p);
	if (write(j->pipe[1], &done, 1) < 0) {
		/* the loop joins the thread when it ends anyway */
	}
	return NULL;
}

int wv_tui_job_start(struct wv_tui_job *j, struct wv_session *s,
		     const struct wv_variant *v, const struct wv_try *t)
{
	sigset_t all, old;
	int rc;

	if (j->on || wv_prove_work(&j->work) < 0)
		return -1;
	if (pipe(j->pipe) < 0)
		return -1;
	j->t = t;
	/* the signals are the loop's: the thread (and the enumeration's
	   threads it starts) take none but the faults */
	sigfillset(&all);
	sigdelset(&all, SIGSEGV);
	sigdelset(&all, SIGBUS);
	sigdelset(&all, SIGFPE);
	sigdelset(&all, SIGILL);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&j->th, NULL, prove_thread, j);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		close(j->pipe[0]);
		close(j->pipe[1]);
		j->t = NULL;
		return -1;
	}
	j->on = true;
	j->stop = NULL;
	wv_session_job_started(s, v);
	return 0;
}

/* The thread joined, the pipe closed. */
static void join(struct wv_tui_job *j)
{
	pthread_join(j->th, NULL);
	close(j->pipe[0]);
	close(j->pipe[1]);
	j->on = false;
	j->t = NULL;
}

int wv_tui_job_done(struct wv_tui_job *j, struct wv_session *s)
{
	join(j);
	return wv_session_try_done(s, j->rc, &j->p, j->stop);
}

void wv_tui_job_poke(const struct wv_tui_job *j)
{
	if (j->on && j->stop)
		wv_prove_interrupt();
}

void wv_tui_job_abandon(struct wv_tui_job *j, struct wv_session *s)
{
	if (!j->on)
		return;
	wv_prove_interrupt();
	join(j);
	wv_session_try_cancel(s);
}
