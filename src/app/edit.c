/*
 * Editing the word in place: the byte cursor in the memory panel, the bit
 * cursor in the register row loaded from memory, undo and redo, clicks.
 *
 * Every edit changes app->word (the string's bytes, as :word sets them) and
 * traces it again through wv_app_rebuild(), the path :word takes, at the
 * same step and sub-step; nothing here computes a value the trace shows.
 * Positions are memory (image) indexes: byte i of the image is byte
 * i - offset of the word, its NUL at offset + word_len.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Image bytes that are memory: all but the unmapped page after an edge. */
static size_t mapped(const struct wv_trace *t)
{
	return t->img.page_end ? t->img.page_end : t->img.len;
}

/* The memory index of the NUL that ends the word. */
static size_t nul_at(const struct wv_app *app)
{
	return app->offset + app->word_len;
}

void wv_app_forget_edits(struct wv_app *app)
{
	for (size_t i = 0; i < app->nedits; i++)
		free(app->undo[i].bytes);
	app->nundo = app->nedits = 0;
	app->hex_first = -1;
}

/*
 * word[at, at + nold) becomes src[0..nnew), traced again at the same place;
 * the title and `e` get the new word as a C literal.  -1 with app->msg and
 * nothing changed when it cannot be (the 4096-byte limit).
 */
static int replace(struct wv_app *app, size_t at, size_t nold,
		   const uint8_t *src, size_t nnew)
{
	static uint8_t old[WV_WORD_MAX];	/* 4 KiB: off the stack */
	size_t len = app->word_len;

	if (len - nold + nnew > WV_WORD_MAX) {
		wv_app_msg(app, true, "the word is at its %d-byte limit", WV_WORD_MAX);
		return -1;
	}
	memcpy(old, app->word, len);
	memmove(app->word + at + nnew, app->word + at + nold, len - at - nold);
	if (nnew)
		memcpy(app->word + at, src, nnew);
	app->word_len = len - nold + nnew;
	if (wv_app_rebuild(app) < 0) {
		memcpy(app->word, old, len);
		app->word_len = len;
		return -1;
	}
	wv_word_literal(app->word, app->word_len, app->word_src, sizeof(app->word_src));
	return 0;
}

/* Keep e (its bytes now owned) as the newest edit; redo forgets the rest. */
static void push(struct wv_app *app, struct wv_edit *e)
{
	if (!app->undo)
		app->undo = calloc(WV_UNDO_MAX, sizeof(*app->undo));
	if (!app->undo) {
		free(e->bytes);		/* no undo, the edit stands */
		return;
	}
	while (app->nedits > app->nundo)
		free(app->undo[--app->nedits].bytes);
	if (app->nundo == WV_UNDO_MAX) {	/* the oldest goes */
		free(app->undo[0].bytes);
		memmove(app->undo, app->undo + 1, (WV_UNDO_MAX - 1) * sizeof(*app->undo));
		app->nundo--;
	}
	app->undo[app->nundo++] = *e;
	app->nedits = app->nundo;
}

/* An undoable replace.  Returns 0 or -1 (app->msg says why). */
static int change(struct wv_app *app, size_t at, size_t nold,
		  const uint8_t *src, size_t nnew)
{
	struct wv_edit e = { .at = at, .nold = nold, .nnew = nnew,
			     .cursor = app->cursor };

	e.bytes = malloc(nold + nnew + 1);
	if (!e.bytes) {
		wv_app_msg(app, true, "out of memory");
		return -1;
	}
	memcpy(e.bytes, app->word + at, nold);
	if (nnew)
		memcpy(e.bytes + nold, src, nnew);
	if (replace(app, at, nold, src, nnew) < 0) {
		free(e.bytes);
		return -1;
	}
	push(app, &e);
	return 0;
}

/* "before the string start" and the like: why byte i cannot change. */
static int refuse(struct wv_app *app, size_t i, const char *why)
{
	wv_app_msg(app, true, "byte @%zu %s", i, why);
	return WV_REACT_REDRAW | WV_REACT_BELL;
}

/* What the message line says after an edit. */
static void said(struct wv_app *app, const char *what, size_t i)
{
	if (app->trace.scan.found)
		wv_app_msg(app, false, "@%zu: %s; the string is now %zu long (u undoes)",
			   i, what, app->trace.scan.length);
	else
		wv_app_msg(app, false, "@%zu: %s; no terminator found now (u undoes)",
			   i, what);
}

/*
 * Set byte i; merge: fold the change into the newest undo entry (the
 * second hex digit of one byte).  Returns reaction flags.
 */
static int set_byte(struct wv_app *app, size_t i, uint8_t value, bool merge)
{
	const struct wv_trace *t = &app->trace;
	size_t off = app->offset, nul = nul_at(app);
	uint8_t was;
	char what[48];
	int rc;

	if (i < off)
		return refuse(app, i, "is before the string start: o and O move the "
			      "start, f the fill");
	if (i >= mapped(t))
		return refuse(app, i, "is on the unmapped page");
	was = t->img.mem[i];
	if (was == value) {
		wv_app_msg(app, false, "byte @%zu is 0x%02x already", i, value);
		return WV_REACT_REDRAW;
	}
	snprintf(what, sizeof(what), "0x%02x -> 0x%02x", was, value);
	if (i < nul) {
		struct wv_edit *top = app->nundo ? &app->undo[app->nundo - 1] : NULL;

		if (merge && top && i - off >= top->at && i - off < top->at + top->nnew) {
			rc = replace(app, i - off, 1, &value, 1);
			if (rc == 0)
				top->bytes[top->nold + (i - off - top->at)] = value;
		} else {
			rc = change(app, i - off, 1, &value, 1);
		}
	} else {
		/* the NUL or the fill after it: the word grows up to byte i,
		   with the bytes between as they are (the NUL an explicit 0) */
		size_t n = i - nul + 1;
		uint8_t *add = malloc(n);

		if (!add) {
			wv_app_msg(app, true, "out of memory");
			return WV_REACT_REDRAW;
		}
		memcpy(add, t->img.mem + nul, n);
		add[n - 1] = value;
		rc = change(app, app->word_len, 0, add, n);
		free(add);
	}
	if (rc == 0)
		said(app, what, i);
	return WV_REACT_REDRAW;
}

int wv_app_bits_row(const struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_substep *sub = &t->subs[app->pos];
	const struct wv_step *st = &t->steps[sub->step];
	size_t addr = t->words[st->word].address;

	if (!sub->mem_columns)
		return -1;
	for (unsigned k = 0; k < sub->nrows; k++) {
		const struct wv_row *row = &sub->rows[k];
		bool same = row->width == t->v->bits &&
			    (row->kind == WV_ROW_INPUT ||
			     (row->kind == WV_ROW_RESULT && (st->kind == WV_STEP_LOAD ||
							     st->kind == WV_STEP_PRESTART)));

		/* each byte is the memory byte it stands for (the bytes
		   before the start may be forced to 0xff) */
		for (unsigned r = 0; same && r < t->word_bytes; r++) {
			size_t m = addr + t->reg_to_mem[r];
			uint8_t b = (uint8_t)(row->value >> 8 * r);

			same = m < mapped(t) && (b == t->img.mem[m] ||
			       (t->img.role[m] == WV_MEM_PRESTART && b == 0xff));
		}
		if (same)
			return (int)k;
	}
	return -1;
}

size_t wv_app_bit_byte(const struct wv_app *app, unsigned b, unsigned *bit)
{
	const struct wv_trace *t = &app->trace;
	const struct wv_step *st = wv_trace_step_of(t, app->pos);

	*bit = b % 8;
	return t->words[st->word].address + t->reg_to_mem[(b / 8) % t->word_bytes];
}

/* The byte cursor somewhere useful: kept in the current word, else at its
   first byte of the string. */
static void place_cursor(struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	size_t addr = t->words[wv_trace_step_of(t, app->pos)->word].address;

	if (app->cursor >= addr && app->cursor < addr + t->word_bytes &&
	    app->cursor < mapped(t))
		return;
	app->cursor = addr > app->offset ? addr : app->offset;
	if (app->cursor >= mapped(t))
		app->cursor = mapped(t) - 1;
}

/* Focus on the bits: the bit cursor on the top bit of the cursor byte. */
static int focus_bits(struct wv_app *app)
{
	const struct wv_trace *t = &app->trace;
	size_t addr = t->words[wv_trace_step_of(t, app->pos)->word].address;

	app->focus = WV_FOCUS_BITS;
	app->bit = t->v->bits - 1;
	for (unsigned r = 0; r < t->word_bytes; r++)
		if (addr + t->reg_to_mem[r] == app->cursor)
			app->bit = 8 * r + 7;
	if (wv_app_bits_row(app) < 0)
		wv_app_msg(app, false, "bits: this sub-step has no row loaded from "
			   "memory; n and p step to one (has_zero's a)");
	else
		wv_app_msg(app, false, "bits: Left/Right pick a bit, Space flips it, "
			   "Tab or Esc leaves");
	return WV_REACT_REDRAW;
}

static int focus_memory(struct wv_app *app)
{
	char keys[32];

	app->view = WV_VIEW_MAIN;
	app->focus = WV_FOCUS_MEMORY;
	place_cursor(app);
	wv_app_msg(app, false, "memory: hex digits set the byte, ' a character, "
		   "%s x i, u undo, Esc leaves", wv_keys_names(WV_ACT_BYTE_UP,
		   WV_KEYS_MEMORY, keys, sizeof(keys)));
	return WV_REACT_REDRAW;
}

static int move_cursor(struct wv_app *app, long by)
{
	size_t end = mapped(&app->trace);

	if (app->focus == WV_FOCUS_BITS) {
		unsigned w = app->trace.v->bits;

		if ((by > 0 && app->bit + 1 >= w) || (by < 0 && app->bit == 0))
			return WV_REACT_BELL;
		app->bit = by > 0 ? app->bit + 1 : app->bit - 1;
		return WV_REACT_REDRAW;
	}
	if ((by < 0 && app->cursor < (size_t)-by) || (by > 0 && app->cursor + (size_t)by >= end))
		return WV_REACT_BELL;
	app->cursor = by < 0 ? app->cursor - (size_t)-by : app->cursor + (size_t)by;
	return WV_REACT_REDRAW;
}

/* One hex digit: the byte becomes it; a second right after completes it. */
static int hex_digit(struct wv_app *app)
{
	int d = wv_hex_digit(app->key), react;
	size_t before = app->nundo;

	if (d < 0)
		return WV_REACT_NONE;
	if (app->hex_first >= 0) {
		bool merge = app->hex_undo == app->nundo && app->nundo > 0;

		react = set_byte(app, app->cursor, (uint8_t)(app->hex_first * 16 + d), merge);
		app->hex_first = -1;
		return react;
	}
	react = set_byte(app, app->cursor, (uint8_t)d, false);
	if (!app->msg_error) {
		app->hex_first = d;
		/* only an edit of its own may take the second digit in */
		app->hex_undo = app->nundo > before ? app->nundo : (size_t)-1;
	}
	return react;
}

static int undo(struct wv_app *app, bool redo)
{
	struct wv_edit *e;
	int rc;

	if (redo ? app->nundo == app->nedits : app->nundo == 0) {
		wv_app_msg(app, false, "nothing to %s", redo ? "redo" : "undo");
		return WV_REACT_REDRAW | WV_REACT_BELL;
	}
	e = &app->undo[redo ? app->nundo : app->nundo - 1];
	rc = redo ? replace(app, e->at, e->nold, e->bytes + e->nold, e->nnew)
		  : replace(app, e->at, e->nnew, e->bytes, e->nold);
	if (rc < 0)
		return WV_REACT_REDRAW;
	app->nundo += redo ? 1 : (size_t)-1;
	app->cursor = e->cursor < app->trace.img.len ? e->cursor : app->trace.img.len - 1;
	wv_app_msg(app, false, "%s: the word is %zu bytes (%zu more to undo, %zu to redo)",
		   redo ? "redone" : "undone", app->word_len, app->nundo,
		   app->nedits - app->nundo);
	return WV_REACT_REDRAW;
}

static int flip(struct wv_app *app)
{
	unsigned b;
	size_t i;

	if (wv_app_bits_row(app) < 0) {
		wv_app_msg(app, false, "this sub-step has no row loaded from memory: "
			   "n and p step to one (has_zero's a)");
		return WV_REACT_REDRAW | WV_REACT_BELL;
	}
	i = wv_app_bit_byte(app, app->bit, &b);
	if (i >= mapped(&app->trace))
		return refuse(app, i, "is on the unmapped page");
	app->cursor = i;
	return set_byte(app, i, app->trace.img.mem[i] ^ (uint8_t)(1u << b), false);
}

int wv_app_edit(struct wv_app *app, enum wv_action act)
{
	size_t i = app->cursor, nb = app->trace.word_bytes;
	static const uint8_t x = 'x';

	switch (act) {
	case WV_ACT_FOCUS_MEMORY:
		if (app->focus == WV_FOCUS_MEMORY) {
			app->focus = WV_FOCUS_STEPS;
			return WV_REACT_REDRAW;
		}
		return focus_memory(app);
	case WV_ACT_FOCUS_NEXT:
		if (app->focus == WV_FOCUS_STEPS)
			return focus_memory(app);
		if (app->focus == WV_FOCUS_MEMORY)
			return focus_bits(app);
		app->focus = WV_FOCUS_STEPS;
		return WV_REACT_REDRAW;
	case WV_ACT_UNDO:
	case WV_ACT_REDO:
		return undo(app, act == WV_ACT_REDO);
	case WV_ACT_CUR_LEFT:
	case WV_ACT_CUR_RIGHT:
		/* bits: Left is the more significant bit, as drawn */
		return move_cursor(app, (act == WV_ACT_CUR_RIGHT) ==
				   (app->focus == WV_FOCUS_MEMORY) ? 1 : -1);
	case WV_ACT_CUR_UP:
	case WV_ACT_CUR_DOWN:
		return move_cursor(app, act == WV_ACT_CUR_DOWN ? (long)nb : -(long)nb);
	case WV_ACT_HEX:
		return hex_digit(app);
	case WV_ACT_CHAR:
		app->await_char = true;
		wv_app_msg(app, false, "type the character for byte @%zu", i);
		return WV_REACT_REDRAW;
	case WV_ACT_PUT_CHAR:
		app->await_char = false;
		return set_byte(app, i, (uint8_t)app->key, false);
	case WV_ACT_BYTE_UP:
	case WV_ACT_BYTE_DOWN:
		if (i >= mapped(&app->trace))
			return WV_REACT_BELL;
		return set_byte(app, i, (uint8_t)(app->trace.img.mem[i] +
				(act == WV_ACT_BYTE_UP ? 1 : -1)), false);
	case WV_ACT_DELETE:
		if (i < app->offset || i >= nul_at(app))
			return refuse(app, i, i < app->offset ? "is before the string start"
				      : "is not in the word: x deletes the word's own bytes");
		if (change(app, i - app->offset, 1, NULL, 0) == 0)
			said(app, "deleted", i);
		return WV_REACT_REDRAW;
	case WV_ACT_INSERT:
		if (i < app->offset || i > nul_at(app))
			return refuse(app, i, i < app->offset ? "is before the string start"
				      : "is past the terminator: set it to make the word reach it");
		if (change(app, i - app->offset, 0, &x, 1) == 0)
			said(app, "inserted 'x'", i);
		return WV_REACT_REDRAW;
	case WV_ACT_FLIP:
		return flip(app);
	default:
		return WV_REACT_NONE;
	}
}

enum wv_action wv_app_action(struct wv_app *app, int key)
{
	app->key = key;
	if (app->await_char) {
		if (key >= 0x20 && key < 0x7f)
			return WV_ACT_PUT_CHAR;
		app->await_char = false;
		wv_app_msg(app, false, "no character typed: the byte stays");
		return WV_ACT_NONE;
	}
	/* the editing keys act on what the main view shows, not under help
	   or compare */
	return wv_keys_action_in(key, app->view == WV_VIEW_MAIN ? app->focus
							      : WV_FOCUS_STEPS);
}

int wv_app_key(struct wv_app *app, int key)
{
	return wv_app_do(app, wv_app_action(app, key));
}

int wv_app_click(struct wv_app *app, unsigned target)
{
	size_t i = WV_TARGET_INDEX(target);

	app->hex_first = -1;
	app->await_char = false;
	app->playing = false;
	switch (WV_TARGET_KIND(target)) {
	case WV_TARGET_BYTE:
		if (i >= mapped(&app->trace))
			return WV_REACT_NONE;
		app->cursor = i;
		return focus_memory(app);
	case WV_TARGET_BIT:
		if (i >= app->trace.v->bits)
			return WV_REACT_NONE;
		app->view = WV_VIEW_MAIN;
		app->focus = WV_FOCUS_BITS;
		app->bit = (unsigned)i;
		return flip(app);
	case WV_TARGET_STEP:
		if (i >= app->trace.nsteps)
			return WV_REACT_NONE;
		app->pos = app->trace.steps[i].first;
		app->anchor_v = NULL;
		return WV_REACT_REDRAW;
	default:
		return WV_REACT_NONE;
	}
}
