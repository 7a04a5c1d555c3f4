#!/usr/bin/env node
// Reading a PGN database as a stream: a file of 10,000 games (about 15 MB, made here from the real records of
// tests/data/records — never committed) read through the package's one reader, in Node and in Chromium, in games
// per second: listing every game (readRecords, and RecordReader in batches of 500, what the app's record worker
// does) and opening the last game directly (readRecord with index 9999: the games before it are only split, not
// read). The figures are quoted in docs/records.md. Needs the built package (node scripts/build.mjs).
// Usage: node scripts/records-bench.mjs [--games N] [--runs N] [--no-browser]
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (flag, dflt) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const GAMES = arg('--games', 10_000);
const RUNS = arg('--runs', 3);
const browser = !argv.includes('--no-browser');
if (!(GAMES >= 1 && RUNS >= 1)) {
  console.error('usage: node scripts/records-bench.mjs [--games N] [--runs N] [--no-browser]');
  process.exit(2);
}

const pkg = await import(join(root, 'pkg', 'node.mjs'));

/**
 * The database: the real PGN games (Big5, GBK and UTF-8 files, decoded and written back by the package in Chinese
 * notation with their tags, comments and variations) taken in turn, each with its Event numbered, until there are
 * GAMES of them (about 1.6 KB a game: 10,000 games are about 15 MB).
 */
function database() {
  const texts = [];
  for (const folder of ['big5', 'gbk', 'utf8']) {
    const dir = join(root, 'tests', 'data', 'records', folder);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.pgn')).sort()) {
      const bytes = readFileSync(join(dir, f));
      for (const s of pkg.readRecords(bytes)) {
        if (s.error) continue;
        const g = pkg.RecordReader ? new pkg.RecordReader(bytes).game(s.index) : null;
        texts.push(g.pgn({ lineWidth: 80 }));
        g.free();
      }
    }
  }
  const games = [];
  for (let i = 0; i < GAMES; i++) {
    let t = texts[i % texts.length].replace(/^\[Event "([^"\n]*)"\]/m, (_, e) => `[Event "${e} #${i + 1}"]`);
    if (!/^\[Event /m.test(t)) t = `[Event "#${i + 1}"]\n${t}`;
    games.push(t);
  }
  return games.join('\n');
}

const text = database();
const bytes = new TextEncoder().encode(text);
const mb = (bytes.length / (1 << 20)).toFixed(1);
console.log(`database: ${GAMES} games, ${mb} MB (UTF-8), ${RUNS} runs; median times`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The measurements, in any host that has the package as `P` (Node, or a page). */
function measure(P, bytes, runs) {
  const times = { readRecords: [], reader: [], last: [] };
  let listed = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    listed = P.readRecords(bytes).filter((s) => !s.error).length;
    times.readRecords.push(performance.now() - t);
    t = performance.now();
    const reader = new P.RecordReader(bytes);
    let n = 0;
    while (!reader.done()) n += reader.next(500).length;
    reader.free();
    times.reader.push(performance.now() - t);
    t = performance.now();
    P.readRecord(bytes, { index: n - 1 });
    times.last.push(performance.now() - t);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { listed, readRecords: med(times.readRecords), reader: med(times.reader), last: med(times.last) };
}

function report(host, m) {
  const rate = (ms) => Math.round(GAMES / (ms / 1000)).toLocaleString('en-US');
  console.log(`${host.padEnd(9)} readRecords ${(m.readRecords / 1000).toFixed(2)} s (${rate(m.readRecords)} games/s), `
    + `RecordReader.next(500) ${(m.reader / 1000).toFixed(2)} s (${rate(m.reader)} games/s), `
    + `readRecord(index ${GAMES - 1}) ${(m.last / 1000).toFixed(2)} s; ${m.listed} of ${GAMES} games read`);
}

report('Node', measure(pkg, bytes, RUNS));

if (browser) {
  const { servePackage, launch, openReady } = await import(join(root, 'tests', 'support', 'browser.mjs'));
  const server = await servePackage(root);
  const b = await launch();
  try {
    const { page, errors } = await openReady(b, server.url, 'records-bench');
    const m = await page.evaluate(async ({ text, runs, source }) => {
      const P = await import('/pkg/xiangqi_wasm.js');
      await P.default();
      const measure = new Function(`return (${source})`)();
      return measure(P, new TextEncoder().encode(text), runs);
    }, { text, runs: RUNS, source: measure.toString() });
    report('Chromium', m);
    if (errors.length) console.log(errors.join('\n'));
  } finally {
    await b.close();
    await server.close();
  }
}
void median;
