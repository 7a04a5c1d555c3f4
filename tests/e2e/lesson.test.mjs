// <xiangqi-lesson> (xiangqi-wasm/lesson) in Chromium: stepping through a commented game with the buttons, the
// keys and the move list (comment shown, move highlighted, a variation entered and left, the board's FEN equal to
// a Game's at every step, the canvas repainted); notation and language; PGN from an attribute, a script child and
// a `src` URL, DhtmlXQ; errors as text with an `error` event; the size cap; the built embed page
// (www/dist/embed.html); a hostile record (HTML, scripts, event handlers, bidi controls, a 1 MB comment) shown only
// as text, with the layout intact; the same pages under a strict Content-Security-Policy.
// Screenshots of the states are saved in test-results/lesson/ (printed below).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { servePackage, serve, launch } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = join(root, 'test-results', 'lesson');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
let server;
let dist;
let distCsp;
let browser;

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'lesson.js')), 'pkg/lesson.js missing: run node scripts/build.mjs');
  assert.ok(existsSync(join(root, 'www', 'dist', 'embed.html')), 'www/dist/embed.html missing: run node scripts/build.mjs');
  mkdirSync(SHOTS, { recursive: true });
  console.log(`lesson screenshots: ${SHOTS}`);
  server = await servePackage(root);
  dist = await serve(join(root, 'www', 'dist'));
  distCsp = await serve(join(root, 'www', 'dist'), { headers: { 'Content-Security-Policy': CSP } });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await Promise.all([server?.close(), dist?.close(), distCsp?.close()]);
});

// Collects CSP violations and marks any script a hostile record might run (see HOSTILE).
const WATCH = () => {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.violations.push({
    directive: e.violatedDirective, source: e.sourceFile, line: e.lineNumber, sample: e.sample }));
  window.pwned = [];
};

/**
 * A page at a virtual URL of the package server: `body` and the module `script` (served as a file, so that the
 * page can carry a strict CSP: no inline script, no import map; the package is imported by its /pkg/ paths).
 */
async function open(body, script, { width = 900, csp = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.addInitScript(WATCH);
  const id = Math.random().toString(36).slice(2);
  const url = `${server.url}t/${id}.html`;
  const headers = csp ? { 'Content-Security-Policy': CSP } : {};
  await page.route(`${server.url}t/${id}.js`, (route) => route.fulfill({ contentType: 'text/javascript', headers,
    body: script }));
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', headers, body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>lesson test</title>
<script type="module" src="/t/${id}.js"></script></head><body>${body}</body></html>` }));
  await page.goto(url);
  return { page, context, errors };
}

/** Runs `fn()`; a screenshot of the page is saved as `name`.png whether it passes or fails. */
async function withShot(page, name, fn) {
  try {
    await fn();
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false }).catch(() => {});
  }
}

// Real records of tests/data/records: an XQF file (version 18, encrypted) and a Big5 PGN.
const XQF = readFileSync(join(root, 'tests', 'data', 'records', 'xqf', 'eleeye-XQFEXAMA.xqf'));
const BIG5 = readFileSync(join(root, 'tests', 'data', 'records', 'big5', 'ccpd-game-hu-00000001.pgn'));
const LESSON_PGN = `[Event "Test lesson"]
[Red "Teacher"]
[Black "Student"]
[Result "*"]

{Start comment} 1. C2.5 {c1 central cannon} H8+7 {c2 screen horse} (1... C8.5 {v1 same-direction cannons}
2. H2+3 (2. H8+7 {v2 nested}) 2... H8+7) 2. H2+3 R9.8 {c4} 3. R1.2 $1 *`;

const SCRIPT = `import { Game } from '/pkg/xiangqi_wasm.js';
import '/pkg/lesson.js';
window.Game = Game;
const el = document.querySelector('xiangqi-lesson');
window.events = [];
for (const type of ['navigate', 'load', 'error']) el.addEventListener(type, (e) => window.events.push({ type, code: e.detail?.code ?? null }));
await el.ready;
window.ready = true;
`;

/** What the element shows, read from its shadow root, and the position checked against a Game. */
function state(page) {
  return page.evaluate(() => {
    const el = document.querySelector('xiangqi-lesson');
    const sr = el.shadowRoot;
    const cur = el.current;
    const g = new window.Game(el.initialFen);
    for (const m of cur.moves) g.play(m);
    const gameFen = g.fen();
    g.free();
    const highlighted = [...sr.querySelectorAll('.moves button[aria-current="step"]')].map((b) => b.textContent);
    return {
      ...cur,
      boardFen: el.board.fen,
      gameFen,
      highlighted,
      shownMove: sr.querySelector('.now .move')?.textContent ?? null,
      shownComment: [...sr.querySelectorAll('.now .comment')].map((c) => c.textContent).join('\n') || null,
      ply: sr.querySelector('.ply').textContent,
      alts: sr.querySelector('.alts').hidden ? [] : [...sr.querySelectorAll('.alts button')].map((b) => b.textContent),
      back: !sr.querySelector('.back').hidden,
      disabled: [...sr.querySelectorAll('.nav button')].filter((b) => b.getAttribute('aria-disabled') === 'true')
        .map((b) => b.dataset.action),
      focused: sr.activeElement?.className ?? sr.activeElement?.tagName ?? null,
      pieces: el.board.shadowRoot.querySelector('canvas.xqb-pieces').toDataURL(),
    };
  });
}

/** The checks that hold at every step: the board shows the Game's position, the comment and highlight agree. */
function checkStep(s, { moves, comment, ply }) {
  assert.deepEqual(s.moves, moves);
  assert.equal(s.boardFen, s.gameFen, 'the board shows the position of a Game that played the moves');
  assert.equal(s.fen, s.gameFen);
  assert.equal(s.shownComment, comment);
  assert.equal(s.comment, comment);
  if (moves.length) {
    assert.deepEqual(s.highlighted, [s.notation.replace(/^\d+(\.|…) /, '')], 'one move highlighted: the current one');
    assert.ok(s.shownMove.startsWith(s.notation), `${s.shownMove} shows ${s.notation}`);
  } else {
    assert.deepEqual(s.highlighted, []);
  }
  if (ply) assert.equal(s.ply, ply);
}

test('stepping through a commented game: buttons, keys, move list, a variation entered and left', async () => {
  const { page, context, errors } = await open(`<div id="box" style="width: 860px"><xiangqi-lesson notation="wxf">
<script type="application/x-chess-pgn">${LESSON_PGN}</script></xiangqi-lesson></div>`, SCRIPT);
  await withShot(page, 'steps', async () => {
    await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
    const lesson = page.locator('xiangqi-lesson');
    let s = await state(page);
    checkStep(s, { moves: [], comment: 'Start comment', ply: '0 / 5' });
    assert.deepEqual(s.disabled, ['first', 'previous']);
    const start = s.pieces;
    // The headers, as text.
    assert.deepEqual(await lesson.locator('.players bdi').allTextContents(), ['Teacher', 'Student']);
    assert.equal(await lesson.locator('.event').textContent(), 'Test lesson');

    // Buttons.
    await lesson.locator('button.next').click();
    s = await state(page);
    checkStep(s, { moves: ['h2e2'], comment: 'c1 central cannon', ply: '1 / 5' });
    assert.equal(s.notation, '1. C2.5');
    assert.notEqual(s.pieces, start, 'the board was repainted');
    assert.deepEqual(s.alts, ['1… H8+7', '1… C8.5'], 'the next move has an alternative, offered under it');
    assert.deepEqual(s.disabled, []);
    await lesson.locator('button.next').click();
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h9g7'], comment: 'c2 screen horse', ply: '2 / 5' });
    await lesson.locator('button.previous').click();
    checkStep(await state(page), { moves: ['h2e2'], comment: 'c1 central cannon' });
    await lesson.locator('button.last').click();
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0'], comment: null, ply: '5 / 5' });
    assert.equal(s.notation, '3. R1.2!', 'NAG $1 shown as !');
    assert.deepEqual(s.disabled, ['next', 'last']);
    await lesson.locator('button.first').click();
    s = await state(page);
    checkStep(s, { moves: [], comment: 'Start comment' });
    assert.equal(s.pieces, start, 'back at the start, the same pixels');

    // Keys (the focus stays on the toolbar button; arrows, Home, End; Down into a variation, Up out of it).
    await lesson.locator('button.next').focus();
    await page.keyboard.press('ArrowRight');
    checkStep(await state(page), { moves: ['h2e2'], comment: 'c1 central cannon' });
    await page.keyboard.press('ArrowDown');
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h7e7'], comment: 'v1 same-direction cannons' });
    assert.equal(s.inVariation, true);
    assert.equal(s.depth, 1);
    assert.equal(s.back, true, 'a way back to the main line is offered');
    assert.match(s.shownMove, /\(variation\)$/);
    await page.keyboard.press('ArrowRight');
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h7e7', 'h0g2'], comment: null });
    await page.keyboard.press('End');
    checkStep(await state(page), { moves: ['h2e2', 'h7e7', 'h0g2', 'h9g7'], comment: null, ply: '4 / 4' });
    await page.keyboard.press('ArrowUp');
    s = await state(page);
    checkStep(s, { moves: ['h2e2'], comment: 'c1 central cannon' });
    assert.equal(s.inVariation, false);
    await page.keyboard.press('ArrowRight');
    checkStep(await state(page), { moves: ['h2e2', 'h9g7'], comment: 'c2 screen horse' });
    await page.keyboard.press('Home');
    checkStep(await state(page), { moves: [], comment: 'Start comment' });
    // A variation's first move steps back out of it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    checkStep(await state(page), { moves: ['h2e2'], comment: 'c1 central cannon' });

    // The move list: a nested variation's move clicked, then the keys from the list (focus follows the move).
    await lesson.locator('.moves button', { hasText: /^H8\+7$/ }).nth(1).click();
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h7e7', 'b0c2'], comment: 'v2 nested' });
    assert.equal(s.depth, 2);
    await page.keyboard.press('ArrowLeft');
    s = await state(page);
    checkStep(s, { moves: ['h2e2', 'h7e7'], comment: 'v1 same-direction cannons' });
    assert.equal(s.focused, 'c', 'the focus followed the current move in the list');
    assert.deepEqual(s.alts, ['2. H2+3', '2. H8+7']);
    await lesson.locator('.alts button', { hasText: 'H8+7' }).click();
    checkStep(await state(page), { moves: ['h2e2', 'h7e7', 'b0c2'], comment: 'v2 nested' });
    await lesson.locator('button.back').click();
    checkStep(await state(page), { moves: ['h2e2', 'h7e7'], comment: 'v1 same-direction cannons' });
    await lesson.locator('button.back').click();
    checkStep(await state(page), { moves: ['h2e2'], comment: 'c1 central cannon' });
    // Keys pressed on the board itself are the board's (its cursor), not steps.
    await page.evaluate(() => document.querySelector('xiangqi-lesson').board.shadowRoot.querySelector('.xqb').focus());
    await page.keyboard.press('ArrowRight');
    checkStep(await state(page), { moves: ['h2e2'], comment: 'c1 central cannon' });

    // Notation and language change in place, at the same position.
    await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('notation', 'chinese'));
    s = await state(page);
    assert.equal(s.notation, '1. 炮二平五');
    assert.deepEqual(s.highlighted, ['炮二平五']);
    await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('notation', 'iccs'));
    assert.equal((await state(page)).notation, '1. H2-E2');
    await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('lang', 'zh'));
    assert.equal(await lesson.locator('button.next').getAttribute('aria-label'), '下一着');
    assert.equal(await lesson.locator('.players .who').first().textContent(), '红方 ');
    assert.equal(await page.evaluate(() => document.querySelector('xiangqi-lesson').board.getAttribute('lang')), 'zh');
    await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('theme', 'dark'));
    assert.equal(await page.evaluate(() => document.querySelector('xiangqi-lesson').board.board.config.theme), 'dark');
    // Moved in the document: the same record stays at the same move (no reload).
    const moved = await page.evaluate(async () => {
      const el = document.querySelector('xiangqi-lesson');
      const loads = window.events.filter((e) => e.type === 'load').length;
      document.body.append(el);
      await new Promise((r) => setTimeout(r, 100));
      await el.board.ready;
      return { moves: el.current.moves, reloaded: window.events.filter((e) => e.type === 'load').length - loads,
        board: el.board.fen === el.current.fen };
    });
    assert.deepEqual(moved, { moves: ['h2e2'], reloaded: 0, board: true });
    const navigations = await page.evaluate(() => window.events.filter((e) => e.type === 'navigate').length);
    assert.ok(navigations >= 20, `a navigate event per step (${navigations})`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('several lessons and a puzzle on one page: axe (best practices included) finds nothing of theirs', async () => {
  // Each element's headers are no landmark of their own: two lessons used to add two banners
  // (landmark-no-duplicate-banner, landmark-unique).
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const pgn = '[Red "甲"]\n[Black "乙"]\n[Event "Lesson"]\n\n1. h2e2 {Central cannon.} h9g7 *';
  const script = `import '/pkg/lesson.js';
import '/pkg/puzzle.js';
await Promise.all([...document.querySelectorAll('xiangqi-lesson, xiangqi-puzzle')].map((el) => el.ready));
window.ready = true;
`;
  const lesson = `<xiangqi-lesson pgn='${pgn.replaceAll("'", '&#39;')}'></xiangqi-lesson>`;
  // As a teaching page puts them: straight in the body, under a heading.
  const { page, context, errors } = await open(`<h1>Lessons</h1>${lesson}${lesson}
    <xiangqi-puzzle fen="8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1" solution="f0e0 d7d8 h4d4"></xiangqi-puzzle>`,
  script);
  await withShot(page, 'several-elements-axe', async () => {
    await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      // Every rule but the page's own structure, which is the host page's to give (a main landmark, content in
      // landmarks): the elements must add no landmark of their own.
      const r = await window.axe.run(document, { resultTypes: ['violations'],
        rules: { 'landmark-one-main': { enabled: false }, region: { enabled: false } } });
      return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    });
    assert.deepEqual(violations, []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('records from a pgn attribute, a src URL (PGN and DhtmlXQ), a position; errors as text and error events', async () => {
  const { page, context, errors } = await open('<xiangqi-lesson fen="4k4/9/9/9/9/9/9/9/4R4/3K5 b"></xiangqi-lesson>',
    SCRIPT);
  await withShot(page, 'sources', async () => {
    await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
    let s = await state(page);
    assert.equal(s.boardFen, '4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1');
    assert.equal(s.boardFen, s.gameFen);
    assert.deepEqual(s.disabled, ['first', 'previous', 'next', 'last']);
    // A pgn attribute, then the same record from a URL, then a DhtmlXQ record from a URL.
    const dh = await page.evaluate(() => {
      const g = new window.Game();
      g.play('h2e2');
      g.setComment('dhtml comment');
      g.play('h9g7');
      const text = g.dhtmlxq().replace('[DhtmlXQ]', '[DhtmlXQ]\n[DhtmlXQ_red]Red player[/DhtmlXQ_red]');
      g.free();
      return text;
    });
    await page.route(`${server.url}records/*`, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === 'lesson.pgn') return route.fulfill({ contentType: 'application/x-chess-pgn', body: LESSON_PGN });
      if (name === 'game.dhtml') return route.fulfill({ contentType: 'text/plain', body: dh });
      if (name === 'huge.pgn') return route.fulfill({ contentType: 'text/plain', body: `{${'x'.repeat(3 << 20)}} *` });
      if (name === 'game.xqf') return route.fulfill({ contentType: 'application/octet-stream', body: XQF });
      if (name === 'big5.pgn') return route.fulfill({ contentType: 'application/x-chess-pgn', body: BIG5 });
      return route.fulfill({ status: 404, body: 'not found' });
    });
    const load = (attrs) => page.evaluate(async (attrs) => {
      const el = document.querySelector('xiangqi-lesson');
      window.events = [];
      const done = new Promise((resolve) => {
        el.addEventListener('load', () => resolve('load'), { once: true });
        el.addEventListener('error', (e) => resolve(e.detail.code), { once: true });
      });
      for (const a of ['pgn', 'src', 'fen', 'game']) el.removeAttribute(a);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      return done;
    }, attrs);
    assert.equal(await load({ pgn: LESSON_PGN }), 'load');
    await page.evaluate(() => document.querySelector('xiangqi-lesson').last());
    checkStep(await state(page), { moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0'], comment: null });
    assert.equal(await load({ src: '/records/lesson.pgn' }), 'load');
    checkStep(await state(page), { moves: [], comment: 'Start comment' });
    assert.equal(await load({ src: '/records/game.dhtml' }), 'load');
    await page.evaluate(() => document.querySelector('xiangqi-lesson').next());
    checkStep(await state(page), { moves: ['h2e2'], comment: 'dhtml comment' });
    assert.deepEqual(await page.evaluate(() => document.querySelector('xiangqi-lesson').headers),
      { Red: 'Red player', Result: '*' });
    // An XQF file and a Big5 PGN: the players and the event from their tags, the format and encoding said.
    assert.equal(await load({ src: '/records/game.xqf' }), 'load');
    let shown = await page.evaluate(() => {
      const el = document.querySelector('xiangqi-lesson');
      return { format: el.format, players: el.shadowRoot.querySelector('.players').textContent,
        event: el.shadowRoot.querySelector('.event').textContent };
    });
    assert.deepEqual(shown.format, { format: 'xqf', encoding: null });
    assert.match(shown.players, /柳大华.*吕  钦.*Black won/);
    assert.match(shown.event, /仙人指路对起马局 · "中立杯"象棋电视快棋赛 · 北京 · 1997年11月16日/);
    assert.equal(await load({ src: '/records/big5.pgn' }), 'load');
    shown = await page.evaluate(() => {
      const el = document.querySelector('xiangqi-lesson');
      return { format: el.format, players: el.shadowRoot.querySelector('.players').textContent };
    });
    assert.deepEqual(shown.format, { format: 'pgn', encoding: 'big5' });
    assert.match(shown.players, /上海胡榮華.*廣東呂欽.*Draw/);

    // Errors: shown as text in the element, an `error` event, nothing thrown out of attributeChangedCallback.
    const shownError = () => page.evaluate(() => {
      const sr = document.querySelector('xiangqi-lesson').shadowRoot;
      const box = sr.querySelector('.error');
      return { hidden: box.hidden, text: box.textContent, body: sr.querySelector('.body').hidden,
        elements: box.querySelectorAll('*').length };
    });
    assert.equal(await load({ pgn: '1. C2.5 C3.5 *' }), 'ERR_RECORD_MOVE');
    let e = await shownError();
    assert.equal(e.hidden, false);
    assert.equal(e.body, true);
    assert.match(e.text, /ERR_RECORD_MOVE/);
    assert.match(e.text, /C3\.5/);
    assert.match(await load({ pgn: '1. <img src=x onerror=window.pwned.push(1)> *' }), /^ERR_RECORD_(SYNTAX|MOVE)$/);
    e = await shownError();
    assert.match(e.text, /ERR_RECORD_(SYNTAX|MOVE): .*<img/, 'the message quotes the record as text');
    assert.equal(e.elements, 2, 'the message and its detail; the record text is not markup');
    assert.equal(await load({ fen: 'nonsense' }), 'ERR_FEN_BOARD');
    assert.equal(await load({ pgn: LESSON_PGN, game: '2' }), 'ERR_ARGUMENT');
    assert.equal(await load({ pgn: LESSON_PGN, game: 'x' }), 'ERR_OPTIONS');
    assert.equal(await load({ src: '/records/missing.pgn' }), 'ERR_RECORD_FETCH');
    assert.match((await shownError()).text, /HTTP 404/);
    assert.equal(await load({ src: '/records/huge.pgn' }), 'ERR_RECORD_TOO_LARGE');
    assert.match((await shownError()).text, /too large to show \(3\.0 MB; the limit is 2\.0 MB\)/);
    await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('lang', 'zh'));
    assert.equal(await load({ pgn: `{${'y'.repeat((2 << 20) + 1)}} *` }), 'ERR_RECORD_TOO_LARGE');
    assert.match((await shownError()).text, /棋谱太大/);
    // Bad display attributes fall back to their defaults.
    await page.evaluate(() => {
      const el = document.querySelector('xiangqi-lesson');
      for (const [k, v] of [['notation', 'bogus'], ['theme', 'blue'], ['orientation', 'up'], ['piece-set', '?']]) {
        el.setAttribute(k, v);
      }
    });
    assert.equal(await load({ pgn: LESSON_PGN }), 'load');
    await page.evaluate(() => document.querySelector('xiangqi-lesson').next());
    assert.equal((await state(page)).notation, '1. 炮二平五');
    // Recovered: the error is gone.
    assert.equal((await shownError()).hidden, true);
  });
  assert.deepEqual(await page.evaluate(() => window.pwned), []);
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});

test('a large record (a file of many games) is read in a worker: the game asked for, errors with their codes',
  async () => {
    const { page, context, errors } = await open('<xiangqi-lesson notation="iccs"></xiangqi-lesson>', SCRIPT);
    await withShot(page, 'worker', async () => {
      await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
      const r = await page.evaluate(async () => {
        const el = document.querySelector('xiangqi-lesson');
        // 400 games of about 1 KB (numbered in their Event tag): well above the 64 KB read on the page's thread.
        const game = (i, bad) => `[Event "Game ${i}"]\n[Red "R${i}"]\n\n{${'comment '.repeat(100)}} 1. C2.5 H8+7 `
          + `2. H2+3 ${bad ? 'C3.5' : 'R9.8'} *\n\n`;
        const file = (badAt) => Array.from({ length: 400 }, (_, i) => game(i + 1, i + 1 === badAt)).join('');
        const show = (attrs) => new Promise((resolve) => {
          el.addEventListener('load', () => resolve('load'), { once: true });
          el.addEventListener('error', (e) => resolve(e.detail.error), { once: true });
          for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
        });
        // The page's thread: the longest gap between timer ticks while the record is read (a figure, not a test).
        let last = performance.now();
        let gap = 0;
        const tick = setInterval(() => {
          const now = performance.now();
          gap = Math.max(gap, now - last);
          last = now;
        }, 5);
        const t0 = performance.now();
        const loaded = await show({ game: '321', pgn: file(0) });
        const ms = performance.now() - t0;
        clearInterval(tick);
        el.last();
        const out = { loaded, ms, gap, size: file(0).length, event: el.headers.Event, moves: el.current.moves,
          worker: performance.getEntriesByType('resource').some((e) => /lesson-worker\.js$/.test(e.name)) };
        // A game that cannot be read costs only itself: game 1 of the file shows, game 7 is the error.
        out.other = await show({ game: '1', pgn: file(7) });
        const err = await show({ game: '7', pgn: file(7) });
        out.error = { code: err.code, game: err.game, ply: err.ply, moveText: err.moveText, name: err.name,
          isError: err instanceof Error, shown: el.shadowRoot.querySelector('.error').textContent };
        return out;
      });
      console.log(`a ${(r.size / 1024).toFixed(0)} KB record of 400 games read in the worker in ${r.ms.toFixed(0)} ms; `
        + `the page's longest timer gap meanwhile ${r.gap.toFixed(0)} ms`);
      assert.equal(r.loaded, 'load');
      assert.equal(r.other, 'load');
      assert.equal(r.worker, true, 'the lesson worker was started');
      assert.equal(r.event, 'Game 321');
      assert.deepEqual(r.moves, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
      assert.deepEqual({ ...r.error, shown: undefined }, { code: 'ERR_RECORD_MOVE', game: 6 /* the 7th, from 0 */, ply: 4, moveText: 'C3.5',
        name: 'XiangqiError', isError: true, shown: undefined });
      assert.match(r.error.shown, /ERR_RECORD_MOVE: .*C3\.5/);
    });
    assert.deepEqual(errors, []);
    await context.close();
  });

test('the built embed page (www/dist/embed.html) steps through its commented game', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await withShot(page, 'embed', async () => {
    await page.goto(`${dist.url}embed.html`);
    await page.waitForFunction(() => document.querySelector('xiangqi-lesson')?.current, null, { timeout: 20000 });
    const lesson = page.locator('xiangqi-lesson');
    assert.match(await lesson.locator('.now .comment').textContent(), /中炮对屏风马.*Central Cannon/);
    assert.match(await lesson.locator('.players').textContent(), /Teacher Wang/);
    await lesson.locator('button.next').click();
    await page.keyboard.press('ArrowRight');
    let s = await page.evaluate(() => document.querySelector('xiangqi-lesson').current);
    assert.deepEqual(s.moves, ['h2e2', 'h9g7']);
    assert.match(s.comment, /Black first defends/);
    // The variation on Black's first move: entered with ↓ from the position before it.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    s = await page.evaluate(() => document.querySelector('xiangqi-lesson').current);
    assert.equal(s.notation, '1… 炮8平5');
    assert.match(s.comment, /顺炮/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    s = await page.evaluate(() => document.querySelector('xiangqi-lesson').current);
    assert.equal(s.ply, 18);
    const fen = await page.evaluate(() => document.querySelector('xiangqi-lesson').board.fen);
    assert.equal(fen, s.fen);
    // The state docs/images/embed.png shows: after 5. 兵七进一, Black's two recorded answers offered.
    assert.equal(await page.evaluate(() => document.querySelector('xiangqi-lesson').goTo(['h2e2', 'h9g7', 'h0g2',
      'i9h9', 'i0h0', 'g6g5', 'h0h6', 'b9c7', 'c3c4'])), true);
    assert.deepEqual(await lesson.locator('.alts button').allTextContents(), ['5… 炮8平9', '5… 象3进5']);
    await page.evaluate(() => document.activeElement?.blur());
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'embed-page.png') });
    // The worker for large records, as Vite bundled it (assets/lesson-worker-*.js): a 200 KB record.
    const big = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('xiangqi-lesson');
      el.addEventListener('load', () => resolve({ comment: el.current.comment.length,
        worker: performance.getEntriesByType('resource').some((e) => /lesson-worker[^/]*\.js$/.test(e.name)) }), { once: true });
      el.addEventListener('error', (e) => resolve(e.detail.message), { once: true });
      el.setAttribute('pgn', `{${'长'.repeat(70000)}} 1. C2.5 *`);
    }));
    assert.deepEqual(big, { comment: 70000, worker: true });
  });
  assert.deepEqual(errors, []);
  await context.close();
});

// --- hostile records ---------------------------------------------------------------------------------------------

const BIDI = '\u202E\u202D\u202A\u202B\u2066\u2067\u2068\u200F\u061C';
/** Text that would be markup, script or an event handler if it ever reached the page as HTML. */
const EVIL = [
  '<img src=x onerror="window.pwned.push(\'img\')">',
  '<script>window.pwned.push(\'script\')</script>',
  '</textarea><svg onload="window.pwned.push(\'svg\')"></svg>',
  '" onmouseover="window.pwned.push(\'attr\')" x="',
  '<iframe srcdoc="<script>parent.pwned.push(\'iframe\')</script>"></iframe>',
  `${BIDI}gnp.exe evil \u202Eright-to-left override`,
  '<style>*{display:none}</style><a href="javascript:window.pwned.push(\'a\')">x</a>',
];
const escapeHeader = (s) => s.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
/** PGN comments end at "}", so hostile comments use everything else. */
const comment = (s) => s.replaceAll('}', ')');
const MEGA = 'W'.repeat(1 << 20); // one 1 MB line without a break opportunity

/** A record with hostile headers, comments and names; `benign` gives the same shape with harmless text. */
function hostileRecord(benign = false) {
  const t = (i) => (benign ? `plain text ${i}` : EVIL[i % EVIL.length]);
  const headers = { Event: t(0), Site: t(5), Date: t(6), Round: t(3), Red: t(1), Black: `${t(2)}${t(5)}`,
    Opening: benign ? 'x'.repeat(5000) : `${EVIL.join('')}${'<b>'.repeat(1000)}`, Result: '1-0' };
  const tags = Object.entries(headers).map(([k, v]) => `[${k} "${escapeHeader(v)}"]`).join('\n');
  return `${tags}\n\n{${comment(t(4))}} 1. C2.5 {${comment(t(0))}} H8+7 {${comment(t(1))}} (1... C8.5 {${comment(t(2))}}) `
    + `2. H2+3 {${benign ? 'w'.repeat(1 << 20) : MEGA}} R9.8 {${comment(t(3))}${comment(t(5))}} 1-0`;
}

const HOSTILE_SCRIPT = `import { Game } from '/pkg/xiangqi_wasm.js';
import '/pkg/lesson.js';
window.Game = Game;
window.counts = () => {
  const el = document.querySelector('xiangqi-lesson');
  const tally = (root) => {
    const out = {};
    for (const e of root.querySelectorAll('*')) out[e.localName] = (out[e.localName] ?? 0) + 1;
    return out;
  };
  return { document: tally(document), shadow: tally(el.shadowRoot), board: tally(el.board.shadowRoot) };
};
window.show = async (record, how) => {
  const el = document.querySelector('xiangqi-lesson');
  const loaded = new Promise((resolve) => {
    el.addEventListener('load', () => resolve('load'), { once: true });
    el.addEventListener('error', (e) => resolve(e.detail.code), { once: true });
  });
  const t0 = performance.now();
  el.removeAttribute('pgn');
  el.querySelector('script')?.remove();
  if (how === 'attribute') {
    el.setAttribute('pgn', record);
  } else {
    const s = document.createElement('script');
    s.type = 'application/x-chess-pgn';
    s.textContent = record;
    el.append(s);
  }
  const result = await loaded;
  return { result, ms: performance.now() - t0 };
};
await customElements.whenDefined('xiangqi-lesson');
window.ready = true;
`;

async function hostileRun({ csp }) {
  const { page, context, errors } = await open(`<div id="box"><xiangqi-lesson pgn="*"></xiangqi-lesson></div>`,
    HOSTILE_SCRIPT, { width: 700, csp });
  const name = csp ? 'hostile-csp' : 'hostile';
  let report;
  await withShot(page, name, async () => {
    await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector('xiangqi-lesson').ready);
    const empty = await page.evaluate(() => window.counts());
    const benign = hostileRecord(true);
    const evil = hostileRecord(false);
    assert.equal(benign.length, benign.length);
    const shapes = {};
    for (const how of ['attribute', 'script']) {
      for (const [kind, record] of [['benign', benign], ['evil', evil]]) {
        const r = await page.evaluate(([rec, h]) => window.show(rec, h), [record, how]);
        assert.equal(r.result, 'load', `${kind} record via ${how} loads`);
        await page.evaluate(() => document.querySelector('xiangqi-lesson').goTo(['h2e2', 'h9g7', 'h0g2']));
        shapes[`${kind}-${how}`] = await page.evaluate(() => window.counts());
        if (kind === 'evil') report = { ...report, [`ms-${how}`]: Math.round(r.ms) };
      }
      // Exactly the elements a harmless record of the same shape makes, in the document and the shadow roots.
      assert.deepEqual(shapes[`evil-${how}`], shapes[`benign-${how}`], `no element injected (${how})`);
    }
    const c = shapes['evil-script'];
    for (const tag of ['img', 'script', 'iframe', 'textarea', 'a', 'style', 'b']) assert.equal(c.shadow[tag], undefined, tag);
    assert.equal(c.shadow.svg, 4, 'the four step icons are the only svg');
    assert.equal(c.document.script, empty.document.script + 1, 'the document has only its own scripts and the record');
    assert.deepEqual(c.board, empty.board, 'the board is untouched');

    // The text is shown as text: exactly the record's characters (header values cut at 300 with "…").
    const shown = await page.evaluate(() => {
      const sr = document.querySelector('xiangqi-lesson').shadowRoot;
      const texts = [...sr.querySelectorAll('.text')];
      // The record's own characters are the first text node of each element (a second one may close bidi
      // controls the record left open, see below).
      const own = (b) => b.firstChild.data;
      // What follows a name stays after it on screen, whatever bidi controls the name holds.
      const black = sr.querySelector('.pl.b bdi');
      const range = document.createRange();
      range.selectNodeContents(black);
      const last = [...range.getClientRects()].at(-1);
      const result = sr.querySelector('.result').getBoundingClientRect();
      return {
        after: result.top >= last.bottom - 1 || result.left >= last.right - 1,
        closed: black.lastChild.data,
        names: [...sr.querySelectorAll('.players bdi')].map(own),
        facts: [...sr.querySelectorAll('.event bdi')].map(own),
        comment: sr.querySelector('.now .comment').textContent.length,
        isolated: texts.every((t) => t.dir === 'auto' && getComputedStyle(t).unicodeBidi === 'isolate'),
        wraps: texts.every((t) => getComputedStyle(t).overflowWrap === 'anywhere'),
        count: texts.length,
      };
    });
    assert.deepEqual(shown.names, [EVIL[1], `${EVIL[2]}${EVIL[5]}`]);
    assert.ok(shown.after, 'the result shown after the hostile name stays after it');
    // RLO LRO LRE RLE LRI RLI FSI … RLO left open: closed innermost first.
    assert.equal(shown.closed, '\u202C\u2069\u2069\u2069\u202C\u202C\u202C\u202C');
    assert.deepEqual(shown.facts.slice(0, 4), [EVIL[0], EVIL[3], EVIL[5], EVIL[6]]);
    assert.equal(shown.facts[4].length, 301, 'a long header is cut');
    assert.equal(shown.comment, MEGA.length, 'the 1 MB comment is shown whole');
    assert.ok(shown.isolated, 'every piece of record text is a bidi-isolated dir=auto element');
    assert.ok(shown.wraps, 'every piece of record text wraps anywhere');
    assert.ok(shown.count >= 8, `record text elements: ${shown.count}`);

    // The layout holds: nothing wider than the container, the 1 MB comment scrolls inside its panel.
    const layout = await page.evaluate(() => {
      const el = document.querySelector('xiangqi-lesson');
      const sr = el.shadowRoot;
      const now = sr.querySelector('.now');
      const widest = Math.max(...[...sr.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return { box: document.getElementById('box').getBoundingClientRect().width, el: el.getBoundingClientRect().width,
        right: el.getBoundingClientRect().right, widest, pageWidth: document.documentElement.scrollWidth,
        viewport: innerWidth, nowHeight: now.getBoundingClientRect().height, nowOverflowX: now.scrollWidth - now.clientWidth,
        boardWidth: el.board.getBoundingClientRect().width, elHeight: el.getBoundingClientRect().height };
    });
    assert.ok(layout.el <= layout.box, `the element fits its container: ${JSON.stringify(layout)}`);
    assert.ok(layout.widest <= layout.right + 0.5, `no part sticks out: ${JSON.stringify(layout)}`);
    assert.ok(layout.pageWidth <= layout.viewport, `no horizontal scroll: ${JSON.stringify(layout)}`);
    assert.ok(layout.nowOverflowX <= 0, 'the comment wraps');
    assert.ok(layout.nowHeight < 400, `the comment panel scrolls instead of growing: ${layout.nowHeight}`);
    assert.ok(layout.boardWidth > 250, `the board keeps its size: ${layout.boardWidth}`);
    assert.ok(layout.elHeight < 2000, `the element keeps a sane height: ${layout.elHeight}`);
    // Every step of the hostile record (the variation too) shows its text without a script running.
    await page.evaluate(() => {
      const el = document.querySelector('xiangqi-lesson');
      el.first();
      for (let i = 0; i < 6; i++) el.next();
      el.goTo(['h2e2', 'h7e7']);
    });
    assert.equal(await page.evaluate(() => document.querySelector('xiangqi-lesson').current.comment), EVIL[2]);
    // Hover and click everything, in case a handler attribute had been made.
    await page.locator('xiangqi-lesson').hover();
    await page.waitForTimeout(200);
    assert.deepEqual(await page.evaluate(() => window.pwned), [], 'no script ran');
    report = { ...report, violations: await page.evaluate(() => window.violations), layout };
  });
  assert.deepEqual(errors, []);
  await context.close();
  return report;
}

test('a hostile record is shown only as text: no element injected, no script run, layout intact', async () => {
  const r = await hostileRun({ csp: false });
  console.log(`hostile record (${(hostileRecord().length / 1e6).toFixed(2)} MB): shown in ${r['ms-attribute']} ms `
    + `(attribute), ${r['ms-script']} ms (script child)`);
  assert.deepEqual(r.violations, []);
});

test('under a strict CSP the hostile record page reports no violation', async () => {
  const r = await hostileRun({ csp: true });
  console.log(`CSP violations: ${r.violations.length} (${JSON.stringify(r.violations)})`);
  assert.deepEqual(r.violations, []);
});

async function embedViolations() {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  await withShot(page, 'embed-csp', async () => {
    await page.goto(`${distCsp.url}embed.html`);
    await page.waitForFunction(() => document.querySelector('xiangqi-lesson')?.current, null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector('xiangqi-lesson').last());
    await page.waitForTimeout(300);
  });
  const violations = await page.evaluate(() => window.violations);
  const policy = await page.evaluate(() => fetch(location.href).then((r) => r.headers.get('content-security-policy')));
  await context.close();
  assert.equal(policy, CSP, 'the page is served with the strict policy');
  return violations;
}

test('the built embed page under a strict CSP: no violation (board included)', async () => {
  const v = await embedViolations();
  console.log(`embed CSP violations: ${v.length} (${JSON.stringify(v)})`);
  assert.deepEqual(v, []);
});

// --- docs/lesson.md: its JS examples run in Chromium, each `expression; // value` line checked ------------------

const LESSON_DOC = readFileSync(join(root, 'docs', 'lesson.md'), 'utf8');
const DOC_BLOCKS = [...LESSON_DOC.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.trim().includes('\n'));

/** Rewrites `expr; // value` lines (value a JS literal) into checks; returns the code and how many. */
function withChecks(code) {
  let checks = 0;
  const out = code.split('\n').map((line) => {
    const m = /^(\s*)([^/]*?);\s*\/\/\s*(.+?)\s*$/.exec(line);
    if (!m || /^\s*(import|const|let|var|await|try|if|\})/.test(m[2])) return line;
    try {
      new Function(`return (${m[3]});`); // eslint-disable-line no-new-func
    } catch {
      return line;
    }
    checks++;
    return `${m[1]}__check(${m[2]}, ${m[3]}, ${JSON.stringify(m[2])});`;
  });
  return { code: out.join('\n'), checks };
}

// Drawings (issue 36): a move's arrows and circled points are drawn on the lesson's board while that move is shown,
// and its NAG symbol is shown with the move. Two lessons of the same moves, one without the drawings: at the move
// with drawings their boards differ, at a move without they are the same pixels.
test('a move\'s drawings are drawn on the board, its NAG shown as a symbol', async () => {
  const moves = '1. 炮二平五 $1 {central [%cal Rh2e2,Gb0c2] [%csl Ye7,Bh7]} 1... 马8进7 $2 2. 马二进三 *';
  const plain = '1. 炮二平五 $1 {central} 1... 马8进7 $2 2. 马二进三 *';
  const { page, context, errors } = await open(`<div style="display: flex; gap: 8px">
<div style="width: 440px"><xiangqi-lesson id="drawn" lang="en"><script type="application/x-chess-pgn">${moves}</script></xiangqi-lesson></div>
<div style="width: 440px"><xiangqi-lesson id="plain" lang="en"><script type="application/x-chess-pgn">${plain}</script></xiangqi-lesson></div></div>`,
  `import '/pkg/lesson.js';
await Promise.all([...document.querySelectorAll('xiangqi-lesson')].map((e) => e.ready));
window.ready = true;`);
  await withShot(page, 'drawings', async () => {
    await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
    const pixels = () => page.evaluate(() => [...document.querySelectorAll('xiangqi-lesson')].map((el) =>
      [...el.board.shadowRoot.querySelectorAll('canvas')].map((c) => c.toDataURL()).join('|')));
    const look = () => page.evaluate(() => {
      const el = document.getElementById('drawn');
      return { current: el.current, shapes: el.board.board.config.shapes,
        shown: el.shadowRoot.querySelector('.now .move')?.textContent,
        comment: el.shadowRoot.querySelector('.now .comment')?.textContent };
    });
    for (const id of ['drawn', 'plain']) await page.locator(`#${id} button.next`).click();
    let s = await look();
    assert.deepEqual(s.current.drawings, [
      { from: 'h2', to: 'e2', color: 'red' }, { from: 'b0', to: 'c2', color: 'green' },
      { from: 'e7', to: null, color: 'yellow' }, { from: 'h7', to: null, color: 'blue' }]);
    assert.deepEqual(s.shapes, [
      { from: 'h2', to: 'e2', brush: 'red' }, { from: 'b0', to: 'c2', brush: 'green' },
      { from: 'e7', to: null, brush: 'yellow' }, { from: 'h7', to: null, brush: 'blue' }]);
    assert.equal(s.comment, 'central', 'the commands are not shown as text');
    assert.match(s.shown, /^1\. C2\.5!/, 'NAG $1 shown as ! (WXF: the notation of the English page, issue 37)');
    let [drawn, bare] = await pixels();
    assert.notEqual(drawn, bare, 'the drawings are painted on the board');
    await page.screenshot({ path: join(SHOTS, 'drawings-move1.png') });
    for (const id of ['drawn', 'plain']) await page.locator(`#${id} button.next`).click();
    s = await look();
    assert.deepEqual(s.shapes, [], 'the next move has no drawings: the board shows none');
    assert.match(s.shown, /H8\+7\?/, 'NAG $2 shown as ?');
    [drawn, bare] = await pixels();
    assert.equal(drawn, bare, 'without drawings, the same pixels as the lesson without them');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('docs/lesson.md has runnable examples', () => assert.ok(DOC_BLOCKS.length >= 2, `${DOC_BLOCKS.length} blocks`));

for (const [i, block] of DOC_BLOCKS.entries()) {
  test(`docs/lesson.md example ${i + 1}`, async () => {
    const { code: body, checks } = withChecks(block);
    const imports = body.split('\n').filter((l) => /^import /.test(l)).join('\n');
    const code = body.split('\n').filter((l) => !/^import /.test(l)).join('\n');
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = `${server.url}lesson-doc-${i}.html`;
    await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js", "xiangqi-wasm/board": "/pkg/board.js",
  "xiangqi-wasm/lesson": "/pkg/lesson.js" } }</script></head>
<body><div id="board" style="width: 700px"></div>
<script>
window.__failures = [];
window.__checked = 0;
window.__check = (actual, expected, text) => {
  window.__checked++;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    window.__failures.push(text + ' = ' + JSON.stringify(actual) + ', expected ' + JSON.stringify(expected));
  }
};
</script>
<script type="module">
${imports}
try {
${code}
  window.__done = 'ok';
} catch (e) { window.__done = String(e && e.stack || e); }
</script></body></html>` }));
    await withShot(page, `doc-example-${i + 1}`, async () => {
      await page.goto(url);
      await page.waitForFunction(() => window.__done, null, { timeout: 30000 }).catch(() => {});
      const r = await page.evaluate(() => ({ done: window.__done, failures: window.__failures, checked: window.__checked }));
      assert.equal(r.done, 'ok', `${r.done}\n${errors.join('\n')}`);
      assert.deepEqual(r.failures, []);
      assert.equal(r.checked, checks);
      assert.ok(checks >= 3, `${checks} checks`);
    });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
