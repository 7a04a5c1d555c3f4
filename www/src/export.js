// What Export gives: the FEN of the position shown and the PGN of the game in the chosen notation, with the
// record's headers, comments, result and reason — and, once the game was reviewed, its marks and evaluations
// (review.js's `annotate`): NAGs the lesson embed shows as ?! ? ??, and the evaluations in comments.
import { writableHeaders } from './record.js';
import { gameKey, notationOf } from './derive.js';
import { annotate } from './review.js';
import { lineText, playerName, tr } from './text.js';

const EXPORT_SKIP = new Set(['FEN', 'Format', 'SetUp', 'Result', 'Termination', 'XiangqiRules']);

function exportHeaders(state) {
  const h = writableHeaders(state.headers, EXPORT_SKIP);
  const names = writableHeaders({ Red: playerName(state, 'red'), Black: playerName(state, 'black') });
  h.Red ??= names.Red;
  h.Black ??= names.Black;
  h.Event ??= 'Xiangqi app game';
  h.Date ??= new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  return h;
}

/** The review of the live game, when one was made (complete or not) for the game as it is. */
export function reviewOf(state) {
  const r = state.review;
  return r && r.key === gameKey(state.game) && r.moves.length ? r : null;
}

/** The PGN of the live game; annotated with the review when `annotated` and there is one. */
export function exportPgn(state, Game, { annotated = true } = {}) {
  const review = annotated ? reviewOf(state) : null;
  const notation = notationOf(state);
  let game = state.game;
  if (review) {
    game = annotate(state.game, review, {
      bestWord: tr(state, 'bestWord'),
      lineOf: (moves, ply) => {
        const before = new Game(state.game.initialFen(), state.game.options());
        try {
          const played = state.game.history().slice(0, ply);
          const recorded = state.game.recordPlies() ?? 0;
          played.forEach((m, i) => (i < recorded ? before.playRecorded(m) : before.play(m)));
          return lineText(state, before, moves, 6);
        } finally {
          before.free();
        }
      },
    });
  }
  try {
    try {
      return game.pgn({ notation, headers: exportHeaders(state) });
    } catch {
      return game.pgn({ notation }); // headers the writer refuses: the moves still go out
    }
  } finally {
    if (game !== state.game) game.free();
  }
}

/** The name of a downloaded PGN. */
export function pgnFileName() {
  return `xiangqi-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pgn`;
}
