/*
 * watviz entry point: argv, choosing plain / JSON / interactive, exit codes.
 *
 * Exit status: 0 success, 1 failure while running (output could not be
 * written, out of memory), 2 usage error (a bad option or word; one line on
 * stderr says what, where and how to fix it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cast.h"
#include "cli/cli.h"
#include "render/handout.h"
#include "render/html.h"
#include "render/json.h"
#include "lesson/lesson.h"
#include "lesson/pace.h"
#include "render/plain.h"
#include "app/progress.h"
#include "app/state.h"
#include "trace/stepname.h"
#include "render/svg.h"
#include "trace/trace.h"
#include "app/options.h"
#include "watviz/wat.h"
#include "trace/word.h"

#include "out.h"

#ifndef WATVIZ_VERSION
#define WATVIZ_VERSION "unknown"
#endif

#ifndef WATVIZ_DATADIR
#define WATVIZ_DATADIR "/usr/local/share/watviz"
#endif

#define EXIT_USAGE 2
#define DEFAULT_WORD "ab\\0cd"

/* The folder the running program is in (for the source tree's lessons/). */
static void exe_dir(const char *argv0, char *buf, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", buf, size - 1);
	char *slash;

	if (n > 0) {
		buf[n] = 0;
	} else {
		snprintf(buf, size, "%s", argv0 ? argv0 : ".");
	}
	slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(buf, size, ".");
}

/* A lesson file wv_lesson_find skipped, as a warning. */
static void warn_skipped(void *dir, const char *name, const char *why)
{
	fprintf(stderr, "watviz: warning: %s/%s: skipped: %s\n", cli_safe(dir),
		cli_safe(name), why);
}

/*
 * The lesson files, in *files (free() them); -1 after printing why there
 * are none.  Files it cannot take, and two files with one number, are
 * warned about.
 */
static int find_lessons(const struct wv_cli *c, const char *argv0,
			struct wv_lesson_file **files)
{
	char dir[WV_LESSON_PATH_MAX], exe[WV_LESSON_PATH_MAX];
	struct wv_error e;
	int n;

	*files = NULL;
	exe_dir(argv0, exe, sizeof(exe));
	if (wv_lesson_dir(c->lessons_dir, WATVIZ_DATADIR "/lessons", exe, dir,
			  sizeof(dir), &e) != 0) {
		cli_usage_error("%s", e.msg);
		return -1;
	}
	n = wv_lesson_find(dir, files, warn_skipped, dir);
	if (n < 0) {
		cli_usage_error("cannot read the lessons folder %s: %s", dir,
				strerror(errno));
		return -1;
	}
	if (n == 0) {
		cli_usage_error("no lesson files (NN-name.lesson) in %s; give "
				"--lessons-dir DIR", dir);
		free(*files);
		*files = NULL;
		return -1;
	}
	for (int i = 1; i < n; i++)
		if ((*files)[i].number == (*files)[i - 1].number)
			fprintf(stderr, "watviz: warning: %s and %s are both lesson "
				"%u; --lesson %u cannot choose between them: renumber "
				"one\n", cli_safe((*files)[i - 1].path), cli_safe((*files)[i].path),
				(*files)[i].number, (*files)[i].number);
	return n;
}

/*
 * The lesson files for :lesson N in the free visualizer, in *files (free()
 * them; NULL when there are none): found as --lesson finds them, without a
 * word about a folder that is missing, since no lesson was asked for.
 */
static size_t quiet_lessons(const char *argv0, struct wv_lesson_file **files)
{
	char dir[WV_LESSON_PATH_MAX], exe[WV_LESSON_PATH_MAX];
	struct wv_error e;
	int n;

	*files = NULL;
	exe_dir(argv0, exe, sizeof(exe));
	if (wv_lesson_dir(NULL, WATVIZ_DATADIR "/lessons", exe, dir, sizeof(dir),
			  &e) != 0)
		return 0;
	n = wv_lesson_find(dir, files, NULL, NULL);
	if (n <= 0) {
		free(*files);
		*files = NULL;
		return 0;
	}
	return (size_t)n;
}

/* Load a lesson file; print "path:line:col: msg" and return NULL on a mistake. */
static wv_lesson *load_lesson(const char *path, bool quick)
{
	wv_lesson *l = NULL;
	struct wv_error e;

	if ((quick ? wv_lesson_load_quick(path, &l, &e) : wv_lesson_load(path, &l, &e)) == 0)
		return l;
	if (e.line > 0)
		fprintf(stderr, "%s:%d:%d: %s\n", cli_safe(path), e.line, e.col, e.msg);
	else
		fprintf(stderr, "watviz: %s: %s\n", cli_safe(path), e.msg);
	return NULL;
}

/*
 * --list-lessons: where the class is in lesson f (n scenes), from the
 * progress file at path, as a line under it; nothing for a lesson never
 * opened.  A file that cannot be read is said once, on stderr (*told).
 */
static void list_progress(const char *path, const struct wv_lesson_file *f,
			  size_t n, bool *told)
{
	size_t scene;
	int rc;

	if (!path)
		return;
	rc = wv_progress_get(path, f->number, f->slug, &scene, NULL);
	if (rc == -ENOENT)
		return;
	if (rc < 0) {
		char why[8400];

		if (!*told)
			fprintf(stderr, "watviz: lesson progress not shown: %s\n",
				cli_safe(wv_state_explain(path, rc, why, sizeof(why))));
		*told = true;
		return;
	}
	if (scene == WV_PROGRESS_DONE)
		printf("     done: the class finished it (--lesson %u starts over)\n",
		       f->number);
	else if (scene < n)
		printf("     current: scene %zu of %zu (--lesson %u resumes there)\n",
		       scene + 1, n, f->number);
	else
		printf("     current: scene %zu, past its %zu scene%s (it starts "
		       "at scene 1)\n", scene + 1, n, n == 1 ? "" : "s");
}

/* --list-lessons: what each file's text says, without tracing its scenes. */
static int list_lessons(const struct wv_cli *c, const char *argv0)
{
	struct wv_lesson_file *files;
	int n = find_lessons(c, argv0, &files), bad = 0;
	char progress[4096];
	const char *pp = NULL;
	bool told = false;

	if (n < 0)
		return EXIT_USAGE;
	if (wv_state_path(getenv("XDG_STATE_HOME"), getenv("HOME"), "progress",
			  progress, sizeof(progress)) == 0)
		pp = progress;
	for (int i = 0; i < n; i++) {
		wv_lesson *l = load_lesson(files[i].path, true);
		struct wv_pace p;
		char line[600];
		size_t len = 0;

		if (!l) {
			bad = 1;
			continue;
		}
		printf("%3u  %s (%s)\n", files[i].number, wv_lesson_title(l),
		       cli_safe(files[i].slug));
		wv_pace_lesson(l, NULL, &p);
		len += (size_t)snprintf(line, sizeof(line), "about %u min: %zu "
					"scene%s, %zu question%s; variants:",
					p.minutes, p.scenes, p.scenes == 1 ? "" : "s",
					p.questions, p.questions == 1 ? "" : "s");
		if (len < sizeof(line))
			wv_lesson_variants_text(l, line + len + 1,
						sizeof(line) - len - 1);
		if (len < sizeof(line))
			line[len] = ' ';
		wv_plain_wrap(stdout, 5, 78, line);
		list_progress(pp, &files[i], p.scenes, &told);
		wv_lesson_free(l);
	}
	free(files);
	if (cli_finish_stdout())
		return EXIT_FAILURE;
	return bad ? EXIT_USAGE : 0;
}

/*
 * --version, as GNU tools print it: the version, the licence, and the folder
 * the lessons would be read from with these options and this environment.
 */
static int version(const struct wv_cli *c, const char *argv0)
{
	char dir[WV_LESSON_PATH_MAX], exe[WV_LESSON_PATH_MAX], real[PATH_MAX];
	struct wv_error e;

	printf("watviz %s\n"
	       "License GPLv3+: GNU GPL version 3 or later "
	       "<https://gnu.org/licenses/gpl.html>.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n\n",
	       WATVIZ_VERSION);
	exe_dir(argv0, exe, sizeof(exe));
	if (wv_lesson_dir(c->lessons_dir, WATVIZ_DATADIR "/lessons", exe, dir,
			  sizeof(dir), &e) == 0)
		printf("Lessons are read from %s\n", realpath(dir, real) ? real : dir);
	else
		printf("Lessons: none found (%s)\n", e.msg);
	return cli_finish_stdout();
}

/*
 * --check-lesson: does another lesson file of path's folder have its number?
 * Then --lesson N cannot choose between them: say so (true).
 */
static bool number_clash(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	char dir[WV_LESSON_PATH_MAX], num[16], why[1024];
	struct wv_lesson_file *files = NULL;
	bool clash = false;
	int n;

	snprintf(dir, sizeof(dir), "%.*s", !slash ? 1 : slash == path ? 1
		 : (int)(slash - path), !slash ? "." : path);
	n = wv_lesson_find(dir, &files, NULL, NULL);
	for (int i = 0; i < n && !clash; i++) {
		const char *b = strrchr(files[i].path, '/');

		if (strcmp(b ? b + 1 : files[i].path, base) != 0)
			continue;
		snprintf(num, sizeof(num), "%u", files[i].number);
		if (wv_lesson_pick(files, (size_t)n, num) == -2) {
			wv_lesson_pick_why(files, (size_t)n, num, why, sizeof(why));
			cli_usage_error("%s: --lesson %s cannot choose: %s", path, num, why);
			clash = true;
		}
	}
	free(files);
	return clash;
}

/* --check-lesson: every mistake of the file, or what was checked. */
static int check_lesson(const char *path)
{
	struct wv_error errs[WV_LESSON_ERRORS_MAX];
	wv_lesson *l = NULL;
	size_t n = 0;

	if (wv_lesson_load_all(path, &l, errs, WV_LESSON_ERRORS_MAX, &n) != 0) {
		for (size_t i = 0; i < n; i++)
			if (errs[i].line > 0)
				fprintf(stderr, "%s:%d:%d: %s\n", cli_safe(path), errs[i].line,
					errs[i].col, errs[i].msg);
			else
				fprintf(stderr, "watviz: %s: %s\n", cli_safe(path), errs[i].msg);
		if (n > 1)
			fprintf(stderr, "%s: %zu mistakes%s\n", cli_safe(path), n,
				n == WV_LESSON_ERRORS_MAX ? " (the first ones; fix them "
				"and check again)" : "");
		return EXIT_USAGE;
	}
	if (number_clash(path)) {
		wv_lesson_free(l);
		return EXIT_USAGE;
	}
	printf("%s: %s: %zu scene%s, each checked on %zu variant%s\n", cli_safe(path),
	       wv_lesson_title(l), wv_lesson_nscenes(l),
	       wv_lesson_nscenes(l) == 1 ? "" : "s", wv_lesson_nvariants(l),
	       wv_lesson_nvariants(l) == 1 ? "" : "s");
	wv_lesson_free(l);
	return cli_finish_stdout();
}

/* --lesson which matches more than one of files[0..n): say which. */
static void ambiguous(const struct wv_lesson_file *files, size_t n, const char *which)
{
	char why[1024];

	wv_lesson_pick_why(files, n, which, why, sizeof(why));
	cli_usage_error("--lesson %s: %s%s", which, why, strstr(why, "starts with")
			? " (--list-lessons lists them)" : "");
}

/*
 * The lessons --lesson or --course names: files[*first..*last]; *single
 * when --lesson named one lesson.  -1 after printing why there are none.
 */
static int pick_run(const struct wv_cli *c, const struct wv_lesson_file *files,
		    size_t n, size_t *first, size_t *last, bool *single)
{
	int i;

	*single = false;
	if (c->course) {
		*first = 0;
		*last = n - 1;
		return 0;
	}
	if (c->range_first) {
		unsigned want[2] = { c->range_first, c->range_last };
		size_t *at[2] = { first, last };

		for (int k = 0; k < 2; k++) {
			char num[8];

			snprintf(num, sizeof(num), "%u", want[k]);
			i = wv_lesson_pick(files, n, num);
			if (i == -2) {
				ambiguous(files, n, num);
				return -1;
			}
			if (i < 0) {
				cli_usage_error("--lesson %u-%u: there is no lesson %u; "
						"--list-lessons lists them", c->range_first,
						c->range_last, want[k]);
				return -1;
			}
			*at[k] = (size_t)i;
		}
		return 0;
	}
	i = wv_lesson_pick(files, n, c->lesson);
	if (i == -2) {
		ambiguous(files, n, c->lesson);
		return -1;
	}
	if (i < 0) {
		cli_usage_error("--lesson %s: no such lesson; --list-lessons lists them",
				c->lesson);
		return -1;
	}
	*first = *last = (size_t)i;
	*single = true;
	return 0;
}

/* Does lesson l (number num) run on --arch?  Says why not. */
static bool arch_fits(const struct wv_cli *c, const wv_lesson *l, unsigned num,
		      bool single)
{
	/* --course --arch: each lesson on it where it may, else on its own */
	if (!c->arch_given || c->course || wv_lesson_allows(l, c->v))
		return true;
	fprintf(stderr, "watviz: --arch %s: lesson %u", c->v->name, num);
	if (!single)
		fprintf(stderr, " (in --lesson %u-%u)", c->range_first, c->range_last);
	fprintf(stderr, " runs on");
	for (size_t k = 0; k < wv_lesson_nvariants(l); k++)
		fprintf(stderr, " %s", wv_lesson_variant(l, k)->name);
	fprintf(stderr, "; pick one of those or leave --arch out\n");
	return false;
}

/* The variant lesson l runs on: --arch where it allows it (--course takes
   the others on their own), NULL for the lesson's own. */
static const struct wv_variant *arch_for(const struct wv_cli *c,
					 const wv_lesson *l)
{
	return c->arch_given && wv_lesson_allows(l, c->v) ? c->v : NULL;
}

/* Does the visualizer run: stdin and stdout both terminals? */
static bool interactive(const struct wv_cli *c)
{
	return c->mode == WV_MODE_AUTO && isatty(STDIN_FILENO) &&
	       isatty(STDOUT_FILENO);
}

/* --cast and --record in colour: unless --color=never, or NO_COLOR for auto. */
static bool export_color(const struct wv_cli *c)
{
	const char *nc = getenv("NO_COLOR");

	return c->color == 1 || (c->color == -1 && !(nc && *nc));
}

/*
 * The visualizer, with --record: the file is created before the terminal
 * is taken, so a file that cannot be written is said plainly first.
 */
static int run_ui(const struct wv_cli *c, struct wv_ui_opts *uo)
{
	char err[WV_LESSON_PATH_MAX + 200];
	int rc, e;

	if (c->record && wv_rec_open(&uo->rec, c->record, export_color(c),
				     uo->present, err, sizeof(err)) < 0) {
		fprintf(stderr, "watviz: %s\n", err);
		return EXIT_FAILURE;
	}
	rc = wv_ui_run(uo);
	e = wv_rec_close(uo->rec);
	if (e < 0) {
		fprintf(stderr, "watviz: --record %s: cannot write it: %s; the file "
			"is left as it was\n", c->record, wv_state_strerror(e));
		if (rc == 0)
			rc = EXIT_FAILURE;
	}
	return rc;
}

/* --cast: uo played into stdout. */
static int run_cast(const struct wv_cli *c, const struct wv_ui_opts *uo)
{
	struct wv_cast_opts o = {
		.cols = c->cast_cols, .rows = c->cast_rows, .color = export_color(c),
		.tick_ms = c->autoplay_s * 1000, .title = "watviz",
	};
	char err[WV_APP_MSG_MAX + 40];
	int rc = wv_cast_play(stdout, uo, &o, err, sizeof(err));

	if (rc == -EINVAL) {
		fprintf(stderr, "watviz: %s\n", err);
		return EXIT_USAGE;
	}
	if (rc < 0 || fclose(stdout) != 0) {
		fprintf(stderr, "watviz: cannot write the cast: %s\n",
			strerror(rc < 0 ? -rc : errno ? errno : EIO));
		return EXIT_FAILURE;
	}
	return 0;
}

/* --record without a terminal: nothing to record. */
static int class_needs_tty(void)
{
	cli_usage_error("--class serves a lesson the teacher steps through in the "
			"visualizer, which needs a terminal on stdin and stdout");
	return EXIT_USAGE;
}

static int record_needs_tty(void)
{
	cli_usage_error("--record records the visualizer, which needs a terminal on "
			"stdin and stdout; use --cast to write a cast without one");
	return EXIT_USAGE;
}

/* --list-steps: every sub-step's NAME:K and its operation. */
static int list_steps(const struct wv_trace *t)
{
	for (size_t s = 0; s < t->nsteps; s++) {
		char name[64], full[96];

		wv_step_name(t, s, name, sizeof(name));
		for (size_t k = 0; k < t->steps[s].nsub; k++) {
			snprintf(full, sizeof(full), "%s:%zu", name, k + 1);
			printf("%-24s %s\n", full, t->subs[t->steps[s].first + k].expr);
		}
	}
	return cli_finish_stdout();
}

/* --svg --step NAME:K: the figure, or exit status 2 for a bad name. */
static int svg(const struct wv_cli *c, const struct wv_trace *t)
{
	char err[800];
	size_t k;
	int rc;

	if (wv_step_find(t, c->step_arg, &k, err, sizeof(err)) < 0) {
		cli_usage_error("%s", err);
		return EXIT_USAGE;
	}
	rc = wv_svg_substep(stdout, t, k, &(struct wv_svg_opts){
		.word_src = c->word_src, .name = c->step_arg });
	if (rc || fclose(stdout) != 0) {
		fprintf(stderr, "watviz: cannot write the figure: %s\n",
			strerror(errno ? errno : EIO));
		return EXIT_FAILURE;
	}
	return 0;
}

/*
 * --html with --lesson or --course: the handouts of files[first..last] (in
 * ls) in one page, each an article of its own.  Returns the exit status.
 */
static int html_lessons(const struct wv_cli *c, const struct wv_lesson_file *files,
			wv_lesson *const *ls, size_t first, size_t last, bool single,
			const struct wv_measure *m)
{
	char title[300];
	int rc;

	if (single)
		snprintf(title, sizeof(title), "watviz lesson %u: %s",
			 files[first].number, wv_lesson_title(ls[first]));
	else
		snprintf(title, sizeof(title), "watviz lessons %u to %u",
			 files[first].number, files[last].number);
	struct wv_handout_opts *o = calloc(last - first + 1, sizeof(*o));

	if (!o) {
		fprintf(stderr, "watviz: out of memory\n");
		return EXIT_FAILURE;
	}
	for (size_t i = first; i <= last; i++)
		o[i - first] = (struct wv_handout_opts){
			.number = files[i].number, .variant = arch_for(c, ls[i]),
			.measure = m, .web_url = c->web_url, .sheet = c->sheet };
	if (c->sheet)
		strncat(title, ": questions", sizeof(title) - strlen(title) - 1);
	rc = wv_html_begin(stdout, title);
	if (rc == 0)
		rc = wv_html_handouts(stdout, (const wv_lesson *const *)ls + first, o,
				      last - first + 1);
	free(o);
	if (rc == 0)
		rc = wv_html_end(stdout);
	if (rc || fclose(stdout) != 0) {
		fprintf(stderr, "watviz: cannot write the handout: %s\n",
			strerror(rc == -EIO || rc == 0 ? (errno ? errno : EIO) : -rc));
		return EXIT_FAILURE;
	}
	return 0;
}

/*
 * --measure: the figures of the handouts' measure: scenes, taken once for
 * the whole run into *fig (the same for every lesson of it); NULL without
 * --measure or when out of memory (then the charts say not measured).
 */
static const struct wv_measure *measured(const struct wv_cli *c, struct wv_measure *fig)
{
	static bool taken, ok;

	if (!c->measure)
		return NULL;
	if (!taken) {
		taken = true;
		ok = wv_measure_default(fig) == 0;
		if (!ok)
			fprintf(stderr, "watviz: --measure: out of memory; the charts "
				"say not measured\n");
	}
	return ok ? fig : NULL;
}

/* --lesson, --course: the handouts, or the lessons in the visualizer. */
static int run_lesson(const struct wv_cli *c, const char *argv0)
{
	static struct wv_measure fig;
	struct wv_lesson_file *files;
	wv_lesson **ls;
	int n = find_lessons(c, argv0, &files), rc = 0;
	size_t first, last, i;
	bool single;

	if (n < 0)
		return EXIT_USAGE;
	if (pick_run(c, files, (size_t)n, &first, &last, &single) < 0) {
		free(files);
		return EXIT_USAGE;
	}
	ls = calloc((size_t)n, sizeof(*ls));
	if (!ls) {
		free(files);
		fprintf(stderr, "watviz: out of memory\n");
		return EXIT_FAILURE;
	}
	/* every lesson of the run is checked before any of it runs */
	for (i = first; i <= last && rc == 0; i++) {
		ls[i] = load_lesson(files[i].path, false);
		if (!ls[i] || !arch_fits(c, ls[i], files[i].number, single))
			rc = EXIT_USAGE;
	}
	if (rc == 0 && c->record && !interactive(c))
		rc = record_needs_tty();
	if (rc == 0 && c->class_addr && !interactive(c))
		rc = class_needs_tty();
	/* a question sheet is printed, on a terminal too */
	if (rc == 0 && !c->sheet && (interactive(c) || c->mode == WV_MODE_CAST)) {
		struct wv_ui_opts uo = {
			.variant = c->arch_given ? c->v : NULL, .delim = -1,
			.color = c->color, .lesson = ls[first],
			.lesson_number = files[first].number,
			.lesson_slug = files[first].slug, .present = c->present,
			.split = c->split,
			.theme = (enum wv_theme)c->theme,
			.autoplay_ms = c->autoplay_s * 1000, .restart = c->restart,
			.no_mouse = c->no_mouse, .class_addr = c->class_addr,
			.class_log = c->class_log,
			.files = files, .nfiles = (size_t)n, .lesson_index = first,
			.run_last = single && c->mode != WV_MODE_CAST ? (size_t)n - 1 : last,
		};

		rc = c->mode == WV_MODE_CAST ? run_cast(c, &uo) : run_ui(c, &uo);
	} else if (rc == 0 && c->mode == WV_MODE_HTML) {
		rc = html_lessons(c, files, ls, first, last, single, measured(c, &fig));
	} else if (rc == 0) {
		/* the handouts, each on its own page */
		for (i = first; i <= last && rc == 0; i++) {
			struct wv_handout_opts ho = {
				.number = files[i].number,
				.variant = arch_for(c, ls[i]),
				.color = wv_plain_want_color(stdout, c->color),
				.measure = measured(c, &fig), .sheet = c->sheet,
			};

			if (i > first)
				fputs("\f\n", stdout);
			rc = wv_handout_render(stdout, ls[i], &ho);
		}
		if (rc || fclose(stdout) != 0) {
			fprintf(stderr, "watviz: cannot write the handout: %s\n",
				strerror(rc == -EIO || rc == 0 ? (errno ? errno : EIO)
							       : -rc));
			rc = EXIT_FAILURE;
		}
	}
	for (i = first; i <= last; i++)
		wv_lesson_free(ls[i]);
	free(ls);
	free(files);
	return rc;
}

/*
 * Does the trace of in lack the sub-step --step names?  Then the usage error
 * is said ("--step nope:1: no step 'nope' in this trace; ...").  A trace
 * that cannot be built is the visualizer's to report.
 */
static bool step_refused(const struct wv_cli *c, const struct wv_trace_in *in)
{
	struct wv_trace t;
	char why[800];
	size_t k;
	bool bad;

	if (wv_trace_build(&t, in) != 0)
		return false;
	bad = wv_step_find(&t, c->step_arg, &k, why, sizeof(why)) < 0;
	if (bad)
		cli_usage_error("%s", why);
	wv_trace_free(&t);
	return bad;
}

int main(int argc, char **argv)
{
	struct wv_cli c;
	static uint8_t word[WV_WORD_MAX];
	struct wv_trace t;
	struct wv_error e;
	size_t len;
	long offset, page_end;
	int err;

	if (wv_cli_parse(&c, argc, argv) < 0) {
		cli_usage_error("%s", c.err);
		return EXIT_USAGE;
	}
	if (c.help) {
		wv_cli_help(stdout);
		return cli_finish_stdout();
	}
	if (c.version)
		return version(&c, argv[0]);
	if (c.list) {
		wv_cli_list_arch(stdout);
		return cli_finish_stdout();
	}
	if (c.check_lesson)
		return check_lesson(c.check_lesson);
	if (c.list_lessons)
		return list_lessons(&c, argv[0]);
	if (c.lesson || c.range_first || c.course)
		return run_lesson(&c, argv[0]);
	if (!c.word_src)
		c.word_src = DEFAULT_WORD;
	if ((offset = wv_cli_offset(&c)) < 0) {
		cli_usage_error("%s", c.err);
		return EXIT_USAGE;
	}
	if (wv_word_parse(c.word_src, word, &len, &e) < 0) {
		cli_usage_error("word, column %d: %s", e.col, e.msg);
		wv_cli_caret(stderr, c.word_src, e.col);
		return EXIT_USAGE;
	}
	if ((page_end = wv_cli_page_end(&c, (size_t)offset, len)) < 0) {
		cli_usage_error("%s", c.err);
		return EXIT_USAGE;
	}

	if (c.try_src) {
		/* the formula is drawn on the first word, as has_zero gets it */
		err = wv_trace_build(&t, &(struct wv_trace_in){
			.v = c.v, .word = word, .word_len = len,
			.offset = (size_t)offset, .fill = (uint8_t)c.fill, .delim = -1 });
		if (err) {
			fprintf(stderr, "watviz: cannot trace the word: %s\n", strerror(-err));
			return EXIT_FAILURE;
		}
		uint64_t a = t.words[0].value;

		wv_trace_free(&t);
		return wv_cli_try(&c, a, c.word_src);
	}
	if (c.record && !interactive(&c))
		return record_needs_tty();
	/* a --step the trace lacks is said here, as without a terminal,
	   before the visualizer takes the screen */
	if (c.step_arg && interactive(&c) && !c.list_steps &&
	    step_refused(&c, &(struct wv_trace_in){
		    .v = c.v, .word = word, .word_len = len, .offset = (size_t)offset,
		    .fill = (uint8_t)c.fill, .delim = c.delim,
		    .page_end = (size_t)page_end }))
		return EXIT_USAGE;
	if ((interactive(&c) && !c.list_steps) || c.mode == WV_MODE_CAST) {
		struct wv_ui_opts uo = {
			.word = word, .word_len = len, .word_src = c.word_src,
			.variant = c.v, .offset = (size_t)offset, .fill = c.fill,
			.delim = c.delim, .color = c.color,
			.page_end = (size_t)page_end, .no_mouse = c.no_mouse,
			.present = c.present, .split = c.split,
			.theme = (enum wv_theme)c.theme, .step = c.step_arg,
		};
		struct wv_lesson_file *files = NULL;

		if (c.mode == WV_MODE_CAST)
			return run_cast(&c, &uo);
		uo.nfiles = quiet_lessons(argv[0], &files);
		uo.files = files;
		err = run_ui(&c, &uo);
		free(files);
		return err;
	}

	err = wv_trace_build(&t, &(struct wv_trace_in){
		.v = c.v, .word = word, .word_len = len, .offset = (size_t)offset,
		.fill = (uint8_t)c.fill, .delim = c.delim,
		.page_end = (size_t)page_end });
	if (err) {
		fprintf(stderr, "watviz: cannot trace the word: %s\n",
			err == -EPROTO ? "the step engine disagrees with the core "
					 "(a bug; please report it)"
				       : strerror(-err));
		return EXIT_FAILURE;
	}
	if (c.step_arg && c.mode == WV_MODE_AUTO && !interactive(&c)) {
		/* a wrong name is the first thing to say; then the terminal */
		char why[800];
		size_t k;

		if (wv_step_find(&t, c.step_arg, &k, why, sizeof(why)) < 0)
			cli_usage_error("%s", why);
		else
			cli_usage_error("--step %s: the visualizer opens there, and it "
					"needs a terminal on stdin and stdout; for a figure "
					"of that sub-step add --svg", c.step_arg);
		wv_trace_free(&t);
		return EXIT_USAGE;
	}
	if (c.list_steps || c.mode == WV_MODE_SVG) {
		err = c.list_steps ? list_steps(&t) : svg(&c, &t);
		wv_trace_free(&t);
		return err;
	}
	if (c.mode == WV_MODE_JSON) {
		err = wv_json_write(stdout, &t);
	} else if (c.mode == WV_MODE_HTML) {
		char title[300];

		struct wv_trace u;
		struct wv_trace_in in = t.in;

		snprintf(title, sizeof(title), "watviz: \"%s\" on %s%s%s", c.word_src,
			 c.v->name, c.split ? " and " : "", c.split ? c.split->name : "");
		if (c.split) {	/* the same memory on the second variant */
			char why[256];

			if (wv_trace_in_split(&in, &t.in, c.split, why,
					      sizeof(why)) < 0) {
				cli_usage_error("--split %s: %s", c.split->name, why);
				wv_trace_free(&t);
				return EXIT_USAGE;
			}
			err = wv_trace_build(&u, &in);
			if (err) {
				fprintf(stderr, "watviz: --split %s: cannot trace the word: "
					"%s\n", c.split->name, strerror(-err));
				wv_trace_free(&t);
				return EXIT_FAILURE;
			}
		}
		err = wv_html_begin(stdout, title);
		if (err == 0)
			err = c.split ? wv_html_split(stdout, &t, &u, &(struct wv_html_opts){
				.word_src = c.word_src, .web_url = c.web_url })
			      : wv_html_trace(stdout, &t, &(struct wv_html_opts){
				.word_src = c.word_src, .web_url = c.web_url });
		if (c.split)
			wv_trace_free(&u);
		if (err == 0)
			err = wv_html_end(stdout);
	} else {
		struct wv_plain_opts po = {
			.color = wv_plain_want_color(stdout, c.color),
			.word_src = c.word_src,
		};

		err = wv_plain_render(stdout, &t, &po);
	}
	wv_trace_free(&t);
	if (err || fclose(stdout) != 0) {
		fprintf(stderr, "watviz: cannot write the output: %s\n",
			strerror(errno ? errno : EIO));
		return EXIT_FAILURE;
	}
	return 0;
}
