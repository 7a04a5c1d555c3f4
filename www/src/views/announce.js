// Screen readers hear the computer's move: in the board's live region (the board already announces the player's
// own moves there), in the interface language and the chosen notation — "Computer: 炮8平5, check" — and the
// game's end with its explanation. Each is said once: the board element keeps the key of what was last said
// (`data-announced`).
import { explanation, joinSentences, plyText, resultLine, tr } from '../text.js';
import { endingKey } from '../store.js';

/** `el` is the `<xiangqi-board>` element: its board (once made) announces. */
export function renderAnnouncement(state, el) {
  const board = el.board;
  if (!board || state.mode !== 'game') return;
  const ending = endingKey(state);
  const reply = state.reply && state.reply.ply === state.game.history().length ? state.reply : null;
  const key = `${state.gen}|${reply?.ply ?? ''}|${ending ?? ''}`;
  if (el.dataset.announced === key) return;
  const parts = [];
  if (reply) {
    const check = state.game.isCheck() && !ending ? tr(state, 'checkSuffix') : '';
    parts.push(tr(state, 'computerMoved', { move: plyText(state, reply.ply), check }));
  }
  const o = state.game.outcome();
  if (o && ending !== state.overSeen) parts.push(tr(state, 'resultSentence', { result: resultLine(state, o) }), explanation(state, o));
  el.dataset.announced = key;
  if (parts.length) board.announce(joinSentences(state, parts));
}
