/*
 * The JSON writer: the trace's values, exactly as the core recorded them,
 * and the step engine's model.  No arithmetic here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "render/json.h"

#include <errno.h>
#include <stdbool.h>

void wv_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void wv_json_word(FILE *f, uint64_t v, unsigned bits)
{
	fprintf(f, "\"0x%0*llx\"", (int)bits / 4, (unsigned long long)v);
}

static void key(FILE *f, const char *k)
{
	fprintf(f, "\"%s\": ", k);
}

static void key_hex(FILE *f, const char *k, uint64_t v, unsigned bits)
{
	fprintf(f, ", \"%s\": ", k);
	wv_json_word(f, v, bits);
}

static const struct {
	unsigned mark;
	const char *name;
} mark_names[] = {
	{ WV_MARK_PRESTART, "prestart" }, { WV_MARK_ZERO, "zero" },
	{ WV_MARK_FLAG, "flag" }, { WV_MARK_FALSE_POS, "false_positive" },
	{ WV_MARK_ANSWER, "answer" }, { WV_MARK_HILITE, "hilite" },
	{ WV_MARK_KEPT, "kept" }, { WV_MARK_UNMAPPED, "unmapped" },
};

static void row_json(FILE *f, const struct wv_trace *t, const struct wv_row *r)
{
	fputs("{ ", f);
	key(f, "label");
	wv_json_string(f, r->label);
	fputs(", ", f);
	key(f, "kind");
	wv_json_string(f, wv_trace_row_kind_name(r->kind));
	fprintf(f, ", \"width\": %u, \"value\": ", r->width);
	if (r->width == 0) {
		fprintf(f, "%llu }", (unsigned long long)r->value);
		return;
	}
	wv_json_word(f, r->value, r->width);
	/* the memory its "marks" are in: the step's word but for the fixup's
	   aligned reload */
	fprintf(f, ", \"address\": %zu", r->address);
	key_hex(f, "bits", r->bits, r->width);
	fputs(", \"marks\": [", f);
	for (unsigned m = 0; m < t->word_bytes; m++) {
		unsigned marks = r->bytes[t->reg_to_mem[m]];	/* memory m */
		bool first = true;

		fputs(m ? ", [" : "[", f);
		for (size_t i = 0; i < sizeof(mark_names) / sizeof(mark_names[0]); i++) {
			if (!(marks & mark_names[i].mark))
				continue;
			fprintf(f, "%s\"%s\"", first ? "" : ", ", mark_names[i].name);
			first = false;
		}
		fputc(']', f);
	}
	fputs("] }", f);
}

static void steps_json(FILE *f, const struct wv_trace *t)
{
	fputs("  \"steps\": [", f);
	for (size_t i = 0; i < t->nsteps; i++) {
		const struct wv_step *s = &t->steps[i];

		fprintf(f, "%s\n    { \"kind\": \"%s\", \"func\": ", i ? "," : "",
			wv_trace_step_name(s->kind));
		wv_json_string(f, s->func);
		fputs(", \"file\": ", f);
		wv_json_string(f, s->file);
		fprintf(f, ", \"word\": %zu, \"text\": ", s->word);
		wv_json_string(f, s->text);
		fputs(", \"result\": ", f);
		if (s->width)
			wv_json_word(f, s->result, s->width);
		else
			fprintf(f, "%llu", (unsigned long long)s->result);
		fprintf(f, ", \"false_positive\": %s,\n      \"substeps\": [",
			s->false_pos ? "true" : "false");
		for (size_t k = s->first; k < s->first + s->nsub; k++) {
			const struct wv_substep *ss = &t->subs[k];

			fprintf(f, "%s\n        { \"index\": %zu, \"op\": \"%s\", \"expr\": ",
				k > s->first ? "," : "", k, wv_trace_op_name(ss->op));
			wv_json_string(f, ss->expr);
			fputs(", \"text\": ", f);
			wv_json_string(f, ss->text);
			fprintf(f, ", \"mem_columns\": %s,\n          \"rows\": [",
				ss->mem_columns ? "true" : "false");
			for (unsigned r = 0; r < ss->nrows; r++) {
				fputs(r ? ",\n            " : "\n            ", f);
				row_json(f, t, &ss->rows[r]);
			}
			fputs(" ] }", f);
		}
		fputs(" ] }", f);
	}
	fputs(" ]\n", f);
}

int wv_json_write(FILE *f, const struct wv_trace *t)
{
	const struct wv_variant *v = t->v;
	const struct wv_scan *sc = &t->scan;
	unsigned w = v->bits;

	fputs("{\n  \"arch\": ", f);
	wv_json_string(f, v->name);
	fprintf(f, ", \"word_bits\": %u, \"endian\": \"%s\",\n", w,
		v->endian == WV_LITTLE ? "little" : "big");
	fputs("  \"kernel_path\": ", f);
	wv_json_string(f, v->kernel_path);
	fputs(", \"kernel_version\": ", f);
	wv_json_string(f, v->kernel_version);
	fprintf(f, ",\n  \"offset\": %zu, \"fill\": %u, \"delim\": ", t->in.offset,
		t->in.fill);
	if (t->in.delim >= 0)
		fprintf(f, "%d", t->in.delim);
	else
		fputs("null", f);
	{
		char note[2 * WV_TEXT_MAX];

		fprintf(f, ",\n  \"loop\": \"%s\", \"kernel_runs_this\": %s,"
			"\n  \"loop_note\": ", t->in.delim >= 0 ? "hash_name"
			: "do_strnlen_user", wv_trace_hash_name_what_if(t) ? "false"
			: "true");
		wv_json_string(f, wv_trace_loop_note(t, note, sizeof(note)));
	}
	/* the mapped bytes only: past a page edge there is no memory */
	fputs(",\n  \"memory\": [", f);
	for (size_t i = 0; i < (t->img.page_end ? t->img.page_end : t->img.len); i++)
		fprintf(f, "%s%u", i ? ", " : "", t->img.mem[i]);
	fputs("], \"page_end\": ", f);
	if (t->img.page_end)
		fprintf(f, "%zu", t->img.page_end);
	else
		fputs("null", f);
	fprintf(f, ",\n  \"length\": %zu, \"found\": %s, \"answer\": %zu,\n",
		sc->length, sc->found ? "true" : "false", t->answer);

	fputs("  \"words\": [", f);
	for (size_t i = 0; i < t->nwords; i++) {
		const struct wv_word *wd = &t->words[i];
		bool stop = sc->found && i + 1 == t->nwords;

		fprintf(f, "%s\n    { \"address\": %zu", i ? "," : "", wd->address);
		key_hex(f, "loaded", wd->loaded, w);
		key_hex(f, "value", wd->value, w);
		key_hex(f, "has_zero", wd->has_zero, w);
		key_hex(f, "data", wd->data, w);
		if (t->in.delim >= 0) {
			key_hex(f, "delim_value", wd->delim_value, w);
			key_hex(f, "delim_has_zero", wd->delim_has_zero, w);
			key_hex(f, "delim_data", wd->delim_data, w);
		}
		fprintf(f, ", \"hit\": %s", wd->hit ? "true" : "false");
		if (t->img.page_end)
			fprintf(f, ", \"zeropad\": %s", wd->zeropad ? "true" : "false");
		if (wd->zeropad)
			key_hex(f, "zeropad_aligned", wd->aligned, w);
		if (stop) {
			key_hex(f, "prep", sc->prep, w);
			if (t->in.delim >= 0)
				key_hex(f, "delim_prep", sc->delim_prep, w);
			key_hex(f, "prep_zero_mask", sc->prep_zero_mask, w);
			key_hex(f, "create_zero_mask", sc->create_zero_mask, w);
			fprintf(f, ", \"find_zero\": %u", sc->find_zero);
			key_hex(f, "zero_bytemask", sc->zero_bytemask, w);
		}
		fputs(" }", f);
	}
	fputs(" ],\n", f);
	steps_json(f, t);
	fputs("}\n", f);
	/* the failing write's errno (ENOSPC, EBADF), not a generic EIO */
	if (ferror(f))
		return errno ? -errno : -EIO;
	errno = 0;
	return fflush(f) != 0 || ferror(f) ? (errno ? -errno : -EIO) : 0;
}
