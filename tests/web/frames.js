// The module's half of the frame-equality test (tests/web/run-web.sh):
// the same scenario as tests/web/driver.c (its head comment has the
// format), run on build/web/watviz.wasm through the page's own glue
// (src/front/web/wasi.js, src/front/web/core.js), keys named as the driver names them mapped
// through the page's key table: node frames.js MODULE.wasm < SCENARIO
// or, every scenario in one process (the module compiled once, a fresh
// instance for each, as a new page would have): node frames.js MODULE.wasm
// OUTDIR SCENARIO... writes OUTDIR/NAME (the frames), NAME.err (what the
// module logged, or the error that stopped it) and NAME.rc (0, or 2 when
// the scenario could not be run) for each SCENARIO's file name NAME
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
const fs = require('fs');
const path = require('path');
const web = path.join(__dirname, '..', '..', 'src', 'front', 'web');
global.watvizWasi = require(path.join(web, 'wasi.js')).watvizWasi;
const { WATVIZ_CELL, watvizKeyCode, watvizStart } = require(path.join(web, 'core.js'));

// the driver's names as a browser's KeyboardEvent.key
const BROWSER = { Right: 'ArrowRight', Left: 'ArrowLeft', Up: 'ArrowUp', Down: 'ArrowDown',
  Home: 'Home', End: 'End', BkSp: 'Backspace', Del: 'Delete', PgUp: 'PageUp',
  PgDn: 'PageDown', Enter: 'Enter', Esc: 'Escape', Tab: 'Tab', F1: 'F1' };

function code(name) {
  if (BROWSER[name]) return watvizKeyCode(BROWSER[name], false);
  if (/^C-.$/.test(name)) return watvizKeyCode(name[2], true);
  if ([...name].length === 1) return watvizKeyCode(name, false);
  throw new Error('frames.js: no key ' + name);
}

// one scenario's text on a fresh instance of the module; its frames' lines
async function run(module, text, log) {
  const w = await watvizStart(module, log);
  const out = [];
  for (const line of text.split('\n')) {
    if (line === '' || line[0] === '#') continue;
    const sp = line.indexOf(' ');
    const cmd = sp < 0 ? line : line.slice(0, sp), arg = sp < 0 ? '' : line.slice(sp + 1);
    if (cmd === 'size') { const [r, c] = arg.split(' ').map(Number); w.resize(r, c); }
    else if (cmd === 'open') w.open(arg);
    else if (cmd === 'key') for (const k of arg.split(' ').filter(Boolean)) w.key(code(k));
    else if (cmd === 'type') for (const ch of arg) w.key(code(ch));
    else if (cmd === 'click') { const [y, x] = arg.split(' ').map(Number); w.click(y, x); }
    else if (cmd === 'tick') for (let n = Number(arg); n > 0; n--) w.tick();
    else if (cmd === 'frame') {
      const f = w.frame();
      if (!f.rows) { out.push('frame none'); continue; }
      out.push('frame ' + f.rows + ' ' + f.cols);
      for (let y = 0; y < f.rows; y++) {
        let t = 't|', r = 'r|', m = 'm|';
        for (let x = 0; x < f.cols; x++) {
          const c = f.cells[y * f.cols + x];
          t += WATVIZ_CELL.ch(c);
          r += String.fromCharCode(97 + WATVIZ_CELL.role(c));
          m += String.fromCharCode(48 + (c & WATVIZ_CELL.FOCUS ? 1 : 0) +
            (c & WATVIZ_CELL.CURSOR ? 2 : 0));
        }
        out.push(t, r, m);
      }
    } else if (cmd === 'link') out.push('link|' + w.link());
    else if (cmd === 'said') out.push('said|' + w.said());
    else if (cmd === 'prove') {
      const job = w.proving();
      if (job) w.proved(job, w.prove(w.proveJob()));
      else out.push('prove none');
    }
    else throw new Error('frames.js: cannot read ' + line);
  }
  return Buffer.from(out.join('\n') + '\n', 'utf8');
}

(async () => {
  const module = await WebAssembly.compile(fs.readFileSync(process.argv[2]));
  if (process.argv.length <= 3) {
    process.stdout.write(await run(module, fs.readFileSync(0, 'utf8'),
      (fd, l) => process.stderr.write(l + '\n')));
    return;
  }
  const dir = process.argv[3];
  for (const file of process.argv.slice(4)) {
    const name = path.join(dir, path.basename(file));
    const log = [];
    let rc = 0;
    try {
      fs.writeFileSync(name, await run(module, fs.readFileSync(file, 'utf8'),
        (fd, l) => log.push(l)));
    } catch (e) {
      log.push(e.message);
      rc = 2;
    }
    fs.writeFileSync(name + '.err', log.length ? log.join('\n') + '\n' : '');
    fs.writeFileSync(name + '.rc', rc + '\n');
  }
})().catch((e) => { console.error(e.message); process.exit(2); });
