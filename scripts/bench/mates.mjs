#!/usr/bin/env node
// Mate-finding times of the package's wasm under Node, the counterpart of the native `xiangqi mates`: for each
// puzzle of tests/data/mates.jsonl, the time until the search first reports the exact mate distance, with the
// same limits (depth 2·N + 6, 10 s, a fresh game each); then per distance the median and the longest time, and
// how many were missed. (The nodes/s of the same build are `npm run bench:search`, scripts/bench/search-speed.mjs,
// which superseded the rest of the Node-only search bench this was part of.)
// Usage: node scripts/bench/mates.mjs [PKG_DIR]     (PKG_DIR defaults to pkg/, built by `npm run build`)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, median } from './common.mjs';

const pkgDir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'pkg');
const { Engine } = await import(pathToFileURL(join(pkgDir, 'node.mjs')).href);

const records = readFileSync(join(root, 'tests', 'data', 'mates.jsonl'), 'utf8').trim().split('\n')
  .map((line) => JSON.parse(line));
const engine = new Engine({ hashMb: 16 });
const times = {};
let missed = 0;
for (const r of records) {
  engine.newGame();
  const start = performance.now();
  let found = null;
  engine.search(r.fen, [], { depth: 2 * r.mate_in + 6, timeMs: 10000 }, (p) => {
    if (found === null && p.score.mate === r.mate_in) found = performance.now() - start;
  });
  if (found === null) missed += 1;
  else (times[r.mate_in] ??= []).push(found);
}
engine.free();
console.log(`wasm under Node ${process.version}, ${pkgDir}`);
for (const [n, ms] of Object.entries(times)) {
  console.log(`mate in ${n}: ${ms.length} puzzles, median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`);
}
console.log(`missed: ${missed}`);
