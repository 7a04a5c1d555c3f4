#!/usr/bin/env node
// Page-load figures in Chromium, every one read against references measured in the same run (issue "Fast on the
// phones people own"). One round loads, in turn and each in a fresh browser context with the HTTP cache off
// (DevTools Protocol: Network.setCacheDisabled):
//
//   local profile (no emulation, 600 × 700):
//     empty         an empty page with one inline module (the machine's navigation overhead)
//     wasm          the package's wasm alone: `import init from '/pkg/xiangqi_wasm.js'; await init()` (the reference)
//     board         a bare page with one <xiangqi-board> and `<script type="module" src="/pkg/board.js">`: painted
//                   when the element's `ready` resolves (it resolves right after the board's first paint)
//     board+hints   the same page with <link rel="modulepreload"> for every module board.js imports, statically or
//                   not, (read from the package's files) and <link rel="preload" as="fetch"> for the .wasm
//   phone profile (390 × 844, device scale 3, touch; CDP Emulation.setCPUThrottlingRate 4 and
//   Network.emulateNetworkConditions 40 Mbit/s down and up, 40 ms round trip):
//     phone:wasm, phone:board   the two pages above, as references under the same profile
//     phone:app     the built app (www/dist, served with its CSP and cache headers), service workers blocked: the
//                   board painted (its `ready`) and the app ready (`document.body.dataset.ready`, set by main.js)
//     phone-fast:app  the app with the same network and no CPU throttling
//   and, for the wasm and board pages, where the time went: when the .wasm was asked for and had arrived, and when
//   the last JS module had arrived (Resource Timing).
//   second visit (phone profile, HTTP cache on, service workers allowed): the app once, until its service worker
//     is active and has precached the app, then loaded again in the same context: second / first.
//
// With --before DIR (a copy of an earlier pkg/) and --www-before DIR (a folder holding an earlier www/dist), the
// same pages of the earlier package and app are loaded in the same rounds (names ending in "·before"), so that a
// change is measured against what it replaces under the same machine load.
//
// Every file is served gzipped (level 9) where the browser accepts it, as static hosts and CDNs serve JS, CSS and
// wasm: copies of the folders with a .gz beside each compressible file, which sirv serves (`gzip: true`).
// --no-compress serves them as they are (the figures before 2026-12-02 were measured so).
//
// Usage: node scripts/bench/page-bench.mjs [--rounds 7] [--before DIR] [--www-before DIR] [--no-app] [--no-second]
//        [--no-compress] [--only wasm,board,phone:wasm,...] [--json]      (npm run bench:page; needs node scripts/build.mjs first). Times are ms from navigation start
// on the page's clock (performance.now()); medians over the rounds, and ratios of medians. The load average is
// printed before and after: the machine is shared, the ratios of one run are what to compare.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { importGraph, launch, listen } from '../../tests/support/browser.mjs';
import { root, option, numberOption, hasFlag, median } from './common.mjs';

const ROUNDS = numberOption('--rounds', 7);
const before = option('--before', null);
const wwwBefore = option('--www-before', null);
const withApp = !hasFlag('--no-app');
const withSecond = withApp && !hasFlag('--no-second');
const json = hasFlag('--json');
const compress = !hasFlag('--no-compress');
/** --only wasm,board,...: only these pages (and the empty one), e.g. the two of the local ratio for a long run. */
const only = option('--only', null)?.split(',');

const PKG = { A: join(root, 'pkg'), B: before && resolve(before) };
const DIST = { A: join(root, 'www', 'dist'), B: wwwBefore && join(resolve(wwwBefore), 'dist') };
for (const [k, dir] of Object.entries(PKG)) {
  if (dir && !existsSync(join(dir, 'board.js'))) fail(`${dir}/board.js missing${k === 'A' ? ': run node scripts/build.mjs' : ''}`);
}
for (const [k, dir] of Object.entries(DIST)) {
  if (withApp && dir && !existsSync(join(dir, 'index.html'))) fail(`${dir}/index.html missing${k === 'A' ? ': run node scripts/build.mjs' : ''}`);
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.wasm', '.webmanifest', '.txt', '.md']);
const scratch = compress ? mkdtempSync(join(tmpdir(), 'page-bench-')) : null;
/** `dir` as served: with --no-compress itself, else a copy with `name.gz` beside each compressible file. */
function served(dir) {
  if (!compress) return dir;
  const copy = join(scratch, String(readdirSync(scratch).length));
  cpSync(dir, copy, { recursive: true, dereference: true });
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (COMPRESSIBLE.has(extname(e.name))) writeFileSync(`${p}.gz`, gzipSync(readFileSync(p), { level: 9 }));
    }
  };
  walk(copy);
  return copy;
}

function fail(message) {
  console.error(`page-bench: ${message}`);
  process.exit(1);
}

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const LOCAL = { viewport: { width: 600, height: 700 } };
const NETWORK = { offline: false, latency: 40, downloadThroughput: 40e6 / 8, uploadThroughput: 40e6 / 8 };

const head = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">';
const frame = 'requestAnimationFrame(() => { window.framedAt = performance.now(); });';
const pages = {
  empty: () => `${head}<script type="module">window.doneAt = performance.now(); ${frame}</script></head><body></body></html>`,
  wasm: (base) => `${head}<script type="module">
import init from '${base}xiangqi_wasm.js';
await init();
window.doneAt = performance.now(); ${frame}
</script></head><body></body></html>`,
  board: (base, hints = '') => `${head}${hints}<style>body { margin: 0; } xiangqi-board { width: min(480px, 100vw); }</style>
<script type="module" src="${base}board.js"></script>
<script type="module">
await customElements.whenDefined('xiangqi-board');
await document.querySelector('xiangqi-board').ready;
window.doneAt = performance.now(); ${frame}
</script></head><body><xiangqi-board interactive></xiangqi-board></body></html>`,
};
function hintsFor(dir, base) {
  // The board's own build (js/board.js chooses): the light one on a page without xiangqi-wasm; a package from
  // before the light build (no wasm-build.js) had the full one only.
  const build = existsSync(join(dir, 'wasm-build.js')) ? 'view' : 'full';
  return importGraph(dir, 'board.js', { build }).map((m) => `<link rel="modulepreload" href="${base}${m}">`).join('')
    + `<link rel="preload" href="${base}xiangqi_${build === 'view' ? 'view' : 'wasm'}_bg.wasm" as="fetch" type="application/wasm" crossorigin>`;
}

// Runs in the app before its scripts: when the board's `ready` resolves, and when main.js marks the app ready.
function appProbe() {
  const start = async () => {
    new MutationObserver((_, obs) => {
      if (document.body.dataset.ready && !window.appReadyAt) { window.appReadyAt = performance.now(); obs.disconnect(); }
    }).observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
    await customElements.whenDefined('xiangqi-board');
    await document.getElementById('board').ready;
    window.doneAt = performance.now();
    requestAnimationFrame(() => { window.framedAt = performance.now(); });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/** A static server for the packages (/pkg/ and /pkgb/) and the bare pages (given per URL by `routes`). */
async function servePackages() {
  const pkgs = { '/pkg/': sirv(served(PKG.A), { dev: true, gzip: compress }),
    ...(PKG.B ? { '/pkgb/': sirv(served(PKG.B), { dev: true, gzip: compress }) } : {}) };
  return listen((req, res, notFound) => {
    for (const [prefix, files] of Object.entries(pkgs)) {
      if (req.url.startsWith(prefix)) {
        req.url = req.url.slice(prefix.length - 1);
        return files(req, res, notFound);
      }
    }
    return notFound();
  });
}

/** The built app as a production host serves it (docs/pwa.md; as scripts/bench/app-bench.mjs). */
function serveApp(dist) {
  const files = sirv(served(dist), { etag: true, gzip: compress, setHeaders: (res, path) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  } });
  return listen(files);
}

async function emulate(context, page, { throttle, network, cache = false }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache });
  if (network) await cdp.send('Network.emulateNetworkConditions', NETWORK);
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return cdp;
}

/**
 * The page's marks, and where its time went (Resource Timing, ms from navigation start): when the .wasm was asked
 * for (`wasmAsked`) and had arrived (`wasmIn`), and when the last JS module had arrived (`jsIn`).
 */
const timesOf = (page) => page.evaluate(() => {
  const resources = performance.getEntriesByType('resource');
  const wasm = resources.find((e) => e.name.endsWith('.wasm'));
  const js = resources.filter((e) => /\.m?js(\?|$)/.test(e.name)).map((e) => e.responseEnd);
  return { done: window.doneAt, framed: window.framedAt, app: window.appReadyAt ?? null,
    wasmAsked: wasm?.startTime ?? null, wasmIn: wasm?.responseEnd ?? null, jsIn: js.length ? Math.max(...js) : null };
});

/** One cold load: `html` given for `url` by a route, or the served `url` itself with the app probe. */
async function load(browser, { url, html, profile, throttle = 0, network = false, app = false }) {
  const context = await browser.newContext({ ...profile, serviceWorkers: 'block' });
  try {
    if (app) await context.addInitScript(appProbe);
    const page = await context.newPage();
    if (html) await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: html }));
    await emulate(context, page, { throttle, network });
    await page.goto(url);
    await page.waitForFunction((isApp) => window.framedAt && (!isApp || window.appReadyAt), app, { timeout: 60000 });
    return await timesOf(page);
  } finally {
    await context.close();
  }
}

/** The app's first and second visit in one context (phone profile, HTTP cache on, service worker allowed). */
async function twoVisits(browser, url) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  try {
    await context.addInitScript(appProbe);
    const page = await context.newPage();
    await emulate(context, page, { throttle: 4, network: true, cache: true });
    await page.goto(url);
    await page.waitForFunction(() => window.framedAt && window.appReadyAt, null, { timeout: 60000 });
    const first = await timesOf(page);
    // The service worker installed, its precache filled and active; then a moment for the caches to settle.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForTimeout(1500);
    await page.goto(url);
    await page.waitForFunction(() => window.framedAt && window.appReadyAt, null, { timeout: 60000 });
    const second = await timesOf(page);
    const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
    return { first, second, controlled };
  } finally {
    await context.close();
  }
}

const loadBefore = loadavg().map((x) => x.toFixed(2)).join(' ');
const browser = await launch();
const server = await servePackages();
const apps = {};
try {
  if (withApp) {
    apps.A = await serveApp(DIST.A);
    if (DIST.B) apps.B = await serveApp(DIST.B);
  }
  const variants = [];
  const sides = PKG.B ? [['', '/pkg/', PKG.A], ['·before', '/pkgb/', PKG.B]] : [['', '/pkg/', PKG.A]];
  variants.push(['empty', { html: pages.empty(), profile: LOCAL }]);
  for (const [tag, base, dir] of sides) {
    variants.push([`wasm${tag}`, { html: pages.wasm(base), profile: LOCAL }]);
    variants.push([`board${tag}`, { html: pages.board(base), profile: LOCAL }]);
    variants.push([`board+hints${tag}`, { html: pages.board(base, hintsFor(dir, base)), profile: LOCAL }]);
  }
  if (withApp) {
    for (const [tag, base] of sides) {
      variants.push([`phone:wasm${tag}`, { html: pages.wasm(base), profile: PHONE, throttle: 4, network: true }]);
      variants.push([`phone:board${tag}`, { html: pages.board(base), profile: PHONE, throttle: 4, network: true }]);
    }
    for (const [k, tag] of [['A', ''], ['B', '·before']]) {
      if (!apps[k]) continue;
      variants.push([`phone:app${tag}`, { url: apps[k].url, app: true, profile: PHONE, throttle: 4, network: true }]);
      variants.push([`phone-fast:app${tag}`, { url: apps[k].url, app: true, profile: PHONE, network: true }]);
    }
  }
  if (only) variants.splice(0, variants.length, ...variants.filter(([name]) => name === 'empty' || only.includes(name.replace('·before', ''))));
  const results = Object.fromEntries(variants.map(([name]) => [name, []]));
  const second = { '': [], '·before': [] };
  if (!json) console.log(`page-bench: ${ROUNDS} rounds of ${variants.length} cold loads${withSecond ? ' and the app\'s two visits' : ''}, `
    + `files served ${compress ? 'gzipped' : 'uncompressed'}; load average ${loadBefore}`);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order (rotated), so that no page always follows the same one.
    for (let i = 0; i < variants.length; i++) {
      const [name, v] = variants[(i + round) % variants.length];
      const url = v.url ?? `${server.url}bench/${name.replace(/[^\w]+/g, '-')}.html`;
      results[name].push(await load(browser, { ...v, url }));
    }
    if (withSecond) {
      for (const [k, tag] of [['A', ''], ['B', '·before']]) if (apps[k]) second[tag].push(await twoVisits(browser, apps[k].url));
    }
    if (!json) process.stdout.write(`  round ${round + 1}/${ROUNDS} done\r`);
  }
  const loadAfter = loadavg().map((x) => x.toFixed(2)).join(' ');
  const med = (name, key = 'done') => median(results[name]?.map((r) => r[key]) ?? []);
  const summary = { rounds: ROUNDS, compressed: compress, loadBefore, loadAfter, medians: {}, ratios: {}, second: {} };
  for (const [name] of variants) {
    summary.medians[name] = { done: med(name), framed: med(name, 'framed'), ...(name.includes(':app') ? { appReady: med(name, 'app') } : {}) };
  }
  // The same ratio round by round (the two pages loaded a few seconds apart), then its median: steadier than the
  // ratio of the medians when the machine's load changes during the run.
  const paired = (a, b) => median(results[a].map((r, i) => r.done / results[b][i].done));
  for (const [tag] of sides) {
    if (!results[`board${tag}`]) continue;
    summary.ratios[`board${tag} / wasm${tag}`] = med(`board${tag}`) / med(`wasm${tag}`);
    summary.ratios[`board${tag} / wasm${tag}, median of the rounds' ratios`] = paired(`board${tag}`, `wasm${tag}`);
    if (results[`board+hints${tag}`]) summary.ratios[`board+hints${tag} / wasm${tag}`] = med(`board+hints${tag}`) / med(`wasm${tag}`);
    if (results[`phone:board${tag}`]) {
      summary.ratios[`phone:board${tag} / phone:wasm${tag}`] = med(`phone:board${tag}`) / med(`phone:wasm${tag}`);
      summary.ratios[`phone:board${tag} / phone:wasm${tag}, median of the rounds' ratios`] = paired(`phone:board${tag}`, `phone:wasm${tag}`);
    }
  }
  if (PKG.B) {
    if (results.board) summary.ratios['board / board·before'] = med('board') / med('board·before');
    if (results['phone:board']) summary.ratios['phone:board / phone:board·before'] = med('phone:board') / med('phone:board·before');
  }
  for (const [k, tag] of [['A', ''], ['B', '·before']]) {
    if (!apps[k]) continue;
    // An earlier app without an earlier package (--www-before alone) is read against this package's wasm.
    const wasmRef = results[`phone:wasm${tag}`] ? `phone:wasm${tag}` : 'phone:wasm';
    if (results[`phone:app${tag}`] && results[wasmRef]) summary.ratios[`phone:app${tag} (ready) / ${wasmRef}`] = med(`phone:app${tag}`, 'app') / med(wasmRef);
    if (withSecond) {
      const s = second[tag];
      const first = median(s.map((r) => r.first.app));
      const again = median(s.map((r) => r.second.app));
      summary.second[`app${tag}`] = { firstReady: first, secondReady: again, ratio: again / first,
        firstPainted: median(s.map((r) => r.first.done)), secondPainted: median(s.map((r) => r.second.done)),
        controlled: s.filter((r) => r.controlled).length };
    }
  }
  if (apps.B && results['phone:app']) summary.ratios['phone:app / phone:app·before (ready)'] = med('phone:app', 'app') / med('phone:app·before', 'app');

  if (json) {
    console.log(JSON.stringify({ ...summary, raw: results, rawSecond: second }));
  } else {
    const f = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
    const all = (name, key = 'done') => results[name].map((r) => (r[key] ?? NaN).toFixed(0)).join(', ');
    console.log(`\nmedians of ${ROUNDS} rounds (ms from navigation start; all runs in brackets)`);
    for (const [name] of variants) {
      const m = summary.medians[name];
      const what = name.includes(':app') ? 'board painted' : name.includes('wasm') ? 'wasm ready' : name.includes('board') ? 'board painted' : 'module ran';
      console.log(`  ${name.padEnd(24)} ${what.padEnd(14)} ${f(m.done).padStart(7)}  (${all(name)})`
        + (m.appReady !== undefined ? `;  app ready ${f(m.appReady)} (${all(name, 'app')})` : ''));
    }
    console.log('where the time went (medians, ms from navigation start): the .wasm asked for → arrived; the last JS module arrived; ready');
    for (const [name] of variants) {
      if (name === 'empty' || name.includes(':app')) continue;
      console.log(`  ${name.padEnd(24)} .wasm ${f(med(name, 'wasmAsked')).padStart(7)} → ${f(med(name, 'wasmIn')).padStart(7)};  `
        + `last module ${f(med(name, 'jsIn')).padStart(7)};  ready ${f(med(name)).padStart(7)}`);
    }
    console.log('ratios (of the medians above, same run)');
    const targets = { 'board / wasm': '   target ≤ 1.2', 'board·before / wasm·before': '   target ≤ 1.2' };
    for (const [k, v] of Object.entries(summary.ratios)) console.log(`  ${k.padEnd(62)} ${v.toFixed(2)}${targets[k] ?? ''}`);
    if (withSecond) {
      console.log('the app\'s second visit (phone profile, CPU 4×, HTTP cache on, service worker), same context');
      for (const [k, s] of Object.entries(summary.second)) {
        console.log(`  ${k.padEnd(24)} app ready: first ${f(s.firstReady)}, second ${f(s.secondReady)}: ${s.ratio.toFixed(2)}  `
          + `(target ≤ 0.5; board painted ${f(s.firstPainted)} → ${f(s.secondPainted)}; controlled by the worker in ${s.controlled}/${ROUNDS})`);
      }
    }
    if (withApp) console.log('targets: phone:app ready ≤ 700 ms, phone-fast:app ready ≤ 350 ms');
    console.log(`load average before ${loadBefore}, after ${loadAfter}`);
  }
} finally {
  await browser.close();
  await server.close();
  for (const a of Object.values(apps)) await a.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
