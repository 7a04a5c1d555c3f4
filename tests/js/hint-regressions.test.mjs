// Regression tests of the hint bugs found while measuring strength (issue 14): `moveLimit: 0` made every
// node the move limit's draw, and `game.hint()` depended on what the module searched before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, startFen } from '../../pkg/node.mjs';

const brief = (h) => ({ move: h.move, score: h.score, nodes: h.nodes, pv: h.pv });

test('moveLimit 0 (no limit) gives the hint of a far limit, not a draw score everywhere', () => {
  const off = new Game(startFen(), { moveLimit: 0 }).hint({ depth: 5 });
  const far = new Game(startFen(), { moveLimit: 10000 }).hint({ depth: 5 });
  assert.deepEqual(brief(off), brief(far));
  assert.notDeepEqual(off.score, { cp: 0 });
  // With the bug every node was the move limit's draw: a few hundred nodes (308 at depth 7). A real depth-5
  // search of the start position takes thousands (about 4,500 since late-move pruning, 18,000 before).
  assert.ok(off.nodes > 2000, `${off.nodes} nodes`);
});

test('game.hint() is a pure function of the game and the limits', () => {
  const first = brief(new Game().hint({ depth: 5 }));
  const again = brief(new Game().hint({ depth: 5 }));
  // Something else searched in between must not change the next answer.
  new Game('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1').hint({ depth: 6 });
  const later = brief(new Game().hint({ depth: 5 }));
  assert.deepEqual(again, first);
  assert.deepEqual(later, first);
});
