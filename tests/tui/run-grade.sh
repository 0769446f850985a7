#!/bin/sh
# End-to-end: a question belongs to its trace, and the answer line forgives
# what is not an answer.  A variant change (a, A, :arch) while a question is
# open, or after it was answered, withdraws it: nothing is graded against a
# trace the screen does not show, and s shows no worked answer of another
# trace.  An empty Enter at the answer line does nothing (no error, no
# attempt counted); a letter outside a)-d) is asked again, not counted.
# "Another word" (w) asks the question again on a fresh word, in the
# visualizer and in --present, and the answer expected for it is worked out
# here from the core's JSON of the word the screen shows.
# Values come from the core's JSON, not from the lesson code under test.
# Every check waits for exactly what it then asserts.
# Usage: run-grade.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=13
. "$(dirname "$0")/lib.sh"

# a - ONES of lesson 3's word on x86-32 (the sub-step's result row)
AM32=$("$BIN" --json --arch x86-32 'ab\0cd' |
	sed -n 's/.*"label": "a - ONES", "kind": "result".*"value": "\(0x[0-9a-f]*\)".*/\1/p' |
	head -n 1)
start_shell 100 30
answer() { T send-keys -t =t: -l "$1"; keys Enter; }

run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 3 --restart; echo Q-\$?"
wait_for "scene 1 of 6"

# 1: the x86-32 value is what the issue typed (a check of the JSON parse)
[ "$AM32" = 0x61ff6160 ]
check $? "the core's a - ONES on x86-32 is 0x61ff6160 (got $AM32)"

# 2-3: lesson 3 scene 2, Enter, Esc, a a: now x86-32, the question withdrawn
keys ']' && wait_for "scene 2 of 6" && keys Enter && wait_for "answer (hex):" &&
	keys Escape && wait_gone "answer (hex):" && keys a a &&
	wait_for "on x86-32" "trace of \"ab\\0cd\" on x86-64" "it is withdrawn"
check $? "a a during the question: on x86-32, the question is withdrawn"
keys Enter && wait_for "scene 3 of 6" && ! shows "answer (hex):" &&
	! shows "is a - ONES, not what is asked"
check $? "Enter then goes on: no answer line, nothing graded on x86-64's answer"

# 4: s after the change shows no worked answer of the other trace
keys '[' && wait_for "scene 2 of 6" && keys Enter && wait_for "answer (hex):" &&
	keys Escape && wait_gone "answer (hex):" && keys a &&
	wait_for "it is withdrawn" && keys s &&
	wait_for "The question was withdrawn with the change" && ! shows "The answer:"
check $? "s after a variant change: no worked answer from the old trace"

# 5: answered, then a variant change: the worked answer goes with the trace
keys '[' && keys ']' && wait_for "scene 2 of 6" && keys Enter &&
	wait_for "answer (hex):" && keys s && wait_for "The answer:" && keys A &&
	wait_for "it is withdrawn" && wait_gone "The answer:"
check $? "after the answer, A withdraws the worked answer with its trace"

# 6: :arch in lesson 9 scene 2 withdraws the question too
keys q && wait_for "Q-0"
run "clear; $BIN --lessons-dir $LESSONS --lesson 9 --restart; echo R-\$?"
wait_for "scene 1 of 4" && keys ']' && wait_for "scene 2 of 4" && keys Enter &&
	wait_for "answer (a number):" && keys Escape && wait_gone "answer (a number):" &&
	keys : && T send-keys -t =t: -l "arch x86-64" && keys Enter &&
	wait_for "on x86-64" "on ppc64: it is withdrawn"
check $? ":arch x86-64 during lesson 9's question withdraws it"

# 7: an empty Enter at the answer line does nothing: no error, not counted
keys ':' && T send-keys -t =t: -l "scene 2" && keys Enter &&
	wait_for "on ppc64" && keys Enter && wait_for "answer (a number):" &&
	keys Enter && wait_for "answer (a number):" && ! shows "cannot be read" &&
	! shows "wrong so far"
check $? "an empty Enter at the answer line: the line stays, no error"
keys Escape && wait_gone "answer (a number):" && keys q && wait_for "R-0"

# 8-9: lesson 3's last question is a choice: e is asked again, not counted
run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 3 --restart; echo S-\$?"
wait_for "scene 1 of 6" && keys : && T send-keys -t =t: -l "scene 6" && keys Enter &&
	wait_for "scene 6 of 6" && keys Enter && wait_for "answer (a-d):" && answer e &&
	wait_for "answer (a-d): e" "choose one of a) to d)"
check $? "e for a choice a)-d): asked again, the line keeps it"
keys C-u && wait_for "answer (a-d):" && answer z && wait_for "choose one of a) to d)" &&
	! shows "wrong so far" && keys Escape && keys q && wait_for "S-0"
check $? "nothing outside a)-d) counts as a wrong attempt"

# the word the screen's header shows ("WORD" on VARIANT), and answers for it
# from the core's JSON: the count of false flags, a sub-step's result row
shown_word() { screen; python3 - "$tmp/screen" <<'PY'
import re, sys
m = re.search(r'"((?:[^"\\]|\\.)*)" on ', open(sys.argv[1]).read())
print(m.group(1) if m else "")
PY
}
false_flags() { "$BIN" --json --arch "$1" -- "$2" | python3 -c '
import json, sys
d = json.load(sys.stdin); nb = d["word_bits"] // 8; w = d["words"][0]
hz = int(w["has_zero"], 16); mem = d["memory"][w["address"]:w["address"] + nb]
big = d["endian"] == "big"
print(sum(1 for m in range(nb) if mem[m] and (hz >> 8 * (nb - 1 - m if big else m)) & 0x80))'; }
row_of() { "$BIN" --json --arch "$1" -- "$2" |
	sed -n "s/.*\"label\": \"$3\", \"kind\": \"result\".*\"value\": \"\(0x[0-9a-f]*\)\".*/\1/p" |
	head -n 1; }

# 10-11: lesson 9 scene 2 on ppc64: a wrong count, then w: another word with a
# false positive, asked again and answered right
run "clear; $BIN --lessons-dir $LESSONS --lesson 9 --restart; echo W-\$?"
wait_for "scene 1 of 4" && keys ']' && wait_for "scene 2 of 4" && keys Enter &&
	wait_for "answer (a number):" && answer 7 &&
	wait_for "! 7 is not it (1 wrong so far)" "w another word" && keys w &&
	wait_for "Another word:" "answer (a number):"
W1=$(shown_word)
[ -n "$W1" ] && [ "$W1" != 'a\x01\0bcdef' ] && [ "$(false_flags ppc64 "$W1")" -ge 1 ]
check $? "w after a wrong answer: another word, with a false positive, asked again"
N1=$(false_flags ppc64 "$W1")
answer "$N1" && wait_for "Right: $N1"
check $? "the count for the new word ($N1, from the core's JSON) is right"
keys q && wait_for "W-0"

# 12-13: --present, lesson 4 scene 1 (x86-64): w at the answer line, then
# a - ONES of the new word
run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --present --lesson 4 --restart; echo P-\$?"
wait_for "scene 1 of 3" && keys Enter && wait_for "answer (hex):" && keys w &&
	wait_for "Another word:" "answer (hex):"
W2=$(shown_word)
[ -n "$W2" ] && [ "$W2" != '\x01\0\x01\0\x01\0\x01' ] && [ "$(false_flags x86-64 "$W2")" -ge 1 ]
check $? "--present: w at the answer line draws another word, a false positive in it"
A2=$(row_of x86-64 "$W2" "a - ONES")
answer "$A2" && wait_for "Right: $A2"
check $? "--present: a - ONES of the new word ($A2, from the core's JSON) is right"
keys q && wait_for "P-0"
exit 0
