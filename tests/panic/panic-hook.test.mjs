// The panic hook, for real: a panic in the wasm reports its message and source place with console.error (through
// console_error_panic_hook, installed by the module's start function) before the instance traps. The package has no
// way to panic on purpose (bad input is a typed error), so this builds the same crate with the test-only cargo
// feature `panic-probe` — one more export, `__panicProbe(message)`, which panics — into target/panic-probe/ (about
// 12 s: the dependencies are shared with the package's build), and checks what a panic prints. The shipped package
// (pkg/) must not have the probe, and the probe build must have exactly the package's exports besides it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'target', 'panic-probe');
const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  // The opt-level of scripts/build.mjs, so that the dependencies built for the package are reused.
  CARGO_PROFILE_RELEASE_OPT_LEVEL: process.env.XIANGQI_WASM_OPT_LEVEL ?? 's',
};
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})`);
}
const exportsOf = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name).sort();

test('a panic reports its message and place with console.error, then the instance traps', { timeout: 600_000 }, async () => {
  run('cargo', ['build', '--lib', '--release', '--target', 'wasm32-unknown-unknown', '--features', 'panic-probe']);
  run('wasm-bindgen', ['--target', 'web', '--weak-refs', '--out-dir', out, '--out-name', 'xiangqi_wasm',
    join(root, 'target', 'wasm32-unknown-unknown', 'release', 'xiangqi_wasm.wasm')]);
  const wasmFile = join(out, 'xiangqi_wasm_bg.wasm');
  // The probe is the only difference from the package's exports, and the package has none.
  const shipped = exportsOf(join(root, 'pkg', 'xiangqi_wasm_bg.wasm'));
  assert.ok(!shipped.some((e) => /panic/i.test(e)), `the package exports ${shipped.filter((e) => /panic/i.test(e))}`);
  assert.ok(!readFileSync(join(root, 'pkg', 'xiangqi_wasm.js'), 'utf8').includes('panicProbe'));
  assert.deepEqual(exportsOf(wasmFile).filter((e) => e !== '__panicProbe'), shipped);

  const glue = await import(pathToFileURL(join(out, 'xiangqi_wasm.js')).href);
  glue.initSync({ module: readFileSync(wasmFile) });
  // The module works as the package does before the panic.
  assert.equal(new glue.Game().legalMoves().length, 44);
  const logged = [];
  const original = console.error;
  console.error = (...args) => logged.push(args.map(String).join(' '));
  let thrown;
  try {
    glue.__panicProbe('probe: the board is on fire');
  } catch (e) {
    thrown = e;
  } finally {
    console.error = original;
  }
  // The instance traps (wasm's `unreachable`), as any panic does ...
  assert.ok(thrown instanceof WebAssembly.RuntimeError, `${thrown}`);
  assert.match(thrown.message, /unreachable/);
  // ... but first the hook printed the message, the place of the panic in the source, and a stack.
  assert.equal(logged.length, 1, JSON.stringify(logged));
  const [report] = logged;
  assert.match(report, /panicked at src[\\/]lib\.rs:\d+:\d+:\nprobe: the board is on fire/);
  assert.match(report, /\n\nStack:\n\n.*\S/s);
  console.log(report.split('\n').slice(0, 2).join(' | '));
});
