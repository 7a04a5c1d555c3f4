// The one base of the package's record elements (<xiangqi-lesson>, <xiangqi-puzzle>, and any added later): what
// every element that shows a record on a board does the same way, written once.
//
//   lifecycle     a shadow root with the frame (an error box, the body: the board, the side the element fills),
//                 a MutationObserver for a <script type="application/x-chess-pgn"> child parsed or changed later,
//                 connected / disconnected / attribute changes, a reconnected element left where it was;
//   `ready`       a promise that resolves with the element once its record (or its error) is shown;
//   loading       the record from the `pgn` attribute, the child script or `src` (fetched with the size cap),
//                 records over MAX_RECORD_BYTES refused, an earlier load aborted when the source changes;
//   errors        shown as text (code and message) in the error box, fired as `error`, kept as `error`;
//   attributes    `theme` (light, dark, auto), `lang` (the element's or the nearest ancestor's), `notation`,
//                 `orientation` and `piece-set` passed to the inner board;
//   styles        constructable stylesheets adopted by the shadow root (the shared ones here, the element's own):
//                 no <style> element and no style attribute, so the elements work under a strict CSP.
//
// An element extends `RecordElement` and implements the hooks named by the symbols of `hooks` (symbol-keyed, so
// that they are not part of the element's public API). Record text reaches the page only as text (record-text.js).
import { ready as boardReady, langOf } from './board.js';
import { withPageEntry } from './wasm-build.js';
import { h, recordText, fetchRecord, utf8Length } from './record-text.js';
import { LANG_NOTATION } from './record-tree.js';

/** The largest record an element reads (UTF-8 bytes): 2 MiB. Above it the element shows a message and fires `error`. */
export const MAX_RECORD_BYTES = 2 * 1024 * 1024;
/** The move notations an element writes moves in (the default follows the language: record-tree.js LANG_NOTATION). */
export const NOTATIONS = ['chinese', 'wxf', 'iccs', 'vietnamese'];

const PIECE_SETS = ['traditional', 'simplified', 'letters', 'vietnamese'];
const PGN_SCRIPT = 'script[type="application/x-chess-pgn"]';

const SVG = 'http://www.w3.org/2000/svg';
/** The step buttons' icons (16 × 16 paths): no icon font needed. */
const STEP_ICONS = { first: 'M3 3h2v10H3zM13 3 6 8l7 5z', previous: 'M11.5 3 4.5 8l7 5z', next: 'M4.5 3l7 5-7 5z',
  last: 'M11 3h2v10h-2zM3 3l7 5-7 5z' };

/**
 * A step button (`first`, `previous`, `next`, `last`) with its icon, its `data-action` the step: the elements'
 * one set of step buttons. The label is the element's to give (`aria-label`, `title`).
 */
export function stepButton(step) {
  const b = h('button', step);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', STEP_ICONS[step]);
  svg.append(path);
  b.append(svg);
  b.type = 'button';
  b.dataset.action = step;
  return b;
}

/** The steps `stepButton` draws, in the order a toolbar shows them. */
export const STEPS = Object.keys(STEP_ICONS);

/** An element's error: an Error named XiangqiError with a stable `code` (and details). */
export function elementError(code, message, details = {}) {
  return Object.assign(new Error(message), { name: 'XiangqiError', code }, details);
}

function mb(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The text every element shows while it loads and for the errors of loading, by language. */
const BASE_LABELS = {
  en: {
    loading: 'Loading…',
    tooLarge: (size) => `This record is too large to show (${size}; the limit is ${mb(MAX_RECORD_BYTES)}).`,
    fetch: (what) => `The record could not be loaded (${what}).`,
    // why an element cannot show what it was given, by the error code's family (other languages say it in their
    // words beside the code; English shows the package's own message, which says exactly what)
    why: { ERR_FEN: 'The position (FEN) is not valid.', ERR_RECORD: 'The record cannot be read.',
      ERR_MOVE: 'A move cannot be played in its position.', ERR_NO_MATE: 'No mate was found in this position.',
      ERR_OPTIONS: 'An attribute has a value the element does not take.',
      ERR_ARGUMENT: 'An attribute has a value the element does not take.' },
  },
  zh: {
    loading: '正在加载…',
    tooLarge: (size) => `棋谱太大，无法显示（${size}；上限 ${mb(MAX_RECORD_BYTES)}）。`,
    fetch: (what) => `无法加载棋谱（${what}）。`,
    why: { ERR_FEN: '局面（FEN）无效。', ERR_RECORD: '无法读取棋谱。', ERR_MOVE: '有一着在其局面中无法走出。',
      ERR_NO_MATE: '这个局面中找不到杀法。', ERR_OPTIONS: '有一个属性的值无效。', ERR_ARGUMENT: '有一个属性的值无效。' },
  },
  'zh-Hant': {
    loading: '正在載入…',
    tooLarge: (size) => `棋譜太大，無法顯示（${size}；上限 ${mb(MAX_RECORD_BYTES)}）。`,
    fetch: (what) => `無法載入棋譜（${what}）。`,
    why: { ERR_FEN: '局面（FEN）無效。', ERR_RECORD: '無法讀取棋譜。', ERR_MOVE: '有一著在其局面中無法走出。',
      ERR_NO_MATE: '這個局面中找不到殺法。', ERR_OPTIONS: '有一個屬性的值無效。', ERR_ARGUMENT: '有一個屬性的值無效。' },
  },
  vi: {
    loading: 'Đang tải…',
    tooLarge: (size) => `Biên bản quá lớn, không hiện được (${size}; tối đa ${mb(MAX_RECORD_BYTES)}).`,
    fetch: (what) => `Không tải được biên bản (${what}).`,
    why: { ERR_FEN: 'Thế cờ (FEN) không hợp lệ.', ERR_RECORD: 'Không đọc được biên bản.',
      ERR_MOVE: 'Có một nước không đi được trong thế cờ của nó.', ERR_NO_MATE: 'Không tìm thấy thế chiếu bí trong thế cờ này.',
      ERR_OPTIONS: 'Một thuộc tính có giá trị không hợp lệ.', ERR_ARGUMENT: 'Một thuộc tính có giá trị không hợp lệ.' },
  },
};

/**
 * The frame every element shares: the board, and its side (beside the board in an element 620 px wide or wider, under
 * it otherwise). A page styles it through
 *   --xiangqi-board-size   the board's width (a CSS length, inherited: set it on the element or an ancestor); the
 *                          default is 3/5 of the element beside the side, at most 560 px. Beside the side, the board's
 *                          column is that wide and the side has the rest.
 *   ::part(body)           the grid of the board and the side: e.g. `grid-template-columns: minmax(0, 1fr)` keeps the
 *                          side under the board at any width (a page's rule wins over the element's own).
 *   ::part(<element's>)    the frame (`lesson`, `puzzle`, `editor`): its padding, border, background.
 */
const BASE_CSS = `
:host { display: block; max-width: 100%; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC",
  "WenQuanYi Zen Hei", sans-serif; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.xq { container-type: inline-size; padding: 12px; border-radius: 10px; border: 1px solid #dccfb4;
  background: #fbf6ec; color: #2b2118; min-width: 0; }
.xq.dark { border-color: #3b3f46; background: #1e2024; color: #e9e6e1; color-scheme: dark; }
.text { overflow-wrap: anywhere; word-break: normal; unicode-bidi: isolate; white-space: pre-wrap; }
.body { display: grid; gap: 12px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@container (min-width: 620px) {
  .body { grid-template-columns: minmax(0, var(--xiangqi-board-size, 3fr)) minmax(0, 2fr); }
}
.board { min-width: 0; max-width: var(--xiangqi-board-size, 560px); width: 100%; justify-self: center; }
.side { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
button:focus-visible { outline: 3px solid #2f6fd6; outline-offset: 1px; }
.error { margin: 0 0 8px; padding: 8px 10px; border-radius: 8px; border: 1px solid #d2453a; background: #fdecea;
  color: #8a1c14; }
.dark .error { background: #3a1f1d; color: #ffb4aa; }
.error .detail { display: block; margin-top: 4px; }
.sr { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
`;

/** The stylesheets, made once per page: the shared one, and each element class's own (its `static css`). */
const sheets = new Map();
function styleSheet(css) {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * What an element implements and what the base gives it, keyed by symbols:
 *
 *   implemented by the element
 *   load(record, { signal, isCurrent, size })   shows `record` (text or bytes, or `null` when the element has no
 *                        record source: it reads its other attributes; `size` in UTF-8 bytes); throws to show an
 *                        error; `isCurrent()` is false once a newer load started
 *   loading()            optional: the element shows that it is loading (it is shown `text.loading` otherwise)
 *   reconnected()        optional: connected again with the same source; returns true when what it showed stands
 *   failed()             optional: the element drops what it showed (an error is shown instead)
 *   language()           optional: `lang` changed (the base has relabelled nothing of the element's own)
 *   notation()           optional: `notation` changed
 *   boardOptions()       optional: `orientation` or `piece-set` changed (call `setBoardOptions`)
 *
 *   given by the base
 *   frame                `{ root, wrap, error, body, side, board }`: the shadow root and the frame's elements
 *   text                 the labels in the element's language (the base's merged with `static labels`)
 *   lang                 "en", "zh", "zh-Hant" or "vi"
 *   notation             one of NOTATIONS
 *   resolveReady()       resolves `ready` (once the record is shown)
 *   fail(error)          shows `error`, fires `error`, resolves `ready`
 *   schedule()           loads again (at the next microtask, once however often it is asked)
 *   setBoardOptions(o)   the board's orientation (`o` unless the attribute says red or black) and piece set
 */
export const hooks = {
  load: Symbol('load'), loading: Symbol('loading'), reconnected: Symbol('reconnected'), failed: Symbol('failed'),
  language: Symbol('language'), notation: Symbol('notation'), boardOptions: Symbol('boardOptions'),
  frame: Symbol('frame'), text: Symbol('text'), lang: Symbol('lang'), notationInForce: Symbol('notationInForce'),
  resolveReady: Symbol('resolveReady'), fail: Symbol('fail'), schedule: Symbol('schedule'),
  setBoardOptions: Symbol('setBoardOptions'),
};

/** Each element class's labels merged with the base's, by language (made at first use). */
const texts = new WeakMap();

/** The attributes every record element observes besides its record's. */
const COMMON_ATTRIBUTES = ['notation', 'lang', 'theme', 'orientation', 'piece-set'];

/**
 * The base class. An element class sets `static tagName`, `static part` (the wrapper's `part`), `static css`,
 * `static labels` ({ en, zh }) and `static recordAttributes` (those whose change reloads the record, besides `pgn`
 * and `src`), and `static get observedAttributes() { return this.observe(); }` is inherited.
 */
export class RecordElement extends (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) { // a server: no DOM
  static recordAttributes = [];
  static css = '';
  static labels = { en: {}, zh: {} };

  static get observedAttributes() {
    return ['pgn', 'src', ...this.recordAttributes, ...COMMON_ATTRIBUTES];
  }

  #ready;
  #resolveReady;
  #error = null;
  #frame;
  #loadToken = 0;
  #abort = null;
  #scheduled = false;
  #observer = null;
  #darkQuery = null;
  #loadedFrom = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet(BASE_CSS), styleSheet(this.constructor.css)];
    this.#ready = new Promise((resolve) => { this.#resolveReady = resolve; });
    const wrap = h('div', 'xq');
    wrap.setAttribute('part', this.constructor.part);
    const error = h('div', 'error');
    error.setAttribute('role', 'alert');
    error.hidden = true;
    const body = h('div', 'body');
    body.setAttribute('part', 'body');
    const boardBox = h('div', 'board');
    const board = document.createElement('xiangqi-board');
    board.setAttribute('movable', 'none');
    boardBox.append(board);
    const side = h('div', 'side');
    body.append(boardBox, side);
    wrap.append(error, body);
    root.append(wrap);
    this.#frame = Object.freeze({ root, wrap, error, body, side, board });
  }

  /** Resolves with the element once its record (or position) is shown, or an error message is. */
  get ready() {
    return withPageEntry(this.#ready, boardReady);
  }

  /** The inner `<xiangqi-board>`. */
  get board() {
    return this.#frame.board;
  }

  /** The error shown (a XiangqiError), or `null`. */
  get error() {
    return this.#error;
  }

  // --- lifecycle ---------------------------------------------------------------------------------------------

  connectedCallback() {
    // A <script type="application/x-chess-pgn"> child may be parsed after the element connects, or change later.
    this.#observer ??= new MutationObserver(() => {
      if (!this.hasAttribute('pgn')) this[hooks.schedule]();
    });
    this.#observer.observe(this, { childList: true, characterData: true, subtree: true });
    this.#applyTheme();
    // Moved in the document (disconnected, then connected again) with the same record: it stays where it was.
    if (this.#loadedFrom === this.#sourceKey() && this[hooks.reconnected]?.()) return;
    this[hooks.schedule]();
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
    this.#abort?.abort();
    this.#darkQuery?.removeEventListener('change', this.#onScheme);
    this.#darkQuery = null;
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    try {
      if (name === 'pgn' || name === 'src' || this.constructor.recordAttributes.includes(name)) {
        if (this.isConnected) this[hooks.schedule]();
      } else if (name === 'theme') {
        this.#applyTheme();
      } else if (name === 'lang') {
        this.#frame.board.setAttribute('lang', this[hooks.lang]);
        this[hooks.language]?.();
        this[hooks.boardOptions]?.(); // the pieces follow the language too
      } else if (name === 'notation') {
        this[hooks.notation]?.();
      } else if (name === 'orientation' || name === 'piece-set') {
        this[hooks.boardOptions]?.();
      }
    } catch (e) {
      this[hooks.fail](e);
    }
  }

  // --- given to the element ----------------------------------------------------------------------------------

  get [hooks.frame]() {
    return this.#frame;
  }

  get [hooks.lang]() {
    return langOf(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? 'en');
  }

  get [hooks.text]() {
    const lang = this[hooks.lang];
    let byLang = texts.get(this.constructor);
    if (!byLang) texts.set(this.constructor, byLang = {});
    return (byLang[lang] ??= { ...BASE_LABELS[lang], ...this.constructor.labels[lang] });
  }

  get [hooks.notationInForce]() {
    const n = this.getAttribute('notation');
    return NOTATIONS.includes(n) ? n : LANG_NOTATION[this[hooks.lang]];
  }

  [hooks.resolveReady]() {
    this.#resolveReady(this);
  }

  [hooks.schedule]() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) this.#load();
    });
  }

  [hooks.setBoardOptions](orientation) {
    const board = this.#frame.board;
    const o = this.getAttribute('orientation');
    board.setAttribute('orientation', o === 'red' || o === 'black' ? o : orientation);
    const p = this.getAttribute('piece-set');
    // Unless the page chooses: Chinese characters, Vietnamese letters (Tg S T M X P B) in Tiếng Việt.
    board.setAttribute('piece-set', PIECE_SETS.includes(p) ? p : this[hooks.lang] === 'vi' ? 'vietnamese' : 'traditional');
  }

  /**
   * Why `error` happened, as the reader's language says it: the package's own message in English; else the words for
   * its code's family (ERR_FEN_BOARD → ERR_FEN), or the message when the family has none.
   */
  #why(error) {
    if (this[hooks.lang] === 'en') return error.message;
    const code = String(error.code);
    const family = code === 'ERR_ILLEGAL_MOVE' ? 'ERR_MOVE' : code.split('_').slice(0, 2).join('_');
    return BASE_LABELS[this[hooks.lang]].why[code] ?? BASE_LABELS[this[hooks.lang]].why[family] ?? error.message;
  }

  /** Shows `e` instead of the record, keeps it as `error`, fires `error` and resolves `ready`. */
  [hooks.fail](e) {
    const error = e instanceof Error ? e : elementError('ERR_ARGUMENT', String(e));
    if (!error.code) error.code = 'ERR_ARGUMENT';
    if (error.name !== 'XiangqiError') error.name = 'XiangqiError';
    this.#error = error;
    this.#loadedFrom = null;
    this[hooks.failed]?.();
    const t = this[hooks.text];
    const { wrap, error: box } = this.#frame;
    if (error.code === 'ERR_RECORD_TOO_LARGE') box.replaceChildren(h('strong', null, t.tooLarge(mb(error.size ?? 0))));
    else if (error.code === 'ERR_RECORD_FETCH') box.replaceChildren(h('strong', null, t.fetch(error.message)));
    else box.replaceChildren(h('strong', null, t.error), recordText('span', 'detail', `${error.code}: ${this.#why(error)}`, 2000));
    for (const child of wrap.children) child.hidden = child !== box;
    this.#resolveReady(this);
    this.dispatchEvent(new CustomEvent('error', { detail: { code: error.code, message: error.message, error } }));
  }

  // --- loading -----------------------------------------------------------------------------------------------

  /** What the record is read from, to tell whether a reconnected element needs to read it again. */
  #sourceKey() {
    return [...['pgn', 'src', ...this.constructor.recordAttributes].map((a) => this.getAttribute(a)),
      this.querySelector(PGN_SCRIPT)?.textContent].join('\u0000');
  }

  async #load() {
    const token = ++this.#loadToken;
    const key = this.#sourceKey();
    this.#abort?.abort();
    this.#abort = new AbortController();
    const signal = this.#abort.signal;
    const isCurrent = () => token === this.#loadToken;
    try {
      if (this[hooks.loading]) this[hooks.loading]();
      await boardReady();
      const record = await this.#record(signal);
      if (!isCurrent()) return;
      const size = record == null ? 0 : typeof record === 'string' ? utf8Length(record, MAX_RECORD_BYTES) : record.length;
      if (size > MAX_RECORD_BYTES) throw this.#tooLarge(size);
      this.#error = null;
      this.#frame.error.hidden = true;
      this.#frame.body.hidden = false;
      await this[hooks.load](record, { signal, isCurrent, size });
      if (isCurrent() && !this.#error) this.#loadedFrom = key;
    } catch (e) {
      if (e?.name === 'AbortError' || !isCurrent()) return;
      this[hooks.fail](e);
    }
  }

  /** The record's text or bytes: the `pgn` attribute, else the child script, else `src` fetched; else `null`. */
  #record(signal) {
    if (this.hasAttribute('pgn')) return this.getAttribute('pgn');
    const script = this.querySelector(PGN_SCRIPT);
    if (script) return script.textContent;
    if (!this.hasAttribute('src')) return null;
    return fetchRecord(this.getAttribute('src'), signal, MAX_RECORD_BYTES, {
      fetch: (message) => elementError('ERR_RECORD_FETCH', message),
      tooLarge: (size, atLeast) => this.#tooLarge(size, atLeast),
    });
  }

  #tooLarge(size, atLeast = false) {
    return elementError('ERR_RECORD_TOO_LARGE',
      `the record is ${atLeast ? 'more than ' : ''}${size} bytes; <${this.localName}> reads records up to ${MAX_RECORD_BYTES} bytes`,
      { size });
  }

  // --- theme -------------------------------------------------------------------------------------------------

  #applyTheme() {
    const theme = this.getAttribute('theme');
    if (theme === 'auto' && !this.#darkQuery && typeof matchMedia === 'function') {
      this.#darkQuery = matchMedia('(prefers-color-scheme: dark)');
      this.#darkQuery.addEventListener('change', this.#onScheme);
    } else if (theme !== 'auto' && this.#darkQuery) {
      this.#darkQuery.removeEventListener('change', this.#onScheme);
      this.#darkQuery = null;
    }
    const dark = theme === 'dark' || (theme === 'auto' && this.#darkQuery?.matches);
    this.#frame.wrap.classList.toggle('dark', Boolean(dark));
    this.#frame.board.setAttribute('theme', dark ? 'dark' : 'light');
  }

  #onScheme = () => this.#applyTheme();
}
