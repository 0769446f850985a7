#!/bin/sh
# Summarise gcov data of a --coverage build per source directory (lines and
# branches), then list the lines not covered in the pure parts.
#   sh tools/coverage.sh build-cov
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
BUILD=${1:-build-cov}
json=$BUILD/coverage.json
gcovr -r . --object-directory "$BUILD" --filter 'src/' --json "$json" >/dev/null 2>&1
/usr/bin/env python3 - "$json" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
PARSERS = ("src/trace/word.c", "src/lesson/parse.c", "src/lesson/loader.c",
           "src/app/cmdline.c", "src/cli/args.c")
dirs = {}
uncovered = {}
for f in d["files"]:
    name = f["file"]
    top = os.path.dirname(name)
    t = dirs.setdefault(top, [0, 0, 0, 0])
    for ln in f["lines"]:
        if ln.get("gcovr/noncode"):
            continue
        t[1] += 1
        if ln["count"] > 0:
            t[0] += 1
        else:
            uncovered.setdefault(name, []).append(ln["line_number"])
        for br in ln.get("branches", []):
            t[3] += 1
            if br["count"] > 0:
                t[2] += 1
print("%-12s %14s %16s" % ("directory", "lines", "branches"))
for top in sorted(dirs):
    lc, lt, bc, bt = dirs[top]
    print("%-12s %6.1f%% %4d/%-4d %6.1f%% %4d/%-4d" % (top, 100.0 * lc / max(lt, 1), lc, lt,
          100.0 * bc / max(bt, 1), bc, bt))
print()
print("the parsers:")
for f in d["files"]:
    if f["file"] in PARSERS:
        lc = sum(1 for l in f["lines"] if not l.get("gcovr/noncode") and l["count"] > 0)
        lt = sum(1 for l in f["lines"] if not l.get("gcovr/noncode"))
        bs = [b for l in f["lines"] if not l.get("gcovr/noncode") for b in l.get("branches", [])]
        bc = sum(1 for b in bs if b["count"] > 0)
        print("%-24s %6.1f%% %4d/%-4d %6.1f%% %4d/%-4d" % (f["file"], 100.0 * lc / max(lt, 1), lc, lt,
              100.0 * bc / max(len(bs), 1), bc, len(bs)))
print()
print("lines not run, in the pure parts and the parsers:")
for name in sorted(uncovered):
    if not (name.startswith(("src/core", "src/trace", "src/lesson")) or
            name in PARSERS):
        continue
    ls = uncovered[name]
    # compress runs: 10-12, 40
    runs, start, prev = [], ls[0], ls[0]
    for x in ls[1:] + [None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        runs.append(str(start) if start == prev else "%d-%d" % (start, prev))
        if x is not None:
            start = prev = x
    print("  %s: %s" % (name, ", ".join(runs)))
PY
