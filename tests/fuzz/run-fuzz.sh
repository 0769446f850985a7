#!/bin/sh
# make check-full: build the fuzz targets and run each for a few seconds, when
# clang and its libFuzzer runtime are installed (tools/deps.sh installs them
# where it can); otherwise say so and skip.  Not under `make asan` (the
# targets carry their own sanitizers).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
secs=${WATVIZ_FUZZ_SECONDS:-3}
targets="word lesson cmd core args expr class"
skip() {
	echo "1..7"
	i=0
	for t in $targets; do
		i=$((i + 1))
		echo "ok $i - fuzz_$t # SKIP $1"
	done
	exit 0
}
[ -n "${WATVIZ_SANITIZED:-}" ] && skip "sanitizer build: run make check-full or make fuzz"
# a second full build (clang, libFuzzer) and 18 s of fuzzing: make
# check-full's (tests/run.sh sets WATVIZ_CHECK_FULL; CI runs it), not
# every make check's
[ -n "${WATVIZ_CHECK_FULL:-}${WATVIZ_FULL:-}" ] ||
	skip "make check-full fuzzes (CI runs it), or make fuzz"
command -v clang >/dev/null 2>&1 || skip "clang is not installed"
probe=$(mktemp -d)
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' >"$probe/p.c"
if ! clang -fsanitize=fuzzer "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
	rm -rf "$probe"
	skip "clang's libFuzzer runtime is not installed (apt-get install libclang-rt-dev)"
fi
rm -rf "$probe"
if ! MAKEFLAGS='' make --no-print-directory -s -j"$(nproc 2>/dev/null || echo 2)" fuzz-build >/tmp/watviz-fuzz-build.$$ 2>&1; then
	echo "1..1"
	echo "not ok 1 - building the fuzz targets"
	sed 's/^/# /' /tmp/watviz-fuzz-build.$$ | tail -n 20
	rm -f /tmp/watviz-fuzz-build.$$
	exit 1
fi
rm -f /tmp/watviz-fuzz-build.$$
sh tests/fuzz/fuzz.sh build-fuzz "$secs" $targets
