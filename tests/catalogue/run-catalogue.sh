#!/bin/sh
# The bad-input catalogue (tests/catalogue/cases): every case's exit status,
# its one-line message, no crash, at most three lines on stderr; then the
# cases that need a terminal, in tmux.  Prints TAP.
#   sh tests/catalogue/run-catalogue.sh BUILD
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
DIR=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
SOCK=watviz-cat-$$
SESSION=c
. "$DIR/../lib/tmux.sh"
cleanup() {
	T kill-server >/dev/null 2>&1
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

n=0
fails=0
ok() { n=$((n + 1)); printf 'ok %d - %s\n' "$n" "$1"; }
notok() {
	n=$((n + 1)); fails=$((fails + 1))
	printf 'not ok %d - %s\n' "$n" "$1"
	shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /'; done
}

# ---- broken lesson files ----------------------------------------------------
L=$tmp/lessons
mkdir -p "$L/two" "$L/empty" "$L/listed" "$L/dir.lesson" "$tmp/home" "$tmp/bin"
printf 'title: t\nscene: s\nword: ab\n  colour: red\nshow: load\n' >/dev/null
printf 'title: t\nscene: s\nword: ab\ncolour: red\nshow: load\n' >"$L/unknown-key.lesson"
printf 'title: t\nscene: s\nword: ab\\q\nshow: load\n' >"$L/bad-word.lesson"
printf 'title: t\nscene: s\nword: ab\narch: vax\nshow: load\n' >"$L/bad-arch.lesson"
printf 'title: t\nscene: s\nword: ab\nshow: delim_has_zero\n' >"$L/unreached.lesson"
printf 'scene: s\nword: ab\nshow: load\n' >"$L/no-title.lesson"
: >"$L/empty.lesson"
head -c 3000 /bin/sh >"$L/binary.lesson"
i=0
while [ $i -lt 11000 ]; do echo "# padding line of a lesson file that is far too long"; i=$((i + 1)); done >"$L/huge.lesson"
printf 'title: t\r\nscene: s\r\nword: ab\\0cd\r\nshow: has_zero result\r\nquestion: what?\r\nask: has_zero\r\n' >"$L/crlf.lesson"
# text a lesson file may hold, and may not (issue 23)
printf 'title: Caf\303\251\nscene: D\303\251j\303\240 vu\nword: \303\251\\0\nshow: load\ntext: na\303\257ve\n' >"$L/utf8.lesson"
printf 'title: t\nscene: s\nword: caf\351\nshow: load\n' >"$L/latin1.lesson"
printf 'title: t\nscene: s\302\233\nword: a\nshow: load\n' >"$L/c1.lesson"
printf 'title: t\rscene: s\rword: ab\rshow: load\r' >"$L/cr-only.lesson"
# a tab in shown text; UTF-16 with and without its byte-order mark (trial2)
printf 'title: Tab here\nsummary: s.\narches: x86-64\n\nscene: One\nword: ab\\0cd\nshow: load\ntext: a\ttab.\n' >"$L/tab.lesson"
printf '\377\376t\000i\000t\000l\000e\000:\000' >"$L/utf16.lesson"
printf 't\000i\000t\000l\000e\000:\000' >"$L/utf16-nobom.lesson"
# lessons folders: 150 files, one number twice, a FIFO, names that are
# not lessons', a name with a terminal's title sequence in it
mkdir -p "$L/many" "$L/dup" "$L/odd"
i=1
while [ $i -le 150 ]; do
	printf 'title: l%d\nscene: s\nword: ab\nshow: load\n' $i >"$L/many/$(printf %03d $i)-l$i.lesson"
	i=$((i + 1))
done
cp "$L/many/001-l1.lesson" "$L/dup/02-a.lesson"
cp "$L/many/002-l2.lesson" "$L/dup/2-b.lesson"
cp "$L/many/001-l1.lesson" "$L/odd/01-ok.lesson"
mkfifo "$L/odd/02-fifo.lesson"
cp "$L/many/001-l1.lesson" "$L/odd/1000-x.lesson"
cp "$L/many/001-l1.lesson" "$L/odd/03-$(printf 'x\033]0;PWNED\007y').lesson"
mkdir -p "$L/fifo" "$L/names0" "$L/names64" "$L/unchecked"
mkfifo "$L/fifo/01-fifo.lesson"
cp "$L/many/001-l1.lesson" "$L/fifo/02-ok.lesson"
cp "$L/many/001-l1.lesson" "$L/names0/0-x.lesson"
cp "$L/many/001-l1.lesson" "$L/names0/02-ok.lesson"
mkdir -p "$L/names1000"
cp "$L/many/001-l1.lesson" "$L/names1000/1000-x.lesson"
cp "$L/many/001-l1.lesson" "$L/names1000/02-ok.lesson"
cp "$L/many/001-l1.lesson" "$L/names64/01-$(printf 'a%.0s' $(seq 64)).lesson"
cp "$L/many/001-l1.lesson" "$L/names64/02-ok.lesson"
printf 'title: t\nscene: s\nword: ab\nshow: delim_has_zero\n' >"$L/unchecked/01-unreached.lesson"
printf 'title: t\nscene: s\nword: ab\npage-end: 3\nshow: find_zero\n' >"$L/page-end-3.lesson"
printf 'title: t\nscene: s\nword: ab\narch: x86-64\noffset: 7\nsplit: x86-32\nshow: find_zero\n' \
	>"$L/split-past.lesson"
printf 'title: t\nscene: s\nword: ab\narch: x86-32\npage-end: 4\noffset: 1\nsplit: x86-64\nshow: find_zero\n' \
	>"$L/split-page.lesson"
printf 'title: t\nscene: s\nword: ab\nshow: has_zero result sub 2 op sub\n' >"$L/show-three.lesson"
printf 'title: t\nscene: s\nword: ab\nshow: find_zero\ntext: at {Find_Zero}\n' >"$L/upper-mark.lesson"
printf 'title: t {arch}\nscene: s\nword: ab\nshow: find_zero\n' >"$L/title-mark.lesson"
{ printf 'title: '; printf '%03994d\n' 0; printf 'scene: s\nword: a\nshow: load\n'; } >"$L/long-title.lesson"
printf 'title: a\nscene: s\nword: a\nshow: load\n' >"$L/two/01-abc.lesson"
printf 'title: b\nscene: s\nword: a\nshow: load\n' >"$L/two/02-abd.lesson"
cp "$L/two/01-abc.lesson" "$L/listed/01-good.lesson"
cp "$L/unknown-key.lesson" "$L/listed/02-unknown-key.lesson"
ln -s "$BIN" "$tmp/bin/watviz"
export L

# ---- the table ----------------------------------------------------------------
# (the fields trimmed, the first line read and the lines counted by the
# shell itself, the message matched from a here-document, not a pipe: a
# few processes less a case, of ten or so, each about 9 ms of CPU here)
grep -v '^#' "$DIR/cases" | while IFS='|' read -r name rc re words; do
	name=${name%"${name##*[! ]}"}
	rc=${rc#"${rc%%[! ]*}"} rc=${rc%"${rc##*[! ]}"}
	re=${re# } re=${re%"${re##*[! ]}"}
	[ -n "$name" ] || continue
	env -i PATH="$tmp/bin:$PATH" HOME="$tmp/home" LANG=C.UTF-8 L="$L" \
		${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS} \
		${UBSAN_OPTIONS:+UBSAN_OPTIONS=$UBSAN_OPTIONS} \
		timeout 30 sh -c "$words" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	first=
	IFS= read -r first <"$tmp/err"
	lines=0	# as wc -l counts: the newlines
	while IFS= read -r _; do lines=$((lines + 1)); done <"$tmp/err"
	why=""
	[ "$got" = "$rc" ] || why="exit status $got, want $rc"
	[ "$got" -lt 124 ] || why="crashed or hung: status $got"
	if [ "$re" = '^$' ]; then
		[ -s "$tmp/err" ] && why="${why:+$why; }stderr not empty"
	else
		grep -qE -- "$re" <<-EOF || why="${why:+$why; }message does not match /$re/"
		$first
		EOF
	fi
	# --check-lesson lists every mistake of a file (up to 32) and a count
	max=3
	case $words in *--check-lesson*) max=33 ;; esac
	[ "$lines" -le $max ] || why="${why:+$why; }$lines lines on stderr"
	if [ -z "$why" ]; then
		printf 'ok - %s\n' "$name"
	else
		printf 'not ok - %s: %s\n' "$name" "$why"
		head -n 4 "$tmp/err" | sed 's/^/# | /'
	fi
done >"$tmp/table"
# number the table's lines
while IFS= read -r line; do
	case $line in
	'ok - '*) ok "${line#ok - }" ;;
	'not ok - '*) notok "${line#not ok - }" ;;
	*) printf '%s\n' "$line" ;;
	esac
done <"$tmp/table"

# ---- cases that need a terminal ------------------------------------------------
TIMEOUT=${WATVIZ_TUI_TIMEOUT:-20}
run() { T send-keys -t =c: -l "$1"; T send-keys -t =c: Enter; }
# term_case NAME WIDTH HEIGHT ENV-SETUP KEYS EXPECT...: start a shell in a
# fresh tmux window, record stty, run watviz with the setup, send the keys,
# expect each text in turn, then check the exit and the terminal.
term_case() {
	name=$1 w=$2 h=$3 setup=$4 keys=$5
	shift 5
	T kill-server >/dev/null 2>&1
	SOCK=watviz-cat-$$-$n
	T new-session -d -s c -x "$w" -y "$h" "env -i PATH=$PATH HOME=$tmp/home TERM=screen-256color LANG=C.UTF-8 ${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS} PS1='$ ' sh" || { notok "$name: tmux"; return; }
	watch_output
	wait_for '$' || true
	rm -f "$tmp/stty.after"
	run "stty -a >$tmp/stty.before; $setup; echo EXIT=\$?; stty -a >$tmp/stty.after; echo STTY-\$?"
	why=""
	eval "set -- $keys \"\$@\"" 2>/dev/null
	nkeys=$(eval "set -- $keys"; echo $#)
	ki=0
	for k in "$@"; do
		ki=$((ki + 1))
		[ $ki -le "$nkeys" ] || break
		case $k in
		wait=*) wait_for "${k#wait=}" || why="${why:+$why; }never showed '${k#wait=}'" ;;
		text=*) T send-keys -t =c: -l "${k#text=}" ;;
		*) T send-keys -t =c: "$k" ;;
		esac
	done
	shift "$nkeys"
	for want in "$@"; do
		wait_for "$want" || why="${why:+$why; }never showed '$want'"
	done
	# the status and the terminal modes once the shell has written both (the
	# patterns want digits: the typed command line shows "EXIT=$?")
	wait_re 'EXIT=[0-9]+' && wait_re 'STTY-[0-9]+' || why="${why:+$why; }did not exit"
	code=$(sed -n 's/.*EXIT=\([0-9]*\).*/\1/p' "$tmp/screen" | tail -n 1)
	[ "${code:-999}" -lt 128 ] || why="${why:+$why; }exit status $code"
	cmp -s "$tmp/stty.before" "$tmp/stty.after" || why="${why:+$why; }terminal modes changed"
	if [ -z "$why" ]; then ok "$name"; else notok "$name: $why" "$(tail -n 5 "$tmp/screen")"; fi
}

if command -v tmux >/dev/null 2>&1 && [ -x "$BIN" ]; then
	mkdir -p "$tmp/state/watviz" "$tmp/ro"
	head -c 2000 /bin/sh >"$tmp/state/watviz/history"
	chmod 555 "$tmp/ro"
	: >"$tmp/afile"
	W="$BIN 'ab\\0cd'"
	term_case "TERM unset: the plain trace, not a screen" 100 30 \
		"env -u TERM $W | tail -n 2" "" "answer: find_zero = 2"
	term_case "TERM=dumb: the plain trace" 100 30 "TERM=dumb $W | tail -n 2" "" \
		"answer: find_zero = 2"
	term_case "a 40x12 terminal: says what it needs, q quits" 40 12 "$W" \
		"wait=needs q" "EXIT=0"
	term_case "a corrupt history file: still starts, q quits" 100 30 \
		"XDG_STATE_HOME=$tmp/state $W" "wait=Memory q" "EXIT=0"
	term_case "an unwritable state directory: runs, q quits" 100 30 \
		"XDG_STATE_HOME=$tmp/ro $W" "wait=Memory : text=arch\ ppc Enter wait=ppc64 q" "EXIT=0"
	term_case "state directory is a file: runs, q quits" 100 30 \
		"XDG_STATE_HOME=$tmp/afile $W" "wait=Memory : text=offset\ 2 Enter wait=offset\ 2 q" "EXIT=0"
	term_case "no HOME, no XDG_STATE_HOME: runs, q quits" 100 30 \
		"env -u HOME $W" "wait=Memory : text=fill\ 1 Enter wait=fill\ 0x01 q" "EXIT=0"
	term_case "garbage ':' commands: one-line errors, keeps working" 100 30 "$W" \
		"wait=Memory : text=frobnicate Enter wait=frobnicate : text=arch\ vax Enter wait=vax : text=offset\ 99 Enter wait=offset\ must\ be : text=fill\ 999 Enter wait=999 : text=word\ \\\\q Enter wait=unknown\ escape Right wait=sub-step\ 2 q" \
		"EXIT=0"
	term_case "a bad ':' command over a :try formula: its error shows" 100 30 "$W" \
		"wait=Memory : text=try\ ~a Enter wait=WRONG : text=frobnicate Enter wait=unknown\ command\ \'frobnicate\' q" \
		"EXIT=0"
else
	for i in 1 2 3 4 5 6 7 8 9; do notok "terminal case $i: tmux or $BIN missing"; done
fi
echo "1..$n"
[ "$fails" -eq 0 ]
