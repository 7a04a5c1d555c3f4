// The analysis of a game in the package's Web Worker (EngineClient.analyse through `xiangqi-wasm/worker`, served at
// /pkg/), in Chromium: the same analysis as Engine.analyse on the page, progress per move, cancelling with an
// AbortSignal (the moves so far, flagged), errors with their codes, and a search still answered afterwards.
// (Its speed is measured by scripts/bench/analyse-speed.mjs, not here.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servePackage, launch, openReady } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server;
let browser;
let page;
before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'xiangqi_wasm.js')), 'pkg missing: run node scripts/build.mjs');
  server = await servePackage(root);
  browser = await launch();
  const opened = await openReady(browser, server.url, 'engine-analyse');
  assert.equal(opened.ready, 'true', opened.errors.join('; '));
  page = opened.page;
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the worker analyses a game as Engine.analyse does, with progress, and cancels on abort', async () => {
  const r = await page.evaluate(async () => {
    const { EngineClient } = await import('/pkg/engine-client.js');
    const { Game, Engine } = await import('/pkg/xiangqi_wasm.js');
    const client = new EngineClient();
    const game = new Game();
    for (const m of ['a0a1', 'a9a8', 'a1d1', 'a8d8', 'd1d8', 'b9c7', 'h2e2', 'h9g7']) game.play(m);
    const progress = [];
    const viaWorker = await client.analyse(game, { nodes: 6000 },
      { onProgress: (m, done, total) => progress.push([m.ply, m.classification, done, total]) });
    const engine = new Engine({ hashMb: 16 });
    const here = engine.analyse(game, { nodes: 6000 });
    // The same game spelled out, one side only.
    const spelled = await client.analyse({ moves: game.history() }, { nodes: 6000, side: 'black' });
    // Cancelled after the first analysed move: the moves so far, cancelled.
    const controller = new AbortController();
    const cut = await client.analyse(game, { nodes: 200000 },
      { onProgress: () => controller.abort(), signal: controller.signal });
    // Aborted before it starts: nothing analysed.
    const early = new AbortController();
    early.abort();
    const none = await client.analyse(game, {}, { signal: early.signal });
    const code = (p) => p.then(() => 'resolved', (e) => e.code);
    const errors = [
      await code(client.analyse(game, { from: 0 })),
      await code(client.analyse({ fen: 'nonsense' })),
      await code(client.analyse({ moves: ['h2h7'] })),
    ];
    const search = await client.search({ game, limits: { depth: 3 } });
    client.terminate();
    return { viaWorker, here, progress, spelled, cut, none, errors, search };
  });
  assert.deepEqual(r.viaWorker, r.here);
  assert.equal(r.viaWorker.moves.length, 8);
  assert.deepEqual(r.progress.map((p) => p[2]), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.ok(r.progress.every((p) => p[3] === 8));
  assert.equal(r.progress[3][1], 'blunder');
  assert.deepEqual(r.spelled.moves.map((m) => [m.ply, m.color]), [[2, 'black'], [4, 'black'], [6, 'black'], [8, 'black']]);
  assert.equal(r.spelled.red.moves, 0);
  assert.equal(r.cut.cancelled, true);
  assert.ok(r.cut.moves.length >= 1 && r.cut.moves.length < 8, `${r.cut.moves.length}`);
  assert.equal(r.none.cancelled, true);
  assert.ok(r.none.moves.length <= 1, `${r.none.moves.length}`);
  assert.deepEqual(r.errors, ['ERR_OPTIONS', 'ERR_FEN_BOARD', 'ERR_ILLEGAL_MOVE']);
  assert.equal(r.search.depth, 3);
  assert.equal(r.search.stopped, false);
});
