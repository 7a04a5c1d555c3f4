// `xiangqi-wasm/lesson`: `<xiangqi-lesson>`, a commented game for teaching sites in one tag. It wraps a
// `<xiangqi-board>` and shows a position (`fen`) or a PGN record (a `pgn` attribute, a
// `<script type="application/x-chess-pgn">` child, or a `src` URL; DhtmlXQ too) with first / previous / next / last
// buttons and keys, the current move's comment, the move list in a chosen notation with the variations under the
// moves they replace, and the headers. See docs/lesson.md.
//
// The element is built on element-base.js (loading the record, its size cap, errors, theme, language, styles); the
// record's tree comes from record-tree.js, read in a worker (lesson-worker.js) when the record is large.
//
// Security: record text (headers, comments, names) reaches the page only through `textContent`, inside elements
// that isolate bidirectional text (`dir="auto"`, `unicode-bidi: isolate`) and wrap anywhere; no record text is
// ever parsed as HTML or used as an attribute other than `title`. Styles are constructable stylesheets adopted
// by the shadow root (no <style> element, no style attribute), so the element works under
// `Content-Security-Policy: default-src 'self'`. Records above MAX_RECORD_BYTES are refused with a message.
import { RecordElement, hooks, elementError, stepButton, STEPS, MAX_RECORD_BYTES } from './element-base.js';
import { readTree, link, moveText } from './record-tree.js';
import { WorkerClient } from './worker-rpc.js';
import { chosenBuild } from './wasm-build.js';
import { h, recordText } from './record-text.js';

export { MAX_RECORD_BYTES };
/** Header values longer than this are cut (with "…"; the whole value is the `title`). */
const MAX_HEADER_CHARS = 300;
const NAG = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '⩲', 15: '⩱',
  16: '±', 17: '∓', 18: '+−', 19: '−+' };


const LABELS = {
  en: {
    toolbar: 'Moves', first: 'Start position', previous: 'Previous move', next: 'Next move', last: 'Last move',
    moves: 'Move list', start: 'Start position', variations: 'Other moves here:', back: '↑ Back to the main line',
    red: 'Red', black: 'Black', board: 'Lesson board', ply: (n, total) => `${n} / ${total}`,
    results: { '1-0': 'Red won', '0-1': 'Black won', '1/2-1/2': 'Draw' }, inVariation: 'variation',
    error: 'The record could not be read:',
  },
  zh: {
    toolbar: '着法', first: '开局局面', previous: '上一着', next: '下一着', last: '最后一着',
    moves: '着法列表', start: '开局局面', variations: '此处的其他着法：', back: '↑ 返回主线',
    red: '红方', black: '黑方', board: '讲解棋盘', ply: (n, total) => `${n} / ${total}`,
    results: { '1-0': '红胜', '0-1': '黑胜', '1/2-1/2': '和棋' }, inVariation: '变着',
    error: '无法读取棋谱：',
  },
  'zh-Hant': {
    toolbar: '著法', first: '開局局面', previous: '上一著', next: '下一著', last: '最後一著',
    moves: '著法列表', start: '開局局面', variations: '此處的其他著法：', back: '↑ 返回主線',
    red: '紅方', black: '黑方', board: '講解棋盤', ply: (n, total) => `${n} / ${total}`,
    results: { '1-0': '紅勝', '0-1': '黑勝', '1/2-1/2': '和棋' }, inVariation: '變著',
    error: '無法讀取棋譜：',
  },
  vi: {
    toolbar: 'Nước đi', first: 'Thế cờ ban đầu', previous: 'Nước trước', next: 'Nước sau', last: 'Nước cuối',
    moves: 'Danh sách nước đi', start: 'Thế cờ ban đầu', variations: 'Các nước khác ở đây:', back: '↑ Trở lại biến chính',
    red: 'Bên đỏ', black: 'Bên đen', board: 'Bàn cờ bài giảng', ply: (n, total) => `${n} / ${total}`,
    results: { '1-0': 'Đỏ thắng', '0-1': 'Đen thắng', '1/2-1/2': 'Hòa' }, inVariation: 'biến',
    error: 'Không đọc được biên bản:',
  },
};

const CSS = `
.head { margin: 0 0 10px; min-width: 0; }
bdi { unicode-bidi: isolate; overflow-wrap: anywhere; }
.players { margin: 0; font-weight: 600; font-size: 1.05em; }
.players .pl { color: #a3231b; }
.players .pl.b { color: #24201c; }
.players .pl .who { font-weight: 400; opacity: .85; font-size: .85em; }
.dark .players .pl { color: #ff8a7a; }
.dark .players .pl.b { color: #e9e6e1; }
.result { font-weight: 400; margin-inline-start: .5em; padding: 0 .4em; border-radius: 4px; background: #efe3c9; }
.dark .result { background: #33363d; }
.event { margin: 2px 0 0; font-size: .9em; opacity: .8; }
.opening { margin: 2px 0 0; font-size: .9em; }
.nav { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.nav svg { width: 1em; height: 1em; fill: currentColor; display: block; margin: auto; }
.nav button { font: inherit; font-size: 1.1em; min-width: 2.6em; min-height: 2.2em; padding: 0 .5em;
  border-radius: 6px; border: 1px solid #c7b58f; background: #fffdf8; color: inherit; cursor: pointer; }
.dark .nav button { border-color: #4a4f58; background: #2a2d33; }
.nav button[aria-disabled="true"] { opacity: .4; cursor: default; }
.ply { margin-inline-start: auto; font-variant-numeric: tabular-nums; opacity: .75; font-size: .9em; }
.now { margin: 0; padding: 8px 10px; border-radius: 8px; background: #fff; border: 1px solid #eadfc8;
  min-height: 4.5em; max-height: 14em; overflow: auto; }
.dark .now { background: #26292e; border-color: #3b3f46; }
.now .move { margin: 0 0 4px; font-weight: 600; }
.now .comment { margin: 0; }
.now .comment + .comment { margin-top: 4px; }
.alts { display: flex; flex-wrap: wrap; gap: 4px; align-items: baseline; font-size: .95em; }
.alts button, .back { font: inherit; border: 1px solid #c7b58f; border-radius: 999px; padding: 1px 10px;
  background: #fff7e3; color: inherit; cursor: pointer; }
.dark .alts button, .dark .back { border-color: #4a4f58; background: #2f3238; }
.back { align-self: flex-start; font-size: .95em; }
.moves { margin: 0; padding: 6px 8px; max-height: 22em; overflow: auto; border-radius: 8px;
  border: 1px solid #eadfc8; background: #fffdf8; line-height: 1.9; }
.dark .moves { border-color: #3b3f46; background: #23262b; }
.moves .m { white-space: nowrap; }
.moves .n { opacity: .7; margin-inline: 6px 2px; font-variant-numeric: tabular-nums; }
.moves button { font: inherit; border: 0; background: none; color: inherit; padding: 0 4px; border-radius: 4px;
  cursor: pointer; }
.moves button:hover { background: #f1e6cf; }
.dark .moves button:hover { background: #353941; }
.moves button.c::after { content: "•"; color: #b07a1a; margin-inline-start: 1px; }
.moves button[aria-current="step"] { background: #a3231b; color: #fff; }
.dark .moves button[aria-current="step"] { background: #ff8a7a; color: #1e2024; }
.var { display: block; margin: 2px 0 2px 10px; padding-inline-start: 8px; border-inline-start: 2px solid #d7c49c;
  font-size: .93em; }
.dark .var { border-color: #4a4f58; }
.status { margin: 0; opacity: .75; }
`;

/** Records up to this size are read on the page's thread; larger ones in a worker (lesson-worker.js). */
const WORKER_BYTES = 64 * 1024;

/**
 * The reader of large records: one worker for every lesson on the page, started for the first large record and
 * ended when idle for 10 s; where no worker can start, the page reads them (worker-rpc.js's policy).
 */
const reader = new WorkerClient({
  start: () => new Worker(new URL('./lesson-worker.js', import.meta.url), { type: 'module' }),
  local: () => ({ readTree: ({ record, index }) => readTree(record, index) }),
  idleMs: 10_000,
});

function nagText(nags) {
  return nags.map((n) => NAG[n] ?? ` $${n}`).join('');
}

/**
 * `<xiangqi-lesson pgn="…" notation="chinese" lang="zh" theme="dark">`: a commented game (or a position) with
 * its board, step buttons, comment, move list with variations, and headers. See lesson.d.ts and docs/lesson.md.
 */
export class XiangqiLessonElement extends RecordElement {
  static part = 'lesson';
  static css = CSS;
  static labels = LABELS;
  static recordAttributes = ['fen', 'game'];
  #els;
  #nodes = [];
  #cur = null;
  #headers = {};
  /** The record's opening as the rules classify its main line (`{ code, ply, names }`), or null. */
  #opening = null;
  #result = '*';
  #warnings = [];
  #format = null;

  constructor() {
    super();
    this.#build();
  }

  // --- public API --------------------------------------------------------------------------------------------

  /** The FEN of the position shown. */
  get fen() {
    return this.#cur?.fen ?? null;
  }

  /**
   * Sets the `fen` attribute: the position shown when there is no record. (React 19 sets a custom element's prop as
   * a property when the element has one: without this setter `<xiangqi-lesson fen={...}>` threw on an update.)
   */
  set fen(value) {
    this.setAttribute('fen', String(value));
  }

  /** The FEN of the record's start position (its FEN tag, or the `fen` attribute), or `null`. */
  get initialFen() {
    return this.#nodes[0]?.fen ?? null;
  }

  /** The record's headers (a copy). */
  get headers() {
    return { ...this.#headers };
  }

  /** What the reader of the record warned about (`{ code, message, line, column, offset }`, a copy). */
  get warnings() {
    return this.#warnings.map((w) => ({ ...w }));
  }

  /** The format the record was read as (`"pgn"`, `"dhtmlxq"`, `"xqf"`, `"fen"`) and its encoding, or `null`. */
  get format() {
    return this.#format;
  }

  /** Where the lesson stands: the position, the moves from the start, the comment, the next move's alternatives. */
  get current() {
    const n = this.#cur;
    if (!n) return null;
    return {
      fen: n.fen,
      ply: n.ply,
      moves: this.#path(n).map((x) => x.move),
      move: n.move,
      notation: n.move ? this.#moveText(n) : null,
      comment: n.comments.length ? n.comments.join('\n') : null,
      nags: [...n.nags],
      drawings: (n.drawings ?? []).map((d) => ({ ...d })),
      depth: n.depth,
      inVariation: n.depth > 0,
      variations: n.next ? n.next.alts.map((a) => this.#moveText(a)) : [],
    };
  }

  /** To the start position. */
  first() {
    if (this.#nodes.length) this.#go(this.#nodes[0]);
  }

  /** One move back (out of a variation at its first move). */
  previous() {
    if (this.#cur?.parent) this.#go(this.#cur.parent);
  }

  /** One move on, in the line shown. */
  next() {
    if (this.#cur?.next) this.#go(this.#cur.next);
  }

  /** To the end of the line shown. */
  last() {
    let n = this.#cur;
    if (!n) return;
    while (n.next) n = n.next;
    this.#go(n);
  }

  /** Plays the `index`-th alternative of the next move (a variation). Returns whether there was one. */
  enterVariation(index = 0) {
    const alt = this.#cur?.next?.alts[index];
    if (alt) this.#go(alt);
    return Boolean(alt);
  }

  /** Leaves the variation shown, back to the position where it branched off. Returns whether it was in one. */
  exitVariation() {
    const start = this.#cur?.lineStart;
    if (!start?.altOf) return false;
    this.#go(start.parent);
    return true;
  }

  /** Goes to the position after `moves` (ICCS, from the start, through variations too). Returns whether found. */
  goTo(moves) {
    let n = this.#nodes[0];
    if (!n) return false;
    for (const m of moves) {
      const options = n.next ? [n.next, ...n.next.alts] : [];
      n = options.find((x) => x.move === m);
      if (!n) return false;
    }
    this.#go(n);
    return true;
  }

  // --- the base's hooks (element-base.js) --------------------------------------------------------------------

  [hooks.loading]() {
    if (this.#nodes.length) return;
    this.#els.status.textContent = this[hooks.text].loading;
    this.#els.status.hidden = false;
  }

  /** Moved in the document with the same record: the inner board was rebuilt, so it is given the position again. */
  [hooks.reconnected]() {
    if (!this.#nodes.length || !this.#cur) return false;
    this.#go(this.#cur, false);
    return true;
  }

  async [hooks.load](record, { isCurrent, size }) {
    const index = this.hasAttribute('game') ? Number(this.getAttribute('game')) - 1 : 0;
    if (!Number.isInteger(index) || index < 0) {
      throw elementError('ERR_OPTIONS', `game="${this.getAttribute('game')}": expected a game number from 1`);
    }
    // A position, or a record: large records are read in a worker, so that the page never waits for them.
    const input = record ?? { fen: this.getAttribute('fen') || null };
    const lesson = size > WORKER_BYTES ? await reader.call('readTree', { record: input, index, build: chosenBuild() ?? 'view' })
      : readTree(input, index);
    if (!isCurrent()) return;
    const nodes = link(lesson.nodes);
    this.#nodes = nodes;
    this.#headers = lesson.headers ?? {};
    this.#opening = lesson.opening ?? null;
    this.#result = lesson.result ?? '*';
    this.#warnings = lesson.warnings ?? [];
    this.#format = lesson.format ? { format: lesson.format, encoding: lesson.encoding ?? null } : null;
    this.#renderAll(nodes[0]);
    await this.board.ready;
    this[hooks.resolveReady]();
    this.dispatchEvent(new CustomEvent('load', { detail: { headers: this.headers, moves: nodes.length - 1,
      format: this.#format, warnings: this.warnings } }));
  }

  [hooks.failed]() {
    this.#nodes = [];
    this.#cur = null;
  }

  [hooks.language]() {
    this.#labels();
    this.#renderAll();
  }

  [hooks.notation]() {
    this.#renderAll();
  }

  [hooks.boardOptions]() {
    this[hooks.setBoardOptions]('red');
  }

  // --- rendering ---------------------------------------------------------------------------------------------

  #build() {
    const { wrap, body, side, board } = this[hooks.frame];
    const status = h('p', 'status');
    status.hidden = true;
    // A plain block, not <header>: a banner landmark per lesson would repeat on a page of several.
    const head = h('div', 'head');
    head.setAttribute('part', 'headers');
    head.hidden = true;
    wrap.insertBefore(status, body);
    wrap.insertBefore(head, body);
    board.setAttribute('coordinates', 'none');
    const nav = h('div', 'nav');
    nav.setAttribute('role', 'toolbar');
    nav.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight Home End ArrowDown ArrowUp');
    const buttons = {};
    for (const name of STEPS) {
      const b = stepButton(name);
      buttons[name] = b;
      nav.append(b);
    }
    const ply = h('span', 'ply');
    nav.append(ply);
    const now = h('div', 'now');
    now.setAttribute('aria-live', 'polite');
    now.setAttribute('part', 'comment');
    const alts = h('div', 'alts');
    alts.hidden = true;
    const back = h('button', 'back');
    back.type = 'button';
    back.dataset.action = 'exit';
    back.hidden = true;
    const moves = h('div', 'moves');
    moves.setAttribute('role', 'group');
    moves.setAttribute('part', 'moves');
    side.append(nav, now, alts, back, moves);
    this.#els = { status, head, nav, buttons, ply, now, alts, back, moves };

    wrap.addEventListener('click', (e) => this.#click(e));
    wrap.addEventListener('keydown', (e) => this.#key(e));
    this.#labels();
  }

  #labels() {
    const t = this[hooks.text];
    const { nav, buttons, moves, back } = this.#els;
    nav.setAttribute('aria-label', t.toolbar);
    for (const [name, b] of Object.entries(buttons)) {
      b.setAttribute('aria-label', t[name]);
      b.title = t[name];
    }
    moves.setAttribute('aria-label', t.moves);
    back.textContent = t.back;
    this.board.setAttribute('lang', this[hooks.lang]);
    this.board.setAttribute('label', t.board);
  }

  /** Headers, move list and the current position, from scratch (a new record, notation or language). */
  #renderAll(at = this.#cur) {
    if (!this.#nodes.length || !at) return;
    this.#els.status.hidden = true;
    this[hooks.setBoardOptions]('red');
    this.#renderHeaders();
    this.#renderMoves();
    this.#cur = null;
    this.#go(at, false);
  }

  #renderHeaders() {
    const t = this[hooks.text];
    const hd = this.#headers;
    const head = this.#els.head;
    head.replaceChildren();
    const players = h('p', 'players');
    // Red's name: `Red`, or `White` in a WinBoard record.
    const redName = hd.Red || hd.White;
    if (redName || hd.Black) {
      const red = h('span', 'pl r');
      red.append(h('span', 'who', `${t.red} `), recordText('bdi', null, redName || '?', MAX_HEADER_CHARS));
      const black = h('span', 'pl b');
      black.append(h('span', 'who', `${t.black} `), recordText('bdi', null, hd.Black || '?', MAX_HEADER_CHARS));
      players.append(red, ' – ', black);
    }
    const result = t.results[this.#result] ?? t.results[hd.Result];
    if (result) players.append(h('span', 'result', result));
    if (players.childNodes.length) head.append(players);
    // The opening: its ECCO code and name as the rules classify the main line (in the element's language). A
    // record's own Opening tag is its own text, shown with the event as before.
    const o = this.#opening;
    if (o) {
      const lang = this[hooks.lang];
      const name = lang === 'zh-Hant' ? o.names.zhHant : lang === 'zh' ? o.names.zh : o.names.en;
      const opening = h('p', 'opening', `${o.code} ${name}`);
      opening.setAttribute('part', 'opening');
      opening.title = `${o.code} ${lang === 'zh-Hant' ? o.names.zhHant : o.names.zh} · ${o.names.en}`;
      head.append(opening);
    }
    // The event, and the title of records that have one (XQF and DhtmlXQ files often give only a title).
    const facts = ['Title', 'Event', 'Round', 'Site', 'Date', 'Opening'].filter((k) => hd[k] && hd[k] !== '?')
      .filter((k, _, all) => k !== 'Title' || !all.includes('Event') || hd.Title.trim() !== hd.Event.trim());
    if (facts.length) {
      const event = h('p', 'event');
      facts.forEach((k, i) => {
        if (i) event.append(' · ');
        event.append(recordText('bdi', null, hd[k], MAX_HEADER_CHARS));
      });
      head.append(event);
    }
    head.hidden = !head.childNodes.length;
  }

  #moveText(n) {
    const text = moveText(n.before, n.move, n.info, this[hooks.notationInForce], this[hooks.lang]);
    return `${this.#number(n, true)}${text}${nagText(n.nags)}`;
  }

  /** "3." before a Red move; "3…" before a Black move (when `always`, or where a line or a row starts). */
  #number(n, always) {
    const [, turn, , , , full] = n.before.split(' ');
    if (turn === 'w') return `${full}. `;
    return always ? `${full}… ` : '';
  }

  #renderMoves() {
    const list = this.#els.moves;
    const frag = document.createDocumentFragment();
    const nodes = this.#nodes;
    this.#renderLine(nodes[0].next, frag);
    list.replaceChildren(frag);
    list.hidden = !nodes[0].next;
  }

  #renderLine(first, into) {
    let n = first;
    let numbered = true;
    while (n) {
      const [, turn, , , , full] = n.before.split(' ');
      // A move number stays on the line of its move.
      const pair = h('span', 'm');
      if (turn === 'w' || numbered) pair.append(h('span', 'n', turn === 'w' ? `${full}.` : `${full}…`));
      const b = h('button', n.comments.length ? 'c' : '', this.#moveText(n).replace(/^\d+(\.|…) /, ''));
      b.type = 'button';
      b.tabIndex = -1;
      b.dataset.node = String(n.id);
      n.button = b;
      pair.append(b);
      into.append(pair, ' ');
      numbered = false;
      if (n.alts.length) {
        for (const alt of n.alts) {
          const v = h('span', 'var');
          this.#renderLine(alt, v);
          into.append(v);
        }
        numbered = true;
      }
      n = n.next;
    }
  }

  #path(n) {
    const out = [];
    for (let x = n; x && x.parent; x = x.parent) out.push(x);
    return out.reverse();
  }

  #go(node, notify = true) {
    const prev = this.#cur;
    this.#cur = node;
    const t = this[hooks.text];
    const { buttons, ply, now, alts, back, moves } = this.#els;
    // The move's drawings (arrows, circled points) on the board; the board's brushes are the drawings' colours.
    const shapes = (node.drawings ?? []).map((d) => ({ from: d.from, to: d.to, brush: d.color }));
    this.board.set({ fen: node.fen, lastMove: node.move, check: node.info?.check ? true : null, shapes });
    // The move list: the current move highlighted (and the one tab stop of the list), scrolled into view.
    const focusInList = moves.contains(this.shadowRoot.activeElement);
    if (prev?.button) {
      prev.button.removeAttribute('aria-current');
      prev.button.tabIndex = -1;
    }
    const target = node.button ?? node.next?.button;
    if (node.button) node.button.setAttribute('aria-current', 'step');
    if (target) {
      target.tabIndex = 0;
      const top = target.offsetTop - moves.offsetTop;
      if (top < moves.scrollTop || top + target.offsetHeight > moves.scrollTop + moves.clientHeight) {
        moves.scrollTop = Math.max(0, top - moves.clientHeight / 2);
      }
      if (focusInList) target.focus({ preventScroll: true });
    }
    // What is shown of the position: the move, its comment (text only), the alternatives of the next move.
    const head = node.move ? this.#moveText(node) : t.start;
    const parts = [h('p', 'move', node.depth ? `${head}  (${t.inVariation})` : head)];
    for (const c of node.comments) parts.push(recordText('p', 'comment', c));
    now.replaceChildren(...parts);
    const nextAlts = node.next?.alts ?? [];
    alts.replaceChildren();
    if (nextAlts.length) {
      alts.append(h('span', null, t.variations));
      for (const n of [node.next, ...nextAlts]) {
        const b = h('button', null, this.#moveText(n));
        b.type = 'button';
        b.dataset.node = String(n.id);
        alts.append(b);
      }
    }
    alts.hidden = !nextAlts.length;
    back.hidden = !node.lineStart?.altOf;
    for (const [name, b] of Object.entries(buttons)) {
      const off = name === 'first' || name === 'previous' ? !node.parent : !node.next;
      b.setAttribute('aria-disabled', String(off));
    }
    let end = node;
    while (end.next) end = end.next;
    ply.textContent = t.ply(node.ply, end.ply);
    if (notify && prev !== node) {
      this.dispatchEvent(new CustomEvent('navigate', { detail: this.current }));
    }
  }

  // --- events ------------------------------------------------------------------------------------------------

  #click(e) {
    const b = e.target.closest?.('button');
    if (!b || !this.#cur) return;
    const action = b.dataset.action;
    if (action === 'exit') this.exitVariation();
    else if (action) this[action]();
    else if (b.dataset.node) this.#go(this.#nodes[Number(b.dataset.node)]);
  }

  #key(e) {
    if (!this.#cur || e.altKey || e.ctrlKey || e.metaKey || e.composedPath().includes(this.board)) return;
    const act = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last', ArrowDown: 'enterVariation',
      ArrowUp: 'exitVariation' }[e.key];
    if (!act) return;
    e.preventDefault();
    this[act]();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('xiangqi-lesson')) {
  customElements.define('xiangqi-lesson', XiangqiLessonElement);
}
