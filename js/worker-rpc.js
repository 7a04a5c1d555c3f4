// The one small RPC between a page and its module workers: request ids, a promise per call, progress messages,
// cancel, and errors re-created on the page as the package's XiangqiError (with their code and details). The
// engine client (engine-client.js / engine-worker.js), the lesson (lesson.js / lesson-worker.js) and the app's
// record worker all speak it.
//
//   page -> worker  { rpc: "call", id, method, params }   a call; answered once, with a result or an error
//                   { rpc: "cancel", id }                 asks the call `id` to stop (the handler decides how:
//                                                         the engine answers with its best move so far)
//                   { rpc: "notify", method, params }     a call without an answer
//   worker -> page  { type: "progress", id, progress }    any number, before the answer
//                   { type: "result", id, result }
//                   { type: "error", id, error }          error: { name, message, code, ...details }
//
// The worker side: `serve({ method(params, call) { ... } })`, where `call.progress(value)` posts progress,
// `call.cancelled` says whether the page asked to stop and `call.onCancel(fn)` runs `fn` when it does; the
// handler returns the result (or a promise of it) or throws.
//
// The one worker-client policy, `WorkerClient`, is written here too and used by every client of a worker (the
// engine client, the lesson, the puzzle, the app's record worker): started at the first call; started again for the
// next call after it died; and, for a client that has the handlers at hand (`local`), replaced by the page's own
// thread where no worker can start. `yieldToMessages()` is the one way a handler goes back to the message loop
// between two slices of work, so that a cancel is seen.

/** An error sent across as plain data (structured clone keeps neither the name nor the code of an Error). */
export function errorData(e) {
  const data = { name: e?.name ?? 'Error', message: String(e?.message ?? e), code: e?.code ?? 'ERR_WORKER' };
  if (e && typeof e === 'object') {
    for (const [k, v] of Object.entries(e)) {
      if (!(k in data) && (v === null || ['string', 'number', 'boolean'].includes(typeof v)
        || (Array.isArray(v) && v.every((x) => typeof x === 'string')))) data[k] = v;
    }
  }
  return data;
}

/** The error a worker sent, as an Error again: `name` XiangqiError (for the package's codes), `code` and details. */
export function errorFrom(data) {
  const { message, ...rest } = data ?? {};
  const e = new Error(message ?? 'worker failed');
  Object.assign(e, rest);
  e.name = 'XiangqiError';
  e.code ??= 'ERR_WORKER';
  return e;
}

/**
 * The page's side: calls into `worker` (a Worker speaking this protocol). A worker that fails (its script does not
 * load, it throws at the top level) rejects every pending call with `code: "ERR_WORKER"`.
 */
export class RpcClient {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #answered = false;

  constructor(worker) {
    this.#worker = worker;
    worker.addEventListener('message', (ev) => {
      this.#answered = true;
      this.#receive(ev.data);
    });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault?.();
      const e = errorFrom({ message: ev.message || 'the worker failed', code: 'ERR_WORKER' });
      const waiting = [...this.#pending.values()];
      this.#pending.clear();
      for (const p of waiting) p.reject(e);
    });
  }

  /** The worker. */
  get worker() {
    return this.#worker;
  }

  /** The ids of the calls not answered yet. */
  get pendingIds() {
    return [...this.#pending.keys()];
  }

  /** Whether the worker has sent anything yet (its script loaded and ran). */
  get answered() {
    return this.#answered;
  }

  /**
   * Calls `method` with `params`; resolves with its result. `onProgress` receives the progress messages,
   * `transfer` lists what to transfer (an ArrayBuffer), `signal` (an AbortSignal) cancels the call. The promise
   * has the call's `id` (for `cancel`).
   */
  call(method, params, { onProgress, transfer = [], signal } = {}) {
    const id = this.#nextId++;
    const promise = new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      this.#worker.postMessage({ rpc: 'call', id, method, params }, transfer);
    });
    if (signal) {
      if (signal.aborted) this.cancel(id);
      else signal.addEventListener('abort', () => this.cancel(id), { once: true });
    }
    promise.id = id;
    return promise;
  }

  /** Asks the call `id` to stop; what it answers is the handler's choice. */
  cancel(id) {
    if (this.#pending.has(id)) this.#worker.postMessage({ rpc: 'cancel', id });
  }

  /** Asks every pending call to stop. */
  cancelAll() {
    for (const id of this.#pending.keys()) this.cancel(id);
  }

  /** Calls `method` without waiting for an answer. */
  notify(method, params) {
    this.#worker.postMessage({ rpc: 'notify', method, params });
  }

  /** Ends the worker; pending calls reject with `error` (default: code `ERR_WORKER`, "terminated"). */
  terminate(error = errorFrom({ message: 'the worker was terminated', code: 'ERR_WORKER' })) {
    this.#worker.terminate();
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of waiting) p.reject(error);
  }

  #receive(msg) {
    const p = this.#pending.get(msg?.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.progress);
    } else if (msg.type === 'result') {
      this.#pending.delete(msg.id);
      p.resolve(msg.result);
    } else if (msg.type === 'error') {
      this.#pending.delete(msg.id);
      p.reject(errorFrom(msg.error));
    }
  }
}
// `using client = new RpcClient(…)`: terminated when the block ends (a runtime with `Symbol.dispose`).
if (typeof Symbol.dispose === 'symbol') RpcClient.prototype[Symbol.dispose] = RpcClient.prototype.terminate;

/** The handler of `method`, or `null` (only the object's own methods: never `toString` or a prototype's). */
function handlerOf(handlers, method) {
  return Object.hasOwn(handlers, method ?? '') ? handlers[method] : null;
}

/** What a handler is given besides the params: the call's id, `progress`, `cancelled` and `onCancel`. */
function callContext(id, progress) {
  const listeners = [];
  const call = {
    id,
    cancelled: false,
    progress,
    onCancel: (fn) => listeners.push(fn),
    cancel() {
      if (call.cancelled) return;
      call.cancelled = true;
      for (const fn of listeners) fn();
    },
  };
  return call;
}

/** The context of a notification: no id, nothing to report to. */
const NOTIFICATION = Object.freeze({ id: null, cancelled: false, progress() {}, onCancel() {} });

function unknownMethod(method) {
  return { name: 'XiangqiError', message: `unknown method ${String(method)}`, code: 'ERR_ARGUMENT' };
}

/**
 * The worker's side: answers calls with `handlers`. `translate(message)`, if given, turns a message of another
 * protocol into this one's (`{ rpc, id, method, params }`) or returns `null` for one it does not know.
 */
export function serve(handlers, { translate } = {}) {
  const calls = new Map();
  self.addEventListener('message', async (ev) => {
    const msg = ev.data?.rpc ? ev.data : translate?.(ev.data) ?? ev.data;
    if (msg?.rpc === 'cancel') {
      const targets = msg.id === undefined ? [...calls.values()] : [calls.get(msg.id)];
      for (const c of targets) c?.cancel();
      return;
    }
    const { rpc, id, method, params } = msg ?? {};
    const handler = handlerOf(handlers, method);
    if (rpc === 'notify') {
      try {
        await handler?.(params, NOTIFICATION);
      } catch {
        // A notification has no answer to carry an error.
      }
      return;
    }
    if (!handler) {
      self.postMessage({ type: 'error', id, error: unknownMethod(method ?? msg?.type) });
      return;
    }
    const call = callContext(id, (progress) => self.postMessage({ type: 'progress', id, progress }));
    calls.set(id, call);
    try {
      const result = await handler(params, call);
      self.postMessage({ type: 'result', id, result });
    } catch (e) {
      self.postMessage({ type: 'error', id, error: errorData(e) });
    } finally {
      calls.delete(id);
    }
  });
}

/**
 * The calls of RpcClient answered on this thread by `handlers` (what a worker would `serve`): where no worker can
 * start. The handlers see the same context (progress, cancel); what they throw is thrown as it is.
 */
class PageClient {
  #handlers;
  #calls = new Map();
  #nextId = 1;

  constructor(handlers) {
    this.#handlers = handlers;
  }

  get pendingIds() {
    return [...this.#calls.keys()];
  }

  call(method, params, { onProgress, signal } = {}) {
    const id = this.#nextId++;
    const call = callContext(id, (progress) => onProgress?.(progress));
    this.#calls.set(id, call);
    if (signal) {
      if (signal.aborted) call.cancel();
      else signal.addEventListener('abort', () => call.cancel(), { once: true });
    }
    const handler = handlerOf(this.#handlers, method);
    const promise = (async () => {
      try {
        if (!handler) throw errorFrom(unknownMethod(method));
        return await handler(params, call);
      } finally {
        this.#calls.delete(id);
      }
    })();
    promise.id = id;
    return promise;
  }

  cancel(id) {
    this.#calls.get(id)?.cancel();
  }

  cancelAll() {
    for (const call of this.#calls.values()) call.cancel();
  }

  notify(method, params) {
    Promise.resolve().then(() => handlerOf(this.#handlers, method)?.(params, NOTIFICATION)).catch(() => {});
  }

  terminate() {
    this.cancelAll();
  }
}

/**
 * A client of one kind of worker, by the one policy of the package's workers (the file's head says it):
 *
 *   start()   makes the Worker (the `new Worker(new URL(…, import.meta.url), { type: "module" })` written out in
 *             full there, so that bundlers see the worker and emit it);
 *   local()   optional: the handlers the worker serves (or a promise of them), run on the page's thread when no
 *             worker can start: `Worker` is missing, its constructor throws (a policy), or the worker fails before it
 *             has answered anything (its script is not served). Without it such a call rejects with ERR_WORKER and
 *             the next call tries a worker again;
 *   idleMs    optional: the worker is ended after this long without a pending call (started again when needed);
 *   eager     start the worker now rather than at the first call.
 *
 * A worker that fails after it has answered (it crashed, ran out of memory) rejects its pending calls with
 * ERR_WORKER, and the next call starts a new one.
 */
export class WorkerClient {
  #start;
  #local;
  #idleMs;
  #client = null;
  #onPage = false;
  #idle = 0;
  #last = null;

  constructor({ start, local = null, idleMs = 0, eager = false }) {
    this.#start = start;
    this.#local = local;
    this.#idleMs = idleMs;
    if (eager) Promise.resolve(this.#open()).catch(() => {}); // a failure is the first call's to report
  }

  /** The worker running now (or the last one), or `null` where the calls run on the page. */
  get worker() {
    return this.#client instanceof RpcClient ? this.#client.worker : this.#last;
  }

  /** The worker running now, or `null` when none is (the next call starts one). */
  get current() {
    return this.#client instanceof RpcClient ? this.#client.worker : null;
  }

  /** Whether the calls run on the page's thread (no worker could start). */
  get onPage() {
    return this.#onPage;
  }

  /** The ids of the calls not answered yet. */
  get pendingIds() {
    return this.#client?.pendingIds ?? [];
  }

  /**
   * Calls `method` (RpcClient's options: onProgress, transfer, signal), in the worker or, where none can start and
   * the client has `local`, on the page.
   */
  async call(method, params, options) {
    clearTimeout(this.#idle);
    const client = await this.#open();
    try {
      return await client.call(method, params, options);
    } catch (e) {
      if (e?.code !== 'ERR_WORKER' || client !== this.#client || !(client instanceof RpcClient)) throw e;
      // The worker failed: never started (unavailable) or died; the next call starts a new one, or the page.
      this.terminate();
      if (client.answered || !this.#local) throw e;
      this.#onPage = true;
      return this.call(method, params, options);
    } finally {
      if (this.#idleMs && client === this.#client && !client.pendingIds.length) {
        clearTimeout(this.#idle);
        this.#idle = setTimeout(() => this.terminate(), this.#idleMs);
      }
    }
  }

  /** Calls `method` without an answer, where a worker (or the page) is running; nothing is started for it. */
  notify(method, params) {
    this.#client?.notify(method, params);
  }

  /** Asks every pending call to stop (what each answers is its handler's choice). */
  cancelAll() {
    this.#client?.cancelAll();
  }

  /** Ends the worker; pending calls reject with `error` (default ERR_WORKER). The next call starts a new one. */
  terminate(error) {
    const client = this.#client;
    this.#client = null;
    clearTimeout(this.#idle);
    client?.terminate(error);
  }

  /** The client of the running worker, started if there is none; the page's when no worker can start. */
  #open() {
    if (this.#client) return this.#client;
    if (!this.#onPage) {
      try {
        if (typeof Worker !== 'function') throw new Error('Worker is not available here');
        const worker = this.#start();
        this.#last = worker;
        this.#client = new RpcClient(worker);
        return this.#client;
      } catch (e) {
        if (!this.#local) throw errorFrom({ message: `the worker could not start: ${e?.message ?? e}`, code: 'ERR_WORKER' });
        this.#onPage = true;
      }
    }
    return Promise.resolve(this.#local()).then((handlers) => {
      this.#client ??= new PageClient(handlers);
      return this.#client;
    });
  }
}
// `using client = new WorkerClient(…)`: terminated when the block ends (a runtime with `Symbol.dispose`).
if (typeof Symbol.dispose === 'symbol') WorkerClient.prototype[Symbol.dispose] = WorkerClient.prototype.terminate;

/**
 * Back to the message loop, for a handler that works in slices: resolves once the messages already sent to this
 * thread (a cancel) have been handled. A message on a channel of its own queues behind them and, unlike
 * `setTimeout(0)`, is not held back 4 ms when the loop has gone on a while. The channel is made at the first call,
 * and holds a process (Node's) open only while someone waits on it.
 */
export function yieldToMessages() {
  return new Promise((resolve) => {
    if (!wakeChannel) {
      wakeChannel = new MessageChannel();
      wakeChannel.port1.onmessage = () => {
        wakers.shift()?.();
        if (!wakers.length) wakeChannel.port1.unref?.();
      };
    }
    wakers.push(resolve);
    wakeChannel.port1.ref?.();
    wakeChannel.port2.postMessage(null);
  });
}
let wakeChannel = null;
const wakers = [];
