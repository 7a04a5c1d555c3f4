// The wasm build the board runs on, for the modules that need its classes beside the board: the record elements
// (record-tree.js, editor.js), the lesson (which tells its worker) and the lesson's worker (which loads the same
// build). Not an entry of the package. board.js chooses the build and loads it (docs/board.md, "Which wasm a page
// downloads"); it keeps the choice and the loaded build's exports in a global, `globalThis[Symbol.for(
// "xiangqi-wasm.build")]`, so that it imports nothing itself (and asks for the .wasm as soon as it runs).

const STATE = Symbol.for('xiangqi-wasm.build');
/** `globalThis[FULL_MARK]`: the exports of `xiangqi-wasm`'s entry once that module has run (pkg-postprocess.mjs). */
const FULL_MARK = Symbol.for('xiangqi-wasm.full');

/**
 * The loaded build's exports (`Game`, `RecordEditor`, `readRecord`, `writeRecord`, ...). Before the board has loaded
 * it: on a page that uses `xiangqi-wasm`, that entry's exports (they work once the page has called its `init()`: a
 * record given to an element before the element is ready); else a `XiangqiError` `ERR_WASM_LOAD`.
 */
export function api() {
  const active = globalThis[STATE]?.active;
  if (active) return active;
  const full = globalThis[FULL_MARK];
  if (typeof full === 'object' && full !== null) return full;
  throw Object.assign(new Error('the xiangqi-wasm module is not loaded yet: wait for the element\'s `ready`'),
    { name: 'XiangqiError', code: 'ERR_WASM_LOAD' });
}

/**
 * `promise`, then, where the page imported `xiangqi-wasm` only after the board had chosen the light build, that
 * entry initialised (board.js's `ready()` does it: see its `pageEntry`). For the record elements' `ready`.
 */
export function withPageEntry(promise, boardReady) {
  const full = globalThis[FULL_MARK];
  if (chosenBuild() !== 'view' || typeof full !== 'object' || full === null) return promise;
  return promise.then(async (value) => {
    await boardReady();
    return value;
  });
}

/** The build the page's board runs on, `"full"` or `"view"` (the light one), once chosen; else null. */
export function chosenBuild() {
  return globalThis[STATE]?.chosen ?? null;
}

/**
 * In a worker (no board there): loads the build the page named (`"full"`, else the light one) once, and makes it
 * `api()`. Rejects with the loader's error (the next call tries again).
 */
export function loadBuild(build) {
  const state = (globalThis[STATE] ??= { chosen: null, active: null });
  state.loading ??= (build === 'full' ? import('./xiangqi_wasm.js') : import('./xiangqi_view.js')).then(async (m) => {
    await m.default();
    state.chosen = build === 'full' ? 'full' : 'view';
    state.active = m;
  }).catch((e) => {
    state.loading = null;
    throw e;
  });
  return state.loading;
}
