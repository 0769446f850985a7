#!/bin/sh
# Run libFuzzer targets: fuzz.sh DIR SECONDS TARGET...  Prints TAP, one line a
# target, with its executions.  New inputs go to a temporary directory; the
# seed corpus in tests/fuzz/corpus/TARGET is only read.  A crash leaves its
# input as build-fuzz/crash-* and fails the target.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
dir=$1 secs=$2
shift 2
echo "1..$#"
# as many targets at once as there are cores (WATVIZ_FUZZ_JOBS to change it):
# each still gets its SECONDS of one core
jobs=${WATVIZ_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}

# fuzz_one N TARGET: run it, leave its TAP line in $dir/fuzz_TARGET.tap
fuzz_one() {
	n=$1 t=$2
	work=$(mktemp -d)
	seeds="tests/fuzz/corpus/$t"
	[ "$t" = lesson ] && seeds="$seeds lessons"
	log="$dir/fuzz_$t.log"
	# -rss_limit_mb: the targets are small; -timeout per input
	"$dir/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$dir/" -print_final_stats=1 "$work" $seeds \
		>"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	if [ "$rc" -eq 0 ]; then
		echo "ok $n - fuzz_$t: ${execs:-?} executions in ${secs}s"
	else
		echo "not ok $n - fuzz_$t (status $rc, see $log)"
		grep -E 'ERROR|check failed|SUMMARY|Test unit written' "$log" | head -n 8 | sed 's/^/# /'
	fi >"$dir/fuzz_$t.tap"
	rm -rf "$work"
}

n=0 running=0
for t in "$@"; do
	n=$((n + 1))
	fuzz_one "$n" "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
bad=0
for t in "$@"; do
	cat "$dir/fuzz_$t.tap" 2>/dev/null || echo "not ok - fuzz_$t left no result"
	grep -q '^ok ' "$dir/fuzz_$t.tap" 2>/dev/null || bad=1
done
exit $bad
