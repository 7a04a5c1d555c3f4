// What the views read from the state but the state does not hold: derived, never stored, so it cannot go stale.
// The facts of a game the store needs too (who moves first, the game's identity) are here, below the store: the
// store imports this module, never the other way. So is the analysis board's game, which the computer and the
// controller play on as the views draw it.
import { allowedMoves } from './touch-move.js';

/** The side that moves first in `game`. */
export function firstMover(game) {
  return game.initialFen().split(/\s+/)[1] === 'b' ? 'black' : 'red';
}

/** A game's identity for the review: its start, its moves and its rules. */
export function gameKey(game) {
  return `${game.initialFen()}|${game.history().join(' ')}|${game.options().rules}`;
}

/** Each interface language's notation: WXF in English, Chinese in 简体 and 繁體, Vietnamese in Tiếng Việt. */
const LANG_NOTATION = { en: 'wxf', zh: 'chinese', 'zh-Hant': 'chinese', vi: 'vietnamese' };

/** The notation of the move list, hints and announcements: the player's choice, else the language's. */
export function notationOf(state) {
  return state.notationChoice ?? LANG_NOTATION[state.lang] ?? 'wxf';
}

/** The pieces: the player's choice, else the language's (Chinese characters; Vietnamese letters in Tiếng Việt). */
export function pieceSetOf(state) {
  return state.pieceSetChoice ?? (state.lang === 'vi' ? 'vietnamese' : 'traditional');
}

/**
 * The board's coordinates: the file numbers players read (Red's 九…一, Black's 1…9) with the Chinese notation, the
 * same in digits with the Vietnamese (9…1, 1…9), ICCS letters and digits with the others (WXF counts files the same way, but English players read them as a–i).
 */
export function coordinatesOf(state) {
  return { chinese: 'chinese', vietnamese: 'numbers' }[notationOf(state)] ?? 'iccs';
}

export function computerColor(state) {
  return state.human === 'red' ? 'black' : 'red';
}

/** Whether the human may move on the board now. */
export function humanToMove(state) {
  const g = state.game;
  return state.mode === 'game' && !g.outcome() && g.turn() === state.human && state.shown === null && state.busy !== 'move';
}

/** Whether it is the computer's move, and it should think now. */
export function computerToMove(state) {
  const g = state.game;
  return state.mode === 'game' && !g.outcome() && g.turn() !== state.human && state.busy === null;
}

/** The moves the human may play now: all legal moves, or the touch-move subset in practice mode. */
export function humanMoves(state) {
  const legal = state.game.legalMoves();
  return state.practice ? allowedMoves(state.touch, legal) : { moves: legal, rule: null, foul: false };
}

/** How many moves the human has played in the live game. */
export function humanMovesPlayed(state) {
  const n = state.game.history().length;
  return firstMover(state.game) === state.human ? Math.ceil(n / 2) : Math.floor(n / 2);
}

/** The side that played ply `ply` (1 = the first move) of `game`. */
export function moverOf(game, ply) {
  const first = firstMover(game);
  return (ply % 2 === 1) === (first === 'red') ? 'red' : 'black';
}

/** The analysis board's game: its start and the moves played on it. The caller frees it. */
export function analysisGame(Game, analysis) {
  const g = new Game(analysis.fen);
  for (const m of analysis.moves) g.play(m);
  return g;
}

/** Replays `game` in a copy: `visit(copy, ply)` at its start and after each move; returns the copy (free it). */
function replay(Game, game, upTo, visit = () => {}) {
  const g = new Game(game.initialFen(), game.options());
  try {
    const moves = game.history();
    const recorded = game.recordPlies() ?? 0; // a record's moves are replayed as a record's (not adjudicated)
    visit(g, 0);
    for (let i = 0; i < Math.min(upTo, moves.length); i++) {
      if (i < recorded) g.playRecorded(moves[i]);
      else g.play(moves[i]);
      visit(g, i + 1);
    }
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

/** Every position of `game` from its start (FEN placement and side to move), for counting repetitions. */
export function positionsOf(Game, game) {
  const out = [];
  replay(Game, game, Infinity, (g) => out.push(g.fen().split(/\s+/).slice(0, 2).join(' '))).free();
  return out;
}

/**
 * The position after `ply` moves of `game`: { fen, check, lastMove }. `Game` is the package's class (a copy is
 * replayed: the live game is not touched).
 */
export function positionAt(Game, game, ply) {
  const g = replay(Game, game, ply);
  try {
    return { fen: g.fen(), check: g.isCheck(), lastMove: ply > 0 ? game.history()[ply - 1] : null };
  } finally {
    g.free();
  }
}

/**
 * The side a review is for: the player's in a game against the computer; none (both sides) in an imported record
 * with its players named (a master game).
 */
export function reviewSide(state) {
  return state.headers?.Red || state.headers?.Black || state.headers?.White ? null : state.human;
}
