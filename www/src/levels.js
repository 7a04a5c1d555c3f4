// The computer's levels, named by what they mean. Each is a search limit for the engine worker (SearchLimits:
// `skill` −10–20, where 20 is full strength and below 0 a novice picks at random among the moves that do not lose
// much; `timeMs` the thinking time per move). Measured in docs/strength.md ("Levels, measured again"), 40 games a
// pair at a tenth of these times (below skill 20 a level stops at its depth cap, so the time hardly matters): each
// level beats the one below it 95–100 % (the weaker side's score: Novice–Beginner 5 %, Beginner–Casual 0 %,
// Casual–Club player 0 %, Club player–Strong 5 %, Strong–Maximum 2.5 % in 20 games), so the steps are even only in
// being large (some 400–850 Elo each). Against Fairy-Stockfish: Novice scores 7.5 % against its Skill Level 0,
// 15 % against −2 and 87.5 % against −5; Beginner scores 80 % against Skill Level 0. Novice is the level meant for
// a new player (not measured against people); the names say what each level aims at, not a human rating.

/** @typedef {{ id: string, limits: import('xiangqi-wasm').SearchLimits, book: { plies: number, minShare: number } }} Level
 *  Its name and what it means are in the catalogues (i18n/*.js: `level_<id>`, `levelAbout_<id>`). */

// The opening book (book.js): for its first `plies` plies of a game from the start, a level plays a move the masters
// of the opening explorer played from the position, chosen with the weight of how often they played it, among the
// moves played in at least `minShare` of the position's games. The weaker levels take any master move (rarer lines
// too, standing in for the amateur lines the data does not have); the strongest keep to the main lines and leave
// the book sooner. Measured in docs/openings.md ("The levels' book").

// The evaluation: the two full-strength levels search with the package's neural net once the app has loaded it
// (main.js; the hand-tuned evaluation until then), which makes them some 200 Elo stronger (docs/strength.md). The
// weaker levels keep the hand-tuned evaluation they were measured with (`network: false`).

/** @type {readonly Level[]} weakest first */
export const LEVELS = Object.freeze([
  { id: 'novice', limits: { skill: -3, timeMs: 300, network: false }, book: { plies: 6, minShare: 0 } },
  { id: 'beginner', limits: { skill: 0, timeMs: 300, network: false }, book: { plies: 6, minShare: 0 } },
  { id: 'casual', limits: { skill: 6, timeMs: 500, network: false }, book: { plies: 8, minShare: 0.02 } },
  { id: 'club', limits: { skill: 12, timeMs: 800, network: false }, book: { plies: 10, minShare: 0.03 } },
  { id: 'strong', limits: { skill: 20, timeMs: 1000 }, book: { plies: 10, minShare: 0.05 } },
  { id: 'maximum', limits: { skill: 20, timeMs: 5000 }, book: { plies: 6, minShare: 0.1 } },
]);

/** The level a new game starts at. */
export const DEFAULT_LEVEL = 'club';

/** The level with `id`, or the default one. */
export function levelById(id) {
  return LEVELS.find((l) => l.id === id) ?? LEVELS.find((l) => l.id === DEFAULT_LEVEL);
}
