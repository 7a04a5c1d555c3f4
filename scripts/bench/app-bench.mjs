#!/usr/bin/env node
// The app's performance figures (issue "The app", Performance), in the system Chromium (headless, playwright-core):
//
//  (a) Board painted: cold loads of the built app (www/dist), each in a fresh browser context (empty HTTP cache,
//      service workers blocked), served from 127.0.0.1 as a production host would (the app's CSP; hashed assets
//      cacheable, the rest revalidated). An init script waits for the page's
//      #board, awaits its `ready` promise (it resolves once the board's canvases are drawn), then checks once per
//      animation frame until the pieces canvas holds pixels; the time of that requestAnimationFrame callback,
//      on the page's clock (performance.now(): 0 = navigation start), is the frame in which the board is
//      painted. Median and every run are printed. Target: ≤ 300 ms. Each load of the app is followed by one of a
//      reference, a bare page with one board (BARE below), measured the same way.
//  (b) Bytes before the first move: every response the page (and its workers) received from navigation until the
//      app is ready and the network has been quiet for 1 s, each URL once (the engine worker fetches the wasm
//      the page already has: an HTTP cache hit, reported), each body gzipped here with zlib
//      (level 6, zlib's default and a common server setting; level 9 also printed) so that the figure does not
//      depend on the server. Target: ≤ 300 KB, the wasm included.
//  (c) The computer's reply per level (www/src/levels.js): a bench page served beside the built package (pkg/,
//      through an import map, the same files the app bundles) drives the package's EngineClient — the engine
//      worker the app uses — from a few fixed opening positions with Black to move, and times each search from
//      the request to the reply (performance.now() in the page, worker start excluded: one warm-up search
//      first). Also, if the app replies to a move, the in-app reply time at its default level, from the click
//      to the reply on the board.
//
// Usage: node scripts/bench/app-bench.mjs [--runs N] [--no-levels] [--www DIR]   (npm run bench:app; needs
// node scripts/build.mjs first). Quote medians; the machine is shared (the load average is printed).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { launch, listen, servePackage } from '../../tests/support/browser.mjs';
import { playAgainstComputer } from '../../tests/e2e/pwa-app.mjs';
import { root, option, numberOption, hasFlag, median } from './common.mjs';

const RUNS = numberOption('--runs', 5);
const www = option('--www', join(root, 'www'));
const dist = join(www, 'dist');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
if (!existsSync(join(dist, 'index.html')) || !existsSync(join(root, 'pkg', 'engine-worker.js'))) {
  console.error('app-bench: www/dist or pkg/ missing: run node scripts/build.mjs');
  process.exit(1);
}
const { LEVELS, DEFAULT_LEVEL } = await import(pathToFileURL(join(www, 'src', 'levels.js')).href);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Serves www/dist as a production host should (docs/pwa.md): the app's CSP on every response; the files under
 * assets/ (names with a content hash) cacheable for a year, the rest revalidated on each use.
 */
function serveDist() {
  const files = sirv(dist, { etag: true, setHeaders: (res, path) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  } });
  const hits = new Map();
  // The server is closed after the browser (see the end), so no keep-alive connection holds close() up.
  return listen((req, res, notFound) => {
    const path = req.url.split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    files(req, res, notFound);
  }).then((server) => ({ ...server, hits }));
}

// Runs in the page before its scripts: records when the board is first painted (see (a) above).
function paintProbe() {
  window.boardPaint = new Promise((resolve) => {
    const start = async () => {
      const el = document.getElementById('board');
      await customElements.whenDefined('xiangqi-board');
      await el.ready;
      const readyAt = performance.now();
      const painted = () => {
        const c = el.shadowRoot?.querySelector('canvas.xqb-pieces');
        if (!c || !c.width || !c.height) return false;
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        for (let i = 3; i < data.length; i += 4 * 97) if (data[i]) return true;
        return false;
      };
      const frame = (t) => {
        if (painted()) resolve({ readyAt, paintedAt: performance.now(), frameTime: t });
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  });
}

/**
 * One cold load of `url` (served by a server with `hits`; `body`: the page's HTML given by a route instead): the
 * paint times and every response's body.
 */
async function coldLoad(browser, { url, hits, body }) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(paintProbe);
  const page = await context.newPage();
  if (body) await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body }));
  const bodies = new Map();
  const pending = [];
  let last = Date.now();
  const seen = new Map();
  context.on('response', (r) => {
    last = Date.now();
    seen.set(r.url(), (seen.get(r.url()) ?? 0) + 1);
    if (!bodies.has(r.url())) {
      bodies.set(r.url(), null);
      pending.push(r.body().then((b) => bodies.set(r.url(), b), () => bodies.delete(r.url())));
    }
  });
  hits.clear();
  await page.goto(url);
  const paint = await page.evaluate(() => window.boardPaint);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 30000 });
  const appReady = await page.evaluate(() => performance.now());
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  while (Date.now() - last < 1000) await page.waitForTimeout(200);
  await Promise.all(pending);
  const files = [...bodies].filter(([, b]) => b).map(([u, b]) => ({
    url: u.replace(url, '') || '(the page)', times: seen.get(u), served: hits.get(new URL(u).pathname) ?? 0,
    raw: b.length, gz6: gzipSync(b, { level: 6 }).length, gz9: gzipSync(b, { level: 9 }).length,
  }));
  await context.close();
  return { ...paint, appReady, fcp, files };
}

// The reference: a bare page with one <xiangqi-board> and the package's modules through an import map, with
// preload hints for the glue and the wasm of the board's light build (js/board.js chooses it) (as scripts/bench/board-bench.mjs's "preload" page, whose figure on the quiet
// machine is in the README), served beside the package (pkg/).
const BARE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="modulepreload" href="/pkg/board.js"><link rel="modulepreload" href="/pkg/xiangqi_view.js">
<link rel="preload" href="/pkg/xiangqi_view_bg.wasm" as="fetch" type="application/wasm" crossorigin>
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js" } }</script>
<style>body { margin: 0; } xiangqi-board { width: 480px; }</style>
<script type="module">
import '/pkg/board.js';
await customElements.whenDefined('xiangqi-board');
await document.getElementById('board').ready;
document.body.dataset.ready = 'true';
</script></head><body><xiangqi-board id="board" interactive></xiangqi-board></body></html>`;

/**
 * RUNS cold loads of the app, each followed by one of the reference page (BARE), measured the same way, so that
 * the app's figure can be read against what the machine's load does to a bare board.
 */
async function coldLoads(browser, app) {
  const ref = await servePackage(root);
  Object.assign(ref, { hits: new Map(), url: `${ref.url}bench/bare.html`, body: BARE });
  const runs = [];
  const refs = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await coldLoad(browser, app));
      refs.push(await coldLoad(browser, ref));
    }
  } finally {
    await ref.close();
  }
  return { runs, refs };
}

const OPENINGS = [
  ['h2e2'], // 當頭炮 central cannon
  ['h2e2', 'h9g7', 'h0g2'],
  ['c3c4', 'g6g5', 'b0c2'],
];

async function levels(browser) {
  const server = await servePackage(root);
  const page = await browser.newPage();
  const url = `${server.url}bench/levels.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js", "xiangqi-wasm/worker": "/pkg/engine-client.js" } }</script>
<script type="module">
import init, { Game } from 'xiangqi-wasm';
import { EngineClient } from 'xiangqi-wasm/worker';
await init();
const engine = new EngineClient();
window.reply = async (moves, limits) => {
  const game = new Game();
  for (const m of moves) game.play(m);
  engine.newGame();
  const t0 = performance.now();
  const r = await engine.search({ game, limits });
  game.free();
  return { ms: performance.now() - t0, move: r.move, depth: r.depth, nodes: r.nodes };
};
const t0 = performance.now();
await window.reply([], { depth: 1 });
window.warmup = performance.now() - t0;
window.benchReady = true;
</script>` }));
  await page.goto(url);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 30000 });
  const warmup = await page.evaluate(() => window.warmup);
  const rows = [];
  for (const level of LEVELS) {
    const replies = [];
    for (const moves of OPENINGS) replies.push(await page.evaluate(([m, l]) => window.reply(m, l), [moves, level.limits]));
    rows.push({ level, replies });
  }
  await page.close();
  await server.close();
  return { warmup, rows };
}

async function inApp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
    const r = await playAgainstComputer(page, { timeout: 20000 });
    return r.ms;
  } catch (e) {
    return `n/a (${e.message.split('\n')[0].slice(0, 100)})`;
  } finally {
    await context.close();
  }
}

const load = loadavg().map((x) => x.toFixed(2)).join(' ');
const browser = await launch();
const server = await serveDist();
try {
  console.log(`app-bench: ${dist}, Chromium headless, ${RUNS} cold loads; load average ${load}`);
  const { runs, refs } = await coldLoads(browser, server);
  const paints = runs.map((r) => r.paintedAt);
  console.log('\n(a) board painted (ms from navigation start; fresh context, no cache, no service worker)');
  console.log(`    runs: ${paints.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(`    reference, a bare board page, interleaved: median ${median(refs.map((r) => r.paintedAt)).toFixed(0)} ms`
    + ` (${refs.map((r) => r.paintedAt.toFixed(0)).join(', ')}; 116–128 ms on the quiet machine: README)`);
  console.log(`    median ${median(paints).toFixed(0)} ms  (target ≤ 300)   board ready ${median(runs.map((r) => r.readyAt)).toFixed(0)} ms,`
    + ` app ready ${median(runs.map((r) => r.appReady)).toFixed(0)} ms, first contentful paint ${median(runs.map((r) => r.fcp ?? NaN)).toFixed(0)} ms`);

  const files = runs.at(-1).files.sort((a, b) => b.gz6 - a.gz6);
  const total = (k) => files.reduce((s, f) => s + f[k], 0);
  console.log('\n(b) loaded before the first move (last run; each URL once; gzip by zlib)');
  for (const f of files) {
    console.log(`    ${f.url.padEnd(48)} ${kb(f.raw).padStart(10)} ${kb(f.gz6).padStart(10)} ${kb(f.gz9).padStart(10)}`
      + (f.times > 1 ? `   (${f.times} responses, ${f.served} from the server: counted once)` : ''));
  }
  console.log(`    ${'total'.padEnd(48)} ${kb(total('raw')).padStart(10)} ${kb(total('gz6')).padStart(10)} ${kb(total('gz9')).padStart(10)}`
    + '   (raw, gzip -6, gzip -9; target ≤ 300 KB)');
  const counts = runs.map((r) => r.files.length);
  if (new Set(counts).size > 1) console.log(`    (files per run differ: ${counts.join(', ')})`);

  if (!hasFlag('--no-levels')) {
    const { warmup, rows } = await levels(browser);
    console.log(`\n(c) the computer's reply per level (EngineClient in the browser; ${OPENINGS.length} positions, Black to move;`
      + ` worker start + first search ${warmup.toFixed(0)} ms, excluded)`);
    console.log(`    ${'level'.padEnd(12)} ${'limits'.padEnd(24)} ${'median ms'.padStart(10)}  ${'runs ms'.padEnd(22)} depth`);
    for (const { level, replies } of rows) {
      console.log(`    ${level.id.padEnd(12)} ${JSON.stringify(level.limits).padEnd(24)} ${median(replies.map((r) => r.ms)).toFixed(0).padStart(10)}  `
        + `${replies.map((r) => r.ms.toFixed(0)).join(', ').padEnd(22)} ${replies.map((r) => r.depth).join(', ')}`);
    }
    const app = await inApp(browser, server.url);
    console.log(`    in the app (level "${DEFAULT_LEVEL}", h2e2, click to reply on the board): ${typeof app === 'number' ? `${app} ms` : app}`);
  }
  console.log(`\nload average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  await server.close();
}
