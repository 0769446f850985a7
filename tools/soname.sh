#!/bin/sh
# Which file an optional library is loaded from at run time, and which
# package installs it: prints the C flags that tell watviz (src/prove/dl.c
# loads Z3 and the class server's libraries only when they are used).
#
#   sh tools/soname.sh CC NAME LIB_FLAGS...
#   sh tools/soname.sh cc Z3 $(pkg-config --libs z3)
#   -> -DWATVIZ_LIB_Z3="libz3.so.4" -DWATVIZ_PKG_Z3="libz3-4"
#   sh tools/soname.sh --package CC LIB_FLAGS...
#   -> libz3-4 (debian/rules declares it: shlibdeps cannot see a dlopen;
#      fails when no package has the file)
#
# For the first -lX of LIB_FLAGS (pkg-config --libs): its soname, read from the
# NEEDED entries of a program linked with LIB_FLAGS (the linker's own
# search, -L folders and linker scripts included), and the Debian package
# that holds that file (dpkg-query -S), when there is dpkg (else empty):
# WATVIZ_LIB_NAME and WATVIZ_PKG_NAME, for the first -l.  Without objdump
# or a linker that says, the soname falls back on libX.so (the
# development link).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
if [ "$1" = --package ]; then
	cc=$2 name=""
	shift 2
else
	cc=$1 name=$2
	shift 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/watviz-soname.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 'int main(void) { return 0; }' >"$tmp/t.c"
needed=""
if $cc -o "$tmp/t" "$tmp/t.c" -Wl,--no-as-needed "$@" 2>/dev/null; then
	needed=$(objdump -p "$tmp/t" 2>/dev/null | awk '$1 == "NEEDED" { print $2 }')
fi
for f in "$@"; do
	case $f in -l*) lib=${f#-l} ;; *) continue ;; esac
	so=""
	for s in $needed; do
		case $s in "lib$lib.so."*) so=$s; break ;; esac
	done
	[ -n "$so" ] || so=lib$lib.so
	pkg=""
	path=$($cc -print-file-name="$so" 2>/dev/null)
	if [ -e "$path" ] && command -v dpkg-query >/dev/null 2>&1; then
		real=$(readlink -f "$path")
		pkg=$(dpkg-query -S "$real" 2>/dev/null | sed -n '1s/[:,].*//p')
	fi
	if [ -z "$name" ]; then
		[ -n "$pkg" ] && echo "$pkg" && exit 0
		echo "tools/soname.sh: no package holds $so (-l$lib)" >&2
		exit 1
	fi
	printf -- '-DWATVIZ_LIB_%s="%s" -DWATVIZ_PKG_%s="%s"\n' "$name" "$so" "$name" "$pkg"
	exit 0
done
echo "tools/soname.sh: no -l in '$*'" >&2
exit 1
