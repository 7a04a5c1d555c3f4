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
// Error whose `code` is the XiangqiError code (ERR_FEN_*, ERR_ILLEGAL_MOVE, ERR_OPTIONS, ...). The messages are
// those of worker-rpc.js, shared with the lesson's and the app's workers.
//
//   const analysis = await engine.analyse(game, { nodes: 40000 },
//                                         { onProgress: (move, done, total) => bar(done / total), signal });
//
// how good was each move (Engine.analyse in the worker); aborting `signal` resolves with the moves analysed so far
// and `cancelled: true`.
//
// The worker follows the package's one worker policy (WorkerClient, worker-rpc.js): started now, and started again
// for the next search after it died or was terminated. A search has no page fallback: it would freeze the page
// (use `Engine` from `xiangqi-wasm` directly where no worker can run).
//
//   await engine.loadNetwork(await (await fetch(NETWORK_URL)).arrayBuffer());
//
// evaluates with the package's neural net (`xiangqi-wasm/network.nnue`) from the next search on: stronger, and an
// extra download of 46 KB (gzipped) whenever the page chooses to make it.
import { WorkerClient } from './worker-rpc.js';

/**
 * The package's neural net (`xiangqi-wasm/network.nnue`: 160 KB, 46 KB gzipped; MIT OR Apache-2.0, trained by this
 * project on its own games) as a URL: fetch it and give the bytes to `loadNetwork`. Bundlers emit the file.
 */
export const NETWORK_URL = new URL('./network.nnue', import.meta.url).href;

export class EngineClient {
  #rpc;
  /** The net file given to loadNetwork (null: the hand-tuned evaluation), and the worker it was loaded into. */
  #net = null;
  #netWorker = null;

  /** Starts the worker (`url` defaults to engine-worker.js next to this file). */
  constructor(url) {
    this.#rpc = new WorkerClient({
      // Written out in full so that bundlers (Vite, webpack) see the worker and emit it.
      start: () => (url ? new Worker(url, { type: 'module' })
        : new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })),
      eager: true,
    });
  }

  /** The worker running the searches (the last one started). */
  get worker() {
    return this.#rpc.worker;
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
    return this.#withNet(() => this.#rpc.call('search', { fen, moves: [...moves], limits, options: options ?? null },
      { onProgress }));
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
    return this.#withNet(() => this.#rpc.call('analyse', { fen, moves: [...moves], options: gameOptions ?? null,
      analyse: options }, { signal, onProgress: onProgress && ((p) => onProgress(p.move, p.done, p.total)) }));
  }

  /**
   * Evaluates with a neural net file (`Engine.loadNetwork` in the worker) from the next search on: resolves with
   * `{ features, ft, l1, checksum }`, or rejects with ERR_NET_* (the worker's engine as it was). The client keeps
   * the bytes and loads them again into a worker started after this one ended.
   */
  async loadNetwork(bytes) {
    const copy = bytes instanceof ArrayBuffer ? new Uint8Array(bytes.slice(0)) : ArrayBuffer.isView(bytes)
      ? new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) : bytes;
    const info = await this.#rpc.call('loadNetwork', { bytes: copy });
    this.#net = copy;
    this.#netWorker = this.#rpc.current;
    return info;
  }

  /** The hand-tuned evaluation again from the next search on (in this worker and any later one). */
  async unloadNetwork() {
    this.#net = null;
    this.#netWorker = null;
    await this.#rpc.call('unloadNetwork', {});
  }

  /** Runs `call` after loading the net into the worker if it is not the one the net was loaded into. */
  async #withNet(call) {
    const running = this.#rpc.current;
    if (this.#net && (running === null || running !== this.#netWorker)) {
      // A new worker (the last one ended): load the net first, so that the search is the one asked for.
      const net = this.#net;
      await this.#rpc.call('loadNetwork', { bytes: net });
      if (this.#net === net) this.#netWorker = this.#rpc.current;
    }
    return call();
  }

  /** Stops every pending search (each resolves with the best move found so far) and cancels every analysis. */
  stop() {
    this.#rpc.cancelAll();
  }

  /** Forgets what the engine learnt (a new game). */
  newGame() {
    this.#rpc.notify('newGame');
  }

  /** Ends the worker; pending searches reject (a later search starts a new worker). */
  terminate() {
    this.#rpc.terminate(Object.assign(new Error('engine terminated'), { name: 'XiangqiError', code: 'ERR_WORKER' }));
  }
}
// `using engine = new EngineClient()`: terminated when the block ends (a runtime with `Symbol.dispose`).
if (typeof Symbol.dispose === 'symbol') EngineClient.prototype[Symbol.dispose] = EngineClient.prototype.terminate;
