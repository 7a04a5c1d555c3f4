// Screen readers hear the computer's move: in the board's live region (the board already announces the player's
// own moves there), in the interface language and the chosen notation — "Computer: 炮8平5, check" — and the
// game's end with its explanation. Each is said once.
import { explanation, plyText, resultLine, tr } from '../text.js';
import { endingKey } from '../store.js';

let said = null;

export function renderAnnouncement(state, board) {
  if (!board || state.mode !== 'game') return;
  const ending = endingKey(state);
  const reply = state.reply && state.reply.ply === state.game.history().length ? state.reply : null;
  const key = `${state.gen}|${reply?.ply ?? ''}|${ending ?? ''}`;
  if (key === said) return;
  const parts = [];
  if (reply) {
    let move = tr(state, 'computerMoved', { move: plyText(state, reply.ply) });
    if (state.game.isCheck() && !ending) move += tr(state, 'checkSuffix');
    parts.push(move);
  }
  const o = state.game.outcome();
  if (o && ending !== state.overSeen) parts.push(`${resultLine(state, o)}. ${explanation(state, o)}`);
  said = key;
  if (parts.length) board.announce(parts.join(state.lang === 'zh' ? '。' : '. '));
}
