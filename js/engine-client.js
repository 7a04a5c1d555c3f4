// `xiangqi-wasm/worker`: a promise-based client for the search worker (engine-worker.js in the package): the
// search runs in a Web Worker, the page stays responsive.
//
//   import { EngineClient } from "xiangqi-wasm/worker";
//   const engine = new EngineClient();
//   const result = await engine.search({ game, limits: { timeMs: 1000 },
//                                        onProgress: (p) => console.log(p.depth, p.pv) });
//   engine.stop();        // the pending search resolves with the best move so far (within about 30 ms)
//
// `result` is { move, score: { cp } | { mate }, depth, nodes, timeMs, pv, lines, stopped }. Errors reject with an
// Error whose `code` is the XiangqiError code (ERR_FEN_*, ERR_ILLEGAL_MOVE, ERR_OPTIONS, ...).
//
//   const analysis = await engine.analyse(game, { nodes: 40000 },
//                                         { onProgress: (move, done, total) => bar(done / total), signal });
//
// how good was each move (Engine.analyse in the worker); aborting `signal` resolves with the moves analysed so far
// and `cancelled: true`.
export class EngineClient {
  /** Starts the worker (`url` defaults to engine-worker.js next to this file). */
  constructor(url) {
    // Written out in full so that bundlers (Vite, webpack) see the worker and emit it.
    this.worker = url ? new Worker(url, { type: 'module' })
      : new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (ev) => this.#receive(ev.data);
    this.worker.onerror = (ev) => {
      const error = new Error(ev.message ?? 'engine worker failed');
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
  }

  /**
   * Searches `game` (a Game: its start position, its moves and its options — rule set, move limit — go to the
   * worker), or the position after `moves` (ICCS) played from `fen` (null: the start position) under `options`
   * (GameOptions; default rules otherwise). Resolves with the result.
   */
  search({ game, fen = null, moves = [], options, limits = {}, onProgress } = {}) {
    if (game) {
      fen = game.initialFen();
      moves = game.history();
      options = game.options();
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ type: 'search', id, fen, moves: [...moves], limits, options: options ?? null });
    });
  }

  /**
   * Analyses `game` (a Game, or `{ fen, moves, options }`) in the worker: resolves with the Analysis. `onProgress`
   * receives each analysed move with the count done and the total; aborting `signal` cancels: the promise resolves
   * with what was analysed, `cancelled: true`.
   */
  analyse(game, options = {}, { onProgress, signal } = {}) {
    let { fen = null, moves = [], options: gameOptions } = game ?? {};
    if (typeof game?.history === 'function') {
      fen = game.initialFen();
      moves = game.history();
      gameOptions = game.options();
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const cancel = () => this.worker.postMessage({ type: 'stop', id });
      const done = () => signal?.removeEventListener('abort', cancel);
      this.pending.set(id, {
        resolve: (r) => { done(); resolve(r); },
        reject: (e) => { done(); reject(e); },
        onProgress,
      });
      this.worker.postMessage({ type: 'analyse', id, fen, moves: [...moves], options: gameOptions ?? null, analyse: options });
      if (signal?.aborted) cancel();
      else signal?.addEventListener('abort', cancel);
    });
  }

  /** Stops every pending search: each resolves with the best move found so far. */
  stop() {
    for (const id of this.pending.keys()) this.worker.postMessage({ type: 'stop', id });
  }

  /** Forgets what the engine learnt (a new game). */
  newGame() {
    this.worker.postMessage({ type: 'newGame' });
  }

  /** Ends the worker; pending searches reject. */
  terminate() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('engine terminated'));
    this.pending.clear();
  }

  #receive(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      if (msg.total === undefined) p.onProgress?.(msg.progress);
      else p.onProgress?.(msg.progress, msg.done, msg.total);
    } else if (msg.type === 'result') {
      this.pending.delete(msg.id);
      p.resolve(msg.result);
    } else if (msg.type === 'error') {
      this.pending.delete(msg.id);
      p.reject(Object.assign(new Error(msg.error.message), { name: 'XiangqiError', code: msg.error.code }));
    }
  }
}
