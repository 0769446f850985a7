#!/bin/sh
# make distcheck's last step, cheaply and in this tree: what make check made,
# make clean removes.  tests/run.sh runs this after every other layer, so the
# tree holds all that this make check wrote.  Its files are copied into a
# temporary folder (those git tracks whole, every other one as an empty file
# of the same name), make clean runs there, and what is left that git does
# not track fails when it is ignored by .gitignore (which names build
# products) or was made since make check began ($BUILD/check.start, which the
# Makefile writes first; by its ctime, which unpacking an archive, as npm
# does, cannot set back).  A file the developer left untracked and did not
# ignore is theirs and is not counted; nor is a fuzzer's finding
# (tests/fuzz/crash-* and the like), kept for reading on purpose.
# Skips outside a git tree: in make distcheck's unpacked tarball,
# tools/distcheck.sh checks this itself.
#   sh tests/tree/run-clean.sh BUILD.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
. "$(dirname "$0")/../lib/tap.sh"
if ! command -v git >/dev/null 2>&1 ||
	[ "$(git rev-parse --show-toplevel 2>/dev/null)" != "$(pwd -P)" ]; then
	echo "1..0 # SKIP not a git tree (make distcheck checks its unpacked tarball itself)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
copy=$tmp/tree
mkdir "$copy"

# what git tracks (and is still there), and every other file
git ls-files -z | xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
	sort -z >"$tmp/tracked"
git ls-files -z --others >"$tmp/others"
tar --null -T "$tmp/tracked" -cf - | tar -xf - -C "$copy" &&
	xargs -0 -r dirname -z -- <"$tmp/others" | sort -zu |
	(cd "$copy" && xargs -0 -r mkdir -p --) &&
	(cd "$copy" && xargs -0 -r touch -- <"$tmp/others")
r=$?
untracked=$(tr -cd '\0' <"$tmp/others" | wc -c)

# make clean in the copy: it runs, and keeps every tracked file
[ $r -eq 0 ] && (cd "$copy" && MAKEFLAGS= MAKELEVEL= make -s clean) >"$tmp/clean.log" 2>&1
r=$?
(cd "$copy" && find . ! -type d -print0) | sed -z 's,^\./,,' | sort -z >"$tmp/after"
comm -z -23 "$tmp/tracked" "$tmp/after" | tr '\0' '\n' >"$tmp/gone"
[ $r -eq 0 ] && [ ! -s "$tmp/gone" ]
ok $? "make clean runs on a copy of the tree ($untracked files git does not track) and keeps every tracked file"
sed 's/^/# /' "$tmp/clean.log" | tail -n 10
sed 's/^/# removed: /' "$tmp/gone" | head -n 10

# what it leaves: ignored, or made since make check began
comm -z -13 "$tmp/tracked" "$tmp/after" >"$tmp/left"
git check-ignore -z --stdin <"$tmp/left" >"$tmp/ignored"
stamp=$BUILD/check.start
if [ -f "$stamp" ]; then
	xargs -0 -r sh -c 's=$0; for f; do [ -n "$(find "$f" -prune -cnewer "$s" 2>/dev/null)" ] &&
		printf "%s\0" "$f"; done' "$stamp" <"$tmp/left" >"$tmp/new"
else
	echo "# no $stamp (not run by make check): only ignored files are counted"
	: >"$tmp/new"
fi
cat "$tmp/ignored" "$tmp/new" | tr '\0' '\n' | sort -u |
	grep -v '^tests/fuzz/\(crash\|leak\|timeout\)-' >"$tmp/bad"
[ ! -s "$tmp/bad" ]
ok $? "make clean removes every file make check made ($(wc -l <"$tmp/bad") left)"
sed 's/^/# left: /' "$tmp/bad" | head -n 20
echo "1..$n"
[ "$fails" -eq 0 ]
