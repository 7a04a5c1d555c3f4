// A Web Worker running the hint engine, so that the page never freezes: `xiangqi-wasm/engine-worker.js` in the
// package. Use it through `EngineClient` from `xiangqi-wasm/worker`, which starts it, or load it yourself as a
// module worker:
//
//   const worker = new Worker(new URL("xiangqi-wasm/engine-worker.js", import.meta.url), { type: "module" });
//
// Protocol: worker-rpc.js (the one RPC of the package's workers):
//   search  { fen, moves, limits, options }   fen: FEN or null (start), moves: ICCS played from it, limits:
//           { depth?, timeMs?, nodes?, multiPv?, skill?, seed?, network? }, options: the game's GameOptions ({ rules,
//           moveLimit, ... }, as game.options() returns them): repetitions and the move limit are judged by them in
//           the search, as Engine.search(game) does. Progress { depth, multipv, score, pv, nodes, timeMs, ... } after
//           each new completed depth (and each of its lines with multiPv); the result { move, score, depth, nodes, timeMs, pv, lines, stopped }; cancelling
//           it stops the search (it answers with the best move so far).
//   analyse { fen, moves, options, analyse }  how good was each move of that game; analyse: AnalyseOptions
//           ({ depth?, nodes?, timeMs?, from?, to?, side?, network? }). Progress { move, done, total } for each analysed
//           move (an AnalysedMove); the result: the Analysis (`cancelled: true` when cancelled).
//   loadNetwork { bytes }                     evaluates with that neural net file from the next search on
//           (Engine.loadNetwork, after the current search); the result { features, ft, l1, checksum }, or the
//           error ERR_NET_* (the engine as it was).
//   unloadNetwork                             the hand-tuned evaluation again; the result null.
//   newGame (a notification)                  forgets the table (after the current search).
// A new search or analysis replaces the running one, which answers at once. The messages of earlier versions are
// still understood:
//   { type: "search" | "analyse", id, ... }, { type: "stop", id? }, { type: "newGame" }
// and answered as before: { type: "progress" | "result" | "error", id, ... }.
//
// Stopping without SharedArrayBuffer (which would need COOP/COEP headers): the worker runs the engine's own sliced
// search (Engine.start once, then Engine.step(SLICE_MS) until it answers), and between two slices returns to its
// message loop, where a cancel is seen; Engine.stop() then answers with the best move so far. The search keeps its
// depth, its best line, its nodes and its clock from one slice to the next, and decides everything about time
// itself (the worker has no deadline of its own). An analysis runs the same way, a position or more a slice. A stop
// therefore takes at most one slice (or one position of an analysis) plus a message hop.
import init, { Engine, Game } from './xiangqi_wasm.js';
import { serve, yieldToMessages } from './worker-rpc.js';

const SLICE_MS = 25;

// Only in a worker: imported anywhere else (a server's module graph), the script does nothing.
const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
const ready = inWorker ? init() : null;
let engine = null;
let current = null;
let queue = Promise.resolve();

// The game the page described, kept between requests: when the next one has the same start and options, only the
// moves that changed are taken back and played (a game a move later costs one move, not the whole game). The
// moves are followed as in analysis mode, so a record that goes on after its ending is still searched.
let game = null;
let gameKey = null;
function gameOf(fen, moves, options) {
  const key = JSON.stringify([fen, options ?? null]);
  if (game === null || key !== gameKey) {
    game?.free();
    game = null;
    game = new Game(fen, { ...(options ?? {}), mode: 'analysis' });
    gameKey = key;
  }
  const had = game.history();
  let same = 0;
  while (same < had.length && same < moves.length && had[same] === moves[same]) same++;
  for (let i = had.length; i > same; i--) game.undo();
  for (let i = same; i < moves.length; i++) game.play(moves[i]);
  return game;
}

async function search(job) {
  current = job;
  const { fen = null, moves = [], limits = {}, options } = job;
  // Each new completed depth once, with every line of it when more than one is asked for (multiPv).
  let reported = 0;
  const relay = (p) => {
    if (p.multipv === 1 ? p.depth > reported : p.depth === reported) {
      reported = p.depth;
      job.progress(p);
    }
  };
  try {
    await ready;
    engine ??= new Engine({ hashMb: job.hashMb ?? 16 });
    engine.start(gameOf(fen, moves ?? [], options), limits ?? undefined);
    let result = engine.step(SLICE_MS, relay);
    while (result === null) {
      await yieldToMessages();
      result = job.stopped ? engine.stop() : engine.step(SLICE_MS, relay);
    }
    return { ...result, stopped: !!job.stopped };
  } finally {
    current = null;
  }
}

async function analyse(job) {
  current = job;
  const { fen = null, moves = [], options, analyse: settings } = job;
  const relay = (move, done, total) => job.progress({ move, done, total });
  try {
    await ready;
    engine ??= new Engine({ hashMb: job.hashMb ?? 16 });
    engine.startAnalysis(gameOf(fen, moves ?? [], options), settings ?? undefined);
    let result = engine.stepAnalysis(SLICE_MS, relay);
    while (result === null) {
      await yieldToMessages();
      result = job.stopped ? engine.stopAnalysis() : engine.stepAnalysis(SLICE_MS, relay);
    }
    return result;
  } finally {
    current = null;
  }
}

/** Queues `work` for the call: it replaces the running job, and a cancel (even while it waits) stops it. */
function enqueue(work, params, call) {
  if (current) current.stopped = true; // a new request replaces the running one, which answers at once
  const job = { ...params, progress: call.progress, stopped: false };
  call.onCancel(() => { job.stopped = true; });
  return chain(() => work(job));
}

/** Runs `task` after the work queued before it; its answer, whose failure does not stop the queue. */
function chain(task) {
  const answer = queue.then(task);
  queue = answer.catch(() => {});
  return answer;
}

/** Runs `fn(engine)` after the work queued before it (a search under way is not replaced). */
function afterQueue(fn) {
  return chain(async () => {
    await ready;
    engine ??= new Engine({ hashMb: 16 });
    return fn(engine);
  });
}

if (inWorker) serve({
  search: (params, call) => enqueue(search, params, call),
  analyse: (params, call) => enqueue(analyse, params, call),
  loadNetwork: (params) => afterQueue((e) => e.loadNetwork(params?.bytes)),
  unloadNetwork: () => afterQueue((e) => {
    e.unloadNetwork();
    return null;
  }),
  newGame() {
    chain(() => engine?.newGame()).catch(() => {}); // a notification: nobody to answer
  },
}, {
  // The messages of earlier versions.
  translate: (msg) => {
    if (msg?.type === 'search' || msg?.type === 'analyse') {
      const { type, id, ...params } = msg;
      return { rpc: 'call', id, method: type, params };
    }
    if (msg?.type === 'stop') return { rpc: 'cancel', id: msg.id };
    if (msg?.type === 'newGame') return { rpc: 'notify', method: 'newGame' };
    return { rpc: 'call', id: msg?.id, method: null };
  },
});
