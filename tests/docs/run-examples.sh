#!/bin/sh
# Every watviz example of README.md and docs/GUIDE.md (their ```sh blocks)
# and of the man page (its .Dl lines) is run as written, with the build's
# watviz first on PATH, and its output is checked against what the text
# beside it says: "finds the NUL at 2", "refuted: a = 0x0101010101010181",
# "lesson 3 (has_zero)"...
# A lesson an example names by number is looked up by its name (the file
# NN-has-zero.lesson), so an example that says "lesson 3 (has_zero)" while
# has_zero is another number fails.  Examples that open the visualizer run
# in tmux; the others with their output in a file.  An example with no
# check here fails too, so a new one gets its check.
# make, cc, apt-get and asciinema lines are not watviz's and are left out.
# Usage: run-examples.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
BINDIR=${BIN%/watviz}
LESSONS=$(pwd)/lessons
ex=$(mktemp)
# README and the guide: the watviz lines of their sh blocks, the comment cut
# off; the man page: .Dl $ lines, \e written back as a backslash
DOCS="README.md docs/GUIDE.md"
{
	awk '/^```sh/ { on = 1; next } /^```/ { on = 0 } on && /^watviz / { print }' $DOCS |
		sed 's/[[:space:]][[:space:]]*#.*$//'
	sed -n 's/^\.Dl \$ \(watviz .*\)$/\1/p' watviz.1 | sed 's/\\e/\\/g'
} | sed 's/[[:space:]]*$//' | sort -u >"$ex"
PLAN=$(($(wc -l <"$ex") + 2))
. "$(dirname "$0")/../tui/lib.sh"
trap 'cleanup; rm -f "$ex"' EXIT
# the examples hold backslashes: printf, not echo, writes them as they are
ok() { n=$((n + 1)); printf 'ok %d - %s\n' "$n" "$1"; }
notok() {
	n=$((n + 1)); printf 'not ok %d - %s\n' "$n" "$1"
	sed 's/^/# | /' "$tmp/screen" 2>/dev/null
}

# ---- the lessons by name -------------------------------------------------
file() {
	for _f in "$LESSONS"/*.lesson; do
		_b=${_f##*/}
		[ "${_b#*-}" = "$1.lesson" ] && { echo "$_f"; return; }
	done
}
num() { _b=$(file "$1") && _b=${_b##*/} && expr "${_b%%-*}" + 0; }
title() { sed -n 's/^title: //p' "$(file "$1")"; }
scene1() { sed -n 's/^scene: //p' "$(file "$1")" | head -n 1; }
file_in() {
	for _f in "$1"/*.lesson; do
		_b=${_f##*/}
		[ "${_b#*-}" = "$2.lesson" ] && { echo "$_f"; return; }
	done
}
# listed OUT DIR: every lesson file of DIR has its "N  title (name)" line
listed() {
	for _f in "$2"/*.lesson; do
		_b=${_f##*/} _k=$(expr "${_b%%-*}" + 0) _s=${_b#*-}
		grep -qF "$_k  $(sed -n 's/^title: //p' "$_f") (${_s%.lesson})" "$1" ||
			{ why="lesson $_k is not listed"; return 1; }
	done
}
# the progress line --list-lessons gives lesson NAME (the line after its
# "about N min" lines), without its indent
progress_of() {
	awk -v k="$(num "$1")" '
		$1 == k && / \(.*\)$/ { on = 1; next }
		on && /^     (current|done): / { sub(/^     /, ""); print; exit }
		on && /^ *[0-9]+  / { exit }' "$tmp/out"
}
why=""
# lesson_is N NAME: the example's lesson N is the lesson called NAME
lesson_is() {
	[ "$(num "$2")" = "$1" ] && return 0
	why="the example says lesson $1 is $2, which is lesson $(num "$2")"
	return 1
}

# ---- running -------------------------------------------------------------
mkdir -p "$tmp/run" "$tmp/state"
# run CMD: as a shell runs it, output in $tmp/out and $tmp/err, status $rc
run_ex() {
	(cd "$tmp/run" && env PATH="$BINDIR:$PATH" WATVIZ_LESSONS="$LESSONS" \
		XDG_STATE_HOME="$tmp/state" NO_COLOR= sh -c "$1" \
		>"$tmp/out" 2>"$tmp/err" </dev/null)
	rc=$?
	return $rc
}
has() { grep -qF -- "$1" "${2:-$tmp/out}" || { why="no '$1' in ${2:-the output}"; false; }; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1"; }
# in tmux: the example typed into a shell, then q
started=false
tui() {
	$started || { start_shell 100 30; started=true; }
	T send-keys -t =t: -l "clear; export PATH=$BINDIR:\$PATH WATVIZ_LESSONS=$LESSONS; $1; echo X-\$?"
	T send-keys -t =t: Enter
}
quit() { T send-keys -t =t: q; wait_for "X-$1"; }

# the verdicts the examples state are Z3's; a build without it says what
# it tried instead (tests/try/ checks that)
method=$("$BIN" --json --try a 2>/dev/null | sed -n 's/.*"method": *"\([a-z0-9]*\)".*/\1/p')
skip=""
z3() { [ "$method" = z3 ] || { skip="built without Z3: its verdicts are not Z3's"; false; }; }

# ---- one check per example -----------------------------------------------
example() {
	why="" skip=""
	case $1 in
	"watviz 'ab\\0cd'")	# today's x86-64 finds the NUL at 2 (the default word)
		run_ex "$1" && has "x86-64: 64-bit little-endian" &&
			has "= first NUL, memory 2" && cp "$tmp/out" "$tmp/named" &&
			run_ex "watviz" && cmp -s "$tmp/out" "$tmp/named" ;;
	"watviz 'ab\\0cd' | less -R")	# in a pipe: the plain text trace
		run_ex "$1" && has "= first NUL, memory 2" &&
			! grep -q "$(printf '\033')" "$tmp/out" ;;
	"watviz --arch ppc 'a\\x01\\0bcdefg'")	# big-endian: the top flag lies
		run_ex "$1" && has "ppc64: 64-bit big-endian" && has "A false positive" ;;
	"watviz --component usr/bin")	# hash_name stops at the '/'
		run_ex "$1" && has "hash_name (fs/namei.c)" && has "= first delimiter, memory 3" ;;
	"watviz --offset 3 --fill 0 '\\x01Q'")	# starts inside its word
		run_ex "$1" && has '2 bytes at offset 3' && has "aligned_byte_mask(3)" ;;
	"watviz --offset 3 --page-end 8 --component ab")	# zeropad at a page edge
		run_ex "$1" && has "then an unmapped page" && has "a (wanted)" &&
			has "2. ex_handler_zeropad  (arch/x86/mm/extable.c)" ;;
	"watviz --json --arch alpha abc")	# the values, for a program
		run_ex "$1" && json "$tmp/out" 'd["arch"] == "alpha" and d["length"] == 3' ;;
	"watviz --try '(a - ONES) & HIGHS'")	# refuted: a = 0x0101010101010181
		z3 && run_ex "$1" && has "verdict: WRONG" && has "a = 0x0101010101010181" ;;
	"watviz --try '(a - ONES) & ~a & HIGHS' --arch x86-32")	# proven, 2^32
		z3 && run_ex "$1" && has "verdict: PROVEN for all 2^32 words" ;;
	"watviz --as exact --try '~(((a & LOW7) + LOW7) | a | LOW7)'")	# the exact test
		z3 && run_ex "$1" && has "verdict: PROVEN for all 2^64 words" ;;
	"watviz --arch ppc --as find_zero --try 'clz(mask) >> 3'")	# proven, 2^64
		z3 && run_ex "$1" && has "verdict: PROVEN for all 2^64 words" ;;
	"watviz --json --try 'a & HIGHS'")	# verdict and counterexample
		z3 && run_ex "$1" && json "$tmp/out" 'd["verdict"] == "refuted" and "counterexample" in d' ;;
	"watviz --list-steps 'ab\\0cd'")	# has_zero:1  a - ONES, ...
		run_ex "$1" && grep -q '^has_zero:1  *a - ONES$' "$tmp/out" ;;
	"watviz --svg --step has_zero:1 'ab\\0cd' > fig.svg")	# the borrow, a figure
		run_ex "$1" && has "<svg" "$tmp/run/fig.svg" && has "borrow" "$tmp/run/fig.svg" ;;
	"watviz --cast 'ab\\0cd' > trace.cast")	# the trace, played by itself
		run_ex "$1" && head -n 1 "$tmp/run/trace.cast" | grep -q '^{"version": 2, "width": 80, "height": 24' &&
			has '"m", "find_zero"' "$tmp/run/trace.cast" ;;
	"watviz --cast --lesson 2 > lesson2.cast")	# lesson 2, as autoplay paces it
		lesson_is 2 the-interface && run_ex "$1" &&
			has "\"m\", \"lesson 2: $(title the-interface)\"" "$tmp/run/lesson2.cast" &&
			has "\"m\", \"scene 1: $(scene1 the-interface)\"" "$tmp/run/lesson2.cast" ;;
	"watviz --cast --cast-size 120x36 --arch ppc 'a\\x01\\0b' > wide.cast")
		run_ex "$1" && head -n 1 "$tmp/run/wide.cast" | grep -q '"width": 120, "height": 36' ;;
	"watviz --record session.cast 'ab\\0cd'")	# the visualizer, as you use it
		rm -f "$tmp/session.cast"
		tui "cd $tmp && $1" && wait_for "Right/Left step" && quit 0 &&
			head -n 1 "$tmp/session.cast" | grep -q '^{"version": 2' ;;
	"watviz --html 'ab\\0cd' > trace.html")	# a trace as a web page
		run_ex "$1" && has "<!DOCTYPE html>" "$tmp/run/trace.html" &&
			has 'ab\0cd' "$tmp/run/trace.html" ;;
	"watviz --html --lesson 3 --arch ppc > lesson3.html")	# has_zero's handout, ppc
		lesson_is 3 has-zero && run_ex "$1" &&
			has "<title>watviz lesson 3: $(title has-zero)</title>" "$tmp/run/lesson3.html" &&
			has "ppc64" "$tmp/run/lesson3.html" ;;
	"watviz --html --course > course.html")	# every handout in one page
		run_ex "$1" && for f in "$LESSONS"/*.lesson; do
			has "$(sed -n 's/^title: //p' "$f" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')" \
				"$tmp/run/course.html" || break
		done && [ -z "$why" ] ;;
	"watviz --list-lessons")	# number, title, minutes, variants, progress
		# where the class is: has-zero at its scene 2, false-positives done
		mkdir -p "$tmp/prog/watviz" &&
			printf '%s has-zero 2\n%s false-positives done\n' "$(num has-zero)" \
			"$(num false-positives)" >"$tmp/prog/watviz/progress" &&
			run_ex "XDG_STATE_HOME=$tmp/prog $1" && listed "$tmp/out" "$LESSONS" &&
			has "about " && has "variants:" &&
			[ "$(grep -c '^     current: \|^     done: ' "$tmp/out")" = 2 ] &&
			[ "$(progress_of has-zero)" = "current: scene 2 of $(grep -c '^scene:' "$(file has-zero)") (--lesson $(num has-zero) resumes there)" ] &&
			[ "$(progress_of false-positives)" = "done: the class finished it (--lesson $(num false-positives) starts over)" ] &&
		# one broken file: the others listed, it named on stderr, status 2
		mkdir -p "$tmp/broken" && cp "$LESSONS"/*.lesson "$tmp/broken/" &&
			printf 'title: broken\nnot a key\n' >"$(file_in "$tmp/broken" find-zero)" &&
			{ run_ex "watviz --lessons-dir $tmp/broken --list-lessons"; [ "$rc" = 2 ]; } &&
			has "$(file_in "$tmp/broken" find-zero):2:" "$tmp/err" &&
			[ "$(grep -c '^ *[0-9][0-9]*  ' "$tmp/out")" = $(($(ls "$LESSONS"/*.lesson | wc -l) - 1)) ] &&
			! grep -q "^ *$(num find-zero)  " "$tmp/out" ;;
	"watviz --arch ppc --lesson 3")	# lesson 3 (has_zero) on a big-endian word
		lesson_is 3 has-zero && tui "$1 --restart" &&
			wait_for "Lesson 3: $(title has-zero)" && wait_for " on ppc64" && quit 0 ;;
	"watviz --lesson 2-4")	# lessons 2, 3 and 4, one after the other
		lesson_is 2 the-interface && run_ex "$1" &&
			[ "$(grep '^watviz lesson [0-9]*: ' "$tmp/out" | cut -d: -f1 | tr '\n' ' ')" = \
			  "watviz lesson 2 watviz lesson 3 watviz lesson 4 " ] ;;
	"watviz --lesson 2-4 --present")	# lessons 2 to 4, on the projector
		tui "$1 --restart" && wait_for "Lesson 2: $(title the-interface)" && quit 0 ;;
	"watviz --course")	# every lesson, in order
		run_ex "$1" && [ "$(grep -c '^watviz lesson [0-9]*: ' "$tmp/out")" = \
				  "$(ls "$LESSONS"/*.lesson | wc -l)" ] &&
			grep '^watviz lesson [0-9]*: ' "$tmp/out" | cut -d' ' -f3 | tr -d : |
			sort -c -n ;;
	"watviz --plain --lesson 5 > l5.txt" | "watviz --plain --lesson 5 > lesson5.txt")
		out=${1##*> }
		lesson_is 5 no-false-positives && run_ex "$1" &&
			head -n 1 "$tmp/run/$out" | grep -qxF "watviz lesson 5: $(title no-false-positives)" &&
			grep -qx "Answers" "$tmp/run/$out" ;;
	"watviz --html --sheet --lesson 1-5 > q.html")	# the questions alone
		lesson_is 1 word-at-a-time && run_ex "$1" &&
			[ "$(grep -c '<article class="sheet"' "$tmp/run/q.html")" = 5 ] &&
			[ "$(grep -c '<section class="sheet-q"' "$tmp/run/q.html")" = \
			  "$(cat "$(file word-at-a-time)" "$(file the-interface)" "$(file has-zero)" \
			     "$(file false-positives)" "$(file no-false-positives)" | grep -c '^question:')" ] &&
			! grep -q 'class="answers-all"\|Answer' "$tmp/run/q.html" ;;
	"watviz --plain --measure --lesson 1")	# its chart timed on this machine
		lesson_is 1 word-at-a-time && run_ex "$1" &&
			has "strlen, timed on this machine (ns per call)" &&
			has "measured on " && has "4096 bytes wv_strlen" &&
			! grep -qF "(not measured)" "$tmp/out" ;;
	"watviz --check-lesson my.lesson")	# check a lesson you are writing
		cp "$(file has-zero)" "$tmp/run/my.lesson" && run_ex "$1" &&
			has "my.lesson: $(title has-zero):" &&
			printf 'title: x\n' >"$tmp/run/my.lesson" &&
			{ run_ex "$1"; [ "$rc" = 2 ]; } && has "my.lesson:1:1: " "$tmp/err" ;;
	"watviz --lesson 1 --present --autoplay 4")	# on the projector, hands-free
		lesson_is 1 word-at-a-time && tui "$1 --restart" &&
			wait_for "Lesson 1: $(title word-at-a-time)" && wait_for "AUTOPLAY" && quit 0 ;;
	"watviz --lesson 9 --split x86-64 --theme light")	# two variants on a light screen
		# scene 1 asks nothing: the split is drawn there at once
		lesson_is 9 big-endian && tui "$1 --restart" &&
			wait_for "Lesson 9: $(title big-endian)" && wait_for "x86-64" && quit 0 ;;
	"watviz --lesson 3 --class")	# a live class on port 8080
		# a machine without a network route, or with 8080 taken, says
		# so and starts nothing: not this example's failure
		lesson_is 3 has-zero && tui "$1 --restart" &&
			wait_re 'Join the class|no network route|is busy|X-1' &&
			if shows "Join the class"; then
				wait_for ":8080/?t=" && quit 0
			else
				skip="this machine cannot serve on its network address, port 8080"
				false
			fi ;;
	"watviz --course --class=192.168.1.20:8000")	# an address of one's choosing
		# this machine has no such address: said, and nothing starts
		tui "$1 --restart" && wait_for "192.168.1.20" "X-1" ;;
	*)
		why="no check for this example; add one to $0"
		false ;;
	esac
}

n=1
if [ "$PLAN" -ge 30 ]; then
	echo "ok 1 - $((PLAN - 1)) watviz examples in $DOCS and watviz.1"
else
	echo "not ok 1 - only $((PLAN - 1)) watviz examples found (the extraction broke?)"
fi
# every "lesson N (name)" the text beside the examples says is lesson N
# (a function's name, has_zero, stands for the file has-zero)
bad=""
mentions=$(grep -oE '[Ll]esson [0-9]+ \([a-z_-]+\)' $DOCS watviz.1 | sort -u)
IFS='
'
for m in $mentions; do
	k=$(echo "$m" | sed 's/.*esson \([0-9]*\) .*/\1/')
	name=$(echo "$m" | sed 's/.*(\(.*\))/\1/' | tr _ -)
	[ "$(num "$name")" = "$k" ] || bad="$bad ${m%%:*}: '${m#*:}' but $name is lesson $(num "$name");"
done
unset IFS
if [ -n "$mentions" ] && [ -z "$bad" ]; then
	ok "every 'lesson N (name)' of $DOCS and watviz.1 names lesson N ($(echo "$mentions" | wc -l) of them)"
else
	notok "a lesson named by the wrong number:${bad:- none found}"
fi
while IFS= read -r cmd; do
	if example "$cmd" </dev/null; then
		ok "$cmd"
	elif [ -n "$skip" ]; then
		ok "$cmd # SKIP $skip"
	else
		notok "$cmd${why:+: $why}"
		sed 's/^/# out: /' "$tmp/out" 2>/dev/null | head -n 5
		sed 's/^/# err: /' "$tmp/err" 2>/dev/null | head -n 5
	fi
done <"$ex"
[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
