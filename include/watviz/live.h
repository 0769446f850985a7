/*
 * watviz/live.h - a live class's votes: rounds, students, tallies (issue 44).
 *
 * Pure code below the class server (src/live/): values in, values out, no
 * I/O, no clock (times come in as arguments).  The server (src/front/class/)
 * only turns HTTP into these calls and their results into responses; the
 * teacher's screen reads the tallies through the session.
 *
 * A round is one question voted once (vote 1) or again (vote 2, the same
 * options, after the class discussed the first histogram):
 *
 *   NONE --open--> OPEN --close--> CLOSED --reveal--> REVEALED
 *                   ^                                    |
 *                   +--------- revote (vote 2) ----------+
 *
 * While OPEN a student may vote and change the vote; only the last one
 * counts.  Nothing about the distribution is public before REVEALED (the
 * event says only how many joined and how many answered).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_LIVE_H
#define WATVIZ_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WV_LIVE_STUDENTS_MAX 1000	/* students a class holds */
#define WV_LIVE_OPTIONS_MAX 4
#define WV_LIVE_ID_BYTES 16		/* a student id: 128 random bits */
#define WV_LIVE_TEXT_MAX 400		/* a question's text, an option's */

enum wv_live_state {
	WV_LIVE_NONE,		/* no question asked yet */
	WV_LIVE_OPEN,		/* votes taken */
	WV_LIVE_CLOSED,		/* votes stopped, distribution not shown */
	WV_LIVE_REVEALED,	/* distribution and right answer shown */
};

/* One option of a question: its text as the student sees it, whether it
   is right, and for a wrong one the misconception the grader names (the
   group it is counted under; "" = "other"). */
struct wv_live_option {
	char text[64];		/* "0x8080800000800000", "b) 3" */
	bool right;
	char group[64];		/* short name of the misconception */
	char diagnosis[WV_LIVE_TEXT_MAX];	/* what choosing it would mean */
};

/* A question as the class votes on it. */
struct wv_live_question {
	unsigned lesson, scene;
	char title[128];		/* the scene's title */
	char prompt[WV_LIVE_TEXT_MAX];	/* the question */
	unsigned nopts;
	struct wv_live_option opts[WV_LIVE_OPTIONS_MAX];
};

/* Why a vote was refused (0: accepted). */
enum wv_live_refusal {
	WV_LIVE_OK = 0,
	WV_LIVE_NOT_OPEN = -1,		/* no open round, or another round */
	WV_LIVE_UNKNOWN_STUDENT = -2,
	WV_LIVE_BAD_ANSWER = -3,	/* not one of the options */
	WV_LIVE_FULL = -4,		/* WV_LIVE_STUDENTS_MAX joined */
};

typedef struct wv_live wv_live;

/* A new class with no round; NULL when out of memory. */
wv_live *wv_live_new(void);
void wv_live_free(wv_live *l);

/* A student joins with id (the server draws it with getrandom); joining
   again with a known id is fine.  Returns 0 or WV_LIVE_FULL. */
int wv_live_join(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES]);

/* Open a new round on q (vote 1).  Returns the round's number (from 1). */
unsigned wv_live_open(wv_live *l, const struct wv_live_question *q);

/* The same question again (vote 2) after a reveal; the first vote's
   counts are kept for the moved-where table.  Returns the round's number,
   or 0 when there is no revealed vote 1 to vote again on. */
unsigned wv_live_revote(wv_live *l);

void wv_live_close(wv_live *l);
void wv_live_reveal(wv_live *l);

/* A vote: student id, for round (the round the student's page shows),
   option index.  Changing one's vote while open replaces it. */
int wv_live_vote(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], unsigned round,
		 unsigned option);

/* What everyone may know now. */
struct wv_live_status {
	enum wv_live_state state;
	unsigned round, vote;		/* vote 1 or 2 */
	size_t joined, answered;
};
struct wv_live_status wv_live_status(const wv_live *l);

/* The teacher's histogram of vote (1 or 2) of the current question:
   counts per option, and per group (right, each misconception, other). */
struct wv_live_tally {
	size_t total;
	size_t per_option[WV_LIVE_OPTIONS_MAX];
};
int wv_live_tally(const wv_live *l, unsigned vote, struct wv_live_tally *out);

/* Who moved where between vote 1 and vote 2: [from right?][to right?],
   over the students who voted both times. */
int wv_live_moved(const wv_live *l, size_t moved[2][2]);

/* Mazur's rule on a share right (0-100): what the teacher may do next. */
const char *wv_live_hint(unsigned percent_right);

/*
 * The event a student's page gets (Server-Sent Events' data: one JSON
 * object, one line): the round, its state, the question and the options'
 * texts; after the reveal, which is right and, for student id (NULL:
 * none), that student's vote and its diagnosis.  Never the distribution.
 * Returns the length, or -1 when buf is too small.
 */
int wv_live_event(const wv_live *l, const uint8_t *id, char *buf, size_t size);

#endif /* WATVIZ_LIVE_H */
