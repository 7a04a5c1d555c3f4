#!/usr/bin/env node
// The cost of running a search in slices, as the Web Worker does to stay responsive: two built packages (before
// and after a change of the worker's loop) compared in one run, rounds interleaved.
//
// In Node, in this thread, each package's own loop (the `run` of its js/engine-worker.js, copied below: the one
// before issue 24 called Engine.search per 25 ms slice, which reads the game back through Reflect, syncs it,
// rebuilds its path and restarts iterative deepening from depth 1, with setTimeout(0) between slices; the one
// after calls Engine.start once and Engine.step per slice, with a MessageChannel message between slices)
// searches a position for --ms milliseconds:
//   calls/s         engine calls per second of the loop (each crosses the JS boundary);
//   outside search  the share of the wall time not spent in the search itself: before, the time outside the
//                   calls plus, inside each, what is not the search's own clock (its result's timeMs: game
//                   sync, options, path, result objects); after, the time outside the step calls (a step is
//                   the search; its fixed cost, a few microseconds, counts as search here);
//   outside calls   the share of the wall time outside the engine calls (JS, the waits between slices);
//   depth           the depth reached, against one continuous search of the same position (its restarts cost
//                   the old loop depth).
// In Chromium, each package's real worker through its EngineClient (its engine-worker.js at /a/ and /b/): the
// depth and the nodes per second of a --ms search, against one continuous search of that package on the page.
//
// Usage: node scripts/bench/worker-loop.mjs <pkgBefore> [pkgAfter] [--ms 1000] [--runs 3] [--no-browser]
//        (pkgAfter defaults to pkg/; pkgBefore is a copy of pkg/ built from the commit before)
import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { root, numberOption, hasFlag, median } from './common.mjs';
import { listen, launch } from '../../tests/support/browser.mjs';

const dirs = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--ms')
  && !all[i - 1]?.startsWith('--runs'));
const [before, after = join(root, 'pkg')] = dirs.map((d) => resolve(d));
if (!before) {
  console.error('usage: node scripts/bench/worker-loop.mjs <pkgBefore> [pkgAfter] [--ms 1000] [--runs 3] [--no-browser]');
  process.exit(2);
}
const MS = numberOption('--ms', 1000);
const RUNS = numberOption('--runs', 3);
const SLICE_MS = 25;
// A 60-move game of the engine against itself (120 plies): the position a review or a long game searches, with
// a history the old loop read back and compared on every slice.
const GAME = ('h2h4 a6a5 f0e1 b7b0 e1d2 h7h0 i0h0 b0d0 e0d0 h9g7 h4i4 i9h9 h0h9 g7h9 a0a1 b9c7 a1f1 a9b9 b2c2 b9b2 '
  + 'i4c4 c6c5 c4e4 d9e8 f1c1 e6e5 e4f4 c7b5 d2e1 e5e4 e3e4 b5c3 c2c5 c3d5 e4e5 d5e3 c1c3 e3f1 e5e6 g9e7 '
  + 'c5e5 b2d2 d0e0 d2g2 f4g4 g2g3 c3g3 f1g3 g4b4 h9g7 b4b9 e8d9 e6f6 f9e8 f6f7 g7i8 e1d0 i8g9 f7g7 g6g5 '
  + 'c0e2 i6i5 d0e1 g3f5 g7g8 g9i8 e0d0 i8g7 g8f8 g7e6 e1f2 f5g3 f2e1 g3f5 b9a9 f5g3 d0e0 e6g7 f8e8 g7e8 '
  + 'e0d0 g3h1 a9d9 h1i3 d9d5 i3g2 d5g5 g2e1 d0d1 e1g2 g5a5 i5i4 a5a9 c9a7 a3a4 g2f4 a4a5 f4d3 e5e3 d3e5 '
  + 'a5a6 a7c5 a6b6 i4h4 a9a5 e5d3 b6c6 h4h3 a5a3 h3g3 a3a9 d3e5 c6d6 e8g7 e3e7 e9e8 e7e6 e5d3 e6e4 d3f2').split(' ');
const POSITIONS = [['start', []], [`after ${GAME.length} plies`, GAME]];

const yieldOld = () => new Promise((r) => setTimeout(r, 0));
const channel = new MessageChannel();
let wake = null;
channel.port1.onmessage = () => { const w = wake; wake = null; w?.(); };
const yieldNew = () => new Promise((r) => { wake = r; channel.port2.postMessage(null); });

/** The loop of js/engine-worker.js before issue 24: a search call per slice, with its own deadline. */
async function oldLoop(P, engine, moves) {
  const start = Date.now();
  const deadline = start + MS;
  const game = new P.Game(null, { mode: 'analysis' });
  for (const m of moves) game.play(m);
  let best = null; let total = 0; let calls = 0; let inside = 0; let searching = 0;
  for (;;) {
    const left = deadline - Date.now();
    const slice = Math.max(1, Math.min(SLICE_MS, Math.floor(left)));
    const t = performance.now();
    const r = engine.search(game, { depth: 64, timeMs: slice }, () => {});
    inside += performance.now() - t;
    searching += r.timeMs;
    calls++;
    total += r.nodes;
    if (best === null || r.depth >= best.depth) best = r;
    if (r.move === null || 'mate' in r.score || Date.now() >= deadline) break;
    await yieldOld();
  }
  game.free();
  return { depth: best.depth, nodes: total, calls, inside, searching };
}

/** The loop after issue 24: Engine.start once, Engine.step per slice. */
async function newLoop(P, engine, moves) {
  const game = new P.Game(null, { mode: 'analysis' });
  for (const m of moves) game.play(m);
  let calls = 1; let inside = 0;
  let t = performance.now();
  engine.start(game, { timeMs: MS });
  let r = engine.step(SLICE_MS, () => {});
  inside += performance.now() - t;
  while (r === null) {
    await yieldNew();
    t = performance.now();
    r = engine.step(SLICE_MS, () => {});
    inside += performance.now() - t;
    calls++;
  }
  game.free();
  return { depth: r.depth, nodes: r.nodes, calls, inside, searching: inside };
}

function continuous(P, engine, moves) {
  const game = new P.Game(null, { mode: 'analysis' });
  for (const m of moves) game.play(m);
  const t = performance.now();
  const r = engine.search(game, { timeMs: MS });
  const ms = performance.now() - t;
  game.free();
  return { depth: r.depth, nps: r.nodes / (ms / 1000) };
}

const A = await import(pathToFileURL(join(before, 'node.mjs')).href);
const B = await import(pathToFileURL(join(after, 'node.mjs')).href);
const packages = [['before', A, oldLoop], ['after', B, newLoop]];
console.log(`Node ${process.version}, ${MS} ms searches, slices of ${SLICE_MS} ms, ${RUNS} rounds (medians)`);
for (const [name, moves] of POSITIONS) {
  const rows = { before: [], after: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const [label, P, loop] of packages) {
      const engine = new P.Engine({ hashMb: 16 });
      const cont = continuous(P, engine, moves);
      engine.newGame();
      const t = performance.now();
      const r = await loop(P, engine, moves);
      const wall = performance.now() - t;
      engine.free();
      rows[label].push({ callsPerS: r.calls / (wall / 1000), outside: 1 - r.searching / wall,
        outsideCalls: 1 - r.inside / wall, depth: r.depth, contDepth: cont.depth });
    }
  }
  for (const label of ['before', 'after']) {
    const m = (k) => median(rows[label].map((x) => x[k]));
    console.log(`${name.padEnd(16)} ${label.padEnd(6)} calls/s ${m('callsPerS').toFixed(0).padStart(4)}  outside the search `
      + `${(100 * m('outside')).toFixed(1).padStart(5)} % (outside the calls ${(100 * m('outsideCalls')).toFixed(1)} %)  `
      + `depth ${m('depth')} (one continuous search: ${m('contDepth')})`);
  }
}

if (!hasFlag('--no-browser')) {
  const pkgA = sirv(before, { dev: true });
  const pkgB = sirv(after, { dev: true });
  const server = await listen((req, res, next) => {
    if (req.url.startsWith('/a/')) { req.url = req.url.slice(2); pkgA(req, res, next); return; }
    if (req.url.startsWith('/b/')) { req.url = req.url.slice(2); pkgB(req, res, next); return; }
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><meta charset="utf-8"><title>worker loop</title><body></body>');
  });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    page.setDefaultTimeout(0);
    const out = await page.evaluate(async ({ ms, runs, positions }) => {
      const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const i = s.length >> 1; return s.length % 2 ? s[i] : (s[i - 1] + s[i]) / 2; };
      const sides = [];
      for (const dir of ['/a/', '/b/']) {
        const wasm = await import(`${dir}xiangqi_wasm.js`);
        await wasm.default();
        const { EngineClient } = await import(`${dir}engine-client.js`);
        sides.push({ dir, wasm, client: new EngineClient() });
      }
      const rows = [];
      for (const [name, moves] of positions) {
        const acc = sides.map(() => ({ share: [], depth: [], contDepth: [] }));
        for (let run = 0; run < runs; run++) {
          for (const [i, { wasm, client }] of sides.entries()) {
            const engine = new wasm.Engine({ hashMb: 16 });
            const t0 = performance.now();
            const c = engine.search(null, moves, { timeMs: ms });
            const nps = c.nodes / ((performance.now() - t0) / 1000);
            engine.free();
            client.newGame();
            const t = performance.now();
            const r = await client.search({ moves, options: { mode: 'analysis' }, limits: { timeMs: ms } });
            const wall = performance.now() - t;
            acc[i].share.push((r.nodes / (wall / 1000)) / nps);
            acc[i].depth.push(r.depth);
            acc[i].contDepth.push(c.depth);
          }
        }
        for (const [i, a] of acc.entries()) {
          rows.push({ name, side: i ? 'after' : 'before', share: median(a.share), depth: median(a.depth),
            contDepth: median(a.contDepth) });
        }
      }
      return { rows, ua: navigator.userAgent };
    }, { ms: MS, runs: RUNS, positions: POSITIONS });
    console.log(`Chromium (${/Chrome\/[\d.]+/.exec(out.ua)?.[0]}), the package's worker through EngineClient:`);
    for (const r of out.rows) {
      console.log(`${r.name.padEnd(16)} ${r.side.padEnd(6)} nodes/s ${(100 * r.share).toFixed(0).padStart(3)} % of a continuous search's  `
        + `depth ${r.depth} (one continuous search on the page: ${r.contDepth})`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
process.exit(0);
