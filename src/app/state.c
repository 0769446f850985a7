/*
 * watviz's state directory, and writing a file whole without losing the
 * old one.  Plain file I/O, no terminal; see app/state.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/state.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINKS_MAX 40	/* as the kernel's ELOOP limit */

int wv_state_path(const char *xdg_state_home, const char *home,
		  const char *name, char *buf, size_t size)
{
	int n;

	if (xdg_state_home && xdg_state_home[0] == '/')
		n = snprintf(buf, size, "%s/watviz/%s", xdg_state_home, name);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.local/state/watviz/%s", home, name);
	else
		return -1;
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int wv_state_regular(int fd, struct stat *st)
{
	if (fstat(fd, st) < 0)
		return -errno;
	if (S_ISDIR(st->st_mode))
		return -EISDIR;
	return S_ISREG(st->st_mode) ? 0 : -WV_ENOTREG;
}

int wv_state_read(const char *path, size_t max, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	int rc;

	*text = NULL;
	*len = 0;
	if (fd < 0)
		return -errno;
	rc = wv_state_regular(fd, &st);
	if (rc == 0 && (size_t)st.st_size > max)
		rc = -EFBIG;
	else if (rc == 0 && !(buf = malloc((size_t)st.st_size + 1)))
		rc = -ENOMEM;
	while (rc == 0) {
		ssize_t k = read(fd, buf + got, (size_t)st.st_size - got);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			rc = -errno;
		if (k <= 0 || got + (size_t)k == (size_t)st.st_size) {
			got += k > 0 ? (size_t)k : 0;
			break;
		}
		got += (size_t)k;
	}
	close(fd);
	if (rc < 0) {
		free(buf);
		return rc;
	}
	buf[got] = '\0';
	*text = buf;
	*len = got;
	return 0;
}

int wv_state_mkdirs(const char *path)
{
	char dir[4096];
	size_t n = strlen(path);

	if (n >= sizeof(dir))
		return -ENAMETOOLONG;
	memcpy(dir, path, n + 1);
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

const char *wv_state_strerror(int rc)
{
	if (rc == -WV_ENOTREG)
		return "not a regular file (a FIFO, a device or a socket); "
		       "a state file must be a plain file";
	if (rc == -ENXIO)
		return "a FIFO that nobody reads; start its reader first";
	return strerror(rc < 0 ? -rc : rc);
}

/* The length of path's folder part with its '/' ("a/b" -> 2, "b" -> 0). */
static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

static int resolve(const char *path, char *out, size_t size);

/* The lock wv_state_lock takes for the file target (links followed):
   ".NAME.lock" beside it.  0, or -ENAMETOOLONG. */
static int lock_path(const char *target, char *lock, size_t size)
{
	size_t d = dir_len(target);

	return snprintf(lock, size, "%.*s.%s.lock", (int)d, target, target + d) >=
	       (int)size ? -ENAMETOOLONG : 0;
}

static bool is_folder(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_link(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* The nearest folder of dir that exists ("/s/a/b" -> "/s" when only /s
   does) into up; false when dir itself exists. */
static bool missing_folder(const char *dir, char *up, size_t size)
{
	size_t n;

	if (access(dir, F_OK) == 0 || snprintf(up, size, "%s", dir) >= (int)size)
		return false;
	while ((n = dir_len(up)) > 0 && access(up, F_OK) != 0)
		up[n > 1 ? n - 1 : 1] = '\0';
	return access(up, F_OK) == 0;
}

/* What is wrong with file (in folder dir) as a link's target, which
   failed with rc, or NULL when the target is not at fault. */
static const char *bad_target(const char *file, const char *dir, int rc)
{
	struct stat st;

	if (stat(file, &st) == 0)
		return S_ISDIR(st.st_mode) ? "a folder" : S_ISREG(st.st_mode) ? NULL
		       : "not a plain file (a FIFO, a device or a socket)";
	return rc == -ENOENT && access(dir, F_OK) != 0
	       ? "whose folder does not exist" : NULL;
}

/* Does path exist, and may we not do mode (R_OK, W_OK) to it? */
static bool denied(const char *path, int mode)
{
	return access(path, F_OK) == 0 && access(path, mode) != 0;
}

const char *wv_state_explain(const char *path, int rc, char *buf, size_t size)
{
	char file[4096], dir[4096], lock[4112], up[4096];
	const char *what;
	size_t d;

	if (resolve(path, file, sizeof(file)) < 0)
		snprintf(file, sizeof(file), "%s", path);
	d = dir_len(file);	/* the folder: "/s/w" of "/s/w/f", "/" of "/f" */
	snprintf(dir, sizeof(dir), "%.*s", d > 1 ? (int)d - 1 : 1, d ? file : ".");
	if (lock_path(file, lock, sizeof(lock)) < 0)
		lock[0] = '\0';
	/* a link where the state file belongs, to what cannot be one: the
	   link is at fault, not what it points to */
	if (strcmp(file, path) != 0 && is_link(path) &&
	    (what = bad_target(file, dir, rc))) {
		snprintf(buf, size, "%s is a symbolic link to %s, %s: remove the "
			 "link (rm %s), and watviz starts a new file there", path,
			 file, what, path);
		return buf;
	}
	switch (rc) {
	case -EISDIR:
		if (is_folder(file))
			snprintf(buf, size, "%s is a folder, where watviz keeps a file: "
				 "move the folder away", file);
		else if (lock[0] && is_folder(lock))
			snprintf(buf, size, "%s (the lock beside %s) is a folder: "
				 "remove it (rmdir %s)", lock, file, lock);
		else
			snprintf(buf, size, "%s: a folder where a file should be: "
				 "move it away", file);
		break;
	case -EACCES:
	case -EPERM:
		if (denied(file, R_OK) || denied(file, W_OK))
			snprintf(buf, size, "%s is not yours to read and write: give "
				 "it back (chmod u+rw %s) or move it away", file, file);
		else if (denied(dir, W_OK | X_OK))
			snprintf(buf, size, "the folder %s is read-only to you, so %s "
				 "cannot be saved there: chmod u+w %s, or set "
				 "XDG_STATE_HOME to a folder you can write", dir, file, dir);
		else if (missing_folder(dir, up, sizeof(up)) && denied(up, W_OK | X_OK))
			snprintf(buf, size, "the folder %s cannot be made, for %s is "
				 "read-only to you: chmod u+w %s, or set XDG_STATE_HOME "
				 "to a folder you can write", dir, up, up);
		else if (lock[0] && (denied(lock, R_OK) || denied(lock, W_OK)))
			snprintf(buf, size, "%s (the lock beside %s) is not yours to "
				 "write: remove it", lock, file);
		else
			snprintf(buf, size, "%s: permission denied (a link planted in "
				 "a folder anyone may write, such as /tmp, is not "
				 "followed): set XDG_STATE_HOME to a folder of your own",
				 file);
		break;
	case -EROFS:
		snprintf(buf, size, "%s is on a read-only file system: set "
			 "XDG_STATE_HOME to a folder on a writable one", file);
		break;
	case -EFBIG:
		snprintf(buf, size, "%s is far bigger than watviz writes it: move it "
			 "away (watviz then starts a new one)", file);
		break;
	case -ENOSPC:
	case -EDQUOT:
		snprintf(buf, size, "no room for %s on its disk (or in your quota): "
			 "free some space", file);
		break;
	case -ENOTDIR:
		snprintf(buf, size, "part of the folder of %s is a file, not a "
			 "folder: move it away, or set XDG_STATE_HOME elsewhere", file);
		break;
	case -ELOOP:
		if (lock[0] && is_link(lock))	/* the lock is opened O_NOFOLLOW */
			snprintf(buf, size, "%s (the lock beside %s) is a symbolic "
				 "link, where watviz keeps a plain lock file: remove "
				 "it (rm %s)", lock, file, lock);
		else
			snprintf(buf, size, "%s: symbolic links that go round in a "
				 "loop: remove the link (rm %s)", path, path);
		break;
	case -WV_ENOTREG:
		snprintf(buf, size, "%s is not a plain file (a FIFO, a device or a "
			 "socket), where watviz keeps a state file: move it away "
			 "(watviz then starts a new one)", file);
		break;
	case -ENAMETOOLONG:
		snprintf(buf, size, "%s: the path is too long: set XDG_STATE_HOME "
			 "to a shorter folder", file);
		break;
	default:
		snprintf(buf, size, "%s: %s", file, wv_state_strerror(rc));
		break;
	}
	return buf;
}

/*
 * Is the link at path (lstat'ed into st) one the kernel would not follow
 * for us (fs.protected_symlinks): in a sticky folder anyone may write to,
 * owned neither by us nor by the folder's owner?  Following links by hand
 * must not lose that protection against links planted in /tmp.
 */
static bool planted(const char *path, const struct stat *st)
{
	char dir[4096];
	size_t d = dir_len(path);
	struct stat ds;

	if (st->st_uid == geteuid())
		return false;
	if (d >= sizeof(dir))
		return true;
	memcpy(dir, d ? path : ".", d ? d : 2);
	dir[d ? d : 1] = '\0';
	if (stat(dir, &ds) < 0)
		return true;
	return (ds.st_mode & S_ISVTX) && (ds.st_mode & S_IWOTH) &&
	       st->st_uid != ds.st_uid;
}

/*
 * The file path names, its symbolic links followed to the end (a dangling
 * link to the file it would create), into out.  0 or -errno.
 */
static int resolve(const char *path, char *out, size_t size)
{
	char link[4096];
	struct stat st;

	if (snprintf(out, size, "%s", path) >= (int)size)
		return -ENAMETOOLONG;
	for (int hops = 0;; hops++) {
		ssize_t n;
		size_t d;

		if (lstat(out, &st) < 0)
			return errno == ENOENT ? 0 : -errno;	/* a new file */
		if (!S_ISLNK(st.st_mode))
			return 0;
		if (hops == LINKS_MAX)
			return -ELOOP;
		if (planted(out, &st))
			return -EACCES;
		n = readlink(out, link, sizeof(link) - 1);
		if (n < 0)
			return -errno;
		link[n] = '\0';
		/* a relative link is relative to the link's own folder */
		d = link[0] == '/' ? 0 : dir_len(out);
		if (d + (size_t)n >= size)
			return -ENAMETOOLONG;
		memcpy(out + d, link, (size_t)n + 1);
	}
}

/* The process's umask, which umask(2) can only tell by setting it. */
static mode_t current_umask(void)
{
	mode_t m = umask(077);

	umask(m);
	return m;
}

/* w->path is a FIFO or a device: open it to write straight into it. */
static int open_direct(struct wv_file *w)
{
	/* O_NONBLOCK: a FIFO without a reader fails (ENXIO) instead of
	   waiting for one forever */
	int fd = open(w->path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	int fl;

	if (fd < 0)
		return -errno;
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 ||
	    !(w->f = fdopen(fd, "w"))) {
		int e = errno;

		close(fd);
		return -e;
	}
	return 0;
}

/*
 * The temporaries open now, for wv_file_remove_temporaries(): a path is
 * copied in first, then its slot marked used, so a signal handler reading
 * them sees whole paths only.  Few files are ever open at once (a state
 * file, a recording); one more than that is simply not listed.
 */
#define LIVE_MAX 4
static char live_path[LIVE_MAX][sizeof(((struct wv_file *)0)->tmp)];
static volatile sig_atomic_t live_used[LIVE_MAX];

static void live_add(const char *tmp)
{
	for (int i = 0; i < LIVE_MAX; i++)
		if (!live_used[i]) {
			snprintf(live_path[i], sizeof(live_path[i]), "%s", tmp);
			live_used[i] = 1;
			return;
		}
}

static void live_drop(const char *tmp)
{
	for (int i = 0; i < LIVE_MAX; i++)
		if (live_used[i] && strcmp(live_path[i], tmp) == 0) {
			live_used[i] = 0;
			return;
		}
}

void wv_file_remove_temporaries(void)
{
	for (int i = 0; i < LIVE_MAX; i++)
		if (live_used[i]) {
			unlink(live_path[i]);
			live_used[i] = 0;
		}
}

int wv_file_open(struct wv_file *w, const char *path, int flags)
{
	struct stat st;
	bool exists = false;
	mode_t mode;
	int fd, rc;
	size_t d;

	w->f = NULL;
	w->tmp[0] = '\0';
	if ((rc = resolve(path, w->path, sizeof(w->path))) < 0)
		return rc;
	if (stat(w->path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return -EISDIR;
		if (!S_ISREG(st.st_mode))
			return flags & WV_FILE_STATE ? -WV_ENOTREG : open_direct(w);
		if (access(w->path, W_OK) < 0)
			return -errno;	/* a read-only file stays as it is */
		mode = st.st_mode & 07777;
		exists = true;
	} else if (errno != ENOENT) {
		return -errno;
	} else {
		mode = flags & WV_FILE_STATE ? 0600 : 0666 & ~current_umask();
	}
	d = dir_len(w->path);
	if (snprintf(w->tmp, sizeof(w->tmp), "%.*s.%s.XXXXXX", (int)d, w->path,
		     w->path + d) >= (int)sizeof(w->tmp)) {
		w->tmp[0] = '\0';
		return -ENAMETOOLONG;
	}
	fd = mkstemp(w->tmp);	/* O_CREAT | O_EXCL, mode 0600 */
	if (fd < 0) {
		rc = -errno;
		w->tmp[0] = '\0';
		return rc;
	}
	/* another owner's file (watviz run by root): keep its owner when we
	   may; then its mode, which chown may have cleared bits of */
	if (exists && (st.st_uid != geteuid() || st.st_gid != getegid()) &&
	    fchown(fd, st.st_uid, st.st_gid) < 0) {
		/* not allowed: the new file is ours */
	}
	if (fchmod(fd, mode) < 0 || !(w->f = fdopen(fd, "w"))) {
		rc = -errno;
		close(fd);
		unlink(w->tmp);
		w->tmp[0] = '\0';
		return rc;
	}
	live_add(w->tmp);
	return 0;
}

int wv_file_error(FILE *f)
{
	if (ferror(f))	/* an earlier write failed, and said why in errno */
		return errno ? -errno : -EIO;
	errno = 0;
	if (fflush(f) != 0 || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

int wv_file_close(struct wv_file *w, int rc)
{
	if (!w->f)
		return rc;
	if (rc == 0)
		rc = wv_file_error(w->f);
	/* a FIFO or a device has nothing to sync */
	if (rc == 0 && w->tmp[0] && fsync(fileno(w->f)) < 0)
		rc = -errno;
	if (fclose(w->f) != 0 && rc == 0)
		rc = errno ? -errno : -EIO;
	w->f = NULL;
	if (!w->tmp[0])
		return rc;
	if (rc == 0 && rename(w->tmp, w->path) < 0)
		rc = -errno;
	if (rc < 0)
		unlink(w->tmp);
	live_drop(w->tmp);
	w->tmp[0] = '\0';
	return rc;
}

int wv_state_replace(const char *path, int flags,
		     int (*fill)(FILE *f, void *ctx), void *ctx)
{
	struct wv_file w;
	int rc = wv_file_open(&w, path, flags);

	if (rc < 0)
		return rc;
	return wv_file_close(&w, fill(w.f, ctx));
}

int wv_state_lock(const char *path)
{
	char target[4096], lock[4112];
	int fd, rc;

	if ((rc = resolve(path, target, sizeof(target))) < 0)
		return rc;
	if ((rc = lock_path(target, lock, sizeof(lock))) < 0)
		return rc;
	fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			rc = -errno;
			close(fd);
			return rc;
		}
	}
	return fd;
}

void wv_state_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* closing drops the flock */
}
