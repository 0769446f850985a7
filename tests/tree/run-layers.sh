#!/bin/sh
# The layers point one way: core <- expr <- trace <- try <- prove <- lesson
# <- render <- app <- ui <- cli.  Each file in src/L/ and each header may
# include only watviz headers of its own layer or a lower one; only src/ui
# includes curses, readline or the tty's headers (src/app/keys.c takes the
# key codes from <curses.h>, nothing else); only src/prove/z3.c includes
# <z3.h>; the core includes no I/O header.  One TAP line per file.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
exec python3 - <<'PY'
import glob, os, re

ORDER = ["core", "expr", "trace", "try", "prove", "lesson", "render", "app", "ui", "cli"]
# each header's layer: where it is implemented (ui.h is the visualizer's
# options struct, which the lesson state in app keeps; wv_ui_run is ui's)
HEADER = {
    "wat": "core", "wordops": "core", "watsteps": "core", "str": "core",
    "expr": "expr", "error": "expr",
    "trace": "trace", "word": "trace", "stepname": "trace",
    "try": "try", "prove": "prove",
    "lesson": "lesson", "pace": "lesson",
    "screen": "render", "plain": "render", "json": "render", "handout": "render",
    "svg": "render", "ansi": "render",
    "look": "render", "html": "render",
    "app": "app", "classroom": "app", "cmdline": "app", "keys": "app",
    "lessonview": "app", "view": "app", "progress": "app", "state": "app",
    "cast": "app",
    "ui": "app",
    "history": "ui", "prompt": "ui", "render": "ui", "term": "ui",
    "cli": "cli",
}
TERMINAL = {"curses.h", "ncurses.h", "term.h", "termios.h",
            "readline/readline.h", "readline/history.h"}
IO = {"stdio.h", "unistd.h", "fcntl.h", "dirent.h", "sys/stat.h", "pthread.h"}

def layer_of(path):
    if path.startswith("include/watviz/"):
        return HEADER.get(os.path.basename(path)[:-2])
    return path.split("/")[1]

files = sorted(glob.glob("src/*/*.c")) + sorted(glob.glob("include/watviz/*.h"))
extra = [h for h in glob.glob("include/watviz/*.h")
         if os.path.basename(h)[:-2] not in HEADER]
print("1..%d" % (len(files) + 1))
n = 0
for path in files:
    n += 1
    me = layer_of(path)
    bad = []
    for inc in re.findall(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]',
                          open(path).read(), re.M):
        if inc.startswith("watviz/"):
            them = HEADER.get(inc[7:-2])
            if them is None or me not in ORDER or ORDER.index(them) > ORDER.index(me):
                bad.append("%s (layer %s)" % (inc, them))
        elif inc in TERMINAL and me != "ui" and not (
                path == "src/app/keys.c" and inc == "curses.h"):
            bad.append(inc + " (terminal)")
        elif inc == "z3.h" and path != "src/prove/z3.c":
            bad.append(inc)
        elif me == "core" and inc in IO:
            bad.append(inc + " (I/O in the core)")
    if bad:
        print("not ok %d - %s (layer %s) includes %s" % (n, path, me, ", ".join(bad)))
    else:
        print("ok %d - %s (layer %s) includes only its own layer and lower" % (n, path, me))
n += 1
if extra:
    print("not ok %d - headers with no layer in tests/tree/run-layers.sh: %s" % (n, " ".join(extra)))
else:
    print("ok %d - every header in include/watviz has a layer" % n)
PY
