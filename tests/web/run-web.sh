#!/bin/sh
# The web page (make web).  Prints TAP.
#   sh tests/web/run-web.sh BUILD
# 1. The key codes the page sends (src/front/web/core.js) are app/keys.h's.
# 2. One program, two builds: a corpus of scenarios (every variant, four
#    words, two offsets, every function, compare and help; every lesson's
#    scenes and questions, --present's layout; byte and bit edits, undo and
#    redo, the word line, ':' commands with Tab, :try; sizes; hostile
#    fragments) run on the native build (tests/web/driver.c) and on the
#    module under node (tests/web/frames.js): the frames must be equal cell
#    for cell, characters, roles and marks; what the native frames say is
#    checked below.  And links (tests/web/links.js):
#    the link of each of 80 states reopens exactly that screen.  And the
#    module's stack (tests/web/stack.js): placed first in memory, and over
#    half of it left after every lesson's scenes are opened and stepped.
# 3. The page in headless Chromium (tests/web/page.js): load, type a word,
#    step, a lesson's question answered wrong and right, a byte edited, a
#    link opened, a resize, a hostile link; the accessibility check; the
#    benchmark (not timed: its figures go to BUILD/web/bench.txt).
# make check drives the native twin alone (tests/web/driver.c: the page's
# C, src/front/web/web.c on the native build's objects): every scenario
# run to its end, and the checks below that read its frames; make
# check-full (CI) builds the module too (make web: clang's wasm32 target,
# about 16 s of CPU, most of this layer's cost with node's runs) and adds
# the module's frames against the native ones, the links, the stack and
# the page in Chromium.  The module's parts skip, saying why, without
# clang's wasm32 target and node (and the browser part without chromium
# or the npm test tools, which tools/deps.sh installs where
# tests/web/modules.sh says).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
DIR=$(dirname "$0")
ROOT=$(cd "$DIR/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$DIR/../lib/tap.sh"

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

full=${WATVIZ_CHECK_FULL:-}
# the module: make check-full's, where its tools are ("" and why not)
module=1 nomodule=
if [ -z "$full" ]; then
	module= nomodule="make check-full's (CI's): the wasm32 module"
elif ! command -v clang >/dev/null 2>&1; then
	skip_all "no clang (tools/deps.sh installs it)"
elif [ ! -f /usr/include/wasm32-wasi/stdio.h ]; then
	skip_all "no wasi-libc (apt-get install wasi-libc)"
elif [ ! -f "$(clang --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" ]; then
	skip_all "no wasm32 runtime for clang (libclang-rt-N-dev-wasm32)"
elif ! command -v wasm-ld >/dev/null 2>&1; then
	skip_all "no wasm-ld (apt-get install lld)"
elif ! command -v node >/dev/null 2>&1; then
	skip_all "no node (apt-get install nodejs)"
fi

# the native twin is linked with BUILD's objects, so it is built as they
# were: under the sanitizers in make asan's build; a coverage build skips
san=
if [ -n "${WATVIZ_SANITIZED:-}" ]; then
	case $(basename "$BUILD") in
	build-asan) san="SAN=1" ;;
	*) skip_all "a coverage or sanitizer build other than make asan's" ;;
	esac
fi
if ! make -C "$ROOT" --no-print-directory BUILD="$BUILD" $san ${san:+CFLAGS=-O1} \
	${module:+web} "$BUILD/web/driver" "$BUILD/watviz" >"$tmp/make.log" 2>&1; then
	echo "1..1"
	echo "not ok 1 - make ${module:+web }$BUILD/web/driver"
	sed 's/^/# /' "$tmp/make.log" | tail -n 30
	exit 1
fi
case $BUILD in /*) B=$BUILD ;; *) B=$ROOT/$BUILD ;; esac
WASM=$B/web/watviz.wasm
PAGE=$B/web/watviz.html
DRIVER=$B/web/driver

if [ -n "$module" ]; then
	bytes=$(wc -c <"$PAGE")
	[ "$bytes" -lt 1572864 ] && ! grep -q 'src="http\|href="http\|url(http' "$PAGE"
	ok $? "make web wrote one page of $bytes bytes (under 1.5 MB) naming no network address"
else
	ok 0 "make web's page # SKIP $nomodule"
fi

# ---- 1. key codes ------------------------------------------------------------
# the page's key table (src/front/web/core.js) against the C enum (app/keys.h)
{
	echo '#include <stdio.h>'
	echo '#include "app/keys.h"'
	echo 'int main(void) {'
	for pair in ArrowDown:DOWN ArrowUp:UP ArrowLeft:LEFT ArrowRight:RIGHT Home:HOME \
		End:END PageUp:PGUP PageDown:PGDN Delete:DEL Backspace:BKSP F1:F1; do
		printf '\tprintf("%%s %%d\\n", "%s", WV_KEY_%s);\n' "${pair%%:*}" "${pair#*:}"
	done
	echo '	return 0; }'
} >"$tmp/keys.c"
if ! command -v node >/dev/null 2>&1; then
	ok 0 "the key codes of src/front/web/core.js # SKIP no node (apt-get install nodejs)"
elif cc -I"$ROOT/include" -I"$ROOT/src" -o "$tmp/keys" "$tmp/keys.c" 2>"$tmp/keys.err" &&
	"$tmp/keys" >"$tmp/keys.want" &&
	node -e 'const k = require(process.argv[1]).WATVIZ_KEYS;
		const bad = require("fs").readFileSync(process.argv[2], "utf8").trim()
			.split("\n").map((l) => l.split(" "))
			.filter(([n, v]) => k[n] !== Number(v))
			.map(([n, v]) => n + " is " + k[n] + " in core.js, " + v + " in keys.h");
		if (bad.length) { console.log(bad.join("\n")); process.exit(1); }' \
		"$ROOT/src/front/web/core.js" "$tmp/keys.want" >"$tmp/keys.out" 2>&1; then
	ok 0 "the $(wc -l <"$tmp/keys.want") key codes of src/front/web/core.js are app/keys.h's"
else
	ok 1 "the key codes of src/front/web/core.js are app/keys.h's"
	sed 's/^/# /' "$tmp/keys.err" "$tmp/keys.out"
fi

# ---- 2. frames: native and module --------------------------------------------
# make check-full (CI) runs every variant's and every lesson's scenario; make
# check a slice: one variant of each width and byte order and the one with
# its own find_zero instruction (alpha), and four lessons, the first
# questions, the borrow, the 64-bit big-endian ones and the last
sc=$tmp/scenarios
mkdir "$sc"
arches=$("$B/watviz" --list-arch | awk '{ print $1 }')
[ "$(echo $arches | wc -w)" -ge 16 ]
ok $? "the variants are all $(echo $arches | wc -w) (watviz --list-arch)"
lessons=$(ls "$ROOT"/lessons/[0-9]*.lesson)
if [ -z "$full" ]; then
	arches="x86-64 x86-32 ppc64 ppc32 alpha"
	lessons=$(ls "$ROOT"/lessons/03-*.lesson "$ROOT"/lessons/07-*.lesson \
		"$ROOT"/lessons/13-*.lesson "$ROOT"/lessons/16-*.lesson)
	echo "# make check: the scenarios of $(echo $arches | wc -w) variants and 4 lessons (make check-full: all)"
fi
# words as link fields: ab\0cd, a string longer than a word, a 0x01 before
# a 0x80 (false positives), the empty string
words='ab%5C0cd hello%2C%20word-at-a-time%20world x%5Cx01%5Cx80%5Cxffz %00'
for a in $arches; do
	f=$sc/variant-$a
	echo "size 24 80" >"$f"
	for w in $words; do
		[ "$w" = %00 ] && w=
		for o in 0 3; do
			echo "open word=$w&arch=$a&offset=$o"
			echo "frame"
			for i in 1 2 3 4 5 6; do
				echo "key Down"
				echo "frame"
				echo "said"
			done
			echo "key g Right Right"
			echo "frame"
			echo "key G"
			echo "frame"
			echo "key c"
			echo "frame"
			echo "key Esc ?"
			echo "frame"
			echo "link"
		done
	done >>"$f"
done
for l in $lessons; do
	num=$(basename "$l" | sed 's/^0*\([0-9][0-9]*\)-.*/\1/')
	f=$sc/lesson-$num
	{
		echo "size 24 80"
		echo "open lesson=$num"
		echo "frame"
		# every scene: Enter asks its question (the answer line), a
		# wrong answer, then s shows it worked out; Enter goes on
		i=0
		while [ $i -lt 30 ]; do
			echo "said"
			echo "key Enter"
			echo "frame"
			echo "said"
			echo "type 7"
			echo "key Enter"
			echo "frame"
			echo "key s"
			echo "frame"
			echo "key Enter"
			echo "link"
			i=$((i + 1))
		done
		echo "open lesson=$num&scene=2&present=1"
		echo "size 30 100"
		echo "frame"
		echo "key Right Right ]"
		echo "frame"
	} >"$f"
done
cat >"$sc/edits" <<'EOF'
size 24 80
open word=ab%5C0cd&arch=ppc64
key m
frame
type 41
frame
key Right
type 01
frame
key l l +
frame
key x i
frame
key u u
frame
key C-r
frame
key Tab
frame
key Left Left x
frame
key Esc Tab Tab
frame
click 2 12
frame
click 3 20
frame
# the word line: e, its text edited, Enter
key e
frame
key BkSp BkSp Home Del
type Z
key End
type \x01\x80!
frame
key Enter
frame
# a bad escape: the caret error
key e
type \q
key Enter
frame
link
EOF
cat >"$sc/commands" <<'EOF'
size 24 80
open
type :ar
key Tab
frame
type  pp
key Tab
frame
key Esc
frame
type :arch alpha
key Enter
frame
type :offset 2
key Enter
frame
type :fill 0x01
key Enter
frame
type :delim /
key Enter
frame
type :nonsense
key Enter
frame
type :aébж
key Left BkSp
frame
key Enter
frame
type :json /tmp/watviz-web-test.json
key Enter
frame
type :try (x - 0x0101010101010101) & ~x & 0x8080808080808080
key Enter
frame
key Right Right
frame
key Esc
frame
type :try (x - 0x0101010101010101) & 0x8080808080808080
key Enter
frame
key Right
frame
type :compare
key Enter
frame
link
EOF
# moving between lessons in the page, through src/app/classroom.c as in
# the terminal: :lesson N and NAME (Tab completes it), :next, :prev, the
# end screen's n and Enter, the last lesson's end, a lesson that is not
# there, :lesson typed in the free view; each with its link
cat >"$sc/lesson-moves" <<'EOF'
size 24 80
open lesson=3&scene=2
type :lesson 5
key Enter
frame
link
type :next
key Enter
frame
link
type :prev
key Enter
type :prev
key Enter
frame
link
type :lesson nosuch
key Enter
frame
link
type :lesson 6
key Enter
type :scene 5
key Enter
key ]
frame
link
key n
frame
link
type :scene 4
key Enter
key ]
key Enter
frame
link
type :lesson 16
key Enter
type :next
key Enter
frame
type :scene 4
key Enter
key ]
key n
frame
link
open word=ab&arch=ppc64
type :lesson zero-
key Tab
frame
key Enter
frame
link
said
EOF
# :try on a 32-bit variant: all 2^32 words, proved off the page's main
# thread (a worker in the page; "prove" runs the job here, as it would):
# the page takes keys while it runs, Esc and Ctrl-C stop it, a new :try
# replaces one that runs, a verdict comes back
cat >"$sc/try32" <<'EOF'
size 24 80
open arch=x86-32
type :try (a - ONES) & ~a & 0x80
key Enter
frame
key Right
frame
said
prove
frame
said
key Esc
type :try (a - ONES) & ~a & HIGHS
key Enter
frame
key ?
frame
key Esc
frame
said
prove
type :try a & HIGHS
key Enter
type :try (a - ONES) & ~a & 0x8080
key Enter
prove
frame
said
open arch=ppc32
type :try (a - ONES) & ~a & 0x80
key Enter
key C-c
frame
said
prove
EOF
cat >"$sc/sizes" <<'EOF'
open word=hello%5C0world&step=create_zero_mask:1
size 30 120
frame
size 50 200
frame
size 23 80
frame
size 24 79
frame
size 10 20
frame
size 40 90
key r
tick 3
frame
key r
open lesson=3&scene=2
size 40 100
frame
EOF
cat >"$sc/fragments" <<'EOF'
size 24 80
open word=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&arch=%3Cscript%3Ealert(1)%3C%2Fscript%3E
frame
link
open word=a&offset=99&fill=zz&delim=%00&step=nope:9&view=%22%3E%3Csvg&lesson=0&x%3Cb%3E=1
frame
link
open %%%&&==&word=%ZZ&=&step=
frame
link
open word=%5Cx41%5Cx00%5Cxff&arch=ppc&offset=2&fill=0xff&delim=%2F&step=find_zero:1&view=compare
frame
link
open lesson=has-zero&scene=999
frame
link
open word=ab%5C0cd&page=8
frame
link
open lesson=3&scene=2&step=has_zero:99
frame
link
open lesson=3&scene=end&step=load
frame
link
open lesson=3&scene=2&step=has_zero%3A3
frame
link
open word=hello%5C0world&arch=ppc64&split=x86-64&step=has_zero:2
frame
link
open word=ab&split=nope
frame
link
open word=ab&offset=7&split=x86-32
frame
link
open word=ab&step=%C3%A9t%C3%A9%CE%BB%D0%B6%20Les%20octets%20%C3%A9t%C3%A9s%20%CE%BB%CE%AD%CE%BE%CE%B7%20%D1%81%D0%BB%D0%BE%D0%B2%D0%BE%20%C3%A0%20la%20fin
frame
link
open lesson=3&scene=2&split=ppc64
frame
link
open word=hello%5C0world&arch=ppc64&split=x86-64&layout=memory
frame
key Right
key Left
frame
link
key M
link
open word=ab&layout=memory
frame
link
open word=ab&split=ppc64&layout=mine
frame
open word=ab&page=12
frame
link
said
open word=ab&page=12&split=x86-32
frame
link
open word=abcdefgh&arch=x86-32&page=8
frame
said
open word=ab&step=nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn
said
size 36 120
open lesson=9&scene=1&split=x86-64
frame
link
open lesson=15&split=x86-32
link
type ]
frame
link
type ]
link
type [
type [
link
EOF
# the module's side in one node for every scenario (node's start and the
# module's compilation once, not once a scenario: most of this part's CPU),
# each scenario on an instance of its own; make check: the native twin's
# frames alone, each scenario run to its end
mod=$tmp/module
mkdir "$mod"
[ -n "$module" ] && node "$DIR/frames.js" "$WASM" "$mod" "$sc"/* >"$mod/node.out" 2>&1
brc=$?
for s in "$sc"/*; do
	name=$(basename "$s")
	"$DRIVER" <"$s" >"$tmp/native" 2>"$tmp/native.err"
	nrc=$?
	if [ -z "$module" ]; then
		frames=$(grep -c '^frame ' "$tmp/native")
		[ $nrc -eq 0 ] && [ "$frames" -gt 0 ] && [ ! -s "$tmp/native.err" ]
		r=$?
		ok $r "$name: the native twin draws its $frames frames to the end (the module's, equal cell for cell: $nomodule)"
		[ $r -eq 0 ] || { echo "# exit $nrc"; head -n 5 "$tmp/native.err" | sed 's/^/# /'; }
		continue
	fi
	mrc=$(cat "$mod/$name.rc" 2>/dev/null || echo "$brc (node)")
	frames=$(grep -c '^frame ' "$tmp/native")
	if [ $nrc -eq 0 ] && [ "$mrc" = 0 ] && [ "$frames" -gt 0 ] &&
		cmp -s "$tmp/native" "$mod/$name"; then
		ok 0 "$name: $frames frames, native and module equal cell for cell"
	else
		ok 1 "$name: native and module frames equal (exit $nrc, $mrc; $frames frames)"
		cat "$tmp/native.err" "$mod/$name.err" "$mod/node.out" 2>/dev/null |
			head -n 5 | sed 's/^/# /'
		diff "$tmp/native" "$mod/$name" 2>&1 | head -n 12 | sed 's/^/# /'
	fi
done

# characters beyond ASCII typed at a line (as the terminal's readline
# takes them): the session's editor keeps them, and BkSp takes a whole one
"$DRIVER" <"$sc/commands" >"$tmp/typed" 2>&1
grep -aq "^t|:aéж " "$tmp/typed" && grep -aq "^t|.*unknown command 'aéж'" "$tmp/typed"
ok $? "a line typed with U+00E9 and U+0436 keeps them; BkSp erases the b between them whole"

# the first screen: the page's as `watviz 'ab\0cd'` draws it in a terminal
if command -v tmux >/dev/null 2>&1; then
	SOCK=watviz-web-$$
	TIMEOUT=20
	. "$DIR/../lib/tmux.sh"
	T new-session -d -s t -x 80 -y 24 "env -i HOME=$tmp TERM=screen-256color \
		LANG=C.UTF-8 PATH=/usr/bin:/bin ASAN_OPTIONS=${ASAN_OPTIONS:-} \
		$B/watviz 'ab\\0cd'; sleep 30"
	watch_output
	wait_for "sub-step 1/" "Right/Left step through" >/dev/null
	sed 's/ *$//' "$tmp/screen" >"$tmp/term.txt"
	T send-keys -t "$(tgt)" q
	T kill-server 2>/dev/null
	printf 'size 24 80\nopen\nframe\n' | "$DRIVER" | sed -n 's/^t|//p' |
		tr '\037' '>' | sed 's/ *$//' >"$tmp/page.txt"
	if cmp -s "$tmp/term.txt" "$tmp/page.txt"; then
		ok 0 "the page's first screen is watviz 'ab\\0cd''s in an 80x24 terminal, character for character"
	else
		ok 1 "the page's first screen is watviz 'ab\\0cd''s in an 80x24 terminal"
		diff "$tmp/term.txt" "$tmp/page.txt" | head -n 10 | sed 's/^/# /'
	fi
else
	ok 0 "the first screen against the terminal's # SKIP no tmux"
fi

# links: each state's link reopens its screen and gives itself back
if [ -z "$module" ]; then
	ok 0 "the links of 100 states reopening their screens # SKIP $nomodule"
else
node "$DIR/links.js" "$WASM" >"$tmp/links.tap" 2>&1
while IFS= read -r line; do
	case $line in
	"ok - "*) ok 0 "link: ${line#ok - }" ;;
	"not ok - "*) ok 1 "link: ${line#not ok - }" ;;
	*) echo "$line" ;;
	esac
done <"$tmp/links.tap"
fi

# the module's stack: first in memory, and opening every lesson's scenes
# leaves over half of it (tests/web/stack.js paints it and looks)
if [ -z "$module" ]; then
	ok 0 "the module's stack # SKIP $nomodule"
else
node "$DIR/stack.js" "$WASM" >"$tmp/stack.tap" 2>&1
while IFS= read -r line; do
	case $line in
	"ok - "*) ok 0 "stack: ${line#ok - }" ;;
	"not ok - "*) ok 1 "stack: ${line#not ok - }" ;;
	*) echo "# $line" ;;
	esac
done <"$tmp/stack.tap"
fi

# --html --web-url: each sub-step's link opens that sub-step in the page
for a in x86-64 ppc32 alpha; do
	"$B/watviz" --html --arch "$a" --offset 1 --web-url watviz.html 'hello\0world' \
		>"$tmp/trace.html" 2>"$tmp/trace.err"
	nsub=$(sed -n 's/.*sub-step [0-9]* of \([0-9]*\).*/\1/p' "$tmp/trace.html" | head -n 1)
	sed -n 's/.*<a href="watviz\.html#\([^"]*\)">Open this sub-step.*/\1/p' \
		"$tmp/trace.html" | sed 's/&amp;/\&/g' >"$tmp/frags"
	{ echo "size 24 80"; sed 's/^/open /; s/$/\nframe\nlink/' "$tmp/frags"; } |
		"$DRIVER" >"$tmp/opened"
	sed -n 's/^t|.*sub-step \([0-9]*\)\/[0-9]*.*/\1/p' "$tmp/opened" | tr '\n' ' ' >"$tmp/got"
	seq 1 "${nsub:-0}" | tr '\n' ' ' >"$tmp/want"
	sed -n 's/^link|//p' "$tmp/opened" >"$tmp/back"
	[ -n "$nsub" ] && [ "$(wc -l <"$tmp/frags")" -eq "$nsub" ] &&
		cmp -s "$tmp/got" "$tmp/want" && cmp -s "$tmp/frags" "$tmp/back"
	ok $? "--html --web-url on $a: its $nsub sub-steps' links open sub-steps 1 to $nsub, each link its own"
done
# --html --lesson N --web-url: each scene's heading links to that scene in
# the page, on the handout's --arch where the lesson allows it (its
# arches: line; "any" or none: every variant); expected from the lesson
# files
lfile() { echo "$ROOT"/lessons/"$(printf %02d "$1")"-*.lesson; }
for spec in "3 ppc64" "9 ppc32" "16 arm64" "7 -"; do
	set -- $spec
	num=$1 arch=$2
	f=$(lfile "$num")
	nsc=$(grep -c "^scene:" $f)
	if [ "$arch" = - ]; then
		"$B/watviz" --html --lesson "$num" --web-url watviz.html >"$tmp/handout.html"
		arg=
	else
		"$B/watviz" --html --lesson "$num" --arch "$arch" --web-url watviz.html \
			>"$tmp/handout.html"
		allowed=$(sed -n 's/^arches: *//p' $f)
		[ "${allowed:-any}" = any ] && allowed=$arch
		case " $allowed " in
		*" $arch "*) arg="&arch=$arch" ;;
		*) arg= ;;
		esac
	fi
	[ "$num" = 3 ] && cp "$tmp/handout.html" "$B/web/handout-3.html"
	sed -n 's/.*<a href="watviz\.html#\([^"]*\)">Open this scene in the web page.*/\1/p' \
		"$tmp/handout.html" | sed 's/&amp;/\&/g' >"$tmp/frags"
	k=1
	: >"$tmp/want"
	while [ $k -le "$nsc" ]; do
		echo "lesson=$num&scene=$k$arg" >>"$tmp/want"
		k=$((k + 1))
	done
	{ echo "size 24 80"; sed 's/^/open /; s/$/\nframe\nlink/' "$tmp/frags"; } |
		"$DRIVER" >"$tmp/opened"
	sed -n "s/^t| Lesson $num: .* scene \([0-9]*\) of $nsc *$/\1/p" "$tmp/opened" |
		tr '\n' ' ' >"$tmp/got"
	seq 1 "$nsc" | tr '\n' ' ' >"$tmp/seq"
	sed -n 's/^link|//p' "$tmp/opened" >"$tmp/back"
	cmp -s "$tmp/frags" "$tmp/want" && cmp -s "$tmp/got" "$tmp/seq" &&
		cmp -s "$tmp/frags" "$tmp/back"
	ok $? "--html --lesson $num${arg:+ --arch $arch} --web-url: its $nsc scenes link to scenes 1 to $nsc of lesson $num$arg in the page, each link its own"
done
# every handout of the course: each scene link opens in the page with no
# field refused and gives itself back
"$B/watviz" --html --course --web-url https://example.org/w/watviz.html >"$tmp/course.html"
sed -n 's/.*<a href="https:\/\/example\.org\/w\/watviz\.html#\([^"]*\)">Open this scene.*/\1/p' \
	"$tmp/course.html" | sed 's/&amp;/\&/g' >"$tmp/frags"
for f in "$ROOT"/lessons/[0-9]*.lesson; do
	num=$(basename "$f" | sed 's/^0*\([0-9][0-9]*\)-.*/\1/')
	seq 1 "$(grep -c '^scene:' "$f")" | sed "s/^/lesson=$num\&scene=/"
done >"$tmp/want"
total=$(wc -l <"$tmp/want")
{ echo "size 24 80"; sed 's/^/open /; s/$/\nlink\nsaid/' "$tmp/frags"; } | "$DRIVER" >"$tmp/opened"
sed -n 's/^link|//p' "$tmp/opened" >"$tmp/back"
cmp -s "$tmp/frags" "$tmp/want" && cmp -s "$tmp/frags" "$tmp/back" &&
	! grep -q "^said|.*link field" "$tmp/opened"
ok $? "--html --course --web-url: all $total scenes' links parse in the page and open their scenes"
for bad in 'javascript:alert(1)' 'a b' 'x.html#frag' 'a"onclick=1'; do
	"$B/watviz" --html --web-url "$bad" ab >/dev/null 2>"$tmp/bad.err"
	[ $? -eq 2 ] && grep -q -- '--web-url' "$tmp/bad.err"
	ok $? "--web-url refuses $bad with a usage error"
done
"$B/watviz" --plain --web-url x.html ab >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--web-url without --html is a usage error"

# what the scenarios must have shown, on the native side (the module's is
# the same by the checks above): a link that was refused is named, its
# markup only text
"$DRIVER" <"$sc/fragments" >"$tmp/frag.out"
grep -q "t|.*link field 'arch': no variant" "$tmp/frag.out" &&
	grep -q "t|.*link field 'scene': lesson 3 has scenes 1 to 6" "$tmp/frag.out"
ok $? "a link's bad variant and a scene past the end are named on the message line"
# lesson 3 scene 2 is "ab\0cd" on x86-64 (lessons/03-has-zero.lesson)
"$B/watviz" --list-steps 'ab\0cd' >"$tmp/steps"
at=$(awk '$1 == "has_zero:3" { print NR }' "$tmp/steps")
all=$(wc -l <"$tmp/steps")
grep -q "t|.*link field 'step': lesson 3 scene 2: has_zero has 5 sub-steps" "$tmp/frag.out" &&
	grep -q "t|.*link field 'step': the end of lesson 3 has no steps" "$tmp/frag.out" &&
	grep -q '^link|lesson=3&scene=2&step=has_zero%3A3$' "$tmp/frag.out" &&
	grep -q 't| Lesson 3:.*scene 2 of 6' "$tmp/frag.out" &&
	grep -q "t|.*sub-step $at/$all" "$tmp/frag.out"
ok $? "a lesson link's step opens the scene there (has_zero:3 is sub-step $at of $all), one the scene has not is named"
grep -q '^link|word=hello%5C0world&arch=ppc64&step=has_zero%3A2&split=x86-64$' "$tmp/frag.out" &&
	grep -q "t|.*link field 'split': no variant of that name" "$tmp/frag.out" &&
	grep -q "t|.*The split view with ppc64 appears once scene 2's question" "$tmp/frag.out" &&
	grep -q '^link|lesson=3&scene=2&split=ppc64$' "$tmp/frag.out" &&
	grep -q "t|.*link field 'split': split x86-32: the string starts at 7, past x86-32's" "$tmp/frag.out"
ok $? "a link's split=NAME opens the split view and is written back; over an open question it waits, as --split and v, and says so; a bad name and one past its first word (issue 46) are named"
# teach47 finding 1: lesson 9's scene 1 asks nothing, its word asked
# about by scenes 2-4: the link's split is drawn there at once (it waited
# for scene 4's answer), and the message line says nothing of waiting, as
# the terminal's --lesson 9 --split x86-64 (tests/tui/run-split.sh 10c)
awk '/^link\|lesson=9&scene=1&split=x86-64$/ { exit } /^frame / { f = "" } { f = f $0 "\n" }
	END { printf "%s", f }' "$tmp/frag.out" >"$tmp/l9"
grep -q '^link|lesson=9&scene=1&split=x86-64$' "$tmp/frag.out" &&
	grep -q "t|.* x86-64  64-bit little-endian" "$tmp/l9" &&
	grep -q "t|.*scene 1 of 4" "$tmp/l9" && ! grep -q "appears" "$tmp/l9"
ok $? "#lesson=9&scene=1&split=x86-64: the split drawn in scene 1, no message of it waiting"
# trial2 1c: the teacher's split lasts through the scenes in the link:
# ] from scene 1 to lesson 15's scene 2 (offset 5, past x86-32's word)
# keeps split= (the frame saying why it is not drawn), and scene 1 draws it
awk '/^link\|lesson=15&scene=2/ { exit } /^frame / { f = "" } { f = f $0 "\n" }
	END { printf "%s", f }' "$tmp/frag.out" >"$tmp/l15"
awk '/^link\|lesson=15&/ { print }' "$tmp/frag.out" >"$tmp/l15links"
printf '%s\n' 'link|lesson=15&scene=1&split=x86-32' 'link|lesson=15&scene=2&split=x86-32' \
	'link|lesson=15&scene=3&split=x86-32' 'link|lesson=15&scene=1&split=x86-32' |
	cmp -s - "$tmp/l15links" &&
	grep -q "t|.*split x86-32: the string starts at 5, past x86-32's" "$tmp/l15" &&
	! grep -q "t|.* x86-32  32-bit little-endian" "$tmp/l15"
ok $? "#lesson=15&split=x86-32: ] keeps split= where the scene cannot show it, saying why there; [ back draws it"

# the split view's layout (M, :set split memory|own) in the link: taken,
# drawn (the legend says how the columns read: at 80x24 on the message
# row, once a key has taken the opening message away), written back while
# it holds and dropped once M turns it back; without a split, or misspelt,
# named
grep -q '^link|word=hello%5C0world&arch=ppc64&step=load%3A1&split=x86-64&layout=memory$' "$tmp/frag.out" &&
	grep -q '^link|word=hello%5C0world&arch=ppc64&step=load%3A1&split=x86-64$' "$tmp/frag.out" &&
	grep -q "t|a memory byte sits in one column above and below (M: each in its own order)" "$tmp/frag.out" &&
	grep -q "t|.*link field 'layout': the split view's; add split=NAME" "$tmp/frag.out" &&
	grep -q "t|.*link field 'layout': the split view's layout: memory or own" "$tmp/frag.out"
ok $? "a link's layout=memory lays the split view out by memory and is written back while it holds; without split= or misspelt it is named"

# a page edge the variant cannot use is named as --page-end names it, the
# same words (trace/word.c), never dropped without a word (issue 47): 12 is
# off x86-64's 8-byte grid, alone or with a split; 8 is where "abcdefgh"'s
# NUL is on x86-32
grep -q "^said|.*link field 'page': page=12: a page starts on a word boundary, so it must be a multiple of 8 (x86-64 words are 8 bytes); try page=16$" "$tmp/frag.out" &&
	[ "$(grep -c "^t|error: link field 'page': page=12: a page starts" "$tmp/frag.out")" = 2 ] &&
	grep -q '^link|word=ab&arch=x86-64&step=load%3A1&split=x86-32$' "$tmp/frag.out" &&
	grep -q "^said|.*link field 'page': page=8: the string (offset 0, 8 bytes) and its NUL end at memory 8, so the page edge must come after them; try page=12$" "$tmp/frag.out"
ok $? "a link's page= off the variant's word grid, or at the string, is named with the edge to use, as --page-end is"
# a link's message whole, past the 180 bytes it was cut at (issue 47):
# the step named (63 bytes kept of it), every step, and the hint
n63=$(printf '%063d' 0 | tr 0 n)
grep -q "^said|.* link field 'step': no step '$n63' in this trace; the steps are load, has_zero, prep_zero_mask, create_zero_mask, find_zero, zero_bytemask$" "$tmp/frag.out"
ok $? "a link's long message is said whole"
# a link's step is named as the link writes it, never as --step or
# :step, nor with --list-steps, which a page has not
! grep -q -- "--step\|--list-steps\|:step " "$tmp/frag.out" &&
	grep -q "^said|.*link field 'step': no step '$n63' in this trace" "$tmp/frag.out" &&
	grep -q "^t|error: link field 'step': lesson 3 scene 2: has_zero has 5 sub-steps, 1 to 5; " "$tmp/frag.out"
ok $? "a link's bad step is named as step=, its example as the link writes it"

grep -q 't|.*"<img src=x onerror=alert(1)>"' "$tmp/frag.out"
ok $? "a hostile link's word is shown as the characters it holds"
# trial2 finding 8: a field given twice is named (it was taken, the last
# winning), as the command line names an option given twice; a field not
# key=value is named as written with the form, a bad escape by itself, a
# fill of two NUL bytes as two bytes (it was "not key=value with %XX escapes")
printf '%s\n' 'size 24 80' 'open word=ab&word=cd' said 'open arch=ppc64&arch=x86-32' said \
	'open word=ab&offset' said 'open javascript:alert(1)' said 'open word=ab&%zz=1' said \
	'open word=ab&fill=%00%00' said | "$DRIVER" >"$tmp/fields.out"
grep -q "^said|.* link field 'word' given twice (word=ab, then word=cd); keep one$" "$tmp/fields.out" &&
	grep -q "^said|.* link field 'arch' given twice (arch=ppc64, then arch=x86-32); keep one$" "$tmp/fields.out" &&
	grep -q "^said|.* link field 'offset': not key=value (a link's fields are key=value joined by &, as word=ab&arch=ppc64)$" "$tmp/fields.out" &&
	grep -q "^said|.* link field 'javascript:alert(1)': not key=value " "$tmp/fields.out" &&
	grep -q "^said|.* link field '%zz=1': '%zz' is not a %XX escape (% and two hex digits; %25 writes a %)$" "$tmp/fields.out" &&
	grep -q "^said|.* link field 'fill': the fill is one byte, not 2: a number (47, 0x2f) or one character$" "$tmp/fields.out" &&
	! grep -q "'?'" "$tmp/fields.out"
ok $? "a link field given twice is named; one not key=value is named as written with the form, a bad escape and a two-byte fill by what they are"
# trial2 finding 9: a refused answer comes back whole on the answer line
# (it was cut to 47 bytes, Greek inside a letter), quoted 40 bytes and the
# mark; a line typed full says so (a key was dropped with a bell alone)
e50=$(printf '%050d' 0 | tr 0 8)
alpha=$(printf '\316\261')
g30=$(printf '%030d' 0 | sed "s/0/$alpha/g")
g20=$(printf '%020d' 0 | sed "s/0/$alpha/g")
l6k=$(printf '%06000d' 0 | tr 0 8)
{ printf '%s\n' 'size 30 100' 'open lesson=3&scene=2' 'key Enter' "type 0x${e50}zz" 'key Enter' \
	frame said 'key Esc' 'key Enter' "type $g30" 'key Enter' frame 'key Esc' 'key Enter' \
	"type $l6k" "type $l6k" "type $l6k" said; } | "$DRIVER" >"$tmp/kept.out"
q40=0x$(printf '%038d' 0 | tr 0 8)
grep -aq "^t|answer (hex): 0x${e50}zz *$" "$tmp/kept.out" &&
	grep -aq "^said|.* '$q40…' cannot be read: too wide" "$tmp/kept.out" &&
	grep -aq "^t|answer (hex): $g30 *$" "$tmp/kept.out" &&
	grep -aq "^t|? '$g20…' cannot be read: U+03B1" "$tmp/kept.out" &&
	grep -aq "^said|.*the line is full: it holds 16399 bytes at most$" "$tmp/kept.out"
ok $? "a refused answer comes back whole on the answer line, its quote cut between letters with the mark; a full line says so"
# a cell holds a character: a link field in UTF-8 (French, Greek,
# Russian) is named as written, a letter a column, and the message line
# is cut by columns at the edge with the cut mark (the module's frames are
# the same, cell for cell, by the checks above)
python3 - "$tmp/frag.out" <<'PY'
import sys
rows = [l[2:].rstrip("\n") for l in open(sys.argv[1], encoding="utf-8") if l.startswith("t|")]
v = "\u00e9t\u00e9\u03bb\u0436 Les octets \u00e9t\u00e9s \u03bb\u03ad\u03be\u03b7 \u0441\u043b\u043e\u0432\u043e \u00e0 la fin"
said = "error: link field 'step': no step '" + v + "' in this trace"
# the mark in column 79: the corner, which a terminal cannot write, blank
sys.exit(0 if said[:78] + "\u2026 " in rows else 1)
PY
ok $? "a link field in UTF-8 is named letter for letter, a column each, cut before the corner with the mark"
"$DRIVER" <"$sc/lesson-3" >"$tmp/l3.out"
# (Enter on a lesson's end screen opens the next lesson, as in the terminal)
[ "$(grep -c '^link|lesson=[0-9]*&scene=\([0-9]*\|end\)$' "$tmp/l3.out")" -eq 30 ] &&
	[ "$(grep '^link|' "$tmp/l3.out" | sort -u | wc -l)" -ge 3 ] &&
	[ "$(grep '^link|' "$tmp/l3.out" | sed -n '/lesson=3&scene=end/{n;p;}')" = "link|lesson=4&scene=2" ]
ok $? "lesson 3's links name the scene they are at, its end screen's Enter goes on to lesson 4"

# what the 32-bit :try showed: the counterexamples the native build's
# --try finds (with Z3: another prover), the page live while it proves
cex() { "$B/watviz" --try "$1" --arch "$2" --json | sed -n 's/.*"counterexample":{"word":"\(0x[0-9a-f]*\)".*/\1/p'; }
"$DRIVER" <"$sc/try32" >"$tmp/try32.out"
c1=$(cex '(a - ONES) & ~a & 0x80' x86-32)
c2=$(cex '(a - ONES) & ~a & 0x8080' x86-32)
[ -n "$c1" ] && [ -n "$c2" ] &&
	grep -q "^said|.*try: WRONG; smallest counterexample a = $c1, now the word" "$tmp/try32.out" &&
	grep -q "^said|.*try: WRONG; smallest counterexample a = $c2, now the word" "$tmp/try32.out" &&
	[ "$(grep -c 'smallest counterexample' "$tmp/try32.out")" -le 4 ]
ok $? "a 32-bit :try's verdicts, proved as the worker proves them, are the native --try's ($c1, $c2)"
grep -q 't|try: checking all 2^32 words on x86-32 (Esc or Ctrl-C stops it)' "$tmp/try32.out" &&
	grep -q '^said|.*try: stopped (Esc); nothing was decided' "$tmp/try32.out" &&
	grep -q '^said|.*try: stopped (Ctrl-C); nothing was decided' "$tmp/try32.out" &&
	[ "$(grep -c '^prove none' "$tmp/try32.out")" -eq 2 ]
ok $? "while a 32-bit :try proves, keys work; Esc and Ctrl-C stop it with nothing decided, and no proof is left"

# what moving between lessons showed (lesson numbers and titles from the
# lesson files' names and their "title:" lines, not from the page)
title() { sed -n 's/^title: *//p' "$ROOT"/lessons/"$(printf %02d "$1")"-*.lesson; }
"$DRIVER" <"$sc/lesson-moves" >"$tmp/moves.out"
sed -n 's/^link|//p' "$tmp/moves.out" | tr '\n' ' ' >"$tmp/moves.links"
want='lesson=5&scene=1 lesson=6&scene=1 lesson=4&scene=1 lesson=4&scene=1 lesson=6&scene=end lesson=7&scene=1 lesson=8&scene=1 lesson=16&scene=end lesson=16&scene=1 '
[ "$(cat "$tmp/moves.links")" = "$want" ]
ok $? "the page's :lesson, :next, :prev, the end screen's n and Enter move between lessons and the link follows"
[ "$(cat "$tmp/moves.links")" = "$want" ] || echo "# links: $(cat "$tmp/moves.links")"
grep -q "t| Lesson 5: $(title 5)" "$tmp/moves.out" &&
	grep -q "t| Lesson 7: $(title 7)" "$tmp/moves.out" &&
	grep -q "t|.*lesson nosuch: no such lesson" "$tmp/moves.out" &&
	grep -q "t|.*lesson 16 is the last one" "$tmp/moves.out" &&
	grep -q "t|.*That was the last lesson" "$tmp/moves.out" &&
	grep -q "t|:lesson zero-bytemask" "$tmp/moves.out"
ok $? "each lesson opened shows its title; a lesson that is not there, past the last one, and Tab after :lesson are said"

# ---- 3. the page in Chromium -------------------------------------------------
CHROME=$(command -v chromium || command -v chromium-browser || echo)
if [ -z "$full" ]; then
	ok 0 "the page in Chromium # SKIP make check-full's (CI's)"
elif [ -z "$CHROME" ]; then
	ok 0 "the page in Chromium # SKIP no chromium (apt-get install chromium)"
elif ! NM=$(sh "$DIR/modules.sh") || [ ! -d "$NM/node_modules/playwright-core" ]; then
	ok 0 "the page in Chromium # SKIP no playwright-core in ${NM:-\$HOME/.cache} (make deps installs it)"
else
	mkdir -p "$B/web/shots"
	NODE_PATH=$NM/node_modules WATVIZ_CHROME=$CHROME WATVIZ_STEP_AT=$at \
		node "$DIR/page.js" "$PAGE" "$B/web" >"$tmp/page.tap" 2>"$tmp/page.err"
	rc=$?
	# its TAP lines, renumbered into ours
	while IFS= read -r line; do
		case $line in
		"ok "*) ok 0 "${line#ok * - }" ;;
		"not ok "*) ok 1 "${line#not ok * - }" ;;
		*) echo "$line" ;;
		esac
	done <"$tmp/page.tap"
	# exit 1 is a failed check, said above; anything else, or no check
	# at all (a script that does not parse exits 1 too), is a crash
	if [ $rc -gt 1 ] || ! grep -q '^ok \|^not ok ' "$tmp/page.tap"; then
		ok 1 "tests/web/page.js ran to its end (exit $rc)"
		sed 's/^/# /' "$tmp/page.err" | tail -n 20
	fi
fi

echo "1..$n"
[ "$fails" -eq 0 ]
