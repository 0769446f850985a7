#!/bin/sh
# The verdicts of tests/try's formulas do not depend on the machine's load:
# each formula's JSON verdict, counterexample, "smallest" and the solver's
# count of its work, once on the machine as it is and once beside four busy
# loops (sh -c 'while :; do :; done' x4), must be byte for byte the same.
# Not part of make check (it loads the machine on purpose); run it by hand:
#   sh tests/try/loaded.sh [BUILD]
# Prints both runs' times and "same verdicts under load" or the diff; exit 0
# when the same.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$BUILD/watviz
DIR=$(dirname "$0")
tmp=$(mktemp -d)
loops=""
stop_loops() {
	for p in $loops; do kill "$p" 2>/dev/null; done
	loops=""
}
trap 'stop_loops; rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

[ -x "$BIN" ] || { echo "$BIN is not built" >&2; exit 1; }

# one formula a line: watviz's arguments (the JSON verdicts of run-try.sh,
# the golden cases, and a formula far over the budget)
{
	for w in x86-64 x86-32; do
		echo "--arch $w --try '(a - ONES) & ~a & HIGHS'"
		echo "--arch $w --try '(a - ONES) & HIGHS'"
		echo "--arch $w --try '(a - ONES) & ~a'"
		echo "--arch $w --try 'a & HIGHS'"
		echo "--arch $w --as exact --try '~(((a & LOW7) + LOW7) | a | LOW7)'"
	done
	echo "--as find_zero --try '(mask * 0x0001020304050608) >> 56'"
	echo "--arch s390 --as find_zero --try '(mask ^ 63) >> 3'"
	grep -v '^#' "$DIR/cases" | cut -f2
	echo "--try 'x = a & 0xffffffff; y = a >> 32; ((a - ONES) & ~a & HIGHS) | (x * y == 4611686018427387847)'"
} >"$tmp/formulas"

# the verdict fields of every formula, one line each (no "seconds")
verdicts() {
	while IFS= read -r args; do
		eval "set -- $args"
		"$BIN" --json "$@" 2>&1 | python3 -c '
import json, sys
j = json.load(sys.stdin)
c = j["counterexample"]
print(j["formula"], j["arch"], j["as"], j["verdict"], j["method"],
      "work", j["work"], c and c["word"], c and c["smallest"])'
	done <"$tmp/formulas"
}

s=$(date +%s)
verdicts >"$tmp/quiet"
echo "quiet: $(wc -l <"$tmp/quiet") formulas in $(($(date +%s) - s)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"

for i in 1 2 3 4; do
	sh -c 'while :; do :; done' &
	loops="$loops $!"
done
s=$(date +%s)
verdicts >"$tmp/loaded"
echo "beside 4 busy loops: $(wc -l <"$tmp/loaded") formulas in $(($(date +%s) - s)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
stop_loops

if cmp -s "$tmp/quiet" "$tmp/loaded"; then
	cat "$tmp/quiet"
	echo "same verdicts under load"
	exit 0
fi
diff -u "$tmp/quiet" "$tmp/loaded"
echo "DIFFERENT verdicts under load"
exit 1
