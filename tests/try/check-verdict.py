#!/usr/bin/env python3
# Check one `watviz --json --try` object: the verdict is the expected one, and
# a has_zero counterexample really is one -- a byte loop over its memory bytes
# against the formula's result.  Usage: check-verdict.py WANT METHOD < json
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import sys

want, method = sys.argv[1], sys.argv[2]
j = json.load(sys.stdin)
for key in ("arch", "word_bits", "as", "formula", "verdict", "proof", "method",
            "words_checked", "work", "work_budget", "seconds", "word", "result",
            "right", "counterexample"):
    if key not in j:
        sys.exit("missing key %s" % key)
if j["verdict"] != want:
    sys.exit("verdict %s, want %s" % (j["verdict"], want))
if j["method"] != method:
    sys.exit("method %s, want %s" % (j["method"], method))
if j["proof"] != (method in ("z3", "exhaustive") and want != "gave_up"):
    sys.exit("proof %s for method %s" % (j["proof"], method))
c = j["counterexample"]
if (c is None) != (want != "refuted"):
    sys.exit("counterexample %r for verdict %s" % (c, want))
if c is not None and not isinstance(c.get("smallest"), bool):
    sys.exit("counterexample without a boolean \"smallest\"")
if c is not None and j["as"] == "has_zero":
    has_zero = 0 in c["memory"]
    said = int(c["result"], 16) != 0
    if has_zero == said:
        sys.exit("not a counterexample: zero byte %s, formula non-zero %s" % (has_zero, said))
    if len(c["memory"]) * 8 != j["word_bits"] or len(c["word"]) != 2 + j["word_bits"] // 4:
        sys.exit("bad width")
print("ok")
