// A module worker that reads game records off the main thread, so that a large file — a database of thousands of
// games — never freezes the page. It answers two calls of the package's worker RPC (xiangqi-wasm/worker-rpc):
//
//   open({ input })  input: text, or the file's bytes as an ArrayBuffer (PGN, DhtmlXQ, XQF or a FEN, in UTF-8,
//                    GBK or Big5: the package's one reader tells them apart). Lists every game: each batch as
//                    progress { listed, games } (what the list shows of each: index, plies, result, error code,
//                    the tags Red, White, Black, Event, Title, Date, and its opening), so that the page receives the list in
//                    small pieces; cancelling stops it (ERR_CANCELLED). Answers { format, encoding, count } and
//                    keeps the file for `game`.
//   game({ index })  game `index` of the file opened last as record.js's plain game data, with its tags and the
//                    reader's warnings.
import init, { RecordReader } from 'xiangqi-wasm';
import { serve, yieldToMessages } from 'xiangqi-wasm/worker-rpc';
import { gameToData } from './record.js';

const loaded = init();
/** Games listed per batch: between batches the worker sees a cancel. */
const BATCH = 200;
let reader = null;

/** The tags a list shows of a game. */
const LISTED_TAGS = ['Red', 'White', 'Black', 'Event', 'Title', 'Date'];

/** What the page's list needs of a RecordSummary. */
function brief(s) {
  const headers = {};
  for (const k of LISTED_TAGS) if (s.headers[k] !== undefined) headers[k] = s.headers[k];
  const opening = s.opening ? { code: s.opening.code, names: s.opening.names } : null;
  return { index: s.index, plies: s.plies, result: s.result, error: s.error?.code ?? null, headers, opening };
}

serve({
  async open({ input }, call) {
    await loaded;
    reader?.free();
    reader = null;
    const r = new RecordReader(typeof input === 'string' ? input : new Uint8Array(input));
    let count = 0;
    while (!r.done()) {
      const games = r.next(BATCH).map(brief);
      count += games.length;
      call.progress({ listed: count, games });
      await yieldToMessages();
      if (call.cancelled) {
        r.free();
        throw Object.assign(new Error('reading the file was cancelled'), { name: 'XiangqiError', code: 'ERR_CANCELLED' });
      }
    }
    reader = r;
    return { format: r.format(), encoding: r.encoding(), count };
  },
  async game({ index }) {
    await loaded;
    if (!reader) throw Object.assign(new Error('no file is open'), { name: 'XiangqiError', code: 'ERR_ARGUMENT' });
    const game = reader.game(index);
    try {
      return { ...gameToData(game, game.headers()), warnings: game.warnings() };
    } finally {
      game.free();
    }
  },
});
