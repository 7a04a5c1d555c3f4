// The app (www/dist) in Chromium, playing: a mate with the game-over panel and its reason (in English and Chinese),
// a move against the computer in the worker with the thinking indicator, a hint arrow with its principal
// variation, a repetition warning (take back, then play anyway), touch-move in competition practice, a clock
// running out, and a phone-sized viewport with touch. Screenshots: test-results/app/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../pkg/node.mjs';
import { clickSquares, computerDone, history, importText, newGame, openApp, startApp, tapSquares, waitReady, withShot } from './app-support.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const boardState = (page) => page.evaluate(() => {
  const c = document.getElementById('board').board.config;
  return { movable: c.movable, shapes: c.shapes, orientation: c.orientation, theme: c.theme, lang: c.lang,
    dests: c.dests instanceof Map ? Object.fromEntries(c.dests) : c.dests };
});

test('a move against the computer: it thinks in the worker and replies; undo takes both back', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'play-reply', async () => {
    assert.equal((await boardState(page)).movable, 'red', 'a new game: the human plays Red');
    await clickSquares(page, 'h2', 'e2');
    // Read in the same task as the flag: on a loaded machine the reply may come before a second call would.
    const thinking = await (await page.waitForFunction(() => document.body.dataset.thinking === 'true' && {
      status: document.getElementById('status').textContent,
      movable: document.getElementById('board').board.config.movable,
    }, null, { timeout: 5000 })).jsonValue();
    assert.match(thinking.status, /thinking/);
    assert.equal(thinking.movable, 'none', 'no moves while the computer thinks');
    // the page is not frozen while the computer thinks
    const t0 = Date.now();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 10)));
    assert.ok(Date.now() - t0 < 500);
    await computerDone(page);
    const h = await history(page);
    assert.equal(h.length, 2);
    assert.equal(h[0], 'h2e2');
    assert.equal(await page.locator('#move-list button.move').count(), 2);
    // review: the position after the first move, read only, then back to the live position
    const afterFirst = new Game();
    afterFirst.play('h2e2');
    await page.click('#move-list button[data-ply="1"]');
    assert.equal(await page.evaluate(() => document.getElementById('board').board.fen.split(' ')[0]), afterFirst.fen().split(' ')[0]);
    assert.equal((await boardState(page)).movable, 'none', 'review is read only');
    assert.match(await page.textContent('#review-text'), /after 1\. C2\.5 \(read only\)/);
    await page.click('#review-next');
    assert.equal(await page.isHidden('#review-bar'), true, 'the last move is the live position');
    await page.click('#move-list button[data-ply="1"]');
    await page.keyboard.press('Home');
    assert.match(await page.textContent('#review-text'), /start position/);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#review-text'), /after 1\. C2\.5 \(read only\)/);
    await page.click('#review-live');
    assert.equal((await boardState(page)).movable, 'red');
    await page.click('#undo');
    assert.deepEqual(await history(page), [], 'undo takes back the computer reply too');
    await page.click('#redo');
    await page.waitForFunction(() => window.xiangqiApp.game.history().length === 2);
    // undo while the computer thinks stops it
    await page.click('#undo');
    await clickSquares(page, 'b0', 'c2');
    await page.waitForFunction(() => document.body.dataset.thinking === 'true');
    await page.click('#undo');
    assert.equal(await page.evaluate(() => document.body.dataset.thinking ?? null), null);
    await page.waitForTimeout(1200); // longer than the level's thinking time: no stale reply arrives
    assert.deepEqual(await history(page), []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('checkmate: the game-over panel gives the reason, in English and in Chinese', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'mate', async () => {
    await importText(page, '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1');
    assert.equal((await boardState(page)).movable, 'red');
    await clickSquares(page, 'b6', 'd6');
    await page.waitForSelector('#over-dialog[open]');
    assert.match(await page.textContent('#over-result'), /Red wins/);
    assert.match(await page.textContent('#over-text'), /Black is checkmated/);
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome().reason), 'checkmate');
    await page.click('#over-dialog button[value=close]');
    await page.selectOption('#lang', 'zh');
    assert.match(await page.textContent('#status'), /将死|绝杀|被将死/);
    assert.equal((await boardState(page)).lang, 'zh');
    assert.equal(await page.textContent('#new'), '新局');
    // the language is remembered; the theme is switchable (the board's theme follows)
    await page.reload();
    await waitReady(page);
    assert.equal(await page.textContent('#new'), '新局');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    await page.click('#theme'); // auto -> light
    await page.click('#theme'); // light -> dark
    assert.equal((await boardState(page)).theme, 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint: an arrow on the board and the principal variation in the chosen notation', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'hint', async () => {
    await page.selectOption('#notation', 'chinese');
    await page.click('#hint');
    await page.waitForFunction(() => {
      const t = document.getElementById('hint-text').textContent;
      return t && !/Looking/.test(t);
    }, null, { timeout: 10000 });
    const { shapes } = await boardState(page);
    assert.equal(shapes.length, 1);
    const move = shapes[0].from + shapes[0].to;
    const g = new Game();
    assert.ok(g.isLegal(move), move);
    const text = await page.textContent('#hint-text');
    assert.equal(text.split(' ')[0], g.toNotation(move, 'chinese'), text);
    // the hint goes when a move is played
    await clickSquares(page, move.slice(0, 2), move.slice(2));
    await computerDone(page);
    assert.deepEqual((await boardState(page)).shapes, []);
    assert.equal(await page.isHidden('#hint-box'), true);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a repetition warning before a losing move: take it back, or play it anyway', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'repetition', async () => {
    // a chariot chases an unprotected cannon; the next h4i4 would complete the cycle and lose (AXF and CXA)
    const g = new Game('4k4/9/8c/9/9/6R2/9/9/9/3K5 w');
    for (const m of ['g4i4', 'i7h7', 'i4h4', 'h7i7', 'h4i4', 'i7h7', 'i4h4', 'h7i7']) g.play(m);
    await importText(page, g.pgn({ notation: 'iccs' }));
    assert.equal((await history(page)).length, 8);
    await clickSquares(page, 'h4', 'i4');
    await page.waitForSelector('#repetition-dialog[open]');
    assert.match(await page.textContent('#repetition-text'), /chase/i);
    await page.click('#repetition-dialog button[value=back]');
    assert.equal((await history(page)).length, 8, 'taken back: not played');
    // (the dialog's close event, which puts the piece back, is a task after the click)
    const placement = g.fen().split(' ')[0];
    await page.waitForFunction((p) => document.getElementById('board').board.fen.split(' ')[0] === p, placement,
      { timeout: 5000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.getElementById('board').board.fen.split(' ')[0]), placement);
    await clickSquares(page, 'h4', 'i4');
    await page.waitForSelector('#repetition-dialog[open]');
    await page.click('#repetition-dialog button[value=play]');
    await page.waitForSelector('#over-dialog[open]');
    assert.match(await page.textContent('#over-text'), /chase/i);
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome().reason), 'perpetualChase');
    assert.match(await page.textContent('#over-result'), /Black wins/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('competition practice: touch-move binds the touched pieces, no take-backs, the clock runs', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'touch-move', async () => {
    await newGame(page, { practice: true });
    assert.equal(await page.isDisabled('#undo'), true, '落子无悔: no undo');
    assert.equal(await page.isDisabled('#hint'), true);
    assert.match(await page.textContent('#player-bottom .player-clock'), /^\d+:\d\d/);
    // B: touch Black's horse on h9 (the cannon on h2 can take it): only that capture is offered
    await clickSquares(page, 'h9');
    assert.match(await page.textContent('#touch-note'), /must capture/);
    assert.deepEqual((await boardState(page)).dests, { h2: ['h9'] });
    await clickSquares(page, 'b0', 'c2');
    assert.deepEqual(await history(page), [], 'the horse may not move instead');
    // (touching the horse after the opponent's piece is clause D: it cannot take h9, so another piece must)
    assert.match(await page.textContent('#touch-note'), /cannot capture h9; another piece must/);
    assert.equal(await page.evaluate(() => document.getElementById('touch-note').dataset.rule), 'D2');
    await clickSquares(page, 'h2', 'h9');
    assert.equal((await history(page))[0], 'h2h9');
    await computerDone(page);
    assert.equal(await page.isHidden('#touch-note'), true, 'the obligation ends with the move');
    // A: touch the horse on b0; another piece may not move
    await clickSquares(page, 'b0');
    assert.match(await page.textContent('#touch-note'), /must move it/);
    const dests = (await boardState(page)).dests;
    assert.deepEqual(Object.keys(dests), ['b0']);
    await clickSquares(page, 'a0', 'a1');
    assert.equal((await history(page)).length, 2);
    await clickSquares(page, 'b0', dests.b0[0]);
    // the horse's move is played (the computer, on a short clock, may have answered already)
    assert.equal((await history(page))[2], `b0${dests.b0[0]}`);
    await computerDone(page);
    assert.equal(await page.isDisabled('#undo'), true);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch-move from the keyboard: picking a piece up with Enter binds it', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'touch-move-keyboard', async () => {
    await newGame(page, { practice: true });
    await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.xqb').focus());
    // the board's cursor starts on e3: down three times is the general on e0
    for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(k);
    assert.equal(await page.evaluate(() => document.getElementById('board').board.selected), 'e0');
    assert.match(await page.textContent('#touch-note'), /touched your piece on e0; you must move it/);
    assert.deepEqual((await boardState(page)).dests, { e0: ['e1'] });
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the clock: a fallen flag ends the game on time', async () => {
  const { page, context, errors } = await openApp(app, { clock: true });
  await withShot(page, 'clock', async () => {
    await newGame(page, { clock: 'cxa-6.4', rules: 'cxa' });
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.options().rules), 'cxa');
    assert.match(await page.textContent('#status'), /CXA rules/);
    assert.match(await page.textContent('#player-bottom .player-clock'), /^5:00 · 30 to go/);
    await page.clock.fastForward(60000);
    assert.match(await page.textContent('#player-bottom .player-clock'), /^4:0\d/);
    await page.clock.fastForward(5 * 60000);
    await page.waitForSelector('#over-dialog[open]');
    const o = await page.evaluate(() => window.xiangqiApp.game.outcome());
    assert.equal(o.reason, 'timeForfeit');
    assert.equal(o.winner, 'black');
    assert.match(await page.textContent('#over-text'), /time/i);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone: the board full width, the controls below, a move by touch; light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    // dark with a Chinese browser: the interface follows navigator.language
    const { page, context, errors } = await openApp(app, { viewport: { width: 390, height: 844 }, colorScheme,
      hasTouch: true, locale: colorScheme === 'dark' ? 'zh-CN' : 'en-US' });
    await withShot(page, `phone-${colorScheme}`, async () => {
      const layout = await page.evaluate(() => {
        const b = document.getElementById('board').getBoundingClientRect();
        const p = document.querySelector('.panel').getBoundingClientRect();
        return { boardW: b.width, boardBottom: b.bottom, panelTop: p.top, scrollW: document.documentElement.scrollWidth };
      });
      assert.ok(layout.boardW >= 360, `board ${layout.boardW}px wide`);
      assert.ok(layout.panelTop >= layout.boardBottom, 'controls below the board');
      assert.ok(layout.scrollW <= 390, `no horizontal scroll (${layout.scrollW})`);
      assert.equal((await boardState(page)).theme, colorScheme);
      assert.equal(await page.textContent('#new'), colorScheme === 'dark' ? '新局' : 'New game');
      await tapSquares(page, 'h2', 'e2');
      await computerDone(page);
      assert.equal((await history(page)).length, 2);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a draw offer and resignation ask for a second tap; the computer declines a level position at Maximum', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'draw-offer', async () => {
    // Maximum, the start position: level, so the computer declines (docs/app.md, "Draw offers")
    await newGame(page, { level: 'maximum' });
    await page.click('#draw');
    assert.equal(await page.textContent('#draw'), 'Tap again to offer a draw');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.busy), null, 'one tap does not offer');
    await page.click('#draw');
    await page.waitForFunction(() => document.getElementById('message').dataset.key === 'drawDeclined', null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome()), null);
    // Black (the computer) has an extra chariot: it declines
    await importText(page, '3k5/9/9/9/9/9/9/9/r8/4K4 w - - 0 1');
    assert.equal(await page.isHidden('#message'), false, 'the import is announced');
    await page.click('#draw');
    await page.click('#draw');
    await page.waitForFunction(() => document.getElementById('message').dataset.key === 'drawDeclined', null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome()), null);
    // resigning: the first tap asks, another control forgets it, two taps end the game; undo takes it back
    await page.click('#resign');
    assert.equal(await page.textContent('#resign'), 'Tap again to resign');
    await page.click('#flip');
    assert.equal(await page.textContent('#resign'), 'Resign', 'another control forgets the first tap');
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForSelector('#over-dialog[open]');
    assert.match(await page.textContent('#over-result'), /Black wins/);
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome().reason), 'resignation');
    await page.click('#over-dialog button[value=close]');
    await page.click('#undo');
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome()), null);
    // Red (the human) has the extra chariot: the computer, worse by far more than its margin, accepts
    await importText(page, '3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1');
    await page.click('#draw');
    await page.click('#draw');
    await page.waitForSelector('#over-dialog[open]', { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome().reason), 'agreement');
    assert.match(await page.textContent('#over-result'), /Draw/);
    // the game's end cleared what no longer applies: no passing message, no hint
    assert.notEqual(await page.evaluate(() => document.getElementById('message').dataset.key), 'importedRed');
    assert.equal(await page.isHidden('#hint-box'), true);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failure to start shows a message, not a blank page', async () => {
  const context = await app.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(app.server.url);
  await withShot(page, 'start-failure', async () => {
    await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => document.body.dataset.ready), 'error');
    assert.equal(await page.isVisible('#fatal'), true);
    assert.match(await page.textContent('#fatal'), /could not start: .*reload the page/);
    assert.equal(await page.isVisible('#board'), false, 'no dead board');
  });
  await context.close();
});
