#!/usr/bin/env node
// Turns wasm-pack's `--target web` output in pkg/ into one package for every environment:
//
//   pkg/xiangqi_wasm.js  browser / bundler entry (call `await init()` once, or let a bundler do it)
//   pkg/node.mjs         Node ESM entry: reads the .wasm with fs and calls initSync, so no init() is needed
//   pkg/node.cjs         Node CommonJS entry: the same glue rewritten to CommonJS, initialised the same way
//
// and an `exports` map: types -> .d.ts, node (import / require) -> the Node entries, default -> web entry.
import { readFileSync, writeFileSync, existsSync, copyFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = join(root, 'pkg');
const NAME = 'xiangqi_wasm';
// `console.log(game)` in Node (and Deno, Bun) shows `game.toString()`, not the wasm handle: the runtimes look up
// this registered symbol on the prototype; browsers ignore it.
const INSPECT_HOOK = `
// Added by scripts/pkg-postprocess.mjs: what console.log shows in Node, Deno and Bun.
Game.prototype[Symbol.for('nodejs.util.inspect.custom')] = function inspect() { return this.__wbg_ptr ? this.toString() : 'Game (freed)'; };
`;
// wasm-bindgen's own checks throw plain Errors: a method of a freed object ("null pointer passed to rust"), a
// method called while the same object is busy, e.g. engine.search inside its own onProgress ("recursive use of
// an object detected ..."), free() while busy ("attempted to take ownership ..."), a parameter typed with a class
// given anything else ("expected instance of Game", which becomes ERR_ARGUMENT). This wraps every method of the
// exported classes so that those become XiangqiErrors with the codes ERR_FREED and ERR_BUSY (docs/js-api.md),
// and makes free() / [Symbol.dispose]() during a call on the same object (inside onProgress) deferred: the object
// counts as freed at once (every later call throws ERR_FREED) and its memory is released when the call returns.
const BOUNDARY_CLASSES = ['Game', 'Engine', 'Clock', 'BoardView', 'RecordReader'];
const BOUNDARY_GUARD = `
// Added by scripts/pkg-postprocess.mjs: typed errors for freed and busy objects (ERR_FREED, ERR_BUSY).
const __xqBusy = Symbol('xiangqi busy'), __xqFreed = Symbol('xiangqi freed');
function __xqError(code, message) {
  const e = new Error(message);
  e.name = 'XiangqiError';
  e.code = code;
  return e;
}
function __xqFreedObject(a) {
  return (${BOUNDARY_CLASSES.map((c) => `a instanceof ${c}`).join(' || ')}) && (a[__xqFreed] || !a.__wbg_ptr);
}
// Only on the error path (nothing is added to a call that succeeds): a call that failed with a freed object among
// its arguments failed because of it (wasm-bindgen's null pointer, or a typed error of the Rust code reading it).
// Methods and static functions reach it through the wrappers below; constructors and module functions through
// their own throw statements, rewritten by this script (guardThrows), so that they have no wrapper at all.
function __xqTranslate(e, where, args) {
  const freed = args.find(__xqFreedObject);
  if (freed) return __xqError('ERR_FREED', \`\${where}: the \${freed.constructor.name} passed to it has been freed (free() or [Symbol.dispose]())\`);
  if (!(e instanceof Error) || e.name === 'XiangqiError' || typeof e.message !== 'string') return e;
  if (e.message.startsWith('null pointer passed to rust')) {
    return __xqError('ERR_FREED', \`\${where}: an object passed to it has been freed (free() or [Symbol.dispose]())\`);
  }
  if (e.message.startsWith('recursive use of an object') || e.message.startsWith('attempted to take ownership')) {
    return __xqError('ERR_BUSY', \`\${where}: the object is busy (called from inside one of its own calls, e.g. from onProgress); call it after that call returns\`);
  }
  // A class-typed parameter (engine.start(game), engine.analyse(game)) given something else.
  const expected = /^expected instance of (\\w+)/.exec(e.message);
  if (expected) return __xqError('ERR_ARGUMENT', \`\${where}: expected a \${expected[1]}\`);
  return e;
}
// validateFen never throws: a freed object is reported in its answer, with the code ERR_FREED (only checked when
// the answer is not ok).
function __xqValidation(r, where, args) {
  const freed = args.find(__xqFreedObject);
  if (!freed) return r;
  return { ok: false, errors: [{ code: 'ERR_FREED', message: \`\${where}: the \${freed.constructor.name} passed to it has been freed (free() or [Symbol.dispose]())\` }] };
}
for (const [cls, name] of [${BOUNDARY_CLASSES.map((c) => `[${c}, '${c}']`).join(', ')}]) {
  const proto = cls.prototype;
  const rawFree = proto.free;
  for (const key of Object.getOwnPropertyNames(proto)) {
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (key === 'constructor' || key === 'free' || key.startsWith('__') || typeof d.value !== 'function') continue;
    const f = d.value;
    const where = \`\${name}.\${key}\`;
    proto[key] = { [key](...args) {
      if (this[__xqFreed] || !this.__wbg_ptr) throw __xqError('ERR_FREED', \`\${where}: this \${name} has been freed (free() or [Symbol.dispose]())\`);
      this[__xqBusy] = (this[__xqBusy] ?? 0) + 1;
      try {
        return f.apply(this, args);
      } catch (e) {
        throw __xqTranslate(e, where, args);
      } finally {
        if (--this[__xqBusy] === 0 && this[__xqFreed]) rawFree.call(this);
      }
    } }[key];
  }
  for (const key of Object.getOwnPropertyNames(cls)) {
    const f = cls[key];
    if (typeof f !== 'function' || key.startsWith('__') || ['length', 'name', 'prototype'].includes(key)) continue;
    const where = \`\${name}.\${key}\`;
    cls[key] = { [key](...args) {
      try {
        return f.apply(this, args);
      } catch (e) {
        throw __xqTranslate(e, where, args);
      }
    } }[key];
  }
  // free() twice, or on a freed object, does nothing; during a call on the same object it is deferred.
  proto.free = function free() {
    if (this[__xqFreed] || !this.__wbg_ptr) return;
    if (this[__xqBusy]) {
      this[__xqFreed] = true;
      return;
    }
    rawFree.call(this);
  };
  if (Symbol.dispose) proto[Symbol.dispose] = proto.free;
}
`;
let glue = readFileSync(join(pkgDir, `${NAME}.js`), 'utf8');
if (!glue.includes("Symbol.for('nodejs.util.inspect.custom')")) {
  if (!/^export class Game \{/m.test(glue)) fail('no `export class Game` in the glue: update the inspect hook');
  glue += INSPECT_HOOK;
  writeFileSync(join(pkgDir, `${NAME}.js`), glue);
}
if (!glue.includes('typed errors for freed and busy objects')) {
  for (const c of BOUNDARY_CLASSES) {
    if (!new RegExp(`^export class ${c} \\{`, 'm').test(glue)) fail(`no \`export class ${c}\` in the glue: update the boundary guard`);
  }
  if (!glue.includes('null pointer passed to rust') && !glue.includes('__wbindgen_throw')) fail('the glue has no __wbindgen_throw: update the boundary guard');
  if (/_assertClass\(/.test(glue) && !glue.includes('expected instance of ')) fail('_assertClass no longer says "expected instance of": update the boundary guard');
  glue = guardThrows(glue);
  glue += BOUNDARY_GUARD;
  writeFileSync(join(pkgDir, `${NAME}.js`), glue);
}

// Constructors and module functions: each `throw takeFromExternrefTable0(ret[N]);` (how the glue throws the error
// a Rust function returned) becomes `throw __xqTranslate(..., where, [arguments])`, so that a freed object among
// the arguments gives ERR_FREED, as for methods. Nothing runs on the success path. validateFen, which answers
// instead of throwing, reports a freed argument in its answer. Fails when the glue's shape changed.
function guardThrows(text) {
  const THROW = /throw takeFromExternrefTable0\((ret\[\d+\])\);/g;
  const patch = (body, where, params) => {
    const list = params.split(',').map((p) => p.trim()).filter(Boolean);
    if (!list.every((p) => /^[A-Za-z_$][\w$]*$/.test(p))) fail(`${where}: unexpected parameters ${params}`);
    return body.replace(THROW, (_, r) => `throw __xqTranslate(takeFromExternrefTable0(${r}), '${where}', [${list.join(', ')}]);`);
  };
  let constructors = 0;
  let functions = 0;
  text = text.replace(/^export class (\w+) \{\n[\s\S]*?^\}$/gm, (cls, name) => {
    if (!BOUNDARY_CLASSES.includes(name)) fail(`class ${name} is not in BOUNDARY_CLASSES: add it to the boundary guard`);
    return cls.replace(/^ {4}constructor\(([^)]*)\) \{\n[\s\S]*?^ {4}\}$/m, (ctor, params) => {
      constructors++;
      return patch(ctor, `new ${name}`, params);
    });
  });
  text = text.replace(/^export function (\w+)\(([^)]*)\) \{\n[\s\S]*?^\}$/gm, (fn, name, params) => {
    functions++;
    if (name === 'validateFen') {
      if (!/^ {4}return ret;$/m.test(fn)) fail('validateFen: unexpected glue, update the boundary guard');
      return fn.replace(/^ {4}return ret;$/m, `    return ret.ok ? ret : __xqValidation(ret, 'validateFen', [${params}]);`);
    }
    return patch(fn, name, params);
  });
  if (constructors !== BOUNDARY_CLASSES.length) fail(`${constructors} constructors found for ${BOUNDARY_CLASSES.length} classes: update the boundary guard`);
  if (functions < 5) fail(`only ${functions} module functions found: update the boundary guard`);
  // Every throw of a returned error outside the methods (which the wrappers cover) is translated.
  const untranslated = [...text.matchAll(/^(export function \w+|    constructor)\([^)]*\) \{\n(?:(?!^\}$|^    \}$)[\s\S])*?throw takeFromExternrefTable0/gm)];
  if (untranslated.length) fail(`untranslated throw in ${untranslated.map((m) => m[1]).join(', ')}`);
  return text;
}

function fail(msg) {
  console.error(`[pkg-postprocess] ${msg}`);
  process.exit(1);
}

// --- CommonJS glue: a strict line-based rewrite of the ESM glue wasm-bindgen emits ---------------------
const exported = []; // [exportName, localName]
let sawExportList = false;
const cjsLines = glue.split('\n').map((line) => {
  let m;
  if ((m = /^export (class|function|const|let) ([A-Za-z_$][\w$]*)/.exec(line))) {
    exported.push([m[2], m[2]]);
    return line.slice('export '.length);
  }
  if ((m = /^export \{(.*)\};?\s*$/.exec(line))) {
    sawExportList = true;
    for (const part of m[1].split(',')) {
      const [local, as] = part.trim().split(/\s+as\s+/);
      exported.push([as ?? local, local]);
    }
    return '';
  }
  return line.replaceAll('import.meta.url', "require('node:url').pathToFileURL(__filename).href");
});
const cjsBody = cjsLines.join('\n');
if (!sawExportList) fail('the glue has no `export { ... }` list: wasm-bindgen output changed, update this script');
if (/^\s*(import|export)\b/m.test(cjsBody) || cjsBody.includes('import.meta')) {
  fail('ESM syntax left in the CommonJS glue: wasm-bindgen output changed, update this script');
}
const cjs = `'use strict';
// Generated by scripts/pkg-postprocess.mjs from ${NAME}.js (wasm-bindgen --target web): the same glue as
// CommonJS, initialised synchronously from the .wasm next to it. Do not edit.
${cjsBody}
initSync({ module: require('node:fs').readFileSync(require('node:path').join(__dirname, '${NAME}_bg.wasm')) });
${exported.map(([as, local]) => `exports[${JSON.stringify(as)}] = ${local};`).join('\n')}
`;
writeFileSync(join(pkgDir, 'node.cjs'), cjs);

// --- Node ESM entry ------------------------------------------------------------------------------------------
writeFileSync(join(pkgDir, 'node.mjs'), `// Node ESM entry (generated by scripts/pkg-postprocess.mjs): the web glue, initialised synchronously
// from the .wasm next to it with fs, so \`await init()\` is optional in Node.
import { readFileSync } from 'node:fs';
import { initSync } from './${NAME}.js';

initSync({ module: readFileSync(new URL('./${NAME}_bg.wasm', import.meta.url)) });

export * from './${NAME}.js';
export { default } from './${NAME}.js';
`);

// --- .d.ts: the raw wasm exports in InitOutput are typed `any` by wasm-bindgen; `unknown` keeps `any` out of the
// public surface (nobody should call them). ---------------------------------------------------------------------
const dtsPath = join(pkgDir, `${NAME}.d.ts`);
const dts = readFileSync(dtsPath, 'utf8').replace(/export interface InitOutput \{[\s\S]*?\n\}/, (block) => block.replace(/\bany\b/g, 'unknown'));
writeFileSync(dtsPath, dts);
// The Node entries' declarations: the same, but the arguments of init() / initSync() typed without the DOM's
// names (RequestInfo, Response, BufferSource, WebAssembly.*), so that a Node project compiles them with
// `lib: ["es2022"]` and no @types/node. One for `import` (node.d.mts), one for `require` (node.d.cts).
const nodeDts = dts
  .replace(/export type InitInput = [^;]*;/, 'export type InitInput = string | ArrayBuffer | ArrayBufferView | object;')
  .replace(/export type SyncInitInput = [^;]*;/, 'export type SyncInitInput = ArrayBuffer | ArrayBufferView | object;')
  .replace(/WebAssembly\.(Memory|Table)\b/g, 'unknown')
  .replace(/WebAssembly\.Module\b/g, 'object')
  // BoardView (the canvas board painter) is for browsers; in the Node declarations its canvases are objects.
  .replace(/\bHTMLCanvasElement\b/g, 'object');
for (const name of ['RequestInfo', 'Response', 'BufferSource', 'WebAssembly', 'HTML\\w*', '\\w*Canvas\\w*', 'Document', 'Window']) {
  if (new RegExp(`\\b${name}\\b`).test(nodeDts.replace(/\/\*[\s\S]*?\*\//g, ''))) fail(`${name} left in the Node declarations`);
}
writeFileSync(join(pkgDir, 'node.d.mts'), nodeDts);
writeFileSync(join(pkgDir, 'node.d.cts'), nodeDts);

// --- the package's own JS (js/): the board (`xiangqi-wasm/board`), the lesson embed (`xiangqi-wasm/lesson`) and
// the search worker (`xiangqi-wasm/worker`), and the RPC of the workers (`xiangqi-wasm/worker-rpc`) -------------
// board.js and lesson.js are minified (oxc, through rolldown): the board's share of the download is budgeted (see
// size.mjs); the readable sources are in js/ in the repository. The worker files are copied as they are.
// lesson-read.js (reading a record, no DOM) and lesson-worker.js (the module worker lesson.js starts for large
// records) are the lesson's own modules, not entry points.
const JS_FILES = ['board.js', 'board.d.ts', 'lesson.js', 'lesson-read.js', 'lesson-worker.js', 'lesson.d.ts',
  'engine-client.js', 'engine-worker.js', 'worker.d.ts', 'worker-rpc.js', 'worker-rpc.d.ts'];
for (const f of JS_FILES) copyFileSync(join(root, 'js', f), join(pkgDir, f));
for (const [file, what, types, docs] of [['board.js', 'xiangqi-wasm/board', 'board.d.ts', 'README.md'],
  ['lesson.js', 'xiangqi-wasm/lesson', 'lesson.d.ts', 'LESSON.md'], ['lesson-read.js', 'xiangqi-wasm/lesson', 'lesson.d.ts', 'LESSON.md'],
  ['lesson-worker.js', 'xiangqi-wasm/lesson', 'lesson.d.ts', 'LESSON.md']]) {
  const { minifySync } = await import('rolldown/utils');
  const source = readFileSync(join(root, 'js', file), 'utf8');
  const min = minifySync(file, source, { compress: true, mangle: true });
  if (min.errors?.length) fail(`minifying js/${file}: ${min.errors.map((e) => e.message).join('; ')}`);
  writeFileSync(join(pkgDir, file), `// ${what} (minified from js/${file}; types in ${types}, docs in ${docs})\n${min.code}`);
}

// --- package.json ---------------------------------------------------------------------------------------------
const pj = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const files = new Set(pj.files ?? []);
for (const f of [`${NAME}_bg.wasm`, `${NAME}.js`, `${NAME}.d.ts`, `${NAME}_bg.wasm.d.ts`, 'node.mjs', 'node.cjs', 'node.d.mts', 'node.d.cts', 'README.md']) {
  files.add(f);
}
for (const f of JS_FILES) files.add(f);
// The npm README is the JS API guide; licence files are copied when the repository has them.
copyFileSync(join(root, 'docs', 'js-api.md'), join(pkgDir, 'README.md'));
copyFileSync(join(root, 'docs', 'board.md'), join(pkgDir, 'BOARD.md'));
files.add('BOARD.md');
copyFileSync(join(root, 'docs', 'lesson.md'), join(pkgDir, 'LESSON.md'));
files.add('LESSON.md');
for (const f of readdirSync(root)) {
  if (/^LICEN[CS]E/i.test(f)) {
    copyFileSync(join(root, f), join(pkgDir, f));
    files.add(f);
  }
}
const out = {
  name: pj.name,
  version: pj.version,
  description: pj.description,
  license: pj.license,
  repository: pj.repository,
  keywords: pj.keywords,
  type: 'module',
  files: [...files].sort(),
  main: './node.cjs',
  module: `./${NAME}.js`,
  browser: `./${NAME}.js`,
  types: `./${NAME}.d.ts`,
  exports: {
    '.': {
      node: {
        import: { types: './node.d.mts', default: './node.mjs' },
        require: { types: './node.d.cts', default: './node.cjs' },
      },
      types: `./${NAME}.d.ts`,
      default: `./${NAME}.js`,
    },
    './board': { types: './board.d.ts', default: './board.js' },
    './lesson': { types: './lesson.d.ts', default: './lesson.js' },
    './worker': { types: './worker.d.ts', default: './engine-client.js' },
    './worker-rpc': { types: './worker-rpc.d.ts', default: './worker-rpc.js' },
    './engine-worker.js': './engine-worker.js',
    // The web glue itself (needs `await init()`, also in Node): public, for code that wants the browser entry
    // explicitly, e.g. in a test runner that resolves with the node condition.
    [`./${NAME}.js`]: { types: `./${NAME}.d.ts`, default: `./${NAME}.js` },
    [`./${NAME}_bg.wasm`]: `./${NAME}_bg.wasm`,
    './package.json': './package.json',
  },
  // board.js defines the <xiangqi-board> custom element when imported, lesson.js <xiangqi-lesson> (and the board).
  sideEffects: ['./node.mjs', './node.cjs', './board.js', './lesson.js'],
  engines: { node: '>=20' },
};
writeFileSync(join(pkgDir, 'package.json'), JSON.stringify(out, null, 2) + '\n');
if (!existsSync(join(pkgDir, `${NAME}_bg.wasm`))) fail('no .wasm in pkg/');
console.error(`[pkg-postprocess] wrote node.mjs, node.cjs (${exported.length} exports) and package.json`);
