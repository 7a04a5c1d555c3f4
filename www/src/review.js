// The game review as data, from the package's Analysis (`EngineClient.analyse`): the evaluation curve, the values
// as players read them, and the game annotated for export — each inaccuracy, mistake and blunder with its NAG
// (?! $6, ? $2, ?? $4) and every analysed move with its evaluation and, where it was not the best, the better
// line in a comment. Pure (the Game class is the package's): unit-tested in tests/js/app-review.test.mjs.

import { formatNumber } from './i18n.js';

/** The PGN NAG of each classification (the package's thresholds: loss in expected score ≥ 0.05, 0.10, 0.20). */
export const NAGS = { inaccuracy: 6, mistake: 2, blunder: 4 };
/** Nodes per position of the review (the package's default: the same game gives the same review), and of a deeper
 * one (four times as many, and again four times for each deeper run). */
export const REVIEW_NODES = 40000;
export const DEEPER_NODES = 160000;

/** An analysis value (Red's view) as players read it: +0.35, #3 (Red mates in 3), #-2, 1-0, ½-½. */
export function valueText(v, lang = null) {
  if (!v) return '';
  if ('winner' in v) return v.winner === null ? '½-½' : v.winner === 'red' ? '1-0' : '0-1';
  if ('mate' in v) return `#${v.mate}`;
  const abs = Math.abs(v.cp) / 100;
  const digits = lang ? formatNumber(lang, abs, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : abs.toFixed(2);
  return (v.cp > 0 ? '+' : v.cp < 0 ? '−' : '') + digits;
}

/**
 * The curve: Red's expected score (0 to 1) after each ply, from ply 0 (the start, before the first move) to the
 * last analysed ply; `null` where the analysis has not reached.
 */
export function curve(moves, plies) {
  const out = new Array(plies + 1).fill(null);
  if (!moves.length) return out;
  out[moves[0].ply - 1] = moves[0].expectedBefore;
  for (const m of moves) out[m.ply] = m.expectedAfter;
  return out;
}

/** The analysed move of ply `ply` (1 = the first move), if any. */
export function moveAt(moves, ply) {
  return moves.find((m) => m.ply === ply) ?? null;
}

/**
 * `game` (a Game; not changed) annotated with `analysis`: a copy with NAGs on the inaccuracies, mistakes and
 * blunders and a comment on every analysed move — the evaluation after it and, when it was not the engine's
 * choice, the better move and its line (`lineOf(moves, fromPly)` writes a line in the chosen notation). The
 * record's own comments come first. The caller frees the copy.
 */
export function annotate(game, analysis, { lineOf, bestWord = 'Best' }) {
  const g = game.clone();
  try {
    const existing = new Map(g.getComments().map((c) => [c.ply, c]));
    for (const m of analysis.moves) {
      const nag = NAGS[m.classification];
      const own = existing.get(m.ply);
      if (nag) g.setNags([...(own?.nags ?? []).filter((n) => n < 1 || n > 7), nag], m.ply);
      let text = `[${valueText(m.after)}]`;
      if (m.classification !== 'best' && m.best && m.best !== m.move) {
        text += ` ${bestWord}: ${lineOf(m.pv.length ? m.pv : [m.best], m.ply - 1)} [${valueText(m.before)}]`;
      }
      g.setComment(own?.comment ? `${own.comment} ${text}` : text, m.ply);
    }
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

/** The classes of one side's summary, in order of severity. */
export const SUMMARY_CLASSES = ['inaccuracy', 'mistake', 'blunder'];

/** The plies marked ?! ? ?? — of `side` ('red' | 'black'), or of both sides when `side` is null — in order. */
export function markedPlies(moves, side = null) {
  return moves.filter((m) => SUMMARY_CLASSES.includes(m.classification) && (!side || m.color === side)).map((m) => m.ply);
}

/**
 * Where a finished review opens: the first mistake or blunder of `side` (the side under review; null: both),
 * else its first mark, else the first mark of either side; null when no move is marked.
 */
export function reviewOpening(moves, side = null) {
  const worst = moves.find((m) => (m.classification === 'mistake' || m.classification === 'blunder')
    && (!side || m.color === side));
  return worst?.ply ?? markedPlies(moves, side)[0] ?? markedPlies(moves)[0] ?? null;
}

/**
 * The marks the review steps through (Previous / Next mistake): those of `side` when it has any, else both
 * sides'. `from` the ply shown; `dir` 1 or −1; null when there is none that way.
 */
export function nextMark(moves, side, from, dir) {
  const own = side ? markedPlies(moves, side) : [];
  const plies = own.length ? own : markedPlies(moves);
  return (dir > 0 ? plies.find((p) => p > from) : plies.findLast((p) => p < from)) ?? null;
}
