#!/usr/bin/env node
// Plays one full game engine-vs-engine in Chromium, the engine running in the Web Worker of the plain test page
// (the package's engine-worker.js through xiangqi-wasm/worker, served at /pkg/), refereed by the page's own Game (outcome() after every move),
// and measures how long the page's main thread ever stalled. This is the measurement behind the target
// "plays a full game at 1 s per move in the browser without freezing the page".
// Usage: node scripts/bench/browser-game.mjs [--ms 1000] [--max-plies 300]     (after `npm run build`)
import { servePackage, launch, openReady } from '../../tests/support/browser.mjs';
import { root, numberOption, median } from './common.mjs';

const MS = numberOption('--ms', 1000);
const MAX_PLIES = numberOption('--max-plies', 300);

const server = await servePackage(root);
const browser = await launch();
try {
  const { page, ready, errors } = await openReady(browser, server.url, 'browser-game');
  if (ready !== 'true') throw new Error(`page not ready: ${errors.join('; ')}`);
  page.setDefaultTimeout(0);
  const r = await page.evaluate(async ({ ms, maxPlies }) => {
    const { EngineClient } = await import('/pkg/engine-client.js');
    const { Game } = await import('/pkg/xiangqi_wasm.js');
    const engine = new EngineClient();
    const game = new Game();
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 10);
    const thinking = [];
    while (!game.outcome() && game.history().length < maxPlies) {
      const t0 = performance.now();
      const res = await engine.search({ fen: game.initialFen(), moves: game.history(), limits: { timeMs: ms } });
      thinking.push(performance.now() - t0);
      game.play(res.move);
    }
    clearInterval(timer);
    engine.terminate();
    const o = game.outcome();
    return {
      plies: game.history().length,
      result: o ? `${o.result} (${o.reason}): ${o.explanation}` : `no result after ${maxPlies} plies`,
      maxGap,
      thinking,
    };
  }, { ms: MS, maxPlies: MAX_PLIES });
  console.log(`game at ${MS} ms per move in Chromium: ${r.plies} plies, ${r.result}`);
  console.log(`time per move: median ${median(r.thinking).toFixed(0)} ms, max ${Math.max(...r.thinking).toFixed(0)} ms`);
  console.log(`longest main-thread stall during the game: ${r.maxGap.toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.close();
}
