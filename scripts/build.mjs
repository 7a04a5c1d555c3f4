#!/usr/bin/env node
// Builds the npm package into pkg/: one package for browsers, bundlers and Node (ESM and CommonJS).
//
//   wasm-pack --target web --weak-refs  -> pkg/xiangqi_wasm.js (+ .wasm, .d.ts): the browser/bundler entry
//   scripts/pkg-postprocess.mjs          -> pkg/node.mjs, pkg/node.cjs and the `exports` map
//
// The wasm is built for size (see WASM_OPT_LEVEL below and the wasm-opt flags in Cargo.toml); the native
// release profile stays at opt-level 3 for perft speed. Usage: node scripts/build.mjs [--dev] [--no-www]
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, existsSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');

// Measured with scripts/size.mjs (see docs/js-api.md, "Size"): rustc opt-level for the wasm build only, and the
// wasm-opt level. Override with XIANGQI_WASM_OPT_LEVEL / XIANGQI_WASM_OPT to compare.
const WASM_OPT_LEVEL = process.env.XIANGQI_WASM_OPT_LEVEL ?? 's';
const WASM_OPT = process.env.XIANGQI_WASM_OPT ?? '-Oz';
const WASM_FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];

const env = {
  ...process.env,
  // wasm-opt comes from the npm package `binaryen` (Debian's is too old); wasm-pack finds it on PATH.
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  CARGO_PROFILE_RELEASE_OPT_LEVEL: WASM_OPT_LEVEL,
};

function run(cmd, argv) {
  console.error(`[build] ${cmd} ${argv.join(' ')}`);
  const r = spawnSync(cmd, argv, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[build] ${cmd} failed (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

run('wasm-pack', [
  'build', '--mode', 'no-install', dev ? '--dev' : '--release',
  '--target', 'web', '--weak-refs', '--out-dir', 'pkg', '--out-name', 'xiangqi_wasm',
]);
if (!dev && WASM_OPT !== 'none') {
  const wasmFile = join(root, 'pkg', 'xiangqi_wasm_bg.wasm');
  run('wasm-opt', [...WASM_OPT.split(' '), ...WASM_FEATURES, wasmFile, '-o', wasmFile]);
}
run(process.execPath, [join(root, 'scripts', 'pkg-postprocess.mjs')]);

if (!args.includes('--no-www')) {
  // The demo page in www/ imports ./pkg/xiangqi_wasm.js; www/pkg is a build output (git-ignored).
  const dest = join(root, 'www', 'pkg');
  if (existsSync(dest)) rmSync(dest, { recursive: true });
  cpSync(join(root, 'pkg'), dest, { recursive: true });
}
console.error('[build] pkg/ is ready');
