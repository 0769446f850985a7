/*
 * Nothing lost: when the history cannot be written (a full disk, simulated
 * with a file size limit), the history the user had is still there, byte for
 * byte, and no temporary file is left behind; a link's target is updated
 * with its mode; an unreadable history or a FIFO is never written; two
 * watviz processes typing at once both keep their lines.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "front/term/history.h"

static void full_disk_keeps_the_old_history(void **state)
{
	(void)state;
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512], tmpname[600];
	char before[8192], after[8192], line[64];
	struct rlimit old;
	size_t nb, na;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(wv_history_path(dir, NULL, path, sizeof(path)), 0);
	for (int i = 0; i < 40; i++) {
		snprintf(line, sizeof(line), "word \"line number %d of the history\"", i);
		assert_int_equal(wv_history_add(path, line), 0);
	}
	nb = slurp(path, before, sizeof(before));
	assert_true(nb > 1000);

	disk_full(&old);
	int rc = wv_history_add(path, "arch ppc");
	disk_room(&old);

	assert_true(rc < 0);	/* the failure is reported ... */
	na = slurp(path, after, sizeof(after));
	assert_int_equal(na, nb);	/* ... and the old file is whole */
	assert_memory_equal(before, after, nb);
	snprintf(tmpname, sizeof(tmpname), "%s/watviz", dir);
	assert_int_equal(count_files(tmpname), 2);	/* history, .history.lock */

	/* with room again, the next write brings the new line in */
	assert_int_equal(wv_history_add(path, "arch alpha"), 0);
	na = slurp(path, after, sizeof(after));
	assert_non_null(strstr(after, "arch alpha"));
	rm_tree(dir);
}

/* A fresh folder for a test: its history path into path. */
static void fresh(char *dir, char *path, size_t size)
{
	assert_non_null(mkdtemp(dir));
	assert_int_equal(wv_history_path(dir, NULL, path, size), 0);
	assert_int_equal(wv_state_mkdirs(path), 0);
}

/* A history that is a link to a private file: the file is updated, keeps
   its mode, and the link stays a link. */
static void link_to_private_file(void **state)
{
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512], real[600], buf[256];
	struct stat st;
	FILE *f;

	(void)state;
	fresh(dir, path, sizeof(path));
	snprintf(real, sizeof(real), "%s/private", dir);
	f = fopen(real, "w");
	assert_non_null(f);
	fputs("arch ppc\n", f);
	fclose(f);
	assert_int_equal(chmod(real, 0600), 0);
	assert_int_equal(symlink(real, path), 0);
	assert_int_equal(wv_history_load(path), 0);
	assert_int_equal(wv_history_add(path, "offset 2"), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(real, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	slurp(real, buf, sizeof(buf));
	assert_string_equal(buf, "arch ppc\noffset 2\n");
	rm_tree(dir);
}

/* As an unprivileged user (root reads anything): a history that cannot be
   read is reported and never written over. */
static int unreadable_child(void)
{
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512], buf[64];
	FILE *f;
	int rc = 0;

	if (!mkdtemp(dir) || wv_history_path(dir, NULL, path, sizeof(path)) ||
	    wv_state_mkdirs(path))
		return 10;
	f = fopen(path, "w");
	if (!f)
		return 11;
	fputs("arch ppc\n", f);
	fclose(f);
	chmod(path, 0200);	/* writable, not readable */
	if (wv_history_load(path) != -EACCES)
		rc = 1;
	else if (wv_history_add(path, "offset 2") != 0)
		rc = 2;
	chmod(path, 0600);
	f = fopen(path, "r");
	if (!rc && (!f || !fgets(buf, sizeof(buf), f) || strcmp(buf, "arch ppc\n") ||
		    fgets(buf, sizeof(buf), f)))
		rc = 3;
	if (f)
		fclose(f);
	rm_tree(dir);
	return rc;
}

static void unreadable_is_kept(void **state)
{
	pid_t pid = fork();
	int status;

	(void)state;
	assert_true(pid >= 0);
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
			_exit(99);
		_exit(unreadable_child());
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* A FIFO as the history: refused at once (an alarm turns a wait into a
   failure), never written, still a FIFO. */
static void fifo_refused(void **state)
{
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512];
	struct stat st;

	(void)state;
	fresh(dir, path, sizeof(path));
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(20);
	assert_int_equal(wv_history_load(path), -WV_ENOTREG);
	assert_int_equal(wv_history_add(path, "arch ppc"), 0);
	alarm(0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	rm_tree(dir);
}

/* n lines "TAG-i" added by a child process, as a second watviz would. */
static pid_t other_watviz(const char *path, const char *tag, int n)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		char line[64];

		if (wv_history_load(path) < 0)
			_exit(1);
		for (int i = 0; i < n; i++) {
			snprintf(line, sizeof(line), "word \"%s-%d\"", tag, i);
			if (wv_history_add(path, line) < 0)
				_exit(2);
		}
		_exit(0);
	}
	return pid;
}

static void wait_ok(pid_t pid)
{
	int status;

	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Two watviz at once: each one's lines are kept, in the order typed. */
static void two_instances_keep_their_lines(void **state)
{
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512], buf[16384], want[64];
	pid_t a, b;

	(void)state;
	fresh(dir, path, sizeof(path));
	/* this process started first, the other typed in between */
	assert_int_equal(wv_history_load(path), 0);
	assert_int_equal(wv_history_add(path, "arch ppc"), 0);
	wait_ok(other_watviz(path, "b", 2));
	assert_int_equal(wv_history_add(path, "offset 2"), 0);
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "arch ppc\nword \"b-0\"\nword \"b-1\"\noffset 2\n");

	/* both typing at the same time */
	a = other_watviz(path, "x", 100);
	b = other_watviz(path, "y", 100);
	wait_ok(a);
	wait_ok(b);
	slurp(path, buf, sizeof(buf));
	for (int i = 0; i < 100; i++) {
		snprintf(want, sizeof(want), "\nword \"x-%d\"\n", i);
		assert_non_null(strstr(buf, want));
		snprintf(want, sizeof(want), "\nword \"y-%d\"\n", i);
		assert_non_null(strstr(buf, want));
	}
	rm_tree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_disk_keeps_the_old_history),
		cmocka_unit_test(link_to_private_file),
		cmocka_unit_test(unreadable_is_kept),
		cmocka_unit_test(fifo_refused),
		cmocka_unit_test(two_instances_keep_their_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
