/*
 * A watviz link's fields (session/link.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "session/link.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/theme.h"
#include "watviz/wat.h"
#include "trace/word.h"

/*
 * The field's key or value, %XX decoded, into out: 0; -1 at a bad escape
 * (its offset in *at); -3 when it holds a NUL (%00; *at the decoded bytes);
 * -2 when it is longer than out holds.
 */
static int decode(const char *s, size_t n, char *out, size_t size, size_t *at)
{
	size_t k = 0;
	bool nul = false;

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c == '%') {
			int hi = i + 2 < n ? wv_hex_digit(s[i + 1]) : -1;
			int lo = i + 2 < n ? wv_hex_digit(s[i + 2]) : -1;

			if (hi < 0 || lo < 0) {
				*at = i;
				return -1;
			}
			c = hi * 16 + lo;
			i += 2;
		} else if (c == '+') {
			c = ' ';
		}
		nul |= c == 0;
		if (k + 1 >= size)
			return -2;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	*at = k;
	return nul ? -3 : 0;
}

/*
 * s[0..n) as a message shows it: escaped (wv_word_escape), its first 40
 * bytes at most, cut between characters and marked with "..." (U+2026).
 */
static void show(const char *s, size_t n, char out[172])
{
	size_t k = wv_word_cut(s, n, 40);

	wv_word_escape(s, k, out, 168);
	if (k < n)
		strcat(out, "\xe2\x80\xa6");
}

static bool number(const char *s, long max, long *out)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return false;
	n = strtol(s, &end, 10);
	if (*end || n < 0 || n > max)
		return false;
	*out = n;
	return true;
}

/* One field key=value; false, with why in err, when it cannot be taken. */
static bool field(struct wv_link *fl, const char *key, const char *val,
		  long (*find)(void *ctx, const char *name), void *ctx, char *err,
		  size_t size)
{
	struct wv_error e;
	uint8_t b;

	if (strcmp(key, "word") == 0) {
		snprintf(fl->word, sizeof(fl->word), "%s", val);
		fl->has_word = true;
	} else if (strcmp(key, "arch") == 0) {
		const struct wv_variant *v = wv_wat_find(val);

		if (!v) {
			snprintf(err, size, "no variant of that name (:arch lists them)");
			return false;
		}
		fl->v = v;
		fl->arch_given = true;
	} else if (strcmp(key, "offset") == 0) {
		if (!number(val, 7, &fl->offset)) {
			snprintf(err, size, "a byte offset 0 to 7 inside the first word");
			return false;
		}
	} else if (strcmp(key, "page") == 0) {
		if (!number(val, WV_WORD_MAX * 2, &fl->page)) {
			snprintf(err, size, "the page edge: a byte index after the NUL");
			return false;
		}
	} else if (strcmp(key, "fill") == 0 || strcmp(key, "delim") == 0) {
		if (strcmp(key, "delim") == 0 && strcmp(val, "none") == 0) {
			fl->delim = -1;
			return true;
		}
		if (wv_word_parse_byte(val, &b, &e) < 0) {
			snprintf(err, size, "%.150s", e.msg);
			return false;
		}
		*(strcmp(key, "fill") == 0 ? &fl->fill : &fl->delim) = b;
	} else if (strcmp(key, "step") == 0) {
		snprintf(fl->step, sizeof(fl->step), "%.63s", val);
	} else if (strcmp(key, "view") == 0) {
		if (strcmp(val, "main") && strcmp(val, "compare") && strcmp(val, "help")) {
			snprintf(err, size, "main, compare or help");
			return false;
		}
		snprintf(fl->view, sizeof(fl->view), "%.15s", val);
	} else if (strcmp(key, "lesson") == 0) {
		if ((fl->lesson = find(ctx, val)) < 0) {
			snprintf(err, size, "no lesson of that number or name");
			return false;
		}
	} else if (strcmp(key, "scene") == 0) {
		if (strcmp(val, "end") == 0) {
			fl->scene = WV_LINK_SCENE_END;
		} else if (!number(val, 999, &fl->scene) || fl->scene == 0) {
			snprintf(err, size, "a scene number from 1, or end");
			return false;
		}
	} else if (strcmp(key, "split") == 0) {
		const struct wv_variant *v = strcmp(val, "none") ? wv_wat_find(val) : NULL;

		if (!v && strcmp(val, "none")) {
			snprintf(err, size, "no variant of that name for the split view "
				 "(:arch lists them), or none");
			return false;
		}
		fl->split = v;
		fl->split_given = true;
	} else if (strcmp(key, "layout") == 0) {
		if (strcmp(val, "memory") && strcmp(val, "own")) {
			snprintf(err, size, "the split view's layout: memory or own "
				 "(as :set split)");
			return false;
		}
		fl->layout = strcmp(val, "memory") == 0;
	} else if (strcmp(key, "present") == 0) {
		if (strcmp(val, "yes") && strcmp(val, "1") && strcmp(val, "no") &&
		    strcmp(val, "0")) {
			snprintf(err, size, "yes, no, 1 or 0 (nothing else: true, on "
				 "and an empty value are refused)");
			return false;
		}
		fl->present = strcmp(val, "yes") == 0 || strcmp(val, "1") == 0;
	} else if (strcmp(key, "theme") == 0) {
		if ((fl->theme = wv_theme_find(val)) < 0) {
			snprintf(err, size, "light or dark");
			return false;
		}
	} else {
		snprintf(err, size, "not a field of a watviz link (word, arch, offset, "
			 "fill, delim, page, step, view, split, layout, lesson, scene, "
			 "present, theme)");
		return false;
	}
	return true;
}

/* The fields a link has; each is given once. */
static const char *const fields[] = {
	"word", "arch", "offset", "fill", "delim", "page", "step", "view",
	"split", "layout", "lesson", "scene", "present", "theme",
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

static int field_index(const char *key)
{
	for (size_t i = 0; i < NFIELDS; i++)
		if (strcmp(key, fields[i]) == 0)
			return (int)i;
	return -1;
}

/*
 * Why a field that is not key=value, with %XX escapes and no NUL, is not:
 * into why, the field as written shown in raw (the decoder's r and at).
 */
static void malformed(const char *f, size_t n, const char *eq, int kr, int vr,
		      size_t at, const char *key, char *why, size_t size)
{
	char bad[16];

	if (!eq) {
		snprintf(why, size, "not key=value (a link's fields are key=value "
			 "joined by &, as word=ab&arch=ppc64)");
	} else if (kr == -1 || vr == -1) {
		const char *p = kr == -1 ? f + at : eq + 1 + at;
		size_t left = n - (size_t)(p - f);

		wv_word_escape(p, left < 3 ? left : 3, bad, sizeof(bad));
		snprintf(why, size, "'%s' is not a %%XX escape (%% and two hex "
			 "digits; %%25 writes a %%)", bad);
	} else if (kr == -3) {
		snprintf(why, size, "a field name holds no NUL (%%00)");
	} else if (strcmp(key, "fill") == 0 || strcmp(key, "delim") == 0) {
		if (at == 1)
			snprintf(why, size, "the NUL byte is written %s=0x00 "
				 "(not %%00)", key);
		else
			snprintf(why, size, "the %s is one byte, not %zu: a number "
				 "(47, 0x2f) or one character", key, at);
	} else {
		snprintf(why, size, "a NUL (%%00) in a field's value; a word "
			 "writes it as \\0 (%%5C0)");
	}
}

/* A field that sets the trace's memory, which a lesson's scene sets itself. */
static bool trace_field(const char *key)
{
	static const char *const keys[] = { "word", "offset", "fill", "delim", "page" };

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strcmp(key, keys[i]) == 0)
			return true;
	return false;
}

/*
 * What the fields say together that no field says alone: a scene is a
 * lesson's, so is presenting on the page, and a lesson's scenes set the
 * memory the trace fields would.  Returns false with why in err.
 */
static bool together(const struct wv_link *fl, const char *trace_key, char *err,
		     size_t size)
{
	if (fl->lesson >= 0 && trace_key[0]) {
		snprintf(err, size, "link field '%s': a lesson's scenes set their own "
			 "word, offset, fill, delimiter and page; drop %s= (or drop "
			 "lesson= for a trace of this word)", trace_key, trace_key);
		return false;
	}
	if (fl->lesson < 0 && fl->scene) {
		snprintf(err, size, "link field 'scene': a scene is a lesson's; add "
			 "lesson=N (lesson=3&scene=2), or drop scene=");
		return false;
	}
	if (fl->lesson < 0 && fl->present) {
		snprintf(err, size, "link field 'present': the page presents a lesson; "
			 "add lesson=N (lesson=3&present=yes), or drop present=");
		return false;
	}
	return true;
}

int wv_link_parse(const char *fragment, struct wv_link *fl,
		  long (*find)(void *ctx, const char *name), void *ctx, char *err,
		  size_t size)
{
	const char *s = fragment;
	char trace_key[8] = "";		/* the first trace field, if any */
	const char *first[NFIELDS] = { 0 };	/* each field as first given */
	size_t firstn[NFIELDS] = { 0 };
	bool ok = true;

	*fl = (struct wv_link){ .v = wv_wat_find("x86-64"), .delim = -1, .lesson = -1,
				.theme = -1, .layout = -1 };
	if (size)
		err[0] = '\0';

	while (*s) {
		const char *amp = strchr(s, '&'), *eq;
		size_t n = amp ? (size_t)(amp - s) : strlen(s), at = 0;
		char key[32] = "", val[WV_CMD_TEXT_MAX], why[200] = "";
		int kr = -1, vr = -1, idx = -1;

		eq = memchr(s, '=', n);
		if (n == 0) {
			s += amp ? 1 : 0;
			continue;
		}
		if (eq)
			kr = decode(s, (size_t)(eq - s), key, sizeof(key), &at);
		if (kr == 0)
			vr = decode(eq + 1, n - (size_t)(eq + 1 - s), val, sizeof(val), &at);
		if (kr != 0)
			key[0] = '\0';
		if (kr == 0)
			idx = field_index(key);
		if (kr == -2) {
			snprintf(why, sizeof(why), "a field name longer than %zu bytes "
				 "(word, arch, step, lesson, ...)", sizeof(key) - 1);
		} else if (kr < 0 || vr == -1 || vr == -3) {
			malformed(s, n, eq, kr, vr, at, key, why, sizeof(why));
		} else if (vr == -2) {
			/* a word's 4096 bytes as \xHH escapes fit; more cannot */
			snprintf(why, sizeof(why), "longer than %zu bytes%s", sizeof(val) - 1,
				 strcmp(key, "word") ? "" : " (a word holds at most 4096 "
				 "bytes, 16384 characters as \\xHH escapes)");
		} else if (idx >= 0 && first[idx]) {
			char one[172], two[172];

			show(first[idx], firstn[idx], one);
			show(s, n, two);
			/* as the command line refuses an option given twice */
			if (ok)
				snprintf(err, size, "link field '%s' given twice (%s, then "
					 "%s); keep one", key, one, two);
			ok = false;
		} else if (field(fl, key, val, find, ctx, why, sizeof(why))) {
			why[0] = '\0';
			if (!trace_key[0] && trace_field(key))
				snprintf(trace_key, sizeof(trace_key), "%.7s", key);
		}
		if (idx >= 0 && !first[idx]) {
			first[idx] = s;
			firstn[idx] = n;
		}
		if (why[0] && ok) {
			char shown[172];

			/* the field named as decoded, or as written when it
			 * cannot be */
			if (key[0])
				show(key, strlen(key), shown);
			else
				show(s, n, shown);
			snprintf(err, size, "link field '%s': %s", shown, why);
			ok = false;
		}
		s += n + (amp ? 1 : 0);
	}
	if (ok)
		ok = together(fl, trace_key, err, size);
	return ok ? 0 : -1;
}
