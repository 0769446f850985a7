# Shared by the tests that drive watviz in tmux: source it, after setting
#   SOCK     a private tmux socket name
#   SESSION  the session to read (default t)
#   tmp      a scratch directory
#   TIMEOUT  seconds a wait may take (default 20)
# Every wait polls, so a slow or sanitized run is slower, never flaky.
# SPDX-License-Identifier: GPL-3.0-or-later

T() { tmux -L "$SOCK" -f /dev/null "$@"; }

# the visible screen into $tmp/screen
screen() { T capture-pane -p -t "${SESSION:-t}" >"$tmp/screen" 2>/dev/null; }

# wait until the screen shows a fixed string; 1 after TIMEOUT seconds
wait_for() {
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 10)) ]; do
		screen
		grep -qF -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		_w=$((_w + 1))
	done
	return 1
}

# wait until the screen matches an extended regular expression
wait_re() {
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 10)) ]; do
		screen
		grep -qE -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		_w=$((_w + 1))
	done
	return 1
}

# wait until the screen no longer shows a fixed string
wait_gone() {
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 10)) ]; do
		screen
		grep -qF -- "$1" "$tmp/screen" || return 0
		sleep 0.1
		_w=$((_w + 1))
	done
	return 1
}
