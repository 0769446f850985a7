#!/bin/sh
# The user's guide, --help and the man page stay in step: every long option
# --help lists is in watviz.1 and in docs/GUIDE.md (the README is a short
# tour that names only a few), and the man page is lint-clean; every
# kernel file a lesson cites (source:) is in docs/SOURCES.md, and every
# commit it cites is one docs/SOURCES.md names in the same repository: a
# fork's commit with its repository ("@ OWNER/REPO ID"), a bare id only when
# SOURCES.md does not list it as a fork's.
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
nfiles=$#
# every (repository, commit) a lesson cites: "REPO ID", torvalds/linux
# for a bare id; releases (v6.12) are not commits
commits=$(sed -n 's/^source: [^ ]* @ \([^:]*\):.*/\1/p' lessons/*.lesson |
	awk 'NF == 1 && $1 !~ /^v[0-9]/ { print "torvalds/linux", $1 }
	     NF == 2 { print $1, $2 }' | sort -u | tr ' ' '@')
set -- $commits
echo "1..$((nopts * 2 + nfiles + $# + 1))"
n=0
for f in $cited; do
	n=$((n + 1))
	if grep -q -- "$f" docs/SOURCES.md; then
		echo "ok $n - docs/SOURCES.md lists $f (cited by a lesson)"
	else
		echo "not ok $n - a lesson cites $f, which docs/SOURCES.md does not list"
	fi
done
for c in $commits; do
	repo=${c%@*} id=${c#*@}
	n=$((n + 1))
	# the repositories SOURCES.md reads this commit in ("`REPO` @ `ID...")
	in=$(grep -o "\`[A-Za-z0-9._-]*/[A-Za-z0-9._-]*\` @ \`$id" docs/SOURCES.md |
		sed 's/^`\([^`]*\)`.*/\1/' | sort -u | tr '\n' ' ')
	if [ "$repo" = torvalds/linux ]; then
		case " $in" in
		" "|*" torvalds/linux "*) grep -q "$id" docs/SOURCES.md ;;
		*) false ;;
		esac
	else
		case " $in" in *" $repo "*) true ;; *) false ;; esac
	fi
	if [ $? = 0 ]; then
		echo "ok $n - $id is cited as $repo's, as docs/SOURCES.md reads it"
	else
		echo "not ok $n - a lesson cites $id as $repo's; docs/SOURCES.md has it in: ${in:-nothing}"
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
	if grep -q -- "$o" docs/GUIDE.md; then
		echo "ok $n - docs/GUIDE.md mentions $o"
	else
		echo "not ok $n - docs/GUIDE.md does not mention $o"
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
