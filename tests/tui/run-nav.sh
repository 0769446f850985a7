#!/bin/sh
# Navigation a teacher can trust, in a real terminal (tmux), one check per
# item of issue 27's "Navigation": ':' on the end screen (":lesson N" there
# opens lesson N, not the next one), :step and --step at a name that
# --list-steps prints, :lesson N from the free visualizer, --course --arch X
# with a lesson that does not allow X, :word with no argument, O and o at
# the ends of the word, the message line saying a variant's width and
# byte order once; and the page edge's fixup with a memory header for each
# row.  Lessons are found by their names (NN-name.lesson), so
# renumbering them does not break this.  Every wait polls for exactly what
# it then asserts.
# Usage: run-nav.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=15
. "$(dirname "$0")/lib.sh"

L="$BIN --lessons-dir $LESSONS"
cmd() { keys : && T send-keys -t =t: -l "$1" && keys Enter; }
# the file of the lesson named $1 (NN-$1.lesson, exactly that name)
file() {
	for _f in "$LESSONS"/*.lesson; do
		_b=${_f##*/}
		[ "${_b#*-}" = "$1.lesson" ] && { echo "$_f"; return; }
	done
}
# a lesson's number, scene count and title, from its file
num() { _b=$(file "$1") && _b=${_b##*/} && expr "${_b%%-*}" + 0; }
nsc() { grep -c '^scene:' "$(file "$1")"; }
title() { sed -n 's/^title: //p' "$(file "$1")"; }
# the message line: the last row of the screen
last_row() { tail -n 1 "$tmp/screen"; }

start_shell 100 30

# 1: ':' on a lesson's end screen opens the command line; ":lesson N" there
# opens lesson N (it used to ring, then take the 'n' of "lesson" as next)
fz=$(num find-zero) be=$(num big-endian) nfz=$(nsc find-zero)
run "clear; $L --lesson $fz --restart; echo E-\$?"
wait_for "Lesson $fz: " && cmd "scene $nfz" && wait_for "scene $nfz of $nfz" &&
	keys ']' && wait_for "End of lesson $fz" && wait_for ":lesson N" &&
	cmd "lesson $be" && wait_for "Lesson $be: $(title big-endian)" &&
	wait_for "scene 1 of $(nsc big-endian)"
check $? "':lesson $be' typed on lesson $fz's end screen opens lesson $be (big-endian)"
keys q
wait_for "E-0"

# 2-3: :step NAME:K goes to the sub-step --list-steps names; the status
# line's "sub-step I/N" is its line in that list
$BIN --list-steps 'ab\0cd' >"$tmp/steps"
total=$(wc -l <"$tmp/steps")
at() { grep -n "^$1 " "$tmp/steps" | cut -d: -f1; }
expr_of() { sed -n "s/^$1  *//p" "$tmp/steps"; }
i=$(at has_zero:3) j=$(at find_zero:1)
run "clear; $BIN 'ab\\0cd'; echo S-\$?"
wait_for "sub-step 1/$total" && cmd "step has_zero:3" &&
	wait_for "sub-step $i/$total" && wait_for "at has_zero:3: $(expr_of has_zero:3)" &&
	cmd "step find_zero" && wait_for "sub-step $j/$total"
check $? ":step has_zero:3 opens sub-step $i of $total, :step find_zero sub-step $j"
cmd "step has_zero:99"
wait_for "error: :step has_zero:99: has_zero has" && wait_for "sub-step $j/$total" &&
	! T capture-pane -p -t "$SESSION" | grep -q -- "--step"
check $? ":step with a step the trace lacks says so and stays"
keys q
wait_for "S-0"

# 4-5: --step NAME:K opens the visualizer there (@ADDR on a longer word);
# a name the trace lacks is a usage error before the screen is taken
$BIN --list-steps 'abcdefghij' >"$tmp/steps"
total=$(wc -l <"$tmp/steps")
k=$(at has_zero@8:2)
run "clear; $BIN --step has_zero@8:2 'abcdefghij'; echo T-\$?"
wait_for "sub-step $k/$total" && wait_for "at has_zero@8:2: $(expr_of has_zero@8:2)"
check $? "--step has_zero@8:2 opens the visualizer at sub-step $k of $total"
keys q
wait_for "T-0"
run "clear; $BIN --step nope:1 ab; echo U-\$?"
wait_for "U-2" && wait_for "watviz: --step nope:1: no step 'nope' in this trace" &&
	! T capture-pane -p -t "$SESSION" | grep -q -- "--step: --step"
check $? "--step nope:1 is refused with status 2, naming it once (as with no terminal)"

# 6: :lesson N from the free visualizer (the lessons found as --lesson
# finds them: WATVIZ_LESSONS here), then :next goes on from there
fp=$(num false-positives) nfp=$(num no-false-positives)
run "clear; WATVIZ_LESSONS=$LESSONS $BIN --arch ppc64 ab; echo F-\$?"
wait_for "ppc64" && cmd "lesson 99" && wait_for "lesson 99: no such lesson" &&
	cmd "lesson $fp" && wait_for "Lesson $fp: $(title false-positives)" &&
	cmd "next" && wait_for "Lesson $nfp: $(title no-false-positives)"
check $? ":lesson $fp from the free view opens lesson $fp (false-positives); :next lesson $nfp"
keys q
wait_for "F-0"

# 7: --course --arch alpha: lesson 1 on alpha; big-endian (which does not
# allow alpha) on its own variant, said on the scene's title
own=$(sed -n 's/^arches: *\([^ ]*\).*/\1/p' "$(file big-endian)")
run "clear; $L --course --arch alpha --restart; echo C-\$?"
wait_for "Lesson 1: " && wait_for " on alpha" && cmd "lesson $be" &&
	wait_for "Lesson $be: " &&
	wait_for "on $own (this lesson does not run on alpha)" &&
	wait_for "Lesson $be does not run on alpha: on $own."
check $? "--course --arch alpha: lesson $be (big-endian) runs on $own and its title says why"
keys q
wait_for "C-0"

# 8: :word with no argument gives its usage; the word and its undo history stay
run "clear; $BIN 'ab\\0cd'; echo W-\$?"
wait_for '"ab\0cd"' && keys m && keys '4' '1' && wait_for '"Ab\0cd"' && keys Escape &&
	cmd "word" && wait_for 'usage: :word "a\0b"' && wait_for '"Ab\0cd"' &&
	keys u && wait_for '"ab\0cd"'
check $? ":word alone prints its usage; the word and its undo stay (u undoes the edit)"
keys q
wait_for "W-0"

# 9-10: O at offset 0 and o at the last offset say that they wrapped round
run "clear; $BIN ab; echo O-\$?"
wait_for "offset 0" && keys O &&
	wait_for "offset 0 is the first: wrapped round to 7 (o goes back)" &&
	wait_for "offset 7"
check $? "O at offset 0 says it wrapped round to 7"
keys o
wait_for "offset 7 is the last: wrapped round to 0 (O goes back)"
check $? "o at offset 7 says it wrapped round to 0"

# 11-12: the message line says a variant's width and byte order once
# (it read "ppc32 (32-bit big-endian, by v3.6): 32-bit big-endian: ...")
once() { [ "$(last_row | grep -o -- "$1" | wc -l)" = 1 ]; }
cmd "arch ppc32"
wait_re "^ppc32 \(32-bit big-endian, " && once 32-bit && once big-endian
check $? ":arch ppc32: the message line says 32-bit and big-endian once: $(last_row)"
cmd "arch generic-be32"
wait_re "^generic-be32 \(32-bit big-endian, " && once 32-bit && once big-endian
check $? ":arch generic-be32: the message says 32-bit and big-endian once: $(last_row)"
keys q
wait_for "O-0"

# 13-14: the page edge drawn (issue 27 item 5): the fixup's shift names
# the memory of each row, @7..@0 for the aligned reload and @12..@5 for the
# shifted word, in a --page-end trace and in the page-edge lesson's fixup
hdr() { wait_re "^mem[ a-z]* +@$1 .* @$2( |\$)"; }
run "clear; $BIN --offset 5 --page-end 8 --component --step zeropad_fixup:2 ab; echo P-\$?"
wait_for "shr: aligned >>" && hdr 7 0 && hdr 12 5
check $? "--page-end: the fixup's shift heads the aligned word @7..@0 and the result @12..@5"
keys q
wait_for "P-0"
pe=$(num page-edge) npe=$(nsc page-edge)
# the scene of the lesson titled $1, counted from 1
scene_no() { grep '^scene:' "$(file page-edge)" | grep -nF "scene: $1" | cut -d: -f1; }
ld=$(scene_no "hash_name's load runs into the unmapped page")
fx=$(scene_no "hash_name at the page edge: the fixup")
run "clear; $L --lesson $pe --restart; echo Q-\$?"
wait_for "Lesson $pe: " && cmd "scene $fx" && wait_for "scene $fx of $npe" &&
	wait_for "shr: aligned >>" && hdr 7 0 && hdr 12 5
check $? "lesson $pe (page-edge), the fixup's scene $fx: the same headers, @7..@0 and @12..@5"

# 15: the lesson's scene of the faulting load: the bytes it wanted, under
# @12..@5 (its own headers), the ones past the edge marked u
cmd "scene $ld" && wait_for "scene $ld of $npe" && wait_for "load: a = load_unaligned_zeropad" &&
	wait_for "a (wanted)" && hdr 12 5
check $? "lesson $pe, scene $ld: the faulting load and the bytes it wanted"
keys q
wait_for "Q-0"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
