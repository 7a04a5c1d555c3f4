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
 * 404 wherever it calls `next`; resolves to { url, close }, where close ends the connections still open.
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
      // close() alone waits for the connections still open, and one that never sent a request (browsers open some
      // ahead of need) held it for over 100 s when tried on Node 20: past a test's own timeout. So end them all.
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }) });
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
 * Opens `url`, waits until `document.body.dataset.ready` is set, and returns { page, errors, ready } where errors
 * collects page errors and console errors. Every step is bounded (`timeout` ms for the navigation and for the wait,
 * a few seconds for the rest), so a page that hangs or a renderer that dies fails the test in time instead of
 * stalling it. When `ready` is not "true", `errors` also carries why, the page's whole console, and a screenshot is
 * saved to test-results/`name`.png.
 */
export async function openReady(browser, url, name, { timeout = 20000 } = {}) {
  const page = await browser.newPage();
  const errors = [];
  const log = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    log.push(`${m.type()}: ${m.text()}`);
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('crash', () => errors.push('the page crashed'));
  try {
    await page.goto(url, { timeout });
    await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout });
  } catch (e) {
    errors.push(`not ready: ${String(e.message).split('\n')[0]}`);
  }
  const ready = await bounded(page.evaluate(() => document.body?.dataset.ready ?? null), 5000, 'reading data-ready')
    .catch((e) => { errors.push(e.message); return null; });
  if (ready !== 'true') {
    errors.push(`the page's console: ${log.length ? log.join(' | ') : '(empty)'}`);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: join('test-results', `${name}.png`), timeout: 5000 }).catch((e) => {
      errors.push(`no screenshot: ${String(e.message).split('\n')[0]}`);
    });
  }
  return { page, errors, ready };
}

/** `promise`, or a rejection saying `what` took longer than `ms`. */
function bounded(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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
