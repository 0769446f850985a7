#!/bin/sh
# valgrind memcheck over the core's tests: the production string routines read
# whole aligned words, so memcheck must agree that no read leaves the page and
# no decision depends on the bytes outside the string.
# --expensive-definedness-checks=yes is memcheck's documented mode for code
# that tests words with partially defined bytes (as optimised string routines
# do); --partial-loads-ok=yes (the default) accepts aligned loads that reach
# past a heap block.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
tests="test_str test_core_vectors test_core_scan test_core_bits"
n=0
set -- $tests
echo "1..$#"
if [ -n "${WATVIZ_SANITIZED:-}" ] || ! command -v valgrind >/dev/null 2>&1; then
	for t in $tests; do
		n=$((n + 1))
		echo "ok $n - memcheck $t # SKIP ${WATVIZ_SANITIZED:+sanitizer build}${WATVIZ_SANITIZED:-valgrind not installed}"
	done
	exit 0
fi
for t in $tests; do
	n=$((n + 1))
	out=$(WATVIZ_QUICK=1 WATVIZ_MEMCHECK=1 valgrind -q --error-exitcode=99 \
		--leak-check=full --errors-for-leak-kinds=definite,indirect \
		--expensive-definedness-checks=yes --partial-loads-ok=yes \
		"$BUILD/tests/$t" 2>&1)
	rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "ok $n - memcheck $t"
	else
		echo "not ok $n - memcheck $t (status $rc)"
		printf '%s\n' "$out" | grep -v '^\[' | head -n 30 | sed 's/^/# /'
	fi
done
