/*
 * Names of steps and sub-steps (trace/stepname.h).  Pure: reads the trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace/stepname.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is step s's kind on more than one word of the trace? */
static bool on_several_words(const struct wv_trace *t, size_t s)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (t->steps[i].kind == t->steps[s].kind &&
		    t->steps[i].word != t->steps[s].word)
			return true;
	return false;
}

void wv_step_name(const struct wv_trace *t, size_t s, char *buf, size_t size)
{
	const struct wv_step *st = &t->steps[s];

	if (on_several_words(t, s))
		snprintf(buf, size, "%s@%zu", wv_trace_step_name(st->kind),
			 t->words[st->word].address);
	else
		snprintf(buf, size, "%s", wv_trace_step_name(st->kind));
}

/* Every step's name, ", "-separated, into buf. */
static void all_names(const struct wv_trace *t, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t s = 0; s < t->nsteps && n + 1 < size; s++) {
		char name[48];

		wv_step_name(t, s, name, sizeof(name));
		n += (size_t)snprintf(buf + n, size - n, "%s%s", s ? ", " : "", name);
	}
}

int wv_step_find(const struct wv_trace *t, const char *spec, size_t *sub,
		 char *err, size_t size)
{
	return wv_step_find_as(t, spec, "--step", sub, err, size);
}

int wv_step_find_as(const struct wv_trace *t, const char *spec, const char *how,
		    size_t *sub, char *err, size_t size)
{
	/* --list-steps is the command line's; ':step' has none beside it */
	bool list = strncmp(how, "--", 2) == 0;
	/* a link's field ("step="): its caller names the field, and the
	   examples are written as the link writes them, without a blank */
	bool field = how[0] && how[strlen(how) - 1] == '=';
	const char *sep = field ? "" : " ";
	const char *colon = strchr(spec, ':');
	size_t n = colon ? (size_t)(colon - spec) : strlen(spec), k = 1;
	char names[600], name[48], lead[320];
	size_t kinds = 0, s;

	if (field)
		lead[0] = '\0';
	else
		snprintf(lead, sizeof(lead), "%s %.256s: ", how, spec);
	if (colon) {
		char *end;
		unsigned long v = strtoul(colon + 1, &end, 10);

		if (colon[1] < '0' || colon[1] > '9' || *end || v == 0 || v > 1000) {
			snprintf(err, size, "%sthe sub-step after ':' is a number "
				 "from 1, as in %s%shas_zero:3", lead, how, sep);
			return -1;
		}
		k = (size_t)v;
	}
	all_names(t, names, sizeof(names));
	for (s = 0; s < t->nsteps; s++) {
		wv_step_name(t, s, name, sizeof(name));
		if (strlen(name) == n && strncmp(name, spec, n) == 0)
			break;
		/* the kind alone, where it is on several words */
		if (strncmp(wv_trace_step_name(t->steps[s].kind), spec, n) == 0 &&
		    wv_trace_step_name(t->steps[s].kind)[n] == '\0')
			kinds++;
	}
	if (s == t->nsteps && kinds > 1) {
		snprintf(err, size, "%s%.*s runs on %zu words here; name one by "
			 "its word's address, one of: %s", lead, (int)n, spec, kinds,
			 names);
		return -1;
	}
	if (s == t->nsteps) {
		snprintf(err, size, "%sno step '%.*s' in this trace; the steps are "
			 "%s%s", lead, (int)n, spec, names,
			 list ? " (--list-steps lists every sub-step)" : "");
		return -1;
	}
	if (k > t->steps[s].nsub) {
		snprintf(err, size, "%s%s has %zu sub-step%s, 1 to %zu; as in "
			 "%s%s%s:%zu%s", lead, name, t->steps[s].nsub,
			 t->steps[s].nsub == 1 ? "" : "s", t->steps[s].nsub, how, sep,
			 name, t->steps[s].nsub, list ? " (--list-steps lists them)" : "");
		return -1;
	}
	*sub = t->steps[s].first + k - 1;
	return 0;
}
