// Minimal page: loads the wasm package and lists the start position's legal moves.
import init, { Game } from './pkg/xiangqi_wasm.js';

const status = document.getElementById('status');
try {
  await init();
  const game = new Game();
  const moves = game.legalMoves();
  document.getElementById('fen').textContent = game.fen();
  const list = document.getElementById('moves');
  for (const m of moves) {
    const li = document.createElement('li');
    li.textContent = m;
    list.append(li);
  }
  status.textContent = `${moves.length} legal moves for ${game.turn()}:`;
  document.body.dataset.ready = 'true';
} catch (e) {
  status.textContent = `Failed to load: ${e}`;
  document.body.dataset.ready = 'error';
}
