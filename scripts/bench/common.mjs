// What the measurement scripts of scripts/bench/ share: the repository root, their command line, and the
// statistics they report. One definition of each, so that a "median" printed by one script means what it means
// in every other (they used to disagree: some took the upper of the two middle values of an even count).
// The browser side (a static server, Chromium through playwright-core) is tests/support/browser.mjs, shared with
// the browser tests.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is scripts/bench/common.mjs). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const argv = process.argv.slice(2);

/** Whether the switch `flag` (e.g. `--json`) is on the command line. */
export const hasFlag = (flag) => argv.includes(flag);

/** The word after `flag` on the command line (`--www DIR`), or `dflt` when the flag is absent. */
export function option(flag, dflt) {
  const i = argv.indexOf(flag);
  if (i < 0) return dflt;
  if (argv[i + 1] === undefined) usageError(`${flag} needs a value`);
  return argv[i + 1];
}

/**
 * The number after `flag` on the command line (`--runs 5`), or `dflt` when the flag is absent. A value that is not
 * a number stops the script: a typo would otherwise measure NaN rounds and print nothing useful.
 */
export function numberOption(flag, dflt) {
  const text = option(flag, undefined);
  if (text === undefined) return dflt;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) usageError(`${flag} needs a number, not ${JSON.stringify(text)}`);
  return n;
}

function usageError(message) {
  console.error(`${relative(process.cwd(), process.argv[1])}: ${message} (the usage is at the top of the script)`);
  process.exit(2);
}

/** `xs` sorted in increasing order, as a new array (`xs` is left alone). */
const sorted = (xs) => [...xs].sort((a, b) => a - b);

/**
 * The median of the numbers `xs`: the middle value once sorted, or the mean of the two middle values when there is
 * an even count of them. NaN when `xs` is empty or holds anything but a number (NaN, undefined: a figure that was
 * not measured shows as missing rather than shifting the middle).
 */
export function median(xs) {
  if (xs.length === 0 || xs.some((x) => typeof x !== 'number' || Number.isNaN(x))) return NaN;
  const s = sorted(xs);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The `p`-quantile of the numbers `xs` (0 < p ≤ 1; 0.95 for the p95) by the nearest rank: the smallest value with
 * at least a share `p` of the values at or below it, i.e. the value of rank ⌈p·n⌉ once sorted. Always one of the
 * values measured, never an interpolation. NaN when `xs` is empty.
 */
export function quantile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  // p·n in floating point can land just above a whole rank (0.07 × 100 = 7.000000000000001): not the next rank.
  const rank = Math.ceil(p * s.length - 1e-9);
  return s[Math.min(s.length, Math.max(1, rank)) - 1];
}
