#!/usr/bin/env node
// Builds the npm package into pkg/: one package for browsers, bundlers and Node (ESM and CommonJS).
//
//   wasm-pack --target web --weak-refs  -> pkg/xiangqi_wasm.js (+ .wasm, .d.ts): the browser/bundler entry
//   scripts/pkg-postprocess.mjs          -> pkg/node.mjs, pkg/node.cjs and the `exports` map
//   vite build (www/vite.config.js)      -> www/dist/: the demo app and the lesson embed (skip with --no-www)
//
// The wasm is built for size (the flags are in scripts/wasm-flags.mjs, measured with scripts/size.mjs); the native
// release profile stays at opt-level 3 for perft speed. Usage: node scripts/build.mjs [--dev] [--no-www]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WASM_FEATURES, WASM_OPT, WASM_OPT_LEVEL } from './wasm-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');

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
if (!dev && WASM_OPT.join(' ') !== 'none') {
  const wasmFile = join(root, 'pkg', 'xiangqi_wasm_bg.wasm');
  run('wasm-opt', [...WASM_OPT, ...WASM_FEATURES, wasmFile, '-o', wasmFile]);
}
run(process.execPath, [join(root, 'scripts', 'pkg-postprocess.mjs')]);

// The app imports the package by its public name, as an app that installed it from npm would:
// node_modules/xiangqi-wasm is a link to pkg/ (what `npm link` would make), so its `exports` map is honoured.
const link = join(root, 'node_modules', 'xiangqi-wasm');
if (!existsSync(join(link, 'package.json'))) {
  rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(join('..', 'pkg'), link, 'dir');
}
console.error('[build] pkg/ is ready');

if (!args.includes('--no-www')) {
  // The demo app and the lesson embed: www/ -> www/dist/ (see www/vite.config.js).
  run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config',
    join(root, 'www', 'vite.config.js'), '--logLevel', 'warn']);
  console.error('[build] www/dist/ is ready');
}
