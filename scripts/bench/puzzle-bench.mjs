#!/usr/bin/env node
// <xiangqi-puzzle> in Chromium on a phone-sized page (390 × 844, device scale 3): the time from a correct move to
// the verdict (the `correct` event's `ms`: from the board's move event to the verdict shown) for every mate of
// tests/data/mates.jsonl up to 5 solver moves, as a `goal="mate"` exercise without a written line (the element
// proves everything itself, in its worker). Each exercise is played along the prover's shortest line, in two ways:
//   - "at once": every move played as soon as the board takes it (the worst case: the proof of the position's good
//     moves, started when the solver's turn begins, may still be running);
//   - "after 1 s": one second of "thinking" before each move (a reader's pace; the proof is usually done).
// Prints the distribution (median, p90, max) of each, and per mate length.
//
// Usage: node scripts/bench/puzzle-bench.mjs [--max 5] [--json]   (after `npm run build`)
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { servePackage, launch } from '../../tests/support/browser.mjs';
import { root, numberOption, hasFlag, median, quantile } from './common.mjs';

const MAX = numberOption('--max', 5);
const json = hasFlag('--json');
if (!existsSync(join(root, 'pkg', 'puzzle.js'))) {
  console.error('pkg/puzzle.js missing: run node scripts/build.mjs');
  process.exit(1);
}
const mates = readFileSync(join(root, 'tests', 'data', 'mates.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
  .filter((m) => m.mate_in <= MAX);

const server = await servePackage(root);
const browser = await launch();
const results = { atOnce: [], thinking: [] };
try {
  for (const [mode, pause] of [['atOnce', 0], ['thinking', 1000]]) {
    for (const m of mates) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
        reducedMotion: 'reduce' });
      const page = await context.newPage();
      const url = `${server.url}puzzle-bench.html`;
      await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { MateProver } from '/pkg/xiangqi_wasm.js';
import '/pkg/puzzle.js';
window.MateProver = MateProver;
const el = document.querySelector('xiangqi-puzzle');
el.defenceDelay = 0;
window.correct = [];
el.addEventListener('correct', (e) => window.correct.push(e.detail.ms));
await el.ready;
window.ready = true;
</script></head><body style="margin:0"><xiangqi-puzzle goal="mate" moves="${m.mate_in}" fen="${m.fen}"></xiangqi-puzzle></body></html>` }));
      await page.goto(url);
      await page.waitForFunction(() => window.ready === true, null, { timeout: 60000 });
      for (let k = 0; k < m.mate_in; k++) {
        await page.waitForFunction(() => ['solving', 'solved'].includes(document.querySelector('xiangqi-puzzle').state.status),
          null, { timeout: 60000 });
        if ((await page.evaluate(() => document.querySelector('xiangqi-puzzle').state.status)) === 'solved') break;
        if (pause) await page.waitForTimeout(pause);
        const move = await page.evaluate(() => {
          const el = document.querySelector('xiangqi-puzzle');
          const prover = new window.MateProver();
          const left = el.state.mateIn - Math.floor(el.state.moves.length / 2);
          try {
            for (let n = 1; n <= left; n++) {
              const found = prover.matingMoves(el.state.fen, n);
              if (found.length) return found[0];
            }
            return null;
          } finally {
            prover.free();
          }
        });
        for (const sq of [move.slice(0, 2), move.slice(2)]) {
          const { x, y } = await page.evaluate((s) => document.querySelector('xiangqi-puzzle').board.board.pointOf(s), sq);
          await page.mouse.click(x, y);
        }
        await page.waitForFunction((n) => window.correct.length === n, k + 1, { timeout: 120000 });
      }
      const ms = await page.evaluate(() => window.correct);
      for (const x of ms) results[mode].push({ id: m.id, mateIn: m.mate_in, ms: x });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const summary = (xs) => ({ n: xs.length, median: median(xs), p90: quantile(xs, 0.9), max: Math.max(...xs),
  under150: xs.filter((x) => x <= 150).length });
const out = {};
for (const mode of Object.keys(results)) {
  out[mode] = { all: summary(results[mode].map((r) => r.ms)) };
  for (let n = 1; n <= MAX; n++) {
    const xs = results[mode].filter((r) => r.mateIn === n).map((r) => r.ms);
    if (xs.length) out[mode][`mate${n}`] = summary(xs);
  }
  out[mode].slowest = [...results[mode]].sort((a, b) => b.ms - a.ms).slice(0, 3);
}
if (json) console.log(JSON.stringify(out, null, 2));
else {
  const f = (x) => `${x.toFixed(1)} ms`;
  for (const [mode, s] of Object.entries(out)) {
    console.log(`${mode === 'atOnce' ? 'moves played at once' : 'after 1 s of thinking'}:`);
    for (const [k, v] of Object.entries(s)) {
      if (k === 'slowest') console.log(`  slowest: ${v.map((r) => `${r.id} ${f(r.ms)}`).join(', ')}`);
      else console.log(`  ${k.padEnd(6)} n=${v.n} median ${f(v.median)}, p90 ${f(v.p90)}, max ${f(v.max)}, ≤150 ms: ${v.under150}/${v.n}`);
    }
  }
}
