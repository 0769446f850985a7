#!/bin/sh
# Runs every test of `make check` and ends with "N passed, N failed".
# Unit tests are cmocka programs in $BUILD/tests/ (run with TAP output);
# script tests are tests/*/run-*.sh, which print TAP lines too.  Each layer's
# line ends with its own wall time in seconds (the script layers run side by
# side with each other and the unit tests, see below).  Logs are read with
# grep -a: a captured screen may hold bytes that make grep call it binary.
#
# Every layer's whole log is kept in $BUILD/test-logs/ (WATVIZ_TEST_LOGS
# elsewhere); a failing test's own diagnostics (the "#" lines after its
# "not ok", at most DIAG_LINES of them) are shown in the summary with the
# path of its layer's log, so a failure can be read from CI's output alone.
# Interrupted (INT, TERM, HUP) it stops every layer it started and exits
# 130, 143 or 129 without a result line: a stopped run never looks green.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
# --only 'NAMES': just these tests (test_x programs, dir/run-x scripts)
ONLY=""
[ "${2:-}" = "--only" ] && ONLY=" ${3:-} "
wanted() { [ -z "$ONLY" ] || case $ONLY in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
export WATVIZ_BUILD="$BUILD"
# python3 as the interpreter itself: a version manager's shim (pyenv's is a
# bash script that runs pyenv) took 0.4 s of CPU a call, five times the
# interpreter's own start, over the suite's hundreds of calls
py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) &&
	[ -x "$py" ] && [ "$(basename "$py")" = python3 ] && PATH=$(dirname "$py"):$PATH
DIAG_LINES=${WATVIZ_DIAG_LINES:-40}
passed=0
failed=0
logs=${WATVIZ_TEST_LOGS:-$BUILD/test-logs}
mkdir -p "$logs" && rm -f "$logs"/*.log "$logs"/*.rc "$logs"/*.times "$logs/ptable" \
	"$logs/times" || {
	echo "tests/run.sh: cannot make the log folder $logs" >&2; exit 2; }
logs=$(cd "$logs" && pwd)
# The layers' tmux servers make their sockets in a folder of this run's,
# removed when it ends: tmux leaves a server's socket file behind when the
# server exits, and /tmp/tmux-UID collected about 1,800 of them over a
# day of runs.
tmuxdir=$(mktemp -d "${TMPDIR:-/tmp}/wv-tmux.XXXXXX") || {
	echo "tests/run.sh: cannot make a folder for tmux's sockets in ${TMPDIR:-/tmp}" >&2; exit 2; }
export TMUX_TMPDIR="$tmuxdir"
trap 'rm -rf "$tmuxdir"' EXIT

# ---- stopping: every process this run started, then its own status ----
jobs_started=""
# pid ppid of every process, from /proc (no procps needed)
ptable() { cat /proc/[0-9]*/stat 2>/dev/null | sed 's/ (.*) [A-Za-z] / /' | cut -d' ' -f1,2; }
# the pids below $1 (children first), then $1
tree() {
	ptable >"$logs/ptable" 2>/dev/null
	awk -v root="$1" '{ kids[$2] = kids[$2] " " $1 }
		function walk(p,   n, a, i) { n = split(kids[p], a, " ")
			for (i = 1; i <= n; i++) walk(a[i]); print p }
		END { walk(root) }' "$logs/ptable"
}
stop() {
	trap '' INT TERM HUP
	echo "tests/run.sh: interrupted (SIG$1): stopping every layer; no result" >&2
	for j in $jobs_started; do
		for p in $(tree "$j"); do kill -TERM "$p" 2>/dev/null; done
	done
	wait
	echo "tests/run.sh: stopped; the layers' logs are in $logs" >&2
	exit "$2"
}
trap 'stop INT 130' INT
trap 'stop TERM 143' TERM
trap 'stop HUP 129' HUP
# a background command starts with INT and QUIT ignored; the unit programs
# get them back at their defaults (see below)
DFL=""
env --default-signal=INT,QUIT true 2>/dev/null && DFL="env --default-signal=INT,QUIT"
# start "$@" in the background, remembered for stop()
started() { jobs_started="$jobs_started $!"; }
# A layer's CPU seconds (user + system): its background shell writes
# `times` (not in a $(...), whose subshell has no children) to FILE.times;
# its second line is the children it has waited for, so the layer's own
# processes (not one it leaves running, such as a tmux server)
cpu() { awk 'NR == 2 { split($1, u, "m"); split($2, s, "m")
	printf "%.0f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1.times" 2>/dev/null; }

# each failing test's line and its diagnostics: the "#" lines that follow
# it, up to the next test line, at most DIAG_LINES of them per failure
diagnose() {
	grep -aq '^not ok ' "$2" || return 0
	awk -v name="$1" -v max="$DIAG_LINES" '
		/^(not )?ok / { on = 0 }
		/^not ok / { print "  " name ": " $0; on = 1; shown = 0; next }
		on && /^#/ && !/^# not ok - / {
			if (++shown <= max) print "      " $0
			else if (shown == max + 1) print "      # ... (more in the log)"
		}' "$2"
	echo "      log: $2"
}

# count NAME STATUS LOG: one program's TAP output; a crash or a short plan
# counts as a failure
count() {
	name=$1 rc=$2 log=$3
	p=$(grep -ac '^ok ' "$log")
	f=$(grep -ac '^not ok ' "$log")
	plan=$(LC_ALL=C sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$log" |
		awk '{ n += $1 } END { if (NR) print n }')
	diagnose "$name" "$log"
	r=$((p + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "  $name: exited with status $rc (log: $log)"
		tail -n 20 "$log" | sed 's/^/    /'
		f=$((f + 1))
	fi
	if [ -n "$plan" ] && [ "$r" -lt "$plan" ]; then
		echo "  $name: ran $r of $plan planned tests"
		f=$((plan - p))
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	printf '%-28s %4d passed, %d failed (%d s)\n' "$name" "$p" "$f" \
		$(($(date +%s) - start))
}

# The script layers (mostly waiting on tmux, child processes or memcheck)
# start first, side by side in the background, each into its own log; the
# unit tests run meanwhile.  Every layer is counted in the same order as
# ever once it has ended, with its own wall time.
#
# Scheduling on two cores (the suite is bound by CPU, about 170 s of it on a
# fresh clone): the exhaustive proof, the longest unit test, starts at once in
# the background instead of waiting its turn in the chain of unit tests; the
# layers that only compute (no terminal session, nothing timed) run at a
# lower priority, so that the terminal sessions, whose waits have time
# limits, and the unit tests get the cores first.  Not the fuzz layer: its
# clang build, starved at low priority, pushed its timed runs to the very end
# of the suite.  docs/PERFORMANCE.md has the times.
batch_layer() {
	case $1 in
	tests/golden/*|tests/html/*|tests/try/*|tests/export/run-svg.sh|\
	tests/docs/*|tests/install/*|tests/tree/*) return 0 ;;
	*) return 1 ;;
	esac
}
# The layers that look at what the others left run once they have all
# ended: tests/tree/run-clean.sh (make clean removes what make check made).
late="tests/tree/run-clean.sh"
is_late() { case " $late " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
# a layer's name (dir/run-x) and its log's
lname() { echo "$(basename "$(dirname "$1")")/$(basename "$1" .sh)"; }
lfile() { echo "$logs/$(lname "$1" | tr / -).log"; }
# start_layer SCRIPT: in the background, into its log
start_layer() {
	prio=""
	batch_layer "$1" && prio="nice -n 10"
	{
		st=$(date +%s)
		$prio sh "$1" "$BUILD" >"$(lfile "$1")" 2>&1 </dev/null
		echo "$? $(($(date +%s) - st))" >"$(lfile "$1").rc"
		times >"$(lfile "$1").times"
	} &
	started
}
for s in tests/*/run-*.sh; do
	[ -f "$s" ] || continue
	wanted "$(lname "$s")" || continue
	is_late "$s" || start_layer "$s"
done

early="test_core_exhaustive"
# make check-full (WATVIZ_CHECK_FULL=1, what CI runs; WATVIZ_FULL=1 implies
# it) proves its whole spaces, every 32-bit word and the 64-bit critical
# set; make check a 1/257 slice of each, as make asan does, beside
# test_prove_kernel, whose Z3 proofs cover every word of the same
# sequences and tie them to the C.  Every unit test gets the same: make
# check runs the slices make asan runs (WATVIZ_QUICK: test_rules' and
# test_prove_kernel's sweeps of the critical set take every 257th word,
# test_edit the first bytes and the last word of its long words, and the
# like), make check-full the whole
[ -n "${WATVIZ_FULL:-}" ] && WATVIZ_CHECK_FULL=1
export WATVIZ_CHECK_FULL=${WATVIZ_CHECK_FULL:-}
slice=WATVIZ_QUICK=1
[ -n "$WATVIZ_CHECK_FULL" ] && slice=WATVIZ_CHECK_FULL=1
for e in $early; do
	[ -x "$BUILD/tests/$e" ] && wanted "$e" || continue
	{
		st=$(date +%s)
		CMOCKA_MESSAGE_OUTPUT=TAP $DFL env "$slice" "$BUILD/tests/$e" >"$logs/$e.log" 2>&1 </dev/null
		echo "$? $(($(date +%s) - st))" >"$logs/$e.log.rc"
		times >"$logs/$e.log.times"
	} &
	started
done

# in the background too, so that a signal is handled at once, not when the
# program ends (a trap waits for the foreground command); but a background
# command starts with INT and QUIT ignored, and a program that leaves an
# ignored signal alone (test_term checks that watviz does) would then fail,
# so they are set back to their defaults (coreutils' env, $DFL); where env
# cannot, the programs run in the foreground
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	case $t in *.o|*.d) continue ;; esac
	e=$(basename "$t")
	case " $early " in *" $e "*) continue ;; esac
	wanted "$e" || continue
	start=$(date +%s)
	if [ -n "$DFL" ]; then
		{
			CMOCKA_MESSAGE_OUTPUT=TAP $DFL env "$slice" "$t" >"$logs/$e.log" 2>&1 </dev/null
			r=$?
			times >"$logs/$e.log.times"
			exit $r
		} &
		unit=$!
		jobs_started="$jobs_started $unit"
		wait "$unit"
		rc=$?
		jobs_started=${jobs_started% $unit}
	else
		CMOCKA_MESSAGE_OUTPUT=TAP env "$slice" "$t" >"$logs/$e.log" 2>&1 </dev/null
		rc=$?
	fi
	count "$e" "$rc" "$logs/$e.log"
	cpu=$(cpu "$logs/$e.log")
	echo "$e ${cpu:-$(($(date +%s) - start))} $(($(date +%s) - start))" >>"$logs/times"
done

# a layer's result, from its log and the status it left
result() {
	read -r rc secs 2>/dev/null <"$2.rc" || { rc=1 secs=0; }
	[ -f "$2" ] || : >"$2"
	start=$(($(date +%s) - secs))
	count "$1" "$rc" "$2"
	cpu=$(cpu "$2")
	echo "$1 ${cpu:-$secs} $secs" >>"$logs/times"
}
wait
for s in $late; do
	[ -f "$s" ] && wanted "$(lname "$s")" && start_layer "$s"
done
wait
for e in $early; do
	[ -x "$BUILD/tests/$e" ] && wanted "$e" || continue
	result "$e" "$logs/$e.log"
done
for s in tests/*/run-*.sh; do
	[ -f "$s" ] || continue
	wanted "$(lname "$s")" || continue
	result "$(lname "$s")" "$(lfile "$s")"
done
rm -f "$logs/ptable"

# where the time went: the ten layers that took the most CPU (their own
# processes and what they waited for), with their wall time beside them
if [ -s "$logs/times" ]; then
	echo "most CPU (of $(awk '{ c += $2 } END { print c }' "$logs/times") s in all):"
	sort -k2,2nr -k1,1 "$logs/times" | head -n 10 |
		awk '{ printf "  %-28s %4d s CPU %4d s wall\n", $1, $2, $3 }'
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
