// `xiangqi-wasm/editor`: `<xiangqi-editor>`, a record editor in one tag. It wraps a `<xiangqi-board>` and a
// `RecordEditor` (docs/editing.md): moves played on the board (going back and playing a different move makes a
// variation at that ply), the move tree with its variations, the comment after the move (and before a variation's
// first move), NAG buttons, arrows and circles (drawn with the secondary button, or with the draw tool by touch),
// the tags, the start position from a FEN, undo and redo; every control by keyboard. See docs/editor.md.
//
// The element is built on element-base.js (loading the record from `pgn`, a child script or `src`, its size cap,
// errors, theme, language, styles). Every edit goes through the RecordEditor, which refuses what would break the
// record with a typed error and changes nothing: the error is shown as text and the record stays as it was.
//
// Security: record text (tags, comments) reaches the page only as text (record-text.js) or as the value of a form
// field; no record text is parsed as HTML. Styles are constructable stylesheets (no <style>, no style attribute).
import { RecordElement, hooks, elementError, stepButton, STEPS, MAX_RECORD_BYTES } from './element-base.js';
import { api } from './wasm-build.js';
import { h, recordText, utf8Length } from './record-text.js';
import { moveText, coordinatesFor } from './record-tree.js';

export { MAX_RECORD_BYTES };

/** The NAG buttons: move quality (one at a time), as records write them. */
const NAGS = [[1, '!'], [2, '?'], [3, '!!'], [4, '??'], [5, '!?'], [6, '?!']];
const NAG_TEXT = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '⩲', 15: '⩱',
  16: '±', 17: '∓', 18: '+−', 19: '−+' };
const COLORS = ['green', 'red', 'blue', 'yellow'];
const COLOR_OF = { G: 'green', R: 'red', B: 'blue', Y: 'yellow' };
/** A drawing as the drawings field writes it (PGN's `[%cal]` / `[%csl]` tokens): `Gh2e2` an arrow, `Re7` a circle. */
const DRAWING = /^([GRBY])([a-i][0-9])([a-i][0-9])?$/i;
function drawingsText(drawings) {
  return drawings.map((d) => `${d.color[0].toUpperCase()}${d.from}${d.to ?? ''}`).join(' ');
}
/** The longest comment the comment box takes (UTF-8 bytes): a paste over it is refused with its size. */
const MAX_COMMENT_BYTES = 64 * 1024;

const LABELS = {
  en: {
    board: 'Editor board', tools: 'Edit', moves: 'Move tree', start: 'Start position',
    undo: 'Undo', redo: 'Redo', first: 'Start position', previous: 'Previous move', next: 'Next move',
    last: 'End of the line', delete: 'Delete from this move', promote: 'Promote variation',
    makeMain: 'Make main line',
    draw: 'Draw on the board', color: 'Colour', colors: { green: 'Green', red: 'Red', blue: 'Blue', yellow: 'Yellow' },
    clearDrawings: 'Clear drawings', drawings: 'Drawings (G/R/B/Y + points: Gh2e2 Re7)',
    badDrawing: (t) => `"${t}" is not a drawing: a colour letter G, R, B or Y, then a point (a circle) or two (an arrow)`,
    nags: 'Move marks', comment: 'Comment after the move',
    commentStart: 'Comment before the first move', commentBefore: 'Comment before this variation',
    tags: 'Tags', tagName: 'Tag name', tagValue: 'Value', addTag: 'Add tag', removeTag: (n) => `Remove tag ${n}`,
    valueOf: (n) => `Value of ${n}`, setup: 'Position setup', fen: 'Start position (FEN)', setStart: 'Set start position',
    noMoves: 'No moves yet: play one on the board.', error: 'The record could not be read:',
    editError: 'Not changed:', tooLong: (size) => `This text is too long (${size} bytes; the limit is ${MAX_COMMENT_BYTES}).`,
    variation: 'variation', ply: (n) => `Half-move ${n}`,
    nagNames: { 1: 'Good move', 2: 'Mistake', 3: 'Brilliant move', 4: 'Blunder', 5: 'Interesting move', 6: 'Inaccuracy' },
  },
  zh: {
    board: '编辑棋盘', tools: '编辑', moves: '着法树', start: '开局局面',
    undo: '撤销', redo: '重做', first: '开局局面', previous: '上一着', next: '下一着', last: '本变着末尾',
    delete: '删除此着及以后', promote: '提升变着', makeMain: '设为主线', draw: '在棋盘上画图', color: '颜色',
    colors: { green: '绿', red: '红', blue: '蓝', yellow: '黄' }, clearDrawings: '清除图形',
    drawings: '图形（G/R/B/Y 加点：Gh2e2 Re7）',
    badDrawing: (t) => `“${t}”不是图形：颜色字母 G、R、B 或 Y，再加一个点（圆圈）或两个点（箭头）`, nags: '着法评注',
    comment: '着后注释', commentStart: '开局注释', commentBefore: '变着前注释',
    tags: '标签', tagName: '标签名', tagValue: '值', addTag: '添加标签', removeTag: (n) => `删除标签 ${n}`,
    valueOf: (n) => `${n} 的值`, setup: '摆设局面', fen: '初始局面（FEN）', setStart: '设为初始局面',
    noMoves: '还没有着法：在棋盘上走一步。', error: '无法读取棋谱：',
    editError: '未更改：', tooLong: (size) => `文字太长（${size} 字节；上限 ${MAX_COMMENT_BYTES}）。`,
    variation: '变着', ply: (n) => `第${n}着`,
    nagNames: { 1: '好棋', 2: '错着', 3: '妙着', 4: '败着', 5: '有趣的着法', 6: '缓着' },
  },
  'zh-Hant': {
    board: '編輯棋盤', tools: '編輯', moves: '著法樹', start: '開局局面',
    undo: '撤銷', redo: '重做', first: '開局局面', previous: '上一著', next: '下一著', last: '本變著末尾',
    delete: '刪除此著及以後', promote: '提升變著', makeMain: '設為主線', draw: '在棋盤上畫圖', color: '顏色',
    colors: { green: '綠', red: '紅', blue: '藍', yellow: '黃' }, clearDrawings: '清除圖形',
    drawings: '圖形（G/R/B/Y 加點：Gh2e2 Re7）',
    badDrawing: (t) => `「${t}」不是圖形：顏色字母 G、R、B 或 Y，再加一個點（圓圈）或兩個點（箭頭）`, nags: '著法評註',
    comment: '著後註釋', commentStart: '開局註釋', commentBefore: '變著前註釋',
    tags: '標籤', tagName: '標籤名', tagValue: '值', addTag: '新增標籤', removeTag: (n) => `刪除標籤 ${n}`,
    valueOf: (n) => `${n} 的值`, setup: '擺設局面', fen: '初始局面（FEN）', setStart: '設為初始局面',
    noMoves: '還沒有著法：在棋盤上走一著。', error: '無法讀取棋譜：',
    editError: '未更改：', tooLong: (size) => `文字太長（${size} 位元組；上限 ${MAX_COMMENT_BYTES}）。`,
    variation: '變著', ply: (n) => `第${n}著`,
    nagNames: { 1: '好棋', 2: '錯著', 3: '妙著', 4: '敗著', 5: '有趣的著法', 6: '緩著' },
  },
  vi: {
    board: 'Bàn cờ soạn thảo', tools: 'Soạn thảo', moves: 'Cây nước đi', start: 'Thế cờ ban đầu',
    undo: 'Hoàn tác', redo: 'Làm lại', first: 'Thế cờ ban đầu', previous: 'Nước trước', next: 'Nước sau',
    last: 'Cuối biến này', delete: 'Xóa từ nước này', promote: 'Nâng biến lên', makeMain: 'Đặt làm biến chính',
    draw: 'Vẽ lên bàn cờ', color: 'Màu', colors: { green: 'Xanh lá', red: 'Đỏ', blue: 'Xanh dương', yellow: 'Vàng' },
    clearDrawings: 'Xóa hình vẽ', drawings: 'Hình vẽ (G/R/B/Y + điểm: Gh2e2 Re7)',
    badDrawing: (t) => `“${t}” không phải hình vẽ: một chữ màu G, R, B hoặc Y, rồi một điểm (vòng tròn) hoặc hai điểm (mũi tên)`,
    nags: 'Ký hiệu đánh giá', comment: 'Lời bình sau nước đi',
    commentStart: 'Lời bình trước nước đầu', commentBefore: 'Lời bình trước biến này',
    tags: 'Thẻ', tagName: 'Tên thẻ', tagValue: 'Giá trị', addTag: 'Thêm thẻ', removeTag: (n) => `Xóa thẻ ${n}`,
    valueOf: (n) => `Giá trị của ${n}`, setup: 'Xếp thế cờ', fen: 'Thế cờ ban đầu (FEN)', setStart: 'Đặt làm thế cờ ban đầu',
    noMoves: 'Chưa có nước nào: hãy đi một nước trên bàn cờ.', error: 'Không đọc được biên bản:',
    editError: 'Không thay đổi:', tooLong: (size) => `Đoạn chữ quá dài (${size} byte; tối đa ${MAX_COMMENT_BYTES}).`,
    variation: 'biến', ply: (n) => `Nửa nước ${n}`,
    nagNames: { 1: 'Nước tốt', 2: 'Nước sai', 3: 'Nước xuất sắc', 4: 'Nước hỏng', 5: 'Nước thú vị', 6: 'Nước chưa chính xác' },
  },
};

const CSS = `
.tools svg { width: 1em; height: 1em; fill: currentColor; display: block; margin: auto; }
.tools .break { flex-basis: 100%; height: 0; }
.tools { display: flex; gap: 4px; flex-wrap: wrap; align-items: center; }
button, input, textarea, select { font: inherit; color: inherit; }
.tools button, .nags button, .tags button, .setup button { min-width: 2.2em; min-height: 2.2em; padding: 0 .4em;
  border-radius: 6px; border: 1px solid #c7b58f; background: #fffdf8; cursor: pointer; }
.dark .tools button, .dark .nags button, .dark .tags button, .dark .setup button { border-color: #4a4f58;
  background: #2a2d33; }
button:disabled { opacity: .45; cursor: default; }
button[aria-pressed="true"] { background: #a3231b !important; color: #fff; border-color: #a3231b !important; }
.dark button[aria-pressed="true"] { background: #ff8a7a !important; color: #1e2024; }
input:focus-visible, textarea:focus-visible, select:focus-visible { outline: 3px solid #2f6fd6; outline-offset: 1px; }
input, textarea, select { border: 1px solid #b9a67e; border-radius: 6px; background: #fff; padding: 4px 6px;
  min-width: 0; }
.dark input, .dark textarea, .dark select { background: #26292e; border-color: #5a606b; }
label.drawings input { width: 100%; font-family: ui-monospace, monospace; }
textarea { width: 100%; resize: vertical; min-height: 3.4em; }
label { display: block; font-size: .9em; }
.nags { display: flex; gap: 4px; flex-wrap: wrap; }
.moves { margin: 0; padding: 6px 8px; max-height: 18em; overflow: auto; border-radius: 8px;
  border: 1px solid #eadfc8; background: #fffdf8; line-height: 1.9; }
.dark .moves { border-color: #3b3f46; background: #23262b; }
.moves .m { white-space: nowrap; }
.moves .n { opacity: .75; margin-inline: 6px 2px; font-variant-numeric: tabular-nums; }
.moves button { border: 0; background: none; padding: 0 4px; border-radius: 4px; cursor: pointer; }
.moves button:hover { background: #f1e6cf; }
.dark .moves button:hover { background: #353941; }
.moves button.c::after { content: "•"; color: #8a5a00; margin-inline-start: 1px; }
.moves button[aria-current="step"] { background: #a3231b; color: #fff; }
.dark .moves button[aria-current="step"] { background: #ff8a7a; color: #1e2024; }
.moves .empty { margin: 0; opacity: .8; }
.var { display: block; margin: 2px 0 2px 10px; padding-inline-start: 8px; border-inline-start: 2px solid #d7c49c;
  font-size: .95em; }
.dark .var { border-color: #4a4f58; }
.ply { margin-inline-start: auto; font-variant-numeric: tabular-nums; font-size: .9em; }
details { border: 1px solid #eadfc8; border-radius: 8px; padding: 4px 8px; }
.dark details { border-color: #3b3f46; }
summary { cursor: pointer; font-weight: 600; }
summary:focus-visible { outline: 3px solid #2f6fd6; }
.tags .row, .setup .row { display: flex; gap: 4px; align-items: end; flex-wrap: wrap; margin: 4px 0; }
.tags .row input { flex: 1 1 8em; }
.tags .name { flex: 0 0 7em; font-weight: 600; overflow-wrap: anywhere; align-self: center; }
.fen-label { flex: 1 1 100%; }
.setup input { width: 100%; font-family: ui-monospace, monospace; font-size: .9em; }
.edit-error { margin: 0; padding: 6px 8px; border-radius: 6px; border: 1px solid #d2453a; background: #fdecea;
  color: #8a1c14; }
.dark .edit-error { background: #3a1f1d; color: #ffb4aa; }
.draw-on .board { touch-action: none; }
`;

/**
 * `<xiangqi-editor pgn="…" lang="zh">`: a record editor. See editor.d.ts and docs/editor.md.
 */
export class XiangqiEditorElement extends RecordElement {
  static part = 'editor';
  static css = CSS;
  static labels = LABELS;
  static recordAttributes = ['fen'];
  #editor = null;
  #els;
  #info = new Map();
  #draw = false;
  #pending = null;
  #gesture = null;
  /** Whether the record was given by the `record` property (kept when there is no record source to load). */
  #given = false;

  constructor() {
    super();
    this.#build();
  }

  // --- public API --------------------------------------------------------------------------------------------

  /** The edited record (a fresh `RecordGame`), or `null` before one is loaded. */
  get record() {
    return this.#editor ? this.#editor.record() : null;
  }

  /** Loads a `RecordGame` (or a FEN, or `null` for an empty game). Throws the editor's typed errors (nothing changes). */
  set record(value) {
    const editor = new (api().RecordEditor)(value ?? null);
    this.#replace(editor);
    this.#given = true;
    // A record given after a record source failed: shown instead of the error.
    const { error, body } = this[hooks.frame];
    error.hidden = true;
    body.hidden = false;
  }

  /** The current node: `{ id, parent, children, move, ply, fen, comment, commentBefore, nags, drawings, mainLine, notation }`. */
  get current() {
    if (!this.#editor) return null;
    const n = this.#editor.node(this.#editor.current());
    return { ...n, notation: n.move ? this.#moveInfo(n).chinese : null };
  }

  /** Node `id` of the record (`EditorNode`); throws ERR_EDIT_NODE for a node the tree does not have. */
  node(id) {
    return this.#need().node(id);
  }

  /** The record written as text or bytes (`writeRecord`'s options; PGN by default). */
  write(options = { format: 'pgn' }) {
    return this.#editor ? api().writeRecord(this.#editor.record(), options) : null;
  }

  /** The record as PGN text. */
  pgn() {
    return this.write({ format: 'pgn' });
  }

  /** Goes to node `id` (not an edit). Throws ERR_EDIT_NODE for a node the tree does not have. */
  go(id) {
    this.#need().go(id);
    this.#render(false);
  }

  /** Plays `move` (ICCS) at the current node: a new move, a variation, or the move the tree has. Returns its id. */
  play(move) {
    return this.#edit('play', () => this.#need().play(move));
  }

  /** Takes the last edit back; `false` when there was none. */
  undo() {
    return this.#edit('undo', () => this.#need().undo() || null);
  }

  /** Makes the last undone edit again; `false` when there was none. */
  redo() {
    return this.#edit('redo', () => this.#need().redo() || null);
  }

  // --- the base's hooks --------------------------------------------------------------------------------------

  [hooks.reconnected]() {
    if (!this.#editor) return false;
    this.#render();
    return true;
  }

  async [hooks.load](record) {
    // Connected with no record source but a record given by the property: that record stays.
    if (record == null && !this.hasAttribute('fen') && this.#given && this.#editor) {
      this.#render();
      await this.board.ready;
      this[hooks.resolveReady]();
      return;
    }
    const source = record == null ? (this.getAttribute('fen') || null) : api().readRecord(record);
    const editor = new (api().RecordEditor)(source);
    this.#replace(editor);
    this.#given = false;
    await this.board.ready;
    this[hooks.resolveReady]();
    this.dispatchEvent(new CustomEvent('load', { detail: { headers: editor.record().headers,
      format: source && typeof source === 'object' ? source.format : null,
      warnings: source && typeof source === 'object' ? source.warnings ?? [] : [] } }));
  }

  [hooks.failed]() {
    this.#editor?.free();
    this.#editor = null;
  }

  [hooks.language]() {
    this.#labels();
    this[hooks.notation](); // the default notation follows the language
  }

  [hooks.notation]() {
    this[hooks.frame].board.setAttribute('coordinates', coordinatesFor(this[hooks.notationInForce]));
    this.#render();
  }

  [hooks.boardOptions]() {
    this[hooks.setBoardOptions]('red');
  }

  // --- building ----------------------------------------------------------------------------------------------

  #build() {
    const { wrap, side, board } = this[hooks.frame];
    board.setAttribute('coordinates', coordinatesFor(this[hooks.notationInForce]));
    const button = (action, text) => {
      if (STEPS.includes(action)) return stepButton(action);
      const b = h('button', action, text);
      b.type = 'button';
      b.dataset.action = action;
      return b;
    };
    const tools = h('div', 'tools');
    tools.setAttribute('role', 'toolbar');
    const buttons = {};
    for (const [action, text] of [['undo', '↶'], ['redo', '↷'], ['first'], ['previous'], ['next'],
      ['last'], ['delete', '✕'], ['promote', '⇡'], ['makeMain', '⇈'], ['draw', '✎']]) {
      buttons[action] = button(action, text);
      // The drawing tools on a row of their own.
      if (action === 'draw') tools.append(h('span', 'break'));
      tools.append(buttons[action]);
    }
    buttons.draw.setAttribute('aria-pressed', 'false');
    const color = document.createElement('select');
    color.className = 'color';
    for (const c of COLORS) color.append(h('option', null, c));
    buttons.clearDrawings = button('clearDrawings', '⌫');
    const ply = h('span', 'ply');
    tools.append(color, buttons.clearDrawings, ply);
    const editError = h('p', 'edit-error');
    editError.setAttribute('role', 'alert');
    editError.hidden = true;
    const moves = h('div', 'moves');
    moves.setAttribute('role', 'group');
    moves.setAttribute('part', 'moves');
    const nags = h('div', 'nags');
    nags.setAttribute('role', 'group');
    const nagButtons = NAGS.map(([n, text]) => {
      const b = button('nag', text);
      b.dataset.nag = String(n);
      b.setAttribute('aria-pressed', 'false');
      nags.append(b);
      return b;
    });
    const field = (cls) => {
      const label = h('label', cls);
      const span = h('span');
      const area = document.createElement('textarea');
      area.rows = 2;
      label.append(span, area);
      return { label, span, area };
    };
    const before = field('before');
    const after = field('after');
    const drawLabel = h('label', 'drawings');
    const drawSpan = h('span');
    const drawings = document.createElement('input');
    drawings.className = 'drawings-text';
    drawings.autocomplete = 'off';
    drawings.spellcheck = false;
    drawLabel.append(drawSpan, drawings);
    const tags = h('details', 'tags');
    const tagsSummary = h('summary');
    const tagList = h('div', 'list');
    const addRow = h('div', 'row');
    const newName = document.createElement('input');
    newName.className = 'new-name';
    newName.autocomplete = 'off';
    const newValue = document.createElement('input');
    newValue.className = 'new-value';
    newValue.autocomplete = 'off';
    const addTag = button('addTag');
    addRow.append(newName, newValue, addTag);
    tags.append(tagsSummary, tagList, addRow);
    const setup = h('details', 'setup');
    const setupSummary = h('summary');
    const setupRow = h('div', 'row');
    const fen = document.createElement('input');
    fen.className = 'fen';
    fen.autocomplete = 'off';
    fen.spellcheck = false;
    const fenLabel = h('label', 'fen-label');
    const fenSpan = h('span');
    fenLabel.append(fenSpan, fen);
    const setStart = button('setStart');
    setupRow.append(fenLabel, setStart);
    setup.append(setupSummary, setupRow);
    side.append(tools, editError, moves, nags, before.label, after.label, drawLabel, tags, setup);
    this.#els = { drawLabel, drawSpan, drawings, tools, buttons, color, ply, editError, moves, nags, nagButtons, before, after, tags, tagsSummary,
      tagList, newName, newValue, addTag, setup, setupSummary, fen, fenSpan, setStart };

    wrap.addEventListener('click', (e) => this.#click(e));
    wrap.addEventListener('keydown', (e) => this.#key(e));
    wrap.addEventListener('change', (e) => this.#change(e));
    board.addEventListener('move', (e) => this.#boardMove(e));
    // Drawing: the secondary button (or the primary one with the draw tool on) is taken before the board sees it.
    board.addEventListener('pointerdown', (e) => this.#drawDown(e), { capture: true });
    board.addEventListener('pointerup', (e) => this.#drawUp(e), { capture: true });
    board.addEventListener('pointermove', (e) => this.#drawMove(e), { capture: true });
    board.addEventListener('pointercancel', () => { this.#gesture = null; this.#render(false); }, { capture: true });
    board.addEventListener('contextmenu', (e) => e.preventDefault());
    this.#labels();
  }

  #labels() {
    const t = this[hooks.text];
    const e = this.#els;
    e.tools.setAttribute('aria-label', t.tools);
    for (const [name, b] of Object.entries(e.buttons)) {
      b.setAttribute('aria-label', t[name]);
      b.title = t[name];
    }
    e.color.setAttribute('aria-label', t.color);
    [...e.color.options].forEach((o, i) => { o.textContent = t.colors[COLORS[i]]; o.value = COLORS[i]; });
    e.moves.setAttribute('aria-label', t.moves);
    e.nags.setAttribute('aria-label', t.nags);
    for (const b of e.nagButtons) {
      b.setAttribute('aria-label', `${b.textContent} ${t.nagNames[b.dataset.nag]}`);
      b.title = t.nagNames[b.dataset.nag];
    }
    e.before.span.textContent = t.commentBefore;
    e.drawSpan.textContent = t.drawings;
    e.tagsSummary.textContent = t.tags;
    e.newName.setAttribute('aria-label', t.tagName);
    e.newName.placeholder = t.tagName;
    e.newValue.setAttribute('aria-label', t.tagValue);
    e.newValue.placeholder = t.tagValue;
    e.addTag.textContent = t.addTag;
    e.setupSummary.textContent = t.setup;
    e.fenSpan.textContent = t.fen;
    e.setStart.textContent = t.setStart;
    this.board.setAttribute('lang', this[hooks.lang]);
    this.board.setAttribute('label', t.board);
  }

  // --- state -------------------------------------------------------------------------------------------------

  #need() {
    if (!this.#editor) throw elementError('ERR_EDIT_NODE', 'the editor has no record yet', { node: null });
    return this.#editor;
  }

  #replace(editor) {
    this.#editor?.free();
    this.#editor = editor;
    this.#info = new Map();
    this.#pending = null;
    this.#showError(null);
    this[hooks.setBoardOptions]('red');
    this.#render();
  }

  /** Runs an edit: on success renders and fires `change` (unless `fn` returned null: nothing was edited). */
  #edit(kind, fn, detail = {}) {
    const editor = this.#need();
    const children = kind === 'play' ? editor.node(editor.current()).children : null;
    let result;
    try {
      result = fn();
    } catch (e) {
      this.#showError(e);
      throw e;
    }
    this.#showError(null);
    this.#render();
    // `play` of a move the tree has only moves the cursor: no edit.
    if (result !== null && !(children && children.includes(result))) {
      this.dispatchEvent(new CustomEvent('change', { detail: { edit: kind, node: editor.current(), ...detail } }));
    }
    return result ?? false;
  }

  /** The same as #edit for the controls: a refused edit is shown, not thrown. */
  #try(kind, fn, detail) {
    try {
      return this.#edit(kind, fn, detail);
    } catch {
      return false;
    }
  }

  #showError(e) {
    const box = this.#els.editError;
    if (!e) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.replaceChildren(h('strong', null, `${this[hooks.text].editError} `),
      recordText('span', 'detail', `${e.code ?? 'ERR_ARGUMENT'}: ${e.message}`, 2000));
    box.hidden = false;
  }

  #moveInfo(n) {
    let info = this.#info.get(n.id);
    if (!info) {
      const game = new (api().Game)(this.#editor.node(n.parent).fen);
      try {
        info = game.playRecorded(n.move);
      } finally {
        game.free();
      }
      this.#info.set(n.id, info);
    }
    return info;
  }

  #moveText(n) {
    const before = this.#editor.node(n.parent).fen;
    const text = moveText(before, n.move, this.#moveInfo(n), this[hooks.notationInForce], this[hooks.lang]);
    return `${text}${n.nags.map((x) => NAG_TEXT[x] ?? ` $${x}`).join('')}`;
  }

  // --- rendering ---------------------------------------------------------------------------------------------

  /** Shows the current node; `full`: the tree and the tags too (after an edit), else only the tree's highlight. */
  #render(full = true) {
    const editor = this.#editor;
    if (!editor) return;
    const t = this[hooks.text];
    const e = this.#els;
    const cur = editor.node(editor.current());
    const game = new (api().Game)(cur.fen);
    try {
      const drawings = this.#pending ? [{ from: this.#pending, to: null, color: this.#els.color.value }] : [];
      this.board.set({ fen: cur.fen, lastMove: cur.move, check: game.isCheck() ? true : null, movable: game.turn(),
        dests: game.dests(), shapes: [...cur.drawings, ...drawings].map((d) => ({ from: d.from, to: d.to, brush: d.color })) });
    } finally {
      game.free();
    }
    if (full) this.#renderTree(cur.id);
    else this.#highlight(cur.id);
    // The tools.
    const parent = cur.parent == null ? null : editor.node(cur.parent);
    const b = e.buttons;
    b.undo.disabled = !editor.canUndo();
    b.redo.disabled = !editor.canRedo();
    b.first.disabled = b.previous.disabled = cur.parent == null;
    b.next.disabled = b.last.disabled = !cur.children.length;
    b.delete.disabled = cur.parent == null;
    b.promote.disabled = b.makeMain.disabled = cur.mainLine;
    b.clearDrawings.disabled = !cur.drawings.length;
    e.ply.textContent = cur.parent == null ? t.start : `${t.ply(cur.ply)}${cur.mainLine ? '' : ` (${t.variation})`}`;
    for (const nb of e.nagButtons) {
      nb.disabled = cur.parent == null;
      nb.setAttribute('aria-pressed', String(cur.nags.includes(Number(nb.dataset.nag))));
    }
    // The comments: after the move (before the first move at the start), and before a variation's first move.
    const first = parent ? parent.children.indexOf(cur.id) > 0 : false;
    e.before.label.hidden = !first;
    if (this.shadowRoot.activeElement !== e.before.area) e.before.area.value = cur.commentBefore ?? '';
    e.after.span.textContent = cur.parent == null ? t.commentStart : t.comment;
    if (this.shadowRoot.activeElement !== e.after.area) e.after.area.value = cur.comment ?? '';
    e.drawLabel.hidden = cur.parent == null;
    if (this.shadowRoot.activeElement !== e.drawings) e.drawings.value = drawingsText(cur.drawings);
    if (full) this.#renderTags();
    if (this.shadowRoot.activeElement !== e.fen) e.fen.value = editor.node(0).fen;
  }

  #renderTree(currentId) {
    const editor = this.#editor;
    const list = this.#els.moves;
    const focusInList = list.contains(this.shadowRoot.activeElement);
    const frag = document.createDocumentFragment();
    const root = editor.node(0);
    let target = null;
    const line = (id, into) => {
      let numbered = true;
      while (id != null) {
        const n = editor.node(id);
        const before = editor.node(n.parent).fen;
        const [, turn, , , , full] = before.split(' ');
        const pair = h('span', 'm');
        if (turn === 'w' || numbered) pair.append(h('span', 'n', turn === 'w' ? `${full}.` : `${full}…`));
        const b = h('button', n.comment || n.commentBefore ? 'c' : '', this.#moveText(n));
        b.type = 'button';
        b.tabIndex = -1;
        b.dataset.node = String(n.id);
        if (n.id === currentId) {
          b.setAttribute('aria-current', 'step');
          target = b;
        }
        pair.append(b);
        into.append(pair, ' ');
        numbered = false;
        const parent = editor.node(n.parent);
        // The alternatives to this move, each under it.
        if (parent.children[0] === n.id && parent.children.length > 1) {
          for (const alt of parent.children.slice(1)) {
            const v = h('span', 'var');
            line(alt, v);
            into.append(v);
          }
          numbered = true;
        }
        id = n.children[0] ?? null;
      }
    };
    if (root.children.length) line(root.children[0], frag);
    else frag.append(h('p', 'empty', this[hooks.text].noMoves));
    list.replaceChildren(frag);
    this.#focusMove(target ?? list.querySelector('button[data-node]'), focusInList);
  }

  /** Moves the tree's highlight (and its one tab stop) to node `id`'s move, without building the tree again. */
  #highlight(id) {
    const list = this.#els.moves;
    const focusInList = list.contains(this.shadowRoot.activeElement);
    for (const b of list.querySelectorAll('button[aria-current], button[tabindex="0"]')) {
      b.removeAttribute('aria-current');
      b.tabIndex = -1;
    }
    const target = list.querySelector(`button[data-node="${id}"]`);
    target?.setAttribute('aria-current', 'step');
    this.#focusMove(target ?? list.querySelector('button[data-node]'), focusInList);
  }

  #focusMove(target, focus) {
    const list = this.#els.moves;
    if (target) {
      target.tabIndex = 0;
      const top = target.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + target.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
      if (focus) target.focus({ preventScroll: true });
    }
  }

  #renderTags() {
    const t = this[hooks.text];
    const list = this.#els.tagList;
    const active = this.shadowRoot.activeElement;
    const focused = list.contains(active) ? active.dataset.tag : null;
    const rows = [];
    for (const [name, value] of this.#editor.record().headerList) {
      if (name === 'FEN') continue;
      const row = h('div', 'row');
      const label = recordText('span', 'name', name, 60);
      label.id = `tag-${rows.length}`;
      const input = document.createElement('input');
      input.className = 'tag-value';
      input.value = value;
      input.dataset.tag = name;
      input.autocomplete = 'off';
      input.setAttribute('aria-label', t.valueOf(name));
      const remove = h('button', 'remove', '✕');
      remove.type = 'button';
      remove.dataset.action = 'removeTag';
      remove.dataset.tag = name;
      remove.setAttribute('aria-label', t.removeTag(name));
      remove.title = t.removeTag(name);
      row.append(label, input, remove);
      rows.push(row);
    }
    list.replaceChildren(...rows);
    if (focused) {
      const again = [...list.querySelectorAll('input')].find((i) => i.dataset.tag === focused);
      again?.focus();
    }
  }

  // --- events ------------------------------------------------------------------------------------------------

  #nav(to) {
    const editor = this.#editor;
    if (!editor) return;
    const cur = editor.node(editor.current());
    let id = null;
    if (to === 'first') id = 0;
    else if (to === 'previous') id = cur.parent;
    else if (to === 'next') id = cur.children[0] ?? null;
    else if (to === 'last') {
      let n = cur;
      while (n.children.length) n = editor.node(n.children[0]);
      id = n.id;
    } else if (to === 'down' || to === 'up') {
      // The next / previous alternative at this ply (a sibling of the current move).
      if (cur.parent == null) return;
      const siblings = editor.node(cur.parent).children;
      id = siblings[siblings.indexOf(cur.id) + (to === 'down' ? 1 : -1)] ?? null;
    }
    if (id == null || id === cur.id) return;
    this.#commitComments();
    this.#pending = null;
    editor.go(id);
    this.#render(false);
  }

  #click(e) {
    const b = e.target.closest?.('button');
    if (!b || !this.#editor || b.disabled) return;
    const action = b.dataset.action;
    const editor = this.#editor;
    const cur = editor.current();
    if (b.dataset.node) {
      this.#commitComments();
      this.#pending = null;
      editor.go(Number(b.dataset.node));
      this.#render(false);
    } else if (['first', 'previous', 'next', 'last'].includes(action)) {
      this.#nav(action);
    } else if (action === 'undo' || action === 'redo') {
      this.#try(action, () => editor[action]() || null);
    } else if (action === 'delete') {
      this.#try('delete', () => editor.delete(cur), { deleted: cur });
    } else if (action === 'promote' || action === 'makeMain') {
      this.#try(action, () => editor[action](cur));
    } else if (action === 'draw') {
      this.#draw = !this.#draw;
      this.#pending = null;
      b.setAttribute('aria-pressed', String(this.#draw));
      this[hooks.frame].wrap.classList.toggle('draw-on', this.#draw);
      this.#render(false);
    } else if (action === 'clearDrawings') {
      this.#try('drawings', () => editor.setDrawings(cur, []));
    } else if (action === 'nag') {
      const n = Number(b.dataset.nag);
      const nags = editor.node(cur).nags;
      const next = nags.includes(n) ? nags.filter((x) => x !== n) : [...nags.filter((x) => x > 6), n].sort((a, c) => a - c);
      this.#try('nags', () => editor.setNags(cur, next));
    } else if (action === 'addTag') {
      const { newName, newValue } = this.#els;
      if (this.#try('tag', () => editor.setTag(newName.value.trim(), newValue.value), { tag: newName.value.trim() }) !== false) {
        newName.value = '';
        newValue.value = '';
      }
    } else if (action === 'removeTag') {
      this.#try('tag', () => editor.removeTag(b.dataset.tag) || null, { tag: b.dataset.tag });
    } else if (action === 'setStart') {
      this.#try('start', () => editor.setStart(this.#els.fen.value.trim()));
    }
  }

  #change(e) {
    const el = e.target;
    if (!this.#editor) return;
    if (el.classList?.contains('tag-value')) {
      const editor = this.#editor;
      if (this.#try('tag', () => editor.setTag(el.dataset.tag, el.value), { tag: el.dataset.tag }) === false) {
        el.value = editor.record().headers[el.dataset.tag] ?? '';
      }
    } else if (el === this.#els.after.area || el === this.#els.before.area) {
      this.#commitComments();
    } else if (el === this.#els.drawings) {
      const editor = this.#editor;
      const cur = editor.current();
      const tokens = el.value.trim().split(/[\s,]+/).filter(Boolean);
      const bad = tokens.find((x) => !DRAWING.test(x));
      if (bad) {
        this.#showError(elementError('ERR_ARGUMENT', this[hooks.text].badDrawing(bad.slice(0, 40))));
        return;
      }
      const next = tokens.map((x) => {
        const [, c, from, to] = DRAWING.exec(x);
        return { from: from.toLowerCase(), to: to ? to.toLowerCase() : null, color: COLOR_OF[c.toUpperCase()] };
      });
      this.#try('drawings', () => editor.setDrawings(cur, next));
    }
  }

  /** The comment boxes' text saved to the current node, when it changed. */
  #commitComments() {
    const editor = this.#editor;
    if (!editor) return;
    const cur = editor.node(editor.current());
    const { after, before } = this.#els;
    for (const [area, key, set] of [[after.area, 'comment', 'setComment'], [before.area, 'commentBefore', 'setCommentBefore']]) {
      if (area === before.area && before.label.hidden) continue;
      const value = area.value;
      if (value === (cur[key] ?? '')) continue;
      const size = utf8Length(value, MAX_COMMENT_BYTES);
      if (size > MAX_COMMENT_BYTES) {
        this.#showError(elementError('ERR_ARGUMENT', this[hooks.text].tooLong(size)));
        area.value = cur[key] ?? '';
        continue;
      }
      this.#try('comment', () => editor[set](cur.id, value || null), { before: key === 'commentBefore' });
    }
  }

  #key(e) {
    const editor = this.#editor;
    if (!editor) return;
    const path = e.composedPath();
    if (path.includes(this.board)) return;
    const field = path[0]?.matches?.('input, textarea, select');
    if (e.ctrlKey || e.metaKey) {
      if (field) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) this.#try('undo', () => editor.undo() || null);
      else if (k === 'y' || (k === 'z' && e.shiftKey)) this.#try('redo', () => editor.redo() || null);
      else return;
      e.preventDefault();
      return;
    }
    if (field || e.altKey) return;
    const to = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last', ArrowDown: 'down',
      ArrowUp: 'up' }[e.key];
    if (to) {
      // Arrow keys on a button of a toolbar still step through the record.
      e.preventDefault();
      this.#nav(to);
    } else if (e.key === 'Delete') {
      const cur = editor.current();
      if (cur === 0) return;
      e.preventDefault();
      this.#try('delete', () => editor.delete(cur), { deleted: cur });
    }
  }

  #boardMove(e) {
    if (!this.#editor) return;
    this.#commitComments();
    this.#pending = null;
    // A refused move (none: the board offers only legal ones) shows its error and the position again.
    if (this.#try('play', () => this.#editor.play(e.detail.move)) === false) this.#render();
  }

  // --- drawing -----------------------------------------------------------------------------------------------

  #drawDown(e) {
    if (!this.#editor || !(e.button === 2 || (this.#draw && e.button === 0))) return;
    const sq = this.board.board?.squareAt(e.clientX, e.clientY);
    e.stopPropagation();
    e.preventDefault();
    if (!sq) return;
    try {
      this.board.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event
    }
    const brush = e.button === 2 ? (e.shiftKey || e.ctrlKey ? (e.altKey || e.metaKey ? 'yellow' : 'red')
      : e.altKey || e.metaKey ? 'blue' : 'green') : this.#els.color.value;
    this.#gesture = { id: e.pointerId, from: sq, over: sq, brush, secondary: e.button === 2 };
  }

  /** While a drawing is dragged, the arrow so far is shown with the move's drawings. */
  #drawMove(e) {
    const g = this.#gesture;
    if (!g || e.pointerId !== g.id) return;
    e.stopPropagation();
    const to = this.board.board?.squareAt(e.clientX, e.clientY) ?? g.from;
    if (to === g.over) return;
    g.over = to;
    const cur = this.#editor.node(this.#editor.current());
    const shapes = cur.drawings.map((d) => ({ from: d.from, to: d.to, brush: d.color }));
    if (to !== g.from) shapes.push({ from: g.from, to, brush: g.brush });
    this.board.set({ shapes });
  }

  #drawUp(e) {
    const g = this.#gesture;
    if (!g || e.pointerId !== g.id) return;
    this.#gesture = null;
    e.stopPropagation();
    const to = this.board.board?.squareAt(e.clientX, e.clientY) ?? g.from;
    let shape;
    if (to !== g.from) shape = { from: g.from, to, color: g.brush };
    else if (g.secondary) shape = { from: g.from, to: null, color: g.brush };
    else if (this.#pending) {
      // The draw tool by taps: a first point, then the same point (a circle) or another (an arrow).
      shape = { from: this.#pending, to: this.#pending === to ? null : to, color: g.brush };
      this.#pending = null;
    } else {
      this.#pending = to;
      this.#render(false);
      return;
    }
    this.#toggleShape(shape);
  }

  #toggleShape(shape) {
    const editor = this.#editor;
    const cur = editor.node(editor.current());
    if (cur.parent == null) {
      this.#pending = null;
      this.#render(false);
      return; // the start has no drawings
    }
    const i = cur.drawings.findIndex((d) => d.from === shape.from && d.to === shape.to);
    const next = [...cur.drawings];
    if (i >= 0) {
      const same = next[i].color === shape.color;
      next.splice(i, 1);
      if (!same) next.push(shape);
    } else {
      next.push(shape);
    }
    if (this.#try('drawings', () => editor.setDrawings(cur.id, next)) === false) this.#render(false);
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('xiangqi-editor')) {
  customElements.define('xiangqi-editor', XiangqiEditorElement);
}
