// The neural evaluation through the package (issue 40): `engine.loadNetwork(bytes)` with the project's trained
// net (tests/data/nnue/), what `engine.network()` says of it, that the search then evaluates with it (other scores,
// the same for the same net), and the typed errors of a file that cannot be used — after which the engine
// searches exactly as before the call. That the net evaluates the same in wasm as natively is the `nnue wasm`
// step's test (tests/nnue/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine, Game } from '../../pkg/node.mjs';
import { root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';

const NET = readFileSync(join(root, 'tests', 'data', 'nnue', 'psq64-set1-927k.nnue'));
/** The checksum the trainer's log printed for that net (tests/data/nnue/psq64-set1-927k.nnue.training.txt). */
const CHECKSUM = readFileSync(join(root, 'tests', 'data', 'nnue', 'psq64-set1-927k.nnue.training.txt'), 'utf8')
  .match(/fnv1a64 ([0-9a-f]{16})/)[1];
const FEN = 'rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3'; // 中炮 after h2e2 h9g7 h0g2 i9h9

/** What a search at a fixed depth from a fresh table finds: the same engine state, the same answer. */
function probe(engine) {
  engine.newGame();
  const r = engine.search(FEN, [], { depth: 6 });
  return JSON.stringify([r.move, r.score, r.nodes, r.pv]);
}

test('loadNetwork: the engine evaluates with the net, says which, and unloadNetwork goes back', () => {
  const engine = new Engine({ hashMb: 4 });
  const other = new Engine({ hashMb: 4 });
  assert.equal(engine.network(), null, 'the hand-tuned evaluation by default');
  const handTuned = probe(engine);
  const info = engine.loadNetwork(new Uint8Array(NET));
  assert.deepEqual(info, { features: 'psq', ft: 64, l1: 16, checksum: CHECKSUM });
  assert.deepEqual(engine.network(), info);
  const withNet = probe(engine);
  assert.notEqual(withNet, handTuned, 'the net\'s scores are not the hand-tuned ones');
  // The same net in another engine, given as an ArrayBuffer: the same search.
  const buffer = NET.buffer.slice(NET.byteOffset, NET.byteOffset + NET.byteLength);
  assert.deepEqual(other.loadNetwork(buffer), info);
  assert.equal(probe(other), withNet);
  engine.unloadNetwork();
  assert.equal(engine.network(), null);
  assert.equal(probe(engine), handTuned);
  engine.unloadNetwork(); // twice: nothing to do
  assert.equal(engine.network(), null);
  engine.free();
  other.free();
});

test('loadNetwork: a file that cannot be used is refused with its code, and the engine is as it was', () => {
  const damaged = (f) => {
    const b = new Uint8Array(NET);
    f(b);
    return b;
  };
  const bad = [
    ['ERR_NET_MAGIC', new Uint8Array(0)],
    ['ERR_NET_MAGIC', damaged((b) => { b[0] = 0x58 ^ 1; })],
    ['ERR_NET_MAGIC', new TextEncoder().encode('<!doctype html><title>404</title>')],
    ['ERR_NET_VERSION', damaged((b) => { b[8] = 9; })],
    ['ERR_NET_FEATURES', damaged((b) => { b[10] = 77; })],
    ['ERR_NET_SHAPE', damaged((b) => { b[16] = 17; })], // ft 81: not a multiple of 16
    ['ERR_NET_TRUNCATED', new Uint8Array(NET).subarray(0, NET.length - 1000)],
    ['ERR_NET_CHECKSUM', damaged((b) => { b[b.length - 7] ^= 0x40; })],
  ];
  for (const loaded of [false, true]) {
    const engine = new Engine({ hashMb: 4 });
    if (loaded) engine.loadNetwork(NET);
    const before = [JSON.stringify(engine.network()), probe(engine)];
    for (const [code, bytes] of bad) {
      const e = throwsCode(() => engine.loadNetwork(bytes), code);
      assert.match(e.message, /^loadNetwork: /);
      assert.deepEqual([JSON.stringify(engine.network()), probe(engine)], before, `${code}: the engine as it was`);
    }
    for (const notBytes of ['psq64.nnue', 42, null, undefined, [1, 2, 3], { length: 8 }]) {
      throwsCode(() => engine.loadNetwork(notBytes), 'ERR_ARGUMENT');
    }
    assert.deepEqual([JSON.stringify(engine.network()), probe(engine)], before);
    engine.free();
  }
});

test('`network: false` searches and analyses with the hand-tuned evaluation, the net kept for the next search', () => {
  const engine = new Engine({ hashMb: 4 });
  const plain = new Engine({ hashMb: 4 });
  engine.loadNetwork(NET);
  const search = (e, limits) => {
    e.newGame();
    const r = e.search(FEN, [], { depth: 6, ...limits });
    return JSON.stringify([r.move, r.score, r.nodes, r.pv]);
  };
  const handTuned = search(plain, {});
  const withNet = search(engine, {});
  assert.notEqual(withNet, handTuned);
  assert.equal(search(engine, { network: false }), handTuned);
  assert.equal(search(plain, { network: true }), handTuned, 'no net: nothing to use');
  assert.equal(search(engine, { network: true }), withNet);
  assert.equal(search(engine, {}), withNet, 'the net is still loaded');
  // The analysis of a game.
  const game = new Game();
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) game.play(m);
  const analyse = (e, options) => JSON.stringify(e.analyse(game, { depth: 3, ...options }).moves.map((m) => [m.best, m.before, m.after]));
  assert.equal(analyse(engine, { network: false }), analyse(plain, {}));
  assert.notEqual(analyse(engine, {}), analyse(plain, {}));
  for (const bad of ['no', 0, null]) {
    throwsCode(() => engine.search(FEN, [], { depth: 2, network: bad }), 'ERR_OPTIONS');
    throwsCode(() => engine.analyse(game, { depth: 2, network: bad }), 'ERR_OPTIONS');
  }
  game.free();
  engine.free();
  plain.free();
});
