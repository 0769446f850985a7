#!/bin/sh
# make dist: DIST.tar.gz (DIST is watviz-VERSION) holding the files git tracks
# in this tree as they are now, under DIST/; nothing untracked (build folders,
# fuzzer corpus entries, editor files) gets in.  Same files, same commit time:
# same bytes (sorted names, owner 0, mtime of the last commit, gzip -n).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
DIST=$1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "make dist: not a git tree; it packs the files git tracks (this may be an unpacked tarball: it is the release)" >&2
	exit 1
fi
list=$(mktemp)
trap 'rm -f "$list" "$DIST.tar.gz.tmp"' EXIT
trap 'exit 1' INT TERM HUP PIPE
# tracked files that are still there (a deletion not yet committed is gone)
git ls-files -z | xargs -0 -n 200 sh -c 'for f; do [ -e "$f" ] && printf "%s\n" "$f"; done' sh >"$list"
when=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --create --file=- --files-from="$list" --sort=name --mtime="@$when" \
	--owner=0 --group=0 --numeric-owner --mode=u+w,go-w,a+rX \
	--transform="s,^,$DIST/," | gzip -9n >"$DIST.tar.gz.tmp"
mv "$DIST.tar.gz.tmp" "$DIST.tar.gz"
echo "$DIST.tar.gz: $(wc -l <"$list") files, $(wc -c <"$DIST.tar.gz") bytes"
