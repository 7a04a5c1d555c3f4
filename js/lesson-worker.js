// The module worker of <xiangqi-lesson> (js/lesson.js): reads large records (record-tree.js's readTree) off the
// page's thread, so that a page showing a big PGN file never freezes. It answers the call `readTree` ({ record, index }) of
// worker-rpc.js, the RPC of the package's workers; errors come back as the package's XiangqiErrors.
import { loadBuild } from './wasm-build.js';
import { readTree } from './record-tree.js';
import { serve } from './worker-rpc.js';

// Only in a worker: imported anywhere else (a server's module graph), the script does nothing. The page says which
// build of the wasm its board runs on (board.js chose it), so that the worker loads the same .wasm (from the
// browser's cache).
const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;

if (inWorker) serve({
  async readTree({ record, index, build }) {
    await loadBuild(build);
    return readTree(record, index);
  },
});
