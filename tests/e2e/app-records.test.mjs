// The app (www/dist) in Chromium, with records and storage: PGN export (text and download) and import round trip,
// a GBK file, the game restored after a reload (also in the middle of the computer's reply), a corrupted saved
// value recovered with a message, a full storage quota, a hostile PGN shown only as text, a 17 MB file refused
// without freezing the page, and a database of 10,000 games listed in the worker, one game opened. Screenshots: test-results/app/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game } from '../../pkg/node.mjs';
import { clickSquares, computerDone, history, importText, openApp, root, startApp, waitReady, withShot } from './app-support.mjs';

const SAVE_KEY = 'xiangqi-wasm-app/game';
let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const fen = (page) => page.evaluate(() => window.xiangqiApp.game.fen());

test('PGN export (copy text and download) and import round trip; a GBK file', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'pgn-roundtrip', async () => {
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    await clickSquares(page, 'h0', 'g2');
    await computerDone(page);
    const moves = await history(page);
    const position = await fen(page);
    assert.equal(moves.length, 4);
    await page.click('#export');
    const pgn = await page.inputValue('#export-pgn');
    assert.equal(await page.inputValue('#export-fen'), position);
    assert.match(pgn, /\[Red "You"\]/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    await page.click('#copy-pgn');
    await page.waitForFunction(() => /Copied/.test(document.getElementById('export-note').textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pgn);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
    assert.match(download.suggestedFilename(), /\.pgn$/);
    assert.equal(readFileSync(await download.path(), 'utf8'), pgn);
    await page.click('#export-dialog button[value=close]');
    // a new game, then the exported record back in
    await page.click('#undo');
    await page.click('#undo');
    assert.deepEqual(await history(page), []);
    await importText(page, pgn);
    assert.deepEqual(await history(page), moves);
    assert.equal(await fen(page), position);
    assert.equal(Game.fromPgn(pgn).fen(), position);
    // a legacy GBK file, chosen in the file field
    await page.click('#import');
    await page.setInputFiles('#import-file', join(root, 'tests', 'data', 'notation', 'opening-gbk.pgn'));
    // Two games in the file: listed with their players and events, the first chosen.
    await page.waitForFunction(() => !document.getElementById('import-list').hidden, null, { timeout: 10000 });
    assert.match(await page.textContent('#import-count'), /2 games/);
    assert.match(await page.textContent('#import-games'), /1\. 红方棋手 – 黑方棋手 · 示例对局/);
    await page.click('#import-open');
    await page.waitForFunction(() => !document.getElementById('import-dialog').open, null, { timeout: 10000 });
    assert.equal((await history(page)).length, 18);
    assert.match(await page.textContent('#record-headers'), /红方棋手/);
    assert.match(await page.textContent('#player-bottom'), /红方棋手|黑方棋手/);
    // A Big5 file (traditional characters) and an XQF file: their players, event and recorded result.
    for (const [folder, name, red, black, event, plies] of [
      ['big5', 'ccpd-game-hu-00000001.pgn', '上海胡榮華', '廣東呂欽', /嘉寶杯/, 78],
      ['xqf', 'eleeye-XQFEXAMA.xqf', '柳大华', '吕  钦', /中立杯/, 110],
    ]) {
      await page.click('#import');
      await page.setInputFiles('#import-file', join(root, 'tests', 'data', 'records', folder, name));
      await page.waitForFunction(() => !document.getElementById('import-dialog').open, null, { timeout: 10000 });
      assert.equal((await history(page)).length, plies, name);
      const players = `${await page.textContent('#player-top')} ${await page.textContent('#player-bottom')}`;
      assert.ok(players.includes(red) && players.includes(black), `${name}: ${players}`);
      assert.match(await page.textContent('#record-headers'), event);
      assert.ok(await page.evaluate(() => window.xiangqiApp.game.outcome() !== null), name);
      await page.click('#message-close').catch(() => {});
    }
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad record is refused with its place; the game is unchanged', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'import-error', async () => {
    await importText(page, '[Event "x"]\n\n1. C2.5 C3.5 *');
    assert.match(await page.textContent('#import-error'), /Could not read the record: .*line 3/);
    assert.equal(await page.evaluate(() => document.getElementById('import-dialog').open), true);
    // in Chinese, the reason in Chinese
    await page.click('#import-dialog button[value=cancel]');
    await page.selectOption('#lang', 'zh');
    await importText(page, '[Event "x"]\n\n1. C2.5 C3.5 *');
    assert.match(await page.textContent('#import-error'), /无法读取棋谱：第2步着法“C3.5”无法走出（第3行第\d+列）/);
    await page.click('#import-dialog button[value=cancel]');
    assert.deepEqual(await history(page), []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game survives a reload, also one in the middle of the computer reply', async () => {
  const { page, context, errors } = await openApp(app);
  await withShot(page, 'reload', async () => {
    await page.click('#flip');
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    const moves = await history(page);
    await page.reload();
    await waitReady(page);
    assert.deepEqual(await history(page), moves);
    assert.equal(await page.locator('#move-list button.move').count(), 2);
    // the stream goes on: a move, and a reload while the computer is thinking about its reply
    await clickSquares(page, 'b0', 'c2');
    await page.waitForFunction(() => document.body.dataset.thinking === 'true');
    await page.reload();
    await waitReady(page);
    const after = await history(page);
    assert.deepEqual(after.slice(0, 3), [...moves, 'b0c2']);
    await computerDone(page);
    await page.waitForFunction(() => window.xiangqiApp.game.history().length === 4, null, { timeout: 10000 });
    const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), SAVE_KEY);
    assert.equal(saved.version, 1);
    assert.deepEqual(saved.game.moves, await history(page));
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a corrupted saved game: a message and a new game, not a blank page', async () => {
  for (const [value, message] of [
    ['{"version":1,"game":{"initialFen":', /could not be read \(not JSON\)/],
    [JSON.stringify({ version: 1, human: 'red', level: 'club', practice: false, redo: [], clock: null,
      game: { initialFen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
        moves: ['h2e2', 'h2e2'], options: {}, ending: null, comments: [], headers: {} } }), /could not be restored \(ERR_ILLEGAL_MOVE\)/],
  ]) {
    const { page, context, errors } = await openApp(app, {
      init: ([k, v]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(k, v);
          sessionStorage.setItem('seeded', '1');
        }
      },
      initArg: [SAVE_KEY, value],
    });
    await withShot(page, 'corrupt-storage', async () => {
      assert.match(await page.textContent('#message-text'), message);
      assert.deepEqual(await history(page), []);
      await clickSquares(page, 'h2', 'e2');
      await computerDone(page);
      assert.equal((await history(page)).length, 2, 'the new game plays and is saved');
      const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), SAVE_KEY);
      assert.equal(saved.game.moves.length, 2);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a full storage quota: a clear message, the game goes on in memory and can still be exported', async () => {
  const { page, context, errors } = await openApp(app, {
    init: (k) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === k) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    },
    initArg: SAVE_KEY,
  });
  await withShot(page, 'quota', async () => {
    await clickSquares(page, 'h2', 'e2');
    await page.waitForSelector('#message:not([hidden])');
    assert.match(await page.textContent('#message-text'), /Storage is full/);
    await computerDone(page);
    assert.equal((await history(page)).length, 2);
    await page.click('#export');
    assert.match(await page.inputValue('#export-pgn'), /1\. C2\.5/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

/** A record whose text is `text` (header values, comments), with a 1 MB header line and a 1 MB comment. */
function recordWith(text, long) {
  const q = (v) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return `[Event "${q(text)}"]\n[Red "${q(text)}"]\n[Black "${q(text + long)}"]\n\n`
    + `{${text}} 1. C2.5 H8+7 {${text}${long}} *\n`;
}

test('a hostile PGN is shown only as text: no element injected, the layout intact', async () => {
  const { page, context, errors } = await openApp(app, {
    init: () => {
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    },
  });
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    + '<b onmouseover=alert(1)>bold</b>\u202Eevil\u202C\u2067rtl\u2069 <svg onload=alert(3)>';
  const long = 'y'.repeat(1000000);
  const hostile = recordWith(evil, long);
  const benign = recordWith('a'.repeat(evil.length), long);
  assert.ok(hostile.length > 2000000 && Buffer.byteLength(hostile) < 2 * 1024 * 1024, `${hostile.length} bytes`);
  const snapshot = () => page.evaluate(() => ({
    elements: document.querySelectorAll('*').length,
    imgs: document.querySelectorAll('img, svg, b').length,
    scripts: document.querySelectorAll('script').length,
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    panel: document.querySelector('.panel').getBoundingClientRect().toJSON(),
    board: document.getElementById('board').getBoundingClientRect().toJSON(),
    scrollW: document.documentElement.scrollWidth,
    innerW: innerWidth,
    pwned: window.__pwned ?? null,
  }));
  // Both records are dropped on the page as files (made in the page: handing 2 MB over from the test, or typing it
  // into the text field, would itself block the page and hide what the app does).
  const drop = async (text) => {
    await page.evaluate((t) => { window.__file = new File([t], 'record.pgn', { type: 'text/plain' }); }, text);
    await page.waitForTimeout(200);
    await page.evaluate(() => {
      window.__longTasks.length = 0;
      window.__imported = window.xiangqiApp.game;
      const dt = new DataTransfer();
      dt.items.add(window.__file);
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => window.xiangqiApp.game !== window.__imported && !document.getElementById('import-dialog').open,
      null, { timeout: 15000 });
    await page.waitForTimeout(300);
  };
  await withShot(page, 'hostile-pgn', async () => {
    await drop(benign);
    assert.equal((await history(page)).length, 2);
    const before = await snapshot();
    await drop(hostile);
    assert.equal((await history(page)).length, 2);
    const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    console.log(`longest main-thread task while importing the ${(hostile.length / 1e6).toFixed(1)} MB record: ${longest.toFixed(0)} ms`);
    // Measured 40-70 ms here; the bound leaves room for a loaded machine (the 10 MB refusal below is held to 100 ms).
    assert.ok(longest < 250, `a main-thread task of ${longest} ms`);
    const after = await snapshot();
    assert.equal(after.pwned, null);
    assert.equal(after.elements, before.elements, 'no element injected');
    assert.equal(after.imgs, 0);
    assert.equal(after.scripts, before.scripts);
    assert.equal(after.handlers, 0);
    assert.deepEqual(after.board, before.board, 'the board did not move');
    assert.equal(after.panel.width, before.panel.width);
    assert.ok(after.panel.height < 1400, `panel ${after.panel.height}px high`);
    assert.ok(after.scrollW <= after.innerW, 'no horizontal scroll');
    const comment = await page.textContent('#comment-text');
    assert.ok(comment.startsWith(evil), 'the comment is shown as its text');
    assert.ok(comment.length < 11000, 'a 1 MB comment is cut for display');
    assert.match(await page.textContent('#record-headers'), /<script>window.__pwned=2<\/script>/);
    // the names reach the player bars as text too, and the export keeps the record's text whole
    assert.ok((await page.textContent('#player-bottom .player-name')).includes('<img src=x'));
    await page.click('#export');
    const out = await page.inputValue('#export-pgn');
    // (comments are cut to the 65,536 characters the package's setComment takes; header values to 4,096)
    assert.equal(Game.fromPgn(out).getComment(2), (evil + long).slice(0, 65536));
    assert.match(out, /\[Event "<img src=x onerror=\\"window.__pwned=1\\">/);
    await page.click('#export-dialog button[value=close]');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 17 MB file is refused at once with a clear message; the page never freezes', async () => {
  const { page, context, errors } = await openApp(app, {
    init: () => {
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    },
  });
  await withShot(page, 'import-17mb', async () => {
    await clickSquares(page, 'h2', 'e2');
    await computerDone(page);
    // The file is made in the page (handing 17 MB over from the test would itself block the page) and dropped
    // on it, as a user drops a file from the desktop.
    await page.evaluate(() => {
      const unit = new TextEncoder().encode(`1. C2.5 H8+7 {${'z'.repeat(200)}} `);
      const bytes = new Uint8Array(17 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i += unit.length) bytes.set(unit.subarray(0, Math.min(unit.length, bytes.length - i)), i);
      window.__big = new File([bytes], 'big.pgn', { type: 'text/plain' });
    });
    await page.waitForTimeout(100);
    await page.evaluate(() => { window.__longTasks.length = 0; });
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(window.__big);
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => /reads records/.test(document.getElementById('import-error').textContent));
    assert.match(await page.textContent('#import-error'), /This record is 17 MB; the app reads records of up to 16 MB/);
    const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    assert.ok(longest < 100, `a main-thread task of ${longest} ms`);
    assert.equal((await history(page)).length, 2, 'the game is unchanged');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a database of 10,000 games is listed in the worker with progress, the page never freezing; one game opens with its players', async () => {
  const { page, context, errors } = await openApp(app, {
    init: () => {
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    },
  });
  await withShot(page, 'import-database', async () => {
    await page.evaluate(() => {
      const moves = '1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 4. 兵七进一 卒7进1 5. 车二进六 炮8平9 ';
      const games = Array.from({ length: 10000 }, (_, i) => `[Event "Cup ${i + 1}"]\n[Red "Red ${i + 1}"]\n`
        + `[Black "Black ${i + 1}"]\n[Result "1-0"]\n\n${moves}1-0\n\n`);
      window.__db = new File([games.join('')], 'db.pgn', { type: 'text/plain' });
      window.__progress = [];
      new MutationObserver(() => window.__progress.push(document.getElementById('import-error').textContent))
        .observe(document.getElementById('import-error'), { childList: true, characterData: true, subtree: true });
    });
    await page.waitForTimeout(100);
    await page.evaluate(() => { window.__longTasks.length = 0; });
    const t0 = Date.now();
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(window.__db);
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => !document.getElementById('import-list').hidden, null, { timeout: 120000 });
    const ms = Date.now() - t0;
    const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    console.log(`10,000 games listed in the app's worker in ${ms} ms; the page's longest task meanwhile ${longest.toFixed(0)} ms`);
    assert.ok(longest < 100, `a main-thread task of ${longest} ms`);
    assert.ok((await page.evaluate(() => window.__progress)).some((t) => /Reading… [\d,]+ games so far/.test(t)));
    assert.match(await page.textContent('#import-count'), /10,000 games in this file; the first 500/);
    assert.equal(await page.locator('#import-games option').count(), 500);
    await page.fill('#import-find', 'Red 5000 ');
    assert.equal(await page.locator('#import-games option').count(), 1);
    assert.match(await page.textContent('#import-count'), /10,000 games in this file: choose one/);
    await page.selectOption('#import-games', '4999');
    await page.click('#import-open');
    await page.waitForFunction(() => !document.getElementById('import-dialog').open, null, { timeout: 10000 });
    assert.equal((await history(page)).length, 10);
    assert.match(await page.textContent('#player-top'), /Red 5000|Black 5000/);
    assert.match(await page.textContent('#player-bottom'), /Red 5000|Black 5000/);
    assert.match(await page.textContent('#record-headers'), /Cup 5000/);
    assert.equal(await page.evaluate(() => window.xiangqiApp.game.outcome()?.reason), 'recorded');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the find field: simplified and traditional find each other, full-width is ASCII, no match is said; a finished game opens to replay', async () => {
  const { page, context, errors } = await openApp(app);
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await withShot(page, 'import-find-zh', async () => {
    await page.evaluate(() => {
      const moves = '1. 炮二平五 马8进7 2. 马二进三 车9平8 ';
      const games = [
        ['胡榮華', '呂欽', '全國個人賽'], ['胡荣华', '柳大华', '全国个人赛'], ['許銀川', '胡榮華', '五羊杯'],
        ['Wang Tianyi', 'Zheng Weitong', 'ＣＣＡ Ｃｕｐ 2020'], ['赵国荣', '吕钦', '五羊杯'],
      ].map(([red, black, event]) => `[Event "${event}"]\n[Red "${red}"]\n[Black "${black}"]\n[Result "1-0"]\n\n${moves}1-0\n\n`);
      const dt = new DataTransfer();
      dt.items.add(new File([games.join('')], 'masters.pgn', { type: 'text/plain' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => !document.getElementById('import-list').hidden, null, { timeout: 10000 });
    const listed = () => page.$$eval('#import-games option', (os) => os.map((o) => Number(o.value) + 1));
    assert.ok(!requested.some((u) => /t2cn/.test(u)), 'the converter is not loaded before a search needs it');
    // Simplified finds the traditional spelling and the other way round (the converter loads on the first search).
    await page.fill('#import-find', '胡荣华');
    await page.waitForFunction(() => document.getElementById('import-games').options.length === 3, null, { timeout: 10000 });
    assert.deepEqual(await listed(), [1, 2, 3]);
    assert.ok(requested.some((u) => /t2cn/.test(u)), 'the converter is a chunk of its own, loaded for the search');
    await page.fill('#import-find', '呂欽');
    assert.deepEqual(await listed(), [1, 5]);
    await page.fill('#import-find', '全国个人赛');
    assert.deepEqual(await listed(), [1, 2]);
    // Full-width letters and ASCII find each other, in any case.
    await page.fill('#import-find', 'cca cup');
    assert.deepEqual(await listed(), [4]);
    await page.fill('#import-find', 'ＷＡＮＧ');
    assert.deepEqual(await listed(), [4]);
    assert.equal(await page.textContent('#import-none'), '');
    // Nothing found is said so, and nothing can be opened.
    await page.fill('#import-find', '蒋川');
    assert.deepEqual(await listed(), []);
    assert.equal(await page.textContent('#import-none'), 'No game matches “蒋川”.');
    assert.equal(await page.isDisabled('#import-open'), true);
    await page.fill('#import-find', '胡榮華');
    assert.deepEqual(await listed(), [1, 2, 3]);
    assert.equal(await page.textContent('#import-none'), '');
    // A finished game opens on its start position, to step through or review: nobody "plays Red" in it.
    await page.selectOption('#import-games', '1');
    await page.click('#import-open');
    await page.waitForFunction(() => !document.getElementById('import-dialog').open, null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.shown), 0);
    assert.equal(await page.evaluate(() => document.getElementById('message').dataset.key), 'importedOver');
    assert.match(await page.textContent('#message-text'), /finished game/);
    assert.doesNotMatch(await page.textContent('#message-text'), /You play/);
    assert.equal(await page.isVisible('#review-next'), true, 'Next steps through it');
    await page.click('#review-next');
    assert.equal(await page.evaluate(() => window.xiangqiApp.state.shown), 1);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
