// The app (www/dist) in Chromium with the package's neural net: fetched and loaded into the search worker once the
// app is ready; a damaged or missing net leaves the hand-tuned evaluation, with a warning, and the computer still
// plays and hints (at Strong, a level that uses the net when it is there). Screenshots: test-results/app/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clickSquares, computerDone, history, newGame, openApp, root, startApp, withShot } from './app-support.mjs';
import { Engine, Game } from '../../pkg/node.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** What the package's Engine says of the net the package ships (pkg/network.nnue). */
function shippedNet() {
  const engine = new Engine();
  try {
    return engine.loadNetwork(readFileSync(join(root, 'pkg', 'network.nnue')));
  } finally {
    engine.free();
  }
}

/** The app's network status once it is no longer loading. */
async function networkSettled(page) {
  await page.waitForFunction(() => ['ready', 'unavailable'].includes(window.xiangqiApp?.network?.status), null,
    { timeout: 20000 });
  return page.evaluate(() => ({ ...window.xiangqiApp.network }));
}

/**
 * Plays h2e2 at Strong and waits for the computer's reply (a book move, most likely), then asks for a hint: a
 * search, with the net when the worker has it. Returns the game's moves and the hint's arrow.
 */
async function playAtStrong(page) {
  await newGame(page, { level: 'strong' });
  await clickSquares(page, 'h2', 'e2');
  await computerDone(page);
  await page.click('#hint');
  await page.waitForFunction(() => {
    const t = document.getElementById('hint-text').textContent;
    return t && !/Looking/.test(t);
  }, null, { timeout: 10000 });
  const [arrow] = await page.evaluate(() => document.getElementById('board').board.config.shapes);
  return { moves: await history(page), hint: arrow && arrow.from + arrow.to };
}

/** Whether `move` is legal after `moves` from the start. */
function legalAfter(moves, move) {
  const game = new Game();
  try {
    for (const m of moves) game.play(m);
    return game.isLegal(move);
  } finally {
    game.free();
  }
}

test('the neural net is fetched after the app is ready and loaded into the search worker', async () => {
  const { page, context, errors } = await openApp(app);
  const nets = [];
  context.on('request', (r) => { if (/\.nnue$/.test(new URL(r.url()).pathname)) nets.push(r.url()); });
  await withShot(page, 'network-loaded', async () => {
    const network = await networkSettled(page);
    assert.deepEqual(network, { status: 'ready', info: shippedNet(), error: null });
    const { moves, hint } = await playAtStrong(page);
    assert.equal(moves.length, 2);
    assert.equal(moves[0], 'h2e2');
    assert.ok(legalAfter(moves, hint), `hint ${hint} after ${moves}`);
  });
  assert.ok(nets.length <= 1, `the net is fetched once: ${nets}`);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [what, fulfil, error] of [
  ['a damaged net file', { status: 200, contentType: 'application/octet-stream', body: 'not a net at all' }, 'ERR_NET_MAGIC'],
  ['a missing net file', { status: 404, body: 'gone' }, 'HTTP 404'],
]) {
  test(`${what}: a warning, the hand-tuned evaluation, and the computer still plays`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.route((url) => url.pathname.endsWith('.nnue'), (route) => route.fulfill(fulfil));
    const warnings = [];
    context.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    const { page, errors } = await openApp(app, { context });
    await withShot(page, `network-${error === 'HTTP 404' ? 'missing' : 'damaged'}`, async () => {
      const network = await networkSettled(page);
      assert.deepEqual(network, { status: 'unavailable', info: null, error });
      const { moves, hint } = await playAtStrong(page);
      assert.equal(moves.length, 2, 'the computer replied');
      assert.ok(legalAfter(moves, hint), `hint ${hint} after ${moves}`);
      const shown = await page.evaluate(() => window.xiangqiApp.state.message?.key ?? null);
      assert.ok(!['engineError', 'error'].includes(shown), `an error is shown: ${shown}`);
    });
    assert.ok(warnings.some((w) => w.includes('neural net not loaded') && w.includes(error)), `warnings: ${warnings}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
