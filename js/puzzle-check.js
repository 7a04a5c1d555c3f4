// The checks of <xiangqi-puzzle> (js/puzzle.js): no DOM, so that they run in the puzzle's worker
// (puzzle-worker.js) or, where no worker can start, on the page. One MateProver (the exhaustive forced-mate
// prover of the package's wasm) is kept per exercise, so that what it proved for one move serves the next, for the
// last two exercises asked about (the puzzles of one page share the worker); the `win` goal asks the package's
// Engine.
import { Engine, MateProver } from './xiangqi_wasm.js';

/** A position counts as won for the solver when the engine scores it at least this (centipawns) or as a mate. */
export const WIN_MARGIN_CP = 300;
/** The `win` goal's search: depth and time (ms) per check. */
const WIN_DEPTH = 10;
const WIN_TIME_MS = 600;

/**
 * The provers kept: one exercise's proof in slices and another puzzle's check between two slices must not throw
 * away each other's memo.
 */
const KEEP_PROVERS = 2;
/** The provers by exercise key, the most recently asked last. */
const provers = new Map();
let engine = null;

/** The prover of exercise `key` (a new one for a new exercise: the memo belongs to one exercise). */
function proverFor(key) {
  const prover = provers.get(key) ?? new MateProver();
  provers.delete(key);
  provers.set(key, prover);
  for (const [k, old] of provers) {
    if (provers.size <= KEEP_PROVERS) break;
    provers.delete(k);
    old.free();
  }
  return prover;
}

/** The engine's view of `fen` from the side to move: `{ move, score: { cp } | { mate } }`. */
function search(fen) {
  engine ??= new Engine({ hashMb: 16 });
  const hint = engine.search(fen, [], { depth: WIN_DEPTH, timeMs: WIN_TIME_MS });
  return { move: hint.move, score: hint.score };
}

/** Whether a score from the solver's side is a win by the documented margin. */
function winning(score) {
  return score.mate != null ? score.mate > 0 : score.cp >= WIN_MARGIN_CP;
}

/**
 * The checks, by name, each taking one plain object (the worker's RPC calls them so):
 * - `mateIn({ key, fen, max })`: the shortest forced mate of the side to move (1 to `max`), or `null`;
 * - `matingMoves({ key, fen, moves, nodeLimit })`: every move that keeps a forced mate within `moves`; with
 *   `nodeLimit`, `null` when the prover ran out of nodes first (asked again, it goes on from where it stopped);
 * - `defend({ key, fen, moves })`: the defender's answer (MateProver.defend) with `ms` and `nodes`;
 * - `winCheck({ fen })`: after a solver's move (the defender to move): `{ kept, reply, score }`;
 * - `winMove({ fen })`: the engine's best move for the solver and whether the position is won;
 * - `ready()`: nothing (`true`): the element's first call, which starts the worker early.
 */
export const checks = {
  mateIn({ key, fen, max }) {
    const p = proverFor(key);
    return p.mateIn(fen, max);
  },
  matingMoves({ key, fen, moves, nodeLimit }) {
    const p = proverFor(key);
    if (nodeLimit == null) return p.matingMoves(fen, moves);
    try {
      return p.matingMoves(fen, moves, { nodeLimit });
    } catch (e) {
      if (e?.code === 'ERR_MATE_LIMIT') return null;
      throw e;
    }
  },
  defend({ key, fen, moves }) {
    const p = proverFor(key);
    const t0 = performance.now();
    const d = p.defend(fen, moves);
    return { ...d, ms: performance.now() - t0, nodes: p.nodes() };
  },
  winCheck({ fen }) {
    const { move, score } = search(fen);
    // The defender's score: the solver keeps the win when the defender's best is lost by the margin.
    const solver = score.mate != null ? { mate: -score.mate } : { cp: -score.cp };
    return { kept: move == null || winning(solver), reply: move, score: solver };
  },
  ready() {
    return true;
  },
  winMove({ fen }) {
    const { move, score } = search(fen);
    return { move, won: winning(score), score };
  },
};
