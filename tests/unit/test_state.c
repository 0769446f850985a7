/*
 * Writing files without losing or exposing anything (app/state.h) and the
 * progress file that rides on it (app/progress.h): nothing planted beside
 * a file is followed; a symbolic link's target is updated and keeps its
 * mode; a FIFO or a device is written, never replaced; a failed write says
 * why; a progress file that cannot be read is never replaced, and two
 * processes saving at once both keep their lines.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/progress.h"
#include "app/state.h"

static char dir[32];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/watviz-state-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	rm_tree(dir);
	return 0;
}

/* dir/name into buf */
static const char *at(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

static void put_text(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
}

static int fill_new(FILE *f, void *ctx)
{
	(void)ctx;
	return fputs("new\n", f) < 0 ? -EIO : 0;
}

/* Old watviz wrote PATH.PID.tmp: a link planted there (or at any other name
   a guess could find) is left alone, and what it points to untouched. */
static void planted_links_not_followed(void **state)
{
	char victim[128], out[128], plant[200], buf[64];

	(void)state;
	put_text(at(victim, sizeof(victim), "victim"), "precious\n", 0600);
	at(out, sizeof(out), "out.json");
	snprintf(plant, sizeof(plant), "%s.%ld.tmp", out, (long)getpid());
	assert_int_equal(symlink(victim, plant), 0);
	snprintf(plant, sizeof(plant), "%s/.out.json.tmp", dir);
	assert_int_equal(symlink(victim, plant), 0);

	assert_int_equal(wv_state_replace(out, 0, fill_new, NULL), 0);
	slurp(victim, buf, sizeof(buf));
	assert_string_equal(buf, "precious\n");
	slurp(out, buf, sizeof(buf));
	assert_string_equal(buf, "new\n");
	/* out, victim and the two plants: no temporary left */
	assert_int_equal(count_files(dir), 4);
}

/* A link (relative, in a chain, dangling) is followed: the file it names
   is replaced with the same mode, and the links stay links. */
static void links_update_their_target(void **state)
{
	char real[128], link1[128], link2[128], dang[128], buf[128];
	struct stat st;

	(void)state;
	put_text(at(real, sizeof(real), "real"), "old\n", 0600);
	assert_int_equal(symlink("real", at(link1, sizeof(link1), "link1")), 0);
	assert_int_equal(symlink(link1, at(link2, sizeof(link2), "link2")), 0);
	assert_int_equal(wv_state_replace(link2, WV_FILE_STATE, fill_new, NULL), 0);
	assert_int_equal(lstat(link1, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(lstat(link2, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(real, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0600);
	slurp(real, buf, sizeof(buf));
	assert_string_equal(buf, "new\n");

	/* a dangling link: the file it names is created */
	assert_int_equal(symlink("made", at(dang, sizeof(dang), "dangling")), 0);
	assert_int_equal(wv_state_replace(dang, 0, fill_new, NULL), 0);
	slurp(at(buf, sizeof(buf), "made"), buf, sizeof(buf));
	assert_string_equal(buf, "new\n");
	assert_int_equal(lstat(dang, &st), 0);
	assert_true(S_ISLNK(st.st_mode));

	/* a loop: an error, nothing created */
	assert_int_equal(symlink("loop2", at(buf, sizeof(buf), "loop1")), 0);
	assert_int_equal(symlink("loop1", at(buf, sizeof(buf), "loop2")), 0);
	assert_int_equal(wv_state_replace(buf, 0, fill_new, NULL), -ELOOP);
}

/* A link someone else planted in a sticky folder anyone may write to (as
   /tmp) is not followed, as the kernel's fs.protected_symlinks would not:
   the file it points to is untouched.  Needs root to give the link away. */
static void links_planted_in_tmp_refused(void **state)
{
	char sticky[128], victim[128], link[200], buf[64];

	(void)state;
	if (geteuid() != 0)
		skip();
	assert_int_equal(mkdir(at(sticky, sizeof(sticky), "tmp"), 0700), 0);
	assert_int_equal(chmod(sticky, 01777), 0);
	put_text(at(victim, sizeof(victim), "victim"), "precious\n", 0600);
	snprintf(link, sizeof(link), "%s/out.json", sticky);
	assert_int_equal(symlink(victim, link), 0);
	assert_int_equal(lchown(link, 65534, 65534), 0);
	assert_int_equal(wv_state_replace(link, 0, fill_new, NULL), -EACCES);
	slurp(victim, buf, sizeof(buf));
	assert_string_equal(buf, "precious\n");
	/* our own link there is followed */
	assert_int_equal(lchown(link, 0, 0), 0);
	assert_int_equal(wv_state_replace(link, 0, fill_new, NULL), 0);
	slurp(victim, buf, sizeof(buf));
	assert_string_equal(buf, "new\n");
}

/* A file keeps its mode; a new export follows the umask, a new state file
   is private. */
static void modes(void **state)
{
	char p[128];
	struct stat st;
	mode_t old = umask(022);

	(void)state;
	put_text(at(p, sizeof(p), "shared"), "old\n", 0640);
	assert_int_equal(wv_state_replace(p, 0, fill_new, NULL), 0);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(wv_state_replace(at(p, sizeof(p), "export"), 0, fill_new, NULL), 0);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644);
	assert_int_equal(wv_state_replace(at(p, sizeof(p), "state"), WV_FILE_STATE,
					  fill_new, NULL), 0);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	umask(old);
}

/* A FIFO is written into while someone reads it, refused (at once, not
   waited on) when nobody does, and stays a FIFO; a state file refuses it. */
static void fifo_written_not_replaced(void **state)
{
	char p[128], buf[64];
	struct stat st;
	ssize_t n;
	int rd;

	(void)state;
	assert_int_equal(mkfifo(at(p, sizeof(p), "fifo"), 0600), 0);
	assert_int_equal(wv_state_replace(p, 0, fill_new, NULL), -ENXIO);
	assert_int_equal(wv_state_replace(p, WV_FILE_STATE, fill_new, NULL), -WV_ENOTREG);
	rd = open(p, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	assert_int_equal(wv_state_replace(p, 0, fill_new, NULL), 0);
	n = read(rd, buf, sizeof(buf) - 1);
	assert_int_equal(n, 4);
	buf[n] = '\0';
	assert_string_equal(buf, "new\n");
	close(rd);
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(count_files(dir), 1);
	assert_non_null(strstr(wv_state_strerror(-ENXIO), "nobody reads"));
	assert_non_null(strstr(wv_state_strerror(-WV_ENOTREG), "not a regular file"));
}

/* A device is written, never renamed over (as root, :json /dev/null must
   not make /dev/null a file); a full one says so; a folder is refused. */
static void devices_written_not_replaced(void **state)
{
	char p[128];
	struct stat st;

	(void)state;
	if (mknod(at(p, sizeof(p), "null"), S_IFCHR | 0666, makedev(1, 3)) == 0) {
		assert_int_equal(wv_state_replace(p, 0, fill_new, NULL), 0);
		assert_int_equal(lstat(p, &st), 0);
		assert_true(S_ISCHR(st.st_mode));
		assert_int_equal(wv_state_replace(p, WV_FILE_STATE, fill_new, NULL),
				 -WV_ENOTREG);
		assert_int_equal(count_files(dir), 1);
	}
	/* the failing write's reason, not "Input/output error" */
	assert_int_equal(wv_state_replace("/dev/full", 0, fill_new, NULL), -ENOSPC);
	assert_int_equal(lstat("/dev/full", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(mkdir(at(p, sizeof(p), "folder"), 0700), 0);
	assert_int_equal(wv_state_replace(p, 0, fill_new, NULL), -EISDIR);
}

/* wv_file_error: the errno of the write that failed. */
static void write_errors_say_why(void **state)
{
	FILE *f = fopen("/dev/full", "w");

	(void)state;
	assert_non_null(f);
	fputs("x", f);
	assert_int_equal(wv_file_error(f), -ENOSPC);
	fclose(f);
	f = fopen("/dev/full", "w");
	assert_non_null(f);
	for (int i = 0; i < 10000; i++)	/* fails inside fputs, buffer full */
		fputs("0123456789", f);
	assert_int_equal(wv_file_error(f), -ENOSPC);
	fclose(f);
}

/* Run fn as an unprivileged user (root reads any file) in a child; it
   returns 0 when all went well. */
static void as_nobody(int (*fn)(const char *d))
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (pid == 0) {
		char d[] = "/tmp/watviz-nobody-XXXXXX";
		int rc;

		if (geteuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
			_exit(99);
		if (!mkdtemp(d))
			_exit(98);
		rc = fn(d);
		rm_tree(d);
		_exit(rc);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* A progress file watviz cannot read is reported and kept whole. */
static int unreadable_progress(const char *d)
{
	char p[128], buf[64];
	size_t k;
	int line;

	snprintf(p, sizeof(p), "%s/progress", d);
	put_text(p, "5 find-zero 2\n", 0200);	/* writable, not readable */
	if (wv_progress_get(p, 5, "find-zero", &k, &line) != -EACCES)
		return 1;
	if (wv_progress_put(p, 3, "has-zero", 1) != -EACCES)
		return 2;
	chmod(p, 0600);
	slurp(p, buf, sizeof(buf));
	return strcmp(buf, "5 find-zero 2\n") == 0 ? 0 : 3;
}

/* wv_state_read: a file whole with a NUL after it; none, too big, a folder */
static void read_whole(void **state)
{
	char p[64], *text;
	size_t len;

	(void)state;
	put_text(at(p, sizeof(p), "f"), "2 has-zero 4\n", 0600);
	assert_int_equal(wv_state_read(p, 13, &text, &len), 0);
	assert_int_equal(len, 13);
	assert_string_equal(text, "2 has-zero 4\n");
	free(text);
	assert_int_equal(wv_state_read(p, 12, &text, &len), -EFBIG);
	assert_null(text);
	assert_int_equal(wv_state_read(at(p, sizeof(p), "none"), 100, &text, &len),
			 -ENOENT);
	assert_int_equal(wv_state_read(dir, 100, &text, &len), -EISDIR);
	assert_null(text);
}

static void progress_unreadable_kept(void **state)
{
	(void)state;
	as_nobody(unreadable_progress);
}

/* A FIFO as the progress file: not waited on, not replaced. */
static void progress_fifo(void **state)
{
	char p[128];
	struct stat st;
	size_t k;

	(void)state;
	assert_int_equal(mkfifo(at(p, sizeof(p), "progress"), 0600), 0);
	assert_int_equal(wv_progress_get(p, 3, "has-zero", &k, NULL), -WV_ENOTREG);
	assert_int_equal(wv_progress_put(p, 3, "has-zero", 1), -WV_ENOTREG);
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
}

/* A symbolic link to a private progress file: the target is updated. */
static void progress_link(void **state)
{
	char real[128], p[128], buf[256];
	struct stat st;

	(void)state;
	put_text(at(real, sizeof(real), "real"), "5 find-zero 2\n", 0600);
	assert_int_equal(symlink(real, at(p, sizeof(p), "progress")), 0);
	assert_int_equal(wv_progress_put(p, 3, "has-zero", 1), 0);
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(real, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	slurp(real, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\n3 has-zero 2\n"));
	assert_non_null(strstr(buf, "\n5 find-zero 2\n"));
}

/*
 * A class that has been through every lesson number there is (1 to 999)
 * steps one of them: every other lesson's line stays, word for word, and
 * the stepped one comes first after the header.  Each line written by hand
 * in the format of app/progress.h; the red team saw lines after the
 * 100th deleted (150 lessons, one stepped: 51 lines gone).
 */
static void progress_keeps_every_lesson(void **state)
{
	char p[128], line[64], *text;
	size_t len, k, lines = 0;
	FILE *f;

	(void)state;
	f = fopen(at(p, sizeof(p), "progress"), "w");
	assert_non_null(f);
	fprintf(f, "# watviz lesson progress: number, name, scene (from 1) or \"done\"\n");
	for (unsigned i = 1; i <= 999; i++)
		fprintf(f, "%u lesson-%u %u\n", i, i, i % 9 + 1);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(wv_progress_put(p, 150, "lesson-150", 4), 0);
	assert_int_equal(wv_state_read(p, 1 << 20, &text, &len), 0);
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	assert_int_equal(lines, 1 + 999);
	assert_non_null(strstr(text, "\"done\"\n150 lesson-150 5\n1 lesson-1 2\n"));
	for (unsigned i = 1; i <= 999; i++) {
		snprintf(line, sizeof(line), "\n%u lesson-%u %u\n", i, i,
			 i == 150 ? 5 : i % 9 + 1);
		if (!strstr(text, line))
			fail_msg("lesson %u's line is gone", i);
	}
	free(text);
	assert_int_equal(wv_progress_get(p, 999, "lesson-999", &k, NULL), 0);
	assert_int_equal(k, 999 % 9);	/* scene 1 + 999 % 9, 0-based */
}

/* Does the sentence s hold every one of the phrases (NULL-ended)?  Says
   which it misses on stderr (this runs in a child: no cmocka there). */
static bool says_all(const char *s, const char *const *phrases)
{
	for (size_t i = 0; phrases[i]; i++)
		if (!strstr(s, phrases[i])) {
			fprintf(stderr, "# '%s' does not say '%s'\n", s, phrases[i]);
			return false;
		}
	return true;
}

/*
 * Links and lock files where a state file belongs (trial2 finding 5): the
 * message names the link or the lock, says what it is and how to fix it,
 * not the target alone (or the progress file for its lock).
 */
static int link_errors(const char *d)
{
	char p[128], lock[128], why[1024], want[2][600];
	int rc;

	snprintf(p, sizeof(p), "%s/progress", d);
	snprintf(lock, sizeof(lock), "%s/.progress.lock", d);
	unlink(p);
	unlink(lock);
	/* the lock a symbolic link: was "progress: ... go round in a loop" */
	if (symlink("elsewhere", lock) < 0 ||
	    (rc = wv_progress_put(p, 3, "has-zero", 1)) != -ELOOP)
		return 21;
	snprintf(want[0], sizeof(want[0]), "%s (the lock beside %s) is a symbolic "
		 "link", lock, p);
	snprintf(want[1], sizeof(want[1]), "remove it (rm %s)", lock);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], NULL }) ||
	    strstr(why, "loop"))
		return 31;
	unlink(lock);
	/* progress a link to a file whose folder is missing: was the target
	   and "No such file or directory" */
	if (symlink("/nonexistent-watviz-test/p", p) < 0 ||
	    (rc = wv_progress_put(p, 3, "has-zero", 1)) != -ENOENT)
		return 22;
	snprintf(want[0], sizeof(want[0]), "%s is a symbolic link to "
		 "/nonexistent-watviz-test/p, whose folder does not exist", p);
	snprintf(want[1], sizeof(want[1]), "remove the link (rm %s)", p);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], NULL }))
		return 32;
	unlink(p);
	/* progress a link to /dev/zero: was "/dev/zero: ..." */
	if (symlink("/dev/zero", p) < 0 ||
	    (rc = wv_progress_put(p, 3, "has-zero", 1)) >= 0)
		return 23;
	snprintf(want[0], sizeof(want[0]), "%s is a symbolic link to /dev/zero, "
		 "not a plain file", p);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], NULL }))
		return 33;
	unlink(p);
	/* progress a FIFO: was "a state file must be a plain file", no fix */
	if (mkfifo(p, 0600) < 0 ||
	    (rc = wv_progress_put(p, 3, "has-zero", 1)) != -WV_ENOTREG)
		return 24;
	snprintf(want[0], sizeof(want[0]), "%s is not a plain file (a FIFO", p);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], "move it away", NULL }))
		return 34;
	unlink(p);
	return 0;
}

/*
 * A state file that cannot be saved or read: the message names the file at
 * fault (the progress file, the lock beside it or its folder) and how to
 * fix it (issue 46: "Is a directory", "File too large" and "progress file:
 * line 1 is not ...", which file?).  Run as nobody: root writes anywhere.
 */
static int state_errors(const char *d)
{
	char p[128], lock[128], ro[128], rop[160], why[1024], want[3][600];
	FILE *f;
	int rc;

	snprintf(p, sizeof(p), "%s/progress", d);
	/* the lock beside it is a folder */
	snprintf(lock, sizeof(lock), "%s/.progress.lock", d);
	if (mkdir(lock, 0700) < 0 || (rc = wv_progress_put(p, 3, "has-zero", 1)) != -EISDIR)
		return 1;
	snprintf(want[0], sizeof(want[0]), "%s (the lock beside %s) is a folder: "
		 "remove it (rmdir %s)", lock, p, lock);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], NULL }))
		return 11;
	rmdir(lock);
	/* 2 MB where a progress file should be */
	f = fopen(p, "w");
	for (int i = 0; f && i < 2 * 1024 * 1024 / 64; i++)
		fprintf(f, "# %061d\n", i);
	if (!f || fclose(f) != 0 || (rc = wv_progress_put(p, 3, "has-zero", 1)) != -EFBIG)
		return 2;
	snprintf(want[0], sizeof(want[0]), "%s is far bigger than watviz writes it", p);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], "move it away", NULL }))
		return 12;
	unlink(p);
	/* a file we may not read */
	put_text(p, "5 find-zero 2\n", 0200);
	if ((rc = wv_progress_put(p, 3, "has-zero", 1)) != -EACCES)
		return 3;
	snprintf(want[0], sizeof(want[0]), "%s is not yours to read and write", p);
	snprintf(want[1], sizeof(want[1]), "chmod u+rw %s", p);
	if (!says_all(wv_state_explain(p, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], NULL }))
		return 13;
	/* a read-only state folder */
	snprintf(ro, sizeof(ro), "%s/ro", d);
	snprintf(rop, sizeof(rop), "%s/progress", ro);
	if (mkdir(ro, 0500) < 0 || (rc = wv_progress_put(rop, 3, "has-zero", 1)) != -EACCES)
		return 4;
	snprintf(want[0], sizeof(want[0]), "the folder %s is read-only to you, so %s "
		 "cannot be saved there", ro, rop);
	snprintf(want[1], sizeof(want[1]), "chmod u+w %s", ro);
	if (!says_all(wv_state_explain(rop, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], "XDG_STATE_HOME", NULL }))
		return 14;
	/* a read-only XDG_STATE_HOME where watviz/ is not made yet (trial2
	   finding 5: was "permission denied (a link planted ...)") */
	snprintf(rop, sizeof(rop), "%s/watviz/progress", ro);
	if ((rc = wv_progress_put(rop, 3, "has-zero", 1)) != -EACCES)
		return 6;
	snprintf(want[0], sizeof(want[0]), "the folder %s/watviz cannot be made, "
		 "for %s is read-only to you", ro, ro);
	snprintf(want[1], sizeof(want[1]), "chmod u+w %s", ro);
	if (!says_all(wv_state_explain(rop, rc, why, sizeof(why)),
		      (const char *const[]){ want[0], want[1], "XDG_STATE_HOME", NULL }))
		return 16;
	chmod(ro, 0700);
	/* a line that is not a lesson's: which file */
	snprintf(want[2], sizeof(want[2]), "%s: line 3 is not 'number name scene'; it "
		 "is kept as it is (fix or delete it)", p);
	if (strcmp(wv_progress_bad_line(p, 3, why, sizeof(why)), want[2]) != 0)
		return 5;
	return link_errors(d);
}

static void state_errors_name_file_and_fix(void **state)
{
	(void)state;
	as_nobody(state_errors);
}

/* Two processes saving lessons at the same time both keep every line. */
static void progress_two_writers(void **state)
{
	char p[128], buf[8192], want[64];
	pid_t pid[2];
	int status;

	(void)state;
	at(p, sizeof(p), "progress");
	for (int w = 0; w < 2; w++) {
		pid[w] = fork();
		assert_true(pid[w] >= 0);
		if (pid[w] == 0) {
			for (unsigned i = 1; i <= 40; i++) {
				char slug[32];

				snprintf(slug, sizeof(slug), "w%d-lesson-%u", w, i);
				if (wv_progress_put(p, i, slug, i) < 0)
					_exit(1);
			}
			_exit(0);
		}
	}
	for (int w = 0; w < 2; w++) {
		assert_int_equal(waitpid(pid[w], &status, 0), pid[w]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	slurp(p, buf, sizeof(buf));
	for (int w = 0; w < 2; w++)
		for (unsigned i = 1; i <= 40; i++) {
			snprintf(want, sizeof(want), "\n%u w%d-lesson-%u %u\n", i, w, i, i + 1);
			assert_non_null(strstr(buf, want));
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(planted_links_not_followed, setup, teardown),
		cmocka_unit_test_setup_teardown(links_update_their_target, setup, teardown),
		cmocka_unit_test_setup_teardown(links_planted_in_tmp_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(modes, setup, teardown),
		cmocka_unit_test_setup_teardown(fifo_written_not_replaced, setup, teardown),
		cmocka_unit_test_setup_teardown(devices_written_not_replaced, setup, teardown),
		cmocka_unit_test(write_errors_say_why),
		cmocka_unit_test_setup_teardown(read_whole, setup, teardown),
		cmocka_unit_test(progress_unreadable_kept),
		cmocka_unit_test_setup_teardown(progress_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(progress_link, setup, teardown),
		cmocka_unit_test_setup_teardown(progress_two_writers, setup, teardown),
		cmocka_unit_test_setup_teardown(progress_keeps_every_lesson, setup, teardown),
		cmocka_unit_test(state_errors_name_file_and_fix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
