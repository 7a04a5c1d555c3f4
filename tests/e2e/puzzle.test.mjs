// <xiangqi-puzzle> (xiangqi-wasm/puzzle) in Chromium: a written solution played through the board (the defence
// answered, `solved` with attempts and hints), a record's variation accepted (goal line), a move that throws a win
// away refused and one that keeps it credited (goal win), an XQF file as src, an alternative mate credited, a wrong move refused with the piece
// back and the reason in one line, hints (the piece, then the move), "show solution", the keyboard (a move
// played with the arrows and Enter, the buttons), a set of two exercises with next / previous and `progress`,
// bad attributes as text with an `error` event, a hostile record comment shown only as text, and the same
// exercise under a strict Content-Security-Policy with no violation, a long mate played at once on a page of two
// puzzles (each move judged between two slices of the proofs). The time from a correct move to the verdict is
// printed. Screenshots (phone and desktop, light and dark) are saved in test-results/puzzle/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servePackage, launch } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = join(root, 'test-results', 'puzzle');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(root, 'pkg', 'puzzle.js')), 'pkg/puzzle.js missing: run node scripts/build.mjs');
  mkdirSync(SHOTS, { recursive: true });
  console.log(`puzzle screenshots: ${SHOTS}`);
  server = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const WATCH = () => {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.violations.push({
    directive: e.violatedDirective, source: e.sourceFile, sample: e.sample }));
  window.pwned = [];
};

/** A page with `body` and the module `script` served as files (so that the page can carry a strict CSP). */
async function open(body, script = SCRIPT, { width = 900, height = 900, csp = false, dark = false, files = {} } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce',
    colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    if (m.type() === 'warning') console.log(`page warning: ${m.text()}`);
  });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.addInitScript(WATCH);
  // Other files the page fetches (records for `src`), by path.
  for (const [path, body] of Object.entries(files)) {
    await page.route(`${server.url}${path.replace(/^\//, '')}`, (route) => route.fulfill({ body,
      contentType: 'application/octet-stream' }));
  }
  const id = Math.random().toString(36).slice(2);
  const url = `${server.url}t/${id}.html`;
  const headers = csp ? { 'Content-Security-Policy': CSP } : {};
  await page.route(`${server.url}t/${id}.js`, (route) => route.fulfill({ contentType: 'text/javascript', headers,
    body: script }));
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', headers, body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>puzzle test</title>
<script type="module" src="/t/${id}.js"></script></head><body>${body}</body></html>` }));
  await page.goto(url);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 30000 });
  return { page, context, errors };
}

async function withShot(page, name, fn) {
  try {
    await fn();
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
  }
}

// Every puzzle event is recorded in window.events; the prover is at hand for the test's own checks.
const SCRIPT = `import { Game, MateProver } from '/pkg/xiangqi_wasm.js';
import '/pkg/puzzle.js';
window.Game = Game;
window.MateProver = MateProver;
window.events = [];
for (const el of document.querySelectorAll('xiangqi-puzzle')) {
  el.defenceDelay = 60;
  for (const type of ['load', 'correct', 'wrong', 'solved', 'hint', 'reveal', 'progress', 'error']) {
    el.addEventListener(type, (e) => window.events.push({ type, detail: JSON.parse(JSON.stringify(
      { ...e.detail, error: undefined })) }));
  }
}
await Promise.all([...document.querySelectorAll('xiangqi-puzzle')].map((el) => el.ready));
window.ready = true;
`;

/** Plays `move` (ICCS) with two clicks at the board's points, as a reader does. */
async function play(page, move) {
  for (const sq of [move.slice(0, 2), move.slice(2)]) {
    const { x, y } = await page.evaluate((s) => document.querySelector('xiangqi-puzzle').board.board.pointOf(s), sq);
    await page.mouse.click(x, y);
  }
}

const view = (page) => page.evaluate(() => {
  const el = document.querySelector('xiangqi-puzzle');
  const sr = el.shadowRoot;
  return { state: el.state, verdict: sr.querySelector('.verdict').textContent, task: sr.querySelector('.task').textContent,
    boardFen: el.board.fen, comment: sr.querySelector('.comment').textContent, line: sr.querySelector('.line').textContent,
    shapes: el.board.board.config.shapes, events: window.events.map((e) => e.type) };
});

const waitStatus = (page, status) => page.waitForFunction((s) => document.querySelector('xiangqi-puzzle').state?.status === s,
  status, { timeout: 30000 });
const eventsOf = (page, type) => page.evaluate((t) => window.events.filter((e) => e.type === t).map((e) => e.detail), type);

// tests/data/mates.jsonl, mate2-chariot-1: 1. f0e0 (the general steps aside; the chariot's file opens) d7d8 2. h4d4#.
const MATE2 = '8N/9/3k5/9/9/7R1/9/9/1p4N2/5K3 w - - 0 1';
const MATE2_LINE = 'f0e0 d7d8 h4d4';

test('a written solution played on the board: the defence answers, the verdict and `solved`', async () => {
  const { page, context, errors } = await open(`<div style="width: 860px"><xiangqi-puzzle fen="${MATE2}"
    solution="${MATE2_LINE}"></xiangqi-puzzle></div>`);
  await withShot(page, 'line-solved', async () => {
    let v = await view(page);
    assert.equal(v.state.goal, 'line');
    assert.equal(v.state.solver, 'red');
    assert.equal(v.task, 'Red to move: find the solution (2 moves).');
    await play(page, 'f0e0');
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 2);
    v = await view(page);
    assert.deepEqual(v.state.moves, ['f0e0', 'd7d8'], 'the record\'s defence was played');
    assert.equal(v.verdict, 'Correct.');
    await waitStatus(page, 'solving');
    await play(page, 'h4d4');
    await waitStatus(page, 'solved');
    v = await view(page);
    assert.equal(v.verdict, 'Solved!', 'said once, not "Correct. Solved!" (issue 37)');
    const [solved] = await eventsOf(page, 'solved');
    assert.equal(solved.attempts, 1);
    assert.equal(solved.hints, 0);
    assert.deepEqual(solved.moves, ['f0e0', 'd7d8', 'h4d4']);
    assert.ok(solved.ms > 0);
    const g = await page.evaluate(() => { const x = new window.Game(document.querySelector('xiangqi-puzzle').board.fen); const m = x.isCheckmate(); x.free(); return m; });
    assert.equal(g, true, 'the board shows the mate');
    assert.equal(v.line.split(' ').length, 3, `the moves played are listed: ${v.line}`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong move: the piece goes back, the reason in one line, `wrong`, and the reader tries again', async () => {
  const { page, context, errors } = await open(`<xiangqi-puzzle fen="${MATE2}" solution="${MATE2_LINE}"></xiangqi-puzzle>`);
  await withShot(page, 'wrong', async () => {
    await play(page, 'h4h7');
    await page.waitForFunction(() => window.events.some((e) => e.type === 'wrong'));
    const v = await view(page);
    assert.equal(v.boardFen, MATE2, 'the piece is back: the board shows the exercise\'s position');
    assert.match(v.verdict, /^Not quite: Black escapes with .+\. Try again\.$/);
    const [wrong] = await eventsOf(page, 'wrong');
    assert.equal(wrong.move, 'h4h7');
    assert.equal(wrong.reason, v.verdict);
    assert.match(wrong.refutation, /^[a-i]\d[a-i]\d$/);
    assert.equal(v.state.status, 'solving');
    assert.equal(v.state.wrong, 1);
    // Trying again: the right move is accepted.
    await play(page, 'f0e0');
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 2);
    await waitStatus(page, 'solving');
    await play(page, 'h4d4');
    await waitStatus(page, 'solved');
    const [solved] = await eventsOf(page, 'solved');
    assert.equal(solved.attempts, 2);
    assert.equal(solved.wrong, 1);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('goal="mate": an alternative mate is credited, the defence is the prover\'s, and the verdict is quick', async () => {
  // mate2-horse-2: two first moves mate in 2 (c8d6 and c1d1); the record gives c8d6 only.
  const fen = '9/2N6/3k5/9/9/6B2/9/4K4/2C6/9 w - - 0 1';
  const third = await open(`<xiangqi-puzzle goal="mate" lang="zh" fen="${fen}" solution="c8d6"></xiangqi-puzzle>`,
    SCRIPT, { width: 390, height: 844 });
  const page3 = third.page;
  await withShot(page3, 'mate-alternative-phone', async () => {
    let v = await view(page3);
    assert.equal(v.state.mateIn, 2, 'the written line does not end in mate: the shortest mate is proved');
    assert.equal(v.task, '红先，两步杀。', 'as the app says it (issue 37)');
    await play(page3, 'c1d1');
    await page3.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 2);
    v = await view(page3);
    assert.equal(v.verdict, '正确：这是与答案不同的另一种解法。');
    assert.equal(v.state.alternative, true);
    const [correct] = await eventsOf(page3, 'correct');
    assert.equal(correct.alternative, true);
    console.log(`correct move to verdict (mate in 2, phone page): ${correct.ms.toFixed(1)} ms`);
    // The defender's reply was the prover's: every reply loses, so the mate in 1 must exist now.
    await waitStatus(page3, 'solving');
    const mate = await page3.evaluate(() => {
      const prover = new window.MateProver();
      const m = prover.matingMoves(document.querySelector('xiangqi-puzzle').state.fen, 1);
      prover.free();
      return m;
    });
    assert.ok(mate.length > 0, 'after the defence Red still mates in 1');
    await play(page3, mate[0]);
    await waitStatus(page3, 'solved');
    v = await view(page3);
    assert.equal(v.verdict, '解出来了！这是与答案不同的另一种解法。', 'said once (issue 37)');
  });
  assert.deepEqual(third.errors, []);
  await third.context.close();
});

test('goal="line" with a record: a variation of the record is accepted and its own defence played', async () => {
  // The main line is the mate in 2; the record also gives 1. h4h7 d7d8 2. h7h8 as a variation (a teacher's
  // second answer): the reader who plays it follows the variation to its end.
  const pgn = `[FEN "${MATE2}"]\n1. f0e0 (1. h4h7 {check} d7d8 2. h7h8) d7d8 2. h4d4 *`;
  const { page, context, errors } = await open(`<xiangqi-puzzle></xiangqi-puzzle>`,
    SCRIPT.replace("for (const el of", `document.querySelector('xiangqi-puzzle').setAttribute('pgn', ${JSON.stringify(pgn)});\nfor (const el of`));
  await withShot(page, 'line-variation', async () => {
    let v = await view(page);
    assert.equal(v.state.goal, 'line');
    await play(page, 'h4h7');
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 2);
    v = await view(page);
    assert.deepEqual(v.state.moves, ['h4h7', 'd7d8'], 'the variation\'s defence was played');
    assert.equal(v.comment, 'check', 'the variation\'s comment is shown');
    await waitStatus(page, 'solving');
    await play(page, 'h7h8');
    await waitStatus(page, 'solved');
    const [solved] = await eventsOf(page, 'solved');
    assert.deepEqual(solved.moves, ['h4h7', 'd7d8', 'h7h8']);
    assert.deepEqual(await eventsOf(page, 'wrong'), []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('goal="win": a move that throws the win away is refused with the engine\'s reply; one that keeps it solves', async () => {
  // Chariot against horse: a0a3 leaves the chariot to the horse on b5; a0d0 keeps the win (it mates in 2).
  const fen = '3k5/9/9/9/1n7/9/9/9/9/R3K4 w - - 0 1';
  const { page, context, errors } = await open(`<xiangqi-puzzle goal="win" moves="1" fen="${fen}"></xiangqi-puzzle>`);
  await withShot(page, 'win', async () => {
    let v = await view(page);
    assert.equal(v.state.goal, 'win');
    assert.equal(v.task, 'Red to move and win.');
    await play(page, 'a0a3');
    await page.waitForFunction(() => window.events.some((e) => e.type === 'wrong'), null, { timeout: 30000 });
    v = await view(page);
    assert.equal(v.boardFen, fen, 'the piece is back');
    assert.match(v.verdict, /^Not quite: after Black's .+ the win is gone\. Try again\.$/);
    const [wrong] = await eventsOf(page, 'wrong');
    assert.equal(wrong.refutation, 'b5a3', 'the horse takes the chariot');
    await play(page, 'a0d0');
    await waitStatus(page, 'solved');
    const [solved] = await eventsOf(page, 'solved');
    assert.equal(solved.attempts, 2);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('an XQF file as src: the exercise is its main line, its title shown as text', async () => {
  // 橘中秘's endgame 兵势尚强 (tests/data/records/xqf): 1. c4d4 d9e8, the record's line ends with the defence.
  const xqf = readFileSync(join(root, 'tests', 'data', 'records', 'xqf', 'qt-v10-endgame-2plies.xqf'));
  const { page, context, errors } = await open('<xiangqi-puzzle src="/records/endgame.xqf" lang="zh"></xiangqi-puzzle>',
    SCRIPT, { files: { '/records/endgame.xqf': xqf } });
  await withShot(page, 'xqf-src', async () => {
    let v = await view(page);
    assert.equal(v.state.goal, 'line');
    assert.equal(v.state.fen, '3ak4/9/4r4/5P3/9/2R6/9/9/9/3K5 w - - 0 1');
    assert.equal(await page.evaluate(() => document.querySelector('xiangqi-puzzle').shadowRoot.querySelector('.title').textContent), '兵势尚强');
    await play(page, 'c4d4');
    await waitStatus(page, 'solved');
    v = await view(page);
    assert.deepEqual(v.state.moves, ['c4d4', 'd9e8']);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('hints: the piece, then the move; "show solution" plays it through; the keyboard plays and presses', async () => {
  const { page, context, errors } = await open(`<xiangqi-puzzle fen="${MATE2}" solution="${MATE2_LINE}"></xiangqi-puzzle>`);
  await withShot(page, 'hints', async () => {
    const puzzle = page.locator('xiangqi-puzzle');
    await puzzle.locator('button.hint').click();
    await page.waitForFunction(() => window.events.some((e) => e.type === 'hint'));
    let v = await view(page);
    assert.deepEqual(v.shapes, [{ from: 'f0', brush: 'green' }], 'first hint: the piece');
    assert.match(v.verdict, /^Hint: move the general \(f0\)\.$/);
    // Second hint from the keyboard: the hint button focused, Enter.
    await puzzle.locator('button.hint').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.events.filter((e) => e.type === 'hint').length === 2);
    v = await view(page);
    assert.deepEqual(v.shapes, [{ from: 'f0', to: 'e0', brush: 'green' }], 'second hint: the move');
    const hints = await eventsOf(page, 'hint');
    assert.deepEqual(hints.map((h) => [h.level, h.move]), [[1, null], [2, 'f0e0']]);
  });
  await withShot(page, 'reveal', async () => {
    await page.locator('xiangqi-puzzle button.reveal').click();
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 3);
    const v = await view(page);
    assert.deepEqual(v.state.moves, MATE2_LINE.split(' '));
    assert.equal(v.state.status, 'revealed');
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').shadowRoot.querySelector('.verdict').textContent === 'The solution is shown.');
    assert.equal((await eventsOf(page, 'reveal')).length, 1);
    const [progress] = await eventsOf(page, 'progress');
    assert.deepEqual(progress.results[0].revealed, true);
    assert.equal((await eventsOf(page, 'solved')).length, 0, 'a revealed exercise is not solved');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the keyboard: a mate in 1 played with the arrows and Enter on the board', async () => {
  // mate1-chariot-1: b6d6 mates. The cursor starts at e3 (bottom centre, Red at the bottom).
  const fen = '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1';
  const { page, context, errors } = await open(`<xiangqi-puzzle goal="mate" fen="${fen}"></xiangqi-puzzle>`);
  await withShot(page, 'keyboard', async () => {
    assert.equal((await view(page)).task, 'Red to move and mate in 1.');
    await page.evaluate(() => document.querySelector('xiangqi-puzzle').board.shadowRoot.querySelector('.xqb').focus());
    for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowRight',
      'ArrowRight', 'Enter']) await page.keyboard.press(k);
    await waitStatus(page, 'solved');
    const v = await view(page);
    assert.deepEqual(v.state.moves, ['b6d6']);
    assert.equal(v.verdict, 'Solved!', 'said once, not "Correct. Solved!" (issue 37)');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a set of two exercises: next / previous, progress carried by an event and given back', async () => {
  const pgn = `[Event "Mate in 1"]
[FEN "9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1"]

1. b6d6 *

[Event "Mate in 2"]
[FEN "${MATE2}"]

1. f0e0 d7d8 2. h4d4 *
`;
  const { page, context, errors } = await open(`<xiangqi-puzzle><script type="application/x-chess-pgn">${pgn}</script></xiangqi-puzzle>`);
  await withShot(page, 'set', async () => {
    const puzzle = page.locator('xiangqi-puzzle');
    let v = await view(page);
    assert.equal(v.state.total, 2);
    assert.equal(v.state.title, 'Mate in 1');
    assert.equal(await puzzle.locator('.count').textContent(), 'Exercise 1 / 2 · ✓ 0');
    await play(page, 'b6d6');
    await waitStatus(page, 'solved');
    const [progress] = await eventsOf(page, 'progress');
    assert.equal(progress.total, 2);
    assert.equal(progress.results[0].solved, true);
    assert.equal(progress.results[1], null);
    await puzzle.locator('button.next').click();
    await waitStatus(page, 'solving');
    v = await view(page);
    assert.equal(v.state.index, 1);
    assert.equal(v.state.title, 'Mate in 2');
    assert.equal(await puzzle.locator('.count').textContent(), 'Exercise 2 / 2 · ✓ 1');
    assert.equal(await puzzle.locator('button.next').isDisabled(), true);
    await puzzle.locator('button.prev').click();
    await waitStatus(page, 'solving');
    assert.equal((await view(page)).state.index, 0);
    // A host gives back what it saved: the results and the exercise shown.
    await page.evaluate((p) => { document.querySelector('xiangqi-puzzle').progress = { ...p, index: 1 }; }, progress);
    await waitStatus(page, 'solving');
    assert.equal((await view(page)).state.index, 1);
    assert.equal(await puzzle.locator('.count').textContent(), 'Exercise 2 / 2 · ✓ 1');
    const bad = await page.evaluate(() => { try { document.querySelector('xiangqi-puzzle').progress = 5; return null; } catch (e) { return e.code; } });
    assert.equal(bad, 'ERR_ARGUMENT');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad attributes: a typed error shown as text and an `error` event, never a crash', async () => {
  const { page, context, errors } = await open(`<xiangqi-puzzle id="a" fen="${MATE2}" goal="checkmate"></xiangqi-puzzle>
<xiangqi-puzzle id="b" fen="${MATE2}" solution="f0e0 zz99"></xiangqi-puzzle>
<xiangqi-puzzle id="c" fen="${MATE2}" solution="f0e0 d7d8 e0e2"></xiangqi-puzzle>
<xiangqi-puzzle id="d" fen="not a fen"></xiangqi-puzzle>
<xiangqi-puzzle id="e" fen="${MATE2}" goal="mate" moves="0"></xiangqi-puzzle>
<xiangqi-puzzle id="f" goal="mate" fen="3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"></xiangqi-puzzle>`);
  await withShot(page, 'errors', async () => {
    const shown = await page.evaluate(() => [...document.querySelectorAll('xiangqi-puzzle')].map((el) => ({
      id: el.id, code: el.error?.code, ply: el.error?.ply ?? null,
      text: el.shadowRoot.querySelector('.error').textContent, hidden: el.shadowRoot.querySelector('.error').hidden })));
    const codes = Object.fromEntries(shown.map((s) => [s.id, s.code]));
    assert.deepEqual(codes, { a: 'ERR_OPTIONS', b: 'ERR_MOVE_SYNTAX', c: 'ERR_ILLEGAL_MOVE', d: codes.d, e: 'ERR_OPTIONS',
      f: 'ERR_NO_MATE' });
    assert.match(codes.d, /^ERR_FEN_/);
    for (const s of shown) {
      assert.equal(s.hidden, false);
      assert.ok(s.text.includes(s.code), s.text);
    }
    assert.equal(shown.find((s) => s.id === 'c').ply, 3);
    assert.match(shown.find((s) => s.id === 'a').text, /goal="checkmate"/);
    const events = await eventsOf(page, 'error');
    assert.equal(events.length, 6);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

const HOSTILE_COMMENT = '<img src=x onerror="window.pwned.push(1)"><script>window.pwned.push(2)</script></textarea>'
  + '<b style="position:fixed;inset:0">big</b> \u202Eevil';

test('a hostile record comment is shown as text only; a strict CSP reports no violation; dark theme', async () => {
  const pgn = `[Event "<script>window.pwned.push(3)</script>"]
[FEN "${MATE2}"]

1. f0e0 {${HOSTILE_COMMENT}} d7d8 2. h4d4 *`;
  const script = `${SCRIPT}`;
  // In the pgn attribute, attribute-escaped (a script child cannot hold "</script").
  const attr = pgn.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const { page, context, errors } = await open(`<xiangqi-puzzle theme="dark" pgn="${attr}"></xiangqi-puzzle>`,
    script, { csp: true, dark: true });
  await withShot(page, 'hostile-csp-dark', async () => {
    await play(page, 'f0e0');
    await page.waitForFunction(() => document.querySelector('xiangqi-puzzle').state.moves.length === 2);
    const shown = await page.evaluate(() => {
      const sr = document.querySelector('xiangqi-puzzle').shadowRoot;
      return { comment: sr.querySelector('.comment p').firstChild.textContent, title: sr.querySelector('.title').textContent,
        tags: [...sr.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()).filter((t) => ['img', 'script', 'b', 'textarea', 'style'].includes(t)) };
    });
    assert.equal(shown.comment, HOSTILE_COMMENT, 'the comment is shown exactly, as text');
    assert.equal(shown.title, '<script>window.pwned.push(3)</script>');
    assert.deepEqual(shown.tags, [], 'no element made from record text');
    await waitStatus(page, 'solving');
    await play(page, 'h4d4');
    await waitStatus(page, 'solved');
    assert.deepEqual(await page.evaluate(() => window.pwned), []);
    assert.deepEqual(await page.evaluate(() => window.violations), [], 'no CSP violation');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a mate exercise without a written line under the strict CSP: the worker proves it, phone size', async () => {
  // mate3-cannon-1: three first moves mate in 3.
  const fen = '3k5/9/9/9/9/9/9/4KN2C/9/9 w - - 0 1';
  const { page, context, errors } = await open(`<xiangqi-puzzle fen="${fen}"></xiangqi-puzzle>`, SCRIPT,
    { csp: true, width: 390, height: 844 });
  await withShot(page, 'mate3-phone', async () => {
    let v = await view(page);
    assert.equal(v.state.goal, 'mate');
    assert.equal(v.state.mateIn, 3);
    const ms = [];
    for (let k = 0; k < 3; k++) {
      const move = await page.evaluate(() => {
        const el = document.querySelector('xiangqi-puzzle');
        const prover = new window.MateProver();
        const left = el.state.mateIn - Math.floor(el.state.moves.length / 2);
        // The shortest of the mating moves, as a good reader plays.
        for (let n = 1; n <= left; n++) {
          const m = prover.matingMoves(el.state.fen, n);
          if (m.length) { prover.free(); return m[0]; }
        }
        return null;
      });
      await play(page, move);
      await page.waitForFunction((n) => window.events.filter((e) => e.type === 'correct').length === n, k + 1);
      if ((await view(page)).state.status === 'solved') break;
      await waitStatus(page, 'solving');
    }
    await waitStatus(page, 'solved');
    for (const c of await eventsOf(page, 'correct')) ms.push(c.ms);
    console.log(`correct move to verdict (mate in 3, phone page, worker): ${ms.map((x) => x.toFixed(1)).join(', ')} ms`);
    v = await view(page);
    assert.deepEqual(await page.evaluate(() => window.violations), []);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move played as soon as the board shows is judged (kept on the board until the exercise can judge it)', async () => {
  // goal="mate" without `moves`: the element proves the mate's length before the exercise starts, and the board
  // shows the position meanwhile. A move played then used to be refused by the board without a sign (8 times in
  // 12 here); now the board takes it and the element judges it once the exercise is ready: a right move `correct`,
  // a wrong one `wrong` with the piece back.
  const script = `import '/pkg/puzzle.js';
window.events = [];
const el = document.querySelector('xiangqi-puzzle');
el.defenceDelay = 0;
for (const type of ['load', 'correct', 'wrong', 'error']) el.addEventListener(type, () => window.events.push(type));
// Ready for the test as soon as the board shows the position: not when the element is ready.
const shown = () => el.board?.board?.fen?.startsWith('8N');
while (!shown()) await new Promise((resolve) => { setTimeout(resolve, 2); });
window.ready = true;
`;
  for (const [move, expected] of [['f0e0', 'correct'], ['h4h9', 'wrong'], ['f0e0', 'correct']]) {
    const { page, context, errors } = await open(`<div style="width: 860px"><xiangqi-puzzle fen="${MATE2}"
      goal="mate"></xiangqi-puzzle></div>`, script);
    await withShot(page, `early-move-${expected}`, async () => {
      const before = await page.evaluate(() => window.events.slice());
      await play(page, move);
      await page.waitForFunction(() => window.events.some((e) => e === 'correct' || e === 'wrong'), null,
        { timeout: 15000 });
      const events = await page.evaluate(() => window.events.slice());
      assert.ok(!before.includes('correct') && !before.includes('wrong'), `nothing judged before the move: ${before}`);
      assert.ok(events.includes(expected), `${move}: ${events}`);
      if (expected === 'wrong') {
        await waitStatus(page, 'solving');
        const v = await view(page);
        assert.equal(v.boardFen, MATE2, 'the piece goes back');
        assert.match(v.verdict, /^Not quite|That is not/, 'the reason is shown');
      }
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a long mate played at once: each move is judged between two slices of the proof, two puzzles on a page', async () => {
  // mate5-cannon-1 of tests/data/mates.jsonl, twice on one page: the proof of the first position's good moves takes
  // seconds in one call, so it runs in slices, the two puzzles' proofs one after the other. A right move played at
  // once, in either puzzle, is judged between two slices (by its own proof), not after the page's proofs.
  const fen = '6R2/4k4/9/9/2c3C2/9/9/3K5/8C/9 w - - 0 1';
  const script = `import '/pkg/puzzle.js';
window.events = [];
const els = [...document.querySelectorAll('xiangqi-puzzle')];
els.forEach((el, i) => {
  el.defenceDelay = 0;
  for (const type of ['correct', 'wrong', 'error']) el.addEventListener(type, (e) => window.events.push({ i, type,
    detail: JSON.parse(JSON.stringify({ ...e.detail, error: undefined })) }));
});
await Promise.all(els.map((el) => el.ready));
window.ready = true;
`;
  const { page, context, errors } = await open(`<xiangqi-puzzle goal="mate" moves="5" fen="${fen}"></xiangqi-puzzle>
    <xiangqi-puzzle goal="mate" moves="5" fen="${fen}"></xiangqi-puzzle>`, script, { width: 390, height: 1700 });
  const playIn = async (i, move) => {
    for (const sq of [move.slice(0, 2), move.slice(2)]) {
      const { x, y } = await page.evaluate(([k, s]) => document.querySelectorAll('xiangqi-puzzle')[k].board.board
        .pointOf(s), [i, sq]);
      await page.mouse.click(x, y);
    }
  };
  const correct = async (i, n) => {
    await page.waitForFunction(([k, m]) => window.events.filter((e) => e.i === k && e.type === 'correct').length === m,
      [i, n], { timeout: 30000 });
    return page.evaluate(([k, m]) => window.events.filter((e) => e.i === k && e.type === 'correct')[m - 1].detail.ms,
      [i, n]);
  };
  // The second puzzle first: its proof waits for the first one's.
  await playIn(1, 'g9c9');
  const second = await correct(1, 1);
  await playIn(0, 'g9c9');
  const first = await correct(0, 1);
  console.log(`a right first move of a mate in 5 played at once: judged in ${second.toFixed(1)} ms (second puzzle), `
    + `${first.toFixed(1)} ms (first)`);
  assert.ok(second < 1000 && first < 1000, `${second} ms, ${first} ms: judged after the whole proof?`);
  // Both go on: the defender's reply, then the solver's turn again.
  await page.waitForFunction(() => [...document.querySelectorAll('xiangqi-puzzle')].every((el) =>
    el.state.status === 'solving' && el.state.moves.length === 2), null, { timeout: 30000 });
  assert.deepEqual(await page.evaluate(() => window.events.filter((e) => e.type !== 'correct')), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('size and layout: --xiangqi-board-size sets the board\'s width, ::part(body) the grid, slot="side" content under the buttons', async () => {
  const one = (id, extra = '') => `<xiangqi-puzzle id="${id}" fen="${MATE2}" solution="${MATE2_LINE}">${extra}</xiangqi-puzzle>`;
  const { page, context, errors } = await open(`<style>
      xiangqi-puzzle { width: 1000px; margin-bottom: 16px; }
      #sized { --xiangqi-board-size: 640px; }
      #stacked { --xiangqi-board-size: 700px; }
      #stacked::part(body) { grid-template-columns: minmax(0, 1fr); }
      .own { margin: 0; }
    </style>
    ${one('sized', '<p slot="side" class="own">From the club evening.</p><p class="own" id="unslotted">not shown</p>')}
    ${one('stacked')}
    ${one('plain')}`, SCRIPT, { width: 1040, height: 2300 });
  await withShot(page, 'size-and-layout', async () => {
    const m = await page.evaluate(() => Object.fromEntries(['sized', 'stacked', 'plain'].map((id) => {
      const el = document.getElementById(id);
      const r = (n) => n.getBoundingClientRect().toJSON();
      return [id, { board: r(el.board), side: r(el.shadowRoot.querySelector('.side')),
        tools: r(el.shadowRoot.querySelector('.tools')), own: el.querySelector('[slot="side"]') && r(el.querySelector('[slot="side"]')),
        unslotted: el.querySelector('#unslotted') && r(el.querySelector('#unslotted')) }];
    })));
    const near = (a, b) => Math.abs(a - b) <= 1;
    // The property sets the board's width; beside the side, which has the rest.
    assert.ok(near(m.sized.board.width, 640), `--xiangqi-board-size: 640px gives ${m.sized.board.width}`);
    assert.ok(m.sized.side.left >= m.sized.board.right, 'the side beside the board');
    assert.ok(m.sized.side.width > 250, `the side has the rest: ${m.sized.side.width}`);
    // The page's own content: in the side, under the buttons; a child without the slot is not shown.
    assert.ok(m.sized.own.left >= m.sized.side.left && m.sized.own.top >= m.sized.tools.bottom && m.sized.own.height > 0,
      `slot="side" under the buttons: ${JSON.stringify(m.sized.own)}`);
    assert.equal(m.sized.unslotted.height, 0, 'a child without slot="side" is not shown');
    // ::part(body) from the page wins over the element's own grid: the side under a 700 px board in a wide element.
    assert.ok(near(m.stacked.board.width, 700), `700 px: ${m.stacked.board.width}`);
    assert.ok(m.stacked.side.top >= m.stacked.board.bottom, 'the side under the board');
    // Without them: 3/5 of the element beside the side, at most 560 px.
    assert.ok(near(m.plain.board.width, 560), `the default: ${m.plain.board.width}`);
    assert.ok(m.plain.side.left >= m.plain.board.right);
    // The sized board still plays.
    await play(page, 'f0e0');
    await page.waitForFunction(() => document.getElementById('sized').state.moves.length === 2);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the module imports on a server (no DOM) and defines nothing', async () => {
  const { XiangqiPuzzleElement, MAX_MATE_MOVES, WIN_MARGIN_CP } = await import(join(root, 'pkg', 'puzzle.js'));
  assert.equal(typeof XiangqiPuzzleElement, 'function');
  assert.equal(MAX_MATE_MOVES, 10);
  assert.equal(WIN_MARGIN_CP, 300);
});

// --- docs/puzzle.md: its JS examples run in Chromium, each `expression; // value` line checked (as docs/lesson.md's) --

const DOC = readFileSync(join(root, 'docs', 'puzzle.md'), 'utf8');
const DOC_BLOCKS = [...DOC.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.trim().includes('\n'));

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

test('docs/puzzle.md has runnable examples', () => assert.ok(DOC_BLOCKS.length >= 3, `${DOC_BLOCKS.length} blocks`));

for (const [i, block] of DOC_BLOCKS.entries()) {
  test(`docs/puzzle.md example ${i + 1}`, async () => {
    const { code: body, checks } = withChecks(block);
    const imports = body.split('\n').filter((l) => /^import /.test(l)).join('\n');
    const code = body.split('\n').filter((l) => !/^import /.test(l)).join('\n');
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = `${server.url}puzzle-doc-${i}.html`;
    await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head>
<meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "xiangqi-wasm": "/pkg/xiangqi_wasm.js", "xiangqi-wasm/board": "/pkg/board.js",
  "xiangqi-wasm/puzzle": "/pkg/puzzle.js" } }</script></head>
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
