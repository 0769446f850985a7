// The page's prover (src/front/web/page.js starts it): the same module, another
// instance, on a worker thread, so a 32-bit :try's 2^32 words never hold
// up the page.  It is given the compiled module once, then jobs
// ({ id, job }: wv_web_prove_job's text), and answers each with
// { id, line }: wv_web_prove's verdict, which the page's instance shows.
// Nothing is decided here but by the C code.
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
let ready = null;
self.onmessage = (ev) => {
  const m = ev.data;
  if (m.module) {
    ready = watvizStart(m.module, () => {});
    return;
  }
  ready.then((w) => self.postMessage({ id: m.id, line: w.prove(m.job) }));
};
