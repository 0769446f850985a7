/*
 * The grader's feedback: each classic mistake is named (the top-flag trap,
 * decimal typed for hex, a - ONES without the borrow, the unaligned load
 * taken aligned and the aligned load taken from the start, a length that
 * counts the NUL); a choice outside its options is asked again, not graded.
 * The loader's "needs the mechanism" rule, on planted lessons it must refuse
 * and ones it must keep.
 * The wrong values typed come from the spec's worked examples and byte loops
 * here, never from the grader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <string.h>

#include "lesson/lesson.h"

/* One scene parsed without the loader's trace checks (parse_quick), its
   trace on its variant, and its answer. */
struct one {
	wv_lesson *l;
	size_t scene;		/* the scene asked, from 0 */
	struct wv_trace t;
	struct wv_answer a;
};

static void one_open(struct one *o, const char *text)
{
	struct wv_error e;
	struct wv_trace_in in;

	assert_int_equal(wv_lesson_parse_quick(text, strlen(text), &o->l, &e), 0);
	o->scene = 0;
	wv_lesson_scene_input(o->l, 0, NULL, &in, NULL);
	assert_int_equal(wv_trace_build(&o->t, &in), 0);
	assert_int_equal(wv_lesson_answer(wv_lesson_scene(o->l, 0), &o->t, &o->a), 0);
}

static void one_close(struct one *o)
{
	wv_trace_free(&o->t);
	wv_lesson_free(o->l);
}

/* What the grader says of typed (which must be wrong), "" for nothing. */
static const char *said(struct one *o, const char *typed)
{
	static char buf[400];

	assert_int_equal(wv_lesson_check(&o->a, typed, NULL), 0);
	wv_lesson_diagnose(wv_lesson_scene(o->l, o->scene), &o->t, &o->a, typed, buf,
			   sizeof(buf));
	return buf;
}

/* Scene n (from 1) of a shipped lesson on variant arch, as the class runs it. */
static void lesson_open(struct one *o, const char *path, const char *arch, size_t n)
{
	struct wv_error e;
	struct wv_trace_in in;

	assert_int_equal(wv_lesson_load(path, &o->l, &e), 0);
	o->scene = n - 1;
	wv_lesson_scene_input(o->l, o->scene, variant(arch), &in, NULL);
	assert_int_equal(wv_trace_build(&o->t, &in), 0);
	assert_int_equal(wv_lesson_answer(wv_lesson_scene(o->l, o->scene), &o->t, &o->a), 0);
}

/* Little-endian word of bytes b[0..n) (memory order), the byte loop. */
static uint64_t le_word(const uint8_t *b, unsigned n)
{
	uint64_t w = 0;

	for (unsigned i = n; i-- > 0;)
		w = w << 8 | b[i];
	return w;
}

/* Lesson 9's trap: ppc64, a 0x01 before the NUL; the top flag is the 0x01's
   (the spec's be-top-flag-lies example: flags at memory 1 and 2). */
static void test_top_flag_trap(void **state)
{
	struct one o;
	const char *m;

	(void)state;
	one_open(&o, "title: t\narches: ppc64\nscene: s\nword: a\\x01\\0bcdef\n"
		 "show: has_zero op and\nquestion: q?\nask: top_flag_byte\n");
	assert_int_equal(o.a.value, 1);
	m = said(&o, "2");
	assert_non_null(strstr(m, "byte 2 is the real first zero"));
	assert_non_null(strstr(m, "a flag can sit on a byte that is not zero"));
	/* and it never says where that is: the answer */
	assert_null(strstr(m, "1"));
	assert_null(strstr(m, "one too many"));
	/* the other bytes: no flag there, or not the top one */
	assert_non_null(strstr(said(&o, "0"), "memory byte 0 holds no flag"));
	assert_non_null(strstr(said(&o, "3"), "memory byte 3 holds no flag"));
	assert_non_null(strstr(said(&o, "9"), "has no memory byte 9"));
	one_close(&o);
}

/* Decimal digits for a hex question: how they were read; and when they are
   the answer in decimal, asked again (-1), not counted.  has_zero("ab\0c")
   on x86-32 is 0x00800000 (the one zero, byte 2), 8388608 in decimal. */
static void test_decimal_for_hex(void **state)
{
	struct one o;
	const char *why = NULL;

	(void)state;
	one_open(&o, "title: t\narches: x86-32\nscene: s\nword: ab\\0c\n"
		 "show: has_zero result\nquestion: q?\nask: has_zero\n");
	assert_int_equal(o.a.value, 0x800000);
	assert_true(strncmp(said(&o, "65535"), "65535 was read as hex 0x65535", 29) == 0);
	assert_int_equal(wv_lesson_check(&o.a, "8388608", &why), -1);
	assert_string_equal(why, "that is the right value in decimal; this question "
			    "takes hex");
	assert_int_equal(wv_lesson_check(&o.a, " 8_388_608 ", &why), -1);
	/* with 0x, or with a hex letter, nothing is said of how it was read */
	assert_null(strstr(said(&o, "0x65535"), "read as hex"));
	assert_null(strstr(said(&o, "8080"), "in decimal"));
	one_close(&o);
}

/* a - ONES without the borrow: each byte less one on its own.  The issue's
   example: 61 62 00 63 64 00 00 00 gives 0xffffff6362ff6160. */
static void test_borrowless(void **state)
{
	static const uint8_t mem[8] = { 0x61, 0x62, 0x00, 0x63, 0x64, 0, 0, 0 };
	uint8_t dec[8];
	char typed[40];
	struct one o;

	(void)state;
	for (int i = 0; i < 8; i++)
		dec[i] = (uint8_t)(mem[i] - 1);
	snprintf(typed, sizeof(typed), "0x%016llx", (unsigned long long)le_word(dec, 8));
	assert_string_equal(typed, "0xffffff6362ff6160");
	one_open(&o, "title: t\narches: x86-64\nscene: s\nword: ab\\0cd\n"
		 "show: has_zero op sub\nquestion: q?\nask: result\n");
	assert_non_null(strstr(said(&o, typed), "a - ONES byte by byte without "
			       "the borrow"));
	one_close(&o);
}

/* hash_name's unaligned load taken as the aligned word, and
   do_strnlen_user's aligned load taken from the string's start. */
static void test_load_place(void **state)
{
	static const uint8_t at0[8] = { '/', 'p', 'a', 't', 'h', 'n', 'a', 'm' };
	static const uint8_t from3[8] = { 0x01, 'Q', 0, 0, 0, 0, 0, 0 };
	char typed[40];
	struct one o;

	(void)state;
	one_open(&o, "title: t\narches: x86-64\nscene: s\nword: pathname\n"
		 "offset: 1\nfill: 0x2f\ndelim: /\nshow: load word 0\n"
		 "question: q?\nask: loaded\n");
	snprintf(typed, sizeof(typed), "0x%llx", (unsigned long long)le_word(at0, 8));
	assert_non_null(strstr(said(&o, typed), "that is the aligned word at "
			       "address 0; this load starts at the name itself, "
			       "address 1, 1 byte later"));
	one_close(&o);

	one_open(&o, "title: t\narches: x86-64\nscene: s\nword: \\x01Q\n"
		 "offset: 3\nfill: 0\nshow: load word 0\nquestion: q?\nask: loaded\n");
	snprintf(typed, sizeof(typed), "0x%llx", (unsigned long long)le_word(from3, 8));
	assert_non_null(strstr(said(&o, typed), "the word from the string's start, "
			       "address 3; the load is aligned, from address 0, "
			       "so the 3 bytes before the start come along"));
	one_close(&o);
}

/* A length that counts the NUL ("hello, world" is 12 bytes long). */
static void test_length_counts_nul(void **state)
{
	struct one o;

	(void)state;
	one_open(&o, "title: t\narches: x86-64\nscene: s\nword: hello, world\n"
		 "show: find_zero\nquestion: q?\nask: length\n");
	assert_int_equal(o.a.value, strlen("hello, world"));
	assert_non_null(strstr(said(&o, "13"), "that counts the NUL too"));
	one_close(&o);
}

/* A choice: a letter past the options, or a value none of them has, is
   asked again (-1), never graded wrong. */
static void test_choice_outside(void **state)
{
	struct one o;
	const char *why = NULL;
	char right[4] = { 0 };

	(void)state;
	one_open(&o, "title: t\narches: x86-64\nscene: s\nword: hello, world\n"
		 "show: has_zero word 0 op and\nquestion: q?\nask: has_zero\n"
		 "form: choice\n");
	assert_int_equal(o.a.nchoices, 4);
	right[0] = (char)('a' + o.a.right);
	assert_int_equal(wv_lesson_check(&o.a, right, NULL), 1);
	assert_int_equal(wv_lesson_check(&o.a, "e", &why), -1);
	assert_string_equal(why, "choose one of a) to d)");
	assert_int_equal(wv_lesson_check(&o.a, "z", NULL), -1);
	assert_int_equal(wv_lesson_check(&o.a, "0x1234567", NULL), -1);
	one_close(&o);
}

/* The loader's mistake for a planted lesson: its message, or NULL when the
   lesson loads. */
static const char *refusal(const char *text)
{
	static struct wv_error e;
	wv_lesson *l = NULL;

	if (wv_lesson_parse(text, strlen(text), &l, &e) == 0) {
		wv_lesson_free(l);
		return NULL;
	}
	return e.msg;
}

/* "Needs the mechanism": the loader refuses a question the scene answers
   while it is open, and keeps the ones that ask for what is computed. */
static void test_needs_the_mechanism(void **state)
{
	static const struct {
		const char *scene;
		const char *needle;	/* in the refusal; NULL: it loads */
	} cases[] = {
		/* where the NUL is, or the length: the memory panel shows it */
		{ "word: ab\\0cd\nshow: find_zero\nquestion: q?\nask: find_zero\n",
		  "the memory panel shows the terminator" },
		{ "word: hello, world\nshow: find_zero\nquestion: q?\nask: length\n",
		  "the memory panel shows the terminator" },
		{ "word: usr/bin\ndelim: /\nshow: find_zero\nquestion: q?\nask: length\n",
		  "the memory panel shows the terminator" },
		/* find_zero's own last sub-step is the same index */
		{ "word: ab\\0cd\nshow: find_zero result\nquestion: q?\nask: result\n",
		  "find_zero's index" },
		/* flags asked with the flags row in view */
		{ "word: \\x01\\0\\x01\nshow: has_zero op test\nquestion: q?\n"
		  "ask: false_positives\n", "the flags row is in view" },
		{ "word: a\\x01\\0bc\nshow: has_zero op test\nquestion: q?\n"
		  "ask: top_flag_byte\n", "the flags row is in view" },
		/* narration that names the asked value */
		{ "word: hello, world\nshow: has_zero word 0 op and\ntext: every flag "
		  "stays clear.\nquestion: q?\nask: has_zero\n", "\"stays clear\" names" },
		{ "arch: x86-64-v6.10\nword: \\0abc\nshow: create_zero_mask op shr\ntext: the shift leaves "
		  "an Empty Mask.\nquestion: q?\nask: create_zero_mask\n",
		  "\"empty mask\" names" },
		{ "word: \\x01\\0\\x01\nshow: has_zero op and\ntext: the 0x01 there "
		  "is flagged too.\nquestion: q?\nask: false_positives\n",
		  "\"flagged too\" names a false flag" },
		{ "word: ab\\0cd\nshow: has_zero op and\ntext: x.\nquestion: does "
		  "it stay clear?\nask: has_zero\n", NULL },
		/* the same words where the answer is not what they name: kept */
		{ "word: ab\\0cd\nshow: has_zero op and\ntext: every flag stays "
		  "clear elsewhere.\nquestion: q?\nask: has_zero\n", NULL },
		/* a formula in k that gives the answer, with the first zero (k = 2
		   in ab\0cd) in view: popcount 16, __ffs 23, alpha's mask
		   0x1ffff, the byte mask 0xffff (worked out by hand) */
		{ "arch: ppc64le\nword: ab\\0cd\nshow: create_zero_mask op popcount\n"
		  "text: popcntd counts them: 8k.\nquestion: q?\nask: create_zero_mask\n",
		  "\"8k\" is 16 with k = 2" },
		{ "word: ab\\0cd\nshow: find_zero op ctz\ntext: the lowest flag is bit "
		  "8k + 7 of the zero.\nquestion: q?\nask: result\n",
		  "\"8k + 7\" is 23 with k = 2" },
		{ "arch: alpha\nword: ab\\0cd\nshow: zero_bytemask result\ntext: it is "
		  "(2 << 8k) - 1.\nquestion: q?\nask: zero_bytemask\n",
		  "\"(2 << 8k) - 1\" is 0x000000000001ffff" },
		{ "arch: x86-64-v6.10\nword: ab\\0cd\nshow: create_zero_mask op shr\n"
		  "text: the mask is 2^(8k) - 1.\nquestion: q?\nask: create_zero_mask\n",
		  "\"2^(8k) - 1\" is 0x000000000000ffff" },
		/* a formula that is not the answer, or one in other letters: kept
		   (the rule cannot read C's value: a human reads those) */
		{ "arch: x86-64-v6.10\nword: ab\\0cd\nshow: create_zero_mask op shr\n"
		  "text: 2^(8k) is the next power.\nquestion: q?\nask: create_zero_mask\n",
		  NULL },
		{ "arch: x86-64-v6.10\nword: abcd\nshow: find_zero op sub\ntext: it "
		  "is (C << 8k) - C.\nquestion: q?\nask: result\n", NULL },
		/* what the mechanism computes: kept */
		{ "word: \\x01\\0\\x01\nshow: has_zero op and\nquestion: q?\n"
		  "ask: false_positives\n", NULL },
		{ "word: ab\\0cd\nshow: find_zero op ctz\nquestion: q?\nask: result\n",
		  NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[600];
		const char *why;

		/* a scene with its own arch: needs no arches: line (the loader
		   refuses one that changes nothing) */
		snprintf(text, sizeof(text), "title: t\n%sscene: s\n%s",
			 strncmp(cases[i].scene, "arch:", 5) ? "arches: x86-64\n" : "",
			 cases[i].scene);
		why = refusal(text);
		if (cases[i].needle ? !why || !strstr(why, cases[i].needle) : why != NULL)
			fail_msg("cases[%zu]: said \"%s\", want \"%s\"", i,
				 why ? why : "(loads)",
				 cases[i].needle ? cases[i].needle : "(loads)");
	}
}

/* The byte loop of the cheap test on little-endian bytes b[0..n): is a byte
   that is not zero flagged (a borrow reached a 0x01)? */
static bool ref_false_positive(const uint8_t *b, unsigned n)
{
	int borrow = 0;

	for (unsigned i = 0; i < n; i++) {
		int r = b[i] - 1 - borrow;

		borrow = r < 0;
		if (((unsigned)r & 0x80) && !(b[i] & 0x80) && b[i] != 0)
			return true;
	}
	return false;
}

/* One scene's input on its variant, as the class runs it. */
static void scene_in(struct one *o, const char *text, struct wv_trace_in *in)
{
	one_open(o, text);
	wv_lesson_scene_input(o->l, 0, NULL, in, NULL);
}

/* "Another word": fresh words under the constraints, checked here by byte
   loops; the same seed draws the same word; a scene that cannot draw one,
   or whose own word is not its case, is refused when it loads. */
static void test_practice(void **state)
{
	static const uint8_t own[7] = { 1, 0, 1, 0, 1, 0, 1 };
	struct wv_trace_in in;
	uint8_t w[WV_WORD_MAX], again[WV_WORD_MAX], mem[8];
	struct one o;

	(void)state;
	scene_in(&o, "title: t\narches: x86-64\nscene: s\nword: \\x01\\0\\x01\\0"
		 "\\x01\\0\\x01\nshow: has_zero op and\nquestion: q?\n"
		 "ask: false_positives\npractice: false-positive\n", &in);
	assert_true(ref_false_positive((const uint8_t[8]){ 1, 0, 1, 0, 1, 0, 1, 0 }, 8));
	for (uint64_t seed = 1; seed <= 40; seed++) {
		assert_int_equal(wv_lesson_practice(wv_lesson_scene(o.l, 0), &in, seed, w), 0);
		assert_true(memcmp(w, own, 7) != 0);
		memcpy(mem, w, 7);
		mem[7] = 0;	/* the NUL */
		if (!ref_false_positive(mem, 8))
			fail_msg("seed %llu: no false positive in the word drawn",
				 (unsigned long long)seed);
		assert_int_equal(wv_lesson_practice(wv_lesson_scene(o.l, 0), &in, seed,
						    again), 0);
		assert_memory_equal(w, again, 7);
	}
	one_close(&o);

	/* the NUL in the last byte: no zero among the 7 bytes drawn */
	scene_in(&o, "title: t\narches: x86-64-v6.10\nscene: s\nword: abcdefg\n"
		 "show: find_zero op sub\nquestion: q?\nask: result\n"
		 "practice: nul-last\n", &in);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		assert_int_equal(wv_lesson_practice(wv_lesson_scene(o.l, 0), &in, seed, w), 0);
		memcpy(mem, w, 7);
		mem[7] = 0;
		assert_int_equal(ref_find(mem, 8, 0, -1), 7);
	}
	one_close(&o);

	/* without practice: none; refused when none can be drawn, or when the
	   scene's own word is not the case */
	scene_in(&o, "title: t\narches: x86-64\nscene: s\nword: ab\n"
		 "show: has_zero op and\nquestion: q?\nask: has_zero\n", &in);
	assert_int_equal(wv_lesson_practice(wv_lesson_scene(o.l, 0), &in, 1, w), -2);
	one_close(&o);
	assert_non_null(strstr(refusal("title: t\narches: x86-64\nscene: s\nword: \\0\n"
				       "show: has_zero op and\nquestion: q?\nask: has_zero\n"
				       "practice: nul-first\n"),
			       "no other word of 1 byte with nul-first turned up"));
	assert_non_null(strstr(refusal("title: t\narches: x86-64\nscene: s\nword: ab\n"
				       "show: has_zero op and\nquestion: q?\nask: has_zero\n"
				       "practice: false-positive\n"),
			       "own word is not a case of practice: false-positive"));
	assert_non_null(strstr(refusal("title: t\narches: x86-64\nscene: s\nword: ab\n"
				       "show: has_zero op and\npractice: yes\n"),
			       "practice: in scene 's' without a question"));
	assert_non_null(strstr(refusal("title: t\narches: x86-64\nscene: s\nword: ab\n"
				       "show: has_zero op and\nquestion: q?\nask: has_zero\n"
				       "practice: often\n"), "'often' is not a constraint"));
}

/* The mistakes the issue lists, on the shipped lessons: each named by what
   it is.  Values from the spec's T1 ("ab\0cd": F = 0x8080800000800000,
   create 0xffff, s390 create 47), and for the lessons' other words
   ("ab\0": bytes 2 to 7 zero; "abc": alpha's zero_bytemask 0x1ffffff)
   worked by hand here. */
static void test_predicted_mistakes(void **state)
{
	static const uint64_t f = UINT64_C(0x8080800000800000);
	/* lesson 6's word is "ab\0" (fill 0): bytes 2 to 7 are zero */
	static const uint64_t f6 = UINT64_C(0x8080808080800000);
	static const struct {
		const char *lesson, *arch;
		size_t scene;
		uint64_t answer;
		const char *typed, *needle;
	} cases[] = {
		/* bits - 1 taken as clearing the lowest flag only: f6 & (f6 - 1) */
		{ "06-create-zero-mask", "x86-64-v6.10", 1, f6 - 1, "0x8080808080000000",
		  "that clears only the lowest set bit of bits; bits - 1 also turns "
		  "every 0 below it into a 1" },
		/* ((f - 1) & ~f) is 0x7fffff; shifted by 8, not 7 */
		{ "06-create-zero-mask", "x86-64-v6.10", 3, 0xffff, "0x7fff",
		  "that is below >> 8: one bit too far; ((bits - 1) & ~bits) >> 7 "
		  "shifts by 7" },
		/* the zero first: no byte before it, 0xff covers the zero itself */
		{ "06-create-zero-mask", "x86-64-v6.10", 5, 0, "0xff",
		  "that mask covers the zero byte too" },
		{ "12-exact-and-bitscan", "s390", 2, 47, "16",
		  "16 is clz(data), the 0 bits above its top set bit; __fls gives "
		  "the top set bit's index, counting from bit 0" },
		{ "12-exact-and-bitscan", "s390", 2, 47, "2",
		  "2 is the first zero's byte index, as find_zero gives it; the "
		  "question counts bits" },
		{ "16-zero-bytemask", "x86-64", 1, 0xffff, "0xffffff",
		  "that mask covers the zero byte too" },
		{ "16-zero-bytemask", "x86-64", 1, 0xffff, "0x6261",
		  "that is a & mask, the word kept under the mask; the question asks "
		  "the mask itself" },
		{ "16-zero-bytemask", "x86-64", 2, 0x6261, "0x6162",
		  "those bytes are written in memory order" },
		{ "03-has-zero", "x86-64", 4, f, "0x800000",
		  "that flags only the first zero byte of a; has_zero flags every "
		  "zero byte of it, and any 0x01 byte a borrow from a zero reaches" },
		/* lesson 16 scene 3's word is "abc": the zero is byte 3 */
		{ "16-zero-bytemask", "alpha", 3, 0x1ffffff, "0xffffff",
		  "that is the byte mask the other kernels give; alpha's" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char path[80];
		struct one o;
		const char *m;

		snprintf(path, sizeof(path), "lessons/%s.lesson", cases[i].lesson);
		lesson_open(&o, path, cases[i].arch, cases[i].scene);
		assert_int_equal(o.a.value, cases[i].answer);
		m = said(&o, cases[i].typed);
		if (!strstr(m, cases[i].needle) || strstr(m, "matches the low"))
			fail_msg("cases[%zu] (%s): said \"%s\", want \"%s\"", i,
				 cases[i].typed, m, cases[i].needle);
		one_close(&o);
	}
}

/*
 * Lesson 1 scene 6 asks how many word operations has_zero's formula costs.
 * The answers, counted here from the kernel headers: x86-64's
 * ((a - one_bits) & ~a) & high_bits, 4 (arch/x86/include/asm/
 * word-at-a-time.h @ 1e2aec873ad6); s390's (val & bits) + bits then
 * ~(mask | val | bits), 5 (arch/s390/... @ e392ea4d4d00); alpha's
 * __kernel_cmpbge(0, val), 1 (arch/alpha/... @ 611c9dd331ed).  The
 * mistakes: the loop's test counted too (+1), the calls after the loop
 * counted too (x86-64's find_zero, __ffs(bits) >> 3: 2 more), the byte
 * loop's compares (8 bytes) or its loads, compares and branches (24), the
 * sub-steps on screen (x86-64 draws the cheap test as a - ONES, ~a and one
 * AND of three rows: 3; s390 the exact test in four).
 */
static void test_ops_mistakes(void **state)
{
	static const struct {
		const char *arch;
		uint64_t answer;
		const char *typed, *needle;
	} cases[] = {
		{ "x86-64", 4, "5", "the loop's test of the result against 0" },
		{ "x86-64", 4, "6", "counts the calls after the loop too" },
		{ "x86-64", 4, "7", "counts the calls after the loop too" },
		{ "x86-64", 4, "8", "the byte loop's count for one word" },
		{ "x86-64", 4, "24", "a load, a compare and a branch for each" },
		{ "x86-64", 4, "3", "counts has_zero's sub-steps on screen" },
		{ "s390", 5, "6", "the loop's test of the result against 0" },
		{ "s390", 5, "4", "counts has_zero's sub-steps on screen" },
		{ "alpha", 1, "8", "the byte loop's count for one word" },
		{ "alpha", 1, "0", "only the constants cost nothing" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct one o;
		const char *m;
		char ans[8];

		lesson_open(&o, "lessons/01-word-at-a-time.lesson", cases[i].arch, 6);
		assert_int_equal(o.a.value, cases[i].answer);
		m = said(&o, cases[i].typed);
		snprintf(ans, sizeof(ans), "%llu", (unsigned long long)cases[i].answer);
		if (!strstr(m, cases[i].needle) || strstr(m, ans))
			fail_msg("%s, %s typed: said \"%s\", want \"%s\" and not the "
				 "answer", cases[i].arch, cases[i].typed, m, cases[i].needle);
		one_close(&o);
	}
}

/* Every wrong option of a choice is explained. */
static void test_every_choice(void **state)
{
	struct one o;

	(void)state;
	lesson_open(&o, "lessons/09-big-endian.lesson", "ppc64", 3);
	assert_int_equal(o.a.nchoices, 4);
	for (unsigned i = 0; i < o.a.nchoices; i++) {
		char letter[2] = { (char)('a' + i), 0 };

		if (i != o.a.right && !said(&o, letter)[0])
			fail_msg("option %s unexplained", letter);
	}
	one_close(&o);
}

/* What cannot be read says why: a character named (U+ for one outside
   ASCII, so a terminal of any kind shows it), a word too wide. */
static void test_unreadable(void **state)
{
	struct one o;
	const char *why = NULL;

	(void)state;
	lesson_open(&o, "lessons/03-has-zero.lesson", "x86-32", 4);
	assert_int_equal(wv_lesson_check(&o.a, "0x80\xc3\xa9", &why), -1);
	assert_string_equal(why, "U+00E9 is not a hex digit: type a hex value, such "
			    "as 0x8080");
	assert_int_equal(wv_lesson_check(&o.a, "8g", &why), -1);
	assert_string_equal(why, "'g' is not a hex digit: type a hex value, such as "
			    "0x8080");
	assert_int_equal(wv_lesson_check(&o.a, "0x8\x1b", &why), -1);
	assert_string_equal(why, "byte \\x1b is not a hex digit: type a hex value, "
			    "such as 0x8080");
	/* 17 hex digits; 9 for a 32-bit value; 20 decimal digits read as hex */
	assert_int_equal(wv_lesson_check(&o.a, "0x10000000000000000", &why), -1);
	assert_string_equal(why, "too wide: a 64-bit word holds 16 hex digits");
	assert_int_equal(wv_lesson_check(&o.a, "0x100800000", &why), -1);
	assert_string_equal(why, "too wide: the value asked has 32 bits");
	assert_int_equal(wv_lesson_check(&o.a, "12345678901234567890", &why), -1);
	assert_string_equal(why, "too wide for hex: a 64-bit word holds 16 hex digits; "
			    "this question takes hex, not decimal");
	one_close(&o);
}

/* The hint: the row and the rule, before the worked answer. */
static void test_hint(void **state)
{
	struct one o;

	(void)state;
	lesson_open(&o, "lessons/03-has-zero.lesson", "x86-64", 4);
	assert_string_equal(o.a.hint, "Look at the row flags of (a - ONES) & ~a & "
			    "HIGHS, in has_zero: a bit is 1 only where every row above "
			    "has a 1.");
	one_close(&o);
	lesson_open(&o, "lessons/09-big-endian.lesson", "ppc64", 3);
	assert_non_null(strstr(o.a.hint, "on big-endian the top of the register "
			       "holds the first bytes in memory"));
	one_close(&o);	/* a row named as its sub-step is named once: lesson 3 scene 2 asks
	   a - ONES, the row a - ONES of the sub-step a - ONES */
	lesson_open(&o, "lessons/03-has-zero.lesson", "x86-64", 2);
	assert_non_null(strstr(o.a.hint, "Look at the row a - ONES, in has_zero: "));
	assert_null(strstr(o.a.hint, "a - ONES of a - ONES"));
	one_close(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_top_flag_trap),
		cmocka_unit_test(test_decimal_for_hex),
		cmocka_unit_test(test_borrowless),
		cmocka_unit_test(test_load_place),
		cmocka_unit_test(test_length_counts_nul),
		cmocka_unit_test(test_choice_outside),
		cmocka_unit_test(test_needs_the_mechanism),
		cmocka_unit_test(test_practice),
		cmocka_unit_test(test_predicted_mistakes),
		cmocka_unit_test(test_ops_mistakes),
		cmocka_unit_test(test_every_choice),
		cmocka_unit_test(test_unreadable),
		cmocka_unit_test(test_hint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
