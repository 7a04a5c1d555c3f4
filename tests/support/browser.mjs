// Shared helpers for the browser tests and the measurements of scripts/bench/: a static server on 127.0.0.1 and
// headless Chromium through playwright-core, using the system Chromium (installed by scripts/setup.sh, see
// docs/js-dev.md; nothing is downloaded).
import { createServer } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Serves `dir` (with extra response `headers`) on a free port of 127.0.0.1; resolves to { url, close }. */
export function serve(dir, { headers = {} } = {}) {
  const handler = sirv(dir, { dev: true, setHeaders: (res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  } });
  return listen(handler);
}

/**
 * Serves `handler` (a connect-style `(req, res, next)` handler, such as sirv's) on a free port of 127.0.0.1, with a
 * 404 wherever it calls `next`; resolves to { url, close }.
 */
export function listen(handler) {
  const server = createServer((req, res) => handler(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/**
 * Serves the built package (pkg/) at /pkg/ and the plain test page (tests/e2e/pages/: a page with an import map,
 * no bundler) at /, on a free port of 127.0.0.1; resolves to { url, close }.
 */
export function servePackage(root) {
  const pkg = sirv(join(root, 'pkg'), { dev: true });
  const pages = sirv(join(root, 'tests', 'e2e', 'pages'), { dev: true });
  return listen((req, res, notFound) => {
    if (req.url.startsWith('/pkg/')) {
      req.url = req.url.slice(4);
      pkg(req, res, notFound);
    } else {
      pages(req, res, notFound);
    }
  });
}

export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-gpu', '--disable-quic', '--no-sandbox', '--disable-dev-shm-usage',
      '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * Opens `url`, waits until `document.body.dataset.ready` is set, and returns { page, errors } where errors
 * collects page errors and console errors. Saves a screenshot to test-results/ when `ready` is not "true".
 */
export async function openReady(browser, url, name) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(url);
  await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 20000 }).catch(() => {});
  const ready = await page.evaluate(() => document.body?.dataset.ready ?? null);
  if (ready !== 'true') {
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: join('test-results', `${name}.png`) }).catch(() => {});
  }
  return { page, errors, ready };
}

/**
 * The modules `entry` loads in the package folder `dir` (e.g. pkg/ and 'board.js'): itself and its static and dynamic
 * relative imports of the package's files, transitively — what `<link rel="modulepreload">` can announce. The board
 * imports one of two wasm builds (js/board.js chooses): `build` says which (`"view"`, the light one a page without
 * `xiangqi-wasm` runs on, by default; `"full"`), and the other build's modules are left out.
 */
export function importGraph(dir, entry, { build = 'view' } = {}) {
  const other = build === 'view' ? /^xiangqi_wasm(_bindgen)?\.js$/ : /^xiangqi_view(_bindgen)?\.js$/;
  const seen = new Set([entry]);
  const todo = [entry];
  while (todo.length) {
    const text = readFileSync(join(dir, todo.pop()), 'utf8');
    // (quoted either way, or with backticks: the minifier writes a dynamic import's specifier as a template literal)
    for (const [, spec] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) {
      if (!seen.has(spec) && !other.test(spec)) {
        seen.add(spec);
        todo.push(spec);
      }
    }
  }
  return [...seen];
}
