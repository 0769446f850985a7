// The watviz module in a page or under node: start it, pass keys and text
// in, read frames and links out.  Nothing of the visualizer is here: every
// screen, value and sentence comes from the C code (src/front/web/web.c).
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';

// Browser key names (KeyboardEvent.key) to what the C code takes: the
// program's own codes for keys that are no character (enum wv_key in
// src/app/keys.h, from 0x110000 on: tests/web/run-web.sh checks
// that they agree), ASCII for the rest.
const WV_KEY = 0x110000;
const WATVIZ_KEYS = {
  ArrowDown: WV_KEY, ArrowUp: WV_KEY + 1, ArrowLeft: WV_KEY + 2, ArrowRight: WV_KEY + 3,
  Home: WV_KEY + 4, End: WV_KEY + 5, PageUp: WV_KEY + 6, PageDown: WV_KEY + 7,
  Delete: WV_KEY + 8, Backspace: WV_KEY + 9, F1: WV_KEY + 11,
  Enter: 10, Escape: 27, Tab: 9,
};

// The code for a key event's key (and ctrl), or 0 for one that means
// nothing: a character is its code point (é is 0xe9; the C code decides
// which it can type), Ctrl with a letter its control code.
function watvizKeyCode(key, ctrl) {
  if (Object.prototype.hasOwnProperty.call(WATVIZ_KEYS, key)) return WATVIZ_KEYS[key];
  if ([...key].length !== 1) return 0;
  const c = key.codePointAt(0);
  if (c < 32 || (c >= 127 && c < 160)) return 0;
  if (ctrl) return /[a-zA-Z]/.test(key) ? c & 0x1f : 0;
  return c;
}

// A cell of the module's frame (src/front/web/web.h): its role in bits 0-7, the
// focus and cursor marks in bits 8 and 9, its character's code point from
// bit 11 on (one column: a letter of Latin, Greek or Cyrillic, the cut
// mark, a QR block ...).
const WATVIZ_CELL = {
  FOCUS: 0x100, CURSOR: 0x200,
  role: (c) => c & 0xff,
  ch: (c) => String.fromCodePoint(c >>> 11),
};

// The module's state files as blobs of a store (the page's: localStorage):
// store.get(name) is its text or null, store.put(name, text) replaces it
// and throws a QuotaExceededError when full.  No store (node's frame
// tests, a browser that refuses storage): the module keeps no state, as
// its native twin.  The bytes are UTF-8; the C code parses and writes them.
function watvizStoreImports(store, memory) {
  const enc = new TextEncoder(), dec = new TextDecoder();
  const name = (p) => {
    const mem = new Uint8Array(memory().buffer);
    let end = p;
    while (mem[end]) end++;
    return dec.decode(mem.subarray(p, end));
  };
  return {
    // the blob's length in bytes (copied to buf when it fits in cap);
    // -1: no such blob; -2: no store
    store_get(np, buf, cap) {
      if (!store) return -2;
      let text;
      try { text = store.get(name(np)); } catch (e) { return -2; }
      if (text === null || text === undefined) return -1;
      const bytes = enc.encode(text);
      if (bytes.length <= cap) new Uint8Array(memory().buffer, buf, bytes.length).set(bytes);
      return bytes.length;
    },
    // 0; -1: the store is full (the old blob stays); -2: another failure
    store_put(np, data, len) {
      if (!store) return -2;
      try {
        store.put(name(np), dec.decode(new Uint8Array(memory().buffer, data, len)));
        return 0;
      } catch (e) {
        return e && (e.name === 'QuotaExceededError' || e.code === 22) ? -1 : -2;
      }
    },
  };
}

// wasm: the module's bytes, or the module compiled (WebAssembly.Module,
// as the page hands it to its prover's worker: src/front/web/worker.js)
async function watvizStart(wasm, log, store) {
  const wasi = watvizWasi(log || ((fd, line) => console.log(line)));
  let memory = null;
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  const instance = await WebAssembly.instantiate(module, {
    wasi_snapshot_preview1: wasi.imports,
    watviz: watvizStoreImports(store || null, () => memory),
  });
  const x = instance.exports;
  memory = x.memory;
  wasi.setMemory(x.memory);
  x._initialize();
  const enc = new TextEncoder(), dec = new TextDecoder();
  function put(s) {
    const bytes = enc.encode(s);
    const n = Math.min(bytes.length, 49000);
    const p = x.wv_web_buf(n + 1);
    const mem = new Uint8Array(x.memory.buffer, p, n + 1);
    mem.set(bytes.subarray(0, n));
    mem[n] = 0;
    return p;
  }
  function str(p) {
    const mem = new Uint8Array(x.memory.buffer);
    let end = p;
    while (mem[end]) end++;
    return dec.decode(mem.subarray(p, end));
  }
  return {
    module,
    open(fragment) { return x.wv_web_open(put(fragment)); },
    resize(rows, cols) { x.wv_web_resize(rows, cols); },
    key(code) { return x.wv_web_key(code); },
    wheel(dir) { return x.wv_web_wheel(dir); },
    click(y, x_) { return x.wv_web_click(y, x_); },
    tick() { return x.wv_web_tick(); },
    playing() { return x.wv_web_playing() !== 0; },
    speed() { return x.wv_web_speed(); },
    typing() { return x.wv_web_typing() !== 0; },
    // { rows, cols, cells: Uint32Array copy } (ch | role << 8 | marks)
    frame() {
      const p = x.wv_web_frame();
      const rows = x.wv_web_rows(), cols = x.wv_web_cols();
      if (!p) return { rows: 0, cols: 0, cells: new Uint32Array(0) };
      return { rows, cols, cells: new Uint32Array(x.memory.buffer, p, rows * cols).slice() };
    },
    link() { return str(x.wv_web_link()); },
    said() { return str(x.wv_web_said()); },
    // a 32-bit :try's proof, to run elsewhere (web.h): its job number (0
    // none), the job, the worker's half, and its verdict brought back
    proving() { return x.wv_web_proving(); },
    proveJob() { return str(x.wv_web_prove_job()); },
    prove(job) { return str(x.wv_web_prove(put(job))); },
    proved(job, line) { return x.wv_web_proved(job, put(line)); },
  };
}

if (typeof module !== 'undefined') module.exports = { WATVIZ_CELL, WATVIZ_KEYS, watvizKeyCode, watvizStart, watvizStoreImports };
