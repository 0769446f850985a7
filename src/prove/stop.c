/*
 * Stopping a proof that runs: two lock-free atomic flags, so a signal
 * handler may ask (C11 7.17.5: lock-free atomics are signal-safe) and the
 * enumeration's threads may read them.  A proof runs on one thread at a
 * time (the visualizer's, or the command line's), so a count of one is all
 * "running" needs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/prove.h"

#include <stdatomic.h>

#include "stop.h"

#if ATOMIC_INT_LOCK_FREE != 2
#error "wv_prove_interrupt needs a lock-free atomic int to be signal-safe"
#endif

static atomic_int running, asked;

void pv_stop_begin(void)
{
	atomic_store(&asked, 0);
	atomic_store(&running, 1);
}

void pv_stop_end(void)
{
	atomic_store(&running, 0);
	atomic_store(&asked, 0);
}

bool pv_stop_asked(void)
{
	return atomic_load(&asked) != 0;
}

bool wv_prove_interrupt(void)
{
	if (!atomic_load(&running))
		return false;
	atomic_store(&asked, 1);
	return true;
}
