/*
 * trace/trace.h - the step engine: a core scan turned into explained steps.
 *
 * wv_trace_build() runs the core's scan (watviz/wat.h) over a memory image
 * and describes it the way a teacher would draw it on the board:
 *
 *   trace
 *    +- steps[]      one per kernel function call, in the order the kernel
 *    |               makes them: for every word examined
 *    |                 LOAD, [PRESTART on the first word when offset > 0],
 *    |                 HAS_ZERO, [DELIM_HAS_ZERO when a delimiter is set],
 *    |               then on the word where the loop stops
 *    |                 PREP, CREATE, FIND, ZBM
 *    +- subs[]       every step's sub-steps, flat, in order: sub-step k of n
 *                    is subs[k] (n = nsubs); step s owns
 *                    subs[steps[s].first .. steps[s].first + steps[s].nsub)
 *
 * A sub-step is one operation (a - ONES, ~a, an AND, a clz ...) drawn as rows
 * of bits: operands, a borrow or carry row under arithmetic, the result.
 * Every row carries its value, its width and the role of each byte and bit,
 * so a renderer only lays out and colours; it never computes.  All values
 * come from the core's record (struct wv_scan / struct wv_word) and the
 * variant's function pointers; intermediates come from watviz/wordops.h, and
 * every final value is checked against the record when the trace is built.
 *
 * Renderers: src/render/plain.c (text), src/render/json.c (JSON),
 * src/render/html.c (HTML), the visualizer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_TRACE_H
#define WATVIZ_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "watviz/cost.h"
#include "watviz/wat.h"
#include "trace/word.h"

/* ---- rows ---------------------------------------------------------------- */

/* What a row is: decides its place and its default colour. */
enum wv_row_kind {
	WV_ROW_INPUT,	/* an operand that came from earlier (a, data, mask) */
	WV_ROW_CONST,	/* a constant operand (ONES, LOW7, 0x0001020304050608) */
	WV_ROW_BORROW,	/* subtraction: bit i set = bit i had to borrow from
			   the bit above it (the value a ^ b ^ (a - b)) */
	WV_ROW_CARRY,	/* addition: bit i set = a carry came into bit i from
			   the bit below (the value a ^ b ^ (a + b)) */
	WV_ROW_PARTIAL,	/* one partial product of a multiply */
	WV_ROW_RESULT,	/* what the sub-step computes */
};

/*
 * Facts about one byte of a row (flags, OR-ed into wv_row.bytes[r]).
 * r is the REGISTER byte: r = 0 is the least significant byte (bits 0..7).
 * Which memory byte it holds is trace->reg_to_mem[r]; on little-endian
 * r == memory index, on big-endian r == B - 1 - memory index.
 * Renderers give FALSE_POS precedence over FLAG, ANSWER over both.
 * PRESTART is set on every word-wide row of the first word that is not a
 * constant; ZERO and ANSWER on operand rows (a, b) and rows of flags or byte
 * masks; FLAG/FALSE_POS on rows of flags; KEPT on byte masks.  Rows whose
 * bytes do not stand for memory bytes (a multiply's partial products, the
 * 32-bit add trick) carry no marks.
 */
enum wv_mark {
	WV_MARK_PRESTART = 1 << 0,	/* memory byte before the string start */
	WV_MARK_ZERO = 1 << 1,		/* this operand byte is 0x00: a real zero
					   (for b = a ^ REPEAT_BYTE(d): a delimiter) */
	WV_MARK_FLAG = 1 << 2,		/* a flag: a result byte that says "zero here"
					   (0x80, 0xff, ...) */
	WV_MARK_FALSE_POS = 1 << 3,	/* a flag in a byte that is NOT zero: a borrow
					   from the zero below made it (a 0x01 byte) */
	WV_MARK_ANSWER = 1 << 4,	/* the byte of the first terminator: the answer */
	WV_MARK_HILITE = 1 << 5,	/* the byte this sub-step is about */
	WV_MARK_KEPT = 1 << 6,		/* zero_bytemask keeps it: before the terminator */
	WV_MARK_UNMAPPED = 1 << 7,	/* the memory byte is on the unmapped page:
					   not loaded, a zero the zeropad fixup
					   shifted in */
};

#define WV_ROW_LABEL_MAX 24

/*
 * One line of bits.  width is the number of bits drawn: the word size (32 or
 * 64) for register values, 8 for alpha's cmpbge bitmap, 0 for a plain number
 * (a bit count, an index, find_zero) that is shown in decimal.
 */
struct wv_row {
	char label[WV_ROW_LABEL_MAX];	/* "a", "ONES", "borrow", "a - ONES" */
	enum wv_row_kind kind;
	bool arg;			/* an input holding the value the step
					   was called with, unchanged: every
					   row of its label so marked in the
					   step holds the same value (bits of
					   create_zero_mask(bits), mask of the
					   add trick's find_zero(mask)) */
	size_t from;			/* an input holding an earlier call's
					   result, unchanged: 1 + the index of
					   that step (has_zero in the note
					   "has_zero vs prep_zero_mask"); 0 none */
	bool count;			/* a shift's count (n in ~1 << n, 8 *
					   offset in the load's shift), not the
					   value shifted: the split view pairs
					   count with count (render/look.h) */
	uint64_t value;			/* the row's value (upper bits zero) */
	unsigned width;			/* 64, 32, 8, or 0 = a number */
	uint64_t bits;			/* bits to highlight: the borrow or carry
					   bits, the bits a clz/ctz/popcount
					   counts, the flag bit of the answer */
	uint8_t bytes[8];		/* per register byte, enum wv_mark flags,
					   when width is 32/64; for an 8-bit
					   map (width 8) bytes[i] describes bit
					   i, which stands for register byte i;
					   unused for width 0 */
	size_t address;			/* where its sub-step has mem_columns:
					   register byte r holds memory byte
					   address + reg_to_mem[r].  The step's
					   word's address, except on a row that
					   holds another word: the zeropad
					   fixup's aligned reload */
};

/* ---- sub-steps ----------------------------------------------------------- */

/* The operation a sub-step draws. */
enum wv_op {
	WV_OP_LOAD,	/* memory bytes into the register */
	WV_OP_OR,
	WV_OP_AND,
	WV_OP_XOR,
	WV_OP_NOT,
	WV_OP_SUB,	/* rows: minuend, subtrahend, borrow, result */
	WV_OP_ADD,	/* rows: addends, carry, result */
	WV_OP_MUL,	/* rows: multiplicand, constant, partial products, result */
	WV_OP_SHR,
	WV_OP_SHL,
	WV_OP_CLZ,	/* bits counted are in the operand row's .bits */
	WV_OP_CTZ,
	WV_OP_POPCOUNT,
	WV_OP_CMPB,	/* PowerPC cmpb: per byte 0xff if equal */
	WV_OP_CMPBGE,	/* Alpha cmpbge: bit i = byte i of x >= byte i of y */
	WV_OP_TEST,	/* a decision: is the value non-zero?  the loop stops */
	WV_OP_NOTE,	/* nothing computed: an observation (a false positive,
			   an identity function, two forms being equal) */
};

#define WV_SUB_ROWS_MAX 12
#define WV_EXPR_MAX 64
#define WV_TEXT_MAX 512

struct wv_substep {
	enum wv_op op;
	char expr[WV_EXPR_MAX];		/* the operation in C: "(a - ONES) & ~a & HIGHS" */
	char text[WV_TEXT_MAX];		/* one or two sentences about this sub-step */
	size_t general;			/* text[0..general) holds for any word; the
					   rest names this trace's values (which
					   bytes are flagged, the count, ...), and
					   is left out while a question is open */
	size_t step;			/* index of its step in trace->steps */
	unsigned nrows;
	struct wv_row rows[WV_SUB_ROWS_MAX];	/* top to bottom; the last RESULT
						   row (if any) is the answer of
						   the sub-step */
	bool mem_columns;	/* the byte columns of its word rows stand for
				   memory bytes (label them with addresses);
				   false for arithmetic on a mask, such as
				   the multiply, where they are plain
				   register bytes 7..0 */
};

/* ---- steps --------------------------------------------------------------- */

enum wv_step_kind {
	WV_STEP_LOAD,		/* load the aligned word */
	WV_STEP_PRESTART,	/* OR 0xff into the bytes before the start */
	WV_STEP_HAS_ZERO,	/* has_zero(a, &data, &c) */
	WV_STEP_DELIM_HAS_ZERO,	/* b = a ^ REPEAT_BYTE(delim); has_zero(b) */
	WV_STEP_PREP,		/* prep_zero_mask (both, OR-ed, with a delim) */
	WV_STEP_CREATE,		/* create_zero_mask */
	WV_STEP_FIND,		/* find_zero: the answer */
	WV_STEP_ZBM,		/* zero_bytemask (and the bytes it keeps) */
	WV_STEP_ZEROPAD,	/* load_unaligned_zeropad's exception fixup: the
				   load crossed into the unmapped page; the
				   aligned reload, the shift, the result */
};

/*
 * One kernel function call.  The visualizer's "next function" moves from
 * step to step; "next" moves from sub-step to sub-step.
 */
struct wv_step {
	enum wv_step_kind kind;
	size_t word;		/* index into trace->words of the word it works on */
	const char *func;	/* the kernel function: "has_zero", "aligned_byte_mask" */
	const char *file;	/* where it lives: "arch/x86/include/asm/word-at-a-time.h" */
	char text[WV_TEXT_MAX];	/* one sentence: what it does here */
	size_t general;		/* as in struct wv_substep */
	uint64_t result;	/* what the function returns */
	unsigned width;		/* result width as in struct wv_row (0 = number) */
	size_t first;		/* its first sub-step: trace->subs[first] */
	size_t nsub;		/* number of its sub-steps (>= 1) */
	bool false_pos;		/* a result flag sits in a non-zero byte */
};

/* ---- the trace ----------------------------------------------------------- */

/* What to trace.  word need not stay valid after wv_trace_build(). */
struct wv_trace_in {
	const struct wv_variant *v;
	const uint8_t *word;	/* the string's bytes, without the implicit NUL */
	size_t word_len;	/* <= WV_WORD_MAX */
	size_t offset;		/* string start in the first word, < word bytes */
	uint8_t fill;		/* fill byte before the start and after the NUL */
	int delim;		/* second terminator byte 0..255, or -1 none */
	size_t page_end;	/* an unmapped page from this byte on, 0 none:
				   a multiple of the word size, after the
				   NUL (offset + word_len + 1 <= page_end) */
};

struct wv_trace {
	const struct wv_variant *v;
	struct wv_trace_in in;		/* copy of the input; in.word points
					   into img.mem + in.offset */
	struct wv_image img;		/* the memory image, with byte roles */
	unsigned word_bytes;		/* B: 4 or 8 */
	unsigned reg_to_mem[8];		/* memory index (within a word) of
					   register byte r (0 = least sig.) */

	struct wv_word *words;		/* the core's record, one per word examined */
	size_t nwords;
	struct wv_scan scan;		/* the core's result (prep, create, ...) */
	size_t answer;			/* memory index of the terminator found,
					   img.len when none */
	bool answer_is_delim;		/* it is the delimiter, not a NUL */
	struct wv_cost cost;		/* the core's count of each call's
					   operations (wv_cost_of) */

	struct wv_step *steps;
	size_t nsteps;
	struct wv_substep *subs;
	size_t nsubs;
};

/*
 * Build the image and the trace of in on in->v into *t (any previous content
 * is overwritten, not freed).  The trace owns everything it points to.
 * Returns 0; -EINVAL for a bad offset, word_len or delim; -ENOMEM; -EPROTO
 * when a value the engine derived differs from the core's record (a bug).
 *   struct wv_trace t;
 *   struct wv_trace_in in = { wv_wat_find("x86-64"), (const uint8_t *)"ab\0cd",
 *                             5, 0, 0, -1, 0 };
 *   if (wv_trace_build(&t, &in) == 0) { ... t.scan.find_zero == 2 ...
 *                                       wv_trace_free(&t); }
 */
int wv_trace_build(struct wv_trace *t, const struct wv_trace_in *in);

/*
 * The input that draws in's memory on variant v, as a split view stacks it
 * under in's trace: the same bytes at the same addresses, the string at the
 * same address, the page edge where it was.  Written into *out (which
 * borrows in->word).  Returns 0, or -EINVAL with why (always terminated)
 * saying what does not fit v and how to change it:
 *   - the start lies past v's first word (x86-64 at offset 7, v x86-32):
 *     v loads the aligned word 4..7 first, and an image always starts with
 *     the word holding the start (address 0), so v's trace would be of other
 *     memory;
 *   - the page edge is not a multiple of v's word size (12 for ppc64).
 *   wv_trace_in_split(&u, &t.in, wv_wat_find("ppc64"), why, sizeof(why))
 */
int wv_trace_in_split(struct wv_trace_in *out, const struct wv_trace_in *in,
		      const struct wv_variant *v, char *why, size_t size);

/* Free everything the trace owns and zero it; safe to call twice. */
void wv_trace_free(struct wv_trace *t);

/* The step sub-step k belongs to (k < t->nsubs). */
static inline const struct wv_step *wv_trace_step_of(const struct wv_trace *t,
						     size_t k)
{
	return &t->steps[t->subs[k].step];
}

/*
 * Index of the first sub-step of the next (dir > 0) or previous (dir < 0)
 * kernel function call, seen from sub-step k.  dir < 0 from inside a step
 * first goes back to that step's own first sub-step.  Clamps: from the last
 * step, dir > 0 gives the first sub-step of the last step; from the first,
 * dir < 0 gives 0.  dir == 0 gives the first sub-step of k's own step.
 */
size_t wv_trace_func_move(const struct wv_trace *t, size_t k, int dir);

/*
 * First sub-step (index into subs) of the first step of kind on word w, or
 * t->nsubs when there is none.  Lets a view keep its place when the variant
 * changes: wv_trace_find(t, WV_STEP_CREATE, 0).
 */
size_t wv_trace_find(const struct wv_trace *t, enum wv_step_kind kind,
		     size_t w);

/*
 * What a sub-step is for in its kernel call, so that two variants' calls
 * can be set side by side by meaning rather than by operation: the
 * sub-step that gives the call's result (its last row is what the call
 * returns; the first such, a computing one before a note); before it, the
 * kind of work that prepares it; after it, a note, the loop's test, or a
 * use of the result (zero_bytemask's "a & mask").  x86-64's has_zero
 * "a - ONES" and ppc64's "a + high_bits" are both WV_MEANS_ARITH, their
 * ANDs both WV_MEANS_RESULT.
 */
enum wv_sub_means {
	WV_MEANS_LOAD, WV_MEANS_ARITH, WV_MEANS_NOT, WV_MEANS_MASK,
	WV_MEANS_SCAN, WV_MEANS_SHIFT, WV_MEANS_RESULT, WV_MEANS_NOTE,
	WV_MEANS_TEST, WV_MEANS_USE,
};

/*
 * The meaning of sub-step k of t, and into *nth (may be NULL) how many
 * sub-steps of its call before it have the same meaning.
 */
enum wv_sub_means wv_trace_sub_means(const struct wv_trace *t, size_t k,
				     unsigned *nth);

/* Short name of a step kind, as in JSON: "load", "prestart", "has_zero",
   "delim_has_zero", "prep_zero_mask", "create_zero_mask", "find_zero",
   "zero_bytemask", "zeropad_fixup". */
const char *wv_trace_step_name(enum wv_step_kind kind);

/*
 * One or two sentences on which kernel loop the trace follows and whether
 * that variant's kernel runs it: do_strnlen_user's aligned loads, or
 * hash_name's unaligned ones, with what the variant's Kconfig says about
 * CONFIG_DCACHE_WORD_ACCESS.  Written into buf (always terminated); returns
 * buf.  Used for the headers of every renderer.
 */
const char *wv_trace_loop_note(const struct wv_trace *t, char *buf, size_t size);

/*
 * true when the trace follows hash_name on a variant whose kernel does not
 * run it a word at a time (alpha, big-endian powerpc), or may not (a generic
 * header): the renderers then say it is a comparison, not that kernel.
 */
bool wv_trace_hash_name_what_if(const struct wv_trace *t);

/*
 * The sentence on CONFIG_DCACHE_WORD_ACCESS for hash_name on variant v (does
 * its kernel run the word-at-a-time hash_name, and which Kconfig line says
 * so), into buf.  Returns buf.
 */
const char *wv_trace_dcache_sentence(const struct wv_variant *v, char *buf,
				     size_t size);

/*
 * The sentence naming variant v's load_unaligned_zeropad fixup (the file and
 * the handler that reload the aligned word and shift it), or saying that its
 * header has none, into buf.  Returns buf.
 */
const char *wv_trace_zeropad_sentence(const struct wv_variant *v, char *buf,
				      size_t size);

/*
 * Lists of the variants of the whole table (wv_wat_at) that share a
 * property, written from the table so that none is left out: v is not
 * read (the signature is the sentences').  Each returns buf.
 *   cheap_be: the cheap test in its big-endian form, "generic-be64, ... and
 *             ppc32";
 *   cheap_le: the cheap test on little-endian;
 *   exact_loop: an exact has_zero, each with how ("ppc64le (cmpb), ...");
 *   create_forms: every form create_zero_mask gives find_zero, each with
 *             the variants giving it ("the mask unchanged on ...; a byte
 *             mask on ...; ...").
 */
const char *wv_trace_cheap_be_names(const struct wv_variant *v, char *buf,
				    size_t size);
const char *wv_trace_cheap_le_names(const struct wv_variant *v, char *buf,
				    size_t size);
const char *wv_trace_exact_loop_names(const struct wv_variant *v, char *buf,
				      size_t size);
const char *wv_trace_create_forms(const struct wv_variant *v, char *buf,
				  size_t size);

/*
 * "The exact mask is FORMULA; the kernels that compute it are ..., in
 * prep_zero_mask after the loop, and ..., in has_zero, while ... get an
 * exact map of the zero bytes from one instruction.", the lists written
 * from the table.  Returns buf.
 */
const char *wv_trace_exact_mask_sentence(const char *formula, char *buf,
					 size_t size);

/* Short name of an op, as in JSON: "sub", "and", "clz", ... */
const char *wv_trace_op_name(enum wv_op op);

/* Short name of a row kind, as in JSON: "input", "const", "borrow", ... */
const char *wv_trace_row_kind_name(enum wv_row_kind kind);

/* ---- compare: one word on every variant ---------------------------------- */

/*
 * One variant's outcome for the same word/offset/fill/delim, taken on the
 * word where its scan stops (the last word when none holds a terminator).
 * Word values are in that variant's width.
 */
struct wv_compare_row {
	const struct wv_variant *v;
	size_t address;		/* memory index of that word */
	uint64_t value;		/* a, after pre-start masking (with a
				   delimiter still a, not b) */
	uint64_t has_zero;	/* the variant's own has_zero(a) */
	uint64_t cheap;		/* F(a) = (a - ONES) & ~a & HIGHS, false
				   positives and all */
	uint64_t exact;		/* E(a): 0x80 in exactly the zero bytes */
	uint64_t create;	/* create_zero_mask result (see v->create_kind) */
	unsigned find_zero;	/* memory index within the word */
	size_t length;		/* string length the scan reports */
	bool found;
	const char *insns;	/* the instructions a real build uses */
};

/*
 * Fill rows[0 .. wv_wat_count()) with in's word on every variant (in->v is
 * ignored; an offset that is too large for a 32-bit variant is taken modulo
 * 4 for it).  rows must have room for wv_wat_count() entries.  Returns the
 * number filled, or a negative error as wv_trace_build.
 */
int wv_trace_compare(const struct wv_trace_in *in,
		     struct wv_compare_row *rows);

#endif /* WATVIZ_TRACE_H */
