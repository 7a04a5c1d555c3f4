// The app's Puzzles section (www/src/views/puzzles.js): reached from the toolbar, `<xiangqi-puzzle>` with the set
// the project made from the engine's own games (www/public/puzzles.json, `xiangqi make-puzzles`: docs/app.md);
// the first exercise solved by playing its solution on the board, the verdict and the note on its first move;
// the element's module loaded only when the section first opens; the progress kept across a reload; nothing stale after going back to the game and returning; Chinese and dark;
// axe-core (WCAG 2.1 A and AA) with no violation on the section. On a phone (390 × 844) and a laptop (1280 × 800);
// screenshots in test-results/app/puzzles-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { openApp, root, startApp, waitReady, withShot } from './app-support.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SET = JSON.parse(readFileSync(join(root, 'www', 'public', 'puzzles.json'), 'utf8')).puzzles;
/** An exercise's title as the app writes it in English (the catalogue's puzzleTitle). */
const enTitle = (p) => `Mate in ${p.mateIn} · computer game ${p.game}, move ${p.fen.split(' ')[5]}`;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** axe-core's violations on the page now (WCAG 2.1 A and AA), as readable lines (as app-screens.test.mjs). */
async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`);
  }, AXE_TAGS);
}

/** Opens the section and waits for the exercise to be ready for a move. */
async function openPuzzles(page) {
  await page.click('#puzzles-open');
  await page.waitForFunction(() => document.getElementById('puzzle')?.state?.status === 'solving', null, { timeout: 30000 });
  await page.evaluate(() => { document.getElementById('puzzle').defenceDelay = 30; });
}

const puzzleState = (page) => page.evaluate(() => {
  const el = document.getElementById('puzzle');
  const sr = el.shadowRoot;
  return { state: el.state, progress: el.progress, verdict: sr.querySelector('.verdict').textContent,
    count: sr.querySelector('.count').textContent, title: sr.querySelector('.title').textContent,
    task: sr.querySelector('.task').textContent, note: document.getElementById('puzzle-note').textContent,
    lang: el.getAttribute('lang'), theme: el.getAttribute('theme') };
});

/** Plays `move` (ICCS) with two clicks on the puzzle's board. */
async function play(page, move) {
  for (const sq of [move.slice(0, 2), move.slice(2)]) {
    const { x, y } = await page.evaluate((s) => document.getElementById('puzzle').board.board.pointOf(s), sq);
    await page.mouse.click(x, y);
  }
}

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`${name}: the Puzzles section — solve the first exercise, the progress kept across a reload`, async () => {
    const { page, context, errors } = await openApp(app, { viewport });
    const first = SET[0];
    await withShot(page, `puzzles-${name}-solved`, async () => {
      // The element's module is not part of what the app loads to start: it comes when the section first opens.
      const loaded = () => page.evaluate(() => ({ defined: !!customElements.get('xiangqi-puzzle'),
        chunks: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\/puzzle-(?!worker)[\w-]+\.js$/.test(n)) }));
      assert.deepEqual(await loaded(), { defined: false, chunks: [] });
      await openPuzzles(page);
      const after = await loaded();
      assert.ok(after.defined && after.chunks.length === 1, JSON.stringify(after));
      assert.equal(await page.evaluate(() => document.body.dataset.mode), 'puzzles');
      assert.equal(await page.evaluate(() => document.querySelector('.layout').hidden), true, 'the game is out of the way');
      let s = await puzzleState(page);
      assert.equal(s.state.total, SET.length);
      assert.equal(s.state.index, 0);
      assert.equal(s.state.goal, 'mate');
      assert.equal(s.state.mateIn, first.mateIn);
      assert.equal(s.title, enTitle(first));
      assert.equal(s.lang, 'en');
      assert.deepEqual(await axe(page), [], 'axe on the section');
      // The whole board in view, no horizontal scroll.
      const r = await page.evaluate(() => {
        const b = document.getElementById('puzzle').board.getBoundingClientRect();
        return { left: b.left, right: b.right, width: b.width, scroll: document.documentElement.scrollWidth };
      });
      assert.ok(r.left >= 0 && r.right <= viewport.width && r.scroll <= viewport.width, JSON.stringify(r));
      // The solution, the solver's moves on the board; the defence answers by itself.
      for (let i = 0; i < first.solution.length; i += 2) {
        await play(page, first.solution[i]);
        const want = i + 1 < first.solution.length ? i + 2 : i + 1;
        await page.waitForFunction((n) => document.getElementById('puzzle').state.moves.length === n, want, { timeout: 30000 });
      }
      await page.waitForFunction(() => document.getElementById('puzzle').state.status === 'solved', null, { timeout: 30000 });
      s = await puzzleState(page);
      assert.deepEqual(s.state.moves, first.solution);
      assert.match(s.verdict, /^Solved!$/, 'said once (issue 37)');
      assert.match(s.count, /✓ 1/);
      assert.equal(s.note, first.alternatives.length ? s.note : `The first move was the only one that mates in ${first.mateIn}.`);
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi-wasm-app/puzzles')));
      assert.equal(kept.results[0].solved, true);
      assert.deepEqual(await axe(page), [], 'axe on the solved exercise');
    });

    // The next exercise, then a reload: the section comes back with the progress and the exercise shown.
    await page.evaluate(() => document.getElementById('puzzle').next());
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('xiangqi-wasm-app/puzzles')).index === 1);
    await page.reload();
    await waitReady(page);
    await withShot(page, `puzzles-${name}-reloaded`, async () => {
      await openPuzzles(page);
      await page.waitForFunction(() => document.getElementById('puzzle').state.index === 1);
      const s = await puzzleState(page);
      assert.equal(s.progress.results[0].solved, true, 'solved before the reload');
      assert.match(s.count, /✓ 1/);
      assert.equal(s.title, enTitle(SET[1]));
      assert.deepEqual(s.state.moves, []);
    });

    // Back to the game: the board is there again; a half-played exercise is not there on return.
    await play(page, SET[1].solution[0]);
    await page.waitForFunction(() => document.getElementById('puzzle').state.moves.length > 0, null, { timeout: 30000 });
    await page.click('#puzzles-close');
    assert.equal(await page.evaluate(() => document.body.dataset.mode), 'game');
    assert.equal(await page.evaluate(() => document.getElementById('puzzle')), null, 'the element is gone');
    await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().width > 200);
    await openPuzzles(page);
    let s = await puzzleState(page);
    assert.equal(s.state.index, 1);
    assert.deepEqual(s.state.moves, [], 'a fresh exercise');

    // Chinese and dark, switched while in the section.
    await withShot(page, `puzzles-${name}-zh-dark`, async () => {
      await page.selectOption('#lang', 'zh');
      await page.click('#theme'); // auto → light
      await page.click('#theme'); // light → dark
      await page.waitForFunction(() => document.getElementById('puzzle')?.getAttribute('lang') === 'zh-Hans'
        && document.getElementById('puzzle').state?.status === 'solving');
      s = await puzzleState(page);
      assert.equal(s.theme, 'dark');
      assert.equal(s.title, `两步杀 · 电脑对局第${SET[1].game}局第${SET[1].fen.split(' ')[5]}回合`);
      assert.match(s.task, /杀/);
      assert.equal(s.state.index, 1);
      assert.deepEqual(await axe(page), [], 'axe in Chinese, dark');
    });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the puzzle board fills its screen as the game board does; after an alternative mate the note names the others', async () => {
  const { Game, MateProver } = await import('../../pkg/node.mjs');
  const { page, context, errors } = await openApp(app, { viewport: { width: 1024, height: 768 } });
  const figures = [];
  const SIZES = [[1024, 768], [768, 1024], [390, 844], [844, 390]];
  const settle = () => page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))));
  // The game's board at each size first (a page opened at that size): the puzzle's is held to it.
  const game = new Map();
  for (const [width, height] of SIZES) {
    const other = await openApp(app, { viewport: { width, height } });
    game.set(`${width}x${height}`, await other.page.evaluate(() => document.getElementById('board').getBoundingClientRect().width));
    assert.deepEqual(other.errors, []);
    await other.context.close();
  }
  await openPuzzles(page);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await settle();
    await withShot(page, `puzzles-${width}x${height}`, async () => {
      const m = await page.evaluate(() => {
        const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height });
        const el = document.getElementById('puzzle');
        const buttons = [...el.shadowRoot.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => box(b.getBoundingClientRect()));
        return { board: box(el.board.getBoundingClientRect()), el: box(el.getBoundingClientRect()), buttons,
          about: box(el.querySelector('.puzzles-about').getBoundingClientRect()),
          scrollH: document.documentElement.scrollHeight, scrollW: document.documentElement.scrollWidth };
      });
      const gameW = game.get(`${width}x${height}`);
      const at = `${width}×${height}: board ${Math.round(m.board.width)}×${Math.round(m.board.height)} (${Math.round(m.board.top)}–${Math.round(m.board.bottom)}), the game's ${Math.round(gameW)} wide, element bottom ${Math.round(m.el.bottom)}, page ${m.scrollW}×${m.scrollH}`;
      figures.push(at);
      const inView = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= height + 0.5 && r.right <= width + 0.5;
      assert.ok(inView(m.board), `the whole board in view: ${at}`);
      assert.ok(m.buttons.length > 0 && m.buttons.every(inView), `the exercise's buttons in view: ${at}`);
      assert.ok(m.scrollH <= height && m.scrollW <= width, `the page does not scroll: ${at}`);
      // As large as the screen allows: within 5 % of the game's board at the same size (or larger); a phone on its
      // side at least 3/4 of the screen's short side.
      assert.ok(m.board.width >= 0.95 * gameW, `a board as large as the game's: ${at}`);
      if (height < 500) assert.ok(m.board.width >= 0.75 * height, `a board of at least 3/4 of the short side: ${at}`);
      assert.ok(inView(m.about), `the section's "about" in view (in the exercise's side): ${at}`);
    });
  }
  console.log(`puzzles:\n  ${figures.join('\n  ')}`);
  // Exercise 8 has two first moves that mate in 3 (the written f6f7, and d5c7): play the other one, and mate.
  const index = SET.findIndex((p) => p.alternatives.length === 1);
  const ex = SET[index];
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.evaluate((i) => { document.getElementById('puzzle').progress = { index: i, results: [] }; }, index);
  await page.waitForFunction((i) => document.getElementById('puzzle').state?.index === i
    && document.getElementById('puzzle').state.status === 'solving', index, { timeout: 30000 });
  await withShot(page, 'puzzles-alternative', async () => {
    const prover = new MateProver();
    let next = ex.alternatives[0];
    for (let left = ex.mateIn; ; left--) {
      const n = await page.evaluate(() => document.getElementById('puzzle').state.moves.length);
      await play(page, next);
      await page.waitForFunction((k) => {
        const s = document.getElementById('puzzle').state;
        return s.status === 'solved' || s.moves.length >= k + 2;
      }, n, { timeout: 30000 });
      if (await page.evaluate(() => document.getElementById('puzzle').state.status) === 'solved') break;
      const g = new Game(ex.fen);
      for (const mv of await page.evaluate(() => document.getElementById('puzzle').state.moves)) g.play(mv);
      next = prover.matingMoves(g.fen(), left - 1)[0];
      g.free();
      assert.ok(next, 'the mate goes on');
    }
    prover.free();
    const s = await puzzleState(page);
    assert.equal(s.state.moves[0], ex.alternatives[0]);
    const g = new Game(ex.fen);
    const written = g.play(ex.solution[0]).wxf;
    g.undo();
    const played = g.play(ex.alternatives[0]).wxf;
    g.free();
    assert.equal(s.note, `Your first move was one of 2 that mate in ${ex.mateIn}; the others: ${written}.`);
    assert.ok(!s.note.includes(played), `the move played (${played}) is not among "the others": ${s.note}`);
    const note = await page.evaluate(() => document.getElementById('puzzle-note').getBoundingClientRect().toJSON());
    assert.ok(note.top >= 0 && note.bottom <= 768 && note.right <= 1024 && note.height > 0, `the note in view: ${JSON.stringify(note)}`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
