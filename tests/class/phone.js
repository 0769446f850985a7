// The student's page on a phone (tests/class/run-phone.sh): headless
// Chromium emulating a 360x640 touch screen, playwright-core on the
// system's chromium, against tests/class/driver, which this script starts
// and plays the teacher on (its stdin):
//   node phone.js DRIVER OUT        (prints TAP, no plan)
// Each check waits for exactly what it asserts (no sleeps) and the votes
// are checked in the vote layer's tally; a screenshot of each state goes
// to OUT/ for a person to look at.
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { spawn } = require('child_process');
const { chromium } = require('playwright-core');

const DRIVER = process.argv[2];
const OUT = path.resolve(process.argv[3]);
let n = 0, failed = 0;
function ok(cond, name, diag) {
  n++;
  console.log((cond ? 'ok ' : 'not ok ') + n + ' - ' + name);
  if (!cond) {
    failed++;
    if (diag) for (const l of String(diag).split('\n').slice(0, 12)) console.log('# ' + l);
  }
}

// the driver: one command, one answer line (the QR command is not used)
const drv = spawn(DRIVER, ['127.0.0.1', '0'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: drv.stdout });
const waiting = [];
const early = [];
lines.on('line', (l) => (waiting.length ? waiting.shift()(l) : early.push(l)));
const line = () => new Promise((res) => (early.length ? res(early.shift()) : waiting.push(res)));
async function teach(cmd) {
  drv.stdin.write(cmd + '\n');
  return line();
}

async function waitFor(page, fn, arg) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 30000 });
    return true;
  } catch (e) {
    return false;
  }
}
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

(async () => {
  const first = await line();
  if (first === 'nomhd') {
    console.log('ok 1 - the page on a phone # SKIP this build has no class server');
    return;
  }
  const url = first.replace(/^url /, '');
  const code = (await line()).replace(/^code /, '');
  await line(); await line();	// capacity, ready
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.WATVIZ_CHROME || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true,
      hasTouch: true, deviceScaleFactor: 2, colorScheme: 'light' });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const resp = await page.goto(url);
    ok(resp.status() === 200 && await waitFor(page, () =>
      document.getElementById('title').textContent === 'Waiting for the teacher'),
    'the link opens the page: it waits for the teacher');
    ok((await teach('status')) === 'status none 0 0 1 0', 'the phone joined the class');

    await teach('open');
    ok(await waitFor(page, () => document.querySelectorAll('#choices button').length === 4),
      'the teacher opens a question: the page shows its four choices');
    const title = await text(page, '#title');
    ok(title.includes('<b>bold</b>') && !(await page.$('#title b')),
      'the question\'s text is shown as text, never as HTML', title);
    const opt3 = await page.$eval('#choices button:nth-child(4)', (b) => b.textContent);
    ok(opt3 === '<script>alert(1)</script>' && errors.length === 0,
      'a choice that looks like a script is a label, and the page has no error', errors.join('\n'));
    const boxes = await page.$$eval('#choices button', (bs) => bs.map((b) => {
      const r = b.getBoundingClientRect();
      return [r.width, r.height];
    }));
    ok(boxes.every(([w, h]) => h >= 48 && w >= 300),
      'each choice is a big touch target (at least 48 px high, the screen\'s width)', JSON.stringify(boxes));
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    ok(scroll <= 360, 'nothing is wider than the 360 px screen (' + scroll + ')');
    await page.screenshot({ path: path.join(OUT, 'phone-open.png'), fullPage: true });

    await page.tap('#choices button:nth-child(3)');
    ok(await waitFor(page, () => /Received/.test(document.getElementById('status').textContent)),
      'a tap on a choice: "Received" once the server has it');
    const id = (await ctx.cookies()).find((c) => c.name === 'wv_id');
    ok(id && id.httpOnly && id.sameSite === 'Strict' &&
      (await teach('mine ' + id.value)) === 'mine 2',
    'the vote is counted as this student\'s, on that choice (the cookie HttpOnly, SameSite=Strict)');
    await page.tap('#choices button:nth-child(1)');
    ok(await waitFor(page, () =>
      document.querySelector('#choices button:nth-child(1)').getAttribute('aria-pressed') === 'true'),
    'another tap changes the vote; the chosen button is marked (aria-pressed, a dot)');
    ok((await teach('mine ' + id.value)) === 'mine 0' && (await teach('status')) === 'status open 1 1 1 1',
      'the changed vote replaces the first');
    await page.screenshot({ path: path.join(OUT, 'phone-voted.png'), fullPage: true });

    const axeSrc = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSrc);
    const res = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
    ok(res.violations.length === 0, 'axe-core: no violation on the open question (' +
      res.violations.length + ')', res.violations.map((v) => v.id + ': ' + v.help).join('\n'));

    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    ok(await waitFor(page, () => document.querySelectorAll('#choices button').length === 4 &&
      document.querySelector('#choices button:nth-child(1)').getAttribute('aria-pressed') === 'true') &&
      (await teach('status')) === 'status open 1 1 1 1',
    'a reload keeps the student and the vote: one joined, one answered, its choice marked from the server\'s event');

    await teach('close');
    ok(await waitFor(page, () => Array.from(document.querySelectorAll('#choices button')).every((b) => b.disabled)),
      'the teacher closes the round: the choices are disabled');
    await teach('reveal');
    const revealed = await waitFor(page, () => !document.getElementById('after').hidden &&
      document.getElementById('right').textContent === 'Right: 3' &&
      document.querySelector('#choices button:nth-child(2)').className === 'is-answer' &&
      document.getElementById('status').textContent === '');
    ok(revealed && (await teach('tally 1')) === 'tally 1 1 1 0 0 0',
      'the reveal: the page shows the right answer, marks its button, and no stale status');
    const mine = await text(page, '#mine');
    ok(mine.includes('counted from the wrong end'), 'and the diagnosis of this student\'s vote', mine);
    await page.screenshot({ path: path.join(OUT, 'phone-revealed.png'), fullPage: true });

    // "See the bits": the full page, served by the class server, at the
    // voted scene (the driver's question is lesson 3, scene 2): its
    // lesson's and scene's titles, from the lesson file, on its screen
    if (process.env.WATVIZ_CLASS_BITS === '1') {
      const lesson = fs.readFileSync(path.join(__dirname, '..', '..', 'lessons', '03-has-zero.lesson'), 'utf8');
      const ltitle = /^title: *(.*)$/m.exec(lesson)[1];
      const stitle = Array.from(lesson.matchAll(/^scene: *(.*)$/gm), (m) => m[1])[1];
      const shown = await waitFor(page, () => !document.getElementById('bits').hidden);
      const [full] = await Promise.all([ctx.waitForEvent('page'), page.tap('#bits-link')]);
      await full.waitForLoadState();
      const screen = () => full.evaluate(() =>
        Array.from(document.querySelectorAll('#grid .row'), (r) => r.textContent).join('\n'));
      const at = await waitFor(full, (want) => {
        const all = Array.from(document.querySelectorAll('#grid .row'), (r) => r.textContent).join('\n');
        return want.every((t) => all.includes(t));
      }, ['Lesson 3: ' + ltitle, stitle, 'scene 2 of']);
      ok(shown && at && new URL(full.url()).pathname === '/bits',
        '"See the bits" after the reveal opens the full page at the voted scene: "' + stitle + '"',
        full.url() + '\n' + await screen());
      // the whole grid on the phone: 80 columns across 360 px, nothing cut
      // at the right, neither the page nor the grid to scroll sideways
      const fits = await full.evaluate(() => {
        const g = document.getElementById('grid');
        return { page: document.documentElement.scrollWidth, window: innerWidth,
          grid: g.scrollWidth, box: g.clientWidth,
          columns: document.querySelector('#grid .row').textContent.length,
          font: getComputedStyle(g).fontSize };
      });
      ok(fits.page <= fits.window && fits.grid <= fits.box && fits.columns === 80,
        'the full page fits the phone: 80 columns across 360 px, nothing cut (' +
        JSON.stringify(fits) + ')');
      await full.screenshot({ path: path.join(OUT, 'phone-bits.png') });
      await full.close();
    } else {
      ok(true, '"See the bits" # SKIP no full page in this driver (make web cannot build it here)');
    }

    await teach('revote');
    ok(await waitFor(page, () => document.getElementById('after').hidden &&
      !document.querySelector('#choices button').disabled &&
      /second vote/.test(document.getElementById('where').textContent)),
    'a second vote: the page follows, choices open again');

    // a stream lives 2 to 3 minutes on the server's clock, then ends with
    // "retry: 500": the page opens a new one and goes on following
    let streams = 0;
    page.on('request', (r) => { if (new URL(r.url()).pathname === '/events') streams++; });
    await teach('clock 181000');
    let here = '';
    for (let i = 0; i < 600 && !(streams >= 1 && here === 'here 1'); i++) {
      await page.waitForTimeout(50);
      here = await teach('here');
    }
    await teach('close');
    ok(streams >= 1 && here === 'here 1' && await waitFor(page, () =>
      Array.from(document.querySelectorAll('#choices button')).every((b) => b.disabled) &&
      /Votes are closed/.test(document.getElementById('status').textContent)),
    'its stream ended on the server\'s clock: the page opened a new one, is here, and follows the teacher (' +
      streams + ' new, ' + here + ')');

    await page.emulateMedia({ colorScheme: 'dark' });
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lum = (bg.match(/\d+/g) || [255, 255, 255]).slice(0, 3).reduce((a, b) => a + +b, 0) / 3;
    ok(lum < 64, 'in dark mode the page is dark (' + bg + ')');
    await page.evaluate(axeSrc);
    const dark = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
    ok(dark.violations.length === 0, 'axe-core: no violation in dark mode either (' +
      dark.violations.length + ')', dark.violations.map((v) => v.id + ': ' + v.help).join('\n'));
    await page.screenshot({ path: path.join(OUT, 'phone-dark.png'), fullPage: true });

    const join = await ctx.newPage();
    await join.goto(url.replace(/\/\?t=.*/, '/'));
    await ctx.clearCookies();
    await join.reload();
    ok(await join.$('#code') !== null, 'without link or cookie: the form that asks for the code');
    await join.evaluate(axeSrc);
    const jr = await join.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
    ok(jr.violations.length === 0, 'axe-core: no violation on the join form (' + jr.violations.length + ')',
      jr.violations.map((v) => v.id + ': ' + v.help).join('\n'));
    await join.fill('#code', 'zzzzzz');
    await join.click('form button');
    ok(await waitFor(join, () => /not this class/.test(document.body.textContent)),
      'a wrong code typed in the form: the server says so');
    await join.goBack();
    await join.fill('#code', code.toLowerCase());
    await join.click('form button');
    ok(await waitFor(join, () => document.getElementById('choices') !== null &&
      /[?]t=[0-9a-f]{32}$/.test(location.href)) && (await teach('status')).split(' ')[4] === '2',
    'the right code typed (in lowercase): the student page, a second student joined');
  } finally {
    await browser.close();
    drv.stdin.end('quit\n');
  }
})().catch((e) => {
  ok(false, 'the phone test ran to its end', e.stack);
}).finally(() => {
  if (!n) ok(false, 'the phone test ran');
  process.exitCode = failed ? 1 : 0;
});
