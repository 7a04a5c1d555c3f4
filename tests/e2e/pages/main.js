// A plain page without a bundler (tests/e2e/pages/index.html): a playable board (<xiangqi-board interactive>,
// which plays legal moves on its own Game), undo / flip / new game / theme, and a hint from the search worker. It
// imports the package only through its public exports, mapped by the page's import map, as a plain page would.
import { startFen } from 'xiangqi-wasm';
import { ready } from 'xiangqi-wasm/board';
import { EngineClient } from 'xiangqi-wasm/worker';

const status = document.getElementById('status');
const el = document.getElementById('board');
let engine = null;

function show() {
  const game = el.game;
  const over = game.outcome();
  status.textContent = over ? over.explanation
    : `${game.turn() === 'red' ? 'Red' : 'Black'} to move${game.isCheck() ? ' — check!' : ''}`;
  document.getElementById('moves').textContent = game.history({ notation: 'chinese' }).join(' ') || '—';
}

try {
  await ready();
  await el.ready;
  el.addEventListener('move', () => {
    el.board.set({ shapes: [] });
    queueMicrotask(show);
  });
  document.getElementById('flip').onclick = () => el.board.flip();
  document.getElementById('new').onclick = () => {
    el.fen = startFen();
    show();
  };
  document.getElementById('undo').onclick = () => {
    const game = el.game;
    if (!game.undo()) return;
    const last = game.history().at(-1) ?? null;
    el.board.set({ fen: game.fen(), movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: last });
    show();
  };
  document.getElementById('hint').onclick = async () => {
    engine ??= new EngineClient();
    status.textContent = 'Thinking…';
    const r = await engine.search({ game: el.game, limits: { timeMs: 800 } });
    show();
    if (r.move) el.board.set({ shapes: [{ from: r.move.slice(0, 2), to: r.move.slice(2), brush: 'blue' }] });
  };
  document.getElementById('theme').onchange = (e) => el.setAttribute('theme', e.target.value);
  show();
  document.body.dataset.ready = 'true';
} catch (e) {
  status.textContent = `Failed to load: ${e}`;
  document.body.dataset.ready = 'error';
}
