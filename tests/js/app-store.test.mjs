// The app's store (www/src/store.js): the named actions and what they clear by construction — a new game, a move,
// an undo, an import and the game's end leave no hint, no touched piece, no pending confirmation, no passing
// message and no position shown from the move list; a search's late answer for another generation is dropped;
// undo takes back the human's move with the reply, and an ending of resignation or agreement first; the clock is
// rebuilt from the plies' times; the saved state round-trips. With the package's Game and Clock (pkg/node.mjs) and a
// clock of our own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Clock, Game } from '../../pkg/node.mjs';
import { createStore, endingKey, saveData } from '../../www/src/store.js';
import { coordinatesOf, computerToMove, humanMoves, humanToMove, notationOf, positionAt } from '../../www/src/derive.js';

function makeStore() {
  let t = 0;
  const store = createStore({ Game, Clock, now: () => t, random: () => 0.5 });
  return { store, s: store.state, advance: (ms) => { t += ms; } };
}

test('a move clears the hint, the touched pieces, the confirmation, the position shown and a passing message', () => {
  const { store, s } = makeStore();
  store.setHint({ move: 'h2e2', pv: ['h2e2'], score: { cp: 20 } }, s.gen);
  store.touch('h2', 'own');
  store.confirm('resign');
  store.message('importedRed');
  store.message('drawDeclined');
  assert.ok(s.hint && s.touch.own && s.confirm && s.message);
  store.play('h2e2');
  assert.equal(s.hint, null);
  assert.deepEqual([s.touch.own, s.touch.opponent], [null, null]);
  assert.equal(s.confirm, null);
  assert.equal(s.message, null);
  // a message that says something is wrong stays
  store.message('storageFull');
  store.play('h9g7');
  assert.equal(s.message.key, 'storageFull');
});

test('an answer for another generation is dropped', () => {
  const { store, s } = makeStore();
  const gen = s.gen;
  store.setBusy('hint');
  store.play('h2e2'); // the game changed while the hint was searched
  store.setHint({ move: 'h9g7', pv: [], score: { cp: 0 } }, gen);
  assert.equal(s.hint, null);
  assert.equal(store.computerPlayed('b9c7', gen), false);
  assert.deepEqual(s.game.history(), ['h2e2']);
  assert.equal(store.computerPlayed('b9c7', s.gen), true);
  assert.deepEqual(s.reply, { ply: 2, move: 'b9c7' });
  store.play('b0c2');
  assert.equal(s.reply, null, 'the reply is named only while it is the last move');
});

test('whose move: the human, the computer, or nobody while it thinks or in review', () => {
  const { store, s } = makeStore();
  assert.equal(humanToMove(s), true);
  store.play('h2e2');
  assert.equal(computerToMove(s), true);
  store.setBusy('move');
  assert.equal(computerToMove(s), false);
  store.computerPlayed('h9g7', s.gen);
  store.show(0);
  assert.equal(humanToMove(s), false, 'a position shown from the list is read only');
  store.show(2);
  assert.equal(s.shown, null, 'the last ply is the live position');
  store.newGame({ human: 'black' });
  assert.equal(computerToMove(s), true);
  assert.equal(s.orientation, 'black');
});

test('undo takes back the reply with the move; redo plays both again; a new move clears redo', () => {
  const { store, s } = makeStore();
  store.play('h2e2');
  store.computerPlayed('h9g7', s.gen);
  store.undo();
  assert.deepEqual(s.game.history(), []);
  assert.deepEqual(s.redo, [['h2e2', 'h9g7']]);
  store.redo();
  assert.deepEqual(s.game.history(), ['h2e2', 'h9g7']);
  store.undo();
  store.play('b0c2');
  assert.deepEqual(s.redo, []);
});

test('resignation and an agreed draw end the game; undo takes the ending back first', () => {
  const { store, s } = makeStore();
  store.play('h2e2');
  store.computerPlayed('h9g7', s.gen);
  store.confirm('resign');
  store.resign();
  assert.equal(s.game.outcome().reason, 'resignation');
  assert.equal(s.confirm, null);
  assert.equal(endingKey(s), '2:resignation');
  store.undo();
  assert.equal(s.game.outcome(), null);
  assert.equal(s.game.history().length, 2, 'the moves stay');
  store.answerDraw(true, s.gen);
  assert.equal(s.game.outcome().reason, 'agreement');
  assert.equal(s.message.key, 'drawAccepted');
  store.undo();
  assert.equal(s.game.outcome(), null);
  store.answerDraw(false, s.gen - 1);
  assert.equal(s.game.outcome(), null, 'a stale answer is dropped');
  store.answerDraw(false, s.gen);
  assert.equal(s.message.key, 'drawDeclined');
});

test('the game-over card: shown for a new ending, not again once closed, nor for a finished record', () => {
  const { store, s } = makeStore();
  store.resign();
  assert.notEqual(s.overSeen, endingKey(s));
  store.closeOver();
  assert.equal(s.overSeen, endingKey(s));
  const done = new Game('9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1');
  done.play('b6d6');
  store.loadGame({ initialFen: done.initialFen(), moves: done.history(), options: done.options(), ending: null, comments: [], headers: { Red: 'A' } });
  assert.equal(s.game.outcome().reason, 'checkmate');
  assert.equal(s.overSeen, endingKey(s), 'an imported finished game is not announced as a new ending');
  assert.equal(s.message.key, 'importedOver', 'a finished record is not "You play Red"');
  assert.equal(s.shown, 0, 'it opens on its start position, to step through or review');
  assert.equal(s.headers.Red, 'A');
  done.free();
});

test('touch-move narrows the human moves in practice mode', () => {
  const { store, s } = makeStore();
  store.newGame({ practice: true });
  assert.equal(s.clockControl, 'cxa-6.4', 'practice runs the rapid clock');
  store.touch('b0', 'own');
  assert.deepEqual(humanMoves(s).moves.sort(), ['b0a2', 'b0c2']);
  store.play('b0c2');
  assert.equal(s.touch.own, null);
});

test('the clock: each ply\'s time, a fallen flag ends the game, undo rebuilds it', () => {
  const { store, s, advance } = makeStore();
  store.newGame({ clock: { firstMs: 60000 } });
  advance(10000);
  store.play('h2e2');
  assert.deepEqual(s.thinkMs, [10000]);
  assert.equal(s.clock.remaining('red'), 50000);
  advance(61000);
  assert.equal(store.tick(), true);
  assert.equal(s.game.outcome().reason, 'timeForfeit');
  store.undo();
  assert.equal(s.game.outcome(), null);
  assert.equal(s.clock.remaining('red'), 50000);
});

test('the notation and the coordinates follow the language unless the player chose', () => {
  const { store, s } = makeStore();
  assert.deepEqual([notationOf(s), coordinatesOf(s)], ['wxf', 'iccs']);
  store.setLang('zh');
  assert.deepEqual([notationOf(s), coordinatesOf(s)], ['chinese', 'chinese']);
  store.setNotation('iccs');
  assert.deepEqual([notationOf(s), coordinatesOf(s)], ['iccs', 'iccs']);
  store.setLang('en');
  store.setNotation('chinese');
  assert.equal(coordinatesOf(s), 'chinese');
});

test('the saved state round-trips, the redo list and the clock with it', () => {
  const { store, s } = makeStore();
  store.newGame({ human: 'red', level: 'strong', rules: 'cxa', clock: 'cxa-6.4' });
  store.play('h2e2');
  store.computerPlayed('h9g7', s.gen);
  store.play('b0c2');
  store.computerPlayed('b9c7', s.gen);
  store.undo();
  const saved = JSON.parse(JSON.stringify(saveData(s, 1234)));
  const other = makeStore();
  other.store.restore(saved);
  assert.deepEqual(other.s.game.history(), ['h2e2', 'h9g7']);
  assert.deepEqual(other.s.redo, [['b0c2', 'b9c7']]);
  assert.equal(other.s.level, 'strong');
  assert.equal(other.s.game.options().rules, 'cxa');
  assert.equal(other.s.clockControl, 'cxa-6.4');
  assert.equal(other.store.elapsed(), 1234);
});

test('review, analysis board and editor are modes; leaving them returns to the game', () => {
  const { store, s } = makeStore();
  store.play('h2e2');
  store.computerPlayed('h9g7', s.gen);
  store.reviewStart(2, 1000);
  assert.equal(s.mode, 'review');
  assert.equal(s.shown, 2, 'review shows a position, the last at first');
  assert.equal(computerToMove(s), false);
  store.reviewDone({ moves: [{ ply: 1 }], red: null, black: null, cancelled: true });
  assert.equal(s.review.status, 'cancelled');
  store.reviewClose();
  assert.equal(store.reviewResume(), true, 'the same game: its review again');
  store.reviewClose();
  store.analyse(s.game.fen());
  store.analysisMove('b0c2');
  assert.equal(s.analysis.gen, 1);
  store.analysisLines([{ pv: ['b9c7'], score: { cp: 0 } }], 5, 0);
  assert.deepEqual(s.analysis.lines, [], 'lines of an older position are dropped');
  store.edit(s.game.fen());
  assert.equal(s.mode, 'editor');
  store.playFrom('4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1');
  assert.equal(s.mode, 'game');
  assert.equal(s.human, 'black', 'the human plays the side to move of the set-up position');
  assert.equal(positionAt(Game, s.game, 0).fen.split(' ')[0], '4k4/9/9/9/9/9/9/9/9/3K5');
});

test('the review never marks a book move: the opening line (game.opening().ply) is "book", the counts are tallied again', () => {
  const m = (ply, classification) => ({ ply, color: ply % 2 ? 'red' : 'black', classification });
  const { store, s } = makeStore();
  store.newGame({ human: 'red' });
  // 中炮对屏风马 (C00): every ply of this line is book.
  const played = ['h2e2', 'h9g7', 'h0g2', 'b9c7', 'a3a4', 'a6a5', 'e3e4'];
  for (const mv of played) store.play(mv);
  const book = s.game.opening().ply;
  assert.ok(book >= 4 && book < 7, `book to ply ${book}`);
  store.reviewStart(7, 1000);
  assert.equal(s.review.book, book);
  store.reviewProgress(m(2, 'mistake'), 1, 7);
  assert.equal(s.review.moves[0].classification, 'book', 'a progress report is unmarked too');
  const moves = [m(1, 'best'), m(2, 'mistake'), m(3, 'blunder'), m(4, 'inaccuracy'), m(5, 'good'), m(6, 'best'), m(7, 'mistake')];
  const red = { moves: 4, accuracy: 80, inaccuracy: 0, mistake: 1, blunder: 1 };
  store.reviewDone({ moves, red, black: red, cancelled: false });
  const classes = s.review.moves.map((x) => x.classification);
  assert.deepEqual(classes.slice(0, book), moves.slice(0, book).map((x) => (['best', 'good'].includes(x.classification) ? x.classification : 'book')));
  assert.equal(classes[6], 'mistake', 'past the book, marks stay');
  assert.equal(s.review.moves[1].engineClassification, 'mistake', "the engine's own class is kept");
  assert.equal(s.review.red, null, "the package's counts are dropped: the app tallies what it shows");
  assert.equal(s.shown, 7, 'the review opens on the first mark that is not book');
});

test('a finished review opens on the first mistake of the side under review, unless the player chose a move', () => {
  const m = (ply, classification) => ({ ply, color: ply % 2 ? 'red' : 'black', classification });
  const moves = [m(1, 'best'), m(2, 'blunder'), m(3, 'inaccuracy'), m(4, 'good'), m(5, 'mistake'), m(6, 'best')];
  // An irregular opening (中兵 e3e4, A00, decided at ply 1): only the first move is book.
  const played = ['e3e4', 'e6e5', 'a3a4', 'a6a5', 'i3i4', 'i6i5'];
  // A game against the computer, the player Red: Red's first mistake (ply 5), not Black's blunder.
  let { store, s } = makeStore();
  store.newGame({ human: 'red' });
  for (const mv of played) store.play(mv);
  store.reviewStart(6, 1000);
  assert.equal(s.shown, 6);
  store.reviewDone({ moves, red: null, black: null, cancelled: false });
  assert.equal(s.shown, 5);
  store.reviewClose();
  assert.equal(store.reviewResume(), true);
  assert.equal(s.shown, 5, 'the review again: the same mistake');
  // An imported record with its players: both sides, the first ? or ?? of the game.
  ({ store, s } = makeStore());
  const g = new Game();
  for (const mv of played) g.play(mv);
  store.loadGame({ initialFen: g.initialFen(), moves: g.history(), options: g.options(), ending: null, comments: [],
    headers: { Red: 'A', Black: 'B' } });
  g.free();
  store.reviewStart(6, 1000);
  store.reviewDone({ moves, red: null, black: null, cancelled: false });
  assert.equal(s.shown, 2);
  // A deeper run stays where the player is.
  store.show(3);
  store.reviewStart(6, 4000);
  store.reviewDone({ moves, red: null, black: null, cancelled: false });
  assert.equal(s.shown, 3);
  // The player chose a move while the first run went on: it stays there.
  ({ store, s } = makeStore());
  store.newGame({ human: 'red' });
  for (const mv of played) store.play(mv);
  store.reviewStart(6, 1000);
  store.show(4);
  store.reviewDone({ moves, red: null, black: null, cancelled: false });
  assert.equal(s.shown, 4);
});
