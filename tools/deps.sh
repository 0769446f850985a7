#!/bin/sh
# Make sure what watviz's build and tests need is installed.  Installs missing
# packages with the system's package manager when it can (as root, or through
# sudo without a password); otherwise says exactly what to run and fails.
# Tools only some tests use (valgrind, mandoc, clang's libFuzzer, chromium,
# tidy and poppler-utils for the HTML pages; lld, wasi-libc, clang's wasm32
# runtime, node and npm for make web and its tests; on Debian
# also debhelper, dpkg-dev, lintian and bash-completion for make
# package-check) and the optional libraries (Z3, libz3-dev: --try proves
# with it; libmicrohttpd and libqrencode: the class server, --class, and
# curl and zbarimg for its tests) are installed the same way when
# possible, and never stop the build.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

missing=""
optional=""
need() { missing="$missing $1"; }
want() { optional="$optional $1"; }

have_pc() { pkg-config --exists "$1" 2>/dev/null; }
have_hdr() { printf '#include <%s>\nint main(void){return 0;}\n' "$1" |
	${CC:-cc} -x c - -o /dev/null -fsyntax-only 2>/dev/null; }
have_hdr_pre() { printf '#include <stdarg.h>\n#include <stddef.h>\n#include <setjmp.h>\n#include <stdint.h>\n#include <%s>\nint main(void){return 0;}\n' "$1" |
	${CC:-cc} -x c - -o /dev/null -fsyntax-only 2>/dev/null; }

command -v ${CC:-cc} >/dev/null 2>&1 || need cc
command -v make >/dev/null 2>&1 || need make
command -v pkg-config >/dev/null 2>&1 || need pkg-config
have_pc ncursesw || have_hdr ncursesw/curses.h || have_hdr curses.h || need ncursesw
have_hdr readline/readline.h || need readline
have_pc cmocka || have_hdr_pre cmocka.h || need cmocka
command -v tmux >/dev/null 2>&1 || need tmux
# wanted by some tests, which skip (and say so) without them
command -v valgrind >/dev/null 2>&1 || want valgrind
# --try proves with Z3 when pkg-config finds it; without it, it enumerates
have_pc z3 || want z3
# --class serves a class when pkg-config finds both; tests/class uses curl
# and reads its QR code back with zbarimg
have_pc libmicrohttpd || want microhttpd
have_pc libqrencode || want qrencode
command -v curl >/dev/null 2>&1 || want curl
command -v zbarimg >/dev/null 2>&1 || want zbarimg
command -v mandoc >/dev/null 2>&1 || want mandoc
# the exports' tests: --svg read back (xmllint, rsvg-convert), --cast played
command -v xmllint >/dev/null 2>&1 || want xmllint
command -v rsvg-convert >/dev/null 2>&1 || want rsvg-convert
command -v asciinema >/dev/null 2>&1 || want asciinema
# tests/html/run-html.sh: a headless browser, an HTML checker, PDF tools
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 ||
	want chromium
command -v tidy >/dev/null 2>&1 || want tidy
command -v pdfinfo >/dev/null 2>&1 || want poppler-utils
# make package-check: the .deb (dpkg-buildpackage, dh), lintian, and the
# completion loader the installed completion is tried with
if command -v dpkg >/dev/null 2>&1; then
	command -v dpkg-buildpackage >/dev/null 2>&1 || want dpkg-dev
	command -v dh >/dev/null 2>&1 || want debhelper
	command -v lintian >/dev/null 2>&1 || want lintian
	[ -f /usr/share/bash-completion/bash_completion ] || want bash-completion
fi
# make web and tests/web: clang for wasm32-wasi (lld, wasi-libc, clang's
# wasm32 builtins), node for the module's tests, the page's npm test tools
# (tests/web/package.json, pinned by its lock file) for chromium
have_wasm() {
	command -v wasm-ld >/dev/null 2>&1 || command -v wasm-ld-14 >/dev/null 2>&1
}
if command -v clang >/dev/null 2>&1; then
	have_wasm || want lld
	[ -f /usr/include/wasm32-wasi/stdio.h ] || want wasi-libc
	[ -f "$(clang --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" ] ||
		want wasm-rt
fi
command -v node >/dev/null 2>&1 || want node
command -v npm >/dev/null 2>&1 || want npm
# (outside the tree, in the folder tests/web/modules.sh names: make clean
# leaves no file make check made; installed beside it, then moved in whole,
# so a half-done install is never taken for one)
nm=$(sh tests/web/modules.sh 2>/dev/null)
if command -v npm >/dev/null 2>&1 && [ -n "$nm" ] &&
	[ ! -d "$nm/node_modules/playwright-core" ]; then
	part=$nm.part.$$
	if mkdir -p "$part" && cp tests/web/package.json tests/web/package-lock.json "$part/" &&
		(cd "$part" && npm ci --no-audit --no-fund >/dev/null 2>&1); then
		# another make check may have put one there meanwhile
		mv -T "$part" "$nm" 2>/dev/null || rm -rf "$part"
	else
		rm -rf "$part"
		echo "watviz: npm ci into $nm failed; the page's browser tests will say they skip" >&2
	fi
fi
have_fuzzer() {
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n){(void)d;(void)n;return 0;}\n' |
		clang -x c - -fsanitize=fuzzer -o /dev/null >/dev/null 2>&1
}
if ! command -v clang >/dev/null 2>&1; then
	want clang
	want libfuzzer
elif ! have_fuzzer; then
	want libfuzzer
fi

[ -z "$missing$optional" ] && exit 0
required=$missing
missing="$missing$optional"

# Only optional tools missing and no way to install them: say so, go on.
skip_optional() {
	if [ -z "$required" ]; then
		echo "watviz: optional test tools missing:$optional; the tests that use them will say they skip ($1)" >&2
		exit 0
	fi
}

# package names per package manager
pkgs() {
	for d in $missing; do
		case "$1:$d" in
		apt:cc) echo gcc ;; apt:ncursesw) echo libncurses-dev ;;
		apt:readline) echo libreadline-dev ;; apt:cmocka) echo libcmocka-dev ;;
		apt:libfuzzer) echo libclang-rt-dev ;;
		apt:wasm-rt) echo "libclang-rt-$(clang -dumpversion 2>/dev/null | cut -d. -f1)-dev-wasm32" ;;
		apt:node) echo nodejs ;; dnf:libfuzzer) echo compiler-rt ;;
		apt:z3) echo libz3-dev ;; dnf:z3) echo z3-devel ;;
		apt:microhttpd) echo libmicrohttpd-dev ;; dnf:microhttpd) echo libmicrohttpd-devel ;;
		pacman:microhttpd|brew:microhttpd) echo libmicrohttpd ;;
		apt:qrencode) echo libqrencode-dev ;; dnf:qrencode) echo qrencode-devel ;;
		apt:zbarimg) echo zbar-tools ;; dnf:zbarimg|pacman:zbarimg|brew:zbarimg) echo zbar ;;
		pacman:libfuzzer) echo compiler-rt ;; brew:libfuzzer) echo llvm ;;
		pacman:poppler-utils | brew:poppler-utils) echo poppler ;;
		brew:tidy) echo tidy-html5 ;; brew:chromium) ;;
		dnf:cc) echo gcc ;; dnf:ncursesw) echo ncurses-devel ;;
		dnf:readline) echo readline-devel ;; dnf:cmocka) echo libcmocka-devel ;;
		dnf:pkg-config) echo pkgconf-pkg-config ;;
		apt:xmllint) echo libxml2-utils ;; apt:rsvg-convert) echo librsvg2-bin ;;
		dnf:xmllint|pacman:xmllint|brew:xmllint) echo libxml2 ;;
		dnf:rsvg-convert) echo librsvg2-tools ;;
		pacman:rsvg-convert|brew:rsvg-convert) echo librsvg ;;
		pacman:cc) echo gcc ;; pacman:ncursesw) echo ncurses ;;
		pacman:pkg-config) echo pkgconf ;;
		brew:cc) echo llvm ;; brew:ncursesw) echo ncurses ;;
		*) echo "$d" ;;
		esac
	done | tr '\n' ' '
}

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo="sudo -n"
	fi
fi

if command -v apt-get >/dev/null 2>&1; then
	p=$(pkgs apt); cmd="apt-get update && apt-get install -y $p"
	run() { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $p; }
elif command -v dnf >/dev/null 2>&1; then
	p=$(pkgs dnf); cmd="dnf install -y $p"
	run() { $sudo dnf install -y $p; }
elif command -v pacman >/dev/null 2>&1; then
	p=$(pkgs pacman); cmd="pacman -S --needed --noconfirm $p"
	run() { $sudo pacman -S --needed --noconfirm $p; }
elif command -v brew >/dev/null 2>&1; then
	p=$(pkgs brew); cmd="brew install $p"; sudo=""
	run() { brew install $p; }
else
	skip_optional "no package manager found"
	echo "watviz: missing build dependencies:$required" >&2
	echo "watviz: install them with your system's package manager, then run make again" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ] && [ -z "$sudo" ] && ! command -v brew >/dev/null 2>&1; then
	skip_optional "install them as root: $cmd"
	echo "watviz: missing build dependencies:$required" >&2
	echo "watviz: run as root:  $cmd" >&2
	exit 1
fi
echo "watviz: installing missing build dependencies:$missing ($cmd)" >&2
if ! run >/tmp/watviz-deps.$$.log 2>&1; then
	[ -n "$required" ] && cat /tmp/watviz-deps.$$.log >&2
	rm -f /tmp/watviz-deps.$$.log
	skip_optional "installing them failed: $cmd"
	echo "watviz: could not install them; run:  $cmd" >&2
	exit 1
fi
rm -f /tmp/watviz-deps.$$.log
exit 0
