// The module's stack headroom (tests/web/run-web.sh; issue 46): the page's
// module has a 1 MiB stack placed first in memory (wasm-ld --stack-first,
// src/front/web/web.mk), so an overflow traps instead of writing over the data above
// it; this watches how much of it opening the lessons uses.
//
// How: the initial stack pointer is read from the module itself (its
// first global, __stack_pointer, an i32.const; the data segments must all
// lie above it, or the stack is not first).  Between two calls into the
// module no frame is live, so the whole stack, [0, stack pointer), is
// painted with a pattern; then every scene of every lesson is opened by
// its link (at 80x24, and at 160x45 with --present's layout), its
// question asked (Enter), its answer shown (s), another word drawn (w)
// and a step taken; afterwards the lowest
// byte that is no longer the pattern is the deepest the stack reached (a
// frame that never writes the bottom of a local array is not seen:
// painting measures what was written).  Fails when the headroom left is
// under half the stack.  Prints TAP lines without a plan:
//   node stack.js MODULE.wasm
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
const fs = require('fs');
const path = require('path');
const web = path.join(__dirname, '..', '..', 'src', 'front', 'web');
global.watvizWasi = require(path.join(web, 'wasi.js')).watvizWasi;
const { watvizKeyCode, watvizStart } = require(path.join(web, 'core.js'));

const PATTERN = 0xa5;
const MIN_HEADROOM = 0.5;

// an unsigned or signed LEB128 at bytes[at]: [value, next]
function leb(bytes, at, signed) {
  let v = 0, shift = 0, b;
  do {
    b = bytes[at++];
    v += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  if (signed && (b & 0x40)) v -= 2 ** shift;
  return [v, at];
}

// the first global's i32.const and the data segments' offsets
function layout(bytes) {
  let at = 8, sp = null;
  const data = [];
  while (at < bytes.length) {
    const id = bytes[at];
    let size;
    [size, at] = leb(bytes, at + 1, false);
    const end = at + size;
    if (id === 6) {			// globals: type, mutability, init
      let n, p = at;
      [n, p] = leb(bytes, p, false);
      if (n > 0 && bytes[p] === 0x7f && bytes[p + 1] === 1 && bytes[p + 2] === 0x41)
        sp = leb(bytes, p + 3, true)[0];
    } else if (id === 11) {		// data: each active segment's offset
      let n, p = at;
      [n, p] = leb(bytes, p, false);
      for (let i = 0; i < n; i++) {
        let kind, off, len;
        [kind, p] = leb(bytes, p, false);
        if (kind === 2) p = leb(bytes, p, false)[1];	// memory index
        if (kind === 0 || kind === 2) {
          if (bytes[p] !== 0x41) return { sp, data: null };
          [off, p] = leb(bytes, p + 1, true);
          p++;				// end
          data.push(off);
        }
        [len, p] = leb(bytes, p, false);
        p += len;
      }
    }
    at = end;
  }
  return { sp, data };
}

(async () => {
  const bytes = fs.readFileSync(process.argv[2]);
  const { sp, data } = layout(bytes);
  if (!sp || !data || !data.length) {
    console.log('not ok - the module\'s stack pointer and data segments are readable');
    process.exit(1);
  }
  const first = Math.min(...data);
  console.log((first >= sp ? 'ok' : 'not ok') + ' - the stack (' + sp + ' bytes) is first in ' +
    'memory, below the lowest data segment (at ' + first + '), so an overflow traps');
  if (first < sp) {
    console.log('not ok - the stack\'s depth: not measured, the stack is not first ' +
      '(painting it would paint the data)');
    process.exit(1);
  }

  // the module's memory, as watvizStart instantiates it
  let instance = null;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const r = await instantiate.apply(WebAssembly, a);
    instance = r.instance || r;
    return r;
  };
  const m = await watvizStart(bytes, () => {});
  WebAssembly.instantiate = instantiate;
  const memory = instance.exports.memory;
  const paint = () => new Uint8Array(memory.buffer, 0, sp).fill(PATTERN);
  const reached = () => {
    const mem = new Uint8Array(memory.buffer, 0, sp);
    let i = 0;
    while (i < sp && mem[i] === PATTERN) i++;
    return sp - i;
  };

  let deepest = 0, where = '', bad = 0, scenes = 0;
  for (const [rows, cols, extra] of [[24, 80, ''], [45, 160, '&present=1']]) {
    for (let l = 1; l <= 16; l++) {
      const link = 'lesson=' + l + extra;
      paint();
      m.resize(rows, cols);
      for (let sc = 1; sc <= 20; sc++) {
        const at = 'lesson=' + l + '&scene=' + sc;
        m.open(at + extra);
        if (!(m.link() + '&').startsWith(at + '&')) break;	// past the last scene
        scenes++;
        for (const k of ['Enter', 's', 'Escape', 'w', 'ArrowRight'])
          m.key(watvizKeyCode(k, false));	// asked, shown, another word
      }
      const used = reached();
      if (used > deepest) {
        deepest = used;
        where = link + ' at ' + cols + 'x' + rows;
      }
      if (sp - used < sp * MIN_HEADROOM) bad++;
    }
  }
  const pct = (100 * deepest / sp).toFixed(1);
  console.log((bad ? 'not ok' : 'ok') + ' - opening and stepping every lesson uses at most ' +
    deepest + ' bytes of the ' + sp + '-byte stack (' + pct + '%, deepest: ' + where +
    '; ' + scenes + ' scene openings); the headroom left is over ' +
    MIN_HEADROOM * 100 + '%');
  process.exit(bad ? 1 : 0);
})().catch((e) => { console.log('not ok - stack.js: ' + e.message); process.exit(1); });
