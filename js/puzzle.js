// `xiangqi-wasm/puzzle`: `<xiangqi-puzzle>`, an exercise for teaching sites in one tag: the reader plays the
// answer on the board and the engine checks it. The position is `fen` (the side to move is the solver) with an
// optional `solution` (ICCS), or a record (a `pgn` attribute, a `<script type="application/x-chess-pgn">` child or
// a `src` URL: PGN, DhtmlXQ, XQF) whose main line is the solution and whose comments are shown after each move;
// a record of several games is a numbered set. Goals: `line` (the written moves and the record's variations),
// `mate` (any move that keeps a forced mate within the limit, proved by the wasm MateProver: alternative
// solutions are credited) and `win` (any move after which the engine still scores a win). See docs/puzzle.md.
//
// The element is built on element-base.js (loading, errors, theme, language, styles: as <xiangqi-lesson>); the
// record's tree comes from record-tree.js (the written solution too), the checks from puzzle-client.js (a module
// worker, puzzle-worker.js, or the page where no worker can start). Record text reaches the page only as text
// nodes (record-text.js); styles are constructable stylesheets.
import { RecordElement, hooks, elementError, MAX_RECORD_BYTES } from './element-base.js';
import { Game, readRecords } from './xiangqi_wasm.js';
import { readTree, solutionTree, link, moveText, coordinatesFor } from './record-tree.js';
import { WIN_MARGIN_CP } from './puzzle-check.js';
import { check, warmChecks, proveMatingMoves } from './puzzle-client.js';
import { h, recordText } from './record-text.js';

export { MAX_RECORD_BYTES, WIN_MARGIN_CP };
/** The longest mate a `mate` exercise may ask for (solver moves). */
export const MAX_MATE_MOVES = 10;
/** Without `moves`, a `mate` exercise is the shortest mate found up to this many solver moves. */
const SEARCH_MATE_MOVES = 7;
const GOALS = ['line', 'mate', 'win'];
/** How Chinese counts moves in words (两步杀, as the app says it); 繁體 兩. */
const ZH_COUNT = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
const HANT_COUNT = ['零', '一', '兩', '三', '四', '五', '六', '七', '八', '九', '十'];

const LABELS = {
  en: {
    side: { red: 'Red', black: 'Black' },
    task: {
      mate: (side, n) => `${side} to move and mate in ${n}.`,
      line: (side, n) => `${side} to move: find the solution (${n} move${n === 1 ? '' : 's'}).`,
      win: (side) => `${side} to move and win.`,
    },
    correct: 'Correct.',
    alternative: 'Correct: another solution than the one written.',
    solvedAlternative: 'Solved, with another solution than the one written!',
    escape: (side, move) => `Not quite: ${side} escapes with ${move}. Try again.`,
    holds: (side, move) => `Not quite: after ${side}'s ${move} the win is gone. Try again.`,
    notLine: 'That is not the move of the solution. Try again.',
    unchecked: 'This move could not be checked. Try another.',
    solved: 'Solved!', revealed: 'The solution is shown.', checking: 'Checking…',
    hint: 'Hint', solution: 'Show solution', previous: 'Previous exercise', next: 'Next exercise', retry: 'Start again',
    hintPiece: (piece) => `Hint: move the ${piece}.`, hintMove: (move) => `Hint: ${move}.`,
    exercise: (i, n) => `Exercise ${i} / ${n}`, board: 'Exercise board', error: 'The exercise could not be shown:',
    played: (move) => `${move}.`, tools: 'Exercise',
  },
  zh: {
    side: { red: '红方', black: '黑方' },
    task: {
      mate: (side, n) => `${side.slice(0, 1)}先，${ZH_COUNT[n] ?? n}步杀。`,
      line: (side, n) => `${side.slice(0, 1)}先，走出正解（${ZH_COUNT[n] ?? n}着）。`,
      win: (side) => `${side.slice(0, 1)}先胜。`,
    },
    correct: '正确。',
    alternative: '正确：这是与答案不同的另一种解法。',
    solvedAlternative: '解出来了！这是与答案不同的另一种解法。',
    escape: (side, move) => `不对：${side}可走${move}解围。再试一次。`,
    holds: (side, move) => `不对：${side}走${move}后已无胜势。再试一次。`,
    notLine: '这不是正解的着法。再试一次。',
    unchecked: '无法检查这着棋。请换一着。',
    solved: '解出来了！', revealed: '已显示答案。', checking: '正在检查…',
    hint: '提示', solution: '显示答案', previous: '上一题', next: '下一题', retry: '重新开始',
    hintPiece: (piece) => `提示：走${piece}。`, hintMove: (move) => `提示：${move}。`,
    exercise: (i, n) => `第${i}题，共${n}题`, board: '习题棋盘', error: '无法显示这道题：',
    played: (move) => `${move}。`, tools: '习题',
  },
  'zh-Hant': {
    side: { red: '紅方', black: '黑方' },
    task: {
      mate: (side, n) => `${side.slice(0, 1)}先，${HANT_COUNT[n] ?? n}步殺。`,
      line: (side, n) => `${side.slice(0, 1)}先，走出正解（${HANT_COUNT[n] ?? n}著）。`,
      win: (side) => `${side.slice(0, 1)}先勝。`,
    },
    correct: '正確。',
    alternative: '正確：這是與答案不同的另一種解法。',
    solvedAlternative: '解出來了！這是與答案不同的另一種解法。',
    escape: (side, move) => `不對：${side}可走${move}解圍。再試一次。`,
    holds: (side, move) => `不對：${side}走${move}後已無勝勢。再試一次。`,
    notLine: '這不是正解的著法。再試一次。',
    unchecked: '無法檢查這著棋。請換一著。',
    solved: '解出來了！', revealed: '已顯示答案。', checking: '正在檢查…',
    hint: '提示', solution: '顯示答案', previous: '上一題', next: '下一題', retry: '重新開始',
    hintPiece: (piece) => `提示：走${piece}。`, hintMove: (move) => `提示：${move}。`,
    exercise: (i, n) => `第${i}題，共${n}題`, board: '習題棋盤', error: '無法顯示這道題：',
    played: (move) => `${move}。`, tools: '習題',
  },
  vi: {
    side: { red: 'Bên đỏ', black: 'Bên đen' },
    task: {
      mate: (side, n) => `${side} đi trước, chiếu bí sau ${n} nước.`,
      line: (side, n) => `${side} đi trước: tìm lời giải (${n} nước).`,
      win: (side) => `${side} đi trước và thắng.`,
    },
    correct: 'Đúng.',
    alternative: 'Đúng: một lời giải khác với lời giải đã ghi.',
    solvedAlternative: 'Đã giải xong, bằng một lời giải khác với lời giải đã ghi!',
    escape: (side, move) => `Chưa đúng: ${side.toLowerCase()} thoát được bằng ${move}. Hãy thử lại.`,
    holds: (side, move) => `Chưa đúng: sau nước ${move} của ${side.toLowerCase()}, thế thắng không còn. Hãy thử lại.`,
    notLine: 'Đó không phải nước của lời giải. Hãy thử lại.',
    unchecked: 'Không kiểm tra được nước này. Hãy thử nước khác.',
    solved: 'Đã giải xong!', revealed: 'Đã hiện lời giải.', checking: 'Đang kiểm tra…',
    hint: 'Gợi ý', solution: 'Xem lời giải', previous: 'Bài trước', next: 'Bài sau', retry: 'Làm lại từ đầu',
    hintPiece: (piece) => `Gợi ý: hãy đi quân ${piece}.`, hintMove: (move) => `Gợi ý: ${move}.`,
    exercise: (i, n) => `Bài ${i} / ${n}`, board: 'Bàn cờ bài tập', error: 'Không hiện được bài tập này:',
    played: (move) => `${move}.`, tools: 'Bài tập',
  },
};
/** The pieces' names by kind; Chinese as [Red's, Black's]. */
const PIECES = {
  en: { general: 'general', advisor: 'advisor', elephant: 'elephant', horse: 'horse', chariot: 'chariot',
    cannon: 'cannon', soldier: 'soldier' },
  zh: { general: ['帅', '将'], advisor: ['仕', '士'], elephant: ['相', '象'], horse: ['马', '马'], chariot: ['车', '车'],
    cannon: ['炮', '炮'], soldier: ['兵', '卒'] },
  'zh-Hant': { general: ['帥', '將'], advisor: ['仕', '士'], elephant: ['相', '象'], horse: ['傌', '馬'], chariot: ['俥', '車'],
    cannon: ['炮', '砲'], soldier: ['兵', '卒'] },
  vi: { general: 'tướng', advisor: 'sĩ', elephant: 'tượng', horse: 'mã', chariot: 'xe', cannon: 'pháo', soldier: 'tốt' },
};

function pieceName(piece, lang) {
  const name = PIECES[lang][piece.kind];
  return Array.isArray(name) ? name[piece.color === 'red' ? 0 : 1] : name;
}

const CSS = `
.set { display: flex; gap: 6px; align-items: center; }
.set .count { font-variant-numeric: tabular-nums; opacity: .8; margin-inline: auto; }
.title { margin: 0; font-weight: 600; }
.task { margin: 0; font-weight: 600; font-size: 1.08em; }
.verdict { margin: 0; padding: 8px 10px; border-radius: 8px; min-height: 2.6em; background: #fff;
  border: 1px solid #eadfc8; }
.dark .verdict { background: #26292e; border-color: #3b3f46; }
.verdict.ok { border-color: #2e8b57; background: #eaf7ef; color: #1d5c39; }
.verdict.bad { border-color: #d2453a; background: #fdecea; color: #8a1c14; }
.dark .verdict.ok { background: #1c3326; color: #9be0b6; }
.dark .verdict.bad { background: #3a1f1d; color: #ffb4aa; }
.verdict:empty, .dark .verdict:empty { background: transparent; border-color: transparent; }
.comment { margin: 0; padding: 8px 10px; border-radius: 8px; border: 1px solid #eadfc8; background: #fffdf8;
  max-height: 12em; overflow: auto; }
.dark .comment { border-color: #3b3f46; background: #23262b; }
.line { margin: 0; font-size: .95em; opacity: .85; }
.tools { display: flex; flex-wrap: wrap; gap: 6px; }
button { font: inherit; min-height: 2.2em; padding: 0 .8em; border-radius: 6px; border: 1px solid #c7b58f;
  background: #fffdf8; color: inherit; cursor: pointer; }
.dark button { border-color: #4a4f58; background: #2a2d33; }
button:disabled { opacity: .45; cursor: default; }
`;

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
let exerciseIds = 0;

/**
 * `<xiangqi-puzzle fen="…" solution="…" goal="mate" lang="zh">`: an exercise the reader solves on the board.
 * See puzzle.d.ts and docs/puzzle.md.
 */
export class XiangqiPuzzleElement extends RecordElement {
  static part = 'puzzle';
  static css = CSS;
  static labels = LABELS;
  static recordAttributes = ['fen', 'solution', 'goal', 'moves'];

  /** Milliseconds between the solver's move and the defence (and between the moves of "show solution"). */
  defenceDelay = 450;
  #els;
  #record = null;
  #count = 0;
  #index = 0;
  #results = [];
  #ex = null;
  /** Counts the loads: an exercise started by an older load neither fails nor fires `load`. */
  #loads = 0;

  constructor() {
    super();
    this.#build();
  }

  // --- public API --------------------------------------------------------------------------------------------

  /** The exercise as it stands (see puzzle.d.ts, `PuzzleState`), or `null` before one is shown. */
  get state() {
    const ex = this.#ex;
    if (!ex) return null;
    return {
      index: this.#index, total: this.#count, goal: ex.goal, solver: ex.solver, mateIn: ex.mateIn, fen: ex.game.fen(),
      moves: ex.game.history(), status: ex.status, attempts: ex.wrong + 1, wrong: ex.wrong, hints: ex.hints,
      alternative: ex.alternative, title: ex.title, headers: { ...ex.headers },
    };
  }

  /** The set's progress: `{ index, total, results }`, each result `{ solved, revealed, attempts, hints, ms }` or null. */
  get progress() {
    return { index: this.#index, total: this.#count, results: this.#results.map((r) => (r ? { ...r } : null)) };
  }

  /** Restores progress a host saved (the `progress` event's detail): the results, and the exercise shown. */
  set progress(value) {
    if (!value || typeof value !== 'object' || !Array.isArray(value.results)) {
      throw elementError('ERR_ARGUMENT', 'progress: expected { index, results } as the progress event gives it');
    }
    this.#results = value.results.map((r) => (r && typeof r === 'object' ? {
      solved: Boolean(r.solved), revealed: Boolean(r.revealed), attempts: Number(r.attempts) || 0,
      hints: Number(r.hints) || 0, ms: Number(r.ms) || 0 } : null));
    const index = Number(value.index);
    if (Number.isInteger(index) && index >= 0 && index < this.#count && index !== this.#index) this.goTo(index);
    else this.#renderSet();
  }

  /** Shows exercise `index` (from 0) of the set. Returns whether there is one. */
  goTo(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return false;
    this.#index = index;
    this.#startExercise();
    return true;
  }

  next() {
    return this.goTo(this.#index + 1);
  }

  previous() {
    return this.goTo(this.#index - 1);
  }

  /** Starts the exercise shown again. */
  restart() {
    if (this.#count) this.#startExercise();
  }

  /** The next hint: 1 highlights the piece to move, 2 the destination too. Resolves with `{ level, move }`. */
  async hint() {
    const ex = this.#ex;
    if (!ex || ex.status !== 'solving') return null;
    const token = ex.turn;
    const move = await this.#solverMove(ex);
    if (!move || ex !== this.#ex || token !== ex.turn || ex.status !== 'solving') return null;
    ex.hintLevel = Math.min(2, ex.hintLevel + 1);
    ex.hints += 1;
    const t = this[hooks.text];
    const from = move.slice(0, 2);
    if (ex.hintLevel === 1) {
      this.board.set({ shapes: [{ from, brush: 'green' }] });
      const piece = ex.game.get(from);
      this.#say(t.hintPiece(piece ? `${pieceName(piece, this[hooks.lang])} (${from})` : from), '');
    } else {
      this.board.set({ shapes: [{ from, to: move.slice(2), brush: 'green' }] });
      this.#say(t.hintMove(this.#moveText(ex.game.fen(), move)), '');
    }
    const detail = { level: ex.hintLevel, square: from, move: ex.hintLevel === 2 ? move : null, hints: ex.hints };
    this.dispatchEvent(new CustomEvent('hint', { detail }));
    return detail;
  }

  /** Plays the solution through ("show solution"). Resolves when it has been played. */
  async reveal() {
    const ex = this.#ex;
    if (!ex || ex.status === 'solved' || ex.status === 'revealed') return;
    ex.status = 'revealed';
    ex.turn += 1;
    this.#buttons();
    this.board.set({ movable: 'none', dests: new Map(), shapes: [] });
    this.dispatchEvent(new CustomEvent('reveal', { detail: { index: this.#index, hints: ex.hints, wrong: ex.wrong } }));
    this.#keepResult(ex, { solved: false, revealed: true });
    // The solver's move and the defence's reply in turn, at most 40 of each.
    const movers = [() => this.#solverMove(ex), () => this.#defence(ex)];
    for (let ply = 0; ply < 80 && ex === this.#ex; ply++) {
      const move = await movers[ply % 2]();
      if (!move || ex !== this.#ex) break;
      await sleep(this.defenceDelay);
      if (ex !== this.#ex) return;
      this.#play(ex, move);
      if (this.#finished(ex)) break;
    }
    if (ex === this.#ex) this.#say(this[hooks.text].revealed, 'ok');
  }

  // --- the base's hooks (element-base.js) --------------------------------------------------------------------

  [hooks.loading]() {
    this.#ex = null;
    this.board.set({ movable: 'none' });
    this.#say(this[hooks.text].loading, '');
    if (this.getAttribute('goal') !== 'line') warmChecks();
  }

  /** Moved in the document with the same record: the exercise goes on where it was. */
  [hooks.reconnected]() {
    if (!this.#ex) return false;
    this.#showPosition(this.#ex);
    return true;
  }

  async [hooks.load](record, { isCurrent }) {
    const loads = ++this.#loads;
    if (record != null) {
      const games = readRecords(record);
      if (!games.length) throw elementError('ERR_RECORD_EMPTY', 'the record holds no game');
      this.#record = record;
      this.#count = games.length;
    } else {
      const fen = this.getAttribute('fen');
      if (!fen) throw elementError('ERR_ARGUMENT', '<xiangqi-puzzle> needs a fen attribute or a record');
      this.#record = null;
      this.#count = 1;
    }
    if (!isCurrent()) return;
    this.#results = new Array(this.#count).fill(null);
    this.#index = 0;
    await this.#startExercise(loads);
  }

  [hooks.failed]() {
    this.#ex?.game.free();
    this.#ex = null;
  }

  [hooks.language]() {
    this.#labels();
    if (this.#ex) this.#task(this.#ex);
  }

  [hooks.notation]() {
    this[hooks.language]();
  }

  [hooks.boardOptions]() {
    if (this.#ex) this.#boardOptions(this.#ex);
  }

  // --- loading -----------------------------------------------------------------------------------------------

  /** Reads exercise `#index` and shows it. */
  async #startExercise(loads = this.#loads) {
    const old = this.#ex;
    if (old) old.game.free();
    this.#ex = null;
    try {
      const goalAttr = this.getAttribute('goal');
      if (goalAttr != null && !GOALS.includes(goalAttr)) {
        throw elementError('ERR_OPTIONS', `goal="${goalAttr.slice(0, 40)}": expected "line", "mate" or "win"`);
      }
      const movesAttr = this.getAttribute('moves');
      const movesLimit = movesAttr == null ? null : Number(movesAttr);
      if (movesAttr != null && (!Number.isInteger(movesLimit) || movesLimit < 1 || movesLimit > MAX_MATE_MOVES)) {
        throw elementError('ERR_OPTIONS', `moves="${movesAttr.slice(0, 40)}": expected a whole number from 1 to ${MAX_MATE_MOVES}`);
      }
      let flat;
      let headers = {};
      if (this.#record != null) {
        const read = readTree(this.#record, this.#index);
        flat = read.nodes;
        headers = read.headers;
      } else {
        const fen = this.getAttribute('fen');
        const solution = this.getAttribute('solution');
        flat = solution ? solutionTree(fen, solution) : readTree({ fen }).nodes;
      }
      const nodes = link(flat);
      const start = nodes[0].fen;
      const game = new Game(start);
      const solver = game.turn();
      let lineLength = 0;
      for (let n = nodes[0].next; n; n = n.next) lineLength += 1;
      const goal = goalAttr ?? (lineLength ? 'line' : 'mate');
      const solverMoves = Math.ceil(lineLength / 2);
      if (goal === 'line' && !lineLength) {
        game.free();
        throw elementError('ERR_OPTIONS', 'goal="line" needs a solution (the solution attribute or a record with moves)');
      }
      const ex = { id: ++exerciseIds, nodes, node: nodes[0], game, solver, goal, headers, status: 'loading',
        mateIn: null, winMoves: movesLimit ?? (solverMoves || 3), solverPlayed: 0, wrong: 0, hints: 0, hintLevel: 0,
        alternative: false, started: 0, turn: 0, good: null, title: headers.Event || headers.Title || null,
        solvable: null, nowSolvable: null };
      ex.solvable = new Promise((resolve) => { ex.nowSolvable = resolve; });
      this.#ex = ex;
      this.#showPosition(ex);
      this.#renderSet();
      this.#els.comment.replaceChildren();
      this.#els.comment.hidden = true;
      for (const c of nodes[0].comments) this.#comment(c);
      if (goal === 'mate') {
        this.#say(this[hooks.text].checking, '');
        const n = movesLimit ?? (lineLength && this.#endsInMate(nodes) ? solverMoves : null)
          ?? await check('mateIn', { key: ex.id, fen: start, max: SEARCH_MATE_MOVES });
        if (ex !== this.#ex) return;
        if (n == null) {
          throw elementError('ERR_NO_MATE', `no forced mate within ${SEARCH_MATE_MOVES} moves in this position`);
        }
        ex.mateIn = n;
      }
      ex.status = 'solving';
      ex.started = performance.now();
      this.#task(ex);
      this.#solverTurn(ex);
      ex.nowSolvable();
      await this.board.ready;
      if (loads === this.#loads) {
        this[hooks.resolveReady]();
        this.dispatchEvent(new CustomEvent('load', { detail: { index: this.#index, total: this.#count, goal,
          mateIn: ex.mateIn, headers: { ...headers } } }));
      }
    } catch (e) {
      if (loads === this.#loads) this[hooks.fail](e);
    }
  }

  #endsInMate(nodes) {
    let last = nodes[0];
    while (last.next) last = last.next;
    const g = new Game(last.fen);
    try {
      return g.isCheckmate() || g.isStalemate();
    } finally {
      g.free();
    }
  }

  // --- the exercise ------------------------------------------------------------------------------------------

  /** The solver's turn: the board takes the solver's legal moves; a mate exercise proves the good ones ahead. */
  #solverTurn(ex) {
    ex.turn += 1;
    ex.hintLevel = 0;
    ex.good = null;
    if (ex.goal === 'mate') {
      const fen = ex.game.fen();
      const left = ex.mateIn - ex.solverPlayed;
      ex.good = this.#goodMoves(ex, ex.turn, fen, left).then((moves) => moves && new Set(moves)).catch(() => null);
    }
    this.board.set({ movable: ex.solver, dests: ex.game.dests(), shapes: [] });
    this.#buttons();
  }

  /**
   * The moves that keep the mate in this turn, proved in slices after the page's other puzzles' proofs
   * (puzzle-client.js). `null` once the reader has moved (a wrong move starts the turn again, and the proof goes on
   * from where it was), or when the proof gives up.
   */
  #goodMoves(ex, turn, fen, left) {
    return proveMatingMoves({ key: ex.id, fen, moves: left },
      () => ex === this.#ex && ex.turn === turn && ex.status === 'solving');
  }

  /** The reader's move on the board. */
  async #onMove(e) {
    const ex = this.#ex;
    if (!ex || e.detail?.fen == null) return;
    if (ex.status === 'loading') {
      // Played as soon as the board showed, while the exercise is still being prepared (a mate's length proved):
      // the move stays on the board and is judged as soon as the exercise can judge it.
      this.board.set({ movable: 'none' });
      await ex.solvable;
      if (ex !== this.#ex) return;
    }
    if (ex.status !== 'solving') return;
    const move = e.detail.move;
    const turn = ex.turn;
    const t0 = performance.now();
    ex.status = 'checking';
    this.board.set({ movable: 'none', shapes: [] });
    const before = ex.game.fen();
    let verdict;
    try {
      verdict = await this.#judge(ex, move);
    } catch (err) {
      // The check itself failed (ERR_MATE_LIMIT, a worker that died): the move is not counted as wrong.
      console.warn(`<xiangqi-puzzle>: the move could not be checked: ${err?.code ?? ''} ${err?.message ?? err}`);
      verdict = { ok: false, reason: this[hooks.text].unchecked, error: err, uncounted: true };
    }
    if (ex !== this.#ex || turn !== ex.turn) return;
    const t = this[hooks.text];
    const ms = performance.now() - t0;
    if (!verdict.ok) {
      if (!verdict.uncounted) ex.wrong += 1;
      ex.status = 'solving';
      this.board.set({ fen: before, lastMove: ex.game.history().at(-1) ?? null, check: ex.game.isCheck() });
      this.#solverTurn(ex);
      this.#say(verdict.reason ?? t.notLine, 'bad');
      this.dispatchEvent(new CustomEvent('wrong', { detail: { move, reason: verdict.reason ?? t.notLine,
        refutation: verdict.refutation ?? null, wrong: ex.wrong, ms } }));
      return;
    }
    if (verdict.alternative) ex.alternative = true;
    this.#play(ex, move, verdict.node);
    ex.solverPlayed += 1;
    const done = this.#finished(ex);
    // Once: "Solved!" when the exercise is done (not "Correct. Solved!"), else "Correct."
    this.#say(done ? (verdict.alternative ? t.solvedAlternative : t.solved) : verdict.alternative
      ? t.alternative : t.correct, 'ok');
    this.dispatchEvent(new CustomEvent('correct', { detail: { move, alternative: Boolean(verdict.alternative), ms } }));
    if (done) {
      this.#solved(ex);
      return;
    }
    ex.status = 'defending';
    this.#buttons();
    const reply = await this.#defence(ex, verdict.reply);
    await sleep(this.defenceDelay);
    if (ex !== this.#ex || ex.status !== 'defending') return;
    if (!reply) {
      this.#solved(ex);
      return;
    }
    this.#play(ex, reply);
    if (this.#finished(ex)) {
      // The record's line ended with the defender's move: nothing is left for the solver to find.
      this.#solved(ex);
      return;
    }
    ex.status = 'solving';
    this.#solverTurn(ex);
  }

  /** Whether `move` is right: `{ ok, alternative, node, reply, reason, refutation }`. */
  async #judge(ex, move) {
    const t = this[hooks.text];
    const options = ex.node?.next ? [ex.node.next, ...ex.node.next.alts] : [];
    const node = options.find((n) => n.move === move) ?? null;
    const fenAfter = this.#after(ex.game.fen(), move);
    const other = t.side[ex.solver === 'red' ? 'black' : 'red'];
    // A move that mates at once is right whatever the goal.
    if (this.#mated(fenAfter)) return { ok: true, node, alternative: !node && options.length > 0 };
    if (ex.goal === 'line') {
      if (node) return { ok: true, node, alternative: false };
      // Where the solution is a mate, the prover says how the defender escapes.
      if (this.#endsInMate(ex.nodes)) {
        const left = Math.ceil(this.#lineLeft(ex) / 2);
        const d = await check('defend', { key: ex.id, fen: fenAfter, moves: Math.max(0, left - 1) }).catch(() => null);
        if (d?.result === 'escape') {
          return { ok: false, refutation: d.move, reason: t.escape(other, this.#moveText(fenAfter, d.move)) };
        }
      }
      return { ok: false, reason: t.notLine };
    }
    if (ex.goal === 'mate') {
      const left = ex.mateIn - ex.solverPlayed;
      const good = await Promise.race([ex.good, sleep(0).then(() => undefined)]);
      if (good && !good.has(move)) {
        const d = await check('defend', { key: ex.id, fen: fenAfter, moves: left - 1 }).catch(() => null);
        const reason = d?.result === 'escape' ? t.escape(other, this.#moveText(fenAfter, d.move)) : null;
        return { ok: false, refutation: d?.move ?? null, reason };
      }
      const bookReply = node?.next?.move ?? null;
      const alternative = !node && options.length > 0;
      if (good) return { ok: true, node, alternative, reply: bookReply ? { move: bookReply } : null };
      const d = await check('defend', { key: ex.id, fen: fenAfter, moves: left - 1 });
      if (d.result === 'escape') {
        return { ok: false, refutation: d.move, reason: t.escape(other, this.#moveText(fenAfter, d.move)) };
      }
      return { ok: true, node, alternative, reply: { move: bookReply ?? d.move } };
    }
    // win
    const w = await check('winCheck', { fen: fenAfter });
    if (!w.kept) return { ok: false, refutation: w.reply, reason: t.holds(other, this.#moveText(fenAfter, w.reply)) };
    return { ok: true, node, alternative: !node && options.length > 0, reply: { move: node?.next?.move ?? w.reply } };
  }

  #lineLeft(ex) {
    let k = 0;
    for (let n = ex.node?.next; n; n = n.next) k += 1;
    return k;
  }

  /** The defender's reply: the record's line, else the engine's most stubborn (or best) reply. */
  async #defence(ex, known) {
    if (known?.move) return known.move;
    if (ex.node?.next) return ex.node.next.move;
    if (ex.game.legalMoves().length === 0) return null;
    const fen = ex.game.fen();
    if (ex.goal === 'mate') {
      const d = await check('defend', { key: ex.id, fen, moves: ex.mateIn - ex.solverPlayed });
      return d.move;
    }
    if (ex.goal === 'win') return (await check('winMove', { fen })).move;
    return null;
  }

  /** The solver's move for hints and "show solution": the record's, else a proven one. */
  async #solverMove(ex) {
    const book = ex.node?.next?.move ?? null;
    if (ex.goal === 'line' || (book && ex.goal !== 'mate')) return book;
    if (ex.goal === 'mate') {
      const good = (await ex.good) ?? new Set(await check('matingMoves', { key: ex.id, fen: ex.game.fen(),
        moves: ex.mateIn - ex.solverPlayed }));
      if (book && good.has(book)) return book;
      // The shortest of the proven moves.
      for (let k = 1; k <= ex.mateIn - ex.solverPlayed; k++) {
        const quick = await check('matingMoves', { key: ex.id, fen: ex.game.fen(), moves: k });
        if (quick.length) return quick[0];
      }
      return good.values().next().value ?? null;
    }
    return book ?? (await check('winMove', { fen: ex.game.fen() })).move;
  }

  /** Plays `move` in the exercise (on the game, the board and the record's tree) and announces it. */
  #play(ex, move, node) {
    const before = ex.game.fen();
    const info = ex.game.play(move);
    const options = ex.node?.next ? [ex.node.next, ...ex.node.next.alts] : [];
    ex.node = node ?? options.find((n) => n.move === move) ?? null;
    this.board.set({ fen: ex.game.fen(), lastMove: move, check: ex.game.isCheck(), movable: 'none',
      dests: new Map(), shapes: [] });
    const text = this.#moveText(before, move, info);
    this.#els.line.textContent = [this.#els.line.textContent, text].filter(Boolean).join(' ');
    this.#announce(this[hooks.text].played(text));
    if (ex.node) for (const c of ex.node.comments) this.#comment(c);
  }

  /** Whether the exercise is over after the last move: the defender has no move, or the written line ends. */
  #finished(ex) {
    if (ex.game.legalMoves().length === 0) return true;
    if (ex.goal === 'line') return !ex.node?.next;
    if (ex.goal === 'win') return ex.solverPlayed >= ex.winMoves && ex.game.turn() !== ex.solver;
    return false;
  }

  #solved(ex) {
    ex.status = 'solved';
    ex.turn += 1;
    this.board.set({ movable: 'none', dests: new Map() });
    this.#buttons();
    const ms = Math.round(performance.now() - ex.started);
    this.#say(ex.alternative ? this[hooks.text].solvedAlternative : this[hooks.text].solved, 'ok');
    const result = { solved: true, revealed: false, attempts: ex.wrong + 1, hints: ex.hints, ms };
    this.#keepResult(ex, result);
    this.dispatchEvent(new CustomEvent('solved', { detail: { index: this.#index, attempts: ex.wrong + 1,
      wrong: ex.wrong, hints: ex.hints, ms, alternative: ex.alternative, moves: ex.game.history() } }));
  }

  #keepResult(ex, { solved, revealed }) {
    const prev = this.#results[this.#index];
    if (prev?.solved) return;
    this.#results[this.#index] = { solved, revealed, attempts: ex.wrong + 1, hints: ex.hints,
      ms: Math.round(performance.now() - ex.started) };
    this.#renderSet();
    this.dispatchEvent(new CustomEvent('progress', { detail: this.progress }));
  }

  // --- helpers -----------------------------------------------------------------------------------------------

  #after(fen, move) {
    const g = new Game(fen);
    try {
      g.play(move);
      return g.fen();
    } finally {
      g.free();
    }
  }

  #mated(fen) {
    const g = new Game(fen);
    try {
      return g.legalMoves().length === 0;
    } finally {
      g.free();
    }
  }

  /** `move` from `fen` in the notation in force (the page's language's by default). */
  #moveText(fen, move, info) {
    if (!move) return '';
    return moveText(fen, move, info, this[hooks.notationInForce], this[hooks.lang]);
  }

  #build() {
    const { side, board } = this[hooks.frame];
    const set = h('div', 'set');
    const prev = h('button', 'prev', '◀');
    const count = h('span', 'count');
    const next = h('button', 'next', '▶');
    set.append(prev, count, next);
    set.hidden = true;
    const title = h('p', 'title');
    title.hidden = true;
    const task = h('p', 'task');
    task.setAttribute('part', 'task');
    const verdict = h('p', 'verdict');
    verdict.setAttribute('role', 'status');
    verdict.setAttribute('aria-live', 'polite');
    verdict.setAttribute('part', 'verdict');
    const comment = h('div', 'comment');
    comment.setAttribute('part', 'comment');
    comment.hidden = true;
    const line = h('p', 'line');
    line.setAttribute('part', 'line');
    const tools = h('div', 'tools');
    tools.setAttribute('role', 'toolbar');
    const hint = h('button', 'hint');
    const reveal = h('button', 'reveal');
    const retry = h('button', 'retry');
    tools.append(hint, reveal, retry);
    for (const b of [prev, next, hint, reveal, retry]) b.type = 'button';
    const live = h('p', 'sr');
    live.setAttribute('aria-live', 'polite');
    // The page's own content for the exercise (children with slot="side"): under the buttons.
    const extra = document.createElement('slot');
    extra.name = 'side';
    side.append(set, title, task, verdict, comment, line, tools, extra, live);
    this.#els = { set, prev, next, count, title, task, verdict, comment, line, tools, hint, reveal,
      retry, live };
    prev.addEventListener('click', () => this.previous());
    next.addEventListener('click', () => this.next());
    hint.addEventListener('click', () => { this.hint(); });
    reveal.addEventListener('click', () => { this.reveal(); });
    retry.addEventListener('click', () => this.restart());
    board.addEventListener('move', (e) => { this.#onMove(e); });
    this.#labels();
  }

  #labels() {
    const t = this[hooks.text];
    const { prev, next, hint, reveal, retry, tools } = this.#els;
    prev.setAttribute('aria-label', t.previous);
    prev.title = t.previous;
    next.setAttribute('aria-label', t.next);
    next.title = t.next;
    hint.textContent = t.hint;
    reveal.textContent = t.solution;
    retry.textContent = t.retry;
    tools.setAttribute('aria-label', t.tools);
    this.board.setAttribute('lang', this[hooks.lang]);
    // Files as the notation's readers read them (一…九 / 1…9 with Chinese, a–i with WXF), as the app does.
    this.board.setAttribute('coordinates', coordinatesFor(this[hooks.notationInForce]));
    this.board.setAttribute('label', t.board);
    this.#renderSet();
  }

  #boardOptions(ex) {
    this[hooks.setBoardOptions](ex.solver);
  }

  /** The exercise's position on the board, movable for the solver from the moment it shows (see #onMove). */
  #showPosition(ex) {
    this.#boardOptions(ex);
    const open = ex.status === 'solving' || ex.status === 'loading';
    this.board.set({ fen: ex.game.fen(), lastMove: ex.game.history().at(-1) ?? null, check: ex.game.isCheck(),
      movable: open ? ex.solver : 'none', dests: open ? ex.game.dests() : new Map(), shapes: [] });
    if (!ex.game.history().length) this.#els.line.textContent = '';
  }

  #task(ex) {
    const t = this[hooks.text];
    const side = t.side[ex.solver];
    const text = ex.goal === 'mate' ? t.task.mate(side, ex.mateIn)
      : ex.goal === 'line' ? t.task.line(side, Math.ceil(this.#lineLength(ex) / 2)) : t.task.win(side);
    this.#els.task.textContent = text;
    this.#els.title.replaceChildren();
    if (ex.title) this.#els.title.append(recordText('span', null, ex.title, 300));
    this.#els.title.hidden = !ex.title;
    this.#say('', '');
    this.#announce(text);
  }

  #lineLength(ex) {
    let k = 0;
    for (let n = ex.nodes[0].next; n; n = n.next) k += 1;
    return k;
  }

  #renderSet() {
    const { set, count, prev, next } = this.#els;
    set.hidden = this.#count < 2;
    const done = this.#results.filter((r) => r?.solved).length;
    count.textContent = this.#count ? `${this[hooks.text].exercise(this.#index + 1, this.#count)} · ✓ ${done}` : '';
    prev.disabled = this.#index <= 0;
    next.disabled = this.#index >= this.#count - 1;
  }

  #buttons() {
    const ex = this.#ex;
    const solving = ex?.status === 'solving';
    this.#els.hint.disabled = !solving;
    this.#els.reveal.disabled = !ex || ex.status === 'solved' || ex.status === 'revealed' || ex.status === 'loading';
  }

  #comment(text) {
    this.#els.comment.append(recordText('p', null, text));
    this.#els.comment.hidden = false;
    this.#els.comment.scrollTop = this.#els.comment.scrollHeight;
  }

  /** The verdict line (`kind`: "ok", "bad" or ""), read by screen readers (a polite status). */
  #say(text, kind) {
    const v = this.#els.verdict;
    v.textContent = text;
    v.className = `verdict${kind ? ` ${kind}` : ''}`;
  }

  #announce(text) {
    this.#els.live.textContent = text;
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('xiangqi-puzzle')) {
  customElements.define('xiangqi-puzzle', XiangqiPuzzleElement);
}
