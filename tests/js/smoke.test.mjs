import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../pkg/node.mjs';

test('the start position has 44 legal moves', () => {
  const g = new Game();
  assert.equal(g.legalMoves().length, 44);
});
