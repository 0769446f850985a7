/*
 * Lesson progress: a small text file, read tolerantly, written atomically.
 * See app/progress.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app/progress.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/state.h"

#define FILE_MAX (1024 * 1024)	/* larger is not a progress file */
#define LINE_MAX_LEN 255	/* a longer line is not a progress line */

static const char header[] =
	"# watviz lesson progress: number, name, scene (from 1) or \"done\"";

struct entry {
	unsigned number;
	char slug[64];
	size_t scene;
};

/* The file as read: its text, and the first line that is not a lesson's. */
struct file {
	char *text;
	size_t len;
	int bad;		/* its number from 1, or 0 */
};

/* One line "2 has-zero 4" or "5 find-zero done" of n bytes (no '\n').
   0, or -1 when bad. */
static int parse_line(const char *s, size_t n, struct entry *e)
{
	char line[LINE_MAX_LEN + 1], scene[24], extra[2];
	unsigned long k;
	char *end;

	if (n > LINE_MAX_LEN || memchr(s, '\0', n))
		return -1;
	memcpy(line, s, n);
	line[n] = '\0';
	if (sscanf(line, "%u %63s %23s %1s", &e->number, e->slug, scene, extra) != 3 ||
	    e->number == 0)
		return -1;
	if (strcmp(scene, "done") == 0) {
		e->scene = WV_PROGRESS_DONE;
		return 0;
	}
	errno = 0;
	k = strtoul(scene, &end, 10);
	if (*end || errno || k < 1 || k > 100000 || scene[0] == '-')
		return -1;
	e->scene = (size_t)k - 1;
	return 0;
}

/* What a line of the file is. */
enum kind { BLANK, HEADER, COMMENT, LESSON, BAD };

static enum kind classify(const char *s, size_t n, struct entry *e)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
		i++;
	if (i == n)
		return BLANK;
	if (n == sizeof(header) - 1 && memcmp(s, header, n) == 0)
		return HEADER;
	if (s[0] == '#' && !memchr(s, '\0', n))
		return COMMENT;
	return parse_line(s, n, e) == 0 ? LESSON : BAD;
}

/* Walk f's lines: each one's start and length (without its '\n'). */
static bool next_line(const struct file *f, size_t *pos, const char **s, size_t *n)
{
	const char *nl;

	if (*pos >= f->len)
		return false;
	*s = f->text + *pos;
	nl = memchr(*s, '\n', f->len - *pos);
	*n = nl ? (size_t)(nl - *s) : f->len - *pos;
	*pos += *n + (nl ? 1 : 0);
	return true;
}

/*
 * Read path whole into f (wv_state_read) and find its first bad line.  0;
 * -ENOENT when there is no file; -WV_ENOTREG, -EFBIG past FILE_MAX, or
 * -errno when it cannot be read.
 */
static int read_file(const char *path, struct file *f)
{
	struct entry e;
	const char *s;
	size_t pos = 0, n;
	int rc, ln = 0;

	*f = (struct file){ .text = NULL };
	rc = wv_state_read(path, FILE_MAX, &f->text, &f->len);
	if (rc < 0)
		return rc;
	while (next_line(f, &pos, &s, &n) && !f->bad) {
		ln++;
		if (classify(s, n, &e) == BAD)
			f->bad = ln;
	}
	return 0;
}

int wv_progress_get(const char *path, unsigned number, const char *slug,
		    size_t *scene, int *line)
{
	struct file f;
	struct entry e;
	const char *s;
	size_t pos = 0, n;
	int rc = read_file(path, &f);

	if (line)
		*line = f.bad;
	if (rc < 0)
		return rc;
	rc = -ENOENT;
	while (rc == -ENOENT && next_line(&f, &pos, &s, &n))
		if (classify(s, n, &e) == LESSON && e.number == number &&
		    strcmp(e.slug, slug) == 0) {
			*scene = e.scene;
			rc = 0;
		}
	free(f.text);
	return rc;
}

/* What wv_progress_put writes: its line first, then the others kept. */
struct put {
	unsigned number;
	const char *slug;
	size_t scene;
	const struct file *f;
};

static void put_line(FILE *f, unsigned number, const char *slug, size_t scene)
{
	if (scene == WV_PROGRESS_DONE)
		fprintf(f, "%u %s done\n", number, slug);
	else
		fprintf(f, "%u %s %zu\n", number, slug, scene + 1);
}

/* The header, the new line, every other lesson's line, then every line
   that is not a lesson's, as it was. */
static int put_lines(FILE *out, void *ctx)
{
	const struct put *p = ctx;
	const char *s;
	size_t pos = 0, n;
	struct entry e;

	fprintf(out, "%s\n", header);
	put_line(out, p->number, p->slug, p->scene);
	while (next_line(p->f, &pos, &s, &n)) {
		switch (classify(s, n, &e)) {
		case BLANK:
		case HEADER:
			break;
		case LESSON:
			if (e.number == p->number && strcmp(e.slug, p->slug) == 0)
				break;
			put_line(out, e.number, e.slug, e.scene);
			break;
		case COMMENT:
		case BAD:
			fwrite(s, 1, n, out);
			fputc('\n', out);
			break;
		}
	}
	return wv_file_error(out);
}

const char *wv_progress_bad_line(const char *path, int line, char *buf,
				 size_t size)
{
	snprintf(buf, size, "%s: line %d is not 'number name scene'; it is kept "
		 "as it is (fix or delete it)", path, line);
	return buf;
}

int wv_progress_put(const char *path, unsigned number, const char *slug,
		    size_t scene)
{
	struct file f;
	int lock, rc;

	if ((rc = wv_state_mkdirs(path)) < 0)
		return rc;
	if ((lock = wv_state_lock(path)) < 0)
		return lock;
	rc = read_file(path, &f);
	if (rc == -ENOENT)
		rc = 0;		/* the first lesson saved */
	/* one line more (at most the header's, the longest line, and a
	   newline) must leave a file watviz can read again */
	if (rc == 0 && f.len + sizeof(header) + LINE_MAX_LEN + 1 > FILE_MAX)
		rc = -EFBIG;
	if (rc == 0)	/* a file that cannot be read is never replaced */
		rc = wv_state_replace(path, WV_FILE_STATE, put_lines, &(struct put){
			.number = number, .slug = slug, .scene = scene, .f = &f });
	free(f.text);
	wv_state_unlock(lock);
	return rc;
}
