// <xiangqi-editor> (xiangqi-wasm/editor) in Chromium: a record with variations loaded from an attribute, a child
// script and `src`; moves played by mouse clicks on the board, ← and a different move making a variation at that
// ply; a comment, a NAG and an arrow drawn with the secondary button (desktop) and with the draw tool by taps (a
// phone, touch); tags edited, an invalid tag value refused with its error shown and nothing changed; undo / redo;
// a keyboard-only flow; `change` events; a hostile comment shown only as text; the size cap; axe-core; screenshots
// at 1280×800 and 390×844 in test-results/editor/ (printed below).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { servePackage, launch } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = join(root, 'test-results', 'editor');
const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
let server;
let browser;

const PGN = `[Event "Club"]
[Red "A"]
[Black "B"]

1. 炮二平五 {central cannon} 马8进7 (1... 马2进3 2. 马二进三) 2. 马二进三 *`;

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'editor.js')), 'pkg/editor.js missing: run node scripts/pkg-postprocess.mjs');
  mkdirSync(SHOTS, { recursive: true });
  console.log(`editor screenshots: ${SHOTS}`);
  server = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page with `body` and the module `script`, at `width` × `height` (touch: a phone). */
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

async function open(body, script = '', { width = 1280, height = 800, touch = false, routes = async () => {}, csp = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce', hasTouch: touch,
    isMobile: touch });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.addInitScript(() => {
    window.pwned = [];
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
  });
  const headers = csp ? { 'Content-Security-Policy': CSP } : {};
  const id = Math.random().toString(36).slice(2);
  const url = `${server.url}t/${id}.html`;
  await page.route(`${server.url}t/${id}.js`, (route) => route.fulfill({ contentType: 'text/javascript', headers,
    body: `import '/pkg/editor.js';
window.changes = [];
for (const el of document.querySelectorAll('xiangqi-editor')) el.addEventListener('change', (e) => window.changes.push(e.detail));
${script}` }));
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', headers, body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>editor test</title><script type="module" src="/t/${id}.js"></script></head>
<body><main><h1>Editor</h1>${body}</main></body></html>` }));
  await routes(page);
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('xiangqi-editor'));
  await page.evaluate(() => Promise.all([...document.querySelectorAll('xiangqi-editor')].map((e) => e.ready)));
  return { page, context, errors };
}

const attr = (s) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const record = (page, sel = 'xiangqi-editor') => page.evaluate((s) => document.querySelector(s).record, sel);
const current = (page) => page.evaluate(() => document.querySelector('xiangqi-editor').current);
const shadow = (page, sel) => page.locator('xiangqi-editor').locator(sel);

/** The centre of `square` on the editor's board, in page coordinates. */
const point = (page, square) => page.evaluate((sq) => document.querySelector('xiangqi-editor').board.board.pointOf(sq), square);

async function clickMove(page, move) {
  for (const sq of [move.slice(0, 2), move.slice(2)]) {
    const { x, y } = await point(page, sq);
    await page.mouse.click(x, y);
  }
  await page.waitForTimeout(30);
}

async function tap(page, square) {
  const { x, y } = await point(page, square);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(30);
}

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

test('loads a record with variations from an attribute, a child script and src', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor id="a" pgn="${attr(PGN)}"></xiangqi-editor>
<xiangqi-editor id="b"><script type="application/x-chess-pgn">${PGN}</script></xiangqi-editor>
<xiangqi-editor id="c" src="/records/game.pgn"></xiangqi-editor>`, '', { routes: (page) => page.route(/\/records\/game\.pgn$/,
    (route) => route.fulfill({ contentType: 'text/plain', body: PGN })) });
  for (const id of ['#a', '#b', '#c']) {
    const r = await record(page, id);
    assert.deepEqual(r.mainline.moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2'], id);
    assert.deepEqual(r.mainline.moves[1].variations[0].moves.map((m) => m.move), ['b9c7', 'h0g2'], id);
    assert.equal(r.headers.Red, 'A');
  }
  const tree = await page.evaluate(() => document.querySelector('#a').shadowRoot.querySelector('.moves').textContent);
  assert.match(tree, /C2\.5/, 'WXF: the notation of the English page (issue 37)');
  assert.match(tree, /H2\+3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: moves by mouse, ← and a different move make a variation; comment, NAG, arrow by right-drag, tags, undo/redo', async () => {
  const { page, context, errors } = await open('<xiangqi-editor></xiangqi-editor>');
  await clickMove(page, 'h2e2');
  await clickMove(page, 'h9g7');
  await clickMove(page, 'h0g2');
  let r = await record(page);
  assert.deepEqual(r.mainline.moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2']);
  // Back two moves with ←, then a different move: a variation at ply 2.
  await shadow(page, '.moves button[aria-current]').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await current(page)).ply, 1);
  await clickMove(page, 'b9c7');
  r = await record(page);
  assert.deepEqual(r.mainline.moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2']);
  assert.deepEqual(r.mainline.moves[1].variations.map((v) => v.moves.map((m) => m.move)), [['b9c7']]);
  assert.equal((await current(page)).mainLine, false);
  // The tree shows the variation, the current move highlighted.
  assert.equal(await shadow(page, '.var button[aria-current="step"]').count(), 1);
  // Clicking a move in the tree goes there.
  await shadow(page, '.moves button[data-node]').first().click();
  assert.equal((await current(page)).move, 'h2e2');
  // A comment (saved on change), a NAG.
  await shadow(page, '.after textarea').fill('a good start');
  await shadow(page, '.after textarea').press('Tab');
  await shadow(page, '.nags button', { hasText: '!?' }).filter({ hasText: /^!\?$/ }).click();
  r = await record(page);
  assert.equal(r.mainline.moves[0].comment, 'a good start');
  assert.deepEqual(r.mainline.moves[0].nags, [5]);
  // An arrow by right-drag, a circle by right-click.
  const a = await point(page, 'e2');
  const b = await point(page, 'e6');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  // While dragged, the arrow is shown on the board (not yet in the record).
  assert.deepEqual(await page.evaluate(() => document.querySelector('xiangqi-editor').board.board.config.shapes),
    [{ from: 'e2', to: 'e6', brush: 'green' }]);
  assert.deepEqual((await record(page)).mainline.moves[0].drawings, []);
  await page.mouse.up({ button: 'right' });
  const c = await point(page, 'e7');
  await page.mouse.click(c.x, c.y, { button: 'right' });
  r = await record(page);
  assert.deepEqual(r.mainline.moves[0].drawings, [{ from: 'e2', to: 'e6', color: 'green' }, { from: 'e7', to: null, color: 'green' }]);
  const pgn = await page.evaluate(() => document.querySelector('xiangqi-editor').pgn());
  assert.match(pgn, /\[%cal Ge2e6\]/);
  // The drawings by keyboard: the field shows them, a bad token is refused as text, a good list replaces them.
  assert.equal(await shadow(page, 'input.drawings-text').inputValue(), 'Ge2e6 Ge7');
  await shadow(page, 'input.drawings-text').fill('Ge2e6 X<b>');
  await shadow(page, 'input.drawings-text').press('Enter');
  await shadow(page, 'input.drawings-text').press('Tab');
  assert.match(await shadow(page, '.edit-error').textContent(), /X<b>/);
  assert.equal((await record(page)).mainline.moves[0].drawings.length, 2);
  await shadow(page, 'input.drawings-text').fill('Ge2e6 Ge7 Bh0g2');
  await shadow(page, 'input.drawings-text').press('Tab');
  assert.deepEqual((await record(page)).mainline.moves[0].drawings.at(-1), { from: 'h0', to: 'g2', color: 'blue' });
  await shadow(page, 'button.undo').click();
  // Tags: add one, edit it; an invalid value (a line break) shows the typed error and changes nothing.
  await shadow(page, 'details.tags summary').click();
  await shadow(page, '.new-name').fill('Event');
  await shadow(page, '.new-value').fill('Club match');
  await shadow(page, 'button.addTag').click();
  assert.equal((await record(page)).headers.Event, 'Club match');
  await shadow(page, '.new-name').fill('Bad name!');
  await shadow(page, '.new-value').fill('x');
  await shadow(page, 'button.addTag').click();
  const err = await shadow(page, '.edit-error').textContent();
  assert.match(err, /ERR_EDIT_TAG/);
  assert.deepEqual(Object.keys((await record(page)).headers).filter((k) => k !== 'Result'), ['Event']);
  const refused = await page.evaluate(() => {
    const el = document.querySelector('xiangqi-editor');
    try { el.play('a0a5'); } catch (e) { return e.code; }
    return null;
  });
  assert.equal(refused, 'ERR_ILLEGAL_MOVE');
  // Undo / redo (buttons and Ctrl+Z / Ctrl+Y).
  await shadow(page, 'button.undo').click();
  assert.equal((await record(page)).headers.Event, undefined);
  await shadow(page, 'button.redo').click();
  assert.equal((await record(page)).headers.Event, 'Club match');
  await shadow(page, 'button.undo').focus();
  await page.keyboard.press('Control+z');
  assert.equal((await record(page)).headers.Event, undefined);
  await page.keyboard.press('Control+y');
  assert.equal((await record(page)).headers.Event, 'Club match');
  const changes = await page.evaluate(() => window.changes.map((c) => c.edit));
  assert.deepEqual(changes, ['play', 'play', 'play', 'play', 'comment', 'nags', 'drawings', 'drawings', 'drawings', 'undo', 'tag',
    'undo', 'redo', 'undo', 'redo']);
  await shadow(page, 'details.setup summary').click();
  await shot(page, 'desktop-1280x800');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone (390×844, touch): moves by taps, the draw tool by taps, a NAG', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(PGN)}"></xiangqi-editor>`, '',
    { width: 390, height: 844, touch: true });
  await shadow(page, '.moves button[data-node="5"]').tap(); // 2. 马二进三, the main line's end
  assert.equal((await current(page)).move, 'h0g2');
  await tap(page, 'h7');
  await tap(page, 'h0');
  let r = await record(page);
  assert.equal(r.mainline.moves.at(-1).move, 'h7h0');
  // The draw tool: a tap, then another point: an arrow; a point tapped twice: a circle.
  await shadow(page, 'button.draw').tap();
  await shadow(page, 'select.color').selectOption('red');
  await tap(page, 'b2');
  await tap(page, 'b9');
  await tap(page, 'e0');
  await tap(page, 'e0');
  r = await record(page);
  assert.deepEqual(r.mainline.moves.at(-1).drawings, [{ from: 'b2', to: 'b9', color: 'red' }, { from: 'e0', to: null, color: 'red' }]);
  await shadow(page, '.nags button').first().tap();
  r = await record(page);
  assert.deepEqual(r.mainline.moves.at(-1).nags, [1]);
  // The tool off: taps play again.
  await shadow(page, 'button.draw').tap();
  assert.equal(await shadow(page, 'button.draw').getAttribute('aria-pressed'), 'false');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no horizontal scroll on a phone (${width})`);
  await shot(page, 'phone-390x844');
  await page.evaluate(() => {
    const el = document.querySelector('xiangqi-editor');
    el.setAttribute('lang', 'zh');
    for (const d of el.shadowRoot.querySelectorAll('details')) d.open = true;
  });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `no horizontal scroll with the tags and the setup open (${wide})`);
  await shot(page, 'phone-390x844-zh-open');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: Tab to the tree, ←/→, ↑/↓ between variations, Home/End, Delete and undo, every control labelled', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(PGN)}"></xiangqi-editor>`);
  // Tab from the page reaches the controls in order; each focused control has a name.
  const names = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.querySelector('xiangqi-editor');
      let a = el.shadowRoot.activeElement;
      if (!a) return null;
      if (a.tagName === 'XIANGQI-BOARD') return { tag: 'board', name: a.getAttribute('label') };
      const name = a.getAttribute('aria-label') || a.closest('label')?.textContent || a.textContent;
      return { tag: a.tagName.toLowerCase(), name: name.trim(), cls: a.className };
    });
    if (!info) break;
    names.push(info);
  }
  for (const n of names) assert.ok(n.name, `a control without a name: ${JSON.stringify(n)}`);
  // At the start: the board, the steps on, the draw tool, its colour, the tree (one stop), the comment, tags, setup.
  assert.deepEqual(names.map((n) => n.cls ?? n.tag), ['board', 'next', 'last', 'draw', 'color', 'c', '', '', '']);
  // (at the start there are no drawings: their field shows from the first move on)
  assert.deepEqual(names.slice(-3).map((n) => n.tag), ['textarea', 'summary', 'summary']);
  await shadow(page, '.moves button[tabindex="0"]').focus();
  await page.keyboard.press('End');
  assert.equal((await current(page)).move, 'h0g2');
  await page.keyboard.press('Home');
  assert.equal((await current(page)).ply, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await current(page)).move, 'h9g7');
  await page.keyboard.press('ArrowDown');
  assert.equal((await current(page)).move, 'b9c7');
  await page.keyboard.press('ArrowUp');
  assert.equal((await current(page)).move, 'h9g7');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.equal((await current(page)).move, 'h0g2');
  assert.equal((await current(page)).mainLine, false);
  // The focused move follows the cursor.
  const focused = await page.evaluate(() => document.querySelector('xiangqi-editor').shadowRoot.activeElement?.getAttribute('aria-current'));
  assert.equal(focused, 'step');
  // Delete from here (the variation's second move), then Ctrl+Z brings it back.
  await page.keyboard.press('Delete');
  assert.deepEqual((await record(page)).mainline.moves[1].variations[0].moves.map((m) => m.move), ['b9c7']);
  await page.keyboard.press('Control+z');
  assert.deepEqual((await record(page)).mainline.moves[1].variations[0].moves.map((m) => m.move), ['b9c7', 'h0g2']);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  // Comments by keyboard: Tab into the box, type, Tab out.
  await shadow(page, '.after textarea').focus();
  await page.keyboard.type('typed');
  await page.keyboard.press('Tab');
  assert.equal((await record(page)).mainline.moves[0].comment, 'central cannontyped');
  // Position setup: a bad FEN shows its error and changes nothing; a good one sets the start.
  await shadow(page, 'details.setup summary').focus();
  await page.keyboard.press('Enter');
  await shadow(page, 'input.fen').fill('not a fen');
  await shadow(page, 'button.setStart').focus();
  await page.keyboard.press('Enter');
  assert.match(await shadow(page, '.edit-error').textContent(), /ERR_FEN/);
  assert.equal((await record(page)).mainline.moves.length, 3);
  const fen = '4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1';
  await shadow(page, 'input.fen').fill(fen);
  await shadow(page, 'button.setStart').press('Enter');
  const r = await record(page);
  assert.equal(r.mainline.moves.length, 0);
  assert.equal(r.fen, fen);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: a move played on the board by its keys is an edit; a variation\'s comment before; promote', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(PGN)}"></xiangqi-editor>`);
  // Tab to the board (the first stop), its cursor to a0 (the arrows stop at the edge), Enter, two up, Enter: a0a2.
  await page.keyboard.press('Tab');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('xiangqi-editor').current.move === 'a0a2');
  const r = await record(page);
  assert.deepEqual(r.mainline.moves[0].variations.map((v) => v.moves.map((m) => m.move)), [['a0a2']]);
  assert.deepEqual(await page.evaluate(() => window.changes.map((c) => c.edit)), ['play']);
  // At a variation's first move the comment-before box is there; promote makes it the main line.
  assert.equal(await shadow(page, 'label.before').isVisible(), true);
  await shadow(page, '.before textarea').fill('another first move');
  await shadow(page, 'button.promote').click();
  const p = await record(page);
  assert.deepEqual(p.mainline.moves.map((m) => m.move), ['a0a2']);
  assert.deepEqual(p.mainline.moves[0].variations[0].moves.map((m) => m.move), ['h2e2', 'h9g7', 'h0g2']);
  assert.deepEqual(await page.evaluate(() => window.changes.map((c) => c.edit)), ['play', 'comment', 'promote']);
  // Make main line: a variation two levels down (1... 马2进3 under 1. 炮二平五, itself under 1. 车九进二) comes up in one edit.
  await page.evaluate(() => { const el = document.querySelector('xiangqi-editor'); el.go(1); el.play('b9c7'); });
  assert.equal((await current(page)).mainLine, false);
  await shadow(page, 'button.makeMain').click();
  const m = await record(page);
  assert.deepEqual(m.mainline.moves.map((x) => x.move), ['h2e2', 'b9c7', 'h0g2']);
  assert.equal((await current(page)).mainLine, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('hostile text shown only as text; a tag value with a control character refused; a record over the cap refused with its size', async () => {
  const hostile = '[Event "<img src=x onerror=window.pwned.push(3)>"]\n\n1. 炮二平五 {<img src=x onerror="window.pwned.push(1)"><script>window.pwned.push(2)</script>\u202Eevil} *';
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(hostile)}"></xiangqi-editor>`);
  await shadow(page, '.moves button[data-node="1"]').click();
  const value = await shadow(page, '.after textarea').inputValue();
  assert.match(value, /<img src=x/);
  assert.equal(await page.evaluate(() => document.querySelector('xiangqi-editor').shadowRoot.querySelectorAll('img, script').length), 0);
  assert.equal(await shadow(page, 'input.tag-value').first().inputValue(), '<img src=x onerror=window.pwned.push(3)>');
  // A paste far over the comment box's limit: refused with its size, the comment as it was.
  const tooLong = await page.evaluate(() => {
    const el = document.querySelector('xiangqi-editor');
    const area = el.shadowRoot.querySelector('.after textarea');
    area.value = 'y'.repeat(10 * 1024 * 1024);
    area.dispatchEvent(new Event('change', { bubbles: true }));
    return [el.shadowRoot.querySelector('.edit-error').textContent, area.value.length];
  });
  assert.match(tooLong[0], /10485760 bytes/);
  assert.ok(tooLong[1] < 1000);
  assert.match((await record(page)).mainline.moves[0].comment, /^<img src=x/);
  const code = await page.evaluate(() => {
    const el = document.querySelector('xiangqi-editor');
    el.shadowRoot.querySelector('details.tags').open = true;
    el.shadowRoot.querySelector('.new-name').value = 'Event';
    el.shadowRoot.querySelector('.new-value').value = 'bell\u0007<b>x</b>';
    el.shadowRoot.querySelector('button.addTag').click();
    return el.shadowRoot.querySelector('.edit-error').textContent;
  });
  assert.match(code, /ERR_EDIT_TAG/);
  // A double quote typed into a tag is refused too (not every PGN reader knows the escape).
  const quoted = await page.evaluate(() => {
    const el = document.querySelector('xiangqi-editor');
    el.shadowRoot.querySelector('.new-name').value = 'Site';
    el.shadowRoot.querySelector('.new-value').value = 'the "old" club';
    el.shadowRoot.querySelector('button.addTag').click();
    return el.shadowRoot.querySelector('.edit-error').textContent;
  });
  assert.match(quoted, /ERR_EDIT_TAG.*double quote/);
  assert.equal((await record(page)).headers.Site, undefined);
  assert.equal((await record(page)).headers.Event, '<img src=x onerror=window.pwned.push(3)>');
  assert.deepEqual(await page.evaluate(() => window.changes), []);
  // 10 MB of record: refused with the size.
  const msg = await page.evaluate(async () => {
    const el = document.querySelector('xiangqi-editor');
    const failed = new Promise((r) => el.addEventListener('error', (e) => r(e.detail.code), { once: true }));
    el.setAttribute('pgn', `{${'x'.repeat(10 * 1024 * 1024)}} *`);
    const c = await failed;
    return [c, el.shadowRoot.querySelector('.error').textContent];
  });
  assert.equal(msg[0], 'ERR_RECORD_TOO_LARGE');
  assert.match(msg[1], /10\.0 MB/);
  await page.waitForTimeout(100);
  assert.deepEqual(await page.evaluate(() => window.pwned), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe-core: no violation (light, dark, zh), the tags and setup open', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(PGN)}"></xiangqi-editor>
<xiangqi-editor theme="dark" lang="zh" pgn="${attr(PGN)}"></xiangqi-editor>`);
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('xiangqi-editor')) {
      el.go(4);
      for (const d of el.shadowRoot.querySelectorAll('details')) d.open = true;
    }
  });
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  assert.deepEqual(violations, []);
  await shot(page, 'axe-light-dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the record property: set before the element is connected it stays; set later it replaces the record', async () => {
  const { page, context, errors } = await open('<div id="host"></div>', `
import { readRecord } from '/pkg/xiangqi_wasm.js';
window.readRecord = readRecord;`);
  await page.waitForFunction(() => window.readRecord);
  const out = await page.evaluate(async (pgn) => {
    const { default: init } = await import('/pkg/xiangqi_wasm.js');
    await init?.();
    const el = document.createElement('xiangqi-editor');
    el.record = window.readRecord(pgn);
    document.querySelector('#host').append(el);
    await el.ready;
    const first = el.record.mainline.moves.length;
    let code = null;
    try { el.record = { mainline: { moves: [{ move: 'a0a9' }] } }; } catch (e) { code = e.code; }
    const kept = el.record.mainline.moves.length;
    el.record = null;
    return { first, code, kept, empty: el.record.mainline.moves.length, changes: window.changes.length };
  }, PGN);
  assert.deepEqual(out, { first: 3, code: 'ERR_ILLEGAL_MOVE', kept: 3, empty: 0, changes: 0 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('under a strict Content-Security-Policy: no violation, a move and a comment saved', async () => {
  const { page, context, errors } = await open(`<xiangqi-editor pgn="${attr(PGN)}" theme="dark"></xiangqi-editor>`, '', { csp: true });
  await clickMove(page, 'h2e2');
  await shadow(page, '.after textarea').fill('under CSP');
  await shadow(page, '.after textarea').press('Tab');
  assert.equal((await record(page)).mainline.moves[0].comment, 'under CSP');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the module imports on a server (no DOM) and defines nothing', async () => {
  const { XiangqiEditorElement, MAX_RECORD_BYTES } = await import(join(root, 'pkg', 'editor.js'));
  assert.equal(typeof XiangqiEditorElement, 'function');
  assert.equal(MAX_RECORD_BYTES, 2 * 1024 * 1024);
  assert.equal(typeof customElements, 'undefined');
});
