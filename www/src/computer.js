// The engine's side of the controller: every search in the package's worker (EngineClient) — the computer's
// move (whenever it is its turn and it is idle: a reaction to the state, not a step of each action), the hint,
// the answer to a draw offer, the game review (`engine.analyse`, cancellable) and the analysis board's best lines.
// A search answers into the store with the generation it started at; the store drops an answer for a game that
// changed meanwhile, and the search itself is stopped at once.
import { levelById } from './levels.js';
import { analysisGame, computerColor, computerToMove, positionsOf } from './derive.js';
import { DRAW_LIMITS, answerDrawOffer, repetitionsOf } from './draw-policy.js';
import { REVIEW_NODES } from './review.js';
import { negateScore } from './text.js';
import { inBook, levelBookMove } from './book.js';
import { explorerNow, loadExplorer } from './openings.js';

const HINT_LIMITS = { timeMs: 1000 };
/** How long the computer's first book move waits for the explorer's data (then it searches as it would without). */
const BOOK_WAIT_MS = 1500;
/** A book move is played after this pause (at most the level's time): a reply is seen to come, and can be undone. */
const BOOK_PAUSE_MS = 400;
/** The analysis board's search: three lines, until the position changes (or this long). */
const LINES_LIMITS = { multiPv: 3, timeMs: 120000, depth: 40 };

export function createComputer({ store, engine, Game }) {
  const state = store.state;
  /** The live game's search under way: { gen }. */
  let running = null;
  let reviewAbort = null;
  /** The analysis board's search under way: { gen }. */
  let lines = null;
  let game = state.game;
  /** The generation at which the computer could not move: it does not try again until the game changes. */
  let failedAt = null;

  store.subscribe(() => {
    if (state.game !== game) { // a new game, an import: the engine forgets what it learnt
      game = state.game;
      engine.newGame();
    }
    if (running && (running.gen !== state.gen || state.mode !== 'game')) {
      running = null;
      engine.stop();
      if (state.busy) store.setBusy(null);
    }
    if (lines && (state.mode !== 'analysis' || lines.gen !== state.analysis?.gen)) {
      lines = null;
      engine.stop();
    }
    if (state.mode === 'analysis' && !lines) searchLines();
    if (state.mode !== 'review' && reviewAbort) cancelReview();
    if (computerToMove(state) && !running && failedAt !== state.gen) move();
  });

  /** Runs a search of the live game as `kind`; `answer(result, gen)` is called unless it was dropped. */
  async function run(kind, limits, answer) {
    const gen = state.gen;
    running = { gen };
    store.setBusy(kind);
    try {
      const r = await engine.search({ game: state.game, limits });
      if (running?.gen !== gen || state.gen !== gen) return;
      running = null;
      answer(r, gen);
    } catch (e) {
      if (running?.gen !== gen) return;
      running = null;
      if (kind === 'move') failedAt = gen;
      store.setBusy(null);
      store.message(kind === 'move' ? 'engineError' : 'error', { message: e.message });
    }
  }

  function move() {
    const level = levelById(state.level);
    if (inBook(state.game, level)) return bookOrSearch(level);
    return search(level);
  }

  function search(level) {
    return run('move', { ...level.limits, seed: state.seed + state.game.history().length },
      (r, gen) => store.computerPlayed(r.move, gen));
  }

  /** In the level's first plies: a move from the opening book (book.js) if the explorer's data is there in time. */
  async function bookOrSearch(level) {
    const gen = state.gen;
    running = { gen };
    store.setBusy('move');
    const wait = (ms, value = null) => new Promise((resolve) => { setTimeout(() => resolve(value), ms); });
    const started = Date.now();
    let explorer = explorerNow();
    if (!explorer) explorer = await Promise.race([loadExplorer().catch(() => null), wait(BOOK_WAIT_MS)]);
    const pause = Math.min(BOOK_PAUSE_MS, level.limits.timeMs ?? BOOK_PAUSE_MS) - (Date.now() - started);
    if (pause > 0) await wait(pause);
    if (running?.gen !== gen || state.gen !== gen) return;
    running = null;
    const book = levelBookMove({ explorer, game: state.game, level, seed: state.seed });
    if (book) return store.computerPlayed(book, gen);
    return search(level);
  }

  function hint() {
    return run('hint', HINT_LIMITS, (r, gen) => store.setHint({ move: r.move, pv: r.pv, score: r.score }, gen));
  }

  /** The human offers a draw: the computer answers by draw-policy.js. */
  function offerDraw() {
    const computer = computerColor(state);
    // With the evaluation of the level the computer plays at (levels.js).
    const network = levelById(state.level).limits.network ?? true;
    return run('draw', { ...DRAW_LIMITS, network }, (r, gen) => {
      const forComputer = state.game.turn() === computer ? r.score : negateScore(r.score);
      const { accept } = answerDrawOffer({
        score: forComputer,
        skill: levelById(state.level).limits.skill,
        claimable: state.game.claimableDraw(),
        repetitions: repetitionsOf(positionsOf(Game, state.game)),
      });
      store.setBusy(null);
      store.answerDraw(accept, gen);
    });
  }

  /** The review of the live game: every move analysed in the worker, with progress; cancellable. */
  async function review(nodes = REVIEW_NODES) {
    cancelReview();
    const controller = new AbortController();
    reviewAbort = controller;
    store.reviewStart(state.game.history().length, nodes);
    try {
      // With the neural net when the worker has it: the analysis then reads the scores on the net's own
      // win-probability scale (docs/analysis.md), so the marks mean the same losses.
      const a = await engine.analyse(state.game, { nodes }, {
        signal: controller.signal,
        onProgress: (m, done, total) => {
          if (reviewAbort === controller) store.reviewProgress(m, done, total);
        },
      });
      if (reviewAbort === controller) store.reviewDone(a);
    } catch (e) {
      if (reviewAbort === controller) store.reviewFailed(e.message);
    } finally {
      if (reviewAbort === controller) reviewAbort = null;
    }
  }

  function cancelReview() {
    reviewAbort?.abort();
  }

  /** The analysis board's best lines, reported as they deepen, until its position changes. */
  async function searchLines() {
    const a = state.analysis;
    const gen = a.gen;
    lines = { gen };
    const g = analysisGame(Game, a);
    const found = [];
    try {
      if (g.outcome() || g.legalMoves().length === 0) {
        store.analysisLines([], 0, gen);
        return;
      }
      await engine.search({
        fen: a.fen, moves: a.moves, limits: LINES_LIMITS,
        onProgress: (p) => {
          if (lines?.gen !== gen) return;
          // A deeper iteration reports its lines one by one, each replacing the one of the same rank.
          found[p.multipv - 1] = { score: p.score, pv: p.pv, depth: p.depth };
          store.analysisLines(found.filter(Boolean).map((l) => ({ ...l })), p.depth, gen);
        },
      });
    } catch (e) {
      if (lines?.gen === gen) store.message('error', { message: e.message });
    } finally {
      g.free();
    }
  }

  return { hint, offerDraw, review, cancelReview };
}
