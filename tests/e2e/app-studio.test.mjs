// The app's Studio (www/src/studio/, views/studio.js) in Chromium: a study made from a pasted PGN with variations
// kept over a reload; a second tab saving from a stale revision is refused and told so, nothing overwritten; export
// and import back; a damaged entry in IndexedDB moved aside with a message, the others intact; a 10 MB paste refused
// with its size; the Publish snippet pasted into a blank page shows the lesson; axe-core; screenshots at 1280×800
// and 390×844 (test-results/app/studio-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { servePackage } from '../support/browser.mjs';
import { openApp, root, startApp, waitReady, withShot } from './app-support.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

const PGN = `[Event "Central cannon"]
[Red "Teacher"]
[Black "Student"]

1. h2e2 {The central cannon. A </script><b>tag</b> <!--<script> in a comment.} (1. b2e2 {the other side}) 1... h9g7 2. h0g2 *

[Event "Second game"]

1. c3c4 *
`;

let app;
let pkgServer;
before(async () => {
  app = await startApp();
  pkgServer = await servePackage(root);
});
after(async () => {
  await app?.close();
  await pkgServer?.close();
});

const notice = (page) => page.locator('#studio-notice').textContent();
const names = (page) => page.locator('#studio-list .studio-item-name').allTextContents();
const chapters = (page) => page.locator('#studio-chapters button').allTextContents();

async function openStudio(page) {
  await page.click('#studio-open');
  await page.waitForFunction(() => window.xiangqiApp.state.studio.status === 'ready', null, { timeout: 10000 });
}

/** A new study, its chapters the games of `pgn` pasted into the Add box. */
async function newStudyFromPaste(page, pgn) {
  await page.click('#studio-new');
  await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1);
  await page.click('#studio-add summary');
  await page.fill('#studio-paste', pgn);
  await page.click('#studio-add-go');
}

async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

test('a study from a pasted record, kept over a reload; stale tab refused; export, delete, undo, import; quarantine; embed', async () => {
  const { context, page, errors } = await openApp(app);
  await withShot(page, 'studio-1280', async () => {
    await openStudio(page);
    assert.match(await page.locator('#studio-empty').textContent(), /No studies yet/);
    await page.click('#studio-new');
    await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1);
    await page.fill('#studio-name', 'Openings 開局');
    await page.click('#studio-rename');
    await page.waitForFunction(() => document.querySelector('#studio-study-title').textContent === 'Openings 開局');
    await page.click('#studio-add summary');
    await page.fill('#studio-paste', PGN);
    await page.click('#studio-add-go');
    await page.waitForFunction(() => document.querySelectorAll('#studio-chapters button').length === 2);
    assert.deepEqual(await chapters(page), ['Central cannon', 'Second game']);
    // The chapter in the real <xiangqi-editor> (loaded when the Studio opened): its moves, its variation and its
    // comment (as text) as the record holds them.
    await page.waitForFunction(() => document.querySelector('#studio-editor-slot > xiangqi-editor')?.record?.mainline.moves.length,
      null, { timeout: 20000 });
    const first = await page.evaluate(() => document.querySelector('#studio-editor-slot > xiangqi-editor').record.mainline.moves[0]);
    assert.equal(first.move, 'h2e2');
    assert.match(first.comment, /<\/script><b>tag<\/b>/);
    assert.equal(await page.locator('#studio-editor-slot b').count(), 0, 'the comment is text, not markup');
    // a 10 MB paste: refused with its size (the Add box closed after the chapters were added)
    assert.equal(await page.evaluate(() => document.getElementById('studio-add').open), false);
    await page.click('#studio-add summary');
    await page.evaluate(() => { document.getElementById('studio-paste').value = 'x'.repeat(10 * 1024 * 1024); });
    await page.click('#studio-add-go');
    assert.match(await notice(page), /Too large: 10 MB/);
    await page.fill('#studio-paste', '');
    // search: traditional finds simplified and back
    await page.fill('#studio-find', '开局');
    await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1, null, { timeout: 10000 });
    await page.fill('#studio-find', 'nothing like it');
    await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 0);
    await page.fill('#studio-find', '');
    await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1);
    assert.deepEqual(await axe(page), []);
  });

  // reload: still there
  await page.reload();
  await waitReady(page);
  await openStudio(page);
  assert.deepEqual(await names(page), ['Openings 開局']);
  assert.deepEqual(await chapters(page), ['Central cannon', 'Second game']);

  // a second tab that has not heard of the first tab's change (no BroadcastChannel): its save is refused
  const stale = await context.newPage();
  stale.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await stale.addInitScript(() => { delete window.BroadcastChannel; });
  await stale.goto(app.server.url);
  await waitReady(stale);
  await openStudio(stale);
  // a third tab with the channel hears of the change
  const third = await context.newPage();
  await third.goto(app.server.url);
  await waitReady(third);
  await openStudio(third);
  await page.fill('#studio-name', 'From tab 1');
  await page.click('#studio-rename');
  await page.waitForFunction(() => document.querySelector('#studio-study-title').textContent === 'From tab 1');
  await third.waitForFunction(() => document.querySelector('#studio-study-title').textContent === 'From tab 1', null, { timeout: 5000 });
  await withShot(stale, 'studio-conflict', async () => {
    assert.deepEqual(await names(stale), ['Openings 開局']);
    await stale.fill('#studio-name', 'From tab 2');
    await stale.click('#studio-rename');
    await stale.waitForFunction(() => /another tab/.test(document.getElementById('studio-notice').textContent));
    assert.equal(await stale.locator('#studio-study-title').textContent(), 'From tab 1'); // shown as stored
  });
  const stored = await page.evaluate(async () => (await window.xiangqiApp.studio.library.list()).studies.map((s) => s.name));
  assert.deepEqual(stored, ['From tab 1']);
  await stale.close();
  await third.close();

  // export all, delete with undo, delete, import back
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#studio-export-all')]);
  const file = readFileSync(await download.path(), 'utf8');
  assert.equal(JSON.parse(file).format, 'xiangqi-wasm-studies');
  await page.click('#studio-delete');
  await page.waitForFunction(() => !document.getElementById('studio-undo').hidden);
  assert.match(await page.locator('#studio-undo-text').textContent(), /“From tab 1” deleted/);
  await page.click('#studio-undo-button');
  await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1);
  await page.click('#studio-delete');
  await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 0);
  await page.setInputFiles('#studio-import-file', { name: 'library.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction(() => /1 studies imported/.test(document.getElementById('studio-notice').textContent));
  assert.deepEqual(await names(page), ['From tab 1']);
  assert.deepEqual(await chapters(page), ['Central cannon', 'Second game']);

  // a damaged value in IndexedDB: moved aside with a message, the others listed
  await page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('xiangqi-wasm-app-studio', 1);
    req.onsuccess = () => {
      const tx = req.result.transaction('studies', 'readwrite');
      tx.objectStore('studies').put({ id: 'broken', name: 42, chapters: 'no' }, 'broken');
      tx.oncomplete = () => { req.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }));
  await page.reload();
  await waitReady(page);
  await openStudio(page);
  await withShot(page, 'studio-quarantine', async () => {
    assert.match(await notice(page), /1 damaged studies were moved aside.*broken.*The others are intact/);
    assert.deepEqual(await names(page), ['From tab 1']);
    const q = await page.evaluate(async () => (await window.xiangqiApp.studio.library.quarantine()).map((x) => x.key));
    assert.deepEqual(q, ['broken']);
  });

  // Publish: the dialog's preview and snippet; the snippet in a blank page shows the lesson and its moves
  let snippet;
  await withShot(page, 'studio-embed', async () => {
    await page.click('#studio-publish');
    await page.waitForFunction(() => document.getElementById('embed-dialog').open);
    await page.waitForFunction(() => document.querySelector('#embed-preview xiangqi-lesson')?.current, null, { timeout: 20000 });
    snippet = await page.inputValue('#embed-snippet');
    assert.match(snippet, /<xiangqi-lesson notation="wxf" lang="en">/);
    assert.match(snippet, /<\\\/script><b>tag<\/b> <\\!--<script>/);
    assert.deepEqual(await axe(page), []);
    await page.check('input[name="embed-kind"][value="file"]');
    assert.match(await page.inputValue('#embed-snippet'), /<xiangqi-lesson src="central-cannon.pgn"/);
    const [pgnFile] = await Promise.all([page.waitForEvent('download'), page.click('#embed-download')]);
    assert.equal(pgnFile.suggestedFilename(), 'central-cannon.pgn');
    await page.check('input[name="embed-kind"][value="puzzle"]');
    await page.selectOption('#embed-goal', 'line');
    assert.match(await page.inputValue('#embed-snippet'), /<xiangqi-puzzle fen="rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C5C1\/9\/RNBAKABNR w - - 0 1" goal="line" solution="h2e2 h9g7 h0g2"/);
    await page.check('input[name="embed-kind"][value="inline"]');
  });
  const blank = await context.newPage();
  const url = `${pkgServer.url}blank.html`;
  await blank.route(url, (route) => route.fulfill({ contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body>\n${snippet.replace('https://unpkg.com/xiangqi-wasm/', '/pkg/')}<p id="after">after</p></body></html>` }));
  await withShot(blank, 'studio-snippet-page', async () => {
    await blank.goto(url);
    await blank.waitForFunction(() => document.querySelector('xiangqi-lesson')?.current, null, { timeout: 20000 });
    assert.equal(await blank.locator('#after').count(), 1); // the page after the snippet is still the page's
    assert.equal(await blank.evaluate(() => document.querySelectorAll('xiangqi-lesson script').length), 1);
    await blank.locator('xiangqi-lesson button.last').click();
    const s = await blank.evaluate(() => document.querySelector('xiangqi-lesson').current);
    assert.deepEqual(s.moves, ['h2e2', 'h9g7', 'h0g2']);
  });
  await blank.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the studio on a phone (390×844): the list over the study, nothing cut', async () => {
  const { context, page, errors } = await openApp(app, { viewport: { width: 390, height: 844 }, hasTouch: true });
  await withShot(page, 'studio-390', async () => {
    await openStudio(page);
    await newStudyFromPaste(page, PGN);
    await page.waitForFunction(() => document.querySelector('#studio-editor-slot > xiangqi-editor')?.record?.mainline.moves.length,
      null, { timeout: 20000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    assert.deepEqual(await axe(page), []);
  });
  // in Chinese and dark: the section's strings, axe-core again
  await withShot(page, 'studio-390-zh-dark', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.selectOption('#lang', 'zh');
    await page.waitForFunction(() => document.getElementById('studio-title').textContent === '工作室：我的研究');
    assert.equal(await page.locator('#studio-new').textContent(), '新建研究');
    assert.equal(await page.locator('#studio-list .studio-item-count').textContent(), '2章');
    assert.deepEqual(await axe(page), []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a full disk: the notice, the study as it was; the editor slot: a stand-in <xiangqi-editor> autosaved on change', async () => {
  // A stand-in for the editor element (its planned API: property `record`, event `change`), defined before the app.
  const init = () => {
    customElements.define('xiangqi-editor', class extends HTMLElement {
      set record(r) { this._record = r; this.textContent = `editor: ${r.mainline.moves.length} moves`; }
      get record() { return this._record; }
    });
  };
  const { context, page, errors } = await openApp(app, { init });
  await withShot(page, 'studio-editor-slot', async () => {
    await openStudio(page);
    await newStudyFromPaste(page, PGN);
    await page.waitForFunction(() => document.querySelector('#studio-editor-slot > xiangqi-editor')?.record);
    assert.equal(await page.locator('#studio-editor-slot xiangqi-lesson').count(), 0);
    assert.equal(await page.locator('#studio-editor-slot > xiangqi-editor').textContent(), 'editor: 3 moves');
    // an edit: a comment on the second move, then `change`
    await page.evaluate(() => {
      const el = document.querySelector('#studio-editor-slot > xiangqi-editor');
      const r = structuredClone(el.record);
      r.mainline.moves[1].comment = 'edited </script> here';
      el._record = r;
      el.dispatchEvent(new Event('change'));
    });
    await page.waitForFunction(() => /Saved/.test(document.getElementById('studio-notice').textContent));
    const saved = await page.evaluate(async () => (await window.xiangqiApp.studio.library.list()).studies[0]);
    assert.equal(saved.revision, 3); // created, chapters added, the edit
    assert.match(saved.chapters[0].pgn, /\{edited <\/script> here\}/);
    // the second chapter: the editor gets its record
    await page.locator('#studio-chapters button', { hasText: 'Second game' }).click();
    await page.waitForFunction(() => document.querySelector('#studio-editor-slot > xiangqi-editor').textContent === 'editor: 1 moves');

    // a full disk: every put refused with QuotaExceededError; the notice, and the study as it was
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      window.__restorePut = () => { IDBObjectStore.prototype.put = put; };
      IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    });
    await page.fill('#studio-name', 'Not saved');
    await page.click('#studio-rename');
    await page.waitForFunction(() => /storage is full/.test(document.getElementById('studio-notice').textContent));
    await page.evaluate(() => window.__restorePut());
    const after = await page.evaluate(async () => (await window.xiangqiApp.studio.library.list()).studies[0]);
    assert.equal(after.name, saved.name);
    assert.equal(after.revision, 3);
    // and the next save, with room again, goes through
    await page.click('#studio-rename');
    await page.waitForFunction(() => document.querySelector('#studio-study-title').textContent === 'Not saved');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

const BIG5 = `${root}/tests/data/records/big5/ccpd-computer-00000001.pgn`;
const CBR = `${root}/tests/data/records/cbr/cchess-test.cbr`;

test("the teacher's flow: a real XQF game imported, edited in the editor (a variation, a comment, a glyph, an arrow), published: the snippet's lesson shows them all", async () => {
  const xqf = `${root}/tests/data/records/xqf/eleeye-XQFEXAMA.xqf`; // encrypted, version 18 (tests/data/README.md)
  const { context, page, errors } = await openApp(app);
  await openStudio(page);
  await page.click('#studio-new');
  await page.waitForFunction(() => document.querySelectorAll('#studio-list li').length === 1);
  await page.click('#studio-add summary');
  await page.setInputFiles('#studio-file', xqf);
  await page.click('#studio-add-go');
  const ed = '#studio-editor-slot > xiangqi-editor';
  await page.waitForFunction((s) => document.querySelector(s)?.record?.mainline.moves.length > 2, ed, { timeout: 20000 });
  const recorded = await page.evaluate((s) => document.querySelector(s).record.mainline.moves.map((m) => m.move), ed);
  // Back to the first move, and a different reply played on the board by mouse: a variation at that ply.
  await page.evaluate((s) => document.querySelector(s).go(1), ed);
  const reply = await page.evaluate(([s, not]) => {
    for (const [from, tos] of document.querySelector(s).board.board.config.dests) {
      for (const to of tos) if (from + to !== not) return from + to;
    }
    return null;
  }, [ed, recorded[1]]);
  for (const sq of [reply.slice(0, 2), reply.slice(2)]) {
    const p = await page.evaluate(([s, q]) => document.querySelector(s).board.board.pointOf(q), [ed, sq]);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction(([s, r]) => document.querySelector(s).record.mainline.moves[1].variations[0]?.moves[0]?.move === r,
    [ed, reply], { timeout: 10000 });
  // On the new move: a comment, the glyph "!", an arrow.
  await page.locator(`${ed} label.after textarea`).fill('Also good: a teacher’s note.');
  await page.locator(`${ed} label.after textarea`).press('Tab');
  await page.locator(`${ed} button.nag[data-nag="1"]`).click();
  await page.locator(`${ed} .drawings-text`).fill('Ge0e1');
  await page.locator(`${ed} .drawings-text`).press('Enter');
  await page.waitForFunction(([s, r]) => {
    const v = document.querySelector(s).record.mainline.moves[1].variations[0].moves[0];
    return v.move === r && v.comment === 'Also good: a teacher’s note.' && v.nags.includes(1) && v.drawings.length === 1;
  }, [ed, reply], { timeout: 10000 });
  // Autosaved: the chapter's PGN in the library holds all of it.
  await page.waitForFunction(async () => {
    const [study] = (await window.xiangqiApp.studio.library.list()).studies ?? [];
    const pgn = study?.chapters?.[0]?.pgn ?? '';
    return pgn.includes('teacher’s note') && pgn.includes('[%cal Ge0e1]') && pgn.includes('$1');
  }, null, { timeout: 10000 });
  // Published inline; the snippet in a blank page: the lesson shows the variation, its comment, glyph and arrow.
  await page.click('#studio-publish');
  await page.waitForFunction(() => document.getElementById('embed-dialog').open);
  const snippet = await page.inputValue('#embed-snippet');
  // As an exercise: from the position the editor shows (the new move's), not the chapter's start.
  const shownFen = await page.evaluate((s) => document.querySelector(s).current.fen, ed);
  await page.check('input[name="embed-kind"][value="puzzle"]');
  assert.ok((await page.inputValue('#embed-snippet')).includes(`fen="${shownFen}"`), 'the puzzle starts where the editor is');
  await page.check('input[name="embed-kind"][value="inline"]');
  await page.keyboard.press('Escape');
  // A Big5 PGN and a XiangQi Bridge file become chapters of the same study.
  for (const [i, file] of [BIG5, CBR].entries()) {
    await page.evaluate(() => { document.getElementById('studio-add').open = true; });
    await page.setInputFiles('#studio-file', file);
    await page.click('#studio-add-go');
    await page.waitForFunction((n) => document.querySelectorAll('#studio-chapters button').length >= n, i + 2, { timeout: 10000 });
  }
  const names = await chapters(page);
  assert.equal(names.length, 3, names.join(' | '));
  const blank = await context.newPage();
  const url = `${pkgServer.url}blank-flow.html`;
  await blank.route(url, (route) => route.fulfill({ contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title></head><body>\n${snippet.replace('https://unpkg.com/xiangqi-wasm/', '/pkg/')}</body></html>` }));
  await withShot(blank, 'studio-flow-published', async () => {
    await blank.goto(url);
    await blank.waitForFunction(() => document.querySelector('xiangqi-lesson')?.current, null, { timeout: 20000 });
    const shown = await blank.evaluate(([first, r]) => {
      const el = document.querySelector('xiangqi-lesson');
      const found = el.goTo([first, r]);
      return { found, current: el.current, shapes: el.board.board.config.shapes };
    }, [recorded[0], reply]);
    assert.equal(shown.found, true, 'the variation is in the published lesson');
    assert.equal(shown.current.inVariation, true);
    assert.equal(shown.current.comment, 'Also good: a teacher’s note.');
    assert.deepEqual(shown.current.nags, [1]);
    assert.match(shown.current.notation, /!$/);
    assert.deepEqual(shown.current.drawings, [{ from: 'e0', to: 'e1', color: 'green' }]);
    assert.equal(shown.shapes.length, 1, JSON.stringify(shown.shapes));
  });
  await blank.close();
  assert.deepEqual(errors, []);
  await context.close();
});
