#!/bin/sh
# End-to-end: the ways watviz ends besides q, in a real terminal (tmux).
# Every signal whose default action ends the process (Ctrl-\ SIGQUIT,
# SIGUSR1, SIGALRM, SIGPIPE, SIGXFSZ from --record under ulimit -f) gives
# the terminal back (modes, alternate screen, mouse reporting) and ends
# watviz by that signal; a terminal closed while SIGHUP is blocked ends it
# instead of a busy loop; formulas nested too deep or too long are refused
# with their column (:try under a 2 MB stack, a 40000-character build
# answer recalled from the history); Ctrl-C while :try proves stops the
# proof, not watviz, and a resize, keys and Ctrl-Z meanwhile are served
# (keys set aside, said, never run); under ASan, TERM=linux and an unknown
# TERM leave stderr empty (tests/lsan.supp).  Every wait polls for what it
# then asserts.
# Usage: run-signals.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=15
. "$(dirname "$0")/lib.sh"

start_shell 80 24

# the pane's state as tmux tracks it: the alternate screen, mouse reporting
pane_is() { [ "$(T display -p -t =t: "#{alternate_on}#{mouse_any_flag}")" = "$1" ]; }
# the modes are as before, the visualizer's screen and mouse are gone
intact() {
	wait_until pane_is 00 && run "stty -a >stty.after; echo STTY-$1-\$?" &&
		wait_for "STTY-$1-0" && cmp -s stty.before stty.after
}
# start NAME SETUP ARGS...: watviz (its pid in $tmp/pid) after the shell
# commands SETUP, with mouse reporting on (xterm-256color has kmous) and no
# core files; the shell then says NAME-status
start() {
	name=$1 setup=$2
	shift 2
	rm -f "$tmp/pid"
	run "clear; sh -c 'echo \$\$ >pid; ulimit -c 0; $setup exec env TERM=xterm-256color $BIN $*'; echo $name-\$?"
}
# after a check that may have failed: no watviz left, the terminal back as
# it was, so one failure does not fail the checks after it (a raw terminal
# takes Enter as CR, which the shell does not end a line on: C-j does)
run "stty -g >stty.g; echo SAVED-\$?"
wait_for "SAVED-0"
recover() {
	kill -KILL "$(cat "$tmp/pid" 2>/dev/null)" 2>/dev/null
	T send-keys -t =t: -l "stty \$(cat stty.g); tput rmcup; printf '\\033[?1000l\\033[?1006l'; clear; echo FIXED-$1" &&
		T send-keys -t =t: C-j && wait_for "FIXED-$1" >/dev/null
}

# 1: Ctrl-\ (SIGQUIT from the terminal) ends it by SIGQUIT, terminal intact
start QUIT "" x
wait_for "sub-step 1/" && wait_until pane_is 11 && keys 'C-\' &&
	wait_for "QUIT-131" && intact quit
check $? "Ctrl-\\ (SIGQUIT): status 131, the terminal as before"
recover quit

# 2-4: signals sent from outside
for s in USR1:138 ALRM:142 PIPE:141; do
	name=${s%:*} want=${s#*:}
	start "$name" "" x
	wait_for "sub-step 1/" && wait_until pane_is 11 && test -s "$tmp/pid" &&
		kill -"$name" "$(cat "$tmp/pid")" && wait_for "$name-$want" && intact "$name"
	check $? "SIG$name: status $want, the terminal as before"
	recover "$name"
done

# 5: --record past the file size limit (one 512-byte block: less than the
# first frame): SIGXFSZ from the kernel; the half-written temporary
# (.rec.cast.XXXXXX beside it) is removed on the way out
start XFSZ "ulimit -f 1;" --record rec.cast x
wait_for "XFSZ-153" && intact xfsz && ! ls -a "$tmp" | grep -q '^\.rec\.cast\.'
check $? "--record under ulimit -f 1 (SIGXFSZ): status 153, the terminal as before, no temporary left"
recover xfsz

# 6: the terminal closed while SIGHUP is blocked: watviz notices and ends
# (129, as for SIGHUP) instead of spinning on reads that fail at once
if command -v python3 >/dev/null 2>&1; then
	# SIGHUP blocked in python and, through fork and exec, in watviz (sh
	# would clear the mask); the status into dead.rc
	cat >"$tmp/hup-blocked.py" <<'EOF2'
import signal, subprocess, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
p = subprocess.Popen(sys.argv[2:])
with open(sys.argv[1] + ".pid", "w") as f:
    f.write("%d\n" % p.pid)
rc = p.wait()
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % rc)
EOF2
	T new-window -d -a -t =t: -n dead "env -i PATH=/usr/bin:/bin HOME=$tmp/home \
		TERM=screen-256color XDG_STATE_HOME=$tmp/state \
		ASAN_OPTIONS=${ASAN_OPTIONS:-} LSAN_OPTIONS=${LSAN_OPTIONS:-} \
		python3 $tmp/hup-blocked.py $tmp/dead.rc $BIN x"
	SESSION=t:dead
	wait_for "sub-step 1/"
	r=$?
	SESSION=t
	[ $r = 0 ] && T kill-window -t =t:dead &&
		wait_until test -s "$tmp/dead.rc" && [ "$(cat "$tmp/dead.rc")" = 129 ]
	check $? "the terminal closed with SIGHUP blocked: it ends (129), no busy loop"
	# a watviz that did not end would spin on after the test
	[ -s "$tmp/dead.rc" ] || kill -KILL "$(cat "$tmp/dead.rc.pid" 2>/dev/null)" 2>/dev/null
else
	ok "# SKIP python3 (to block SIGHUP) is not installed"
fi

# 7: :try nested 4000 deep under a 2 MB stack: refused at its column
deep=$(awk 'BEGIN { for (i = 0; i < 4000; i++) printf "("; printf "a";
	for (i = 0; i < 4000; i++) printf ")" }')
start DEEP "ulimit -s 2048;" deep
wait_for '"deep"  off' && keys : && wait_re '^:$' &&
	T send-keys -t =t: -l "try $deep" && keys Enter &&
	wait_for "column 65: nested more than 64 deep" && keys q && wait_for "DEEP-0"
check $? ":try nested 4000 deep under a 2 MB stack: refused at column 65"
recover deep

# 8: a 40000-character build answer recalled from the history: refused
# with the limit and its column, not a crash
long=$(awk 'BEGIN { printf "a"; for (i = 0; i < 13333; i++) printf " + a" }')
mkdir -p "$tmp/state/watviz"
printf '%s\n' "$long" >"$tmp/state/watviz/history"
start LONG "" --lessons-dir "$LESSONS" --lesson 5 --restart
wait_for "scene 1 of 3" && keys ']' ']' && wait_for "scene 3 of 3" &&
	keys Enter && wait_for "formula:" && keys Up Enter &&
	wait_for "column 16385" "longer than 16384 characters" && keys Escape &&
	wait_gone "formula:" && keys q && wait_for "LONG-0"
check $? "a 40000-character answer from the history: refused at column 16385"
recover long

# 9-10: TERM=linux (GPM) and a TERM terminfo does not know: under ASan
# nothing on stderr (the library leaks are suppressed by name); the GPM
# leak's stack needs the slow unwinder (see tests/lsan.supp)
lsan="LSAN_OPTIONS=\${LSAN_OPTIONS:-}:fast_unwind_on_malloc=0"
run "clear; $lsan TERM=linux $BIN x 2>linux.err; echo LINUX-\$?"
wait_for "sub-step 1/" && keys q && wait_for "LINUX-0" && test ! -s linux.err
check $? "TERM=linux: quits with status 0, nothing on stderr"
run "clear; TERM=no-such-terminal $BIN x 2>unknown.err; echo UNKNOWN-\$?"
wait_for "UNKNOWN-0" && test ! -s unknown.err
check $? "an unknown TERM: the plain trace, status 0, nothing on stderr"

# 12: Ctrl-C while :try proves stops the proof and says so; watviz goes on.
# The formula is hard for Z3 (a 62-bit prime has no two 32-bit factors; it
# gives up only when its budget of work is spent), and the budget is made
# a hundred times the default (WATVIZ_PROVE_WORK, which :try honours), so
# the proof is still running when Ctrl-C comes however fast the machine or
# slow the poll: Ctrl-C goes once the proof runs: its watcher thread is
# there (a second thread, which watviz has at no other time).
hard='x = a & 0xffffffff; y = a >> 32; ((a - ONES) & ~a & HIGHS) | (x * y == 4611686018427387847)'
threads() { awk '/^Threads:/ { print $2 }' "/proc/$(cat "$tmp/pid" 2>/dev/null)/status" 2>/dev/null; }
proving() { [ "$(threads)" -ge 2 ] 2>/dev/null; }
if [ "$("$BIN" --json --try 'a' | sed -n 's/.*"method":"\([a-z0-9]*\)".*/\1/p')" = z3 ]; then
	start TRY "export WATVIZ_PROVE_WORK=400000000;" x
	wait_for "sub-step 1/" && keys : && wait_re '^:$' &&
		T send-keys -t =t: -l "try $hard" && keys Enter && wait_until proving &&
		keys C-c && wait_for "try: stopped (Ctrl-C); nothing was decided" &&
		keys Right && wait_for "sub-step 2/" && keys q && wait_for "TRY-0"
	check $? "Ctrl-C during :try: the proof stops, watviz goes on, q quits with 0"
	recover try
else
	ok "# SKIP Ctrl-C during :try: a build without Z3 (its :try is quick)"
fi

# 13-15: while :try proves (on a thread of its own), the loop goes on: a
# resize is drawn at once (the too-small screen at 70x20, the view again at
# 80x24), keys typed are set aside and counted, never run afterwards (q
# does not quit, Right does not step), Ctrl-Z suspends and fg comes back
# still proving, and Esc stops it.  The same hard formula and budget as 12.
if [ "$("$BIN" --json --try 'a' | sed -n 's/.*"method":"\([a-z0-9]*\)".*/\1/p')" = z3 ]; then
	start LIVE "export WATVIZ_PROVE_WORK=400000000;" x
	wait_for "sub-step 1/" && keys : && wait_re '^:$' &&
		T send-keys -t =t: -l "try $hard" && keys Enter &&
		wait_for "try: proving on x86-64" &&
		T resize-window -t =t: -x 70 -y 20 && wait_for "this terminal is 70x20" &&
		T resize-window -t =t: -x 80 -y 24 && wait_for "try: proving on x86-64" &&
		wait_gone "this terminal is"
	check $? "a resize while :try proves is drawn at once, at each size"
	keys q q Right && wait_for "3 keys set aside, not run" && lacks "LIVE-" &&
		shows "sub-step 1/"
	check $? "keys typed while :try proves are set aside and said; q does not quit"
	keys C-z && wait_for "Stopped" && wait_gone "try: proving" && run "fg" &&
		wait_for "try: proving on x86-64" && keys Escape &&
		wait_for "try: stopped (Esc); nothing was decided" && shows "sub-step 1/" &&
		keys Right && wait_for "sub-step 2/" && keys q && wait_until pane_is 00
	check $? "Ctrl-Z while :try proves suspends, fg comes back proving, Esc stops it"
	recover live
else
	i=13
	while [ $i -le 15 ]; do
		ok "# SKIP a resize, keys and Ctrl-Z during :try: a build without Z3 (its :try is quick)"
		i=$((i + 1))
	done
fi

# 11: and after all that, q still leaves the terminal as it was
start Q "" x
wait_for "sub-step 1/" && wait_until pane_is 11 && keys q && wait_for "Q-0" && intact q
check $? "q: status 0, the terminal as before"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
