/*
 * The step engine's builder, private to src/trace/: struct builder (the
 * trace being built and where we are in it), the word width and endianness
 * of the variant, the first error, and the functions that open steps, add
 * sub-steps and rows and mark bytes on them.  Everything in src/trace/ that
 * builds a trace includes this; it includes only public headers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRACE_BUILD_H
#define WATVIZ_TRACE_BUILD_H

#include "trace/trace.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "watviz/wordops.h"

#define PATH_STRNLEN "lib/strnlen_user.c"
#define PATH_NAMEI "fs/namei.c"

/* While building: the trace and where we are. */
struct builder {
	struct wv_trace *t;
	size_t cap_steps, cap_subs;
	int err;		/* first error, 0 while all is well */
	size_t word;		/* index of the word being described */
	size_t step;		/* index of the open step */
	bool mem_bytes;		/* rows' bytes stand for memory bytes (false
				   inside a multiply or an add trick) */
	struct wv_substep scratch;	/* where sub-steps and rows go once
					   building has failed */
};

static inline unsigned W(const struct builder *b)
{
	return b->t->v->bits;
}

static inline uint64_t M(const struct builder *b)
{
	return wv_wmask(b->t->v->bits);
}

static inline bool is_be(const struct builder *b)
{
	return b->t->v->endian == WV_BIG;
}

/* Does has_zero mark only zero bytes (cmpb, cmpbge, s390's exact test), so
   that no flag can be false? */
static inline bool hz_exact(const struct builder *b)
{
	return b->t->v->hz_kind != WV_HZ_CHEAP && b->t->v->hz_kind != WV_HZ_CHEAP_BE;
}

static inline void fail(struct builder *b, int err)
{
	if (!b->err)
		b->err = err;
}

/* The core's value and ours must agree; a disagreement is a bug somewhere. */
static inline void check(struct builder *b, uint64_t ours, uint64_t core)
{
	if (ours != core)
		fail(b, -EPROTO);
}

static inline const struct wv_word *cur_word(const struct builder *b)
{
	return &b->t->words[b->word];
}

/* Memory address of register byte r of the current word. */
size_t tr_addr_of(const struct builder *b, unsigned r);

/*
 * Write the memory addresses of the register bytes in set (bit r = register
 * byte r) as "2", "2 and 4", "2, 4 and 6", in memory order.
 */
void tr_addr_list(const struct builder *b, unsigned set, char *out,
		  size_t size);

/* Register bytes of x that are non-zero, as a bit set. */
unsigned tr_nonzero_bytes(const struct builder *b, uint64_t x);

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void tr_step_open(struct builder *b, enum wv_step_kind kind,
		  const char *func, const char *file, const char *fmt, ...);

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void tr_step_detail(struct builder *b, const char *fmt, ...);

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void tr_sub_detail(struct builder *b, struct wv_substep *s, const char *fmt, ...);

/* Set the open step's result. */
void tr_step_result(struct builder *b, uint64_t value, unsigned width);

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
struct wv_substep *tr_sub_new(struct builder *b, enum wv_op op,
			      const char *expr, const char *fmt, ...);

/*
 * Append a row.  Word-wide rows that are not constants get the facts of the
 * bytes they stand for: pre-start bytes on the first word, the answer byte on
 * the word where the scan stops.
 */
/*
 * Row r holds, unchanged, the result of the latest step of kind on the
 * current word before the one open (wv_row.from); none found: nothing.
 * Returns r.
 */
struct wv_row *tr_row_from(struct builder *b, struct wv_row *r, enum wv_step_kind kind);
struct wv_row *tr_row_add(struct builder *b, struct wv_substep *s,
			  enum wv_row_kind kind, const char *label,
			  uint64_t value, unsigned width);

/* Mark the zero bytes of an operand row, and the answer byte. */
void tr_mark_zero(const struct builder *b, struct wv_row *row);

/*
 * Mark a row of flags: every non-zero byte is a flag; a flag whose byte is
 * non-zero in operand a (and, when two is set, in b as well) is a false
 * positive.  Highlights the flag bits.  Returns the false-positive set.
 */
unsigned tr_mark_flags(const struct builder *b, struct wv_row *row,
		       uint64_t a, bool two, uint64_t bv);

/* Flags of the word where the scan stopped, against its a (and b). */
void tr_mark_flags_word(const struct builder *b, struct wv_row *row);

/* Flags of a has_zero-like value of the current word, map or word. */
void tr_mark_any(const struct builder *b, struct wv_row *row);

/* For an 8-bit map (alpha): bit i stands for register byte i. */
void tr_mark_bitmap(const struct builder *b, struct wv_row *row);

/* Mark the 0xff bytes of a byte mask as kept (the bytes before the zero). */
void tr_mark_kept(const struct builder *b, struct wv_row *row);

#endif
