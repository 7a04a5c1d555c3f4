// Openings (issue 39): the ECCO classification through the package (game.opening(), RecordGame.opening), the opening
// explorer (xiangqi-wasm/openings: lookup, transpositions, bad data), the weighted book move, and the app's pure
// helpers over them (www/src/openings.js: book plies, unmarked book moves; www/src/book.js: the levels' book).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Game, readRecord } from '../../pkg/node.mjs';
import * as rules from '../../pkg/rules-node.mjs';
import { OpeningExplorer, bookMove, loadOpenings } from '../../pkg/openings.js';
import { root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';
import { bookPlies, withBook } from '../../www/src/openings.js';
import { inBook, levelBookMove, seeded } from '../../www/src/book.js';
import { LEVELS, levelById } from '../../www/src/levels.js';

const dataText = readFileSync(join(root, 'pkg', 'openings-data.json'), 'utf8');
const explorer = new OpeningExplorer(dataText);
const START = new Game().fen();

function gameOf(moves, fen) {
  const g = fen ? new Game(fen) : new Game();
  for (const m of moves) g.play(m);
  return g;
}

test('game.opening(): the ECCO code, the deciding ply and the names; null before a move and off the start', () => {
  const g = gameOf(['h2e2', 'h9g7', 'h0g2', 'b9c7']);
  assert.deepEqual(g.opening(), { code: 'C00', ply: 4,
    names: { zh: '中炮对屏风马', zhHant: '中炮對屏風馬', en: 'Central Cannon vs Screen Horses' } });
  g.undo();
  assert.equal(g.opening().code, 'B05', 'taken back: 中炮对进左马');
  assert.equal(new Game().opening(), null);
  assert.equal(new Game('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1').opening(), null, 'a set-up position has no ECCO code');
  // The rules-only entry has it too, and either wing reads alike (炮八平五 is a central cannon as 炮二平五).
  const r = new rules.Game();
  r.play('b2e2');
  assert.equal(r.opening().code, 'B00');
  assert.equal(gameOf(['c3c4']).opening().names.zh, '仙人指路');
  for (const x of [g, r]) x.free();
});

test('the names in traditional characters are what OpenCC makes of the published names (hant.rs up to date)', () => {
  execFileSync(process.execPath, [join(root, 'scripts/openings/hant.mjs'), '--check']);
  // 后补 (later added) is 後補, not 后補 (empress): the names are converted as phrases, then kept a character each.
  const g = gameOf(['h2e2', 'h7e7']);
  assert.match(g.opening().names.zhHant, /^[^对车马进边]+$/u, g.opening().names.zhHant);
  g.free();
});

test('the CCPD records of tests/data carry ECCO tags: the package reads the same code for most of them', () => {
  const dir = join(root, 'tests', 'data', 'records', 'big5');
  let tagged = 0;
  let same = 0;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.pgn'))) {
    const r = readRecord(new Uint8Array(readFileSync(join(dir, f))));
    const fromStart = r.fen === START && r.mainline.moves.length > 0;
    assert.equal(r.opening === null, !fromStart, f);
    if (fromStart && r.headers.ECCO) {
      tagged++;
      if (r.opening.code === r.headers.ECCO) same++;
    }
  }
  // (These 24 files are a sample of the collection the table was built from: docs/openings.md measures on held-out
  // games; this checks the package's path from a Big5 file to a code.)
  assert.ok(tagged >= 10 && same / tagged >= 0.8, `${same} of ${tagged}`);
});

test('the explorer: masters\' moves by position, transpositions merged, unknown positions empty', () => {
  const first = explorer.lookup(START);
  assert.equal(first[0].move, 'h2e2');
  assert.ok(first[0].games > 10000);
  for (const row of first) {
    assert.ok(row.red + row.draw + row.black <= row.games);
    assert.deepEqual(Object.keys(row), ['move', 'games', 'red', 'draw', 'black']);
  }
  assert.ok(first.every((r, i) => i === 0 || first[i - 1].games >= r.games), 'most played first');
  // Two move orders to 中炮对屏风马: one position, one answer.
  const a = gameOf(['h2e2', 'h9g7', 'h0g2', 'b9c7']);
  const b = gameOf(['h2e2', 'b9c7', 'h0g2', 'h9g7']);
  assert.equal(a.fen().split(' ')[0], b.fen().split(' ')[0]);
  assert.ok(explorer.lookup(a.fen()).length > 0);
  assert.deepEqual(explorer.lookup(a.fen()), explorer.lookup(b.fen()));
  a.free();
  b.free();
  assert.deepEqual(explorer.lookup('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'), []);
  assert.deepEqual(explorer.lookup('not a fen'), []);
  throwsCode(() => explorer.lookup(null), 'ERR_ARGUMENT');
  assert.equal(explorer.source.license, 'CC BY 4.0');
  assert.match(explorer.source.url, /Yvonne761\/Chinese-Chess-Practical-Dataset/);
  assert.ok(explorer.size > 1000 && explorer.games > 20000);
});

test('a lookup takes well under a millisecond', () => {
  const g = gameOf(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']);
  const fen = g.fen();
  g.free();
  const n = 20000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) explorer.lookup(fen);
  const ms = (performance.now() - t0) / n;
  assert.ok(ms < 0.1, `${ms} ms a lookup`);
});

test('damaged data is a typed error (ERR_OPENINGS_DATA); a file that cannot be fetched ERR_OPENINGS_FETCH', async () => {
  const data = JSON.parse(dataText);
  const bad = [
    dataText.slice(0, dataText.length / 2), // truncated
    '',
    'null',
    JSON.stringify({ ...data, format: 'something else' }),
    JSON.stringify({ ...data, version: 2 }),
    JSON.stringify({ ...data, positions: [] }),
    JSON.stringify({ ...data, source: null }),
    JSON.stringify({ ...data, positions: { [START.split(' ').slice(0, 2).join(' ')]: [['h2e2', 1, 2, 0, 0]] } }),
    JSON.stringify({ ...data, positions: { [START.split(' ').slice(0, 2).join(' ')]: [['zz', 1, 0, 0, 0]] } }),
    JSON.stringify({ ...data, positions: { '<b>': [['h2e2', 1, 0, 0, 0]] } }),
  ];
  for (const text of bad) throwsCode(() => new OpeningExplorer(text), 'ERR_OPENINGS_DATA');
  const respond = (body, ok = true) => async () => ({ ok, status: ok ? 200 : 404, text: async () => body });
  await assert.rejects(loadOpenings('x.json', { fetch: respond(bad[0]) }), { code: 'ERR_OPENINGS_DATA' });
  await assert.rejects(loadOpenings('x.json', { fetch: respond('', false) }), { code: 'ERR_OPENINGS_FETCH' });
  await assert.rejects(loadOpenings('x.json', { fetch: async () => { throw new TypeError('offline'); } }), { code: 'ERR_OPENINGS_FETCH' });
  const ok = await loadOpenings('x.json', { fetch: respond(dataText) });
  assert.equal(ok.lookup(START)[0].move, 'h2e2');
});

test('bookMove: weighted by how often masters played each move; minShare drops the rare ones', () => {
  const rows = explorer.lookup(START);
  const total = rows.reduce((s, r) => s + r.games, 0);
  const random = seeded(7);
  const counts = new Map();
  for (let i = 0; i < 4000; i++) {
    const m = bookMove(explorer, START, random);
    counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  const share = counts.get('h2e2') / 4000;
  const expected = rows[0].games / total;
  assert.ok(Math.abs(share - expected) < 0.03, `h2e2 drawn ${share}, played ${expected}`);
  assert.ok(counts.size >= 4, 'other master moves are drawn too');
  const kept = new Set(Array.from({ length: 500 }, () => bookMove(explorer, START, random, { minShare: 0.1 })));
  assert.deepEqual([...kept].sort(), rows.filter((r) => r.games >= 0.1 * total).map((r) => r.move).sort());
  assert.equal(bookMove(explorer, '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'), null);
});

test('the levels\' book: master moves in the first plies from the start, seeded, varied over games', () => {
  for (const level of LEVELS) assert.ok(level.book && level.book.plies > 0, level.id);
  const strong = levelById('strong');
  const lines = new Set();
  for (let seed = 1; seed <= 20; seed++) {
    const g = new Game();
    while (inBook(g, strong)) {
      const m = levelBookMove({ explorer, game: g, level: strong, seed });
      assert.ok(m, `a book move at ply ${g.history().length}`);
      g.play(m);
    }
    assert.equal(g.history().length, strong.book.plies);
    assert.equal(levelBookMove({ explorer, game: g, level: strong, seed }), null, 'past the book: the engine');
    lines.add(g.history().slice(0, 8).join(' '));
    g.free();
  }
  assert.ok(lines.size >= 5, `${lines.size} distinct lines of 20`);
  // The same seed replays alike; a set-up game has no book; without the explorer, no book.
  const g = new Game();
  assert.equal(levelBookMove({ explorer, game: g, level: strong, seed: 3 }), levelBookMove({ explorer, game: g, level: strong, seed: 3 }));
  assert.equal(levelBookMove({ explorer: null, game: g, level: strong, seed: 3 }), null);
  const setUp = new Game('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1');
  assert.equal(inBook(setUp, strong), false);
  for (const x of [g, setUp]) x.free();
});

test('the app\'s book plies and unmarked book moves', () => {
  const g = gameOf(['h2e2', 'h9g7', 'h0g2', 'b9c7', 'a3a4', 'i9i7', 'e2e6']);
  const ply = g.opening().ply;
  assert.equal(bookPlies(Game, g, null), ply, 'without the explorer: the opening\'s ply');
  const withExplorer = bookPlies(Game, g, explorer);
  assert.ok(withExplorer >= ply && withExplorer < 7, `book ${withExplorer}: the cannon taking the central pawn is no master move`);
  assert.equal(bookPlies(Game, new Game('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'), explorer), 0);
  g.free();
  const moves = [{ ply: 1, classification: 'blunder' }, { ply: 2, classification: 'best' }, { ply: 3, classification: 'mistake' }];
  assert.equal(withBook(moves, 0), moves, 'nothing to change: the same array');
  assert.deepEqual(withBook(moves, 2).map((m) => m.classification), ['book', 'best', 'mistake']);
  assert.equal(withBook(moves, 2)[0].engineClassification, 'blunder');
});
