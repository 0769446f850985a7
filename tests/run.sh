#!/bin/sh
# Runs every test of `make check` and ends with "N passed, N failed".
# Unit tests are cmocka programs in $BUILD/tests/ (run with TAP output);
# script tests are tests/*/run-*.sh, which print TAP lines too.  Each layer's
# line ends with its own wall time in seconds (the script layers run side by
# side with each other and the unit tests, see below).  Logs are read with
# grep -a: a captured screen may hold bytes that make grep call it binary.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
# --only 'NAMES': just these tests (test_x programs, dir/run-x scripts)
ONLY=""
[ "${2:-}" = "--only" ] && ONLY=" ${3:-} "
wanted() { [ -z "$ONLY" ] || case $ONLY in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
export WATVIZ_BUILD="$BUILD"
passed=0
failed=0
log=$(mktemp)
logs=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$logs"' EXIT INT TERM

# count one program's TAP output; a crash or a short plan counts as a failure
count() {
	name=$1 rc=$2
	p=$(grep -ac '^ok ' "$log")
	f=$(grep -ac '^not ok ' "$log")
	plan=$(LC_ALL=C sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$log" |
		awk '{ n += $1 } END { if (NR) print n }')
	grep -a '^not ok ' "$log" | sed "s|^|  $name: |"
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "  $name: exited with status $rc"
		tail -n 20 "$log" | sed 's/^/    /'
		f=$((f + 1))
	elif [ -n "$plan" ] && [ $((p + f)) -lt "$plan" ]; then
		echo "  $name: ran $((p + f)) of $plan planned tests"
		f=$((f + plan - p - f))
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
i=0
for s in tests/*/run-*.sh; do
	[ -f "$s" ] || continue
	i=$((i + 1))
	wanted "$(basename "$(dirname "$s")")/$(basename "$s" .sh)" || continue
	prio=""
	batch_layer "$s" && prio="nice -n 10"
	{
		st=$(date +%s)
		$prio sh "$s" "$BUILD" >"$logs/$i.log" 2>&1 </dev/null
		echo "$? $(($(date +%s) - st))" >"$logs/$i.rc"
	} &
done

early="test_core_exhaustive"
for e in $early; do
	[ -x "$BUILD/tests/$e" ] && wanted "$e" || continue
	{
		st=$(date +%s)
		CMOCKA_MESSAGE_OUTPUT=TAP "$BUILD/tests/$e" >"$logs/$e.log" 2>&1 </dev/null
		echo "$? $(($(date +%s) - st))" >"$logs/$e.rc"
	} &
done

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	case $t in *.o|*.d) continue ;; esac
	case " $early " in *" $(basename "$t") "*) continue ;; esac
	wanted "$(basename "$t")" || continue
	start=$(date +%s)
	CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$log" 2>&1 </dev/null
	count "$(basename "$t")" $?
done

wait
for e in $early; do
	[ -x "$BUILD/tests/$e" ] && wanted "$e" || continue
	cp "$logs/$e.log" "$log" 2>/dev/null || : >"$log"
	read -r rc secs 2>/dev/null <"$logs/$e.rc" || { rc=1 secs=0; }
	start=$(($(date +%s) - secs))
	count "$e" "$rc"
done
i=0
for s in tests/*/run-*.sh; do
	[ -f "$s" ] || continue
	i=$((i + 1))
	wanted "$(basename "$(dirname "$s")")/$(basename "$s" .sh)" || continue
	cp "$logs/$i.log" "$log" 2>/dev/null || : >"$log"
	read -r rc secs 2>/dev/null <"$logs/$i.rc" || { rc=1 secs=0; }
	start=$(($(date +%s) - secs))
	count "$(basename "$(dirname "$s")")/$(basename "$s" .sh)" "$rc"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
