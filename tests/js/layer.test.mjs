// The package's layer over wasm-bindgen's bindings (js/guard.js; the entries written by scripts/pkg-postprocess.mjs):
// every class and function of both entries (`xiangqi-wasm`, `xiangqi-wasm/rules`) and of the CommonJS bundles is
// guarded, the objects the wasm returns belong to the exported classes, and the rules entry is the package's API
// without the search and the board. The guards' behaviour itself is tests/js/boundary.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import ts from 'typescript';
import * as full from '../../pkg/node.mjs';
import * as rules from '../../pkg/rules-node.mjs';
import { root } from '../support/data.mjs';
import { throwsCode } from '../support/assert.mjs';

const require = createRequire(import.meta.url);
const GUARDED = Symbol.for('xiangqi-wasm guarded');
const UNGUARDED = ['default', 'initSync', 'isXiangqiError', 'startFen'];
const isClass = (v) => typeof v === 'function' && typeof v.prototype?.free === 'function';
const entries = {
  'xiangqi-wasm (ESM)': full,
  'xiangqi-wasm (CommonJS)': require('../../pkg/node.cjs'),
  'xiangqi-wasm/rules (ESM)': rules,
  'xiangqi-wasm/rules (CommonJS)': require('../../pkg/rules-node.cjs'),
};

test('every class and function of every entry is guarded (a new export of the bindings is too)', () => {
  for (const [name, api] of Object.entries(entries)) {
    const fns = Object.entries(api).filter(([k, v]) => typeof v === 'function' && !UNGUARDED.includes(k));
    assert.ok(fns.length >= 5, name);
    for (const [k, v] of fns) assert.equal(v[GUARDED], true, `${name}: ${k} is not guarded`);
    for (const [k, v] of fns.filter(([, v]) => isClass(v))) assert.equal(v.name, k, `${name}: ${k}.name`);
  }
});

test('objects made by the wasm belong to the exported classes, and their names survive bundling', () => {
  for (const [name, api] of Object.entries(entries)) {
    const { Game } = api;
    const game = new Game();
    for (const g of [game, game.clone(), Game.fromFen(game.fen())]) {
      assert.ok(g instanceof Game, name);
      assert.equal(g.constructor, Game, name);
    }
    const freed = new Game();
    freed.free();
    // The CommonJS entries are bundles, where the class is renamed (two `Game` in one scope): the messages still
    // say "Game".
    throwsCode(() => api.perft(freed, 1), 'ERR_FREED', /^perft: the Game passed to it has been freed/);
    throwsCode(() => freed.fen(), 'ERR_FREED', /^Game\.fen: this Game has been freed/);
    assert.equal(api.validateFen(freed).errors[0].message.startsWith('validateFen: the Game passed'), true, name);
  }
});

test('the rules entry: the package without Engine, BoardView and game.hint, on its own wasm', () => {
  const names = (api) => Object.keys(api).sort();
  assert.deepEqual(names(rules), names(full).filter((k) => !['Engine', 'MateProver', 'BoardView'].includes(k)));
  const methods = (cls) => Object.getOwnPropertyNames(cls.prototype).filter((k) => k !== 'constructor').sort();
  assert.deepEqual(methods(rules.Game), methods(full.Game).filter((k) => k !== 'hint'));
  assert.deepEqual(methods(rules.Clock), methods(full.Clock));
  const game = new rules.Game(null, { rules: 'cxa' });
  assert.equal(game.play('炮二平五').iccs, 'h2e2');
  const same = new full.Game(null, { rules: 'cxa' });
  same.play('h2e2');
  assert.deepEqual(game.legalMoves({ notation: 'wxf' }), same.legalMoves({ notation: 'wxf' }));
  assert.deepEqual(game.outcome(), same.outcome());
  const pgn = game.pgn();
  assert.deepEqual(rules.Game.fromPgn(pgn).history(), ['h2e2']);
  // Its own module: a game of one entry is not an object of the other.
  assert.ok(!(game instanceof full.Game));
  const rulesWasm = readFileSync(join(root, 'pkg', 'xiangqi_rules_bg.wasm'));
  const fullWasm = readFileSync(join(root, 'pkg', 'xiangqi_wasm_bg.wasm'));
  assert.ok(rulesWasm.length < fullWasm.length * 0.85, `${rulesWasm.length} vs ${fullWasm.length}`);
});

test('the shipped wasm files name no path of the machine that built them', () => {
  // rustc writes the source path of every panic location; scripts/wasm-flags.mjs maps them to crates.io/… and ./…
  const home = homedir();
  for (const f of ['xiangqi_wasm_bg.wasm', 'xiangqi_rules_bg.wasm']) {
    const text = readFileSync(join(root, 'pkg', f)).toString('latin1');
    for (const machine of [home, root, '/.cargo/']) assert.ok(!text.includes(machine), `${f} names ${machine}`);
    assert.ok(text.includes('crates/rules/src/'), `${f}: the rules crate's paths, relative`);
  }
});

/** The value (not type-only) exports a declaration file gives, and the members of its `Game`'s instances. */
function declared(file) {
  const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [] });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file));
  const values = [];
  let gameMembers = [];
  for (const s of checker.getExportsOfModule(module)) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    const typeOnly = s.declarations?.some((d) => ts.isTypeOnlyImportOrExportDeclaration?.(d)
      || (ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)));
    if (!typeOnly && target.flags & ts.SymbolFlags.Value) values.push(s.name);
    if (s.name === 'Game') {
      const ctor = checker.getTypeOfSymbolAtLocation(target, program.getSourceFile(file));
      const instance = ctor.getConstructSignatures()[0].getReturnType();
      gameMembers = checker.getPropertiesOfType(instance).map((p) => p.name).filter((n) => !n.startsWith('__@'));
    }
  }
  return { diagnostics, values: values.sort(), gameMembers: gameMembers.sort() };
}

test('the declarations of both entries give exactly their runtime exports, and compile without the DOM', () => {
  for (const [file, api] of [['xiangqi_wasm.d.ts', full], ['rules.d.ts', rules], ['rules.d.cts', rules], ['node.d.cts', full]]) {
    const d = declared(join(root, 'pkg', file));
    assert.deepEqual(d.diagnostics, [], file);
    assert.deepEqual(d.values, Object.keys(api).sort(), file);
    const runtime = Object.getOwnPropertyNames(api.Game.prototype).filter((k) => k !== 'constructor' && !k.startsWith('__'));
    assert.deepEqual(d.gameMembers, runtime.sort(), `${file}: Game`);
  }
});

test('nothing public is undocumented: every export of every entry is named in the docs', async () => {
  const docs = ['js-api.md', 'board.md', 'lesson.md', 'puzzle.md', 'frameworks.md'].map((f) => readFileSync(join(root, 'docs', f), 'utf8')).join('\n');
  const entries = { 'xiangqi-wasm': full, 'xiangqi-wasm/rules': rules };
  // The browser modules import in Node (they define their elements only where customElements exists).
  for (const [name, file] of [['xiangqi-wasm/board', 'board.js'], ['xiangqi-wasm/lesson', 'lesson.js'],
    ['xiangqi-wasm/puzzle', 'puzzle.js'], ['xiangqi-wasm/worker', 'engine-client.js']]) {
    entries[name] = await import(`../../pkg/${file}`);
  }
  const missing = [];
  for (const [entry, api] of Object.entries(entries)) {
    for (const k of Object.keys(api)) {
      const shown = k === 'default' ? docs.includes('import init') : new RegExp(`\`[^\`]*\\b${k}\\b[^\`]*\``).test(docs);
      if (!shown) missing.push(`${entry}: ${k}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every option accepts undefined: an option set to undefined is an option not given (as the types say)', () => {
  for (const api of [full, rules]) {
    const game = new api.Game(null, { rules: undefined, moveLimit: undefined, repetitionCount: undefined, mode: undefined,
      checkDiscount: undefined, mateThreatDepth: undefined });
    assert.deepEqual(game.options(), new api.Game().options());
    game.play('h2e2');
    assert.equal(game.pgn({ notation: undefined, notationOptions: { script: undefined, blackDigits: undefined,
      tandem: undefined, traverse: undefined, lowercase: undefined }, headers: undefined, lineWidth: undefined }), game.pgn());
    assert.deepEqual(game.legalMoves({ verbose: undefined, notation: undefined, positionOnly: undefined }), game.legalMoves());
    assert.deepEqual(game.history({ verbose: undefined, notation: undefined }), ['h2e2']);
    assert.deepEqual(game.movesFrom('b9', { positionOnly: undefined, anySide: undefined }), game.movesFrom('b9'));
    game.setOptions({ rules: undefined, moveLimit: 40 });
    assert.equal(game.options().moveLimit, 40);
    assert.equal(new api.Clock({ firstMs: 1000, firstMoves: undefined, thenMs: undefined, thenMoves: undefined,
      carryOver: undefined }).remaining('red'), 1000);
  }
  const game = new full.Game();
  const limits = { depth: 2, timeMs: undefined, nodes: undefined, multiPv: undefined, skill: undefined, seed: undefined };
  assert.equal(typeof game.hint(limits).move, 'string');
  assert.equal(typeof new full.Engine({ hashMb: undefined }).search(game, { depth: 1, timeMs: undefined }).move, 'string');
});

test('a subclass of an exported class is constructed as itself, guarded the same', () => {
  class Lesson extends full.Game {
    firstMove() { return this.history()[0] ?? null; }
  }
  const g = new Lesson();
  g.play('h2e2');
  assert.ok(g instanceof Lesson && g instanceof full.Game);
  assert.equal(g.firstMove(), 'h2e2');
  throwsCode(() => new Lesson('nonsense'), 'ERR_FEN_BOARD');
  g.free();
  throwsCode(() => g.fen(), 'ERR_FREED');
  throwsCode(() => full.perft(g, 1), 'ERR_FREED', /^perft: the Game passed to it has been freed/);
});

test('a hostile argument (a proxy that throws on every trap) is not read by the guard', () => {
  const hostile = new Proxy({}, { get() { throw new Error('boom'); }, getPrototypeOf() { throw new Error('boom'); } });
  const game = new full.Game();
  assert.throws(() => game.play(hostile), (e) => e.name === 'XiangqiError' || e.message === 'boom');
  assert.equal(full.validateFen(hostile).ok, false);
});
