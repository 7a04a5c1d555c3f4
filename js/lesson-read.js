// Reading a record for <xiangqi-lesson> (js/lesson.js): no DOM, so that it runs on the page or in the lesson's
// worker (lesson-worker.js) alike. The record is read by the package's one reader (readRecord: PGN, DhtmlXQ,
// XQF or a FEN, in UTF-8, GBK or Big5, headers and warnings included) and every position of it, variations
// included, is played once on a Game: the element then only walks the nodes.
import { Game, readRecord } from './xiangqi_wasm.js';

/** Header values longer than this are cut (with "…"; the whole value is the `title`). */
export const MAX_HEADER_CHARS = 300;

/**
 * Reads `input` — record text or bytes (any format the package reads; game `index` of a file of several), or
 * `{ fen }` for a position — into `{ headers, result, format, encoding, warnings, nodes }`. `nodes[0]` is the
 * start position; every other node is the position after a move, with `parent` (the node before it), `altOf`
 * (for the first move of a variation: the node of the move it replaces) and `lineStart` (the first node of its
 * line) as indexes into `nodes`, so that the result can be posted from a worker. Throws the package's
 * XiangqiErrors (ERR_ARGUMENT for a game the file does not have).
 */
export function readLesson(input, index = 0) {
  const isRecord = typeof input === 'string' || input instanceof Uint8Array || input instanceof ArrayBuffer;
  const record = isRecord ? readRecord(input, { index })
    : { headers: {}, fen: input.fen ?? null, result: '*', mainline: { comment: null, moves: [] }, format: 'fen',
      encoding: null, warnings: [] };
  const game = new Game(record.fen);
  const nodes = [{ parent: null, altOf: null, lineStart: null, move: null, info: null, fen: game.fen(), before: null,
    comments: record.mainline.comment ? [record.mainline.comment] : [], nags: [], depth: 0, ply: 0 }];
  try {
    addLine(record.mainline, 0, 0, null);
  } finally {
    game.free();
  }
  return { headers: record.headers ?? {}, result: record.result ?? '*', format: record.format,
    encoding: record.encoding, warnings: record.warnings ?? [], nodes };

  // Plays `line` from node `from` (the game stands at its position) and leaves the game there again. A record's
  // moves are legal by the rules of movement; they are played as a record's (not adjudicated), so that a line
  // goes on past a repetition the players did not stop at.
  function addLine(line, from, depth, altOf) {
    let prev = from;
    let first = null;
    for (const [i, rm] of line.moves.entries()) {
      const before = game.fen();
      const info = game.playRecorded(rm.move);
      const id = nodes.length;
      first ??= id;
      const comments = [];
      if (i === 0 && line.comment && depth > 0) comments.push(line.comment);
      if (rm.comment) comments.push(rm.comment);
      nodes.push({ parent: prev, altOf: i === 0 ? altOf : null, lineStart: first, move: rm.move, info, fen: game.fen(),
        before, comments, nags: rm.nags ?? [], depth, ply: nodes[prev].ply + 1 });
      if (rm.variations?.length) {
        game.undo();
        for (const v of rm.variations) addLine(v, prev, depth + 1, id);
        game.playRecorded(rm.move);
      }
      prev = id;
    }
    for (let i = 0; i < line.moves.length; i++) game.undo();
  }
}
