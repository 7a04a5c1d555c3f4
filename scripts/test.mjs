#!/usr/bin/env node
// `npm test`: installs what is missing, then runs every check and prints a pass/fail summary.
// Exits non-zero if any step fails. Steps after a failed build that need its output are skipped.
// Usage: node scripts/test.mjs [--only name,name] [--skip name,name]   (names as in the summary)
import { spawnSync } from 'node:child_process';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const listArg = (flag) => {
  const i = argv.indexOf(flag);
  if (i < 0) return null;
  if (argv[i + 1] === undefined) {
    console.error(`npm test: ${flag} needs a comma-separated list of step names`);
    process.exit(2);
  }
  return new Set(argv[i + 1].split(','));
};
const only = listArg('--only');
const skip = listArg('--skip') ?? new Set();
const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };
const node = process.execPath;

// [name, command, args, needs (names of steps whose success is required)]
const steps = [
  ['setup', 'bash', ['scripts/setup.sh'], []],
  ['cargo fmt', 'cargo', ['fmt', '--all', '--check'], []],
  ['clippy native', 'cargo', ['clippy', '--workspace', '--all-targets', '--', '-D', 'warnings'], []],
  // The wasm binding is empty on a native target: check it (and the crates under it) for wasm32.
  ['clippy wasm32', 'cargo', ['clippy', '--target', 'wasm32-unknown-unknown', '-p', 'xiangqi-wasm', '--', '-D', 'warnings'], []],
  // The rules-only entry's feature set (scripts/wasm-flags.mjs) is another build: checked too.
  ['clippy wasm32 rules', 'cargo', ['clippy', '--target', 'wasm32-unknown-unknown', '-p', 'xiangqi-wasm', '--no-default-features', '--features', 'wasm-notation,wasm-small', '--', '-D', 'warnings'], []],
  // And the board's light build (no search, a board): the one set with the painter and without the engine.
  ['clippy wasm32 view', 'cargo', ['clippy', '--target', 'wasm32-unknown-unknown', '-p', 'xiangqi-wasm', '--no-default-features', '--features', 'wasm-notation,wasm-board,wasm-small', '--', '-D', 'warnings'], []],
  ['cargo test', 'cargo', ['test', '--workspace'], []],
  // The rules crate's size feature `small` (on in the rules-only wasm): the same keys, the same moves.
  ['cargo test small', 'cargo', ['test', '-p', 'xiangqi', '--features', 'small', '--lib'], []],
  ['perft release', 'cargo', ['test', '--release', '-p', 'xiangqi', '--test', 'rules', 'perft', '--', '--include-ignored'], []],
  // The neural evaluation in wasm (with and without simd128) evaluates as natively: builds crates/nnue-probe.
  ['nnue wasm', node, ['--test', '--test-reporter=spec', 'tests/nnue/'], []],
  // What the compiler cannot check about the house: see tests/repo/.
  ['repo checks', node, ['--test', '--test-reporter=spec', 'tests/repo/'], []],
  ['differential', node, ['scripts/differential.mjs', '--positions', '10000'], []],
  ['wasm build', node, ['scripts/build.mjs'], []],
  ['size budget', node, ['scripts/size.mjs'], ['wasm build']],
  ['types (tsc)', 'tsc', ['--noEmit', '-p', 'tests/types/tsconfig.json'], ['wasm build']],
  ['types (tsc es2022)', 'tsc', ['--noEmit', '-p', 'tests/types/tsconfig.es2022.json'], ['wasm build']],
  ['js tests', node, ['--expose-gc', '--test', '--test-reporter=spec', 'tests/js/'], ['wasm build']],
  ['package tests', node, ['--test', '--test-reporter=spec', 'tests/package/'], ['wasm build']],
  // Builds the crate once more with the test-only feature `panic-probe` (about 12 s) and makes it panic.
  ['panic hook', node, ['--test', '--test-reporter=spec', 'tests/panic/'], ['wasm build']],
  ['browser tests', node, ['--test', '--test-reporter=spec', 'tests/e2e/'], ['wasm build']],
];

// A name that is no step (a typo, a renamed step) must not pass as "all 0 steps passed".
const known = new Set(steps.map(([name]) => name));
for (const [flag, names] of [['--only', only], ['--skip', skip]]) {
  const unknown = [...(names ?? [])].filter((n) => !known.has(n));
  if (unknown.length) {
    console.error(`npm test: unknown step ${unknown.map((n) => JSON.stringify(n)).join(', ')} in ${flag}; steps: ${[...known].join(', ')}`);
    process.exit(2);
  }
}

const results = new Map();
const t0 = Date.now();
for (const [name, cmd, args, needs] of steps) {
  if ((only && !only.has(name)) || skip.has(name)) continue;
  const missing = needs.filter((n) => results.has(n) && results.get(n).status !== 'pass');
  if (missing.length) {
    results.set(name, { status: 'skip', secs: 0, note: `needs ${missing.join(', ')}` });
    continue;
  }
  console.log(`\n=== ${name}: ${cmd === node ? 'node' : cmd} ${args.join(' ')}`);
  const start = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  const secs = (Date.now() - start) / 1000;
  const ok = r.status === 0;
  results.set(name, { status: ok ? 'pass' : 'FAIL', secs, note: ok ? '' : r.error?.message ?? `exit ${r.status}` });
  if (name === 'setup' && !ok) break; // nothing else can run without the toolchain
}

console.log('\n=== summary');
for (const [name, { status, secs, note }] of results) {
  console.log(`  ${status.padEnd(4)}  ${name.padEnd(16)} ${secs.toFixed(1).padStart(7)} s  ${note}`);
}
const failed = [...results.values()].filter((r) => r.status !== 'pass').length;
const passed = results.size - failed;
const total = ((Date.now() - t0) / 1000).toFixed(0);
console.log(failed ? `\nnpm test: FAILED (${failed} of ${results.size} steps did not pass) in ${total} s`
  : `\nnpm test: all ${results.size} steps passed in ${total} s`);
// The plain closing line CI reads: steps, not individual tests (each step prints its own counts above).
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
