# Shared by the tmux scripts (tests/tui/run-*.sh): TAP counting, a private
# tmux server and scratch directory, and the waits of tests/lib/tmux.sh.
# The caller sets BIN and PLAN, then sources this file.
# SPDX-License-Identifier: GPL-3.0-or-later
echo "1..$PLAN"
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1)); echo "not ok $n - $1"
	sed 's/^/# | /' "$tmp/screen" 2>/dev/null
}
check() { if [ "$1" = 0 ]; then ok "$2"; else notok "$2"; fi; }

if ! command -v tmux >/dev/null 2>&1 || [ ! -x "$BIN" ]; then
	i=0
	while [ $i -lt $PLAN ]; do
		i=$((i + 1)); echo "not ok $i - tmux or $BIN missing"
	done
	exit 1
fi

tmp=$(mktemp -d)
SOCK=watviz-test-$$
cleanup() {
	[ -n "${rec_pid:-}" ] && kill "$rec_pid" 2>/dev/null
	T kill-server >/dev/null 2>&1
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# slow machines and sanitizers: generous, but bounded
TIMEOUT=${WATVIZ_TUI_TIMEOUT:-20}

. "$(dirname "$0")/../lib/tmux.sh"

keys() { T send-keys -t =t: "$@"; }
# type a line into the shell in the pane
run() { T send-keys -t =t: -l "$1"; T send-keys -t =t: Enter; }

# start_shell COLS ROWS: a clean shell in session t (no inherited environment
# but the sanitizer options), in $tmp, with the terminal modes saved to
# $tmp/stty.before for the checks after quitting.
start_shell() {
	mkdir -p "$tmp/home" "$tmp/state"
	T new-session -d -s t -x "$1" -y "$2" \
		"env -i HOME=$tmp/home XDG_STATE_HOME=$tmp/state TERM=screen-256color \
		 PATH=/usr/bin:/bin LANG=C.UTF-8 ASAN_OPTIONS=${ASAN_OPTIONS:-} \
		 UBSAN_OPTIONS=${UBSAN_OPTIONS:-} LSAN_OPTIONS=${LSAN_OPTIONS:-} PS1='$ ' sh" || {
		echo "# tmux could not start"; exit 1; }
	watch_output
	wait_for '$' >/dev/null
	cd "$tmp" || exit 1
	run "cd $tmp; stty -a >stty.before; echo BEFORE-\$?"
	wait_for "BEFORE-0"
}

# term_size COLS ROWS: the window made that size, then a wait till the
# pane's terminal has it, read from the terminal itself (tmux applies a
# pane's resize up to 250 ms after the one before it: a program started
# at once gets the size before)
term_is() { [ "$(stty -F "$(T display-message -p -t "$(tgt)" '#{pane_tty}')" size 2>/dev/null)" = "$2 $1" ]; }
term_size() {
	T resize-window -t "$(tgt)" -x "$1" -y "$2" && wait_until term_is "$1" "$2"
}

# --record into a FIFO read as the program writes it, so that a test reads
# the program's own clock while it runs.  rec_fifo NAME makes
# $tmp/NAME.fifo (give it to --record; the program opens it without
# waiting, so it has a reader first: this shell holds it open on fd 5 and
# a cat copies it to $tmp/NAME.cast); rec_opened once the program drew its
# first screen (it has the FIFO open), so that the copy ends when the
# program does; rec_done STATUS after the wait for its quitting (the copy
# is whole then; a STATUS other than 0: the program may still run, and the
# copy is ended as it is).
rec_fifo() {
	rm -f "$tmp/$1.fifo" "$tmp/$1.cast"
	mkfifo "$tmp/$1.fifo" || return 1
	exec 5<>"$tmp/$1.fifo"
	cat "$tmp/$1.fifo" 5>&- >"$tmp/$1.cast" &
	rec_pid=$!
}
rec_opened() { exec 5>&-; }
rec_done() {
	exec 5>&-
	[ "${1:-0}" -eq 0 ] || kill "$rec_pid" 2>/dev/null
	{ wait "$rec_pid"; } 2>/dev/null
}

CAST_PY="python3 $(cd "$(dirname "$0")/../lib" && pwd)/cast.py"
# the copy ends in a whole event and has more than $2 lines
rec_grew() { [ "$(wc -l <"$1")" -gt "$2" ] && [ -z "$(tail -c 1 "$1")" ]; }
# the time of the last event of cast $1, in ms of the program's clock
rec_ms() { awk -F'[[,]' 'END { printf "%d\n", $2 * 1000 + 0.5 }' "$1"; }
# the time (ms) of the first frame of cast $1 whose screen shows $2, into
# rec_t0; 1 while none does yet
rec_first() {
	rec_t0=$($CAST_PY screens "$1" 2>/dev/null | awk -v s="$2" '
		/^@ / { t = substr($0, 3); next }
		index($0, s) { printf "%d\n", t * 1000 + 0.5; exit }')
	[ -n "$rec_t0" ]
}

# held CAST TEXT TICK_MS TICKS: that the program holds still is read from
# its own record, not from a sleep: from the first frame of CAST (a
# rec_fifo copy) that shows TEXT (which the caller has waited for), the
# window is made a row shorter than the recording, then as tall, over and
# over, each time waiting for the frame the program draws for the new size
# (a resize redraws, and stops neither play nor autoplay), until it has
# drawn one TICKS ticks of TICK_MS after that first frame, on its clock,
# and at least two after the first tick: had it gone on, a tick would have
# come before the next probe (after a probe the program waits no longer
# than its next tick).  The recording must be at the window's size (the
# terminal's as the program started: term_size first) and a row taller than
# the screen's least (80x25 for 80x24), so that every frame is whole in
# the cast (a player cuts what is outside its header's size).  The window
# is left as it was.  Then $tmp/held holds every frame from that first one on
# (cast.py screens: "@ TIME", then its rows) and held_said says how many
# frames and over how long.
held() {
	TIMEOUT=${TIMEOUT:-20} wait_until rec_first "$1" "$2" || {
		echo "# no frame of the record shows: $2"; return 1; }
	_t0=$rec_t0 _end=$((rec_t0 + $3 * $4)) _late=0 _k=0
	# shellcheck disable=SC2046 # two numbers each, split into words
	set -- "$@" $(sed -n '1s/.*"width": *\([0-9]*\).*"height": *\([0-9]*\).*/\1 \2/p' "$1") \
		$(T display-message -p -t "$(tgt)" '#{window_width} #{window_height}')
	[ "$5 $6" = "$7 $8" ] || {
		echo "# the recording is $5x$6, the window $7x$8: start the program at the window's size"
		return 1; }
	while :; do
		_lines=$(wc -l <"$1")
		_k=$((_k + 1))
		T resize-window -t "$(tgt)" -x "$5" -y $(($6 - _k % 2))
		wait_until rec_grew "$1" "$_lines" || {
			echo "# no frame drawn for the window's new size"; return 1; }
		_t=$(rec_ms "$1")
		[ "$_t" -ge $((_t0 + $3)) ] && _late=$((_late + 1))
		[ $((_k % 2)) -eq 0 ] && [ "$_t" -ge "$_end" ] && [ "$_late" -ge 2 ] && break
		sleep 0.25	# paces the probes (tmux defers a resize that comes
				# sooner after the last); decides nothing
	done
	$CAST_PY screens "$1" 2>/dev/null | awk -v t0="$_t0" '
		/^@ / { on = substr($0, 3) * 1000 + 0.5 >= t0 } on' >"$tmp/held"
	held_said="$(grep -c '^@ ' "$tmp/held") frames over $(( (_t - _t0) / 1000 )).$(( (_t - _t0) % 1000 / 100 )) s, $_k probes"
}
# held_frames STRING... [--not STRING...]: every frame in $tmp/held shows
# each fixed string before --not and none after it
held_frames() {
	_ifs=$IFS; IFS=$(printf '\034'); HELD_SPEC="$*"; IFS=$_ifs
	HELD_SPEC=$HELD_SPEC awk '
		BEGIN { n = split(ENVIRON["HELD_SPEC"], w, "\034") }
		function done(   i, neg) {
			if (!seen) return
			for (i = 1; i <= n; i++) {
				if (w[i] == "--not") { neg = 1; continue }
				if (!neg && !(i in has)) { print "# frame @" at " lacks: " w[i]; bad = 1 }
				if (neg && (i in has)) { print "# frame @" at " shows: " w[i]; bad = 1 }
			}
			delete has }
		/^@ / { done(); seen = 1; at = substr($0, 3); next }
		{ for (i = 1; i <= n; i++) if (w[i] != "--not" && index($0, w[i])) has[i] = 1 }
		END { done(); if (!seen) { print "# no frame"; bad = 1 } exit bad }' "$tmp/held"
}
