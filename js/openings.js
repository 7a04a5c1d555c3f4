// `xiangqi-wasm/openings`: the opening explorer — for a position, the moves masters played from it, with how many
// games and how they ended — and the data it reads (`xiangqi-wasm/openings-data.json`, built by
// scripts/openings/build.mjs from the "Chinese Chess Practical Dataset" by Yu-Han Tseng, CC BY 4.0: show
// `explorer.source` wherever the numbers are shown). No wasm, no DOM: positions are looked up by their FEN, which
// `game.fen()` gives. The ECCO code of a game is the rules' (`game.opening()`), not this module's.

/** The data file of the package, as a URL (fetch it, or let `loadOpenings` do so). */
export const OPENINGS_DATA_URL = new URL('./openings-data.json', import.meta.url).href;

const FORMAT = 'xiangqi-wasm-openings';
const VERSION = 1;
const MOVE = /^[a-i][0-9][a-i][0-9]$/;

function dataError(message) {
  return Object.assign(new Error(`opening explorer data: ${message}`), { name: 'XiangqiError', code: 'ERR_OPENINGS_DATA' });
}

/** A position's key: the FEN's board and side to move (the move counters do not matter). */
function keyOf(fen) {
  if (typeof fen !== 'string') {
    throw Object.assign(new TypeError(`lookup: expected a FEN string, got ${fen === null ? 'null' : typeof fen}`),
      { name: 'XiangqiError', code: 'ERR_ARGUMENT' });
  }
  const [board = '', side = 'w'] = fen.trim().split(/\s+/);
  return `${board} ${side === 'b' ? 'b' : 'w'}`;
}

const count = (v) => Number.isInteger(v) && v >= 0;

/** The explorer over checked data. */
export class OpeningExplorer {
  #positions;
  #source;
  #games;
  #plies;
  #minGames;

  /** @param {unknown} data the parsed data file (or its text). Throws ERR_OPENINGS_DATA when it is not one. */
  constructor(data) {
    if (typeof data === 'string') {
      try { data = JSON.parse(data); } catch { throw dataError('not JSON'); }
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) throw dataError('not an object');
    if (data.format !== FORMAT) throw dataError(`format is not "${FORMAT}"`);
    if (data.version !== VERSION) throw dataError(`version ${JSON.stringify(data.version)} is not ${VERSION}`);
    const { positions, source } = data;
    if (positions === null || typeof positions !== 'object' || Array.isArray(positions)) throw dataError('no positions');
    if (!source || typeof source.name !== 'string' || typeof source.license !== 'string') throw dataError('no source');
    if (!count(data.games) || !count(data.plies) || !count(data.minGames)) throw dataError('bad counts');
    const map = new Map();
    for (const [key, rows] of Object.entries(positions)) {
      if (!/^[1-9rnbakcpRNBAKCP/]+ [wb]$/.test(key) || !Array.isArray(rows) || rows.length === 0) {
        throw dataError(`bad position ${JSON.stringify(key).slice(0, 80)}`);
      }
      for (const row of rows) {
        if (!Array.isArray(row) || row.length !== 5 || typeof row[0] !== 'string' || !MOVE.test(row[0])
          || !row.slice(1).every(count) || row[2] + row[3] + row[4] > row[1]) {
          throw dataError(`bad move of ${key}`);
        }
      }
      map.set(key, rows);
    }
    this.#positions = map;
    this.#source = Object.freeze({ ...source });
    this.#games = data.games;
    this.#plies = data.plies;
    this.#minGames = data.minGames;
  }

  /**
   * The moves played from the position of `fen` (board and side to move; transpositions merged), most played
   * first: `{ move, games, red, draw, black }` with `red` / `draw` / `black` the games won by Red, drawn, won by
   * Black (games without a result are counted in `games` only). An empty list for a position the data does not know.
   */
  lookup(fen) {
    const rows = this.#positions.get(keyOf(fen));
    if (!rows) return [];
    return rows.map(([move, games, red, draw, black]) => ({ move, games, red, draw, black }));
  }

  /** The games of the data (positions up to `plies`, moves played in at least `minGames` of them). */
  get games() { return this.#games; }
  get plies() { return this.#plies; }
  get minGames() { return this.#minGames; }
  /** How many positions the data knows. */
  get size() { return this.#positions.size; }
  /** Where the games come from, and their licence: `{ name, author, url, commit, license, licenseUrl, changes }`. */
  get source() { return this.#source; }
}

/**
 * Loads the explorer: fetches `url` (default: the package's data file) with `fetch` (default: the global one) and
 * checks it. Rejects with ERR_OPENINGS_DATA for data that is not the explorer's (damaged, truncated, another
 * version) and with ERR_OPENINGS_FETCH when it cannot be fetched.
 */
export async function loadOpenings(url = OPENINGS_DATA_URL, { fetch: fetchFn = globalThis.fetch } = {}) {
  let text;
  try {
    const response = await fetchFn(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (e) {
    throw Object.assign(new Error(`opening explorer data: cannot fetch ${url}: ${e?.message ?? e}`),
      { name: 'XiangqiError', code: 'ERR_OPENINGS_FETCH' });
  }
  return new OpeningExplorer(text);
}

/**
 * A move to play from the explorer's moves of `fen`, chosen at random with the weight of how often masters played it
 * (`random` returns a number in [0, 1), e.g. Math.random or a seeded generator); `null` when the position is not
 * known. `minShare` drops moves played in fewer than that share of the position's games.
 */
export function bookMove(explorer, fen, random = Math.random, { minShare = 0 } = {}) {
  const rows = explorer.lookup(fen);
  const total = rows.reduce((s, r) => s + r.games, 0);
  const kept = rows.filter((r) => r.games >= minShare * total);
  const sum = kept.reduce((s, r) => s + r.games, 0);
  if (!sum) return null;
  let x = random() * sum;
  for (const r of kept) {
    x -= r.games;
    if (x < 0) return r.move;
  }
  return kept[kept.length - 1].move;
}
