// Types of `xiangqi-wasm/worker`: the hint engine in a Web Worker, behind a promise client.
import type { Game, GameOptions, Hint, SearchLimits, SearchProgress, ErrorCode } from "./xiangqi_wasm.js";

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
  /** Stops every pending search: each resolves with the best move found so far. */
  stop(): void;
  /** Forgets what the engine learnt (a new game). */
  newGame(): void;
  /** Ends the worker; pending searches reject. */
  terminate(): void;
}
