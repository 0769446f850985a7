#!/bin/sh
# The end of make package-check, after make distcheck and make deb: lintian
# on the packages in DIR and on the source package (no error, no warning);
# then, as root, install them, run the installed watviz, its bash completion
# and a program built with pkg-config against libwatviz-core-dev, remove them
# and check that no file of theirs is left.  Refuses to touch a watviz that is already installed.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
DIR=${1:-build-deb}
fail() {
	echo "package-check: $*" >&2
	exit 1
}
step() { echo "package-check: $*"; }
for t in lintian dpkg; do
	command -v $t >/dev/null 2>&1 || fail "$t is not installed (apt-get install $t)"
done
changes=$(ls "$DIR"/*.changes)
bin=$(ls "$DIR"/watviz_*.deb)
dev=$(ls "$DIR"/libwatviz-core-dev_*.deb)

step "lintian $changes"
# lintian warns about running as root; that is not about the package
lintian --fail-on error,warning --info --display-level '>=info' "$changes" 2>&1 |
	grep -v '^running with root privileges is not recommended!$' || :
lintian --fail-on error,warning "$changes" >/dev/null 2>&1 || fail "lintian reports errors or warnings"

# the source package, made from a clean copy of the tarball in DIR
step "lintian on the source package"
src=$(mktemp -d)
tar -xzf "$DIR"/watviz-*.tar.gz -C "$src"
(cd "$src"/watviz-* && dpkg-source -b . >"$src/log" 2>&1) || { cat "$src/log" >&2; fail "dpkg-source -b failed"; }
lintian --fail-on error,warning --info "$src"/*.dsc 2>&1 |
	grep -v '^running with root privileges is not recommended!$' || :
lintian --fail-on error,warning "$src"/*.dsc >/dev/null 2>&1 ||
	{ rm -rf "$src"; fail "lintian reports errors or warnings on the source package"; }
rm -rf "$src"

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	sudo -n true 2>/dev/null || fail "installing the packages needs root (or sudo without a password)"
	sudo="sudo -n"
fi
if dpkg-query -W -f='${Status}\n' watviz libwatviz-core-dev 2>/dev/null | grep -q installed; then
	fail "watviz or libwatviz-core-dev is already installed here; remove it first"
fi
tmp=$(mktemp -d)
cleanup() {
	$sudo dpkg --purge watviz libwatviz-core-dev >/dev/null 2>&1 || :
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

step "dpkg -i $bin $dev"
$sudo dpkg -i "$bin" "$dev" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; fail "dpkg -i failed"; }
dpkg-query -L watviz libwatviz-core-dev | while read -r f; do
	[ -d "$f" ] || echo "$f"
done | sort >"$tmp/files"
for f in /usr/bin/watviz /usr/share/man/man1/watviz.1.gz /usr/share/watviz/lessons/03-has-zero.lesson \
	/usr/share/bash-completion/completions/watviz /usr/share/doc/watviz/copyright \
	/usr/include/watviz/wat.h; do
	grep -qx "$f" "$tmp/files" || fail "the packages do not install $f"
done

step "watviz --list-lessons, --version"
(cd / && watviz --list-lessons) >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "watviz --list-lessons failed"; }
grep -q '^ 13  .*(hash-name)$' "$tmp/out" || { cat "$tmp/out" >&2; fail "watviz --list-lessons lacks lesson 13"; }
(cd / && watviz --version) >"$tmp/out" 2>&1
grep -qx 'Lessons are read from /usr/share/watviz/lessons' "$tmp/out" ||
	{ cat "$tmp/out" >&2; fail "watviz --version does not name /usr/share/watviz/lessons"; }
(cd / && watviz --plain --lesson hash-name) >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "watviz --plain --lesson hash-name failed"; }

step "bash completion, loaded as an interactive bash would"
loader=/usr/share/bash-completion/bash_completion
if [ -f "$loader" ]; then
	got=$(bash --norc --noprofile -c '. "$1"; __load_completion watviz
		COMP_WORDS=(watviz --arch p); COMP_CWORD=2; _watviz; echo "${COMPREPLY[*]}"' sh "$loader" 2>&1)
else
	echo "package-check: bash-completion is not installed; sourcing the file itself"
	got=$(bash --norc --noprofile -c '. /usr/share/bash-completion/completions/watviz
		COMP_WORDS=(watviz --arch p); COMP_CWORD=2; _watviz; echo "${COMPREPLY[*]}"' 2>&1)
fi
[ "$got" = "ppc64 ppc powerpc ppc32 ppc64le" ] || fail "installed completion of --arch p: '$got'"

step "a program built with pkg-config --cflags --libs watviz-core"
printf '#include <watviz/str.h>\nint main(void) { return wv_strlen("abc") != 3; }\n' >"$tmp/t.c"
# shellcheck disable=SC2046 # the flags are words
${CC:-cc} -o "$tmp/t" "$tmp/t.c" $(pkg-config --cflags --libs watviz-core) ||
	fail "building against the installed core failed"
"$tmp/t" || fail "the program built against the installed core gave a wrong length"

step "dpkg -r, dpkg --purge"
$sudo dpkg -r watviz libwatviz-core-dev >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; fail "dpkg -r failed"; }
$sudo dpkg --purge watviz libwatviz-core-dev >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; fail "dpkg --purge failed"; }
left=$(while read -r f; do [ ! -e "$f" ] || echo "$f"; done <"$tmp/files")
[ -z "$left" ] || fail "removing the packages left:
$left"
[ ! -d /usr/share/watviz ] && [ ! -d /usr/include/watviz ] || fail "removing left a watviz folder"
step "$(wc -l <"$tmp/files") files installed and removed cleanly: $(basename "$bin") $(basename "$dev")"
