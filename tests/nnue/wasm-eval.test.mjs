// The neural evaluation in WebAssembly evaluates as natively (issue 40): builds the bare probe module
// crates/nnue-probe for wasm32, once with simd128 (the vector kernel's wasm path) and once without (its
// portable path), and evaluates the positions of tests/data/nnue_eval.jsonl with the same random nets. The
// Rust test `evaluations_match_the_file_the_wasm_test_reads` checks the same file natively (scalar and
// vector), so the three agree. Not in the package: the package's wasm does not carry the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nets = {
  'random psq 32x8 seed 1': [1, 32, 8, 1],
  'random palace 64x16 seed 2': [2, 64, 16, 2],
};
const cases = readFileSync(join(root, 'tests/data/nnue_eval.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

function build(simd) {
  const targetDir = join(root, 'target', simd ? 'nnue-probe' : 'nnue-probe-nosimd');
  const r = spawnSync(
    'cargo',
    ['build', '--release', '-p', 'xiangqi-nnue-probe', '--target', 'wasm32-unknown-unknown'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CARGO_TARGET_DIR: targetDir, RUSTFLAGS: simd ? '-C target-feature=+simd128' : '' },
    },
  );
  assert.equal(r.status, 0, r.stderr);
  return readFileSync(join(targetDir, 'wasm32-unknown-unknown/release/xiangqi_nnue_probe.wasm'));
}

async function probe(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const x = instance.exports;
  const text = (s) => {
    const b = new TextEncoder().encode(s);
    const ptr = x.probe_alloc(b.length);
    new Uint8Array(x.memory.buffer, ptr, b.length).set(b);
    return [ptr, b.length];
  };
  return {
    randomNet: (args) => x.probe_random_net(...args),
    loadNet: (bytes) => {
      const ptr = x.probe_alloc(bytes.length);
      new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
      return x.probe_load_net(ptr, bytes.length);
    },
    eval: (fen) => x.probe_eval(...text(fen)),
    evalScalar: (fen) => x.probe_eval_scalar(...text(fen)),
  };
}

for (const simd of [true, false]) {
  test(`wasm ${simd ? 'with' : 'without'} simd128 evaluates as native`, async () => {
    const bytes = build(simd);
    // The simd build really uses the vector instructions (i32x4.dot_i16x8_s is 0xfd 0xba 0x01).
    const hasDot = bytes.includes(Buffer.from([0xfd, 0xba, 0x01]));
    assert.equal(hasDot, simd);
    const p = await probe(bytes);
    assert.ok(cases.length >= 60);
    let current = null;
    const seen = new Set();
    for (const c of cases) {
      if (c.net !== current) {
        assert.equal(p.randomNet(nets[c.net]), 0);
        current = c.net;
      }
      assert.equal(p.eval(c.fen), c.eval, `${c.net}: ${c.fen}`);
      assert.equal(p.evalScalar(c.fen), c.eval, `${c.net} (scalar): ${c.fen}`);
      seen.add(c.eval);
    }
    assert.ok(seen.size > 30, 'the evaluations vary: the comparison compares something');
    // A bad net file is refused (and the last good net stays).
    assert.equal(p.loadNet(new Uint8Array([1, 2, 3])), -1);
    assert.equal(p.eval(cases.at(-1).fen), cases.at(-1).eval);
  });
}
