// The app's saved game (www/src/save.js) and its plain game data (www/src/record.js): one value with a version,
// read back whole; a corrupted value set aside and reported; a full quota reported without throwing; a game with
// comments and an external ending restored exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../pkg/node.mjs';
import { SAVE_KEY, SAVE_VERSION, checkSave, readSave, writeSave, readPrefs, writePrefs, PREFS_KEY } from '../../www/src/save.js';
import { gameFromData, gameToData } from '../../www/src/record.js';

class MemoryStorage {
  constructor(quota = Infinity) {
    this.map = new Map();
    this.quota = quota;
    this.writes = 0;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    const size = [...this.map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (size + k.length + String(v).length > this.quota) {
      throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError', code: 22 });
    }
    this.writes++;
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

function sampleState() {
  const game = new Game(null, { rules: 'cxa' });
  game.setComment('<b>start</b>', 0);
  game.play('h2e2');
  game.setComment('central cannon', 1);
  game.setNags([1], 1);
  game.play('h9g7');
  game.resign('red');
  const data = gameToData(game, { Red: 'Ann', Black: 'Bo' });
  game.free();
  return { game: data, human: 'red', level: 'club', practice: false, redo: [['b0c2', 'b9c7']], seed: 5,
    clock: { control: 'cxa-6.4', thinkMs: [1200, 800], currentMs: 300 } };
}

test('a state is written as one value with its version and read back', () => {
  const storage = new MemoryStorage();
  const state = sampleState();
  const w = writeSave(storage, state);
  assert.equal(w.ok, true);
  assert.equal(storage.writes, 1, 'one setItem for the whole state');
  const back = readSave(storage);
  assert.equal(back.state.version, SAVE_VERSION);
  assert.deepEqual(back.state.game, state.game);
  assert.deepEqual(back.state.clock, state.clock);
  assert.deepEqual(back.state.redo, state.redo);
});

test('nothing saved reads as no state', () => {
  assert.deepEqual(readSave(new MemoryStorage()), { state: null });
});

test('the game data restores the moves, the options, comments, NAGs, headers and the resignation', () => {
  const data = sampleState().game;
  assert.deepEqual(data.moves, ['h2e2', 'h9g7']);
  assert.deepEqual(data.ending, { reason: 'resignation', offender: 'red', result: '0-1' });
  const game = gameFromData(Game, JSON.parse(JSON.stringify(data)));
  assert.deepEqual(game.history(), ['h2e2', 'h9g7']);
  assert.equal(game.options().rules, 'cxa');
  assert.equal(game.getComment(0), '<b>start</b>');
  assert.equal(game.getComment(1), 'central cannon');
  assert.deepEqual(game.getNags(1), [1]);
  assert.equal(game.outcome()?.reason, 'resignation');
  assert.equal(game.outcome()?.winner, 'black');
  assert.deepEqual(gameToData(game, data.headers), data);
  game.free();
});

test('an agreed draw and a loss on time are restored; board endings come back from the moves', () => {
  for (const [end, reason] of [[(g) => { g.offerDraw('red'); g.acceptDraw('black'); }, 'agreement'],
    [(g) => g.timeForfeit('black'), 'timeForfeit']]) {
    const g = new Game();
    g.play('h2e2');
    end(g);
    const back = gameFromData(Game, gameToData(g));
    assert.equal(back.outcome()?.reason, reason);
    assert.equal(back.outcome()?.result, g.outcome()?.result);
    g.free();
    back.free();
  }
  const mate = new Game('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b');
  const data = gameToData(mate);
  assert.equal(data.ending, null, 'mate is not an external ending');
  const back = gameFromData(Game, data);
  assert.equal(back.outcome()?.reason, 'checkmate');
  mate.free();
  back.free();
});

test('data that does not make a game throws the package error', () => {
  const data = { ...sampleState().game, moves: ['h2e2', 'h2e2'], ending: null };
  assert.throws(() => gameFromData(Game, data), (e) => e.code === 'ERR_ILLEGAL_MOVE');
  assert.throws(() => gameFromData(Game, { ...data, initialFen: 'xyz', moves: [] }), (e) => /^ERR_FEN/.test(e.code));
});

test('a corrupted value is set aside and reported, never thrown', () => {
  for (const [text, problem] of [
    ['{"version":1,"game":', /not JSON/],
    ['[]', /not an object/],
    ['{"version":99}', /version 99/],
    [JSON.stringify({ ...sampleState(), version: 1, human: 'green' }), /human/],
    [JSON.stringify({ ...sampleState(), version: 1, game: { ...sampleState().game, moves: ['<img>'] } }), /ICCS/],
    [JSON.stringify({ ...sampleState(), version: 1, clock: { control: 'cxa-6.4', thinkMs: [-1], currentMs: 0 } }), /thinkMs/],
  ]) {
    const storage = new MemoryStorage();
    storage.setItem(SAVE_KEY, text);
    const r = readSave(storage);
    assert.equal(r.corrupt, true, text.slice(0, 40));
    assert.match(r.problem, problem);
    assert.equal(storage.getItem(SAVE_KEY), null, 'moved out of the way');
    assert.equal(storage.getItem(`${SAVE_KEY}.corrupt`), text, 'kept for a bug report');
    assert.deepEqual(readSave(storage), { state: null }, 'the next start is clean');
  }
});

test('a full quota is reported and leaves the last saved value as it was', () => {
  const storage = new MemoryStorage(3000);
  const small = sampleState();
  assert.equal(writeSave(storage, small).ok, true);
  const before = storage.getItem(SAVE_KEY);
  const big = { ...small, game: { ...small.game, comments: [{ ply: 0, comment: 'x'.repeat(5000), nags: [] }] } };
  const r = writeSave(storage, big);
  assert.equal(r.ok, false);
  assert.equal(r.reason, 'quota');
  assert.equal(storage.getItem(SAVE_KEY), before);
  const broken = { setItem() { throw new Error('SecurityError'); } };
  assert.equal(writeSave(broken, small).reason, 'unavailable');
});

test('checkSave accepts what writeSave writes', () => {
  const storage = new MemoryStorage();
  writeSave(storage, { ...sampleState(), clock: null });
  assert.equal(checkSave(JSON.parse(storage.getItem(SAVE_KEY))), null);
});

test('preferences are read leniently', () => {
  const storage = new MemoryStorage();
  assert.deepEqual(readPrefs(storage), {});
  writePrefs(storage, { lang: 'zh' });
  assert.deepEqual(readPrefs(storage), { lang: 'zh' });
  storage.setItem(PREFS_KEY, 'nonsense');
  assert.deepEqual(readPrefs(storage), {});
});

test('a game read from a record is saved and restored as a record: not adjudicated, its result standing', () => {
  // Red repeats a horse move (a repetition the rules would end at ply 8), then the record goes on and says 1-0.
  const text = '[Red "A"]\n[Result "1-0"]\n\n1. 马二进三 马8进7 2. 马三退二 马7退8 3. 马二进三 马8进7 '
    + '4. 马三退二 马7退8 5. 炮二平五 1-0';
  const game = Game.fromPgn(text);
  const data = JSON.parse(JSON.stringify(gameToData(game, game.headers())));
  assert.equal(data.recordPlies, 9);
  assert.deepEqual(data.ending, { reason: 'recorded', offender: null, result: '1-0' });
  assert.deepEqual(data.headers, { Red: 'A', Result: '1-0' });
  const back = gameFromData(Game, data);
  assert.deepEqual(back.outcome(), game.outcome());
  assert.deepEqual(back.history(), game.history());
  assert.deepEqual([back.ruling().reason, back.ruling().ply], ['repetitionDraw', 8]);
  // Taking the result back, a move played after the record's is ruled as usual.
  assert.equal(back.undo().ending.reason, 'recorded');
  back.play('h9g7');
  assert.equal(back.outcome(), null);
  assert.equal(back.recordPlies(), 9);
  // Saved data of earlier versions (no recordPlies): every move is played.
  const played = gameFromData(Game, { ...gameToData(new Game()), moves: ['h2e2'] });
  assert.equal(played.recordPlies(), null);
  for (const g of [game, back, played]) g.free();
});

test('record text the package cannot write back is cut, never refused', async () => {
  const { COMMENT_MAX, HEADER_MAX, cutText, writableHeaders } = await import('../../www/src/record.js');
  assert.equal(cutText('abc', 5), 'abc');
  assert.equal(cutText('abcdef', 3), 'abc');
  assert.equal(cutText('ab😀', 3), 'ab', 'never half a surrogate pair');
  const h = writableHeaders({ Event: 'x'.repeat(10000), 'Bad name': 'y', Red: 'a\nb', FEN: 'z' }, new Set(['FEN']));
  assert.deepEqual(Object.keys(h), ['Event', 'Red']);
  assert.equal(h.Event.length, HEADER_MAX);
  assert.equal(h.Red, 'a b');
  const g = new Game();
  g.play('h2e2');
  g.pgn({ headers: h }); // accepted as is
  // a record comment longer than setComment takes is cut to COMMENT_MAX when the game is rebuilt
  const long = Game.fromPgn(`1. C2.5 {${'c'.repeat(COMMENT_MAX + 10)}} *`);
  const back = gameFromData(Game, gameToData(long));
  assert.equal(back.getComment(1).length, COMMENT_MAX);
  for (const x of [g, long, back]) x.free();
});
