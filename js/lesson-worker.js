// The module worker of <xiangqi-lesson> (js/lesson.js): reads large records (record-tree.js's readTree) off the
// page's thread, so that a page showing a big PGN file never freezes. It answers the call `readTree` ({ record, index }) of
// worker-rpc.js, the RPC of the package's workers; errors come back as the package's XiangqiErrors.
import init from './xiangqi_wasm.js';
import { readTree } from './record-tree.js';
import { serve } from './worker-rpc.js';

// Only in a worker: imported anywhere else (a server's module graph), the script does nothing.
const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
const ready = inWorker ? init() : null;

if (inWorker) serve({
  async readTree({ record, index }) {
    await ready;
    return readTree(record, index);
  },
});
