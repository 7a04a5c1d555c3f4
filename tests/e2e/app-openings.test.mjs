// The openings in the app (www/dist) in Chromium (issue 39): the game's opening under the move list and its book
// moves, the computer's book move, the opening explorer of the analysis board (loaded on first open, a move played
// from it, the engine's score beside it) and of the review (book moves never marked), the explorer offline after
// one visit (the service worker's runtime cache), damaged data ("unavailable", the rest of the app untouched), the
// import list's openings, and the lesson embed's header. Screenshots: test-results/app/openings-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game } from '../../pkg/node.mjs';
import { OpeningExplorer } from '../../pkg/openings.js';
import { clickSquares, computerDone, history, importText, openApp, root, startApp, withShot } from './app-support.mjs';

const explorer = new OpeningExplorer(readFileSync(join(root, 'pkg', 'openings-data.json'), 'utf8'));

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const openExplorer = async (page) => {
  // (a click can land while the analysis lines above it arrive and move the panel down: clicked again until open)
  for (let i = 0; i < 3 && !(await page.evaluate(() => document.getElementById('explorer-box').open)); i++) {
    await page.click('#explorer-box > summary');
  }
  await page.waitForFunction(() => ['ready', 'unavailable'].includes(window.xiangqiApp.state.explorer.status), null, { timeout: 20000 });
};

test('the move list names the opening and sets the book moves apart; the computer opens from the book', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'openings-move-list', async () => {
    assert.equal(await page.isHidden('#opening-line'), true, 'no move, no opening');
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    const moves = await history(page);
    assert.equal(moves.length, 2);
    // The computer's reply is a master move of the position (its level's book).
    const after = new Game();
    after.play('h2e2');
    assert.ok(explorer.lookup(after.fen()).some((r) => r.move === moves[1]), `${moves[1]} is no master move`);
    after.free();
    assert.equal(await page.isVisible('#opening-line'), true);
    // (the computer's reply varies: 马8进7, 炮8平5, ... — a central-cannon family code either way)
    assert.match(await page.textContent('#opening-line'), /^Opening: [BCD]\d\d /);
    await clickSquares(page, 'h0', 'g2');
    await computerDone(page);
    const book = await page.$$eval('#move-list button.move.book', (bs) => bs.map((b) => b.dataset.ply));
    assert.ok(book.includes('1') && book.includes('2'), JSON.stringify(book));
    assert.match(await page.getAttribute('#move-list button[data-ply="1"]', 'aria-label'), /book move/);
    assert.match(await page.getAttribute('#opening-line', 'title'), /\p{Script=Han}/u, 'the Chinese name in the tooltip');
    // In Chinese: the Chinese name.
    await page.selectOption('#lang', 'zh');
    assert.match(await page.textContent('#opening-line'), /^开局：[BCD]\d\d \p{Script=Han}+/u);
    assert.match(await page.getAttribute('#move-list button[data-ply="1"]', 'aria-label'), /谱着/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis board\'s explorer: loaded when first opened, master moves with shares and the engine\'s scores, a move played from it', async () => {
  const { page, context, errors } = await openApp(app);
  const requests = [];
  page.on('request', (r) => { if (/openings-data/.test(r.url())) requests.push(r.url()); });
  await withShot(page, 'openings-explorer-analysis', async () => {
    await page.click('#analyse');
    assert.equal(await page.isVisible('#explorer-box'), true);
    assert.deepEqual(requests, [], 'not downloaded before the explorer is opened');
    await openExplorer(page);
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.explorer.status), 'ready');
    assert.equal(requests.length, 1);
    const rows = await page.$$eval('#explorer-rows tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.ok(rows.length >= 5, JSON.stringify(rows));
    assert.equal(rows[0][0], 'C2.5', 'the moves in the chosen notation (WXF in English)');
    assert.ok(Number(rows[0][1]) > 10000);
    assert.match(rows[0][2], /^\d+% \/ \d+% \/ \d+%$/);
    assert.match(await page.textContent('#explorer-source'), /Chinese Chess Practical Dataset.*Yu-Han Tseng.*CC BY 4\.0/);
    assert.match(await page.getAttribute('#explorer-source-link', 'href'), /^https:\/\/github\.com\/Yvonne761\//);
    // The engine's lines give their first moves a score beside the masters' numbers.
    await page.waitForFunction(() => [...document.querySelectorAll('#explorer-rows tr td:nth-child(4)')].some((td) => td.textContent), null, { timeout: 20000 });
    assert.match(await page.textContent('#explorer-eval'), /Computer: [+−-]?\d/);
    // A click on a master move plays it on the analysis board; the explorer follows the position.
    await page.click('#explorer-rows button[data-move="h2e2"]');
    await page.waitForFunction(() => window.xiangqiApp.state.analysis.moves.join() === 'h2e2');
    await page.waitForFunction(() => document.querySelector('#explorer-rows tr td')?.textContent === 'H8+7');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a render between the click on the explorer and its toggle event does not shut it again', async () => {
  // A click opens the <details> at once; its `toggle` event, which tells the store, comes a task later. The analysis
  // lines stream in meanwhile, and each renders the app: here a render is forced in between, every time.
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'openings-explorer-render-race', async () => {
    await page.click('#analyse');
    await page.evaluate(() => {
      document.querySelector('#explorer-box > summary').click();
      window.xiangqiApp.store.message('offline');
      window.xiangqiApp.store.hideMessage();
    });
    await page.waitForFunction(() => window.xiangqiApp.state.explorer.status === 'ready', null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => document.getElementById('explorer-box').open), true);
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.explorer.open), true);
    // And shut the same way: it stays shut.
    await page.evaluate(() => {
      document.querySelector('#explorer-box > summary').click();
      window.xiangqiApp.store.message('offline');
    });
    await page.waitForFunction(() => window.xiangqiApp.state.explorer.open === false);
    assert.equal(await page.evaluate(() => document.getElementById('explorer-box').open), false);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review: book moves are never marked, the explorer beside the analysis', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'openings-review', async () => {
    // 中炮对屏风马, then Red's cannon takes the central pawn (no master move) and the game goes on.
    const g = new Game();
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'b9c7', 'i0h0', 'i9h9', 'e2e6', 'g6g5']) g.play(m);
    await importText(page, g.pgn({ notation: 'iccs', headers: { Red: 'Lin', Black: 'Xu' } }));
    g.free();
    await page.click('#review');
    await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 60000 });
    const review = await page.evaluate(() => ({ book: window.xiangqiApp.state.review.book,
      classes: window.xiangqiApp.state.review.moves.map((m) => m.classification) }));
    assert.ok(review.book >= 4, JSON.stringify(review));
    for (let ply = 1; ply <= review.book; ply++) {
      assert.ok(!['inaccuracy', 'mistake', 'blunder'].includes(review.classes[ply - 1]), `ply ${ply}: ${review.classes[ply - 1]}`);
      assert.equal(await page.$(`#move-list button[data-ply="${ply}"] .mark`), null, `no mark on book ply ${ply}`);
    }
    await page.focus('#review-graph');
    await page.keyboard.press('Home');
    await openExplorer(page);
    const rows = await page.$$eval('#explorer-rows tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(rows[0][0], 'C2.5');
    assert.equal(await page.$('#explorer-rows button'), null, 'the review\'s explorer plays nothing');
    // The engine's value of the start and of the move played (h2e2) beside the masters'.
    assert.match(await page.textContent('#explorer-eval'), /Computer: /);
    assert.ok(rows.find((r) => r[0] === 'C2.5')[3], 'the move played has the analysis\'s value');
    await page.focus('#review-graph');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#explorer-rows tr td')?.textContent === 'H2+3');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('damaged explorer data: the explorer says it is unavailable, the rest of the app goes on', async () => {
  const { page, context, errors } = await openApp(app);
  await page.route(/openings-data[^/]*\.json$/, (route) => route.fulfill({ status: 200, contentType: 'application/json',
    body: '{"format":"xiangqi-wasm-openings","version":1,"positions":{"broken' }));
  await withShot(page, 'openings-explorer-unavailable', async () => {
    await page.click('#analyse');
    await openExplorer(page);
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.explorer.status), 'unavailable');
    assert.match(await page.textContent('#explorer-status'), /unavailable/);
    assert.equal(await page.isHidden('#explorer-table'), true);
    // The analysis board still plays and analyses.
    await clickSquares(page, 'h2', 'e2');
    await page.waitForFunction(() => window.xiangqiApp.state.analysis.moves.length === 1);
    await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length > 0, null, { timeout: 20000 });
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the import list names each game\'s opening; in Chinese the names are Chinese', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'openings-import-list', async () => {
    const games = [['h2e2', 'h9g7', 'h0g2', 'b9c7'], ['c3c4', 'b7c7'], ['g0e2']].map((moves, i) => {
      const g = new Game();
      for (const m of moves) g.play(m);
      const pgn = g.pgn({ notation: 'iccs', headers: { Red: `R${i}`, Black: `B${i}`, Event: `Game ${i + 1}` } })
        .replace(/\[(ECCO|Opening) "[^"]*"\]\n/g, '');
      g.free();
      return pgn;
    });
    await page.click('#import');
    await page.fill('#import-text', games.join('\n'));
    await page.click('#import-go');
    await page.waitForFunction(() => !document.getElementById('import-list').hidden, null, { timeout: 10000 });
    const text = await page.textContent('#import-games');
    assert.match(text, /C00 Central Cannon vs Screen Horses/);
    assert.match(text, /E10 Pawn Opening vs Pawn-Base Cannon/);
    assert.match(text, /A10 Elephant Opening/);
    await page.fill('#import-find', 'E10');
    await page.waitForFunction(() => document.querySelectorAll('#import-games option').length === 1);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lesson embed names the record\'s opening in its header', async () => {
  const context = await app.browser.newContext({ viewport: { width: 900, height: 900 }, serviceWorkers: 'block', deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${app.server.url}embed.html`);
  await withShot(page, 'openings-lesson-header', async () => {
    await page.waitForFunction(() => document.querySelector('xiangqi-lesson')?.shadowRoot?.querySelector('[part=opening]'), null, { timeout: 20000 });
    const text = await page.evaluate(() => document.querySelector('xiangqi-lesson').shadowRoot.querySelector('[part=opening]').textContent);
    assert.match(text, /^C\d\d /);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the explorer on a phone: the table fits the panel, no horizontal scroll', async () => {
  const { page, context, errors } = await openApp(app, { viewport: { width: 390, height: 844 }, hasTouch: true });
  await withShot(page, 'openings-explorer-phone', async () => {
    await page.click('#analyse');
    await openExplorer(page);
    await page.waitForFunction(() => document.querySelectorAll('#explorer-rows tr').length > 3);
    await page.evaluate(() => document.getElementById('explorer-box').scrollIntoView({ block: 'start' }));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll');
    const fits = await page.evaluate(() => {
      const t = document.getElementById('explorer-table').getBoundingClientRect();
      const box = document.getElementById('explorer-box').getBoundingClientRect();
      return t.right <= box.right + 0.5 && t.left >= box.left - 0.5;
    });
    assert.ok(fits, 'the table inside its panel');
  });
  assert.deepEqual(errors, []);
  await context.close();
});
