// The app (www/dist) on every screen, and as a player reviews a game: the six viewports of docs/app.md ("Every
// screen": the board's rectangle against the viewport, the controls in view, screenshots kept), the game-over card
// beside the final position on a phone, axe-core (WCAG 2.1 A and AA) on the app in light and dark, each dialog, the
// review, the analysis board, the editor and the lesson embed; the review of an imported game (progress, marks,
// the graph from the keyboard, the better move as an arrow and its line, the annotated PGN); the analysis board's
// lines; the position editor's validation; the computer's move announced; Chinese coordinates and notation; the
// Install button. One browser; pages reused where they can be. Screenshots: test-results/app/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Game } from '../../pkg/node.mjs';
import { OpeningExplorer } from '../../pkg/openings.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS, clickSquares, computerDone, history, importText, openApp, root, startApp, withShot } from './app-support.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** axe-core's violations on the page now (WCAG 2.1 A and AA), as readable lines. */
async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`);
  }, AXE_TAGS);
  return violations;
}

const rect = (page, selector) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
}, selector);

// [width, height, touch]: the phone upright and on its side, a tablet both ways, a laptop, a desktop.
const SCREENS = [[390, 844, true], [844, 390, true], [768, 1024, true], [1024, 768, false], [1280, 800, false], [1920, 1080, false]];

test('every screen: the board as large as the viewport allows, the main controls in view without scrolling', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });
  const { page, errors } = await openApp(app, { context });
  const figures = [];
  const widths = new Map();
  for (const [width, height] of SCREENS) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
    await withShot(page, `layout-${width}x${height}`, async () => {
      const board = await rect(page, '#board');
      const controls = await rect(page, '#controls');
      const status = await rect(page, '#status');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const at = `${width}×${height}: board ${Math.round(board.width)}×${Math.round(board.height)} at (${Math.round(board.left)}, ${Math.round(board.top)}), controls bottom ${Math.round(controls.bottom)}`;
      figures.push(at);
      widths.set(`${width}x${height}`, board.width);
      assert.ok(board.left >= 0 && board.top >= 0 && board.right <= width + 0.5 && board.bottom <= height + 0.5, `the whole board in view: ${at}`);
      assert.ok(controls.bottom <= height + 0.5 && controls.top >= 0 && status.top >= 0, `the controls in view: ${at}`);
      assert.ok(scrollWidth <= width, `no horizontal scroll: ${at}`);
      const sideBySide = controls.left >= board.right;
      if (height < 500) assert.ok(board.width >= 0.75 * height, `a phone on its side: a board of at least 3/4 of the short side: ${at}`);
      if (sideBySide) {
        // The board takes the height (but for the players' rows) or leaves the panel its least width.
        assert.ok(board.height >= height - 130 || width - board.right <= 330, `as large as the height allows: ${at}`);
      } else {
        // The board takes the width, or grows until the controls reach the bottom of the screen.
        assert.ok(board.width >= width - 24 || controls.bottom >= height - 40, `as large as the screen allows: ${at}`);
      }
    });
  }
  console.log(`layouts:\n  ${figures.join('\n  ')}`);
  assert.deepEqual(errors, []);
  await context.close();
  // The window turned or resized to a size gets the board a page opened at that size gets (the controls' rows
  // under the board depend on its width: the layout must not keep the rows of the size it came from).
  for (const [width, height, hasTouch] of SCREENS) {
    const fresh = await openApp(app, { viewport: { width, height }, hasTouch });
    const w = (await rect(fresh.page, '#board')).width;
    const resized = widths.get(`${width}x${height}`);
    assert.ok(Math.abs(resized - w) <= 0.01 * w, `${width}×${height}: the board ${resized} px after resizing, ${w} px opened at that size`);
    await fresh.context.close();
  }
});

test('a phone: the game-over card leaves the final position in view; dialogs are sheets below the board', async () => {
  const { page, context, errors } = await openApp(app, { viewport: { width: 390, height: 844 }, hasTouch: true });
  await withShot(page, 'phone-game-over', async () => {
    await importText(page, '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1');
    await clickSquares(page, 'b6', 'd6');
    await page.waitForSelector('#over-dialog[open]');
    const board = await rect(page, '#board');
    const card = await rect(page, '#over-dialog');
    assert.ok(board.top >= 0 && board.bottom <= 844, 'the mating position is in view');
    assert.ok(card.top >= board.bottom, `the card is below the board (${card.top} ≥ ${board.bottom})`);
    assert.ok(card.top < 844, 'and starts on the screen');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('#over-dialog') !== null), true, 'the keyboard is on the card');
    await page.click('#over-dialog button[value=close]');
    await page.click('#new');
    const sheet = await rect(page, '#new-dialog');
    assert.ok(Math.abs(sheet.bottom - 844) < 2 && sheet.width >= 389, 'a sheet at the bottom');
    await page.click('#new-dialog button[value=cancel]');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe-core: no violation in light and dark, in each dialog, the review, the analysis board, the editor, the embed', async () => {
  const { page, context, errors } = await openApp(app);
  const found = {};
  const check = async (name) => {
    const v = await axe(page);
    if (v.length) found[name] = v;
  };
  await withShot(page, 'axe', async () => {
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    await check('light');
    for (const [button, dialog] of [['#new', '#new-dialog'], ['#import', '#import-dialog'], ['#export', '#export-dialog']]) {
      await page.click(button);
      await page.waitForSelector(`${dialog}[open]`);
      await check(dialog);
      await page.keyboard.press('Escape');
    }
    await page.click('#theme'); // light
    await page.click('#theme'); // dark
    await check('dark');
    await page.selectOption('#lang', 'zh');
    await check('dark, Chinese');
    await page.selectOption('#lang', 'en');
    await page.click('#review');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 30000 });
    await check('review (dark)');
    await page.click('#theme'); // auto (light)
    await check('review (light)');
    await page.click('#review-close');
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length > 0, null, { timeout: 15000 });
    await check('analysis board');
    // The opening explorer open: its table, share bars and source link. The position is the game's after the
    // computer's reply, which varies (its book move, or a search when the book's data comes late): the table has a
    // row for each master move of that position, as the package's explorer lists them.
    const played = new Game();
    for (const m of await history(page)) played.play(m);
    const masters = new OpeningExplorer(readFileSync(join(root, 'pkg', 'openings-data.json'), 'utf8'))
      .lookup(played.fen()).length;
    played.free();
    await page.click('#explorer-box > summary');
    await page.waitForFunction((n) => window.xiangqiApp.state.explorer.status === 'ready'
      && document.querySelectorAll('#explorer-rows tr').length === n, masters, { timeout: 20000 });
    await check('analysis board, opening explorer');
    await page.click('#analysis-close');
    await page.click('#edit');
    await page.click('#editor-clear');
    await check('editor');
    await page.click('#editor-close');
    // the game-over card and the repetition warning
    await importText(page, '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1');
    await clickSquares(page, 'b6', 'd6');
    await page.waitForSelector('#over-dialog[open]');
    await check('game over');
    const g = new Game('4k4/9/8c/9/9/6R2/9/9/9/3K5 w');
    for (const m of ['g4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4', 'h7i7']) g.play(m);
    await importText(page, g.pgn({ notation: 'iccs' }));
    await clickSquares(page, 'h4', 'i4');
    await page.waitForSelector('#repetition-dialog[open]');
    await check('repetition');
    await page.click('#repetition-dialog button[value=back]');
    g.free();
    // The lesson embed page.
    await page.goto(new URL('embed.html', app.server.url).href);
    await page.waitForFunction(() => document.querySelector('xiangqi-lesson')?.current, null, { timeout: 20000 });
    await page.waitForTimeout(300);
    await check('embed (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await check('embed (dark)');
  });
  assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review of an imported game: progress, marks, the graph from the keyboard, the better move, the annotated PGN', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'review', async () => {
    // Black leaves its chariot to be taken on d8 (a8d8), and Red takes it.
    const g = new Game();
    for (const m of ['a0a1', 'a9a8', 'a1d1', 'a8d8', 'd1d8', 'b9c7']) g.play(m);
    g.setComment('taken', 5);
    await importText(page, g.pgn({ notation: 'iccs', headers: { Red: 'Lin', Black: 'Xu' } }));
    g.free();
    assert.equal((await history(page)).length, 6);
    await page.click('#review');
    assert.equal(await page.isVisible('#review-progress'), true, 'a progress bar while it runs');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 30000 });
    assert.equal(await page.isHidden('#review-progress'), true);
    const marks = await page.$$eval('#move-list .mark', (ms) => ms.map((m) => [m.closest('button').dataset.ply, m.textContent]));
    assert.ok(marks.some(([ply, mark]) => ply === '4' && mark === '??'), JSON.stringify(marks));
    assert.match(await page.getAttribute('#move-list button[data-ply="4"]', 'aria-label'), /blunder/);
    // the summary: each side's accuracy and counts
    assert.match(await page.textContent('#review-summary-body'), /Accuracy\s*\d+%/);
    assert.equal(await page.textContent('#review-summary-head'), 'LinXu');
    // the graph: a click goes to a move, the arrow keys step
    await page.focus('#review-graph');
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.shown), 0);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#review-graph', 'aria-valuenow'), '4');
    // ply 4 named as the move list numbers it (Black's second move: "2…")
    assert.match(await page.getAttribute('#review-graph', 'aria-valuetext'), /^2… .* \?\?$/);
    const text = await page.textContent('#review-move');
    assert.match(text, /^2… .* \?\?: blunder\. Evaluation .* → .*\. Best was /, text);
    const shapes = await page.evaluate(() => document.getElementById('board').board.config.shapes);
    assert.equal(shapes.length, 1);
    assert.equal(shapes[0].brush, 'green');
    const box = await rect(page, '#review-graph');
    await page.mouse.click(box.left + 2, box.top + box.height / 2);
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.shown), 0);
    // the annotated PGN: NAGs and evaluations, the record's comment kept
    await page.click('#export');
    const pgn = await page.inputValue('#export-pgn');
    assert.match(pgn, /\$4/);
    assert.match(pgn, /\{taken \[[+−-]?\d+\.\d\d\]/);
    await page.keyboard.press('Escape');
    // back to the game: the computer does not play while reviewing, nor after (the human is to move)
    await page.click('#review-close');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.mode), 'game');
    assert.equal(await page.isHidden('#review-box'), true);
    // the same game again: the review comes back at once, without searching
    await page.click('#review');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.review.status), 'done');
    // cancelling a deeper analysis keeps the finished review
    await page.click('#review-deeper');
    await page.click('#review-cancel');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.note === 'deeperCancelled', null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.review.moves.length), 6);
    assert.match(await page.textContent('#review-note'), /deeper analysis was stopped/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review on every screen: the board, the note of the move shown and the marked list seen together; it opens on the first mistake; previous / next mistake', async () => {
  const { page, context, errors } = await openApp(app, { viewport: { width: 1024, height: 768 } });
  const figures = [];
  await withShot(page, 'review-screens', async () => {
    // A master game (胡榮華 – 呂欽, Big5, 78 plies): a finished record, both sides under review.
    await page.click('#import');
    await page.setInputFiles('#import-file', join(root, 'tests', 'data', 'records', 'big5', 'ccpd-game-hu-00000001.pgn'));
    await page.waitForFunction(() => !document.getElementById('import-dialog').open, null, { timeout: 10000 });
    await page.click('#message-close').catch(() => {});
    await page.click('#review');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 120000 });
    // It opens on the first mistake (? or ??) of the game, not on the last move.
    const review = await page.evaluate(() => window.xiangqiApp.state.review.moves.map((m) => [m.ply, m.classification]));
    const marked = review.filter(([, c]) => ['inaccuracy', 'mistake', 'blunder'].includes(c)).map(([p]) => p);
    const first = review.find(([, c]) => c === 'mistake' || c === 'blunder')?.[0] ?? marked[0];
    assert.ok(marked.length >= 2, `marks: ${JSON.stringify(review)}`);
    const shown = () => page.evaluate(() => window.xiangqiApp.state.shown);
    assert.equal(await shown(), first, 'opens on the first mistake');
    const name = first % 2 ? `${(first + 1) / 2}\\. ` : `${first / 2}… `; // as the move list numbers it
    assert.match(await page.textContent('#review-move'), new RegExp(`^${name}`));
    // Previous / Next mistake: the buttons, and P / N from the keyboard.
    const i = marked.indexOf(first);
    await page.click('#review-next-mistake');
    assert.equal(await shown(), marked[i + 1]);
    await page.keyboard.press('p');
    assert.equal(await shown(), first);
    await page.keyboard.press('n');
    assert.equal(await shown(), marked[i + 1]);
    assert.match(await page.textContent('#review-mistake-n'), new RegExp(`Mark ${i + 2}/${marked.length}`));
    await page.keyboard.press('p');
    for (const [width, height] of [[1024, 768], [768, 1024], [390, 844], [844, 390], [1280, 800], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
      await page.evaluate(() => document.querySelector('.panel').scrollTo(0, 0));
      const board = await rect(page, '#board');
      const note = await rect(page, '#review-move');
      const nav = await rect(page, '#review-next-mistake');
      const list = await rect(page, '#move-list');
      const current = await rect(page, '#move-list [aria-current]');
      const panel = await rect(page, '.panel');
      const at = `${width}×${height}: board ${Math.round(board.width)}×${Math.round(board.height)} (${Math.round(board.top)}–${Math.round(board.bottom)}), note ${Math.round(note.top)}–${Math.round(note.bottom)}, list from ${Math.round(list.top)}, move shown ${Math.round(current.top)}–${Math.round(current.bottom)}`;
      figures.push(at);
      await page.screenshot({ path: join(SHOTS, `review-${width}x${height}.png`) });
      const inView = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= height + 0.5 && r.right <= width + 0.5;
      assert.ok(inView(board), `the board in view: ${at}`);
      assert.ok(inView(note) && note.height > 0, `the note in view: ${at}`);
      assert.ok(inView(nav), `Next mistake in view: ${at}`);
      assert.ok(inView(current) && current.top >= list.top - 0.5 && current.bottom <= Math.min(list.bottom, panel.bottom) + 0.5,
        `the move shown, in the marked list, in view: ${at}`);
      if (width > height) assert.ok(board.width >= height * 0.75, `beside the panel, a board of at least 3/4 of the short side: ${at}`);
      else assert.ok(board.width >= width * 0.6, `above the panel, a board of at least 60 % of the width: ${at}`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `no horizontal scroll: ${at}`);
      // Nothing cut off: the summary's players in full, the buttons reachable within the panel.
      assert.deepEqual(await page.$$eval('#review-summary-head th, #review-buttons button, .review-buttons button, .review-nav button',
        (ns) => ns.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)), [], at);
      await page.evaluate(() => document.getElementById('review-export').scrollIntoView({ block: 'nearest' }));
      const exp = await rect(page, '#review-export');
      assert.ok(inView(exp) && exp.right <= panel.right + 0.5, `Download annotated .pgn in view once scrolled to: ${at}`);
      assert.equal(await page.evaluate(() => window.scrollY), 0, `the page itself does not scroll: ${at}`);
    }
  });
  console.log(`review:\n  ${figures.join('\n  ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('"Ready to play offline" covers nothing: it is said in the title bar, the board and the controls where they were', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });
  const { page, errors } = await openApp(app, { context });
  for (const [width, height] of [[390, 844], [844, 390], [768, 1024], [1024, 768], [1280, 800]]) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
    const before = { board: await rect(page, '#board'), controls: await rect(page, '#controls') };
    // What the service worker's "offline ready" does (main.js, onOfflineReady).
    await page.evaluate(() => window.xiangqiApp.store.message('offline'));
    await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
    await withShot(page, `offline-${width}x${height}`, async () => {
      const note = await rect(page, '#offline-note');
      const bar = await rect(page, '.topbar');
      const at = `${width}×${height}: note ${JSON.stringify(note)}`;
      assert.equal(await page.textContent('#offline-text'), 'Ready to play offline.', 'what a screen reader hears');
      assert.equal(await page.textContent('#offline-short'), '✓ Offline', 'what fits');
      assert.equal(await page.evaluate(() => { const n = document.getElementById('offline-note'); return n.scrollWidth <= n.clientWidth; }), true, `not cut: ${width}×${height}`);
      assert.equal(await page.isHidden('#message'), true, 'no floating message');
      assert.deepEqual({ board: await rect(page, '#board'), controls: await rect(page, '#controls') }, before, `nothing moved: ${at}`);
      const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const sel of ['#board', '#controls', '#status', '#lang', '#theme', '.topbar h1']) {
        assert.ok(!overlaps(note, await rect(page, sel)), `the note covers nothing (${sel}): ${at}`);
      }
      assert.ok(note.top >= bar.top && note.bottom <= bar.bottom, `in the title bar: ${at}`);
    });
    await page.evaluate(() => window.xiangqiApp.store.hideMessage());
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis board follows the position; the editor validates; the computer\'s move is announced', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'analysis', async () => {
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    // announced in the board's live region and named in the status
    const reply = await page.evaluate(() => window.xiangqiApp.game.history({ notation: 'wxf' })[1]);
    const live = await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.xqb-live').textContent);
    assert.equal(live, `Computer: ${reply}.`);
    assert.match(await page.textContent('#status'), new RegExp(`^The computer played ${reply.replace(/[+.]/g, '\\$&')} — Red to move — your move`));
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length >= 3, null, { timeout: 20000 });
    const shapes = await page.evaluate(() => document.getElementById('board').board.config.shapes.length);
    assert.equal(shapes, 3, 'the three best moves as arrows');
    // a move on the analysis board (Red to move here) changes the position: new lines, for Black
    await clickSquares(page, 'b0', 'c2');
    await page.waitForFunction(() => window.xiangqiApp.state.analysis.moves.length === 1 && document.querySelectorAll('#analysis-lines li').length >= 1, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => document.getElementById('board').board.config.movable), 'black');
    assert.equal((await history(page)).length, 2, 'the game itself is not changed');
    await page.click('#analysis-back');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.analysis.moves.length), 0);
    // the editor: an empty board is refused with the package's reasons, then two generals make a position
    await page.click('#analysis-edit');
    await page.click('#editor-clear');
    assert.match(await page.textContent('#editor-problems'), /general/i);
    assert.equal(await page.isDisabled('#editor-play'), true);
    await page.click('#editor-palette button[data-tool="K"]');
    await clickSquares(page, 'e0');
    await page.click('#editor-palette button[data-tool="k"]');
    await clickSquares(page, 'd9');
    await page.click('#editor-palette button[data-tool="R"]');
    await clickSquares(page, 'a1');
    assert.equal(await page.textContent('#editor-problems'), 'A legal position.');
    await page.click('#editor-play');
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.fen()), '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.mode), 'game');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Chinese: the board\'s file numbers and the Chinese notation, following the language until one is chosen; Install', async () => {
  const { page, context, errors } = await openApp(app, { locale: 'zh-CN' });
  await withShot(page, 'chinese', async () => {
    const config = () => page.evaluate(() => document.getElementById('board').board.config.coordinates);
    assert.equal(await config(), 'chinese');
    assert.equal(await page.inputValue('#notation'), 'chinese');
    assert.equal(await page.inputValue('#lang'), 'zh');
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    assert.equal(await page.textContent('#move-list button[data-ply="1"]'), '炮二平五');
    await page.selectOption('#lang', 'en');
    assert.equal(await config(), 'iccs');
    assert.equal(await page.inputValue('#notation'), 'wxf', 'the notation follows the language');
    await page.selectOption('#notation', 'chinese');
    await page.selectOption('#lang', 'zh');
    await page.selectOption('#lang', 'en');
    assert.equal(await page.inputValue('#notation'), 'chinese', 'until the player chooses one');
    assert.equal(await config(), 'chinese');
    // Install: hidden until the browser offers it, then one click asks
    assert.equal(await page.isHidden('#install'), true);
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true });
      e.prompt = () => { window.prompted = true; return Promise.resolve(); };
      window.dispatchEvent(e);
    });
    assert.equal(await page.isVisible('#install'), true);
    await page.click('#install');
    assert.equal(await page.evaluate(() => window.prompted), true);
    assert.equal(await page.isHidden('#install'), true);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
