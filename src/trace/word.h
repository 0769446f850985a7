/*
 * trace/word.h - the word a user types, and the memory image it becomes.
 *
 * A word is the body of a C string literal: "ab\0cd" is the five bytes
 * 61 62 00 63 64.  The image is what the kernel's loop walks: `offset` fill
 * bytes (the bytes before an unaligned string start), the word's bytes, the
 * implicit terminating NUL a C literal has, then fill bytes up to a whole
 * word.  Address 0 is word-aligned.
 *
 * Used by the CLI (argv) and the visualizer (:word, :fill, :delim); both
 * show struct wv_error themselves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef WATVIZ_WORD_H
#define WATVIZ_WORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr/error.h"

/* Longest word, in bytes after escapes are decoded. */
#define WV_WORD_MAX 4096

/* Largest page edge (wv_word_image_page): room for the longest word. */
#define WV_PAGE_END_MAX (WV_WORD_MAX + 16)

/*
 * Decode the C string literal body src into out[0..*len).  out must have room
 * for WV_WORD_MAX bytes.  Escapes: \a \b \t \n \v \f \r \e \\ \" \' \?,
 * octal \N, \NN, \NNN (at most \377), \xH and \xHH (one or two hex digits;
 * "\x414" is 'A' then '4').  Any other byte is taken as it is (UTF-8 passes
 * through).  Returns 0, or -1 with *err set: err->line 1, err->col the
 * 1-based byte column of the backslash that starts the bad escape (or of the
 * first byte past the limit).
 *   wv_word_parse("ab\\0cd", out, &len, &err) -> 0, len 5
 *   wv_word_parse("a\\q", ...) -> -1, col 2, "unknown escape \q ..."
 */
int wv_word_parse(const char *src, uint8_t *out, size_t *len,
		  struct wv_error *err);

/*
 * The C string literal body of word[0..len), the inverse of wv_word_parse:
 * printable ASCII as it is (\\ and \" escaped), \0 \a \b \t \n \v \f \r \e
 * by name (\x00 where a digit follows), any other byte as \xHH.  What :word
 * needs to recreate the word.  Written into out (always terminated, cut at
 * size; 4 * WV_WORD_MAX + 1 always suffices); returns the length it needs.
 *   61 62 00 63 64 -> ab\0cd      01 00 31 -> \x01\x001
 */
size_t wv_word_literal(const uint8_t *word, size_t len, char *out, size_t size);

/*
 * The length, 1 to 4, of the UTF-8 character that starts s[0..n), and its
 * code point in *cp; 0 when the bytes there are not UTF-8 (a stray
 * continuation byte, a sequence cut short, an overlong form, a surrogate,
 * past U+10FFFF).  A byte below 0x80 is a character of length 1.
 *   "\xc3\xa9" (U+00E9) -> 2      "\xe9" (Latin-1) -> 0
 */
size_t wv_word_utf8_len(const char *s, size_t n, uint32_t *cp);

/*
 * How many of s[0..n)'s bytes a cut at max bytes keeps: all n when they
 * fit, else max or fewer, so that no UTF-8 character is cut inside.
 *   ("\xce\xb1\xce\xb1", 4, 3) -> 2      ("abc", 3, 8) -> 3
 */
size_t wv_word_cut(const char *s, size_t n, size_t max);

/* Is code point cp a control character: C0, DEL or C1 (U+0080..U+009F)? */
bool wv_word_is_control(uint32_t cp);

/*
 * Is code point cp a character every screen of watviz draws in exactly one
 * column: printable ASCII, and the assigned spacing letters of Latin
 * (U+00A0..U+024F, U+1E00..U+1EFF, IPA and modifiers), Greek
 * (U+0370..U+03FF) and Cyrillic (U+0400..U+052F), common punctuation,
 * currency signs, arrows, mathematical operators, box drawing and block
 * elements.  Not: controls, combining marks (zero columns), wide CJK
 * characters and emoji (two columns), format characters such as the soft
 * hyphen and zero-width spaces, unassigned code points.  A frame cell holds
 * one such character (render/screen.h); the lesson loader refuses others in
 * the text a lesson shows.
 *   'a', U+00E9 e-acute, U+03B1 alpha, U+0436 zhe -> true
 *   U+0301 combining acute, U+4E2D (a CJK ideograph), U+00AD -> false
 */
bool wv_word_is_narrow(uint32_t cp);

/*
 * Text s[0..n) made safe for a terminal: UTF-8 characters that are not
 * control characters as they are (so "é" stays "é"); every control
 * character (a C1's bytes too) and every byte that is not UTF-8 as \xHH.
 * What a message quoting a typed word or a file name shows.  Written into
 * out (always terminated, cut at size; 4 * n + 1 always suffices); returns
 * the length it needs.
 *   "a\x1b]0;x\x07" -> a\x1b]0;x\x07 (as text)      "caf\xc3\xa9" -> café
 */
size_t wv_word_escape(const char *s, size_t n, char *out, size_t size);

/* The value of the hex digit c (0-9, a-f, A-F), or -1.  wv_hex_digit('b') == 11. */
int wv_hex_digit(int c);

/*
 * Parse one byte as --fill and --delim take it: a decimal number 0..255
 * ("0", "47"), 0xHH ("0x2f"), a single character ("/", "a"), or a one-byte
 * escape ("\\t", "\\x01").  A lone digit is the number: "1" is byte 1, write
 * 0x31 for the character '1'.  Returns 0 and *out, or -1 with *err (col
 * within s).
 */
int wv_word_parse_byte(const char *s, uint8_t *out, struct wv_error *err);

/* What a memory byte of an image is (struct wv_image.role[i]). */
enum wv_mem_role {
	WV_MEM_PRESTART,	/* fill before the string start (offset bytes) */
	WV_MEM_STRING,		/* a byte of the word as typed (may be 0x00) */
	WV_MEM_NUL,		/* the implicit terminating NUL */
	WV_MEM_FILL,		/* fill after the NUL, up to a whole word */
	WV_MEM_UNMAPPED,	/* on the unmapped page after a page edge: not
				   memory at all; its mem[] byte means nothing */
};

/* A memory image.  Owns mem and role; release with wv_word_image_free(). */
struct wv_image {
	uint8_t *mem;		/* len bytes */
	uint8_t *role;		/* len entries of enum wv_mem_role */
	size_t len;		/* a whole number of words */
	size_t offset;		/* index of the string's first byte */
	size_t word_len;	/* bytes of the word; the NUL is at offset + word_len */
	unsigned word_bytes;	/* 4 or 8 */
	uint8_t fill;
	size_t page_end;	/* first byte of an unmapped page, 0 = none;
				   then len = page_end + word_bytes */
};

/*
 * Build the image of word[0..len) at offset (0 <= offset < word_bytes) with
 * fill bytes, for words of word_bytes (4 or 8) bytes.
 *   "ab\0cd", 8, offset 0, fill 0 -> 61 62 00 63 64 00 00 00
 *   "\x01Q",  8, offset 3, fill 0 -> 00 00 00 01 51 00 00 00
 * Returns 0, -EINVAL for a bad offset/word_bytes/len (*img untouched),
 * -ENOMEM.
 */
int wv_word_image(struct wv_image *img, unsigned word_bytes,
		   const uint8_t *word, size_t len, size_t offset, uint8_t fill);

/*
 * Grow img by one word of fill after its end (role WV_MEM_FILL): the memory a
 * load that starts inside the last word, as hash_name's unaligned loads do,
 * runs on into.  Returns 0 or -ENOMEM (img unchanged).
 */
int wv_word_image_pad(struct wv_image *img);

/*
 * Put a page edge at page_end: fill the image up to it (role WV_MEM_FILL) and
 * append one word of the unmapped page after it (role WV_MEM_UNMAPPED, mem 0)
 * so that renderers can show where memory stops.  page_end must be a multiple
 * of the word size and come after the string's NUL (offset + word_len + 1 <=
 * page_end), and the image must not have been padded.  Returns 0, -EINVAL
 * (img unchanged), or -ENOMEM (img unchanged).
 *   "ab" at offset 3, 8-byte words, page_end 8 -> len 16, roles
 *   - - - s s n f f | U U U U U U U U
 */
int wv_word_image_page(struct wv_image *img, size_t page_end);

/*
 * Can a page edge at page_end go with a string of word_len bytes at offset,
 * on nb-byte words of the variant named vname (wv_word_image_page's
 * rules)?  0 when it can; else -1 with why (always terminated) saying why
 * not and the nearest edge that would do, written after how, as the user
 * would type it: "--page-end " on the command line, "page=" in a link.
 * The one place the CLI's --page-end and the page's page= decide it.
 *   wv_word_page_why(12, 0, 2, 8, "x86-64", "page=", why, n) == -1, why
 *   "a page starts on a word boundary, so it must be a multiple of 8
 *   (x86-64 words are 8 bytes); try page=16".
 */
int wv_word_page_why(size_t page_end, size_t offset, size_t word_len, unsigned nb,
		     const char *vname, const char *how, char *why, size_t size);

/* Free what wv_word_image allocated; safe on a zeroed or freed image. */
void wv_word_image_free(struct wv_image *img);

#endif /* WATVIZ_WORD_H */
