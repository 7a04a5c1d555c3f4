// The app as an offline PWA, in Chromium, on the built app (www/dist, made by scripts/build.mjs):
// - the service worker precaches every file of the build, each under a content hash (in its name or as a Workbox
//   revision);
// - after one visit, with the network off, the app reloads from the service worker and plays a move against the
//   computer (the engine worker and the wasm come from the cache too), and reviews the game with the engine;
// - a second build deployed on the same origin is found, announced as waiting (registerPwa's onNeedRefresh) while
//   the page stays on the old build, and update() reloads the page into the new build, which then works offline;
// - Chromium finds the manifest valid and the app installable (CDP Page.getInstallabilityErrors: none), and a
//   broken manifest does give an error (so the check can fail).
// Screenshots of each state are saved in test-results/pwa/.
// XIANGQI_WWW=dir runs it on another copy of www/ (its dist/ is tested; the second build is made from it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync }
  from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { chromium } from 'playwright-core';
import { CHROMIUM, launch, listen } from '../support/browser.mjs';
import { pieceAt, playAgainstComputer } from './pwa-app.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const www = process.env.XIANGQI_WWW ?? join(root, 'www');
const dist = join(www, 'dist');
const SHOTS = join(root, 'test-results', 'pwa');
const tmp = mkdtempSync(join(tmpdir(), 'xiangqi-pwa-'));
let browser;

before(async () => {
  assert.ok(existsSync(join(dist, 'sw.js')), `${dist}/sw.js missing: run node scripts/build.mjs`);
  mkdirSync(SHOTS, { recursive: true });
  console.log(`pwa screenshots: ${SHOTS}`);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A static server on 127.0.0.1 whose folder can be swapped (a new deployment on the same origin). */
async function deployServer(dir) {
  let handler = sirv(dir, { dev: true });
  const server = await listen((req, res, notFound) => handler(req, res, notFound));
  return { ...server, deploy(next) { handler = sirv(next, { dev: true }); } };
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesOf(dir) {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split('\\').join('/'));
}

/** The precache list written into a build's sw.js by Workbox: [{ url, revision }]. */
function precacheOf(dir) {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const m = sw.match(/precacheAndRoute\((\[.*?\])\s*,/s);
  assert.ok(m, 'sw.js has no precacheAndRoute([...]) list');
  // The list is a JS literal of plain strings and nulls, written by the build we test.
  return Function(`"use strict"; return (${m[1]});`)();
}

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }).catch(() => {});
}

/** Waits for the app to be ready on `page` (after goto or reload); fails with the page's own message. */
async function appReady(page, name) {
  try {
    await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 30000 });
  } finally {
    await shot(page, name);
  }
  assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true', `app not ready (${name})`);
}

/** Resolves to "activated" once the page's service worker is activated (its precache complete). */
function swActive(page) {
  return page.evaluate(() => navigator.serviceWorker.ready.then((r) => {
    const sw = r.active;
    if (sw.state === 'activated') return sw.state;
    return new Promise((resolve) => sw.addEventListener('statechange', () => {
      if (sw.state === 'activated' || sw.state === 'redundant') resolve(sw.state);
    }));
  }));
}

test('the service worker precaches every file of the build, each under a content hash', () => {
  const list = precacheOf(dist);
  const urls = list.map((e) => e.url);
  assert.equal(new Set(urls).size, urls.length, `duplicate precache entries: ${urls}`);
  // Everything but the service worker itself (sw.js and its Workbox runtime, which the browser keeps), the
  // opening explorer's data (cached at run time when the explorer is first opened: a test below) and the lesson
  // embed's light wasm (the app never loads it; cached when the embed page first runs: a test below).
  const lazy = [/^assets\/openings-data-[\w-]+\.json$/, /^assets\/xiangqi_view_bg-[\w-]+\.wasm$/];
  const files = filesOf(dist).filter((f) => f !== 'sw.js' && !/^workbox-[\w-]+\.js$/.test(f)
    && !lazy.some((re) => re.test(f)));
  for (const re of lazy) assert.ok(filesOf(dist).some((f) => re.test(f)), `${re} is in the build`);
  assert.deepEqual([...urls].sort(), [...files].sort(), 'precache list and build files differ');
  for (const kind of [/\.html$/, /\.wasm$/, /engine-worker-[\w-]+\.js$/, /\.webmanifest$/, /icon-maskable-512\.png$/,
    /^assets\/network-[\w-]+\.nnue$/]) {
    assert.ok(urls.some((u) => kind.test(u)), `nothing matching ${kind} is precached`);
  }
  for (const { url, revision } of list) {
    if (revision === null) {
      // Vite's content hash in the name (a new content gets a new name: see the update test).
      assert.match(url, /^assets\/.+-[\w-]{8}\.\w+$/, `${url} has neither a revision nor a hashed name`);
    } else {
      const md5 = createHash('md5').update(readFileSync(join(dist, url))).digest('hex');
      assert.equal(revision, md5, `${url}: the revision is not the MD5 of its content`);
    }
  }
});

test('after one visit, the app reloads offline from the service worker and plays against the computer', async () => {
  const server = await deployServer(dist);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(server.url);
    await appReady(page, 'online-first-visit');
    assert.equal(await swActive(page), 'activated');

    await context.setOffline(true);
    // The proof that the network is off: a file of the build cannot be fetched around the service worker.
    const direct = await page.evaluate((u) => fetch(u, { cache: 'no-store' }).then(() => 'fetched', () => 'failed'),
      `${server.url}icon-192.png?bypass=${Date.now()}`);
    assert.equal(direct, 'failed', 'the browser still reaches the server');

    const fromNetwork = [];
    context.on('response', (r) => { if (!r.fromServiceWorker()) fromNetwork.push(r.url()); });
    await page.reload();
    await appReady(page, 'offline-reloaded');
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is not controlled');
    // The neural net too is there offline (precached), and loaded into the worker.
    await page.waitForFunction(() => ['ready', 'unavailable'].includes(window.xiangqiApp.network.status), null,
      { timeout: 20000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.network.status), 'ready',
      await page.evaluate(() => window.xiangqiApp.network.error));
    const reply = await playAgainstComputer(page);
    await shot(page, 'offline-after-reply');
    // Red's cannon went h2→e2 (Black cannot take it in one move) and Black answered.
    assert.equal(pieceAt(reply.after, 'e2'), 'C', `the human's move is not on the board: ${reply.after}`);
    assert.equal(pieceAt(reply.after, 'h2'), '');
    assert.notEqual(reply.after.split(' ')[0], reply.before.split(' ')[0]);
    // The game review works offline too: the engine is in the precached worker.
    await page.click('#review');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.review.moves.length), 2);
    await shot(page, 'offline-review');
    assert.deepEqual(fromNetwork.filter((u) => u.startsWith(server.url)), [], 'responses not from the service worker');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

/**
 * The build deployed on a server, a fresh context (`width` × 900) and page: the page's errors, and the URLs of the
 * requests that `keep` accepts. Close the context and the server when done.
 */
async function deployedPage(width, keep) {
  const server = await deployServer(dist);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const fetched = [];
  context.on('request', (r) => { if (keep(r.url())) fetched.push(r.url()); });
  return { server, context, page, errors, fetched };
}

test('the opening explorer\'s data: fetched when the explorer is first opened, then there offline', async () => {
  const { server, context, page, errors, fetched } = await deployedPage(1000, (u) => /openings-data/.test(u));
  try {
    await page.goto(server.url);
    await appReady(page, 'explorer-first-visit');
    assert.equal(await swActive(page), 'activated');
    assert.deepEqual(fetched, [], 'the first visit does not download the explorer');
    // The service worker controls the page from the next load on (it does not claim the first: docs/pwa.md).
    await page.reload();
    await appReady(page, 'explorer-second-visit');
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
    const open = async () => {
      if (await page.evaluate(() => window.xiangqiApp.state.mode) !== 'analysis') await page.click('#analyse');
      // (clicked again should the click land while the analysis lines above it move the panel down)
      for (let i = 0; i < 3 && !(await page.evaluate(() => document.getElementById('explorer-box').open)); i++) {
        await page.click('#explorer-box > summary');
      }
      await page.waitForFunction(() => ['ready', 'unavailable'].includes(window.xiangqiApp.state.explorer.status), null, { timeout: 20000 });
      return page.evaluate(() => window.xiangqiApp.state.explorer.status);
    };
    assert.equal(await open(), 'ready');
    assert.ok(fetched.length >= 1);
    await context.setOffline(true);
    await page.reload();
    await appReady(page, 'explorer-offline-reloaded');
    assert.equal(await open(), 'ready', 'the explorer works offline once opened online');
    await page.waitForFunction(() => document.querySelectorAll('#explorer-rows tr').length > 3);
    await shot(page, 'explorer-offline');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the lesson embed: the light wasm only (never the app\'s), cached on its first visit, then there offline', async () => {
  const { server, context, page, errors, fetched } = await deployedPage(900, (u) => /\.wasm$/.test(u));
  const files = () => fetched.map((u) => u.split('/').pop());
  try {
    // The app first (it installs the service worker, which precaches the app's wasm, not the embed's).
    await page.goto(server.url);
    await appReady(page, 'embed-app-first');
    assert.equal(await swActive(page), 'activated');
    assert.ok(files().length >= 1 && files().every((f) => /^xiangqi_wasm_bg-/.test(f)), `the app's wasm only: ${files()}`);
    fetched.length = 0;
    const embedReady = async (name) => {
      await page.goto(new URL('embed.html', server.url).href);
      await page.waitForFunction(() => document.querySelector('xiangqi-lesson')?.board?.board, null, { timeout: 30000 });
      await shot(page, name);
    };
    await embedReady('embed-online');
    assert.ok(files().length >= 1 && files().every((f) => /^xiangqi_view_bg-/.test(f)), `the embed's light wasm only: ${files()}`);
    await context.setOffline(true);
    await embedReady('embed-offline');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a new build is announced as waiting, and update() reloads into it', async () => {
  // The second deployment: the same sources built again with one changed file (a mark on every page's <html>).
  const second = join(tmp, 'second');
  // Built as scripts/build.mjs builds it: the lesson embed's page on its own, then the app (www/vite.config.js).
  const { build } = await import('vite');
  for (const part of ['embed', 'app']) {
    process.env.XIANGQI_WWW_PART = part;
    try {
      await build({
        configFile: join(www, 'vite.config.js'),
        logLevel: 'silent',
        build: { outDir: second, emptyOutDir: part === 'embed' },
        plugins: [{ name: 'second-build', transformIndexHtml: (html) => html.replace('<html', '<html data-build="second"') }],
      });
    } finally {
      delete process.env.XIANGQI_WWW_PART;
    }
  }
  const changed = precacheOf(second).filter((e) => !precacheOf(dist).some((o) => o.url === e.url && o.revision === e.revision));
  const pages = precacheOf(dist).map((e) => e.url).filter((u) => u.endsWith('.html')).sort();
  assert.ok(pages.includes('index.html'), `the app's page is precached: ${pages}`);
  assert.deepEqual(changed.map((e) => e.url).sort(), pages, 'the second build should differ in its pages only');

  const server = await deployServer(dist);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.addEventListener('xiangqi-pwa-need-refresh', (e) => { window.pwaUpdate = e.detail.update; });
    });
    await page.goto(server.url);
    await appReady(page, 'update-first-build');
    assert.equal(await swActive(page), 'activated');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.build ?? null), null);

    server.deploy(second);
    // The user opens the app again: the page comes from the old build's cache, the browser finds the new sw.js.
    await page.reload();
    await appReady(page, 'update-old-build-reloaded');
    await page.waitForFunction(() => typeof window.pwaUpdate === 'function', null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.pwa), 'need-refresh');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.build ?? null), null,
      'the new build took over before the user agreed');
    assert.ok(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting)));
    await shot(page, 'update-waiting');

    // The user agrees: the waiting worker takes over and the page reloads into the new build.
    await Promise.all([page.waitForEvent('framenavigated', { timeout: 30000 }), page.evaluate(() => window.pwaUpdate())]);
    await appReady(page, 'update-new-build');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.build ?? null), 'second');

    // And the new build is what the cache now holds: offline, the reload still gives it.
    await context.setOffline(true);
    await page.reload();
    await appReady(page, 'update-new-build-offline');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.build ?? null), 'second');
  } finally {
    await context.close();
    await server.close();
  }
});

test('Chromium finds the manifest valid and the app installable', async () => {
  // Installability is not reported in an incognito profile (every browser.newContext()), so a persistent one.
  async function installability(dir, name) {
    const server = await deployServer(dir);
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmp, 'profile-')), {
      executablePath: CHROMIUM,
      args: ['--disable-gpu', '--disable-quic', '--no-sandbox', '--disable-dev-shm-usage', '--no-first-run',
        '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await appReady(page, name);
      await swActive(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      const manifest = await cdp.send('Page.getAppManifest');
      return { errors: installabilityErrors.map((e) => e.errorId), manifest };
    } finally {
      await context.close();
      await server.close();
    }
  }

  const { errors, manifest } = await installability(dist, 'installable');
  assert.deepEqual(errors, [], 'installability errors');
  assert.deepEqual(manifest.errors, [], 'manifest errors');
  const m = JSON.parse(manifest.data);
  assert.equal(m.name, 'Xiangqi 象棋');
  assert.equal(m.display, 'standalone');
  assert.ok(m.short_name && m.description && m.theme_color && m.background_color);
  assert.match(m.description, /\p{Script=Han}/u, 'the description has no Chinese');
  assert.equal(m.start_url, './');
  assert.equal(m.scope, './');
  // Each icon is a PNG of the size it claims (read from its IHDR); one of them is maskable.
  for (const icon of m.icons) {
    const png = readFileSync(join(dist, icon.src));
    assert.equal(png.toString('latin1', 1, 4), 'PNG', `${icon.src} is not a PNG`);
    assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, `${icon.src} size`);
  }
  assert.ok(m.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512'), 'no maskable 512 icon');

  // The same check on a copy whose manifest is broken (no icons) does report it: the check can fail.
  const broken = join(tmp, 'broken');
  cpSync(dist, broken, { recursive: true });
  writeFileSync(join(broken, 'manifest.webmanifest'), JSON.stringify({ ...m, icons: [] }));
  const bad = await installability(broken, 'installable-broken');
  assert.ok(bad.errors.length > 0, 'a manifest without icons was reported installable');
  console.log(`broken manifest reported: ${bad.errors.join(', ')}`);
});
