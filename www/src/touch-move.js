// Touch-move (摸子走子, mōzǐ zǒuzǐ) for the competition-practice mode, as the competition rules put it (chapter 1,
// section 3, item 2 of the rules text the project follows):
//
//   A  Touching one of your own pieces obliges you to move it. Only if every move of it is forbidden by the rules
//      (for example it would expose your general) may you move another piece (a technical foul, 技术犯规).
//   B  Touching an opponent's piece obliges you to capture it. Only if none of your pieces can capture it may you
//      play another move (a technical foul).
//   C  Your own piece first, then an opponent's piece:
//      1 the first must capture the second; 2 if it cannot, you must still move the first; 3 if the first cannot
//      move at all, another piece must capture the second; 4 only if no piece can capture it may you play any
//      other move (a technical foul).
//   D  An opponent's piece first, then your own piece:
//      1 the second (yours) must capture the first; 2 if it cannot, another piece must capture the first; 3 if no
//      piece can capture it, you must move the second; 4 only if the second cannot move at all may you play any
//      other move (a technical foul).
//   E  Both touched at the same time: as D.
//   (F, straightening a piece on its point after saying so, has no counterpart on a screen.)
//
// Pure: no DOM, no wasm. The app records what the player touched (a pointer down on a piece) and narrows the moves
// it offers to `allowedMoves(state, legal).moves`. Only the first own piece and the first opponent piece touched
// count: once bound, touching more pieces changes nothing.

/**
 * @typedef {{ own: string | null, opponent: string | null, order: 'own' | 'opponent' | 'both' | null }} TouchState
 * `own` / `opponent`: the squares of the first own / opponent piece touched; `order`: which kind was touched first
 * (`'both'`: at the same time).
 */

/** No piece touched yet (the start of every move). */
export function emptyTouch() {
  return { own: null, opponent: null, order: null };
}

/**
 * The state after the player touched the piece on `square`; `owner` says whose it is (`'own'` or `'opponent'`).
 * Touching a second piece of the same owner changes nothing: the first one binds.
 * @param {TouchState} state
 * @param {string} square
 * @param {'own' | 'opponent'} owner
 * @returns {TouchState}
 */
export function touchPiece(state, square, owner) {
  if (owner !== 'own' && owner !== 'opponent') throw new TypeError(`touchPiece: owner must be "own" or "opponent", got ${owner}`);
  if (state[owner] !== null) return state;
  return { ...state, [owner]: square, order: state.order ?? owner };
}

/**
 * The state after the player touched one of their own pieces and an opponent's piece at the same time (rule E).
 * @param {TouchState} state
 * @returns {TouchState}
 */
export function touchBoth(state, ownSquare, opponentSquare) {
  if (state.own !== null || state.opponent !== null) {
    // Something was touched before: the earlier touch keeps its place in the order.
    return touchPiece(touchPiece(state, ownSquare, 'own'), opponentSquare, 'opponent');
  }
  return { own: ownSquare, opponent: opponentSquare, order: 'both' };
}

/**
 * The moves the player may play after touching what `state` says, from `legal` (ICCS moves `"h2e2"` the game
 * allows now). `rule` names the clause that applies (`'A'`, `'B'`, `'C1'`–`'C4'`, `'D1'`–`'D4'`, or `null` when
 * nothing was touched); `foul` is true when the touch bound nothing and any move is allowed again (a technical
 * foul, 技术犯规).
 * @param {TouchState} state
 * @param {readonly string[]} legal
 * @returns {{ moves: string[], rule: string | null, foul: boolean }}
 */
export function allowedMoves(state, legal) {
  const all = [...legal];
  const from = (sq) => all.filter((m) => m.slice(0, 2) === sq);
  const to = (sq) => all.filter((m) => m.slice(2, 4) === sq);
  const { own, opponent } = state;
  const first = (rules) => {
    for (const [rule, moves] of rules) if (moves.length) return { moves, rule, foul: false };
    return null;
  };
  if (own === null && opponent === null) return { moves: all, rule: null, foul: false };
  if (opponent === null) return first([['A', from(own)]]) ?? { moves: all, rule: 'A', foul: true };
  if (own === null) return first([['B', to(opponent)]]) ?? { moves: all, rule: 'B', foul: true };
  const both = from(own).filter((m) => m.slice(2, 4) === opponent);
  if (state.order === 'own') {
    return first([['C1', both], ['C2', from(own)], ['C3', to(opponent)]]) ?? { moves: all, rule: 'C4', foul: true };
  }
  // Opponent's piece first, or both at once (E is ruled as D).
  return first([['D1', both], ['D2', to(opponent)], ['D3', from(own)]]) ?? { moves: all, rule: 'D4', foul: true };
}

/** `dests` (a Map of square -> squares, as the board takes it) of `moves`. */
export function destsOf(moves) {
  const dests = new Map();
  for (const m of moves) {
    const f = m.slice(0, 2);
    if (!dests.has(f)) dests.set(f, []);
    dests.get(f).push(m.slice(2, 4));
  }
  return dests;
}
