// Memory: built with weak references, dropped games are reclaimed without free(). Creates and drops 100,000 games
// and plays 1,000,000 moves, and checks that wasm linear memory stays bounded. Run with `node --expose-gc`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { Game } from '../../pkg/node.mjs';

const wasm = await init(); // already initialised in Node: returns the instance exports
const memoryBytes = () => wasm.memory.buffer.byteLength;
const MB = 1024 * 1024;

async function collect() {
  // FinalizationRegistry callbacks run in later tasks after a GC: give them a few turns.
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((r) => setImmediate(r));
  }
}

test('gc is exposed', () => {
  assert.equal(typeof globalThis.gc, 'function', 'run with node --expose-gc');
});

test('100,000 dropped games and 1,000,000 moves leave wasm memory bounded', { timeout: 300_000 }, async () => {
  await collect();
  const start = memoryBytes();
  let peak = start;

  // 100,000 games, created and dropped in batches, each with a few moves so it owns heap memory (its history).
  for (let batch = 0; batch < 100; batch++) {
    for (let i = 0; i < 1000; i++) {
      const g = new Game();
      g.play('h2e2');
      g.play('h9g7');
    }
    await collect();
    peak = Math.max(peak, memoryBytes());
  }
  const afterGames = memoryBytes();

  // 1,000,000 moves: a few pseudo-random games (up to 300 plies each, picked from legalMoves()), replayed with
  // play() into fresh games that are then dropped, history and all.
  const lines = [];
  let seed = 7;
  for (let i = 0; i < 8; i++) {
    const g = new Game();
    for (let ply = 0; ply < 300; ply++) {
      const moves = g.legalMoves();
      if (moves.length === 0) break;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      g.play(moves[seed % moves.length]);
    }
    lines.push(g.history());
  }
  let plies = 0;
  let games = 0;
  while (plies < 1_000_000) {
    const g = new Game();
    const line = lines[games % lines.length];
    games++;
    for (let i = 0; i < line.length && plies < 1_000_000; i++, plies++) g.play(line[i]);
    assert.equal(g.history().length, Math.min(line.length, g.history().length));
    if (games % 500 === 0) {
      await collect();
      peak = Math.max(peak, memoryBytes());
    }
  }
  await collect();
  peak = Math.max(peak, memoryBytes());
  const end = memoryBytes();
  console.log(`wasm memory: start ${(start / MB).toFixed(1)} MB, after 100k games ${(afterGames / MB).toFixed(1)} MB, `
    + `after 1M moves in ${games} games ${(end / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB`);
  // Without reclamation 100,000 games with histories would need well over 50 MB; wasm memory never shrinks, so
  // the peak is what matters.
  assert.ok(peak - start < 16 * MB, `wasm memory grew by ${((peak - start) / MB).toFixed(1)} MB`);
});
