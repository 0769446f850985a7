#!/bin/sh
# The student's page on a phone: tests/class/phone.js drives headless
# Chromium at 360x640 (touch, light and dark) against tests/class/driver:
# the question appears, a tap votes and "Received" shows, the teacher
# closes, reveals and asks again and the page follows, axe-core finds no
# violation (light, dark, the join form), a code typed joins.  Where make
# web can build the full page, the driver is tests/class/driver-bits (the
# page compiled in, as make CLASS_BITS=yes builds watviz) and the "See the
# bits" link shown after the reveal is tapped: the full page opens at the
# voted scene, its title on the screen.  Screenshots in BUILD/class-shots/.
# Prints TAP.
#   sh tests/class/run-phone.sh BUILD
# Runs in make check-full (WATVIZ_CHECK_FULL=1), as the page's own
# Chromium run does; skips in make check, and without chromium or the
# page's npm test tools (tools/deps.sh puts
# them where tests/web/modules.sh says), or in a build without the class
# server.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
DIR=$(dirname "$0")
DRIVER=$BUILD/tests/class/driver
MODULES=$(sh "$DIR/../web/modules.sh")/node_modules
CHROME=$(command -v chromium || command -v chromium-browser || echo)
if [ -z "${WATVIZ_CHECK_FULL:-}" ]; then
	# as the page's own Chromium run (tests/web/run-web.sh): a browser is
	# make check-full's (CI's), make check stays without one
	echo "1..0 # SKIP make check-full's (CI's): the phone in Chromium"
	exit 0
elif [ -z "$CHROME" ]; then
	echo "1..0 # SKIP no chromium (apt-get install chromium)"
	exit 0
elif [ ! -d "$MODULES/playwright-core" ] || ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP no node or the page's npm test tools (tools/deps.sh; tests/web/modules.sh)"
	exit 0
elif [ ! -x "$DRIVER" ]; then
	echo "1..1"
	echo "not ok 1 - $DRIVER is not built (make $DRIVER)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the driver with the full page, where make web can build it (as
# run-class.sh builds it)
bits=""
if command -v clang >/dev/null 2>&1 && [ -f /usr/include/wasm32-wasi/stdio.h ] &&
	command -v wasm-ld >/dev/null 2>&1 &&
	make -C "$DIR/../.." --no-print-directory BUILD="$BUILD" "$BUILD/tests/class/driver-bits" \
		>"$tmp/make.log" 2>&1; then
	DRIVER=$BUILD/tests/class/driver-bits
	bits=1
fi
NODE_PATH=$MODULES WATVIZ_CHROME=$CHROME WATVIZ_CLASS_BITS=$bits node "$DIR/phone.js" "$DRIVER" \
	"$BUILD/class-shots" >"$tmp/tap" 2>"$tmp/err"
rc=$?
cat "$tmp/tap"
n=$(grep -c '^ok \|^not ok ' "$tmp/tap")
# exit 1 is a failed check, said above; anything else, or no check, a crash
if [ $rc -gt 1 ] || [ "$n" -eq 0 ]; then
	n=$((n + 1))
	echo "not ok $n - tests/class/phone.js ran to its end (exit $rc)"
	sed 's/^/# /' "$tmp/err" | tail -n 20
fi
echo "1..$n"
[ $rc -eq 0 ]
