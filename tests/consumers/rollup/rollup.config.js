// Rollup finds the package with @rollup/plugin-node-resolve, and, like esbuild, does not follow
// `new URL(..., import.meta.url)`: the search worker is a second input named engine-worker.js, and the .wasm is
// copied next to the bundles (emitted as an asset), where the package's default URLs find them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { nodeResolve } from '@rollup/plugin-node-resolve';

const wasm = createRequire(import.meta.url).resolve('xiangqi-wasm/xiangqi_wasm_bg.wasm');

export default {
  input: { main: 'main.js', 'engine-worker': 'xiangqi-wasm/engine-worker.js' },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js' },
  plugins: [
    nodeResolve({ browser: true }),
    { name: 'xiangqi-wasm', generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'xiangqi_wasm_bg.wasm', source: readFileSync(wasm) });
    } },
  ],
};
