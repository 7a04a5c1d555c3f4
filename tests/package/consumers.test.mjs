// The packed package in the web stacks a library's user has: the consumer projects of tests/consumers/ (one folder
// each: a package.json, a config, a page), built by their own tools from the tarball and run in Chromium.
//
//   vite, webpack, esbuild, rollup   the board page (shared/): the board paints, the user plays a move, the worker
//                                    gives a hint; Vite also as a dev server
//   react-ssr                        React 19 + TypeScript (xiangqi-wasm/jsx): tsc, a Vite client and SSR build,
//                                    the page rendered on the server, then hydrated: the elements come alive
//   vue, svelte                      the elements in a Vue (isCustomElement) and a Svelte app, built and run
//   react-router                     React Router 7 (framework mode): a loader, a resource route, <XiangqiBoard onMove>
//   cdn                              a plain HTML page importing the package from jsDelivr's URLs (answered by the
//                                    test with the tarball's files)
//   vitest                           a component test with happy-dom and with jsdom: `ready` rejects ERR_WASM_LOAD
//   vue, svelte                      also vue-tsc / svelte-check on the recipe (passes) and on wrong/ (must fail)
//   sveltekit                        a SvelteKit page: a server load (rules entry), an endpoint (main entry), the board
//   next                             a Next.js app-router app, with no next.config, built by Turbopack and by webpack:
//                                    server component, route handler and server action import the package on the
//                                    server; <XiangqiBoard onMove> (xiangqi-wasm/react) gets the move after hydration
//
// The tools are installed once for all of them (tests/consumers/package-lock.json, `npm ci`) into a folder of the
// system's temporary directory named after the lockfile's hash, kept between runs (set XIANGQI_CONSUMERS_DIR to
// choose it); the package is the tarball of `npm pack pkg/`, extracted into its node_modules. Screenshots of every
// page after its checks: test-results/consumers/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../support/data.mjs';
import { serve, listen, launch } from '../support/browser.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SRC = join(root, 'tests', 'consumers');
const SHOTS = join(root, 'test-results', 'consumers');
let dir;
let tarball;
let browser;

/**
 * The environment of the projects' tools: this process's, without NODE_ENV (the Vite dev server of one test sets it
 * in this process; each tool sets its own, as from a shell).
 */
function toolEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
  delete env.NODE_ENV;
  return env;
}

function sh(cmd, args, cwd, what = `${cmd} ${args.join(' ')}`) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: toolEnv() });
  assert.equal(r.status, 0, `${what} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'package.json')), 'pkg/ missing: run node scripts/build.mjs');
  const lock = readFileSync(join(SRC, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex').slice(0, 12);
  dir = process.env.XIANGQI_CONSUMERS_DIR ?? join(tmpdir(), `xiangqi-consumers-${hash}`);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'node_modules', '.package-lock.json'))
    || readFileSync(join(dir, 'package-lock.json'), 'utf8') !== lock.toString()) {
    cpSync(join(SRC, 'package.json'), join(dir, 'package.json'));
    cpSync(join(SRC, 'package-lock.json'), join(dir, 'package-lock.json'));
    const t0 = Date.now();
    sh(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], dir);
    console.log(`consumers: npm ci in ${((Date.now() - t0) / 1000).toFixed(0)} s (${dir})`);
  }
  // The projects, fresh; the package from its tarball, as npm would unpack it.
  for (const f of readdirSync(SRC)) {
    if (f === 'package.json' || f === 'package-lock.json') continue;
    rmSync(join(dir, f), { recursive: true, force: true });
    cpSync(join(SRC, f), join(dir, f), { recursive: true });
  }
  const info = JSON.parse(execFileSync(npm, ['pack', join(root, 'pkg'), '--pack-destination', dir, '--json', '--silent'],
    { cwd: dir, encoding: 'utf8' }))[0];
  tarball = join(dir, info.filename);
  const installed = join(dir, 'node_modules', 'xiangqi-wasm');
  rmSync(installed, { recursive: true, force: true });
  const unpack = join(dir, '.unpack');
  rmSync(unpack, { recursive: true, force: true });
  mkdirSync(unpack);
  sh('tar', ['-xzf', tarball, '-C', unpack], dir);
  renameSync(join(unpack, 'package'), installed);
  rmSync(unpack, { recursive: true, force: true });
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Copies the shared board page into a project (`page` folder) and its script as `script`. */
function addBoardPage(project, { page = '.', script = 'main.js' } = {}) {
  mkdirSync(join(dir, project, page), { recursive: true });
  mkdirSync(join(dir, project, script, '..'), { recursive: true });
  cpSync(join(SRC, 'shared', 'index.html'), join(dir, project, page, 'index.html'));
  cpSync(join(SRC, 'shared', 'main.js'), join(dir, project, script));
}

/** The share of the board's canvases' pixels that are painted (opaque). */
async function painted(page, selector) {
  return page.evaluate((sel) => {
    const host = document.querySelector(sel);
    const canvases = [...host.shadowRoot.querySelectorAll('canvas')];
    if (!canvases.length) return { share: 0, width: 0 };
    const { width, height } = canvases[0];
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    for (const c of canvases) ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, width, height).data;
    let opaque = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] === 255) opaque++;
    return { share: opaque / (d.length / 4), width };
  }, selector);
}

/** Opens `url`, waits for `body[data-ready]`; always saves a screenshot; returns the page and its errors. */
async function open(url, name, { ready = true } = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.status()}: ${r.url()}`); });
  await page.goto(url);
  if (ready) {
    await page.waitForFunction(() => document.body?.dataset.ready, null, { timeout: 30_000 }).catch(() => {});
    const state = await page.evaluate(() => document.body?.dataset.ready ?? null);
    if (state !== 'true') {
      await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
      assert.fail(`${name}: the page did not get ready (${state}): ${await page.textContent('#out').catch(() => '')} ${errors.join('; ')}`);
    }
  }
  return { page, errors };
}

/** The shared board page: painted, a move by the user, a legal hint from the worker, no error. */
async function checkBoardPage(url, name) {
  const { page, errors } = await open(url, name);
  try {
    const out = JSON.parse(await page.textContent('#out'));
    assert.deepEqual(out, { hintLegal: true, legalMoves: 44 }, name);
    const p = await painted(page, 'xiangqi-board');
    assert.equal(p.width, 320, name);
    assert.ok(p.share > 0.9, `${name}: the board is painted (${p.share})`);
    for (const sq of ['b0', 'c2']) {
      const { x, y } = await page.evaluate((s) => document.querySelector('xiangqi-board').board.pointOf(s), sq);
      await page.mouse.click(x, y);
    }
    assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2'], name);
    assert.deepEqual(await page.evaluate(() => document.querySelector('xiangqi-board').game.history()), ['b0c2'], name);
    assert.deepEqual(errors, [], name);
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
    await page.close();
  }
}

async function checkBuilt(project, { outDir = 'dist' } = {}) {
  const server = await serve(join(dir, project, outDir));
  try {
    await checkBoardPage(server.url, project);
  } finally {
    await server.close();
  }
}

test('Vite: build, and the dev server', { timeout: 180_000 }, async () => {
  addBoardPage('vite');
  sh(npm, ['run', 'build', '--silent'], join(dir, 'vite'));
  const assets = readdirSync(join(dir, 'vite', 'dist', 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `no .wasm: ${assets}`);
  assert.ok(assets.some((f) => f.startsWith('engine-worker')), `no worker: ${assets}`);
  await checkBuilt('vite');
  // The dev server, as `npx vite` starts it (the consumer's own Vite).
  const { createServer } = await import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve('vite')).href);
  // (`fs.allow`: here the projects share one node_modules above their folders, which Vite does not serve unless told;
  // a project with its own node_modules needs nothing.)
  const server = await createServer({ root: join(dir, 'vite'), logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, fs: { allow: [dir] } } });
  await server.listen();
  try {
    await checkBoardPage(server.resolvedUrls.local[0], 'vite-dev');
  } finally {
    await server.close();
  }
});

test('webpack 5 with no configuration', { timeout: 180_000 }, async () => {
  addBoardPage('webpack', { page: 'dist', script: 'src/index.js' });
  sh(npm, ['run', 'build', '--silent'], join(dir, 'webpack'));
  const files = readdirSync(join(dir, 'webpack', 'dist'));
  assert.ok(files.some((f) => f.endsWith('.wasm')), `no .wasm: ${files}`);
  await checkBuilt('webpack');
});

test('esbuild: the worker as a second entry, the .wasm copied', { timeout: 120_000 }, async () => {
  addBoardPage('esbuild', { page: 'dist' });
  sh(npm, ['run', 'build', '--silent'], join(dir, 'esbuild'));
  await checkBuilt('esbuild');
});

test('Rollup: node-resolve, the worker as a second input, the .wasm emitted', { timeout: 120_000 }, async () => {
  addBoardPage('rollup', { page: 'dist' });
  sh(npm, ['run', 'build', '--silent'], join(dir, 'rollup'));
  await checkBuilt('rollup');
});


/**
 * Waits for the boards (and the lesson, if any) to be ready, checks the board `board` is painted, plays b0c2 on it by
 * clicks, and checks that the page's framework put the move into the element `output`.
 */
async function playOnBoard(page, name, { board = 'xiangqi-board', output = '#moves' } = {}) {
  // The page's scripts may run after the load event (Next.js): the elements are defined, then ready.
  await page.evaluate(() => Promise.all([...document.querySelectorAll('xiangqi-board, xiangqi-lesson')]
    .map(async (e) => {
      await customElements.whenDefined(e.localName);
      return e.ready;
    })));
  const p = await painted(page, board);
  assert.ok(p.share > 0.9, `${name}: the board is painted (${p.share})`);
  await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: 'center' }), board);
  for (const sq of ['b0', 'c2']) {
    const { x, y } = await page.evaluate(([sel, s]) => document.querySelector(sel).board.pointOf(s), [board, sq]);
    await page.mouse.click(x, y);
  }
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'b0c2', output, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await page.textContent(output), 'b0c2', `${name}: the framework saw the move event (${board})`);
}

test('A server bundled into one file (esbuild, platform node) runs from another folder: the Node entries look up no file',
  { timeout: 60_000 }, async () => {
    const project = join(dir, 'server-bundle');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'server.mjs'), `import { Game } from "xiangqi-wasm";
import { validateFen } from "xiangqi-wasm/rules";
const game = new Game();
game.play("h2e2");
console.log(JSON.stringify({ legal: game.legalMoves().length, ok: validateFen("9 w").ok }));
`);
    const { build } = await import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve('esbuild')).href);
    const out = join(mkdtempSync(join(tmpdir(), 'xiangqi-server-')), 'server.mjs');
    try {
      await build({ entryPoints: [join(project, 'server.mjs')], bundle: true, platform: 'node', format: 'esm',
        outfile: out, logLevel: 'warning' });
      // The bundle alone, in a folder with no node_modules and no .wasm next to it.
      assert.deepEqual(readdirSync(join(out, '..')), ['server.mjs']);
      const r = spawnSync(process.execPath, [out], { encoding: 'utf8', cwd: join(out, '..') });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { legal: 45, ok: false });
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });

test('React 19 + TypeScript: xiangqi-wasm/jsx types the elements, xiangqi-wasm/react components; server rendering, then hydration', { timeout: 180_000 }, async () => {
  const project = join(dir, 'react-ssr');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  sh(process.execPath, [tsc, '-p', '.'], project, 'tsc -p . (React TSX with xiangqi-wasm/jsx)');
  sh(process.execPath, [tsc, '-p', 'tsconfig.types.json'], project, 'tsc with "types": ["xiangqi-wasm/jsx"]');
  sh(npm, ['run', 'build', '--silent'], project);
  // The server: the built render function (Node imports xiangqi-wasm/board and /lesson: no DOM there).
  const { render, renderComponents } = await import(pathToFileURL(join(project, 'dist', 'server', 'entry-server.js')).href);
  const app = render();
  // xiangqi-wasm/react on the server: the tags with their attributes (camelCase props written as the attributes).
  const components = renderComponents();
  assert.match(components, /<xiangqi-lesson id="lesson" pgn="1\. C2\.5 \{central cannon\} H8\+7 \*" notation="wxf"><\/xiangqi-lesson>/);
  assert.match(components, /<xiangqi-editor id="editor" pgn="1\. C2\.5 H8\+7 \*" notation="wxf"><\/xiangqi-editor>/);
  assert.match(app, /<xiangqi-board interactive="" orientation="red"[^>]*><\/xiangqi-board>/);
  assert.match(app, /<xiangqi-lesson pgn="\[Event &quot;Lesson 1&quot;\][^"]*" notation="wxf" lang="zh"/);
  const html = readFileSync(join(project, 'dist', 'client', 'index.html'), 'utf8').replace('<!--app-->', app)
    .replace('<!--components-->', components);
  const { default: sirv } = await import('sirv');
  const files = sirv(join(project, 'dist', 'client'), { dev: true });
  const server = await listen((req, res, next) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
    } else {
      files(req, res, next);
    }
  });
  const { page, errors } = await open(server.url, 'react-ssr', { ready: false });
  try {
    // The server's HTML, as the browser got it, before any script ran: the tags are there.
    const served = await (await fetch(server.url)).text();
    assert.ok(served.includes('<xiangqi-board') && served.includes('<xiangqi-lesson'), 'the tags are in the HTML');
    // The server-rendered board, listened to through a ref; the board React rendered itself, through `onmove`.
    await playOnBoard(page, 'react-ssr', { board: '#root xiangqi-board', output: '#moves' });
    await playOnBoard(page, 'react-ssr', { board: '#client xiangqi-board', output: '#client-moves' });
    const lesson = await page.evaluate(async () => {
      const el = document.querySelector('xiangqi-lesson');
      el.next();
      return { notation: el.current.notation, comment: el.current.comment, boardSynced: el.board.fen === el.current.fen };
    });
    assert.deepEqual(lesson, { notation: '1. C2.5', comment: '中炮', boardSynced: true });
    // The hydrated components of xiangqi-wasm/react: onNavigate after a step, onLoad of the editor (whose module
    // only <XiangqiEditor> imports), and no module of an element the page does not render.
    await page.evaluate(async () => {
      await customElements.whenDefined('xiangqi-editor');
      const el = document.getElementById('lesson');
      await el.ready;
      el.next();
    });
    await page.waitForFunction(() => document.getElementById('lesson-position').textContent
      && document.getElementById('editor-format').textContent, null, { timeout: 10_000 }).catch(() => {});
    assert.deepEqual(await page.evaluate(() => ({
      position: document.getElementById('lesson-position').textContent,
      format: document.getElementById('editor-format').textContent,
      puzzle: customElements.get('xiangqi-puzzle') === undefined,
    })), { position: '1. C2.5', format: 'pgn', puzzle: true });
    // A prop changed after hydration: <XiangqiLesson fen> of the defined element (React 19 assigns el.fen).
    await page.click('#play-e2');
    await page.waitForFunction(() => document.getElementById('position').fen?.startsWith('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/'),
      null, { timeout: 10_000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.getElementById('position').getAttribute('fen')),
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b');
    assert.match(await page.evaluate(() => document.getElementById('position').fen), /\/1C2C4\/9\/RNBAKABNR b/);
    // No hydration mismatch, no error.
    assert.deepEqual(errors, []);
  } finally {
    await page.screenshot({ path: join(SHOTS, 'react-ssr.png'), fullPage: true }).catch(() => {});
    await page.close();
    await server.close();
  }
});

/**
 * The type checker of a project (vue-tsc, svelte-check) passes on its recipe (src/) and fails on wrong/, with each
 * of the expected errors: a wrong attribute value, a misspelt attribute, a misspelt field of the move's detail.
 */
function checkTemplateTypes(project, command, passArgs, failArgs, expected) {
  const bin = join(dir, 'node_modules', '.bin', command);
  sh(bin, passArgs, join(dir, project), `${command} ${passArgs.join(' ')} (the recipe)`);
  const wrong = spawnSync(bin, failArgs, { cwd: join(dir, project), encoding: 'utf8', env: toolEnv() });
  const out = `${wrong.stdout}\n${wrong.stderr}`;
  assert.notEqual(wrong.status, 0, `${command} passed on wrong/:\n${out}`);
  for (const re of expected) assert.match(out, re, `${command} on wrong/`);
}

const TEMPLATE_CHECKS = {
  vue: () => checkTemplateTypes('vue', 'vue-tsc', ['-p', 'tsconfig.json'], ['-p', 'tsconfig.wrong.json'], [
    /Wrong\.vue\(8,\d+\): error TS2322: Type '"blue"' is not assignable to type 'Color \| undefined'/,
    /Wrong\.vue\(9,\d+\): error TS2561: [^\n]*'piceSet' does not exist/,
    /Wrong\.vue\(10,\d+\): error TS2339: Property 'mvoe' does not exist on type 'MoveDetail'/]),
  svelte: () => checkTemplateTypes('svelte', 'svelte-check', ['--tsconfig', 'tsconfig.json', '--fail-on-warnings'],
    ['--tsconfig', 'tsconfig.wrong.json', '--output', 'machine'], [
      /ERROR "wrong\/Wrong\.svelte" 7:\d+ "Type '\\"blue\\"' is not assignable to type 'Color \| undefined'/,
      /ERROR "wrong\/Wrong\.svelte" 8:\d+ "[^\n]*'\\"pice-set\\"' does not exist/,
      /ERROR "wrong\/Wrong\.svelte" 9:\d+ "Property 'mvoe' does not exist on type 'MoveDetail'/]),
};

/**
 * Opens the consumer's page at `url` in Chromium, plays on its board (playOnBoard), runs `check(page)`, checks that
 * the page reported no error, and keeps a screenshot named `name` whatever happened.
 */
async function playInPage(url, name, check = async () => {}) {
  const { page, errors } = await open(url, name, { ready: false });
  try {
    await playOnBoard(page, name);
    await check(page);
    assert.deepEqual(errors, [], name);
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
    await page.close();
  }
}

for (const [project, what] of [['vue', 'Vue 3 (isCustomElement) + vue-tsc'], ['svelte', 'Svelte 5 + svelte-check']]) {
  test(`${what}: the recipe type-checks, a wrong attribute does not; the board in an app, its move event in the framework's state`, { timeout: 120_000 }, async () => {
    TEMPLATE_CHECKS[project]();
    sh(npm, ['run', 'build', '--silent'], join(dir, project));
    const server = await serve(join(dir, project, 'dist'));
    try {
      await playInPage(server.url, project, async (page) => {
        assert.equal(await page.textContent('#history'), '1', `${project}: the template ref is the element`);
      });
    } finally {
      await server.close();
    }
  });
}

/**
 * Starts a consumer's production server (`command args` in `cwd`, its own process group, told its port by
 * `portArgs(port)` or by PORT / HOST), then waits for its first page. Returns the URL, that page's HTML (null if
 * it never answered), the server's output so far (for the message) and `stop()`, which ends the group (npm and the
 * server it started).
 */
async function startServer(command, args, cwd, { env = toolEnv(), portArgs = () => [], interval = 200 } = {}) {
  const port = await freePort();
  const server = spawn(command, [...args, ...portArgs(port)], { cwd, detached: true,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (d) => { log += d; });
  server.stderr.on('data', (d) => { log += d; });
  const stop = async () => {
    const exited = new Promise((r) => { server.once('exit', r); setTimeout(r, 5000); });
    try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
    await exited;
  };
  const url = `http://127.0.0.1:${port}/`;
  let html = null;
  for (let i = 0; i < 100 && html === null; i++) {
    html = await fetch(url).then((r) => (r.ok ? r.text() : null), () => null);
    if (html === null) await new Promise((r) => setTimeout(r, interval));
  }
  return { url, html, log: () => log, stop };
}

test('SvelteKit 2 (adapter-node): a server load with the rules entry, an endpoint with the main entry; the page\'s '
  + 'board sends its move to the page\'s state', { timeout: 180_000 }, async () => {
  const project = join(dir, 'sveltekit');
  sh(npm, ['run', 'build', '--silent'], project);
  const { url, html, log, stop } = await startServer(process.execPath, ['build/index.js'], project, { interval: 100 });
  try {
    assert.ok(html, `the SvelteKit server did not answer:\n${log()}`);
    const rendered = /<output id="server">([^<]*)<\/output>/.exec(html)?.[1];
    assert.deepEqual(JSON.parse(rendered ?? 'null'), { legal: 45, invalid: false,
      fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1' }, html.slice(0, 400));
    assert.match(html, /<xiangqi-board interactive="" orientation="red"/);
    assert.deepEqual(await (await fetch(`${url}api/validate?fen=9%20w`)).json(), { ok: false, codes: ['ERR_FEN_BOARD'] });
    await playInPage(url, 'sveltekit');
  } finally {
    await stop();
  }
});

test('React Router 7 (framework mode): a loader with the rules entry, a resource route with the main entry; '
  + '<XiangqiBoard onMove> after hydration', { timeout: 180_000 }, async () => {
  const project = join(dir, 'react-router');
  sh(npm, ['run', 'build', '--silent'], project);
  const { url, html, log, stop } = await startServer(npm, ['run', 'start', '--silent'], project);
  try {
    assert.ok(html, `react-router-serve did not answer:\n${log()}`);
    const rendered = /<output id="server">([^<]*)<\/output>/.exec(html)?.[1]?.replaceAll('&quot;', '"');
    assert.deepEqual(JSON.parse(rendered ?? 'null'), { legal: 45,
      fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1' }, html.slice(0, 400));
    assert.match(html, /<xiangqi-board interactive="" style="width:320px"><\/xiangqi-board>/);
    assert.deepEqual(await (await fetch(`${url}api/validate?fen=9%20w`)).json(), { ok: false, codes: ['ERR_FEN_BOARD'] });
    await playInPage(url, 'react-router');
  } finally {
    await stop();
  }
});

test('Plain HTML from a CDN (jsDelivr URLs, answered with the tarball\'s files): the board, the main entry', { timeout: 60_000 }, async () => {
  const installed = join(dir, 'node_modules', 'xiangqi-wasm');
  const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const html = readFileSync(join(dir, 'cdn', 'index.html'), 'utf8');
  const cdn = `https://cdn.jsdelivr.net/npm/xiangqi-wasm@${version}/`;
  assert.ok(html.includes(cdn), `the page loads the package's version ${version} (${cdn})`);
  const server = await serve(join(dir, 'cdn'));
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  // The CDN, as jsDelivr serves a package: its files by path, JavaScript and wasm with their types, CORS open.
  const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
  await page.route(`${cdn}**`, (route) => {
    const file = join(installed, new URL(route.request().url()).pathname.slice(new URL(cdn).pathname.length));
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, body: readFileSync(file), headers: { 'access-control-allow-origin': '*',
      'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' } });
  });
  try {
    await page.goto(server.url);
    await playOnBoard(page, 'cdn');
    await page.waitForFunction(() => document.querySelector('#replies')?.textContent, null, { timeout: 5000 })
      .catch(() => {});
    assert.equal(await page.textContent('#replies'), '43', 'the main entry from the CDN, after init()');
    assert.deepEqual(errors, []);
  } finally {
    await page.screenshot({ path: join(SHOTS, 'cdn.png') }).catch(() => {});
    await page.close();
    await server.close();
  }
});

test('Vitest with happy-dom and with jsdom: the board\'s ready rejects ERR_WASM_LOAD; a component test', { timeout: 120_000 }, () => {
  const out = sh(npm, ['test', '--silent', '--', '--reporter=verbose'], join(dir, 'vitest'), 'vitest run');
  for (const file of ['board.test.js', 'board.jsdom.test.js']) {
    for (const name of ['ready rejects with ERR_WASM_LOAD', 'createBoard rejects with ERR_WASM_LOAD',
      'ready settles, the error shown', "a component's own logic"]) {
      assert.match(out, new RegExp(`✓ ${file.replace('.', '\\.')} > [^\\n]*${name.replace(/[()]/g, '\\$&')}`), `${file}: ${name}\n${out}`);
    }
  }
});

/** A free TCP port of 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/**
 * A Next.js build (`script`: Turbopack or webpack) of tests/consumers/next, with no next.config, started with
 * `next start`: the server component and the route handler import the main and the rules entries on the server; in
 * Chromium the client components come alive, `<XiangqiBoard onMove>` (xiangqi-wasm/react) gets the move after
 * hydration, and a server action plays it on the server.
 */
async function checkNext(script, name) {
  const project = join(dir, 'next');
  const env = toolEnv({ NEXT_TELEMETRY_DISABLED: '1' });
  rmSync(join(project, '.next'), { recursive: true, force: true });
  const t0 = Date.now();
  const build = spawnSync(npm, ['run', script, '--silent'], { cwd: project, encoding: 'utf8', env });
  assert.equal(build.status, 0, `next ${script}:\n${build.stdout}\n${build.stderr}`);
  console.log(`${name}: next build in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const { url, html, log, stop } = await startServer(npm, ['run', 'start', '--silent', '--'], project,
    { env, portArgs: (port) => ['-p', String(port), '-H', '127.0.0.1'] });
  try {
    assert.ok(html, `${name}: next start did not answer:\n${log()}`);
    // The server component: the main entry (a game, a move, a FEN check) and the rules entry, run on the server.
    const rendered = /<output id="server">([^<]*)<\/output>/.exec(html)?.[1]?.replaceAll('&quot;', '"');
    assert.deepEqual(JSON.parse(rendered ?? 'null'), { legal: 45, rules: 44, invalid: false,
      fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1' }, `${name}: ${html.slice(0, 300)}`);
    assert.match(html, /<xiangqi-board interactive=""[^>]*><\/xiangqi-board>/, 'the server rendered the board\'s tag');
    assert.match(html, /<xiangqi-board id="play" interactive="" orientation="red" piece-set="traditional"/,
      'the server rendered <XiangqiBoard> as the tag with its attributes');
    assert.match(html, /<xiangqi-lesson pgn="1\. C2\.5 \{central cannon\} H8\+7 \*" notation="wxf"/);
    // The route handler (rules entry).
    const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
    assert.deepEqual(await (await fetch(`${url}api/validate?fen=${encodeURIComponent(start)}`)).json(),
      { ok: true, codes: [], legal: 44 });
    assert.deepEqual(await (await fetch(`${url}api/validate?fen=9%20w`)).json(),
      { ok: false, codes: ['ERR_FEN_BOARD'], legal: null });
    const { page, errors } = await open(url, name, { ready: false });
    try {
      // The main entry in the browser, after `await init()` in the client component.
      await page.waitForFunction(() => document.querySelector('#client-wasm')?.textContent === '44', null,
        { timeout: 15_000 }).catch(() => {});
      assert.equal(await page.textContent('#client-wasm'), '44', `${name}: the client component's init() and Game`);
      // <XiangqiBoard onMove>, server-rendered then hydrated: the callback gets the move; the server action plays it.
      await playOnBoard(page, `${name} (XiangqiBoard)`, { board: '#play', output: '#react-moves' });
      await page.waitForFunction(() => document.querySelector('#action')?.textContent, null, { timeout: 15_000 })
        .catch(() => {});
      assert.deepEqual(JSON.parse(await page.textContent('#action') || 'null'),
        { fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR b - - 1 1', legal: 43 },
        `${name}: the server action's answer`);
      assert.equal(await page.textContent('#ref'), '1', `${name}: the ref is the element (its game's history)`);
      // The bare tag with a ref listener (the lesson's client component).
      await playOnBoard(page, name, { board: 'xiangqi-board:not(#play)', output: '#moves' });
      const first = await page.evaluate(() => {
        const el = document.querySelector('xiangqi-lesson');
        el.next();
        return [el.current.notation, el.current.comment];
      });
      assert.deepEqual(first, ['1. C2.5', 'central cannon']);
      assert.deepEqual(errors, []);
    } finally {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }).catch(() => {});
      await page.close();
    }
  } finally {
    await stop(); // (npm and the next server it started)
  }
}

test('Next.js 16 (app router, Turbopack, no next.config): server imports, a route handler, a server action; '
  + '<XiangqiBoard onMove> after hydration', { timeout: 300_000 }, () => checkNext('build', 'next'));

test('Next.js 16 with webpack (next build --webpack, no next.config): the same', { timeout: 300_000 },
  () => checkNext('build:webpack', 'next-webpack'));
