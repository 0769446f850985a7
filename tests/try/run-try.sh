#!/bin/sh
# watviz --try end to end.  Prints TAP.
#   sh tests/try/run-try.sh BUILD            (make check, make check-noz3)
#   sh tests/try/run-try.sh BUILD --update   rewrite the golden files
# With Z3: the plain output of tests/try/cases against golden files, and the
# JSON verdicts of the formulas, each counterexample confirmed by a
# byte loop here.  Without Z3: the verdicts say what was tried and that a
# 64-bit one is not a proof.
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

method=$("$BIN" --json --try 'a' | sed -n 's/.*"method":"\([a-z0-9]*\)".*/\1/p')

# the verdict of one formula as JSON, checked by check-verdict.py
verdict() {
	name=$1 want=$2
	shift 2
	"$BIN" --json "$@" >"$tmp/j" 2>"$tmp/e"
	rc=$?
	r=1
	[ $rc -eq 0 ] && python3 "$DIR/check-verdict.py" "$want" "$method" <"$tmp/j" \
		>"$tmp/why" 2>&1 && r=0
	[ $r -ne 0 ] && sed 's/^/# /' "$tmp/why" "$tmp/e"
	ok $r "$name: $want"
}

# Ctrl-C stops the check: SIGINT once the formula's steps on the word are
# out (they are flushed before the solver starts) and the check has used some
# CPU, then the status is 130 (killed by SIGINT) and no verdict is printed.
# env --default-signal=INT gives the program SIGINT's default action, as a
# foreground job has (sh starts a background job with SIGINT ignored).  When
# to send it is read from the program (its output, its CPU time in /proc,
# looked at every 0.05 s: the interval only delays the signal, it decides
# nothing); its end is waited for.

# user and system CPU time of a process so far, in clock ticks (1/100 s)
cpu_ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
interrupted() {
	name=$1
	shift
	: >"$tmp/o"
	env --default-signal=INT "$@" >"$tmp/o" 2>"$tmp/e" </dev/null &
	pid=$!
	i=0
	# the steps are out, and then 0.3 s of CPU used: deep in the check (where
	# a solver that catches SIGINT itself would take it and go on)
	while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null &&
		! { grep -q '^ a has 0?' "$tmp/o" && [ "$(cpu_ticks $pid)" -ge 30 ]; }; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -INT $pid 2>/dev/null
	# its end, waited for (not polled), however long; a watchdog kills it
	# after 60 s
	sh -c 'sleep 60 & s=$!; trap "kill \$s; exit 0" TERM; wait $s; kill -KILL '"$pid"' && echo killed' \
		>"$tmp/dog" 2>/dev/null </dev/null &
	dog=$!
	wait $pid
	rc=$?
	kill $dog 2>/dev/null
	wait $dog
	[ -s "$tmp/dog" ] && echo "# still running 60 s after SIGINT: killed"
	bad=1
	[ $rc -eq 130 ] && grep -q '^ a has 0?' "$tmp/o" && ! grep -q '^verdict' "$tmp/o" && bad=0
	[ $bad -ne 0 ] && { echo "# status $rc"; sed 's/^/# /' "$tmp/e"; grep '^verdict' "$tmp/o" | sed 's/^/# /'; }
	ok $bad "$name: SIGINT while it runs stops it, status 130, no verdict"
}

if [ "$method" = z3 ]; then
	# a 62-bit prime has no factors of 32 bits: hard for Z3 to prove, far over
	# any budget (it gives up at the default one); here without a budget
	hard='x = a & 0xffffffff; y = a >> 32; ((a - ONES) & ~a & HIGHS) | (x * y == 4611686018427387847)'
	interrupted "Z3 on a hard formula" WATVIZ_PROVE_WORK=4294967295 "$BIN" --plain --try "$hard"
	# the whole default budget spent (about 2 s): make check-full's; make
	# check gives up at one unit of work below
	if [ -n "${WATVIZ_CHECK_FULL:-}" ]; then
		verdict "the hard formula at the default budget" gave_up --try "$hard"
	else
		ok 0 "the hard formula at the default budget # SKIP make check-full's (CI's)"
	fi
	while IFS='	' read -r name args; do
		case $name in ''|'#'*) continue ;; esac
		eval "set -- $args"
		NO_COLOR= "$BIN" --color=never "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
		rc=$?
		[ "$UPDATE" = "--update" ] && cp "$tmp/out" "$DIR/$name.out"
		bad=0
		[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] || bad=1
		cmp -s "$tmp/out" "$DIR/$name.out" || bad=1
		[ $bad -ne 0 ] && diff -u "$DIR/$name.out" "$tmp/out" | head -n 20 | sed 's/^/# /'
		ok $bad "golden $name"
	done <"$DIR/cases"
	# each formula at 64 bits; make check the kernel's and one wrong one
	# at 32 (make check-full: all five at both widths)
	for w in x86-64 x86-32; do
		verdict "$w kernel has_zero" proven --arch $w --try '(a - ONES) & ~a & HIGHS'
		verdict "$w (a - ONES) & HIGHS" refuted --arch $w --try '(a - ONES) & HIGHS'
		[ $w = x86-32 ] && [ -z "${WATVIZ_CHECK_FULL:-}" ] && continue
		verdict "$w (a - ONES) & ~a" refuted --arch $w --try '(a - ONES) & ~a'
		verdict "$w a & HIGHS" refuted --arch $w --try 'a & HIGHS'
		verdict "$w exact E(a)" proven --arch $w --as exact --try '~(((a & LOW7) + LOW7) | a | LOW7)'
	done
	verdict "x86-64-v6.10 multiply find_zero" proven --arch x86-64-v6.10 \
		--as find_zero --try '(mask * 0x0001020304050608) >> 56'
	verdict "x86-64 (today's) __ffs find_zero" proven --as find_zero \
		--try '__ffs(mask) >> 3'
	verdict "x86-64 (today's): the multiply is not its find_zero" refuted \
		--as find_zero --try '(mask * 0x0001020304050608) >> 56'
	verdict "s390 find_zero" proven --arch s390 --as find_zero --try '(mask ^ 63) >> 3'

	# The solver's budget is counted work (WATVIZ_PROVE_WORK, Z3's units),
	# so a budget too small gives the same honest answer on every run.
	f='(a - ONES) & ~a'
	export WATVIZ_PROVE_WORK=1	# (not as a prefix: a function is called)
	verdict "one unit of work: gave up" gave_up --try "$f"
	unset WATVIZ_PROVE_WORK
	WATVIZ_PROVE_WORK=1 "$BIN" --try "$f" >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 0 ] && [ ! -s "$tmp/e" ] && grep -q '^verdict: GAVE UP after [0-9]* units of work' "$tmp/o" &&
		grep -q 'neither a proof nor a refutation' "$tmp/o" &&
		! grep -q 'WRONG\|PROVEN' "$tmp/o"
	ok $? "one unit of work: GAVE UP, neither a proof nor a refutation"
	# a budget that ends the search for a smaller counterexample midway:
	# the one found is shown, called "a counterexample", not the smallest
	full=$("$BIN" --json --try "$f" | sed -n 's/.*"work":\([0-9]*\).*/\1/p')
	cut=""
	for d in 2 4 8 16 32 64; do
		b=$((${full:-0} / d))
		[ "$b" -gt 0 ] || break
		if WATVIZ_PROVE_WORK=$b "$BIN" --json --try "$f" | grep -q '"smallest":false'; then
			cut=$b
			break
		fi
	done
	bad=1
	if [ -n "$cut" ]; then
		WATVIZ_PROVE_WORK=$cut "$BIN" --try "$f" >"$tmp/o" 2>"$tmp/e"
		[ $? -eq 0 ] && grep -q '^verdict: WRONG.  A counterexample (NOT known to be the smallest' "$tmp/o" &&
			! grep -q 'smallest counterexample' "$tmp/o" && bad=0
		[ $bad -ne 0 ] && sed 's/^/# /' "$tmp/o" "$tmp/e" | tail -n 20
	else
		echo "# no budget below $full units cut the search short"
	fi
	ok $bad "a budget of $cut units (of $full): a counterexample, NOT called the smallest"
	export WATVIZ_PROVE_WORK=${cut:-1}
	verdict "$cut units: the counterexample is one" refuted --try "$f"
	unset WATVIZ_PROVE_WORK
	WATVIZ_PROVE_WORK=ten "$BIN" --try "$f" >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q 'WATVIZ_PROVE_WORK=ten: give the solver' "$tmp/e"
	ok $? "WATVIZ_PROVE_WORK=ten: a usage error, status 2"
	# libz3 is loaded when the first proof needs it (prove/dl.h): where it
	# cannot be, the words are enumerated, and the verdict says which file
	# is missing and which package has it
	WATVIZ_DL_HIDE=libz3 "$BIN" --try '(a - ONES) & ~a & HIGHS' >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 0 ] && [ ! -s "$tmp/e" ] && grep -q 'This is NOT a proof' "$tmp/o" &&
		grep -q '^  libz3\.so[.0-9]* could not be loaded (hidden by WATVIZ_DL_HIDE): install the package libz3' "$tmp/o"
	ok $? "libz3 missing: enumerated, NOT a proof, the file and its package named"
	WATVIZ_DL_HIDE=libz3 "$BIN" --json --try 'a & HIGHS' >"$tmp/o" 2>"$tmp/e"
	grep -q '"method":"sampled"' "$tmp/o"
	ok $? "libz3 missing: the JSON verdict's method is the enumeration's"
else
	echo "# no Z3 in this build: checking the enumeration's verdicts"
	"$BIN" --arch x86-32 --try 'a & HIGHS' >"$tmp/o" 2>&1
	grep -q '^verdict: WRONG' "$tmp/o" && grep -q 'a = 0x00000000' "$tmp/o" &&
		! grep -q 'NOT a proof' "$tmp/o"
	ok $? "32 bits: every word tried, the smallest counterexample is exact"
	"$BIN" --try '(a - ONES) & ~a & HIGHS' >"$tmp/o" 2>&1
	grep -q 'This is NOT a proof' "$tmp/o"
	ok $? "64 bits: no counterexample, and it says this is not a proof"
	"$BIN" --try '(a - ONES) & HIGHS' >"$tmp/o" 2>&1
	grep -q 'NOT a proof that none is smaller' "$tmp/o"
	ok $? "64 bits: a counterexample, labelled the smallest of those tried"
	verdict "x86-64 (a - ONES) & ~a" refuted --try '(a - ONES) & ~a'
	verdict "x86-64 kernel has_zero" not_refuted --try '(a - ONES) & ~a & HIGHS'
	# every 32-bit word: a minute of two threads
	interrupted "the 2^32 sweep" "$BIN" --plain --arch x86-32 --try '(a - ONES) & ~a & HIGHS'
fi

# parse errors are the same either way: status 2, column, caret
"$BIN" --try 'a +' >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q 'column 4' "$tmp/e" && grep -q '^     \^' "$tmp/e"
ok $? "a parse error: status 2, the column and a caret under it"

echo "1..$n"
