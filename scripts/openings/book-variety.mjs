#!/usr/bin/env node
// Measures the levels' opening variety (docs/openings.md, "The levels' book"): for each level of the app
// (www/src/levels.js), 20 games from the start with seeds 1-20, the level playing both sides for the first eight
// plies (four moves each) — with its book (www/src/book.js over the package's explorer data), and without (the
// engine alone, as before the book) — and counts the distinct sequences of the first four plies and of the first
// four moves (eight plies). The engine's searches use the level's skill with a fixed depth instead of its time (6,
// or the level's own cap below full strength), so that the figures do not depend on the machine.
//
// Usage: node scripts/build.mjs --no-www && node scripts/openings/book-variety.mjs [--games 20]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { Game, Engine } = await import(join(root, 'pkg', 'node.mjs'));
const { OpeningExplorer } = await import(join(root, 'pkg', 'openings.js'));
const { LEVELS } = await import(join(root, 'www', 'src', 'levels.js'));
const { levelBookMove } = await import(join(root, 'www', 'src', 'book.js'));

const args = process.argv.slice(2);
const games = Number(args[args.indexOf('--games') + 1] || 20) || 20;
const explorer = new OpeningExplorer(readFileSync(join(root, 'pkg', 'openings-data.json'), 'utf8'));
const engine = new Engine({ hashMb: 16 });

function play(level, seed, withBook) {
  const g = new Game();
  try {
    for (let ply = 0; ply < 8; ply++) {
      const book = withBook ? levelBookMove({ explorer, game: g, level, seed }) : null;
      const move = book ?? engine.search(g.fen(), [], { skill: level.limits.skill, depth: 6, seed: seed + ply }).move;
      g.play(move);
    }
    return g.history();
  } finally {
    g.free();
  }
}

console.log(`level      book plies  distinct first 4 plies / 4 moves (of ${games}), with the book | without`);
for (const level of LEVELS) {
  const row = [];
  for (const withBook of [true, false]) {
    const lines = [];
    for (let seed = 1; seed <= games; seed++) {
      engine.newGame?.();
      lines.push(play(level, seed, withBook));
    }
    const distinct = (n) => new Set(lines.map((l) => l.slice(0, n).join(' '))).size;
    row.push(`${distinct(4)} / ${distinct(8)}`);
  }
  console.log(`${level.id.padEnd(10)} ${String(level.book.plies).padStart(10)}  ${row[0].padStart(12)} | ${row[1]}`);
}
engine.free();
