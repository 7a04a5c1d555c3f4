// The app's openings: the name of a game's opening in the interface language, the plies of a game that are "book"
// (masters play them), and the opening explorer's data, fetched from the package when the explorer first opens (the
// service worker then keeps it offline: vite.config.js). The explorer itself is the package's
// (`xiangqi-wasm/openings`); this module only holds the one loaded copy.
import { loadOpenings } from 'xiangqi-wasm/openings';

let loading = null;
let loaded = null;

/** The explorer if it is loaded, else null. */
export function explorerNow() {
  return loaded;
}

/**
 * The explorer, loaded once (a failure is not kept: the next call tries again). `load` is the package's
 * `loadOpenings`, replaceable in tests.
 */
export function loadExplorer(load = loadOpenings) {
  loading ??= load().then((e) => {
    loaded = e;
    return e;
  }, (err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** An opening's name in the interface language: Chinese in the reader's script (简体 / 繁體), else English (the
 * project has no Vietnamese names). */
export function openingName(lang, opening) {
  if (!opening) return '';
  const names = opening.names;
  return lang === 'zh-Hant' ? names.zhHant : lang === 'zh' ? names.zh : names.en;
}

/**
 * How many first plies of `game` (a Game, not changed) are book: the plies up to the one that decided its ECCO code
 * (`game.opening().ply`), and further while each move is one the explorer's masters played from its position
 * (when the explorer is loaded). 0 for a game not from the start.
 */
export function bookPlies(Game, game, explorer = loaded) {
  const opening = game.opening();
  if (!opening) return 0;
  let book = opening.ply;
  if (explorer) {
    const g = new Game();
    try {
      for (const m of game.history()) {
        if (!explorer.lookup(g.fen()).some((r) => r.move === m)) break;
        g.play(m);
      }
      book = Math.max(book, g.history().length);
    } finally {
      g.free();
    }
  }
  return book;
}

/** The opening and book of the game last asked about, kept while its moves and the explorer stay the same. */
let memo = { key: null, opening: null, book: 0 };

/** `{ opening, book }` of `game` (a Game, not changed): `game.opening()` and {@link bookPlies}, remembered. */
export function gameOpening(Game, game) {
  const key = `${game.initialFen()}|${game.history().join(' ')}|${loaded ? 1 : 0}`;
  if (memo.key !== key) {
    const opening = game.opening();
    memo = { key, opening, book: opening ? bookPlies(Game, game) : 0 };
  }
  return memo;
}

/**
 * The review's moves with the book moves' marks taken away: a move of ply `book` or earlier that the analysis
 * called an inaccuracy, mistake or blunder is a book move (`classification: "book"`, the analysis's own in
 * `engineClassification`). Returns the same array when nothing changes.
 */
export function withBook(moves, book) {
  if (!moves.some((m) => m.ply <= book && ['inaccuracy', 'mistake', 'blunder'].includes(m.classification))) return moves;
  return moves.map((m) => (m.ply <= book && ['inaccuracy', 'mistake', 'blunder'].includes(m.classification)
    ? { ...m, classification: 'book', engineClassification: m.classification } : m));
}
