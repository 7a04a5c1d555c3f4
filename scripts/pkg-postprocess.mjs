#!/usr/bin/env node
// Assembles the npm package in pkg/ from the three wasm builds (target/wasm-pack/full/, rules/ and view/,
// made by scripts/build.mjs) and the hand-written files of js/ and src/. It copies (and minifies) files; it never edits the text
// wasm-bindgen generated, so a change in the generator's output cannot break the package silently:
//
//   xiangqi_wasm_bindgen.js, xiangqi_rules_bindgen.js  the generated bindings, minified (not entries)
//   xiangqi_wasm_bg.wasm, xiangqi_rules_bg.wasm        the wasm modules, and xiangqi_view_bg.wasm, the light build
//   xiangqi_view.js, xiangqi_view_bindgen.js           of the board and the record elements (js/board.js chooses)
//   guard.js                                           the layer over the bindings (js/guard.js): ERR_FREED, ERR_BUSY
//   xiangqi_wasm.js, rules.js                          the browser / bundler entries: the bindings' exports, guarded
//                                                      (their names read from the module at run time, here)
//   node.mjs, rules-node.mjs                           the Node ESM entries: the same, initialised from the bytes of
//   xiangqi_wasm_bg.cjs, xiangqi_rules_bg.cjs          (the .wasm, brotli and base64: no file lookup, see below)
//   node.cjs, rules-node.cjs                           the Node CommonJS entries: the ESM ones bundled by rolldown
//   xiangqi_wasm.d.ts, node.d.cts                      src/types.d.ts + src/board.d.ts + js/init.d.ts
//   rules.d.ts, rules.d.cts                            js/rules.d.ts (the .d.cts importing ./node.cjs)
//   board.js, lesson.js, ... (js/)                     the board, the lesson and puzzle embeds, the worker (see JS_FILES)
//   network.nnue                                       the neural evaluation's net (SHIPPED_NET), for loadNetwork
//   README.md, BOARD.md, LESSON.md, PUZZLE.md, ...     the docs (images linked absolutely), and the licences
//   package.json                                       the manifest and the `exports` map
import { readFileSync, writeFileSync, existsSync, copyFileSync, readdirSync, rmSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { WASM_BUILDS } from './wasm-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = join(root, 'pkg');
const REPO = 'https://github.com/xiangqi-wasm/xiangqi-wasm';
const RAW = 'https://raw.githubusercontent.com/xiangqi-wasm/xiangqi-wasm/main';

function fail(msg) {
  console.error(`[pkg-postprocess] ${msg}`);
  process.exit(1);
}

// --- the wasm builds and their entries ----------------------------------------------------------------------------
const read = (...p) => readFileSync(join(root, ...p), 'utf8');
rmSync(pkgDir, { recursive: true, force: true });
mkdirSync(pkgDir);
/** Per build: the entry for browsers and bundlers, the Node entries, the declarations. */
const ENTRIES = {
  full: { web: 'xiangqi_wasm.js', node: 'node', dts: 'xiangqi_wasm.d.ts', dcts: 'node.d.cts', what: 'xiangqi-wasm' },
  rules: { web: 'rules.js', node: 'rules-node', dts: 'rules.d.ts', dcts: 'rules.d.cts', what: 'xiangqi-wasm/rules' },
  // The light build of the board and the record elements (js/board.js chooses it): not an entry, no Node entry
  // (nothing runs it on a server).
  view: { web: 'xiangqi_view.js', node: null, what: 'the light wasm of xiangqi-wasm/board, /lesson and /editor' },
};
const files = new Set();

// --- the package's own JS (js/): the board (`xiangqi-wasm/board`), the lesson embed (`xiangqi-wasm/lesson`), the
// search worker (`xiangqi-wasm/worker`, `xiangqi-wasm/engine-worker.js`), the JSX types (`xiangqi-wasm/jsx`) ------
// guard.js is the entries' layer over the bindings (above). The elements' shared modules are not entry points:
// element-base.js (the one base of the record elements), record-tree.js (a record's tree, no DOM) and record-text.js
// (record text as text nodes); nor are lesson-worker.js (the module worker lesson.js starts for large records), the
// puzzle's puzzle-check.js (its checks, no DOM), puzzle-client.js (where they run) and puzzle-worker.js (the worker
// running them). guard.js, board.js, worker-rpc.js and the elements' files are minified (oxc, through rolldown): the download is
// budgeted (see size.mjs); the readable sources are in js/.
const JS_FILES = ['guard.js', 'wasm-build.js', 'board.js', 'board.d.ts', 'element-base.js', 'record-text.js', 'record-tree.js', 'lesson.js',
  'lesson-worker.js', 'lesson.d.ts', 'puzzle.js', 'puzzle-check.js', 'puzzle-client.js', 'puzzle-worker.js', 'puzzle.d.ts', 'editor.js', 'editor.d.ts', 'engine-client.js', 'engine-worker.js', 'engine-worker.d.ts', 'worker.d.ts', 'worker-rpc.js', 'worker-rpc.d.ts',
  'jsx.js', 'jsx.d.ts', 'elements.d.ts', 'react.js', 'react.d.ts', 'vue.d.ts', 'svelte.d.ts', 'openings.js', 'openings.d.ts',
  'openings-data.json'];
const MINIFIED = { 'guard.js': ['the package\'s guard over the bindings', 'xiangqi_wasm.d.ts', 'README.md'], 'board.js': ['xiangqi-wasm/board', 'board.d.ts', 'BOARD.md'],
  'wasm-build.js': ['xiangqi-wasm/lesson and xiangqi-wasm/editor (the wasm build the board runs on)', 'board.d.ts', 'BOARD.md'],
  'lesson.js': ['xiangqi-wasm/lesson', 'lesson.d.ts', 'LESSON.md'], 'lesson-worker.js': ['xiangqi-wasm/lesson', 'lesson.d.ts', 'LESSON.md'],
  'element-base.js': ['xiangqi-wasm/lesson, xiangqi-wasm/puzzle and xiangqi-wasm/editor', 'lesson.d.ts', 'LESSON.md'],
  'record-tree.js': ['xiangqi-wasm/lesson and xiangqi-wasm/puzzle', 'lesson.d.ts', 'LESSON.md'],
  'record-text.js': ['xiangqi-wasm/lesson, xiangqi-wasm/puzzle and xiangqi-wasm/editor', 'lesson.d.ts', 'LESSON.md'],
  'puzzle.js': ['xiangqi-wasm/puzzle', 'puzzle.d.ts', 'PUZZLE.md'], 'puzzle-check.js': ['xiangqi-wasm/puzzle', 'puzzle.d.ts', 'PUZZLE.md'],
  'puzzle-client.js': ['xiangqi-wasm/puzzle', 'puzzle.d.ts', 'PUZZLE.md'],
  'puzzle-worker.js': ['xiangqi-wasm/puzzle', 'puzzle.d.ts', 'PUZZLE.md'],
  'editor.js': ['xiangqi-wasm/editor', 'editor.d.ts', 'EDITOR.md'],
  'worker-rpc.js': ['xiangqi-wasm/worker-rpc', 'worker-rpc.d.ts', 'README.md'] };
// The net `engine.loadNetwork` / `EngineClient.loadNetwork` can load (`xiangqi-wasm/network.nnue`, NETWORK_URL of
// `xiangqi-wasm/worker`): an asset, fetched by whoever wants it, never by an entry. Trained by this project on its own
// games (docs/strength.md); its training log and provenance are beside it.
const SHIPPED_NET = 'tests/data/nnue/psq64-set12-3896k.nnue';
copyFileSync(join(root, SHIPPED_NET), join(pkgDir, 'network.nnue'));
files.add('network.nnue');

const { minifySync } = await import('rolldown/utils');
for (const f of JS_FILES) {
  files.add(f);
  if (!MINIFIED[f]) {
    copyFileSync(join(root, 'js', f), join(pkgDir, f));
    continue;
  }
  const [what, types, docs] = MINIFIED[f];
  const min = minifySync(f, read('js', f), { compress: true, mangle: true });
  if (min.errors?.length) fail(`minifying js/${f}: ${min.errors.map((e) => e.message).join('; ')}`);
  writeFileSync(join(pkgDir, f), `// ${what} (minified from js/${f}; types in ${types}, docs in ${docs})\n${min.code}`);
}

for (const { name, outName } of WASM_BUILDS) {
  const built = join(root, 'target', 'wasm-pack', name);
  const { web, node, what } = ENTRIES[name];
  // (the builds with a board, whose .wasm board.js starts compiling early)
  const early = name !== 'rules';
  const bindings = `${outName}_bindgen.js`;
  const wasm = `${outName}_bg.wasm`;
  if (!existsSync(join(built, `${outName}.js`))) fail(`no ${outName}.js in ${built}: run node scripts/build.mjs`);
  // Minified like the package's own JS (half the bindings' gzip size: mostly doc comments), keeping names.
  const min = minifySync(bindings, readFileSync(join(built, `${outName}.js`), 'utf8'),
    { compress: { keepNames: { function: true, class: true } }, mangle: { keepNames: true } });
  if (min.errors?.length) fail(`minifying ${outName}.js: ${min.errors.map((e) => e.message).join('; ')}`);
  writeFileSync(join(pkgDir, bindings), `// The bindings of ${outName}_bg.wasm, generated by wasm-bindgen (minified; the package's entry is ${web})\n${min.code}`);
  copyFileSync(join(built, wasm), join(pkgDir, wasm));
  // The export names, from the module itself (importing the bindings runs no wasm).
  const names = Object.keys(await import(pathToFileURL(join(pkgDir, bindings)).href)).filter((k) => k !== 'default');
  for (const k of names) if (!/^[A-Za-z_$][\w$]*$/.test(k)) fail(`${bindings}: unexpected export ${k}`);
  writeFileSync(join(pkgDir, web), `// ${what}: the entry for browsers and bundlers (written by scripts/pkg-postprocess.mjs): the bindings
// wasm-bindgen generated (${bindings}), with typed errors for freed and busy objects (guard.js).
// Call \`await init()\` once before anything else.
import * as bindings from './${bindings}';
import { guard${early ? ', withEarlyModule' : ''} } from './guard.js';

const api = guard(bindings);
${name === 'full' ? `// The page uses xiangqi-wasm: the board and the elements run on this build too (board.js), one .wasm for all.
globalThis[Symbol.for('xiangqi-wasm.full')] ??= api;
` : ''}
${early ? `// init() takes the .wasm xiangqi-wasm/board started compiling when it was imported, if any (guard.js).
export default withEarlyModule(api.default, () => new URL('./${wasm}', import.meta.url));` : 'export default api.default;'}
export const { ${names.join(', ')} } = api;
`);
  for (const f of [bindings, wasm, web]) files.add(f);
  if (!node) continue;
  // The Node entries take the wasm from a module, not from a file next to them: a server bundler (Next.js's webpack
  // and Turbopack, esbuild or Rollup bundling a server) rewrites `readFileSync(new URL('./x.wasm', import.meta.url))`
  // into something fs cannot read (a relative URL object, a path in the build output) or leaves the .wasm behind, and
  // a bundled module is carried along by every bundler. The bytes are brotli-compressed (zlib, part of Node), base64
  // in a CommonJS module, so the ESM and the CommonJS entry share one copy (about 1.3 × the .wasm's gzip size; 2-3 ms
  // to decode).
  const embedded = `${outName}_bg.cjs`;
  const bytes = readFileSync(join(pkgDir, wasm));
  const br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  writeFileSync(join(pkgDir, embedded), `// ${wasm} (${bytes.length} bytes), brotli-compressed and base64, for the Node entries of ${what} (written by
// scripts/pkg-postprocess.mjs; the same bytes as ${wasm}, which browsers fetch).
module.exports = ${JSON.stringify(br.toString('base64'))};
`);
  writeFileSync(join(pkgDir, `${node}.mjs`), `// ${what} in Node (ESM; written by scripts/pkg-postprocess.mjs): ${web}, initialised synchronously from the
// wasm bytes in ${embedded}, so \`await init()\` is optional. Bundled into a server (Next.js, Nuxt, SvelteKit, ...), it
// needs no configuration: no file is looked up at run time.
import { Buffer } from 'node:buffer';
import { brotliDecompressSync } from 'node:zlib';
import wasmBase64 from './${embedded}';
import { initSync } from './${web}';

initSync({ module: brotliDecompressSync(Buffer.from(wasmBase64, 'base64')) });

export * from './${web}';
export { default } from './${web}';
`);
  for (const f of [embedded, `${node}.mjs`, `${node}.cjs`]) files.add(f);
}

// The CommonJS entries: the ESM ones bundled by rolldown (import.meta.url becomes the file's URL).
const { build } = await import('rolldown');
for (const { name } of WASM_BUILDS) {
  const { node } = ENTRIES[name];
  if (!node) continue;
  await build({
    input: join(pkgDir, `${node}.mjs`), platform: 'node', logLevel: 'warn',
    // The wasm module stays a file of its own, shared with the ESM entry.
    external: (id) => /_bg\.cjs$/.test(id),
    output: { file: join(pkgDir, `${node}.cjs`), format: 'cjs', exports: 'named',
      banner: `// ${ENTRIES[name].what} in Node (CommonJS): ${node}.mjs bundled by rolldown (scripts/pkg-postprocess.mjs).` },
  });
}

// --- declarations -------------------------------------------------------------------------------------------------
// The package's: the API (src/types.d.ts), the board painter (src/board.d.ts), loading (js/init.d.ts). The same text
// serves ESM (xiangqi_wasm.d.ts) and CommonJS (node.d.cts). No DOM name is required (tests/package/ compiles them
// with lib es2022 alone).
const dts = `// Types of xiangqi-wasm (joined by scripts/pkg-postprocess.mjs from src/types.d.ts, src/board.d.ts, js/init.d.ts).\n\n`
  + `${read('src', 'types.d.ts')}\n${read('src', 'board.d.ts')}\n${read('js', 'init.d.ts')}`;
writeFileSync(join(pkgDir, 'xiangqi_wasm.d.ts'), dts);
writeFileSync(join(pkgDir, 'node.d.cts'), dts);
const rulesDts = read('js', 'rules.d.ts');
if (!rulesDts.includes('"./xiangqi_wasm.js"')) fail('js/rules.d.ts does not import "./xiangqi_wasm.js"');
writeFileSync(join(pkgDir, 'rules.d.ts'), rulesDts);
writeFileSync(join(pkgDir, 'rules.d.cts'), rulesDts.replaceAll('"./xiangqi_wasm.js"', '"./node.cjs"'));
for (const f of ['xiangqi_wasm.d.ts', 'node.d.cts', 'rules.d.ts', 'rules.d.cts']) files.add(f);

// --- docs and licences --------------------------------------------------------------------------------------------
// The npm README is the JS API guide. Links to files the package does not ship (the docs' images, other pages of
// docs/) point to the repository.
const shipped = { 'js-api.md': 'README.md', 'board.md': 'BOARD.md', 'lesson.md': 'LESSON.md', 'puzzle.md': 'PUZZLE.md', 'editor.md': 'EDITOR.md', 'frameworks.md': 'FRAMEWORKS.md',
  'openings.md': 'OPENINGS.md' };
for (const [src, dst] of Object.entries(shipped)) {
  const text = read('docs', src).replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, bang, label, target) => {
    if (/^(https?:|mailto:|#)/.test(target) || Object.values(shipped).includes(target)) return whole;
    const [path, hash = ''] = target.split('#');
    // Another page the package ships: its name in the package (docs/board.md's js-api.md#bundlers -> README.md#bundlers).
    if (shipped[path]) return `${bang}[${label}](${shipped[path]}${hash ? `#${hash}` : ''})`;
    const base = bang || /\.(png|jpe?g|svg|gif|webp)$/i.test(path) ? `${RAW}/docs/` : `${REPO}/blob/main/docs/`;
    return `${bang}[${label}](${new URL(path, base).href}${hash ? `#${hash}` : ''})`;
  });
  writeFileSync(join(pkgDir, dst), text);
  files.add(dst);
}
for (const f of readdirSync(root)) {
  if (/^LICEN[CS]E/i.test(f) || f === 'CHANGELOG.md') {
    copyFileSync(join(root, f), join(pkgDir, f));
    files.add(f);
  }
}

// --- package.json -------------------------------------------------------------------------------------------------
const { packages } = JSON.parse(execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--offline'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
const version = packages.find((p) => p.name === 'xiangqi-wasm').version;
const out = {
  name: 'xiangqi-wasm',
  version,
  description: 'Xiangqi (Chinese chess) for JavaScript and TypeScript, in WebAssembly: legal moves, every ending and '
    + 'repetition ruling (AXF and CXA), WXF / Chinese notation, PGN and DhtmlXQ records, a game clock, a hint engine in '
    + 'a Web Worker, and a canvas board web component',
  keywords: ['xiangqi', 'chinese-chess', 'chess', 'board', 'web-component', 'custom-element', 'pgn', 'dhtmlxq', 'wxf',
    'move-validation', 'chess-engine', 'webassembly', 'wasm', 'typescript', '象棋', '中国象棋'],
  homepage: `${REPO}#readme`,
  bugs: { url: `${REPO}/issues` },
  repository: { type: 'git', url: `git+${REPO}.git` },
  license: 'MIT OR Apache-2.0',
  type: 'module',
  files: [...files].sort(),
  // For resolvers without `exports` (TypeScript's node10, old bundlers): the CommonJS entry and its types.
  main: './node.cjs',
  types: './node.d.cts',
  exports: {
    '.': {
      node: {
        import: { types: './xiangqi_wasm.d.ts', default: './node.mjs' },
        require: { types: './node.d.cts', default: './node.cjs' },
      },
      types: './xiangqi_wasm.d.ts',
      default: './xiangqi_wasm.js',
    },
    './rules': {
      node: {
        import: { types: './rules.d.ts', default: './rules-node.mjs' },
        require: { types: './rules.d.cts', default: './rules-node.cjs' },
      },
      types: './rules.d.ts',
      default: './rules.js',
    },
    // Browser modules, ESM only (they import on a server too, and define nothing there).
    './board': { types: './board.d.ts', default: './board.js' },
    './lesson': { types: './lesson.d.ts', default: './lesson.js' },
    './puzzle': { types: './puzzle.d.ts', default: './puzzle.js' },
    './editor': { types: './editor.d.ts', default: './editor.js' },
    './worker': { types: './worker.d.ts', default: './engine-client.js' },
    './worker-rpc': { types: './worker-rpc.d.ts', default: './worker-rpc.js' },
    // The opening explorer (no wasm) and its data, an asset (fetched by loadOpenings, or read by a server).
    './openings': { types: './openings.d.ts', default: './openings.js' },
    './openings-data.json': './openings-data.json',
    // The neural evaluation's net, an asset (fetched with NETWORK_URL, or read by a server).
    './network.nnue': './network.nnue',
    './engine-worker.js': { types: './engine-worker.d.ts', default: './engine-worker.js' },
    // Types only: the custom elements for React's JSX (jsx.js is empty), Vue's templates and Svelte (jsx.js serves
    // a runtime import of the types-only entries too).
    './jsx': { types: './jsx.d.ts', default: './jsx.js' },
    './vue': { types: './vue.d.ts', default: './jsx.js' },
    './svelte': { types: './svelte.d.ts', default: './jsx.js' },
    // The elements as React components ("use client"; React is an optional peer dependency).
    './react': { types: './react.d.ts', default: './react.js' },
    // The web entry itself (needs `await init()`, also in Node): public, for import maps and for code that wants the
    // browser entry explicitly, e.g. in a test runner that resolves with the node condition.
    './xiangqi_wasm.js': { types: './xiangqi_wasm.d.ts', default: './xiangqi_wasm.js' },
    // The .wasm files, for bundlers that need them copied or imported as URLs (docs/js-api.md, "Bundlers").
    './xiangqi_wasm_bg.wasm': './xiangqi_wasm_bg.wasm',
    './xiangqi_rules_bg.wasm': './xiangqi_rules_bg.wasm',
    './xiangqi_view_bg.wasm': './xiangqi_view_bg.wasm',
    './package.json': './package.json',
  },
  // The entries patch the bindings' classes (guard.js); board.js defines <xiangqi-board> when imported, lesson.js
  // <xiangqi-lesson> (and the board), puzzle.js <xiangqi-puzzle>, editor.js <xiangqi-editor>; the Node entries load the wasm.
  sideEffects: ['./xiangqi_wasm.js', './rules.js', './node.mjs', './node.cjs', './rules-node.mjs', './rules-node.cjs',
    './board.js', './lesson.js', './puzzle.js', './editor.js'],
  engines: { node: '>=20' },
  // Only `xiangqi-wasm/react` imports React; nothing else needs it.
  peerDependencies: { react: '>=18' },
  peerDependenciesMeta: { react: { optional: true } },
};
for (const f of out.files) if (!existsSync(join(pkgDir, f))) fail(`${f} is listed but not in pkg/`);
writeFileSync(join(pkgDir, 'package.json'), `${JSON.stringify(out, null, 2)}\n`);
console.error(`[pkg-postprocess] assembled pkg/ (${out.files.length} files)`);
