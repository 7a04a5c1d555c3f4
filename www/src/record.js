// A game as plain data and back: what the app saves (save.js) and what the record worker (record-worker.js) sends
// to the page after reading a file (the package's one reader tells the formats apart: no sniffing here). Plain data crosses `postMessage` and `JSON.stringify`; a Game does not.
//
//   { initialFen, moves: ["h2e2", ...], options: GameOptions, ending: null | { reason, offender, result },
//     comments: [{ ply, comment, nags }], headers: { Red: "...", ... }, recordPlies: null | n }
//
// `ending` is an ending the moves do not reach on the board (resignation, agreed draw, loss on time, a record's
// result): the board endings (mate, repetition rulings, the move limit) are found again by replaying the moves.
// `recordPlies` is how many of the moves came from a record: those are replayed as a record's (the record speaks:
// they are not adjudicated), the others as moves played.

const EXTERNAL = new Set(['resignation', 'agreement', 'timeForfeit', 'recorded']);

/** The longest comment `game.setComment` takes (the package refuses longer ones; `Game.fromPgn` keeps them). */
export const COMMENT_MAX = 65536;
/** The longest header value `game.pgn({ headers })` takes. */
export const HEADER_MAX = 4096;

/** `text` cut to at most `max` UTF-16 units, never inside a surrogate pair. */
export function cutText(text, max) {
  if (text.length <= max) return text;
  let end = max;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end);
}

/**
 * The headers `game.pgn({ headers })` accepts, from a record's: names of letters, digits and `_`, values cut to
 * HEADER_MAX characters with line breaks made spaces; `skip` names are left out (the writer makes its own).
 */
export function writableHeaders(headers, skip = new Set()) {
  const out = {};
  for (const [k, v] of Object.entries(headers)) {
    if (skip.has(k) || !/^\w{1,64}$/.test(k) || typeof v !== 'string') continue;
    out[k] = cutText(v.replace(/[\r\n\u2028\u2029]+/g, ' '), HEADER_MAX);
  }
  return out;
}

/** `game` (a Game) as plain data; `headers` are the record's tag pairs to keep. */
export function gameToData(game, headers = {}) {
  const o = game.outcome();
  return {
    initialFen: game.initialFen(),
    moves: game.history(),
    options: game.options(),
    ending: o && EXTERNAL.has(o.reason) ? { reason: o.reason, offender: o.offender, result: o.result } : null,
    comments: game.getComments().filter((c) => c.comment !== null || c.nags.length > 0),
    headers: { ...headers },
    recordPlies: game.recordPlies(),
  };
}

/**
 * A Game (of the class `Game` given: the package's) from plain data. Throws the package's XiangqiError if the
 * data does not make a game (a bad FEN, an illegal move); nothing else is changed.
 */
export function gameFromData(Game, data) {
  const game = new Game(data.initialFen, data.options);
  try {
    const recorded = Number.isInteger(data.recordPlies) ? data.recordPlies : -1;
    data.moves.forEach((m, i) => (i < recorded ? game.playRecorded(m) : game.play(m)));
    for (const { ply, comment, nags } of data.comments ?? []) {
      if (ply > data.moves.length) continue;
      // A record's comment can be longer than setComment takes: it is cut (docs/app.md, "Importing").
      if (comment !== null && comment !== undefined) game.setComment(cutText(String(comment), COMMENT_MAX), ply);
      if (ply > 0 && Array.isArray(nags) && nags.length) game.setNags(nags, ply);
    }
    applyEnding(game, data.ending);
  } catch (e) {
    game.free();
    throw e;
  }
  return game;
}

/** Records an external ending (`{ reason, offender }`) in `game`, if the game is still going on. */
export function applyEnding(game, ending) {
  if (!ending || game.outcome()) return;
  if (ending.reason === 'resignation') game.resign(ending.offender);
  else if (ending.reason === 'timeForfeit') game.timeForfeit(ending.offender);
  else if (ending.reason === 'recorded') game.recordResult(ending.result);
  else if (ending.reason === 'agreement') {
    game.offerDraw('red');
    game.acceptDraw('black');
  }
}
