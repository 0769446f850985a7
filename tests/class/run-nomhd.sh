#!/bin/sh
# watviz built without the class server (make MHD=no, in build-nomhd/):
# --class in a real terminal says how to get libmicrohttpd and exits 1
# with the terminal untouched, and :class inside a running lesson says
# the same on the message line while the lesson goes on.  A second build
# of the program, so make check-full's (CI) and make check-nomhd's only;
# make check and make asan skip it, saying so.  Prints TAP.
#   sh tests/class/run-nomhd.sh BUILD        (BUILD is not used)
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
if [ -z "${WATVIZ_CHECK_FULL:-}" ] || [ -n "${WATVIZ_SANITIZED:-}" ]; then
	echo "1..0 # SKIP a build without libmicrohttpd: make check-full or make check-nomhd"
	exit 0
fi
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$ROOT/build-nomhd/watviz
LESSONS=$ROOT/lessons
PLAN=3
log=$(mktemp)
if ! MAKEFLAGS='' make -C "$ROOT" --no-print-directory -s -j"$(nproc 2>/dev/null || echo 2)" \
	BUILD=build-nomhd MHD=no build-nomhd/watviz >"$log" 2>&1; then
	echo "1..1"
	echo "not ok 1 - make MHD=no build-nomhd/watviz"
	sed 's/^/# /' "$log" | tail -n 20
	rm -f "$log"
	exit 1
fi
rm -f "$log"
. "$(dirname "$0")/../tui/lib.sh"

missing="watviz: this watviz was built without the class server: install libmicrohttpd-dev and libqrencode-dev, then make"
start_shell 100 30
run "clear; $BIN --lessons-dir $LESSONS --lesson 3 --class=127.0.0.1:8080 2>err.txt; echo R-\$?"
wait_for "R-" >/dev/null
[ "$(cat "$tmp/err.txt")" = "$missing" ] && shows "R-1" && lacks "scene 1 of"
check $? "--class in a build without libmicrohttpd: says how to get it, exit 1, no lesson drawn"
run "stty -a >stty.after; echo AFTER-\$?"
wait_for "AFTER-0" && cmp -s "$tmp/stty.before" "$tmp/stty.after"
check $? "the terminal is as it was before"

run "clear; $BIN --lessons-dir $LESSONS --lesson 3 --restart; echo M-\$?"
wait_for "scene 1 of 6" && T send-keys -t =t: -l ":class 127.0.0.1:8080" && keys Enter &&
	wait_for "built without the class server: install libmicrohttpd-dev" &&
	lacks "Join the class" && keys q && wait_for "M-0"
check $? ":class in a lesson: the same sentence on the message line, the lesson goes on, q exits 0"
