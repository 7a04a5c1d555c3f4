#!/usr/bin/env node
// Writes the optional properties of the declarations' input types as `key?: T | undefined`: the package treats an
// option whose value is `undefined` as absent (src/input.rs; the board's config, the worker's requests), and under
// TypeScript's `exactOptionalPropertyTypes` only that spelling lets a caller pass `{ depth: undefined }`.
//
// The input types are the interfaces and type aliases whose name ends in Options, Limits, Scheme or Config, and
// WorkerSearch, WorkerGame and WorkerAnalyse (the worker client's requests), and the object types written inline in
// a method's parameters. Output types (Outcome, MoveInfo, ...)
// are left as they are. Idempotent; `--check` changes nothing and fails when a file would change (the repo checks
// run it, so a new option written `?: T` is caught).
//
// Usage: node scripts/types-optional-undefined.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FILES = ['src/types.d.ts', 'js/board.d.ts', 'js/worker.d.ts'];
const INPUT_NAME = /(Options|Limits|Scheme|Config)$|^Worker(Search|Game|Analyse)$/;

/** Whether `type` has a `=>` outside any parentheses, brackets or angle brackets. */
function arrowAtTop(type) {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if ('([<'.includes(c)) depth++;
    else if (')]'.includes(c) || (c === '>' && type[i - 1] !== '=')) depth--;
    else if (c === '=' && type[i + 1] === '>' && depth === 0) return true;
  }
  return false;
}

/** `key?: T;` (or `key?: T` before `}`) with ` | undefined` added to T, unless T already allows undefined. */
function widen(text) {
  return text.replace(/(\b[\w$]+\?: )([^;{}]+?)(\s*)(;|(?=\s*\}))/g, (whole, key, type, space, end) => {
    if (/\|\s*undefined\s*$/.test(type) || /^undefined$/.test(type.trim())) return whole;
    // A function type at the top level must be parenthesised before the union.
    const t = arrowAtTop(type) ? `(${type.trim()})` : type.trim();
    return `${key}${t} | undefined${space}${end}`;
  });
}

/** The declarations with their input types widened. */
export function convert(source) {
  const lines = source.split('\n');
  let block = null; // the name of the interface or type alias being read, and whether it is an input
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const start = /^export (?:interface|type) (\w+)/.exec(line);
    if (start) block = { input: INPUT_NAME.test(start[1]) };
    if (block?.input && !/^\s*(\/\/|\*|\/\*\*)/.test(line)) {
      lines[i] = widen(line);
    } else if (/\w\(.*\{.*\?:.*\}.*\)/.test(line)) {
      // A method whose parameters are written inline: `legalMoves(options?: { verbose?: false; ... })`.
      lines[i] = line.replace(/\{[^{}]*\}/g, (obj) => widen(obj));
    }
    if (block && (/^\}/.test(line) || (/^export type/.test(line) && /;\s*$/.test(line)) || /^\s+\|.*;\s*$/.test(line))) {
      block = null;
    }
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const changed = [];
  for (const f of FILES) {
    const path = join(root, f);
    const before = readFileSync(path, 'utf8');
    const after = convert(before);
    if (after === before) continue;
    changed.push(f);
    if (!check) writeFileSync(path, after);
  }
  if (check && changed.length) {
    console.error(`[types] optional input properties not written "?: T | undefined" in ${changed.join(', ')}: run node scripts/types-optional-undefined.mjs`);
    process.exit(1);
  }
  console.error(changed.length ? `[types] ${check ? 'would change' : 'changed'} ${changed.join(', ')}` : '[types] nothing to change');
}
