#!/bin/sh
# The student's page as C (src/front/class/assets.h): embed.sh OUT.c FILE...
# Each file becomes its bytes in an array with its name and Content-Type,
# so the server reads nothing from disk at request time; the files stay the
# one source.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
out=$1
shift
tmp=$out.tmp
{
	echo '/* made by src/front/class/embed.sh from the page files: do not edit */'
	echo '#include "assets.h"'
	i=0
	for f in "$@"; do
		echo "static const char data_$i[] = {"
		od -An -v -tu1 "$f" | sed 's/  */ /g; s/^ //; s/ $//; s/ /,/g; s/$/,/'
		echo '0 };'
		i=$((i + 1))
	done
	echo 'const struct wv_class_asset wv_class_assets[] = {'
	i=0
	for f in "$@"; do
		base=${f##*/}
		case $base in
		*.html) type='text/html; charset=utf-8' ;;
		*.css) type='text/css; charset=utf-8' ;;
		*.js) type='text/javascript; charset=utf-8' ;;
		*) echo "embed.sh: no Content-Type for $f" >&2; exit 1 ;;
		esac
		echo "	{ \"$base\", \"$type\", data_$i, sizeof(data_$i) - 1 },"
		i=$((i + 1))
	done
	echo '};'
	echo "const size_t wv_class_nassets = $i;"
} >"$tmp"
mv "$tmp" "$out"
