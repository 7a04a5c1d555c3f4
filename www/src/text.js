// Text the views share: the interface language's strings, moves and lines in the chosen notation, scores,
// results, and record text cut for display. Everything here is set with textContent, never as HTML.
import { t, isChinese } from './i18n.js';
import { levelById } from './levels.js';
import { formatNumber } from './i18n.js';
import { notationOf } from './derive.js';

/** Longest record text shown at once (comments; a record's text can be a megabyte long). */
export const SHOW_MAX = 10000;

/** The interface string `key` in the state's language. */
export const tr = (state, key, vars) => t(state.lang, key, vars);

/** At most `max` characters of `text`, saying how many more there are. */
export function clip(state, text, max = SHOW_MAX) {
  return text.length > max ? text.slice(0, max) + tr(state, 'truncated', { n: text.length - max }) : text;
}

/** The options of `toNotation` for the chosen notation in the interface language (繁體: traditional characters). */
export function notationOptions(state) {
  return notationOf(state) === 'chinese' && state.lang === 'zh-Hant' ? { script: 'traditional' } : undefined;
}

/**
 * A move's text in the chosen notation from a MoveInfo record (`game.play`'s answer; `fenBefore` the position it was
 * played from, for the notations MoveInfo does not carry: Vietnamese, traditional Chinese).
 */
export function infoText(state, info, fenBefore) {
  const n = notationOf(state);
  if (n === 'iccs') return info.iccs;
  if (n === 'wxf') return info.wxf;
  const options = notationOptions(state);
  if (n === 'chinese' && !options) return info.chinese;
  return notationText(fenBefore, info.iccs, n, options) ?? info.iccs;
}

/** `move` (ICCS) played from `fen` in notation `n`, or `null` when there is no FEN or the move is not legal there. */
function notationText(fen, move, n, options) {
  if (!fen || !Game) return null;
  let g;
  try {
    g = new Game(fen);
    return g.toNotation(move, n, options);
  } catch {
    return null;
  } finally {
    g?.free();
  }
}

/** The package's `Game` class, given once by main.js (text.js is imported before the wasm is ready). */
let Game = null;
export function setGameClass(G) {
  Game = G;
}

/**
 * `moves` (ICCS) played from the position of `game` (a Game, not changed), each written in the chosen notation
 * in its own position; at most `max` of them. A move the game refuses ends the line there.
 */
export function lineText(state, game, moves, max = 8) {
  const g = game.clone();
  const out = [];
  try {
    for (const m of moves.slice(0, max)) {
      const before = g.fen();
      out.push(infoText(state, g.play(m), before));
    }
  } catch {
    // a move the game refuses (the search saw a repetition differently): stop there
  } finally {
    g.free();
  }
  return out.join(' ');
}

/** An exercise's title in the interface language: "Mate in 2 · computer game 5, move 45" (两步杀 · …). */
export function puzzleTitle(state, p) {
  const move = Number(p.fen.trim().split(/\s+/)[5]) || 1;
  return tr(state, 'puzzleTitle', { mate: tr(state, 'mateTitle', { n: countText(state, p.mateIn) }), game: p.game ?? p.id, move });
}

/** A count as the language says it in words where it does (两步杀), else its digits. */
export function countText(state, n) {
  const words = tr(state, 'numberWords');
  return (words && words.split(',')[n - 1]) || n;
}

/** A search score (from the side to move, or any view the caller chose) as players read it: +0.35, mate in 3. */
export function scoreText(state, score) {
  if ('mate' in score) {
    return tr(state, score.mate > 0 ? 'mateIn' : 'matedIn', { n: countText(state, Math.abs(score.mate)) });
  }
  if ('winner' in score) return score.winner === null ? tr(state, 'drawResult') : tr(state, score.winner === 'red' ? 'redWins' : 'blackWins');
  return (score.cp > 0 ? '+' : '') + formatNumber(state.lang, score.cp / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
  return tr(state, 'resultForYou', { result: base, you: tr(state, o.winner === state.human ? 'youWin' : 'youLose') });
}

/** The outcome's explanation in the interface language. */
export function explanation(state, o) {
  return o.explanations?.[state.lang] ?? o.explanation;
}

/** Sentences joined as the interface language joins them (no space after 。 in Chinese). */
export function joinSentences(state, parts) {
  return parts.filter(Boolean).join(isChinese(state.lang) ? '' : ' ');
}

/** The name shown for `color`: the record's player, else "You" or "Computer (level)". */
export function playerName(state, color) {
  const h = state.headers;
  const header = color === 'red' ? h.Red || h.White : h.Black; // `White` is Red in a WinBoard record
  if (header) return header;
  return color === state.human ? tr(state, 'you') : tr(state, 'computer', { level: tr(state, `level_${levelById(state.level).id}`) });
}

/** The text of ply `ply` of the live game in the chosen notation. */
export function plyText(state, ply) {
  return state.game.history({ notation: notationOf(state), notationOptions: notationOptions(state) })[ply - 1] ?? '';
}

/**
 * Ply `ply` of the live game named as the move list numbers it: Red's "7.", Black's "7…" (第7回合红方 in Chinese),
 * counted from the game's first move number and side.
 */
export function plyName(state, ply) {
  const fields = state.game.initialFen().split(/\s+/);
  const i = ply - 1 + (fields[1] === 'b' ? 1 : 0);
  const n = (Number(fields[5]) || 1) + Math.floor(i / 2);
  return tr(state, i % 2 === 0 ? 'plyRed' : 'plyBlack', { n });
}
