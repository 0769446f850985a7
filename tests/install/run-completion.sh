#!/bin/sh
# The bash completion (completion/watviz.bash) loaded in a non-interactive
# bash, its function driven through COMP_WORDS/COMP_CWORD as bash would, with
# the built watviz first on PATH.  Prints TAP; skips without bash.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
export LC_ALL=C
BUILD=${1:-build}
SCRIPT=completion/watviz.bash
if ! command -v bash >/dev/null 2>&1; then
	echo "1..0 # SKIP bash not installed"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin" "$tmp/lessons" "$tmp/xdir" "$tmp/sub"
ln -s "$(pwd)/$BUILD/watviz" "$tmp/bin/watviz"
cp lessons/03-has-zero.lesson "$tmp/lessons/42-answer.lesson"
: >"$tmp/xfile"
: >"$tmp/sub/mine.lesson"

# complete WORDS...: what the completion offers for the last word, sorted,
# on one line
complete_words() {
	PATH="$tmp/bin:$PATH" bash --norc --noprofile -c '
		. "$1" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMPREPLY=()
		_watviz
		printf "%s\n" "${COMPREPLY[@]}"' sh "$SCRIPT" "$@" 2>&1 |
		sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//'
}

n=0
fails=0
# check NAME WANT WORDS...
check() {
	name=$1 want=$2
	shift 2
	got=$(complete_words "$@")
	n=$((n + 1))
	if [ "$got" = "$want" ]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name: got '$got', want '$want'"
		fails=$((fails + 1))
	fi
}

got=$(bash --norc --noprofile -c '. "$1" && complete -p watviz' sh "$SCRIPT" 2>&1)
n=$((n + 1))
if [ "$got" = "complete -F _watviz watviz" ]; then
	echo "ok $n - complete -p watviz after loading $SCRIPT"
else
	echo "not ok $n - complete -p watviz: '$got'"
	fails=$((fails + 1))
fi
check "--arch p: the ppc names and aliases" "powerpc ppc ppc32 ppc64 ppc64le" \
	watviz --arch p
check "--arch=pp (split at '=' as bash does)" "ppc ppc32 ppc64 ppc64le" \
	watviz --arch = pp
check "--arch x86-64-: the alias x86-64-ffs and the older x86-64-v6.10" \
	"x86-64-ffs x86-64-v6.10" watviz --arch x86-64-
check "--lesson ha: hash-name (and has-zero, which starts the same)" \
	"has-zero hash-name" watviz --lesson ha
check "--lesson hash: hash-name" "hash-name" watviz --lesson hash
check "--lesson 1: lesson numbers" "1 10 11 12 13 14 15 16" watviz --lesson 1
check "--lessons-dir DIR --lesson: the lessons in DIR" "answer" \
	watviz --lessons-dir "$tmp/lessons" --lesson ans
check "--color=: its three values" "always auto never" watviz --color =
check "--color al" "always" watviz --color al
check "--li: the long options" "--list-arch --list-lessons --list-steps" watviz --li
check "--check-lesson: files" "$tmp/sub/mine.lesson" watviz --check-lesson "$tmp/sub/m"
check "--lessons-dir: directories only" "$tmp/xdir" watviz --lessons-dir "$tmp/x"
check "a word after -- is not an option" "" watviz -- --li
check "the word itself: nothing to offer" "" watviz ab
check "--offset takes a number: nothing to offer" "" watviz --offset ""
check "--step: the sub-steps of the word on the line" \
	"has_zero:1 has_zero:2 has_zero:3 has_zero:4 has_zero:5" watviz 'ab\0cd' --svg --step has
check "--step: on the --arch given, of a word of two words" \
	"has_zero@8:1 has_zero@8:2 has_zero@8:3 has_zero@8:4 has_zero@8:5 has_zero@8:6" \
	watviz --arch ppc 'hello, world' --svg --step has_zero@8
check "--step has_zero:<Tab> (bash splits at ':'): the numbers" "1 2 3 4 5" \
	watviz 'ab\0cd' --svg --step has_zero : ""
check "--step has_zero<:> (the colon being completed)" ":1 :2 :3 :4 :5" \
	watviz 'ab\0cd' --svg --step has_zero :
check "--step has_zero:3 (one number)" "3" watviz 'ab\0cd' --svg --step has_zero : 3
check "--step=has (split at '=')" "has_zero:1 has_zero:2 has_zero:3 has_zero:4 has_zero:5" \
	watviz ab --svg --step = has
check "--cast-size: sizes" "120x36" watviz --cast --cast-size 12
check "--record: files" "$tmp/xfile" watviz --record "$tmp/xf"
# every option --help lists is offered
want=$("$BUILD/watviz" --help | grep -o -- ' -[a-zA-Z-]*' | sed 's/^ //' | sort -u |
	tr '\n' ' ' | sed 's/ $//')
check "-: every option --help lists" "$want" watviz -

echo "1..$n"
[ "$fails" -eq 0 ]
