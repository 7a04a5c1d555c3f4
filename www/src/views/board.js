// The board (`<xiangqi-board id="board">`, not `interactive`) rendered from the state: the position (the live one,
// the one shown from the move list, the analysis board's or the editor's), the last move and the check, which side
// may move and where (all legal moves, the touch-move subset, none while the computer thinks or in review, free
// moves in the editor), the arrows (the hint; in review the better move; on the analysis board the best lines),
// the orientation, the theme, the language and the coordinates. Only what changed is set, so the board keeps a
// selection (and a press under way) while the touch-move rule narrows its destinations.
import { destsOf } from '../touch-move.js';
import { analysisGame, coordinatesOf, pieceSetOf, humanMoves, humanToMove, positionAt } from '../derive.js';

const LINE_BRUSHES = ['blue', 'green', 'yellow'];
const arrow = (move, brush) => ({ from: move.slice(0, 2), to: move.slice(2, 4), brush });

/** What the board is given in the state's mode (without theme and language: see `createBoardView`). */
export function boardConfig(state, Game) {
  const base = { orientation: state.orientation, coordinates: coordinatesOf(state), pieceSet: pieceSetOf(state) };
  if (state.mode === 'editor') {
    return { ...base, fen: state.editor.fen, lastMove: null, check: null, movable: 'both', dests: null, shapes: [] };
  }
  if (state.mode === 'analysis') {
    const a = state.analysis;
    const g = analysisGame(Game, a);
    try {
      const legal = g.legalMoves();
      return { ...base, fen: g.fen(), lastMove: a.moves.at(-1) ?? null, check: g.isCheck(), movable: g.turn(),
        dests: destsOf(legal), shapes: a.lines.slice(0, 3).filter((l) => l.pv[0]).map((l, i) => arrow(l.pv[0], LINE_BRUSHES[i])) };
    } finally {
      g.free();
    }
  }
  if (state.shown !== null) {
    const at = positionAt(Game, state.game, state.shown);
    return { ...base, ...at, movable: 'none', dests: new Map(), shapes: reviewShapes(state) };
  }
  const g = state.game;
  const mine = humanToMove(state);
  return {
    ...base,
    fen: g.fen(),
    check: g.isCheck(),
    lastMove: g.history().at(-1) ?? null,
    movable: mine ? state.human : 'none',
    dests: mine ? destsOf(humanMoves(state).moves) : new Map(),
    shapes: state.hint?.move ? [arrow(state.hint.move, 'blue')] : [],
  };
}

/** In review, on a move that was not the engine's choice: the better move, as a green arrow. */
function reviewShapes(state) {
  const r = state.review;
  if (state.mode !== 'review' || !r || state.shown < 1) return [];
  const m = r.moves[state.shown - 1];
  return m?.best && m.classification !== 'best' && m.best !== m.move ? [arrow(m.best, 'green')] : [];
}

const keyOf = (k, v) => (k === 'dests' && v instanceof Map ? JSON.stringify([...v]) : JSON.stringify(v ?? null));
const position = (fen) => fen.split(/\s+/).slice(0, 2).join(' ');

/**
 * Returns `render(state, { theme })` for the board element `el`. The element keeps what it was last given, key by
 * key (`el.sentConfig`: each value as text), so that only what changed is set.
 */
export function createBoardView(el, Game) {
  return function render(state, { theme }) {
    const last = (el.sentConfig ??= new Map());
    const want = { ...boardConfig(state, Game), theme, lang: state.lang };
    const changes = {};
    // The position is compared with what the board shows: a move the user made on it and the app refused is
    // put back. A new position is sent with everything that goes with it (the board forgets its destinations
    // once the user moved).
    const shownFen = el.board?.fen;
    const fenChanged = !shownFen || position(shownFen) !== position(want.fen);
    for (const [k, v] of Object.entries(want)) {
      const key = keyOf(k, v);
      if (k === 'fen' ? fenChanged : fenChanged || last.get(k) !== key) changes[k] = v;
      last.set(k, key);
    }
    if (Object.keys(changes).length) el.set(changes);
  };
}
