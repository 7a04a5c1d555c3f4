// The game in progress, saved in localStorage so that it survives a reload or a crash.
//
// The whole state is written as one JSON value under one key (`SAVE_KEY`), with a format version: one
// `setItem` call, which the browser applies whole or not at all, so a reload at any moment finds the last complete
// state. A value that cannot be read (not JSON, another version, a wrong shape) is set aside under
// `SAVE_KEY + ".corrupt"` and reported, never thrown at the page; a full quota is reported too and the caller keeps
// the game in memory. Pure apart from the `storage` object it is given (localStorage in the page, a stub in tests).

export const SAVE_KEY = 'xiangqi-wasm-app/game';
export const SAVE_VERSION = 1;
export const PREFS_KEY = 'xiangqi-wasm-app/prefs';

const COLORS = ['red', 'black'];

/** Whether `error` is the browser's "storage full" error (the name differs between engines and old versions). */
export function isQuotaError(error) {
  return Boolean(error) && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED'
    || error.code === 22 || error.code === 1014);
}

/**
 * Writes `state` (the app's saved state: see docs/app.md, "Storage") as one value.
 * @returns {{ ok: true, bytes: number } | { ok: false, reason: 'quota' | 'unavailable', error: unknown }}
 */
export function writeSave(storage, state) {
  const text = JSON.stringify({ ...state, version: SAVE_VERSION, savedAt: new Date().toISOString() });
  try {
    storage.setItem(SAVE_KEY, text);
    return { ok: true, bytes: text.length };
  } catch (error) {
    return { ok: false, reason: isQuotaError(error) ? 'quota' : 'unavailable', error };
  }
}

/**
 * Reads the saved state.
 * @returns {{ state: object | null } | { corrupt: true, problem: string }} `state: null` when nothing is saved
 */
export function readSave(storage) {
  let text;
  try {
    text = storage.getItem(SAVE_KEY);
  } catch {
    return { state: null };
  }
  if (text === null || text === undefined) return { state: null };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return setAside(storage, text, 'not JSON');
  }
  const problem = checkSave(value);
  if (problem) return setAside(storage, text, problem);
  return { state: value };
}

/** Moves an unreadable value out of the way (kept for a bug report), so the next start is clean. */
export function setAside(storage, text, problem) {
  try {
    storage.removeItem(SAVE_KEY);
    storage.setItem(`${SAVE_KEY}.corrupt`, String(text).slice(0, 100000));
  } catch {
    // nothing more to do: the game starts afresh either way
  }
  return { corrupt: true, problem };
}

/** Removes the saved game (a new game writes its own at once). */
export function clearSave(storage) {
  try {
    storage.removeItem(SAVE_KEY);
  } catch {
    // ignore
  }
}

const isString = (v) => typeof v === 'string';
const isStrings = (v) => Array.isArray(v) && v.every(isString);
const isNat = (v) => Number.isInteger(v) && v >= 0;

/** The first problem of the shape of a saved value, or `null` when it is well formed. */
export function checkSave(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'not an object';
  if (v.version !== SAVE_VERSION) return `version ${JSON.stringify(v.version)} is not ${SAVE_VERSION}`;
  const g = v.game;
  if (!g || typeof g !== 'object') return 'no game';
  if (!isString(g.initialFen)) return 'game.initialFen is not a string';
  if (!isStrings(g.moves) || !g.moves.every((m) => /^[a-i][0-9][a-i][0-9]$/.test(m))) return 'game.moves is not a list of ICCS moves';
  if (!g.options || typeof g.options !== 'object') return 'game.options is not an object';
  if (g.ending !== null && !(g.ending && isString(g.ending.reason))) return 'game.ending is malformed';
  if (!Array.isArray(g.comments) || !g.comments.every((c) => c && isNat(c.ply))) return 'game.comments is malformed';
  if (!g.headers || typeof g.headers !== 'object' || !Object.values(g.headers).every(isString)) return 'game.headers is malformed';
  if (!COLORS.includes(v.human)) return 'human is not a colour';
  if (!isString(v.level)) return 'level is not a string';
  if (typeof v.practice !== 'boolean') return 'practice is not a boolean';
  if (!Array.isArray(v.redo) || !v.redo.every(isStrings)) return 'redo is malformed';
  if (v.clock !== null) {
    const c = v.clock;
    if (!c || typeof c !== 'object' || (!isString(c.control) && (typeof c.control !== 'object' || c.control === null))) {
      return 'clock.control is malformed';
    }
    if (!Array.isArray(c.thinkMs) || !c.thinkMs.every(isNat)) return 'clock.thinkMs is malformed';
    if (!isNat(c.currentMs)) return 'clock.currentMs is malformed';
  }
  return null;
}

/** The remembered preferences (language, theme, notation), or `{}`. */
export function readPrefs(storage) {
  try {
    const v = JSON.parse(storage.getItem(PREFS_KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

export function writePrefs(storage, prefs) {
  try {
    storage.setItem(PREFS_KEY, JSON.stringify(prefs));
    return true;
  } catch {
    return false;
  }
}
