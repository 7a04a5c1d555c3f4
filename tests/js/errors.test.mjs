// Bad input of every kind: typed XiangqiErrors with stable codes, no traps, and the game unchanged afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Engine, Clock, parsePgn, validateFen, perft, startFen, isXiangqiError } from '../../pkg/node.mjs';
import { throwsCode } from '../support/assert.mjs';

const WEIRD = [
  undefined, null, 0, -1, 1.5, NaN, Infinity, true, false, 10n, Symbol('s'), () => 'h2e2', [], ['h2e2'], {},
  { from: 1, to: 2 }, { from: 'h2' }, { from: 'h2', to: 'h2' }, { from: 'z9', to: 'e2' }, new Date(0),
  { toString: () => 'h2e2' }, new Proxy({}, { get() { throw new Error('boom'); }, ownKeys() { throw new Error('boom'); } }),
  '', ' ', 'h2', 'h2e', 'h2e2e', 'h2-e', 'i9i9', 'j0j1', 'a0a:', 'é2e2', '炮二平五', '\u0000\u0000\u0000\u0000',
  'h2e2\u0000', 'x'.repeat(1 << 20), '🀄🀄', 'H2--E2', 'h10e2', '\ud800\udc00h2',
];

test('FEN errors: codes, every problem listed, the message names it', () => {
  throwsCode(() => new Game(''), 'ERR_FEN_EMPTY');
  throwsCode(() => new Game('   '), 'ERR_FEN_EMPTY');
  throwsCode(() => new Game('x'.repeat(10_000_000)), 'ERR_FEN_TOO_LONG');
  throwsCode(() => new Game('9/9/9'), 'ERR_FEN_BOARD');
  throwsCode(() => new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x'), 'ERR_FEN_TURN');
  throwsCode(() => new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w'), 'ERR_FEN_PIECE');
  throwsCode(() => new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1'), 'ERR_FEN_HALFMOVES');
  throwsCode(() => new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 x'), 'ERR_FEN_FULLMOVES');
  throwsCode(() => new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w k - 0 1'), 'ERR_FEN_FIELDS');
  const e = throwsCode(() => new Game('4k4/9/9/9/9/9/9/9/9/4K4 w'), 'ERR_FEN_GENERALS_FACING');
  assert.deepEqual(e.errors.map((p) => p.code), ['ERR_FEN_GENERALS_FACING']);
  const m = throwsCode(() => Game.fromFen('4k4/9/9/9/9/9/9/9/9/9 w'), 'ERR_FEN_MISSING_GENERAL');
  assert.match(m.message, /Red has no general/i);
  const many = throwsCode(() => new Game('3kk4/9/9/9/9/9/9/9/4A4/NNNK5 w'), 'ERR_FEN_TOO_MANY_PIECES');
  assert.ok(many.errors.length >= 2, JSON.stringify(many.errors));
  for (const p of many.errors) assert.equal(typeof p.message, 'string');
  // Every problem's code is also a FEN code; validateFen reports the same list.
  assert.deepEqual(validateFen('3kk4/9/9/9/9/9/9/9/4A4/NNNK5 w').errors, many.errors);
  const s = throwsCode(() => new Game('4k4/9/9/9/9/9/9/9/9/P3K4 w'), 'ERR_FEN_SOLDIER_PLACEMENT');
  assert.equal(s.errors[0].square, 'a0');
});

test('constructor and fromFen: wrong types and options', () => {
  for (const v of [0, true, {}, [], Symbol('s'), 10n, () => 1]) throwsCode(() => new Game(v), 'ERR_ARGUMENT');
  for (const v of [undefined, null, 0, {}]) throwsCode(() => Game.fromFen(v), 'ERR_ARGUMENT');
  assert.equal(new Game(null).fen(), startFen());
  assert.equal(new Game(undefined, {}).fen(), startFen());
  assert.equal(new Game(undefined, { rules: undefined }).options().rules, 'axf');
  for (const o of [5, 'cxa', [], () => 1, { rule: 'axf' }, { rules: 'fide' }, { rules: 1 }, { rules: null },
    { rules: ' AXF' }, { rules: 'x'.repeat(1 << 22) }, { [Symbol('k')]: 1 }, { rules: 'axf', extra: true },
    new Proxy({}, { ownKeys() { throw new Error('boom'); } })]) {
    throwsCode(() => new Game(undefined, o), 'ERR_OPTIONS');
    throwsCode(() => Game.fromFen(startFen(), o), 'ERR_OPTIONS');
  }
  const g = new Game();
  for (const o of [{ verbose: 1 }, { verbos: true }, 'verbose', 3]) {
    throwsCode(() => g.legalMoves(o), 'ERR_OPTIONS');
    throwsCode(() => g.history(o), 'ERR_OPTIONS');
  }
  assert.equal(g.legalMoves({}).length, 44);
  assert.equal(g.legalMoves({ verbose: false }).length, 44);
});

test('play: syntax vs illegal vs argument, details on the error', () => {
  const g = new Game();
  const ill = throwsCode(() => g.play('h2h7'), 'ERR_ILLEGAL_MOVE');
  assert.equal(ill.move, 'h2h7');
  assert.equal(ill.reasonCode, 'cannonNoScreen');
  assert.equal(ill.reason, 'a cannon captures by jumping exactly one piece, and there is none');
  assert.equal(ill.message, 'illegal move h2h7: a cannon captures by jumping exactly one piece, and there is none');
  throwsCode(() => g.play('b9c7'), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => g.play('h2e'), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play('h2h2'), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play('炮二平'), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play('C2.5.'), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play('x'.repeat(5_000_000)), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play({ from: 'h2', to: 'z2' }), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.play(42), 'ERR_ARGUMENT');
  throwsCode(() => g.play(), 'ERR_ARGUMENT');
  throwsCode(() => g.play({ from: 'h2' }), 'ERR_ARGUMENT');
  throwsCode(() => g.movesFrom('z1'), 'ERR_SQUARE');
  throwsCode(() => g.movesFrom(''), 'ERR_SQUARE');
  throwsCode(() => g.movesFrom(7), 'ERR_ARGUMENT');
  throwsCode(() => perft(startFen(), 13), 'ERR_ARGUMENT');
  throwsCode(() => perft(startFen(), 1.5), 'ERR_ARGUMENT');
  throwsCode(() => perft(startFen(), '2'), 'ERR_ARGUMENT');
  throwsCode(() => perft(startFen(), -1), 'ERR_ARGUMENT');
  throwsCode(() => perft('nope', 1), 'ERR_FEN_BOARD');
  throwsCode(() => perft(undefined, 1), 'ERR_ARGUMENT');
  assert.deepEqual(g.history(), []);
  assert.equal(g.fen(), startFen());
});

test('no input traps the module or changes the game', () => {
  const g = new Game();
  g.play('h2e2');
  g.play('h9g7');
  const snapshot = () => JSON.stringify([g.fen(), g.history({ verbose: true }), g.legalMoves(), g.options()]);
  const before = snapshot();
  const calls = [
    (v) => g.play(v), (v) => g.isLegal(v), (v) => g.validate(v), (v) => g.movesFrom(v),
    (v) => g.legalMoves(v), (v) => g.history(v), (v) => new Game(v), (v) => Game.fromFen(v),
    (v) => new Game(undefined, v), (v) => validateFen(v), (v) => perft(v, 1), (v) => perft(startFen(), v),
    (v) => isXiangqiError(v),
  ];
  let thrown = 0;
  for (const v of WEIRD) {
    for (const call of calls) {
      try {
        const r = call(v);
        if (call === calls[1]) assert.equal(typeof r, 'boolean');
        if (call === calls[2]) assert.equal(typeof r.legal, 'boolean');
      } catch (e) {
        thrown++;
        assert.equal(e?.name, 'XiangqiError', `${String(e)} for ${typeof v}`);
        assert.ok(isXiangqiError(e));
      }
      assert.equal(snapshot(), before);
    }
  }
  assert.ok(thrown > 100);
  // isLegal and validate never throw.
  for (const v of WEIRD) {
    assert.equal(g.isLegal(v), false);
    assert.equal(g.validate(v).legal, false);
  }
  // Random text: still no trap; the module keeps working.
  let seed = 12345;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const alphabet = 'abcdefghijkl0123456789-/ wbrRNBAKCPnbakcpEH炮\u0000é🀄';
  for (let i = 0; i < 20000; i++) {
    const len = rnd(12);
    let s = '';
    for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
    try { g.play(s); g.undo(); } catch (e) { assert.equal(e.name, 'XiangqiError'); }
    try { new Game(s); } catch (e) { assert.equal(e.name, 'XiangqiError'); }
    validateFen(s);
  }
  assert.equal(snapshot(), before);
  assert.equal(new Game().legalMoves().length, 44);
});

test('a freed game throws a plain error instead of trapping', () => {
  const g = new Game();
  g.free();
  assert.throws(() => g.fen());
  assert.equal(new Game().legalMoves().length, 44);
});

test('the adjudication, notation, record, hint, Engine and Clock entry points: no input traps or changes state', () => {
  const g = new Game();
  g.play('h2e2');
  g.play('h9g7');
  g.offerDraw('red');
  const snapshot = () => JSON.stringify([g.fen(), g.history({ verbose: true }), g.outcome(), g.options(),
    g.drawOffer(), g.allowedMoves()]);
  const before = snapshot();
  const engine = new Engine({ hashMb: 1 });
  const clock = new Clock('cxa-6.1');
  const clockState = () => JSON.stringify([clock.turn(), clock.remaining('red'), clock.remaining('black'), clock.flag()]);
  const clockBefore = clockState();
  const present = (f) => (v) => (v === undefined || v === null ? null : f(v)); // absent limits search for 1 s
  const calls = [
    (v) => g.parseMove(v), (v) => g.toNotation(v), (v) => g.toNotation('h0g2', v), (v) => g.toNotation('h0g2', 'wxf', v),
    (v) => g.classifyMove(v), (v) => g.repetitionWarning(v), (v) => g.setOptions(v), (v) => g.resign(v),
    (v) => g.offerDraw(v), (v) => g.acceptDraw(v), (v) => g.declineDraw(v), (v) => g.timeForfeit(v), (v) => g.pgn(v),
    (v) => g.history({ notation: v }), (v) => g.legalMoves({ notation: v }), (v) => Game.fromPgn(v),
    (v) => Game.fromDhtmlxq(v), (v) => parsePgn(v), (v) => Game.fromPgn('1. C2.5 *', v),
    present((v) => g.hint(v)), present((v) => engine.search(v, { depth: 1 })), present((v) => engine.search(null, v, { depth: 1 })),
    present((v) => engine.search(null, [], v)), (v) => engine.search(null, [], { depth: 1 }, v), (v) => new Clock(v),
    (v) => new Clock('cxa-6.1', v), (v) => new Clock('cxa-6.1').press(v), (v) => clock.check(v), (v) => clock.flag(v), (v) => clock.remaining(v),
    (v) => new Engine(v === undefined ? { hashMb: 1 } : v),
  ];
  let thrown = 0;
  for (const v of WEIRD) {
    for (const call of calls) {
      try {
        call(v);
      } catch (e) {
        thrown++;
        assert.equal(e?.name, 'XiangqiError', `${String(e)} for ${typeof v} in ${call}`);
      }
      // declineDraw with a valid colour would change the offer; WEIRD holds none.
      assert.equal(snapshot(), before, `${call} with ${typeof v}`);
      assert.equal(clockState(), clockBefore, `${call} with ${typeof v}`);
    }
  }
  assert.ok(thrown > 500, `${thrown}`);
  // Random record text: typed errors only.
  let seed = 99;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const alphabet = '[]"{}()$1. 炮二平五马8进7C2.5H8+7h2e2*\n;%DhtmlXQ_movelist7747/';
  for (let i = 0; i < 5000; i++) {
    const len = rnd(40);
    let s = '';
    for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
    for (const f of [parsePgn, Game.fromPgn, Game.fromDhtmlxq]) {
      try { f(s); } catch (e) { assert.equal(e.name, 'XiangqiError', `${e} for ${JSON.stringify(s)}`); }
    }
    try { g.parseMove(s); } catch (e) { assert.equal(e.name, 'XiangqiError'); }
  }
  assert.equal(snapshot(), before);
});

test('every integer argument and option is read by one rule, with one message shape', () => {
  // Options objects throw ERR_OPTIONS ("option <key> must be an integer from <min> to <max>"), positional
  // arguments ERR_ARGUMENT ("<key> must be …"); both quote what was given instead (strings cut after 24
  // characters).
  const e = new Engine({ hashMb: 1 });
  const options = [
    [() => new Game(null, { moveLimit: 1.5 }), 'new Game', 'moveLimit', 0, 10000, '1.5'],
    [() => new Game().setOptions({ repetitionCount: 1 }), 'setOptions', 'repetitionCount', 2, 100, '1'],
    [() => new Game(null, { mateThreatDepth: '2' }), 'new Game', 'mateThreatDepth', 1, 4, '"2"'],
    [() => new Engine({ hashMb: 0 }), 'new Engine', 'hashMb', 1, 256, '0'],
    [() => e.search(null, [], { depth: 65 }), 'search', 'depth', 1, 64, '65'],
    [() => e.search(null, [], { multiPv: 0 }), 'search', 'multiPv', 1, 20, '0'],
    [() => e.search(null, [], { skill: 2.5 }), 'search', 'skill', -10, 20, '2.5'],
    [() => e.search(null, [], { skill: -11 }), 'search', 'skill', -10, 20, '-11'],
    [() => e.search(null, [], { seed: -1 }), 'search', 'seed', 0, 9000000000000000, '-1'],
    [() => new Game().hint({ timeMs: NaN }), 'hint', 'timeMs', 1, 86400000, 'NaN'],
    [() => new Clock({ firstMs: 0 }), 'new Clock', 'firstMs', 1, 864000000, '0'],
    [() => new Clock({ firstMs: 1000, thenMs: 1000, thenMoves: 0.5 }), 'new Clock', 'thenMoves', 1, 864000000, '0.5'],
    [() => new Game().pgn({ lineWidth: -1 }), 'pgn', 'lineWidth', 0, 100000, '-1'],
    [() => new Game().pgn({ lineWidth: 'x'.repeat(1000) }), 'pgn', 'lineWidth', 0, 100000, `"${'x'.repeat(24)}…"`],
  ];
  for (const [fn, what, key, min, max, got] of options) {
    const err = throwsCode(fn, 'ERR_OPTIONS');
    assert.equal(err.message, `${what}: option ${key} must be an integer from ${min} to ${max}, got ${got}`);
  }
  const played = new Game();
  played.play('h2e2');
  const args = [
    [() => perft(startFen(), 13), 'perft', 'depth', 0, 12, '13'],
    [() => perft(startFen()), 'perft', 'depth', 0, 12, 'undefined'],
    [() => new Clock('cxa-6.1').press(-1), 'press', 'elapsedMs', 0, 864000000, '-1'],
    [() => new Clock('cxa-6.1').check('5'), 'check', 'elapsedMs', 0, 864000000, '"5"'],
    [() => new Clock('cxa-6.1').flagFell(1e10), 'flagFell', 'elapsedMs', 0, 864000000, '10000000000'],
    [() => played.getComment(2), 'getComment', 'ply', 0, 1, '2'],
    [() => played.setNags([1], 0), 'setNags', 'ply', 1, 1, '0'],
  ];
  for (const [fn, what, key, min, max, got] of args) {
    const err = throwsCode(fn, 'ERR_ARGUMENT');
    assert.equal(err.message, `${what}: ${key} must be an integer from ${min} to ${max}, got ${got}`);
  }
  played.free();
  e.free();
});
