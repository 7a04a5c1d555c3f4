#!/usr/bin/env node
// Builds the npm package into pkg/: one package for browsers, bundlers and Node (ESM and CommonJS).
//
//   wasm-pack --target web --weak-refs  -> target/wasm-pack/{full,rules,view}/: the three wasm builds
//                                          (WASM_BUILDS in scripts/wasm-flags.mjs) and their generated bindings
//   scripts/pkg-postprocess.mjs          -> pkg/: the package, assembled from them and js/ (entries, declarations,
//                                          the CommonJS entries bundled by rolldown, the `exports` map)
//   vite build (www/vite.config.js)      -> www/dist/: the lesson embed's page, then the demo app (skip with --no-www)
//
// The wasm is built for size (the flags are in scripts/wasm-flags.mjs, measured with scripts/size.mjs); the native
// release profile stays at opt-level 3 for perft speed. Usage: node scripts/build.mjs [--dev] [--no-www]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WASM_BUILDS, WASM_FEATURES, WASM_OPT } from './wasm-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');

const env = {
  ...process.env,
  // wasm-opt comes from the npm package `binaryen` (Debian's is too old); wasm-pack finds it on PATH.
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
};

function run(cmd, argv, extraEnv = {}) {
  console.error(`[build] ${cmd} ${argv.join(' ')}`);
  const r = spawnSync(cmd, argv, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[build] ${cmd} failed (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

// wasm-bindgen's own declarations are not used (--no-typescript): they are hand-written (src/types.d.ts,
// src/board.d.ts, js/*.d.ts). The rustc opt-level is set for these builds only.
for (const { name, outName, cargoArgs, optLevel, targetDir, rustflags } of WASM_BUILDS) {
  const outDir = join('target', 'wasm-pack', name);
  run('wasm-pack', [
    'build', '--mode', 'no-install', dev ? '--dev' : '--release', '--no-typescript', '--no-pack',
    '--target', 'web', '--weak-refs', '--out-dir', outDir, '--out-name', outName, ...(cargoArgs.length ? ['--', ...cargoArgs] : []),
  ], { CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel, ...(targetDir ? { CARGO_TARGET_DIR: join(root, targetDir) } : {}),
    ...(rustflags ? { CARGO_ENCODED_RUSTFLAGS: rustflags.join('\x1f') } : {}) });
  if (!dev && WASM_OPT.join(' ') !== 'none') {
    const wasmFile = join(root, outDir, `${outName}_bg.wasm`);
    run('wasm-opt', [...WASM_OPT, ...WASM_FEATURES, wasmFile, '-o', wasmFile]);
  }
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
  // The demo app and the lesson embed: www/ -> www/dist/ (see www/vite.config.js): the embed's page first, on its
  // own (it runs on the light wasm), then the app, which precaches both.
  for (const part of ['embed', 'app']) {
    run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config',
      join(root, 'www', 'vite.config.js'), '--logLevel', 'warn'], { XIANGQI_WWW_PART: part });
  }
  console.error('[build] www/dist/ is ready');
}
