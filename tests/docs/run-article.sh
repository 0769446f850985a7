#!/bin/sh
# docs/ARTICLE.md names, for each of the article's points, the scenes that
# show it as NN scene M "title".  Each such reference must still hold: lesson
# file lessons/NN-*.lesson exists and its M-th scene has exactly that title.
# Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
doc=docs/ARTICLE.md
refs=$(mktemp)
trap 'rm -f "$refs"' EXIT INT TERM
# one reference a line: NN<TAB>M<TAB>title
grep -o '[0-9][0-9] scene [0-9][0-9]* "[^"]*"' "$doc" |
	sed 's/^\([0-9][0-9]\) scene \([0-9][0-9]*\) "\(.*\)"$/\1\t\2\t\3/' >"$refs"
total=$(wc -l <"$refs")
echo "1..$((total + 1))"
n=1
if [ "$total" -ge 20 ]; then
	echo "ok $n - $doc references $total scenes"
else
	echo "not ok $n - $doc references only $total scenes (the table lost its references?)"
fi
tab=$(printf '\t')
while IFS="$tab" read -r nn m title; do
	n=$((n + 1))
	set -- lessons/"$nn"-*.lesson
	if [ ! -f "$1" ]; then
		echo "not ok $n - $doc cites lesson $nn, which has no file lessons/$nn-*.lesson"
		continue
	fi
	got=$(sed -n 's/^scene: //p' "$1" | sed -n "${m}p")
	if [ "$got" = "$title" ]; then
		echo "ok $n - $1 scene $m is \"$title\""
	elif [ -z "$got" ]; then
		echo "not ok $n - $doc cites $1 scene $m, which does not exist"
	else
		echo "not ok $n - $doc cites $1 scene $m as \"$title\"; it is \"$got\" now"
	fi
done <"$refs"
