// The module worker of <xiangqi-lesson> (js/lesson.js): reads large records (readLesson) off the page's thread,
// so that a page showing a big PGN file never freezes. One request at a time, answered with `{ id, ok, lesson }`
// or `{ id, ok: false, error }` (the XiangqiError's own properties: name, message, code, line, column, ply, ...).
import init from './xiangqi_wasm.js';
import { readLesson } from './lesson-read.js';

const ready = init();

self.onmessage = async ({ data: { id, record, index } }) => {
  try {
    await ready;
    self.postMessage({ id, ok: true, lesson: readLesson(record, index) });
  } catch (e) {
    const error = { name: e?.name ?? 'Error', message: e?.message ?? String(e) };
    for (const [k, v] of Object.entries(e ?? {})) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) error[k] = v;
    }
    self.postMessage({ id, ok: false, error });
  }
};
