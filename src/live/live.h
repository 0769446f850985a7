/*
 * live/live.h - a live class's votes: rounds, students, tallies (issue 44).
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

#include "lesson/lesson.h"

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
	bool drawn;			/* on a word drawn by w, not the
					   scene's own (no link shows it) */
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

/* Has a student with id joined?  O(log n): the server asks it of every
   request that carries a student's cookie. */
bool wv_live_known(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES]);

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

/* A student's event stream opened (open true) or ended (false): a
   student is here while at least one of its streams is open.  The server
   says both for every stream, so a phone that is gone leaves "here" when
   its stream ends, while it stays joined (its id and votes are kept for
   when it comes back).  Returns 0, or WV_LIVE_UNKNOWN_STUDENT. */
int wv_live_listening(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], bool open);

/* What everyone may know now. */
struct wv_live_status {
	enum wv_live_state state;
	unsigned round, vote;		/* vote 1 or 2 */
	size_t joined, answered;
	size_t here;			/* joined, with a stream open now */
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

/*
 * The full web page is served at /bits (the class server, when built with
 * it): from then on, once a round's answer is revealed (never while a
 * vote is open, whose answer the page's s would show), the event carries
 * "bits":"/bits#lesson=L&scene=S", the scene as the lesson sets it; not
 * for a question on a word drawn by w (the link would show other bits).
 */
void wv_live_bits(wv_live *l, bool on);

/* ---- added with the implementation (src/live/live.c) ------------------- */

/*
 * What the calls above do at the edges, said once:
 *  - wv_live_open takes any state (a new question, or the same concept on
 *    another word) and clears every vote; it returns 0, opening nothing,
 *    for a question without options (nopts 0 or over WV_LIVE_OPTIONS_MAX).
 *  - wv_live_revote gives vote 2 a round number of its own (the next one),
 *    so a page still showing vote 1 cannot vote in vote 2 by mistake.
 *  - wv_live_close acts on an OPEN round only; wv_live_reveal on an OPEN
 *    (closing it) or CLOSED one; anything else is ignored.
 *  - wv_live_vote checks, in order: the round (WV_LIVE_NOT_OPEN), the
 *    student (WV_LIVE_UNKNOWN_STUDENT), the option (WV_LIVE_BAD_ANSWER);
 *    a refused vote changes nothing.
 *  - wv_live_tally and wv_live_moved answer only once the vote they count
 *    is revealed (vote 1 from its reveal on, vote 2 from its own), else
 *    they return WV_LIVE_NOT_OPEN and leave *out zeroed: the projector
 *    cannot show a distribution early, whoever asks.
 *  - moved[1][1] is right->right, moved[0][1] wrong->right, moved[1][0]
 *    right->wrong, moved[0][0] wrong->wrong.
 *  - wv_live_hint: under 35 revisit, 35 to 70 discuss and vote again,
 *    over 70 explain briefly and move on.
 *  - An option's text is its value as the form shows it ("0x00008080",
 *    "3"); the page letters them a) to d) in this order.
 *
 * The event, one line of ASCII JSON (every other character escaped as
 * \uXXXX, bytes that are not UTF-8 as \ufffd, '<' '>' '&' escaped too):
 *   {"round":2,"state":"open","vote":1,"lesson":3,"scene":4,
 *    "title":"...","prompt":"...","form":"choice",
 *    "options":["0x0080","0x8080"],
 *    "joined":30,"answered":12,"mine":1}
 * "mine" is the student's vote in the current vote (null: none, or no
 * student given), so a reloaded page shows it.  Once revealed, also
 *   "right":0,"correct":false,"group":"no borrow","diagnosis":"..."
 * (group and diagnosis "" for a right vote or none).  State "none": the
 * round 0, vote 0, empty title, prompt and options.  "form" is always
 * "choice" (every question is voted as options); it is there for the page,
 * as the interface asks.
 */

/* Room for any event wv_live_event writes (the longest texts, every byte
   escaped as \uXXXX). */
#define WV_LIVE_EVENT_MAX 8192

/* The question of the current round, or NULL before the first. */
const struct wv_live_question *wv_live_question(const wv_live *l);

/* Student id's option in vote (1 or 2) of the current question, or -1
   (no vote, unknown student, no such vote).  The student's own: the
   server may tell it to that student at any time. */
int wv_live_mine(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], unsigned vote);

/* One bar of the histogram by misconception. */
struct wv_live_group {
	char name[64];		/* "right", an option's group, or "other" */
	bool right;
	unsigned options;	/* bit i: option i is counted here */
	size_t count;
};

/*
 * The tally of vote (1 or 2) grouped: the right answer first, then each
 * misconception in the order of its first option, then "other" (wrong
 * options without a group).  Options with the same group name share a
 * bar.  Returns how many groups (1 to WV_LIVE_OPTIONS_MAX), or
 * WV_LIVE_NOT_OPEN as wv_live_tally.
 */
int wv_live_groups(const wv_live *l, unsigned vote,
		   struct wv_live_group out[WV_LIVE_OPTIONS_MAX]);

/* The share right in vote (1 or 2), 0-100 rounded to nearest, for
   wv_live_hint; -1 when nobody voted or the vote is not revealed. */
int wv_live_percent_right(const wv_live *l, unsigned vote);

/*
 * What a student typed, as an option of q: its letter ("a" to "d", either
 * case, ")" or "." after it allowed) or its text ("0x00008080", case and
 * spaces aside).  Returns the index, or WV_LIVE_BAD_ANSWER.
 */
int wv_live_option_of(const struct wv_live_question *q, const char *typed);

/*
 * Scene s's question on trace t (a: its answer, wv_lesson_answer) as the
 * class votes on it: the scene's title, the prompt with its placeholders
 * filled (wv_lesson_prompt), the options of wv_lesson_options; lesson and
 * scene numbered as the screen numbers them (from 1).  Texts too long are
 * cut at a character boundary with "...".  Returns 0, or -1 when the
 * question cannot be voted as options (a formula, or no question).
 */
int wv_live_question_of(const struct wv_scene *s, const struct wv_trace *t,
			const struct wv_answer *a, const uint64_t *later, size_t nlater,
			unsigned lesson, unsigned scene, struct wv_live_question *q);

/*
 * The class log's line (--class-log) for student id's vote in the current
 * vote, once wv_live_vote accepted it: one JSON object on one line, no
 * newline, escaped as the event is:
 *   {"time":"2026-12-07T12:50:03Z","lesson":3,"scene":4,"question":"...",
 *    "round":2,"vote":1,"student":"00112233445566778899aabbccddeeff",
 *    "option":1,"answer":"0x00008080","right":false,"group":"no borrow",
 *    "diagnosis":"..."}
 * when: the time as the caller writes it (the layer reads no clock).
 * Group and diagnosis are "" for a right vote; a wrong option without a
 * group is logged under "other".  Returns the length, or -1
 * when the student has no vote now or buf is too small.
 */
int wv_live_log_line(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES],
		     const char *when, char *buf, size_t size);

/* A question's summary for the end of the class (and the CSV beside the
   log): how many voted, the share right in each vote, the misconceptions
   most chosen in vote 1. */
#define WV_LIVE_TOP 3
struct wv_live_summary {
	unsigned lesson, scene;
	char title[128];
	size_t students;	/* who voted in vote 1 or vote 2 */
	int right[2];		/* % right in vote 1, vote 2; -1 none or not
				   revealed (wv_live_percent_right) */
	unsigned ntop;
	char top[WV_LIVE_TOP][64];	/* named groups, commonest first */
	size_t top_count[WV_LIVE_TOP];
};

/* The current question's summary into *out; 0, or -1 before any question.
   Only revealed votes are counted in it. */
int wv_live_summary(const wv_live *l, struct wv_live_summary *out);

/*
 * s as one CSV line (RFC 4180 quoting, "\r\n" at its end):
 *   lesson,scene,title,students,right_1,right_2,top_1,count_1,top_2,...
 * (an unknown share empty); with header, the line of column names
 * instead.  Returns the length, or -1 when buf is too small.
 */
int wv_live_summary_csv(const struct wv_live_summary *s, bool header, char *buf,
			size_t size);

/*
 * The class log's record of student id's vote now (--class-log: one a
 * line, appended): wv_live_log_line stamped with secs (seconds since the
 * epoch, as UTC: "2023-11-14T22:13:20Z" for 1700000000) and ended by
 * '\n'.  Returns the length, or -1 (no vote, buf too small).
 */
int wv_live_log_record(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES],
		       int64_t secs, char *buf, size_t size);

/*
 * The CSV beside the class log: the line of column names, then sums[0],
 * sums[1], ... (wv_live_summary_csv each).  A malloc'd string of *len
 * bytes, NUL-terminated, the caller frees; NULL when out of memory.
 */
char *wv_live_csv(const struct wv_live_summary *sums, size_t n, size_t *len);

#endif /* WATVIZ_LIVE_H */
