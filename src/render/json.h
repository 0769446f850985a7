/*
 * render/json.h - the trace as one JSON object, a fixed contract.
 *
 * Keys (more may be added, none renamed):
 *   arch, word_bits, endian ("little"|"big"), offset, fill, delim (N|null),
 *   memory [bytes], length,
 *   words [ { address, loaded, value, has_zero, data,
 *             delim_value, delim_has_zero, delim_data     (with a delimiter)
 *             prep_zero_mask, create_zero_mask, find_zero, zero_bytemask
 *                                  (on the word where the scan stops) } ],
 *   steps [ the step engine's model, see wv_json_write ]
 * A word value is a string "0x" + word_bits/4 lowercase hex digits; counts
 * and indices are numbers.  All values are the core's (struct wv_scan).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_JSON_H
#define WATVIZ_JSON_H

#include <stdio.h>

#include "trace/trace.h"

/*
 * Write t as JSON to out, ending with a newline.  Besides the contract keys:
 * "kernel_path", "found", "answer" (memory index of the terminator), per
 * word "hit", and on the stopping word "prep" and "delim_prep" (the two
 * masks before the OR).  Each step is
 *   { "kind", "func", "file", "word", "text", "result", "false_positive",
 *     "substeps": [ { "index" (global, 0-based), "op", "expr", "text",
 *                     "mem_columns" (byte columns are memory bytes),
 *                     "rows": [ { "label", "kind", "width", "value",
 *                                 "address", "bits", "marks" } ] } ] }
 * where a row's value is a number when width is 0, else a hex string of
 * width/4 digits; "bits" (hex, same width) are the highlighted bits; "marks"
 * lists, per memory byte of the word in memory order (from the row's
 * "address": the step's word's, the aligned word's on the zeropad fixup's
 * reload; word rows only), the names of its
 * marks ("prestart", "zero", "flag", "false_positive", "answer", "hilite",
 * "kept").  Returns 0, or -EIO when writing failed.
 */
int wv_json_write(FILE *out, const struct wv_trace *t);

/* A JSON string: quotes, backslashes and control bytes escaped. */
void wv_json_string(FILE *f, const char *s);

/* A word value as the contract writes words: "0x" and bits/4 hex digits. */
void wv_json_word(FILE *f, uint64_t v, unsigned bits);

#endif /* WATVIZ_JSON_H */
