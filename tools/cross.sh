#!/bin/sh
# make check-cross: the program built for other hosts and run under qemu-user.
# For s390x (64-bit big-endian) and i686 (32-bit little-endian), or the
# targets in WATVIZ_CROSS: the project's own Makefile builds everything with
# the cross compiler (Z3=no: the solver is not needed to model a word); the
# unit tests of the core, the step engine, the lessons and the renderers run
# under qemu; then `--json` and `--plain` of a set of words on every variant
# are compared byte for byte with the native build's.  watviz models each
# variant the same way whatever the host is, so any difference is a bug.
#
# What it needs, installed when it can (as root, like tools/deps.sh): the
# cross compiler (gcc-TRIPLE), qemu-user, and the target's cmocka, ncursesw
# and readline, unpacked from Debian's packages into a sysroot of its own
# (apt-get download + dpkg -x: installing them Multi-Arch would need the
# same versions as the host's, which a newer host does not have).
# Usage: tools/cross.sh [OUT_DIR] [--prepare-only]
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
OUT=${1:-build-cross}
PREP_ONLY=${2:-}
TARGETS=${WATVIZ_CROSS:-"s390x i686"}
NATIVE=${WATVIZ_NATIVE:-build/watviz}
fail=0

say() { echo "check-cross: $*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi; }

target() {
	case $1 in
	s390x) triple=s390x-linux-gnu ma=$triple deb=s390x qemu=qemu-s390x ;;
	i686) triple=i686-linux-gnu ma=i386-linux-gnu deb=i386 qemu=qemu-i386 ;;
	ppc64) triple=powerpc64-linux-gnu ma=$triple deb=ppc64 qemu=qemu-ppc64 ;;
	*) say "unknown target $1 (s390x, i686 or ppc64)"; return 1 ;;
	esac
}

# the compiler and the emulator
tools() {
	command -v "$triple-gcc" >/dev/null 2>&1 && command -v "$qemu" >/dev/null 2>&1 &&
		return 0
	say "installing gcc-$triple and qemu-user"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		"gcc-$triple" qemu-user >/dev/null || {
		say "cannot install them: run  apt-get install gcc-$triple qemu-user"
		return 1; }
}

# the target's libraries, unpacked into $sr
sysroot() {
	sr=$OUT/$1/sysroot
	[ -f "$sr/.done" ] && return 0
	if ! dpkg --print-foreign-architectures | grep -qx "$deb"; then
		say "adding the $deb architecture to apt, to download its packages"
		as_root dpkg --add-architecture "$deb" &&
			as_root apt-get update -q >/dev/null || {
			say "cannot: run  dpkg --add-architecture $deb && apt-get update"
			return 1; }
	fi
	dl=$OUT/$1/debs
	rm -rf "$dl" "$sr" && mkdir -p "$dl" "$sr" || return 1
	(cd "$dl" && apt-get download -q libcmocka0:"$deb" libcmocka-dev:"$deb" \
		libncursesw6:"$deb" libtinfo6:"$deb" libncurses-dev:"$deb" \
		libncurses6:"$deb" libreadline8:"$deb" libreadline-dev:"$deb" \
		>apt.log 2>&1) || {
		say "apt-get download of the $deb libraries failed: $dl/apt.log"
		tail -n 5 "$dl/apt.log"; return 1; }
	for d in "$dl"/*.deb; do dpkg -x "$d" "$sr" || return 1; done
	# absolute links (libreadline.so -> /lib/...) point into the sysroot
	find "$sr" -type l | while IFS= read -r l; do
		to=$(readlink "$l")
		case $to in /*) ln -sf "$(cd "$sr" && pwd)$to" "$l" ;; esac
	done
	touch "$sr/.done"
}

# run TARGET PROGRAM ARGS...: under qemu, with the sysroot's libraries
qrun() {
	QEMU_LD_PREFIX=/usr/$triple \
	LD_LIBRARY_PATH=$(pwd)/$sr/usr/lib/$ma:$(pwd)/$sr/lib/$ma \
		"$qemu" "$@"
}

# unit tests that need no terminal and no solver; the exhaustive proofs stay
# native (under qemu they take minutes)
UNITS="test_core_vectors test_core_bits test_core_scan test_word test_trace
test_str test_page_edge test_expr test_pace test_plain test_json
test_render test_html test_export test_args test_screen test_layout"

WORDS='ab\0cd
abcdefgh
\0
a
abc\0\xff\x80
\x01\x80\x7f\xfe\0z
/usr/bin
ab\0c\x01'

# make check's quick form (WATVIZ_CROSS_QUICK=1): the core's and the step
# engine's tests, --json of four words; make check-cross does it all
MODES="--json --plain"
if [ -n "${WATVIZ_CROSS_QUICK:-}" ]; then
	UNITS="test_core_vectors test_core_bits test_word test_trace test_str test_json"
	WORDS=$(echo "$WORDS" | sed -n '1p;3p;5p;8p')
	MODES="--json"
fi

one() {
	t=$1
	target "$t" && tools && sysroot "$t" || return 1
	[ -n "$PREP_ONLY" ] && return 0
	b=$OUT/$t/build
	say "$t: building with $triple-gcc"
	make --no-print-directory -j"$(nproc 2>/dev/null || echo 2)" BUILD="$b" \
		CC="$triple-gcc" Z3=no NO_DEPS=1 CI=true PKG_CONFIG=false \
		CPPFLAGS="-isystem $sr/usr/include -isystem $sr/usr/include/$ma" \
		LDFLAGS="-L$sr/usr/lib/$ma -L$sr/lib/$ma -Wl,-rpath-link,$sr/usr/lib/$ma:$sr/lib/$ma" \
		CURSES_LIBS="-lncursesw -ltinfo" RL_LIBS="-lreadline" \
		"$b/watviz" $(for u in $UNITS; do echo "$b/tests/$u"; done) \
		>"$OUT/$t/build.log" 2>&1 || {
		say "$t: the build failed (warnings are errors); see $OUT/$t/build.log"
		tail -n 20 "$OUT/$t/build.log"; return 1; }
	for u in $UNITS; do
		CMOCKA_MESSAGE_OUTPUT=TAP qrun "$b/tests/$u" >"$OUT/$t/$u.log" 2>&1 </dev/null
		rc=$?
		p=$(grep -ac '^ok ' "$OUT/$t/$u.log"); f=$(grep -ac '^not ok ' "$OUT/$t/$u.log")
		if [ $rc != 0 ] || [ "$f" != 0 ] || [ "$p" = 0 ]; then
			say "$t: $u FAILED ($p passed, $f failed, status $rc): $OUT/$t/$u.log"
			grep -a -A5 '^not ok ' "$OUT/$t/$u.log" | head -n 20
			fail=1
		else
			say "$t: $u $p passed"
		fi
	done
	# every variant, every word: byte for byte the native output
	n=0
	: >"$OUT/$t/diff"
	for a in $("$NATIVE" --list-arch | awk '{ print $1 }'); do
		echo "$WORDS" | while IFS= read -r w; do
			for m in $MODES; do
				"$NATIVE" $m --arch "$a" "$w" >"$OUT/$t/n.out" 2>&1; rn=$?
				qrun "$b/watviz" $m --arch "$a" "$w" >"$OUT/$t/c.out" 2>&1; rc=$?
				if [ $rn != $rc ] || ! cmp -s "$OUT/$t/n.out" "$OUT/$t/c.out"; then
					echo "== $m --arch $a '$w': status $rn native, $rc on $t" >>"$OUT/$t/diff"
					diff "$OUT/$t/n.out" "$OUT/$t/c.out" | head -n 20 >>"$OUT/$t/diff"
				fi
				echo x >>"$OUT/$t/count"
			done
		done
	done
	n=$(wc -l <"$OUT/$t/count"); rm -f "$OUT/$t/count"
	if [ -s "$OUT/$t/diff" ]; then
		say "$t: output differs from the native build's: $OUT/$t/diff"
		head -n 40 "$OUT/$t/diff"; fail=1
	else
		say "$t: $n outputs ($MODES of $(echo "$WORDS" | wc -l) words on every variant) byte-identical to the native build's"
	fi
	# the lessons are listed (a 32-bit readdir() without 64-bit offsets fails
	# with EOVERFLOW on filesystems with big inode numbers)
	if qrun "$b/watviz" --lessons-dir lessons --list-lessons >"$OUT/$t/lessons" 2>&1 &&
		cmp -s "$OUT/$t/lessons" - <<-X
		$("$NATIVE" --lessons-dir lessons --list-lessons 2>&1)
		X
	then say "$t: --list-lessons lists what the native build lists"
	else say "$t: --list-lessons differs: $OUT/$t/lessons"; fail=1
	fi
}

[ -x "$NATIVE" ] || { say "build the native program first ($NATIVE): make"; exit 1; }
for t in $TARGETS; do
	rm -f "$OUT/$t/count"
	one "$t" || fail=1
done
[ $fail = 0 ] && say "all passed" || say "FAILED"
exit $fail
