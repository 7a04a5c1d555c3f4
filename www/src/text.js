// Text the views share: the interface language's strings, moves and lines in the chosen notation, scores,
// results, and record text cut for display. Everything here is set with textContent, never as HTML.
import { t } from './i18n.js';
import { levelById } from './levels.js';
import { notationOf } from './derive.js';

/** Longest record text shown at once (comments; a record's text can be a megabyte long). */
export const SHOW_MAX = 10000;

/** The interface string `key` in the state's language. */
export const tr = (state, key, vars) => t(state.lang, key, vars);

/** At most `max` characters of `text`, saying how many more there are. */
export function clip(state, text, max = SHOW_MAX) {
  return text.length > max ? text.slice(0, max) + tr(state, 'truncated', { n: text.length - max }) : text;
}

/** A move's text in the chosen notation from a MoveInfo record (`game.play`'s answer). */
export function infoText(state, info) {
  const n = notationOf(state);
  return n === 'iccs' ? info.iccs : n === 'wxf' ? info.wxf : info.chinese;
}

/**
 * `moves` (ICCS) played from the position of `game` (a Game, not changed), each written in the chosen notation
 * in its own position; at most `max` of them. A move the game refuses ends the line there.
 */
export function lineText(state, game, moves, max = 8) {
  const g = game.clone();
  const out = [];
  try {
    for (const m of moves.slice(0, max)) out.push(infoText(state, g.play(m)));
  } catch {
    // a move the game refuses (the search saw a repetition differently): stop there
  } finally {
    g.free();
  }
  return out.join(' ');
}

/** A search score (from the side to move, or any view the caller chose) as players read it: +0.35, mate in 3. */
export function scoreText(state, score) {
  if ('mate' in score) return score.mate > 0 ? tr(state, 'mateIn', { n: score.mate }) : tr(state, 'matedIn', { n: -score.mate });
  if ('winner' in score) return score.winner === null ? tr(state, 'drawResult') : tr(state, score.winner === 'red' ? 'redWins' : 'blackWins');
  return (score.cp > 0 ? '+' : '') + (score.cp / 100).toFixed(2);
}

/** A search score from the other side's view. */
export function negateScore(score) {
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}

/** The result of an outcome for the human: "Red wins — you win". */
export function resultLine(state, o) {
  if (o.winner === null) return tr(state, 'drawResult');
  const base = tr(state, o.winner === 'red' ? 'redWins' : 'blackWins');
  if (state.headers.Red || state.headers.Black || state.headers.White) return base; // a record's game: its players'
  return `${base} — ${tr(state, o.winner === state.human ? 'youWin' : 'youLose')}`;
}

/** The outcome's explanation in the interface language. */
export function explanation(state, o) {
  return state.lang === 'zh' ? o.explanationZh : o.explanation;
}

/** The name shown for `color`: the record's player, else "You" or "Computer (level)". */
export function playerName(state, color) {
  const h = state.headers;
  const header = color === 'red' ? h.Red || h.White : h.Black; // `White` is Red in a WinBoard record
  if (header) return header;
  return color === state.human ? tr(state, 'you') : tr(state, 'computer', { level: levelById(state.level).name[state.lang] });
}

/** The text of ply `ply` of the live game in the chosen notation. */
export function plyText(state, ply) {
  return state.game.history({ notation: notationOf(state) })[ply - 1] ?? '';
}
