// A Web Worker running the hint engine, so that the page never freezes: `xiangqi-wasm/engine-worker.js` in the
// package. Use it through `EngineClient` from `xiangqi-wasm/worker`, which starts it, or load it yourself as a
// module worker:
//
//   const worker = new Worker(new URL("xiangqi-wasm/engine-worker.js", import.meta.url), { type: "module" });
//
// Protocol: worker-rpc.js (the one RPC of the package's workers): the call `search` with
// { fen, moves, limits, options } — fen: FEN or null (start), moves: ICCS played from it, limits: { depth?,
// timeMs?, nodes?, multiPv?, skill?, seed? }, options: the game's GameOptions ({ rules, moveLimit, ... }, as
// game.options() returns them): repetitions and the move limit are judged by them in the search, as
// Engine.search(game) does — with progress { depth, score, pv, nodes, timeMs, ... } after each new completed
// depth and the result { move, score, depth, nodes, timeMs, pv, lines, stopped }; cancelling it stops the search
// (it answers with the best move so far); the notification `newGame` forgets the table (after the current
// search). The messages of earlier versions are still understood:
//   { type: "search", id, fen, moves, limits, options }, { type: "stop", id? }, { type: "newGame" }
// and answered as before: { type: "progress" | "result" | "error", id, ... }.
//
import init, { Engine, Game } from './xiangqi_wasm.js';
import { serve } from './worker-rpc.js';

const SLICE_MS = 25;
/** Without any limit, search this long (as Engine.search does). */
const DEFAULT_MS = 1000;

const ready = init();
let engine = null;
let game = null;
let current = null;
let queue = Promise.resolve();

const yieldToMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run(job) {
  current = job;
  const { fen = null, moves = [], limits = {}, options, progress } = job;
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
          progress({ ...p, nodes: total + p.nodes, timeMs: Date.now() - start });
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
    return { ...best, nodes: total, timeMs: Date.now() - start, stopped: !!job.stopped };
  } finally {
    current = null;
  }
}

serve({
  search(params, call) {
    if (current) current.stopped = true; // a new search replaces the running one, which answers at once
    const job = { ...params, progress: call.progress };
    call.onCancel(() => { job.stopped = true; });
    const answer = queue.then(() => run(job));
    queue = answer.catch(() => {});
    return answer;
  },
  newGame() {
    queue = queue.then(() => engine?.newGame());
  },
}, {
  // The messages of earlier versions.
  translate: (msg) => {
    if (msg?.type === 'search') {
      const { type, id, ...params } = msg;
      return { rpc: 'call', id, method: 'search', params };
    }
    if (msg?.type === 'stop') return { rpc: 'cancel', id: msg.id };
    if (msg?.type === 'newGame') return { rpc: 'notify', method: 'newGame' };
    return { rpc: 'call', id: msg?.id, method: null };
  },
});
