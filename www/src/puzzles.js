// The Puzzles section's set as data (pure): the set file the app ships (www/public/puzzles.json, made by
// `xiangqi make-puzzles` from the engine's own games: docs/app.md, "Puzzles"), read and checked; the record the
// `<xiangqi-puzzle>` element is given (one game per exercise, the title in the interface language); the progress
// kept in localStorage (one JSON value, set aside when it cannot be read).

/** Where the set is, relative to the page (precached by the service worker). */
export const PUZZLES_URL = './puzzles.json';
export const PUZZLES_KEY = 'xiangqi-wasm-app/puzzles';

const ICCS = /^[a-i][0-9][a-i][0-9]$/;

/** The set file's exercises, checked; throws on a malformed file. */
export function readSet(json) {
  const list = json?.puzzles;
  if (!Array.isArray(list) || !list.length) throw new Error('the set holds no exercise');
  return list.map((p, i) => {
    const ok = p && typeof p.fen === 'string' && Number.isInteger(p.mateIn) && Array.isArray(p.solution)
      && p.solution.every((m) => ICCS.test(m)) && Array.isArray(p.alternatives) && p.alternatives.every((m) => ICCS.test(m));
    if (!ok) throw new Error(`exercise ${i + 1} is malformed`);
    return { id: p.id ?? i + 1, fen: p.fen, mateIn: p.mateIn, solution: p.solution, alternatives: p.alternatives,
      title: String(p.title ?? ''), titleZh: String(p.titleZh ?? p.title ?? ''), game: p.game, ply: p.ply };
  });
}

/** What identifies a set: saved progress of another set is not given to this one. */
export function setKey(set) {
  return `${set.length}:${set[0].fen}:${set.at(-1).fen}`;
}

const tag = (value) => value.replace(/["\\\r\n]/g, ' ');

/**
 * The set as one record of several games for `<xiangqi-puzzle>`: FEN tag, Event = the title `titleOf(exercise)` gives
 * (in the interface language), the solution.
 */
export function setPgn(set, titleOf) {
  return set.map((p) => {
    const moves = [];
    const black = / b /.test(p.fen);
    p.solution.forEach((m, i) => {
      const ply = i + (black ? 1 : 0);
      if (ply % 2 === 0) moves.push(`${ply / 2 + 1}.`);
      else if (i === 0) moves.push(`${(ply - 1) / 2 + 1}...`);
      moves.push(m);
    });
    return `[Event "${tag(titleOf(p))}"]\n[FEN "${tag(p.fen)}"]\n[SetUp "1"]\n\n${moves.join(' ')} *\n`;
  }).join('\n');
}

/** The progress kept for the set `key`: `{ key, index, results }`, or null (nothing, another set, unreadable). */
export function readProgress(storage, key) {
  let v;
  try {
    v = JSON.parse(storage.getItem(PUZZLES_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || v.key !== key || !Number.isInteger(v.index) || !Array.isArray(v.results)) return null;
  return { key, index: v.index, results: v.results };
}

/** Keeps the progress (`{ key, index, results }`); false when the storage refuses it. */
export function writeProgress(storage, progress) {
  try {
    storage.setItem(PUZZLES_KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}
