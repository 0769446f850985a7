/*
 * Nothing lost: when the history cannot be written (a full disk, simulated
 * with a file size limit), the history the user had is still there, byte for
 * byte, and no temporary file is left behind.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "watviz/history.h"

static size_t slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, size, f);
	fclose(f);
	return n;
}

static void full_disk_keeps_the_old_history(void **state)
{
	(void)state;
	char dir[] = "/tmp/watviz-hist-XXXXXX", path[512], tmpname[600];
	char before[8192], after[8192], line[64];
	struct rlimit old, tiny;
	size_t nb, na;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(wv_history_path(dir, NULL, path, sizeof(path)), 0);
	for (int i = 0; i < 40; i++) {
		snprintf(line, sizeof(line), "word \"line number %d of the history\"", i);
		assert_int_equal(wv_history_add(path, line), 0);
	}
	nb = slurp(path, before, sizeof(before));
	assert_true(nb > 1000);

	/* a disk that fills up after 100 bytes: writes fail with EFBIG */
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	tiny = old;
	tiny.rlim_cur = 100;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &tiny), 0);
	int rc = wv_history_add(path, "arch ppc");
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);

	assert_true(rc < 0);	/* the failure is reported ... */
	na = slurp(path, after, sizeof(after));
	assert_int_equal(na, nb);	/* ... and the old file is whole */
	assert_memory_equal(before, after, nb);
	snprintf(tmpname, sizeof(tmpname), "%s.%ld.tmp", path, (long)getpid());
	assert_int_not_equal(access(tmpname, F_OK), 0);

	/* with room again, the next write brings the new line in */
	assert_int_equal(wv_history_add(path, "arch alpha"), 0);
	na = slurp(path, after, sizeof(after));
	assert_non_null(strstr(after, "arch alpha"));
	unlink(path);
	snprintf(tmpname, sizeof(tmpname), "%s/watviz", dir);
	rmdir(tmpname);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_disk_keeps_the_old_history),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
