/*
 * A live class's votes: the round and its state, the students who joined,
 * one vote per student per vote, the counts kept as votes come and change,
 * and the event a student's page shows.  Pure: values in, values out.
 *
 * Students are kept in join order (their slot never moves, so a vote is
 * stored in place) and found through an index sorted by id: a binary
 * search, O(log n) whatever ids a client makes up (a hash table keyed by
 * ids the client chooses could be flooded into one chain).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "live/live.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_VOTE (-1)

struct student {
	uint8_t id[WV_LIVE_ID_BYTES];
	signed char vote[2];	/* option in vote 1 and 2, NO_VOTE none */
	unsigned streams;	/* its event streams open now */
};

struct wv_live {
	enum wv_live_state state;
	unsigned round, vote;	/* vote 1 or 2 of the current round */
	bool asked;		/* q holds a question */
	struct wv_live_question q;
	size_t nstudents;
	struct student students[WV_LIVE_STUDENTS_MAX];	/* join order */
	uint16_t by_id[WV_LIVE_STUDENTS_MAX];	/* slots, sorted by id */
	size_t count[2][WV_LIVE_OPTIONS_MAX];	/* per vote, per option */
	size_t answered[2];
	size_t here;		/* students with a stream open */
	bool revealed[2];	/* vote 1, vote 2 of this question shown */
	bool bits;		/* the full page is served (wv_live_bits) */
};

_Static_assert(WV_LIVE_STUDENTS_MAX <= UINT16_MAX, "slots fit by_id");

wv_live *wv_live_new(void)
{
	return calloc(1, sizeof(struct wv_live));
}

void wv_live_free(wv_live *l)
{
	free(l);
}

/* Where id is in by_id, or where it would go: *found says which. */
static size_t id_place(const wv_live *l, const uint8_t *id, bool *found)
{
	size_t lo = 0, hi = l->nstudents;

	*found = false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(l->students[l->by_id[mid]].id, id, WV_LIVE_ID_BYTES);

		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The student with id, or NULL. */
static struct student *student_of(const wv_live *l, const uint8_t *id)
{
	bool found;
	size_t at = id_place(l, id, &found);

	return found ? (struct student *)&l->students[l->by_id[at]] : NULL;
}

bool wv_live_known(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES])
{
	return student_of(l, id) != NULL;
}

int wv_live_join(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES])
{
	bool found;
	size_t at = id_place(l, id, &found);
	struct student *st;

	if (found)
		return WV_LIVE_OK;
	if (l->nstudents >= WV_LIVE_STUDENTS_MAX)
		return WV_LIVE_FULL;
	st = &l->students[l->nstudents];
	memcpy(st->id, id, WV_LIVE_ID_BYTES);
	st->vote[0] = st->vote[1] = NO_VOTE;
	st->streams = 0;
	memmove(&l->by_id[at + 1], &l->by_id[at], (l->nstudents - at) * sizeof(l->by_id[0]));
	l->by_id[at] = (uint16_t)l->nstudents++;
	return WV_LIVE_OK;
}

int wv_live_listening(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], bool open)
{
	struct student *st = student_of(l, id);

	if (!st)
		return WV_LIVE_UNKNOWN_STUDENT;
	if (open && st->streams++ == 0)
		l->here++;
	else if (!open && st->streams > 0 && --st->streams == 0)
		l->here--;
	return WV_LIVE_OK;
}

/* Forget vote v (0 or 1) of every student. */
static void clear_vote(wv_live *l, unsigned v)
{
	for (size_t i = 0; i < l->nstudents; i++)
		l->students[i].vote[v] = NO_VOTE;
	memset(l->count[v], 0, sizeof(l->count[v]));
	l->answered[v] = 0;
	l->revealed[v] = false;
}

unsigned wv_live_open(wv_live *l, const struct wv_live_question *q)
{
	if (q->nopts == 0 || q->nopts > WV_LIVE_OPTIONS_MAX)
		return 0;
	l->q = *q;
	l->asked = true;
	clear_vote(l, 0);
	clear_vote(l, 1);
	l->state = WV_LIVE_OPEN;
	l->vote = 1;
	return ++l->round;
}

unsigned wv_live_revote(wv_live *l)
{
	if (l->state != WV_LIVE_REVEALED || l->vote != 1)
		return 0;
	clear_vote(l, 1);
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
	if (l->state != WV_LIVE_OPEN && l->state != WV_LIVE_CLOSED)
		return;
	l->state = WV_LIVE_REVEALED;
	l->revealed[l->vote - 1] = true;
}

int wv_live_vote(wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], unsigned round,
		 unsigned option)
{
	struct student *st;
	unsigned v = l->vote - 1;

	if (l->state != WV_LIVE_OPEN || round != l->round)
		return WV_LIVE_NOT_OPEN;
	st = student_of(l, id);
	if (!st)
		return WV_LIVE_UNKNOWN_STUDENT;
	if (option >= l->q.nopts)
		return WV_LIVE_BAD_ANSWER;
	if (st->vote[v] == NO_VOTE)
		l->answered[v]++;
	else
		l->count[v][st->vote[v]]--;
	st->vote[v] = (signed char)option;
	l->count[v][option]++;
	return WV_LIVE_OK;
}

struct wv_live_status wv_live_status(const wv_live *l)
{
	return (struct wv_live_status){
		.state = l->state, .round = l->round, .vote = l->vote,
		.joined = l->nstudents, .here = l->here,
		.answered = l->vote ? l->answered[l->vote - 1] : 0,
	};
}

/* Is vote (1 or 2) of the current question revealed? */
static bool shown(const wv_live *l, unsigned vote)
{
	return l->asked && (vote == 1 || vote == 2) && vote <= l->vote &&
	       l->revealed[vote - 1];
}

int wv_live_tally(const wv_live *l, unsigned vote, struct wv_live_tally *out)
{
	*out = (struct wv_live_tally){ 0 };
	if (!shown(l, vote))
		return WV_LIVE_NOT_OPEN;
	out->total = l->answered[vote - 1];
	memcpy(out->per_option, l->count[vote - 1], sizeof(out->per_option));
	return WV_LIVE_OK;
}

int wv_live_moved(const wv_live *l, size_t moved[2][2])
{
	memset(moved, 0, 2 * sizeof(moved[0]));
	if (!shown(l, 2))
		return WV_LIVE_NOT_OPEN;
	for (size_t i = 0; i < l->nstudents; i++) {
		const struct student *st = &l->students[i];

		if (st->vote[0] != NO_VOTE && st->vote[1] != NO_VOTE)
			moved[l->q.opts[st->vote[0]].right][l->q.opts[st->vote[1]].right]++;
	}
	return WV_LIVE_OK;
}

const char *wv_live_hint(unsigned percent_right)
{
	if (percent_right < 35)
		return "Few have it: revisit the idea, then ask again.";
	if (percent_right <= 70)
		return "Discuss with your neighbour and vote again.";
	return "Most have it: explain briefly and move on.";
}

const struct wv_live_question *wv_live_question(const wv_live *l)
{
	return l->asked ? &l->q : NULL;
}

int wv_live_mine(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES], unsigned vote)
{
	const struct student *st = student_of(l, id);

	if (!st || !l->asked || vote < 1 || vote > l->vote)
		return -1;
	return st->vote[vote - 1];
}

int wv_live_groups(const wv_live *l, unsigned vote,
		   struct wv_live_group out[WV_LIVE_OPTIONS_MAX])
{
	struct wv_live_tally t;
	int n = 0, rc = wv_live_tally(l, vote, &t);

	if (rc < 0)
		return rc;
	/* pass 0: the right option(s); 1: named misconceptions; 2: the rest */
	for (int pass = 0; pass < 3; pass++)
		for (unsigned i = 0; i < l->q.nopts; i++) {
			const struct wv_live_option *o = &l->q.opts[i];
			const char *name = pass == 0 ? "right" : pass == 1 ? o->group : "other";
			int g;

			if (o->right != (pass == 0) || (pass == 1) != (o->group[0] != '\0'))
				continue;
			for (g = 0; g < n; g++)
				if (strncmp(out[g].name, name, sizeof(out[g].name)) == 0 &&
				    out[g].right == o->right)
					break;
			if (g == n) {
				out[n] = (struct wv_live_group){ .right = o->right };
				snprintf(out[n].name, sizeof(out[n].name), "%.*s",
					 (int)sizeof(o->group) - 1, name);
				n++;
			}
			out[g].options |= 1u << i;
			out[g].count += t.per_option[i];
		}
	return n;
}

int wv_live_percent_right(const wv_live *l, unsigned vote)
{
	struct wv_live_tally t;
	size_t right = 0;

	if (wv_live_tally(l, vote, &t) < 0 || t.total == 0)
		return -1;
	for (unsigned i = 0; i < l->q.nopts; i++)
		if (l->q.opts[i].right)
			right += t.per_option[i];
	return (int)((right * 200 + t.total) / (2 * t.total));
}

/* s without spaces and in lower case, at most size - 1 bytes of it. */
static void squeeze(const char *s, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && s[i] && n + 1 < size; i++)
		if (!isspace((unsigned char)s[i]))
			out[n++] = (char)tolower((unsigned char)s[i]);
	out[n] = '\0';
}

int wv_live_option_of(const struct wv_live_question *q, const char *typed)
{
	char want[WV_LIVE_TEXT_MAX], text[sizeof(q->opts[0].text) + 1];
	size_t len = strlen(typed);

	squeeze(typed, len, want, sizeof(want));
	if (len >= sizeof(want))
		return WV_LIVE_BAD_ANSWER;
	if (want[0] >= 'a' && want[0] < 'a' + (int)q->nopts &&
	    want[1 + strspn(want + 1, ").")] == '\0')
		return want[0] - 'a';
	for (unsigned i = 0; i < q->nopts && want[0]; i++) {
		squeeze(q->opts[i].text, sizeof(q->opts[i].text), text, sizeof(text));
		if (strcmp(text, want) == 0)
			return (int)i;
	}
	return WV_LIVE_BAD_ANSWER;
}

/* ---- the event ----------------------------------------------------------- */

/* Output into a fixed buffer; over is set once something did not fit. */
struct out {
	char *buf;
	size_t size, n;
	bool over;
};

static void put(struct out *o, const char *s, size_t len)
{
	if (o->over || len >= o->size - o->n) {
		o->over = true;
		return;
	}
	memcpy(o->buf + o->n, s, len);
	o->n += len;
	o->buf[o->n] = '\0';
}

static void put_s(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* printf into the output: what does not fit sets over, as put does */
__attribute__((format(printf, 2, 3)))
static void put_f(struct out *o, const char *fmt, ...)
{
	char b[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(b))
		o->over = true;
	else
		put(o, b, (size_t)n);
}

static void put_u(struct out *o, const char *key, size_t v)
{
	put_f(o, ",\"%s\":%zu", key, v);
}

static void put_u16(struct out *o, unsigned cp)
{
	put_f(o, "\\u%04x", cp);
}

/*
 * The code point of the UTF-8 sequence at s[0..len), and its length in
 * *n; U+FFFD with *n = 1 for a byte that starts no valid sequence
 * (overlong forms, surrogates, past U+10FFFF, cut short: RFC 3629).
 */
static unsigned utf8_next(const unsigned char *s, size_t len, size_t *n)
{
	unsigned c = s[0], cp, need;
	unsigned char lo = 0x80, hi = 0xbf;

	*n = 1;
	if (c < 0x80)
		return c;
	if (c >= 0xc2 && c <= 0xdf) {
		need = 1;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 2;
		cp = c & 0x0f;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 3;
		cp = c & 0x07;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else {
		return 0xfffd;
	}
	if (len < need + 1 || s[1] < lo || s[1] > hi)
		return 0xfffd;
	for (unsigned i = 1; i <= need; i++) {
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0xfffd;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	*n = need + 1;
	return cp;
}

/*
 * s[0..max) up to its NUL as a JSON string, in ASCII: the quote, the
 * backslash, control characters, '<', '>', '&' and everything past ASCII
 * escaped (a code point over U+FFFF as its surrogate pair).
 */
static void put_str(struct out *o, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strnlen(s, max);

	put_s(o, "\"");
	for (size_t i = 0, n; i < len; i += n) {
		unsigned cp = utf8_next(p + i, len - i, &n);

		if (cp == '"' || cp == '\\') {
			char e[2] = { '\\', (char)cp };

			put(o, e, 2);
		} else if (cp == '\n') {
			put_s(o, "\\n");
		} else if (cp >= 0x20 && cp < 0x7f && cp != '<' && cp != '>' && cp != '&') {
			char c = (char)cp;

			put(o, &c, 1);
		} else if (cp > 0xffff) {
			put_u16(o, 0xd800 + ((cp - 0x10000) >> 10));
			put_u16(o, 0xdc00 + ((cp - 0x10000) & 0x3ff));
		} else {
			put_u16(o, cp);
		}
	}
	put_s(o, "\"");
}

static void put_key_str(struct out *o, const char *key, const char *s, size_t max)
{
	put_s(o, ",\"");
	put_s(o, key);
	put_s(o, "\":");
	put_str(o, s, max);
}

static const char *const state_names[] = {
	[WV_LIVE_NONE] = "none", [WV_LIVE_OPEN] = "open",
	[WV_LIVE_CLOSED] = "closed", [WV_LIVE_REVEALED] = "revealed",
};

void wv_live_bits(wv_live *l, bool on)
{
	l->bits = on;
}

int wv_live_event(const wv_live *l, const uint8_t *id, char *buf, size_t size)
{
	struct out o = { buf, size, 0, size == 0 };
	const struct wv_live_question *q = l->asked ? &l->q : NULL;
	struct wv_live_status st = wv_live_status(l);
	int mine = id && q ? wv_live_mine(l, id, l->vote) : -1;

	if (size)
		buf[0] = '\0';
	put_f(&o, "{\"round\":%u,\"state\":\"%s\",\"vote\":%u",
	      st.round, state_names[st.state], st.vote);
	put_u(&o, "lesson", q ? q->lesson : 0);
	put_u(&o, "scene", q ? q->scene : 0);
	put_key_str(&o, "title", q ? q->title : "", sizeof(l->q.title));
	put_key_str(&o, "prompt", q ? q->prompt : "", sizeof(l->q.prompt));
	put_s(&o, ",\"form\":\"choice\",\"options\":[");
	for (unsigned i = 0; q && i < q->nopts; i++) {
		if (i)
			put_s(&o, ",");
		put_str(&o, q->opts[i].text, sizeof(q->opts[i].text));
	}
	put_s(&o, "]");
	put_u(&o, "joined", st.joined);
	put_u(&o, "answered", st.answered);
	if (mine >= 0)
		put_u(&o, "mine", (size_t)mine);
	else
		put_s(&o, ",\"mine\":null");
	if (q && st.state == WV_LIVE_REVEALED) {
		const struct wv_live_option *m = mine >= 0 ? &q->opts[mine] : NULL;
		bool wrong = m && !m->right;

		for (unsigned i = 0; i < q->nopts; i++)
			if (q->opts[i].right) {
				put_u(&o, "right", i);
				break;
			}
		if (m)
			put_s(&o, m->right ? ",\"correct\":true" : ",\"correct\":false");
		else
			put_s(&o, ",\"correct\":null");
		put_key_str(&o, "group", wrong ? m->group : "", sizeof(m->group));
		put_key_str(&o, "diagnosis", wrong ? m->diagnosis : "", sizeof(m->diagnosis));
		if (l->bits && !q->drawn)
			put_f(&o, ",\"bits\":\"/bits#lesson=%u&scene=%u\"",
			      q->lesson, q->scene);
	}
	put_s(&o, "}");
	if (o.over) {
		if (size)
			buf[0] = '\0';
		return -1;
	}
	return (int)o.n;
}

/* ---- what a teacher keeps ------------------------------------------------ */

int wv_live_log_line(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES],
		     const char *when, char *buf, size_t size)
{
	struct out o = { buf, size, 0, size == 0 };
	int mine = wv_live_mine(l, id, l->vote);
	const struct wv_live_option *m;
	char hex[2 * WV_LIVE_ID_BYTES + 1];

	if (size)
		buf[0] = '\0';
	if (mine < 0)
		return -1;
	m = &l->q.opts[mine];
	for (unsigned i = 0; i < WV_LIVE_ID_BYTES; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	put_s(&o, "{\"time\":");
	put_str(&o, when, strlen(when));
	put_u(&o, "lesson", l->q.lesson);
	put_u(&o, "scene", l->q.scene);
	put_key_str(&o, "question", l->q.prompt, sizeof(l->q.prompt));
	put_f(&o, ",\"round\":%u,\"vote\":%u,\"student\":\"%s\"",
			    l->round, l->vote, hex);
	put_u(&o, "option", (size_t)mine);
	put_key_str(&o, "answer", m->text, sizeof(m->text));
	put_s(&o, m->right ? ",\"right\":true" : ",\"right\":false");
	put_key_str(&o, "group", m->right ? "" : m->group[0] ? m->group : "other",
		    sizeof(m->group));
	put_key_str(&o, "diagnosis", m->right ? "" : m->diagnosis, sizeof(m->diagnosis));
	put_s(&o, "}");
	if (o.over) {
		if (size)
			buf[0] = '\0';
		return -1;
	}
	return (int)o.n;
}

int wv_live_summary(const wv_live *l, struct wv_live_summary *out)
{
	struct wv_live_group g[WV_LIVE_OPTIONS_MAX];
	int ng;

	*out = (struct wv_live_summary){ .right = { -1, -1 } };
	if (!l->asked)
		return -1;
	out->lesson = l->q.lesson;
	out->scene = l->q.scene;
	snprintf(out->title, sizeof(out->title), "%.*s", (int)sizeof(l->q.title) - 1,
		 l->q.title);
	for (size_t i = 0; i < l->nstudents; i++) {
		const struct student *st = &l->students[i];

		out->students += (st->vote[0] != NO_VOTE && l->revealed[0]) ||
				 (st->vote[1] != NO_VOTE && l->revealed[1]);
	}
	out->right[0] = wv_live_percent_right(l, 1);
	out->right[1] = wv_live_percent_right(l, 2);
	ng = wv_live_groups(l, 1, g);
	/* the named misconceptions chosen, commonest first (ties: in order) */
	for (unsigned k = 0; k < WV_LIVE_TOP; k++) {
		int best = -1;

		for (int i = 0; i < ng; i++)
			if (!g[i].right && g[i].count && strcmp(g[i].name, "other") != 0 &&
			    (best < 0 || g[i].count > g[best].count))
				best = i;
		if (best < 0)
			break;
		snprintf(out->top[k], sizeof(out->top[k]), "%s", g[best].name);
		out->top_count[k] = g[best].count;
		out->ntop++;
		g[best].count = 0;
	}
	return 0;
}

/* s as a CSV field: quoted when it holds a comma, a quote or a line end. */
static void put_csv(struct out *o, const char *s, size_t max)
{
	size_t len = strnlen(s, max);
	bool quote = false;

	for (size_t i = 0; i < len; i++)
		quote |= s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n';
	if (!quote) {
		put(o, s, len);
		return;
	}
	put_s(o, "\"");
	for (size_t i = 0; i < len; i++)
		put(o, s[i] == '"' ? "\"\"" : &s[i], s[i] == '"' ? 2 : 1);
	put_s(o, "\"");
}

int wv_live_summary_csv(const struct wv_live_summary *s, bool header, char *buf,
			size_t size)
{
	struct out o = { buf, size, 0, size == 0 };

	if (size)
		buf[0] = '\0';
	if (header) {
		put_s(&o, "lesson,scene,title,students,right_1,right_2");
		for (unsigned k = 0; k < WV_LIVE_TOP; k++)
			put_f(&o, ",top_%u,count_%u", k + 1, k + 1);
	} else {
		put_f(&o, "%u,%u,", s->lesson, s->scene);
		put_csv(&o, s->title, sizeof(s->title));
		put_f(&o, ",%zu,", s->students);
		for (int v = 0; v < 2; v++) {
			if (s->right[v] >= 0)
				put_f(&o, "%d", s->right[v]);
			put_s(&o, v ? "" : ",");
		}
		for (unsigned k = 0; k < WV_LIVE_TOP; k++) {
			put_s(&o, ",");
			if (k < s->ntop) {
				put_csv(&o, s->top[k], sizeof(s->top[k]));
				put_f(&o, ",%zu", s->top_count[k]);
			} else {
				put_s(&o, ",");
			}
		}
	}
	put_s(&o, "\r\n");
	if (o.over) {
		if (size)
			buf[0] = '\0';
		return -1;
	}
	return (int)o.n;
}

int wv_live_log_record(const wv_live *l, const uint8_t id[WV_LIVE_ID_BYTES],
		       int64_t secs, char *buf, size_t size)
{
	time_t t = (time_t)secs;
	char when[32];
	struct tm tm;
	int n;

	if (size < 2 || !gmtime_r(&t, &tm) ||
	    !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return -1;
	n = wv_live_log_line(l, id, when, buf, size - 1);
	if (n < 0)
		return -1;
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

char *wv_live_csv(const struct wv_live_summary *sums, size_t n, size_t *len)
{
	/* a row is under 800 bytes: the title and three groups, each
	   quoted with every '"' doubled, and five numbers */
	char line[1024], *out = NULL, *more;
	size_t have = 0;
	int k;

	for (size_t i = 0; i <= n; i++) {
		k = wv_live_summary_csv(i ? &sums[i - 1] : NULL, i == 0, line, sizeof(line));
		if (k < 0)
			continue;
		if (!(more = realloc(out, have + (size_t)k + 1))) {
			free(out);
			return NULL;
		}
		out = more;
		memcpy(out + have, line, (size_t)k + 1);
		have += (size_t)k;
	}
	*len = have;
	return out;
}

/* ---- a scene's question as the class votes on it -------------------------- */

/*
 * src into dst (size bytes), cut at a UTF-8 character boundary with
 * "..." when it does not fit.
 */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t len = strlen(src), cut;

	if (len < size) {
		memcpy(dst, src, len + 1);
		return;
	}
	cut = size - 4;
	while (cut > 0 && ((unsigned char)src[cut] & 0xc0) == 0x80)
		cut--;
	memcpy(dst, src, cut);
	memcpy(dst + cut, "...", 4);
}

_Static_assert(sizeof(((struct wv_live_option *)0)->text) == WV_OPTION_TEXT_MAX &&
	       sizeof(((struct wv_live_option *)0)->group) == WV_OPTION_TEXT_MAX &&
	       sizeof(((struct wv_live_option *)0)->diagnosis) == WV_OPTION_DIAG_MAX,
	       "a lesson's option fits a live option field for field");
_Static_assert(WV_CHOICES_MAX == WV_LIVE_OPTIONS_MAX, "as many options");

int wv_live_question_of(const struct wv_scene *s, const struct wv_trace *t,
			const struct wv_answer *a, const uint64_t *later, size_t nlater,
			unsigned lesson, unsigned scene, struct wv_live_question *q)
{
	struct wv_lesson_option opts[WV_CHOICES_MAX];
	char prompt[WV_NARRATION_MAX];
	int n;

	*q = (struct wv_live_question){ .lesson = lesson, .scene = scene };
	if (s->q.ask == WV_ASK_NONE || !s->q.prompt)
		return -1;
	n = wv_lesson_options(s, t, a, later, nlater, opts);
	if (n < 1)
		return -1;
	if (wv_lesson_prompt(s, t, prompt, sizeof(prompt), NULL) != 0)
		snprintf(prompt, sizeof(prompt), "%s", s->q.prompt);
	copy_text(q->title, sizeof(q->title), s->title ? s->title : "");
	copy_text(q->prompt, sizeof(q->prompt), prompt);
	q->nopts = (unsigned)n;
	for (int i = 0; i < n; i++) {
		struct wv_live_option *o = &q->opts[i];

		o->right = opts[i].right;
		memcpy(o->text, opts[i].text, sizeof(o->text));
		memcpy(o->group, opts[i].group, sizeof(o->group));
		memcpy(o->diagnosis, opts[i].diagnosis, sizeof(o->diagnosis));
	}
	return 0;
}
