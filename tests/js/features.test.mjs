// Adjudication, external endings, notation, records, hints, the Engine and the Clock through the JS API of the
// built package, against the shared test data (rulings catalogue, positions, PGN files).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game, Engine, Clock, parsePgn } from '../../pkg/node.mjs';
import { readJsonl, root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';


/** Everything observable about a game, to check that a failed call changed nothing. */
function snapshot(g) {
  return JSON.stringify([g.fen(), g.history(), g.outcome(), g.options(), g.drawOffer(), g.allowedMoves()]);
}

const EXPECTED = { red_wins: '1-0', black_wins: '0-1', red_loses: '0-1', black_loses: '1-0', draw: '1/2-1/2' };
const CHASE = '4k4/9/8c/9/9/7R1/9/9/9/3K5 w';
const CHASE_MOVES = ['h4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4', 'h7i7'];

test('rulings catalogue: all 42 cases in both columns give the expected result through the JS API', () => {
  // The 42 cases of the rulings catalogue (the project's own cases carry `source: "project"`, tests/js/rules-gaps.test.mjs).
  const cases = readJsonl('rulings.jsonl').filter((x) => !x.source);
  assert.equal(cases.length, 42);
  let repetitions = 0;
  for (const c of cases) {
    for (const rules of ['axf', 'cxa']) {
      // Analysis mode plays every move of the case; the outcome is the first ending reached.
      const g = new Game(c.fen, { rules, mode: 'analysis' });
      for (const m of c.moves) g.play(m);
      const o = g.outcome();
      const want = EXPECTED[c[rules]] ?? null;
      assert.equal(o?.result ?? null, want, `${c.id} ${rules}: ${o?.explanation}`);
      if (!o) continue;
      assert.equal(o.ruleset, rules);
      assert.ok(o.explanation.length > 10 && o.explanationZh.length > 5, c.id);
      if (c.kind === 'rep' && o.cycle.length) {
        repetitions++;
        if (o.winner) assert.equal(o.offender, o.winner === 'red' ? 'black' : 'red', c.id);
        else assert.equal(o.offender, null, c.id);
        for (const cm of o.cycle) {
          assert.ok(['check', 'mateThreat', 'chase', 'idle'].includes(cm.category), c.id);
          assert.equal(cm.move, c.moves[cm.ply - 1], `${c.id} ply ${cm.ply}`);
          if (cm.category === 'chase') assert.ok(cm.targets.length > 0, c.id);
          for (const t of cm.targets) assert.ok(t.attackers.length > 0 && typeof t.protected === 'boolean');
        }
      }
    }
  }
  assert.ok(repetitions >= 40, `${repetitions} repetition verdicts with cycles`);
});

test('enforce mode: the condemned move is refused, listed nowhere, and the game is unchanged', () => {
  let refused = 0;
  for (const c of readJsonl('rulings.jsonl').filter((x) => x.kind === 'rep' && !x.source)) {
    for (const rules of ['axf', 'cxa']) {
      const g = new Game(c.fen, { rules, mode: 'enforce' });
      for (const m of c.moves) {
        if (g.outcome()) break;
        const v = g.validate(m);
        if (!v.legal) {
          assert.equal(v.code, 'forbiddenRepetition', `${c.id} ${rules} ${m}`);
          const before = snapshot(g);
          const e = throwsCode(() => g.play(m), 'ERR_ILLEGAL_MOVE');
          assert.equal(e.reasonCode, 'forbiddenRepetition');
          assert.equal(snapshot(g), before);
          assert.equal(g.isLegal(m), false);
          assert.ok(!g.allowedMoves().includes(m));
          assert.ok(!g.legalMoves().includes(m));
          assert.ok(g.legalMoves({ positionOnly: true }).includes(m));
          assert.ok(!g.movesFrom(m.slice(0, 2)).includes(m));
          assert.ok(g.movesFrom(m.slice(0, 2), { positionOnly: true }).includes(m));
          assert.ok(!(g.dests().get(m.slice(0, 2)) ?? []).includes(m.slice(2)));
          // The same move in adjudicate mode is played and loses for its mover.
          const adj = g.clone();
          adj.setOptions({ mode: 'adjudicate' });
          const warning = adj.validate(m).warning;
          assert.equal(warning.offender, g.turn(), c.id);
          assert.deepEqual(adj.repetitionWarning(m), warning);
          adj.play(m);
          assert.deepEqual(adj.outcome(), warning);
          refused++;
          break;
        }
        g.play(m);
      }
    }
  }
  assert.ok(refused >= 4, `${refused} refusals`);
});

test('outcome of a perpetual chase: verdict, explanation, cycle; undo lifts it; play refuses after it', () => {
  const g = new Game(CHASE);
  for (const m of CHASE_MOVES.slice(0, 7)) g.play(m);
  assert.equal(g.outcome(), null);
  const warning = g.validate('h7i7').warning;
  assert.equal(warning.reason, 'perpetualChase');
  g.play('h7i7');
  const o = g.outcome();
  assert.deepEqual(o, warning);
  assert.equal(o.ply, 8);
  assert.deepEqual(o.cycle.map((c) => c.category), ['chase', 'idle', 'chase', 'idle', 'chase', 'idle', 'chase', 'idle']);
  assert.deepEqual(o.cycle[0].targets[0], { square: 'i7', color: 'black', kind: 'cannon', protected: false,
    attackers: [{ square: 'i4', kind: 'chariot' }] });
  const e = throwsCode(() => g.play('e9e8'), 'ERR_ILLEGAL_MOVE');
  assert.equal(e.reasonCode, 'gameOver');
  assert.deepEqual(g.allowedMoves(), []);
  assert.equal(g.dests().size, 0);
  assert.equal(g.validate('e9e8').code, 'gameOver');
  g.undo();
  assert.equal(g.outcome(), null);
  // CXA agrees here; setOptions re-rules the finished game.
  g.play('h7i7');
  g.setOptions({ rules: 'cxa' });
  assert.equal(g.outcome().ruleset, 'cxa');
  assert.equal(g.outcome().reason, 'perpetualChase');
  // A higher repetition count lifts the ending.
  g.setOptions({ repetitionCount: 4 });
  assert.equal(g.outcome(), null);
});

test('classifyMove: check, chase with targets, idle; errors for bad moves', () => {
  const g = new Game(CHASE);
  assert.deepEqual(g.classifyMove('h4i4'), { category: 'chase', check: false, mateThreat: false,
    targets: [{ square: 'i7', color: 'black', kind: 'cannon', protected: false, attackers: [{ square: 'i4', kind: 'chariot' }] }] });
  assert.equal(g.classifyMove('h4h9').category, 'check');
  assert.equal(g.classifyMove('h4h3').category, 'idle');
  assert.equal(g.classifyMove({ from: 'h4', to: 'h3' }).category, 'idle');
  throwsCode(() => g.classifyMove('i7i6'), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => g.classifyMove('zz'), 'ERR_MOVE_SYNTAX');
  throwsCode(() => g.classifyMove(3), 'ERR_ARGUMENT');
  throwsCode(() => g.repetitionWarning('i7i6'), 'ERR_ILLEGAL_MOVE');
  assert.equal(g.repetitionWarning('h4i4'), null);
});

test('move limit and its options', () => {
  const fen = '4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 0 1';
  const g = new Game(fen, { moveLimit: 1 });
  g.play('a0a1');
  assert.equal(g.outcome(), null);
  g.play('e9f9');
  assert.equal(g.outcome().reason, 'moveLimit');
  assert.equal(g.outcome().result, '1/2-1/2');
  const off = new Game(fen, { moveLimit: 0 });
  off.play('a0a1');
  off.play('e9f9');
  assert.equal(off.outcome(), null);
  assert.equal(off.options().moveLimit, 0);
});

test('external endings: resignation, draws, time forfeit, their errors', () => {
  const g = new Game();
  throwsCode(() => g.acceptDraw('black'), 'ERR_NO_DRAW_OFFER');
  g.offerDraw('red');
  throwsCode(() => g.acceptDraw('red'), 'ERR_NO_DRAW_OFFER'); // one's own offer
  assert.equal(g.drawOffer(), 'red');
  g.play('h2e2'); // Red moves: its offer stands until Black answers
  g.play('h9g7'); // Black plays on: the offer lapses
  assert.equal(g.drawOffer(), null);
  const o = g.resign('red');
  assert.deepEqual([o.result, o.winner, o.reason, o.offender, o.ply], ['0-1', 'black', 'resignation', 'red', 2]);
  assert.deepEqual(g.outcome(), o);
  const before = snapshot(g);
  throwsCode(() => g.resign('black'), 'ERR_GAME_OVER');
  throwsCode(() => g.offerDraw('black'), 'ERR_GAME_OVER');
  throwsCode(() => g.timeForfeit('black'), 'ERR_GAME_OVER');
  assert.equal(snapshot(g), before);
  for (const bad of ['white', 'Red', '', null, undefined, 1, {}]) {
    throwsCode(() => new Game().resign(bad), 'ERR_ARGUMENT');
    throwsCode(() => new Game().offerDraw(bad), 'ERR_ARGUMENT');
  }
  const t = new Game().timeForfeit('black');
  assert.deepEqual([t.result, t.reason, t.offender], ['1-0', 'timeForfeit', 'black']);
  const d = new Game();
  d.offerDraw('black');
  assert.deepEqual([d.acceptDraw('red').result, d.outcome().reason], ['1/2-1/2', 'agreement']);
});

test('options: every bad value throws ERR_OPTIONS and leaves the game unchanged', () => {
  const g = new Game();
  g.play('h2e2');
  const before = snapshot(g);
  for (const o of [{ moveLimit: -1 }, { moveLimit: 1.5 }, { moveLimit: '60' }, { moveLimit: 10001 },
    { repetitionCount: 1 }, { repetitionCount: 101 }, { mode: 'strict' }, { mode: 1 }, { checkDiscount: 'yes' },
    { mateThreatDepth: 0 }, { mateThreatDepth: 5 }, { rules: 'fide' }, { speed: 1 }, 'cxa', [], 5]) {
    throwsCode(() => new Game(null, o), 'ERR_OPTIONS');
    throwsCode(() => g.setOptions(o), 'ERR_OPTIONS');
    assert.equal(snapshot(g), before, JSON.stringify(o));
  }
  g.setOptions({ checkDiscount: true, mateThreatDepth: 3 });
  assert.deepEqual(g.options(), { rules: 'axf', moveLimit: 60, repetitionCount: 3, mode: 'adjudicate',
    checkDiscount: true, mateThreatDepth: 3 });
});

test('notation: every legal move of 400 positions in WXF and Chinese (both scripts) parses back', () => {
  const styles = [['wxf', {}], ['wxf', { lowercase: true, traverse: '=' }], ['wxf', { tandem: 'ordinal' }],
    ['chinese', {}], ['chinese', { script: 'traditional', blackDigits: 'fullwidth' }], ['iccs', {}]];
  for (const r of readJsonl('positions.jsonl').slice(0, 400)) {
    const g = new Game(r.fen, { mode: 'analysis' });
    for (const m of g.legalMoves()) {
      for (const [n, o] of styles) {
        const text = g.toNotation(m, n, o);
        if (o.tandem === 'ordinal') continue; // ordinal digit pairs may read two ways: checked natively
        assert.equal(g.parseMove(text), m, `${r.id} ${n} ${text}`);
      }
    }
    const wxf = g.legalMoves({ notation: 'wxf' });
    assert.deepEqual(wxf, g.legalMoves().map((m) => g.toNotation(m, 'wxf')));
  }
});

test('notation errors: syntax, no piece, impossible, ambiguous, illegal — typed, game unchanged', () => {
  const g = new Game();
  const before = snapshot(g);
  assert.equal(throwsCode(() => g.parseMove('炮二平'), 'ERR_MOVE_SYNTAX').move, '炮二平');
  throwsCode(() => g.parseMove('C3.5'), 'ERR_MOVE_NO_PIECE');
  throwsCode(() => g.parseMove('H2.3'), 'ERR_MOVE_IMPOSSIBLE');
  const ill = throwsCode(() => g.parseMove('车一平二'), 'ERR_ILLEGAL_MOVE');
  assert.equal(ill.reasonCode, 'ownPieceOnTarget');
  throwsCode(() => g.parseMove(42), 'ERR_ARGUMENT');
  throwsCode(() => g.parseMove('x'.repeat(100000)), 'ERR_MOVE_SYNTAX');
  // Two red cannons on file 5 (e2 and e5): 'C5+1' does not say which.
  const t = new Game('3k5/9/9/9/9/4C4/9/9/4C4/5K3 w');
  const amb = throwsCode(() => t.play('C5+1'), 'ERR_MOVE_AMBIGUOUS');
  assert.deepEqual(amb.candidates, ['e1e2', 'e4e5']);
  assert.equal(t.validate('C5+1').code, 'ambiguous');
  assert.equal(t.parseMove('前炮进一'), 'e4e5');
  assert.equal(t.parseMove(t.toNotation('e4e5', 'wxf')), 'e4e5');
  assert.equal(t.parseMove('后炮进一'), 'e1e2');
  assert.equal(g.validate('C3.5').code, 'noPiece');
  assert.equal(g.validate('H2.3').code, 'impossible');
  for (const bad of ['炮二平', 'C3.5', '车一平二', 42, null]) {
    assert.equal(g.isLegal(bad), false);
    assert.throws(() => g.play(bad));
  }
  assert.equal(snapshot(g), before);
  // A bad notation name is ERR_OPTIONS wherever it is given.
  throwsCode(() => g.toNotation('h2e2', 'algebraic'), 'ERR_OPTIONS');
  throwsCode(() => g.toNotation('h2e2', 42), 'ERR_OPTIONS');
  throwsCode(() => g.legalMoves({ notation: 'algebraic' }), 'ERR_OPTIONS');
  throwsCode(() => g.toNotation('h2e2', 'wxf', { script: 'cursive' }), 'ERR_OPTIONS');
  throwsCode(() => g.toNotation('h2e2', 'wxf', { colour: 1 }), 'ERR_OPTIONS');
  throwsCode(() => g.toNotation('h2h7', 'wxf'), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => g.history({ notation: 'fen' }), 'ERR_OPTIONS');
});

test('PGN: the shared records (UTF-8 text, UTF-8 bytes, GBK bytes) read the same, write and read back', () => {
  const utf8 = readFileSync(join(root, 'tests', 'data', 'notation', 'opening.pgn'));
  const gbk = readFileSync(join(root, 'tests', 'data', 'notation', 'opening-gbk.pgn'));
  const fromText = parsePgn(utf8.toString('utf8'));
  // The same games; bytes also say their encoding (text given as text has none).
  const games = (list) => list.map(({ encoding, ...g }) => g);
  assert.deepEqual(games(parsePgn(new Uint8Array(utf8))), games(fromText));
  assert.deepEqual(games(parsePgn(new Uint8Array(gbk))), games(fromText));
  assert.deepEqual([fromText[0].encoding, parsePgn(new Uint8Array(utf8))[0].encoding, parsePgn(new Uint8Array(gbk))[0].encoding],
    [null, 'utf-8', 'gbk']);
  assert.equal(fromText[0].headers.Red, '红方棋手');
  assert.equal(fromText[0].result, '1/2-1/2');
  const g = Game.fromPgn(new Uint8Array(gbk));
  assert.equal(g.history().length, fromText[0].mainline.moves.length);
  // Round trip in every notation.
  for (const notation of ['chinese', 'wxf', 'iccs']) {
    const text = g.pgn({ notation, headers: fromText[0].headers });
    const back = Game.fromPgn(text);
    assert.deepEqual(back.history(), g.history(), notation);
    assert.equal(parsePgn(text)[0].headers.Event, fromText[0].headers.Event);
  }
  assert.deepEqual(Game.fromDhtmlxq(g.dhtmlxq()).history(), g.history());
  // A game from a FEN keeps its start position.
  const f = new Game('4k4/9/8c/9/9/7R1/9/9/9/3K5 w');
  f.play('h4i4');
  assert.equal(Game.fromPgn(f.pgn()).initialFen(), f.initialFen());
  assert.equal(Game.fromDhtmlxq(f.dhtmlxq()).fen(), f.fen());
  // The outcome becomes the Result header; options apply to the read game.
  const r = new Game();
  r.resign('black');
  assert.match(r.pgn(), /\[Result "1-0"\]/);
  assert.equal(Game.fromPgn(r.pgn(), { rules: 'cxa' }).options().rules, 'cxa');
});

test('PGN comments, NAGs, variations and several games', () => {
  const text = '[Event "one"]\n\n1. C2.5 {a comment} H8+7 $1 (1... C8.5 {the other cannon} $2 (1... P7+1)) 2. H2+3 *\n\n'
    + '[Event "two"]\n[Result "0-1"]\n\n1. 炮二平五 炮8平5 0-1\n';
  const games = parsePgn(text);
  assert.equal(games.length, 2);
  const [a, b] = games;
  assert.equal(a.headers.Event, 'one');
  assert.deepEqual(a.mainline.moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2']);
  assert.equal(a.mainline.moves[0].comment, 'a comment');
  assert.deepEqual(a.mainline.moves[1].nags, [1]);
  const v = a.mainline.moves[1].variations;
  assert.equal(v.length, 1);
  const alt = v[0].moves[0];
  assert.deepEqual([alt.move, alt.nags, alt.comment], ['h7e7', [2], 'the other cannon']);
  // The nested variation is an alternative to 1... C8.5 inside the variation.
  assert.deepEqual(alt.variations[0].moves.map((m) => m.move), ['g6g5']);
  assert.equal(b.result, '0-1');
  assert.deepEqual(b.mainline.moves.map((m) => m.move), ['h2e2', 'h7e7']);
});

test('record errors: syntax with line and column, moves with ply and text, FEN, empty, encoding, types', () => {
  const s = throwsCode(() => parsePgn('[Event "x"\n1. C2.5'), 'ERR_RECORD_SYNTAX');
  assert.deepEqual([s.line, s.column], [1, 11]);
  const m = throwsCode(() => parsePgn('[Event "x"]\n\n1. C2.5 C3.5 *'), 'ERR_RECORD_MOVE');
  assert.deepEqual([m.game, m.ply, m.moveText, m.moveCode, m.line, m.column, m.inVariation],
    [0, 2, 'C3.5', 'ERR_MOVE_NO_PIECE', 3, 9, false]);
  const ill = throwsCode(() => Game.fromPgn('1. h2h7 *'), 'ERR_RECORD_MOVE');
  assert.deepEqual([ill.moveCode, ill.reasonCode, ill.ply], ['ERR_ILLEGAL_MOVE', 'cannonNoScreen', 1]);
  const fen = throwsCode(() => parsePgn('[FEN "4k4/9/9/9/9/9/9/9/9/4K4 w"]\n\n*'), 'ERR_RECORD_FEN');
  assert.equal(fen.errors[0].code, 'ERR_FEN_GENERALS_FACING');
  throwsCode(() => Game.fromPgn(''), 'ERR_RECORD_EMPTY');
  throwsCode(() => Game.fromPgn(new Uint8Array([0xff, 0xfe, 0xff, 0x81, 0x20])), 'ERR_RECORD_ENCODING');
  throwsCode(() => Game.fromDhtmlxq('[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ'), 'ERR_RECORD_SYNTAX');
  for (const bad of [undefined, null, 42, {}, [1, 2]]) {
    throwsCode(() => parsePgn(bad), 'ERR_ARGUMENT');
    throwsCode(() => Game.fromPgn(bad), 'ERR_ARGUMENT');
    throwsCode(() => Game.fromDhtmlxq(bad), 'ERR_ARGUMENT');
  }
  const g = new Game();
  throwsCode(() => g.pgn({ notation: 'fen' }), 'ERR_OPTIONS');
  throwsCode(() => g.pgn({ headers: { 'Bad Name': 'x' } }), 'ERR_OPTIONS');
  throwsCode(() => g.pgn({ headers: { Event: 'a\nb' } }), 'ERR_OPTIONS');
  // Quotes and backslashes are escaped as the PGN standard says, and read back.
  const quoted = g.pgn({ headers: { Event: 'a "b" \\ c]' } });
  assert.ok(quoted.includes('[Event "a \\"b\\" \\\\ c]"]'), quoted);
  assert.equal(parsePgn(quoted)[0].headers.Event, 'a "b" \\ c]');
  throwsCode(() => g.pgn({ lineWidth: -1 }), 'ERR_OPTIONS');
  throwsCode(() => g.pgn({ colour: 1 }), 'ERR_OPTIONS');
});

test('hint: legal, deterministic at a fixed depth, finds a mate, respects its limits and the game', () => {
  const mate = new Game('9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w');
  const h = mate.hint({ depth: 3 });
  assert.equal(h.move, 'b6d6');
  assert.deepEqual(h.score, { mate: 1 });
  const g = new Game();
  g.play('h2e2');
  const a = g.hint({ depth: 4 });
  const b = g.hint({ depth: 4 });
  assert.ok(g.isLegal(a.move));
  assert.equal(a.depth, 4);
  assert.equal(a.pv[0], a.move);
  assert.ok('cp' in a.score);
  assert.equal(a.move, b.move);
  const n = g.hint({ nodes: 3000 });
  assert.ok(n.nodes >= 3000 && n.nodes < 20000, `${n.nodes} nodes`);
  const multi = g.hint({ depth: 3, multiPv: 3 });
  assert.equal(multi.lines.length, 3);
  assert.equal(new Set(multi.lines.map((l) => l.pv[0])).size, 3);
  const weak1 = g.hint({ depth: 3, skill: 0, seed: 7 });
  const weak2 = g.hint({ depth: 3, skill: 0, seed: 7 });
  assert.equal(weak1.move, weak2.move);
  assert.ok(g.isLegal(weak1.move));
  // A novice level weighs every move at one ply and picks one of those that do not lose much.
  const novice = g.hint({ skill: -3, seed: 7 });
  assert.equal(novice.depth, 1);
  assert.equal(novice.lines.length, g.legalMoves().length);
  assert.equal(g.hint({ skill: -3, seed: 7 }).move, novice.move);
  assert.ok(g.isLegal(novice.move));
  const over = new Game('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b');
  assert.equal(over.hint({ depth: 2 }).move, null);
  for (const bad of [{ depth: 0 }, { depth: 1.5 }, { depth: 65 }, { timeMs: -1 }, { nodes: 'many' }, { skill: 21 }, { skill: -11 },
    { multiPv: 0 }, { deep: 3 }, 'fast', 3]) {
    throwsCode(() => g.hint(bad), 'ERR_OPTIONS');
  }
});

test('Engine: keeps its table, reports progress, takes a Game or a FEN and moves, typed errors', () => {
  throwsCode(() => new Engine({ hashMb: 0 }), 'ERR_OPTIONS');
  throwsCode(() => new Engine({ hashMb: 1.5 }), 'ERR_OPTIONS');
  throwsCode(() => new Engine({ hashMb: 257 }), 'ERR_OPTIONS');
  throwsCode(() => new Engine({ size: 1 }), 'ERR_OPTIONS');
  const e = new Engine({ hashMb: 4 });
  const progress = [];
  const g = new Game();
  g.play('h2e2');
  const r1 = e.search(g, { depth: 5 }, (p) => progress.push(p));
  assert.deepEqual(progress.map((p) => p.depth), [1, 2, 3, 4, 5]);
  for (const p of progress) assert.ok(p.pv.length > 0 && p.nodes > 0 && 'multipv' in p);
  const r2 = e.search(g.initialFen(), g.history(), { depth: 5 });
  assert.equal(r2.move, r1.move);
  assert.ok(r2.nodes < r1.nodes, `the table helps the second search (${r2.nodes} vs ${r1.nodes})`);
  e.newGame();
  const r3 = e.search(null, ['h2e2'], { depth: 5 });
  assert.deepEqual([r3.move, r3.nodes], [r1.move, r1.nodes], 'after newGame the search is reproducible');
  throwsCode(() => e.search('nonsense', []), 'ERR_FEN_BOARD');
  throwsCode(() => e.search(null, ['h2h7']), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => e.search(null, ['zz']), 'ERR_MOVE_SYNTAX');
  throwsCode(() => e.search(null, 'h2e2'), 'ERR_ARGUMENT');
  throwsCode(() => e.search(null, [], { depth: 0 }), 'ERR_OPTIONS');
  throwsCode(() => e.search(null, [], { depth: 2 }, 'callback'), 'ERR_ARGUMENT');
  throwsCode(() => e.search({}, { depth: 1 }), 'ERR_ARGUMENT');
  // A throwing callback stops the search and its exception propagates.
  const boom = new Error('boom');
  assert.throws(() => e.search(null, [], { depth: 6 }, () => { throw boom; }), (x) => x === boom);
  assert.ok(e.search(null, [], { depth: 2 }).move);
});

test('Clock: presets, schemes, flags, and the game records the time forfeit', () => {
  const c = new Clock('cxa-6.4');
  for (let i = 0; i < 29; i++) {
    assert.equal(c.press(5000), null);
    assert.equal(c.press(5000), null);
  }
  assert.equal(c.remaining('red'), 155000);
  assert.equal(c.movesToGo('red'), 1);
  assert.equal(c.check(150000), null);
  assert.equal(c.check(160000).reason, 'quotaNotMet');
  assert.equal(c.flag(), null, 'check records nothing');
  const f = c.press(160000);
  assert.deepEqual(f, { color: 'red', reason: 'quotaNotMet', period: 1, movesMade: 29, movesRequired: 30,
    message: "red's flag fell in period 1: 29 of the 30 required moves made" });
  assert.deepEqual(c.press(0), f, 'the clock stops');
  assert.deepEqual(c.flag(), f);
  assert.equal(new Game().timeForfeit(f.color).result, '0-1');
  const p = new Clock('cxa-6.1');
  assert.deepEqual([p.remaining('black'), p.movesToGo('black'), p.period('black')], [5400000, 40, 1]);
  const sd = new Clock({ firstMs: 1000 }, 'black');
  assert.equal(sd.turn(), 'black');
  assert.equal(sd.movesToGo('black'), null);
  assert.equal(sd.flagFell(1001).reason, 'timeExhausted');
  const pm = new Clock('axf-per-move');
  assert.equal(pm.remaining('red'), 120000 + 1800000);
  assert.equal(new Clock({ perMoveMs: 1000, reserveMs: 0 }).press(1001).reason, 'moveTimeExceeded');
  for (const bad of ['blitz', { firstMs: 0 }, { firstMs: 1.5 }, { thenMoves: 5, firstMs: 10 }, { perMoveMs: 10, firstMs: 10 },
    {}, { firstMs: 1000, speed: 2 }, 5, null]) {
    throwsCode(() => new Clock(bad), 'ERR_OPTIONS');
  }
  throwsCode(() => new Clock('cxa-6.1', 'white'), 'ERR_ARGUMENT');
  throwsCode(() => new Clock('cxa-6.1').press(-1), 'ERR_ARGUMENT');
  throwsCode(() => new Clock('cxa-6.1').press('5'), 'ERR_ARGUMENT');
  throwsCode(() => new Clock('cxa-6.1').press(), 'ERR_ARGUMENT');
  throwsCode(() => new Clock('cxa-6.1').check(1.5), 'ERR_ARGUMENT');
  throwsCode(() => new Clock('cxa-6.1').remaining('blue'), 'ERR_ARGUMENT');
});

test('Engine and hint score repetitions by the game\'s rule set (rulings R12: AXF draw, CXA Red loses)', () => {
  const fen = '4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1';
  const moves = 'i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7 i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4'.split(' ');
  const found = {};
  for (const rules of ['axf', 'cxa']) {
    const game = new Game(fen, { rules });
    for (const m of moves) game.play(m);
    // Black to move: i7h7 completes the third occurrence; under CXA Red, the chaser, must vary and loses.
    const e = new Engine({ hashMb: 4 });
    const viaEngine = e.search(game, { depth: 1 });
    const viaHint = game.hint({ depth: 1 });
    assert.deepEqual([viaEngine.move, viaEngine.score], [viaHint.move, viaHint.score], rules);
    found[rules] = viaEngine;
  }
  assert.equal(found.cxa.move, 'i7h7');
  assert.deepEqual(found.cxa.score, { mate: 1 });
  assert.notDeepEqual([found.axf.move, found.axf.score], ['i7h7', { mate: 1 }]);
});

test('Engine: the game kept from the last search is exactly the game asked for (prefix, longer, other line, rules)', () => {
  // The engine keeps the game of its last search and plays only the moves that changed: whatever came before,
  // a search after newGame() answers as a fresh engine does (R12, where the history decides the verdict).
  const fen = '4k4/9/c6c1/9/9/8R/9/9/9/3K5 w - - 0 1';
  const all = 'i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4 i7h7 i4a4 a7b7 a4h4 h7i7 h4b4 b7a7 b4i4'.split(' ');
  const gameOf = (moves, rules) => {
    const g = new Game(fen, { rules });
    for (const m of moves) g.play(m);
    return g;
  };
  const answer = ({ move, score, depth, nodes, pv }) => ({ move, score, depth, nodes, pv });
  const kept = new Engine({ hashMb: 2 });
  const calls = [
    [fen, all], [fen, all.slice(0, 9)], [fen, all], [fen, [...all.slice(0, 6), 'b4b5']], [fen, []],
    [gameOf(all, 'cxa')], [gameOf(all, 'axf')], [gameOf(all.slice(0, 13), 'cxa')], [null, ['h2e2']], [fen, all],
  ];
  for (const args of calls) {
    const label = `${args.length === 1 ? `game(${args[0].options().rules})` : args[0] ?? 'start'} + ${args[args.length === 1 ? 0 : 1].length ?? args[0].history().length} moves`;
    kept.newGame();
    const got = args.length === 1 ? kept.search(args[0], { depth: 2 }) : kept.search(args[0], args[1], { depth: 2 });
    const fresh = new Engine({ hashMb: 2 });
    const want = args.length === 1 ? fresh.search(args[0], { depth: 2 }) : fresh.search(args[0], args[1], { depth: 2 });
    fresh.free();
    assert.deepEqual(answer(got), answer(want), label);
  }
  // An illegal move in the list throws and leaves the engine usable: the next search is still right.
  throwsCode(() => kept.search(fen, [...all.slice(0, 4), 'a7a0']), 'ERR_ILLEGAL_MOVE');
  throwsCode(() => kept.search(fen, [...all.slice(0, 2), 'zz']), 'ERR_MOVE_SYNTAX');
  kept.newGame();
  const fresh = new Engine({ hashMb: 2 });
  assert.deepEqual(answer(kept.search(fen, all.slice(0, 5), { depth: 2 })), answer(fresh.search(fen, all.slice(0, 5), { depth: 2 })));
});

test('validate says in one word why move text names no move it may play', () => {
  const g = new Game();
  assert.equal(g.validate('C3.5').code, 'noPiece');
  assert.equal(g.validate('H2.3').code, 'impossible');
  assert.equal(g.validate('R1+9').code, 'pathBlocked');
  assert.equal(g.validate('炮二走五').code, 'syntax');
  assert.equal(g.validate({ from: 'h2' }).code, 'syntax');
  assert.deepEqual(g.validate('炮二平五'), { legal: true });
  // Two red cannons on file 5 (e2 and e5): 'C5+1' does not say which.
  const t = new Game('3k5/9/9/9/9/4C4/9/9/4C4/5K3 w');
  assert.equal(t.validate('C5+1').code, 'ambiguous');
  assert.equal(t.validate('C5+1').reason, throwsCode(() => t.play('C5+1'), 'ERR_MOVE_AMBIGUOUS').message);
});
