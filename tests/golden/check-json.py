"""Check watviz --json objects against the issue's contract.

usage: check-json.py LENGTH DELIM FILE [LENGTH DELIM FILE ...]   (DELIM -1 for
none): one line per FILE, in order, "ok" when it holds, else "# " and what
does not; exit 0 when all hold.  One interpreter for every file: its start
was most of the golden layer's time.
SPDX-License-Identifier: GPL-3.0-or-later
"""
import json
import re
import sys


def check(d, want_len, want_delim):
    """What the object d breaks of the contract: a list of short reasons."""
    bad = []

    def need(cond, what):
        if not cond:
            bad.append(what)

    for k in ("arch", "word_bits", "endian", "offset", "fill", "delim", "loop",
              "kernel_runs_this", "loop_note", "memory", "length", "words", "steps"):
        need(k in d, "missing key " + k)
    bits = d["word_bits"]
    H = re.compile("^0x[0-9a-f]{%d}$" % (bits // 4))
    need(bits in (32, 64), "word_bits")
    need(d["endian"] in ("little", "big"), "endian")
    need(d["length"] == want_len, "length %s" % d["length"])
    need(d["delim"] == (None if want_delim < 0 else want_delim), "delim")
    # without a delimiter do_strnlen_user (aligned words from 0); with one the
    # word-at-a-time hash_name (unaligned words from the name)
    hash_name = want_delim >= 0
    need(d["loop"] == ("hash_name" if hash_name else "do_strnlen_user"), "loop")
    need(d["kernel_runs_this"] is True or (hash_name and d["kernel_runs_this"] is False),
         "kernel_runs_this")
    need(isinstance(d["loop_note"], str) and "DCACHE_WORD_ACCESS" in d["loop_note"]
         if hash_name else "do_strnlen_user" in d["loop_note"], "loop_note")
    start = d["offset"] if hash_name else 0
    need(all(isinstance(b, int) and 0 <= b <= 255 for b in d["memory"]), "memory")
    need(len(d["memory"]) % (bits // 8) == 0, "memory is whole words")
    words = d["words"]
    need(len(words) >= 1, "words")
    stop = ("prep_zero_mask", "create_zero_mask", "zero_bytemask")
    dl = ("delim_value", "delim_has_zero", "delim_data")
    for i, w in enumerate(words):
        last = i == len(words) - 1
        need(w["address"] == start + i * bits // 8, "address %d" % i)
        if hash_name:
            need(w["value"] == w["loaded"], "word %d: nothing forced" % i)
        for k in ("loaded", "value", "has_zero", "data"):
            need(H.match(w.get(k, "")), "word %d %s" % (i, k))
        for k in dl:
            need((k in w) == (want_delim >= 0), "word %d %s presence" % (i, k))
            if k in w:
                need(H.match(w[k]), "word %d %s" % (i, k))
        for k in stop:
            need((k in w) == last, "word %d %s presence" % (i, k))
            if k in w:
                need(H.match(w[k]), "word %d %s" % (i, k))
        need(("find_zero" in w) == last, "word %d find_zero presence" % i)
    # a page edge: memory holds only the mapped bytes; aligned loads stay before
    # the edge; a hash_name word that crosses it is the zeropad fixup's
    edge = d.get("page_end", "missing")
    need(edge is None or isinstance(edge, int), "page_end")
    if isinstance(edge, int):
        need(len(d["memory"]) == edge, "memory ends at the page edge")
        for i, w in enumerate(words):
            crosses = w["address"] + bits // 8 > edge
            need(w["zeropad"] == crosses, "word %d zeropad" % i)
            need(not crosses or hash_name, "word %d: an aligned load crossed" % i)
            need(("zeropad_aligned" in w) == crosses, "word %d zeropad_aligned" % i)
        need(any(s["kind"] == "zeropad_fixup" for s in d["steps"]) ==
             any(w["zeropad"] for w in words), "zeropad_fixup step")
    # the answer: address + find_zero - offset is the length
    w = words[-1]
    need(w["address"] + w["find_zero"] - d["offset"] == d["length"], "length arithmetic")
    for s in d["steps"]:
        need(len(s["substeps"]) >= 1 and s["text"], "step " + s["kind"])
    return bad


failed = False
args = sys.argv[1:]
for k in range(0, len(args) - 2, 3):
    try:
        with open(args[k + 2], encoding="utf-8") as f:
            bad = check(json.load(f), int(args[k]), int(args[k + 1]))
    except (ValueError, KeyError, TypeError, IndexError) as e:
        bad = ["not the contract's JSON: %r" % e]
    print("# " + "; ".join(bad) if bad else "ok")
    failed = failed or bool(bad)
sys.exit(1 if failed or not args or len(args) % 3 else 0)
