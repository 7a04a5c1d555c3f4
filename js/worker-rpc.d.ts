// Types of `xiangqi-wasm/worker-rpc`: the one RPC between a page and its module workers (the engine client's, the
// lesson's, an app's own), with progress, cancel and errors re-created as XiangqiError.
import type { ErrorCode } from "./xiangqi_wasm.js";

/** An error a worker sent back: the package's XiangqiError (its code and details), or `ERR_WORKER`. */
export interface RpcError extends Error {
  name: "XiangqiError";
  code: ErrorCode | "ERR_WORKER" | string;
  [detail: string]: unknown;
}

/** A pending call: a promise with the call's id (for `cancel`). */
export interface RpcCall<T> extends Promise<T> {
  id: number;
}

/** Options of a call. */
export interface RpcCallOptions<P = unknown> {
  /** Receives the progress the handler posts. */
  onProgress?: (progress: P) => void;
  /** Transferred with the call (an ArrayBuffer of a file, ...). */
  transfer?: Transferable[];
  /** Cancels the call when aborted. */
  signal?: AbortSignal;
}

/**
 * The page's side of a worker that answers with {@link serve}.
 * @example
 * import { RpcClient } from "xiangqi-wasm/worker-rpc";
 * const rpc = new RpcClient(new Worker(new URL("./my-worker.js", import.meta.url), { type: "module" }));
 * const games = await rpc.call("list", { bytes }, { onProgress: (n) => console.log(n), transfer: [bytes.buffer] });
 */
export class RpcClient {
  constructor(worker: Worker);
  readonly worker: Worker;
  /** The ids of the calls not answered yet. */
  readonly pendingIds: number[];
  /** Whether the worker has sent anything yet (its script loaded and ran). */
  readonly answered: boolean;
  /** @throws {RpcError} through the promise: what the handler threw, or `ERR_WORKER` if the worker failed. */
  call<T = unknown, P = unknown>(method: string, params?: unknown, options?: RpcCallOptions<P>): RpcCall<T>;
  /** Asks the call `id` to stop (what it answers is the handler's choice). */
  cancel(id: number): void;
  /** Asks every pending call to stop. */
  cancelAll(): void;
  /** Calls `method` without an answer. */
  notify(method: string, params?: unknown): void;
  /** Ends the worker; pending calls reject with `error` (default `ERR_WORKER`). */
  terminate(error?: Error): void;
  /** `terminate()`, for `using` (a runtime with `Symbol.dispose`). */
  [Symbol.dispose](): void;
}

/** How a {@link WorkerClient} starts its worker and what it does without one. */
export interface WorkerClientOptions {
  /**
   * Makes the worker. Write `new Worker(new URL("./my-worker.js", import.meta.url), { type: "module" })` out in
   * full here, so that bundlers see the worker and emit it.
   */
  start: () => Worker;
  /**
   * The handlers the worker serves (or a promise of them), run on the page's thread where no worker can start:
   * `Worker` missing, its constructor throwing, or the worker failing before it answered anything. Without it such
   * a call rejects with `ERR_WORKER` and the next call tries a worker again.
   */
  local?: (() => Record<string, (params: never, context: RpcContext) => unknown>
    | Promise<Record<string, (params: never, context: RpcContext) => unknown>>) | null;
  /** Ends the worker after this many milliseconds without a pending call (started again when needed). */
  idleMs?: number;
  /** Starts the worker at once rather than at the first call. */
  eager?: boolean;
}

/**
 * The one policy of the package's worker clients: a worker started at the first call, started again for the next
 * call after it died, and — with `local` — replaced by the page's own thread where no worker can start.
 * @example
 * import { WorkerClient } from "xiangqi-wasm/worker-rpc";
 * const reader = new WorkerClient({
 *   start: () => new Worker(new URL("./my-worker.js", import.meta.url), { type: "module" }),
 *   local: () => import("./my-handlers.js").then((m) => m.handlers),
 *   idleMs: 10_000,
 * });
 * const games = await reader.call("list", { text });
 */
export class WorkerClient {
  constructor(options: WorkerClientOptions);
  /** The worker running now (or the last one started), or `null` before any or where the calls run on the page. */
  readonly worker: Worker | null;
  /** The worker running now, or `null` when none is (the next call starts one). */
  readonly current: Worker | null;
  /** Whether the calls run on the page's thread (no worker could start). */
  readonly onPage: boolean;
  /** The ids of the calls not answered yet. */
  readonly pendingIds: number[];
  /** @throws {RpcError} through the promise: what the handler threw, or `ERR_WORKER` if the worker failed. */
  call<T = unknown, P = unknown>(method: string, params?: unknown, options?: RpcCallOptions<P>): Promise<T>;
  /** Calls `method` without an answer, where a worker (or the page) is running; nothing is started for it. */
  notify(method: string, params?: unknown): void;
  /** Asks every pending call to stop. */
  cancelAll(): void;
  /** Ends the worker; pending calls reject with `error` (default `ERR_WORKER`); the next call starts a new one. */
  terminate(error?: Error): void;
  /** `terminate()`, for `using` (a runtime with `Symbol.dispose`). */
  [Symbol.dispose](): void;
}

/**
 * Back to the message loop, for a handler that works in slices: resolves once the messages already sent to this
 * thread (a cancel) have been handled.
 * @example
 * // in a worker's handler
 * while (!done) { step(); await yieldToMessages(); if (call.cancelled) break; }
 */
export function yieldToMessages(): Promise<void>;

/** What a handler is given besides the params. */
export interface RpcContext<P = unknown> {
  /** The call's id (`null` for a notification). */
  readonly id: number | null;
  /** Whether the page asked the call to stop. */
  readonly cancelled: boolean;
  /** Posts progress to the page. */
  progress(value: P): void;
  /** Runs `fn` when the page asks the call to stop. */
  onCancel(fn: () => void): void;
}

/** A message of another protocol translated into this one's, or `null`. */
export type RpcTranslate = (message: unknown) =>
  | { rpc: "call"; id: unknown; method: string | null; params?: unknown }
  | { rpc: "cancel"; id?: unknown }
  | { rpc: "notify"; method: string; params?: unknown }
  | null;

/**
 * The worker's side: answers every call with `handlers[method](params, context)` (its result, or what it throws).
 * @example
 * // my-worker.js
 * import { serve } from "xiangqi-wasm/worker-rpc";
 * serve({ async list({ bytes }, call) { call.progress(1); return [] } });
 */
export function serve(
  handlers: Record<string, (params: never, context: RpcContext) => unknown>,
  options?: { translate?: RpcTranslate },
): void;

/** An error as plain data that crosses `postMessage` (name, message, code and its string / number details). */
export function errorData(error: unknown): { name: string; message: string; code: string; [detail: string]: unknown };

/** The error data of {@link errorData} as an Error again (`name` XiangqiError). */
export function errorFrom(data: { message?: string; code?: string; [detail: string]: unknown }): RpcError;
