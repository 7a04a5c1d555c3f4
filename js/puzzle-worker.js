// The module worker of <xiangqi-puzzle> (js/puzzle.js): proves mates (MateProver) and checks wins (Engine) off
// the page's thread, so that the board never freezes while a move is checked. It answers the calls of
// puzzle-check.js (`mateIn`, `matingMoves`, `defend`, `winCheck`, `winMove`, `ready`) over worker-rpc.js; errors
// come back as the package's XiangqiErrors.
import init from './xiangqi_wasm.js';
import { checks } from './puzzle-check.js';
import { serve } from './worker-rpc.js';

// Only in a worker: imported anywhere else (a server's module graph), the script does nothing.
const inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
const ready = inWorker ? init() : null;

if (inWorker) {
  serve(Object.fromEntries(Object.entries(checks).map(([name, fn]) => [name, async (params) => {
    await ready;
    return fn(params);
  }])));
}
