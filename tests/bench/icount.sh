#!/bin/sh
# make bench-icount: instructions of each strlen, counted by callgrind.
# Usage: icount.sh BUILD_DIR CC CFLAGS
# Each (implementation, length) runs in its own callgrind process that
# collects only inside the implementation (--toggle-collect), so the counts are
# per function and exactly repeatable.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=$1
cc=$2
cflags=$3
drv=$build/bench/wvicount
out=$build/icount
mkdir -p "$out"
calls=800

if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind is not installed; nothing measured."
  exit 1
fi

# the function callgrind should count, for each implementation name
symbol() {
  case $1 in
    byte) echo wv_measure_byte_strlen ;;
    musl) echo wv_measure_musl_strlen ;;
    libc) echo '__strlen_*' ;;
    wv) echo 'wv_strlen_b*' ;;
    mul) echo wv_strlen_mul ;;
    unroll2) echo wv_strlen_unroll2 ;;
    simple) echo wv_strlen_simple ;;
    pathword) echo 'wv_path_hash_b*' ;;
    pathbyte) echo wv_measure_byte_path_hash ;;
  esac
}

# instructions of implementation $1 on case $2, all calls together
count() {
  f=$out/callgrind.$1.$2
  valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect="$(symbol "$1")" --callgrind-out-file="$f" \
    "$drv" "$1" "$2" >/dev/null 2>"$f.log"
  callgrind_annotate "$f" 2>/dev/null |
    sed -n 's/^ *\([0-9,][0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,
}

echo "# watviz instruction counts (callgrind)"
echo
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
  "nproc $(nproc); $(valgrind --version)"
echo "compiler: $($cc --version | head -n 1), $cflags"
echo
echo "wv_strlen and wv_path_hash: the form this CPU runs, $("$drv" form)."
echo
echo "Each cell: instructions inside the function, averaged over $calls calls at"
echo "start alignments 0..7 in turn.  libc is the variant glibc picks under"
echo "valgrind (valgrind's CPU model has no AVX-512, so AVX2 at best)."
echo
echo "| implementation | Ir/byte at 4 KiB | Ir/call 1 B | 2 B | 3 B | 4 B | 5 B | 6 B | 7 B |"
echo "|---|---|---|---|---|---|---|---|---|"
wv_per_byte=
for impl in wv simple mul unroll2 musl byte libc; do
  n=$(count "$impl" 4k)
  if [ -z "$n" ]; then
    echo "| $impl | (callgrind gave no count: see $out/callgrind.$impl.4k.log) |"
    continue
  fi
  per=$(awk -v n="$n" -v c="$calls" 'BEGIN { printf "%.3f", n / c / 4096 }')
  [ "$impl" = wv ] && wv_per_byte=$per
  line="| $impl | $per |"
  for len in 1 2 3 4 5 6 7; do
    n=$(count "$impl" "$len")
    line="$line $(awk -v n="${n:-0}" -v c="$calls" 'BEGIN { printf "%.1f", n / c }') |"
  done
  echo "$line"
done
echo
if [ -n "$wv_per_byte" ]; then
  awk -v p="$wv_per_byte" 'BEGIN {
    if (p <= 0.9) printf "- <= 0.9 instructions per byte at 4 KiB (wv_strlen): met, %.3f\n", p
    else printf "- <= 0.9 instructions per byte at 4 KiB (wv_strlen): MISSED, %.3f (%.0f%% over)\n", p, (p / 0.9 - 1) * 100
  }'
fi

# the whole-path walks over the path corpus (make bench's, or gathered the
# same way): instructions and the branches callgrind's simple predictor model
# gets wrong (not this CPU's predictor, but the same for both walks)
corpus=$build/paths.txt
[ -s "$corpus" ] || find /usr -xdev 2>/dev/null | head -n 200000 >"$corpus" || true
echo
echo "Path walks over $(wc -l <"$corpus") paths of this machine's /usr, each walked once"
echo "(callgrind --branch-sim=yes; per component):"
echo
echo "| walk | components | Ir per component | conditional branches | mispredicted (simulated) |"
echo "|---|---|---|---|---|"
for impl in pathword pathbyte; do
  f=$out/callgrind.$impl
  comps=$(valgrind --tool=callgrind --branch-sim=yes --collect-atstart=no \
    --toggle-collect="$(symbol "$impl")" --callgrind-out-file="$f" \
    "$drv" "$impl" "$corpus" 2>"$f.log")
  callgrind_annotate "$f" 2>/dev/null |
    sed -n 's/^ *\([0-9,][0-9,]*\) ([^)]*) *\([0-9,][0-9,]*\) ([^)]*) *\([0-9,][0-9,]*\) .*PROGRAM TOTALS.*/\1 \2 \3/p' |
    tr -d , | awk -v c="$comps" -v name="$([ "$impl" = pathword ] && echo wv_path_hash || echo 'byte walk')" '{
      printf "| %s | %d | %.1f | %.2f | %.2f |\n", name, c, $1 / c, $2 / c, $3 / c }'
done
