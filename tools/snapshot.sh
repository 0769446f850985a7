#!/bin/sh
# Write every output watviz makes without a terminal into OUTDIR, one file
# per run (stdout, then a line with the exit status, then stderr), so that
# a change meant to move code and nothing else can be checked byte for byte:
#   sh tools/snapshot.sh build/watviz /tmp/before   # on the old tree
#   sh tools/snapshot.sh build/watviz /tmp/after    # on the new tree
#   diff -r /tmp/before /tmp/after
# Covers every variant x words x (plain, json, html, list-steps, cast, each
# svg step), every lesson x allowed variant x (plain, html, cast),
# --course, --check-lesson on every lesson and --try.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BIN=${1:?usage: tools/snapshot.sh BIN OUTDIR}
OUT=${2:?usage: tools/snapshot.sh BIN OUTDIR}
mkdir -p "$OUT" || exit 2
LESSONS=${WATVIZ_LESSONS:-$(dirname "$0")/../lessons}
export WATVIZ_LESSONS="$LESSONS" NO_COLOR=1 LC_ALL=C.UTF-8 TZ=UTC
# keep lesson progress and history out of the user's home
HOME=$(mktemp -d) || exit 2
XDG_STATE_HOME=$HOME/.state XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.data
export HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME

run() { # NAME ARGS...: run BIN ARGS with stdin from /dev/null
	name=$1; shift
	{ "$BIN" "$@" </dev/null 2>"$OUT/.err"; echo "exit $?"; cat "$OUT/.err"; } >"$OUT/$name"
}

ARCHES=$("$BIN" --list-arch | awk '{print $1}')
i=0
for w in 'ab\0cd' '' 'a\x01\0bcdefg' '\x80\x80\0' 'usr/bin' 'abcdefgh\0' \
	'\xff\x01\x00\x80' '\x01\x01\x01\x01\x01\x01\x01\x01' 'hello world'; do
	i=$((i + 1))
	for a in $ARCHES; do
		run "w$i-$a.plain" --arch "$a" --plain -- "$w"
		run "w$i-$a.json" --arch "$a" --json -- "$w"
		run "w$i-$a.html" --arch "$a" --html -- "$w"
		run "w$i-$a.steps" --arch "$a" --list-steps -- "$w"
		run "w$i-$a.cast" --arch "$a" --cast -- "$w"
		run "w$i-$a.comp" --arch "$a" --plain --component -- "$w"
		run "w$i-$a.off3" --arch "$a" --json --offset 3 --fill 0x2f -- "$w"
		run "w$i-$a.edge" --arch "$a" --plain --offset 5 --delim / --page-end 16 -- "$w"
		if [ "$i" -le 2 ]; then
			for s in $("$BIN" --arch "$a" --list-steps -- "$w" | awk '{print $1}'); do
				run "w$i-$a.svg-$(echo "$s" | tr ':' '-')" --arch "$a" --svg --step "$s" -- "$w"
			done
		fi
	done
done

for f in "$LESSONS"/[0-9]*.lesson; do
	n=$(basename "$f" | sed 's/-.*//')
	run "check-$n" --check-lesson "$f"
	for a in $ARCHES; do
		run "l$n-$a.plain" --arch "$a" --lesson "$n" --plain
		run "l$n-$a.html" --arch "$a" --lesson "$n" --html
		run "l$n-$a.cast" --arch "$a" --lesson "$n" --cast
	done
done
for a in $ARCHES; do
	run "course-$a.plain" --arch "$a" --course --plain
	run "course-$a.html" --arch "$a" --course --html
done
run list-lessons --list-lessons
run list-arch --list-arch
for e in '(a - ONES) & ~a & HIGHS' '(a - ONES) & ~a' 'a & HIGHS' 'x = a ^ HIGHS; x' '('; do
	run "try-$(printf %s "$e" | od -An -tx1 | tr -d ' \n' | cut -c1-24)" --try "$e" --plain 'ab\0cd'
done
run try-exact --try '((a & LOW7) + LOW7 | a) & HIGHS ^ HIGHS' --as exact --plain 'ab\0cd'
rm -f "$OUT/.err"
rm -rf "$HOME"
echo "$(ls "$OUT" | wc -l) outputs in $OUT"
