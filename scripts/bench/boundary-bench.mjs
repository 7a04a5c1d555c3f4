#!/usr/bin/env node
// The cost of the JS boundary guard (js/guard.js) on calls that succeed, for two built packages in
// one run (the same machine load for both), alternating A and B; medians of 9 rounds, in ms for a fixed number of
// calls. The guard must add nothing measurable: a method (isLegal, through its wrapper), the constructors and the
// module functions (a Proxy's construct trap and a wrapper: a try on the success path).
// Usage: node scripts/bench/boundary-bench.mjs <pkgA> <pkgB>    (e.g. a copy of pkg/ built before a change, and pkg/)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './common.mjs';

const dirs = process.argv.slice(2).map((d) => pathToFileURL(resolve(d)).href);
if (dirs.length !== 2) {
  console.error('usage: node scripts/bench/boundary-bench.mjs <pkgA> <pkgB>');
  process.exit(2);
}
const [A, B] = await Promise.all(dirs.map((d) => import(`${d}/node.mjs`)));
const RUNS = 9;
function cases(P) {
  const game = new P.Game();
  const fen = P.startFen();
  return [
    ['game.isLegal("h2e2") x200k', 200_000, () => game.isLegal('h2e2')],
    ['new Game(fen) + free() x20k', 20_000, () => new P.Game(fen).free()],
    ['new Clock("cxa-6.1") + free() x100k', 100_000, () => new P.Clock('cxa-6.1').free()],
    ['validateFen(fen) x100k', 100_000, () => P.validateFen(fen)],
    ['perft(fen, 1) x20k', 20_000, () => P.perft(fen, 1)],
    ['parsePgn("1. h2e2 h9g7 *") x20k', 20_000, () => P.parsePgn('1. h2e2 h9g7 *')],
  ];
}
const all = [cases(A), cases(B)];
const times = all.map((c) => c.map(() => []));
for (let r = 0; r < RUNS; r++) {
  for (const k of [0, 1]) {
    all[k].forEach(([, n, f], i) => {
      const t = performance.now();
      for (let j = 0; j < n; j++) f();
      times[k][i].push(performance.now() - t);
    });
  }
}
console.log(`A = ${dirs[0]}\nB = ${dirs[1]}\nmedian ms of ${RUNS} alternating rounds`);
all[0].forEach(([name], i) => {
  const a = median(times[0][i]);
  const b = median(times[1][i]);
  console.log(`${name.padEnd(38)} A ${a.toFixed(1).padStart(7)}  B ${b.toFixed(1).padStart(7)}  B/A ${(b / a).toFixed(2)}`);
});
