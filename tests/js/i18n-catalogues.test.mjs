// The message catalogues of the app (www/src/i18n/*.js) and the elements' labels (issue 37): every key in every
// language with the same placeholders; no English on the other languages' screens; one script and one punctuation
// style per language; the same thing named the same way everywhere (the words of a coach, not of the code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as OpenCC from 'opencc-js';
import { LANGS, STRINGS, browserLang, langOf, langTag, t, formatNumber, formatList } from '../../www/src/i18n.js';
import { XiangqiLessonElement } from '../../pkg/lesson.js';
import { XiangqiPuzzleElement } from '../../pkg/puzzle.js';
import { XiangqiEditorElement } from '../../pkg/editor.js';

const ELEMENTS = { lesson: XiangqiLessonElement, puzzle: XiangqiPuzzleElement, editor: XiangqiEditorElement };
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every text of a label tree: strings as they are, functions called with sample arguments. */
function texts(v, path = '') {
  if (typeof v === 'string') return [[path, v]];
  if (typeof v === 'function') return [[path, String(v('«1»', 2, '«3»'))]]; // arguments in no language
  return Object.entries(v).flatMap(([k, x]) => texts(x, `${path}.${k}`));
}

/** Every text a reader of `lang` can be shown: the app's catalogue and the elements' labels. */
function shown(lang) {
  const out = Object.entries(STRINGS[lang]).map(([k, v]) => [`app.${k}`, v]);
  for (const [name, el] of Object.entries(ELEMENTS)) out.push(...texts(el.labels[lang], name));
  return out;
}

test('the languages: English, 简体中文, 繁體中文, Tiếng Việt, chosen from the browser\'s', () => {
  assert.deepEqual(LANGS, ['en', 'zh', 'zh-Hant', 'vi']);
  assert.equal(browserLang(['vi-VN', 'en']), 'vi');
  assert.equal(browserLang(['zh-TW']), 'zh-Hant');
  assert.equal(browserLang(['zh-HK']), 'zh-Hant');
  assert.equal(browserLang(['zh-Hant-TW']), 'zh-Hant');
  assert.equal(browserLang(['zh-CN']), 'zh');
  assert.equal(browserLang(['fr', 'de']), 'en');
  assert.equal(browserLang(['fr', 'zh-SG']), 'zh');
  assert.equal(langOf('ko'), null);
});

test('every key of every catalogue is in every language, with the same placeholders', () => {
  const keys = Object.keys(STRINGS.en).sort();
  for (const lang of LANGS) {
    assert.deepEqual(Object.keys(STRINGS[lang]).sort(), keys, `${lang}: the keys of en.js`);
    for (const k of keys) {
      assert.equal(typeof STRINGS[lang][k], 'string', `${lang}.${k}`);
      assert.deepEqual(placeholders(STRINGS[lang][k]), placeholders(STRINGS.en[k]), `${lang}.${k}: placeholders`);
    }
  }
  // The elements: the same labels in every language, the base's included.
  for (const [name, el] of Object.entries(ELEMENTS)) {
    const paths = texts(el.labels.en).map(([p]) => p);
    for (const lang of LANGS) {
      assert.ok(el.labels[lang], `${name}: ${lang} labels`);
      assert.deepEqual(texts(el.labels[lang]).map(([p]) => p), paths, `${name}: ${lang} has the English labels`);
    }
  }
});

// Latin words a Chinese or Vietnamese screen may show: formats, encodings, rule sets, notations, keys.
const NAMES = /\b(FEN|PGN|DhtmlXQ|XQF|CBR|UTF-8|GBK|Big5|AXF|CXA|ECCO|WXF|ICCS|Xiangqi|pgn|Gh2e2|Re7|C2\.5)\b|\b[PNGRBYwb]\b/g;
const ENGLISH = /(?<!\p{L})(the|and|of|to|is|a|an|with|from|your|you|move|moves|game|games|red|black|start|position|previous|next|loading|check|mate|draw|hint|record|error|cannot|could|not)(?!\p{L})/iu;
// Values that are the same in English by nature: codes, signs, the number of a move.
const NEUTRAL = new Set(['app.notationWxf', 'app.notationIccs', 'app.plyRed', 'app.plyBlack', 'app.resultSentence',
  'app.statusSep', 'app.resultForYou', 'app.reviewMove', 'app.numberWords', 'lesson.ply', 'puzzle.played',
  'editor.tagValue', 'puzzle.hintMove', 'editor.colors.red', 'app.openingLine', 'app.explorerShares']);

test('no English is shown on the other languages\' screens', () => {
  const en = new Map(shown('en'));
  for (const lang of ['zh', 'zh-Hant', 'vi']) {
    for (const [path, text] of shown(lang)) {
      if (NEUTRAL.has(path)) continue;
      assert.notEqual(text, en.get(path), `${lang} ${path} is the English text`);
      const rest = text.replace(/\{\w+\}/g, '').replace(NAMES, '');
      if (lang === 'vi') assert.doesNotMatch(rest, ENGLISH, `${lang} ${path}: ${text}`);
      else assert.doesNotMatch(rest, /[A-Za-z]{2,}/, `${lang} ${path}: ${text}`);
    }
  }
});

test('each Chinese catalogue is in its own script, and Vietnamese and English in none', () => {
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
  const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
  const han = /[\u4e00-\u9fff]/;
  for (const [path, text] of shown('zh-Hant')) {
    // the terms the app teaches in parentheses stay simplified in English only
    assert.equal(toTraditional(text), text, `zh-Hant ${path} has simplified characters: ${text}`);
  }
  for (const [path, text] of shown('zh')) {
    assert.equal(toSimplified(text), text, `zh ${path} has traditional characters: ${text}`);
  }
  for (const [path, text] of shown('vi')) assert.doesNotMatch(text, han, `vi ${path}: ${text}`);
});

test('one punctuation style per language', () => {
  for (const lang of ['zh', 'zh-Hant']) {
    for (const [path, text] of shown(lang)) {
      if (path === 'app.numberWords') continue; // a list for the code, never shown whole
      // full-width after a Chinese character: no "，" written "," nor "。" written "."
      assert.doesNotMatch(text, /[\u4e00-\u9fff][,;:!?()]|[\u4e00-\u9fff]\.(?!\w)/, `${lang} ${path}: ${text}`);
      assert.doesNotMatch(text, /[。，：；] /, `${lang} ${path}: a space after full-width punctuation: ${text}`);
    }
  }
  for (const lang of ['en', 'vi']) {
    for (const [path, text] of shown(lang)) {
      const own = text.replace(/\([^)]*[\u4e00-\u9fff][^)]*\)/g, ''); // "touch-move (摸子走子)": the Chinese term quoted
      assert.doesNotMatch(own, /[，。：；！？（）]/, `${lang} ${path}: ${text}`);
    }
  }
});

// The same thing named the same way (item 3): each language's words, and the words it must not use for them.
const TERMS = {
  en: [[/\bengines?\b/i, 'the computer'], [/mate prover|\bpackage\b|\bnodes?\b|\bply\b/i, 'no word of the code'],
    [/\bcheckmated?\b/i, 'mate']],
  zh: [[/二步杀/, '两步杀'], [/可疑的着法/, '缓着'], [/上一步|下一步|最后一步/, '上一着 / 下一着'], [/引擎|证明器|本包/, '电脑 (no word of the code)'],
    [/著/, '着'], [/走法/, '着法']],
  'zh-Hant': [[/二步殺/, '兩步殺'], [/可疑的著法/, '緩著'], [/上一步|下一步|最後一步/, '上一著 / 下一著'],
    [/引擎|證明器|本包/, '電腦'], [/着/, '著'], [/走法/, '著法']],
  vi: [[/(?<!\p{L})hoà(?!\p{L})/iu, 'hòa'], [/chiếu hết/i, 'chiếu bí'], [/động cơ|engine/i, 'máy'],
    [/(?<!\p{L})nút(?!\p{L})/iu, 'nước (a node is no word of the game)'],
    [/kỳ phổ/i, 'biên bản']],
};

test('the same thing is named the same way in every text of a language', () => {
  for (const lang of LANGS) {
    for (const [path, text] of shown(lang)) {
      const words = text.replace(/\{\w+\}/g, '');
      for (const [bad, word] of TERMS[lang]) assert.doesNotMatch(words, bad, `${lang} ${path}: say ${word}: ${text}`);
    }
  }
  // One word for one thing across the app and the elements: the start position, the previous / next move, the record.
  const same = (lang, paths) => {
    if (!paths.length) return;
    const values = paths.map((p) => new Map(shown(lang)).get(p)?.toLowerCase()); // "nước sai" / "Nước sai": one word
    assert.equal(new Set(values).size, 1, `${lang}: ${paths.join(', ')} = ${values.join(' / ')}`);
  };
  for (const lang of LANGS) {
    same(lang, ['app.editorStart', 'lesson.start', 'editor.start', 'lesson.first', 'editor.first']);
    same(lang, ['app.class_mistake', 'editor.nagNames.2'].filter((p) => lang !== 'en'));
  }
  for (const lang of ['zh', 'zh-Hant', 'vi']) same(lang, ['app.prev', 'lesson.previous', 'editor.previous']);
});

test('numbers, counts and lists are written as each language writes them', () => {
  assert.equal(formatNumber('en', 12345), '12,345');
  assert.equal(formatNumber('vi', 12345), '12.345');
  assert.equal(formatNumber('vi', 0.35, { minimumFractionDigits: 2 }), '0,35');
  assert.equal(t('vi', 'importListing', { n: 10721 }), 'Đang đọc… đã có 10.721 ván');
  assert.equal(t('en', 'importListing', { n: 10721 }), 'Reading… 10,721 games so far');
  assert.equal(t('zh', 'studioChapterCount', { n: 3 }), '3章');
  assert.equal(formatList('en', ['a', 'b', 'c']), 'a, b, and c');
  assert.equal(formatList('vi', ['a', 'b', 'c']), 'a, b và c');
  assert.equal(formatList('zh', ['甲', '乙', '丙']), '甲、乙和丙');
  // Mate in two, as each language says it.
  assert.equal(t('zh', 'mateTitle', { n: STRINGS.zh.numberWords.split(',')[1] }), '两步杀');
  assert.equal(t('zh-Hant', 'mateTitle', { n: STRINGS['zh-Hant'].numberWords.split(',')[1] }), '兩步殺');
});

test('dates as each language writes them (Intl), for the record box', async () => {
  const { formatDate } = await import('../../www/src/i18n.js');
  const day = new Date(2024, 2, 5);
  for (const lang of LANGS) {
    const text = formatDate(lang, day);
    assert.equal(text, new Intl.DateTimeFormat(langTag(lang), { dateStyle: 'medium' }).format(day));
    assert.match(text, /2024/);
  }
  assert.match(formatDate('zh', day), /2024年3月5日/);
});
