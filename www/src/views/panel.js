// The panel rendered from the state: the status line (whose move, the computer's last reply by name, check, the
// result), the controls (enabled as the state allows; Resign and Offer draw ask for a second tap), the hint box,
// the touch-move note, the players above and below the board, and the record's headers.
import { humanMoves, humanMovesPlayed, humanToMove, computerColor } from '../derive.js';
import { formatDate } from '../i18n.js';
import { clip, explanation, joinSentences, lineText, playerName, plyText, resultLine, scoreText, tr } from '../text.js';

const HIDDEN_HEADERS = new Set(['FEN', 'Format', 'SetUp', 'Result', 'Termination', 'XiangqiRules']);
const $ = (id) => document.getElementById(id);

/** The status line. */
export function statusText(state) {
  const g = state.game;
  const o = g.outcome();
  const rules = tr(state, g.options().rules === 'cxa' ? 'rulesCxa' : 'rulesAxf');
  let text;
  if (o) {
    text = joinSentences(state, [tr(state, 'gameOverLine', { result: resultLine(state, o) }), explanation(state, o)]);
  } else if (state.busy === 'move') {
    text = tr(state, 'thinking');
  } else if (state.busy === 'draw') {
    text = tr(state, 'drawThinking');
  } else {
    const parts = [];
    if (state.reply) parts.push(tr(state, 'computerPlayed', { move: plyText(state, state.reply.ply) }));
    parts.push(tr(state, g.turn() === 'red' ? 'redToMove' : 'blackToMove'));
    if (g.turn() === state.human) parts.push(tr(state, 'yourMove'));
    if (g.isCheck()) parts.push(tr(state, 'check'));
    text = parts.join(tr(state, 'statusSep'));
  }
  return `${text} · ${rules}${state.practice ? ` · ${tr(state, 'practiceOn')}` : ''}`;
}

export function renderPanel(state) {
  const g = state.game;
  const o = g.outcome();
  const playing = state.mode === 'game';
  const status = $('status');
  const text = statusText(state);
  if (status.textContent !== text) status.textContent = text;
  status.classList.toggle('thinking', state.busy === 'move');

  const live = playing && state.shown === null;
  const idle = state.busy === null || state.busy === 'hint';
  $('undo').disabled = state.practice || !live || (humanMovesPlayed(state) === 0 && !o);
  $('redo').disabled = state.practice || !live || state.redo.length === 0 || Boolean(o) || !idle;
  $('hint').disabled = state.practice || !live || !humanToMove(state) || state.busy !== null;
  $('draw').disabled = !live || Boolean(o) || state.busy !== null || g.drawOffer() !== null
    || g.turn() !== state.human;
  $('resign').disabled = !playing || Boolean(o);
  $('review').disabled = g.history().length === 0 || state.busy === 'move' || state.busy === 'draw';
  $('review').setAttribute('aria-pressed', String(state.mode === 'review'));
  $('analyse').setAttribute('aria-pressed', String(state.mode === 'analysis'));
  $('edit').setAttribute('aria-pressed', String(state.mode === 'editor'));
  $('analyse').disabled = state.busy === 'move';
  $('edit').disabled = state.busy === 'move';
  for (const [id, kind, label, again] of [['resign', 'resign', 'resign', 'resignConfirm'], ['draw', 'draw', 'offerDraw', 'drawConfirm']]) {
    const b = $(id);
    const armed = state.confirm === kind;
    b.textContent = tr(state, armed ? again : label);
    b.classList.toggle('confirming', armed);
  }
  $('install').hidden = !state.installable;

  const hb = $('hint-box');
  const showHint = Boolean(state.hint) && live;
  hb.hidden = !(showHint || state.busy === 'hint');
  $('hint-text').textContent = state.busy === 'hint' ? tr(state, 'hintThinking') : showHint ? hintText(state) : '';

  renderTouchNote(state);
  renderPlayers(state);
  renderRecord(state);
}

function hintText(state) {
  const h = state.hint;
  return `${lineText(state, state.game, h.pv.length ? h.pv : [h.move])} ${tr(state, 'hintScore', { score: scoreText(state, h.score) })}`;
}

function renderTouchNote(state) {
  const note = $('touch-note');
  const touched = state.practice && (state.touch.own || state.touch.opponent) && humanToMove(state);
  note.hidden = !touched;
  if (!touched) return;
  const r = humanMoves(state);
  note.textContent = r.foul ? tr(state, 'touchFoul') : tr(state, `touch${r.rule}`, { own: state.touch.own, opponent: state.touch.opponent });
  note.dataset.rule = r.rule ?? '';
  note.dataset.foul = String(r.foul);
}

function renderPlayers(state) {
  const top = state.orientation === 'black' ? 'red' : 'black';
  const over = Boolean(state.game.outcome());
  for (const [id, color] of [['player-top', top], ['player-bottom', top === 'red' ? 'black' : 'red']]) {
    const box = $(id);
    box.dataset.color = color;
    box.classList.toggle('to-move', !over && state.game.turn() === color);
    const name = box.querySelector('.player-name');
    name.textContent = `${tr(state, color)} · ${clip(state, playerName(state, color), 80)}`;
    name.dir = 'auto';
    box.classList.toggle('computer', color === computerColor(state) && !state.headers.Red);
  }
}

/** A record's `Date` tag as the interface language writes a date (2024.03.05 → 5 thg 3, 2024); else as written. */
function dateText(state, v) {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(v.trim());
  if (!m) return clip(state, v, 500);
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getMonth() === Number(m[2]) - 1 ? formatDate(state.lang, date) : clip(state, v, 500);
}

function renderRecord(state) {
  const ply = state.shown ?? state.game.history().length;
  const comment = state.game.getComment(ply);
  $('comment-box').hidden = !comment;
  $('comment-text').textContent = comment ? clip(state, comment) : '';
  const entries = Object.entries(state.headers).filter(([k, v]) => !HIDDEN_HEADERS.has(k) && v !== '');
  $('record-box').hidden = entries.length === 0;
  // The list keeps which headers (the object: a record's are replaced whole, never changed in place) it shows, in
  // which language, and is made again only when either changes.
  const list = $('record-headers');
  const shown = list.shownHeaders;
  if (shown?.headers === state.headers && shown.lang === state.lang) return;
  const nodes = [];
  for (const [k, v] of entries.slice(0, 40)) {
    const dt = document.createElement('dt');
    // A tag the catalogues name is shown by its name in the interface language ("Event" → 赛事); another keeps its own.
    const named = tr(state, `tag_${k}`);
    dt.textContent = named === `tag_${k}` ? clip(state, k, 60) : named;
    dt.dir = 'auto';
    const dd = document.createElement('dd');
    dd.textContent = k === 'Date' ? dateText(state, v) : clip(state, v, 500);
    dd.dir = 'auto';
    nodes.push(dt, dd);
  }
  list.replaceChildren(...nodes);
  list.shownHeaders = { headers: state.headers, lang: state.lang };
}
