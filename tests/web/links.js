// Links to an exact state (tests/web/run-web.sh): for a list of states,
// reached by a link and keys, the screen's link opened in a fresh start
// shows the same screen (every row but the message line) and gives the
// same link back.  Prints TAP lines without a plan:
//   node links.js MODULE.wasm
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
const fs = require('fs');
const path = require('path');
const web = path.join(__dirname, '..', '..', 'src', 'front', 'web');
global.watvizWasi = require(path.join(web, 'wasi.js')).watvizWasi;
const { WATVIZ_CELL, watvizKeyCode, watvizStart } = require(path.join(web, 'core.js'));

const text = (f) => {
  const rows = [];
  for (let y = 0; y < f.rows - 1; y++)
    rows.push(Array.from(f.cells.subarray(y * f.cols, (y + 1) * f.cols), (c) => c & ~(WATVIZ_CELL.FOCUS | WATVIZ_CELL.CURSOR)).join(','));
  return rows.join('\n');
};

(async () => {
  const bytes = fs.readFileSync(process.argv[2]);
  const a = await watvizStart(bytes, () => {});
  const b = await watvizStart(bytes, () => {});
  a.resize(30, 100);
  b.resize(30, 100);
  const arches = ['x86-64', 'x86-64-v6.10', 'ppc64', 'ppc32', 'alpha', 's390', 'arm64', 'riscv64'];
  const states = [];
  for (const arch of arches) {
    states.push(['word=hello%5C0world&arch=' + arch + '&offset=1&fill=0x01&delim=%2F', 'ArrowRight ArrowRight ArrowDown ArrowRight']);
    states.push(['word=abcdefghijklmnop&arch=' + arch, 'ArrowDown ArrowDown ArrowDown c']);
    states.push(['word=ab&arch=' + arch + '&page=8', 'G']);
    states.push(['word=%5Cx01%5Cx80%5Cxff&arch=' + arch + '&offset=3', 'o a']);
  }
  for (let l = 1; l <= 16; l++) {
    states.push(['lesson=' + l, ']']);
    states.push(['lesson=' + l + '&present=1', '] ]']);
    states.push(['lesson=' + l + '&arch=ppc64', ']']);
  }
  // a step in a lesson's link, written where it is not the scene's own;
  // the end-of-lesson screen
  for (const [l, sc, step] of [[3, 2, 'has_zero:3'], [3, 3, 'load:1'], [7, 2, 'find_zero:1'],
    [12, 1, 'has_zero:2'], [16, 2, 'zero_bytemask:1']]) {
    states.push(['lesson=' + l + '&scene=' + sc + '&step=' + step, '']);
    states.push(['lesson=' + l + '&scene=' + sc, 'ArrowRight']);
    states.push(['lesson=' + l + '&scene=' + sc + '&present=1&step=' + step, 'ArrowLeft']);
  }
  states.push(['lesson=3&scene=end', '']);
  // the split view: by link, by v, closed again, in a lesson once answered
  states.push(['word=hello%5C0world&arch=x86-64&split=ppc64', 'ArrowDown ArrowRight']);
  states.push(['word=ab&arch=alpha&offset=2', 'v ArrowDown']);
  states.push(['word=ab&arch=ppc32&split=x86-32', 'v']);
  states.push(['lesson=3&scene=1&split=s390', 'ArrowRight']);
  states.push(['lesson=3&scene=1', 'v']);
  states.push(['lesson=16&scene=3', ']']);
  let n = 0, bad = 0;
  const fields = new Set();
  for (const [frag, keys] of states) {
    a.open(frag);
    for (const k of keys.split(' ').filter(Boolean)) a.key(watvizKeyCode(k, false));
    const link = a.link(), before = text(a.frame());
    b.open(link);
    const after = text(b.frame()), again = b.link();
    for (const kv of link.split('&')) fields.add(kv.split('=')[0]);
    n++;
    if (before === after && again === link) {
      console.log('ok - ' + frag + ' then ' + keys + ': ' + link + ' reopens that screen');
    } else {
      bad++;
      console.log('not ok - ' + frag + ' then ' + keys + ': ' + link + ' reopens that screen');
      console.log('# again: ' + again);
    }
  }
  const want = ['word', 'arch', 'offset', 'fill', 'delim', 'page', 'step', 'view', 'split', 'lesson', 'scene', 'present'];
  const missing = want.filter((f) => !fields.has(f));
  console.log((missing.length ? 'not ok' : 'ok') + ' - the links written hold every field (' + want.join(' ') + ')' +
    (missing.length ? ': never ' + missing.join(' ') : ''));
  process.exit(bad || missing.length ? 1 : 0);
})().catch((e) => { console.log('not ok - links.js: ' + e.message); process.exit(1); });
