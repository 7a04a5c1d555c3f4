// The store's actions of the modes beside play (store.js holds the state and the rest): the game review, the
// analysis board and the position editor. Each is an action of the one store: the listeners hear once after it.
// The store passes in what the actions need (`act`, `startFresh`, …); this module imports nothing of the store, so
// the import goes one way (store.js → store-modes.js → derive.js).
import { gameKey, reviewSide } from './derive.js';
import { reviewOpening } from './review.js';
import { bookPlies, withBook } from './openings.js';

/** The mode actions over the store's `state`; `act` wraps an action, `startFresh` makes a game the live one. */
export function modeActions({ state, act, Game, startFresh, showMessage }) {
  return {
    // --- the review ---------------------------------------------------------------------------------------

    /** Review mode on the live game: the analysis of `total` moves starts at `nodes` per position. */
    reviewStart: act((total, nodes) => {
      state.mode = 'review';
      state.busy = null;
      state.confirm = null;
      state.shown = state.shown ?? state.game.history().length;
      const key = gameKey(state.game);
      // A deeper analysis keeps the finished one, shown again if it is cancelled.
      const previous = state.review?.key === key && state.review.status === 'done' ? state.review : state.review?.previous ?? null;
      // The book moves (masters play them) are never marked ?! or worse: `book` plies from the start.
      state.review = { key, status: 'running', done: 0, total, moves: [], red: null, black: null, nodes, cancelled: false,
        previous: previous?.key === key ? previous : null, book: bookPlies(Game, state.game) };
    }),
    reviewProgress: act((move, done, total) => {
      const r = state.review;
      if (!r || r.status !== 'running') return;
      r.moves.push(...withBook([move], r.book));
      r.done = done;
      r.total = total;
    }),
    /** The analysis (the package's Analysis), complete or cancelled. */
    reviewDone: act((analysis) => {
      const r = state.review;
      if (!r) return;
      if (analysis.cancelled && r.previous) { // a deeper analysis cancelled: the finished one again
        state.review = { ...r.previous, note: 'deeperCancelled' };
        return;
      }
      const moves = withBook(analysis.moves, r.book);
      // With book moves unmarked, each side's counts are the app's (views/review.js tallies them from the moves).
      const own = moves === analysis.moves;
      Object.assign(r, { status: analysis.cancelled ? 'cancelled' : 'done', moves, red: own ? analysis.red : null,
        black: own ? analysis.black : null, cancelled: analysis.cancelled, done: analysis.moves.length });
      // The first review of a game opens on the first mistake of the side under review (unless the player has
      // chosen a move meanwhile); a deeper one stays where the player is.
      if (!r.previous && !r.picked) state.shown = reviewOpening(r.moves, reviewSide(state)) ?? state.shown;
    }),
    reviewFailed: act((message) => {
      if (state.review) state.review.status = 'error';
      showMessage('error', { message });
    }),
    /** Review mode again on the review made of the live game as it is; false when there is none. */
    reviewResume: act(() => {
      const r = state.review;
      if (!r || r.key !== gameKey(state.game) || !['done', 'cancelled'].includes(r.status)) return false;
      state.mode = 'review';
      state.busy = null;
      state.shown = state.shown ?? reviewOpening(r.moves, reviewSide(state)) ?? state.game.history().length;
      return true;
    }),
    /** Back to playing: the review's results stay for the same game, shown again by Review. */
    reviewClose: act(() => {
      state.mode = 'game';
      state.shown = null;
    }),

    // --- the opening explorer (analysis board and review) --------------------------------------------------

    /** The explorer panel opened or closed. */
    explorerOpen: act((open) => {
      state.explorer = { ...state.explorer, open };
    }),
    /** Its data: 'loading', 'ready' or 'unavailable' (damaged or not reachable). */
    explorerStatus: act((status) => {
      state.explorer = { ...state.explorer, status };
    }),

    // --- the analysis board and the editor ----------------------------------------------------------------

    /** The analysis board on `fen` (moves are then played on it freely). */
    analyse: act((fen) => {
      state.mode = 'analysis';
      state.busy = null;
      state.confirm = null;
      state.analysis = { fen, moves: [], lines: [], depth: 0, gen: 0 };
    }),
    /** A move on the analysis board (either side), or back one (`null`). */
    analysisMove: act((move) => {
      const a = state.analysis;
      if (!a) return;
      if (move === null) a.moves.pop();
      else a.moves.push(move);
      a.lines = [];
      a.depth = 0;
      a.gen++;
    }),
    /** The lines found so far for analysis generation `gen`. */
    analysisLines: act((lines, depth, gen) => {
      const a = state.analysis;
      if (!a || a.gen !== gen) return;
      a.lines = lines;
      a.depth = depth;
    }),
    closeAnalysis: act(() => {
      state.mode = 'game';
      state.analysis = null;
    }),
    /** The position editor, starting from `fen`. */
    edit: act((fen) => {
      state.mode = 'editor';
      state.busy = null;
      state.editor = { fen, tool: null };
    }),
    editorFen: act((fen) => {
      if (state.editor) state.editor.fen = fen;
    }),
    editorTool: act((tool) => {
      if (state.editor) state.editor.tool = state.editor.tool === tool ? null : tool;
    }),
    closeEditor: act(() => {
      state.mode = 'game';
      state.editor = null;
    }),
    // --- the puzzles ---------------------------------------------------------------------------------------

    /** The Puzzles section: each visit shows a fresh element (nothing of the last visit's exercise stays). */
    openPuzzles: act(() => {
      state.mode = 'puzzles';
      state.busy = null;
      state.confirm = null;
      state.puzzles.visit++;
      state.puzzles.first = null;
      if (state.puzzles.status === 'error') state.puzzles.status = 'idle';
    }),
    puzzlesLoading: act(() => {
      state.puzzles.status = 'loading';
    }),
    /** The set (puzzles.js readSet), its key and the progress kept for it (or null). */
    puzzlesLoaded: act((set, key, progress) => {
      Object.assign(state.puzzles, { status: 'ready', set, key, error: null,
        progress: progress ?? { key, index: 0, results: [] } });
    }),
    puzzlesFailed: act((error) => {
      Object.assign(state.puzzles, { status: 'error', error });
    }),
    /** The element's progress event: an exercise solved or revealed. */
    puzzleProgress: act(({ index, results }) => {
      const p = state.puzzles;
      if (p.status === 'ready') p.progress = { key: p.key, index, results };
    }),
    /** The element showed exercise `index` (next / previous, or the same again): nothing of it played yet. */
    puzzleShown: act((index) => {
      const p = state.puzzles;
      p.first = null;
      if (p.status === 'ready' && p.progress.index !== index) p.progress = { ...p.progress, index };
    }),
    /** The first move the reader played in the exercise shown and the element accepted (ICCS). */
    puzzleFirstMove: act((move) => {
      const p = state.puzzles;
      if (p.status === 'ready' && !p.first) p.first = { index: p.progress.index, move };
    }),
    closePuzzles: act(() => {
      state.mode = 'game';
    }),
    /** Plays the edited position: a new game from it, the human to move, with the current settings. */
    playFrom: act((fen) => {
      const game = new Game(fen, { rules: state.game.options().rules }); // throws on a bad FEN
      state.practice = false;
      state.thinkMs = [];
      startFresh(game, { human: game.turn() });
    }),
  };
}
