/*
 * The terminal module's ways out, on a real pseudo-terminal: a child
 * process takes the terminal (wv_term_start, mouse reporting on) and then
 * dies -- of a stack overflow, of each signal whose default action ends
 * the process -- while the parent reads what reached the terminal and its
 * modes afterwards.  Each way out must leave the modes as they were, the
 * alternate screen and mouse reporting off, and end the child by the very
 * signal (exit status and core dump as without watviz).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "front/term/term.h"

struct run {
	int status;			/* from waitpid */
	char out[1 << 16];		/* what the child wrote to the terminal */
	size_t len;
	struct termios before, after;	/* the terminal's modes */
};

/* The child's side: the pty slave as stdin and stdout, the terminal taken. */
static void child_start(const char *slave)
{
	struct rlimit no_core = { 0, 0 };
	char err[160];
	int fd, null;

	/* cmocka's handlers (SIGSEGV, SIGSYS ...) go: the child is a program
	   of its own; what is ignored stays ignored */
	for (int sig = 1; sig < 65; sig++) {
		struct sigaction sa;

		if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN)
			signal(sig, SIG_DFL);
	}
	setsid();
	fd = open(slave, O_RDWR);	/* the controlling terminal now */
	null = open("/dev/null", O_WRONLY);
	if (fd < 0 || null < 0 || dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(null, 2) < 0)
		_exit(90);
	setrlimit(RLIMIT_CORE, &no_core);
	setenv("TERM", "xterm-256color", 1);
	unsetenv("NO_COLOR");
	alarm(60);	/* a hang ends as SIGALRM: a failure below, not a stuck suite */
	if (wv_term_start(-1, err, sizeof(err)) < 0)
		_exit(91);
	if (!wv_term_mouse(true))
		_exit(92);
}

/*
 * Run body in a child on a fresh pty; collect its output until it has
 * ended and what it left behind.  The parent keeps the slave open, so the
 * modes outlive the child and the master never reads EIO.
 */
static void run_child(void (*body)(void), struct run *r)
{
	struct winsize ws = { .ws_row = 24, .ws_col = 80 };
	int m = posix_openpt(O_RDWR | O_NOCTTY), s;
	const char *name;
	pid_t pid;
	bool ended = false;

	assert_true(m >= 0);
	assert_int_equal(grantpt(m), 0);
	assert_int_equal(unlockpt(m), 0);
	name = ptsname(m);
	assert_non_null(name);
	s = open(name, O_RDWR | O_NOCTTY);
	assert_true(s >= 0);
	assert_int_equal(ioctl(m, TIOCSWINSZ, &ws), 0);
	assert_int_equal(tcgetattr(s, &r->before), 0);
	r->len = 0;
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(m);
		close(s);
		child_start(name);
		body();
		_exit(93);	/* the body should not return */
	}
	for (;;) {
		struct pollfd pf = { .fd = m, .events = POLLIN };
		ssize_t n;

		if (!ended && waitpid(pid, &r->status, WNOHANG) == pid)
			ended = true;
		/* once ended: drain what is left, then stop */
		if (poll(&pf, 1, ended ? 0 : 100) <= 0) {
			if (ended)
				break;
			continue;
		}
		n = read(m, r->out + r->len, sizeof(r->out) - 1 - r->len);
		if (n <= 0)
			break;
		r->len += (size_t)n;
		if (r->len == sizeof(r->out) - 1)
			break;
	}
	if (!ended)
		assert_int_equal(waitpid(pid, &r->status, 0), pid);
	r->out[r->len] = '\0';
	assert_int_equal(tcgetattr(s, &r->after), 0);
	close(s);
	close(m);
}

/* The last place of needle in the output, or NULL. */
static const char *last(const struct run *r, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = r->len >= n ? r->len - n + 1 : 0; i-- > 0;)
		if (memcmp(r->out + i, needle, n) == 0)
			return r->out + i;
	return NULL;
}

/* The terminal was taken (alternate screen, mouse), then given back. */
static void assert_restored(const struct run *r)
{
	const char *on = last(r, "\033[?1049h"), *off = last(r, "\033[?1049l");
	const char *mon = last(r, "1000h"), *moff = last(r, "1000l");

	assert_non_null(on);
	assert_true(off && off > on);		/* the alternate screen left */
	assert_non_null(mon);
	assert_true(moff && moff > mon);	/* mouse reporting off */
	assert_int_equal(r->after.c_lflag, r->before.c_lflag);	/* echo, canonical */
	assert_int_equal(r->after.c_iflag, r->before.c_iflag);
	assert_int_equal(r->after.c_oflag, r->before.c_oflag);
	assert_memory_equal(r->after.c_cc, r->before.c_cc, sizeof(r->before.c_cc));
}

static volatile int depth_stop;

/* Recurse until the stack runs out: no room left for a handler's frame. */
static int deep(int n)
{
	volatile char pad[512];

	pad[0] = (char)n;
	if (depth_stop)
		return 0;
	return deep(n + 1) + pad[0];
}

static void overflow(void)
{
	struct rlimit st = { 1 << 20, 1 << 20 };

	setrlimit(RLIMIT_STACK, &st);	/* a 1 MiB stack: over soon */
	(void)deep(0);
}

static void test_stack_overflow(void **state)
{
	struct run *r = malloc(sizeof(*r));

	(void)state;
	assert_non_null(r);
	run_child(overflow, r);
	/* SIGSEGV; under AddressSanitizer its report, then abort */
	assert_true(WIFSIGNALED(r->status));
	assert_true(WTERMSIG(r->status) == SIGSEGV || WTERMSIG(r->status) == SIGABRT);
	assert_restored(r);
	free(r);
}

static int the_signal;

static void raise_it(void)
{
	raise(the_signal);
}

/* write(2) past RLIMIT_FSIZE: SIGXFSZ from the kernel, as --record meets */
static void file_too_big(void)
{
	struct rlimit fs = { 1, 1 };
	char path[] = "/tmp/watviz-test-term-XXXXXX";
	int fd = mkstemp(path);

	unlink(path);
	setrlimit(RLIMIT_FSIZE, &fs);
	/* the first write stops at the limit; the next one is past it */
	for (int i = 0; fd >= 0 && i < 2; i++)
		if (write(fd, "ab", 2) < 0)
			_exit(94);	/* EFBIG: the signal did not end it */
}

/* write(2) to a pipe nobody reads: SIGPIPE from the kernel */
static void broken_pipe(void)
{
	int p[2];

	if (pipe(p) == 0) {
		close(p[0]);
		if (write(p[1], "x", 1) < 0)
			_exit(95);	/* EPIPE: the signal did not end it */
	}
}

static void dies_by(void (*body)(void), int sig)
{
	struct run *r = malloc(sizeof(*r));

	assert_non_null(r);
	run_child(body, r);
	if (!WIFSIGNALED(r->status) || WTERMSIG(r->status) != sig)
		fail_msg("signal %d (%s): the child ended with status 0x%x", sig,
			 strsignal(sig), (unsigned)r->status);
	assert_restored(r);
	free(r);
}

static void test_fatal_signals(void **state)
{
	static const int sigs[] = { SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
				    SIGXFSZ, SIGXCPU, SIGTRAP, SIGSYS, SIGVTALRM,
				    SIGPROF, SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
				    SIGILL };

	(void)state;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		the_signal = sigs[i];
		dies_by(raise_it, sigs[i]);
	}
	the_signal = SIGRTMIN;
	dies_by(raise_it, SIGRTMIN);
	the_signal = SIGRTMAX;
	dies_by(raise_it, SIGRTMAX);
	dies_by(file_too_big, SIGXFSZ);
	dies_by(broken_pipe, SIGPIPE);
}

/* A signal ignored before the start stays ignored: the terminal is still
   the program's after it, and the exit is the program's. */
static void ignored_usr2(void)
{
	raise(SIGUSR2);
	if (write(STDOUT_FILENO, "STILL-MINE", 10) != 10)
		_exit(96);
	wv_term_restore();
	_exit(7);
}

static void test_ignored_stays_ignored(void **state)
{
	struct run *r = malloc(sizeof(*r));
	struct sigaction ign, old;

	(void)state;
	assert_non_null(r);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGUSR2, &ign, &old);	/* inherited by the child */
	run_child(ignored_usr2, r);
	sigaction(SIGUSR2, &old, NULL);
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), 7);
	assert_restored(r);
	assert_true(last(r, "STILL-MINE") && last(r, "STILL-MINE") < last(r, "\033[?1049l"));
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stack_overflow),
		cmocka_unit_test(test_fatal_signals),
		cmocka_unit_test(test_ignored_stays_ignored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
