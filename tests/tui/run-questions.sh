#!/bin/sh
# End-to-end: lesson 13 (hash_name) on x86-64 in a real terminal, as a class
# answers it: every question hidden until answered (no answer on the screen
# before), answered wrong (and told what the wrong value meant) then right,
# the answers checked against the core's JSON; then s, ] and Esc at the
# answer line.  Every check waits for exactly what it then asserts.
# Usage: run-questions.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=17
. "$(dirname "$0")/lib.sh"

# the answers, from the core (not from the lesson code under test)
json=$("$BIN" --json --arch x86-64 --fill 0xcc --component ab/)
val() { printf '%s\n' "$json" | sed -n "s/.*\"$1\": \"\{0,1\}\(0x[0-9a-f]*\|[0-9]*\).*/\1/p" | tail -n 1; }
B=$(val delim_value)
HZA=$(val has_zero)
HZB=$(val delim_has_zero)
PREP=$(val prep_zero_mask)
ZBM=$(val zero_bytemask)
hexdigits() { printf '%s' "${1#0x}"; }

start_shell 80 24
at_scene() { wait_for "scene $1 of 6"; }
# type an answer on the answer line (already open) and press Enter
answer() { T send-keys -t =t: -l "$1"; keys Enter; }
# the screen does not show the value, in full or without 0x
hidden() { screen; ! grep -qiF "$(hexdigits "$1")" "$tmp/screen"; }

run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 13 --restart; echo Q-\$?"

# 1-3: b = a ^ REPEAT_BYTE('/')
# (at 80 columns each row's label and hex on a caption line over its bits)
at_scene 1 && wait_re '^b = [?]$' && wait_re '^ +[?]{8} [?]{8}' && hidden "$B"
check $? "scene 1 opens with b hidden ('?'), its value nowhere on screen"
keys Enter && wait_for "answer (hex):" && answer "0x2f2f" &&
	wait_for "! 0x2f2f is not it (1 wrong so far)" && hidden "$B"
check $? "a wrong b is told so, and b stays hidden"
keys Enter && wait_for "answer (hex):" && answer "$B" &&
	wait_for "Right: $B  (after 1 wrong)" && wait_for "b = $B"
check $? "the right b ($B) is accepted and the row shows it"

# 4-6: has_zero(b)
keys Enter && at_scene 2 && wait_for "Enter: the question." && hidden "$HZB"
check $? "scene 2: has_zero(b) hidden before the question"
keys Enter && wait_for "answer (hex):" && answer "$HZA" &&
	wait_for "has_zero(a), the test of a"
check $? "a wrong has_zero(b) that is has_zero(a) is told so"
keys Enter && wait_for "answer (hex):" && answer "$(hexdigits "$HZB")" &&
	wait_for "Right: $HZB"
check $? "has_zero(b) typed without 0x is right"

# 7-9: the OR of both prepared masks
keys Enter && at_scene 3 && wait_for "Enter: the question." && hidden "$PREP"
check $? "scene 3: the OR hidden before the question"
keys Enter && wait_for "answer (hex):" && answer "$HZB" &&
	wait_for "has_zero(b), the test of b, not what"
check $? "a wrong OR that is has_zero(b) alone is told so"
keys Enter && wait_for "answer (hex):" && answer "$PREP" && wait_for "Right: $PREP"
check $? "the right OR ($PREP) is accepted"

# 10-11: zero_bytemask (scene 4, the component's length, asks nothing: the
# memory panel shows where the '/' is); the component "ab" is 2 bytes, so
# 0xff stops a byte short and ffff is right
keys Enter && at_scene 4 && wait_for "Enter: next scene." && keys Enter &&
	at_scene 5 && wait_for "Enter: the question." && hidden "$ZBM"
check $? "scene 5: zero_bytemask hidden before the question"
keys Enter && wait_for "answer (hex):" && answer "0xff" &&
	wait_for "that mask stops a byte short" && keys Enter &&
	wait_for "answer (hex):" && answer "ffff" && wait_for "Right: $ZBM"
check $? "zero_bytemask: a mask a byte short is told so; then right as ffff"

# 12: s at the answer line shows the answer
keys Enter && at_scene 6 && keys Enter && wait_for "End of lesson 13" &&
	keys '[' '[' '[' '[' '[' && at_scene 2 &&
	keys Enter && wait_for "answer (hex):" && keys s &&
	wait_for "The answer: $HZB" && wait_for "So the answer is"
check $? "s at the answer line shows the answer, worked out"

# 13: ] at the answer line goes to the next scene
keys Enter && at_scene 3 && keys Enter && wait_for "answer (hex):" && keys ']' &&
	at_scene 4 && wait_gone "answer (hex):"
check $? "] at the answer line goes to the next scene"

# 14: Esc leaves the answer line, typed text or not
keys Enter && at_scene 5 && keys Enter && wait_for "answer (hex):" &&
	T send-keys -t =t: -l "12" && wait_for "answer (hex): 12" && keys Escape &&
	wait_gone "answer (hex): 12" && wait_for "scene 5 of 6"
check $? "Esc leaves the answer line with text typed"

# 15: q quits; the shell is back
keys q && wait_for "Q-0"
check $? "q quits with status 0"

# 16-17: a build question (lesson 5's last scene): a formula, refuted with its
# counterexample, then proven
run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 5 --restart; echo B-\$?"
wait_for "scene 1 of 3" && keys ']' ']' && wait_for "scene 3 of 3" &&
	keys Enter && wait_for "formula:" && answer "(a - ONES) & ~a & HIGHS" &&
	wait_for "wrong for a =" "where the exact mask is"
check $? "a build question: the cheap test is refuted with a counterexample"
keys Enter && wait_for "formula:" && answer "~(((a & LOW7) + LOW7) | a | LOW7)" &&
	wait_re 'Right: (proven|no counterexample found) for every word' &&
	keys q && wait_for "B-0"
check $? "a build question: the exact test is right for every word"
exit 0
