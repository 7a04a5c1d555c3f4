// The record worker's client (record-worker.js, over the package's worker RPC): reads a file or pasted text off
// the main thread, lists the games of a file, hands one game over as record.js's plain data. And why a record
// could not be read, in the interface language.
import { WorkerClient } from 'xiangqi-wasm/worker-rpc';
import { t } from './i18n.js';

/** Records larger than this are refused (docs/app.md, "Importing"): the package reads up to 16 MiB. */
export const RECORD_CAP = 16 * 1024 * 1024;

/** The record worker: started on the first import, and again after it failed (worker-rpc.js's policy). */
const records = new WorkerClient({
  start: () => new Worker(new URL('./record-worker.js', import.meta.url), { type: 'module' }),
});

/** Calls the record worker (`options`: onProgress, transfer, signal: aborting it cancels the call). */
export function callRecordWorker(method, params, options) {
  return records.call(method, params, options);
}

/**
 * Why a record could not be read, in `lang`: the catalogue's words for the package's error codes (its messages are
 * English), the package's own message in English (cut to 300 characters).
 */
export function recordErrorText(lang, e) {
  if (lang !== 'en') {
    const code = /^ERR_FEN_/.test(e.code ?? '') ? 'ERR_FEN' : e.code;
    const key = `err_${code}`;
    const moveText = String(e.moveText ?? '').slice(0, 40);
    if (t(lang, key) !== key) return t(lang, key, { ply: e.ply ?? '?', move: moveText });
  }
  const message = String(e.message);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
