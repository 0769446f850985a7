#!/bin/sh
# End-to-end: editing the word in place (m, hex digits, u, Ctrl-R, Tab and
# Space on the bits) and the mouse (SGR reports typed into the pane, as a
# terminal sends them: a click on a byte, on a bit, on a kernel function,
# the wheel), each checked on the screen and in :json's output.  The pane's
# tmux keeps the mouse off (set -g mouse off), so the reports reach watviz;
# TERM=xterm-256color has kmous (SGR mode), which ncurses needs to read them.
# Usage: run-edit.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
PLAN=18
. "$(dirname "$0")/lib.sh"

start_shell 80 24
T set -g mouse off

# mouse reports, 1-based column and row, as xterm's SGR mode writes them
click() { T send-keys -t =t: -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' "$1" "$2" "$1" "$2")"; }
wheel() { T send-keys -t =t: -l "$(printf '\033[<%d;%d;%dM' "$1" 40 12)"; }	# 64 up, 65 down
# the pane's mouse reporting (SGR mode), as tmux tracks it
mouse_is() { [ "$(T display -p -t =t: '#{mouse_sgr_flag}')" = "$1" ]; }
# the trace's memory as :json FILE writes it, into $tmp/mem
json_mem() {
	keys : && wait_re '^:$' && T send-keys -t =t: -l "json $tmp/$1.json" && keys Enter &&
		wait_for "wrote the trace to $tmp/$1.json" &&
		sed -n 's/.*"memory": *\[\([^]]*\)\].*/\1/p' "$tmp/$1.json" | head -n 1 >"$tmp/mem"
}
mem_is() { [ "$(cat "$tmp/mem")" = "$1" ]; }

# 1: the mouse is on where the terminal reports it
run "clear; TERM=xterm-256color $BIN --arch ppc 'a\\0\\0cdefg'; echo EDIT-\$?"
wait_for '"a\0\0cdefg"' "sub-step 1/" && wait_until mouse_is 1
check $? "opens with mouse reporting on (SGR mode)"

# 2: on has_zero's test both flags are true ones; a byte typed in hex turns
# the one at byte 1 into a false positive (a 0x01 a borrow reached)
keys Down Right Right Right Right Right
wait_for "test: has_zero(a) != 0" "00000000=10000000*10000000" && keys m l 0 1 &&
	wait_for "edit @1 = 0x01" "[01]" '"a\x01\0cdefg"' "00000000!10000000=10000000" \
		"! holds a false positive" "the string is now 2 long"
check $? "m l 0 1: byte 1 becomes 0x01, its flag a false positive, at the same step"
json_mem one && mem_is "97, 1, 0, 99, 100, 101, 102, 103, 0, 0, 0, 0, 0, 0, 0, 0"
check $? ":json writes the edited word"

# 3: undo and redo
keys u
wait_for '"a\0\0cdefg"' "undone" "00000000=10000000*10000000"
check $? "u undoes the edit"
keys C-r
wait_for '"a\x01\0cdefg"' "redone" "00000000!10000000=10000000"
check $? "Ctrl-R redoes it"

# 4: ' then a character; x deletes, i inserts
keys l l "'" z
wait_for '"a\x01\0zdefg"' "edit @3 = 0x7a 'z'" && keys x && wait_for '"a\x01\0defg"' &&
	keys i && wait_for '"a\x01\0xdefg"'
check $? "' z sets a character, x deletes a byte, i inserts one"

# 5: the bits: on the load step, Tab, two bits to the right, Space; big-endian
# register byte 4 holds memory byte 3: bit 37 is its bit 5 ('x' 0x78 -> 0x58 'X')
keys g Tab
wait_for "bit 39 = bit 7 of @3" && keys Right Right && wait_for "bit 37 = bit 5 of @3" &&
	keys Space && wait_for '"a\x01\0Xdefg"'
check $? "Tab, Right Right, Space flips bit 5 of byte 3"
json_mem two && mem_is "97, 1, 0, 88, 100, 101, 102, 103, 0, 0, 0, 0, 0, 0, 0, 0"
check $? ":json has the flipped bit"
keys Escape
wait_gone "bit 37 =" >/dev/null

# 6: a click on a memory byte (the hex of byte 4: row 4, column 8 + 3 * 4)
click 20 4
wait_for "edit @4 = 0x64 'd'" "[64]"
check $? "a click on byte 4 puts the byte cursor there"

# 7: a click on the last bit of memory byte 0 in the loaded word's row
keys Escape g
wait_for "a (loaded) = 0x6101005864656667" && {
	row=$(grep -n 'a (loaded) = ' "$tmp/screen" | head -n 1 | cut -d: -f1)
	row=$((row + 1))
	# the 8th bit digit of that line (memory byte 0's lowest on big-endian)
	col=$(sed -n "${row}p" "$tmp/screen" | awk '{ n = 0
		for (i = 1; i <= length($0); i++)
			if (substr($0, i, 1) ~ /[01]/ && ++n == 8) { print i; exit } }')
	click "$col" "$row"
	wait_for '"`\x01\0Xdefg"' "a (loaded) = 0x6001005864656667"
}
check $? "a click on a bit of the loaded word flips it (0x61 -> 0x60)"
json_mem three && mem_is "96, 1, 0, 88, 100, 101, 102, 103, 0, 0, 0, 0, 0, 0, 0, 0"
check $? ":json has the clicked bit"

# 8: the wheel steps on and back
keys Escape g
wait_for "sub-step 1/" && wheel 65 && wheel 65 && wait_for "sub-step 3/" &&
	wheel 64 && wait_for "sub-step 2/"
check $? "the wheel steps forward and back"

# 9: at 160x45 the list of calls: a click on find_zero goes there
T resize-window -t =t: -x 160 -y 45
wait_for "The calls on this word" && {
	row=$(grep -n '^  find_zero ' "$tmp/screen" | head -n 1 | cut -d: -f1)
	click 5 "$row"
	wait_for "find_zero() in arch/powerpc"
}
check $? "a click on find_zero in the list of calls goes there"

# 10: :set mouse off gives the mouse back to the terminal, on takes it again
keys : && wait_re '^:$' && T send-keys -t =t: -l "set mouse off" && keys Enter &&
	wait_for "mouse off" && wait_until mouse_is 0 &&
	keys : && wait_re '^:$' && T send-keys -t =t: -l "set mouse on" && keys Enter &&
	wait_for "mouse on" && wait_until mouse_is 1
check $? ":set mouse off and on switch mouse reporting"

# 11: q: mouse reporting off, the terminal as before (its size too)
T resize-window -t =t: -x 80 -y 24
wait_gone "The calls on this word" >/dev/null
keys q
wait_for "EDIT-0" && { wait_until mouse_is 0 || echo "# mouse still on" >&2; } && run "stty -a >stty.after; echo STTY-\$?" &&
	wait_for "STTY-0" && { cmp -s stty.before stty.after || diff stty.before stty.after >&2; }
check $? "q quits with mouse reporting off and the terminal intact"

# 12: --no-mouse never turns it on
run "clear; TERM=xterm-256color $BIN --no-mouse 'nomouse'; echo NM-\$?"
wait_for '"nomouse"' "sub-step 1/" && mouse_is 0 && keys q && wait_for "NM-0"
check $? "--no-mouse leaves the mouse to the terminal"

# 13: in a lesson: a changed byte withdraws the question, with a notice
run "clear; TERM=xterm-256color $BIN --restart --arch ppc --lesson 9; echo L-\$?"
wait_for "change a byte: m" && keys ']' && wait_for "scene 2/" && keys m "'" z &&
	wait_for "the question is withdrawn" && keys q && wait_for "L-0"
check $? "lesson 9: explore invites, an edit withdraws the question"

# 14: Ctrl-Z and fg turn the mouse off and on again; a crash turns it off
run "clear; sh -c 'echo \$\$ >pid; TERM=xterm-256color exec $BIN crashme' 2>crash.txt; echo CR-\$?"
wait_for '"crashme"' && wait_until mouse_is 1 && keys C-z && wait_for "Stopped" &&
	wait_until mouse_is 0 && run "fg" && wait_for '"crashme"' && wait_until mouse_is 1 &&
	kill -SEGV "$(cat "$tmp/pid")" 2>/dev/null && wait_re "CR-1[2-9][0-9]" &&
	wait_until mouse_is 0 && run "stty -a >stty.after; echo STTY2-\$?" &&
	wait_for "STTY2-0" && cmp -s stty.before stty.after
check $? "Ctrl-Z, fg and a crash (SIGSEGV) leave mouse reporting as they must"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
