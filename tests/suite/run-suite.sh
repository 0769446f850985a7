#!/bin/sh
# tests/run.sh itself, on a made-up project: its summary shows each failing
# test's diagnostics (bounded) and the path of the log it keeps; a crash is
# a failure; a run stopped by TERM or INT stops the layers it started and
# exits 143 or 130 without a result line.  The layers here are small shell
# scripts, so this takes a second or two.
# Usage: run-suite.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
RUN=$(pwd)/tests/run.sh
unset WATVIZ_TEST_LOGS WATVIZ_DIAG_LINES
echo "1..10"
n=0
fails=0
check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else
		echo "not ok $n - $2"; fails=$((fails + 1))
		sed 's/^/# | /' "$tmp/out" 2>/dev/null | tail -n 40
	fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# the made-up project: a passing and a failing script layer, a unit program
# that fails with 60 lines of diagnostics, one that crashes
p=$tmp/p
mkdir -p "$p/tests/good" "$p/tests/bad" "$p/build/tests"
cat >"$p/tests/good/run-good.sh" <<'L'
echo 1..2; echo "ok 1 - one"; echo "ok 2 - two"
L
cat >"$p/tests/bad/run-bad.sh" <<'L'
echo 1..3; echo "ok 1 - fine"
echo "not ok 2 - golden plant-case: output differs"
echo "# --- want"; echo "# +++ got"; echo "# -has_zero 0x0000000000800000"
echo "# +has_zero 0x0000000000800001"
echo "ok 3 - after"; echo "# an ordinary comment, not a diagnostic"
L
{
	echo '#!/bin/sh'
	echo 'echo 1..2; echo "not ok 1 - many words"'
	echo 'i=0; while [ $i -lt 60 ]; do i=$((i + 1)); echo "# line $i"; done'
	echo 'echo "ok 2 - another"; exit 1'
} >"$p/build/tests/test_many"
printf '#!/bin/sh\necho 1..4; echo "ok 1 - a"; echo "about to fall over"; kill -SEGV $$\n' \
	>"$p/build/tests/test_crash"
chmod +x "$p/build/tests/test_many" "$p/build/tests/test_crash"

(cd "$p" && sh "$RUN" build) >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && tail -n 1 "$tmp/out" | grep -qx "6 passed, 5 failed" &&
	grep -q "^  test_crash: ran 1 of 4 planned tests$" "$tmp/out"
check $? "a failing run exits 1 and counts every test, a crash and a short plan too ($rc)"
grep -q '^  bad/run-bad: not ok 2 - golden plant-case: output differs$' "$tmp/out" &&
	grep -q '^      # -has_zero 0x0000000000800000$' "$tmp/out" &&
	grep -q '^      # +has_zero 0x0000000000800001$' "$tmp/out" &&
	! grep -q 'an ordinary comment' "$tmp/out"
check $? "a failing test's own # lines are in the summary, and only its own"
grep -q "^      log: $p/build/test-logs/bad-run-bad.log$" "$tmp/out" &&
	grep -q 'an ordinary comment' "$p/build/test-logs/bad-run-bad.log"
check $? "the failing layer's whole log is kept in the build folder, and named"
[ "$(grep -c '^      # line ' "$tmp/out")" = 40 ] &&
	grep -q '^      # ... (more in the log)$' "$tmp/out" &&
	grep -q '^# line 60$' "$p/build/test-logs/test_many.log"
check $? "diagnostics are bounded at 40 lines a failure; the rest stay in the log"
grep -q '^  test_crash: exited with status 139' "$tmp/out" &&
	grep -q '^    about to fall over$' "$tmp/out"
check $? "a program that crashes is a failure, shown with its last lines"

# where the time went: a layer and a unit program that each burn 0.7 s of
# their own CPU (counted in clock ticks from /proc, not timed), a layer
# that burns none; the summary's CPU list, largest first, before the result
q=$tmp/q
mkdir -p "$q/tests/busy" "$q/tests/idle" "$q/build/tests"
spin='awk '"'"'BEGIN { while (1) { for (i = 0; i < 100000; i++) s += i
	close("/proc/self/stat"); getline l <"/proc/self/stat"; split(l, f, " ")
	if (f[14] + f[15] >= 70) break }
	print "1..1"; print "ok 1 - spun" }'"'"
printf '%s\n' "$spin" >"$q/tests/busy/run-busy.sh"
printf '#!/bin/sh\n%s\n' "$spin" >"$q/build/tests/test_spin"
chmod +x "$q/build/tests/test_spin"
echo 'echo 1..1; echo "ok 1 - idle"' >"$q/tests/idle/run-idle.sh"
(cd "$q" && sh "$RUN" build) >"$tmp/out" 2>&1
cpu_of() { sed -n "s|^  $1 *\([0-9]*\) s CPU .* s wall\$|\1|p" "$tmp/out"; }
tail -n 5 "$tmp/out" | head -n 1 | grep -q '^most CPU (of [0-9]* s in all):$' &&
	[ "$(cpu_of busy/run-busy)" -ge 1 ] && [ "$(cpu_of test_spin)" -ge 1 ] &&
	[ "$(cpu_of idle/run-idle)" = 0 ] &&
	tail -n 2 "$tmp/out" | head -n 1 | grep -q '^  idle/run-idle ' &&
	tail -n 1 "$tmp/out" | grep -qx "3 passed, 0 failed"
check $? "the summary lists each layer's own CPU, largest first, before the result line"

# stopped: a layer that waits, its pid written; the signal, then the status
cat >"$p/tests/good/run-slow.sh" <<'L'
echo 1..1; sleep 300 & echo $! >"$STOP_PIDS/sleep"; echo $$ >"$STOP_PIDS/layer"; wait
L
rm -f "$p/build/tests/test_many" "$p/build/tests/test_crash"
# python starts it with INT at its default (a background shell ignores INT,
# and a signal ignored on entry cannot be trapped)
stop_run() {
	mkdir -p "$tmp/pids.$1" && rm -f "$tmp/pids.$1"/*
	STOP_PIDS=$tmp/pids.$1 python3 - "$RUN" "$p" "$1" >"$tmp/out" 2>&1 <<'PY'
import os, signal, subprocess, sys, time
run, proj, sig = sys.argv[1], sys.argv[2], getattr(signal, "SIG" + sys.argv[3])
pids = os.environ["STOP_PIDS"]
def dfl():
    signal.signal(signal.SIGINT, signal.SIG_DFL)
pr = subprocess.Popen(["sh", run, "build"], cwd=proj, preexec_fn=dfl,
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
# polls for what the next step needs: the layer has started its wait
while not os.path.exists(os.path.join(pids, "layer")):
    time.sleep(0.05)
pr.send_signal(sig)
out = pr.communicate()[0].decode()
sys.stdout.write(out)
print("STATUS", pr.returncode)
PY
}
# ended: no such process, or a zombie (a container's pid 1 may never reap
# the orphans of the layers it stopped)
gone() {
	_st=$(sed 's/.*) \(.\).*/\1/' "/proc/$(cat "$1")/stat" 2>/dev/null)
	[ -z "$_st" ] || [ "$_st" = Z ]
}
stop_run TERM
grep -qx "STATUS 143" "$tmp/out" && ! grep -q ' passed, ' "$tmp/out" &&
	grep -q 'interrupted (SIGTERM): stopping every layer; no result' "$tmp/out"
check $? "TERM: status 143, no result line, it says so"
gone "$tmp/pids.TERM/sleep" && gone "$tmp/pids.TERM/layer"
check $? "TERM: the layer it started, and that layer's own child, are stopped"
stop_run INT
grep -qx "STATUS 130" "$tmp/out" && ! grep -q ' passed, ' "$tmp/out"
check $? "INT: status 130, no result line"
gone "$tmp/pids.INT/sleep" && gone "$tmp/pids.INT/layer"
check $? "INT: the layers are stopped"
[ $fails = 0 ]
