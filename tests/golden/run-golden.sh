#!/bin/sh
# Golden-file tests for watviz's plain output, its usage errors and the shape
# of its JSON.  Prints TAP.
#
#   sh tests/golden/run-golden.sh BUILD            compare (make check does this)
#   sh tests/golden/run-golden.sh BUILD --update   rewrite the golden files
#
# Every golden file was checked by hand against docs/VARIANTS.md when
# it was written; after --update, read the diff the same way before
# committing it.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
UPDATE=${2:-}
DIR=$(dirname "$0")
BIN=$BUILD/watviz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$DIR/../lib/tap.sh"

if [ ! -x "$BIN" ]; then
	echo "1..1"
	echo "not ok 1 - $BIN is not built"
	exit 1
fi

# ---- golden cases ------------------------------------------------------------
while IFS='	' read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	case $args in *--color*) ;; *) args="--color=never $args" ;; esac
	# the cases file is ours; eval splits the quoted words as a shell would
	eval "set -- $args"
	# no saved lesson progress (--list-lessons shows it): an empty state folder
	# (the status kept and read by the shell, not by cat: the suite's
	# every process costs milliseconds of CPU here)
	NO_COLOR= XDG_STATE_HOME=$tmp/state "$BIN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$UPDATE" = "--update" ]; then
		cp "$tmp/out" "$DIR/$name.out"
		if [ -s "$tmp/err" ]; then cp "$tmp/err" "$DIR/$name.err"; else rm -f "$DIR/$name.err"; fi
		if [ "$rc" != 0 ]; then echo "$rc" >"$DIR/$name.rc"; else rm -f "$DIR/$name.rc"; fi
	fi
	want_rc=0
	[ -f "$DIR/$name.rc" ] && read -r want_rc <"$DIR/$name.rc"
	bad=0
	[ -f "$DIR/$name.out" ] || bad=1
	[ $bad -eq 0 ] && { cmp -s "$tmp/out" "$DIR/$name.out" || bad=1; }
	if [ -f "$DIR/$name.err" ]; then
		cmp -s "$tmp/err" "$DIR/$name.err" || bad=1
	else
		[ -s "$tmp/err" ] && bad=1
	fi
	[ "$rc" = "$want_rc" ] || bad=1
	if [ $bad -ne 0 ] && [ -f "$DIR/$name.out" ]; then
		diff -u "$DIR/$name.out" "$tmp/out" | head -n 20 | sed 's/^/# /'
		[ -f "$DIR/$name.err" ] && diff -u "$DIR/$name.err" "$tmp/err" | sed 's/^/# /'
		echo "# exit status $rc, expected $want_rc"
	fi
	ok $bad "golden $name"
done <"$DIR/cases"

# ---- properties of the plain output ------------------------------------------
# (the variants listed once: a process a variant less, twice)
"$BIN" --list-arch >"$tmp/arches"
# width: 80 columns for 32-bit variants, 100 for 64-bit ones; every
# variant, every word, at offset 3 (the string across a word's end) in make
# check, at offsets 0, 1 and 3 in make check-full (CI's)
offs="0 1 3" eoffs="0 1 3"
[ -n "${WATVIZ_CHECK_FULL:-}" ] || { offs=3 eoffs=1; }
while read -r arch desc <&6; do
	case $desc in
	*32-bit*) lim=80 ;;
	*) lim=100 ;;
	esac
	# (every output into one file, read by one awk)
	wide=0
	: >"$tmp/w"
	for w in 'ab\0cd' 'usr/b\x01\0in' 'abcdefghijklmnopq' '\x01\0\x01\0\x01\0\x01'; do
		for off in $offs; do
			"$BIN" --plain --color=never --arch "$arch" --component \
				--offset "$off" "$w" >>"$tmp/w" 2>&1 || wide=1
		done
	done
	awk -v lim="$lim" 'length($0) > lim { bad = 1 } END { exit bad }' "$tmp/w" || wide=1
	ok $wide "plain $arch fits $lim columns"
	# and with a page edge: zeropad across it, aligned loads before it
	wide=0
	: >"$tmp/w"
	for off in $eoffs; do
		for d in --component --delim=0x00; do
			"$BIN" --plain --color=never --arch "$arch" $d --offset "$off" \
				--page-end 8 'a' >>"$tmp/w" 2>&1 || wide=1
		done
	done
	awk -v lim="$lim" 'length($0) > lim { bad = 1 } END { exit bad }' "$tmp/w" || wide=1
	ok $wide "plain $arch with a page edge fits $lim columns"
done 6<"$tmp/arches"

# colour: never through a pipe by default, never with NO_COLOR, on when asked
esc=$(printf '\033')
"$BIN" 'ab' >"$tmp/c" 2>&1
grep -q "$esc" "$tmp/c" && r=1 || r=0
ok $r "no colour in a pipe"
NO_COLOR=1 "$BIN" --color=auto 'ab' >"$tmp/c" 2>&1
grep -q "$esc" "$tmp/c" && r=1 || r=0
ok $r "no colour with NO_COLOR"
"$BIN" --color=always 'ab' >"$tmp/c" 2>&1
grep -q "$esc\[1;32m" "$tmp/c" && r=0 || r=1
ok $r "colour with --color=always"
# the symbols stay when the colour goes: flags, the answer, false positives
"$BIN" --color=never --arch ppc 'a\x01\0bcdefg' >"$tmp/c" 2>&1
grep -q '! false' "$tmp/c" && grep -q '=\* first' "$tmp/c" && r=0 || r=1
ok $r "flags marked by symbols without colour"

# default word, --, exit codes
"$BIN" --json >"$tmp/d" 2>&1
grep -q '"memory": \[97, 98, 0, 99, 100, 0, 0, 0\]' "$tmp/d" && r=0 || r=1
ok $r 'default word is ab\0cd'
"$BIN" --json -- '-x' >"$tmp/d" 2>&1
grep -q '"memory": \[45, 120, 0,' "$tmp/d" && r=0 || r=1
ok $r "-- before a word starting with -"
"$BIN" --help >"$tmp/d" 2>&1
r=$?
grep -q '^usage: watviz' "$tmp/d" || r=1
ok $r "--help exits 0 with usage"
"$BIN" --version >"$tmp/d" 2>&1 && grep -q '^watviz [0-9]' "$tmp/d" && r=0 || r=1
ok $r "--version"
grep -q '^License GPLv3+' "$tmp/d" && r=0 || r=1
ok $r "--version names the licence"
mkdir "$tmp/ldir"
"$BIN" --version --lessons-dir "$tmp/ldir" >"$tmp/d" 2>&1 &&
	grep -qx "Lessons are read from $(cd "$tmp/ldir" && pwd -P)" "$tmp/d" && r=0 || r=1
ok $r "--version says where lessons are read from (--lessons-dir)"
"$BIN" --version --lessons-dir "$tmp/none" >"$tmp/d" 2>&1 &&
	grep -q '^Lessons: none found' "$tmp/d" && r=0 || r=1
ok $r "--version says when no lessons are found"
if [ -w /dev/full ]; then
	"$BIN" 'ab' >/dev/full 2>"$tmp/d"
	[ $? -eq 1 ] && grep -q 'cannot write' "$tmp/d" && r=0 || r=1
	ok $r "write error exits 1"
fi

# ---- JSON: well-formed for every variant (when python3 is there) -------------
# each case's output to a file, then one check-json.py for them all
if command -v python3 >/dev/null 2>&1; then
	set --
	: >"$tmp/jnames"
	while read -r arch desc <&6; do
		nb=8
		case $desc in *32-bit*) nb=4 ;; esac
		"$BIN" --json --arch "$arch" --component --offset 1 'us\x01r/b\0in' >"$tmp/j-$arch-1"
		"$BIN" --json --arch "$arch" 'abcdefghijk' >"$tmp/j-$arch-2"
		"$BIN" --json --arch "$arch" --component --offset 1 --page-end $nb 'ab' >"$tmp/j-$arch-3"
		"$BIN" --json --arch "$arch" --offset 1 --page-end 8 'abcdef' >"$tmp/j-$arch-4"
		set -- "$@" 4 47 "$tmp/j-$arch-1" 11 -1 "$tmp/j-$arch-2" \
			2 47 "$tmp/j-$arch-3" 6 -1 "$tmp/j-$arch-4"
		{
			echo "json $arch: contract keys and formats, length 4"
			echo "json $arch: several words, no delimiter"
			echo "json $arch: a load across the page edge"
			echo "json $arch: aligned loads before the page edge"
		} >>"$tmp/jnames"
	done 6<"$tmp/arches"
	python3 "$DIR/check-json.py" "$@" >"$tmp/jsaid" 2>&1
	# each name beside check-json.py's line for it
	exec 5<"$tmp/jsaid"
	while IFS= read -r name; do
		said=
		IFS= read -r said <&5
		[ "$said" = ok ]
		r=$?
		ok $r "$name"
		[ $r -eq 0 ] || echo "${said:-# check-json.py said nothing: $(head -n 3 "$tmp/jsaid")}"
	done <"$tmp/jnames"
	exec 5<&-
else
	n=$((n + 1))
	echo "ok $n - json # SKIP no python3"
fi

echo "1..$n"
[ "$fails" -eq 0 ]
