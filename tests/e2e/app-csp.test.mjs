// The app (www/dist) under the strict Content-Security-Policy it is made for — `default-src 'self'; script-src
// 'self' 'wasm-unsafe-eval'` (no inline script or style) — served as a header: it loads, plays a move against the
// computer (the engine worker and the wasm), gives a hint, imports a record in its record worker, and opens every
// dialog, with no violation reported by Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, serve } from '../support/browser.mjs';
import { clickSquares, computerDone, history, importText, root, waitReady, withShot } from './app-support.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
let server;
let browser;
before(async () => {
  server = await serve(join(root, 'www', 'dist'), { headers: { 'Content-Security-Policy': CSP } });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the app under a strict CSP: no violation', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.goto(server.url);
  await withShot(page, 'csp', async () => {
    await waitReady(page);
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    assert.equal((await history(page)).length, 2);
    await page.click('#hint');
    await page.waitForFunction(() => !/Looking|^$/.test(document.getElementById('hint-text').textContent), null, { timeout: 10000 });
    await importText(page, '[Red "<b>A</b>"]\n\n1. C2.5 {a comment} H8+7 *');
    assert.equal((await history(page)).length, 2);
    await page.click('#export');
    await page.click('#export-dialog button[value=close]');
    await page.click('#new');
    await page.click('#new-dialog button[value=cancel]');
    await page.click('#theme');
    await page.selectOption('#lang', 'zh');
    const violations = await page.evaluate(() => window.__violations);
    assert.deepEqual(violations, []);
  });
  await context.close();
});

test('the CSP test sees violations (an inline style is reported)', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.url);
  await waitReady(page);
  const seen = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
    const s = document.createElement('style');
    s.textContent = 'body { color: red }';
    document.head.append(s);
    setTimeout(() => resolve(null), 2000);
  }));
  assert.match(String(seen), /style-src/);
  await context.close();
});
