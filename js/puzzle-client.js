// The checks of <xiangqi-puzzle> (puzzle-check.js) as the element calls them: in one module worker for every puzzle
// of the page (puzzle-worker.js), or on the page where no worker can start — worker-rpc.js's one policy — and the
// proofs of the page's puzzles one after another, in slices.
import { ready as boardReady } from './board.js';
import { checks as pageChecks } from './puzzle-check.js';
import { WorkerClient } from './worker-rpc.js';

/**
 * The proof of a turn's good moves runs in slices of this many prover nodes (a few milliseconds each): a move
 * played meanwhile is checked between two slices, not after the whole proof (the worker answers one call at a time).
 */
const PROOF_SLICE_NODES = 3000;
/** The proof of a turn's good moves gives up after this many nodes (MateProver's default limit for one call). */
const PROOF_NODE_LIMIT = 20_000_000;

const checks = new WorkerClient({
  start: () => new Worker(new URL('./puzzle-worker.js', import.meta.url), { type: 'module' }),
  local: async () => {
    await boardReady();
    return pageChecks;
  },
});

/** Runs check `name` of puzzle-check.js with `params`; resolves with its answer. */
export function check(name, params) {
  return checks.call(name, params);
}

/**
 * Starts the worker now, with a call that does nothing, so that its wasm loads while the page's does (the first
 * real check would otherwise wait for it: a move played at once was judged up to 0.3 s late on a busy machine).
 */
export function warmChecks() {
  if (!checks.worker && !checks.onPage) check('ready', {}).catch(() => {});
}

/** The proofs of the page's puzzles run one after another (they share one worker, and its provers). */
let proofs = Promise.resolve();

/**
 * The moves that keep a mate in `moves` solver moves from `fen` (`matingMoves` of exercise `key`), proved in slices
 * after the page's other proofs; the prover goes on where the last slice stopped. `null` once `wanted()` is false
 * (checked before each slice) or when the proof gives up.
 */
export function proveMatingMoves({ key, fen, moves }, wanted) {
  const run = async () => {
    for (let nodes = 0; nodes < PROOF_NODE_LIMIT; nodes += PROOF_SLICE_NODES) {
      if (!wanted()) return null;
      const found = await check('matingMoves', { key, fen, moves, nodeLimit: PROOF_SLICE_NODES });
      if (found) return found;
    }
    return null;
  };
  const result = proofs.then(run);
  proofs = result.catch(() => null);
  return result;
}
