// The page's painter: each frame cell a character in a class named by its
// role (.r0 .. , from the terminal's role table: build/web/roles.css), the
// browser's keys sent as the terminal's, the screen's link in the address
// bar.  Text goes in with textContent only: nothing the module or a link
// says is ever markup.
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
(async function () {
  const grid = document.getElementById('grid');
  const live = document.getElementById('said');
  const note = document.getElementById('note');
  const bytes = Uint8Array.from(atob(document.getElementById('wasm').textContent.trim()),
                                c => c.charCodeAt(0));
  // lesson progress and the ':' history, as the terminal's state files
  // (the module reads and writes them; a page whose browser refuses
  // storage keeps none)
  let storage = null;
  try { storage = window.localStorage; storage.getItem('watviz.progress'); } catch (e) { storage = null; }
  const store = storage && {
    get: (name) => storage.getItem('watviz.' + name),
    put: (name, text) => storage.setItem('watviz.' + name, text),
  };
  const w = await watvizStart(bytes, (fd, line) => console.log('watviz:', line), store);
  let zoom = 1, playTimer = null, lastLink = '', lastSaid = '';

  // presenting, the font that makes the window about this many cells,
  // the size --present is laid out for in a terminal (120x36: the calls
  // so far, every earlier sub-step): big text from a 1280x720 projector
  // to a 3840x2160 one; z and Z scale it from there
  const PRESENT_COLS = 120, PRESENT_ROWS = 36;
  let scale = 1;  // the font over 16px, before the reader's zoom

  function cellSize() {
    const probe = document.createElement('div'), text = document.createElement('span');
    probe.className = 'row';
    text.textContent = 'M'.repeat(10);
    probe.appendChild(text);
    grid.appendChild(probe);
    const r = { width: text.getBoundingClientRect().width, height: probe.getBoundingClientRect().height };
    grid.removeChild(probe);
    return { cw: r.width / 10 || 8, ch: r.height || 16 };
  }

  // the grid from the window: whole cells of the font, at least 80x24
  function measure() {
    const view = document.documentElement;
    let want = 1;
    if (document.body.classList.contains('present')) {
      const one = cellSize(), px = 16 * scale * zoom;  // at the font now
      // (a hair under, so the rows come out whole after rounding)
      want = 0.999 * Math.min((view.clientWidth - 10) / (PRESENT_COLS * one.cw / px),
                              (view.clientHeight - 10) / (PRESENT_ROWS * one.ch / px)) / 16;
      // z and Z scale the font from there, but never past the 80x24 cells
      // the screens need (a grid taller or wider than the window cuts the
      // message line off the projector): at most 120/80 = 36/24 = 1.5
      // times.  The zoom itself is clamped, so Z after a z too many
      // shrinks at once
      zoom = Math.min(zoom, PRESENT_COLS / 80, PRESENT_ROWS / 24);
    } else if (matchMedia('(pointer: coarse)').matches) {
      // a phone (a touch screen) narrower than the 80 columns the screens
      // need at 16px: the font shrinks until 80 fit across, since a grid
      // cut at the right hides half of every bit row; pinching zooms in,
      // and held sideways the font comes out larger.  A narrow window with
      // a mouse scrolls instead, at the reader's font
      const one = cellSize(), px = 16 * scale * zoom;
      want = Math.min(1, 0.999 * (view.clientWidth - 10) / (80 * one.cw / px) / 16);
    }
    scale = want;
    view.style.setProperty('--zoom', scale * zoom);
    const { cw, ch } = cellSize();
    const rows = Math.max(24, Math.floor((view.clientHeight - 10) / ch));
    const cols = Math.max(80, Math.floor((view.clientWidth - 10) / cw));
    // a window that holds the grid shows no scroll bar (one would steal
    // a column); a smaller one scrolls over the 80x24 the screens need
    view.style.overflow = rows * ch + 10 <= view.clientHeight &&
      cols * cw + 10 <= view.clientWidth ? 'hidden' : 'auto';
    w.resize(rows, cols);
  }

  // rows are rebuilt only where their cells changed
  let shownRows = [], framesPainted = 0;
  function paint() {
    const f = w.frame();
    framesPainted++;
    if (grid.children.length !== f.rows) {
      grid.replaceChildren();
      shownRows = [];
    }
    for (let y = 0; y < f.rows; y++) {
      const cells = f.cells.subarray(y * f.cols, (y + 1) * f.cols);
      const sig = cells.join(',');
      if (shownRows[y] === sig) continue;
      shownRows[y] = sig;
      const row = document.createElement('div');
      row.className = 'row';
      let run = '', cls = null;
      const flush = () => {
        if (!run) return;
        const s = document.createElement('span');
        s.className = cls;
        s.textContent = run;
        row.appendChild(s);
        run = '';
      };
      for (let x = 0; x < f.cols; x++) {
        const c = cells[x];
        const k = 'r' + WATVIZ_CELL.role(c) + (c & WATVIZ_CELL.FOCUS ? ' fo' : '') +
          (c & WATVIZ_CELL.CURSOR ? ' cu' : '');
        if (k !== cls) { flush(); cls = k; }
        run += WATVIZ_CELL.ch(c);
      }
      flush();
      if (grid.children[y]) grid.replaceChild(row, grid.children[y]);
      else grid.appendChild(row);
    }
    const link = w.link();
    if (link !== lastLink) {
      lastLink = link;
      history.replaceState(null, '', '#' + link);
      // --present's colours where the lesson is presented, and a theme
      // the link (or :set theme) chose over the browser's preference
      const presenting = /(^|&)present=1(&|$)/.test(link);
      const rescale = presenting !== document.body.classList.contains('present');
      document.body.classList.toggle('present', presenting);
      document.body.classList.toggle('light', /(^|&)theme=light(&|$)/.test(link));
      document.body.classList.toggle('dark', /(^|&)theme=dark(&|$)/.test(link));
      if (rescale) {  // the grid for the font presenting chooses, or not
        measure();
        paint();
        return;
      }
    }
    const said = w.said();
    if (said !== lastSaid) {
      lastSaid = said;
      live.textContent = said;
    }
    document.title = 'watviz: ' + (said ? said.slice(0, 60) : 'word at a time');
  }

  function play() {
    if (w.playing() && !playTimer) {
      const step = () => {
        playTimer = null;
        if (!w.playing()) return;
        w.tick();
        paint();
        playTimer = setTimeout(step, w.speed());
      };
      playTimer = setTimeout(step, w.speed());
    }
  }

  // a 32-bit :try's proof on a worker of its own (src/front/web/worker.js, the same
  // module), so the page stays live for the minutes 2^32 words take; a
  // job the C code no longer waits for (Esc, Ctrl-C, another :try) ends
  // with its worker.  A browser that gives the page no worker proves here.
  let prover = null, proverJob = 0;
  function newProver() {
    try {
      const src = document.getElementById('prover').textContent;
      const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
      const p = new Worker(url);
      URL.revokeObjectURL(url);
      p.onmessage = (ev) => {
        if (ev.data.id !== proverJob) return;
        proverJob = 0;
        react(w.proved(ev.data.id, ev.data.line));
      };
      p.postMessage({ module: w.module });
      return p;
    } catch (e) {
      console.log('watviz: no worker for :try (' + e.message + '): it runs on the page');
      return null;
    }
  }
  function proofs() {
    const job = w.proving();
    if (job === proverJob) return;
    if (proverJob && prover) {  // stopped or replaced
      prover.terminate();
      prover = null;
    }
    proverJob = job;
    if (!job) return;
    if (!prover) prover = newProver();
    if (prover) prover.postMessage({ id: job, job: w.proveJob() });
    else setTimeout(() => { if (w.proving() === job) { proverJob = 0; react(w.proved(job, w.prove(w.proveJob()))); } }, 0);
  }

  function react(r) {
    if (r & 2) note.textContent = 'q: the page stays open; close the tab to leave.';
    paint();
    play();
    proofs();
  }

  async function copyLink() {
    const url = location.href.split('#')[0] + '#' + w.link();
    try {
      await navigator.clipboard.writeText(url);
      note.textContent = 'Link copied: ' + url;
    } catch (e) {
      note.textContent = 'Link to this screen (copy it): ' + url;
    }
  }

  function setZoom(z) {
    zoom = Math.min(3, Math.max(0.5, z));
    document.documentElement.style.setProperty('--zoom', scale * zoom);
    measure();
    paint();
  }

  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.metaKey) return;
    if (!w.typing() && !ev.ctrlKey) {
      // the page's own keys, where the visualizer has none
      if (ev.key === 'y') { ev.preventDefault(); copyLink(); return; }
      if (ev.key === 'z') { ev.preventDefault(); setZoom(zoom * 1.25); return; }
      if (ev.key === 'Z') { ev.preventDefault(); setZoom(zoom / 1.25); return; }
      if (ev.key === 'M') {
        ev.preventDefault();
        document.body.classList.toggle('mono');
        return;
      }
    }
    const code = watvizKeyCode(ev.key, ev.ctrlKey);
    if (!code) return;
    ev.preventDefault();
    note.textContent = '';
    react(w.key(code));
  });
  grid.addEventListener('click', (ev) => {
    const rowEl = ev.target.closest('.row');
    if (!rowEl) return;
    const r = grid.getBoundingClientRect();
    const y = Array.prototype.indexOf.call(grid.children, rowEl);
    const x = Math.floor((ev.clientX - r.left) / (r.width / w.frame().cols));
    react(w.click(y, x));
  });
  grid.addEventListener('wheel', (ev) => {
    if (w.typing()) return;
    ev.preventDefault();
    react(w.wheel(ev.deltaY > 0 ? 1 : -1));
  }, { passive: false });
  window.addEventListener('resize', () => { measure(); paint(); });
  window.addEventListener('hashchange', () => {
    const frag = location.hash.slice(1);
    if (frag !== lastLink) { w.open(frag); paint(); play(); }
  });

  if (/[?&]mono\b/.test(location.search) || window.matchMedia('(forced-colors: active)').matches)
    document.body.classList.add('mono');
  measure();
  w.open(location.hash.slice(1));
  paint();
  play();
  window.watvizPage = { w, paint, ready: true, firstFrame: performance.now(),
    frames: () => framesPainted };
  document.body.dataset.ready = '1';
})();
