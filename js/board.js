// `xiangqi-wasm/board`: the canvas board as a function (`createBoard(element, config)`) and as a custom element
// (`<xiangqi-board>`). This file is the thin DOM layer: pointer, keyboard and focus events, the accessibility
// tree, sizing. The board's state, hit testing and painting live in the wasm `BoardView` (crates/view and
// src/board.rs), which knows no rules: legality comes from the host's `dests` (or, for
// `<xiangqi-board interactive>`, from its own `Game`, wired exactly as any host would).
//
//   import { createBoard } from "xiangqi-wasm/board";
//   import { Game } from "xiangqi-wasm";
//   const game = new Game();
//   const board = await createBoard(document.getElementById("board"), {
//     fen: game.fen(), movable: game.turn(), dests: game.dests(),
//     onMove(move) {
//       game.play(move);
//       board.set({ fen: game.fen(), movable: game.turn(), dests: game.dests(), check: game.isCheck(), lastMove: move });
//     },
//   });

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const F = { PIECES: 1, OVERLAY: 2, BACKGROUND: 4, ANIMATE: 8, MOVED: 16, CURSOR: 32, SELECT: 64, SHAPES: 128 };
const KEYS = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down', Enter: 'activate', ' ': 'activate',
  Spacebar: 'activate', Escape: 'escape' };
const CONFIG_KEYS = new Set(['fen', 'orientation', 'dests', 'lastMove', 'check', 'movable', 'pieceSet', 'coordinates',
  'theme', 'lang', 'shapes', 'animation', 'onMove', 'label']);

const NAMES = {
  en: { K: 'general', A: 'advisor', B: 'elephant', N: 'horse', R: 'chariot', C: 'cannon', P: 'soldier' },
  zh: { K: ['帅', '将'], A: ['仕', '士'], B: ['相', '象'], N: ['马', '马'], R: ['车', '车'], C: ['炮', '炮'], P: ['兵', '卒'] },
  'zh-Hant': { K: ['帥', '將'], A: ['仕', '士'], B: ['相', '象'], N: ['傌', '馬'], R: ['俥', '車'], C: ['炮', '砲'], P: ['兵', '卒'] },
  vi: { K: 'tướng', A: 'sĩ', B: 'tượng', N: 'mã', R: 'xe', C: 'pháo', P: 'tốt' },
};
const PLURAL = { general: 'generals', advisor: 'advisors', elephant: 'elephants', horse: 'horses', chariot: 'chariots',
  cannon: 'cannons', soldier: 'soldiers' };
/** The board's languages (the elements' own): English, 简体中文, 繁體中文, Tiếng Việt. */
const LANGS = ['en', 'zh', 'zh-Hant', 'vi'];

/**
 * The board's and the elements' language for a `lang` attribute (a BCP 47 tag): `zh-Hant` for zh-Hant, zh-TW,
 * zh-HK and zh-MO, `zh` for other Chinese, `vi` for Vietnamese, else English.
 */
export function langOf(tag) {
  const l = String(tag ?? '').toLowerCase();
  if (/^zh\b/.test(l)) return /^zh-(hant|tw|hk|mo)\b/.test(l) ? 'zh-Hant' : 'zh';
  if (/^vi\b/.test(l)) return 'vi';
  return 'en';
}


/**
 * What the board says to screen readers, by language: its name, a piece, a point, a selection, a move (in the
 * language's notation: the arguments `Game.toNotation` is given) and the position in words.
 */
const SPEECH = {
  en: {
    board: 'Xiangqi board', empty: 'empty', dest: ', a legal destination', check: ', check',
    piece: (color, k) => `${color} ${NAMES.en[k]}`,
    selected: (name, sq) => `${name} ${sq} selected`,
    move: (name, from, to, captured, text) => `${name} ${from} to ${to}${captured ? `, takes ${captured}` : ''}${text ? ` (${text})` : ''}`,
    notation: ['wxf'],
    position: (turn, red, black) => `${turn === 'red' ? 'Red' : 'Black'} to move. Red: ${red || 'no pieces'}. Black: ${black || 'no pieces'}.`,
    group: (name, sqs) => `${sqs.length > 1 ? PLURAL[name] : name} ${sqs.length > 1 ? `${sqs.slice(0, -1).join(', ')} and ${sqs.at(-1)}` : sqs[0]}`,
    groups: '; ',
  },
  zh: {
    board: '象棋棋盘', empty: '空', dest: '，可走', check: '，将军',
    piece: (color, k) => (color === 'red' ? '红' : '黑') + NAMES.zh[k][color === 'red' ? 0 : 1],
    selected: (name, sq) => `选中${name} ${sq}`,
    move: (name, from, to, captured, text) => `${text || `${name} ${from}到${to}`}${captured ? `，吃${captured.slice(1)}` : ''}`,
    notation: ['chinese'],
    position: (turn, red, black) => `${turn === 'red' ? '红方' : '黑方'}走棋。红方：${red || '无子'}。黑方：${black || '无子'}。`,
    group: (name, sqs) => `${name}${sqs.join('、')}`,
    groups: '，',
    names: NAMES.zh,
  },
  'zh-Hant': {
    board: '象棋棋盤', empty: '空', dest: '，可走', check: '，將軍',
    piece: (color, k) => (color === 'red' ? '紅' : '黑') + NAMES['zh-Hant'][k][color === 'red' ? 0 : 1],
    selected: (name, sq) => `選中${name} ${sq}`,
    move: (name, from, to, captured, text) => `${text || `${name} ${from}到${to}`}${captured ? `，吃${captured.slice(1)}` : ''}`,
    notation: ['chinese', { script: 'traditional' }],
    position: (turn, red, black) => `${turn === 'red' ? '紅方' : '黑方'}走棋。紅方：${red || '無子'}。黑方：${black || '無子'}。`,
    group: (name, sqs) => `${name}${sqs.join('、')}`,
    groups: '，',
    names: NAMES['zh-Hant'],
  },
  vi: {
    board: 'Bàn cờ tướng', empty: 'trống', dest: ', có thể đi tới', check: ', chiếu tướng',
    piece: (color, k) => `${NAMES.vi[k]} ${color === 'red' ? 'đỏ' : 'đen'}`,
    selected: (name, sq) => `Đã chọn ${name} ${sq}`,
    move: (name, from, to, captured, text) => `${name} ${from} đến ${to}${captured ? `, ăn ${captured}` : ''}${text ? ` (${text})` : ''}`,
    notation: ['vietnamese'],
    position: (turn, red, black) => `Lượt đi: bên ${turn === 'red' ? 'đỏ' : 'đen'}. Bên đỏ: ${red || 'không còn quân'}. Bên đen: ${black || 'không còn quân'}.`,
    group: (name, sqs) => `${name} ${sqs.length > 1 ? `${sqs.slice(0, -1).join(', ')} và ${sqs.at(-1)}` : sqs[0]}`,
    groups: '; ',
  },
};

// The bindings are imported dynamically, not statically, and this module imports nothing: a static import would hold
// it back until the bindings and the two modules they import had arrived, and only then would the board ask for the
// .wasm — three downloads in a row, then the compilation. Instead, as soon as this module runs in a page, it starts
// downloading and compiling the .wasm (streamed: compiled as it arrives) and importing the bindings, at the same time
// (`warm`). The compilation is left where the entry's `init()` looks for it when called without an argument
// (guard.js, `withEarlyModule`), so a page that calls `init()` itself, before or after, downloads the .wasm once;
// `init(source)` with a source of its own still decides.
//
// Which .wasm: the package has two browser builds, and a page downloads one (docs/board.md, "Which wasm a page
// downloads"): the full build (`xiangqi_wasm_bg.wasm`, the module of `xiangqi-wasm`) when the page uses
// `xiangqi-wasm` itself — its entry module has run (it leaves its exports at `globalThis[FULL_MARK]`; the puzzle
// imports it for its prover) or the page has already asked for that .wasm (the registry of `withEarlyModule`) — else
// the light build (`xiangqi_view_bg.wasm`: no search, built for size). The choice is made once, in a microtask after
// this module has run, so that every module the page imports statically (bundled or not) has run by then, whatever
// their order. It and the loaded build's exports are kept in BUILD_STATE, a global (not this module's variables, so
// that this module needs no import to share them): wasm-build.js reads them for the record elements.

/** `globalThis[FULL_MARK]`: the exports of `xiangqi-wasm`'s entry once that module has run (pkg-postprocess.mjs). */
const FULL_MARK = Symbol.for('xiangqi-wasm.full');
/** `{ chosen: "full" | "view" | null, active: the loaded build's exports | null }`, read by wasm-build.js. */
const BUILD_STATE = (globalThis[Symbol.for('xiangqi-wasm.build')] ??= { chosen: null, active: null });
// Each build: its entry and the two modules it imports (asked for at the same time: one round trip, not two) and its
// .wasm (`new URL(..., import.meta.url)`, the form bundlers recognise and copy).
const BUILDS = {
  full: {
    modules: () => Promise.all([import('./xiangqi_wasm.js'), import('./xiangqi_wasm_bindgen.js'), import('./guard.js')]),
    wasm: () => new URL('./xiangqi_wasm_bg.wasm', import.meta.url),
  },
  view: {
    modules: () => Promise.all([import('./xiangqi_view.js'), import('./xiangqi_view_bindgen.js'), import('./guard.js')]),
    wasm: () => new URL('./xiangqi_view_bg.wasm', import.meta.url),
  },
};

/** The build this page runs on, decided at the first call (from a microtask or later: `whenChosen`). */
function chosenBuild() {
  if (BUILD_STATE.chosen) return BUILD_STATE.chosen;
  let full = typeof globalThis[FULL_MARK] === 'object' && globalThis[FULL_MARK] !== null;
  if (!full) {
    try {
      full = globalThis[Symbol.for('xiangqi-wasm.compiling')]?.has(BUILDS.full.wasm().href) === true;
    } catch {
      // (a URL that cannot be built: nothing was compiled early either way)
    }
  }
  BUILD_STATE.chosen = full ? 'full' : 'view';
  return BUILD_STATE.chosen;
}

/** The chosen build, once the modules being evaluated with this one have run. */
const whenChosen = () => Promise.resolve().then(chosenBuild);

const imports = {};
/** Starts importing a build's entry and the modules it imports (once; again after a failure); resolves with the entry. */
function importBuild(build) {
  imports[build] ??= BUILDS[build].modules().then(([entry]) => entry).catch((e) => {
    imports[build] = null;
    throw e;
  });
  return imports[build];
}

/** The loaded build's exports (`BoardView`, `Game`): called once `ready()` has resolved. */
const api = () => BUILD_STATE.active;

/**
 * Whether the page imported `xiangqi-wasm` only after the board had chosen the light build (in a later
 * `<script type="module">`): such a page counts on the board's `ready` to mean that `xiangqi-wasm` is initialised, as
 * when the package had one build, so `ready` then initialises it too (`pageEntry`: its own .wasm, a second download).
 */
const pageEntryPending = () => BUILD_STATE.chosen === 'view' && typeof globalThis[FULL_MARK] === 'object' && globalThis[FULL_MARK] !== null;

/** The `XiangqiError` `ERR_WASM_LOAD` for a wasm module that could not be loaded (`cause`: why). */
function wasmLoadError(cause) {
  return Object.assign(new Error(`the xiangqi-wasm module could not be loaded: ${cause?.message ?? cause}`, { cause }),
    { name: 'XiangqiError', code: 'ERR_WASM_LOAD' });
}

/** `promise`, then, if `pageEntryPending()`, the page's `xiangqi-wasm` initialised (its init() is idempotent). */
function pageEntry(promise) {
  if (!pageEntryPending()) return promise;
  return promise.then(async (value) => {
    await globalThis[FULL_MARK].default().catch((cause) => {
      throw wasmLoadError(cause);
    });
    return value;
  });
}

/**
 * Compiles the fetched .wasm as it arrives. A host that sends it with another type than `application/wasm` (which
 * streaming compilation needs; `application/octet-stream` is a common default) gets it compiled from its bytes once
 * downloaded, with a warning, as the bindings' own `init()` does.
 */
async function compileResponse(response) {
  try {
    return await WebAssembly.compileStreaming(response);
  } catch (e) {
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || response.bodyUsed || type.split(';')[0].trim() === 'application/wasm') throw e;
    console.warn(`xiangqi-wasm: the .wasm was served as ${JSON.stringify(type)}, not "application/wasm", so it is `
      + 'compiled after the download instead of while it downloads (serve .wasm files as application/wasm)');
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/**
 * In a page (a `document`, this module served over http(s)): starts compiling the .wasm at its default URL unless
 * something of the package already asked for it, and importing the bindings. The compilation is kept, by URL, in a
 * registry on `globalThis` (`Symbol.for("xiangqi-wasm.compiling")`, shared with guard.js) and taken out of it if it
 * fails (then `init()` fetches the .wasm itself, as without this, and reports what went wrong).
 */
function warm() {
  // (`WebAssembly` itself may be missing: a browser with WebAssembly turned off, such as iOS in Lockdown Mode.)
  if (typeof document === 'undefined' || typeof WebAssembly === 'undefined' || typeof WebAssembly.compileStreaming !== 'function') return;
  whenChosen().then((build) => {
    const url = BUILDS[build].wasm();
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
    const registry = (globalThis[Symbol.for('xiangqi-wasm.compiling')] ??= new Map());
    if (!registry.has(url.href)) {
      const compiling = fetch(url).then(compileResponse);
      registry.set(url.href, compiling);
      compiling.catch(() => registry.delete(url.href));
    }
    importBuild(build).catch(() => {}); // (a failure is reported by ready(), which tries again)
    warmFonts(); // (after asking for the .wasm: finding the fonts takes milliseconds)
  });
}

/**
 * The board's two font stacks, as the painter sets them (src/board.rs, FONT_PIECE and FONT_LABEL; a test checks that
 * they agree).
 */
const FONT_PIECE = '"KaiTi","STKaiti","Kaiti SC","AR PL UKai CN","Noto Serif CJK SC","Source Han Serif SC","Songti SC","WenQuanYi Zen Hei","Microsoft YaHei",serif';
const FONT_LABEL = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
/**
 * Draws the board's characters once on a canvas of its own while the .wasm downloads: the browser finds the fonts
 * (a CJK font is looked for through the system's fallback list, tens of milliseconds the first time) and shapes the
 * glyphs then, not during the board's first paint. Nothing is shown.
 */
function warmFonts() {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return;
  ctx.font = `20px ${FONT_PIECE}`;
  ctx.fillText('帥仕相傌俥炮兵將士象馬車砲卒帅马车将砲楚河漢界汉', 0, 20);
  ctx.font = `12px ${FONT_LABEL}`;
  ctx.fillText('abcdefghi0123456789KAEHRCP一二三四五六七八九', 0, 20);
}
warm();

let wasm = null;
/**
 * Loads the wasm module once (the chosen build; the same module `xiangqi-wasm` exports when the page uses it; `init`
 * is idempotent; `xiangqi-wasm` initialised too where the page imported it late: `pageEntry`). When it cannot be
 * loaded, rejects with a `XiangqiError` of code `ERR_WASM_LOAD` (the cause in `cause`), and the next call tries again.
 */
export function ready() {
  wasm ??= whenChosen().then(importBuild).then(async (m) => {
    const exports = await m.default();
    BUILD_STATE.active = m;
    return exports;
  }).catch((cause) => {
    wasm = null;
    throw wasmLoadError(cause);
  });
  return pageEntry(wasm);
}

function optionsError(message) {
  return Object.assign(new Error(message), { name: 'XiangqiError', code: 'ERR_OPTIONS' });
}

/** The config without its `undefined` values: a key set to `undefined` is a key not given (as in `xiangqi-wasm`). */
function given(config) {
  if (config === null || typeof config !== 'object') throw optionsError('board config must be an object');
  return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
}

function checkConfig(config) {
  if (config === null || typeof config !== 'object') throw optionsError('board config must be an object');
  for (const k of Object.keys(config)) {
    if (!CONFIG_KEYS.has(k)) throw optionsError(`unknown board option ${JSON.stringify(k)}`);
  }
  if ('lang' in config && !LANGS.includes(config.lang)) throw optionsError('lang: expected "en", "zh", "zh-Hant" or "vi"');
  if ('onMove' in config && config.onMove != null && typeof config.onMove !== 'function') {
    throw optionsError('onMove: expected a function');
  }
  if ('animation' in config && !(Number.isFinite(config.animation) && config.animation >= 0)) {
    throw optionsError('animation: expected a duration in ms');
  }
}

/** `dests` (a Map or an object of square -> squares, or null) as the view takes it: `"h2e2 h2h9"`. */
function destsText(dests) {
  if (dests == null) return null;
  if (typeof dests !== 'object') throw optionsError('dests: expected a Map, an object of square -> squares, or null');
  const out = [];
  for (const [from, tos] of dests instanceof Map ? dests : Object.entries(dests)) {
    if (!Array.isArray(tos)) throw optionsError('dests: each value must be an array of squares');
    for (const to of tos) out.push(`${from}${to}`);
  }
  return out.join(' ');
}

/** `shapes` as the view takes them: `"h2e2:green e0:red"`. */
function shapesText(shapes) {
  if (shapes == null) return '';
  if (!Array.isArray(shapes)) throw optionsError('shapes: expected an array');
  return shapes.map((s) => `${s?.from}${s?.to ?? ''}:${s?.brush ?? 'green'}`).join(' ');
}

function colorOf(letter) {
  return letter === letter.toUpperCase() ? 'red' : 'black';
}

/** An outcome's explanation (`game.outcome()`) in the board's language `lang`. */
function explanationIn(outcome, lang) {
  return outcome.explanations?.[lang] ?? outcome.explanation;
}

function pieceName(letter, lang) {
  return SPEECH[lang].piece(colorOf(letter), letter.toUpperCase());
}

/** Every piece of a FEN placement field, as [square, letter]. */
function piecesOf(placement) {
  const out = [];
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '9') file += Number(c);
      else out.push([`${'abcdefghi'[file++]}${9 - i}`, c]);
    }
  });
  return out;
}

function turnOf(fen) {
  return /^\S+\s+b/.test(fen) ? 'black' : 'red';
}

/** The position in words, for screen readers. */
function describe(placement, turn, lang) {
  const groups = { red: new Map(), black: new Map() };
  for (const [sq, letter] of piecesOf(placement)) {
    const g = groups[colorOf(letter)];
    const k = letter.toUpperCase();
    g.set(k, [...(g.get(k) ?? []), sq]);
  }
  const order = ['K', 'A', 'B', 'N', 'R', 'C', 'P'];
  const say = SPEECH[lang];
  const side = (c) => order.filter((k) => groups[c].has(k)).map((k) => {
    const name = say.names ? say.names[k][c === 'red' ? 0 : 1] : (lang === 'vi' ? NAMES.vi : NAMES.en)[k];
    return say.group(name, groups[c].get(k));
  }).join(say.groups);
  return say.position(turn, side('red'), side('black'));
}

const STYLE = `
.xqb { position: relative; width: 100%; outline: none; touch-action: none; user-select: none; -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent; }
.xqb canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.xqb canvas.xqb-overlay { cursor: pointer; touch-action: none; }
.xqb:focus-visible { box-shadow: 0 0 0 3px Highlight, 0 0 0 3px -webkit-focus-ring-color; border-radius: 2px; }
.xqb-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
`;

let uid = 0;

// Styles go in through constructable stylesheets (`adoptedStyleSheets`), never a `<style>` element or a style
// attribute: a page under a strict Content-Security-Policy (`default-src 'self'`, no 'unsafe-inline') blocks
// those, while CSSOM (constructed sheets, `element.style.x = …`) is allowed. One sheet per text, shared by
// every board of the page.
const sheets = new Map();

function sheetOf(text) {
  let sheet = sheets.get(text);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  return sheet;
}

/** Adds the sheet with `text` to the tree `node` is in: its shadow root, else the document (once). */
function adoptStyle(node, text) {
  const tree = node instanceof ShadowRoot ? node : node.getRootNode();
  const target = tree instanceof ShadowRoot ? tree : document;
  // Without constructable stylesheets (jsdom), no style: nothing else depends on it.
  if (!Array.isArray(target.adoptedStyleSheets)) return;
  const sheet = sheetOf(text);
  if (!target.adoptedStyleSheets.includes(sheet)) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
}

/**
 * A board in `element` (its content is replaced). Resolves once the wasm module is loaded and the board painted.
 * See board.d.ts for the config and the API.
 */
export async function createBoard(element, config = {}) {
  if (!(element instanceof Element) && !(element instanceof ShadowRoot)) {
    throw Object.assign(new Error('createBoard: expected a DOM element'), { name: 'XiangqiError', code: 'ERR_ARGUMENT' });
  }
  config = given(config);
  checkConfig(config);
  await ready();
  return new Board(element, config);
}

class Board {
  #root;
  #wrap;
  #canvases;
  #view;
  #abort = new AbortController();
  #resize;
  #raf = 0;
  #config = {
    fen: START, orientation: 'red', dests: null, lastMove: null, check: null, movable: 'both',
    pieceSet: 'traditional', coordinates: 'iccs', theme: 'light', lang: 'en', shapes: [], animation: 200,
    onMove: null, label: null,
  };
  #fen = START;
  #rect = null;
  #pointer = null;
  #live;
  #desc;
  #reducedMotion;
  #hooks;
  #dpr = 1;
  /** The size the canvases were last given ("width height dpr"); empty until the board has one: nothing is painted before. */
  #size = '';

  constructor(root, config, hooks = {}) {
    this.#root = root;
    this.#hooks = hooks;
    const id = `xqb${++uid}`;
    adoptStyle(root, STYLE);
    const wrap = document.createElement('div');
    wrap.className = 'xqb';
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'application');
    wrap.setAttribute('aria-roledescription', 'xiangqi board');
    wrap.setAttribute('aria-describedby', `${id}-desc`);
    const canvases = ['background', 'pieces', 'overlay'].map((name) => {
      const c = document.createElement('canvas');
      c.className = `xqb-${name}`;
      c.setAttribute('aria-hidden', 'true');
      wrap.append(c);
      return c;
    });
    this.#desc = document.createElement('p');
    this.#desc.id = `${id}-desc`;
    this.#desc.className = 'xqb-sr';
    this.#live = document.createElement('div');
    this.#live.className = 'xqb-sr xqb-live';
    this.#live.setAttribute('aria-live', 'polite');
    this.#live.setAttribute('aria-atomic', 'true');
    wrap.append(this.#desc, this.#live);
    root.replaceChildren(wrap);
    this.#wrap = wrap;
    this.#canvases = canvases;
    this.#view = new (api().BoardView)(...canvases);

    this.#reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.#bind();
    this.set({ fen: START, coordinates: 'iccs', ...config });
    this.#applyMotion();
    this.#sizeNow();
    this.#resize = new ResizeObserver(() => this.#sizeNow());
    this.#resize.observe(wrap);
  }

  // --- config ----------------------------------------------------------------------------------------------

  /** Changes any part of the config; what is not given stays. */
  set(config) {
    config = given(config);
    checkConfig(config);
    const view = this.#view;
    if (!view) throw Object.assign(new Error('the board was destroyed'), { name: 'XiangqiError', code: 'ERR_ARGUMENT' });
    const c = this.#config;
    let flags = 0;
    if ('theme' in config) flags |= view.set('theme', config.theme);
    if ('pieceSet' in config) flags |= view.set('pieceSet', config.pieceSet);
    if ('coordinates' in config) {
      const coords = config.coordinates === true ? 'iccs' : config.coordinates === false ? 'none' : config.coordinates;
      flags |= view.set('coordinates', coords);
      this.#wrap.style.aspectRatio = String(view.aspectRatio());
    }
    if ('orientation' in config) flags |= view.set('orientation', config.orientation);
    if ('movable' in config) flags |= view.set('movable', config.movable);
    if ('fen' in config) {
      if (typeof config.fen !== 'string') throw optionsError('fen: expected a string');
      flags |= view.set(this.#animating ? 'fen' : 'fenNow', config.fen);
      this.#fen = config.fen.trim();
    }
    if ('dests' in config) flags |= view.set('dests', destsText(config.dests));
    if ('lastMove' in config) {
      const m = Array.isArray(config.lastMove) ? config.lastMove.join('') : config.lastMove;
      flags |= view.set('lastMove', m ?? null);
    }
    // A check belongs to the FEN it comes with: a new FEN without one clears it.
    if ('check' in config || 'fen' in config) flags |= view.set('check', this.#checkSquare(config.check ?? null));
    if ('shapes' in config) flags |= view.set('shapes', shapesText(config.shapes));
    Object.assign(c, config);
    if ('fen' in config && !('check' in config)) c.check = null;
    if (config.coordinates === true) c.coordinates = 'iccs';
    if (config.coordinates === false) c.coordinates = 'none';
    if ('animation' in config) this.#applyMotion();
    if ('label' in config || 'lang' in config || !this.#wrap.hasAttribute('aria-label')) {
      this.#wrap.setAttribute('aria-label', c.label ?? SPEECH[c.lang].board);
    }
    if ('fen' in config || 'lang' in config) this.#describe();
    // Before the board has its size (while it is being made) nothing is painted: the first resize paints it all.
    if (this.#size) view.render();
    this.#animate(flags);
    return this;
  }

  /** The config as it stands (a copy). */
  get config() {
    return { ...this.#config };
  }

  /** The language the board speaks (`"en"`, `"zh"`, `"zh-Hant"` or `"vi"`). */
  get lang() {
    return this.#config.lang;
  }

  /** The board's FEN: the placement shown (after the user's last move too) and the side to move. */
  get fen() {
    if (!this.#view) return this.#fen;
    const fields = this.#fen.split(/\s+/);
    fields[0] = this.#view.get('placement');
    return fields.join(' ');
  }

  get #animating() {
    return this.#config.animation > 0 && !this.#reducedMotion.matches;
  }

  #checkSquare(check) {
    if (check === true) {
      const turn = turnOf(this.#fen);
      const k = turn === 'red' ? 'K' : 'k';
      return piecesOf(this.#view.get('placement')).find(([, l]) => l === k)?.[0] ?? null;
    }
    return check || null;
  }

  #applyMotion() {
    this.#view?.set('animation', String(this.#animating ? Math.round(this.#config.animation) : 0));
  }

  #describe() {
    this.#desc.textContent = describe(this.#view.get('placement'), turnOf(this.#fen), this.#config.lang);
  }

  // --- geometry for hosts and tests ------------------------------------------------------------------------

  #scale() {
    const rect = this.#canvases[2].getBoundingClientRect();
    return { rect, sx: this.#canvases[2].width / rect.width, sy: this.#canvases[2].height / rect.height };
  }

  /** The centre of `square` in client (viewport) coordinates. */
  pointOf(square) {
    const p = this.#view?.pointOf(String(square));
    if (!p) return null;
    const { rect, sx, sy } = this.#scale();
    return { x: rect.left + p[0] / sx, y: rect.top + p[1] / sy };
  }

  /** The square at client coordinates (`x`, `y`), or `null`. */
  squareAt(x, y) {
    if (!this.#view) return null;
    const { rect, sx, sy } = this.#scale();
    return this.#view.squareAt((x - rect.left) * sx, (y - rect.top) * sy) ?? null;
  }

  /** The user's arrows and circles (drawn with the secondary button). */
  userShapes() {
    return (this.#view?.get('userShapes') ?? '').split(' ').filter(Boolean).map((t) => {
      const [sq, brush] = t.split(':');
      return { from: sq.slice(0, 2), to: sq.slice(2) || null, brush };
    });
  }

  /** The selected square, or `null`. */
  get selected() {
    return this.#view?.get('selected') ?? null;
  }

  /** Puts the other side at the bottom. */
  flip() {
    return this.set({ orientation: this.#config.orientation === 'red' ? 'black' : 'red' });
  }

  /** Unbinds every listener, stops the observers and frees the wasm object; the element is emptied. */
  destroy() {
    if (!this.#view) return;
    this.#abort.abort();
    this.#resize.disconnect();
    cancelAnimationFrame(this.#raf);
    this.#view.free();
    this.#view = null;
    this.#root.replaceChildren();
  }

  // --- DOM events ------------------------------------------------------------------------------------------

  #sizeNow() {
    if (!this.#view) return;
    const w = this.#wrap.clientWidth;
    const h = this.#wrap.clientHeight;
    if (!w || !h) return;
    const dpr = window.devicePixelRatio || 1;
    // The resize observer's first call, and calls with nothing changed, repaint nothing (a resize clears the canvases).
    const size = `${w} ${h} ${dpr}`;
    if (size === this.#size) return;
    this.#size = size;
    this.#dpr = dpr;
    this.#view.resize(w, h, dpr);
    this.#rect = null;
  }

  #bind() {
    const signal = this.#abort.signal;
    const overlay = this.#canvases[2];
    const wrap = this.#wrap;
    const on = (target, type, fn, opts = {}) => target.addEventListener(type, fn, { ...opts, signal });
    on(overlay, 'pointerdown', (e) => this.#down(e));
    on(overlay, 'pointermove', (e) => this.#move(e));
    on(overlay, 'pointerup', (e) => this.#up(e));
    on(overlay, 'pointercancel', () => this.#cancel());
    on(overlay, 'contextmenu', (e) => e.preventDefault());
    on(wrap, 'keydown', (e) => this.#key(e));
    on(wrap, 'focus', () => {
      if (wrap.matches(':focus-visible')) this.#flags(this.#view.setFocus(true));
    });
    on(wrap, 'blur', () => {
      this.#view?.pointer(3, 0, 0, 0, false, false);
      this.#flags(this.#view.setFocus(false));
    });
    on(this.#reducedMotion, 'change', () => this.#applyMotion());
    // A change of devicePixelRatio (zoom, moving to another screen) does not resize the element.
    const watchDpr = () => {
      const mq = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      on(mq, 'change', () => {
        this.#sizeNow();
        watchDpr();
      }, { once: true });
    };
    watchDpr();
  }

  #xy(e) {
    // The rectangle is read once per gesture: no layout per pointer move.
    const r = this.#rect ?? (this.#rect = this.#scale());
    return [(e.clientX - r.rect.left) * r.sx, (e.clientY - r.rect.top) * r.sy];
  }

  #down(e) {
    if (this.#pointer !== null && e.pointerId !== this.#pointer) return; // a second finger
    if (e.button !== 0 && e.button !== 2) return;
    this.#rect = null;
    e.preventDefault();
    if (!this.#wrap.contains(this.#wrap.getRootNode().activeElement)) this.#wrap.focus({ preventScroll: true, focusVisible: false });
    this.#pointer = e.pointerId;
    try {
      e.target.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event (no such active pointer): the gesture works without capture
    }
    const [x, y] = this.#xy(e);
    this.#flags(this.#view.pointer(0, x, y, e.button, e.shiftKey || e.ctrlKey, e.altKey || e.metaKey));
  }

  #move(e) {
    if (e.pointerId !== this.#pointer || !this.#view) return;
    const [x, y] = this.#xy(e);
    this.#view.pointer(1, x, y, 0, false, false);
  }

  #up(e) {
    if (e.pointerId !== this.#pointer || !this.#view) return;
    this.#pointer = null;
    const [x, y] = this.#xy(e);
    this.#flags(this.#view.pointer(2, x, y, 0, false, false));
  }

  #cancel() {
    this.#pointer = null;
    if (this.#view) this.#flags(this.#view.pointer(3, 0, 0, 0, false, false));
  }

  #key(e) {
    const k = KEYS[e.key];
    if (!k || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    this.#flags(this.#view.key(k));
  }

  #flags(flags) {
    if (!this.#view) return;
    if (flags & F.MOVED) {
      const move = this.#view.takeIntent();
      if (move) this.#emit(move);
    } else if (flags & F.CURSOR) {
      this.#announce(this.#cursorText());
    } else if (flags & F.SELECT && this.#view.get('selected')) {
      const sq = this.#view.get('selected');
      const name = pieceName(this.#view.get('pieceAt', sq), this.#config.lang);
      this.#announce(SPEECH[this.#config.lang].selected(name, sq));
    }
    this.#animate(flags);
  }

  #cursorText() {
    const sq = this.#view.get('cursor');
    if (!sq) return '';
    const p = this.#view.get('pieceAt', sq);
    const say = SPEECH[this.#config.lang];
    const what = p ? pieceName(p, this.#config.lang) : say.empty;
    const sel = this.#view.get('selected');
    const dest = sel && this.#view.get('destsOf', sel).split(' ').includes(sq);
    return `${sq} ${what}${dest ? say.dest : ''}`;
  }

  #announce(text) {
    this.#live.textContent = text;
  }

  #animate(flags) {
    if (!(flags & F.ANIMATE) || this.#raf) return;
    const step = (now) => {
      this.#raf = 0;
      if (!this.#view) return;
      if (this.#view.frame(now) & F.ANIMATE) this.#raf = requestAnimationFrame(step);
    };
    this.#raf = requestAnimationFrame(step);
  }

  #emit(move) {
    const from = move.slice(0, 2);
    const to = move.slice(2);
    const before = this.#fen;
    // The user's move flips the side to move of the board's FEN until the host sets a new one.
    const fields = before.split(/\s+/);
    fields[1] = turnOf(before) === 'red' ? 'b' : 'w';
    this.#fen = fields.join(' ');
    const captured = piecesOf(before.split(/\s+/)[0]).find(([sq]) => sq === to)?.[1] ?? null;
    const piece = this.#view.get('pieceAt', to);
    const detail = { move, from, to, piece, captured, fen: this.fen };
    this.#hooks.beforeEmit?.(detail);
    this.#announce(this.#moveText(detail, before));
    this.#describe();
    this.#config.onMove?.(move, detail);
    const target = this.#root instanceof ShadowRoot ? this.#root.host : this.#root;
    target.dispatchEvent(new CustomEvent('move', { detail, bubbles: true, composed: true }));
  }

  #moveText(d, fenBefore) {
    const lang = this.#config.lang;
    const say = SPEECH[lang];
    let text = null;
    let check = d.info?.check ?? false;
    try {
      const g = new (api().Game)(fenBefore);
      if (g.validate(d.move).legal) {
        text = g.toNotation(d.move, ...say.notation);
        check = g.play(d.move).check;
      }
      g.free();
    } catch {
      text = null;
    }
    const name = d.piece ? pieceName(d.piece, lang) : '';
    const captured = d.captured ? pieceName(d.captured, lang) : null;
    return `${say.move(name, d.from, d.to, captured, text)}${check ? say.check : ''}`;
  }

  /** For `<xiangqi-board>`: announce a line in the live region. */
  announce(text) {
    this.#announce(String(text));
  }
}
// `using board = await createBoard(…)`: destroyed when the block ends (a runtime with `Symbol.dispose`).
if (typeof Symbol.dispose === 'symbol') Board.prototype[Symbol.dispose] = Board.prototype.destroy;

// --- <xiangqi-board> -------------------------------------------------------------------------------------------

const ATTRS = {
  fen: 'fen', orientation: 'orientation', movable: 'movable', 'piece-set': 'pieceSet', coordinates: 'coordinates',
  theme: 'theme', lang: 'lang', 'last-move': 'lastMove', check: 'check', label: 'label',
};

function attrValue(name, value) {
  if (name === 'coordinates') return value === 'false' ? 'none' : value === '' || value === 'true' ? 'iccs' : value;
  if (name === 'check') return value === '' || value === 'true' ? true : value === 'false' ? null : value;
  if (name === 'lang') return langOf(value);
  return value;
}

/**
 * `<xiangqi-board fen="…" orientation="black" interactive>`: the board as one tag. Attributes mirror the config
 * (`fen`, `orientation`, `movable`, `piece-set`, `coordinates`, `theme`, `lang`, `last-move`, `check`, `label`);
 * with `interactive` and no host it plays legal moves on its own `Game`. Fires `move` events.
 */
// On a server (no DOM) the module still imports: the class extends a stand-in, and no element is defined.
export class XiangqiBoardElement extends (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) {
  static observedAttributes = [...Object.keys(ATTRS), 'interactive'];
  #board = null;
  #game = null;
  #pending = {};
  #ready;
  #resolve;
  #reject;
  #failed = false;
  #connecting = false;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.#newReady();
  }

  #newReady() {
    this.#ready = new Promise((resolve, reject) => { this.#resolve = resolve; this.#reject = reject; });
    this.#ready.catch(() => {}); // a failure nobody awaits is not an unhandled rejection
  }

  /**
   * Resolves with the element once its board is painted; rejects with a `XiangqiError` of code `ERR_WASM_LOAD`
   * when the wasm cannot be loaded (connecting the element again then tries again, with a new `ready`).
   */
  get ready() {
    return pageEntry(this.#ready);
  }

  /** The board API (`set`, `pointOf`, `squareAt`, ...), once connected and ready; else `null`. */
  get board() {
    return this.#board;
  }

  /** The game an `interactive` board plays on (`null` otherwise). */
  get game() {
    return this.#game;
  }

  /** The FEN of the board as it stands (after the user's moves too). */
  get fen() {
    if (this.#game) return this.#game.fen();
    return this.#board?.fen ?? this.getAttribute('fen') ?? START;
  }

  set fen(value) {
    this.setAttribute('fen', String(value));
  }

  /** Changes the config (as `board.set`), before or after the board is ready. */
  set(config) {
    config = given(config);
    checkConfig(config);
    if (this.#board) this.#apply(config);
    else Object.assign(this.#pending, config);
  }

  async connectedCallback() {
    if (this.#board || this.#connecting) return;
    this.#connecting = true;
    if (this.#failed) {
      this.#failed = false;
      this.#newReady();
    }
    try {
      adoptStyle(this.shadowRoot, ':host { display: block; }');
      await ready();
    } catch (e) {
      this.#failed = true;
      this.#reject(e);
      return;
    } finally {
      this.#connecting = false;
    }
    if (!this.isConnected || this.#board) return;
    const config = {};
    for (const [attr, key] of Object.entries(ATTRS)) {
      if (this.hasAttribute(attr)) config[key] = attrValue(attr, this.getAttribute(attr));
    }
    // No `lang` of its own: the page's (the nearest ancestor's).
    config.lang ??= langOf(this.closest('[lang]')?.getAttribute('lang'));
    const newFen = 'fen' in this.#pending;
    Object.assign(config, this.#pending);
    this.#pending = {};
    // Moved in the document (disconnected, then connected again): an interactive board keeps its game.
    if (this.#game && !newFen) {
      delete config.fen;
      config.lastMove = this.#game.history().at(-1) ?? null;
    }
    try {
      // The board is made with its whole config (the game's state too): it is painted once, at its size.
      this.#board = new Board(this.shadowRoot, this.#configFor(config), { beforeEmit: (d) => this.#played(d) });
    } catch (e) {
      // No board in this document (a DOM without canvas, in a test runner): `ready` says so, it never hangs.
      this.#board?.destroy();
      this.#board = null;
      this.#failed = true;
      this.#reject(e);
      return;
    }
    this.#resolve(this);
  }

  disconnectedCallback() {
    // The board's listeners and wasm object go; the game stays, for an element that is only being moved.
    this.#board?.destroy();
    this.#board = null;
  }

  attributeChangedCallback(name, _old, value) {
    if (!this.#board) return;
    if (name === 'interactive') {
      this.#apply({ fen: this.fen });
      return;
    }
    const key = ATTRS[name];
    if (!key) return;
    if (key === 'fen' && value !== null && value === this.fen) return; // our own reflection
    this.#apply({ [key]: value === null ? undefined : attrValue(name, value) });
  }

  #apply(config) {
    this.#board.set(this.#configFor(config));
  }

  /** The board config for `config` (attributes or `set`): with `interactive`, the game's state (a new game for a new FEN). */
  #configFor(config) {
    const c = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
    if (this.hasAttribute('interactive')) {
      if ('fen' in c || !this.#game) {
        this.#game?.free();
        this.#game = null;
        try {
          this.#game = new (api().Game)(c.fen ?? this.fen);
        } catch (e) {
          // Not a legal position: show it anyway, without moves.
          console.warn(`<xiangqi-board interactive>: ${e.message}`);
          return { ...c, movable: 'none', dests: null };
        }
      }
      return { ...c, ...this.#gameState(), ...('lastMove' in c ? { lastMove: c.lastMove } : {}) };
    }
    if (this.#game) {
      this.#game.free();
      this.#game = null;
      if (!('movable' in c)) c.movable = this.getAttribute('movable') ?? 'both';
      if (!('dests' in c)) c.dests = null;
    }
    return c;
  }

  #gameState() {
    const g = this.#game;
    const over = g.outcome();
    return {
      fen: g.fen(),
      movable: over ? 'none' : g.turn(),
      dests: over ? new Map() : g.dests(),
      check: g.isCheck(),
    };
  }

  #played(detail) {
    const g = this.#game;
    if (!g) return;
    try {
      detail.info = g.play(detail.move);
    } catch (e) {
      // The board only offers the game's dests, so this cannot happen unless the page changed the game.
      console.warn(`<xiangqi-board interactive>: ${e.message}`);
    }
    detail.fen = g.fen();
    const state = this.#gameState();
    // After the move event is dispatched: the host's listeners see the board as the user left it.
    queueMicrotask(() => {
      if (!this.#board) return;
      this.#board.set({ ...state, lastMove: detail.move });
      const over = g.outcome();
      if (over) this.#board.announce(explanationIn(over, this.#board.lang ?? 'en'));
    });
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('xiangqi-board')) {
  customElements.define('xiangqi-board', XiangqiBoardElement);
}
