// The one builder of a record's tree for the package's elements (<xiangqi-lesson>, <xiangqi-puzzle>): no DOM, so
// that it runs on the page or in a worker (lesson-worker.js) alike. A record is read by the package's one reader
// (readRecord: PGN, DhtmlXQ, XQF or a FEN, in UTF-8, GBK or Big5, headers and warnings included), a puzzle's
// written solution is a line of moves; either way every position, variations included, is played once on a Game,
// and the elements then only walk the nodes.
//
// The tree comes in two shapes: flat (`readTree`, `solutionTree`: `parent`, `altOf` and `lineStart` as indexes into
// the array, so that it can be posted from a worker) and linked (`link`: the same nodes pointing at each other, with
// `next` and `alts`, for the element to walk).
import { api } from './wasm-build.js';

/**
 * Reads `input` — record text or bytes (any format the package reads; game `index` of a file of several), or
 * `{ fen }` for a position — into `{ headers, result, format, encoding, warnings, nodes }`, `nodes` flat (above).
 * `nodes[0]` is the start position; every other node is the position after a move. Throws the package's
 * XiangqiErrors (ERR_ARGUMENT for a game the file does not have).
 */
export function readTree(input, index = 0) {
  const isRecord = typeof input === 'string' || input instanceof Uint8Array || input instanceof ArrayBuffer;
  const record = isRecord ? api().readRecord(input, { index })
    : { headers: {}, fen: input.fen ?? null, result: '*', mainline: { comment: null, moves: [] }, format: 'fen',
      encoding: null, warnings: [] };
  // A record's moves are legal by the rules of movement; they are played as a record's (not adjudicated), so that
  // a line goes on past a repetition the players did not stop at.
  const nodes = playTree(record.fen, record.mainline, (game, move) => game.playRecorded(move));
  return { headers: record.headers ?? {}, result: record.result ?? '*', format: record.format,
    encoding: record.encoding, warnings: record.warnings ?? [], opening: record.opening ?? null, nodes };
}

/**
 * A puzzle's written solution — moves (ICCS, or any notation `Game.play` reads) separated by spaces or commas, move
 * numbers ("1.") skipped — played from `fen` by the rules into flat nodes. A move that cannot be played throws its
 * XiangqiError with the move named in the message and `ply` set.
 */
export function solutionTree(fen, text) {
  const moves = String(text).trim().split(/[\s,]+/).filter((m) => m && !/^\d+\.+$/.test(m));
  const line = { comment: null, moves: moves.map((move) => ({ move })) };
  return playTree(fen, line, (game, move, ply) => {
    try {
      return game.play(move);
    } catch (e) {
      throw Object.assign(e, { message: `solution, move ${ply} "${move.slice(0, 20)}": ${e.message}`, ply });
    }
  });
}

/** The flat nodes of `readTree` / `solutionTree` linked into the tree the elements walk (`next`, `alts`). */
export function link(flat) {
  const nodes = flat.map((n, id) => ({ ...n, id, next: null, alts: [] }));
  for (const n of nodes) {
    n.parent = n.parent == null ? null : nodes[n.parent];
    n.lineStart = n.lineStart == null ? null : nodes[n.lineStart];
    n.altOf = n.altOf == null ? null : nodes[n.altOf];
    if (n.altOf) n.altOf.alts.push(n);
    else if (n.parent) n.parent.next = n;
  }
  return nodes;
}

/**
 * The flat nodes of `mainline` (`{ comment, moves: [{ move, comment?, nags?, variations? }] }`, the reader's line)
 * played from `fen` with `play(game, move, ply)`. Each node: `parent`, `altOf` (the first move of a variation: the
 * node of the move it replaces), `lineStart` (the first node of its line), `move` (ICCS), `info` (the MoveInfo),
 * `fen`, `before` (the FEN before the move), `comments`, `nags`, `drawings` (arrows and circles: `{ from, to, color }`),
 * `depth` (0 on the main line), `ply`.
 */
function playTree(fen, mainline, play) {
  const game = new (api().Game)(fen);
  const nodes = [{ parent: null, altOf: null, lineStart: null, move: null, info: null, fen: game.fen(), before: null,
    comments: mainline.comment ? [mainline.comment] : [], nags: [], drawings: [], depth: 0, ply: 0 }];
  try {
    addLine(mainline, 0, 0, null);
  } finally {
    game.free();
  }
  return nodes;

  // Plays `line` from node `from` (the game stands at its position) and leaves the game there again.
  function addLine(line, from, depth, altOf) {
    let prev = from;
    let first = null;
    for (const [i, rm] of line.moves.entries()) {
      const before = game.fen();
      const ply = nodes[prev].ply + 1;
      const info = play(game, rm.move, ply);
      const id = nodes.length;
      first ??= id;
      const comments = [];
      if (i === 0 && line.comment && depth > 0) comments.push(line.comment);
      if (rm.comment) comments.push(rm.comment);
      nodes.push({ parent: prev, altOf: i === 0 ? altOf : null, lineStart: first, move: info.iccs, info,
        fen: game.fen(), before, comments, nags: rm.nags ?? [], drawings: rm.drawings ?? [], depth, ply });
      if (rm.variations?.length) {
        game.undo();
        for (const v of rm.variations) addLine(v, prev, depth + 1, id);
        play(game, rm.move, ply);
      }
      prev = id;
    }
    for (let i = 0; i < line.moves.length; i++) game.undo();
  }
}

/** Each interface language's notation when the page names none (issue 37: the notation follows the language). */
export const LANG_NOTATION = Object.freeze({ en: 'wxf', zh: 'chinese', 'zh-Hant': 'chinese', vi: 'vietnamese' });

/**
 * The board's coordinates that go with a notation: the file numbers Chinese players read (一…九 / 1…9) with Chinese,
 * the same in digits with Vietnamese, ICCS a–i / 0–9 with WXF and ICCS.
 */
export function coordinatesFor(notation) {
  return notation === 'chinese' ? 'chinese' : notation === 'vietnamese' ? 'numbers' : 'iccs';
}

/**
 * The text of `move` (ICCS, played from `fen`) in `notation` for a reader of `lang`: ICCS as `H2-E2`, WXF and
 * simplified Chinese from the MoveInfo `info` when given (`game.play`'s answer), traditional Chinese (繁體: 傌二進三)
 * and Vietnamese (`M2.3`) written by the package's `toNotation`. A move the position refuses is its ICCS text.
 */
export function moveText(fen, move, info, notation, lang) {
  if (notation === 'iccs') return `${move.slice(0, 2)}-${move.slice(2)}`.toUpperCase();
  if (info && notation === 'wxf') return info.wxf;
  const traditional = notation === 'chinese' && lang === 'zh-Hant';
  if (info && notation === 'chinese' && !traditional) return info.chinese;
  const g = new (api().Game)(fen);
  try {
    return g.toNotation(move, notation, traditional ? { script: 'traditional' } : undefined);
  } catch {
    return move;
  } finally {
    g.free();
  }
}
