// The page `npm start` serves: loads the wasm in Chromium and lists the start position's 44 legal moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, launch, openReady } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server;
let browser;
before(async () => {
  assert.ok(existsSync(join(root, 'www', 'pkg', 'xiangqi_wasm.js')), 'www/pkg missing: run node scripts/build.mjs');
  server = await serve(join(root, 'www'));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('www/index.html shows the 44 legal moves of the start position', async () => {
  const { page, errors, ready } = await openReady(browser, server.url, 'www-index');
  assert.equal(ready, 'true', `page did not load: ${errors.join('; ')}`);
  const moves = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
  assert.equal(moves.length, 44);
  assert.ok(moves.includes('h2e2') && moves.includes('b0c2'));
  assert.match(await page.textContent('#status'), /^44 legal moves for red/);
  assert.deepEqual(errors, []);
});
