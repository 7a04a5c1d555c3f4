// The page around the game, rendered from the state: the interface language (every `data-i18n` text, the labels,
// the title), the theme, the notation selector, the message at the bottom of the page.
import { formatSize, langTag, t } from '../i18n.js';
import { notationOf, pieceSetOf } from '../derive.js';
import { tr } from '../text.js';
import { RECORD_CAP } from '../records.js';

const $ = (id) => document.getElementById(id);
const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The theme in force: the player's, else the system's. */
export function themeOf(state) {
  return state.theme === 'dark' || (state.theme === 'auto' && darkQuery?.matches) ? 'dark' : 'light';
}

/** Calls `fn` when the system's colour scheme changes. */
export function onSystemTheme(fn) {
  darkQuery?.addEventListener('change', fn);
}

export function renderChrome(state) {
  // The page's texts are set again only when the language changes: the root keeps the one they are in.
  const root = document.documentElement;
  if (root.dataset.textLang !== state.lang) {
    root.dataset.textLang = state.lang;
    root.lang = langTag(state.lang);
    for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = tr(state, node.dataset.i18n);
    for (const node of document.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', tr(state, node.dataset.i18nLabel));
    document.title = tr(state, 'pageTitle');
    $('import-help').textContent = tr(state, 'importHelp', { cap: formatSize(RECORD_CAP, state.lang) });
    // The language menu names each language in that language (its option marked with its `lang`).
    for (const o of $('lang').options) {
      o.textContent = t(o.value, 'langName');
      o.lang = langTag(o.value);
    }
    if ($('lang').value !== state.lang) $('lang').value = state.lang;
  }
  const theme = themeOf(state);
  document.documentElement.dataset.theme = theme;
  $('theme').textContent = tr(state, state.theme === 'dark' ? 'themeDark' : state.theme === 'light' ? 'themeLight' : 'themeAuto');
  const notation = notationOf(state);
  if ($('notation').value !== notation) $('notation').value = notation;
  const pieces = pieceSetOf(state);
  if ($('pieces').value !== pieces) $('pieces').value = pieces;
  renderMessage(state);
}

function renderMessage(state) {
  const box = $('message');
  const m = state.message;
  // "Ready to play offline" is said in the title bar's free space, not over the page: it covers nothing.
  // (what fits there, "✓ Offline", is shown; the whole sentence is what a screen reader hears, and the tooltip)
  const offline = m?.key === 'offline' ? tr(state, 'offline') : '';
  if ($('offline-text').textContent !== offline) {
    $('offline-text').textContent = offline;
    $('offline-short').textContent = offline && tr(state, 'offlineShort');
    $('offline-note').title = offline;
  }
  box.hidden = !m || Boolean(offline);
  if (box.hidden) return;
  const text = tr(state, m.key, m.vars);
  if ($('message-text').textContent !== text) $('message-text').textContent = text;
  box.dataset.key = m.key;
}

/** The app could not start: a message instead of a dead board. */
export function renderFatal(text) {
  $('fatal').textContent = text;
  $('fatal').hidden = false;
  $('status').textContent = '';
  document.querySelector('.layout').hidden = true;
  document.body.dataset.ready = 'error';
}
