#!/bin/sh
# Runs every test of `make check` and ends with "N passed, N failed".
# Unit tests are cmocka programs in $BUILD/tests/ (run with TAP output);
# script tests are tests/*/run-*.sh, which print TAP lines too.
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
trap 'rm -f "$log"' EXIT INT TERM

# count one program's TAP output; a crash or a short plan counts as a failure
count() {
	name=$1 rc=$2
	p=$(grep -c '^ok ' "$log")
	f=$(grep -c '^not ok ' "$log")
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$log" |
		awk '{ n += $1 } END { if (NR) print n }')
	grep '^not ok ' "$log" | sed "s|^|  $name: |"
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
	printf '%-28s %4d passed, %d failed\n' "$name" "$p" "$f"
}

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	case $t in *.o|*.d) continue ;; esac
	wanted "$(basename "$t")" || continue
	CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$log" 2>&1 </dev/null
	count "$(basename "$t")" $?
done

for s in tests/*/run-*.sh; do
	[ -f "$s" ] || continue
	wanted "$(basename "$(dirname "$s")")/$(basename "$s" .sh)" || continue
	sh "$s" "$BUILD" >"$log" 2>&1 </dev/null
	count "$(basename "$(dirname "$s")")/$(basename "$s" .sh)" $?
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
