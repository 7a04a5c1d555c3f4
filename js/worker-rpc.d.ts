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
}

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
