/*
 * Proving a claim with the SMT solver Z3 through its C API (prove/prove.h).
 * Every node of the expression becomes a bit-vector term of width W with the
 * meaning expr/expr.h gives it; the solver looks for a word that makes the
 * claim 0.  None: proven for all 2^W words.  One: it is pushed down to the
 * smallest (fewest non-zero bytes, then smallest value) by asking again
 * with one more constraint at a time.
 *
 * Compiled to stubs when the build has no Z3 (WATVIZ_HAVE_Z3 unset).  With
 * Z3, libz3 is loaded when the first proof needs it (prove/dl.h); where it
 * cannot be, wv_prove_have_solver() is false and the callers enumerate, as
 * a build without Z3 does, and wv_prove_solver_missing() says why.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "prove/prove.h"

#include <errno.h>
#include <stdlib.h>

int wv_prove_work(uint64_t *work)
{
#ifdef __wasi__
	const char *s = NULL;	/* the page lends the module no environment */
#else
	const char *s = getenv("WATVIZ_PROVE_WORK");
#endif
	uint64_t n = 0;

	*work = WV_PROVE_WORK;
	if (!s)
		return 0;
	for (const char *q = s; *q; q++) {
		if (*q < '0' || *q > '9' || n > WV_PROVE_WORK_MAX)
			return -1;
		n = n * 10 + (uint64_t)(*q - '0');
	}
	if (!*s || n == 0 || n > WV_PROVE_WORK_MAX)
		return -1;
	*work = n;
	return 0;
}

#ifndef WATVIZ_HAVE_Z3

bool wv_prove_have_solver(void)
{
	return false;
}

const char *wv_prove_solver_missing(void)
{
	return "this watviz was built without Z3: install libz3-dev, then build it again";
}

int wv_prove_solve(const struct wv_expr *e, struct wv_proof *p)
{
	return wv_prove_solve_within(e, WV_PROVE_WORK, p);
}

int wv_prove_solve_within(const struct wv_expr *e, uint64_t work, struct wv_proof *p)
{
	(void)e;
	(void)work;
	(void)p;
	return -ENOSYS;
}

#else

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

#include "stop.h"
#include "prove/dl.h"

/*
 * libz3 is opened when the first proof asks for it (prove/dl.h): linked
 * in, the loader mapped it and libstdc++ at every start of watviz.  Every
 * function used is named here once; Z3(f) is Z3_f through the pointer
 * the load found, with Z3_f's own type from <z3.h>.
 */
#define Z3_FUNCS(X) X(Z3_del_config) X(Z3_del_context) X(Z3_get_numeral_uint64) \
	X(Z3_interrupt) X(Z3_mk_bv_sort) X(Z3_mk_bvadd) X(Z3_mk_bvand) X(Z3_mk_bvlshr) \
	X(Z3_mk_bvmul) X(Z3_mk_bvneg) X(Z3_mk_bvnot) X(Z3_mk_bvor) X(Z3_mk_bvshl) \
	X(Z3_mk_bvsub) X(Z3_mk_bvuge) X(Z3_mk_bvugt) X(Z3_mk_bvule) X(Z3_mk_bvult) \
	X(Z3_mk_bvxor) X(Z3_mk_concat) X(Z3_mk_config) X(Z3_mk_const) X(Z3_mk_context) \
	X(Z3_mk_eq) X(Z3_mk_extract) X(Z3_mk_ite) X(Z3_mk_not) X(Z3_mk_params) \
	X(Z3_mk_solver_for_logic) X(Z3_mk_string_symbol) X(Z3_mk_unsigned_int) \
	X(Z3_mk_unsigned_int64) X(Z3_mk_zero_ext) X(Z3_model_dec_ref) X(Z3_model_eval) \
	X(Z3_model_inc_ref) X(Z3_params_dec_ref) X(Z3_params_inc_ref) X(Z3_params_set_bool) \
	X(Z3_params_set_uint) X(Z3_solver_assert) X(Z3_solver_check) X(Z3_solver_dec_ref) \
	X(Z3_solver_get_model) X(Z3_solver_get_statistics) X(Z3_solver_inc_ref) \
	X(Z3_solver_pop) X(Z3_solver_push) X(Z3_solver_set_params) X(Z3_stats_dec_ref) \
	X(Z3_stats_get_double_value) X(Z3_stats_get_key) X(Z3_stats_get_uint_value) \
	X(Z3_stats_inc_ref) X(Z3_stats_is_uint) X(Z3_stats_size)
WV_DL_TABLE(z3_lib, Z3_FUNCS, WATVIZ_LIB_Z3, WATVIZ_PKG_Z3);
#define Z3(f) WV_DL_FN(z3_lib, Z3_##f)

bool wv_prove_have_solver(void)
{
	return wv_dl_load(&z3_lib) == 0;
}

const char *wv_prove_solver_missing(void)
{
	return wv_prove_have_solver() ? NULL : z3_lib.err;
}

struct z {
	Z3_context c;
	Z3_sort bv, b8, b1;
	unsigned w;
};

static Z3_ast num(const struct z *z, uint64_t v)
{
	return Z3(mk_unsigned_int64)(z->c, v, z->bv);
}

/* 1 when cond holds, else 0, as a word */
static Z3_ast bool01(const struct z *z, Z3_ast cond)
{
	return Z3(mk_ite)(z->c, cond, num(z, 1), num(z, 0));
}

static Z3_ast bit_set(const struct z *z, Z3_ast x, unsigned i)
{
	return Z3(mk_eq)(z->c, Z3(mk_extract)(z->c, i, i, x), Z3(mk_unsigned_int)(z->c, 1, z->b1));
}

static Z3_ast byte_of(const struct z *z, Z3_ast x, unsigned r)
{
	return Z3(mk_extract)(z->c, 8 * r + 7, 8 * r, x);
}

/*
 * A bit count as a chain of if-then-else: mul * i + add for the set bit i
 * that decides (the lowest when lowest, as ctz; else the highest, as clz),
 * none when no bit is set.
 */
static Z3_ast scan_bits(const struct z *z, Z3_ast x, bool lowest, int mul, int add,
			uint64_t none)
{
	Z3_ast r = num(z, none);

	for (unsigned k = 0; k < z->w; k++) {
		unsigned i = lowest ? z->w - 1 - k : k;	/* the decider comes last */

		r = Z3(mk_ite)(z->c, bit_set(z, x, i), num(z, (uint64_t)(mul * (int)i + add)), r);
	}
	return r;
}

static Z3_ast term(const struct z *z, const struct wv_expr *e, unsigned i, Z3_ast *t,
		   Z3_ast a)
{
	const struct wv_expr_node *nd = &e->node[i];
	Z3_context c = z->c;
	Z3_ast x = nd->op >= WV_E_NEG ? t[nd->kid[0]] : NULL;
	Z3_ast y = wv_expr_arity(nd->op) >= 2 ? t[nd->kid[1]] : NULL;
	Z3_ast r;
	unsigned w = z->w;

	switch (nd->op) {
	case WV_E_VAR: return a;
	case WV_E_CONST: return num(z, nd->value);
	case WV_E_NEG: return Z3(mk_bvneg)(c, x);
	case WV_E_NOT: return Z3(mk_bvnot)(c, x);
	case WV_E_LNOT: return bool01(z, Z3(mk_eq)(c, x, num(z, 0)));
	case WV_E_MUL: return Z3(mk_bvmul)(c, x, y);
	case WV_E_ADD: return Z3(mk_bvadd)(c, x, y);
	case WV_E_SUB: return Z3(mk_bvsub)(c, x, y);
	case WV_E_SHL: return Z3(mk_bvshl)(c, x, y);	/* by >= W: 0 */
	case WV_E_SHR: return Z3(mk_bvlshr)(c, x, y);
	case WV_E_LT: return bool01(z, Z3(mk_bvult)(c, x, y));
	case WV_E_LE: return bool01(z, Z3(mk_bvule)(c, x, y));
	case WV_E_GT: return bool01(z, Z3(mk_bvugt)(c, x, y));
	case WV_E_GE: return bool01(z, Z3(mk_bvuge)(c, x, y));
	case WV_E_EQ: return bool01(z, Z3(mk_eq)(c, x, y));
	case WV_E_NE: return bool01(z, Z3(mk_not)(c, Z3(mk_eq)(c, x, y)));
	case WV_E_AND: return Z3(mk_bvand)(c, x, y);
	case WV_E_XOR: return Z3(mk_bvxor)(c, x, y);
	case WV_E_OR: return Z3(mk_bvor)(c, x, y);
	case WV_E_COND:
		return Z3(mk_ite)(c, Z3(mk_not)(c, Z3(mk_eq)(c, x, num(z, 0))), y,
				 t[nd->kid[2]]);
	case WV_E_CLZ: return scan_bits(z, x, false, -1, (int)w - 1, w);
	case WV_E_CTZ:
	case WV_E_FFS_K: return scan_bits(z, x, true, 1, 0, w);
	case WV_E_FLS_K: return scan_bits(z, x, false, 1, 0, w);
	case WV_E_FLS: return scan_bits(z, x, false, 1, 1, 0);
	case WV_E_POPCOUNT:
		r = num(z, 0);
		for (unsigned b = 0; b < w; b++)
			r = Z3(mk_bvadd)(c, r, Z3(mk_zero_ext)(c, w - 1, Z3(mk_extract)(c, b, b, x)));
		return r;
	case WV_E_CMPB:
		r = NULL;
		for (unsigned b = w / 8; b-- > 0;) {
			Z3_ast byte = Z3(mk_ite)(c, Z3(mk_eq)(c, byte_of(z, x, b), byte_of(z, y, b)),
						Z3(mk_unsigned_int)(c, 0xff, z->b8),
						Z3(mk_unsigned_int)(c, 0, z->b8));

			r = r ? Z3(mk_concat)(c, r, byte) : byte;
		}
		return r;
	case WV_E_CMPBGE:
		r = num(z, 0);
		for (unsigned b = 0; b < w / 8; b++)
			r = Z3(mk_bvor)(c, r, Z3(mk_ite)(c, Z3(mk_bvuge)(c, byte_of(z, x, b),
								      byte_of(z, y, b)),
						       num(z, UINT64_C(1) << b), num(z, 0)));
		return r;
	}
	return NULL;
}

/*
 * Z3's count of the work done in this context so far: its "rlimit count"
 * statistic, the unit its resource limit (rlimit) is given in.  The count
 * only grows, check by check, and is the same on every machine for the
 * same formula and the same Z3.
 */
static uint64_t work_done(Z3_context c, Z3_solver s)
{
	Z3_stats st = Z3(solver_get_statistics)(c, s);
	uint64_t n = 0;

	Z3(stats_inc_ref)(c, st);
	for (unsigned i = 0; i < Z3(stats_size)(c, st); i++) {
		if (strcmp(Z3(stats_get_key)(c, st, i), "rlimit count") != 0)
			continue;
		n = Z3(stats_is_uint)(c, st, i) ? Z3(stats_get_uint_value)(c, st, i)
					       : (uint64_t)Z3(stats_get_double_value)(c, st, i);
		break;
	}
	Z3(stats_dec_ref)(c, st);
	return n;
}

struct budget {
	uint64_t total, used;
};

/*
 * One check within what is left of the budget (Z3's rlimit counts from the
 * work done when the check starts).  Unknown when the budget is spent, or
 * when Z3 says unknown for its own reasons: never read as unsatisfiable.
 * Z3 is told to leave SIGINT alone ("ctrl_c" false): it would otherwise
 * catch Ctrl-C and end the check with unknown, and the program would go on.
 */
static Z3_lbool check(Z3_context c, Z3_solver s, struct budget *b)
{
	Z3_params prm;
	Z3_lbool r;

	if (b->used >= b->total || pv_stop_asked())
		return Z3_L_UNDEF;	/* and rlimit 0 would mean no limit at all */
	prm = Z3(mk_params)(c);
	Z3(params_inc_ref)(c, prm);
	Z3(params_set_uint)(c, prm, Z3(mk_string_symbol)(c, "rlimit"),
			   (unsigned)(b->total - b->used));
	Z3(params_set_bool)(c, prm, Z3(mk_string_symbol)(c, "ctrl_c"), false);
	Z3(solver_set_params)(c, s, prm);
	Z3(params_dec_ref)(c, prm);
	r = Z3(solver_check)(c, s);
	b->used = work_done(c, s);
	return r;
}

/* The value of a in the solver's model (after a check that said sat). */
static int model_a(const struct z *z, Z3_solver s, Z3_ast a, uint64_t *out)
{
	Z3_model m = Z3(solver_get_model)(z->c, s);
	Z3_ast v = NULL;
	int err = 0;

	if (!m)
		return -EIO;
	Z3(model_inc_ref)(z->c, m);
	if (!Z3(model_eval)(z->c, m, a, true, &v) || !Z3(get_numeral_uint64)(z->c, v, out))
		err = -EIO;
	Z3(model_dec_ref)(z->c, m);
	return err;
}

/*
 * Push the counterexample in p->cex down to the smallest: the fewest
 * non-zero bytes first, then bit by bit from the top, 0 where possible.
 * Each step adds one constraint and keeps it; p->cex always holds the last
 * model found, which satisfies every constraint kept so far (a step that
 * is unsatisfiable says the last model already has that bit set), so a
 * step the last model already satisfies needs no check.  A check that
 * comes back unknown (the budget spent) ends the search: p->smallest
 * stays false and p->cex is a counterexample, not known to be the least.
 */
static int minimise(const struct z *z, Z3_solver s, Z3_ast a, struct budget *b,
		    struct wv_proof *p)
{
	unsigned nb = z->w / 8, have = wv_prove_nonzero_bytes(p->cex);
	Z3_ast nz = num(z, 0);
	bool fewer = false;
	Z3_lbool r;
	int err;

	for (unsigned k = 0; k < nb; k++)
		nz = Z3(mk_bvadd)(z->c, nz, bool01(z, Z3(mk_not)(z->c, Z3(mk_eq)(z->c,
					byte_of(z, a, k), Z3(mk_unsigned_int)(z->c, 0, z->b8)))));
	for (unsigned k = 0; k < have; k++) {
		Z3(solver_push)(z->c, s);
		Z3(solver_assert)(z->c, s, Z3(mk_eq)(z->c, nz, num(z, k)));
		r = check(z->c, s, b);
		if (r == Z3_L_TRUE) {
			if ((err = model_a(z, s, a, &p->cex)) != 0)
				return err;
			fewer = true;	/* and the count stays asserted */
			break;
		}
		Z3(solver_pop)(z->c, s, 1);
		if (r == Z3_L_UNDEF)
			return 0;
	}
	if (!fewer)	/* none with fewer: the last model's count */
		Z3(solver_assert)(z->c, s, Z3(mk_eq)(z->c, nz, num(z, have)));
	for (unsigned i = z->w; i-- > 0;) {
		Z3_ast bit0 = Z3(mk_not)(z->c, bit_set(z, a, i));

		if (!((p->cex >> i) & 1)) {
			Z3(solver_assert)(z->c, s, bit0);	/* the last model has it */
			continue;
		}
		Z3(solver_push)(z->c, s);
		Z3(solver_assert)(z->c, s, bit0);
		r = check(z->c, s, b);
		if (r == Z3_L_TRUE) {
			if ((err = model_a(z, s, a, &p->cex)) != 0)
				return err;
			continue;
		}
		Z3(solver_pop)(z->c, s, 1);
		if (r == Z3_L_UNDEF)
			return 0;
		Z3(solver_assert)(z->c, s, bit_set(z, a, i));
	}
	p->smallest = true;
	return 0;
}

/*
 * The watcher: Z3_interrupt is for another thread to call (it takes a lock,
 * so a signal handler must not), so this thread looks at the stop flag
 * every 10 ms while the solver runs, and interrupts it when asked.
 */
struct watch {
	Z3_context c;
	atomic_int done;
};

static void *watch(void *arg)
{
	struct watch *w = arg;
	const struct timespec tick = { .tv_nsec = 10 * 1000 * 1000 };

	while (!atomic_load(&w->done)) {
		if (pv_stop_asked()) {
			Z3(interrupt)(w->c);
			break;
		}
		nanosleep(&tick, NULL);
	}
	return NULL;
}

int wv_prove_solve(const struct wv_expr *e, struct wv_proof *p)
{
	return wv_prove_solve_within(e, WV_PROVE_WORK, p);
}

int wv_prove_solve_within(const struct wv_expr *e, uint64_t work, struct wv_proof *p)
{
	struct timespec t0, t1;
	Z3_config cfg;
	struct z z = { .w = e->w };
	Z3_ast *t, a;
	struct budget b = { .total = work > UINT32_MAX ? UINT32_MAX : work };
	Z3_solver s;
	Z3_lbool r;
	int err = 0;
	struct watch w;
	pthread_t tid;
	bool watching;

	if (!wv_prove_have_solver())
		return -ENOSYS;
	cfg = Z3(mk_config)();
	z.c = Z3(mk_context)(cfg);
	Z3(del_config)(cfg);
	t = malloc(e->n * sizeof(*t));
	if (!t) {
		Z3(del_context)(z.c);
		return -ENOMEM;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	*p = (struct wv_proof){ .holds = true, .is_proof = true, .method = "z3",
				.budget = b.total };
	z.bv = Z3(mk_bv_sort)(z.c, e->w);
	z.b8 = Z3(mk_bv_sort)(z.c, 8);
	z.b1 = Z3(mk_bv_sort)(z.c, 1);
	a = Z3(mk_const)(z.c, Z3(mk_string_symbol)(z.c, "a"), z.bv);
	for (unsigned i = 0; i < e->n; i++)
		t[i] = term(&z, e, i, t, a);

	s = Z3(mk_solver_for_logic)(z.c, Z3(mk_string_symbol)(z.c, "QF_BV"));
	Z3(solver_inc_ref)(z.c, s);
	Z3(solver_assert)(z.c, s, Z3(mk_eq)(z.c, t[e->root], num(&z, 0)));
	pv_stop_begin();
	w = (struct watch){ .c = z.c };
	watching = pthread_create(&tid, NULL, watch, &w) == 0;
	r = check(z.c, s, &b);
	if (pv_stop_asked()) {
		/* stopped: whatever the check said, nothing was decided */
	} else if (r == Z3_L_UNDEF) {
		*p = (struct wv_proof){ .gave_up = true, .method = "z3", .budget = b.total };
		err = -EIO;
	} else if (r == Z3_L_TRUE) {
		p->holds = false;
		err = model_a(&z, s, a, &p->cex);
		if (!err)
			err = minimise(&z, s, a, &b, p);
	}
	if (watching) {
		atomic_store(&w.done, 1);
		pthread_join(tid, NULL);
	}
	if (pv_stop_asked()) {
		*p = (struct wv_proof){ .method = "z3", .budget = b.total };
		err = -EINTR;
	}
	pv_stop_end();
	p->work = b.used;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	p->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	Z3(solver_dec_ref)(z.c, s);
	Z3(del_context)(z.c);
	free(t);
	return err;
}

#endif /* WATVIZ_HAVE_Z3 */
