// The app's first module: starts loading the package's wasm (streaming compilation of the file index.html preloads)
// before the rest of the app's modules are evaluated, so that the two overlap. main.js imports it first and awaits
// `wasmReady` where it needs the wasm.
import init from 'xiangqi-wasm';

export const wasmReady = init();
// Awaited in main.js (which reports a failure); this keeps an early failure from also being an unhandled rejection.
wasmReady.catch(() => {});
