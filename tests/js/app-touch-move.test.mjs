// The app's touch-move rule (摸子走子, www/src/touch-move.js): every clause of the competition rules (chapter 1,
// section 3, item 2: A, B, C1–C4, D1–D4, E) on a hand-made move list, and on real positions through the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../pkg/node.mjs';
import { allowedMoves, destsOf, emptyTouch, touchBoth, touchPiece } from '../../www/src/touch-move.js';

// Own pieces: chariot a0 (can take a9), horse b0, cannon h2 (can take h9), advisor d0 (no move), soldier c3.
// Opponent pieces: a9 and h9 (capturable), i9 (not capturable by anything).
const LEGAL = ['a0a1', 'a0a9', 'b0c2', 'c3c4', 'h2e2', 'h2h9'];
const touch = (...steps) => steps.reduce((s, [sq, owner]) => touchPiece(s, sq, owner), emptyTouch());
const check = (state, rule, moves, foul = false) => {
  const r = allowedMoves(state, LEGAL);
  assert.deepEqual(r, { rule, moves, foul });
};

test('nothing touched: every legal move', () => {
  check(emptyTouch(), null, LEGAL);
});

test('A: a touched own piece must move; a second own touch changes nothing', () => {
  check(touch(['a0', 'own']), 'A', ['a0a1', 'a0a9']);
  check(touch(['a0', 'own'], ['h2', 'own']), 'A', ['a0a1', 'a0a9']);
});

test('A: a touched own piece that cannot move frees the player (a technical foul)', () => {
  check(touch(['d0', 'own']), 'A', LEGAL, true);
});

test('B: a touched opponent piece must be captured, by any piece that can', () => {
  check(touch(['h9', 'opponent']), 'B', ['h2h9']);
  check(touch(['i9', 'opponent']), 'B', LEGAL, true);
});

test('C: own piece first, then an opponent piece — C1 to C4 in order', () => {
  check(touch(['a0', 'own'], ['a9', 'opponent']), 'C1', ['a0a9']); // the first captures the second
  check(touch(['a0', 'own'], ['h9', 'opponent']), 'C2', ['a0a1', 'a0a9']); // cannot: still moves the first
  check(touch(['d0', 'own'], ['h9', 'opponent']), 'C3', ['h2h9']); // first cannot move: another captures
  check(touch(['d0', 'own'], ['i9', 'opponent']), 'C4', LEGAL, true); // nothing can capture: any move
});

test('D: opponent piece first, then an own piece — D1 to D4 in order', () => {
  check(touch(['a9', 'opponent'], ['a0', 'own']), 'D1', ['a0a9']); // the second captures the first
  check(touch(['h9', 'opponent'], ['a0', 'own']), 'D2', ['h2h9']); // cannot: another piece captures
  check(touch(['i9', 'opponent'], ['a0', 'own']), 'D3', ['a0a1', 'a0a9']); // nobody can: move the second
  check(touch(['i9', 'opponent'], ['d0', 'own']), 'D4', LEGAL, true); // the second cannot move: any move
});

test('the order matters: the same two pieces give C2 one way and D2 the other', () => {
  const ownFirst = allowedMoves(touch(['a0', 'own'], ['h9', 'opponent']), LEGAL);
  const oppFirst = allowedMoves(touch(['h9', 'opponent'], ['a0', 'own']), LEGAL);
  assert.deepEqual(ownFirst.moves, ['a0a1', 'a0a9']);
  assert.deepEqual(oppFirst.moves, ['h2h9']);
});

test('E: both touched at once is ruled as D', () => {
  check(touchBoth(emptyTouch(), 'a0', 'h9'), 'D2', ['h2h9']);
  check(touchBoth(emptyTouch(), 'a0', 'a9'), 'D1', ['a0a9']);
  check(touchBoth(emptyTouch(), 'a0', 'i9'), 'D3', ['a0a1', 'a0a9']);
  // after an earlier touch, the earlier one keeps its place in the order
  assert.equal(touchBoth(touch(['a0', 'own']), 'b0', 'h9').order, 'own');
});

test('the first opponent piece touched binds; later ones change nothing', () => {
  check(touch(['h9', 'opponent'], ['a9', 'opponent']), 'B', ['h2h9']);
});

test('bad owner names are refused', () => {
  assert.throws(() => touchPiece(emptyTouch(), 'a0', 'mine'), TypeError);
});

test('real positions: the touched horse of the start position, and a capture that must be made', () => {
  const game = new Game();
  const r = allowedMoves(touchPiece(emptyTouch(), 'b0', 'own'), game.legalMoves());
  assert.deepEqual(r.moves, game.movesFrom('b0'));
  assert.deepEqual([...destsOf(r.moves)], [['b0', ['a2', 'c2']]]);
  // After 1. C2.5 (h2e2) ... the red cannon on e2 can take the e6 soldier: touching that soldier forces it.
  game.play('h2e2');
  game.play('h9g7');
  const forced = allowedMoves(touchPiece(emptyTouch(), 'e6', 'opponent'), game.legalMoves());
  assert.deepEqual(forced, { moves: ['e2e6'], rule: 'B', foul: false });
  // A pinned piece: the red horse on e1 stands between the two generals (they may not face each other), so it
  // cannot move at all; touching it binds nothing (a technical foul) and every legal move is allowed again.
  const pin = new Game('3ar4/4k4/9/9/9/9/9/9/4N4/4K4 w');
  assert.deepEqual(pin.movesFrom('e1'), []);
  const foul = allowedMoves(touchPiece(emptyTouch(), 'e1', 'own'), pin.legalMoves());
  assert.equal(foul.foul, true);
  assert.deepEqual(foul.moves, pin.legalMoves());
  pin.free();
  game.free();
});
