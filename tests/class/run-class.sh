#!/bin/sh
# The class server's HTTP interface (front/class/classsrv.h, issue 44) with a
# real client: tests/class/driver serves a class on 127.0.0.1 at a free
# port and plays the teacher from stdin; curl plays the phones.  Every
# refusal is checked twice: its status, and that the vote layer counted
# nothing: the student's own vote as its event says it ("mine", while the
# round is open the distribution is hidden from everyone) and the number
# answered; after the reveal, the teacher's tally.  No assertion is about
# time: the server's clock is the driver's and moves when told; waits for
# a stream's next event are bounded polls of what curl has received.
# Prints TAP.   sh tests/class/run-class.sh BUILD
# Skips (and says so) without curl, or in a build without the server
# (make MHD=no); the QR check skips without zbarimg (zbar-tools).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
DIR=$(dirname "$0")
DRIVER=$BUILD/tests/class/driver
tmp=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
. "$DIR/../lib/tap.sh"

if ! command -v curl >/dev/null 2>&1; then
	echo "1..0 # SKIP curl is not installed (apt-get install curl)"
	exit 0
fi
if [ ! -x "$DRIVER" ]; then
	echo "1..1"
	echo "not ok 1 - $DRIVER is not built (make $DRIVER)"
	exit 1
fi

# ---- the driver: start DIR ARGS... (fds 3/4 for class A, 5/6 for B) ----
# start NAME ADDR PORT [PER_ADDRESS]: a driver whose commands go to
# $tmp/NAME.in and whose answers come from $tmp/NAME.out
start() {
	name=$1
	shift
	mkfifo "$tmp/$name.in" "$tmp/$name.out"
	"$DRIVER" "$@" <"$tmp/$name.in" >"$tmp/$name.out" 2>"$tmp/$name.err" &
	pids="$pids $!"
	eval "${name}pid=$!"
}
# teacher FD_IN FD_OUT COMMAND: one command, its answer in $said
said=""
teach_a() { echo "$1" >&3 && read -r said <&4; }
teach_b() { echo "$1" >&5 && read -r said <&6; }

start a 127.0.0.1 0
exec 3>"$tmp/a.in" 4<"$tmp/a.out"
read -r first <&4
if [ "$first" = nomhd ]; then
	echo "1..0 # SKIP this build has no class server (make MHD=no, or libmicrohttpd-dev missing)"
	exit 0
fi
URL=${first#url }
read -r line <&4 && CODE=${line#code }
read -r line <&4 && CAP=${line#capacity }
read -r line <&4
HP=${URL#http://}
HP=${HP%%/*}
BASE=http://$HP
TOKEN=${URL##*t=}
echo "1..71"
echo "# $URL code $CODE capacity $CAP"

# status CODE of one request: curl's options after it; the body in
# $tmp/body, the headers in $tmp/head
http() {
	curl -s -o "$tmp/body" -D "$tmp/head" -w '%{http_code}' "$@"
}
# the driver's line for a command, compared with what is wanted
expect_a() {
	teach_a "$1"
	[ "$said" = "$2" ] || { echo "# $1: got '$said', want '$2'"; return 1; }
}
is() {
	[ "$1" = "$2" ] && return 0
	echo "# got '$1', want '$2'"
	sed 's/^/#   /' "$tmp/head" "$tmp/body" 2>/dev/null | head -20
	return 1
}

case $URL in http://127.0.0.1:[0-9]*/\?t=[0-9a-f]*) r=0 ;; *) r=1 ;; esac
[ ${#TOKEN} -eq 32 ] || r=1
ok $r "the driver serves on 127.0.0.1 at a free port; the link's token is 128 bits of hex"
echo "$CODE" | grep -Eq '^[2-9A-HJ-NP-Z]{6}$'
ok $? "the join code is 6 characters without 0/O or 1/I ($CODE)"
[ "$CAP" -ge 1 ] 2>/dev/null
ok $? "the server says how many students it can hold ($CAP)"

# the check of its own address: the request a phone sends first, from
# this machine, answered; a bounded poll of the driver's word (its loop
# runs the check as it runs the server)
i=0
while teach_a check && [ "$said" = "check checking" ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
checked=$said
[ "$checked" = "check answers" ] && expect_a status "status none 0 0 0 0"
ok $? "the server checks its own address at start: '$checked', and nobody joined by it"

# ---- joining ----
s=$(http -c "$tmp/jar" "$URL")
is "$s" 200 && grep -Eiq '^set-cookie: wv_id=[0-9a-f]{32}; Path=/; HttpOnly; SameSite=Strict' "$tmp/head"
ok $? "GET /?t=TOKEN: the page, and a 128-bit student id in an HttpOnly SameSite=Strict cookie"
ID=$(awk '$6 == "wv_id" { print $7 }' "$tmp/jar")
grep -q '<script src="/page.js"' "$tmp/body" && ! grep -Eq '(src|href)="(https?:)?//' "$tmp/body"
ok $? "the page loads its script and style from the server itself, nothing from elsewhere"
size=0
for f in page.html page.css page.js; do
	[ $f = page.html ] && u=$URL || u=$BASE/$f
	s=$(http -b "$tmp/jar" "$u")
	[ "$s" = 200 ] || size=999999
	size=$((size + $(wc -c <"$tmp/body")))
done
[ "$size" -lt 51200 ]
ok $? "the page's three files are served, $size bytes in all (under 50 KB)"
expect_a status "status none 0 0 1 0"
ok $? "one student joined"
s=$(http -b "$tmp/jar" -c "$tmp/jar" "$URL")
is "$s" 200 && ! grep -qi '^set-cookie' "$tmp/head" && expect_a status "status none 0 0 1 0"
ok $? "a reload with the cookie keeps its id: no new cookie, still one student"
s=$(http "$BASE/?t=0123456789abcdef0123456789abcdef")
is "$s" 403 && ! grep -qi '^set-cookie' "$tmp/head" && expect_a status "status none 0 0 1 0"
ok $? "a bad token: 403, no cookie, nobody joined"
s=$(http "$BASE/")
is "$s" 200 && grep -q 'action="/join"' "$tmp/body" && expect_a status "status none 0 0 1 0"
ok $? "GET / without token or cookie: the form for the code, nobody joined"

s=$(http "$BASE/join?code=$(echo "$CODE" | tr 'A-Z' 'a-z')")
is "$s" 303 && grep -qi "^location: /?t=$TOKEN" "$tmp/head"
ok $? "the join code (typed in lowercase): 303 to the link with the token"
i=0
bad=""
while [ $i -lt 9 ]; do
	bad="$bad $(http "$BASE/join?code=AAAAAA")"
	i=$((i + 1))
done
s=$(http "$BASE/join?code=$CODE")
is "$bad $s" " 403 403 403 403 403 403 403 403 403 429" && grep -qi '^retry-after: 60' "$tmp/head"
ok $? "wrong codes: 403; the 11th try in a minute from one address: 429, even with the right code"
teach_a "clock 60001"
s=$(http "$BASE/join?code=$CODE")
is "$s" 303
ok $? "a minute later (the server's clock) the code is accepted again"

# ---- events ----
s=$(http --max-time 2 "$BASE/events")
is "$s" 403 && expect_a status "status none 0 0 1 0"
ok $? "GET /events without the cookie: 403"
FORGED=$(echo "$ID" | tr '0-9a-f' '1-9a-f0')	# well formed, never given
s=$(http --max-time 2 -b "wv_id=$FORGED" "$BASE/events")
is "$s" 403 && s=$(http -b "wv_id=$FORGED" "$BASE/") && is "$s" 200 &&
	grep -q 'action="/join"' "$tmp/body" && expect_a status "status none 0 0 1 0"
ok $? "a well-formed cookie the server never gave: /events 403, / the form for the code"
curl -s -N -b "$tmp/jar" --max-time 1 "$BASE/events" >"$tmp/ev" 2>/dev/null
grep -q '^data: {.*"state":"none"' "$tmp/ev" && grep -q '^retry: ' "$tmp/ev"
ok $? "GET /events: the first event is data: JSON of the round (none yet)"
grep -q '^Content-Type: text/event-stream' "$tmp/head" 2>/dev/null ||
	curl -s -N -b "$tmp/jar" --max-time 1 -D "$tmp/head" -o /dev/null "$BASE/events"
grep -qi '^content-type: text/event-stream' "$tmp/head"
ok $? "its Content-Type is text/event-stream"

# a stream held open while the teacher acts: waits are polls of its file
stream() {	# stream FILE JAR: an event stream in the background
	curl -s -N -b "$2" --max-time 600 "$BASE/events" >"$1" 2>/dev/null &
	pids="$pids $!"
	eval "$(basename "$1" | tr -c 'a-z0-9\n' _)pid=$!"
}
waitfor() {	# waitfor FILE PATTERN: up to 30 s for it to arrive
	i=0
	while [ $i -lt 600 ]; do
		grep -q "$2" "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	echo "# $1 never got $2:"
	sed 's/^/#   /' "$1" | head -5
	return 1
}
stream "$tmp/live" "$tmp/jar"
waitfor "$tmp/live" '"state":"none"'
teach_a open
[ "$said" = "round 1" ] && waitfor "$tmp/live" '"state":"open"'
ok $? "the teacher opens a question: the open stream gets the new event"
grep '"state":"open"' "$tmp/live" | grep -q '"round":1' &&
	grep '"state":"open"' "$tmp/live" | grep -q '"options":\["0","3","4",'
ok $? "the event has the round, the question and the options"
grep '"state":"open"' "$tmp/live" | grep -Eqv '"right"|per_option|"tally"'
ok $? "an open round's event says nothing of the right answer or the distribution"
teach_a "clock 15001"
waitfor "$tmp/live" '^: '
ok $? "15 s on the server's clock: a heartbeat comment on the open stream"
stream "$tmp/live2" "$tmp/jar"
waitfor "$tmp/live2" '"state":"open"'
i=0
while kill -0 "$livepid" 2>/dev/null && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
! kill -0 "$livepid" 2>/dev/null
ok $? "a second stream of the same student (a reloaded page) ends the first"

# ---- voting ----
vote() {	# vote JAR BODY [CURL OPTIONS]
	jar=$1 body=$2
	shift 2
	http -b "$jar" -H 'Content-Type: application/x-www-form-urlencoded' \
		--data-binary "$body" "$@" "$BASE/vote"
}
s=$(vote "$tmp/jar" 'answer=2&round=1')
is "$s" 200 && grep -q received "$tmp/body" && expect_a "mine $ID" "mine 2" &&
	expect_a status "status open 1 1 1 1"
ok $? "POST /vote answer=2&round=1: 200 received, counted as this student's vote for option 2"
s=$(vote "$tmp/jar" 'answer=1&round=1')
is "$s" 200 && expect_a "mine $ID" "mine 1" && expect_a status "status open 1 1 1 1"
ok $? "a changed vote replaces the first: option 1, still one vote"
s=$(vote "$tmp/jar" 'answer=0&round=7')
is "$s" 409 && expect_a "mine $ID" "mine 1" && expect_a status "status open 1 1 1 1"
ok $? "a vote for another round: 409, not counted"
s=$(vote "$tmp/jar" 'answer=4&round=1')
is "$s" 400 && expect_a "mine $ID" "mine 1" && expect_a status "status open 1 1 1 1"
ok $? "an answer that is not an option: 400, not counted"
s=$(vote /dev/null 'answer=0&round=1')
is "$s" 403 && expect_a "mine $ID" "mine 1" && expect_a status "status open 1 1 1 1"
ok $? "a vote without the student cookie: 403, not counted"
s=$(vote "$tmp/jar" 'answer=0&round=1' -H "Origin: $BASE" -H 'Sec-Fetch-Site: same-origin')
is "$s" 200 && expect_a "mine $ID" "mine 0"
ok $? "a vote from the page itself (Origin and Sec-Fetch-Site): 200"

# ---- refusals, each with nothing counted ----
counted_once() {	# the one student's vote is still option 0, once
	expect_a "mine $ID" "mine 0" && expect_a status "status $1 1 1 1 1"
}
refused() {	# refused STATUS DESCRIPTION CURL-ARGS...: nothing counted
	want=$1 what=$2
	shift 2
	s=$("$@")
	is "$s" "$want" && counted_once "${state:-open}"
	ok $? "$what: $want, not counted"
}
refused 421 "a vote with another Host (DNS rebinding)" \
	vote "$tmp/jar" 'answer=3&round=1' -H 'Host: evil.example:80'
refused 421 "a page with another Host" http -H 'Host: watviz.evil.example' "$URL"
refused 403 "a cross-origin vote (Origin of another site)" \
	vote "$tmp/jar" 'answer=3&round=1' -H 'Origin: http://evil.example'
refused 403 "a vote with Sec-Fetch-Site: cross-site" \
	vote "$tmp/jar" 'answer=3&round=1' -H 'Sec-Fetch-Site: cross-site'
refused 403 "a vote from another port of the same host (another origin)" \
	vote "$tmp/jar" 'answer=3&round=1' -H "Origin: http://127.0.0.1:1"
head -c 2000 /dev/zero | tr '\0' 'a' >"$tmp/big"
refused 413 "a 2000-byte body" vote "$tmp/jar" "answer=3&round=1&x=$(cat "$tmp/big")"
refused 413 "a 2000-byte body sent chunked (no Content-Length)" \
	vote "$tmp/jar" "answer=3&round=1&x=$(cat "$tmp/big")" -H 'Transfer-Encoding: chunked'
head -c 9000 /dev/zero | tr '\0' 'b' >"$tmp/hdr"
s=$(vote "$tmp/jar" 'answer=3&round=1' -H "X-Big: $(cat "$tmp/hdr")")
case $s in 431 | 413 | 400) r=0 ;; *) r=1; echo "# got $s" ;; esac
[ $r -eq 0 ] && counted_once open || r=1
ok $r "9 KB of headers: $s (MHD's refusal), not counted"
refused 400 "a body without round" vote "$tmp/jar" 'answer=3'
refused 400 "a body with a non-number answer" vote "$tmp/jar" 'answer=x&round=1'
refused 400 "a body with the answer twice" vote "$tmp/jar" 'answer=3&answer=2&round=1'
refused 400 "a body with a negative or huge answer" vote "$tmp/jar" 'answer=-1&round=1'
refused 400 "a body with a non-UTF-8 byte" vote "$tmp/jar" "$(printf 'answer=3&round=1&x=\377')"
refused 400 "a body with a percent-encoded non-UTF-8 byte" vote "$tmp/jar" 'answer=3&round=1&x=%C0%AF'
refused 415 "a vote as JSON" http -b "$tmp/jar" -H 'Content-Type: application/json' \
	--data-binary '{"answer":3,"round":1}' "$BASE/vote"
s=$(vote "$tmp/jar" 'answer=<script>alert(1)</script>&round=1')
is "$s" 400 && ! grep -q '<script>' "$tmp/body" && grep -qi '^content-type: text/plain' "$tmp/head"
ok $? "a refused vote's answer is not echoed: the reply is plain text without it"
s=$(http -b "$tmp/jar" "$BASE/vote")
is "$s" 405 && grep -qi '^allow: POST' "$tmp/head"
ok $? "GET /vote: 405, Allow: POST"
s=$(http -X PUT --data-binary 'x' "$URL")
is "$s" 405 && grep -qi '^allow: GET, HEAD' "$tmp/head"
ok $? "PUT /: 405, Allow: GET, HEAD"
s=$(http -X DELETE -b "$tmp/jar" "$BASE/events")
is "$s" 405
ok $? "DELETE /events: 405"
s=$(http "$BASE/admin")
is "$s" 404 && s=$(http "$BASE/page.html") && is "$s" 404 && s=$(http -X POST "$BASE/reveal") &&
	is "$s" 404
ok $? "unknown paths (/admin, /page.html, POST /reveal: no teacher endpoint): 404"

# ---- closing, revealing, voting again ----
teach_a close
waitfor "$tmp/live2" '"state":"closed"'
ok $? "the teacher closes the round: the stream follows"
state=closed
refused 409 "a vote while the round is closed" vote "$tmp/jar" 'answer=3&round=1'
teach_a reveal
waitfor "$tmp/live2" '"state":"revealed"' &&
	grep '"state":"revealed"' "$tmp/live2" | grep -q '"right":1' &&
	grep '"state":"revealed"' "$tmp/live2" | grep -q '"mine":0' &&
	grep '"state":"revealed"' "$tmp/live2" | grep -q '"diagnosis":"counted from the wrong end"'
ok $? "the reveal: the stream gets the right answer, this student's vote and its diagnosis"
expect_a "tally 1" "tally 1 1 1 0 0 0"
ok $? "the teacher's tally once revealed: one vote, on option 0, the last one the student chose"
teach_a revote
[ "$said" = "round 2" ] && waitfor "$tmp/live2" '"round":2,.*"state":"open"' &&
	grep '"round":2,' "$tmp/live2" | grep '"state":"open"' | grep -q '"vote":2'
ok $? "a second vote on the same question: round 2, vote 2, the stream follows"
s=$(vote "$tmp/jar" 'answer=1&round=2')
is "$s" 200 && expect_a "mine $ID" "mine 1" && teach_a close && teach_a reveal &&
	expect_a "tally 2" "tally 2 1 0 1 0 0" && expect_a "tally 1" "tally 1 1 1 0 0 0"
ok $? "the second vote counts in vote 2; vote 1's counts are kept"

# ---- a second class: the address limits, the full class ----
# idle limit 5 s: short for the slow client below, long enough that a
# kept-alive connection of the full class is never dropped between two of
# curl's requests on a loaded machine (1 s lost one at load 50)
start b 127.0.0.1 0 2 5
exec 5>"$tmp/b.in" 6<"$tmp/b.out"
read -r line <&6 && URLB=${line#url }
read -r line <&6
read -r line <&6 && CAPB=${line#capacity }
read -r line <&6
BASEB=${URLB%%/\?*}
curl -s -c "$tmp/jarb" -o /dev/null "$URLB"
curl -s -c "$tmp/jarb2" -o /dev/null "$URLB"
# a whole class: as many students as it holds, then two more
i=1
while [ $i -le "$CAPB" ]; do
	echo "url = \"$URLB\""
	echo "output = /dev/null"
	i=$((i + 1))
done >"$tmp/many.cfg"
curl -s -w '%{http_code}\n' --config "$tmp/many.cfg" >"$tmp/many"
teach_b status
n200=$(grep -c '^200$' "$tmp/many")
n503=$(grep -c '^503$' "$tmp/many")
[ "$n200" -eq $((CAPB - 2)) ] && [ "$n503" -eq 2 ] && [ "$said" = "status none 0 0 $CAPB 0" ]
ok $? "a full class ($CAPB students): the next get 503 and are not counted ($n200 + 2 joined, $n503 refused)"
# a slow client (slowloris): half a request, then nothing; class B drops
# an idle connection after 5 s.  The check is that it is dropped, with
# nothing counted, not when: the wait is bounded at 30 s
HPB=${BASEB#http://}
python3 - "${HPB%:*}" "${HPB##*:}" <<'PY'
import socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
s.settimeout(30)
s.sendall(b"POST /vote HTTP/1.1\r\nHost: x\r\nContent-Le")
try:
    got = s.recv(100)
except socket.timeout:
    sys.exit(1)
sys.exit(0 if got == b"" or got.startswith(b"HTTP/1.1 4") else 1)
PY
r=$?
teach_b status
[ $r -eq 0 ] && [ "$said" = "status none 0 0 $CAPB 0" ] || r=1
ok $r "a client that stops in the middle of its headers is dropped (idle limit), nothing counted"
# two students' streams held open from 127.0.0.1, then a third connection
curl -s -N -b "$tmp/jarb" --max-time 60 "$BASEB/events" >"$tmp/b1" 2>/dev/null &
b1=$!
curl -s -N -b "$tmp/jarb2" --max-time 60 "$BASEB/events" >"$tmp/b2" 2>/dev/null &
b2=$!
pids="$pids $b1 $b2"
waitfor "$tmp/b1" '^data: ' >/dev/null && waitfor "$tmp/b2" '^data: ' >/dev/null
s=$(http --max-time 30 -b "$tmp/jarb" "$BASEB/events")
teach_b status
is "$s" 503 && grep -qi '^retry-after: 5' "$tmp/head" && grep -qi '^connection: close' "$tmp/head" &&
	grep -qi '^content-type: text/plain' "$tmp/head" &&
	grep -q '^Too many connections from this address' "$tmp/body" &&
	[ "$said" = "status none 0 0 $CAPB 0" ]
ok $? "a third connection from an address that holds 2 (per-address limit 2): 503, Retry-After, a sentence, closed, nothing counted"
s=$(http -b "$tmp/jarb" -H 'Content-Type: application/x-www-form-urlencoded' \
	--data-binary 'answer=0&round=1' "$BASEB/vote")
teach_b status
is "$s" 503 && [ "$said" = "status none 0 0 $CAPB 0" ]
ok $? "a vote on a connection too many: 503 before anything is read, not counted"
# the streams end; the server sees it when its writes to them fail (a
# heartbeat, on its clock, each time it is asked): then the address may
# connect again
kill $b1 $b2 2>/dev/null
i=0
while s=$(http --max-time 30 -b "$tmp/jarb" "$URLB") && [ "$s" = 503 ] && [ $i -lt 100 ]; do
	teach_b "clock 15001"
	i=$((i + 1))
done
is "$s" 200
ok $? "once those connections have closed, the address is served again"

# ---- where it serves: only where told ----
refusal() {	# the driver's first line when it cannot start on ADDR PORT
	"$DRIVER" "$1" "$2" </dev/null 2>/dev/null | head -n 1
}
line=$(refusal 0.0.0.0 0)
case $line in "error 0.0.0.0 is every interface"*) r=0 ;; *) r=1; echo "# $line" ;; esac
ok $r "0.0.0.0 is refused: the server binds only the one address the students reach"
line=$(refusal 192.0.2.1 0)
case $line in "error no network interface of this machine has the address 192.0.2.1"*) r=0 ;;
*) r=1; echo "# $line" ;; esac
ok $r "an address no interface has: said plainly"
line=$(refusal 127.0.0.1 "${HP##*:}")
case $line in "error 127.0.0.1 port ${HP##*:} is busy"*) r=0 ;; *) r=1; echo "# $line" ;; esac
ok $r "a busy port: said plainly, with another to try"
start c ::1 0
exec 7>"$tmp/c.in" 8<"$tmp/c.out"
read -r line <&8
case $line in
url*)
	URLC=${line#url }
	read -r line <&8 && read -r line <&8 && read -r line <&8
	s1=$(curl -g -s -o /dev/null -w '%{http_code}' "$URLC")
	s2=$(curl -g -s -o /dev/null -w '%{http_code}' -H 'Host: [::2]:80' "$URLC")
	case $URLC in "http://[::1]:"*) r=0 ;; *) r=1 ;; esac
	[ "$s1 $s2" = "200 421" ] || r=1
	echo quit >&7
	ok $r "on ::1: the link is http://[::1]:PORT/..., it serves (200) and checks Host (421)"
	;;
*) ok 0 "IPv6 # SKIP no ::1 here ($line)" ;;
esac

# ---- the QR code of the join link ----
echo "qr 2 0" >&3
: >"$tmp/qr.txt"
while IFS= read -r line <&4; do
	case $line in end*) break ;; esac
	printf '%s\n' "$line" >>"$tmp/qr.txt"
done
set -- $line
rows=$2 cols=$3
[ "$rows" -gt 0 ] && [ "$rows" -le 22 ] && [ "$cols" -le 80 ] &&
	[ "$(wc -l <"$tmp/qr.txt")" -eq "$rows" ]
ok $? "the QR code of the link: $rows rows of $cols half-block cells (fits 80x24)"
if command -v zbarimg >/dev/null 2>&1; then
	python3 "$DIR/qr-png.py" "$tmp/qr.txt" "$tmp/qr.png" 6 &&
		got=$(zbarimg --quiet --raw "$tmp/qr.png" 2>/dev/null)
	is "$got" "$URL"
	ok $? "zbarimg reads the join link back from the rows drawn as a PNG"
else
	ok 0 "zbarimg reads the QR rows # SKIP zbar-tools is not installed"
fi

# ---- "see the bits": the full page, in a build with it compiled in ----
s=$(http -b "$tmp/jar" "$BASE/bits")
is "$s" 404
ok $? "without the full page compiled in, /bits is 404 (and no event links it)"
ROOT=$(cd "$DIR/../.." && pwd)
case $BUILD in /*) B=$BUILD ;; *) B=$ROOT/$BUILD ;; esac
# the full page is the wasm32 module make check leaves to make check-full
# (built here, one compiler at a time, it was 23 s of this layer's CPU)
nobits="make check-full's (CI's): the full page's wasm32 module"
[ -n "${WATVIZ_CHECK_FULL:-}" ] && nobits="no wasm toolchain to build the full page (make web)"
if [ -n "${WATVIZ_CHECK_FULL:-}" ] && command -v clang >/dev/null 2>&1 &&
	[ -f /usr/include/wasm32-wasi/stdio.h ] &&
	command -v wasm-ld >/dev/null 2>&1 &&
	make -C "$ROOT" --no-print-directory BUILD="$BUILD" "$BUILD/tests/class/driver-bits" \
		>"$tmp/make.log" 2>&1; then
	mkfifo "$tmp/d.in" "$tmp/d.out"
	"$B/tests/class/driver-bits" 127.0.0.1 0 <"$tmp/d.in" >"$tmp/d.out" 2>"$tmp/d.err" &
	pids="$pids $!"
	exec 8>"$tmp/d.in" 9<"$tmp/d.out"
	read -r line <&9 && URLC=${line#url }
	read -r line <&9 && read -r line <&9 && read -r line <&9
	BASEC=${URLC%%/\?*}
	sc=$(http "$BASEC/bits")
	http -c "$tmp/jarc" "$URLC" >/dev/null
	s=$(http -b "$tmp/jarc" "$BASEC/bits")
	r=0
	is "$sc $s" "403 200" || r=1
	cmp -s "$tmp/body" "$B/web/watviz.html" || { echo "# /bits is not make web's page"; r=1; }
	grep -iq "^content-security-policy: default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; worker-src blob:" \
		"$tmp/head" || { echo "# the page's policy is not sent"; r=1; }
	ok $r "/bits: 403 without a student's cookie; with it, make web's page whole, under the page's own policy"
	echo open >&8 && read -r line <&9
	curl -s -N -b "$tmp/jarc" --max-time 1 "$BASEC/events" 2>/dev/null | sed -n 's/^data: //p' | tail -n 1 >"$tmp/ev-open"
	echo reveal >&8 && read -r line <&9
	curl -s -N -b "$tmp/jarc" --max-time 1 "$BASEC/events" 2>/dev/null | sed -n 's/^data: //p' | tail -n 1 >"$tmp/ev-shown"
	r=0
	grep -q '"state":"open"' "$tmp/ev-open" && ! grep -q '"bits"' "$tmp/ev-open" || r=1
	grep -q '"state":"revealed".*"bits":"/bits#lesson=3&scene=2"' "$tmp/ev-shown" || r=1
	[ $r = 0 ] || sed 's/^/# /' "$tmp/ev-open" "$tmp/ev-shown"
	ok $r "the link to the scene on the full page comes after the reveal, never while the vote is open"
	echo quit >&8
else
	ok 0 "/bits # SKIP $nobits"
	ok 0 "the bits link # SKIP $nobits"
fi

# ---- a phone gone without a word: its stream ends, it is no longer here ----
# A stream lives 2 to 3 minutes on the server's clock (then the page opens
# a new one): a page that reads nothing (or a phone gone, whose end never
# says so) is no longer counted here once it ends, and stays joined.
if command -v python3 >/dev/null 2>&1; then
	kill $livepid $live2pid 2>/dev/null
	teach_a "clock 200000"	# every stream so far ends
	i=0
	while teach_a here && [ "$said" != "here 0" ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	r=0
	[ "$said" = "here 0" ] || { echo "# before: $said"; r=1; }
	s=$(http -c "$tmp/jarq" "$URL")
	[ "$s" = 200 ] || r=1
	teach_a status
	joined=$(echo "$said" | cut -d' ' -f5)
	mkfifo "$tmp/quiet.out"
	python3 "$DIR/quiet.py" "${HP%:*}" "${HP##*:}" \
		"wv_id=$(awk '$6 == "wv_id" { print $7 }' "$tmp/jarq")" "$tmp/quiet.go" \
		>"$tmp/quiet.out" 2>&1 &
	pids="$pids $!"
	exec 7<"$tmp/quiet.out"
	read -r line <&7
	[ "$line" = streaming ] || { echo "# $line"; r=1; }
	expect_a here "here 1" || r=1
	teach_a "clock 100000"	# 100 s: young still, heartbeats unread
	expect_a here "here 1" || r=1
	teach_a "clock 81000"	# 181 s: past any stream's life
	i=0
	while teach_a here && [ "$said" != "here 0" ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ "$said" = "here 0" ] || { echo "# after 181 s: $said"; r=1; }
	teach_a status
	[ "$(echo "$said" | cut -d' ' -f5)" = "$joined" ] || { echo "# $said"; r=1; }
	: >"$tmp/quiet.go"
	read -r line <&7
	case $line in "closed "*"retry: 500"*) ;; *) echo "# the quiet phone: $line"; r=1 ;; esac
	exec 7<&-
	ok $r "a stream that reads nothing: here at 100 s, ended by 181 s (retry: 500, closed), no longer here, still joined"
else
	ok 0 "a stream that reads nothing # SKIP no python3"
fi

# both classes end at the teacher's word, with nothing said on stderr (in
# make asan's build: no leak, no error)
echo quit >&3
echo quit >&5
r=0
wait "$apid" || r=1
wait "$bpid" || r=1
[ -s "$tmp/a.err" ] || [ -s "$tmp/b.err" ] && r=1
sed 's/^/# /' "$tmp/a.err" "$tmp/b.err" | head -30
ok $r "the drivers stop their servers and exit 0 with nothing on stderr"
[ "$fails" -eq 0 ]
