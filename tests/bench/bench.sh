#!/bin/sh
# make bench: the header (machine, compiler), the path corpus, then wvbench.
# Usage: bench.sh BUILD_DIR CC CFLAGS [wvbench options...]
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=$1
cc=$2
cflags=$3
shift 3
corpus=$build/paths.txt
cap=200000

echo "# watviz benchmarks"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "- machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
  "nproc $(nproc), $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- compiler: $($cc --version | head -n 1), flags $cflags (no -march: baseline x86-64)"
echo "- C library: $(ldd --version 2>/dev/null | head -n 1 || echo unknown)"

# the corpus: this machine's own file tree, gathered now, no network
find /usr -xdev 2>/dev/null | head -n "$cap" >"$corpus" || true

watviz=$build/watviz
exec "$build/bench/wvbench" --corpus "$corpus" --watviz "$watviz" "$@"
