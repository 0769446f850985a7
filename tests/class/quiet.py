# A phone that stops reading (tests/class/run-class.sh): opens the event
# stream with COOKIE on HOST:PORT, reads up to its first event, says
# "streaming" on stdout, then reads nothing until the file GO exists (the
# server's clock is moved meanwhile); then reads what is left for up to
# 10 s and says "closed" and what it got if the server ended the stream
# (its end of the connection closed), else "open".
#   python3 quiet.py HOST PORT COOKIE GO
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import socket
import sys
import time

host, port, cookie, go = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
s = socket.create_connection((host, port), timeout=30)
s.sendall(("GET /events HTTP/1.1\r\nHost: %s:%d\r\nCookie: %s\r\n\r\n"
           % (host, port, cookie)).encode())
got = b""
while b"\ndata: " not in got:
    chunk = s.recv(4096)
    if not chunk:
        print("refused", got[:12].decode(errors="replace"), flush=True)
        sys.exit(1)
    got += chunk
print("streaming", flush=True)
while not os.path.exists(go):	# reads nothing, as a page gone
    time.sleep(0.05)
s.settimeout(10)
rest = b""
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            print("closed", repr(rest[-40:]), flush=True)
            break
        rest += chunk
except socket.timeout:
    print("open", flush=True)
