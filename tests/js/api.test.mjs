// The JS API of the built package (pkg/node.mjs), against the shared test vectors and the documented behaviour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, startFen, validateFen, perft, isXiangqiError } from '../../pkg/node.mjs';
import { readJsonl, readJson } from '../support/data.mjs';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const AFTER_H2E2 = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1';
const MATE = '3k5/3R5/3R5/9/9/9/9/9/9/4K4 b'; // doubled chariots; e9 would face the red general
const DEFAULT_OPTIONS = {
  rules: 'axf', moveLimit: 60, repetitionCount: 3, mode: 'adjudicate', checkDiscount: false, mateThreatDepth: 2,
};
const ANALYSIS = { mode: 'analysis' };

function sortedIccs(moves) {
  return [...moves].sort((a, b) => {
    const key = (m) => [m.charCodeAt(0), m[1], m.charCodeAt(2), m[3]];
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < 4; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  });
}

test('start position basics', () => {
  const g = new Game();
  assert.equal(startFen(), START);
  assert.equal(g.fen(), START);
  assert.equal(g.turn(), 'red');
  assert.equal(g.isCheck(), false);
  assert.equal(g.outcome(), null);
  assert.deepEqual(g.options(), DEFAULT_OPTIONS);
  const moves = g.legalMoves();
  assert.equal(moves.length, 44);
  assert.deepEqual(moves, sortedIccs(moves));
  assert.equal(moves[0], 'a0a1');
  const pieces = g.pieces();
  assert.equal(pieces.length, 32);
  assert.deepEqual(pieces[0], { square: 'a0', color: 'red', kind: 'chariot' });
  assert.deepEqual(pieces.find((p) => p.square === 'e9'), { square: 'e9', color: 'black', kind: 'general' });
  assert.equal(pieces.filter((p) => p.kind === 'soldier').length, 10);
});

test('every record of positions.jsonl: moves, check, outcome, sample move', () => {
  const records = readJsonl('positions.jsonl');
  assert.ok(records.length > 3000);
  for (const r of records) {
    const g = new Game(r.fen);
    assert.deepEqual(g.legalMoves({ positionOnly: true }), sortedIccs(r.legal_moves), r.id);
    // By default legalMoves is what may be played now: the same list as allowedMoves (none once over).
    assert.deepEqual(g.legalMoves(), g.allowedMoves(), r.id);
    assert.equal(g.turn(), r.side_to_move, r.id);
    assert.equal(g.isCheck(), r.in_check, r.id);
    const o = g.outcome();
    if (r.status === 'ongoing') {
      // The records judge the board alone; the game also rules dead material (no mate possible) a draw.
      if (o !== null) {
        assert.ok(['deadPosition', 'moveLimit'].includes(o.reason), `${r.id} ${o.reason}`);
        assert.deepEqual([o.result, o.winner], ['1/2-1/2', null], r.id);
        assert.deepEqual(g.allowedMoves(), [], r.id);
      }
    } else {
      assert.equal(o.reason, r.status, r.id);
      assert.equal(o.winner, r.winner, r.id);
      assert.equal(o.result, r.winner === 'red' ? '1-0' : '0-1', r.id);
      assert.match(o.explanation, r.status === 'checkmate' ? /checkmated/ : /no legal move/);
    }
    if (r.sample_move) {
      if (o !== null) g.setOptions(ANALYSIS);
      const rec = g.play(r.sample_move);
      assert.equal(rec.iccs, r.sample_move, r.id);
      assert.equal(g.fen(), r.fen_after_sample_move, r.id);
      assert.equal(rec.check, g.isCheck(), r.id);
      assert.deepEqual(g.undo(), rec, r.id);
      assert.equal(new Game(r.fen).fen(), g.fen(), r.id);
    }
  }
});

test('verbose moves agree with the plain list and with play', () => {
  for (const r of readJsonl('positions.jsonl').slice(0, 300)) {
    const g = new Game(r.fen, ANALYSIS);
    const verbose = g.legalMoves({ verbose: true });
    assert.deepEqual(verbose.map((m) => m.iccs), g.legalMoves(), r.id);
    const caps = new Set(r.capture_moves);
    const checks = new Set(r.checking_moves);
    for (const m of verbose) {
      assert.equal(m.from + m.to, m.iccs);
      assert.equal(m.color, g.turn());
      assert.equal(m.captured !== null, caps.has(m.iccs), `${r.id} ${m.iccs} capture`);
      assert.equal(m.check, checks.has(m.iccs), `${r.id} ${m.iccs} check`);
      const piece = g.pieces().find((p) => p.square === m.from);
      assert.equal(m.piece, piece.kind);
      assert.equal(g.parseMove(m.wxf), m.iccs, `${r.id} ${m.wxf}`);
      assert.equal(g.parseMove(m.chinese), m.iccs, `${r.id} ${m.chinese}`);
    }
    if (verbose.length) {
      const m = verbose[verbose.length - 1];
      assert.deepEqual(g.play(m.iccs), m);
      assert.deepEqual(g.history({ verbose: true }), [m]);
      assert.deepEqual(g.history(), [m.iccs]);
    }
  }
});

test('movesFrom matches legalMoves; dests matches allowedMoves (legalMoves unless the game is over)', () => {
  for (const r of readJsonl('positions.jsonl').slice(0, 300)) {
    const g = new Game(r.fen);
    const all = g.allowedMoves();
    assert.deepEqual(all, g.outcome() ? [] : g.legalMoves(), r.id);
    g.setOptions(ANALYSIS);
    assert.deepEqual(g.allowedMoves(), g.legalMoves(), r.id);
    const dests = g.dests();
    assert.ok(dests instanceof Map);
    const rebuilt = [];
    for (const [from, tos] of dests) {
      assert.ok(tos.length > 0);
      assert.deepEqual(g.movesFrom(from), tos.map((t) => from + t), `${r.id} ${from}`);
      for (const t of tos) rebuilt.push(from + t);
    }
    assert.deepEqual(rebuilt, g.legalMoves(), r.id);
    g.setOptions({ mode: 'adjudicate' });
    assert.deepEqual([...g.dests()].flatMap(([f, ts]) => ts.map((t) => f + t)), all, r.id);
  }
  const g = new Game();
  assert.deepEqual(g.dests().get('b0'), ['a2', 'c2']);
  assert.deepEqual(g.movesFrom('e5'), []); // empty point
  assert.deepEqual(g.movesFrom('b9'), []); // Black's horse, Red to move
  assert.deepEqual(g.movesFrom(' B0 '), ['b0a2', 'b0c2']);
});

test('legality cases L01-L04: isLegal and validate agree, with reasons', () => {
  for (const c of readJson('legality_cases.json')) {
    const g = new Game(c.fen);
    assert.equal(g.legalMoves().length, c.count, c.id);
    for (const m of c.legal) {
      assert.equal(g.isLegal(m), true, `${c.id} ${m}`);
      assert.deepEqual(g.validate(m), { legal: true });
    }
    for (const m of c.illegal) {
      assert.equal(g.isLegal(m), false, `${c.id} ${m}`);
      const v = g.validate(m);
      assert.equal(v.legal, false);
      assert.equal(typeof v.code, 'string');
      assert.ok(v.reason.length > 5);
    }
  }
});

test('validate explains why', () => {
  const g = new Game();
  g.play('h2e2');
  assert.deepEqual(g.validate('b9d8'), { legal: false, code: 'horseLegBlocked', reason: "the horse's leg at c9 is blocked" });
  assert.deepEqual(g.validate('h9g7'), { legal: true });
  assert.deepEqual(g.validate({ from: 'h9', to: 'g7' }), { legal: true });
  assert.equal(g.validate('a0a1').code, 'notYourPiece');
  assert.equal(g.validate('e5e6').code, 'emptySquare');
  assert.equal(g.validate('c9e11').code, 'syntax');
  assert.equal(g.validate(42).code, 'syntax');
  assert.equal(g.validate('e9e7').code, 'generalStep');
  assert.equal(g.validate('a9a4').code, 'pathBlocked');
  // Documented examples.
  const doc = new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b');
  assert.deepEqual(doc.validate('b9d8'), { legal: false, code: 'horseLegBlocked', reason: "the horse's leg at c9 is blocked" });
  const exposed = new Game('3k1r3/9/9/9/9/9/9/9/9/4K4 w');
  assert.deepEqual(exposed.validate('e0f0'), { legal: false, code: 'leavesGeneralInCheck', reason: 'leaves the general in check' });
  const facing = new Game('4k4/9/9/9/4P4/9/9/9/9/4K4 w');
  assert.deepEqual(facing.validate('e5d5'), { legal: false, code: 'generalsWouldFace', reason: 'the generals would face each other' });
});

test('play returns a record, accepts objects and H2-E2, and undo/history/reset/clone work', () => {
  const g = new Game();
  const rec = g.play('H2-E2');
  assert.deepEqual(rec, { iccs: 'h2e2', from: 'h2', to: 'e2', color: 'red', piece: 'cannon', captured: null, check: false,
    wxf: 'C2.5', chinese: '炮二平五' });
  assert.equal(g.fen(), AFTER_H2E2);
  assert.equal(g.turn(), 'black');
  g.play({ from: 'h9', to: 'g7' });
  const copy = g.clone();
  copy.play('e2e6');
  assert.deepEqual(copy.history(), ['h2e2', 'h9g7', 'e2e6']);
  assert.equal(copy.history({ verbose: true })[2].captured, 'soldier');
  assert.deepEqual(g.history(), ['h2e2', 'h9g7']);
  assert.equal(g.undo().iccs, 'h9g7');
  assert.equal(g.fen(), AFTER_H2E2);
  g.reset();
  assert.equal(g.fen(), START);
  assert.deepEqual(g.history(), []);
  assert.equal(g.undo(), null);
  // A game from a FEN resets to that FEN.
  const f = Game.fromFen(AFTER_H2E2, { rules: 'cxa' });
  f.play('h9g7');
  f.reset();
  assert.equal(f.fen(), AFTER_H2E2);
  assert.deepEqual(f.options(), { ...DEFAULT_OPTIONS, rules: 'cxa' });
  assert.deepEqual(f.clone().options(), { ...DEFAULT_OPTIONS, rules: 'cxa' });
  // A move record can be played back into another game.
  const h = new Game();
  h.play(rec);
  assert.equal(h.fen(), AFTER_H2E2);
});

test('outcome: checkmate and stalemate lose for the side to move', () => {
  const records = readJsonl('positions.jsonl');
  const mate = records.find((r) => r.status === 'checkmate' && r.side_to_move === 'black');
  const o = new Game(mate.fen).outcome();
  assert.deepEqual(Object.keys(o),
    ['result', 'winner', 'reason', 'ruleset', 'offender', 'explanation', 'explanationZh', 'explanations', 'ply', 'cycle']);
  assert.equal(o.result, '1-0');
  assert.equal(o.explanation, 'Black is checkmated; Red wins.');
  const stale = records.find((r) => r.status === 'stalemate' && r.side_to_move === 'red');
  const s = new Game(stale.fen).outcome();
  assert.deepEqual({ ...s, explanation: undefined, explanationZh: undefined, explanations: undefined },
    { result: '0-1', winner: 'black', reason: 'stalemate', ruleset: 'axf', offender: null, explanation: undefined,
      explanationZh: undefined, explanations: undefined, ply: 0, cycle: [] });
  assert.match(s.explanation, /^Red has no legal move \(stalemate\); in xiangqi the stalemated side loses/);
  // The documented example.
  const m = new Game(MATE).outcome();
  assert.deepEqual({ ...m, explanationZh: undefined, explanations: undefined }, {
    result: '1-0', winner: 'red', reason: 'checkmate', ruleset: 'axf', offender: null,
    explanation: 'Black is checkmated; Red wins.', explanationZh: undefined, explanations: undefined, ply: 0, cycle: [],
  });
  assert.equal(m.explanationZh, '黑方被将死，红方胜。');
  // Every interface language (issue 37).
  assert.deepEqual(m.explanations, {
    en: 'Black is checkmated; Red wins.', zh: '黑方被将死，红方胜。', 'zh-Hant': '黑方被將死，紅方勝。',
    vi: 'Bên đen bị chiếu bí; bên đỏ thắng.',
  });
});

test('validateFen lists every problem and never throws', () => {
  assert.deepEqual(validateFen(START), { ok: true, errors: [] });
  const facing = validateFen('4k4/9/9/9/9/9/9/9/9/4K4 w');
  assert.equal(facing.ok, false);
  assert.deepEqual(facing.errors.map((e) => e.code), ['ERR_FEN_GENERALS_FACING']);
  const many = validateFen('4k4/9/9/9/9/9/9/9/9/3KA4 w'); // advisor on e0 and generals facing? e0 advisor blocks
  assert.equal(many.ok, false);
  assert.ok(many.errors.some((e) => e.code === 'ERR_FEN_ADVISOR_PLACEMENT' && e.square === 'e0'));
  assert.deepEqual(validateFen('').errors[0].code, 'ERR_FEN_EMPTY');
  assert.deepEqual(validateFen('x'.repeat(100000)).errors[0].code, 'ERR_FEN_TOO_LONG');
  assert.deepEqual(validateFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w').errors[0].code, 'ERR_FEN_PIECE');
  for (const bad of [undefined, null, 42, {}, [], Symbol('x'), () => 1, 10n]) {
    const r = validateFen(bad);
    assert.equal(r.ok, false);
    assert.equal(r.errors[0].code, 'ERR_ARGUMENT');
  }
  for (const e of [...facing.errors, ...many.errors]) assert.equal(typeof e.message, 'string');
});

test('perft from JS matches perft.jsonl at depth 1-3', () => {
  for (const r of readJsonl('perft.jsonl').slice(0, 8)) {
    for (const d of ['1', '2', '3']) {
      if (r.perft[d] !== undefined) assert.equal(perft(r.fen, Number(d)), r.perft[d], `${r.id} depth ${d}`);
    }
  }
  assert.equal(perft(START, 0), 1);
});

test('doc examples of the README hold', () => {
  const g = new Game();
  assert.deepEqual(g.legalMoves({ verbose: true })[0],
    { iccs: 'a0a1', from: 'a0', to: 'a1', color: 'red', piece: 'chariot', captured: null, check: false,
      wxf: 'R9+1', chinese: '车九进一' });
  const endgame = new Game('4k4/9/9/9/9/9/9/9/4A4/3K5 w', { rules: 'cxa' });
  assert.equal(endgame.turn(), 'red');
  assert.ok(g.movesFrom('h2').includes('h2h9'));
  assert.equal(g.isLegal('h2e2'), true);
  assert.equal(g.isLegal('b9d8'), false);
  try {
    new Game('nonsense');
    assert.fail('no throw');
  } catch (e) {
    assert.ok(isXiangqiError(e));
    assert.equal(e.code, 'ERR_FEN_BOARD');
  }
});
