# Shared by the tests that drive watviz in tmux: source it, after setting
#   SOCK     a private tmux socket name
#   SESSION  the session to read (default t)
#   tmp      a scratch directory
#   TIMEOUT  seconds a wait may take (default 20)
# and call watch_output after making a session (T new-session -s $SESSION).
# Every wait looks again each time the program writes to its terminal, so a
# slow or sanitized run is slower, never flaky.
# SPDX-License-Identifier: GPL-3.0-or-later

T() { tmux -L "$SOCK" -f /dev/null "$@"; }
# the exact target of session $SESSION (or SESSION:WINDOW): a bare "t" is
# first tried as a window name prefix in the newest session, and a pane just
# created there runs as "tmux" for a moment, so "-t t" could reach session r
tgt() { case ${SESSION:-t} in *:*) echo "=${SESSION}" ;; *) echo "=${SESSION:-t}:" ;; esac; }

# the visible screen into $tmp/screen
screen() { T capture-pane -p -t "$(tgt)" >"$tmp/screen" 2>/dev/null; }

# watch_output: what session $SESSION's pane writes goes to a fifo too
# (tmux pipe-pane), which wait_until reads to sleep until the program has
# written, instead of polling ten times a second: a capture and its grep
# cost about 20 ms of CPU (tmux's client alone 11 ms), so a layer that
# waits on a lesson's own timing spent a fifth of a core on looking.
# The pipe's cat holds the fifo open for reading and writing, so that
# neither side blocks in open() and no write gets SIGPIPE.  Called again
# after a session of the same name is made again.
out_fifo() { _f="$tmp/out-$SOCK-${SESSION:-t}"; }
watch_output() {
	out_fifo
	[ -p "$_f" ] || mkfifo "$_f" || return 0
	T pipe-pane -o -t "$(tgt)" "exec cat 1<>'$_f'"
}

# wait_until CMD [ARG...]: capture the screen into $tmp/screen and run CMD,
# again each time the pane has had output since (at least every second;
# every 0.1 s for a session not watched) until it succeeds; 1 after about
# TIMEOUT seconds (an output counts 0.05 s, a quiet second a second, a
# poll 0.1 s; no clock is read: every process started costs milliseconds
# of CPU here).  A test waits for exactly what it asserts: a screen drawn in
# part shows some strings and not yet others, so a grep of one capture
# after waiting for another string is a race.
wait_until() {
	out_fifo
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 20)) ]; do
		screen
		"$@" && return 0
		if [ -p "$_f" ]; then
			# output since the last capture wakes it at once
			timeout 1 dd if="$_f" of=/dev/null bs=65536 count=1 status=none 2>/dev/null
			[ $? -eq 124 ] && _w=$((_w + 19))
			_w=$((_w + 1))
		else
			sleep 0.1
			_w=$((_w + 2))
		fi
	done
	return 1
}

# conditions on the last capture: every fixed string shows; a regex matches;
# a fixed string does not show
shows() {
	for _s in "$@"; do grep -qF -- "$_s" "$tmp/screen" || return 1; done
}
shows_re() { grep -qE -- "$1" "$tmp/screen"; }
lacks() { ! grep -qF -- "$1" "$tmp/screen"; }
# the screen with its attributes (capture-pane -e) holds a fixed string
shows_attr() { T capture-pane -p -e -t "$(tgt)" 2>/dev/null | grep -qF -- "$1"; }

wait_for() { wait_until shows "$@"; }	# the screen shows every fixed string at once
wait_re() { wait_until shows_re "$1"; }	# ... matches an extended regex
wait_gone() { wait_until lacks "$1"; }	# ... no longer shows a string
wait_attr() { wait_until shows_attr "$1"; }	# ... shows an escape sequence
