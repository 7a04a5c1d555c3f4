// The hand-written TypeScript declarations (src/types.d.ts, joined into pkg/xiangqi_wasm.d.ts) agree with
// the runtime exports and with the codes the Rust code can produce, and the public surface has no `any`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../../pkg/node.mjs';
import { root } from '../support/data.mjs';

const dts = readFileSync(join(root, 'pkg', 'xiangqi_wasm.d.ts'), 'utf8');

function union(name) {
  const m = new RegExp(`export type ${name} =([^;]*);`).exec(dts);
  assert.ok(m, `no type ${name}`);
  return new Set([...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]));
}

/** The text of every .rs file under `dir`, but for the folders named in `skip`. */
function rustSources(dir, skip = []) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory()
    ? (skip.includes(e.name) ? [] : rustSources(join(dir, e.name), skip))
    : e.name.endsWith('.rs') ? [readFileSync(join(dir, e.name), 'utf8')] : []));
}

test('no `any` in the declarations', () => {
  const withoutComments = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  assert.doesNotMatch(withoutComments, /\bany\b/);
});

const CLASSES = ['Game', 'Engine', 'MateProver', 'Clock', 'BoardView', 'RecordReader', 'RecordEditor'];

test('every declared function and class method exists at runtime, and vice versa', () => {
  const declaredFns = [...dts.matchAll(/^export (default )?function (\w+)/gm)].map((m) => (m[1] ? 'default' : m[2])).sort();
  const runtimeFns = Object.keys(api).filter((k) => typeof api[k] === 'function' && !CLASSES.includes(k)).sort();
  assert.deepEqual(runtimeFns, declaredFns);
  const declaredClasses = [...dts.matchAll(/^export class (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declaredClasses, [...CLASSES].sort());
  for (const name of CLASSES) {
    const cls = new RegExp(`export class ${name} \\{([\\s\\S]*?)\\n\\}`).exec(dts)[1];
    const declared = new Set([...cls.matchAll(/^\s+(?:static )?(\w+)\(/gm)].map((m) => m[1]));
    declared.delete('constructor');
    const runtime = new Set([...Object.getOwnPropertyNames(api[name].prototype), ...Object.getOwnPropertyNames(api[name])]
      .filter((k) => !['constructor', 'length', 'name', 'prototype', '__wrap', '__destroy_into_raw'].includes(k)
        && !k.startsWith('__')));
    assert.deepEqual([...runtime].sort(), [...declared].sort(), name);
  }
});

test('ErrorCode lists every code the Rust code can throw', () => {
  const codes = union('ErrorCode');
  for (const c of union('FenErrorCode')) codes.add(c);
  // (of crates/search/src/nnue only the net file's reader: its ERR_NET_* codes reach `engine.loadNetwork`; the
  // training data's ERR_DATA_* reach the CLI and the trainer only)
  const src = ['src', 'crates/rules/src', 'crates/search/src'].flatMap((d) => rustSources(join(root, d), ['nnue']))
    .concat(readFileSync(join(root, 'crates', 'search', 'src', 'nnue', 'net.rs'), 'utf8'))
    .join('\n');
  const used = new Set([...src.matchAll(/"(ERR_[A-Z_]+)"/g)].map((m) => m[1]));
  // The layer's own codes (freed and busy objects) come from js/guard.js.
  const guard = readFileSync(join(root, 'js', 'guard.js'), 'utf8');
  for (const m of guard.matchAll(/xqError\('(ERR_[A-Z_]+)'/g)) used.add(m[1]);
  assert.ok(used.size >= 18, [...used].join(' '));
  for (const c of used) assert.ok(codes.has(c), `${c} is missing from ErrorCode`);
  for (const c of codes) assert.ok(used.has(c), `${c} is declared but never produced`);
});

test('IllegalReasonCode is exactly the set of IllegalReason::code()', () => {
  const src = readFileSync(join(root, 'crates', 'rules', 'src', 'illegal.rs'), 'utf8');
  const body = /pub const fn code\(self\)[\s\S]*?\n    \}/.exec(src)[0];
  const rust = new Set([...body.matchAll(/=> "(\w+)"/g)].map((m) => m[1]));
  assert.deepEqual([...union('IllegalReasonCode')].sort(), [...rust].sort());
});

test('string unions match what the API returns', () => {
  const g = new api.Game();
  const kinds = union('PieceKind');
  for (const p of g.pieces()) {
    assert.ok(kinds.has(p.kind));
    assert.ok(union('Color').has(p.color));
  }
  assert.equal(kinds.size, 7);
  assert.deepEqual([...new Set(g.pieces().map((p) => p.kind))].sort(), [...kinds].sort());
});

/** The string values of property `key` of interface `name` (`script?: "simplified" | "traditional" | undefined`). */
function propertyUnion(name, key) {
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(dts);
  assert.ok(body, `no interface ${name}`);
  const m = new RegExp(`^\\s+${key}\\?: ([^;]*);`, 'm').exec(body[1]);
  assert.ok(m, `no ${name}.${key}`);
  return new Set([...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]));
}

test('each string union of the declarations is the list names() reports, in both entries', async () => {
  const lists = api.names();
  const unions = {
    rules: union('Ruleset'),
    modes: union('Mode'),
    notations: union('NotationName'),
    formats: union('RecordFormat'),
    encodings: union('RecordEncoding'),
    scripts: propertyUnion('NotationOptions', 'script'),
    blackDigits: propertyUnion('NotationOptions', 'blackDigits'),
    tandems: propertyUnion('NotationOptions', 'tandem'),
    traverses: propertyUnion('NotationOptions', 'traverse'),
  };
  assert.deepEqual(Object.keys(lists).sort(), Object.keys(unions).sort());
  for (const [key, declared] of Object.entries(unions)) {
    assert.deepEqual(lists[key].map((n) => n.name).sort(), [...declared].sort(), key);
    for (const n of lists[key]) {
      assert.deepEqual(Object.keys(n), ['name', 'aliases', 'en', 'zh'], key);
      assert.ok(n.en && n.zh && Array.isArray(n.aliases), `${key}: ${JSON.stringify(n)}`);
    }
  }
  // The Names interface names every list.
  for (const key of Object.keys(unions)) assert.match(dts, new RegExp(`^  ${key}: NameInfo<`, 'm'), key);
  const rules = await import('../../pkg/rules-node.mjs');
  assert.deepEqual(rules.names(), lists, 'the rules entry has the same lists');
  // The elements name the notations they write moves in from the same list: their declarations and the element
  // base's runtime list.
  const notations = lists.notations.map((n) => n.name).sort();
  for (const [file, type] of [['lesson.d.ts', 'LessonNotation'], ['puzzle.d.ts', 'PuzzleNotation']]) {
    const text = readFileSync(join(root, 'js', file), 'utf8');
    const m = new RegExp(`export type ${type} = ([^;]*);`).exec(text);
    assert.ok(m, `${file}: no ${type}`);
    assert.deepEqual([...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]).sort(), notations, `${file} ${type}`);
  }
  const base = readFileSync(join(root, 'js', 'element-base.js'), 'utf8');
  const listed = /export const NOTATIONS = \[([^\]]*)\]/.exec(base);
  assert.ok(listed, 'element-base.js: no NOTATIONS');
  assert.deepEqual([...listed[1].matchAll(/'([^']+)'/g)].map((x) => x[1]).sort(), notations, 'element-base.js NOTATIONS');
});
