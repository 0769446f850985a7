/*
 * The prover's jobs on threads, one each (wv_prove_jobs, prove/prove.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/prove.h"

#include <pthread.h>

#define JOBS_MAX 16

int wv_prove_jobs(void *(*run)(void *), void *jobs, size_t size, int n)
{
	pthread_t tid[JOBS_MAX];
	int started = 0;

	for (int t = 0; t < n && t < JOBS_MAX; t++) {
		if (pthread_create(&tid[t], NULL, run, (char *)jobs + (size_t)t * size) != 0)
			break;
		started++;
	}
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return started;
}
