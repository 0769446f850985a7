# Read an asciicast v2 file as a player would, and check it on the way.
#   cast.py check FILE   the header is asciicast v2 JSON, every event line
#                        parses as [time, "o"|"m", string], times never go
#                        back; prints "WIDTH HEIGHT DURATION EVENTS"
#   cast.py markers FILE the "m" labels, one a line
#   cast.py output FILE  the "o" data, concatenated, as the terminal gets it
#   cast.py screens FILE every screen the recording shows, in order: the
#                        terminal's state after each "o" event, replayed
#                        from the sequences watviz writes (cursor moves,
#                        clears, SGR, text), as "@ TIME" then its rows
# Exits 1 with the reason on stderr when the file is not a valid cast.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import re
import sys

what, path = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
if lines and lines[-1] == "":
    lines.pop()


def fail(msg):
    sys.stderr.write("%s: %s\n" % (path, msg))
    sys.exit(1)


try:
    head = json.loads(lines[0])
except (ValueError, IndexError) as e:
    fail("the header is not JSON: %s" % e)
if not isinstance(head, dict) or head.get("version") != 2:
    fail("the header is not asciicast version 2")
for k in ("width", "height"):
    if not isinstance(head.get(k), int) or head[k] <= 0:
        fail("the header's %s is not a positive integer" % k)
events, last = [], 0.0
for i, line in enumerate(lines[1:], 2):
    try:
        e = json.loads(line)
    except ValueError as err:
        fail("line %d is not JSON: %s" % (i, err))
    if (not isinstance(e, list) or len(e) != 3 or not isinstance(e[0], (int, float))
            or e[1] not in ("o", "m") or not isinstance(e[2], str)):
        fail("line %d is not [time, \"o\"|\"m\", string]" % i)
    if e[0] < last:
        fail("line %d goes back in time (%s after %s)" % (i, e[0], last))
    last = e[0]
    events.append(e)
if what == "check":
    print(head["width"], head["height"], last, len(events))
elif what == "markers":
    for e in events:
        if e[1] == "m":
            print(e[2])
elif what == "output":
    sys.stdout.write("".join(e[2] for e in events if e[1] == "o"))
elif what == "screens":
    W, H = head["width"], head["height"]
    rows = [[" "] * W for _ in range(H)]
    y = x = 0
    # a control sequence (CSI: its parameters and final byte), or one character
    tok = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|(.)", re.S)
    for e in events:
        if e[1] != "o":
            continue
        for m in tok.finditer(e[2]):
            params, final, ch = m.groups()
            if ch is not None:
                if ch == "\x1b":
                    fail("an escape that is not a control sequence at %s s" % e[0])
                if y < H and x < W:
                    rows[y][x] = ch
                x += 1
            elif final == "H":
                p = [int(v) if v else 1 for v in params.split(";")] if params else [1, 1]
                y, x = p[0] - 1, (p[1] - 1 if len(p) > 1 else 0)
            elif final == "J" and params == "2":
                rows = [[" "] * W for _ in range(H)]
            elif final not in "mhl":
                fail("a control sequence this replay does not know: %r" % m.group(0))
        print("@ %s" % e[0])
        for r in rows:
            print("".join(r).rstrip())
