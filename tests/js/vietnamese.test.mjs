// Vietnamese notation at the JS boundary (issue 37): written wherever a notation is named, read only where named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, names } from '../../pkg/node.mjs';

test('"vietnamese" is a notation name: toNotation, history, legalMoves and pgn write it', () => {
  assert.ok(names().notations.some((n) => n.name === 'vietnamese'));
  const g = new Game();
  assert.equal(g.toNotation('h2e2', 'vietnamese'), 'P2-5');
  assert.ok(g.legalMoves({ notation: 'vietnamese' }).includes('M2.3'));
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) g.play(m);
  assert.deepEqual(g.history({ notation: 'vietnamese' }), ['P2-5', 'M8.7', 'M2.3', 'X9-8']);
  const pgn = g.pgn({ notation: 'vietnamese' });
  assert.match(pgn, /\[Format "Vietnamese"\]/);
  assert.match(pgn, /1\. P2-5 M8\.7 2\. M2\.3 X9-8/);
  // Read back through the record's Format tag.
  const back = Game.fromPgn(pgn);
  assert.deepEqual(back.history(), ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  g.free();
  back.free();
});

test('parseMove reads Vietnamese only when it is named', () => {
  const g = new Game();
  assert.equal(g.parseMove('P2-5', { notation: 'vietnamese' }), 'h2e2');
  const after = new Game();
  after.play('h2e2');
  assert.equal(after.parseMove('m8.7', { notation: 'vietnamese' }), 'h9g7'); // either case
  after.free();
  assert.throws(() => g.parseMove('P2-5'), { code: 'ERR_MOVE_NO_PIECE' }); // WXF: no soldier on file 2
  assert.throws(() => g.parseMove('C2.5', { notation: 'vietnamese' }), (e) => e.name === 'XiangqiError' && /^ERR_MOVE_/.test(e.code));
  assert.equal(g.parseMove('C2.5', { notation: 'wxf' }), 'h2e2');
  assert.throws(() => g.parseMove('炮二平五', { notation: 'wxf' }), { code: 'ERR_MOVE_SYNTAX' });
  assert.throws(() => g.parseMove('P2-5', { notation: 'klingon' }), { code: 'ERR_OPTIONS' });
  assert.throws(() => g.parseMove('P2-5', { notaton: 'vietnamese' }), { code: 'ERR_OPTIONS' });
  assert.throws(() => g.parseMove('P'.repeat(100), { notation: 'vietnamese' }), { code: 'ERR_MOVE_SYNTAX' });
  // After errors the game is as before.
  assert.equal(g.fen(), new Game().fen());
  g.free();
});
