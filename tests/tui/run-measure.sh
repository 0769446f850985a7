#!/bin/sh
# A "measure:" scene in a real terminal (tmux): lesson 1's scene 5 times
# wv_strlen beside the byte loop and the C library's strlen on this machine
# and draws the chart; m measures again and says so.  Only the chart's
# title, its "measured on" line (with this machine's CPU, read here from
# /proc/cpuinfo or uname -m) and its routine names are asserted, never a
# figure: the numbers vary from run to run.  At 100x30 and, with
# --present, at 160x45.
# Usage: run-measure.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
PLAN=4
. "$(dirname "$0")/lib.sh"

# the CPU the chart must name, found here independently of watviz
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
[ -n "$cpu" ] || cpu=$(uname -m)
title="strlen, timed on this machine (ns per call)"
L="$BIN --lessons-dir $LESSONS --restart"

start_shell 100 30
# 1: :scene 5 of lesson 1 draws the chart, measured on this CPU
run "clear; $L --lesson 1; echo L-\$?"
wait_for "scene 1 of 6" && keys : && wait_re '^:$' &&
	T send-keys -t =t: -l 'scene 5' && keys Enter &&
	wait_for "$title" "measured on $(printf %.40s "$cpu")" "4096 bytes" \
		"wv_strlen" "byte loop" "libc strlen"
check $? "lesson 1 scene 5 at 100x30: the chart's title, measured on $cpu, its routines"
# 2: the narration's figures are filled: no placeholder is left
wait_re "longest, [0-9]+[.][0-9]x, and the C library's [0-9]+[.][0-9]x" && lacks "{measure_" &&
	lacks "(not measured)"
check $? "the narration's figures come from the measurement: no placeholder left"
# 3: m measures again, with a message
keys m && wait_for "Measured again:" "rounds on $(printf %.30s "$cpu")"
check $? "m measures again and says so"
keys q && wait_for "L-0"

# 4: --present at 160x45: the chart and the narration under it
T resize-window -t =t: -x 160 -y 45
run "clear; $L --present --lesson 1; echo P-\$?"
wait_for "scene 1 of 6" && keys : && wait_re '^:$' &&
	T send-keys -t =t: -l 'scene 5' && keys Enter &&
	wait_for "$title" "measured on $(printf %.40s "$cpu")" "libc strlen" \
		"LWN's article (2012)"
check $? "--present at 160x45: the chart, measured on $cpu, and the narration"
keys q && wait_for "P-0"
