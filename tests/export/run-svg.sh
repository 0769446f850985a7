#!/bin/sh
# --svg: the figure is well-formed XML (xmllint), renders (rsvg-convert) to a
# PNG that is not blank, and its text nodes hold the values of the same
# sub-step as --json gives them; --list-steps names what --step takes; a bad
# --step is a usage error that lists the names.  A test whose tool is
# missing says so and is skipped.  Usage: run-svg.sh BUILD_DIR.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
BIN=$BUILD/watviz
echo "1..13"
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; [ -s "$tmp/why" ] && sed 's/^/# /' "$tmp/why"; }
check() { if [ "$1" = 0 ]; then ok "$2"; else notok "$2"; fi; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2 not installed"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
: >"$tmp/why"

"$BIN" --svg --step has_zero:1 'ab\0cd' >"$tmp/le.svg" 2>"$tmp/why"
check $? "--svg --step has_zero:1 writes a figure"
"$BIN" --arch ppc --svg --step prep_zero_mask:1 'a\x01\0bcdefg' >"$tmp/be.svg" &&
	"$BIN" --arch alpha --svg --step has_zero:1 abc >"$tmp/map.svg" &&
	"$BIN" --svg --step find_zero:1 'ab\0cd' >"$tmp/mul.svg" 2>"$tmp/why"
check $? "figures of big-endian, alpha's bitmap and the multiply"

# 3: well-formed
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$tmp/le.svg" "$tmp/be.svg" "$tmp/map.svg" "$tmp/mul.svg" 2>"$tmp/why"
	check $? "xmllint: every figure is well-formed XML"
else
	skip "xmllint: well-formed" xmllint
fi

# 4-5: it renders, and not to a blank page: ink, and coloured ink (the marks)
if command -v rsvg-convert >/dev/null 2>&1; then
	rsvg-convert -o "$tmp/le.png" "$tmp/le.svg" 2>"$tmp/why"
	check $? "rsvg-convert renders it to PNG"
	read -r ink col <<-EOT
	$(python3 tests/lib/png.py "$tmp/le.png" 2>"$tmp/why")
	EOT
	python3 -c "import sys; sys.exit(0 if 0.02 < $ink < 0.6 and $col > 0.005 else 1)" \
		2>>"$tmp/why"
	check $? "the PNG is not blank: ${ink:-?} of it ink, ${col:-?} coloured"
else
	skip "rsvg-convert renders it" rsvg-convert
	skip "the PNG is not blank" rsvg-convert
fi

# 6-8: the text nodes hold the rows of the same sub-step in --json
values() {	# values JSONARGS -- STEPKIND SUB SVG
	python3 - "$@" <<'PY' >"$tmp/why" 2>&1
import json, subprocess, sys
import xml.etree.ElementTree as ET
i = sys.argv.index("--")
args, kind, sub, svg = sys.argv[1:i], sys.argv[i + 1], int(sys.argv[i + 2]), sys.argv[i + 3]
t = json.loads(subprocess.run([args[0], "--json"] + args[1:], capture_output=True,
                              check=True).stdout)
rows = [s for s in t["steps"] if s["kind"] == kind][-1]["substeps"][sub - 1]["rows"]
ns = "{http://www.w3.org/2000/svg}"
texts = [(e.get("class") or "", "".join(e.itertext())) for e in ET.parse(svg).iter(ns + "text")]
hexes = [x for c, x in texts if c == "hex"]
bits = "".join(x for c, x in texts if c.split()[0] == "bits")
nums = [x for c, x in texts if c == "num"]
want_hex = [r["value"] if r["width"] == t["word_bits"] else "0x%02x" % int(r["value"], 16)
            for r in rows if r["width"]]
want_bits = "".join(format(int(r["value"], 16), "0%db" % r["width"]) for r in rows if r["width"])
want_nums = ["= %d" % r["value"] for r in rows if not r["width"]]
bad = []
if hexes != want_hex: bad.append("hex %s, --json %s" % (hexes, want_hex))
if bits != want_bits: bad.append("bits %s, --json %s" % (bits, want_bits))
if nums != want_nums: bad.append("numbers %s, --json %s" % (nums, want_nums))
labels = [x for c, x in texts if c.split()[0] == "label"]
if labels != [r["label"] for r in rows]: bad.append("labels %s" % labels)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}
values "$BIN" 'ab\0cd' -- has_zero 1 "$tmp/le.svg"
check $? "x86-64 has_zero:1: labels, bits and hex are --json's rows"
values "$BIN" --arch ppc 'a\x01\0bcdefg' -- prep_zero_mask 1 "$tmp/be.svg" &&
	values "$BIN" --arch alpha abc -- has_zero 1 "$tmp/map.svg"
check $? "ppc64 prep_zero_mask:1 and alpha's cmpbge bitmap: --json's rows"
values "$BIN" 'ab\0cd' -- find_zero 1 "$tmp/mul.svg"
check $? "the multiply's partial products: --json's rows"

# 9: for screen readers, a title and a description naming the values
grep -q '<title id="title">watviz: has_zero, sub-step 1 of 5 (a - ONES) on x86-64' "$tmp/le.svg" &&
	grep -q '<desc id="desc">.*a = 0x0000006463006261 (memory 2: the first terminator; memory 5: a zero byte' "$tmp/le.svg" &&
	grep -q 'aria-labelledby="title desc"' "$tmp/le.svg"
check $? "<title> and <desc> say what it shows, with the values"

# 10: every name --list-steps lists is one --svg takes (a word of two words)
"$BIN" --list-steps 'hello, world' | cut -d' ' -f1 >"$tmp/names"
bad=""
while read -r s; do
	"$BIN" --svg --step "$s" 'hello, world' >/dev/null 2>&1 || bad="$bad $s"
done <"$tmp/names"
[ -z "$bad" ] && grep -qx 'has_zero@8:1' "$tmp/names" && [ "$(wc -l <"$tmp/names")" -ge 19 ]
check $? "--list-steps lists NAME:K, each taken by --step${bad:+ (refused:$bad)}"

# 11-12: a bad --step says what was wrong and how to fix it; exit status 2
"$BIN" --svg --step has_zeros:3 'ab\0cd' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/out" ] &&
	grep -q "no step 'has_zeros'.*load, has_zero, prep_zero_mask, create_zero_mask, find_zero, zero_bytemask" "$tmp/err"
check $? "an unknown function: status 2 ($rc), the names listed"
"$BIN" --svg --step has_zero:6 'ab\0cd' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "has_zero has 5 sub-steps, 1 to 5; as in --step has_zero:5" "$tmp/err" &&
	"$BIN" --svg 'ab\0cd' >/dev/null 2>"$tmp/err2"
[ $? = 2 ] && [ $rc = 2 ] && grep -q -- "--list-steps lists them" "$tmp/err2"
check $? "a sub-step out of range, or none named: status 2, the range said"

# 13: the example in docs/ is what this watviz draws
"$BIN" --svg --step has_zero:1 'ab\0cd' | cmp -s - docs/examples/has_zero-borrow.svg
check $? "docs/examples/has_zero-borrow.svg is what --svg --step has_zero:1 draws now"
