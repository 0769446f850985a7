#!/bin/sh
# README, --help and the man page stay in step: every long option --help
# lists is in watviz.1 and in README.md, and the man page is lint-clean; every
# kernel file a lesson cites (source:) is in docs/SOURCES.md.
# Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$BUILD/watviz
opts=$("$BIN" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
# every kernel file a lesson cites is listed in docs/SOURCES.md
cited=$(sed -n 's/^source: \([^ ]*\) @ .*/\1/p' lessons/*.lesson | sort -u)
set -- $opts
nopts=$#
set -- $cited
echo "1..$((nopts * 2 + $# + 1))"
n=0
for f in $cited; do
	n=$((n + 1))
	if grep -q -- "$f" docs/SOURCES.md; then
		echo "ok $n - docs/SOURCES.md lists $f (cited by a lesson)"
	else
		echo "not ok $n - a lesson cites $f, which docs/SOURCES.md does not list"
	fi
done
for o in $opts; do
	# the man page writes --arch as "Fl Fl arch"
	n=$((n + 1))
	if grep -q -- "Fl Fl ${o#--}\( \|$\)" watviz.1; then
		echo "ok $n - watviz.1 describes $o"
	else
		echo "not ok $n - watviz.1 does not describe $o"
	fi
	n=$((n + 1))
	if grep -q -- "$o" README.md; then
		echo "ok $n - README.md mentions $o"
	else
		echo "not ok $n - README.md does not mention $o"
	fi
done
n=$((n + 1))
if ! command -v mandoc >/dev/null 2>&1; then
	echo "ok $n - mandoc -Tlint # SKIP mandoc not installed"
elif out=$(mandoc -Tlint -W warning watviz.1 2>&1) && [ -z "$out" ]; then
	echo "ok $n - mandoc -Tlint -W warning watviz.1 is clean"
else
	echo "not ok $n - mandoc -Tlint -W warning watviz.1"
	printf '%s\n' "$out" | sed 's/^/# /'
fi
