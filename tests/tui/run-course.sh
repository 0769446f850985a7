#!/bin/sh
# End-to-end: a class moving through lessons in a real terminal (tmux):
# :scene 3, :lesson 4 (and Tab completing its name), :next and :prev, the end
# screen's next lesson, --lesson 3-5 going on from lesson 3 into lesson 4 and
# stopping after 5, the progress file per lesson, handouts of a range, and
# --autoplay keeping a scene up for the ticks the reading formula gives
# (counted on the status line, not timed, and read from the session's
# --record cast, not from polls).  Every wait polls for exactly what it
# then asserts.
# Usage: run-course.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
CAST="python3 $(cd "$(dirname "$0")/../lib" && pwd)/cast.py"
PLAN=13
. "$(dirname "$0")/lib.sh"

L="$BIN --lessons-dir $LESSONS"
cmd() { keys : && T send-keys -t =t: -l "$1" && keys Enter; }
# the estimate --list-lessons gives lesson $1 ("about N min")
estimate() {
	$L --list-lessons | sed -n "/^ *$1  /{n;s/^ *about \([0-9]*\) min.*/\1/p;}"
}

start_shell 80 24

# how many scenes lessons 3, 4, 5 and 7 have, from their files
nsc() { grep -c '^scene:' "$LESSONS"/"$1"-*.lesson; }
n3=$(nsc 03) n4=$(nsc 04) n5=$(nsc 05) n7=$(nsc 07)

# 1-2: :scene 3, then :lesson 4 by Tab-completed name
run "clear; $L --lesson 3 --restart; echo S-\$?"
wait_for "scene 1 of $n3"
cmd "scene 3"
wait_for "scene 3 of $n3" && wait_for "Invert a"
check $? ":scene 3 opens scene 3 of lesson 3"
keys : && T send-keys -t =t: -l "lesson fal" && keys Tab
wait_for ":lesson false-positives" && keys Enter &&
	wait_for "Lesson 4: False positives" && wait_for "scene 1 of $n4"
check $? ":lesson fal<Tab> completes to false-positives and opens lesson 4"

# 3: :next and :prev; lesson 3 comes back where the class left it
cmd "next"
wait_for "Lesson 5: Yes or no" && cmd "prev" &&
	wait_for "Lesson 4: False positives" && cmd "lesson 3" &&
	wait_for "Resuming at scene 3 of $n3" && wait_for "scene 3 of $n3"
check $? ":next, :prev and :lesson 3 (resumed at scene 3)"

# 4-5: the end screen of lesson 4 offers lesson 5 with its estimate; n opens it
cmd "lesson 4"
wait_for "Lesson 4: False positives" && cmd "scene $n4" && wait_for "scene $n4 of $n4" &&
	keys ']' && wait_for "End of lesson 4"
e4=$(estimate 4)
wait_for "n or Enter: the next lesson, 5 (no-false-positives)." &&
	wait_for "Estimated time: about $e4 minutes" && [ -n "$e4" ] &&
	wait_for "n next lesson"
check $? "the end screen offers lesson 5 and says lesson 4 takes about $e4 min"
keys n
wait_for "Lesson 5: Yes or no" && wait_for "scene 1 of $n5"
check $? "n on the end screen opens lesson 5"
keys q
wait_for "S-0" && grep -qx "4 false-positives done" "$tmp/state/watviz/progress" &&
	grep -qx "3 has-zero 3" "$tmp/state/watviz/progress" &&
	grep -qx "5 no-false-positives 1" "$tmp/state/watviz/progress"
check $? "q quits (status 0); the progress file has a line for each lesson visited"

# 6-8: --lesson 3-5: from lesson 3's end screen into lesson 4, stop after 5
run "clear; $L --lesson 3-5 --restart; echo R-\$?"
wait_for "Lesson 3: has_zero" && cmd "scene $n3" && wait_for "scene $n3 of $n3"
keys ']' && wait_for "End of lesson 3" &&
	wait_for "n or Enter: the next lesson, 4 (false-positives)."
check $? "--lesson 3-5: lesson 3's end screen offers lesson 4"
keys Enter
wait_for "Lesson 4: False positives" && wait_for "scene 1 of $n4"
check $? "--lesson 3-5: Enter goes on into lesson 4 at scene 1"
cmd "lesson 5" && wait_for "Lesson 5: Yes or no" && cmd "scene $n5" &&
	wait_for "scene $n5 of $n5" && keys ']' && wait_for "End of lesson 5"
wait_for "That was the last lesson of this run." && ! grep -qF "n or Enter" "$tmp/screen" &&
	keys n && wait_for "last lesson of this run; :lesson N opens any lesson" &&
	grep -qF "End of lesson 5" "$tmp/screen" && keys q && wait_for "R-0"
check $? "--lesson 3-5: lesson 5's end screen ends the run; n stays; q quits"

# 9: the handouts of a range, each headed with the estimate --list-lessons gives
$L --plain --lesson 3-5 >"$tmp/handouts"
[ "$(grep -c '^watviz lesson [345]: ' "$tmp/handouts")" = 3 ] &&
	[ "$(grep -c "$(printf '\f')" "$tmp/handouts")" = 2 ] &&
	grep -q "^About $(estimate 3) minutes: 6 scenes, 3 questions" "$tmp/handouts" &&
	grep -q "^About $(estimate 5) minutes: 3 scenes, 2 questions" "$tmp/handouts"
check $? "--plain --lesson 3-5 prints three handouts headed with their estimates"

# 11-13: --autoplay 1: lesson 7 scene 4 (the shortest narration) stays up
# for ceil(words * 60 / 140) ticks, counted on the status line.  What it
# showed is read afterwards from the session's --record cast, every frame
# of it, so no result depends on how often a poll catches the screen (the
# waits are for screens that stay: lesson 7 up, scene 4, the pause).
# its narration, from the handout: after the "word" line, up to what follows it
words=$($L --plain --lesson 7 | awk '
	/^Scene 4 of/ { on = 1; next }
	on && /^word "/ { w = 0; read = 1; next }
	read && (/^Sources:/ || /^memory \(/ || /^Question / || /^ *[0-9]+\. /) { print w; exit }
	read { w += NF }')
want=$(( (words * 60 + 139) / 140 ))
run "clear; $L --lesson 7 --autoplay 1 --restart --record $tmp/auto.cast; echo A-\$?"
wait_re "scene [0-9]+ of $n7"
cmd "scene 4"
wait_for "scene 4 of $n7" && keys r
# the scene's want ticks of a second each, then its question; q ends it
TIMEOUT=$((TIMEOUT + want * 2)) wait_for "Autoplay paused on the question" &&
	keys q && wait_for "A-0"
r=$?
# each frame recorded on scene 4, as "tick N of M: W words" or "paused",
# repeats dropped: the sequence of what the status line said
$CAST screens "$tmp/auto.cast" 2>"$tmp/cast.err" |
	awk -v sc="scene 4 of $n7" '
	function end() { if (on && said != "" && said != last) { print said; last = said } }
	/^@ / { end(); on = 0; said = ""; next }
	index($0, sc) { on = 1 }
	match($0, /autoplay tick [0-9]+ of [0-9]+: [0-9]+ words/) {
		said = substr($0, RSTART + 9, RLENGTH - 9) }
	/Autoplay paused on the question/ { said = "paused" }
	END { end() }' >"$tmp/said"
grep -q '^tick [0-9]* of [0-9]*: [0-9]* words$' "$tmp/said"
check $? "r plays; the status line counts the scene's ticks (recorded: $(grep -c '^tick' "$tmp/said") tick lines)"
# from its first tick: 1 to want - 1 held, the want-th moves on
{
	k=1
	while [ $k -lt "$want" ]; do
		echo "tick $k of $want: $words words"
		k=$((k + 1))
	done
	echo paused
} >"$tmp/want"
sed -n '/^tick 1 of /,$p' "$tmp/said" >"$tmp/from1"
[ $r -eq 0 ] && [ -n "$words" ] && [ "$want" -gt 1 ] && grep -q . "$tmp/from1" &&
	! grep -v '^tick\|^paused$' "$tmp/from1" | grep -q . &&
	! grep '^tick' "$tmp/from1" | grep -qv " of $want: $words words$"
check $? "the scene's $words words (as in the handout) make $want ticks at 140 a minute (recorded: $(head -n 1 "$tmp/from1"))"
cmp -s "$tmp/want" "$tmp/from1"
check $? "the scene stayed up for ticks 1 to $((want - 1)) of $want, then paused on its question (recorded: $(tr '\n' ',' <"$tmp/from1"))"
sed 's/^/# /' "$tmp/cast.err"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
