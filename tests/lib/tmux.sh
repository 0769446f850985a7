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

# wait_screen MODE PATTERN: poll the screen until grep MODE (-F fixed, -E
# regex, -vF "no longer shows") is satisfied; 1 after TIMEOUT seconds
wait_screen() {
	_w=0
	while [ $_w -lt $((${TIMEOUT:-20} * 10)) ]; do
		screen
		case $1 in
		-vF) grep -qF -- "$2" "$tmp/screen" || return 0 ;;
		*) grep -q "$1" -- "$2" "$tmp/screen" && return 0 ;;
		esac
		sleep 0.1
		_w=$((_w + 1))
	done
	return 1
}
wait_for() { wait_screen -F "$1"; }	# the screen shows a fixed string
wait_re() { wait_screen -E "$1"; }	# ... matches an extended regex
wait_gone() { wait_screen -vF "$1"; }	# ... no longer shows a string
