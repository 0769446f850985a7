#!/bin/sh
# End-to-end: a live class.  The teacher runs lesson 3 in a real terminal
# with --class on 127.0.0.1; real HTTP clients (curl) are the phones: they
# join with the link on the join screen, follow the event stream and vote.
# The projector says how many answered and nothing of how until s shows
# the votes by misconception; V opens the second vote; q closes the
# server.  Then :class inside a running lesson: a busy port said on the
# message line with the lesson going on, then the class served from there,
# its join screen, and the question asked before it became the round.
# First: --class when libmicrohttpd or libqrencode cannot be loaded.
# At start the server checks its own address: answered on 127.0.0.1, and
# refused in a network namespace that prohibits the way to it.
# Every check waits for exactly what it then asserts.
# Usage: run-live.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd)/watviz
LESSONS=$(pwd)/lessons
CLASS=$(cd "$(dirname "$0")/../class" && pwd)
PLAN=17
. "$(dirname "$0")/lib.sh"

skip_all() {
	i=0
	while [ $i -lt $PLAN ]; do i=$((i + 1)); echo "ok $i # SKIP $1"; done
	exit 0
}
command -v curl >/dev/null 2>&1 || skip_all "curl is not installed"
"$BIN" --class=127.0.0.1:1 --lesson 3 2>&1 </dev/null | grep -q 'built without the class server' &&
	skip_all "this build has no class server (make MHD=no, or libmicrohttpd missing)"

start_shell 100 36
# libmicrohttpd and libqrencode are loaded when a class is served
# (prove/dl.h): one that cannot be is named, with its package, status 1
for lib in libmicrohttpd libqrencode; do
	run "clear; WATVIZ_DL_HIDE=$lib $BIN --lessons-dir $LESSONS --lesson 3 --class=127.0.0.1:1 2>$tmp/e-$lib; echo L-\$?"
	wait_for "L-1" >/dev/null
	[ "$(wc -l <"$tmp/e-$lib")" -eq 1 ] &&
		grep -q "^watviz: no class server: $lib\.so[.0-9]* could not be loaded (hidden by WATVIZ_DL_HIDE): install the package $lib" "$tmp/e-$lib"
	check $? "--class without $lib: one line naming it and its package, status 1"
done
# a port of our own: the first of a few that the server can bind
port=""
for p in $((20000 + $$ % 20000)) $((21000 + $$ % 19000)) $((22000 + $$ % 18000)); do
	run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 3 --restart --class=127.0.0.1:$p --class-log $tmp/votes.jsonl; echo L-\$?"
	if wait_for "Join the class" >/dev/null; then port=$p; break; fi
	wait_for "L-1" >/dev/null
done
base=http://127.0.0.1:$port
url=$(grep -o "$base/?t=[0-9a-f]*" "$tmp/screen" | head -n 1)
code=$(sed -n 's/.*type the code \([A-Z0-9]*\).*/\1/p' "$tmp/screen" | head -n 1)
[ -n "$port" ] && [ -n "$url" ] && [ ${#code} -eq 6 ]
check $? "the join screen shows the link with its token and a 6-character code ($code)"
wait_for "Checked from this machine: $base answers." \
	"Phones cannot load it? The same network for all, or a phone's hotspot."
check $? "the server reached its own address at start: the join screen says it answers from here"

# the QR code as the terminal shows it (its characters, at 80x24 and at
# 160x45), drawn to a PNG and read by a real decoder: the join link.  The
# wait is for all of it in one capture, the code centred on the window's
# width (drawn for this size, not left from the one before) and read,
# with the check and the advice under it: a redraw seen in part fails
# and is looked at again when the pane next writes
qr_whole() {
	cp "$tmp/screen" "$tmp/qr.screen"
	python3 - "$tmp/qr.screen" "$tmp/qr.txt" "$1" <<'PY' || return 1
import sys
rows = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
blocks = set("\u2580\u2584\u2588")
qr = [r for r in rows if any(c in blocks for c in r)]
if not qr:
    sys.exit(1)
left = min(min(i for i, c in enumerate(r) if c in blocks) for r in qr)
right = max(max(i for i, c in enumerate(r) if c in blocks) for r in qr) + 1
# centred: (cols - width) / 2 blanks before it, the rest after
cols = int(sys.argv[3])
if not cols - 1 <= left + right <= cols:
    sys.exit(1)
out = [" " * (right - left + 4)] * 2
out += ["  " + r[left:right].ljust(right - left) + "  " for r in qr]
out += [" " * (right - left + 4)] * 2
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out) + "\n")
PY
	python3 "$CLASS/qr-png.py" "$tmp/qr.txt" "$tmp/qr.png" 6 &&
		[ "$(zbarimg -q --raw "$tmp/qr.png" 2>/dev/null)" = "$url" ] &&
		grep -q "Phones cannot load it? The same network" "$tmp/qr.screen" &&
		grep -q "Checked from this machine: $base answers." "$tmp/qr.screen"
}
for size in "80 24" "160 45"; do
	if ! command -v zbarimg >/dev/null 2>&1; then
		ok "the QR code at ${size% *}x${size#* } # SKIP zbarimg (zbar-tools) is not installed"
		continue
	fi
	T resize-window -t =t: -x "${size% *}" -y "${size#* }" 2>/dev/null
	wait_until qr_whole "${size% *}"
	check $? "the QR code on the ${size% *}x${size#* } screen reads as the join link (zbarimg), the check and what to do when phones cannot load it under it"
done
T resize-window -t =t: -x 100 -y 36 2>/dev/null

# five phones join with the link; the screen counts them
i=1
while [ $i -le 5 ]; do
	curl -s -c "$tmp/jar$i" -o /dev/null "$url"
	i=$((i + 1))
done
wait_for "(5 joined of up to "
check $? "five phones join by the link, and the join screen counts them"

# J back, scene 4's question: a round opens on the phones
keys J && T send-keys -t =t: -l ":scene 4" && keys Enter && wait_for "scene 4 of 6" &&
	keys Enter && wait_for "Live class, vote 1: 0 of 5 answered"
ev=$(curl -s -b "$tmp/jar1" --max-time 2 "$base/events" | sed -n 's/^data: //p' | head -n 1)
printf '%s' "$ev" | grep -q '"state":"open"' &&
	printf '%s' "$ev" | grep -q '"prompt":"What does has_zero return'
check $? "Enter asks the question: the phones' event says the round is open, with it"

# they vote, differently; the projector says how many, not how
opts=$(printf '%s' "$ev" | sed -n 's/.*"options":\[\([^]]*\)\].*/\1/p')
i=1
while [ $i -le 5 ]; do
	curl -s -b "$tmp/jar$i" -H "Origin: $base" -o /dev/null \
		-d "answer=$((i % 2))&round=1" "$base/vote"
	i=$((i + 1))
done
wait_for "Live class, vote 1: 5 of 5 answered" && lacks "Vote 1:" && lacks "right:"
check $? "five votes: the projector counts them and shows nothing of how they split"

# s: the histogram by misconception, the right answer marked, the hint
keys s && wait_for "Vote 1: 5 answered," "right: " "%"
check $? "s shows the votes grouped, the right answer marked"
ev=$(curl -s -b "$tmp/jar1" --max-time 2 "$base/events" | sed -n 's/^data: //p' | head -n 1)
right=$(printf '%s' "$ev" | sed -n 's/.*"right":\([0-9]*\).*/\1/p')
printf '%s' "$ev" | grep -q '"state":"revealed"' && [ -n "$right" ]
check $? "the phones are told the answer after the reveal, not before ($opts)"

# V: the second vote; all right this time; then who moved where
keys V && wait_for "Live class, vote 2: 0 of 5 answered"
ev=$(curl -s -b "$tmp/jar1" --max-time 2 "$base/events" | sed -n 's/^data: //p' | head -n 1)
round=$(printf '%s' "$ev" | sed -n 's/.*"round":\([0-9]*\).*/\1/p')
i=1
while [ $i -le 5 ]; do
	curl -s -b "$tmp/jar$i" -H "Origin: $base" -o /dev/null \
		-d "answer=$right&round=$round" "$base/vote"
	i=$((i + 1))
done
wait_for "vote 2: 5 of 5 answered" && keys s &&
	wait_for "Vote 2: 5 answered, 100% right" "Moved: right->right"
check $? "V: a second vote; its reveal adds who moved where"

keys q && wait_for "L-0" && ! curl -s -o /dev/null --max-time 2 "$base/events"
check $? "q quits (status 0) and the server is gone"

# every vote counted is a JSON line of the log; the summary beside it
python3 - "$tmp/votes.jsonl" "$tmp/votes.jsonl.csv" <<'PY'
import csv, json, sys
votes = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert len(votes) == 10, len(votes)
assert [v["vote"] for v in votes] == [1] * 5 + [2] * 5
assert all(v["lesson"] == 3 and v["scene"] == 4 for v in votes)
assert sum(v["right"] for v in votes[5:]) == 5
rows = list(csv.reader(open(sys.argv[2], encoding="utf-8")))
assert rows[0][:6] == ["lesson", "scene", "title", "students", "right_1", "right_2"]
assert rows[1][:2] == ["3", "4"] and rows[1][3] == "5" and rows[1][5] == "100", rows
PY
check $? "--class-log: ten votes, ten JSON lines; its CSV sums the question up"

# :class inside a lesson started without --class.  A port held by another
# program first (a listening socket of this script's), then free ones.
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True); time.sleep(120)' >"$tmp/held" &
held_pid=$!
wait_until test -s "$tmp/held"
held=$(cat "$tmp/held")
run "clear; $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 3 --restart; echo M-\$?"
wait_for "scene 1 of 6" && T send-keys -t =t: -l ":scene 4" && keys Enter &&
	wait_for "scene 4 of 6" && keys Enter && wait_for "What does has_zero return" &&
	keys Escape && T send-keys -t =t: -l ":class 127.0.0.1:$held" && keys Enter &&
	wait_for "port $held is busy" && lacks "Join the class" && lacks "M-"
check $? ":class on a busy port: said on the message line, the lesson goes on"

port2=""
for p in $((23000 + $$ % 17000)) $((24000 + $$ % 16000)) $((25000 + $$ % 15000)); do
	T send-keys -t =t: -l ":cl 127.0.0.1:$p" && keys Enter
	if wait_re "Join the class|port $p is busy" >/dev/null && shows "Join the class"; then
		port2=$p; break
	fi
done
base2=http://127.0.0.1:$port2
url2=$(grep -o "$base2/?t=[0-9a-f]*" "$tmp/screen" | head -n 1)
[ -n "$port2" ] && [ -n "$url2" ] && shows "(0 joined of up to "
check $? ":cl 127.0.0.1:PORT in the lesson serves the class and shows the join screen"

curl -s -c "$tmp/jarm" -o /dev/null "$url2" && wait_for "(1 joined of up to "
ev=$(curl -s -b "$tmp/jarm" --max-time 2 "$base2/events" | sed -n 's/^data: //p' | head -n 1)
printf '%s' "$ev" | grep -q '"state":"open"' &&
	printf '%s' "$ev" | grep -q '"prompt":"What does has_zero return' &&
	keys J && wait_for "Live class, vote 1: 0 of 1 answered"
check $? "a phone joins; the question asked before :class is the class's open round"

keys q && wait_for "M-0" && ! curl -s -o /dev/null --max-time 2 "$base2/events"
check $? "q quits (status 0) and the class served by :class is gone"
kill "$held_pid" 2>/dev/null
wait "$held_pid" 2>/dev/null || :

# the check failing: a network namespace of its own (unshare -n, as root)
# whose routing prohibits the way to the served address, which its
# loopback interface has: the server binds it, and the request to it from
# this machine is refused by the kernel (EACCES), as a firewall would
IP=$(PATH=$PATH:/usr/sbin:/sbin command -v ip)
net="$IP link set lo up && $IP addr add 10.9.9.9/32 dev lo && $IP rule del pref 0 &&
	$IP rule add pref 0 to 10.9.9.9 prohibit && $IP rule add pref 1 lookup local"
if [ -z "$IP" ] || ! unshare -n sh -c "$net" >/dev/null 2>&1; then
	ok "the check failing # SKIP no network namespace here (unshare -n and ip, as root)"
else
	run "clear; unshare -n sh -c '$net && exec $BIN --lessons-dir $LESSONS --arch x86-64 --lesson 3 --restart --class=10.9.9.9:8080'; echo N-\$?"
	wait_for "No answer from http://10.9.9.9:8080 here: permission denied." \
		"Phones may fail too: give another address (ip -brief address), or a hotspot." &&
		lacks "Checked from this machine" && keys q && wait_for "N-0"
	check $? "where its own address does not answer, the join screen says so and what to do"
fi
