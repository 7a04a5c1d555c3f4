#!/usr/bin/env node
// Differential test against Fairy-Stockfish (pyffish, a GPL program used only as an oracle process in the
// ignored virtual environment .venv-oracle/; never shipped). The `oracle_positions` example plays games
// (random, engine at depth 1-2, random placements) and prints what this crate says about every position;
// scripts/differential.py compares legal-move sets, check, checkmate and stalemate, and perft(2)/perft(3)
// on sampled positions, with pyffish. A step of `npm test` (10,000 positions); fails loudly if pyffish cannot
// be installed, never skips.
// Usage: node scripts/differential.mjs [--positions N (10000)] [--seed S (1)] [--perft-every K (500)]
//        [--jobs J (2)] [--release]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (flag, dflt) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : dflt;
};
const positions = arg('--positions', '10000');
const release = argv.includes('--release');
const fail = (msg) => {
  console.error(`\ndifferential: FAILED: ${msg}\n`);
  process.exit(1);
};

const setup = spawnSync('bash', ['scripts/setup.sh', 'oracle'], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) {
  fail('pyffish (Fairy-Stockfish) could not be installed into .venv-oracle/ (see above); '
    + 'the differential test cannot run. It needs python3 -m venv and PyPI.');
}
const build = spawnSync('cargo', ['build', ...(release ? ['--release'] : []), '-p', 'xiangqi-engine', '--example', 'oracle_positions'],
  { cwd: root, stdio: 'inherit' });
if (build.status !== 0) fail('cargo build --example oracle_positions failed');

mkdirSync(join(root, 'target'), { recursive: true });
const bin = join(root, 'target', release ? 'release' : 'debug', 'examples', 'oracle_positions');
const r = spawnSync(join(root, '.venv-oracle', 'bin', 'python'), [
  'scripts/differential.py', '--expect', positions, '--jobs', arg('--jobs', '2'),
  '--', bin, '--positions', positions, '--seed', arg('--seed', '1'), '--perft-every', arg('--perft-every', '500'),
], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) fail(r.error?.message ?? `mismatches or errors (exit ${r.status}); see above`);
