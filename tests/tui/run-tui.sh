#!/bin/sh
# End-to-end: the visualizer in a real terminal (tmux), driven by keys and
# read back with capture-pane.  Usage: run-tui.sh BUILD_DIR  (binary at
# BUILD_DIR/watviz).  Prints TAP.  Every wait polls with a timeout, so a
# slow machine only makes it slower, not flaky; what a test asserts about the
# screen is what it waited for (all strings of one wait_for in one capture),
# or, for what must not show, checked on that same capture.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
PLAN=33
. "$(dirname "$0")/lib.sh"

start_shell 100 30

# 1-3: open, step, next function
run "$BIN 'ab\\0cd'; echo AFTER-\$?"
wait_for "x86-64 [since v6.11] 64-bit little-endian" "sub-step 1/"
check $? "opens the main screen on ab\\0cd, on today's x86-64 with its era"
keys Right Right
wait_for "sub-step 3/"
check $? "Right steps to the next sub-step"
keys g Down
wait_for "has_zero() in arch/x86/include/asm/word-at-a-time.h"
check $? "Down goes to the next kernel function (has_zero, with its file)"

# 4: the register row with the borrow chain and a flag
keys Down Up
wait_for "borrow    11111111" && keys Right Right Right && wait_for "=10000000"
check $? "has_zero shows the borrow row and marked flags"

# 5: variant switch keeps the place
keys a
wait_for "x86-64-v6.10 [v3.5 to v6.10] 64-bit" "has_zero() in"
check $? "a switches to x86-64-v6.10 (its era in the title) and stays in has_zero"

# 6-7: compare view and back
keys c
wait_for "Compare: this memory on every variant" \
	"All 16 variants agree: the string is 2 byte(s) long." "s390"
check $? "c shows every variant, all agreeing on 2"
keys c
wait_for "has_zero() in"
check $? "c again returns to the main screen"

# 8-10: the command line: a command, Tab completion, an error
keys :
wait_for ":" && T send-keys -t =t: -l "arch ppc" && keys Enter
wait_for "ppc64 [by v3.6] 64-bit big-endian"
check $? ":arch ppc switches to big-endian ppc64"
keys : && T send-keys -t =t: -l "arch alp" && keys Tab
wait_for ":arch alpha"
check $? "Tab completes a variant name"
keys C-u && T send-keys -t =t: -l "arch pp" && keys Tab Tab
wait_for "ppc  ppc32  ppc64  ppc64le"
check $? "a second Tab lists the candidates"
keys C-u && T send-keys -t =t: -l "arch alpha"
keys Enter
wait_for "alpha [by v3.10] 64-bit little-endian" >/dev/null
keys : && T send-keys -t =t: -l "frobnicate 1" && keys Enter
wait_for "error: unknown command 'frobnicate'" "alpha 64-bit"
check $? "a bad command gives a one-line error and the screen keeps working"

# 11: e edits the word in place
keys e
wait_for "word: ab\\0cd" && keys BSpace BSpace && T send-keys -t =t: -l "xy" && keys Enter
wait_for '"ab\0xy"'
check $? "e edits the word with readline"

# 12: :json writes the trace
keys : && T send-keys -t =t: -l "json $tmp/out.json" && keys Enter
wait_for "wrote the trace to" && grep -q '"arch": *"alpha"' "$tmp/out.json"
check $? ":json FILE writes the trace"

# 13-14: too small, and back
T resize-window -t =t: -x 60 -y 20
wait_for "needs at least 80x24" "this terminal is 60x20"
check $? "at 60x20 it says it needs at least 80x24"
T resize-window -t =t: -x 100 -y 30
wait_for "alpha [by v3.10] 64-bit little-endian" && wait_gone "needs at least"
check $? "grown back to 100x30 it redraws the main screen"

# 15: help
keys '?'
wait_for "next sub-step" "Commands (after :)"
check $? "? shows the keys and commands"
keys Escape
wait_for "sub-step" >/dev/null

# 16-18: q restores the terminal
keys q
wait_for "AFTER-0"
check $? "q quits with status 0"
run "stty -a >stty.after; echo STTY-\$?"
wait_for "STTY-0" && cmp -s stty.before stty.after
check $? "terminal modes (stty -a) are as before"
wait_for "BEFORE-0" && wait_gone "x86-64"
check $? "the shell's screen is back, the visualizer's gone"

# 19-20: history survives a restart
test -s "$tmp/state/watviz/history" && grep -qF "arch ppc" "$tmp/state/watviz/history"
check $? "history saved under \$XDG_STATE_HOME/watviz/history"
run "clear; $BIN 'ab\\0cd'; echo AGAIN-\$?"
wait_for "sub-step 1/" && keys : Up
wait_for ":json $tmp/out.json" && keys Up && wait_for ':word "ab\0xy"'
check $? "Up on the command line recalls the last run's commands"
keys Escape
wait_gone ':word "ab' >/dev/null

# 21: Ctrl-C restores the terminal
keys C-c
wait_for "AGAIN-130" && run "stty -a >stty.after; echo STTY2-\$?" && wait_for "STTY2-0" &&
	cmp -s stty.before stty.after
check $? "Ctrl-C quits (status 130) and restores the terminal"

# 22: SIGTERM restores the terminal
run "clear; sh -c 'echo \$\$ >pid; exec $BIN x'; echo TERM-\$?"
wait_for "sub-step 1/"
kill -TERM "$(cat "$tmp/pid")" 2>/dev/null
wait_for "TERM-143" && run "stty -a >stty.after; echo STTY3-\$?" && wait_for "STTY3-0" &&
	cmp -s stty.before stty.after
check $? "SIGTERM quits (status 143) and restores the terminal"

# 23: NO_COLOR still shows every flag, as a symbol
run "clear; NO_COLOR=1 $BIN --arch ppc '\\x01\\0\\x01\\0\\x01\\0\\x01'; echo NC-\$?"
wait_for "ppc64 [by v3.6] 64-bit" && keys Down Right Right Right &&
	wait_for "! holds a false positive" "!10000000" &&
	! T capture-pane -p -e -t =t: | grep -q "$(printf '\033')\[3[0-7]m"
check $? "NO_COLOR: no colour codes, false positives marked with !"
keys q
wait_for "NC-0" >/dev/null

# 24: nothing on stderr scribbles over the screen; it is shown afterwards
run "clear; $BIN 'ab\\0cd' 2>err.txt; echo ERR-\$?"
wait_for "sub-step 1/" && keys q && wait_for "ERR-0" && test ! -s err.txt
check $? "a clean run writes nothing to stderr"

# 25: Ctrl-Z suspends to the shell, fg brings it back where it was
run "clear; $BIN 'ab\\0cd'"
wait_for "sub-step 1/" && keys Right && wait_for "sub-step 2/" && keys C-z &&
	wait_for "Stopped" && wait_gone "sub-step 2/" && run "fg" &&
	wait_for "sub-step 2/" && keys Right && wait_for "sub-step 3/" && keys q &&
	wait_gone "sub-step" && run "echo Z-\$?; stty -a >stty.after; echo STTY4-\$?" &&
	wait_for "Z-0" && wait_for "STTY4-0" && cmp -s stty.before stty.after
check $? "Ctrl-Z suspends, fg resumes in place, the terminal is intact"

# 26: a bounded storm of every key on every variant (under ASan in make asan)
run "clear; $BIN --offset 3 'usr/bin\\x01\\0x'; echo STORM-\$?"
wait_for "sub-step 1/"
i=0
while [ $i -lt 17 ]; do
	keys a Right Right Down N End Home p P G g o f d c c '?' Escape + - r r O
	i=$((i + 1))
done
keys : && T send-keys -t =t: -l "word \"\\xff\\x01\\0\\x01\"" && keys Enter
keys e C-a C-k && T send-keys -t =t: -l "a\\x01\\x01\\0" && keys Enter
# once the keys before are done (the word typed last is up), play till the
# program has moved the sub-step by itself (a screen that stays: play goes
# on or pauses at the end, never back), then pause
at_sub() { sed -n 's/.*sub-step \([0-9]*\)\/.*/\1/p' "$tmp/screen" | head -n 1; }
moved() { [ -n "$(at_sub)" ] && [ "$(at_sub)" != "$1" ]; }
wait_for '"a\x01\x01\0"' && pos0=$(at_sub) && [ -n "$pos0" ] && keys r &&
	wait_until moved "$pos0"
r=$?
keys r A A A C-l
wait_for '"a\x01\x01\0"' && keys q && wait_for "STORM-0" && [ $r -eq 0 ]
check $? "every key on every variant: still drawing, playing, quits cleanly"

# 27: the crash path (a SIGSEGV) still gives the terminal back
run "clear; echo CRASH-BEFORE; sh -c 'echo \$\$ >pid; exec $BIN x' 2>crash.txt; echo CRASH-\$?"
wait_for "sub-step 1/"
kill -SEGV "$(cat "$tmp/pid")" 2>/dev/null
wait_re "CRASH-1[2-9][0-9]" && wait_for "CRASH-BEFORE" && wait_gone "sub-step 1/" &&
	run "stty -a >stty.after; echo STTY5-\$?" && wait_for "STTY5-0" &&
	cmp -s stty.before stty.after
check $? "a crash (SIGSEGV) restores the terminal"

# 28: resizing while the command line is open keeps the line
run "clear; $BIN 'ab\\0cd'; echo RS-\$?"
wait_for "sub-step 1/" && keys : && T send-keys -t =t: -l "arch pp" &&
	T resize-window -t =t: -x 90 -y 26 && wait_for ":arch pp" &&
	wait_for "step 1/" && keys C-u Escape q && wait_for "RS-0"
r=$?
T resize-window -t =t: -x 100 -y 30
check $r "resize with the command line open redraws and keeps the line"

# 29: a terminal that cannot draw a screen gets the plain trace
run "clear; TERM=dumb $BIN x | cat >dumb.txt; TERM=dumb $BIN x; echo DUMB-\$?"
wait_for "DUMB-0" "find_zero" && lacks "sub-step 1/" && grep -qF "x86-64" dumb.txt
check $? "TERM=dumb: the plain trace instead of a broken screen"

# 31: play mode steps on its own, faster with + (as the program says), and
# pauses on r (as it says) where it was, which stays: two ticks of its
# clock, read from its record (held in lib.sh).  A word of 40 sub-steps,
# 21 s of play at 533 ms: the poll for sub-step 3 and the r after it come
# long before the end, however slow the machine
# (the terminal at the window's size first: the recording is made at the
# size the program starts with, and test 28 resized it just before)
term_size 100 30
rec_fifo play
run "clear; $BIN --record $tmp/play.fifo 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ'; echo PLAY-\$?"
held_said=""
wait_for "sub-step 1/40" && rec_opened && keys + && wait_for "533 ms a sub-step" && keys r &&
	wait_for "PLAYING" && wait_re 'sub-step ([3-9]|[1-3][0-9])/40' && keys r &&
	wait_for "paused, 533 ms a sub-step" && lacks "PLAYING" &&
	pos=$(sed -n 's/.*sub-step \([0-9]*\)\/.*/\1/p' "$tmp/screen") &&
	[ "$pos" -lt 40 ] && held "$tmp/play.cast" "paused, 533 ms a sub-step" 533 2 &&
	held_frames "sub-step $pos/40" "paused, 533 ms a sub-step" --not PLAYING
r=$?
keys q && wait_for "PLAY-0"
q=$?
rec_done $q
[ $r -eq 0 ] && [ $q -eq 0 ]
check $? "r plays hands-free (+ faster) and r pauses (recorded: ${held_said:-nothing})"

# 32-33: :try refutes a formula and loads the smallest counterexample as the word
# (the verdict and the bytes as --try --json gives them), draws the formula's
# own steps on it until Esc; a right one is proven
cex=$("$BIN" --json --try '(a - ONES) & HIGHS' |
	sed -n 's/.*"counterexample":{"word":"\(0x[0-9a-f]*\)","memory":\[\([0-9,]*\)\].*/\1 \2/p')
set -- $cex
hex=$(echo "${2:-}" | tr ',' '\n' | awk '{ printf "%s%02x", (NR > 1 ? " " : ""), $1 }')
# a word no earlier test uses, so the wait cannot match a screen left over
run "clear; $BIN 'tryme'; echo TRY-\$?"
# (the line is typed once the prompt is up: keys sent before it may be read
# by curses, not by readline)
wait_for '"tryme"  offset 0' "sub-step 1/" && keys : && wait_re '^:$' &&
	T send-keys -t =t: -l 'try (a - ONES) & HIGHS' &&
	keys Enter &&
	[ -n "$hex" ] && wait_for "try: WRONG; smallest counterexample a = $1, now the word" \
		"hex  | $hex|" "offset 0" "your formula() in --try" "sub: a - ONES" &&
	keys Right && wait_for "and: (a - ONES) & HIGHS" &&
	keys Escape && wait_for "unsafe_get_user() in lib/strnlen_user.c" "hex  | $hex|"
check $? ":try (a - ONES) & HIGHS is refuted, $1 becomes the word, the formula is drawn on it, Esc: the kernel's steps"
if "$BIN" --json --try a 2>/dev/null | grep -q '"method":"z3"'; then
	want="try: PROVEN for all 2^64 words (z3"
else
	want="try: not refuted on"
fi
keys : && wait_re '^:$' && T send-keys -t =t: -l 'try (a - ONES) & ~a & HIGHS' &&
	keys Enter &&
	wait_for "$want" && keys q && wait_for "TRY-0"
check $? ":try (a - ONES) & ~a & HIGHS: $want"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
