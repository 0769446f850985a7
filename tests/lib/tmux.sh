# Shared by the tests that drive watviz in tmux: source it, after setting
#   SOCK     a private tmux socket name
#   SESSION  the session to read (default t)
#   tmp      a scratch directory
#   TIMEOUT  seconds a wait may take (default 20)
# Every wait polls, so a slow or sanitized run is slower, never flaky.
# SPDX-License-Identifier: GPL-3.0-or-later

T() { tmux -L "$SOCK" -f /dev/null "$@"; }
# the exact target of session $SESSION (or SESSION:WINDOW): a bare "t" is
# first tried as a window name prefix in the newest session, and a pane just
# created there runs as "tmux" for a moment, so "-t t" could reach session r
tgt() { case ${SESSION:-t} in *:*) echo "=${SESSION}" ;; *) echo "=${SESSION:-t}:" ;; esac; }

# the visible screen into $tmp/screen
screen() { T capture-pane -p -t "$(tgt)" >"$tmp/screen" 2>/dev/null; }

# wait_until CMD [ARG...]: capture the screen into $tmp/screen and run CMD,
# again every 0.1 s until it succeeds; 1 after TIMEOUT seconds.  A test polls
# for exactly what it asserts: a screen drawn in part shows some strings and
# not yet others, so a grep of one capture after waiting for another string
# is a race.
wait_until() {
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 10)) ]; do
		screen
		"$@" && return 0
		sleep 0.1
		_w=$((_w + 1))
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
