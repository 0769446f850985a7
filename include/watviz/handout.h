/*
 * watviz/handout.h - a whole lesson as printable text (--plain --lesson N).
 *
 * Every scene with its narration, the memory image and the sub-step it points
 * at (drawn by the plain renderer), and its question; the answers, worked out
 * from each scene's trace, come together at the end so the sheet can be
 * handed out before the class answers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_HANDOUT_H
#define WATVIZ_HANDOUT_H

#include <stdbool.h>
#include <stdio.h>

#include "watviz/lesson.h"

struct wv_handout_opts {
	unsigned number;	/* the lesson's number, for the heading */
	const struct wv_variant *variant;	/* --arch, or NULL: the lesson's first */
	bool color;
};

/*
 * Write lesson l as a handout to out.  Returns 0, -EIO when writing failed,
 * -ENOMEM, or -EINVAL when a scene cannot be traced (the parser prevents it).
 */
int wv_handout_render(FILE *out, const wv_lesson *l, const struct wv_handout_opts *o);

#endif /* WATVIZ_HANDOUT_H */
