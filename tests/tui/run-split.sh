#!/bin/sh
# The split view (--split, v, :split) and --present on any word, in a real
# terminal (tmux): both panes read from one capture at the same step, each
# memory byte in the same column above and below.  The expected rows come
# from the word's bytes, not from the program: 'ab\0cd' has its zero bytes
# at memory 2, 5, 6 and 7 (the string's NUL, the word's own NUL and the
# fill), so has_zero flags those four, the first of them the terminator
# found, on every variant, big- or little-endian, in memory order.
# Usage: run-split.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
CAST="python3 $(cd "$(dirname "$0")/../lib" && pwd)/cast.py"
PLAN=18
. "$(dirname "$0")/lib.sh"

# the flag bytes in memory order 7..0, as the bits of a row drawn by address
# (highest address left, as x86-64 draws its register): 0x80 where a byte of
# 'ab\0cd' and its fill is zero, '*' a flag, '=' the terminator found
flags=""
for m in 7 6 5 4 3 2 1 0; do
	case $m in
	2) flags="$flags=10000000" ;;
	5|6|7) flags="$flags*10000000" ;;
	*) flags="$flags 00000000" ;;
	esac
done

# col FILE N TEXT: the column of TEXT in the Nth line holding it (0: none)
col() { grep -aF -- "$3" "$1" | sed -n "$2p" | awk -v s="$3" '{ print index($0, s) }'; }

# row_is HEX BITS: a row of the screen shows BITS with HEX on its line or
# on the caption line above it (where the hex does not fit beside them)
row_is() {
	grep -aF -- "$2" "$tmp/screen" | grep -qaF -- "$1" ||
		grep -aF -A1 -- "= $1" "$tmp/screen" | tail -1 | grep -qaF -- "$2"
}

start_shell 100 30

# 1-3: --split ppc64: both panes at has_zero's AND, each register in its
# own order (its flags bits reading as its hex: x86-64's in memory order
# 7..0, ppc64's 0..7); M puts ppc64's bytes in x86-64's memory columns
run "$BIN --split ppc64 'ab\\0cd'; echo SPLIT-\$?"
wait_for " x86-64 " " ppc64 " "64-bit big-endian" "sub-step 1/" &&
	keys Down Right Right &&
	wait_for "has_zero() in arch/x86/include/asm/word-at-a-time.h" \
		"has_zero() in arch/powerpc/include/asm/word-at-a-time.h" \
		"and: (a - ONES) & ~a & HIGHS" "and: (a + high_bits) & ~rhs"
check $? "--split ppc64: both panes step together to has_zero's AND, each with its own operation"
rev=""	# the flag bytes in memory order 0..7, as ppc64 holds them
for m in 0 1 2 3 4 5 6 7; do
	case $m in
	2) rev="$rev=10000000" ;;
	5|6|7) rev="$rev*10000000" ;;
	*) rev="$rev 00000000" ;;
	esac
done
row_is 0x8080800000800000 "$flags" && row_is 0x0000800000808080 "$rev" &&
	keys M && wait_for "split by memory" &&
	[ "$(grep -acF -- "$flags" "$tmp/screen")" = 2 ] &&
	[ "$(col "$tmp/screen" 1 "$flags")" = "$(col "$tmp/screen" 2 "$flags")" ] &&
	keys M && wait_for "split: each register in its own order" && shows "$rev"
check $? "the flags rows read as their hex, 0x8080800000800000 and 0x0000800000808080; M lines the same bytes up in one column and back"
# x86-64's a - ONES beside ppc64's sum (the AND's first operand in both),
# their bytes not the same: marked <>; x86-64's HIGHS, which ppc64's AND
# has no row for: + (alone, not different); the flags, the same bytes: not
shows "<> a - ONES" "<> sum" " + HIGHS" "<> differ; + no row there;" &&
	[ "$(grep -ac '^   flags' "$tmp/screen")" = 2 ] && ! grep -aq '^<> flags' "$tmp/screen"
check $? "the rows whose bytes differ are marked <>, HIGHS (folded into ppc64's ~data) +, the flags (the same bytes) not"

# 4-5: v closes it and opens it again with the partner; :split x86-32 puts a
# 32-bit word under the 64-bit one, its memory bytes 3..0 under 3..0
keys v && wait_for "split view off" && lacks " ppc64 " && keys v &&
	wait_for " ppc64 " "split: x86-64 above, ppc64 below"
check $? "v closes the split view and opens it again on ppc64"
keys : && wait_re '^:$' && T send-keys -t =t: -l 'split x86-32' && keys Enter &&
	wait_for " x86-32 " "32-bit little-endian" "sub-step 4/16" &&
	keys M && wait_for "split by memory" &&
	mem=$(grep -a '^mem ' "$tmp/screen" | sed -n 2p) &&
	top=$(grep -a '^mem ' "$tmp/screen" | sed -n 1p) &&
	[ "$(echo "$mem" | awk '{ print index($0, "3") }')" = \
	  "$(echo "$top" | awk '{ print index($0, "3") }')" ] &&
	[ "$(echo "$mem" | tr -cd '0-9')" = "3210" ]
check $? ":split x86-32, M: the 32-bit word's memory bytes 3..0 in the 64-bit word's columns for 3..0"
keys : && wait_re '^:$' && T send-keys -t =t: -l 'split ppc65' && keys Enter &&
	wait_for "error: unknown variant 'ppc65' (Tab lists them)" " x86-32 "
check $? ":split with an unknown variant says so and keeps the view"
keys q && wait_for "SPLIT-0"
check $? "q quits with status 0"

# 7-8: --present on a word (once refused: "go with --lesson N or --course"):
# bytes spaced at 100 columns, the memory strip with its characters
run "clear; $BIN --present 'ab\\0cd'; echo PRESENT-\$?"
wait_for "x86-64 64-bit LE present" "|>61 62 00 63 64 00 00 00" \
	"a  b \\0  c  d \\0 \\0 \\0" && keys Down Right Right &&
	wait_for "*10000000 *10000000 *10000000  00000000  00000000 =10000000  00000000  00000000"
check $? "--present 'ab\\0cd': the bytes' characters under the strip, a blank between the bytes of a row"
keys q && wait_for "PRESENT-0"
check $? "--present quits with status 0"

# 9: a lesson: v opens the split view on the scene's word; not while its
# question is open
run "clear; $BIN --lesson 2 --restart; echo LESSON-\$?"
wait_for "scene 1/" && keys v && wait_for " x86-64 " " ppc64 " "split:" &&
	keys v && wait_for "split view off" && keys q && wait_for "LESSON-0"
check $? "--lesson 2: v stacks ppc64 under the scene's x86-64, v again closes it"

# 10b: v in a lesson lasts: the next scene keeps the split (it used to
# close at every scene change)
run "clear; $BIN --lesson 2 --restart; echo KEEP-\$?"
wait_for "scene 1/" && keys v && wait_for " ppc64  64-bit big-endian" &&
	keys ']' && wait_for "scene 2 of " " ppc64  64-bit big-endian" &&
	keys q && wait_for "KEEP-0"
check $? "--lesson 2: v's split view stays on into scene 2"

# 10c: --split with --lesson (once refused; then drawn only once no
# question on the word was to come: after scene 4 of lesson 9): drawn in
# scene 1, which asks nothing, x86-64's has_zero (0x0000000000800000,
# worked out from 'a\x01\0bcdef' little-endian: the NUL at byte 2) not
# shown while scenes 2-3 ask about has_zero; scene 2's question open: the
# scene alone, the message line naming scene 2; s shows the answer and
# the split is drawn; [ back to scene 1: drawn.  At 160x45, where the
# calls after the current one have room (their values drawn where none
# is asked)
T resize-window -t =t: -x 160 -y 45
run "clear; $BIN --lesson 9 --restart --split x86-64; echo LSPLIT-\$?"
wait_for "scene 1 of 4" " x86-64  64-bit little-endian" &&
	lacks "0x0000000000800000" && lacks "appears" && keys ']' &&
	wait_for "scene 2 of 4" "appears once scene 2's question is answered" &&
	lacks " x86-64  64-bit little-endian" && keys s &&
	wait_for " x86-64  64-bit little-endian" "The answer: 1" &&
	keys '[' && wait_for "scene 1 of 4" " x86-64  64-bit little-endian" &&
	keys q && wait_for "LSPLIT-0"
check $? "--lesson 9 --split x86-64 at 160x45: drawn in scene 1, x86-64's has_zero hidden; waits for scene 2's answer there, then shows"
T resize-window -t =t: -x 100 -y 30

# 11: a scene that asks for it ("split: ppc64") opens split, its narration
# above; the next scene, without the key, does not
mkdir -p "$tmp/ls"
printf '%s\n' 'title: Two byte orders' 'summary: x86-64 and ppc64 on one word.' \
	'scene: The same flags' 'word: ab\0cd' 'show: has_zero' 'split: ppc64' \
	'text: The flags sit on the same bytes.' \
	'scene: One again' 'word: ab\0cd' 'show: has_zero' 'text: Only x86-64 now.' \
	>"$tmp/ls/01-split.lesson"
run "clear; $BIN --lessons-dir $tmp/ls --lesson 1 --restart; echo SCENE-\$?"
wait_for '"ab\0cd" on x86-64 and ppc64' "The flags sit on the same bytes." \
	"has_zero() in arch/powerpc/include/asm/word-at-a-time.h" &&
	keys Enter && wait_for "Only x86-64 now." && lacks " ppc64 " &&
	keys q && wait_for "SCENE-0"
check $? "a scene's split: ppc64 opens the split view under its narration; the next scene has none"

# 12: --cast --split: the cast's frames hold both panes
"$BIN" --cast --split ppc64 'ab\0cd' >"$tmp/s.cast" 2>"$tmp/screen" &&
	$CAST output "$tmp/s.cast" >"$tmp/s.out" &&
	grep -qaF "64-bit big-endian" "$tmp/s.out" &&
	grep -qaF "powerpc/include/asm/word-at-a-time.h" "$tmp/s.out"
check $? "--cast --split ppc64: the cast shows the ppc64 pane"

# 13: --html --split ppc64: each function on both, each table in its own
# variant's order (x86-64's columns @7 .. @0, ppc64's @0 .. @7), so both
# flags rows read as their hex; a - ONES (which ppc64 has not) marked <>,
# the flags not
"$BIN" --html --split ppc64 'ab\0cd' >"$tmp/s.html" 2>"$tmp/screen" &&
	python3 - "$tmp/s.html" "$flags" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
want = re.sub("[*= ]", " ", sys.argv[2]).split()
rows = {}
for m in re.finditer(r'<tr class="[^"]*"><th scope="row">(<strong class="differs"[^>]*>&lt;&gt;</strong> )?'
                     r'([^<]*)</th>(.*?)</tr>', page):
    cells = [re.sub("<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", m.group(3))]
    rows.setdefault(m.group(2), []).append((bool(m.group(1)), cells))
flags = [r for r in rows.get("flags", [])]
ok = (len(flags) == 2 and not flags[0][0] and not flags[1][0]
      and flags[0][1][:8] == want and flags[1][1][:8] == want[::-1]
      and [c[8] for d, c in flags] == ["8080800000800000", "0000800000808080"]
      and any(d for d, c in rows.get("a - ONES", []))
      and "<h1>watviz: <code>\"ab\\0cd\"</code> on x86-64 and ppc64</h1>" in page
      and page.count('<p class="count">On ppc64:</p>') == 6)
sys.exit(0 if ok else 1)
PY
check $? "--html --split ppc64: each flags row in its own order, reading as its hex, a - ONES marked <>"

# 14-15: the second variant is drawn on the first one's memory or not at
# all (issue 46): x86-32 under x86-64 at offset 7 would load memory 4..7,
# a word the image has not; once it drew memory 0..3 with the string at 3
run "clear; $BIN --split x86-32 --offset 7 ab; echo REFUSED-\$?"
wait_for "split x86-32: the string starts at 7, past x86-32's first 4-byte word" \
	"REFUSED-2"
check $? "--split x86-32 --offset 7: refused, saying where the string starts and which offsets work"
run "clear; $BIN --offset 3 ab; echo CLOSED-\$?"
wait_for "sub-step 1/" && keys : && wait_re '^:$' &&
	T send-keys -t =t: -l 'split x86-32' && keys Enter && wait_for "32-bit little-endian" &&
	keys : && wait_re '^:$' && T send-keys -t =t: -l 'offset 7' && keys Enter &&
	wait_for "split view with x86-32 closed: the string starts at 7" &&
	lacks "32-bit little-endian" &&
	keys q && wait_for "CLOSED-0"
check $? ":offset 7 under a split with x86-32 closes it and says why"

# 18: the teacher's split through a lesson's scenes (trial2 1a, 1b):
# lesson 15's scene 2 starts "ab" at 5, past x86-32's 4-byte word; it is
# drawn alone and the message line says why, as a link's split= does; v
# there says it again (it once opened ppc64); scene 1 draws it again
run "clear; $BIN --lesson 15 --restart --split x86-32; echo L15-\$?"
wait_for "scene 1/4" " x86-32  32-bit little-endian" && keys ']' &&
	wait_for "scene 2/4" "split x86-32: the string starts at 5, past x86-32's first" &&
	lacks " x86-32  32-bit little-endian" && keys Right &&
	wait_for "sub-step 2/" && lacks "split x86-32: the string" && keys v &&
	wait_for "split x86-32: the string starts at 5, past x86-32's first" &&
	lacks "64-bit big-endian" && lacks " x86-32  32-bit little-endian" &&
	keys '[' && wait_for "scene 1/4" " x86-32  32-bit little-endian" &&
	keys q && wait_for "L15-0"
check $? "--lesson 15 --split x86-32: scene 2 (offset 5) drawn alone, saying why, v too; scene 1 split"

[ $n -eq $PLAN ] || echo "# ran $n of $PLAN"
