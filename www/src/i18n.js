// The app's interface languages and their message catalogues, one file per language in i18n/ (en.js, zh.js,
// zh-Hant.js, vi.js), each with the same keys (tests/js/i18n-catalogues.test.mjs). `t(lang, key, vars)` fills
// `{name}` placeholders; the result is always set with textContent, never as HTML. Numbers and lists are written by
// `Intl` in the language's own way.
import en from './i18n/en.js';
import zh from './i18n/zh.js';
import zhHant from './i18n/zh-Hant.js';
import vi from './i18n/vi.js';

/** The interface languages, in the order the language menu lists them. */
export const LANGS = ['en', 'zh', 'zh-Hant', 'vi'];

export const STRINGS = { en, zh, 'zh-Hant': zhHant, vi };

/** Each language's BCP 47 tag (the `lang` attribute of the page and of the elements it holds). */
const TAGS = { en: 'en', zh: 'zh-Hans', 'zh-Hant': 'zh-Hant', vi: 'vi' };

/** The app's language for a language tag (`zh-TW` → `zh-Hant`), or `null` for a language it does not speak. */
export function langOf(tag) {
  const l = String(tag ?? '').toLowerCase();
  if (/^zh\b/.test(l)) return /^zh-(hant|tw|hk|mo)\b/.test(l) ? 'zh-Hant' : 'zh';
  if (/^vi\b/.test(l)) return 'vi';
  if (/^en\b/.test(l)) return 'en';
  return null;
}

/** The language of the browser: the first of its languages the app speaks, else English. */
export function browserLang(languages) {
  for (const l of languages ?? []) {
    const lang = langOf(l);
    if (lang) return lang;
  }
  return 'en';
}

/** One of LANGS for a saved or given value (`"zh-TW"`, `"vi-VN"`…), English for anything else. */
export function normalLang(value) {
  return LANGS.includes(value) ? value : langOf(value) ?? 'en';
}

/** The BCP 47 tag of `lang`, for `lang` attributes. */
export const langTag = (lang) => TAGS[lang] ?? 'en';

/** Whether `lang` is written in Chinese characters (full-width punctuation, no spaces between sentences). */
export const isChinese = (lang) => lang === 'zh' || lang === 'zh-Hant';

/** The text of `key` in `lang`, with `{name}` replaced by `vars.name` (numbers written by `Intl`). */
export function t(lang, key, vars = {}) {
  const s = STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? formatValue(lang, vars[k]) : m));
}

/** A placeholder's value: integers as the language groups them (12,345 / 12.345), other values as they are. */
function formatValue(lang, v) {
  return Number.isInteger(v) ? formatNumber(lang, v) : String(v);
}

const numberFormats = new Map();
/** A number written as `lang` writes it (`Intl.NumberFormat`; Chinese groups as English does, Vietnamese 12.345). */
export function formatNumber(lang, n, options = {}) {
  const key = `${lang} ${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, f = new Intl.NumberFormat(langTag(lang), options));
  return f.format(n);
}

/** Sentences joined as `lang` joins them: after 。 no space in Chinese, one space otherwise. */
export function sentences(lang, parts) {
  return parts.filter(Boolean).join(isChinese(lang) ? '' : ' ');
}

/** A list as `lang` writes it: "a, b and c", "a、b和c", "a, b và c" (`Intl.ListFormat`). */
export function formatList(lang, items) {
  return new Intl.ListFormat(langTag(lang), { type: 'conjunction' }).format(items.map(String));
}

/** A date (a `Date` or its time value) as `lang` writes it (`Intl.DateTimeFormat`, day precision). */
export function formatDate(lang, date) {
  return new Intl.DateTimeFormat(langTag(lang), { dateStyle: 'medium' }).format(date);
}

/** A size in bytes as people read it: "2 MB", "10.5 MB", "800 KB" (the number in the language's own way). */
export function formatSize(bytes, lang = 'en') {
  if (bytes >= 1024 * 1024) return `${formatNumber(lang, +(bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${formatNumber(lang, Math.ceil(bytes / 1024))} KB`;
}
