// What a JS developer reaches for first, against the built package: what may be played now, the chess-library
// basics (state predicates, board(), the position editor, load, ascii/toString/toJSON), undo after an external
// ending, comments and NAGs, records that keep the whole game, and error messages that say what was wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { Game, parsePgn, startFen, validateFen, isXiangqiError, names, readRecord } from '../../pkg/node.mjs';
import { readJsonl } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';


/** Everything observable about a game, to check that a failed call changed nothing. */
const snapshot = (g) => JSON.stringify([g.fen(), g.initialFen(), g.history(), g.outcome(), g.options(), g.drawOffer(),
  g.getComments()]);

test('legalMoves follows the game: nothing once it is over, positionOnly gives the bare position', () => {
  const ends = {
    agreed: (g) => { g.offerDraw('red'); g.acceptDraw('black'); },
    resigned: (g) => g.resign('black'),
    timedOut: (g) => g.timeForfeit('red'),
  };
  for (const [name, end] of Object.entries(ends)) {
    const g = new Game();
    end(g);
    assert.deepEqual(g.legalMoves(), [], name);
    assert.deepEqual(g.legalMoves({ verbose: true }), [], name);
    assert.deepEqual(g.movesFrom('h2'), [], name);
    assert.equal(g.legalMoves({ positionOnly: true }).length, 44, name);
    assert.equal(g.movesFrom('h2', { positionOnly: true }).length, 12, name);
    assert.deepEqual(g.legalMoves({ positionOnly: true, notation: 'chinese' })[0], '车九进一');
    assert.equal(g.dests().size, 0);
  }
  // In analysis mode play goes on after an ending, and so does the list.
  const a = new Game(null, { mode: 'analysis' });
  a.resign('red');
  assert.equal(a.legalMoves().length, 44);
  // The default list is exactly what play accepts, position by position.
  for (const r of readJsonl('positions.jsonl').slice(0, 400)) {
    const g = new Game(r.fen);
    const list = g.legalMoves();
    assert.deepEqual(list, g.allowedMoves(), r.id);
    for (const m of g.legalMoves({ positionOnly: true })) assert.equal(list.includes(m), g.isLegal(m), `${r.id} ${m}`);
  }
  throwsCode(() => new Game().legalMoves({ positionOnly: 1 }), 'ERR_OPTIONS');
  throwsCode(() => new Game().movesFrom('h2', { anyside: true }), 'ERR_OPTIONS');
});

test('movesFrom({ anySide: true }) answers for a piece of the side not to move', () => {
  const g = new Game();
  assert.deepEqual(g.movesFrom('b9'), []);
  assert.deepEqual(g.movesFrom('b9', { anySide: true }), ['b9a7', 'b9c7']);
  assert.deepEqual(g.movesFrom('h2', { anySide: true }), g.movesFrom('h2'));
  g.play('h2e2');
  // Black to move now: the red cannon's moves as if Red were to move again.
  const cannon = ['e2c2', 'e2d2', 'e2e1', 'e2e6', 'e2f2', 'e2g2', 'e2h2', 'e2i2'];
  assert.deepEqual(g.movesFrom('e2', { anySide: true }), cannon);
  assert.deepEqual(new Game(g.fen().replace(' b ', ' w ')).movesFrom('e2'), cannon);
  assert.deepEqual(g.movesFrom('e5', { anySide: true }), []);
  // The side to move in check: the checking chariot never "captures" the general and keeps the generals apart.
  const c = new Game('4k4/9/9/9/9/9/9/4r4/9/4K4 w');
  assert.equal(c.isCheck(), true);
  assert.deepEqual(c.movesFrom('e2', { anySide: true }), ['e2e1', 'e2e3', 'e2e4', 'e2e5', 'e2e6', 'e2e7', 'e2e8']);
});

test('isCheckmate, isStalemate, isDraw, isGameOver', () => {
  const mate = new Game('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b');
  assert.deepEqual([mate.isCheckmate(), mate.isStalemate(), mate.isDraw(), mate.isGameOver()], [true, false, false, true]);
  const stale = new Game('3k5/8R/9/9/9/9/9/9/9/4K4 b');
  assert.deepEqual([stale.isCheckmate(), stale.isStalemate(), stale.isDraw(), stale.isGameOver()], [false, true, false, true]);
  const g = new Game();
  assert.deepEqual([g.isCheckmate(), g.isStalemate(), g.isDraw(), g.isGameOver()], [false, false, false, false]);
  g.offerDraw('black');
  g.acceptDraw('red');
  assert.deepEqual([g.isDraw(), g.isGameOver()], [true, true]);
  const dead = new Game('4k4/9/9/9/9/9/9/9/4A4/3K5 w');
  assert.deepEqual([dead.isDraw(), dead.outcome().reason], [true, 'deadPosition']);
  const r = new Game();
  r.resign('red');
  assert.deepEqual([r.isDraw(), r.isGameOver(), r.isCheckmate()], [false, true, false]);
  // They agree with the positions file.
  for (const rec of readJsonl('positions.jsonl').slice(0, 2000)) {
    const p = new Game(rec.fen);
    assert.equal(p.isCheckmate(), rec.status === 'checkmate', rec.id);
    assert.equal(p.isStalemate(), rec.status === 'stalemate', rec.id);
  }
});

test('board() is 10 rows of 9, rank 9 first, and agrees with pieces() and get()', () => {
  const g = new Game();
  g.play('h2e2');
  const rows = g.board();
  assert.equal(rows.length, 10);
  assert.ok(rows.every((row) => row.length === 9));
  const files = 'abcdefghi';
  const flat = [];
  rows.forEach((row, i) => row.forEach((p, f) => {
    const sq = `${files[f]}${9 - i}`;
    assert.deepEqual(g.get(sq), p, sq);
    if (p) { assert.equal(p.square, sq); flat.push(p); }
  }));
  assert.deepEqual(flat.sort((x, y) => x.square.localeCompare(y.square)),
    g.pieces().sort((x, y) => x.square.localeCompare(y.square)));
  assert.deepEqual(g.get('E2'), { square: 'e2', color: 'red', kind: 'cannon' });
  throwsCode(() => g.get('j0'), 'ERR_SQUARE');
  throwsCode(() => g.get(3), 'ERR_ARGUMENT');
});

test('put / remove edit the position, must leave it legal, and otherwise change nothing', () => {
  const g = new Game('4k4/9/9/9/9/9/9/9/9/3K4R w', { rules: 'cxa', moveLimit: 40 });
  g.play('d0d1');
  g.setComment('note');
  g.put({ color: 'red', kind: 'horse' }, 'c4');
  assert.deepEqual(g.history(), [], 'an edit starts the game from the new position');
  assert.equal(g.getComment(), null);
  assert.deepEqual([g.options().rules, g.options().moveLimit], ['cxa', 40]);
  assert.equal(g.fen(), '4k4/9/9/9/9/2N6/9/9/3K5/8R b - - 1 1');
  g.put('P', 'c4'); // replaces the horse
  assert.deepEqual(g.get('c4'), { square: 'c4', color: 'red', kind: 'soldier' });
  assert.deepEqual(g.remove('c4'), { square: 'c4', color: 'red', kind: 'soldier' });
  assert.equal(g.remove('c4'), null);
  const bad = [
    [() => g.put('B', 'a0'), 'ERR_FEN_ELEPHANT_PLACEMENT'],
    [() => g.put('A', 'a0'), 'ERR_FEN_ADVISOR_PLACEMENT'],
    [() => g.put('K', 'f1'), 'ERR_FEN_TOO_MANY_PIECES'],
    [() => g.put('k', 'f8'), 'ERR_FEN_TOO_MANY_PIECES'],
    [() => g.put('P', 'a0'), 'ERR_FEN_SOLDIER_PLACEMENT'],
    [() => g.remove('e9'), 'ERR_FEN_MISSING_GENERAL'],
    [() => g.put('r', 'd5'), 'ERR_FEN_OPPOSITE_CHECK'], // Black to move would capture the red general
    [() => g.put({ color: 'blue', kind: 'horse' }, 'c4'), 'ERR_ARGUMENT'],
    [() => g.put({ color: 'red', kind: 'rook' }, 'c4'), 'ERR_ARGUMENT'],
    [() => g.put('RR', 'c4'), 'ERR_ARGUMENT'],
    [() => g.put(null, 'c4'), 'ERR_ARGUMENT'],
    [() => g.put('R', 'z9'), 'ERR_SQUARE'],
    [() => g.put({ get color() { throw new Error('boom'); }, kind: 'horse' }, 'c4'), 'ERR_ARGUMENT'],
  ];
  for (const [fn, code] of bad) {
    const before = snapshot(g);
    const e = throwsCode(fn, code);
    assert.equal(snapshot(g), before, code);
    if (code.startsWith('ERR_FEN_')) assert.ok(e.errors.some((p) => p.code === code), JSON.stringify(e.errors));
  }
});

test('load(fen) keeps the options; a bad FEN changes nothing', () => {
  const g = new Game(null, { rules: 'cxa', mode: 'enforce' });
  g.play('h2e2');
  g.load('4k4/9/9/9/9/9/9/9/4A4/3K5 b');
  assert.deepEqual([g.history(), g.initialFen(), g.options().rules, g.options().mode],
    [[], '4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1', 'cxa', 'enforce']);
  g.load(startFen(), { moveLimit: 30 });
  assert.deepEqual([g.options().rules, g.options().moveLimit], ['cxa', 30]);
  const before = snapshot(g);
  throwsCode(() => g.load('nonsense'), 'ERR_FEN_BOARD');
  throwsCode(() => g.load(42), 'ERR_ARGUMENT');
  throwsCode(() => g.load(startFen(), { rules: 'fide' }), 'ERR_OPTIONS');
  assert.equal(snapshot(g), before);
});

test('ascii(), toString(), toJSON() and console.log are readable', () => {
  const g = new Game();
  const lines = g.ascii().split('\n');
  assert.equal(lines[1], ' 9 | r n b a k a b n r |');
  assert.equal(lines[6], '   |~~~~~~~~~~~~~~~~~~~|');
  assert.equal(lines[11], ' 0 | R N B A K A B N R |');
  assert.equal(lines[13], '     a b c d e f g h i');
  g.play('h2e2');
  assert.equal(String(g), `Game(${g.fen()}, 1 move, black to move)`);
  assert.equal(inspect(g), String(g));
  assert.doesNotMatch(inspect({ g }), /__wbg_ptr/);
  const json = JSON.parse(JSON.stringify(g));
  assert.deepEqual(json, { fen: g.fen(), initialFen: startFen(), turn: 'black', history: ['h2e2'], outcome: null,
    options: g.options() });
  g.resign('black');
  assert.equal(String(g), `Game(${g.fen()}, 1 move, 1-0 resignation)`);
  const freed = new Game();
  freed.free();
  assert.equal(inspect(freed), 'Game (freed)');
});

test('undo takes back an external ending first, then moves, one step per call', () => {
  const g = new Game();
  g.play('h2e2');
  g.play('h9g7');
  g.resign('red');
  const first = g.undo();
  assert.equal(first.ending.reason, 'resignation');
  assert.equal(first.iccs, undefined);
  assert.deepEqual([g.outcome(), g.history()], [null, ['h2e2', 'h9g7']]);
  assert.equal(g.undo().iccs, 'h9g7');
  assert.equal(g.undo().iccs, 'h2e2');
  assert.equal(g.undo(), null);
  // An agreed draw at ply 0, a time forfeit, an illegal-move-free record.
  const d = new Game();
  d.offerDraw('red');
  d.acceptDraw('black');
  assert.equal(d.undo().ending.reason, 'agreement');
  assert.deepEqual([d.outcome(), d.undo()], [null, null]);
  const t = new Game();
  t.play('h2e2');
  t.timeForfeit('black');
  assert.equal(t.undo().ending.reason, 'timeForfeit');
  assert.equal(t.legalMoves().length, t.legalMoves({ positionOnly: true }).length);
  // A mate goes with the move that gave it.
  const m = new Game('4k4/8R/9/9/9/9/9/9/9/R4K3 w');
  m.play('a0a9');
  assert.equal(m.outcome().reason, 'checkmate');
  assert.equal(m.undo().iccs, 'a0a9');
  assert.equal(m.outcome(), null);
});

test('comments and NAGs: set, read, kept by pgn() and Game.fromPgn, dropped with their move', () => {
  const text = '[Game "Chinese Chess"]\n\n{Before anything} 1. 炮二平五 $1 {central cannon} 马8进7 $2 $6 {a reply} 2. 马二进三 *\n';
  const g = Game.fromPgn(text);
  assert.deepEqual(g.getComments(), [
    { ply: 0, comment: 'Before anything', nags: [] },
    { ply: 1, comment: 'central cannon', nags: [1] },
    { ply: 2, comment: 'a reply', nags: [2, 6] },
  ]);
  const again = Game.fromPgn(g.pgn());
  assert.deepEqual(again.getComments(), g.getComments());
  // DhtmlXQ carries the comments (it has no NAGs) and the result, not how the game ended.
  assert.deepEqual(Game.fromDhtmlxq(g.dhtmlxq()).getComments().map((c) => [c.ply, c.comment]),
    [[0, 'Before anything'], [1, 'central cannon'], [2, 'a reply']]);
  assert.deepEqual(parsePgn(g.pgn())[0].mainline.moves.map((n) => [n.comment, n.nags]),
    [['central cannon', [1]], ['a reply', [2, 6]], [null, []]]);
  g.setComment('after 马二进三');
  g.setNags([3]);
  assert.deepEqual([g.getComment(3), g.getNags(3), g.getNags(1)], ['after 马二进三', [3], [1]]);
  g.setComment('', 1);
  assert.equal(g.getComment(1), null);
  g.undo();
  assert.deepEqual(g.getNags(2), [2, 6]);
  g.play('h0g2');
  assert.deepEqual([g.getComment(3), g.getNags(3)], [null, []], 'a move played again starts bare');
  // A comment with a brace survives too.
  g.setComment('a } brace');
  assert.equal(Game.fromPgn(g.pgn()).getComment(3), 'a } brace');
  for (const [fn, code] of [
    [() => g.setComment(42), 'ERR_ARGUMENT'],
    [() => g.setComment('x', 4), 'ERR_ARGUMENT'],
    [() => g.setComment('x', -1), 'ERR_ARGUMENT'],
    [() => g.setComment('x'.repeat(70000)), 'ERR_ARGUMENT'],
    [() => g.setNags([256]), 'ERR_ARGUMENT'],
    [() => g.setNags('1'), 'ERR_ARGUMENT'],
    [() => g.setNags([1], 0), 'ERR_ARGUMENT'],
    [() => g.getComment(1.5), 'ERR_ARGUMENT'],
    [() => new Game().setNags([1]), 'ERR_ARGUMENT'],
  ]) {
    const before = snapshot(g);
    throwsCode(fn, code);
    assert.equal(snapshot(g), before);
  }
});

test('records keep the whole game: outcome and options survive pgn() -> Game.fromPgn', () => {
  const cases = [
    ['resigned', (g) => g.resign('red'), 'resignation', '0-1', 'resignation'],
    ['agreed', (g) => { g.offerDraw('red'); g.acceptDraw('black'); }, 'agreement', '1/2-1/2', 'agreement'],
    ['timed out', (g) => g.timeForfeit('black'), 'timeForfeit', '1-0', 'time forfeit'],
  ];
  for (const [name, end, reason, result, termination] of cases) {
    for (const options of [{}, { rules: 'cxa' }, { rules: 'cxa', moveLimit: 50, repetitionCount: 4, mode: 'enforce', checkDiscount: true, mateThreatDepth: 3 }]) {
      const g = new Game(null, options);
      g.play('h2e2');
      g.play('h9g7');
      end(g);
      for (const notation of ['chinese', 'wxf', 'iccs']) {
        const text = g.pgn({ notation });
        assert.ok(text.includes(`[Result "${result}"]`), text);
        assert.ok(text.includes(`[Termination "${termination}"]`), text);
        const back = Game.fromPgn(text);
        assert.deepEqual(back.outcome(), g.outcome(), `${name} ${notation} ${JSON.stringify(options)}`);
        assert.deepEqual(back.options(), g.options(), name);
        assert.deepEqual(back.history(), g.history());
        // The DhtmlXQ round trip is about moves only.
        assert.deepEqual(Game.fromDhtmlxq(g.dhtmlxq()).history(), g.history());
      }
    }
  }
  // The caller's options override the record's.
  const cxa = new Game(null, { rules: 'cxa' });
  assert.equal(Game.fromPgn(cxa.pgn(), { rules: 'axf' }).options().rules, 'axf');
  assert.equal(Game.fromPgn(cxa.pgn(), { moveLimit: 20 }).options().rules, 'cxa');
  // A chase ruled under CXA comes back as the same verdict.
  const chase = new Game('4k4/9/8c/9/9/7R1/9/9/9/3K5 w', { rules: 'cxa' });
  for (const m of ['h4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4', 'h7i7']) chase.play(m);
  assert.deepEqual(Game.fromPgn(chase.pgn()).outcome(), chase.outcome());
});

test('pgn(): quotes and backslashes escaped; a move number never ends a line', () => {
  const g = new Game();
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b0c2', 'b7b3', 'c3c4', 'g6g5', 'b2a2', 'a9b9']) g.play(m);
  const headers = { Event: 'The "Big" cup \\ final', Site: ']weird[' };
  const text = g.pgn({ headers, lineWidth: 20 });
  assert.ok(text.includes('[Event "The \\"Big\\" cup \\\\ final"]'), text);
  assert.deepEqual(parsePgn(text)[0].headers.Event, headers.Event);
  assert.deepEqual(parsePgn(text)[0].headers.Site, headers.Site);
  for (const width of [6, 10, 14, 17, 20, 25, 33]) {
    for (const notation of ['chinese', 'wxf', 'iccs']) {
      const body = g.pgn({ lineWidth: width, notation }).split('\n\n')[1];
      for (const line of body.trim().split('\n')) {
        assert.doesNotMatch(line, /\d+\.(\.\.)?$/, `width ${width} ${notation}:\n${body}`);
      }
      assert.deepEqual(Game.fromPgn(g.pgn({ lineWidth: width, notation })).history(), g.history());
    }
  }
});

test('error messages quote the bad value, stay short, and a failure has one code everywhere', () => {
  const e = throwsCode(() => new Game(null, { rules: 'FIDE' }), 'ERR_OPTIONS');
  assert.match(e.message, /must be "axf" or "cxa", got "FIDE"/);
  assert.match(throwsCode(() => new Game(null, { moveLimit: 1.5 }), 'ERR_OPTIONS').message, /got 1\.5/);
  assert.match(throwsCode(() => new Game().resign('white'), 'ERR_ARGUMENT').message, /got "white"/);
  const long = throwsCode(() => new Game(null, { mode: 'x'.repeat(100000) }), 'ERR_OPTIONS');
  assert.match(long.message, /got "x{24}…"/);
  // A bad notation name: ERR_OPTIONS in every method.
  const g = new Game();
  for (const fn of [() => g.toNotation('h2e2', 'san'), () => g.legalMoves({ notation: 'san' }),
    () => g.history({ notation: 'san' }), () => g.pgn({ notation: 'san' })]) {
    assert.match(throwsCode(fn, 'ERR_OPTIONS').message, /"san"/);
  }
  // No message longer than 200 characters, whatever the input.
  const huge = 'x'.repeat(1e6);
  const calls = [
    () => parsePgn(huge), () => Game.fromPgn(huge), () => Game.fromDhtmlxq(huge), () => parsePgn(`[${huge} v]`),
    () => parsePgn(`1. 炮二平五${'!'.repeat(1e5)} *`), () => g.play(huge), () => g.parseMove(huge), () => new Game(huge),
    () => g.toNotation(huge), () => g.get(huge), () => g.put(huge, 'a0'), () => g.setComment(huge),
    () => new Game(null, { [huge]: 1 }), () => g.pgn({ headers: { [huge]: 'x' } }), () => g.classifyMove(huge),
    () => g.load(huge), () => g.movesFrom(huge),
  ];
  for (const fn of calls) {
    try {
      fn();
      assert.fail(`no error: ${fn}`);
    } catch (err) {
      assert.ok(isXiangqiError(err), String(err).slice(0, 200));
      assert.ok(err.message.length <= 200, `${err.message.length} characters: ${err.message.slice(0, 300)}`);
    }
  }
  // A FEN rank written as 10 names the real problem.
  const fen = throwsCode(() => new Game('rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'), 'ERR_FEN_BOARD');
  assert.match(fen.message, /rank 8 has 10 empty points in a row/);
  assert.equal(validateFen('rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w').errors[0].code, 'ERR_FEN_BOARD');
});

test('string options are read through the rules crate\'s lists: names and aliases in any case, written as the name', () => {
  const lists = names();
  for (const r of lists.rules) {
    for (const text of [r.name, r.name.toUpperCase(), ...r.aliases, ...r.aliases.map((a) => a.toUpperCase())]) {
      assert.equal(new Game(null, { rules: text }).options().rules, r.name, text);
    }
  }
  assert.deepEqual(lists.rules.map((r) => [r.name, r.aliases, r.zh]),
    [['axf', ['asian', 'wxf'], '亚洲棋规'], ['cxa', ['chinese'], '中国棋规']]);
  assert.equal(new Game(null, { mode: 'Enforce' }).options().mode, 'enforce');
  const g = new Game();
  assert.equal(g.toNotation('h2e2', 'WXF'), 'C2.5');
  assert.equal(g.toNotation('h2e2', 'wxf', { traverse: '=' }), 'C2=5');
  assert.equal(readRecord('1. h2e2 *', { format: 'PGN', encoding: 'utf8' }).format, 'pgn');
  // The error lists the names of the list.
  assert.match(throwsCode(() => g.setOptions({ mode: 'strict' }), 'ERR_OPTIONS').message,
    /option mode must be "adjudicate" or "enforce" or "analysis", got "strict"/);
  assert.match(throwsCode(() => g.toNotation('h2e2', 'wxf', { script: 'cursive' }), 'ERR_OPTIONS').message,
    /option script must be "simplified" or "traditional"/);
  // A fresh object each call.
  assert.notEqual(names(), lists);
  lists.rules.pop();
  assert.equal(names().rules.length, 2);
});
