#!/usr/bin/env node
// Prints the raw, gzip (level 9) and brotli sizes of what a browser downloads from pkg/: the .wasm and the JS glue,
// and checks the budget of the package (rules + adjudication + clock + notation and records + hint engine).
//
// Usage: node scripts/size.mjs [--json]           (after `npm run build`)
//        node scripts/size.mjs --breakdown [--json]
//   --breakdown also builds the wasm without the optional parts of the binding (cargo features `wasm-search` and
//   `wasm-notation`, see Cargo.toml) into a temporary directory, the same way scripts/build.mjs does, and reports
//   rules-only / + search / + notation / full (and without the board, feature `wasm-board`, to report the board's
//   share: its wasm growth plus its JS), checking the rules-only budget. It takes several minutes (three
//   release builds); `npm test` runs the plain form.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = ['xiangqi_wasm_bg.wasm', 'xiangqi_wasm.js'];
/** The rules API alone (board, moves, FEN, adjudication, clock): issue 3's budget. */
const BUDGET_RULES_GZIP = 120 * 1024;
/** The whole package, with the hint engine, the notation / record API and the board painter (about 20 KB of it;
 * ffish ships 309 KB gzipped). */
const BUDGET_FULL_GZIP = 215 * 1024;
const json = process.argv.includes('--json');
/** The board's own JS (the worker files are not the board's). */
const BOARD_JS = ['board.js'];

function measure(dir) {
  const rows = files.map((f) => {
    const buf = readFileSync(join(dir, f));
    return {
      file: f,
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const total = rows.reduce((t, r) => ({ file: 'total (wasm + web glue)', raw: t.raw + r.raw, gzip: t.gzip + r.gzip,
    brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return [...rows, total];
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);

function print(title, rows) {
  console.log(`${title.padEnd(26)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`);
  for (const r of rows) console.log(`${r.file.padEnd(26)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}`);
}

/** Builds the package with `features` (cargo, default features off) into a temporary directory. */
function buildVariant(features) {
  const out = mkdtempSync(join(tmpdir(), 'xiangqi-size-'));
  const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
    CARGO_PROFILE_RELEASE_OPT_LEVEL: process.env.XIANGQI_WASM_OPT_LEVEL ?? 's' };
  const run = (cmd, argv) => {
    const r = spawnSync(cmd, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.error?.message ?? `exit ${r.status}`})`);
  };
  run('wasm-pack', ['build', '--mode', 'no-install', '--release', '--target', 'web', '--weak-refs', '--out-dir', out,
    '--out-name', 'xiangqi_wasm', '--no-pack', '--', '--no-default-features',
    ...(features.length ? ['--features', features.join(',')] : [])]);
  const wasm = join(out, 'xiangqi_wasm_bg.wasm');
  run('wasm-opt', ['-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
    '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', wasm, '-o', wasm]);
  const rows = measure(out);
  rmSync(out, { recursive: true, force: true });
  return rows;
}

const full = measure(join(root, 'pkg'));
let ok = full.at(-1).gzip < BUDGET_FULL_GZIP;
const report = { full };
if (process.argv.includes('--breakdown')) {
  for (const [name, features] of [['rules', []], ['rules+search', ['wasm-search']],
    ['rules+notation', ['wasm-notation']], ['no-board', ['wasm-search', 'wasm-notation']]]) {
    console.error(`[size] building ${name} ...`);
    report[name] = buildVariant(features);
  }
  ok &&= report.rules.at(-1).gzip < BUDGET_RULES_GZIP;
}
if (json) {
  console.log(JSON.stringify(report));
} else {
  for (const [name, rows] of Object.entries(report)) {
    print(name === 'full' ? 'pkg/ (the package)' : `${name} only`, rows);
    console.log();
  }
  if (report.rules) {
    const t = (k) => report[k].at(-1).gzip;
    console.log(`gzip: rules ${kb(t('rules')).trim()}; the search adds ${kb(t('rules+search') - t('rules')).trim()}, `
      + `the notation and records ${kb(t('rules+notation') - t('rules')).trim()}; full ${kb(t('full')).trim()}`);
    const js = BOARD_JS.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'pkg', f)), { level: 9 }).length, 0);
    const wasmGrowth = t('full') - t('no-board');
    console.log(`the board: wasm + glue ${kb(wasmGrowth).trim()} + its JS (${BOARD_JS.join(', ')}) ${kb(js).trim()} `
      + `= ${kb(wasmGrowth + js).trim()} gzipped`);
    console.log(`budget rules-only: < ${kb(BUDGET_RULES_GZIP).trim()} gzipped -> `
      + `${t('rules') < BUDGET_RULES_GZIP ? 'OK' : 'OVER BUDGET'}`);
  }
  console.log(`budget package: < ${kb(BUDGET_FULL_GZIP).trim()} gzipped -> `
    + `${full.at(-1).gzip < BUDGET_FULL_GZIP ? 'OK' : 'OVER BUDGET'}`);
}
process.exit(ok ? 0 : 1);
