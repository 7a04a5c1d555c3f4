#!/usr/bin/env node
// A/B benchmark of two built packages in one run (the same machine load for both): the JS calls whose cost a
// refactor of the binding or the adjudicator changes — enforce-mode play that rules a repetition, the Engine
// asked about the same 100-move game again (the worker's 25 ms slices) — and search speed in repetition-heavy
// positions (the repetition judge), alternating A and B; medians. The searches must give the same answer.
// Usage: node scripts/bench/bench-ab.mjs <pkgA> <pkgB>    (e.g. a copy of pkg/ built from main, and pkg/)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './common.mjs';

const [dirA, dirB] = process.argv.slice(2).map((d) => pathToFileURL(resolve(d)).href);
if (!dirA || !dirB) {
  console.error('usage: node scripts/bench/bench-ab.mjs <pkgA> <pkgB>');
  process.exit(2);
}
const A = await import(`${dirA}/node.mjs`);
const B = await import(`${dirB}/node.mjs`);
const RUNS = 9;
function rate(fn, ms = 300) {
  let n = 0; const s = performance.now(); let now = s;
  while (now - s < ms) { for (let i = 0; i < 20; i++) fn(); n += 20; now = performance.now(); }
  return n / ((now - s) / 1000);
}
function cases(P) {
  const enforce = new P.Game(null, { mode: 'enforce', repetitionCount: 100, moveLimit: 0 });
  for (let i = 0; i < 40; i++) for (const m of ['h0g2', 'h9g7', 'g2h0', 'g7h9']) enforce.play(m);
  // R05 chase in enforce mode, Black to move: h7i7 completes the repetition that condemns Red (allowed).
  const chase = new P.Game('4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1', { mode: 'enforce' });
  for (const m of ['h4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4']) chase.play(m);
  const adj = new P.Game('4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1');
  for (const m of ['h4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4']) adj.play(m);
  const plain = new P.Game();
  const hist = [];
  { const g = new P.Game(null, { moveLimit: 0, repetitionCount: 100 }); for (let i = 0; i < 25; i++) for (const m of ['h0g2', 'h9g7', 'g2h0', 'g7h9']) { g.play(m); hist.push(m); } }
  const engine = new P.Engine({ hashMb: 1 });
  const histGame = new P.Game(null, { moveLimit: 0, repetitionCount: 100 });
  for (const m of hist) histGame.play(m);
  return [
    ['enforce: play+undo, 160-ply span', () => { enforce.play('h0g2'); enforce.undo(); }],
    ['enforce: isLegal+validate, move completing a rep.', () => { chase.isLegal('h7i7'); chase.validate('h7i7'); }],
    ['enforce: play completing a repetition + undo', () => { chase.play('h7i7'); chase.undo(); }],
    ['adjudicate: play completing a repetition + undo', () => { adj.play('h7i7'); adj.undo(); }],
    ['adjudicate: play("h2e2")+undo', () => { plain.play('h2e2'); plain.undo(); }],
    ['Engine.search(null, 100 moves, nodes 1)', () => engine.search(null, hist, { nodes: 1 })],
    ['Engine.search(game of 100 moves, nodes 1)', () => engine.search(histGame, { nodes: 1 })],
  ];
}
const ca = cases(A), cb = cases(B);
const ra = ca.map(() => []), rb = cb.map(() => []);
for (let r = 0; r < RUNS; r++) {
  ca.forEach(([, f], i) => ra[i].push(rate(f)));
  cb.forEach(([, f], i) => rb[i].push(rate(f)));
}
console.log(`A = ${dirA}\nB = ${dirB}\nmedian calls/s of ${RUNS} alternating rounds`);
ca.forEach(([name], i) => {
  const a = median(ra[i]), b = median(rb[i]);
  console.log(`${name.padEnd(50)} A ${Math.round(a).toString().padStart(9)}  B ${Math.round(b).toString().padStart(9)}  B/A ${(b / a).toFixed(2)}`);
});

const searches = [
  ['R12 cxa depth 7', '4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1', 'i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4'.split(' '), 'cxa', 7],
  ['R05 axf depth 8', '4k4/9/8c/9/9/7R1/9/9/9/3K5 w - - 0 1', 'h4i4 i7h7 i4h4 h7i7'.split(' '), 'axf', 8],
];
console.log('\nEngine.search from a fresh engine, median nodes/s of 5 alternating runs');
for (const [name, fen, moves, rules, depth] of searches) {
  const rates = { A: [], B: [] };
  const nodes = {};
  for (let r = 0; r < 5; r++) {
    for (const [k, P] of [['A', A], ['B', B]]) {
      const g = new P.Game(fen, { rules });
      for (const m of moves) g.play(m);
      const e = new P.Engine({ hashMb: 16 });
      const t = performance.now();
      const res = e.search(g, { depth });
      rates[k].push(res.nodes / ((performance.now() - t) / 1000));
      nodes[k] = [res.nodes, res.move, JSON.stringify(res.score)];
      e.free(); g.free();
    }
  }
  console.log(`${name.padEnd(18)} A ${Math.round(median(rates.A))} nodes/s  B ${Math.round(median(rates.B))} nodes/s  B/A ${(median(rates.B) / median(rates.A)).toFixed(2)}  same answer: ${JSON.stringify(nodes.A) === JSON.stringify(nodes.B)} ${JSON.stringify(nodes.B)}`);
}
