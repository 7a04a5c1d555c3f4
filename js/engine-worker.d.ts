// Types of `xiangqi-wasm/engine-worker.js`: the search worker's script. It exports nothing: start it as a module
// worker (`new Worker(new URL("xiangqi-wasm/engine-worker.js", import.meta.url), { type: "module" })`) or through
// `EngineClient` from `xiangqi-wasm/worker`, which also types its messages (docs/js-api.md, "The search worker").
export {};
