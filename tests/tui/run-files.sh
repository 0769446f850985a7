#!/bin/sh
# End-to-end: the files the visualizer reads and writes, in a real terminal
# (tmux): a word with a '"' recalled from the history, a FIFO as the
# history file, :json into a FIFO (read or not) and into a full device,
# --record when the terminal cannot draw (TERM=dumb), and the message line
# at 80 columns: cut with its mark, whole with W (a lock that is a folder
# under a long HOME).  The files' own
# edge cases (links, modes, locks, unreadable files) are in
# tests/unit/test_state.c and test_history_safe.c.
# Usage: run-files.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
PLAN=10
LESSONS=$(cd "$(dirname "$0")/../../lessons" && pwd)
. "$(dirname "$0")/lib.sh"

start_shell 100 30
# a command typed on the ':' line
cmd() { keys : && wait_re '^:' && T send-keys -t =t: -l "$1" && keys Enter; }

# 1-2: e with a '"' in the word; the history entry it leaves runs again
run "clear; $BIN 'ab'; echo Q-\$?"
wait_for "sub-step 1/" && keys e && wait_for "word: ab" && T send-keys -t =t: -l '"c' &&
	keys Enter && wait_for '"ab"c"' "word is now 4 bytes"
check $? "e: a word with a '\"' is taken"
cmd "offset 1" && wait_for "offset 1" && keys : Up Up && wait_for ':word "ab\"c"' &&
	keys Enter && wait_for "word is now 4 bytes" && screen && lacks "error:"
check $? ": Up Up Enter: the remembered word command runs again, no error"

# 3: :json into a FIFO with a reader: written into it, still a FIFO; a FIFO
# nobody reads is refused at once, and so is a full device, each saying why
mkfifo "$tmp/read.fifo" "$tmp/lone.fifo"
cat "$tmp/read.fifo" >"$tmp/read.out" &
reader=$!
read_it() { grep -q '"arch": *"x86-64"' "$tmp/read.out"; }
cmd "json $tmp/read.fifo" && wait_for "wrote the trace to $tmp/read.fifo" &&
	wait_until read_it && test -p "$tmp/read.fifo"
check $? ":json FIFO: the reader gets the trace, the FIFO stays a FIFO"
kill "$reader" 2>/dev/null	# only when watviz never opened it
cmd "json $tmp/lone.fifo" &&
	wait_for "json: $tmp/lone.fifo: a FIFO that nobody reads" && test -p "$tmp/lone.fifo"
check $? ":json into a FIFO nobody reads: refused at once, with the reason"
cmd "json /dev/full" && wait_for "json: /dev/full: No space left on device" &&
	test -c /dev/full
check $? ":json /dev/full: 'No space left on device', the device untouched"
keys q
wait_for "Q-0" >/dev/null

# 6: a FIFO as the history file: the visualizer starts, says so, works
mkdir -p "$tmp/fifo/watviz"
mkfifo "$tmp/fifo/watviz/history"
run "clear; XDG_STATE_HOME=$tmp/fifo $BIN 'ab'; echo F-\$?"
wait_for "history file not read: $tmp/fifo/watviz/history is not a plain" && cmd "arch ppc" &&
	wait_for "ppc64 (64-bit big-endian" && keys q && wait_for "F-0" &&
	test -p "$tmp/fifo/watviz/history"
check $? "a FIFO as the history: starts, names it, leaves it a FIFO"

# 7: the history's lock a folder: named, as the progress file's is (was
# "could not save the command history: Is a directory")
mkdir -p "$tmp/hl/watviz/.history.lock"
run "clear; XDG_STATE_HOME=$tmp/hl $BIN 'ab'; echo H-\$?"
wait_for "sub-step 1/" && cmd "arch ppc" &&
	wait_for "could not save the command history: $tmp/hl/watviz/.history.lock (the lock"
check $? "the history's lock a folder: the message names the lock"
keys q
wait_for "H-0" >/dev/null

# 8: --record where the terminal cannot draw: refused, the file untouched
echo "keep me" >"$tmp/keep.cast"
run "clear; TERM=dumb $BIN --record $tmp/keep.cast ab; echo R-\$?"
wait_for "--record: TERM=dumb cannot draw the visualizer" "R-2" &&
	[ "$(cat "$tmp/keep.cast")" = "keep me" ]
check $? "TERM=dumb --record FILE: status 2, a clear reason, FILE as it was"

# 9-10: the message line at 80x24 (issue 47): cut, it ends in the cut mark
# the terminal can draw (the screen's last cell it cannot: the mark used to
# go there and never show); W shows it whole, past the 200 bytes the
# message buffer used to hold: the lock of the progress file a folder,
# under a HOME of over 200 bytes, named three times
T resize-window -t =t: -x 80 -y 24
run "clear; $BIN 'ab'; echo M-\$?"
wait_for "sub-step 1/" && cmd "try foo(a)" && wait_for "unknown name 'foo'" && screen &&
	tail -n 1 "$tmp/screen" | grep -q "^error: try, column 1: unknown name 'foo'; .*…$" &&
	[ "$(tail -n 1 "$tmp/screen" | wc -m)" -eq 80 ]	# 79 columns and the newline
check $? "a message cut at 80 columns ends in … (79 columns, the corner left blank)"
keys q
wait_for "M-0" >/dev/null
home=$tmp/h
while [ ${#home} -lt 220 ]; do home=$home/a-rather-long-folder-name; done
mkdir -p "$home/.local/state/watviz/.progress.lock"
lock=$home/.local/state/watviz/.progress.lock
run "clear; env -u XDG_STATE_HOME HOME=$home $BIN --lessons-dir $LESSONS --lesson 3 --restart; echo L-\$?"
flat() { tr -d ' \n' <"$tmp/screen"; }
whole() { screen && flat | grep -qF -- "$(printf '%s' "rmdir $lock)" | tr -d ' ')"; }
wait_for "scene 1 of" "cannot save the lesson progress" &&
	keys W && wait_until whole && screen && flat | grep -qF -- "$(printf '%s' \
	"error: cannot save the lesson progress: $lock (the lock beside" | tr -d ' ')"
check $? "W: a ${#lock}-byte lock path's message whole, its rmdir and path to the end"
keys q
wait_for "L-0" >/dev/null
