/*
 * view_registers.h - what view_registers.c lends the layouts in view.c: how
 * a sub-step's register rows are laid out, so that the main view can share
 * the height between them and the explanation.  Private to src/app/view*.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_APP_VIEW_REGISTERS_H
#define WATVIZ_APP_VIEW_REGISTERS_H

#include <stdbool.h>

#include "app/view.h"

/* How the register rows are laid out (see register_row). */
struct reg_layout {
	int x0;		/* column of the first byte group */
	int hexx;	/* column of the hex beside the bits, 0: none */
	bool caption;	/* a caption line over each row's bits */
};

/*
 * The layout for sub in avail lines, operation line and byte header
 * included, into *l.  Returns the lines it takes (at most avail).
 */
int app_reg_layout(const struct wv_frame *f, const struct wv_trace *t,
		   const struct wv_substep *sub, int avail,
		   const struct wv_view_regs *o, struct reg_layout *l);

#endif /* WATVIZ_APP_VIEW_REGISTERS_H */
