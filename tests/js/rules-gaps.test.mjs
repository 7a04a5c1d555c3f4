// The rules' last gaps through the JS API of the built package: the project's own rulings
// (tests/data/rulings.jsonl, `source: "project"`) in both rule sets, `claimableDraw()` and the arbiter's
// idle-move override (`overrideIdle`, `idleOverrides`) and the count of repetition violations
// (`repetitionViolations`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../pkg/node.mjs';
import { readJsonl } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';

const EXPECTED = { red_wins: '1-0', black_wins: '0-1', red_loses: '0-1', black_loses: '1-0', draw: '1/2-1/2' };
const PROJECT = readJsonl('rulings.jsonl').filter((c) => c.source === 'project');
const caseOf = (id) => PROJECT.find((c) => c.id === id);


function snapshot(g) {
  return JSON.stringify([g.fen(), g.history(), g.outcome(), g.options(), g.idleOverrides(), g.allowedMoves()]);
}

function played(c, options) {
  const g = new Game(c.fen, c.mode ? { ...options, mode: c.mode } : options);
  for (const m of c.moves) g.play(m);
  return g;
}

const categories = (o, color) => o.cycle.filter((m) => m.color === color).map((m) => m.category);

test('project rulings: every case in both rule sets', () => {
  assert.ok(PROJECT.length >= 4);
  for (const c of PROJECT) {
    for (const rules of ['axf', 'cxa']) {
      const g = played(c, { rules });
      if (c.kind === 'violations') {
        // Played on in analysis mode: the outcome is the first ending, the violations are counted.
        assert.equal(c.mode, 'analysis');
        const gv = played(c, { rules, mode: 'analysis' });
        assert.deepEqual(gv.repetitionViolations().map(({ ply, offender, reason }) => ({ ply, offender, reason })),
          c.violations, `${c.id} ${rules}`);
        assert.deepEqual(gv.repetitionViolations().map((v) => v.number), [1, 2, 3]);
        assert.equal(gv.repetitionViolations().find((v) => v.number === 3).ply, c.third_violation);
        assert.equal(gv.outcome().result, EXPECTED[c[rules]]);
        assert.equal(gv.outcome().ply, c.violations[0].ply);
        continue;
      }
      if (c.kind === 'claim') {
        assert.equal(c[rules], 'continue');
        assert.equal(g.outcome(), null, c.id);
        assert.equal(g.claimableDraw(), c.claimable, c.id);
        continue;
      }
      assert.equal(g.claimableDraw(), null, c.id);
      if (c.idle_overrides) {
        assert.equal(g.outcome().result, EXPECTED[c.without_overrides[rules]], `${c.id} ${rules} without overrides`);
        for (const p of c.idle_overrides) assert.equal(g.overrideIdle(p), true);
        assert.deepEqual(g.idleOverrides(), c.idle_overrides);
      }
      const o = g.outcome();
      assert.equal(o?.result, EXPECTED[c[rules]], `${c.id} ${rules}: ${o?.explanation}`);
      assert.equal(o.ply, c.moves.length, c.id);
      assert.equal(o.cycle.length, c.moves.length, c.id);
      assert.equal(o.ruleset, rules);
    }
  }
});

test('P01: a check that already mated and a piece already attacked give no new chase (CXA 捉2)', () => {
  for (const rules of ['axf', 'cxa']) {
    const o = played(caseOf('P01'), { rules }).outcome();
    assert.deepEqual(categories(o, 'red'), ['mateThreat', 'idle', 'mateThreat', 'idle'], rules);
    assert.deepEqual(categories(o, 'black'), ['chase', 'chase', 'chase', 'chase'], rules);
  }
  const cxa = played(caseOf('P01'), { rules: 'cxa' }).outcome();
  assert.equal(cxa.reason, 'perpetualChase');
  assert.equal(cxa.offender, 'black');
  const g = new Game(caseOf('P01').fen, { rules: 'cxa' });
  g.play('d1e1');
  g.play('i6h4');
  assert.deepEqual(g.classifyMove('e1d1'), { category: 'idle', check: false, mateThreat: false, targets: [] });
});

test('P02: the chase through two checks is found at the default depth, not one check deep', () => {
  const c = caseOf('P02');
  const o = played(c, { rules: 'cxa' }).outcome();
  assert.equal(o.reason, 'perpetualChase');
  assert.equal(o.offender, 'red');
  for (const m of o.cycle.filter((x) => x.color === 'red')) {
    assert.equal(m.category, 'chase');
    assert.deepEqual(m.targets.map((t) => t.kind), ['chariot']);
    assert.deepEqual(m.targets[0].attackers, [{ square: m.move.slice(2), kind: 'chariot' }]);
  }
  const shallow = played(c, { rules: 'cxa', mateThreatDepth: 1 }).outcome();
  assert.equal(shallow.reason, 'repetitionDraw');
  assert.deepEqual(categories(shallow, 'red'), ['idle', 'idle', 'idle', 'idle']);
});

test('P03/P04: an elephant for two soldiers is no gain; unprotected soldiers are chased', () => {
  for (const rules of ['axf', 'cxa']) {
    assert.deepEqual(categories(played(caseOf('P03'), { rules }).outcome(), 'red'), ['idle', 'idle', 'idle', 'idle']);
    assert.deepEqual(categories(played(caseOf('P04'), { rules }).outcome(), 'red'), ['chase', 'chase', 'chase', 'chase']);
  }
});

test('P05: the arbiter rules the rook moves idle (CXA 通则3): the perpetual chase becomes a draw', () => {
  const c = caseOf('P05');
  const g = played(c, { rules: 'cxa' });
  assert.equal(g.outcome().reason, 'perpetualChase');
  assert.equal(g.outcome().offender, 'red');
  for (const p of c.idle_overrides) g.overrideIdle(p);
  const o = g.outcome();
  assert.equal(o.reason, 'repetitionDraw');
  assert.deepEqual(categories(o, 'red'), ['idle', 'idle', 'idle', 'idle']);
  // Overriding only some of the rook moves leaves a chase on the others: 一捉一闲 is allowed too.
  const some = played(c, { rules: 'cxa' });
  some.overrideIdle(3);
  assert.deepEqual(categories(some.outcome(), 'red'), ['chase', 'idle', 'chase', 'chase']);
  assert.equal(some.outcome().reason, 'repetitionDraw');
});

test('claimableDraw: a lone cannon against defenders is claimable, never an ending', () => {
  const g = new Game('3ak4/4a4/9/9/9/9/9/2C6/9/3K5 w');
  assert.equal(g.claimableDraw(), 'loneCannonAgainstDefenders');
  assert.equal(g.outcome(), null, 'not ended by itself');
  g.play('c2c5');
  assert.equal(g.claimableDraw(), 'loneCannonAgainstDefenders');
  assert.equal(new Game().claimableDraw(), null);
  // A second cannon, a horse or no defender: nothing to claim.
  assert.equal(new Game('3ak4/4a4/9/9/9/9/9/2C3C2/9/3K5 w').claimableDraw(), null);
  assert.equal(new Game('3ak4/4a4/9/9/9/9/9/2C6/9/3K1N3 w').claimableDraw(), null);
  // A dead position (general + cannon against a bare general) ends the game; it is no claim.
  const dead = new Game('4k4/9/9/9/9/9/9/2C6/9/3K5 w');
  assert.equal(dead.outcome()?.reason, 'deadPosition');
  assert.equal(dead.claimableDraw(), null);
});

test('overrideIdle: the arbiter rules a move idle and the game is ruled again, in both rule sets', () => {
  for (const rules of ['axf', 'cxa']) {
    const c = caseOf('P04');
    const g = played(c, { rules });
    const before = g.outcome();
    assert.deepEqual(g.idleOverrides(), []);
    if (rules === 'cxa') {
      assert.equal(before.reason, 'perpetualChase');
      assert.equal(g.overrideIdle(1), true);
      const after = g.outcome();
      assert.equal(after.reason, 'repetitionDraw');
      assert.equal(after.cycle[0].category, 'idle');
      assert.deepEqual(after.cycle[0].targets, []);
      assert.equal(after.cycle[4].category, 'chase', 'only the overridden ply');
    } else {
      assert.equal(before.reason, 'repetitionDraw');
      assert.equal(g.overrideIdle(1), true);
      assert.equal(g.outcome().reason, 'repetitionDraw');
    }
    assert.deepEqual(g.idleOverrides(), [1]);
    assert.equal(g.overrideIdle(1), true, 'again: no duplicate');
    assert.deepEqual(g.idleOverrides(), [1]);
    // No move at that ply: false, nothing changes.
    const snap = snapshot(g);
    assert.equal(g.overrideIdle(c.moves.length + 1), false);
    assert.equal(snapshot(g), snap);
    // Taking the moves back drops the override with its move.
    while (g.history().length) g.undo();
    assert.deepEqual(g.idleOverrides(), []);
  }
});

test('overrideIdle: a check stays a check', () => {
  // Rulings case R02: the rook checks on every move; overriding a check changes nothing.
  const r02 = readJsonl('rulings.jsonl').find((c) => c.id === 'R02');
  for (const rules of ['axf', 'cxa']) {
    const g = played(r02, { rules });
    assert.equal(g.outcome().reason, 'perpetualCheck');
    assert.equal(g.overrideIdle(1), true);
    assert.equal(g.outcome().reason, 'perpetualCheck', rules);
    assert.equal(g.outcome().cycle[0].category, 'check');
  }
});

test('overrideIdle: bad plies throw ERR_ARGUMENT and change nothing', () => {
  const g = played(caseOf('P04'), { rules: 'cxa' });
  const snap = snapshot(g);
  // The one integer reader's message, quoting what was given.
  const given = [[0, '0'], [-1, '-1'], [1.5, '1.5'], [NaN, 'NaN'], [Infinity, 'Infinity'], ['3', '"3"'],
    [null, 'null'], [undefined, 'undefined'], [{}, 'an object'], [2 ** 40, '1099511627776']];
  for (const [bad, shown] of given) {
    const e = throwsCode(() => g.overrideIdle(bad), 'ERR_ARGUMENT');
    assert.equal(e.message, `overrideIdle: ply must be an integer from 1 to 4294967295, got ${shown}`);
    assert.ok(e.message.length < 200);
    assert.equal(snapshot(g), snap, String(bad));
  }
});

test('repetitionViolations: counted once per cycle, taken back with undo, none for a drawn repetition', () => {
  const c = caseOf('P07');
  for (const rules of ['axf', 'cxa']) {
    const g = new Game(c.fen, { rules, mode: 'analysis' });
    for (const m of c.moves.slice(0, 27)) g.play(m);
    assert.equal(g.repetitionViolations().length, 2);
    assert.equal(g.repetitionViolations().find((v) => v.number === 3), undefined);
    g.play(c.moves[27]);
    assert.equal(g.repetitionViolations().length, 3);
    for (const m of c.moves.slice(20, 28)) g.play(m); // the same cycle again: not a new violation
    assert.equal(g.repetitionViolations().length, 3, rules);
    for (let i = 0; i < 9; i++) g.undo();
    assert.equal(g.repetitionViolations().length, 2);
  }
  const draw = new Game();
  for (const m of ['h2e2', 'h9g7', 'e2h2', 'g7h9', 'h2e2', 'h9g7', 'e2h2', 'g7h9']) draw.play(m);
  assert.equal(draw.outcome().reason, 'repetitionDraw');
  assert.deepEqual(draw.repetitionViolations(), []);
});

test('an ending hidden by a resignation comes back when the resignation is taken back (setOptions, then undo)', () => {
  // The fuzzer's finding (fuzz/tests/checks.rs): four moves without a capture, Red resigns, then a move limit of
  // one move (two plies) is set: the resignation stays the ending, the move limit it hides (ply 2) comes back with
  // undo, and stays while the moves reach it.
  const fen = '4k4/9/9/9/9/2p1p4/2p1p4/2p6/9/3K5 b - - 0 1';
  const moves = ['e3e2', 'd0e0', 'c2c1', 'e0d0'];
  const g = new Game(fen);
  for (const m of moves) g.play(m);
  g.resign('red');
  g.setOptions({ moveLimit: 1, mode: 'enforce' });
  const ending = () => g.outcome() && [g.outcome().reason, g.outcome().ply];
  assert.deepEqual(ending(), ['resignation', 4]);
  assert.equal(g.undo().ending.reason, 'resignation');
  assert.deepEqual(ending(), ['moveLimit', 2]);
  // The same as a game played with these options from the start (it stops at its ending).
  const fresh = new Game(fen, { moveLimit: 1, mode: 'enforce' });
  fresh.play(moves[0]);
  fresh.play(moves[1]);
  assert.deepEqual(fresh.outcome(), g.outcome());
  throwsCode(() => fresh.play(moves[2]), 'ERR_ILLEGAL_MOVE');
  assert.equal(g.undo().iccs, 'e0d0');
  assert.deepEqual(ending(), ['moveLimit', 2]);
  g.undo();
  assert.deepEqual(ending(), ['moveLimit', 2]);
  g.undo();
  assert.equal(g.outcome(), null);
  g.play('d0e0');
  assert.deepEqual(ending(), ['moveLimit', 2]);

  // Analysis mode: play goes on after a resignation; taking it back shows the mate that was played since.
  const a = new Game('9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1', { mode: 'analysis' });
  a.resign('red');
  a.play('b6d6');
  assert.deepEqual([a.outcome().reason, a.outcome().ply], ['resignation', 0]);
  assert.equal(a.undo().ending.reason, 'resignation');
  assert.deepEqual([a.outcome().reason, a.outcome().ply], ['checkmate', 1]);
});
