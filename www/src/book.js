// The computer's opening book: in its first plies from the start position, a level plays a move the masters of the
// opening explorer played from the position, chosen with the weight of how often they played it (the package's
// `bookMove`), drawn from a generator seeded by the game's seed and the ply, so that the same game replays alike and
// two games open differently. Pure (no DOM, no worker): scripts/openings/book-variety.mjs measures it.
import { bookMove } from 'xiangqi-wasm/openings';
import { startFen } from 'xiangqi-wasm';

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The start position's board and side to move (asked of the package once it is loaded). */
let start = null;
const startKey = () => (start ??= startFen().split(' ').slice(0, 2).join(' '));

/** Whether `game` is in `level`'s book plies: from the start position, fewer plies played than the book's. */
export function inBook(game, level) {
  return Boolean(level.book) && game.history().length < level.book.plies
    && game.initialFen().split(' ').slice(0, 2).join(' ') === startKey();
}

/**
 * The book move of `game` (a Game, not changed) for `level` (levels.js), or null: when there is no explorer, the game
 * did not start from the start position, it is past the level's book plies, or the masters never reached the
 * position. `seed` makes the choice (the game's seed; the ply is mixed in).
 */
export function levelBookMove({ explorer, game, level, seed }) {
  if (!explorer || !inBook(game, level)) return null;
  const ply = game.history().length;
  const random = seeded(Math.imul(seed >>> 0, 0x9e3779b1) ^ (ply + 1));
  random();
  const move = bookMove(explorer, game.fen(), random, { minShare: level.book.minShare });
  return move && game.isLegal(move) ? move : null;
}
