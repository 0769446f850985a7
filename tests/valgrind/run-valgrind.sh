#!/bin/sh
# valgrind memcheck over the core's tests and the program itself: the plain,
# JSON and handout outputs, and a scripted interactive run in tmux.
# The production string routines read whole aligned words, so memcheck must
# agree that no read leaves the page and no decision depends on the bytes
# outside the string.  --expensive-definedness-checks=yes is memcheck's
# documented mode for code that tests words with partially defined bytes (as
# optimised string routines do); --partial-loads-ok=yes (the default) accepts
# aligned loads that reach past a heap block.  Leaks count when definite or
# indirect (ncurses and readline keep "still reachable" tables by design).
# Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
tests="test_str test_core_vectors test_core_scan test_core_bits"
runs="plain json handout lessons try interactive"
echo "1..10"
n=0
if [ -n "${WATVIZ_SANITIZED:-}" ] || ! command -v valgrind >/dev/null 2>&1; then
	for t in $tests $runs; do
		n=$((n + 1))
		echo "ok $n - memcheck $t # SKIP ${WATVIZ_SANITIZED:+sanitizer build}${WATVIZ_SANITIZED:-valgrind not installed}"
	done
	exit 0
fi
VG="valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect \
	--expensive-definedness-checks=yes --partial-loads-ok=yes"
tmp=$(mktemp -d)
SOCK=watviz-vg-$$
SESSION=v
# memcheck runs the visualizer many times slower than it runs alone
TIMEOUT=${WATVIZ_TUI_TIMEOUT:-60}
. "$(dirname "$0")/../lib/tmux.sh"
trap 'T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# make check leaves the longest runs to make check-full (CI): the
# exhaustive bit tests and the scan's generated images (test_str's guard
# pages and exact-size blocks stay) and the handouts (the list still loads
# and frees every lesson)
later=""
[ -n "${WATVIZ_CHECK_FULL:-}" ] || later="test_core_scan test_core_bits handout try"
report() {	# report NAME STATUS LOG
	n=$((n + 1))
	if [ "$2" = later ]; then
		echo "ok $n - memcheck $1 # SKIP make check-full's (CI's)"
	elif [ "$2" -eq 0 ]; then
		echo "ok $n - memcheck $1"
	else
		echo "not ok $n - memcheck $1 (status $2)"
		grep -v '^\[' "$3" | head -n 30 | sed 's/^/# /'
	fi
}

# Every run goes in the background (they are independent, and memcheck is
# slow on one core); the reports follow in order once all have ended.
# bg ID CMD...: run CMD, stderr (and a unit test's stdout) to $tmp/ID.log,
# its status to $tmp/ID.rc
bg() {
	_id=$1
	shift
	case " $later " in *" $_id "*) echo later >"$tmp/$_id.rc"; return ;; esac
	case $_id in
	test_*) { "$@" >"$tmp/$_id.log" 2>&1; echo $? >"$tmp/$_id.rc"; } & ;;
	*) { "$@" >/dev/null 2>"$tmp/$_id.log"; echo $? >"$tmp/$_id.rc"; } & ;;
	esac
}
for t in $tests; do
	bg "$t" env WATVIZ_QUICK=1 WATVIZ_MEMCHECK=1 $VG "$BUILD/tests/$t"
done
bg plain $VG "$BIN" --plain --component 'usr/b\x01\0in'
bg json $VG "$BIN" --json --arch ppc --offset 3 'a\x01\0bcdefg'
bg handout $VG "$BIN" --plain --lessons-dir lessons --arch ppc --lesson 1-2
bg list $VG "$BIN" --lessons-dir lessons --list-lessons
# Z3 loaded with dlopen() and proving (src/prove/dl.c; its own tables are
# "possibly lost" at exit, which do not count)
bg try $VG "$BIN" --plain --arch x86-32 --try 'a & HIGHS'

# the visualizer, driven by keys, under memcheck: each step waits for
# what the screen says it did (tests/lib/tmux.sh, woken by the pane's
# output), never a fixed time; a wait that ends without it says which
interactive() {
	mkdir -p "$tmp/state"
	T new-session -d -s v -x 100 -y 30 "env -i PATH=$PATH HOME=$tmp TERM=screen-256color XDG_STATE_HOME=$tmp/state sh -c '$VG --log-file=$tmp/vg.log $BIN \"ab\\\\0cd\"; echo \$? >$tmp/exit; echo VG-EXIT; sleep 60'"
	watch_output
	key() { T send-keys -t =v: "$@"; }
	line() { key :; key -l "$1"; key Enter; }
	step() { _step=$1; shift; "$@" || echo "$_step: never showed: $*" >>"$tmp/steps"; }
	step start wait_for Memory
	# keys without an Escape among them may come at once; after an Escape
	# the next key waits for its effect (else curses reads Escape d as Alt-d)
	key Right Right Down Down a a A c c '?'
	step help wait_for "this help / back"
	key Escape
	step back wait_gone "this help / back"
	key d o f
	step dof wait_re "off(set)? 1  fill 0x01  delim '/'"
	line 'arch ppc'
	step arch wait_for "ppc64 [by v3.6]"
	line 'word "a\x01\0b"'
	step word wait_for '"a\x01\0b"  offset 1'
	key End
	step end wait_for "g start over"
	key q
	step quit wait_for VG-EXIT
}
have_tmux=
if command -v tmux >/dev/null 2>&1; then
	have_tmux=1
	interactive &
fi
wait

rc() { cat "$tmp/$1.rc" 2>/dev/null || echo 98; }
for t in $tests; do
	report "$t" "$(rc "$t")" "$tmp/$t.log"
done
report "plain output" "$(rc plain)" "$tmp/plain.log"
report "JSON output" "$(rc json)" "$tmp/json.log"
report "lesson handouts (a range: each loaded, checked, freed)" "$(rc handout)" "$tmp/handout.log"
report "lesson list (parses every lesson)" "$(rc list)" "$tmp/list.log"
report "--try with Z3 loaded on first use" "$(rc try)" "$tmp/try.log"
if [ -n "$have_tmux" ]; then
	st=$(cat "$tmp/exit" 2>/dev/null || echo 98)
	[ -s "$tmp/steps" ] && [ "$st" -eq 0 ] && st=97
	[ -s "$tmp/steps" ] && cat "$tmp/steps" >>"$tmp/vg.log"
	report "interactive run" "$st" "$tmp/vg.log"
else
	n=$((n + 1)); echo "ok $n - memcheck interactive run # SKIP tmux not installed"
fi
