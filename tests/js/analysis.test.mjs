// The engine boundary of issue 24 through the built package: a search run in slices (Engine.start / step / stop,
// what the worker does) and the analysis of a game (Engine.analyse, startAnalysis / stepAnalysis / stopAnalysis):
// results, progress, determinism, the game's own rules, bad input (typed errors, the engine unchanged).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Engine } from '../../pkg/node.mjs';
import { throwsCode } from '../support/assert.mjs';

const BLUNDERS = ['a0a1', 'a9a8', 'a1d1', 'a8d8']; // every move leaves a piece to be taken (crates/search/tests)

function gameOf(moves, fen = null, options) {
  const g = new Game(fen, options);
  for (const m of moves) g.play(m);
  return g;
}

test('a search in slices: start once, step until it answers, progress once per depth', () => {
  const e = new Engine({ hashMb: 4 });
  const game = gameOf(['h2e2', 'h9g7']);
  e.start(game, { depth: 6 });
  game.play('h0g2'); // the search took the game as it was
  const depths = [];
  let hint = null;
  let steps = 0;
  while (hint === null) {
    hint = e.step(2, (p) => depths.push(p.depth));
    steps++;
  }
  assert.ok(steps > 1, `${steps} steps`);
  assert.equal(hint.depth, 6);
  assert.deepEqual(depths, [1, 2, 3, 4, 5, 6]);
  assert.ok(gameOf(['h2e2', 'h9g7']).isLegal(hint.move), hint.move);
  // Over: stepping again is ERR_NO_SEARCH, stopping gives nothing.
  throwsCode(() => e.step(), 'ERR_NO_SEARCH', /^step: no search under way/);
  assert.equal(e.stop(), null);
  // One step without a slice is the whole search, the same as search().
  e.newGame();
  e.start(gameOf(['h2e2', 'h9g7']), { depth: 5 });
  const whole = e.step();
  e.newGame();
  const same = e.search(gameOf(['h2e2', 'h9g7']), { depth: 5 });
  assert.deepEqual({ ...whole, timeMs: 0 }, { ...same, timeMs: 0 });
});

test('stop() between slices answers with the best move so far; the time limit counts over the slices', () => {
  const e = new Engine({ hashMb: 4 });
  const game = new Game();
  e.start(game, { timeMs: 60_000 });
  let deepest = 0;
  for (let i = 0; i < 5; i++) assert.equal(e.step(10, (p) => { deepest = p.depth; }), null);
  const r = e.stop();
  assert.ok(game.isLegal(r.move));
  assert.equal(r.depth, deepest);
  assert.equal(e.stop(), null);
  // 200 ms in slices of 10 ms: about 200 ms in all.
  e.start(game, { timeMs: 200 });
  const t = performance.now();
  let hint = null;
  while (hint === null) hint = e.step(10);
  const took = performance.now() - t;
  assert.ok(took > 100 && took < 1000, `${took} ms`);
  assert.ok(hint.timeMs >= 200, `${hint.timeMs}`);
});

test('start and step refuse bad input with typed errors, and a search under way is not disturbed', () => {
  const e = new Engine({ hashMb: 2 });
  e.start(new Game(), { depth: 4 });
  throwsCode(() => e.start(new Game(), { depth: 0 }), 'ERR_OPTIONS', /depth/);
  throwsCode(() => e.start('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'), 'ERR_ARGUMENT', /^Engine\.start: expected a Game/);
  throwsCode(() => e.start(null), 'ERR_ARGUMENT');
  throwsCode(() => e.step(0), 'ERR_ARGUMENT', /sliceMs/);
  throwsCode(() => e.step(1.5), 'ERR_ARGUMENT', /sliceMs/);
  throwsCode(() => e.step(10, 'callback'), 'ERR_ARGUMENT', /onProgress/);
  // The search started first is still there, with its limits.
  assert.equal(e.step().depth, 4);
  // A callback that throws ends the search; the exception propagates; the engine goes on.
  e.start(new Game(), { depth: 5 });
  assert.throws(() => e.step(undefined, () => { throw new Error('enough'); }), /enough/);
  throwsCode(() => e.step(), 'ERR_NO_SEARCH');
  e.start(new Game(), { depth: 2 });
  assert.equal(e.step().depth, 2);
});

test('start searches the game with its own rule set (rulings R12: AXF draw, CXA the chaser loses)', () => {
  const fen = '4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1';
  const moves = 'i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7 i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4'.split(' ');
  const e = new Engine({ hashMb: 2 });
  const out = {};
  for (const rules of ['axf', 'cxa']) {
    e.start(gameOf(moves, fen, { rules }), { depth: 1 });
    const r = e.step();
    out[rules] = [r.move, r.score];
  }
  assert.deepEqual(out.cxa, ['i7h7', { mate: 1 }]);
  assert.notDeepEqual(out.axf, out.cxa);
});

test('analyse: every move with its value before and after (Red\'s view), best line, loss, class, accuracy', () => {
  const e = new Engine({ hashMb: 4 });
  const progress = [];
  const a = e.analyse(gameOf(BLUNDERS), { nodes: 8000 }, (m, done, total) => progress.push([m.ply, done, total]));
  assert.deepEqual(progress, [[1, 1, 4], [2, 2, 4], [3, 3, 4], [4, 4, 4]]);
  assert.equal(a.cancelled, false);
  assert.deepEqual(a.moves.map((m) => [m.ply, m.move, m.color]),
    [[1, 'a0a1', 'red'], [2, 'a9a8', 'black'], [3, 'a1d1', 'red'], [4, 'a8d8', 'black']]);
  for (const [i, m] of a.moves.entries()) {
    assert.equal(m.classification, 'blunder', JSON.stringify(m));
    assert.ok(m.loss >= 0.2 && m.loss <= 1);
    assert.ok(m.accuracy >= 0 && m.accuracy < 37);
    assert.equal(m.best, m.pv[0]);
    assert.notEqual(m.best, m.move);
    if (i > 0) assert.deepEqual(m.before, a.moves[i - 1].after);
    assert.ok(m.expectedBefore >= 0 && m.expectedBefore <= 1);
  }
  // After a8d8 Red wins a chariot: Red's view is positive, and Red's expected score high.
  assert.ok(a.moves[3].after.cp > 500, JSON.stringify(a.moves[3]));
  assert.ok(a.moves[3].expectedAfter > 0.9);
  assert.deepEqual(a.black, { moves: 2, accuracy: a.black.accuracy, meanLoss: a.black.meanLoss, best: 0, good: 0,
    inaccuracy: 0, mistake: 0, blunder: 2 });
  assert.ok(a.black.accuracy < 40 && a.black.meanLoss >= 0.2);
});

test('analyse: no moves, a finished game, a range, one side; the same options give the same analysis', () => {
  const e = new Engine({ hashMb: 4 });
  const empty = e.analyse(new Game());
  assert.deepEqual(empty.moves, []);
  assert.equal(empty.red.accuracy, null);
  assert.equal(empty.cancelled, false);
  // A mate ends the game: the position after it is over, won by Red.
  const mated = gameOf(['a1d1'], '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1');
  assert.ok(mated.outcome());
  const [m] = e.analyse(mated).moves;
  assert.deepEqual([m.before, m.after, m.classification, m.expectedAfter], [{ mate: 1 }, { winner: 'red' }, 'best', 1]);
  const line = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b0c2', 'a9b9'];
  const game = gameOf(line);
  assert.deepEqual(e.analyse(game, { depth: 2, from: 3, to: 5 }).moves.map((x) => x.ply), [3, 4, 5]);
  const black = e.analyse(game, { depth: 2, side: 'black' });
  assert.deepEqual(black.moves.map((x) => x.color), ['black', 'black', 'black', 'black']);
  assert.equal(black.red.moves, 0);
  assert.deepEqual(e.analyse(game, { depth: 2, from: 20 }).moves, []);
  // Deterministic, whatever the engine did before (a search, another analysis).
  const first = e.analyse(game, { nodes: 5000 });
  e.search(gameOf(BLUNDERS), { depth: 6 });
  assert.deepEqual(e.analyse(game, { nodes: 5000 }), first);
  assert.deepEqual(new Engine({ hashMb: 4 }).analyse(game, { nodes: 5000 }), first);
});

test('analyse refuses options out of range with ERR_OPTIONS naming the value, and stays usable', () => {
  const e = new Engine({ hashMb: 2 });
  const game = gameOf(['h2e2']);
  throwsCode(() => e.analyse(game, { from: 0 }), 'ERR_OPTIONS', /option from .* got 0/);
  throwsCode(() => e.analyse(game, { from: 3, to: 2 }), 'ERR_OPTIONS', /option to must not be below from \(3\), got 2/);
  throwsCode(() => e.analyse(game, { nodes: -5 }), 'ERR_OPTIONS', /got -5/);
  throwsCode(() => e.analyse(game, { depth: 65 }), 'ERR_OPTIONS', /got 65/);
  throwsCode(() => e.analyse(game, { side: 'blue' }), 'ERR_OPTIONS', /"blue"/);
  throwsCode(() => e.analyse(game, { speed: 1 }), 'ERR_OPTIONS', /speed/);
  throwsCode(() => e.analyse('h2e2'), 'ERR_ARGUMENT', /^Engine\.analyse: expected a Game/);
  throwsCode(() => e.analyse(game, {}, 42), 'ERR_ARGUMENT', /onProgress/);
  assert.equal(e.analyse(game, { depth: 1 }).moves.length, 1);
  // A callback that throws stops the analysis and the exception propagates.
  assert.throws(() => e.analyse(gameOf(BLUNDERS), { depth: 1 }, () => { throw new Error('stop here'); }), /stop here/);
  assert.equal(e.analyse(game, { depth: 1 }).moves.length, 1);
});

test('an analysis in steps is the same analysis; stopAnalysis returns what was analysed, cancelled', () => {
  const e = new Engine({ hashMb: 4 });
  const game = gameOf(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
  const whole = e.analyse(game, { nodes: 4000 });
  e.startAnalysis(game, { nodes: 4000 });
  let a = null;
  const seen = [];
  while (a === null) a = e.stepAnalysis(1, (m, done, total) => seen.push(`${done}/${total}`));
  assert.deepEqual(a, whole);
  assert.deepEqual(seen, ['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
  throwsCode(() => e.stepAnalysis(), 'ERR_NO_SEARCH', /^stepAnalysis/);
  assert.equal(e.stopAnalysis(), null);
  // Cancelled after a few positions: the moves so far, flagged.
  e.startAnalysis(game, { nodes: 4000 });
  e.stepAnalysis(1);
  e.stepAnalysis(1);
  const cut = e.stopAnalysis();
  assert.equal(cut.cancelled, true);
  assert.ok(cut.moves.length >= 1 && cut.moves.length < 6, `${cut.moves.length}`);
  assert.deepEqual(cut.moves, whole.moves.slice(0, cut.moves.length));
  // A search started meanwhile replaces an analysis under way.
  e.startAnalysis(game, { nodes: 4000 });
  e.start(game, { depth: 2 });
  throwsCode(() => e.stepAnalysis(), 'ERR_NO_SEARCH');
  assert.equal(e.step().depth, 2);
  throwsCode(() => e.startAnalysis(game, { to: 0 }), 'ERR_OPTIONS');
});
