/*
 * A stand-in for the vote layer (live/live.h) while src/live/ is written
 * on its own branch: the smallest code that keeps the contract, linked
 * into tests/class/driver only and only while src/live/ has no .c file
 * (tests/class/class.mk).  Never part of watviz.  It keeps the edges
 * branch live's src/live/live.c has: a tally only once its vote is
 * revealed, vote 2 a round of its own, the round checked before the
 * student; and its event's fields: round, state, vote, title, prompt,
 * options (texts), joined, answered, mine (null: no vote), and after
 * the reveal right and, for a wrong vote, diagnosis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "live/live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wv_live {
	enum wv_live_state state;
	unsigned round, vote;
	struct wv_live_question q;
	size_t n;
	uint8_t id[WV_LIVE_STUDENTS_MAX][WV_LIVE_ID_BYTES];
	int choice[WV_LIVE_STUDENTS_MAX][2];	/* per vote, -1: none */
};

wv_live *wv_live_new(void)
{
	return calloc(1, sizeof(struct wv_live));
}

void wv_live_free(wv_live *l)
{
	free(l);
}

static long find(const wv_live *l, const uint8_t *id)
{
	for (size_t i = 0; id && i < l->n; i++)
		if (memcmp(l->id[i], id, WV_LIVE_ID_BYTES) == 0)
			return (long)i;
	return -1;
}

bool wv_live_known(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES])
{
	return find(l, id) >= 0;
}

int wv_live_listening(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], bool open)
{
	(void)open;	/* the stand-in counts nobody here */
	return find(l, id) >= 0 ? WV_LIVE_OK : WV_LIVE_UNKNOWN_STUDENT;
}

int wv_live_join(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES])
{
	if (find(l, id) >= 0)
		return WV_LIVE_OK;
	if (l->n == WV_LIVE_STUDENTS_MAX)
		return WV_LIVE_FULL;
	memcpy(l->id[l->n], id, WV_LIVE_ID_BYTES);
	l->choice[l->n][0] = l->choice[l->n][1] = -1;
	l->n++;
	return WV_LIVE_OK;
}

unsigned wv_live_open(wv_live *l, const struct wv_live_question *q)
{
	l->q = *q;
	l->state = WV_LIVE_OPEN;
	l->vote = 1;
	for (size_t i = 0; i < l->n; i++)
		l->choice[i][0] = l->choice[i][1] = -1;
	return ++l->round;
}

unsigned wv_live_revote(wv_live *l)
{
	if (l->state != WV_LIVE_REVEALED || l->vote != 1)
		return 0;
	l->state = WV_LIVE_OPEN;
	l->vote = 2;
	return ++l->round;
}

void wv_live_close(wv_live *l)
{
	if (l->state == WV_LIVE_OPEN)
		l->state = WV_LIVE_CLOSED;
}

void wv_live_reveal(wv_live *l)
{
	if (l->state == WV_LIVE_CLOSED || l->state == WV_LIVE_OPEN)
		l->state = WV_LIVE_REVEALED;
}

int wv_live_vote(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], unsigned round,
		 unsigned option)
{
	long i = find(l, id);

	if (l->state != WV_LIVE_OPEN || round != l->round)
		return WV_LIVE_NOT_OPEN;
	if (i < 0)
		return WV_LIVE_UNKNOWN_STUDENT;
	if (option >= l->q.nopts)
		return WV_LIVE_BAD_ANSWER;
	l->choice[i][l->vote - 1] = (int)option;
	return WV_LIVE_OK;
}

struct wv_live_status wv_live_status(const wv_live *l)
{
	struct wv_live_status s = { l->state, l->round, l->vote, l->n, 0, 0 };

	for (size_t i = 0; i < l->n; i++)
		s.answered += l->vote && l->choice[i][l->vote - 1] >= 0;
	return s;
}

int wv_live_tally(const wv_live *l, unsigned vote, struct wv_live_tally *out)
{
	memset(out, 0, sizeof *out);
	/* a distribution only once that vote is revealed */
	if (vote < 1 || vote > l->vote || (vote == l->vote && l->state != WV_LIVE_REVEALED))
		return WV_LIVE_NOT_OPEN;
	for (size_t i = 0; i < l->n; i++)
		if (l->choice[i][vote - 1] >= 0) {
			out->per_option[l->choice[i][vote - 1]]++;
			out->total++;
		}
	return 0;
}

int wv_live_moved(const wv_live *l, size_t moved[2][2])
{
	memset(moved, 0, 4 * sizeof moved[0][0]);
	for (size_t i = 0; i < l->n; i++)
		if (l->choice[i][0] >= 0 && l->choice[i][1] >= 0)
			moved[l->q.opts[l->choice[i][0]].right][l->q.opts[l->choice[i][1]].right]++;
	return 0;
}

const char *wv_live_hint(unsigned percent_right)
{
	return percent_right < 35 ? "revisit" : percent_right <= 70 ? "discuss" : "move on";
}

/* s as a JSON string at p, within end; NULL when it does not fit. */
static char *str(char *p, char *end, const char *s)
{
	if (!p || end - p < 2)
		return NULL;
	*p++ = '"';
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (end - p < 8)
			return NULL;
		if (c == '"' || c == '\\')
			p += sprintf(p, "\\%c", c);
		else if (c < 0x20)
			p += sprintf(p, "\\u%04x", c);
		else
			*p++ = (char)c;
	}
	*p++ = '"';
	return p;
}

/* text, then a, when a >= 0 */
static char *lit(char *p, char *end, const char *text, long a)
{
	int n;

	if (!p)
		return NULL;
	n = a >= 0 ? snprintf(p, (size_t)(end - p), "%s%ld", text, a)
		   : snprintf(p, (size_t)(end - p), "%s", text);
	return n < 0 || n >= end - p ? NULL : p + n;
}

int wv_live_event(const wv_live *l, const uint8_t *id, char *buf, size_t size)
{
	static const char *const name[] = { "none", "open", "closed", "revealed" };
	struct wv_live_status st = wv_live_status(l);
	char *p = buf, *end = buf + size;
	long me = find(l, id);

	p = lit(p, end, "{\"round\":", (long)l->round);
	p = lit(p, end, ",\"vote\":", (long)l->vote);
	p = lit(p, end, ",\"state\":", -1);
	p = str(p, end, name[l->state]);
	p = lit(p, end, ",\"joined\":", (long)st.joined);
	p = lit(p, end, ",\"answered\":", (long)st.answered);
	if (l->vote) {
		int now = me >= 0 ? l->choice[me][l->vote - 1] : -1;

		p = lit(p, end, now >= 0 ? ",\"mine\":" : ",\"mine\":null", now);
	}
	if (l->state != WV_LIVE_NONE) {
		p = lit(p, end, ",\"title\":", -1);
		p = str(p, end, l->q.title);
		p = lit(p, end, ",\"prompt\":", -1);
		p = str(p, end, l->q.prompt);
		p = lit(p, end, ",\"options\":[", -1);
		for (unsigned i = 0; i < l->q.nopts; i++) {
			p = lit(p, end, i ? "," : "", -1);
			p = str(p, end, l->q.opts[i].text);
		}
		p = lit(p, end, "]", -1);
	}
	if (l->state == WV_LIVE_REVEALED) {
		int mine = me >= 0 ? l->choice[me][l->vote - 1] : -1;
		unsigned right = 0;

		while (right < l->q.nopts && !l->q.opts[right].right)
			right++;
		p = lit(p, end, ",\"right\":", (long)right);
		if (mine >= 0 && !l->q.opts[mine].right) {
			p = lit(p, end, ",\"diagnosis\":", -1);
			p = str(p, end, l->q.opts[mine].diagnosis);
		}
	}
	p = lit(p, end, "}", -1);
	return p ? (int)(p - buf) : -1;
}
