/*
 * tests/class/driver: the class server on a vote layer, in an event loop
 * like the terminal's, with the teacher's keys replaced by lines on stdin,
 * so tests/class/run-class.sh can drive a class with real HTTP clients.
 *
 *   driver ADDR PORT [PER_ADDRESS [IDLE_S]]     (PORT 0: any free port)
 *
 * prints "url URL", "code CODE", "capacity N", "ready" (or "nomhd" and
 * exits 0 in a build without the server, "error MESSAGE" and exits 1),
 * then answers each command on one line:
 *
 *   open              a question with 4 options, option 1 right -> "round R"
 *   close, reveal     -> "ok"
 *   revote            -> "round R"
 *   status            -> "status STATE ROUND VOTE JOINED ANSWERED"
 *   here              -> "here N": students with an event stream open
 *   tally V           -> "tally V TOTAL N0 N1 N2 N3" (vote 1 or 2), or
 *                        "tally none" before that vote is revealed
 *   mine HEX          the vote of the student whose id is HEX (the cookie's
 *                        value) in the current vote, from its event's
 *                        "mine" -> "mine N" or "mine none"
 *   check             the check of its own address (wv_classsrv_check) ->
 *                        "check checking", "check answers" or
 *                        "check no-answer WHY"
 *   clock MS          the clock the server is given moves MS on -> "ok"
 *   qr QUIET INVERT   the join link's QR rows, then "end"
 *   quit
 *
 * The clock only moves when told, so the join code's per-minute limit
 * and the heartbeat are tested without waiting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "front/class/classsrv.h"
#include "live/live.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct wv_live_question question = {
	.lesson = 3, .scene = 2,
	.title = "Where the top flag points \xe2\x80\x94 <b>bold</b>",
	.prompt = "Which byte of 0x6162630064656667 does find_zero name?",
	.nopts = 4,
	.opts = {
		{ "0", false, "first byte", "counted from the wrong end" },
		{ "3", true, "", "" },
		{ "4", false, "NUL counted", "the terminator counted as a byte" },
		{ "<script>alert(1)</script>", false, "", "" },
	},
};

static const char *state_name(enum wv_live_state s)
{
	static const char *const name[] = { "none", "open", "closed", "revealed" };

	return name[s];
}

/* The current vote of the student hex names, as its event says. */
static void mine(const wv_live *live, const char *hex)
{
	uint8_t id[WV_LIVE_ID_BYTES];
	char ev[8192];
	const char *m;

	for (size_t i = 0; i < sizeof id; i++) {
		unsigned b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
			puts("mine bad id");
			return;
		}
		id[i] = (uint8_t)b;
	}
	if (wv_live_event(live, id, ev, sizeof ev) < 0 || !(m = strstr(ev, "\"mine\":"))) {
		puts("mine none");
		return;
	}
	m += 7;
	if (*m >= '0' && *m <= '9')
		printf("mine %ld\n", strtol(m, NULL, 10));
	else
		puts("mine none");
}

/* One command; returns false on quit. */
static bool command(char *line, wv_live *live, wv_classsrv *srv, uint64_t *now)
{
	struct wv_live_status st;
	struct wv_live_tally t;
	unsigned a = 0, b = 0;

	line[strcspn(line, "\r\n")] = '\0';
	if (strcmp(line, "open") == 0) {
		printf("round %u\n", wv_live_open(live, &question));
		wv_classsrv_changed(srv);
	} else if (strcmp(line, "close") == 0) {
		wv_live_close(live);
		wv_classsrv_changed(srv);
		puts("ok");
	} else if (strcmp(line, "reveal") == 0) {
		wv_live_reveal(live);
		wv_classsrv_changed(srv);
		puts("ok");
	} else if (strcmp(line, "revote") == 0) {
		printf("round %u\n", wv_live_revote(live));
		wv_classsrv_changed(srv);
	} else if (strcmp(line, "status") == 0) {
		st = wv_live_status(live);
		printf("status %s %u %u %zu %zu\n", state_name(st.state), st.round, st.vote,
		       st.joined, st.answered);
	} else if (strcmp(line, "here") == 0) {
		printf("here %zu\n", wv_live_status(live).here);
	} else if (sscanf(line, "tally %u", &a) == 1) {
		if (wv_live_tally(live, a, &t) < 0)
			puts("tally none");
		else
			printf("tally %u %zu %zu %zu %zu %zu\n", a, t.total, t.per_option[0],
			       t.per_option[1], t.per_option[2], t.per_option[3]);
	} else if (strncmp(line, "mine ", 5) == 0) {
		mine(live, line + 5);
	} else if (strcmp(line, "check") == 0) {
		const char *why;
		enum wv_classsrv_check c = wv_classsrv_check(srv, &why);

		if (c == WV_CLASSSRV_CHECKING)
			puts("check checking");
		else if (c == WV_CLASSSRV_ANSWERS)
			puts("check answers");
		else
			printf("check no-answer %s\n", why);
	} else if (sscanf(line, "clock %u", &a) == 1) {
		*now += a;
		puts("ok");
	} else if (sscanf(line, "qr %u %u", &a, &b) == 2) {
		int rows, cols;
		char *qr = wv_classsrv_qr(wv_classsrv_url(srv), a, b != 0, &rows, &cols);

		printf("%s", qr ? qr : "");
		printf("end %d %d\n", rows, cols);
		free(qr);
	} else if (strcmp(line, "quit") == 0 || line[0] == '\0') {
		return strcmp(line, "quit") != 0;
	} else {
		printf("unknown %s\n", line);
	}
	fflush(stdout);
	return true;
}

int main(int argc, char **argv)
{
	struct wv_classsrv_config cfg = { 0 };
	uint64_t now = 1000000;	/* the test's clock, in ms */
	wv_classsrv *srv;
	char err[256], line[256];
	wv_live *live;
	int r;

	if (argc < 3) {
		fprintf(stderr, "usage: driver ADDR PORT [PER_ADDRESS [IDLE_S]]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!wv_classsrv_have()) {
		puts("nomhd");
		return 0;
	}
	live = wv_live_new();
	if (!live)
		return 1;
	cfg.addr = argv[1];
	cfg.port = (unsigned)strtoul(argv[2], NULL, 10);
	cfg.per_address = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 0;
	cfg.idle_s = argc > 4 ? (unsigned)strtoul(argv[4], NULL, 10) : 0;
	cfg.live = live;
	r = wv_classsrv_start(&srv, &cfg, now, err, sizeof err);
	if (r < 0) {
		printf("error %s\n", err);
		wv_live_free(live);
		return 1;
	}
	printf("url %s\ncode %s\ncapacity %zu\nready\n", wv_classsrv_url(srv),
	       wv_classsrv_code(srv), wv_classsrv_capacity(srv));
	for (;;) {
		struct pollfd p[2] = { { 0, POLLIN, 0 }, { wv_classsrv_fd(srv), POLLIN, 0 } };

		if (poll(p, 2, wv_classsrv_timeout(srv, now)) < 0 && errno != EINTR)
			break;
		if (wv_classsrv_run(srv, now) < 0)
			break;
		if (p[0].revents & (POLLIN | POLLHUP)) {
			if (!fgets(line, sizeof line, stdin) || !command(line, live, srv, &now))
				break;
		}
	}
	wv_classsrv_stop(srv);
	wv_live_free(live);
	return 0;
}
