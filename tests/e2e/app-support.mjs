// Helpers of the app's browser tests (tests/e2e/app-*.test.mjs): the built app (www/dist) served on 127.0.0.1,
// pages in fresh contexts, clicks on board points, and a screenshot of every test's last state in
// test-results/app/ (kept whether the test passes or fails, so a failure can be looked at).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve } from '../support/browser.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHOTS = join(root, 'test-results', 'app');

/** Starts the server and the browser; returns { server, browser, close }. */
export async function startApp() {
  assert.ok(existsSync(join(root, 'www', 'dist', 'index.html')), 'www/dist missing: run node scripts/build.mjs');
  mkdirSync(SHOTS, { recursive: true });
  const server = await serve(join(root, 'www', 'dist'));
  const browser = await launch();
  return { server, browser, close: async () => { await browser.close(); await server.close(); } };
}

/**
 * A fresh context and page on the app; resolves once `document.body.dataset.ready` is "true".
 * Options: viewport, colorScheme, locale, hasTouch, clock (install Playwright's fake clock first), init (a
 * function run in the page before its scripts).
 */
export async function openApp(app, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', locale = 'en-US',
  hasTouch = false, clock = false, init = null, initArg, context: existing = null } = {}) {
  const context = existing ?? await app.browser.newContext({ viewport, colorScheme, locale, hasTouch,
    serviceWorkers: 'block', deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    errors.push(`unexpected ${d.type()} dialog: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  if (clock) await page.clock.install();
  if (init) await page.addInitScript(init, initArg);
  await page.goto(app.server.url);
  await waitReady(page);
  return { context, page, errors };
}

export async function waitReady(page) {
  await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true',
    await page.evaluate(() => document.getElementById('fatal')?.textContent));
}

/** Runs `fn`; saves a screenshot `name`.png of the page afterwards, passed or failed. */
export async function withShot(page, name, fn) {
  try {
    await fn();
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
  }
}

/** Clicks the board points `squares` in order, as a user would (through the board's pointOf). */
export async function clickSquares(page, ...squares) {
  for (const sq of squares) {
    const p = await page.evaluate((s) => document.getElementById('board').board.pointOf(s), sq);
    await page.mouse.click(p.x, p.y);
  }
}

/** Taps the board points `squares` with the touchscreen. */
export async function tapSquares(page, ...squares) {
  for (const sq of squares) {
    const p = await page.evaluate((s) => document.getElementById('board').board.pointOf(s), sq);
    await page.touchscreen.tap(p.x, p.y);
  }
}

export const history = (page) => page.evaluate(() => window.xiangqiApp.game.history());

/** Waits until the computer is not thinking. */
export async function computerDone(page) {
  await page.waitForFunction(() => !document.body.dataset.thinking, null, { timeout: 15000 });
}

/** Imports `text` (a FEN or a record) through the import dialog. */
export async function importText(page, text) {
  await page.click('#import');
  await page.fill('#import-text', text);
  await page.click('#import-go');
  await page.waitForFunction(() => !document.getElementById('import-dialog').open
    || /Could not|无法|reads records|最多/.test(document.getElementById('import-error').textContent), null, { timeout: 15000 });
}

/** Opens the new-game dialog, sets its fields and starts. */
export async function newGame(page, { side = 'red', level, rules, clock, custom, practice = false } = {}) {
  await page.click('#new');
  await page.check(`#new-form input[name=side][value=${side}]`);
  if (level) await page.selectOption('#new-level', level);
  if (rules) await page.selectOption('#new-rules', rules);
  if (practice) await page.check('#new-practice');
  else await page.uncheck('#new-practice');
  await page.selectOption('#new-clock', clock ?? 'off');
  if (custom) await page.fill('#new-custom', String(custom));
  // The game is made by the dialog's `close` event, a task after the dialog is shut: wait for the new game itself.
  await page.evaluate(() => { window.gameBeforeNew = window.xiangqiApp.game; });
  await page.click('#new-start');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open
    && window.xiangqiApp.game !== window.gameBeforeNew);
}
