#!/usr/bin/env node
// The cost of not calling free(): a server's request — `new Game(fen)`, `validate(move)`, `play(move)`,
// `outcome()` — in Node on the built package, with `free()` at the end, and dropped (reclaimed by the
// FinalizationRegistry wasm-bindgen's weak references register every object in). Each way runs in a fresh Node
// process, so that one's heap does not weigh on the next; the processes alternate, and the figures are medians over
// the rounds. Two shapes of loop:
//
//   server   each request in its own task (an `await` of `setImmediate` between requests, as an HTTP server's
//            requests are): finalizers get to run between requests
//   batch    requests in a synchronous loop (a script that validates a file of positions): finalizers run only
//            when the loop yields, here every `--batch` requests (default: never, within a round)
//
// Printed: requests per second, the wasm linear memory and the process's RSS at the end of the round, and how long
// the round's garbage collections took (perf_hooks).
//
// Usage: node scripts/bench/free-bench.mjs [--rounds 5] [--requests 100000] [--batch N] [--json]
//        (needs node scripts/build.mjs --no-www first)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { root, numberOption, hasFlag, median } from './common.mjs';

const ROUNDS = numberOption('--rounds', 5);
const REQUESTS = numberOption('--requests', 100_000);
const BATCH = numberOption('--batch', 0);
const json = hasFlag('--json');

// --- a child: one round of one way ------------------------------------------------------------------------------
if (process.env.FREE_BENCH_CHILD) {
  const [shape, how] = process.env.FREE_BENCH_CHILD.split(':');
  const { PerformanceObserver } = await import('node:perf_hooks');
  const pkg = await import(`${root}/pkg/node.mjs`);
  const wasm = await pkg.default();
  // A middle game position (after 1. 炮二平五 马8进7 2. 马二进三 车9平8) and a legal move (3. 车一平二).
  const FEN = 'rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3';
  const MOVE = 'i0h0';
  let gcMs = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  obs.observe({ entryTypes: ['gc'] });
  const request = how === 'free'
    ? () => {
      const g = new pkg.Game(FEN);
      const v = g.validate(MOVE);
      if (v.legal) g.play(MOVE);
      const o = g.outcome();
      g.free();
      return o;
    }
    : () => {
      const g = new pkg.Game(FEN);
      const v = g.validate(MOVE);
      if (v.legal) g.play(MOVE);
      return g.outcome();
    };
  const tick = () => new Promise((r) => { setImmediate(r); });
  // Warm up (the wasm functions compiled, the heap settled), then the measured round.
  for (let i = 0; i < 2000; i++) request();
  await tick();
  gcMs = 0;
  const t = performance.now();
  if (shape === 'server') {
    for (let i = 0; i < REQUESTS; i++) {
      request();
      await tick();
    }
  } else {
    for (let i = 0; i < REQUESTS; i++) {
      request();
      if (BATCH && (i + 1) % BATCH === 0) await tick();
    }
  }
  const ms = performance.now() - t;
  await tick();
  obs.disconnect();
  process.stdout.write(JSON.stringify({ perSecond: (REQUESTS / ms) * 1000, wasmMB: wasm.memory.buffer.byteLength / 2 ** 20,
    rssMB: process.memoryUsage().rss / 2 ** 20, gcMs }));
  process.exit(0);
}

// --- the parent: the rounds ---------------------------------------------------------------------------------------
const ways = [['server', 'free'], ['server', 'dropped'], ['batch', 'free'], ['batch', 'dropped']];
const results = Object.fromEntries(ways.map(([s, h]) => [`${s}:${h}`, []]));
const loadBefore = loadavg().map((x) => x.toFixed(2)).join(' ');
for (let r = 0; r < ROUNDS; r++) {
  for (const [shape, how] of ways) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      { env: { ...process.env, FREE_BENCH_CHILD: `${shape}:${how}` }, encoding: 'utf8' });
    if (child.status !== 0) {
      console.error(child.stderr);
      process.exit(1);
    }
    results[`${shape}:${how}`].push(JSON.parse(child.stdout));
  }
  if (!json) process.stdout.write(`  round ${r + 1}/${ROUNDS} done\r`);
}
const loadAfter = loadavg().map((x) => x.toFixed(2)).join(' ');
const summary = Object.fromEntries(Object.entries(results).map(([k, rs]) => [k, {
  perSecond: median(rs.map((x) => x.perSecond)), wasmMB: median(rs.map((x) => x.wasmMB)),
  rssMB: median(rs.map((x) => x.rssMB)), gcMs: median(rs.map((x) => x.gcMs)),
}]));
if (json) {
  console.log(JSON.stringify({ rounds: ROUNDS, requests: REQUESTS, batch: BATCH, loadBefore, loadAfter, summary, raw: results }));
} else {
  console.log(`\nnew Game(fen) + validate + play + outcome, ${REQUESTS} requests a round, medians of ${ROUNDS} rounds `
    + `(each in a fresh process)${BATCH ? `; the batch yields every ${BATCH}` : ''}`);
  for (const [k, s] of Object.entries(summary)) {
    console.log(`  ${k.padEnd(16)} ${(s.perSecond / 1000).toFixed(1).padStart(7)} k/s   wasm memory ${s.wasmMB.toFixed(1).padStart(6)} MB   `
      + `RSS ${s.rssMB.toFixed(0).padStart(5)} MB   GC ${s.gcMs.toFixed(0).padStart(6)} ms`);
  }
  for (const shape of ['server', 'batch']) {
    console.log(`  ${shape}: dropped / freed ${(summary[`${shape}:dropped`].perSecond / summary[`${shape}:free`].perSecond).toFixed(2)}×`);
  }
  console.log(`load average before ${loadBefore}, after ${loadAfter}`);
}
