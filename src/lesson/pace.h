/*
 * lesson/pace.h - how long a lesson takes, and how long a scene stays up.
 *
 * One formula, with its constants here and nowhere else (lessons/README.md
 * and README.md quote them):
 *
 *   seconds = ceil(words * 60 / WV_PACE_WPM)
 *           + scenes * WV_PACE_SCENE_S + questions * WV_PACE_QUESTION_S
 *   minutes = ceil(seconds / 60)
 *
 * words counts the narration for the variant the lesson runs on (as
 * wv_lesson_narrate fills it) plus the questions as asked (wv_lesson_prompt):
 * what the teacher reads out.  A word is a run of characters between blanks;
 * a placeholder is one, as its value is, so no trace is needed to count.
 * Autoplay keeps a scene up for the time its narration takes at the same
 * WV_PACE_WPM (wv_pace_read_ms).
 *
 * Example: a lesson of 2 scenes, 140 words, 1 question:
 *   60 + 2 * 30 + 1 * 90 = 210 s, "about 4 minutes".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_PACE_H
#define WATVIZ_PACE_H

#include <stddef.h>

#include "lesson/lesson.h"

#define WV_PACE_WPM 140		/* words a minute: read aloud, and read along */
#define WV_PACE_SCENE_S 30	/* a scene: stepping to its sub-step, pointing
				   at the bits */
#define WV_PACE_QUESTION_S 90	/* a question: the class works it out,
				   answers, hears the worked answer */

struct wv_pace {
	size_t words;		/* narration and questions, as read out */
	size_t scenes, questions;
	unsigned seconds;	/* the formula above */
	unsigned minutes;	/* seconds, rounded up to whole minutes */
};

/* Words in text: runs of characters other than ' ', '\t' and '\n'.
   wv_pace_words("The  word\nis 8 bytes.") == 5 */
size_t wv_pace_words(const char *text);

/* Milliseconds to read words at WV_PACE_WPM, rounded up: 70 -> 30000. */
unsigned wv_pace_read_ms(size_t words);

/* The formula on counted words, scenes and questions, into *p. */
void wv_pace_estimate(struct wv_pace *p, size_t words, size_t scenes,
		      size_t questions);

/*
 * Estimate lesson l run on variant v (NULL: the lesson's first), each scene
 * on its own variant where it keeps one, from the text as written (no
 * trace: fast enough for --list-lessons).  Returns 0.
 */
int wv_pace_lesson(const wv_lesson *l, const struct wv_variant *v,
		   struct wv_pace *p);

#endif /* WATVIZ_PACE_H */
