// Every reader (issue 37): the app and each element in English, 简体中文, 繁體中文 and Tiếng Việt, in Chromium. For each
// language: the language chosen from the browser's, every catalogue text where the page shows it, no English
// sentence on another language's screen, the notation and the board's coordinates the language's readers expect,
// the record's tags named in the language, the rulings' explanation, and axe-core (WCAG 2.1 A and AA) with no
// violation. Screenshots of each screen in each language in test-results/languages/ (kept, passed or failed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { root, startApp, openApp, computerDone, importText } from './app-support.mjs';
import { servePackage, launch } from '../support/browser.mjs';
import { STRINGS, langTag } from '../../www/src/i18n.js';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SHOTS = join(root, 'test-results', 'languages');

const LANGS = [
  { lang: 'en', locale: 'en-US', notation: 'wxf', coords: 'iccs', horse: 'H2+3', event: 'Event' },
  { lang: 'zh', locale: 'zh-CN', notation: 'chinese', coords: 'chinese', horse: '马二进三', event: '赛事' },
  { lang: 'zh-Hant', locale: 'zh-TW', notation: 'chinese', coords: 'chinese', horse: '傌二進三', event: '賽事' },
  { lang: 'vi', locale: 'vi-VN', notation: 'vietnamese', coords: 'numbers', horse: 'M2.3', event: 'Giải đấu' },
];

let app;
let pkgServer;
let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  console.log(`language screenshots: ${SHOTS}`);
  app = await startApp();
  pkgServer = await servePackage(root);
  browser = await launch();
});
after(async () => {
  await app?.close();
  await browser?.close();
  await pkgServer?.close();
});

async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }, AXE_TAGS);
}

async function shot(page, name, fn) {
  try {
    await fn();
  } finally {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) }).catch(() => {});
  }
}

/** The English sentences of the catalogue a page could show as they are (no placeholder, a few words long). */
const ENGLISH = Object.entries(STRINGS.en)
  .filter(([, v]) => !/\{/.test(v) && v.split(' ').filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 3).map(([, v]) => v);

/** The visible text of the page, the open shadow roots' included. */
const visibleText = (page) => page.evaluate(() => {
  const parts = [];
  const walk = (node) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  parts.push(document.body.innerText);
  walk(document);
  for (const el of document.querySelectorAll('*')) if (el.shadowRoot) parts.push(el.shadowRoot.textContent);
  return parts.join('\n');
});

for (const L of LANGS) {
  test(`the app in ${L.lang}: chosen from the browser, every text, the notation, the tags, axe`, async () => {
    const { page, context, errors } = await openApp(app, { locale: L.locale });
    try {
      await shot(page, `app-${L.lang}`, async () => {
        assert.equal(await page.evaluate(() => document.documentElement.lang), langTag(L.lang));
        assert.equal(await page.inputValue('#lang'), L.lang, 'the language of the browser');
        // Every text of the page's chrome is the catalogue's, in this language.
        const texts = await page.evaluate(() => [...document.querySelectorAll('[data-i18n]')]
          .map((n) => [n.dataset.i18n, n.textContent]));
        assert.ok(texts.length > 20);
        // (the status line starts as "Loading…" and then says whose move it is)
        for (const [key, text] of texts) if (key !== 'loading') assert.equal(text, STRINGS[L.lang][key], `${key}`);
        assert.equal(await page.evaluate(() => document.getElementById('board').board.config.coordinates), L.coords);
        assert.equal(await page.inputValue('#notation'), L.notation);
        assert.equal(await page.evaluate(() => document.getElementById('board').board.config.pieceSet),
          L.lang === 'vi' ? 'vietnamese' : 'traditional');
        // A record: its moves in the language's notation, its tags named in the language.
        await importText(page, '[Event "Test cup"]\n[Date "2024.03.05"]\n[Red "A"]\n[Black "B"]\n\n1. 炮二平五 马8进7 2. 马二进三 *');
        await page.waitForFunction(() => document.querySelector('#move-list button[data-ply="3"]'));
        assert.equal(await page.textContent('#move-list button[data-ply="3"]'), L.horse);
        const tags = await page.evaluate(() => [...document.querySelectorAll('#record-headers dt')].map((d) => d.textContent));
        assert.ok(tags.includes(L.event), `${tags}`);
        // The date as the language writes one (Intl), not the record's 2024.03.05
        const date = await page.evaluate(() => [...document.querySelectorAll('#record-headers dd')].map((d) => d.textContent));
        const expected = await page.evaluate((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' })
          .format(new Date(2024, 2, 5)), langTag(L.lang));
        assert.ok(date.includes(expected), `${date} has ${expected}`);
        assert.deepEqual(await axe(page), [], 'axe on the game screen');
        if (L.lang !== 'en') {
          const text = await visibleText(page);
          for (const s of ENGLISH) assert.ok(!text.includes(s), `English on the ${L.lang} screen: ${s}`);
        }
      });
      await shot(page, `app-${L.lang}-new-game`, async () => {
        await page.click('#new');
        await page.waitForFunction(() => document.getElementById('new-dialog').open);
        const levels = await page.evaluate(() => [...document.querySelectorAll('#new-level option')].map((o) => o.textContent));
        assert.equal(levels[0], STRINGS[L.lang].level_novice);
        assert.equal(await page.textContent('#new-level-about'), STRINGS[L.lang][`levelAbout_${await page.inputValue('#new-level')}`]);
        assert.deepEqual(await axe(page), [], 'axe on the new-game dialog');
        await page.screenshot({ path: join(SHOTS, `app-${L.lang}-new-game-open.png`) });
        await page.click('#new-dialog button[value=cancel]');
      });
      await shot(page, `app-${L.lang}-resigned`, async () => {
        // An ending: the ruling's explanation in the language.
        await page.evaluate(() => window.xiangqiApp.store.newGame?.());
        const explanation = await page.evaluate((lang) => {
          const g = new window.xiangqiApp.game.constructor();
          const text = g.resign('black').explanations[lang];
          g.free();
          return text;
        }, L.lang);
        assert.equal(explanation, { en: 'Black resigned; Red wins.', zh: '黑方认输，红方胜。', 'zh-Hant': '黑方認輸，紅方勝。',
          vi: 'Bên đen xin thua; bên đỏ thắng.' }[L.lang]);
      });
      await computerDone(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('the language menu switches and is remembered; each language is named in itself', async () => {
  const { page, context } = await openApp(app, { locale: 'en-US' });
  try {
    await shot(page, 'app-switch-vi', async () => {
      const names = await page.evaluate(() => [...document.getElementById('lang').options].map((o) => [o.value, o.textContent, o.lang]));
      assert.deepEqual(names, [['en', 'English', 'en'], ['zh', '简体中文', 'zh-Hans'], ['zh-Hant', '繁體中文', 'zh-Hant'],
        ['vi', 'Tiếng Việt', 'vi']]);
      await page.selectOption('#lang', 'vi');
      assert.equal(await page.textContent('#new'), STRINGS.vi.newGame);
      // Vietnamese letters on the pieces, with the option of Chinese characters (remembered too)
      assert.equal(await page.evaluate(() => document.getElementById('board').board.config.pieceSet), 'vietnamese');
      await page.selectOption('#pieces', 'traditional');
      assert.equal(await page.evaluate(() => document.getElementById('board').board.config.pieceSet), 'traditional');
      await page.reload();
      await page.waitForFunction(() => document.body?.dataset.ready === 'true');
      assert.equal(await page.inputValue('#lang'), 'vi', 'remembered');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'vi');
      assert.equal(await page.inputValue('#pieces'), 'traditional');
      await page.selectOption('#pieces', 'vietnamese');
    });
  } finally {
    await context.close();
  }
});

/** A page of the package server with the three record elements in `lang` (the page's, or the elements' own). */
async function elementsPage(pageLang, elementLang) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1400 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const lang = elementLang ? ` lang="${elementLang}"` : '';
  const url = `${pkgServer.url}t/languages-${pageLang}-${elementLang ?? 'page'}.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html>
<html lang="${pageLang}"><head><meta charset="utf-8"><title>languages</title>
<script type="module">
import '/pkg/lesson.js'; import '/pkg/puzzle.js'; import '/pkg/editor.js';
Promise.all([...document.querySelectorAll('xiangqi-lesson, xiangqi-puzzle, xiangqi-editor')].map((e) => e.ready))
  .then(() => { document.body.dataset.ready = 'true'; });
</script></head><body><main>
<h1>Elements</h1>
<xiangqi-lesson${lang} pgn="[Event &quot;Lesson&quot;]&#10;&#10;1. 炮二平五 马8进7 2. 马二进三 *"></xiangqi-lesson>
<xiangqi-puzzle${lang} goal="mate" fen="9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1"></xiangqi-puzzle>
<xiangqi-editor${lang} pgn="1. 炮二平五 马8进7 2. 马二进三 *"></xiangqi-editor>
</main></body></html>` }));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true'
    && document.querySelector('xiangqi-puzzle').state?.status === 'solving', null, { timeout: 30000 });
  return { page, context, errors };
}

const elementView = (page) => page.evaluate(() => {
  const lesson = document.querySelector('xiangqi-lesson');
  const puzzle = document.querySelector('xiangqi-puzzle');
  const editor = document.querySelector('xiangqi-editor');
  return {
    lessonMoves: [...lesson.shadowRoot.querySelectorAll('.moves button')].map((b) => b.textContent),
    lessonLabel: lesson.board.getAttribute('label') ?? lesson.board.getAttribute('lang'),
    boardLangs: [lesson, puzzle, editor].map((e) => e.board.getAttribute('lang')),
    task: puzzle.shadowRoot.querySelector('.task').textContent,
    mateIn: puzzle.state.mateIn,
    puzzleCoords: puzzle.board.getAttribute('coordinates'),
    pieceSets: [lesson, puzzle, editor].map((e) => e.board.getAttribute('piece-set')),
    editorCoords: editor.board.getAttribute('coordinates'),
    editorMoves: [...editor.shadowRoot.querySelectorAll('button')].map((b) => b.textContent),
  };
});

const ELEMENT_CASES = [
  { page: 'en', lang: 'en', horse: 'H2+3', task: (n) => `Red to move and mate in ${n}.`, coords: 'iccs' },
  { page: 'zh-CN', lang: 'zh', horse: '马二进三', task: (n) => `红先，${'一两三四'[n - 1]}步杀。`, coords: 'chinese' },
  { page: 'zh-TW', lang: 'zh-Hant', horse: '傌二進三', task: (n) => `紅先，${'一兩三四'[n - 1]}步殺。`, coords: 'chinese' },
  { page: 'vi', lang: 'vi', horse: 'M2.3', task: (n) => `Bên đỏ đi trước, chiếu bí sau ${n} nước.`, coords: 'numbers' },
];

for (const C of ELEMENT_CASES) {
  test(`the elements on a ${C.page} page: the page's language, its notation and coordinates, axe`, async () => {
    const { page, context, errors } = await elementsPage(C.page);
    try {
      await shot(page, `elements-${C.lang}`, async () => {
        const v = await elementView(page);
        assert.deepEqual(v.boardLangs, [C.lang, C.lang, C.lang]);
        assert.ok(v.lessonMoves.some((m) => m.includes(C.horse)), `${v.lessonMoves}`);
        assert.ok(v.editorMoves.some((m) => m.includes(C.horse)), `${v.editorMoves}`);
        assert.equal(v.task, C.task(v.mateIn));
        assert.equal(v.puzzleCoords, C.coords);
        assert.equal(v.editorCoords, C.coords);
        // Chinese characters on the pieces; Vietnamese letters (Tg S T M X P B) on a Vietnamese page
        const set = C.lang === 'vi' ? 'vietnamese' : 'traditional';
        assert.deepEqual(v.pieceSets, [set, set, set]);
        assert.deepEqual(await axe(page), []);
        if (C.lang !== 'en') {
          const text = await visibleText(page);
          for (const s of ['Start position', 'Previous move', 'Next move', 'Show solution', 'Move list', 'Comment after the move']) {
            assert.ok(!text.includes(s), `English on the ${C.lang} page: ${s}`);
          }
        }
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('an element\'s own lang and notation win over the page\'s', async () => {
  const { page, context } = await elementsPage('en', 'vi');
  try {
    await shot(page, 'elements-vi-on-en-page', async () => {
      let v = await elementView(page);
      assert.deepEqual(v.boardLangs, ['vi', 'vi', 'vi']);
      assert.ok(v.lessonMoves.some((m) => m.includes('M2.3')));
      // the option of Chinese characters on the pieces
      await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('piece-set', 'traditional'));
      assert.equal((await elementView(page)).pieceSets[0], 'traditional');
      await page.evaluate(() => document.querySelector('xiangqi-lesson').setAttribute('notation', 'chinese'));
      await page.evaluate(() => document.querySelector('xiangqi-puzzle').setAttribute('notation', 'wxf'));
      v = await elementView(page);
      assert.ok(v.lessonMoves.some((m) => m.includes('马二进三')), `${v.lessonMoves}`);
      assert.equal(v.puzzleCoords, 'iccs', 'the coordinates go with the notation chosen');
    });
  } finally {
    await context.close();
  }
});

for (const L of LANGS) {
  test(`every screen of the app in ${L.lang}: review, analysis, set-up, game over, puzzles, studio — axe on each`, async () => {
    const { page, context, errors } = await openApp(app, { locale: L.locale, viewport: { width: 1024, height: 768 } });
    const T = STRINGS[L.lang];
    try {
      await importText(page, '[Event "Test cup"]\n\n1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 *');
      await shot(page, `screen-${L.lang}-review`, async () => {
        await page.click('#review');
        await page.waitForFunction(() => window.xiangqiApp.state.review?.status === 'done', null, { timeout: 60000 });
        assert.equal(await page.textContent('#review-title'), T.reviewTitle);
        // The move shown named as the move list numbers it, its verdict in the language.
        await page.click('#move-list button[data-ply="2"]');
        const text = await page.textContent('#review-move');
        const black2 = T.plyBlack.replace('{n}', '1');
        assert.ok(text.startsWith(black2), `${text} starts with ${black2}`);
        assert.deepEqual(await axe(page), [], 'axe on the review');
      });
      await page.click('#review-close');
      await shot(page, `screen-${L.lang}-analysis`, async () => {
        await page.click('#analyse');
        await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length > 0, null, { timeout: 20000 });
        assert.equal(await page.textContent('#analysis-title'), T.analysisTitle);
        assert.deepEqual(await axe(page), [], 'axe on the analysis board');
      });
      await page.click('#analysis-close');
      await shot(page, `screen-${L.lang}-editor`, async () => {
        await page.click('#edit');
        await page.click('#editor-clear');
        const problems = await page.textContent('#editor-problems');
        assert.ok(problems.length > 0 && (L.lang === 'en' || !/[a-z]{4,} [a-z]{3,}/.test(problems)), problems);
        assert.deepEqual(await axe(page), [], 'axe on the set-up screen');
      });
      await page.click('#editor-close');
      await shot(page, `screen-${L.lang}-over`, async () => {
        await importText(page, '9/3k5/9/1R7/9/9/4p4/9/3CC4/3K5 w - - 0 1');
        const { clickSquares } = await import('./app-support.mjs');
        await clickSquares(page, 'b6', 'd6');
        await page.waitForSelector('#over-dialog[open]');
        const over = await page.textContent('#over-dialog');
        const explanation = { en: 'Black is checkmated; Red wins.', zh: '黑方被将死，红方胜。', 'zh-Hant': '黑方被將死，紅方勝。',
          vi: 'Bên đen bị chiếu bí; bên đỏ thắng.' }[L.lang];
        assert.ok(over.includes(explanation), over);
        assert.deepEqual(await axe(page), [], 'axe on the game-over card');
        await page.click('#over-dialog button[value=close]');
      });
      await shot(page, `screen-${L.lang}-puzzles`, async () => {
        await page.click('#puzzles-open');
        await page.waitForFunction(() => document.getElementById('puzzle')?.state?.status === 'solving', null, { timeout: 30000 });
        assert.equal(await page.textContent('#puzzles-title'), T.puzzlesTitle);
        assert.equal(await page.evaluate(() => document.getElementById('puzzle').getAttribute('lang')), langTag(L.lang));
        assert.deepEqual(await axe(page), [], 'axe on the puzzles');
      });
      await page.click('#puzzles-close');
      await shot(page, `screen-${L.lang}-studio`, async () => {
        await page.click('#studio-open');
        await page.waitForFunction((title) => document.getElementById('studio-title').textContent === title, T.studioTitle);
        assert.deepEqual(await axe(page), [], 'axe on the studio');
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const L of LANGS) {
  test(`the app in ${L.lang} on a phone: nothing cut, no sideways scroll, the board and the controls in view`, async () => {
    const { page, context, errors } = await openApp(app, { locale: L.locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      await shot(page, `phone-${L.lang}`, async () => {
        const m = await page.evaluate(() => {
          const r = (id) => document.getElementById(id).getBoundingClientRect();
          return { scrollW: document.documentElement.scrollWidth, board: r('board'), controls: r('controls'),
            lang: r('lang'), theme: r('theme') };
        });
        assert.ok(m.scrollW <= 390, `no sideways scroll: ${m.scrollW}`);
        assert.ok(m.board.right <= 390 && m.board.top >= 0 && m.board.bottom <= 844, JSON.stringify(m.board));
        assert.ok(m.lang.right <= 390 && m.theme.right <= 390, 'the language menu and the theme in view');
        assert.deepEqual(await axe(page), [], 'axe on the phone');
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('an element\'s error in the reader\'s language, with its code (English: the package\'s own message)', async () => {
  const context = await browser.newContext({ viewport: { width: 700, height: 500 } });
  const page = await context.newPage();
  const url = `${pkgServer.url}t/languages-errors.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>errors</title>
<script type="module">
import '/pkg/puzzle.js';
Promise.all([...document.querySelectorAll('xiangqi-puzzle')].map((e) => e.ready)).then(() => { document.body.dataset.ready = 'true'; });
</script></head><body><main>
<xiangqi-puzzle lang="vi" goal="mate" fen="3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"></xiangqi-puzzle>
<xiangqi-puzzle lang="zh-TW" goal="mate" fen="3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"></xiangqi-puzzle>
<xiangqi-puzzle lang="en" goal="mate" fen="3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"></xiangqi-puzzle>
</main></body></html>` }));
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 30000 });
    await shot(page, 'element-errors', async () => {
      const details = await page.evaluate(() => [...document.querySelectorAll('xiangqi-puzzle')]
        .map((e) => e.shadowRoot.querySelector('.error .detail').textContent));
      assert.deepEqual(details.slice(0, 2), ['ERR_FEN_OPPOSITE_CHECK: Thế cờ (FEN) không hợp lệ.',
        'ERR_FEN_OPPOSITE_CHECK: 局面（FEN）無效。']);
      assert.match(details[2], /^ERR_FEN_OPPOSITE_CHECK: .*the side not to move is in check/);
      assert.deepEqual(await axe(page), []);
    });
  } finally {
    await context.close();
  }
});
