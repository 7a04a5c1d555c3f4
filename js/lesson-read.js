// Reading a record for <xiangqi-lesson> (js/lesson.js): no DOM, so that it runs on the page or in the lesson's
// worker (lesson-worker.js) alike. The record is parsed by the package (parsePgn, Game.fromDhtmlxq) and every
// position of it, variations included, is played once on a Game: the element then only walks the nodes.
import { Game, parsePgn } from './xiangqi_wasm.js';

/** Header values longer than this are cut (with "…"; the whole value is the `title`). */
export const MAX_HEADER_CHARS = 300;

function lessonError(code, message) {
  return Object.assign(new Error(message), { name: 'XiangqiError', code });
}

/** `[DhtmlXQ_red]…[/DhtmlXQ_red]` and friends: the headers of a DhtmlXQ record, as PGN tag names. */
function dhtmlxqHeaders(text) {
  const out = {};
  for (const [tag, name] of [['title', 'Event'], ['event', 'Event'], ['red', 'Red'], ['black', 'Black'],
    ['date', 'Date'], ['place', 'Site']]) {
    const m = new RegExp(`\\[DhtmlXQ_${tag}\\]([^\\[]{0,${MAX_HEADER_CHARS * 4}})\\[/DhtmlXQ_${tag}\\]`).exec(text);
    if (m && m[1].trim() && !(name in out)) out[name] = m[1].trim();
  }
  return out;
}

const isDhtmlxq = (record) => (typeof record === 'string' ? record.trimStart().startsWith('[DhtmlXQ')
  : new TextDecoder('latin1').decode(record.subarray(0, 64)).trimStart().startsWith('[DhtmlXQ'));

/** The record as a RecordGame (as parsePgn gives): PGN (game `index`) or DhtmlXQ (its main line and comments). */
function readRecord(record, index) {
  if (isDhtmlxq(record)) {
    const game = Game.fromDhtmlxq(record);
    try {
      const [g] = parsePgn(game.pgn());
      const text = typeof record === 'string' ? record : new TextDecoder().decode(record);
      g.headers = { ...dhtmlxqHeaders(text), ...(g.result !== '*' ? { Result: g.result } : {}) };
      return g;
    } finally {
      game.free();
    }
  }
  const games = parsePgn(record);
  if (index >= games.length) {
    throw lessonError('ERR_ARGUMENT', `game="${index + 1}": the record has ${games.length} game${games.length > 1 ? 's' : ''}`);
  }
  return games[index];
}

/**
 * Reads `input` — record text or bytes (PGN or DhtmlXQ; game `index` of a PGN file), or `{ fen }` for a position —
 * into `{ headers, result, nodes }`. `nodes[0]` is the start position; every other node is the position after a
 * move, with `parent` (the node before it), `altOf` (for the first move of a variation: the node of the move it
 * replaces) and `lineStart` (the first node of its line) as indexes into `nodes`, so that the result can be posted
 * from a worker. Throws the package's XiangqiErrors (and ERR_ARGUMENT for a game the file does not have).
 */
export function readLesson(input, index = 0) {
  const record = typeof input === 'string' || input instanceof Uint8Array ? readRecord(input, index)
    : { headers: {}, fen: null, result: '*', mainline: { comment: null, moves: [] }, position: input.fen };
  const game = new Game(record.position ?? record.fen);
  const nodes = [{ parent: null, altOf: null, lineStart: null, move: null, info: null, fen: game.fen(), before: null,
    comments: record.mainline.comment ? [record.mainline.comment] : [], nags: [], depth: 0, ply: 0 }];
  try {
    addLine(record.mainline, 0, 0, null);
  } finally {
    game.free();
  }
  return { headers: record.headers ?? {}, result: record.result ?? '*', nodes };

  // Plays `line` from node `from` (the game stands at its position) and leaves the game there again.
  function addLine(line, from, depth, altOf) {
    let prev = from;
    let first = null;
    for (const [i, rm] of line.moves.entries()) {
      const before = game.fen();
      const info = game.play(rm.move);
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
        game.play(rm.move);
      }
      prev = id;
    }
    for (let i = 0; i < line.moves.length; i++) game.undo();
  }
}
