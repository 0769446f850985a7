#!/bin/sh
# The user's guide, --help and the man page stay in step: every long option
# --help lists is in watviz.1 and in docs/GUIDE.md (the README is a short
# tour that names only a few), has a line of its own in --help, and --help's
# option lines are the man page's OPTIONS items; the man page is lint-clean; every
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
echo "1..$((nopts * 2 + nfiles + $# + 5))"
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
# --help and the man page list the same options, each on a line of its
# own: in --help an option starts its line ("  --svg ..."); in the man
# page's OPTIONS it is an item (.It Fl Fl svg)
help_lines=$("$BIN" --help | sed -n 's/^  \(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u)
man_items=$(sed -n '/^\.Sh OPTIONS/,/^\.Sh /p' watviz.1 | sed -n 's/^\.It .*Fl Fl \([a-z][a-z-]*\).*/--\1/p' | sort -u)
n=$((n + 1))
missing=$(printf '%s\n' $opts | while read -r o; do
	printf '%s\n' $help_lines | grep -qx -- "$o" || printf '%s ' "$o"; done)
if [ -z "$missing" ]; then
	echo "ok $n - every option --help names has a line of its own there"
else
	echo "not ok $n - --help names these without a line of their own: $missing"
fi
n=$((n + 1))
if [ "$help_lines" = "$man_items" ]; then
	echo "ok $n - --help's option lines and watviz.1's OPTIONS items are the same options"
else
	echo "not ok $n - --help's option lines and watviz.1's OPTIONS items differ:"
	printf '%s\n' "$help_lines" >"${TMPDIR:-/tmp}/wv-help.$$"
	printf '%s\n' "$man_items" | diff "${TMPDIR:-/tmp}/wv-help.$$" - | sed 's/^/# /'
	rm -f "${TMPDIR:-/tmp}/wv-help.$$"
fi
# the view options work on any word, so --help lists them with the
# options, not under "lessons:"
for o in --present "--split ppc64"; do
	n=$((n + 1))
	group=$("$BIN" --help | awk -v o="${o%% *}" '/^[a-z].*:$/ { g = $0 }
		$1 == o { print g; exit }')
	if [ "$group" != "lessons:" ] && [ -n "$group" ] &&
	   "$BIN" --cast $o ab >/dev/null 2>&1; then
		echo "ok $n - ${o%% *} works on a word (--cast $o ab) and --help lists it under '$group'"
	else
		echo "not ok $n - ${o%% *}: --help lists it under '$group', or --cast $o ab fails"
	fi
done
n=$((n + 1))
if ! command -v mandoc >/dev/null 2>&1; then
	echo "ok $n - mandoc -Tlint # SKIP mandoc not installed"
elif out=$(mandoc -Tlint -W style watviz.1 2>&1) && [ -z "$out" ]; then
	echo "ok $n - mandoc -Tlint -W style watviz.1 is clean"
else
	echo "not ok $n - mandoc -Tlint -W style watviz.1"
	printf '%s\n' "$out" | sed 's/^/# /'
fi
