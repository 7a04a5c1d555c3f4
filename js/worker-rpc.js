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

  constructor(worker) {
    this.#worker = worker;
    worker.addEventListener('message', (ev) => this.#receive(ev.data));
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
    const handler = Object.hasOwn(handlers, method ?? '') ? handlers[method] : null;
    if (rpc === 'notify') {
      try {
        await handler?.(params, { id: null, cancelled: false, progress() {}, onCancel() {} });
      } catch {
        // A notification has no answer to carry an error.
      }
      return;
    }
    if (!handler) {
      self.postMessage({ type: 'error', id, error: { name: 'XiangqiError', message: `unknown method ${String(method ?? msg?.type)}`, code: 'ERR_ARGUMENT' } });
      return;
    }
    const listeners = [];
    const call = {
      id,
      cancelled: false,
      progress: (progress) => self.postMessage({ type: 'progress', id, progress }),
      onCancel: (fn) => listeners.push(fn),
      cancel() {
        if (call.cancelled) return;
        call.cancelled = true;
        for (const fn of listeners) fn();
      },
    };
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
