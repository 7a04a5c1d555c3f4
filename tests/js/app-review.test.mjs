// The app's pure helpers of the review, the draw policy and the position editor (www/src/review.js,
// draw-policy.js, editor.js): values as players read them, the evaluation curve, the annotated export (NAGs the
// lesson shows, evaluations in comments, the record's own comments kept); when the computer accepts a draw (the
// margin at full strength and below it, material, repetition); FEN arithmetic checked by the package's
// validateFen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, validateFen } from '../../pkg/node.mjs';
import { NAGS, annotate, curve, markedPlies, moveAt, nextMark, reviewOpening, valueText } from '../../www/src/review.js';
import { answerDrawOffer, drawMargin, repetitionsOf } from '../../www/src/draw-policy.js';
import { EMPTY_FEN, grid, move, put, withTurn } from '../../www/src/editor.js';

const analysed = (ply, classification, extra = {}) => ({
  ply, move: 'h2e2', color: ply % 2 ? 'red' : 'black', before: { cp: 10 }, after: { cp: -200 },
  expectedBefore: 0.52, expectedAfter: 0.3, best: 'b0c2', pv: ['b0c2', 'h9g7'], loss: 0.2, classification,
  accuracy: 37, depth: 6, nodes: 1000, ...extra,
});

test('values as players read them', () => {
  assert.equal(valueText({ cp: 35 }), '+0.35');
  assert.equal(valueText({ cp: -120 }), '−1.20');
  assert.equal(valueText({ cp: 0 }), '0.00');
  assert.equal(valueText({ mate: 3 }), '#3');
  assert.equal(valueText({ mate: -2 }), '#-2');
  assert.equal(valueText({ winner: 'red' }), '1-0');
  assert.equal(valueText({ winner: null }), '½-½');
});

test('the curve: the expected score before the first move, then after each; null where not analysed', () => {
  const moves = [analysed(1, 'best', { expectedBefore: 0.5, expectedAfter: 0.55 }), analysed(2, 'good', { expectedAfter: 0.6 })];
  assert.deepEqual(curve(moves, 4), [0.5, 0.55, 0.6, null, null]);
  assert.deepEqual(curve([], 2), [null, null, null]);
  assert.equal(moveAt(moves, 2).classification, 'good');
  assert.equal(moveAt(moves, 3), null);
});

test('the annotated game: NAGs ?! ? ??, evaluations and the better line in comments, the record\'s comments kept', () => {
  const game = new Game();
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) game.play(m);
  game.setComment('a classic', 1);
  const analysis = { moves: [analysed(1, 'best', { after: { cp: 30 } }), analysed(2, 'inaccuracy'), analysed(3, 'mistake'), analysed(4, 'blunder')] };
  const lines = [];
  const out = annotate(game, analysis, { bestWord: 'Best', lineOf: (moves, ply) => { lines.push(ply); return moves.join(' '); } });
  const comments = Object.fromEntries(out.getComments().map((c) => [c.ply, c]));
  assert.equal(comments[1].comment, 'a classic [+0.30]');
  assert.deepEqual(comments[2].nags, [NAGS.inaccuracy]);
  assert.deepEqual(comments[3].nags, [2]);
  assert.deepEqual(comments[4].nags, [4]);
  assert.equal(comments[4].comment, '[−2.00] Best: b0c2 h9g7 [+0.10]');
  assert.deepEqual(lines, [1, 2, 3], 'the better line is written from the position before the move');
  const pgn = out.pgn({ notation: 'iccs' });
  assert.match(pgn, /\$6/);
  assert.match(pgn, /\$4/);
  assert.equal(game.getComments().find((c) => c.ply === 2), undefined, 'the game itself is not changed');
  // The PGN reads back with its NAGs (the lesson embed shows them as ?! ? ??).
  const back = Game.fromPgn(pgn);
  assert.deepEqual(back.getComments().find((c) => c.ply === 4).nags, [4]);
  for (const g of [game, out, back]) g.free();
});

test('the draw policy: the margin at full strength, more generous below, material and repetition', () => {
  assert.equal(drawMargin(20), 150);
  assert.equal(drawMargin(12), 90);
  assert.equal(drawMargin(0), 0);
  // A level position at full strength (Maximum, Strong): declined, even slightly worse.
  assert.equal(answerDrawOffer({ score: { cp: 0 }, skill: 20 }).accept, false);
  assert.equal(answerDrawOffer({ score: { cp: -149 }, skill: 20 }).accept, false);
  assert.deepEqual(answerDrawOffer({ score: { cp: -150 }, skill: 20 }), { accept: true, reason: 'worse' });
  assert.equal(answerDrawOffer({ score: { mate: -3 }, skill: 20 }).accept, true);
  assert.equal(answerDrawOffer({ score: { mate: 3 }, skill: 0 }).accept, false);
  // Club player (skill 12): 90; the weakest: level is enough.
  assert.equal(answerDrawOffer({ score: { cp: -90 }, skill: 12 }).accept, true);
  assert.equal(answerDrawOffer({ score: { cp: 0 }, skill: 0 }).accept, true);
  assert.equal(answerDrawOffer({ score: { cp: 1 }, skill: 0 }).accept, false);
  // Material a player may claim as drawn; a threefold repetition unless clearly better.
  assert.deepEqual(answerDrawOffer({ score: { cp: 300 }, claimable: 'loneCannonAgainstDefenders' }), { accept: true, reason: 'material' });
  assert.equal(answerDrawOffer({ score: { cp: 40 }, repetitions: 3 }).accept, true);
  assert.equal(answerDrawOffer({ score: { cp: 80 }, repetitions: 3 }).accept, false);
  assert.equal(repetitionsOf(['a w', 'b b', 'a w', 'b b', 'a w']), 3);
  assert.equal(repetitionsOf(['a w', 'b b']), 1);
});

test('the editor: put, remove, move pieces and the side to move; the package says whether it is legal', () => {
  let fen = EMPTY_FEN;
  assert.equal(validateFen(fen).ok, false);
  assert.ok(validateFen(fen).errors.some((e) => e.code === 'ERR_FEN_MISSING_GENERAL'));
  fen = put(put(fen, 'e0', 'K'), 'd9', 'k');
  assert.equal(fen, '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
  assert.equal(validateFen(fen).ok, true);
  fen = move(fen, 'e0', 'e1');
  assert.equal(grid(fen)[8][4], 'K');
  fen = put(fen, 'a5', 'A');
  assert.ok(validateFen(fen).errors.some((e) => e.code === 'ERR_FEN_ADVISOR_PLACEMENT' && e.square === 'a5'));
  fen = put(fen, 'a5', null);
  assert.equal(withTurn(fen, 'black').split(' ')[1], 'b');
  assert.equal(move(fen, 'a0', 'a1'), fen, 'no piece: nothing moves');
  assert.equal(new Game(withTurn(fen, 'black')).turn(), 'black');
});

test('where a review opens and the marks it steps through: the first mistake of the side under review', () => {
  const m = (ply, classification) => ({ ply, color: ply % 2 ? 'red' : 'black', classification });
  const moves = [m(1, 'best'), m(2, 'inaccuracy'), m(3, 'good'), m(4, 'blunder'), m(5, 'inaccuracy'), m(6, 'best'),
    m(7, 'mistake'), m(8, 'good')];
  assert.deepEqual(markedPlies(moves), [2, 4, 5, 7]);
  assert.deepEqual(markedPlies(moves, 'red'), [5, 7]);
  assert.equal(reviewOpening(moves, null), 4, 'both sides: the first ? or ??');
  assert.equal(reviewOpening(moves, 'red'), 7, "Red's first mistake, not its earlier ?!");
  assert.equal(reviewOpening(moves, 'black'), 4);
  const onlyInaccuracies = [m(1, 'good'), m(2, 'best'), m(3, 'inaccuracy'), m(4, 'inaccuracy')];
  assert.equal(reviewOpening(onlyInaccuracies, 'black'), 4, 'no mistake: the first mark of the side');
  assert.equal(reviewOpening([m(1, 'best'), m(2, 'inaccuracy')], 'red'), 2, 'the side has none: the first mark');
  assert.equal(reviewOpening([m(1, 'best'), m(2, 'good')], 'red'), null);
  // Previous / Next mistake: the side's marks when it has any, else both sides'.
  assert.equal(nextMark(moves, 'red', 0, 1), 5);
  assert.equal(nextMark(moves, 'red', 5, 1), 7);
  assert.equal(nextMark(moves, 'red', 7, 1), null);
  assert.equal(nextMark(moves, 'red', 7, -1), 5);
  assert.equal(nextMark(moves, null, 4, -1), 2);
  assert.equal(nextMark(moves, null, 2, -1), null);
  assert.equal(nextMark([m(1, 'best'), m(2, 'inaccuracy')], 'red', 0, 1), 2);
});
