// The import dialog: paste a FEN or a record, choose a file, or drop one anywhere on the page. The record worker
// reads it (records.js); a file of one game is loaded at once (`store.loadGame`), a file of several is listed to
// choose one (find a player or an event; at most LIST_MAX listed at a time). Its own small state — the games
// listed, the call under way — lives here, with the dialog; record text reaches the page only as text.
//
// The find field matches across forms of the same text: full-width letters and digits as ASCII (NFKC), any case,
// and traditional characters as simplified (胡榮華 finds 胡荣华 and back), by opencc-js's converter — loaded the
// first time a search has a Chinese character, never with the app.
import { formatSize } from '../i18n.js';
import { RECORD_CAP, callRecordWorker, recordErrorText } from '../records.js';
import { clip, tr } from '../text.js';
import { openingName } from '../openings.js';

const $ = (id) => document.getElementById(id);
/** The most games the list shows at once (a long `<select>` costs the page seconds to lay out). */
const LIST_MAX = 500;

export function createImportDialog(store) {
  const state = store.state;
  const dialog = $('import-dialog');
  let listed = [];
  /** The reading under way (closing the dialog aborts it). */
  let reading = null;
  /** Traditional → simplified, once loaded (`undefined`: not asked for yet; `null`: loading or failed). */
  let toSimplified;
  /** Each listed game's line folded for the find field (plain, and with the characters simplified). */
  let folded = new Map();
  let foldedZh = new Map();

  const error = (text) => { $('import-error').textContent = text; };

  function open() {
    error('');
    showList(null);
    if (!dialog.open) dialog.showModal();
  }

  /** Reads `source` (a File or pasted text). */
  async function read(source) {
    error('');
    showList(null);
    const size = source instanceof Blob ? source.size : new Blob([source]).size;
    if (size === 0 || (typeof source === 'string' && !source.trim())) return error(tr(state, 'importEmpty'));
    if (size > RECORD_CAP) {
      return error(tr(state, 'importTooLarge', { size: formatSize(size, state.lang), cap: formatSize(RECORD_CAP, state.lang) }));
    }
    $('import-go').disabled = true;
    error(tr(state, 'importReading'));
    reading = new AbortController();
    try {
      const input = source instanceof Blob ? await source.arrayBuffer() : source;
      // The games arrive in batches with the progress: no single message holds them all.
      const games = [];
      const file = await callRecordWorker('open', { input }, {
        transfer: input instanceof ArrayBuffer ? [input] : [],
        signal: reading.signal,
        onProgress: (p) => {
          for (const g of p.games) games.push(g);
          error(tr(state, 'importListing', { n: p.listed }));
        },
      });
      if (file.count === 1) return await openGame(0);
      if (!file.count) return error(tr(state, 'importEmpty'));
      error('');
      showList(games);
    } catch (e) {
      if (e?.code !== 'ERR_CANCELLED') showError(e);
    } finally {
      reading = null;
      $('import-go').disabled = false;
    }
  }

  /** Loads game `index` of the file the record worker read last. */
  async function openGame(index) {
    try {
      const data = await callRecordWorker('game', { index });
      store.loadGame(data);
      dialog.close();
    } catch (e) {
      showError(e);
    }
  }

  function showError(e) {
    const at = e.line ? tr(state, 'importAt', { line: e.line, column: e.column ?? 1 }) : '';
    error(tr(state, 'importFailed', { message: recordErrorText(state.lang, e) }) + at);
  }

  /** The games of a file to choose from (`null` hides the list). */
  function showList(games) {
    $('import-list').hidden = !games;
    $('import-open').hidden = !games;
    listed = games ?? [];
    folded = new Map();
    foldedZh = new Map();
    $('import-find').value = '';
    renderList();
  }

  /** A game of the list as one line: number, players, event, date, opening, result or why it cannot be read, moves. */
  function gameLine(g) {
    const h = g.headers;
    const players = [h.Red || h.White, h.Black].filter(Boolean).join(' – ');
    const opening = g.opening ? tr(state, 'openingLine', { code: g.opening.code, name: openingName(state.lang, g.opening) }) : '';
    const parts = [players, h.Event || h.Title, h.Date, opening, g.error ? tr(state, 'importUnreadable') : g.result,
      g.error ? '' : tr(state, 'importPlies', { n: g.plies })].filter((x) => x && x !== '*' && x !== '?');
    return clip(state, `${g.index + 1}. ${parts.join(' · ')}`, 200);
  }

  /** Text as the find field compares it: NFKC (full-width as ASCII), lower case; simplified when `zh`. */
  function fold(text, zh) {
    const plain = text.normalize('NFKC').toLowerCase();
    return zh && toSimplified ? toSimplified(plain) : plain;
  }

  /** Loads the traditional → simplified converter (a chunk of its own), then lists again. */
  function loadConverter() {
    toSimplified = null;
    import('opencc-js/t2cn').then(({ Converter }) => {
      toSimplified = Converter({ from: 't', to: 'cn' });
      if (!$('import-list').hidden) renderList();
    }).catch(() => { toSimplified = null; }); // (offline and not cached: the search stays exact)
  }

  /** The list's options: the games whose line holds the text of the find field, at most LIST_MAX of them. */
  function renderList() {
    const raw = $('import-find').value.trim();
    const zh = /\p{Script=Han}/u.test(raw);
    if (zh && toSimplified === undefined) loadConverter();
    const find = fold(raw, zh);
    const cache = zh && toSimplified ? foldedZh : folded;
    const matches = [];
    for (const g of listed) {
      const line = gameLine(g);
      let key = cache.get(g.index);
      if (key === undefined && find) cache.set(g.index, key = fold(line, zh));
      if (!find || key.includes(find)) matches.push([g, line]);
      if (matches.length > LIST_MAX) break;
    }
    const options = matches.slice(0, LIST_MAX).map(([g, line]) => {
      const o = document.createElement('option');
      o.value = String(g.index);
      o.textContent = line;
      o.disabled = Boolean(g.error);
      return o;
    });
    $('import-games').replaceChildren(...options);
    const first = options.find((o) => !o.disabled);
    if (first) first.selected = true;
    $('import-open').disabled = !first;
    $('import-count').textContent = matches.length > LIST_MAX
      ? tr(state, 'importGamesSome', { n: listed.length, shown: LIST_MAX }) : tr(state, 'importGames', { n: listed.length });
    const none = listed.length > 0 && matches.length === 0 ? tr(state, 'importNoMatch', { find: clip(state, raw, 80) }) : '';
    if ($('import-none').textContent !== none) $('import-none').textContent = none;
  }

  function bind() {
    $('import').addEventListener('click', open);
    dialog.addEventListener('close', () => reading?.abort());
    $('import-open').addEventListener('click', () => {
      const index = Number($('import-games').value);
      if (Number.isInteger(index)) openGame(index);
    });
    $('import-games').addEventListener('dblclick', () => $('import-open').click());
    $('import-find').addEventListener('input', renderList);
    $('import-go').addEventListener('click', () => read($('import-file').files?.[0] ?? $('import-text').value));
    $('import-file').addEventListener('change', () => {
      const file = $('import-file').files?.[0];
      if (file) read(file);
    });
    const root = document.documentElement;
    root.addEventListener('dragover', (e) => {
      if ([...(e.dataTransfer?.types ?? [])].includes('Files')) {
        e.preventDefault();
        $('import-drop').classList.add('over');
      }
    });
    root.addEventListener('dragleave', () => $('import-drop').classList.remove('over'));
    root.addEventListener('drop', (e) => {
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      $('import-drop').classList.remove('over');
      if (!dialog.open) {
        for (const d of document.querySelectorAll('dialog[open]')) d.close();
        open();
      }
      read(file);
    });
  }

  return { bind, open };
}
