// The computer's levels, named by what they mean. Each is a search limit for the engine worker (SearchLimits:
// `skill` 0–20, where 20 is full strength; `timeMs` the thinking time per move). Measured against
// Fairy-Stockfish in docs/strength.md ("Levels"): the order holds, but even Beginner beats Fairy-Stockfish's
// Skill Level 0 two games in three, so the names say what each level aims at, not a human rating.

/** @typedef {{ id: string, name: { en: string, zh: string }, about: { en: string, zh: string },
 *              limits: import('xiangqi-wasm').SearchLimits }} Level */

/** @type {readonly Level[]} weakest first */
export const LEVELS = Object.freeze([
  { id: 'novice', name: { en: 'Novice', zh: '新手' },
    about: { en: 'For your first games: plays almost at random and misses free pieces.', zh: '适合第一盘棋：几乎随意走子，常漏吃子。' },
    limits: { skill: -3, timeMs: 300 } },
  { id: 'beginner', name: { en: 'Beginner', zh: '入门' },
    about: { en: 'Just learned the moves: sees one move ahead, often blunders.', zh: '刚学会走子：只看一步，常有失误。' },
    limits: { skill: 0, timeMs: 300 } },
  { id: 'casual', name: { en: 'Casual', zh: '业余' },
    about: { en: 'Plays sensible moves but misses deeper tactics.', zh: '走法合理，但看不到较深的战术。' },
    limits: { skill: 6, timeMs: 500 } },
  { id: 'club', name: { en: 'Club player', zh: '棋社棋手' },
    about: { en: 'A solid club player: few blunders, some plans.', zh: '稳健的棋社水平：少有漏着，懂得计划。' },
    limits: { skill: 12, timeMs: 800 } },
  { id: 'strong', name: { en: 'Strong', zh: '强手' },
    about: { en: 'Full strength, one second per move.', zh: '全力，每步一秒。' },
    limits: { skill: 20, timeMs: 1000 } },
  { id: 'maximum', name: { en: 'Maximum', zh: '最强' },
    about: { en: 'Full strength, five seconds per move.', zh: '全力，每步五秒。' },
    limits: { skill: 20, timeMs: 5000 } },
]);

/** The level a new game starts at. */
export const DEFAULT_LEVEL = 'club';

/** The level with `id`, or the default one. */
export function levelById(id) {
  return LEVELS.find((l) => l.id === id) ?? LEVELS.find((l) => l.id === DEFAULT_LEVEL);
}
