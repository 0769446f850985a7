# make bench-class: N simulated students on loopback against the class
# server (tests/class/driver), not a timed test.  Each student joins with
# the link (its cookie), holds its event stream open, and when the teacher
# opens a question votes on a kept-alive connection as soon as its stream
# says so; then the teacher reads the tally.  Prints the largest figures
# the issue asks for: students joined and streaming, votes sent, answered
# 200, counted (the vote layer's tally: every vote exactly once), the vote
# latency p50/p99 (from sending the POST to its status line, while all
# the streams are open), and the server's peak memory (VmHWM).
#   python3 bench.py DRIVER [N ...]          (default: 100 500 1000)
# Each student connects from its own loopback address (127.1.x.y), as
# phones come from their own addresses, so the per-address limit holds.
# SPDX-License-Identifier: GPL-3.0-or-later
import asyncio
import re
import resource
import statistics
import subprocess
import sys
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


def main():
    raise_files()
    driver = sys.argv[1]
    sizes = [int(a) for a in sys.argv[2:]] or [100, 500, 1000]
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


main()
