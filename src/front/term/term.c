/*
 * Owning the terminal.  The order matters and is the same on every way out:
 *   start:   save termios -> atexit(restore) -> an alternate signal stack
 *            -> signal handlers -> stderr to a temporary file -> newterm ->
 *            precompute the crash strings
 *   restore: mouse reporting off -> endwin -> stderr back (replaying what
 *            was captured) -> default signal handlers -> the old signal stack
 * See front/term/term.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stddef.h>

#include "front/term/term.h"
#include "prove/prove.h"
#include "app/state.h"

#include <curses.h>
#include <term.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t pending;	/* the signal the main loop must see */
static volatile sig_atomic_t continued;	/* SIGCONT: stopped from outside, redraw */
static volatile sig_atomic_t active;	/* curses owns the terminal */
static bool registered, use_color;
static SCREEN *screen;
static struct termios saved_tio;
static bool have_tio;
static int saved_stderr = -1, captured = -1;
static char crash_seq[256];		/* rmcup, cnorm, sgr0, rmkx, and
					   mouse reporting off when on */
static volatile sig_atomic_t crash_len;
static size_t crash_base;		/* crash_seq without the mouse part */
static bool mouse_on;
static const mmask_t mouse_events = BUTTON1_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
	| BUTTON5_PRESSED
#endif
	;

static const int flag_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT };
/* faults: returning from the handler runs the faulting instruction again */
static const int fault_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
/*
 * Every other signal whose default action ends the process (man 7 signal),
 * besides the real-time ones (SIGRTMIN..SIGRTMAX, added in set_handlers):
 * each puts the terminal back on the crash path, then ends the process as
 * it would have (core dump and exit status alike).
 */
static const int fatal_signals[] = {
	SIGQUIT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ, SIGPIPE, SIGUSR1,
	SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};
#define NSIGNALS 65	/* 1..64 on Linux; a larger number is not caught */
static struct sigaction old_act[NSIGNALS];
static bool caught[NSIGNALS];	/* the crash path's handler is installed */

/*
 * The crash path runs on a stack of its own, so a stack overflow (a
 * SIGSEGV with no room left for a handler's frame) still gives the
 * terminal back.  A stack already there (a sanitizer's) is kept.
 */
static _Alignas(16) char alt_stack[64 * 1024];
static bool own_alt_stack;
static stack_t old_alt_stack;

static void on_signal(int sig)
{
	/* Ctrl-C while :try proves stops the proof, not watviz */
	if (sig == SIGINT && wv_prove_interrupt())
		return;
	if (sig == SIGCONT)
		continued = 1;
	else if (!pending || sig != SIGTSTP)
		pending = sig;
}

/* Copy what went to stderr while curses was on to the real stderr. */
static void replay_stderr(void)
{
	char buf[4096];
	ssize_t n;

	if (captured < 0 || saved_stderr < 0)
		return;
	if (lseek(captured, 0, SEEK_SET) == 0)
		while ((n = read(captured, buf, sizeof(buf))) > 0)
			if (write(saved_stderr, buf, (size_t)n) != n)
				break;
}

static bool is_fault(int sig)
{
	for (size_t i = 0; i < sizeof(fault_signals) / sizeof(fault_signals[0]); i++)
		if (fault_signals[i] == sig)
			return true;
	return false;
}

/*
 * The crash path: only async-signal-safe calls.  Puts the terminal back,
 * shows what stderr held (a sanitizer's report), then lets the signal do
 * what it would have done: the previous handler (a sanitizer's) or the
 * default.
 */
static void on_crash(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	wv_file_remove_temporaries();	/* a half-written recording, say */
	if (active) {
		active = 0;
		if (crash_len && write(STDOUT_FILENO, crash_seq, (size_t)crash_len) < 0) {
			/* nothing more can be done */
		}
		if (have_tio)
			tcsetattr(STDIN_FILENO, TCSADRAIN, &saved_tio);
		replay_stderr();
		if (saved_stderr >= 0)
			dup2(saved_stderr, STDERR_FILENO);
	}
	if (sig > 0 && sig < NSIGNALS && caught[sig]) {
		sigaction(sig, &old_act[sig], NULL);
		caught[sig] = false;
	}
	/* a fault re-runs the faulting instruction into the old handler; any
	   other signal (a fault that was sent, too) is sent again, and is
	   delivered as the handler returns */
	if (!is_fault(sig) || si->si_code <= 0)
		raise(sig);
}

static void add_crash_cap(const char *cap)
{
	const char *s = tigetstr(cap);
	size_t n;

	if (!s || s == (char *)-1)
		return;
	n = strlen(s);
	if ((size_t)crash_len + n < sizeof(crash_seq)) {
		memcpy(crash_seq + crash_len, s, n);
		crash_len += (sig_atomic_t)n;
	}
}

/*
 * The crash path's mouse-off string: the terminal's own (XM with 0, as
 * ncurses sends it), then xterm's SGR and normal modes off, harmless where
 * already off.  Written before crash_len grows to cover it.
 */
static void crash_mouse(bool on)
{
	const char *xm = tigetstr("XM"), *off = NULL;
	char buf[96];
	size_t n = 0;

	crash_len = (sig_atomic_t)crash_base;
	if (!on)
		return;
	if (xm && xm != (char *)-1)
		off = tiparm(xm, 0);
	n = (size_t)snprintf(buf, sizeof(buf), "%s\033[?1006l\033[?1000l", off ? off : "");
	if (n < sizeof(buf) && crash_base + n < sizeof(crash_seq)) {
		memcpy(crash_seq + crash_base, buf, n);
		crash_len = (sig_atomic_t)(crash_base + n);
	}
}

bool wv_term_mouse(bool on)
{
	if (!active)
		return false;
	mouseinterval(0);	/* presses at once, no wait for a click */
	mouse_on = on && mousemask(mouse_events, NULL) != 0;
	if (!mouse_on)
		mousemask(0, NULL);
	crash_mouse(mouse_on);
	return mouse_on;
}

static void capture_stderr(void)
{
	char path[] = "/tmp/watviz-stderr-XXXXXX";
	const char *dir = getenv("TMPDIR");
	char buf[4096];

	if (dir && *dir && strlen(dir) + sizeof("/watviz-stderr-XXXXXX") < sizeof(buf)) {
		snprintf(buf, sizeof(buf), "%s/watviz-stderr-XXXXXX", dir);
		captured = mkstemp(buf);
		if (captured >= 0)
			unlink(buf);
	}
	if (captured < 0) {
		captured = mkstemp(path);
		if (captured >= 0)
			unlink(path);
	}
	if (captured < 0)
		return;	/* then stderr stays where it is */
	fflush(stderr);
	saved_stderr = dup(STDERR_FILENO);
	if (saved_stderr < 0 || dup2(captured, STDERR_FILENO) < 0) {
		close(captured);
		captured = -1;
		if (saved_stderr >= 0)
			close(saved_stderr);
		saved_stderr = -1;
	}
}

static void release_stderr(void)
{
	if (saved_stderr < 0)
		return;
	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	replay_stderr();
	close(saved_stderr);
	close(captured);
	saved_stderr = captured = -1;
}

/* The crash path's handler for sig; fault: even over another handler. */
static void catch_fatal(int sig, bool fault)
{
	struct sigaction ca, old;

	if (sig <= 0 || sig >= NSIGNALS || caught[sig] || sigaction(sig, NULL, &old) < 0)
		return;
	/* an ignored signal stays ignored, a handler someone else installed
	   stays (a profiler's SIGPROF); faults chain to a sanitizer's */
	if (!fault && ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL))
		return;
	memset(&ca, 0, sizeof(ca));
	sigemptyset(&ca.sa_mask);
	ca.sa_sigaction = on_crash;
	ca.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_ONSTACK;
	if (sigaction(sig, &ca, &old_act[sig]) == 0)
		caught[sig] = true;
}

/* The crash path's own stack, unless one is in place already. */
static void set_alt_stack(bool on)
{
	stack_t ss;

	if (on && !own_alt_stack) {
		if (sigaltstack(NULL, &old_alt_stack) < 0 ||
		    !(old_alt_stack.ss_flags & SS_DISABLE))
			return;
		memset(&ss, 0, sizeof(ss));
		ss.ss_sp = alt_stack;
		ss.ss_size = sizeof(alt_stack);
		own_alt_stack = sigaltstack(&ss, NULL) == 0;
	} else if (!on && own_alt_stack) {
		sigaltstack(&old_alt_stack, NULL);
		own_alt_stack = false;
	}
}

static void set_handlers(bool on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: a signal wakes the main loop's wait */
	sa.sa_handler = on ? on_signal : SIG_DFL;
	for (size_t i = 0; i < sizeof(flag_signals) / sizeof(flag_signals[0]); i++)
		sigaction(flag_signals[i], &sa, NULL);
	if (!on) {
		for (int sig = 1; sig < NSIGNALS; sig++)
			if (caught[sig]) {
				sigaction(sig, &old_act[sig], NULL);
				caught[sig] = false;
			}
		set_alt_stack(false);
		return;
	}
	set_alt_stack(true);
	for (size_t i = 0; i < sizeof(fault_signals) / sizeof(fault_signals[0]); i++)
		catch_fatal(fault_signals[i], true);
	catch_fatal(SIGABRT, true);	/* abort() and a sanitizer's report */
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++)
		catch_fatal(fatal_signals[i], false);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		catch_fatal(sig, false);
}

int wv_term_start(int color, char *err, size_t errsize)
{
	const char *term = getenv("TERM"), *nc = getenv("NO_COLOR");

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errsize, "the visualizer needs a terminal; use --plain");
		return -ENOTTY;
	}
	if (!term || !*term || strcmp(term, "dumb") == 0) {
		snprintf(err, errsize, "TERM=%s cannot draw the visualizer; use --plain",
			 term ? term : "");
		return -EINVAL;
	}
	have_tio = tcgetattr(STDIN_FILENO, &saved_tio) == 0;
	if (!registered) {
		atexit(wv_term_restore);
		registered = true;
	}
	set_handlers(true);
	capture_stderr();
	screen = newterm(NULL, stdout, stdin);
	if (!screen || !tigetstr("cup") || tigetstr("cup") == (char *)-1) {
		if (screen) {
			endwin();
			delscreen(screen);
			screen = NULL;
		}
		release_stderr();
		set_handlers(false);
		snprintf(err, errsize, "TERM=%s cannot draw the visualizer; use --plain",
			 term);
		return -EINVAL;
	}
	set_term(screen);
	active = 1;
	crash_len = 0;
	add_crash_cap("rmcup");
	add_crash_cap("cnorm");
	add_crash_cap("sgr0");
	add_crash_cap("rmkx");
	crash_base = (size_t)crash_len;
	mouse_on = false;

	cbreak();		/* keep ISIG: Ctrl-C and Ctrl-Z are signals */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);	/* Esc answers at once; arrow keys still parse */
	curs_set(0);
	use_color = false;
	if (has_colors() && (color == 1 || (color < 0 && !(nc && *nc)))) {
		start_color();
		use_default_colors();
		use_color = true;
	}
	return 0;
}

void wv_term_restore(void)
{
	if (!active)
		return;
	if (mouse_on)
		mousemask(0, NULL);
	mouse_on = false;
	active = 0;
	curs_set(1);
	endwin();
	if (screen) {
		delscreen(screen);
		screen = NULL;
	}
	release_stderr();
	set_handlers(false);
	pending = 0;
}

bool wv_term_has_color(void)
{
	return use_color;
}

int wv_term_signal(void)
{
	int s = pending;

	pending = 0;
	if (!s && continued) {
		continued = 0;
		s = SIGCONT;
	}
	return s;
}

bool wv_term_lost(void)
{
	struct pollfd pf = { .fd = STDIN_FILENO, .events = POLLIN };

	/* a hung-up tty polls as POLLHUP and reads as end of file (or EIO)
	   at once, again and again: no key will ever come */
	return poll(&pf, 1, 0) == 1 && (pf.revents & (POLLHUP | POLLERR | POLLNVAL));
}

void wv_term_suspend(void)
{
	struct sigaction sa, old;

	if (!active)
		return;
	if (mouse_on)		/* the shell gets its selection back */
		mousemask(0, NULL);
	def_prog_mode();
	endwin();
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGTSTP, &sa, &old);
	raise(SIGTSTP);		/* stops here until fg */
	sigaction(SIGTSTP, &old, NULL);
	continued = 0;
	wv_term_resume();
}

void wv_term_resume(void)
{
	if (!active)
		return;
	reset_prog_mode();	/* the shell may have changed the tty modes */
	if (mouse_on)
		mousemask(mouse_events, NULL);
	clearok(curscr, TRUE);
}
