#!/bin/sh
# End-to-end: --autoplay in a real terminal (tmux), as a teacher runs it:
# it goes on by itself once a scene is read and pauses on the question
# (on ppc64, read back from the session's --record cast), stays paused,
# and any key takes over (that nothing moves after is read from the record
# too, over two ticks of the program's own clock: held in lib.sh); the
# terminal intact after quitting.  On a lesson
# of two short scenes written here: lesson 9's first two scenes, which
# it ran on before, take over a minute of their own reading time, which
# made tests/tui/run-lesson.sh the suite's longest layer.  (Autoplay's
# ticks against the formula on the course's lessons: run-course.sh.)
# Usage: run-autoplay.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
CAST="python3 $(cd "$(dirname "$0")/../lib" && pwd)/cast.py"
PLAN=4
. "$(dirname "$0")/lib.sh"

start_shell 80 25
# a scene of five words that shows one sub-step (ceil(5 * 60 / 140) = 3
# ticks of reading), then a question; checked by --check-lesson first
LESSONS=$tmp/autoplay
mkdir -p "$LESSONS"
cat >"$LESSONS/01-autoplay.lesson" <<'EOF'
title: Autoplay
summary: A short scene, then a question, for the autoplay test.
arches: x86-64 ppc64

scene: The word
word: ab\0cd
show: load
text: The word is loaded whole.

scene: The flags
word: ab\0cd
show: has_zero op and
text: Keep the top bits.
question: What does has_zero return, in hex?
ask: has_zero
EOF
"$BIN" --check-lesson "$LESSONS/01-autoplay.lesson" >"$tmp/check" 2>&1 ||
	sed 's/^/# /' "$tmp/check"
L="$BIN --lessons-dir $LESSONS"
# the scene number shown in the top bar
at_scene() { wait_for "scene $1 of 2"; }

# 1-2: --autoplay goes on by itself once a scene is read, and pauses on
# the question.  A scene stays up ceil(words * 60 / 140) ticks after its
# sub-steps.  The waits are for where it ends; that it played scene 1 first, by itself, is read from the
# session's --record cast afterwards (a poll may miss a passing screen)
# (the terminal at 80x25 first, as the program will see it: the recording
# is made at the size the session starts with; a smaller one would be the
# "too small" screen, and held's probes make it 80x24 now and then)
term_size 80 25
rec_fifo autoplay
run "clear; $L --arch ppc --lesson 1 --autoplay 1 --restart --record $tmp/autoplay.fifo; echo A-\$?"
n6=2
wait_for "scene 1 of $n6" >/dev/null && rec_opened
wait_for "scene 2 of $n6" "Autoplay paused on the question" \
	"Question: What does has_zero return, in hex?"
r=$?
# it stays paused: two ticks of its clock after the pause, read from its
# record (frames drawn for the window's new size: a resize does not stop
# autoplay), every frame still scene 2, the question, no AUTOPLAY
held "$tmp/autoplay.cast" "Autoplay paused on the question" 1000 2 &&
	held_frames "scene 2 of $n6" "Question: What does has_zero return, in hex?" \
		"Autoplay paused on the question" --not AUTOPLAY
r2=$?
keys q && wait_for "A-0" >/dev/null
rec_done $?
# the screens recorded, each as the scene it shows and whether AUTOPLAY is
# on it, repeats dropped: scene 1 playing, scene 2 playing, scene 2 paused
$CAST screens "$tmp/autoplay.cast" 2>/dev/null | awk -v n="$n6" '
	function end() { if (said != "" && said != last) { print said; last = said } }
	/^@ / { end(); scene = ""; play = "paused"; said = ""; next }
	match($0, "scene [0-9]+ of " n) { scene = substr($0, RSTART, RLENGTH) }
	/AUTOPLAY/ { play = "playing" }
	{ said = scene == "" ? "" : scene " " play }
	END { end() }' | tr '\n' ',' >"$tmp/autoplay.said"
[ $r -eq 0 ] && [ "$(cat "$tmp/autoplay.said")" = "scene 1 of $n6 playing,scene 2 of $n6 playing,scene 2 of $n6 paused," ]
check $? "--autoplay 1 goes to scene 2 by itself and pauses on its question (recorded: $(cat "$tmp/autoplay.said"))"
check $r2 "... and stays paused there (recorded: ${held_said:-nothing})"

# 3: any key takes over, and it stays stopped: two ticks of its clock
# after the key, read from its record as above
rec_fifo key
run "clear; $L --lesson 1 --autoplay 1 --restart --record $tmp/key.fifo; echo K-\$?"
held_said=""
at_scene 1 && rec_opened && keys x && wait_for "autoplay stopped: the keys are yours" &&
	held "$tmp/key.cast" "autoplay stopped: the keys are yours" 1000 2 &&
	held_frames "scene 1 of 2" "autoplay stopped: the keys are yours" \
		--not AUTOPLAY
r=$?
keys q && wait_for "K-0" >/dev/null
q=$?
rec_done $q
[ $r -eq 0 ] && [ $q -eq 0 ]
check $? "any key stops autoplay, which stays stopped (recorded: ${held_said:-nothing})"

# 4: the terminal is as it was
run "stty -a >stty.after; echo STTY-\$?"
wait_for "STTY-0" && cmp -s stty.before stty.after
check $? "terminal modes (stty -a) are as before"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
