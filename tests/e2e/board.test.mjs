// The canvas board (xiangqi-wasm/board) in Chromium: canvas pixels for both orientations, a theme and HiDPI;
// a move by clicking, one by dragging (through pointOf) and one by touch; an illegal drop refused; keyboard play
// and the live region; <xiangqi-board interactive> on its own Game, to mate; resizing; shapes; animation;
// destroy() leaves no listeners. Screenshots of every
// state are saved in test-results/board/ (printed below), so a failure can be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph, servePackage, launch } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = join(root, 'test-results', 'board');
let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'board.js')), 'pkg/board.js missing: run node scripts/build.mjs');
  mkdirSync(SHOTS, { recursive: true });
  console.log(`board screenshots: ${SHOTS}`);
  server = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const IMPORTS = `<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js",
  "xiangqi-wasm/board": "/pkg/board.js" } }</script>`;

/** A page at a virtual URL of the test server with `body`; resolves when `window.ready` resolved. */
async function open(body, { dpr = 1, width = 360, reducedMotion = 'reduce', hash = '', hasTouch = false } = {}) {
  const context = await browser.newContext({ viewport: { width: width + 40, height: 700 }, deviceScaleFactor: dpr,
    reducedMotion, hasTouch });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`console: ${m.text()}`); });
  const url = `${server.url}t/${Math.random().toString(36).slice(2)}.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">${IMPORTS}
<style>body { margin: 20px; } #b, xiangqi-board { width: ${width}px; }</style></head><body>${body}</body></html>` }));
  await page.goto(url + hash);
  await page.waitForFunction(() => window.ready === true || window.ready instanceof Error, null, { timeout: 20000 });
  const failed = await page.evaluate(() => (window.ready instanceof Error ? String(window.ready.stack) : null));
  assert.equal(failed, null);
  return { page, context, errors };
}

/** Runs `fn(page)`; a screenshot of the page is saved as `name`.png whether it passes or fails. */
async function withShot(page, name, fn) {
  try {
    await fn();
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
  }
}

const HOST = `<div id="b"></div><script type="module">
import init, { Game } from 'xiangqi-wasm';
import { createBoard } from 'xiangqi-wasm/board';
window.moves = [];
try {
  await init();
  const params = JSON.parse(decodeURIComponent(location.hash.slice(1) || '%7B%7D'));
  const game = new Game(params.fen ?? null);
  window.game = game;
  const el = document.getElementById('b');
  el.addEventListener('move', (e) => window.moves.push(e.detail.move));
  window.board = await createBoard(el, { fen: game.fen(), movable: game.turn(), dests: game.dests(),
    check: game.isCheck(), ...params.config,
    onMove(move) {
      game.play(move);
      board.set({ fen: game.fen(), movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: move });
    } });
  window.ready = true;
} catch (e) { window.ready = e; }
</script>`;

/** A host page: createBoard driven by a Game (from `fen`), with `config` merged into the board's config. */
function host(config = {}, opts = {}, fen = null) {
  return open(HOST, { ...opts, hash: `#${encodeURIComponent(JSON.stringify({ config, fen }))}` });
}

/**
 * Samples the composited canvases (background, pieces, overlay) around `square`: the colour at the centre
 * offset by (dx, dy) piece radii, and how many pixels in the inner disc are "red ink" (r > 150, g < 90, b < 90).
 */
function sample(page, square, dx = 0, dy = 0, sel = '#b') {
  return page.evaluate(({ square, dx, dy, sel }) => {
    const host = document.querySelector(sel);
    const canvases = [...(host.shadowRoot ?? host).querySelectorAll('canvas')];
    const [w, h] = [canvases[0].width, canvases[0].height];
    const scratch = new OffscreenCanvas(w, h);
    const ctx = scratch.getContext('2d', { willReadFrequently: true });
    for (const c of canvases) ctx.drawImage(c, 0, 0);
    const board = host.board ?? window.board;
    const p = board.pointOf(square);
    const rect = canvases[2].getBoundingClientRect();
    const s = w / rect.width;
    const cx = (p.x - rect.left) * s;
    const cy = (p.y - rect.top) * s;
    // the piece radius: 0.45 of the distance between two lines
    const q = board.pointOf(square[0] === 'a' ? `b${square[1]}` : `a${square[1]}`);
    const cell = Math.abs(q.x - p.x) * s / Math.abs('abcdefghi'.indexOf(square[0]) - (square[0] === 'a' ? 1 : 0));
    const r = cell * 0.45;
    const px = ctx.getImageData(Math.floor(cx + dx * r), Math.floor(cy + dy * r), 1, 1).data;
    const disc = ctx.getImageData(Math.round(cx - r / 2), Math.round(cy - r / 2), Math.round(r), Math.round(r)).data;
    let red = 0;
    for (let i = 0; i < disc.length; i += 4) if (disc[i] > 150 && disc[i + 1] < 90 && disc[i + 2] < 90) red++;
    // the disc's face: the median luminance of the annulus between the character and the inner ring
    const lums = [];
    const fx = cx + dx * r;
    const fy = cy + dy * r;
    const box = ctx.getImageData(Math.round(fx - r), Math.round(fy - r), Math.round(2 * r), Math.round(2 * r));
    for (let y = 0; y < box.height; y++) {
      for (let x = 0; x < box.width; x++) {
        const d = Math.hypot(x + 0.5 - r, y + 0.5 - r) / r;
        if (d < 0.56 || d > 0.7) continue;
        const i = (y * box.width + x) * 4;
        lums.push(0.2126 * box.data[i] + 0.7152 * box.data[i + 1] + 0.0722 * box.data[i + 2]);
      }
    }
    lums.sort((a, b) => a - b);
    const face = lums[lums.length >> 1];
    return { rgb: [px[0], px[1], px[2]], lum: 0.2126 * px[0] + 0.7152 * px[1] + 0.0722 * px[2], red, face, w, h, cell,
      cx, cy };
  }, { square, dx, dy, sel });
}

/** The colour of the composited canvases at canvas pixel (x, y). */
function pixelAt(page, x, y, sel = '#b') {
  return page.evaluate(({ x, y, sel }) => {
    const host = document.querySelector(sel);
    const canvases = [...(host.shadowRoot ?? host).querySelectorAll('canvas')];
    const scratch = new OffscreenCanvas(canvases[0].width, canvases[0].height);
    const ctx = scratch.getContext('2d', { willReadFrequently: true });
    for (const c of canvases) ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data;
    return 0.2126 * d[0] + 0.7152 * d[1] + 0.0722 * d[2];
  }, { x, y, sel });
}

const LIGHT_FACE = (s) => s.face > 215;
const DARK_FACE = (s) => s.face < 70;

test('pixels: the start position with Red at the bottom', async () => {
  const { page, context, errors } = await host();
  await withShot(page, 'start-red', async () => {
    const e0 = await sample(page, 'e0');
    const e9 = await sample(page, 'e9');
    const e4 = await sample(page, 'e4', 0.45, 0.45);
    assert.ok(LIGHT_FACE(e0), `red general's disc is light: ${JSON.stringify(e0)}`);
    assert.ok(e0.red > 20, `red general has red ink: ${e0.red}`);
    assert.ok(DARK_FACE(e9), `black general's disc is dark: ${JSON.stringify(e9)}`);
    assert.equal(e9.red, 0);
    assert.ok(e4.lum > 120 && e4.lum < 230 && e4.rgb[0] > e4.rgb[2] + 40, `empty point shows the wood: ${e4.rgb}`);
    const b0 = await page.evaluate(() => board.pointOf('b0'));
    const b9 = await page.evaluate(() => board.pointOf('b9'));
    assert.ok(b0.y > b9.y, 'rank 0 at the bottom');
    // The river: file a's line runs through it, file b's stops at its banks.
    const a4 = await sample(page, 'a4');
    const a5 = await sample(page, 'a5');
    const b4 = await sample(page, 'b4');
    const midY = (a4.cy + a5.cy) / 2;
    assert.ok(await pixelAt(page, a4.cx, midY) < 110, 'the outer file crosses the river');
    assert.ok(await pixelAt(page, b4.cx, midY + a4.cell * 0.3) > 120, 'the inner files stop at the river');
    // A grid line is crisp: dark on the line, wood two pixels beside it.
    const e2 = await sample(page, 'e1');
    assert.ok(await pixelAt(page, e2.cx + e2.cell * 0.5, e2.cy) < 110);
    assert.ok(await pixelAt(page, e2.cx + e2.cell * 0.5, e2.cy + 2) > 150);
    assert.equal(await page.evaluate(() => board.squareAt(board.pointOf('c3').x + 5, board.pointOf('c3').y - 5)), 'c3');
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('pixels: Black at the bottom', async () => {
  const { page, context } = await host({ orientation: 'black', movable: 'black' });
  await withShot(page, 'start-black', async () => {
    const e0 = await page.evaluate(() => board.pointOf('e0'));
    const e9 = await page.evaluate(() => board.pointOf('e9'));
    assert.ok(e0.y < e9.y, 'rank 0 at the top');
    const a0 = await page.evaluate(() => board.pointOf('a0'));
    const i0 = await page.evaluate(() => board.pointOf('i0'));
    assert.ok(a0.x > i0.x, 'file a on the right');
    const bottom = await sample(page, 'e9');
    const top = await sample(page, 'e0');
    assert.ok(DARK_FACE(bottom), `black general at the bottom: ${bottom.rgb}`);
    assert.ok(LIGHT_FACE(top) && (await sample(page, 'e0')).red > 20, `red general at the top: ${top.rgb}`);
    assert.ok(bottom.cy > top.cy);
  });
  await context.close();
});

test('pixels: dark and high-contrast themes', async () => {
  for (const theme of ['dark', 'high-contrast']) {
    const { page, context } = await host({ theme });
    await withShot(page, `theme-${theme}`, async () => {
      const wood = await sample(page, 'e4', 0.45, 0.45);
      const red = await sample(page, 'e0');
      const black = await sample(page, 'e9');
      if (theme === 'dark') assert.ok(wood.lum < 90, `dark board: ${wood.rgb}`);
      else assert.deepEqual(wood.rgb, [255, 255, 255], 'white board');
      assert.ok(LIGHT_FACE(red), `${theme}: red disc light ${red.rgb}`);
      assert.ok(DARK_FACE(black), `${theme}: black disc dark ${black.rgb}`);
      assert.ok(red.face - black.face > 150, 'apart in greyscale');
    });
    await context.close();
  }
});

test('pixels: HiDPI (deviceScaleFactor 2) paints at device resolution', async () => {
  const { page, context } = await host({}, { dpr: 2 });
  await withShot(page, 'hidpi', async () => {
    const s = await sample(page, 'e0');
    const css = await page.evaluate(() => document.querySelector('#b canvas').getBoundingClientRect().width);
    assert.equal(s.w, Math.round(css * 2), 'the canvas has two device pixels per CSS pixel');
    assert.ok(LIGHT_FACE(s) && s.red > 80, JSON.stringify(s));
    // lines stay thin and sharp in device pixels: dark on the line, wood two device pixels away
    const e1 = await sample(page, 'e1');
    assert.ok(await pixelAt(page, e1.cx + e1.cell * 0.5, e1.cy) < 110);
    assert.ok(await pixelAt(page, e1.cx + e1.cell * 0.5, e1.cy + 3) > 150);
  });
  await context.close();
});

test('the board follows its container\'s size (ResizeObserver)', async () => {
  const { page, context } = await host();
  await withShot(page, 'resized', async () => {
    const before = await page.evaluate(() => document.querySelector('#b canvas').width);
    await page.evaluate(() => { document.getElementById('b').style.width = '250px'; });
    await page.waitForFunction(() => document.querySelector('#b canvas').width === 250, null, { timeout: 5000 });
    assert.equal(before, 360);
    const s = await sample(page, 'e0');
    assert.ok(LIGHT_FACE(s) && s.red > 10, `repainted at the new size: ${JSON.stringify(s)}`);
    assert.ok(Math.abs(s.cell - 25) < 1, `cell ${s.cell}`);
    assert.equal(await page.evaluate(() => board.squareAt(board.pointOf('i9').x, board.pointOf('i9').y)), 'i9');
  });
  await context.close();
});

test('a move by clicking: select shows destinations, the second click moves', async () => {
  const { page, context, errors } = await host();
  await withShot(page, 'click-move', async () => {
    const h2 = await page.evaluate(() => board.pointOf('h2'));
    await page.mouse.click(h2.x, h2.y);
    assert.equal(await page.evaluate(() => board.selected), 'h2');
    await page.screenshot({ path: join(SHOTS, 'selected-dests.png') });
    // a destination dot on h6 (empty), a capture ring on h9 (the horse)
    const dot = await sample(page, 'h6');
    assert.ok(dot.rgb[1] > dot.rgb[0], `a green dot on h6: ${dot.rgb}`);
    const ring = await sample(page, 'h9', 1.12, 0);
    const plain = await sample(page, 'b9', 1.12, 0);
    assert.notDeepEqual(ring.rgb, plain.rgb, 'a capture ring around h9');
    const e2 = await page.evaluate(() => board.pointOf('e2'));
    await page.mouse.click(e2.x, e2.y);
    assert.deepEqual(await page.evaluate(() => window.moves), ['h2e2']);
    assert.deepEqual(await page.evaluate(() => game.history()), ['h2e2']);
    const after = await sample(page, 'e2');
    assert.ok(LIGHT_FACE(after) && after.red > 20, 'the cannon is on e2');
    const empty = await sample(page, 'h2', 0.45, 0.45);
    assert.ok(empty.lum < 230 && !LIGHT_FACE(await sample(page, 'h2')), 'h2 is empty');
    assert.match(await page.evaluate(() => board.fen), /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C2C4\/9\/RNBAKABNR b/);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('a move by dragging through pointOf, and an illegal drop returns the piece', async () => {
  const { page, context } = await host();
  await withShot(page, 'drag', async () => {
    const drag = async (from, to) => {
      const a = await page.evaluate((s) => board.pointOf(s), from);
      const b = await page.evaluate((s) => board.pointOf(s), to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      return async () => page.mouse.up();
    };
    const fenBefore = await page.evaluate(() => board.fen);
    const release = await drag('b0', 'b5');
    await page.screenshot({ path: join(SHOTS, 'dragging.png') });
    await release();
    assert.deepEqual(await page.evaluate(() => window.moves), [], 'b0b5 is not a horse move');
    assert.equal(await page.evaluate(() => board.fen), fenBefore);
    assert.ok(LIGHT_FACE(await sample(page, 'b0')), 'the horse is back on b0');
    assert.ok(!LIGHT_FACE(await sample(page, 'b5')), 'nothing on b5');
    await (await drag('b0', 'c2'))();
    assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2']);
    assert.ok(LIGHT_FACE(await sample(page, 'c2')), 'the horse is on c2');
    // now Black: dragging a Red piece does nothing, a Black move works
    await (await drag('c3', 'c4'))();
    assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2']);
    await (await drag('b7', 'e7'))();
    assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2', 'b7e7']);
    await page.screenshot({ path: join(SHOTS, 'after-moves.png') });
  });
  await context.close();
});

test('check is highlighted around the general', async () => {
  const { page, context } = await host({}, {}, '4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1');
  await withShot(page, 'check', async () => {
    await page.screenshot({ path: join(SHOTS, 'check-on.png') });
    const near = await sample(page, 'e9', 1.12, 0);
    assert.ok(near.rgb[0] > 180 && near.rgb[1] < 100, `a red halo around the black general: ${near.rgb}`);
    await page.evaluate(() => board.set({ check: null }));
    const none = await sample(page, 'e9', 1.12, 0);
    assert.ok(!(none.rgb[0] > 180 && none.rgb[1] < 100), `no halo once cleared: ${none.rgb}`);
  });
  await context.close();
});

const TAG = (attrs) => `<button id="before">before</button><xiangqi-board id="x" ${attrs}></xiangqi-board>
<script type="module">
import 'xiangqi-wasm/board';
const el = document.getElementById('x');
window.moves = [];
el.addEventListener('move', (e) => window.moves.push(e.detail.move));
el.ready.then(() => { window.ready = true; }, (e) => { window.ready = e; });
</script>`;

function live(page) {
  return page.evaluate(() => document.getElementById('x').shadowRoot.querySelector('[aria-live]').textContent);
}

test('keyboard play on <xiangqi-board interactive>, with the live region', async () => {
  const { page, context, errors } = await open(TAG('interactive'));
  await withShot(page, 'keyboard', async () => {
    await page.focus('#before');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    assert.equal(await live(page), 'f3 empty');
    for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(k);
    assert.equal(await live(page), 'h2 red cannon');
    await page.keyboard.press('Enter');
    assert.equal(await live(page), 'red cannon h2 selected');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await live(page), 'e2 empty, a legal destination');
    await page.screenshot({ path: join(SHOTS, 'keyboard-focus.png') });
    await page.keyboard.press('Space');
    assert.deepEqual(await page.evaluate(() => window.moves), ['h2e2']);
    assert.equal(await live(page), 'red cannon h2 to e2 (C2.5)');
    const state = await page.evaluate(() => {
      const el = document.getElementById('x');
      return { history: el.game.history(), turn: el.game.turn(), fen: el.fen,
        desc: el.shadowRoot.querySelector('.xqb-sr').textContent };
    });
    assert.deepEqual(state.history, ['h2e2']);
    assert.equal(state.turn, 'black');
    assert.match(state.fen, / b - - 1 1$/);
    assert.match(state.desc, /^Black to move\. Red: general e0; advisors d0 and f0; .*cannons b2 and e2/);
    // Escape drops a selection; Black answers by keyboard too (the element follows the game's turn)
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.getElementById('x').board.selected), null);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('Chinese announcements and the position in words', async () => {
  const { page, context } = await open(TAG('interactive lang="zh" orientation="black" coordinates="chinese" piece-set="simplified"'));
  await withShot(page, 'zh-black', async () => {
    const el = 'document.getElementById("x")';
    const h2 = await page.evaluate(`${el}.board.pointOf('h2')`);
    const e2 = await page.evaluate(`${el}.board.pointOf('e2')`);
    await page.mouse.click(h2.x, h2.y);
    await page.mouse.click(e2.x, e2.y);
    assert.deepEqual(await page.evaluate(() => window.moves), ['h2e2']);
    assert.equal(await live(page), '炮二平五');
    const desc = await page.evaluate(`${el}.shadowRoot.querySelector('.xqb-sr').textContent`);
    assert.match(desc, /^黑方走棋。红方：帅e0，仕d0、f0/);
    assert.equal(await page.evaluate(`${el}.shadowRoot.querySelector('[role=application]').getAttribute('aria-label')`), '象棋棋盘');
  });
  await context.close();
});

test('touch: tap, tap plays a move', async () => {
  const { page, context } = await host({}, { hasTouch: true });
  await withShot(page, 'touch', async () => {
    for (const sq of ['b0', 'c2']) {
      const p = await page.evaluate((s) => board.pointOf(s), sq);
      await page.touchscreen.tap(p.x, p.y);
    }
    assert.deepEqual(await page.evaluate(() => window.moves), ['b0c2']);
  });
  await context.close();
});

test('an interactive board ends the game: mate is announced and nothing moves any more', async () => {
  const { page, context, errors } = await open(TAG('interactive fen="9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1"'));
  await withShot(page, 'mate', async () => {
    for (const sq of ['b6', 'd6']) {
      const p = await page.evaluate((s) => document.getElementById('x').board.pointOf(s), sq);
      await page.mouse.click(p.x, p.y);
    }
    await page.waitForFunction(() => document.getElementById('x').board.config.movable === 'none');
    assert.match(await live(page), /checkmated/);
    assert.equal(await page.evaluate(() => document.getElementById('x').game.outcome().reason), 'checkmate');
    // the black general is highlighted in check
    const s = await sample(page, 'd8', 1.12, 0, '#x');
    assert.ok(s.rgb[0] > 180 && s.rgb[1] < 100, `check halo: ${s.rgb}`);
    // Black's pieces cannot be picked up
    const p = await page.evaluate(() => document.getElementById('x').board.pointOf('d8'));
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.evaluate(() => document.getElementById('x').board.selected), null);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('<xiangqi-board> attributes mirror the config and the fen property reflects the board', async () => {
  const fen = '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1';
  const { page, context } = await open(TAG(`fen="${fen}" theme="dark" interactive`));
  await withShot(page, 'attributes', async () => {
    assert.equal(await page.evaluate(() => document.getElementById('x').fen), fen);
    const a1 = await page.evaluate(() => document.getElementById('x').board.pointOf('a1'));
    const a7 = await page.evaluate(() => document.getElementById('x').board.pointOf('a7'));
    await page.mouse.click(a1.x, a1.y);
    await page.mouse.click(a7.x, a7.y);
    assert.equal(await page.evaluate(() => document.getElementById('x').fen), '4k4/9/R8/9/9/9/9/9/9/3K5 b - - 1 1');
    await page.evaluate(() => document.getElementById('x').setAttribute('orientation', 'black'));
    const p = await page.evaluate(() => document.getElementById('x').board.pointOf('e9'));
    const q = await page.evaluate(() => document.getElementById('x').board.pointOf('e0'));
    assert.ok(p.y > q.y, 'orientation attribute flips the board');
    await page.evaluate((f) => { document.getElementById('x').fen = f; }, fen);
    assert.equal(await page.evaluate(() => document.getElementById('x').game.fen()), fen, 'a new fen resets the game');
    const s = await sample(page, 'a1', 0, 0, '#x');
    assert.ok(LIGHT_FACE(s), 'the chariot is back on a1');
    // moved elsewhere in the document, an interactive board keeps its game
    const kept = await page.evaluate(async () => {
      const el = document.getElementById('x');
      el.game.play('a1a5');
      const before = el.fen;
      document.body.prepend(el);
      await new Promise((r) => setTimeout(r, 50));
      return { before, after: el.fen, painted: !!el.board, history: el.game.history() };
    });
    assert.equal(kept.after, kept.before);
    assert.deepEqual(kept.history, ['a1a5']);
    assert.ok(kept.painted);
    // without `interactive` the board is a host-driven board: no game
    await page.evaluate(() => document.getElementById('x').removeAttribute('interactive'));
    assert.equal(await page.evaluate(() => document.getElementById('x').game), null);
  });
  await context.close();
});

// What a canvas is asked to do, per canvas: sized (width set), cleared, text drawn. Installed before the board's
// module runs (a classic script runs before module scripts).
const COUNT_PAINTS = `<script>
window.paints = {};
const count = (canvas, what) => { const c = (window.paints[canvas.className || '?'] ??= { sized: 0, cleared: 0, text: 0 }); c[what]++; };
const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width');
Object.defineProperty(HTMLCanvasElement.prototype, 'width', { ...width, set(v) { count(this, 'sized'); width.set.call(this, v); } });
const { clearRect, fillText } = CanvasRenderingContext2D.prototype;
CanvasRenderingContext2D.prototype.clearRect = function (...a) { count(this.canvas, 'cleared'); return clearRect.apply(this, a); };
CanvasRenderingContext2D.prototype.fillText = function (...a) { count(this.canvas, 'text'); return fillText.apply(this, a); };
</script>`;

test('a new board is painted once, at its size; setting what it already shows paints nothing', async () => {
  const { page, context } = await open(COUNT_PAINTS + TAG('interactive theme="dark" coordinates="chinese"'));
  await withShot(page, 'painted-once', async () => {
    await page.evaluate(() => new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(r)); }));
    const first = await page.evaluate(() => structuredClone(window.paints));
    // each canvas sized once; the background and the pieces cleared and drawn once (the overlay has nothing yet)
    for (const layer of ['xqb-background', 'xqb-pieces', 'xqb-overlay']) assert.equal(first[layer]?.sized, 1, `${layer}: ${JSON.stringify(first)}`);
    assert.equal(first['xqb-background'].cleared, 1, JSON.stringify(first));
    assert.equal(first['xqb-pieces'].cleared, 1, JSON.stringify(first));
    assert.equal(first['xqb-pieces'].text, 32, 'one character per piece');
    // the same theme, piece set, coordinates and size again: nothing is painted
    await page.evaluate(async () => {
      const el = document.getElementById('x');
      el.set({ theme: 'dark', pieceSet: 'traditional', coordinates: 'chinese', orientation: 'red' });
      el.style.width = getComputedStyle(el).width; // the resize observer is told, the size is the same
      await new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(r)); });
    });
    assert.deepEqual(await page.evaluate(() => window.paints), first);
    // another theme repaints every layer that has something on it
    await page.evaluate(() => document.getElementById('x').set({ theme: 'light' }));
    const after = await page.evaluate(() => window.paints);
    assert.equal(after['xqb-background'].cleared, 2);
    assert.equal(after['xqb-pieces'].text, 64);
  });
  await context.close();
});

test('right-drag draws arrows and circles; host shapes are drawn too', async () => {
  const { page, context } = await host({ shapes: [{ from: 'b0', to: 'c2', brush: 'blue' }] });
  await withShot(page, 'shapes', async () => {
    const a = await page.evaluate(() => board.pointOf('h2'));
    const b = await page.evaluate(() => board.pointOf('h6'));
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    assert.deepEqual(await page.evaluate(() => board.userShapes()), [{ from: 'h2', to: 'h6', brush: 'green' }]);
    const mid = await sample(page, 'h4');
    assert.ok(mid.rgb[1] > mid.rgb[0], `a green arrow over h4: ${mid.rgb}`);
    const host = await sample(page, 'b1', 1.11, 0);
    assert.ok(host.rgb[2] > host.rgb[0], `the host's blue arrow b0-c2 passes b1-c1: ${host.rgb}`);
    assert.deepEqual(await page.evaluate(() => window.moves), [], 'drawing is not moving');
  });
  await context.close();
});

test('a click-click move animates unless reduced motion is asked for', async () => {
  const { page, context } = await host({ animation: 1500 }, { reducedMotion: 'no-preference' });
  await withShot(page, 'animation', async () => {
    const h2 = await page.evaluate(() => board.pointOf('h2'));
    const e2 = await page.evaluate(() => board.pointOf('e2'));
    await page.mouse.click(h2.x, h2.y);
    await page.mouse.click(e2.x, e2.y);
    // in flight: the cannon is somewhere between h2 and e2, not yet on e2
    await page.waitForTimeout(600);
    // light disc pixels on the line 0.62 radii above rank 2, strictly between the discs of e2 and h2
    const light = await page.evaluate(() => {
      const canvases = [...document.querySelectorAll('#b canvas')];
      const ctx = new OffscreenCanvas(canvases[0].width, canvases[0].height).getContext('2d');
      for (const c of canvases) ctx.drawImage(c, 0, 0);
      const rect = canvases[2].getBoundingClientRect();
      const s = canvases[0].width / rect.width;
      const e2 = board.pointOf('e2');
      const h2 = board.pointOf('h2');
      const r = (h2.x - e2.x) * s / 3 * 0.45;
      const x0 = Math.ceil((e2.x - rect.left) * s + r + 1);
      const x1 = Math.floor((h2.x - rect.left) * s - r - 1);
      const y = Math.floor((e2.y - rect.top) * s - 0.62 * r);
      const row = ctx.getImageData(x0, y, x1 - x0, 1).data;
      let n = 0;
      for (let i = 0; i < row.length; i += 4) if (0.2126 * row[i] + 0.7152 * row[i + 1] + 0.0722 * row[i + 2] > 225) n++;
      return { n, r };
    });
    await page.screenshot({ path: join(SHOTS, 'animation-mid.png') });
    assert.ok(light.n > light.r / 2, `the cannon is between h2 and e2: ${JSON.stringify(light)}`);
    await page.waitForTimeout(1200);
    assert.ok(LIGHT_FACE(await sample(page, 'e2')), 'then on e2');
  });
  await context.close();
  // with prefers-reduced-motion: the piece is on e2 at once
  const o = await host({ animation: 1500 }, { reducedMotion: 'reduce' });
  const h2 = await o.page.evaluate(() => board.pointOf('h2'));
  const e2 = await o.page.evaluate(() => board.pointOf('e2'));
  await o.page.mouse.click(h2.x, h2.y);
  await o.page.mouse.click(e2.x, e2.y);
  assert.ok(LIGHT_FACE(await sample(o.page, 'e2')), 'reduced motion: no animation');
  await o.context.close();
});

test('destroy() ([Symbol.dispose](), for `using`) removes every listener and frees the view', async () => {
  const { page, context } = await host();
  const cdp = await context.newCDPSession(page);
  const count = async (expr) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: expr });
    if (!result.objectId) return 0;
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId, depth: -1, pierce: true });
    return listeners.length;
  };
  const keep = await page.evaluate(() => {
    const el = document.getElementById('b');
    window.kept = { el, wrap: el.querySelector('.xqb'), canvases: [...el.querySelectorAll('canvas')] };
    return window.kept.canvases.length;
  });
  assert.equal(keep, 3);
  const before = { el: await count('window.kept.el'), win: await count('window'), doc: await count('document') };
  assert.ok(before.el >= 7, `the board listens on its element: ${before.el}`);
  // Through [Symbol.dispose]() (what a `using` block calls at its end): the same method as destroy().
  assert.equal(await page.evaluate(() => board[Symbol.dispose] === board.destroy), true);
  await page.evaluate(() => board[Symbol.dispose]());
  assert.equal(await count('window.kept.el'), 1, 'only the page\'s own move listener remains');
  assert.equal(await count('window.kept.wrap'), 0);
  for (let i = 0; i < 3; i++) assert.equal(await count(`window.kept.canvases[${i}]`), 0);
  assert.ok(await count('window') <= before.win);
  assert.ok(await count('document') <= before.doc);
  const after = await page.evaluate(() => ({ children: document.getElementById('b').childElementCount,
    fen: board.fen, point: board.pointOf('e0') }));
  assert.deepEqual(after.children, 0);
  assert.equal(after.point, null);
  // a second destroy is harmless, set() after destroy throws a clear error
  const code = await page.evaluate(() => { board.destroy(); try { board.set({}); } catch (e) { return e.code; } return null; });
  assert.equal(code, 'ERR_ARGUMENT');
  await context.close();
});

test('bad config is refused with ERR_OPTIONS and bad FENs with their code, the board unchanged', async () => {
  const { page, context } = await host();
  const r = await page.evaluate(() => {
    const code = (fn) => { try { fn(); return 'ok'; } catch (e) { return `${e.name}:${e.code}`; } };
    const fen = board.fen;
    return {
      unknown: code(() => board.set({ colour: 'red' })),
      theme: code(() => board.set({ theme: 'blue' })),
      fenBad: code(() => board.set({ fen: 'rnbakabnr/9/9' })),
      dests: code(() => board.set({ dests: { zz: ['a1'] } })),
      same: board.fen === fen,
    };
  });
  assert.deepEqual(r, { unknown: 'XiangqiError:ERR_OPTIONS', theme: 'XiangqiError:ERR_OPTIONS',
    fenBad: 'XiangqiError:ERR_FEN_BOARD', dests: 'XiangqiError:ERR_SQUARE', same: true });
  await context.close();
});

/** A fresh context (400 × 500) and page that keep the file name of every request and the page's errors. */
async function trackedPage() {
  const context = await browser.newContext({ viewport: { width: 400, height: 500 } });
  const requests = [];
  context.on('request', (r) => requests.push(r.url().split('/').pop()));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, requests, errors };
}

test('board.js asks for the .wasm as soon as it runs, before the bindings; every way of loading it downloads one .wasm once', async () => {
  // The bare tag with board.js (the .wasm asked for before the bindings, which board.js imports dynamically, are even
  // requested); a host that imports both entries and calls init() itself (init() takes the compilation board.js
  // started); the tag with the preload lines of docs/board.md (one download, no unused-preload warning); a host
  // that calls init() and only then imports board.js (board.js does not fetch it again); the <xiangqi-lesson> and
  // <xiangqi-puzzle> tags (their modules import the bindings statically; one download still); and the tag and the
  // host on a server that sends the .wasm as application/octet-stream (no streaming compilation: compiled from the
  // bytes, with a warning). (The puzzle's goal is its written line: no worker, which would download its own copy.)
  // Which .wasm (js/wasm-build.js): the light build where the page does not import `xiangqi-wasm` (the bare tag, the
  // lesson), the full one where it does, in either order of the imports, or calls its init() first, and for the
  // puzzle (its prover); never both.
  const element = (name, src, inner = '') => `<script type="module" src="/pkg/${src}"></script>${inner}
<script type="module">try { await customElements.whenDefined('${name}');
await document.querySelector('${name}').ready; window.ready = true; } catch (e) { window.ready = e; }</script>`;
  const tag = element('xiangqi-board', 'board.js', '<xiangqi-board interactive></xiangqi-board>');
  const late = `<div id="b"></div><script type="module">
import init from 'xiangqi-wasm';
try {
  await init();
  const { createBoard } = await import('xiangqi-wasm/board');
  await createBoard(document.getElementById('b'), {});
  window.ready = true;
} catch (e) { window.ready = e; }
</script>`;
  const preloads = importGraph(join(root, 'pkg'), 'board.js').filter((f) => f !== 'board.js')
    .map((f) => `<link rel="modulepreload" href="/pkg/${f}">`).join('')
    + '<link rel="preload" href="/pkg/xiangqi_view_bg.wasm" as="fetch" type="application/wasm" crossorigin>';
  // The board's module imported before xiangqi-wasm's: the choice waits for both to have run.
  const boardFirst = `<div id="b"></div><script type="module">
import { createBoard } from 'xiangqi-wasm/board';
import init, { Game } from 'xiangqi-wasm';
try {
  await init();
  await createBoard(document.getElementById('b'), { fen: new Game().fen() });
  window.ready = true;
} catch (e) { window.ready = e; }
</script>`;
  const pages = { bare: tag, host: HOST, late, 'board-first': boardFirst, preloads: preloads + tag, octet: tag, 'octet-host': HOST,
    lesson: element('xiangqi-lesson', 'lesson.js', '<xiangqi-lesson pgn="1. h2e2 h9g7 2. h0g2 i9h9"></xiangqi-lesson>'),
    puzzle: element('xiangqi-puzzle', 'puzzle.js',
      '<xiangqi-puzzle fen="8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1" solution="f0e0 d7d8 h4d4" goal="line"></xiangqi-puzzle>') };
  const FULL = new Set(['host', 'late', 'board-first', 'octet-host', 'puzzle']);
  for (const [name, body] of Object.entries(pages)) {
    const [want, other] = FULL.has(name) ? ['xiangqi_wasm', 'xiangqi_view'] : ['xiangqi_view', 'xiangqi_wasm'];
    const { context, page, requests, errors } = await trackedPage();
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
    if (name.startsWith('octet')) {
      await page.route('**/xiangqi_*_bg.wasm', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
      });
    }
    const url = `${server.url}t/early-${name}.html`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">${IMPORTS}<style>#b, xiangqi-board { width: 360px; }</style></head>
<body>${body}</body></html>` }));
    try {
      await page.goto(url);
      await withShot(page, `early-wasm-${name}`, async () => {
        await page.waitForFunction(() => window.ready === true || window.ready instanceof Error, null, { timeout: 20000 });
        assert.equal(await page.evaluate(() => (window.ready instanceof Error ? String(window.ready) : null)), null, name);
        // Sized and painted: every canvas has its pixels.
        const painted = await page.evaluate(() => {
          const outer = document.querySelector('xiangqi-lesson, xiangqi-puzzle');
          const host = outer?.board ?? document.querySelector('xiangqi-board') ?? document.getElementById('b');
          return [...(host.shadowRoot ?? host).querySelectorAll('canvas')].map((c) => c.width > 0);
        });
        assert.deepEqual(painted, [true, true, true], name);
        await page.waitForTimeout(name === 'preloads' ? 3500 : 0); // (Chromium warns of an unused preload after ~3 s)
        const wasm = requests.filter((r) => r === `${want}_bg.wasm`);
        assert.equal(wasm.length, 1, `${name}: ${want}_bg.wasm was requested ${wasm.length} times (${requests.join(', ')})`);
        assert.deepEqual(requests.filter((r) => r.startsWith(other)), [], `${name}: nothing of the other build`);
        if (name === 'bare' || name === 'octet') {
          assert.ok(requests.indexOf(`${want}_bg.wasm`) < requests.indexOf(`${want}_bindgen.js`),
            `the .wasm is asked for before the bindings: ${requests.join(', ')}`);
          // The element's own game is the light build's: the rules without the search.
          assert.equal(await page.evaluate(() => typeof document.querySelector('xiangqi-board').game.hint), 'undefined');
        }
        if (name.startsWith('octet')) {
          assert.ok(errors.length >= 1 && errors.every((e) => /application\/wasm/.test(e)), `${name}: ${errors.join(' | ')}`);
        } else {
          assert.deepEqual(errors, [], name);
        }
      });
    } finally {
      await context.close();
    }
  }
});

test('xiangqi-wasm imported in a later module script, no init(): the board\'s ready initialises it too', async () => {
  // The board chose the light build before the page's second script ran; that script counts on `ready` to mean
  // "the wasm is loaded", as when the package had one build: ready initialises xiangqi-wasm as well (two downloads,
  // the documented cost of importing it late: docs/board.md, "Which wasm a page downloads").
  const { context, page, requests, errors } = await trackedPage();
  const url = `${server.url}t/later-script.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">${IMPORTS}<script type="module">import 'xiangqi-wasm/board';</script>
<style>xiangqi-board { width: 360px; }</style></head><body><xiangqi-board interactive></xiangqi-board>
<script type="module">
import { Game } from 'xiangqi-wasm';
const el = document.querySelector('xiangqi-board');
try {
  await el.ready;
  const game = new Game();
  window.result = { legal: game.legalMoves().length, hint: typeof game.hint, board: typeof el.game.hint };
} catch (e) { window.result = String(e); }
</script></body></html>` }));
  try {
    await page.goto(url);
    await withShot(page, 'later-script', async () => {
      await page.waitForFunction(() => window.result, null, { timeout: 20000 });
      assert.deepEqual(await page.evaluate(() => window.result), { legal: 44, hint: 'function', board: 'undefined' });
      assert.equal(requests.filter((r) => r === 'xiangqi_view_bg.wasm').length, 1, requests.join(', '));
      assert.equal(requests.filter((r) => r === 'xiangqi_wasm_bg.wasm').length, 1, requests.join(', '));
      assert.deepEqual(errors, []);
    });
  } finally {
    await context.close();
  }
});

test('a browser without WebAssembly (turned off): board.js still loads and the board\'s ready rejects with ERR_WASM_LOAD', async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 500 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => { delete globalThis.WebAssembly; });
  const url = `${server.url}t/no-wasm.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/pkg/board.js"></script>
<script type="module">try { await customElements.whenDefined('xiangqi-board');
await document.querySelector('xiangqi-board').ready; window.result = 'ready'; } catch (e) { window.result = e.code; }</script>
</head><body><xiangqi-board></xiangqi-board></body></html>` }));
  await page.goto(url);
  await page.waitForFunction(() => window.result, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.result), 'ERR_WASM_LOAD');
  assert.deepEqual(errors, []);
  await context.close();
});

test('<xiangqi-board> whose wasm cannot load: ready rejects with ERR_WASM_LOAD, and connecting again tries again', async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 500 } });
  const page = await context.newPage();
  let block = true;
  await page.route('**/xiangqi_*_bg.wasm', (route) => (block ? route.abort() : route.continue()));
  const url = `${server.url}t/wasm-fails.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">${IMPORTS}<style>xiangqi-board { width: 360px; }</style></head>
<body><script type="module">
import { ready } from 'xiangqi-wasm/board';
const el = document.createElement('xiangqi-board');
document.body.append(el);
const shape = (e) => ({ name: e.name, code: e.code, message: e.message, cause: Boolean(e.cause) });
window.first = await el.ready.then(() => 'resolved', shape);
window.direct = await ready().then(() => 'resolved', shape);
window.el = el;
</script></body></html>` }));
  try {
    await page.goto(url);
    await withShot(page, 'wasm-fails', async () => {
      await page.waitForFunction(() => window.direct !== undefined, null, { timeout: 20000 });
      const { first, direct, board } = await page.evaluate(() => ({ first: window.first, direct: window.direct,
        board: window.el.board }));
      for (const e of [first, direct]) {
        assert.equal(e.name, 'XiangqiError');
        assert.equal(e.code, 'ERR_WASM_LOAD');
        assert.match(e.message, /could not be loaded/);
        assert.equal(e.cause, true);
      }
      assert.equal(board, null);
    });
    block = false;
    await withShot(page, 'wasm-fails-then-loads', async () => {
      const again = await page.evaluate(async () => {
        const { el } = window;
        el.remove();
        document.body.append(el);
        return el.ready.then((x) => x === el && el.board !== null, (e) => `rejected: ${e.code}`);
      });
      assert.equal(again, true);
    });
  } finally {
    await context.close();
  }
});
