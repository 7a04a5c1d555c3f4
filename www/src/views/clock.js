// The players' clocks, rendered from the state and the time spent on the current move (called on every tick).
import { tr } from '../text.js';

/** Milliseconds as a clock shows them: 4:59, 1:02:03. */
export function formatMs(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function renderClocks(state, elapsedMs) {
  const over = Boolean(state.game.outcome());
  for (const id of ['player-top', 'player-bottom']) {
    const box = document.getElementById(id);
    const color = box.dataset.color;
    const clockEl = box.querySelector('.player-clock');
    if (!state.clock || !color) {
      clockEl.textContent = '';
      continue;
    }
    let ms = state.clock.remaining(color);
    if (!over && !state.clock.flag() && state.clock.turn() === color) ms -= elapsedMs;
    const togo = state.clock.movesToGo(color);
    clockEl.textContent = formatMs(ms) + (togo !== null ? ` · ${tr(state, 'movesToGo', { n: togo })}` : '');
    clockEl.classList.toggle('low', ms < 30000);
  }
}
