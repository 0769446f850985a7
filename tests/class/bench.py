# make bench-class: N simulated students on loopback against the class
# server (tests/class/driver), not a timed test.  Each student joins with
# the link (its cookie), holds its event stream open, and when the teacher
# opens a question votes on a kept-alive connection as soon as its stream
# says so; then the teacher reads the tally.  Prints the largest figures
# the issue asks for: students joined and streaming, votes sent, answered
# 200, counted (the vote layer's tally: every vote exactly once), the vote
# latency p50/p99 (from sending the POST to its status line, while all
# the streams are open), and the server's peak memory (VmHWM).
# With --watviz PROG, then the teacher's side: the real program runs lesson
# 3 with --class in a pseudo-terminal of 120x36 that this script owns, N
# students join and hold their event streams, and the J key (the join
# screen on and off, each a whole repaint) is typed 60 times into the
# terminal; the program itself reports, through WATVIZ_BENCH_LOG (a FIFO),
# the CLOCK_MONOTONIC time each frame was flushed to the terminal and how
# many keys it had read by then.  Key-to-frame is that time minus the time
# just before the key was written to the terminal: reading the key, the
# session, the frame and curses' output, with every stream open.  One key
# at a time, each after the last one's frame (nothing polled).
#   python3 bench.py DRIVER [--watviz PROG] [N ...]   (default: 100 500 1000)
# Each student connects from its own loopback address (127.1.x.y), as
# phones come from their own addresses, so the per-address limit holds.
# SPDX-License-Identifier: GPL-3.0-or-later
import asyncio
import fcntl
import os
import re
import resource
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time


def raise_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Driver:
    def __init__(self, path):
        self.p = subprocess.Popen([path, "127.0.0.1", "0"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        first = self.p.stdout.readline().strip()
        if first == "nomhd":
            raise SystemExit("bench-class: this build has no class server")
        self.url = first.split(" ", 1)[1]
        self.code = self.p.stdout.readline().split()[1]
        self.capacity = int(self.p.stdout.readline().split()[1])
        self.p.stdout.readline()

    def say(self, cmd):
        self.p.stdin.write(cmd + "\n")
        return self.p.stdout.readline().strip()

    def memory_kb(self):
        for line in open("/proc/%d/status" % self.p.pid):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def quit(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.flush()
        self.p.wait()


async def response(r):
    """One HTTP response's status, headers and body (Content-Length)."""
    head = await r.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    m = re.search(rb"(?i)content-length: *(\d+)", head)
    body = await r.readexactly(int(m.group(1))) if m else b""
    return status, head, body


async def student(i, host, port, token, opened, results):
    src = "127.1.%d.%d" % (1 + i // 250, 1 + i % 250)
    hp = "%s:%d" % (host, port)
    r, w = await asyncio.open_connection(host, port, local_addr=(src, 0))
    w.write(("GET /?t=%s HTTP/1.1\r\nHost: %s\r\n\r\n" % (token, hp)).encode())
    status, head, _ = await response(r)
    m = re.search(rb"(?i)set-cookie: (wv_id=[0-9a-f]{32})", head)
    if status != 200 or not m:
        results["refused"] += 1
        return
    cookie = m.group(1).decode()
    sr, sw = await asyncio.open_connection(host, port, local_addr=(src, 0))
    sw.write(("GET /events HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n" % (hp, cookie)).encode())
    seen = b""
    while b'"state":' not in seen:
        seen += await sr.read(4096)
    results["streaming"] += 1
    await opened.wait()
    while b'"state":"open"' not in seen:
        chunk = await sr.read(4096)
        if not chunk:
            results["lost"] += 1
            return
        seen += chunk
    body = "answer=%d&round=1" % (i % 4)
    t0 = time.perf_counter()
    w.write(("POST /vote HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n"
             "Content-Type: application/x-www-form-urlencoded\r\n"
             "Content-Length: %d\r\n\r\n%s" % (hp, cookie, len(body), body)).encode())
    results["sent"] += 1
    status, _, _ = await response(r)
    results["latency"].append(time.perf_counter() - t0)
    if status == 200:
        results["ok"] += 1
    results["done"] += 1
    # hold the stream until every student has voted
    await results["all_done"].wait()
    sw.close()
    w.close()


async def run(drv, n):
    m = re.match(r"http://([0-9.]+):(\d+)/\?t=([0-9a-f]+)", drv.url)
    host, port, token = m.group(1), int(m.group(2)), m.group(3)
    opened = asyncio.Event()
    res = {"refused": 0, "streaming": 0, "sent": 0, "ok": 0, "done": 0, "lost": 0,
           "latency": [], "all_done": asyncio.Event()}
    tasks = [asyncio.create_task(student(i, host, port, token, opened, res)) for i in range(n)]
    while res["streaming"] + res["refused"] < n:
        await asyncio.sleep(0.05)
        if all(t.done() for t in tasks):
            break
    drv.say("open")
    opened.set()
    while res["done"] + res["refused"] + res["lost"] < n:
        await asyncio.sleep(0.05)
        if all(t.done() for t in tasks):
            break
    drv.say("reveal")	# the tally is the teacher's once revealed
    tally = drv.say("tally 1")
    res["all_done"].set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return res, tally


class Teacher:
    """watviz --lesson 3 --class in a pseudo-terminal; its bench log read
    line by line as it comes (a FIFO), its screen output drained."""

    def __init__(self, prog, lessons, tmp):
        self.fifo = os.path.join(tmp, "frames")
        os.mkfifo(self.fifo)
        self.log = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "XDG_STATE_HOME": tmp,
               "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "WATVIZ_BENCH_LOG": self.fifo}
        self.p = subprocess.Popen(
            [prog, "--lessons-dir", lessons, "--lesson", "3", "--restart",
             "--arch", "x86-64", "--class=127.0.0.1:0"],
            stdin=slave, stdout=slave, stderr=subprocess.DEVNULL, env=env,
            start_new_session=True)
        os.close(slave)
        self.buf = b""
        self.lines = asyncio.Queue()
        self.keys = 0

    def attach(self, loop):
        loop.add_reader(self.master, self.drain)
        loop.add_reader(self.log, self.read_log)

    def drain(self):
        try:
            os.read(self.master, 1 << 16)
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)

    def read_log(self):
        self.buf += os.read(self.log, 1 << 16)
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.lines.put_nowait(line.decode())

    async def url(self):
        while True:
            line = await asyncio.wait_for(self.lines.get(), 60)
            if line.startswith("url "):
                return line[4:]

    async def key(self, k):
        """Type k; the time until the frame drawn after it is flushed."""
        self.keys += 1
        t0 = time.monotonic_ns()
        os.write(self.master, k)
        while True:
            line = await asyncio.wait_for(self.lines.get(), 60)
            f = line.split()
            if f[0] == "frame" and int(f[2]) >= self.keys:
                return (int(f[1]) - t0) / 1e6

    def quit(self):
        os.write(self.master, b"q")
        try:
            self.p.wait(20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


async def listener(i, host, port, token, res):
    """A student that joins and holds its event stream open."""
    src = "127.1.%d.%d" % (1 + i // 250, 1 + i % 250)
    hp = "%s:%d" % (host, port)
    r, w = await asyncio.open_connection(host, port, local_addr=(src, 0))
    w.write(("GET /?t=%s HTTP/1.1\r\nHost: %s\r\n\r\n" % (token, hp)).encode())
    status, head, _ = await response(r)
    m = re.search(rb"(?i)set-cookie: (wv_id=[0-9a-f]{32})", head)
    w.close()
    if status != 200 or not m:
        res["refused"] += 1
        return
    sr, sw = await asyncio.open_connection(host, port, local_addr=(src, 0))
    sw.write(("GET /events HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n"
              % (hp, m.group(1).decode())).encode())
    seen = b""
    while b'"state":' not in seen:
        chunk = await sr.read(4096)
        if not chunk:
            res["refused"] += 1
            return
        seen += chunk
    res["streaming"] += 1
    await res["end"].wait()
    sw.close()


async def teacher_run(prog, lessons, n, presses):
    with tempfile.TemporaryDirectory() as tmp:
        t = Teacher(prog, lessons, tmp)
        t.attach(asyncio.get_running_loop())
        url = await t.url()
        m = re.match(r"http://([0-9.]+):(\d+)/\?t=([0-9a-f]+)", url)
        host, port, token = m.group(1), int(m.group(2)), m.group(3)
        res = {"refused": 0, "streaming": 0, "end": asyncio.Event()}
        tasks = [asyncio.create_task(listener(i, host, port, token, res))
                 for i in range(n)]
        while res["streaming"] + res["refused"] < n and not all(x.done() for x in tasks):
            await asyncio.sleep(0.05)
        times = [await t.key(b"J") for _ in range(presses)]
        res["end"].set()
        await asyncio.gather(*tasks, return_exceptions=True)
        t.quit()
        return res, times


def teacher(prog, sizes, presses=60):
    lessons = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lessons")
    print("teacher's key-to-frame in watviz, %d keys each (J: the join screen on and off, "
          "a whole repaint), load average %.1f" % (presses, os.getloadavg()[0]))
    print("students  streaming  median ms  p90 ms  max ms")
    for n in sizes:
        res, times = asyncio.run(teacher_run(prog, lessons, n, presses))
        times.sort()
        print("%8d  %9d  %9.2f  %6.2f  %6.2f" % (
            n, res["streaming"], statistics.median(times),
            times[int(len(times) * 0.9)], times[-1]))


def main():
    raise_files()
    driver = sys.argv[1]
    args = sys.argv[2:]
    prog = None
    if args[:1] == ["--watviz"]:
        prog, args = args[1], args[2:]
    sizes = [int(a) for a in args] or [100, 500, 1000]
    print("students  joined  streaming  votes  200s  counted  p50 ms  p99 ms  memory MB")
    for n in sizes:
        drv = Driver(driver)
        res, tally = asyncio.run(run(drv, n))
        counted = int(tally.split()[2])
        lat = sorted(res["latency"]) or [0]
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print("%8d  %6d  %9d  %5d  %4d  %7d  %6.1f  %6.1f  %9.1f" % (
            n, n - res["refused"], res["streaming"], res["sent"], res["ok"], counted,
            statistics.median(lat) * 1000, p99 * 1000, drv.memory_kb() / 1024))
        if counted != res["ok"]:
            print("bench-class: %d votes answered 200 but %d counted" % (res["ok"], counted))
        drv.quit()
    if prog:
        teacher(prog, sizes)


main()
