// Search speed and mate-finding times of the wasm build under Node, for comparison with `xiangqi bench`
// and `xiangqi mates`. Needs a Node-loadable build of the package, e.g.
//   wasm-pack build --mode no-install --target nodejs --out-dir /tmp/xq-pkg --release
//   node scripts/wasm-search-bench.cjs /tmp/xq-pkg [DEPTH]
'use strict';
const fs = require('fs');
const path = require('path');
const pkg = path.resolve(process.argv[2] || 'pkg');
const depth = Number(process.argv[3] || 9);
const { Engine } = require(path.join(pkg, 'xiangqi_wasm.js'));
const root = path.join(__dirname, '..');

const fens = fs.readFileSync(path.join(root, 'crates/search/src/bench.rs'), 'utf8')
  .match(/"[^"]+ [wb] - - \d+ \d+"/g).map((s) => JSON.parse(s));
const e = new Engine({ hashMb: 16 });
let nodes = 0;
const t0 = performance.now();
for (const f of fens) { e.newGame(); nodes += e.search(f, [], { depth }).nodes; }
const ms = performance.now() - t0;
console.log(`bench depth ${depth}: ${nodes} nodes in ${ms.toFixed(0)} ms = ${Math.round(nodes / ms * 1000)} nodes/s`);

const recs = fs.readFileSync(path.join(root, 'tests/data/mates.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const by = {};
let missed = 0;
for (const r of recs) {
  e.newGame();
  const start = performance.now();
  let found = null;
  e.search(r.fen, [], { depth: 2 * r.mate_in + 6, timeMs: 10000 }, (p) => {
    if (found === null && p.score.mate === r.mate_in) found = performance.now() - start;
  });
  if (found === null) missed++; else (by[r.mate_in] ??= []).push(found);
}
for (const n of Object.keys(by)) {
  const a = by[n].sort((x, y) => x - y);
  console.log(`mate in ${n}: ${a.length} puzzles, median ${a[a.length >> 1].toFixed(1)} ms, max ${a[a.length - 1].toFixed(1)} ms`);
}
console.log(`missed: ${missed}`);
