/*
 * Links to the web page's screens (render/weblink.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/weblink.h"

#include <stdio.h>
#include <string.h>

#include "trace/stepname.h"
#include "watviz/wat.h"

void wv_weblink_encode(char *out, size_t size, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = strlen(out);

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9') || c == '.' || c == '_' ||
			     c == '~' || c == '-';

		if (k + (plain ? 1 : 3) >= size)
			break;
		if (plain) {
			out[k++] = (char)c;
		} else {
			out[k++] = '%';
			out[k++] = hex[c >> 4];
			out[k++] = hex[c & 15];
		}
	}
	out[k] = '\0';
}

/* Append printf-style text; false when it did not fit. */
static bool add(char *out, size_t size, const char *s)
{
	size_t k = strlen(out), n = strlen(s);

	if (k + n >= size)
		return false;
	memcpy(out + k, s, n + 1);
	return true;
}

/* Append "&step=NAME%3AK" for sub-step sub of t; false when it did not fit. */
static bool add_step(char *out, size_t size, const struct wv_trace *t, size_t sub)
{
	size_t s = t->subs[sub].step;
	char name[64], spec[96];

	wv_step_name(t, s, name, sizeof(name));
	snprintf(spec, sizeof(spec), "%s:%zu", name, sub - t->steps[s].first + 1);
	if (!add(out, size, "&step="))
		return false;
	wv_weblink_encode(out, size, spec);
	return true;
}

/* Append "&split=NAME" (NULL: nothing); false when it did not fit. */
static bool add_split(char *out, size_t size, const char *split)
{
	if (!split)
		return true;
	if (!add(out, size, "&split="))
		return false;
	wv_weblink_encode(out, size, split);
	return true;
}

bool wv_weblink_trace(const struct wv_trace *t, const char *word_src, size_t sub,
		      bool compare, const char *split, char *out, size_t size)
{
	const struct wv_trace_in *in = &t->in;
	char num[96];
	bool fits = true;

	if (!size)
		return false;
	out[0] = '\0';
	fits &= add(out, size, "word=");
	wv_weblink_encode(out, size, word_src ? word_src : "");
	fits &= add(out, size, "&arch=");
	wv_weblink_encode(out, size, t->v->name);
	if (in->offset) {
		snprintf(num, sizeof(num), "&offset=%zu", in->offset);
		fits &= add(out, size, num);
	}
	if (in->fill) {
		snprintf(num, sizeof(num), "&fill=0x%02x", in->fill);
		fits &= add(out, size, num);
	}
	if (in->delim >= 0) {
		snprintf(num, sizeof(num), "&delim=0x%02x", (unsigned)in->delim);
		fits &= add(out, size, num);
	}
	if (in->page_end) {
		snprintf(num, sizeof(num), "&page=%zu", in->page_end);
		fits &= add(out, size, num);
	}
	if (sub < t->nsubs)
		fits &= add_step(out, size, t, sub);
	if (compare)
		fits &= add(out, size, "&view=compare");
	fits &= add_split(out, size, split);
	return fits && strlen(out) + 1 < size;
}

bool wv_weblink_lesson(unsigned number, size_t scene, const struct wv_trace *t,
		       size_t sub, const char *arch, const char *split, bool present,
		       char *out, size_t size)
{
	int n;

	if (!size)
		return false;
	n = scene ? snprintf(out, size, "lesson=%u&scene=%zu", number, scene)
		  : snprintf(out, size, "lesson=%u&scene=end", number);
	if (n < 0 || (size_t)n >= size)
		return false;
	if (t && sub < t->nsubs && !add_step(out, size, t, sub))
		return false;
	if (arch) {
		if (!add(out, size, "&arch="))
			return false;
		wv_weblink_encode(out, size, arch);
	}
	if (!add_split(out, size, split))
		return false;
	if (present && !add(out, size, "&present=1"))
		return false;
	return strlen(out) + 1 < size;
}
