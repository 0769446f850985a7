#!/bin/sh
# --cast and --record: the file is asciicast v2 (the header, every event,
# times that never go back), its markers are the step and scene names, and
# its output replayed into a tmux pane of the recorded size ends on the
# visualizer's own last screen; asciinema (when installed) plays it; a
# session recorded with --record replays to what the terminal showed.
# Usage: run-cast.sh BUILD_DIR.  Prints TAP.  Every tmux wait polls for what
# it then asserts (tests/lib/tmux.sh).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
PLAN=17
. "$(dirname "$0")/../tui/lib.sh"
CAST="python3 $(pwd)/tests/lib/cast.py"
LESSON=$(ls "$(pwd)"/lessons/02-*.lesson)

# 1-4: a trace: the header, the events, the markers, the example in docs/
"$BIN" --cast 'ab\0cd' >"$tmp/t.cast" 2>"$tmp/screen"
$CAST check "$tmp/t.cast" >"$tmp/t.check" 2>>"$tmp/screen" &&
	read -r w h dur nev <"$tmp/t.check" && [ "$w $h" = "80 24" ]
check $? "--cast: an asciicast v2 header for 80x24"
python3 -c "import sys; sys.exit(0 if 11 < $dur < 15 and $nev > 15 else 1)"
check $? "every event parses, times never go back; 15 sub-steps at 0.8 s: ${dur}s"
"$BIN" --list-steps 'ab\0cd' | sed 's/:.*//' | uniq >"$tmp/steps"
$CAST markers "$tmp/t.cast" >"$tmp/markers"
cmp -s "$tmp/steps" "$tmp/markers"
check $? "a marker for each kernel function, named as --step names it"

"$BIN" --cast 'ab\0cd' | cmp -s - docs/examples/trace.cast
check $? "docs/examples/trace.cast is what --cast writes now for the default word"

# 5-6: a lesson: scene markers from the lesson file, the pace of autoplay
"$BIN" --cast --lesson 2 >"$tmp/l.cast" 2>"$tmp/screen"
$CAST check "$tmp/l.cast" >"$tmp/l.check" 2>>"$tmp/screen" &&
	read -r w h dur nev <"$tmp/l.check" && [ "$w $h" = "80 24" ]
check $? "--cast --lesson 2: a valid cast"
{
	echo "lesson 2: $(sed -n 's/^title: //p' "$LESSON")"
	sed -n 's/^scene: //p' "$LESSON" | awk '{ print "scene " NR ": " $0 }'
	echo "end of lesson 2"
} >"$tmp/want"
$CAST markers "$tmp/l.cast" >"$tmp/markers"
# the lesson's estimate (README: words at 140 a minute + 30 s a scene +
# 90 s a question) bounds it: reading time and ticks, less than a class
est=$("$BIN" --list-lessons | sed -n '/(has-zero)/{n;s/.*about \([0-9]*\) min.*/\1/p;}')
cmp -s "$tmp/want" "$tmp/markers" &&
	python3 -c "import sys; sys.exit(0 if 60 < $dur < 60 * ${est:-0} else 1)"
check $? "a marker for each scene, named after it, in order; ${dur}s (estimate ${est:-?} min)"

# 6b: a lesson written in UTF-8 (tests/lib/utf8/): the file is UTF-8 (read
# strictly), its markers name the lesson and the scenes as written, and its
# screens, replayed, show the letters a column each: the title cut by
# columns with the mark, "scene 1 of 2" at the right edge
"$BIN" --cast --lessons-dir "$(pwd)/tests/lib/utf8" --lesson 1 >"$tmp/u.cast" 2>"$tmp/screen"
$CAST check "$tmp/u.cast" >/dev/null 2>>"$tmp/screen" &&
	$CAST markers "$tmp/u.cast" | grep -qxF "lesson 1: Les octets étés: λέξη, слово, mot à mot — ça déborde à droite, très loin" &&
	$CAST markers "$tmp/u.cast" | grep -qxF "scene 2: Où est le zéro? Πού; Где?" &&
	PYTHONIOENCODING=utf-8 $CAST screens "$tmp/u.cast" | PYTHONIOENCODING=utf-8 python3 -c '
import sys
rows = set(sys.stdin.read().split("\n"))
top = " Lesson 1: Les octets \u00e9t\u00e9s: \u03bb\u03ad\u03be\u03b7, \u0441\u043b\u043e\u0432\u043e, mot \u00e0 mot \u2014 \u00e7a d\u00e9borde\u2026"
sys.exit(0 if top + " " * 3 + "scene 1 of 2" in rows and
         "Le mot \u00ab ab \u00bb est charg\u00e9 d\x27un coup dans le registre. \u0397 \u03bb\u03ad\u03be\u03b7 \u03c6\u03bf\u03c1\u03c4\u03ce\u03bd\u03b5\u03c4\u03b1\u03b9 \u03bf\u03bb\u03cc\u03ba\u03bb\u03b7\u03c1\u03b7." in rows
         else 1)'
check $? "--cast of a lesson in UTF-8: valid UTF-8 JSON, its markers and its screens as written"

# 7-8: --cast-size is validated, and used
"$BIN" --cast --cast-size 120x36 'ab\0cd' >"$tmp/w.cast" &&
	$CAST check "$tmp/w.cast" | grep -q '^120 36 '
check $? "--cast-size 120x36 says so in the header"
"$BIN" --cast --cast-size 79x24 ab >/dev/null 2>"$tmp/e1"; r1=$?
"$BIN" --cast --cast-size 120by36 ab >/dev/null 2>"$tmp/e2"; r2=$?
[ $r1 = 2 ] && [ $r2 = 2 ] && grep -q "needs at least 80x24" "$tmp/e1" &&
	grep -q "write COLUMNSxROWS, as in --cast-size 120x36" "$tmp/e2"
check $? "a --cast-size too small or malformed is a usage error ($r1, $r2)"

# replay FILE COLS ROWS: its output, cat into a fresh pane of that size
replay() {
	$CAST output "$1" >"$tmp/replay.out"
	T kill-session -t =r 2>/dev/null
	T new-session -d -s r -x "$2" -y "$3" "cat '$tmp/replay.out'; sleep 600"
	SESSION=r watch_output
}
same_as() { cmp -s "$tmp/screen" "$1"; }
# the screen is drawn whole: two captures in a row agree
settled() { cmp -s "$tmp/screen" "$tmp/prev"; _r=$?; cp "$tmp/screen" "$tmp/prev"; return $_r; }

# 9: the trace's cast ends where the visualizer's own play ends
start_shell 80 24
run "$BIN 'ab\\0cd'"
wait_for "sub-step 1/15" && keys : && T send-keys -t =t: -l "speed 50" && keys Enter
wait_for "50 ms a sub-step" && keys r
wait_for "paused at the end (r plays again from the start)" "sub-step 15/15" &&
	wait_until settled
cp "$tmp/screen" "$tmp/live"
keys q
replay "$tmp/t.cast" 80 24
SESSION=r wait_until same_as "$tmp/live"
check $? "replayed in an 80x24 pane, the cast ends on the visualizer's last screen"

# 10: a wider cast is the wider layout
replay "$tmp/w.cast" 120 36
SESSION=r wait_for "paused at the end" "has_zero 0x8080800000800000"
check $? "replayed at 120x36: the layout of a 120x36 terminal"

# 11: asciinema plays it (it wants a terminal: run it in the pane)
if command -v asciinema >/dev/null 2>&1; then
	$CAST output "$tmp/t.cast" >"$tmp/t.out"
	run "clear; asciinema cat $tmp/t.cast >$tmp/a.out 2>$tmp/a.err; echo CAT-\$?"
	wait_for "CAT-0" && cmp -s "$tmp/a.out" "$tmp/t.out"
	check $? "asciinema cat accepts the file and plays its output"
else
	ok "asciinema cat # SKIP asciinema not installed"
fi

# 12-14: --record: keys in a real session, quit, then the file
run "clear; $BIN --record $tmp/rec.cast 'ab\\0cd'; echo REC-\$?"
wait_for "sub-step 1/15" && keys Right Right Down
wait_for "step 3/6" "prep_zero_mask" && wait_until settled
cp "$tmp/screen" "$tmp/live"
keys q
wait_for "REC-0" && $CAST check "$tmp/rec.cast" >"$tmp/r.check" 2>"$tmp/screen" &&
	read -r w h dur nev <"$tmp/r.check" && [ "$w $h" = "80 24" ] && [ "$nev" -ge 4 ]
check $? "--record writes a valid 80x24 cast of the session ($nev events)"
$CAST markers "$tmp/rec.cast" | tr '\n' ' ' >"$tmp/markers"
grep -qx "load has_zero prep_zero_mask " "$tmp/markers"
check $? "its markers name the functions visited: $(cat "$tmp/markers")"
replay "$tmp/rec.cast" 80 24
SESSION=r wait_until same_as "$tmp/live"
check $? "replayed, the recording ends on the screen the session showed"

# 15: a file that cannot be written: said before the terminal is taken
run "clear; $BIN --record /nonexistent/dir/rec.cast ab; echo BAD-\$?"
wait_for "BAD-1" "watviz: --record /nonexistent/dir/rec.cast: cannot create it"
check $? "an unwritable --record file: a plain error, status 1, the screen untouched"

# 16: no terminal, nothing to record
"$BIN" --record "$tmp/x.cast" ab </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q -- "--record records the visualizer, which needs a terminal" "$tmp/err"
check $? "--record without a terminal is a usage error ($rc)"
