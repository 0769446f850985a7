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
