// Types of `xiangqi-wasm/worker`: the hint engine in a Web Worker, behind a promise client.
import type {
  Game, GameOptions, Hint, SearchLimits, SearchProgress, ErrorCode, AnalyseOptions, AnalysedMove, Analysis,
  NetworkInfo,
} from "./xiangqi_wasm.js";

/**
 * The package's neural net (`xiangqi-wasm/network.nnue`: 160 KB, 46 KB gzipped; MIT OR Apache-2.0, trained by this
 * project on its own games) as a URL: fetch it and give the bytes to {@link EngineClient.loadNetwork}.
 * @example
 * import { EngineClient, NETWORK_URL } from "xiangqi-wasm/worker";
 * const engine = new EngineClient();
 * await engine.loadNetwork(await (await fetch(NETWORK_URL)).arrayBuffer());
 */
export const NETWORK_URL: string;

/** What to search: a `game` (its start, moves and options), or `fen` + `moves` (+ `options`). */
export interface WorkerSearch {
  /** A game: its initial FEN, history and options (rule set, move limit) go to the worker. */
  game?: Game | undefined;
  /** A FEN, or `null` for the start position (ignored with `game`). */
  fen?: string | null | undefined;
  /** ICCS moves played from `fen` (ignored with `game`). */
  moves?: readonly string[] | undefined;
  /** The rules repetitions and the move limit are judged by in the search (ignored with `game`). */
  options?: GameOptions | null | undefined;
  /** With no limit, 1 second. */
  limits?: SearchLimits | undefined;
  /** After each completed depth. */
  onProgress?: ((progress: SearchProgress) => void) | undefined;
}

/** A game for {@link EngineClient.analyse} spelled out: its start, its moves and its options. */
export interface WorkerGame {
  /** A FEN, or `null` for the start position. */
  fen?: string | null | undefined;
  /** ICCS moves played from `fen`. */
  moves?: readonly string[] | undefined;
  /** Its rules: repetitions and the move limit are judged by them. */
  options?: GameOptions | null | undefined;
}

/** How to follow and cancel {@link EngineClient.analyse}. */
export interface WorkerAnalyse {
  /** After each analysed move, with how many are done out of how many. */
  onProgress?: ((move: AnalysedMove, done: number, total: number) => void) | undefined;
  /** Aborting it cancels the analysis: the promise resolves with what was analysed, `cancelled: true`. */
  signal?: AbortSignal | undefined;
}

/** A search result: the hint plus whether it was stopped early. */
export interface WorkerResult extends Hint {
  stopped: boolean;
}

/** An error from the worker: `code` is the XiangqiError code. */
export interface WorkerError extends Error {
  name: "XiangqiError";
  code: ErrorCode | "ERR_WORKER";
}

/**
 * The search in a Web Worker (the package's `engine-worker.js`): the page never freezes, and `stop()` answers
 * within about 30 ms with the best move so far.
 * @example
 * import { Game } from "xiangqi-wasm";
 * import { EngineClient } from "xiangqi-wasm/worker";
 * const engine = new EngineClient();
 * const game = new Game(null, { rules: "cxa" });
 * const { move } = await engine.search({ game, limits: { timeMs: 500 } });
 */
export class EngineClient {
  /** Starts the worker; `url` defaults to the package's engine-worker.js. */
  constructor(url?: string | URL);
  readonly worker: Worker;
  /** @throws {WorkerError} through the promise: `ERR_FEN_*`, `ERR_ILLEGAL_MOVE`, `ERR_OPTIONS`, ... */
  search(request?: WorkerSearch): Promise<WorkerResult>;
  /**
   * How good was each move of `game` (`Engine.analyse` in the worker, a position or more a slice, so that it can
   * be cancelled between positions).
   * @throws {WorkerError} through the promise: `ERR_OPTIONS` naming a bad value, `ERR_FEN_*`, `ERR_ILLEGAL_MOVE`.
   * @example
   * import { Game } from "xiangqi-wasm";
   * import { EngineClient } from "xiangqi-wasm/worker";
   * const engine = new EngineClient();
   * const game = new Game();
   * for (const m of ["h2e2", "h9g7", "h0g2"]) game.play(m);
   * const controller = new AbortController();
   * const a = await engine.analyse(game, {}, { onProgress: (m, done, total) => console.log(done, total, m.classification),
   *                                            signal: controller.signal });
   * a.red.accuracy;
   */
  analyse(game: Game | WorkerGame, options?: AnalyseOptions, follow?: WorkerAnalyse): Promise<Analysis>;
  /**
   * Evaluates with a neural net file in the worker (`Engine.loadNetwork`) from the next search on; the client keeps
   * the bytes and loads them again into a worker started after this one ended.
   * @throws {WorkerError} through the promise: `ERR_NET_MAGIC`, `ERR_NET_VERSION`, `ERR_NET_FEATURES`,
   * `ERR_NET_SHAPE`, `ERR_NET_TRUNCATED`, `ERR_NET_CHECKSUM` (the worker's engine as it was), `ERR_ARGUMENT`.
   */
  loadNetwork(bytes: Uint8Array | ArrayBuffer): Promise<NetworkInfo>;
  /** The hand-tuned evaluation again from the next search on. */
  unloadNetwork(): Promise<void>;
  /** Stops every pending search (each resolves with the best move found so far) and cancels every analysis. */
  stop(): void;
  /** Forgets what the engine learnt (a new game). */
  newGame(): void;
  /** Ends the worker; pending searches reject. */
  terminate(): void;
  /** `terminate()`, for `using engine = new EngineClient()` (a runtime with `Symbol.dispose`). */
  [Symbol.dispose](): void;
}
