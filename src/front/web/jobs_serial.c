/*
 * The prover's jobs one after another (wv_prove_jobs, prove/prove.h): the page has no
 * threads.  Each job is the same as on a thread, so is the proof.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/prove.h"

int wv_prove_jobs(void *(*run)(void *), void *jobs, size_t size, int n)
{
	for (int t = 0; t < n; t++)
		run((char *)jobs + (size_t)t * size);
	return n;
}
