#!/bin/sh
# The cross-host check (tools/cross.sh, `make check-cross`) inside make check,
# for each target whose cross compiler, qemu-user and sysroot are there: the
# unit tests under qemu and the outputs of every variant against this
# build's.  A machine where `make check-cross` never ran skips it, saying so
# (preparing a target installs packages and downloads its libraries).
# Usage: run-cross.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
ready=""
for t in s390x i686; do
	case $t in s390x) cc=s390x-linux-gnu-gcc q=qemu-s390x ;; i686) cc=i686-linux-gnu-gcc q=qemu-i386 ;; esac
	command -v "$cc" >/dev/null 2>&1 && command -v "$q" >/dev/null 2>&1 &&
		[ -f "build-cross/$t/sysroot/.done" ] && ready="$ready $t"
done
if [ -z "$ready" ]; then
	echo "1..1"
	echo "ok 1 - other hosts under qemu # SKIP not prepared here: make check-cross once (it installs gcc-s390x-linux-gnu, gcc-i686-linux-gnu, qemu-user and the targets' libraries)"
	exit 0
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
WATVIZ_CROSS_QUICK=1 WATVIZ_CROSS=${ready# } WATVIZ_NATIVE=$BUILD/watviz sh tools/cross.sh build-cross >"$out" 2>&1
rc=$?
# one TAP line for each line the check prints about a target; a failure's
# following lines are its diagnostics
awk '
	function flush() { if (pend != "") { print pend; for (i = 1; i <= nd; i++) print "# " d[i] } pend = ""; nd = 0 }
	/^check-cross: (all passed|FAILED)$/ { next }
	/^check-cross: / {
		flush(); n++; s = substr($0, 14)
		if (s ~ /FAILED|differs|failed|cannot|unknown/) pend = "not ok " n " - " s
		else print "ok " n " - " s
		next
	}
	{ if (pend != "" && nd < 30) d[++nd] = $0 }
	END { flush(); print "1.." n }' "$out"
exit $rc
