#!/bin/sh
# Soak: the visualizer (under ASan and UBSan in make check-full and make
# asan), driven in tmux by a long, seeded random stream of keys (every key
# of the key table, ':' commands good and bad, word edits, the compare and
# help views, byte edits in place and mouse clicks and wheel turns as SGR
# reports) with window resizes in between; then q.  Passes when it quits
# with status 0, the terminal modes (stty -a, but the window's size) are
# as before, and the sanitizers logged nothing.  Prints TAP.
#   sh tests/soak/run-soak.sh BUILD [KEYS]
# make check-full (CI) builds and uses the sanitized binary build-asan/watviz
# and sends 2200 keys, as make asan does with its own build; make check
# soaks BUILD's binary with 400 keys of the same stream (their build of
# everything with the sanitizers was most of its cost).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
full=${WATVIZ_CHECK_FULL:-${WATVIZ_SANITIZED:-}}
KEYS=${2:-${WATVIZ_SOAK_KEYS:-$([ -n "$full" ] && echo 2200 || echo 400)}}
SEED=${WATVIZ_SOAK_SEED:-2026}
echo "1..1"
# make check-full runs with the plain build: the soak wants the sanitized
# binary
if [ -n "${WATVIZ_CHECK_FULL:-}" ] && [ -z "${WATVIZ_SANITIZED:-}" ]; then
	if ! MAKEFLAGS='' make --no-print-directory -s -j"$(nproc 2>/dev/null || echo 2)" BUILD=build-asan SAN=1 CFLAGS='-O1 -g' \
		build-asan/watviz >/dev/null 2>&1; then
		echo "not ok 1 - soak: cannot build the sanitized binary (make asan)"
		exit 1
	fi
	BUILD=build-asan
fi
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
if ! command -v tmux >/dev/null 2>&1 || [ ! -x "$BIN" ]; then
	echo "not ok 1 - soak: tmux or $BIN missing"
	exit 1
fi
tmp=$(mktemp -d)
SOCK=watviz-soak-$$
SESSION=s
TIMEOUT=${WATVIZ_TUI_TIMEOUT:-20}
. "$(dirname "$0")/../lib/tmux.sh"
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 1' INT TERM
mkdir -p "$tmp/state" "$tmp/log"

# the key stream: one tmux send-keys argument list per line
awk -v n="$KEYS" -v seed="$SEED" 'BEGIN {
	srand(seed)
	split("Right Left Up Down n p N P g G Home End Space BSpace a A d o O f c ? Escape r + - F1 NPage PPage Tab m u C-r x i h l j k 0 1 4 DC", k, " ")
	nk = 0; for (i in k) nk++
	split("set\\ mouse\\ off|set\\ mouse\\ on|arch\\ ppc|arch\\ alpha|arch\\ x86-32|arch\\ vax|offset\\ 3|offset\\ 9|fill\\ 0x01|fill\\ 999|delim\\ /|delim\\ none|word\\ ab\\\\0cd|word\\ \\\\x01\\\\0\\\\x01\\\\0|word\\ \\\\q|compare|help|speed\\ 60|speed\\ 0|frobnicate|json\\ /nonexistent/x.json|ar\\ pp", c, "|")
	nc = 0; for (i in c) nc++
	sent = 0
	while (sent < n) {
		r = rand()
		if (r < 0.06) {		# a command line
			printf ":|-l %s|Enter\n", c[1 + int(rand() * nc)]
			sent += 3
		} else if (r < 0.08) {	# edit the word
			printf "e|C-u|-l abc\\\\0d|Enter\n"
			sent += 4
		} else if (r < 0.13) {	# resize
			printf "RESIZE %d %d\n", 60 + int(rand() * 80), 18 + int(rand() * 30)
			sent += 1
		} else if (r < 0.22) {	# a click (button 1) or a wheel turn
			b = rand()
			printf "MOUSE %d %d %d\n", b < 0.6 ? 0 : b < 0.8 ? 64 : 65,
				1 + int(rand() * 100), 1 + int(rand() * 30)
			sent += 1
		} else if (r < 0.25) {	# memory focus, then a character for a byte
			printf "m \\\047 z\n"	# \047: the apostrophe key
			sent += 3
		} else {
			line = ""
			for (j = 0; j < 8; j++) line = line " " k[1 + int(rand() * nk)]
			printf "%s\n", line
			sent += 8
		}
	}
}' >"$tmp/keys"

T new-session -d -s s -x 100 -y 30 "env -i PATH=$PATH HOME=$tmp TERM=screen-256color LANG=C.UTF-8 PS1='$ ' sh" || {
	echo "not ok 1 - soak: tmux"; exit 1; }
watch_output
wait_for '$'
# the exit file is written last, so once it is there the modes are too
T send-keys -t =s: -l "stty -a >$tmp/stty.before; XDG_STATE_HOME=$tmp/state ASAN_OPTIONS=log_path=$tmp/log/asan:detect_leaks=1 UBSAN_OPTIONS=log_path=$tmp/log/ubsan:print_stacktrace=1 TERM=xterm-256color $BIN 'ab\\0cd' 2>$tmp/stderr; c=\$?; stty -a >$tmp/stty.after; echo SOAK-EXIT=\$c >$tmp/exit; echo SOAK-DONE"
T send-keys -t =s: Enter
# the keys go to the visualizer, not to the shell before it starts
wait_for "Memory" || echo "# the visualizer did not draw its screen"
sent=0
while IFS= read -r line; do
	case $line in
	MOUSE*)
		set -- $line
		T send-keys -t =s: -l "$(printf '\033[<%d;%d;%dM' "$2" "$3" "$4")"
		[ "$2" = 0 ] && T send-keys -t =s: -l "$(printf '\033[<0;%d;%dm' "$3" "$4")"
		;;
	RESIZE*)
		set -- $line
		T resize-window -t =s: -x "$2" -y "$3" 2>/dev/null || T resize-pane -t =s: -x "$2" -y "$3" 2>/dev/null
		;;
	*)
		# "a | b": several send-keys calls (a literal -l part, then keys)
		printf '%s\n' "$line" | tr '|' '\n' | while IFS= read -r part; do
			[ -n "$part" ] && eval "T send-keys -t =s: $part"
		done
		;;
	esac
	sent=$((sent + 1))
	if [ -s "$tmp/exit" ]; then
		echo "# watviz ended after $sent of the key lines"
		break
	fi
	# let the program keep up now and then (this paces the keys; no
	# result depends on it)
	[ $((sent % 25)) -eq 0 ] && sleep 0.05
done <"$tmp/keys"
T resize-window -t =s: -x 100 -y 30 2>/dev/null
# out of any view or prompt, then q (at once: curses reads each Escape
# alone, 25 ms after it, and q after them), until the shell has written
# the exit file (its echo after wakes the wait); while it has not (the
# program still busy with the keys before, or a view or prompt they
# opened), back out and quit again.  Each wait ends at what the pane
# shows, or after a bound counted in its outputs and quiet seconds
# (tests/lib/tmux.sh), so a slow run waits longer, with no poll.
T send-keys -t =s: Escape Escape q
tries=0
until TIMEOUT=5 wait_until test -s "$tmp/exit" || [ $tries -ge 60 ]; do
	T send-keys -t =s: Escape q
	tries=$((tries + 1))
done
code=$(sed -n 's/^SOAK-EXIT=\([0-9]*\)$/\1/p' "$tmp/exit" 2>/dev/null)
why=""
[ "$code" = 0 ] || why="exit status ${code:-none}"
# the modes, not the size: rows and columns are the window's, set by tmux,
# which applies a pane's resize up to 250 ms after the one before it: the
# quit at once after the last resize (2cfdac6, reverted in 78895b2 for
# "terminal modes changed") read a size of the storm's resizes before it,
# "rows 37; columns 92" where the window was 100x30, 3 runs in 3 at 2200
# keys, and nothing else differed; the program sets no size)
modes() { sed '1s/rows [0-9]*; columns [0-9]*;//' "$1"; }
[ -s "$tmp/stty.before" ] && [ -s "$tmp/stty.after" ] &&
	[ "$(modes "$tmp/stty.before")" = "$(modes "$tmp/stty.after")" ] ||
	why="${why:+$why; }terminal modes changed"
if ls "$tmp/log/"* >/dev/null 2>&1; then
	why="${why:+$why; }sanitizer reports"
	head -n 30 "$tmp/log/"* | sed 's/^/# /'
fi
keys_sent=$(awk '{ if ($1 == "RESIZE") r++; else if ($1 == "MOUSE") m++; else k += NF }
	END { print k " keys, " m " mouse events, " r " resizes" }' "$tmp/keys")
if [ -z "$why" ]; then
	echo "ok 1 - soak: $keys_sent, seed $SEED, $(basename "$(dirname "$BIN")")/watviz quit cleanly"
else
	echo "not ok 1 - soak ($keys_sent, seed $SEED): $why"
	tail -n 8 "$tmp/screen" | sed 's/^/# | /'
	exit 1
fi
