// The package in a plain page without a bundler (tests/e2e/pages/index.html, an import map onto /pkg/): a
// playable board (<xiangqi-board interactive>) paints, a move made by clicking is played on the element's game,
// the status line follows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servePackage, launch, openReady } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server;
let browser;
before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'xiangqi_wasm.js')), 'pkg missing: run node scripts/build.mjs');
  server = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('a plain page with an import map shows a board on which a move can be played', async () => {
  const { page, errors, ready } = await openReady(browser, server.url, 'plain-page');
  assert.equal(ready, 'true', `page did not load: ${errors.join('; ')}`);
  assert.equal(await page.textContent('#status'), 'Red to move');
  // the canvases are painted: many distinct colours, not a blank rectangle
  const colours = await page.evaluate(() => {
    const canvases = [...document.getElementById('board').shadowRoot.querySelectorAll('canvas')];
    const ctx = new OffscreenCanvas(canvases[0].width, canvases[0].height).getContext('2d', { willReadFrequently: true });
    for (const c of canvases) ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, canvases[0].width, canvases[0].height).data;
    const set = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) set.add((d[i] >> 4) * 256 + (d[i + 1] >> 4) * 16 + (d[i + 2] >> 4));
    return set.size;
  });
  assert.ok(colours > 20, `only ${colours} colours painted`);
  const click = async (sq) => {
    const p = await page.evaluate((s) => document.getElementById('board').board.pointOf(s), sq);
    await page.mouse.click(p.x, p.y);
  };
  await click('h2');
  await click('e2');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Black to move');
  assert.equal(await page.textContent('#moves'), '炮二平五');
  assert.deepEqual(errors, []);
});
