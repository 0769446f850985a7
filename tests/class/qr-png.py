# The QR rows wv_classsrv_qr draws (Unicode half blocks, two modules a cell,
# the glyphs the dark modules) as a greyscale PNG, SCALE pixels a module, so
# a real decoder (zbarimg) can read what a terminal would show.  Plain
# Python (zlib).  Usage: qr-png.py ROWS.txt OUT.png [SCALE]
# SPDX-License-Identifier: GPL-3.0-or-later
import struct
import sys
import zlib

HALF = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


def modules(lines):
    grid = []
    for line in lines:
        pairs = [HALF[ch] for ch in line]
        grid.append([p[0] for p in pairs])
        grid.append([p[1] for p in pairs])
    return grid


def png(grid, scale):
    w, h = len(grid[0]) * scale, len(grid) * scale
    raw = bytearray()
    for row in grid:
        line = bytearray()
        for dark in row:
            line += bytes([0 if dark else 255]) * scale
        for _ in range(scale):
            raw += b"\x00" + line
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff))
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))


lines = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8") if l.strip("\n")]
scale = int(sys.argv[3]) if len(sys.argv) > 3 else 6
open(sys.argv[2], "wb").write(png(modules(lines), scale))
