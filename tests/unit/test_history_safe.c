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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_disk_keeps_the_old_history),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
