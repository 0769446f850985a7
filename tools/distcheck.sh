#!/bin/sh
# make distcheck: the tarball make dist wrote holds exactly the files git
# tracks; unpacked in a temporary folder it builds, passes make check, installs
# into a DESTDIR (binary, man page, lessons, completion, core library, headers,
# watviz-core.pc) and runs from there, and make uninstall and make clean leave
# no file behind.  Fails, saying which step, on the first thing that does not hold.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
DIST=$1
MAKE=${MAKE:-make}
top=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/watviz-distcheck.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP PIPE
fail() {
	echo "distcheck: $*" >&2
	exit 1
}
step() { echo "distcheck: $*"; }

step "contents of $DIST.tar.gz"
tar -tzf "$DIST.tar.gz" | sed "s,^$DIST/,," | sort >"$tmp/packed"
git ls-files | while read -r f; do [ -e "$f" ] && echo "$f"; done | sort >"$tmp/tracked"
if ! cmp -s "$tmp/packed" "$tmp/tracked"; then
	diff "$tmp/tracked" "$tmp/packed" | sed 's/^/  /' >&2
	fail "the tarball is not the files git tracks (< tracked only, > packed only)"
fi

tar -xzf "$DIST.tar.gz" -C "$tmp"
cd "$tmp/$DIST"
step "make, make check in $tmp/$DIST"
$MAKE --no-print-directory >"$tmp/build.log" 2>&1 ||
	{ tail -n 30 "$tmp/build.log" >&2; fail "make failed"; }
$MAKE --no-print-directory check >"$tmp/check.log" 2>&1 ||
	{ grep -v '^ok ' "$tmp/check.log" | tail -n 40 >&2; fail "make check failed"; }
tail -n 1 "$tmp/check.log"

step "make install DESTDIR=$tmp/inst"
inst=$tmp/inst
$MAKE --no-print-directory install DESTDIR="$inst" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log" >&2; fail "make install failed"; }
p=$inst/usr/local
for f in bin/watviz share/man/man1/watviz.1 share/bash-completion/completions/watviz \
	lib/libwatviz-core.a lib/pkgconfig/watviz-core.pc include/watviz/wat.h \
	include/watviz/str.h include/watviz/wordops.h include/watviz/watsteps.h; do
	[ -f "$p/$f" ] || fail "make install did not install $f"
done
want=$(ls lessons/*.lesson | wc -l)
got=$(ls "$p"/share/watviz/lessons/*.lesson | wc -l)
[ "$want" -eq "$got" ] || fail "make install installed $got of $want lessons"
# the installed program finds the installed lessons (beside it: bin/../share)
"$p/bin/watviz" --list-lessons >"$tmp/list" 2>&1 || { cat "$tmp/list" >&2; fail "installed watviz --list-lessons failed"; }
[ "$(grep -c '^ *[0-9][0-9]*  ' "$tmp/list")" -eq "$want" ] ||
	fail "installed watviz --list-lessons does not list $want lessons"

step "make uninstall DESTDIR=$tmp/inst"
$MAKE --no-print-directory uninstall DESTDIR="$inst" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log" >&2; fail "make uninstall failed"; }
left=$(find "$inst" ! -type d)
[ -z "$left" ] || fail "make uninstall left behind:
$left"

step "make clean"
$MAKE --no-print-directory clean >/dev/null 2>&1 || fail "make clean failed"
find . ! -type d | sed 's,^\./,,' | sort >"$tmp/after"
left=$(comm -13 "$tmp/packed" "$tmp/after")
[ -z "$left" ] || fail "make check and make clean left files in the tree:
$left"

cd "$top"
step "$DIST.tar.gz ($(wc -c <"$DIST.tar.gz") bytes) is ready to distribute"
