/*
 * Stopping a proof that runs (prove/prove.h's wv_prove_interrupt), private
 * to src/prove/: z3.c and enumerate.c say when a proof starts and ends and
 * ask, as they go, whether it should stop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PROVE_STOP_H
#define WATVIZ_PROVE_STOP_H

#include <stdbool.h>

/* A proof starts: from now on wv_prove_interrupt() asks it to stop. */
void pv_stop_begin(void);

/* It ended (however it did): wv_prove_interrupt() is a no-op again. */
void pv_stop_end(void);

/* Has the proof running been asked to stop? */
bool pv_stop_asked(void);

#endif /* WATVIZ_PROVE_STOP_H */
