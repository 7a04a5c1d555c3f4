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
//                   { type: "analyse", id, fen, moves, options, analyse }
//                                             how good was each move of that game; analyse: AnalyseOptions
//                                             ({ depth?, nodes?, timeMs?, from?, to?, side? })
//                   { type: "stop", id? }                         stop the search or analysis `id` (or the current one)
//                   { type: "newGame" }                           forget the table (after the current search)
//   worker -> page  { type: "progress", id, progress }            a search: after each new completed depth
//                   { type: "progress", id, progress, done, total } an analysis: each analysed move (AnalysedMove)
//                   { type: "result", id, result }                a search: { move, score, depth, nodes, timeMs, pv,
//                                                                 lines, stopped }; an analysis: the Analysis
//                                                                 (`cancelled: true` when stopped)
//                   { type: "error", id, error: { code, message } }
//
// Stopping without SharedArrayBuffer (which would need COOP/COEP headers): the worker runs the engine's own sliced
// search (Engine.start once, then Engine.step(SLICE_MS) until it answers), and between two slices returns to its
// message loop, where a "stop" is seen; Engine.stop() then answers with the best move so far. The search keeps its
// depth, its best line, its nodes and its clock from one slice to the next, and decides everything about time
// itself (the worker has no deadline of its own). An analysis runs the same way, a position or more a slice. A stop
// therefore takes at most one slice (or one position of an analysis) plus a message hop.
import init, { Engine, Game } from './xiangqi_wasm.js';

const SLICE_MS = 25;

const ready = init();
let engine = null;
let current = null;
let queue = Promise.resolve();
/** Ids stopped while they waited in the queue: they answer at once when their turn comes. */
const stoppedEarly = new Set();

// Back to the message loop between two slices: a message on our own channel queues behind the messages already
// sent to the worker (a "stop"), and, unlike setTimeout(0), is not held back 4 ms when the loop has gone on a while.
const channel = new MessageChannel();
let wake = null;
channel.port1.onmessage = () => {
  const w = wake;
  wake = null;
  w?.();
};
const yieldToMessages = () => new Promise((resolve) => {
  wake = resolve;
  channel.port2.postMessage(null);
});

function errorOf(e) {
  return { code: e?.code ?? 'ERR_WORKER', message: String(e?.message ?? e) };
}

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

async function run(job) {
  current = job;
  if (stoppedEarly.delete(job.id)) job.stopped = true;
  const { id, fen = null, moves = [], limits = {}, options } = job;
  let reported = 0;
  const relay = (p) => {
    if (p.multipv === 1 && p.depth > reported) {
      reported = p.depth;
      postMessage({ type: 'progress', id, progress: p });
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
    postMessage({ type: 'result', id, result: { ...result, stopped: !!job.stopped } });
  } catch (e) {
    postMessage({ type: 'error', id, error: errorOf(e) });
  } finally {
    current = null;
  }
}

async function analyse(job) {
  current = job;
  if (stoppedEarly.delete(job.id)) job.stopped = true;
  const { id, fen = null, moves = [], options, analyse: settings } = job;
  const relay = (progress, done, total) => postMessage({ type: 'progress', id, progress, done, total });
  try {
    await ready;
    engine ??= new Engine({ hashMb: job.hashMb ?? 16 });
    engine.startAnalysis(gameOf(fen, moves ?? [], options), settings ?? undefined);
    let result = engine.stepAnalysis(SLICE_MS, relay);
    while (result === null) {
      await yieldToMessages();
      result = job.stopped ? engine.stopAnalysis() : engine.stepAnalysis(SLICE_MS, relay);
    }
    postMessage({ type: 'result', id, result });
  } catch (e) {
    postMessage({ type: 'error', id, error: errorOf(e) });
  } finally {
    current = null;
  }
}

self.onmessage = (ev) => {
  const msg = ev.data ?? {};
  switch (msg.type) {
    case 'search':
      if (current) current.stopped = true; // a new search replaces the running one, which answers at once
      queue = queue.then(() => run(msg));
      break;
    case 'analyse':
      if (current) current.stopped = true;
      queue = queue.then(() => analyse(msg));
      break;
    case 'stop':
      if (current && (msg.id === undefined || msg.id === current.id)) current.stopped = true;
      else if (msg.id !== undefined) {
        if (stoppedEarly.size >= 64) stoppedEarly.clear(); // stops of requests already answered: forget them
        stoppedEarly.add(msg.id);
      }
      break;
    case 'newGame':
      queue = queue.then(() => engine?.newGame());
      break;
    default:
      postMessage({ type: 'error', id: msg.id, error: { code: 'ERR_ARGUMENT', message: `unknown message type ${msg.type}` } });
  }
};
