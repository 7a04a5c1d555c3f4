// The one worker-client policy (WorkerClient in js/worker-rpc.js, shipped as `xiangqi-wasm/worker-rpc`), against
// scripted workers: started at the first call, started again after it died, replaced by the page's thread where no
// worker can start (only for a client that has the handlers at hand), ended when idle; and yieldToMessages.
import test from 'node:test';
import assert from 'node:assert/strict';
import { WorkerClient, yieldToMessages } from '../../pkg/worker-rpc.js';

/**
 * A scripted stand-in for a module Worker speaking worker-rpc.js: `behaviour` is "answer" (each call is answered
 * with `{ method, params, worker: n }` after a progress message), "fail" (fires `error` at the first message, as a
 * worker whose script is not served does) or "silent" (never answers).
 */
function fakeWorkers(behaviour) {
  const made = [];
  class FakeWorker extends EventTarget {
    terminated = false;
    constructor() {
      super();
      this.n = made.length + 1;
      made.push(this);
    }

    postMessage(msg) {
      if (this.terminated) return;
      queueMicrotask(() => {
        const b = typeof behaviour === 'function' ? behaviour(this, msg) : behaviour;
        if (b === 'fail') {
          const ev = new Event('error');
          ev.message = 'script not found';
          this.dispatchEvent(ev);
        } else if (b === 'answer' && msg.rpc === 'call') {
          this.#send({ type: 'progress', id: msg.id, progress: 1 });
          this.#send({ type: 'result', id: msg.id, result: { method: msg.method, params: msg.params, worker: this.n } });
        }
      });
    }

    #send(data) {
      const ev = new Event('message');
      ev.data = data;
      this.dispatchEvent(ev);
    }

    terminate() {
      this.terminated = true;
    }
  }
  return { FakeWorker, made };
}

const handlers = { echo: (params, call) => { call.progress('local'); return { local: true, params }; } };

test('a worker that answers: started at the first call, once, with progress relayed', async () => {
  const { FakeWorker, made } = fakeWorkers('answer');
  globalThis.Worker = FakeWorker;
  try {
    const client = new WorkerClient({ start: () => new Worker('w.js'), local: () => handlers });
    assert.equal(made.length, 0, 'no worker before the first call');
    const progress = [];
    const a = await client.call('echo', { x: 1 }, { onProgress: (p) => progress.push(p) });
    const b = await client.call('echo', { x: 2 });
    assert.deepEqual([a, b], [{ method: 'echo', params: { x: 1 }, worker: 1 }, { method: 'echo', params: { x: 2 }, worker: 1 }]);
    assert.deepEqual(progress, [1]);
    assert.equal(made.length, 1);
    assert.equal(client.onPage, false);
    assert.equal(client.worker, made[0]);
  } finally {
    delete globalThis.Worker;
  }
});

test('no Worker at all: a client with local handlers runs them on the page, with progress and cancel', async () => {
  assert.equal(typeof globalThis.Worker, 'undefined');
  let started = 0;
  const slow = {
    async slow(_params, call) {
      while (!call.cancelled) await yieldToMessages();
      return 'stopped';
    },
  };
  const client = new WorkerClient({ start: () => { started++; return new Worker('w.js'); }, local: async () => ({ ...handlers, ...slow }) });
  const progress = [];
  assert.deepEqual(await client.call('echo', { y: 1 }, { onProgress: (p) => progress.push(p) }), { local: true, params: { y: 1 } });
  assert.deepEqual(progress, ['local']);
  assert.equal(client.onPage, true);
  assert.equal(started, 0);
  const controller = new AbortController();
  const pending = client.call('slow', {}, { signal: controller.signal });
  controller.abort();
  assert.equal(await pending, 'stopped');
  await assert.rejects(client.call('nope', {}), (e) => e.code === 'ERR_ARGUMENT' && /unknown method nope/.test(e.message));
});

test('a worker that fails before answering: local handlers take over for this call and every later one', async () => {
  const { FakeWorker, made } = fakeWorkers('fail');
  globalThis.Worker = FakeWorker;
  try {
    const client = new WorkerClient({ start: () => new Worker('w.js'), local: () => handlers });
    assert.deepEqual(await client.call('echo', { z: 1 }), { local: true, params: { z: 1 } });
    assert.deepEqual(await client.call('echo', { z: 2 }), { local: true, params: { z: 2 } });
    assert.equal(made.length, 1, 'no second worker is tried');
    assert.equal(made[0].terminated, true);
    assert.equal(client.onPage, true);
  } finally {
    delete globalThis.Worker;
  }
});

test('without local handlers a failed start rejects with ERR_WORKER, and the next call tries a new worker', async () => {
  let first = true;
  const { FakeWorker, made } = fakeWorkers(() => (first ? 'fail' : 'answer'));
  globalThis.Worker = FakeWorker;
  try {
    const client = new WorkerClient({ start: () => new Worker('w.js') });
    await assert.rejects(client.call('echo', {}), (e) => e.name === 'XiangqiError' && e.code === 'ERR_WORKER');
    first = false;
    assert.deepEqual(await client.call('echo', {}), { method: 'echo', params: {}, worker: 2 });
    assert.equal(made.length, 2);
    assert.equal(client.onPage, false);
    // A constructor that throws (a policy forbids workers) is ERR_WORKER too.
    const refused = new WorkerClient({ start: () => { throw new Error('blocked by policy'); } });
    await assert.rejects(refused.call('echo', {}), (e) => e.code === 'ERR_WORKER' && /blocked by policy/.test(e.message));
  } finally {
    delete globalThis.Worker;
  }
});

test('a worker that dies after answering rejects its pending call; the next call starts a new worker, not the page', async () => {
  let calls = 0;
  const { FakeWorker, made } = fakeWorkers(() => (++calls === 2 ? 'fail' : 'answer'));
  globalThis.Worker = FakeWorker;
  try {
    const client = new WorkerClient({ start: () => new Worker('w.js'), local: () => handlers });
    assert.equal((await client.call('echo', {})).worker, 1);
    await assert.rejects(client.call('echo', {}), (e) => e.code === 'ERR_WORKER');
    assert.equal((await client.call('echo', {})).worker, 2);
    assert.equal(client.onPage, false);
    assert.equal(made[0].terminated, true);
  } finally {
    delete globalThis.Worker;
  }
});

test('idleMs ends the worker when nothing is pending; eager starts it at once; terminate rejects what is pending', async () => {
  const { FakeWorker, made } = fakeWorkers((w, msg) => (msg.method === 'hang' ? 'silent' : 'answer'));
  globalThis.Worker = FakeWorker;
  try {
    const idle = new WorkerClient({ start: () => new Worker('w.js'), idleMs: 20 });
    await idle.call('echo', {});
    assert.equal(made[0].terminated, false);
    await new Promise((resolve) => { setTimeout(resolve, 60); });
    assert.equal(made[0].terminated, true, 'ended after 20 ms idle');
    assert.equal((await idle.call('echo', {})).worker, 2, 'started again when needed');

    const eager = new WorkerClient({ start: () => new Worker('w.js'), eager: true });
    assert.equal(made.length, 3);
    assert.equal(eager.worker, made[2]);
    const hanging = eager.call('hang', {});
    await new Promise((resolve) => { setTimeout(resolve, 5); });
    assert.equal(eager.pendingIds.length, 1);
    eager.terminate(Object.assign(new Error('gone'), { name: 'XiangqiError', code: 'ERR_WORKER' }));
    await assert.rejects(hanging, (e) => e.message === 'gone');
    assert.equal((await eager.call('echo', {})).worker, 4, 'a call after terminate starts a new worker');
  } finally {
    delete globalThis.Worker;
  }
});

test('yieldToMessages lets the messages already queued run first', async () => {
  const order = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => order.push('message');
  channel.port2.postMessage(null);
  await yieldToMessages();
  order.push('after yield');
  channel.port1.close();
  assert.deepEqual(order, ['message', 'after yield']);
});

test('[Symbol.dispose]() terminates: `using client = new WorkerClient(…)` ends its worker at the end of the block', async () => {
  const { FakeWorker, made } = fakeWorkers('answer');
  globalThis.Worker = FakeWorker;
  try {
    const { RpcClient } = await import('../../pkg/worker-rpc.js');
    const { EngineClient } = await import('../../pkg/engine-client.js');
    for (const cls of [WorkerClient, RpcClient, EngineClient]) {
      assert.equal(cls.prototype[Symbol.dispose], cls.prototype.terminate, `${cls.name}[Symbol.dispose] is terminate`);
    }
    const client = new WorkerClient({ start: () => new Worker('w.js'), local: () => handlers });
    await client.call('echo', {});
    assert.equal(made.length, 1);
    client[Symbol.dispose]();
    assert.equal(made[0].terminated, true, 'the worker was terminated');
  } finally {
    delete globalThis.Worker;
  }
});
