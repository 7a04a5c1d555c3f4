#!/usr/bin/env node
// `npm run bench`: speed of the JS API from Node (the built pkg/), median of several runs.
//   legalMoves() at the start, legalMoves({ verbose: true }), play+undo, new Game(fen) (dropped, and freed),
//   enforce-mode play that rules a repetition, a search call on a 100-move game (the worker's slices),
//   and perft from JS on the start position and two middle games of the published suite, compared with the
//   native CLI (`target/release/xiangqi perft-bench`) when it has been built, alternating rounds.
// Usage: node scripts/bench/bench.mjs [--depth N] [--runs N]      (defaults: depth 4, 5 runs)
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Game, Engine, perft, startFen } from '../../pkg/node.mjs';
import { root, numberOption, median } from './common.mjs';

const DEPTH = numberOption('--depth', 4);
const RUNS = numberOption('--runs', 5);
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Runs `fn` in batches for ~`ms` per run, RUNS times; returns the median calls per second. */
function opsPerSec(fn, ms = 400) {
  for (let i = 0; i < 200; i++) fn(); // warm-up
  const rates = [];
  for (let r = 0; r < RUNS; r++) {
    let n = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let i = 0; i < 100; i++) fn();
      n += 100;
      now = performance.now();
    }
    rates.push((n / (now - start)) * 1000);
  }
  return median(rates);
}

const MIDDLE_1 = 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1';
const MIDDLE_2 = '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1';

console.log(`xiangqi-wasm JS bench (Node ${process.version}, median of ${RUNS} runs)\n`);
const g = new Game();
const fen = startFen();
// A long reversible span: 160 plies of horses going out and back (the start position recurs 40 times; the
// repetition count is raised so that the game goes on), then a move that repeats a position of the span.
const span = new Game(null, { repetitionCount: 100, moveLimit: 0 });
for (let i = 0; i < 40; i++) for (const m of ['h0g2', 'h9g7', 'g2h0', 'g7h9']) span.play(m);
const engine = new Engine({ hashMb: 16 });
// Enforce mode (rulings case R05): Black's h7i7 completes the repetition that condemns Red's chase, so playing
// it rules the repetition (once before the move, once as the game's ending).
const enforce = new Game('4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1', { mode: 'enforce' });
for (const m of ['h4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4']) enforce.play(m);
// The engine asked about the same 100-move game again (as the worker does every 25 ms slice).
const hundred = span.history().slice(0, 100);
const slicer = new Engine({ hashMb: 1 });
const rows = [
  ['legalMoves() at the start', () => g.legalMoves()],
  ['legalMoves({ verbose: true })', () => g.legalMoves({ verbose: true })],
  ['play("h2e2") + undo()', () => { g.play('h2e2'); g.undo(); }],
  ['isLegal("h2e2")', () => g.isLegal('h2e2')],
  ['new Game(fen), dropped (GC frees)', () => new Game(fen)],
  ['new Game(fen) + free()', () => new Game(fen).free()],
  ['fen()', () => g.fen()],
  ['dests()', () => g.dests()],
  ['play + outcome() + undo, 160-ply span', () => { span.play('h0g2'); span.outcome(); span.undo(); }],
  ['enforce: play ruling a repetition+undo', () => { enforce.play('h7i7'); enforce.undo(); }],
  ['Engine.search(null, 100 moves, nodes: 1)', () => slicer.search(null, hundred, { nodes: 1 })],
  ['pgn() after 160 plies (Chinese)', () => span.pgn()],
  ['parseMove("马二进三")', () => g.parseMove('马二进三')],
];
for (const [name, fn] of rows) console.log(`${name.padEnd(40)} ${fmt(opsPerSec(fn)).padStart(12)} calls/s`);
{
  // Hint engine: nodes per second at a fixed depth from the start position (a fresh table each run).
  const rates = [];
  for (let r = 0; r < RUNS; r++) {
    engine.newGame();
    const t0 = performance.now();
    const res = engine.search(null, [], { depth: 7 });
    rates.push(res.nodes / ((performance.now() - t0) / 1000));
  }
  console.log(`${'Engine.search depth 7 from the start'.padEnd(40)} ${fmt(median(rates)).padStart(12)} nodes/s`);
}

// perft: wasm (from JS) and the native CLI on the same three positions, alternating so that both see the same
// machine load; medians of the totals.
console.log(`\nperft (depth ${DEPTH}): wasm from JS vs native, alternating, median of ${Math.min(RUNS, 3)} rounds`);
const native = join(root, 'target', 'release', process.platform === 'win32' ? 'xiangqi.exe' : 'xiangqi');
const hasNative = existsSync(native);
const wasmRounds = [];
const nativeRounds = [];
let nodes = 0;
for (let r = 0; r < Math.min(RUNS, 3); r++) {
  let secs = 0;
  nodes = 0;
  for (const f of [fen, MIDDLE_1, MIDDLE_2]) {
    const s = performance.now();
    nodes += perft(f, DEPTH);
    secs += (performance.now() - s) / 1000;
  }
  wasmRounds.push(nodes / secs / 1e6);
  if (hasNative) {
    const out = execFileSync(native, ['perft-bench', '--depth', String(DEPTH)], { encoding: 'utf8' });
    const m = /= *([\d.]+) Mnps\s*$/.exec(out.trim());
    if (m) nativeRounds.push(Number(m[1]));
  }
}
const wasmMnps = median(wasmRounds);
console.log(`wasm   ${fmt(nodes)} nodes: ${wasmMnps.toFixed(1)} Mnps (rounds: ${wasmRounds.map((x) => x.toFixed(1)).join(', ')})`);
if (nativeRounds.length) {
  const nativeMnps = median(nativeRounds);
  console.log(`native ${fmt(nodes)} nodes: ${nativeMnps.toFixed(1)} Mnps (target/release/xiangqi perft-bench --depth ${DEPTH}; rounds: ${nativeRounds.map((x) => x.toFixed(1)).join(', ')})`);
  console.log(`native / wasm = ${(nativeMnps / wasmMnps).toFixed(2)}x`);
} else {
  console.log('(build the native CLI with `cargo build --release` for a native comparison)');
}
