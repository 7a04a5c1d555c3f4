// A Web Worker running the hint engine, so that the page never freezes: `xiangqi-wasm/engine-worker.js` in the
// package. Use it through `EngineClient` from `xiangqi-wasm/worker`, which starts it, or load it yourself as a
// module worker:
//
//   const worker = new Worker(new URL("xiangqi-wasm/engine-worker.js", import.meta.url), { type: "module" });
//
// Protocol (postMessage):
//   page -> worker  { type: "search", id, fen, moves, limits, options }
//                                             fen: FEN or null (start), moves: ICCS played from it,
//                                             limits: { depth?, timeMs?, nodes?, multiPv?, skill?, seed? },
//                                             options: the game's GameOptions ({ rules, moveLimit, ... }, as
//                                             game.options() returns them): repetitions and the move limit are
//                                             judged by them in the search, as Engine.search(game) does
//                   { type: "stop", id? }                         stop the search `id` (or the current one)
//                   { type: "newGame" }                           forget the table (after the current search)
//   worker -> page  { type: "progress", id, progress }            after each new completed depth
//                   { type: "result", id, result }                { move, score, depth, nodes, timeMs, pv, lines, stopped }
//                   { type: "error", id, error: { code, message } }
//
// Stopping without SharedArrayBuffer (which would need COOP/COEP headers): the search runs in slices of
// SLICE_MS milliseconds. Each slice is an iterative-deepening search with a time budget; the transposition table
// carries the work from one slice to the next, so every slice goes on where the last one stopped (its shallow
// iterations are answered from the table). Between slices the worker returns to its message loop, where a
// "stop" is seen; the answer is the best move of the deepest completed iteration. A stop therefore takes at most
// one slice plus a message hop.
import init, { Engine, Game } from './xiangqi_wasm.js';

const SLICE_MS = 25;
/** Without any limit, search this long (as Engine.search does). */
const DEFAULT_MS = 1000;

// Only in a worker: imported anywhere else (a server's module graph), the script does nothing.
const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
const ready = inWorker ? init() : null;
let engine = null;
let game = null;
let current = null;
let queue = Promise.resolve();

const yieldToMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

function errorOf(e) {
  return { code: e?.code ?? 'ERR_WORKER', message: String(e?.message ?? e) };
}

async function run(job) {
  current = job;
  const { id, fen = null, moves = [], limits = {}, options } = job;
  const start = Date.now();
  const { depth, timeMs, nodes, ...style } = limits ?? {};
  const maxDepth = depth ?? 64;
  const deadline = timeMs !== undefined ? start + timeMs
    : depth !== undefined || nodes !== undefined ? Infinity : start + DEFAULT_MS;
  let best = null;
  let total = 0;
  let reported = 0;
  try {
    await ready;
    engine ??= new Engine({ hashMb: job.hashMb ?? 16 });
    // The game as the page has it: its rule set and move limit judge repetitions inside the search.
    game?.free();
    game = new Game(fen, options ?? undefined);
    for (const m of moves) game.play(m);
    for (;;) {
      const left = deadline - Date.now();
      const slice = Math.max(1, Math.min(SLICE_MS, Number.isFinite(left) ? Math.floor(left) : SLICE_MS));
      const sliceLimits = { ...style, depth: maxDepth, timeMs: slice };
      if (nodes !== undefined) sliceLimits.nodes = Math.max(1, nodes - total);
      const r = engine.search(game, sliceLimits, (p) => {
        if (p.depth > reported && p.multipv === 1) {
          reported = p.depth;
          postMessage({ type: 'progress', id, progress: { ...p, nodes: total + p.nodes, timeMs: Date.now() - start } });
        }
      });
      total += r.nodes;
      if (best === null || r.depth >= best.depth) best = r;
      const done = r.move === null || r.depth >= maxDepth || 'mate' in r.score || Date.now() >= deadline
        || (nodes !== undefined && total >= nodes);
      if (done) break;
      await yieldToMessages();
      if (job.stopped) break;
    }
    postMessage({ type: 'result', id, result: { ...best, nodes: total, timeMs: Date.now() - start, stopped: !!job.stopped } });
  } catch (e) {
    postMessage({ type: 'error', id, error: errorOf(e) });
  } finally {
    current = null;
  }
}

if (inWorker) self.onmessage = (ev) => {
  const msg = ev.data ?? {};
  switch (msg.type) {
    case 'search':
      if (current) current.stopped = true; // a new search replaces the running one, which answers at once
      queue = queue.then(() => run(msg));
      break;
    case 'stop':
      if (current && (msg.id === undefined || msg.id === current.id)) current.stopped = true;
      break;
    case 'newGame':
      queue = queue.then(() => engine?.newGame());
      break;
    default:
      postMessage({ type: 'error', id: msg.id, error: { code: 'ERR_ARGUMENT', message: `unknown message type ${msg.type}` } });
  }
};
