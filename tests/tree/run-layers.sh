#!/bin/sh
# The layers point one way, ORDER below (lowest first; docs/HACKING.md quotes
# the list).  include/watviz/ holds only the installed core API (Makefile's
# CORE_HDR), included as "watviz/x.h"; every other header sits beside its
# layer, in src/L/, and is included as "L/x.h" (src/front/F/ is layer
# front/F: the class server, the terminal, the page).  Each file may include
# only headers of its own layer or a lower one; only src/front/term includes
# curses, readline or the tty's headers (keys reach the session in the
# program's own codes, app/keys.h); only src/prove/z3.c includes <z3.h>; only
# src/front/class/ includes <microhttpd.h> and <qrencode.h>; the core
# includes no I/O header.  One TAP line per file.
#
# A header listed in PRIVATE_H is its folder's own: included ("x.h") only
# from its folder.  Inside a folder the order holds too (RANK below): a
# private header is included only by a file of its rank or higher, and a
# file calls (nm: its undefined symbols) only functions defined by files of
# a lower rank, or its own.  So in src/trace/ the builder is below the
# shared drawing and the sentences, those below the per-call files, and
# those below the public API; two per-call files never call each other.  And
# no two objects define the same external symbol (a static library would
# link one of them silently).  Needs the objects: sh
# tests/tree/run-layers.sh BUILD (default build).  Every external symbol
# starts with wv_ (the API) or its layer's private prefix (PRIVATE below).
# The front-ends (src/front/term's objects, and src/front/web's as the page's native twin
# builds them: make build/web/driver, else that line is skipped) call the
# app, the lesson, the views, links, words and steps only through
# wv_session_*.  No source file (src/**/*.c) is over 900 lines (issue 43):
# past that a file holds more than one thing; split it along a seam.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
export WATVIZ_LAYERS_BUILD="${1:-build}"
exec python3 - <<'PY'
import glob, os, re, subprocess

ORDER = ["core", "measure", "expr", "trace", "try", "prove", "lesson", "live", "render", "app",
         "session", "front/class", "front/term", "front/web", "cli"]
# the headers private to their folder; every other header in src/L/ is
# layer L's interface
PRIVATE_H = {
    "src/trace/build.h", "src/trace/draw.h", "src/trace/sentences.h", "src/trace/steps.h",
    "src/prove/stop.h",
    "src/lesson/internal.h", "src/lesson/grade.h", "src/lesson/lint.h", "src/lesson/parse.h",
    "src/render/htmlparts.h",
    "src/app/asked.h", "src/app/retrace.h", "src/app/view_lines.h",
    "src/app/view_registers.h",
    "src/front/class/assets.h", "src/front/class/check.h", "src/front/class/conns.h",
    "src/front/class/listen.h", "src/front/class/mhd.h", "src/front/class/qr.h",
    "src/front/class/request.h",
    "src/front/web/lessons.h", "src/front/web/store.h", "src/front/web/web.h",
    "src/session/keep.h", "src/session/line.h",
    "src/cli/out.h",
}
# the installed core API: Makefile's CORE_HDR
CORE_HDR = re.search(r"^CORE_HDR\s*:=((?:.*\\\n)*.*)$", open("Makefile").read(), re.M)
CORE_HDR = set(CORE_HDR.group(1).replace("\\", " ").split()) if CORE_HDR else set()
TERMINAL = {"curses.h", "ncurses.h", "term.h", "termios.h",
            "readline/readline.h", "readline/history.h"}
SERVER = {"microhttpd.h", "qrencode.h"}
IO = {"stdio.h", "unistd.h", "fcntl.h", "dirent.h", "sys/stat.h", "pthread.h"}

def layer_of(path):
    """the layer of a file of the tree (include/watviz/x.h, src/L/x.c,
    src/front/F/x.c), None outside the layers"""
    parts = path.split("/")
    if parts[0] == "include":
        return "core"
    if parts[0] != "src" or len(parts) < 3:
        return None
    return "/".join(parts[1:3]) if parts[1] == "front" else parts[1]

# rank of each file inside its folder: a file may use what ranks below it
RANK = {
    "trace": {
        "build": 0,
        "draw": 1, "sentences": 1,
        "load": 2, "has_zero": 2, "prep": 2, "create": 2, "find": 2,
        "bytemask": 2, "steps": 2,
        "trace": 3, "word": 0, "stepname": 4,
    },
    "lesson": {
        "lesson": 0, "internal": 0, "rules": 0,
        "lint": 1, "parse": 2, "grade": 1, "typed": 1, "slip": 2, "wrong": 3,
        # the answer and its worked text, over grade's readers of the trace
        # and under every file that asks for an answer
        "worked": 1.5,
        "narrate": 2, "distract": 4, "pace": 4,
        "check": 3,
        "loader": 5,
    },
    # only the view's files are ranked in src/app/ so far: its parts are
    # peers, the layouts in view.c above them
    "app": {
        "_partial": True,
        "view_memory": 0, "view_registers": 0, "view_calls": 0, "view_lines": 0,
        "view_chart": 1, "view_split": 1,
        "view": 2,
        "control": 0, "asked": 1, "classroom": 2,
    },
}

def rank_of(path):
    folder, base = path.split("/")[1], os.path.basename(path)[:-2]
    return RANK.get(folder, {}).get(base)

# src/front/F/ is layer front (the class server: src/front/class/)
SRC_C = sorted(glob.glob("src/*/*.c") + glob.glob("src/front/*/*.c"))
SRC_H = sorted(glob.glob("src/*/*.h") + glob.glob("src/front/*/*.h"))
files = SRC_C + sorted(glob.glob("include/watviz/*.h"))
files += [h for h in SRC_H if h not in PRIVATE_H]
private = [h for h in SRC_H if h in PRIVATE_H]
extra = sorted(set(glob.glob("include/watviz/*.h")) - CORE_HDR)
ranked = [p for p in sorted(glob.glob("src/*/*.[ch]")) if p.split("/")[1] in RANK
          and (rank_of(p) is not None or not RANK[p.split("/")[1]].get("_partial"))]
print("1..%d" % (len(files) + len(private) + len(ranked) + 8))
n = 0
def include_problems(path, me):
    """The includes of path that break the layer order, as phrases."""
    bad = []
    for quote, inc in re.findall(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]',
                                 open(path).read(), re.M):
        if quote == '"' and "/" in inc:
            # "watviz/x.h" is the core's; "L/x.h" is src/L/x.h, layer L's
            # interface
            there = "include/" + inc if inc.startswith("watviz/") else "src/" + inc
            them = layer_of(there) if os.path.exists(there) else None
            if there in PRIVATE_H:
                bad.append("%s (private to %s)" % (inc, os.path.dirname(there)))
            elif them is None or me not in ORDER or ORDER.index(them) > ORDER.index(me):
                bad.append("%s (layer %s)" % (inc, them))
        elif inc in TERMINAL and me != "front/term":
            bad.append(inc + " (terminal)")
        elif inc == "z3.h" and path != "src/prove/z3.c":
            bad.append(inc)
        elif inc in SERVER and not path.startswith("src/front/class/"):
            bad.append(inc + " (only the class server)")
        elif me == "core" and inc in IO:
            bad.append(inc + " (I/O in the core)")
    return bad

for path in files:
    n += 1
    me = layer_of(path)
    bad = include_problems(path, me)
    if bad:
        print("not ok %d - %s (layer %s) includes %s" % (n, path, me, ", ".join(bad)))
    else:
        print("ok %d - %s (layer %s) includes only its own layer and lower" % (n, path, me))
# each source's quoted includes, read once
sources = SRC_C + SRC_H + glob.glob("include/*/*.h") + glob.glob("tests/*/*.c")
quoted = {p: re.findall(r'^\s*#\s*include\s*"([^"]+)"', open(p).read(), re.M)
          for p in sources}
for path in private:
    n += 1
    me = layer_of(path)
    bad = include_problems(path, me)
    users = [p for p in sources
             if any(os.path.normpath(os.path.join(os.path.dirname(p), inc)) == path
                    for inc in quoted[p])
             and os.path.dirname(p) != os.path.dirname(path)
             and not p.startswith("tests/")]
    if users:
        bad.append("included from outside %s: %s" % (os.path.dirname(path), " ".join(users)))
    if bad:
        print("not ok %d - %s (private to src/%s): %s" % (n, path, me, "; ".join(bad)))
    else:
        print("ok %d - %s is private to src/%s and includes only its layer and lower" % (n, path, me))

build = os.environ.get("WATVIZ_LAYERS_BUILD", "build")
# every object's external symbols from one nm (nm -A names the object on
# each line), defined and undefined apart: one process, not three an object
def read_nm(objs):
    """objs' external symbols, {obj: {"--defined-only": set, "--undefined-only":
    set}}, from one nm (nm -A names the object on each line)"""
    syms = {}
    if not objs:
        return syms
    out = subprocess.run(["nm", "-g", "-A"] + objs, capture_output=True, text=True)
    for l in out.stdout.splitlines():
        obj, _, rest = l.partition(":")
        f = rest.split()
        # the sanitizers' own markers (__odr_asan.x beside x, make asan)
        if len(f) >= 2 and not f[-1].startswith("__odr_asan"):
            d = syms.setdefault(obj, {"--defined-only": set(), "--undefined-only": set()})
            d["--undefined-only" if f[-2] in ("U", "w", "v") else "--defined-only"].add(f[-1])
    return syms
nm_syms = read_nm(sorted(glob.glob(os.path.join(build, "src/*/*.o")) +
                         glob.glob(os.path.join(build, "src/front/*/*.o"))))
def nm(obj, flag):
    """obj's external symbols, defined or undefined (flag as nm's); None
    when nm could not read it"""
    if not os.path.exists(obj):
        return None
    return nm_syms.get(obj, {}).get(flag, set())

defined = {}
for path in ranked:
    if path.endswith(".c"):
        syms = nm(os.path.join(build, path[:-2] + ".o"), "--defined-only")
        for sym in syms or ():
            defined[sym] = path
for path in ranked:
    n += 1
    me = rank_of(path)
    folder = os.path.dirname(path)
    bad = []
    if me is None:
        bad.append("no rank in tests/tree/run-layers.sh's RANK")
    for inc in re.findall(r'^\s*#\s*include\s*"([^"/]+\.h)"', open(path).read(), re.M):
        r = rank_of(os.path.join(folder, inc))
        if r is None or me is None or r > me:
            bad.append("includes %s (rank %s)" % (inc, r))
    if path.endswith(".c"):
        obj = os.path.join(build, path[:-2] + ".o")
        undef = nm(obj, "--undefined-only")
        if undef is None:
            bad.append("no object %s (build first)" % obj)
        for sym in sorted(undef or ()):
            there = defined.get(sym)
            if there and os.path.dirname(there) == folder and there != path and (me is None
                                             or rank_of(there) >= me):
                bad.append("calls %s of %s (rank %s)" % (sym, there, rank_of(there)))
    if bad:
        print("not ok %d - %s (rank %s in src/%s): %s" % (n, path, me, folder[4:], "; ".join(bad)))
    else:
        print("ok %d - %s (rank %s in %s) includes and calls only lower ranks" % (n, path, me, folder))

n += 1
owner, clash = {}, []
for obj in sorted(glob.glob(os.path.join(build, "src/*/*.o")) +
                 glob.glob(os.path.join(build, "src/front/*/*.o"))):
    for sym in nm(obj, "--defined-only") or ():
        if sym in owner:
            clash.append("%s (%s and %s)" % (sym, owner[sym], obj))
        owner[sym] = obj
if clash or not owner:
    print("not ok %d - external symbols defined twice: %s" % (n, ", ".join(clash) or "no objects in " + build))
else:
    print("ok %d - no two objects in %s/src define the same external symbol (%d symbols)" % (n, build, len(owner)))

# Every external symbol of the libraries is the public API's (wv_, WV_) or
# its layer's private prefix, defined in that layer: a short common name
# (fail, record, full) links silently against whichever object defines it.
PRIVATE = {"trace": "tr_", "lesson": "ls_", "app": "app_", "prove": "pv_", "render": "html_",
           "session": "ss_", "cli": "cli_"}
n += 1
unprefixed = []
for sym, obj in sorted(owner.items()):
    layer = os.path.relpath(obj, build).split("/")[1]
    if sym.startswith(("wv_", "WV_")) or (sym == "main" and layer == "cli"):
        continue
    if not any(sym.startswith(pre) and layer == lay for lay, pre in PRIVATE.items()):
        unprefixed.append("%s (%s)" % (sym, os.path.relpath(obj, build)))
if unprefixed or not owner:
    print("not ok %d - external symbols without wv_ or their layer's prefix %s: %s"
          % (n, PRIVATE, ", ".join(unprefixed) or "no objects in " + build))
else:
    print("ok %d - every external symbol is wv_ or its layer's private prefix (%d symbols)"
          % (n, len(owner)))

# One owner per struct: the app's fields are written only by the app's own
# files; the lesson (classroom.c, asked.c), the session and the front-ends
# change them through its functions (src/app/control.c).
n += 1
APP_OWN = {"app", "retrace", "control", "edit", "keys", "cmdline", "state"}
writes = []
assign = re.compile(r"\b(?:app|c->app|ui->app)->[a-z_]+(?:\[[^]]*\])?(?:\.[a-z_]+)?\s*"
                    r"(?:=[^=]|\+=|-=|\+\+|--)")
for path in SRC_C:
    if path.startswith("src/app/") and os.path.basename(path)[:-2] in APP_OWN:
        continue
    if path.startswith("src/app/view"):
        continue
    for i, line in enumerate(open(path), 1):
        if assign.search(line):
            writes.append("%s:%d" % (path, i))
if writes:
    print("not ok %d - struct wv_app written outside its module: %s" % (n, " ".join(writes)))
else:
    print("ok %d - struct wv_app is written only by src/app/'s own files" % n)

# The front-ends only read input, paint frames and provide the platform:
# they reach the app, the lesson, the views and what decides a link, a
# word or a step only through the session, and the votes and the class
# server only through the session and wv_serve_* (front/class/serve.h:
# the class's start and stop order, its log).  The terminal's objects, and
# the page's native twin's (make build/web/driver: the same web.c the
# module is built from, which nm can read).
AROUND = (r"wv_(app|class|lesson|lessonview|view|cast|link|weblink|progress|step|word|wat"
          r"|live|classsrv)_")
def around_session(objs):
    """The calls of objs that go around the session, as phrases."""
    calls = []
    for obj in objs:
        for sym in sorted(nm(obj, "--undefined-only") or ()):
            if re.match(AROUND, sym):
                calls.append("%s calls %s" % (os.path.relpath(obj, build), sym))
    return calls

n += 1
around = around_session(sorted(glob.glob(os.path.join(build, "src/front/term/*.o"))))
if around:
    print("not ok %d - the terminal goes around the session: %s" % (n, ", ".join(around)))
else:
    print("ok %d - src/front/term/ calls the app, the lesson, the views, links, words, steps "
          "and the votes only through wv_session_* (the class server through wv_serve_*)" % n)

n += 1
web_objs = sorted(glob.glob(os.path.join(build, "web/native/src/front/web/*.o")))
if web_objs:
    nm_syms.update(read_nm(web_objs))
around = around_session(web_objs)
if not web_objs:
    print("ok %d - src/front/web/ goes through wv_session_* # SKIP no %s/web/native/src/front/web/*.o "
          "(make build/web/driver builds them)" % (n, build))
elif around:
    print("not ok %d - the page goes around the session: %s" % (n, ", ".join(around)))
else:
    print("ok %d - src/front/web/ calls the app, the lesson, the views, links, words and steps "
          "only through wv_session_*" % n)

# docs/HACKING.md quotes ORDER; the quote is the list, not a copy of it
n += 1
doc = open("docs/HACKING.md").read()
quote = re.search(r"^ORDER = (\[[^]]*\])", doc, re.M)
quoted_order = eval(quote.group(1)) if quote else None
if quoted_order != ORDER:
    print("not ok %d - docs/HACKING.md quotes ORDER as %s, the test has %s" % (n, quoted_order, ORDER))
else:
    print("ok %d - docs/HACKING.md quotes ORDER as the test has it" % n)

n += 1
if extra:
    print("not ok %d - include/watviz/ holds headers that are not the installed core API"
          " (Makefile's CORE_HDR): %s; move them beside their layer, src/L/" % (n, " ".join(extra)))
else:
    print("ok %d - include/watviz/ holds only the installed core API (%d headers)"
          % (n, len(CORE_HDR)))

# no source file over LINES_MAX lines (issue 43): one that grew past it
# holds more than one thing, to be split along a seam
LINES_MAX = 900
n += 1
long_files = []
for path in sorted(glob.glob("src/**/*.c", recursive=True)):
    with open(path, "rb") as f:
        lines = f.read().count(b"\n")
    if lines > LINES_MAX:
        long_files.append("%s (%d lines)" % (path, lines))
if long_files:
    print("not ok %d - source files over %d lines: %s; split each along a seam"
          % (n, LINES_MAX, ", ".join(long_files)))
else:
    print("ok %d - no src/**/*.c file is over %d lines" % (n, LINES_MAX))
PY
