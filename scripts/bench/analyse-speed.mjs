#!/usr/bin/env node
// How long the analysis of a 60-move game (120 plies: Engine.analyse with its default setting, 40,000 nodes a
// position, 121 positions) takes: in Node (this thread) and in Chromium through the package's worker
// (EngineClient.analyse, the way the app would call it), rounds interleaved, medians. The budget of issue 24 is
// under 10 s in Chromium. Also prints the analysis's summary, which must be the same everywhere (deterministic).
// Usage: node scripts/bench/analyse-speed.mjs [--runs 3] [--nodes N]     (after `npm run build`)
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { root, numberOption, median } from './common.mjs';
import { servePackage, launch, openReady } from '../../tests/support/browser.mjs';

const RUNS = numberOption('--runs', 3);
const NODES = numberOption('--nodes', 0);
// A game of the engine against itself at 30 ms a move, its first 120 plies.
const GAME = ('h2h4 a6a5 f0e1 b7b0 e1d2 h7h0 i0h0 b0d0 e0d0 h9g7 h4i4 i9h9 h0h9 g7h9 a0a1 b9c7 a1f1 a9b9 b2c2 b9b2 '
  + 'i4c4 c6c5 c4e4 d9e8 f1c1 e6e5 e4f4 c7b5 d2e1 e5e4 e3e4 b5c3 c2c5 c3d5 e4e5 d5e3 c1c3 e3f1 e5e6 g9e7 '
  + 'c5e5 b2d2 d0e0 d2g2 f4g4 g2g3 c3g3 f1g3 g4b4 h9g7 b4b9 e8d9 e6f6 f9e8 f6f7 g7i8 e1d0 i8g9 f7g7 g6g5 '
  + 'c0e2 i6i5 d0e1 g3f5 g7g8 g9i8 e0d0 i8g7 g8f8 g7e6 e1f2 f5g3 f2e1 g3f5 b9a9 f5g3 d0e0 e6g7 f8e8 g7e8 '
  + 'e0d0 g3h1 a9d9 h1i3 d9d5 i3g2 d5g5 g2e1 d0d1 e1g2 g5a5 i5i4 a5a9 c9a7 a3a4 g2f4 a4a5 f4d3 e5e3 d3e5 '
  + 'a5a6 a7c5 a6b6 i4h4 a9a5 e5d3 b6c6 h4h3 a5a3 h3g3 a3a9 d3e5 c6d6 e8g7 e3e7 e9e8 e7e6 e5d3 e6e4 d3f2').split(' ');
const options = NODES ? { nodes: NODES } : {};

const { Game, Engine } = await import(pathToFileURL(join(root, 'pkg', 'node.mjs')).href);
const server = await servePackage(root);
const browser = await launch();
const node = [];
const chromium = [];
let summaries = new Set();
try {
  const { page, ready, errors } = await openReady(browser, server.url, 'analyse-speed');
  if (ready !== 'true') throw new Error(`page not ready: ${errors.join('; ')}`);
  page.setDefaultTimeout(0);
  await page.evaluate(async () => {
    const { EngineClient } = await import('/pkg/engine-client.js');
    window.analyseClient = new EngineClient();
    await window.analyseClient.search({ limits: { depth: 1 } }); // the worker has loaded the wasm
  });
  for (let run = 0; run < RUNS; run++) {
    const game = new Game(null, { mode: 'analysis' });
    for (const m of GAME) game.play(m);
    const engine = new Engine({ hashMb: 16 });
    let t = performance.now();
    const a = engine.analyse(game, options);
    node.push(performance.now() - t);
    summaries.add(JSON.stringify([a.red, a.black]));
    engine.free();
    game.free();
    const r = await page.evaluate(async ({ moves, options }) => {
      const t0 = performance.now();
      const a = await window.analyseClient.analyse({ moves, options: { mode: 'analysis' } }, options);
      return { ms: performance.now() - t0, summary: JSON.stringify([a.red, a.black]), n: a.moves.length };
    }, { moves: GAME, options });
    chromium.push(r.ms);
    summaries.add(r.summary);
  }
} finally {
  await browser.close();
  await server.close();
}
const s = (xs) => `median ${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
console.log(`analysis of a ${GAME.length}-ply game, ${NODES || 'the default'} nodes a position, ${RUNS} rounds`);
console.log(`Node ${process.version}: ${s(node)}`);
console.log(`Chromium, the package's worker: ${s(chromium)}`);
console.log(summaries.size === 1 ? `the same analysis every time: ${[...summaries][0]}` : `DIFFERENT analyses: ${[...summaries].join(' | ')}`);
process.exit(summaries.size === 1 ? 0 : 1);
