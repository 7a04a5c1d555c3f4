// The page every bundler's consumer project builds (tests/package/consumers.test.mjs copies it in): one
// <xiangqi-board interactive>, which loads the wasm and plays legal moves on its own game, and a hint from the
// search worker. The test then clicks a move on the board.
import { Game } from 'xiangqi-wasm';
import 'xiangqi-wasm/board';
import { EngineClient } from 'xiangqi-wasm/worker';

async function main() {
  const board = document.querySelector('xiangqi-board');
  window.moves = [];
  board.addEventListener('move', (e) => window.moves.push(e.detail.move));
  await board.ready; // the wasm is loaded (the board calls init())
  const game = new Game(null, { rules: 'cxa' });
  const engine = new EngineClient();
  const hint = await engine.search({ game, limits: { depth: 3 } });
  engine.terminate();
  // hint.move is null only when the side to move has no move.
  return { hintLegal: hint.move !== null && game.isLegal(hint.move), legalMoves: game.legalMoves().length };
}

main().then((out) => {
  document.getElementById('out').textContent = JSON.stringify(out);
  document.body.dataset.ready = 'true';
}, (e) => {
  document.getElementById('out').textContent = String(e?.stack ?? e);
  document.body.dataset.ready = 'error';
});
