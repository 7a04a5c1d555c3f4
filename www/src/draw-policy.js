// When the computer accepts a draw offer (docs/app.md, "Draw offers"). Pure: unit-tested in
// tests/js/app-review.test.mjs.
//
// The computer searches the position at full strength (DRAW_LIMITS) and reads the score from its own side. It
// accepts when
//   - the material on the board is a practical draw (the package's `claimableDraw()`), or
//   - the position has now occurred three times and the computer is not clearly better (≤ +0.50), or
//   - its score is at most −margin: it is worse by the margin, or being mated.
// The margin is 150 centipawns at full strength (skill 20: the levels Strong and Maximum) and shrinks with the
// level's skill — margin = 150 · skill / 20: Club player (skill 12) 90, Casual (6) 45, Beginner (0) and Novice
// (−3: skills below 0 count as 0) 0 — so a weaker computer is more generous. In a level position (|score| < 150)
// the computer at full strength declines.

/** The draw offer's search: short, full strength, from the current position. */
export const DRAW_LIMITS = { timeMs: 500, depth: 8 };
/** The margin at full strength, in centipawns. */
export const FULL_STRENGTH_MARGIN = 150;
/** With a threefold repetition the computer accepts unless better than this (centipawns). */
export const REPETITION_EDGE = 50;

/** The margin of a level of `skill` (0–20; full strength when not given). */
export function drawMargin(skill = 20) {
  return Math.round((FULL_STRENGTH_MARGIN * Math.max(0, Math.min(20, skill))) / 20);
}

/** A search score (`{ cp }` or `{ mate }`) in centipawns, mates as ±1,000,000. */
export function centipawns(score) {
  return 'mate' in score ? Math.sign(score.mate || -1) * 1e6 : score.cp;
}

/**
 * Whether the computer accepts: `score` is its search's score from the computer's side, `skill` its level's,
 * `claimable` the package's `claimableDraw()`, `repetitions` how many times the position has occurred. Returns
 * { accept, reason: 'material' | 'repetition' | 'worse' | 'better' }.
 */
export function answerDrawOffer({ score, skill = 20, claimable = null, repetitions = 1 }) {
  const cp = centipawns(score);
  if (claimable) return { accept: true, reason: 'material' };
  if (repetitions >= 3 && cp <= REPETITION_EDGE) return { accept: true, reason: 'repetition' };
  if (cp <= -drawMargin(skill)) return { accept: true, reason: 'worse' };
  return { accept: false, reason: 'better' };
}

/** How many times the last of `positions` (FEN placement and side to move, in order) has occurred. */
export function repetitionsOf(positions) {
  const last = positions.at(-1);
  return positions.filter((p) => p === last).length;
}
