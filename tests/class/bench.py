# make bench-class: N simulated students on loopback against the class
# server (tests/class/driver), not a timed test.  Each student joins with
# the link (its cookie), holds its event stream open, and votes on its
# kept-alive connection; then the teacher reads the tally.  Twice for each
# N: "as they come" (each student votes as soon as its stream says the
# round is open) and "at once" (once every stream has it, one loop sends
# every vote: the server's queue at its longest).  Prints the figures the
# issue asks for: students joined and streaming, votes sent, answered 200,
# counted (the vote layer's tally: every vote exactly once), the vote
# latency p50/p99 while all the streams are open, and the server's peak
# memory (VmHWM).
# The latency runs from just before the POST is written to the arrival of
# its response as the kernel stamps it (SO_TIMESTAMPNS on the socket), not
# to when this one Python process, busy with a thousand students on the
# same two cores, gets round to reading it: that wait is the client's, and
# is printed beside it ("as read") to show how much it was.
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
import socket
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


SO_TIMESTAMPNS = 35	# <asm-generic/socket.h>; also the cmsg's type


async def recv_stamped(loop, sock):
    """What sock has to read, and the kernel's time (CLOCK_REALTIME, ns)
    of the last segment in it: when it arrived, however late this
    process gets round to reading it."""
    while True:
        try:
            data, anc, _, _ = sock.recvmsg(65536, socket.CMSG_SPACE(16))
            break
        except BlockingIOError:
            ready = loop.create_future()
            loop.add_reader(sock.fileno(), ready.set_result, None)
            try:
                await ready
            finally:
                loop.remove_reader(sock.fileno())
    stamp = None
    for level, kind, value in anc:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
            sec, nsec = struct.unpack("qq", value[:16])
            stamp = sec * 1000000000 + nsec
    return data, stamp


async def sock_response(loop, sock):
    """One HTTP response read from sock: status, headers, body, and the
    kernel's arrival time of its last part."""
    buf = b""
    while True:
        data, stamp = await recv_stamped(loop, sock)
        if not data:
            raise ConnectionError("closed")
        buf += data
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            continue
        head = buf[:end + 4]
        m = re.search(rb"(?i)content-length: *(\d+)", head)
        if len(buf) >= end + 4 + (int(m.group(1)) if m else 0):
            return int(head.split(b" ", 2)[1]), head, buf[end + 4:], stamp


async def student(i, host, port, token, opened, results, burst):
    loop = asyncio.get_running_loop()
    src = "127.1.%d.%d" % (1 + i // 250, 1 + i % 250)
    hp = "%s:%d" % (host, port)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    sock.bind((src, 0))
    await loop.sock_connect(sock, (host, port))
    await loop.sock_sendall(sock, ("GET /?t=%s HTTP/1.1\r\nHost: %s\r\n\r\n"
                                   % (token, hp)).encode())
    status, head, _, _ = await sock_response(loop, sock)
    m = re.search(rb"(?i)set-cookie: (wv_id=[0-9a-f]{32})", head)
    if status != 200 or not m:
        results["refused"] += 1
        sock.close()
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
    sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    vote = ("POST /vote HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: %d\r\n\r\n%s" % (hp, cookie, len(body), body)).encode()
    if burst:	# run() sends every vote at once
        me = {"sock": sock, "vote": vote}
        results["ready"].append(me)
        await results["go"].wait()
        t0 = me["t0"]
    else:
        t0 = time.time_ns()
        sent = sock.send(vote)	# a few hundred bytes: into the kernel at once
        if sent < len(vote):
            await loop.sock_sendall(sock, vote[sent:])
    results["sent"] += 1
    status, _, _, stamp = await sock_response(loop, sock)
    # at the socket: the response's arrival as the kernel stamped it; as
    # read: when this process, busy with the other students, read it
    results["latency"].append((stamp - t0) / 1e9 if stamp else float("nan"))
    results["read"].append((time.time_ns() - t0) / 1e9)
    if status == 200:
        results["ok"] += 1
    results["done"] += 1
    # hold the stream until every student has voted
    await results["all_done"].wait()
    sw.close()
    sock.close()


async def run(drv, n, burst):
    m = re.match(r"http://([0-9.]+):(\d+)/\?t=([0-9a-f]+)", drv.url)
    host, port, token = m.group(1), int(m.group(2)), m.group(3)
    opened = asyncio.Event()
    res = {"refused": 0, "streaming": 0, "sent": 0, "ok": 0, "done": 0, "lost": 0,
           "latency": [], "read": [], "all_done": asyncio.Event(),
           "ready": [], "go": asyncio.Event()}
    tasks = [asyncio.create_task(student(i, host, port, token, opened, res, burst))
             for i in range(n)]
    while res["streaming"] + res["refused"] < n:
        await asyncio.sleep(0.05)
        if all(t.done() for t in tasks):
            break
    drv.say("open")
    opened.set()
    if burst:	# every stream has the open round: all vote in one instant
        while len(res["ready"]) + res["refused"] + res["lost"] < n and \
                not all(t.done() for t in tasks):
            await asyncio.sleep(0.01)
        for me in res["ready"]:
            me["t0"] = time.time_ns()
            if me["sock"].send(me["vote"]) < len(me["vote"]):
                raise SystemExit("bench-class: a vote did not fit a socket's buffer")
        res["go"].set()
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


def quantiles(xs):
    """The median and the 99th percentile of xs (seconds), in ms."""
    xs = sorted(xs) or [0]
    return (statistics.median(xs) * 1000, xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000)


def main():
    raise_files()
    driver = sys.argv[1]
    args = sys.argv[2:]
    prog = None
    if args[:1] == ["--watviz"]:
        prog, args = args[1], args[2:]
    sizes = [int(a) for a in args] or [100, 500, 1000]
    print("vote latency: from the POST's send to its response's arrival, stamped by "
          "the kernel (SO_TIMESTAMPNS); as read: to when this one process, busy with "
          "every other student, read it.  as they come: each student votes when its "
          "stream says the round is open; at once: every vote sent in one loop after "
          "every stream has it")
    print("students  votes         joined  streaming  votes  200s  counted  p50 ms  "
          "p99 ms  as read p50  p99  memory MB  load")
    for n in sizes:
        for burst in (False, True):
            drv = Driver(driver)
            res, tally = asyncio.run(run(drv, n, burst))
            counted = int(tally.split()[2])
            print("%8d  %-12s  %6d  %9d  %5d  %4d  %7d  %6.1f  %6.1f  %11.1f  %5.1f  "
                  "%9.1f  %4.1f" % (
                      n, "at once" if burst else "as they come", n - res["refused"],
                      res["streaming"], res["sent"], res["ok"], counted,
                      *quantiles(res["latency"]), *quantiles(res["read"]),
                      drv.memory_kb() / 1024, os.getloadavg()[0]))
            if counted != res["ok"]:
                print("bench-class: %d votes answered 200 but %d counted" % (res["ok"], counted))
            if any(x != x or x < 0 for x in res["latency"]):
                print("bench-class: a response came without the kernel's time stamp, "
                      "or stamped before its vote was sent")
            drv.quit()
    if prog:
        teacher(prog, sizes)


main()
