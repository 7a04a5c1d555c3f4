// The app (www/index.html): play xiangqi against the computer. It imports the package only by its public names
// (`xiangqi-wasm`, `xiangqi-wasm/board`, `xiangqi-wasm/worker`, `xiangqi-wasm/worker-rpc`), as any app would. See
// docs/app.md.
//
// The page owns one `Game` (the live game) and drives `<xiangqi-board id="board">` (not `interactive`) from it: it
// decides which moves the board offers (all, the touch-move subset, none while the computer thinks or in review).
// The computer searches in the package's worker (EngineClient); records are read in our own worker
// (record-worker.js), over the package's worker RPC. Every text that comes from a record or a user is set with
// textContent.
import './app.css';
import init, { Clock, Game } from 'xiangqi-wasm';
import { ready as boardReady } from 'xiangqi-wasm/board';
import { EngineClient } from 'xiangqi-wasm/worker';
import { RpcClient } from 'xiangqi-wasm/worker-rpc';
import { registerPwa } from './pwa.js';
import { DEFAULT_LEVEL, LEVELS, levelById } from './levels.js';
import { browserLang, formatSize, t } from './i18n.js';
import { allowedMoves, destsOf, emptyTouch, touchPiece } from './touch-move.js';
import { SAVE_KEY, readPrefs, readSave, setAside, writePrefs, writeSave } from './save.js';
import { gameFromData, gameToData, writableHeaders } from './record.js';

/** Records larger than this are refused (docs/app.md, "Importing"): the package reads up to 16 MiB. */
export const RECORD_CAP = 16 * 1024 * 1024;
const CLOCK_PRESETS = ['cxa-6.1', 'cxa-6.2', 'cxa-6.3', 'cxa-6.4', 'axf-total-90', 'axf-total-60', 'axf-per-move'];
const PRACTICE_CLOCK = 'cxa-6.4';
const HINT_LIMITS = { timeMs: 1000 };
/** The draw-offer search: short, full strength, from the current position (docs/app.md, "Draw offers"). */
const DRAW_LIMITS = { timeMs: 500, depth: 8 };
const HIDDEN_HEADERS = new Set(['FEN', 'Format', 'SetUp', 'Result', 'Termination', 'XiangqiRules']);
const EXPORT_SKIP = new Set(['FEN', 'Format', 'SetUp', 'Result', 'Termination', 'XiangqiRules']);
const SHOW_MAX = 10000;

const $ = (id) => document.getElementById(id);
const el = $('board');
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

/** Everything the app knows. `game` is the live game; the rest is settings and what the UI shows. */
const S = {
  game: null,
  human: 'red',
  level: DEFAULT_LEVEL,
  practice: false,
  clockControl: null, // null | preset name | { firstMs }
  clock: null, // a Clock rebuilt from clockControl and thinkMs
  thinkMs: [], // time each ply took, for the clock
  baseMs: 0, // time already spent on the current ply before turnStart (after a reload)
  turnStart: 0,
  redo: [], // groups of ICCS moves taken back, newest last
  headers: {},
  review: null, // the ply shown in review, or null for the live position
  token: 0, // bumped to cancel a running search
  busy: null, // 'move' | 'hint' | 'draw' while a search runs
  hint: null, // { ply, move, pv, score }
  touch: emptyTouch(),
  seed: 1,
  lang: 'en',
  theme: 'auto', // 'auto' | 'light' | 'dark'
  notation: null,
  saveProblem: null, // null | 'quota' | 'unavailable'
  overShownFor: null,
  message: null, // { key, vars } of the notice shown
};
let engine = null;
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

// --- text ------------------------------------------------------------------------------------------------

const tr = (key, vars) => t(S.lang, key, vars);

function applyLanguage() {
  document.documentElement.lang = S.lang === 'zh' ? 'zh-CN' : 'en';
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = tr(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', tr(node.dataset.i18nLabel));
  $('lang').textContent = tr('langSwitch');
  $('lang').lang = S.lang === 'zh' ? 'en' : 'zh';
  $('lang').setAttribute('aria-label', tr('langSwitchLabel'));
  document.title = S.lang === 'zh' ? '象棋 Xiangqi' : 'Xiangqi 象棋';
  $('import-help').textContent = tr('importHelp', { cap: formatSize(RECORD_CAP) });
  fillNewDialog();
  if (S.message) $('message-text').textContent = tr(S.message.key, S.message.vars);
  applyTheme();
  el.set({ lang: S.lang });
}

function applyTheme() {
  const dark = S.theme === 'dark' || (S.theme === 'auto' && darkQuery.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  $('theme').textContent = tr(S.theme === 'dark' ? 'themeDark' : S.theme === 'light' ? 'themeLight' : 'themeAuto');
  el.set({ theme: dark ? 'dark' : 'light' });
}

function savePrefs() {
  if (storage) writePrefs(storage, { lang: S.lang, theme: S.theme, notation: S.notation });
}

/** Shows the message `key` (with `vars`) in the notice bar; it is written again when the language changes. */
let messageTimer = 0;
/** Messages that go away by themselves (the others stay until dismissed: they say something is wrong). */
const PASSING = new Set(['offline', 'importedRed', 'importedBlack', 'drawAccepted', 'drawDeclined']);

function showMessage(key, vars = {}) {
  clearTimeout(messageTimer);
  if (PASSING.has(key)) messageTimer = setTimeout(() => { if (S.message?.key === key) hideMessage(); }, 6000);
  S.message = { key, vars };
  $('message-text').textContent = tr(key, vars);
  $('message').hidden = false;
  $('message').dataset.key = key;
}

function hideMessage() {
  S.message = null;
  $('message').hidden = true;
}

function fatal(text) {
  $('fatal').textContent = text;
  $('fatal').hidden = false;
  $('status').textContent = '';
  document.querySelector('.layout').hidden = true; // nothing there would work
  document.body.dataset.ready = 'error';
}

/** At most `max` characters of `text` (a record's text can be a megabyte long). */
function clip(text, max = SHOW_MAX) {
  return text.length > max ? text.slice(0, max) + tr('truncated', { n: text.length - max }) : text;
}

// --- the clock --------------------------------------------------------------------------------------------

function clockOf(control) {
  return typeof control === 'string' ? control : { firstMs: control.firstMs };
}

/** The Clock after the recorded plies (a new Clock from the control, each ply's time pressed in turn). */
function rebuildClock() {
  S.clock?.free();
  S.clock = null;
  if (!S.clockControl) return;
  const first = S.game.initialFen().split(/\s+/)[1] === 'b' ? 'black' : 'red';
  S.clock = new Clock(clockOf(S.clockControl), first);
  for (const ms of S.thinkMs) if (S.clock.press(ms)) break;
}

function elapsed() {
  return Math.max(0, Math.round(S.baseMs + performance.now() - S.turnStart));
}

function restartTurnClock() {
  S.baseMs = 0;
  S.turnStart = performance.now();
}

function formatMs(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Ends the game if the side to move's flag fell; returns whether it did. */
function checkFlag() {
  if (!S.clock || S.game.outcome()) return false;
  const flag = S.clock.check(elapsed());
  if (!flag) return false;
  S.clock.flagFell(elapsed());
  cancelSearch();
  S.game.timeForfeit(flag.color);
  S.thinkMs.length = S.game.history().length;
  save();
  render();
  return true;
}

function tick() {
  if (!S.game) return;
  checkFlag();
  renderClocks();
}

function renderClocks() {
  const over = Boolean(S.game.outcome());
  for (const [id, color] of [['player-top', topColor()], ['player-bottom', bottomColor()]]) {
    const box = $(id);
    const clockEl = box.querySelector('.player-clock');
    box.classList.toggle('to-move', !over && S.game.turn() === color);
    if (!S.clock) {
      clockEl.textContent = '';
      continue;
    }
    let ms = S.clock.remaining(color);
    if (!over && !S.clock.flag() && S.clock.turn() === color) ms -= elapsed();
    const togo = S.clock.movesToGo(color);
    clockEl.textContent = formatMs(ms) + (togo !== null ? ` · ${tr('movesToGo', { n: togo })}` : '');
    clockEl.classList.toggle('low', ms < 30000);
  }
}

function topColor() {
  return el.board?.config.orientation === 'black' ? 'red' : 'black';
}
function bottomColor() {
  return topColor() === 'red' ? 'black' : 'red';
}

// --- saving -----------------------------------------------------------------------------------------------

function stateToSave() {
  return {
    game: gameToData(S.game, S.headers),
    human: S.human,
    level: S.level,
    practice: S.practice,
    redo: S.redo,
    seed: S.seed,
    clock: S.clockControl ? { control: S.clockControl, thinkMs: [...S.thinkMs], currentMs: S.game.outcome() ? 0 : elapsed() } : null,
  };
}

/** Writes the whole state as one value. On a full quota the game goes on in memory, with a message. */
function save() {
  if (!storage) {
    if (S.saveProblem !== 'unavailable') showMessage('storageUnavailable');
    S.saveProblem = 'unavailable';
    return;
  }
  const r = writeSave(storage, stateToSave());
  if (r.ok) {
    if (S.saveProblem) hideMessage();
    S.saveProblem = null;
  } else if (S.saveProblem !== r.reason) {
    S.saveProblem = r.reason;
    showMessage(r.reason === 'quota' ? 'storageFull' : 'storageUnavailable');
  }
}

function restore() {
  if (!storage) return false;
  const r = readSave(storage);
  if (r.corrupt) {
    showMessage('storageCorrupt', { problem: r.problem });
    return false;
  }
  if (!r.state) return false;
  const st = r.state;
  let game;
  try {
    game = gameFromData(Game, st.game);
    if (st.clock) new Clock(clockOf(st.clock.control)).free();
  } catch (e) {
    const problem = e?.code ?? String(e?.message ?? e);
    setAside(storage, storage.getItem(SAVE_KEY), problem);
    showMessage('storageRestoreFailed', { problem });
    return false;
  }
  S.game?.free();
  S.game = game;
  S.human = st.human;
  S.level = levelById(st.level).id;
  S.practice = st.practice;
  S.redo = st.practice ? [] : st.redo;
  S.headers = st.game.headers;
  S.seed = Number.isInteger(st.seed) ? st.seed : 1;
  S.clockControl = st.clock?.control ?? null;
  S.thinkMs = st.clock ? st.clock.thinkMs.slice(0, game.history().length) : [];
  while (S.clockControl && S.thinkMs.length < game.history().length) S.thinkMs.push(0);
  rebuildClock();
  S.turnStart = performance.now();
  S.baseMs = st.clock?.currentMs ?? 0;
  S.overShownFor = game.outcome() ? game.history().length : null; // do not pop the panel up again on reload
  return true;
}

// --- the board --------------------------------------------------------------------------------------------

function humanToMove() {
  return !S.game.outcome() && S.game.turn() === S.human && S.review === null && S.busy !== 'move';
}

/** The moves the human may play now (the touch-move subset in practice mode). */
function humanMoves() {
  const legal = S.game.legalMoves();
  return S.practice ? allowedMoves(S.touch, legal) : { moves: legal, rule: null, foul: false };
}

function fenAt(ply) {
  const g = new Game(S.game.initialFen(), S.game.options());
  try {
    const moves = S.game.history();
    for (let i = 0; i < ply; i++) g.play(moves[i]);
    return { fen: g.fen(), check: g.isCheck(), lastMove: ply > 0 ? moves[ply - 1] : null };
  } finally {
    g.free();
  }
}

function renderBoard() {
  if (S.review !== null) {
    const at = fenAt(S.review);
    el.set({ fen: at.fen, check: at.check, lastMove: at.lastMove, movable: 'none', dests: new Map(), shapes: [] });
    return;
  }
  const g = S.game;
  const mine = humanToMove();
  const hintShapes = S.hint && S.hint.ply === g.history().length && S.hint.move
    ? [{ from: S.hint.move.slice(0, 2), to: S.hint.move.slice(2, 4), brush: 'blue' }] : [];
  el.set({
    fen: g.fen(),
    check: g.isCheck(),
    lastMove: g.history().at(-1) ?? null,
    movable: mine ? S.human : 'none',
    dests: mine ? destsOf(humanMoves().moves) : new Map(),
    shapes: hintShapes,
  });
}

// --- rendering the panel ----------------------------------------------------------------------------------

function playerName(color) {
  // A record's players (`White` is Red in a WinBoard record).
  const header = color === 'red' ? S.headers.Red || S.headers.White : S.headers.Black;
  if (header) return header;
  return color === S.human ? tr('you') : tr('computer', { level: levelById(S.level).name[S.lang] });
}

function render() {
  renderBoard();
  renderStatus();
  renderControls();
  renderMoves();
  renderRecord();
  renderPlayers();
  renderClocks();
  maybeShowGameOver();
}

function renderPlayers() {
  for (const [id, color] of [['player-top', topColor()], ['player-bottom', bottomColor()]]) {
    const box = $(id);
    box.dataset.color = color;
    const name = box.querySelector('.player-name');
    name.textContent = `${tr(color)} · ${clip(playerName(color), 80)}`;
    name.dir = 'auto';
  }
}

function resultLine(o) {
  if (o.winner === null) return tr('drawResult');
  const base = tr(o.winner === 'red' ? 'redWins' : 'blackWins');
  return `${base} — ${tr(o.winner === S.human ? 'youWin' : 'youLose')}`;
}

function renderStatus() {
  const g = S.game;
  const o = g.outcome();
  const rules = tr(g.options().rules === 'cxa' ? 'rulesCxa' : 'rulesAxf');
  let text;
  if (o) {
    text = S.lang === 'zh' ? `${tr('gameOver')}：${resultLine(o)}。${o.explanationZh}`
      : `${tr('gameOver')}: ${resultLine(o)}. ${o.explanation}`;
  } else if (S.busy === 'move') {
    text = tr('thinking');
  } else if (S.busy === 'draw') {
    text = tr('drawThinking');
  } else {
    text = tr(g.turn() === 'red' ? 'redToMove' : 'blackToMove');
    if (g.turn() === S.human) text += ` — ${tr('yourMove')}`;
    if (g.isCheck()) text += ` — ${tr('check')}`;
  }
  text += ` · ${rules}${S.practice ? ` · ${tr('practiceOn')}` : ''}`;
  $('status').textContent = text;
  $('status').classList.toggle('thinking', S.busy === 'move');
}

function humanMovesPlayed() {
  const n = S.game.history().length;
  const first = S.game.initialFen().split(/\s+/)[1] === 'b' ? 'black' : 'red';
  // plies 0, 2, 4, ... are the first mover's
  return first === S.human ? Math.ceil(n / 2) : Math.floor(n / 2);
}

function renderControls() {
  const o = S.game.outcome();
  const live = S.review === null;
  const idle = S.busy === null || S.busy === 'hint';
  $('undo').disabled = S.practice || !live || (humanMovesPlayed() === 0 && !o);
  $('redo').disabled = S.practice || !live || S.redo.length === 0 || Boolean(o) || !idle;
  $('hint').disabled = S.practice || !live || !humanToMove() || S.busy !== null;
  $('draw').disabled = !live || Boolean(o) || S.busy !== null || S.game.drawOffer() !== null;
  $('resign').disabled = Boolean(o);
  const hb = $('hint-box');
  const showHint = S.hint && S.hint.ply === S.game.history().length && live;
  hb.hidden = !(showHint || S.busy === 'hint');
  if (S.busy === 'hint') $('hint-text').textContent = tr('hintThinking');
  else if (showHint) $('hint-text').textContent = hintText(S.hint);
}

function moveTexts() {
  return S.game.history({ notation: S.notation });
}

function renderMoves() {
  const list = $('move-list');
  const texts = moveTexts();
  const firstBlack = S.game.initialFen().split(/\s+/)[1] === 'b';
  const fullmove0 = Number(S.game.initialFen().split(/\s+/)[5]) || 1;
  const commented = new Set(S.game.getComments().filter((c) => c.comment).map((c) => c.ply));
  const current = S.review ?? texts.length;
  const items = [];
  const offset = firstBlack ? 1 : 0;
  for (let row = 0; row * 2 < texts.length + offset; row++) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'move-no';
    num.textContent = `${fullmove0 + row}.`;
    li.append(num);
    for (let side = 0; side < 2; side++) {
      const i = row * 2 + side - offset; // index into texts
      if (i < 0) {
        const gap = document.createElement('span');
        gap.className = 'move-gap';
        gap.textContent = '…';
        li.append(gap);
        continue;
      }
      if (i >= texts.length) break;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.dataset.ply = String(i + 1);
      b.textContent = texts[i];
      const mover = (i % 2 === 0) === !firstBlack ? 'red' : 'black';
      b.setAttribute('aria-label', tr('moveLabel', { n: fullmove0 + row, side: tr(mover), move: texts[i] }));
      if (commented.has(i + 1)) b.classList.add('commented');
      if (i + 1 === current) {
        b.setAttribute('aria-current', 'step');
      }
      li.append(b);
    }
    items.push(li);
  }
  if (items.length === 0) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = tr('noMoves');
    items.push(li);
  }
  // Re-rendering replaces the buttons: keep the keyboard focus in the list, on the move shown.
  const hadFocus = list.contains(document.activeElement);
  list.replaceChildren(...items);
  if (hadFocus) (list.querySelector('[aria-current]') ?? list.querySelector('button'))?.focus({ preventScroll: true });
  // Keep the current move in view by scrolling the list only (scrollIntoView would scroll the page on a phone).
  const cur = list.querySelector('[aria-current]');
  if (cur) {
    const l = list.getBoundingClientRect();
    const c = cur.getBoundingClientRect();
    if (c.bottom > l.bottom) list.scrollTop += c.bottom - l.bottom;
    else if (c.top < l.top) list.scrollTop -= l.top - c.top;
  }
  const bar = $('review-bar');
  bar.hidden = S.review === null;
  if (S.review !== null) {
    $('review-text').textContent = S.review === 0 ? tr('reviewStart') : tr('reviewing', { n: S.review });
    $('review-prev').disabled = S.review === 0;
    $('review-next').disabled = S.review >= texts.length;
  }
}

function renderRecord() {
  const ply = S.review ?? S.game.history().length;
  const comment = S.game.getComment(ply);
  $('comment-box').hidden = !comment;
  $('comment-text').textContent = comment ? clip(comment) : '';
  const entries = Object.entries(S.headers).filter(([k, v]) => !HIDDEN_HEADERS.has(k) && v !== '');
  $('record-box').hidden = entries.length === 0;
  const dl = $('record-headers');
  const nodes = [];
  for (const [k, v] of entries.slice(0, 40)) {
    const dt = document.createElement('dt');
    dt.textContent = clip(k, 60);
    dt.dir = 'auto';
    const dd = document.createElement('dd');
    dd.textContent = clip(v, 500);
    dd.dir = 'auto';
    nodes.push(dt, dd);
  }
  dl.replaceChildren(...nodes);
}

function maybeShowGameOver() {
  const o = S.game.outcome();
  if (!o) {
    S.overShownFor = null;
    if ($('over-dialog').open) $('over-dialog').close();
    return;
  }
  const key = `${S.game.history().length}:${o.reason}`;
  if (S.overShownFor === key || S.overShownFor === S.game.history().length) return;
  S.overShownFor = key;
  $('over-result').textContent = resultLine(o);
  $('over-text').textContent = S.lang === 'zh' ? o.explanationZh : o.explanation;
  closeDialogs();
  if (!$('over-dialog').open) $('over-dialog').showModal();
}

function closeDialogs() {
  for (const d of document.querySelectorAll('dialog[open]')) d.close();
}

// --- the hint ---------------------------------------------------------------------------------------------

function scoreText(score) {
  if ('mate' in score) return score.mate > 0 ? tr('mateIn', { n: score.mate }) : tr('matedIn', { n: -score.mate });
  return (score.cp > 0 ? '+' : '') + (score.cp / 100).toFixed(2);
}

/** The principal variation written in the chosen notation, each move read in its own position. */
function pvText(pv) {
  const g = S.game.clone();
  const out = [];
  try {
    for (const m of pv.slice(0, 8)) {
      const info = g.play(m);
      out.push(S.notation === 'iccs' ? info.iccs : S.notation === 'wxf' ? info.wxf : info.chinese);
    }
  } catch {
    // a PV move the game refuses (the search saw a repetition differently): stop there
  } finally {
    g.free();
  }
  return out.join(' ');
}

function hintText(h) {
  return `${pvText(h.pv.length ? h.pv : [h.move])} ${tr('hintScore', { score: scoreText(h.score) })}`;
}

async function showHint() {
  if (!humanToMove() || S.busy) return;
  const token = ++S.token;
  const ply = S.game.history().length;
  S.busy = 'hint';
  render();
  try {
    const r = await engine.search({ game: S.game, limits: HINT_LIMITS });
    if (token !== S.token) return;
    S.hint = { ply, move: r.move, pv: r.pv, score: r.score };
  } catch (e) {
    if (token === S.token) showMessage('error', { message: e.message });
  } finally {
    if (token === S.token) {
      S.busy = null;
      render();
    }
  }
}

// --- moves ------------------------------------------------------------------------------------------------

function cancelSearch() {
  if (S.busy) {
    S.token++;
    engine.stop();
    S.busy = null;
  }
  delete document.body.dataset.thinking;
}

/** Plays `move` for the side to move, with its clock time; returns false if a fallen flag ended the game. */
function playTimed(move) {
  if (checkFlag()) return false;
  const ms = elapsed();
  S.game.play(move);
  if (S.clockControl) {
    S.thinkMs.push(ms);
    S.clock?.press(ms);
  }
  restartTurnClock();
  S.touch = emptyTouch();
  hideTouchNote();
  S.hint = null;
  return true;
}

async function onUserMove(move) {
  if (!humanToMove() || !humanMoves().moves.includes(move)) {
    renderBoard(); // not the human's move to make: put the board back
    return;
  }
  if (!S.practice) {
    const warning = S.game.repetitionWarning(move);
    if (warning && warning.winner !== null && warning.winner !== S.human) { // a loss, not a draw
      const choice = await askRepetition(warning);
      if (choice !== 'play' || !humanToMove() || !S.game.isLegal(move)) {
        renderBoard();
        return;
      }
    }
  }
  cancelSearch();
  S.redo = [];
  if (playTimed(move)) afterMove();
}

function askRepetition(warning) {
  const d = $('repetition-dialog');
  $('repetition-text').textContent = S.lang === 'zh' ? warning.explanationZh : warning.explanation;
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => d.addEventListener('close', () => resolve(d.returnValue), { once: true }));
}

function afterMove() {
  save();
  render();
  if (!S.game.outcome() && S.game.turn() !== S.human) computerMove();
}

async function computerMove() {
  if (S.busy) cancelSearch();
  const token = ++S.token;
  S.busy = 'move';
  document.body.dataset.thinking = 'true';
  render();
  const level = levelById(S.level);
  try {
    const r = await engine.search({ game: S.game, limits: { ...level.limits, seed: S.seed + S.game.history().length } });
    if (token !== S.token) return;
    S.busy = null;
    delete document.body.dataset.thinking;
    if (!r.move || S.game.outcome()) {
      render();
      return;
    }
    if (playTimed(r.move)) save();
    render();
  } catch (e) {
    if (token !== S.token) return;
    S.busy = null;
    delete document.body.dataset.thinking;
    showMessage('engineError', { message: e.message });
    render();
  }
}

function undo() {
  if (S.practice || S.review !== null) return;
  cancelSearch();
  const g = S.game;
  const group = [];
  const o = g.outcome();
  if (o && ['resignation', 'agreement', 'timeForfeit'].includes(o.reason)) {
    g.undo(); // the ending first; the moves stay
  } else {
    while (g.history().length > 0) {
      const m = g.undo();
      if (!m || !m.iccs) break;
      group.unshift(m.iccs);
      if (g.turn() === S.human) break;
    }
    if (group.length) S.redo.push(group);
  }
  S.thinkMs.length = Math.min(S.thinkMs.length, g.history().length);
  while (S.clockControl && S.thinkMs.length < g.history().length) S.thinkMs.push(0);
  rebuildClock();
  restartTurnClock();
  S.hint = null;
  S.touch = emptyTouch();
  save();
  render();
  if (!g.outcome() && g.turn() !== S.human) computerMove();
}

function redo() {
  if (S.practice || S.review !== null || !S.redo.length || S.game.outcome()) return;
  cancelSearch();
  const group = S.redo.pop();
  for (const m of group) {
    if (!S.game.isLegal(m)) break;
    if (!playTimed(m)) break;
  }
  afterMove();
}

// --- game commands ----------------------------------------------------------------------------------------

function newGame({ human, level, rules, clock, practice }) {
  cancelSearch();
  closeDialogs();
  S.game?.free();
  S.game = new Game(null, { rules });
  S.human = human;
  S.level = levelById(level).id;
  S.practice = practice;
  S.clockControl = practice && !clock ? PRACTICE_CLOCK : clock;
  S.thinkMs = [];
  S.redo = [];
  S.headers = {};
  S.review = null;
  S.hint = null;
  S.touch = emptyTouch();
  S.seed = Math.floor(Math.random() * 1e6);
  S.overShownFor = null;
  engine.newGame();
  rebuildClock();
  restartTurnClock();
  el.board.set({ orientation: human });
  hideTouchNote();
  afterMove();
}

function resign() {
  if (S.game.outcome()) return;
  cancelSearch();
  S.game.resign(S.human);
  save();
  render();
}

/**
 * The human offers a draw. The computer runs a short full-strength search of the current position and accepts
 * when its own score is not better than level: score ≤ 0 from its side (docs/app.md, "Draw offers").
 */
async function offerDraw() {
  if (S.game.outcome() || S.busy || S.review !== null) return;
  const computer = S.human === 'red' ? 'black' : 'red';
  const token = ++S.token;
  S.busy = 'draw';
  render();
  try {
    const r = await engine.search({ game: S.game, limits: DRAW_LIMITS });
    if (token !== S.token) return;
    const fromMover = 'mate' in r.score ? Math.sign(r.score.mate) * 1e6 : r.score.cp;
    const forComputer = S.game.turn() === computer ? fromMover : -fromMover;
    S.busy = null;
    S.game.offerDraw(S.human);
    if (forComputer <= 0) {
      S.game.acceptDraw(computer);
      showMessage('drawAccepted');
    } else {
      S.game.declineDraw(computer);
      showMessage('drawDeclined');
    }
    save();
    render();
    if (!S.game.outcome() && S.game.turn() !== S.human) computerMove();
  } catch (e) {
    if (token === S.token) {
      S.busy = null;
      showMessage('error', { message: e.message });
      render();
    }
  }
}

function review(ply) {
  const n = S.game.history().length;
  S.review = ply === null || ply >= n ? null : Math.max(0, ply);
  render();
}

// --- touch-move -------------------------------------------------------------------------------------------

function hideTouchNote() {
  $('touch-note').hidden = true;
}

function touched(square, owner) {
  const next = touchPiece(S.touch, square, owner);
  if (next === S.touch) return;
  S.touch = next;
  const r = humanMoves();
  // Only the destinations change: the board keeps its selection (and a pointer-down still in progress).
  el.set({ dests: destsOf(r.moves) });
  const note = $('touch-note');
  note.textContent = r.foul ? tr('touchFoul') : tr(`touch${r.rule}`, { own: S.touch.own, opponent: S.touch.opponent });
  note.hidden = false;
  note.dataset.rule = r.rule ?? '';
  note.dataset.foul = String(r.foul);
}

function bindTouchMove() {
  // Capture phase on the element: runs before the board's own pointer handling inside its shadow root, so the
  // board already sees the narrowed destinations when it picks the piece up.
  el.addEventListener('pointerdown', (e) => {
    if (!S.practice || !humanToMove() || e.button !== 0) return;
    const sq = el.board?.squareAt(e.clientX, e.clientY);
    const piece = sq ? S.game.get(sq) : null;
    if (piece) touched(sq, piece.color === S.human ? 'own' : 'opponent');
  }, { capture: true });
  // Keyboard: Enter or Space picks a piece up; the board has selected it by the time the event bubbles here.
  el.addEventListener('keydown', (e) => {
    if (!S.practice || !humanToMove() || (e.key !== 'Enter' && e.key !== ' ')) return;
    const sq = el.board?.selected;
    if (sq && S.game.get(sq)?.color === S.human) touched(sq, 'own');
  });
}

// --- import and export ------------------------------------------------------------------------------------

let recordRpc = null;
/** The `open` call reading a file, while it runs (closing the dialog cancels it). */
let importing = null;

/** The record worker, over the package's worker RPC (started on the first import, restarted after a failure). */
function recordWorker() {
  recordRpc ??= new RpcClient(new Worker(new URL('./record-worker.js', import.meta.url), { type: 'module' }));
  return recordRpc;
}

/** Calls the record worker; a worker that failed is started again for the next call. */
async function callRecordWorker(method, params, options) {
  const rpc = recordWorker();
  try {
    return await rpc.call(method, params, options);
  } catch (e) {
    if (e?.code === 'ERR_WORKER' && recordRpc === rpc) {
      rpc.terminate();
      recordRpc = null;
    }
    throw e;
  }
}

function importError(text) {
  $('import-error').textContent = text;
}

/**
 * Reads a file or pasted text (at most RECORD_CAP) in the record worker: a record of one game is loaded; for a file
 * of several (a database) the games are listed, with progress, to choose one.
 */
async function importRecord(source) {
  importError('');
  showGameList(null);
  const size = source instanceof Blob ? source.size : new Blob([source]).size;
  if (size === 0 || (typeof source === 'string' && !source.trim())) {
    importError(tr('importEmpty'));
    return false;
  }
  if (size > RECORD_CAP) {
    importError(tr('importTooLarge', { size: formatSize(size), cap: formatSize(RECORD_CAP) }));
    return false;
  }
  $('import-go').disabled = true;
  $('import-error').textContent = tr('importReading');
  try {
    const input = source instanceof Blob ? await source.arrayBuffer() : source;
    // The games arrive in batches with the progress: no single message holds them all.
    const games = [];
    importing = callRecordWorker('open', { input }, {
      transfer: input instanceof ArrayBuffer ? [input] : [],
      onProgress: (p) => {
        for (const g of p.games) games.push(g);
        $('import-error').textContent = tr('importListing', { n: p.listed });
      },
    });
    const file = await importing;
    if (file.count === 1) return await openGame(0);
    if (!file.count) {
      importError(tr('importEmpty'));
      return false;
    }
    importError('');
    showGameList(games);
    return true;
  } catch (e) {
    if (e?.code === 'ERR_CANCELLED') return false;
    showImportError(e);
    return false;
  } finally {
    importing = null;
    $('import-go').disabled = false;
  }
}

/** Loads game `index` of the file the record worker read last. */
async function openGame(index) {
  try {
    const data = await callRecordWorker('game', { index });
    loadGame(data);
    $('import-dialog').close();
    showMessage(S.human === 'red' ? 'importedRed' : 'importedBlack');
    return true;
  } catch (e) {
    showImportError(e);
    return false;
  }
}

function showImportError(e) {
  const at = e.line ? tr('importAt', { line: e.line, column: e.column ?? 1 }) : '';
  importError(tr('importFailed', { message: recordErrorText(e) }) + at);
}

/** The most games the list shows at once (a long `<select>` costs the page seconds to lay out). */
const LIST_MAX = 500;
/** The games of the file read last, as listed by the record worker. */
let listed = [];

/** The games of a file to choose from (`null` hides the list). Record text is set as text only. */
function showGameList(games) {
  $('import-list').hidden = !games;
  $('import-open').hidden = !games;
  listed = games ?? [];
  $('import-find').value = '';
  renderGameList();
}

/** A game of the list as one line: number, players, event, date, result or why it cannot be read, moves. */
function gameLine(g) {
  const h = g.headers;
  const players = [h.Red || h.White, h.Black].filter(Boolean).join(' – ');
  const parts = [players, h.Event || h.Title, h.Date, g.error ? tr('importUnreadable') : g.result,
    g.error ? '' : tr('importPlies', { n: g.plies })].filter((x) => x && x !== '*' && x !== '?');
  return clip(`${g.index + 1}. ${parts.join(' · ')}`, 200);
}

/** The list's options: the games whose line holds the text of the find field, at most LIST_MAX of them. */
function renderGameList() {
  const select = $('import-games');
  const find = $('import-find').value.trim().toLowerCase();
  const matches = [];
  for (const g of listed) {
    const line = gameLine(g);
    if (!find || line.toLowerCase().includes(find)) matches.push([g, line]);
    if (matches.length > LIST_MAX) break;
  }
  const options = matches.slice(0, LIST_MAX).map(([g, line]) => {
    const o = document.createElement('option');
    o.value = String(g.index);
    o.textContent = line;
    o.disabled = Boolean(g.error);
    return o;
  });
  select.replaceChildren(...options);
  const first = options.find((o) => !o.disabled);
  if (first) first.selected = true;
  $('import-open').disabled = !first;
  $('import-count').textContent = matches.length > LIST_MAX
    ? tr('importGamesSome', { n: listed.length, shown: LIST_MAX }) : tr('importGames', { n: listed.length });
}

/**
 * Why a record could not be read, in the interface language: Chinese text for the package's error codes (its
 * messages are English), the package's own message in English.
 */
function recordErrorText(e) {
  if (S.lang === 'zh') {
    const code = /^ERR_FEN_/.test(e.code ?? '') ? 'ERR_FEN' : e.code;
    const key = `err_${code}`;
    if (t('zh', key) !== key) return tr(key, { ply: e.ply ?? '?', move: clip(String(e.moveText ?? ''), 40) });
  }
  return clip(String(e.message), 300);
}

/** Makes `data` (record.js) the live game; the human takes the side to move. */
function loadGame(data) {
  const game = gameFromData(Game, data);
  cancelSearch();
  S.game?.free();
  S.game = game;
  S.headers = data.headers ?? {};
  S.human = game.outcome() ? S.human : game.turn();
  S.practice = false;
  S.redo = [];
  S.thinkMs = S.clockControl ? game.history().map(() => 0) : [];
  S.review = null;
  S.hint = null;
  S.touch = emptyTouch();
  S.overShownFor = game.outcome() ? `${game.history().length}:${game.outcome().reason}` : null;
  hideTouchNote();
  rebuildClock();
  restartTurnClock();
  el.board.set({ orientation: S.human });
  save();
  render();
}

function exportHeaders() {
  const h = writableHeaders(S.headers, EXPORT_SKIP);
  const names = writableHeaders({ Red: playerName('red'), Black: playerName('black') });
  h.Red ??= names.Red;
  h.Black ??= names.Black;
  h.Event ??= 'Xiangqi app game';
  h.Date ??= new Date().toISOString().slice(0, 10).replaceAll('-', '.');
  return h;
}

function exportPgn() {
  try {
    return S.game.pgn({ notation: S.notation, headers: exportHeaders() });
  } catch {
    return S.game.pgn({ notation: S.notation }); // headers the writer refuses: the moves still go out
  }
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    $('export-note').textContent = tr('copied');
  } catch {
    $('export-note').textContent = tr('copyFailed');
  }
}

function downloadPgn() {
  const blob = new Blob([exportPgn()], { type: 'application/x-chess-pgn;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `xiangqi-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pgn`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// --- the new-game dialog ----------------------------------------------------------------------------------

function fillNewDialog() {
  const level = $('new-level');
  const keep = level.value || S.level;
  level.replaceChildren(...LEVELS.map((l) => {
    const o = document.createElement('option');
    o.value = l.id;
    o.textContent = l.name[S.lang];
    return o;
  }));
  level.value = keep;
  $('new-level-about').textContent = levelById(level.value).about[S.lang];
  const clock = $('new-clock');
  const keepClock = clock.value || 'off';
  clock.replaceChildren(...['off', ...CLOCK_PRESETS, 'custom'].map((id) => {
    const o = document.createElement('option');
    o.value = id;
    o.textContent = id === 'off' ? tr('clockOff') : id === 'custom' ? tr('clockCustom').replace(/[:：]\s*$/, '') : tr(id);
    return o;
  }));
  clock.value = keepClock;
}

function openNewDialog() {
  const d = $('new-dialog');
  const f = $('new-form');
  f.elements.side.value = S.human;
  $('new-level').value = S.level;
  $('new-rules').value = S.game.options().rules;
  $('new-practice').checked = S.practice;
  const c = S.clockControl;
  $('new-clock').value = c === null ? 'off' : typeof c === 'string' ? c : 'custom';
  if (c && typeof c === 'object') $('new-custom').value = String(Math.max(1, Math.round(c.firstMs / 60000)));
  syncNewDialog();
  d.returnValue = '';
  d.showModal();
}

function syncNewDialog() {
  $('new-level-about').textContent = levelById($('new-level').value).about[S.lang];
  if ($('new-practice').checked && $('new-clock').value === 'off') $('new-clock').value = PRACTICE_CLOCK;
  $('new-custom-field').hidden = $('new-clock').value !== 'custom';
}

function newDialogChoice() {
  const f = $('new-form');
  const clockId = $('new-clock').value;
  let clock = null;
  if (clockId === 'custom') {
    const minutes = Number($('new-custom').value);
    const firstMs = Math.round((Number.isFinite(minutes) && minutes > 0 ? Math.min(minutes, 600) : 10) * 60000);
    clock = { firstMs };
  } else if (clockId !== 'off') {
    clock = clockId;
  }
  return { human: f.elements.side.value === 'black' ? 'black' : 'red', level: $('new-level').value,
    rules: $('new-rules').value === 'cxa' ? 'cxa' : 'axf', clock, practice: $('new-practice').checked };
}

// --- wiring -----------------------------------------------------------------------------------------------

function bind() {
  el.addEventListener('move', (e) => onUserMove(e.detail.move));
  bindTouchMove();
  $('new').addEventListener('click', openNewDialog);
  $('new-level').addEventListener('change', syncNewDialog);
  $('new-clock').addEventListener('change', syncNewDialog);
  $('new-practice').addEventListener('change', syncNewDialog);
  $('new-dialog').addEventListener('close', () => {
    if ($('new-dialog').returnValue === 'start') newGame(newDialogChoice());
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', showHint);
  $('flip').addEventListener('click', () => {
    el.board.flip();
    renderPlayers();
    renderClocks();
  });
  $('resign').addEventListener('click', resign);
  $('draw').addEventListener('click', offerDraw);
  $('notation').addEventListener('change', () => {
    S.notation = $('notation').value;
    savePrefs();
    render();
  });
  // The keyboard in the move list: Left / Right step through the game, Home / End go to the start / the live move.
  $('move-list').addEventListener('keydown', (e) => {
    const n = S.game.history().length;
    const at = S.review ?? n;
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    review(Math.max(0, Math.min(n, to)));
  });
  $('move-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) review(Number(b.dataset.ply));
  });
  $('review-prev').addEventListener('click', () => review((S.review ?? S.game.history().length) - 1));
  $('review-next').addEventListener('click', () => review((S.review ?? 0) + 1));
  $('review-live').addEventListener('click', () => review(null));
  $('over-dialog').addEventListener('close', () => {
    if ($('over-dialog').returnValue === 'new') openNewDialog();
  });
  $('lang').addEventListener('click', () => {
    S.lang = S.lang === 'zh' ? 'en' : 'zh';
    savePrefs();
    applyLanguage();
    render();
  });
  $('theme').addEventListener('click', () => {
    S.theme = { auto: 'light', light: 'dark', dark: 'auto' }[S.theme];
    savePrefs();
    applyTheme();
  });
  darkQuery.addEventListener('change', applyTheme);
  $('message-close').addEventListener('click', hideMessage);

  // import
  $('import').addEventListener('click', () => {
    importError('');
    showGameList(null);
    $('import-dialog').showModal();
  });
  // Closing the dialog while a file is being read stops the reading.
  $('import-dialog').addEventListener('close', () => {
    if (importing) recordRpc?.cancel(importing.id);
  });
  $('import-open').addEventListener('click', () => {
    const index = Number($('import-games').value);
    if (Number.isInteger(index)) openGame(index);
  });
  $('import-games').addEventListener('dblclick', () => $('import-open').click());
  $('import-find').addEventListener('input', renderGameList);
  $('import-go').addEventListener('click', () => {
    const file = $('import-file').files?.[0];
    importRecord(file ?? $('import-text').value);
  });
  $('import-file').addEventListener('change', () => {
    const file = $('import-file').files?.[0];
    if (file) importRecord(file);
  });
  const dropTargets = [document.documentElement];
  for (const target of dropTargets) {
    target.addEventListener('dragover', (e) => {
      if ([...(e.dataTransfer?.types ?? [])].includes('Files')) {
        e.preventDefault();
        $('import-drop').classList.add('over');
      }
    });
    target.addEventListener('dragleave', () => $('import-drop').classList.remove('over'));
    target.addEventListener('drop', (e) => {
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      $('import-drop').classList.remove('over');
      if (!$('import-dialog').open) {
        closeDialogs();
        $('import-dialog').showModal();
      }
      importRecord(file);
    });
  }

  // export
  $('export').addEventListener('click', () => {
    $('export-fen').value = S.review === null ? S.game.fen() : fenAt(S.review).fen;
    $('export-pgn').value = exportPgn();
    $('export-note').textContent = '';
    $('export-dialog').showModal();
  });
  $('copy-fen').addEventListener('click', () => copyText($('export-fen').value));
  $('copy-pgn').addEventListener('click', () => copyText($('export-pgn').value));
  $('download-pgn').addEventListener('click', downloadPgn);

  // Keep the clock's state fresh in storage while it runs, so a reload loses at most a few seconds of it.
  setInterval(tick, 250);
  setInterval(() => {
    if (S.clock && !S.game.outcome()) save();
  }, 5000);
  window.addEventListener('pagehide', () => save());
}

async function start() {
  const prefs = storage ? readPrefs(storage) : {};
  S.lang = prefs.lang === 'zh' || prefs.lang === 'en' ? prefs.lang : browserLang(navigator.languages ?? [navigator.language]);
  S.theme = ['auto', 'light', 'dark'].includes(prefs.theme) ? prefs.theme : 'auto';
  S.notation = ['chinese', 'wxf', 'iccs'].includes(prefs.notation) ? prefs.notation : S.lang === 'zh' ? 'chinese' : 'wxf';
  $('notation').value = S.notation;
  applyLanguage();
  await init();
  await boardReady();
  await el.ready;
  engine = new EngineClient();
  if (!restore()) {
    S.game = new Game();
    S.seed = Math.floor(Math.random() * 1e6);
    restartTurnClock();
  }
  el.board.set({ orientation: S.human, animation: 150 });
  bind();
  render();
  if (!S.game.outcome() && S.game.turn() !== S.human) computerMove();
  registerPwa({
    onNeedRefresh(update) {
      $('update').hidden = false;
      $('update-reload').onclick = () => update();
    },
    onOfflineReady() {
      if ($('message').hidden) showMessage('offline');
    },
  });
  document.body.dataset.ready = 'true';
}

start().catch((e) => {
  console.error(e);
  // (not the package's isXiangqiError: the wasm may be what failed to load)
  fatal(t(S.lang, 'loadFailed', { error: e?.name === 'XiangqiError' ? `${e.code}: ${e.message}` : String(e?.message ?? e) }));
});

// For the browser tests and the curious: the live state, read-only by convention.
window.xiangqiApp = { get game() { return S.game; }, get state() { return S; } };
