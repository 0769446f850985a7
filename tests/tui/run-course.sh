#!/bin/sh
# End-to-end: a class moving through lessons in a real terminal (tmux):
# :scene 3, :lesson 3 (and Tab completing its name), :next and :prev, the end
# screen's next lesson, --lesson 2-4 going on from lesson 2 into lesson 3 and
# stopping after 4, the progress file per lesson, handouts of a range, and
# --autoplay keeping a scene up for the ticks the reading formula gives
# (counted on the status line, not timed).  Every wait polls for exactly
# what it then asserts.
# Usage: run-course.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=13
. "$(dirname "$0")/lib.sh"

L="$BIN --lessons-dir $LESSONS"
cmd() { keys : && T send-keys -t t -l "$1" && keys Enter; }
# the estimate --list-lessons gives lesson $1 ("about N min")
estimate() {
	$L --list-lessons | sed -n "/^ *$1  /{n;s/^ *about \([0-9]*\) min.*/\1/p;}"
}

start_shell 80 24

# how many scenes lessons 2, 3 and 4 have, from their files
nsc() { grep -c '^scene:' "$LESSONS"/"$1"-*.lesson; }
n2=$(nsc 02) n3=$(nsc 03) n4=$(nsc 04)

# 1-2: :scene 3, then :lesson 3 by Tab-completed name
run "clear; $L --lesson 2 --restart; echo S-\$?"
wait_for "scene 1 of $n2"
cmd "scene 3"
wait_for "scene 3 of $n2" && wait_for "Invert a"
check $? ":scene 3 opens scene 3 of lesson 2"
keys : && T send-keys -t t -l "lesson fal" && keys Tab
wait_for ":lesson false-positives" && keys Enter &&
	wait_for "Lesson 3: False positives" && wait_for "scene 1 of $n3"
check $? ":lesson fal<Tab> completes to false-positives and opens lesson 3"

# 3: :next and :prev; lesson 2 comes back where the class left it
cmd "next"
wait_for "Lesson 4: create_zero_mask" && cmd "prev" &&
	wait_for "Lesson 3: False positives" && cmd "lesson 2" &&
	wait_for "Resuming at scene 3 of $n2" && wait_for "scene 3 of $n2"
check $? ":next, :prev and :lesson 2 (resumed at scene 3)"

# 4-5: the end screen of lesson 3 offers lesson 4 with its estimate; n opens it
cmd "lesson 3"
wait_for "Lesson 3: False positives" && cmd "scene $n3" && wait_for "scene $n3 of $n3" &&
	keys ']' && wait_for "End of lesson 3"
e3=$(estimate 3)
wait_for "n or Enter: the next lesson, 4 (create-zero-mask)." &&
	wait_for "Estimated time: about $e3 minutes" && [ -n "$e3" ] &&
	wait_for "n next lesson"
check $? "the end screen offers lesson 4 and says lesson 3 takes about $e3 min"
keys n
wait_for "Lesson 4: create_zero_mask" && wait_for "scene 1 of $n4"
check $? "n on the end screen opens lesson 4"
keys q
wait_for "S-0" && grep -qx "3 false-positives done" "$tmp/state/watviz/progress" &&
	grep -qx "2 has-zero 3" "$tmp/state/watviz/progress" &&
	grep -qx "4 create-zero-mask 1" "$tmp/state/watviz/progress"
check $? "q quits (status 0); the progress file has a line for each lesson visited"

# 6-8: --lesson 2-4: from lesson 2's end screen into lesson 3, stop after 4
run "clear; $L --lesson 2-4 --restart; echo R-\$?"
wait_for "Lesson 2: has_zero" && cmd "scene $n2" && wait_for "scene $n2 of $n2"
keys ']' && wait_for "End of lesson 2" &&
	wait_for "n or Enter: the next lesson, 3 (false-positives)."
check $? "--lesson 2-4: lesson 2's end screen offers lesson 3"
keys Enter
wait_for "Lesson 3: False positives" && wait_for "scene 1 of $n3"
check $? "--lesson 2-4: Enter goes on into lesson 3 at scene 1"
cmd "lesson 4" && wait_for "Lesson 4: create_zero_mask" && cmd "scene $n4" &&
	wait_for "scene $n4 of $n4" && keys ']' && wait_for "End of lesson 4"
wait_for "That was the last lesson of this run." && ! grep -qF "n or Enter" "$tmp/screen" &&
	keys n && wait_for "last lesson of this run; :lesson N opens any lesson" &&
	grep -qF "End of lesson 4" "$tmp/screen" && keys q && wait_for "R-0"
check $? "--lesson 2-4: lesson 4's end screen ends the run; n stays; q quits"

# 9: the handouts of a range, each headed with the estimate --list-lessons gives
$L --plain --lesson 2-4 >"$tmp/handouts"
[ "$(grep -c '^watviz lesson [234]: ' "$tmp/handouts")" = 3 ] &&
	[ "$(grep -c "$(printf '\f')" "$tmp/handouts")" = 2 ] &&
	grep -q "^About $(estimate 2) minutes: 6 scenes, 3 questions" "$tmp/handouts" &&
	grep -q "^About $(estimate 4) minutes: 5 scenes, 5 questions" "$tmp/handouts"
check $? "--plain --lesson 2-4 prints three handouts headed with their estimates"

# 10-12: --autoplay 1: lesson 5 scene 4 (the shortest narration) stays up
# for ceil(words * 60 / 140) ticks, counted on the status line
# its narration, from the handout: after the "word" line, up to what follows it
words=$($L --plain --lesson 5 | awk '
	/^Scene 4 of/ { on = 1; next }
	on && /^word "/ { w = 0; read = 1; next }
	read && (/^Sources:/ || /^memory \(/ || /^Question / || /^ *[0-9]+\. /) { print w; exit }
	read { w += NF }')
want=$(( (words * 60 + 139) / 140 ))
run "clear; $L --lesson 5 --autoplay 1 --restart; echo A-\$?"
wait_for "AUTOPLAY"
cmd "scene 4"
wait_for "scene 4 of 6" && keys r
wait_re "autoplay tick [0-9]+ of [0-9]+: [0-9]+ words"
check $? "r plays; the status line counts the scene's ticks"
# poll until the scene is over, noting every tick number shown
seen="" total="" shown_words="" i=0
while [ $i -lt $((TIMEOUT * 20)) ]; do
	screen
	t=$(sed -n 's/.*autoplay tick \([0-9]*\) of \([0-9]*\): \([0-9]*\) words.*/\1 \2 \3/p' "$tmp/screen")
	if [ -n "$t" ]; then
		set -- $t
		case " $seen " in *" $1 "*) ;; *) seen="$seen $1" ;; esac
		total=$2 shown_words=$3
	fi
	grep -qF "Autoplay paused on the question" "$tmp/screen" && break
	grep -qF "scene 5 of 6" "$tmp/screen" && break
	sleep 0.05
	i=$((i + 1))
done
last=${seen##* }
[ -n "$words" ] && [ "$shown_words" = "$words" ] && [ "$total" = "$want" ]
check $? "the scene's $words words (as in the handout) make $want ticks at 140 a minute (shown: $shown_words words, $total ticks)"
# loose: the last tick seen before it moved on is the last or the one before
[ -n "$last" ] && [ "$last" -le $((want - 1)) ] && [ "$last" -ge $((want - 2)) ] &&
	grep -qF "scene 4 of 6" "$tmp/screen" &&
	grep -qF "Autoplay paused on the question" "$tmp/screen" &&
	keys q && wait_for "A-0"
check $? "the scene stayed up for its ticks (seen:$seen), then paused on its question"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
