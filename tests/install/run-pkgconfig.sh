#!/bin/sh
# make install-core into a DESTDIR, then a small program built only with what
# `pkg-config --cflags --libs watviz-core` says finds a NUL with the installed
# core; each installed header compiles on its own.  Also: debian/changelog's
# version is the Makefile's.  Prints TAP; skips without pkg-config or cc.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
CC=${CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
n=0
fails=0
ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
	fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

version=$(sed -n 's/^VERSION *= *//p' Makefile)
[ -n "$version" ] && head -n 1 debian/changelog | grep -q "^watviz ($version)" && r=0 || r=1
ok $r "debian/changelog's version is the Makefile's ($version)"

if ! command -v "$PKG_CONFIG" >/dev/null 2>&1 || ! command -v "$CC" >/dev/null 2>&1; then
	echo "ok 2 - pkg-config build # SKIP $PKG_CONFIG or $CC not installed"
	echo "1..2"
	[ "$fails" -eq 0 ]
	exit
fi

${MAKE:-make} --no-print-directory -s install-core BUILD="$BUILD" DESTDIR="$tmp/inst" \
	>"$tmp/log" 2>&1
ok $? "make install-core DESTDIR=..."
pc=$(find "$tmp/inst" -name watviz-core.pc)
[ -n "$pc" ] && [ -f "$(find "$tmp/inst" -name libwatviz-core.a)" ] && r=0 || r=1
ok $r "watviz-core.pc and libwatviz-core.a installed"

export PKG_CONFIG_PATH="$(dirname "$pc")" PKG_CONFIG_SYSROOT_DIR="$tmp/inst"
export PKG_CONFIG_LIBDIR="$PKG_CONFIG_PATH"
flags=$("$PKG_CONFIG" --cflags --libs watviz-core 2>&1)
r=$?
case $flags in *"$tmp/inst"*-lwatviz-core*) ;; *) r=1 ;; esac
ok $r "pkg-config --cflags --libs watviz-core: $flags"

cat >"$tmp/t.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <watviz/str.h>
#include <watviz/wat.h>

int main(void)
{
	const struct wv_variant *v = wv_wat_find("ppc");
	static const unsigned char w[8] = { 'a', 'b', 'c', 0, 'e', 'f', 'g', 'h' };
	uint64_t data, a = wv_wat_load(v, w);
	uint64_t bits = v->has_zero(a, &data);

	bits = v->prep_zero_mask(a, data);
	printf("%zu %s %u\n", wv_strlen("hello, world"), v->name,
	       v->find_zero(v->create_zero_mask(bits)));
	return 0;
}
C
# under make asan the installed core is the instrumented build's, so the
# program links the sanitizer runtimes as any user of that library must
san=""
[ "${WATVIZ_SANITIZED:-0}" = 1 ] && san="-fsanitize=address,undefined"
# shellcheck disable=SC2086 # the flags are words
$CC -std=c11 -Wall -Werror $san -o "$tmp/t" "$tmp/t.c" $flags >"$tmp/log" 2>&1
r=$?
[ $r -eq 0 ] || sed 's/^/# /' "$tmp/log"
ok $r "a program builds with the installed core alone"
out=$("$tmp/t" 2>&1)
[ "$out" = "12 ppc64 3" ] && r=0 || r=1
ok $r "it runs: wv_strlen 12, ppc64's find_zero 3 (got '$out')"
inc=$(dirname "$(find "$tmp/inst" -name wat.h)")
for h in "$inc"/*.h; do
	printf '#include <watviz/%s>\n' "$(basename "$h")" |
		$CC -std=c11 -Wall -Werror -fsyntax-only -I"$inc/.." -x c - >"$tmp/log" 2>&1
	r=$?
	[ $r -eq 0 ] || sed 's/^/# /' "$tmp/log"
	ok $r "installed watviz/$(basename "$h") compiles on its own"
done
# the core's sources need no header that was not installed
for h in $(sed -n 's/^#include "watviz\/\([^"]*\)".*/\1/p' src/core/*.c | sort -u); do
	[ -f "$inc/$h" ] && r=0 || r=1
	ok $r "watviz/$h (included by src/core) is installed"
done

echo "1..$n"
[ "$fails" -eq 0 ]
