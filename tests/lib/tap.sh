# TAP for the script tests: `ok STATUS DESCRIPTION` prints "ok N - ..." when
# STATUS is 0, else "not ok N - ..." and counts it in $fails.
# Sourced: . "$(dirname "$0")/../lib/tap.sh"
# SPDX-License-Identifier: GPL-3.0-or-later
n=0
fails=0
ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		printf 'ok %d - %s\n' "$n" "$2"
	else
		printf 'not ok %d - %s\n' "$n" "$2"
		fails=$((fails + 1))
	fi
}
