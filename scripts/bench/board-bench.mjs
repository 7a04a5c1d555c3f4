#!/usr/bin/env node
// Board benchmarks in Chromium (figures for the README; not timed tests):
//
//   1. cold load: a bare page with one <xiangqi-board> (served at /pkg/ by a local server, HTTP cache off,
//      a fresh browser context each time): time from navigation start to the wasm module ready and to the board
//      painted (the element's `ready`, which resolves right after the first paint), median of N loads; the same
//      page with preload hints; and, interleaved in the same run as references, an empty page (the machine's
//      navigation overhead) and a page that only initialises the wasm (no board);
//   2. drag: work per pointer move during a scripted drag (JS handler + wasm state update + canvas paint),
//      measured between a capturing and a bubbling `pointermove` listener on window around the board's own
//      listener; median and p95 over several drags. A bare listener measured the same way is the reference.
//
// Usage: node scripts/bench/board-bench.mjs [--loads 5] [--drags 5] [--json]   (after `npm run build`)
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { servePackage, launch } from '../../tests/support/browser.mjs';
import { root, numberOption, hasFlag, median, quantile } from './common.mjs';

const LOADS = numberOption('--loads', 5);
const DRAGS = numberOption('--drags', 5);
const json = hasFlag('--json');

if (!existsSync(join(root, 'pkg', 'board.js'))) {
  console.error('pkg/board.js missing: run node scripts/build.mjs');
  process.exit(1);
}

const BARE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js" } }</script>
<style>body { margin: 0; } xiangqi-board { width: 480px; }</style>
<script type="module">
import { ready } from '/pkg/board.js';
ready().then(() => { window.wasmReadyAt = performance.now(); });
customElements.whenDefined('xiangqi-board').then(() => document.querySelector('xiangqi-board').ready).then(() => {
  window.paintedAt = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.framedAt = performance.now(); }));
});
</script></head><body><xiangqi-board interactive></xiangqi-board></body></html>`;

const server = await servePackage(root);
const browser = await launch();
const results = { loads: [], drag: null };
try {
  // 1. cold loads: the bare page, then the same page with preload hints for the glue and the .wasm (what a page
  // author can add: the three downloads then start together instead of one after the other)
  const PRELOAD = BARE.replace('<script type="importmap">', '<link rel="modulepreload" href="/pkg/board.js">'
    + '<link rel="modulepreload" href="/pkg/xiangqi_view.js">'
    + '<link rel="preload" href="/pkg/xiangqi_view_bg.wasm" as="fetch" type="application/wasm" crossorigin>'
    + '<script type="importmap">');
  // references in the same run: an empty page with one inline module (the machine's navigation overhead), and the
  // wasm module alone (init(), no board)
  const EMPTY = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
window.wasmReadyAt = window.paintedAt = performance.now();
requestAnimationFrame(() => requestAnimationFrame(() => { window.framedAt = performance.now(); }));
</script></head><body></body></html>`;
  const INIT = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
import init from '/pkg/xiangqi_wasm.js';
await init();
window.wasmReadyAt = window.paintedAt = performance.now();
requestAnimationFrame(() => requestAnimationFrame(() => { window.framedAt = performance.now(); }));
</script></head><body></body></html>`;
  const VARIANTS = [['bare', BARE], ['preload', PRELOAD], ['empty', EMPTY], ['init', INIT]];
  for (let i = 0; i < VARIANTS.length * LOADS; i++) {
    const [variant, body] = VARIANTS[i % VARIANTS.length];
    const context = await browser.newContext({ viewport: { width: 600, height: 700 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const url = `${server.url}bench-bare.html`;
    await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body }));
    await page.goto(url);
    await page.waitForFunction(() => window.framedAt, null, { timeout: 20000 });
    results.loads.push(await page.evaluate(() => {
      const res = (suffix) => performance.getEntriesByType('resource').find((r) => r.name.endsWith(suffix));
      return { wasm: window.wasmReadyAt, painted: window.paintedAt, framed: window.framedAt,
        wasmFetched: res('_bg.wasm')?.responseEnd, glueFetched: (res('xiangqi_view.js') ?? res('xiangqi_wasm.js'))?.responseEnd };
    }));
    results.loads.at(-1).variant = variant;
    await context.close();
  }

  // 2. drag
  const context = await browser.newContext({ viewport: { width: 600, height: 700 } });
  const page = await context.newPage();
  const url = `${server.url}bench-drag.html`;
  await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: BARE.replace('<body>',
    '<body><div id="ref" style="width:100px;height:100px;background:#ccc"></div>') }));
  await page.goto(url);
  await page.waitForFunction(() => window.framedAt);
  await page.evaluate(() => {
    window.samples = [];
    let t0 = 0;
    window.addEventListener('pointermove', () => { t0 = performance.now(); }, { capture: true });
    window.addEventListener('pointermove', () => { window.samples.push(performance.now() - t0); });
    document.getElementById('ref').addEventListener('pointermove', () => {});
  });
  const board = await page.evaluate(() => {
    const b = document.querySelector('xiangqi-board').board;
    return { from: b.pointOf('h2'), to: b.pointOf('h6'), back: b.pointOf('b7') };
  });
  const per = [];
  for (let i = 0; i < DRAGS; i++) {
    await page.evaluate(() => { window.samples = []; });
    await page.mouse.move(board.from.x, board.from.y);
    await page.mouse.down();
    await page.mouse.move(board.back.x, board.back.y, { steps: 60 });
    await page.mouse.move(board.from.x + 3, board.from.y + 3, { steps: 60 });
    await page.mouse.up();
    per.push(...(await page.evaluate(() => window.samples)));
  }
  // the reference: the same measurement over a bare listener
  const ref = [];
  for (let i = 0; i < DRAGS; i++) {
    await page.evaluate(() => { window.samples = []; });
    await page.mouse.move(10, 10);
    await page.mouse.move(90, 90, { steps: 60 });
    ref.push(...(await page.evaluate(() => window.samples)));
  }
  results.drag = { moves: per.length, median: median(per), p95: quantile(per, 0.95), max: Math.max(...per),
    reference: { median: median(ref), p95: quantile(ref, 0.95) } };
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

const of = (v) => results.loads.filter((l) => l.variant === v);
const bare = of('bare');
const pre = of('preload');
const m = (k, list = bare) => median(list.map((l) => l[k]));
const summary = {
  loads: bare.length,
  wasmReadyMs: m('wasm'),
  paintedMs: m('painted'),
  firstFrameMs: m('framed'),
  preload: { wasmReadyMs: m('wasm', pre), paintedMs: m('painted', pre) },
  reference: { emptyPageMs: m('painted', of('empty')), wasmInitOnlyMs: m('wasm', of('init')) },
  drag: results.drag,
};
if (json) {
  console.log(JSON.stringify({ ...summary, raw: results.loads }));
} else {
  const f = (x) => `${x.toFixed(1)} ms`;
  console.log(`cold load of a bare page with one <xiangqi-board> (median of ${summary.loads}):`);
  console.log(`  wasm ready   ${f(summary.wasmReadyMs)}   (all: ${bare.map((l) => l.wasm.toFixed(0)).join(', ')})`);
  console.log(`  painted      ${f(summary.paintedMs)}   (all: ${bare.map((l) => l.painted.toFixed(0)).join(', ')})  target <= 150 ms`);
  console.log(`  first frame  ${f(summary.firstFrameMs)}`);
  console.log(`  (the glue JS fetched at ${f(m('glueFetched'))}, the .wasm at ${f(m('wasmFetched'))}; the rest up to `
    + `"wasm ready" is compiling and instantiating it)`);
  console.log(`  with preload hints (interleaved loads): wasm ready ${f(summary.preload.wasmReadyMs)}, painted `
    + `${f(summary.preload.paintedMs)}   (all: ${pre.map((l) => l.painted.toFixed(0)).join(', ')})`);
  console.log(`  references in the same run: an empty page's inline module runs at ${f(summary.reference.emptyPageMs)}; `
    + `the wasm alone (init(), no board) is ready at ${f(summary.reference.wasmInitOnlyMs)}`);
  const d = results.drag;
  console.log(`drag: ${d.moves} pointer moves, work per move median ${f(d.median)}, p95 ${f(d.p95)}, max ${f(d.max)}  `
    + `target median <= 2 ms`);
  console.log(`  reference (a bare listener, same measurement): median ${f(d.reference.median)}, p95 ${f(d.reference.p95)}`);
}
