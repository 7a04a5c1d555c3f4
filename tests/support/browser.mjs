// Shared helpers for the browser tests: a static server on 127.0.0.1 and headless Chromium through
// playwright-core, using the system Chromium (see TOOLCHAIN.md; nothing is downloaded).
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Serves `dir` on a free port of 127.0.0.1; resolves to { url, close }. */
export function serve(dir) {
  const handler = sirv(dir, { dev: true });
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
