// Loading the module: `init()` and `initSync()`, joined after types.d.ts and board.d.ts in the package's
// xiangqi_wasm.d.ts (and the same for `xiangqi-wasm/rules`). Written without the DOM's names: each type the DOM (or
// @types/node) declares is taken from `globalThis` when it exists, so that the declarations compile in a browser
// project (`lib: ["es2022", "dom"]`), a Node project with @types/node, and a server project with `lib: ["es2022"]`
// alone, where those values cannot exist anyway.

/** The instance type of the global constructor `K` (`URL`, `Response`, ...), or `never` where it is not declared. */
type GlobalInstance<K extends string> = typeof globalThis extends { [P in K]: { prototype: infer T } } ? T : never;

/** A compiled `WebAssembly.Module`, where the `WebAssembly` namespace is declared (DOM or @types/node). */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer T } } } ? T : never;

/**
 * What `init` loads the `.wasm` from: its URL (a string or a `URL`, fetched), a `Request` or a fetch `Response`, the
 * bytes (`ArrayBuffer`, a typed array, Node's `Buffer`), or a compiled `WebAssembly.Module`.
 */
export type InitInput = string | GlobalInstance<"URL"> | GlobalInstance<"Request"> | GlobalInstance<"Response">
  | ArrayBuffer | ArrayBufferView | WasmModule;

/** What `initSync` compiles: the `.wasm` bytes or a compiled `WebAssembly.Module`. */
export type SyncInitInput = ArrayBuffer | ArrayBufferView | WasmModule;

/** The wasm instance's exports, `memory` among them. Not an API: the package's functions and classes are. */
export interface InitOutput {
  readonly memory: typeof globalThis extends { WebAssembly: { Memory: { prototype: infer T } } } ? T : object;
}

/**
 * Loads and instantiates the `.wasm` once (later calls return the same promise's result). Browsers and bundlers
 * call it before anything else: `await init()` fetches the `.wasm` next to the module (bundlers emit it as an
 * asset); pass `{ module_or_path }` to load it from elsewhere (a URL, a `Response`, bytes, a module). In Node the
 * package entries have already loaded it from disk, and `init()` resolves at once.
 * @example
 * import init, { Game } from "xiangqi-wasm";
 * await init();
 * new Game().legalMoves().length; // 44
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<InitOutput>;

/**
 * Loads the module synchronously from its bytes or a compiled module (in a worker, a test, a server that read the
 * file itself): `initSync({ module: bytes })`. A second call returns the loaded module.
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;
