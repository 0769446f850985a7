#!/bin/sh
# The lesson files as C (src/front/web/lessons.h): embed-lessons.sh OUT.c FILE...
# Each file NN-slug.lesson becomes its bytes in an array, so the page needs
# no file to read; the lesson text stays the one source.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
out=$1
shift
tmp=$out.tmp
{
	echo '/* made by src/front/web/embed-lessons.sh from the lesson files: do not edit */'
	echo '#include "lessons.h"'
	i=0
	for f in "$@"; do
		echo "static const char text_$i[] = {"
		od -An -v -tu1 "$f" | sed 's/  */ /g; s/^ //; s/ $//; s/ /,/g; s/$/,/'
		echo '0 };'
		i=$((i + 1))
	done
	echo 'const struct wv_session_lesson wv_web_lessons[] = {'
	i=0
	for f in "$@"; do
		base=${f##*/}
		base=${base%.lesson}
		num=${base%%-*}
		slug=${base#*-}
		echo "	{ $(expr "$num" + 0), \"$slug\", text_$i, sizeof(text_$i) - 1 },"
		i=$((i + 1))
	done
	echo '};'
	echo "const size_t wv_web_nlessons = $i;"
} >"$tmp"
mv "$tmp" "$out"
