// esbuild does not follow `new URL(..., import.meta.url)`: bundle the search worker as a second entry named
// engine-worker.js, and copy the .wasm next to the bundles. Their default URLs then find both: no argument to
// init() or EngineClient. The same from the command line:
//   esbuild main.js engine-worker=xiangqi-wasm/engine-worker.js --bundle --format=esm --outdir=dist
//   cp node_modules/xiangqi-wasm/xiangqi_wasm_bg.wasm dist/
import { build } from 'esbuild';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';

await build({
  entryPoints: { main: 'main.js', 'engine-worker': 'xiangqi-wasm/engine-worker.js' },
  bundle: true, format: 'esm', outdir: 'dist', logLevel: 'warning',
});
copyFileSync(createRequire(import.meta.url).resolve('xiangqi-wasm/xiangqi_wasm_bg.wasm'), 'dist/xiangqi_wasm_bg.wasm');
