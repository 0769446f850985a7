#!/bin/sh
# --html in real tools: every page watviz writes (a trace on each of the
# sixteen variants, one with raw bytes >= 0x80 and '<' '&' in the word, every
# lesson's handout and question sheet, lessons 1-5, --course and every
# sheet at once) is checked by tidy, then loaded in headless
# Chromium at a phone's width (390 px): one browser loads them all, framed
# in one page whose probe (probe.js) reads each as laid out: lang, title,
# headings; a section per sub-step of the trace (as many as --json has), every
# bit cell 8 bits or '?', tables with column and row headers, borrow/carry
# rows, the marks; each question with a link to its answer in the answers
# section, which alone shows it (no <details>; no answer's lead above that
# section's heading in the visible text); no sideways scrolling.  Then PDFs of a
# few pages (a lesson on A4 and on Letter, the widest trace on A4, lessons
# 1-5 on Letter in at most 14 pages, half the 29 it took, --course on A4;
# every question sheet, each on one Letter page, and no answer on them):
# page count in range, nothing past the right margin or shrunk, no text
# under 8 pt, answers only after the "Answers" heading; and a
# phone-width screenshot (make check: the lesson's
# A4 PDF alone, make check-full the rest).  make check loads a slice of
# the pages (five variants' traces, four lessons' handouts and sheets, the
# raw word, lessons 1-5 and every sheet at once), make check-full all.
# Chromium, tidy and pdfinfo/pdftotext (poppler-utils) are optional: what
# needs a missing one says so and skips.  Prints TAP.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
BUILD=${1:-build}
exec python3 - "$BUILD" "$(dirname "$0")" <<'PY'
import concurrent.futures, json, os, re, shutil, subprocess, sys, tempfile, time

BIN = os.path.abspath(os.path.join(sys.argv[1], "watviz"))
HERE = os.path.abspath(sys.argv[2])
LESSONS = os.path.abspath(os.path.join(HERE, "..", "..", "lessons"))
tmp = tempfile.mkdtemp(prefix="watviz-html-")
lines = []


def tap(ok, name, diag=()):
    lines.append(("ok" if ok else "not ok", name, list(diag)))


def skip(name, why):
    lines.append(("ok", "%s # SKIP %s" % (name, why), []))


def run(args, timeout=120):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=timeout)


def with_lessons(args):
    """--lessons-dir where the run reads lessons (a trace refuses it)."""
    lesson = any(a in ("--lesson", "--course", "--list-lessons", b"--lesson",
                       b"--course") for a in args)
    return ([b"--lessons-dir", LESSONS.encode()] if lesson else []) + list(args)


def watviz(*args):
    return run([BIN] + [a.decode() if isinstance(a, bytes) else a
                        for a in with_lessons(args)])


# ---- the pages --------------------------------------------------------------
pages = {}      # file name -> what it should hold
arches = [l.split()[0] for l in watviz("--list-arch").stdout.decode().splitlines()]
# make check: one variant of each width and byte order and the one with
# its own find_zero instruction, and four lessons (the first questions,
# the borrow, the 64-bit big-endian ones, the last), as tests/web/ does;
# make check-full (CI) every one (Chromium's layout of the pages is most
# of this layer's time)
full = bool(os.environ.get("WATVIZ_CHECK_FULL"))
if not full:
    arches = [a for a in arches if a in ("x86-64", "x86-32", "ppc64", "ppc32", "alpha")]
WORD = r"a<&\xc3\xa9\xff\x01\0b"   # a 0x01 before the NUL: '!' on big-endian
for a in arches:
    js = json.loads(watviz("--json", "--arch", a, WORD).stdout)
    pages["t-%s.html" % a] = {
        "args": ["--html", "--arch", a, WORD], "kind": "trace",
        "subs": sum(len(s["substeps"]) for s in js["steps"]),
        "chain": sum(1 for s in js["steps"] for u in s["substeps"]
                     for r in u["rows"] if r["kind"] in ("borrow", "carry")),
        "false": any("false_positive" in m for s in js["steps"]
                     for u in s["substeps"] for r in u["rows"]
                     for m in r.get("marks", [])),
    }
# the word as raw bytes: '<', '&', a UTF-8 e-acute, a lone 0xff
pages["t-raw.html"] = {"args": ["--html", "--offset", "2", "--page-end", "16",
                                "--component", b"x<&\xc3\xa9\xff/y"],
                       "kind": "trace", "h1": "x<&\u00e9\\xff/y"}
lessons = re.findall(r"^\s*(\d+)\s", watviz("--list-lessons").stdout.decode(), re.M)
asked = {}      # lesson number -> its questions, from its plain handout
for n in lessons:
    plain = watviz("--plain", "--lesson", n).stdout.decode()
    asked[n] = len(re.findall(r"^Question \d+:", plain, re.M))
shown = lessons if full else [n for n in lessons if n in ("3", "7", "13", "16")]
for n in shown:
    pages["l%s.html" % n] = {"args": ["--html", "--lesson", n], "kind": "lesson",
                             "questions": asked[n]}
pages["l3-ppc.html"] = {"args": ["--html", "--lesson", "3", "--arch", "ppc"],
                        "kind": "lesson", "questions": 3}
# the 47-minute class, one print: 29 Letter pages before its lessons
# shared one legend, one answers section and one list of sources, 14
# after; lesson 1's scene 6 (what one word costs, a question of its own)
# came later and took it to 16; issue 47 asks for half the 29 (14)
pages["l1-5.html"] = {"args": ["--html", "--lesson", "1-5"], "kind": "lesson",
                      "questions": sum(asked[str(i)] for i in range(1, 6))}
# the question sheets: each lesson's alone, and every one in one print
for n in shown:
    pages["s%s.html" % n] = {"args": ["--html", "--sheet", "--lesson", n], "kind": "sheet",
                             "questions": asked[n]}
pages["sheets.html"] = {"args": ["--html", "--sheet", "--course"], "kind": "sheet",
                        "questions": sum(asked.values())}
if full:
    pages["course.html"] = {"args": ["--html", "--course"], "kind": "lesson",
                            "questions": sum(asked.values())}
for name, p in pages.items():
    args = [a if isinstance(a, bytes) else a.encode() for a in p["args"]]
    r = subprocess.run([BIN.encode()] + with_lessons(args),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    with open(os.path.join(tmp, name), "wb") as f:
        f.write(r.stdout)
    p["ok"] = r.returncode == 0 and r.stdout.startswith(b"<!DOCTYPE html>") and \
        r.stdout.rstrip().endswith(b"</html>")
    tap(p["ok"], "%s: watviz %s writes a whole page" % (name, " ".join(
        a.decode(errors="backslashreplace") for a in args)),
        [r.stderr.decode(errors="replace")])

# the example in the documentation is what watviz writes now
example = os.path.join(HERE, "..", "..", "docs", "examples", "lesson3-ppc.html")
with open(example, "rb") as f, open(os.path.join(tmp, "l3-ppc.html"), "rb") as g:
    tap(f.read() == g.read(), "docs/examples/lesson3-ppc.html is what watviz "
        "--html --lesson 3 --arch ppc writes (regenerate it, and its PNG, when not)")

# ---- tidy -------------------------------------------------------------------
if shutil.which("tidy"):
    for name in pages:
        r = run(["tidy", "-errors", "-quiet", os.path.join(tmp, name)])
        warn = r.stderr.decode(errors="replace").strip()
        tap(r.returncode < 2, "%s: tidy -errors finds no error%s" %
            (name, " (warnings below)" if warn else ""), warn.splitlines()[:10])
else:
    skip("tidy -errors on every page", "tidy not installed")

# ---- Chromium ---------------------------------------------------------------
CHROME = shutil.which("chromium") or shutil.which("chromium-browser")
runs = [0]


def chrome(args, url, timeout=90):
    """Run headless Chromium once (a profile of its own), retried once if it
    dies or hangs: a browser on a busy machine, not watviz, is what fails."""
    for attempt in (1, 2):
        runs[0] += 1
        prof = os.path.join(tmp, "profile-%d" % runs[0])
        cmd = [CHROME, "--headless", "--no-sandbox", "--disable-gpu",
               "--no-first-run", "--no-default-browser-check",
               "--disable-extensions", "--disable-dev-shm-usage",
               "--hide-scrollbars", "--user-data-dir=" + prof] + args + [url]
        try:
            r = run(cmd, timeout=timeout)
        except subprocess.TimeoutExpired:
            r = None
        if r is not None and r.returncode == 0:
            return r, attempt
    return r, attempt


def dom():
    with open(os.path.join(tmp, "index.html"), "w") as f:
        f.write('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
                "<title>probe</title></head><body>\n")
        for name in pages:
            f.write('<iframe src="%s" width="390" height="844"></iframe>\n' % name)
        f.write('<script src="probe.js"></script></body></html>\n')
    shutil.copy(os.path.join(HERE, "probe.js"), tmp)
    r, tries = chrome(["--allow-file-access-from-files", "--window-size=1280,900",
                       "--dump-dom"], "file://" + os.path.join(tmp, "index.html"))
    out = r.stdout.decode(errors="replace") if r else ""
    m = re.search(r'<pre id="probe">(.*?)</pre>', out, re.S)
    if not m and tries == 1:    # the load event came after the dump
        r, tries = chrome(["--allow-file-access-from-files", "--dump-dom"],
                          "file://" + os.path.join(tmp, "index.html"))
        out = r.stdout.decode(errors="replace") if r else ""
        m = re.search(r'<pre id="probe">(.*?)</pre>', out, re.S)
    if not m:
        return None
    txt = m.group(1).replace("&lt;", "<").replace("&gt;", ">") \
                    .replace("&quot;", '"').replace("&amp;", "&")
    return {j["page"]: j for j in map(json.loads, txt.splitlines())}


def pdf(name, size):
    """name printed on size ("A4" or "letter"): its PDF's path, or None."""
    src = os.path.join(tmp, name)
    copy = os.path.join(tmp, "%s-%s.html" % (name[:-5], size))
    with open(src, encoding="utf-8") as f:
        page = f.read()
    with open(copy, "w", encoding="utf-8") as f:
        f.write(page.replace("</head>", "<style>@page{size:%s}</style></head>" % size, 1))
    out = copy[:-5] + ".pdf"
    r, _ = chrome(["--no-pdf-header-footer", "--print-to-pdf=" + out], "file://" + copy)
    return out if r and os.path.exists(out) else None


def shot(name, size):
    out = os.path.join(tmp, name[:-5] + "-" + size.replace(",", "x") + ".png")
    r, _ = chrome(["--window-size=" + size, "--screenshot=" + out],
                  "file://" + os.path.join(tmp, name))
    return out if r and os.path.exists(out) else None


def check_dom(probes):
    if probes is None:
        tap(False, "Chromium --dump-dom of every page (no probe output, twice)")
        return
    for name, p in pages.items():
        j = probes.get(name)
        if not p["ok"] or j is None or "error" in j:
            tap(False, "%s: Chromium loads it" % name, [str(j)])
            continue
        d = ["%s=%s" % (k, j[k]) for k in sorted(j) if k not in ("page", "h1")]
        if p["kind"] == "sheet":
            # the questions with their rows, and nothing worked out
            q = p["questions"]
            tap(j["lang"] == "en" and j["title"] and len(j["h1"]) >= 1 and
                j["scripts"] == 0 and j["badlinks"] == 0 and j["sheetq"] == q and
                j["tables"] == j["subs"] and not j["badcells"] and
                j["answers_all"] == 0 and j["leads"] == 0 and j["worked"] == 0,
                "%s: %d questions, each with a table of its rows, no answers "
                "section, nothing worked out" % (name, q), d)
            tap(j["width"] == 390 and j["overflow"] <= 0,
                "%s: at 390 px the page does not scroll sideways" % name, d)
            continue
        tap(j["lang"] == "en" and j["title"] and len(j["h1"]) >= 1 and
            j["scripts"] == 0 and j["legend"] >= 10 and j["badlinks"] == 0,
            "%s: lang, title, headings, the legend, no script, every link "
            "inside the page resolves" % name, d)
        if "h1" in p:
            tap(p["h1"] in j["h1"][0], "%s: the word shows literally in the "
                "heading (%r)" % (name, p["h1"]), j["h1"])
        tap(j["tables"] == j["subs"] and j["tables"] > 0 and not j["badcells"]
            and j["bitcells"] > 0 and j["headed"] > j["tables"] and
            j["rowheads"] > 0 and (p.get("subs") is None or j["subs"] == p["subs"]),
            "%s: a table of bits per sub-step (%s), headed, every bit cell 8 "
            "bits or '?'" % (name, p.get("subs", j["subs"])), d)
        if p["kind"] == "trace":
            marks = j["marks"]
            tap(j["chainrows"] == p.get("chain", j["chainrows"]) and
                marks.get("=", 0) > 0 and marks.get("*", 0) +
                marks.get("!", 0) > 0 and marks.get("0", 0) > 0 and
                (not p.get("false") or marks.get("!", 0) > 0),
                "%s: borrow/carry rows (%d), the marks '=' answer, '*' flag, '0' zero%s" %
                (name, j["chainrows"], " and a false positive '!'" if p.get("false")
                 else ""), ["marks=%s" % marks])
        else:
            q = p["questions"]
            tap(j["questions"] == q and j["details"] == 0 and j["leads"] == q and
                j["qlinks"] == q and j["leaked"] == 0 and j["revealed"] == q and
                (j["answers_all_shown"] or q == 0),
                "%s: %d questions, each linked to its answer in the answers "
                "section; no visible text above that section gives one away, "
                "and it shows them all" % (name, q), d)
        tap(j["width"] == 390 and j["overflow"] <= 0,
            "%s: at 390 px the page does not scroll sideways (%d tables "
            "scroll inside their block)" % (name, j["wide_scrolls"]), d)


def pdf_text(path):
    r = run(["pdftotext", "-layout", path, "-"])
    return r.stdout.decode(errors="replace")


def check_pdf(name, size, path, lo, hi, questions):
    label = "%s printed on %s" % (name, size)
    if path is None:
        tap(False, label + ": Chromium --print-to-pdf")
        return
    if not (shutil.which("pdfinfo") and shutil.which("pdftotext")):
        skip(label, "pdfinfo/pdftotext (poppler-utils) not installed")
        return
    info = run(["pdfinfo", path]).stdout.decode()
    pages_n = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    w, h = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M).groups())
    want = (595, 842) if size == "A4" else (612, 792)
    tap(lo <= pages_n <= hi and abs(w - want[0]) < 2 and abs(h - want[1]) < 2,
        "%s: %d pages (%d to %d expected), %gx%g pt" % (label, pages_n, lo, hi, w, h))
    bbox = run(["pdftotext", "-bbox", path, "-"]).stdout.decode(errors="replace")
    right = max([float(x) for x in re.findall(r'xMax="([\d.]+)"', bbox)] or [0])
    # Chromium shrinks a page whose content is too wide to fit: then the
    # prose (9 pt, words about 10.5 pt high) comes out smaller
    heights = sorted(float(b) - float(a) for a, b in re.findall(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', bbox))
    median = heights[len(heights) // 2] if heights else 0
    tap(0 < right <= w - 20 and median > 10, "%s: fits the page unshrunk "
        "(rightmost text ends at %.0f of %.0f pt; words %.1f pt high)" %
        (label, right, w, median))
    # nothing set under 8 pt to save paper, nor shrunk under it: a word's
    # box is about 1.16 times its size in DejaVu, the 9 pt prose's 10.5
    # pt, 8 pt 9.3, 7 pt 8.2
    low = heights[0] if heights else 0
    tap(low >= max(9.2, median * 0.87), "%s: no text under 8 pt (smallest "
        "word %.1f pt high, the prose's %.1f)" % (label, low, median))
    if questions:
        text = pdf_text(path)
        heads = [m.start() for m in re.finditer(r"^\s*Answers\s*$", text, re.M)]
        leads = [m.start() for m in re.finditer(r"Answer: ", text)]
        tap(len(heads) == 1 and len(leads) == questions and
            all(x > heads[0] for x in leads) and "Show the answer" not in text,
            "%s: the %d answers are printed only after the Answers heading" %
            (label, questions),
            ["%d headings, %d answers, %d summaries" % (len(heads), len(leads),
                                                        text.count("Show the answer"))])


# what the handout sets as a heading, or as a line that leads into the
# block below it (the scene's word, a worked answer's lead), as
# pdftotext -layout shows it
HEADS = re.compile(r"^\s*(watviz lesson \d+:|Scene \d+ of \d+:|Memory$|How to read it$|"
                   r"Answers$|Sources$|Question \d+$|Lesson \d+, question \d+ \(|"
                   r"Answer: |word \".*\" on |\d+\.\d+ .* sub-step \d+ of \d+$)")
STEP = re.compile(r"^\s*\d+\. [A-Za-z_]\w*( [^ @]+)?$")    # "4. has_zero arch/x86/..."
BITS = re.compile(r"[01?]{8} ")


def orphans(path):
    """Pages (but the last) that end on a heading, or on a step's heading
    and its sentence with no row of bits below them: [(page, line)]."""
    info = run(["pdfinfo", path]).stdout.decode()
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    found = []
    for i in range(1, count):
        text = run(["pdftotext", "-layout", "-f", str(i), "-l", str(i), path,
                    "-"]).stdout.decode(errors="replace")
        tail = [l for l in text.splitlines() if l.strip()][-4:]
        if tail and HEADS.match(tail[-1]):
            found.append((i, tail[-1].strip()))
            continue
        for k, l in enumerate(tail):
            if STEP.match(l) and not any(BITS.search(m) for m in tail[k + 1:]):
                found.append((i, l.strip()))
                break
    return found


def check_orphans(name, size, path):
    label = "%s printed on %s" % (name, size)
    if path is None or not (shutil.which("pdfinfo") and shutil.which("pdftotext")):
        return      # said by check_pdf
    found = orphans(path)
    tap(not found, "%s: no page ends on a heading or a step's heading (%d)" %
        (label, len(found)), ["page %d ends: %s" % f for f in found])


def check_sheets(path, n):
    """Every lesson's question sheet on a Letter page of its own: n pages,
    page i headed by lesson i's sheet (a sheet that ran over would push
    the next one down a page)."""
    label = "every question sheet (--html --sheet --course) printed on letter"
    if path is None:
        tap(False, label + ": Chromium --print-to-pdf")
        return
    if not (shutil.which("pdfinfo") and shutil.which("pdftotext")):
        skip(label, "pdfinfo/pdftotext (poppler-utils) not installed")
        return
    info = run(["pdfinfo", path]).stdout.decode()
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    heads = []
    for i in range(1, count + 1):
        text = run(["pdftotext", "-f", str(i), "-l", str(i), path, "-"]).stdout.decode(
            errors="replace")
        m = re.search(r"watviz lesson (\d+):", text)
        heads.append(int(m.group(1)) if m else None)
    want = [int(x) for x in lessons]
    tap(count == n and heads == want, "%s: %d pages, each lesson's sheet on "
        "one page of its own (%d lessons)" % (label, count, n),
        ["page heads: %s" % heads, "lessons: %s" % want])
    text = pdf_text(path)
    tap("Answer" not in text and "Worked out" not in text,
        "%s: no answer and no worked answer on any sheet" % label)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


if not CHROME:
    skip("the pages in Chromium (DOM, PDF, screenshot)", "chromium not installed")
else:
    start = time.time()
    # make check-full (CI): the Letter PDF, the trace's and the screenshot
    # too; make check starts two browsers, not five
    # two browsers at a time: the DOM of every page first, the PDFs and
    # the screenshot beside it
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        f_dom = ex.submit(dom)
        f_a4 = ex.submit(pdf, "l3-ppc.html", "A4")
        if full:
            f_lt = ex.submit(pdf, "l3-ppc.html", "letter")
            f_class = ex.submit(pdf, "l1-5.html", "letter")
            f_sheets = ex.submit(pdf, "sheets.html", "letter")
            f_course = ex.submit(pdf, "course.html", "A4")
            f_tr = ex.submit(pdf, "t-x86-64.html", "A4")
            f_png = ex.submit(shot, "l3-ppc.html", "390,844")
        probes = f_dom.result()
        a4 = f_a4.result()
        if full:
            letter, trace, png = f_lt.result(), f_tr.result(), f_png.result()
            klass, sheets = f_class.result(), f_sheets.result()
            course = f_course.result()
    check_dom(probes)
    check_pdf("l3-ppc.html", "A4", a4, 3, 8, 3)
    if full:
        check_pdf("l3-ppc.html", "letter", letter, 3, 8, 3)
        check_pdf("t-x86-64.html", "A4", trace, 2, 14, 0)
        # at most half the 29 pages it took with a legend, an answers
        # page and a sources page a lesson
        check_pdf("l1-5.html", "letter", klass, 6, 14, pages["l1-5.html"]["questions"])
        check_orphans("l1-5.html", "letter", klass)
        check_sheets(sheets, len(lessons))
        # every lesson on the narrower paper: none is too wide (lesson
        # 15's memory caption did not wrap and Chromium shrank its whole
        # print to 88%); the count is only a sanity range
        check_pdf("course.html", "A4", course, len(lessons), 3 * len(lessons),
                  pages["course.html"]["questions"])
        check_orphans("course.html", "A4", course)
        size = png and png_size(png)
        tap(bool(size) and size[0] == 390 and os.path.getsize(png) > 10000,
            "l3-ppc.html: a screenshot at a phone's width (%s)" % (size,))
    else:
        skip("the Letter PDFs, the trace's and --course's, a phone-width "
             "screenshot", "make check-full's (CI's)")
    lines.append(("#", "Chromium: %d runs, %.0f s" % (runs[0], time.time() - start), []))

print("1..%d" % sum(1 for l in lines if l[0] != "#"))
n = 0
for status, name, diag in lines:
    if status == "#":
        print("# " + name)
        continue
    n += 1
    print("%s %d - %s" % (status, n, name))
    if status != "ok":
        for d in diag:
            for l in str(d).splitlines():
                print("# " + l)
shutil.rmtree(tmp, ignore_errors=True)
PY
