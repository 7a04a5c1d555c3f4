// The npm package as users get it: `npm pack` of pkg/, installed offline from the tarball into a fresh consumer
// project, then (a) imported from Node ESM and required from CommonJS, (b) bundled by Vite and run in Chromium,
// (c) imported by a plain HTML page with <script type="module"> (and an import map) from a static server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../support/data.mjs';
import { serve, launch, openReady } from '../support/browser.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let work;
let consumer;
let browser;
let tarball;

// The app used by the Vite and plain-HTML checks: plays a move, checks an error, reports through the DOM.
const APP = (specifier) => `import init, { Game, validateFen, startFen } from '${specifier}';
init().then(() => {
  const game = new Game();
  const n = game.legalMoves().length;
  game.play('h2e2');
  let code = null;
  try { game.play('b9d8'); } catch (e) { code = e.name + ':' + e.code + ':' + e.reasonCode; }
  const out = { n, fen: game.fen(), code, ok: validateFen(startFen()).ok };
  document.getElementById('out').textContent = JSON.stringify(out);
  document.body.dataset.ready = 'true';
}).catch((e) => {
  document.getElementById('out').textContent = String(e && e.stack || e);
  document.body.dataset.ready = 'error';
});
`;
/** What `loadNetwork` says of the package's net: tests/data/nnue/psq64-set12-3896k.nnue (its .provenance). */
const SHIPPED_NET = { features: 'psq', ft: 64, l1: 16, checksum: '89d252a019281c56' };
const EXPECTED = {
  n: 44,
  fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1',
  code: 'XiangqiError:ERR_ILLEGAL_MOVE:horseLegBlocked',
  ok: true,
};

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'package.json')), 'pkg/ missing: run node scripts/build.mjs');
  work = mkdtempSync(join(tmpdir(), 'xiangqi-consumer-'));
  const packOut = execFileSync(npm, ['pack', join(root, 'pkg'), '--pack-destination', work, '--json', '--silent'],
    { cwd: work, encoding: 'utf8' });
  const [info] = JSON.parse(packOut);
  tarball = join(work, info.filename);
  const files = info.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'README.md', 'node.cjs', 'node.mjs', 'xiangqi_wasm.d.ts', 'xiangqi_wasm.js',
    'xiangqi_wasm_bg.wasm', 'board.js', 'board.d.ts', 'element-base.js', 'lesson.js', 'record-tree.js', 'lesson-worker.js', 'lesson.d.ts', 'LESSON.md', 'editor.js', 'editor.d.ts', 'EDITOR.md', 'engine-client.js',
    'engine-worker.js', 'worker.d.ts']) {
    assert.ok(files.includes(f), `tarball lacks ${f}: ${files}`);
  }
  // One neural net, the one the repository's docs measure (docs/strength.md), as an asset of its own.
  assert.deepEqual(files.filter((f) => /\.nnue$/.test(f)), ['network.nnue']);
  consumer = join(work, 'app');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '1.0.0' }));
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, info.filename)],
    { cwd: consumer, stdio: 'inherit' });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (work && !process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
});

function runNode(file, source) {
  writeFileSync(join(consumer, file), source);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' }));
}

test('(a) Node 20 ESM import, no init() needed', () => {
  const out = runNode('esm.mjs', `import { Game, perft, startFen } from 'xiangqi-wasm';
import init from 'xiangqi-wasm';
const g = new Game();
g.play('h2e2');
let err; try { g.play('zz'); } catch (e) { err = e; }
await init(); // harmless in Node
console.log(JSON.stringify({ n: new Game().legalMoves().length, fen: g.fen(), perft: perft(startFen(), 2),
  code: err.code, isError: err instanceof Error }));
`);
  assert.deepEqual(out, { n: 44, fen: EXPECTED.fen, perft: 1920, code: 'ERR_MOVE_SYNTAX', isError: true });
});

test('(a) Node 20 CommonJS require', () => {
  const out = runNode('cjs.cjs', `const { Game, validateFen, isXiangqiError } = require('xiangqi-wasm');
const g = new Game();
let err; try { new Game('4k4/9/9/9/9/9/9/9/9/4K4 w'); } catch (e) { err = e; }
console.log(JSON.stringify({ n: g.legalMoves().length, code: err.code, guard: isXiangqiError(err),
  ok: validateFen(g.fen()).ok, dests: g.dests().get('b0') }));
`);
  assert.deepEqual(out, { n: 44, code: 'ERR_FEN_GENERALS_FACING', guard: true, ok: true, dests: ['a2', 'c2'] });
});

test('(a) the package\'s net loads in Node (found by ESM and CommonJS resolution), and `network: false` leaves it aside', () => {
  const out = runNode('net.mjs', `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { Engine, Game } from 'xiangqi-wasm';
const file = fileURLToPath(import.meta.resolve('xiangqi-wasm/network.nnue'));
const engine = new Engine();
const info = engine.loadNetwork(readFileSync(file));
const game = new Game();
const search = (limits) => { engine.newGame(); return engine.search(game, { depth: 5, ...limits }); };
const net = search({});
const hand = search({ network: false });
engine.unloadNetwork();
const plain = search({});
console.log(JSON.stringify({ same: createRequire(import.meta.url).resolve('xiangqi-wasm/network.nnue') === file, info,
  handIsPlain: hand.nodes === plain.nodes && hand.move === plain.move, netDiffers: net.nodes !== plain.nodes }));
`);
  assert.deepEqual(out, { same: true, info: SHIPPED_NET, handIsPlain: true, netDiffers: true });
});

test('(a) TypeScript finds the types through the exports map, for import and for require', () => {
  writeFileSync(join(consumer, 'ts-esm.mts'), `import init, { Game, isXiangqiError, type Color } from 'xiangqi-wasm';
await init();
const turn: Color = new Game().turn();
try { new Game().play('h2h7'); } catch (e) { if (isXiangqiError(e)) { const c: string = e.code; } }
export { turn };
`);
  writeFileSync(join(consumer, 'ts-cjs.cts'), `import xq = require('xiangqi-wasm');
const game: xq.Game = new xq.Game();
const moves: string[] = game.legalMoves();
const info: xq.MoveInfo[] = game.legalMoves({ verbose: true });
export = { moves, info };
`);
  writeFileSync(join(consumer, 'ts-board.mts'), `import { createBoard, type Board } from 'xiangqi-wasm/board';
import { EngineClient } from 'xiangqi-wasm/worker';
import { Game } from 'xiangqi-wasm';
const game = new Game();
const board: Board = await createBoard(document.body, { fen: game.fen(), dests: game.dests(), movable: game.turn() });
const tag: HTMLElementTagNameMap['xiangqi-board'] = document.createElement('xiangqi-board');
const hint = await new EngineClient().search({ game, limits: { depth: 2 } });
export { board, tag, hint };
`);
  writeFileSync(join(consumer, 'ts-lesson.mts'), `import { MAX_RECORD_BYTES, type XiangqiLessonElement } from 'xiangqi-wasm/lesson';
const lesson: XiangqiLessonElement = document.createElement('xiangqi-lesson');
lesson.addEventListener('navigate', (e) => void e.detail.moves.length);
lesson.addEventListener('error', (e) => void e.detail.code);
await lesson.ready;
const moves: string[] | undefined = lesson.current?.moves;
export { lesson, moves, MAX_RECORD_BYTES };
`);
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
      lib: ['es2022', 'dom', 'esnext.disposable'], types: [] },
    files: ['ts-esm.mts', 'ts-cjs.cts', 'ts-board.mts', 'ts-lesson.mts'],
  }));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

test('(a) TypeScript with lib es2022 only (no DOM, no esnext.disposable, no @types/node)', () => {
  const dir = join(consumer, 'ts-es2022');
  mkdirSync(dir);
  writeFileSync(join(dir, 'esm.mts'), `import init, { Game, type MoveInfo, type UndoneEnding } from 'xiangqi-wasm';
import { Game as RulesGame, validateFen } from 'xiangqi-wasm/rules';
await init();
await init({ module_or_path: new Uint8Array(0) }); // bytes: the DOM's BufferSource, without the DOM
const game = new Game();
const moves: string[] = game.legalMoves();
const undone: MoveInfo | UndoneEnding | null = game.undo();
game.free();
const rules = new RulesGame();
rules.play('h2e2');
// @ts-expect-error: the rules entry has no search
rules.hint();
const ok: boolean = validateFen(rules.fen()).ok;
export { moves, undone, ok };
`);
  writeFileSync(join(dir, 'cjs.cts'), `import xq = require('xiangqi-wasm');
import rules = require('xiangqi-wasm/rules');
const game: xq.Game = new xq.Game();
const copy: rules.Game = new rules.Game().clone();
export = [game.board().length, copy.fen()];
`);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
      lib: ['es2022'], types: [], skipLibCheck: false },
    files: ['esm.mts', 'cjs.cts'],
  }));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

test('(a) every entry imports on a server (Node, no DOM) without throwing, and defines no element', () => {
  const out = runNode('ssr.mjs', `process.on('unhandledRejection', (e) => { console.log(JSON.stringify({ unhandled: String(e) })); process.exit(1); });
const names = {};
for (const entry of ['xiangqi-wasm', 'xiangqi-wasm/rules', 'xiangqi-wasm/board', 'xiangqi-wasm/lesson', 'xiangqi-wasm/puzzle',
  'xiangqi-wasm/editor', 'xiangqi-wasm/worker', 'xiangqi-wasm/worker-rpc', 'xiangqi-wasm/engine-worker.js', 'xiangqi-wasm/jsx', 'xiangqi-wasm/xiangqi_wasm.js']) {
  names[entry] = Object.keys(await import(entry)).sort();
}
const { createRequire } = await import('node:module');
const require = createRequire(import.meta.url);
const cjs = ['xiangqi-wasm', 'xiangqi-wasm/rules'].map((e) => require(e).Game.name);
await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ names, cjs, customElements: typeof customElements }));
`);
  assert.deepEqual(out.cjs, ['Game', 'Game']);
  assert.equal(out.customElements, 'undefined');
  assert.deepEqual(out.names['xiangqi-wasm/board'], ['XiangqiBoardElement', 'createBoard', 'langOf', 'ready']);
  assert.deepEqual(out.names['xiangqi-wasm/lesson'], ['MAX_RECORD_BYTES', 'XiangqiLessonElement']);
  assert.deepEqual(out.names['xiangqi-wasm/editor'], ['MAX_RECORD_BYTES', 'XiangqiEditorElement']);
  assert.deepEqual(out.names['xiangqi-wasm/puzzle'], ['MAX_MATE_MOVES', 'MAX_RECORD_BYTES', 'WIN_MARGIN_CP', 'XiangqiPuzzleElement']);
  assert.deepEqual(out.names['xiangqi-wasm/worker'], ['EngineClient', 'NETWORK_URL']);
  assert.deepEqual(out.names['xiangqi-wasm/engine-worker.js'], []);
  assert.deepEqual(out.names['xiangqi-wasm/jsx'], []);
  assert.ok(out.names['xiangqi-wasm/rules'].includes('Game') && !out.names['xiangqi-wasm/rules'].includes('Engine'));
});

test('(a) the web entry is a public path, and console.log shows a readable game', () => {
  const out = runNode('web-entry.mjs', `import init, { Game } from 'xiangqi-wasm/xiangqi_wasm.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
const wasm = readFileSync(createRequire(import.meta.url).resolve('xiangqi-wasm/xiangqi_wasm_bg.wasm'));
await init({ module_or_path: wasm });
const g = new Game();
g.play('h2e2');
console.log(JSON.stringify({ shown: inspect(g), json: JSON.parse(JSON.stringify(g)).history }));
`);
  assert.deepEqual(out, {
    shown: 'Game(rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1, 1 move, black to move)',
    json: ['h2e2'],
  });
});

test('(b) a Vite build of a tiny app runs in Chromium', { timeout: 120_000 }, async () => {
  const app = join(consumer, 'vite-app');
  mkdirSync(app);
  writeFileSync(join(app, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><pre id="out"></pre>'
    + '<script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(app, 'main.js'), APP('xiangqi-wasm'));
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'warn', configFile: false, build: { outDir: join(app, 'dist') } });
  const assets = readdirSync(join(app, 'dist', 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `Vite emitted no .wasm asset: ${assets}`);
  const server = await serve(join(app, 'dist'));
  try {
    const { page, errors, ready } = await openReady(browser, server.url, 'vite-app');
    assert.equal(ready, 'true', `${await page.textContent('#out')} ${errors.join('; ')}`);
    assert.deepEqual(JSON.parse(await page.textContent('#out')), EXPECTED);
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});

test('(b) a Vite build with the rules entry ships the rules wasm alone, and runs in Chromium', { timeout: 120_000 }, async () => {
  const app = join(consumer, 'vite-rules');
  mkdirSync(app);
  writeFileSync(join(app, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><pre id="out"></pre>'
    + '<script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(app, 'main.js'), APP('xiangqi-wasm/rules'));
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'warn', configFile: false, build: { outDir: join(app, 'dist') } });
  const wasm = readdirSync(join(app, 'dist', 'assets')).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `${wasm}`);
  assert.match(wasm[0], /^xiangqi_rules_bg/);
  const server = await serve(join(app, 'dist'));
  try {
    const { page, errors, ready } = await openReady(browser, server.url, 'vite-rules');
    assert.equal(ready, 'true', `${await page.textContent('#out')} ${errors.join('; ')}`);
    assert.deepEqual(JSON.parse(await page.textContent('#out')), EXPECTED);
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});

test('(c) a plain HTML page with <script type="module"> from a static server', { timeout: 60_000 }, async () => {
  writeFileSync(join(consumer, 'plain.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "./node_modules/xiangqi-wasm/xiangqi_wasm.js" } }</script>
</head><body><pre id="out"></pre><script type="module">
${APP('xiangqi-wasm')}
</script></body></html>`);
  const server = await serve(consumer);
  try {
    const { page, errors, ready } = await openReady(browser, `${server.url}plain.html`, 'plain-html');
    assert.equal(ready, 'true', `${await page.textContent('#out')} ${errors.join('; ')}`);
    assert.deepEqual(JSON.parse(await page.textContent('#out')), EXPECTED);
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});

test('(d) the exports map has the board, the lesson, the worker and the worker RPC', () => {
  const pj = JSON.parse(execFileSync(process.execPath, ['-e',
    "process.stdout.write(require('fs').readFileSync(require.resolve('xiangqi-wasm/package.json'), 'utf8'))"],
  { cwd: consumer, encoding: 'utf8' }));
  assert.deepEqual(pj.exports['./board'], { types: './board.d.ts', default: './board.js' });
  assert.deepEqual(pj.exports['./lesson'], { types: './lesson.d.ts', default: './lesson.js' });
  assert.ok(pj.sideEffects.includes('./lesson.js'), 'importing the lesson defines <xiangqi-lesson>: not tree-shaken');
  assert.deepEqual(pj.exports['./editor'], { types: './editor.d.ts', default: './editor.js' });
  assert.ok(pj.sideEffects.includes('./editor.js'), 'importing the editor defines <xiangqi-editor>: not tree-shaken');
  assert.deepEqual(pj.exports['./worker'], { types: './worker.d.ts', default: './engine-client.js' });
  assert.deepEqual(pj.exports['./engine-worker.js'], { types: './engine-worker.d.ts', default: './engine-worker.js' });
  assert.deepEqual(pj.exports['./jsx'], { types: './jsx.d.ts', default: './jsx.js' });
  assert.equal(pj.exports['./rules'].default, './rules.js');
  assert.deepEqual(pj.exports['./worker-rpc'], { types: './worker-rpc.d.ts', default: './worker-rpc.js' });
});

test('(d) one <xiangqi-board interactive> tag on a plain HTML page, and the worker, from the packed package',
  { timeout: 60_000 }, async () => {
    writeFileSync(join(consumer, 'board.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": {
  "xiangqi-wasm": "./node_modules/xiangqi-wasm/xiangqi_wasm.js",
  "xiangqi-wasm/board": "./node_modules/xiangqi-wasm/board.js",
  "xiangqi-wasm/worker": "./node_modules/xiangqi-wasm/engine-client.js" } }</script>
<script type="module">import 'xiangqi-wasm/board';</script>
</head><body>
<xiangqi-board id="x" interactive style="width: 320px"></xiangqi-board>
<script type="module">
import { Game } from 'xiangqi-wasm';
import { EngineClient } from 'xiangqi-wasm/worker';
const el = document.getElementById('x');
window.moves = [];
el.addEventListener('move', (e) => window.moves.push(e.detail.move));
await el.ready;
const game = new Game(null, { rules: 'cxa', moveLimit: 40 });
const engine = new EngineClient();
window.hint = await engine.search({ game, limits: { depth: 3 } });
window.hintLegal = game.isLegal(window.hint.move);
engine.terminate();
document.body.dataset.ready = 'true';
</script></body></html>`);
    const server = await serve(consumer);
    try {
      const { page, errors, ready } = await openReady(browser, `${server.url}board.html`, 'package-board');
      assert.equal(ready, 'true', errors.join('; '));
      const painted = await page.evaluate(() => {
        const canvases = [...document.getElementById('x').shadowRoot.querySelectorAll('canvas')];
        const ctx = new OffscreenCanvas(canvases[0].width, canvases[0].height).getContext('2d', { willReadFrequently: true });
        for (const c of canvases) ctx.drawImage(c, 0, 0);
        const d = ctx.getImageData(0, 0, canvases[0].width, canvases[0].height).data;
        let opaque = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] === 255) opaque++;
        return { opaque, total: d.length / 4, width: canvases[0].width };
      });
      assert.equal(painted.width, 320);
      assert.ok(painted.opaque > painted.total * 0.9, `the board is painted: ${JSON.stringify(painted)}`);
      for (const sq of ['b0', 'c2']) {
        const p = await page.evaluate((s) => document.getElementById('x').board.pointOf(s), sq);
        await page.mouse.click(p.x, p.y);
      }
      assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2']);
      assert.deepEqual(await page.evaluate(() => document.getElementById('x').game.history()), ['b0c2']);
      assert.equal(await page.evaluate(() => window.hintLegal), true);
      assert.deepEqual(errors, []);
    } finally {
      await server.close();
    }
  });

test('(d) one <xiangqi-lesson> tag on a plain HTML page (no import map, the package files as a CDN serves them)',
  { timeout: 60_000 }, async () => {
    writeFileSync(join(consumer, 'lesson.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="module" src="./node_modules/xiangqi-wasm/lesson.js"></script>
</head><body>
<xiangqi-lesson id="l" notation="wxf" lang="zh"><script type="application/x-chess-pgn">
[Red "甲"]
[Black "乙"]

1. 炮二平五 {中炮 <b>not bold</b>} 马8进7 (1... 炮8平5 {顺炮}) *
</script></xiangqi-lesson>
<script type="module" src="./lesson-check.js"></script>
</body></html>`);
    writeFileSync(join(consumer, 'lesson-check.js'), `const el = document.getElementById('l');
await customElements.whenDefined('xiangqi-lesson');
await el.ready;
el.next();
const first = el.current;
el.next();
el.previous();
el.enterVariation();
window.out = { first: [first.notation, first.comment], variation: el.current.moves, comment: el.current.comment,
  bold: el.shadowRoot.querySelectorAll('b').length, label: el.shadowRoot.querySelector('button.next').getAttribute('aria-label'),
  boardFen: el.board.fen === el.current.fen };
document.body.dataset.ready = 'true';
`);
    const server = await serve(consumer);
    try {
      const { page, errors, ready } = await openReady(browser, `${server.url}lesson.html`, 'package-lesson');
      assert.equal(ready, 'true', errors.join('; '));
      assert.deepEqual(await page.evaluate(() => window.out), { first: ['1. C2.5', '中炮 <b>not bold</b>'],
        variation: ['h2e2', 'h7e7'], comment: '顺炮', bold: 0, label: '下一着', boardFen: true });
      assert.deepEqual(errors, []);
    } finally {
      await server.close();
    }
  });

test('(e) a Vite build of an app with the board and the worker runs in Chromium', { timeout: 120_000 }, async () => {
  const app = join(consumer, 'vite-board');
  mkdirSync(app);
  writeFileSync(join(app, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
    + '</head><body><div id="b" style="width: 300px"></div><pre id="out"></pre>'
    + '<script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(app, 'main.js'), `import init, { Game } from 'xiangqi-wasm';
import { createBoard } from 'xiangqi-wasm/board';
import { EngineClient, NETWORK_URL } from 'xiangqi-wasm/worker';
try {
  await init();
  const game = new Game();
  const board = await createBoard(document.getElementById('b'), { fen: game.fen(), dests: game.dests(), movable: 'red' });
  const engine = new EngineClient();
  const hint = await engine.search({ game, limits: { depth: 2 } });
  const net = await engine.loadNetwork(await (await fetch(NETWORK_URL)).arrayBuffer());
  const netHint = await engine.search({ game, limits: { depth: 2 } });
  engine.terminate();
  const canvas = document.querySelector('#b canvas');
  document.getElementById('out').textContent = JSON.stringify({ legal: game.isLegal(hint.move), width: canvas.width,
    e0: board.squareAt(board.pointOf('e0').x, board.pointOf('e0').y), net, netLegal: game.isLegal(netHint.move) });
  document.body.dataset.ready = 'true';
} catch (e) {
  document.getElementById('out').textContent = String(e && e.stack || e);
  document.body.dataset.ready = 'error';
}
`);
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'warn', configFile: false,
    build: { outDir: join(app, 'dist'), target: 'es2022' } });
  const assets = readdirSync(join(app, 'dist', 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `no .wasm asset: ${assets}`);
  assert.ok(assets.some((f) => f.startsWith('engine-worker')), `Vite emitted no worker: ${assets}`);
  assert.ok(assets.some((f) => f.endsWith('.nnue')), `Vite emitted no net (NETWORK_URL): ${assets}`);
  const server = await serve(join(app, 'dist'));
  try {
    const { page, errors, ready } = await openReady(browser, server.url, 'vite-board');
    assert.equal(ready, 'true', `${await page.textContent('#out')} ${errors.join('; ')}`);
    assert.deepEqual(JSON.parse(await page.textContent('#out')),
      { legal: true, width: 300, e0: 'e0', net: SHIPPED_NET, netLegal: true });
    assert.deepEqual(errors, []);
  } finally {
    await server.close();
  }
});

test('(f) publint and arethetypeswrong find no problem in the tarball', { timeout: 120_000 }, () => {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const run = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { cwd: work, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
    } catch (e) {
      assert.fail(`${cmd} ${args.join(' ')}:\n${e.stdout}${e.stderr}`);
    }
  };
  // publint: every suggestion counts (--level suggestion), warnings fail (--strict).
  const lint = run(bin('publint'), ['run', tarball, '--level', 'suggestion', '--strict']);
  assert.match(lint, /All good!/, lint);
  // The entries for every module system (Node ESM and CommonJS, bundlers, TypeScript's node10), strict profile.
  run(bin('attw'), [tarball, '--entrypoints', '.', './rules', './package.json', '--format', 'ascii']);
  // The browser modules are ESM only, declared so (profile esm-only: a require() of them is not a supported use).
  run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii', '--entrypoints', './board', './lesson', './puzzle',
    './editor', './worker', './worker-rpc', './engine-worker.js', './jsx', './vue', './svelte', './react', './xiangqi_wasm.js',
    './openings']);
  // The docs in the package link what it does not ship (the images, other pages) absolutely.
  for (const doc of ['README.md', 'BOARD.md', 'LESSON.md', 'PUZZLE.md', 'EDITOR.md', 'FRAMEWORKS.md', 'OPENINGS.md', 'CHANGELOG.md']) {
    const text = execFileSync('tar', ['-xzOf', tarball, `package/${doc}`], { encoding: 'utf8' });
    const relative = [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1])
      .filter((t) => !/^(https?:|mailto:|#)/.test(t)
        && !['README.md', 'BOARD.md', 'LESSON.md', 'PUZZLE.md', 'EDITOR.md', 'FRAMEWORKS.md', 'OPENINGS.md', 'CHANGELOG.md'].includes(t.split('#')[0]));
    assert.deepEqual(relative, [], `${doc} links files the package does not have`);
  }
  const board = execFileSync('tar', ['-xzOf', tarball, 'package/BOARD.md'], { encoding: 'utf8' });
  assert.match(board, /\]\(https:\/\/raw\.githubusercontent\.com\/xiangqi-wasm\/xiangqi-wasm\/main\/docs\/board\.png\)/);
  // Every entry of the exports map is checked by one of the two runs but the .wasm files, the explorer's data and the
  // net (assets, not modules; the data is read by tests/js/openings.test.mjs, the net by the Node test above).
  const pj = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  assert.equal(pj.exports['./network.nnue'], './network.nnue');
  assert.deepEqual(Object.keys(pj.exports).filter((k) => !k.endsWith('.wasm') && !k.endsWith('.json') && !k.endsWith('.nnue')
    || k === './package.json').sort(),
    ['.', './board', './editor', './engine-worker.js', './jsx', './lesson', './openings', './package.json', './puzzle', './react', './rules',
      './svelte', './vue', './worker', './worker-rpc', './xiangqi_wasm.js'].sort());
  assert.equal(pj.exports['./openings-data.json'], './openings-data.json');
});
