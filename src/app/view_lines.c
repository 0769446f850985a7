/*
 * The lines every screen shares: the title bar (title_bar, in
 * view_lines.h), the status line and its key hints, the message line, the
 * marks' legend, and text word-wrapped to the narration width.
 *
 * Calls only the frame model (render/screen.h) and the state
 * (app/app.h): no other view file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "view_lines.h"

#include <stdio.h>
#include <string.h>

/*
 * The title: the variant, its era, the word, the settings.  The word comes
 * first: the era ("x86-64 [since v6.11]") is shown only where the whole
 * word still fits beside it, if need be with the endianness and the offset
 * written short; otherwise the title is as it would be without it.
 */
void app_title_bar(struct wv_frame *f, const struct wv_app *app)
{
	const struct wv_variant *v = app->v;
	bool le = v->endian == WV_LITTLE;
	char delim[16], tail[96], head[96];
	int x, room;

	wv_frame_fill(f, 0, 0, f->cols, WV_ROLE_TITLE, ' ');
	if (app->delim < 0)
		snprintf(delim, sizeof(delim), "none");
	else if (app->delim > 0x20 && app->delim < 0x7f)
		snprintf(delim, sizeof(delim), "'%c'", app->delim);
	else
		snprintf(delim, sizeof(delim), "0x%02x", app->delim);
	/* the word as typed, bytes outside ASCII as \xHH (this is a
	   byte-level tool: the word's bytes, not its characters), shortened
	   to what is left */
	char word[160];
	const char *p = app->word_src;
	size_t n = 0;

	for (; *p && n + 5 < sizeof(word); p++) {
		unsigned char c = (unsigned char)*p;

		if (c >= 0x20 && c < 0x7f)
			word[n++] = (char)c;
		else
			n += (size_t)snprintf(word + n, sizeof(word) - n, "\\x%02x", c);
	}
	word[n] = '\0';
	for (int form = 0;; form++) {
		bool era = form < 2, shortened = form == 1;

		snprintf(head, sizeof(head), " %s%s%s%s%s %u-bit %s  \"",
			 f->cols >= 100 ? "watviz  " : "", v->name, era ? " [" : "",
			 era ? v->era : "", era ? "]" : "", v->bits,
			 shortened ? (le ? "LE" : "BE") : le ? "little-endian" : "big-endian");
		snprintf(tail, sizeof(tail), "  %s %zu  fill 0x%02x  delim %s ",
			 shortened ? "off" : "offset", app->offset, app->fill, delim);
		if (form == 2 ||
		    (!*p && (int)(strlen(head) + n + 1 + strlen(tail)) <= f->cols))
			break;
	}
	x = wv_frame_put(f, 0, 0, WV_ROLE_TITLE, head);
	room = f->cols - x - 1 - (int)strlen(tail);
	if (room < 4)
		room = 4;
	if (!*p && (int)n <= room)
		x = wv_frame_put(f, 0, x, WV_ROLE_TITLE, word);
	else
		x = wv_frame_fit(f, 0, x, room, WV_ROLE_TITLE, word);
	x = wv_frame_put(f, 0, x, WV_ROLE_TITLE, "\"");
	wv_frame_put(f, 0, x, WV_ROLE_TITLE, tail);
}

/*
 * The status line's hints while the focus is on memory or bits; the byte
 * keys named as the help screen names them (wv_keys_names: "+ = -"), into
 * step, the list into out.
 */
static const char *const *focus_hints(const struct wv_app *app, char step[40],
				      const char *out[9])
{
	static const char *const memory_hints[] = {
		"0-f set", "' char", NULL, "x del", "i ins", "u undo",
		"Tab bits", "Esc done", NULL
	};
	static const char *const bits_hints[] = {
		"Left/Right bit", "Space flip", "n/p step", "u undo", "Esc done", NULL
	};
	char k[32];

	if (app->focus == WV_FOCUS_BITS)
		return bits_hints;
	snprintf(step, 40, "%s\tstep", wv_keys_names(WV_ACT_BYTE_UP, WV_KEYS_MEMORY,
						      k, sizeof(k)));
	for (int i = 0; i < 9; i++)
		out[i] = i == 2 ? step : memory_hints[i];
	return out;
}

/* The status line's key hints, as many as fit, most useful first. */
void wv_view_status(struct wv_frame *f, const struct wv_app *app,
		    const char *where, const char *const *hints)
{
	int y = f->rows - 2, x;
	char step[40];
	const char *focus[9];

	wv_frame_fill(f, y, 0, f->cols, WV_ROLE_STATUS, ' ');
	x = wv_frame_printf(f, y, 0, WV_ROLE_STATUS, " %s %u-bit %s %s",
			    app->v->name, app->v->bits,
			    app->v->endian == WV_LITTLE ? "LE" : "BE", where);
	/* the word as :word takes it (cut when long; e shows all of it),
	   leaving the hints some room */
	x = wv_frame_put(f, y, x + (where[0] != '\0'), WV_ROLE_STATUS, "\"");
	x = wv_frame_fit(f, y, x, f->cols - 26 - x > 8 ? f->cols - 26 - x : 8,
			 WV_ROLE_STATUS, app->word_src);
	x = wv_frame_put(f, y, x, WV_ROLE_STATUS, "\"");
	if (app->focus != WV_FOCUS_STEPS && app->view == WV_VIEW_MAIN)
		hints = focus_hints(app, step, focus);
	/* "? help" and "q quit" keep their room: other hints give way first,
	   the most useful (first) kept where they fit */
	int n = 0, tail = 0;

	while (hints[n])
		n++;
	for (int i = 0; i < n; i++)
		if (strncmp(hints[i], "? ", 2) == 0 || strncmp(hints[i], "q ", 2) == 0)
			tail += 2 + (int)strlen(hints[i]);
	for (int i = 0; i < n; i++) {
		/* the keys end at a tab where they hold blanks ("+ = -\tspeed"),
		   else at the first blank */
		const char *sp = strchr(hints[i], '\t') ? strchr(hints[i], '\t')
			       : strchr(hints[i], ' ');
		int klen = sp ? (int)(sp - hints[i]) : (int)strlen(hints[i]);
		bool kept = strncmp(hints[i], "? ", 2) == 0 || strncmp(hints[i], "q ", 2) == 0;

		if (x + 2 + (int)strlen(hints[i]) + (kept ? 0 : tail) > f->cols) {
			if (kept)
				break;
			continue;
		}
		if (kept)
			tail -= 2 + (int)strlen(hints[i]);
		x += 2;
		wv_frame_printf(f, y, x, WV_ROLE_KEY, "%.*s", klen, hints[i]);
		x += klen;
		if (sp && *sp == '\t') {	/* drawn as the blank it stands for */
			x = wv_frame_put(f, y, x, WV_ROLE_STATUS, " ");
			sp++;
		}
		x = wv_frame_put(f, y, x, WV_ROLE_STATUS, sp ? sp : "");
	}
}


void wv_view_message(struct wv_frame *f, const struct wv_app *app)
{
	enum wv_role role = app->msg_error ? WV_ROLE_ERROR : WV_ROLE_TEXT;
	char text[WV_APP_MSG_MAX + 8];
	/* the screen's last cell is one a terminal cannot write without
	   scrolling (src/front/term/render.c leaves it): the message, and the
	   cut mark that ends it, stop one column before it on every front-end */
	int width = f->cols - 1, n;

	if (!app->msg[0])
		return;
	snprintf(text, sizeof(text), "%s%s", app->msg_error ? "error: " : "", app->msg);
	if (!app->msg_whole) {	/* one row; a cut ends in the cut mark (W: all) */
		wv_frame_fit(f, f->rows - 1, 0, width, role, text);
		return;
	}
	/* W: wrapped upwards over the rows above it (the status line, the
	   legend) until the next key; cleared first so nothing shows through */
	n = wv_view_wrap(NULL, 0, 0, width, f->rows, role, text);
	for (int y = f->rows - n; y < f->rows; y++)
		wv_frame_fill(f, y, 0, f->cols, WV_ROLE_TEXT, ' ');
	wv_view_wrap(f, f->rows - n, 0, width, n, role, text);
}

/*
 * Write text word-wrapped into rows [y, y + maxlines) from column x to the
 * right edge.  Returns the lines used.
 */
int wv_view_wrap(struct wv_frame *f, int y, int x, int width, int maxlines,
		 enum wv_role role, const char *text)
{
	int lines = 0;

	while (*text && lines < maxlines && width > 8) {
		int cut = (int)wv_wrap_cut(text, (size_t)width);

		if (f)
			wv_frame_putn(f, y + lines, x, role, text, (size_t)cut);
		text += cut;
		while (*text == ' ')
			text++;
		lines++;
	}
	/* cut short: say so at the end of the last line */
	if (f && *text && lines > 0)
		wv_frame_fill(f, y + lines - 1, x + width - 1, 1, role, WV_CH_CUT);
	return lines;
}

/*
 * One legend for every screen: each mark in its own role, one meaning a
 * colour (green the flags, red a false positive, cyan the terminator, the
 * same in memory and in the register, underlined a result, reverse the
 * focus), in words that fit the width: the long form from 130 columns, a
 * shorter from 100, the shortest fits 80.
 */
int wv_view_legend(struct wv_frame *f, int y)
{
	static const struct {
		enum wv_role role;
		const char *sym, *words[3];	/* 80, 100, 130 columns */
	} marks[] = {
		{ WV_ROLE_FLAG, "*", { " flag", " flag", " flag" } },
		{ WV_ROLE_FALSEPOS, "!", { " false pos", " false positive",
					   " false positive" } },
		{ WV_ROLE_TERM, "=", { " terminator", " terminator",
				       " the terminator (the answer)" } },
		{ WV_ROLE_DIM, ">", { " start", " start", " string start" } },
		{ WV_ROLE_BORROW, "1", { " borrow/carry", " borrow/carry",
					 " borrow or carry" } },
		{ WV_ROLE_DIM, "?", { " hidden", " hidden", " hidden till answered" } },
		{ WV_ROLE_RESULT, "result", { "", "", " of this sub-step" } },
	};
	static const char *const focus[3] = { "focus", "focus", "its focus" };
	int form, x;
	const char *gap;

	/* the longest form that fits */
	for (form = 2; form > 0; form--) {
		int w = 7;	/* "Marks  " */

		for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			w += (int)(strlen(marks[i].sym) + strlen(marks[i].words[form])) + 2;
		if (w + (int)strlen(focus[form]) <= f->cols)
			break;
	}
	gap = form ? "  " : " ";
	x = form ? wv_frame_put(f, y, 0, WV_ROLE_HEADING, "Marks") + 2 : 0;

	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		x = wv_frame_put(f, y, x, marks[i].role, marks[i].sym);
		x = wv_frame_put(f, y, x, WV_ROLE_TEXT, marks[i].words[form]);
		x = wv_frame_put(f, y, x, WV_ROLE_TEXT, gap);
	}
	/* the focus shown as it looks */
	wv_frame_put(f, y, x, WV_ROLE_TEXT, focus[form]);
	wv_frame_focus(f, y, x, (int)strlen(focus[form]));
	return 1;
}

int wv_view_measure(int cols)
{
	return cols < 100 ? cols : 100;
}

/* The hints while playing, each key named as the help screen names it. */
const char *const *app_play_hints(struct app_play_hints *p)
{
	char k[32];

	snprintf(p->pause, sizeof(p->pause), "%s\tpause",
		 wv_keys_names(WV_ACT_PLAY, 0, k, sizeof(k)));
	snprintf(p->speed, sizeof(p->speed), "%s\tspeed",
		 wv_keys_names(WV_ACT_FASTER, 0, k, sizeof(k)));
	snprintf(p->stop, sizeof(p->stop), "%s\tstop",
		 wv_keys_names(WV_ACT_BACK, 0, k, sizeof(k)));
	p->h[0] = p->pause;
	p->h[1] = p->speed;
	p->h[2] = p->stop;
	p->h[3] = "q quit";
	p->h[4] = NULL;
	return p->h;
}
