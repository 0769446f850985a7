#!/bin/sh
# The layers point one way: core <- measure <- expr <- trace <- try <- prove <- lesson
# <- live <- render <- app <- session <- front <- ui <- web <- cli (front:
# src/front/class/, the class server, which the terminal runs).  Each file in
# src/L/ and each header may include only watviz headers of its own layer or
# a lower one; only src/ui includes curses, readline or the tty's headers
# (keys reach the session in the program's own codes, watviz/keys.h); only
# src/prove/z3.c includes <z3.h>; only src/front/class/ includes
# <microhttpd.h> and <qrencode.h>; the core includes no I/O header.  One TAP
# line per file.
#
# Inside a folder the order holds too (RANK below): a private header
# (src/L/x.h) is included only from its own folder, by a file of its rank
# or higher, and a file calls (nm: its undefined symbols) only functions
# defined by files of a lower rank, or its own.  So in src/trace/ the
# builder is below the shared drawing and the sentences, those below the
# per-call files, and those below the public API; two per-call files never
# call each other.  And no two objects define the same external symbol (a
# static library would link one of them silently).  Needs the objects:
# sh tests/tree/run-layers.sh BUILD (default build).  Every external symbol
# starts with wv_ (the API) or its layer's private prefix (PRIVATE below).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
export WATVIZ_LAYERS_BUILD="${1:-build}"
exec python3 - <<'PY'
import glob, os, re, subprocess

ORDER = ["core", "measure", "expr", "trace", "try", "prove", "lesson", "live", "render", "app",
         "session", "front", "ui", "web", "cli"]
# each header's layer: where it is implemented (ui.h is the visualizer's
# options struct, which the lesson state in app keeps; wv_ui_run is ui's)
HEADER = {
    "wat": "core", "wordops": "core", "watsteps": "core", "str": "core",
    "measure": "measure",
    "expr": "expr", "error": "expr",
    "trace": "trace", "word": "trace", "stepname": "trace",
    "try": "try", "prove": "prove", "dl": "prove",
    "lesson": "lesson", "pace": "lesson", "rules": "lesson",
    "live": "live",
    "screen": "render", "plain": "render", "json": "render", "handout": "render",
    "svg": "render", "ansi": "render", "theme": "render",
    "look": "render", "hide": "render", "html": "render", "weblink": "render",
    "app": "app", "classroom": "app", "cmdline": "app", "keys": "app",
    "lessonview": "app", "view": "app", "progress": "app", "state": "app",
    "cast": "app",
    "ui": "app",
    "session": "session", "link": "session",
    "history": "ui", "prompt": "ui", "render": "ui", "term": "ui",
    "cli": "cli",
    "classsrv": "front",
}
TERMINAL = {"curses.h", "ncurses.h", "term.h", "termios.h",
            "readline/readline.h", "readline/history.h"}
SERVER = {"microhttpd.h", "qrencode.h"}
IO = {"stdio.h", "unistd.h", "fcntl.h", "dirent.h", "sys/stat.h", "pthread.h"}

def layer_of(path):
    if path.startswith("include/watviz/"):
        return HEADER.get(os.path.basename(path)[:-2])
    return path.split("/")[1]

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
        "lesson": 0, "rules": 0,
        "lint": 1, "parse": 2, "grade": 1, "wrong": 2,
        "narrate": 2, "distract": 3, "pace": 3,
        "check": 3,
        "loader": 4,
    },
    # only the view's files are ranked in src/app/ so far: its parts are
    # peers, the layouts in view.c above them
    "app": {
        "_partial": True,
        "view_memory": 0, "view_registers": 0, "view_calls": 0, "view_lines": 0,
        "view_chart": 1,
        "view": 1,
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
private = SRC_H
extra = [h for h in glob.glob("include/watviz/*.h")
         if os.path.basename(h)[:-2] not in HEADER]
ranked = [p for p in sorted(glob.glob("src/*/*.[ch]")) if p.split("/")[1] in RANK
          and (rank_of(p) is not None or not RANK[p.split("/")[1]].get("_partial"))]
print("1..%d" % (len(files) + len(private) + len(ranked) + 5))
n = 0
def include_problems(path, me):
    """The includes of path that break the layer order, as phrases."""
    bad = []
    for inc in re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]',
                          open(path).read(), re.M):
        if inc.startswith("watviz/"):
            them = HEADER.get(inc[7:-2])
            if them is None or me not in ORDER or ORDER.index(them) > ORDER.index(me):
                bad.append("%s (layer %s)" % (inc, them))
        elif inc in TERMINAL and me != "ui":
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
nm_syms = {}
objs = sorted(glob.glob(os.path.join(build, "src/*/*.o")))
if objs:
    out = subprocess.run(["nm", "-g", "-A"] + objs, capture_output=True, text=True)
    for l in out.stdout.splitlines():
        obj, _, rest = l.partition(":")
        f = rest.split()
        if len(f) >= 2:
            d = nm_syms.setdefault(obj, {"--defined-only": set(), "--undefined-only": set()})
            d["--undefined-only" if f[-2] in ("U", "w", "v") else "--defined-only"].add(f[-1])
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
           "cli": "cli_"}
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

# The terminal only reads input, paints frames and provides the platform:
# it reaches the app, the lesson and the views only through the session.
n += 1
around = []
for obj in sorted(glob.glob(os.path.join(build, "src/ui/*.o"))):
    for sym in sorted(nm(obj, "--undefined-only") or ()):
        if re.match(r"wv_(app|class|lesson|lessonview|view|cast)_", sym):
            around.append("%s calls %s" % (os.path.relpath(obj, build), sym))
if around:
    print("not ok %d - the terminal goes around the session: %s" % (n, ", ".join(around)))
else:
    print("ok %d - src/ui/ calls the app, the lesson and the views only through wv_session_*" % n)

n += 1
if extra:
    print("not ok %d - headers with no layer in tests/tree/run-layers.sh: %s" % (n, " ".join(extra)))
else:
    print("ok %d - every header in include/watviz has a layer" % n)
PY
