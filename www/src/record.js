// A game as plain data and back: what the app saves (save.js) and what the record worker (record-worker.js) sends
// to the page after reading a file. Plain data crosses `postMessage` and `JSON.stringify`; a Game does not.
//
//   { initialFen, moves: ["h2e2", ...], options: GameOptions, ending: null | { reason, offender },
//     comments: [{ ply, comment, nags }], headers: { Red: "...", ... } }
//
// `ending` is an ending the moves do not reach on the board (resignation, agreed draw, loss on time): the board
// endings (mate, repetition rulings, the move limit) are found again by replaying the moves.

const EXTERNAL = new Set(['resignation', 'agreement', 'timeForfeit']);

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
    ending: o && EXTERNAL.has(o.reason) ? { reason: o.reason, offender: o.offender } : null,
    comments: game.getComments().filter((c) => c.comment !== null || c.nags.length > 0),
    headers: { ...headers },
  };
}

/**
 * A Game (of the class `Game` given: the package's) from plain data. Throws the package's XiangqiError if the
 * data does not make a game (a bad FEN, an illegal move); nothing else is changed.
 */
export function gameFromData(Game, data) {
  const game = new Game(data.initialFen, data.options);
  try {
    for (const m of data.moves) game.play(m);
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
  else if (ending.reason === 'agreement') {
    game.offerDraw('red');
    game.acceptDraw('black');
  }
}

/** Whether `text` looks like a FEN rather than a game record (one line, rows separated by slashes). */
export function looksLikeFen(text) {
  const t = text.trim();
  return !t.includes('\n') && /^[1-9kabnrcpehKABNRCPEH]+(\/[1-9kabnrcpehKABNRCPEH]+){9}(\s|$)/.test(t);
}

/** Whether `text` is a DhtmlXQ record rather than PGN. */
export function looksLikeDhtmlxq(text) {
  return /\[DhtmlXQ/i.test(text.slice(0, 4096));
}
